package pipeline

import (
	"fmt"
	"maps"
	"runtime"
	"runtime/metrics"
	"slices"
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
	recs := &records{mapper: m}
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
	if len(lazy.listed) != 0 || len(lazy.pending) != len(paths)+1 {
		t.Fatalf("lazy: %d listed, %d pending before it was asked; want 0 and %d", len(lazy.listed), len(lazy.pending), len(paths)+1)
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
		if !maps.Equal(maps.Collect(eager.all()), maps.Collect(lazy.all())) {
			t.Errorf("%s: all differs", when)
		}
		if !maps.Equal(eager.spill, lazy.spill) {
			t.Errorf("%s: spill %v, lazily %v", when, eager.spill, lazy.spill)
		}
	}
	if len(eager.spill) != 1 {
		t.Fatalf("spill %v, want the page told twice", eager.spill)
	}
	same("asked")
	for _, x := range []*pageIndex{eager, lazy} {
		x.del(paths[7])
		x.set("new.html", -1)
	}
	same("changed")
}

// TestPageIndexFillAtSize: the first update's fill makes the map of a
// whole build's listed pages at its size, once, where growing it a
// doubling at a time allocated each smaller table too (at 1,000,000
// pages, within the first update's peak). What fill allocates is held to
// one map of that size.
func TestPageIndexFillAtSize(t *testing.T) {
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
	x := newPageIndex(&records{})
	x.lazily()
	for i := range n {
		x.set(fmt.Sprintf("p%d/index.html", i), int32(i))
	}
	var m map[uint64]int32
	one := allocated(func() { m = make(map[uint64]int32, n) })
	got := allocated(x.fill)
	if len(x.listed) != n || got > one+one/10 {
		t.Errorf("fill of %d pages: %d listed, %d bytes allocated; one map of them takes %d", n, len(x.listed), got, one)
	}
	runtime.KeepAlive(m)
}
