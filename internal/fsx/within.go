package fsx

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// ErrNotWithin is the error of [Within] for a path that leads out of the
// folder it must stay in.
var ErrNotWithin = errors.New("out of its folder")

// An OutsideError is the error of [Within] for a path that leads out of
// its folder: where it leads, every link followed, and the folder, the
// same. It is ErrNotWithin for errors.Is.
type OutsideError struct {
	To, Top string
}

func (e *OutsideError) Error() string {
	return "it leads to " + diag.ShowPath(e.To) + ", outside " + diag.ShowPath(e.Top)
}

// Is reports whether target is ErrNotWithin.
func (e *OutsideError) Is(target error) bool { return target == ErrNotWithin }

// Within returns nil when path names a place inside the folder top (top
// itself included) once every symbolic link in both is followed; else an
// [*OutsideError], or the error of a path that cannot be followed (a link
// that points nowhere, a loop, a file where a folder should be). A path
// that does not exist yet is inside when the part of it that exists is,
// since what is made below a folder stays in it.
//
// path is taken as [filepath.Clean] makes it (lexically, a "link/.."
// is no step at all): the caller must open, create or walk the path it
// cleaned (filepath.Join cleans), not the one it was given. A relative path
// is relative to the working directory, as the caller opens it.
//
// Within is for a path a file of a repository gives (a settings file's
// out:, a generator's publish folder): such a path, unlike one the user
// named, must stay in the repository's tree. What it decides holds while
// nobody changes the tree's links: it does not guard against a race with
// another process.
func Within(top, path string) error {
	realTop, err := Real(top)
	if err != nil {
		return err
	}
	to, err := Real(path)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(realTop, to)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return &OutsideError{To: to, Top: realTop}
	}
	return nil
}

// Real returns the absolute path p leads to once every symbolic link in
// its part that exists is followed, with the rest (not there yet) as
// named; p is taken as filepath.Clean makes it, as [Within] takes it. A
// link that points nowhere, or a loop, is an error.
func Real(p string) (string, error) {
	p = filepath.Clean(p)
	if !filepath.IsAbs(p) {
		// The working directory as the kernel knows it: os.Getwd may
		// answer $PWD, a path through links, where a leading ".." means
		// another folder than the one the kernel climbs to.
		wd, err := filepath.Abs(".")
		if err == nil {
			wd, err = filepath.EvalSymlinks(wd)
		}
		if err != nil {
			return "", err
		}
		p = filepath.Join(wd, p)
	}
	var rest []string
	for {
		r, err := filepath.EvalSymlinks(p)
		if err == nil {
			for i := len(rest) - 1; i >= 0; i-- {
				r = filepath.Join(r, rest[i])
			}
			return r, nil
		}
		if _, lerr := os.Lstat(p); !errors.Is(lerr, fs.ErrNotExist) {
			// There, but not to be followed: a link to nowhere, a loop.
			return "", err
		}
		parent := filepath.Dir(p)
		if parent == p {
			return "", err
		}
		rest = append(rest, filepath.Base(p))
		p = parent
	}
}
