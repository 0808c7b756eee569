package walker

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// collectPaths is collect for WalkPaths.
func collectPaths(t *testing.T, root string, paths []string, opts Options) result {
	t.Helper()
	check := func(f File) {
		if f.ModTime.IsZero() != opts.NoStat {
			t.Errorf("%s: ModTime %v with NoStat %v", f.Path, f.ModTime, opts.NoStat)
		}
	}
	return collectWith(t, opts, "WalkPaths", check, func(opts Options, fn func(File) error) error {
		return WalkPaths(context.Background(), root, paths, opts, fn)
	})
}

func TestWalkPaths(t *testing.T) {
	outside := tree(t, "secret.html", "dir/index.html")
	root := tree(t,
		"index.html", "a/b.html", "a/c/d.html", "a/c/e.css", "a-b.html", "drafts/x.html", "a/drafts/y.html",
		".hidden/h.html", "a/.h.html", "skip.html", "p/q/r.html", "noread.html", "fifo-dir/",
	)
	if err := os.Chmod(filepath.Join(root, "noread.html"), 0); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "fifo-dir", "pipe.html"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := func(target, name string) {
		t.Helper()
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	link("a/b.html", "link.html")
	link("a", "linkdir")
	link("..", "p/q/up") // loop: back to p
	link(outside, "out")
	opts := Options{Exclude: []string{"**/drafts", "skip.html"}}
	follow := &Options{FollowSymlinks: true}
	for _, tc := range []struct {
		name    string
		paths   []string
		opts    *Options
		files   []string
		warns   []string
		ignored []string
	}{
		{name: "a file", paths: []string{"a/b.html"}, files: []string{"a/b.html"}},
		{name: "a folder", paths: []string{"a"}, files: []string{"a/b.html", "a/c/d.html"}},
		{name: "a folder, with a slash and dots", paths: []string{"./a/c/"}, files: []string{"a/c/d.html"}},
		{name: "missing", paths: []string{"gone.html", "gone/x.html", "a/b.html/x", "gone"}},
		{name: "excluded file", paths: []string{"skip.html"}},
		{name: "under an excluded folder", paths: []string{"drafts/x.html", "a/drafts/y.html", "a/drafts"}},
		{name: "hidden", paths: []string{".hidden/h.html", ".hidden", "a/.h.html"}},
		{name: "not included", paths: []string{"a/c/e.css"}},
		{name: "no read permission", paths: []string{"noread.html"}, warns: []string{"noread.html: " + ErrNoReadBits.Error() + " (mode ----------)"}},
		{name: "a FIFO", paths: []string{"fifo-dir/pipe.html"}, warns: []string{"fifo-dir/pipe.html: not a regular file (a FIFO)"}},
		{name: "a FIFO in a folder", paths: []string{"fifo-dir"}, warns: []string{"fifo-dir/pipe.html: not a regular file (a FIFO)"}},
		{name: "a symlink, not followed", paths: []string{"link.html", "linkdir/b.html", "linkdir", "out/secret.html"}, ignored: []string{"link.html"},
			warns: []string{"linkdir: " + ErrFolderLinkNotFollowed.Error()}},
		{name: "a symlink, followed", paths: []string{"link.html", "linkdir/b.html"}, opts: follow, files: []string{"link.html", "linkdir/b.html"}},
		{name: "a folder link, followed", paths: []string{"linkdir/c", "linkdir/drafts"}, opts: follow, files: []string{"linkdir/c/d.html", "linkdir/drafts/y.html"}},
		{name: "under a link leaving the root, followed", paths: []string{"out/secret.html", "out/dir"}, opts: follow},
		{name: "a link leaving the root, followed", paths: []string{"out"}, opts: follow, warns: []string{"out: " + ErrOutsideRoot.Error()}},
		{name: "under a looping link, followed", paths: []string{"p/q/up/q/r.html", "p/q/up/q"}, opts: follow},
		{name: "twice, and inside a folder given", paths: []string{"a/c/d.html", "a/c/d.html", "a", "a/b.html"}, files: []string{"a/b.html", "a/c/d.html"}},
		{name: "inside a folder given, sorted apart", paths: []string{"a/b.html", "a-b.html", "a"}, files: []string{"a-b.html", "a/b.html", "a/c/d.html"}},
		{name: "outside the root", paths: []string{"../x.html", "/index.html", "a/../../index.html"}, warns: []string{
			"../x.html: " + ErrNotInRoot.Error(), "/index.html: " + ErrNotInRoot.Error(), "a/../../index.html: " + ErrNotInRoot.Error(),
		}},
		{name: "NoStat", paths: []string{"p", "index.html"}, opts: &Options{NoStat: true}, files: []string{"index.html", "p/q/r.html"},
			warns: []string{"p/q/up: " + ErrFolderLinkNotFollowed.Error()}},
		{name: "none"},
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
			if !slices.Equal(r.warns, tc.warns) {
				t.Errorf("warnings %q, want %q", r.warns, tc.warns)
			}
			if !slices.Equal(r.ignored, tc.ignored) {
				t.Errorf("ignored %q, want %q", r.ignored, tc.ignored)
			}
		})
	}
	t.Run("root is Walk", func(t *testing.T) {
		for _, o := range []Options{opts, *follow} {
			for _, p := range [][]string{{""}, {"."}, {"a", "."}} {
				got, want := collectPaths(t, root, p, o), collect(t, root, o)
				if !slices.Equal(got.files, want.files) || !slices.Equal(got.warns, want.warns) || !slices.Equal(got.ignored, want.ignored) {
					t.Errorf("%q, follow=%v: %+v, Walk %+v", p, o.FollowSymlinks, got, want)
				}
			}
		}
	})
}

