// Package walker finds the candidate files of a site: the regular files under
// a root whose slash-separated relative path matches an include glob and no
// exclude glob.
//
// # Order and policy
//
// [Walk] visits directories depth first with entries in byte order of their
// names, so the same tree always yields the same sequence. Hidden files and
// folders (names starting with ".") are skipped. Symbolic links are skipped
// unless [Options.FollowSymlinks] is set; then they are followed only when
// their target stays inside the root, and a link back to one of its own
// ancestors is reported as a loop rather than walked forever.
//
// Problems that concern one file or folder (unreadable, or readable by
// nobody according to its mode; vanished; a dangling link; a FIFO named
// page.html) are handed to [Options.Warn] and the walk goes on; only a problem with the root itself, or the callback's error,
// stops it.
package walker

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/bmatcuk/doublestar/v4"
)

// DefaultInclude is the include list used when Options.Include is empty.
var DefaultInclude = []string{"**/*.html", "**/*.htm"}

// Options configure a walk. The zero value walks every HTML file.
type Options struct {
	// Include lists doublestar globs (github.com/bmatcuk/doublestar/v4)
	// matched against the file's path relative to the root, with "/"
	// separators. A file is a candidate when any pattern matches. Empty
	// means DefaultInclude.
	Include []string
	// Exclude lists globs that remove candidates. A folder whose path an
	// exclude pattern matches, or matches with "/**" appended, is not
	// entered at all.
	Exclude []string
	// FollowSymlinks follows symbolic links that stay inside the root.
	FollowSymlinks bool
	// NoStat leaves regular files unstatted: their File has no Size or
	// ModTime, and the check that someone may read them is the caller's.
	// A caller that opens every file anyway saves a path lookup a file.
	NoStat bool
	// Warn receives problems that skip one file or folder. It may be nil.
	Warn func(path string, err error)
	// Ignored receives candidates left out for a reason that is not an
	// error: a symbolic link, when FollowSymlinks is off. It may be nil.
	Ignored func(path, reason string)
}

// File is a candidate file.
type File struct {
	// Path is the file's path relative to the root, with "/" separators
	// (the logical path: through followed links, not their targets).
	Path string
	// Size is the file's size in bytes.
	Size int64
	// ModTime is the file's modification time; zero when Options.NoStat
	// left the file unstatted.
	ModTime time.Time
}

// Problems reported to Options.Warn.
var (
	ErrNotRegular     = errors.New("not a regular file")
	ErrOutsideRoot    = errors.New("symbolic link points outside the site folder; not followed")
	ErrSymlinkLoop    = errors.New("symbolic link loop; not followed")
	ErrDanglingSymlnk = errors.New("symbolic link target does not exist")
	ErrNoReadBits     = errors.New("no read permission for anyone; a web server cannot serve it")
)

// ValidatePattern reports whether p is a valid doublestar glob for Include
// or Exclude.
func ValidatePattern(p string) error {
	if !doublestar.ValidatePattern(p) {
		return fmt.Errorf("invalid glob %q", p)
	}
	return nil
}

// Walk calls fn for every candidate file under root, in lexical order. It
// returns an error when root is not a readable folder, when ctx is done, or
// when fn returns one; fn's error is returned unchanged.
func Walk(ctx context.Context, root string, opts Options, fn func(File) error) error {
	for _, p := range append(append([]string(nil), opts.Include...), opts.Exclude...) {
		if err := ValidatePattern(p); err != nil {
			return err
		}
	}
	if len(opts.Include) == 0 {
		opts.Include = DefaultInclude
	}
	st, err := os.Stat(root)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s: not a folder", root)
	}
	w := &walk{ctx: ctx, opts: opts, fn: fn}
	if opts.FollowSymlinks {
		real, err := filepath.EvalSymlinks(root)
		if err != nil {
			return err
		}
		if real, err = filepath.Abs(real); err != nil {
			return err
		}
		w.stack = []string{real}
	}
	entries, err := readDir(root)
	if err != nil {
		var pe *fs.PathError
		if !errors.As(err, &pe) {
			err = fmt.Errorf("%s: %w", root, err)
		}
		return err
	}
	return w.dir(root, "", entries)
}

// readDir lists a folder sorted by name, as os.ReadDir does. Tests replace
// it to simulate a folder that cannot be read.
var readDir = readDirChecked

