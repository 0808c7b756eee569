package writer

import (
	"bytes"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// TestOwnFilesBounded: the files of its own that Write reads back from
// the output folder, past their bound (a sparse file, which costs nothing
// on disk), are refused before they are read, with a message naming the
// file and the setting, and nothing of the set already written is lost:
// the record (limits.output_bytes), robots.txt under Robots
// (limits.robots_bytes), a sitemap.html it did not record
// (limits.output_bytes).
func TestOwnFilesBounded(t *testing.T) {
	tests := []struct {
		name, file string
		size       int64
		opts       Options
		key        string
	}{
		{"record", RecordName, 3 << 30, Options{}, "limits.output_bytes"},
		{"record past a lower limit", RecordName, 100 << 10, Options{OutputBytes: 64 << 10}, "limits.output_bytes"},
		{"robots.txt", "robots.txt", 3 << 30, Options{Robots: true}, "limits.robots_bytes"},
		{"robots.txt past the default", "robots.txt", 600 << 10, Options{Robots: true}, "limits.robots_bytes"},
		{"sitemap.html", ViewerName, 3 << 30, Options{Viewer: true}, "limits.output_bytes"},
		{"sitemap.html past the default", ViewerName, 100 << 20, Options{Viewer: true}, "limits.output_bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := Write(sitemap.Slice(sample), Options{Dir: dir, BaseURL: base}); err != nil {
				t.Fatal(err)
			}
			before, err := os.ReadFile(filepath.Join(dir, "sitemap.xml"))
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, tt.file)
			fuzzbound.Sparse(t, path, tt.size)
			opts := tt.opts
			opts.Dir, opts.BaseURL, opts.Gzip = dir, base, true // a new set: sitemap.xml.gz
			var werr error
			if n := fuzzbound.Allocated(func() { _, werr = Write(sitemap.Slice(sample), opts) }); n > 16<<20 {
				t.Errorf("%d bytes allocated: the file was read", n)
			}
			if werr == nil || !strings.HasPrefix(werr.Error(), path+": ") || !strings.Contains(werr.Error(), tt.key) || !errors.Is(werr, fsx.ErrTooLarge) {
				t.Fatalf("err = %v, want one naming %s and %s", werr, path, tt.key)
			}
			if after, err := os.ReadFile(filepath.Join(dir, "sitemap.xml")); err != nil || !bytes.Equal(after, before) {
				t.Errorf("the previous sitemap.xml changed (%v)", err)
			}
			if _, err := os.Stat(filepath.Join(dir, "sitemap.xml.gz")); err == nil {
				t.Error("the new set written beside it")
			}
			if fi, err := os.Stat(path); err != nil || fi.Size() != tt.size {
				t.Errorf("%s changed (%v)", tt.file, err)
			}
		})
	}
}

// TestRecordLinkOut: a record planted as a link to a file outside the
// output folder is not read: its names are not removed, and the Write
// fails naming it before anything is written.
func TestRecordLinkOut(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	victim := filepath.Join(dir, "victim")
	for _, d := range []string{out, victim} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(victim, "sitemap-7.xml"), []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "record"), []byte("sitemap-7.xml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "record"), filepath.Join(out, RecordName)); err != nil {
		t.Fatal(err)
	}
	_, err := Write(sitemap.Slice(sample), Options{Dir: out, BaseURL: base})
	if !errors.Is(err, fsx.ErrOutside) || !strings.Contains(err.Error(), filepath.Join(out, RecordName)) {
		t.Fatalf("err = %v, want the link refused, named", err)
	}
	if _, err := os.Stat(filepath.Join(out, "sitemap.xml")); err == nil {
		t.Error("sitemap.xml written despite the error")
	}
	if _, err := os.Stat(filepath.Join(victim, "sitemap-7.xml")); err != nil {
		t.Error(err)
	}
}

