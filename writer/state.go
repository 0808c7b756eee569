package writer

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"math"
	"math/bits"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/gzip"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/selfcheck"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// State is what Write remembers from one call to the next in a
// long-running process, such as watch mode: a digest of every file it
// wrote, with the size and modification time the file had on disk
// afterwards, and a digest of every URL's <url> element.
//
// With a State, Write first encodes the whole set without writing (the
// elements, how they fall into files, each file's digest), then writes,
// through a temporary file and a rename as always, only the files whose
// digest differs from the one it last wrote under that name, that it has
// no record of, or that are no longer on disk as it left them (removed,
// edited by hand). The others stay untouched: same bytes, same
// modification time. A State that knows no file yet (its first Write)
// writes each file as it plans it, every file being written. The
// file's digest is of its uncompressed bytes; gzip output is a function
// of them.
//
// Digests are 64-bit hash/maphash sums with a seed of the State's own,
// chosen at random when it is made and never stored, so that no input can
// be made to collide with another on purpose; by chance, two different
// files share a digest once in 2^64.
//
// A State holds no URL: 24 bytes per URL between Writes (the last
// Write's entry, with a digest of the URL's Loc), and during a Write 24
// more (the next's entry), or, for URLs that say which are unchanged
// (Unchanged), 4 (each URL's place in the last Write's list, or among
// the entries made anew, 24 bytes each), and 32 more per URL of the news
// sitemap (its digests of both Writes); for each urlset
// file, a digest of its bytes and, for a shard, the state of its SHA-256
// every MiB (about 1.4 KB for 10 MB), with which the next Write splices
// it. It does not hold the files'
// bytes: a splice reads them again from the output folder.
//
// A State is used by one goroutine at a time: two Writes with the same
// State never run at once.
type State struct {
	seed    maphash.Seed
	files   map[string]fileRecord
	entries []entryDigest // of the last successful Write, sorted by loc
	next    []entryDigest // of the Write under way, unless sparse
	// news and nextNews are the digests of the news sitemap's <url>
	// elements, in loc order, of the last successful Write and of the
	// one under way: diff counts a URL whose news changed as changed.
	news, nextNews []newsDigest
	primed         bool // entries are a previous Write's
	// plan and shards are the last successful Write's way of cutting the
	// URLs into files (planKey) and the urlset files it cut, in order
	// (the shards, or the one sitemap.xml); nextPlan is the Write under
	// way's.
	plan, nextPlan string
	// nextFormat is how the Write under way writes dates: a reusable
	// element's digest is of it (keyOf).
	nextFormat sitemap.DateFormat
	shards     []shardRecord
	// writes counts the Writes whose URLs the State took as the last
	// (Writes).
	writes uint64
	// lasts holds, during a Write of URLs that say which are the last
	// Write's (Unchanged), the place each such URL had there. Such a
	// Write is sparse: it makes no list of its own (next) beside the
	// last Write's, where most of its entries are; lasts says where each
	// of its URLs' entries is, at its place in entries, or, below 0, at
	// -1-lasts[i] in fresh (the entries it made anew, in order). Its list
	// is made once it is committed (takeNext), in the last Write's place
	// (settle): 36 bytes a URL during a Write, not 68.
	lasts  []int32
	sparse bool
	fresh  [][]entryDigest // in chunks of freshChunk
}

// freshChunk is the number of entries in a chunk of a sparse Write's
// fresh entries (128 KiB): grown by appending, a list of a Write that
// encodes every URL again would allocate five times its size. The
// first chunk is made with room for firstFresh, and grows to
// freshChunk by appending: a Write after one change makes an entry or
// two, where a whole chunk was 128 KiB of garbage each time.
const (
	freshChunk = 1 << 12
	firstFresh = 16
)

// Writes returns how many Writes the State took the URLs of, as those
// the next Write is compared with: a Write whose files were committed
// counts, even when a step after (removing the old files, the record,
// the folder's sync) failed it. A caller that keeps track of what it
// gave the last Write (Unchanged) asks it before and after each.
func (st *State) Writes() uint64 { return st.writes }

// newsDigest is a URL of the news sitemap, by the digest of its Loc,
// and the digest of its <url> element there.
type newsDigest struct {
	loc, sum uint64 // loc: locSum of the URL's Loc
}

