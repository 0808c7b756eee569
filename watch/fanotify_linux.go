package watch

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/fsnotify/fsnotify"
	"golang.org/x/sys/unix"
)

// fanotify, where the process may use it (CAP_SYS_ADMIN, to mark a whole
// filesystem, and CAP_DAC_READ_SEARCH, to find a folder from its handle;
// Linux 5.9 or later): one mark on each filesystem that holds a root or
// a watched file, instead of a watch on each folder. There is then no
// limit to meet, nothing to walk at start, and no memory a folder; events
// come for the whole filesystem, and those outside the roots are left
// out here, before they reach the event loop. Each event names its
// folder by a file handle, which is opened (open_by_handle_at) and read
// back as a path (/proc/self/fd); the paths of the folders seen lately
// are kept, and forgotten whenever a folder is moved.

// fanMask is what is asked of the kernel: the changes inotify reports.
const fanMask = unix.FAN_MODIFY | unix.FAN_ATTRIB | unix.FAN_CREATE | unix.FAN_DELETE |
	unix.FAN_MOVED_FROM | unix.FAN_MOVED_TO | unix.FAN_ONDIR

// fanKeep is how many folders' paths are kept at most: the cache is
// emptied past it.
const fanKeep = 1 << 16

// fanGather is how long the reader lets events gather between two reads
// that did not fill half its buffer: the events of the whole filesystem
// are read hundreds at a time, not one wake-up each. Another program
// copying a tree of 23,000 entries twice beside the site, and removing
// it once, cost watch 0.8 s of CPU without, 0.5 s with (most of it now
// finding each new folder's path from its handle). A change that follows
// another within it is seen that much later, well within the debounce.
const fanGather = 10 * time.Millisecond

// fanWatch is a fanotify group and the goroutine that reads it.
type fanWatch struct {
	f      *os.File
	mounts map[[2]int32]int // a filesystem's id → an open folder on it, for open_by_handle_at
	events chan fsnotify.Event
	errs   chan error
	done   chan struct{}
	wg     sync.WaitGroup

	// keep says whether a change to the entry name of the folder dir may
	// matter, and the path it is reported by; it reads only what does not
	// change while watching, and allocates only for what it keeps.
	keep  func(dir string, name []byte) (string, bool)
	paths map[string]string // a folder's handle → its path; only the reader touches it
}

// openFanotify marks the filesystems that hold paths, and starts reading
// their events, which it hands over as fsnotify's, keeping those keep
// accepts, under the name it gives. It fails where the process may not
// use fanotify so.
func openFanotify(paths []string, keep func(dir string, name []byte) (string, bool)) (*fanWatch, error) {
	// The queue is unlimited (CAP_SYS_ADMIN, which marking a filesystem
	// needs too): the events of the whole filesystem come, and a storm
	// of them elsewhere (a build of another tree beside, a test suite)
	// would overflow the 16,384 of the default queue whenever the reader
	// is kept from the CPU for a moment; each overflow made the next
	// batch everything, a whole build and the configuration read again.
	// The reader drains it as it comes, keeping only the roots' events.
	fd, err := unix.FanotifyInit(unix.FAN_CLASS_NOTIF|unix.FAN_CLOEXEC|unix.FAN_NONBLOCK|unix.FAN_REPORT_DFID_NAME|unix.FAN_UNLIMITED_QUEUE,
		unix.O_RDONLY|unix.O_CLOEXEC|unix.O_LARGEFILE)
	if err != nil {
		return nil, fmt.Errorf("fanotify: %w", err)
	}
	fa := &fanWatch{
		f:      os.NewFile(uintptr(fd), "fanotify"),
		mounts: make(map[[2]int32]int),
		events: make(chan fsnotify.Event, 256),
		errs:   make(chan error, 1),
		done:   make(chan struct{}),
		keep:   keep,
		paths:  make(map[string]string),
	}
	for _, p := range paths {
		if err := fa.mark(fd, p); err != nil {
			fa.closeFiles()
			return nil, err
		}
	}
	fa.wg.Go(fa.read)
	return fa, nil
}

