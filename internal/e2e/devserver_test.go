package e2e

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestWatchBesideHugoServer runs "sitemapgen watch public" beside "hugo
// server --renderToDisk", which writes every page's canonical and
// alternate links on http://localhost:PORT/: watch mode takes them as
// their paths on the base URL, so it lists what a build of "hugo" lists,
// and a page added while both run is listed. ./test.sh installs Debian's
// hugo for it.
func TestWatchBesideHugoServer(t *testing.T) {
	const base = "https://example.com/"
	_, built := buildHugo(t, "hugo")
	want := sitemapURLs(t, mustRunOut(t, built, base))

	src := copyFixture(t, "hugo")
	startHugoServer(t, src)
	if data, err := os.ReadFile(filepath.Join(src, "public", "about", "index.html")); err != nil || !strings.Contains(string(data), `canonical" href="http://localhost:`) {
		t.Fatalf("hugo server wrote no page with a canonical link on localhost (%v):\n%s", err, data)
	}

	out := t.TempDir()
	args := []string{"--base-url", base, "--debounce", "50ms", "--out", out, "public"}
	p := startWatch(t, src, args...)
	if got := sitemapURLs(t, out); !slices.Equal(got, want) {
		t.Errorf("beside hugo server, watch lists\n%s\nhugo && sitemapgen lists\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	write(t, filepath.Join(src, "content", "posts", "post-6.md"), "---\ntitle: Post 6\ndate: 2024-02-06\n---\nSix.\n")
	for n := p.rebuilds(); !slices.Contains(sitemapURLs(t, out), base+"posts/post-6/"); n = p.rebuilds() {
		p.next(n)
	}
	if c := p.count(memoryLine); c != 0 {
		t.Errorf("beside a server that writes its pages, watch warns they are in memory:\n%s", strings.Join(p.output(), "\n"))
	}
	p.stop(out)
}

// TestWatchBesideHugoServerTranslated: beside "hugo server
// --renderToDisk" of a site in two languages, Hugo's own sitemaps name
// the server's origin (http://localhost:PORT/) in their hreflang
// alternates, as its pages do in their links: watch takes them as their
// paths on the base URL, with no warning of alternates on another host,
// and lists what hugo && sitemapgen lists.
func TestWatchBesideHugoServerTranslated(t *testing.T) {
	const base = "https://example.com/"
	built, public := buildHugo(t, "hugo-i18n")
	mustRun(t, built, "--base-url", base, "public")
	want := sitemapURLs(t, public)

	src := copyFixture(t, "hugo-i18n")
	startHugoServer(t, src)
	if data, err := os.ReadFile(filepath.Join(src, "public", "en", "sitemap.xml")); err != nil || !strings.Contains(string(data), `href="http://localhost:`) {
		t.Fatalf("hugo server wrote no sitemap with alternates on localhost (%v):\n%s", err, data)
	}
	out := filepath.Join(src, "public")
	p := startWatch(t, src, "--base-url", base, "--debounce", "50ms", "public")
	if c := p.count(regexp.MustCompile(`warning: `)); c != 0 {
		t.Errorf("beside hugo server, watch warns:\n%s", strings.Join(p.output(), "\n"))
	}
	if got := sitemapURLs(t, out); !slices.Equal(got, want) {
		t.Errorf("beside hugo server, watch lists\n%s\nhugo && sitemapgen lists\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	p.stop(out)
}

// memoryLine is watch's warning that the sources change and the site's
// folder does not.
var memoryLine = regexp.MustCompile(`^sitemapgen: warning: content changed \d+s ago and public has not since: is hugo server rendering to memory\? .*run hugo server with --renderToDisk \(docs/watch\.md\)$`)

// redated is watch's line after a post's lastmod changed: its URL, and
// those of the lists it is the newest page of, changed.
var redated = regexp.MustCompile(`~[1-9]\d* URLs, 1 file written`)

// TestWatchBesideHugoServerInMemory: plain "hugo server" renders to
// memory, so public/ (an earlier "hugo" build's) never changes: once the
// sources have gone on changing for 10 s with no page written, watch
// says so, once, with the fix. Each edit of a post changes its lastmod,
// so watch writes its sitemap into public/ each time: its own output is
// no page written. Each edit waits for watch's rebuild of it and hugo's,
// never for a clock.
func TestWatchBesideHugoServerInMemory(t *testing.T) {
	src := copyFixture(t, "hugo")
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	if out, err := exec.Command(hugo, "--quiet", "--source", src).CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	rebuilt := startGenerator(t, src, "hugo", "Web Server is available", "server", "--source", src, "--bind", "127.0.0.1", "--port", freePort(t), "--disableLiveReload")
	p := startWatch(t, src, "--base-url", "https://example.com/", "--debounce", "50ms", "public")
	post := filepath.Join(src, "content", "posts", "post-1.md")
	edits := 0
	edit := func() {
		t.Helper()
		n := p.rebuilds()
		lastmod := time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, edits).Format(time.DateOnly)
		write(t, post, fmt.Sprintf("---\ntitle: Post 1\ndate: 2024-01-01\nlastmod: %s\n---\nPost 1.\n", lastmod))
		edits++
		for ; !redated.MatchString(p.next(n)); n++ {
		}
		awaitLine(t, rebuilt, "of hugo server's rebuild", hugoRebuilt)
	}
	for p.count(memoryLine) == 0 {
		if edits == 150 {
			t.Fatalf("nothing said after %d edits of the sources, each rebuilt by hugo server in memory and by watch:\n%s", edits, strings.Join(p.output(), "\n"))
		}
		edit()
	}
	edit()
	edit()
	if c := p.count(memoryLine); c != 1 {
		t.Errorf("said %d times, want once:\n%s", c, strings.Join(p.output(), "\n"))
	}
	p.stop(filepath.Join(src, "public"))
}

// hugoRebuilt accepts the line hugo ends a rebuild with ("Total in 10 ms").
func hugoRebuilt(line string) bool { return strings.HasPrefix(line, "Total in ") }

// TestWatchBesideHugoWatchSavesInARow: beside "hugo --watch", which writes
// its pages up to half a second after a change, several saves in a row,
// each a batch of watch's before hugo writes, are no sign of a server
// that renders to memory: nothing is said of it.
func TestWatchBesideHugoWatchSavesInARow(t *testing.T) {
	src := copyFixture(t, "hugo")
	rebuilt := startGenerator(t, src, "hugo", "Press Ctrl+C to stop", "--watch", "--source", src)
	p := startWatch(t, src, "--base-url", "https://example.com/", "--debounce", "50ms", "public")
	post := filepath.Join(src, "content", "posts", "post-1.md")
	for round := range 3 {
		for save := range 4 {
			n := p.rebuilds()
			write(t, post, fmt.Sprintf("---\ntitle: Post 1\ndate: 2024-01-01\n---\nPost 1, save %d.\n", round*4+save))
			p.next(n)
		}
		// hugo has written the pages; by watch's line for a page written
		// after them, watch has read them.
		awaitLine(t, rebuilt, "of hugo's rebuild", hugoRebuilt)
		n := p.rebuilds()
		write(t, filepath.Join(src, "public", fmt.Sprintf("marker-%d.html", round)), "<title>marker</title>")
		for ; !strings.Contains(p.next(n), "+1 "); n++ {
		}
	}
	if c := p.count(regexp.MustCompile(`rendering to memory`)); c != 0 {
		t.Errorf("beside hugo --watch, watch warns the pages are in memory:\n%s", strings.Join(p.output(), "\n"))
	}
	p.stop(filepath.Join(src, "public"))
}

// TestWatchBesideHugoWatch runs "sitemapgen watch public" beside "hugo
// --watch", which rebuilds public/ for the site's own base URL.
func TestWatchBesideHugoWatch(t *testing.T) {
	_, built := buildHugo(t, "hugo")
	want := sitemapURLs(t, mustRunOut(t, built, "https://example.com/"))
	src := copyFixture(t, "hugo")
	gen := startGenerator(t, src, "hugo", "Press Ctrl+C to stop", "--watch", "--source", src)
	watchBeside(t, src, "public", want, "content/posts/post-6.md", "posts/post-6/", gen)
}

// mustRunOut builds the sitemaps of the site folder dir with base into a
// temporary folder and returns it.
func mustRunOut(t *testing.T, dir, base string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	mustRun(t, "", "--base-url", base, "--out", out, dir)
	return out
}

// sitemapURLs returns each URL of the sitemaps in dir with its alternates,
// as "loc lang=href …", sorted.
func sitemapURLs(t *testing.T, dir string) []string {
	t.Helper()
	entries, _, err := sitemaptest.URLs(dir, "https://example.com/")
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	for _, u := range entries {
		urls = append(urls, strings.Join(append([]string{u.Loc}, alternates(u)...), " "))
	}
	slices.Sort(urls)
	return urls
}

// startHugoServer runs "hugo server --renderToDisk" on a free port of
// 127.0.0.1 in src until the test ends, and waits until it serves: it has
// written the site into src/public.
func startHugoServer(t *testing.T, src string) {
	t.Helper()
	startGenerator(t, src, "hugo", "Web Server is available", "server", "--renderToDisk", "--source", src, "--bind", "127.0.0.1", "--port", freePort(t), "--disableLiveReload", "--disableFastRender")
}

// freePort returns a TCP port of 127.0.0.1 that was free a moment ago.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

// startGenerator runs the generator tool with args in dir until the test ends,
// and waits until it prints a line that holds readyLine: it has written the
// site and watches its sources. It returns the lines the tool prints
// after that one (standard output and error; those nobody reads are
// dropped, so that its output keeps flowing). The tool must be installed
// (testtool.Program; ./test.sh installs them).
func startGenerator(t *testing.T, dir, tool, readyLine string, args ...string) <-chan string {
	t.Helper()
	path := testtool.Program(t, tool, "apt-get install "+tool)
	cmd := exec.Command(path, args...)
	cmd.Dir = dir
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	// One reader takes every line: until ready, the test reads them; after
	// it, they go to the channel returned, dropped when nobody reads.
	ready, after := make(chan string), make(chan string, 1000)
	go func(toTest chan<- string, ended <-chan struct{}) {
		defer close(after)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if toTest != nil {
				select {
				case toTest <- sc.Text():
				case <-ended: // the test failed before ready: nobody reads
				}
				if strings.Contains(sc.Text(), readyLine) {
					toTest = nil
				}
				continue
			}
			select {
			case after <- sc.Text():
			default:
			}
		}
		if toTest != nil {
			close(toTest)
		}
	}(ready, t.Context().Done())
	var lines []string
	deadline := time.After(lineWait)
	for {
		select {
		case line, ok := <-ready:
			if !ok {
				t.Fatalf("%s %s ended before it was ready:\n%s", tool, strings.Join(args, " "), strings.Join(lines, "\n"))
			}
			lines = append(lines, line)
			if strings.Contains(line, readyLine) {
				return after
			}
		case <-deadline:
			t.Fatalf("%s %s did not say %q within %s:\n%s", tool, strings.Join(args, " "), readyLine, lineWait, strings.Join(lines, "\n"))
		}
	}
}

// TestWatchBesideJekyll runs "sitemapgen watch _site" beside "jekyll
// serve", whose pages' canonical links (jekyll-seo-tag's) name
// http://localhost:PORT/, and beside "jekyll build --watch", whose name
// the site's url: in both, watch lists what "jekyll build && sitemapgen
// _site" lists, and a post added while both run is listed. ./test.sh
// installs Debian's jekyll and ruby-jekyll-seo-tag for it.
func TestWatchBesideJekyll(t *testing.T) {
	const base = "https://example.com/"
	needTool(t, "jekyll")
	built := copyFixture(t, "jekyll-serve")
	if out, err := exec.Command("jekyll", "build", "--quiet", "--source", built, "--destination", filepath.Join(built, "_site")).CombinedOutput(); err != nil {
		t.Fatalf("jekyll build: %v\n%s", err, out)
	}
	want := sitemapURLs(t, mustRunOut(t, filepath.Join(built, "_site"), base))
	if len(want) < 4 {
		t.Fatalf("jekyll build && sitemapgen listed %d URLs, want the fixture's 4:\n%s", len(want), strings.Join(want, "\n"))
	}

	for _, tc := range []struct {
		name, ready, canonical string
		args                   []string
	}{
		{"serve", "Server running", `canonical" href="http://localhost:`, []string{"serve", "--host", "127.0.0.1", "--port", freePort(t)}},
		{"build --watch", "Auto-regeneration: enabled", `canonical" href="https://example.com/`, []string{"build", "--watch"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := copyFixture(t, "jekyll-serve")
			args := append(slices.Clip(tc.args), "--source", src, "--destination", filepath.Join(src, "_site"))
			gen := startGenerator(t, src, "jekyll", tc.ready, args...)
			if data, err := os.ReadFile(filepath.Join(src, "_site", "about.html")); err != nil || !strings.Contains(string(data), tc.canonical) {
				t.Fatalf("jekyll %s wrote no page with a canonical link %s… (%v):\n%s", tc.name, tc.canonical, err, data)
			}

			watchBeside(t, src, "_site", want, "_posts/2024-02-06-second.md", "2024/02/06/second.html", gen)
		})
	}
}

// TestWatchBesideEleventy runs "sitemapgen watch _site" beside "eleventy
// --serve", which writes its pages to disk before it serves them, and
// beside "eleventy --watch": watch lists what "eleventy && sitemapgen
// _site" lists, and a post added while both run is listed. ./test.sh
// installs the fixture's packages.
func TestWatchBesideEleventy(t *testing.T) {
	files := []string{"_data", "_includes", "blog", "about.md", "index.md", "private.md",
		"contact.njk", "moved.md", "unlisted.md", "templated.md", "sitemap.njk", "eleventy.config.js", "package.json"}
	built := nodeProject(t, "eleventy", files...)
	eleventy := filepath.Join(built, "node_modules", ".bin", "eleventy")
	cmd := exec.Command(eleventy, "--quiet")
	cmd.Dir = built
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("eleventy: %v\n%s", err, out)
	}
	want := sitemapURLs(t, mustRunOut(t, filepath.Join(built, "_site"), "https://example.com/"))
	for _, tc := range []struct {
		name, ready string
		args        []string
	}{
		{"serve", "Server at", []string{"--serve", "--port", freePort(t)}},
		{"watch", "Watching", []string{"--watch"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := nodeProject(t, "eleventy", files...)
			gen := startGenerator(t, src, eleventy, tc.ready, tc.args...)
			watchBeside(t, src, "_site", want, "blog/second-post.md", "blog/second-post/", gen)
		})
	}
}

// watchBeside runs "sitemapgen watch dir" in the project src while its
// generator rebuilds it, checks that it lists the URLs of want (as
// sitemapURLs gives them), writes a page at file, and waits until watch
// lists it at url (under https://example.com/). gen is what the
// generator prints after it is ready (startGenerator), told with a
// failure: whether it built the page at all.
func watchBeside(t *testing.T, src, dir string, want []string, file, url string, gen <-chan string) {
	t.Helper()
	const base = "https://example.com/"
	out := t.TempDir()
	p := startWatch(t, src, "--base-url", base, "--debounce", "50ms", "--out", out, dir)
	if got := sitemapURLs(t, out); !slices.Equal(got, want) {
		t.Errorf("beside the generator, watch lists\n%s\na build and sitemapgen list\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	page, body := filepath.Join(src, filepath.FromSlash(file)), "---\ntitle: Second\ndate: 2024-02-06\n---\nTwo.\n"
	write(t, page, body)
	// A generator's watcher may still be starting when it says it watches
	// (Eleventy says "Watching…" before chokidar's first scan ends, and
	// takes a file written during that scan for one it had: a change of
	// it then builds the pages it knew, not this one). Until the generator
	// builds the page, the page is removed, and written anew once the
	// generator has seen it go (Eleventy: "File deleted: ./blog/…"), or at
	// the next tick for a generator that says nothing of it: an event of a
	// new file. Written again at once, chokidar took the removal and the
	// new file for one change of the file it had (its atomic writes).
	again := time.NewTicker(5 * time.Second)
	defer again.Stop()
	deadline := time.After(3 * time.Minute)
	var said []string // what the generator printed, for a failure's message
	removed := false
	rewrite := func() {
		if removed {
			write(t, page, body)
			removed = false
		}
	}
	for !slices.Contains(sitemapURLs(t, out), base+url) {
		select {
		case <-p.added:
		case line, ok := <-gen:
			if !ok {
				gen = nil // it ended; the deadline tells
				continue
			}
			said = append(said, line)
			if strings.Contains(line, path.Base(file)) {
				rewrite()
			}
		case <-again.C:
			if removed {
				rewrite()
				continue
			}
			if err := os.Remove(page); err != nil {
				t.Fatal(err)
			}
			removed = true
		case <-deadline:
			for len(gen) > 0 {
				said = append(said, <-gen)
			}
			built := "not built"
			if m, _ := filepath.Glob(filepath.Join(src, dir, filepath.FromSlash(url)+"*")); len(m) > 0 {
				built = "built: " + strings.Join(m, ", ")
			}
			t.Fatalf("%s is not listed 3 minutes after %s was written (its page: %s); the generator's output:\n%s\nwatch's output:\n%s",
				base+url, file, built, strings.Join(said, "\n"), strings.Join(p.output(), "\n"))
		}
	}
	if c := p.count(regexp.MustCompile(`rendering to memory`)); c != 0 {
		t.Errorf("beside a generator that writes its pages, watch warns they are in memory:\n%s", strings.Join(p.output(), "\n"))
	}
	p.stop(out)
}

// copyFixture copies testdata/name into a temporary folder and returns
// the copy: its files, not the packages npm installed there
// (node_modules, which a test links to where it runs the generator).
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "site")
	from := filepath.Join("testdata", name)
	ents, err := os.ReadDir(from)
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.Name() == "node_modules" {
			continue
		}
		sub := filepath.Join(from, e.Name())
		if e.IsDir() {
			err = os.CopyFS(filepath.Join(dir, e.Name()), os.DirFS(sub))
		} else {
			var data []byte
			if data, err = os.ReadFile(sub); err == nil {
				err = os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestBuildOverHugoServerOutput: a one-shot build over what "hugo server
// --renderToDisk" wrote, over an earlier "hugo" build whose page of a
// deleted post it left in place. The server's pages name
// http://localhost:PORT/ in their canonical links; the stale page names
// the site's. That folder is a dev server's output: refused, with the
// diagnosis and the fix, not a sitemap of the stale page alone.
func TestBuildOverHugoServerOutput(t *testing.T) {
	src, public := buildHugo(t, "hugo")
	if err := os.Remove(filepath.Join(src, "content", "posts", "post-5.md")); err != nil {
		t.Fatal(err)
	}
	startHugoServer(t, src)
	if _, err := os.Stat(filepath.Join(public, "posts", "post-5", "index.html")); err != nil {
		t.Fatalf("hugo server removed the deleted post's page: %v", err)
	}
	before, _ := os.ReadFile(filepath.Join(public, "sitemap.xml"))
	r := run(t, src, nil)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1\n%s", r.code, r.stderr)
	}
	want := regexp.MustCompile(`(?m)^sitemapgen: public: \d+ of \d+ pages found name a dev server \(http://localhost:\d+\) in their canonical or hreflang links: the folder is a dev server's output, not a site to publish; rebuild it with Hugo's own build \(not its dev server\), or run sitemapgen watch beside the dev server \(docs/watch\.md\); nothing written$`)
	if !want.MatchString(r.stderr) {
		t.Errorf("stderr lacks the dev server's diagnosis:\n%s", r.stderr)
	}
	if after, _ := os.ReadFile(filepath.Join(public, "sitemap.xml")); !bytes.Equal(after, before) {
		t.Errorf("public/sitemap.xml was written:\n%s", after)
	}
}

// TestExplainBesideHugoServer: --explain over what "hugo server
// --renderToDisk" wrote, while watch beside it lists the page, gives the
// account watch gives (the page listed at its path on the base URL), and
// says why: not "canonical on another host", which a build would say of
// no page, since it refuses the folder. --verbose, --explain and the
// summary give one account of a page.
func TestExplainBesideHugoServer(t *testing.T) {
	src := copyFixture(t, "hugo")
	startHugoServer(t, src)
	r := run(t, src, nil, "--explain", "/about/", "--base-url", "https://example.com/")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"url:         https://example.com/about/", "listed:      yes"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--explain lacks %q:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stdout+r.stderr, "canonical on another host") {
		t.Errorf("--explain says canonical on another host:\n%s\n%s", r.stdout, r.stderr)
	}
	if !regexp.MustCompile(`(?m)^sitemapgen: public is a dev server's output \(\d+ of \d+ pages found name http://localhost:\d+\): explained as sitemapgen watch beside the dev server lists its pages; a build refuses the folder$`).MatchString(r.stderr) {
		t.Errorf("stderr does not say the folder is a dev server's output:\n%s", r.stderr)
	}
}
