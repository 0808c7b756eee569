package peer

// The mappings of @netlify/plugin-sitemap's options: its folders, its
// prefix joined to the base URL, and the URL forms of Netlify's pretty
// URLs.

import (
	"net/url"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

func prettyURLs(m *Mapper, v any) {
	b, ok := m.Bool(v)
	if !ok {
		return
	}
	m.Set("clean_urls", b)
	if !b {
		m.Warn("is false: about.html is listed as /about.html, but a folder's index.html as the folder (/docs/), the URL Netlify serves it at, not /docs/index.html")
	}
}

func netlifyTrailingSlash(m *Mapper, v any) {
	b, ok := m.Bool(v)
	if !ok {
		return
	}
	m.Set("trailing_slash", b)
	if b {
		m.Warn("is true: folders are listed with their slash (/docs/), but pages (about.html) as Netlify serves them, /about, not /about/")
	}
}

// netlifyExclude: a path or a glob from the base folder (the project
// folder), as @netlify/plugin-sitemap globs the files from it; the
// publish folder's prefix taken off, which sitemapgen's globs start
// below.
func netlifyExclude(m *Mapper, v any) {
	list, ok := m.Strs(v)
	if !ok {
		return
	}
	// The site folder: buildDir, else the publish folder.
	pub := m.ctx.Publish
	if d, ok := m.Other("buildDir").(string); ok {
		pub = CleanRel(d)
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

func buildDir(m *Mapper, v any) {
	if s, ok := m.Str(v); ok {
		if d := CleanRel(s); d != "" {
			m.Set("root", d)
		}
	}
}

// urlPrefix: @netlify/plugin-sitemap listed each page at the prefix
// followed by its path, resolved against the base URL: the base URL
// with the prefix, which netlifyFinish sets, is the one the URLs are
// under. Without a base URL among the options (Netlify's URL, which
// sitemapgen reads itself), it is said.
func urlPrefix(m *Mapper, v any) {
	s, ok := m.Str(v)
	switch {
	case !ok:
	case strings.Trim(s, "/") == "":
		m.Honoured("is empty: no prefix")
	case netlifyBase(m) == "":
		m.Warn("is not taken: give the whole URL the site is served at, with the prefix, as baseUrl (https://example.com%s), which it is joined to", "/"+strings.Trim(s, "/")+"/")
	}
}

// netlifyBase is the base URL @netlify/plugin-sitemap's options give:
// baseUrl, else NETLIFY_PLUGIN_SITEMAP_BASEURL; "" for none.
func netlifyBase(m *Mapper) string {
	for _, name := range []string{"baseUrl", "NETLIFY_PLUGIN_SITEMAP_BASEURL"} {
		if s, ok := m.Other(name).(string); ok && s != "" {
			return s
		}
	}
	return ""
}

// netlifyFinish joins the plugin's prefix (urlPrefix, else
// NETLIFY_PLUGIN_SITEMAP_URL_PREFIX) to the base URL given, as the
// plugin resolved prefix + path against it (a prefix from the host's
// root, /en/, replacing the base URL's path): the base URL the pages
// are listed under.
func netlifyFinish(m *Mapper) {
	base := netlifyBase(m)
	for _, name := range []string{"urlPrefix", "NETLIFY_PLUGIN_SITEMAP_URL_PREFIX"} {
		for _, g := range m.all {
			prefix, ok := g.Value.(string)
			if g.Name != name || !ok || strings.Trim(prefix, "/") == "" || base == "" {
				continue
			}
			m.at = g
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