// readDirChecked is os.ReadDir that also refuses a folder whose mode grants
// read permission to nobody: root can list it, but no web server could
// serve what is in it. The mode comes from the open folder, so the check
// costs no path lookup.
func readDirChecked(name string) ([]os.DirEntry, error) {
	f, err := os.Open(name)
	if err != nil {
		// Not root: the open fails first; say why when the mode is why.
		if st, serr := os.Stat(name); serr == nil && st.Mode().Perm()&0o444 == 0 {
			return nil, &noReadError{perm: st.Mode().Perm()}
		}
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().Perm()&0o444 == 0 {
		return nil, &noReadError{perm: st.Mode().Perm()}
	}
	entries, err := f.ReadDir(-1)
	slices.SortFunc(entries, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// noReadError reports a folder whose mode grants read permission to nobody.
type noReadError struct{ perm fs.FileMode }

func (e *noReadError) Error() string { return ErrNoReadBits.Error() }

type walk struct {
	ctx   context.Context
	opts  Options
	fn    func(File) error
	stack []string // real paths of the folders being walked, when following links
}

func (w *walk) warn(path string, err error) {
	if w.opts.Warn != nil {
		w.opts.Warn(path, err)
	}
}

func (w *walk) included(rel string) bool {
	for _, p := range w.opts.Include {
		if doublestar.MatchUnvalidated(p, rel) {
			return !w.excluded(rel)
		}
	}
	return false
}

func (w *walk) excluded(rel string) bool {
	for _, p := range w.opts.Exclude {
		if doublestar.MatchUnvalidated(p, rel) {
			return true
		}
	}
	return false
}

func (w *walk) prunedDir(rel string) bool {
	for _, p := range w.opts.Exclude {
		if doublestar.MatchUnvalidated(p, rel) || doublestar.MatchUnvalidated(p, rel+"/**") {
			return true
		}
	}
	return false
}

// dir walks the entries of the folder at full (relative path rel, "" for the
// root).
func (w *walk) dir(full, rel string, entries []os.DirEntry) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if name[0] == '.' {
			continue
		}
		childFull := filepath.Join(full, name)
		childRel := name
		if rel != "" {
			childRel = rel + "/" + name
		}
		var err error
		switch t := e.Type(); {
		case t.IsDir():
			err = w.subdir(childFull, childRel, "")
		case t&fs.ModeSymlink != 0:
			err = w.symlink(childFull, childRel)
		case t.IsRegular():
			if !w.included(childRel) {
				continue
			}
			if w.opts.NoStat {
				err = w.fn(File{Path: childRel})
				break
			}
			info, ierr := e.Info()
			if ierr != nil {
				w.warn(childRel, ierr)
				continue
			}
			err = w.file(childRel, info)
		default:
			if w.included(childRel) {
				w.warn(childRel, fmt.Errorf("%w (%s)", ErrNotRegular, describeMode(t)))
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// subdir walks a folder; real is its resolved path when it was reached
// through a symbolic link, "" otherwise.
func (w *walk) subdir(full, rel, real string) error {
	if w.prunedDir(rel) {
		return nil
	}
	entries, err := readDir(full)
	var noRead *noReadError
	if errors.As(err, &noRead) {
		w.warn(rel+"/", fmt.Errorf("%w (mode %v)", ErrNoReadBits, noRead.perm))
		return nil
	}
	if err != nil {
		// ReadDir returns what it read before the error; a folder we
		// cannot list is a warning, not the end of the walk.
		w.warn(rel+"/", unwrapPath(err))
		if len(entries) == 0 {
			return nil
		}
	}
	if w.stack != nil {
		if real == "" {
			real = filepath.Join(w.stack[len(w.stack)-1], filepath.Base(full))
		}
		w.stack = append(w.stack, real)
		defer func() { w.stack = w.stack[:len(w.stack)-1] }()
	}
	return w.dir(full, rel, entries)
}

func (w *walk) symlink(full, rel string) error {
	if !w.opts.FollowSymlinks {
		if w.opts.Ignored != nil && w.included(rel) {
			w.opts.Ignored(rel, "symbolic link")
		}
		return nil
	}
	info, err := os.Stat(full)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			err = ErrDanglingSymlnk
		}
		w.warn(rel, unwrapPath(err))
		return nil
	}
	if !info.IsDir() && !w.included(rel) {
		return nil
	}
	real, err := filepath.EvalSymlinks(full)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	if err != nil {
		w.warn(rel, unwrapPath(err))
		return nil
	}
	root := w.stack[0]
	if real != root && !strings.HasPrefix(real, root+string(filepath.Separator)) {
		w.warn(rel, ErrOutsideRoot)
		return nil
	}
	if !info.IsDir() {
		if !info.Mode().IsRegular() {
			w.warn(rel, fmt.Errorf("%w (%s)", ErrNotRegular, describeMode(info.Mode())))
			return nil
		}
		return w.file(rel, info)
	}
	for _, anc := range w.stack {
		if real == anc || strings.HasPrefix(anc, real+string(filepath.Separator)) {
			w.warn(rel, ErrSymlinkLoop)
			return nil
		}
	}
	return w.subdir(full, rel, real)
}

func (w *walk) file(rel string, info fs.FileInfo) error {
	if info.Mode().Perm()&0o444 == 0 {
		w.warn(rel, fmt.Errorf("%w (mode %v)", ErrNoReadBits, info.Mode().Perm()))
		return nil
	}
	return w.fn(File{Path: rel, Size: info.Size(), ModTime: info.ModTime()})
}

// unwrapPath drops the *fs.PathError wrapper, whose absolute path the caller
// replaces with the relative one.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.Type().String()
}
