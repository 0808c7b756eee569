package next

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

var (
	_ generator.Preset      = Preset{}
	_ generator.Sourced     = Preset{}
	_ generator.FolderNamer = Preset{}
)

// Preset routes the pages of a Next.js project: app/ (page.js, .jsx, .ts,
// .tsx, .mdx in each route's folder) and pages/ (each file a route), at
// the top or in src/. Route groups, (name), do not take part in the
// URL; private folders (_name), parallel routes (@slot) and intercepting
// routes ((.)name) are no pages of their own; a route with a parameter
// is built by code. In pages/, _app, _document, _error and the api/
// folder are no pages. A page file has no front matter.
type Preset struct{}

// exts are the page extensions Next.js takes by default
// (pageExtensions), with .mdx for @next/mdx projects.
var exts = []string{".js", ".jsx", ".ts", ".tsx", ".mdx", ".md"}

// URLPath returns the route of p, a path relative to the project folder.
func (Preset) URLPath(p generator.Page) (string, bool) {
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

// SourceFiles returns the app and pages folders' files, without
// node_modules.
func (Preset) SourceFiles() (include, exclude []string) {
	return []string{"app/**", "pages/**", "src/app/**", "src/pages/**"}, []string{"node_modules"}
}

// FrontMatter reads none: a Next.js page is code.
func (Preset) FrontMatter(string) generator.Reading { return generator.Reading{} }

// Name returns "next".
func (Preset) Name() string { return "next" }

// Folders names app/ and pages/, for the line of what was found.
func (Preset) Folders(_, title string) string { return "app, pages (" + title + ")" }
