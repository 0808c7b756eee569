package pipeline

// The second look: the generator's own sitemaps, read before ours
// replaces them (gensitemap.go), compared with the pages the build
// found. They are the generator's word on which pages it built and, for
// some, from when; they are often wrong too (a build's time for a date,
// a redirect stub, an error page, a URL no file serves). A narrow rule
// decides each difference, and nothing else of them is taken:
//
//   - R1. A date of theirs more than a day after the last commit of the
//     history git read is a build's time: passed over (genDates.late).
//     Without git, or in a shallow clone (whose history may not reach
//     the pages), R1 passes nothing over, and the build stamps' rules
//     decide (stampsPass, mapping's stamp).
//   - R2. Their date is taken only where ours is derived or absent: a
//     list page dated by the newest page it shows (listPagesPass.list),
//     or a page no source dates (the sitemap lastmod source, last of a
//     join's). Where ours comes from front matter or git, ours stands. A
//     list page is never older than the newest page it shows.
//   - R3. A page of a join left out only as a draft, which the generator
//     built and lists, is listed (builtDraft).
//   - R4. A URL of theirs that no page found has is left out.
//   - R5. A page we list that they leave out: a list page (a page of no
//     source: a pager, a taxonomy, an archive) is counted; the others
//     are named in one warning a build.
//
// secondLookPass counts what each rule settled (Result.SecondLook), and
// --explain shows the generator's own entry for a page (genEntry).

import (
	"context"
	"fmt"
	"path"
	"strings"
	"time"
	"unsafe"

	"github.com/sitemapgen/sitemapgen/mapping"
)

// SecondLook counts the differences between the generator's own
// sitemaps and the build's pages, by the rule of the second look that
// settled each (secondlook.go).
type SecondLook struct {
	// Generator names the generator ("Hugo"), or is "" for none known.
	Generator string
	// Compared counts the URLs both list.
	Compared int
	// Late counts their dates passed over as a build's time: more than a
	// day after the last commit (R1), or by the build stamps' rules.
	Late int
	// Kept counts the pages whose own date (front matter, git, a list
	// page's newest page shown) stands over theirs (R2).
	Kept int
	// Taken counts the pages dated by theirs: list pages, and pages no
	// source of ours dates (R2).
	Taken int
	// Drafts counts the drafts they built and list, listed (R3).
	Drafts int
	// NoPage counts their URLs that no page found has (R4).
	NoPage int
	// Lists counts the list pages we list that they leave out (R5).
	Lists int
	// LeftOut names the other pages we list that they leave out, by path
	// (R5); a warning names them.
	LeftOut []string
}

// Settled reports whether the second look settled any difference.
func (s *SecondLook) Settled() bool {
	return s != nil && s.Late+s.Kept+s.Taken+s.Drafts+s.NoPage+s.Lists+len(s.LeftOut) > 0
}

// setGenAfter sets the bound of rule R1 on the generator's dates
// (genDates.after): a day after the last commit of the history git read
// (gitdates.Dates.LastCommit). It sets none without git's history, in a
// shallow clone, or when no date was read. It runs once the history is
// read and before the walk, whose goroutines read the bound.
func (b *builder) setGenAfter(ctx context.Context) {
	g := b.in.gen
	if g == nil {
		return
	}
	g.after, g.lastCommit = 0, time.Time{}
	if len(g.dates) == 0 || b.in.git == nil || b.in.git.Shallow() {
		return
	}
	last, err := b.in.git.LastCommit(ctx)
	if err != nil || last.IsZero() {
		return
	}
	g.lastCommit, g.after = last, last.Add(24*time.Hour).Unix()
}

// genListsLoc reports whether the generator's sitemaps list loc.
func (b *builder) genListsLoc(loc string) bool {
	return b.in.gen != nil && len(b.in.gen.listed) > 0 && loc != "" && b.in.gen.lists(loc)
}

// builtDraft applies rule R3 to d, the decision about a joined page
// left out as a draft: when the generator's sitemaps list the page, the
// generator built it into its output and published it, so the page is
// judged again as if its source were no draft. What else leaves it out
// (noindex, a redirect, a canonical link elsewhere, sitemap: false)
// still does. --drafts keeps its meaning for content mode.
func (b *builder) builtDraft(d *mapping.Decision, page mapping.Page) {
	if page.Source == nil || !b.genListsLoc(d.URL.Loc) {
		return
	}
	was := d.Because
	src := *page.Source
	src.Draft, src.Unpublished = false, false
	page.Source = &src
	*d = b.mapper.Map(page)
	if d.Skip == "" {
		d.Because = fmt.Sprintf("%s; %s built it and lists it in its own sitemap, so it is published", strings.TrimSuffix(was, " (--drafts lists drafts)"), b.genTitle())
		b.found.genDrafts.Add(1)
	}
}

// genTitle names the generator, for messages: "Hugo's" is said as
// genTitle() + "'s".
func (b *builder) genTitle() string {
	if o := b.opts.OwnSitemaps; o != nil && o.Title != "" {
		return o.Title
	}
	if b.opts.Generator != "" {
		return b.opts.Generator
	}
	return "the generator"
}

