//go:build linux && !amd64 && !arm64

package watch

import "golang.org/x/sys/unix"

// lstatBytes is lstat of the path in b.
func lstatBytes(b []byte, st *unix.Stat_t) error {
	return unix.Lstat(string(b), st)
}
