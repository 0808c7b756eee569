package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	for _, data := range []string{"one", "two, longer"} {
		if err := Write(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != data {
			t.Fatalf("read %q, %v; want %q", got, err, data)
		}
		if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
			t.Errorf("mode %v, want 0644", st.Mode().Perm())
		}
	}
	// A failed write leaves the file and no temporary file.
	if err := Write(filepath.Join(dir, "no", "such", "folder"), []byte("x"), 0o644); err == nil {
		t.Error("writing into a missing folder succeeded")
	}
	if err := Write(dir, []byte("x"), 0o644); err == nil {
		t.Error("replacing a folder succeeded")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "state.json" {
		t.Errorf("the folder holds %v, want state.json alone", entries)
	}
}

func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	start := time.Now()
	old := start.Add(-time.Hour)
	file := func(name string, mtime time.Time) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
		return name
	}
	dead := file(".sitemapgen-999999999-1.tmp", start)                     // no such process
	mineOld := file(fmt.Sprintf(".sitemapgen-%d-2.tmp", os.Getpid()), old) // this PID, before start
	file(fmt.Sprintf(".sitemapgen-%d-3.tmp", os.Getpid()), start.Add(time.Second))
	file(fmt.Sprintf(".sitemapgen-%d-4.tmp", os.Getppid()), old) // a live process's
	file(".sitemapgen-notes.tmp", old)                           // not our naming
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	got := RemoveStaleIn(root, ".", start)
	want := []string{dead, mineOld}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("removed %q, want %q", got, want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("%d files left, want 3", len(entries))
	}
}

// TestWriteInNeverOut: a file written inside a folder held as a root
// replaces a link planted at its name (its target untouched), is never
// written through a folder linked out of the root, and leaves no
// temporary file; a killed run's leftovers are removed inside the root
// only, a leftover's name that is a link left as it is.
func TestWriteInNeverOut(t *testing.T) {
	top := t.TempDir()
	out, victims := filepath.Join(top, "out"), filepath.Join(top, "victims")
	for _, d := range []string{out, victims} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	victim := filepath.Join(victims, "feed.xml")
	leftover := filepath.Join(victims, ".sitemapgen-999999999-1.tmp") // of no process
	for _, p := range []string{victim, leftover} {
		if err := os.WriteFile(p, []byte("token\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"lnk":                         "../victims",
		"feed.xml":                    victim,
		".sitemapgen-999999999-2.tmp": leftover,
	} {
		if err := os.Symlink(target, filepath.Join(out, link)); err != nil {
			t.Fatal(err)
		}
	}
	root, err := fsx.OpenRoot(out)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if err := WriteIn(root, "lnk/feed.xml", []byte("new\n"), 0o644); !errors.Is(err, fsx.ErrOutside) {
		t.Errorf("WriteIn through a folder linked out: %v", err)
	}
	if got := RemoveStaleIn(root, "lnk", time.Now()); len(got) != 0 {
		t.Errorf("removed %q through a folder linked out", got)
	}
	if got := RemoveStaleIn(root, ".", time.Now()); len(got) != 0 {
		t.Errorf("removed %q: a link", got)
	}
	if err := WriteIn(root, "feed.xml", []byte("new\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(filepath.Join(out, "feed.xml")); err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o644 {
		t.Errorf("feed.xml: %v, %v; want a regular file, 0644", fi, err)
	}
	for _, p := range []string{victim, leftover} {
		if data, err := os.ReadFile(p); err != nil || string(data) != "token\n" {
			t.Errorf("%s, outside: %q, %v", p, data, err)
		}
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 3 {
		t.Errorf("the folder holds %v, want feed.xml and the two links", entries)
	}
}

// TestCreateTempInNew: a temporary file is always a new one, mode 0600,
// named as IsTemp tells.
func TestCreateTempInNew(t *testing.T) {
	root, err := fsx.OpenRoot(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	seen := map[string]bool{}
	for range 20 {
		f, rel, err := CreateTempIn(root, ".")
		if err != nil {
			t.Fatal(err)
		}
		st, _ := f.Stat()
		f.Close()
		if seen[rel] || !IsTemp(rel) || f.Name() != root.Path(rel) || st.Mode().Perm() != 0o600 {
			t.Errorf("%q (%s, %v): seen %v, IsTemp %v", rel, f.Name(), st.Mode(), seen[rel], IsTemp(rel))
		}
		seen[rel] = true
	}
}

// TestWriteUnder: the folder and the file's folders are made, a killed
// run's leftover beside the file removed, the file written; a folder of
// the file's linked out of the folder is not written through.
func TestWriteUnder(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "cache", "sitemapgen")
	if err := WriteUnder(dir, "git/ab12", []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	leftover := filepath.Join(dir, "git", ".sitemapgen-999999999-1.tmp") // of no process
	if err := os.WriteFile(leftover, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteUnder(dir, "git/ab12", []byte("two\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "git", "ab12")); err != nil || string(b) != "two\n" {
		t.Errorf("the file holds %q (%v), want two", b, err)
	}
	if _, err := os.Lstat(leftover); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the leftover is still there: %v", err)
	}
	if err := os.Symlink(t.TempDir(), filepath.Join(dir, "out")); err != nil {
		t.Fatal(err)
	}
	if err := WriteUnder(dir, "out/x", []byte("x\n"), 0o644); !errors.Is(err, fsx.ErrOutside) {
		t.Errorf("WriteUnder through a folder linked out: %v", err)
	}
}
