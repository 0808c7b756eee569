package e2e

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/writer"
)

// The end-to-end tests of watch mode run the sitemapgen binary (this test
// binary, through testscript.Main) with the real watcher on a temporary
// site, change the site, and check, once the rebuilds are done, that the
// sitemaps equal what "sitemapgen build" writes for the same tree.

// watchProc is a running "sitemapgen watch".
type watchProc struct {
	t     *testing.T
	cmd   *exec.Cmd
	mu    sync.Mutex
	lines []string
	added chan struct{} // a token for every line
	done  chan error
}

// startWatch starts "sitemapgen watch ARGS..." in dir and waits until it
// watches.
func startWatch(t *testing.T, dir string, args ...string) *watchProc {
	t.Helper()
	p := launchWatch(t, dir, args...)
	p.waitFor(regexp.MustCompile(`^sitemapgen: watching `), 1)
	return p
}

// launchWatch starts "sitemapgen watch ARGS..." in dir, until the test
// ends.
func launchWatch(t *testing.T, dir string, args ...string) *watchProc {
	t.Helper()
	cmd := command(dir, append([]string{"watch"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &watchProc{t: t, cmd: cmd, added: make(chan struct{}, 1<<16), done: make(chan error, 1)}
	var read sync.WaitGroup
	read.Go(func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			p.mu.Lock()
			p.lines = append(p.lines, sc.Text())
			p.mu.Unlock()
			p.added <- struct{}{}
		}
	})
	go func() {
		read.Wait()
		p.done <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			select {
			case <-p.done:
			case <-time.After(lineWait):
				// A child that kept watch's standard error open.
				t.Errorf("watch's output still open %s after it was killed", lineWait)
			}
		}
		if t.Failed() {
			t.Logf("watch's output:\n%s", strings.Join(p.output(), "\n"))
		}
	})
	return p
}

func (p *watchProc) output() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.lines...)
}

// count returns how many lines match re.
func (p *watchProc) count(re *regexp.Regexp) int {
	n := 0
	for _, l := range p.output() {
		if re.MatchString(l) {
			n++
		}
	}
	return n
}

// waitFor waits until n lines match re.
func (p *watchProc) waitFor(re *regexp.Regexp, n int) {
	p.t.Helper()
	deadline := time.After(30 * time.Second)
	for p.count(re) < n {
		select {
		case <-p.added:
		case err := <-p.done:
			p.done <- err
			p.t.Fatalf("watch ended (%v) before %d lines matched %s", err, n, re)
		case <-deadline:
			p.t.Fatalf("no %d lines matching %s after 30s", n, re)
		}
	}
}

// until waits until ok holds, looking again after each line watch
// writes, for at most a minute: a test that waits for the state it wants
// is not misled by a rebuild it did not ask for (a batch of everything,
// after events were lost).
func (p *watchProc) until(what string, ok func() bool) {
	p.t.Helper()
	deadline := time.After(time.Minute)
	for !ok() {
		select {
		case <-p.added:
		case err := <-p.done:
			p.done <- err
			p.t.Fatalf("watch ended (%v) before %s", err, what)
		case <-deadline:
			p.t.Fatalf("not %s a minute later", what)
		}
	}
}

var rebuildLine = regexp.MustCompile(`^sitemapgen: \+\d+ −\d+ ~\d+ URLs, `)

// rebuilds returns the number of rebuild lines so far.
func (p *watchProc) rebuilds() int { return p.count(rebuildLine) }

// next waits for the rebuild after the first n and returns its line.
func (p *watchProc) next(n int) string {
	p.t.Helper()
	p.waitFor(rebuildLine, n+1)
	var got []string
	for _, l := range p.output() {
		if rebuildLine.MatchString(l) {
			got = append(got, l)
		}
	}
	return got[n]
}

// quiet waits for d and fails if a rebuild came meanwhile, after the
// first n.
func (p *watchProc) quiet(n int, d time.Duration) {
	p.t.Helper()
	time.Sleep(d)
	if got := p.rebuilds(); got != n {
		p.t.Fatalf("%d rebuilds, want %d", got, n)
	}
}

// settle waits until no rebuild has come for d.
func (p *watchProc) settle(d time.Duration) {
	p.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for n := p.rebuilds(); ; {
		time.Sleep(d)
		now := p.rebuilds()
		if now == n {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("still rebuilding after 30s (%d rebuilds)", now)
		}
		n = now
	}
}

// stop sends SIGINT and checks that watch exits 0 and leaves no
// temporary file in dir.
func (p *watchProc) stop(dir string) {
	p.t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGINT); err != nil {
		p.t.Fatal(err)
	}
	select {
	case err := <-p.done:
		if err != nil {
			p.t.Fatalf("watch after SIGINT: %v, want exit status 0", err)
		}
	case <-time.After(30 * time.Second):
		p.t.Fatal("watch still running 30s after SIGINT")
	}
	noTemps(p.t, dir)
}

// noTemps fails if a temporary file of the writer is in dir.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".sitemapgen-") && strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left in %s", e.Name(), dir)
		}
	}
}

// outputs returns the sitemapgen files in dir (and robots.txt) by name.
func outputs(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	return dirFiles(t, dir, func(e os.DirEntry) bool { return writer.IsOwnName(e.Name()) || e.Name() == "robots.txt" })
}

// dirFiles returns the content of the files in dir that keep accepts, by
// name.
func dirFiles(t *testing.T, dir string, keep func(os.DirEntry) bool) map[string][]byte {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := make(map[string][]byte)
	for _, e := range ents {
		if !keep(e) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		m[e.Name()] = data
	}
	return m
}

// sameAsBuild checks that a build of the site with args, run in dir,
// finds the sitemaps as it would write them: it writes, and the files are
// byte for byte what they were.
func sameAsBuild(t *testing.T, dir, out string, args ...string) {
	t.Helper()
	before := outputs(t, out)
	if len(before) == 0 {
		t.Fatalf("no sitemap in %s", out)
	}
	var buildArgs []string
	for i := 0; i < len(args); i++ {
		switch {
		case slices.Contains([]string{"--debounce", "--max-wait", "--poll", "--max-watches"}, args[i]):
			i++ // watch's own
			continue
		case strings.HasPrefix(args[i], "--fanotify"):
			continue
		}
		buildArgs = append(buildArgs, args[i])
	}
	mustRun(t, dir, append([]string{"build"}, buildArgs...)...)
	after := outputs(t, out)
	for name, data := range after {
		if b, ok := before[name]; !ok {
			t.Errorf("build wrote %s, which watch did not", name)
		} else if !bytes.Equal(b, data) {
			t.Errorf("%s: watch wrote\n%s\nbuild writes\n%s", name, b, data)
		}
	}
	for name := range before {
		if _, ok := after[name]; !ok {
			t.Errorf("watch left %s, which build removes", name)
		}
	}
}

