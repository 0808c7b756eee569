package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
// warnings reads no more than a bounded part of one.
func TestLongValueWarning(t *testing.T) {
	dir := t.TempDir()
	long := "PT" + strings.Repeat("9", 2<<20)
	for _, name := range []string{"a.html", "b.html", "c.html", "d.html", "e.html", "f.html", "g.html"} {
		page := `<!doctype html><html><head><title>x</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"VideoObject","name":"v","description":"d","thumbnailUrl":"/t.jpg","contentUrl":"/v.mp4","duration":"` + long + `"}</script></head><body></body></html>`
		if err := os.WriteFile(filepath.Join(dir, name), []byte(page), 0o644); err != nil {
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

// BenchmarkCauseOfLong is the CPU the cause of a warning 2 MB long costs.
func BenchmarkCauseOfLong(b *testing.B) {
	err := errors.New(`duration "PT` + strings.Repeat("9", 2<<20) + `" is not an ISO 8601 duration (PT1M30S); left out`)
	b.ReportAllocs()
	for b.Loop() {
		causeOf(err)
	}
}
