package gitdates

import (
	"context"
	"errors"
	"io/fs"
	"iter"
	"maps"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// What a long-running reader (watch mode) does when the repository or the
// work tree changes: a file edited in the work tree has uncommitted
// changes, as a new Load would say ([Dates.Refresh]); a commit, a reset or
// a checkout moves HEAD, and the history is read again from where it was
// ([Dates.Reload]). A Dates is never changed: both return a new one.

// Watched returns the files of the repository that holds dir whose
// change means its HEAD, its branch or its index changed: HEAD and
// index (a worktree's own), HEAD's reflog, packed-refs and the current
// branch's ref (shared by worktrees). Only those whose folder exists
// are returned, and nothing outside a work tree. A commit changes the
// branch's ref and HEAD's reflog; a checkout changes HEAD; git add and
// git rm change the index.
func Watched(ctx context.Context, dir string) []string {
	git, err := exec.LookPath("git")
	if err != nil {
		return nil
	}
	out, err := run(ctx, git, dir, "rev-parse", "--absolute-git-dir", "--git-common-dir")
	if err != nil {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != 2 {
		return nil
	}
	gitDir, common := filepath.Clean(lines[0]), lines[1]
	if !filepath.IsAbs(common) {
		if common, err = filepath.Abs(filepath.Join(dir, common)); err != nil {
			return nil
		}
	}
	// Each file is named inside its folder, the repository's own or the
	// shared one, and read or looked at only inside it (package fsx): a
	// HEAD that names a branch out of the repository names no file.
	type file struct{ root, rel string }
	files := []file{{gitDir, "HEAD"}, {gitDir, "index"}, {gitDir, "logs/HEAD"}, {common, "packed-refs"}}
	if head, err := fsx.ReadFile(gitDir, "HEAD", maxHeadBytes, "git's HEAD file"); err == nil {
		if ref, ok := strings.CutPrefix(strings.TrimSpace(string(head)), "ref: "); ok && strings.HasPrefix(path.Clean(ref), "refs/heads/") {
			files = append(files, file{common, path.Clean(ref)})
		}
	}
	var watched []string
	for _, f := range files {
		if fi, err := fsx.Stat(f.root, path.Dir(f.rel)); err == nil && fi.IsDir() {
			watched = append(watched, filepath.Join(f.root, filepath.FromSlash(f.rel)))
		}
	}
	return watched
}

// maxHeadBytes bounds the read of a HEAD file: "ref: " and a branch's
// name, which is a path in the repository's folder.
const maxHeadBytes = 64 << 10

// Watches reports whether a change to path (absolute, clean) may mean
// that the repository's HEAD, a branch or the index changed: it is one of
// the files [Watched] names, or a branch's ref.
func (d *Dates) Watches(path string) bool {
	switch path {
	case filepath.Join(d.gitDir, "HEAD"), filepath.Join(d.gitDir, "index"),
		filepath.Join(d.gitDir, "logs", "HEAD"), filepath.Join(d.common, "packed-refs"):
		return true
	}
	return strings.HasPrefix(path, filepath.Join(d.common, "refs", "heads")+string(filepath.Separator))
}

// refreshAll is the number of paths past which Refresh asks git about the
// whole of Load's folder rather than about each path: a pathspec is
// matched against every entry of the index.
const refreshAll = 256

// Refresh returns the Dates as Load would read them after the files and
// folders at paths (absolute) changed in the work tree, HEAD and the
// index being as they were (git add, git mv and a commit change the
// index or HEAD: that is Reload's): a file edited since its last commit has
// uncommitted changes, one edited back to its committed content has its
// date again. It runs git status once, over those paths, or none when no
// path can have changed what git says: a path git never knew that is not
// a folder is untracked (or ignored) before and after any edit.
func (d *Dates) Refresh(ctx context.Context, paths []string) (*Dates, error) {
	var rels []string
	var root *fsx.Root // the work tree, opened for the first path git never knew
	defer func() {
		if root != nil {
			root.Close()
		}
	}()
	for _, p := range paths {
		rel, ok := d.rel(p)
		if !ok {
			continue
		}
		_, known := d.files[rel]
		_, listed := d.status[rel]
		if !known && !listed {
			if root == nil {
				var err error
				if root, err = fsx.OpenRoot(d.top); err != nil {
					return nil, err
				}
			}
			fi, err := root.Lstat(rel)
			switch {
			case err == nil && fi.IsDir():
			case errors.Is(err, fs.ErrNotExist) && d.knowsUnder(rel):
				// A folder removed with files git knew: they are
				// deleted now.
			default:
				continue
			}
		}
		rels = append(rels, rel)
	}
	if len(rels) == 0 {
		return d, nil
	}
	if len(rels) > refreshAll {
		st, err := d.readStatus(ctx, nil)
		if err != nil {
			return nil, err
		}
		n := *d
		n.status = st
		return &n, nil
	}
	st, err := d.readStatus(ctx, rels)
	if err != nil {
		return nil, err
	}
	n := *d
	n.status = maps.Clone(d.status)
	maps.DeleteFunc(n.status, func(k string, _ Reason) bool {
		for _, r := range rels {
			if k == r || strings.HasPrefix(k, r+"/") {
				return true
			}
		}
		return false
	})
	maps.Copy(n.status, st)
	return &n, nil
}

// knowsUnder reports whether git knows a file in the folder rel (a
// slash path from the top): one of its history, or one git status
// listed.
func (d *Dates) knowsUnder(rel string) bool {
	prefix := rel + "/"
	for _, m := range []iter.Seq[string]{maps.Keys(d.files), maps.Keys(d.status)} {
		for k := range m {
			if strings.HasPrefix(k, prefix) {
				return true
			}
		}
	}
	return false
}

// readStatus runs git status over rels (slash paths from the top), or
// over Load's folder without them.
func (d *Dates) readStatus(ctx context.Context, rels []string) (map[string]Reason, error) {
	var specs []string
	switch {
	case len(rels) > 0:
		for _, r := range rels {
			specs = append(specs, ":(literal)"+r)
		}
	case d.scope != "":
		specs = append(specs, d.scope)
	}
	return status(ctx, d.git, d.top, d.filters, specs)
}

// rel returns path (absolute) as a slash path from the top level.
func (d *Dates) rel(path string) (string, bool) {
	for _, p := range d.prefixes {
		if r, ok := strings.CutPrefix(path, p); ok && r != "" {
			return filepath.ToSlash(r), true
		}
	}
	return "", false
}

// Reload returns the Dates as Load (with Options.Track) would read them
// now, after HEAD, a branch or the index changed, and the files (absolute
// paths) whose date, or reason for none, may differ from d's. When HEAD
// moved forward from the commit d read, without a merge, only the new
// commits are read (git log OLD..NEW); when it moved elsewhere (a reset,
// a rebase, a checkout of another branch) or over a merge, the whole
// history is read again and every file's answer compared. git status is
// run again in every case. d must have been loaded with Options.Track.
func (d *Dates) Reload(ctx context.Context) (*Dates, []string, error) {
	if d.head == "" {
		return nil, nil, ErrNotTracked
	}
	out, err := run(ctx, d.git, d.top, "rev-parse", "-q", "--verify", "HEAD^{commit}")
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		return nil, nil, ErrNoCommits
	}
	head := strings.TrimSpace(string(out))
	if head == d.head {
		st, err := d.readStatus(ctx, nil)
		if err != nil {
			return nil, nil, err
		}
		n := *d
		n.status = st
		return &n, d.abs(statusChanges(d.status, st, nil)), nil
	}
	if n, changed, err := d.forward(ctx, head); err != nil || n != nil {
		return n, changed, err
	}
	n, err := LoadWith(ctx, d.dir, Options{AuthorDates: d.author, RenamesChange: d.renames, Track: true})
	if err != nil {
		return nil, nil, err
	}
	return n, d.abs(d.differences(n)), nil
}

// forward reads the commits from d.head to head, when head descends from
// it without a merge between: the new Dates and the paths they may
// change. It returns nil, nil, nil when the whole history must be read.
func (d *Dates) forward(ctx context.Context, head string) (*Dates, []string, error) {
	if d.shallow {
		return nil, nil, nil // the boundary may have moved too
	}
	if ok, err := d.isAncestor(ctx, head); !ok {
		return nil, nil, err
	}
	var st map[string]Reason
	var serr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		st, serr = d.readStatus(ctx, nil)
	}()
	h, err := d.since(ctx, head)
	<-done
	switch {
	case err != nil:
		return nil, nil, err
	case serr != nil:
		return nil, nil, serr
	case h == nil:
		return nil, nil, nil
	}
	n, changed := d.advance(h, head)
	n.status = st
	changed = statusChanges(d.status, st, changed)
	return n, d.abs(changed), nil
}

