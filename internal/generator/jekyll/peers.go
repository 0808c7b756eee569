package jekyll

import (
	"bytes"
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// SitemapOptions: with jekyll-sitemap (in plugins or gems, the Gemfile,
// or the github-pages gem's), the defaults that give sitemap: false and
// the files Jekyll excludes.
func (Generator) SitemapOptions(d *generator.Dir, _ *generator.Detected) []peer.Config {
	name, _, err := d.File("_config.yml", "_config.yaml")
	if err != nil || name == "" {
		return nil
	}
	cfg, err := conffile.ReadConfigFile(d.Path(), name, name, d.Limits())
	if err != nil {
		return nil
	}
	var named []string
	alone := ""
	for _, key := range []string{"plugins", "gems"} {
		if list, ok := cfg[key].([]any); ok && slices.Contains(list, any("jekyll-sitemap")) && len(named) == 0 {
			named = append(named, name)
			// An empty plugins: is no list, which Jekyll refuses; an
			// empty gems: it takes.
			if key == "plugins" && len(list) == 1 {
				alone = key
			}
		}
	}
	uses := len(named) > 0
	if _, data, _ := d.File("Gemfile"); bytes.Contains(data, []byte("jekyll-sitemap")) {
		uses, named = true, append(named, "Gemfile")
	} else if bytes.Contains(data, []byte("github-pages")) {
		uses = true // the gem's plugins include it
	}
	if !uses {
		return nil
	}
	c := peer.Config{Tool: Tool, File: name, NamedIn: named, Alone: alone}
	var scopes []any
	if list, ok := cfg["defaults"].([]any); ok {
		for _, e := range list {
			m, _ := e.(map[string]any)
			values, _ := m["values"].(map[string]any)
			if b, ok := values["sitemap"].(bool); !ok || b {
				continue
			}
			scope, _ := m["scope"].(map[string]any)
			p, _ := scope["path"].(string)
			if t, _ := scope["type"].(string); t != "" {
				p = strings.TrimSpace(p + " (type " + t + ")")
			}
			scopes = append(scopes, p)
		}
	}
	if len(scopes) > 0 {
		c.Options = append(c.Options, peer.Given{Name: "defaults", Value: scopes})
	}
	if ex, ok := cfg["exclude"].([]any); ok && len(ex) > 0 {
		c.Options = append(c.Options, peer.Given{Name: "exclude", Value: jsconf.PeerValue(ex)})
	}
	// jekyll-sitemap writes a robots.txt naming the sitemap where the
	// site has none of its own.
	src, _ := cfg["source"].(string)
	if own, _, _ := d.File(path.Join(cmp.Or(src, "."), "robots.txt")); own == "" {
		c.Options = append(c.Options, peer.Given{Name: "robots.txt", Value: true})
	}
	return []peer.Config{c}
}
