package pipeline

// Reading a page as it is. The page's head is read from the open file.
// Once it is read, a check makes sure the path still names that file,
// unchanged.

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/walker"
)

// pageInfo is what the build needs of a file's metadata.
type pageInfo struct {
	mode     fs.FileMode // permission bits, plus ModeIrregular for anything but a regular file
	size     int64
	mtime    time.Time
	dev, ino uint64 // which file it is; zero where the system does not say
	links    uint64 // how many names the file has; 1 where the system does not say
	ctime    int64  // the inode's last change, in nanoseconds; zero where not read
}

func infoOf(st os.FileInfo) pageInfo {
	mode := st.Mode().Perm()
	if !st.Mode().IsRegular() {
		mode |= fs.ModeIrregular | st.Mode().Type()
	}
	dev, ino := fileID(st)
	return pageInfo{mode: mode, size: st.Size(), mtime: st.ModTime(), dev: dev, ino: ino, links: links(st)}
}

// These test hooks are called with a page's path when set.
// testHookBeforeOpen runs before the page is opened, and testHookOpened
// after it is opened and before it is read. Tests remove or change the
// file there.
var testHookBeforeOpen, testHookOpened func(rel string)

// readHead opens the page at rel and reads its head. When the walker
// left out f's size and time, it fills them in from the open file. With
// is, it reads the whole page, for its images (the sources it shows, as
// written), its videos and what it says of itself as an article
// (is.last). It fails when the path no longer names the file that was
// read, as it was then.
func (b *builder) readHead(hr *htmlhead.HeadReader, is *pageScan, rel string, f *walker.File) (*htmlhead.Head, []string, error) {
	if testHookBeforeOpen != nil {
		testHookBeforeOpen(rel)
	}
	page, info, err := b.root.open(f.Dir, rel)
	switch {
	case gone(err):
		return nil, nil, ErrRemovedBeforeRead
	case errors.Is(err, fs.ErrPermission):
		// Denied to this user. If denied to anyone, it is the policy's
		// skip.
		now, serr := b.root.stat(f.Dir, rel)
		if serr == nil && b.kept.linked != nil {
			b.kept.linked.note(f.Path, now)
		}
		if serr == nil && now.mode&0o444 == 0 {
			return nil, nil, noReadBits(now.mode)
		}
		return nil, nil, err
	case err != nil:
		return nil, nil, err
	}
	defer page.Close()
	if b.kept.linked != nil {
		b.kept.linked.note(f.Path, info)
	}
	if err := setInfo(f, info); err != nil {
		return nil, nil, err
	}
	if testHookOpened != nil {
		testHookOpened(rel)
	}
	var h *htmlhead.Head
	var images []string
	if is != nil {
		h, images, err = is.read(hr, page, info.size, b.opts.Limits.Or().PageBytes)
	} else {
		h, err = hr.ReadSized(page, info.size)
	}
	if err != nil {
		return nil, nil, err
	}
	if h.ErrorShell {
		// Next.js's error shell: a redirect() says its target in the
		// body. Such pages are few; read them whole, up to a bound.
		if _, err := page.Seek(0, io.SeekStart); err != nil {
			return nil, nil, err
		}
		body, err := io.ReadAll(io.LimitReader(page, maxShellBytes))
		if err != nil {
			return nil, nil, err
		}
		h.NextRedirect, _ = htmlhead.NextRedirect(body)
	}
	// The open file as it is now tells whether anything happened to it. A
	// write or a touch moves its times, and a removal or a replacement by
	// another file takes a name from it (links). Only then is the path
	// looked up again, to say which of these it was.
	if now, ok := page.info(); !ok || !sameInode(info, now) {
		now, err := b.root.stat(f.Dir, rel)
		if err := changed(info, now, err); err != nil {
			return nil, nil, err
		}
	}
	return h, images, nil
}

// sameInode reports whether an open file's fstat after its read (now)
// shows it as it was when it was opened: the same size, times and
// number of names.
func sameInode(opened, now pageInfo) bool {
	return now.size == opened.size && now.mtime.Equal(opened.mtime) && now.ctime == opened.ctime && now.links == opened.links
}

// maxShellBytes bounds the read of a Next.js error shell's body.
const maxShellBytes = 8 << 20

// changed compares what a page was when it was opened with what its
// path names after the read: now, or the error of its stat.
func changed(opened, now pageInfo, err error) error {
	switch {
	case gone(err):
		return ErrRemovedWhileRead
	case err != nil:
		return err
	case now.dev != opened.dev || now.ino != opened.ino:
		return ErrReplacedWhileRead
	case now.size != opened.size || !now.mtime.Equal(opened.mtime):
		return ErrChangedWhileRead
	}
	return nil
}

// setInfo checks that info is of a regular file that someone may read.
// It fills in f's size and time from info when they are missing.
func setInfo(f *walker.File, info pageInfo) error {
	if info.mode&fs.ModeIrregular != 0 {
		return walker.ErrNotRegular
	}
	if info.mode&0o444 == 0 {
		return noReadBits(info.mode)
	}
	if f.ModTime.IsZero() {
		f.Size, f.ModTime = info.size, info.mtime
	}
	return nil
}

// noReadBits returns the policy's problem with a file of mode m, a mode
// that lets nobody read it.
func noReadBits(m fs.FileMode) error {
	return fmt.Errorf("%w (mode %v)", walker.ErrNoReadBits, m.Perm())
}
