//go:build !linux

package walker

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Dir is the folder a File of a tree walk was found in, valid only during
// the callback that receives the File. (On Linux it holds the folder open;
// see dir_linux.go.)
type Dir struct {
	path string
	f    *os.File
}

// FD returns -1: on this system a folder is not opened for its files.
func (d *Dir) FD() int { return -1 }

func newDir() *Dir { return &Dir{} }

// rootDir is the walk's root.
type rootDir struct{ path string }

func openRootDir(path string) (*rootDir, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	return &rootDir{path: path}, nil
}

func (r *rootDir) close() {}

// open opens the folder rel (slash-separated, relative to the root; ""
// is the root).
func (d *Dir) open(root *rootDir, rel string) error {
	d.path = filepath.Join(root.path, filepath.FromSlash(rel))
	f, err := os.Open(d.path)
	if err != nil {
		return err
	}
	d.f = f
	return nil
}

func (d *Dir) close() {
	d.f.Close()
	d.f = nil
}

// read lists the folder, calling fn with each entry's name and type until
// fn returns false.
func (d *Dir) read(fn func(name []byte, typ fs.FileMode) bool) error {
	for {
		entries, err := d.f.ReadDir(256)
		for _, e := range entries {
			if !fn([]byte(e.Name()), e.Type()) {
				return nil
			}
		}
		if err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

// lstat stats the entry name of the folder, without following a link.
func (d *Dir) lstat(name string) (fileStat, error) {
	st, err := os.Lstat(filepath.Join(d.path, name))
	if err != nil {
		return fileStat{}, err
	}
	return statOf(st), nil
}
