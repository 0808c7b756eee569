package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// TestNuxtContent runs plain sitemapgen in testdata/nuxt-content, a Nuxt 4
// site whose pages are the Markdown files of content/, which @nuxt/content
// 3 serves through one catch-all page, generated as files by `nuxi
// generate` (its output committed; rebuild.sh makes it again), its
// sources in git (issue 86). Each page is joined to its source and dated
// by the source's last commit: a Markdown file at the path its
// collection of content.config.ts gives it (docs/1.intro.md at
// /guide/intro by the guide's prefix, blog/1.first-post.md at
// /blog/first-post, blog/index.md at /blog), the contact page to its
// app/pages/contact.vue. A front matter date that no sitemap module of
// Nuxt reads dates nothing (about.md's date: 2020-01-01).
func TestNuxtContent(t *testing.T) {
	needTool(t, "git")
	src := filepath.Join(t.TempDir(), "nuxt-content")
	for _, name := range []string{"app", "content", ".output"} {
		if err := os.CopyFS(filepath.Join(src, name), os.DirFS(filepath.Join("testdata", "nuxt-content", name))); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"content.config.ts", "nuxt.config.ts", "package.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", "nuxt-content", name))
		if err == nil {
			err = os.WriteFile(filepath.Join(src, name), data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	// As a Nuxt project ignores them: its builds.
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("node_modules\n.output\n.nuxt\n.data\ndist\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *",
		"2024-02-03T10:00:00Z content/about.md",
		"2024-03-04T10:00:00Z content/blog/1.first-post.md",
		"2024-04-05T10:00:00Z content/docs/1.intro.md",
		"2024-05-06T10:00:00Z content/docs/2.setup/index.md",
		"2024-06-07T10:00:00Z app/pages/contact.vue")

	r := mustRun(t, src)
	const base = "https://example.com/"
	public := filepath.Join(src, ".output", "public")
	entries, _, err := sitemaptest.URLs(public, base)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		base:                      "2024-01-01T00:00:00Z",
		base + "about/":           "2024-02-03T10:00:00Z", // not its front matter date
		base + "blog/":            "2024-01-01T00:00:00Z",
		base + "blog/first-post/": "2024-03-04T10:00:00Z",
		base + "contact/":         "2024-06-07T10:00:00Z",
		base + "guide/intro/":     "2024-04-05T10:00:00Z",
		base + "guide/setup/":     "2024-05-06T10:00:00Z",
	}
	var locs, wantLocs []string
	for _, e := range entries {
		locs = append(locs, e.Loc)
		if lm, ok := want[e.Loc]; ok && !sameInstant(e.LastMod, lm) {
			t.Errorf("%s: lastmod %q, want %s", e.Loc, e.LastMod, lm)
		}
	}
	for loc := range want {
		wantLocs = append(wantLocs, loc)
	}
	slices.Sort(wantLocs)
	if !slices.Equal(locs, wantLocs) {
		t.Errorf("listed\n%q\nwant\n%q", locs, wantLocs)
	}
	if line := "sources app/pages, content (Nuxt)"; !strings.Contains(r.stderr, line) {
		t.Errorf("the run does not say %q:\n%s", line, r.stderr)
	}
	if strings.Contains(r.stderr, "no source file") {
		t.Errorf("a page is joined to no source:\n%s", r.stderr)
	}
	sitemaptest.MustValidate(t, public)
}
