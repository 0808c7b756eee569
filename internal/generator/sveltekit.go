package generator

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// svelteKitStatic is the adapter whose build is a site of files;
// svelteKitNode the one whose build is a Node server and the pages it
// prerendered, files.
const (
	svelteKitStatic = "@sveltejs/adapter-static"
	svelteKitNode   = "@sveltejs/adapter-node"
)

// sveltekit is Detect's check for a SvelteKit project: svelte.config.js,
// else a package.json dependency "@sveltejs/kit". A svelte.config.js that
// sets no kit.adapter, in a project that does not depend on SvelteKit, is
// a Svelte app's, not SvelteKit's.
func (d *Dir) sveltekit() (*Project, error) {
	name, data, err := d.configOrDependency("@sveltejs/kit", "svelte.config.js")
	if err != nil || name == "" {
		return nil, err
	}
	if !d.pkg.has("@sveltejs/kit") {
		if _, st := jsconfig.NewReader(name, data, d.lim).Callee("kit.adapter", ""); st == jsconfig.Absent {
			return nil, nil
		}
	}
	_, vercel := d.env("VERCEL")
	return svelteKitProject(name, data, vercel, d.lim), nil
}

// svelteKitProject reads a SvelteKit configuration (data is nil without
// one); vercel says whether the build runs on Vercel.
//
// Only the build of @sveltejs/adapter-static (kit.adapter, a call of the
// default import of that module) is a site of files: `vite build` writes
// the prerendered pages to the adapter's pages option, default build/ (on
// Vercel, an adapter given no options writes .vercel/output/static). Its
// fallback option names a single-page fallback page. kit.paths.base is
// the base path; the configuration has no site URL. SvelteKit's
// trailingSlash is an option of the route files (+layout.js), not of the
// configuration: the default, 'never', writes /about as about.html and
// links it as /about; 'always' writes about/index.html.
func svelteKitProject(name string, data []byte, vercel bool, lim limits.Limits) *Project {
	p := &Project{Generator: "sveltekit", Title: "SvelteKit", File: name}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	adapter, st := r.Callee("kit.adapter", dirHint)
	module := r.Import(adapter.Callee)
	switch {
	case st == jsconfig.Bad:
		// the reader's note says why; PublishDir stays unknown
	case st == jsconfig.Absent:
		where := name
		if name == "package.json" {
			where = "svelte.config.js"
		}
		r.Note(0, "no kit.adapter: sitemapgen needs the static build of %s (set kit.adapter in %s; `vite build` then writes build/)", svelteKitStatic, where)
	case module == "":
		r.Note(adapter.Line, "kit.adapter calls %s, which is no default import of the file%s", adapter.Callee, dirHint)
	case module == svelteKitNode:
		svelteKitNodeBuild(p, r)
	case module != svelteKitStatic:
		r.Note(adapter.Line, "kit.adapter is %s, not %s or %s: sitemapgen needs a static build (adapter-static writes build/) or adapter-node's (build/prerendered/)", module, svelteKitStatic, svelteKitNode)
	case adapter.Args == 0 && vercel:
		p.PublishDir = ".vercel/output/static" // adapter-static's zero-configuration build on Vercel
	default:
		p.PublishDir = "build"
		if v, st := r.Str("kit.adapter().pages", dirHint); st == jsconfig.OK && cleanDir(v.Value) != "" {
			p.PublishDir = cleanDir(v.Value)
		} else if st == jsconfig.Bad {
			p.PublishDir = ""
		}
		if v, st := r.Str("kit.adapter().fallback", ""); st == jsconfig.OK && cleanDir(v.Value) != "" && cleanDir(v.Value) != "index.html" {
			p.Fallbacks = []string{cleanDir(v.Value)}
		}
	}
	if base, st := r.Str("kit.paths.base", baseURLHint); st == jsconfig.OK {
		p.BasePath = normBase(base.Value)
	}
	return p
}

// svelteKitNodeBuild sets in p the folders of a build by adapter-node
// (its out option, default build/): the pages SvelteKit prerendered are
// files in out/prerendered/BASE/ (PublishDir), which the server serves
// at their URLs; it serves out/client/BASE/ as files at BASE, where the
// sitemaps go (ServedDir); the routes it renders on demand are in the
// manifest SvelteKit writes to kit.outDir (default .svelte-kit),
// output/server/manifest.js ([ReadSvelteKitBuild]). Its server answers
// about.html at /about and blog/index.html at /blog/, as CleanURLs says.
func svelteKitNodeBuild(p *Project, r *jsconfig.Reader) {
	out := "build"
	if v, st := r.Str("kit.adapter().out", dirHint); st == jsconfig.OK && cleanDir(v.Value) != "" {
		out = cleanDir(v.Value)
	} else if st == jsconfig.Bad {
		return
	}
	base := ""
	if v, st := r.Str("kit.paths.base", baseURLHint); st == jsconfig.OK {
		base = strings.Trim(normBase(v.Value), "/")
	} else if st == jsconfig.Bad {
		return
	}
	kitOut := ".svelte-kit"
	if v, st := r.Str("kit.outDir", dirHint); st == jsconfig.OK && cleanDir(v.Value) != "" {
		kitOut = cleanDir(v.Value)
	} else if st == jsconfig.Bad {
		return
	}
	p.PublishDir = path.Join(out, "prerendered", base)
	// Its server answers a page prerendered as NAME.html at /NAME (the
	// route's trailingSlash 'never', the default) and one prerendered as
	// NAME/index.html at /NAME/ ('always').
	p.TrailingSlash, p.CleanURLs = "always", true
	p.ServedDir = path.Join(out, "client", base)
	p.SvelteKitOut = kitOut
}