// genSeen notes, in a whole build, that a page left out at the walk has
// the URL loc, when the generator's sitemaps list it: R4 counts only
// their URLs that no page found has.
func (b *builder) genSeen(loc string) {
	if b.found.genCount && b.genListsLoc(loc) {
		b.found.genHits = append(b.found.genHits, witnessHash(loc))
	}
}

// genFound marks a URL of the generator's sitemaps that a page found
// has: a bit set on its file index in genDates.listed while
// secondLookPass counts, and cleared after (file indexes are below
// limits.MaxGeneratorFiles).
const genFound = 1 << 15

// secondLookPass compares the listed pages with the generator's own
// sitemaps, and counts what each rule of the second look settled. It
// runs in whole builds, once the dates are final, before the per-URL
// hook.
type secondLookPass struct {
	// hits are the genSeen keys of the pages left out at the walk.
	hits []uint64
	// joined says the build joins its pages to sources. Then
	// secondLookIn.sources tells whether a page's URL path has one.
	joined bool
	mapper *mapping.Mapper
	title  string
	// code names the code of the sitemaps' options the build does not
	// run (OwnSitemaps.Code), "" for none.
	code   string
	drafts int
	found  findings
	// buf holds the URL of the record compared (locView).
	buf []byte
}

func (b *builder) secondLookPass() *secondLookPass {
	p := &secondLookPass{hits: b.found.genHits, mapper: b.mapper, title: b.genTitle(),
		drafts: int(b.found.genDrafts.Load())}
	if o := b.opts.OwnSitemaps; o != nil {
		p.code = o.Code
	}
	p.joined = b.opts.Join != nil
	b.found.genHits, b.found.genCount = nil, false
	return p
}

// secondLookIn are what the second look reads of the loader's inputs
// and the joined sources.
type secondLookIn struct {
	// gen are the generator's sitemaps the loader read, nil for none.
	// While it counts, run sets the genFound bit of the entries of
	// gen.listed that a page has, and it clears every one before it
	// returns: a bit of each entry, which costs nothing, where a set of
	// its own would cost bytes a page. Nothing else of in changes.
	gen *genDates
	// sources tells, in a join, whether a page's URL path has a source
	// (sourceLookup.has).
	sources sourceLookup
}

// secondLookIn returns what the second look reads.
func (b *builder) secondLookIn() secondLookIn {
	in := secondLookIn{gen: b.in.gen}
	if b.opts.Join != nil {
		in.sources = b.sourceLookup()
	}
	return in
}

// run counts the differences, and warns about the pages that the
// generator's sitemaps leave out (R5). It reads all: the listed
// records in order, and the others the passes left out, still in the
// table. It compares nothing when the generator's sitemaps list none
// of the pages: they are of another site or base path. It returns the
// counts (Result.SecondLook, nil when it compared nothing). in is what
// it reads.
func (p *secondLookPass) run(all *records, in secondLookIn) (*SecondLook, findings) {
	g := in.gen
	if g == nil || len(g.listed) == 0 {
		return nil, nil
	}
	recs := &all.recordTable
	s := &SecondLook{Generator: p.title, Drafts: p.drafts}
	mark := func(h uint64) bool {
		f, ok := g.listed[h]
		if ok {
			g.listed[h] = f | genFound
		}
		return ok
	}
	defer func() {
		for h, f := range g.listed {
			g.listed[h] = f &^ genFound
		}
	}()
	inOrder := make([]bool, recs.n)
	var leftOut []int32
	for _, idx := range all.order {
		inOrder[idx] = true
		r := recs.rec(idx)
		if r.extra() {
			continue
		}
		loc := p.locView(recs, r)
		if !mark(witnessHash(loc)) {
			leftOut = append(leftOut, idx)
			continue
		}
		s.Compared++
		p.date(all, s, idx, loc, g)
	}
	if s.Compared == 0 {
		return nil, nil
	}
	s.NoPage = p.noPage(recs, inOrder, mark, g)
	for _, idx := range leftOut {
		if path := all.pathOf(recs.rec(idx)); p.listPage(path, in.sources) {
			s.Lists++
		} else {
			s.LeftOut = append(s.LeftOut, path)
		}
	}
	code := ""
	if p.code != "" {
		p.found.note("", fmt.Sprintf("%s's %s is code sitemapgen does not run, not read: the pages it leaves out of %s's own sitemap are listed, and what it changes is not taken; leave pages out with exclude: in sitemap.yaml", p.title, p.code, p.title))
		code = fmt.Sprintf(" (its %s, code not read, may leave them out)", p.code)
	}
	if n := len(s.LeftOut); n > 0 {
		names := s.LeftOut[:min(n, maxNamed)]
		more := ""
		if n > len(names) {
			more = fmt.Sprintf(" and %d more", n-len(names))
		}
		p.found.warn("", fmt.Errorf("%s listed that %s's own sitemap leaves out%s: %s%s; sitemapgen lists the pages the site serves: leave out those that are no pages of the site (noindex, sitemap: false in front matter, exclude:)", pluralPages(n), p.title, code, strings.Join(names, ", "), more))
	}
	return s, p.found
}

