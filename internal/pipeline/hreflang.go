package pipeline

// The hreflang clusters of the listed pages. Each alternate must be a
// listed page of the site, or on a host that Hreflang.Hosts allows, and
// must list the page back. Each page must be in its own cluster. A
// cluster has one x-default and one URL a language, with valid codes. A
// broken alternate is not written.

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/hreflang"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Hreflang configures the check of the pages' hreflang clusters.
type Hreflang struct {
	// Off checks nothing. An alternate on the base URL's host that is not
	// listed is left out with a note, and the others are written.
	Off bool
	// Hosts are the origins (scheme://host), besides the base URL's, that
	// alternates may be on without a check.
	Hosts []string
}

// skippedPage is why a page that has a URL, loc, was left out.
type skippedPage struct {
	loc     string
	path    string
	reason  mapping.Reason
	because string
}

// why says why the page was left out: its reason, and any more it says.
func (p skippedPage) why() string {
	if p.because == "" {
		return string(p.reason)
	}
	return string(p.reason) + ": " + p.because
}

// noteSkipped keeps why the page at path, at loc, was left out, for an
// alternate that names it. Only heads give alternates. A Run keeps the
// pages as they come, and makes the map by URL when an alternate first
// asks (skippedPages.at). Most builds never ask, and a site has thousands
// of such pages.
func (b *builder) noteSkipped(path, loc string, reason mapping.Reason, because string) {
	if !b.opts.Heads.Read || loc == "" || b.opts.Hreflang.Off {
		return
	}
	p := skippedPage{loc, path, reason, because}
	if !b.session() {
		b.kept.skipped.list = append(b.kept.skipped.list, p)
		return
	}
	if b.kept.skipped.byLoc == nil {
		b.kept.skipped.byLoc = make(map[string]skippedPage)
	}
	b.kept.skipped.byLoc[loc] = p
	// A Session keeps the page's URL by path, to forget it (forgetSkipped).
	if b.kept.skippedLoc == nil {
		b.kept.skippedLoc = make(map[string]string)
	}
	b.kept.skippedLoc[path] = loc
	b.kept.hreflang.changed(path, loc)
}

// skippedPages keeps why pages that have a URL were left out, by URL
// (byLoc). In a Run, at makes byLoc from list when first asked, and
// the hreflang pass drops both once it has judged the alternates. mu
// guards both.
type skippedPages struct {
	mu    sync.Mutex
	byLoc map[string]skippedPage
	list  []skippedPage
}

// at returns why the page at loc was left out, if it was. It gives the
// last one noted, as a map keeps it. It may be called concurrently.
func (f *skippedPages) at(loc string) (skippedPage, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.list) > 0 {
		if f.byLoc == nil {
			f.byLoc = make(map[string]skippedPage, len(f.list))
		}
		for _, p := range f.list {
			f.byLoc[p.loc] = p
		}
		f.list = nil
	}
	p, ok := f.byLoc[loc]
	return p, ok
}

// forgetSkipped forgets what noteSkipped kept of the page at path.
func (b *builder) forgetSkipped(path string) {
	if loc, ok := b.kept.skippedLoc[path]; ok {
		b.kept.hreflang.changed(path, loc)
		delete(b.kept.skippedLoc, path)
		if b.kept.skipped.byLoc[loc].path == path {
			delete(b.kept.skipped.byLoc, loc)
		}
	}
}

// maxHreflangSaid is the most hreflang problems of one page that are
// said one by one. One more warning counts the others. A page of a
// thousand links all for one language has 999 problems, and a site of
// such pages would print a million lines.
const maxHreflangSaid = 10

