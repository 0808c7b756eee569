package generator

import (
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/serverbuild"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// ServerBuild is what a server build prerendered, as files, and what its
// server renders on demand, which no file shows.
type ServerBuild struct {
	// What says what built it, as a message names the build: "Next.js
	// without output: 'export'", "SvelteKit's adapter-node". Its server
	// answers URLs no file of the site folder shows (pages rendered on
	// demand, endpoints, redirects): audit, which follows links as a
	// static host serves files, refuses it.
	What string
	// Served says that the build's pages are Pages, not the files of the
	// site folder (Detected.PublishDir): Next.js's, whose server answers
	// them at URLs their files do not give. false: the site folder's
	// files are the pages, at the URLs their paths give (Astro's
	// build.client, SvelteKit's build/prerendered/).
	Served bool
	Pages  []ServedPage
	// Warnings name, each at the record of the build that lists it (File
	// relative to the project folder), a route rendered on demand with no
	// page prerendered, whose URLs no pattern gives (OnDemand does).
	Warnings []*diag.Diagnostic
	// OnDemand are the routes rendered on demand with no page
	// prerendered whose URL paths a pattern gives: the extra URLs may
	// list them, and the caller warns of each none of them is a page of
	// (Covered).
	OnDemand []OnDemandRoute
	// Frozen, when not nil, says that the server serves only the files
	// its build found in the site folder: a sitemap written there after
	// the build is not served (Nitro's node-server, which serves the
	// public assets its build listed). The caller says it when the
	// sitemaps go there.
	Frozen *diag.Diagnostic
	// Input is the record of the build read (relative to the project
	// folder, "" for none): a new build rewrites it.
	Input string
	// Routes are the URL paths of the pages rendered on demand whose URL
	// the build's record gives whole (Astro's /account, a route of no
	// parameter): listed by their URLs, as extra URLs of RoutesFrom (the
	// record that gives them, relative to the project folder), since no
	// file shows them.
	Routes     []string
	RoutesFrom string
}

// OnDemandRoute is a route a server build renders on demand, with no
// page prerendered.
type OnDemandRoute struct {
	// Warning says so, at the record of the build that lists it (File
	// relative to the project folder; the caller's, once it is placed).
	Warning *diag.Diagnostic
	// Pattern matches the URL paths of its pages, relative to the base
	// URL with a leading slash: a regular expression's source, in Go's
	// syntax, anchored at both ends (^/products/[^/]+/?$).
	Pattern string
}

// Covered says, of each route, whether one of paths (URL paths relative
// to the base URL, with a leading slash: the extra URLs') is a page of
// it, or was not tried on all of them, past the work a build gives it:
// a route none of them is a page of is still not listed.
func Covered(routes []OnDemandRoute, paths []string) []bool {
	patterns := make([]string, len(routes))
	for i, r := range routes {
		patterns[i] = r.Pattern
	}
	m := serverbuild.Prerendered(patterns, paths)
	out := make([]bool, len(routes))
	for i := range routes {
		out[i] = !m.OnDemand(i)
	}
	return out
}

// ReadServerBuild reads what the server build of p in the project folder
// dir prerendered and renders on demand, from the records its build
// writes, by its generator's [ServerBuilder]; nil for a project whose
// build is a site of files.
func ReadServerBuild(dir string, p *Detected, lim limits.Limits) (*ServerBuild, error) {
	if g, ok := p.Gen.(ServerBuilder); ok {
		return g.ReadServerBuild(dir, p, lim)
	}
	return nil, nil
}

// ServedPage is a page a server build prerendered, which its server
// answers at a URL its file does not give.
type ServedPage struct {
	// Path is its HTML file, relative to the build's server folder
	// (Detected.PublishDir): "app/about.html", "pages/docs/install.html".
	Path string
	// URLPath is the path the server serves it at below the base path:
	// "/about", or "/about/"; "/" for the home page.
	URLPath string
}
