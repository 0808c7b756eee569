package e2e

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestVuePressSite builds testdata/vuepress with VuePress 2 and its
// default theme, whose hostname adds @vuepress/plugin-sitemap (pinned in
// package-lock.json), its pages in git, and runs plain sitemapgen in the
// project, as "vuepress build docs && sitemapgen" (issue 97, item 6).
// Before, no generator was recognised and the run stopped with "no site
// folder given".
//
// Every URL is the one VuePress's sitemap lists (about.html, guide/, a
// front matter permalink's /tools/; the sitemap: false page left out by
// both), and each page keeps the date VuePress gave it, its git plugin's:
// the author date of its source's last commit, a rename among them.
func TestVuePressSite(t *testing.T) {
	needTool(t, "node")
	src := nodeProject(t, "vuepress", "docs", "package.json", ".gitignore")
	write(t, filepath.Join(src, "docs", "guide", "bowl.md"), "# Turning a bowl\n\nMount the blank between centres.\n")
	if err := os.Remove(filepath.Join(src, "docs", "guide", "turning.md")); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	write(t, filepath.Join(src, "docs", "about.md"), "# About\n\nWho turns the wood, and why.\n")
	gitDated(t, src, "2024-04-09T10:00:00Z", "2024-04-20T12:00:00Z", "commit", "-q", "-am", "about")
	gitAt(t, src, "2024-05-05T09:00:00Z", "mv", "docs/guide/bowl.md", "docs/guide/turning.md")
	gitAt(t, src, "2024-05-05T09:00:00Z", "commit", "-q", "-m", "a better name")
	mustBuild(t, src, "vuepress", "build", "docs")

	const base = "https://lathe-docs.net/lathe/"
	site := filepath.Join(src, "docs", ".vuepress", "dist")
	want := map[string]string{
		base:                        "2024-01-01T00:00:00Z",
		base + "about.html":         "2024-04-09T10:00:00Z", // the author date
		base + "guide/":             "2024-01-01T00:00:00Z",
		base + "guide/turning.html": "2024-05-05T09:00:00Z", // the rename
		base + "tools/":             "2024-01-01T00:00:00Z", // front matter permalink: /tools/
	}
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	if got, w := slices.Sorted(maps.Keys(theirs)), slices.Sorted(maps.Keys(want)); !slices.Equal(got, w) {
		t.Fatalf("the fixture's premise: VuePress's sitemap lists %v, want %v", got, w)
	}
	for loc, lm := range want {
		if !sameInstant(strings.Replace(theirs[loc], ".000Z", "Z", 1), lm) {
			t.Fatalf("the fixture's premise: VuePress dates %s %q, want %s", loc, theirs[loc], lm)
		}
	}
	_, log := zeroConfig(t, src, site, base, "site docs/.vuepress/dist (VuePress (docs/.vuepress/config.ts)); base URL "+base+" from docs/.vuepress/config.ts hostname + base; VuePress URL style (folders with /; from docs/.vuepress/config.ts); sources docs (VuePress)")
	wantDates(t, "VuePress", site, base, want, "VuePress' git plugin: the author date of the source's last commit")
	if strings.Contains(log, "warning: ") {
		t.Errorf("the run warns:\n%s", log)
	}
}
