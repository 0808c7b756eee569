package watch

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"
)

// overlap records, for the tests of the watches added while the first
// build runs, whether Ready came before each folder's watch, and runs a
// test's change in a folder just before its watch is added: after Ready,
// when the build may have read the folder, and before the watch, which
// then cannot see it.
type overlap struct {
	t       *testing.T
	mu      sync.Mutex
	ready   bool
	early   []string                // folders watched before Ready, but the root and its parent
	before  map[string]func() error // a change to make before the watch of a folder, and the watch's error
	exempt  map[string]bool         // folders watched before Ready as they should be
	changed chan string             // the folders whose change was made
}

func newOverlap(t *testing.T, exempt ...string) *overlap {
	o := &overlap{t: t, before: make(map[string]func() error), exempt: make(map[string]bool), changed: make(chan string, 16)}
	for _, d := range exempt {
		o.exempt[d] = true
	}
	return o
}

func (o *overlap) hooks() hooks {
	return hooks{
		ready: func() {
			o.mu.Lock()
			o.ready = true
			o.mu.Unlock()
		},
		add: func(dir string) error {
			o.mu.Lock()
			ready, change := o.ready, o.before[dir]
			if !ready && !o.exempt[dir] {
				o.early = append(o.early, dir)
			}
			delete(o.before, dir)
			o.mu.Unlock()
			if change == nil {
				return nil
			}
			if !ready {
				return nil // the old way: watched before Ready; the test fails on early
			}
			err := change()
			o.changed <- dir
			return err
		},
	}
}

// waitChanged waits until the changes of n folders were made.
func (o *overlap) waitChanged(n int) {
	o.t.Helper()
	for range n {
		select {
		case <-o.changed:
		case <-time.After(patience):
			o.t.Fatalf("after %v, a change was not made: its folder's watch was not added after Ready", patience)
		}
	}
}

// checkEarly fails the test when a folder under the root was watched
// before Ready: the watches did not overlap the first build.
func (o *overlap) checkEarly() {
	o.t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.early) > 0 {
		o.t.Errorf("watched before Ready, not while the first build runs: %q", o.early)
	}
}

func needLazy(t *testing.T, root string) {
	t.Helper()
	if _, ok := lazyFrom([]string{root}); !ok {
		t.Skipf("%s: change times not stamped to the nanosecond by the system (%s): every watch is added before Ready", root, runtime.GOOS)
	}
}

// TestWatchesAfterReady: the folders under the root are watched after
// Ready, while the first build runs, and a change made in a folder after
// Ready but before its watch (which the build may have read before it,
// and which the watch does not see) is reported: a page written in
// place, a page added, a page removed, a folder made with a page. A
// folder and a page that did not change are not.
func TestWatchesAfterReady(t *testing.T) {
	root := t.TempDir()
	needLazy(t, root)
	edited := filepath.Join(root, "a", "b", "edited.html")
	added := filepath.Join(root, "a", "b", "added.html")
	removed := filepath.Join(root, "a", "c", "removed.html")
	deep := filepath.Join(root, "a", "c", "new", "deep.html")
	keep := filepath.Join(root, "keep", "keep.html")
	for _, p := range []string{edited, removed, keep} {
		mkdir(t, filepath.Dir(p))
		write(t, p, "x")
	}
	o := newOverlap(t, root, filepath.Dir(root))
	o.before[filepath.Dir(edited)] = func() error {
		if err := os.WriteFile(edited, []byte("changed"), 0o644); err != nil {
			return err
		}
		return os.WriteFile(added, []byte("x"), 0o644)
	}
	o.before[filepath.Dir(removed)] = func() error {
		if err := os.Remove(removed); err != nil {
			return err
		}
		if err := os.Mkdir(filepath.Dir(deep), 0o755); err != nil {
			return err
		}
		return os.WriteFile(deep, []byte("x"), 0o644)
	}
	r := start(t, Options{Roots: []string{root}, NoFanotify: true}, o.hooks())
	o.waitChanged(2)
	o.checkEarly()
	// The page written in place and the page added by name; the folders
	// that gained or lost an entry, to be walked again.
	r.waitFor(t, 0, edited, added, filepath.Dir(removed), filepath.Dir(deep), deep)
	r.mu.Lock()
	var folders []string
	for _, b := range r.batches {
		folders = append(folders, b.Folders...)
	}
	r.mu.Unlock()
	for _, dir := range []string{filepath.Dir(edited), filepath.Dir(removed)} {
		if !containsString(folders, dir) {
			t.Errorf("%s gained or lost an entry before its watch and is not among the batches' folders %q", dir, folders)
		}
	}

	// A last change, seen by the watch: every batch of the first has come.
	m := r.mark()
	last := filepath.Join(root, "a", "c", "new", "last.html")
	write(t, last, "x")
	r.waitFor(t, m, last)
	seen := r.seen(0)
	for _, p := range []string{keep, filepath.Dir(keep), filepath.Join(root, "a")} {
		if seen[p] {
			t.Errorf("reported %s, which did not change: %s", p, r.describe(0))
		}
	}
	noWarnings(t, r)
}

