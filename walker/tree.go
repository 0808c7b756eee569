package walker

// The parallel walk of a folder tree: Options.Workers goroutines take
// folders from a shared stack, list each, and judge its entries as they
// come. Each folder stays open while its entries are judged, and a page is
// statted (and, by the caller, opened) relative to it: the kernel looks up
// one name, not the page's whole path from the root again (on Linux; see
// dir_linux.go). On a 100,000-page site that is about a fifth of a plain
// parallel walk's time, and more for a build that opens every page.

import (
	"errors"
	"io/fs"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// Sentinels an entry's judgement returns for a folder, or a link to one.
var (
	errSkipDir  = errors.New("skip this folder")
	errTraverse = errors.New("walk this link as a folder")
)

// treeWalk lists folders for one walk.
type treeWalk struct {
	w    *walk
	root *rootDir
	mu   sync.Mutex
	more sync.Cond // a folder was pushed, or the last one is done
	// stack holds the folders to list, relative to the walk's root.
	stack []string
	// busy counts the folders on the stack or being listed.
	busy int
	// stopped is set when the walk stops: fn's error, the context, or
	// the start folder failing.
	stopped bool
	start   string // the folder the walk started at
	err     error  // the root's error, when the walk started there
}

// tree walks the folder full (the root, or a folder below it, for
// WalkPaths) with Options.Workers goroutines.
func (w *walk) tree(full string) error {
	root, err := openRootDir(w.root)
	if err != nil {
		return err
	}
	defer root.close()
	start := w.rel(full)
	t := &treeWalk{w: w, root: root, stack: []string{start}, busy: 1, start: start}
	t.more.L = &t.mu
	workers := w.opts.Workers
	if workers <= 0 {
		workers = max(4, runtime.GOMAXPROCS(0))
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(t.work)
	}
	wg.Wait()
	if w.stopErr != nil {
		return w.stopErr
	}
	return t.err
}

// work lists folders until none is left, or the walk stops.
func (t *treeWalk) work() {
	d := newDir()
	var subs []string // the worker's, used again for each folder
	for {
		rel, ok := t.next()
		if !ok {
			return
		}
		subs = t.list(d, rel, subs[:0])
		t.mu.Lock()
		if !t.stopped {
			t.stack = append(t.stack, subs...)
			t.busy += len(subs)
		}
		t.busy--
		if len(subs) > 0 || t.busy == 0 {
			t.more.Broadcast()
		}
		t.mu.Unlock()
		clear(subs) // the stack holds them now
	}
}

// next takes a folder to list; false when the walk is over.
func (t *treeWalk) next() (string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for len(t.stack) == 0 && t.busy > 0 && !t.stopped {
		t.more.Wait()
	}
	if t.stopped || len(t.stack) == 0 {
		return "", false
	}
	rel := t.stack[len(t.stack)-1]
	t.stack = t.stack[:len(t.stack)-1]
	return rel, true
}

// stop ends the walk: no folder is taken after it.
func (t *treeWalk) stop() {
	t.mu.Lock()
	t.stopped = true
	t.stack = nil
	t.more.Broadcast()
	t.mu.Unlock()
}

// list lists the folder rel and judges its entries; it returns the
// folders to walk next, appended to subs.
func (t *treeWalk) list(d *Dir, rel string, subs []string) []string {
	if err := t.open(d, rel); err != nil {
		t.failed(rel, err)
		return subs
	}
	defer d.close()
	w := t.w
	var enter, skip []string // Options.Folders'
	folders := w.opts.Folders
	err := d.read(func(name []byte, typ fs.FileMode) bool {
		if err := w.ctx.Err(); err != nil {
			w.stop(err)
			t.stop()
			return false
		}
		if typ.IsRegular() && w.passOver(name) {
			return true
		}
		child := join(rel, name)
		if testHookEntry != nil {
			testHookEntry(child)
		}
		switch err := w.entry(d, child, typ, nil); err {
		case nil:
			if typ.IsDir() {
				subs = append(subs, child)
				if folders != nil {
					enter = append(enter, base(child))
				}
			}
		case errTraverse:
			subs = append(subs, child)
		case errSkipDir:
			if folders != nil && typ.IsDir() {
				skip = append(skip, base(child))
			}
		default: // errStop
			t.stop()
			return false
		}
		return true
	})
	if err != nil {
		t.failed(rel, err)
		clear(subs)
		return subs[:0]
	}
	if folders != nil && (len(enter) > 0 || len(skip) > 0) {
		slices.Sort(enter)
		slices.Sort(skip)
		folders(rel, enter, skip, nil)
	}
	return subs
}

// open opens the folder rel into d, or fails as testHookFolder says.
func (t *treeWalk) open(d *Dir, rel string) error {
	if testHookFolder != nil {
		if err := testHookFolder(rel); err != nil {
			return err
		}
	}
	return d.open(t.root, rel)
}

// failed reports a folder that could not be listed: a warning, or for
// the root, when the walk started there, the walk's error. A folder below
// the root that a WalkPaths starts at and that is gone meanwhile is no
// warning: its removal is the change being walked.
func (t *treeWalk) failed(rel string, err error) {
	switch {
	case rel == "":
		t.mu.Lock()
		if t.err == nil {
			t.err = err
		}
		t.mu.Unlock()
		t.stop()
	case rel == t.start && gone(err):
	default:
		t.w.warn(rel+"/", ioError("list the folder", err))
	}
	if f := t.w.opts.Folders; f != nil && rel != "" {
		f(rel, nil, nil, err)
	}
}

// join returns the slash-separated path of name in the folder rel.
func join(rel string, name []byte) string {
	if rel == "" {
		return string(name)
	}
	return rel + "/" + string(name)
}

// base returns the last element of a slash-separated path.
func base(rel string) string { return rel[strings.LastIndexByte(rel, '/')+1:] }

// Test hooks, where permissions cannot make an error for root:
// testHookFolder is called with each folder about to be listed, and an
// error it returns is the folder's; testHookEntry is called with each
// entry listed, before it is judged.
var (
	testHookFolder func(rel string) error
	testHookEntry  func(rel string)
)
