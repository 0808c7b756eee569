package pipeline

// The changes of a project's sources, for the stale-output rule
// (stale.go): which of its files and folders changed within a span of
// time.
//
// A change is one of these, with its modification time in the span:
//
//   - a source file: one the join's include patterns match;
//   - another file the generator reads to make its pages: its
//     configuration, data, layouts and content adapters (Sources.Reads);
//   - a folder of those trees: deleting or renaming a file changes the
//     time of its folder.
//
// No other file is a change. A build may write files beside the
// sources, and their times are the build's. For example, eleventy-img
// writes img/ into the project folder, which may be Eleventy's input
// folder.
//
// Making a file also changes the time of its folder. So a folder is no
// change when one of its entries was made at the time the folder
// changed: that making was its last change, not a deletion. A file is
// made at about its modification time. A folder is made no later than
// its own time and the times of its entries. Hidden entries are not
// looked at (an editor's swap file, a Finder .DS_Store), and neither is
// the built site's folder.

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
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/walker"
)

// sourceChange is a file or folder that changed, with its modification
// time. Its path is relative to the built site's folder, as every path
// of the build is reported. A folder's path ends in "/".
type sourceChange struct {
	path  string
	mtime int64
}

// sourceChanges are the changes of the sources in a span of time, sorted
// by time.
type sourceChanges struct {
	list []sourceChange
	// partial is set when the walk stopped at maxSourceEntries, so a
	// change may be missing.
	partial bool
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

// maxSourceEntries is the most files and folders the walk for changes
// looks at: limits.MaxSourceEntries. Tests lower it.
var maxSourceEntries = limits.MaxSourceEntries

// changeTree is a folder the walk for changes reads.
type changeTree struct {
	// dir is the folder, as named. prefix is its path relative to the
	// built site's folder, with a slash.
	dir, prefix string
	// include holds the patterns of the files whose times count, relative
	// to dir. exclude holds the paths not entered.
	include, exclude []string
}

// changeFile is a file that the walk for changes looks at alone: rel in
// the folder dir, reported as name.
type changeFile struct {
	dir, rel, name string
}

// sourceChanges returns the changes of the sources after the time lo,
// up to the time hi. It reads the times of the join's sources and of
// the files the generator reads besides them. The walk stops after
// maxSourceEntries files and folders; the result is then partial.
func (p *stalePass) sourceChanges(ctx context.Context, lo, hi int64) *sourceChanges {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w := &changeWalk{lo: lo, hi: hi, cancel: cancel, folders: map[string]*folderTime{}}
	trees, files := changeTrees(p.join, p.root, p.prefix)
	for _, t := range trees {
		w.walk(ctx, t, p.join.Walk.FollowSymlinks)
	}
	for _, f := range files {
		if st, err := fsx.Stat(f.dir, f.rel); err == nil && w.count(1) {
			w.file(f.name, st.ModTime().UnixNano())
		}
	}
	return w.result()
}

// changeTrees returns the folders the walk for changes reads, and the
// files it looks at alone. The folders are the join's (its own include
// and exclude patterns) and the bases of the generator's Reads globs.
// A glob whose base the walk of another folder enters is read by that
// walk. No folder is entered twice: a folder walked on its own is left
// out of the walk of a folder that holds it. The built site's folder and
// node_modules are never entered, and a folder that is the built site's
// is not read at all: its times are the build's. The join j is to the
// built site's folder root; prefix is the join's folder relative to root
// (builder.joinPrefix).
func changeTrees(j *Sources, root, prefix string) ([]changeTree, []changeFile) {
	trees := []changeTree{{dir: j.Dir, prefix: prefix, include: j.include(), exclude: j.Walk.Exclude}}
	var files []changeFile
	if r := j.Reads; r != nil {
		for _, f := range r.Files {
			files = append(files, changeFile{r.Dir, f, sitePath(root, filepath.Join(r.Dir, filepath.FromSlash(f)))})
		}
		// Put the shallowest bases first, so that a glob whose base is in
		// the folder of another is read by that folder's walk.
		globs := slices.Clone(r.Globs)
		slices.SortStableFunc(globs, func(a, b string) int {
			return cmp.Compare(depth(a), depth(b))
		})
		for _, g := range globs {
			if !strings.ContainsAny(g, `*?[{\`) {
				files = append(files, changeFile{r.Dir, g, sitePath(root, filepath.Join(r.Dir, filepath.FromSlash(g)))})
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
			trees = append(trees, changeTree{dir: dir, prefix: sitePath(root, dir) + "/", include: []string{pattern}})
		}
	}
	out := trees[:0]
	for i, t := range trees {
		t.exclude = append(slices.Clip(t.exclude), "**/node_modules")
		if rel, ok := within(t.dir, root); ok {
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

// include returns the patterns of the join's source files: its own,
// or the default ones.
func (j *Sources) include() []string {
	switch {
	case len(j.Walk.Include) > 0:
		return j.Walk.Include
	case j.AnyExtension:
		return []string{"**/*"}
	}
	return ContentInclude
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

// enteredBy returns the first of trees whose walk enters the folder
// dir, and dir's path relative to that tree's folder. It returns -1 for
// none.
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
// relative to the built site's folder, root, "/"-separated, as every
// path of the build is reported. When p has no such path, sitePath
// returns p.
func sitePath(root, p string) string {
	root, err1 := filepath.Abs(root)
	abs, err2 := filepath.Abs(p)
	if err1 == nil && err2 == nil {
		if rel, err := filepath.Rel(root, abs); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(p)
}

// changeWalk gathers the changes of the sources after the time lo, up
// to the time hi. That interval is the span.
type changeWalk struct {
	lo, hi int64
	cancel context.CancelFunc

	mu sync.Mutex
	// entries counts the files and folders looked at. partial is set once
	// there are more than maxSourceEntries.
	entries int
	partial bool
	list    []sourceChange
	// folders holds, by the name they are reported by, the folders whose
	// time is in the span and the folders inside such a folder.
	folders map[string]*folderTime
}

// folderTime is what the walk learns of a folder whose time is in the
// span, or of a folder in such a folder.
type folderTime struct {
	mtime int64
	// in is the folder it is in, when that folder's time is in the span.
	in *folderTime
	// made is the earliest of its own time and its entries' times: the
	// folder was made then, at the latest. It is kept while in is set.
	made int64
	// explained says that an entry of the folder was made within
	// staleSlack of its time: that making was its last change.
	explained bool
}

// inSpan reports whether the time t is in the span.
func (w *changeWalk) inSpan(t int64) bool { return t > w.lo && t <= w.hi }

// count counts n files or folders looked at, and reports whether the
// walk goes on. Past maxSourceEntries, the walk is stopped. Call it
// with w.mu held, or before the walk.
func (w *changeWalk) count(n int) bool {
	w.entries += n
	if w.entries > maxSourceEntries {
		w.partial = true
		w.cancel()
		return false
	}
	return true
}

// file notes that the file name, whose time counts, changed at mtime.
func (w *changeWalk) file(name string, mtime int64) {
	if w.inSpan(mtime) {
		w.list = append(w.list, sourceChange{name, mtime})
	}
}

// folder notes that the folder name changed at mtime, inside the folder
// in (nil when that is not known). It keeps the folder when its time,
// or the time of the folder it is in, is in the span.
func (w *changeWalk) folder(name string, mtime int64, in *folderTime) {
	if in != nil && in.in != nil {
		in.made = min(in.made, mtime) // in is inside a folder in the span
	}
	if in != nil && !w.inSpan(in.mtime) {
		in = nil
	}
	if w.inSpan(mtime) || in != nil {
		w.folders[name] = &folderTime{mtime: mtime, in: in, made: mtime}
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
	if err != nil || !w.count(1) {
		return
	}
	w.folder(t.prefix, st.ModTime().UnixNano(), nil)
	name := func(rel string) string { // returns a folder's reported name
		if rel == "" {
			return t.prefix
		}
		return t.prefix + rel + "/"
	}
	opts := walker.Options{
		Include: []string{"**/*"}, Exclude: t.exclude, FollowSymlinks: follow,
		// Folders is called with the folders entered in each folder that
		// has some, before any of them is listed.
		Folders: func(dir string, enter, _ []string, err error) {
			if err != nil {
				return
			}
			times := make([]int64, len(enter))
			for i, e := range enter {
				if st, err := root.Stat(path.Join(dir, e)); err == nil {
					times[i] = st.ModTime().UnixNano()
				}
			}
			w.mu.Lock()
			defer w.mu.Unlock()
			if !w.count(len(enter)) {
				return
			}
			in := w.folders[name(dir)]
			for i, e := range enter {
				if times[i] != 0 {
					w.folder(name(path.Join(dir, e)), times[i], in)
				}
			}
		},
	}
	_ = walker.Walk(ctx, t.dir, opts, func(f walker.File) error {
		counts := slices.ContainsFunc(t.include, func(p string) bool {
			ok, _ := doublestar.Match(p, f.Path)
			return ok
		})
		mtime := f.ModTime.UnixNano()
		dir := path.Dir(f.Path)
		if dir == "." {
			dir = ""
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		if !w.count(1) {
			return nil
		}
		if counts {
			w.file(t.prefix+f.Path, mtime)
		}
		if d := w.folders[name(dir)]; d != nil {
			if w.inSpan(d.mtime) && abs(mtime-d.mtime) <= int64(staleSlack) {
				d.explained = true // the file was made then
			}
			if d.in != nil {
				d.made = min(d.made, mtime)
			}
		}
		return nil
	})
}

// result returns the changes found, sorted by time: the files, and the
// folders in the span that no entry made at their time explains.
func (w *changeWalk) result() *sourceChanges {
	for _, f := range w.folders {
		if f.in != nil && abs(f.made-f.in.mtime) <= int64(staleSlack) {
			f.in.explained = true // the folder was made then
		}
	}
	for name, f := range w.folders {
		if w.inSpan(f.mtime) && !f.explained {
			w.list = append(w.list, sourceChange{name, f.mtime})
		}
	}
	slices.SortFunc(w.list, func(a, b sourceChange) int {
		if c := cmp.Compare(a.mtime, b.mtime); c != 0 {
			return c
		}
		return strings.Compare(a.path, b.path)
	})
	return &sourceChanges{list: w.list, partial: w.partial}
}

// abs returns the absolute value of a span of nanoseconds.
func abs(d int64) int64 {
	if d < 0 {
		return -d
	}
	return d
}
