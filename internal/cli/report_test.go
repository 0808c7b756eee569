package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// TestCauseOf: warnings that differ only in what varies from one page to
// another (URLs, quoted values, paths, numbers) have one cause; others
// have their own.
func TestCauseOf(t *testing.T) {
	same := [][]error{
		{
			diag.At("fr/a.html", 12, "hreflang de alternate https://example.com/de/a is missing"),
			diag.At("fr/b/index.html", 3, "hreflang de alternate https://example.com/de/b/c is missing"),
		},
		{
			errors.New(`url: "/../../etc/passwd" climbs above the site's root with ".."; no page is listed at it`),
			errors.New(`url: "a/../../b" climbs above the site's root with ".."; no page is listed at it`),
		},
		{
			errors.New("meta article:modified_time 2099-01-01T00:00:00Z is in the future: not a lastmod"),
			errors.New("meta article:modified_time 2101-05-07T10:00:00Z is in the future: not a lastmod"),
		},
		{
			errors.New("redirect to /docs/a/ is not listed"),
			errors.New("redirect to /b/ is not listed"),
		},
	}
	for _, errs := range same {
		if a, b := causeOf(errs[0]), causeOf(errs[1]); a != b {
			t.Errorf("%q and %q: causes %q and %q, want one", errs[0], errs[1], a, b)
		}
	}
	other := []error{
		errors.New("not a regular file (a FIFO)"),
		errors.New("symbolic link loop; not followed"),
		errors.New("meta article:modified_time 2099-01-01T00:00:00Z is in the future: not a lastmod"),
		diag.At("fr/a.html", 12, "hreflang de alternate https://example.com/de/a is missing"),
	}
	seen := map[string]error{}
	for _, err := range other {
		c := causeOf(err)
		if prev, ok := seen[c]; ok {
			t.Errorf("%q and %q have one cause %q", prev, err, c)
		}
		seen[c] = err
	}
}

// TestLongValueWarning: pages whose JSON-LD gives a video a duration 2 MB
// long are warned about in lines of bounded length, grouped as one
// cause: a warning quotes an excerpt of the value, and what groups
// warnings reads no more than a bounded part of one. The pages' files
// have a time long past: files written a moment before the run, outside
// git, are a build's, and their warning (not this test's) would be said.
func TestLongValueWarning(t *testing.T) {
	dir := t.TempDir()
	long := "PT" + strings.Repeat("9", 2<<20)
	old := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, name := range []string{"a.html", "b.html", "c.html", "d.html", "e.html", "f.html", "g.html"} {
		page := `<!doctype html><html><head><title>x</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"VideoObject","name":"v","description":"d","thumbnailUrl":"/t.jpg","contentUrl":"/v.mp4","duration":"` + long + `"}</script></head><body></body></html>`
		if err := os.WriteFile(filepath.Join(dir, name), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(filepath.Join(dir, name), old, old); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	code := Main(context.Background(), []string{"--base-url", "https://example.com/", "--videos", "--out", t.TempDir(), dir}, &stdout, &stderr, noEnv)
	if code != 0 {
		t.Fatalf("exit %d:\n%.2000s", code, stderr.String())
	}
	const most = 400
	for line := range strings.SplitSeq(stderr.String(), "\n") {
		if len(line) > most {
			t.Errorf("a line of %d bytes (want at most %d): %.200s…", len(line), most, line)
		}
	}
	if !strings.Contains(stderr.String(), `duration "PT9999`) || !strings.Contains(stderr.String(), "(and 6 more like it: --verbose prints each)") {
		t.Errorf("want one warning of the duration, and six more like it:\n%.2000s", stderr.String())
	}
}

// TestCauseOfLong: the cause of a warning megabytes long (a message of a
// package that quotes a value whole) is found reading a bounded part of
// it: it is of bounded length, and equals that of the same warning about
// another value.
func TestCauseOfLong(t *testing.T) {
	for _, errs := range [][2]error{
		{errors.New(`value "` + strings.Repeat("a", 2<<20) + `" is wrong`), errors.New(`value "` + strings.Repeat("b", 3<<20) + `" is wrong`)},
		{errors.New("rule " + strings.Repeat("a", 2<<20) + " is wrong"), errors.New("rule " + strings.Repeat("a", 3<<20) + " is wrong")},
	} {
		ca, cb := causeOf(errs[0]), causeOf(errs[1])
		if len(ca) > maxCauseBytes || ca != cb {
			t.Errorf("causes %.100q (%d bytes) and %.100q, want one of at most %d bytes", ca, len(ca), cb, maxCauseBytes)
		}
	}
}

// BenchmarkCauseOf is the CPU the cause of a warning costs: of a route
// rendered on demand, and of a duplicate URL.
func BenchmarkCauseOf(b *testing.B) {
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"on demand", &diag.Diagnostic{File: ".next/app-path-routes-manifest.json", Msg: "/p0/[id] is rendered on demand and has no page prerendered: the sitemap lists no URL of it", Hint: "give its URLs in a file named by --extra-urls"}},
		{"duplicate", errors.New("duplicate URL https://example.com/a (also from urls.txt:1); listed once")},
	} {
		err := tc.err
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				causeOf(err)
			}
		})
	}
}

// BenchmarkCauseOfLong is the CPU the cause of a warning 2 MB long costs.
func BenchmarkCauseOfLong(b *testing.B) {
	err := errors.New(`duration "PT` + strings.Repeat("9", 2<<20) + `" is not an ISO 8601 duration (PT1M30S); left out`)
	b.ReportAllocs()
	for b.Loop() {
		causeOf(err)
	}
}

