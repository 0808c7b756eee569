package jscode

import (
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
)

// A DataResolver finds what a module imports, for [Module.PageFiles]:
// the module a specifier names (nil for none, a package, or one that
// cannot be read), or the data file (a JSON file, named whole) it names.
type DataResolver interface {
	Module(from, spec string) *Module
	Data(from, spec string) (string, bool)
}

// DataDepth is how many declarations deep PageFiles follows the names a
// route's code uses: its module's own helpers, and the functions and
// constants of the modules it imports.
const DataDepth = 3

// dataWalk is the state of one PageFiles: the files found, the
// declarations already followed.
type dataWalk struct {
	r     DataResolver
	files []string
	seen  map[*Module]map[int]bool
}

// decl reports whether the declaration d of m (a route's getStaticPaths
// or generateStaticParams, a helper) makes its values from its own code
// and data files alone, adding those files to w.files as w.r finds them:
// it names nothing that reads or fetches at build time (fetch, require,
// a dynamic import or import.meta.glob, await, process, the file
// system's and the globbing functions, Astro's content collections and
// Astro.glob), and every other name of a module it uses is an import of
// a JSON file, or a declaration (of m, or exported by a module it
// imports) that is made so in turn, depth more deep. Anything else is
// "not known": false, never a guess.
func (w *dataWalk) decl(m *Module, d Decl, depth int) bool {
	if w.seen[m] == nil {
		w.seen[m] = map[int]bool{}
	}
	if w.seen[m][d.Start] {
		return true // followed already (a recursion, or a second use)
	}
	w.seen[m][d.Start] = true
	for _, name := range m.Idents(d.Start, d.End) {
		if readsAtBuild[name] {
			return false
		}
		if imp, isImport := m.Imports[name]; isImport {
			if !w.imported(m, imp, depth) {
				return false
			}
			continue
		}
		if dd, isDecl := m.Decls[name]; isDecl && dd.Start != d.Start {
			if depth == 0 || !w.decl(m, dd, depth-1) {
				return false
			}
		}
	}
	return true
}

// imported follows an import of m: a JSON file is one of the files; a
// module's declaration is followed, depth more deep.
func (w *dataWalk) imported(m *Module, imp Import, depth int) bool {
	if strings.HasSuffix(strings.ToLower(imp.Spec), ".json") {
		f, ok := w.r.Data(m.File, imp.Spec)
		if ok && !slices.Contains(w.files, f) {
			w.files = append(w.files, f)
		}
		return ok
	}
	if depth == 0 || imp.Name == "*" {
		return false
	}
	mod := w.r.Module(m.File, imp.Spec)
	if mod == nil {
		return false
	}
	d, ok := mod.Exported(imp.Name)
	return ok && w.decl(mod, d, depth-1)
}

// readsAtBuild are the names by which code reads or fetches at build
// time.
var readsAtBuild = map[string]bool{
	"fetch": true, "require": true, "import": true, "await": true, "process": true, "globalThis": true,
	"readdir": true, "readdirSync": true, "readFile": true, "readFileSync": true, "fs": true,
	"glob": true, "globSync": true, "fg": true, "fastGlob": true,
	"Astro": true, "getCollection": true, "getEntry": true, "getEntries": true,
	"XMLHttpRequest": true, "axios": true,
}

// PageFiles reports whether a route module m makes its pages from its
// own code and data files alone: its function that lists them (params),
// by dataWalk.decl's rule (it names nothing that reads or fetches at
// build time, and every name of a module it uses is an import of a JSON
// file or a declaration made so, at most DataDepth deep), and the rest
// of its code, which renders each page, as well: no top-level statement
// of it but its imports names anything that reads or fetches at build
// time (an await but Next.js's await params; Astro but its props, params
// and URL), and each name of the module it uses is an import of a JSON
// file, of a component or a framework's package ui reports (a layout,
// next/link: what any page of the site is laid out with, which never
// dates it), or a declaration made so in turn. It returns the data files
// of both; ok with none is a route whose values are literals.
func (m *Module) PageFiles(params Decl, r DataResolver, ui func(from, spec string) bool) (files []string, ok bool) {
	w := dataWalk{r: r, seen: map[*Module]map[int]bool{}}
	if !w.decl(m, params, DataDepth) {
		return nil, false
	}
	for _, st := range m.statements() {
		s, e := st[0], st[1]
		if s >= params.Start && s < params.End || s < e && m.Toks[s].IsIdent("import") && (s+1 >= e || !m.Toks[s+1].Is("(") && !m.Toks[s+1].Is(".")) {
			continue // the function checked, or an import declaration
		}
		if s+1 < e && m.Toks[s].IsIdent("export") && (m.Toks[s+1].Is("*") || m.Toks[s+1].Is("{")) {
			continue // export … from: a re-export, no code of its own
		}
		for i := s; i < e; i++ {
			t := m.Toks[i]
			if t.Kind != jsconfig.Ident || i > 0 && (m.Toks[i-1].Is(".") || m.Toks[i-1].Is("?.")) {
				continue
			}
			next := func(k int) Token {
				if i+k < e {
					return m.Toks[i+k]
				}
				return Token{}
			}
			switch {
			case t.Text == "await":
				if !next(1).IsIdent("params") {
					return nil, false
				}
			case t.Text == "Astro":
				if next(1).Is(".") && !next(2).IsIdent("props") && !next(2).IsIdent("params") && !next(2).IsIdent("url") && !next(2).IsIdent("site") {
					return nil, false
				}
			case readsAtBuild[t.Text]:
				return nil, false
			}
		}
		for _, name := range m.Idents(s, e) {
			if name == "await" || name == "Astro" {
				continue // judged above
			}
			if imp, isImport := m.Imports[name]; isImport {
				if !strings.HasSuffix(strings.ToLower(imp.Spec), ".json") && ui(m.File, imp.Spec) {
					continue
				}
				if !w.imported(m, imp, DataDepth) {
					return nil, false
				}
				continue
			}
			if dd, isDecl := m.Decls[name]; isDecl && (dd.Start < s || dd.Start >= e) && dd.Start != params.Start {
				if !w.decl(m, dd, DataDepth-1) {
					return nil, false
				}
			}
		}
	}
	return w.files, true
}
