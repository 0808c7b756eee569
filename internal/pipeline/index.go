package pipeline

import (
	"hash/maphash"
	"iter"
)

// pageIndex is a Session's index of every page judged, by path: the
// record of a listed page, or -1. It is not safe for concurrent use, not
// even to read: the first question after a whole build makes its table
// (fill).
//
// It keeps no path of a listed page: the record gives it back
// (records.pathOf). The listed pages are an open-addressed table of
// 8-byte slots (linear probing): the high 32 bits of a 64-bit hash of
// the page's path, which place it and tell most other pages apart
// without their paths, and its record; a slot whose bits match is the
// page's only when its record's path is the path asked, so the index is
// exact. Where a map of the hashes took about 31 bytes a page (30 MB at
// 1,000,000 pages), the table takes 8 a slot, at most 7/8 of them used
// (10.7 MB at 1,000,000 pages, made at 3/4 by fill). Pages that are not
// listed are few (redirects, noindex) and kept by path.
type pageIndex struct {
	seed   maphash.Seed
	recs   *records
	listed []uint64            // slots: 0 empty, else slotOf
	used   int                 // slots of listed used
	other  map[string]struct{} // pages judged and not listed
	// folders counts, by the hash of a folder's path, the pages known at
	// any depth under it: made the first time holds asks (an O(pages)
	// walk, which the first build does not pay), then kept by set and
	// del. A hash another folder's path shares only makes holds say yes
	// where it need not: the caller looks, and finds nothing.
	folders map[uint64]int32
	// pending holds, while lazy, the listed pages' slots in the order
	// set told of them, put into listed when the index is first asked
	// (fill): a whole build's million inserts are not in its time, but in
	// the first update's. It is a list of chunks of pendingChunk slots: a
	// list grown by appending would allocate five times its size (Go
	// grows a large slice by a quarter), the copies garbage within the
	// first build's peak.
	pending [][]uint64
	lazy    bool
}

// pendingChunk is the number of slots in a chunk of pending (128 KiB).
const pendingChunk = 1 << 14

// slotOf is the slot of a listed page whose path has the hash h, at
// record idx: h's high 32 bits, then idx + 1 (never 0, an empty slot).
func slotOf(h uint64, idx int32) uint64 { return h&^(1<<32-1) | uint64(uint32(idx)+1) }

// slotIdx is the record of a slot.
func slotIdx(s uint64) int32 { return int32(uint32(s) - 1) }

// home is where a slot's probe starts in a table of n slots: its hash's
// high 32 bits scaled to n.
func home(s uint64, n int) int { return int((s >> 32) * uint64(n) >> 32) }

// lazily makes set keep the listed pages in pending until the index is
// asked: for a whole build, which only tells.
func (x *pageIndex) lazily() { x.lazy = true }

// fill puts the pages set told of while lazy into listed, as set would
// have, in order, and ends lazy. The table is made once, at 3/4 of the
// slots for the pages pending: grown a doubling at a time, each smaller
// table would be garbage within the first update's peak.
func (x *pageIndex) fill() {
	if !x.lazy {
		return
	}
	x.lazy = false
	n := 0
	for _, c := range x.pending {
		n += len(c)
	}
	if need := (x.used + n) * 4 / 3; len(x.listed) < need {
		x.resize(need)
	}
	for _, c := range x.pending {
		for _, s := range c {
			x.insert(s)
		}
	}
	x.pending = nil
}

func newPageIndex(recs *records) *pageIndex {
	return &pageIndex{seed: maphash.MakeSeed(), recs: recs, other: make(map[string]struct{})}
}

func (x *pageIndex) hash(path string) uint64 { return maphash.String(x.seed, path) }

// resize makes the table n slots (at least 16), with the slots used.
func (x *pageIndex) resize(n int) {
	old := x.listed
	x.listed, x.used = make([]uint64, max(n, 16)), 0
	for _, s := range old {
		if s != 0 {
			x.insert(s)
		}
	}
}

// insert puts the slot s into the table, after any slot of the same
// hash already there: a page told of twice is found first as it was
// told first.
func (x *pageIndex) insert(s uint64) {
	if (x.used+1)*8 > len(x.listed)*7 {
		x.resize(2 * len(x.listed))
	}
	n := len(x.listed)
	i := home(s, n)
	for x.listed[i] != 0 {
		if i++; i == n {
			i = 0
		}
	}
	x.listed[i] = s
	x.used++
}

// find returns the place in the table of the listed page at path, -1
// when it is not there.
func (x *pageIndex) find(path string) int {
	n := len(x.listed)
	if n == 0 {
		return -1
	}
	h := x.hash(path) >> 32
	for i := home(h<<32, n); x.listed[i] != 0; {
		if s := x.listed[i]; s>>32 == h && x.recs.pathOf(x.recs.rec(slotIdx(s))) == path {
			return i
		}
		if i++; i == n {
			i = 0
		}
	}
	return -1
}

// remove empties the table's slot at i, and moves back into it the
// slots after it whose probe passed it (backward-shift deletion: no
// tombstone, each probe still ends at the first empty slot).
func (x *pageIndex) remove(i int) {
	n := len(x.listed)
	for j := i; ; {
		if j++; j == n {
			j = 0
		}
		s := x.listed[j]
		if s == 0 {
			break
		}
		// The slot at j stays where its home is cyclically in (i, j].
		if k := home(s, n); i <= j && i < k && k <= j || i > j && (i < k || k <= j) {
			continue
		}
		x.listed[i], i = s, j
	}
	x.listed[i] = 0
	x.used--
}

// get returns the record of the page at path, -1 when it is not listed,
// and whether the page is known.
func (x *pageIndex) get(path string) (int32, bool) {
	x.fill()
	if i := x.find(path); i >= 0 {
		return slotIdx(x.listed[i]), true
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
	s := slotOf(x.hash(path), idx)
	if x.lazy {
		if k := len(x.pending) - 1; k < 0 || len(x.pending[k]) == pendingChunk {
			x.pending = append(x.pending, make([]uint64, 0, pendingChunk))
		}
		k := len(x.pending) - 1
		x.pending[k] = append(x.pending[k], s)
		return
	}
	x.insert(s)
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
	if i := x.find(path); i >= 0 {
		x.remove(i)
		return
	}
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
	return x.used + len(x.other)
}

// all yields every page known, with its record or -1, in no order. The
// index must not change while it yields.
func (x *pageIndex) all() iter.Seq2[string, int32] {
	x.fill()
	return func(yield func(string, int32) bool) {
		for _, s := range x.listed {
			if s == 0 {
				continue
			}
			if idx := slotIdx(s); !yield(x.recs.pathOf(x.recs.rec(idx)), idx) {
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
