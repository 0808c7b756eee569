// Package sveltekit is SvelteKit, as sitemapgen knows it: a project is
// svelte.config.js (with kit.adapter), else a package.json dependency
// "@sveltejs/kit". Only the builds of adapter-static (a site of files)
// and adapter-node (a server and the pages it prerendered) are read. The
// configuration names its site only by kit.prerender.origin, the origin
// of its prerendered pages; else package.json's homepage gives it (else
// what the built site says: its feed). Its pages are joined to
// their routes, and the posts of a route over Markdown to their files
// (routes.go, loads.go). SvelteKit writes no sitemap of its own.
package sveltekit

import (
	"net/url"
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsproject"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// Generator is SvelteKit.
type Generator struct{}

var (
	_ generator.Generator     = Generator{}
	_ generator.ServerBuilder = Generator{}
	_ generator.Router        = Generator{}
)

// Info returns SvelteKit's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "sveltekit", Title: "SvelteKit", PublishKey: "pages", BaseURLPlaces: []string{"kit.prerender.origin in svelte.config.js (the origin SvelteKit's pages are prerendered at)", `"homepage": in package.json`}, Sitemaps: sitemaps}
}

// Server is what a SvelteKit project keeps of a build by a server
// adapter (adapter-node), as Detected.Own.
type Server struct {
	// Out is SvelteKit's output folder, relative to the project folder
	// (kit.outDir, ".svelte-kit"): [Generator.ReadServerBuild] reads the
	// routes rendered on demand from its manifest.
	Out string
}

// Routes returns the preset of src/routes and the Markdown its routes
// read, in the project folder.
func (Generator) Routes(*generator.Detected) (generator.Preset, string) {
	return &Preset{}, "."
}

// sitemaps names none: SvelteKit writes no sitemap, and a sitemap.xml
// route is the project's own.
func sitemaps(*generator.Detected) generator.SitemapFiles {
	return generator.SitemapFiles{}
}

// adapterStatic is the adapter whose build is a site of files;
// adapterNode the one whose build is a Node server and the pages it
// prerendered, files.
const (
	adapterStatic = "@sveltejs/adapter-static"
	adapterNode   = "@sveltejs/adapter-node"
)

// Detect finds a SvelteKit project: svelte.config.js,
// else a package.json dependency "@sveltejs/kit". A svelte.config.js that
// sets no kit.adapter, in a project that does not depend on SvelteKit, is
// a Svelte app's, not SvelteKit's.
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	name, data, err := d.ConfigOrDependency("@sveltejs/kit", "svelte.config.js")
	if err != nil || name == "" {
		return nil, err
	}
	if !d.Depends("@sveltejs/kit") {
		if _, st := jsconfig.NewReader(name, data, d.Limits()).Callee("kit.adapter", ""); st == jsconfig.Absent {
			return nil, nil
		}
	}
	_, vercel := d.Env("VERCEL")
	p := project(name, data, vercel, d.Limits())
	if p.BaseURL == "" {
		jsproject.Homepage(d, p)
	}
	return p, nil
}

// project reads a SvelteKit configuration (data is nil without
// one); vercel says whether the build runs on Vercel.
//
// Only the build of @sveltejs/adapter-static (kit.adapter, a call of the
// default import of that module) is a site of files: `vite build` writes
// the prerendered pages to the adapter's pages option, default build/ (on
// Vercel, an adapter given no options writes .vercel/output/static). Its
// fallback option names a single-page fallback page. kit.paths.base is
// the base path; kit.prerender.origin the site's origin, when set
// (prerenderOrigin). SvelteKit's
// trailingSlash is an option of the route files (+layout.js), not of the
// configuration: the default, 'never', writes /about as about.html and
// links it as /about; 'always' writes about/index.html and links it as
// /about/. The built files tell which, as CleanURLs says; static hosts
// serve about.html at /about.
func project(name string, data []byte, vercel bool, lim limits.Limits) *generator.Detected {
	p := &generator.Detected{File: name}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	adapter, st := r.Callee("kit.adapter", siteurl.DirHint)
	module := r.Import(adapter.Callee)
	switch {
	case st == jsconfig.Bad:
		// the reader's note says why; PublishDir stays unknown
	case st == jsconfig.Absent:
		where := name
		if name == "package.json" {
			where = "svelte.config.js"
		}
		r.Note(0, "no kit.adapter: sitemapgen needs the static build of %s (set kit.adapter in %s; `vite build` then writes build/)", adapterStatic, where)
	case module == "":
		r.Note(adapter.Line, "kit.adapter calls %s, which is no default import of the file%s", adapter.Callee, siteurl.DirHint)
	case module == adapterNode:
		nodeBuild(p, r)
	case module != adapterStatic:
		r.Note(adapter.Line, "kit.adapter is %s, not %s or %s: sitemapgen needs a static build (adapter-static writes build/) or adapter-node's (build/prerendered/)", module, adapterStatic, adapterNode)
	case adapter.Args == 0 && vercel:
		p.PublishDir = ".vercel/output/static" // adapter-static's zero-configuration build on Vercel
	default:
		p.PublishDir = "build"
		if v, st := r.Str("kit.adapter().pages", siteurl.DirHint); st == jsconfig.OK && siteurl.CleanDir(v.Value) != "" {
			p.PublishDir = siteurl.CleanDir(v.Value)
		} else if st == jsconfig.Bad {
			p.PublishDir = ""
		}
		if v, st := r.Str("kit.adapter().fallback", ""); st == jsconfig.OK && siteurl.CleanDir(v.Value) != "" && siteurl.CleanDir(v.Value) != "index.html" {
			p.Fallbacks = []string{siteurl.CleanDir(v.Value)}
		}
	}
	if module == adapterStatic && p.PublishDir != "" {
		// about.html is linked as /about, about/index.html as /about/.
		p.Form.TrailingSlash, p.Form.CleanURLs = "always", true
	}
	if base, st := r.Str("kit.paths.base", siteurl.BaseURLHint); st == jsconfig.OK {
		p.BasePath = siteurl.NormBase(base.Value)
	}
	prerenderOrigin(p, r)
	return p
}

