package sveltekit

// The loads of a project's routes, read without running them: which
// route's pages are Markdown files, and which routes list them.

import (
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// loadFiles are the names of a route's load modules, which run before
// its page is rendered: the universal load and the server's.
var loadFiles = []string{"+page.js", "+page.ts", "+page.server.js", "+page.server.ts"}

// endpointFiles are the names of an endpoint's module.
var endpointFiles = []string{"+server.js", "+server.ts"}

// libAliases are the path aliases SvelteKit gives every project: $lib
// is src/lib.
var libAliases = jscode.Aliases{Base: ".", Paths: map[string]string{"$lib": "src/lib", "$lib/*": "src/lib/*"}}

// oneParam matches a route folder's name that is one parameter: [slug];
// not a rest parameter, an optional one or one with a matcher.
var oneParam = lazyre.MustCompile(`^\[(\w+)\]$`)

// fileOfParam matches a template literal that names one file by a
// parameter: the folder, the parameter (params.slug, or slug), the
// extension (`../../posts/${params.slug}.md`).
var fileOfParam = lazyre.MustCompile("^`((?:[^`$]|\\$[^{`])*/)\\$\\{\\s*(?:params\\s*\\.\\s*)?(\\w+)\\s*\\}(\\.\\w+)`$")

// listDepth is how far the reader follows what a load reads to find a
// glob: the modules it imports and the endpoints it fetches (1), and the
// modules those import (2).
const listDepth = 2

// ReadFolder reads the routes of the project folder (see [ReadRoutes])
// and keeps them; it returns the files it read or looked for.
func (s *Preset) ReadFolder(f generator.Folder) []string {
	r := newLoadReader(f.Settings, f.Limits)
	s.Markdown, s.Lists, s.ListRoutes = r.routes()
	s.read = r.Read
	f.Warning(r.Over("a route that needs it is not joined: its pages stay as the build wrote them"))
	return s.read
}

// ReadRoutes finds, in the project folder src, the routes with one
// parameter [P] whose pages are the Markdown files of a folder, and the
// routes whose pages list those files; it returns them with the files
// it read or looked for.
//
// A route is over Markdown when one of its load modules (+page.js,
// +page.server.js, or .ts) names the file of its parameter in one
// folder by a template literal, `DIR/${params.P}.md` (or ${P}, with .md
// or .svx), given to a dynamic import(), as the blog starters import a
// post, or used as a key of the modules that an import.meta.glob of
// `DIR/*.md` in the same module gives. DIR is relative to the module
// (./, ../), to the project folder (/src/posts/, as Vite reads a glob),
// or $lib's (src/lib). A route lists the Markdown files when its load
// modules, the modules they import (by a relative path or $lib) or the
// endpoints they fetch (fetch('/api/posts.json'), a route's +server.js)
// and the modules those import, glob the folder of a route over Markdown
// (import.meta.glob('/src/posts/*.md')), and it is not that route. The
// code is read as tokens, never run, each module once, within
// limits.settings_bytes and limits.js_tokens, and all of them together
// within limits.settings_bytes; a module that cannot be read (past a
// limit, a link out of the project) says nothing.
func ReadRoutes(src fs.FS, lim limits.Limits) (markdown []MarkdownRoute, lists, listRoutes []string, read []string) {
	r := newLoadReader(src, lim)
	markdown, lists, listRoutes = r.routes()
	return markdown, lists, listRoutes, r.Read
}

// loadReader reads the modules of a project's routes, each once.
type loadReader struct {
	*jscode.Modules
	// globbed are the patterns found from each module, by its name and
	// how deep they were looked for.
	globbed map[globbedKey][]string
}

// globbedKey is a module's name and how deep its globs were looked for.
type globbedKey struct {
	name  string
	depth int
}

// newLoadReader returns a reader of the project folder src within lim.
func newLoadReader(src fs.FS, lim limits.Limits) *loadReader {
	return &loadReader{Modules: jscode.NewModules(src, lim), globbed: map[globbedKey][]string{}}
}

// route is a folder of src/routes with a page component.
type route struct {
	dir, component string
}

// routes reads the routes of the project: those over Markdown, then the
// components of those that list their files, without and with a
// parameter.
func (r *loadReader) routes() (markdown []MarkdownRoute, lists, listRoutes []string) {
	var all []route
	_ = fs.WalkDir(r.FS, routesDir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
		case d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".") && p != routesDir):
			return fs.SkipDir
		case !d.IsDir() && pageComponent(d.Name()):
			dir := path.Dir(p)
			if i := slices.IndexFunc(all, func(o route) bool { return o.dir == dir }); i < 0 {
				all = append(all, route{dir: dir, component: p})
			}
		}
		return nil
	})
	for _, rt := range all {
		if mr, ok := r.markdownRoute(rt); ok {
			markdown = append(markdown, mr)
		}
	}
	if len(markdown) == 0 {
		return nil, nil, nil
	}
	for _, rt := range all {
		if slices.ContainsFunc(markdown, func(m MarkdownRoute) bool { return m.Route == rt.dir }) {
			continue
		}
		globs := map[string]bool{}
		for _, name := range loadFiles {
			r.globs(path.Join(rt.dir, name), listDepth, globs)
		}
		if !slices.ContainsFunc(markdown, func(m MarkdownRoute) bool { return globs[m.Folder+"/*"+m.Ext] }) {
			continue
		}
		if _, ok := routeURL(rt.component); ok {
			lists = append(lists, rt.component)
		} else {
			listRoutes = append(listRoutes, rt.component) // a route with a parameter
		}
	}
	return markdown, lists, listRoutes
}

