package walker

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// WalkPaths calls fn for every candidate file among paths, as [Walk] would
// meet it, for a rebuild that reads again only what changed. paths are
// relative to root, with "/" separators; "" or "." is root itself, a whole
// Walk. A folder among them is walked (concurrently, as Walk does; File.Path
// stays relative to root); a file is checked as Walk checks it: the include
// and exclude globs, hidden names, the read permission, symbolic links.
//
// A path Walk would never reach yields nothing: one with a hidden name on
// the way, one under a folder an exclude pattern prunes or under a
// symbolic link Walk does not follow, or one that no longer exists. A
// folder on the way that cannot be listed is handed to Options.Warn as an
// [*IOError], as Walk hands it, and a path outside the root as
// [ErrNotInRoot]. A path given twice, or inside a folder also given, is
// reported once.
//
// The paths are taken one at a time, in sorted order; fn is called
// concurrently while a folder is walked. Errors are Walk's: a root that is
// not a readable folder, ctx done, fn's error (returned unchanged).
func WalkPaths(ctx context.Context, root string, paths []string, opts Options, fn func(File) error) error {
	w, err := newWalk(ctx, root, opts, fn)
	if err != nil {
		return err
	}
	paths, outside := reduce(paths)
	for _, p := range outside {
		w.warn(p, ErrNotInRoot)
	}
	dirs := make(map[string]bool) // the folders on the way, judged
	for _, p := range paths {
		if p == "" {
			return w.tree(w.root)
		}
		if err := w.path(p, dirs); err != nil {
			if errors.Is(err, errStop) {
				return w.stopErr
			}
			return err
		}
	}
	return nil
}

// reduce cleans paths and drops repeats and paths inside another of them,
// so that no file is reached twice; it returns the rest sorted, and apart
// the paths that are not inside the root. A path inside a file given too
// is a path that no longer exists as such: keeping the file is harmless.
func reduce(paths []string) (kept, outside []string) {
	set := make(map[string]bool, len(paths))
	for _, p := range paths {
		c := path.Clean(filepath.ToSlash(p))
		switch {
		case c == ".":
			c = ""
		case c == ".." || strings.HasPrefix(c, "../") || strings.HasPrefix(c, "/"):
			outside = append(outside, p)
			continue
		}
		set[c] = true
	}
	if set[""] {
		return []string{""}, outside
	}
	for p := range set {
		if !hasAncestor(set, p) {
			kept = append(kept, p)
		}
	}
	slices.Sort(kept)
	return kept, outside
}

// hasAncestor reports whether a folder above p is in set.
func hasAncestor(set map[string]bool, p string) bool {
	for i := strings.LastIndexByte(p, '/'); i > 0; i = strings.LastIndexByte(p[:i], '/') {
		if set[p[:i]] {
			return true
		}
	}
	return false
}

// path handles one path given to WalkPaths, with Walk's entry for what is
// there now.
func (w *walk) path(rel string, dirs map[string]bool) error {
	if err := w.ctx.Err(); err != nil {
		return w.stop(err)
	}
	if !w.reachable(rel, dirs) {
		return nil
	}
	full := filepath.Join(w.root, filepath.FromSlash(rel))
	info, err := os.Lstat(full)
	if err != nil {
		if !gone(err) {
			w.warn(rel, ioError("stat", err))
		}
		return nil
	}
	st := statOf(info)
	switch err := w.entry(nil, rel, info.Mode().Type(), &st); {
	case err == errSkipDir:
		return nil
	case err == errTraverse, err == nil && info.IsDir():
		return w.tree(full)
	default:
		return err
	}
}

// reachable reports whether a walk from the root reaches rel: no hidden
// name on the way, and every folder above it one Walk enters. dirs holds
// the folders already judged.
func (w *walk) reachable(rel string, dirs map[string]bool) bool {
	for name := range strings.SplitSeq(rel, "/") {
		if name == "" || name[0] == '.' {
			return false
		}
	}
	for i := range len(rel) {
		if rel[i] != '/' {
			continue
		}
		dir := rel[:i]
		ok, judged := dirs[dir]
		if !judged {
			ok = w.enters(dir)
			dirs[dir] = ok
		}
		if !ok {
			return false
		}
	}
	return true
}

// enters reports whether Walk, having reached the folder rel, enters it:
// an exclude pattern does not prune it, it can be listed, and it is no
// symbolic link unless links are followed and this one stays inside the
// root without looping. A folder that cannot be listed is a warning.
func (w *walk) enters(rel string) bool {
	if w.prunedDir(rel) {
		return false
	}
	full := filepath.Join(w.root, filepath.FromSlash(rel))
	info, err := os.Lstat(full)
	if err != nil {
		return false
	}
	switch {
	case info.Mode()&fs.ModeSymlink != 0:
		if !w.opts.FollowSymlinks {
			return false
		}
		target, err := realPath(full)
		if err != nil || w.refused(rel, target) != nil || w.loops(full, target) {
			return false
		}
	case !info.IsDir():
		return false
	}
	if err := listable(full); err != nil {
		if !gone(err) {
			w.warn(rel+"/", ioError("list the folder", err))
		}
		return false
	}
	return true
}

// listable reports why the folder full cannot be listed, or nil; tests
// replace it, since root can list any folder.
var listable = func(full string) error {
	f, err := os.Open(full)
	if err != nil {
		return err
	}
	return f.Close()
}

// gone reports whether err says a path no longer exists.
func gone(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}
