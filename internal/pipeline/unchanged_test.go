package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestSessionAsksOnlyChanged: after a change, a Session tells the writer
// which URLs are the last Write's (writer.Unchanged), so that it asks
// only for the others: every URL but the edited page's after an edit,
// but the cluster's after an edit of a page with hreflang alternates,
// none after a page is added (the order changed) or after the build
// stamps' rule changes every date; and what it writes is a fresh Run's.
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
		{"a page added", func() string { write("zz.html", "<title>zz</title>", day(4)); return "zz.html" }, told{listed + 1, 0}},
		{"after it, an edit", func() string { write("p01.html", "<title>one</title>", day(5)); return "p01.html" }, told{listed + 1, listed}},
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