// markdownRoute reads the load modules of the route rt, when its folder
// is one parameter, for the Markdown file they name by it.
func (r *loadReader) markdownRoute(rt route) (MarkdownRoute, bool) {
	m := oneParam().FindStringSubmatch(path.Base(rt.dir))
	if m == nil {
		return MarkdownRoute{}, false
	}
	u, ok := routeURL(path.Join(path.Dir(rt.dir), "x", path.Base(rt.component)))
	if !ok || !strings.HasSuffix(u, "/x/") || strings.Contains(path.Dir(rt.dir), "[") {
		return MarkdownRoute{}, false // a parameter above it too
	}
	url := strings.TrimSuffix(u, "x/") + paramMark + "/"
	for _, name := range loadFiles {
		mod := r.Get(path.Join(rt.dir, name))
		if mod == nil {
			continue
		}
		folder, ext, ok := fileByParam(mod, m[1])
		r.LetGo(mod)
		if ok {
			return MarkdownRoute{Route: rt.dir, Folder: folder, Ext: ext, URL: url}, true
		}
	}
	return MarkdownRoute{}, false
}

// fileByParam returns the folder and extension of the Markdown file that
// the module m names by the parameter param, given to import() or used
// as a key of a glob of that folder in m.
func fileByParam(m *jscode.Module, param string) (folder, ext string, ok bool) {
	var globbed []string
	for i := range m.Toks {
		if pat, ok := globCall(m, i); ok {
			globbed = append(globbed, pat...)
		}
	}
	for i, t := range m.Toks {
		if t.Kind != jsconfig.Template {
			continue
		}
		g := fileOfParam().FindStringSubmatch(string(m.Src[t.Pos:t.End]))
		if g == nil || g[2] != param || !slices.Contains(markdownExts, g[3]) {
			continue
		}
		dir, ok := globFolder(m.File, g[1])
		if !ok {
			continue
		}
		imported := i >= 2 && m.Toks[i-1].Is("(") && m.Toks[i-2].IsIdent("import")
		keyed := i >= 1 && m.Toks[i-1].Is("[") && slices.ContainsFunc(globbed, func(p string) bool {
			d, ok := globFolder(m.File, strings.TrimSuffix(p, "*"+g[3]))
			return strings.HasSuffix(p, "/*"+g[3]) && ok && d == dir
		})
		if imported || keyed {
			return dir, g[3], true
		}
	}
	return "", "", false
}

// globCall returns the literal patterns of the import.meta.glob call
// that starts at the token i of m: its first argument, a string or an
// array of strings.
func globCall(m *jscode.Module, i int) ([]string, bool) {
	t := m.Toks
	if i+5 >= len(t) || !t[i].IsIdent("import") || !t[i+1].Is(".") || !t[i+2].IsIdent("meta") || !t[i+3].Is(".") || !t[i+4].IsIdent("glob") || !t[i+5].Is("(") {
		return nil, false
	}
	j := i + 6
	if j < len(t) && t[j].Kind == jsconfig.String {
		return []string{t[j].Text}, true
	}
	if j >= len(t) || !t[j].Is("[") || m.Match[j] < 0 {
		return nil, false
	}
	var out []string
	for k := j + 1; k < m.Match[j]; k++ {
		if t[k].Kind == jsconfig.String {
			out = append(out, t[k].Text)
		}
	}
	return out, true
}

