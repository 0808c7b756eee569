package pipeline

import (
	"bytes"
	"encoding/binary"
	"strings"
)

// locTable keeps the records' URLs. Each URL is cut after the "/" that
// begins its last segment. The part before, which the pages of a folder
// share, is kept once for all of them (prefixes). The rest goes into
// blocks of bytes, each rest after its length (a uvarint). A record
// keeps the two places as numbers, so that it holds no pointer. The
// collector never reads the records or the blocks. A URL takes its last
// segment's bytes and a few more. A string of its own took the whole
// URL, rounded up to a size class, and 16 bytes in the record. On the
// benchmark's sites the 100,000 URLs share 1,660 prefixes, and a rest
// is about 26 bytes of 64.
//
// A loc is made again as a string where one is needed (loc, At).
// Sorting and comparing read the parts in place, with appendLoc into a
// buffer on the stack.
type locTable struct {
	prefixes []string
	byPrefix map[string]int32
	last     int32 // 1 + the index of the prefix put last; 0 for none
	byteBlocks
	// dead is the bytes of the rests of the records removed since, in a
	// Session. records.putLoc makes the blocks anew when dead bytes are
	// most of them.
	dead int
}

// byteBlocks keeps strings of bytes in blocks that hold no pointer,
// each string after its length (a uvarint). It holds the locs' rests
// and the lists of alternates.
type byteBlocks struct {
	blocks [][]byte
	size   int // the bytes the strings take, with their lengths
}

// locBlock is the size of a block. A string longer than a block's room
// takes a block of its own.
const locBlock = 1 << 16

// putBytes keeps data in b's blocks and returns its place, block << 16
// | offset. The place is at most 0xffff << 16 | 0xfff5, because the
// last ten bytes of a block are never a string's place.
func putBytes[S string | []byte](b *byteBlocks, data S) (at uint32) {
	need := binary.MaxVarintLen64 + len(data)
	k := len(b.blocks) - 1
	if k < 0 || len(b.blocks[k])+need > cap(b.blocks[k]) {
		if len(b.blocks) == 1<<16 {
			panic("pipeline: more than 4 GiB of URLs or alternates") // some 150 million pages' worth
		}
		b.blocks = append(b.blocks, make([]byte, 0, max(locBlock, need)))
		k++
	}
	blk := b.blocks[k]
	at = uint32(k)<<16 | uint32(len(blk))
	blk = binary.AppendUvarint(blk, uint64(len(data)))
	b.blocks[k] = append(blk, data...)
	b.size += len(b.blocks[k]) - int(at&0xffff)
	return at
}

// bytesAt returns the string kept at at, in its block, and the bytes it
// takes there, its length included.
func (b *byteBlocks) bytesAt(at uint32) (data []byte, taken int) {
	blk := b.blocks[at>>16][at&0xffff:]
	n, w := binary.Uvarint(blk)
	return blk[w : w+int(n)], w + int(n)
}

// put keeps loc and returns where it is: 1 + its prefix's index, and
// its rest's place (block << 16 | offset).
func (l *locTable) put(loc string) (pre int32, at uint32) {
	cut := locCut(loc)
	return l.prefixIndex(loc[:cut]), putBytes(&l.byteBlocks, loc[cut:])
}

// moved puts in l the loc kept at pre and at in old, and returns where
// l keeps it. It copies the bytes and makes no string.
func (l *locTable) moved(old *locTable, pre int32, at uint32) (int32, uint32) {
	return l.prefixIndex(old.prefixes[pre-1]), putBytes(&l.byteBlocks, old.rest(at))
}

// drop counts the loc kept at at as no longer used.
func (l *locTable) drop(at uint32) {
	_, taken := l.bytesAt(at)
	l.dead += taken
}

// locCut returns where loc's rest begins: after the "/" before its last
// segment, or 0. A trailing "/" belongs to the segment.
func locCut(loc string) int {
	end := len(loc)
	if end > 0 && loc[end-1] == '/' {
		end--
	}
	return strings.LastIndexByte(loc[:end], '/') + 1
}

// prefixIndex returns 1 + the index of p among the prefixes, adding p
// when it is new. The pages of a folder come one after another, so the
// last prefix is tried first.
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
	data, _ := l.bytesAt(at)
	return data
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

// equal reports whether the locs kept at (pa, a) and (pb, b) are the
// same. A loc's cut follows from the loc, so one loc has one prefix.
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
	switch { // comparing string(r) makes no copy
	case string(r) < loc:
		return -1
	case string(r) > loc:
		return 1
	}
	return 0
}
