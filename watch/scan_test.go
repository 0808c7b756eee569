package watch

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// TestEveryChangeSeen makes random changes of every kind to a tree, one
// after another, and checks that each is reported (the path, or a folder
// above it, to be walked again), in every way of watching, and that a
// change beside the root never is.
func TestEveryChangeSeen(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		base := t.TempDir()
		root := filepath.Join(base, "site")
		beside := filepath.Join(base, "beside")
		mkdir(t, beside)
		var folders []string
		for i := range 6 {
			for j := range 3 {
				dir := filepath.Join(root, fmt.Sprintf("s%d", i), fmt.Sprintf("p%d", j))
				mkdir(t, dir)
				write(t, filepath.Join(dir, "index.html"), "x")
				folders = append(folders, dir)
			}
		}
		folders = append(folders, root)
		r := w.start(t, Options{Roots: []string{root}, MaxWatches: 0}, hooks{})
		rng := rand.New(rand.NewPCG(39, 1))
		files := func() []string {
			var fs []string
			filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
				if err == nil && d.Type().IsRegular() {
					fs = append(fs, p)
				}
				return nil
			})
			return fs
		}
		old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
		for step := range 40 {
			m := r.mark()
			write(t, filepath.Join(beside, "noise.html"), fmt.Sprint(step))
			var changed string
			switch op := rng.IntN(8); op {
			case 0: // a new page
				changed = filepath.Join(folders[rng.IntN(len(folders))], fmt.Sprintf("new%d.html", step))
				write(t, changed, "new")
			case 1: // written in place
				fs := files()
				changed = fs[rng.IntN(len(fs))]
				write(t, changed, fmt.Sprintf("step %d", step))
			case 2: // touched, to a time in the past
				fs := files()
				changed = fs[rng.IntN(len(fs))]
				if err := os.Chtimes(changed, old, old); err != nil {
					t.Fatal(err)
				}
			case 3: // chmod
				fs := files()
				changed = fs[rng.IntN(len(fs))]
				if err := os.Chmod(changed, 0o600|os.FileMode(step%2)<<2); err != nil {
					t.Fatal(err)
				}
			case 4: // removed
				fs := files()
				changed = fs[rng.IntN(len(fs))]
				if err := os.Remove(changed); err != nil {
					t.Fatal(err)
				}
			case 5: // saved by rename
				fs := files()
				changed = fs[rng.IntN(len(fs))]
				tmp := filepath.Join(filepath.Dir(changed), ".save.swp")
				write(t, tmp, fmt.Sprintf("saved %d", step))
				if err := os.Rename(tmp, changed); err != nil {
					t.Fatal(err)
				}
			case 6: // a new folder with a page
				dir := filepath.Join(folders[rng.IntN(len(folders))], fmt.Sprintf("d%d", step))
				mkdir(t, dir)
				write(t, filepath.Join(dir, "index.html"), "x")
				folders = append(folders, dir)
				changed = filepath.Join(dir, "index.html")
			case 7: // a folder renamed
				i := rng.IntN(len(folders) - 1) // not the root
				from := folders[i]
				to := from + "r"
				if err := os.Rename(from, to); err != nil {
					t.Fatal(err)
				}
				for j, f := range folders {
					if within(f, from) {
						folders[j] = to + f[len(from):]
					}
				}
				changed = to
				m2 := r.mark()
				r.waitFor(t, m2, from)
				m = m2
			}
			r.waitFor(t, m, changed)
			if r.seen(m)[filepath.Join(beside, "noise.html")] {
				t.Fatalf("step %d: a change beside the root reported: %s", step, r.describe(m))
			}
		}
		noWarnings(t, r)
	})
}

// TestScanWatchesWhatChanged: a folder the scan finds changed gets a
// watch of its own; when the watches kept for such folders are all taken,
// the one given first goes back to the scan, where its changes are still
// seen.
func TestScanWatchesWhatChanged(t *testing.T) {
	root := t.TempDir()
	var deep []string
	for i := range 20 {
		dir := filepath.Join(root, fmt.Sprintf("d%02d", i), "sub")
		mkdir(t, dir)
		deep = append(deep, dir)
	}
	var mu sync.Mutex
	var added []string
	ready := false
	spy := func(dir string) error {
		mu.Lock()
		defer mu.Unlock()
		if ready {
			added = append(added, dir)
		}
		return nil
	}
	// 16 watches: 2 kept for the folders that change, the parent's, the
	// root's and 12 folders below it, breadth first.
	r := start(t, Options{Roots: []string{root}, MaxWatches: 16, NoFanotify: true, Poll: 20 * time.Millisecond}, hooks{add: spy})
	// The scan's first look at a folder (scanLater) reports the folder
	// when it gained an entry since the start: it stands for its files.
	r.covered = true
	r.waitWarn(t, "--max-watches")
	mu.Lock()
	ready = true
	mu.Unlock()
	for n, dir := range deep[17:] { // deep, hence scanned
		m := r.mark()
		p := filepath.Join(dir, "page.html")
		write(t, p, "x")
		r.waitFor(t, m, p)
		mu.Lock()
		got := slices.Clone(added)
		mu.Unlock()
		if !slices.Contains(got, dir) {
			t.Fatalf("change %d: %s not given a watch; watches added: %q", n, dir, got)
		}
	}
	// The first of the three lost its watch to the third: still seen.
	m := r.mark()
	p := filepath.Join(deep[17], "again.html")
	write(t, p, "x")
	r.waitFor(t, m, p)
}

