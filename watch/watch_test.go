package watch

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

// patience bounds every wait for a batch; the waits poll, and return as
// soon as the batch is there. It is a failure's bound, not a wait: 5
// seconds were passed once under load, with the machine's memory full
// (TestEveryChangeSeen/fanotify, beside a race run and CI's).
const patience = 30 * time.Second

// recorder collects what a Run hands over.
type recorder struct {
	mu      sync.Mutex
	batches []Batch
	warns   []error
	ping    chan struct{} // a batch or a warning came
	// covered: waitFor takes a folder reported for the paths under it.
	covered bool
	// expected are parts of the warnings the way watched in starts with.
	expected []string
	// hold, if set, is called with each batch before it is recorded.
	hold atomic.Pointer[func(Batch)]
}

func (r *recorder) fn(b Batch) {
	if h := r.hold.Load(); h != nil {
		(*h)(b)
	}
	r.mu.Lock()
	r.batches = append(r.batches, b)
	r.mu.Unlock()
	r.signal()
}

func (r *recorder) warn(err error) {
	r.mu.Lock()
	r.warns = append(r.warns, err)
	r.mu.Unlock()
	r.signal()
}

func (r *recorder) signal() {
	select {
	case r.ping <- struct{}{}:
	default:
	}
}

// mark returns the number of batches so far, for waitFor.
func (r *recorder) mark() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.batches)
}

// seen returns every path of the batches from the mark on.
func (r *recorder) seen(mark int) map[string]bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	seen := make(map[string]bool)
	for _, b := range r.batches[mark:] {
		for _, p := range b.Paths {
			seen[p] = true
		}
	}
	return seen
}

// waitFor waits until the batches from the mark on name every one of paths.
func (r *recorder) waitFor(t *testing.T, mark int, paths ...string) {
	t.Helper()
	deadline := time.After(patience)
	for {
		seen := r.seen(mark)
		var missing []string
		for _, p := range paths {
			if !seen[p] && !(r.covered && coveredBy(p, seen)) {
				missing = append(missing, p)
			}
		}
		if len(missing) == 0 {
			return
		}
		select {
		case <-r.ping:
		case <-deadline:
			if len(missing) > 10 {
				missing = append(missing[:10], "…")
			}
			t.Fatalf("after %v, missing %d paths: %q\nbatches: %s", patience, len(missing), missing, r.describe(mark))
		}
	}
}

// waitWarn waits for a warning whose text has every one of parts.
func (r *recorder) waitWarn(t *testing.T, parts ...string) error {
	t.Helper()
	deadline := time.After(patience)
	for {
		r.mu.Lock()
		warns := slices.Clone(r.warns)
		r.mu.Unlock()
		for _, err := range warns {
			if containsAll(err.Error(), parts...) {
				return err
			}
		}
		select {
		case <-r.ping:
		case <-deadline:
			t.Fatalf("no warning with %q; got %v", parts, warns)
		}
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

func (r *recorder) describe(mark int) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var b strings.Builder
	for i, batch := range r.batches[mark:] {
		if len(batch.Paths) > 12 {
			fmt.Fprintf(&b, "\n  %d: %d paths, from %q to %q", i, len(batch.Paths), batch.Paths[0], batch.Paths[len(batch.Paths)-1])
			continue
		}
		fmt.Fprintf(&b, "\n  %d: %q polling=%v", i, batch.Paths, batch.Polling)
	}
	return b.String()
}

// start runs run in the background until the test ends, and returns once its
// watches are set up, those added after Ready too. The test fails if run
// does not return soon after.
func start(t *testing.T, opts Options, h hooks) *recorder {
	t.Helper()
	r := &recorder{ping: make(chan struct{}, 1)}
	if opts.Warn == nil {
		opts.Warn = r.warn
	}
	if opts.Debounce == 0 {
		opts.Debounce = 50 * time.Millisecond
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan struct{})
	first := h.ready // the caller's: before the first event or turn
	h.ready = func() {
		if first != nil {
			first()
		}
	}
	watching := h.watching
	h.watching = func() {
		if watching != nil {
			watching()
		}
		close(ready)
	}
	done := make(chan error, 1)
	go func() { done <- run(ctx, opts, r.fn, h) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("run: %v", err)
			}
		case <-time.After(patience):
			t.Errorf("run did not return within %v of cancel", patience)
		}
	})
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("run: %v", err)
	case <-time.After(patience):
		t.Fatalf("run not ready after %v", patience)
	}
	return r
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mkdir(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(path, 0o755); err != nil {
		t.Fatal(err)
	}
}

