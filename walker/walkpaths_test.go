package walker

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// collectPaths is collect for WalkPaths.
func collectPaths(t *testing.T, root string, paths []string, opts Options) result {
	t.Helper()
	var r result
	var mu sync.Mutex
	opts.Warn = func(path string, err error) {
		mu.Lock()
		defer mu.Unlock()
		r.warns = append(r.warns, path+": "+err.Error())
	}
	opts.Ignored = func(path, reason string) {
		mu.Lock()
		defer mu.Unlock()
		r.ignored = append(r.ignored, path)
	}
	err := WalkPaths(context.Background(), root, paths, opts, func(f File) error {
		mu.Lock()
		defer mu.Unlock()
		r.files = append(r.files, f.Path)
		if f.ModTime.IsZero() != opts.NoStat {
			t.Errorf("%s: ModTime %v with NoStat %v", f.Path, f.ModTime, opts.NoStat)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("WalkPaths: %v", err)
	}
	slices.Sort(r.files)
	slices.Sort(r.warns)
	slices.Sort(r.ignored)
	return r
}

func TestWalkPaths(t *testing.T) {
	root := tree(t,
		"index.html", "a/b.html", "a/c/d.html", "a/c/e.css", "drafts/x.html", "a/drafts/y.html",
		".hidden/h.html", "a/.h.html", "skip.html", "p/q/r.html", "noread.html", "fifo-dir/",
	)
	if err := os.Chmod(filepath.Join(root, "noread.html"), 0); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo-dir", "pipe.html"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a/b.html", filepath.Join(root, "link.html")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a", filepath.Join(root, "linkdir")); err != nil {
		t.Fatal(err)
	}
	opts := Options{Exclude: []string{"**/drafts", "skip.html"}}
	for _, tc := range []struct {
		name    string
		paths   []string
		opts    *Options
		files   []string
		warns   int
		ignored []string
	}{
		{name: "a file", paths: []string{"a/b.html"}, files: []string{"a/b.html"}},
		{name: "a folder", paths: []string{"a"}, files: []string{"a/b.html", "a/c/d.html"}},
		{name: "a folder, with a slash and dots", paths: []string{"./a/c/"}, files: []string{"a/c/d.html"}},
		{name: "missing", paths: []string{"gone.html", "gone/x.html", "a/b.html/x"}},
		{name: "excluded file", paths: []string{"skip.html"}},
		{name: "under an excluded folder", paths: []string{"drafts/x.html", "a/drafts/y.html", "a/drafts"}},
		{name: "hidden", paths: []string{".hidden/h.html", ".hidden", "a/.h.html"}},
		{name: "not included", paths: []string{"a/c/e.css"}},
		{name: "no read permission", paths: []string{"noread.html"}, warns: 1},
		{name: "a FIFO", paths: []string{"fifo-dir/pipe.html"}, warns: 1},
		{name: "a symlink, not followed", paths: []string{"link.html", "linkdir/b.html"}, ignored: []string{"link.html"}},
		{name: "a symlink, followed", paths: []string{"link.html", "linkdir/b.html"}, opts: &Options{FollowSymlinks: true}, files: []string{"link.html", "linkdir/b.html"}},
		{name: "twice, and inside a folder given", paths: []string{"a/c/d.html", "a/c/d.html", "a", "a/b.html"}, files: []string{"a/b.html", "a/c/d.html"}},
		{name: "NoStat", paths: []string{"p"}, opts: &Options{NoStat: true}, files: []string{"p/q/r.html"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := opts
			if tc.opts != nil {
				o = *tc.opts
			}
			r := collectPaths(t, root, tc.paths, o)
			if !slices.Equal(r.files, tc.files) {
				t.Errorf("files %q, want %q", r.files, tc.files)
			}
			if len(r.warns) != tc.warns {
				t.Errorf("warnings %q, want %d", r.warns, tc.warns)
			}
			if !slices.Equal(r.ignored, tc.ignored) {
				t.Errorf("ignored %q, want %q", r.ignored, tc.ignored)
			}
		})
	}
	t.Run("root is Walk", func(t *testing.T) {
		for _, p := range [][]string{{""}, {"."}, {"a", "."}} {
			got, want := collectPaths(t, root, p, opts), collect(t, root, opts)
			if !slices.Equal(got.files, want.files) || !slices.Equal(got.warns, want.warns) || !slices.Equal(got.ignored, want.ignored) {
				t.Errorf("%q: %+v, Walk %+v", p, got, want)
			}
		}
	})
}

// TestWalkPathsProperty: over random subsets of a tree's paths, WalkPaths
// finds exactly the files Walk finds at or under them.
func TestWalkPathsProperty(t *testing.T) {
	var files []string
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		depth := rng.IntN(4)
		var parts []string
		for range depth {
			parts = append(parts, fmt.Sprintf("d%d", rng.IntN(4)))
		}
		name := fmt.Sprintf("f%d.html", i)
		if i%7 == 0 {
			name = fmt.Sprintf("f%d.txt", i)
		}
		files = append(files, strings.Join(append(parts, name), "/"))
	}
	root := tree(t, files...)
	opts := Options{Exclude: []string{"d1/d2/**"}}
	all := collect(t, root, opts).files
	var candidates []string
	for _, f := range files {
		candidates = append(candidates, f)
		for d := filepath.Dir(f); d != "."; d = filepath.Dir(d) {
			candidates = append(candidates, filepath.ToSlash(d))
		}
	}
	for range 100 {
		var subset []string
		for range 1 + rng.IntN(6) {
			subset = append(subset, candidates[rng.IntN(len(candidates))])
		}
		var want []string
		for _, f := range all {
			for _, p := range subset {
				if f == p || strings.HasPrefix(f, p+"/") {
					want = append(want, f)
					break
				}
			}
		}
		if got := collectPaths(t, root, subset, opts).files; !slices.Equal(got, want) {
			t.Fatalf("%q: %q, want %q", subset, got, want)
		}
	}
}
