package pipeline

import "slices"

// What a Session forgets when a path changes. Between its updates a
// Session keeps, by path, what it learned of each page under the root
// and of each source of a join. An update forgets what it kept of the
// paths that changed, then reads them again. A store that kept a path
// and did not forget it would make watch write what a fresh build does
// not. So every store kept by path is listed once, in perPath, with how
// it forgets a path, and forget is the one function that runs the list.
// TestForgetCoversEveryStore walks the Session and every struct it
// holds, at any depth. It fails on a map or slice that may hold a path,
// or a value of another package it cannot look into, that perPath does
// not empty and that the test's list of the stores kept otherwise does
// not explain.

// forgotten is a path that an update forgets.
type forgotten struct {
	// path is the page's path under the root, or the source's path as
	// reported (source.path).
	path string
	// idx is the page's record, or -1 when the page is not listed. It is
	// -1 for a source.
	idx int32
	// src is the source, or nil for a page. rel is its path relative to
	// Join.Dir.
	src *source
	rel string
}

// pathStore is a store, or a few, that a Session keeps by path. stores
// names the maps and slices that page and source empty of the path, each
// by the struct type that holds it and its field ("joined.sources").
// page forgets a page, source a source; either is nil when the store
// holds no such path.
type pathStore struct {
	stores       []string
	page, source func(b *builder, f forgotten)
}

// perPath lists every store that a Session keeps by path, in the order
// forget runs them. The index goes last: the others may ask it.
var perPath = []pathStore{
	// The hreflang pass empties no store here: it is told the page
	// changed, and judges again what it said of it.
	{page: func(b *builder, f forgotten) {
		loc := ""
		if f.idx >= 0 {
			loc = b.recs.loc(f.idx)
		}
		b.kept.hreflang.changed(f.path, loc)
	}},
	{stores: []string{"kept.problems"}, page: forgetProblems, source: forgetProblems},
	// forgetSkipped forgets the page in skipped.byLoc too, by the URL that
	// skippedLoc gives.
	{stores: []string{"kept.skippedLoc", "skippedPages.byLoc"}, page: func(b *builder, f forgotten) { b.forgetSkipped(f.path) }},
	// The records keep, in the generator's alternates, the pages left out
	// by path (genSkipped). The records themselves are freed by the
	// caller, once taken out of the Session's order (freeRecords).
	{stores: []string{"genRecords.skippedOf", "genRecords.skipped", "genRecords.skippedS"}, page: func(b *builder, f forgotten) { b.genForgetSkipped(f.path) }},
	{stores: []string{"linkedPages.names", "linkedPages.files", "linkedPages.more"}, page: func(b *builder, f forgotten) { b.kept.linked.forget(f.path) }},
	{stores: []string{"joined.pageSrcs"}, page: func(b *builder, f forgotten) {
		b.src.pageMu.Lock()
		defer b.src.pageMu.Unlock()
		if _, ok := b.src.pageSrcs[f.path]; ok {
			delete(b.src.pageSrcs, f.path)
			b.src.groups = nil // made again from the sources as they are now
		}
	}},
	{stores: []string{"joined.sources"}, source: func(b *builder, f forgotten) {
		delete(b.src.sources, f.rel)
	}},
	{stores: []string{"joined.routes"}, source: func(b *builder, f forgotten) { delete(b.src.routes, f.path) }},
	{stores: []string{"joined.dataRoutes"}, source: func(b *builder, f forgotten) { delete(b.src.dataRoutes, f.path) }},
	{stores: []string{"joined.listRoutes"}, source: func(b *builder, f forgotten) { delete(b.src.listRoutes, f.path) }},
	{stores: []string{"joined.unplaced"}, source: func(b *builder, f forgotten) { delete(b.src.unplaced, f.path) }},
	// claims and join are kept by join key; a source claims one
	// (forgetClaim forgets it in both).
	{stores: []string{"joined.claims", "joined.join"}, source: forgetClaim},
	{stores: []string{"joined.groups"}, source: func(b *builder, _ forgotten) { b.src.groups = nil }},
	{stores: []string{"pageIndex.listed", "pageIndex.other", "pageIndex.folders"}, page: func(b *builder, f forgotten) { b.kept.index.del(f.path) }},
}

// forget forgets what the Session keeps of the page or source f in
// every store of perPath.
func (b *builder) forget(f forgotten) {
	for _, st := range perPath {
		fn := st.page
		if f.src != nil {
			fn = st.source
		}
		if fn != nil {
			fn(b, f)
		}
	}
}

// forgetPages forgets the pages at paths that the Session knows, and
// marks them as judged again. It returns the records of those that were
// listed, still whole: the caller takes them out of its order, then
// frees them (freeRecords).
func (b *builder) forgetPages(paths []string) []int32 {
	var removed []int32
	for _, path := range paths {
		idx, ok := b.kept.index.get(path)
		if !ok {
			continue
		}
		b.upd.touched[path] = true
		b.forget(forgotten{path: path, idx: idx})
		if idx >= 0 {
			removed = append(removed, idx)
		}
	}
	return removed
}

// forgetSources forgets the sources at rels (relative to Join.Dir) that
// the Session knows, and adds to keys the join keys of those that
// publish a page.
func (b *builder) forgetSources(rels []string, keys map[string]bool) {
	for _, rel := range rels {
		src, ok := b.src.sources[rel]
		if !ok {
			continue
		}
		b.forget(forgotten{path: src.path, idx: -1, src: src, rel: rel})
		if src.page {
			keys[src.key] = true
		}
	}
}

// freeRecords frees the records at idxs, which forgetPages returned.
func (b *builder) freeRecords(idxs []int32) {
	for _, idx := range idxs {
		b.recs.remove(idx)
	}
}

// forgetProblems forgets the front matter problems of a page or source.
func forgetProblems(b *builder, f forgotten) { delete(b.kept.problems, f.path) }

// forgetClaim takes the source's claim on its join key back. The next
// claim, if any, joins the key.
func forgetClaim(b *builder, f forgotten) {
	src := f.src
	if !src.page {
		return
	}
	b.src.claims[src.key] = slices.DeleteFunc(b.src.claims[src.key], func(c *source) bool { return c == src })
	if len(b.src.claims[src.key]) == 0 {
		delete(b.src.claims, src.key)
		delete(b.src.join, src.key)
	} else {
		b.src.join[src.key] = b.src.claims[src.key][0]
	}
}