// TestScanFirstLook: past the limit at start, the folders are listed in
// the first pass's turns, not before watching begins (scanLater), and
// what changed in a folder before its first look is found by change
// times: a file written, a file removed (its folder reported), a folder
// and a file made deep down. A file that did not change since the start
// is not reported, nor a folder that holds it. The changes are made
// before the first turn (the ready hook runs in the loop).
func TestScanFirstLook(t *testing.T) {
	root := t.TempDir()
	keep := filepath.Join(root, "keep.html")
	edited := filepath.Join(root, "a", "b", "edited.html")
	gone := filepath.Join(root, "c", "gone.html")
	deep := filepath.Join(root, "d", "e")
	made := filepath.Join(deep, "new", "page.html")
	for _, p := range []string{keep, edited, gone, filepath.Join(deep, "old.html")} {
		mkdir(t, filepath.Dir(p))
		write(t, p, "x")
	}
	changes := func() {
		write(t, edited, "changed")
		if err := os.Remove(gone); err != nil {
			t.Error(err)
		}
		mkdir(t, filepath.Dir(made))
		write(t, made, "x")
	}
	passed := make(chan struct{}, 1)
	opts := Options{Roots: []string{root}, NoFanotify: true, Poll: 20 * time.Millisecond, Passed: func() {
		select {
		case passed <- struct{}{}:
		default:
		}
	}}
	r := start(t, opts, hooks{add: enospc, ready: changes})
	r.covered = true // a folder reported stands for the paths under it
	r.waitFor(t, 0, edited, gone, made)
	// A second pass ended: every folder, those found in the first too,
	// was looked at, and what the first pass reported has come.
	for range 2 {
		select {
		case <-passed:
		case <-time.After(patience):
			t.Fatalf("no pass ended after %v", patience)
		}
	}
	seen := r.seen(0)
	if seen[keep] || coveredBy(keep, seen) || seen[filepath.Join(root, "a")] {
		t.Errorf("reported what did not change: %s", r.describe(0))
	}
}

// TestScanDemotedFolderLosesNoChange: a change made in a folder while it
// has a watch is reported when the watch is given back to the scan before
// its event was read. fsnotify drops the events of a watch removed before
// it read them, and the listing the scan starts from already holds the
// change: the folder is walked again. The demote hook makes the changes
// while the event loop is giving the watch back, behind an event of the
// root that fsnotify cannot hand over meanwhile; the test waits on
// events only (watches added, the hook, batches).
func TestScanDemotedFolderLosesNoChange(t *testing.T) {
	root := t.TempDir()
	var subs []string
	for i := range 5 {
		sub := filepath.Join(root, fmt.Sprintf("w%d", i), "sub")
		mkdir(t, sub)
		write(t, filepath.Join(sub, "page.html"), "x")
		subs = append(subs, sub)
	}
	added := make(chan string, 16)
	spy := func(dir string) error {
		select {
		case added <- dir:
		default:
		}
		return nil
	}
	hot, cold := subs[0], subs[1]
	touched := filepath.Join(hot, "page.html")
	demoted := make(chan string, 1)
	var inDemote atomic.Pointer[func(string)]
	// 8 watches: 1 kept for the folders that change, the parent's, the
	// root's and its 5 folders; their folders are scanned.
	r := start(t, Options{Roots: []string{root}, MaxWatches: 8, NoFanotify: true, Poll: 10 * time.Millisecond}, hooks{
		add: spy,
		demote: func(dir string) {
			if f := inDemote.Load(); f != nil {
				(*f)(dir)
			}
		},
	})
	r.covered = true // the folder walked again stands for its files
	r.waitWarn(t, "--max-watches")
	drainAdded := func(want string) {
		t.Helper()
		deadline := time.After(patience)
		for {
			select {
			case dir := <-added:
				if dir == want {
					return
				}
			case <-deadline:
				t.Fatalf("%s not given a watch after %v", want, patience)
			}
		}
	}
	// The scan finds hot changed and gives it the watch kept.
	m := r.mark()
	write(t, filepath.Join(hot, "new.html"), "x")
	r.waitFor(t, m, filepath.Join(hot, "new.html"))
	drainAdded(hot)
	// cold changes: the scan gives it hot's watch. Meanwhile, an event of
	// the root (which fsnotify holds, the loop being busy) and a touch in
	// hot, whose event comes after it.
	change := func(dir string) {
		write(t, filepath.Join(root, "busy.html"), "x")
		when := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
		if err := os.Chtimes(touched, when, when); err != nil {
			t.Error(err)
		}
		demoted <- dir
	}
	inDemote.Store(&change)
	m = r.mark()
	write(t, filepath.Join(cold, "new.html"), "x")
	select {
	case dir := <-demoted:
		if dir != hot {
			t.Fatalf("%s given back, want %s", dir, hot)
		}
	case <-time.After(patience):
		t.Fatalf("no watch given back after %v", patience)
	}
	r.waitFor(t, m, filepath.Join(cold, "new.html"), filepath.Join(root, "busy.html"), touched)
}

