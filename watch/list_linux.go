package watch

import (
	"os"
	"slices"
	"strings"
	"sync"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// readFolder lists the folder dir with getdents and statts it (fstat)
// and its files relative to it (fstatat): a folder's listing in five
// system calls and one a file. Folders are told by their type in the
// listing, and keep their inode number from it. keep says whether an
// entry is kept, by name and whether it is a folder. It returns the
// folder's own state (selfOf) and change time, and its entries, sorted
// by name, each file's with its change time. A symbolic link named dir is
// followed only with follow (a root). With again, the change time is the
// folder's after the listing (one system call more): an entry removed
// while it was listed is not among the entries, and the state, taken
// before, would not tell either (a first look compares it with a time).
func readFolder(dir string, follow, again bool, keep func(name string, folder bool) bool) (state, int64, []entry, error) {
	flags := unix.O_RDONLY | unix.O_DIRECTORY | unix.O_CLOEXEC
	if !follow {
		flags |= unix.O_NOFOLLOW
	}
	fd, err := unix.Open(dir, flags, 0)
	if err != nil {
		return 0, 0, nil, &os.PathError{Op: "open", Path: dir, Err: err}
	}
	defer unix.Close(fd)
	var self unix.Stat_t
	if err := unix.Fstat(fd, &self); err != nil {
		return 0, 0, nil, &os.PathError{Op: "fstat", Path: dir, Err: err}
	}
	if testHookListing != nil {
		testHookListing(dir)
	}
	var ents []entry
	err = eachEntry(fd, dir, func(name []byte, ino uint64, folder bool) {
		s := string(name)
		if !keep(s, folder) {
			return
		}
		if folder {
			ents = append(ents, entry{name: s, st: mix(folderBit, ino, uint64(os.ModeDir))})
			return
		}
		var st unix.Stat_t
		if unix.Fstatat(fd, s, &st, unix.AT_SYMLINK_NOFOLLOW) != nil {
			return // gone meanwhile
		}
		ents = append(ents, entry{name: s, st: statState(&st), ctime: st.Ctim.Nano()})
	})
	if err != nil {
		return 0, 0, nil, err
	}
	slices.SortFunc(ents, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	ctime := self.Ctim.Nano()
	if again {
		var after unix.Stat_t
		if err := unix.Fstat(fd, &after); err != nil {
			return 0, 0, nil, &os.PathError{Op: "fstat", Path: dir, Err: err}
		}
		ctime = after.Ctim.Nano()
	}
	return selfOf(&self), ctime, ents, nil
}

// eachEntry lists the open folder fd (dir names it in errors) with
// getdents and calls fn with each entry but "." and "..": its name, valid
// during the call, its inode number, and whether it is a folder, told by
// its type in the listing or, where the filesystem does not say, by
// fstatat (an entry gone meanwhile is left out).
func eachEntry(fd int, dir string, fn func(name []byte, ino uint64, folder bool)) error {
	bp := direntBufs.Get().(*[]byte)
	defer direntBufs.Put(bp)
	buf := *bp
	for {
		n, err := unix.Getdents(fd, buf)
		if err != nil {
			return &os.PathError{Op: "getdents", Path: dir, Err: err}
		}
		if n <= 0 {
			return nil
		}
		for b := buf[:n]; len(b) >= 19; {
			// struct linux_dirent64: d_ino (8), d_off (8), d_reclen (2),
			// d_type (1), d_name (NUL-terminated).
			reclen := int(*(*uint16)(unsafe.Pointer(&b[16])))
			if reclen < 19 || reclen > len(b) {
				break
			}
			ino := *(*uint64)(unsafe.Pointer(&b[0]))
			typ := b[18]
			name := b[19:reclen]
			if i := indexNUL(name); i >= 0 {
				name = name[:i]
			}
			b = b[reclen:]
			if len(name) == 0 || string(name) == "." || string(name) == ".." {
				continue
			}
			folder := typ == unix.DT_DIR
			if typ == unix.DT_UNKNOWN { // some filesystems do not say
				var st unix.Stat_t
				if unix.Fstatat(fd, string(name), &st, unix.AT_SYMLINK_NOFOLLOW) != nil {
					continue
				}
				folder = st.Mode&unix.S_IFMT == unix.S_IFDIR
			}
			fn(name, ino, folder)
		}
	}
}

// direntBufs are getdents' buffers.
var direntBufs = sync.Pool{New: func() any { b := make([]byte, 16<<10); return &b }}

// statState is stateOf for what fstatat says.
func statState(st *unix.Stat_t) state {
	return mix(0, st.Ino, uint64(st.Mode), uint64(st.Size), uint64(st.Mtim.Nano()), uint64(st.Ctim.Nano()))
}

func indexNUL(b []byte) int {
	for i, c := range b {
		if c == 0 {
			return i
		}
	}
	return -1
}

// statPath stats the path in b, which a NUL ends (not part of b): a file's
// state as readFolder gives it, a folder's own state as the scan keeps it
// (selfOf), and whether it is a folder. A symbolic link is followed only
// with follow (a root). It allocates nothing.
func statPath(b []byte, follow bool) (file, self state, folder bool, err error) {
	var st unix.Stat_t
	if err := statBytes(b, follow, &st); err != nil {
		return 0, 0, false, err
	}
	return statState(&st), selfOf(&st), st.Mode&unix.S_IFMT == unix.S_IFDIR, nil
}

// selfOf is a folder's own state: its entries changed when its
// modification time did; a chmod changes its change time.
func selfOf(st *unix.Stat_t) state {
	return mix(0, st.Ino, uint64(st.Mode), uint64(st.Mtim.Nano()), uint64(st.Ctim.Nano()))
}

// lazyFrom returns the change time from which the scan's first look at a
// folder it did not list reports what it finds changed (scanLater), and
// whether the roots dirs are on filesystems whose change times can be
// so trusted (a filesystem mounted inside one is taken for its root's): local ones (the system's clock stamps them: ext4, XFS,
// Btrfs, tmpfs …, not NFS, SMB or FUSE, whose server may keep another
// time), and stamped to the nanosecond (a folder's change time with a
// fraction of a second: ext3's inodes of 128 bytes keep whole seconds).
// A change time cannot be set by a program (touch, cp -p, rsync -t set
// the modification time), so the kernel's clock is the only one compared.
//
// The time is the system's coarse clock, which stamps files, once it has
// passed the time it was called at: a change from then on is stamped at
// or after it (the clock does not go back, and a finer stamp is later
// still), and one made before the call is stamped before it, as no stamp
// is later than the time it was made at. The coarse clock lags by up to
// a tick and its update: the wait is a few milliseconds. (Waiting for
// its next tick alone was not enough: a file written just before had a
// stamp up to a millisecond past that tick, and was reported.)
func lazyFrom(dirs []string) (int64, bool) {
	for _, dir := range dirs {
		var sfs unix.Statfs_t
		if unix.Statfs(dir, &sfs) != nil {
			continue // gone: looked at as it comes back
		}
		switch uint32(sfs.Type) {
		case unix.EXT4_SUPER_MAGIC, unix.XFS_SUPER_MAGIC, unix.BTRFS_SUPER_MAGIC, unix.TMPFS_MAGIC,
			unix.F2FS_SUPER_MAGIC, unix.OVERLAYFS_SUPER_MAGIC, unix.RAMFS_MAGIC, 0x2fc12fc1 /* ZFS */, 0xca451a4e /* bcachefs */ :
		default:
			return 0, false
		}
		// Every root's: ext3's inodes say the magic number ext4's do.
		var st unix.Stat_t
		if unix.Stat(dir, &st) != nil || st.Ctim.Nsec == 0 {
			return 0, false
		}
	}
	now := time.Now()
	for {
		var ts unix.Timespec
		if unix.ClockGettime(unix.CLOCK_REALTIME_COARSE, &ts) != nil {
			return 0, false
		}
		if ts.Nano() > now.UnixNano() {
			return ts.Nano(), true
		}
		if time.Since(now) > time.Second { // a clock set back meanwhile
			return 0, false
		}
		time.Sleep(time.Millisecond)
	}
}

// subfolders lists the folder dir and returns the names of its folders,
// sorted, calling file (when not nil) with the name of each other entry,
// valid during the call: what the watches' walk needs, without a stat of
// each file or a string of each name (os.ReadDir made both: 2.3 s of
// the 4 s that adding 192,536 watches took at 1,000,000 pages).
func subfolders(dir string, file func(name []byte)) ([]string, error) {
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: dir, Err: err}
	}
	defer unix.Close(fd)
	var folders []string
	err = eachEntry(fd, dir, func(name []byte, _ uint64, folder bool) {
		switch {
		case folder:
			folders = append(folders, string(name))
		case file != nil:
			file(name)
		}
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(folders)
	return folders, nil
}

// subfoldersSince is subfolders for a folder watched after the first
// build began (watchLater): it calls folder with the name of each of its
// folders, and changed with the name of each other entry that changed
// from the change time since on, both valid during the call, and says
// whether the folder itself did (an entry added or removed, or its
// attributes: its own change time). Hidden names are not statted: no
// change to them is reported.
func subfoldersSince(dir string, since int64, folder, changed func(name []byte)) (self bool, err error) {
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return false, &os.PathError{Op: "open", Path: dir, Err: err}
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return false, &os.PathError{Op: "fstat", Path: dir, Err: err}
	}
	self = st.Ctim.Nano() >= since
	return self, eachEntry(fd, dir, func(name []byte, _ uint64, isFolder bool) {
		switch {
		case isFolder:
			folder(name)
		case name[0] == '.':
		case statAt(fd, name, &st) == nil && st.Ctim.Nano() >= since:
			changed(name)
		}
	})
}
