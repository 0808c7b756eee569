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
