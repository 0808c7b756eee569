package eleventy

import (
	"io/fs"
	"path"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

var (
	_ generator.Preset       = (*Preset)(nil)
	_ generator.Refuser      = (*Preset)(nil)
	_ generator.FolderReader = (*Preset)(nil)
)

// Preset routes the templates of an Eleventy input folder: a template
// is written to its path as a folder ("about.md" is "/about/",
// "blog/index.njk" and "blog/blog.njk" "/blog/"), unless its permalink
// names another path, or is false (no page). The permalink is the front
// matter's, or a data file's (see [Preset.ReadData]); its variables
// ({{ page.fileSlug }}, {{ lang }}, {{ title | slugify }}) are filled
// from the data cascade. A permalink with other template syntax, or a
// variable set by code, is decided by Eleventy's data, which sitemapgen
// does not evaluate: such a page is not joined. JavaScript templates
// (.11ty.js) keep their data in code and are not joined either.
type Preset struct {
	// Exclude are the folders of the input folder that hold no
	// templates: its includes, layouts and data folders, and the output.
	Exclude []string
	// Langs are the template languages the project adds to Eleventy's
	// (".vto"; Own.Exts).
	Langs []string
	// Input is the name of the input folder when it is not the project
	// folder ("src"): its own data file (src/src.json) is every
	// template's.
	Input string
	// Dir is the input folder relative to the project folder ("." for
	// the project folder), and Config the configuration file read
	// (eleventy.config.js), "" for none: the files besides the
	// templates that change the pages are theirs (Rules).
	Dir, Config string
	// data are the data files, by path, and global the global data, by
	// name (ReadData); vars are the variables of one name, no dot, that
	// their permalinks use, whose values a template's front matter may
	// set (FileRules asks for them).
	data   map[string]dataFile
	global map[string]any
	vars   []string
	// listing says which templates of the includes and layouts folders
	// list a collection, read from listsFS (readLayouts).
	listing map[string]bool
	listsFS fs.FS
}

// URLPath returns the URL path of p, a path relative to the input folder.
func (e *Preset) URLPath(p generator.Page) (string, bool) {
	u, ok, _ := e.URLPathWhy(p)
	return u, ok
}

// URLPathWhy is URLPath, with the reason a permalink that expands past
// generator.MaxURLBytes gives p no URL.
func (e *Preset) URLPathWhy(p generator.Page) (string, bool, error) {
	if !e.isTemplate(p.Path) {
		return "", false, nil
	}
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok || srcpath.AnyElement(rel, ".") {
		return "", false, nil
	}
	// The data cascade: eleventyComputed, then front matter, then the
	// data files.
	data, computed := e.dataPermalink(rel)
	permalink := value{set: p.Permalink != "" || p.NoPermalink, off: p.NoPermalink, str: p.Permalink}
	if computed.set {
		permalink = computed
	} else if !permalink.set {
		permalink = data
	}
	switch {
	case permalink.off, permalink.unknown:
		return "", false, nil
	case permalink.str != "":
		u, ok, err := expandPermalink(permalink.str, rel, func(name string) (string, bool) { return e.variable(name, rel, p) })
		if !ok {
			return "", false, err
		}
		return srcpath.Resolve("/", u), true, nil
	}
	// A template named like its folder is the folder's index, as
	// index is (TemplatePermalink's _hasDuplicateFolder).
	dir, file := path.Split(rel)
	name, _ := srcpath.SplitExt(file)
	if name == "index" || dir != "" && name == path.Base(dir) {
		return "/" + dir, true, nil
	}
	return "/" + dir + name + "/", true, nil
}

// FileRules reads every template's front matter, but for drafts:
// Eleventy gives draft: true no meaning of its own (a project that wants
// drafts writes a preprocessor that leaves them out of its build), so a
// page it built is never a draft. Front matter in JavaScript ("---js")
// is read for its literal values. It reads the keys that the data
// files' permalinks use as variables, too: the front matter's value of
// one is above the data files' in the cascade.
func (e *Preset) FileRules(string) generator.FileRules {
	return generator.FileRules{Reading: generator.Reading{Read: true, Dates: true, JavaScript: true}, Terms: e.vars}
}

// Rules say where the input folder's templates are, without its
// includes, data and output folders and node_modules; Eleventy's builds
// leave the pages of deleted templates in place, and it has no option
// that empties its output folder.
func (e *Preset) Rules() generator.Rules {
	r := generator.Rules{Name: "eleventy", Output: generator.OutputRules{KeepsOld: true, QuietDeletes: true, CleanBuild: "remove the output folder before npx @11ty/eleventy"}}
	for _, ext := range e.templateExts() {
		r.Sources.Include = append(r.Sources.Include, "**/*"+ext)
	}
	r.Sources.Exclude = append([]string{"node_modules"}, e.Exclude...)
	if e.Config != "" {
		r.Sources.ConfigFiles = []string{e.Config}
	}
	for _, f := range inputFolders {
		if d, ok := srcpath.GlobDir(path.Join(e.Dir, f)); ok {
			r.Sources.Reads = append(r.Sources.Reads, d+"/**")
		}
	}
	r.Sources.Describe = func(dir, title string) string { return dir + " (" + title + "'s input folder)" }
	if e.listsFS != nil {
		r.Pages.Lists.Sourced = e.sourced
	}
	return r
}

// ReadFolder reads the permalinks of the data files of the input folder
// (see [Preset.ReadData]) and which of its layouts and includes list a
// collection (see [Preset.readLayouts]).
func (e *Preset) ReadFolder(f generator.Folder) []string {
	return append(e.ReadData(f.Settings, f.Limits), e.readLayouts(f.Settings)...)
}
