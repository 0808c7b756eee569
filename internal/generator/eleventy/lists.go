package eleventy

import (
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// The pages that list others: a template whose own text, or that of its
// layouts or of the files they include, loops over one of the site's
// collections ({% for post in collections.posts %}, {{#each
// collections.posts}}, {% set list = collections.posts %}, Vento's {{
// for post of collections.posts }}, pagination's data:
// collections.posts) is a list
// page, dated by the newest page it shows and its own date (a home page
// whose layout includes the latest news). collections.all, which a
// navigation loops over (eleventyNavigation), makes no list.

var (
	// collectionLoop finds a loop over a collection, and names it.
	collectionLoop = lazyre.MustCompile(`(?:\b(?:in|of)\s+|#each\s+|\bdata:\s*|\bset\s+[\w.]+\s*=\s*|\b(?:const|let|var)\s+\w+\s*=\s*)collections\.([A-Za-z_][\w-]*)|collections\.([A-Za-z_][\w-]*)[^\n]{0,80}?\.(?:forEach|map|slice|filter)\(`)
	// templateLayout is a template's layout, in its front matter.
	templateLayout = lazyre.MustCompile(`(?m)^layout:\s*["']?([^"'\s]+)["']?\s*$`)
	// templateRef is a file a template includes, extends or imports
	// (Vento's {{ include "file.vto" }} and {{ layout "file.vto" }} too).
	templateRef = lazyre.MustCompile(`(?:\{%-?\s*(?:include|extends|import|from|render)|\{\{-?\s*(?:include|layout))\s+["']?([\w./-]+)`)
)

// listsCollection reports whether text loops over a collection other
// than collections.all.
func listsCollection(text []byte) bool {
	for _, m := range collectionLoop().FindAllSubmatch(text, -1) {
		if name := string(m[1]) + string(m[2]); name != "all" {
			return true
		}
	}
	return false
}

// refs returns the files of fsys that text, a template's, names as its
// layout or includes: in the includes folder (_includes) or the layouts
// folder (_layouts), as named or with a template extension.
func refs(fsys fs.FS, text []byte, exts []string) []string {
	var names []string
	fm, _ := srcpath.Fence(text) // the layout its front matter names
	if m := templateLayout().FindSubmatch(fm); m != nil {
		names = append(names, string(m[1]))
	}
	for _, m := range templateRef().FindAllSubmatch(text, -1) {
		names = append(names, string(m[1]))
	}
	var out []string
	for _, name := range names {
		if f, ok := findTemplate(fsys, name, exts); ok && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// findTemplate returns the file of fsys a layout or include name names.
func findTemplate(fsys fs.FS, name string, exts []string) (string, bool) {
	name = strings.TrimPrefix(path.Clean("/"+name), "/")
	for _, dir := range []string{"_includes", "_layouts"} {
		for _, ext := range append([]string{""}, exts...) {
			p := path.Join(dir, name+ext)
			if fi, err := fs.Stat(fsys, p); err == nil && fi.Mode().IsRegular() {
				return p, true
			}
		}
	}
	return "", false
}

// readLayouts reads the templates of the includes and layouts folders of
// fsys, and records in e.listing which of them list a collection, by
// their own text or that of the files they name, in turn. It returns the
// files it read: a change to one changes which pages list.
func (e *Preset) readLayouts(fsys fs.FS) []string {
	e.listsFS = fsys
	e.listing = map[string]bool{}
	own := map[string]bool{}
	named := map[string][]string{}
	var files []string
	for _, dir := range []string{"_includes", "_layouts"} {
		_ = fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || len(files) >= maxLayouts {
				return nil
			}
			data, err := fs.ReadFile(fsys, p)
			if err != nil {
				return nil
			}
			files = append(files, p)
			own[p], named[p] = listsCollection(data), refs(fsys, data, e.templateExts())
			return nil
		})
	}
	var lists func(p string, depth int) bool
	lists = func(p string, depth int) bool {
		if own[p] {
			return true
		}
		if depth == 0 {
			return false
		}
		return slices.ContainsFunc(named[p], func(q string) bool { return lists(q, depth-1) })
	}
	for _, p := range files {
		e.listing[p] = lists(p, 10)
	}
	return files
}

// maxLayouts is the most templates readLayouts reads.
const maxLayouts = 1000

// sourced reports whether the template at rel lists a collection, by its
// own text or by the layouts and includes it names: as readLayouts found
// them, or, for one it did not read (made since: watch mode), read now.
func (e *Preset) sourced(rel string) bool {
	return e.lists(rel, 10)
}

func (e *Preset) lists(rel string, depth int) bool {
	if v, ok := e.listing[rel]; ok {
		return v
	}
	data, err := fs.ReadFile(e.listsFS, rel)
	if err != nil {
		return false
	}
	return listsCollection(data) || depth > 0 && slices.ContainsFunc(refs(e.listsFS, data, e.templateExts()), func(f string) bool { return e.lists(f, depth-1) })
}