// isAncestor reports whether d.head is an ancestor of head; an error
// only when ctx is done.
func (d *Dates) isAncestor(ctx context.Context, head string) (bool, error) {
	if err := command(ctx, d.git, "-C", d.top, "merge-base", "--is-ancestor", d.head, head).Run(); err != nil {
		return false, ctx.Err() // not an ancestor, or d.head is gone
	}
	return true, nil
}

// since reads the commits from d.head, an ancestor of head, to head, and
// the files they moved into the folder. It returns nil, nil when the
// whole history must be read: a merge between, or an object rename
// detection cannot read. A merge is looked for over the whole tree: a log
// limited to the folder passes over one that has the folder as one of
// its parents has it, and follows that parent alone, where d.head's
// changes may have been undone (a merge with -s ours, fast-forwarded to).
func (d *Dates) since(ctx context.Context, head string) (*history, error) {
	merges, err := run(ctx, d.git, d.top, "rev-list", "-n", "1", "--merges", d.head+".."+head)
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil || len(merges) > 0:
		return nil, nil
	}
	h, err := d.log(ctx, d.git, d.top, d.scope, []string{d.head + ".." + head}, nil)
	switch {
	case unreadable(err) != "" && ctx.Err() == nil:
		return nil, nil // read it all again, without rename detection
	case err != nil:
		return nil, err
	case h.merges:
		return nil, nil
	}
	if d.scope != "" && !d.noRenames {
		// Files moved into the folder by the new commits.
		if err := d.followMoves(ctx, d.git, d.top, h, nil, maxMoves); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			h.movesLost = true
		}
	}
	return h, nil
}

