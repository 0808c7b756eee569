package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWatchAstroPagesOnly watches an Astro project whose pages are only
// in src/pages, as Astro's minimal starter: no src/content folder, no
// content collections. Watch starts where a build runs (it stopped at once
// on the missing src/content/config.ts before; issue 87), in the project
// and on its dist folder, and a page added to dist is listed.
func TestWatchAstroPagesOnly(t *testing.T) {
	src := nodeProject(t, "astro", "package.json")
	write(t, filepath.Join(src, "astro.config.mjs"),
		"import { defineConfig } from 'astro/config';\nexport default defineConfig({ site: 'https://example.com' });\n")
	write(t, filepath.Join(src, "src", "pages", "index.astro"),
		"---\n---\n<html lang=\"en\"><head><title>Home</title></head><body><h1>Home</h1></body></html>\n")
	write(t, filepath.Join(src, ".gitignore"), "node_modules\ndist\n")
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	astroBuild(t, src)
	if _, err := os.Stat(filepath.Join(src, "src", "content")); !os.IsNotExist(err) {
		t.Fatalf("the fixture's premise: no src/content folder (%v)", err)
	}
	dist := filepath.Join(src, "dist")
	for name, args := range map[string][]string{
		"project": {"--base-url", "https://example.com/"},
		"dist":    {"--base-url", "https://example.com/", "dist"},
	} {
		t.Run(name, func(t *testing.T) {
			p := startWatch(t, src, args...)
			n := p.rebuilds()
			page := filepath.Join(dist, "about", "index.html")
			write(t, page, "<!doctype html><html lang=\"en\"><title>About</title><h1>About</h1></html>")
			p.until("the new page listed", func() bool {
				data, err := os.ReadFile(filepath.Join(dist, "sitemap.xml"))
				return err == nil && strings.Contains(string(data), "<loc>https://example.com/about/</loc>")
			})
			if p.rebuilds() <= n {
				t.Errorf("no rebuild line after the page was added")
			}
			p.stop(dist)
			if err := os.Remove(page); err != nil {
				t.Fatal(err)
			}
		})
	}
}