// page returns a small HTML page.
func page(title string) string {
	return "<!doctype html><html><head><title>" + title + "</title></head><body><p>" + title + "</p></body></html>\n"
}

// newSite writes a site of the given pages under dir/public, with the
// old times of a folder copied by rsync -a: pages written at once just
// before the run would be a build's, with no date (docs/lastmod.md).
func newSite(t *testing.T, pages map[string]string) (dir, public string) {
	t.Helper()
	dir = t.TempDir()
	public = filepath.Join(dir, "public")
	copied := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	for name, body := range pages {
		write(t, filepath.Join(public, name), body)
		if err := os.Chtimes(filepath.Join(public, name), copied, copied); err != nil {
			t.Fatal(err)
		}
	}
	return dir, public
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func urlsIn(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var locs []string
	for _, m := range regexp.MustCompile(`<loc>([^<]*)</loc>`).FindAllSubmatch(data, -1) {
		locs = append(locs, string(m[1]))
	}
	return locs
}

var watchArgs = []string{"--base-url", "https://example.com/", "--debounce", "50ms", "public"}

// watchModes are the ways watch mode watches (docs/watch.md, "Limits"):
// the scenario tests run in each, and after each the files it wrote equal
// what a build writes.
var watchModes = []struct {
	name string
	args []string
}{
	{"inotify", []string{"--fanotify=false"}},
	{"fanotify", []string{"--max-watches", "1"}}, // as root: past the first watch
	// The folder of the site and sitemap.yaml watched; the site scanned.
	{"scan", []string{"--fanotify=false", "--max-watches", "1", "--poll", "50ms"}},
	// The site and its first folders watched; the others scanned.
	{"capped", []string{"--fanotify=false", "--max-watches", "3", "--poll", "50ms"}},
}

// eachMode runs fn in a subtest for each of watchModes, with its flags.
// fanotify needs root, as CI runs the tests; elsewhere it is skipped.
func eachMode(t *testing.T, fn func(t *testing.T, mode []string)) {
	for _, m := range watchModes {
		t.Run(m.name, func(t *testing.T) {
			if m.name == "fanotify" && os.Geteuid() != 0 {
				t.Skip("fanotify needs root (CI runs the tests as root)")
			}
			fn(t, slices.Clone(m.args))
		})
	}
}

func TestWatchCreateModifyDelete(t *testing.T) {
	eachMode(t, func(t *testing.T, mode []string) {
		args := append(mode, watchArgs...)
		dir, public := newSite(t, map[string]string{"index.html": page("home"), "a.html": page("a")})
		p := startWatch(t, dir, args...)

		write(t, filepath.Join(public, "b.html"), page("b"))
		if got := p.next(0); !strings.Contains(got, "+1 −0 ~0 URLs, 1 file written") {
			t.Errorf("after a new page: %q", got)
		}
		future := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
		if err := os.Chtimes(filepath.Join(public, "a.html"), future, future); err != nil {
			t.Fatal(err)
		}
		// Chtimes alone is rebuilt too (TestWatchTouchAndChmod); here the
		// page is written as well.
		write(t, filepath.Join(public, "a.html"), page("a, edited"))
		if err := os.Chtimes(filepath.Join(public, "a.html"), future, future); err != nil {
			t.Fatal(err)
		}
		if got := p.next(1); !strings.Contains(got, "+0 −0 ~1 URLs, 1 file written") {
			t.Errorf("after an edit: %q", got)
		}
		if err := os.Remove(filepath.Join(public, "b.html")); err != nil {
			t.Fatal(err)
		}
		if got := p.next(2); !strings.Contains(got, "+0 −1 ~0 URLs, 1 file written") {
			t.Errorf("after a removal: %q", got)
		}
		p.quiet(3, 300*time.Millisecond)
		p.stop(public)
		sameAsBuild(t, dir, public, args...)
		if got := urlsIn(t, filepath.Join(public, "sitemap.xml")); len(got) != 2 {
			t.Errorf("URLs %q, want 2", got)
		}
	})
}

// TestWatchOutFolderMade: watch makes an --out folder that does not exist
// yet, as build does, instead of failing to watch its host files.
func TestWatchOutFolderMade(t *testing.T) {
	dir, _ := newSite(t, map[string]string{"index.html": page("home")})
	out := filepath.Join(dir, "new", "out")
	p := startWatch(t, dir, "--base-url", "https://example.com/", "--debounce", "50ms", "--out", out, "public")
	if got := urlsIn(t, filepath.Join(out, "sitemap.xml")); len(got) != 1 {
		t.Errorf("URLs %q, want 1", got)
	}
	p.stop(out)
}

// TestWatchTouchAndChmod: attribute changes alone are rebuilt. A touch
// changes a page's lastmod (its modification time, in a plain folder); a
// chmod 000 leaves the page out, as a build does, and a chmod back lists
// it again.
func TestWatchTouchAndChmod(t *testing.T) {
	eachMode(t, func(t *testing.T, mode []string) {
		args := append(mode, watchArgs...)
		dir, public := newSite(t, map[string]string{"index.html": page("home"), "about/index.html": page("about")})
		p := startWatch(t, dir, args...)
		home, about := filepath.Join(public, "index.html"), filepath.Join(public, "about", "index.html")
		when := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
		if err := os.Chtimes(home, when, when); err != nil {
			t.Fatal(err)
		}
		if got := p.next(0); !strings.Contains(got, "+0 −0 ~1 URLs, 1 file written") {
			t.Errorf("after a touch: %q", got)
		}
		if data, err := os.ReadFile(filepath.Join(public, "sitemap.xml")); err != nil || !strings.Contains(string(data), "<lastmod>2025-01-01") {
			t.Errorf("after a touch, no lastmod of 2025-01-01 (%v):\n%s", err, data)
		}
		if err := os.Chmod(about, 0); err != nil {
			t.Fatal(err)
		}
		if got := p.next(1); !strings.Contains(got, "+0 −1 ~0 URLs, 1 file written, 1 warning") {
			t.Errorf("after chmod 000: %q", got)
		}
		if err := os.Chmod(about, 0o644); err != nil {
			t.Fatal(err)
		}
		if got := p.next(2); !strings.Contains(got, "+1 −0 ~0 URLs, 1 file written") {
			t.Errorf("after chmod 644: %q", got)
		}
		if err := os.Chmod(about, 0); err != nil {
			t.Fatal(err)
		}
		p.next(3)
		p.stop(public)
		sameAsBuild(t, dir, public, args...)
		if got := urlsIn(t, filepath.Join(public, "sitemap.xml")); len(got) != 1 {
			t.Errorf("URLs %q, want 1", got)
		}
	})
}

func TestWatchNestedFoldersAtOnce(t *testing.T) {
	eachMode(t, func(t *testing.T, mode []string) {
		args := append(mode, watchArgs...)
		dir, public := newSite(t, map[string]string{"index.html": page("home")})
		p := startWatch(t, dir, args...)
		// Folders made and filled faster than a watch can be added on them.
		for i := range 5 {
			write(t, filepath.Join(public, "a", "b", fmt.Sprintf("c%d", i), "d", "index.html"), page("deep"))
		}
		for n := p.rebuilds(); len(urlsIn(t, filepath.Join(public, "sitemap.xml"))) != 6; n = p.rebuilds() {
			p.next(n)
		}
		// A scan lists a new folder when it finds it, and finds what was
		// written in it after that at its next pass: one more rebuild,
		// which changes nothing.
		p.settle(300 * time.Millisecond)
		p.stop(public)
		sameAsBuild(t, dir, public, args...)
	})
}

func TestWatchRenameFolder(t *testing.T) {
	eachMode(t, func(t *testing.T, mode []string) {
		args := append(mode, watchArgs...)
		dir, public := newSite(t, map[string]string{
			"index.html": page("home"), "docs/index.html": page("docs"), "docs/x/y.html": page("y"),
		})
		p := startWatch(t, dir, args...)
		if err := os.Rename(filepath.Join(public, "docs"), filepath.Join(public, "guide")); err != nil {
			t.Fatal(err)
		}
		if got := p.next(0); !strings.Contains(got, "+2 −2 ~0 URLs") {
			t.Errorf("after a rename: %q", got)
		}
		// The watches follow the folder to its new name.
		write(t, filepath.Join(public, "guide", "x", "z.html"), page("z"))
		if got := p.next(1); !strings.Contains(got, "+1 −0 ~0 URLs") {
			t.Errorf("after a page in the renamed folder: %q", got)
		}
		p.quiet(2, 300*time.Millisecond)
		p.stop(public)
		sameAsBuild(t, dir, public, args...)
		want := []string{"https://example.com/", "https://example.com/guide/", "https://example.com/guide/x/y.html", "https://example.com/guide/x/z.html"}
		if got := urlsIn(t, filepath.Join(public, "sitemap.xml")); !equal(got, want) {
			t.Errorf("URLs %q, want %q", got, want)
		}
	})
}

func equal(a, b []string) bool { return strings.Join(a, "\n") == strings.Join(b, "\n") }

func TestWatchEditorSave(t *testing.T) {
	eachMode(t, func(t *testing.T, mode []string) {
		args := append(mode, watchArgs...)
		dir, public := newSite(t, map[string]string{"index.html": page("home"), "a.html": page("a")})
		p := startWatch(t, dir, args...)
		// Save by rename, as Vim and many editors do: a temporary file (a
		// name watch ignores), then renamed over the page, with a new date.
		tmp := filepath.Join(public, ".a.html.swp")
		write(t, tmp, `<html><head><meta property="article:modified_time" content="2021-05-06T07:08:09Z"></head></html>`)
		if err := os.Rename(tmp, filepath.Join(public, "a.html")); err != nil {
			t.Fatal(err)
		}
		if got := p.next(0); !strings.Contains(got, "+0 −0 ~1 URLs, 1 file written") {
			t.Errorf("after a save by rename: %q", got)
		}
		p.quiet(1, 300*time.Millisecond)
		p.stop(public)
		sameAsBuild(t, dir, public, args...)
		if data, _ := os.ReadFile(filepath.Join(public, "sitemap.xml")); !bytes.Contains(data, []byte("2021-05-06T07:08:09Z")) {
			t.Errorf("the saved page's date is not in the sitemap:\n%s", data)
		}
	})
}

func TestWatchManyFilesAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 10,000 files")
	}
	eachMode(t, func(t *testing.T, mode []string) {
		dir, public := newSite(t, map[string]string{"index.html": page("home")})
		args := append(mode, []string{"--base-url", "https://example.com/", "--debounce", "200ms", "public"}...)
		p := startWatch(t, dir, args...)
		// 10,000 pages in 100 folders, as a generator's rebuild or a git
		// checkout writes them. A batch ends after a pause of the debounce
		// (200ms) or at the maximum wait (2s, the default): on a loaded
		// machine the writing may pause or take longer than that, so what
		// the writing did bounds the batches, not the clock's expectations.
		const debounce, maxWait = 200 * time.Millisecond, 2 * time.Second
		start, last, pauses := time.Now(), time.Now(), 0
		for i := range 10000 {
			write(t, filepath.Join(public, fmt.Sprintf("p%02d", i%100), fmt.Sprintf("page-%d.html", i)), page("p"))
			now := time.Now()
			if now.Sub(last) >= debounce {
				pauses++
			}
			last = now
		}
		wrote := time.Since(start)
		// One more in the modes that scan: a folder listed when the scan
		// finds it, and what was written in it after that at its next
		// pass. Where folders are scanned, a pass looks at them in turns,
		// at most 5 % of a core: on a loaded machine the 100 folders may
		// be found over several passes, each making a batch of what it
		// found. At most a batch a folder, then: never one a file.
		most := 3 + pauses + int(wrote/maxWait)
		if slices.Contains(mode, "--max-watches") {
			most += 100
		}
		deadline := time.Now().Add(60 * time.Second)
		for n := p.rebuilds(); len(urlsIn(t, filepath.Join(public, "sitemap.xml"))) != 10001; n = p.rebuilds() {
			if time.Now().After(deadline) {
				t.Fatalf("%d URLs after 60s, want 10001", len(urlsIn(t, filepath.Join(public, "sitemap.xml"))))
			}
			p.next(n)
		}
		// The end of the batches of the writing is an event, not a pause
		// of the clock's length: a page written in a new folder after
		// them, whose rebuild comes after theirs (in the modes that scan,
		// after the passes that found their folders). What came after it
		// is not counted.
		write(t, filepath.Join(public, "zz-marker", "index.html"), page("marker"))
		for n := p.rebuilds(); len(urlsIn(t, filepath.Join(public, "sitemap.xml"))) != 10002; n = p.rebuilds() {
			p.next(n)
		}
		marker := p.rebuilds()
		// The batches that changed the set are bounded by what the writing
		// did. Where folders are scanned, a pass that looks again at a
		// folder whose files a batch already read (its change time moved
		// while they were written) may make a batch that changes nothing:
		// how many such passes came depends on the scan's pace against the
		// writing, not on the batching, and they write nothing.
		n, empty, seen := 0, 0, 0
		for _, l := range p.output() {
			if !rebuildLine.MatchString(l) {
				continue
			}
			if seen++; seen > marker {
				break
			}
			switch {
			case strings.HasPrefix(l, "sitemapgen: +0 −0 ~0 URLs, 0 files written"):
				empty++
			case seen == marker && strings.HasPrefix(l, "sitemapgen: +1 −0 ~0 URLs,"):
				// The marker's own batch.
			default:
				n++
			}
		}
		if !slices.Contains(mode, "--max-watches") {
			n += empty
		}
		if n < 1 || n > most {
			t.Errorf("%d rebuilds that changed the set (and %d that did not) for 10,000 files written in %v with %d pauses of %v, want 1 to %d", n, empty, wrote.Round(time.Millisecond), pauses, debounce, most)
		}
		p.stop(public)
		sameAsBuild(t, dir, public, args...)
	})
}

