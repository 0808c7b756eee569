package pipeline

// The changes of a project's sources, for the stale-output rule
// (stale.go): which of its files and folders changed in a span of time.
//
// A change is one of these, with its modification time in the span:
//
//   - a file of the join's folder;
//   - a file the generator reads besides the sources to make its pages:
//     its configuration, data, layouts and content adapters
//     (Sources.Reads);
//   - a folder of those trees: deleting or renaming a file changes the
//     time of its folder.
//
// Hidden files and folders are not looked at, nor is the built site's
// folder.

import (
	"cmp"
	"context"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/walker"
)

// sourceChange is a file or folder that changed, and its modification
// time. Its path is relative to the built site's folder, as every path
// of the build is reported; a folder's ends in "/".
type sourceChange struct {
	path  string
	mtime int64
}

// sourceChanges are the changes of the sources in a span of time, sorted
// by time.
type sourceChanges struct {
	list []sourceChange
}

// between returns the first change after the time after, up to the time
// upto. It returns none (an empty path) when there is none.
func (c *sourceChanges) between(after, upto int64) sourceChange {
	i, _ := slices.BinarySearchFunc(c.list, after, func(x sourceChange, t int64) int {
		if x.mtime <= t {
			return -1
		}
		return 1
	})
	if i < len(c.list) && c.list[i].mtime <= upto {
		return c.list[i]
	}
	return sourceChange{}
}

// changeTree is a folder the walk for changes reads.
type changeTree struct {
	// dir is the folder, as named; prefix is its path relative to the
	// built site's folder, with a slash.
	dir, prefix string
	// include are the patterns of the files whose times count, relative
	// to dir; exclude the paths not entered.
	include, exclude []string
}

// changeFile is a file the walk for changes looks at alone: rel in the
// folder dir, named name in what is reported.
type changeFile struct {
	dir, rel, name string
}

// sourceChanges returns the changes of the sources after the time lo,
// up to the time hi. It reads the times of the join's sources and of
// the files the generator reads besides them.
func (b *builder) sourceChanges(ctx context.Context, lo, hi int64) *sourceChanges {
	w := &changeWalk{lo: lo, hi: hi}
	trees, files := b.changeTrees()
	for _, t := range trees {
		w.walk(ctx, t, b.opts.Join.Walk.FollowSymlinks)
	}
	for _, f := range files {
		if st, err := fsx.Stat(f.dir, f.rel); err == nil {
			w.add(f.name, st.ModTime().UnixNano())
		}
	}
	return w.result()
}

