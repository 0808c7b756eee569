package astro

// An Astro server build: what `astro build` writes with an adapter when
// the output is 'server', or 'static' with pages rendered on demand
// (prerender = false): the prerendered pages in build.client (dist/client/,
// the site folder), the server in build.server (dist/server/), whose
// manifest names every route.

import (
	"bytes"
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

// manifestCall is what precedes the manifest's JSON in the module
// Astro 5 writes as build.server/manifest_HASH.mjs.
var manifestCall = []byte("= deserializeManifest(")

// manifest returns the manifest module of the server folder server
// (relative to dir): manifest_HASH.mjs, the newest when a build that did
// not empty the folder left others; "" when there is none.
func manifest(dir, server string) (string, error) {
	entries, err := fsx.ReadDir(dir, server)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	name, newest := "", int64(0)
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasPrefix(n, "manifest_") || !strings.HasSuffix(n, ".mjs") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		if t := info.ModTime().UnixNano(); name == "" || t > newest {
			name, newest = n, t
		}
	}
	if name == "" {
		return "", nil
	}
	return path.Join(server, name), nil
}

// ReadServerBuild reads, for a server build (Own with a Server), the
// routes rendered on demand (see [readBuild]); nil for a static build.
func (Generator) ReadServerBuild(dir string, p *generator.Detected, lim limits.Limits) (*generator.ServerBuild, error) {
	s := own(p).Server
	if s == "" {
		return nil, nil
	}
	od, routes, name, err := readBuild(dir, s, lim)
	if err != nil {
		return nil, err
	}
	return &generator.ServerBuild{What: "Astro with an adapter's server: output 'server', or pages with prerender = false", OnDemand: od, Routes: routes, RoutesFrom: name}, nil
}

// readBuild reads the manifest of the Astro server build whose server
// folder is server, in the project folder dir, through the one
// door (inside dir, at most lim.PageBytes, limits.page_bytes): the
// routes of build.server/manifest_HASH.mjs, each with its route, type,
// component and prerender. Of the pages of the project's that are
// rendered on demand (prerender false), it returns the routes of one
// URL (/account), whose URL is known though no file of the build shows
// the page, as @astrojs/sitemap lists them from the routes Astro gives
// it; and each of the others (a dynamic route, /products/[id]) with the
// pattern of its URL paths and a warning at the manifest, naming its
// route and component: no file of the build shows its URLs, and the
// caller says so unless the extra URLs list one. name is the manifest read. Endpoints, redirects and Astro's own routes (_server-islands,
// _image) are no pages. The prerendered pages are the files of the site
// folder (build.client), listed as any static build's. No manifest (the
// project is not built, or not by Astro 5): no warning.
func readBuild(dir, server string, lim limits.Limits) (onDemand []generator.OnDemandRoute, routes []string, name string, err error) {
	lim = lim.Or()
	name, err = manifest(dir, server)
	if err != nil || name == "" {
		return nil, nil, "", err
	}
	data, err := fsx.ReadFile(dir, name, lim.PageBytes, "limits.page_bytes")
	if err != nil {
		return nil, nil, "", err
	}
	i := bytes.Index(data, manifestCall)
	if i < 0 {
		return nil, nil, "", &diag.Diagnostic{File: name, Msg: "not a manifest of Astro 5: no deserializeManifest call; the routes rendered on demand are not known"}
	}
	if err := lim.Check(name, data[i:], limits.JSON); err != nil {
		return nil, nil, "", err
	}
	var m struct {
		Routes []struct {
			RouteData struct {
				Route     string `json:"route"`
				Type      string `json:"type"`
				Component string `json:"component"`
				Prerender bool   `json:"prerender"`
				Origin    string `json:"origin"`
			} `json:"routeData"`
		} `json:"routes"`
	}
	if err := json.NewDecoder(bytes.NewReader(data[i+len(manifestCall):])).Decode(&m); err != nil {
		return nil, nil, "", &diag.Diagnostic{File: name, Msg: "not a manifest of Astro 5: " + err.Error(), Err: err}
	}
	type route struct{ route, component string }
	var pages []route
	for _, r := range m.Routes {
		d := r.RouteData
		if d.Type != "page" || d.Prerender || d.Origin == "internal" || d.Route == "" || isStatusPage(d.Route) {
			continue
		}
		pages = append(pages, route{d.Route, d.Component})
	}
	slices.SortFunc(pages, func(a, b route) int { return strings.Compare(a.route, b.route) })
	pages = slices.Compact(pages)
	for _, r := range pages {
		if !srcpath.Dynamic().MatchString(r.route) {
			routes = append(routes, r.route)
			continue
		}
		what := diag.Excerpt(r.route)
		if r.component != "" {
			what += " (" + diag.Excerpt(r.component) + ")"
		}
		onDemand = append(onDemand, generator.OnDemandRoute{Warning: serverbuild.OnDemand(name, what, true), Pattern: routePattern(r.route)})
	}
	return onDemand, routes, name, nil
}

// routePattern returns the pattern of the URL paths of an Astro route
// (relative to its base, with a leading slash; the final slash optional,
// as trailingSlash may have it): a parameter ([id]) is a part of one
// path element, a rest parameter ([...slug]) any number of elements,
// none too.
func routePattern(route string) string {
	var re strings.Builder
	re.WriteString("^")
	for el := range strings.SplitSeq(strings.Trim(route, "/"), "/") {
		if el == "" {
			continue
		}
		if strings.HasPrefix(el, "[...") && strings.HasSuffix(el, "]") && strings.Count(el, "[") == 1 {
			re.WriteString(`(?:/[^/]+)*`)
			continue
		}
		re.WriteString("/")
		for el != "" {
			i := strings.IndexByte(el, '[')
			j := strings.IndexByte(el[max(i, 0):], ']')
			if i < 0 || j < 0 {
				re.WriteString(regexp.QuoteMeta(el))
				break
			}
			re.WriteString(regexp.QuoteMeta(el[:i]))
			if strings.HasPrefix(el[i:], "[...") {
				re.WriteString(`.*`)
			} else {
				re.WriteString(`[^/]+`)
			}
			el = el[i+j+1:]
		}
	}
	re.WriteString("/?$")
	return re.String()
}

// isStatusPage reports whether an Astro route is one of its error
// pages, which it serves with their status: /404 and /500.
func isStatusPage(route string) bool {
	return route == "/404" || route == "/500"
}
