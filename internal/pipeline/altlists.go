package pipeline

import (
	"encoding/binary"
	"hash/maphash"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// altLists keeps the records' lists of hreflang alternates, each with
// the lines of the page's head that declared them. The lists are packed
// in blocks of bytes that hold no pointer. A list holds its links'
// languages (an index into langs, each code kept once) and their hrefs,
// each written as what it changes of the one before. It also holds its
// lines, each as what it adds to the one before. The first href is
// written against the URL of the record that first declared the list,
// which a build keeps and never changes. In a Session, whose records
// come and go, it is written against the base URL. A cluster's hrefs
// differ in a language's folder or name, so its list of four links
// takes some thirty bytes, where four sitemap.Alternates took 128 and
// their strings.
//
// The pages of a cluster name each other alike, on the same lines of
// the same template. So until the next judgement a list is kept once
// for all of them (byHash). A list is never written to: a change writes
// another list. A Session's lists that no page names any longer are
// left behind until they are most of the blocks (records.compactAlts).
//
// A list is read back as a []sitemap.Alternate (records.links), made
// anew each time. The writer's URL and the cluster check take it, and
// let it go.
//
// A Session's list begins with eight bytes that summarize its hrefs
// (hrefSig). An update uses them to find the pages whose links name a
// URL that changed, without reading every list (hreflangPass).
type altLists struct {
	// base is the base URL, against which the first href is written in a
	// Session.
	base string
	// sigs says each list begins with its hrefs' hrefSig, as in a
	// Session.
	sigs bool
	byteBlocks
	langs  []string
	langID map[string]uint32
	// byHash gives, until the next judgement, where the last list with a
	// given hash of its links and lines is (1 + ref).
	byHash map[uint32]uint32
	seed   maphash.Seed
	// kept is the size the lists took after the first judgement or the
	// last compaction (records.compactAlts).
	kept int
}

// alternates holds the hreflang alternates that the pages declare and
// those that the judgements show. A record's alts field is 1 + the index
// of its entry here, which is also its index in pageMedia.
type alternates struct {
	// refs holds, by entry, the list of alternates the page declares,
	// with their lines: 1 + where lists keeps it, or 0 for none.
	refs  []uint32
	lists altLists
	// shown holds, by entry, the alternates that filterAlternates or
	// the hreflang pass kept where they left some out (setShown). An entry
	// is nil where they kept all. shown is shorter than refs, or nil,
	// when they kept all of the lists past its end.
	shown [][]sitemap.Alternate
	// owner holds, by entry, the record the entry belongs to. Only a
	// Session fills it.
	owner []int32
	// session says the records are a Session's: they are removed and
	// their slots used again. The lists are then written against the
	// base URL, and each entry has an owner.
	session bool
	// shownMade counts the times shown was made anew or dropped. Each
	// time, every record's alternates may have changed (unchanged.go).
	shownMade int
	// gen holds the indexes the generator's own alternates need: the
	// records their lists name, and those whose alternates they give
	// (genalts.go). It is nil when the generator gives none.
	gen *genRecords
}

// compactSlack is how much a Session's lists may take past twice what
// they took after the last compaction, before the next compaction
// (compactAlts).
var compactSlack = 16 * locBlock

// put keeps the list of alts and lines (one for each link, or none),
// with its first href written against from's URL, fromLoc. When from is
// -1, the first href is written against the base URL. put returns 1 +
// where the list is (block << 16 | offset), or 0 for no links. Until
// the next judgement, a list kept before alike is given again, and only
// read by the records whose lists it is.
func (l *altLists) put(alts []sitemap.Alternate, lines []int, from int32, fromLoc string, s *records) uint32 {
	if len(alts) == 0 {
		return 0
	}
	if len(lines) != len(alts) {
		lines = nil
	}
	if l.langID == nil { // the first list
		l.langID = make(map[string]uint32)
		l.seed = maphash.MakeSeed()
		l.sigs = s.alts.session
	}
	if l.byHash == nil {
		l.byHash = make(map[uint32]uint32)
	}
	var key [1024]byte // the links and lines, hashed in one go
	k := key[:0]
	for _, a := range alts {
		k = append(append(append(append(k, a.Lang...), 0), a.Href...), 0)
	}
	for _, n := range lines {
		k = binary.AppendVarint(k, int64(n))
	}
	h := uint32(maphash.Bytes(l.seed, k))
	if ref, ok := l.byHash[h]; ok && s.sameList(ref, alts, lines) {
		return ref
	}
	var stack [512]byte
	b := stack[:0]
	if l.sigs {
		var sig uint64
		for _, a := range alts {
			sig |= l.hrefSig(a.Href)
		}
		b = binary.LittleEndian.AppendUint64(b, sig)
	}
	ref := 1 + putBytes(&l.byteBlocks, l.encode(b, alts, lines, from, fromLoc))
	l.byHash[h] = ref
	return ref
}

// judged ends the sharing of lists until the next judgement. The first
// judgement's lists, a whole build's, are what a Session's compaction
// is measured against.
func (l *altLists) judged() {
	l.byHash = nil
	if l.kept == 0 {
		l.kept = l.size
	}
}

// encode appends the body of the list of alts and lines to b: from + 1,
// the number of links and of lines, each link, and each line.
func (l *altLists) encode(b []byte, alts []sitemap.Alternate, lines []int, from int32, fromLoc string) []byte {
	b = binary.AppendUvarint(b, uint64(from+1))
	b = binary.AppendUvarint(b, uint64(len(alts)))
	b = binary.AppendUvarint(b, uint64(len(lines)))
	prev := fromLoc
	if from < 0 {
		prev = l.base
	}
	for _, a := range alts {
		id, ok := l.langID[a.Lang]
		if !ok {
			id = uint32(len(l.langs))
			l.langs = append(l.langs, a.Lang)
			l.langID[a.Lang] = id
		}
		b = binary.AppendUvarint(b, uint64(id))
		p, q := common(prev, a.Href)
		b = binary.AppendUvarint(b, uint64(p))
		b = binary.AppendUvarint(b, uint64(q))
		mid := a.Href[p : len(a.Href)-q]
		b = binary.AppendUvarint(b, uint64(len(mid)))
		b = append(b, mid...)
		prev = a.Href
	}
	last := 0
	for _, n := range lines {
		b = binary.AppendVarint(b, int64(n-last))
		last = n
	}
	return b
}

// common returns the length of the beginning that a and b share, and of
// the end they share past it. It compares eight bytes at a time, then
// one.
func common(a, b string) (p, q int) {
	n := min(len(a), len(b))
	for p+8 <= n && a[p:p+8] == b[p:p+8] {
		p += 8
	}
	for p < n && a[p] == b[p] {
		p++
	}
	for q+8 <= n-p && a[len(a)-q-8:len(a)-q] == b[len(b)-q-8:len(b)-q] {
		q += 8
	}
	for q < n-p && a[len(a)-1-q] == b[len(b)-1-q] {
		q++
	}
	return p, q
}

// hrefSig returns the bits that href gives a list's summary of its
// hrefs: three of its 64 bits, drawn from a digest of href. A list's
// summary is the bits of all its hrefs together. A list whose summary
// lacks one of href's bits does not name href. A list of four links has
// some 11 bits set, and another URL's three bits are all among them for
// about one list in 200.
func (l *altLists) hrefSig(href string) uint64 {
	h := maphash.String(l.seed, href)
	return 1<<(h&63) | 1<<(h>>6&63) | 1<<(h>>12&63)
}

// sig returns the summary of the hrefs of the list at ref (not 0). It
// has all bits set where the lists keep no summary.
func (l *altLists) sig(ref uint32) uint64 {
	if !l.sigs {
		return ^uint64(0)
	}
	return binary.LittleEndian.Uint64(l.stored(ref))
}

// stored returns the bytes of the list at ref (1 + where) in its block,
// its summary included.
func (l *altLists) stored(ref uint32) []byte {
	data, _ := l.bytesAt(ref - 1)
	return data
}

// body returns the bytes of the list at ref after its summary.
func (l *altLists) body(ref uint32) []byte {
	data := l.stored(ref)
	if l.sigs {
		return data[8:]
	}
	return data
}

// len returns the number of links of the list at ref, or 0 for ref 0.
func (l *altLists) len(ref uint32) int {
	if ref == 0 {
		return 0
	}
	b := l.body(ref)
	_, w := binary.Uvarint(b) // skip from
	n, _ := binary.Uvarint(b[w:])
	return int(n)
}

// listRead is a list as read: the bytes of its hrefs after those of the
// reference, their ends and languages, and the bytes of its lines.
type listRead struct {
	buf   []byte   // the reference's bytes, then the hrefs'
	start int      // where the hrefs begin in buf
	ends  []int    // where each ends
	langs []uint32 // each one's language, an index into altLists.langs
	lines []byte   // the lines, as encode writes them
	nl    int      // their number
}

// read reads the list at ref (not 0) into r and returns it. It appends
// to r's slices, which start empty and sit on the caller's stack where
// they fit.
func (s *records) read(ref uint32, r listRead) listRead {
	b := s.alts.lists.body(ref)
	from, w := binary.Uvarint(b)
	b = b[w:]
	prev := len(r.buf) // where the previous href begins in buf: first, the reference
	if from == 0 {
		r.buf = append(r.buf, s.alts.lists.base...)
	} else {
		f := s.rec(int32(from - 1))
		r.buf = s.locs.appendLoc(r.buf, f.pre, f.at)
	}
	r.start = len(r.buf)
	n, w := binary.Uvarint(b)
	b = b[w:]
	nl, w := binary.Uvarint(b)
	b = b[w:]
	for range n {
		id, w := binary.Uvarint(b)
		b = b[w:]
		p, w := binary.Uvarint(b)
		b = b[w:]
		q, w := binary.Uvarint(b)
		b = b[w:]
		m, w := binary.Uvarint(b)
		b = b[w:]
		at, end := len(r.buf), len(r.buf)
		r.buf = append(r.buf, r.buf[prev:prev+int(p)]...)
		r.buf = append(r.buf, b[:m]...)
		r.buf = append(r.buf, r.buf[end-int(q):end]...)
		b = b[m:]
		prev = at
		r.ends = append(r.ends, len(r.buf))
		r.langs = append(r.langs, uint32(id))
	}
	r.lines, r.nl = b, int(nl)
	return r
}

// links returns the links of the list at ref and, with lines, their
// lines (nil when the list keeps none). It returns nil for ref 0. The
// hrefs are one string, cut, so the list takes two objects.
func (s *records) links(ref uint32, lines bool) ([]sitemap.Alternate, []int) {
	if ref == 0 {
		return nil, nil
	}
	var buf [1024]byte // the reference and the hrefs of a list of up to 16 links, on the stack
	var ends [16]int
	var langs [16]uint32
	r := s.read(ref, listRead{buf: buf[:0], ends: ends[:0], langs: langs[:0]})
	alts := make([]sitemap.Alternate, len(r.ends))
	hrefs, start := string(r.buf[r.start:]), r.start
	for i, end := range r.ends {
		alts[i] = sitemap.Alternate{Lang: s.alts.lists.langs[r.langs[i]], Href: hrefs[start-r.start : end-r.start]}
		start = end
	}
	if !lines || r.nl == 0 {
		return alts, nil
	}
	ls := make([]int, r.nl)
	last, b := 0, r.lines
	for i := range ls {
		d, w := binary.Varint(b)
		b = b[w:]
		last += int(d)
		ls[i] = last
	}
	return alts, ls
}

// sameList reports whether the list at ref is alts on lines.
func (s *records) sameList(ref uint32, alts []sitemap.Alternate, lines []int) bool {
	var buf [1024]byte
	var ends [16]int
	var langs [16]uint32
	r := s.read(ref, listRead{buf: buf[:0], ends: ends[:0], langs: langs[:0]})
	if len(r.ends) != len(alts) || r.nl != len(lines) {
		return false
	}
	start := r.start
	for i, a := range alts {
		if s.alts.lists.langs[r.langs[i]] != a.Lang || string(r.buf[start:r.ends[i]]) != a.Href {
			return false
		}
		start = r.ends[i]
	}
	last, b := 0, r.lines
	for _, n := range lines {
		d, w := binary.Varint(b)
		b = b[w:]
		last += int(d)
		if last != n {
			return false
		}
	}
	return true
}

// namesAny reports whether the list at ref has an href for which f
// returns true. It uses r's slices again.
func (s *records) namesAny(ref uint32, r *listRead, f func(href []byte) bool) bool {
	*r = s.read(ref, listRead{buf: r.buf[:0], ends: r.ends[:0], langs: r.langs[:0]})
	start := r.start
	for _, end := range r.ends {
		if f(r.buf[start:end]) {
			return true
		}
		start = end
	}
	return false
}

// entry gives the record idx an entry with the list at ref, and returns
// 1 + the entry's index. In a Session, the entry's owner is idx.
func (a *alternates) entry(idx int32, ref uint32) int32 {
	a.refs = append(a.refs, ref)
	if a.session {
		a.owner = append(a.owner, idx)
	}
	return int32(len(a.refs))
}

// putAlts keeps the list of alts and their lines that the record from
// declares at fromLoc, or with from -1 (altLists.put). It returns what
// alts keeps of the list. In a Session, lists are written against the
// base URL.
func (s *records) putAlts(alts []sitemap.Alternate, lines []int, from int32, fromLoc string) uint32 {
	l := &s.alts.lists
	if l.langID == nil && s.mapper != nil {
		l.base = s.mapper.BaseURL()
	}
	if s.alts.session {
		from = -1
		if l.byHash == nil && l.size > 2*l.kept+compactSlack {
			s.compactAlts() // on the first list since the last judgement
		}
	}
	return l.put(alts, lines, from, fromLoc, s)
}

// setAlts sets the alternates of the entry k.
func (s *records) setAlts(k int32, alts []sitemap.Alternate) {
	s.alts.refs[k] = s.putAlts(alts, nil, -1, "")
}

// declared returns the alternates that the entry k declares, and their
// lines.
func (s *records) declared(k int32) ([]sitemap.Alternate, []int) {
	return s.links(s.alts.refs[k], true)
}

// shownOf returns the alternates the entry k shows.
func (s *records) shownOf(k int32) []sitemap.Alternate {
	if kept := s.alts.shownAt(k); kept != nil {
		return kept
	}
	links, _ := s.links(s.alts.refs[k], false)
	return links
}

// shownLen returns the number of alternates the entry k shows.
func (a *alternates) shownLen(k int32) int {
	if kept := a.shownAt(k); kept != nil {
		return len(kept)
	}
	return a.lists.len(a.refs[k])
}

// shownAt returns what shown keeps of the entry k. It returns nil when
// the entry shows all it declares.
func (a *alternates) shownAt(k int32) []sitemap.Alternate {
	if int(k) < len(a.shown) {
		return a.shown[k]
	}
	return nil
}

// setShown keeps kept as the alternates the entry k shows; nil means
// all it declares. shown is made when an entry first shows fewer.
func (a *alternates) setShown(k int32, kept []sitemap.Alternate) {
	if kept == nil && int(k) >= len(a.shown) {
		return
	}
	if n := len(a.refs) - len(a.shown); n > 0 {
		a.shown = append(a.shown, make([][]sitemap.Alternate, n)...)
	}
	a.shown[k] = kept
}

// compactAlts copies anew, each once, into blocks of their own, the
// lists of alts that a record names. A Session's pages that are read
// again leave their old lists behind. putAlts calls it when the lists
// take more than twice what they took after the last compaction (or
// the first judgement), plus 1 MiB (compactSlack).
func (s *records) compactAlts() {
	a := &s.alts
	old := a.lists
	a.lists.byteBlocks = byteBlocks{}
	moved := make(map[uint32]uint32)
	for k, ref := range a.refs {
		if ref == 0 {
			continue
		}
		if r := s.rec(a.owner[k]); r.pre == 0 || r.alts != int32(k+1) {
			a.refs[k] = 0 // the record was removed, or given another entry
			continue
		}
		to, ok := moved[ref]
		if !ok {
			to = 1 + putBytes(&a.lists.byteBlocks, old.stored(ref))
			moved[ref] = to
		}
		a.refs[k] = to
	}
	a.lists.kept = a.lists.size
}

// altCache reads the records' lists for the cluster check, and keeps
// the last two read. The pages that a page's links name are of its
// cluster, and their list is its own. It is not safe for concurrent
// use.
type altCache struct {
	s     *records
	refs  [2]uint32
	lists [2][]sitemap.Alternate
	next  int
}

func (s *records) altCache() *altCache { return &altCache{s: s} }

// links returns the links of the list at ref (the records' alts).
func (c *altCache) links(ref uint32) []sitemap.Alternate {
	if ref == 0 {
		return nil
	}
	for i, r := range c.refs {
		if r == ref {
			return c.lists[i]
		}
	}
	links, _ := c.s.links(ref, false)
	c.refs[c.next], c.lists[c.next] = ref, links
	c.next ^= 1
	return links
}

// others gives the links of the listed page at href, and whether a page
// is listed there (hreflang.Checker.Check's others).
func (c *altCache) others(href string) ([]sitemap.Alternate, bool) {
	s := c.s
	i, ok := s.find(href)
	if !ok {
		return nil, false
	}
	if r := s.rec(s.order[i]); r.alts > 0 {
		return c.links(s.alts.refs[r.alts-1]), true
	}
	return nil, true
}

// ownHref returns the URL of the record r. It is the href in links that
// names r, when one does, as on most pages of a cluster. Otherwise it
// is a string made anew.
func (t *recordTable) ownHref(r *record, links []sitemap.Alternate) string {
	var buf [512]byte
	own := t.locs.appendLoc(buf[:0], r.pre, r.at)
	for _, a := range links {
		if a.Href == string(own) {
			return a.Href
		}
	}
	return string(own)
}
