package generator

// Where a JavaScript project keeps its site's URL when its generator's
// configuration has no such setting: next-sitemap's configuration,
// Eleventy's site data, package.json's homepage.

import (
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/nextsitemap"
	"path/filepath"
)

// nextSitemapConfigs are the files next-sitemap reads its configuration
// from.
var nextSitemapConfigs = nextsitemap.Configs

// fillBaseURL gives p, a project whose configuration names no site URL,
// the one the project keeps elsewhere: the url of Eleventy's site data, else package.json's homepage. Values
// that are not absolute http(s) URLs are passed over with a note.
func (d *Dir) fillBaseURL(p *Project) error {
	if p.BaseURL != "" {
		return nil
	}
	set := func(u, from string) bool {
		if !absHTTP(u) {
			p.Notes = append(p.Notes, noteAt(from, 0, "%q is not an absolute http(s) URL; not taken for the base URL", u))
			return false
		}
		u = withSlash(u)
		if p.BasePath != "" && urlPath(u) == "/" {
			u = joinSiteBase(u, p.BasePath)
		}
		p.BaseURL, p.BaseURLFrom = u, from
		return true
	}
	switch p.Generator {
	case "docusaurus":
	default:
		return nil
	}
	if d.pkg != nil && d.pkg.homepage != "" {
		set(d.pkg.homepage, "package.json homepage")
	}
	return nil
}

// BaseURLPlaces says where in the project p's site URL can be
// kept: places that can hold it, for the hint of a missing base URL;
// file is its configuration file as seen from the working directory.
func (p *Project) BaseURLPlaces(file string) []string {
	if base := filepath.Base(file); base == "package.json" || base == "Gemfile" {
		// Found by a dependency: the configuration file to write.
		if p.Gen != nil && p.Gen.Info().ConfigFile != "" {
			file = filepath.Join(filepath.Dir(file), filepath.FromSlash(p.Gen.Info().ConfigFile))
		}
	}
	if g, ok := p.Gen.(BaseURLPlacer); ok {
		return g.BaseURLPlaces(p, file)
	}
	switch p.Generator {
	case "hugo":
		return []string{"baseURL in Hugo's configuration (" + file + ")"}
	case "jekyll":
		return []string{"url: in Jekyll's configuration (" + file + ")"}
	case "mkdocs":
		return []string{"site_url: in MkDocs' configuration (" + file + ")"}
	case "docusaurus":
		return []string{"url: in Docusaurus' configuration (" + file + ")"}
	case "pelican":
		return []string{"SITEURL in publishconf.py (the production settings) or " + file}
	case "sphinx":
		return []string{"html_baseurl in Sphinx's configuration (" + file + ")"}
	}
	return []string{"in " + p.Title + "'s configuration (" + file + ")"}
}