// mark marks the filesystem that holds the folder p, once a filesystem,
// and checks that its folders can be found again from their handles.
func (fa *fanWatch) mark(fd int, p string) error {
	mfd, err := unix.Open(p, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		if errors.Is(err, unix.ENOENT) {
			return nil // a folder of a file not made yet: its parent is marked
		}
		return fmt.Errorf("fanotify: %s: %w", p, err)
	}
	var sfs unix.Statfs_t
	if err := unix.Fstatfs(mfd, &sfs); err != nil {
		unix.Close(mfd)
		return fmt.Errorf("fanotify: %s: %w", p, err)
	}
	id := fsid(sfs)
	if _, ok := fa.mounts[id]; ok {
		unix.Close(mfd)
		return nil
	}
	fa.mounts[id] = mfd
	if err := unix.FanotifyMark(fd, unix.FAN_MARK_ADD|unix.FAN_MARK_FILESYSTEM, fanMask, unix.AT_FDCWD, p); err != nil {
		return fmt.Errorf("fanotify: mark the filesystem of %s: %w", p, err)
	}
	h, _, err := unix.NameToHandleAt(unix.AT_FDCWD, p, 0)
	if err != nil {
		return fmt.Errorf("fanotify: %s: %w", p, err)
	}
	back, err := unix.OpenByHandleAt(mfd, h, unix.O_PATH|unix.O_CLOEXEC)
	if err != nil {
		return fmt.Errorf("fanotify: find %s from its handle: %w", p, err)
	}
	unix.Close(back)
	return nil
}

// fsid returns the id of a filesystem as events give it.
func fsid(sfs unix.Statfs_t) [2]int32 {
	return *(*[2]int32)(unsafe.Pointer(&sfs.Fsid))
}

// close stops the reader and closes the group and the filesystems' folders.
func (fa *fanWatch) close() {
	close(fa.done)
	fa.f.Close() // ends the reader's Read
	fa.wg.Wait()
	for _, mfd := range fa.mounts {
		unix.Close(mfd)
	}
}

// closeFiles closes what openFanotify opened, before the reader started.
func (fa *fanWatch) closeFiles() {
	fa.f.Close()
	for _, mfd := range fa.mounts {
		unix.Close(mfd)
	}
}

// read reads events until the group is closed.
func (fa *fanWatch) read() {
	buf := make([]byte, 64<<10)
	gather := time.NewTimer(0)
	defer gather.Stop()
	for {
		n, err := fa.f.Read(buf)
		if err != nil {
			if !errors.Is(err, os.ErrClosed) {
				select {
				case fa.errs <- fmt.Errorf("fanotify: %w", err):
				case <-fa.done:
				}
			}
			return
		}
		if !fa.parse(buf[:n]) {
			return
		}
		if n < len(buf)/2 {
			gather.Reset(fanGather)
			select {
			case <-gather.C:
			case <-fa.done:
				return
			}
		}
	}
}

