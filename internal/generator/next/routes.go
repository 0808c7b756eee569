package next

import (
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

var (
	_ generator.Preset       = Preset{}
	_ generator.FolderReader = (*Preset)(nil)
)

// Preset routes the pages of a Next.js project: app/ (page.js, .jsx, .ts,
// .tsx, .mdx in each route's folder) and pages/ (each file a route), at
// the top or in src/. Route groups, (name), do not take part in the
// URL; private folders (_name), parallel routes (@slot) and intercepting
// routes ((.)name) are no pages of their own; a route with a parameter
// is built by code, unless its code publishes the Markdown files of a
// folder, or of its tree at their names alone (see [Preset.ReadFolder]):
// each such file is then the source of
// its page, dated by its front matter, else by its own history, never
// by the route's; or makes its pages from JSON files it imports alone
// (Data): the route and those files are each page's sources. In pages/, _app, _document, _error and the api/
// folder are no pages. A page file has no front matter.
type Preset struct {
	// Markdown are the routes whose pages are Markdown files.
	Markdown []MarkdownRoute
	// Lists are the page files, relative to the project folder, whose
	// code lists the folder of one of them (see [ListingPages]).
	Lists []string
	// Newest are, of Lists, the page files whose code shows every file
	// of the folder it lists, whatever their markup, to that folder (see
	// [Listing]).
	Newest map[string]string
	// ListRoutes are the routes with a parameter, relative to the
	// project folder, whose code lists the folder of one of them and
	// whose pages list its files (a tag's page; see [ListingPages]).
	ListRoutes []string
	// Data are the dynamic routes whose code makes their pages from the
	// JSON files it imports alone, each relative to the project folder
	// to those files: each page is built from the route and them.
	Data map[string][]string
	// src and lim are the project folder ReadFolder read, and its
	// limits, for the routes made since; judged are the route files it
	// judged.
	src    fs.FS
	lim    limits.Limits
	judged map[string]bool
	// read are the files ReadFolder read.
	read []string
}

// exts are the page extensions Next.js takes by default
// (pageExtensions), with .mdx for @next/mdx projects.
var exts = []string{".js", ".jsx", ".ts", ".tsx", ".mdx", ".md"}

// URLPath returns the route of p, a path relative to the project folder.
func (n Preset) URLPath(p generator.Page) (string, bool) {
	if r, ok := n.markdownRoute(p.Path); ok {
		name, _ := srcpath.SplitExt(path.Base(p.Path))
		return strings.Replace(r.URL, paramMark, name, 1), true
	}
	rel := strings.TrimPrefix(p.Path, "src/")
	if !srcpath.HasExt(rel, exts...) {
		return "", false
	}
	if r, ok := strings.CutPrefix(rel, "app/"); ok {
		dir, file := path.Split(r)
		if name, _ := srcpath.SplitExt(file); name != "page" {
			return "", false
		}
		var route []string
		for _, el := range strings.Split(strings.TrimSuffix(dir, "/"), "/") {
			switch {
			case el == "":
			case strings.HasPrefix(el, "(.") || strings.HasPrefix(el, "@"):
				return "", false
			case strings.HasPrefix(el, "(") && strings.HasSuffix(el, ")"):
				// a route group
			default:
				route = append(route, el)
			}
		}
		return srcpath.FileRoute(strings.Join(append(route, "index.html"), "/"))
	}
	if r, ok := strings.CutPrefix(rel, "pages/"); ok {
		if strings.HasPrefix(r, "api/") || strings.HasPrefix(r, "404.") || strings.HasPrefix(r, "500.") {
			return "", false
		}
		return srcpath.FileRoute(r)
	}
	return "", false
}

// markdownRoute returns the route whose page the file at rel is: a
// Markdown file of a route's folder, or of its subfolders for a
// Recursive route (a route of the file's own folder first), not hidden.
func (n Preset) markdownRoute(rel string) (MarkdownRoute, bool) {
	dir, file := path.Split(rel)
	if strings.HasPrefix(file, ".") {
		return MarkdownRoute{}, false
	}
	_, ext := srcpath.SplitExt(file)
	var tree *MarkdownRoute
	for i, r := range n.Markdown {
		switch {
		case !slices.Contains(r.Exts, ext):
		case dir == r.Folder+"/":
			return r, true
		case tree == nil && r.Recursive && strings.HasPrefix(dir, r.Folder+"/"):
			tree = &n.Markdown[i]
		}
	}
	if tree != nil {
		return *tree, true
	}
	return MarkdownRoute{}, false
}

// fallbackURL returns, for the page at urlPath of a route over Markdown
// whose folder an earlier route reads too, the URL its Markdown file
// has by the first route (its URLPath): two routes over one folder
// (/posts/NAME and /amp/posts/NAME) both take the file as their pages'
// source. ok is false for any other page.
func (n Preset) fallbackURL(urlPath string) (string, bool) {
	u := strings.TrimSuffix(strings.TrimSuffix(urlPath, ".html"), "/")
	for i, r := range n.Markdown {
		first := slices.IndexFunc(n.Markdown[:i], func(o MarkdownRoute) bool { return o.Folder == r.Folder })
		if first < 0 {
			continue
		}
		prefix, suffix, _ := strings.Cut(strings.TrimSuffix(r.URL, "/"), paramMark)
		name, ok := strings.CutPrefix(u, prefix)
		if name, ok = strings.CutSuffix(name, suffix); !ok || name == "" || strings.Contains(name, "/") {
			continue
		}
		return strings.Replace(n.Markdown[first].URL, paramMark, name, 1), true
	}
	return "", false
}

// sourceFiles returns the app and pages folders' files, and the
// Markdown files of the routes over Markdown, without node_modules.
func (n Preset) sourceFiles() (include, exclude []string) {
	include = []string{"app/**", "pages/**", "src/app/**", "src/pages/**"}
	for _, r := range n.Markdown {
		glob := r.Folder + "/*"
		if r.Recursive {
			glob = r.Folder + "/**/*"
		}
		for _, ext := range r.Exts {
			include = append(include, glob+ext)
		}
	}
	return include, []string{"node_modules"}
}

// FileRules reads the front matter of the Markdown files of a route
// over Markdown, and its dates; draft: true is the route's code's to
// honour or not, and a page built is a page. Other pages are code, with
// none.
func (n Preset) FileRules(rel string) generator.FileRules {
	if _, ok := n.markdownRoute(rel); ok {
		return generator.FileRules{Reading: generator.Reading{Read: true, Dates: true}}
	}
	return generator.FileRules{}
}

// Rules say where the routes are, and that a second route over a
// folder of Markdown builds its pages from the files of the first.
func (n Preset) Rules() generator.Rules {
	r := generator.Rules{Name: "next", Pages: generator.PageRules{Fallback: n.fallbackURL}}
	// public/'s files are copied to the built site as they are: no
	// route's pages.
	r.Output.StaticFolders = []string{"public"}
	if len(n.Lists) > 0 {
		r.Pages.Lists.Sourced = func(rel string) bool { return slices.Contains(n.Lists, rel) }
	}
	if len(n.Newest) > 0 {
		r.Pages.Lists.Newest = n.newest
	}
	if len(n.ListRoutes) > 0 {
		r.Pages.Lists.Routes = func(rel string) bool { return slices.Contains(n.ListRoutes, rel) }
	}
	if n.src != nil {
		r.Pages.Data = n.dataOf
	}
	r.Sources.Include, r.Sources.Exclude = n.sourceFiles()
	r.Sources.Describe = n.folders
	return r
}

// folders names app/ and pages/, and the folders of the routes over
// Markdown, for the line of what was found.
func (n Preset) folders(_, title string) string {
	names := []string{"app", "pages"}
	for _, r := range n.Markdown {
		if !slices.Contains(names, r.Folder) {
			names = append(names, r.Folder)
		}
	}
	return strings.Join(names, ", ") + " (" + title + ")"
}

// newest is the preset's generator.ListRules.Newest: for a list page
// whose code shows every file of the folder it lists, the Markdown
// files of that folder's route.
func (n Preset) newest(rel string) func(src string) bool {
	folder, ok := n.Newest[rel]
	if !ok {
		return nil
	}
	return func(src string) bool {
		r, ok := n.markdownRoute(src)
		return ok && r.Folder == folder
	}
}
