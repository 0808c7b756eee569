package generator

// Where a JavaScript project keeps its site's URL when its generator's
// configuration has no such setting: next-sitemap's configuration,
// Eleventy's site data, package.json's homepage.

import (
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/nextsitemap"
)

// nextSitemapConfigs are the files next-sitemap reads its configuration
// from.
var nextSitemapConfigs = nextsitemap.Configs

// BaseURLPlaces says where in the project p's site URL can be
// kept: places that can hold it, for the hint of a missing base URL, as
// its generator's [Info].BaseURLPlaces says; file is its configuration
// file as seen from the working directory.
func (p *Detected) BaseURLPlaces(file string) []string {
	var info Info
	if p.Gen != nil {
		info = p.Gen.Info()
	}
	if base := filepath.Base(file); base == "package.json" || base == "Gemfile" {
		// Found by a dependency: the configuration file to write.
		if info.ConfigFile != "" {
			file = filepath.Join(filepath.Dir(file), filepath.FromSlash(info.ConfigFile))
		}
	}
	if info.BaseURLPlaces == nil {
		return []string{"in " + info.Title + "'s configuration (" + file + ")"}
	}
	places := make([]string, len(info.BaseURLPlaces))
	for i, pl := range info.BaseURLPlaces {
		places[i] = strings.ReplaceAll(pl, "{file}", file)
	}
	return places
}
