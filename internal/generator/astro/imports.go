package astro

// The modules a route imports: a blog's route often reaches its
// collection through a helper (import { getAllPosts } from
// '../../data/post', or '@/data/post' by an alias of tsconfig.json's
// paths) that calls getCollection. They are read one level deep.

import (
	"bytes"
	"cmp"
	"encoding/json"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// aliases reads the path aliases of the project's tsconfig.json
// through d (see [tsconfigPaths]); nil for none, or a file that cannot
// be read or does not parse (TypeScript's business: a route importing
// by an alias is then not joined).
func aliases(d *generator.Dir) map[string]string {
	name, data, err := d.File("tsconfig.json")
	if err != nil || name == "" {
		return nil
	}
	return tsconfigPaths(data)
}

// tsconfigPaths returns compilerOptions.paths of a tsconfig.json, data
// (JSON with comments and trailing commas), each pattern to its first
// target relative to the project folder (below baseUrl, "." when
// unset); nil for none, or data that is no such JSON. A target that
// leaves the project folder is left out.
func tsconfigPaths(data []byte) map[string]string {
	var cfg struct {
		CompilerOptions struct {
			BaseURL string              `json:"baseUrl"`
			Paths   map[string][]string `json:"paths"`
		} `json:"compilerOptions"`
	}
	if err := json.Unmarshal(plainJSON(data), &cfg); err != nil {
		return nil
	}
	var out map[string]string
	for pat, targets := range cfg.CompilerOptions.Paths {
		if len(targets) == 0 || pat == "" {
			continue
		}
		t := path.Join(cfg.CompilerOptions.BaseURL, targets[0])
		if path.IsAbs(t) || t == ".." || strings.HasPrefix(t, "../") {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[pat] = t
	}
	return out
}

// plainJSON returns data, JSON with comments (// and /* */) and commas
// before a closing bracket, as TypeScript reads tsconfig.json, without
// them: plain JSON. Strings are kept as they are.
func plainJSON(data []byte) []byte {
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(data) && data[j] != '"' {
				if data[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(data)-1)
			out = append(out, data[i:j+1]...)
			i = j
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			out = append(out, '\n')
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			end := bytes.Index(data[i+2:], []byte("*/"))
			if end < 0 {
				return out
			}
			i += end + 3
			out = append(out, ' ')
		case c == '}' || c == ']':
			// A comma before it, past white space, is dropped.
			k := len(out) - 1
			for k >= 0 && (out[k] == ' ' || out[k] == '\t' || out[k] == '\n' || out[k] == '\r') {
				k--
			}
			if k >= 0 && out[k] == ',' {
				out = append(out[:k], out[k+1:]...)
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

var (
	// importFrom is an import of named bindings from a module:
	// import { a, b as c } from 'spec'; import d, { a } from "spec".
	importFrom = lazyre.MustCompile(`(?m)^\s*import\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]`)
	// getCollections are the calls that name a collection.
	getCollections = lazyre.MustCompile(`getCollection\(\s*['"]([\w-]+)['"]`)
	// ident is a JavaScript identifier, as the bindings of an import
	// name them.
	ident = lazyre.MustCompile(`^[A-Za-z_$][\w$]*$`)
	// topLevel starts a declaration at the top of a module.
	// declared names a function of a module's top level: function f,
	// const f = ….
	declared = lazyre.MustCompile(`(?m)^(?:export\s+)?(?:async\s+)?(?:function\s*\*?\s*([A-Za-z_$][\w$]*)|(?:const|let|var)\s+([A-Za-z_$][\w$]*))`)
	topLevel = lazyre.MustCompile(`(?m)^(?:export\s+)?(?:async\s+)?(?:function\b|const\b|let\b|var\b|class\b)`)
)

// moduleExts are the extensions a module specifier may leave out, in
// the order Vite tries them, and its index files.
var moduleExts = []string{"", ".ts", ".mts", ".js", ".mjs", ".tsx", ".jsx", "/index.ts", "/index.js"}

// importedCollection returns the collection that code, a route file at
// rel in the source folder src (relative to the project folder srcDir),
// reads through a function it imports and its getStaticPaths calls (any
// of its code, when it declares none): the one name of the
// getCollection calls of that function's declaration in its module,
// else of the whole module. "" when there is none, or several names.
// Only modules imported by a relative path or an alias are read (one
// level: not the modules they import); .astro components are not.
// module is the file of the function that answered.
func (a *Preset) importedCollection(src fs.FS, srcDir, rel, code string) (name, module string) {
	var names []string
	// The functions getStaticPaths calls, when the route declares it:
	// not those of the page's own code after it (its authors, its tags).
	calls := code
	if d := declaration(code, "getStaticPaths"); len(d) < len(code) {
		calls = d
	}
	for _, m := range importFrom().FindAllStringSubmatch(code, -1) {
		spec := m[2]
		file := a.resolve(src, srcDir, path.Dir(rel), spec)
		if file == "" {
			continue
		}
		data, err := fs.ReadFile(src, file)
		if err != nil {
			continue
		}
		mod := string(data)
		for _, b := range strings.Split(m[1], ",") {
			fn, local, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(b), "type ")), " as ")
			fn, local = strings.TrimSpace(fn), strings.TrimSpace(local)
			if local == "" {
				local = fn
			}
			if !ident().MatchString(fn) || !ident().MatchString(local) || !regexp.MustCompile(`\b`+regexp.QuoteMeta(local)+`\s*\(`).MatchString(calls) {
				continue // imported, not called by getStaticPaths
			}
			if found := moduleCollections(mod, fn); len(found) > 0 {
				names, module = append(names, found...), file
			}
		}
	}
	slices.Sort(names)
	if names = slices.Compact(names); len(names) != 1 {
		return "", ""
	}
	return names[0], module
}

// moduleCollections returns the collections that the function fn of
// the module mod reads: the getCollection calls of its declaration, else
// of the functions of mod it calls, one step (fuwari's getSortedPosts
// calls getRawSortedPosts, which calls getCollection); the whole
// module's when mod declares no fn.
func moduleCollections(mod, fn string) []string {
	decl := declaration(mod, fn)
	if found := collectionsOf(decl); len(found) > 0 || len(decl) == len(mod) {
		return found
	}
	var out []string
	for _, m := range declared().FindAllStringSubmatch(mod, -1) {
		callee := cmp.Or(m[1], m[2])
		if callee == fn || !regexp.MustCompile(`\b`+regexp.QuoteMeta(callee)+`\s*\(`).MatchString(decl) {
			continue
		}
		if d := declaration(mod, callee); len(d) < len(mod) {
			out = append(out, collectionsOf(d)...)
		}
	}
	return out
}

// declaration returns the text of the top-level declaration of fn in
// mod (function fn, const fn = …) up to the next one; mod whole when
// there is none.
func declaration(mod, fn string) string {
	re := regexp.MustCompile(`(?m)^(?:export\s+)?(?:async\s+)?(?:function\s*\*?\s*` + regexp.QuoteMeta(fn) + `\b|(?:const|let|var)\s+` + regexp.QuoteMeta(fn) + `\b)`)
	at := re.FindStringIndex(mod)
	if at == nil {
		return mod
	}
	rest := mod[at[1]:]
	if next := topLevel().FindStringIndex(rest); next != nil {
		rest = rest[:next[0]]
	}
	return rest
}

// collectionsOf returns the collections code's getCollection calls
// name.
func collectionsOf(code string) []string {
	var out []string
	for _, m := range getCollections().FindAllStringSubmatch(code, -1) {
		out = append(out, m[1])
	}
	return out
}

// resolve returns the file of src that the module specifier spec of a
// file in the folder dir (of src) names, by a relative path or an alias
// of a.Aliases (relative to the project folder, of which src is srcDir);
// "" for none, a package, an .astro component or a file outside src.
func (a *Preset) resolve(src fs.FS, srcDir, dir, spec string) string {
	var p string
	switch {
	case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../"):
		p = path.Join(dir, spec)
	default:
		target, ok := alias(a.Aliases, spec)
		if !ok {
			return ""
		}
		in, ok := strings.CutPrefix(path.Clean(target), path.Clean(srcDir)+"/")
		if srcDir == "" || srcDir == "." {
			in, ok = path.Clean(target), true
		}
		if !ok {
			return ""
		}
		p = in
	}
	if p == ".." || strings.HasPrefix(p, "../") || strings.HasSuffix(p, ".astro") {
		return ""
	}
	for _, ext := range moduleExts {
		if st, err := fs.Stat(src, p+ext); err == nil && st.Mode().IsRegular() {
			return p + ext
		}
	}
	return ""
}

// alias returns what the module specifier spec names by one of the
// aliases, as TypeScript matches its paths: a pattern with a "*" takes
// what the star stands for into its target's; one without is the
// specifier alone. The longest prefix wins.
func alias(aliases map[string]string, spec string) (string, bool) {
	best, target := -1, ""
	for pat, t := range aliases {
		pre, post, star := strings.Cut(pat, "*")
		switch {
		case !star && spec == pat && len(pat) > best:
			best, target = len(pat), t
		case star && strings.HasPrefix(spec, pre) && strings.HasSuffix(spec, post) && len(spec) >= len(pre)+len(post) && len(pre) > best:
			best, target = len(pre), strings.Replace(t, "*", spec[len(pre):len(spec)-len(post)], 1)
		}
	}
	return target, best >= 0
}
