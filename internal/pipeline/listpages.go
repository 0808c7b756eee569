package pipeline

// The dates of list pages: a page that lists pages is at least as new
// as the newest page it lists, never older. A Hugo site's home page,
// sections, taxonomies and terms, and a Jekyll page that loops over
// site.posts, paginator.posts or a collection.

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// LastModListed is the lastmod source of a list page dated by the newest
// page it lists (dateListPages); it is not one a user lists.
const LastModListed mapping.LastModSource = "newest listed"

// listedCounts are the list pages dateListPages dated, by the source of
// the lastmod they had before ("" for none).
type listedCounts map[mapping.LastModSource]int

// dateListPages gives each list page the newest lastmod of the pages it
// lists where that is newer than its own (or it has none): a list page
// is never older than what it lists. It is judged again before every
// write, from all the records, and returns how many list pages it
// dated, by the source of their own date.
func (b *builder) dateListPages() listedCounts {
	b.recs.listed = nil
	j := b.opts.Join
	if j == nil {
		return nil
	}
	b.recs.listed = make(map[int32]int64)
	switch g := j.Preset.(type) {
	case *generator.Hugo, *generator.HugoLanguages:
		b.dateHugoLists()
	case *generator.Jekyll:
		b.dateJekyllLists(g)
	}
	counts := listedCounts{}
	for idx := range b.recs.listed {
		counts[recSources[b.recs.rec(idx).src]]++
	}
	return counts
}

// newer raises the newest date of the key k to t.
func newer[K comparable](m map[K]int64, k K, t int64) {
	if old, ok := m[k]; !ok || t > old {
		m[k] = t
	}
}

// list gives the record idx the date t when t is newer than its own.
func (b *builder) list(idx int32, t int64) {
	if r := b.recs.rec(idx); r.lastmod == noLastMod || t > r.lastmod {
		b.recs.listed[idx] = t
	}
}

// dateHugoLists dates, in a Hugo join, each listed section page and the
// home page by the newest lastmod of the listed pages under it in the
// content tree. A list page is the built page of an _index file, or one
// whose URL is a content folder's (a section without _index). Hugo's
// own sitemap gives a list page without a date of its own the newest of
// its pages, and one with a date (an _index.md's) that date, older than
// a newer page it shows: here it is the newer. A taxonomy's term page
// (/tags/a-term/) lists the pages whose front matter gives the term, the
// taxonomy's page (/tags/) all of those: for each of the site's
// taxonomies (tags and categories by default, and those of its
// taxonomies table), at their default URLs.
func (b *builder) dateHugoLists() {
	j := b.opts.Join
	byURL := map[string]int64{} // taxonomy and term pages' URL path → newest
	prefix := b.joinPrefix()
	// A content folder's key is its path under its language's prefix:
	// "posts", "fr/posts" (as the URL of its list page, without slashes).
	key := func(lang, dir string) string { return strings.Trim(lang+"/"+dir, "/") }
	newest := map[string]int64{} // content folder's key → newest lastmod under it
	lists := map[int32]string{}  // record → the key of the content folder it lists
	var unjoined []int32
	for _, idx := range b.recs.order {
		r := b.recs.rec(idx)
		if r.extra() {
			continue // no page of the content tree
		}
		urlPath := b.mapper.URLPath(b.recs.pathOf(r))
		src := b.join[joinKey(urlPath)]
		if src == nil {
			unjoined = append(unjoined, idx)
			continue
		}
		hugo, rel, lang, ok := generator.HugoSource(j.Preset, strings.TrimPrefix(src.path, prefix))
		if !ok {
			continue
		}
		dir := parent(rel)
		index := strings.HasPrefix(path.Base(rel), "_index.")
		if index {
			lists[idx] = key(lang, dir)
		}
		if r.lastmod == noLastMod {
			continue
		}
		// A section's _index.md may give terms too: its page is then one
		// of the term's pages, by its own date (hugoDocs' tools/ section
		// in "developer tools").
		for _, tax := range hugo.Taxonomies {
			for _, term := range src.fm.Terms[tax] {
				// Hugo takes a term in any case for one term (Redux and
				// redux: one page, under the spelling it met first, when
				// disablePathToLower keeps the case in URLs).
				newer(byURL, strings.ToLower(lang+hugo.TermPath(tax, term)), r.lastmod)
				newer(byURL, strings.ToLower(lang+hugo.TaxonomyPath(tax)), r.lastmod)
			}
		}
		if index {
			continue // a list page: not among the pages its sections list
		}
		if strings.HasPrefix(path.Base(rel), "index.") {
			dir = parent(dir) // a leaf bundle: the page is its folder
		}
		for ; ; dir = parent(dir) {
			newer(newest, key(lang, dir), r.lastmod)
			if dir == "" {
				break
			}
		}
	}
	// A section without _index, and the home page without one, are built
	// at their folder's URL; taxonomy and term pages at theirs.
	for _, idx := range unjoined {
		// Relative to the base URL, as "tags/greeting/"; as a path, "/tags/greeting/".
		urlPath := "/" + strings.TrimSuffix(b.mapper.URLPath(b.recs.pathOf(b.recs.rec(idx))), "index.html")
		if t, ok := byURL[strings.ToLower(strings.TrimSuffix(urlPath, "/")+"/")]; ok { // with trailing_slash: false too
			b.list(idx, t)
			continue
		}
		dir := strings.Trim(urlPath, "/")
		if _, ok := newest[dir]; ok {
			lists[idx] = dir
		}
	}
	for idx, dir := range lists {
		if t, ok := newest[dir]; ok {
			b.list(idx, t)
		}
	}
}