// parse hands over the events in buf; false once the group is closing.
func (fa *fanWatch) parse(buf []byte) bool {
	const metaLen = int(unsafe.Sizeof(unix.FanotifyEventMetadata{}))
	for len(buf) >= metaLen {
		meta := (*unix.FanotifyEventMetadata)(unsafe.Pointer(&buf[0]))
		size := int(meta.Event_len)
		if size < metaLen || size > len(buf) || meta.Vers != unix.FANOTIFY_METADATA_VERSION {
			return fa.fail(errors.New("fanotify: an event of another version or size"))
		}
		ev := buf[:size]
		buf = buf[size:]
		if meta.Fd >= 0 {
			unix.Close(int(meta.Fd))
		}
		if meta.Mask&unix.FAN_Q_OVERFLOW != 0 {
			if !fa.fail(fsnotify.ErrEventOverflow) {
				return false
			}
			continue
		}
		path, ok := fa.pathOf(ev[meta.Metadata_len:], meta.Mask)
		if !ok {
			continue
		}
		var op fsnotify.Op
		if meta.Mask&(unix.FAN_CREATE|unix.FAN_MOVED_TO) != 0 {
			op |= fsnotify.Create
		}
		if meta.Mask&unix.FAN_DELETE != 0 {
			op |= fsnotify.Remove
		}
		if meta.Mask&unix.FAN_MOVED_FROM != 0 {
			op |= fsnotify.Rename
		}
		if meta.Mask&unix.FAN_MODIFY != 0 {
			op |= fsnotify.Write
		}
		if meta.Mask&unix.FAN_ATTRIB != 0 {
			op |= fsnotify.Chmod
		}
		if meta.Mask&unix.FAN_ONDIR != 0 {
			op |= opFolder
		}
		select {
		case fa.events <- fsnotify.Event{Name: path, Op: op}:
		case <-fa.done:
			return false
		}
	}
	return true
}

// fail hands over err; false once the group is closing.
func (fa *fanWatch) fail(err error) bool {
	select {
	case fa.errs <- err:
		return true
	case <-fa.done:
		return false
	}
}

// pathOf returns the path of the entry an event's records name, if keep
// keeps it: its folder's, found from its handle, and its name. A folder
// gone meanwhile has no path: its own removal is an event of its parent.
func (fa *fanWatch) pathOf(info []byte, mask uint64) (string, bool) {
	for len(info) >= 4 {
		typ, size := info[0], int(binary.NativeEndian.Uint16(info[2:4]))
		if size < 4 || size > len(info) {
			return "", false
		}
		rec := info[:size]
		info = info[size:]
		// struct fanotify_event_info_fid: the header (4 bytes), the
		// filesystem's id (8), struct file_handle (its size, 4; its type,
		// 4; the handle), then the entry's name, NUL-terminated.
		if typ != unix.FAN_EVENT_INFO_TYPE_DFID_NAME || len(rec) < 20 {
			continue
		}
		var id [2]int32
		id[0] = int32(binary.NativeEndian.Uint32(rec[4:8]))
		id[1] = int32(binary.NativeEndian.Uint32(rec[8:12]))
		hlen := int(binary.NativeEndian.Uint32(rec[12:16]))
		htype := int32(binary.NativeEndian.Uint32(rec[16:20]))
		if 20+hlen > len(rec) {
			return "", false
		}
		handle := rec[20 : 20+hlen]
		name := rec[20+hlen:]
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		dir, ok := fa.folder(id, htype, rec[4:20+hlen], handle)
		if !ok {
			return "", false
		}
		if mask&unix.FAN_ONDIR != 0 && mask&(unix.FAN_MOVED_FROM|unix.FAN_MOVED_TO) != 0 {
			// A folder moved: the paths of the folders under it changed.
			// One removed needs nothing: its handle never comes again.
			clear(fa.paths)
		}
		if string(name) == "." {
			name = nil
		}
		return fa.keep(dir, name)
	}
	return "", false
}

// folder returns the path of the folder of a handle; key is the id and the
// handle, as the event gives them.
func (fa *fanWatch) folder(id [2]int32, htype int32, key, handle []byte) (string, bool) {
	if p, ok := fa.paths[string(key)]; ok {
		return p, true
	}
	mfd, ok := fa.mounts[id]
	if !ok {
		return "", false
	}
	dfd, err := unix.OpenByHandleAt(mfd, unix.NewFileHandle(htype, handle), unix.O_PATH|unix.O_CLOEXEC)
	if err != nil {
		return "", false // gone (ESTALE)
	}
	p, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(dfd))
	unix.Close(dfd)
	if err != nil || !filepath.IsAbs(p) || strings.HasSuffix(p, " (deleted)") {
		return "", false
	}
	if len(fa.paths) >= fanKeep {
		clear(fa.paths)
	}
	fa.paths[string(key)] = p
	return p, true
}
