package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestJekyllDrafts: "jekyll build --drafts" publishes the files of
// _drafts as posts, one dated by its front matter, one by its file's
// time. Joined, with the sitemaps written to another folder (--out), they
// are drafts: left out, counted as drafts and explained; --drafts lists
// them. Run plain in the project, the build reads jekyll-sitemap's
// sitemap in _site before ours replaces it: it lists the drafts Jekyll
// built, so they are published and listed (the second look's R3), and
// the summary counts them.
func TestJekyllDrafts(t *testing.T) {
	const base = "https://example.com/"
	jekyll := testtool.Program(t, "jekyll", "apt-get install jekyll ruby-jekyll-sitemap ruby-jekyll-redirect-from")
	src := copyFixture(t, "jekyll-blog")
	write(t, filepath.Join(src, "_drafts", "dated.md"), "---\ntitle: Dated draft\ndate: 2025-05-05\n---\nNot yet.\n")
	undated := filepath.Join(src, "_drafts", "undated.md")
	write(t, undated, "---\ntitle: Undated draft\n---\nNot yet either.\n")
	when := time.Date(2025, 6, 7, 12, 0, 0, 0, time.UTC)
	if err := os.Chtimes(undated, when, when); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(jekyll, "build", "--drafts", "--quiet", "--source", src, "--destination", filepath.Join(src, "_site"))
	cmd.Env = append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jekyll: %v\n%s", err, out)
	}
	drafts := map[string]string{"2025/05/05/dated": "_site/2025/05/05/dated/index.html", "2025/06/07/undated": "_site/2025/06/07/undated/index.html"}
	for _, file := range drafts {
		if _, err := os.Stat(filepath.Join(src, filepath.FromSlash(file))); err != nil {
			t.Fatalf("jekyll build --drafts did not publish the draft there: %v", err)
		}
	}

	r := run(t, src, nil, "--base-url", base, "--verbose", "--out", t.TempDir(), "_site")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	for u, file := range drafts {
		want := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(file) + `: skipped: draft \(a draft: its source is in _drafts/ \(--drafts lists drafts\)\)$`)
		if !want.MatchString(r.stderr) {
			t.Errorf("%s: not left out as a draft of _drafts/:\n%s", base+u+"/", r.stderr)
		}
	}
	if !regexp.MustCompile(`skipped \d+ \([^)]*2 drafts[^)]*\)`).MatchString(r.stderr) {
		t.Errorf("the summary does not count 2 drafts:\n%s", r.stderr)
	}

	e := run(t, src, nil, "--base-url", base, "--explain", "/2025/05/05/dated/", "_site")
	if !strings.Contains(e.stdout, "draft") {
		t.Errorf("--explain does not say the page is a draft:\n%s\n%s", e.stdout, e.stderr)
	}

	out := t.TempDir()
	if r := run(t, src, nil, "--base-url", base, "--drafts", "--out", out, "_site"); r.code != 0 {
		t.Fatalf("--drafts: exit %d\n%s", r.code, r.stderr)
	}
	urls := urlsIn(t, filepath.Join(out, "sitemap.xml"))
	for u := range drafts {
		if !slices.Contains(urls, base+u+"/") {
			t.Errorf("--drafts does not list %s:\n%s", base+u+"/", strings.Join(urls, "\n"))
		}
	}

	site := filepath.Join(src, "_site")
	theirs := urlsIn(t, filepath.Join(site, "sitemap.xml"))
	for u := range drafts {
		if !slices.Contains(theirs, base+u+"/") {
			t.Fatalf("jekyll-sitemap does not list the draft %s it built: nothing to test\n%s", base+u+"/", strings.Join(theirs, "\n"))
		}
	}
	r = mustRun(t, src)
	urls = urlsIn(t, filepath.Join(site, "sitemap.xml"))
	for u := range drafts {
		if !slices.Contains(urls, base+u+"/") {
			t.Errorf("plain: the draft %s that Jekyll built and lists is not listed:\n%s", base+u+"/", r.stderr)
		}
	}
	if !strings.Contains(r.stderr, "second look at Jekyll's own sitemap:") || !strings.Contains(r.stderr, "2 drafts it built listed") {
		t.Errorf("plain: the summary does not count the 2 drafts Jekyll built:\n%s", r.stderr)
	}
}