// shardRecord is a urlset file of the last Write: its name, its digest,
// and the URLs it lists, count of them from lo in the sorted order (the
// entries' indexes).
type shardRecord struct {
	name      string
	sum       uint64
	lo, count int
}

// fileRecord is what Write knows of a file it wrote: its digest, its
// size and modification time on disk; for a urlset file it wrote
// uncompressed, raw is a digest of its bytes as they are (file.raw), which
// splice checks them against before it copies any.
type fileRecord struct {
	sum, raw uint64
	size     int64
	mtime    time.Time
	marks    []shaMark // of a shard whose raw is known (file.marks)
}

// entryDigest is a URL, by the digest of its Loc (locSum: the State
// keeps no URL, whose strings a caller may make anew for each Write),
// and the digest of its <url> element; with size set, also what the
// element was made of, for the next Write to know the URL unchanged
// without encoding it (reusable).
type entryDigest struct {
	loc uint64
	// sum is the digest of the element: of what it is made of, each
	// field as written, and the way dates are written (keyOf), which is
	// what reusableAs compares; a function of the element's bytes, the
	// same at every Write, which is what files' digests and diff ask.
	sum uint64
	// meta packs the element's size (the low sizeBits), noReuse, and
	// the URL's lastmod (the bits from modShift: modOf): 24 bytes an
	// entry, where the fields apart, and a digest of the element's bytes
	// beside one of its fields, took 40. An entry that is not reusable
	// (a lastmod not in whole UTC seconds from 1970 on) has its size and
	// noReuse alone.
	meta uint64
}

// sizeBits is the width of an element's size in an entry's meta: an
// element of 64 MiB or more is past any file's bound (50 MiB), and is
// neither reused nor spliced.
const sizeBits = 26

// noReuse marks the meta of an entry whose URL is encoded again
// whatever it is next time; metaOf never sets it. Its size stays known:
// splice finds the elements of a file by their sizes.
const noReuse = 1 << sizeBits

// modShift is where an entry's meta keeps the URL's lastmod (modOf).
const modShift = sizeBits + 1

// metaOf packs an element's size with a lastmod (modOf).
func metaOf(size int, mod uint64) uint64 {
	return uint64(size) | mod<<modShift
}

// size is the size of the entry's element, or 0 when it is not known.
func (e *entryDigest) size() int { return int(e.meta & (noReuse - 1)) }

// noMod is an entry's mod for a URL without lastmod; a lastmod is its
// Unix seconds plus one.
const noMod = 0

// NewState returns a State that knows of no file yet.
func NewState() *State {
	return &State{seed: maphash.MakeSeed(), files: make(map[string]fileRecord)}
}

// hash returns a new digest of the State's seed.
func (st *State) hash() *maphash.Hash {
	h := &maphash.Hash{}
	h.SetSeed(st.seed)
	return h
}

// locSum returns the digest a State keeps of a URL's Loc.
func (st *State) locSum(loc string) uint64 { return maphash.String(st.seed, loc) }

// entry records the <url> element of u, in order, by its key (keyOf).
func (st *State) entry(u *sitemap.URL) { st.next = append(st.next, st.digestOf(u)) }

// digestOf returns u's entry without what its element is made of (meta):
// the digest of its Loc and its element's key.
func (st *State) digestOf(u *sitemap.URL) entryDigest {
	loc := st.locSum(u.Loc)
	return entryDigest{loc: loc, sum: st.keyOf(loc, u)}
}

// newsEntry records the news sitemap's <url> element of loc, in loc
// order.
func (st *State) newsEntry(loc string, elem []byte) {
	st.nextNews = append(st.nextNews, newsDigest{loc: st.locSum(loc), sum: maphash.Bytes(st.seed, elem)})
}

// entryOf records the <url> element elem of u, the URL at i in the sorted
// order, with what the next Write needs to know u unchanged; a nil elem
// is the last Write's element of the same URL at i (reusable said so). It
// returns the element's size and digest. The entries stay in the URLs'
// order (diff merges them by loc) whatever order the files take them in.
func (st *State) entryOf(i int, u *sitemap.URL, elem []byte) (size int, sum uint64) {
	if elem == nil {
		e := st.entries[i]
		if st.sparse {
			st.lasts[i] = int32(i)
		} else {
			st.next[i] = e
		}
		return e.size(), e.sum
	}
	e := st.digestOf(u)
	switch mod, ok := modOf(u.LastMod); {
	case len(elem) >= noReuse: // past any file's bound: neither reused nor spliced
	case ok:
		e.meta = metaOf(len(elem), mod)
	default:
		e.meta = uint64(len(elem)) | noReuse
	}
	st.put(i, e)
	return len(elem), e.sum
}

