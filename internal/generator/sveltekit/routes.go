package sveltekit

import (
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

var (
	_ generator.Preset       = (*Preset)(nil)
	_ generator.FolderReader = (*Preset)(nil)
)

// routesDir is the folder of a project's routes, relative to the project
// folder: kit.files.routes, whose default few projects change.
const routesDir = "src/routes"

// pageExts are the extensions of a route's page component: .svelte, and
// the Markdown that mdsvex makes components of (.md, .svx), for a project
// whose svelte.config.js lists them in extensions.
var pageExts = []string{".svelte", ".md", ".svx"}

// markdownExts are the extensions of the Markdown files mdsvex reads.
var markdownExts = []string{".md", ".svx"}

// Preset routes the pages of a SvelteKit project: each folder of
// src/routes with a page component (+page.svelte, or mdsvex's +page.md)
// is a page at its path, without its route groups ((name)). A route
// with a parameter ([slug]) is built by code, unless its load imports
// the Markdown file of its parameter's name from one folder (see
// [Preset.ReadFolder]): each file of that folder is then the source of
// its page, dated by its front matter, else by its own history, never by
// the route's. A page component of Markdown is read for its front
// matter; a .svelte one has none.
type Preset struct {
	// Markdown are the routes whose pages are Markdown files.
	Markdown []MarkdownRoute
	// Lists are the page components, relative to the project folder, of
	// the routes without a parameter whose load reads the folder of a
	// route over Markdown (a blog's list): each is dated by the newest
	// page it shows. ListRoutes are those of the routes with a
	// parameter whose load does (a category's pages, a pager's).
	Lists, ListRoutes []string
	// read are the files ReadFolder read or looked for.
	read []string
}

// MarkdownRoute is a route with one parameter whose pages are the
// Markdown files of a folder, one page each, the parameter the file's
// name without its extension.
type MarkdownRoute struct {
	// Route is the route's folder, relative to the project folder
	// ("src/routes/blog/[slug]").
	Route string
	// Folder is the folder of the Markdown files ("src/posts").
	Folder string
	// Ext is the extension of its files (".md").
	Ext string
	// URL is the route's URL path, its parameter's element as
	// [paramMark] ("/blog/\x00/").
	URL string
}

// paramMark stands for the route's parameter in MarkdownRoute.URL.
const paramMark = "\x00"

// URLPath returns the URL path of p, a path relative to the project
// folder: a route's page component, or a Markdown file of a route over
// Markdown.
func (s *Preset) URLPath(p generator.Page) (string, bool) {
	if r, ok := s.markdownRoute(p.Path); ok {
		name, _ := srcpath.SplitExt(path.Base(p.Path))
		return strings.Replace(r.URL, paramMark, name, 1), true
	}
	return routeURL(p.Path)
}

// routeURL returns the URL path of the page component at rel (relative
// to the project folder): its folder's path below src/routes, without
// route groups, ending in "/" ("/blog/"; the built file tells whether
// the site links it so). ok is false for a file that is no page
// component (+page.js, +layout.svelte, a component of $lib), a route
// with a parameter, and one in a hidden folder.
func routeURL(rel string) (string, bool) {
	r, ok := strings.CutPrefix(rel, routesDir+"/")
	if !ok {
		return "", false
	}
	dir, file := path.Split(r)
	if !pageComponent(file) {
		return "", false
	}
	var els []string
	for _, el := range strings.Split(strings.TrimSuffix(dir, "/"), "/") {
		switch {
		case el == "":
		case strings.HasPrefix(el, ".") || srcpath.Dynamic().MatchString(el):
			return "", false
		case strings.HasPrefix(el, "(") && strings.HasSuffix(el, ")"):
			// a route group: no part of the URL
		default:
			els = append(els, el)
		}
	}
	if len(els) == 0 {
		return "/", true
	}
	return "/" + strings.Join(els, "/") + "/", true
}

// pageComponent reports whether the file name is a route's page
// component: +page.svelte, +page.md, or one that resets its layout
// (+page@.svelte, +page@(group).svelte).
func pageComponent(file string) bool {
	name, ext := srcpath.SplitExt(file)
	return slices.Contains(pageExts, ext) && (name == "+page" || strings.HasPrefix(name, "+page@"))
}

// markdownRoute returns the route whose page the file at rel is: a
// Markdown file, not hidden, of a route's folder.
func (s *Preset) markdownRoute(rel string) (MarkdownRoute, bool) {
	dir, file := path.Split(rel)
	if strings.HasPrefix(file, ".") {
		return MarkdownRoute{}, false
	}
	_, ext := srcpath.SplitExt(file)
	for _, r := range s.Markdown {
		if dir == r.Folder+"/" && ext == r.Ext {
			return r, true
		}
	}
	return MarkdownRoute{}, false
}

// FileRules reads the front matter of Markdown (a route over Markdown's
// files, an mdsvex page component) and its dates; draft: true is the
// code's to honour or not, and a page built is a page. A .svelte
// component has none.
func (s *Preset) FileRules(rel string) generator.FileRules {
	if srcpath.HasExt(rel, markdownExts...) {
		return generator.FileRules{Reading: generator.Reading{Read: true, Dates: true}}
	}
	return generator.FileRules{}
}

// Rules say where the routes and the Markdown they read are, that
// static/'s files are copied as they are, and which routes list the
// Markdown pages.
func (s *Preset) Rules() generator.Rules {
	r := generator.Rules{Name: "sveltekit"}
	r.Output.StaticFolders = []string{"static"}
	for _, ext := range pageExts {
		r.Sources.Include = append(r.Sources.Include, routesDir+"/**/+page*"+ext)
	}
	for _, m := range s.Markdown {
		r.Sources.Include = append(r.Sources.Include, m.Folder+"/*"+m.Ext)
	}
	r.Sources.Exclude = []string{"node_modules"}
	r.Sources.Describe = s.folders
	if len(s.Lists) > 0 {
		lists := s.Lists
		r.Pages.Lists.Sourced = func(rel string) bool { return slices.Contains(lists, rel) }
	}
	if len(s.ListRoutes) > 0 {
		routes := s.ListRoutes
		r.Pages.Lists.Routes = func(rel string) bool { return slices.Contains(routes, rel) }
	}
	return r
}

// folders names src/routes and the folders of the routes over Markdown,
// for the line of what was found.
func (s *Preset) folders(_, title string) string {
	names := []string{routesDir}
	for _, m := range s.Markdown {
		if !slices.Contains(names, m.Folder) {
			names = append(names, m.Folder)
		}
	}
	return strings.Join(names, ", ") + " (" + title + ")"
}
