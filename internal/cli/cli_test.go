package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/writer"
)

// The commands run in this process here, under the race detector when
// the tests are; internal/e2e runs the binary.

// noEnv is an empty environment.
func noEnv(string) string { return "" }

// site writes a small site of pages into a new folder and returns it.
func site(t *testing.T, pages ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, p := range pages {
		path := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("<title>"+p+"</title>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// lines is an io.Writer that hands each complete line written to it to a
// channel, for a test to wait on what a command says rather than on a
// clock.
type lines struct {
	mu  sync.Mutex
	buf []byte
	ch  chan string
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		l.ch <- string(l.buf[:i])
		l.buf = l.buf[i+1:]
	}
}

// await returns the next line that contains want, failing the test if
// the command ends first or says nothing for a minute (a hang).
func (l *lines) await(t *testing.T, want string, done <-chan int) string {
	t.Helper()
	for {
		select {
		case line := <-l.ch:
			if strings.Contains(line, want) {
				return line
			}
		case code := <-done:
			t.Fatalf("the command ended (exit %d) before saying %q", code, want)
		case <-time.After(time.Minute):
			t.Fatalf("nothing said for a minute while waiting for %q", want)
		}
	}
}

// awaitChange returns the next rebuild's line that changed something:
// a file written in two steps (created, then written) may reach a loaded
// machine's watch as two batches 10 ms apart, the second a rebuild that
// changes nothing ("+0 −0 ~0 URLs, 0 files written"), which is skipped.
func (l *lines) awaitChange(t *testing.T, done <-chan int) string {
	t.Helper()
	for {
		if line := l.await(t, "URLs,", done); !strings.Contains(line, "+0 −0 ~0 URLs, 0 files written") {
			return line
		}
	}
}

// TestWatch runs watch mode in this process: a page added and a page
// removed each give one rebuild, and the files then are those a build
// writes; a cancelled context (SIGINT, SIGTERM) ends it with exit 0.
func TestWatch(t *testing.T) {
	root := site(t, "index.html", "a.html")
	args := []string{"--base-url", "https://example.com/", "--lastmod-sources", "none", root}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &lines{ch: make(chan string, 100)}
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, append([]string{"watch", "--debounce", "10ms"}, args...), &bytes.Buffer{}, stderr, noEnv)
	}()
	stderr.await(t, "watching "+root, done)

	if err := os.WriteFile(filepath.Join(root, "b.html"), []byte("<title>b</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if line := stderr.awaitChange(t, done); !strings.Contains(line, "+1 −0 ~0 URLs, 1 file written") {
		t.Errorf("after adding b.html: %q", line)
	}
	if err := os.Remove(filepath.Join(root, "a.html")); err != nil {
		t.Fatal(err)
	}
	if line := stderr.awaitChange(t, done); !strings.Contains(line, "+0 −1 ~0 URLs, 1 file written") {
		t.Errorf("after removing a.html: %q", line)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("watch: exit %d", code)
	}
	watched, err := os.ReadFile(filepath.Join(root, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	var buildErr bytes.Buffer
	if code := Main(context.Background(), append([]string{"--check"}, args...), &bytes.Buffer{}, &buildErr, noEnv); code != 0 {
		t.Errorf("the sitemap watch left is not what a build writes:\n%s\n%s", watched, buildErr.String())
	}
}

// A file watch mode cannot write (here another tool's feed.xml) is said
// once a session, not after every rebuild.
func TestWatchWarnsOnce(t *testing.T) {
	root := site(t, "index.html")
	if err := os.WriteFile(filepath.Join(root, "feed.xml"), []byte("<feed>another tool's</feed>"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &lines{ch: make(chan string, 100)}
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, []string{"watch", "--debounce", "10ms", "--feed", "--base-url", "https://example.com/", root}, &bytes.Buffer{}, stderr, noEnv)
	}()
	warnings := 0
	count := func(line string) {
		if strings.Contains(line, "no feed written") {
			warnings++
		}
	}
	for line := stderr.await(t, "", done); !strings.Contains(line, "watching "); line = stderr.await(t, "", done) {
		count(line)
	}
	for _, page := range []string{"a.html", "b.html"} {
		if err := os.WriteFile(filepath.Join(root, page), []byte("<title>x</title>"), 0o644); err != nil {
			t.Fatal(err)
		}
		for line := stderr.await(t, "", done); !strings.Contains(line, "URLs,"); line = stderr.await(t, "", done) {
			count(line)
		}
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("watch: exit %d", code)
	}
	close(stderr.ch)
	for line := range stderr.ch {
		count(line)
	}
	if warnings != 1 {
		t.Errorf("%d warnings that the feed is not written, want 1", warnings)
	}
}

// watch's --help names the flags of build it does not take: those only
// build has, and those it refuses.
func TestWatchHelpNamesBuildOnlyFlags(t *testing.T) {
	i := strings.Index(watchUsage(), "every flag of build")
	j := strings.Index(watchUsage()[i:], ", and\n")
	if i < 0 || j < 0 {
		t.Fatal(`watch's --help has no "every flag of build ... but ..., and" sentence`)
	}
	got := slices.DeleteFunc(regexp.MustCompile(`--[a-z-]+`).FindAllString(watchUsage()[i:i+j], -1),
		func(f string) bool { return f == "--help" }) // "(sitemapgen --help)"
	var want []string
	for _, s := range config.Settings {
		if s.Hidden {
			continue
		}
		if s.Only == config.BuildCommand || slices.Contains(refusedInWatch, s.Flag) {
			want = append(want, "--"+s.Flag)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("watch's --help says it does not take %q; it does not take %q", got, want)
	}
}

// A release build prints the version, commit and date GoReleaser stamped
// (.goreleaser.yaml's ldflags set these variables), for version and
// --version alike; a go build, its build information.
func TestVersionStamped(t *testing.T) {
	var out, errs bytes.Buffer
	Main(context.Background(), []string{"version"}, &out, &errs, noEnv)
	if !strings.HasPrefix(out.String(), "sitemapgen ") || strings.Contains(out.String(), "2026-05-01") {
		t.Errorf("unstamped: %q", out.String())
	}
	defer func(v, c, d string) { stampVersion, stampCommit, stampDate = v, c, d }(stampVersion, stampCommit, stampDate)
	stampVersion, stampCommit, stampDate = "1.4.0", "0123456789abcdef0123", "2026-05-01T09:30:00Z"
	for _, args := range [][]string{{"version"}, {"--version"}, {"watch", "--version"}} {
		out.Reset()
		if code := Main(context.Background(), args, &out, &errs, noEnv); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errs.String())
		}
		if want := "sitemapgen 1.4.0 (0123456789ab, 2026-05-01T09:30:00Z)\n"; out.String() != want {
			t.Errorf("%q printed %q, want %q", args, out.String(), want)
		}
	}
}

// viewerOwn reads the output folder's record within limits.output_bytes
// as set: a record larger than the default, with the limit raised, still
// says the last build wrote sitemap.html (it was read with the default
// bound, its error dropped, and the viewer taken for a page).
func TestViewerOwnRaisedLimit(t *testing.T) {
	out := t.TempDir()
	record := filepath.Join(out, writer.RecordName)
	if err := os.WriteFile(record, []byte("# the record\nsitemap.html\nsitemap.xml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Past the default bound: zeros after the names (a sparse file).
	if err := os.Truncate(record, int64(limits.Default.OutputBytes)+1<<20); err != nil {
		t.Fatal(err)
	}
	c := &config.Config{}
	c.Build.Write.Dir = out
	if viewerOwn(c) {
		t.Errorf("viewerOwn with a record past the default bound: true, want false (not read)")
	}
	c.Build.Limits.OutputBytes = 2 * limits.Default.OutputBytes
	if !viewerOwn(c) {
		t.Errorf("viewerOwn with limits.output_bytes raised past the record's size: false, want true")
	}
}

// TestHelp: every command's --help prints what "sitemapgen help COMMAND"
// prints, its own text (made when first asked for, not at the start);
// "sitemapgen --help" and "sitemapgen help" print build's.
func TestHelp(t *testing.T) {
	help := func(args ...string) string {
		t.Helper()
		var out, errs bytes.Buffer
		if code := Main(context.Background(), args, &out, &errs, noEnv); code != 0 || errs.Len() > 0 {
			t.Fatalf("sitemapgen %s: exit %d\n%s", strings.Join(args, " "), code, errs.String())
		}
		return out.String()
	}
	seen := map[string]string{}
	for name := range commands {
		text := help(name, "--help")
		if !strings.Contains(text, "Usage:\n  sitemapgen ") {
			t.Errorf("sitemapgen %s --help has no Usage:\n%s", name, text)
		}
		if other := help("help", name); other != text {
			t.Errorf("sitemapgen help %s prints other than sitemapgen %s --help:\n%s", name, name, other)
		}
		if prev, ok := seen[text]; ok {
			t.Errorf("%s and %s print the same help", prev, name)
		}
		seen[text] = name
	}
	if build := help("build", "--help"); help("--help") != build || help("help") != build {
		t.Error("sitemapgen --help or sitemapgen help prints other than sitemapgen build --help")
	}
}

// TestWithoutCheck: --check's verdict names the command that writes the
// sitemaps, the one given without --check, each word as a shell reads it.
func TestWithoutCheck(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--check", "--base-url", "https://example.com/", "public"}, "sitemapgen --base-url https://example.com/ public"},
		{[]string{"--base-url=https://example.com/", "-check", "--gzip"}, "sitemapgen --base-url=https://example.com/ --gzip"},
		{[]string{"--check=true", "--exclude", "drafts/**", "my site"}, "sitemapgen --exclude 'drafts/**' 'my site'"},
		{[]string{"--check", "it's", "a\nb"}, `sitemapgen 'it'\''s' 'a\nb'`},
		{[]string{"--check", "--", "--check"}, "sitemapgen -- --check"},
		{[]string{"--checks", ""}, "sitemapgen --checks ''"},
	} {
		if got := withoutCheck(c.args); got != c.want {
			t.Errorf("withoutCheck(%q) = %s, want %s", c.args, got, c.want)
		}
	}
}
