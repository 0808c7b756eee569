package sphinx

import (
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Tool is sphinx-sitemap, the Sphinx extension.
const Tool peer.Tool = "sphinx-sitemap"

// Peer is sphinx-sitemap as a peer: its settings in conf.py (read by
// sitemapgen init; those that name its files at every run). Its switch
// removes it from extensions and runs sitemapgen after sphinx-build.
// The registry lists Peer.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "html_baseurl", Does: "honoured: the base URL, read at every run", Map: peer.Honours("the base URL, which sitemapgen reads from conf.py's html_baseurl at every run")},
		{Tool: Tool, Name: "site_url", Does: "honoured: the base URL without html_baseurl, read at every run", Map: peer.Honours("the base URL when html_baseurl is not set, which sitemapgen reads from conf.py at every run")},
		{Tool: Tool, Name: "sitemap_url_scheme", Does: "honoured without html_baseurl (each language's folder, or the base URL with the scheme's folder); with it, each language's folder where each is built into its own, else the pages' canonical URLs, warned with how to keep the scheme's (html_baseurl with the folder); its default given to init when not set", Map: mapScheme},
		{Tool: Tool, Name: "sitemap_locales", Does: "honoured, read at every run: each locale's build in its folder, the same page in each folder its alternates", Map: mapLocales},
		{Tool: Tool, Name: "sitemap_filename", Does: "--filename (read at every run too)", Map: peer.Filename},
		{Tool: Tool, Name: "sitemap_excludes", Does: "--exclude, each page as the glob of its built file", Map: mapExcludes},
		{Tool: Tool, Name: "sitemap_show_lastmod", Does: "honoured: each page dated by its source's last commit; false warned", Map: mapShowLastmod},
		{Tool: Tool, Name: "language", Does: "honoured: the folder of its build, read at every run", Map: peer.Honours("the folder of the language's build, which sitemapgen reads from conf.py at every run with sitemap_locales")},
	},
	Steps: peer.Steps{Where: "after sphinx-build", TurnOff: peer.Off("remove 'sphinx_sitemap' from extensions in %s (its settings may stay)")},
}

// mapScheme: sphinx-sitemap's URLs are html_baseurl (or site_url) +
// the scheme, {lang}{version}{link} by default.
func mapScheme(m *peer.Mapper, v any) {
	s, ok := m.Str(v)
	if !ok {
		return
	}
	if s == "{link}" {
		m.Honoured("is {link}: each page at the base URL's path, as sitemapgen lists it")
		return
	}
	if _, ok := m.Other("html_baseurl").(string); ok {
		if f := m.Context().FolderBuilds; len(f) > 0 {
			// Each language built into its folder: the pages are there.
			m.Honoured("is %q: each language's build is in its folder of the site folder (%s), where sitemapgen lists its pages, as sphinx-sitemap did; their canonical links, which Sphinx writes from html_baseurl without the folder, are read in their folder's build, with a warning that says how to give each build its own html_baseurl", s, strings.Join(f, ", "))
			return
		}
		m.Warn("is %q, which listed the pages under a folder their canonical links (html_baseurl) do not name: sitemapgen lists the URLs the pages give; if the site is served under that folder, set html_baseurl with it in conf.py (https://example.com/en/latest/), and the canonical links and ours keep those URLs", s)
		return
	}
	m.Honoured("is %q: sitemapgen lists each page where sphinx-sitemap did: each language's build in its folder (LANG/page.html), or, where the site folder is one language's build, under the base URL with the scheme's folder (site_url/en/), as the base URL's origin says; it reads site_url, language and the scheme from conf.py at every run: keep them there when sphinx_sitemap leaves extensions", s)
}

func mapLocales(m *peer.Mapper, v any) {
	m.Honoured("is honoured where each locale's build is in the site folder, in its folder: sitemapgen reads it from conf.py at every run (keep it there when sphinx_sitemap leaves extensions), each locale's sitemap keeps answering, and the alternates are the same page in each language's folder, as sphinx-sitemap wrote them, each page listing itself too")
}

// mapExcludes: the pages' links as sphinx-sitemap lists them
// (search.html; with the dirhtml builder, search/), fnmatch patterns.
func mapExcludes(m *peer.Mapper, v any) {
	list, ok := m.Strs(v)
	if !ok {
		return
	}
	var out []string
	for _, s := range list {
		s = strings.TrimPrefix(s, "/")
		if s == "" {
			continue
		}
		if strings.HasSuffix(s, "/") {
			s += "index.html"
		}
		out = append(out, s)
	}
	m.Set("exclude", out)
}

func mapShowLastmod(m *peer.Mapper, v any) {
	b, ok := m.Bool(v)
	if !ok {
		return
	}
	if b {
		m.Honoured("is honoured: sitemapgen dates each page by the last commit of its source and the files it includes")
		return
	}
	m.Warn("is false, which wrote no lastmod; sitemapgen writes each page's own date (its source's last commit): set lastmod.sources: [none] in sitemap.yaml to write none")
}
