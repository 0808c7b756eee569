package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// listPagesPass is the list pages pass. It gives each list page the
// newest lastmod of the pages it lists, where that is newer than the
// page's own date or the page has none. So a list page is never older
// than what it lists. The pass judges again before every write, from
// all the records. It works only where the pages are joined to their
// sources (Options.Join). listpages.go and listframe.go hold how it
// finds what each list page lists.
type listPagesPass struct {
	// mapper gives each page's URL path and the site's base URL.
	mapper *mapping.Mapper
	// reads holds the site's built pages, open while the pass reads
	// what the list pages show, and closed when it ends. root is
	// Options.Root, the folder that reads opens.
	reads listReads
	root  string
	// sources is Options.Join, nil when the pages are not joined to
	// sources. Then the pass dates nothing. prefix is the path of
	// sources.Dir as the reports give it (joinPrefix).
	sources *Sources
	prefix  string
	// rules are the generator's rules for list pages.
	rules generator.ListRules
	// saidBefore holds, sorted, the files that a warning named earlier in
	// the build, or in the Session (saidOnce.saidOf). newSaid holds those
	// the pass names (sayOnce): run returns them, and the pass list adds
	// them to saidOf.
	saidBefore []string
	newSaid    map[string]bool
	// pageBytes is the most bytes of one page the pass reads
	// (Limits.PageBytes). headAttrs is the most attributes of one tag it
	// reads (Limits.HeadAttributes).
	pageBytes int64
	headAttrs int
	// title names the generator, whose sitemaps' dates may outrank a
	// list page's (listIn.gen).
	title string
	// counts are what run returns for the Result. A whole build moves
	// the pages the pass dated to LastModListed's count of Result.LastMod,
	// and those the generator's sitemaps dated to LastModSitemap's.
	counts counted
	// dates are what the pass gives the list pages, returned by run.
	dates listedDates
	found findings
}

// listedDates are the list pages pass's product, which records keeps
// for the passes after it: the dates the list pages take, by record
// index (records.listed); where the date of a list page that its code
// dates comes from, in the words of --explain (records.listedWhy.by); and
// the list pages the generator's own sitemaps date (records.listedWhy.gen).
type listedDates struct {
	at  map[int32]int64
	by  map[int32]string
	gen map[int32]bool
}

// listIn are what the list pages pass reads of the builder's state and
// the loader's inputs, and does not change.
type listIn struct {
	// lookup holds the joined sources by joinKey (lookup.join), and
	// finds the source of a page that join does not give
	// (sourceLookup.fallback).
	lookup sourceLookup
	// routes holds the patterns of the routes that have a parameter, by
	// source path. listRoutes holds those whose pages are lists.
	routes, listRoutes map[string][]string
	// gen holds the generator's own sitemaps' dates, nil for none. Where
	// a list page's date is derived from the pages it shows, theirs
	// outranks it when it is newer (rule R2 of the second look).
	gen *genDates
}

// listPagesPass gathers what the list pages pass keeps of the builder:
// its options and rules.
func (b *builder) listPagesPass() *listPagesPass {
	p := &listPagesPass{
		mapper: b.mapper, root: b.opts.Root,
		sources: b.opts.Join, rules: b.src.rules.Pages.Lists,
		saidBefore: slices.Sorted(maps.Keys(b.said.saidOf)),
		pageBytes:  int64(b.opts.Limits.Or().PageBytes), headAttrs: b.opts.Limits.Or().HeadAttributes,
		title: b.genTitle(),
	}
	if p.sources != nil {
		p.prefix = b.joinPrefix()
	}
	return p
}

// listIn returns what the list pages pass reads.
func (b *builder) listIn() listIn {
	return listIn{lookup: b.sourceLookup(), routes: b.src.routes, listRoutes: b.src.listRoutes, gen: b.in.gen}
}

// run dates the list pages among recs, by the dates of recs and what in
// gives. It
// returns their dates, the files a warning named for the first time
// (newSaid), what it
// changes of the Result's counts, and what it found. With whole, in a
// whole build, it counts the pages it dated as LastModListed's. A
// Session's update counts only the pages it reads.
func (p *listPagesPass) run(recs *records, whole bool, in listIn) (_ listedDates, newSaid map[string]bool, _ counted, _ findings) {
	if n := p.dateListPages(recs, in); whole {
		p.countListed(recs, n)
	}
	return p.dates, p.newSaid, p.counts, p.found
}

// listedCounts counts the list pages that dateListPages dated, by the
// source of the lastmod they had before ("" for none).
type listedCounts map[mapping.LastModSource]int

