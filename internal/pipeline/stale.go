package pipeline

// Stale output: Hugo (without --cleanDestinationDir, and its server) and
// Eleventy write every page they render at every build and delete
// nothing. So the page of a source deleted since an earlier build stays
// in the output folder, with that build's modification time.
//
// Time alone does not tell such a page from one the last build wrote
// early. Eleventy may write a home page seconds before the posts whose
// images it is still processing. What tells them apart is what happened
// between the page and the build. An earlier build wrote a stale page;
// then a source was deleted, renamed or edited; then the last build ran.
// So a page older than the build is stale only when the sources changed
// after it was written and before the build (changes.go says what a
// change of the sources is).

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/gitdates"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// staleSlack is how much older than the oldest page with a source a
// page must be to predate the build. A generator renders its pages in
// parallel, so a list page of this build may be written a moment before
// the first page with a source. File systems also keep times in whole
// seconds (FAT in two).
const staleSlack = 2 * time.Second

// keepsOldOutput reports whether the build joins the pages of a
// generator whose builds leave the output of deleted sources in place:
// Hugo and Eleventy. Jekyll, MkDocs, Astro, Docusaurus and VitePress
// empty their output folder first. Sphinx rewrites only the pages whose
// sources changed, so no time tells its stale pages apart.
func (b *builder) keepsOldOutput() bool {
	j := b.opts.Join
	if j == nil {
		return false
	}
	return b.src.rules.Output.KeepsOld
}

