package postbuild

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestOutputsBounded: a feed.xml past limits.output_bytes is not read (a
// sparse file of gigabytes costs nothing) and not replaced, with a
// warning naming it and the key; a key file of any size is compared
// within the size of the new one, and replaced.
func TestOutputsBounded(t *testing.T) {
	for _, size := range []int64{100 << 20, 3 << 30} {
		dir := t.TempDir()
		feed := filepath.Join(dir, FeedName)
		key := filepath.Join(dir, "0123456789abcdef.txt")
		fuzzbound.Sparse(t, feed, size)
		fuzzbound.Sparse(t, key, size)
		var warned []error
		o, err := Prepare(Options{Dir: dir, BaseURL: base, Key: "0123456789abcdef", Feed: &FeedOptions{}, Warn: func(err error) { warned = append(warned, err) }})
		if err != nil {
			t.Fatal(err)
		}
		urls := sitemap.Slice([]sitemap.URL{{Loc: base, LastMod: time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)}})
		if n := fuzzbound.Allocated(func() { err = o.Write(urls, Answers{}) }); n > 16<<20 {
			t.Errorf("%d bytes: %d bytes allocated, a file read", size, n)
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(warned) != 1 || !strings.HasPrefix(warned[0].Error(), feed+": ") || !strings.Contains(warned[0].Error(), "limits.output_bytes") || !errors.Is(warned[0], fsx.ErrTooLarge) {
			t.Errorf("%d bytes: warnings %q, want one naming %s and limits.output_bytes", size, warned, feed)
		}
		if fi, err := os.Stat(feed); err != nil || fi.Size() != size {
			t.Errorf("%d bytes: the feed replaced (%v)", size, err)
		}
		if data, err := os.ReadFile(key); err != nil || string(data) != "0123456789abcdef\n" {
			t.Errorf("%d bytes: the key file not replaced (%v)", size, err)
		}
	}
}

// TestFromSitemapsLinkOut: the previous build's sitemaps are read inside
// the output folder: a sitemap the record lists, planted as a link to a
// file outside, is not read, and its URLs are no previous build's.
func TestFromSitemapsLinkOut(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "out")
	if _, err := writer.Write(sitemap.Slice([]sitemap.URL{{Loc: base}}), writer.Options{Dir: dir, BaseURL: base}); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(root, "secret.xml")
	if err := os.WriteFile(secret, []byte(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/SECRET-TOKEN</loc></url></urlset>`), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "sitemap.xml"))
	if err := os.Symlink(secret, filepath.Join(dir, "sitemap.xml")); err != nil {
		t.Fatal(err)
	}
	set, ok, err := PreviousFromSitemaps(dir, base, 0)
	if _, in := set[base+"SECRET-TOKEN"]; in || ok || err == nil || !strings.HasPrefix(err.Error(), filepath.Join(dir, "sitemap.xml")+": ") || !strings.Contains(err.Error(), "link out of its folder") {
		t.Errorf("set %v, %v, %v: want the link refused, named", set, ok, err)
	}
}

// TestChangesInsideItsFolder: a changes file inside ChangesDir (a path a
// settings file gives) is removed before the build and written after it
// only inside that folder: a folder on the way linked out of it, there
// before the build or put there during it, is an error, and the file
// outside it is neither removed nor written. Its own name, a link, is
// replaced, not followed.
func TestChangesInsideItsFolder(t *testing.T) {
	top := t.TempDir()
	tree, outside := filepath.Join(top, "tree"), filepath.Join(top, "outside")
	for _, d := range []string{filepath.Join(tree, "site"), filepath.Join(tree, "ci"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	victim := filepath.Join(outside, "changes.txt")
	const kept = "not sitemapgen's\n"
	if err := os.WriteFile(victim, []byte(kept), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(tree, "linked")); err != nil {
		t.Fatal(err)
	}
	urls := sitemap.Slice([]sitemap.URL{{Loc: base}})
	opts := func(rel string) Options {
		return Options{Dir: filepath.Join(tree, "site"), BaseURL: base, Changes: rel, ChangesDir: tree}
	}

	// A folder linked out, there before the build.
	if _, err := Prepare(opts("linked/changes.txt")); !errors.Is(err, fsx.ErrOutside) || !strings.Contains(err.Error(), filepath.Join(tree, "linked")) {
		t.Errorf("Prepare through a folder linked out: %v, want fsx.ErrOutside naming it", err)
	}

	// Put there during the build.
	o, err := Prepare(opts("ci/changes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(tree, "ci"), filepath.Join(tree, "ci.old")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(tree, "ci")); err != nil {
		t.Fatal(err)
	}
	if err := o.Write(urls, Answers{}); !errors.Is(err, fsx.ErrOutside) {
		t.Errorf("Write through a folder linked out since Prepare: %v, want fsx.ErrOutside", err)
	}
	if data, err := os.ReadFile(victim); err != nil || string(data) != kept {
		t.Errorf("the file outside: %q, %v", data, err)
	}

	// The file's own name a link out: the link is replaced.
	link := filepath.Join(tree, "site", "changes.txt")
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	o, err = Prepare(opts("site/changes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Write(urls, Answers{}); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || !st.Mode().IsRegular() {
		t.Errorf("site/changes.txt is not a regular file: %v", err)
	}
	if data, err := os.ReadFile(victim); err != nil || string(data) != kept {
		t.Errorf("the file outside: %q, %v", data, err)
	}
}

// TestChangesInsideOutput: a changes file named inside the output folder
// is removed and written inside it, as every file sitemapgen writes there.
// Through a folder of OUT linked out of it, neither the file the link
// leads to nor a killed run's leftover beside it is removed or replaced:
// the build is refused before it writes anything, naming the path.
func TestChangesInsideOutput(t *testing.T) {
	top := t.TempDir()
	out, victims := filepath.Join(top, "public"), filepath.Join(top, "victims")
	for _, d := range []string{out, victims} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	victim, leftover := filepath.Join(victims, "changes.txt"), filepath.Join(victims, ".sitemapgen-999999999-1.tmp")
	for _, p := range []string{victim, leftover} {
		if err := os.WriteFile(p, []byte("token\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../victims", filepath.Join(out, "meta")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(out, "meta", "changes.txt")
	if _, err := Prepare(Options{Dir: out, BaseURL: base, Changes: path}); !errors.Is(err, fsx.ErrOutside) || !strings.Contains(err.Error(), path) {
		t.Errorf("Prepare: %v, want the link refused, naming %s", err, path)
	}
	if err := WriteChanges(out, "", path, []Change{{Added, base}}, base); !errors.Is(err, fsx.ErrOutside) {
		t.Errorf("WriteChanges: %v, want the link refused", err)
	}
	for _, p := range []string{victim, leftover} {
		if data, err := os.ReadFile(p); err != nil || string(data) != "token\n" {
			t.Errorf("%s, outside the output folder: %q, %v", p, data, err)
		}
	}
	// Inside it, not through a link: written, its folder made.
	path = filepath.Join(out, "new", "changes.txt")
	o, err := Prepare(Options{Dir: out, BaseURL: base, Changes: path})
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Write(sitemap.Slice([]sitemap.URL{{Loc: base}}), Answers{}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(path); err != nil || !strings.Contains(string(data), "+ "+base+"\n") {
		t.Errorf("%s: %q, %v", path, data, err)
	}
}
