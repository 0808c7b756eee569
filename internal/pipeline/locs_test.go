package pipeline

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// randomLoc returns a URL-like string: segments of a few bytes, some
// with a trailing "/", now and then one past a block of rests.
func randomLoc(rng *rand.Rand) string {
	const alphabet = "ab/%~é"
	var b strings.Builder
	if rng.IntN(4) > 0 {
		b.WriteString("https://example.com/")
	}
	for range rng.IntN(8) {
		for range rng.IntN(6) {
			b.WriteByte(alphabet[rng.IntN(len(alphabet))])
		}
		if rng.IntN(3) > 0 {
			b.WriteByte('/')
		}
	}
	if rng.IntN(200) == 0 {
		b.WriteString(strings.Repeat("x", locBlock+rng.IntN(100))) // a rest past a block's room
	}
	return b.String()
}

// TestLocTable: every URL put is given back whole, and the comparisons
// in place agree with those of the strings.
func TestLocTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var l locTable
	type kept struct {
		loc string
		pre int32
		at  uint32
	}
	var all []kept
	for _, loc := range []string{"", "/", "//", "a", "a/", "/a", "https://example.com/", "https://example.com/a/b/"} {
		pre, at := l.put(loc)
		all = append(all, kept{loc, pre, at})
	}
	for range 5000 {
		loc := randomLoc(rng)
		pre, at := l.put(loc)
		all = append(all, kept{loc, pre, at})
	}
	for _, k := range all {
		if got := l.str(k.pre, k.at); got != k.loc {
			t.Fatalf("put %.80q, got back %.80q", k.loc, got)
		}
		if n := l.len(k.pre, k.at); n != len(k.loc) {
			t.Fatalf("%.80q: len %d, want %d", k.loc, n, len(k.loc))
		}
	}
	for range 20000 {
		a, b := all[rng.IntN(len(all))], all[rng.IntN(len(all))]
		if rng.IntN(4) == 0 {
			b = all[rng.IntN(8)]
		}
		want := strings.Compare(a.loc, b.loc)
		if got := l.compare(a.pre, a.at, b.pre, b.at); got != want {
			t.Fatalf("compare(%.80q, %.80q) = %d, want %d", a.loc, b.loc, got, want)
		}
		if got := l.compareTo(a.pre, a.at, b.loc); got != want {
			t.Fatalf("compareTo(%.80q, %.80q) = %d, want %d", a.loc, b.loc, got, want)
		}
		for _, other := range []string{a.loc + "/", a.loc[:len(a.loc)/2], b.loc + "x"} {
			if got, want := l.compareTo(a.pre, a.at, other), strings.Compare(a.loc, other); got != want {
				t.Fatalf("compareTo(%.80q, %.80q) = %d, want %d", a.loc, other, got, want)
			}
		}
		if got := l.equal(a.pre, a.at, b.pre, b.at); got != (want == 0) {
			t.Fatalf("equal(%.80q, %.80q) = %v", a.loc, b.loc, got)
		}
	}
}

// TestLocsMadeAnew: a Session that removes and adds its pages again and
// again keeps their URLs' bytes about once, not once a time (the locs are
// made anew when the removed ones are most of them), and every URL
// stays whole. 200 rounds, 40 under the race detector, which watches no
// goroutine here and took 14 s over 200: the locs are made anew every
// round or two.
func TestLocsMadeAnew(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	s := &records{recordTable: recordTable{mapper: m}}
	const pages = 3000
	loc := func(i, round int) string {
		return fmt.Sprintf("https://example.com/section-%d/a-page-of-the-site-%d-%d/", i%7, i, round%3)
	}
	idx := make([]int32, pages)
	for i := range pages {
		d := mapping.Decision{URL: sitemap.URL{Loc: loc(i, 0)}}
		idx[i] = s.add(fmt.Sprint(i), &d)
	}
	blockBytes := func() int {
		n := 0
		for _, b := range s.locs.blocks {
			n += cap(b)
		}
		return n
	}
	once := s.locs.size
	rounds := 200
	if raceEnabled {
		rounds = 40
	}
	for round := 1; round <= rounds; round++ {
		for i := range pages {
			s.remove(idx[i])
			d := mapping.Decision{URL: sitemap.URL{Loc: loc(i, round)}}
			idx[i] = s.add(fmt.Sprint(i), &d)
		}
		if n := blockBytes(); n > 3*once+2*locBlock+4*locBlock {
			t.Fatalf("round %d: %d bytes of blocks for %d bytes of URLs' rests", round, n, once)
		}
		for i := range pages {
			if got := s.loc(idx[i]); got != loc(i, round) {
				t.Fatalf("round %d: page %d's URL %q, want %q", round, i, got, loc(i, round))
			}
		}
	}
	if len(s.locs.prefixes) != 7 {
		t.Errorf("%d prefixes kept, want the 7 the pages have", len(s.locs.prefixes))
	}
}

// TestLocString: a loc made again as a string costs one allocation.
func TestLocString(t *testing.T) {
	if raceEnabled {
		t.Skip("-race: the detector's bookkeeping allocates")
	}
	var l locTable
	pre, at := l.put("https://example.com/docs/a-page/")
	if n := testing.AllocsPerRun(100, func() { locSink = l.str(pre, at) }); n != 1 {
		t.Errorf("%v allocations to make a loc, want 1", n)
	}
}

var locSink string // what escapes, as a loc given to the writer does
