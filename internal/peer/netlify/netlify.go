// Package netlify is @netlify/plugin-sitemap as a peer: its inputs in
// netlify.toml's [plugins.inputs] and the variables of the build's
// environment it read, their rows (its folders, its prefix joined to the
// base URL, the URL forms of Netlify's pretty URLs), init's steps to
// switch from it, and the npm integration that replaces it
// (sitemapgen/netlify). It goes with no generator, so it has a folder of
// its own below internal/peer; the registry lists Peer.
package netlify

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Tool is @netlify/plugin-sitemap, by its package's name.
const Tool peer.Tool = "@netlify/plugin-sitemap"

// Peer is @netlify/plugin-sitemap: its inputs in netlify.toml's
// [plugins.inputs] (read by sitemapgen init, or handed over by
// sitemapgen/netlify), and the variables it read from the build's
// environment, each below its input, which sitemapgen/netlify reads from
// the build's environment as the plugin did. Its switch makes the
// [[plugins]] entry sitemapgen/netlify, its inputs kept: baseUrl and dir
// are sitemapgen/netlify's own inputs too.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "exclude", Does: "--exclude, each path or glob from the base folder made one from the publish folder", Map: exclude},
		{Tool: Tool, Name: "prettyURLs", Does: "--clean-urls (index.html listed as its folder either way)", Map: prettyURLs},
		{Tool: Tool, Name: "trailingSlash", Does: "--trailing-slash (folders; pages as Netlify serves them)", Map: trailingSlash},
		{Tool: Tool, Name: "changeFreq", Does: "--changefreq", Map: peer.Changefreq},
		{Tool: Tool, Name: "priority", Does: "--priority", Map: peer.Priority},
		{Tool: Tool, Name: "buildDir", Does: "the site folder (DIR), inside the project", Map: buildDir},
		{Tool: Tool, Name: "urlPrefix", Does: "--base-url: the base URL given (baseUrl, NETLIFY_PLUGIN_SITEMAP_BASEURL) with the prefix, as the plugin resolved each page's path; without one, warned", Map: urlPrefix},
		{Tool: Tool, Name: "filePath", Does: "--filename (the file's name; a folder warned)", Map: peer.Filename},
		{Tool: Tool, Name: "baseUrl", Does: "--base-url (sitemapgen/netlify's own input too)", Map: peer.BaseURL},
		{Tool: Tool, Name: "dir", Does: "the site folder (DIR), as buildDir (sitemapgen/netlify's own input too)", Map: buildDir},
		// Its variables, which sitemapgen/netlify reads from the build's
		// environment as the plugin did: each below its input.
		{Tool: Tool, Name: "NETLIFY_PLUGIN_SITEMAP_BASEURL", Does: "--base-url, below the baseUrl input and above Netlify's URL (read by sitemapgen/netlify)", Map: peer.BaseURL},
		{Tool: Tool, Name: "NETLIFY_PLUGIN_SITEMAP_URL_PREFIX", Does: "as urlPrefix, below it (read by sitemapgen/netlify)", Map: urlPrefix},
	},
	Finish: finish,
	Own:    []string{"baseUrl", "dir"},
	// The plugin took inputs.baseUrl, else NETLIFY_PLUGIN_SITEMAP_BASEURL,
	// else Netlify's URL.
	Env: []peer.EnvOption{
		{Var: "NETLIFY_PLUGIN_SITEMAP_BASEURL", Input: "baseUrl"},
		{Var: "NETLIFY_PLUGIN_SITEMAP_URL_PREFIX", Input: "urlPrefix"},
	},
	RunBy: "netlify",
	Steps: peer.Steps{Via: "sitemapgen/netlify", NPM: true, Integrate: plugin},
	Read:  read,
}

// read: the plugin's [[plugins]] entry of netlify.toml in dir, its
// inputs ([plugins.inputs]) each at its line, which internal/host reads;
// nil, and the problems of netlify.toml, when it names no such plugin.
func read(dir string, lim limits.Limits) ([]peer.Config, []error) {
	in, errs := host.NetlifySitemapPlugin(dir, lim, peer.Names(Tool))
	if in == nil {
		return nil, errs
	}
	c := peer.Config{Tool: Tool, File: "netlify.toml", Line: in.Line}
	for _, x := range in.Inputs {
		c.Options = append(c.Options, peer.Given{Name: x.Name, Value: x.Value, Line: x.Line})
	}
	return []peer.Config{c}, nil
}

