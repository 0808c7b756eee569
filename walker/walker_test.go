package walker

import (
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/bmatcuk/doublestar/v4"
)

// tree makes files (and folders, for names ending in "/") under a new
// temporary root.
func tree(t *testing.T, paths ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, p := range paths {
		full := filepath.Join(root, filepath.FromSlash(p))
		if p[len(p)-1] == '/' {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("<html>"+p), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

type result struct {
	files   []string
	warns   []string
	ignored []string
}

func collect(t *testing.T, root string, opts Options) result {
	t.Helper()
	return collectWith(t, opts, "Walk", nil, func(opts Options, fn func(File) error) error {
		return Walk(context.Background(), root, opts, fn)
	})
}

// collectWith runs walk with opts, collecting the files, warnings and
// ignored candidates, sorted (a walk promises no order); check, if not
// nil, looks at each file.
func collectWith(t *testing.T, opts Options, name string, check func(File), walk func(Options, func(File) error) error) result {
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
	err := walk(opts, func(f File) error {
		mu.Lock()
		defer mu.Unlock()
		r.files = append(r.files, f.Path)
		if check != nil {
			check(f)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	slices.Sort(r.files)
	slices.Sort(r.warns)
	slices.Sort(r.ignored)
	return r
}

func TestWalkDefaults(t *testing.T) {
	root := tree(t,
		"index.html", "a.html", "a/index.html", "a/b/c.htm", "b.HTML", "style.css", "img/x.png",
		"feed.xml", "doc.pdf", "z/index.html",
		".git/config", ".git/x.html", ".hidden.html", "a/.DS_Store", ".well-known/x.html",
		"empty/",
	)
	got := collect(t, root, Options{})
	want := []string{"a.html", "a/b/c.htm", "a/index.html", "index.html", "z/index.html"}
	if !slices.Equal(got.files, want) {
		t.Errorf("files = %q, want %q", got.files, want)
	}
	if len(got.warns) != 0 {
		t.Errorf("warnings: %q", got.warns)
	}
}

func TestWalkIncludeExclude(t *testing.T) {
	root := tree(t, "index.html", "doc.pdf", "docs/a.pdf", "drafts/x.html", "drafts/y/z.html", "blog/draft-1.html", "blog/post.html", "private/index.html")
	tests := []struct {
		name             string
		include, exclude []string
		want             []string
	}{
		{"pdf added", []string{"**/*.html", "**/*.pdf"}, nil, []string{"blog/draft-1.html", "blog/post.html", "doc.pdf", "docs/a.pdf", "drafts/x.html", "drafts/y/z.html", "index.html", "private/index.html"}},
		{"exclude folder glob", nil, []string{"drafts/**"}, []string{"blog/draft-1.html", "blog/post.html", "index.html", "private/index.html"}},
		{"exclude folder by name", nil, []string{"private", "drafts"}, []string{"blog/draft-1.html", "blog/post.html", "index.html"}},
		{"exclude files", nil, []string{"**/draft-*.html"}, []string{"blog/post.html", "drafts/x.html", "drafts/y/z.html", "index.html", "private/index.html"}},
		{"top level only", []string{"*.html"}, nil, []string{"index.html"}},
		{"alternatives", []string{"{blog,docs}/*.{html,pdf}"}, nil, []string{"blog/draft-1.html", "blog/post.html", "docs/a.pdf"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := collect(t, root, Options{Include: tt.include, Exclude: tt.exclude})
			if !slices.Equal(got.files, tt.want) {
				t.Errorf("files = %q, want %q", got.files, tt.want)
			}
		})
	}
}

// withHooks sets the walk's test hooks for the test.
func withHooks(t *testing.T, folder func(rel string) error, entry func(rel string)) {
	t.Helper()
	t.Cleanup(func() { testHookFolder, testHookEntry = nil, nil })
	testHookFolder, testHookEntry = folder, entry
}

func TestWalkPrunesExcludedFolders(t *testing.T) {
	root := tree(t, "index.html", "node_modules/x/index.html", "node_modules/y/z.html")
	var mu sync.Mutex
	var listed []string
	withHooks(t, func(rel string) error {
		mu.Lock()
		listed = append(listed, rel)
		mu.Unlock()
		return nil
	}, nil)
	got := collect(t, root, Options{Exclude: []string{"node_modules/**"}})
	if !slices.Equal(got.files, []string{"index.html"}) {
		t.Errorf("files = %q", got.files)
	}
	if !slices.Equal(listed, []string{""}) {
		t.Errorf("folders listed: %q, want the root only", listed)
	}
}

// A folder that cannot be listed, even one that fails half way through
// the walk, is reported as an *IOError; the walk goes on. (Root lists any
// folder, so a hook makes the error where the folder is opened.)
func TestWalkUnreadableFolder(t *testing.T) {
	root := tree(t, "a/index.html", "b/index.html", "c/index.html")
	withHooks(t, func(rel string) error {
		if rel == "b" {
			return syscall.EACCES
		}
		return nil
	}, nil)
	var ioErrs atomic.Int32
	got := collect(t, root, Options{})
	if !slices.Equal(got.files, []string{"a/index.html", "c/index.html"}) {
		t.Errorf("files = %q", got.files)
	}
	if want := []string{"b/: cannot list the folder: permission denied"}; !slices.Equal(got.warns, want) {
		t.Errorf("warnings = %q, want %q", got.warns, want)
	}
	err := Walk(context.Background(), root, Options{Warn: func(path string, err error) {
		var ioe *IOError
		if errors.As(err, &ioe) && errors.Is(err, syscall.EACCES) && path == "b/" {
			ioErrs.Add(1)
		}
	}}, func(File) error { return nil })
	if err != nil || ioErrs.Load() != 1 {
		t.Errorf("Walk: %v; %d *IOError for b/, want 1", err, ioErrs.Load())
	}
}

// An entry gone between its folder's listing and its stat is an *IOError:
// the walk cannot tell what the site holds. (The hook removes the file
// right after the walk listed it.)
func TestWalkVanishedFile(t *testing.T) {
	root := tree(t, "a.html", "b.html", "c.html")
	withHooks(t, nil, func(rel string) {
		if rel == "b.html" {
			if err := os.Remove(filepath.Join(root, rel)); err != nil {
				t.Error(err)
			}
		}
	})
	var mu sync.Mutex
	var ioErrs []string
	got := collectWith(t, Options{}, "Walk", nil, func(opts Options, fn func(File) error) error {
		warn := opts.Warn
		opts.Warn = func(path string, err error) {
			var ioe *IOError
			if errors.As(err, &ioe) && errors.Is(err, fs.ErrNotExist) {
				mu.Lock()
				ioErrs = append(ioErrs, path)
				mu.Unlock()
			}
			warn(path, err)
		}
		return Walk(context.Background(), root, opts, fn)
	})
	if !slices.Equal(got.files, []string{"a.html", "c.html"}) {
		t.Errorf("files = %q", got.files)
	}
	if want := []string{"b.html: cannot stat the file: no such file or directory"}; !slices.Equal(got.warns, want) || !slices.Equal(ioErrs, []string{"b.html"}) {
		t.Errorf("warnings = %q (as *IOError: %q), want %q", got.warns, ioErrs, want)
	}
}

// The policy's problems are never an *IOError: a caller that fails on I/O
// errors still skips them.
func TestWalkPolicyIsNotIOError(t *testing.T) {
	for _, err := range []error{ErrNotRegular, ErrOutsideRoot, ErrSymlinkLoop, ErrDanglingSymlnk, ErrNoReadBits, ErrNotInRoot, ErrFolderLinkNotFollowed} {
		var ioe *IOError
		if errors.As(err, &ioe) {
			t.Errorf("%v is an *IOError", err)
		}
	}
	var ioe *IOError
	if err := error(ioError("list the folder", &fs.PathError{Op: "open", Path: "/x", Err: syscall.EIO})); !errors.As(err, &ioe) || !errors.Is(err, syscall.EIO) || err.Error() != "cannot list the folder: input/output error" {
		t.Errorf("ioError: %v", err)
	}
}

// A file whose mode lets nobody read it cannot be served, even when the
// walk runs as root and could read it. (A folder needs only its search
// bit for a server to serve the files in it, so its read bits decide
// nothing.)
func TestWalkNoReadBits(t *testing.T) {
	root := tree(t, "a.html", "b.html", "c/index.html")
	if err := os.Chmod(filepath.Join(root, "b.html"), 0o200); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(root, "c"), 0o311); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(filepath.Join(root, "c"), 0o755)
	got := collect(t, root, Options{})
	want := []string{"a.html"}
	if os.Geteuid() == 0 {
		want = append(want, "c/index.html") // root lists c; others cannot
	}
	if !slices.Equal(got.files, want) {
		t.Errorf("files = %q, want %q", got.files, want)
	}
	if len(got.warns) == 0 || got.warns[0] != "b.html: "+ErrNoReadBits.Error()+" (mode --w-------)" {
		t.Errorf("warnings = %q", got.warns)
	}
}

func TestWalkSymlinks(t *testing.T) {
	outside := tree(t, "secret.html", "dir/index.html")
	root := tree(t, "index.html", "real/page.html", "real/sub/index.html")
	link := func(target, name string) {
		t.Helper()
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	link("real/page.html", "alias.html")
	link("real", "mirror")
	link("..", "real/sub/up")                                // loop: back to real
	link(filepath.Join(outside, "secret.html"), "leak.html") // outside the root
	link(filepath.Join(outside, "dir"), "leakdir")
	link("missing.html", "dangling.html")
	link("self.html", "self.html") // resolves to itself
	link("knot", "knot")
	// Absolute links to the root's own pages and folders, a relative link
	// through one, and one whose path climbs out of the root and back:
	// not followed, as the one door (package fsx) follows none of them.
	link(filepath.Join(root, "real/page.html"), "absolute.html")
	link(filepath.Join(root, "real"), "absdir")
	link("absdir/page.html", "through.html")
	link(filepath.Join("..", filepath.Base(root), "index.html"), "climbs.html")

	t.Run("not followed", func(t *testing.T) {
		got := collect(t, root, Options{})
		want := []string{"index.html", "real/page.html", "real/sub/index.html"}
		if !slices.Equal(got.files, want) {
			t.Errorf("files = %q, want %q", got.files, want)
		}
		// Links that look like pages are reported as left out.
		if want := []string{"absolute.html", "alias.html", "climbs.html", "dangling.html", "leak.html", "self.html", "through.html"}; !slices.Equal(got.ignored, want) {
			t.Errorf("ignored = %q, want %q", got.ignored, want)
		}
		// Links to folders hide the pages under them: a warning each.
		wantWarns := []string{
			"absdir: " + ErrFolderLinkNotFollowed.Error(),
			"knot: " + ErrSymlinkLoop.Error(),
			"leakdir: " + ErrFolderLinkNotFollowed.Error(),
			"mirror: " + ErrFolderLinkNotFollowed.Error(),
			"real/sub/up: " + ErrFolderLinkNotFollowed.Error(),
		}
		if !slices.Equal(got.warns, wantWarns) {
			t.Errorf("warnings =\n%q\nwant\n%q", got.warns, wantWarns)
		}
	})
	t.Run("followed", func(t *testing.T) {
		got := collect(t, root, Options{FollowSymlinks: true})
		want := []string{"alias.html", "index.html", "mirror/page.html", "mirror/sub/index.html", "real/page.html", "real/sub/index.html"}
		if !slices.Equal(got.files, want) {
			t.Errorf("files = %q, want %q", got.files, want)
		}
		wantWarns := []string{
			"absdir: " + ErrAbsoluteSymlink.Error(),
			"absolute.html: " + ErrAbsoluteSymlink.Error(),
			"climbs.html: " + ErrOutsideRoot.Error(),
			"through.html: " + ErrAbsoluteSymlink.Error(),
			"dangling.html: " + ErrDanglingSymlnk.Error(),
			"knot: " + ErrSymlinkLoop.Error(),
			"self.html: " + ErrSymlinkLoop.Error(),
			"leak.html: " + ErrOutsideRoot.Error(),
			"leakdir: " + ErrOutsideRoot.Error(),
			"mirror/sub/up: " + ErrSymlinkLoop.Error(),
			"real/sub/up: " + ErrSymlinkLoop.Error(),
		}
		slices.Sort(wantWarns)
		if !slices.Equal(got.warns, wantWarns) {
			t.Errorf("warnings =\n%q\nwant\n%q", got.warns, wantWarns)
		}
		if !strings.Contains(ErrAbsoluteSymlink.Error(), "an absolute symbolic link: not followed; make it relative") {
			t.Errorf("ErrAbsoluteSymlink says %q", ErrAbsoluteSymlink)
		}
		// Why and WalkPaths say the same of them.
		for _, rel := range []string{"absolute.html", "absdir/page.html", "through.html"} {
			if err := Why(root, rel, Options{FollowSymlinks: true}); !errors.Is(err, ErrAbsoluteSymlink) {
				t.Errorf("Why(%s) = %v, want %v", rel, err, ErrAbsoluteSymlink)
			}
		}
		var paths []string
		err := WalkPaths(context.Background(), root, []string{"absolute.html", "absdir/page.html", "through.html", "climbs.html"}, Options{FollowSymlinks: true}, func(f File) error {
			paths = append(paths, f.Path)
			return nil
		})
		if err != nil || len(paths) > 0 {
			t.Errorf("WalkPaths listed %q, %v; want none", paths, err)
		}
	})
}

func TestWalkSymlinkedRoot(t *testing.T) {
	site := tree(t, "index.html", "a/index.html")
	root := filepath.Join(t.TempDir(), "public")
	if err := os.Symlink(site, root); err != nil {
		t.Fatal(err)
	}
	for _, follow := range []bool{false, true} {
		got := collect(t, root, Options{FollowSymlinks: follow})
		if !slices.Equal(got.files, []string{"a/index.html", "index.html"}) || len(got.warns) != 0 {
			t.Errorf("follow=%v: files = %q, warnings = %q", follow, got.files, got.warns)
		}
	}
}

func TestWalkSpecialFiles(t *testing.T) {
	root := tree(t, "index.html")
	if err := syscall.Mkfifo(filepath.Join(root, "pipe.html"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "pipe.txt"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := collect(t, root, Options{})
	if !slices.Equal(got.files, []string{"index.html"}) {
		t.Errorf("files = %q", got.files)
	}
	// Only the FIFO that looks like a page is worth a warning.
	if want := []string{"pipe.html: not a regular file (a FIFO)"}; !slices.Equal(got.warns, want) {
		t.Errorf("warnings = %q, want %q", got.warns, want)
	}
}

func TestWalkFileInfo(t *testing.T) {
	root := tree(t, "index.html")
	mtime := time.Date(2023, 3, 4, 5, 6, 7, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(root, "index.html"), mtime, mtime); err != nil {
		t.Fatal(err)
	}
	var got []File
	if err := Walk(context.Background(), root, Options{}, func(f File) error { got = append(got, f); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Size != int64(len("<html>index.html")) || !got[0].ModTime.Equal(mtime) {
		t.Errorf("got %+v", got)
	}
}

func TestWalkErrors(t *testing.T) {
	root := tree(t, "a.html", "b.html")
	noop := func(File) error { return nil }
	if err := Walk(context.Background(), filepath.Join(root, "missing"), Options{}, noop); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing root: %v", err)
	}
	if err := Walk(context.Background(), filepath.Join(root, "a.html"), Options{}, noop); err == nil {
		t.Error("root is a file: no error")
	}
	if err := Walk(context.Background(), root, Options{Include: []string{"[a-"}}, noop); err == nil {
		t.Error("invalid include: no error")
	}
	if err := Walk(context.Background(), root, Options{Exclude: []string{"{a,b"}}, noop); err == nil {
		t.Error("invalid exclude: no error")
	}
	stop := errors.New("stop")
	err := Walk(context.Background(), root, Options{}, func(File) error { return stop })
	if err != stop {
		t.Errorf("callback error: got %v", err)
	}
	// The callback's error, in a folder below the root, is no problem of
	// that folder to warn about.
	nested := tree(t, "a/b.html", "c/d/e.html")
	var warned atomic.Bool
	err = Walk(context.Background(), nested, Options{Warn: func(string, error) { warned.Store(true) }}, func(File) error { return stop })
	if err != stop || warned.Load() {
		t.Errorf("callback error in a folder: got %v, warned %v", err, warned.Load())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Walk(ctx, root, Options{}, noop); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestWalkNoStat(t *testing.T) {
	root := tree(t, "a.html", "b/index.html")
	var mu sync.Mutex
	var got []File
	if err := Walk(context.Background(), root, Options{NoStat: true}, func(f File) error {
		mu.Lock()
		defer mu.Unlock()
		if f.Dir == nil {
			t.Errorf("%s: no Dir", f.Path)
		}
		f.Dir = nil
		got = append(got, f)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(got, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	if len(got) != 2 || got[0] != (File{Path: "a.html"}) || got[1] != (File{Path: "b/index.html"}) {
		t.Errorf("got %+v", got)
	}
}

// The suffix fast path agrees with the glob it stands for.
func TestSuffixOf(t *testing.T) {
	for pattern, want := range map[string]string{
		"**/*.html": ".html", "**/*.pdf": ".pdf", "**/*index.html": "index.html",
		"*.html": "", "**/*.{html,htm}": "", "**/a/*.html": "", "**/*": "", "docs/**/*.html": "", "**/*.h?ml": "",
	} {
		if got := suffixOf(pattern); got != want {
			t.Errorf("suffixOf(%q) = %q, want %q", pattern, got, want)
		}
		if want == "" {
			continue
		}
		for _, rel := range []string{"a.html", "x/y/index.html", "a.htm", "a.html/b", "a.pdf", "dir.pdf/x", "index.html", "xindex.html"} {
			if fast, slow := strings.HasSuffix(rel, want), doublestar.MatchUnvalidated(pattern, rel); fast != slow {
				t.Errorf("%q on %q: suffix says %v, glob %v", pattern, rel, fast, slow)
			}
		}
	}
}

// TestWalkLeftOut checks what Options.LeftOut is told: hidden and
// excluded folders and candidates, and HTML files only when no include
// pattern can match them.
func TestWalkLeftOut(t *testing.T) {
	root := tree(t, "index.html", "a.pdf", "style.css", ".hidden.html", ".DS_Store", ".git/x.html",
		"drafts/wip.html", "docs/faq.html", "docs/b.html")
	tests := []struct {
		name    string
		include []string
		want    []string
	}{
		{name: "default", want: []string{
			".git/: " + ErrHidden.Error(), ".hidden.html: " + ErrHidden.Error(),
			`docs/faq.html: excluded by the pattern "docs/faq.html"`, `drafts/: excluded by the pattern "drafts"`}},
		{name: "no HTML included", include: []string{"**/*.pdf"}, want: []string{
			".git/: " + ErrHidden.Error(), "docs/b.html: " + ErrNotIncluded.Error(),
			`drafts/: excluded by the pattern "drafts"`, "index.html: " + ErrNotIncluded.Error()}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			var got []string
			opts := Options{Include: tt.include, Exclude: []string{"drafts", "docs/faq.html"}, LeftOut: func(path string, why error) {
				mu.Lock()
				got = append(got, path+": "+why.Error())
				mu.Unlock()
			}}
			if err := Walk(context.Background(), root, opts, func(File) error { return nil }); err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("left out:\n\t%s\nwant:\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

func TestIncludesHTML(t *testing.T) {
	for _, tt := range []struct {
		include []string
		want    bool
	}{
		{nil, true},
		{[]string{"**/*.pdf"}, false},
		{[]string{"**/*.pdf", "blog/**/*.html"}, true},
		{[]string{"docs/**"}, true},
		{[]string{"**/*.{html,pdf}"}, true},
		{[]string{"**/*.md", "**/*.txt"}, false},
		{[]string{"index.htm"}, true},
	} {
		if got := IncludesHTML(tt.include); got != tt.want {
			t.Errorf("IncludesHTML(%q) = %v, want %v", tt.include, got, tt.want)
		}
	}
}

// TestWhy checks the reason given for each file a walk leaves out, and
// none for one it hands over.
func TestWhy(t *testing.T) {
	root := tree(t, "index.html", "style.css", ".hidden.html", ".git/x.html", "drafts/wip.html", "docs/faq.html", "real/a.html")
	if err := os.Symlink("real", filepath.Join(root, "linked")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("index.html", filepath.Join(root, "link.html")); err != nil {
		t.Fatal(err)
	}
	opts := Options{Exclude: []string{"drafts", "docs/faq.html"}}
	for _, tt := range []struct {
		rel    string
		want   string // "" for a file walked
		follow bool
	}{
		{rel: "index.html"},
		{rel: "style.css", want: "no include pattern matches it (include: **/*.html, **/*.htm)"},
		{rel: ".hidden.html", want: ErrHidden.Error()},
		{rel: ".git/x.html", want: "in the folder .git/: " + ErrHidden.Error()},
		{rel: "drafts/wip.html", want: `in the folder drafts/: excluded by the pattern "drafts"`},
		{rel: "docs/faq.html", want: `excluded by the pattern "docs/faq.html"`},
		{rel: "linked/a.html", want: "in the folder linked/: " + ErrFolderLinkNotFollowed.Error()},
		{rel: "linked/a.html", follow: true},
		{rel: "link.html", want: "symbolic link not followed (follow_symlinks is off)"},
		{rel: "link.html", follow: true},
	} {
		o := opts
		o.FollowSymlinks = tt.follow
		got := ""
		if err := Why(root, tt.rel, o); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Why(%s, follow %v) = %q, want %q", tt.rel, tt.follow, got, tt.want)
		}
	}
	if err := Why(root, "nope.html", opts); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Why(nope.html) = %v, want fs.ErrNotExist", err)
	}
	// A path that is not clean is refused, not indexed past its end.
	for _, rel := range []string{"", "docs//faq.html", "real/", "/index.html", "./index.html", "a/../index.html", "real/a.html/"} {
		if err := Why(root, rel, opts); !errors.Is(err, fs.ErrInvalid) {
			t.Errorf("Why(%q) = %v, want fs.ErrInvalid", rel, err)
		}
	}
}

// Options.Folders hears of each listed folder's folders before any of
// them is listed: those entered and those left out (hidden, excluded),
// not a link followed to a folder, and of a folder that could not be
// listed.
func TestWalkFolders(t *testing.T) {
	root := tree(t, "index.html", "a/b/index.html", "a/c/", ".git/x/", "node_modules/y/", "d/index.html", "e/", "e/f/")
	if err := os.Symlink("a", filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	told := map[string]string{}
	var order []string // a folder listed before its parent told of it
	listed := map[string]bool{}
	opts := Options{Exclude: []string{"node_modules/**"}, FollowSymlinks: true}
	opts.Folders = func(dir string, enter, skip []string, err error) {
		mu.Lock()
		defer mu.Unlock()
		if _, dup := told[dir]; dup {
			t.Errorf("told of %q twice", dir)
		}
		s := strings.Join(enter, ",") + " | " + strings.Join(skip, ",")
		if err != nil {
			s = "error: " + err.Error()
		}
		told[dir] = s
		for _, name := range enter {
			child := name
			if dir != "" {
				child = dir + "/" + name
			}
			if listed[child] {
				order = append(order, child)
			}
		}
	}
	withHooks(t, func(rel string) error {
		mu.Lock()
		listed[rel] = true
		mu.Unlock()
		if rel == "e" {
			return syscall.EACCES
		}
		return nil
	}, nil)
	collect(t, root, opts)
	want := map[string]string{
		"":  "a,d,e | .git,node_modules",
		"a": "b,c | ",
		"e": "error: permission denied",
		// Listed through the link: told of, though its parent did not
		// say it enters it.
		"link": "b,c | ",
	}
	if !maps.Equal(told, want) {
		t.Errorf("told %q, want %q", told, want)
	}
	if len(order) > 0 {
		t.Errorf("listed before their parent told of them: %q", order)
	}
}

// TestQuoteMeta: the pattern QuoteMeta makes of a path matches that path
// alone, whatever pattern syntax its names hold, and a folder's pattern
// with "/**" the files under that folder alone.
func TestQuoteMeta(t *testing.T) {
	for _, p := range []string{"layouts", "my[old]*layouts", `{a,b}?\c`, "drafts[1]/x"} {
		q := QuoteMeta(p)
		if err := ValidatePattern(q); err != nil {
			t.Fatalf("QuoteMeta(%q) = %q: %v", p, q, err)
		}
		if ok, _ := doublestar.Match(q, p); !ok {
			t.Errorf("QuoteMeta(%q) = %q does not match it", p, q)
		}
		if ok, _ := doublestar.Match(q+"/**", p+"/a/b.html"); !ok {
			t.Errorf("%s/** does not match a file under %s", q, p)
		}
	}
	for _, other := range []string{"myolayouts", "my[old]xlayouts", "a?", "drafts1/x"} {
		for _, p := range []string{"my[old]*layouts", `{a,b}?\c`, "drafts[1]/x"} {
			if ok, _ := doublestar.Match(QuoteMeta(p), other); ok {
				t.Errorf("QuoteMeta(%q) matches %q", p, other)
			}
		}
	}
}
