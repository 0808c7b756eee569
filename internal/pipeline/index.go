package pipeline

import (
	"hash/maphash"
	"iter"
)

// pageIndex is a Session's index of every page judged, by path: the
// record of a listed page, or -1. It is not safe for concurrent use, not
// even to read: the first question after a whole build makes its maps
// (fill).
//
// It keeps no path of a listed page: the record gives it back
// (records.pathOf), so a listed page costs a 64-bit hash of its path and
// a record index, 16 bytes, where a map of paths would keep 100,000 path
// strings for a site of that size. Pages that are not listed are few
// (redirects, noindex) and kept by path. A listed page whose hash another
// path has already taken is kept by path too, so the index is exact.
type pageIndex struct {
	seed   maphash.Seed
	recs   *records
	listed map[uint64]int32    // hash of the path → record
	spill  map[string]int32    // listed pages whose hash was taken
	other  map[string]struct{} // pages judged and not listed
	// folders counts, by the hash of a folder's path, the pages known at
	// any depth under it: made the first time holds asks (an O(pages)
	// walk, which the first build does not pay), then kept by set and
	// del. A hash another folder's path shares only makes holds say yes
	// where it need not: the caller looks, and finds nothing.
	folders map[uint64]int32
	// pending holds, while lazy, the listed pages' hashes and records
	// in the order set told of them, put into listed when the index is
	// first asked (fill): a whole build's million map inserts are not
	// in its time, but in the first update's.
	pending []pendingPage
	lazy    bool
}

// pendingPage is a listed page set told of while the index was lazy.
type pendingPage struct {
	h   uint64
	idx int32
}

// lazily makes set keep the listed pages in pending until the index is
// asked: for a whole build, which only tells.
func (x *pageIndex) lazily() { x.lazy = true }

// fill puts the pages set told of while lazy into listed, as set would
// have, in order, and ends lazy. The record of a listed page gives its
// path back (records.pathOf), as get relies on.
func (x *pageIndex) fill() {
	if !x.lazy {
		return
	}
	x.lazy = false
	if len(x.listed) == 0 {
		// At its size: grown a doubling at a time, each smaller table
		// would be garbage within the first update's peak.
		x.listed = make(map[uint64]int32, len(x.pending))
	}
	for _, p := range x.pending {
		if _, taken := x.listed[p.h]; taken {
			x.spill[x.recs.pathOf(x.recs.rec(p.idx))] = p.idx
			continue
		}
		x.listed[p.h] = p.idx
	}
	x.pending = nil
}

func newPageIndex(recs *records) *pageIndex {
	return &pageIndex{
		seed: maphash.MakeSeed(), recs: recs,
		listed: make(map[uint64]int32), spill: make(map[string]int32), other: make(map[string]struct{}),
	}
}

func (x *pageIndex) hash(path string) uint64 { return maphash.String(x.seed, path) }

// get returns the record of the page at path, -1 when it is not listed,
// and whether the page is known.
func (x *pageIndex) get(path string) (int32, bool) {
	x.fill()
	if idx, ok := x.listed[x.hash(path)]; ok && x.recs.pathOf(x.recs.rec(idx)) == path {
		return idx, true
	}
	if idx, ok := x.spill[path]; ok {
		return idx, true
	}
	if _, ok := x.other[path]; ok {
		return -1, true
	}
	return 0, false
}

// set records the page at path: its record idx, or -1. The page must not
// be known already.
func (x *pageIndex) set(path string, idx int32) {
	if x.folders != nil {
		x.count(path, 1)
	}
	if idx < 0 {
		x.other[path] = struct{}{}
		return
	}
	h := x.hash(path)
	if x.lazy {
		x.pending = append(x.pending, pendingPage{h, idx})
		return
	}
	if _, taken := x.listed[h]; taken {
		x.spill[path] = idx
		return
	}
	x.listed[h] = idx
}

// del forgets the page at path. Call it before the page's record is
// removed: the record tells its path.
func (x *pageIndex) del(path string) {
	x.fill()
	if x.folders != nil {
		if _, known := x.get(path); known {
			x.count(path, -1)
		}
	}
	h := x.hash(path)
	if idx, ok := x.listed[h]; ok && x.recs.pathOf(x.recs.rec(idx)) == path {
		delete(x.listed, h)
		return
	}
	delete(x.spill, path)
	delete(x.other, path)
}

// holds reports whether a page is known under the folder dir (a
// slash-separated path, not ""), at any depth; it may say yes where none
// is, seldom (a hash shared), never no where one is.
func (x *pageIndex) holds(dir string) bool {
	if x.folders == nil {
		x.folders = make(map[uint64]int32)
		for path := range x.all() {
			x.count(path, 1)
		}
	}
	return x.folders[x.hash(dir)] > 0
}

// count adds n to the count of each folder that holds path.
func (x *pageIndex) count(path string, n int32) {
	for i := len(path) - 1; i > 0; i-- {
		if path[i] != '/' {
			continue
		}
		h := x.hash(path[:i])
		if c := x.folders[h] + n; c > 0 {
			x.folders[h] = c
		} else {
			delete(x.folders, h)
		}
	}
}

// len returns the number of pages known.
func (x *pageIndex) len() int {
	x.fill()
	return len(x.listed) + len(x.spill) + len(x.other)
}

// all yields every page known, with its record or -1, in no order.
func (x *pageIndex) all() iter.Seq2[string, int32] {
	x.fill()
	return func(yield func(string, int32) bool) {
		for _, idx := range x.listed {
			if !yield(x.recs.pathOf(x.recs.rec(idx)), idx) {
				return
			}
		}
		for path, idx := range x.spill {
			if !yield(path, idx) {
				return
			}
		}
		for path := range x.other {
			if !yield(path, -1) {
				return
			}
		}
	}
}
