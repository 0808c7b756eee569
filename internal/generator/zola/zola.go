// Package zola is Zola, as sitemapgen knows it: a project is a
// config.toml whose base_url, the one setting Zola requires, is set, and
// which sets no Hugo baseURL (Hugo reads a config.toml too). The publish
// folder is output_dir (default "public"); pages are folders, linked
// with a slash; its sitemap.xml becomes, past 30,000 URLs, an index of
// sitemap1.xml … Zola is not in Debian's packages: its projects are
// recognised from their configuration, as Zola documents it.
package zola

import (
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// Generator is Zola.
type Generator struct{}

var (
	_ generator.Generator = Generator{}
	_ generator.Claimer   = Generator{}
)

// Info returns Zola's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "zola", Title: "Zola", PublishKey: "output_dir", Sitemaps: sitemaps, SitemapStays: true}
}

// Claim takes config.toml when it is Zola's and the project has no other
// Hugo-like configuration (no hugo.* file, no config/ folder): Hugo then
// leaves it.
func (Generator) Claim(d *generator.Dir) {
	_, data, err := d.File("config.toml")
	if err != nil || data == nil {
		return
	}
	if _, ok := config(data); !ok {
		return
	}
	other, _, err := d.File("hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config/_default/hugo.toml", "config/_default/config.toml")
	if err == nil && other == "" {
		d.Claim("config.toml")
	}
}

// Detect finds a config.toml that is Zola's.
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	name, data, err := d.File("config.toml")
	if err != nil || name == "" {
		return nil, err
	}
	cfg, ok := config(data)
	if !ok {
		return nil, nil
	}
	p := &generator.Detected{File: name, PublishDir: "public", Form: generator.URLForm{TrailingSlash: "always"}}
	if out, ok := cfg["output_dir"].(string); ok && siteurl.CleanDir(out) != "" {
		p.PublishDir = siteurl.CleanDir(out)
	}
	switch u, _ := cfg["base_url"].(string); {
	case siteurl.AbsHTTP(u):
		p.BaseURL, p.BaseURLFrom = siteurl.WithSlash(u), name+" base_url"
	default:
		p.Notes = append(p.Notes, generator.Note(name, 0, "base_url %q is not an absolute http(s) URL%s", diag.URL(u), siteurl.BaseURLHint))
	}
	return p, nil
}

// shard is the name of the sitemaps of Zola's index: sitemap1.xml …
var shard = lazyre.MustCompile(`^sitemap[0-9]+\.xml$`)

// sitemaps names sitemap.xml and, over 30,000 URLs, the files it is an
// index of.
func sitemaps(*generator.Detected) generator.SitemapFiles {
	return generator.SitemapFiles{Names: []string{"sitemap.xml"}, Shard: shard()}
}

// config decodes a config.toml that is Zola's: it sets base_url, and no
// key Hugo takes for its base URL (baseURL in any case).
func config(data []byte) (map[string]any, bool) {
	var cfg map[string]any
	if _, err := toml.Decode(string(data), &cfg); err != nil {
		return nil, false // Hugo's check reports a file that does not parse
	}
	if _, ok := cfg["base_url"]; !ok {
		return nil, false
	}
	for k := range cfg {
		if strings.EqualFold(k, "baseurl") {
			return nil, false
		}
	}
	return cfg, true
}