// keyOf is the digest of an element of u, whose Loc's digest is loc:
// of what appendURL makes it of, each as it writes it (the Loc, the
// lastmod in the Write under way's format, the other fields: fieldsSum),
// in place of a digest of its bytes, so that the next Write can tell an
// element unchanged without encoding it (reusableAs). Elements of one key
// have the same bytes; two of different bytes share a key once in 2^64,
// as two digests of their bytes would.
func (st *State) keyOf(loc uint64, u *sitemap.URL) uint64 {
	var b [48]byte
	k := binary.LittleEndian.AppendUint64(b[:0], loc)
	k = binary.LittleEndian.AppendUint64(k, st.fieldsSum(u))
	return maphash.Bytes(st.seed, sitemap.AppendLastMod(k, u.LastMod, st.nextFormat))
}

// put records e, made anew, as the Write under way's entry at i: in a
// sparse Write, the next of fresh (put is called in the URLs' order).
func (st *State) put(i int, e entryDigest) {
	if !st.sparse {
		st.next[i] = e
		return
	}
	k := len(st.fresh) - 1
	if k < 0 || len(st.fresh[k]) == freshChunk {
		// The first chunk grows from a few entries (a change makes one
		// or two), the next are made whole.
		room := freshChunk
		if k < 0 {
			room = firstFresh
		}
		st.fresh = append(st.fresh, make([]entryDigest, 0, room))
		k++
	}
	st.lasts[i] = int32(-1 - (k*freshChunk + len(st.fresh[k])))
	st.fresh[k] = append(st.fresh[k], e)
}

// nextLen is the number of entries of the Write under way.
func (st *State) nextLen() int {
	if st.sparse {
		return len(st.lasts)
	}
	return len(st.next)
}

// nextAt returns the Write under way's entry at i.
func (st *State) nextAt(i int) *entryDigest {
	if !st.sparse {
		return &st.next[i]
	}
	if k := st.lasts[i]; k >= 0 {
		return &st.entries[k]
	}
	k := int(-1 - st.lasts[i])
	return &st.fresh[k/freshChunk][k%freshChunk]
}

// fieldsSum returns a digest of u's changefreq and priority, and of its
// alternates, images and videos, as appendURL writes them with dates in
// the Write under way's format: of every field it writes but the Loc and
// the lastmod, each by its written form, so that two URLs whose fields
// are written alike share a digest (a priority at the default, written
// as none; a video's date by its written seconds; a string by its
// escaped bytes, a control character written as U+FFFD), and two written
// otherwise do not, but once in 2^64. Each string is hashed on its own
// (no two lists whose strings run together alike share a digest), and
// the sums folded in order, after the lists' lengths.
func (st *State) fieldsSum(u *sitemap.URL) uint64 {
	h := uint64(len(u.Alternates))<<32 | uint64(len(u.Images))
	mix := func(v uint64) {
		h = bits.RotateLeft64(h^v, 27)*0x9e3779b97f4a7c15 + 1
	}
	var priority uint64
	if u.Priority.IsSet() && u.Priority != sitemap.DefaultPriority {
		priority = 1 + uint64(math.Round(u.Priority.Float()*1000))
	}
	mix(uint64(u.ChangeFreq)<<32 | priority)
	var scratch [128]byte
	fold := func(s string) { mix(maphash.Bytes(st.seed, appendEscaped(scratch[:0], s))) }
	for _, a := range u.Alternates {
		fold(a.Lang)
		fold(a.Href)
	}
	for _, im := range u.Images {
		fold(im.Loc)
	}
	if len(u.Videos) == 0 {
		return h
	}
	mix(uint64(len(u.Videos)))
	date := func(t time.Time) { mix(maphash.Bytes(st.seed, sitemap.AppendLastMod(scratch[:0], t, st.nextFormat))) }
	for i := range u.Videos {
		v := &u.Videos[i]
		fold(v.ThumbnailLoc)
		fold(v.Title)
		fold(v.Description)
		fold(v.ContentLoc)
		fold(v.PlayerLoc)
		mix(uint64(max(v.Duration, 0)))
		date(v.PublicationDate)
		date(v.ExpirationDate)
		fold(v.FamilyFriendly.String())
		fold(v.RequiresSubscription.String())
		fold(v.Live.String())
	}
	return h
}

