package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestHashLastMod: the first build dates no page (it sees them first:
// its time is no page's change); with the same state file, a fresh copy
// of the site (new mtimes) gives byte-identical sitemaps, and changing one
// page dates exactly that page; whitespace and ignored patterns are no
// change.
func TestHashLastMod(t *testing.T) {
	state := filepath.Join(t.TempDir(), ".sitemapgen", "state.json")
	files := map[string]string{
		"index.html": "<title>home</title><p>Built at 2024-01-01T00:00:00Z</p>",
		"a.html":     "<title>a</title>\n<p>one</p>",
		"b.html":     "<title>b</title>\n<p>two</p>",
	}
	build := func(files map[string]string, now time.Time) (string, map[string]string) {
		t.Helper()
		root, out := pages(t, files), t.TempDir()
		mt := now.Add(-time.Hour)
		for p := range files {
			os.Chtimes(filepath.Join(root, p), mt, mt) // a fresh checkout's times
		}
		opts := Options{
			Root: root, Heads: Heads{Read: true}, Write: writer.Options{Dir: out},
			Map: mapping.Options{BaseURL: "https://example.com/", Now: now,
				LastMod: []mapping.LastModSource{mapping.LastModHash}},
			Hash: &Hash{State: state, Options: hashstate.Options{Ignore: []*regexp.Regexp{regexp.MustCompile(`Built at [0-9:TZ-]+`)}}},
		}
		got, _ := lastmods(t, opts)
		data, err := os.ReadFile(filepath.Join(out, "sitemap.xml"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data), got
	}
	t1 := time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC)
	first, got := build(files, t1)
	for loc, lm := range got {
		if lm != "0001-01-01T00:00:00Z " {
			t.Errorf("first build: %s: %s, want no date", loc, lm)
		}
	}
	if _, err := os.Stat(state); err != nil {
		t.Fatalf("no state file: %v", err)
	}

	// A fresh copy, a day later: the same bytes.
	if again, _ := build(files, t1.AddDate(0, 0, 1)); again != first {
		t.Errorf("a fresh copy with the state file gives\n%s\nnot\n%s", again, first)
	}

	// One page edited, one reindented, one rebuilt with a new timestamp.
	t3 := t1.AddDate(0, 0, 2)
	files["a.html"] = "<title>a</title>\n<p>one, edited</p>"
	files["b.html"] = "  <title>b</title>\r\n\t<p>two</p>\n"
	files["index.html"] = "<title>home</title><p>Built at 2024-05-03T00:00:00Z</p>"
	_, got = build(files, t3)
	want := map[string]string{
		"https://example.com/":       "0001-01-01T00:00:00Z ",
		"https://example.com/a.html": "2024-05-03T10:00:00Z hash (state file)",
		"https://example.com/b.html": "0001-01-01T00:00:00Z ",
	}
	for loc, w := range want {
		if got[loc] != w {
			t.Errorf("after the edits: %s: %q, want %q", loc, got[loc], w)
		}
	}
}

// TestHashSession: watch mode's rebuilds date the changed page by the
// rebuild and keep every other page in the state file (the first build's
// with no date).
func TestHashSession(t *testing.T) {
	root := pages(t, map[string]string{"index.html": "<title>home</title>", "a.html": "<title>a</title>"})
	state := filepath.Join(t.TempDir(), "state.json")
	opts := Options{
		Root: root, Heads: Heads{Read: true}, Write: writer.Options{Dir: t.TempDir()},
		Map:  mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModHash}},
		Hash: &Hash{State: state},
	}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(state)
	os.WriteFile(filepath.Join(root, "a.html"), []byte("<title>a, edited</title>"), 0o644)
	if _, err := s.Update(context.Background(), []string{filepath.Join(root, "a.html")}, nil); err != nil {
		t.Fatal(err)
	}
	st, err := hashstate.Load("", state, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	home, homeNew := st.Date("https://example.com/", hashstate.Options{}.Sum([]byte("<title>home</title>")), time.Now())
	a, aNew := st.Date("https://example.com/a.html", hashstate.Options{}.Sum([]byte("<title>a, edited</title>")), time.Now().Add(time.Hour))
	if homeNew || aNew {
		t.Errorf("the state file lost a page: home %v, a %v (state before:\n%s)", homeNew, aNew, before)
	}
	if !home.IsZero() || time.Since(a) > time.Minute || time.Since(a) < 0 {
		t.Errorf("home %v, want no date; the edited page %v, want the rebuild's time", home, a)
	}
}

