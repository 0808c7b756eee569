package sphinx

import (
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

var (
	_ generator.Preset      = Preset{}
	_ generator.Sourced     = Preset{}
	_ generator.Includer    = Preset{}
	_ generator.FolderNamer = Preset{}
)

// Preset routes the documents of a Sphinx source folder (reStructuredText,
// and Markdown for MyST projects) to NAME.html; the dirhtml builder's
// NAME/ is the same page to a join. Folders named with "_" (_build,
// _static, _templates) hold no documents.
type Preset struct{}

// URLPath returns the URL path of p, a path relative to the source folder.
func (Preset) URLPath(p generator.Page) (string, bool) {
	if !srcpath.HasExt(p.Path, ".rst", ".md") {
		return "", false
	}
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok || srcpath.AnyElement(rel, "_", ".") {
		return "", false
	}
	name, _ := srcpath.SplitExt(rel)
	return "/" + name + ".html", true
}

// SourceFiles returns the documents, without the build folders and
// virtual environments.
func (Preset) SourceFiles() (include, exclude []string) {
	return []string{"**/*.rst", "**/*.md"}, []string{"_build", "build", ".venv", "venv", "env", "node_modules"}
}

// FrontMatter reads none: Sphinx documents have field lists, not front
// matter.
func (Preset) FrontMatter(string) generator.Reading { return generator.Reading{} }

// Name returns "sphinx".
func (Preset) Name() string { return "sphinx" }

// Folders names the source folder dir, for the line of what was found.
func (Preset) Folders(dir, title string) string { return dir + " (" + title + "'s source folder)" }
