package zola_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
)

type Project = generator.Project

func TestDetectZola(t *testing.T) {
	gentest.Detect(t, fixture, []gentest.DetectTest{
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

// fixture writes files (name → contents, "/" separators) into a new
// temporary folder and returns it.
func fixture(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
