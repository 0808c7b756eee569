package writer

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// withdrawnSite writes a set of three shards with the viewer, gzipped,
// the text sitemap and robots.txt's lines into a new folder that also
// holds another tool's files, and returns the folder, the names
// recorded, and what robots.txt held before the set's lines.
func withdrawnSite(t *testing.T) (dir string, recorded []string, theirs string) {
	t.Helper()
	dir = t.TempDir()
	theirs = "User-agent: *\r\nDisallow: /private/\r\nSitemap: https://shop.example.com/sitemap.xml\r\n"
	for name, content := range map[string]string{
		"robots.txt":          theirs,
		"sitemap-blog.xml":    "theirs",
		"sitemap-news.xml.gz": "theirs too: not recorded",
		"index.html":          "a page",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Write(sitemap.Slice(numbered(7)), Options{Dir: dir, BaseURL: base, MaxURLs: 3, Gzip: true, Text: true, Robots: true, Viewer: true}); err != nil {
		t.Fatal(err)
	}
	recorded, err := Recorded(dir)
	if err != nil || len(recorded) != 8 { // sitemap.html, three text files, three shards, the index
		t.Fatalf("recorded %q, %v", recorded, err)
	}
	return dir, recorded, theirs
}

// TestWithdraw: the set an earlier Write made goes, with its record and
// its Sitemap: lines of robots.txt, the line ending kept; another tool's
// files (a name of ours it wrote, not recorded) and robots.txt's other
// lines stay. A dry run and a check remove nothing and say what a
// withdrawal removes; a second withdrawal finds nothing to do.
func TestWithdraw(t *testing.T) {
	dir, recorded, theirs := withdrawnSite(t)
	before := raw(t, dir)

	res, err := Withdraw(Options{Dir: dir, BaseURL: base, Robots: true, DryRun: true})
	if err != nil || !slices.Equal(res.Removed, sorted(recorded)) {
		t.Fatalf("dry run: removed %q, %v; want %q", res.Removed, err, recorded)
	}
	res, err = Withdraw(Options{Dir: dir, BaseURL: base, Robots: true, Check: true})
	if err != nil || !slices.Equal(res.Differ, append(sorted(recorded), "robots.txt")) {
		t.Fatalf("check: differ %q, %v", res.Differ, err)
	}
	if after := raw(t, dir); !mapsEqual(after, before) {
		t.Fatal("a dry run or a check changed the folder")
	}

	res, err = Withdraw(Options{Dir: dir, BaseURL: base, Robots: true})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Removed, sorted(recorded)) || !slices.Equal(res.Written, []string{"robots.txt"}) {
		t.Errorf("removed %q, written %q; want %q and robots.txt", res.Removed, res.Written, recorded)
	}
	want := map[string]string{
		"robots.txt":          theirs + "\r\n",
		"sitemap-blog.xml":    "theirs",
		"sitemap-news.xml.gz": "theirs too: not recorded",
		"index.html":          "a page",
	}
	if got := raw(t, dir); !mapsEqual(got, want) {
		t.Errorf("the folder holds %q, want %q", got, want)
	}

	res, err = Withdraw(Options{Dir: dir, BaseURL: base, Robots: true})
	if err != nil || len(res.Removed)+len(res.Written) != 0 {
		t.Errorf("again: %+v, %v; want nothing done", res, err)
	}
	res, err = Withdraw(Options{Dir: dir, BaseURL: base, Robots: true, Check: true})
	if err != nil || len(res.Differ) != 0 {
		t.Errorf("a check of the withdrawn folder: %q, %v; want nothing to differ", res.Differ, err)
	}
}

// TestWithdrawWithoutRobots: without Options.Robots, robots.txt is not
// touched, its lines of ours and all.
func TestWithdrawWithoutRobots(t *testing.T) {
	dir, recorded, _ := withdrawnSite(t)
	robots, _ := os.ReadFile(filepath.Join(dir, "robots.txt"))
	res, err := Withdraw(Options{Dir: dir, BaseURL: base})
	if err != nil || !slices.Equal(res.Removed, sorted(recorded)) || len(res.Written) != 0 {
		t.Fatalf("%+v, %v", res, err)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "robots.txt")); string(now) != string(robots) {
		t.Errorf("robots.txt changed:\n%s", now)
	}
}