// TestWatchesAfterReadyToTheLimit: the system's limit met by the watches
// added after Ready: the folders left are scanned, and what changed in
// one after Ready and before the limit was met is reported by the scan's
// first look at it.
func TestWatchesAfterReadyToTheLimit(t *testing.T) {
	root := t.TempDir()
	needLazy(t, root)
	full := filepath.Join(root, "full")
	edited := filepath.Join(full, "x", "edited.html")
	keep := filepath.Join(full, "y", "keep.html")
	for _, p := range []string{edited, keep} {
		mkdir(t, filepath.Dir(p))
		write(t, p, "x")
	}
	o := newOverlap(t, root, filepath.Dir(root))
	limit := func() error {
		if err := os.WriteFile(edited, []byte("changed"), 0o644); err != nil {
			return err
		}
		return syscall.ENOSPC
	}
	o.before[full] = limit
	h := o.hooks()
	add := h.add
	h.add = func(dir string) error {
		if err := add(dir); err != nil || within(dir, full) {
			return syscall.ENOSPC // the limit met, for good
		}
		return nil
	}
	passed := make(chan struct{}, 1)
	opts := Options{Roots: []string{root}, NoFanotify: true, Poll: 20 * time.Millisecond, Passed: func() {
		select {
		case passed <- struct{}{}:
		default:
		}
	}}
	r := start(t, opts, h)
	r.covered = true
	r.expected = append(r.expected, "the system's limit of watched folders is reached", "of them watched before the system's limit")
	o.waitChanged(1)
	o.checkEarly()
	warning := r.waitWarn(t, "the system's limit of watched folders is reached")
	if !errors.Is(warning, syscall.ENOSPC) {
		t.Errorf("warning %v does not wrap ENOSPC", warning)
	}
	r.waitFor(t, 0, edited)
	for range 2 { // every folder looked at, what the first pass found reported
		select {
		case <-passed:
		case <-time.After(patience):
			t.Fatalf("no pass ended after %v", patience)
		}
	}
	if seen := r.seen(0); seen[keep] || coveredBy(keep, seen) {
		t.Errorf("reported %s, which did not change: %s", keep, r.describe(0))
	}
	noWarnings(t, r)
}

// TestCappedWatchesBeforeReady: with Options.MaxWatches, as where change
// times cannot be trusted, every watch is added before Ready, as before.
func TestCappedWatchesBeforeReady(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"a/b", "c"} {
		mkdir(t, filepath.Join(root, d))
	}
	o := newOverlap(t)
	var watching bool
	h := o.hooks()
	h.watching = func() {
		o.mu.Lock()
		watching = o.ready
		o.mu.Unlock()
	}
	r := start(t, Options{Roots: []string{root}, NoFanotify: true, MaxWatches: 64}, h)
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.early) != 5 { // the root's parent, the root, a, a/b and c
		t.Errorf("watched before Ready: %q, want the parent, the root and its 3 folders", o.early)
	}
	if !watching {
		t.Error("Watching not said at Ready")
	}
	noWarnings(t, r)
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