// A folder on the way that cannot be listed is an *IOError, as in Walk,
// and hides what is under it. (Root lists any folder, so the error is
// injected.)
func TestWalkPathsUnlistableFolder(t *testing.T) {
	root := tree(t, "a/index.html", "b/c/index.html", "b/d.html")
	old := listable
	t.Cleanup(func() { listable = old })
	listable = func(full string) error {
		if filepath.Base(full) == "b" {
			return &fs.PathError{Op: "open", Path: full, Err: syscall.EACCES}
		}
		return old(full)
	}
	r := collectPaths(t, root, []string{"a/index.html", "b/c/index.html", "b/d.html"}, Options{})
	if !slices.Equal(r.files, []string{"a/index.html"}) {
		t.Errorf("files %q", r.files)
	}
	if want := []string{"b/: cannot list the folder: permission denied"}; !slices.Equal(r.warns, want) {
		t.Errorf("warnings %q, want %q", r.warns, want)
	}
}

func TestWalkPathsErrors(t *testing.T) {
	root := tree(t, "a.html", "b/c.html")
	noop := func(File) error { return nil }
	if err := WalkPaths(context.Background(), filepath.Join(root, "missing"), []string{"a.html"}, Options{}, noop); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing root: %v", err)
	}
	if err := WalkPaths(context.Background(), filepath.Join(root, "a.html"), []string{"a.html"}, Options{}, noop); err == nil {
		t.Error("root is a file: no error")
	}
	if err := WalkPaths(context.Background(), root, []string{"a.html"}, Options{Include: []string{"[a-"}}, noop); err == nil {
		t.Error("invalid include: no error")
	}
	stop := errors.New("stop")
	for _, p := range []string{"a.html", "b", ""} {
		if err := WalkPaths(context.Background(), root, []string{p}, Options{}, func(File) error { return stop }); err != stop {
			t.Errorf("callback error, %q: got %v", p, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, p := range []string{"a.html", "b", ""} {
		if err := WalkPaths(ctx, root, []string{p}, Options{}, noop); !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled, %q: %v", p, err)
		}
	}
}

// TestWalkPathsProperty: over random subsets of a tree's paths (files,
// folders, links, paths through links, hidden and missing ones), WalkPaths
// finds exactly the files Walk finds at or under them, each once, and so
// does the union of its walks of each path alone.
func TestWalkPathsProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	dirs := []string{"d0", "d1", "d2", "d3", "d0-x", "d0.x", ".h"}
	files := []string{"d0/", "d3/"}
	for i := range 200 {
		var parts []string
		for range rng.IntN(4) {
			parts = append(parts, dirs[rng.IntN(len(dirs))])
		}
		name := fmt.Sprintf("f%d.html", i)
		switch i % 7 {
		case 0:
			name = fmt.Sprintf("f%d.txt", i)
		case 1:
			name = fmt.Sprintf(".f%d.html", i)
		}
		files = append(files, strings.Join(append(parts, name), "/"))
	}
	outside := tree(t, "secret.html", "dir/index.html")
	root := tree(t, files...)
	for target, name := range map[string]string{
		"d0": "ln", "..": "d3/up", "d3/up/d0": "ln2", outside: "out", "out/secret.html": "leak.html", "gone": "dangling",
	} {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, follow := range []bool{false, true} {
		opts := Options{Exclude: []string{"d1/d2/**", "**/f1?.html"}, FollowSymlinks: follow}
		all := collect(t, root, opts).files
		candidates := []string{"", "ln", "ln2", "d3/up", "out", "out/dir", "leak.html", "dangling/x.html", "gone.html", "d0/gone/x.html"}
		for _, f := range append(files, collect(t, root, Options{Include: []string{"**"}, FollowSymlinks: true}).files...) {
			for ; f != "."; f = path.Dir(f) {
				candidates = append(candidates, strings.TrimSuffix(f, "/"))
			}
		}
		for range 200 {
			var subset []string
			for range 1 + rng.IntN(6) {
				p := candidates[rng.IntN(len(candidates))]
				if p == "" && rng.IntN(10) > 0 {
					continue // the whole tree, now and then
				}
				subset = append(subset, p)
			}
			var want []string
			for _, f := range all {
				for _, p := range subset {
					if p == "" || f == p || strings.HasPrefix(f, p+"/") {
						want = append(want, f)
						break
					}
				}
			}
			if got := collectPaths(t, root, subset, opts).files; !slices.Equal(got, want) {
				t.Fatalf("follow=%v, %q: %q, want %q", follow, subset, got, want)
			}
			var union []string
			for _, p := range subset {
				union = append(union, collectPaths(t, root, []string{p}, opts).files...)
			}
			slices.Sort(union)
			if union = slices.Compact(union); !slices.Equal(union, want) {
				t.Fatalf("follow=%v, %q one by one: %q, want %q", follow, subset, union, want)
			}
		}
	}
}
