// Package registry lists the static site generators sitemapgen knows, in
// the order Detect tries them, and the sitemap tools it replaces whose
// definitions are in a folder of their own. To add a generator, add its
// folder below internal/generator and one line to [Generators]; to add
// its peer, its peer.go there and one line to [Peers].
package registry

import (
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/astro"
	"github.com/sitemapgen/sitemapgen/internal/generator/docusaurus"
	"github.com/sitemapgen/sitemapgen/internal/generator/eleventy"
	"github.com/sitemapgen/sitemapgen/internal/generator/gatsby"
	"github.com/sitemapgen/sitemapgen/internal/generator/hexo"
	"github.com/sitemapgen/sitemapgen/internal/generator/hugo"
	"github.com/sitemapgen/sitemapgen/internal/generator/jekyll"
	"github.com/sitemapgen/sitemapgen/internal/generator/mkdocs"
	"github.com/sitemapgen/sitemapgen/internal/generator/next"
	"github.com/sitemapgen/sitemapgen/internal/generator/nuxt"
	"github.com/sitemapgen/sitemapgen/internal/generator/pelican"
	"github.com/sitemapgen/sitemapgen/internal/generator/plain"
	"github.com/sitemapgen/sitemapgen/internal/generator/rspress"
	"github.com/sitemapgen/sitemapgen/internal/generator/sphinx"
	"github.com/sitemapgen/sitemapgen/internal/generator/sveltekit"
	"github.com/sitemapgen/sitemapgen/internal/generator/vitepress"
	"github.com/sitemapgen/sitemapgen/internal/generator/vuepress"
	"github.com/sitemapgen/sitemapgen/internal/generator/zola"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/netlify"
	"github.com/sitemapgen/sitemapgen/internal/peer/nextsitemap"
	"github.com/sitemapgen/sitemapgen/internal/peer/sscli"
)

// Generators are the generators, in detection order: the order of the
// projects Detect returns, and of the generators' titles in messages. A
// generator that claims a file another could also read says so by
// generator.Claimer (Zola's config.toml, which Hugo would read), not by
// its place here.
var Generators = []generator.Generator{
	hugo.Generator{},       // hugo.*, config.* (with a Hugo key or folder), config/_default/
	hexo.Generator{},       // a _config.yml with a Hexo key or beside source/_posts, else the dependency "hexo" (claimed before Jekyll reads it)
	jekyll.Generator{},     // _config.yml, else a Gemfile asking for jekyll or github-pages
	astro.Generator{},      // astro.config.*, else the dependency "astro"
	eleventy.Generator{},   // .eleventy.js, eleventy.config.*, else the dependency "@11ty/eleventy"
	next.Generator{},       // next.config.*, else the dependency "next"
	mkdocs.Generator{},     // mkdocs.yml
	docusaurus.Generator{}, // docusaurus.config.*, else the dependency "@docusaurus/core"
	pelican.Generator{},    // pelicanconf.py
	sphinx.Generator{},     // a conf.py that sets project or extensions, in ., source/, docs/, docs/source/
	gatsby.Generator{},     // gatsby-config.*, else the dependency "gatsby"
	vitepress.Generator{},  // .vitepress/config.* (also in docs/), else the dependency "vitepress"
	rspress.Generator{},    // rspress.config.*, else the dependency "@rspress/core" or "rspress"
	vuepress.Generator{},   // vuepress.config.*, .vuepress/config.* (also in docs/, src/), else the dependency "vuepress"
	nuxt.Generator{},       // nuxt.config.*, else the dependency "nuxt"
	sveltekit.Generator{},  // svelte.config.js with kit.adapter, else the dependency "@sveltejs/kit"
	zola.Generator{},       // a config.toml that sets base_url and no Hugo baseURL (claimed before Hugo reads it)
}