// The hash source reads a page streaming: a 64 MiB page (sparse, so the
// test writes nothing) costs a build a few MiB, not the page's size.
// Under the race detector, which makes each byte hashed cost several times
// as much and watches no goroutine here that a smaller page does not
// start, the page is 24 MiB and the bound half of it: a build that read
// the page whole still fails, and the detector's first build, about 5 MiB,
// passes.
func TestHashLastModLargePage(t *testing.T) {
	size := int64(64 << 20)
	if raceEnabled {
		size = 24 << 20
	}
	root := pages(t, map[string]string{"index.html": "<title>home</title>"})
	f, err := os.Create(filepath.Join(root, "big.html"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	f.Close()
	opts := Options{
		Root: root, Heads: Heads{Read: true}, Write: writer.Options{Dir: t.TempDir()},
		Map:  mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModHash}},
		Hash: &Hash{State: filepath.Join(t.TempDir(), "state.json")},
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got, _ := lastmods(t, opts)
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > uint64(size/2) {
		t.Errorf("a build hashing a %d MiB page allocated %d MiB, want at most %d", size>>20, n>>20, size>>21)
	}
	// Hashed: recorded in the state file (with no date, seen first).
	if data, err := os.ReadFile(opts.Hash.State); err != nil || !strings.Contains(string(data), `"https://example.com/big.html": {`) {
		t.Errorf("big.html is not in the state file (%v):\n%s", err, data)
	}
	if lm := got["https://example.com/big.html"]; lm != "0001-01-01T00:00:00Z " {
		t.Errorf("big.html: lastmod %q on the first build, want none", lm)
	}
}

// TestHashStateUnreadable: a state file that cannot be read (bad JSON, a
// version of another sitemapgen, past limits.state_bytes) dates no page
// by this build and is not replaced: the hash source is passed over with a
// warning naming the file, the pages take the next source's dates, and
// the file keeps its bytes, for its owner to repair.
func TestHashStateUnreadable(t *testing.T) {
	for _, tc := range []struct {
		name, content string
		limit         int
		want          string
	}{
		{name: "bad JSON", content: "{\"version\": 1,\n  \"pages\": {\n<<<<<<< HEAD\n", want: "state.json:3:1: invalid character '<'"},
		{name: "another version", content: `{"version": 9, "pages": {}}`, want: "state.json: unknown version 9"},
		{name: "too large", content: `{"version": 1, "pages": {}}` + strings.Repeat(" ", 2000), limit: 1024, want: "larger than 1024 bytes (limits.state_bytes)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state := filepath.Join(t.TempDir(), "state.json")
			if err := os.WriteFile(state, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			root := pages(t, map[string]string{"index.html": "<title>home</title>", "a.html": "<title>a</title>"})
			mt := time.Date(2023, 3, 4, 5, 6, 7, 0, time.UTC)
			for _, p := range []string{"index.html", "a.html"} {
				os.Chtimes(filepath.Join(root, p), mt, mt)
			}
			opts := Options{
				Root: root, Heads: Heads{Read: true}, Write: writer.Options{Dir: t.TempDir()},
				Map: mapping.Options{BaseURL: "https://example.com/", Now: time.Date(2024, 5, 1, 10, 0, 0, 0, time.UTC),
					LastMod: []mapping.LastModSource{mapping.LastModHash, mapping.LastModMTime}},
				Hash:   &Hash{State: state, Listed: true},
				Limits: limits.Limits{StateBytes: tc.limit},
			}
			got, warnings := lastmods(t, opts)
			for loc, lm := range got {
				if lm != "2023-03-04T05:06:07Z mtime" {
					t.Errorf("%s: lastmod %q, want the modification time's", loc, lm)
				}
			}
			if len(got) != 2 {
				t.Errorf("%d URLs, want 2", len(got))
			}
			if len(warnings) != 1 || !strings.Contains(warnings[0], tc.want) || !strings.HasSuffix(warnings[0], hashPassedOver) {
				t.Errorf("warnings %q, want one with %q, ending %q", warnings, tc.want, hashPassedOver)
			}
			if data, err := os.ReadFile(state); err != nil || string(data) != tc.content {
				t.Errorf("the state file was changed (%v):\n%s", err, data)
			}
		})
	}
}