// changeTrees returns the folders the walk for changes reads, and the
// files it looks at alone. The folders are the join's (every file, its
// own exclude patterns) and the bases of the generator's Reads globs.
// A glob whose base the walk of another folder enters is read by that
// walk. No folder is entered twice: a folder walked on its own is left
// out of the walk of a folder that holds it. The built site's folder and
// node_modules are never entered, and a folder that is the built site's
// is not read at all: its times are the build's.
func (b *builder) changeTrees() ([]changeTree, []changeFile) {
	j := b.opts.Join
	trees := []changeTree{{dir: j.Dir, prefix: b.joinPrefix(), include: []string{"**/*"}, exclude: j.Walk.Exclude}}
	var files []changeFile
	if r := j.Reads; r != nil {
		for _, f := range r.Files {
			files = append(files, changeFile{r.Dir, f, b.sitePath(filepath.Join(r.Dir, filepath.FromSlash(f)))})
		}
		// The shallowest bases first: a glob whose base is in the
		// folder of another is read by that one's walk.
		globs := slices.Clone(r.Globs)
		slices.SortStableFunc(globs, func(a, b string) int {
			return cmp.Compare(depth(a), depth(b))
		})
		for _, g := range globs {
			if !strings.ContainsAny(g, `*?[{\`) {
				files = append(files, changeFile{r.Dir, g, b.sitePath(filepath.Join(r.Dir, filepath.FromSlash(g)))})
				continue // a file named alone
			}
			base, pattern := doublestar.SplitPattern(g)
			if base == "/" || base == ".." || strings.HasPrefix(base, "../") {
				continue // out of the project
			}
			if st, err := fsx.Stat(r.Dir, base); err != nil || !st.IsDir() {
				continue // none, or a link out of the project
			}
			dir := filepath.Join(r.Dir, filepath.FromSlash(base))
			if i, rel := enteredBy(trees, dir); i >= 0 {
				if rel != "." {
					pattern = walker.QuoteMeta(rel) + "/" + pattern
				}
				trees[i].include = append(slices.Clip(trees[i].include), pattern)
				continue
			}
			trees = append(trees, changeTree{dir: dir, prefix: b.sitePath(dir) + "/", include: []string{pattern}})
		}
	}
	out := trees[:0]
	for i, t := range trees {
		t.exclude = append(slices.Clip(t.exclude), "**/node_modules")
		if rel, ok := within(t.dir, b.opts.Root); ok {
			if rel == "." {
				continue // the built site's folder: its times are the build's
			}
			t.exclude = append(t.exclude, walker.QuoteMeta(rel))
		}
		for k, inner := range trees {
			if rel, ok := within(t.dir, inner.dir); ok && k != i && rel != "." {
				t.exclude = append(t.exclude, walker.QuoteMeta(rel)) // walked as its own
			}
		}
		out = append(out, t)
	}
	return out, files
}

// depth is the number of folders above the first pattern syntax of the
// glob g.
func depth(g string) int {
	base, _ := doublestar.SplitPattern(g)
	if base == "." {
		return 0
	}
	return strings.Count(base, "/") + 1
}

// enteredBy returns the first of trees whose walk enters the folder dir,
// and dir's path relative to its folder; -1 for none.
func enteredBy(trees []changeTree, dir string) (int, string) {
	for i, t := range trees {
		rel, ok := within(t.dir, dir)
		if !ok {
			continue
		}
		entered := true
		for p := rel; p != "." && entered; p = path.Dir(p) {
			hidden := strings.HasPrefix(path.Base(p), ".")
			entered = !hidden && !slices.ContainsFunc(t.exclude, func(x string) bool {
				return doublestar.MatchUnvalidated(x, p) || doublestar.MatchUnvalidated(x, p+"/**")
			})
		}
		if entered {
			return i, rel
		}
	}
	return -1, ""
}

// sitePath names the file or folder p (a path as named) by its path
// relative to the built site's folder, "/"-separated, as every path of
// the build is reported; p itself when it has none.
func (b *builder) sitePath(p string) string {
	root, err1 := filepath.Abs(b.opts.Root)
	abs, err2 := filepath.Abs(p)
	if err1 == nil && err2 == nil {
		if rel, err := filepath.Rel(root, abs); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(p)
}

// changeWalk gathers the changes of the sources after the time lo, up
// to the time hi: the span.
type changeWalk struct {
	lo, hi int64
	mu     sync.Mutex
	list   []sourceChange
}

// add notes the file or folder name, changed at mtime, when that is in
// the span. Called with w.mu held, or before the walk.
func (w *changeWalk) add(name string, mtime int64) {
	if mtime > w.lo && mtime <= w.hi {
		w.list = append(w.list, sourceChange{name, mtime})
	}
}

// walk reads the tree t.
func (w *changeWalk) walk(ctx context.Context, t changeTree, follow bool) {
	root, err := fsx.OpenRoot(t.dir)
	if err != nil {
		return
	}
	defer root.Close()
	st, err := root.Stat(".")
	if err != nil {
		return
	}
	w.add(t.prefix, st.ModTime().UnixNano())
	opts := walker.Options{
		Include: t.include, Exclude: t.exclude, FollowSymlinks: follow,
		// Called with the folders entered in each folder that has some.
		Folders: func(dir string, enter, _ []string, err error) {
			if err != nil {
				return
			}
			for _, e := range enter {
				rel := path.Join(dir, e)
				if st, err := root.Stat(rel); err == nil {
					w.mu.Lock()
					w.add(t.prefix+rel+"/", st.ModTime().UnixNano())
					w.mu.Unlock()
				}
			}
		},
	}
	_ = walker.Walk(ctx, t.dir, opts, func(f walker.File) error {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.add(t.prefix+f.Path, f.ModTime.UnixNano())
		return nil
	})
}

// result returns the changes found, sorted by time.
func (w *changeWalk) result() *sourceChanges {
	slices.SortFunc(w.list, func(a, b sourceChange) int {
		if c := cmp.Compare(a.mtime, b.mtime); c != 0 {
			return c
		}
		return strings.Compare(a.path, b.path)
	})
	return &sourceChanges{list: w.list}
}
