package e2e

import (
	"bufio"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// TestWatchBesideHugoServer runs "sitemapgen watch public" beside "hugo
// server --renderToDisk", which writes every page's canonical and
// alternate links on http://localhost:PORT/: watch mode takes them as
// their paths on the base URL, so it lists what a build of "hugo" lists,
// and a page added while both run is listed. .ci/run installs Debian's
// hugo for it.
func TestWatchBesideHugoServer(t *testing.T) {
	const base = "https://example.com/"
	_, built := buildHugo(t, "hugo")
	want := sitemapURLs(t, mustRunOut(t, built, base))

	src := filepath.Join(t.TempDir(), "site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "hugo"))); err != nil {
		t.Fatal(err)
	}
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
	p.stop(out)
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
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		t.Skip("hugo is not installed (Debian: apt-get install hugo; .ci/run installs it)")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	l.Close()
	cmd := exec.Command(hugo, "server", "--renderToDisk", "--source", src, "--bind", "127.0.0.1", "--port", port, "--disableLiveReload", "--disableFastRender")
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
	sc := bufio.NewScanner(stdout)
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if strings.Contains(sc.Text(), "Web Server is available") {
			go func() { // keep hugo's output flowing
				for sc.Scan() {
				}
			}()
			return
		}
	}
	t.Fatalf("hugo server ended before serving:\n%s", strings.Join(lines, "\n"))
}
