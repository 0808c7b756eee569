package walker

import (
	"encoding/binary"
	"io/fs"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Dir is the open folder a File of a tree walk was found in, valid only
// during the callback that receives the File. On Linux it holds the
// folder's descriptor: a caller that opens or stats the file relative to
// it (openat, fstatat with the file's base name) saves the kernel a
// lookup of every folder on the file's path.
type Dir struct {
	fd  int
	buf []byte // the worker's buffer for getdents
	// path is the worker's buffer for the NUL-terminated path a system
	// call takes (cPath): made there, not copied to the heap for each
	// call as unix.Openat and syscall.Openat copy it.
	path []byte
}

// FD returns the folder's open descriptor.
func (d *Dir) FD() int { return d.fd }

// Openat opens the file name of the folder (openat(2) relative to FD),
// as syscall.Openat(d.FD(), name, flags, mode) does, without copying
// name to the heap: its NUL-terminated form is made in the Dir's own
// buffer. Like the Dir, it is for the callback that receives the File.
func (d *Dir) Openat(name string, flags int, mode uint32) (int, error) {
	return d.openat(d.fd, name, flags, mode)
}

func newDir() *Dir { return &Dir{fd: -1, buf: make([]byte, 8<<10), path: make([]byte, 0, 256)} }

// cPath returns p NUL-terminated, in d.path; false when p holds a NUL,
// which no path of the system's may (unix.BytePtrFromString's EINVAL).
func (d *Dir) cPath(p string) (*byte, bool) {
	if strings.IndexByte(p, 0) >= 0 {
		return nil, false
	}
	d.path = append(append(d.path[:0], p...), 0)
	return &d.path[0], true
}

// openat is unix.Openat with the path made in d.path.
func (d *Dir) openat(at int, path string, flags int, mode uint32) (int, error) {
	p, ok := d.cPath(path)
	if !ok {
		return -1, unix.EINVAL
	}
	r, _, e := unix.Syscall6(unix.SYS_OPENAT, uintptr(at), uintptr(unsafe.Pointer(p)), uintptr(flags|unix.O_LARGEFILE), uintptr(mode), 0, 0)
	if e != 0 {
		return -1, e
	}
	return int(r), nil
}

// rootDir is the walk's root, held open: folders are opened relative to
// it.
type rootDir struct{ fd int }

func openRootDir(path string) (*rootDir, error) {
	fd, err := new(Dir).openDir(unix.AT_FDCWD, path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return &rootDir{fd: fd}, nil
}

func (r *rootDir) close() { syscall.Close(r.fd) }

// openDir opens the folder at path relative to the folder at, following
// links as a path lookup does.
func (d *Dir) openDir(at int, path string) (int, error) {
	for {
		fd, err := d.openat(at, path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != unix.EINTR {
			return fd, err
		}
	}
}

// open opens the folder rel (slash-separated, relative to the root; ""
// is the root).
func (d *Dir) open(root *rootDir, rel string) error {
	if rel == "" {
		rel = "."
	}
	fd, err := d.openDir(root.fd, rel)
	if err != nil {
		return err
	}
	d.fd = fd
	return nil
}

func (d *Dir) close() {
	syscall.Close(d.fd)
	d.fd = -1
}

// read lists the folder, calling fn with each entry's name (valid during
// the call only) and type (its fs.ModeType bits; 0 for a regular file)
// until fn returns false. An entry whose type the file system does not
// say is statted.
func (d *Dir) read(fn func(name []byte, typ fs.FileMode) bool) error {
	for {
		n, err := unix.Getdents(d.fd, d.buf)
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return err
		case n <= 0:
			return nil
		}
		for b := d.buf[:n]; len(b) >= direntName; {
			reclen := int(binary.NativeEndian.Uint16(b[direntReclen:]))
			if reclen < direntName || reclen > len(b) {
				return syscall.EIO // a record the kernel would not write
			}
			rec := b[direntName:reclen]
			typ := b[direntType]
			b = b[reclen:]
			end := 0
			for end < len(rec) && rec[end] != 0 {
				end++
			}
			name := rec[:end]
			if len(name) == 0 || name[0] == '.' && (len(name) == 1 || len(name) == 2 && name[1] == '.') {
				continue
			}
			mode, known := direntMode(typ)
			if !known {
				st, err := d.lstat(string(name))
				if err != nil {
					if gone(err) {
						continue // removed since the listing
					}
					mode = fs.ModeIrregular // judged, and warned about, as not regular
				} else {
					mode = st.mode.Type()
				}
			}
			if !fn(name, mode) {
				return nil
			}
		}
	}
}

// Offsets in a struct linux_dirent64.
const (
	direntReclen = 16
	direntType   = 18
	direntName   = 19
)

// direntMode returns the fs.ModeType bits of a d_type, and false for
// DT_UNKNOWN.
func direntMode(typ byte) (fs.FileMode, bool) {
	switch typ {
	case unix.DT_REG:
		return 0, true
	case unix.DT_DIR:
		return fs.ModeDir, true
	case unix.DT_LNK:
		return fs.ModeSymlink, true
	case unix.DT_FIFO:
		return fs.ModeNamedPipe, true
	case unix.DT_SOCK:
		return fs.ModeSocket, true
	case unix.DT_CHR:
		return fs.ModeDevice | fs.ModeCharDevice, true
	case unix.DT_BLK:
		return fs.ModeDevice, true
	}
	return 0, false
}

// lstat stats the entry name of the folder, without following a link.
func (d *Dir) lstat(name string) (fileStat, error) {
	var st unix.Stat_t
	for {
		err := unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW)
		switch err {
		case nil:
			return fileStat{mode: modeOf(st.Mode), size: st.Size, mtime: time.Unix(st.Mtim.Unix())}, nil
		case unix.EINTR:
			continue
		}
		return fileStat{}, err
	}
}

// modeOf returns the fs.FileMode of a stat's st_mode.
func modeOf(m uint32) fs.FileMode {
	mode := fs.FileMode(m & 0o777)
	switch m & unix.S_IFMT {
	case unix.S_IFDIR:
		mode |= fs.ModeDir
	case unix.S_IFLNK:
		mode |= fs.ModeSymlink
	case unix.S_IFIFO:
		mode |= fs.ModeNamedPipe
	case unix.S_IFSOCK:
		mode |= fs.ModeSocket
	case unix.S_IFCHR:
		mode |= fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFBLK:
		mode |= fs.ModeDevice
	}
	return mode
}
