package pipeline

import (
	"context"
	"maps"
	"path/filepath"
	"slices"
	"time"

	"github.com/sitemapgen/sitemapgen/walker"
)

// What a Session holds of its build. A Session runs a whole build, then
// runs its passes again after each change. The build resolves the
// options, makes the records in its walk, and keeps what an update needs
// (kept), with what one update collects (update). The Session holds
// them in one value, held. It reads the build's state through held, and
// changes it only through the methods below: session.go selects no field
// of the builder and writes none of held's (TestSessionKeepsToHeld).

// mode says which run of a build the builder is in. It is the one value
// that says whether the build is a Session's, and whether it judges
// every page. newBuilder is given runBuild or sessionBuild; a Session's
// update sets sessionUpdate (beginUpdate). The walk and the passes take
// from it what they do differently, and each pass says in which modes
// it runs (when).
type mode uint8

const (
	// runBuild is a build of Run: an unreadable page fails it.
	runBuild mode = iota
	// sessionBuild is a Session's whole build, at Start or a restart,
	// whose passes its updates run again. It keeps what it learns
	// between updates (keep), an unreadable page is a warning, the git
	// history is read at a commit that a later commit reads on from,
	// and, as time passes between writes, each write has its own news
	// window.
	sessionBuild
	// sessionUpdate is a Session's update. It either reads again the
	// pages a change touched (passArgs.only), or rewrites the set when
	// no page changed.
	sessionUpdate
)

// session reports whether b is a Session's build or update.
func (b *builder) session() bool { return b.mode != runBuild }

// whole reports whether b judges every page: a build of Run or a
// Session's whole build, not an update.
func (b *builder) whole() bool { return b.mode != sessionUpdate }

// held is what a Session holds of its last whole build, besides the
// builder that runs the passes again.
type held struct {
	// opts are the build's options, as the build resolved them (the root
	// of a content build is its sources' folder).
	opts *Options
	// recs are the records the walk made, which updates patch.
	recs *records
	// src holds the sources joined to the pages, which an update reads
	// again where they changed.
	src *joined
	// kept is what the build keeps between updates.
	*kept
	// upd is the update's own, which the Session begins and ends.
	upd *update
}

// keep makes b a Session's build, which keeps what it learns between
// updates, and returns what the Session holds of it. onDemand holds the
// routes rendered on demand that the last whole build warned about; it
// is the Session's, so a restart that finds the same routes says
// nothing again.
func (b *builder) keep(onDemand *string) held {
	b.kept.index, b.kept.problems = newPageIndex(&b.recs), make(map[string]int)
	b.recs.alts.session = true
	b.kept.index.lazily() // a whole build only tells the index; it is made when an update asks
	if b.in.hash != nil {
		b.in.hash.Cumulative() // an update asks only about the pages that changed
	}
	if b.opts.Join != nil {
		b.src.sources, b.src.claims = make(map[string]*source), make(map[string][]*source)
	}
	b.kept.linked = newLinkedPages()
	b.recs.track()
	b.said.onDemandSaid = onDemand
	return held{opts: &b.opts, recs: &b.recs, src: &b.src, kept: &b.kept, upd: &b.upd}
}

// stopTellingFolders makes the walks after this one tell no folders
// (walker.Options.Folders). Watch mode's watches are in place once the
// first walk told them, and a later walk covers what changed.
func (b *builder) stopTellingFolders() { b.opts.Walk.Folders = nil }

// collect readies u to collect the paths that the update's walk judges
// again and the records it adds.
func (u *update) collect() { u.touched, u.added = make(map[string]bool), nil }

// empty empties u, as it is outside an update.
func (u *update) empty() { u.touched, u.added = nil, nil }

// readsGit reports whether the build dates pages by their git history.
func (b *builder) readsGit() bool { return b.in.git != nil }

// beginUpdate readies b for an update, or a rewrite, whose Result is
// res. The canonical links' base and the dev server's pages are judged
// by whole builds alone. With the hash lastmod source, a page that
// changed now gets this update's time.
func (b *builder) beginUpdate(res *Result, rewrite bool) {
	b.rep.res, b.mode = res, sessionUpdate
	if rewrite {
		return
	}
	b.rep.bases, b.found.dev = nil, nil
	if b.in.hash != nil && b.opts.Map.Now.IsZero() {
		b.in.now = time.Now()
	}
}