func noWarnings(t *testing.T, r *recorder) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, err := range r.warns {
		if !r.expectedWarning(err) {
			t.Errorf("warning: %v", err)
		}
	}
}

// coveredBy reports whether a folder that holds p was reported.
func coveredBy(p string, seen map[string]bool) bool {
	for dir := filepath.Dir(p); dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
		if seen[dir] {
			return true
		}
	}
	return false
}

func TestCreateModifyRemove(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		root := t.TempDir()
		page := filepath.Join(root, "blog", "post.html")
		mkdir(t, filepath.Dir(page))
		r := w.start(t, Options{Roots: []string{root}}, hooks{})

		m := r.mark()
		write(t, page, "<p>one")
		r.waitFor(t, m, page)

		m = r.mark()
		write(t, page, "<p>two")
		r.waitFor(t, m, page)

		m = r.mark()
		if err := os.Remove(page); err != nil {
			t.Fatal(err)
		}
		r.waitFor(t, m, page)
		noWarnings(t, r)
	})
}

func TestBatchIsSortedAndPathsAreAbsolute(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		root := t.TempDir()
		r := w.start(t, Options{Roots: []string{root}}, hooks{})
		m := r.mark()
		names := []string{"c.html", "a.html", "b.html"}
		var want []string
		for _, n := range names {
			write(t, filepath.Join(root, n), n)
			want = append(want, filepath.Join(root, n))
		}
		r.waitFor(t, m, want...)
		r.mu.Lock()
		defer r.mu.Unlock()
		for _, b := range r.batches[m:] {
			if !slices.IsSorted(b.Paths) || len(slices.Compact(slices.Clone(b.Paths))) != len(b.Paths) {
				t.Errorf("batch not sorted or not unique: %q", b.Paths)
			}
			for _, p := range b.Paths {
				if !filepath.IsAbs(p) {
					t.Errorf("path %q is not absolute", p)
				}
			}
			if b.Polling != w.polling {
				t.Errorf("batch %q says polling=%v", b.Paths, b.Polling)
			}
		}
	})
}

// TestNewFoldersAndTheirFiles is the race of a folder created with files in
// it before its watch can be added: the walk of the new folder must find
// what its events missed.
func TestNewFoldersAndTheirFiles(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		root := t.TempDir()
		r := w.start(t, Options{Roots: []string{root}}, hooks{})
		m := r.mark()
		deep := filepath.Join(root, "a", "b", "c")
		mkdir(t, deep)
		want := []string{filepath.Join(root, "a")}
		for _, dir := range []string{filepath.Join(root, "a"), filepath.Join(root, "a", "b"), deep} {
			for i := range 3 {
				p := filepath.Join(dir, fmt.Sprintf("page%d.html", i))
				write(t, p, "x")
				want = append(want, p)
			}
		}
		r.waitFor(t, m, want...)

		// The new folders are watched: later changes in the deepest are seen.
		m = r.mark()
		late := filepath.Join(deep, "late.html")
		write(t, late, "x")
		r.waitFor(t, m, late)
		noWarnings(t, r)
	})
}

// TestFolderMovedIn moves in a tree made outside the root: none of its files
// has an event, so only the walk of the new folder can find them.
func TestFolderMovedIn(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		root := t.TempDir()
		staging := filepath.Join(t.TempDir(), "tree")
		var rels []string
		for _, rel := range []string{"index.html", "a/page.html", "a/b/page.html", "a/b/c/page.html"} {
			mkdir(t, filepath.Join(staging, filepath.Dir(rel)))
			write(t, filepath.Join(staging, rel), "x")
			rels = append(rels, rel)
		}
		r := w.start(t, Options{Roots: []string{root}}, hooks{})
		m := r.mark()
		moved := filepath.Join(root, "tree")
		if err := os.Rename(staging, moved); err != nil {
			t.Fatal(err)
		}
		want := []string{moved}
		for _, rel := range rels {
			want = append(want, filepath.Join(moved, rel))
		}
		r.waitFor(t, m, want...)

		m = r.mark()
		late := filepath.Join(moved, "a", "b", "c", "late.html")
		write(t, late, "x")
		r.waitFor(t, m, late)
	})
}

