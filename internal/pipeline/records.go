package pipeline

import (
	"bytes"
	"cmp"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// record is a listed page, kept compact, because the records are most
// of the memory at a million pages. A record takes 32 bytes plus the
// last segment of its URL (locs). A sitemap.URL and the page's path
// would take 88 bytes and two strings. A record holds no pointer. The
// path follows from the URL and the form (mapping.Mapper.PathOf), so it
// is kept only when a canonical link changed the URL. lastmod is in
// whole seconds. Alternates and images live elsewhere. robots.txt's
// verdict takes the byte that was padding.
type record struct {
	// pre and at say where recordTable.locs keeps the URL (locs.put). pre
	// is 0 in a free slot.
	pre     int32
	at      uint32
	lastmod int64 // Unix seconds, or noLastMod
	alts    int32 // 1 + index of its entry in alternates and pageMedia; 0 for none
	// path is 1 + an index into recordTable.paths. When it is 0, the path
	// is PathOf(loc, form). Below 0, the record is an extra URL's, and
	// path is -(1 + its ordinal among the extra URLs). Its path is then
	// NAME:LINE (extraURLs.path).
	path int32
	cf   sitemap.ChangeFreq
	// formRobots holds two values in one byte, so that a record keeps
	// its 32 bytes: the low four bits are the page's mapping.PathForm
	// (form), the next two what robots.txt says of it (robots).
	formRobots uint8
	prio       sitemap.Priority
	src        uint8 // the lastmod's source: an index into recSources
	// group is the record's group of heads' dates (siteDates), or
	// manyGroups when it is past 254 and siteDates.more holds it.
	group uint8
}

// form returns the record's mapping.PathForm.
func (r *record) form() mapping.PathForm { return mapping.PathForm(r.formRobots & 0x0f) }

// robots returns robotsAllowed or robotsBlocked after the robots.txt
// pass, and 0 before.
func (r *record) robots() uint8 { return r.formRobots >> 4 }

// setRobots sets what robots() returns.
func (r *record) setRobots(v uint8) { r.formRobots = r.formRobots&0x0f | v<<4 }

// A record's robots() keeps what the site's robots.txt says of its
// loc, for a Session's next judgement. The rules never change within a
// Session: a change of them starts a whole build.
const (
	robotsAllowed = 1 + iota
	robotsBlocked
)

// recSources are the lastmod sources a record's src names; 0 for none.
var recSources = [...]mapping.LastModSource{"", mapping.LastModFrontMatter, mapping.LastModMeta, mapping.LastModGit, mapping.LastModHash, mapping.LastModMTime, mapping.LastModSitemap, LastModExtra, LastModTransform}

// The indexes in recSources of the sources that the passes compare a
// record's src with for every record: an index compares faster than
// the source's name.
var (
	srcFrontMatter = srcIndex(mapping.LastModFrontMatter)
	srcMeta        = srcIndex(mapping.LastModMeta)
	srcGit         = srcIndex(mapping.LastModGit)
	srcMTime       = srcIndex(mapping.LastModMTime)
)

// srcIndex returns the index of src in recSources, 0 for one not there.
func srcIndex(src mapping.LastModSource) uint8 {
	for i, s := range recSources {
		if s == src {
			return uint8(i)
		}
	}
	return 0
}

// mtime reports whether the record's lastmod is its file's modification
// time.
func (r *record) mtime() bool { return r.src == srcMTime }

const noLastMod = math.MinInt64

// noMTime is the modification time records.old.mtimes holds for a page that
// does not tell when the build ran.
const noMTime = math.MinInt64

// recordBlock is how many records a block holds. Blocks of a fixed size
// never move, so adding a record never copies the others, and growth
// holds no second copy of them.
const recordBlock = 4096

// records holds the listed pages and what the passes learn of them. It
// implements sitemap.URLs.
//
// The records themselves live in a recordTable, which records embeds:
// its methods (rec, loc, locOf, live) are how every pass reaches a
// record. Each other part has a type of its own, which holds its fields
// and the methods that read only them: the alternates (alts), the
// images, videos and news (media), the rule of build stamps (stamps),
// the heads' dates that are the site's (sites) and the extra URLs
// (extras). The methods of records read the table together with a
// part.
//
// A Session removes records too: a removed record's slot is free (its
// pre is 0) until add takes it again.
type records struct {
	recordTable
	// order holds the record indexes, sorted by loc; it is nil before
	// sort.
	order []int32
	// borrowed says whether order is a Session's list (orderShare).
	borrowed orderShare
	// alts holds the hreflang alternates the pages declare and those
	// the judgements show.
	alts alternates
	// media holds the pages' images, videos and news entries.
	media pageMedia
	// next keeps, by record index, the lastmod that the sources after a
	// stampable one give the page (mapping.Decision.Next). The rule of
	// build stamps reads it. It holds only the records dated by a
	// stampable source whose later sources know a date.
	next nextTable
	// listed gives a list page the date of the newest page it lists,
	// by record index, where that date is newer than its own
	// (dateListPages).
	listed map[int32]int64
	// listedWhy says why listed dates some of its list pages.
	listedWhy listedWhy
	// stamps holds the rule of build stamps and the file times it
	// leaves out.
	stamps buildStamps
	// sites holds the heads' dates that are the site's, not a page's.
	sites siteDates
	// builtGit holds one bit per record index. A bit is set when the
	// record's git lastmod is its built file's history, which a build
	// that commits its output sets, not a source's (lintPass). add
	// sets it for every record.
	builtGit []uint64
	// old serves a generator that leaves old files in its output.
	old oldOutput
	// extras holds what the records of the extra URLs need beside the
	// table.
	extras extraURLs
	// written, in a Session, is what the last Write was given
	// (unchanged.go). It is nil in a build.
	written *written
	// dedupReads counts how many times dedup reads which records it
	// keeps, to find the one each duplicate is of. A test holds it to
	// one read a record.
	dedupReads int
}

// built records the modification time of the listed page at idx and
// whether no source produces it.
func (s *records) built(idx int32, mtime int64, sourceless bool) {
	for int(idx) >= len(s.old.mtimes) {
		s.old.mtimes = append(s.old.mtimes, 0)
	}
	s.old.mtimes[idx] = mtime
	if sourceless {
		if s.old.sourceless == nil {
			s.old.sourceless = make(map[int32]bool)
		}
		s.old.sourceless[idx] = true
	}
}

// nextLastMod is a record's next lastmod: Unix seconds and the index of
// its source in recSources.
type nextLastMod struct {
	lastmod int64
	src     uint8
}

// A nextTable keeps records' next lastmods by record index. The entries
// a build adds come in order, and sit in a slice at 16 bytes each (a
// map took over 45). A Session may add an entry out of order, in a slot
// used again; such entries go in a map.
type nextTable struct {
	inOrder []nextEntry // by idx, ascending; a removed entry's src is noNext
	more    map[int32]nextLastMod
}

type nextEntry struct {
	idx int32
	src uint8
	// lastmod follows src, so that an entry takes 16 bytes.
	lastmod int64
}

// noNext marks a nextEntry removed: no index of recSources.
const noNext = math.MaxUint8

func (t *nextTable) find(idx int32) (int, bool) {
	work.count(&work.nextSearch)
	return slices.BinarySearchFunc(t.inOrder, idx, func(e nextEntry, idx int32) int { return int(e.idx) - int(idx) })
}

func (t *nextTable) get(idx int32) (nextLastMod, bool) {
	if i, ok := t.find(idx); ok {
		e := t.inOrder[i]
		return nextLastMod{lastmod: e.lastmod, src: e.src}, e.src != noNext
	}
	n, ok := t.more[idx]
	return n, ok
}

func (t *nextTable) set(idx int32, n nextLastMod) {
	if i, ok := t.find(idx); ok {
		t.inOrder[i].lastmod, t.inOrder[i].src = n.lastmod, n.src
		return
	}
	if k := len(t.inOrder); k == 0 || t.inOrder[k-1].idx < idx {
		t.inOrder = append(t.inOrder, nextEntry{idx: idx, src: n.src, lastmod: n.lastmod})
		return
	}
	if t.more == nil {
		t.more = make(map[int32]nextLastMod)
	}
	t.more[idx] = n
}

func (t *nextTable) remove(idx int32) {
	if i, ok := t.find(idx); ok {
		t.inOrder[i].src = noNext
		return
	}
	delete(t.more, idx)
}

// add records the listed page at path and returns its index.
func (s *records) add(path string, d *mapping.Decision) int32 {
	idx := s.take()
	s.changed(idx)
	r := s.rec(idx)
	u := &d.URL
	*r = record{lastmod: noLastMod, cf: u.ChangeFreq, prio: u.Priority, formRobots: uint8(d.Form)}
	r.pre, r.at = s.putLoc(u.Loc)
	if !u.LastMod.IsZero() {
		r.lastmod = u.LastMod.Unix()
		r.src = srcIndex(d.LastModSource)
	}
	s.next.remove(idx) // a Session uses the slot again
	if n := d.Next; !n.LastMod.IsZero() && mapping.Stampable(d.LastModSource) {
		s.next.set(idx, nextLastMod{lastmod: n.LastMod.Unix(), src: srcIndex(n.Source)})
	}
	if len(u.Alternates) > 0 || len(u.Images) > 0 || len(u.Videos) > 0 || u.News != nil {
		r.alts = s.alts.entry(idx, s.putAlts(u.Alternates, d.AltLines, idx, u.Loc))
		s.media.set(r.alts-1, u.Images, u.Videos, u.News)
	}
	if d.Form == mapping.FormUnknown {
		s.paths = append(s.paths, strings.Clone(path))
		r.path = int32(len(s.paths))
	}
	return idx
}

// pageMedia holds the pages' images, videos and news entries, by the
// index a record's alts field gives (1 + index). Each slice is only as
// long as the last index that has a value (set), and stays nil on a
// site that has none. A news entry is kept however old it is.
type pageMedia struct {
	images [][]sitemap.Image
	videos [][]sitemap.Video
	news   []*sitemap.News
	// newsAt is the time the set is written at. At gives a URL its news
	// entry only within the news window before it
	// (mapping.InNewsWindow).
	newsAt time.Time
}

// orderShare says whether records.order is borrowed. shared says order
// is a Session's list of all its records (Session.all). The passes read
// that list and must not change it: a pass that leaves records out
// first moves the order it keeps to spare (keepAt). spare is an order of
// the records' own, kept from one update to the next.
type orderShare struct {
	shared bool
	spare  []int32
}

// listedWhy says why records.listed dates its list pages. by holds, for
// the list pages whose code dates them (generator.ListRules.Newest),
// where the date comes from, in the words of --explain. gen holds the
// list pages that the generator's own sitemaps date, newer than the
// newest page they show (rule R2 of the second look,
// listPagesPass.list).
type listedWhy struct {
	by  map[int32]string
	gen map[int32]bool
}

// oldOutput serves a generator that leaves old files in its output
// (builder.keepsOldOutput). mtimes holds the modification times of the
// listed pages' files, in Unix nanoseconds by record index; noMTime
// marks a copied static file, whose time is not the build's. sourceless
// holds the records of pages that no source produces and nothing else
// claims. stale holds those of them that stalePass left out at the last
// judgement.
type oldOutput struct {
	mtimes     []int64
	sourceless map[int32]bool
	stale      map[int32]bool
}

// imagesOf, videosOf and newsOf return the images, videos and news
// entry at index k.
func (m *pageMedia) imagesOf(k int32) []sitemap.Image {
	if int(k) < len(m.images) {
		return m.images[k]
	}
	return nil
}

func (m *pageMedia) videosOf(k int32) []sitemap.Video {
	if int(k) < len(m.videos) {
		return m.videos[k]
	}
	return nil
}

func (m *pageMedia) newsOf(k int32) *sitemap.News {
	if int(k) < len(m.news) {
		return m.news[k]
	}
	return nil
}

// set sets the images, videos and news entry at index k. It grows each
// slice only for a value.
func (m *pageMedia) set(k int32, images []sitemap.Image, videos []sitemap.Video, news *sitemap.News) {
	if images != nil || int(k) < len(m.images) {
		for int(k) >= len(m.images) {
			m.images = append(m.images, nil)
		}
		m.images[k] = images
	}
	if videos != nil || int(k) < len(m.videos) {
		for int(k) >= len(m.videos) {
			m.videos = append(m.videos, nil)
		}
		m.videos[k] = videos
	}
	if news != nil || int(k) < len(m.news) {
		for int(k) >= len(m.news) {
			m.news = append(m.news, nil)
		}
		m.news[k] = news
	}
}

// remove frees the record at idx. Its entry in alts and media and its
// path stay behind, unused, because few pages have them. The entry's
// owner can tell: the record now in the slot does not point back to it.
// compactAlts drops the lists.
func (s *records) remove(idx int32) {
	s.changed(idx)
	if r := s.rec(idx); r.pre != 0 {
		s.locs.drop(r.at)
	}
	*s.rec(idx) = record{}
	s.next.remove(idx)
	s.sites.remove(idx)
	delete(s.old.sourceless, idx)
	delete(s.old.stale, idx)
	if s.alts.gen != nil {
		s.alts.gen.remove(idx)
	}
	s.free = append(s.free, idx)
}

// cmp orders records by loc, and records of one loc by path: the pages
// first, then the extra URLs in the order they were read.
func (s *records) cmp(a, b int32) int {
	ra, rb := s.rec(a), s.rec(b)
	if c := s.locs.compare(ra.pre, ra.at, rb.pre, rb.at); c != 0 {
		return c
	}
	switch ea, eb := ra.extra(), rb.extra(); {
	case ea && eb:
		return int(rb.path) - int(ra.path) // -(1+k): the first one read comes first
	case ea != eb:
		if ea {
			return 1
		}
		return -1
	}
	return strings.Compare(s.pathOf(ra), s.pathOf(rb))
}

// pathOf returns the path of the page r records; an extra URL's
// NAME:LINE.
func (s *records) pathOf(r *record) string {
	if r.path < 0 {
		return s.extras.path(r)
	}
	if r.path > 0 {
		return s.paths[r.path-1]
	}
	p, _ := s.mapper.PathOf(s.locOf(r), r.form())
	return p
}

// sort orders the records by loc, and pages of one loc by path.
//
// Most locs share the base URL, so a comparison of two would read both
// records and both strings past it. Instead, the records are sorted by
// keys kept aside by record index. The first key is the eight bytes of
// each loc after the base URL, big-endian, with zeros past its end. Two
// keys that differ are in the order of their locs. Then each run of
// records with one key is sorted by the next eight bytes of their locs,
// and so on (sortRun). Only a run of one key in which a loc ends is
// compared whole (cmp), which orders the pages of one loc by path.
func (s *records) sort() {
	s.order = make([]int32, 0, s.n-len(s.free))
	for i := range int32(s.n) {
		if len(s.free) == 0 || s.live(i) {
			s.order = append(s.order, i)
		}
	}
	keys, off := s.sortKeys()
	sortParallel(s.order, func(a, b int32) int { return cmp.Compare(keys[a], keys[b]) }, runtime.GOMAXPROCS(0))
	// Find the runs of one key before any is sorted, because sorting
	// changes their keys. Then sort them in one part of the order per
	// CPU; each part sorts the runs that begin in it.
	type run struct{ lo, hi int }
	var runs []run
	for lo := 0; lo < len(s.order); {
		k, hi := keys[s.order[lo]], lo+1
		for hi < len(s.order) && keys[s.order[hi]] == k {
			hi++
		}
		if hi-lo > 1 {
			runs = append(runs, run{lo, hi})
		}
		lo = hi
	}
	inParts(len(s.order), func(lo, hi int) {
		i, _ := slices.BinarySearchFunc(runs, lo, func(r run, lo int) int { return r.lo - lo })
		for ; i < len(runs) && runs[i].lo < hi; i++ {
			s.sortTied(s.order[runs[i].lo:runs[i].hi], keys, off)
		}
	})
}

// sortTied sorts xs, records whose keys are alike: their locs share the
// off bytes before the key and the key's eight bytes. If a loc in xs
// ends within the key, cmp sorts them all, which orders the pages of
// one loc by path. Otherwise sortRun sorts them by the next eight
// bytes.
func (s *records) sortTied(xs []int32, keys []uint64, off int) {
	for _, i := range xs {
		if r := s.rec(i); s.locs.len(r.pre, r.at) < off+8 {
			slices.SortFunc(xs, s.cmp)
			return
		}
	}
	s.sortRun(xs, keys, off+8)
}

// sortRun sorts xs, records whose locs share their first off bytes, by
// the eight bytes after those. It sets their keys, by record index, to
// those bytes, with zeros past a loc's end. Then it sorts each run of
// one key in turn (sortTied).
func (s *records) sortRun(xs []int32, keys []uint64, off int) {
	var buf [256]byte
	for _, i := range xs {
		r := s.rec(i)
		keys[i] = sortKey(s.locs.appendLoc(buf[:0], r.pre, r.at)[off:])
	}
	slices.SortFunc(xs, func(a, b int32) int { return cmp.Compare(keys[a], keys[b]) })
	for lo := 0; lo < len(xs); {
		k, hi := keys[xs[lo]], lo+1
		for hi < len(xs) && keys[xs[hi]] == k {
			hi++
		}
		if hi-lo > 1 {
			s.sortTied(xs[lo:hi], keys, off)
		}
		lo = hi
	}
}

// sortKey returns the first eight bytes of s, big-endian, zeros past its
// end.
func sortKey(s []byte) uint64 {
	var k uint64
	for i := range 8 {
		k <<= 8
		if i < len(s) {
			k |= uint64(s[i])
		}
	}
	return k
}

// sortParallel sorts xs by cmp. It splits xs in two about a pivot, the
// median of a sample, and sorts the two sides at once, each with half of
// the CPUs, and so on down to one CPU a side. Elements that cmp finds
// equal end in no set order (sort orders them afterwards). After the
// walk the build has the CPUs to itself, and a million records sort in
// about half the time. It sorts in place: a merge of sorted parts would
// need a second array as long as xs, at the build's peak of memory.
func sortParallel(xs []int32, cmp func(a, b int32) int, procs int) {
	if procs < 2 || len(xs) < 1<<14 {
		slices.SortFunc(xs, cmp)
		return
	}
	m := partition(xs, pivot(xs, cmp), cmp)
	var wg sync.WaitGroup
	wg.Go(func() { sortParallel(xs[:m], cmp, procs/2) })
	sortParallel(xs[m:], cmp, procs-procs/2)
	wg.Wait()
}

// pivot returns the median of 31 elements of xs spread evenly over it,
// by cmp. xs has at least 31 elements.
func pivot(xs []int32, cmp func(a, b int32) int) int32 {
	var sample [31]int32
	for i := range sample {
		sample[i] = xs[i*(len(xs)-1)/(len(sample)-1)]
	}
	slices.SortFunc(sample[:], cmp)
	return sample[len(sample)/2]
}

// partition reorders xs about p, an element of xs, and returns m: no
// element of xs[:m] sorts after p, and none of xs[m:] before it. It is
// Hoare's partition: elements equal to p go to either side, so that
// many of them still split evenly.
func partition(xs []int32, p int32, cmp func(a, b int32) int) int {
	i, j := -1, len(xs)
	for {
		for i++; cmp(xs[i], p) < 0; i++ {
		}
		for j--; cmp(xs[j], p) > 0; j-- {
		}
		if i >= j {
			return j + 1
		}
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// minPart is the fewest items that inParts gives a goroutine of its
// own. A test makes it small.
var minPart = 1 << 12

// inParts calls fn for parts [lo, hi) of [0, n), one part a CPU, at
// once. It returns when all are done. When n is below two parts' worth,
// it makes one call, on this goroutine. The phases after the walk have
// the CPUs to themselves. fn for one part must touch nothing that
// another part touches.
func inParts(n int, fn func(lo, hi int)) {
	procs := min(runtime.GOMAXPROCS(0), n/minPart)
	if procs < 2 {
		fn(0, n)
		return
	}
	size := (n + procs - 1) / procs
	var wg sync.WaitGroup
	for lo := size; lo < n; lo += size {
		wg.Go(func() { fn(lo, min(lo+size, n)) })
	}
	fn(0, size)
	wg.Wait()
}

// lastmod returns the lastmod of the record at idx as written. That is
// its own lastmod (own), or noLastMod for a modification time left out.
// A list page's lastmod is never older than the newest page it lists.
func (s *records) lastmod(idx int32) int64 {
	lm, _ := s.lastmodListed(idx)
	return lm
}

// lastmodListed is lastmod that also reports whether the lastmod is the
// newest listed page's (dateListPages) rather than the record's own.
//
// It runs several times a record in every build (the passes that count
// days, the writer's At), so it tests the cheap conditions first: the
// next lastmod is searched for only when the record's own date is
// passed over, or may give way to a fallback. TestPassWork counts the
// searches.
func (s *records) lastmodListed(idx int32) (lm int64, listed bool) {
	work.count(&work.lastmod)
	r := s.rec(idx)
	if s.passedOver(idx) {
		return s.lastmodPassed(idx, r)
	}
	lm = r.lastmod
	if r.mtime() && s.stamps.mtime.drops(lm) {
		lm = noLastMod
	}
	return s.listedOr(idx, lm)
}

// lastmodPassed is lastmodListed for the record r at idx, whose own
// date is passed over: it takes its next lastmod, unless that is a file
// time left out.
func (s *records) lastmodPassed(idx int32, r *record) (lm int64, listed bool) {
	next, hasNext := s.next.get(idx)
	lm = s.ownOf(idx, r, true, next, hasNext)
	switch {
	case r.mtime() && s.stamps.mtime.drops(r.lastmod):
		lm = noLastMod
	case hasNext && s.stamps.dropsNext(next):
		lm = noLastMod
	}
	if t, ok := s.listedOr(idx, lm); ok {
		return t, true
	}
	if lm == noLastMod && hasNext && s.fallsBack(idx, next) {
		return next.lastmod, false // a page that lists nothing
	}
	return lm, false
}

// listedOr returns the date of the list page at idx when it is newer
// than lm, or lm is noLastMod: a list page is never older than what it
// lists. Otherwise it returns lm.
func (s *records) listedOr(idx int32, lm int64) (int64, bool) {
	if len(s.listed) > 0 {
		if t, ok := s.listed[idx]; ok && (lm == noLastMod || t > lm) {
			return t, true
		}
	}
	return lm, false
}

// own returns the lastmod of the record at idx as its sources give it.
// For a build's stamp (stampsPass) or the site's date (siteWidePass),
// it returns the next sources' date instead. The list pages' rule
// judges after these. The files' times are judged after that rule
// (mtimePass), so own does not leave them out. The site's date gives
// way to no fallback of sitemapgen's own (fallback): a list page is
// then dated by what it shows.
func (s *records) own(idx int32) int64 {
	r := s.rec(idx)
	if s.passedOver(idx) {
		n, ok := s.next.get(idx)
		return s.ownOf(idx, r, true, n, ok)
	}
	return r.lastmod
}

// ownOf is own for the record r at idx, given whether it is passed over
// and, when it is, its next lastmod n (ok says it has one).
func (s *records) ownOf(idx int32, r *record, passed bool, n nextLastMod, ok bool) int64 {
	if !passed {
		return r.lastmod
	}
	if ok && !s.fallsBack(idx, n) {
		return n.lastmod
	}
	return noLastMod
}

// passedOver reports whether the record at idx is dated by a build's
// stamp or by the site's date. Such a record takes its next lastmod.
//
// Most builds find no build's stamp and no site's date: passedOver then
// answers without a look at the record. It is asked several times a
// record, and small enough to be inlined.
func (s *records) passedOver(idx int32) bool {
	return (s.stamps.found || len(s.sites.dates) > 0) && s.stampedOrSiteWide(idx)
}

// stampedOrSiteWide is passedOver once there is a build's stamp or a
// site's date to look for.
func (s *records) stampedOrSiteWide(idx int32) bool {
	return s.stamped(idx) || s.siteWideOf(idx)
}

// stamped reports whether the record at idx is dated by a stampable
// source on the day the set's rule found to be the build's stamp.
func (s *records) stamped(idx int32) bool {
	r := s.rec(idx)
	return s.stamps.found && r.lastmod != noLastMod && unixDay(r.lastmod) == s.stamps.day && s.stampableRec(&s.stamps.stampRule, idx, r)
}

// buildStamps holds the rule of build stamps: which dates are a
// build's, a copy's or a checkout's rather than a page's. The records
// dated by a stamp take their next lastmod. The build stamps pass
// returns the rule's verdict (stampRule), and the file times pass its
// own (mtime); the pass list keeps both here.
type buildStamps struct {
	stampRule
	// mtime says which lastmods that are modification times are left
	// out (Options.GuardMTime): those a build wrote, not an edit.
	mtime mtimeStamps
}

// stampRule is the build stamps pass's verdict (stampsPass).
type stampRule struct {
	// trustSitemap says the generator's sitemaps date the pages by
	// their sources' history (trustsSitemap). Their dates are
	// then no stamp.
	trustSitemap bool
	// found says the rule found a day of stamps. day is that day, in
	// Unix days: the dates on it from stampable sources are the
	// build's stamps (stampsPass).
	found bool
	day   int64
	// count is how many of Result.Stamps the rule found. withMTime says
	// it counted the files' modification times along with the heads'
	// dates; mtimePass then leaves those times out and gives no warning
	// of its own. stampsPass judges again before every write.
	count     int
	withMTime bool
	// history, when set, reports whether a date (Unix seconds) is a
	// commit's that dates the pages sharing it (records.historyDates),
	// not a build's stamp. stampsPass sets it when the rule would find
	// stamps without it.
	history func(int64) bool
}

// stampable reports whether a date from the source src (an index into
// recSources) may be a build's stamp. It may when mapping.Stampable
// names the source, except the generator's sitemaps when they are
// trusted (trustSitemap).
func (b *stampRule) stampable(src uint8) bool {
	return mapping.Stampable(recSources[src]) && !(b.trustSitemap && recSources[src] == mapping.LastModSitemap)
}

// stampableAt reports whether the date t (Unix seconds) from the source
// src may be a build's stamp. It may when src is stampable and t is not
// the date of a commit in the project's history (history).
func (b *stampRule) stampableAt(src uint8, t int64) bool {
	return b.stampable(src) && (b.history == nil || !b.history(t))
}

// dropsNext reports whether n, a record's next lastmod, is a
// modification time that the rule leaves out (mtime).
func (b *buildStamps) dropsNext(n nextLastMod) bool {
	return n.src == srcMTime && b.mtime.drops(n.lastmod)
}

// source returns the source of the lastmod of the record at idx as
// written. It is "" for none. A list page's source is its own, "".
func (s *records) source(idx int32) mapping.LastModSource {
	r := s.rec(idx)
	switch {
	case r.lastmod == noLastMod, r.mtime() && s.stamps.mtime.drops(r.lastmod):
		return ""
	case s.passedOver(idx):
		n, _ := s.next.get(idx)
		if !s.stamps.dropsNext(n) {
			return recSources[n.src] // "" when next has no entry
		}
		return ""
	}
	return recSources[r.src]
}

// Len returns the number of records (after sort and dedup, of URLs).
func (s *records) Len() int { return len(s.order) }

// PathAt returns the path of the page of the i-th URL in order.
func (s *records) PathAt(i int) string { return s.pathOf(s.rec(s.order[i])) }

// At returns the i-th URL in order.
func (s *records) At(i int) sitemap.URL {
	r := s.rec(s.order[i])
	u := sitemap.URL{ChangeFreq: r.cf, Priority: r.prio}
	if r.extra() {
		if u.ChangeFreq == 0 {
			u.ChangeFreq = s.extras.cf
		}
		if !u.Priority.IsSet() {
			u.Priority = s.extras.prio
		}
	}
	if lm := s.lastmod(s.order[i]); lm != noLastMod {
		u.LastMod = time.Unix(lm, 0).UTC()
	}
	if r.alts > 0 {
		u.Alternates = s.shownOf(r.alts - 1)
		u.Images = s.media.imagesOf(r.alts - 1)
		u.Videos = s.media.videosOf(r.alts - 1)
		if n := s.media.newsOf(r.alts - 1); n != nil && mapping.InNewsWindow(n.PublicationDate, s.media.newsAt) {
			u.News = n
		}
	}
	if len(u.Alternates) > 0 {
		u.Loc = s.ownHref(r, u.Alternates) // a translated page names itself among them
	} else {
		u.Loc = s.locOf(r)
	}
	return u
}

// HasVideos reports whether a URL in order has videos. The writer uses
// it to choose namespaces. It answers at once when no page has any.
func (s *records) HasVideos() bool { return s.VideoEntries() > 0 }

// VideoEntries returns the number of video entries of the URLs in
// order. The build's summary uses it.
func (s *records) VideoEntries() int {
	n := 0
	if len(s.media.videos) == 0 {
		return 0
	}
	for _, idx := range s.order {
		if r := s.rec(idx); r.alts > 0 {
			n += len(s.media.videosOf(r.alts - 1))
		}
	}
	return n
}

// HasImages reports whether a URL in order has images. The writer uses
// it to choose namespaces. It answers at once when no page has any.
func (s *records) HasImages() bool {
	if len(s.media.images) == 0 {
		return false
	}
	for _, idx := range s.order {
		if r := s.rec(idx); r.alts > 0 && len(s.media.imagesOf(r.alts-1)) > 0 {
			return true
		}
	}
	return false
}

// HasAlternates reports whether a URL in order has hreflang alternates,
// as At gives them. The writer uses it to choose namespaces. It answers
// at once when no page declared any, which is the usual case.
func (s *records) HasAlternates() bool {
	if len(s.alts.refs) == 0 {
		return false
	}
	for _, idx := range s.order {
		if r := s.rec(idx); r.alts > 0 && s.alts.shownLen(r.alts-1) > 0 {
			return true
		}
	}
	return false
}

// dedup drops from the sorted order every record whose loc equals the
// one before it, and calls dup for each. With clean URLs, a page /a
// beside a folder /a/ is a duplicate too. Hosts serve one and redirect
// the other, so dedup drops /a.
//
// An extra URL's record of a page's URL is not a duplicate. The page
// takes the values the record gives (mergeExtra), and dedup calls
// merged. A second extra record of that URL is a duplicate of the
// first.
func (s *records) dedup(cleanURLs bool, dup func(path, loc, keptPath, keptLoc string), merged func(path, extraPath string, took []string)) {
	// Decide which records to keep, in parts at once. Then report the
	// others, in order.
	keep := make([]bool, len(s.order))
	inParts(len(s.order), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			keep[i] = i == 0 || !s.sameLoc(s.order[i], s.order[i-1])
		}
	})
	isKept := func(i int) bool {
		s.dedupReads++
		return keep[i]
	}
	var from int32 = -1 // the extra record whose values the kept page took
	k := 0              // the position of the last record kept
	for i, idx := range s.order {
		if isKept(i) {
			k, from = i, -1
			continue
		}
		r := s.rec(idx)
		kept := s.rec(s.order[k])
		switch {
		case r.extra() && !kept.extra() && from < 0:
			from = idx
			took := s.mergeExtra(s.order[k], idx)
			if merged != nil {
				merged(s.pathOf(kept), s.pathOf(r), took)
			}
		case r.extra() && from >= 0:
			dup(s.pathOf(r), s.locOf(r), s.pathOf(s.rec(from)), s.locOf(kept))
		default:
			dup(s.pathOf(r), s.locOf(r), s.pathOf(kept), s.locOf(kept))
		}
	}
	if cleanURLs {
		for i, idx := range s.order {
			r := s.rec(idx)
			if !keep[i] || bytes.HasSuffix(s.locs.rest(r.at), []byte("/")) {
				continue
			}
			loc := s.locOf(r)
			if j, ok := slices.BinarySearchFunc(s.order, loc+"/", s.cmpLoc); ok {
				keep[i] = false
				t := s.rec(s.order[j])
				dup(s.pathOf(r), loc, s.pathOf(t), s.locOf(t))
			}
		}
	}
	out := s.order[:0]
	for i, idx := range s.order {
		if keep[i] {
			out = s.keepAt(out, i, idx)
		}
	}
	s.order = out
}

// keepAt appends idx, the record at i in the order, to out. out is the
// order a pass keeps. It starts as order[:0] and grows in the order's
// order. While the order is shared, out may overwrite it only as long
// as out keeps every record before i, because that leaves the order as
// it is. Once a record is left out, out first moves to spare.
func (s *records) keepAt(out []int32, i int, idx int32) []int32 {
	if s.borrowed.shared && len(out) < i {
		if cap(s.borrowed.spare) < len(s.order) {
			s.borrowed.spare = make([]int32, 0, len(s.order))
		}
		out = append(s.borrowed.spare[:0], out...)
		s.borrowed.spare, s.borrowed.shared = nil, false // spare is the order now
	}
	return append(out, idx)
}

// share makes all, a Session's list of every record, the order that the
// passes start from. The order is then shared: the passes read it but
// do not change it. An order of the records' own, made by a pass, is
// kept as spare.
func (s *records) share(all []int32) {
	s.unshare()
	s.order, s.borrowed.shared = all[:len(all):len(all)], true
}

// unshare forgets the order before a Session's list of all records
// changes. Until the passes make the order again, there is none, and so
// no stale order whose records may be removed. An order of the records'
// own is kept as spare.
func (s *records) unshare() {
	if !s.borrowed.shared && s.order != nil {
		s.borrowed.spare = s.order[:0]
	}
	s.order, s.borrowed.shared = nil, false
}

// find returns the position in order of the record of loc.
func (s *records) find(loc string) (int, bool) {
	return slices.BinarySearchFunc(s.order, loc, s.cmpLoc)
}

// filterAlternates keeps in shown, for each listed record, the hreflang
// alternates that keep accepts. The declared alternates stay in alts
// for the next time, because a Session filters again after every
// change.
func (s *records) filterAlternates(keep func(loc string, a sitemap.Alternate) bool) {
	alts := &s.alts
	if alts.shown != nil || len(alts.refs) > 0 {
		alts.shownMade++ // none before and none after would be no change
	}
	alts.shown = nil
	if len(alts.refs) == 0 {
		return
	}
	for _, idx := range s.order {
		r := s.rec(idx)
		if r.alts == 0 || alts.refs[r.alts-1] == 0 {
			continue
		}
		loc := s.locOf(r)
		links, _ := s.links(alts.refs[r.alts-1], false)
		kept := make([]sitemap.Alternate, 0, len(links))
		for _, a := range links {
			if keep(loc, a) {
				kept = append(kept, a)
			}
		}
		if len(kept) < len(links) {
			alts.setShown(r.alts-1, kept)
		}
	}
}
