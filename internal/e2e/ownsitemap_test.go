package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProjectOwnSitemap builds testdata/sphinx-ownsitemap with the real
// Sphinx: the project's own extension, in the folder of its conf.py,
// writes sitemap.txt and robots.txt with a Sitemap: line naming it, as
// sphinx-sitemap is not there to. sitemapgen writes its own beside it and
// does not take the project's over (no generator's rule says it is one
// the project would not miss, and its build writes it again): it says,
// once, at robots.txt's line, that crawlers are given the project's, and
// what to do; with --robots, robots.txt names ours in its place.
func TestProjectOwnSitemap(t *testing.T) {
	src := pythonSite(t, "sphinx-ownsitemap", "sphinx-build", "-q", "-b", "html", ".", "_build/html")
	site := filepath.Join(src, "_build", "html")
	const theirs = "Sitemap: https://lighthouse.example.org/sitemap.txt"
	robots := filepath.Join(site, "robots.txt")
	data, err := os.ReadFile(robots)
	if err != nil || !strings.Contains(string(data), theirs+"\n") {
		t.Fatalf("the fixture's premise: the extension's robots.txt names its sitemap.txt (%v):\n%s", err, data)
	}
	text, _ := os.ReadFile(filepath.Join(site, "sitemap.txt"))

	r := mustRun(t, src)
	want := filepath.Join("_build", "html", "robots.txt") + ":4: warning: Sitemap: https://lighthouse.example.org/sitemap.txt names a sitemap this build did not write, the project's own; crawlers that read robots.txt are given it, not ours: run with --robots to name ours there"
	if strings.Count(r.stderr, "names a sitemap this build did not write") != 1 || !strings.Contains(r.stderr, want) {
		t.Errorf("want once:\n%s\ngot:\n%s", want, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(site, "sitemap.xml")); err != nil {
		t.Errorf("ours is not written: %v", err)
	}
	if now, _ := os.ReadFile(filepath.Join(site, "sitemap.txt")); string(now) != string(text) {
		t.Errorf("the project's sitemap.txt was changed:\n%s", now)
	}
	if again, _ := os.ReadFile(robots); string(again) != string(data) {
		t.Errorf("robots.txt was changed without --robots:\n%s", again)
	}

	r = mustRun(t, src, "--robots")
	data, _ = os.ReadFile(robots)
	if !strings.Contains(string(data), "Sitemap: https://lighthouse.example.org/sitemap.xml\n") || strings.Contains(string(data), theirs) {
		t.Errorf("with --robots, robots.txt does not name ours in place of the project's:\n%s", data)
	}
	if strings.Contains(r.stderr, "did not write") {
		t.Errorf("with robots.txt naming ours alone, still a warning:\n%s", r.stderr)
	}
}
