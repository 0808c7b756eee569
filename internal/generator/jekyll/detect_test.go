package jekyll_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/jekyll"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

func TestDetectJekyll(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name:  "jekyll url and baseurl",
			Files: map[string]string{"_config.yml": "title: x\nurl: https://x.org\nbaseurl: /blog\n"},
			Want: []generator.Detected{{File: "_config.yml", PublishDir: "_site",
				BaseURL: "https://x.org/blog/", BaseURLFrom: "_config.yml url + baseurl", BasePath: "/blog/"}},
		},
		{
			Name:  "jekyll url only, destination",
			Files: map[string]string{"_config.yml": "url: \"https://x.org/\"\ndestination: ./public/\n"},
			Want: []generator.Detected{{File: "_config.yml", PublishDir: "public",
				BaseURL: "https://x.org/", BaseURLFrom: "_config.yml url"}},
		},
		{
			Name:  "jekyll baseurl alone",
			Files: map[string]string{"_config.yml": "baseurl: \"/project\"\n"},
			Want:  []generator.Detected{{File: "_config.yml", PublishDir: "_site", BasePath: "/project/"}},
		},
		{
			Name:  "jekyll Gemfile",
			Files: map[string]string{"Gemfile": "source \"https://rubygems.org\"\n\ngem \"jekyll\", \"~> 4.3\"\n"},
			Want:  []generator.Detected{{File: "Gemfile", PublishDir: "_site"}},
		},
		{
			Name:  "jekyll github-pages Gemfile",
			Files: map[string]string{"Gemfile": "source 'https://rubygems.org'\ngem 'github-pages', group: :jekyll_plugins\n"},
			Want:  []generator.Detected{{File: "Gemfile", PublishDir: "_site"}},
		},
		{
			Name:  "jekyll configuration Load rejects",
			Files: map[string]string{"_config.yml": "url: https://x.org\npermalink: /:year/:tittle/\n"},
			Want: []generator.Detected{{File: "_config.yml", PublishDir: "_site",
				BaseURL: "https://x.org/", BaseURLFrom: "_config.yml url",
				Notes: []string{`_config.yml: permalink: placeholder :tittle is not one Jekyll knows for posts and documents in "/:year/:tittle/"; only url, baseurl and destination are read`}}},
		},
	})
}

// TestDetectErrors: a configuration that does not parse is the error,
// naming the file and its line.
func TestDetectErrors(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		file  string // the diag.Diagnostic's file, relative to the folder
		line  int
	}{
		{"broken _config.yml", map[string]string{"_config.yml": "title: x\nurl: https://x.org\n  baseurl: /\n"}, "_config.yml", 3},
		{"_config.yml not a mapping", map[string]string{"_config.yml": "- a\n- b\n"}, "_config.yml", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := buildtest.TempSite(t, tt.files)
			got, err := registry.DetectEnv(dir, gentest.Env(nil), limits.Default)
			var ce *diag.Diagnostic
			if !errors.As(err, &ce) {
				t.Fatalf("detect = %s, %v; want a *diag.Diagnostic", gentest.Format(got), err)
			}
			if want := filepath.Join(dir, filepath.FromSlash(tt.file)); ce.File != want || ce.Line != tt.line {
				t.Errorf("diag.Diagnostic at %s:%d (%v), want %s:%d", ce.File, ce.Line, ce, want, tt.line)
			}
		})
	}
}

// TestSitemapOptions: jekyll-sitemap's options, where its users write
// them, read without running anything.
func TestSitemapOptions(t *testing.T) {
	gentest.SitemapOptions(t, buildtest.TempSite, []gentest.PeerTest{
		{Name: "jekyll", Files: map[string]string{"_config.yml": `url: https://example.com
plugins: [jekyll-sitemap]
exclude: [drafts/, notes.md]
defaults:
  - scope: { path: "assets/**/*.pdf" }
    values: { sitemap: false }
  - scope: { path: "" , type: posts }
    values: { layout: post }
`}, Want: []peer.Config{{Tool: jekyll.Tool, File: "_config.yml", NamedIn: []string{"_config.yml"}, Alone: "plugins", Options: []peer.Given{
			{Name: "defaults", Value: []any{"assets/**/*.pdf"}}, {Name: "exclude", Value: []any{"drafts/", "notes.md"}}, {Name: "robots.txt", Value: true}}}}},
		// A robots.txt of the site's own: jekyll-sitemap writes none.
		{Name: "jekyll with a robots.txt", Files: map[string]string{"_config.yml": "url: https://example.com\nplugins: [jekyll-sitemap]\n", "robots.txt": "User-agent: *\n"},
			Want: []peer.Config{{Tool: jekyll.Tool, File: "_config.yml", NamedIn: []string{"_config.yml"}, Alone: "plugins"}}},
		// Alone only where it is plugins:' only entry: Jekyll refuses an
		// empty plugins:, and takes an empty gems:.
		{Name: "jekyll-sitemap among plugins", Files: map[string]string{"_config.yml": "url: https://example.com\nplugins: [jekyll-sitemap, jekyll-seo-tag]\n", "robots.txt": ""},
			Want: []peer.Config{{Tool: jekyll.Tool, File: "_config.yml", NamedIn: []string{"_config.yml"}}}},
		{Name: "jekyll-sitemap alone in gems", Files: map[string]string{"_config.yml": "url: https://example.com\ngems: [jekyll-sitemap]\n", "robots.txt": ""},
			Want: []peer.Config{{Tool: jekyll.Tool, File: "_config.yml", NamedIn: []string{"_config.yml"}}}},
		// Named in the Gemfile's jekyll_plugins group too, or there alone;
		// github-pages' gem bundles it, and is named nowhere to edit.
		{Name: "jekyll-sitemap in the Gemfile", Files: map[string]string{"_config.yml": "url: https://example.com\nplugins: [jekyll-sitemap]\n", "robots.txt": "", "Gemfile": "group :jekyll_plugins do\n  gem \"jekyll-sitemap\"\nend\n"},
			Want: []peer.Config{{Tool: jekyll.Tool, File: "_config.yml", NamedIn: []string{"_config.yml", "Gemfile"}, Alone: "plugins"}}},
		{Name: "github-pages", Files: map[string]string{"_config.yml": "url: https://example.com\n", "robots.txt": "", "Gemfile": "gem \"github-pages\"\n"},
			Want: []peer.Config{{Tool: jekyll.Tool, File: "_config.yml"}}},
		{Name: "jekyll without jekyll-sitemap", Files: map[string]string{"_config.yml": "url: https://example.com\nexclude: [drafts/]\n"}},
	})
}
