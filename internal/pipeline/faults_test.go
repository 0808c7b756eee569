package pipeline

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator/plain"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// The faults a build meets while it reads the site: pages removed, replaced
// or changed under it, FIFOs where pages were. Run fails on those that
// could drop a page silently, writing nothing; a Session warns.

// snapshot returns every file in dir, hidden ones included, by name.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		m[e.Name()] = string(data)
	}
	return m
}

// unchangedOutput checks that dir holds what before says, byte for byte,
// and no temporary file.
func unchangedOutput(t *testing.T, dir string, before map[string]string) {
	t.Helper()
	after := snapshot(t, dir)
	for name := range after {
		if strings.HasPrefix(name, ".sitemapgen-") && strings.HasSuffix(name, ".tmp") {
			t.Errorf("temporary file %s left", name)
		}
	}
	if !maps.Equal(before, after) {
		t.Errorf("output changed:\nbefore %q\nafter  %q", slices.Sorted(maps.Keys(before)), slices.Sorted(maps.Keys(after)))
	}
}

// withHook sets *hook to call fn for the page at rel, for the test.
func withHook(t *testing.T, hook *func(string), rel string, fn func(full string)) {
	t.Helper()
	old := *hook
	t.Cleanup(func() { *hook = old })
	*hook = func(p string) {
		if filepath.ToSlash(p) == rel {
			fn(p)
		}
	}
}

// faultEvents collects a build's errors and warnings, concurrently safe
// (Report is called on Run's goroutine, but the hooks are not).
type faultEvents struct {
	mu            sync.Mutex
	errors, warns []string
}

func (ev *faultEvents) report() Report {
	add := func(to *[]string) func(string, error) {
		return func(path string, err error) {
			ev.mu.Lock()
			defer ev.mu.Unlock()
			*to = append(*to, path+": "+err.Error())
		}
	}
	return Report{Error: add(&ev.errors), Warn: add(&ev.warns)}
}

// A page removed, replaced or changed while it is read fails Run: each is
// reported to Report.Error, Run returns a *ReadError, and the sitemaps
// already in the output folder stay as they were. A Session warns and
// leaves the page out instead.
func TestRunChangedWhileRead(t *testing.T) {
	mtime := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		name   string
		before bool // the hook runs before the open, not after it
		change func(t *testing.T, full string)
		want   error
	}{
		{name: "removed before it is opened", before: true, want: ErrRemovedBeforeRead, change: func(t *testing.T, full string) {
			if err := os.Remove(full); err != nil {
				t.Error(err)
			}
		}},
		{name: "removed while read", want: ErrRemovedWhileRead, change: func(t *testing.T, full string) {
			if err := os.Remove(full); err != nil {
				t.Error(err)
			}
		}},
		{name: "replaced while read", want: ErrReplacedWhileRead, change: func(t *testing.T, full string) {
			tmp := full + ".new"
			if err := os.WriteFile(tmp, []byte("<title>new</title>"), 0o644); err != nil {
				t.Error(err)
			}
			if err := os.Chtimes(tmp, mtime, mtime); err != nil {
				t.Error(err)
			}
			if err := os.Rename(tmp, full); err != nil {
				t.Error(err)
			}
		}},
		{name: "replaced by a FIFO while read", want: ErrReplacedWhileRead, change: func(t *testing.T, full string) {
			if err := os.Remove(full); err != nil {
				t.Error(err)
			}
			if err := syscall.Mkfifo(full, 0o644); err != nil {
				t.Error(err)
			}
		}},
		{name: "written while read", want: ErrChangedWhileRead, change: func(t *testing.T, full string) {
			f, err := os.OpenFile(full, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Error(err)
				return
			}
			f.WriteString("<p>more</p>")
			f.Close()
			os.Chtimes(full, mtime, mtime) // the size alone tells
		}},
		{name: "touched while read", want: ErrChangedWhileRead, change: func(t *testing.T, full string) {
			later := mtime.Add(time.Hour)
			if err := os.Chtimes(full, later, later); err != nil {
				t.Error(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := site(t, "index.html", "a.html", "b/index.html", "c.html")
			out := t.TempDir()
			opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base}, Write: writer.Options{Dir: out}}
			if _, err := Run(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, out)
			hook := &testHookOpened
			if tc.before {
				hook = &testHookBeforeOpen
			}
			withHook(t, hook, "b/index.html", func(rel string) { tc.change(t, filepath.Join(root, rel)) })

			var ev faultEvents
			opts.Report = ev.report()
			res, err := Run(context.Background(), opts)
			var re *ReadError
			if !errors.As(err, &re) || re.Problems != 1 || err.Error() != "1 file or folder could not be read; nothing written" {
				t.Fatalf("Run: %v, want a *ReadError of 1 problem", err)
			}
			if want := []string{"b/index.html: cannot read the page: " + tc.want.Error()}; !slices.Equal(ev.errors, want) || res.Unread != 1 {
				t.Errorf("errors %q (Unread %d), want %q", ev.errors, res.Unread, want)
			}
			if len(ev.warns) != 0 || res.Write != nil {
				t.Errorf("warnings %q, written %v", ev.warns, res.Write)
			}
			unchangedOutput(t, out, before)
		})
	}
}

