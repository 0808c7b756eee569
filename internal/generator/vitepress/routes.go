package vitepress

import (
	"fmt"
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
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
	// Leave are the tests of a sitemap.transformItems that filters its
	// items by literal strings (jsconfig.Reader.Filter), read as the
	// user's exclude: a page whose item's url one of them leaves out is
	// left out. LeaveFrom is where it is (FILE:LINE). CleanURLs is
	// cleanUrls, which the items' urls follow.
	Leave     []jsconfig.Test
	LeaveFrom string
	CleanURLs bool
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
// VitePress page has no drafts. A page the sitemap.transformItems read
// leaves out of VitePress' sitemap is left out.
func (v *Preset) FileRules(rel string) generator.FileRules {
	r := generator.FileRules{Reading: generator.Reading{Read: true, Dates: true}}
	if len(v.Leave) > 0 {
		r.ExcludedBy = v.leftOutBy(rel)
	}
	return r
}

// leftOutBy returns the test of sitemap.transformItems that leaves the
// page of the source rel out of VitePress' sitemap, as --explain says
// it, or "". The test is of the item's url, which VitePress makes of the
// source's path: index.md a folder's, a page NAME.html, or NAME with
// cleanUrls.
func (v *Preset) leftOutBy(rel string) string {
	rel, ok := srcpath.CleanRel(rel)
	if !ok || !srcpath.HasExt(rel, ".md") {
		return ""
	}
	u := strings.TrimSuffix(rel, path.Ext(rel))
	switch {
	case u == "index":
		u = ""
	case strings.HasSuffix(u, "/index"):
		u = strings.TrimSuffix(u, "index")
	case !v.CleanURLs:
		u += ".html"
	}
	for _, t := range v.Leave {
		if t.Leaves(u) {
			return fmt.Sprintf("sitemap.transformItems, %s: item.url %q, which %s %q", v.LeaveFrom, u, testWords[t.Op], t.Lit)
		}
	}
	return ""
}

// testWords say each test of a filter in the words of --explain.
var testWords = map[string]string{"includes": "includes", "startsWith": "starts with", "endsWith": "ends with", "equals": "is"}

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