func TestWatchConfig(t *testing.T) {
	dir, public := newSite(t, map[string]string{"index.html": page("home"), "blog/a.html": page("a")})
	cfg := filepath.Join(dir, "sitemap.yaml")
	write(t, cfg, "base_url: https://example.com/\nroot: public\n")
	p := startWatch(t, dir, "--debounce", "50ms")

	// A rule changes every blog URL.
	write(t, cfg, "base_url: https://example.com/\nroot: public\nrules:\n  - match: \"blog/**\"\n    changefreq: weekly\n")
	if got := p.next(0); !strings.Contains(got, "+0 −0 ~1 URLs, 1 file written") {
		t.Errorf("after a new rule: %q", got)
	}
	// An invalid configuration is reported, with its line, and the last
	// good one kept: a page added meanwhile is listed with the rule.
	write(t, cfg, "base_url: https://example.com/\nroot: public\nrules:\n  - match: \"blog/**\"\n    changefreq: sometimes\n")
	p.waitFor(regexp.MustCompile(`sitemap\.yaml:5: .*sometimes`), 1)
	p.waitFor(regexp.MustCompile(`last good one`), 1)
	write(t, filepath.Join(public, "blog", "b.html"), page("b"))
	if got := p.next(1); !strings.Contains(got, "+1 −0 ~0 URLs") {
		t.Errorf("after a page, with the last good config: %q", got)
	}
	if data, _ := os.ReadFile(filepath.Join(public, "sitemap.xml")); bytes.Count(data, []byte("<changefreq>weekly</changefreq>")) != 2 {
		t.Errorf("the last good rule does not apply to both blog pages:\n%s", data)
	}
	// Fixed: the new configuration applies.
	write(t, cfg, "base_url: https://example.com/\nroot: public\nrules:\n  - match: \"blog/**\"\n    changefreq: daily\n")
	if got := p.next(2); !strings.Contains(got, "+0 −0 ~2 URLs, 1 file written") {
		t.Errorf("after the fix: %q", got)
	}
	p.quiet(3, 300*time.Millisecond)
	p.stop(public)
	sameAsBuild(t, dir, public)
}

