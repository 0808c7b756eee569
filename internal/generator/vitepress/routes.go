package vitepress

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

var _ generator.Preset = (*Preset)(nil)

// Site is what a VitePress project keeps for its routes, as Detected.Own.
type Site struct {
	// Exclude are the globs of srcExclude, relative to srcDir: pages
	// VitePress does not build.
	Exclude []string
	// Unjoined says why the pages are not joined to their sources
	// (rewrites move them by rules sitemapgen does not follow); "" when
	// they are.
	Unjoined string
}

// Preset joins the pages of a VitePress build to their Markdown sources
// in srcDir (the folder of .vitepress by default), as VitePress routes
// them:
//
//	index.md          /
//	about.md          /about.html (/about with cleanUrls)
//	guide/index.md    /guide/
//	fr/about.md       /fr/about.html (a locale's page is in its folder)
//
// base is not in the built files' paths, so the join does not see it.
// A file whose name has a [param] is a dynamic route, whose pages its
// paths loader makes: it joins none. With lastUpdated: true, a page is
// dated as VitePress dates it ([Preset.Rules]).
type Preset struct {
	Site
	// GitDates is Detected.GitDates: where lastUpdated is on.
	GitDates string
}

// Routes returns the preset of the Markdown pages in srcDir; none when
// rewrites move them.
func (Generator) Routes(p *generator.Detected) (generator.Preset, string) {
	s, _ := p.Own.(Site)
	if s.Unjoined != "" || p.SourceDir == "" {
		return nil, ""
	}
	return &Preset{Site: s, GitDates: p.GitDates}, p.SourceDir
}

// URLPath returns the URL path of the page VitePress builds from the
// Markdown file p.
func (v *Preset) URLPath(p generator.Page) (string, bool) {
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok || !srcpath.HasExt(rel, ".md") || strings.ContainsAny(rel, "[]") {
		return "", false
	}
	name := strings.TrimSuffix(rel, path.Ext(rel))
	if name == "index" {
		return "/", true
	}
	if dir, ok := strings.CutSuffix(name, "/index"); ok {
		return "/" + dir + "/", true
	}
	return "/" + name + ".html", true
}

// FileRules reads a page's front matter for its lastUpdated date. A
// VitePress page has no drafts.
func (v *Preset) FileRules(rel string) generator.FileRules {
	return generator.FileRules{Reading: generator.Reading{Read: true, Dates: true}}
}

// Rules say where the pages are (node_modules and any dist folder left
// out, as VitePress leaves them out, and srcExclude) and how VitePress
// dates them.
func (v *Preset) Rules() generator.Rules {
	r := generator.Rules{
		Name: "vitepress",
		Sources: generator.SourceRules{
			Include: []string{"**/*.md"},
			Exclude: append([]string{"**/node_modules", "**/dist"}, v.Exclude...),
		},
	}
	if v.GitDates != "" {
		// lastUpdated: true dates a page by its front matter's
		// lastUpdated when that is a date, else by git log -1
		// --pretty=%ai FILE: the author date of the file's newest
		// commit, a rename without a change among them.
		r.Order = &generator.DateOrder{Steps: []generator.DateStep{{Keys: []string{"lastupdated"}}, {Git: true}}, From: v.GitDates, GitAuthor: true, GitRenames: true}
	}
	return r
}
