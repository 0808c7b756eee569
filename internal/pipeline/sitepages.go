package pipeline

import (
	"fmt"
	"io"
	"io/fs"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// SitePages opens the pages of a site folder that a build listed, to
// read them again; audit reads each page whole for its links. It
// follows the one door's rule: no path leads out of the folder, through
// "..", a symbolic link out or an absolute path (fsx.ErrOutside). It
// opens only a regular file, finds a FIFO without blocking on it, and
// reads within a bound. On Linux a page is opened by one openat2
// (RESOLVE_BENEATH) relative to the site folder held open. That is the
// road the build's own pages take (page_linux.go), where an fsx.Root
// opens every folder on the page's path in turn. Elsewhere, where the
// kernel lacks openat2, the door opens the page, and says why a path it
// refuses leaves the folder. SitePages is safe for use by several
// goroutines. Close releases the folder.
type SitePages struct {
	root *pageRoot
	door *fsx.Root
}

// OpenSitePages opens the site folder dir, as named.
func OpenSitePages(dir string) (*SitePages, error) {
	door, err := fsx.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	root, err := openRoot(dir)
	if err != nil {
		door.Close()
		return nil, err
	}
	return &SitePages{root: root, door: door}, nil
}

// Close releases the folder.
func (s *SitePages) Close() error {
	s.root.close()
	return s.door.Close()
}

// A SitePage is an open page whose reads are bounded. Reading past the
// bound gives an fsx.ErrTooLarge error that names the setting.
type SitePage struct {
	io.Reader
	c    io.Closer
	size int64
}

// Size is the page's size when it was opened.
func (p *SitePage) Size() int64 { return p.size }

// Close closes the page.
func (p *SitePage) Close() error { return p.c.Close() }

// Open opens the page at rel (slash-separated, relative to the site
// folder), to be read within max bytes, the bound that key names.
// Reading past it gives an fsx.ErrTooLarge error. Anything but a
// regular file gives an fsx.ErrNotRegular error, found without
// blocking.
func (s *SitePages) Open(rel string, max int64, key string) (*SitePage, error) {
	if p, info, ok, err := s.root.openBeneath(rel); ok {
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: s.door.Path(rel), Err: unwrapPathErr(err)}
		}
		if info.mode&fs.ModeIrregular != 0 {
			p.Close()
			return nil, &fs.PathError{Op: "read", Path: s.door.Path(rel), Err: fmt.Errorf("%w (%s)", fsx.ErrNotRegular, fsx.Describe(info.mode&fs.ModeType))}
		}
		return &SitePage{Reader: fsx.Bound(p, s.door.Path(rel), max, key), c: p, size: info.size}, nil
	}
	f, err := s.door.Open(rel, max, key)
	if err != nil {
		return nil, err
	}
	size := int64(-1)
	if st, err := f.Stat(); err == nil {
		size = st.Size()
	}
	return &SitePage{Reader: f, c: f, size: size}, nil
}

// unwrapPathErr drops a *fs.PathError's own path, because the caller
// gives the path.
func unwrapPathErr(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
