package walker

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
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
	// FollowSymlinks follows symbolic links that stay inside the root,
	// relative ones only.
	FollowSymlinks bool
	// NoStat leaves regular files unstatted: their File has no Size or
	// ModTime, and the check that someone may read them is the caller's.
	// A caller that opens every file anyway saves a system call a file.
	NoStat bool
	// Workers is the number of folders read at once; 0 means GOMAXPROCS,
	// at least 4.
	Workers int
	// Warn receives problems that skip one file or folder. It may be nil,
	// and is called concurrently.
	Warn func(path string, err error)
	// Ignored receives candidates left out for a reason that is not an
	// error: a symbolic link whose name the include patterns match, when
	// FollowSymlinks is off. It may be nil, and is called concurrently.
	Ignored func(path, reason string)
	// LeftOut, when set, receives what the policy leaves out unseen, with
	// why ([ErrHidden], [ErrExcluded], [ErrNotIncluded]): a folder not
	// entered, hidden or excluded (its path ends in "/"); a file an
	// include pattern matches that is hidden or excluded; and, when no
	// include pattern can match an HTML file's name ([IncludesHTML]),
	// each HTML file. It may be nil, and is called concurrently; a walk
	// without it does no more work than before.
	LeftOut func(path string, why error)
	// Folders, when set, is called once a folder is listed, before any
	// folder in it is: with the folder's path ("" for the root), the
	// names of the folders in it that the walk enters and of those it
	// leaves out (hidden or excluded), each sorted by name; a link
	// followed to a folder is neither. For a folder that could not be
	// listed it is called with err set and no names. It is called
	// concurrently and may block: watch mode adds each folder's watch
	// in it, before the folder is listed, so that the walk's listing
	// is the watch's too.
	Folders func(dir string, enter, skip []string, err error)
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
	// Dir is the folder the file was found in, open while the callback
	// that receives the File runs, and only then: on Linux, Dir.FD with
	// the path's last element opens or stats the file (openat, fstatat)
	// without the kernel looking up every folder above it. Nil for a file
	// WalkPaths was given by its path.
	Dir *Dir
}

// fileStat is what a walk needs of a file's lstat.
type fileStat struct {
	mode  fs.FileMode
	size  int64
	mtime time.Time
}

func statOf(st fs.FileInfo) fileStat {
	return fileStat{mode: st.Mode(), size: st.Size(), mtime: st.ModTime()}
}

// Problems reported to Options.Warn.
var (
	ErrNotRegular  = errors.New("not a regular file")
	ErrOutsideRoot = errors.New("symbolic link points outside the site folder; not followed")
	// ErrAbsoluteSymlink is for a link whose target is inside the root
	// but reached through an absolute symbolic link (the link itself, or
	// one on its way): never followed, as the one door (package fsx)
	// never follows one, so that every command reads the pages the walk
	// lists. errors.Is(err, fsx.ErrOutside) holds for it.
	ErrAbsoluteSymlink = fsx.ErrAbsolute
	ErrSymlinkLoop     = errors.New("symbolic link loop; not followed")
	ErrDanglingSymlnk  = errors.New("symbolic link target does not exist")
	ErrNoReadBits      = errors.New("no read permission for anyone; a web server cannot serve it")
	// ErrNotInRoot is for a path given to WalkPaths that leaves the root
	// ("../x") or is absolute.
	ErrNotInRoot = errors.New("not a path inside the site folder")
	// ErrFolderLinkNotFollowed is for a symbolic link to a folder when
	// FollowSymlinks is off: the pages under it are not listed.
	ErrFolderLinkNotFollowed = errors.New("symbolic link to a folder not followed (follow_symlinks is off); the pages under it are not listed")
)

// Why a file or folder is left out unseen, reported to Options.LeftOut
// and by [Why], wrapped with the pattern or the folder.
var (
	ErrHidden      = errors.New(`hidden (its name starts with ".")`)
	ErrExcluded    = errors.New("excluded")
	ErrNotIncluded = errors.New("no include pattern matches it")
)

// IOError is a file or folder the walk could not read, handed to
// Options.Warn: a folder that cannot be listed, an entry that vanished or
// cannot be statted after its folder was listed. Unlike the policy's
// problems it leaves the walk unsure of what is there.
type IOError struct {
	Op  string // what could not be done: "list the folder", "stat the file", "follow the link"
	Err error  // the system's error, without the path
}

func (e *IOError) Error() string { return "cannot " + e.Op + ": " + e.Err.Error() }

func (e *IOError) Unwrap() error { return e.Err }

