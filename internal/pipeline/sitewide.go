package pipeline

// Dates that a template prints on every page. They are the site's last
// change, not each page's.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// A page's head may carry a date that is the site's, not its own. The
// Hugo theme Stack writes og:updated_time = .Site.Lastmod, the site's
// last change, on every page that is not a single post: the home page,
// the sections, every tag page. A tag page that shows one post of 2019
// then carries the date of the newest post of the site. siteWidePass
// finds those dates among the pages that a head's date
// (mapping.LastModMeta) dates. It groups them by the head's source of
// the date (og:updated_time, article:modified_time, JSON-LD
// dateModified …) and by the page's language (outcome.lang). The
// language is the one the generator gives the page's source or path.
// Otherwise it is the page's <html lang>, which Stack writes the same
// on every language's pages. Two rules find the site's dates:
//
//   - A date that every page of a language carries from one source, on
//     three pages at least (minSameOnEvery), is the same on every page.
//     It is no page's date.
//   - A date that equals the newest date the generator gives a page of
//     the language, or of the whole site, is the site's last change,
//     borrowed. It is no page's date. In a join, the page whose source
//     gives that date is dated by that source, never by its head. The
//     generator's dates are the ones its sources' front matter gives. A
//     source's last commit counts only where the generator dates its
//     pages by git (Hugo's enableGitInfo), or where its order of dates is
//     not known. A page that Hugo leaves undated has no part in
//     .Site.Lastmod, though sitemapgen dates it by its last commit.
//
// Such a page is dated by its own rule: the sources after the head's
// (Decision.Next: git, the state file), or none. A list page is dated
// by the pages it shows (dateListPages). Where the generator does not
// date its pages by git, a list page's last commit is sitemapgen's own
// fallback. It dates the page only when the page shows no dated page
// (records.fallback). A page whose own source's last commit is that
// date (a translation that landed in one commit) keeps it, from git. A
// build's stamps (stampsPass, judged first) count among the dates a
// tag gives, and stay the build's. The judgement runs again before
// every write.

// siteDates holds the heads' dates that are the site's, not a page's.
// It puts each record that is dated by its head, or that has a
// language, in a group: the head's source of the date, and the page's
// language.
type siteDates struct {
	// more holds the groups past 254, by record index (setMeta). A group
	// is 1 + an index into names, or 0 for none. A record keeps a smaller
	// group itself (record.group).
	more map[int32]uint16
	// names holds each group's head's source of the date ("" for a
	// record not dated by its head) and language. index finds a group
	// by them.
	names [][2]string
	index map[[2]string]uint16
	// last is the group groupOf found last, with its source and language
	// as given.
	last struct {
		from, lang string
		g          uint16
	}
	// dates holds the dates of each group that are the site's, not a
	// page's (siteWidePass), each with the reason. The records dated by
	// one of them take their next lastmod.
	dates map[siteWideKey]string
	// gitFallback says git is sitemapgen's own fallback, not a date the
	// generator gives. A record whose site's date gives way to git takes
	// the git date only when no page it lists dates it
	// (records.fallback).
	gitFallback bool
}

// groupOf returns the group of the head's source from ("meta
// og:updated_time", or "" for a page not dated by its head) and the
// language lang. The group is 1 + an index into names, made on first
// use. Pages come in runs of one source and one language, so the last
// group found is tried first, before the map.
func (s *siteDates) groupOf(from, lang string) uint16 {
	if from == s.last.from && lang == s.last.lang { // never both "": no group is asked for them
		return s.last.g
	}
	return s.findGroup(from, lang)
}

// findGroup is groupOf without the last group found.
func (s *siteDates) findGroup(from, lang string) uint16 {
	key := [2]string{strings.TrimPrefix(from, "meta "), lang}
	g, ok := s.index[key]
	if !ok {
		if len(s.names) >= 1<<16-1 {
			return 0 // a hostile site's languages past 65,535 are not judged
		}
		if s.index == nil {
			s.index = make(map[[2]string]uint16)
		}
		s.names = append(s.names, key)
		g = uint16(len(s.names))
		s.index[key] = g
	}
	s.last.from, s.last.lang, s.last.g = from, lang, g
	return g
}

