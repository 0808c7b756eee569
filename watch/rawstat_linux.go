//go:build linux && (amd64 || arm64)

package watch

import (
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// statBytes is lstat, or stat with follow, of the path in b, which a NUL
// ends (not part of b), without the copy unix.Lstat makes of its path.
func statBytes(b []byte, follow bool, st *unix.Stat_t) error {
	cwd, flags := unix.AT_FDCWD, unix.AT_SYMLINK_NOFOLLOW
	if follow {
		flags = 0
	}
	_, _, e := unix.Syscall6(unix.SYS_NEWFSTATAT, uintptr(cwd), uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(unsafe.Pointer(st)), uintptr(flags), 0, 0)
	if e != 0 {
		return syscall.Errno(e)
	}
	return nil
}

// statAt is fstatat of name in the open folder fd, not following a
// symbolic link. name is a name as eachEntry gives it, which a NUL
// follows in getdents' buffer: passed as it is, without a copy.
func statAt(fd int, name []byte, st *unix.Stat_t) error {
	if len(name) == cap(name) || name[:len(name)+1][len(name)] != 0 {
		return unix.Fstatat(fd, string(name), st, unix.AT_SYMLINK_NOFOLLOW)
	}
	_, _, e := unix.Syscall6(unix.SYS_NEWFSTATAT, uintptr(fd), uintptr(unsafe.Pointer(unsafe.SliceData(name))), uintptr(unsafe.Pointer(st)), unix.AT_SYMLINK_NOFOLLOW, 0, 0)
	if e != 0 {
		return syscall.Errno(e)
	}
	return nil
}
