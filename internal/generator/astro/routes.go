package astro

import (
	"io/fs"
	"maps"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

var (
	_ generator.Preset       = (*Preset)(nil)
	_ generator.FolderReader = (*Preset)(nil)
)

// Preset routes the pages of src/pages: .astro components, Markdown and
// MDX, and .html files (Astro 5). Endpoints (.js, .ts) are not pages;
// files and folders named with "_" are left out; a route with a
// parameter ([slug].astro, the pages of a content collection) is built
// by code, which sitemapgen does not run. Markdown front matter gives
// dates (draft: true is no longer honoured by Astro 5, which builds such
// pages); an .astro component's fence is code.
type Preset struct {
	// Pages is the pages folder relative to the source folder: "pages".
	Pages string
	// Collections are the content collections whose entries a route
	// with a parameter publishes one page each (see
	// [Preset.ReadCollections]).
	Collections []Collection
	// Routed is the preset of an integration's pages (Starlight's docs,
	// see [Integration]), asked first; nil for none.
	Routed generator.Preset
	// Paginated are the routes with a parameter, relative to the source
	// folder, that call paginate(), and Shows those whose page's own
	// code reads a collection: their pages are lists.
	Paginated, Shows []string
	// Data are the routes with a parameter whose getStaticPaths makes
	// their pages from its own code and the JSON files it imports alone
	// (see [jscode.Module.PageFiles]), each route relative to the
	// source folder to those files: each page is built from them.
	// modules are the modules of the source folder their code goes
	// through.
	Data    map[string][]string
	modules []string
	// dataSrc and dataDir are the source folder ReadCollections read, and
	// its path relative to the project folder, for the routes made since;
	// judged are the route files it judged.
	dataSrc fs.FS
	dataDir string
	judged  map[string]bool
	// lim bounds the route files' code it reads (ReadFolder's).
	lim limits.Limits
	// Aliases are tsconfig.json's path aliases, each pattern ("@/*",
	// "@utils") to its first target relative to the project folder
	// ("src/*"), by which a route may import the module that reads its
	// collection.
	Aliases map[string]string
}

// Collection is a content collection of Markdown entries that a
// route such as pages/blog/[...slug].astro publishes, one page per entry,
// at the route's path with the parameters getStaticPaths makes of the
// entry (params: { slug: post.id }, as Astro's blog template does; see
// [Param]).
type Collection struct {
	// Base is the folder of the entries, relative to the source folder
	// ("content/blog").
	Base string
	// Route is the route's URL path, each parameter as its file names it
	// ("/blog/[...slug]", "/[...lang]/guides/[slug]"; a folder's
	// index.astro ends in "/"), and Params what getStaticPaths makes of
	// an entry for each.
	Route  string
	Params map[string]Param
	// File is the route's file relative to the source folder; Module
	// the module whose function reads the collection for it, "" when
	// the route calls getCollection itself.
	File, Module string
	// Drafts says that the getCollection call filters on the entries'
	// draft (({ data }) => !data.draft): an entry with draft: true has
	// no page.
	Drafts bool
	// Legacy says the collection is defined without a loader (Astro 4's
	// collections, which Astro 5 emulates): an entry's id is its file's
	// path, its slug the id a glob loader would give it.
	Legacy bool
}

// urlPath returns the URL path of the page of the entry at rel
// (relative to c.Base), p.
func (c Collection) urlPath(rel string, p generator.Page) (string, bool) {
	return routePath(c.Route, func(name string) (string, bool) {
		return c.Params[name].value(rel, p, c.Legacy)
	})
}

// terms returns the front matter keys the parameters read.
func (c Collection) terms() []string {
	var out []string
	for _, p := range c.Params {
		if k := p.dataKey(); k != "" && !slices.Contains(out, strings.ToLower(k)) {
			out = append(out, strings.ToLower(k))
		}
	}
	slices.Sort(out)
	return out
}

// filtersDrafts reports whether a getCollection('name', …) call of code
// filters on draft.
func filtersDrafts(code, name string) bool {
	return regexp.MustCompile(`getCollection\(\s*['"]` + regexp.QuoteMeta(name) + `['"]\s*,[^;]*\bdraft\b`).MatchString(code)
}

// URLPath returns the route of p, a path relative to the source folder.
func (a *Preset) URLPath(p generator.Page) (string, bool) {
	if a.Routed != nil {
		if u, ok := a.Routed.URLPath(p); ok {
			return u, true
		}
	}
	for _, c := range a.Collections {
		if rel, ok := strings.CutPrefix(p.Path, c.Base+"/"); ok {
			if !srcpath.HasExt(rel, ".md", ".mdx", ".markdown") || srcpath.AnyElement(rel, "_", ".") {
				return "", false
			}
			return c.urlPath(rel, p)
		}
	}
	rel, ok := strings.CutPrefix(p.Path, a.Pages+"/")
	if !ok || !srcpath.HasExt(rel, ".astro", ".md", ".mdx", ".markdown", ".html") {
		return "", false
	}
	return srcpath.FileRoute(rel)
}

// ContentConfigs are the files, relative to the source folder, that
// define an Astro site's content collections, in the order Astro looks for
// them (Astro 5, then the older place).
var ContentConfigs = []string{"content.config.ts", "content.config.mts", "content.config.mjs", "content.config.js", "content/config.ts", "content/config.mts", "content/config.mjs", "content/config.js"}

var (
	// paginates is a route's call of paginate(), which makes its
	// pages lists of what it is given.
	paginates = lazyre.MustCompile(`\bpaginate\(`)
	// getCollection is a route's call that names its collection.
	getCollection = lazyre.MustCompile(`getCollection\(\s*['"]([\w-]+)['"]`)
	// globLoader opens a glob loader's options; loaderBase is their base.
	globLoader = lazyre.MustCompile(`\bglob\(\s*\{`)
	// loaderKey is a collection's loader, of any kind.
	loaderKey  = lazyre.MustCompile(`\bloader\s*:`)
	loaderBase = lazyre.MustCompile(`\bbase\s*:\s*['"]([^'"]+)['"]`)
)

// ReadCollections finds, in the source folder src, the routes that
// publish a content collection's entries, one page each, as Astro's blog
// template does: an .astro file of pages with parameters in its path
// (blog/[...slug].astro, [...lang]/guides/[slug].astro) whose
// getStaticPaths calls getCollection('NAME') and gives each entry's page
// parameters made of the entry alone (params: { slug: post.id }, or
// post.slug, the id of Astro 4's collections; see [Param]). A route that
// calls a function it imports from a module of the project (by a
// relative path or an alias of tsconfig.json) takes the one collection
// that function reads (see [Preset.importedCollection]). The
// collection's folder is the base of its glob loader in
// content.config.(ts|js|mjs), else content/NAME (the older collections).
// A route whose page's own code reads a collection (getCollection
// outside getStaticPaths: [...lang]/guides/index.astro, one page a
// language) lists its entries (Shows). Other routes with a parameter
// are left to the generator's code: their pages are not joined.
//
// srcDir is the source folder relative to the project folder ("src"),
// which a loader's base is relative to.
func (a *Preset) ReadCollections(src fs.FS, srcDir string) {
	a.dataSrc, a.dataDir, a.judged = src, srcDir, map[string]bool{}
	cfg := ""
	for _, name := range ContentConfigs {
		if data, err := fs.ReadFile(src, name); err == nil {
			cfg = string(data)
			break
		}
	}
	_ = fs.WalkDir(src, a.Pages, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		route, names, ok := routeOf(strings.TrimPrefix(p, a.Pages+"/"))
		if !ok {
			return nil
		}
		a.judged[p] = true
		data, err := fs.ReadFile(src, p)
		if err != nil {
			return nil
		}
		code := string(data)
		if paginates().MatchString(code) {
			a.Paginated = append(a.Paginated, p)
			return nil
		}
		if c, ok := a.collectionRoute(src, srcDir, p, data, route, names, cfg); ok {
			a.Collections = append(a.Collections, c)
			return nil
		}
		if showsCollection(data) {
			a.Shows = append(a.Shows, p)
			return nil
		}
		a.readData(src, srcDir, p, data)
		return nil
	})
}

