//go:build linux && !amd64 && !arm64

package watch

import "golang.org/x/sys/unix"

// statBytes is lstat, or stat with follow, of the path in b.
func statBytes(b []byte, follow bool, st *unix.Stat_t) error {
	if follow {
		return unix.Stat(string(b), st)
	}
	return unix.Lstat(string(b), st)
}

// statAt is fstatat of name in the open folder fd, not following a
// symbolic link.
func statAt(fd int, name []byte, st *unix.Stat_t) error {
	return unix.Fstatat(fd, string(name), st, unix.AT_SYMLINK_NOFOLLOW)
}
