package pipeline

import (
	"io"
	"io/fs"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/sitemapgen/sitemapgen/walker"
)

// pageRoot opens the pages of a site. On Linux it holds the site folder
// open. It opens each page relative to the open folder the walk found
// it in (walker.File.Dir), or else relative to the site folder
// (openat). The kernel then looks up only the page's name, or its path
// in the site, and not the site folder's path again for every page.
type pageRoot struct {
	fd   int
	path string
}

func openRoot(path string) (*pageRoot, error) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return &pageRoot{fd: fd, path: path}, nil
}

func (r *pageRoot) close() { syscall.Close(r.fd) }

// at returns the folder to open the page at rel relative to, and the
// page's path there. The folder is the one the walk found the page in,
// or else the site folder.
func (r *pageRoot) at(dir *walker.Dir, rel string) (int, string) {
	if dir != nil && dir.FD() >= 0 {
		return dir.FD(), rel[strings.LastIndexByte(rel, '/')+1:]
	}
	return r.fd, rel
}

// open opens the page at rel (relative to the root, with the system's
// separators) to read its head. It uses the system calls directly.
// os.Open would add an fstat (to see whether the file can be polled)
// and, with O_NONBLOCK, a failing epoll registration: two calls a page
// that a regular file never needs. O_NONBLOCK keeps the open from
// hanging on a FIFO that took a page's place after the walk.
func (r *pageRoot) open(dir *walker.Dir, rel string) (*rawPage, pageInfo, error) {
	at, name := r.at(dir, rel)
	const flags = syscall.O_RDONLY | syscall.O_NONBLOCK | syscall.O_CLOEXEC
	var fd int
	var err error
	for {
		if at != r.fd { // the walk's folder: the name is not copied to the heap
			fd, err = dir.Openat(name, flags, 0)
		} else {
			fd, err = syscall.Openat(at, name, flags, 0)
		}
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, pageInfo{}, &fs.PathError{Op: "open", Path: rel, Err: err}
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return nil, pageInfo{}, &fs.PathError{Op: "fstat", Path: rel, Err: err}
	}
	return &rawPage{fd: fd}, statInfo(&st), nil
}

// openBeneath opens the file rel (relative to the root) as open does,
// by the one door's rule. openat2 with RESOLVE_BENEATH refuses a path
// that leaves the root through "..", an absolute symbolic link or a
// magic link, as os.Root does. It does so in one system call, where
// os.Root opens each folder on the way in turn. ok is false, and
// nothing is opened, when the kernel lacks openat2 (before Linux 5.6,
// or under a seccomp filter that denies it) or refuses the path as
// leaving the root. The door then opens the file, or says why not.
func (r *pageRoot) openBeneath(rel string) (p *rawPage, info pageInfo, ok bool, err error) {
	how := unix.OpenHow{Flags: unix.O_RDONLY | unix.O_NONBLOCK | unix.O_CLOEXEC, Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS}
	var fd int
	for again := 0; ; again++ {
		fd, err = unix.Openat2(r.fd, rel, &how)
		// EAGAIN means a rename elsewhere raced the lookup of a "..". Try
		// again a few times; after that the door opens the page.
		if err != unix.EINTR && (err != unix.EAGAIN || again == 8) {
			break
		}
	}
	switch err {
	case nil:
	case unix.ENOSYS, unix.EPERM, unix.EXDEV, unix.EAGAIN:
		return nil, pageInfo{}, false, nil
	default:
		return nil, pageInfo{}, true, &fs.PathError{Op: "open", Path: rel, Err: err}
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return nil, pageInfo{}, true, &fs.PathError{Op: "fstat", Path: rel, Err: err}
	}
	return &rawPage{fd: fd}, statInfo(&st), true, nil
}

// openWalked opens the file rel that the walk found in the folder that
// dir holds open, relative to that folder (openat of its name), as open
// opens a page. ok is false, and nothing is opened, when dir holds no
// folder open.
func openWalked(dir *walker.Dir, rel string) (p *rawPage, info pageInfo, ok bool, err error) {
	if dir == nil || dir.FD() < 0 {
		return nil, pageInfo{}, false, nil
	}
	p, info, err = (&pageRoot{fd: -1}).open(dir, rel)
	return p, info, true, err
}

// statWalked stats the file rel that the walk found in the folder that
// dir holds open, relative to that folder, without opening it. It uses
// fstatat of the name, following a link as openWalked's open does. That
// is one system call, where an open, its fstat and a close are three.
// ok is false, and nothing is asked, when dir holds no folder open.
func statWalked(dir *walker.Dir, rel string) (info pageInfo, ok bool, err error) {
	if dir == nil || dir.FD() < 0 {
		return pageInfo{}, false, nil
	}
	name := rel[strings.LastIndexByte(rel, '/')+1:]
	var st unix.Stat_t
	for {
		err = unix.Fstatat(dir.FD(), name, &st, 0)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return pageInfo{}, true, err
	}
	return statInfo(&st), true, nil
}

// stat returns what the page at rel is now, to compare with what was
// opened. It follows the path through links as open did, relative to
// the same folder as open (fstatat).
func (r *pageRoot) stat(dir *walker.Dir, rel string) (pageInfo, error) {
	at, name := r.at(dir, rel)
	var st unix.Stat_t
	var err error
	for {
		err = unix.Fstatat(at, name, &st, 0)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return pageInfo{}, &fs.PathError{Op: "stat", Path: rel, Err: err}
	}
	return statInfo(&st), nil
}

// ctimeOf returns the change time (ns) of the file st describes, or 0
// where stat does not say.
func ctimeOf(st fs.FileInfo) int64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return s.Ctim.Nano()
	}
	return 0
}

func statInfo(st *unix.Stat_t) pageInfo {
	mode := fs.FileMode(st.Mode & 0o777)
	switch st.Mode & syscall.S_IFMT {
	case syscall.S_IFREG:
	case syscall.S_IFIFO:
		mode |= fs.ModeIrregular | fs.ModeNamedPipe
	case syscall.S_IFSOCK:
		mode |= fs.ModeIrregular | fs.ModeSocket
	case syscall.S_IFCHR, syscall.S_IFBLK:
		mode |= fs.ModeIrregular | fs.ModeDevice
	case syscall.S_IFDIR:
		mode |= fs.ModeIrregular | fs.ModeDir
	default:
		mode |= fs.ModeIrregular
	}
	return pageInfo{mode: mode, size: st.Size, mtime: time.Unix(st.Mtim.Unix()), dev: uint64(st.Dev), ino: uint64(st.Ino), links: uint64(st.Nlink), ctime: st.Ctim.Nano()}
}

// info returns what the open file is now, by fstat, with no path looked
// up.
func (p *rawPage) info() (pageInfo, bool) {
	var st unix.Stat_t
	for {
		err := unix.Fstat(p.fd, &st)
		switch err {
		case nil:
			return statInfo(&st), true
		case unix.EINTR:
			continue
		}
		return pageInfo{}, false
	}
}

// rawPage reads an open file descriptor.
type rawPage struct{ fd int }

func (p *rawPage) Read(b []byte) (int, error) {
	for {
		n, err := syscall.Read(p.fd, b)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, err
		case n == 0 && len(b) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (p *rawPage) Close() error { return syscall.Close(p.fd) }

// Seek sets the offset of the next Read.
func (p *rawPage) Seek(offset int64, whence int) (int64, error) {
	return syscall.Seek(p.fd, offset, whence)
}