// dateListPages gives each list page the newest lastmod of the pages it
// lists, where that is newer than its own. It returns how many list
// pages it dated, by the source of their own date.
func (p *listPagesPass) dateListPages(recs *records, in listIn) listedCounts {
	p.dates = listedDates{}
	if p.sources == nil {
		return nil
	}
	p.dates.at = make(map[int32]int64)
	defer p.reads.close()
	l := p.rules
	var done map[int32]bool // the list pages that a generator's own rule judged
	if l.Section != nil {
		done = p.dateSectionLists(recs, l.Section, in)
	}
	p.dateShownLists(recs, l, done, in)
	counts := listedCounts{}
	for idx := range p.dates.at {
		if p.dates.gen[idx] {
			continue // counted apart (countListed)
		}
		counts[recs.source(idx)]++ // as counted: a date passed over counts as the next source's
	}
	return counts
}

// listReads holds the site folder's pages, open while list pages are
// judged (dateListPages), to read what they show.
type listReads struct {
	dir   *SitePages
	tried bool // opened, or failed to open: reported once
	// buf holds the page read last. The pages are read one at a time,
	// and each into the same buffer: a buffer a page, grown as it read,
	// was most of a Hugo join's garbage.
	buf bytes.Buffer
}

func (r *listReads) close() {
	if r.dir != nil {
		r.dir.Close()
	}
	*r = listReads{}
}

// list gives the record idx the date t when t is newer than its own
// date (records.own: neither a build's stamp nor the site's date). The
// date is then derived, and the generator's own sitemap's date of the
// page outranks it when that is newer (rule R2 of the second look,
// secondlook.go): the generator's rule sees every page of the list,
// where the built page may show only some (a paginated section's first
// pager). A list page stays never older than the newest page it shows.
// gen are the generator's sitemaps' dates (listIn.gen), nil for none.
func (p *listPagesPass) list(recs *records, idx int32, t int64, gen *genDates) {
	if own := recs.own(idx); own == noLastMod || t > own {
		if g, file, ok := p.genDate(recs, idx, gen); ok && g > t {
			t = g
			if p.dates.gen == nil {
				p.dates.gen = make(map[int32]bool)
			}
			p.dates.gen[idx] = true
			p.listedByCode(idx, fmt.Sprintf("%s's own sitemap %s, newer than the newest page it shows", p.title, file))
		}
		p.dates.at[idx] = t
	}
}

// genDate returns the date the generator's own sitemaps, g, give the
// record idx (Unix seconds) and the file that gives it, unless rule R1
// passes it over, or it is more than a day after the build, as every
// source's date is.
func (p *listPagesPass) genDate(recs *records, idx int32, g *genDates) (int64, string, bool) {
	if g == nil || len(g.dates) == 0 {
		return 0, "", false
	}
	d, ok := g.dates[genHash(genKey(recs.loc(idx)))]
	if !ok || g.late(d) || d.sec > p.mapper.Now().Add(24*time.Hour).Unix() {
		return 0, "", false
	}
	return d.sec, g.files[d.file], true
}

// listedByCode notes that the list page idx is dated by its code, as
// the words from say.
func (p *listPagesPass) listedByCode(idx int32, from string) {
	if p.dates.by == nil {
		p.dates.by = make(map[int32]string)
	}
	p.dates.by[idx] = from
}

// countListed moves the list pages dateListPages dated from the count of
// their own source to LastModListed's.
func (p *listPagesPass) countListed(recs *records, n listedCounts) {
	for from, k := range n {
		p.counts.move(from, LastModListed, k)
	}
	for idx := range p.dates.gen {
		p.counts.move(recs.source(idx), mapping.LastModSitemap, 1)
	}
}

// layoutUnread warns, once a build (or a Session), that a Jekyll layout
// in the folder dir (Join.Dir) could not be read for what it lists. It
// does not warn when the walk of the sources warned about it already (a
// FIFO the walk found).
func (p *listPagesPass) layoutUnread(dir string, err error) {
	name := ""
	if d, ok := errors.AsType[*diag.Diagnostic](err); ok {
		name = d.File
		err = errors.New(d.Msg)
	}
	rel, rerr := filepath.Rel(dir, name)
	if rerr != nil || !filepath.IsLocal(rel) {
		p.found.warn(name, fmt.Errorf("%w; the pages it lays out are not dated by what it lists", err))
		return
	}
	path := p.prefix + filepath.ToSlash(rel)
	if !p.sayOnce(path) {
		return
	}
	p.found.warn(path, fmt.Errorf("%w; the pages it lays out are not dated by what it lists", err))
}

// shownUnread warns, once a build (or a Session), that the list page
// rel could not be read for the pages it shows.
func (p *listPagesPass) shownUnread(rel string, err error) {
	said := "\x00shown " + rel // a page of the site, keyed apart from a source of the same path
	if !p.sayOnce(said) {
		return
	}
	p.found.warn(rel, fmt.Errorf("%w; the page is not dated by the pages it lists", err))
}

// sayOnce reports whether key is said for the first time in the build,
// or in the Session, and marks it said.
func (p *listPagesPass) sayOnce(key string) bool {
	if _, before := slices.BinarySearch(p.saidBefore, key); before || p.newSaid[key] {
		return false
	}
	if p.newSaid == nil {
		p.newSaid = make(map[string]bool)
	}
	p.newSaid[key] = true
	return true
}
