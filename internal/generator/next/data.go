package next

import (
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// dataRoutes returns the dynamic routes of the project folder whose
// code makes their pages from its own code and the JSON files it imports
// alone, itself or through the modules it imports, and renders them so
// (jscode's PageFiles): a page of app/ whose generateStaticParams and
// page do, or a file of pages/ whose getStaticPaths, getStaticProps and
// page do; each route, relative to the project folder, to those files.
// The routes over Markdown (markdown) are not among them. The files it
// reads are the reader's (Read); seen takes every file it judged.
func (r *codeReader) dataRoutes(markdown []MarkdownRoute, seen map[string]bool) map[string][]string {
	var out map[string][]string
	eachRouteFile(r.FS, func(dir, file string) {
		seen[file] = true
		if slices.ContainsFunc(markdown, func(mr MarkdownRoute) bool { return mr.File == file }) {
			return
		}
		files, ok := r.dataRoute(dir, file)
		if !ok {
			return
		}
		for _, f := range files {
			if !slices.Contains(r.Read, f) {
				r.Read = append(r.Read, f)
			}
		}
		if out == nil {
			out = map[string][]string{}
		}
		out[file] = files
	})
	return out
}

// dataRoute returns the data files of the route file in the routes'
// folder dir, when it is a data route (dataRoutes).
func (r *codeReader) dataRoute(dir, file string) ([]string, bool) {
	if !srcpath.HasExt(file, codeExts...) || !srcpath.Dynamic().MatchString(file) {
		return nil, false
	}
	// A page of the router (not a private folder): as the route is with
	// a plain name for each parameter.
	if _, ok := (Preset{}).URLPath(generator.Page{Path: paramExpr.Get().ReplaceAllString(file, "p")}); !ok {
		return nil, false
	}
	export := "getStaticPaths"
	if strings.HasSuffix(dir, "app") {
		export = "generateStaticParams"
	}
	m := r.module(file)
	if m == nil {
		return nil, false
	}
	defer r.LetGo(m)
	decl, ok := m.Exported(export)
	if !ok || !decl.Func {
		return nil, false
	}
	// The route's params, and the rest of its code (the page it renders,
	// getStaticProps): from its data alone.
	files, ok := m.PageFiles(decl, dataResolver{r}, r.nextUI)
	if !ok {
		return nil, false
	}
	return append([]string{}, files...), true
}

// paramExpr matches a route's parameter in its path: [id], [...rest],
// [[...rest]]; the "..." of a catch-all its first submatch, its name
// the second.
var paramExpr = lazyre.Regexp{Expr: `\[+(\.\.\.)?([^/\[\]]*)\]+`}

// dataResolver finds, for jscode's PageFiles, the modules a route
// imports (read once each, noted in Read) and its JSON files, by a
// relative path or a tsconfig.json alias.
type dataResolver struct{ r *codeReader }

func (d dataResolver) Module(from, spec string) *jscode.Module { return d.r.resolve(from, spec) }

func (d dataResolver) Data(from, spec string) (string, bool) {
	return jscode.ResolveData(d.r.FS, from, spec, d.r.aliasesOf())
}

// nextUI reports whether the module spec a route at from imports is one
// it lays its page out with, which dates no page (see jscode's
// PageFiles): React, Next.js's components and navigation, a component
// of the project (.tsx, .jsx), a style sheet.
func (r *codeReader) nextUI(from, spec string) bool {
	switch spec {
	case "react", "react-dom", "next/link", "next/image", "next/navigation", "next/head", "next/script", "next/dynamic":
		return true
	}
	if srcpath.HasExt(spec, ".css", ".scss", ".sass", ".less") {
		return true
	}
	name, ok := jscode.Resolve(r.FS, from, spec, r.aliasesOf())
	return ok && srcpath.HasExt(name, ".tsx", ".jsx")
}

// dataOf is the preset's generator.PageRules.Data: a route ReadFolder
// found a data route, or one it did not read (made since: watch mode),
// read now; a route over Markdown is none.
func (n Preset) dataOf(rel string) ([]string, bool) {
	rel = path.Clean(rel)
	if files, ok := n.Data[rel]; ok {
		return files, true
	}
	if n.src == nil || n.judged[rel] || slices.ContainsFunc(n.Markdown, func(mr MarkdownRoute) bool { return mr.File == rel }) {
		return nil, false
	}
	for _, dir := range routeFolders {
		if strings.HasPrefix(rel, dir+"/") {
			return newCodeReader(n.src, n.lim).dataRoute(dir, rel)
		}
	}
	return nil, false
}
