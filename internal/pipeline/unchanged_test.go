package pipeline

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestSessionAsksOnlyChanged: after a change, a Session tells the writer
// which URLs are the last Write's (writer.Unchanged), so that it asks
// only for the others: every URL but the edited page's after an edit,
// but the cluster's after an edit of a page with hreflang alternates,
// every URL but the new one after a page is added, every one after a
// page is removed; and what it writes is a fresh Run's.
// In a test binary the writer checks each answer against the URL
// (writer's checkKnown).
func TestSessionAsksOnlyChanged(t *testing.T) {
	root := t.TempDir()
	day := func(d int) time.Time { return time.Date(2024, 3, d, 0, 0, 0, 0, time.UTC) }
	write := func(rel, head string, mtime time.Time) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("<!DOCTYPE html><html><head>"+head+"</head><body></body></html>"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	const pages = 40
	for i := range pages {
		write(fmt.Sprintf("p%02d.html", i), fmt.Sprintf("<title>%d</title>", i), day(1+i%20))
	}
	alts := `<link rel="alternate" hreflang="en" href="https://example.com/en/">` +
		`<link rel="alternate" hreflang="de" href="https://example.com/de/">`
	write("en/index.html", "<title>en</title>"+alts, day(2))
	write("de/index.html", "<title>de</title>"+alts, day(3))
	out := t.TempDir()
	opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/"}, Write: writer.Options{Dir: out}}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	type told struct{ urls, unchanged int }
	var got []told
	traceUnchanged = func(urls, unchanged int) { got = append(got, told{urls, unchanged}) }
	defer func() { traceUnchanged = nil }()
	const listed = pages + 2
	for _, step := range []struct {
		name   string
		change func() string
		want   told
	}{
		{"a page edited", func() string { write("p07.html", "<title>seven</title>", day(25)); return "p07.html" }, told{listed, listed - 1}},
		{"the same page again", func() string { write("p07.html", "<title>seven</title>", day(26)); return "p07.html" }, told{listed, listed - 1}},
		{"a page of a cluster", func() string { write("de/index.html", "<title>DE</title>"+alts, day(27)); return "de/index.html" }, told{listed, listed - 2}},
		{"a page added", func() string { write("zz.html", "<title>zz</title>", day(4)); return "zz.html" }, told{listed + 1, listed}},
		{"a page removed", func() string { os.Remove(filepath.Join(root, "p03.html")); return "p03.html" }, told{listed, listed}},
		{"after it, an edit", func() string { write("p01.html", "<title>one</title>", day(5)); return "p01.html" }, told{listed, listed - 1}},
	} {
		got = nil
		rel := step.change()
		if _, err := s.Update(context.Background(), []string{filepath.Join(root, rel)}, nil); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		if len(got) != 1 || got[0] != step.want {
			t.Errorf("%s: told the writer %+v, want %+v", step.name, got, step.want)
		}
		sameAsRun(t, step.name, opts, out)
	}
}

// TestSessionDuplicateRuns: pages that share a URL (x/index.html,
// x/index.htm, and x.html and x.htm whose canonical link names x/) sit
// side by side in the Session's order; added and removed at random, from
// the middle of their run too, the Session's count of them stays true
// (it checks itself in a test binary) and it writes what a fresh Run
// writes: the URL once, from the same page. (Among enough other pages
// that the order is patched, not sorted again: reorderShare.)
func TestSessionDuplicateRuns(t *testing.T) {
	root := t.TempDir()
	page := func(rel string, on bool) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(rel))
		if !on {
			if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			return
		}
		head := "<title>" + rel + "</title>"
		if strings.HasPrefix(rel, "x.") {
			head += `<link rel="canonical" href="https://example.com/x/">`
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("<html><head>"+head+"</head></html>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	names := []string{"x.htm", "x.html", "x/index.htm", "x/index.html"}
	on := map[string]bool{}
	for _, n := range names {
		page(n, true)
		on[n] = true
	}
	for i := range 2 * reorderShare { // other URLs: the order is patched, not sorted again
		page(fmt.Sprintf("z%02d.html", i), true)
	}
	out := t.TempDir()
	opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/"}, Write: writer.Options{Dir: out}}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 8))
	most := 0
	for step := range 80 {
		n := names[rng.IntN(len(names))]
		on[n] = !on[n]
		page(n, on[n])
		if _, err := s.Update(context.Background(), []string{filepath.Join(root, filepath.FromSlash(n))}, nil); err != nil {
			t.Fatalf("step %d (%s %v): %v", step, n, on[n], err)
		}
		want := 0
		for i := 1; i < len(s.all); i++ {
			if s.b.recs.sameLoc(s.all[i], s.all[i-1]) {
				want++
			}
		}
		if got := s.dups; got != want {
			t.Fatalf("step %d (%s %v): %d duplicates counted, and there are %d", step, n, on[n], got, want)
		}
		most = max(most, want)
		sameAsRun(t, fmt.Sprintf("step %d", step), opts, out)
	}
	if most < 2 {
		t.Errorf("at most %d duplicates at once: no run of three", most)
	}
}

// TestSessionAsksOnlyChangedPlain: on a site without hreflang
// alternates, or with their checks off, an edit still leaves every other
// URL known unchanged: no alternates judged anew where there are none.
func TestSessionAsksOnlyChangedPlain(t *testing.T) {
	for _, off := range []bool{false, true} {
		t.Run(fmt.Sprintf("hreflang off %v", off), func(t *testing.T) {
			root := t.TempDir()
			const pages = 30
			for i := range pages {
				if err := os.WriteFile(filepath.Join(root, fmt.Sprintf("p%02d.html", i)), []byte(fmt.Sprintf("<title>%d</title>", i)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out := t.TempDir()
			opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/"}, Write: writer.Options{Dir: out}}
			opts.Hreflang.Off = off
			s, _, err := Start(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			var told []int
			traceUnchanged = func(urls, unchanged int) { told = append(told, urls, unchanged) }
			defer func() { traceUnchanged = nil }()
			for step := range 3 {
				told = nil
				p := filepath.Join(root, "p07.html")
				if err := os.WriteFile(p, []byte(fmt.Sprintf("<title>seven %d</title>", step)), 0o644); err != nil {
					t.Fatal(err)
				}
				mtime := time.Date(2024, 5, 1+step, 0, 0, 0, 0, time.UTC)
				if err := os.Chtimes(p, mtime, mtime); err != nil {
					t.Fatal(err)
				}
				if _, err := s.Update(context.Background(), []string{p}, nil); err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(told, []int{pages, pages - 1}) {
					t.Errorf("edit %d: told the writer %v (URLs, unchanged), want [%d %d]", step, told, pages, pages-1)
				}
				sameAsRun(t, fmt.Sprint("edit ", step), opts, out)
			}
		})
	}
}