// TestLimitGivenBackLosesNoChange: when the system's limit is met while
// watching, the watches given back to the scan (those taken last) lose
// no change made just before: the folder is walked again. A folder moved
// in meets the limit; the demote hook makes the changes while the event
// loop gives the watches back, behind an event of the root that fsnotify
// cannot hand over meanwhile.
func TestLimitGivenBackLosesNoChange(t *testing.T) {
	root := t.TempDir()
	// The parent's watch, the root's and 13 folders', then the folder
	// moved in: 16, of which 2 are given back when its folder fails.
	for i := range 13 {
		mkdir(t, filepath.Join(root, fmt.Sprintf("f%02d", i)))
		write(t, filepath.Join(root, fmt.Sprintf("f%02d", i), "page.html"), "x")
	}
	moved := filepath.Join(root, "n")
	limitAt := filepath.Join(moved, "sub")
	add := func(dir string) error {
		if within(dir, limitAt) {
			return fmt.Errorf("add: %w", syscall.ENOSPC)
		}
		return nil
	}
	touched := make(chan string, 1)
	demote := func(dir string) {
		if dir == moved || len(touched) > 0 {
			return
		}
		write(t, filepath.Join(root, "busy.html"), "x")
		p := filepath.Join(dir, "page.html")
		when := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
		if err := os.Chtimes(p, when, when); err != nil {
			t.Error(err)
		}
		touched <- p
	}
	r := start(t, Options{Roots: []string{root}, Poll: 10 * time.Millisecond, NoFanotify: true}, hooks{add: add, demote: demote})
	r.covered = true // the folder walked again stands for its files
	outside := filepath.Join(t.TempDir(), "n")
	mkdir(t, filepath.Join(outside, "sub"))
	m := r.mark()
	if err := os.Rename(outside, moved); err != nil {
		t.Fatal(err)
	}
	r.waitWarn(t, "max_user_watches")
	var p string
	select {
	case p = <-touched:
	case <-time.After(patience):
		t.Fatalf("no watch given back after %v", patience)
	}
	r.waitFor(t, m, moved, filepath.Join(root, "busy.html"), p)
}

// TestFirstLookRemovedWhileListed: an entry removed while the scan's first
// look lists its folder (after the folder's own stat, before its
// entries are read) is reported: the folder, walked again. The listing
// no longer has the entry, and the folder's own state was taken before
// the removal, so no later look finds a difference either.
func TestFirstLookRemovedWhileListed(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "sub")
	gone := filepath.Join(sub, "gone.html")
	mkdir(t, sub)
	write(t, gone, "x")
	write(t, filepath.Join(sub, "kept.html"), "x")
	needLazy(t, root)
	w, err := newWatcher(Options{Roots: []string{root}, NoFanotify: true}, hooks{})
	if err != nil {
		t.Fatal(err)
	}
	since, ok := lazyFrom(w.roots)
	if !ok {
		t.Fatalf("%s: not on a filesystem that stamps change times to the nanosecond, which the first look needs", root)
	}
	testHookListing = func(dir string) {
		if dir == sub {
			if err := os.Remove(gone); err != nil {
				t.Error(err)
			}
		}
	}
	defer func() { testHookListing = nil }()
	d := newScanDir(0, "sub", "")
	_, _, _, changed := w.listSince(&d, since)
	if !slices.Contains(changed, sub+folderMark) {
		t.Errorf("changed %q, want %s, a folder", changed, sub)
	}
}
