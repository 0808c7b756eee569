package pipeline

// The dates of list pages. A page that lists pages is at least as new
// as the newest page it lists, never older. In every generator's join,
// a page that no source gives is dated by the pages its own content
// links to. A Hugo site's home page, sections, taxonomies and terms are
// dated by Hugo's rules, and so is a Jekyll page that loops over
// site.posts, paginator.posts or a collection.

import (
	"bytes"
	"fmt"
	"io"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/uniq"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// LastModListed is the lastmod source of a list page dated by the
// newest page it lists (dateListPages). A user cannot list it as a
// source.
const LastModListed mapping.LastModSource = "newest listed"

// newer raises the newest date of the key k to t.
func newer[K comparable](m map[K]int64, k K, t int64) {
	if old, ok := m[k]; !ok || t > old {
		m[k] = t
	}
}

// dateSectionLists dates each list page of a Hugo join
// (generator.ListRules.Section) by the newest page that it lists and
// shows. The pages it shows are those that its built page links to in
// its own content: not in its menu, banner or footer (Link.Chrome), nor
// in a menu that every page repeats (dropRepeated). The pages it lists
// are those that Hugo's rules put in its list.
//
// A list page is the built page of an _index file, or a page whose URL
// is a content folder's (a section without _index). It lists the pages
// under its folder in the content tree, in its language, and the
// sections below it. Each of those sections is as new as what it shows
// in turn.
//
// Hugo's own sitemap gives a list page without a date of its own the
// date of its newest page. It gives a list page with a date (an
// _index.md's) that date, even when a page it shows is newer; here the
// list page takes the newer date. A home page whose layout shows only
// its own text keeps its own date, though every page of the site is
// under it (issue 55).
//
// A taxonomy's term page (/tags/a-term/) lists the pages whose front
// matter gives the term. The taxonomy's page (/tags/) lists those pages
// and the term pages. This holds for each of the site's taxonomies (tags
// and categories by default, and those of its taxonomies table), at
// their default URLs.
//
// dateSectionLists returns the list pages it judged.
func (p *listPagesPass) dateSectionLists(recs *records, section sectionRule, in listIn) map[int32]bool {
	sc := p.scanSections(recs, section, in.lookup)
	sc.addIndexLists()
	// A section without _index, and the home page without one, are built
	// at their folder's URL. Taxonomy and term pages are built at theirs.
	folders := datedFolders(sc.h.pages)
	for _, idx := range sc.unjoined {
		// Relative to the base URL, as "tags/greeting/".
		built := p.mapper.URLPath(recs.pathOf(recs.rec(idx)))
		sc.addBuiltList(idx, built, folders)
	}
	h := &sc.h
	if len(h.lists) == 0 {
		return nil
	}
	p.readShown(recs, h)
	p.dropRepeated(recs, h)
	p.dropNamed(h)
	done := make(map[int32]bool, len(h.lists))
	for i := range h.lists {
		done[h.lists[i].idx] = true
		if t := h.newest(i); t != noLastMod {
			p.list(recs, h.lists[i].idx, t, in.gen)
		}
	}
	return done
}

// sectionRule is generator.ListRules.Section. For a source rel with the
// taxonomy terms of its front matter, it says where Hugo puts its page
// in the content tree, its language, and the terms that list it.
type sectionRule = func(rel string, terms map[string][]string) (string, string, []string, bool)

// folderKey returns the key of a content folder: its path under its
// language's prefix, which is the URL of its list page without slashes
// ("posts", "fr/posts").
func folderKey(lang, dir string) string { return strings.Trim(lang+"/"+dir, "/") }

// sectionScan is what dateSectionLists gathers from the records.
type sectionScan struct {
	h     listSet
	terms map[string]bool // the taxonomy and term pages' URL paths, lowercased
	// indexes are the pages of _index files: a section's, a taxonomy's or
	// a term's (content/tags/foo/_index.md). They are told apart once
	// every term is known.
	indexes  []indexPage
	unjoined []int32 // the pages that no source gives
}

// indexPage is the page of an _index file.
type indexPage struct {
	idx     int32
	urlPath string
	from    string // the key of its content folder (folderKey)
	source  string // its source, relative to Join.Dir
}

// scanSections reads, from the records in order, the dated pages of the
// content tree, the pages of _index files, and the pages that no source
// gives. section says where Hugo puts each source's page; lookup holds
// the joined sources (listIn.lookup).
func (p *listPagesPass) scanSections(recs *records, section sectionRule, lookup sourceLookup) sectionScan {
	prefix := p.prefix
	sc := sectionScan{
		h:     listSet{pages: map[string]*listedPage{}, at: map[string]int{}, langs: map[string]bool{}},
		terms: map[string]bool{},
	}
	for _, idx := range recs.order {
		r := recs.rec(idx)
		if r.extra() {
			continue // no page of the content tree
		}
		urlPath := p.mapper.URLPath(recs.pathOf(r))
		src := lookup.join[joinKey(urlPath)]
		if src == nil {
			sc.unjoined = append(sc.unjoined, idx)
			continue
		}
		source := strings.TrimPrefix(src.path, prefix)
		rel, lang, lists, ok := section(source, src.fm.Terms)
		if !ok {
			continue
		}
		if lang != "" {
			sc.h.langs[folderKey(lang, "")] = true
		}
		dir := parent(rel)
		index := strings.HasPrefix(path.Base(rel), "_index.")
		if index {
			sc.indexes = append(sc.indexes, indexPage{idx, urlPath, folderKey(lang, dir), source})
		}
		own := recs.own(idx)
		if own == noLastMod {
			continue
		}
		pg := &listedPage{idx: idx, lastmod: own, lang: lang, regular: !index}
		// A section's _index.md may give terms too. Its page is then one
		// of the term's pages, by its own date (hugoDocs' tools/ section
		// in "developer tools").
		sc.addTerms(pg, lang, lists)
		if !index && strings.HasPrefix(path.Base(rel), "index.") {
			dir = parent(dir) // a leaf bundle: the page is its folder
		}
		pg.dir = dir
		sc.h.pages[joinKey(urlPath)] = pg
	}
	return sc
}

// addTerms notes that the page p, in the language lang, is listed on the
// pages of the terms lists.
func (sc *sectionScan) addTerms(p *listedPage, lang string, lists []string) {
	for _, l := range lists {
		// Hugo takes a term in any case for one term: Redux and redux
		// are one page, under the spelling it met first, when
		// disablePathToLower keeps the case in URLs.
		if u := strings.ToLower(lang + l); p.terms.Add(u) {
			sc.terms[u] = true
		}
	}
}

// addIndexLists adds the list pages of _index files. A taxonomy's or a
// term's _index file gives the page at a term's URL, which lists the
// pages of the term, as a term page without one does. A section's
// _index page lists its folder's pages.
func (sc *sectionScan) addIndexLists() {
	for _, p := range sc.indexes {
		if u := strings.ToLower("/" + strings.TrimSuffix(strings.TrimSuffix(p.urlPath, "index.html"), "/") + "/"); sc.terms[u] {
			sc.h.add(p.idx, p.urlPath, listPage{term: u, source: p.source})
		} else {
			sc.h.add(p.idx, p.urlPath, listPage{folder: p.from, isFolder: true, source: p.source})
		}
	}
}

// datedFolders returns the keys of the content folders that hold a page
// of pages with a date, and of every folder above them.
func datedFolders(pages map[string]*listedPage) map[string]bool {
	folders := map[string]bool{}
	for _, p := range pages {
		if p.regular {
			for dir := p.dir; ; dir = parent(dir) {
				folders[folderKey(p.lang, dir)] = true
				if dir == "" {
					break
				}
			}
		}
	}
	return folders
}

// addBuiltList adds the page idx, which no source gives, as a list page
// when it is one. built is its URL path relative to the base URL. It is
// a taxonomy or term page when a term is at its URL. It is a section's
// page or the home page when it is at the URL of one of folders.
func (sc *sectionScan) addBuiltList(idx int32, built string, folders map[string]bool) {
	// As a path, "/tags/greeting/". A term is found with trailing_slash:
	// false too.
	urlPath := "/" + strings.TrimSuffix(built, "index.html")
	if u := strings.ToLower(strings.TrimSuffix(urlPath, "/") + "/"); sc.terms[u] {
		sc.h.add(idx, built, listPage{term: u})
		return
	}
	if dir := strings.Trim(urlPath, "/"); folders[dir] {
		sc.h.add(idx, built, listPage{folder: dir, isFolder: true})
	}
}

// dateShownLists dates, in a join, each built page that no source
// gives: a blog's index and its further pages, its tag and archive
// pages, a docs category's index. It dates each by the newest of the
// joined pages that its built page links to in its own content. Links
// in its menu, banner or footer (Link.Chrome) do not count. Nor do
// links in its sidebar (Link.Aside), whose recent posts a theme puts on
// every page, or in a menu that every page repeats (dropRepeated). A
// list page below it that it links to counts as new as what that one
// shows. A page that shows no dated page keeps its own date, or none.
// This is the rule of every generator. A generator's own rules (l) make
// it more precise. Shown, when not nil, says which of those pages are
// lists. Sourced says which pages that a source gives are lists too;
// they are dated by what they show and by their own date. Newest gives,
// for those pages, the sources whose newest page such a page shows by
// its code. A page that links to none of their pages, its entries
// linked by onClick, is dated by the newest of them. done holds the
// list pages that the generator's rule judged already (Hugo's sections
// and terms). A page that is not joined for another reason is not a
// list page: a page of a route with a parameter (/blog/[slug], made by
// code from data; dynamicRoutes), or a page built from one of several
// other languages' sources (sourceLookup.fallback).
func (p *listPagesPass) dateShownLists(recs *records, l generator.ListRules, done map[int32]bool, in listIn) {
	shown := l.Shown
	h := listSet{pages: map[string]*listedPage{}, at: map[string]int{}, noAside: true, noBody: true}
	routes := dynamicRoutes(in.routes)
	var lists routePatterns // paginating routes: a page one matches is a list, whatever other route matches it
	for _, r := range in.listRoutes {
		lists = append(lists, r)
	}
	for _, idx := range recs.order {
		r := recs.rec(idx)
		if r.extra() {
			continue
		}
		urlPath := "/" + strings.TrimPrefix(p.mapper.URLPath(recs.pathOf(r)), "/")
		src := in.lookup.join[joinKey(urlPath)]
		ambiguous := false
		if src == nil {
			src, ambiguous = in.lookup.fallback(urlPath)
		}
		rel := strings.TrimPrefix(srcPath(src), p.prefix)
		if src != nil && p.sourcedList(l, src, rel) {
			lp := listPage{folder: joinKey(urlPath), source: rel} // dated by its own date too
			if l.Newest != nil {
				lp.newest = l.Newest(rel)
			}
			h.add(idx, urlPath, lp)
			continue
		}
		if src != nil {
			lastmod := recs.own(idx)
			if t, ok := p.dates.at[idx]; ok {
				lastmod = t
			}
			if lastmod != noLastMod {
				h.pages[joinKey(urlPath)] = &listedPage{idx: idx, lastmod: lastmod, source: rel}
			}
			continue
		}
		if done[idx] || ambiguous || routes.match(urlPath) && !lists.match(urlPath) || shown != nil && !shown(urlPath) {
			continue
		}
		h.add(idx, urlPath, listPage{folder: joinKey(urlPath)})
	}
	if len(h.lists) == 0 || len(h.pages) == 0 {
		return
	}
	p.readShown(recs, &h)
	p.dropFrame(recs, &h)
	p.dropRepeated(recs, &h)
	p.dropNamed(&h)
	for i := range h.lists {
		l := &h.lists[i]
		t := h.shownNewest(i)
		if l.newest != nil && !h.showsOf(i, l.newest) {
			if n := h.newestOf(l.newest); n > t {
				t = n
				p.listedByCode(l.idx, fmt.Sprintf("the newest of the pages its code lists, every one shown (%s)", l.source))
			}
		}
		if t != noLastMod {
			p.list(recs, l.idx, t, in.gen)
		}
	}
}

// showsOf reports whether the list page i links to a page of one of the
// sources in of.
func (h *listSet) showsOf(i int, of func(src string) bool) bool {
	return slices.ContainsFunc(h.lists[i].shown, func(k string) bool {
		p := h.pages[k]
		return p != nil && p.source != "" && of(p.source)
	})
}

// newestOf returns the newest lastmod of the pages of the sources in
// of, or noLastMod for none. That is the date of a list page whose code
// shows every one of them, whatever its markup
// (generator.ListRules.Newest).
func (h *listSet) newestOf(of func(src string) bool) int64 {
	t := int64(noLastMod)
	for _, p := range h.pages {
		if p.source != "" && p.lastmod > t && of(p.source) {
			t = p.lastmod
		}
	}
	return t
}

// dropNamed takes out of what each list page of h shows the pages that
// only its source's own text links to. It works on the list pages that
// a source gives, a Hugo _index.md too. Such a link is one its author
// wrote (a home page's "I am [the author](/about/)"). It is not an
// entry of the list that its template or code makes, and its edits do
// not change the list. Each link the text writes (sourceLinks, matched
// to a shown page by the last element of its URL) stands for one link
// of the built page. A page that the built page links to more often
// than that is listed too, and stays. What the source names in other
// ways, in its front matter (an alias) or as a word of its prose,
// removes nothing: what a list shows is what its built page links to. A
// list page that it shows (a Hugo section) stays, as new as what that
// one shows. A source that cannot be read shows nothing.
func (p *listPagesPass) dropNamed(h *listSet) {
	for i := range h.lists {
		l := &h.lists[i]
		if l.source == "" {
			continue
		}
		f, err := openSource(p.sources.Dir, nil, l.source, p.pageBytes, "limits.page_bytes")
		if err != nil {
			l.shown = nil
			continue
		}
		text, err := io.ReadAll(f)
		f.Close()
		if err != nil {
			l.shown = nil
			continue
		}
		written := sourceLinks(l.source, text)
		if len(written) == 0 {
			continue
		}
		built := map[string]int{} // the built page's links, by page
		for _, ln := range l.links {
			built[ln.key]++
		}
		l.shown = slices.DeleteFunc(l.shown, func(k string) bool {
			_, list := h.at[k]
			n := written[pageName(path.Base(k))]
			return h.pages[k] != nil && !list && n > 0 && built[k] <= n
		})
	}
}

// srcPath returns the path of s as reported, or "" for none.
func srcPath(s *source) string {
	if s == nil {
		return ""
	}
	return s.path
}

// entries returns the entries among the pages that a list page shows.
// An entry is a page it links to from a place in its markup where it
// links to two pages or more (links, htmlhead.Link.Place), or a page of
// the same kind as one of those (pageKind). The items of a list repeat
// one markup, so each entry's link sits at the same place in its own
// item, whatever its URL (/posts/a/ and /posts/guides/b/). A list may
// show one entry in markup of its own: the newest post featured above
// the others (a Jekyll home's hero for site.posts.first, the Next.js
// blog starter's heroPost), which is a page of the kind of its entries.
// A page of another kind, linked only from a place that links to no
// other page, is not an entry: a link in a post's excerpt (/docs/setup/
// among /blog/ posts). List pages below the list page stay, and so do
// all pages when no place links to two.
func (h *listSet) entries(shown []string, links []shownLink) []string {
	in := make(map[string]bool, len(shown))
	for _, k := range shown {
		in[k] = h.pages[k] != nil
	}
	first := map[uint64]string{}  // the first page linked from each place
	repeated := map[uint64]bool{} // the places that link to two pages or more
	for _, ln := range links {
		if !in[ln.key] {
			continue
		}
		if k, ok := first[ln.place]; !ok {
			first[ln.place] = ln.key
		} else if k != ln.key {
			repeated[ln.place] = true
		}
	}
	if len(repeated) == 0 {
		return shown
	}
	entry := map[string]bool{}
	kinds := map[string]bool{} // the kinds of the entries that are pages
	for _, ln := range links {
		if repeated[ln.place] {
			entry[ln.key] = true
			if in[ln.key] {
				kinds[pageKind(ln.key)] = true
			}
		}
	}
	return slices.DeleteFunc(shown, func(k string) bool {
		return h.pages[k] != nil && !entry[k] && !kinds[pageKind(k)]
	})
}

// pageKind returns the kind of page of the join key k: its folders,
// with each number among them as "#". So 2024/05/01/a and 2023/12/02/b
// are of one kind, and posts/a and docs/a of two.
func pageKind(k string) string {
	els := strings.Split(k, "/")
	for i, el := range els[:len(els)-1] {
		if strings.Trim(el, "0123456789") == "" {
			els[i] = "#"
		}
	}
	return strings.Join(els[:len(els)-1], "/") + "/*"
}

// routePatterns are the URL paths of the routes with a parameter, each
// split at its slashes: ["blog", "[slug]"].
type routePatterns [][]string

// dynamicRoutes returns the URL paths of the source files that are
// routes with a parameter ([slug], [...rest], [[...rest]], Gatsby's
// {Node.field}), of routes (listIn.routes). Code makes their pages from
// data.
func dynamicRoutes(routes map[string][]string) routePatterns {
	var out routePatterns
	for _, r := range routes {
		out = append(out, r)
	}
	return out
}

// paramRE matches a path element that is, or holds, a route's parameter.
var paramRE = lazyre.MustCompile(`\[[^/]*\]|\{[^/]*\}`)

// routePattern returns the route pattern of the source p when its path
// has elements that are a route's parameters (routes/[slug].astro,
// app/[...rest]/page.tsx, {Post.slug}.js). The pattern is the URL path
// that its preset gives it with a plain name in each parameter's place,
// split at its slashes, with each such element as "[p]", or "[...p]"
// for a rest parameter. It returns nil when the path has none, or when
// the preset gives no page for it that way.
func routePattern(preset generator.Preset, p generator.Page) []string {
	els := strings.Split(p.Path, "/")
	rest := map[string]bool{}
	n := 0
	for i, el := range els {
		if !paramRE().MatchString(el) {
			continue
		}
		name := fmt.Sprintf("sitemapgen-param-%d", n)
		n++
		rest[name] = strings.Contains(el, "...")
		if i == len(els)-1 {
			els[i] = paramRE().ReplaceAllLiteralString(el, name) // keeps its extension
		} else {
			els[i] = name
		}
	}
	if n == 0 {
		return nil
	}
	p.Path = strings.Join(els, "/")
	u, ok := preset.URLPath(p)
	if !ok {
		return nil
	}
	out := strings.Split(joinKey(u), "/")
	for i, el := range out {
		for name, r := range rest {
			if strings.Contains(el, name) {
				out[i] = "[p]"
				if r {
					out[i] = "[...p]"
				}
			}
		}
	}
	return out
}

// match reports whether the URL path u is a page of one of the routes.
// A parameter's element takes any one element of u. A rest parameter
// ([...rest]) takes any number of them, none included.
func (rs routePatterns) match(u string) bool {
	els := strings.Split(joinKey(u), "/")
	if len(els) == 1 && els[0] == "" {
		els = nil
	}
	for _, pat := range rs {
		if matchRoute(pat, els) {
			return true
		}
	}
	return false
}

func matchRoute(pat, els []string) bool {
	for i, p := range pat {
		if strings.HasPrefix(p, "[...") || strings.HasPrefix(p, "[[...") {
			for n := i; n <= len(els); n++ {
				if matchRoute(pat[i+1:], els[n:]) {
					return true
				}
			}
			return false
		}
		if i >= len(els) || els[i] == "" {
			return false
		}
		if !strings.ContainsAny(p, "[{") && p != els[i] {
			return false
		}
	}
	return len(pat) == len(els)
}

// shownNewest returns the newest lastmod of the pages that the list
// page i links to, or noLastMod for none. A list page below it
// (archives/2024/ below archives/, and every one below the home page)
// counts as new as what that one shows. A list page above it does not
// (a month's archive linking to its year's).
func (h *listSet) shownNewest(i int) int64 {
	l := &h.lists[i]
	switch l.state {
	case 1:
		return noLastMod // a list shown within what it shows: a cycle
	case 2:
		return l.date
	}
	l.state, l.date = 1, noLastMod
	for _, k := range l.shown {
		if p := h.pages[k]; p != nil && p.lastmod > l.date {
			l.date = p.lastmod
		}
		if j, ok := h.at[k]; ok && j != i && (l.folder == "" || strings.HasPrefix(k, l.folder+"/")) {
			if t := h.shownNewest(j); t > l.date {
				l.date = t
			}
		}
	}
	l.state = 2
	return l.date
}

// listSet are the list pages of a site and the pages they may list.
type listSet struct {
	pages map[string]*listedPage // the dated pages, by joinKey of their URL path
	lists []listPage
	at    map[string]int  // index into lists, by joinKey of the list page's URL path
	langs map[string]bool // the folder keys of the languages' homes, except the default's ("fr")
	// noAside leaves out the links of a page's sidebar (Link.Aside),
	// and noBody those of the text of the posts a list page shows whole,
	// which are not its entries, and of the text of the pages it asks
	// for the site's frame (linkFilter).
	noAside, noBody bool
	own             map[string]*ownPage // the pages read for their own links, by key (ownLinks)
}

// listedPage is a dated page, as a list page may list it.
type listedPage struct {
	idx       int32 // its record; -1 where not known
	lastmod   int64
	source    string    // the source that gives it, relative to Join.Dir; "" where not known
	lang, dir string    // its language's prefix ("/fr"), the content folder it is in ("posts")
	terms     uniq.List // the taxonomy and term pages it is listed on, as listPage.term
	regular   bool      // a page, not a list page (_index); only terms list it then
}

// listPage is a list page: a content folder's, a taxonomy's or a
// term's.
type listPage struct {
	idx    int32
	source string // the source that gives it, relative to Join.Dir; "" for none
	// newest, when not nil, names the sources of which its code shows
	// the newest, whatever its markup (generator.ListRules.Newest).
	newest   func(src string) bool
	isFolder bool
	folder   string      // the content folder's key ("fr/posts", "" the home)
	term     string      // the taxonomy or term page's URL path, lowercased ("/tags/", "/fr/tags/a-term/")
	shown    []string    // the pages it links to in its own content, as keys, each once
	links    []shownLink // those links, each with its place
	date     int64       // the newest shown, once judged
	state    uint8       // 0 unjudged, 1 being judged, 2 judged
}

// add adds the list page of the record idx, at the URL path urlPath.
func (h *listSet) add(idx int32, urlPath string, l listPage) {
	l.idx = idx
	h.at[joinKey(urlPath)] = len(h.lists)
	h.lists = append(h.lists, l)
}

// newest returns the newest lastmod of the pages that the list page i
// lists and shows, or noLastMod for none. A list page that it shows
// counts as new as what that one shows.
func (h *listSet) newest(i int) int64 {
	l := &h.lists[i]
	switch l.state {
	case 1:
		return noLastMod // a list shown within what it shows: a cycle
	case 2:
		return l.date
	}
	l.state, l.date = 1, noLastMod
	for _, k := range l.shown {
		if p := h.pages[k]; p != nil && h.has(l, p) && p.lastmod > l.date {
			l.date = p.lastmod
		}
		if j, ok := h.at[k]; ok && j != i && h.under(l, &h.lists[j]) {
			if t := h.newest(j); t > l.date {
				l.date = t
			}
		}
	}
	l.state = 2
	return l.date
}

// has reports whether the list page l lists the page p, by the rules of
// a ListRules.Section. A section lists the regular pages under its
// folder, in its language. A term page lists the pages that give its
// term.
func (h *listSet) has(l *listPage, p *listedPage) bool {
	if !l.isFolder {
		return p.terms.Has(l.term)
	}
	if !p.regular || !h.sameLang(l, p) {
		return false
	}
	dir := strings.TrimPrefix(strings.TrimPrefix(l.folder, strings.TrimPrefix(p.lang, "/")), "/")
	return dir == "" || p.dir == dir || strings.HasPrefix(p.dir, dir+"/")
}

// sameLang reports whether the page p is in the list page l's language.
// A Hugo language's pages are under its folder ("fr/posts", the term
// page "/fr/tags/a-term/"), and the default language's pages are under
// none of them. Where the languages are not known (h.langs), every page
// is in the language.
func (h *listSet) sameLang(l *listPage, p *listedPage) bool {
	at, lang := l.folder, strings.TrimPrefix(p.lang, "/")
	if !l.isFolder && l.term != "" {
		at, lang = strings.Trim(l.term, "/"), strings.ToLower(lang) // terms are lowercased
	}
	if lang != "" {
		return at == lang || strings.HasPrefix(at, lang+"/")
	}
	return !h.langs[firstSegment(at)]
}

// under reports whether the list page s is in the list page l's list: a
// section below l's folder, in its language, or a term page of l's
// taxonomy.
func (h *listSet) under(l, s *listPage) bool {
	if l.isFolder != s.isFolder {
		return false
	}
	if !l.isFolder {
		return strings.HasPrefix(s.term, l.term)
	}
	if l.folder == "" {
		return !h.langs[firstSegment(s.folder)]
	}
	return strings.HasPrefix(s.folder, l.folder+"/")
}

// firstSegment returns the first folder of a slash-separated path.
func firstSegment(p string) string {
	first, _, _ := strings.Cut(p, "/")
	return first
}

// sourcedList reports whether the page of the source src (at rel,
// relative to Join.Dir) lists others by its generator's rules. That is
// Sourced, or the collections its Liquid loops over (Collections), for
// a page or a collection's index document. It is judged once for each
// version of the source, because the rules may read its file and its
// layouts. A layout that cannot be read is told to layoutUnread.
func (p *listPagesPass) sourcedList(l generator.ListRules, src *source, rel string) bool {
	src.listOnce.Do(func() {
		switch {
		case l.Sourced != nil && l.Sourced(rel):
			src.isList = true
		case l.Collections == nil:
		case src.coll != "" && !strings.HasPrefix(path.Base(rel), "index."):
			// A document of a collection (a post) whose layout shows the
			// others (its recent posts) is not dated by them. Only a folder's
			// index among them is a list (a language's home).
		default:
			lists, err := l.Collections(p.sources.Dir, rel)
			if err != nil {
				p.layoutUnread(p.sources.Dir, err)
			}
			src.isList = len(lists) > 0
		}
	})
	return src.isList
}

// parent returns the folder of a path in the content tree, or "" for
// the top.
func parent(rel string) string {
	if dir := path.Dir(rel); dir != "." {
		return dir
	}
	return ""
}

// readShown reads each of h's list pages as built, for the pages it
// shows: the links of its own content, as keys of h.pages and h.at. A
// page that cannot be read shows nothing, and is reported once.
func (p *listPagesPass) readShown(recs *records, h *listSet) {
	for i := range h.lists {
		l := &h.lists[i]
		r := recs.rec(l.idx)
		l.links = p.pageLinks(recs.pathOf(r), recs.locOf(r), linkFilter{aside: h.noAside, posts: h.noBody})
		l.shown = linkKeys(l.links)
	}
}

// shownLink is a link from a page's own content to a page of the site.
// It holds that page's join key, and where the link sits in the page's
// markup (htmlhead.Link.Place).
type shownLink struct {
	key   string
	place uint64
}

// linkKeys returns the keys of links, each once, in their order.
func linkKeys(links []shownLink) []string {
	var keys []string
	seen := make(map[string]bool, len(links))
	for _, ln := range links {
		if !seen[ln.key] {
			seen[ln.key] = true
			keys = append(keys, ln.key)
		}
	}
	return keys
}

// linkFilter says which links of a page's own content pageLinks leaves
// out besides its menu, banner and footer: its sidebar's
// (htmlhead.Link.Aside, aside); with posts, the text of the posts a
// list page shows whole: the links of an <article>'s text
// (htmlhead.Link.Body) when a heading of that article links (its title),
// as Docusaurus' blog lists show a post without a truncate marker; with
// text, the links of every article's text, which are a post's own words
// and never the site's frame (ownLinks).
type linkFilter struct{ aside, posts, text bool }

// pageLinks returns the links of the built page rel, at the URL loc, to
// other pages of the site in its own content, in their order. Its menu,
// banner and footer do not count, nor what leave leaves out. A link is
// an <a href>, or the href of another element (htmlhead.Link.Other). A
// page that cannot be read links to none, and is reported once.
func (p *listPagesPass) pageLinks(rel, loc string, leave linkFilter) []shownLink {
	base, err := url.Parse(p.mapper.BaseURL())
	if err != nil || base.Host == "" {
		return nil
	}
	from, err := url.Parse(loc)
	if err != nil {
		return nil
	}
	if p.reads.dir == nil && !p.reads.tried {
		p.reads.tried = true
		pages, err := OpenSitePages(p.root)
		if err != nil {
			p.found.warn(p.root, fmt.Errorf("%w; its list pages are not dated by what they list", err))
			return nil
		}
		p.reads.dir = pages
	}
	if p.reads.dir == nil {
		return nil
	}
	buf := &p.reads.buf
	buf.Reset()
	if err := readPage(p.reads.dir, rel, p.pageBytes, buf); err != nil {
		p.shownUnread(rel, err)
		return nil
	}
	// An href on a heading is what the page shows too (Next.js 12's
	// <Link passHref> around an <h2>).
	lr := htmlhead.LinkReader{Others: true, Places: true}
	lr.MaxAttrs = p.headAttrs
	var shown []shownLink
	// With leave.posts: the article of each link of shown that is in an
	// article's text, 0 for none; and the articles with a link in a
	// heading, their titles.
	var text []int
	var titled map[int]bool
	// A link to the page itself (a heading's anchor, #section) shows no
	// other page: in a post, it would make the post a page its siblings
	// link to (dropFrame).
	self, _ := siteKey(base, from)
	add := func(u *url.URL, place uint64, body int) {
		if k, ok := siteKey(base, u); ok && k != self {
			shown = append(shown, shownLink{k, place})
			if leave.posts {
				text = append(text, body)
			}
		}
	}
	lr.Links(buf.Bytes(), func(ln htmlhead.Link) {
		if ln.Chrome || ln.Sitemap || ln.Aside && leave.aside || ln.Body && leave.text {
			return
		}
		ref, err := url.Parse(string(bytes.TrimSpace(ln.Href)))
		if err != nil {
			return
		}
		to := from.ResolveReference(ref)
		if ln.Base {
			from = to
			return
		}
		body := 0
		if leave.posts && ln.Article > 0 {
			switch _, ok := siteKey(base, to); {
			case ln.Heading && ok && to.Path != from.Path:
				// A title that leads to another page of the site (not
				// the heading's own anchor, #section).
				if titled == nil {
					titled = map[int]bool{}
				}
				titled[ln.Article] = true
			case ln.Body:
				body = ln.Article
			}
		}
		add(to, ln.Place, body)
		if esc := to.EscapedPath(); esc != to.Path {
			// A link may be written percent-encoded where its page's folder
			// has that literal name (Hugo's url: /%d0%ba/ is built in a
			// folder "%d0%ba"). The page it shows is that file, though a
			// server decodes the link to another path.
			raw := *to
			raw.Path, raw.RawPath = esc, ""
			add(&raw, ln.Place, body)
		}
	})
	if len(titled) == 0 {
		return shown
	}
	// An article whose title links is a post the page shows; the links
	// of its text are the post's own, no entries of the list.
	kept := shown[:0]
	for i, ln := range shown {
		if !titled[text[i]] {
			kept = append(kept, ln)
		}
	}
	return kept
}

// readPage reads the page rel of pages whole into buf, within max
// bytes.
func readPage(pages *SitePages, rel string, max int64, buf *bytes.Buffer) error {
	p, err := pages.Open(rel, max, "limits.page_bytes")
	if err != nil {
		return err
	}
	defer p.Close()
	_, err = buf.ReadFrom(p)
	return err
}

// siteKey returns the joinKey of the path of the URL u under base, and
// whether u is a page of the site at all: on its host, and under its
// path.
func siteKey(base, u *url.URL) (string, bool) {
	if !strings.EqualFold(u.Host, base.Host) || u.Scheme != "http" && u.Scheme != "https" {
		return "", false
	}
	rel, ok := strings.CutPrefix(u.Path, base.Path)
	if !ok {
		if u.Path+"/" != base.Path {
			return "", false
		}
		rel = ""
	}
	return joinKey(rel), true
}
