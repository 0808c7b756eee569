package pipeline

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

func TestSortParallel(t *testing.T) {
	for _, n := range []int{0, 1, 100, 1 << 14, 1<<14 + 7, 100003} {
		for _, procs := range []int{1, 2, 3, 8} {
			xs := make([]int32, n)
			for i := range xs {
				xs[i] = int32(i)
			}
			rand.Shuffle(n, func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
			want := slices.Clone(xs)
			slices.Sort(want)
			sortParallel(xs, func(a, b int32) int { return int(a) - int(b) }, procs)
			if !slices.Equal(xs, want) {
				t.Fatalf("n=%d procs=%d: not sorted", n, procs)
			}
		}
	}
}

// The records sort by their keys (sortKeys) as by their locs and paths
// alone (cmp): locs that end within the key's bytes, share more than
// them, leave the base URL, come twice, hold NUL and 0xFF bytes, and free
// slots among them.
func TestRecordsSortKeys(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	parts := []string{"", "a", "ab", "docs/", "docs/section-1", "docs/section-12/", "%E6%97%A5/", "fr/docs/", "news/2022/03/", "z"}
	// bytes are locs of a few bytes, NUL and 0xFF among them, alike for
	// long and ending anywhere.
	bytes := func() string {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = "\x00ab/\xff"[r.IntN(5)]
			if i > 2 && r.IntN(3) > 0 {
				b[i] = b[i-3] // repeats: long runs of one key
			}
		}
		return string(b)
	}
	for _, tc := range []struct {
		name             string
		outside, garbage bool
	}{{"paths", false, false}, {"outside the base URL", true, false}, {"bytes", false, true}} {
		s := &records{mapper: m}
		n := 40000
		for i := range n {
			loc := "https://example.com/" + parts[r.IntN(len(parts))] + parts[r.IntN(len(parts))]
			if r.IntN(7) == 0 {
				loc += fmt.Sprint(r.IntN(50))
			}
			if tc.garbage {
				loc = "https://example.com/" + bytes()
			}
			if tc.outside && i%1000 == 999 {
				loc = "https://example.co/" + parts[r.IntN(len(parts))]
			}
			d := mapping.Decision{URL: sitemap.URL{Loc: loc}, Form: mapping.FormUnknown}
			s.add(fmt.Sprintf("p%d.html", n-i), &d)
		}
		for range 500 {
			s.remove(int32(r.IntN(n)))
		}
		s.free = slices.Compact(slices.Sorted(slices.Values(s.free)))
		s.sort()
		var want []int32
		for i := range int32(s.n) {
			if s.live(i) {
				want = append(want, i)
			}
		}
		slices.SortStableFunc(want, s.cmp)
		if !slices.Equal(s.order, want) {
			t.Errorf("%s: the order by keys is not the order of cmp", tc.name)
		}
	}
}

// HasAlternates answers as a look at every URL in order would: whether
// one has alternates, as At gives them (the declared ones, or those
// filterAlternates kept), among the records in order only.
func TestRecordsHasAlternates(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	alt := []sitemap.Alternate{{Lang: "de", Href: "https://example.com/de/"}}
	scan := func(s *records) bool {
		for i := range s.Len() {
			if len(s.At(i).Alternates) > 0 {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		name   string
		alts   [][]sitemap.Alternate // of each page
		remove int                   // the record to remove before sorting, or -1
		keep   bool                  // what filterAlternates keeps
		want   bool
	}{
		{name: "none", alts: [][]sitemap.Alternate{nil, nil}, remove: -1, keep: true, want: false},
		{name: "one page", alts: [][]sitemap.Alternate{nil, alt}, remove: -1, keep: true, want: true},
		{name: "all filtered out", alts: [][]sitemap.Alternate{alt, alt}, remove: -1, keep: false, want: false},
		{name: "its page removed", alts: [][]sitemap.Alternate{nil, alt}, remove: 1, keep: true, want: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &records{mapper: m}
			for i, a := range tc.alts {
				d := mapping.Decision{URL: sitemap.URL{Loc: fmt.Sprintf("https://example.com/p%d/", i), Alternates: a}, Form: mapping.FormUnknown}
				s.add(fmt.Sprintf("p%d/index.html", i), &d)
			}
			if tc.remove >= 0 {
				s.remove(int32(tc.remove))
			}
			s.sort()
			s.filterAlternates(func(string, sitemap.Alternate) bool { return tc.keep })
			if got, scanned := s.HasAlternates(), scan(s); got != tc.want || scanned != tc.want {
				t.Errorf("HasAlternates %v, a scan of At %v, want %v", got, scanned, tc.want)
			}
		})
	}
}