// hreflangPass is the hreflang pass. It checks every listed page's
// hreflang cluster, after the de-duplication and robots.txt. It warns
// at the line of each link's <link>, and keeps the links that are not
// broken in the records' shown alternates. With Hreflang.Off, it only
// leaves out the alternates that are not listed pages of the site
// (filterAlternates). Without alternates it does nothing.
//
// A Session keeps the pass between its updates (kept.hreflang). After
// its first judgement, the pass judges again only the pages whose
// verdict may have changed (dirty). These are the pages at a URL whose
// page changed, and those whose alternates name such a URL or its twin
// (with or without the final slash). A page's verdict depends on its
// own links and, for each alternate, on the page listed at that URL
// (its declared links). When no page is listed there, it depends on why
// not: the page left out at that URL, robots.txt, or its twin listed.
// The other pages' verdicts stay.
type hreflangPass struct {
	// off is Options.Hreflang.Off. hosts is Options.Hreflang.Hosts: the
	// origins, besides the base URL's, that alternates may be on.
	off   bool
	hosts []string
	// origin is the base URL's origin (scheme://host).
	origin string
	// explain hears each problem, for --explain.
	explain *explainer
	// robots are the site's robots.txt rules, nil when there are none.
	robots *robots.Judge
	// session says a Session keeps the pass between its updates.
	session bool
	// said holds, in a Session, by path, the hreflang warnings last made,
	// each as "line:message". dirty holds what changed since (changed).
	// It is nil before the first judgement, so the next one judges every
	// page.
	said  map[string][]string
	dirty *hreflangDirty
	found findings
}

// hreflangPass returns the hreflang pass of the build. A Session makes
// it once, and keeps it between its updates.
func (b *builder) hreflangPass() *hreflangPass {
	p := b.kept.hreflang
	if p == nil {
		p = &hreflangPass{session: b.session()}
		if p.session {
			b.kept.hreflang = p
		}
	}
	p.off, p.hosts = b.opts.Hreflang.Off, b.opts.Hreflang.Hosts
	p.origin = originOf(b.mapper.BaseURL())
	p.explain = b.explain
	p.robots = b.in.robots
	p.found = nil
	return p
}

// run judges the clusters of the records s, and sets the alternates
// they show (s.alts.shown). With only (a Session's update), it reports
// the warnings of those paths, and those new since the last judgement.
// all is the Session's order before de-duplication (nil in Run). The
// pages at a changed URL that are no longer listed are found there.
// leftOut says why the page at a URL was left out, if it was
// (skippedPages.at): an alternate that names a URL not listed is
// reported with it. It indexes them by URL only when it is asked, and
// the pass only reads them.
func (p *hreflangPass) run(s *records, only map[string]bool, all []int32, leftOut *skippedPages) findings {
	if p.off {
		p.filterAlternates(s)
		return p.found
	}
	dirty := p.dirty
	if p.session {
		p.dirty = &hreflangDirty{locs: make(map[string]bool), paths: make(map[string]bool)}
	}
	if len(s.alts.refs) == 0 {
		if s.alts.shown != nil {
			s.alts.shownMade++
		}
		s.alts.shown, p.said = nil, nil
		if p.session {
			p.said = make(map[string][]string)
		}
		return p.found
	}
	outside := func(href string) string { return p.whyNotListed(s, leftOut, href) }
	was := p.said
	if dirty == nil {
		p.judgeAll(s, only, was, outside)
	} else {
		p.judgeDirty(s, dirty, only, all, was, outside)
	}
	return p.found
}

