//go:build unix

package fsx

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// remove unlinks rel relative to the folder that holds it, opened inside
// the root (O_DIRECTORY, so a FIFO planted as a folder is refused at
// once), after asking that same folder what rel is when only a regular
// file may go. An error of that question is an "lstat" one, of the
// removal a "remove" one; the folder's, an "open" one.
func (r *Root) remove(rel string, regular bool) error {
	dir, base, err := r.splitRel("remove", rel)
	if err != nil {
		return err
	}
	d, err := r.r.OpenFile(dir, os.O_RDONLY|dirFlags, 0)
	if err != nil {
		return r.pathErr(rel, err)
	}
	defer d.Close()
	sc, err := d.SyscallConn()
	if err != nil {
		return &fs.PathError{Op: "remove", Path: r.Path(rel), Err: err}
	}
	op, uerr := "remove", error(nil)
	if err := sc.Control(func(fd uintptr) {
		if regular {
			var st unix.Stat_t
			if uerr = unix.Fstatat(int(fd), base, &st, unix.AT_SYMLINK_NOFOLLOW); uerr != nil {
				op = "lstat"
				return
			}
			if m := statMode(uint32(st.Mode)); !m.IsRegular() {
				uerr = fmt.Errorf("%w (%s)", ErrNotRegular, Describe(m))
				return
			}
		}
		uerr = unix.Unlinkat(int(fd), base, 0)
	}); err != nil {
		uerr = err
	}
	if uerr != nil {
		return &fs.PathError{Op: op, Path: r.Path(rel), Err: uerr}
	}
	return nil
}

// statMode is the type of a file whose stat mode is m.
func statMode(m uint32) fs.FileMode {
	switch m & unix.S_IFMT {
	case unix.S_IFREG:
		return 0
	case unix.S_IFDIR:
		return fs.ModeDir
	case unix.S_IFLNK:
		return fs.ModeSymlink
	case unix.S_IFIFO:
		return fs.ModeNamedPipe
	case unix.S_IFSOCK:
		return fs.ModeSocket
	case unix.S_IFCHR:
		return fs.ModeDevice | fs.ModeCharDevice
	}
	return fs.ModeDevice
}

func rmdir(path string) error {
	if err := syscall.Rmdir(path); err != nil {
		return &fs.PathError{Op: "remove", Path: path, Err: err}
	}
	return nil
}
