//go:build unix

package fsx

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// tree makes a folder site inside a temporary folder, beside a file
// outside it, with links planted inside: out (relative, to the file
// outside), abs (absolute, to it), absin (absolute, to a file inside),
// in (relative, to a file inside), sub/up (../in.txt, inside), loop.
func tree(t *testing.T) (site, outside string) {
	t.Helper()
	top := t.TempDir()
	site = filepath.Join(top, "site")
	outside = filepath.Join(top, "secret.txt")
	must(t, os.Mkdir(site, 0o755))
	must(t, os.Mkdir(filepath.Join(site, "sub"), 0o755))
	must(t, os.WriteFile(outside, []byte("token\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(site, "in.txt"), []byte("inside\n"), 0o644))
	must(t, os.Symlink("../secret.txt", filepath.Join(site, "out")))
	must(t, os.Symlink(outside, filepath.Join(site, "abs")))
	must(t, os.Symlink(filepath.Join(site, "in.txt"), filepath.Join(site, "absin")))
	must(t, os.Symlink("in.txt", filepath.Join(site, "in")))
	must(t, os.Symlink("../in.txt", filepath.Join(site, "sub", "up")))
	must(t, os.Symlink("../../secret.txt", filepath.Join(site, "sub", "out")))
	must(t, os.Symlink("loop", filepath.Join(site, "loop")))
	return site, outside
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestReadFileInside(t *testing.T) {
	site, _ := tree(t)
	for _, tc := range []struct {
		rel     string
		want    string
		outside bool
		errLike string
	}{
		{rel: "in.txt", want: "inside\n"},
		{rel: "in", want: "inside\n"},
		{rel: "sub/up", want: "inside\n"},
		{rel: "out", outside: true},
		{rel: "abs", outside: true},
		{rel: "absin", outside: true}, // os.Root refuses absolute links, even to inside
		{rel: "sub/out", outside: true},
		{rel: "../secret.txt", outside: true},
		{rel: "/etc/passwd", outside: true},
		{rel: "loop", errLike: "too many levels of symbolic links"},
		{rel: "sub", errLike: "not a regular file (a folder)"},
		{rel: "missing", errLike: "no such file"},
	} {
		t.Run(tc.rel, func(t *testing.T) {
			data, err := ReadFile(site, tc.rel, 1<<20, "limits.x")
			switch {
			case tc.outside:
				if !errors.Is(err, ErrOutside) {
					t.Fatalf("ReadFile(%q) = %q, %v; want ErrOutside", tc.rel, data, err)
				}
				if strings.Contains(string(data), "token") {
					t.Fatalf("read the file outside: %q", data)
				}
				if !strings.Contains(err.Error(), filepath.Join(site, tc.rel)) && !strings.Contains(err.Error(), site) {
					t.Errorf("error %q does not name the path", err)
				}
			case tc.errLike != "":
				if err == nil || !strings.Contains(err.Error(), tc.errLike) {
					t.Fatalf("ReadFile(%q) = %q, %v; want an error like %q", tc.rel, data, err, tc.errLike)
				}
			default:
				if err != nil || string(data) != tc.want {
					t.Fatalf("ReadFile(%q) = %q, %v; want %q", tc.rel, data, err, tc.want)
				}
			}
		})
	}
	if _, err := ReadFile(site, "missing", 10, "k"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file's error is not fs.ErrNotExist: %v", err)
	}
}

// An absolute link is never followed, and is said to be absolute, not a
// link out, when its target lies inside the folder: itself, or on the
// way to the file (a folder linked absolutely, a relative link through
// one). An absolute link out is a link out.
func TestAbsoluteLink(t *testing.T) {
	site, _ := tree(t)
	must(t, os.Symlink(filepath.Join(site, "sub"), filepath.Join(site, "absdir")))
	must(t, os.Symlink("absdir/up", filepath.Join(site, "via")))
	for _, tc := range []struct {
		rel      string
		absolute bool
	}{
		{"absin", true},
		{"absdir/up", true},
		{"via", true},
		{"abs", false},
		{"out", false},
		{"sub/out", false},
		{"../site/in.txt", false},
	} {
		_, err := Stat(site, tc.rel)
		if !errors.Is(err, ErrOutside) || errors.Is(err, ErrAbsolute) != tc.absolute {
			t.Errorf("Stat(%q): %v; want ErrOutside, absolute %v", tc.rel, err, tc.absolute)
		}
		if msg := "a symbolic link out of its folder"; tc.absolute == strings.Contains(fmt.Sprint(err), msg) {
			t.Errorf("Stat(%q): %v; said %q: %v", tc.rel, err, msg, !tc.absolute)
		}
	}
}

func TestStatInside(t *testing.T) {
	site, _ := tree(t)
	if _, err := Stat(site, "out"); !errors.Is(err, ErrOutside) {
		t.Errorf("Stat through a link out: %v", err)
	}
	fi, err := Lstat(site, "out")
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("Lstat of the link itself: %v, %v", fi, err)
	}
	if fi, err := Stat(site, "in"); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("Stat through a link inside: %v, %v", fi, err)
	}
}

func TestBound(t *testing.T) {
	site, _ := tree(t)
	must(t, os.WriteFile(filepath.Join(site, "big"), []byte(strings.Repeat("x", 100)), 0o644))
	for _, max := range []int{99, 0, 1} {
		data, err := ReadFile(site, "big", max, "limits.big_bytes")
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "limits.big_bytes") || !strings.Contains(err.Error(), filepath.Join(site, "big")) {
			t.Errorf("max %d: %v", max, err)
		}
		if len(data) > max {
			t.Errorf("max %d: %d bytes handed back", max, len(data))
		}
	}
	if data, err := ReadFile(site, "big", 100, "k"); err != nil || len(data) != 100 {
		t.Errorf("at the bound: %d bytes, %v", len(data), err)
	}
	// A streamed read stops at the bound too, and Seek starts it again.
	f, err := Open(site, "big", 60, "limits.big_bytes")
	must(t, err)
	defer f.Close()
	n, err := io.Copy(io.Discard, f)
	if n != 60 || !errors.Is(err, ErrTooLarge) {
		t.Errorf("streamed: %d bytes, %v", n, err)
	}
	if _, err := f.Seek(50, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	n, err = io.Copy(io.Discard, f)
	if n != 10 || !errors.Is(err, ErrTooLarge) {
		t.Errorf("after Seek: %d bytes, %v", n, err)
	}
}

// TestSparse reads a 3 GB sparse file: the bound is met after max+1
// bytes, not after reading it whole.
func TestSparse(t *testing.T) {
	site, _ := tree(t)
	f, err := os.Create(filepath.Join(site, "state.json"))
	must(t, err)
	must(t, f.Truncate(3<<30))
	f.Close()
	start := time.Now()
	_, err = ReadFile(site, "state.json", 1<<20, "limits.state_bytes")
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("3 GB sparse file: %v", err)
	}
	t.Logf("refused in %v", time.Since(start))
}

func TestSpecialFiles(t *testing.T) {
	site, _ := tree(t)
	fifo := filepath.Join(site, "_headers")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	must(t, os.Symlink("/dev/zero", filepath.Join(site, "zero")))
	done := make(chan error, 3)
	go func() { _, err := ReadFile(site, "_headers", 10, "k"); done <- err }()
	go func() { _, err := ReadNamed(fifo, 10, "k"); done <- err }()
	go func() { _, err := ReadFile(site, "zero", 10, "k"); done <- err }()
	for range 3 {
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) && !errors.Is(err, ErrOutside) {
				t.Errorf("special file: %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("a read waits on a FIFO")
		}
	}
	// /dev/zero named by the user is followed, and refused as a device.
	if _, err := ReadNamed("/dev/zero", 10, "k"); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a device") {
		t.Errorf("/dev/zero: %v", err)
	}
	// Appending to a named path: a FIFO (with no reader, or one) or a
	// device is refused without blocking; a file is made, then added to.
	go func() { done <- AppendNamed(fifo, []byte("x")) }()
	go func() { done <- AppendNamed("/dev/null", []byte("x")) }()
	for range 2 {
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) && !errors.Is(err, syscall.ENXIO) {
				t.Errorf("appending to a special file: %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("an append waits on a FIFO")
		}
	}
	summary := filepath.Join(site, "summary")
	must(t, AppendNamed(summary, []byte("a\n")))
	must(t, AppendNamed(summary, []byte("b\n")))
	if data, err := os.ReadFile(summary); err != nil || string(data) != "a\nb\n" {
		t.Errorf("appended: %q, %v", data, err)
	}
}

