package next

// A Next.js server build: what `next build` without a static export
// writes to its distDir (.next), read from the build's own manifests.

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/serverbuild"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// build is what a Next.js server build prerendered, and the routes it
// renders on demand.
type build struct {
	// Pages are the prerendered pages, sorted by Path.
	Pages []generator.ServedPage
	// Warnings name, each at the manifest that lists it (File relative to
	// the project folder), a route served on demand that has no page
	// prerendered: no URL of it can be listed but by the extra URLs,
	// with the pattern of its URL paths.
	OnDemand []generator.OnDemandRoute
}

// special reports whether route is one of Next.js's own error pages or
// of the pages router's wrappers: no page of the site.
func special(route string) bool {
	switch route {
	case "/_not-found", "/_global-error", "/_error", "/_app", "/_document", "/404", "/500":
		return true
	}
	return false
}

// The manifests readBuild reads, relative to distDir.
const (
	prerenderManifest = "prerender-manifest.json"
	pagesManifestFile = "server/pages-manifest.json"
	appPathsManifest  = "app-path-routes-manifest.json"
)

// ReadServerBuild reads, for a server build (Own a [Server]), the pages
// it prerendered, answered by its server, and the routes it renders on
// demand (see [readBuild]); nil for a static export.
func (Generator) ReadServerBuild(dir string, p *generator.Detected, lim limits.Limits) (*generator.ServerBuild, error) {
	s, ok := p.Own.(Server)
	if !ok {
		return nil, nil
	}
	b, err := readBuild(dir, s.Dist, p, lim)
	if err != nil {
		return nil, err
	}
	return &generator.ServerBuild{What: "Next.js without output: 'export'", Served: true, Pages: b.Pages, OnDemand: b.OnDemand, Input: s.Dist + "/" + prerenderManifest}, nil
}

// readBuild reads the manifests of the Next.js server build of p. The
// build's folder is dist, in the project folder dir. Every file is read
// through the one door: inside dir, and each of at most lim.PageBytes
// (limits.page_bytes). The manifests are these:
//
//   - prerender-manifest.json lists the routes prerendered at build
//     time, static and ISR alike (routes, each with its srcRoute). It
//     lists the routes whose getStaticProps said notFound
//     (notFoundRoutes), which have no page. It lists the dynamic routes
//     too (dynamicRoutes): fallback: false says that no other path is
//     served.
//   - server/pages-manifest.json lists the routes of the pages router.
//     An automatically static page appears as its HTML file
//     (pages/plain.html).
//   - app-path-routes-manifest.json lists the routes of the app router.
//
// A prerendered route is a page at its HTML file: server/app/ROUTE.html,
// or server/pages/ROUTE.html for the pages router. It is no page when it
// is an error page (/_not-found, /404, /500 and the like, or a status of
// 400 or more), or when getStaticProps said notFound. What its head says
// (noindex, redirect(), canonical) is for the build to judge.
//
// A route of either router that nothing prerendered is rendered on
// demand, and a warning names it once. A dynamic route that has some
// pages prerendered and serves others on demand (generateStaticParams
// with dynamicParams, or fallback: 'blocking') is not named: its
// prerendered pages are listed. The locales of the pages router's i18n
// are not read.
func readBuild(dir, dist string, p *generator.Detected, lim limits.Limits) (*build, error) {
	m, err := readManifests(dir, dist, lim.Or())
	if err != nil {
		return nil, err
	}
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f := &pageFinder{
		root: root, server: p.PublishDir, slash: p.Form.TrailingSlash == "always",
		served: map[string]bool{}, fromSrc: map[string]bool{},
	}
	f.prerendered(m.pre)
	onDemand := f.onDemand(m)
	b := &build{Pages: f.pages}
	slices.SortFunc(b.Pages, func(a, c generator.ServedPage) int { return strings.Compare(a.Path, c.Path) })
	b.Pages = slices.CompactFunc(b.Pages, func(a, c generator.ServedPage) bool { return a.Path == c.Path })
	slices.Sort(onDemand)
	for _, od := range slices.Compact(onDemand) {
		manifest, route, _ := strings.Cut(od, "\x00")
		b.OnDemand = append(b.OnDemand, generator.OnDemandRoute{
			Warning: serverbuild.OnDemand(path.Join(dist, manifest), diag.Excerpt(route), srcpath.Dynamic().MatchString(route)),
			Pattern: routeRegexp(route),
		})
	}
	return b, nil
}

// prerender is the part of prerender-manifest.json that readBuild reads.
type prerender struct {
	Routes map[string]struct {
		RouteType     string `json:"routeType"`
		InitialStatus int    `json:"initialStatus"`
		SrcRoute      string `json:"srcRoute"`
		DataRoute     string `json:"dataRoute"`
	} `json:"routes"`
	DynamicRoutes map[string]struct {
		Fallback json.RawMessage `json:"fallback"`
	} `json:"dynamicRoutes"`
	NotFoundRoutes []string `json:"notFoundRoutes"`
}

// manifests are the three manifests of a build. pages and app are nil
// when their file is missing.
type manifests struct {
	pre   prerender
	pages map[string]string // server/pages-manifest.json
	app   map[string]string // app-path-routes-manifest.json
}

// readManifests reads the manifests of the build in the folder dist. A
// missing prerender manifest means that the project is not built.
func readManifests(dir, dist string, lim limits.Limits) (*manifests, error) {
	m := &manifests{}
	ok, err := readManifest(dir, dist, prerenderManifest, lim, &m.pre)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &diag.Diagnostic{File: path.Join(dist, prerenderManifest), Msg: "no such file: the Next.js project is not built",
			Hint: "run `next build` first, then sitemapgen"}
	}
	if _, err := readManifest(dir, dist, pagesManifestFile, lim, &m.pages); err != nil {
		return nil, err
	}
	if _, err := readManifest(dir, dist, appPathsManifest, lim, &m.app); err != nil {
		return nil, err
	}
	return m, nil
}

