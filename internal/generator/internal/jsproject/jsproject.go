// Package jsproject holds what the generators of JavaScript projects
// share: where a project keeps its site's URL when its generator's
// configuration has none (package.json's homepage).
package jsproject

import (
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
)

// SetBaseURL gives p the site URL u, which from names ("package.json
// homepage"), below p's base path when u has none; a u that is not an
// absolute http(s) URL is passed over with a note, and false.
func SetBaseURL(p *generator.Project, u, from string) bool {
	if !siteurl.AbsHTTP(u) {
		p.Notes = append(p.Notes, generator.Note(from, 0, "%q is not an absolute http(s) URL; not taken for the base URL", u))
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
func Homepage(d *generator.Dir, p *generator.Project) {
	if h := d.Homepage(); p.BaseURL == "" && h != "" {
		SetBaseURL(p, h, "package.json homepage")
	}
}
