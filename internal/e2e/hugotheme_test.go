package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestHugoStaleThemeOutside: a Hugo site whose theme is outside themes/
// (hugo-book's example site, built with --themesDir ../..) and whose
// languages each have a content folder (contentDir). A page deleted, and
// a section removed, leave their built pages in place; Hugo's rebuild
// writes its sitemaps again after its pages, without them. The pages are
// as hugo --watch leaves them, written a moment before the rebuild's
// (their times set so): no time tells them apart, but Hugo's sitemaps
// do, and they witness here, as they list every page a source produces
// though the theme's templates are not read. Before, a theme not read
// turned the witness off, and the pages stayed listed (issue 87). Where
// the theme's sitemap template leaves pages with a source out, the
// sitemaps witness nothing, and the pages are judged by time alone:
// kept, as no time tells them from the rebuild's.
func TestHugoStaleThemeOutside(t *testing.T) {
	for _, tc := range []struct {
		name     string
		template string // the theme's sitemap template, if any
		leftOut  bool
	}{
		{name: "Hugo's sitemap", leftOut: true},
		{name: "a sitemap of sections alone", template: `{{ printf "<?xml version=\"1.0\" encoding=\"utf-8\"?>" | safeHTML }}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{{ range where .Site.Pages "Kind" "section" }}<url><loc>{{ .Permalink }}</loc></url>{{ end }}</urlset>`},
	} {
		t.Run(tc.name, func(t *testing.T) { hugoStaleThemeOutside(t, tc.template, tc.leftOut) })
	}
}

func hugoStaleThemeOutside(t *testing.T, template string, leftOut bool) {
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	dir := t.TempDir()
	site, themes := filepath.Join(dir, "site"), filepath.Join(dir, "themes")
	write(t, filepath.Join(themes, "book", "layouts", "_default", "single.html"),
		"<!doctype html><html lang=\"{{ .Lang }}\"><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n")
	write(t, filepath.Join(themes, "book", "layouts", "_default", "list.html"),
		"<!doctype html><html lang=\"{{ .Lang }}\"><head><title>{{ .Title }}</title></head><body>{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}</body></html>\n")
	if template != "" {
		write(t, filepath.Join(themes, "book", "layouts", "_default", "sitemap.xml"), template)
	}
	write(t, filepath.Join(site, "hugo.toml"), `baseURL = "https://example.com/"
title = "Book"
theme = "book"
defaultContentLanguage = "en"
[languages.en]
contentDir = "content.en"
weight = 1
[languages.fr]
contentDir = "content.fr"
weight = 2
`)
	for _, p := range []string{"content.en/docs/a.md", "content.en/docs/b.md", "content.en/gone/g.md", "content.fr/docs/a.md"} {
		write(t, filepath.Join(site, filepath.FromSlash(p)), "---\ntitle: "+filepath.Base(p)+"\n---\nText.\n")
	}
	build := func() {
		t.Helper()
		cmd := exec.Command(hugo, "--source", site, "--themesDir", themes, "--quiet")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("hugo: %v\n%s", err, out)
		}
	}
	build()
	if err := os.Remove(filepath.Join(site, "content.en", "docs", "b.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(site, "content.en", "gone")); err != nil {
		t.Fatal(err)
	}
	build()
	public := filepath.Join(site, "public")
	fi, err := os.Stat(filepath.Join(public, "en", "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	// As hugo --watch leaves them: a moment before its sitemaps.
	at := fi.ModTime().Add(-time.Millisecond)
	stale := []string{"docs/b/index.html", "gone/g/index.html", "gone/index.html"}
	for _, p := range stale {
		if err := os.Chtimes(filepath.Join(public, filepath.FromSlash(p)), at, at); err != nil {
			t.Fatalf("the fixture's premise: Hugo left %s in place: %v", p, err)
		}
	}
	const base = "https://example.com/"
	// In the project, as hugo --watch && sitemapgen run: the pages joined
	// to their sources.
	got := strings.Fields(mustRun(t, site, "--dry-run", "--base-url", base).stdout)
	for _, gone := range []string{base + "docs/b/", base + "gone/g/", base + "gone/"} {
		if slices.Contains(got, gone) == leftOut {
			t.Errorf("%s listed %v, want %v: its source is gone", gone, leftOut, !leftOut)
		}
	}
	for _, kept := range []string{base, base + "docs/", base + "docs/a/", base + "fr/docs/a/"} {
		if !slices.Contains(got, kept) {
			t.Errorf("%s not listed", kept)
		}
	}
}
