package pipeline

// The dates of a Hugo site's list pages, which no file dates: the newest
// of the pages each lists, as Hugo gives them.

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// LastModListed is the lastmod source of a list page dated by the newest
// page it lists (dateListPages); it is not one a user lists.
const LastModListed mapping.LastModSource = "newest listed"

// dateListPages gives, in a Hugo join, each listed section page and the
// home page that has no lastmod of its own the newest lastmod of the
// listed pages under it in the content tree, as Hugo dates a list page
// by its newest page. A list page is the built page of an _index file,
// or one whose URL is a content folder's (a section without _index). It
// is judged again before every write, from all the records, and returns
// how many list pages it dated. A taxonomy's term page (/tags/a-term/)
// lists the pages whose front matter gives the term, the taxonomy's page
// (/tags/) all of those: for each of the site's taxonomies (tags and
// categories by default, and those of its taxonomies table), at their
// default URLs.
func (b *builder) dateListPages() int {
	b.recs.listed = nil
	j := b.opts.Join
	if j == nil {
		return 0
	}
	switch j.Preset.(type) {
	case *generator.Hugo, *generator.HugoLanguages:
	default:
		return 0
	}
	byURL := map[string]int64{} // taxonomy and term pages' URL path → newest
	newer := func(m map[string]int64, k string, t int64) {
		if old, ok := m[k]; !ok || t > old {
			m[k] = t
		}
	}
	prefix := b.joinPrefix()
	// A content folder's key is its path under its language's prefix:
	// "posts", "fr/posts" (as the URL of its list page, without slashes).
	key := func(lang, dir string) string { return strings.Trim(lang+"/"+dir, "/") }
	newest := map[string]int64{} // content folder's key → newest lastmod under it
	lists := map[int32]string{}  // record → the key of the content folder it lists
	var unjoined []int32
	for _, idx := range b.recs.order {
		r := b.recs.rec(idx)
		urlPath := b.mapper.URLPath(b.recs.pathOf(r))
		src := b.join[joinKey(urlPath)]
		if src == nil {
			if r.lastmod == noLastMod {
				unjoined = append(unjoined, idx)
			}
			continue
		}
		hugo, rel, lang, ok := generator.HugoSource(j.Preset, strings.TrimPrefix(src.path, prefix))
		if !ok {
			continue
		}
		dir := parent(rel)
		if name := path.Base(rel); strings.HasPrefix(name, "_index.") {
			if r.lastmod == noLastMod {
				lists[idx] = key(lang, dir)
			}
			continue
		}
		if r.lastmod == noLastMod {
			continue
		}
		for _, tax := range hugo.Taxonomies {
			for _, term := range src.fm.Terms[tax] {
				newer(byURL, lang+hugo.TermPath(tax, term), r.lastmod)
				newer(byURL, lang+hugo.TaxonomyPath(tax), r.lastmod)
			}
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
	b.recs.listed = make(map[int32]int64)
	// A section without _index, and the home page without one, are built
	// at their folder's URL; taxonomy and term pages at theirs.
	for _, idx := range unjoined {
		// Relative to the base URL, as "tags/greeting/"; as a path, "/tags/greeting/".
		urlPath := "/" + strings.TrimSuffix(b.mapper.URLPath(b.recs.pathOf(b.recs.rec(idx))), "index.html")
		if t, ok := byURL[strings.TrimSuffix(urlPath, "/")+"/"]; ok { // with trailing_slash: false too
			b.recs.listed[idx] = t
			continue
		}
		dir := strings.Trim(urlPath, "/")
		if _, ok := newest[dir]; ok {
			lists[idx] = dir
		}
	}
	for idx, dir := range lists {
		if t, ok := newest[dir]; ok {
			b.recs.listed[idx] = t
		}
	}
	return len(b.recs.listed)
}

// countListed moves the n list pages dateListPages dated from the count
// of pages without a lastmod to LastModListed's.
func (b *builder) countListed(n int) { b.recount("", LastModListed, n) }

// parent is the folder of a path in the content tree, "" for the top.
func parent(rel string) string {
	if dir := path.Dir(rel); dir != "." {
		return dir
	}
	return ""
}