// routeOf returns the URL path of the route file at rel, relative to the
// pages folder, with its parameters as the file names them
// ("[...lang]/guides/[slug].astro" is "/[...lang]/guides/[slug]",
// "[...lang]/index.astro" "/[...lang]/"), and their names; ok is false
// for a file that is no .astro route with a parameter, or one whose
// element mixes a parameter with text (post-[slug]).
func routeOf(rel string) (string, []string, bool) {
	if !srcpath.HasExt(rel, ".astro") || !srcpath.Dynamic().MatchString(rel) || srcpath.AnyElement(rel, "_", ".") {
		return "", nil, false
	}
	name, _ := srcpath.SplitExt(rel)
	els := strings.Split(name, "/")
	if els[len(els)-1] == "index" {
		els[len(els)-1] = ""
	}
	var names []string
	for _, el := range els {
		if m := routeParam().FindStringSubmatch(el); m != nil {
			if slices.Contains(names, m[2]) {
				return "", nil, false
			}
			names = append(names, m[2])
		} else if srcpath.Dynamic().MatchString(el) {
			return "", nil, false
		}
	}
	return "/" + strings.Join(els, "/"), names, len(names) > 0
}

// collectionRoute reads the route file at rel (its data; route and
// names as routeOf gives them) for the collection whose entries it
// publishes (see [Preset.ReadCollections]); ok is false for a route of
// another kind.
func (a *Preset) collectionRoute(src fs.FS, srcDir, rel string, data []byte, route string, names []string, cfg string) (Collection, bool) {
	fence, ok := srcpath.Fence(data)
	if !ok {
		return Collection{}, false
	}
	m, err := jscode.Parse(rel, fence, a.lim.Or())
	if err != nil {
		return Collection{}, false
	}
	d, ok := m.Exported("getStaticPaths")
	if !ok {
		return Collection{}, false
	}
	params, ok := entryParams(m, d, names)
	if !ok {
		return Collection{}, false
	}
	code := string(data)
	name, module := "", ""
	if coll := getCollection().FindStringSubmatch(code); coll != nil {
		name = coll[1]
	} else if name, module = a.importedCollection(src, srcDir, rel, code); name == "" {
		return Collection{}, false
	}
	drafts := filtersDrafts(code, name)
	if module != "" {
		if data, err := fs.ReadFile(src, module); err == nil {
			drafts = filtersDrafts(string(data), name)
		}
	}
	base, legacy, ok := collectionBase(cfg, name, srcDir)
	if !ok {
		return Collection{}, false // entries outside the source folder: not joined
	}
	return Collection{Base: base, Route: route, Params: params, File: rel, Module: module, Drafts: drafts, Legacy: legacy}, true
}

