package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/cachedir"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestCacheTrim: a build trims its cache folder (internal/cachedir): a
// cache file no build has used for a month goes, with a note; the front
// matter cache a build takes is marked used, and stays when the next
// trim runs a day later, though no source changed and it was not
// written again.
func TestCacheTrim(t *testing.T) {
	defer func(m time.Duration) { racyMargin = m }(racyMargin)
	racyMargin = 0 // the sources are new: the racy rule has its own test
	dir := t.TempDir()
	fmCacheSite(t, dir, 3)
	cache := filepath.Join(dir, "cache")
	old := time.Now().Add(-cachedir.MaxUnused - 24*time.Hour)
	stale := filepath.Join(cache, "git", "0123456789abcdef")
	if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stale, []byte("an old history"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	run := func() (*Result, []string) {
		t.Helper()
		opts := fmCacheOpts(t, dir, cache)
		var notes []string
		opts.Report.Note = func(_, note string) { notes = append(notes, note) }
		res, err := Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		return res, notes
	}
	trimmed := func(n string) bool { return strings.HasPrefix(n, "cache folder trimmed: ") }

	_, notes := run()
	if _, err := os.Lstat(stale); err == nil {
		t.Error("a cache file unused for a month was not removed")
	}
	if i := slices.IndexFunc(notes, trimmed); i < 0 || notes[i] != "cache folder trimmed: 1 file no build used for 30 days removed" {
		t.Errorf("notes %q: none of the trim", notes)
	}
	kept, err := filepath.Glob(filepath.Join(cache, "frontmatter", "*"))
	if err != nil || len(kept) != 1 {
		t.Fatalf("front matter cache files %q, %v", kept, err)
	}

	// A month and a day on, no source changed: the build takes the front
	// matter cache, which marks it used, and the trim (the last a month
	// ago) leaves it, though it was not written again.
	defer func(c func() time.Time) { cacheClock = c }(cacheClock)
	later := time.Now().Add(cachedir.MaxUnused + 24*time.Hour)
	cacheClock = func() time.Time { return later }
	res, notes := run()
	if res.FrontMatterKept != 3 {
		t.Errorf("%d sources taken from the cache, want 3", res.FrontMatterKept)
	}
	if slices.ContainsFunc(notes, trimmed) {
		t.Errorf("notes %q: the cache the build took was trimmed", notes)
	}
	if fi, err := os.Lstat(kept[0]); err != nil || !fi.ModTime().Equal(later) {
		t.Errorf("the front matter cache the build took: %v, %v", fi, err)
	}
	if data, err := os.ReadFile(filepath.Join(cache, "trim.txt")); err != nil || string(data) != strconv.FormatInt(later.Unix(), 10)+"\n" {
		t.Errorf("trim.txt = %q, %v: the second trim did not run", data, err)
	}
}

// TestFMCacheUsedKeepsTrust: a build that takes the front matter cache
// and keeps nothing (it failed) does not move what the next trusts. The
// file's modification time bounds its trust when earlier than the start
// it holds (a file system's clock behind the build's): a source changed
// between the two is read again, by the next build as by this one.
func TestFMCacheUsedKeepsTrust(t *testing.T) {
	dir := t.TempDir()
	src, cache := filepath.Join(dir, "content"), filepath.Join(dir, "cache")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	start, written := now.Add(-2*time.Hour), now.Add(-3*time.Hour)
	changed := now.Add(-150 * time.Minute).UnixNano() // after the write, before the start
	st := keptStat{size: 10, mtime: changed, ctime: changed, ino: 7}
	fp := frontmatter.Options{}.Fingerprint()
	c := loadFMCache(cache, src, limits.Default)
	if c == nil {
		t.Skip("the program cannot be told")
	}
	data := frontmatter.AppendSource(nil, &frontmatter.Source{Title: "kept"}, nil)
	if err := c.write(encodeFMCache(programID(), start.UnixNano(), []keptEntry{{rel: "a.md", st: st, fp: fp, data: data}})); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(cache, filepath.FromSlash(c.rel)), written, written); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		c := loadFMCache(cache, src, limits.Default)
		if c.loaded != 1 {
			t.Fatalf("build %d: %d entries loaded, want 1", i, c.loaded)
		}
		if fm := c.take("a.md", st, fp, nil); fm != nil {
			t.Fatalf("build %d: a source changed after the cache file's time taken from it (trust %v)", i, time.Unix(0, c.trust))
		}
		// The build fails here: nothing saved.
	}
}