// ioError returns an *IOError for err, its path dropped.
func ioError(op string, err error) *IOError { return &IOError{Op: op, Err: unwrapPath(err)} }

// ValidatePattern reports whether p is a valid doublestar glob for Include
// or Exclude.
func ValidatePattern(p string) error {
	if !doublestar.ValidatePattern(p) {
		return fmt.Errorf("invalid glob %q", p)
	}
	return nil
}

// QuoteMeta returns the pattern, for Include or Exclude, that matches
// the slash-separated path p alone: p with a backslash before each
// character that would be pattern syntax (a folder named "drafts[old]").
func QuoteMeta(p string) string {
	if !strings.ContainsAny(p, `\*?[]{}`) {
		return p
	}
	var b strings.Builder
	for _, r := range p {
		if strings.ContainsRune(`\*?[]{}`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Walk calls fn for every candidate file under root, concurrently and in
// no particular order. It returns an error when root is not a readable
// folder, when ctx is done, or when fn returns one; fn's error is returned
// unchanged.
func Walk(ctx context.Context, root string, opts Options, fn func(File) error) error {
	w, err := newWalk(ctx, root, opts, fn)
	if err != nil {
		return err
	}
	return w.tree(w.root)
}

// newWalk checks the patterns and the root and sets a walk up.
func newWalk(ctx context.Context, root string, opts Options, fn func(File) error) (*walk, error) {
	for _, p := range append(append([]string(nil), opts.Include...), opts.Exclude...) {
		if err := ValidatePattern(p); err != nil {
			return nil, err
		}
	}
	if len(opts.Include) == 0 {
		opts.Include = DefaultInclude
	}
	st, err := os.Stat(root)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s: not a folder", root)
	}
	w := &walk{ctx: ctx, opts: opts, fn: fn, root: cleanRoot(root)}
	w.bySuffix = opts.LeftOut == nil
	for _, p := range opts.Include {
		x := suffixOf(p)
		w.suffixes = append(w.suffixes, x)
		w.bySuffix = w.bySuffix && x != ""
	}
	w.htmlLeftOut = opts.LeftOut != nil && !IncludesHTML(opts.Include)
	if opts.FollowSymlinks {
		if w.real, err = realPath(root); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// errStop carries fn's error, or the context's, out of the walk.
var errStop = errors.New("walk stopped")

type walk struct {
	ctx  context.Context
	opts Options
	fn   func(File) error
	root string // as given, without a trailing separator
	real string // the root's real path, when following links
	// stopErr is the first error that stopped the walk; workers still
	// busy may stop it again.
	stopErr  error
	stopOnce sync.Once
	// suffixes holds, for each include pattern of the form "**/*X", X.
	suffixes []string
	// bySuffix is set when every include pattern is of that form and
	// nothing left out is told (no Options.LeftOut): a file whose name
	// ends in none of the suffixes is passed over unseen.
	bySuffix bool
	// htmlLeftOut hands the HTML files to LeftOut: no include pattern
	// matches them.
	htmlLeftOut bool
}

// cleanRoot trims the root's trailing separators.
func cleanRoot(root string) string {
	for len(root) > 1 && os.IsPathSeparator(root[len(root)-1]) {
		root = root[:len(root)-1]
	}
	return root
}

// rel returns the slash-separated path of full relative to the root.
func (w *walk) rel(full string) string {
	rel := strings.TrimPrefix(full, w.root)
	if len(rel) > 0 && os.IsPathSeparator(rel[0]) {
		rel = rel[1:]
	}
	return filepath.ToSlash(rel)
}

func (w *walk) warn(path string, err error) {
	if w.opts.Warn != nil {
		w.opts.Warn(path, err)
	}
}

func (w *walk) stop(err error) error {
	w.stopOnce.Do(func() { w.stopErr = err })
	return errStop
}

func (w *walk) included(rel string) bool {
	for i, p := range w.opts.Include {
		if suffix := w.suffixes[i]; suffix != "" {
			if strings.HasSuffix(rel, suffix) {
				return !w.excluded(rel)
			}
			continue
		}
		if doublestar.MatchUnvalidated(p, rel) {
			return !w.excluded(rel)
		}
	}
	return false
}

// suffixOf returns X for a pattern "**/*X" whose X has no glob syntax and
// no "/": such a pattern matches exactly the paths that end in X, which
// is cheaper to check than the general glob. It returns "" otherwise.
func suffixOf(pattern string) string {
	x, ok := strings.CutPrefix(pattern, "**/*")
	if !ok || x == "" || strings.ContainsAny(x, "*?[]{}\\/") {
		return ""
	}
	return x
}

func (w *walk) excluded(rel string) bool { return w.excludedBy(rel, false) != "" }

func (w *walk) prunedDir(rel string) bool { return w.excludedBy(rel, true) != "" }

// excludedBy returns the first exclude pattern that matches the file (or,
// with dir, the folder) at rel, or "".
func (w *walk) excludedBy(rel string, dir bool) string { return excludedBy(w.opts.Exclude, rel, dir) }

// excludedBy returns the first of the exclude patterns that matches the
// file (or, with dir, the folder) at rel, or "".
func excludedBy(exclude []string, rel string, dir bool) string {
	for _, p := range exclude {
		if doublestar.MatchUnvalidated(p, rel) || dir && doublestar.MatchUnvalidated(p, rel+"/**") {
			return p
		}
	}
	return ""
}

// Excluded reports whether a walk with the exclude patterns leaves out
// the file at rel (slash-separated, relative to the root): a pattern
// matches it, or a folder above it, which the walk does not enter.
func Excluded(exclude []string, rel string) bool {
	if excludedBy(exclude, rel, false) != "" {
		return true
	}
	for d := path.Dir(rel); d != "."; d = path.Dir(d) {
		if excludedBy(exclude, d, true) != "" {
			return true
		}
	}
	return false
}

// leftOut tells Options.LeftOut, if set, that the file or folder at rel
// is left out: hidden, or excluded (matched by an exclude pattern). A
// file is told only when an include pattern matches it.
func (w *walk) leftOut(rel string, dir, hidden bool) {
	if w.opts.LeftOut == nil || !dir && !w.matchesInclude(rel) {
		return
	}
	var why error = ErrHidden
	if !hidden {
		why = fmt.Errorf("%w by the pattern %q", ErrExcluded, w.excludedBy(rel, dir))
	}
	if dir {
		rel += "/"
	}
	w.opts.LeftOut(rel, why)
}

// matchesInclude reports whether an include pattern matches rel, whatever
// the exclude patterns say.
func (w *walk) matchesInclude(rel string) bool { return Included(w.opts.Include, rel) }

// Included reports whether one of the include patterns, DefaultInclude
// when there is none, matches rel (slash-separated, relative to the root):
// whether a walk would take a file of that name, the other rules aside.
func Included(include []string, rel string) bool {
	if len(include) == 0 {
		include = DefaultInclude
	}
	for _, p := range include {
		if doublestar.MatchUnvalidated(p, rel) {
			return true
		}
	}
	return false
}

// IncludesHTML reports whether an include pattern may match an HTML page
// (a name ending in .html or .htm, index.html among them): whether the
// patterns, DefaultInclude when empty, list the pages of a built site.
func IncludesHTML(include []string) bool {
	if len(include) == 0 {
		return true
	}
	for _, p := range include {
		last := p[strings.LastIndexByte(p, '/')+1:]
		for _, name := range []string{"index.html", "index.htm", "page.html", "page.htm"} {
			if doublestar.MatchUnvalidated(last, name) {
				return true
			}
		}
	}
	return false
}

// passOver reports whether a regular file of that name can be passed over
// unseen, without its path: it is hidden, or its name ends in none of
// the include patterns' suffixes, and nothing left out is told.
func (w *walk) passOver(name []byte) bool {
	if !w.bySuffix {
		return false
	}
	if name[0] == '.' {
		return true
	}
	for _, x := range w.suffixes {
		if len(name) >= len(x) && string(name[len(name)-len(x):]) == x {
			return false
		}
	}
	return true
}

// entry judges the file or folder at rel, of type typ (its fs.ModeType
// bits), listed in the folder d; for a path given to WalkPaths, d is nil
// and st is its lstat. It calls fn for a candidate, and returns errSkipDir
// for a folder not to enter and errTraverse for a link to walk as a
// folder.
func (w *walk) entry(d *Dir, rel string, typ fs.FileMode, st *fileStat) error {
	name := base(rel)
	if name[0] == '.' {
		w.leftOut(rel, typ.IsDir(), true)
		if typ.IsDir() {
			return errSkipDir
		}
		return nil
	}
	switch {
	case typ.IsDir():
		if w.prunedDir(rel) {
			w.leftOut(rel, true, false)
			return errSkipDir
		}
	case typ&fs.ModeSymlink != 0:
		return w.symlink(d, rel)
	case typ.IsRegular():
		if !w.included(rel) {
			if w.opts.LeftOut != nil {
				w.notIncluded(rel)
			}
			return nil
		}
		if w.opts.NoStat {
			return w.call(File{Path: rel, Dir: d})
		}
		if st != nil {
			return w.file(rel, st, d)
		}
		s, err := d.lstat(name)
		if err != nil {
			w.warn(rel, ioError("stat the file", err))
			return nil
		}
		return w.file(rel, &s, d)
	default:
		if w.included(rel) {
			w.warn(rel, fmt.Errorf("%w (%s)", ErrNotRegular, fsx.Describe(typ)))
		}
	}
	return nil
}

// notIncluded tells Options.LeftOut of a file the walk does not hand
// over: excluded, or an HTML file no include pattern matches.
func (w *walk) notIncluded(rel string) {
	switch {
	case w.excluded(rel):
		w.leftOut(rel, false, false)
	case w.htmlLeftOut && isHTML(rel):
		w.opts.LeftOut(rel, ErrNotIncluded)
	}
}

// isHTML reports whether rel names an HTML page: .html or .htm, in any
// case.
func isHTML(rel string) bool {
	ext := strings.ToLower(filepath.Ext(rel))
	return ext == ".html" || ext == ".htm"
}

func (w *walk) call(f File) error {
	if err := w.fn(f); err != nil {
		return w.stop(err)
	}
	return nil
}

func (w *walk) file(rel string, st *fileStat, d *Dir) error {
	if st.mode.Perm()&0o444 == 0 {
		w.warn(rel, fmt.Errorf("%w (mode %v)", ErrNoReadBits, st.mode.Perm()))
		return nil
	}
	return w.call(File{Path: rel, Size: st.size, ModTime: st.mtime, Dir: d})
}

// symlink handles a symbolic link: left alone, followed as a file, or
// traversed as a folder (errTraverse) when its target is in the root and
// not one of its own ancestors.
func (w *walk) symlink(d *Dir, rel string) error {
	full := filepath.Join(w.root, filepath.FromSlash(rel))
	if !w.opts.FollowSymlinks {
		return w.notFollowed(full, rel)
	}
	info, err := os.Stat(full)
	if err != nil {
		w.warn(rel, linkError(err))
		return nil
	}
	if !info.IsDir() && !w.included(rel) {
		return nil
	}
	target, err := realPath(full)
	if err != nil {
		w.warn(rel, linkError(err))
		return nil
	}
	if err := w.refused(rel, target); err != nil {
		w.warn(rel, err)
		return nil
	}
	if !info.IsDir() {
		if !info.Mode().IsRegular() {
			w.warn(rel, fmt.Errorf("%w (%s)", ErrNotRegular, fsx.Describe(info.Mode())))
			return nil
		}
		st := statOf(info)
		return w.file(rel, &st, d)
	}
	if w.prunedDir(rel) {
		return nil
	}
	if w.loops(full, target) {
		w.warn(rel, ErrSymlinkLoop)
		return nil
	}
	return errTraverse
}

// refused returns why the link at rel, whose real path is target, is not
// followed though links are: its target is outside the root
// (ErrOutsideRoot); or the path leaves the root on its way there, or
// passes through an absolute link, which the one door (package fsx)
// refuses: then no other command could read what the walk lists
// (ErrOutsideRoot, ErrAbsoluteSymlink). Nil for a link to follow.
func (w *walk) refused(rel, target string) error {
	if !within(target, w.real) {
		return ErrOutsideRoot
	}
	_, err := fsx.Stat(w.root, rel)
	switch {
	case errors.Is(err, fsx.ErrAbsolute):
		return ErrAbsoluteSymlink
	case errors.Is(err, fsx.ErrOutside):
		return ErrOutsideRoot
	}
	return nil
}

// linkRefused is refused for the link at rel, for Why: nil when its
// target cannot be resolved (the walk warns of it otherwise).
func (w *walk) linkRefused(rel string) error {
	target, err := realPath(filepath.Join(w.root, filepath.FromSlash(rel)))
	if err != nil {
		return nil
	}
	return w.refused(rel, target)
}

// notFollowed reports a symbolic link while links are not followed: one
// whose name is a candidate's to Options.Ignored, one to a folder that
// would be entered (or one that loops) to Options.Warn, since the pages
// it leads to are not listed. Other links are left alone without a word.
func (w *walk) notFollowed(full, rel string) error {
	if w.included(rel) {
		if w.opts.Ignored != nil {
			w.opts.Ignored(rel, "symbolic link")
		}
		return nil
	}
	if w.prunedDir(rel) {
		return nil
	}
	info, err := os.Stat(full)
	switch {
	case err != nil && errors.Is(err, syscall.ELOOP):
		w.warn(rel, ErrSymlinkLoop)
	case err == nil && info.IsDir():
		w.warn(rel, ErrFolderLinkNotFollowed)
	}
	return nil
}

// linkError is the problem of a link whose target cannot be resolved: it
// dangles, it loops (a link that resolves to itself), or an I/O error.
func linkError(err error) error {
	switch {
	case gone(err):
		return ErrDanglingSymlnk
	case errors.Is(err, syscall.ELOOP):
		return ErrSymlinkLoop
	}
	return ioError("follow the link", err)
}

// loops reports whether the link at full, whose real path is target, is a
// loop: the target is (or contains) a folder the link is in, on the way
// from the root as walked.
func (w *walk) loops(full, target string) bool {
	for dir := filepath.Dir(full); ; dir = filepath.Dir(dir) {
		if anc, err := realPath(dir); err == nil && within(anc, target) {
			return true
		}
		if len(dir) <= len(w.root) {
			return false
		}
	}
}

// realPath returns the absolute path of p with every link resolved.
func realPath(p string) (string, error) {
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", err
	}
	return filepath.Abs(r)
}

// within reports whether path is dir or inside it.
func within(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, dir+string(filepath.Separator)) || dir == string(filepath.Separator)
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

// Why says why a walk of root with opts leaves out the file at rel
// (slash-separated, relative to root) without handing it over: a hidden
// or excluded folder on its way, a symbolic link to a folder not
// followed, the file hidden, no include pattern matching it, an exclude
// pattern matching it, a link not followed, a file a web server would not
// serve. It returns nil when the walk hands the file over, an error
// wrapping fs.ErrNotExist when there is no such file, and one wrapping
// fs.ErrInvalid when rel is no clean relative path (empty, or with an
// empty, "." or ".." segment). It stats
// each folder on the way: it is for explaining one file, not for a walk.
func Why(root, rel string, opts Options) error {
	if rel == "" || path.Clean(rel) != rel || !fs.ValidPath(rel) {
		return fmt.Errorf("%q is not a clean path of the folder: %w", rel, fs.ErrInvalid)
	}
	w, err := newWalk(context.Background(), root, opts, nil)
	if err != nil {
		return err
	}
	info, err := os.Lstat(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return err
	}
	parts := strings.Split(rel, "/")
	for i, name := range parts[:len(parts)-1] {
		dir := strings.Join(parts[:i+1], "/")
		var why error
		switch st, err := os.Lstat(filepath.Join(root, filepath.FromSlash(dir))); {
		case name[0] == '.':
			why = ErrHidden
		case err == nil && st.Mode()&fs.ModeSymlink != 0 && !opts.FollowSymlinks:
			why = ErrFolderLinkNotFollowed
		case err == nil && st.Mode()&fs.ModeSymlink != 0:
			why = w.linkRefused(dir)
		case w.prunedDir(dir):
			why = fmt.Errorf("%w by the pattern %q", ErrExcluded, w.excludedBy(dir, true))
		}
		if why != nil {
			return fmt.Errorf("in the folder %s/: %w", dir, why)
		}
	}
	switch {
	case parts[len(parts)-1][0] == '.':
		return ErrHidden
	case !w.matchesInclude(rel):
		return fmt.Errorf("%w (include: %s)", ErrNotIncluded, strings.Join(w.opts.Include, ", "))
	case w.excluded(rel):
		return fmt.Errorf("%w by the pattern %q", ErrExcluded, w.excludedBy(rel, false))
	case info.Mode()&fs.ModeSymlink != 0 && !opts.FollowSymlinks:
		return errors.New("symbolic link not followed (follow_symlinks is off)")
	case info.Mode()&fs.ModeSymlink != 0 && w.linkRefused(rel) != nil:
		return w.linkRefused(rel)
	case info.Mode()&fs.ModeSymlink != 0:
		// Followed: what the walk judges is the link's target.
		target, err := fsx.Stat(root, rel)
		if err != nil {
			return linkError(err)
		}
		info = target
	}
	switch {
	case info.IsDir():
		return errors.New("a folder")
	case !info.Mode().IsRegular():
		return fmt.Errorf("%w (%s)", ErrNotRegular, fsx.Describe(info.Mode()))
	case info.Mode().Perm()&0o444 == 0:
		return ErrNoReadBits
	}
	return nil
}
