package watch

// The events a watcher hears of, handed on as changed paths; and the
// paths it keeps, interned.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fsnotify/fsnotify"
)

// drop removes dir from the set and its watch, and, if moved is set, the
// folders under it too. On Linux fsnotify has already dropped the watch of
// a folder that was removed or moved, but not those of the folders under a
// moved one: left alone, they would go on reporting changes under the old
// path. A removed folder has none left: it was emptied first.
func (w *watcher) drop(dir string, moved bool) {
	if _, ok := w.dirs[dir]; !ok {
		return
	}
	w.unwatch(dir)
	if !moved {
		return
	}
	prefix := dir + string(filepath.Separator)
	for sub := range w.dirs {
		if strings.HasPrefix(sub, prefix) {
			w.unwatch(sub)
		}
	}
}

// unwatch removes one folder from the set and its watch.
func (w *watcher) unwatch(dir string) {
	delete(w.dirs, dir)
	if w.fsw != nil && !w.parents[dir] {
		_ = w.fsw.Remove(dir) // ErrNonExistentWatch when fsnotify dropped it first
	}
}

// handle handles one event, fsnotify's or fanotify's.
func (w *watcher) handle(ctx context.Context, ev fsnotify.Event) {
	p := filepath.Clean(ev.Name)
	// An attribute-only event (Chmod) is reported like a write: a touch
	// changes the modification time, which may be a page's lastmod, and a
	// chmod whether anyone may read the page, both of which a build reads.
	// On Linux it also comes when a hard link to the file is made or
	// removed, and first when the file is removed. The rebuild reads the
	// page again and writes nothing if what it read is the same.
	_, watched := w.dirs[p]
	if watched && ev.Op == fsnotify.Write { // kqueue, Windows: a folder's entries changed; each has its own event
		return
	}
	gone := ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename)
	folder := gone && (watched || ev.Op&opFolder != 0)
	if gone {
		w.drop(p, ev.Has(fsnotify.Rename))
		// Said once until it is back: inotify reports a root's removal
		// twice (its own watch, its parent's), and it may be back before
		// the event is read (a generator that makes its folder anew).
		if w.isRoot(p) && !w.away[p] {
			w.away[p] = true
			w.warn(fmt.Errorf("watch: %s was %w", p, ErrRootGone))
		}
		if w.parents[p] && w.rootOf(p) == "" {
			delete(w.parents, p)
			delete(w.parentWatched, p)
			w.warn(fmt.Errorf("watch: %s was removed or renamed; changes in it are no longer seen", p))
		}
	}
	// fanotify reports what happens in the folders a root's walk leaves
	// out; of those, only the files given on their own (a repository's
	// HEAD inside a project that is a root) matter.
	if !w.relevant(p) || w.fan != nil && !w.files[p] && w.inSkipped(p) {
		return
	}
	if folder {
		w.send(ctx, p+folderMark)
	}
	if ev.Has(fsnotify.Create) {
		if fi, err := os.Lstat(p); err == nil && fi.IsDir() {
			delete(w.away, p)
			w.addTree(ctx, p, true)
			return
		}
	}
	if !folder {
		w.send(ctx, p)
	}
}

// handleError handles one error from fsnotify or fanotify.
func (w *watcher) handleError(ctx context.Context, err error) {
	switch {
	case errors.Is(err, fsnotify.ErrEventOverflow):
		// Events were lost: walk everything again, and add the watches of
		// folders whose creation was lost (or scan them).
		if w.fan == nil {
			w.rewatch(ctx)
		}
		for _, p := range w.everything() {
			w.send(ctx, p)
		}
	case isLimit(err):
		w.atLimit(ctx, err)
	default:
		w.warn(fmt.Errorf("watch: %w", err))
	}
}

// rewatch, after events were lost, drops the watches of folders gone and
// gives every folder under the roots that has neither a watch nor a place
// in the scan one (or that place).
func (w *watcher) rewatch(ctx context.Context) {
	for dir := range w.dirs {
		if !exists(dir) {
			w.unwatch(dir) // the scan meets the ones under it too
		}
	}
	scanned := make(map[string]bool)
	if w.scan != nil {
		for i := range w.scan.dirs {
			if d := &w.scan.dirs[i]; d.root != gone {
				scanned[w.pathOf(d, "")] = true
			}
		}
	}
	queue := slices.Clone(w.roots)
	for len(queue) > 0 && ctx.Err() == nil {
		d := queue[0]
		queue = queue[1:]
		if scanned[d] {
			continue // its own scan meets the folders under it
		}
		if _, ok := w.dirs[d]; !ok {
			w.addTree(ctx, d, false)
			continue
		}
		ents, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range ents {
			if p := filepath.Join(d, e.Name()); e.IsDir() && !w.skipDir(p) {
				queue = append(queue, p)
			}
		}
	}
}

// everything returns the roots and the files: all there is to rebuild.
func (w *watcher) everything() []string {
	all := slices.Clone(w.roots)
	for f := range w.files {
		all = append(all, f)
	}
	return all
}

// send hands a path to the debouncer.
func (w *watcher) send(ctx context.Context, p string) {
	select {
	case w.out <- p:
	case <-ctx.Done():
	}
}

// warn calls Options.Warn, if there is one.
func (w *watcher) warn(err error) {
	if w.opts.Warn != nil {
		w.opts.Warn(err)
	}
}

// slab packs strings kept for long into large shared blocks: the paths of
// a site's 90,000 folders, which the walk makes one by one among its
// garbage, would otherwise hold on to half-empty spans of the heap. A
// block lives as long as one string in it does.
type slab struct {
	b strings.Builder
}

// slabBlock is the size of a slab's blocks.
const slabBlock = 64 << 10

// internBytes is intern of b, which it copies.
func (sl *slab) internBytes(b []byte) string {
	if len(b) > slabBlock/8 {
		return string(b)
	}
	if sl.b.Cap()-sl.b.Len() < len(b) {
		sl.b = strings.Builder{}
		sl.b.Grow(slabBlock)
	}
	sl.b.Write(b)
	all := sl.b.String()
	return all[len(all)-len(b):]
}

// intern returns a copy of s in the slab's current block, or s itself when
// it is too long to share one.
func (sl *slab) intern(s string) string {
	if len(s) > slabBlock/8 {
		return s
	}
	if sl.b.Cap()-sl.b.Len() < len(s) {
		sl.b = strings.Builder{} // the strings of the old block keep it
		sl.b.Grow(slabBlock)
	}
	sl.b.WriteString(s) // within the capacity: the block does not move
	all := sl.b.String()
	return all[len(all)-len(s):]
}
