package pipeline

import (
	"bytes"
	"encoding/binary"
	"strings"
)

// locTable keeps the records' URLs, each cut after the "/" that begins its
// last segment: the part before, which the pages of a folder share, once
// for all of them (prefixes), and the rest in blocks of bytes, each
// after its length (a uvarint). A record keeps the two as numbers, so
// that it holds no pointer: the collector never reads the records or the
// blocks, and a URL takes its last segment's bytes and a few more, where
// a string of its own took the whole URL, rounded up to a size class,
// and 16 bytes in the record. On the benchmark's sites the 100,000 URLs
// share 1,660 prefixes, and a rest is about 26 bytes of 64.
//
// A loc is made again as a string where one is needed (loc, At); sorting
// and comparing read the parts in place (appendLoc into a buffer on the
// stack).
type locTable struct {
	prefixes []string
	byPrefix map[string]int32
	last     int32 // 1 + the index of the prefix put last; 0 for none
	blocks   [][]byte
	// size is the bytes the rests take in blocks, dead those of the
	// records removed since (a Session's): records.putLoc makes the
	// blocks anew when they are most of them.
	size, dead int
}

// locBlock is the size of a block of rests; a rest longer than a block's
// room takes a block of its own.
const locBlock = 1 << 16

// put keeps loc and returns where: 1 + its prefix's index and its rest's
// place (block << 16 | offset).
func (l *locTable) put(loc string) (pre int32, at uint32) {
	cut := locCut(loc)
	return l.prefixIndex(loc[:cut]), putRest(l, loc[cut:])
}

// putRest keeps a rest in the blocks and returns its place.
func putRest[S string | []byte](l *locTable, rest S) (at uint32) {
	need := binary.MaxVarintLen64 + len(rest)
	k := len(l.blocks) - 1
	if k < 0 || len(l.blocks[k])+need > cap(l.blocks[k]) {
		if len(l.blocks) == 1<<16 {
			panic("pipeline: more than 4 GiB of URLs") // some 150 million pages' worth
		}
		l.blocks = append(l.blocks, make([]byte, 0, max(locBlock, need)))
		k++
	}
	b := l.blocks[k]
	at = uint32(k)<<16 | uint32(len(b))
	b = binary.AppendUvarint(b, uint64(len(rest)))
	l.blocks[k] = append(b, rest...)
	l.size += len(l.blocks[k]) - int(at&0xffff)
	return at
}

// moved returns where the loc kept at pre and at in old is kept in l,
// which it is put in: a copy of its bytes, no string made.
func (l *locTable) moved(old *locTable, pre int32, at uint32) (int32, uint32) {
	return l.prefixIndex(old.prefixes[pre-1]), putRest(l, old.rest(at))
}

// drop counts the loc kept at at as no longer used.
func (l *locTable) drop(at uint32) {
	n, w := binary.Uvarint(l.blocks[at>>16][at&0xffff:])
	l.dead += w + int(n)
}

// locCut returns where loc's rest begins: after the "/" before its last
// segment (a trailing "/" is the segment's), or 0.
func locCut(loc string) int {
	end := len(loc)
	if end > 0 && loc[end-1] == '/' {
		end--
	}
	return strings.LastIndexByte(loc[:end], '/') + 1
}

// prefixIndex returns 1 + the index of p among the prefixes, adding it.
// The pages of a folder come one after another: the last one is tried
// first.
func (l *locTable) prefixIndex(p string) int32 {
	if l.last > 0 && l.prefixes[l.last-1] == p {
		return l.last
	}
	i, ok := l.byPrefix[p]
	if !ok {
		if l.byPrefix == nil {
			l.byPrefix = make(map[string]int32)
		}
		l.prefixes = append(l.prefixes, strings.Clone(p))
		i = int32(len(l.prefixes))
		l.byPrefix[l.prefixes[i-1]] = i
	}
	l.last = i
	return i
}

// rest returns the rest kept at at, in its block.
func (l *locTable) rest(at uint32) []byte {
	b := l.blocks[at>>16][at&0xffff:]
	n, w := binary.Uvarint(b)
	return b[w : w+int(n)]
}

// len returns the length of the loc kept at pre and at.
func (l *locTable) len(pre int32, at uint32) int { return len(l.prefixes[pre-1]) + len(l.rest(at)) }

// appendLoc appends the loc kept at pre and at to b.
func (l *locTable) appendLoc(b []byte, pre int32, at uint32) []byte {
	return append(append(b, l.prefixes[pre-1]...), l.rest(at)...)
}

// str returns the loc kept at pre and at, as a string of its own.
func (l *locTable) str(pre int32, at uint32) string {
	p, r := l.prefixes[pre-1], l.rest(at)
	var sb strings.Builder
	sb.Grow(len(p) + len(r))
	sb.WriteString(p)
	sb.Write(r)
	return sb.String()
}

// equal reports whether the locs kept at (pa, a) and (pb, b) are one.
// A loc's cut follows from it: one loc has one prefix.
func (l *locTable) equal(pa int32, a uint32, pb int32, b uint32) bool {
	return pa == pb && bytes.Equal(l.rest(a), l.rest(b))
}

// compare compares the locs kept at (pa, a) and (pb, b), as strings.
func (l *locTable) compare(pa int32, a uint32, pb int32, b uint32) int {
	if pa == pb {
		return bytes.Compare(l.rest(a), l.rest(b))
	}
	var ba, bb [256]byte
	return bytes.Compare(l.appendLoc(ba[:0], pa, a), l.appendLoc(bb[:0], pb, b))
}

// compareTo compares the loc kept at (pre, at) with loc.
func (l *locTable) compareTo(pre int32, at uint32, loc string) int {
	p := l.prefixes[pre-1]
	n := min(len(p), len(loc))
	if c := strings.Compare(p[:n], loc[:n]); c != 0 || n < len(p) {
		if c == 0 {
			return 1 // loc is a beginning of p
		}
		return c
	}
	r, loc := l.rest(at), loc[n:]
	switch { // string(r) compared is no copy
	case string(r) < loc:
		return -1
	case string(r) > loc:
		return 1
	}
	return 0
}
