package e2e

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestWatchBesideHugoWatchDeleteRename: beside "hugo --watch", a post
// deleted and one renamed leave their built pages in place (Hugo deletes
// nothing); its rebuild writes its own sitemaps again after its pages,
// without them, and leaves the taxonomy's pages as they were. Watch,
// writing into public/ as the README says, lists what "hugo" into an
// empty folder and sitemapgen list: whether the change follows Hugo's
// build at once (no time tells the stale pages from the rebuild's) or an
// hour later (the taxonomy's pages Hugo did not write again are older
// than the rebuild, and still its). A one-shot build of the same files
// then lists the same set, and --check finds watch's sitemaps up to date.
// Beside hugo server --renderToDisk, whose sitemaps name the dev server's
// URLs, watch lists that set too.
func TestWatchBesideHugoWatchDeleteRename(t *testing.T) {
	const base = "https://example.com/"
	post7 := "---\ntitle: Post 7\ndate: 2024-03-01\ntags: [demo]\n---\nPost 7.\n"
	change := func(t *testing.T, src string) {
		t.Helper()
		posts := filepath.Join(src, "content", "posts")
		if err := os.Remove(filepath.Join(posts, "post-3.md")); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(posts, "post-4.md"), filepath.Join(posts, "post-6.md")); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(posts, "post-7.md"), post7) // as many posts as before: the same pagers
	}
	fresh := copyFixture(t, "hugo")
	change(t, fresh)
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	built := filepath.Join(fresh, "public")
	if out, err := exec.Command(hugo, "--source", fresh, "--destination", built, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	want := sitemapURLs(t, mustRunOut(t, built, base))
	for _, gone := range []string{base + "posts/post-3/", base + "posts/post-4/"} {
		if slices.Contains(want, gone) {
			t.Fatalf("a fresh build lists %s", gone)
		}
	}

	for _, tc := range []struct {
		name string
		ago  time.Duration // how long before the change hugo's build wrote the pages
		// server runs hugo server --renderToDisk (with its fast render
		// mode), whose pages and sitemaps name http://localhost:PORT/,
		// in place of hugo --watch.
		server bool
	}{
		{"at once", 0, false},
		{"an hour later", time.Hour, false},
		{"hugo server, at once", 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := copyFixture(t, "hugo")
			public := filepath.Join(src, "public")
			args := []string{"--watch", "--source", src}
			ready := "Press Ctrl+C to stop"
			if tc.server {
				args = []string{"server", "--renderToDisk", "--source", src, "--bind", "127.0.0.1", "--port", freePort(t), "--disableLiveReload"}
				ready = "Web Server is available"
			}
			rebuilt := startGenerator(t, src, "hugo", ready, args...)
			// The pages as if hugo had written them that long before the
			// change.
			then := time.Now().Add(-tc.ago)
			filepath.WalkDir(public, func(path string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					os.Chtimes(path, then, then)
				}
				return nil
			})
			p := startWatch(t, src, "--base-url", base, "--debounce", "50ms", "public")
			change(t, src)
			awaitLine(t, rebuilt, "of hugo's rebuild", hugoRebuilt)
			for _, page := range []string{"post-3", "post-4"} {
				if _, err := os.Stat(filepath.Join(public, "posts", page, "index.html")); err != nil {
					t.Fatalf("hugo removed the page of %s.md (%v): nothing stale to test", page, err)
				}
			}
			var got []string
			t.Cleanup(func() {
				if t.Failed() {
					t.Logf("watch lists\n%s\na fresh build lists\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			})
			p.until("watch lists what a fresh build lists", func() bool {
				got = listedOrNone(public, base) // Hugo's index, between its write and watch's, is none
				return slices.Equal(got, want)
			})
			p.stop(public)
			if tc.server {
				return // a one-shot build refuses a dev server's output (TestBuildOverHugoServerOutput)
			}

			if r := run(t, src, nil, "--base-url", base, "--check", "public"); r.code != 0 {
				t.Errorf("--check over watch's sitemaps: exit %d, want 0\n%s", r.code, r.stderr)
			}
			out := filepath.Join(t.TempDir(), "out")
			r := mustRun(t, src, "--base-url", base, "--out", out, "--verbose", "public")
			if once := sitemapURLs(t, out); !slices.Equal(once, want) {
				t.Errorf("a one-shot build of the same files lists\n%s\nwant\n%s", strings.Join(once, "\n"), strings.Join(want, "\n"))
			}
			for _, page := range []string{"post-3", "post-4"} {
				if !regexp.MustCompile(`public/posts/` + page + `/index\.html: skipped: stale output: no source \(no source has its URL, and (Hugo|the generator)'s own sitemap (en/|de/)?sitemap\.xml( \(kept in \.sitemapgen-generator-lastmod\))?, written after the file \(.*\), does not list it\)`).MatchString(r.stderr) {
					t.Errorf("--verbose does not say why %s is left out:\n%s", page, r.stderr)
				}
			}
		})
	}
}

// listedOrNone is sitemapURLs of the sitemaps in dir, none while the entry
// file there is not one of sitemapgen's set (Hugo's index of its
// languages' sitemaps, before watch writes ours over it).
func listedOrNone(dir, base string) []string {
	entries, _, err := sitemaptest.URLs(dir, base)
	if err != nil {
		return nil
	}
	var urls []string
	for _, u := range entries {
		urls = append(urls, strings.Join(append([]string{u.Loc}, alternates(u)...), " "))
	}
	slices.Sort(urls)
	return urls
}

// TestHugoUnlistedSectionNotStale: a section with no _index file of its
// own, which a cascade of the home page's leaves out of Hugo's sitemap
// (_build: list: never), is written before that sitemap in the same
// build, and no source produces its URL: it is Hugo's page all the
// same, listed by a fresh "hugo" and sitemapgen, not left out as the
// page of a deleted source. (Hugo 0.111.)
func TestHugoUnlistedSectionNotStale(t *testing.T) {
	src := t.TempDir()
	for rel, body := range map[string]string{
		"hugo.toml":                    "baseURL = 'https://example.com/'\ntitle = 't'\ndisableKinds = ['RSS', 'taxonomy', 'term']\n",
		"layouts/_default/baseof.html": "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ block \"main\" . }}{{ end }}</body></html>\n",
		"layouts/_default/single.html": "{{ define \"main\" }}{{ .Content }}{{ end }}\n",
		"layouts/_default/list.html":   "{{ define \"main\" }}{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}{{ end }}\n",
		"content/_index.md":            "---\ntitle: Home\ncascade:\n- _build:\n    list: never\n  _target:\n    path: \"{/notes,/notes/**}\"\n---\n",
		"content/posts/a.md":           "---\ntitle: A\n---\nA.\n",
		"content/notes/n.md":           "---\ntitle: N\n---\nN.\n",
	} {
		write(t, filepath.Join(src, filepath.FromSlash(rel)), body)
	}
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	if out, err := exec.Command(hugo, "--source", src, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	if data, err := os.ReadFile(filepath.Join(src, "public", "sitemap.xml")); err != nil || strings.Contains(string(data), "/notes/") || !strings.Contains(string(data), "/posts/a/") {
		t.Fatalf("Hugo's sitemap lists /notes/, or not /posts/a/ (%v): nothing to test\n%s", err, data)
	}
	// Hugo wrote the section's page before its sitemap; on a file
	// system whose clock ticks coarser than the build, in the same tick:
	// a tick before, as on a finer one.
	sm, err := os.Stat(filepath.Join(src, "public", "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	before := sm.ModTime().Add(-10 * time.Millisecond)
	if err := os.Chtimes(filepath.Join(src, "public", "notes", "index.html"), before, before); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	r := mustRun(t, src, "--base-url", "https://example.com/", "--out", out, "public")
	if got := sitemapURLs(t, out); !slices.Contains(got, "https://example.com/notes/") {
		t.Errorf("/notes/ is not listed:\n%s\n%s", strings.Join(got, "\n"), r.stderr)
	}
}

// TestWatchBesideEleventyDeletes runs "sitemapgen watch _site" beside
// "eleventy --watch" in a git repository, and deletes a page's source and
// a folder of sources. Eleventy 3 logs each deletion and writes nothing:
// the old pages stay in _site, as new as every other page, so no time
// tells them. Git does: the sources are deleted in the work tree, after
// the pages were written (their folders changed since). Watch lists
// what "eleventy" into an empty folder and sitemapgen list, and so does
// a one-shot build of the same files, before and after the deletion is
// committed.
func TestWatchBesideEleventyDeletes(t *testing.T) {
	const base = "https://example.com/"
	files := []string{"_data", "_includes", "blog", "about.md", "index.md", "private.md",
		"contact.njk", "moved.md", "unlisted.md", "templated.md", "sitemap.njk", "eleventy.config.js", "package.json"}
	remove := func(t *testing.T, src string) {
		t.Helper()
		for _, f := range []string{"about.md", "blog"} {
			if err := os.RemoveAll(filepath.Join(src, f)); err != nil {
				t.Fatal(err)
			}
		}
	}
	fresh := nodeProject(t, "eleventy", files...)
	remove(t, fresh)
	eleventyBuild(t, fresh)
	want := sitemapURLs(t, mustRunOut(t, filepath.Join(fresh, "_site"), base))
	for _, gone := range []string{base + "about/", base + "blog/first-post/"} {
		if slices.Contains(want, gone) {
			t.Fatalf("a fresh build lists %s", gone)
		}
	}

	src := nodeProject(t, "eleventy", files...)
	write(t, filepath.Join(src, ".gitignore"), "node_modules\n_site/\n")
	const date = "2024-05-01T10:00:00Z"
	gitAt(t, src, date, "init", "-q")
	gitAt(t, src, date, "add", "-A")
	gitAt(t, src, date, "commit", "-q", "-m", "site")
	eleventy := filepath.Join(src, "node_modules", ".bin", "eleventy")
	gen := startGenerator(t, src, eleventy, "Watching", "--watch")
	out := t.TempDir()
	p := startWatch(t, src, "--base-url", base, "--debounce", "50ms", "--out", out, "_site")
	if got := sitemapURLs(t, out); !slices.Contains(got, base+"about/") || !slices.Contains(got, base+"blog/first-post/") {
		t.Fatalf("before the deletion, watch lists\n%s", strings.Join(got, "\n"))
	}
	// Eleventy says "Watching…" before its watcher's first scan ends, and
	// a file removed before the scan reaches it is one it never had: it
	// would say nothing of its deletion. A change it reports shows it has
	// the file; until it has reported both, they are written again at
	// each tick (a file written during the scan is taken as found).
	sources := []string{filepath.Join(src, "about.md"), filepath.Join(src, "blog", "first-post.md")}
	var said []string
	untilSaid(t, gen, &said, "changed", sources, func() {
		for _, f := range sources {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			write(t, f, string(data)+"\n")
		}
	})
	remove(t, src)
	// Eleventy says "File deleted" for each; once it has said it for
	// both, it has done what it does about them.
	untilSaid(t, gen, &said, "deleted", sources, nil)
	for _, page := range []string{"about/index.html", "blog/first-post/index.html"} {
		if _, err := os.Stat(filepath.Join(src, "_site", filepath.FromSlash(page))); err != nil {
			t.Fatalf("Eleventy removed %s (%v): nothing stale to test; it said:\n%s", page, err, strings.Join(said, "\n"))
		}
	}
	var got []string
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("watch lists\n%s\na fresh build lists\n%s\nwatch said:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), strings.Join(p.output(), "\n"))
		}
	})
	p.until("watch lists what a fresh build lists", func() bool {
		got = sitemapURLs(t, out)
		return slices.Equal(got, want)
	})
	p.stop(out)

	for _, step := range []string{"deleted in the work tree", "deleted by a commit"} {
		if step == "deleted by a commit" {
			gitAt(t, src, "2024-05-02T10:00:00Z", "add", "-A")
			gitAt(t, src, "2024-05-02T10:00:00Z", "commit", "-q", "-m", "remove")
		}
		once := filepath.Join(t.TempDir(), "out")
		r := mustRun(t, src, "--base-url", base, "--out", once, "--verbose", "_site")
		if got := sitemapURLs(t, once); !slices.Equal(got, want) {
			t.Errorf("%s: a one-shot build lists\n%s\nwant\n%s", step, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if !strings.Contains(r.stderr, "_site/about/index.html: skipped: stale output: no source (no source has its URL, and git says its source ../about.md was removed after the page was written") {
			t.Errorf("%s: --verbose does not say why /about/ is left out:\n%s", step, r.stderr)
		}
	}
}

// TestWatchBesideEleventyDraftDeleted: beside "eleventy --watch" in a
// git repository, a draft in blog/, never committed, is deleted.
// Eleventy wrote its page, then logs the deletion and writes
// nothing: the page stays in _site, as new as the others, and git has no
// record of the draft. Its path does: no file in blog/ has the page's
// URL, and blog/ changed after the page was written by a removal. Watch
// then lists what "eleventy" into an empty folder and sitemapgen list,
// and a one-shot build of the same files agrees. Before, the draft's
// page stayed listed until Eleventy next wrote.
func TestWatchBesideEleventyDraftDeleted(t *testing.T) {
	const base = "https://example.com/"
	files := []string{"_data", "_includes", "blog", "about.md", "index.md", "private.md",
		"contact.njk", "moved.md", "unlisted.md", "templated.md", "sitemap.njk", "eleventy.config.js", "package.json"}
	fresh := nodeProject(t, "eleventy", files...)
	eleventyBuild(t, fresh)
	want := sitemapURLs(t, mustRunOut(t, filepath.Join(fresh, "_site"), base))

	src := nodeProject(t, "eleventy", files...)
	// The posts are older than the draft's deletion, as a clone's are
	// by the time a draft is written: the folder's change then is no
	// post's making.
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(filepath.Join(src, "blog", "first-post.md"), old, old); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(src, ".gitignore"), "node_modules\n_site/\n")
	const date = "2024-05-01T10:00:00Z"
	gitAt(t, src, date, "init", "-q")
	gitAt(t, src, date, "add", "-A")
	gitAt(t, src, date, "commit", "-q", "-m", "site")
	// The draft, never committed, is there when Eleventy starts: its
	// first build writes the draft's page.
	draft := filepath.Join(src, "blog", "draft.md")
	write(t, draft, "---\nlayout: base.njk\ntitle: Draft\n---\nA draft.\n")
	eleventy := filepath.Join(src, "node_modules", ".bin", "eleventy")
	gen := startGenerator(t, src, eleventy, "Watching", "--watch")
	out := t.TempDir()
	p := startWatch(t, src, "--base-url", base, "--debounce", "50ms", "--out", out, "_site")
	if !slices.Contains(sitemapURLs(t, out), base+"blog/draft/") {
		t.Fatalf("before the deletion, watch does not list the draft:\n%s", strings.Join(sitemapURLs(t, out), "\n"))
	}
	// Eleventy has the draft once it reports a change of it (its
	// watcher's first scan may end after "Watching…", as in
	// TestWatchBesideEleventyDeletes).
	var said []string
	untilSaid(t, gen, &said, "changed", []string{draft}, func() {
		write(t, draft, "---\nlayout: base.njk\ntitle: Draft\n---\nA draft.\n")
	})
	if err := os.Remove(draft); err != nil {
		t.Fatal(err)
	}
	untilSaid(t, gen, &said, "deleted", []string{draft}, nil)
	if _, err := os.Stat(filepath.Join(src, "_site", "blog", "draft", "index.html")); err != nil {
		t.Fatalf("Eleventy removed the draft's page (%v): nothing stale to test", err)
	}
	var got []string
	p.until("watch lists what a fresh build lists", func() bool {
		got = sitemapURLs(t, out)
		return slices.Equal(got, want)
	})
	p.stop(out)

	once := filepath.Join(t.TempDir(), "out")
	r := mustRun(t, src, "--base-url", base, "--out", once, "--verbose", "_site")
	if got := sitemapURLs(t, once); !slices.Equal(got, want) {
		t.Errorf("a one-shot build lists\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(r.stderr, "_site/blog/draft/index.html: skipped: stale output: no source (no source has its URL, and its source ../blog/draft.* is gone from the work tree") {
		t.Errorf("--verbose does not say why /blog/draft/ is left out:\n%s", r.stderr)
	}
}

// untilSaid reads the generator's lines into said until, for each of
// files, one line holds verb and the file's name; again, if not nil, runs
// at once and every 5 seconds until then. It fails after lineWait.
func untilSaid(t *testing.T, gen <-chan string, said *[]string, verb string, files []string, again func()) {
	t.Helper()
	tick := time.NewTicker(5 * time.Second)
	defer tick.Stop()
	if again == nil {
		tick.Stop()
	} else {
		again()
	}
	deadline := time.After(lineWait)
	seen := map[string]bool{}
	for len(seen) < len(files) {
		select {
		case l, ok := <-gen:
			if !ok {
				t.Fatalf("the generator ended before it said %s of %s:\n%s", verb, strings.Join(files, ", "), strings.Join(*said, "\n"))
			}
			*said = append(*said, l)
			for _, f := range files {
				if strings.Contains(l, verb) && strings.Contains(l, filepath.Base(f)) {
					seen[f] = true
				}
			}
		case <-tick.C:
			again()
		case <-deadline:
			t.Fatalf("the generator did not say %s of each of %s within %s:\n%s", verb, strings.Join(files, ", "), lineWait, strings.Join(*said, "\n"))
		}
	}
}
