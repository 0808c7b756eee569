// Package plain is the preset of a folder of Markdown and HTML files that
// no generator owns: content mode's, when no generator's configuration is
// found (or --preset plain).
package plain

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

// Loader loads the plain preset, whatever the folder holds.
type Loader struct{}

var (
	_ generator.Loader = Loader{}
	_ generator.Preset = Preset{}
)

// Load returns the plain preset; no folder has a configuration of it.
func (Loader) Load(*generator.Dir) (generator.Preset, bool, error) {
	return Preset{}, false, nil
}

// content lists the extensions Plain takes for pages: Markdown in
// the spellings Hugo and Jekyll know, HTML, and the other markup formats
// Hugo renders.
var content = map[string]bool{
	".md": true, ".markdown": true, ".mdown": true, ".mkdn": true, ".mkd": true, ".mkdown": true,
	".html": true, ".htm": true, ".xhtml": true,
	".adoc": true, ".asciidoc": true, ".org": true, ".pdc": true, ".pandoc": true, ".rst": true,
}

// Preset is the preset for a folder of Markdown and HTML files that no
// generator owns. It publishes every page at a pretty URL:
//
//	about.md           /about/
//	docs/index.md      /docs/
//	docs/setup.html    /docs/setup/
//	index.md           /
//
// Extensions are compared without regard to case: Markdown (.md,
// .markdown, .mdown, .mkdn, .mkd, .mkdown), HTML (.html, .htm, .xhtml)
// and .adoc, .asciidoc, .org, .pdc, .pandoc, .rst. Any other file is not
// a page, nor is a file or folder whose name starts with "." or "_"
// (hidden files, and partials as most generators name them). The path
// keeps its case and characters.
type Preset struct{}

// URLPath returns p's path without its extension, as a folder: "index"
// names its folder. Front matter is not consulted.
func (Preset) URLPath(p generator.Page) (string, bool) {
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok {
		return "", false
	}
	for _, el := range strings.Split(rel, "/") {
		if strings.HasPrefix(el, ".") || strings.HasPrefix(el, "_") {
			return "", false
		}
	}
	dir, file := path.Split(rel)
	name, ext := srcpath.SplitExt(file)
	if !content[strings.ToLower(ext)] {
		return "", false
	}
	if name == "index" {
		return "/" + dir, true
	}
	return "/" + dir + name + "/", true
}

// FileRules reads all of a file's front matter.
func (Preset) FileRules(string) generator.FileRules {
	return generator.FileRules{Reading: generator.AllFrontMatter}
}

// Rules are those of no generator: its name, "plain".
func (Preset) Rules() generator.Rules { return generator.Rules{Name: "plain"} }
