package eleventy

import (
	"io/fs"
	"path"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

var (
	_ generator.Preset      = (*Preset)(nil)
	_ generator.Sourced     = (*Preset)(nil)
	_ generator.RouteReader = (*Preset)(nil)
	_ generator.FolderNamer = (*Preset)(nil)
)

// Preset routes the templates of an Eleventy input folder: a template
// is written to its path as a folder ("about.md" is "/about/",
// "blog/index.njk" and "blog/blog.njk" "/blog/"), unless its permalink
// names another path, or is false (no page). The permalink is the front
// matter's, or a data file's (see [Preset.ReadData]); in it
// {{ page.fileSlug }} and {{ page.filePathStem }} are filled. A permalink
// with any other template syntax ({{ title | slugify }}) or set by code is
// decided by Eleventy's data, which sitemapgen does not evaluate: such a
// page is not joined. JavaScript templates (.11ty.js) keep their data in
// code and are not joined either.
type Preset struct {
	// Exclude are the folders of the input folder that hold no
	// templates: its includes, layouts and data folders, and the output.
	Exclude []string
	// data are the permalinks of the data files, by path (ReadData).
	data map[string]dataFile
}

// exts are the template languages Eleventy 3 renders by default
// whose front matter sitemapgen reads.
var exts = []string{".md", ".html", ".njk", ".liquid", ".hbs", ".mustache", ".ejs", ".haml", ".pug", ".webc"}

// URLPath returns the URL path of p, a path relative to the input folder.
func (e *Preset) URLPath(p generator.Page) (string, bool) {
	if !srcpath.HasExt(p.Path, exts...) {
		return "", false
	}
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok || srcpath.AnyElement(rel, ".") {
		return "", false
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
		return "", false
	case permalink.str != "":
		u, ok := expandPermalink(permalink.str, rel)
		if !ok {
			return "", false
		}
		return srcpath.Resolve("/", u), true
	}
	// A template named like its folder is the folder's index, as
	// index is (TemplatePermalink's _hasDuplicateFolder).
	dir, file := path.Split(rel)
	name, _ := srcpath.SplitExt(file)
	if name == "index" || dir != "" && name == path.Base(dir) {
		return "/" + dir, true
	}
	return "/" + dir + name + "/", true
}

// SourceFiles returns the input folder's templates, without its
// includes, data and output folders and node_modules.
func (e *Preset) SourceFiles() (include, exclude []string) {
	for _, ext := range exts {
		include = append(include, "**/*"+ext)
	}
	return include, append([]string{"node_modules"}, e.Exclude...)
}

// FrontMatter reads every template's.
func (e *Preset) FrontMatter(string) generator.Reading { return generator.AllFrontMatter }

// Name returns "eleventy".
func (e *Preset) Name() string { return "eleventy" }

// ReadRoutes reads the permalinks of the data files of the input folder
// src (see [Preset.ReadData]).
func (e *Preset) ReadRoutes(src fs.FS, _ string, lim limits.Limits) []string {
	return e.ReadData(src, lim)
}

// Folders names the input folder dir, for the line of what was found.
func (e *Preset) Folders(dir, title string) string {
	return dir + " (" + title + "'s input folder)"
}

// KeepsOldOutput reports that Eleventy's builds leave the pages of
// deleted templates in place.
func (e *Preset) KeepsOldOutput() bool { return true }

// CleanBuild: Eleventy has no option that empties its output folder.
func (e *Preset) CleanBuild() string { return "remove the output folder before npx @11ty/eleventy" }
