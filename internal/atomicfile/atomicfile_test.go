package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
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
	got := RemoveStale(dir, start)
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
