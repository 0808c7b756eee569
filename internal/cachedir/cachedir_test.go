package cachedir

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"
)

// put writes the file rel in dir with the modification time t.
func put(t *testing.T, dir, rel string, at time.Time) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, at, at); err != nil {
		t.Fatal(err)
	}
}

func exists(dir, rel string) bool {
	_, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(rel)))
	return err == nil
}

// TestTrim checks that a trim removes the cache files unused for
// MaxUnused, and only those: not a recent one, not a file of another
// name or folder, not a link (nor what it names), and that it runs once
// a day.
func TestTrim(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	old := now.Add(-MaxUnused - time.Hour)
	dir := t.TempDir()
	outside := t.TempDir()
	put(t, dir, "git/00112233445566aa", old)
	put(t, dir, "git/00112233445566bb", now.Add(-time.Hour))
	put(t, dir, "frontmatter/ffeeddccbbaa9988", old)
	put(t, dir, "frontmatter/notes.txt", old)  // not a cache's name
	put(t, dir, "other/0011223344556677", old) // not a cache's folder
	put(t, dir, "git/00112233445566AA", old)   // capitals: not a name a cache makes
	put(t, outside, "0011223344556699", old)   // what a link names
	if err := os.Symlink(filepath.Join(outside, "0011223344556699"), filepath.Join(dir, "git", "0011223344556699")); err != nil {
		t.Fatal(err)
	}

	removed, err := Trim(dir, now)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(removed)
	if want := []string{"frontmatter/ffeeddccbbaa9988", "git/00112233445566aa"}; !slices.Equal(removed, want) {
		t.Errorf("removed %q, want %q", removed, want)
	}
	for _, rel := range []string{"git/00112233445566bb", "frontmatter/notes.txt", "other/0011223344556677", "git/00112233445566AA", "git/0011223344556699"} {
		if !exists(dir, rel) {
			t.Errorf("%s removed", rel)
		}
	}
	if !exists(outside, "0011223344556699") {
		t.Error("the file a link names removed")
	}
	data, err := os.ReadFile(filepath.Join(dir, trimName))
	if err != nil || string(data) != strconv.FormatInt(now.Unix(), 10)+"\n" {
		t.Errorf("trim.txt = %q, %v", data, err)
	}

	// Within the day, another trim looks at nothing.
	put(t, dir, "git/1111111111111111", old)
	if removed, err := Trim(dir, now.Add(trimEvery-time.Minute)); err != nil || removed != nil {
		t.Errorf("trim within a day: removed %q, %v", removed, err)
	}
	if !exists(dir, "git/1111111111111111") {
		t.Error("a trim within a day removed a file")
	}
	// A day on, it trims again.
	if removed, err := Trim(dir, now.Add(trimEvery)); err != nil || !slices.Equal(removed, []string{"git/1111111111111111"}) {
		t.Errorf("trim a day on: removed %q, %v", removed, err)
	}
	// A trim.txt from the future (a clock set back) does not stop trims.
	put(t, dir, "git/2222222222222222", old)
	if err := os.WriteFile(filepath.Join(dir, trimName), []byte(strconv.FormatInt(now.Add(100*trimEvery).Unix(), 10)), 0o644); err != nil {
		t.Fatal(err)
	}
	if removed, err := Trim(dir, now.Add(2*trimEvery)); err != nil || !slices.Equal(removed, []string{"git/2222222222222222"}) {
		t.Errorf("trim after a future trim.txt: removed %q, %v", removed, err)
	}
}

// TestTrimMissing checks that a cache folder not made yet is no error,
// and is not made by a trim.
func TestTrimMissing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "none")
	if removed, err := Trim(dir, time.Now()); err != nil || removed != nil {
		t.Errorf("Trim of a missing folder: %q, %v", removed, err)
	}
	if _, err := os.Lstat(dir); err == nil {
		t.Error("Trim made the folder")
	}
}

// TestUsed checks that a use moves a cache file's time to now when it is
// more than an hour old, and leaves it otherwise.
func TestUsed(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	dir := t.TempDir()
	put(t, dir, "git/00112233445566aa", now.Add(-2*time.Hour))
	put(t, dir, "git/00112233445566bb", now.Add(-time.Minute))
	if !Used(dir, "git/00112233445566aa", now) {
		t.Error("an old file not marked")
	}
	if Used(dir, "git/00112233445566bb", now) {
		t.Error("a file used in the hour marked again")
	}
	if Used(dir, "git/none", now) {
		t.Error("a missing file marked")
	}
	for rel, want := range map[string]time.Time{"git/00112233445566aa": now, "git/00112233445566bb": now.Add(-time.Minute)} {
		fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		if !fi.ModTime().Equal(want) {
			t.Errorf("%s: time %v, want %v", rel, fi.ModTime(), want)
		}
	}
}