// TestTakeOverFolderSwapped: another tool's folder of sitemaps that is
// swapped for a link out of the output folder after Write looked in it
// (here while the set is renamed into place) is not removed through: the
// file the link leads to, outside, is left whole, and the name is not
// said taken over.
func TestTakeOverFolderSwapped(t *testing.T) {
	const urlset = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/de/</loc></url></urlset>`
	top := t.TempDir()
	out, victims := filepath.Join(top, "out"), filepath.Join(top, "victims")
	for _, d := range []string{filepath.Join(out, "de"), victims} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{filepath.Join(out, "de", "sitemap.xml"), filepath.Join(victims, "sitemap.xml")} {
		if err := os.WriteFile(p, []byte(urlset), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	swapped := false
	rename = func(r *fsx.Root, from, to string) error {
		if !swapped {
			swapped = true
			if err := os.RemoveAll(filepath.Join(out, "de")); err != nil {
				return err
			}
			if err := os.Symlink("../victims", filepath.Join(out, "de")); err != nil {
				return err
			}
		}
		return r.Rename(from, to)
	}
	defer func() { rename = (*fsx.Root).Rename }()
	takes := func(name string) bool { return name == "de/sitemap.xml" }
	res, err := Write(sitemap.Slice(sample), Options{Dir: out, BaseURL: base, TakeOver: takes})
	if err != nil {
		t.Fatal(err)
	}
	if !swapped {
		t.Fatal("no rename: the folder was not swapped")
	}
	if len(res.TakenOver) != 0 {
		t.Errorf("taken over %q through a link out", res.TakenOver)
	}
	if data, err := os.ReadFile(filepath.Join(victims, "sitemap.xml")); err != nil || string(data) != urlset {
		t.Errorf("the file outside the output folder: %q, %v", data, err)
	}
}

// TestMadeFoldersOnlyEmpty: a Write that fails takes back the folders it
// made for the output folder only while they are empty folders: a file
// made in the place of one while it ran is left.
func TestMadeFoldersOnlyEmpty(t *testing.T) {
	top := t.TempDir()
	out := filepath.Join(top, "new", "a", "out")
	rename = func(r *fsx.Root, from, to string) error {
		// new/a replaced by a file of someone else's.
		if err := os.RemoveAll(filepath.Join(top, "new", "a")); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(top, "new", "a"), []byte("token\n"), 0o644); err != nil {
			return err
		}
		return &os.LinkError{Op: "rename", Old: r.Path(from), New: r.Path(to), Err: syscall.EIO}
	}
	defer func() { rename = (*fsx.Root).Rename }()
	if _, err := Write(sitemap.Slice(sample), Options{Dir: out, BaseURL: base}); err == nil {
		t.Fatal("no error")
	}
	if data, err := os.ReadFile(filepath.Join(top, "new", "a")); err != nil || string(data) != "token\n" {
		t.Errorf("the file made where a folder Write made was: %q, %v", data, err)
	}
}

// TestStaleRemovalNeverOut: a record whose names lead through a folder
// linked out of the output folder removes nothing there (the record's
// names are Write's own, one folder deep at most, so none does), and a
// stale name that is a link is left, its target whole.
func TestStaleRemovalNeverOut(t *testing.T) {
	top := t.TempDir()
	out, victims := filepath.Join(top, "out"), filepath.Join(top, "victims")
	for _, d := range []string{out, victims} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	victim := filepath.Join(victims, "sitemap-3.xml")
	if err := os.WriteFile(victim, []byte("token\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../victims", filepath.Join(out, "lnk")); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(sitemap.Slice(numbered(6)), Options{Dir: out, BaseURL: base, MaxURLs: 2}); err != nil {
		t.Fatal(err)
	}
	// The record names lnk/sitemap-3.xml, and sitemap-2.xml, now a link
	// to the file outside.
	record, err := os.ReadFile(filepath.Join(out, RecordName))
	if err != nil {
		t.Fatal(err)
	}
	record = append(record, "lnk/sitemap-3.xml\n"...)
	if err := os.WriteFile(filepath.Join(out, RecordName), record, 0o644); err != nil {
		t.Fatal(err)
	}
	stale := ""
	for _, e := range mustReadDir(t, out) {
		if strings.HasPrefix(e, "sitemap-2-") {
			stale = e
		}
	}
	if stale == "" {
		t.Fatal("no sitemap-2")
	}
	if err := os.Remove(filepath.Join(out, stale)); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(out, stale)); err != nil {
		t.Fatal(err)
	}
	res, err := Write(sitemap.Slice(numbered(1)), Options{Dir: out, BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(res.Removed, stale) || slices.Contains(res.Removed, "lnk/sitemap-3.xml") {
		t.Errorf("removed %q", res.Removed)
	}
	if data, err := os.ReadFile(victim); err != nil || string(data) != "token\n" {
		t.Errorf("the file outside the output folder: %q, %v", data, err)
	}
	if fi, err := os.Lstat(filepath.Join(out, stale)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link %s: %v, %v", stale, fi, err)
	}
}

func mustReadDir(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// TestRobotsLinesAsParsed: robots.txt's Sitemap: lines are read as the
// rules' parser reads them (robots.SitemapOf): a line of ours written
// "Sitemap : URL" is replaced, not kept beside a second one, and one that
// names a file gone is dead.
func TestRobotsLinesAsParsed(t *testing.T) {
	base := "https://example.com/"
	old := "User-agent: *\nSITEMAP :  https://example.com/sitemap-1.xml # old\nSitemap: https://other.example/s.xml\n"
	got := string(MergeRobots([]byte(old), base, []string{base + "sitemap.xml"}))
	want := "User-agent: *\nSitemap: https://example.com/sitemap.xml\nSitemap: https://other.example/s.xml\n"
	if got != want {
		t.Errorf("MergeRobots =\n%s\nwant\n%s", got, want)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "robots.txt"), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if dead := DeadRobotsLines(dir, robots.Load(dir, robots.MaxBytes).Sitemaps(), base); len(dead) != 1 || dead[0].Line != 2 || dead[0].URL != "https://example.com/sitemap-1.xml" {
		t.Errorf("DeadRobotsLines = %v; want line 2", dead)
	}
}

// TestFolderSwappedAfterOpened: every step of Write and Withdraw that
// reads or writes a file of the output folder goes through the folder
// they hold open, not its path again: once the folder is swapped for a
// link to another right after it was opened, robots.txt (checked,
// merged, rewritten), the record and the names the set's files take are
// those of the folder held, and the other folder is left as it was, its
// files neither read for the set nor written.
func TestFolderSwappedAfterOpened(t *testing.T) {
	for _, tc := range []struct {
		name string
		// held and other are the files of the folder held and of the
		// one the link leads to, before the run ("/" ending a folder).
		held, other map[string]string
		withdraw    bool
		opts        Options
		check       func(t *testing.T, held string, res *Result)
	}{
		{name: "robots.txt checked", other: map[string]string{"robots.txt/": ""}, opts: Options{Robots: true},
			check: func(t *testing.T, held string, _ *Result) {
				hasLine(t, held, "robots.txt", "Sitemap: "+base+"sitemap.xml")
			}},
		{name: "robots.txt merged", other: map[string]string{"robots.txt": "User-agent: *\nDisallow: /x/\n"}, opts: Options{Robots: true},
			check: func(t *testing.T, held string, _ *Result) {
				hasLine(t, held, "robots.txt", "Sitemap: "+base+"sitemap.xml")
			}},
		{name: "record", held: map[string]string{"sitemap-9.xml": "the site's own\n"}, other: map[string]string{RecordName: "sitemap-9.xml\n"},
			check: func(t *testing.T, held string, res *Result) {
				hasLine(t, held, "sitemap-9.xml", "the site's own")
				if len(res.Removed) > 0 {
					t.Errorf("removed %q", res.Removed)
				}
			}},
		{name: "a folder where a file goes", other: map[string]string{"sitemap.xml/": ""},
			check: func(t *testing.T, held string, _ *Result) { hasLine(t, held, "sitemap.xml", "<loc>"+base+"</loc>") }},
		{name: "the viewer", other: map[string]string{ViewerName: "<p>a page of the site</p>\n"}, opts: Options{Viewer: true},
			check: func(t *testing.T, held string, _ *Result) { hasLine(t, held, ViewerName, viewerMarker) }},
		{name: "the text sitemap", other: map[string]string{"sitemap.txt": "a file of the site\n"}, opts: Options{Text: true},
			check: func(t *testing.T, held string, _ *Result) { hasLine(t, held, "sitemap.txt", base) }},
		{name: "a generator's sitemap", held: map[string]string{"sitemap-0.xml": "the site's own\n"}, other: map[string]string{"sitemap-0.xml": foreignURLSet},
			opts: Options{TakeOver: func(name string) bool { return name == "sitemap-0.xml" }},
			check: func(t *testing.T, held string, res *Result) {
				sameFile(t, held, "sitemap-0.xml", "the site's own\n")
				if len(res.TakenOver) > 0 {
					t.Errorf("taken over %q", res.TakenOver)
				}
			}},
		{name: "a generator's sitemap, withdrawn", withdraw: true, held: map[string]string{"sitemap-0.xml": "the site's own\n"}, other: map[string]string{"sitemap-0.xml": foreignURLSet},
			opts: Options{TakeOver: func(name string) bool { return name == "sitemap-0.xml" }},
			check: func(t *testing.T, held string, res *Result) {
				sameFile(t, held, "sitemap-0.xml", "the site's own\n")
				if len(res.TakenOver) > 0 {
					t.Errorf("taken over %q", res.TakenOver)
				}
			}},
		{name: "withdrawn", withdraw: true, opts: Options{Robots: true},
			held:  map[string]string{"robots.txt": "User-agent: *\nSitemap: " + base + "sitemap.xml\n", "sitemap.xml": "<urlset/>\n", RecordName: "sitemap.xml\n"},
			other: map[string]string{"robots.txt": "Sitemap: " + base + "sitemap.xml\n"},
			check: func(t *testing.T, held string, res *Result) {
				sameFile(t, held, "robots.txt", "User-agent: *\n")
				if _, err := os.Stat(filepath.Join(held, "sitemap.xml")); err == nil {
					t.Errorf("sitemap.xml of the folder held not removed (removed %q)", res.Removed)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			top := t.TempDir()
			out, held, other := filepath.Join(top, "out"), filepath.Join(top, "held"), filepath.Join(top, "other")
			writeTree(t, out, tc.held)
			writeTree(t, other, tc.other)
			before := treeOf(t, other)
			swapAfterOpen(t, out, held)
			opts := tc.opts
			opts.Dir, opts.BaseURL = out, base
			var res *Result
			var err error
			if tc.withdraw {
				res, err = Withdraw(opts)
			} else {
				res, err = Write(sitemap.Slice(sample[:1]), opts)
			}
			if err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(held); err != nil {
				t.Fatalf("the folder was not swapped: %v", err)
			}
			tc.check(t, held, res)
			if after := treeOf(t, other); !maps.Equal(after, before) {
				t.Errorf("the folder the link leads to changed:\n%q\nwas\n%q", after, before)
			}
		})
	}
}

// writeTree makes dir and the files of files in it (a name ending in "/"
// a folder).
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		p := filepath.Join(dir, strings.TrimSuffix(name, "/"))
		var err error
		if strings.HasSuffix(name, "/") {
			err = os.MkdirAll(p, 0o755)
		} else {
			err = os.WriteFile(p, []byte(data), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// treeOf returns the files of dir, by name, with their contents ("/"
// for a folder).
func treeOf(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			files[rel] = "/"
			return nil
		}
		data, err := os.ReadFile(p)
		files[rel] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// hasLine checks that the file name of dir has a line that holds want.
func hasLine(t *testing.T, dir, name, want string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil || !strings.Contains(string(data), want) {
		t.Errorf("%s of the folder held: %q, %v; want it to hold %q", name, data, err, want)
	}
}

// foreignURLSet is a generator's sitemap.
const foreignURLSet = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a/</loc></url></urlset>`

// sameFile checks that the file name of dir holds want.
func sameFile(t *testing.T, dir, name, want string) {
	t.Helper()
	if data, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(data) != want {
		t.Errorf("%s of the folder held: %q, %v; want %q", name, data, err, want)
	}
}

// TestStateFolderSwapped: watch mode's Write (with a State) asks whether
// a file is as it left it, and records the files it renamed, in the
// folder it holds: once the folder is swapped for a link to another
// right after it was opened, the files of the folder held are kept, and
// known as kept to the next Write.
func TestStateFolderSwapped(t *testing.T) {
	top := t.TempDir()
	out, held, other := filepath.Join(top, "out"), filepath.Join(top, "held"), filepath.Join(top, "other")
	writeTree(t, other, nil)
	st := NewState()
	opts := Options{Dir: out, BaseURL: base, MaxURLs: 2, State: st}
	if _, err := Write(sitemap.Slice(numbered(5)), opts); err != nil {
		t.Fatal(err)
	}
	swapAfterOpen(t, out, held)
	res, err := Write(sitemap.Slice(numbered(5)), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Written) > 0 {
		t.Errorf("the files of the folder held, unchanged, written again: %q", res.Written)
	}
	openRoot = fsx.OpenRoot
	opts.Dir = held
	if res, err = Write(sitemap.Slice(numbered(5)), opts); err != nil {
		t.Fatal(err)
	}
	if len(res.Written) > 0 {
		t.Errorf("the next Write: the files it kept unknown, written again: %q", res.Written)
	}
	if names := treeOf(t, other); len(names) > 0 {
		t.Errorf("files in the folder the link leads to: %q", slices.Sorted(maps.Keys(names)))
	}
}

// swapAfterOpen has the next folders the writer opens, as soon as each
// is open, moved: out to held, and out made a link to its sibling
// "other"; the test's end puts the door back.
func swapAfterOpen(t *testing.T, out, held string) {
	t.Helper()
	openRoot = func(dir string) (*fsx.Root, error) {
		r, err := fsx.OpenRoot(dir)
		if err == nil {
			if err := os.Rename(out, held); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("other", out); err != nil {
				t.Fatal(err)
			}
		}
		return r, err
	}
	t.Cleanup(func() { openRoot = fsx.OpenRoot })
}