// TestSettingsWarningsGrouped: the warnings of what the project's files
// say are grouped by cause as the pages' are: a Nuxt server build's
// eight routes rendered on demand, four of one URL and four dynamic,
// are two warnings (a build of 40,000 such routes printed 80,005
// lines), and --verbose prints each.
func TestSettingsWarningsGrouped(t *testing.T) {
	dir := t.TempDir()
	routes := "const _routes = [\n"
	for i := range 4 {
		routes += fmt.Sprintf("  { path: \"/account-%d\", component: () => import('./a.mjs') },\n", i)
		routes += fmt.Sprintf("  { path: \"/products-%d/:id()\", component: () => import('./p.mjs') },\n", i)
	}
	writeFiles(t, dir, map[string]string{
		"package.json":                           `{"dependencies":{"nuxt":"4.1.3"}}`,
		"nuxt.config.ts":                         "export default defineNuxtConfig({ runtimeConfig: { public: { siteUrl: 'https://example.com' } } });\n",
		".output/public/index.html":              "<title>home</title>",
		".output/server/chunks/build/server.mjs": routes + "];\n",
	})
	t.Chdir(dir)
	const server = ".output/server/chunks/build/server.mjs: warning: "
	for _, verbose := range []bool{false, true} {
		args := []string{"--out", t.TempDir()}
		if verbose {
			args = append(args, "--verbose")
		}
		code, _, stderr := build(t, args...)
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		each, more := 1, " (and 3 more like it: --verbose prints each)"
		if verbose {
			each, more = 4, ""
		}
		for _, w := range []string{
			"/account-0 is rendered on each request, not prerendered: it has no page to read, and is not listed" + more + "\n",
			"/products-0/:id() is rendered on demand and has no page prerendered: the sitemap lists no URL of it" + more + "\n",
		} {
			if !strings.Contains(stderr, server+w) {
				t.Errorf("verbose %v: no warning %q in\n%s", verbose, server+w, stderr)
			}
		}
		if n := strings.Count(stderr, server); n != 2*each {
			t.Errorf("verbose %v: %d warnings of routes rendered on demand, want %d:\n%s", verbose, n, 2*each, stderr)
		}
		if n := strings.Count(stderr, "hint: give its URLs in a file named by --extra-urls"); n != 2*each {
			t.Errorf("verbose %v: %d hints, want %d:\n%s", verbose, n, 2*each, stderr)
		}
	}
}

// The regular expressions causeOf's passes stand for, in its order:
// what varies from one page to another of the same cause (URLs, a
// language code, quoted values, paths, numbers) and what each becomes.
var causeRegexps = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.-]*://[^\s"'<>()]*`), "URL"},
	{regexp.MustCompile(`\bhreflang [A-Za-z0-9-]+`), "hreflang L"},
	{regexp.MustCompile("\"[^\"]*\"|'[^'\\s][^']*'|`[^`]*`"), "Q"},
	{regexp.MustCompile(`(^|[\s(])[^\s(]*/[^\s:;,)]*`), "${1}P"},
	{regexp.MustCompile(`[0-9]+`), "N"},
}

// TestCauseOfAsRegexps: causeOf takes out what its regular expressions
// would, in random messages of the bytes they look at (and bytes that
// are no UTF-8), and in those of the warnings sitemapgen gives.
func TestCauseOfAsRegexps(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "Z", "_", "9", "42", " ", "\t", "\n", "\v", "\f", "\r", "(", ")", "/", ":", ";", ",", ".", "+", "-", "'", `"`, "`", "<", ">",
		"://", "https://example.com/a", "hreflang ", "hreflang fr", "xhreflang en", "é", "日本", "\xff", "\xe6\x97", "page.html", "a/b", "(src/x.astro)"}
	messages := []string{
		"duplicate URL https://example.com/a (also from urls.txt:1); listed once",
		"/products/[id] (src/pages/products/[id].astro) is rendered on demand and has no page prerendered: the sitemap lists no URL of it",
		`url: "/../../etc/passwd" climbs above the site's root with ".."; no page is listed at it`,
		"hreflang de alternate https://example.com/de/a is missing",
		"it's 'quoted' and `code` and \"text\"",
	}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		messages = append(messages, b.String())
	}
	for _, msg := range messages {
		want := msg
		for _, p := range causeRegexps {
			want = p.re.ReplaceAllString(want, p.repl)
		}
		if got := causeOf(errors.New(msg)); got != want {
			t.Errorf("causeOf(%q) = %q, want %q", msg, got, want)
		}
	}
}

// causeOf allocates the string of each pass that changes the message,
// and errors.As its target: the regular expressions it took the place of
// allocated 18 times a message and cost 50 µs (140,000 warnings of
// routes rendered on demand took 7 s to group).
func TestCauseOfAllocs(t *testing.T) {
	err := &diag.Diagnostic{File: ".next/app-path-routes-manifest.json", Msg: `/p0/[id] is rendered on demand: "x" hreflang fr at https://example.com/p0 (3)`}
	// The message changed by each of the 5 passes, and errors.As.
	if n := testing.AllocsPerRun(100, func() { causeOf(err) }); n > 6 {
		t.Errorf("causeOf allocated %.0f times, want at most 6: one a pass, and errors.As", n)
	}
}
