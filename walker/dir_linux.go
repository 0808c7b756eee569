package walker

import (
	"encoding/binary"
	"io/fs"
	"syscall"
	"time"

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
}

// FD returns the folder's open descriptor.
func (d *Dir) FD() int { return d.fd }

func newDir() *Dir { return &Dir{fd: -1, buf: make([]byte, 32<<10)} }

// rootDir is the walk's root, held open: folders are opened relative to
// it.
type rootDir struct{ fd int }

func openRootDir(path string) (*rootDir, error) {
	fd, err := openDir(unix.AT_FDCWD, path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return &rootDir{fd: fd}, nil
}

func (r *rootDir) close() { syscall.Close(r.fd) }

// openDir opens the folder at path relative to the folder at, following
// links as a path lookup does.
func openDir(at int, path string) (int, error) {
	for {
		fd, err := unix.Openat(at, path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
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
	fd, err := openDir(root.fd, rel)
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
