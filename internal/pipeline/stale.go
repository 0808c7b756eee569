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
	"github.com/sitemapgen/sitemapgen/mapping"
)

// staleSlack is how much older than the oldest page a source produced a
// page must be to predate the build: a generator renders its pages in
// parallel, so a list page of this build may be written a moment before
// the first page with a source, and file systems keep times in whole
// seconds (FAT's in two).
const staleSlack = 2 * time.Second

// keepsOldOutput reports whether the build joins the pages of a
// generator whose builds leave the output of deleted sources in place:
// Hugo and Eleventy. Jekyll, MkDocs, Astro, Docusaurus and VitePress
// empty their output folder first; Sphinx rewrites only the pages whose
// sources changed, so no time tells its stale pages apart.
func (b *builder) keepsOldOutput() bool {
	j := b.opts.Join
	if j == nil {
		return false
	}
	return b.rules.Output.KeepsOld
}

// claimed reports whether a file of the project is copied to the built
// page at rel (relative to the root) as it is, keeping its modification
// time: a Hugo static file (static/, a theme's static/), or an Eleventy
// passthrough copy at the same path of the input folder. Such a page has
// no source and may be older than the build. Each candidate is looked at
// inside its folder through the one door (b.static: the folders opened
// once a walk): a path through a link out of its folder (static/,
// themes/ or a theme linked to a folder shared between projects) claims
// the page, since the file may be there, and nothing of the target is
// looked at.
func (b *builder) claimed(rel string) bool {
	c := b.static
	if c == nil { // a walk without the folders (no join keeps old output)
		c = &staticClaims{}
		defer c.close()
	}
	c.once.Do(func() { c.open(b.opts.Join, b.rules.Output.StaticFolders) })
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

// staticClaims are the folders whose files claim a built page of the
// same path (claimed): listed and opened once a walk, on the first page
// asked about, and released when it ends.
type staticClaims struct {
	once  sync.Once
	roots []*fsx.Root
	// all is set when a candidate folder is a link out of its project:
	// every page is claimed.
	all bool
}

// open opens the candidate folders of the join j: its own folder (an
// Eleventy passthrough copy), and the folders of static (for Hugo,
// static/ and each theme's static/) in the content folder and the
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

// add opens the folder rel of the project p, when it is one: the folder
// the door finds there (a link out of the project claims every page),
// checked to be the one opened by its path.
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
	r.Close() // replaced meanwhile: another folder than the one looked at
}

// close releases the folders.
func (c *staticClaims) close() {
	for _, r := range c.roots {
		r.Close()
	}
	c.roots = nil
}