// readManifest decodes the JSON file rel of the folder dist into v. It
// reports false when the file does not exist.
func readManifest(dir, dist, rel string, lim limits.Limits, v any) (bool, error) {
	name := path.Join(dist, rel)
	data, err := fsx.ReadFile(dir, name, lim.PageBytes, "limits.page_bytes")
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err == nil {
		err = lim.Check(name, data, limits.JSON)
	}
	if err != nil {
		return false, err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return false, &diag.Diagnostic{File: name, Msg: "not a manifest of Next.js: " + err.Error(), Err: err}
	}
	return true, nil
}

// A pageFinder finds the pages of a build in its server folder.
type pageFinder struct {
	root   *fsx.Root // the project folder, open
	server string    // the server folder, in root
	slash  bool      // whether URL paths end in a slash
	pages  []generator.ServedPage
	// served holds the routes that have a page, or a prerendered
	// status. fromSrc holds the dynamic routes that have some
	// prerendered pages.
	served, fromSrc map[string]bool
}

// exists reports whether the server folder holds a regular file at rel.
func (f *pageFinder) exists(rel string) bool {
	info, err := f.root.Stat(path.Join(f.server, rel))
	return err == nil && info.Mode().IsRegular()
}

// add lists the page at file for route.
func (f *pageFinder) add(file, route string) {
	urlPath := route
	if f.slash && route != "/" {
		urlPath += "/"
	}
	f.pages = append(f.pages, generator.ServedPage{Path: file, URLPath: urlPath})
}

// prerendered lists the pages of the prerendered routes of pre.
func (f *pageFinder) prerendered(pre prerender) {
	notFound := map[string]bool{}
	for _, r := range pre.NotFoundRoutes {
		notFound[r] = true
	}
	for route, r := range pre.Routes {
		f.served[route] = true
		if r.SrcRoute != "" {
			f.fromSrc[r.SrcRoute] = true
		}
		rel, ok := routeFile(route)
		if !ok || special(route) || notFound[route] || r.InitialStatus >= 400 || r.RouteType != "" && r.RouteType != "page" {
			continue
		}
		// A page of the app router has RSC data. A page of the pages
		// router has a JSON file under /_next/data/.
		first, second := "app/"+rel, "pages/"+rel
		if strings.HasPrefix(r.DataRoute, "/_next/data/") {
			first, second = second, first
		}
		switch {
		case f.exists(first):
			f.add(first, route)
		case f.exists(second):
			f.add(second, route)
		}
	}
}

// onDemand lists the pages that are static without being prerendered.
// It returns the routes rendered on demand, each as its manifest's name,
// a NUL, and the route.
func (f *pageFinder) onDemand(m *manifests) []string {
	var onDemand []string
	for route, file := range m.pages {
		switch {
		case special(route) || route == "/api" || strings.HasPrefix(route, "/api/") || f.served[route] || f.fromSrc[route]:
		case strings.HasSuffix(file, ".html"):
			// An automatically static page is its HTML file. The
			// prerender manifest does not list it.
			if rel, ok := srcpath.CleanRel(file); ok && rel == file && strings.HasPrefix(rel, "pages/") && f.exists(rel) {
				f.add(rel, route)
			}
		case dynamicFalse(m.pre.DynamicRoutes[route].Fallback):
		default:
			onDemand = append(onDemand, pagesManifestFile+"\x00"+route)
		}
	}
	for key, route := range m.app {
		switch {
		case !strings.HasSuffix(key, "/page"), special(route), f.served[route], f.fromSrc[route],
			strings.ContainsAny(route, "(@"), dynamicFalse(m.pre.DynamicRoutes[route].Fallback):
		default:
			onDemand = append(onDemand, appPathsManifest+"\x00"+route)
		}
	}
	return onDemand
}

// routeRegexp returns the pattern of the URL paths of a route of Next.js
// (/products/[id], /blog/[...slug], /docs/[[...slug]]): a parameter is
// one path element, a catch-all one or more, an optional catch-all none
// or more; a slash may end it (trailingSlash).
func routeRegexp(route string) string {
	var re strings.Builder
	re.WriteString("^")
	for el := range strings.SplitSeq(strings.Trim(route, "/"), "/") {
		switch {
		case el == "":
		case strings.HasPrefix(el, "[[...") && strings.HasSuffix(el, "]]"):
			re.WriteString(`(?:/[^/]+)*`)
		case strings.HasPrefix(el, "[...") && strings.HasSuffix(el, "]"):
			re.WriteString(`(?:/[^/]+)+`)
		case strings.HasPrefix(el, "[") && strings.HasSuffix(el, "]"):
			re.WriteString(`/[^/]+`)
		default:
			re.WriteString("/" + regexp.QuoteMeta(el))
		}
	}
	re.WriteString("/?$")
	return re.String()
}

// routeFile returns the HTML file of a prerendered route, relative to
// its router's folder: "index.html" for "/", "blog/a.html" for "/blog/a";
// false for a route that is no path inside it.
func routeFile(route string) (string, bool) {
	if route == "/" {
		return "index.html", true
	}
	if !strings.HasPrefix(route, "/") || strings.ContainsAny(route, "\\\x00") {
		return "", false
	}
	rel, ok := srcpath.CleanRel(route)
	if !ok || "/"+rel != route {
		return "", false
	}
	return rel + ".html", true
}

// dynamicFalse reports whether a dynamic route's fallback is false:
// no path but those prerendered is served.
func dynamicFalse(fallback json.RawMessage) bool {
	return string(fallback) == "false"
}
