package next

// Routes over Markdown: a dynamic route whose code lists a folder of
// Markdown files and gives each file's name as its parameter, read
// without running it (see [Preset.ReadFolder]).

import (
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// MarkdownRoute is a dynamic route whose pages are the Markdown files
// of a folder, one page each, the route's parameter the file's name
// without its extension.
type MarkdownRoute struct {
	// File is the route's file, relative to the preset's folder
	// ("pages/[post].tsx", "app/notes/[slug]/page.tsx").
	File string
	// Folder is the folder of the Markdown files, relative to the
	// preset's folder ("posts").
	Folder string
	// Exts are the extensions of its files (".md", ".mdx").
	Exts []string
	// URL is the route's URL path, its parameter's element as
	// [paramMark].
	URL string
	// Recursive says the files of Folder's subfolders are pages too,
	// each at its file's name alone (content/blog/series/part-1.mdx at
	// /blog/part-1): the code lists the folder's tree (readdir with
	// recursive: true, a function that calls itself on a subfolder, a
	// glob of DIR/**/*.md) and gives path.basename as the parameter.
	Recursive bool
}

// paramMark stands for the route's parameter in MarkdownRoute.URL.
const paramMark = "\x00"

// routeFolders are the folders of a project's routes.
var routeFolders = []string{"pages", "app", "src/pages", "src/app"}

// codeExts are the extensions of a route's code.
var codeExts = []string{".js", ".jsx", ".ts", ".tsx"}

// ReadFolder reads the dynamic routes of the project folder whose pages
// are Markdown files (see [ReadMarkdownRoutes]), the pages that list
// them, and the dynamic routes whose pages are made from JSON files
// (Preset.Data), each module within limits.settings_bytes, and all of
// them together too; the first module past that is a warning. It
// returns the files it read: the routes, the modules and data files.
func (p *Preset) ReadFolder(f generator.Folder) []string {
	p.src, p.lim = f.Settings, f.Limits
	r := newCodeReader(f.Settings, f.Limits)
	p.Markdown = r.markdownRoutes()
	if len(p.Markdown) > 0 {
		l := r.listingPages(p.Markdown)
		p.Lists, p.Newest, p.ListRoutes = l.Pages, l.Newest, l.Routes
	}
	p.judged = map[string]bool{}
	p.Data = r.dataRoutes(p.Markdown, p.judged)
	p.read = r.Read
	f.Warning(r.Over("a route that needs it is not joined: its pages stay as the build wrote them"))
	return p.read
}

// ReadMarkdownRoutes finds, in the project folder src, the dynamic
// routes with one parameter [P] whose pages are the Markdown files of a
// folder, and returns them with the files it read (the routes, the
// modules they import, tsconfig.json).
//
// A route is one when its code (pages router: getStaticPaths; app
// router: generateStaticParams), or the functions it calls in a module it
// imports by a relative path or a tsconfig.json alias (one level deep),
// lists one folder of the project: a string literal joined to
// process.cwd() (path.join(process.cwd(), 'posts'), also with a Markdown
// file of it after: `${slug}.md`), given to readdir, readdirSync or a
// glob ('posts/*.md') directly, through path.join or path.resolve, or as
// a constant bound to it (const dir = 'posts'), or given by the route as
// the argument of a function whose parameter is joined so
// (entries('posts')); names a Markdown extension (.md, .mdx: the one it
// strips or filters on); and gives P as a key of the parameters
// ({ params: { P: … } }, { P: … }, { P }), a file's name, or has its
// page read the Markdown file P names (see [codeReader.namesFiles]): a
// route that gives each post's tags as P publishes no post. A folder
// listed with its
// subfolders (readdir's recursive: true, a function that lists a folder
// and calls itself, a glob 'posts/**/*.md') whose files the code keys by
// path.basename is Recursive: a file anywhere in it is a page at its
// name alone; listed so but keyed otherwise, its subfolders' files are
// not joined (and a glob of its tree not at all). A folder read by a computed
// path (a variable, a template, __dirname), two folders, a route over an
// API or a catch-all route [...P] is not joined: its pages stay as the
// build wrote them. The code is read as tokens, never run, each file
// within limits.settings_bytes and limits.js_tokens; a file that cannot
// be read (past a limit, a link out of the project) joins nothing.
func ReadMarkdownRoutes(src fs.FS, lim limits.Limits) ([]MarkdownRoute, []string) {
	r := newCodeReader(src, lim)
	return r.markdownRoutes(), r.Read
}

// markdownRoutes is ReadMarkdownRoutes, the files read r's.
func (r *codeReader) markdownRoutes() []MarkdownRoute {
	var out []MarkdownRoute
	eachRouteFile(r.FS, func(dir, file string) {
		if mr, ok := r.route(dir, file); ok {
			out = append(out, mr)
		}
	})
	return out
}

// eachRouteFile calls fn with each file of the routes' folders of the
// project folder src, and its folder ("app"): node_modules and the pages
// router's api/ left out.
func eachRouteFile(src fs.FS, fn func(dir, file string)) {
	for _, dir := range routeFolders {
		_ = fs.WalkDir(src, dir, func(file string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
			case d.IsDir() && (d.Name() == "node_modules" || d.Name() == "api" && (dir == "pages" || dir == "src/pages") && path.Dir(file) == dir):
				return fs.SkipDir
			case !d.IsDir():
				fn(dir, file)
			}
			return nil
		})
	}
}

