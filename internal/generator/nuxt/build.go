package nuxt

// A Nuxt server build: what `nuxi build` writes with a server preset
// (node-server, the default): the routes it prerendered (routeRules'
// prerender, nitro.prerender.routes) are files in .output/public/, which
// its server serves as they are; the others are rendered on demand by
// .output/server/, whose router names every page.

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/serverbuild"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// serverEntry is the module of a Nuxt server build, below Nitro's
// server folder, that holds the Vue router's routes (const _routes).
const serverEntry = "chunks/build/server.mjs"

// routesStart begins the router's routes in serverEntry.
var routesStart = []byte("const _routes = [")

// routeEntry matches a route of the list: its path (a JSON string) and
// its component, which is a stub for a route that only redirects
// (routeRules' redirect: component_45stub…).
var routeEntry = lazyre.MustCompile(`(?s)path:\s*("(?:[^"\\]|\\.)*"),\s*component:\s*(\S+)`)

// param matches a parameter of a Vue router path: :id(), :slug(.*)*,
// :lang?.
var param = lazyre.MustCompile(`:\w+(\([^)]*\))?[?*+]?`)

// serverBuild makes p, a Nuxt project whose site folder is Nitro's
// default .output/public, a server build when `nuxi build` wrote one
// there: .output/server/ with its router. The configuration cannot tell
// `nuxi build` from `nuxi generate`: only the build. Its pages are
// answered at their routes, /about for about/index.html, as Nuxt links
// them, unless site.trailingSlash says otherwise.
func serverBuild(d *generator.Dir, p *generator.Detected) {
	if p.PublishDir != ".output/public" {
		return
	}
	server := ".output/server"
	if info, err := fsx.Stat(d.Path(), path.Join(server, serverEntry)); err != nil || !info.Mode().IsRegular() {
		return
	}
	p.Own = Own{Server: server}
	if p.Form.TrailingSlash == "" {
		p.Form.TrailingSlash = "never"
	}
	p.Notes = append(p.Notes, generator.Note(p.File, 0, "the build in .output is a server build (nuxi build): only its prerendered pages are files (in %s); pages rendered on demand are not listed", p.PublishDir))
}

// ReadServerBuild reads, for a server build (Own's Server set), the routes
// rendered on demand (see [readBuild]); nil for `nuxi generate`'s.
// Nitro's server serves only the files its build found: the sitemaps
// written after it are not, which Frozen says.
func (Generator) ReadServerBuild(dir string, p *generator.Detected, lim limits.Limits) (*generator.ServerBuild, error) {
	o, _ := p.Own.(Own)
	server := o.Server
	if server == "" {
		return nil, nil
	}
	od, w, err := readBuild(dir, server, p, lim)
	if err != nil {
		return nil, err
	}
	frozen := &diag.Diagnostic{File: server + "/" + serverEntry,
		Msg:  "Nitro's server serves only the files `nuxi build` found in " + p.PublishDir + ": the sitemaps written there after it are not served",
		Hint: "serve " + p.PublishDir + " as static files from the host (as Nitro's presets for Netlify, Vercel or Cloudflare do), or give --out public: the next `nuxi build` serves them"}
	return &generator.ServerBuild{What: "Nuxt's nuxi build, for a server", OnDemand: od, Warnings: w, Frozen: frozen, Input: server + "/" + serverEntry}, nil
}

// readBuild reads the routes of the Nuxt server build of p, whose
// server folder is server, in the project folder dir, through the one door
// (inside dir, at most lim.PageBytes, limits.page_bytes): the Vue
// router's of server/chunks/build/server.mjs, its list at most
// lim.SettingsBytes (limits.settings_bytes, as the records of Next.js's
// and Astro's server builds). It returns each page route none of whose
// URLs was prerendered (no HTML file of the site folder, PublishDir, is
// at a path it matches), with the pattern of its URL paths and a
// warning: its server renders it on demand, and no file shows its URLs,
// which the caller says unless the extra URLs list one. A route that
// only redirects (a stub of routeRules' redirect) is none. No build:
// none.
func readBuild(dir, server string, p *generator.Detected, lim limits.Limits) ([]generator.OnDemandRoute, []*diag.Diagnostic, error) {
	lim = lim.Or()
	name := path.Join(server, serverEntry)
	data, err := fsx.ReadFile(dir, name, lim.PageBytes, "limits.page_bytes")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	i := bytes.Index(data, routesStart)
	if i < 0 {
		return nil, nil, &diag.Diagnostic{File: name, Msg: "not a server build of Nuxt: no routes (const _routes); the routes rendered on demand are not known"}
	}
	list := data[i+len(routesStart):]
	if end := bytes.Index(list, []byte("\n];")); end >= 0 {
		list = list[:end]
	}
	// The routes are tried on the pages prerendered: held to the size
	// of the other records of a server build.
	if err := lim.Check(name, list, limits.Text); err != nil {
		return nil, nil, err
	}
	var routes []string
	for _, m := range routeEntry().FindAllSubmatch(list, -1) {
		route, err := strconv.Unquote(string(m[1]))
		if err != nil || !strings.HasPrefix(route, "/") || strings.HasPrefix(string(m[2]), "component_45stub") {
			continue
		}
		routes = append(routes, route)
	}
	pages, err := prerendered(dir, p.PublishDir)
	if err != nil {
		return nil, nil, err
	}
	patterns := make([]string, len(routes))
	for i, route := range routes {
		// The parameters, matched on the route as written (QuoteMeta
		// escapes their parentheses): each a segment, a catch-all any.
		src := regexp.QuoteMeta(route)
		src = quotedParam().ReplaceAllStringFunc(src, func(m string) string {
			if strings.HasSuffix(m, `*`) || strings.Contains(m, `\.\*`) {
				return `.*`
			}
			return `[^/]+`
		})
		patterns[i] = "^" + src + "/?$"
	}
	matched := serverbuild.Prerendered(patterns, pages)
	type route struct{ route, pattern string }
	var onDemand []route
	for i, r := range routes {
		if matched.OnDemand(i) {
			onDemand = append(onDemand, route{r, patterns[i]})
		}
	}
	slices.SortFunc(onDemand, func(a, b route) int { return strings.Compare(a.route, b.route) })
	var od []generator.OnDemandRoute
	for _, r := range slices.Compact(onDemand) {
		od = append(od, generator.OnDemandRoute{Warning: serverbuild.OnDemand(name, diag.Excerpt(r.route), param().MatchString(r.route)), Pattern: r.pattern})
	}
	var warnings []*diag.Diagnostic
	if w := matched.Warning(name); w != nil {
		warnings = append(warnings, w)
	}
	return od, warnings, nil
}

// quotedParam is param on a path escaped by regexp.QuoteMeta.
var quotedParam = lazyre.MustCompile(`:\w+(\\\([^)]*\\\))?(\\[?*+])?`)

// prerendered returns the route of each HTML page of the site folder
// publish (relative to dir): "/" for index.html, "/about" for
// about/index.html or about.html. Nuxt's own files (_nuxt/) are none.
func prerendered(dir, publish string) ([]string, error) {
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	var routes []string
	err = root.WalkDir(publish, func(rel string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "_nuxt" {
			return fs.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(rel, ".html") {
			return nil
		}
		r := strings.TrimSuffix(strings.TrimSuffix("/"+strings.TrimPrefix(rel, publish+"/"), ".html"), "/index")
		if r == "" || r == "/index" {
			r = "/"
		}
		routes = append(routes, r)
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return routes, err
}
