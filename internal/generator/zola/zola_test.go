package zola_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
)

type Project = generator.Project

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
			Want: []Project{{Generator: "zola", Title: "Zola", File: "config.toml", PublishDir: "public", TrailingSlash: "always",
				BaseURL: "https://blog.example.org/", BaseURLFrom: "config.toml base_url"}},
		},
		{
			Name:  "zola output_dir, a base URL that is a path",
			Files: map[string]string{"config.toml": "base_url = '/dev'\noutput_dir = 'docs'\n"},
			Want: []Project{{Generator: "zola", Title: "Zola", File: "config.toml", PublishDir: "docs", TrailingSlash: "always",
				Notes: []string{`config.toml: base_url "/dev" is not an absolute http(s) URL; give --base-url`}}},
		},
		{
			Name:  "a Hugo config.toml is Hugo's",
			Files: map[string]string{"config.toml": "baseURL = 'https://example.com/'\ntitle = 'x'\n"},
			Want:  []Project{{Generator: "hugo", Title: "Hugo", File: "config.toml", PublishDir: "public", BaseURL: "https://example.com/", BaseURLFrom: "config.toml baseURL"}},
		},
	})
}