// TestWatchExtraURLs: a change to a file of extra URLs (extra_urls: of
// sitemap.yaml, or --extra-urls) builds again, and writes what a fresh
// build writes; a wrong line is said at its line, the sitemaps kept,
// watching going on.
func TestWatchExtraURLs(t *testing.T) {
	dir, public := newSite(t, map[string]string{"index.html": page("home"), "about.html": page("about")})
	write(t, filepath.Join(dir, "sitemap.yaml"), "base_url: https://example.com/\nroot: public\nextra_urls: [data/urls.jsonl]\n")
	urls := filepath.Join(dir, "data", "urls.jsonl")
	more := filepath.Join(dir, "more.txt")
	write(t, urls, `{"loc": "https://example.com/p/1"}`+"\n")
	write(t, more, "https://example.com/q/1\n")
	p := startWatch(t, dir, "--debounce", "50ms", "--extra-urls", more)
	if data, _ := os.ReadFile(filepath.Join(public, "sitemap.xml")); !bytes.Contains(data, []byte("<loc>https://example.com/q/1</loc>")) {
		t.Fatalf("the first build does not list the flag's file's URL:\n%s", data)
	}
	// The flag's list replaces the file's.
	if data, _ := os.ReadFile(filepath.Join(public, "sitemap.xml")); bytes.Contains(data, []byte("p/1")) {
		t.Errorf("--extra-urls did not replace extra_urls:\n%s", data)
	}
	p.stop(public)
	sameAsBuild(t, dir, public, "--extra-urls", more)

	p = startWatch(t, dir, "--debounce", "50ms")
	write(t, urls, `{"loc": "https://example.com/p/1"}`+"\n"+`{"loc": "https://example.com/p/2", "lastmod": "2024-05-01"}`+"\n")
	if got := p.next(0); !strings.Contains(got, "+1 −0 ~0 URLs, 1 file written") {
		t.Errorf("after a record added: %q", got)
	}
	// A record of a page's URL gives it its date.
	write(t, urls, `{"loc": "https://example.com/about.html", "lastmod": "2024-06-01"}`+"\n"+`{"loc": "https://example.com/p/2", "lastmod": "2024-05-01"}`+"\n")
	if got := p.next(1); !strings.Contains(got, "+0 −1 ~1 URLs, 1 file written") {
		t.Errorf("after a record removed and one of a page: %q", got)
	}
	// A wrong line: said at its line, the sitemaps kept, watching on.
	before, _ := os.ReadFile(filepath.Join(public, "sitemap.xml"))
	write(t, urls, `{"loc": "https://example.com/p/2"}`+"\n"+`{"loc": "https://example.com/p/3", "lastmod": "yesterday"}`+"\n")
	p.waitFor(regexp.MustCompile(`^data/urls\.jsonl:2: lastmod is not a date .*\(the line is not shown: the settings name this file\)`), 1)
	if after, _ := os.ReadFile(filepath.Join(public, "sitemap.xml")); !bytes.Equal(before, after) {
		t.Errorf("a wrong line changed sitemap.xml:\n%s", after)
	}
	write(t, urls, `{"loc": "https://example.com/p/2"}`+"\n"+`{"loc": "https://example.com/p/3", "lastmod": "2024-07-01"}`+"\n")
	p.until("p/3 listed", func() bool {
		data, _ := os.ReadFile(filepath.Join(public, "sitemap.xml"))
		return bytes.Contains(data, []byte("<loc>https://example.com/p/3</loc>"))
	})
	p.stop(public)
	sameAsBuild(t, dir, public)
}

