package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestJekyllTextDocuments builds testdata/jekyll-licenses, shaped as
// github/choosealicense.com is (a collection of .txt documents with front
// matter, published at /licenses/:path/), with Jekyll, its sources in
// git, and runs plain sitemapgen in the project: each license's page is
// joined to its .txt source and dated by its last commit, where
// jekyll-sitemap gives them the build's time, and so is a page in
// plain text that its permalink writes as about.html; assets without front
// matter (a JSON file, an image) are no sources and say nothing.
func TestJekyllTextDocuments(t *testing.T) {
	jekyll := testtool.Program(t, "jekyll", "apt-get install jekyll ruby-jekyll-sitemap")
	src := filepath.Join(t.TempDir(), "licenses")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "jekyll-licenses"))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("_site\n.jekyll-cache\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z _licenses/mit.txt", "2024-03-04T10:00:00Z about.txt")
	site := filepath.Join(src, "_site")
	cmd := exec.Command(jekyll, "build", "--quiet")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jekyll: %v\n%s", err, out)
	}
	const base = "https://example.com/"
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	ours, log := zeroConfig(t, src, site, base, "sources . (Jekyll's source)")
	compareSets(t, ours, theirs, nil, nil)
	for loc, want := range map[string]string{
		base + "licenses/mit/":       "2024-02-03T10:00:00Z",
		base + "licenses/unlicense/": "2024-01-01T00:00:00Z",
		base:                         "2024-01-01T00:00:00Z",
		// A page outside the collection: about.txt at permalink /about.html.
		base + "about.html": "2024-03-04T10:00:00Z",
	} {
		if got, ok := ours[loc]; !ok || !sameInstant(got, want) {
			t.Errorf("%s: listed %v, lastmod %q; want %s (its source's last commit)", loc, ok, got, want)
		}
	}
	if !strings.Contains(log, "lastmod: 4 git;") {
		t.Errorf("the run does not date the 4 pages by git:\n%s", log)
	}
	for _, ln := range strings.Split(log, "\n") {
		if strings.Contains(ln, "warning") && !strings.Contains(ln, "example domain") {
			t.Errorf("the run warns: %s", ln)
		}
	}
}