// noPage counts the URLs of the generator's sitemaps that no page found
// has (R4), once mark has marked those of the listed pages (inOrder): it
// marks those of the pages the passes left out, still in the table, and
// of those left out at the walk (hits). g are the generator's sitemaps.
func (p *secondLookPass) noPage(recs *recordTable, inOrder []bool, mark func(h uint64) bool, g *genDates) int {
	for i := range int32(recs.n) {
		if !inOrder[i] && recs.live(i) && !recs.rec(i).extra() {
			mark(witnessHash(p.locView(recs, recs.rec(i))))
		}
	}
	for _, h := range p.hits {
		mark(h)
	}
	n := 0
	for _, f := range g.listed {
		if f&genFound == 0 {
			n++
		}
	}
	return n
}

// locView returns the URL of the record r, a live one of recs, as a view
// of p.buf that the next call overwrites: the second look only hashes
// it, so a page compared costs no string of its own.
func (p *secondLookPass) locView(recs *recordTable, r *record) string {
	p.buf = recs.locs.appendLoc(p.buf[:0], r.pre, r.at)
	return unsafe.String(unsafe.SliceData(p.buf), len(p.buf)) // read only, while p.buf holds it
}

// maxNamed is the most pages the warning of R5 names.
const maxNamed = 10

// pluralPages says "1 page" or "N pages".
func pluralPages(n int) string {
	if n == 1 {
		return "1 page"
	}
	return fmt.Sprintf("%d pages", n)
}

// date counts what the second look settled of the date of the listed
// record of recs at idx, whose URL loc the generator's sitemaps, g,
// list.
//
// A page they do not date has nothing to settle (theirs dates every
// page that takes their date), so only a page they date looks its own
// date up.
func (p *secondLookPass) date(recs *records, s *SecondLook, idx int32, loc string, g *genDates) {
	d, ok := g.dates[genHash(genKey(loc))]
	if !ok {
		return
	}
	ours, byList := recs.lastmodListed(idx)
	if byList && recs.listedWhy.gen[idx] || !byList && recs.source(idx) == mapping.LastModSitemap {
		s.Taken++
		return
	}
	if ours != noLastMod && sameDate(ours, g.date(d)) {
		return
	}
	if ours == noLastMod || g.late(d) {
		s.Late++ // passed over: R1, or the build stamps' rules
		return
	}
	s.Kept++
}

// listPage reports whether the page at path is a list page, which a
// generator leaves out of its sitemap by design (R5): in a join, a page
// of no source (a pager, a taxonomy, an archive); elsewhere a pager
// (…/page/2/). sources are the joined sources (secondLookIn.sources).
func (p *secondLookPass) listPage(rel string, sources sourceLookup) bool {
	urlPath := "/" + strings.TrimPrefix(p.mapper.URLPath(rel), "/")
	if p.joined {
		return !sources.has(urlPath)
	}
	dir, last := path.Split(strings.TrimSuffix(strings.TrimSuffix(urlPath, "index.html"), "/"))
	return isDigits(last) && strings.HasSuffix(dir, "/page/")
}

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// sameDate reports whether ours (Unix seconds) is the generator's date
// t: the same second, or the same day when t is a day alone.
func sameDate(ours int64, t time.Time) bool {
	if ours == t.Unix() {
		return true
	}
	if mapping.HasTimeOfDay(t) {
		return false
	}
	return time.Unix(ours, 0).In(t.Location()).Format(time.DateOnly) == t.Format(time.DateOnly)
}

// genEntry says, for --explain, what the generator's own sitemaps say
// of loc, whose lastmod as written is ours (zero for none): whether they
// list it, and its lastmod there, with R1's verdict on it. A date of
// theirs after R1's bound that is ours too, from a source of ours (a
// post dated later than its commit), is no build's time: it is said to
// be the page's own, as the second look counts it. It returns "" without
// them.
func (b *builder) genEntry(loc string, ours time.Time) string {
	g := b.in.gen
	if g == nil || len(g.listed) == 0 && len(g.dates) == 0 {
		return ""
	}
	title := b.genTitle() + "'s own sitemap"
	where := func(file uint16) string {
		name := g.files[file&^genFound]
		if len(g.read) == 0 {
			name += ", kept in " + GenDatesName
		}
		return title + " (" + name + ")"
	}
	d, dated := g.dates[genHash(genKey(loc))]
	f, listed := g.listed[witnessHash(loc)]
	switch {
	case dated:
		t := g.date(d)
		s := where(d.file) + " lists it, lastmod " + t.Format(time.RFC3339)
		switch {
		case g.late(d) && !ours.IsZero() && sameDate(ours.Unix(), t):
			s += ", the page's own date too, though more than a day after the last commit"
		case g.late(d):
			s += fmt.Sprintf(", passed over: more than a day after the last commit (%s), a build's time", g.lastCommit.UTC().Format(time.RFC3339))
		}
		return s
	case listed:
		return where(f) + " lists it, with no lastmod"
	}
	return "not in " + title
}