// setMeta records the group of the record idx in the language lang. The
// group uses the head's source of its date when the record is dated by
// its head. It is 0 when the record is not, and has no language. The
// record keeps its group itself (record.group), unless it is past 254:
// siteDates.more then holds it.
func (s *records) setMeta(idx int32, d *mapping.Decision, lang string) {
	from := ""
	if d.LastModSource == mapping.LastModMeta {
		from = d.LastModFrom
	}
	g := uint16(0)
	if from != "" || lang != "" {
		g = s.sites.groupOf(from, lang)
	}
	if g < manyGroups && s.sites.more == nil {
		s.rec(idx).group = uint8(g)
		return
	}
	s.setGroup(idx, g)
}

// setGroup is setMeta's recording of the group g of the record idx
// once some group is past 254.
func (s *records) setGroup(idx int32, g uint16) {
	r := s.rec(idx)
	if g < manyGroups {
		r.group = uint8(g)
		delete(s.sites.more, idx)
		return
	}
	r.group = manyGroups
	if s.sites.more == nil {
		s.sites.more = make(map[int32]uint16)
	}
	s.sites.more[idx] = g
}

// manyGroups is the record.group of a record whose group is past 254.
const manyGroups = 255

// groupAt returns the group that setMeta recorded for idx.
func (s *records) groupAt(idx int32) uint16 { return s.groupOfRec(idx, s.rec(idx)) }

// groupOfRec is groupAt for r, the record at idx.
func (s *records) groupOfRec(idx int32, r *record) uint16 {
	if r.group != manyGroups {
		return uint16(r.group)
	}
	return s.sites.more[idx]
}

// remove forgets the group of the record idx, which was removed.
func (s *siteDates) remove(idx int32) {
	delete(s.more, idx)
}

// groupLang returns the language of the group g, or "" for none.
func (s *siteDates) groupLang(g uint16) string {
	if g == 0 {
		return ""
	}
	return s.names[g-1][1]
}

// siteWideKey is a date (Unix seconds) of a group of heads' dates.
type siteWideKey struct {
	group uint16
	date  int64
}

// siteWideOf reports whether the record idx is dated by a head's date
// that siteWidePass found to be the site's.
func (s *records) siteWideOf(idx int32) bool {
	if len(s.sites.dates) == 0 {
		return false
	}
	r := s.rec(idx)
	if r.lastmod == noLastMod || r.src != srcMeta {
		return false
	}
	work.count(&work.siteWide)
	_, ok := s.sites.dates[siteWideKey{s.groupOfRec(idx, r), r.lastmod}]
	return ok
}

// fallback returns the date of the record at idx that the site's date
// (siteWidePass) gave way to, when that date is a last commit that the
// generator never gives its page (siteDates.gitFallback). The page
// takes it only when no page it lists dates it.
func (s *records) fallback(idx int32) (int64, bool) {
	if !s.sites.gitFallback || !s.siteWideOf(idx) {
		return noLastMod, false // the cheap tests first: no search of the table
	}
	n, ok := s.next.get(idx)
	if !ok || !s.fallsBack(idx, n) {
		return noLastMod, false
	}
	return n.lastmod, true
}

// fallsBack reports whether n, the next lastmod of the record at idx,
// is a last commit that the site's date gives way to and that the
// generator never gives the page (fallback).
func (s *records) fallsBack(idx int32, n nextLastMod) bool {
	return s.sites.gitFallback && n.src == srcGit && s.siteWideOf(idx)
}

// siteWidePass finds the heads' dates that are the site's, not a
// page's (siteDates.dates). It tells --verbose about each, once: the
// builder keeps the pass between a Session's updates, with the dates it
// told.
type siteWidePass struct {
	// byGit says a source's last commit is a date the generator gives its
	// page (datesByGit).
	byGit bool
	// said holds the site's dates told so far.
	said  map[siteWideKey]bool
	found findings
}

