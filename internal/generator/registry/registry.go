// Package registry lists the static site generators sitemapgen knows, in
// the order Detect tries them. To add a generator, add its folder below
// internal/generator and one line to [Generators].
package registry

import (
	"os"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/gatsby"
	"github.com/sitemapgen/sitemapgen/internal/generator/hexo"
	"github.com/sitemapgen/sitemapgen/internal/generator/sveltekit"
	"github.com/sitemapgen/sitemapgen/internal/generator/zola"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Generators are the generators, in detection order: the order of the
// projects Detect returns, and of the generators' titles in messages. A
// generator that claims a file another could also read says so by
// generator.Claimer (Zola's config.toml, which Hugo would read), not by
// its place here.
var Generators = []generator.Generator{
	generator.Legacy("hugo"),       // hugo.*, config.* (with a Hugo key or folder), config/_default/
	hexo.Generator{},               // a _config.yml with a Hexo key or beside source/_posts, else the dependency "hexo" (claimed before Jekyll reads it)
	generator.Legacy("jekyll"),     // _config.yml, else a Gemfile asking for jekyll or github-pages
	generator.Legacy("astro"),      // astro.config.*, else the dependency "astro"
	generator.Legacy("eleventy"),   // .eleventy.js, eleventy.config.*, else the dependency "@11ty/eleventy"
	generator.Legacy("next"),       // next.config.*, else the dependency "next"
	generator.Legacy("mkdocs"),     // mkdocs.yml
	generator.Legacy("docusaurus"), // docusaurus.config.*, else the dependency "@docusaurus/core"
	generator.Legacy("pelican"),    // pelicanconf.py
	generator.Legacy("sphinx"),     // a conf.py that sets project or extensions, in ., source/, docs/, docs/source/
	gatsby.Generator{},             // gatsby-config.*, else the dependency "gatsby"
	generator.Legacy("vitepress"),  // .vitepress/config.* (also in docs/), else the dependency "vitepress"
	generator.Legacy("nuxt"),       // nuxt.config.*, else the dependency "nuxt"
	sveltekit.Generator{},          // svelte.config.js with kit.adapter, else the dependency "@sveltejs/kit"
	zola.Generator{},               // a config.toml that sets base_url and no Hugo baseURL (claimed before Hugo reads it)
}

// Detect returns the projects of the generators whose files are in dir,
// in the order of [Generators] (at most one per generator), each with its
// Gen; nil, nil for none. Every file is read within the limits lim
// (settings_bytes, nesting, js_tokens), through the one door, never run:
// what is not a literal value is a note. A configuration that exists but
// does not parse is a *diag.Diagnostic naming the file (as
// filepath.Join(dir, name)) and line.
func Detect(dir string, lim limits.Limits) ([]generator.Project, error) {
	return DetectEnv(dir, os.LookupEnv, lim)
}

// DetectEnv is Detect with the environment env (MkDocs' !ENV,
// HUGO_ENVIRONMENT, Gatsby's PREFIX_PATHS, VERCEL).
func DetectEnv(dir string, env func(string) (string, bool), lim limits.Limits) ([]generator.Project, error) {
	d, err := generator.OpenDir(dir, env, lim)
	if err != nil {
		return nil, err
	}
	return generator.Detect(d, Generators)
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
	if len(t) < 2 {
		return strings.Join(t, "")
	}
	return strings.Join(t[:len(t)-1], ", ") + " " + conj + " " + t[len(t)-1]
}