// showsCollection reports whether the route file data reads a
// collection in its page's own code, after its getStaticPaths: its
// pages list the entries.
func showsCollection(data []byte) bool {
	fence, ok := srcpath.Fence(data)
	if !ok {
		return false
	}
	code := string(fence)
	if d := declaration(code, "getStaticPaths"); len(d) < len(code) {
		code = strings.Replace(code, d, "", 1)
	}
	return getCollection().MatchString(code)
}

// readData records the route at rel (in the source folder src, relative
// to the project folder srcDir), whose file is data, in a.Data when the
// getStaticPaths of its code fence makes its pages from its own code and
// the JSON files of src it imports alone, itself or through the modules
// it imports, and so does the rest of the fence, which renders each
// page (jscode's PageFiles), their code read within ReadFolder's
// limits (limits.js_tokens, nesting); any other route is left to the
// generator's code. The modules it read are in a.modules.
func (a *Preset) readData(src fs.FS, srcDir, rel string, data []byte) {
	files, read, ok := a.routeData(src, srcDir, rel, data)
	if !ok {
		return
	}
	if a.Data == nil {
		a.Data = map[string][]string{}
	}
	a.Data[rel] = files
	for _, f := range read {
		if !slices.Contains(a.modules, f) {
			a.modules = append(a.modules, f)
		}
	}
}

// routeData returns the data files of the route at rel whose file is
// data, and the modules it read, when it is a data route (readData).
func (a *Preset) routeData(src fs.FS, srcDir, rel string, data []byte) (files, read []string, ok bool) {
	code, ok := srcpath.Fence(data)
	if !ok {
		return nil, nil, false
	}
	m, err := jscode.Parse(rel, code, a.lim.Or())
	if err != nil {
		return nil, nil, false
	}
	d, ok := m.Exported("getStaticPaths")
	if !ok || !d.Func {
		return nil, nil, false
	}
	r := &dataResolver{a: a, src: src, srcDir: srcDir}
	if files, ok = m.PageFiles(d, r, astroUI); !ok {
		return nil, nil, false
	}
	return append([]string{}, files...), r.read, true
}