// reusable reports whether the last Write's element of the URL at i is
// u's: the same Loc, lastmod, changefreq and priority, alternates, images and
// videos alike (by their digest: a slice's elements may change), the
// same way of encoding. It is called concurrently, and reads only.
func (st *State) reusable(i int, u *sitemap.URL) bool {
	if !st.primed || st.plan != st.nextPlan || i >= len(st.entries) {
		return false
	}
	return st.reusableAs(&st.entries[i], u)
}

// reusableAs reports whether the entry e, of the last Write, is u's
// element (reusable's comparison).
func (st *State) reusableAs(e *entryDigest, u *sitemap.URL) bool {
	mod, ok := modOf(u.LastMod)
	return e.size() > 0 && ok && e.meta == metaOf(e.size(), mod) &&
		e.loc == st.locSum(u.Loc) && e.sum == st.keyOf(e.loc, u)
}

// Unchanged is implemented by URLs that keep track of what they gave
// the last successful Write with a State, such as a watch session's:
// Unchanged(i) reports that the URL at i is, in every field the writer
// reads, the URL that Write was given at last, and false whenever that
// is not known. Such a Write does not ask for those URLs (At): it takes
// their elements' sizes and digests from the State, and its cost follows
// the URLs that changed, not the set's size, whether or not URLs came or
// went before them. A test binary checks every answer against the URL
// itself (checkKnown).
type Unchanged interface {
	Unchanged(i int) (last int, ok bool)
}

// checkKnown makes every URL known unchanged be asked for all the same,
// and compared with the last Write's: in test binaries, where a wrong
// answer of Unchanged panics instead of leaving a stale element.
var checkKnown = selfcheck.On

// known returns, for a Write of urls that implement Unchanged, whether
// the URL at i is known to be the last Write's URL at last (the State's
// entry there, reusable as it is); nil when the State cannot take such
// answers: no last Write with the same plan, sections (whose order the
// State does not keep), scopes, or a news sitemap last time (a URL's
// news is the caller's to tell).
func (st *State) known(urls sitemap.URLs, g *grouping, scoped bool) func(i int) (last int, ok bool) {
	h, ok := urls.(Unchanged)
	if !ok || g != nil || scoped || !st.primed || st.plan != st.nextPlan || len(st.news) > 0 {
		return nil
	}
	check := checkKnown() // asked once: it is asked of every URL
	return func(i int) (int, bool) {
		j, ok := h.Unchanged(i)
		if !ok || j < 0 || j >= len(st.entries) {
			return 0, false
		}
		e := &st.entries[j]
		if e.meta&noReuse != 0 || e.size() == 0 {
			return 0, false
		}
		if check {
			if u := urls.At(i); !st.reusableAs(e, &u) {
				panic(fmt.Sprintf("writer: URL %d (%s) said the last Write's URL %d, and it is not", i, u.Loc, j))
			}
		}
		return j, true
	}
}

// entryKnown records the last Write's entry at last as this one's at i,
// as entryOf does for a reusable URL, and returns it with its size and
// digest.
func (st *State) entryKnown(i, last int) (size int, sum uint64, e entryDigest) {
	e = st.entries[last]
	if !st.sparse { // a sparse Write's lasts[i] says last already
		st.next[i] = e
	}
	return e.size(), e.sum, e
}

// lastMod returns the entry's lastmod as the URL had it (UTC, whole
// seconds), the zero time for none.
func (e *entryDigest) lastMod() time.Time {
	if mod := e.meta >> modShift; mod != noMod {
		return time.Unix(int64(mod-1), 0).UTC()
	}
	return time.Time{}
}