func TestRemoveFolder(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		root := t.TempDir()
		dir := filepath.Join(root, "docs")
		mkdir(t, filepath.Join(dir, "sub"))
		write(t, filepath.Join(dir, "sub", "page.html"), "x")
		r := w.start(t, Options{Roots: []string{root}}, hooks{})

		m := r.mark()
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		r.waitFor(t, m, dir)

		// The same folder made again is watched afresh.
		m = r.mark()
		mkdir(t, filepath.Join(dir, "sub"))
		again := filepath.Join(dir, "sub", "again.html")
		write(t, again, "x")
		r.waitFor(t, m, again)
		m = r.mark()
		write(t, again, "y")
		r.waitFor(t, m, again)
		noWarnings(t, r)
	})
}

func TestRenameFolderWithinRoot(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		root := t.TempDir()
		old := filepath.Join(root, "old")
		mkdir(t, filepath.Join(old, "sub"))
		write(t, filepath.Join(old, "sub", "page.html"), "x")
		r := w.start(t, Options{Roots: []string{root}}, hooks{})

		m := r.mark()
		renamed := filepath.Join(root, "new")
		if err := os.Rename(old, renamed); err != nil {
			t.Fatal(err)
		}
		r.waitFor(t, m, old, renamed, filepath.Join(renamed, "sub", "page.html"))

		// Changes under the moved folder come under its new name.
		m = r.mark()
		p := filepath.Join(renamed, "sub", "next.html")
		write(t, p, "x")
		r.waitFor(t, m, p)
		if seen := r.seen(m); seen[filepath.Join(old, "sub", "next.html")] {
			t.Errorf("change reported under the old folder name too: %s", r.describe(m))
		}
	})
}

// TestDroppedWatches drives the event loop by hand, to look at its set of
// folders and fsnotify's list of watches after folders are removed and
// moved away.
func TestDroppedWatches(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	for _, d := range []string{"gone/a/b", "moved/c/d", "kept/e"} {
		mkdir(t, filepath.Join(root, d))
	}
	w, err := newWatcher(Options{Roots: []string{root}, NoFanotify: true}, hooks{})
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan string, 1000)
	w.out = out
	ctx := t.Context()
	w.start(ctx)
	defer w.close()
	for len(w.later) > 0 { // the watches added after Ready
		w.watchLater(ctx)
	}
	if len(w.dirs) != 9 {
		t.Fatalf("watching %d folders, want 9: %v", len(w.dirs), slices.Sorted(maps.Keys(w.dirs)))
	}

	if err := os.RemoveAll(filepath.Join(root, "gone")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(root, "moved"), filepath.Join(outside, "moved")); err != nil {
		t.Fatal(err)
	}
	marker := filepath.Join(root, "kept", "e", "marker.html")
	write(t, marker, "x") // its event comes after those of the removal and the move

	deadline := time.After(patience)
	for done := false; !done; {
		select {
		case ev := <-w.events:
			w.handle(ctx, ev)
			done = ev.Name == marker
		case err := <-w.errs:
			t.Fatal(err)
		case <-deadline:
			t.Fatal("no event for the marker file")
		}
	}
	for len(out) > 0 {
		<-out
	}

	want := []string{root, filepath.Join(root, "kept"), filepath.Join(root, "kept", "e")}
	if got := slices.Sorted(maps.Keys(w.dirs)); !slices.Equal(got, want) {
		t.Errorf("folder set = %q, want %q", got, want)
	}
	for _, p := range w.fsw.WatchList() {
		if within(p, filepath.Join(root, "gone")) || within(p, filepath.Join(root, "moved")) {
			t.Errorf("fsnotify still watches %s", p)
		}
	}
	for dir := range w.dirs {
		if !exists(dir) {
			t.Errorf("%s is in the set but gone", dir)
		}
	}
}