// advance returns d moved to head by h, the commits since d.head (from
// since), its status d's, and the paths (from the top) h changed.
func (d *Dates) advance(h *history, head string) (*Dates, []string) {
	n := *d
	n.head, n.movesLost = head, d.movesLost || h.movesLost
	off := int32(len(d.commits))
	n.commits, n.when = append(slices.Clip(d.commits), h.commits...), &commitTimes{}
	// The first bad commit in git log's order, newest first: the new
	// commits' when one is bad.
	if n.bad += h.bad; h.badOne != "" {
		n.badOne = h.badOne
	}
	n.files = maps.Clone(d.files)
	var changed []string
	for path, c := range h.files {
		changed = append(changed, path)
		switch {
		case c >= 0:
			n.files[path] = c + off
		case c == deleted:
			n.files[path] = deleted
		}
	}
	for from, ws := range h.waiting {
		for _, w := range ws {
			if h.files[w.path] != pending {
				continue
			}
			// Renamed unchanged since d's commit: the date of the old
			// path's last change, which d knows, else the rename's.
			if c, ok := d.files[from]; ok && c >= 0 {
				n.files[w.path] = c
			} else {
				n.files[w.path] = w.since + off
			}
		}
	}
	return &n, changed
}

// statusChanges appends to out the paths whose status differs between a
// and b.
func statusChanges(a, b map[string]Reason, out []string) []string {
	for k, r := range a {
		if b[k] != r {
			out = append(out, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	return out
}

// differences returns the paths whose answer differs between d and n.
func (d *Dates) differences(n *Dates) []string {
	var out []string
	seen := make(map[string]bool)
	for _, m := range []map[string]int32{d.files, n.files} {
		for k := range m {
			if seen[k] {
				continue
			}
			seen[k] = true
			t1, r1 := d.lookupRel(k)
			t2, r2 := n.lookupRel(k)
			_, o1 := t1.Zone()
			_, o2 := t2.Zone()
			if r1 != r2 || !t1.Equal(t2) || o1 != o2 {
				out = append(out, k)
			}
		}
	}
	return statusChanges(d.status, n.status, out)
}

// abs turns slash paths from the top into absolute paths, as Load's
// folder spells the top, sorted, each once.
func (d *Dates) abs(rels []string) []string {
	top := d.prefixes[len(d.prefixes)-1]
	out := make([]string, 0, len(rels))
	for _, r := range rels {
		out = append(out, top+filepath.FromSlash(r))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// lookupRel is Lookup of a slash path from the top.
func (d *Dates) lookupRel(rel string) (time.Time, Reason) {
	if r, ok := d.status[rel]; ok {
		if r == reasonRemoved {
			r = ReasonUncommitted
		}
		return time.Time{}, r
	}
	c, ok := d.files[rel]
	switch {
	case !ok || c < 0:
		return time.Time{}, ReasonUntracked
	case d.commits[c].boundary:
		return time.Time{}, ReasonShallow
	case d.commits[c].bad:
		return time.Time{}, ReasonBadDate
	}
	return d.commits[c].when, ReasonNone
}

// ErrNotTracked is returned by Reload for a Dates loaded without
// Options.Track.
var ErrNotTracked = errors.New("gitdates: Reload needs a Dates loaded with Options.Track")
