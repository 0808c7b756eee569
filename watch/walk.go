package watch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sync/atomic"
)

// A Walk is the first build's walk of a root (Options.Walk), which adds
// the watches of the folders it finds: each folder's watch is added when
// its parent's listing tells of it, before the walk lists it, so that the
// walk's listing, and its reads of the folder's files, come after the
// watch, and the watch need neither list the folder again nor stat its
// files to find what changed before it was added. Without a Walk, the
// folders found by the watch's own listing after Ready are watched while
// the first build runs, each listed again (watchLater).
//
// A Walk is used when the watches are added while the first build runs:
// where change times can be trusted and no cap is set (see the package's
// doc). Otherwise its methods return at once, doing nothing.
type Walk struct {
	root   string // absolute, clean
	active atomic.Bool
	reqs   chan *walkReq
	done   chan bool
	stop   chan struct{} // closed when Run's loop ends
}

// walkReq is one listed folder's news, which the event loop handles
// while the walk waits.
type walkReq struct {
	dir         string // relative to the root, slash-separated
	enter, skip []string
	err         error
	handled     chan struct{}
}

// NewWalk returns the Walk of the first build's walk of root, one of
// Options.Roots.
func NewWalk(root string) (*Walk, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("watch: %w", err)
	}
	return &Walk{root: abs, reqs: make(chan *walkReq), done: make(chan bool), stop: make(chan struct{})}, nil
}

// Taken reports whether the watch takes the walk's news (Folders): said
// once Options.Ready was called. Where it does not (fanotify, a cap, a
// filesystem whose change times are not trusted), the walk need not
// gather its folders.
func (k *Walk) Taken() bool { return k != nil && k.active.Load() }

// Folders is walker.Options.Folders for the first build's walk of the
// root: it returns once the folders in dir that the walk enters are
// watched (or handed to the scan, past the limit), and those it leaves
// out are queued to be watched as without a Walk. It is called
// concurrently.
func (k *Walk) Folders(dir string, enter, skip []string, err error) {
	if k == nil || !k.active.Load() {
		return
	}
	r := &walkReq{dir: dir, enter: enter, skip: skip, err: err, handled: make(chan struct{})}
	select {
	case k.reqs <- r:
	case <-k.stop:
		return
	}
	select {
	case <-r.handled:
	case <-k.stop:
	}
}

// Done says the walk is over; complete, that it listed every folder it
// entered (it was not stopped by an error or the context, or never run). The watch
// says it watches (Options.Watching) only after Done. When the walk was
// not complete, the folders it did not tell of are found by a walk of
// the watched folders, and the whole tree is reported changed, as after
// lost events.
func (k *Walk) Done(complete bool) {
	if k == nil || !k.active.Swap(false) {
		return // a later walk's Folders returns at once from now on
	}
	select {
	case k.done <- complete:
	case <-k.stop:
	}
}

// takeWalk says that Options.Walk may tell of the folders under root,
// when root is the one it walks and has its watch; it reports whether it
// did.
func (w *watcher) takeWalk(root string) bool {
	k := w.opts.Walk
	if k == nil || k.root != root || w.walk != nil {
		return false
	}
	if _, ok := w.dirs[root]; !ok {
		return false // not watched, for another reason than the limit
	}
	w.walk = k
	k.active.Store(true)
	return true
}

// walked handles a folder the walk listed: the folders in it that the
// walk enters are watched now, before the walk lists them; those it
// leaves out are queued to be watched and listed as without a Walk
// (watchLater); past the limit, both are the scan's. News of a folder
// that has no watch is dropped: it is left out (the folders under it
// too), or scanned, the scan's first look finding what is in it.
func (w *watcher) walked(ctx context.Context, r *walkReq) {
	root := w.walk.root
	dir, rel := root, filepath.FromSlash(r.dir)
	if rel != "" {
		dir = root + string(filepath.Separator) + rel
	}
	i := uint16(slices.Index(w.roots, root))
	if w.fan != nil && w.rootOf(dir) == root {
		// fanotify took over at the limit: the walk lists what it enters
		// after fanotify's marks; what it leaves out is listed for what
		// changed in it before (watchLater).
		for _, name := range r.skip {
			w.queueLater(i, rel, dir, []byte(name))
		}
		return
	}
	if _, ok := w.dirs[dir]; !ok || w.rootOf(dir) != root {
		return // or another root's folder, which that root's turns list
	}
	if r.err != nil {
		// The walk could not list it: the watch lists it itself, as a
		// folder watched after the first build began.
		w.listLater(ctx, i, rel, dir)
		return
	}
	full := func() bool { return w.limit != nil || w.limited }
	for _, name := range r.enter {
		if full() {
			w.queueLater(i, rel, dir, []byte(name))
			continue
		}
		p := dir + string(filepath.Separator) + name
		if w.skipDir(p) || len(w.roots) > 1 && w.isRoot(p) {
			continue
		}
		if _, ok := w.dirs[p]; ok {
			continue // made meanwhile, and watched with what is in it
		}
		if !w.watchNew(w.paths.intern(p)) {
			w.queueLater(i, rel, dir, []byte(name))
		}
	}
	for _, name := range r.skip {
		w.queueLater(i, rel, dir, []byte(name))
	}
	if full() && w.laterAt < len(w.later) {
		w.scanLeft(ctx)
	}
}

// walkOver ends the walk's part: the watch says it watches once the
// folders the walk left out are watched too. After a walk that did not
// end, the folders it did not tell of get their watches from a walk of
// the watched ones, and everything is reported, as after lost events.
func (w *watcher) walkOver(ctx context.Context, complete bool) {
	w.walk = nil
	if !complete && ctx.Err() == nil { // not while stopping
		w.rewatch(ctx)
		for _, p := range w.everything() {
			w.send(ctx, p)
		}
	}
	w.maybeWatching(ctx)
}

// listLater lists the folder dir, watched after the first build began (at
// rel under the root i): its folders are queued to be watched, and what
// changed in it from w.since on is reported, the folder itself when it
// gained or lost an entry, else its files by their change times.
func (w *watcher) listLater(ctx context.Context, i uint16, rel, dir string) {
	from := len(w.later)
	self, err := subfoldersSince(dir, w.since, func(name []byte) {
		w.queueLater(i, rel, dir, name)
	}, func(name []byte) {
		if p := dir + string(filepath.Separator) + string(name); w.relevant(p) {
			w.send(ctx, p)
		}
	})
	if err != nil {
		w.later = w.later[:from]
		if !errors.Is(err, fs.ErrNotExist) { // gone meanwhile: its removal is an event
			w.warn(fmt.Errorf("watch: %w", err))
		}
		return
	}
	w.sortLater(from)
	if self && w.relevant(dir) {
		w.send(ctx, dir+folderMark)
	}
}
