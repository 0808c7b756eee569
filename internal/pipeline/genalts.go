package pipeline

// The hreflang alternates the generator knows, for the pages whose head
// gives none. They come from its own sitemaps, read before ours replace
// them, or kept in GenDatesName since. Otherwise they come from the
// translation rules it gives a page's source (generator.Translator:
// Hugo's translationKey, the same path in each language's content
// folder, name.fr.md). The page's own head wins. Next comes the
// generator's sitemap: its own verdict in its own codes, which the kept
// file holds the same from run to run. Last come the rules. They serve
// the pages that no sitemap of the generator's listed with alternates
// (none was ever written, or the page was added since the takeover).
// They also serve the pages whose sitemap alternates name fewer than
// two pages found: sphinx-sitemap's sitemaps, of locale_dirs, name only
// the other languages' pages, and a build of one of those names only
// itself.
//
// The alternates are applied to the records before the clusters are
// judged (genAltsPass), and again before every write of a
// Session. They are judged as every page's are (hreflangPass). An
// alternate is a page found (listed, or left out and said so), never a
// URL that no page has.

import (
	"cmp"
	"encoding/binary"
	"maps"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// maxGenLang bounds an alternate's code in the generator's sitemap. A
// longer code is no language tag a search engine reads, and is not
// kept.
const maxGenLang = 48

// genAlt is an alternate of a generator's sitemap: the genHash of its
// URL, and its code by index into genAlternates.langs. It takes 16
// bytes.
type genAlt struct {
	hash uint64
	lang uint16
}

// genAltRef is what the generator's sitemaps say about a URL's
// alternates. list is 1 + the index of its list in genAlternates.lists,
// or 0 for a URL only named as another's alternate: a page whose URL
// the build must know. file is the file that gave them, by index into
// genDates.files.
type genAltRef struct {
	list uint32
	file uint16
}

// genAlternates are the hreflang alternates of the generator's
// sitemaps. Each URL's list is kept once, however many URLs share it,
// because the pages of a cluster name the same alternates. Its URLs are
// keyed by hash, as the dates are. A URL costs its map slot, and an
// alternate 16 bytes once a list.
type genAlternates struct {
	refs  map[uint64]genAltRef
	lists [][]genAlt
	langs []string
	// These fields serve while the files are read. They hold the index of
	// each code, and of each list by its bytes. They hold the base URL's
	// origin: an alternate elsewhere is not kept, but counted in far,
	// with the first at farAt. They hold how many more alternates new
	// lists may hold (limits.generator_urls), and where they ran out
	// (overAt).
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

// lang returns the index of code in a.langs, adding it when it is new.
// It returns false past the 65,536 codes an index holds.
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

// list returns 1 + the index of the list alts in a.lists, adding it
// when it is new. The list is sorted by code, then hash, each alternate
// once. list returns 0 when alts is empty, or new and longer than
// a.left alternates.
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

// done drops what only reading needed. It makes every URL that a list
// names known, giving a ref of list 0 to a URL with no list of its own.
// These are the pages whose URL the build must find.
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

// codeOf returns the code that the lists of the URLs of list give the
// URL of genHash h, which list does not name. It takes the first such
// code, in list's order.
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

// wanted reports whether the URL of genHash h is one that a list names,
// or one that has a list.
func (a *genAlternates) wanted(h uint64) bool {
	_, ok := a.refs[h]
	return ok
}

// genRecords is what a build keeps of its records for the alternates
// the generator knows. It keeps which listed record each URL hash and
// each source with translations is, and the pages left out, for the
// cluster check's messages. It also keeps the records whose alternates
// come from the generator.
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
// sitemaps' list for its URL's hash or, when src is set, its source's
// translations. With head, the page's head gives its alternates but
// leaves out the page itself (a theme's range .Translations). The
// generator's cluster then gives the page's own entry, added to the
// head's.
type genFrom struct {
	hash uint64
	src  *source
	// rules, with hash, is the page's source by the generator's
	// translation rules. It gives the page's alternates when the
	// sitemap's name fewer than two pages: sphinx-sitemap's, from
	// locale_dirs, name only the other languages' folders, and each
	// build's page names none of the others.
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
	return b.in.gen != nil && len(b.in.gen.alts.refs) > 0 || b.src.translated
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
		return // the page's head gives them, itself among them
	}
	switch {
	case o.genWanted && b.in.gen.alts.refs[o.genHash].list > 0:
		g.from[idx] = genFrom{hash: o.genHash, rules: o.src, head: head}
	case o.src != nil:
		g.from[idx] = genFrom{src: o.src, head: head}
	}
}

// genSkipped notes the page at path, at loc, that was left out. An
// alternate from the generator that names it is then reported as left
// out, with the reason.
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

// genAltsPass is the generator's alternates pass. It gives each listed
// record whose head gives no alternates the ones the generator knows,
// for its URLs as they are now. Each alternate is the URL of a page
// found: listed, or left out, and then the hreflang pass says why it is
// not written. A record gets none when only the page itself is left. The
// pass returns the alternates that change (genAltsSet), and the pass
// list sets them (apply). In a Session, the hreflang pass judges again a
// record whose alternates changed. The pass reports nothing itself. It
// keeps nothing: what it reads is given to run (genAltsIn).
type genAltsPass struct{}

// genAltsIn are what the generator's alternates pass reads, and does
// not change.
type genAltsIn struct {
	// sitemaps are the alternates of the generator's own sitemaps. They
	// are nil when the build read none.
	sitemaps *genAlternates
	// groups holds the sources with their translations, by translation
	// key (joined.groups). It is nil when the sources have none.
	groups map[string][]*source
}

// genAltsSet is what the generator's alternates pass returns: the
// records whose alternates change, and how many pages got their own
// entry added (Result.SelfAlternates).
type genAltsSet struct {
	changed   []altsChange
	selfAdded int
}

// altsChange is a record whose alternates change: its URL, its new
// alternates, and the line of each in its head (0 for none).
type altsChange struct {
	idx   int32
	loc   string
	alts  []sitemap.Alternate
	lines []int
}

// apply sets the alternates of set in recs, in the order the pass found
// them, and tells h, the hreflang pass that a Session keeps (nil before
// its first judgement and in Run), which pages' alternates changed.
func (set genAltsSet) apply(recs *records, h *hreflangPass) {
	for _, c := range set.changed {
		recs.setAlternates(c.idx, c.alts, c.lines)
		h.changed(recs.pathOf(recs.rec(c.idx)), c.loc)
	}
}

// genAltsIn returns what the generator's alternates pass reads.
func (b *builder) genAltsIn() genAltsIn {
	// The translations are grouped once, when a page takes its
	// alternates from them.
	if g := b.recs.alts.gen; g != nil && len(g.from) > 0 && b.src.translated && b.src.groups == nil {
		b.src.groupTranslations()
	}
	in := genAltsIn{groups: b.src.groups}
	if b.in.gen != nil {
		in.sitemaps = &b.in.gen.alts
	}
	return in
}

// run returns the alternates of the records of recs that the
// generator's sitemaps give (recs.alts.gen), where they change, by what
// in gives. It writes nothing in recs.
func (genAltsPass) run(s *records, in genAltsIn) genAltsSet {
	var set genAltsSet
	g := s.alts.gen
	if g == nil || len(g.from) == 0 {
		return set
	}
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
	for idx, f := range g.from {
		r := s.rec(idx)
		if !s.live(idx) {
			continue
		}
		alts := in.altsOf(s, f, locAt)
		var was []sitemap.Alternate
		var lines []int
		if r.alts > 0 {
			was, lines = s.declared(r.alts - 1)
		}
		if f.head {
			var ok bool
			if alts, ok = withSelf(was, alts, locAt(idx)); !ok {
				continue // the generator does not name the page, or the head does: keep the head's as they are
			}
			set.selfAdded++
			lines = append(lines[:min(len(lines), len(was))], 0) // the page's own entry has no <link> of the head
		} else {
			lines = nil
		}
		if slices.Equal(was, alts) {
			continue
		}
		set.changed = append(set.changed, altsChange{idx: idx, loc: locAt(idx), alts: alts, lines: lines})
	}
	return set
}

// withSelf returns head, the alternates a page's head gives, with the
// page itself at loc added last, in the code by which the generator's
// cluster gen names it. It returns head as it is when its last entry
// already names loc that way (added by an earlier call). It returns
// false when gen does not name the page, or when head names another URL
// in the page's code. A head that names the page at a URL of another
// form is reported as it is.
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

// altsOf returns the alternates f gives, in the order of their codes.
// It returns nil when fewer than two pages are found. locAt gives a
// record's URL.
func (in genAltsIn) altsOf(recs *records, f genFrom, locAt func(int32) string) []sitemap.Alternate {
	g := recs.alts.gen
	var alts []sitemap.Alternate
	if f.src != nil {
		for _, m := range in.groups[f.src.tkey] {
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
		ga := in.sitemaps
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
			// A generator may list only a page's other languages
			// (sphinx-sitemap: each language's build names the others). The
			// page then takes its own code from an alternate's list that
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
			return in.altsOf(recs, genFrom{src: f.rules}, locAt)
		}
		return nil
	}
	return alts
}

// genAlternatesFrom says, for --explain, where the alternates of the
// listed record idx came from. It returns "" when they came from its
// head, or when it has none.
func (b *builder) genAlternatesFrom(idx int32) string {
	g := b.recs.alts.gen
	if g == nil {
		return ""
	}
	f, ok := g.from[idx]
	if !ok {
		return ""
	}
	if f.src == nil && f.rules != nil && len(b.genAltsIn().altsOf(&b.recs, genFrom{hash: f.hash}, b.recs.loc)) < 2 {
		f.src = f.rules // the sitemap's alternates name fewer than two pages
	}
	var from string
	if f.src != nil {
		from = "the generator's translations of its source " + f.src.path + " (" + f.src.tfrom + ")"
	} else {
		file := b.in.gen.files[b.in.gen.alts.refs[f.hash].file]
		from = "the generator's sitemap " + file
		if !slices.Contains(b.in.gen.read, file) {
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
		return "" // the generator does not name it: only its head's
	}
	return from
}

// setAlternates sets the alternates of the record idx as its page's.
// The alternates shown are judged again (hreflangPass, which the
// caller makes judge the record).
func (s *records) setAlternates(idx int32, alts []sitemap.Alternate, lines []int) {
	r := s.rec(idx)
	if r.alts > 0 {
		s.alts.refs[r.alts-1] = s.putAlts(alts, lines, -1, "")
		s.alts.setShown(r.alts-1, nil)
		return
	}
	r.alts = s.alts.entry(idx, s.putAlts(alts, lines, -1, ""))
}

// genKeys sets what the generator's alternates need of the page whose
// outcome is o, built from the joined source src (nil for none). It
// runs on the walk's goroutines.
func (b *builder) genKeys(o *outcome, src *source) {
	loc := o.d.URL.Loc
	if loc == "" {
		return
	}
	if b.in.gen != nil && len(b.in.gen.alts.refs) > 0 {
		if h := genHash(genKey(loc)); b.in.gen.alts.wanted(h) {
			o.genHash, o.genWanted = h, true
		}
	}
	if b.src.translated && src != nil && src.tkey != "" {
		o.src = src
	}
}

// groupTranslations makes b.groups by translation key. It groups the
// sources that publish the pages (those their URLs' claims took), and
// the pages that Options.Translator gives translations.
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

// translatedPath returns the path by which Options.Translator reads the
// page at path (in Root). That is the page's own path, except for a
// server build's page (Options.Served). Such a file's path
// (app/fr/about.html) is not the path it is served at, so the path is
// the file a static export would give it: fr/about.html, index.html for
// the home page, fr.html for a folder's page.
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
// when Options.Translator gives it translations, and nil otherwise. The
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
	b.src.pageMu.Lock()
	defer b.src.pageMu.Unlock()
	if b.src.pageSrcs == nil {
		b.src.pageSrcs = make(map[string]*source)
	}
	b.src.pageSrcs[path] = s
	b.src.groups = nil
	return s
}
