package pipeline

// The pages whose source went while a Session watched. Hugo's and
// Eleventy's rebuilds beside watch (hugo --watch, hugo server
// --renderToDisk, eleventy --watch) write the pages they render and
// delete none: the page of a deleted or renamed source stays in the
// output, no older than the pages a rebuild did not write again (a
// rebuild writes only some, or comes within staleSlack of the last), so
// judgeStale's rule of times does not tell it. The Session saw the
// source go: the page is left out as stale output while its file is the
// one the source produced (not written since), as a build into an empty
// folder would not have it.

import (
	"fmt"
	"time"
)

// goneSource is a page whose source went: the modification time its
// file had while the source produced it, and the source's path (relative
// to Join.Dir).
type goneSource struct {
	mtime int64
	src   string
}

// sourcedTimes returns, of the pages at paths (relative to the root)
// about to be read again, those a source produces, with their file's
// time: noteGone compares them to what the pages are after. The lost
// sources' paths, by join key, are those updateSources found gone.
func (b *builder) sourcedTimes(paths []string) map[string]int64 {
	if !b.keepsOldOutput() {
		return nil
	}
	out := make(map[string]int64)
	for _, p := range paths {
		idx, ok := b.index.get(p)
		if !ok || idx < 0 || b.recs.sourceless[idx] || int(idx) >= len(b.recs.mtimes) || b.recs.mtimes[idx] == noMTime {
			continue
		}
		out[p] = b.recs.mtimes[idx]
	}
	return out
}

// noteGone notes, after an update read the pages again, those that a
// source produced before (before, from sourcedTimes) and none produces
// now: their sources went, lost gives their paths by join key. A page
// that has a source again, or whose file was written since, is
// forgotten.
func (b *builder) noteGone(before map[string]int64, lost map[string]string) {
	for p, g := range b.gone {
		idx, ok := b.index.get(p)
		if !ok || idx < 0 || !b.recs.sourceless[idx] || b.recs.mtimes[idx] > g.mtime {
			delete(b.gone, p)
		}
	}
	for p, mtime := range before {
		idx, ok := b.index.get(p)
		if !ok || idx < 0 || !b.recs.sourceless[idx] || b.recs.mtimes[idx] > mtime {
			continue
		}
		if b.gone == nil {
			b.gone = make(map[string]goneSource)
		}
		b.gone[p] = goneSource{mtime: mtime, src: lost[joinKey(b.mapper.URLPath(p))]}
	}
}

// goneStale reports whether the page at idx, which no source produces,
// is one whose source went while the Session watched, its file unchanged
// since, and why it is left out.
func (b *builder) goneStale(idx int32) (string, bool) {
	if len(b.gone) == 0 || !b.recs.sourceless[idx] {
		return "", false
	}
	g, ok := b.gone[b.recs.pathOf(b.recs.rec(idx))]
	if !ok || b.recs.mtimes[idx] > g.mtime {
		return "", false
	}
	what := "its source"
	if g.src != "" {
		what = g.src
	}
	return fmt.Sprintf("no source has its URL: %s went while watching, and the file is the one it produced (%s)",
		what, time.Unix(0, b.recs.mtimes[idx]).UTC().Format(time.RFC3339)), true
}

// lostSources returns, of the join keys an update of the sources
// changed, those no source claims now, with the path of the source that
// went.
func (s *Session) lostSources(keys map[string]bool) map[string]string {
	var out map[string]string
	for k := range keys {
		if _, ok := s.b.join[k]; ok {
			continue
		}
		if out == nil {
			out = make(map[string]string)
		}
		out[k] = s.went[k]
	}
	return out
}
