package sphinx

import (
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

var (
	_ generator.Preset   = Preset{}
	_ generator.Includer = Preset{}
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

// FileRules reads no front matter: Sphinx documents have field lists,
// not front matter.
func (Preset) FileRules(string) generator.FileRules { return generator.FileRules{} }

// Rules say where the documents are, without the build folders and
// virtual environments.
func (Preset) Rules() generator.Rules {
	return generator.Rules{Name: "sphinx", Sources: generator.SourceRules{
		Include:  []string{"**/*.rst", "**/*.md"},
		Exclude:  []string{"_build", "build", ".venv", "venv", "env", "node_modules"},
		Describe: func(dir, title string) string { return dir + " (" + title + "'s source folder)" },
	}}
}
