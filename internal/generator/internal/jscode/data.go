package jscode

import "strings"

// DataImports reports whether the declaration d of m (a route's
// getStaticPaths or generateStaticParams) makes its values from its own
// code and the data files it imports alone, and returns the specifiers
// of those files as written ("../data/projects.json"): every name of the
// module it uses is an import of a JSON file, and it names nothing that
// reads or fetches at build time (fetch, require, a dynamic import or
// import.meta.glob, await, process, the file system's and the globbing
// functions, Astro's content collections and Astro.glob). A name of
// another import (a module whose code could read anything) or of another
// declaration of the module is "not known": ok is false, never a guess.
// ok with no specifier is a route whose values are literals in d.
func (m *Module) DataImports(d Decl) (specs []string, ok bool) {
	own := ""
	for name, dd := range m.Decls {
		if dd.Start == d.Start && dd.End == d.End {
			own = name
		}
	}
	for _, name := range m.Idents(d.Start, d.End) {
		if readsAtBuild[name] {
			return nil, false
		}
		if imp, isImport := m.Imports[name]; isImport {
			if !strings.HasSuffix(strings.ToLower(imp.Spec), ".json") {
				return nil, false
			}
			specs = append(specs, imp.Spec)
			continue
		}
		if _, isDecl := m.Decls[name]; isDecl && name != own {
			return nil, false
		}
	}
	return specs, true
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
