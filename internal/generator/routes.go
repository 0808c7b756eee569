package generator

// The presets of generators that route files: a page's URL is its file's
// path under a pages folder (Astro, Next.js, Eleventy, Sphinx) or a
// plugin's folder (Docusaurus), with front matter that may move it. They
// join a build's pages to their sources; they do not list a site from
// its sources (content mode), since pages that come from code (dynamic
// routes, collections) have no file of their own.

import (
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"unicode"
)

// Sourced is implemented by the presets whose sources share the project
// folder with other files: which files are sources, and what of their
// front matter the generator reads.
type Sourced interface {
	Preset
	// SourceFiles returns the doublestar globs of the source files,
	// relative to the preset's folder, and of the paths to leave out.
	SourceFiles() (include, exclude []string)
	// FrontMatter says what the generator reads of the front matter of
	// the file at rel.
	FrontMatter(rel string) Reading
}

// Reading is what a generator reads of a source file's front matter.
type Reading struct {
	// Read is false for a file that has none: an .astro component's
	// fence is code, a .tsx page has none.
	Read bool
	// Dates is false when the generator dates its pages otherwise
	// (Docusaurus: by git).
	Dates bool
	// Drafts is false when draft: true builds the page all the same
	// (Astro 5).
	Drafts bool
	// ID says the generator takes id (Docusaurus: a doc's URL).
	ID bool
}

// AllFrontMatter is the Reading of a generator that reads all of it,
// and of presets that are not Sourced.
var AllFrontMatter = Reading{Read: true, Dates: true, Drafts: true}

// Fallback is implemented by the presets of generators that build a
// page of a language from another language's source when it has no
// translation (Docusaurus).
type Fallback interface {
	// FallbackURL returns the URL path of the page whose source the page
	// at urlPath is built from when it has none of its own, and false
	// when there is none.
	FallbackURL(urlPath string) (string, bool)
}

// dynamicSegment matches a path element that is a route parameter.
var dynamicSegment = srcpath.Dynamic

// The helpers of package srcpath, by the names this package's code
// knew them by.
var (
	fileRoute  = srcpath.FileRoute
	anyElement = srcpath.AnyElement
	hasExt     = srcpath.HasExt
	relUnder   = srcpath.Under
)

// Astro routes the pages of src/pages: .astro components, Markdown and
// MDX, and .html files (Astro 5). Endpoints (.js, .ts) are not pages;
// files and folders named with "_" are left out; a route with a
// parameter ([slug].astro, the pages of a content collection) is built
// by code, which sitemapgen does not run. Markdown front matter gives
// dates (draft: true is no longer honoured by Astro 5, which builds such
// pages); an .astro component's fence is code.
type Astro struct {
	// Pages is the pages folder relative to the source folder: "pages".
	Pages string
	// Collections are the content collections whose entries a route
	// with a parameter publishes one page each (see
	// [Astro.ReadCollections]).
	Collections []AstroCollection
}

// AstroCollection is a content collection of Markdown entries that a
// route such as pages/blog/[...slug].astro publishes, one page per entry
// at the route's folder and the entry's id (params: { slug: post.id }),
// as Astro's blog template does.
type AstroCollection struct {
	// Base is the folder of the entries, relative to the source folder
	// ("content/blog").
	Base string
	// Route is the folder of the route, as a URL path ("/blog/").
	Route string
	// File is the route's file relative to the source folder.
	File string
}

// URLPath returns the route of p, a path relative to the source folder.
func (a *Astro) URLPath(p Page) (string, bool) {
	for _, c := range a.Collections {
		if rel, ok := strings.CutPrefix(p.Path, c.Base+"/"); ok {
			if !hasExt(rel, ".md", ".mdx", ".markdown") || anyElement(rel, "_", ".") {
				return "", false
			}
			id := p.Slug
			if id == "" {
				id = astroID(rel)
			}
			return resolve(c.Route, id), true
		}
	}
	rel, ok := strings.CutPrefix(p.Path, a.Pages+"/")
	if !ok || !hasExt(rel, ".astro", ".md", ".mdx", ".markdown", ".html") {
		return "", false
	}
	return fileRoute(rel)
}

