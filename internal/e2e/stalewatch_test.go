package e2e

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestWatchBesideHugoWatchDeleteRename: beside "hugo --watch", a post
// deleted and one renamed leave their built pages in place (Hugo deletes
// nothing), written moments before the pages of the rebuild that follows:
// no time tells them from the build's (staleSlack). Watch saw their
// sources go: it leaves them out, as stale output, and lists what "hugo"
// into an empty folder and sitemapgen list.
func TestWatchBesideHugoWatchDeleteRename(t *testing.T) {
	const base = "https://example.com/"
	post7 := "---\ntitle: Post 7\ndate: 2024-03-01\ntags: [demo]\n---\nPost 7.\n"
	change := func(t *testing.T, src string) {
		t.Helper()
		posts := filepath.Join(src, "content", "posts")
		if err := os.Remove(filepath.Join(posts, "post-3.md")); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(posts, "post-4.md"), filepath.Join(posts, "post-6.md")); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(posts, "post-7.md"), post7) // as many posts as before: the same pagers
	}
	fresh := copyFixture(t, "hugo")
	change(t, fresh)
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	built := filepath.Join(fresh, "public")
	if out, err := exec.Command(hugo, "--source", fresh, "--destination", built, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	want := sitemapURLs(t, mustRunOut(t, built, base))
	for _, gone := range []string{base + "posts/post-3/", base + "posts/post-4/"} {
		if slices.Contains(want, gone) {
			t.Fatalf("a fresh build lists %s", gone)
		}
	}

	src := copyFixture(t, "hugo")
	rebuilt := startGenerator(t, src, "hugo", "Press Ctrl+C to stop", "--watch", "--source", src)
	// The pages as if hugo had written them just now: the deletion
	// follows its build at once.
	now := time.Now()
	filepath.WalkDir(filepath.Join(src, "public"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Chtimes(path, now, now)
		}
		return nil
	})
	out := t.TempDir()
	p := startWatch(t, src, "--base-url", base, "--debounce", "50ms", "--out", out, "public")
	change(t, src)
	awaitLine(t, rebuilt, "of hugo's rebuild", hugoRebuilt)
	for _, page := range []string{"post-3", "post-4"} {
		if _, err := os.Stat(filepath.Join(src, "public", "posts", page, "index.html")); err != nil {
			t.Fatalf("hugo removed the page of %s.md (%v): nothing stale to test", page, err)
		}
	}
	var got []string
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("watch lists\n%s\na fresh build lists\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
	p.until("watch lists what a fresh build lists", func() bool { got = sitemapURLs(t, out); return slices.Equal(got, want) })
	p.stop(out)
}