// TestEditorSaveByRename saves sitemap.yaml the way Vim does with
// backupcopy=no: write a swap file, rename it over the original.
func TestEditorSaveByRename(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		project := t.TempDir()
		root := filepath.Join(project, "public")
		mkdir(t, root)
		config := filepath.Join(project, "sitemap.yaml")
		write(t, config, "base_url: https://a.example\n")
		r := w.start(t, Options{Roots: []string{root}, Files: []string{config}}, hooks{})

		m := r.mark()
		other := filepath.Join(project, "README.md") // beside the file, not watched
		write(t, other, "x")
		swap := filepath.Join(project, ".sitemap.yaml.swp")
		write(t, swap, "base_url: https://b.example\n")
		if err := os.Rename(swap, config); err != nil {
			t.Fatal(err)
		}
		r.waitFor(t, m, config)
		seen := r.seen(m)
		for _, p := range []string{swap, other, project} {
			if seen[p] {
				t.Errorf("reported %s: %s", p, r.describe(m))
			}
		}

		// Saved again, after its watch would have been lost had the file
		// itself been watched.
		m = r.mark()
		write(t, swap, "base_url: https://c.example\n")
		if err := os.Rename(swap, config); err != nil {
			t.Fatal(err)
		}
		r.waitFor(t, m, config)
		noWarnings(t, r)
	})
}

func TestFileCreatedLater(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		project := t.TempDir()
		config := filepath.Join(project, "sitemap.yaml")
		r := w.start(t, Options{Files: []string{config}}, hooks{})
		m := r.mark()
		write(t, config, "x")
		r.waitFor(t, m, config)
	})
}

// TestFileInFolderCreatedLater watches a file whose folder is not there
// yet, as Astro's src/content/config.ts in a project without content
// collections: watching starts, and the file is reported once its folder
// and the file are made.
func TestFileInFolderCreatedLater(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		project := t.TempDir()
		config := filepath.Join(project, "src", "content", "config.ts")
		r := w.start(t, Options{Files: []string{config}}, hooks{})
		m := r.mark()
		mkdir(t, filepath.Join(project, "src", "content"))
		write(t, config, "x")
		r.waitFor(t, m, config)
		noWarnings(t, r)
	})
}

func TestIgnoredNeverReported(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		root := t.TempDir()
		mkdir(t, filepath.Join(root, ".git"))
		own := filepath.Join(root, "sitemap.xml")
		r := w.start(t, Options{
			Roots:  []string{root},
			Ignore: func(p string) bool { return p == own || filepath.Base(p) == "output" },
		}, hooks{})

		m := r.mark()
		var noise []string
		for _, name := range []string{
			"page.html~", ".page.html.swp", ".page.html.swx", ".#page.html", "#page.html#",
			"4913", "page.tmp", ".sitemapgen-123-456.tmp", ".hidden.html",
			".git/config", ".git/HEAD", "sitemap.xml",
		} {
			p := filepath.Join(root, name)
			write(t, p, "x")
			noise = append(noise, p)
		}
		mkdir(t, filepath.Join(root, ".cache", "deep"))
		write(t, filepath.Join(root, ".cache", "deep", "page.html"), "x")
		noise = append(noise, filepath.Join(root, ".cache"), filepath.Join(root, ".cache", "deep", "page.html"))
		mkdir(t, filepath.Join(root, "output"))
		write(t, filepath.Join(root, "output", "page.html"), "x")
		noise = append(noise, filepath.Join(root, "output"), filepath.Join(root, "output", "page.html"))

		// The events of one inotify queue come in order: once the last file
		// is reported, every earlier event has been handled.
		last := filepath.Join(root, "last.html")
		write(t, last, "x")
		r.waitFor(t, m, last)
		seen := r.seen(m)
		for _, p := range noise {
			if seen[p] {
				t.Errorf("reported %s", p)
			}
		}
		if t.Failed() {
			t.Log(r.describe(m))
		}
		noWarnings(t, r)
	})
}

