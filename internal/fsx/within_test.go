//go:build unix

package fsx

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWithin: a path is inside its folder when it names a place there
// once every link is followed; what does not exist yet is inside when
// the part that exists is.
func TestWithin(t *testing.T) {
	site, outside := tree(t)
	top := filepath.Dir(site)
	must(t, os.Symlink(top, filepath.Join(site, "updir")))
	must(t, os.Symlink("sub", filepath.Join(site, "subdir")))
	must(t, os.Symlink("nowhere", filepath.Join(site, "dangling")))
	t.Chdir(site)
	for _, tc := range []struct {
		path string
		want string // "": inside; "outside"; else part of the error
	}{
		{path: "."},
		{path: "in.txt"},
		{path: "sub/../in.txt"},
		{path: filepath.Join(site, "in.txt")}, // absolute, inside
		{path: "in"},                          // a link inside
		{path: "absin"},                       // an absolute link to inside
		{path: "subdir/new/changes.txt"},      // not there yet, below a link inside
		{path: "new/deeper/changes.txt"},      // not there yet, its folders neither
		{path: "../secret.txt", want: "outside"},
		{path: "..", want: "outside"},
		{path: "../new.json", want: "outside"}, // not there yet, outside
		{path: outside, want: "outside"},       // absolute, outside
		{path: "/etc/passwd", want: "outside"},
		{path: "out", want: "outside"},             // a link out
		{path: "abs", want: "outside"},             // an absolute link out
		{path: "sub/out", want: "outside"},         // a link out, deeper
		{path: "updir", want: "outside"},           // a folder linked out
		{path: "updir/new.txt", want: "outside"},   // not there yet, below a link out
		{path: "updir/site/in.txt", want: ""},      // out and back in
		{path: "loop", want: "too many links"},     // cannot be followed
		{path: "dangling/x", want: "no such file"}, // a link to nowhere: where would it be made?
	} {
		t.Run(tc.path, func(t *testing.T) {
			err := Within(site, tc.path)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("Within(%q) = %v, want nil", tc.path, err)
			case tc.want == "":
			case err == nil:
				t.Fatalf("Within(%q) = nil, want %s", tc.path, tc.want)
			case tc.want == "outside":
				if !errors.Is(err, ErrNotWithin) {
					t.Fatalf("Within(%q) = %v, want ErrNotWithin", tc.path, err)
				}
				if !strings.Contains(err.Error(), "outside "+site) || !strings.Contains(err.Error(), "leads to /") {
					t.Errorf("Within(%q) = %q: does not say where it leads, and out of what", tc.path, err)
				}
			case !strings.Contains(err.Error(), tc.want):
				t.Fatalf("Within(%q) = %v, want %q", tc.path, err, tc.want)
			}
		})
	}
}

// TestWithinTopLinked: the folder itself may be named through a link.
func TestWithinTopLinked(t *testing.T) {
	site, _ := tree(t)
	link := filepath.Join(t.TempDir(), "link")
	must(t, os.Symlink(site, link))
	if err := Within(link, filepath.Join(site, "in.txt")); err != nil {
		t.Errorf("the real path inside a folder named through a link: %v", err)
	}
	if err := Within(site, filepath.Join(link, "in.txt")); err != nil {
		t.Errorf("a path through a link to the folder: %v", err)
	}
	if err := Within(link, filepath.Join(link, "out")); !errors.Is(err, ErrNotWithin) {
		t.Errorf("a link out, through a link to the folder: %v", err)
	}
}

// TestWithinWorkingDirLinked: a relative path climbs from the working
// directory the kernel knows, not from $PWD, which os.Getwd may answer
// with a path through a link.
func TestWithinWorkingDirLinked(t *testing.T) {
	top := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(top, "a", "b"), 0o755))
	must(t, os.Symlink(filepath.Join("a", "b"), filepath.Join(top, "l")))
	t.Chdir(filepath.Join(top, "a", "b"))
	t.Setenv("PWD", filepath.Join(top, "l"))
	// "../x" is a/x, inside a; $PWD's lexical parent would be top itself.
	if err := Within(filepath.Join(top, "a"), "../x"); err != nil {
		t.Errorf("../x from a/b, in a: %v", err)
	}
	if err := Within(filepath.Join(top, "a"), "../../x"); !errors.Is(err, ErrNotWithin) {
		t.Errorf("../../x from a/b, out of a: %v", err)
	}
}