// globFolder returns the folder, relative to the project folder, that
// the start of a glob or an import's path names (it ends in "/"), as Vite
// resolves it from the module at from: relative to the module (./,
// ../), to the project folder (/), or $lib's. ok is false for any other
// start, and a path out of the project.
func globFolder(from, start string) (string, bool) {
	var p string
	switch {
	case strings.HasPrefix(start, "./") || strings.HasPrefix(start, "../"):
		p = path.Join(path.Dir(from), start)
	case strings.HasPrefix(start, "/"):
		p = start[1:]
	case strings.HasPrefix(start, "$lib/"):
		p = "src/lib/" + start[len("$lib/"):]
	default:
		return "", false
	}
	p = path.Clean(p)
	if !fs.ValidPath(p) || p == "." {
		return "", false
	}
	return p, true
}

// globs adds to seen the patterns, each of its folder relative to the
// project folder ("src/posts/*.md"), of the import.meta.glob calls of
// the module at name, and, depth more deep, of the modules it imports
// by a relative path or $lib and the endpoints it fetches.
func (r *loadReader) globs(name string, depth int, seen map[string]bool) {
	k := globbedKey{name, depth}
	if pats, ok := r.globbed[k]; ok {
		for _, p := range pats {
			seen[p] = true
		}
		return
	}
	r.globbed[k] = nil // a module that imports itself adds nothing
	found := map[string]bool{}
	r.moduleGlobs(name, depth, found)
	for p := range found {
		seen[p] = true
		r.globbed[k] = append(r.globbed[k], p)
	}
}

// moduleGlobs is globs, not remembered.
func (r *loadReader) moduleGlobs(name string, depth int, seen map[string]bool) {
	m := r.Get(name)
	if m == nil {
		return
	}
	var next []string
	for i, t := range m.Toks {
		if pats, ok := globCall(m, i); ok {
			for _, p := range pats {
				dir, file := path.Split(p)
				if d, ok := globFolder(m.File, dir); ok && dir != "" {
					seen[d+"/"+file] = true
				}
			}
		}
		if depth > 0 && t.IsIdent("fetch") && i+2 < len(m.Toks) && m.Toks[i+1].Is("(") {
			next = append(next, endpoint(m, m.Toks[i+2])...)
		}
	}
	if depth > 0 {
		for _, imp := range m.Imports {
			if to, ok := jscode.Resolve(r.FS, m.File, imp.Spec, libAliases); ok && !slices.Contains(next, to) {
				next = append(next, to)
			}
		}
	}
	r.LetGo(m)
	slices.Sort(next)
	for _, n := range slices.Compact(next) {
		r.globs(n, depth-1, seen)
	}
}

// endpoint returns the modules of the endpoint that the fetch whose
// first argument is the token t of m asks for: a path of the site, as a
// string ('/api/posts.json') or a template that starts with the origin
// (`${url.origin}/api/posts.json`), answered by src/routes/PATH/+server.js.
func endpoint(m *jscode.Module, t jscode.Token) []string {
	var p string
	switch t.Kind {
	case jsconfig.String:
		p = t.Text
	case jsconfig.Template:
		raw := string(m.Src[t.Pos:t.End])
		rest, ok := strings.CutPrefix(raw, "`${")
		if !ok {
			return nil
		}
		_, after, ok := strings.Cut(rest, "}")
		if !ok || !strings.HasSuffix(after, "`") || strings.Contains(after, "${") {
			return nil
		}
		p = strings.TrimSuffix(after, "`")
	default:
		return nil
	}
	p, _, _ = strings.Cut(p, "?")
	if !strings.HasPrefix(p, "/") {
		return nil
	}
	dir := path.Clean(routesDir + p)
	if !strings.HasPrefix(dir, routesDir+"/") || !fs.ValidPath(dir) {
		return nil
	}
	var out []string
	for _, f := range endpointFiles {
		out = append(out, path.Join(dir, f))
	}
	return out
}
