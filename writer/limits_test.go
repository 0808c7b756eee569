package writer

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// More shards than one index can list: at max_urls 1, 50,001 URLs make
// 50,001 shards, listed by sitemap.xml (50,000) and sitemap-index-2.xml
// (1), both named in robots.txt; every shard listed once, every file
// valid, the set read back whole.
func TestLimitSeveralIndexFilesAtTinyMaxURLs(t *testing.T) {
	n := sitemap.MaxURLs + 1
	urls := numbered(n)
	for i := range urls {
		urls[i].Loc = fmt.Sprintf("%spage-%06d.html", base, i)
	}
	dir := memDir(t)
	res, err := Write(sitemap.Slice(urls), Options{Dir: dir, BaseURL: base, MaxURLs: 1, Robots: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Shards != n {
		t.Errorf("%d shards, want %d", res.Shards, n)
	}
	wantEntries := []string{base + "sitemap.xml", base + "sitemap-index-2.xml"}
	if fmt.Sprint(res.Entries) != fmt.Sprint(wantEntries) {
		t.Errorf("entries %q, want %q", res.Entries, wantEntries)
	}
	robots, err := os.ReadFile(filepath.Join(dir, "robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "Sitemap: " + strings.Join(wantEntries, "\nSitemap: ") + "\n"; string(robots) != want {
		t.Errorf("robots.txt = %q, want %q", robots, want)
	}
	listed := map[string]int{}
	var paths []string
	for i, idx := range []string{"sitemap.xml", "sitemap-index-2.xml"} {
		f, err := sitemaptest.ReadFile(filepath.Join(dir, idx))
		if err != nil {
			t.Fatal(err)
		}
		if want := []int{sitemap.MaxURLs, 1}[i]; f.Root != "sitemapindex" || len(f.Entries) != want {
			t.Errorf("%s: <%s> of %d entries, want an index of %d", idx, f.Root, len(f.Entries), want)
		}
		for _, e := range f.Entries {
			listed[e.Loc]++
		}
		paths = append(paths, filepath.Join(dir, idx))
	}
	if len(listed) != n {
		t.Errorf("%d shards listed, want %d", len(listed), n)
	}
	for loc, c := range listed {
		if c != 1 {
			t.Errorf("%s listed %d times", loc, c)
		}
	}
	locs, files, err := sitemaptest.Locs(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	if len(locs) != n || locs[0] != urls[0].Loc || locs[n-1] != urls[n-1].Loc {
		t.Errorf("%d URLs read back, want %d", len(locs), n)
	}
	for _, f := range files {
		paths = append(paths, filepath.Join(dir, f))
	}
	problems, checked, err := validate.Check(paths, validate.Options{BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	if validate.Errors(problems) > 0 || checked < n+2 {
		t.Errorf("%d files checked, %d problems: %v", checked, len(problems), problems[:min(3, len(problems))])
	}
	// The schema check on both index files and the last shard.
	sitemaptest.MustValidate(t, paths[0], paths[1], filepath.Join(dir, files[len(files)-1]))
}

// memDir returns a new folder in memory (/dev/shm) when there is one, else
// on disk: Write syncs every file, and 50,001 files (or a fuzzer's runs)
// take minutes on some disks.
func memDir(t *testing.T) string {
	t.Helper()
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		if dir, err := os.MkdirTemp("/dev/shm", "sitemapgen-test-"); err == nil {
			t.Cleanup(func() { os.RemoveAll(dir) })
			return dir
		}
	}
	return t.TempDir()
}

// A robots.txt of a million lines: every line that is not one of
// sitemapgen's Sitemap: lines kept, in order, byte for byte; its lines
// replaced where the first stood; an unchanged file left alone. Its 20 MB
// are past the default of limits.robots_bytes, raised for it.
func TestLimitMillionLineRobots(t *testing.T) {
	const lines = 1_000_000
	var old bytes.Buffer
	old.WriteString("User-agent: *\n")
	for i := range lines {
		switch {
		case i == lines/2:
			old.WriteString("Sitemap: " + base + "sitemap-index-7.xml\n") // ours, stale
		case i%1000 == 0:
			fmt.Fprintf(&old, "Sitemap: https://other.example/sitemap-%d.xml\n", i) // not ours
		default:
			fmt.Fprintf(&old, "Disallow: /private/%d/\n", i)
		}
	}
	old.WriteString("Sitemap: " + base + "sitemap.xml\n") // ours, current
	dir := t.TempDir()
	path := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(path, old.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(sitemap.Slice(sample), Options{Dir: dir, BaseURL: base, Robots: true, RobotsBytes: 64 << 20}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(old.String(), "Sitemap: "+base+"sitemap-index-7.xml\n", "Sitemap: "+base+"sitemap.xml\n", 1)
	want = strings.TrimSuffix(want, "Sitemap: "+base+"sitemap.xml\n")
	if string(got) != want {
		t.Fatalf("robots.txt of %d bytes, want %d bytes", len(got), len(want))
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("permissions not kept: %v %v", st.Mode(), err)
	}
	before, _ := os.Stat(path)
	res, err := Write(sitemap.Slice(sample), Options{Dir: dir, BaseURL: base, Robots: true, RobotsBytes: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(path)
	for _, w := range res.Written {
		if w == "robots.txt" {
			t.Error("an unchanged robots.txt was rewritten")
		}
	}
	if !os.SameFile(before, after) {
		t.Error("robots.txt replaced though unchanged")
	}
}
