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
// alone, itself or through the modules it imports (jscode's DataFiles): a page of app/ whose generateStaticParams
// does, or a file of pages/ whose getStaticPaths and getStaticProps do;
// each route,
// relative to the project folder, to those files. The routes over
// Markdown (markdown) are not among them. The files it reads are the
// reader's (Read).
func (r *codeReader) dataRoutes(markdown []MarkdownRoute) map[string][]string {
	var out map[string][]string
	eachRouteFile(r.FS, func(dir, file string) {
		if !srcpath.HasExt(file, codeExts...) || !srcpath.Dynamic().MatchString(file) ||
			slices.ContainsFunc(markdown, func(mr MarkdownRoute) bool { return mr.File == file }) {
			return
		}
		// A page of the router (not a private folder): as the route is
		// with a plain name for each parameter.
		if _, ok := (Preset{}).URLPath(generator.Page{Path: param().ReplaceAllString(file, "p")}); !ok {
			return
		}
		export := "getStaticPaths"
		if strings.HasSuffix(dir, "app") {
			export = "generateStaticParams"
		}
		m := r.module(file)
		if m == nil {
			return
		}
		decl, ok := m.Exported(export)
		if !ok || !decl.Func {
			return
		}
		files, ok := m.DataFiles(decl, dataResolver{r})
		if !ok {
			return
		}
		if props, has := m.Exported("getStaticProps"); has {
			// The pages router's props of each page: from data too.
			more, ok := m.DataFiles(props, dataResolver{r})
			if !ok {
				return
			}
			for _, f := range more {
				if !slices.Contains(files, f) {
					files = append(files, f)
				}
			}
		}
		files = append([]string{}, files...)
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

// param matches a path element's parameter: [id], [...rest], [[...rest]].
var param = lazyre.MustCompile(`\[+[^/\]]*\]+`)

// dataResolver finds, for jscode's DataFiles, the modules a route
// imports (read once each, noted in Read) and its JSON files, by a
// relative path or a tsconfig.json alias.
type dataResolver struct{ r *codeReader }

func (d dataResolver) Module(from, spec string) *jscode.Module { return d.r.resolve(from, spec) }

func (d dataResolver) Data(from, spec string) (string, bool) {
	return jscode.ResolveData(d.r.FS, from, spec, d.r.aliasesOf())
}

// dataOf is the preset's generator.PageRules.Data.
func (n Preset) dataOf(rel string) ([]string, bool) {
	files, ok := n.Data[path.Clean(rel)]
	return files, ok
}
