package serverbuild

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// Prerendered says which routes a prerendered path matches: a route of
// one URL, a dynamic one, a catch-all, a route whose pattern begins with
// an optional segment ([[lang]]) or is not anchored, one Go's regexp
// does not take, one given twice, one with a counted repetition (none),
// one whose literal matches a byte that is no UTF-8.
func TestPrerendered(t *testing.T) {
	patterns := []string{
		`^\/about\/?$`,
		`^\/account\/?$`,
		`^\/blog\/([^/]+?)\/?$`,
		`^\/products\/([^/]+?)\/?$`,
		`^\/docs(?:\/(.*))?\/?$`,
		`^(?:\/([^/]+))?\/team\/?$`,
		`^(?:\/([^/]+))?\/careers\/?$`,
		`guide`,
		`^\/(?i)FAQ$`,
		`^\/[^]*$`,
		`^\/about\/?$`,
		`^\/a{2}$`,
		`^\/\x{FFFD}x$`,
	}
	paths := []string{"/", "/about", "/blog/hello", "/docs/a/b", "/fr/team", "/x/guide/y", "/faq", "/aa", "/\xffx"}
	m := Prerendered(patterns, paths)
	want := []bool{true, false, true, false, true, true, false, true, true, false, true, false, true}
	if !slices.Equal(m.Some, want) {
		t.Errorf("matched %v\nwant    %v", m.Some, want)
	}
}

// A route is tried only on the prerendered paths that begin with the
// literal its pattern begins with: 3,000 routes of one page and 3,000
// dynamic ones rendered on demand, beside 3,000 paths, take a try or two
// a route, where each tried every path (30,000 routes by 30,000 paths
// took 10 s).
func TestPrerenderedLinear(t *testing.T) {
	const n = 3000
	var patterns, paths []string
	for i := range n {
		patterns = append(patterns, fmt.Sprintf(`^\/page-%d\/?$`, i), fmt.Sprintf(`^\/account-%d\/([^/]+?)\/?$`, i))
		paths = append(paths, fmt.Sprintf("/page-%d", n-1-i))
	}
	m := Prerendered(patterns, paths)
	for i := range n {
		if !m.Some[2*i] || m.Some[2*i+1] {
			t.Fatalf("route %d: %v, route %d: %v; want the first matched, the second not", 2*i, m.Some[2*i], 2*i+1, m.Some[2*i+1])
		}
	}
	if m.tries > 4*n {
		t.Errorf("%d tries for %d routes and %d paths: %d a route", m.tries, 2*n, n, m.tries/(2*n))
	}
}

// Whatever the patterns, a route is matched as trying it on every path
// would: random patterns of literals, classes, optional parts and
// anchors, on random paths.
func TestPrerenderedAsEveryPath(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	parts := []string{`\/`, `a`, `b`, `ab`, `([^/]+?)`, `(?:\/([^/]+))?`, `(?:\/(.*))?`, `\/?`, `.`, `(?i)A`, `[ab]`, `a|b`}
	var patterns, paths []string
	for range 400 {
		var b strings.Builder
		if r.IntN(4) > 0 {
			b.WriteString("^")
		}
		for range 1 + r.IntN(5) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		if r.IntN(2) == 0 {
			b.WriteString("$")
		}
		patterns = append(patterns, b.String())
	}
	for range 300 {
		b := []byte{'/'}
		for range r.IntN(7) {
			b = append(b, "ab/A"[r.IntN(4)])
		}
		paths = append(paths, string(b))
	}
	m := Prerendered(patterns, paths)
	for i, src := range patterns {
		re := regexp.MustCompile(src)
		if want := slices.ContainsFunc(paths, re.MatchString); m.Some[i] != want {
			t.Errorf("%s: matched %v, want %v", src, m.Some[i], want)
		}
	}
	if m.unknown > 0 || m.Warning("manifest.js") != nil {
		t.Errorf("%d unknown", m.unknown)
	}
}

// Past the work it is given, the routes left are Unknown, none of them
// matched, and no pattern is tried further: here 100 routes of which
// every path holds the literals, and that match none of 1,000 paths.
func TestPrerenderedBounded(t *testing.T) {
	var patterns, paths []string
	for i := range 100 {
		patterns = append(patterns, fmt.Sprintf(`^\/p\/(?:a|b%d)$`, i))
	}
	for i := range 1000 {
		paths = append(paths, fmt.Sprintf("/p/%d", i))
	}
	const work = 1 << 21
	m := prerendered(patterns, paths, work)
	if m.unknown == 0 || m.unknown == len(patterns) || slices.Contains(m.Some, true) || slices.Index(m.Unknown, true) != len(patterns)-m.unknown {
		t.Fatalf("%d routes unknown (%v), matched %v; want the last ones unknown, some tried, none matched", m.unknown, m.Unknown, m.Some)
	}
	if least := (len(patterns[0]) + 1) * len("/p/0/"); m.tries > work/least+1 {
		t.Errorf("%d tries, past the work given (%d, at least %d a try)", m.tries, work, least)
	}
	if w := m.Warning("manifest.js").Error(); !strings.HasPrefix(w, fmt.Sprintf("manifest.js: %d of its routes were not matched against every page prerendered", m.unknown)) {
		t.Errorf("warning %q", w)
	}
}

// BenchmarkPrerendered matches 10,000 routes against 10,000 prerendered
// paths: routes of one page each (the first half prerendered) and
// dynamic routes, and routes no path matches that begin with an
// optional segment, which are tried on every path until the work
// bound:
//
//	go test ./internal/generator/internal/serverbuild -run '^$' -bench Prerendered
func BenchmarkPrerendered(b *testing.B) {
	const n = 10_000
	var paths, pages, dynamic, crafted []string
	for i := range n {
		paths = append(paths, fmt.Sprintf("/blog/post-%d", i))
		pages = append(pages, fmt.Sprintf(`^\/blog\/post-%d\/?$`, i*2))
		dynamic = append(dynamic, fmt.Sprintf(`^\/section-%d\/([^/]+?)\/?$`, i))
		crafted = append(crafted, fmt.Sprintf(`^(?:\/([^/]+))?\/[^/]*-%d-[^/]*\/?$`, i))
	}
	for _, tc := range []struct {
		name     string
		patterns []string
	}{{"pages", pages}, {"dynamic", dynamic}, {"crafted", crafted}} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				Prerendered(tc.patterns, paths)
			}
		})
	}
}

// TestLongRoute: a route whose pattern is 3.9 MB long is not compiled
// (its program took 1.2 GB): it is Unknown, and the warning names it by
// an excerpt, with the others still matched (issue 89).
func TestLongRoute(t *testing.T) {
	long := "^/" + strings.Repeat("a", 3_900_000) + "/?$"
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m := Prerendered([]string{long, "^/about/?$"}, []string{"/about", "/" + strings.Repeat("a", 100)})
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("matching allocated %d MB, want at most 64", alloc>>20)
	}
	if !m.Unknown[0] || m.OnDemand(0) || !m.Some[1] {
		t.Errorf("unknown %v, some %v: want the long route unknown, /about matched", m.Unknown, m.Some)
	}
	w := m.Warning("manifest.js")
	if w == nil || len(w.Msg) > 1000 || !strings.Contains(w.Msg, "1 of its routes have a pattern longer than 4096 bytes") {
		t.Errorf("warning %v", w)
	}
}
