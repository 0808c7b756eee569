package generator

// A Next.js server build: what `next build` without a static export
// writes to its distDir (.next), read from the build's own manifests.

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// NextBuild is what a Next.js server build prerendered, and the routes it
// renders on demand.
type NextBuild struct {
	// Pages are the prerendered pages, sorted by Path.
	Pages []NextPage
	// Warnings name, each at the manifest that lists it (File relative to
	// the project folder), a route served on demand that has no page
	// prerendered: no URL of it can be listed.
	Warnings []*diag.Diagnostic
}

// NextPage is a page a Next.js server build prerendered.
type NextPage struct {
	// Path is its HTML file, relative to the build's server folder
	// (Project.PublishDir): "app/about.html", "pages/docs/install.html".
	Path string
	// URLPath is the path Next.js serves it at below basePath, as
	// trailingSlash says: "/about", or "/about/" with trailingSlash: true;
	// "/" for the home page.
	URLPath string
}

// nextSpecial are the routes of Next.js's own error pages and of the
// pages router's wrappers: no pages of the site.
var nextSpecial = map[string]bool{
	"/_not-found": true, "/_global-error": true, "/_error": true, "/_app": true, "/_document": true,
	"/404": true, "/500": true,
}

// The manifests ReadNextBuild reads, relative to distDir.
const (
	nextPrerenderManifest = "prerender-manifest.json"
	nextPagesManifest     = "server/pages-manifest.json"
	nextAppPathsManifest  = "app-path-routes-manifest.json"
)

// ReadNextBuild reads the manifests of the Next.js server build of p (a
// project with NextDist) in the project folder dir, through the one door
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
func ReadNextBuild(dir string, p *Project, lim limits.Limits) (*NextBuild, error) {
	lim = lim.Or()
	dist := p.NextDist
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
	ok, err := read(nextPrerenderManifest, &pre)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &diag.Diagnostic{File: path.Join(dist, nextPrerenderManifest), Msg: "no such file: the Next.js project is not built",
			Hint: "run `next build` first, then sitemapgen"}
	}
	var pagesManifest, appManifest map[string]string
	if _, err := read(nextPagesManifest, &pagesManifest); err != nil {
		return nil, err
	}
	if _, err := read(nextAppPathsManifest, &appManifest); err != nil {
		return nil, err
	}

	b := &NextBuild{}
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
		b.Pages = append(b.Pages, NextPage{Path: file, URLPath: urlPath(route)})
	}
	for route, r := range pre.Routes {
		served[route] = true
		if r.SrcRoute != "" {
			fromSrc[r.SrcRoute] = true
		}
		rel, ok := nextRouteFile(route)
		if !ok || nextSpecial[route] || notFound[route] || r.InitialStatus >= 400 || r.RouteType != "" && r.RouteType != "page" {
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
		case nextSpecial[route] || route == "/api" || strings.HasPrefix(route, "/api/") || served[route] || fromSrc[route]:
		case strings.HasSuffix(file, ".html"):
			// An automatically static page: its HTML, not in the
			// prerender manifest.
			if rel, ok := cleanRel(file); ok && rel == file && strings.HasPrefix(rel, "pages/") && exists(rel) {
				add(rel, route)
			}
		case nextDynamicFalse(pre.DynamicRoutes[route].Fallback):
		default:
			onDemand = append(onDemand, nextPagesManifest+"\x00"+route)
		}
	}
	for key, route := range appManifest {
		switch {
		case !strings.HasSuffix(key, "/page"), nextSpecial[route], served[route], fromSrc[route],
			strings.ContainsAny(route, "(@"), nextDynamicFalse(pre.DynamicRoutes[route].Fallback):
		default:
			onDemand = append(onDemand, nextAppPathsManifest+"\x00"+route)
		}
	}
	slices.SortFunc(b.Pages, func(a, c NextPage) int { return strings.Compare(a.Path, c.Path) })
	b.Pages = slices.CompactFunc(b.Pages, func(a, c NextPage) bool { return a.Path == c.Path })
	slices.Sort(onDemand)
	for _, od := range slices.Compact(onDemand) {
		manifest, route, _ := strings.Cut(od, "\x00")
		b.Warnings = append(b.Warnings, onDemandWarning(path.Join(dist, manifest), diag.Excerpt(route), dynamicSegment.MatchString(route)))
	}
	return b, nil
}

// nextRouteFile returns the HTML file of a prerendered route, relative to
// its router's folder: "index.html" for "/", "blog/a.html" for "/blog/a";
// false for a route that is no path inside it.
func nextRouteFile(route string) (string, bool) {
	if route == "/" {
		return "index.html", true
	}
	if !strings.HasPrefix(route, "/") || strings.ContainsAny(route, "\\\x00") {
		return "", false
	}
	rel, ok := cleanRel(route)
	if !ok || "/"+rel != route {
		return "", false
	}
	return rel + ".html", true
}

// nextDynamicFalse reports whether a dynamic route's fallback is false:
// no path but those prerendered is served.
func nextDynamicFalse(fallback json.RawMessage) bool {
	return string(fallback) == "false"
}
