// Package nuxt is Nuxt, as sitemapgen knows it: a project is a
// nuxt.config.*, else a package.json dependency "nuxt". `nuxi generate`
// writes a site of files into Nitro's public folder; `nuxi build` a
// server and the pages it prerendered. Its pages are joined to their
// page files, and with @nuxt/content to the Markdown of content/
// (routes.go, content.go). Its sitemaps are @nuxtjs/sitemap's.
package nuxt

import (
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsproject"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Generator is Nuxt.
type Generator struct{}

var (
	_ generator.Generator     = Generator{}
	_ generator.ServerBuilder = Generator{}
	_ generator.Router        = Generator{}
)

// Info returns Nuxt's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "nuxt", Title: "Nuxt", PublishKey: "nitro.output.publicDir", ConfigFile: "nuxt.config.ts", BaseURLPlaces: []string{"url: in site of Nuxt's configuration ({file}), or siteUrl: in runtimeConfig.public", `"homepage": in package.json`}, Sitemaps: sitemaps}
}

// Own is what a Nuxt project keeps for its generator's hooks, as
// Detected.Own.
type Own struct {
	// Server is Nitro's server folder of a server build (`nuxi build`:
	// .output/server beside .output/public), relative to the project
	// folder: [Generator.ReadServerBuild] reads the routes of its router.
	// "" for a site of files (`nuxi generate`).
	Server string
	// Content says the project uses @nuxt/content (a dependency of its
	// package.json, or one of the configuration's modules).
	Content bool
	// SitemapModule names what says the project uses @nuxtjs/sitemap
	// (or @nuxtjs/seo, which holds it), whose Nuxt Content integration
	// dates a content page by its front matter; "" for none.
	SitemapModule string
}

// Routes returns the preset of the project's page files and, with
// @nuxt/content, its content/, in the project folder.
func (Generator) Routes(p *generator.Detected) (generator.Preset, string) {
	o, _ := p.Own.(Own)
	return &Preset{Content: o.Content, SitemapModule: o.SitemapModule}, "."
}

// sitemaps names @nuxtjs/sitemap's: sitemap.xml, or sitemap_index.xml
// and the sitemaps in its folder __sitemap__/.
func sitemaps(*generator.Detected) generator.SitemapFiles {
	return generator.SitemapFiles{Names: []string{"sitemap.xml", "sitemap_index.xml"}, Folder: "__sitemap__/"}
}

// configs are Nuxt's configuration files, in the order Detect looks
// for them.
var configs = []string{"nuxt.config.ts", "nuxt.config.js", "nuxt.config.mjs"}

// fallbacks are the pages `nuxi generate` writes besides the routes
// that are no pages of the site: 200.html, the single-page fallback
// (404.html is an error page by its name).
var fallbacks = []string{"200.html"}

// Detect finds a Nuxt project: a configuration file, else a package.json
// dependency "nuxt".
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	name, data, err := d.ConfigOrDependency("nuxt", configs...)
	if err != nil || name == "" {
		return nil, err
	}
	p := project(name, data, d.Env, d.Limits())
	serverBuild(d, p)
	modules(d, p, name, data)
	jsproject.Homepage(d, p)
	return p, nil
}

// modules sets in p's Own whether the project uses @nuxt/content and
// @nuxtjs/sitemap (or @nuxtjs/seo): a dependency of its package.json,
// or a name of the configuration's modules (the file name, data).
func modules(d *generator.Dir, p *generator.Detected, name string, data []byte) {
	o, _ := p.Own.(Own)
	var listed []string
	if data != nil {
		listed, _ = jsconfig.NewReader(name, data, d.Limits()).Strs("modules")
	}
	uses := func(module string) string {
		switch {
		case slices.Contains(listed, module):
			return name + " modules"
		case d.Depends(module):
			return "package.json"
		}
		return ""
	}
	o.Content = uses("@nuxt/content") != ""
	for _, m := range []string{"@nuxtjs/sitemap", "@nuxtjs/seo"} {
		if from := uses(m); from != "" && o.SitemapModule == "" {
			o.SitemapModule = m + " (" + from + ")"
		}
	}
	if o != (Own{}) {
		p.Own = o
	}
}

// nitroPublicDir returns the folder Nitro's static preset writes the site
// into: dist for Netlify and Cloudflare Pages, .vercel/output/static for
// Vercel, .output/public for the others (static, github_pages …).
func nitroPublicDir(preset string) string {
	switch p := strings.ReplaceAll(strings.ToLower(preset), "-", "_"); {
	case strings.HasPrefix(p, "netlify"), strings.HasPrefix(p, "cloudflare_pages"):
		return "dist"
	case strings.HasPrefix(p, "vercel"):
		return ".vercel/output/static"
	}
	return ".output/public"
}

// project reads a Nuxt configuration (data is nil without one).
//
// `nuxi generate` prerenders the routes into Nitro's public folder, each
// as ROUTE/index.html, with 200.html and 404.html besides. The folder is
// nitro.output.publicDir when the configuration gives it, else the one
// of Nitro's preset: NITRO_PRESET, else nitro.preset, else the build
// environment's (Netlify, Cloudflare Pages, Vercel), else .output/public.
//
// The site URL is site.url (nuxt-site-config's, which @nuxtjs/sitemap
// reads), else runtimeConfig.public.siteUrl: its scheme and host, with
// app.baseURL, under which Nuxt links every page. site.trailingSlash
// (nuxt-site-config) says the form of the links; Nuxt itself has no such
// setting.
func project(name string, data []byte, env func(string) (string, bool), lim limits.Limits) *generator.Detected {
	p := &generator.Detected{File: name, Fallbacks: fallbacks}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	preset, _ := env("NITRO_PRESET")
	if v, st := r.Str("nitro.preset", siteurl.DirHint); preset == "" && st == jsconfig.OK {
		preset = v.Value
	}
	for _, e := range []struct{ name, preset string }{{"NETLIFY", "netlify"}, {"CF_PAGES", "cloudflare_pages"}, {"VERCEL", "vercel"}} {
		if _, ok := env(e.name); preset == "" && ok {
			preset = e.preset
		}
	}
	p.PublishDir = nitroPublicDir(preset)
	if v, st := r.Str("nitro.output.publicDir", siteurl.DirHint); st == jsconfig.OK && strings.Contains(v.Value, "{{") {
		r.Note(v.Line, "nitro.output.publicDir %q is a template, which is not read%s", v.Value, siteurl.DirHint)
		p.PublishDir = ""
	} else if st == jsconfig.OK && siteurl.CleanDir(v.Value) != "" {
		p.PublishDir = siteurl.CleanDir(v.Value)
	} else if st == jsconfig.Bad {
		p.PublishDir = ""
	}

	jsproject.ReadSite(p, r, "app.baseURL", siteurl.AtBase, "site.url", "runtimeConfig.public.siteUrl")
	if slash, st := r.Bool("site.trailingSlash"); st == jsconfig.OK {
		p.Form.TrailingSlash = "never"
		if slash {
			p.Form.TrailingSlash = "always"
		}
	}
	if ssr, st := r.Bool("ssr"); st == jsconfig.OK && !ssr {
		r.Note(0, "ssr is false: `nuxi generate` writes app shells that render in the browser, and only the routes it is given (the home page, nitro.prerender.routes) as files")
	}
	return p
}