// TestAttributesReported: a touch and a chmod change no bytes, but a page's modification time and permissions are what a build
// reads, so each is reported.
func TestAttributesReported(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		root := t.TempDir()
		touched, chmodded := filepath.Join(root, "touched.html"), filepath.Join(root, "chmodded.html")
		for _, p := range []string{touched, chmodded} {
			write(t, p, "x")
		}
		r := w.start(t, Options{Roots: []string{root}}, hooks{})
		for _, tc := range []struct {
			path   string
			change func() error
		}{
			{touched, func() error {
				when := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
				return os.Chtimes(touched, when, when)
			}},
			{chmodded, func() error { return os.Chmod(chmodded, 0) }},
		} {
			m := r.mark()
			if err := tc.change(); err != nil {
				t.Fatal(err)
			}
			r.waitFor(t, m, tc.path)
		}
		noWarnings(t, r)
	})
}

// TestBurstIsFewBatches: a burst of 2,000 writes is handed over in few
// batches, not one a file. The clock does not bound the burst: on a
// loaded machine the writing may pause for longer than the debounce or
// outlast MaxWait, each of which ends a batch (debounce_test checks those
// rules on a fake clock). So the callback holds the batch of a first page
// while the burst is written: what comes meanwhile joins one pending
// batch, the debouncer's rule for a receiver not ready. It is let go once
// the watcher hands over the path written after the burst (Ignore is
// asked of it just before); the burst's paths still on their way to the
// debouncer then make one batch more at most.
func TestBurstIsFewBatches(t *testing.T) {
	root := t.TempDir()
	first, after := filepath.Join(root, "first.html"), filepath.Join(root, "after.html")
	var sawFirst, sawAfter sync.Once
	entered, handed := make(chan struct{}), make(chan struct{})
	release := make(chan struct{})
	opts := Options{Roots: []string{root}, Debounce: time.Second, Ignore: func(p string) bool {
		if p == after {
			sawAfter.Do(func() { close(handed) })
		}
		return false
	}}
	r := start(t, opts, hooks{})
	held := func(b Batch) {
		if slices.Contains(b.Paths, first) {
			sawFirst.Do(func() { close(entered) })
			<-release
		}
	}
	r.hold.Store(&held)
	write(t, first, "x")
	select {
	case <-entered:
	case <-time.After(patience):
		t.Fatal("the first page's batch not handed over")
	}
	m := r.mark()
	var want []string
	for i := range 2000 {
		p := filepath.Join(root, fmt.Sprintf("page-%04d.html", i))
		write(t, p, "x")
		want = append(want, p)
	}
	write(t, after, "x")
	select {
	case <-handed:
	case <-time.After(patience):
		t.Fatal("the page written after the burst not handed over")
	}
	close(release)
	r.waitFor(t, m, want...)
	n := 0
	r.mu.Lock()
	for _, b := range r.batches[m:] {
		if slices.ContainsFunc(b.Paths, func(p string) bool { return strings.HasPrefix(filepath.Base(p), "page-") }) {
			n++
		}
	}
	r.mu.Unlock()
	if n > 2 {
		t.Errorf("2,000 writes made %d batches, want at most 2:%s", n, r.describe(m))
	}
	noWarnings(t, r)
}

func TestCallbackNeverConcurrent(t *testing.T) {
	root := t.TempDir()
	var inside, overlaps atomic.Int32
	release := make(chan struct{})
	entered := make(chan struct{}, 100)
	r := &recorder{ping: make(chan struct{}, 1)}
	fn := func(b Batch) {
		if inside.Add(1) > 1 {
			overlaps.Add(1)
		}
		defer inside.Add(-1)
		entered <- struct{}{}
		<-release
		r.fn(b)
	}
	ctx, cancel := context.WithCancel(t.Context())
	ready := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, Options{Roots: []string{root}, Debounce: 20 * time.Millisecond}, fn, hooks{ready: func() { close(ready) }})
	}()
	<-ready

	first := filepath.Join(root, "first.html")
	write(t, first, "x")
	select {
	case <-entered:
	case <-time.After(patience):
		t.Fatal("callback not called")
	}
	var during []string
	for i := range 20 {
		p := filepath.Join(root, fmt.Sprintf("during-%d.html", i))
		write(t, p, "x")
		during = append(during, p)
	}
	close(release) // from now on the callback returns at once
	r.waitFor(t, 0, append(during, first)...)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := overlaps.Load(); n > 0 {
		t.Errorf("callback ran concurrently with itself %d times", n)
	}
	if r.mark() < 2 {
		t.Errorf("want the changes made during the first call in a later batch:%s", r.describe(0))
	}
}

