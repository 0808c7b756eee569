package walker

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/charlievieth/fastwalk"
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
// symbolic link Walk does not follow, or one that no longer exists. A path
// given twice, or inside a folder also given, is reported once.
//
// Errors are Walk's: a root that is not a readable folder, ctx done, fn's
// error.
func WalkPaths(ctx context.Context, root string, paths []string, opts Options, fn func(File) error) error {
	w, err := newWalk(ctx, root, opts, fn)
	if err != nil {
		return err
	}
	for _, p := range reduce(paths) {
		if p == "" {
			return w.tree(w.root)
		}
		if err := w.path(p); err != nil {
			if errors.Is(err, errStop) {
				return w.stopErr
			}
			return err
		}
	}
	return nil
}

// reduce cleans paths, sorts them, and drops repeats and paths inside
// another of them. A path inside a file given too is a path that no longer
// exists as such; keeping the shorter is harmless.
func reduce(paths []string) []string {
	var out []string
	for _, p := range paths {
		p = path.Clean("/" + filepath.ToSlash(p))[1:]
		out = append(out, p)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	kept := out[:0]
	for _, p := range out {
		if n := len(kept); n > 0 && (kept[n-1] == "" || strings.HasPrefix(p, kept[n-1]+"/")) {
			continue
		}
		kept = append(kept, p)
	}
	return kept
}

// path handles one path given to WalkPaths.
func (w *walk) path(rel string) error {
	if err := w.ctx.Err(); err != nil {
		return w.stop(err)
	}
	if !w.reachable(rel) {
		return nil
	}
	full := filepath.Join(w.root, filepath.FromSlash(rel))
	info, err := os.Lstat(full)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			return nil // gone: nothing to report
		}
		w.warn(rel, unwrapPath(err))
		return nil
	}
	t := info.Mode().Type()
	switch {
	case t.IsDir():
		if w.prunedDir(rel) {
			return nil
		}
		return w.tree(full)
	case t&fs.ModeSymlink != 0:
		err := w.symlink(full, rel)
		if errors.Is(err, fastwalk.ErrTraverseLink) {
			return w.tree(full)
		}
		return err
	case t.IsRegular():
		if !w.included(rel) {
			return nil
		}
		if w.opts.NoStat {
			return w.call(File{Path: rel})
		}
		return w.file(rel, info)
	default:
		if w.included(rel) {
			w.warn(rel, fmt.Errorf("%w (%s)", ErrNotRegular, describeMode(t)))
		}
	}
	return nil
}

// reachable reports whether a walk from the root reaches rel: no hidden
// name on the way, no ancestor folder pruned by an exclude pattern, and
// no ancestor that is a symbolic link Walk does not follow.
func (w *walk) reachable(rel string) bool {
	names := strings.Split(rel, "/")
	for _, name := range names {
		if name == "" || name[0] == '.' {
			return false
		}
	}
	for i := 1; i < len(names); i++ {
		anc := strings.Join(names[:i], "/")
		if w.prunedDir(anc) {
			return false
		}
		full := filepath.Join(w.root, filepath.FromSlash(anc))
		info, err := os.Lstat(full)
		if err != nil {
			return false
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			if !w.opts.FollowSymlinks {
				return false
			}
			target, err := realPath(full)
			if err != nil || !within(target, w.real) {
				return false
			}
		}
	}
	return true
}

// tree walks the folder full, as Walk walks the root.
func (w *walk) tree(full string) error {
	conf := fastwalk.Config{NumWorkers: w.opts.Workers}
	err := walkTree(&conf, full, w.visit)
	if errors.Is(err, errStop) {
		return w.stopErr
	}
	if err != nil && full != w.root && (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)) {
		return nil // removed meanwhile
	}
	return err
}
