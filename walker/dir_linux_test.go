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
