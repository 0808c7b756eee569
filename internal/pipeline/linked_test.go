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

// TestSessionHardLinkedTree: in a site whose every page has another name
// outside it (a copy made with cp -al, rsync --link-dest, a snapshot), an
// edit through a page's name judges that page again, not the site; a
// change through the other name is seen after a later batch; a name made
// inside the site for a page is a whole build, and a write through either
// of two names inside it judges both.
func TestSessionHardLinkedTree(t *testing.T) {
	orig, root, out := t.TempDir(), t.TempDir(), t.TempDir()
	const n = 30
	day := func(d int) time.Time { return time.Date(2024, 5, d, 0, 0, 0, 0, time.UTC) }
	for i := range n {
		name := fmt.Sprintf("p%02d.html", i)
		if i == 0 {
			name = "index.html"
		}
		p := filepath.Join(orig, name)
		if err := os.WriteFile(p, []byte(fmt.Sprintf("<title>%d</title>", i)), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Chtimes(p, day(1), day(1))
		if err := os.Link(p, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/"}, Write: writer.Options{Dir: out}}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	update := func(step string, read int, paths ...string) {
		t.Helper()
		for i, p := range paths {
			paths[i] = filepath.Join(root, p)
		}
		res, err := s.Update(context.Background(), paths, nil)
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		if res.Pages != read {
			t.Errorf("%s: %d pages read again, want %d", step, res.Pages, read)
		}
		sameAsRun(t, step, opts, out)
	}
	write := func(p string, body string, mtime time.Time) {
		t.Helper()
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil { // in place: every name's file
			t.Fatal(err)
		}
		os.Chtimes(p, mtime, mtime)
	}

	write(filepath.Join(root, "p03.html"), "<title>edited</title>", day(2))
	update("an edit in place", 1, "p03.html")
	if err := os.Chtimes(filepath.Join(root, "p04.html"), day(3), day(3)); err != nil {
		t.Fatal(err)
	}
	update("a touch", 1, "p04.html")

	// Through the name outside: no event of the site's; the next batch
	// looks at the pages with other names.
	write(filepath.Join(orig, "p05.html"), "<title>from outside</title>", day(4))
	write(filepath.Join(root, "style.css"), "p{}", day(4))
	update("a write through the other name", n, "style.css")

	// An editor's atomic save replaces the file: its other name keeps the
	// old one.
	tmp := filepath.Join(root, ".p06.html.tmp")
	write(tmp, "<title>saved</title>", day(5))
	if err := os.Rename(tmp, filepath.Join(root, "p06.html")); err != nil {
		t.Fatal(err)
	}
	update("an atomic save", 1, ".p06.html.tmp", "p06.html")

	// A second name inside the site, for a page read with two names.
	if err := os.Link(filepath.Join(root, "p07.html"), filepath.Join(root, "copy.html")); err != nil {
		t.Fatal(err)
	}
	update("a new name", n+1, "copy.html")
	write(filepath.Join(root, "copy.html"), "<title>both</title>", day(6))
	update("a write through one of two names inside", 2, "copy.html")
}

// TestSessionAbsoluteLink: with links followed, a folder linked by an
// absolute path to a folder of the site is not followed (the one door
// refuses such a link, so no other command could read what it would
// list): its pages, hard-linked, are not noted under its name, whose
// stat through the door would fail after every batch and make each one
// a whole build.
func TestSessionAbsoluteLink(t *testing.T) {
	orig, root, out := t.TempDir(), t.TempDir(), t.TempDir()
	for _, name := range []string{"index.html", "sub/index.html", "sub/a.html"} {
		p := filepath.Join(orig, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte("<title>"+name+"</title>"), 0o644); err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755)
		if err := os.Link(p, filepath.Join(root, filepath.FromSlash(name))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "sub"), filepath.Join(root, "abs")); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/"}, Write: writer.Options{Dir: out}}
	opts.Walk.FollowSymlinks = true
	opts.Report.Warn = func(path string, err error) { warnings = append(warnings, path+": "+err.Error()) }
	s, res, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Pages != 3 || len(warnings) != 1 || warnings[0] != "abs: an absolute symbolic link: not followed; make it relative" {
		t.Errorf("%d pages, warnings %q; want 3, abs said absolute", res.Pages, warnings)
	}
	opts.Report = Report{}
	for i := range 3 {
		if err := os.WriteFile(filepath.Join(root, "style.css"), []byte(fmt.Sprint(i)), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := s.Update(context.Background(), []string{filepath.Join(root, "style.css")}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Pages != 0 {
			t.Errorf("batch %d: %d pages read again, want none", i, res.Pages)
		}
	}
	sameAsRun(t, "after the batches", opts, out)
}
