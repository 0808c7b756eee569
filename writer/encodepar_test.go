package writer

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// withProcs runs the test body with GOMAXPROCS set to n, so that
// encodeURLs takes its parallel path on a machine of any size.
func withProcs(t *testing.T, n int) {
	old := runtime.GOMAXPROCS(n)
	t.Cleanup(func() { runtime.GOMAXPROCS(old) })
}

func TestEncodeURLsInOrder(t *testing.T) {
	withProcs(t, 4)
	for _, n := range []int{0, 1, windowSize - 1, windowSize, windowSize + 1, 5000, 10*windowSize + 7} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			urls := benchURLs(n)
			for i := range urls {
				if i%7 == 0 {
					urls[i].Alternates = []sitemap.Alternate{{Lang: "de", Href: urls[i].Loc + "de/"}}
				}
			}
			var got []int
			err := encodeURLs(sitemap.Slice(urls), sitemap.DateTime, func(i int, elem []byte, lastmod time.Time) error {
				u := urls[i]
				if want := appendURL(nil, &u, sitemap.DateTime); string(elem) != string(want) {
					return fmt.Errorf("element %d:\n%s\nwant\n%s", i, elem, want)
				}
				if !lastmod.Equal(u.LastMod) {
					return fmt.Errorf("lastmod %d = %v, want %v", i, lastmod, u.LastMod)
				}
				got = append(got, i)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if want := seq(n); !slices.Equal(got, want) {
				t.Errorf("elements came in the order %v…, want 0 to %d", got[:min(len(got), 20)], n-1)
			}
		})
	}
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

func TestEncodeURLsStops(t *testing.T) {
	withProcs(t, 4)
	urls := benchURLs(20 * windowSize)
	stop := errors.New("disk full")
	calls := 0
	err := encodeURLs(sitemap.Slice(urls), sitemap.DateTime, func(i int, elem []byte, lastmod time.Time) error {
		calls++
		if i == 5000 {
			return stop
		}
		return nil
	})
	if err != stop {
		t.Errorf("err = %v, want the callback's error", err)
	}
	if calls != 5001 {
		t.Errorf("%d calls, want 5001: none after the error", calls)
	}
}

// TestTooBigLate puts a URL too long for max_bytes deep into a large set,
// which the writer encodes in parallel: the error names it, and nothing is
// replaced.
func TestTooBigLate(t *testing.T) {
	withProcs(t, 4)
	dir := t.TempDir()
	urls := numbered(8000)
	if _, err := Write(sitemap.Slice(urls), Options{Dir: dir, BaseURL: base}); err != nil {
		t.Fatal(err)
	}
	before := files(t, dir)
	urls[6000].Loc = base + strings.Repeat("x", 3000)
	_, err := Write(sitemap.Slice(urls), Options{Dir: dir, BaseURL: base, MaxBytes: 2000})
	var big *RecordTooBigError
	if !errors.As(err, &big) || big.Loc != urls[6000].Loc {
		t.Fatalf("err = %v, want a RecordTooBigError for the long URL", err)
	}
	after := files(t, dir)
	if !slices.Equal(names(after), names(before)) {
		t.Errorf("files changed: %q, were %q", names(after), names(before))
	}
}
