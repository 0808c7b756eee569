package hugo

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// hugoSitemap: the [sitemap] table of Hugo's configuration (or the
// sitemap file of its configuration folder), and disableKinds with
// "sitemap".
func (Generator) SitemapOptions(d *generator.Dir, p *generator.Detected) []peer.Config {
	file := p.File
	cfg, err := conffile.ReadConfigFile(d.Path(), file, file, d.Limits())
	if err != nil {
		return nil
	}
	table, _ := cfg["sitemap"].(map[string]any)
	from := file
	if table == nil && path.Dir(file) != "." {
		for _, ext := range []string{".toml", ".yaml", ".yml", ".json"} {
			rel := path.Join(path.Dir(file), "sitemap"+ext)
			if !conffile.IsFile(d.Path(), rel) {
				continue
			}
			if t, err := conffile.ReadConfigFile(d.Path(), rel, rel, d.Limits()); err == nil {
				table, from = t, rel
			}
			break
		}
	}
	c := peer.Config{Tool: Tool, File: from}
	for _, k := range []string{"changefreq", "priority", "filename"} {
		if v, ok := table[k]; ok {
			c.Options = append(c.Options, peer.Given{Name: k, Value: jsconf.PeerValue(v)})
		}
	}
	if kinds, ok := cfg["disableKinds"].([]any); ok {
		for _, k := range kinds {
			if s, _ := k.(string); strings.EqualFold(s, "sitemap") {
				c.File = file
				c.Options = append(c.Options, peer.Given{Name: "disable", Value: true})
			}
		}
	}
	if len(c.Options) == 0 {
		return nil
	}
	return []peer.Config{c}
}
