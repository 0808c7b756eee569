// Package jekyll is Jekyll, as sitemapgen knows it: a project is one
// with _config.yml (or _config.yaml, _config.toml) that no other
// generator claimed (Hexo's), else a Gemfile that asks for jekyll or
// github-pages. `jekyll build` writes destination (_site/) from the
// project folder itself: posts and collections' documents at their
// permalinks, pages at their paths, static files copied as they are,
// with the front matter defaults of their scope; jekyll-sitemap lists
// them, and jekyll-last-modified-at dates them by git.
package jekyll

import (
	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// Generator is Jekyll.
type Generator struct{}

var (
	_ generator.Generator  = Generator{}
	_ generator.Loader     = Generator{}
	_ generator.PeerReader = Generator{}
	_ generator.Preset     = (*Preset)(nil)
	_ generator.Refuser    = (*Preset)(nil)
)

// Info returns Jekyll's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "jekyll", Title: "Jekyll", PublishKey: "destination", SourceKey: "source", ConfigFile: "_config.yml", Documents: Documents, BaseURLPlaces: []string{"url: in Jekyll's configuration ({file})"}}
}

// Load loads the preset of the Jekyll project in d: found when it has
// a configuration (see [generator.Loader]).
func (Generator) Load(d *generator.Dir) (generator.Preset, bool, error) {
	j, err := Load(d.Path(), d.Limits())
	return j, err == nil && j.File != "", err
}
