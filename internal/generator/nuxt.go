package generator

import (
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// nuxtConfigs are Nuxt's configuration files, in the order Detect looks
// for them.
var nuxtConfigs = []string{"nuxt.config.ts", "nuxt.config.js", "nuxt.config.mjs"}

// nuxtFallbacks are the pages `nuxi generate` writes besides the routes
// that are no pages of the site: 200.html, the single-page fallback
// (404.html is an error page by its name).
var nuxtFallbacks = []string{"200.html"}

// nuxt is Detect's check for a Nuxt project: a configuration file, else
// a package.json dependency "nuxt".
func (d *Dir) nuxt() (*Project, error) {
	name, data, err := d.configOrDependency("nuxt", nuxtConfigs...)
	if err != nil || name == "" {
		return nil, err
	}
	p := nuxtProject(name, data, d.env, d.lim)
	d.nuxtServerBuild(p)
	return p, nil
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

// nuxtProject reads a Nuxt configuration (data is nil without one).
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
func nuxtProject(name string, data []byte, env func(string) (string, bool), lim limits.Limits) *Project {
	p := &Project{Generator: "nuxt", Title: "Nuxt", File: name, Fallbacks: nuxtFallbacks}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	preset, _ := env("NITRO_PRESET")
	if v, st := r.Str("nitro.preset", dirHint); preset == "" && st == jsconfig.OK {
		preset = v.Value
	}
	for _, e := range []struct{ name, preset string }{{"NETLIFY", "netlify"}, {"CF_PAGES", "cloudflare_pages"}, {"VERCEL", "vercel"}} {
		if _, ok := env(e.name); preset == "" && ok {
			preset = e.preset
		}
	}
	p.PublishDir = nitroPublicDir(preset)
	if v, st := r.Str("nitro.output.publicDir", dirHint); st == jsconfig.OK && strings.Contains(v.Value, "{{") {
		r.Note(v.Line, "nitro.output.publicDir %q is a template, which is not read%s", v.Value, dirHint)
		p.PublishDir = ""
	} else if st == jsconfig.OK && cleanDir(v.Value) != "" {
		p.PublishDir = cleanDir(v.Value)
	} else if st == jsconfig.Bad {
		p.PublishDir = ""
	}

	p.readSite(r, "app.baseURL", atBase, "site.url", "runtimeConfig.public.siteUrl")
	if slash, st := r.Bool("site.trailingSlash"); st == jsconfig.OK {
		p.TrailingSlash = "never"
		if slash {
			p.TrailingSlash = "always"
		}
	}
	if ssr, st := r.Bool("ssr"); st == jsconfig.OK && !ssr {
		r.Note(0, "ssr is false: `nuxi generate` writes app shells that render in the browser, and only the routes it is given (the home page, nitro.prerender.routes) as files")
	}
	return p
}