// Listing is what [ListingPages] finds: the page files whose code lists
// the folder of a route over Markdown.
type Listing struct {
	// Pages are the routes without a parameter whose pages list (a
	// blog's home page that shows its posts).
	Pages []string
	// Newest are, of Pages, those whose code shows every file of the
	// folder it lists, so the newest, whatever their markup (see
	// [nameFacts.showsAll]), to that folder.
	Newest map[string]string
	// Routes are the routes with a parameter whose pages list (a tag's
	// page that shows the posts it tags).
	Routes []string
}

// ListingPages returns the page files of the project folder src whose
// code (getStaticProps, or the page's default export in the app router,
// and what they call, as [ReadMarkdownRoutes] follows a route's, and one
// import further: a component the page imports whose module imports the
// helper) lists the folder of one of routes: the routes without a
// parameter, and the routes with one that are not among routes. A route
// whose page picks one file (see [nameFacts.picksOne]) lists none: its
// pages are made from data. It returns them with the files it read.
func ListingPages(src fs.FS, lim limits.Limits, routes []MarkdownRoute) (Listing, []string) {
	r := newCodeReader(src, lim)
	return r.listingPages(routes), r.Read
}

// listingPages is ListingPages, the files read r's.
func (r *codeReader) listingPages(routes []MarkdownRoute) Listing {
	var out Listing
	eachRouteFile(r.FS, func(_, file string) {
		dynamic := srcpath.Dynamic().MatchString(file)
		if !srcpath.HasExt(file, codeExts...) || dynamic && slices.ContainsFunc(routes, func(mr MarkdownRoute) bool { return mr.File == file }) {
			return
		}
		// A page of the router: as the route is with a plain name for
		// each parameter.
		if _, ok := (Preset{}).URLPath(generator.Page{Path: paramExpr.Get().ReplaceAllString(file, "p")}); !ok {
			return
		}
		m := r.module(file)
		if m == nil {
			return
		}
		defer r.LetGo(m)
		for _, export := range []string{"getStaticProps", "default"} {
			d, ok := m.Exported(export)
			if !ok {
				continue
			}
			var f folderReads
			scopes := r.reach(m, d, 2)
			for _, s := range scopes {
				f.scan(s)
			}
			if f.computed || !f.listed || len(f.folders) != 1 || len(f.exts) == 0 {
				continue
			}
			if !slices.ContainsFunc(routes, func(mr MarkdownRoute) bool { return mr.Folder == f.folders[0] }) {
				continue
			}
			switch {
			case !dynamic:
				out.Pages = append(out.Pages, file)
				if export == "getStaticProps" {
					// The page renders what getStaticProps gives, after it.
					if d, ok := m.Exported("default"); ok {
						scopes = append(r.reach(m, d, 2), scopes...)
					}
				}
				if newEntryFacts(scopes).showsAll() {
					if out.Newest == nil {
						out.Newest = map[string]string{}
					}
					out.Newest[file] = f.folders[0]
				}
			case !newEntryFacts(scopes).picksOne(file):
				out.Routes = append(out.Routes, file)
			}
			break
		}
	})
	return out
}