func TestChtimesNeverThroughALink(t *testing.T) {
	site, outside := tree(t)
	before, err := os.Stat(outside)
	must(t, err)
	when := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	for _, rel := range []string{"out", "abs", "in"} {
		if err := Chtimes(site, rel, when); err == nil {
			t.Errorf("Chtimes(%q) through a link: no error", rel)
		}
	}
	after, err := os.Stat(outside)
	must(t, err)
	if !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("the file outside was touched: %v -> %v", before.ModTime(), after.ModTime())
	}
	must(t, Chtimes(site, "in.txt", when))
	if fi, _ := os.Stat(filepath.Join(site, "in.txt")); !fi.ModTime().Equal(when) {
		t.Errorf("in.txt's time %v, want %v", fi.ModTime(), when)
	}
}

func TestWalkDirNeverFollows(t *testing.T) {
	site, _ := tree(t)
	must(t, os.Symlink("..", filepath.Join(site, "sub", "parent")))
	var seen []string
	r, err := OpenRoot(site)
	must(t, err)
	defer r.Close()
	err = r.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		seen = append(seen, p)
		return nil
	})
	must(t, err)
	want := ".,abs,absin,in,in.txt,loop,out,sub,sub/out,sub/parent,sub/up"
	if got := strings.Join(seen, ","); got != want {
		t.Errorf("walked %s\nwant   %s", got, want)
	}
}