func TestRootMustExist(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope")
	file := filepath.Join(t.TempDir(), "file")
	write(t, file, "x")
	for _, tc := range []struct {
		name string
		opts Options
		is   error
	}{
		{name: "missing root", opts: Options{Roots: []string{missing}}, is: os.ErrNotExist},
		{name: "root is a file", opts: Options{Roots: []string{file}}},
		{name: "file under a file", opts: Options{Files: []string{filepath.Join(file, "sitemap.yaml")}}},
		{name: "nothing", opts: Options{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), patience)
			defer cancel()
			err := Run(ctx, tc.opts, func(Batch) { t.Error("callback called") })
			if err == nil {
				t.Fatal("Run = nil, want an error")
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("Run = %v, want errors.Is %v", err, tc.is)
			}
		})
	}
}

func TestRootRemovedAndBack(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		root := filepath.Join(t.TempDir(), "public")
		mkdir(t, root)
		r := w.start(t, Options{Roots: []string{root}}, hooks{})
		m := r.mark()
		if err := os.RemoveAll(root); err != nil {
			t.Fatal(err)
		}
		r.waitFor(t, m, root)
		if err := r.waitWarn(t, root, "removed"); !errors.Is(err, ErrRootGone) {
			t.Errorf("the warning %q is not ErrRootGone", err)
		}

		m = r.mark()
		mkdir(t, filepath.Join(root, "sub"))
		p := filepath.Join(root, "sub", "page.html")
		write(t, p, "x")
		r.waitFor(t, m, root, p)
		m = r.mark()
		write(t, p, "y")
		r.waitFor(t, m, p)
	})
}

func TestOverflowRewalksRoots(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		root := t.TempDir()
		config := filepath.Join(t.TempDir(), "sitemap.yaml")
		errs := make(chan error)
		r := w.start(t, Options{Roots: []string{root}, Files: []string{config}}, hooks{errs: errs})
		m := r.mark()
		errs <- fmt.Errorf("read: %w", fsnotify.ErrEventOverflow)
		r.waitFor(t, m, root, config)

		// Watching goes on.
		m = r.mark()
		p := filepath.Join(root, "after.html")
		write(t, p, "x")
		r.waitFor(t, m, p)
	})
}

func TestPollingFallbackAtStart(t *testing.T) {
	root := t.TempDir()
	config := filepath.Join(t.TempDir(), "sitemap.yaml")
	changed := filepath.Join(root, "changed.html")
	stable := filepath.Join(root, "stable.html")
	write(t, stable, "x")
	removed := filepath.Join(root, "sub", "removed.html")
	mkdir(t, filepath.Dir(removed))
	write(t, changed, "x")
	write(t, removed, "x")
	r := start(t, Options{Roots: []string{root}, Files: []string{config}, Poll: 20 * time.Millisecond, NoFanotify: true}, hooks{add: enospc})
	// The scan's first look at a folder (scanLater) reports the folder
	// when it gained or lost an entry since the start: it stands for its
	// files.
	r.covered = true

	warning := r.waitWarn(t, "the system's limit of watched folders is reached", "when the scan's first pass has counted the folders")
	if !errors.Is(warning, syscall.ENOSPC) {
		t.Errorf("warning %v does not wrap ENOSPC", warning)
	}
	// Once the first pass has listed the tree (the root and sub), the
	// number to raise the limit to, with the command.
	count := r.waitWarn(t, "the tree has 2 folders, 0 of them watched", "raise it to 524288")
	if runtime.GOOS == "linux" && !containsAll(count.Error(), "sysctl fs.inotify.max_user_watches=524288", "/etc/sysctl.d/") {
		t.Errorf("warning does not say how to raise the setting and keep it: %v", count)
	}
	if !errors.Is(count, syscall.ENOSPC) {
		t.Errorf("warning %v does not wrap ENOSPC", count)
	}

	m := r.mark()
	added := filepath.Join(root, "new", "added.html")
	mkdir(t, filepath.Dir(added))
	write(t, added, "x")
	write(t, changed, "longer")
	if err := os.Remove(removed); err != nil {
		t.Fatal(err)
	}
	write(t, config, "x")
	write(t, filepath.Join(root, "noise.html~"), "x")
	mkdir(t, filepath.Join(root, ".git"))
	write(t, filepath.Join(root, ".git", "HEAD"), "x")
	r.waitFor(t, m, filepath.Dir(added), changed, removed, config) // a new folder is walked again

	r.mu.Lock()
	for _, b := range r.batches[m:] {
		if !b.Polling {
			t.Errorf("batch %q does not say polling", b.Paths)
		}
		for _, p := range b.Paths {
			if strings.HasSuffix(p, "~") || strings.Contains(p, ".git") {
				t.Errorf("reported %s", p)
			}
		}
	}
	if n := len(r.warns); n != 2 {
		t.Errorf("%d warnings, want two (the limit, the count): %v", n, r.warns)
	}
	r.mu.Unlock()

	// A file nobody touched is never reported.
	m = r.mark()
	last := filepath.Join(root, "last.html")
	write(t, last, "x")
	r.waitFor(t, m, last)
	if seen := r.seen(0); seen[stable] {
		t.Errorf("reported %s, which did not change:%s", stable, r.describe(0))
	}
}