// judgeAll judges the hreflang links of every listed page. It runs in a
// Run, and for a Session's first judgement.
func (p *hreflangPass) judgeAll(s *records, only map[string]bool, was map[string][]string, outside func(string) string) {
	s.alts.shown = nil
	s.alts.shownMade++
	if p.session {
		p.said = make(map[string][]string)
	}
	// The clusters are checked in parts at once (inParts), each part with
	// its own Checker; others and outside are only read. The parts split
	// the pages with links, keeping the pages of one list together. A
	// whole cluster, whose pages all declare the list and are all that it
	// names, is found on the list's bytes (wholeCluster). The other
	// pages' links are read, once for the pages of a list, and checked. A
	// page with problems, or whose links are said twice alike, is
	// reported afterwards, in order.
	n := 0
	for _, idx := range s.order {
		if r := s.rec(idx); r.alts > 0 && s.alts.refs[r.alts-1] != 0 {
			n++
		}
	}
	linked := make([]withLinks, 0, n)
	for pos, idx := range s.order {
		if r := s.rec(idx); r.alts > 0 && s.alts.refs[r.alts-1] != 0 { // none, or only images
			linked = append(linked, withLinks{s.alts.refs[r.alts-1], int32(pos)})
		}
	}
	slices.SortFunc(linked, func(a, b withLinks) int { return cmp.Or(cmp.Compare(a.list, b.list), cmp.Compare(a.pos, b.pos)) })
	type verdict struct {
		pos   int32
		probs []hreflang.Problem
		kept  []sitemap.Alternate // without problems: its links, less those said twice
	}
	var mu sync.Mutex
	var some []verdict
	inParts(len(linked), func(lo, hi int) {
		var c hreflang.Checker
		var mine []verdict
		lists := s.altCache()
		var whole wholeCluster
		for g := lo; g < hi; {
			end := g + 1
			for end < hi && linked[end].list == linked[g].list {
				end++
			}
			whole.judge(s, &c, linked[g:end])
			for k, l := range linked[g:end] {
				if whole.fine(k) {
					continue
				}
				r := s.rec(s.order[l.pos])
				links := lists.links(l.list)
				probs := c.Check(s.ownHref(r, links), links, lists.others, outside)
				if len(probs) > 0 {
					mine = append(mine, verdict{pos: l.pos, probs: probs})
				} else if kept := keptLinks(links, nil); kept != nil {
					mine = append(mine, verdict{pos: l.pos, kept: kept})
				}
			}
			g = end
		}
		mu.Lock()
		some = append(some, mine...)
		mu.Unlock()
	})
	slices.SortFunc(some, func(a, b verdict) int { return int(a.pos - b.pos) })
	for _, f := range some {
		if f.probs == nil {
			s.alts.setShown(s.rec(s.order[f.pos]).alts-1, f.kept)
			continue
		}
		p.reportLinks(s, s.order[f.pos], f.probs, only, was)
	}
}

// judgeDirty judges again the pages whose hreflang verdict may have
// changed since the Session's last judgement (dirty).
func (p *hreflangPass) judgeDirty(s *records, dirty *hreflangDirty, only map[string]bool, all []int32, was map[string][]string, outside func(string) string) {
	var c hreflang.Checker
	lists := s.altCache()
	if len(dirty.locs) == 0 && len(dirty.paths) == 0 {
		return
	}
	changed := make(map[string]bool, 3*len(dirty.locs))
	var lens lengthSet // lengths of the changed URLs: most links differ, and need no lookup
	for loc := range dirty.locs {
		changed[loc], changed[loc+"/"], changed[strings.TrimSuffix(loc, "/")] = true, true, true
		lens.add(len(loc) - 1)
		lens.add(len(loc))
		lens.add(len(loc) + 1)
	}
	// Judge again the listed pages with links that are at a changed URL
	// or name one. They are judged in the order of their URLs, as a whole
	// judgement reports them. The pages at a changed URL are found by it.
	// The pages that name one are found by their lists. Only the lists
	// whose summary has every bit of a changed URL's summary (hrefSig)
	// are read.
	var again []int
	for loc := range changed {
		if i, ok := s.find(loc); ok {
			if r := s.rec(s.order[i]); r.alts > 0 && s.alts.refs[r.alts-1] != 0 {
				again = append(again, i)
			}
		}
	}
	sigs := []uint64{0} // lists without a summary (sig): read each one
	if s.alts.lists.sigs {
		sigs = sigs[:0]
		for loc := range changed {
			sigs = append(sigs, s.alts.lists.hrefSig(loc))
		}
	}
	names := func(href []byte) bool { return lens.has(len(href)) && changed[string(href)] }
	var read listRead
	for k, ref := range s.alts.refs {
		if ref == 0 {
			continue // only images
		}
		if !mayName(s.alts.lists.sig(ref), sigs) {
			continue // the list names no changed URL
		}
		idx := s.alts.owner[k]
		r := s.rec(idx)
		if r.alts != int32(k+1) { // the record was removed
			continue
		}
		if !s.namesAny(ref, &read, names) {
			continue
		}
		if i, ok := s.find(s.locOf(r)); ok && s.order[i] == idx {
			again = append(again, i)
		}
	}
	slices.Sort(again)
	again = slices.Compact(again) // a page at a changed URL may name one too
	judged := make(map[string]bool, len(again))
	for _, i := range again {
		judged[p.judgeLinks(s, &c, s.order[i], only, was, lists, outside)] = true
	}
	// Forget the warnings of a page that is no longer judged (removed,
	// left out, or now without links). If it is listed again, it says
	// them again.
	for path := range dirty.paths {
		if !judged[path] {
			delete(p.said, path)
		}
	}
	for loc := range changed {
		i, _ := slices.BinarySearchFunc(all, loc, s.cmpLoc)
		for ; i < len(all) && s.cmpLoc(all[i], loc) == 0; i++ {
			if path := s.pathOf(s.rec(all[i])); !judged[path] {
				delete(p.said, path)
			}
		}
	}
}

