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

// readBuild reads the manifests of the Next.js server build of p, whose
// folder is dist, in the project folder dir, through the one door
// (inside dir, each at most lim.PageBytes, limits.page_bytes):
//
//   - prerender-manifest.json: the routes prerendered at build time,
//     static and ISR alike (routes, each with its srcRoute), those whose
//     getStaticProps said notFound (notFoundRoutes, no page), and the
//     dynamic routes (dynamicRoutes, with fallback: false when no other
//     path is served);
//   - server/pages-manifest.json: the pages router's routes, an
//     automatically static page as its HTML file (pages/plain.html);
//   - app-path-routes-manifest.json: the app router's routes.
//
// A route prerendered is a page at its HTML file (server/app/ROUTE.html,
// or server/pages/ROUTE.html for the pages router's), unless it is an
// error page (/_not-found, /404, /500 ..., or prerendered with a status
// of 400 or more) or getStaticProps said notFound. What its head says
// (noindex, redirect(), canonical) is the build's to judge. A route of
// the pages or app router that nothing prerendered is rendered on
// demand: a warning names it once. A dynamic route with some pages
// prerendered and others served on demand (generateStaticParams with
// dynamicParams, fallback: 'blocking') is not named: its pages are
// listed. Locales of the pages router's i18n are not read.
func readBuild(dir, dist string, p *generator.Detected, lim limits.Limits) (*build, error) {
	lim = lim.Or()
	slash := p.TrailingSlash == "always"
	read := func(rel string, v any) (bool, error) {
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
	var pre struct {
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
	ok, err := read(prerenderManifest, &pre)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &diag.Diagnostic{File: path.Join(dist, prerenderManifest), Msg: "no such file: the Next.js project is not built",
			Hint: "run `next build` first, then sitemapgen"}
	}
	var pagesManifest, appManifest map[string]string
	if _, err := read(pagesManifestFile, &pagesManifest); err != nil {
		return nil, err
	}
	if _, err := read(appPathsManifest, &appManifest); err != nil {
		return nil, err
	}

	b := &build{}
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	server := p.PublishDir
	exists := func(rel string) bool {
		info, err := root.Stat(path.Join(server, rel))
		return err == nil && info.Mode().IsRegular()
	}
	urlPath := func(route string) string {
		if slash && route != "/" {
			return route + "/"
		}
		return route
	}
	notFound := map[string]bool{}
	for _, r := range pre.NotFoundRoutes {
		notFound[r] = true
	}
	served := map[string]bool{} // routes with a page (or a prerendered status)
	fromSrc := map[string]bool{}
	add := func(file, route string) {
		b.Pages = append(b.Pages, generator.ServedPage{Path: file, URLPath: urlPath(route)})
	}
	for route, r := range pre.Routes {
		served[route] = true
		if r.SrcRoute != "" {
			fromSrc[r.SrcRoute] = true
		}
		rel, ok := routeFile(route)
		if !ok || special(route) || notFound[route] || r.InitialStatus >= 400 || r.RouteType != "" && r.RouteType != "page" {
			continue
		}
		// The app router's pages have RSC data; the pages router's a
		// JSON file under /_next/data/.
		first, second := "app/"+rel, "pages/"+rel
		if strings.HasPrefix(r.DataRoute, "/_next/data/") {
			first, second = second, first
		}
		switch {
		case exists(first):
			add(first, route)
		case exists(second):
			add(second, route)
		}
	}
	var onDemand []string
	for route, file := range pagesManifest {
		switch {
		case special(route) || route == "/api" || strings.HasPrefix(route, "/api/") || served[route] || fromSrc[route]:
		case strings.HasSuffix(file, ".html"):
			// An automatically static page: its HTML, not in the
			// prerender manifest.
			if rel, ok := srcpath.CleanRel(file); ok && rel == file && strings.HasPrefix(rel, "pages/") && exists(rel) {
				add(rel, route)
			}
		case dynamicFalse(pre.DynamicRoutes[route].Fallback):
		default:
			onDemand = append(onDemand, pagesManifestFile+"\x00"+route)
		}
	}
	for key, route := range appManifest {
		switch {
		case !strings.HasSuffix(key, "/page"), special(route), served[route], fromSrc[route],
			strings.ContainsAny(route, "(@"), dynamicFalse(pre.DynamicRoutes[route].Fallback):
		default:
			onDemand = append(onDemand, appPathsManifest+"\x00"+route)
		}
	}
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