// TestWithdrawRobotsUnusable: a robots.txt that cannot be merged (a link
// out of the folder) fails the withdrawal before anything is removed.
func TestWithdrawRobotsUnusable(t *testing.T) {
	dir, recorded, _ := withdrawnSite(t)
	outside := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(outside, []byte("Sitemap: "+base+"sitemap.xml.gz\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "robots.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "robots.txt")); err != nil {
		t.Fatal(err)
	}
	if _, err := Withdraw(Options{Dir: dir, BaseURL: base, Robots: true}); err == nil || !strings.Contains(err.Error(), "outside the output folder") {
		t.Fatalf("err = %v", err)
	}
	if got, _ := Recorded(dir); !slices.Equal(got, recorded) {
		t.Errorf("recorded %q, want %q kept", got, recorded)
	}
	for _, name := range recorded {
		if _, err := os.Lstat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestWithdrawState: with a State, the withdrawal counts the last
// Write's URLs removed, and the next Write writes every file again,
// counting its URLs added, even one whose bytes were on disk before.
func TestWithdrawState(t *testing.T) {
	dir := t.TempDir()
	st := NewState()
	opts := Options{Dir: dir, BaseURL: base, State: st}
	urls := sitemap.Slice(numbered(3))
	if _, err := Write(urls, opts); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(urls, opts); err != nil {
		t.Fatal(err)
	}
	res, err := Withdraw(opts)
	if err != nil || res.URLChanges == nil || *res.URLChanges != (URLChanges{Removed: 3}) || !slices.Equal(res.Removed, []string{"sitemap.xml"}) {
		t.Fatalf("withdraw: %+v (%+v), %v", res, res.URLChanges, err)
	}
	if st.Drifted(dir) {
		t.Error("the State knows a file after a withdrawal")
	}
	res, err = Write(urls, opts)
	if err != nil || !slices.Equal(res.Written, []string{"sitemap.xml"}) || *res.URLChanges != (URLChanges{Added: 3}) {
		t.Fatalf("write after: %+v (%+v), %v", res, res.URLChanges, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "sitemap.xml")); err != nil {
		t.Error(err)
	}
}

// TestWithdrawNoFolder: a folder that does not exist has nothing of
// ours, and is not made.
func TestWithdrawNoFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	res, err := Withdraw(Options{Dir: dir, BaseURL: base, Robots: true})
	if err != nil || len(res.Removed) != 0 {
		t.Fatalf("%+v, %v", res, err)
	}
	if _, err := os.Lstat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the folder was made: %v", err)
	}
}

func sorted(names []string) []string {
	names = slices.Clone(names)
	slices.Sort(names)
	return names
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestWithdrawTakesOver: with TakeOver, the generator's own sitemaps go
// too, as a Write takes them over (a staging build's Hugo sitemap lists
// the pages it left out), and robots.txt's line naming one; a check says
// they differ; without TakeOver they stay.
func TestWithdrawTakesOver(t *testing.T) {
	dir := t.TempDir()
	hugo := `<?xml version="1.0" encoding="utf-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a/</loc></url></urlset>` + "\n"
	robotsTxt := "User-agent: *\nSitemap: https://example.com/sitemap.xml\n"
	for name, content := range map[string]string{"sitemap.xml": hugo, "robots.txt": robotsTxt, "index.html": "a page"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	takes := func(name string) bool { return name == "sitemap.xml" }
	if res, err := Withdraw(Options{Dir: dir, BaseURL: base}); err != nil || len(res.TakenOver) != 0 {
		t.Fatalf("without TakeOver: %+v, %v", res, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "sitemap.xml")); err != nil {
		t.Fatalf("without TakeOver, the generator's sitemap went: %v", err)
	}
	res, err := Withdraw(Options{Dir: dir, BaseURL: base, TakeOver: takes, Check: true})
	if err != nil || !slices.Contains(res.Differ, "sitemap.xml") || !slices.Contains(res.Differ, "robots.txt") {
		t.Fatalf("check: %+v, %v", res, err)
	}
	res, err = Withdraw(Options{Dir: dir, BaseURL: base, TakeOver: takes})
	if err != nil || !slices.Equal(res.TakenOver, []string{"sitemap.xml"}) {
		t.Fatalf("withdraw: taken over %q, %v", res.TakenOver, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "sitemap.xml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the generator's sitemap is still there: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "robots.txt")); string(data) != "User-agent: *\n" {
		t.Errorf("robots.txt:\n%s", data)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(data) != "a page" {
		t.Errorf("index.html: %q", data)
	}
}