// picksOne reports whether the code f reads (see newEntryFacts), the
// page of the route file, picks one entry of what it reads. It finds
// one in a list of entries (find, findIndex, findLast), takes one of
// such a list filtered (posts.filter(…)[0], .at(0), .shift(), .pop(),
// const [post] = posts.filter(…)), or reads a file whose path is made
// from a parameter of the route. A find in another list (a tag's label
// among the tags) picks no entry.
func (f *nameFacts) picksOne(file string) bool {
	holders := brackets{}
	f.learnAll(holders)
	f.known = map[span]bool{}
	for _, s := range f.scopes {
		t := s.m.Toks
		for i := s.d.Start; i+1 < s.d.End; i++ {
			switch tk := t[i]; {
			case afterDot(t, i) && (tk.IsIdent("find") || tk.IsIdent("findIndex") || tk.IsIdent("findLast")) && t[i+1].Is("("):
				if f.chainList(s, f.chainStart(s.m, i-1, s.d.Start), i-1) {
					return true
				}
			case afterDot(t, i) && (tk.IsIdent("at") || tk.IsIdent("shift") || tk.IsIdent("pop")) && t[i+1].Is("("):
				if f.filtersList(s, f.chainStart(s.m, i-1, s.d.Start), i-1) {
					return true
				}
			case tk.Is("[") && i > s.d.Start && s.m.Match[i] == i+2 && t[i+1].Kind == jsconfig.Number:
				if f.filtersList(s, f.chainStart(s.m, i, s.d.Start), i) {
					return true
				}
			case tk.Is("[") && i > s.d.Start && (t[i-1].IsIdent("const") || t[i-1].IsIdent("let") || t[i-1].IsIdent("var")) && s.m.Match[i] > i:
				if eq := s.m.Match[i] + 1; eq+1 < s.d.End && t[eq].Is("=") && f.filtersList(s, eq+1, exprEnd(s.m, eq+1, s.d.End)) {
					return true
				}
			}
		}
	}
	for _, m := range paramExpr.Get().FindAllStringSubmatch(file, -1) {
		if reads, _ := readsByParam(f.scopes, m[2]); reads {
			return true
		}
	}
	return false
}

// filtersList reports whether the expression a to b filters a list of
// entries: posts.filter(…).
func (f *nameFacts) filtersList(s *scope, a, b int) bool {
	f.steps += b - a
	a, b = trimExpr(s.m, a, b)
	t := s.m.Toks
	if a >= b || !t[b-1].Is(")") || s.m.Match[b-1] <= a {
		return false
	}
	fn := s.m.Match[b-1] - 1
	return t[fn].IsIdent("filter") && fn-1 > a && afterDot(t, fn) && f.chainList(s, a, fn-1)
}

// routeParam returns the route's parameter and its URL path (the
// parameter's element as paramMark) for the file at rel in the routes'
// folder dir; ok is false for a file that is no dynamic route of one
// parameter, or whose export is not the one its router calls.
func routeParam(dir, rel string) (param, url, export string, ok bool) {
	r := strings.TrimPrefix(rel, dir+"/")
	if !srcpath.HasExt(r, codeExts...) {
		return "", "", "", false
	}
	var params []string
	els := strings.Split(r, "/")
	for i, el := range els {
		name := el
		if i == len(els)-1 {
			name, _ = srcpath.SplitExt(el)
		}
		if m := paramExpr.Get().FindStringSubmatch(name); m != nil && m[0] == name && m[1] == "" && !strings.HasPrefix(name, "[[") && m[2] != "" {
			// One parameter, [slug]; not a catch-all, [...slug] or
			// [[...slug]].
			params = append(params, m[2])
			els[i] = strings.Replace(el, name, paramMark, 1)
		} else if srcpath.Dynamic().MatchString(name) {
			return "", "", "", false // a catch-all, or two parameters in one element
		}
	}
	if len(params) != 1 {
		return "", "", "", false
	}
	static := dir + "/" + strings.Join(els, "/")
	export = "getStaticPaths"
	if strings.HasSuffix(dir, "app") {
		export = "generateStaticParams"
	}
	u, ok := Preset{}.URLPath(generator.Page{Path: static})
	if !ok || strings.Count(u, paramMark) != 1 {
		return "", "", "", false
	}
	return params[0], u, export, true
}

