package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

const (
	noindexPage = `<meta name="robots" content="noindex, nofollow"><title>staging</title>`
	plainPage   = `<title>page</title>`
	offsite     = `<link rel="canonical" href="https://staging.example.org/a/"><title>a</title>`
)

// build runs "sitemapgen ARGS" in this process and returns its exit
// status, standard output and standard error.
func build(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Main(context.Background(), args, &stdout, &stderr, noEnv)
	return code, stdout.String(), stderr.String()
}

// TestBuildNoneListed: a site whose every page is noindex builds with
// exit 0 and one line, which --json says in its fields: no sitemap, the
// earlier set and its robots.txt line removed; --check finds such a
// folder current, and one with a sitemap left over out of date. Pages
// left out by a mistake beside noindex ones still fail.
func TestBuildNoneListed(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"index.html": plainPage, "a/index.html": plainPage, "robots.txt": "User-agent: *\nAllow: /\n"})
	args := []string{"--base-url", "https://example.com/", "--robots", "--lastmod-sources", "none", dir}
	if code, _, stderr := build(t, args...); code != 0 {
		t.Fatalf("the first build: exit %d\n%s", code, stderr)
	}
	writeFiles(t, dir, map[string]string{"index.html": noindexPage, "a/index.html": noindexPage, "404.html": plainPage})

	// --check before: the sitemap a build removes is out of date.
	code, stdout, stderr := build(t, append([]string{"--check"}, args...)...)
	if code != 1 || !strings.Contains(stdout, filepath.Join(dir, "sitemap.xml")+": stale: a build removes it\n") ||
		!strings.Contains(stdout, filepath.Join(dir, "robots.txt")+": differs from what a build writes\n") ||
		!strings.HasSuffix(stderr, "sitemapgen: 2 files out of date; run sitemapgen "+strings.Join(args, " ")+" to update them\n") {
		t.Errorf("--check with the earlier set there: exit %d\n%s%s", code, stdout, stderr)
	}

	code, stdout, stderr = build(t, append([]string{"--json"}, args...)...)
	want := "sitemapgen: every page found is noindex (2 noindex, 1 error page): no sitemap written, and the earlier one removed, with its Sitemap: lines of robots.txt\n"
	if code != 0 || stderr != want {
		t.Fatalf("exit %d, said\n%swant\n%s", code, stderr, want)
	}
	var sum jsonSummary
	if !strings.Contains(stdout, `"files":[],"removed":["sitemap.xml"]`) { // lists, never null
		t.Errorf("--json: %s", stdout)
	}
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if sum.Pages != 3 || sum.URLs != 0 || len(sum.Files) != 0 || !slices.Equal(sum.Removed, []string{"sitemap.xml"}) ||
		sum.Skipped["noindex"] != 2 || sum.Skipped["error page"] != 1 || sum.NotWritten != "every page found is noindex (2 noindex, 1 error page)" {
		t.Errorf("--json: %s", stdout)
	}
	for _, name := range []string{"sitemap.xml", ".sitemapgen-files"} {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s is still there", name)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "robots.txt")); string(b) != "User-agent: *\nAllow: /\n\n" {
		t.Errorf("robots.txt:\n%s", b)
	}

	// Again: nothing left to remove; --check finds it current.
	if code, stdout, stderr := build(t, append([]string{"--json"}, args...)...); code != 0 || stderr != "sitemapgen: every page found is noindex (2 noindex, 1 error page): no sitemap written\n" ||
		!strings.Contains(stdout, `"files":[],"removed":[]`) {
		t.Errorf("again: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, stdout, stderr := build(t, append([]string{"--check"}, args...)...); code != 0 || stdout != "" ||
		stderr != "sitemapgen: every page found is noindex (2 noindex, 1 error page): no sitemap in "+dir+", as a build leaves it\n" {
		t.Errorf("--check: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, _, stderr := build(t, append([]string{"--dry-run"}, args...)...); code != 0 ||
		stderr != "sitemapgen: dry run: every page found is noindex (2 noindex, 1 error page): no sitemap would be written\n" {
		t.Errorf("--dry-run: exit %d\n%s", code, stderr)
	}

	// A page whose canonical link is on another host: exit 1.
	writeFiles(t, dir, map[string]string{"a/index.html": offsite})
	if code, _, stderr := build(t, args...); code != 1 || !strings.Contains(stderr, "every page found was skipped (1 canonical on another host, 1 error page, 1 noindex)") {
		t.Errorf("a canonical link on another host: exit %d\n%s", code, stderr)
	}
}

// TestWatchNoneListed: watch, batch by batch as watch.Run hands them
// over (no clock): every page turning noindex removes the sitemap and
// its robots.txt line, in one line; a page losing its noindex brings
// them back; the folder is then what a build writes.
func TestWatchNoneListed(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"public/index.html": plainPage, "public/a.html": plainPage})
	var stderr bytes.Buffer
	args := []string{"--base-url", "https://example.com/", "--lastmod-sources", "none", "--robots", "public"}
	w := newWatcher(t, dir, &stderr, args...)
	ctx := context.Background()
	w.build(ctx)
	public := filepath.Join(dir, "public")
	if !strings.Contains(stderr.String(), "2 URLs") {
		t.Fatalf("the first build:\n%s", &stderr)
	}
	page := func(name, content string) string {
		writeFiles(t, dir, map[string]string{"public/" + name: content})
		return filepath.Join(public, name)
	}

	stderr.Reset()
	w.rebuild(ctx, batchOf([]string{page("index.html", noindexPage), page("a.html", noindexPage)}))
	if want := "sitemapgen: every page found is noindex (2 noindex): no sitemap written, and the earlier one removed, with its Sitemap: lines of robots.txt\n"; stderr.String() != want {
		t.Errorf("every page noindex: said\n%swant\n%s", &stderr, want)
	}
	if _, err := os.Lstat(filepath.Join(public, "sitemap.xml")); err == nil {
		t.Error("every page noindex: sitemap.xml is there")
	}
	if b, _ := os.ReadFile(filepath.Join(public, "robots.txt")); strings.Contains(string(b), "Sitemap:") {
		t.Errorf("every page noindex: robots.txt:\n%s", b)
	}

	stderr.Reset()
	w.rebuild(ctx, batchOf([]string{page("a.html", plainPage)}))
	if want := "+1 −0 ~0 URLs, 2 files written"; !strings.Contains(stderr.String(), want) {
		t.Errorf("a page listed again: said\n%swant %q", &stderr, want)
	}
	if code, stdout, stderr := build(t, append([]string{"--check"}, append(args[:len(args)-1], public)...)...); code != 0 {
		t.Errorf("the folder watch left is not what a build writes: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestNoneLine: the one line says the generator's own sitemaps the build
// removed, as a build that writes a set says it takes them over.
func TestNoneLine(t *testing.T) {
	res := &pipeline.Result{NoneListed: &pipeline.NoneListed{Skipped: map[mapping.Reason]int{mapping.NoIndex: 5}},
		Write: &writer.Result{Removed: []string{"sitemap-1.xml"}, TakenOver: []string{"sitemap.xml"}}}
	want := "every page found is noindex (5 noindex): no sitemap written, and the earlier one removed; Hugo's own sitemap removed too: sitemap.xml"
	if got := noneLine(res, "Hugo", false); got != want {
		t.Errorf("noneLine =\n%s\nwant\n%s", got, want)
	}
	res.Write = &writer.Result{}
	if got := noneLine(res, "Hugo", true); got != "dry run: every page found is noindex (5 noindex): no sitemap would be written" {
		t.Errorf("dry run: %s", got)
	}
}
