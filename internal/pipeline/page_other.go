//go:build !linux

package pipeline

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sitemapgen/sitemapgen/walker"
)

// pageRoot opens the pages of a site. On Linux, page_linux.go opens
// them relative to the open site folder instead.
type pageRoot struct{ path string }

func openRoot(path string) (*pageRoot, error) { return &pageRoot{path: path}, nil }

func (r *pageRoot) close() {}

// open opens the page at rel to read its head. Where the system has
// O_NONBLOCK, it keeps the open from hanging on a FIFO that took a
// page's place after the walk.
func (r *pageRoot) open(_ *walker.Dir, rel string) (osPage, pageInfo, error) {
	f, err := os.OpenFile(filepath.Join(r.path, rel), os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return osPage{}, pageInfo{}, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return osPage{}, pageInfo{}, err
	}
	return osPage{f}, infoOf(st), nil
}

// openWalked opens the file rel that the walk found in the folder that
// dir holds open. Here no folder is held open, so ok is false and
// nothing is opened.
func openWalked(dir *walker.Dir, rel string) (p osPage, info pageInfo, ok bool, err error) {
	return osPage{}, pageInfo{}, false, nil
}

// statWalked stats nothing here and returns ok false, because no folder
// is held open.
func statWalked(dir *walker.Dir, rel string) (info pageInfo, ok bool, err error) {
	return pageInfo{}, false, nil
}

// ctimeOf returns 0, because the change time is read on Linux only.
func ctimeOf(fs.FileInfo) int64 { return 0 }

// openBeneath opens nothing here and returns ok false. The one door
// opens a page inside the site folder instead.
func (r *pageRoot) openBeneath(rel string) (p osPage, info pageInfo, ok bool, err error) {
	return osPage{}, pageInfo{}, false, nil
}

// osPage is an open page.
type osPage struct{ *os.File }

// info says nothing. Here the open file's metadata may not show a
// removal or a replacement (the number of names), so the path is always
// statted again after the read.
func (osPage) info() (pageInfo, bool) { return pageInfo{}, false }

// stat returns what the page at rel is now, to compare with what was
// opened.
func (r *pageRoot) stat(_ *walker.Dir, rel string) (pageInfo, error) {
	st, err := os.Stat(filepath.Join(r.path, rel))
	if err != nil {
		return pageInfo{}, err
	}
	return infoOf(st), nil
}