// codeReader reads route files and the modules they import, each once,
// within limits.settings_bytes all together; it lets go of a route's
// tokens once the route is judged (see jscode.Modules), and holds the
// modules the routes import.
type codeReader struct {
	*jscode.Modules
	lim     limits.Limits
	aliases *jscode.Aliases
}

// newCodeReader returns a reader of the project folder src within lim.
func newCodeReader(src fs.FS, lim limits.Limits) *codeReader {
	return &codeReader{Modules: jscode.NewModules(src, lim), lim: lim}
}

// module returns the module at name, read once; nil when it cannot be.
func (r *codeReader) module(name string) *jscode.Module { return r.Get(name) }

// aliasesOf returns the project's path aliases, read once.
func (r *codeReader) aliasesOf() jscode.Aliases {
	if r.aliases == nil {
		a := jscode.ReadAliases(r.FS, r.lim)
		r.aliases = &a
		if a.File != "" {
			r.Read = append(r.Read, a.File)
		}
	}
	return *r.aliases
}

// resolve returns the module that from imports as spec.
func (r *codeReader) resolve(from, spec string) *jscode.Module {
	name, ok := jscode.Resolve(r.FS, from, spec, r.aliasesOf())
	if !ok {
		return nil
	}
	return r.module(name)
}

// scope is a stretch of a module's code that the route runs, with the
// literal arguments its parameters are given.
type scope struct {
	m     *jscode.Module
	d     jscode.Decl
	name  string              // the declaration's name; "" for the route's own export
	bound map[string][]string // a parameter's literal arguments
	// callers are the scopes that call it, each with the name it calls
	// it by there ("entries", "lib.entries").
	callers []caller
}

// caller is a scope that calls another by the name at.
type caller struct {
	s  *scope
	at string
}

// route reads the route file at rel in the routes' folder dir.
func (r *codeReader) route(dir, rel string) (MarkdownRoute, bool) {
	param, url, export, ok := routeParam(dir, rel)
	if !ok {
		return MarkdownRoute{}, false
	}
	m := r.module(rel)
	if m == nil {
		return MarkdownRoute{}, false
	}
	defer r.LetGo(m)
	d, ok := m.Exported(export)
	if !ok {
		return MarkdownRoute{}, false
	}
	scopes := r.reach(m, d, 1)
	var f folderReads
	for _, s := range scopes {
		f.scan(s)
	}
	folder, exts, recursive, ok := f.result(param)
	if !ok || !r.namesFiles(m, scopes, param, export) {
		return MarkdownRoute{}, false
	}
	return MarkdownRoute{File: rel, Folder: folder, Exts: exts, URL: url, Recursive: recursive}, true
}

// namesFiles reports whether the route m gives a file's name as its
// parameter param: paths, the code of its export that lists its pages,
// gives it one (see [givesNames]), or the page reads the Markdown file
// it names (see [readsByParam]): the code of getStaticProps for the
// pages router (paths from getStaticPaths), of the page's default
// export for the app router.
func (r *codeReader) namesFiles(m *jscode.Module, paths []*scope, param, export string) bool {
	if givesNames(paths, param) {
		return true
	}
	page := "getStaticProps"
	if export == "generateStaticParams" {
		page = "default"
	}
	d, ok := m.Exported(page)
	if !ok {
		return false
	}
	_, markdown := readsByParam(r.reach(m, d, 1), param)
	return markdown
}

