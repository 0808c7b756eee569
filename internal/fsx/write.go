package fsx

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Create creates the new file rel inside the folder for writing, with
// permissions perm: never an existing file, nor through a link at rel
// (O_EXCL), nor through a link out of the folder. The file's Name is its
// path, as [Root.Path] gives it. The caller closes it.
func (r *Root) Create(rel string, perm fs.FileMode) (*os.File, error) {
	f, err := r.r.OpenFile(filepath.FromSlash(rel), os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return nil, r.pathErr(rel, err)
	}
	return f, nil
}

// MkdirAll makes the folder rel inside the folder, and its missing
// parents, never through a link out of the folder (a parent that is a
// link out is an [ErrOutside] error, nothing made there).
func (r *Root) MkdirAll(rel string, perm fs.FileMode) error {
	return r.pathErr(rel, r.r.MkdirAll(filepath.FromSlash(rel), perm))
}

// Rename renames the file from to to, both inside the folder, never
// through a link out of it: a link at to is replaced, its target
// untouched, as rename(2) does.
func (r *Root) Rename(from, to string) error {
	err := r.r.Rename(filepath.FromSlash(from), filepath.FromSlash(to))
	if err == nil {
		return nil
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		err = le.Err
	}
	if escapes(err) {
		err = ErrOutside
	}
	return &os.LinkError{Op: "rename", Old: r.Path(from), New: r.Path(to), Err: err}
}

// Remove removes the file rel inside the folder, never through a link
// out of it: a link at rel is removed itself, never what it points to;
// a folder is never removed (unlink, not rmdir: an empty folder made at
// rel is left, with an error).
func (r *Root) Remove(rel string) error { return r.remove(rel, false) }

// RemoveRegular is [Root.Remove] of a regular file only: anything else at
// rel (a link, a FIFO, a folder) is left, with an [ErrNotRegular] error.
// What rel is and its removal are both asked of the folder that holds it,
// opened once: no link swapped in between leads either out of the folder.
func (r *Root) RemoveRegular(rel string) error { return r.remove(rel, true) }

// SyncDir makes the entries of the folder rel inside the folder (the
// renames and removals made in it) durable.
func (r *Root) SyncDir(rel string) error {
	d, err := r.r.OpenFile(filepath.FromSlash(slashRel(rel)), os.O_RDONLY|dirFlags, 0)
	if err != nil {
		return r.pathErr(rel, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("sync %s: %w", r.Path(rel), err)
	}
	return nil
}

// splitRel returns the folder that holds rel, inside the root, and rel's
// last name; an error for a path that leaves the folder or names it.
func (r *Root) splitRel(op, rel string) (dir, base string, err error) {
	clean := filepath.Clean(filepath.FromSlash(rel))
	if !filepath.IsLocal(clean) {
		return "", "", &fs.PathError{Op: op, Path: r.Path(rel), Err: ErrOutside}
	}
	if clean == "." {
		return "", "", &fs.PathError{Op: op, Path: r.Path(rel), Err: fs.ErrInvalid}
	}
	dir, base = filepath.Split(clean)
	if dir == "" {
		dir = "."
	}
	return dir, base, nil
}

// MkdirAllNamed makes the folder at path, a path the user named (the
// output folder, the changes file's folder, --state's), and its missing
// parents, followed where it points, as the named road follows.
func MkdirAllNamed(path string, perm fs.FileMode) error { return os.MkdirAll(path, perm) }

// RemoveEmptyNamed removes the folder at path, a path the user named, only
// while it is an empty folder (rmdir): never a file or a link made in its
// place. A run that made the folder takes it back with it.
func RemoveEmptyNamed(path string) error { return rmdir(path) }