// dataOf is the preset's generator.PageRules.Data: a route ReadFolder
// found a data route, or one it did not judge (made since: watch mode),
// read now.
func (a *Preset) dataOf(rel string) ([]string, bool) {
	if files, ok := a.Data[rel]; ok {
		return files, true
	}
	if _, _, isRoute := routeOf(strings.TrimPrefix(rel, a.Pages+"/")); a.dataSrc == nil || a.judged[rel] || !isRoute {
		return nil, false
	}
	data, err := fs.ReadFile(a.dataSrc, rel)
	if err != nil {
		return nil, false
	}
	files, _, ok := a.routeData(a.dataSrc, a.dataDir, rel, data)
	return files, ok
}

// astroUI reports whether the module spec a route imports is one it lays
// its page out with, which dates no page (see jscode's PageFiles): a
// component (.astro, a framework's), a style sheet, Astro's own
// astro:assets and astro:transitions.
func astroUI(_, spec string) bool {
	switch spec {
	case "astro:assets", "astro:transitions", "astro:components":
		return true
	}
	return srcpath.HasExt(spec, ".astro", ".tsx", ".jsx", ".vue", ".svelte", ".css", ".scss", ".sass", ".less")
}

// dataResolver finds, for readData, what a route or a module of the
// source folder imports: a module of src by a relative path or an alias
// (read, and noted in read), or a JSON file of src.
type dataResolver struct {
	a      *Preset
	src    fs.FS
	srcDir string
	read   []string
}

func (r *dataResolver) Module(from, spec string) *jscode.Module {
	f := r.a.resolve(r.src, r.srcDir, path.Dir(from), spec)
	if f == "" || strings.HasSuffix(strings.ToLower(f), ".json") {
		return nil
	}
	data, err := fs.ReadFile(r.src, f)
	if err != nil {
		return nil
	}
	r.read = append(r.read, f)
	m, err := jscode.Parse(f, data, r.a.lim.Or())
	if err != nil {
		return nil
	}
	return m
}

func (r *dataResolver) Data(from, spec string) (string, bool) {
	f := r.a.resolve(r.src, r.srcDir, path.Dir(from), spec)
	return f, f != "" && strings.HasSuffix(strings.ToLower(f), ".json")
}

