//go:build unix

package pipeline

import (
	"io/fs"
	"syscall"
)

// nonBlock opens a FIFO without waiting for a writer. A FIFO that took
// a page's place after the walk is then refused, not waited on forever.
const nonBlock = syscall.O_NONBLOCK

// fileID returns the device and inode of the file st describes.
func fileID(st fs.FileInfo) (dev, ino uint64) {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Dev), uint64(s.Ino)
	}
	return 0, 0
}

// links returns the number of names (hard links) of the file st describes.
func links(st fs.FileInfo) uint64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Nlink)
	}
	return 1
}
