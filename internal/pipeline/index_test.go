package pipeline

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// TestPageIndexHolds: holds says whether a page is known under a folder,
// at any depth, made from the pages known when first asked and kept by set
// and del afterwards.
func TestPageIndexHolds(t *testing.T) {
	x := newPageIndex(&records{})
	x.set("a/b/one.html", -1)
	x.set("a/two.html", -1)
	for _, dir := range []string{"a", "a/b"} {
		if !x.holds(dir) {
			t.Errorf("holds(%q) = false before del", dir)
		}
	}
	for _, dir := range []string{"a/b/one.html", "b", "a/two.html", "a/b/c"} {
		if x.holds(dir) {
			t.Errorf("holds(%q) = true", dir)
		}
	}
	x.del("a/b/one.html")
	x.del("a/b/one.html") // not known: counts nothing
	if x.holds("a/b") || !x.holds("a") {
		t.Errorf("after del: holds(a/b) = %v, holds(a) = %v; want false, true", x.holds("a/b"), x.holds("a"))
	}
	x.set("c/d/three.html", -1)
	if !x.holds("c") || !x.holds("c/d") {
		t.Error("a page set after the first ask is not counted")
	}
	x.del("a/two.html")
	if x.holds("a") {
		t.Error("holds(a) after its last page went")
	}
}

// TestPageIndexLazy: an index told of a whole build's pages lazily
// answers, once asked, as one that took them at once: the same records,
// a page told of twice kept the same way (the second by path), and the
// changes after.
func TestPageIndexLazy(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	recs := &records{recordTable: recordTable{mapper: m}}
	var paths []string
	var idxs []int32
	for i := range 200 {
		p := fmt.Sprintf("p%d/index.html", i)
		d := &mapping.Decision{URL: sitemap.URL{Loc: fmt.Sprintf("https://example.com/p%d/", i)}, Form: mapping.FormUnknown}
		paths, idxs = append(paths, p), append(idxs, recs.add(p, d))
	}
	// A second record of a page, as a hash another path took would be.
	twice := recs.add(paths[3], &mapping.Decision{URL: sitemap.URL{Loc: "https://example.com/p3-again/"}, Form: mapping.FormUnknown})
	eager, lazy := newPageIndex(recs), newPageIndex(recs)
	lazy.lazily()
	for _, x := range []*pageIndex{eager, lazy} {
		for i, p := range paths {
			x.set(p, idxs[i])
		}
		x.set(paths[3], twice) // told twice: the second by path
		x.set("gone.html", -1)
	}
	pending := 0
	for _, c := range lazy.pending {
		for _, h := range c {
			if h != 0 {
				pending++
			}
		}
	}
	if lazy.used != 0 || len(lazy.listed) != 0 || pending != len(paths)+1 {
		t.Fatalf("lazy: %d listed, %d pending before it was asked; want 0 and %d", lazy.used, pending, len(paths)+1)
	}
	same := func(when string) {
		t.Helper()
		if i, ok := lazy.get(paths[5]); !ok || i != idxs[5] {
			t.Errorf("%s: lazily get(%s) = %d, %v; want %d", when, paths[5], i, ok, idxs[5])
		}
		if eager.len() != lazy.len() {
			t.Errorf("%s: len %d, lazily %d", when, eager.len(), lazy.len())
		}
		for _, p := range append(slices.Clone(paths), "gone.html", "unknown.html") {
			i1, ok1 := eager.get(p)
			i2, ok2 := lazy.get(p)
			if i1 != i2 || ok1 != ok2 {
				t.Errorf("%s: get(%s) = %d, %v; lazily %d, %v", when, p, i1, ok1, i2, ok2)
			}
		}
		if e, l := allOf(eager), allOf(lazy); !slices.Equal(e, l) {
			t.Errorf("%s: all yields %v, lazily %v", when, e, l)
		}
	}
	if n := strings.Count(strings.Join(allOf(eager), " "), paths[3]+"="); n != 2 {
		t.Fatalf("all yields %s %d times, want twice (told twice)", paths[3], n)
	}
	same("asked")
	for _, x := range []*pageIndex{eager, lazy} {
		x.del(paths[7])
		x.set("new.html", -1)
	}
	same("changed")
}

