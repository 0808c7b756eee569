package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/watch"
)

// The watcher here is configured as watch mode configures it, and its
// methods are called with the batches a test makes, one at a time as
// watch.Run hands them over: what it says does not hang on how the file
// system's events fall into batches, nor on a clock.

// newWatcher configures "sitemapgen watch ARGS" in the folder dir, the
// project, as watch mode does before it watches; what it says goes to
// stderr. The test's working folder is dir until it ends.
func newWatcher(t *testing.T, dir string, stderr *bytes.Buffer, args ...string) *watcher {
	t.Helper()
	t.Chdir(dir)
	e := &env{stdout: &bytes.Buffer{}, stderr: stderr, getenv: noEnv}
	c, line, err := configure(e, config.WatchCommand, args)
	if c == nil || err != nil {
		t.Fatalf("configure: %v\n%s", err, stderr)
	}
	w := &watcher{line: line, e: e, warned: map[string]bool{}}
	if err := w.use(c); err != nil {
		t.Fatal(err)
	}
	return w
}

// writeFiles writes files (path relative to dir: content) into dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWatchRenderedToMemory: beside plain hugo server, which renders to
// memory, the sources change and the site's folder never does; watch
// says so once, with the fix, when the sources change again memoryAfter
// after they first did with no page written meanwhile. Beside hugo
// --watch, which writes its pages, and beside a generator with no watch
// mode (the sources edited, then astro build run), it says nothing,
// however many batches of the sources come before the pages are written.
func TestWatchRenderedToMemory(t *testing.T) {
	hugo := map[string]string{
		"config.toml":         "baseURL = \"https://example.com/\"\n",
		"content/_index.md":   "---\ntitle: Home\n---\n",
		"content/a.md":        "---\ntitle: A\n---\n",
		"public/index.html":   "<title>Home</title>",
		"public/a/index.html": "<title>A</title>",
	}
	astro := map[string]string{
		"astro.config.mjs":       "export default { site: 'https://example.com' };\n",
		"src/pages/index.astro":  "<title>Home</title>\n",
		"src/pages/a.md":         "---\ntitle: A\n---\n",
		"dist/index.html":        "<title>Home</title>",
		"dist/a/index.html":      "<title>A</title>",
		"node_modules/.keep.txt": "",
	}
	type batch struct {
		at    time.Duration // since the first batch
		paths []string      // relative to the project
	}
	const (
		src  = "content/a.md"
		page = "public/a/index.html"
		ours = "public/sitemap.xml" // watch's own output, which is no page
	)
	for _, tc := range []struct {
		name    string
		project map[string]string
		site    string
		batches []batch
		said    int // the index of the batch after which it is said; -1, never
	}{
		{"in memory", hugo, "public", []batch{{0, []string{src}}, {4 * time.Second, []string{src}}, {memoryAfter, []string{src}}, {20 * time.Second, []string{src}}}, 2},
		{"in memory, own output written", hugo, "public", []batch{{0, []string{src}}, {time.Second, []string{ours}}, {12 * time.Second, []string{src}}, {13 * time.Second, []string{ours}}}, 2},
		{"in memory, one change", hugo, "public", []batch{{0, []string{src}}, {time.Minute, []string{ours}}}, -1},
		{"two saves a moment apart, then hugo --watch writes", hugo, "public", []batch{{0, []string{src}}, {300 * time.Millisecond, []string{src}}, {600 * time.Millisecond, []string{src}}, {900 * time.Millisecond, []string{page}}}, -1},
		{"hugo --watch writes after each change, however late", hugo, "public", []batch{{0, []string{src}}, {9 * time.Second, []string{page}}, {10 * time.Second, []string{src}}, {19 * time.Second, []string{src, page}}, {30 * time.Second, []string{src}}, {31 * time.Second, []string{page}}}, -1},
		{"edits, then astro build", astro, "dist", []batch{{0, []string{"src/pages/a.md"}}, {time.Minute, []string{"src/pages/a.md"}}, {2 * time.Minute, []string{"src/pages/index.astro"}}, {3 * time.Minute, []string{"dist/a/index.html"}}}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tc.project)
			var stderr bytes.Buffer
			w := newWatcher(t, dir, &stderr, "--base-url", "https://example.com/", tc.site)
			if w.s.Build.Join == nil {
				t.Fatalf("no sources joined to %s:\n%s", tc.site, &stderr)
			}
			stderr.Reset()
			t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
			said := -1
			for i, b := range tc.batches {
				var paths []string
				for _, p := range b.paths {
					paths = append(paths, filepath.Join(dir, filepath.FromSlash(p)))
				}
				w.rendered(w.notOurs(paths), t0.Add(b.at))
				if n := strings.Count(stderr.String(), "rendering to memory"); n > 1 {
					t.Fatalf("said %d times:\n%s", n, &stderr)
				} else if n == 1 && said < 0 {
					said = i
				}
			}
			if said != tc.said {
				t.Errorf("said after batch %d, want %d (-1: never):\n%s", said, tc.said, &stderr)
			}
			if tc.said >= 0 {
				const want = "sitemapgen: warning: content changed 10s ago and public has not since: is hugo server rendering to memory? watch reads the pages written there; run hugo server with --renderToDisk (docs/watch.md)\n"
				if tc.batches[tc.said].at == memoryAfter && stderr.String() != want {
					t.Errorf("said\n%s\nwant\n%s", &stderr, want)
				}
			}
		})
	}
}

