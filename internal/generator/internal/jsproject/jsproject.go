// Package jsproject holds what the generators of JavaScript projects
// share about a project: its site URL read from its configuration, its
// sitemap plugin, and where it keeps its site's URL when its
// configuration has none (package.json's homepage).
package jsproject

import (
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
)

// SetBaseURL gives p the site URL u, which from names ("package.json
// homepage"), below p's base path when u has none. A u that is no site's
// URL is passed over with a note, and false: one that is not an absolute
// http(s) URL, one with a query or a fragment, and a page of a code host
// (npm's default homepage, "https://github.com/o/r#readme", is the
// project's page on GitHub). Such a URL gives nothing, not even its path:
// p keeps the base path its configuration gives.
func SetBaseURL(p *generator.Detected, u, from string) bool {
	if !siteurl.AbsHTTP(u) {
		p.Notes = append(p.Notes, generator.Note(from, 0, "%q is not an absolute http(s) URL; not taken for the base URL", diag.URL(u)))
		return false
	}
	if h := host.CodeHost(u); h != "" {
		p.Notes = append(p.Notes, generator.Note(from, 0, "%q is the project's page on %s, not the site's URL (%s serves no site); not taken for the base URL", diag.URL(u), h, h))
		return false
	}
	if strings.ContainsAny(u, "?#") {
		p.Notes = append(p.Notes, generator.Note(from, 0, "%q has a query or a fragment, which a site's URL has not; not taken for the base URL", diag.URL(u)))
		return false
	}
	u = siteurl.WithSlash(u)
	if p.BasePath != "" && siteurl.Path(u) == "/" {
		u = siteurl.JoinSiteBase(u, p.BasePath)
	}
	p.BaseURL, p.BaseURLFrom = u, from
	return true
}

// Homepage gives p, when its configuration names no site URL,
// package.json's homepage.
func Homepage(d *generator.Dir, p *generator.Detected) {
	if h := d.Homepage(); p.BaseURL == "" && h != "" {
		SetBaseURL(p, h, "package.json homepage")
	}
}

// ReadSite reads the site URL and the base path of the JavaScript
// configuration p.File, read by r, into p (see jsconf.ReadSite), and
// returns what it read, for the caller's own notes.
func ReadSite(p *generator.Detected, r *jsconfig.Reader, baseKey string, join func(site, base string) string, siteKeys ...string) jsconf.Site {
	s := jsconf.ReadSite(r, p.File, baseKey, join, siteKeys...)
	if s.BaseURL != "" {
		p.BaseURL, p.BaseURLFrom = s.BaseURL, s.BaseURLFrom
	}
	if s.BasePath != "" {
		p.BasePath = s.BasePath
	}
	return s
}

// Plugin sets p.Plugin to the sitemap plugin name, whose index is index
// and whose numbered files are sitemap-0.xml …: In is package.json when
// the project depends on it, else p.File when that configuration names
// it (an import, an entry of plugins).
func Plugin(d *generator.Dir, p *generator.Detected, name, index string) {
	sp := generator.SitemapPlugin{Name: name, Index: index, Looked: []string{"package.json"}}
	if p.File != "package.json" {
		sp.Looked = append(sp.Looked, p.File)
	}
	switch {
	case d.Depends(name):
		sp.In = "package.json"
	case p.File != "package.json" && d.Names(p.File, name):
		sp.In = p.File
	}
	p.Plugin = &sp
}

// Reader reads the JavaScript configuration rel of d, nil when it is not
// one (package.json) or cannot be read (Detect said why).
func Reader(d *generator.Dir, rel string) *jsconfig.Reader {
	if rel == "" || rel == "package.json" {
		return nil
	}
	name, data, err := d.File(rel)
	if err != nil || name == "" {
		return nil
	}
	return jsconfig.NewReader(name, data, d.Limits())
}