// TestWatchHostileConfig writes a hugo.toml of a few MB of [[[[ while
// watch runs: it overflowed the decoder's stack, a fatal error that
// ended watch. It is reported with its line, the last good configuration
// kept, and watching goes on.
func TestWatchHostileConfig(t *testing.T) {
	dir, public := newSite(t, map[string]string{"index.html": page("home"), "a/index.html": page("a")})
	hugo := filepath.Join(dir, "hugo.toml")
	good := "baseURL = 'https://example.org/'\n"
	write(t, hugo, good)
	write(t, filepath.Join(dir, "content", "a.md"), "a")
	p := startWatch(t, dir, "--debounce", "50ms")
	p.waitFor(regexp.MustCompile(`watching`), 1)

	write(t, hugo, good+"x = "+strings.Repeat("[", 4<<20-100)+"\n")
	p.waitFor(regexp.MustCompile(`^hugo\.toml:2: nesting deeper than 100 \(limits\.nesting\)$`), 1)
	p.waitFor(regexp.MustCompile(`last good one`), 1)
	write(t, filepath.Join(public, "b", "index.html"), page("b"))
	if got := p.next(0); !strings.Contains(got, "+1 −0 ~0 URLs") {
		t.Errorf("after a page, with the last good config: %q", got)
	}
	write(t, hugo, good)
	p.waitFor(regexp.MustCompile(`configuration reloaded`), 1)
	p.stop(public)
	sameAsBuild(t, dir, public)
}

