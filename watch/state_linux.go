package watch

import (
	"io/fs"
	"syscall"
)

// sysInfo returns the inode number and the change time (ns) of info.
func sysInfo(info fs.FileInfo) (ino uint64, ctime int64) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return st.Ino, st.Ctim.Nano()
	}
	return 0, info.ModTime().UnixNano()
}