// reach returns the code the declaration d of the route module m runs:
// d, the route's own functions and constants it names, and those of
// the modules it imports that it names (and, in each such module, the
// functions and constants they name there), each once; hops is how many
// imports deep it follows: 1, the modules the route imports; 2, also
// those they import (a page's component that calls a helper).
func (r *codeReader) reach(m *jscode.Module, d jscode.Decl, hops int) []*scope {
	type key struct {
		m    *jscode.Module
		name string
	}
	seen := map[key]*scope{}
	depth := map[*jscode.Module]int{m: 0} // the imports from m to each module
	first := &scope{m: m, d: d}
	out := []*scope{first}
	work := []*scope{first}
	add := func(in *jscode.Module, name string, d jscode.Decl, from *scope, at string) {
		k := key{in, name}
		s, ok := seen[k]
		if !ok {
			s = &scope{m: in, d: d, name: name, bound: map[string][]string{}}
			seen[k] = s
			out = append(out, s)
			work = append(work, s)
		}
		if c := (caller{from, at}); !slices.Contains(s.callers, c) {
			s.callers = append(s.callers, c)
		}
		// The literal arguments of the caller's calls of it.
		for _, args := range calls(from, at) {
			for i, p := range d.Params {
				if p == "" {
					continue
				}
				if i < len(args) {
					s.bound[p] = append(s.bound[p], args[i])
				} else {
					s.bound[p] = append(s.bound[p], "")
				}
			}
		}
	}
	for len(work) > 0 && len(out) < maxScopes {
		s := work[0]
		work = work[1:]
		for _, id := range s.m.Idents(s.d.Start, s.d.End) {
			if d, ok := s.m.Decls[id]; ok && (d.Start != s.d.Start) {
				add(s.m, id, d, s, id)
				continue
			}
			imp, ok := s.m.Imports[id]
			if !ok || depth[s.m] >= hops {
				continue // imports further away are not followed
			}
			h := r.resolve(s.m.File, imp.Spec)
			if h == nil {
				continue
			}
			if _, ok := depth[h]; !ok {
				depth[h] = depth[s.m] + 1
			}
			if imp.Name != "*" {
				if d, ok := h.Exported(imp.Name); ok {
					add(h, h.Exports[imp.Name], d, s, id)
				}
				continue
			}
			// ns.fn: the module's exports the route names.
			for _, fn := range members(s, id) {
				if d, ok := h.Exported(fn); ok {
					add(h, h.Exports[fn], d, s, id+"."+fn)
				}
			}
		}
	}
	return out
}

// maxScopes bounds the declarations a route's code is followed into.
const maxScopes = 256

// members returns the names the code of s reads of ns: ns.NAME.
func members(s *scope, ns string) []string {
	var out []string
	t := s.m.Toks
	for i := s.d.Start; i+2 < s.d.End; i++ {
		if t[i].IsIdent(ns) && (i == 0 || !t[i-1].Is(".")) && t[i+1].Is(".") && t[i+2].Kind == jsconfig.Ident {
			out = append(out, t[i+2].Text)
		}
	}
	return out
}

// calls returns the arguments of the calls the code of s makes to name
// ("entries", "lib.entries"): each a string literal's value, or "" for
// another expression, by position.
func calls(s *scope, name string) [][]string {
	parts := strings.Split(name, ".")
	t := s.m.Toks
	var out [][]string
	for i := s.d.Start; i+len(parts)*2-1 < s.d.End; i++ {
		j, ok := i, true
		for k, p := range parts {
			if k > 0 {
				if !t[j].Is(".") {
					ok = false
					break
				}
				j++
			}
			if !t[j].IsIdent(p) {
				ok = false
				break
			}
			j++
		}
		if !ok || i > 0 && t[i-1].Is(".") || j >= s.d.End || !t[j].Is("(") {
			continue
		}
		var args []string
		for _, a := range s.m.Args(j) {
			args = append(args, literal(s, a[0], a[1]))
		}
		out = append(out, args)
	}
	return out
}

// literal returns the value of the tokens s to e of sc's module when
// they are one string literal, or a parameter of sc bound to one; ""
// otherwise.
func literal(sc *scope, s, e int) string {
	if e-s != 1 {
		return ""
	}
	t := sc.m.Toks[s]
	switch {
	case t.Kind == jsconfig.String:
		return t.Text
	case t.Kind == jsconfig.Ident && len(sc.bound[t.Text]) == 1:
		return sc.bound[t.Text][0]
	}
	return ""
}

// folderReads are what a route's code says of the folder it lists.
type folderReads struct {
	folders  []string // the folders named, relative to the project
	computed bool     // a folder named by an expression that is no literal
	listed   bool     // a folder is listed: readdir, readdirSync, a glob
	tree     bool     // with its subfolders: recursive: true, a listing function that calls itself
	treeGlob bool     // by a glob of its tree: 'posts/**/*.md'
	basename bool     // path.basename is called: a file's name without its folders
	exts     []string // the Markdown extensions named
	keys     map[string]bool
}