// mayName reports whether a list whose summary is sig may name one of
// the hrefs whose hrefSig values are sigs. It may when it has every bit
// of one of them.
func mayName(sig uint64, sigs []uint64) bool {
	for _, q := range sigs {
		if sig&q == q {
			return true
		}
	}
	return false
}

// lengthSet is a set of string lengths. It keeps those under 1024 in a
// bitmap.
type lengthSet struct {
	small [1024 / 64]uint64
	large map[int]bool
}

func (l *lengthSet) add(n int) {
	switch {
	case n < 0:
	case n < 1024:
		l.small[n/64] |= 1 << (n % 64)
	default:
		if l.large == nil {
			l.large = make(map[int]bool)
		}
		l.large[n] = true
	}
}

func (l *lengthSet) has(n int) bool {
	switch {
	case n < 0:
		return false
	case n < 1024:
		return l.small[n/64]&(1<<(n%64)) != 0
	}
	return l.large[n]
}

// judgeLinks checks the hreflang links of the listed record idx, and
// warns about their problems. With only, it warns about those of its
// path and those not in was, the warnings of the last judgement. It
// keeps the links that are not broken in shown, and returns the page's
// path.
func (p *hreflangPass) judgeLinks(recs *records, c *hreflang.Checker, idx int32, only map[string]bool, was map[string][]string, lists *altCache, outside func(string) string) string {
	r := recs.rec(idx)
	return p.reportLinks(recs, idx, c.Check(recs.locOf(r), lists.links(recs.alts.refs[r.alts-1]), lists.others, outside), only, was)
}

// reportLinks is judgeLinks once the links of record idx are checked,
// with their problems, probs.
func (p *hreflangPass) reportLinks(s *records, idx int32, probs []hreflang.Problem, only map[string]bool, was map[string][]string) string {
	r := s.rec(idx)
	links, lines := s.declared(r.alts - 1)
	path := s.pathOf(r)
	var said []string
	say := func(line int, msg string) {
		if p.said != nil {
			key := strconv.Itoa(line) + ":" + msg
			said = append(said, key)
			if only != nil && !only[path] && slices.Contains(was[path], key) {
				return
			}
		}
		p.found.warn(path, diag.At(path, line, msg))
	}
	var drop map[int]bool
	for n, pr := range probs {
		line := 0
		if pr.Link < len(lines) {
			line = lines[pr.Link]
		}
		msg := pr.Warning()
		switch {
		case n < maxHreflangSaid:
			say(line, msg)
		case n == maxHreflangSaid:
			say(0, fmt.Sprintf("%d more hreflang problems of this page not shown (--explain %s lists them all)", len(probs)-n, path))
		}
		p.explain.warning(path, msg)
		if pr.Drop {
			if drop == nil {
				drop = make(map[int]bool)
			}
			drop[pr.Link] = true
			if pr.All {
				for i := range links {
					drop[i] = true
				}
			}
		}
	}
	s.alts.setShown(r.alts-1, keptLinks(links, drop))
	s.changed(idx)
	if p.said != nil {
		if said != nil {
			p.said[path] = said
		} else {
			delete(p.said, path)
		}
	}
	return path
}