// shardName returns the name of the kth shard (from 0; -1 for a file
// that is no shard of the set's, an alias's) of the last Write when its
// digest is sum and it was the nth of its section (its
// name begins prefix, see eachShard), or else of a shard of that place
// that a Write put on disk with those bytes (one whose commit failed
// after it): a shard's name follows from its place and bytes.
func (st *State) shardName(k int, sum uint64, prefix string, n int, ext string) (string, bool) {
	if st.plan != st.nextPlan {
		return "", false
	}
	prefix += strconv.Itoa(n) + "-"
	isShard := func(name string) bool {
		return strings.HasPrefix(name, prefix) && strings.HasSuffix(name, ext) && len(name) == len(prefix)+10+len(ext)
	}
	if k >= 0 && k < len(st.shards) && st.shards[k].sum == sum && isShard(st.shards[k].name) {
		return st.shards[k].name, true
	}
	for name, rec := range st.files {
		if rec.sum == sum && isShard(name) {
			return name, true
		}
	}
	return "", false
}

// modOf returns t as an entry's mod (its Unix seconds plus one, noMod
// for the zero time), and false for a time an entry does not keep (not
// in whole seconds, not in UTC, or out of the bits from modShift: before
// 1970, or past the year 6300): its URL is encoded again.
func modOf(t time.Time) (uint64, bool) {
	if t.IsZero() {
		return noMod, true
	}
	sec := t.Unix()
	return uint64(sec) + 1, t.Nanosecond() == 0 && t.Location() == time.UTC && sec >= 0 && sec < 1<<(64-modShift)-1
}

// diff counts the URLs of the Write under way that differ from the last
// successful one's; nil when there was none. A URL of both is changed
// when its <url> element is, or its element of the news sitemap (added,
// removed or changed).
//
// Both lists are in the URLs' order, which the digests of their Locs do
// not tell: a URL of both is found by its digest. The lists are read
// side by side; a URL not found at once waits in its side's pending set
// for its twin to come on the other. Its twin found, the URLs of the
// other side that wait before the twin, and all of its own side's, have
// none (the URLs of both are in the same order in both): they were
// removed or added. The sets hold the URLs of a stretch that changed,
// and nothing when the lists are alike; past diffPendingMax of them, the
// lists have little in common, and diff counts by sortedDiff instead.
func (st *State) diff() *URLChanges {
	if !st.primed {
		return nil
	}
	c := &URLChanges{}
	newsChanged := func(uint64) bool { return false }
	if len(st.news) > 0 || len(st.nextNews) > 0 {
		na, nb := newsSums(st.news), newsSums(st.nextNews)
		newsChanged = func(loc uint64) bool {
			x, inA := na[loc]
			y, inB := nb[loc]
			return inA != inB || x != y
		}
	}
	both := func(a, b *entryDigest) {
		if a.sum != b.sum || newsChanged(a.loc) {
			c.Changed++
		}
	}
	// The pending URLs of each side, by the digest of their Loc: their
	// index. from is the first index of its side not yet matched nor
	// counted.
	type side struct {
		at      func(i int) *entryDigest
		pending map[uint64]int
		from    int
	}
	sa := &side{at: func(i int) *entryDigest { return &st.entries[i] }, pending: map[uint64]int{}}
	sb := &side{at: st.nextAt, pending: map[uint64]int{}}
	na, nb := len(st.entries), st.nextLen()
	// take reads e, the URL at i of side s; o is the other side, own and
	// other the counts of URLs of s and of o alone (removed or added).
	take := func(s, o *side, i int, own, other *int) {
		e := s.at(i)
		k, ok := o.pending[e.loc]
		if !ok {
			s.pending[e.loc] = i
			return
		}
		if s == sa {
			both(e, o.at(k))
		} else {
			both(o.at(k), e)
		}
		*own += len(s.pending)
		clear(s.pending)
		s.from = i + 1
		for ; o.from < k; o.from++ {
			if loc := o.at(o.from).loc; pendingAt(o.pending, loc, o.from) {
				delete(o.pending, loc)
				*other++
			}
		}
		delete(o.pending, e.loc)
		o.from = k + 1
	}
	i, j := 0, 0
	for i < na || j < nb {
		if len(sa.pending) == 0 && len(sb.pending) == 0 && i < na && j < nb {
			if a, b := sa.at(i), sb.at(j); a.loc == b.loc {
				both(a, b)
				i, j = i+1, j+1
				sa.from, sb.from = i, j
				continue
			}
		}
		if i < na {
			take(sa, sb, i, &c.Removed, &c.Added)
			i++
		}
		if j < nb {
			take(sb, sa, j, &c.Added, &c.Removed)
			j++
		}
		if len(sa.pending)+len(sb.pending) > diffPendingMax {
			return st.sortedDiff(newsChanged)
		}
	}
	c.Removed += len(sa.pending)
	c.Added += len(sb.pending)
	return c
}