// listsFolder reports whether name is a function that lists a folder's
// files.
func listsFolder(name string) bool {
	switch name {
	case "readdir", "readdirSync", "glob", "globSync", "globby", "globbySync", "sync", "fg":
		return true
	}
	return false
}

// markdownExt matches a Markdown extension in a string or a regular
// expression: ".md", "\.mdx?$".
var markdownExt = lazyre.Regexp{Expr: `\\?\.mdx?\b(\?)?`}

// cwdTemplate is a template literal that names a folder in the project:
// `${process.cwd()}/posts`.
var cwdTemplate = lazyre.Regexp{Expr: "^`\\$\\{process\\.cwd\\(\\)\\}/([^`$]*)`$"}

// scan reads the code of s.
func (f *folderReads) scan(s *scope) {
	if f.keys == nil {
		f.keys = map[string]bool{}
	}
	t := s.m.Toks
	listedBefore, self := f.listed, false
	f.listed = false // whether s lists, for now
	for i := s.d.Start; i < s.d.End; i++ {
		switch tk := t[i]; {
		case tk.Kind == jsconfig.String || tk.Kind == jsconfig.Regex:
			for _, m := range markdownExt.Get().FindAllStringSubmatch(tk.Text, -1) {
				ext := strings.TrimPrefix(strings.TrimSuffix(m[0], "?"), `\`)
				if m[1] != "" {
					f.exts = append(f.exts, ".md", ".mdx")
				} else {
					f.exts = append(f.exts, ext)
				}
			}
			if tk.Kind == jsconfig.String && i > 1 && t[i-1].Is("(") && isList(t, i-2) {
				f.listed = true
				f.glob(tk.Text)
				f.recursiveOption(s, i-1)
			}
		case tk.Kind == jsconfig.Template:
			if m := cwdTemplate.Get().FindStringSubmatch(string(s.m.Src[tk.Pos:tk.End])); m != nil {
				f.add(m[1])
			} else if strings.Contains(string(s.m.Src[tk.Pos:tk.End]), "process.cwd()") {
				f.computed = true
			}
		case tk.IsIdent("process") && i+4 < s.d.End && t[i+1].Is(".") && t[i+2].IsIdent("cwd") && t[i+3].Is("(") && t[i+4].Is(")"):
			if i >= 2 && t[i-1].Is("=") && t[i-2].Kind == jsconfig.Ident && cwdConst(s.m, t[i-2].Text) {
				continue // const root = process.cwd(): read where root is
			}
			f.cwd(s, i, 5)
		case tk.Kind == jsconfig.Ident && (i == 0 || !t[i-1].Is(".")) && !(i+1 < s.d.End && t[i+1].Is("=")) &&
			!slices.Contains(s.d.Params, tk.Text) && cwdConst(s.m, tk.Text):
			f.cwd(s, i, 1)
		case tk.Kind == jsconfig.Ident && i+1 < s.d.End && (t[i+1].Is(":") || (t[i+1].Is(",") || t[i+1].Is("}")) && i > 0 && (t[i-1].Is("{") || t[i-1].Is(","))):
			f.keys[tk.Text] = true
			if isList(t, i) && t[i+1].Is("(") {
				f.listed = true
			}
		case tk.Kind == jsconfig.Ident && listsFolder(tk.Text) && i+1 < s.d.End && t[i+1].Is("("):
			f.listed = true
			f.listArg(s, i+1)
			f.recursiveOption(s, i+1)
		case tk.IsIdent("basename") && i+1 < s.d.End && t[i+1].Is("("):
			f.basename = true
		case s.name != "" && tk.IsIdent(s.name) && i > s.d.Start && !t[i-1].Is(".") && !t[i-1].IsIdent("function") &&
			i+1 < s.d.End && t[i+1].Is("("):
			self = true
		}
	}
	// A function that lists a folder and calls itself walks its tree.
	f.tree = f.tree || self && f.listed && s.d.Func
	f.listed = f.listed || listedBefore
}

// recursiveOption reads the options of a listing whose parentheses open
// at i: recursive: true lists the folder's subfolders too.
func (f *folderReads) recursiveOption(s *scope, i int) {
	t := s.m.Toks
	args := s.m.Args(i)
	if len(args) < 2 {
		return
	}
	for _, a := range args[1:] {
		for k := a[0]; k+2 < a[1]; k++ {
			if t[k].IsIdent("recursive") && t[k+1].Is(":") && t[k+2].IsIdent("true") {
				f.tree = true
			}
		}
	}
}

// isList reports whether the token at i names a function that lists a
// folder.
func isList(t []jscode.Token, i int) bool {
	return i >= 0 && t[i].Kind == jsconfig.Ident && listsFolder(t[i].Text)
}

// cwd reads process.cwd() at i, its n tokens (or a constant bound to it,
// one): the first argument of path.join or path.resolve, whose other
// arguments name the folder, or the first of a listing; either way
// maybe joined to a string literal (path.join(root + '/posts/')).
func (f *folderReads) cwd(s *scope, i, n int) {
	t := s.m.Toks
	var els []string
	if i+n+1 < s.d.End && t[i+n].Is("+") && t[i+n+1].Kind == jsconfig.String {
		els = append(els, t[i+n+1].Text)
	}
	if len(els) > 0 && i >= 2 && t[i-1].Is("(") && isList(t, i-2) && i+n+2 < s.d.End && t[i+n+2].Is(")") {
		f.add(path.Join(els...)) // readdirSync(root + '/posts')
		return
	}
	if i < 2 || !t[i-1].Is("(") || !(t[i-2].IsIdent("join") || t[i-2].IsIdent("resolve")) {
		if i == 0 || !t[i-1].Is("(") || !isList(t, i-2) {
			f.computed = true // process.cwd() used otherwise
		}
		return
	}
	args := s.m.Args(i - 1)
	if len(args) == 0 || args[0][1] != i+n+2*len(els) {
		f.computed = true // path.join( never closed, or more than cwd + 'lit' first
		return
	}
	for k, a := range args[1:] {
		v := literal(s, a[0], a[1])
		if v == "" && k > 0 && k == len(args)-2 && namesMarkdown(s, a[0], a[1]) {
			// path.join(process.cwd(), 'posts', `${slug}.md`): a file of
			// the folder.
			break
		}
		if v == "" && a[1]-a[0] == 1 && t[a[0]].Kind == jsconfig.Ident && len(s.bound[t[a[0]].Text]) > 1 {
			// A parameter given several literals: a folder each.
			for _, b := range s.bound[t[a[0]].Text] {
				f.add(path.Join(append(els, b)...))
			}
			return
		}
		if v == "" {
			f.computed = true
			return
		}
		els = append(els, v)
	}
	if len(els) == 0 {
		f.computed = true
		return
	}
	f.add(path.Join(els...))
}

// cwdConst reports whether name is a top-level constant of m bound to
// process.cwd(): const root = process.cwd().
func cwdConst(m *jscode.Module, name string) bool {
	d, ok := m.Decls[name]
	if !ok || d.Func {
		return false
	}
	t := m.Toks[d.Start:d.End]
	if len(t) > 0 && t[0].IsIdent("export") {
		t = t[1:]
	}
	if len(t) > 0 && t[len(t)-1].Is(";") {
		t = t[:len(t)-1]
	}
	return len(t) == 8 && t[0].IsIdent("const") && t[1].IsIdent(name) && t[2].Is("=") &&
		t[3].IsIdent("process") && t[4].Is(".") && t[5].IsIdent("cwd") && t[6].Is("(") && t[7].Is(")")
}

// listArg reads the first argument of a listing whose parentheses open
// at i, when it names a folder relative to the working directory
// without process.cwd(): path.join('posts'), path.resolve('./posts'), or
// a constant of the module bound to a string literal (const dir =
// 'posts'). A string literal itself is read by scan, process.cwd() by
// cwd.
func (f *folderReads) listArg(s *scope, i int) {
	args := s.m.Args(i)
	if len(args) == 0 {
		return
	}
	t := s.m.Toks
	a, e := args[0][0], args[0][1]
	if a < e && t[a].IsIdent("path") && a+2 < e && t[a+1].Is(".") {
		a += 2
	}
	switch {
	case e-a == 1 && t[a].Kind == jsconfig.Ident:
		if v, ok := constString(s.m, t[a].Text); ok {
			f.glob(v)
		}
	case a+1 < e && (t[a].IsIdent("join") || t[a].IsIdent("resolve")) && t[a+1].Is("(") && s.m.Match[a+1] == e-1:
		var els []string
		for _, x := range s.m.Args(a + 1) {
			v := literal(s, x[0], x[1])
			if v == "" {
				if x[1]-x[0] == 1 && t[x[0]].IsIdent("__dirname") {
					f.computed = true // the module's folder: not the project's
				}
				return
			}
			els = append(els, v)
		}
		if len(els) > 0 && !strings.HasPrefix(els[0], "/") {
			f.add(path.Join(els...))
		}
	}
}

// constString returns the value of the module's top-level constant
// name when it is bound to a string literal: const name = 'posts'.
func constString(m *jscode.Module, name string) (string, bool) {
	d, ok := m.Decls[name]
	if !ok || d.Func {
		return "", false
	}
	t := m.Toks[d.Start:d.End]
	if len(t) > 0 && t[0].IsIdent("export") {
		t = t[1:]
	}
	if len(t) > 0 && t[len(t)-1].Is(";") {
		t = t[:len(t)-1]
	}
	if len(t) == 4 && t[0].IsIdent("const") && t[1].IsIdent(name) && t[2].Is("=") && t[3].Kind == jsconfig.String {
		return t[3].Text, true
	}
	return "", false
}

// namesMarkdown reports whether the tokens s to e of sc's module name
// a Markdown file: a template or a string with a Markdown extension
// (`${slug}.md`, slug + '.mdx').
func namesMarkdown(sc *scope, s, e int) bool {
	for _, t := range sc.m.Toks[s:e] {
		switch t.Kind {
		case jsconfig.String:
			if markdownExt.Get().MatchString(t.Text) {
				return true
			}
		case jsconfig.Template:
			if markdownExt.Get().MatchString(string(sc.m.Src[t.Pos:t.End])) {
				return true
			}
		}
	}
	return false
}

// glob reads a listing's literal argument: a folder ('posts',
// './posts') or a glob of its Markdown files ('posts/*.md'), or of its
// tree's ('posts/**/*.md').
func (f *folderReads) glob(arg string) {
	dir, file := path.Split(arg)
	if top, ok := strings.CutSuffix(dir, "/**/"); ok && !strings.ContainsAny(top, "*?[{") && strings.HasPrefix(file, "*.") && !strings.ContainsAny(file[2:], "*?[{") {
		f.treeGlob = true
		f.add(top)
		return
	}
	if strings.ContainsAny(dir, "*?[{") {
		f.computed = true
		return
	}
	if strings.ContainsAny(file, "*?[{") {
		if !strings.HasPrefix(file, "*.") {
			f.computed = true
			return
		}
		f.add(dir)
		return
	}
	f.add(arg)
}

// add records a folder named by literals; a file (a name with an
// extension) read by the same code is no folder.
func (f *folderReads) add(dir string) {
	dir = path.Clean(strings.TrimPrefix(dir, "/"))
	if path.Ext(dir) != "" && !strings.HasPrefix(path.Base(dir), ".") {
		return
	}
	if dir == "." || !fs.ValidPath(dir) {
		f.computed = true
		return
	}
	if !slices.Contains(f.folders, dir) {
		f.folders = append(f.folders, dir)
	}
}

// result returns the one folder the code lists, its Markdown
// extensions, and whether its subfolders' files are pages at their
// names alone (MarkdownRoute.Recursive), when it gives param. A glob of
// the folder's tree whose files are not keyed by their names alone
// joins none: which part of their paths is the parameter, the code
// does not say plainly.
func (f *folderReads) result(param string) (string, []string, bool, bool) {
	if f.computed || !f.listed || len(f.folders) != 1 || len(f.exts) == 0 || !f.keys[param] || f.treeGlob && !f.basename {
		return "", nil, false, false
	}
	exts := slices.Compact(slices.Sorted(slices.Values(f.exts)))
	return f.folders[0], exts, (f.tree || f.treeGlob) && f.basename, true
}
