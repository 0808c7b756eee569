package pipeline

// Removed sources, for the stale-output rule (stale.go). A page that no
// source produces is the output of a removed source when git knows that
// a source at its URL was removed after the page was written.
//
// The time rule of stale.go needs a build after the removal, which
// makes the page older than the build. A generator's watch mode may
// write nothing when a source is deleted (Eleventy 3 logs "File
// deleted" and stops there). Then no build follows, and the old page
// looks as new as any. Git tells what the times cannot: the file was
// deleted, or renamed away, in the work tree, in the index or by a
// commit. Its folder's time tells when, because removing a file changes
// the time of its folder. So a page is the output of a removed source
// when both of these hold:
//
//   - git lists a removed file, gone from the work tree, at the path of
//     a source whose URL (as the generator's preset gives it from the path
//     alone) is the page's; and
//   - the file's folder, or the nearest folder above it that is left,
//     changed after the page was written.
//
// Each build writes again a page that is still produced, so that page
// is newer than the removal. This way does not find a source whose URL
// came from its front matter (a permalink, a slug): its URL cannot be
// read from a file that is gone. This needs git's history, which the
// build reads when git dates pages.

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/walker"
)

// removedSource is a source that git knows was removed. It holds the
// source's path relative to Join.Dir, and the time its folder (or the
// nearest folder left above it) last changed.
type removedSource struct {
	path   string
	folder string // the folder whose time is changed, relative to Join.Dir
	mtime  int64
	// untracked says that git did not tell it: it is gone from the work
	// tree (goneSource), and its path ends in ".*".
	untracked bool
}

// removedSources maps the join key of a removed source's URL to the
// source. It is read once a judgement, when a page that no source
// produces would be kept.
type removedSources map[string]removedSource

// readRemovedSources returns the sources that git knows were removed,
// by the join key of their URLs. It returns none without git or a join.
func (p *stalePass) readRemovedSources() removedSources {
	j := p.join
	if j == nil || p.git == nil {
		return nil
	}
	dirAbs, err := filepath.Abs(j.Dir)
	if err != nil {
		return nil
	}
	paths, _ := p.git.Removed(maxSourceEntries)
	include := j.include()
	var root *fsx.Root
	out := removedSources{}
	for _, removed := range paths {
		rel, ok := relUnder(dirAbs, removed)
		if !ok || rel == "" || !walker.Included(include, rel) || walker.Excluded(j.Walk.Exclude, rel) {
			continue
		}
		if root == nil {
			if root, err = fsx.OpenRoot(j.Dir); err != nil {
				return nil
			}
			defer root.Close()
		}
		if _, err := root.Lstat(rel); !errors.Is(err, fs.ErrNotExist) {
			continue // made again, or behind a link out of the folder
		}
		u, ok := j.Preset.URLPath(generator.Page{Path: rel})
		if !ok {
			continue
		}
		key := sourceKey(u)
		if _, taken := out[key]; taken {
			continue // the first path in order wins
		}
		if folder, mtime, ok := folderLeft(root, rel); ok {
			out[key] = removedSource{path: rel, folder: folder, mtime: mtime}
		}
	}
	return out
}

// folderLeft returns the folder of rel in root, or the nearest folder
// above it that is left, with its modification time.
func folderLeft(root *fsx.Root, rel string) (string, int64, bool) {
	for f := path.Dir(rel); ; f = path.Dir(f) {
		if fi, err := root.Stat(f); err == nil && fi.IsDir() {
			return f, fi.ModTime().UnixNano(), true
		}
		if f == "." {
			return "", 0, false
		}
	}
}

// Sources gone from the work tree. Git knows only the files it tracks: a
// draft made and deleted before any commit leaves no trace in it, and
// Eleventy's --watch writes nothing when it is deleted. The preset's
// mapping of paths to URLs tells where the source of a page no source
// produces was: at the URL path a/b/, a/b.EXT or a/b/index.EXT, for an
// extension of the join's sources. A page is the output of a source
// gone from the work tree when
//
//   - such a path maps to the page's URL, and no file is there;
//   - its folder is there, and changed after the page was written; and
//   - that change was no making of an entry the folder still holds (a
//     file written at its time): a removal or a rename.
//
// A page whose URL a source's permalink pattern may make (a template in
// its front matter, a pagination: Sources.Routes) may be that source's
// output, which the files cannot tell apart: such a page is kept, and
// said (goneKept).

