package gentest

import (
	"runtime"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// CheckLongURL runs expand, which gives a page whose permalink rule
// draws a value of 1 MB a hundred times no URL, and fails t unless it
// says why, quoting rule as an excerpt (its first 40 bytes), and
// allocates less than 8 MB doing it: the expansion stops at
// generator.MaxURLBytes, where it made 100 MB (and all memory at 500
// uses) before (issue 99). rule is as the message gives it.
func CheckLongURL(t *testing.T, rule string, expand func() (string, bool, error)) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	u, ok, why := expand()
	runtime.ReadMemStats(&after)
	if ok || u != "" {
		t.Errorf("a URL of %d bytes, want none", len(u))
	}
	want := (&generator.LongURL{Rule: rule}).Error()
	if why == nil || why.Error() != want {
		t.Errorf("reason %v, want %q", why, want)
	}
	if !strings.Contains(want, rule[:40]) || len(want) > 400 {
		t.Errorf("message %q, want the rule's excerpt", want)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 8<<20 {
		t.Errorf("%d bytes allocated, want less than 8 MiB", n)
	}
}

// Slug1MB is a value of 1 MB that stays itself when made a slug.
var Slug1MB = strings.Repeat("a", 1<<20)
