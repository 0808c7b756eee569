package jekyll

import (
	"errors"
	"io/fs"
	"path"
	"slices"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// jekyllLoop finds what a Liquid template lists: site.posts,
// paginator.posts, site.COLLECTION.
var jekyllLoop = lazyre.MustCompile(`\b(?:site|paginator)\.([A-Za-z_][A-Za-z0-9_]*)`)

// jekyllLayout finds a template's layout: in its front matter.
var jekyllLayout = lazyre.MustCompile(`(?m)^layout:\s*["']?([A-Za-z0-9_./-]+?)["']?\s*$`)

// collectionsListed returns the collections the Jekyll page at rel (relative to the
// sources' folder dir, with "/" separators) lists, sorted: site.posts,
// paginator.posts or site.COLLECTION in its text or in that of its
// layouts in _layouts/, a layout's layout followed at most 10 deep.
//
// Each file is read inside dir through the one door (package fsx): never
// through a link out of dir, only a regular file, never waiting on one;
// the page within limits.page_bytes, as its other readers read it, and a
// layout within limits.settings_bytes. A layout that is not there (a
// theme's, from its gem) lists nothing; one that cannot be read is the
// error ("path: what is wrong"), with what the files before it list. The page's own
// file that cannot be read lists nothing, without an error: the build
// says so where it reads the page.
func (j *Preset) collectionsListed(dir, rel string) ([]string, error) {
	lim := j.limits.Or()
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		return nil, nil
	}
	defer root.Close()
	var lists []string
	seen := map[string]bool{}
	name, max, key := rel, lim.PageBytes, "limits.page_bytes"
	for range 10 { // a layout's layout, not round in circles
		data, err := root.ReadFile(name, max, key)
		if err != nil {
			if name == rel || errors.Is(err, fs.ErrNotExist) {
				err = nil
			}
			slices.Sort(lists)
			return lists, fsx.Placed(err)
		}
		for _, m := range jekyllLoop().FindAllSubmatch(data, -1) {
			coll := string(m[1])
			if _, ok := j.Collections[coll]; (coll == "posts" || ok) && !seen[coll] {
				seen[coll] = true
				lists = append(lists, coll)
			}
		}
		layout := jekyllLayout().FindSubmatch(data)
		if layout == nil {
			break
		}
		name, max, key = path.Join("_layouts", string(layout[1])+".html"), lim.SettingsBytes, "limits.settings_bytes"
	}
	slices.Sort(lists)
	return lists, nil
}