// hreflangDirty is what changed in a Session since the hreflang
// clusters were last judged. It holds the URLs of the pages read again,
// both what they were and what they are, listed or left out after their
// head was read. It holds the URLs of the pages listed or left out anew
// as output of deleted sources. It also holds the paths of the pages
// read again.
type hreflangDirty struct {
	locs  map[string]bool
	paths map[string]bool
}

// tracks reports whether the pass notes the pages that change: in a
// Session, after its first judgement. The pass p may be nil, as in Run.
func (p *hreflangPass) tracks() bool {
	return p != nil && p.dirty != nil
}

// changed notes, in a Session that judged the clusters before, that the
// page at path, at loc, changed. Either may be "". The pass p may be
// nil, as in Run, and then nothing is noted.
func (p *hreflangPass) changed(path, loc string) {
	if !p.tracks() {
		return
	}
	d := p.dirty
	if loc != "" {
		d.locs[loc] = true
	}
	if path != "" {
		d.paths[path] = true
	}
}

// keptLinks returns links without those dropped and those said before
// alike. It returns nil when that leaves all of them, as on most pages
// (shown is then nil).
func keptLinks(links []sitemap.Alternate, drop map[int]bool) []sitemap.Alternate {
	if len(drop) == 0 && len(links) <= manyAlike && !anyAlike(links) {
		return nil
	}
	kept := make([]sitemap.Alternate, 0, len(links)-len(drop))
	seen := make(map[sitemap.Alternate]bool, len(links))
	for i, a := range links {
		key := sitemap.Alternate{Lang: strings.ToLower(a.Lang), Href: a.Href}
		if drop[i] || seen[key] {
			continue
		}
		seen[key] = true
		kept = append(kept, a)
	}
	if len(kept) == len(links) {
		return nil
	}
	return kept
}

// manyAlike is the most links that anyAlike compares pair by pair. Past
// it, keptLinks looks for links said twice alike in a map.
const manyAlike = 16

// anyAlike reports whether two of links are alike as keptLinks compares
// them: the same href, and the same language in any case.
func anyAlike(links []sitemap.Alternate) bool {
	for i, a := range links {
		for _, b := range links[:i] {
			if a.Href == b.Href && strings.EqualFold(a.Lang, b.Lang) {
				return true
			}
		}
	}
	return false
}

// whyNotListed says why an alternate that is not a listed page is not
// one. It returns "" when the alternate is on a host Hreflang.Hosts
// allows. It may be called concurrently.
func (p *hreflangPass) whyNotListed(recs *records, leftOut *skippedPages, href string) string {
	origin := p.origin
	if o := originOf(href); o != origin {
		for _, h := range p.hosts {
			if strings.TrimSuffix(h, "/") == o {
				return ""
			}
		}
		return "is on another host than the base URL (" + origin + "/; hreflang.hosts lists the others allowed)"
	}
	if p.robots != nil && p.robots.Disallows() && p.robots.Blocked(robots.PathOf(href)) {
		return "is not in the sitemap: robots.txt disallows it"
	}
	if left, ok := leftOut.at(href); ok {
		return "is not in the sitemap (" + left.path + ", " + left.why() + ")"
	}
	twin := strings.TrimSuffix(href, "/")
	if twin == href {
		twin += "/"
	}
	if _, ok := recs.find(twin); ok {
		return "is missing: the page is at " + twin
	}
	return "is missing: no page of the site has this URL"
}