// siteWidePass returns the pass the builder keeps, made on first use.
func (b *builder) siteWidePass() *siteWidePass {
	if b.said.siteWide == nil {
		b.said.siteWide = &siteWidePass{byGit: datesByGit(b.src.rules.Order, b.opts.Join, b.opts.Content)}
	}
	b.said.siteWide.found = nil
	return b.said.siteWide
}

// siteWideDates is the product of the site's dates pass, which the pass
// list keeps in recs.sites (siteDates) for the dating that follows: the
// dates of each group that are the site's, with the reason, and whether
// git is sitemapgen's own fallback.
type siteWideDates struct {
	dates       map[siteWideKey]string
	gitFallback bool
}

// run judges the heads' dates of recs in order, and returns its verdict
// and a note for each of the site's dates it had not told yet. It
// writes nothing in recs.
//
// A group's date can be the site's only when every page of the group
// carries it, or when it is the newest date the generator gives a page
// (siteWideDate). So run does not sort the heads' dates: a first pass
// over the records learns each group's count and whether its pages
// carry one date, and the newest dates; a second pass, only when a
// group carries several, counts the pages of each group that carry a
// newest date. The notes come out by group, then by date, as a sort
// would give them.
func (p *siteWidePass) run(recs *records) (siteWideDates, findings) {
	out := siteWideDates{gitFallback: !p.byGit}
	groups := make([]groupDates, len(recs.sites.names)+1) // by group; 0 is none
	// newest holds the newest date the generator gives a page, in each
	// language and in the whole site.
	newest := newestDates{byLang: make(map[string]int64), all: noLastMod}
	several := false
	for _, idx := range recs.order {
		r := recs.rec(idx)
		if r.lastmod == noLastMod {
			continue
		}
		switch r.src {
		case srcMeta:
			if g := recs.groupOfRec(idx, r); g > 0 { // a build's stamp too is one of the dates the tag gives
				several = groups[g].add(r.lastmod) || several
			}
		case srcFrontMatter:
			newest.add(recs.sites.groupLang(recs.groupOfRec(idx, r)), r.lastmod)
		case srcGit:
			if p.byGit && !recs.isBuiltGit(idx) {
				newest.add(recs.sites.groupLang(recs.groupOfRec(idx, r)), r.lastmod)
			}
		}
	}
	// In a group of several dates, only a newest date can be the site's:
	// the language's and the whole site's, a and b.
	if several {
		for g := range groups[1:] {
			gd := &groups[g+1]
			if gd.one {
				continue
			}
			gd.a, gd.b = noLastMod, newest.all
			if lang := recs.sites.names[g][1]; lang != "" {
				if d, ok := newest.byLang[lang]; ok {
					gd.a = d
				}
			}
			if gd.a > gd.b {
				gd.a, gd.b = gd.b, gd.a // by date
			}
		}
		for _, idx := range recs.order {
			r := recs.rec(idx)
			if r.lastmod == noLastMod || r.src != srcMeta {
				continue
			}
			if g := recs.groupOfRec(idx, r); g > 0 && !groups[g].one {
				groups[g].countNewest(r.lastmod)
			}
		}
	}
	for g := range groups[1:] {
		gd := &groups[g+1]
		key := func(date int64) siteWideKey { return siteWideKey{uint16(g + 1), date} }
		switch {
		case gd.n == 0:
		case gd.one:
			p.siteWideDate(recs, &out, key(gd.first), gd.n, true, &newest)
		default:
			if gd.na > 0 {
				p.siteWideDate(recs, &out, key(gd.a), gd.na, false, &newest)
			}
			if gd.nb > 0 && gd.b != gd.a {
				p.siteWideDate(recs, &out, key(gd.b), gd.nb, false, &newest)
			}
		}
	}
	return out, p.found
}

// groupDates is what siteWidePass.run learns of the heads' dates of one
// group: how many pages carry one (n), the first of them, and whether
// they are all that one. For a group of several dates, a and b are the
// newest dates the generator gives (noLastMod for none), and na and nb
// count the group's pages that carry them.
type groupDates struct {
	n      int
	first  int64
	one    bool
	a, b   int64
	na, nb int
}

