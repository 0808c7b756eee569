package pipeline

// Stale output: Hugo (without --cleanDestinationDir, and its server) and
// Eleventy write every page they render at every build and delete
// nothing, so the page of a source deleted since an earlier build stays
// in the output folder, with that build's modification time.
//
// Time alone does not tell such a page from one the last build wrote
// early: Eleventy may write a home page seconds before the posts whose
// images it is still processing. So a page is the output of an earlier
// build only when the sources changed after it was written and before
// the last build: a file of the source folder edited, or a folder whose
// entries changed (deleting or renaming a source changes its folder's
// modification time).

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
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

// judgeStale drops from the sorted order every page no source produces
// and nothing claims whose file is older, by more than staleSlack, than
// the oldest listed page a source produces, when the sources changed
// between the two (sourceChanges): such a page predates the build (the
// rendered pages are all written again by it). A page the last build
// wrote is older than its first page with a source by no change of the
// sources, and is kept. Where the
// generator's own sitemaps witness what it builds (witness.go), a page
// they list, or a pager no older than its list page, is kept however
// old; and a page of a kind they list, which none lists though one was
// written after its file, or a pager older than its list page, is left
// out however recent. It
// is judged again before every write, from every record, as a Session's
// pages change. Each page left out is reported as skipped (with only, a
// Session's update, those newly left out), and their number said in one
// warning, naming the first.
func (b *builder) judgeStale(ctx context.Context, only map[string]bool) {
	recs := &b.recs
	was := recs.stale
	recs.stale = nil
	defer b.staleChanged(was)
	if len(recs.sourceless) == 0 {
		return
	}
	start, found := int64(0), false
	for _, idx := range recs.order {
		if !recs.sourceless[idx] && int(idx) < len(recs.mtimes) && recs.mtimes[idx] != noMTime {
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
	var changes sourceChanges // read when a page is older than the build
	witnessed := false
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
		if !left {
			if found && recs.mtimes[idx] < before {
				if changes == nil {
					changes = b.sourceChanges(ctx)
				}
				change = changes.between(recs.mtimes[idx]+int64(staleSlack), start+int64(staleSlack))
			}
			if change.path == "" {
				out = recs.keepAt(out, i, idx)
				continue
			}
		}
		if recs.stale == nil {
			recs.stale = make(map[int32]bool)
		}
		recs.stale[idx] = true
		r := recs.rec(idx)
		path := recs.pathOf(r)
		if !left {
			because = fmt.Sprintf("no source has its URL, and the file is older than the build (%s, the oldest page with a source %s; %s changed between them, %s)",
				time.Unix(0, recs.mtimes[idx]).UTC().Format(time.RFC3339), time.Unix(0, start).UTC().Format(time.RFC3339),
				change.path, time.Unix(0, change.mtime).UTC().Format(time.RFC3339))
		}
		if only == nil || !was[idx] {
			paths = append(paths, path)
			witnessed = witnessed || left
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
	b.warn("", errors.New(staleWarning(paths, witnessed, clean)))
}

// sourceChange is a file or folder of the source folder and its
// modification time; path is relative to the built site's folder, as
// every path of the build is reported.
type sourceChange struct {
	path  string
	mtime int64
}

// sourceChanges are the changes of the source folder, sorted by time.
type sourceChanges []sourceChange

// between returns the first change after the time after, up to the time
// upto; none (an empty path) when there is none.
func (c sourceChanges) between(after, upto int64) sourceChange {
	i, _ := slices.BinarySearchFunc(c, after, func(x sourceChange, t int64) int {
		if x.mtime <= t {
			return -1
		}
		return 1
	})
	if i < len(c) && c[i].mtime <= upto {
		return c[i]
	}
	return sourceChange{}
}

// sourceChanges lists the modification times of the files and folders
// of the join's source folder, walked as the join walks it (its
// excludes: the output folder, node_modules…) and never into the built
// site's folder, sorted by time. A folder's
// time is that of the last file made, deleted or renamed in it. It is
// read only when a page is older than the build, which is rare: the
// list is not kept between judgements.
func (b *builder) sourceChanges(ctx context.Context) sourceChanges {
	j := b.opts.Join
	prefix := b.joinPrefix()
	var mu sync.Mutex
	var out sourceChanges
	add := func(name string, t time.Time) {
		mu.Lock()
		out = append(out, sourceChange{path: name, mtime: t.UnixNano()})
		mu.Unlock()
	}
	root, err := fsx.OpenRoot(j.Dir)
	if err != nil {
		return nil
	}
	defer root.Close()
	folder := func(rel string) {
		name := prefix // a folder is named with its slash
		if rel != "" {
			name += rel + "/"
		}
		if fi, err := root.Stat(rel); err == nil {
			add(name, fi.ModTime())
		}
	}
	folder("")
	exclude := j.Walk.Exclude
	if out, ok := within(j.Dir, b.opts.Root); ok {
		if out == "." {
			return nil // the built site is the source folder: its times are the build's
		}
		exclude = append(slices.Clip(exclude), out) // the built pages' times are the build's
	}
	opts := walker.Options{
		Include: []string{"**/*"}, Exclude: exclude, FollowSymlinks: j.Walk.FollowSymlinks,
		// Called with the folders entered in each folder that has some.
		Folders: func(dir string, enter, _ []string, _ error) {
			for _, name := range enter {
				folder(path.Join(dir, name))
			}
		},
	}
	_ = walker.Walk(ctx, j.Dir, opts, func(f walker.File) error {
		add(prefix+f.Path, f.ModTime)
		return nil
	})
	slices.SortFunc(out, func(a, b sourceChange) int {
		if c := cmp.Compare(a.mtime, b.mtime); c != 0 {
			return c
		}
		return strings.Compare(a.path, b.path)
	})
	return out
}

// staleWarning is the one warning of a judgement that left pages out as
// stale; witnessed, when the generator's own sitemaps told some; clean,
// how the generator builds into an empty folder (OutputRules.CleanBuild).
func staleWarning(paths []string, witnessed bool, clean string) string {
	what := "1 built page"
	if len(paths) > 1 {
		what = fmt.Sprintf("%d built pages", len(paths))
	}
	how := "and older than the build"
	if witnessed {
		how = "older than the build, or not listed by the generator's own sitemap written after them,"
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
