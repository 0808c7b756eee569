//go:build !linux && !darwin

package watch

import "io/fs"

// sysInfo returns no inode number, and the modification time as the
// change time: what every system has.
func sysInfo(info fs.FileInfo) (ino uint64, ctime int64) {
	return 0, info.ModTime().UnixNano()
}
