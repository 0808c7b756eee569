package zola_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/zola"
)

type Detected = generator.Detected

func TestDetectZola(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name: "zola defaults",
			Files: map[string]string{"config.toml": `# The URL the site will be built for
base_url = "https://blog.example.org"
compile_sass = true
taxonomies = [{ name = "tags" }]

[markdown]
highlight_code = true
`},
			Want: []Detected{{File: "config.toml", PublishDir: "public", Form: generator.URLForm{TrailingSlash: "always"},
				BaseURL: "https://blog.example.org/", BaseURLFrom: "config.toml base_url"}},
		},
		{
			Name:  "zola output_dir, a base URL that is a path",
			Files: map[string]string{"config.toml": "base_url = '/dev'\noutput_dir = 'docs'\n"},
			Want: []Detected{{File: "config.toml", PublishDir: "docs", Form: generator.URLForm{TrailingSlash: "always"},
				Notes: []string{`config.toml: base_url "/dev" is not an absolute http(s) URL; give --base-url`}}},
		},
		{
			Name:  "a Hugo config.toml is Hugo's",
			Files: map[string]string{"config.toml": "baseURL = 'https://example.com/'\ntitle = 'x'\n"},
			Want:  []Detected{{File: "config.toml", PublishDir: "public", BaseURL: "https://example.com/", BaseURLFrom: "config.toml baseURL"}},
		},
	})
}

// TestSitemaps: Zola's sitemaps are sitemap.xml and, over 30,000 URLs,
// the numbered files at the root it is an index of.
func TestSitemaps(t *testing.T) {
	files := zola.Generator{}.Info().Sitemaps(nil)
	for name, want := range map[string]bool{
		"sitemap.xml": true, "sitemap1.xml": true, "sitemap12.xml": true,
		"sitemap-1.xml": false, "sitemap.xml.gz": false, "sitemapx.xml": false, "de/sitemap1.xml": false,
	} {
		if got := files.Match(name); got != want {
			t.Errorf("Sitemaps().Match(%q) = %v, want %v", name, got, want)
		}
	}
}
