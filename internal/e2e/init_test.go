package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestInitStyleComments: 'sitemapgen init' in the Vercel recipe's
// project, in Vercel's build environment, writes the URL style Vercel
// serves with comments that say what each value means: clean_urls: false
// serves about.html at /about.html, not at /about.
func TestInitStyleComments(t *testing.T) {
	needTool(t, "hugo")
	dir := recipeDir(t, "vercel/vercel.json")
	mustShell(t, dir, "hugo --quiet")
	out := mustShell(t, dir, "sitemapgen init --stdout", "VERCEL=1", "VERCEL_ENV=production", "VERCEL_PROJECT_PRODUCTION_URL=example.org")
	clean := regexp.MustCompile(`(?m)^#\s+clean_urls: (true|false)\s+# about\.html at (\S+)$`).FindStringSubmatch(out)
	if clean == nil {
		t.Fatalf("init wrote no clean_urls line:\n%s", out)
	}
	if want := map[string]string{"true": "/about", "false": "/about.html"}[clean[1]]; clean[2] != want {
		t.Errorf("clean_urls: %s, said to serve about.html at %s, want %s", clean[1], clean[2], want)
	}
	slash := regexp.MustCompile(`(?m)^#\s+trailing_slash: (true|false)\s+# docs/index\.html at (\S+)$`).FindStringSubmatch(out)
	if slash == nil {
		t.Fatalf("init wrote no trailing_slash line:\n%s", out)
	}
	if want := map[string]string{"true": "/docs/", "false": "/docs"}[slash[1]]; slash[2] != want {
		t.Errorf("trailing_slash: %s, said to serve docs/index.html at %s, want %s", slash[1], slash[2], want)
	}
}

// TestInitJekyllUnpublished: in a Jekyll project, the sitemap.yaml init
// writes is a file of the project's folder, which Jekyll publishes unless
// its configuration excludes it: init says so, and 'jekyll build' after
// the exclusion it asks for publishes no sitemap.yaml.
func TestInitJekyllUnpublished(t *testing.T) {
	needTool(t, "jekyll")
	dir := filepath.Join(t.TempDir(), "blog")
	mustShell(t, filepath.Dir(dir), "jekyll new --blank blog")
	cfgFile := filepath.Join(dir, "_config.yml")
	cfg, err := os.ReadFile(cfgFile)
	if err != nil {
		t.Fatal(err)
	}
	write(t, cfgFile, regexp.MustCompile(`(?m)^url: "".*$`).ReplaceAllString(string(cfg), "url: https://octo.github.io"))
	out := mustShell(t, dir, "sitemapgen init")
	wantOutput(t, out, "_config.yml: warning: Jekyll publishes sitemap.yaml, a file of its source folder, at /sitemap.yaml: list it in exclude: here, or your settings are served with the site")
	// What the note asks for, as a user adds it.
	cfg, _ = os.ReadFile(cfgFile)
	write(t, cfgFile, string(cfg)+"exclude: [sitemap.yaml]\n")
	mustShell(t, dir, "jekyll build --quiet && sitemapgen")
	if _, err := os.Stat(filepath.Join(dir, "_site", "sitemap.yaml")); err == nil {
		t.Error("jekyll build published sitemap.yaml")
	}
	// A second init knows it is excluded: nothing said.
	if out := mustShell(t, dir, "sitemapgen init --force"); strings.Contains(out, "publishes sitemap.yaml") {
		t.Errorf("init warns of an excluded sitemap.yaml:\n%s", out)
	}
}