// TestWatchSignalDuringRebuild stops watch with SIGTERM while it rebuilds:
// exit 0, no temporary file, and the sitemap whole, old or new.
func TestWatchSignalDuringRebuild(t *testing.T) {
	pages := map[string]string{}
	for i := range 3000 {
		pages[fmt.Sprintf("docs/p%03d/page-%d.html", i%300, i)] = page("p")
	}
	pages["index.html"] = page("home")
	dir, public := newSite(t, pages)
	p := startWatch(t, dir, watchArgs...)
	if err := os.Rename(filepath.Join(public, "docs"), filepath.Join(public, "guide")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(60 * time.Millisecond) // the debounce, then the rebuild starts
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-p.done:
		if err != nil {
			t.Fatalf("watch after SIGTERM: %v, want exit status 0", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("watch still running 30s after SIGTERM")
	}
	noTemps(t, public)
	locs := urlsIn(t, filepath.Join(public, "sitemap.xml"))
	if len(locs) != 3001 {
		t.Fatalf("%d URLs, want 3001", len(locs))
	}
	data, err := os.ReadFile(filepath.Join(public, "sitemap.xml"))
	if err != nil || !bytes.HasSuffix(data, []byte("</urlset>\n")) {
		t.Errorf("sitemap.xml is not whole (%v)", err)
	}
}

// TestWatchFeedAndKeyFile: with --feed and --key-file, watch writes the
// feed and the key file after the first build, and the feed again after a
// rebuild, and then rests.
func TestWatchFeedAndKeyFile(t *testing.T) {
	t.Setenv("INDEXNOW_KEY", "0123456789abcdef")
	dir, public := newSite(t, map[string]string{"index.html": page("home"), "a.html": page("a")})
	old := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, name := range []string{"index.html", "a.html"} {
		if err := os.Chtimes(filepath.Join(public, name), old, old); err != nil {
			t.Fatal(err)
		}
	}
	p := startWatch(t, dir, append(slices.Clone(watchArgs), "--feed", "--key-file")...)
	key, err := os.ReadFile(filepath.Join(public, "0123456789abcdef.txt"))
	if err != nil || string(key) != "0123456789abcdef\n" {
		t.Fatalf("key file: %q, %v", key, err)
	}
	feed := func() string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(public, "feed.xml"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if f := feed(); strings.Count(f, "<entry>") != 2 || !strings.Contains(f, "<updated>2024-03-01T12:00:00Z</updated>") {
		t.Fatalf("feed after the first build:\n%s", f)
	}
	write(t, filepath.Join(public, "b.html"), page("b"))
	newer := time.Date(2024, 4, 1, 8, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(public, "b.html"), newer, newer); err != nil {
		t.Fatal(err)
	}
	if got := p.next(0); !strings.Contains(got, "+1 −0 ~0 URLs") {
		t.Errorf("after a new page: %q", got)
	}
	// The feed names the new page first, at its date.
	f := feed()
	if i := strings.Index(f, "<entry>"); i < 0 || !strings.Contains(f[i:], "<id>https://example.com/b.html</id>") || strings.Index(f[i:], "b.html") > strings.Index(f[i:], "a.html") {
		t.Errorf("feed after the rebuild:\n%s", f)
	}
	p.quiet(1, 500*time.Millisecond)
	p.stop(public)
}

// TestWatchRestoresOwnOutput: a sitemap file that someone else removes or
// overwrites is written again at once, without waiting for a page to
// change; its own writes are not taken for such a change (no rebuild
// after them).
func TestWatchRestoresOwnOutput(t *testing.T) {
	dir, public := newSite(t, map[string]string{"index.html": page("home"), "a.html": page("a")})
	p := startWatch(t, dir, watchArgs...)
	index := filepath.Join(public, "sitemap.xml")
	want, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(index); err != nil {
		t.Fatal(err)
	}
	if got := p.next(0); !strings.Contains(got, "+0 −0 ~0 URLs, 1 file written") {
		t.Errorf("after sitemap.xml was removed: %q", got)
	}
	write(t, index, "<urlset></urlset>\n")
	if got := p.next(1); !strings.Contains(got, "+0 −0 ~0 URLs, 1 file written") {
		t.Errorf("after sitemap.xml was overwritten: %q", got)
	}
	if got, err := os.ReadFile(index); err != nil || string(got) != string(want) {
		t.Errorf("sitemap.xml %q, %v; want %q", got, err, want)
	}
	p.quiet(2, 300*time.Millisecond)
	p.stop(public)
	sameAsBuild(t, dir, public, watchArgs...)
}

// TestWatchFollowsLinkSwaps: with --follow-symlinks, a followed link
// swapped atomically for one to another folder, and a folder replaced by
// a link to it, are rebuilt: the URLs under the link's name are those of
// its new target, as a build lists them.
func TestWatchFollowsLinkSwaps(t *testing.T) {
	dir, public := newSite(t, map[string]string{"index.html": page("home"), "v1/one.html": page("one"), "v2/two.html": page("two"), "blog/post.html": page("post")})
	if err := os.Symlink("v1", filepath.Join(public, "cur")); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"--follow-symlinks"}, watchArgs...)
	p := startWatch(t, dir, args...)
	// ln -sfn v2 tmp; mv -T tmp cur
	if err := os.Symlink("v2", filepath.Join(public, "tmp")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(public, "tmp"), filepath.Join(public, "cur")); err != nil {
		t.Fatal(err)
	}
	if got := p.next(0); !strings.Contains(got, "+1 −1 ~0 URLs") {
		t.Errorf("after the link was swapped: %q", got)
	}
	// mv blog blog.old; ln -s blog.old blog
	if err := os.Rename(filepath.Join(public, "blog"), filepath.Join(public, "blog.old")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("blog.old", filepath.Join(public, "blog")); err != nil {
		t.Fatal(err)
	}
	// The rename and the link may come in one batch or two: each rebuild
	// prints a line once its files are in place.
	deadline := time.After(30 * time.Second)
	for locs := []string(nil); !slices.Contains(locs, "https://example.com/blog.old/post.html") || !slices.Contains(locs, "https://example.com/blog/post.html"); locs = urlsIn(t, filepath.Join(public, "sitemap.xml")) {
		select {
		case <-p.added:
		case <-deadline:
			t.Fatal("blog.old/post.html and blog/post.html not both listed after 30s")
		}
	}
	p.stop(public)
	sameAsBuild(t, dir, public, args...)
}

// TestWatchRestoresOtherOutputs: robots.txt (--robots), the feed (--feed)
// and the IndexNow key file (--key-file), removed or overwritten by
// someone else, are written again at once, as a build writes them; their
// own writes are not taken for such a change.
func TestWatchRestoresOtherOutputs(t *testing.T) {
	t.Setenv("INDEXNOW_KEY", "0123456789abcdef")
	dir, public := newSite(t, map[string]string{"index.html": page("home"), "a.html": page("a")})
	args := append([]string{"--robots", "--feed", "--key-file"}, watchArgs...)
	p := startWatch(t, dir, args...)
	read := func(name string) string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(public, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	names := []string{"robots.txt", "feed.xml", "0123456789abcdef.txt"}
	want := make(map[string]string)
	for _, name := range names {
		want[name] = read(name)
	}
	// Someone else's robots.txt and key file; an edited copy of the feed
	// (a feed of another tool is left alone, as a build leaves it).
	other := map[string]string{
		"robots.txt":           "User-agent: *\nDisallow: /private/\n",
		"feed.xml":             strings.ReplaceAll(want["feed.xml"], "a.html", "x.html"),
		"0123456789abcdef.txt": "someone else's\n",
	}
	n := 0
	for _, name := range names {
		for _, change := range []string{"removed", "overwritten"} {
			path := filepath.Join(public, name)
			if change == "removed" {
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
			} else {
				write(t, path, other[name])
			}
			if got := p.next(n); !strings.Contains(got, "+0 −0 ~0 URLs, 1 file written") {
				t.Errorf("after %s was %s: %q", name, change, got)
			}
			n++
			if got := read(name); got != want[name] && name != "robots.txt" {
				t.Errorf("%s after it was %s:\n%s\nwant\n%s", name, change, got, want[name])
			}
		}
	}
	// robots.txt keeps what someone else wrote, and gets the Sitemap:
	// line back, as a build merges it.
	if got := read("robots.txt"); got != other["robots.txt"]+"\n"+want["robots.txt"] {
		t.Errorf("robots.txt after it was overwritten:\n%s", got)
	}
	p.quiet(n, 300*time.Millisecond)
	p.stop(public)
	sameAsBuild(t, dir, public, args...)
	for _, name := range names[1:] {
		if got := read(name); got != want[name] {
			t.Errorf("%s after a build:\n%s\nwant\n%s", name, got, want[name])
		}
	}
}

// TestWatchRobotsTxt: a change of robots.txt's rules judges every page
// again, with --robots writing its Sitemap: line into the same file or
// without, and the sitemaps are those a fresh build writes after each
// change.
func TestWatchRobotsTxt(t *testing.T) {
	for _, own := range []bool{false, true} {
		t.Run(fmt.Sprintf("robots=%v", own), func(t *testing.T) {
			dir, public := newSite(t, map[string]string{"index.html": page("home"), "a.html": page("a"), "private/b.html": page("b")})
			args := watchArgs
			if own {
				args = append([]string{"--robots"}, watchArgs...)
			}
			p := startWatch(t, dir, args...)
			robots := filepath.Join(public, "robots.txt")
			steps := []struct {
				robots, want string
				urls         int
			}{
				{"User-agent: *\nDisallow: /private/\n", "+0 −1 ~0 URLs", 2},
				{"User-agent: *\nDisallow: /private/\n\nUser-agent: Bingbot\nDisallow: /a.html\n", "+0 −1 ~0 URLs", 1},
				{"User-agent: *\nDisallow:\n", "+2 −0 ~0 URLs", 3},
			}
			for i, s := range steps {
				write(t, robots, s.robots)
				if got := p.next(i); !strings.Contains(got, s.want) {
					t.Errorf("after robots.txt %q: %q, want %s", s.robots, got, s.want)
				}
				if got := urlsIn(t, filepath.Join(public, "sitemap.xml")); len(got) != s.urls {
					t.Errorf("after robots.txt %q: URLs %q, want %d", s.robots, got, s.urls)
				}
				data, err := os.ReadFile(robots)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.HasPrefix(string(data), s.robots) || own != strings.Contains(string(data), "Sitemap: https://example.com/sitemap.xml") {
					t.Errorf("robots.txt after the rebuild:\n%s", data)
				}
			}
			// A page added under a folder the rules now allow is listed.
			write(t, filepath.Join(public, "private/c.html"), page("c"))
			if got := p.next(len(steps)); !strings.Contains(got, "+1 −0 ~0 URLs") {
				t.Errorf("after a new page: %q", got)
			}
			p.quiet(len(steps)+1, 300*time.Millisecond)
			p.stop(public)
			sameAsBuild(t, dir, public, args...)
		})
	}
}

// TestWatchHreflang: an edit that removes a page's link back to the
// other page of a two-language pair makes the warning appear and the
// written alternates change; restoring it makes the warning go, and the
// sitemaps are a fresh build's.
func TestWatchHreflang(t *testing.T) {
	eachMode(t, func(t *testing.T, mode []string) {
		pair := func(lang string, links ...string) string {
			var b strings.Builder
			b.WriteString("<!doctype html>\n<html><head>\n<title>" + lang + "</title>\n")
			for _, l := range links {
				fmt.Fprintf(&b, "<link rel=\"alternate\" hreflang=\"%s\" href=\"/%s/\">\n", l, l)
			}
			return b.String() + "</head><body><p>" + lang + "</p></body></html>\n"
		}
		dir, public := newSite(t, map[string]string{"en/index.html": pair("en", "en", "de"), "de/index.html": pair("de", "en", "de")})
		args := append(append(mode, "--lastmod-sources", "none"), watchArgs...) // the bytes of each write, whatever the clock
		p := startWatch(t, dir, args...)
		sitemap := filepath.Join(public, "sitemap.xml")
		const (
			deToEN = `<xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>`
			enToDE = `<xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/>`
		)
		warning := regexp.MustCompile(`^public/en/index\.html:5: warning: hreflang de alternate https://example\.com/de/ does not list this page back \(Google ignores a link not returned\)$`)
		before, err := os.ReadFile(sitemap)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(before), deToEN); n != 2 || p.count(warning) != 0 {
			t.Fatalf("the first build: %d links to en (want 2), %d warnings:\n%s", n, p.count(warning), before)
		}

		// de no longer lists en: en's link to de is not returned.
		write(t, filepath.Join(public, "de/index.html"), pair("de", "de"))
		p.next(0)
		if p.count(warning) != 1 {
			t.Errorf("after the link back was removed: no warning\n%s", strings.Join(p.output(), "\n"))
		}
		after, err := os.ReadFile(sitemap)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(after), deToEN); n != 1 || strings.Count(string(after), enToDE) != 2 {
			t.Errorf("after the link back was removed, the alternates written:\n%s", after)
		}

		// Restored: the warning is not said again, and the sitemaps are those
		// of the first build, a fresh build's.
		write(t, filepath.Join(public, "de/index.html"), pair("de", "en", "de"))
		p.next(1)
		if p.count(warning) != 1 {
			t.Errorf("after the link back was restored: the warning said again\n%s", strings.Join(p.output(), "\n"))
		}
		if got, err := os.ReadFile(sitemap); err != nil || !bytes.Equal(got, before) {
			t.Errorf("after the link back was restored (%v):\n%s\nwant\n%s", err, got, before)
		}
		p.stop(public)
		sameAsBuild(t, dir, public, args...)
	})
}

// TestWatchImages: a changed <img> in a page changes its image entry;
// changed back, the sitemaps are the first build's, a fresh build's.
func TestWatchImages(t *testing.T) {
	eachMode(t, func(t *testing.T, mode []string) {
		page := func(src string) string {
			return "<!doctype html>\n<html><head><title>a</title></head><body><main><img src=\"" + src + "\"></main></body></html>\n"
		}
		dir, public := newSite(t, map[string]string{"a/index.html": page("one.png"), "b/index.html": page("/shared.png")})
		args := append(append(mode, "--lastmod-sources", "none", "--images"), watchArgs...)
		p := startWatch(t, dir, args...)
		sitemap := filepath.Join(public, "sitemap.xml")
		before, err := os.ReadFile(sitemap)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(before), "<image:loc>https://example.com/a/one.png</image:loc>") {
			t.Fatalf("the first build has no image entry for a/:\n%s", before)
		}

		write(t, filepath.Join(public, "a/index.html"), page("two.png"))
		p.next(0)
		after, err := os.ReadFile(sitemap)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(after), "<image:loc>https://example.com/a/two.png</image:loc>") || strings.Contains(string(after), "one.png") {
			t.Errorf("after the <img> changed:\n%s", after)
		}

		write(t, filepath.Join(public, "a/index.html"), page("one.png"))
		p.next(1)
		if got, err := os.ReadFile(sitemap); err != nil || !bytes.Equal(got, before) {
			t.Errorf("after the <img> changed back (%v):\n%s\nwant\n%s", err, got, before)
		}
		p.stop(public)
		sameAsBuild(t, dir, public, args...)
	})
}