// dateJekyllLists dates, in a Jekyll join, each page whose Liquid (its
// own, or its layouts' in _layouts/) loops over site.posts,
// paginator.posts or a collection's documents by the newest of those
// documents: a blog's index, its paginated pages' first.
func (b *builder) dateJekyllLists(j *generator.Jekyll) {
	prefix := b.joinPrefix()
	newest := map[string]int64{} // collection → newest lastmod of its documents
	var pages []int32
	var lists [][]string
	for _, idx := range b.recs.order {
		r := b.recs.rec(idx)
		src := b.join[joinKey(b.mapper.URLPath(b.recs.pathOf(r)))]
		if src == nil {
			continue
		}
		rel := strings.TrimPrefix(src.path, prefix)
		if coll := j.CollectionOf(rel); coll != "" {
			if r.lastmod != noLastMod {
				newer(newest, coll, r.lastmod)
			}
			continue
		}
		if l := src.listsOf(b.opts.Join.Dir, rel, j, b.layoutUnread); len(l) > 0 {
			pages, lists = append(pages, idx), append(lists, l)
		}
	}
	for i, idx := range pages {
		for _, coll := range lists[i] {
			if t, ok := newest[coll]; ok {
				b.list(idx, t)
			}
		}
	}
}

// listsOf returns the collections the Jekyll page at rel (under dir)
// lists, by its text and that of its layouts (generator.Jekyll.Lists):
// read once for each version of the source. A layout that cannot be
// read is told to unread, with the folder it was read in.
func (s *source) listsOf(dir, rel string, j *generator.Jekyll, unread func(dir string, err error)) []string {
	s.listsOnce.Do(func() {
		var err error
		if s.lists, err = j.Lists(dir, rel); err != nil {
			unread(dir, err)
		}
	})
	return s.lists
}

// layoutUnread warns, once a build (or a Session), that a Jekyll layout
// in the folder dir (Join.Dir) could not be read for what it lists,
// unless the walk of the sources warned of it already (a FIFO the walk
// found).
func (b *builder) layoutUnread(dir string, err error) {
	name := ""
	if d, ok := errors.AsType[*diag.Diagnostic](err); ok {
		name = d.File
		err = errors.New(d.Msg)
	}
	rel, rerr := filepath.Rel(dir, name)
	if rerr != nil || !filepath.IsLocal(rel) {
		b.warn(name, fmt.Errorf("%w; the pages it lays out are not dated by what it lists", err))
		return
	}
	path := b.joinPrefix() + filepath.ToSlash(rel)
	if b.saidOf[path] {
		return
	}
	if b.saidOf == nil {
		b.saidOf = make(map[string]bool)
	}
	b.saidOf[path] = true
	b.warn(path, fmt.Errorf("%w; the pages it lays out are not dated by what it lists", err))
}

// countListed moves the list pages dateListPages dated from the count of
// their own source to LastModListed's.
func (b *builder) countListed(n listedCounts) {
	for from, k := range n {
		b.recount(from, LastModListed, k)
	}
}

// parent is the folder of a path in the content tree, "" for the top.
func parent(rel string) string {
	if dir := path.Dir(rel); dir != "." {
		return dir
	}
	return ""
}