// allOf returns what x.all yields, as path=record, sorted.
func allOf(x *pageIndex) []string {
	var out []string
	for p, idx := range x.all() {
		out = append(out, fmt.Sprintf("%s=%d", p, idx))
	}
	slices.Sort(out)
	return out
}

// TestPageIndexBytes: a whole build's pages cost the index 4 bytes each
// while lazy (in chunks of records), and the first update's fill makes
// one table of them, at most 4 bytes a slot at 3/4 of the slots: about
// 5.3 bytes a page, where a pending list took 8 and a table of 8-byte
// slots 10.7, and a map of the hashes 24 to 31 (30 MB at 1,000,000 pages,
// within the first update's peak).
func TestPageIndexBytes(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's allocations are not compared")
	}
	const n = 100000
	allocated := func(fn func()) uint64 {
		s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
		runtime.GC() // flushes the per-P caches into the count
		metrics.Read(s)
		before := s[0].Value.Uint64()
		fn()
		runtime.GC()
		metrics.Read(s)
		return s[0].Value.Uint64() - before
	}
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	recs := &records{recordTable: recordTable{mapper: m}}
	paths := make([]string, n)
	idxs := make([]int32, n)
	for i := range paths {
		paths[i] = fmt.Sprintf("p%d/index.html", i)
		idxs[i] = recs.add(paths[i], &mapping.Decision{URL: sitemap.URL{Loc: fmt.Sprintf("https://example.com/p%d/", i)}, Form: mapping.FormUnknown})
	}
	x := newPageIndex(recs)
	x.lazily()
	told := allocated(func() {
		for i, p := range paths {
			x.set(p, idxs[i])
		}
	})
	filled := allocated(x.fill)
	if told > 5*n || filled > 6*n {
		t.Errorf("%d pages: told lazily %d bytes allocated (%.2f a page), filled %d (%.1f); want at most 5 (the last chunk whole) and 6 a page",
			n, told, float64(told)/n, filled, float64(filled)/n)
	}
	if x.len() != n {
		t.Errorf("len %d after fill, want %d", x.len(), n)
	}
	for i := 0; i < n; i += 997 {
		if got, ok := x.get(paths[i]); !ok || got != idxs[i] {
			t.Errorf("get(%s) = %d, %v after fill; want %d", paths[i], got, ok, idxs[i])
		}
	}
}

// TestPageIndexTable: the table answers as a map of the paths would,
// through sets and dels in any order, wrapping around its end, growing,
// and with pages whose hashes share their high bits (a seed that makes
// them collide is not at hand: a table of 16 slots puts many at one
// home).
func TestPageIndexTable(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	recs := &records{recordTable: recordTable{mapper: m}}
	const n = 300
	paths := make([]string, n)
	idxs := make([]int32, n)
	for i := range paths {
		paths[i] = fmt.Sprintf("p%d/index.html", i)
		idxs[i] = recs.add(paths[i], &mapping.Decision{URL: sitemap.URL{Loc: fmt.Sprintf("https://example.com/p%d/", i)}, Form: mapping.FormUnknown})
	}
	x := newPageIndex(recs)
	model := map[string]int32{}
	rng := rand.New(rand.NewPCG(1, 2))
	for step := range 20000 {
		i := rng.IntN(n)
		p := paths[i]
		if _, ok := model[p]; ok {
			x.del(p)
			delete(model, p)
		} else {
			idx := idxs[i]
			if rng.IntN(8) == 0 {
				idx = -1
			}
			x.set(p, idx)
			model[p] = idx
		}
		if step%97 != 0 {
			continue
		}
		for _, p := range paths {
			want, wantOK := model[p]
			if got, ok := x.get(p); got != want || ok != wantOK {
				t.Fatalf("step %d: get(%s) = %d, %v; want %d, %v", step, p, got, ok, want, wantOK)
			}
		}
		if x.len() != len(model) || len(maps.Collect(x.all())) != len(model) {
			t.Fatalf("step %d: len %d, all %d; want %d", step, x.len(), len(maps.Collect(x.all())), len(model))
		}
	}
}