// In a Session (watch mode) the same problem is a warning: the page is
// left out, the rest written, and the change's own event reads it again.
func TestSessionChangedWhileRead(t *testing.T) {
	root := site(t, "index.html", "a.html", "b.html")
	withHook(t, &testHookOpened, "b.html", func(rel string) {
		if err := os.Remove(filepath.Join(root, rel)); err != nil {
			t.Error(err)
		}
	})
	var ev faultEvents
	_, res, err := Start(context.Background(), Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base}, Report: ev.report()})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"b.html: cannot read the page: " + ErrRemovedWhileRead.Error() + "; not listed"}
	if !slices.Equal(ev.warns, want) || len(ev.errors) != 0 || res.Skipped[mapping.Unreadable] != 1 {
		t.Errorf("warnings %q, errors %q, skipped %v; want the warning %q", ev.warns, ev.errors, res.Skipped, want)
	}
	if got := locs(res); !slices.Equal(got, []string{base, base + "a.html"}) {
		t.Errorf("locs %q", got)
	}
}

// A FIFO is never waited on: one named like a page is left out by the
// walk, one that takes a page's place after the walk is refused by the
// non-blocking open, and a source file that became one too. Nobody writes
// to these FIFOs: a blocking open would never return.
func TestRunFIFONoHang(t *testing.T) {
	root := site(t, "index.html", "a.html", "b.html")
	if err := syscall.Mkfifo(filepath.Join(root, "pipe.html"), 0o644); err != nil {
		t.Fatal(err)
	}
	withHook(t, &testHookBeforeOpen, "b.html", func(rel string) {
		full := filepath.Join(root, rel)
		if err := os.Remove(full); err != nil {
			t.Error(err)
		}
		if err := syscall.Mkfifo(full, 0o644); err != nil {
			t.Error(err)
		}
	})
	var ev faultEvents
	type result struct {
		res *Result
		err error
	}
	done := make(chan result, 1)
	go func() {
		res, err := Run(context.Background(), Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base},
			Write: writer.Options{DryRun: true}, Report: ev.report()})
		done <- result{res, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("Run still running after 20s: a FIFO blocked it")
	}
	if r.err != nil {
		t.Fatal(r.err)
	}
	want := []string{
		"b.html: cannot read the page: not a regular file; not listed",
		"pipe.html: not a regular file (a FIFO)",
	}
	if !slices.Equal(ev.warns, want) || len(ev.errors) != 0 {
		t.Errorf("warnings %q, errors %q; want the warnings %q", ev.warns, ev.errors, want)
	}
	if got := locs(r.res); !slices.Equal(got, []string{base, base + "a.html"}) {
		t.Errorf("locs %q", got)
	}

	fifo := filepath.Join(t.TempDir(), "post.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	errc := make(chan error, 1)
	go func() {
		_, _, err := (&builder{}).readSource(&Sources{Dir: filepath.Dir(fifo), Preset: plain.Preset{}}, nil, "post.md")
		errc <- err
	}()
	select {
	case err := <-errc:
		if !errors.Is(err, fsx.ErrNotRegular) || !strings.Contains(err.Error(), "not a regular file (a FIFO)") {
			t.Errorf("readSource of a FIFO: %v, want fsx.ErrNotRegular, a FIFO", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("readSource still reading a FIFO after 20s")
	}
}

// A page or folder that cannot be read for another reason than its mode
// fails Run. Root reads any file and lists any folder, so this runs as
// another user only; faults_test.go at the repository's root runs the
// command as nobody for root.
func TestRunUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any file and lists any folder; TestFaultsUnreadable covers this as nobody")
	}
	root := site(t, "index.html", "a.html", "locked/index.html", "secret.html")
	// Read bits for the group and others, none for the owner, who runs
	// the build: a web server may serve it, the build cannot read it.
	if err := os.Chmod(filepath.Join(root, "secret.html"), 0o044); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(root, "locked"), 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(root, "locked"), 0o755) })
	out := t.TempDir()
	var ev faultEvents
	_, err := Run(context.Background(), Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base},
		Write: writer.Options{Dir: out}, Report: ev.report()})
	var re *ReadError
	if !errors.As(err, &re) || re.Problems != 2 {
		t.Fatalf("Run: %v, want a *ReadError of 2 problems", err)
	}
	want := []string{"locked/: cannot list the folder: permission denied", "secret.html: cannot read the page: permission denied"}
	if !slices.Equal(ev.errors, want) {
		t.Errorf("errors %q, want %q", ev.errors, want)
	}
	unchangedOutput(t, out, map[string]string{})
}

