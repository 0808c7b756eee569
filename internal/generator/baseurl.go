package generator

// Where a JavaScript project keeps its site's URL when its generator's
// configuration has no such setting: next-sitemap's configuration,
// Eleventy's site data, package.json's homepage.

import (
	"path/filepath"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/nextsitemap"
)

// nextSitemapConfigs are the files next-sitemap reads its configuration
// from.
var nextSitemapConfigs = nextsitemap.Configs

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
	return []string{"in " + p.Title + "'s configuration (" + file + ")"}
}
