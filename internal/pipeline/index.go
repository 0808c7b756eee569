package pipeline

import (
	"hash/maphash"
	"iter"
)

// pageIndex is a Session's index of every page judged, by path. It
// gives the record of a listed page, or -1. It is not safe for
// concurrent use, not even to read, because the first question after a
// whole build makes its table (fill).
//
// It keeps no path of a listed page, nor its hash. The record gives the
// path back (records.pathOf), and the path gives its hash. The listed
// pages are an open-addressed table of 4-byte slots with linear
// probing. Each slot holds 1 + the page's record, placed by a 64-bit
// hash of the page's path. A slot is the page's when its record's path
// is the path asked, so the index is exact. A probe compares the paths
// of the slots it passes, a few at 3/4 of the slots used. A map of the
// hashes took about 31 bytes a page (30 MB at 1,000,000 pages). A table
// of 8-byte slots, with the hash's high bits beside the record, took
// 10.7 MB. This table takes 4 bytes a slot, with at most 7/8 of them
// used: 5.3 MB at 1,000,000 pages, made at 3/4 by fill. The pages that
// are not listed are few (redirects, noindex), and are kept by path.
type pageIndex struct {
	seed   maphash.Seed
	recs   *records
	listed []uint32            // slots: 0 empty, else 1 + the record
	used   int                 // the number of used slots in listed
	other  map[string]struct{} // pages judged and not listed
	// folders counts, by the hash of a folder's path, the pages known at
	// any depth under it. It is made the first time holds asks, by an
	// O(pages) walk that the first build does not pay. Then set and del
	// keep it. A hash that another folder's path shares only makes holds
	// say yes where it need not: the caller looks, and finds nothing.
	folders map[uint64]int32
	// pending holds, while lazy, the high 32 bits of the hash of each
	// listed page's path that set was told of, by record (hashBits). It
	// is never 0 for a record told of. fill puts them into listed, in the
	// records' order, when the index is first asked. So a whole build's
	// million inserts take place in the first update's time, not the
	// build's, and the update hashes no path (making a record's path from
	// its URL takes about 0.4 us). It is a list of chunks of pendingChunk
	// records, each made when a record in it is told of. It takes 4 bytes
	// a record, where a list of slots took 8 (7.8 MB at 1,000,000 pages,
	// through the first build's peak).
	pending [][]uint32
	lazy    bool
}

// pendingChunk is the number of records in a chunk of pending (64 KiB).
const pendingChunk = 1 << 14

// hashBits is the part of a path's hash h that places its page in the
// table (home). It is the high 32 bits, with the lowest bit set, so it
// is never 0.
func hashBits(h uint64) uint32 { return uint32(h>>32) | 1 }

// slotIdx is the record of a slot.
func slotIdx(s uint32) int32 { return int32(s - 1) }

// home returns where the probe of a page whose path's hashBits are h
// starts in a table of n slots: h scaled to n.
func home(h uint32, n int) int { return int(uint64(h) * uint64(n) >> 32) }

// lazily makes set keep the listed pages in pending until the index is
// asked. It serves a whole build, which only tells.
func (x *pageIndex) lazily() { x.lazy = true }

// fill puts the pages that set was told of while lazy into listed, as
// set would have, in the order of their records. Then it ends lazy. It
// makes the table once, with the pending pages filling 3/4 of the
// slots. If the table grew a doubling at a time, each smaller table
// would be garbage within the first update's peak.
func (x *pageIndex) fill() {
	if !x.lazy {
		return
	}
	x.lazy = false
	n := 0
	for _, c := range x.pending {
		for _, h := range c {
			if h != 0 {
				n++
			}
		}
	}
	if need := (x.used + n) * 4 / 3; len(x.listed) < need {
		x.resize(need)
	}
	for k, c := range x.pending {
		for i, h := range c {
			if h != 0 {
				x.insert(h, int32(k*pendingChunk+i))
			}
		}
	}
	x.pending = nil
}

func newPageIndex(recs *records) *pageIndex {
	return &pageIndex{seed: maphash.MakeSeed(), recs: recs, other: make(map[string]struct{})}
}

func (x *pageIndex) hash(path string) uint64 { return maphash.String(x.seed, path) }

// bitsOf is the hashBits of path.
func (x *pageIndex) bitsOf(path string) uint32 { return hashBits(x.hash(path)) }

// pathAt is the path of the page at record idx.
func (x *pageIndex) pathAt(idx int32) string { return x.recs.pathOf(x.recs.rec(idx)) }

// homeOf returns where the probe of the slot s starts in a table of n
// slots. It makes the slot's path, and hashes it.
func (x *pageIndex) homeOf(s uint32, n int) int { return home(x.bitsOf(x.pathAt(slotIdx(s))), n) }

// resize makes the table n slots (at least 16), with the slots used.
func (x *pageIndex) resize(n int) {
	old := x.listed
	x.listed, x.used = make([]uint32, max(n, 16)), 0
	for _, s := range old {
		if s != 0 {
			x.insert(x.bitsOf(x.pathAt(slotIdx(s))), slotIdx(s))
		}
	}
}

// insert puts the page at record idx, whose path's hashBits are h, into
// the table, after any slot of the same path already there. So a page
// told of twice is found first as it was told first.
func (x *pageIndex) insert(h uint32, idx int32) {
	if (x.used+1)*8 > len(x.listed)*7 {
		x.resize(2 * len(x.listed))
	}
	n := len(x.listed)
	i := home(h, n)
	for x.listed[i] != 0 {
		if i++; i == n {
			i = 0
		}
	}
	x.listed[i] = uint32(idx) + 1
	x.used++
}

// find returns the place in the table of the listed page at path, or -1
// when it is not there.
func (x *pageIndex) find(path string) int {
	n := len(x.listed)
	if n == 0 {
		return -1
	}
	for i := home(x.bitsOf(path), n); x.listed[i] != 0; {
		if x.pathAt(slotIdx(x.listed[i])) == path {
			return i
		}
		if i++; i == n {
			i = 0
		}
	}
	return -1
}

// remove empties the table's slot at i, and moves back into it the
// slots after it whose probe passed it. This is backward-shift
// deletion: there is no tombstone, and each probe still ends at the
// first empty slot.
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
		if k := x.homeOf(s, n); i <= j && i < k && k <= j || i > j && (i < k || k <= j) {
			continue
		}
		x.listed[i], i = s, j
	}
	x.listed[i] = 0
	x.used--
}

// get returns the record of the page at path, or -1 when it is not
// listed, and whether the page is known.
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

// set records the page at path with its record idx, or -1. The page
// must not be known already.
func (x *pageIndex) set(path string, idx int32) {
	if x.folders != nil {
		x.count(path, 1)
	}
	if idx < 0 {
		x.other[path] = struct{}{}
		return
	}
	if x.lazy {
		k := int(idx) / pendingChunk
		for len(x.pending) <= k {
			x.pending = append(x.pending, nil)
		}
		if x.pending[k] == nil {
			x.pending[k] = make([]uint32, pendingChunk)
		}
		x.pending[k][int(idx)%pendingChunk] = x.bitsOf(path)
		return
	}
	x.insert(x.bitsOf(path), idx)
}

// del forgets the page at path. Call it before the page's record is
// removed, because the record tells its path.
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

// holds reports whether a page is known at any depth under the folder
// dir (a slash-separated path, not ""). It may rarely say yes where no
// page is, when a hash is shared. It never says no where a page is.
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
