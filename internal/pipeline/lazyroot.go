package pipeline

import (
	"io/fs"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// A lazyRoot is a folder whose files are looked at inside it, through
// the one door (package fsx). The folder is opened when the first of
// its files is looked at. close releases it.
type lazyRoot struct {
	dir string
	r   *fsx.Root
	err error
}

func (l *lazyRoot) root() (*fsx.Root, error) {
	if l.r == nil && l.err == nil {
		l.r, l.err = fsx.OpenRoot(l.dir)
	}
	return l.r, l.err
}

// Lstat returns what rel (slash-separated) is. When rel is a link, it
// describes the link itself.
func (l *lazyRoot) Lstat(rel string) (fs.FileInfo, error) {
	r, err := l.root()
	if err != nil {
		return nil, err
	}
	return r.Lstat(rel)
}

// Stat returns what rel (slash-separated) is, following links inside the
// folder.
func (l *lazyRoot) Stat(rel string) (fs.FileInfo, error) {
	r, err := l.root()
	if err != nil {
		return nil, err
	}
	return r.Stat(rel)
}

func (l *lazyRoot) close() {
	if l.r != nil {
		l.r.Close()
	}
}
