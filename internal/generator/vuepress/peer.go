package vuepress

// @vuepress/plugin-sitemap as a peer: its options' rows, what is kept of
// its defaults and init's steps to switch from it. The registry lists
// Peer.

import (
	"net/url"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Tool is @vuepress/plugin-sitemap, by its package's name.
const Tool peer.Tool = "@vuepress/plugin-sitemap"

// Peer is @vuepress/plugin-sitemap (VuePress 2): sitemapPlugin({ … }) in
// plugins, or the theme's hostname and themePlugins.sitemap (read by
// sitemapgen init, SitemapOptions). Its switch removes it and runs
// sitemapgen after vuepress build, and uninstalls it.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "hostname", Does: "base_url (its scheme and host, https:// for a host alone, with base), which the config no longer gives once the plugin goes", Map: peer.SiteAtBase(true)},
		{Tool: Tool, Name: "extraUrls", Does: "extra_urls_inline: each path under the base URL", Map: extraURLs},
		{Tool: Tool, Name: "excludePaths", Does: "--exclude, each page's path as the glob of its built file (its default, /404.html, is an error page sitemapgen leaves out)", Map: peer.RouteGlobs(false)},
		{Tool: Tool, Name: "sitemapFilename", Does: "--filename (read at every run too)", Map: peer.Filename},
		{Tool: Tool, Name: "sitemapXSLFilename", Does: "warned: sitemapgen writes no stylesheet; --xsl names one of yours, --viewer writes a page that shows the set", Map: stylesheet},
		{Tool: Tool, Name: "sitemapXSLTemplate", Does: "warned, as sitemapXSLFilename", Map: stylesheet},
		{Tool: Tool, Name: "changefreq", Does: "--changefreq; not given, daily, its default", Map: peer.Changefreq},
		{Tool: Tool, Name: "modifyTimeGetter", Does: "a function: warned; sitemapgen dates each page by its source's last commit, as its default did", Map: peer.Hook("sitemapgen dates each page by its source's last commit, as the plugin's default, the git plugin's date, did")},
		{Tool: Tool, Name: "devServer", Does: "honoured: watch mode keeps the sitemaps current beside a dev server", Map: peer.Honours("sitemapgen watch keeps the sitemaps current beside the dev server (docs/watch.md)")},
		{Tool: Tool, Name: "devHostname", Does: "honoured, as devServer", Map: peer.Honours("sitemapgen watch lists a dev server's pages under the base URL (docs/watch.md)")},
		{Tool: Tool, Name: "xmlNameSpace", Does: "honoured: a file declares only the namespaces it uses", Map: peer.Namespaces},
	},
	Finish: finish,
	Steps:  peer.Steps{After: []string{"vuepress build"}, Where: "after vuepress build", NPM: true, TurnOff: peer.Off("remove sitemapPlugin({ … }) from the plugins of %s, or, where the theme adds it, give the theme themePlugins: { sitemap: false } (its hostname may stay)")},
}

// extraURLs: extraUrls, paths the plugin lists under hostname and base:
// extra URLs of the base URL.
func extraURLs(m *peer.Mapper, v any) {
	paths, ok := m.Strs(v)
	if !ok {
		return
	}
	host, _ := m.Other("hostname").(string)
	if host != "" && !strings.Contains(host, "://") {
		host = "https://" + host
	}
	u, err := url.Parse(host)
	if host == "" || err != nil || u.Host == "" {
		m.Warn("lists paths under hostname, which is not given: write their URLs in a file and name it with --extra-urls FILE")
		return
	}
	base := strings.TrimSuffix(m.Context().BasePath, "/")
	var urls []any
	for _, p := range paths {
		urls = append(urls, u.Scheme+"://"+u.Host+base+"/"+strings.TrimPrefix(p, "/"))
	}
	peer.CustomPages(m, urls)
}

// stylesheet: the stylesheet the plugin wrote beside its sitemap and
// named in it, or its template: said by finish, with its name.
func stylesheet(m *peer.Mapper, v any) { m.Str(v) }

// finish: the plugin writes every page daily unless told. At each build
// it wrote a Sitemap: line naming its sitemap into the site's
// robots.txt (a robots.txt of that line alone where the site had none):
// robots: true keeps it, but under a base path, where no crawler reads
// it, which is said. It wrote its stylesheet, sitemapXSLFilename
// (sitemap.xsl), which sitemapgen does not write: once the plugin goes,
// that URL answers 404, said.
func finish(m *peer.Mapper) {
	if !m.WasGiven("changefreq") {
		m.At("changefreq")
		m.Honoured("is daily by default, which the plugin wrote for every page: changefreq keeps it")
		m.Set("changefreq", "daily")
	}
	m.At("robots.txt")
	basePath := m.Context().BasePath
	if b := basePath; b != "" && b != "/" {
		m.Warn("is written at each build with a Sitemap: line naming the sitemap, at %srobots.txt under base, where crawlers never read it (only at the host's root): it goes with the switch; name the sitemap in the host's robots.txt", b)
	} else {
		m.Honoured("is written at each build with a Sitemap: line naming the sitemap (that line alone where the site had none): robots: true keeps it")
		m.Set("robots", true)
	}
	xsl := "sitemap.xsl"
	var from peer.Given
	for _, g := range m.All() {
		if g.Name == "sitemapXSLFilename" || g.Name == "sitemapXSLTemplate" {
			from = g
		}
		if name, ok := g.Value.(string); ok && g.Name == "sitemapXSLFilename" && name != "" {
			xsl = strings.TrimPrefix(name, "/")
		}
	}
	m.AtGiven(peer.Given{Name: xsl, Line: from.Line, File: from.File})
	at := strings.TrimSuffix(basePath, "/") + "/" + xsl
	m.Warn("is the stylesheet the plugin wrote, which sitemapgen does not write: after the switch %s answers 404; keep a copy of it in .vuepress/public/ and name it with --xsl %s, or give --viewer for a page of sitemapgen's that shows the set", at, at)
}