// Peers are the peers (sitemap tools sitemapgen replaces), each a
// peer.Def in a folder of its own: its options' rows, init's steps, its
// head link. They are handed to peer.Register, through which Map,
// init's steps and the Env of the npm integrations find each by its
// Tool: internal/peer holds no peer of its own.
var Peers = peer.Register(
	hugo.Peer,        // Hugo's sitemap: the [sitemap] table of its configuration
	jekyll.Peer,      // jekyll-sitemap: what leaves a file out of it in _config.yml
	sphinx.Peer,      // sphinx-sitemap: its settings in conf.py
	hexo.Peer,        // hexo-generator-sitemap: the sitemap: block of _config.yml
	mkdocs.Peer,      // MkDocs' sitemap: no option, init's steps only
	astro.Peer,       // @astrojs/sitemap: sitemap({ … }) in astro.config's integrations
	docusaurus.Peer,  // @docusaurus/plugin-sitemap: the classic preset's sitemap: { … }, or the plugin's
	gatsby.Peer,      // gatsby-plugin-sitemap: its options in gatsby-config's plugins
	rspress.Peer,     // @rspress/plugin-sitemap: pluginSitemap({ … }) in rspress.config
	vuepress.Peer,    // @vuepress/plugin-sitemap: sitemapPlugin({ … }) in .vuepress/config
	vitepress.Peer,   // VitePress's sitemap option: sitemap: { … } in .vitepress/config
	nextsitemap.Peer, // next-sitemap: next-sitemap.config.js, no generator's
	netlify.Peer,     // @netlify/plugin-sitemap: netlify.toml's [plugins.inputs] and the environment, no generator's
	sscli.Peer,       // static-sitemap-cli: its command line in a package.json script, no generator's
)

// Detect returns the projects of the generators whose files are in dir,
// in the order of [Generators] (at most one per generator), each with its
// Gen; nil, nil for none. Every file is read within the limits lim
// (settings_bytes, nesting, js_tokens), through the one door, never run:
// what is not a literal value is a note. A configuration that exists but
// does not parse is a *diag.Diagnostic naming the file (as
// filepath.Join(dir, name)) and line.
func Detect(dir string, lim limits.Limits) ([]generator.Detected, error) {
	return DetectEnv(dir, generator.OSEnv, lim)
}

// DetectEnv is Detect with the environment env (MkDocs' !ENV,
// HUGO_ENVIRONMENT, Gatsby's PREFIX_PATHS, VERCEL).
func DetectEnv(dir string, env generator.Env, lim limits.Limits) ([]generator.Detected, error) {
	d, err := generator.OpenDir(dir, env, lim)
	if err != nil {
		return nil, err
	}
	return generator.Detect(d, Generators)
}

// Plain is the Loader of a folder no generator owns: content mode's
// preset when no Loader among Generators finds its configuration.
var Plain generator.Loader = plain.Loader{}

// IsPlain reports whether p is the plain preset, which no generator's
// configuration gave.
func IsPlain(p generator.Preset) bool {
	_, ok := p.(plain.Preset)
	return ok
}

// ContentPresets returns the names content mode takes for --preset: the
// Loaders among Generators, in their order, then "plain".
func ContentPresets() []string {
	var names []string
	for _, g := range Generators {
		if _, ok := LoaderOf(g.Info().Name); ok {
			names = append(names, g.Info().Name)
		}
	}
	return append(names, "plain")
}

// An InfoLoader is a Loader with what its generator says of itself
// (zero for plain's, which is none).
type InfoLoader struct {
	generator.Loader
	Info generator.Info
}

// Loaders returns the Loader of the --preset name with its generator's
// Info, given true, when name has one; else those of ContentPresets, in
// their order, for a caller to try one after the other.
func Loaders(name string) (ls []InfoLoader, given bool) {
	withInfo := func(n string) InfoLoader {
		l, _ := LoaderOf(n)
		g, _ := Lookup(n)
		if g == nil {
			return InfoLoader{Loader: l}
		}
		return InfoLoader{Loader: l, Info: g.Info()}
	}
	if _, ok := LoaderOf(name); ok {
		return []InfoLoader{withInfo(name)}, true
	}
	for _, n := range ContentPresets() {
		ls = append(ls, withInfo(n))
	}
	return ls, false
}

// LoaderOf returns the Loader of a --preset name ("hugo", "plain"), and
// false when there is none.
func LoaderOf(name string) (generator.Loader, bool) {
	if name == "plain" {
		return Plain, true
	}
	g, ok := Lookup(name)
	if !ok {
		return nil, false
	}
	l, ok := g.(generator.Loader)
	return l, ok
}

// Lookup returns the generator named name ("hugo"), and false when there
// is none.
func Lookup(name string) (generator.Generator, bool) {
	for _, g := range Generators {
		if g.Info().Name == name {
			return g, true
		}
	}
	return nil, false
}

// Titles returns the generators' titles in detection order, joined as a
// list: "Hugo, Jekyll, … or Zola" (conj "or").
func Titles(conj string) string {
	var t []string
	for _, g := range Generators {
		t = append(t, g.Info().Title)
	}
	return List(t, conj)
}

// List returns names joined as a sentence lists them: "a, b or c" (conj
// "or").
func List(names []string, conj string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + conj + " " + names[len(names)-1]
}