// plugin: sitemapgen/netlify in the [[plugins]] entry's place.
func plugin(c peer.Config) string {
	return fmt.Sprintf("in %s, make the [[plugins]] entry's package \"./node_modules/%s\" in place of \"@netlify/plugin-sitemap\", its [plugins.inputs] kept (docs/integrations.md)", diag.Pos{File: diag.Excerpt(c.File), Line: c.Line}.String(), "sitemapgen/netlify")
}

func prettyURLs(m *peer.Mapper, v any) {
	b, ok := m.Bool(v)
	if !ok {
		return
	}
	m.Set("clean_urls", b)
	if !b {
		m.Warn("is false: about.html is listed as /about.html, but a folder's index.html as the folder (/docs/), the URL Netlify serves it at, not /docs/index.html")
	}
}

func trailingSlash(m *peer.Mapper, v any) {
	b, ok := m.Bool(v)
	if !ok {
		return
	}
	m.Set("trailing_slash", b)
	if b {
		m.Warn("is true: folders are listed with their slash (/docs/), but pages (about.html) as Netlify serves them, /about, not /about/")
	}
}

// exclude: a path or a glob from the base folder (the project
// folder), as @netlify/plugin-sitemap globs the files from it; the
// publish folder's prefix taken off, which sitemapgen's globs start
// below.
func exclude(m *peer.Mapper, v any) {
	list, ok := m.Strs(v)
	if !ok {
		return
	}
	// The site folder: buildDir, else the publish folder.
	pub := m.Context().Publish
	if d, ok := m.Other("buildDir").(string); ok {
		pub = peer.CleanRel(d)
	}
	var out []string
	for _, s := range list {
		s = strings.TrimPrefix(strings.TrimPrefix(s, "!"), "./")
		if pub != "" && pub != "." {
			if rest, ok := strings.CutPrefix(s, pub+"/"); ok {
				s = rest
			}
		}
		if s != "" {
			out = append(out, s)
		}
	}
	m.Set("exclude", out)
}

func buildDir(m *peer.Mapper, v any) {
	if s, ok := m.Str(v); ok {
		if d := peer.CleanRel(s); d != "" {
			m.Set("root", d)
		}
	}
}

// urlPrefix: @netlify/plugin-sitemap listed each page at the prefix
// followed by its path, resolved against the base URL: the base URL
// with the prefix, which finish sets, is the one the URLs are
// under. Without a base URL among the options (Netlify's URL, which
// sitemapgen reads itself), it is said.
func urlPrefix(m *peer.Mapper, v any) {
	s, ok := m.Str(v)
	switch {
	case !ok:
	case strings.Trim(s, "/") == "":
		m.Honoured("is empty: no prefix")
	case givenBase(m) == "":
		m.Warn("is not taken: give the whole URL the site is served at, with the prefix, as baseUrl (https://example.com%s), which it is joined to", "/"+strings.Trim(s, "/")+"/")
	}
}

// givenBase is the base URL @netlify/plugin-sitemap's options give:
// baseUrl, else NETLIFY_PLUGIN_SITEMAP_BASEURL; "" for none.
func givenBase(m *peer.Mapper) string {
	for _, name := range []string{"baseUrl", "NETLIFY_PLUGIN_SITEMAP_BASEURL"} {
		if s, ok := m.Other(name).(string); ok && s != "" {
			return s
		}
	}
	return ""
}

// finish joins the plugin's prefix (urlPrefix, else
// NETLIFY_PLUGIN_SITEMAP_URL_PREFIX) to the base URL given, as the
// plugin resolved prefix + path against it (a prefix from the host's
// root, /en/, replacing the base URL's path): the base URL the pages
// are listed under.
func finish(m *peer.Mapper) {
	base := givenBase(m)
	for _, name := range []string{"urlPrefix", "NETLIFY_PLUGIN_SITEMAP_URL_PREFIX"} {
		for _, g := range m.All() {
			prefix, ok := g.Value.(string)
			if g.Name != name || !ok || strings.Trim(prefix, "/") == "" || base == "" {
				continue
			}
			m.AtGiven(g)
			b, err := url.Parse(strings.TrimSuffix(base, "/") + "/")
			var u *url.URL
			if err == nil {
				u, err = b.Parse(strings.TrimSuffix(prefix, "/") + "/")
			}
			if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
				m.Warn("with the base URL %s gives no absolute http(s) URL; not taken: give the whole URL the site is served at as baseUrl", diag.URL(base))
				return
			}
			m.Set("base_url", u.String())
			return
		}
	}
}
