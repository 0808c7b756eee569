package pipeline

// The hreflang alternates the generator knows, for the pages whose head
// gives none: those of its own sitemaps (read before ours replaces them,
// or kept in GenDatesName since), else those its translation rules give a
// page's source (generator.Translator: Hugo's translationKey, the same
// path in each language's content folder, name.fr.md). The page's own
// head wins; then the generator's sitemap, its own verdict in its own
// codes, which the kept file holds the same from run to run; then the
// rules, for the pages no sitemap of the generator's listed with
// alternates (none ever written, or a page added since the takeover), or
// with fewer than two pages found (sphinx-sitemap's, of locale_dirs,
// name only the other languages' pages, a build of one of those only
// itself).
//
// They are applied to the records before the clusters are judged
// (builder.genAlternates), again before every write of a Session, and
// judged as every page's (judgeHreflang): an alternate is a page found
// (listed, or left out and said so), never a URL no page has.

import (
	"cmp"
	"encoding/binary"
	"maps"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// maxGenLang bounds an alternate's code in the generator's sitemap: a
// longer one is no language tag a search engine reads, and is not kept.
const maxGenLang = 48

// genAlt is an alternate of a generator's sitemap: the genHash of its
// URL and its code, by index into genAlternates.langs. 16 bytes.
type genAlt struct {
	hash uint64
	lang uint16
}

// genAltRef is what the generator's sitemaps say of a URL's alternates:
// 1 + the index of its list in genAlternates.lists (0 for a URL only
// named as another's alternate: a page whose URL the build must know),
// and the file that gave them, by index into genDates.files.
type genAltRef struct {
	list uint32
	file uint16
}

// genAlternates are the hreflang alternates of the generator's sitemaps:
// each URL's list kept once however many URLs share it (the pages of a
// cluster name the same alternates), its URLs by hash, as the dates are
// keyed: a URL costs its map slot, an alternate 16 bytes once a list.
type genAlternates struct {
	refs  map[uint64]genAltRef
	lists [][]genAlt
	langs []string
	// While the files are read: the index of each code, and of each
	// list by its bytes; the base URL's origin (an alternate elsewhere is
	// not kept, and counted in far, the first at farAt); how many more
	// alternates new lists may hold (limits.generator_urls), and where
	// they ran out (overAt).
	langIdx map[string]uint16
	byKey   map[string]uint32
	origin  string
	left    int
	far     int
	farAt   string
	overAt  string
}

func newGenAlternates() genAlternates {
	return genAlternates{refs: make(map[uint64]genAltRef)}
}

// lang returns the index of code in a.langs, adding it; false past the
// 65,536 codes an index holds.
func (a *genAlternates) lang(code string) (uint16, bool) {
	if i, ok := a.langIdx[code]; ok {
		return i, true
	}
	if len(a.langs) > 0xffff {
		return 0, false
	}
	if a.langIdx == nil {
		a.langIdx = make(map[string]uint16)
	}
	i := uint16(len(a.langs))
	a.langs = append(a.langs, strings.Clone(code))
	a.langIdx[a.langs[i]] = i
	return i, true
}

// list returns 1 + the index of the list alts in a.lists, adding it:
// sorted by code, then hash, once each; 0 when it is empty, or new and
// more than a.left alternates.
func (a *genAlternates) list(alts []genAlt) uint32 {
	if len(alts) == 0 {
		return 0
	}
	slices.SortFunc(alts, func(x, y genAlt) int {
		if c := strings.Compare(strings.ToLower(a.langs[x.lang]), strings.ToLower(a.langs[y.lang])); c != 0 {
			return c
		}
		if c := strings.Compare(a.langs[x.lang], a.langs[y.lang]); c != 0 {
			return c
		}
		return cmp.Compare(x.hash, y.hash)
	})
	alts = slices.Compact(alts)
	key := make([]byte, 0, 10*len(alts))
	for _, x := range alts {
		key = binary.BigEndian.AppendUint64(key, x.hash)
		key = binary.BigEndian.AppendUint16(key, x.lang)
	}
	if i, ok := a.byKey[string(key)]; ok {
		return i
	}
	if len(alts) > a.left {
		a.left = 0
		return 0
	}
	a.left -= len(alts)
	if a.byKey == nil {
		a.byKey = make(map[string]uint32)
	}
	a.lists = append(a.lists, slices.Clip(slices.Clone(alts)))
	i := uint32(len(a.lists))
	a.byKey[string(key)] = i
	return i
}

// done drops what only reading needed, and makes every URL a list names
// known (a ref of list 0 where it has none of its own): the pages the
// build must find the URL of.
func (a *genAlternates) done() {
	a.langIdx, a.byKey = nil, nil
	for _, l := range a.lists {
		for _, x := range l {
			if _, ok := a.refs[x.hash]; !ok {
				a.refs[x.hash] = genAltRef{}
			}
		}
	}
}

// codeOf returns the code the lists of the URLs of list give the URL of
// genHash h, which list does not name: the first, in list's order, that
// names it.
func (a *genAlternates) codeOf(h uint64, list []genAlt) (uint16, bool) {
	for _, m := range list {
		ref, ok := a.refs[m.hash]
		if !ok || ref.list == 0 {
			continue
		}
		for _, x := range a.lists[ref.list-1] {
			if x.hash == h {
				return x.lang, true
			}
		}
	}
	return 0, false
}

// wanted reports whether the URL of genHash h is one a list names or
// that has a list.
func (a *genAlternates) wanted(h uint64) bool {
	_, ok := a.refs[h]
	return ok
}

// genRecords is what a build keeps of its records for the alternates the
// generator knows: which listed record each URL hash and each source
// with translations is, those left out (for the cluster check's word),
// and the records whose alternates come from the generator.
type genRecords struct {
	byHash   map[uint64]int32   // listed records whose URL a list names, by genHash
	hashOf   map[int32]uint64   // the same, by record
	bySource map[*source]int32  // listed records of sources with translations
	sourceOf map[int32]*source  // the same, by record
	from     map[int32]genFrom  // records whose alternates the generator gives
	skipped  map[uint64]string  // URLs of pages left out that a list names, by genHash
	skippedS map[*source]string // URLs of pages left out of sources with translations
	// skippedOf keeps, by path, the keys of the page left out there.
	skippedOf map[string]genFrom
}

// genFrom says where a record's alternates come from: the generator's
// sitemaps' list of its URL's hash, or, when src is set, its source's
// translations. With head, the page's head gives its alternates but
// not the page itself (a theme's range .Translations): the generator's
// cluster gives the page's own entry, added to the head's.
type genFrom struct {
	hash uint64
	src  *source
	// rules, with hash, is the page's source by the generator's
	// translation rules: its alternates when the sitemap's name fewer
	// than two pages (sphinx-sitemap's, from locale_dirs, name only the
	// other languages' folders, each build's page none of the others).
	rules *source
	head  bool
}

func newGenRecords() *genRecords {
	return &genRecords{
		byHash: make(map[uint64]int32), hashOf: make(map[int32]uint64),
		bySource: make(map[*source]int32), sourceOf: make(map[int32]*source),
		from: make(map[int32]genFrom), skipped: make(map[uint64]string), skippedS: make(map[*source]string),
		skippedOf: make(map[string]genFrom),
	}
}

// remove forgets the record idx.
func (g *genRecords) remove(idx int32) {
	if h, ok := g.hashOf[idx]; ok {
		if g.byHash[h] == idx {
			delete(g.byHash, h)
		}
		delete(g.hashOf, idx)
	}
	if s, ok := g.sourceOf[idx]; ok {
		if g.bySource[s] == idx {
			delete(g.bySource, s)
		}
		delete(g.sourceOf, idx)
	}
	delete(g.from, idx)
}

// genOn reports whether the generator knows alternates for this build:
// its sitemaps gave some, or its rules give sources translations.
func (b *builder) genOn() bool {
	return b.gen != nil && len(b.gen.alts.refs) > 0 || b.translated
}

// genListed notes the listed record idx of the page whose outcome is o.
func (b *builder) genListed(idx int32, o *outcome) {
	if !b.genOn() {
		return
	}
	g := b.recs.alts.gen
	if g == nil {
		g = newGenRecords()
		b.recs.alts.gen = g
	}
	if o.genWanted {
		g.byHash[o.genHash] = idx
		g.hashOf[idx] = o.genHash
	}
	if o.src != nil {
		g.bySource[o.src] = idx
		g.sourceOf[idx] = o.src
	}
	head := len(o.d.URL.Alternates) > 0
	if head && slices.ContainsFunc(o.d.URL.Alternates, func(a sitemap.Alternate) bool { return a.Href == o.d.URL.Loc }) {
		return // the page's head says them, itself among them
	}
	switch {
	case o.genWanted && b.gen.alts.refs[o.genHash].list > 0:
		g.from[idx] = genFrom{hash: o.genHash, rules: o.src, head: head}
	case o.src != nil:
		g.from[idx] = genFrom{src: o.src, head: head}
	}
}

// genSkipped notes the page at path, at loc, left out: an alternate the
// generator gives that names it is said to be left out, and why.
func (b *builder) genSkipped(path, loc string, genHash uint64, genWanted bool, src *source) {
	if !b.genOn() || loc == "" || !genWanted && src == nil {
		return
	}
	g := b.recs.alts.gen
	if g == nil {
		g = newGenRecords()
		b.recs.alts.gen = g
	}
	var f genFrom
	if genWanted {
		g.skipped[genHash], f.hash = loc, genHash
	}
	if src != nil {
		g.skippedS[src], f.src = loc, src
	}
	g.skippedOf[path] = f
}

// genForgetSkipped forgets what genSkipped noted of the page at path.
func (b *builder) genForgetSkipped(path string) {
	g := b.recs.alts.gen
	if g == nil {
		return
	}
	if f, ok := g.skippedOf[path]; ok {
		delete(g.skippedOf, path)
		if f.hash != 0 {
			delete(g.skipped, f.hash)
		}
		if f.src != nil {
			delete(g.skippedS, f.src)
		}
	}
}

// genAlternates gives each listed record whose head gives no alternates
// those the generator knows, as its URLs are now: each alternate the URL
// of a page found (listed, or left out: judgeHreflang says why it is
// not written), none when only the page itself is left. In a Session, a
// record whose alternates changed is judged again.
func (b *builder) genAlternates() {
	g := b.recs.alts.gen
	b.res.SelfAlternates = 0
	if g == nil || len(g.from) == 0 {
		return
	}
	if b.translated && b.groups == nil {
		b.groupTranslations()
	}
	s := &b.recs
	// A page's URL is one string in every list that names it.
	shared := make(map[int32]string)
	locAt := func(idx int32) string {
		loc, ok := shared[idx]
		if !ok {
			loc = s.loc(idx)
			shared[idx] = loc
		}
		return loc
	}
	selfAdded := 0
	for idx, f := range g.from {
		r := s.rec(idx)
		if !s.live(idx) {
			continue
		}
		alts := b.genAltsOf(f, locAt)
		var was []sitemap.Alternate
		var lines []int
		if r.alts > 0 {
			was, lines = s.declared(r.alts - 1)
		}
		if f.head {
			var ok bool
			if alts, ok = withSelf(was, alts, locAt(idx)); !ok {
				continue // the generator does not name the page, or the head does: its head's, said as they are
			}
			selfAdded++
			lines = append(lines[:min(len(lines), len(was))], 0) // the page's own entry has no <link> of the head
		} else {
			lines = nil
		}
		if slices.Equal(was, alts) {
			continue
		}
		s.setAlternates(idx, alts, lines)
		b.hreflangChanged(s.pathOf(r), locAt(idx))
	}
	b.res.SelfAlternates = selfAdded
}

// withSelf returns the alternates a page's head gives, head, with the
// page itself, at loc, last, in the code the generator's cluster gen
// names it by: head when its last names loc so already (added by an
// earlier call); false when gen does not name the page, or head names
// another URL in its code (a head that names the page, at a URL of
// another form, is said as it is).
func withSelf(head, gen []sitemap.Alternate, loc string) ([]sitemap.Alternate, bool) {
	i := slices.IndexFunc(gen, func(a sitemap.Alternate) bool { return a.Href == loc })
	if i < 0 {
		return nil, false
	}
	self := gen[i]
	if n := len(head); n > 0 && head[n-1] == self {
		return head, true
	}
	if slices.ContainsFunc(head, func(a sitemap.Alternate) bool { return strings.EqualFold(a.Lang, self.Lang) || a.Href == loc }) {
		return nil, false
	}
	return append(slices.Clone(head), self), true
}

// genAltsOf returns the alternates f gives, in the order of their codes:
// nil when fewer than two pages are found. locAt gives a record's URL.
func (b *builder) genAltsOf(f genFrom, locAt func(int32) string) []sitemap.Alternate {
	g := b.recs.alts.gen
	var alts []sitemap.Alternate
	if f.src != nil {
		for _, m := range b.groups[f.src.tkey] {
			loc := ""
			if idx, ok := g.bySource[m]; ok {
				loc = locAt(idx)
			} else {
				loc = g.skippedS[m]
			}
			if loc != "" {
				alts = append(alts, sitemap.Alternate{Lang: m.lang, Href: loc})
			}
		}
		slices.SortFunc(alts, func(x, y sitemap.Alternate) int {
			return cmp.Or(strings.Compare(strings.ToLower(x.Lang), strings.ToLower(y.Lang)), strings.Compare(x.Href, y.Href))
		})
	} else {
		ga := &b.gen.alts
		list := ga.lists[ga.refs[f.hash].list-1]
		self := false
		for _, m := range list {
			self = self || m.hash == f.hash
			loc := ""
			if idx, ok := g.byHash[m.hash]; ok {
				loc = locAt(idx)
			} else {
				loc = g.skipped[m.hash]
			}
			if loc != "" {
				alts = append(alts, sitemap.Alternate{Lang: ga.langs[m.lang], Href: loc})
			}
		}
		if !self {
			// A generator that lists a page's other languages alone
			// (sphinx-sitemap: each language's build names the others):
			// the page takes its own code from an alternate's list that
			// names it, as a cluster lists each of its pages.
			if lang, ok := ga.codeOf(f.hash, list); ok {
				if idx, ok := g.byHash[f.hash]; ok {
					alts = append(alts, sitemap.Alternate{Lang: ga.langs[lang], Href: locAt(idx)})
					slices.SortStableFunc(alts, func(x, y sitemap.Alternate) int {
						return strings.Compare(strings.ToLower(x.Lang), strings.ToLower(y.Lang))
					})
				}
			}
		}
	}
	if len(alts) < 2 {
		if f.rules != nil {
			return b.genAltsOf(genFrom{src: f.rules}, locAt)
		}
		return nil
	}
	return alts
}

// genAlternatesFrom says where the alternates of the listed record idx
// came from, for --explain: "" when from its head, or it has none.
func (b *builder) genAlternatesFrom(idx int32) string {
	g := b.recs.alts.gen
	if g == nil {
		return ""
	}
	f, ok := g.from[idx]
	if !ok {
		return ""
	}
	if f.src == nil && f.rules != nil && len(b.genAltsOf(genFrom{hash: f.hash}, b.recs.loc)) < 2 {
		f.src = f.rules // the sitemap's name fewer than two pages
	}
	var from string
	if f.src != nil {
		from = "the generator's translations of its source " + f.src.path + " (" + f.src.tfrom + ")"
	} else {
		from = "the generator's sitemap " + b.gen.files[b.gen.alts.refs[f.hash].file]
		if len(b.gen.read) == 0 {
			from += ", kept in " + GenDatesName
		}
	}
	if f.head {
		s := &b.recs
		if r := s.rec(idx); r.alts > 0 {
			if alts, _ := s.declared(r.alts - 1); slices.ContainsFunc(alts, func(a sitemap.Alternate) bool { return a.Href == s.loc(idx) }) {
				return "the page's head, which does not name the page itself; its own from " + from
			}
		}
		return "" // not named by the generator: its head's alone
	}
	return from
}

// setAlternates sets the alternates of the record idx, as its page's:
// those shown are judged again (judgeHreflang, which the caller makes
// judge the record).
func (s *records) setAlternates(idx int32, alts []sitemap.Alternate, lines []int) {
	r := s.rec(idx)
	if r.alts > 0 {
		s.alts.refs[r.alts-1] = s.putAlts(alts, lines, -1, "")
		s.alts.setShown(r.alts-1, nil)
		return
	}
	r.alts = s.alts.entry(idx, s.putAlts(alts, lines, -1, ""))
}

// genKeys sets what the alternates the generator knows need of the page
// whose outcome is o, built from the joined source src (nil for none).
// It runs on the walk's goroutines.
func (b *builder) genKeys(o *outcome, src *source) {
	loc := o.d.URL.Loc
	if loc == "" {
		return
	}
	if b.gen != nil && len(b.gen.alts.refs) > 0 {
		if h := genHash(genKey(loc)); b.gen.alts.wanted(h) {
			o.genHash, o.genWanted = h, true
		}
	}
	if b.translated && src != nil && src.tkey != "" {
		o.src = src
	}
}

// groupTranslations makes b.groups: the sources that publish the pages
// (those their URLs' claims took), and the pages Options.Translator
// gives translations, by their translation key.
func (j *joined) groupTranslations() {
	j.groups = make(map[string][]*source)
	for _, s := range j.join {
		if s.tkey != "" {
			j.groups[s.tkey] = append(j.groups[s.tkey], s)
		}
	}
	j.pageMu.Lock()
	defer j.pageMu.Unlock()
	for _, path := range slices.Sorted(maps.Keys(j.pageSrcs)) {
		s := j.pageSrcs[path]
		j.groups[s.tkey] = append(j.groups[s.tkey], s)
	}
}

// translatedPath returns the path Options.Translator reads the page at
// path (in Root) by: its own, but for a server build's page
// (Options.Served), whose file's path (app/fr/about.html) is not the
// path it is served at: the file a static export would give it
// (fr/about.html; the home page index.html, a folder's page fr.html).
func (b *builder) translatedPath(path string) string {
	u, ok := b.served[path]
	if !ok {
		return path
	}
	if u = strings.Trim(u, "/"); u == "" {
		return "index.html"
	}
	return u + ".html"
}

// pageSource returns the page at path (in Root) as a source of its own
// when Options.Translator gives it translations, nil otherwise; the
// groups are made again. It runs on the walk's goroutines.
func (b *builder) pageSource(path string) *source {
	if b.opts.Translator == nil {
		return nil
	}
	t, ok := b.opts.Translator.Translation(b.translatedPath(path), "")
	if !ok || t.Key == "" {
		return nil
	}
	s := &source{path: path, lang: t.Lang, tkey: t.Key, tfrom: t.From}
	b.pageMu.Lock()
	defer b.pageMu.Unlock()
	if b.pageSrcs == nil {
		b.pageSrcs = make(map[string]*source)
	}
	b.pageSrcs[path] = s
	b.groups = nil
	return s
}