// add counts the date of one more page of the group. It reports whether
// the group now carries several dates.
func (g *groupDates) add(date int64) bool {
	switch {
	case g.n == 0:
		g.first, g.one = date, true
	case g.one && date != g.first:
		g.one = false
	}
	g.n++
	return !g.one
}

// countNewest counts date when it is one of the group's newest dates.
func (g *groupDates) countNewest(date int64) {
	switch date {
	case g.a:
		g.na++
		if g.b == g.a {
			g.nb++
		}
	case g.b:
		g.nb++
	}
}

// datesByGit reports whether a source's last commit is a date the
// generator gives its page. It is where the generator's order of dates
// has a git step (Hugo's enableGitInfo), or where no order is known.
// The order is the generator's, order, unless the sources of
// Options.Join or Options.Content give their own. Otherwise git is
// sitemapgen's own fallback, a date the generator never gives.
func datesByGit(order *generator.DateOrder, sources ...*Sources) bool {
	o := order
	for _, s := range sources {
		if s != nil && s.Order != nil {
			o = s.Order
		}
	}
	if o == nil {
		return true
	}
	return slices.ContainsFunc(o.Steps, func(s generator.DateStep) bool { return s.Git })
}

// newestDates are the newest dates the generator gives a page, in each
// language (by name, "" for none) and in the whole site (all, or
// noLastMod for none).
type newestDates struct {
	byLang map[string]int64
	all    int64
}

// add counts date, which the generator gives a page in lang.
func (n *newestDates) add(lang string, date int64) {
	newer(n.byLang, lang, date)
	n.all = max(n.all, date)
}

// is reports whether date is the newest date of the language lang.
func (n *newestDates) is(lang string, date int64) bool {
	d, ok := n.byLang[lang]
	return ok && d == date
}

// minSameOnEvery is the fewest pages of a language that make a date a
// template's, when they all carry it from one source. Two pages updated
// on the same day (a language's home page and an imprint) are too
// common to count.
const minSameOnEvery = 3

// siteWideDate judges the date key against the newest dates the
// generator gives, and adds it to out when it is the site's. n pages of
// its group carry the date; with one, every page of the group does.
func (p *siteWidePass) siteWideDate(recs *records, out *siteWideDates, key siteWideKey, n int, one bool, newest *newestDates) {
	if recs.stamps.found && unixDay(key.date) == recs.stamps.day && recs.stamps.stampableAt(srcIndex(mapping.LastModMeta), key.date) {
		return // the build's stamps, which the build stamps pass reported
	}
	names := recs.sites.names[key.group-1]
	from, lang := names[0], names[1]
	var why string
	switch {
	case one && n >= minSameOnEvery && lang != "":
		why = fmt.Sprintf("the same on all %d pages in %q that give %s", n, lang, from)
	case one && n >= minSameOnEvery:
		why = fmt.Sprintf("the same on all %d pages that give %s", n, from)
	case lang != "" && newest.is(lang, key.date):
		why = fmt.Sprintf("the newest date the generator gives a page in %q, the language's last change", lang)
	case key.date == newest.all:
		why = "the newest date the generator gives a page, the site's last change"
	default:
		return
	}
	if out.dates == nil {
		out.dates = make(map[siteWideKey]string)
	}
	out.dates[key] = why
	if p.said[key] {
		return
	}
	if p.said == nil {
		p.said = make(map[siteWideKey]bool)
	}
	p.said[key] = true
	p.found.note("", fmt.Sprintf("%s %s, on %d pages, is the site's date, not each page's (%s): they are dated by their own rule, a list page by what it shows", from, rfc3339(key.date), n, why))
}

// siteWideWhy says, for --explain, why the head's date of the record
// idx is the site's.
func (s *records) siteWideWhy(idx int32) string {
	r := s.rec(idx)
	return s.sites.dates[siteWideKey{s.groupAt(idx), r.lastmod}]
}