// robotsChanged reports whether the rules of the site's robots.txt
// differ from those the build judged its URLs by. The lines that
// sitemapgen --robots writes change no rule. A Session that finds them
// changed judges every page again.
func (b *builder) robotsChanged() bool {
	return robotsKey(b.opts, b.mapper.BaseURL()) != b.in.robots.Key()
}

// gitUpdate brings the git history that dates the pages up to date with
// the changes at paths, as a build would read it now. rootAbs and
// joinAbs are the root and Join.Dir, absolute ("" without a join). It
// returns the paths to read again: the given paths without the
// repository's own files, plus the files whose git date (or reason for
// none) changed through a commit, a checkout or a change of the index,
// when the Session knows them as pages or sources. It also returns
// whether it read the history again, after a commit, a checkout or a
// change of the index. A file edited in the work tree has uncommitted
// changes, as a build would find (gitdates.Dates.Refresh). An error
// means git failed. The caller then builds everything again, which says
// why.
func (b *builder) gitUpdate(ctx context.Context, paths []string, rootAbs, joinAbs string) ([]string, bool, error) {
	if b.in.git == nil {
		return paths, false, nil
	}
	var edited []string
	moved := false
	out := paths[:0:0]
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		if b.in.git.Watches(abs) {
			moved = true
			continue
		}
		out = append(out, p)
		if _, ok := relUnder(rootAbs, abs); ok {
			edited = append(edited, abs)
		} else if _, ok := relUnder(joinAbs, abs); ok && joinAbs != "" {
			edited = append(edited, abs)
		}
	}
	if !moved {
		d, err := b.in.git.Refresh(ctx, edited)
		if err != nil {
			return nil, false, err
		}
		b.in.git = d
		return out, false, nil
	}
	d, changed, err := b.in.git.Reload(ctx)
	if err != nil {
		return nil, false, err
	}
	b.in.git = d
	for _, abs := range changed {
		if rel, ok := relUnder(rootAbs, abs); ok {
			if _, known := b.kept.index.get(rel); known {
				out = append(out, abs)
				continue
			}
		}
		if rel, ok := relUnder(joinAbs, abs); ok && joinAbs != "" {
			if _, known := b.src.sources[rel]; known {
				out = append(out, abs)
			}
		}
	}
	return out, true, nil
}

// updateSources reads again the source files at and under rels (relative
// to Join.Dir) and returns the join keys whose source may have changed.
func (b *builder) updateSources(ctx context.Context, rels []string) (map[string]bool, error) {
	keys := make(map[string]bool)
	getSource := func(rel string) (*source, bool) { src, ok := b.src.sources[rel]; return src, ok }
	dir := &lazyRoot{dir: b.opts.Join.Dir}
	defer dir.close()
	b.forgetSources(under(getSource, maps.All(b.src.sources), rels, func(rel string) bool {
		fi, err := dir.Lstat(rel)
		return err != nil || fi.IsDir()
	}), keys)
	found, err := b.readSources(ctx, func(w walker.Options, fn func(walker.File) error) error {
		return walker.WalkPaths(ctx, b.opts.Join.Dir, rels, w, fn)
	})
	for _, src := range found {
		b.claim(src, true)
		if src.page {
			keys[src.key] = true
		}
		b.src.translated = b.src.translated || src.tkey != ""
	}
	b.src.groups = nil // made again from the sources as they are now
	return keys, err
}

// pagesOf returns the paths of the built pages whose join key is in keys.
func (b *builder) pagesOf(keys map[string]bool) []string {
	var out []string
	for path := range b.kept.index.all() {
		u := b.mapper.URLPath(path)
		// A page built from another language's source, or moved from its
		// source's URL, is judged again whether or not it has a source of
		// its own now.
		first, ok, others := b.src.fallbackKeys(u)
		moved, _, isMoved := b.src.movedKey(u)
		if keys[joinKey(u)] || ok && keys[first] || slices.ContainsFunc(others, func(k string) bool { return keys[k] }) || isMoved && keys[moved] {
			out = append(out, path)
		}
	}
	return out
}