// goneSource returns the source of the page at the URL path u, written
// at mtime, that is gone from the work tree since, as above. routed says
// that a route of routes, the sources' (staleIn.routes), may make the
// page: then it is not left out.
func (p *stalePass) goneSource(u string, mtime int64, routes routeTable) (g removedSource, routed, ok bool) {
	j := p.join
	trimmed := strings.Trim(u, "/")
	if j == nil || !p.quiet || trimmed == "" || !p.openGone() {
		return removedSource{}, false, false
	}
	key := joinKey(u)
	for _, c := range [...]struct{ dir, stem string }{{trimmed, "index"}, {path.Dir(trimmed), path.Base(trimmed)}} {
		fi, err := p.goneRoot.Stat(c.dir)
		if err != nil || !fi.IsDir() || fi.ModTime().UnixNano() <= mtime {
			continue
		}
		maps := false
		for _, ext := range p.goneExts {
			rel := path.Join(c.dir, c.stem+ext)
			if v, ok := j.Preset.URLPath(generator.Page{Path: rel}); !ok || sourceKey(v) != key {
				continue
			}
			if _, err := p.goneRoot.Lstat(rel); !errors.Is(err, fs.ErrNotExist) {
				return removedSource{}, false, false // there, with a URL of its own
			}
			maps = true
		}
		if !maps || madeAt(p.goneRoot, c.dir, fi.ModTime().UnixNano()) {
			continue
		}
		g = removedSource{path: path.Join(c.dir, c.stem) + ".*", folder: c.dir, mtime: fi.ModTime().UnixNano(), untracked: true}
		return g, routes.routed(u), true
	}
	return removedSource{}, false, false
}

// madeAt reports whether an entry of the folder dir in root was made
// within staleSlack of the time t: the folder's change at t was that
// making. A file is made at about its time; a folder no later than its
// own time and its entries' (as changes.go judges a folder's change).
func madeAt(root *fsx.Root, dir string, t int64) bool {
	entries, err := root.ReadDir(dir)
	if err != nil {
		return true // nothing to tell: no removal is assumed
	}
	near := func(m int64) bool { return abs(m-t) <= int64(staleSlack) }
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			continue
		}
		made := fi.ModTime().UnixNano()
		if e.IsDir() {
			if sub, err := root.ReadDir(path.Join(dir, e.Name())); err == nil {
				for _, se := range sub {
					if si, err := se.Info(); err == nil {
						made = min(made, si.ModTime().UnixNano())
					}
				}
			}
		}
		if near(made) || near(fi.ModTime().UnixNano()) {
			return true
		}
	}
	return false
}

// sourceExts returns the extensions of the join's include patterns of
// the form **/*.EXT, which a source's path may end in.
func sourceExts(include []string) []string {
	var exts []string
	for _, p := range include {
		ext, ok := strings.CutPrefix(p, "**/*")
		if ok && strings.HasPrefix(ext, ".") && !strings.ContainsAny(ext, "*?[{") {
			exts = append(exts, ext)
		}
	}
	return exts
}

// openGone opens the join's folder for goneSource, once a judgement; it
// reports whether it is open. closeGone closes it.
func (p *stalePass) openGone() bool {
	if p.goneRoot == nil && !p.goneTried {
		p.goneTried = true
		if r, err := fsx.OpenRoot(p.join.Dir); err == nil {
			p.goneRoot, p.goneExts = r, sourceExts(p.join.include())
		}
	}
	return p.goneRoot != nil
}

// closeGone closes what openGone opened.
func (p *stalePass) closeGone() {
	if p.goneRoot != nil {
		p.goneRoot.Close()
	}
	p.goneRoot, p.goneTried = nil, false
}