// defaultOrigin is url.origin while SvelteKit prerenders a page, unless
// kit.prerender.origin sets it: a stand-in, the host of no site.
const defaultOrigin = "http://sveltekit-prerender"

// prerenderOrigin gives p the site URL that kit.prerender.origin names,
// below the base path. SvelteKit's pages and feeds write url.origin
// while they are prerendered, and that setting says what it is, so a
// project sets it to the site's own origin. The default stand-in, or a
// host of this machine or of one label, names no site, and is a note.
func prerenderOrigin(p *generator.Detected, r *jsconfig.Reader) {
	v, st := r.Str("kit.prerender.origin", siteurl.BaseURLHint)
	if st != jsconfig.OK || v.Value == defaultOrigin {
		return
	}
	host := ""
	if u, err := url.Parse(v.Value); err == nil {
		host = u.Host
	}
	if mapping.Loopback(host) || mapping.SingleLabel(host) {
		r.Note(v.Line, "kit.prerender.origin %q names no public site; not taken for the base URL", diag.URL(v.Value))
		return
	}
	jsproject.SetBaseURL(p, v.Value, p.File+" kit.prerender.origin")
}

// nodeBuild sets in p the folders of a build by adapter-node
// (its out option, default build/): the pages SvelteKit prerendered are
// files in out/prerendered/BASE/ (PublishDir), which the server serves
// at their URLs; it serves out/client/BASE/ as files at BASE, where the
// sitemaps go (ServedDir); the routes it renders on demand are in the
// manifest SvelteKit writes to kit.outDir (default .svelte-kit),
// output/server/manifest.js ([Generator.ReadServerBuild]). Its server answers
// about.html at /about and blog/index.html at /blog/, as CleanURLs says.
func nodeBuild(p *generator.Detected, r *jsconfig.Reader) {
	out := "build"
	if v, st := r.Str("kit.adapter().out", siteurl.DirHint); st == jsconfig.OK && siteurl.CleanDir(v.Value) != "" {
		out = siteurl.CleanDir(v.Value)
	} else if st == jsconfig.Bad {
		return
	}
	base := ""
	if v, st := r.Str("kit.paths.base", siteurl.BaseURLHint); st == jsconfig.OK {
		base = strings.Trim(siteurl.NormBase(v.Value), "/")
	} else if st == jsconfig.Bad {
		return
	}
	kitOut := ".svelte-kit"
	if v, st := r.Str("kit.outDir", siteurl.DirHint); st == jsconfig.OK && siteurl.CleanDir(v.Value) != "" {
		kitOut = siteurl.CleanDir(v.Value)
	} else if st == jsconfig.Bad {
		return
	}
	p.PublishDir = path.Join(out, "prerendered", base)
	// Its server answers a page prerendered as NAME.html at /NAME (the
	// route's trailingSlash 'never', the default) and one prerendered as
	// NAME/index.html at /NAME/ ('always').
	p.Form.TrailingSlash, p.Form.CleanURLs = "always", true
	p.ServedDir = path.Join(out, "client", base)
	p.Own = Server{Out: kitOut}
}
