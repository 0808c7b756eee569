//go:build unix

package fsx

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// writeTree is tree with a folder outside too, holding victim.txt, and
// two links to it planted inside: lnk (relative) and sub/lnk.
func writeTree(t *testing.T) (site, outside, victim string) {
	t.Helper()
	site, outside = tree(t)
	victims := filepath.Join(filepath.Dir(site), "victims")
	must(t, os.Mkdir(victims, 0o755))
	victim = filepath.Join(victims, "victim.txt")
	must(t, os.WriteFile(victim, []byte("token\n"), 0o644))
	must(t, os.Symlink("../victims", filepath.Join(site, "lnk")))
	must(t, os.Symlink("../../victims", filepath.Join(site, "sub", "lnk")))
	return site, outside, victim
}

// untouched fails t unless each file outside still holds its token.
func untouched(t *testing.T, files ...string) {
	t.Helper()
	for _, f := range files {
		if data, err := os.ReadFile(f); err != nil || string(data) != "token\n" {
			t.Errorf("%s, outside the folder: %q, %v", f, data, err)
		}
	}
}

func openRoot(t *testing.T, dir string) *Root {
	t.Helper()
	r, err := OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// Remove never goes through a link out of the folder, removes a link
// itself, and never a folder.
func TestRemoveInside(t *testing.T) {
	for _, tc := range []struct {
		rel, errLike string
		outside      bool
		gone         bool
	}{
		{rel: "lnk/victim.txt", outside: true},
		{rel: "sub/lnk/victim.txt", outside: true},
		{rel: "../victims/victim.txt", outside: true},
		{rel: "/" + "victims/victim.txt", outside: true},
		{rel: "out", gone: true},    // the link itself, not secret.txt
		{rel: "abs", gone: true},    // an absolute link itself
		{rel: "in.txt", gone: true}, // a file of the folder
		{rel: "sub/up", gone: true}, // a link in a folder inside
		{rel: "sub", errLike: "is a directory"},
		{rel: "missing", errLike: "no such file"},
		{rel: ".", errLike: "invalid argument"},
	} {
		t.Run(tc.rel, func(t *testing.T) {
			site, outside, victim := writeTree(t)
			r := openRoot(t, site)
			err := r.Remove(tc.rel)
			untouched(t, outside, victim)
			switch {
			case tc.outside:
				if !errors.Is(err, ErrOutside) {
					t.Fatalf("Remove(%q) = %v, want ErrOutside", tc.rel, err)
				}
				if !strings.Contains(err.Error(), filepath.Join(site, tc.rel)) {
					t.Errorf("error %q does not name the path", err)
				}
			case tc.gone:
				if err != nil {
					t.Fatal(err)
				}
				if _, err := os.Lstat(filepath.Join(site, tc.rel)); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("%s still there: %v", tc.rel, err)
				}
			default:
				if err == nil || !strings.Contains(err.Error(), tc.errLike) || !strings.Contains(err.Error(), site) {
					t.Fatalf("Remove(%q) = %v, want an error naming the path like %q", tc.rel, err, tc.errLike)
				}
				if tc.rel == "sub" {
					if fi, err := os.Lstat(filepath.Join(site, "sub")); err != nil || !fi.IsDir() {
						t.Errorf("the folder was removed: %v", err)
					}
				}
			}
		})
	}
}

// RemoveRegular leaves anything but a regular file, a FIFO among them
// (never waited on), and a FIFO where a folder is looked for.
func TestRemoveRegular(t *testing.T) {
	site, outside, victim := writeTree(t)
	must(t, syscall.Mkfifo(filepath.Join(site, "fifo"), 0o644))
	r := openRoot(t, site)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, rel := range []string{"in", "out", "fifo", "sub"} {
			err := r.RemoveRegular(rel)
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), filepath.Join(site, rel)) {
				t.Errorf("RemoveRegular(%q) = %v, want ErrNotRegular naming it", rel, err)
			}
			if _, err := os.Lstat(filepath.Join(site, rel)); err != nil {
				t.Errorf("%s removed: %v", rel, err)
			}
		}
		if err := r.Remove("fifo/x"); err == nil || !strings.Contains(err.Error(), "not a directory") {
			t.Errorf("Remove through a FIFO: %v", err)
		}
		if err := r.RemoveRegular("lnk/victim.txt"); !errors.Is(err, ErrOutside) {
			t.Errorf("RemoveRegular through a link out: %v", err)
		}
		if err := r.RemoveRegular("in.txt"); err != nil {
			t.Error(err)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a removal waited on a FIFO")
	}
	untouched(t, outside, victim)
}

// Create, MkdirAll and Rename never go through a link out of the folder;
// Create never opens an existing file (a link planted at the name
// included), and Rename replaces a link, never writing through it.
func TestWriteInside(t *testing.T) {
	site, outside, victim := writeTree(t)
	r := openRoot(t, site)
	for _, rel := range []string{"out", "abs", "in.txt", "sub/up"} {
		if f, err := r.Create(rel, 0o600); !errors.Is(err, fs.ErrExist) {
			t.Errorf("Create(%q) = %v, %v; want fs.ErrExist", rel, f, err)
		}
	}
	for _, rel := range []string{"lnk/new", "sub/lnk/new", "../victims/new"} {
		if f, err := r.Create(rel, 0o600); !errors.Is(err, ErrOutside) {
			t.Errorf("Create(%q) = %v, %v; want ErrOutside", rel, f, err)
		}
		if err := r.MkdirAll(rel+"/deeper", 0o755); !errors.Is(err, ErrOutside) {
			t.Errorf("MkdirAll(%q) = %v, want ErrOutside", rel, err)
		}
	}
	if _, err := os.Lstat(filepath.Join(filepath.Dir(victim), "new")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("something made outside: %v", err)
	}
	f, err := r.Create("new.tmp", 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name() != filepath.Join(site, "new.tmp") {
		t.Errorf("Name %q, want its path", f.Name())
	}
	f.WriteString("new\n")
	f.Close()
	if err := r.Rename("new.tmp", "lnk/victim.txt"); !errors.Is(err, ErrOutside) || !strings.Contains(err.Error(), site) {
		t.Errorf("Rename through a link out: %v", err)
	}
	if err := r.Rename("new.tmp", "out"); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(filepath.Join(site, "out")); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("the link was not replaced: %v, %v", fi, err)
	}
	if err := r.MkdirAll("a/b", 0o755); err != nil {
		t.Error(err)
	}
	if err := r.SyncDir("a"); err != nil {
		t.Error(err)
	}
	untouched(t, outside, victim)
}

// RemoveEmptyNamed removes an empty folder only: never a file or a link
// made where the folder was.
func TestRemoveEmptyNamed(t *testing.T) {
	site, outside, victim := writeTree(t)
	for _, p := range []string{filepath.Join(site, "in.txt"), filepath.Join(site, "lnk"), filepath.Join(site, "out")} {
		if err := RemoveEmptyNamed(p); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("RemoveEmptyNamed(%s) = %v", p, err)
		}
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s removed: %v", p, err)
		}
	}
	empty := filepath.Join(site, "empty")
	must(t, os.Mkdir(empty, 0o755))
	if err := RemoveEmptyNamed(empty); err != nil {
		t.Error(err)
	}
	untouched(t, outside, victim)
}