// TestWatchRootRenamedAway: the site's folder renamed away is said once,
// however long it stays away (a rebuild then used to take the lock, which
// made the folder again, which the watch saw come and go: a warning five
// times a second), and once again when it is back; then pages are seen
// as before.
func TestWatchRootRenamedAway(t *testing.T) {
	dir, public := newSite(t, map[string]string{"index.html": page("home")})
	p := startWatch(t, dir, watchArgs...)
	gone := regexp.MustCompile(`public was removed or renamed`)
	if err := os.Rename(public, public+".moved"); err != nil {
		t.Fatal(err)
	}
	p.waitFor(gone, 1)
	time.Sleep(time.Second) // away a while: nothing more is said, nothing is made
	if _, err := os.Stat(public); err == nil {
		t.Error("the folder was made again while it was away")
	}
	if err := os.Rename(public+".moved", public); err != nil {
		t.Fatal(err)
	}
	p.waitFor(regexp.MustCompile(`public is back; building again `), 1)
	n := p.rebuilds()
	write(t, filepath.Join(public, "a.html"), page("a"))
	for !strings.Contains(p.next(n), "+1 −0") {
		n = p.rebuilds()
	}
	if c := p.count(gone); c != 1 {
		t.Errorf("said %d times that the folder is gone, want once:\n%s", c, strings.Join(p.output(), "\n"))
	}
	p.stop(public)
	sameAsBuild(t, dir, public, watchArgs...)
}

