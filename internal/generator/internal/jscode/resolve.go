package jscode

import (
	"io/fs"
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Aliases are the path aliases of a project's tsconfig.json (or
// jsconfig.json): compilerOptions.paths, relative to baseUrl.
type Aliases struct {
	// Base is compilerOptions.baseUrl, relative to the project folder
	// ("." without one); BaseSet says the file gives one: a bare
	// specifier no path names is then a path under it, as TypeScript
	// resolves it (import { x } from 'app/utils' with baseUrl ".").
	Base    string
	BaseSet bool
	// Paths are the patterns and the first target of each: "@/*" →
	// "./src/*".
	Paths map[string]string
	// File is the file they were read from, "" for none.
	File string
}

// configs are the files whose compilerOptions.paths the TypeScript
// compiler and Next.js read, in the order Next.js looks for them.
var configs = []string{"tsconfig.json", "jsconfig.json"}

// ReadAliases reads the path aliases of the project folder fsys: the
// first of tsconfig.json and jsconfig.json there, read as JavaScript (its
// comments and trailing commas are allowed, as TypeScript allows them),
// within lim. It returns the name of the file it read, "" for none.
func ReadAliases(fsys fs.FS, lim limits.Limits) Aliases {
	for _, name := range configs {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			continue
		}
		a := Aliases{Base: ".", Paths: map[string]string{}, File: name}
		r := jsconfig.NewReader(name, append([]byte("export default "), data...), lim)
		if v, st := r.Str("compilerOptions.baseUrl", ""); st == jsconfig.OK {
			a.Base, a.BaseSet = path.Clean(v.Value), true
		}
		for _, k := range r.Keys("compilerOptions.paths") {
			if strings.Contains(k.Name, ".") {
				continue // not a path the reader can look up
			}
			if to, st := r.Strs("compilerOptions.paths." + k.Name); st == jsconfig.OK && len(to) > 0 {
				a.Paths[k.Name] = to[0]
			}
		}
		return a
	}
	return Aliases{}
}

// exts are the extensions a module specifier may leave out, in the
// order bundlers try them.
var exts = []string{".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts"}

// Resolve returns the path in fsys of the module that the module at
// from (a path in fsys) imports as spec: a relative specifier, or one of
// a's aliases; the file as named, else with one of the extensions a
// bundler adds, else its folder's index. ok is false for a package, a
// path out of fsys, or no such file.
func Resolve(fsys fs.FS, from, spec string, a Aliases) (string, bool) {
	base, ok := specPath(from, spec, a)
	if !ok {
		return "", false
	}
	cands := []string{base}
	for _, e := range exts {
		cands = append(cands, base+e)
	}
	for _, e := range exts {
		cands = append(cands, base+"/index"+e)
	}
	for _, c := range cands {
		if fi, err := fs.Stat(fsys, c); err == nil && fi.Mode().IsRegular() && isModule(c) {
			return c, true
		}
	}
	return "", false
}

// ResolveData returns the path in fsys of the data file (a JSON file,
// named whole: import data from './data.json') that the module at from
// imports as spec, by a relative specifier or one of a's aliases; ok is
// false for a package, a path out of fsys, or no such regular file.
func ResolveData(fsys fs.FS, from, spec string, a Aliases) (string, bool) {
	p, ok := specPath(from, spec, a)
	if !ok || !strings.HasSuffix(strings.ToLower(p), ".json") {
		return "", false
	}
	if fi, err := fs.Stat(fsys, p); err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	return p, true
}

// specPath returns the path in fsys that spec, imported by the module at
// from, names before any extension is tried: a relative specifier's, or
// an alias's target; ok is false for a package or a path out of fsys.
func specPath(from, spec string, a Aliases) (string, bool) {
	var base string
	switch {
	case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../"):
		base = path.Join(path.Dir(from), spec)
	default:
		target, ok := a.target(spec)
		switch {
		case ok:
			base = target
		case a.BaseSet && !strings.HasPrefix(spec, "/") && !strings.Contains(spec, ":"):
			base = path.Join(a.Base, spec) // a package, unless a file is there
		default:
			return "", false
		}
	}
	base = path.Clean(base)
	if !fs.ValidPath(base) || base == "." {
		return "", false
	}
	return base, true
}

// isModule reports whether name is a JavaScript or TypeScript module.
func isModule(name string) bool {
	for _, e := range exts {
		if strings.HasSuffix(name, e) {
			return true
		}
	}
	return false
}

// target returns the path spec names through an alias, relative to the
// project folder: the longest pattern that matches, its * filled.
func (a Aliases) target(spec string) (string, bool) {
	best, to, star := "", "", ""
	for pat, t := range a.Paths {
		prefix, suffix, wild := strings.Cut(pat, "*")
		switch {
		case !wild && spec == pat:
			if len(pat) > len(best) {
				best, to, star = pat, t, ""
			}
		case wild && strings.HasPrefix(spec, prefix) && strings.HasSuffix(spec, suffix) && len(spec) >= len(prefix)+len(suffix):
			if len(pat) > len(best) {
				best, to, star = pat, t, spec[len(prefix):len(spec)-len(suffix)]
			}
		}
	}
	if best == "" {
		return "", false
	}
	return path.Join(a.Base, strings.Replace(to, "*", star, 1)), true
}