// The writer's errors about its temporary files name the folder instead;
// the others are left as they are.
func TestWriteError(t *testing.T) {
	out := filepath.Join("site", "out")
	tmp := &os.PathError{Op: "write", Path: filepath.Join(out, ".sitemapgen-12-345.tmp"), Err: syscall.ENOSPC}
	err := writeError(out+"/", tmp)
	var d *diag.Diagnostic
	if !errors.As(err, &d) || d.File != out+"/" || !errors.Is(err, syscall.ENOSPC) || err.Error() != "site/out/: cannot write the sitemaps: no space left on device" {
		t.Errorf("write of a temporary file: %v", err)
	}
	for _, other := range []error{
		&os.PathError{Op: "mkdir", Path: out, Err: syscall.ENOTDIR},
		&os.PathError{Op: "open", Path: filepath.Join(out, "robots.txt"), Err: syscall.EROFS},
		&os.PathError{Op: "write", Path: filepath.Join("elsewhere", ".sitemapgen-12-345.tmp"), Err: syscall.ENOSPC},
		writer.ErrNoURLs,
	} {
		if got := writeError(out, other); got != other {
			t.Errorf("%v became %v", other, got)
		}
	}
}

// A run stopped (SIGINT) while a page's head is read ends with the
// context's error and writes nothing: the read stops within the page, and
// the walk having ended meanwhile does not make it a finished build. It
// used to read the head to its end (30 s for a tag of 100,000 attributes
// under a large head.max_bytes), then write the sitemaps and exit 0.
func TestRunStoppedWhileRead(t *testing.T) {
	root := t.TempDir()
	var b strings.Builder
	b.WriteString(`<head><meta name="description"`)
	for i := range 100_000 {
		fmt.Fprintf(&b, " a%d=x", i)
	}
	b.WriteString(`></head>`)
	if err := os.WriteFile(filepath.Join(root, "index.html"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	withHook(t, &testHookOpened, "index.html", func(string) { cancel() })
	opts := Options{Root: root, Heads: Heads{Read: true, Limit: 16 << 20}, Map: mapping.Options{BaseURL: base}, Write: writer.Options{Dir: out}}
	res, err := Run(ctx, opts)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v, want context.Canceled", err)
	}
	if res.Write != nil || len(snapshot(t, out)) != 0 {
		t.Errorf("written: %v, %v", res.Write, snapshot(t, out))
	}
}
