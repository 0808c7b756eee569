package sphinx

import (
	"bufio"
	"bytes"
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

var (
	// rstInclude is reStructuredText's include directive, and Sphinx's
	// literalinclude: ".. include:: ../CHANGELOG.md".
	rstInclude = lazyre.MustCompile(`^\s*\.\.\s+(include|literalinclude)::\s*(\S.*?)\s*$`)
	// mystInclude is MyST's, in a fence of backticks, tildes or colons:
	// "```{include} ../CHANGELOG.md".
	mystInclude = lazyre.MustCompile("^\\s*(?:`{3,}|~{3,}|:{3,})\\s*\\{(include|literalinclude)\\}\\s+(\\S.*?)\\s*$")
)

// Includes returns the files the include and literalinclude directives
// of data name, reStructuredText's in an .rst file and MyST's fences in
// a Markdown file (an rst file included into a Markdown source is read
// as rst, and the other way round). Sphinx resolves a path relative to
// the folder of the document being built, doc (also in a file it
// includes: Sphinx's relfn2path), and a path starting with "/" relative
// to the source folder; docutils' standard includes (<isonum.txt>) are
// not files of the project.
func (Preset) Includes(doc, rel string, data []byte) []generator.Include {
	re := rstInclude()
	if srcpath.HasExt(rel, ".md", ".markdown") {
		re = mystInclude()
	}
	var out []generator.Include
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for sc.Scan() {
		m := re.FindSubmatch(sc.Bytes())
		if m == nil {
			continue
		}
		arg := string(m[2])
		if strings.HasPrefix(arg, "<") && strings.HasSuffix(arg, ">") {
			continue
		}
		p := path.Join(path.Dir(doc), arg)
		if strings.HasPrefix(arg, "/") {
			p = path.Clean(strings.TrimLeft(arg, "/"))
		}
		if p == "." || p == ".." {
			continue
		}
		out = append(out, generator.Include{Path: p, Literal: string(m[1]) == "literalinclude"})
	}
	return out
}