func TestPollingFallbackWhileRunning(t *testing.T) {
	root := t.TempDir()
	limitAt := filepath.Join(root, "huge")
	add := func(dir string) error {
		if within(dir, limitAt) {
			return fmt.Errorf("add: %w", syscall.ENOSPC)
		}
		return nil
	}
	r := start(t, Options{Roots: []string{root}, Poll: 20 * time.Millisecond, NoFanotify: true}, hooks{add: add})
	m := r.mark()
	mkdir(t, filepath.Join(limitAt, "deeper"))
	r.waitWarn(t, "max_user_watches")
	r.waitFor(t, m, limitAt) // the new folder, walked again; its folders scanned from now on

	m = r.mark()
	p := filepath.Join(limitAt, "deeper", "page.html")
	write(t, p, "x")
	r.waitFor(t, m, p)
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, b := range r.batches[m:] {
		if slices.Contains(b.Paths, p) && !b.Polling {
			t.Errorf("batch %q does not say polling", b.Paths)
		}
	}
}

// TestNoLeak checks that once Run returns, none of its goroutines, nor
// fsnotify's, is left.
func TestNoLeak(t *testing.T) {
	for _, poll := range []bool{false, true} {
		t.Run(fmt.Sprintf("polling=%v", poll), func(t *testing.T) {
			root := t.TempDir()
			var h hooks
			if poll {
				h.add = func(string) error { return syscall.ENOSPC }
			}
			ready := make(chan struct{})
			h.ready = func() { close(ready) }
			ctx, cancel := context.WithCancel(t.Context())
			done := make(chan error, 1)
			go func() {
				done <- run(ctx, Options{Roots: []string{root}, Poll: 10 * time.Millisecond, NoFanotify: true}, func(Batch) {}, h)
			}()
			<-ready
			write(t, filepath.Join(root, "page.html"), "x") // something in flight
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(patience):
				t.Fatalf("Run did not return within %v of cancel", patience)
			}
			deadline := time.Now().Add(patience)
			for {
				left := ours()
				if len(left) == 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("goroutines left after Run returned:\n%s", strings.Join(left, "\n\n"))
				}
				runtime.Gosched()
				time.Sleep(time.Millisecond)
			}
		})
	}
}

// ours returns the stacks of goroutines running code of this package (other
// than tests) or of fsnotify.
func ours() []string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	var left []string
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "fsnotify.(*inotify).readEvents") ||
			strings.Contains(g, "watch.debouncer.run") ||
			strings.Contains(g, "watch.run") ||
			strings.Contains(g, "watch.(*watcher)") ||
			strings.Contains(g, "watch.(*fanWatch)") {
			left = append(left, g)
		}
	}
	return left
}