// collectionBase returns the folder of the collection name's entries,
// relative to the source folder srcDir: its glob loader's base in the
// content configuration cfg (relative to the project folder), else
// content/NAME; legacy says it has no loader (see [Collection]). ok is
// false for a base outside the source folder.
func collectionBase(cfg, name, srcDir string) (base string, legacy, ok bool) {
	def := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\s*=\s*defineCollection\(`).FindStringIndex(cfg)
	if def == nil {
		return "content/" + name, true, true
	}
	rest := cfg[def[1]:]
	if next := strings.Index(rest, "defineCollection("); next >= 0 {
		rest = rest[:next]
	}
	g := globLoader().FindStringIndex(rest)
	if g == nil {
		return "content/" + name, !loaderKey().MatchString(rest), true
	}
	// The loader's options: up to the brace that closes them.
	opts, depth := rest[g[1]-1:], 0
	for i, c := range opts {
		if c == '{' {
			depth++
		} else if c == '}' {
			if depth--; depth == 0 {
				opts = opts[:i+1]
				break
			}
		}
	}
	b := loaderBase().FindStringSubmatch(opts)
	if b == nil {
		return "", false, false // a loader without a literal base
	}
	base = path.Clean(strings.TrimPrefix(b[1], "./"))
	if srcDir == "." || srcDir == "" {
		return base, false, !strings.HasPrefix(base, "../")
	}
	if rel, ok := strings.CutPrefix(base, path.Clean(srcDir)+"/"); ok {
		return rel, false, true
	}
	return "", false, false
}

// FileRules reads the front matter of Markdown pages only, drafts
// aside: Astro 5 builds a page with draft: true like any other. The
// integration's pages are read as it says.
func (a *Preset) FileRules(rel string) generator.FileRules {
	if a.Routed != nil {
		if _, ok := a.Routed.URLPath(generator.Page{Path: rel}); ok {
			return a.Routed.FileRules(rel)
		}
	}
	for _, c := range a.Collections {
		if strings.HasPrefix(rel, c.Base+"/") {
			return generator.FileRules{Reading: generator.Reading{Read: true, Dates: true, Drafts: c.Drafts}, Terms: c.terms()}
		}
	}
	md := !srcpath.HasExt(rel, ".astro", ".html")
	return generator.FileRules{Reading: generator.Reading{Read: md, Dates: md}}
}

// Rules say where the pages folder, the collections and the
// integration's pages are; the integration's rules (Starlight's pages a
// locale lacks, built from the default locale's files; its order of
// dates, its pages being most of the site's) are the site's.
func (a *Preset) Rules() generator.Rules {
	r := generator.Rules{Name: "astro", Order: a.lastModOrder()}
	// public/'s files are copied to the built site as they are: no
	// route's pages.
	r.Output.StaticFolders = []string{"public"}
	r.Sources.Include = []string{a.Pages + "/**"}
	for _, c := range a.Collections {
		r.Sources.Include = append(r.Sources.Include, c.Base+"/**")
	}
	r.Sources.Describe = func(dir, title string) string { return a.folders(dir, title) }
	if len(a.Paginated)+len(a.Shows) > 0 {
		r.Pages.Lists.Routes = func(rel string) bool { return slices.Contains(a.Paginated, rel) || slices.Contains(a.Shows, rel) }
	}
	if a.Routed != nil {
		in := a.Routed.Rules()
		r.Pages, r.Sources.Exclude = in.Pages, in.Sources.Exclude
		if in.Order != nil {
			r.Order = in.Order
		}
		r.Sources.Include = append(r.Sources.Include, in.Sources.Include...)
		if d := in.Sources.Describe; d != nil {
			r.Sources.Describe = func(dir, title string) string { return d(dir, title) + ", " + a.folders(dir, title) }
		}
	}
	if a.dataSrc != nil {
		r.Pages.Data = a.dataOf
	}
	return r
}

// lastModOrder is, for a site with content collections, the keys their
// entries' dates go by in Astro's themes, which the pages print
// (collectionDateKeys), then git; nil, sitemapgen's order, for a site
// without.
func (a *Preset) lastModOrder() *generator.DateOrder {
	if len(a.Collections) > 0 {
		return &generator.DateOrder{
			Steps: []generator.DateStep{{Keys: collectionDateKeys}, {Git: true}},
			From:  "Astro's content collections (the dates of its themes' schemas)",
		}
	}
	return nil
}

// collectionDateKeys are sitemapgen's front matter date keys and those
// Astro's themes name in their collections' schemas: the fuwari theme's
// updated and published, AstroPaper's modDatetime and pubDatetime, the
// blog template's updatedDate and pubDate, newest kind first.
var collectionDateKeys = []string{"lastmod", "last_modified_at", "modified", "moddatetime", "updated", "updateddate", "date", "publishdate", "pubdate", "pubdatetime", "published"}

// ReadFolder reads the routes of the content collections in the source
// folder (see [Preset.ReadCollections]), and returns the content
// configurations looked for, the collections' route files, and the data
// routes with their data files.
func (a *Preset) ReadFolder(f generator.Folder) []string {
	a.lim = f.Limits
	a.ReadCollections(f.Settings, f.Rel)
	files := append([]string(nil), ContentConfigs...)
	for _, c := range a.Collections {
		files = append(files, c.File)
		if c.Module != "" {
			files = append(files, c.Module)
		}
	}
	files = append(append(files, a.Paginated...), a.Shows...)
	// A data route and its files: its pages change when they do.
	for _, route := range slices.Sorted(maps.Keys(a.Data)) {
		files = append(append(files, route), a.Data[route]...)
	}
	return append(files, a.modules...)
}

// folders names the pages folder and each collection's, in the source
// folder dir, for the line of what was found.
func (a *Preset) folders(dir, title string) string {
	dirs := []string{filepath.Join(dir, a.Pages)}
	for _, c := range a.Collections {
		dirs = append(dirs, filepath.Join(dir, filepath.FromSlash(c.Base)))
	}
	return strings.Join(dirs, ", ") + " (" + title + ")"
}
