package cli

import (
	"errors"
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
