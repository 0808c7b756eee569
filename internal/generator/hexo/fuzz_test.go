package hexo

import (
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// FuzzConfig reads a _config.yml and routes a post and a page by it:
// no panic, and every path is one of the site's, never above its root.
func FuzzConfig(f *testing.F) {
	for _, seed := range []string{
		"url: https://example.com/blog\nroot: /blog/\npermalink: :year/:month/:day/:title/\npretty_urls:\n  trailing_index: false\n",
		"permalink: ../:category/:post_title.html\nnew_post_name: :year-:i_month-:day-:title.md\ncategory_map:\n  a: b\nfilename_case: 1\n",
		"new_post_name: ':lang/:title'\npermalink: ':lang/:hash/:name'\npost_asset_folder: true\nskip_render: ['**/*.html']\n",
		"sitemap:\n  path: [a.xml, b.txt]\n  rel: true\ninclude: _x/**\nexclude: [y/**]\n",
		"- a list\n", "url: [1, 2]\ntimezone: {a: b}\n", "permalink: ':\\\\:(:):_:a_:title_'\n",
	} {
		f.Add(seed, "_posts/2024-01-02-a/b c.md", "Title: x")
	}
	f.Fuzz(func(t *testing.T, config, rel, title string) {
		defer fuzzbound.Check(t)()
		c, _, err := parseConfig("_config.yml", []byte(config))
		if err != nil {
			return
		}
		for _, n := range c.Notes {
			if !strings.HasPrefix(n, "_config.yml") {
				t.Errorf("a note that does not name the file: %q", n)
			}
		}
		r := NewRoutes(c)
		for _, p := range []generator.Page{
			{Path: rel, Title: title, Date: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), Categories: []string{title}},
			{Path: rel, Permalink: title},
			{Path: "about/index.md", Permalink: title},
		} {
			u, ok := r.URLPath(p)
			if !ok {
				continue
			}
			if !strings.HasPrefix(u, "/") || strings.Contains("/"+u+"/", "/../") {
				t.Errorf("URLPath(%+v) = %q: not a path of the site", p, u)
			}
		}
		r.FileRules(rel)
		r.Rules()
	})
}