func TestDirFS(t *testing.T) {
	site, _ := tree(t)
	fsys := DirFS(site, 100, "limits.x")
	if data, err := fs.ReadFile(fsys, "sub/up"); err != nil || string(data) != "inside\n" {
		t.Errorf("ReadFile(sub/up) = %q, %v", data, err)
	}
	for _, name := range []string{"out", "sub/out", "abs"} {
		if data, err := fs.ReadFile(fsys, name); !errors.Is(err, ErrOutside) {
			t.Errorf("ReadFile(%s) = %q, %v; want ErrOutside", name, data, err)
		}
		f, err := fsys.Open(name)
		if !errors.Is(err, ErrOutside) {
			t.Errorf("Open(%s): %v; want ErrOutside", name, err)
		}
		if f != nil {
			f.Close()
		}
	}
	if _, err := fs.ReadFile(fsys, "../secret.txt"); err == nil {
		t.Error("ReadFile(../secret.txt): no error")
	}
	ents, err := fs.ReadDir(fsys, "sub")
	if err != nil || len(ents) != 2 {
		t.Errorf("ReadDir(sub) = %v, %v", ents, err)
	}
	must(t, os.WriteFile(filepath.Join(site, "big"), make([]byte, 101), 0o644))
	if _, err := fs.ReadFile(fsys, "big"); !errors.Is(err, ErrTooLarge) {
		t.Errorf("ReadFile(big): %v", err)
	}
	// Through Open, as code that takes an fs.File reads it.
	f, err := fsys.Open("big")
	must(t, err)
	defer f.Close()
	if n, err := io.Copy(io.Discard, f); n != 100 || !errors.Is(err, ErrTooLarge) {
		t.Errorf("Open(big) read %d, %v", n, err)
	}
}