// diffPendingMax bounds the URLs that diff keeps waiting for their twins,
// on both sides: about 40 bytes each in its maps, 80 MB for two lists of
// 1,000,000 URLs with nothing in common, where sortedDiff takes 16 MB
// (and a sort: at 1,000,000 URLs, a tenth of a second or so).
var diffPendingMax = 1 << 14

// sortedDiff is diff for lists with little in common: the last Write's
// URLs (the digests of their Locs and elements) sorted by the digest of
// their Loc, and each URL of the Write under way looked up there (a URL
// whose Loc is on both lists more than once matched to one not matched
// yet).
func (st *State) sortedDiff(newsChanged func(loc uint64) bool) *URLChanges {
	type digests struct{ loc, sum uint64 }
	a := make([]digests, len(st.entries))
	for i, e := range st.entries {
		a[i] = digests{e.loc, e.sum}
	}
	byLoc := func(x digests, loc uint64) int { return cmp.Compare(x.loc, loc) }
	slices.SortFunc(a, func(x, y digests) int { return byLoc(x, y.loc) })
	matched := make([]uint64, (len(a)+63)/64) // a bit for each of a
	c := &URLChanges{Removed: len(a)}
	for j := range st.nextLen() {
		e := st.nextAt(j)
		k, _ := slices.BinarySearchFunc(a, e.loc, byLoc)
		for k < len(a) && a[k].loc == e.loc && matched[k/64]&(1<<(k%64)) != 0 {
			k++
		}
		if k == len(a) || a[k].loc != e.loc {
			c.Added++
			continue
		}
		matched[k/64] |= 1 << (k % 64)
		c.Removed--
		if a[k].sum != e.sum || newsChanged(e.loc) {
			c.Changed++
		}
	}
	return c
}

// pendingAt reports whether the URL of loc at i is pending.
func pendingAt(pending map[uint64]int, loc uint64, i int) bool {
	k, ok := pending[loc]
	return ok && k == i
}

// newsSums returns the digests of the news sitemap's elements by the
// digest of their Loc.
func newsSums(news []newsDigest) map[uint64]uint64 {
	m := make(map[uint64]uint64, len(news))
	for _, n := range news {
		m[n.loc] = n.sum
	}
	return m
}

// unchanged reports whether the file name of the output folder root
// holds the bytes of digest sum, as Write left it.
func (st *State) unchanged(root *fsx.Root, name string, sum uint64) bool {
	rec, ok := st.files[name]
	if !ok || rec.sum != sum {
		return false
	}
	fi, err := root.Lstat(name)
	return err == nil && fi.Mode().IsRegular() && fi.Size() == rec.size && fi.ModTime().Equal(rec.mtime)
}

// Drifted reports whether a file the last Write left in dir is no longer
// there as it left it: removed, replaced, written or touched by someone
// else. It looks only at each file's type, size and modification time,
// not its bytes: it is cheap enough to ask after every change.
func (st *State) Drifted(dir string) bool {
	if len(st.files) == 0 {
		return false
	}
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		return true
	}
	defer root.Close()
	for name, rec := range st.files {
		fi, err := root.Lstat(name)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() != rec.size || !fi.ModTime().Equal(rec.mtime) {
			return true
		}
	}
	return false
}

// update records the files a commit renamed into place in the output
// folder root; one it did not rename and did not keep is no longer known
// (the commit failed first). After a commit that succeeded, the State
// knows this Write's files only, and this Write's URLs are the ones the
// next compares with.
func (st *State) update(root *fsx.Root, files []*file, ok bool) {
	current := make(map[string]bool, len(files))
	for _, f := range files {
		current[f.name] = true
		switch {
		case f.renamed:
			fi, err := root.Lstat(f.name)
			if err != nil {
				delete(st.files, f.name)
				continue
			}
			rec := fileRecord{sum: f.digest, size: fi.Size(), mtime: fi.ModTime()}
			if f.raw != nil {
				rec.raw, rec.marks = f.raw.Sum64(), f.marks
			}
			st.files[f.name] = rec
		case !f.kept:
			delete(st.files, f.name)
		}
	}
	if !ok {
		return
	}
	for name := range st.files {
		if !current[name] {
			delete(st.files, name) // stale: removed, or left to the user
		}
	}
	st.takeNext()
	st.writes++
	st.news, st.nextNews = st.nextNews, st.news[:0]
	st.plan, st.shards = st.nextPlan, st.shards[:0]
	for _, f := range files {
		if f.src != nil && f.src.urlset {
			st.shards = append(st.shards, shardRecord{f.name, f.digest, f.lo, f.count})
		}
	}
}

