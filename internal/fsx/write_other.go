//go:build !unix

package fsx

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// remove is Lstat, then os.Root's Remove, where there is no unlinkat: a
// file swapped for an empty folder in between may be removed with it,
// inside the folder still.
func (r *Root) remove(rel string, regular bool) error {
	if _, _, err := r.splitRel("remove", rel); err != nil {
		return err
	}
	fi, err := r.Lstat(rel)
	if err != nil {
		return err
	}
	if fi.IsDir() || regular && !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "remove", Path: r.Path(rel), Err: fmt.Errorf("%w (%s)", ErrNotRegular, Describe(fi.Mode()))}
	}
	return r.pathErr(rel, r.r.Remove(filepath.FromSlash(rel)))
}

func rmdir(path string) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return &fs.PathError{Op: "remove", Path: path, Err: fmt.Errorf("not a folder (%s)", Describe(fi.Mode()))}
	}
	return os.Remove(path)
}
