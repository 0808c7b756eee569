package watch

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/walker"
)

// walkHooks runs walk, as the first build would, once Ready is said,
// then says Done with whether it returned nil; watching records whether
// Done came first.
type walkHooks struct {
	mu        sync.Mutex
	added     []string // folders watched, in order
	done      bool
	doneFirst bool // Done was said before Watching
}

func (h *walkHooks) hooks(k *Walk, walk func() error, add func(dir string) error) hooks {
	return hooks{
		ready: func() {
			go func() {
				err := walk()
				h.mu.Lock()
				h.done = true
				h.mu.Unlock()
				k.Done(err == nil)
			}()
		},
		add: func(dir string) error {
			h.mu.Lock()
			h.added = append(h.added, dir)
			h.mu.Unlock()
			if add != nil {
				return add(dir)
			}
			return nil
		},
		watching: func() {
			h.mu.Lock()
			h.doneFirst = h.done
			h.mu.Unlock()
		},
	}
}

// changeSeen writes content into each of paths and waits until a batch
// has each.
func changeSeen(t *testing.T, r *recorder, content string, paths ...string) {
	t.Helper()
	m := r.mark()
	for _, p := range paths {
		write(t, p, content)
	}
	r.waitFor(t, m, paths...)
}

// scanPasses makes the scan of opts pass often, and returns what waits
// for n of its passes to end.
func scanPasses(opts *Options) func(t *testing.T, n int) {
	passed := make(chan struct{}, 1)
	opts.Poll = 20 * time.Millisecond
	opts.Passed = func() {
		select {
		case passed <- struct{}{}:
		default:
		}
	}
	return func(t *testing.T, n int) {
		t.Helper()
		for range n {
			select {
			case <-passed:
			case <-time.After(patience):
				t.Fatalf("no pass ended after %v", patience)
			}
		}
	}
}

// walkSite makes the pages under a new root and the root's Walk.
func walkSite(t *testing.T, pages ...string) (string, *Walk) {
	t.Helper()
	root := t.TempDir()
	needLazy(t, root)
	for _, p := range pages {
		mkdir(t, filepath.Dir(filepath.Join(root, p)))
		write(t, filepath.Join(root, p), "x")
	}
	k, err := NewWalk(root)
	if err != nil {
		t.Fatal(err)
	}
	return root, k
}

func (h *walkHooks) watched(dir string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Contains(h.added, dir)
}

// TestWalkWatches: the first build's walk adds the watch of each folder
// it enters before it lists it (a page is handed over with its folder
// watched); the folders it leaves out (excluded) are watched by the
// watch's own listing; hidden ones are not watched; Watching comes after
// Done; and a change in any folder watched is then seen.
func TestWalkWatches(t *testing.T) {
	root, k := walkSite(t, "a/b/x.html", "a/c/y.html", "skip/s/z.html", ".hidden/h/w.html", "index.html")
	var h walkHooks
	var unwatched []string // pages handed over before their folder's watch
	var mu sync.Mutex
	walk := func() error {
		if !k.Taken() {
			t.Error("the walk's news not taken")
		}
		return walker.Walk(context.Background(), root, walker.Options{Exclude: []string{"skip/**"}, Folders: k.Folders}, func(f walker.File) error {
			if dir := filepath.Dir(filepath.Join(root, f.Path)); dir != root && !h.watched(dir) {
				mu.Lock()
				unwatched = append(unwatched, f.Path)
				mu.Unlock()
			}
			return nil
		})
	}
	r := start(t, Options{Roots: []string{root}, NoFanotify: true, Walk: k}, h.hooks(k, walk, nil))
	h.mu.Lock()
	if !h.doneFirst {
		t.Error("Watching said before the walk's Done")
	}
	added := slices.Clone(h.added)
	h.mu.Unlock()
	mu.Lock()
	if len(unwatched) > 0 {
		t.Errorf("pages handed over before their folder was watched: %q", unwatched)
	}
	mu.Unlock()
	for _, d := range []string{"a", "a/b", "a/c", "skip", "skip/s"} {
		if !slices.Contains(added, filepath.Join(root, d)) {
			t.Errorf("%s not watched: %q", d, added)
		}
	}
	for _, d := range []string{".hidden", ".hidden/h"} {
		if slices.Contains(added, filepath.Join(root, d)) {
			t.Errorf("%s watched", d)
		}
	}
	if n := len(added); n != len(slices.Compact(slices.Sorted(slices.Values(added)))) {
		t.Errorf("a folder watched twice: %q", added)
	}
	changeSeen(t, r, "changed", filepath.Join(root, "a", "b", "x.html"), filepath.Join(root, "skip", "s", "z.html"))
	noWarnings(t, r)
}

