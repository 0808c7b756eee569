//go:build linux && (amd64 || arm64)

package watch

import (
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// lstatBytes is lstat of the path in b, which a NUL ends (not part of b),
// without the copy unix.Lstat makes of its path.
func lstatBytes(b []byte, st *unix.Stat_t) error {
	cwd := unix.AT_FDCWD
	_, _, e := unix.Syscall6(unix.SYS_NEWFSTATAT, uintptr(cwd), uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(unsafe.Pointer(st)), unix.AT_SYMLINK_NOFOLLOW, 0, 0)
	if e != 0 {
		return syscall.Errno(e)
	}
	return nil
}