// filterAlternates keeps only some of each URL's hreflang alternates:
// those that are listed themselves, or on another host than the base
// URL's. It notes each alternate it leaves out because that is not
// listed; a second alternate in a language already given goes without a
// note.
func (p *hreflangPass) filterAlternates(recs *records) {
	var last string
	var langs map[string]bool
	recs.filterAlternates(func(loc string, a sitemap.Alternate) bool {
		if loc != last { // the first alternate for a language counts
			last, langs = loc, make(map[string]bool)
		}
		if lang := strings.ToLower(a.Lang); langs[lang] {
			return false
		} else {
			langs[lang] = true
		}
		if _, listed := recs.find(a.Href); listed || originOf(a.Href) != p.origin {
			return true
		}
		p.found.note(loc, fmt.Sprintf("hreflang %s alternate %s is not in the sitemap; left out", a.Lang, a.Href))
		return false
	})
}

// withLinks is a listed page with links, in the cluster check.
type withLinks struct {
	list uint32 // its list of alternates
	pos  int32  // its position in the order
}

// wholeClusterCheck is false in tests that check every page's links one
// by one (hreflang.Checker), to hold wholeCluster to them.
var wholeClusterCheck = true

// wholeCluster finds, among the pages that declare one list of
// alternates, those whose links Checker.Check would find nothing wrong
// with. It works on the list's bytes, without making a string. Each
// code must be valid and no language given twice. Every href must be
// the URL of one of these pages, so a listed page that declares the
// same list and names the page back under the language it names it. The
// page must be among them. What it cannot decide this way is left to
// the Checker: a list of many links, or of many pages.
type wholeCluster struct {
	named []bool // by the pages' index: the list names the page
	ok    bool   // the list passed
}

// wholeLinks and wholePages bound what wholeCluster takes on. Past
// them, the Checker checks the pages one by one.
const (
	wholeLinks = 32
	wholePages = 64
)

// judge judges the pages of group, which all declare group[0].list.
func (w *wholeCluster) judge(s *records, c *hreflang.Checker, group []withLinks) {
	w.ok = false
	if !wholeClusterCheck || len(group) > wholePages {
		return
	}
	var buf [1024]byte
	var ends [wholeLinks]int
	var langs [wholeLinks]uint32
	r := s.read(group[0].list, listRead{buf: buf[:0], ends: ends[:0], langs: langs[:0]})
	if len(r.ends) > wholeLinks {
		return
	}
	for i, id := range r.langs {
		lang := s.alts.lists.langs[id]
		if c.Code(lang) != "" {
			return
		}
		for _, other := range r.langs[:i] {
			if strings.EqualFold(s.alts.lists.langs[other], lang) {
				return
			}
		}
	}
	// The pages' URLs, one after another.
	var locs [4096]byte
	var locEnds [wholePages]int
	at := locs[:0]
	for k, p := range group {
		rec := s.rec(s.order[p.pos])
		at = s.locs.appendLoc(at, rec.pre, rec.at)
		locEnds[k] = len(at)
	}
	w.named = slices.Grow(w.named[:0], len(group))[:len(group)]
	clear(w.named)
	start := r.start
	for _, end := range r.ends {
		href, found := r.buf[start:end], false
		from := 0
		for k := range group {
			if bytes.Equal(at[from:locEnds[k]], href) {
				w.named[k], found = true, true
				break
			}
			from = locEnds[k]
		}
		if !found {
			return // a page not of this list, or not listed
		}
		start = end
	}
	w.ok = true
}

// fine reports whether page k of the group judge judged is fine.
func (w *wholeCluster) fine(k int) bool { return w.ok && w.named[k] }