// TestWatchOutputEmptied: a generator's build that empties the site's
// folder and writes it again (astro build empties dist/ first) is said
// once a session, not once a build, and is no error. The first emptiness
// is a rebuild of its own (its line is awaited); the later ones may fall
// into one batch with the pages written again: internal/cli's
// TestWatchEmptiedOnce makes each a rebuild of its own.
func TestWatchOutputEmptied(t *testing.T) {
	dir, public := newSite(t, map[string]string{"index.html": page("home"), "about.html": page("about")})
	p := startWatch(t, dir, watchArgs...)
	emptied := regexp.MustCompile(`^sitemapgen: public was emptied, as a generator's build does; `)
	for i := range 3 {
		entries, err := os.ReadDir(public)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if err := os.RemoveAll(filepath.Join(public, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
		if i == 0 {
			p.waitFor(emptied, 1) // the first time, while it is empty
		}
		n := p.rebuilds()
		pageI := fmt.Sprintf("page-%d.html", i)
		for _, name := range []string{"index.html", "about.html", pageI} {
			write(t, filepath.Join(public, name), page(name))
		}
		for !strings.Contains(p.next(n), "+1 ") {
			n = p.rebuilds()
		}
	}
	if c := p.count(emptied); c != 1 {
		t.Errorf("said %d times that the folder was emptied, want once:\n%s", c, strings.Join(p.output(), "\n"))
	}
	if c := p.count(regexp.MustCompile(`no page found`)); c != 0 {
		t.Errorf("an emptied folder is an error %d times:\n%s", c, strings.Join(p.output(), "\n"))
	}
	p.stop(public)
	sameAsBuild(t, dir, public, watchArgs...)
}

// TestWatchRootMadeAnew: a generator's build that removes the site's
// folder and makes it anew, three times, is said once a session, not
// once a build. The watch takes each removal before the folder made
// anew, so each build's line comes after it was told of it. "is back"
// is said when a rebuild found the folder gone, which the removal and
// the folder made anew in one batch is not: at most once.
func TestWatchRootMadeAnew(t *testing.T) {
	dir, public := newSite(t, map[string]string{"index.html": page("home"), "about.html": page("about")})
	p := startWatch(t, dir, watchArgs...)
	for i := range 3 {
		// As rm -rf does, again while the folder is not empty: watch puts
		// back a sitemap file removed before the folder is (its own
		// output, restored), which a slow removal can meet.
		for {
			err := os.RemoveAll(public)
			if err == nil {
				break
			}
			if !errors.Is(err, syscall.ENOTEMPTY) {
				t.Fatal(err)
			}
		}
		n := p.rebuilds()
		for _, name := range []string{"index.html", "about.html", fmt.Sprintf("page-%d.html", i)} {
			write(t, filepath.Join(public, name), page(name))
		}
		for !strings.Contains(p.next(n), "+1 ") {
			n = p.rebuilds()
		}
	}
	if c := p.count(regexp.MustCompile(`public was removed or renamed`)); c != 1 {
		t.Errorf("said %d times that the folder is gone, want once:\n%s", c, strings.Join(p.output(), "\n"))
	}
	if c := p.count(regexp.MustCompile(`public is back; building again`)); c > 1 {
		t.Errorf("said %d times that the folder is back, want once at most:\n%s", c, strings.Join(p.output(), "\n"))
	}
	p.stop(public)
	sameAsBuild(t, dir, public, watchArgs...)
}

// TestWatchNoindex: every page of the site turning noindex (a staging
// layout) removes the sitemap and its robots.txt line, said in one line,
// with no error and watching on; a page losing its noindex brings them
// back. Each state is awaited on watch's lines and the files, in
// whatever batches the writes fall.
func TestWatchNoindex(t *testing.T) {
	const noindex = `<!doctype html><meta name="robots" content="noindex"><title>staging</title>`
	dir, public := newSite(t, map[string]string{"index.html": page("home"), "a.html": page("a")})
	args := append([]string{"--robots"}, watchArgs...)
	p := startWatch(t, dir, args...)
	sitemap, robots := filepath.Join(public, "sitemap.xml"), filepath.Join(public, "robots.txt")
	there := func(path string) bool { _, err := os.Stat(path); return err == nil }
	robotsLine := func() bool { b, _ := os.ReadFile(robots); return strings.Contains(string(b), "Sitemap: ") }
	if !there(sitemap) || !robotsLine() {
		t.Fatal("the first build wrote no sitemap, or no line of robots.txt")
	}

	write(t, filepath.Join(public, "index.html"), noindex)
	write(t, filepath.Join(public, "a.html"), noindex)
	none := regexp.MustCompile(`^sitemapgen: every page found is noindex \(2 noindex\): no sitemap written, and the earlier one removed, with its Sitemap: lines of robots.txt$`)
	p.until("the set withdrawn", func() bool { return p.count(none) == 1 && !there(sitemap) && !robotsLine() })

	write(t, filepath.Join(public, "a.html"), page("a"))
	back := regexp.MustCompile(`^sitemapgen: \+1 −0 ~0 URLs, 2 files written`)
	p.until("the set back", func() bool { return p.count(back) == 1 && there(sitemap) && robotsLine() })
	if got := urlsIn(t, sitemap); !equal(got, []string{"https://example.com/a.html"}) {
		t.Errorf("URLs %q", got)
	}
	if c := p.count(regexp.MustCompile(`skipped|error|still watching`)); c != 0 {
		t.Errorf("%d lines of an error:\n%s", c, strings.Join(p.output(), "\n"))
	}
	p.stop(public)
	sameAsBuild(t, dir, public, args...)
}
