package watch

import "io/fs"

// state is what the scan keeps of a file or folder it looked at: a
// digest of its inode, type and permissions, size, and modification and
// change times. Any change to the file, its content (size, mtime), its
// attributes (touch, chmod: mtime, ctime, mode), or a new file under the
// same name (inode), changes it. Never 0: 0 is "not looked at yet".
type state uint32

// folderBit marks the state of a folder among a folder's entries: a folder
// is looked at on its own, so its entry only tells that it is there, and
// the same folder (inode).
const folderBit state = 1 << 31

// stateOf digests what lstat says of a file. ctime is the change time
// (the modification time where the system has none), in nanoseconds.
func stateOf(info fs.FileInfo) (st state, ctime int64) {
	ino, ctime := sysInfo(info)
	if info.IsDir() {
		return mix(folderBit, ino, uint64(info.Mode().Type())), ctime
	}
	return mix(0, ino, uint64(info.Mode()), uint64(info.Size()), uint64(info.ModTime().UnixNano()), uint64(ctime)), ctime
}

// selfState digests what lstat says of a folder itself: its entries
// changed when its modification time did; a chmod changes its change time.
func selfState(info fs.FileInfo) (state, int64) {
	ino, ctime := sysInfo(info)
	return mix(0, ino, uint64(info.Mode()), uint64(info.ModTime().UnixNano()), uint64(ctime)), ctime
}

// mix folds values into a 31-bit digest (FNV-1a over their bytes), with
// the bit of kind, and never 0.
func mix(kind state, vs ...uint64) state {
	h := uint64(14695981039346656037)
	for _, v := range vs {
		for range 8 {
			h ^= v & 0xff
			h *= 1099511628211
			v >>= 8
		}
	}
	st := state(h^h>>32)&^folderBit | kind
	if st == 0 {
		st = 1
	}
	return st
}