// claimed reports whether a file of the project is copied as it is to
// the built page at rel (relative to the root), keeping its
// modification time. Such a file is a Hugo static file (static/, a
// theme's static/), or an Eleventy passthrough copy at the same path in
// the input folder. Such a page has no source and may be older than the
// build. Each candidate is looked at inside its folder through the one
// door (b.static holds the folders, opened once a walk). A path through
// a link out of its folder claims the page, since the file may be
// there, and nothing of the target is looked at. Such links are
// static/, themes/, or a theme linked to a folder shared between
// projects.
func (b *builder) claimed(rel string) bool {
	c := b.src.static
	if c == nil { // a walk without the folders: no join keeps old output
		c = &staticClaims{}
		defer c.close()
	}
	c.once.Do(func() { c.open(b.opts.Join, b.src.rules.Output.StaticFolders) })
	if c.all {
		return true
	}
	for _, r := range c.roots {
		fi, err := r.Stat(rel)
		if errors.Is(err, fsx.ErrOutside) || err == nil && fi.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// staticClaims are the folders whose files claim a built page at the
// same path (claimed). They are listed and opened once a walk, on the
// first page asked about, and released when the walk ends.
type staticClaims struct {
	once  sync.Once
	roots []*fsx.Root
	// all is set when a candidate folder is a link out of its project:
	// every page is claimed.
	all bool
}

// open opens the candidate folders of the join j: its own folder (for
// an Eleventy passthrough copy), and the static folders (for Hugo,
// static/ and each theme's static/) in the content folder and in the
// project folder above it.
func (c *staticClaims) open(j *Sources, static []string) {
	if r, err := fsx.OpenRoot(j.Dir); err == nil {
		c.roots = append(c.roots, r)
	}
	if len(static) == 0 {
		return
	}
	// Join.Dir is the content folder, or the project folder.
	for _, project := range []string{j.Dir, filepath.Dir(j.Dir)} {
		p, err := fsx.OpenRoot(project)
		if err != nil {
			continue
		}
		for _, f := range static {
			above, below, each := strings.Cut(f, "/*/")
			if !each {
				c.add(p, f)
				continue
			}
			folders, err := p.ReadDir(above)
			c.all = c.all || errors.Is(err, fsx.ErrOutside)
			for _, t := range folders {
				c.add(p, path.Join(above, t.Name(), below))
			}
		}
		p.Close()
	}
}

// add opens the folder rel of the project p, when it is a folder. It
// takes the folder that the door finds there, and checks that it is the
// one opened by its path. A link out of the project claims every page.
func (c *staticClaims) add(p *fsx.Root, rel string) {
	fi, err := p.Stat(rel)
	switch {
	case errors.Is(err, fsx.ErrOutside):
		c.all = true
		return
	case err != nil || !fi.IsDir():
		return
	}
	r, err := fsx.OpenRoot(p.Path(rel))
	if err != nil {
		return
	}
	if here, err := r.Stat("."); err == nil && os.SameFile(here, fi) {
		c.roots = append(c.roots, r)
		return
	}
	r.Close() // replaced meanwhile by another folder than the one looked at
}

// close releases the folders.
func (c *staticClaims) close() {
	for _, r := range c.roots {
		r.Close()
	}
	c.roots = nil
}

// stalePass is the stale output pass. It drops from the sorted order
// the pages that an earlier build wrote: the output of deleted sources.
// It judges each page that no source produces and that no static file
// claims.
//
// The rules, in order:
//
//   - Where the generator's own sitemaps witness what it builds
//     (witness.go), they decide first. A page they list is kept however
//     old, and so is a pager no older than its list page. A page is left
//     out however recent when it is of a kind they list, none lists it,
//     and one was written after the page's file. A pager older than its
//     list page is left out too.
//   - Otherwise the page is left out when its file is older than the
//     build and the sources changed between the two. The build's time is
//     that of the oldest listed page that a source produces, because the
//     build writes all of those again. Older means older by more than
//     staleSlack.
//   - A page that the last build wrote early has no change of the
//     sources after it, so it is kept.
//   - A page that would be kept is still left out when git says that
//     the source at its URL was removed after the page was written.
//
// The changes of the sources are read once a judgement, and only when a
// page is older than the build. When the walk for them stops at its
// bound (limits.MaxSourceEntries), a page older than the build is left
// out by its time alone, and a warning says so.
//
// The pass runs again before every write, over every record, because a
// Session's pages change. Each page left out is reported as skipped. In
// a Session's update, only the pages newly left out are reported. One
// warning gives their number and names the first.
type stalePass struct {
	// mapper gives each page's URL path.
	mapper *mapping.Mapper
	// join is Options.Join, nil without one. root is Options.Root, the
	// built site's folder. prefix turns a path relative to the join's
	// folder into one relative to root (builder.joinPrefix).
	join         *Sources
	root, prefix string
	// clean says how the generator builds into an empty folder
	// (OutputRules.CleanBuild). It is "" without a join.
	clean string
	// git is the history of the project, nil without git. It tells the
	// sources that were removed.
	git *gitdates.Dates
	// goneRoot is the join's folder, opened once a judgement by
	// openGone, and goneExts the extensions of its sources: they tell a
	// source gone from the work tree (goneSource).
	goneRoot  *fsx.Root
	quiet     bool // OutputRules.QuietDeletes: goneSource judges
	goneTried bool
	goneExts  []string
	// explain hears why each page is left out, for --explain.
	explain *explainer
	// counts are what run returns for the Result: a stale page leaves
	// its count of pages not joined to a source (Result.Unjoined).
	counts counted
	found  findings
}

func (b *builder) stalePass() *stalePass {
	p := &stalePass{mapper: b.mapper, root: b.opts.Root, git: b.in.git, explain: b.explain}
	if j := b.opts.Join; j != nil {
		p.join, p.prefix, p.clean = j, b.joinPrefix(), b.src.rules.Output.CleanBuild
		p.quiet = b.src.rules.Output.QuietDeletes
	}
	return p
}

// staleIn are what the stale pass reads of the builder's state, and
// does not change.
type staleIn struct {
	// wit is what the generator's own sitemaps say (builder.witnessFor).
	// It is nil when they say nothing, or when no page lacks a source.
	wit *witness
	// routes say whether a route of the sources (a permalink pattern, a
	// pagination) may make the page at a URL path. They are empty
	// without a join.
	routes routeTable
}

// staleIn returns what the stale pass reads.
func (b *builder) staleIn() staleIn {
	var in staleIn
	if len(b.recs.old.sourceless) > 0 {
		in.wit = b.witnessFor()
	}
	if b.opts.Join != nil {
		in.routes = routeTable{unplaced: b.src.unplaced, routes: b.src.routes, listRoutes: b.src.listRoutes}
	}
	return in
}

// routeTable holds the routes of a join's sources: the patterns of the
// routes that have a parameter by source path, those whose pages are
// lists, and the sources whose URL is not told, by path, with the start
// of the URLs they may make (joined.routes, listRoutes and unplaced).
type routeTable struct {
	routes, listRoutes map[string][]string
	unplaced           map[string]string
}

// routed reports whether a route of the sources (t.routes,
// t.listRoutes) matches the URL path u, or a source whose URL is not
// told (t.unplaced) may make any page. A table of no routes routes no
// page.
func (t routeTable) routed(u string) bool {
	if len(t.routes)+len(t.listRoutes)+len(t.unplaced) == 0 {
		return false
	}
	under := "/" + joinKey(u) + "/"
	for _, start := range t.unplaced {
		if strings.HasPrefix(under, start) {
			return true
		}
	}
	els := strings.Split(joinKey(u), "/")
	if len(els) == 1 && els[0] == "" {
		els = nil
	}
	for _, routes := range []map[string][]string{t.routes, t.listRoutes} {
		for _, r := range routes {
			if matchRoute(r, els) {
				return true
			}
		}
	}
	return false
}

// run judges the records of recs in order, and takes the stale pages
// out of the order. It returns them, by record index, what it changes
// of the Result's counts, and what it found. was holds the pages it returned the last time, in a Session.
// With only set (a Session's update), it reports only the pages newly
// left out. in is what it reads of the builder.
func (p *stalePass) run(ctx context.Context, recs *records, was map[int32]bool, only map[string]bool, in staleIn) (stale map[int32]bool, _ counted, _ findings) {
	if len(recs.old.sourceless) == 0 {
		return nil, counted{}, nil
	}
	ev := staleEvidence{
		buildTime:   readBuildTime(recs),
		readChanges: func(lo, hi int64) *sourceChanges { return p.sourceChanges(ctx, lo, hi) },
		readRemoved: p.readRemovedSources,
	}
	wit := in.wit
	if !ev.found && wit == nil {
		return nil, counted{}, nil // no page has a source: nothing tells when the build ran
	}
	var tally staleTally
	out := recs.order[:0]
	for i, idx := range recs.order {
		if !recs.old.sourceless[idx] || int(idx) >= len(recs.old.mtimes) {
			out = recs.keepAt(out, i, idx)
			continue
		}
		var v staleVerdict
		if wit != nil {
			verdict, why := wit.judge(recs, idx, "/"+p.mapper.URLPath(recs.pathOf(recs.rec(idx))), out)
			if verdict == witnessKeeps {
				out = recs.keepAt(out, i, idx)
				continue
			}
			v.because, v.byWitness = why, verdict == witnessLeaves
		}
		if !v.byWitness {
			mtime := recs.old.mtimes[idx]
			v.change, v.unknown = ev.changeAfter(mtime)
			if v.change.path == "" && !v.unknown {
				u := p.mapper.URLPath(recs.pathOf(recs.rec(idx)))
				g, ok := ev.removedAt(joinKey(u))
				if !ok || g.mtime <= mtime {
					var routed bool
					g, routed, ok = p.goneSource(u, mtime, in.routes)
					if ok && routed {
						tally.routed = append(tally.routed, recs.pathOf(recs.rec(idx)))
					}
					if !ok || routed {
						out = recs.keepAt(out, i, idx)
						continue
					}
				}
				v.gone = g
			}
		}
		if stale == nil {
			stale = make(map[int32]bool)
		}
		stale[idx] = true
		r := recs.rec(idx)
		path, because := recs.pathOf(r), p.staleReason(&v, recs.old.mtimes[idx], ev.start)
		if only == nil || !was[idx] {
			tally.add(path, &v)
			p.found.skip(path, mapping.StaleOutput, because)
			if only == nil {
				p.counts.unjoined++ // counted when it was listed
			}
		}
		p.found.keepLeftOut(recs.locOf(r))
		p.explain.stale(path, because)
	}
	recs.order = out
	p.closeGone()
	if len(tally.routed) > 0 {
		p.found.warn("", tally.routedWarning(p.clean))
	}
	if len(tally.paths) == 0 {
		return stale, p.counts, p.found
	}
	for _, err := range tally.warnings(p.clean) {
		p.found.warn("", err)
	}
	return stale, p.counts, p.found
}

// buildTime is when the last build ran, as the times of the pages' files
// tell it.
type buildTime struct {
	// start is the time of the oldest listed page that a source
	// produces. The build writes every such page, so it ran by then.
	start int64
	// found is false when no page has a source and a time: start is
	// then unknown.
	found bool
	// oldest is the time of the oldest page that no source produces.
	oldest int64
}

// readBuildTime reads the build's time from the pages in the order of
// recs.
func readBuildTime(recs *records) buildTime {
	t := buildTime{oldest: math.MaxInt64}
	for _, idx := range recs.order {
		switch {
		case int(idx) >= len(recs.old.mtimes):
		case recs.old.sourceless[idx]:
			t.oldest = min(t.oldest, recs.old.mtimes[idx])
		case recs.old.mtimes[idx] != noMTime:
			if m := recs.old.mtimes[idx]; !t.found || m < t.start {
				t.start, t.found = m, true
			}
		}
	}
	return t
}

// staleEvidence holds what tells a page older than the build for stale:
// the changes of the sources, and the sources that git says were
// removed. Each is read at most once a judgement, and only when a page
// needs it.
type staleEvidence struct {
	buildTime
	readChanges func(lo, hi int64) *sourceChanges // stalePass.sourceChanges
	readRemoved func() removedSources             // stalePass.readRemovedSources
	changes     *sourceChanges
	removed     removedSources
	removedRead bool
}

// changeAfter returns the first change of the sources after a page
// written at mtime and before the build. It returns no change when the
// page is not older than the build. unknown is true when there is no
// change but the sources were not all read.
func (e *staleEvidence) changeAfter(mtime int64) (change sourceChange, unknown bool) {
	if !e.found || mtime >= e.start-int64(staleSlack) {
		return sourceChange{}, false
	}
	if e.changes == nil {
		e.changes = e.readChanges(e.oldest+int64(staleSlack), e.start+int64(staleSlack))
	}
	change = e.changes.between(mtime+int64(staleSlack), e.start+int64(staleSlack))
	return change, change.path == "" && e.changes.partial
}

// removedAt returns the removed source whose URL has the join key key,
// if git knows one.
func (e *staleEvidence) removedAt(key string) (removedSource, bool) {
	if !e.removedRead {
		e.removed, e.removedRead = e.readRemoved(), true
	}
	g, ok := e.removed[key]
	return g, ok
}

// staleVerdict is what stalePass found about a page that no source
// produces, and why it leaves the page out.
type staleVerdict struct {
	because   string // the witness's reason, when it gave one
	byWitness bool   // the generator's own sitemaps leave it out
	// change is the change of the sources after the page was written,
	// when the page is left out by time.
	change sourceChange
	// unknown is true when the page is left out by time although no
	// change was found, because the sources were not all read.
	unknown bool
	// gone is the source at the page's URL that git says was removed
	// after the page was written.
	gone removedSource
}

// staleReason returns the reason given for leaving out a stale page
// whose file was written at mtime, as v says. start is the build's time.
func (p *stalePass) staleReason(v *staleVerdict, mtime, start int64) string {
	switch {
	case v.gone.untracked:
		return fmt.Sprintf("no source has its URL, and its source %s is gone from the work tree: no file there has its URL, and its folder %s changed after the page was written (%s; the folder %s)",
			p.prefix+v.gone.path, path.Clean(p.prefix+v.gone.folder)+"/", time.Unix(0, mtime).UTC().Format(time.RFC3339), time.Unix(0, v.gone.mtime).UTC().Format(time.RFC3339))
	case v.gone.path != "":
		return fmt.Sprintf("no source has its URL, and git says its source %s was removed after the page was written (%s; its folder %s changed %s)",
			p.prefix+v.gone.path, time.Unix(0, mtime).UTC().Format(time.RFC3339), p.prefix+v.gone.folder, time.Unix(0, v.gone.mtime).UTC().Format(time.RFC3339))
	case !v.byWitness:
		because := fmt.Sprintf("no source has its URL, and the file is older than the build (%s, the oldest page with a source %s",
			time.Unix(0, mtime).UTC().Format(time.RFC3339), time.Unix(0, start).UTC().Format(time.RFC3339))
		if v.unknown {
			return because + fmt.Sprintf("; the sources were not all read for a change between them: more than %d files and folders)", maxSourceEntries)
		}
		return because + fmt.Sprintf("; %s changed between them, %s)", v.change.path, time.Unix(0, v.change.mtime).UTC().Format(time.RFC3339))
	}
	return v.because
}

// staleTally gathers the pages that a judgement newly left out as stale,
// for its warnings.
type staleTally struct {
	paths []string
	// routed are the pages whose source is gone from the work tree,
	// kept because a route of the sources may make them (goneSource).
	routed []string
	told   staleWays
	// byTime counts the pages left out by time alone, because the
	// sources were not all read.
	byTime int
}

// add counts the page at path, left out for the reasons in v.
func (t *staleTally) add(path string, v *staleVerdict) {
	t.paths = append(t.paths, path)
	t.told.witness = t.told.witness || v.byWitness
	t.told.git = t.told.git || v.gone.path != "" && !v.gone.untracked
	t.told.gone = t.told.gone || v.gone.untracked
	t.told.time = t.told.time || !v.byWitness && v.gone.path == ""
	if v.unknown {
		t.byTime++
	}
}

// warnings returns the warnings about the pages in t: one when some
// were judged by time alone, then one for them all. It sorts t's paths.
// clean says how the generator builds into an empty folder
// (OutputRules.CleanBuild).
func (t *staleTally) warnings(clean string) []error {
	slices.Sort(t.paths)
	var errs []error
	if t.byTime > 0 {
		what := "1 built page no source produces was"
		if t.byTime > 1 {
			what = fmt.Sprintf("%d built pages no source produces were", t.byTime)
		}
		errs = append(errs, fmt.Errorf("the sources hold more than %d files and folders: not all were read for a change since an earlier build, so %s judged by time alone (build into an empty folder, %s, to leave no doubt)", maxSourceEntries, what, clean))
	}
	return append(errs, errors.New(staleWarning(t.paths, t.told, clean)))
}

// routedWarning says that the pages of t.routed, whose source seems
// gone from the work tree, were kept: a route of the sources may make
// them. It sorts them.
func (t *staleTally) routedWarning(clean string) error {
	slices.Sort(t.routed)
	what := "1 built page no source produces is"
	if len(t.routed) > 1 {
		what = fmt.Sprintf("%d built pages no source produces are", len(t.routed))
	}
	return fmt.Errorf("%s kept, first %s: the source at its URL is gone from the work tree since it was written, but a permalink pattern or a pagination of the sources may make it; build into an empty folder (%s) to be sure", what, t.routed[0], clean)
}

// staleWays are the ways a judgement told stale pages apart: by time
// (the file older than the build), by the witness (the generator's own
// sitemaps), or by git (a removed source, removed.go).
type staleWays struct{ time, witness, git, gone bool }

// staleWarning is the one warning of a judgement that left pages out as
// stale. It names the ways that told them. clean says how the generator
// builds into an empty folder (OutputRules.CleanBuild).
func staleWarning(paths []string, told staleWays, clean string) string {
	what := "1 built page"
	if len(paths) > 1 {
		what = fmt.Sprintf("%d built pages", len(paths))
	}
	var ways []string
	if told.time || told.witness {
		// The witness judges pages by time too: a pager older than
		// its list page.
		ways = append(ways, "older than the build")
	}
	if told.witness {
		ways = append(ways, "not listed by the generator's own sitemap written after them")
	}
	if told.git {
		ways = append(ways, "older than the removal of their source (git lists it)")
	}
	if told.gone {
		ways = append(ways, "older than the removal of their source from the work tree")
	}
	how := "and " + strings.Join(ways, "")
	if len(ways) > 1 {
		how = strings.Join(ways[:len(ways)-1], ", ") + ", or " + ways[len(ways)-1] + ","
	}
	return fmt.Sprintf("%s no source produces %s left out, first %s: the output of deleted sources, which the generator leaves in place (--verbose lists them); build into an empty folder (%s) to remove them", what, how, paths[0], clean)
}

// staleChanged tells the hreflang clusters which pages stalePass left
// out or listed anew. was holds the pages it left out before.
func (b *builder) staleChanged(was map[int32]bool) {
	if !b.kept.hreflang.tracks() {
		return
	}
	recs := &b.recs
	for idx := range was {
		if !recs.old.stale[idx] && recs.live(idx) {
			b.kept.hreflang.changed("", recs.loc(idx))
		}
	}
	for idx := range recs.old.stale {
		if !was[idx] {
			b.kept.hreflang.changed("", recs.loc(idx))
		}
	}
}