// judgeStale drops from the sorted order the pages that an earlier build
// wrote: the output of deleted sources. It judges each page that no
// source produces and nothing claims (a static file):
//
//   - Where the generator's own sitemaps witness what it builds
//     (witness.go), they decide first. A page they list, or a pager no
//     older than its list page, is kept however old. A page of a kind
//     they list that none lists, though one was written after the page's
//     file, or a pager older than its list page, is left out however
//     recent.
//   - Otherwise the page is left out when its file is older than the
//     build, and the sources changed between the two. The build is the
//     oldest listed page that a source produces: the build writes all of
//     those again. Older means older by more than staleSlack.
//   - A page the last build wrote early has no change of the sources
//     after it, and is kept.
//
// The changes are read once a judgement, and only when a page is older
// than the build. When the walk for them stops at its bound
// (limits.MaxSourceEntries), a page older than the build is left out by
// its time alone, as before the changes were read, and a warning says
// so.
//
// It is judged again before every write, from every record, as a
// Session's pages change. Each page left out is reported as skipped
// (with only, a Session's update, those newly left out). One warning
// gives their number and names the first.
func (b *builder) judgeStale(ctx context.Context, only map[string]bool) {
	recs := &b.recs
	was := recs.stale
	recs.stale = nil
	defer b.staleChanged(was)
	if len(recs.sourceless) == 0 {
		return
	}
	start, found := int64(0), false
	oldest := int64(math.MaxInt64) // the oldest page no source produces
	for _, idx := range recs.order {
		switch {
		case int(idx) >= len(recs.mtimes):
		case recs.sourceless[idx]:
			oldest = min(oldest, recs.mtimes[idx])
		case recs.mtimes[idx] != noMTime:
			if t := recs.mtimes[idx]; !found || t < start {
				start, found = t, true
			}
		}
	}
	wit := b.witnessFor()
	if !found && wit == nil {
		return // no page has a source: nothing tells when the build ran
	}
	before := start - int64(staleSlack)
	var paths []string
	var changes *sourceChanges // read when a page is older than the build
	var removed removedSources // read when a page would be kept
	readRemoved := false
	var told staleWays
	byTime := 0
	out := recs.order[:0]
	for i, idx := range recs.order {
		if !recs.sourceless[idx] || int(idx) >= len(recs.mtimes) {
			out = recs.keepAt(out, i, idx)
			continue
		}
		because, left := "", false
		if wit != nil {
			verdict, why := wit.judge(b, idx, "/"+b.mapper.URLPath(recs.pathOf(recs.rec(idx))), out)
			if verdict == witnessKeeps {
				out = recs.keepAt(out, i, idx)
				continue
			}
			because, left = why, verdict == witnessLeaves
		}
		var change sourceChange
		var gone removedSource // a removed source at its URL, git says
		unknown := false       // the changes were not all read
		if !left {
			if found && recs.mtimes[idx] < before {
				if changes == nil {
					changes = b.sourceChanges(ctx, oldest+int64(staleSlack), start+int64(staleSlack))
				}
				change = changes.between(recs.mtimes[idx]+int64(staleSlack), start+int64(staleSlack))
				unknown = change.path == "" && changes.partial
			}
			if change.path == "" && !unknown {
				if !readRemoved {
					removed, readRemoved = b.readRemovedSources(), true
				}
				g, ok := removed[joinKey(b.mapper.URLPath(recs.pathOf(recs.rec(idx))))]
				if !ok || g.mtime <= recs.mtimes[idx] {
					out = recs.keepAt(out, i, idx)
					continue
				}
				gone = g
			}
		}
		if recs.stale == nil {
			recs.stale = make(map[int32]bool)
		}
		recs.stale[idx] = true
		r := recs.rec(idx)
		path := recs.pathOf(r)
		switch {
		case gone.path != "":
			because = fmt.Sprintf("no source has its URL, and git says its source %s was removed after the page was written (%s; its folder %s changed %s)",
				b.joinPrefix()+gone.path, time.Unix(0, recs.mtimes[idx]).UTC().Format(time.RFC3339), b.joinPrefix()+gone.folder, time.Unix(0, gone.mtime).UTC().Format(time.RFC3339))
		case !left:
			because = fmt.Sprintf("no source has its URL, and the file is older than the build (%s, the oldest page with a source %s",
				time.Unix(0, recs.mtimes[idx]).UTC().Format(time.RFC3339), time.Unix(0, start).UTC().Format(time.RFC3339))
			if unknown {
				because += fmt.Sprintf("; the sources were not all read for a change between them: more than %d files and folders)", maxSourceEntries)
			} else {
				because += fmt.Sprintf("; %s changed between them, %s)", change.path, time.Unix(0, change.mtime).UTC().Format(time.RFC3339))
			}
		}
		if only == nil || !was[idx] {
			paths = append(paths, path)
			told.witness = told.witness || left
			told.git = told.git || gone.path != ""
			told.time = told.time || !left && gone.path == ""
			if unknown {
				byTime++
			}
			b.skip(path, mapping.StaleOutput, because)
			if only == nil && b.res.Unjoined > 0 {
				b.res.Unjoined-- // counted when it was listed
			}
		}
		b.keepLeftOut(b.recs.locOf(r))
		b.explain.stale(path, because)
	}
	recs.order = out
	if len(paths) == 0 {
		return
	}
	slices.Sort(paths)
	clean := ""
	if b.opts.Join != nil {
		clean = b.rules.Output.CleanBuild
	}
	if byTime > 0 {
		what := "1 built page no source produces was"
		if byTime > 1 {
			what = fmt.Sprintf("%d built pages no source produces were", byTime)
		}
		b.warn("", fmt.Errorf("the sources hold more than %d files and folders: not all were read for a change since an earlier build, so %s judged by time alone (build into an empty folder, %s, to leave no doubt)", maxSourceEntries, what, clean))
	}
	b.warn("", errors.New(staleWarning(paths, told, clean)))
}

// staleWays are the ways a judgement told pages for stale: by time (the
// file older than the build), by the witness (the generator's own
// sitemaps), by git (a removed source, removed.go).
type staleWays struct{ time, witness, git bool }

// staleWarning is the one warning of a judgement that left pages out as
// stale, told the ways told; clean says how the generator builds into an
// empty folder (OutputRules.CleanBuild).
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
	how := "and " + strings.Join(ways, "")
	if len(ways) > 1 {
		how = strings.Join(ways[:len(ways)-1], ", ") + ", or " + ways[len(ways)-1] + ","
	}
	return fmt.Sprintf("%s no source produces %s left out, first %s: the output of deleted sources, which the generator leaves in place (--verbose lists them); build into an empty folder (%s) to remove them", what, how, paths[0], clean)
}

// staleChanged notes for the hreflang clusters the pages that judgeStale
// left out or listed anew, was the pages it left out before.
func (b *builder) staleChanged(was map[int32]bool) {
	if b.hreflangDirty == nil {
		return
	}
	recs := &b.recs
	for idx := range was {
		if !recs.stale[idx] && recs.live(idx) {
			b.hreflangChanged("", recs.loc(idx))
		}
	}
	for idx := range recs.stale {
		if !was[idx] {
			b.hreflangChanged("", recs.loc(idx))
		}
	}
}