// takeNext makes the Write under way's URLs the ones the next compares
// with. The last Write's list and the places are dropped, not kept for
// the next Write: between Writes a State holds one list, and a live heap
// of it alone sets the collector's headroom (in watch mode, a quarter
// of what is live), where the spare doubled its part.
func (st *State) takeNext() {
	if st.sparse {
		st.next = st.settle()
	}
	st.entries, st.next, st.lasts, st.fresh, st.sparse, st.primed = st.next, nil, nil, nil, false, true
}

// settle returns the list of a sparse Write, made in place of the last
// Write's where it fits, which it overwrites: each entry of the last list
// moves to its place in the new one, those that move back (to a lower
// place) first, in order, then those that move on, from the last, then
// the fresh ones. As the URLs of both are in the same order, an entry
// moved never takes the place of one still to move. Where the places
// are not in order, or the list has no room, a new list is made.
func (st *State) settle() []entryDigest {
	n, prev, inOrder := len(st.lasts), int32(-1), true
	for _, k := range st.lasts {
		if k >= 0 {
			inOrder = inOrder && k > prev
			prev = k
		}
	}
	if !inOrder || cap(st.entries) < n {
		out := make([]entryDigest, n, listRoom(n))
		for i := range out {
			out[i] = *st.nextAt(i)
		}
		return out
	}
	all := st.entries[:cap(st.entries)] // the last list may be the longer
	for i, k := range st.lasts {
		if int(k) > i { // in place already where k is i, as most are
			all[i] = all[k]
		}
	}
	for i := n - 1; i >= 0; i-- {
		if k := st.lasts[i]; k >= 0 && int(k) < i {
			all[i] = all[k]
		}
	}
	out := all[:n]
	for i, k := range st.lasts {
		if k < 0 {
			k := int(-1 - k)
			out[i] = st.fresh[k/freshChunk][k%freshChunk]
		}
	}
	return out
}

// listRoom is the room a list of n entries is made with: a few more, for
// the next Write, which adds a page or two, to settle in place.
func listRoom(n int) int { return n + n/256 }

// begin starts a Write, dropping the URLs a Write that failed recorded.
func (st *State) begin() {
	st.next, st.lasts, st.fresh, st.sparse = st.next[:0], st.lasts[:0], nil, false
	st.nextNews = st.nextNews[:0]
}

// dense makes the Write under way keep a list of its own, with room for
// its n URLs at once: grown by appending, it would leave copies of itself
// behind as garbage.
func (st *State) dense(n int) {
	if cap(st.next) < n {
		st.next = make([]entryDigest, 0, listRoom(n))
	}
}

// writeChanged writes, after a planning write, the files whose bytes
// differ from what is on disk, and leaves the others kept.
func (t *txn) writeChanged(res *Result) error {
	st := t.state
	res.URLChanges = st.diff()
	for _, f := range t.files {
		if f.early {
			continue // written while planning
		}
		f.digest = f.sum.Sum64()
		f.sum = nil
		f.content = nil // named already
		if st.unchanged(t.root, f.name, f.digest) {
			f.kept = true
			continue
		}
		if err := t.writeOut(f); err != nil {
			return err
		}
	}
	return nil
}

// writeOut writes the planned file f for real, into its temporary file:
// its chunker's header, its elements again, the footer; or, for a
// urlset file that changed in place, the bytes of the last Write's file
// around the elements that changed, and those elements (splice).
func (t *txn) writeOut(f *file) error {
	c := f.src
	f.size = 0
	if err := t.open(f, c.gzip); err != nil {
		return err
	}
	if t.spliceable(c) {
		f.raw = t.state.hash()
		f.marking = f.content != nil
		switch done, err := t.splice(f); {
		case err != nil:
			return err
		case done:
			return t.close(f)
		}
	}
	if c.urlset && traceWriteOut != nil {
		traceWriteOut(0, f.count, 0)
	}
	if err := f.write([]byte(c.header)); err != nil {
		return err
	}
	if err := c.elems(f.lo, f.lo+f.count, f.write); err != nil {
		return err
	}
	if err := f.write([]byte(c.footer)); err != nil {
		return err
	}
	return t.close(f)
}