// astroID is the id Astro's glob loader gives the entry at rel: each
// element of its path without the extension, slugged (lower case, white
// space to "-", other punctuation dropped); an index file is its
// folder's.
func astroID(rel string) string {
	rel, _ = splitExt(rel)
	els := strings.Split(strings.ToLower(rel), "/")
	if len(els) > 1 && els[len(els)-1] == "index" {
		els = els[:len(els)-1]
	}
	for i, el := range els {
		var b strings.Builder
		for _, r := range el {
			switch {
			case unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		els[i] = b.String()
	}
	return strings.Join(els, "/")
}

// AstroContentConfigs are the files, relative to the source folder, that
// define an Astro site's content collections, in the order Astro looks for
// them (Astro 5, then the older place).
var AstroContentConfigs = []string{"content.config.ts", "content.config.mts", "content.config.mjs", "content.config.js", "content/config.ts", "content/config.mts", "content/config.mjs", "content/config.js"}

var (
	// astroRouteFile is a route with one parameter for the rest of the
	// path or one element: [slug].astro, [...slug].astro.
	astroRouteFile = regexp.MustCompile(`^\[(?:\.\.\.)?(\w+)\]\.astro$`)
	// getCollection is a route's call that names its collection.
	getCollection = regexp.MustCompile(`getCollection\(\s*['"]([\w-]+)['"]`)
	// globLoader opens a glob loader's options; loaderBase is their base.
	globLoader = regexp.MustCompile(`\bglob\(\s*\{`)
	loaderBase = regexp.MustCompile(`\bbase\s*:\s*['"]([^'"]+)['"]`)
)

// ReadCollections finds, in the source folder src, the routes that
// publish a content collection's entries by their id as Astro's blog
// template does: pages/FOLDER/[...slug].astro whose getStaticPaths calls
// getCollection('NAME') and gives params: { slug: post.id }. The
// collection's folder is the base of its glob loader in
// content.config.(ts|js|mjs), else content/NAME (the older collections).
// Other routes with a parameter are left to the generator's code: their
// pages are not joined.
//
// srcDir is the source folder relative to the project folder ("src"),
// which a loader's base is relative to.
func (a *Astro) ReadCollections(src fs.FS, srcDir string) {
	cfg := ""
	for _, name := range AstroContentConfigs {
		if data, err := fs.ReadFile(src, name); err == nil {
			cfg = string(data)
			break
		}
	}
	_ = fs.WalkDir(src, a.Pages, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		m := astroRouteFile.FindStringSubmatch(d.Name())
		if m == nil {
			return nil
		}
		data, err := fs.ReadFile(src, p)
		if err != nil {
			return nil
		}
		code := string(data)
		coll := getCollection.FindStringSubmatch(code)
		param := regexp.MustCompile(`params\s*:\s*\{\s*` + m[1] + `\s*:\s*\w+\.id\s*,?\s*\}`).MatchString(code)
		if coll == nil || !param {
			return nil
		}
		base, ok := collectionBase(cfg, coll[1], srcDir)
		if !ok {
			return nil // entries outside the source folder: not joined
		}
		dir := path.Dir(strings.TrimPrefix(p, a.Pages+"/"))
		route := "/"
		if dir != "." {
			route = "/" + dir + "/"
		}
		a.Collections = append(a.Collections, AstroCollection{Base: base, Route: route, File: p})
		return nil
	})
}

// collectionBase returns the folder of the collection name's entries,
// relative to the source folder srcDir: its glob loader's base in the
// content configuration cfg (relative to the project folder), else
// content/NAME. ok is false for a base outside the source folder.
func collectionBase(cfg, name, srcDir string) (string, bool) {
	def := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\s*=\s*defineCollection\(`).FindStringIndex(cfg)
	if def == nil {
		return "content/" + name, true
	}
	rest := cfg[def[1]:]
	if next := strings.Index(rest, "defineCollection("); next >= 0 {
		rest = rest[:next]
	}
	g := globLoader.FindStringIndex(rest)
	if g == nil {
		return "content/" + name, true
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
	b := loaderBase.FindStringSubmatch(opts)
	if b == nil {
		return "", false // a loader without a literal base
	}
	base := path.Clean(strings.TrimPrefix(b[1], "./"))
	if srcDir == "." || srcDir == "" {
		return base, !strings.HasPrefix(base, "../")
	}
	if rel, ok := strings.CutPrefix(base, path.Clean(srcDir)+"/"); ok {
		return rel, true
	}
	return "", false
}

// SourceFiles returns the pages folder's files and the collections'.
func (a *Astro) SourceFiles() (include, exclude []string) {
	include = []string{a.Pages + "/**"}
	for _, c := range a.Collections {
		include = append(include, c.Base+"/**")
	}
	return include, nil
}

// FrontMatter reads the front matter of Markdown pages only, drafts
// aside: Astro 5 builds a page with draft: true like any other.
func (a *Astro) FrontMatter(rel string) Reading {
	md := !hasExt(rel, ".astro", ".html")
	return Reading{Read: md, Dates: md}
}

// Name returns "astro".
func (a *Astro) Name() string { return "astro" }

// Sphinx routes the documents of a Sphinx source folder (reStructuredText,
// and Markdown for MyST projects) to NAME.html; the dirhtml builder's
// NAME/ is the same page to a join. Folders named with "_" (_build,
// _static, _templates) hold no documents.
type Sphinx struct{}

// URLPath returns the URL path of p, a path relative to the source folder.
func (Sphinx) URLPath(p Page) (string, bool) {
	if !hasExt(p.Path, ".rst", ".md") {
		return "", false
	}
	rel, ok := cleanRel(p.Path)
	if !ok || anyElement(rel, "_", ".") {
		return "", false
	}
	name, _ := splitExt(rel)
	return "/" + name + ".html", true
}

// SourceFiles returns the documents, without the build folders and
// virtual environments.
func (Sphinx) SourceFiles() (include, exclude []string) {
	return []string{"**/*.rst", "**/*.md"}, []string{"_build", "build", ".venv", "venv", "env", "node_modules"}
}

// FrontMatter reads none: Sphinx documents have field lists, not front
// matter.
func (Sphinx) FrontMatter(string) Reading { return Reading{} }

// Name returns "sphinx".
func (Sphinx) Name() string { return "sphinx" }

// Routes returns the preset that joins the pages of the project's build
// to their sources, for the generators that route files (Docusaurus,
// Astro, Next.js, Eleventy, Sphinx), and the folder of the sources
// relative to the project folder ("/"-separated); nil for the other
// generators. The folder is SourceDir, else the generator's default: the
// project folder (Docusaurus, Next.js, Eleventy), src (Astro), conf.py's
// folder (Sphinx).
func (p *Project) Routes() (Preset, string) {
	if g, ok := p.Gen.(Router); ok {
		return g.Routes(p)
	}
	dir := p.SourceDir
	if dir == "" {
		dir = map[string]string{"docusaurus": ".", "astro": "src", "sphinx": path.Dir(p.File)}[p.Generator]
	}
	switch p.Generator {
	case "docusaurus":
		return &Docusaurus{Locales: p.Locales, DocsBase: p.DocsBase, BlogBase: p.BlogBase, Versions: p.Versions, GitDates: p.GitDates}, dir
	case "astro":
		return &Astro{Pages: "pages"}, dir
	case "sphinx":
		return Sphinx{}, dir
	}
	return nil, ""
}
