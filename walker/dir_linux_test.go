package walker

import (
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// During the callback, File.Dir is the open folder of the file: the file's
// base name relative to Dir.FD names the file the walk found, for a walk
// with or without its stat, in the root and in folders below it, and
// through a followed link to a folder.
func TestWalkDirFD(t *testing.T) {
	root := tree(t, "a.html", "b/index.html", "b/c/d/e.html", "real/f.html")
	if err := os.Symlink("real", filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	for _, noStat := range []bool{false, true} {
		var n atomic.Int32
		err := Walk(context.Background(), root, Options{NoStat: noStat, FollowSymlinks: true}, func(f File) error {
			n.Add(1)
			var at unix.Stat_t
			if err := unix.Fstatat(f.Dir.FD(), base(f.Path), &at, 0); err != nil {
				t.Errorf("%s: fstatat in Dir: %v", f.Path, err)
				return nil
			}
			st, err := os.Stat(filepath.Join(root, f.Path))
			if err != nil {
				t.Fatal(err)
			}
			if ino := st.Sys().(*syscall.Stat_t).Ino; at.Ino != ino {
				t.Errorf("%s: Dir names inode %d, the path %d", f.Path, at.Ino, ino)
			}
			return nil
		})
		if err != nil || n.Load() != 5 {
			t.Errorf("NoStat %v: %v, %d files, want 5", noStat, err, n.Load())
		}
	}
}

// Dir.Openat opens the file by its name in the folder, as syscall.Openat
// does, with no copy of the name on the heap; a name with a NUL is
// EINVAL, as there.
func TestDirOpenat(t *testing.T) {
	root := tree(t, "b/page.html")
	// One worker: no other allocates while the callback counts.
	err := Walk(context.Background(), root, Options{NoStat: true, Workers: 1}, func(f File) error {
		fd, err := f.Dir.Openat(base(f.Path), syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		var st unix.Stat_t
		if err := unix.Fstat(fd, &st); err != nil || st.Size != int64(len("<html>b/page.html")) {
			t.Errorf("%s: opened a file of %d bytes (%v)", f.Path, st.Size, err)
		}
		syscall.Close(fd)
		if _, err := f.Dir.Openat("page\x00.html", syscall.O_RDONLY, 0); err != syscall.EINVAL {
			t.Errorf("a name with a NUL: %v, want EINVAL", err)
		}
		if _, err := f.Dir.Openat("gone.html", syscall.O_RDONLY, 0); err != syscall.ENOENT {
			t.Errorf("a name not there: %v, want ENOENT", err)
		}
		if raceEnabled {
			return nil
		}
		if n := testing.AllocsPerRun(10, func() {
			if fd, err := f.Dir.Openat("page.html", syscall.O_RDONLY|syscall.O_CLOEXEC, 0); err == nil {
				syscall.Close(fd)
			}
		}); n != 0 {
			t.Errorf("Openat allocates %v times, want none", n)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
