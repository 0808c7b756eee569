package watch

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
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