// spliceable reports whether the next Write may splice the files of c
// (splice): uncompressed urlset files, without sections.
func (t *txn) spliceable(c *chunker) bool {
	return c.urlset && !c.gzip && len(t.opts.Sections) == 0
}

// direct makes f, a new file of c, a direct one (chunker.direct): its
// temporary file open, its content hashed for its name (it may become a
// shard or the one sitemap.xml), and digested and marked as writeOut
// does for a splice.
func (t *txn) direct(f *file, c *chunker) error {
	if err := t.open(f, c.gzip); err != nil {
		return err
	}
	f.direct, f.content = true, sha256.New()
	if t.spliceable(c) {
		f.raw, f.marking = t.state.hash(), true
	}
	return nil
}

// planned ends a direct file once its name is known: it was written as
// planned (early), its digest is its sum's.
func (f *file) planned() {
	f.hashWait()
	f.digest, f.sum, f.early = f.sum.Sum64(), nil, true
	if f.src.urlset && traceWriteOut != nil {
		traceWriteOut(0, f.count, 0)
	}
}

// span is the URLs lo to hi of urls, as URLs.
type span struct {
	urls   sitemap.URLs
	lo, hi int
}

func (s span) Len() int             { return s.hi - s.lo }
func (s span) At(i int) sitemap.URL { return s.urls.At(s.lo + i) }

// check compares, after a planning write, each file with the one on disk,
// and lists in res.Differ those that would change.
func (t *txn) check(res *Result, previous []string) (*Result, error) {
	keep := make(map[string]bool, len(t.files))
	for _, f := range t.files {
		keep[f.name] = true
		res.Written = append(res.Written, f.name)
		if sum, err := t.diskSum(f.name, f.src.gzip); err != nil || sum != f.sum.Sum64() {
			res.Differ = append(res.Differ, f.name)
		}
	}
	for _, name := range previous {
		if keep[name] {
			continue
		}
		if _, err := t.lstat(name); err == nil && t.stale(name) {
			res.Removed = append(res.Removed, name)
			res.Differ = append(res.Differ, name)
		}
	}
	for _, name := range t.foreign {
		if !slices.Contains(res.Removed, name) {
			res.Differ = append(res.Differ, name)
		}
	}
	if taken := t.takenOver(); t.opts.Robots || len(taken) > 0 && t.inRoot(func(r *fsx.Root) bool { return robotsNames(r, t.opts.BaseURL, taken, t.opts.RobotsBytes) }) {
		var old []byte
		var err error
		t.inRoot(func(r *fsx.Root) bool { old, _, err = readRobots(r, t.opts.RobotsBytes); return true }) // no folder: no robots.txt
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		merged, err := hookedRobots(t.opts, mergeRobots(old, t.opts.BaseURL, t.opts.SitemapsURL, res.Entries, taken))
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(merged, old) {
			res.Differ = append(res.Differ, robotsName)
		}
	}
	return res, nil
}

// diskSum returns the digest of the (uncompressed) bytes of the file name
// of the output folder (inRoot), read through the one door within the
// protocol's 50 MiB, on disk and uncompressed: a larger file is none
// Write wrote, and an error.
func (t *txn) diskSum(name string, gz bool) (uint64, error) {
	var f *fsx.File
	err := error(&fs.PathError{Op: "open", Path: filepath.Join(t.opts.Dir, name), Err: fs.ErrNotExist}) // no folder
	t.inRoot(func(r *fsx.Root) bool { f, err = r.Open(name, sitemap.MaxBytes, protocolLimit); return true })
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var r io.Reader = f
	if gz {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return 0, err
		}
		r = zr
	}
	h := t.state.hash()
	n, err := io.Copy(h, io.LimitReader(r, sitemap.MaxBytes+1))
	if err == nil && n > sitemap.MaxBytes {
		err = fsx.TooLarge(filepath.Join(t.opts.Dir, name), sitemap.MaxBytes, protocolLimit)
	}
	if err != nil {
		return 0, err
	}
	return h.Sum64(), nil
}
