package pipeline

// The table of a build's records: the 32-byte records in blocks, their
// URLs, and the paths that do not follow from the URLs. Every pass reaches
// a record through it (records embeds it).

import (
	"bytes"
	"strings"
	"sync/atomic"

	"github.com/sitemapgen/sitemapgen/mapping"
)

// recordTable holds the records, in blocks of recordBlock, with their
// URLs and the paths that do not follow from them.
type recordTable struct {
	// mapper turns a record's URL and form back into its path.
	mapper *mapping.Mapper
	// locs holds the records' URLs.
	locs   locTable
	blocks [][]record
	// n counts the slots used, free ones included.
	n int
	// free holds the free slots, which add takes first.
	free []int32
	// paths holds the paths that PathOf cannot find from the URL. A
	// record's path field is 1 + an index into paths.
	paths []string
}

// rec returns the record in slot i.
func (t *recordTable) rec(i int32) *record { return &t.blocks[i/recordBlock][i%recordBlock] }

// take returns the slot of a new record: a free one when there is one,
// else the next, in a new block when the last is full.
func (t *recordTable) take() int32 {
	if n := len(t.free); n > 0 {
		idx := t.free[n-1]
		t.free = t.free[:n-1]
		return idx
	}
	if t.n%recordBlock == 0 {
		t.blocks = append(t.blocks, make([]record, recordBlock))
	}
	t.n++
	return int32(t.n - 1)
}

// putLoc keeps loc in locs (put). In a Session, removed records may
// leave most of the bytes unused. putLoc then first makes the locs
// anew, from the records still there. So a watch session that rebuilds
// every page again and again keeps its URLs' bytes only about once.
func (t *recordTable) putLoc(loc string) (pre int32, at uint32) {
	if l := &t.locs; l.dead > 4*locBlock && 2*l.dead > l.size {
		old := *l
		*l = locTable{}
		for i := range int32(t.n) {
			if r := t.rec(i); r.pre != 0 {
				r.pre, r.at = l.moved(&old, r.pre, r.at)
			}
		}
	}
	return t.locs.put(loc)
}

// live reports whether the slot idx holds a record.
func (t *recordTable) live(idx int32) bool { return t.rec(idx).pre != 0 }

// loc returns the URL of the record at idx ("" for a free slot) as a
// string of its own. Code that compares or sorts reads the URL in place
// instead.
func (t *recordTable) loc(idx int32) string { return t.locOf(t.rec(idx)) }

// locOf returns the URL of the record r, as loc does.
func (t *recordTable) locOf(r *record) string {
	if r.pre == 0 {
		return ""
	}
	return t.locs.str(r.pre, r.at)
}

// sameLoc reports whether the records at a and b have one URL.
func (t *recordTable) sameLoc(a, b int32) bool {
	ra, rb := t.rec(a), t.rec(b)
	return t.locs.equal(ra.pre, ra.at, rb.pre, rb.at)
}

// cmpLoc compares the URL of the record at idx with loc.
func (t *recordTable) cmpLoc(idx int32, loc string) int {
	r := t.rec(idx)
	if r.pre == 0 {
		return strings.Compare("", loc)
	}
	return t.locs.compareTo(r.pre, r.at, loc)
}

// sortKeys returns each record's key, by record index, and off, where
// the keys begin in the locs. A key is the eight bytes of a loc after
// the base URL, big-endian, with zeros past its end. So a loc that ends
// there comes before the locs it begins. When a loc does not begin with
// the base URL, the keys begin at the start (off 0). A free slot's key
// is 0.
func (t *recordTable) sortKeys() (keys []uint64, off int) {
	keys = make([]uint64, t.n)
	base := ""
	if t.mapper != nil {
		base = t.mapper.BaseURL()
	}
	var outside atomic.Bool
	fill := func(lo, hi int) {
		var buf [256]byte
		for i := lo; i < hi; i++ {
			r := t.rec(int32(i))
			if r.pre == 0 { // a free slot
				continue
			}
			loc := t.locs.appendLoc(buf[:0], r.pre, r.at)
			if !bytes.HasPrefix(loc, []byte(base)) {
				outside.Store(true)
				return
			}
			keys[i] = sortKey(loc[len(base):])
		}
	}
	inParts(t.n, fill)
	if outside.Load() {
		base = ""
		inParts(t.n, fill)
	}
	return keys, len(base)
}
