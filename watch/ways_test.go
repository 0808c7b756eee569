package watch

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// way is one of the ways Run watches. The tests of what is reported run
// in each: the same changes are seen whichever it is.
type way struct {
	name string
	set  func(*Options, *hooks)
	// warning is a part of the warning it starts with; "" for none.
	warning string
	// polling: its batches say Polling.
	polling bool
	// covered: a folder reported stands for the paths under it (a build
	// walks it again); a scan or fanotify reports a folder moved in, not
	// each of its files.
	covered bool
}

func enospc(string) error { return syscall.ENOSPC }

var ways = []way{
	{name: "inotify", set: func(o *Options, h *hooks) { o.NoFanotify = true }},
	// Past the limit of watches, as root: the first watch meets it.
	{name: "fanotify", set: func(o *Options, h *hooks) { h.add = enospc }, warning: "watched whole with fanotify", covered: true},
	{name: "scan", set: func(o *Options, h *hooks) {
		o.NoFanotify, o.Poll, h.add = true, 20*time.Millisecond, enospc
	}, warning: "scanned in turns", polling: true, covered: true},
	// The upper folders watched, the others scanned: the parent's watch
	// and the root's. A test's tree without a folder in its root meets no
	// limit.
	{name: "capped", set: func(o *Options, h *hooks) {
		o.NoFanotify, o.Poll, o.MaxWatches = true, 20*time.Millisecond, 2
	}, covered: true},
}

// eachWay runs fn in a subtest for each way.
func eachWay(t *testing.T, fn func(t *testing.T, w way)) {
	for _, w := range ways {
		t.Run(w.name, func(t *testing.T) {
			if w.name == "fanotify" {
				needFanotify(t)
			}
			fn(t, w)
		})
	}
}

// needFanotify skips a test where this process may not use fanotify as
// watch mode does: not Linux, or not root. As root (as CI runs), fanotify
// failing fails the test.
func needFanotify(t *testing.T) {
	t.Helper()
	fa, err := openFanotify([]string{t.TempDir()}, func(string, []byte) (string, bool) { return "", false })
	if err == nil {
		fa.close()
		return
	}
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		t.Skipf("fanotify needs Linux and root: %v", err)
	}
	t.Fatalf("as root: %v", err)
}

// start starts Run as the way watches, and waits for its warning.
func (w way) start(t *testing.T, opts Options, h hooks) *recorder {
	t.Helper()
	w.set(&opts, &h)
	r := start(t, opts, h)
	r.covered = w.covered
	r.expected = append(r.expected, "--max-watches", "folders are scanned, not watched", "of them watched before the system's limit")
	if w.warning != "" {
		r.expected = append(r.expected, w.warning)
		r.waitWarn(t, w.warning)
	}
	return r
}

// expectedWarning reports whether err is one of those the way starts
// with.
func (r *recorder) expectedWarning(err error) bool {
	for _, e := range r.expected {
		if strings.Contains(err.Error(), e) {
			return true
		}
	}
	return false
}

// TestRootThroughLink: a root named through a symbolic link (under a
// folder that is a link, as /tmp is on some systems, or a link itself, as
// a site folder may be) is watched, and its changes reported under the
// name it was given.
func TestRootThroughLink(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		for _, link := range []string{"link/site", "site-link"} {
			base := t.TempDir()
			real := filepath.Join(base, "real")
			mkdir(t, filepath.Join(real, "site", "sub"))
			if err := os.Symlink(real, filepath.Join(base, "link")); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(real, "site"), filepath.Join(base, "site-link")); err != nil {
				t.Fatal(err)
			}
			root := filepath.Join(base, link)
			r := w.start(t, Options{Roots: []string{root}}, hooks{})
			m := r.mark()
			p := filepath.Join(root, "sub", "page.html")
			write(t, p, "x")
			r.waitFor(t, m, p)
			if seen := r.seen(m); seen[filepath.Join(real, "site", "sub", "page.html")] {
				t.Errorf("%s: reported under the link's target: %s", link, r.describe(m))
			}
			noWarnings(t, r)
		}
	})
}

// TestFileInHiddenFolderOfRoot: a file given on its own is reported even
// inside a folder a root's watches leave out, as a repository's HEAD and
// branch are when the root is the project itself (Eleventy's input
// folder "."); its neighbours there are not.
func TestFileInHiddenFolderOfRoot(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		root := t.TempDir()
		heads := filepath.Join(root, ".git", "refs", "heads")
		mkdir(t, heads)
		branch := filepath.Join(heads, "main")
		write(t, branch, "1\n")
		r := w.start(t, Options{Roots: []string{root}, Files: []string{branch}}, hooks{})

		// As git moves a branch: a lock file written, renamed over it.
		m := r.mark()
		lock := branch + ".lock"
		write(t, lock, "2\n")
		if err := os.Rename(lock, branch); err != nil {
			t.Fatal(err)
		}
		r.waitFor(t, m, branch)
		if seen := r.seen(m); seen[lock] {
			t.Errorf("reported %s: %s", lock, r.describe(m))
		}
		noWarnings(t, r)
	})
}