// TestWatchMkDocsServeHint: beside mkdocs serve, which builds into a
// temporary folder, the sources change and site/ (an earlier mkdocs
// build's) never does: watch says so once, with the loop that builds the
// site after each change, when the sources change again memoryAfter
// after they first did. Before, it said nothing, and a new page was never
// listed.
func TestWatchMkDocsServeHint(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"mkdocs.yml":            "site_name: Docs\nsite_url: https://example.com/\n",
		"docs/index.md":         "# Home\n",
		"docs/a.md":             "# A\n",
		"site/index.html":       "<title>Home</title>",
		"site/a/index.html":     "<title>A</title>",
		"site/404.html":         "<title>404</title>",
		"site/sitemap.xml":      "",
		"site/sitemap.xml.gz":   "",
		"site/search/.keep.txt": "",
	})
	var stderr bytes.Buffer
	w := newWatcher(t, dir, &stderr, "site")
	if w.s.Build.Join == nil {
		t.Fatalf("no sources joined to site:\n%s", &stderr)
	}
	stderr.Reset()
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	src := []string{filepath.Join(dir, "docs", "b.md")}
	for _, at := range []time.Duration{0, time.Second, memoryAfter, 20 * time.Second} {
		w.rendered(src, t0.Add(at))
	}
	const want = "sitemapgen: warning: docs changed 10s ago and site has not since: is mkdocs serve running? it builds the site into a temporary folder and writes nothing to site, so watch has no page to read; build the site after each change instead, as this loop does: watchmedo shell-command --recursive --wait --drop --command 'mkdocs build --quiet' docs (docs/watch.md)\n"
	if stderr.String() != want {
		t.Errorf("said\n%s\nwant\n%s", &stderr, want)
	}
}

// TestWatchEmptiedOnce: a site folder emptied and written again by its
// generator's build (astro build empties dist/ first), three times, each
// emptiness a batch of its own, is said once a session, never as an
// error, and each build after it writes the pages.
func TestWatchEmptiedOnce(t *testing.T) {
	dir := t.TempDir()
	pages := map[string]string{"public/index.html": "<title>Home</title>", "public/about.html": "<title>About</title>"}
	writeFiles(t, dir, pages)
	var stderr bytes.Buffer
	w := newWatcher(t, dir, &stderr, "--base-url", "https://example.com/", "--lastmod-sources", "none", "public")
	ctx := context.Background()
	w.build(ctx)
	if !strings.Contains(stderr.String(), "2 URLs") {
		t.Fatalf("the first build:\n%s", &stderr)
	}
	public := filepath.Join(dir, "public")
	for i := range 3 {
		entries, err := os.ReadDir(public)
		if err != nil {
			t.Fatal(err)
		}
		var gone []string
		for _, e := range entries {
			gone = append(gone, filepath.Join(public, e.Name()))
			if err := os.RemoveAll(filepath.Join(public, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
		w.rebuild(ctx, batchOf(gone))

		before := stderr.Len()
		added := "public/page-" + string(rune('0'+i)) + ".html"
		writeFiles(t, dir, map[string]string{added: "<title>added</title>"})
		writeFiles(t, dir, pages)
		var back []string
		for name := range pages {
			back = append(back, filepath.Join(dir, filepath.FromSlash(name)))
		}
		w.rebuild(ctx, batchOf(append(back, filepath.Join(dir, added))))
		if got := stderr.String()[before:]; !strings.Contains(got, "+1 ") {
			t.Errorf("the build after emptying %d: %q, want the page added", i, got)
		}
	}
	out := stderr.String()
	if n := strings.Count(out, "public was emptied, as a generator's build does;"); n != 1 {
		t.Errorf("said %d times that the folder was emptied, want once:\n%s", n, out)
	}
	if strings.Contains(out, "no page found") {
		t.Errorf("an emptied folder is an error:\n%s", out)
	}
}

// batchOf is the batch of paths, as watch.Run hands it over: sorted, each
// once.
func batchOf(paths []string) watch.Batch {
	paths = slices.Clone(paths)
	slices.Sort(paths)
	return watch.Batch{Paths: slices.Compact(paths)}
}