// TestWalkToTheLimit: the system's limit met while the walk tells of its
// folders: those it enters from then on are scanned, and a change in one
// is seen by the scan.
func TestWalkToTheLimit(t *testing.T) {
	root, k := walkSite(t, "a/x.html", "b/y.html", "c/d/z.html")
	var h walkHooks
	walk := func() error {
		k.Folders("", []string{"a", "b", "c"}, nil, nil)
		k.Folders("c", []string{"d"}, nil, nil)
		return nil
	}
	n := 0
	add := func(dir string) error {
		if n++; n > 3 { // the root's parent, the root and a
			return syscall.ENOSPC
		}
		return nil
	}
	opts := Options{Roots: []string{root}, NoFanotify: true, Walk: k}
	passes := scanPasses(&opts)
	r := start(t, opts, h.hooks(k, walk, add))
	r.covered = true
	r.expected = append(r.expected, "the system's limit of watched folders is reached", "of them watched before the system's limit")
	warning := r.waitWarn(t, "the system's limit of watched folders is reached")
	if !errors.Is(warning, syscall.ENOSPC) {
		t.Errorf("warning %v does not wrap ENOSPC", warning)
	}
	passes(t, 2) // every folder looked at once
	changeSeen(t, r, "changed, and longer", filepath.Join(root, "b", "y.html"), filepath.Join(root, "c", "d", "z.html"))
	noWarnings(t, r)
}

// TestWalkNotListed: a folder the walk could not list is listed by the
// watch, which watches the folders in it; a walk that did not end has
// every folder watched all the same, and the whole tree reported.
func TestWalkNotListed(t *testing.T) {
	for _, complete := range []bool{true, false} {
		t.Run(map[bool]string{true: "complete", false: "stopped"}[complete], func(t *testing.T) {
			root, k := walkSite(t, "a/sub/x.html", "b/c/y.html")
			var h walkHooks
			walk := func() error {
				k.Folders("", []string{"a", "b"}, nil, nil)
				k.Folders("a", nil, nil, syscall.EACCES) // a not listed
				if !complete {
					return errors.New("stopped") // b not listed either
				}
				k.Folders("b", []string{"c"}, nil, nil)
				return nil
			}
			r := start(t, Options{Roots: []string{root}, NoFanotify: true, Walk: k}, h.hooks(k, walk, nil))
			for _, d := range []string{"a/sub", "b/c"} {
				if !h.watched(filepath.Join(root, d)) {
					t.Errorf("%s not watched", d)
				}
			}
			if !complete {
				r.waitFor(t, 0, root)
			}
			changeSeen(t, r, "changed", filepath.Join(root, "a", "sub", "x.html"), filepath.Join(root, "b", "c", "y.html"))
			noWarnings(t, r)
		})
	}
}

// TestWalkGivesBack: at the limit some watches are given back to the
// scan (the last taken); the walk's news of those folders, which come
// after, is dropped, and the folders under them are scanned all the
// same: a change in any is seen.
func TestWalkGivesBack(t *testing.T) {
	var pages, folders []string
	for i := range 30 {
		folders = append(folders, fmt.Sprintf("f%02d", i))
		pages = append(pages, fmt.Sprintf("f%02d/sub/x.html", i))
	}
	root, k := walkSite(t, pages...)
	var h walkHooks
	walk := func() error {
		k.Folders("", folders, nil, nil)
		for _, f := range folders {
			k.Folders(f, []string{"sub"}, nil, nil)
		}
		return nil
	}
	var mu sync.Mutex
	n := 0
	add := func(dir string) error {
		mu.Lock()
		defer mu.Unlock()
		if n++; n > 20 { // the root's parent, the root and 18 folders
			return syscall.ENOSPC
		}
		return nil
	}
	opts := Options{Roots: []string{root}, NoFanotify: true, Walk: k}
	passes := scanPasses(&opts)
	hk := h.hooks(k, walk, add)
	var back []string
	hk.demote = func(dir string) {
		mu.Lock()
		back = append(back, dir)
		mu.Unlock()
	}
	r := start(t, opts, hk)
	r.covered = true
	r.expected = append(r.expected, "the system's limit of watched folders is reached", "of them watched before the system's limit")
	mu.Lock()
	given := slices.Clone(back)
	mu.Unlock()
	if len(given) == 0 {
		t.Fatal("no watch given back at the limit")
	}
	passes(t, 2)
	var changed []string
	for _, p := range pages {
		changed = append(changed, filepath.Join(root, p))
	}
	changeSeen(t, r, "changed, and longer", changed...)
	noWarnings(t, r)
}

// TestWalkNotTaken: with a cap, every watch is added before Ready and
// the walk's news is not asked for: Taken says so, and Folders and Done
// return at once.
func TestWalkNotTaken(t *testing.T) {
	root, k := walkSite(t, "a/x.html")
	r := start(t, Options{Roots: []string{root}, NoFanotify: true, MaxWatches: 64, Walk: k}, hooks{})
	if k.Taken() {
		t.Error("Taken with a cap")
	}
	k.Folders("", []string{"a"}, nil, nil)
	k.Done(true)
	noWarnings(t, r)
}