// TestReadDir: a folder's entries, sorted, with the types the listing
// gives (a link is a link), and an Info asked inside the folder when it
// is called: a folder swapped for a link out of it after its listing
// gives no Info of what is outside, whether the listing's Root is still
// open or was opened for the listing alone.
func TestReadDir(t *testing.T) {
	site, outside := tree(t)
	must(t, os.Symlink("sub", filepath.Join(site, "subl")))
	must(t, os.Mkdir(filepath.Join(site, "moved"), 0o755))
	must(t, os.WriteFile(filepath.Join(site, "moved", "x.txt"), []byte("x"), 0o644))
	away := filepath.Join(filepath.Dir(outside), "away")
	must(t, os.Mkdir(away, 0o755))
	must(t, os.WriteFile(filepath.Join(away, "x.txt"), []byte("outside, and longer"), 0o644))
	r, err := OpenRoot(site)
	must(t, err)
	defer r.Close()
	ents, err := r.ReadDir(".")
	must(t, err)
	var got []string
	for _, e := range ents {
		got = append(got, e.Name()+":"+e.Type().String())
	}
	want := "abs:L---------,absin:L---------,in:L---------,in.txt:----------,loop:L---------,moved:d---------,out:L---------,sub:d---------,subl:L---------"
	if strings.Join(got, ",") != want {
		t.Errorf("ReadDir(.) = %s\nwant          %s", strings.Join(got, ","), want)
	}
	for _, e := range ents {
		info, err := e.Info()
		if err != nil || info.Name() != e.Name() || info.Mode().Type() != e.Type() {
			t.Errorf("%s: Info() = %v, %v", e.Name(), info, err)
		}
		if e.Name() == "in.txt" && info.Size() != 7 {
			t.Errorf("in.txt: Info().Size() = %d, want 7", info.Size())
		}
	}
	// A link to a folder inside is followed, as os.Root's own ReadDir does.
	if ents, err := r.ReadDir("subl"); err != nil || len(ents) != 2 {
		t.Errorf("ReadDir(subl) = %v, %v", ents, err)
	}
	for _, name := range []string{"out", "abs", "../", "in.txt", "nothing"} {
		if ents, err := r.ReadDir(name); err == nil {
			t.Errorf("ReadDir(%s) = %v: no error", name, ents)
		}
	}
	fromRoot, err := r.ReadDir("moved")
	must(t, err)
	alone, err := ReadDir(site, "moved")
	must(t, err)
	must(t, os.Rename(filepath.Join(site, "moved"), filepath.Join(site, "moved.old")))
	must(t, os.Symlink("../away", filepath.Join(site, "moved")))
	for how, ents := range map[string][]fs.DirEntry{"Root.ReadDir": fromRoot, "ReadDir": alone} {
		if len(ents) != 1 || ents[0].Name() != "x.txt" {
			t.Fatalf("%s(moved) = %v", how, ents)
		}
		// The file as listed (1 byte), or none; never the one outside.
		if info, err := ents[0].Info(); err == nil && info.Size() != 1 || err != nil && !errors.Is(err, ErrOutside) {
			t.Errorf("%s: x.txt's Info() after its folder became a link out = %v, %v; want its own or ErrOutside", how, info, err)
		}
	}
}

// BenchmarkReadDir lists a folder of 1,000 files, as a Hugo section's.
//
//	go test ./internal/fsx -run '^$' -bench ReadDir
func BenchmarkReadDir(b *testing.B) {
	dir := b.TempDir()
	for i := range 1000 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("page-%04d.md", i)), nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	r, err := OpenRoot(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	for b.Loop() {
		if ents, err := r.ReadDir("."); err != nil || len(ents) != 1000 {
			b.Fatal(len(ents), err)
		}
	}
}
