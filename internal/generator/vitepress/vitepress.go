// Package vitepress is VitePress, as sitemapgen knows it: a project is
// a configuration in .vitepress of the project folder or of docs/, else a
// package.json dependency "vitepress". `vitepress build` writes
// .vitepress/dist; its own sitemap is sitemap.xml, set by sitemap: { … },
// whose options the switch takes over.
package vitepress

import (
	"fmt"
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsproject"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Generator is VitePress.
type Generator struct{}

var (
	_ generator.Generator  = Generator{}
	_ generator.Router     = Generator{}
	_ generator.PeerReader = Generator{}
)

// Info returns VitePress's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "vitepress", Title: "VitePress", PublishKey: "outDir", ConfigFile: ".vitepress/config.mts", BaseURLPlaces: []string{"hostname: in sitemap of VitePress' configuration ({file})", `"homepage": in package.json`},
		// Its sitemap's lastmod is a page's lastUpdated, with
		// lastUpdated: true (Detected.GitDates), and nothing without it.
		SitemapDates: "VitePress' lastUpdated: each page's last commit, or its front matter's lastUpdated"}
}

// SitemapOptions returns the options of its sitemap: { … }.
func (Generator) SitemapOptions(d *generator.Dir, p *generator.Detected) []peer.Config {
	r := jsproject.Reader(d, p.File)
	if r == nil {
		return nil
	}
	if _, line, ok := r.Any("sitemap"); ok {
		opts := jsconf.Options(r, "sitemap")
		// A transformItems that filters by literal strings, read as the
		// build reads it (transformItems, below), is named test by test.
		if tests, ok := r.Filter("sitemap.transformItems", "url"); ok {
			for i := range opts {
				if opts[i].Name == "transformItems" {
					l := peer.Leaves{}
					for _, t := range tests {
						l.Tests = append(l.Tests, fmt.Sprintf("item.url %s %q", testWords[t.Op], t.Lit))
					}
					opts[i].Value = l
				}
			}
		}
		return []peer.Config{{Tool: Tool, File: p.File, Line: line, Options: opts}}
	}
	return nil
}

// configs are VitePress's configuration files, in the folder
// .vitepress of the site's root, in the order VitePress looks for them:
// a file, or a folder's index (whose modules the index may spread).
var configs = []string{"config.js", "config.ts", "config.mjs", "config.mts",
	"config/index.js", "config/index.ts", "config/index.mjs", "config/index.mts"}

// roots are the folders Detect looks in for .vitepress: the
// project folder, and docs/, where most projects keep the site.
var roots = []string{".", "docs"}

// Detect finds a VitePress project: a configuration
// file in .vitepress of the project folder or of docs/, else a
// package.json dependency "vitepress" (the root then from a script
// running `vitepress build ROOT`, else the project folder).
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	p, err := detect(d)
	if err != nil || p == nil {
		return nil, err
	}
	jsproject.Homepage(d, p)
	return p, nil
}

// detect is Detect, before package.json's homepage.
func detect(d *generator.Dir) (*generator.Detected, error) {
	for _, root := range roots {
		names := make([]string, len(configs))
		for i, c := range configs {
			names[i] = path.Join(root, ".vitepress", c)
		}
		name, data, err := d.File(names...)
		if err != nil {
			return nil, err
		}
		if name != "" {
			return project(root, name, data, d.Limits(), func(file string, r *jsconfig.Reader) { spreadModules(d, file, r) }), nil
		}
	}
	if !d.Depends("vitepress") {
		return nil, nil
	}
	root := "."
	if runs := d.ScriptRuns("vitepress build"); len(runs) > 0 && len(runs[0]) > 0 && !strings.HasPrefix(runs[0][0], "-") {
		root = siteurl.CleanDir(runs[0][0])
	}
	return project(root, "package.json", nil, d.Limits(), nil), nil
}

// project reads the VitePress configuration (data is nil
// without one) of the site whose root, the folder that holds .vitepress,
// is root. `vitepress build` writes outDir, relative to the root (default
// .vitepress/dist), each page as NAME.html (index.md as index.html); it
// links a page as /NAME.html, or as /NAME with cleanUrls: true, and a
// folder as /NAME/. The site URL is the scheme and host of
// sitemap.hostname with base: VitePress links every page under base
// (default "/"), and its own sitemap resolves the pages against hostname,
// which its docs say to end with base.
func project(root, name string, data []byte, lim limits.Limits, spread func(file string, r *jsconfig.Reader)) *generator.Detected {
	p := &generator.Detected{File: name, PublishDir: path.Join(root, ".vitepress/dist"), Form: generator.URLForm{TrailingSlash: "always"}}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()
	if spread != nil {
		spread(name, r)
	}

	if v, st := r.Str("outDir", siteurl.DirHint); st == jsconfig.OK && siteurl.CleanDir(v.Value) != "" {
		if p.PublishDir = siteurl.CleanDir(v.Value); !path.IsAbs(p.PublishDir) {
			p.PublishDir = path.Join(root, p.PublishDir)
		}
	} else if st == jsconfig.Bad {
		p.PublishDir = ""
	}

	site := jsproject.ReadSite(p, r, "base", siteurl.AtBase, "sitemap.hostname")
	host, hostSt := site.Site, site.SiteSt
	if hp := siteurl.NormBase(siteurl.Path(host.Value)); hostSt == jsconfig.OK && p.BaseURL != "" && hp != "" && hp != siteurl.NormBase(siteurl.Path(p.BaseURL)) {
		r.Note(host.Line, "sitemap.hostname has the path %s, which is not base: VitePress links the pages under base, at %s", hp, diag.URL(p.BaseURL))
	}
	if clean, st := r.Bool("cleanUrls"); st == jsconfig.OK {
		p.Form.CleanURLs = clean
	}
	if l := locales(r); l != nil {
		p.Pages = l
	}
	if s := sources(r, root, p); len(s.Exclude) > 0 || s.Unjoined != "" {
		p.Own = s
	}
	transform := transformItems(r, p)
	// lastUpdated: true dates every page of its sitemap by its source's
	// last commit (or its front matter's lastUpdated), unless
	// sitemap.transformItems, code, may change them.
	if on, st := r.Bool("lastUpdated"); st == jsconfig.OK && on && !transform {
		p.GitDates = fmt.Sprintf("VitePress lastUpdated, %s", name) // the line may be a spread module's
	}
	return p
}

// transformItems reads sitemap.transformItems of the configuration r
// (its file's, or a module's it spreads). One that filters the items by
// literal strings of their url (items.filter((item) =>
// !item.url.includes('migration'))) is read as the user's exclude, into
// p.SitemapLeaves: the pages it leaves out of VitePress' sitemap are
// left out of ours. Any other is code, not read, which p.SitemapCode
// names for the second look's note. It returns whether there is such
// code.
func transformItems(r *jsconfig.Reader, p *generator.Detected) bool {
	file, line, set := r.At("sitemap.transformItems")
	if !set {
		return false
	}
	if tests, ok := r.Filter("sitemap.transformItems", "url"); ok {
		p.SitemapLeaves = leaves(tests, fmt.Sprintf("%s:%d", file, line), p.Form.CleanURLs)
		return false
	}
	p.SitemapCode = fmt.Sprintf("sitemap.transformItems (%s:%d)", file, line)
	return true
}

// leaves returns generator.Detected.SitemapLeaves for the tests of a
// transformItems at from. A built page's item has the url VitePress
// gives it in its sitemap: the page's path in the output folder (which
// rewrites already moved it to), a folder's for an index.html, and
// without .html with cleanUrls.
func leaves(tests []jsconfig.Test, from string, clean bool) func(rel string) string {
	return func(rel string) string {
		u, ok := strings.CutSuffix(rel, ".html")
		if !ok {
			return ""
		}
		switch {
		case u == "index":
			u = ""
		case strings.HasSuffix(u, "/index"):
			u = strings.TrimSuffix(u, "index")
		case !clean:
			u += ".html"
		}
		for _, t := range tests {
			if t.Leaves(u) {
				return fmt.Sprintf("VitePress' sitemap.transformItems (%s) leaves it out: item.url %q %s %q", from, u, testWords[t.Op], t.Lit)
			}
		}
		return ""
	}
}

// testWords say each test of a filter as --explain says it.
var testWords = map[string]string{"includes": "includes", "startsWith": "starts with", "endsWith": "ends with", "equals": "is"}

// sources reads where the pages' sources are, for [Generator.Routes]:
// srcDir (relative to root, default root itself) as p.SourceDir, "" when
// it is not a literal; srcExclude; and rewrites, which move pages by
// rules the join does not follow.
func sources(r *jsconfig.Reader, root string, p *generator.Detected) Site {
	var s Site
	p.SourceDir = root
	if v, st := r.Str("srcDir", ""); st == jsconfig.OK {
		if dir := siteurl.CleanDir(v.Value); dir != "" && !path.IsAbs(dir) {
			p.SourceDir = path.Join(root, dir)
		} else {
			p.SourceDir = ""
		}
	} else if st == jsconfig.Bad {
		p.SourceDir = ""
	}
	if globs, st := r.Strs("srcExclude"); st == jsconfig.OK {
		s.Exclude = globs
	} else if st == jsconfig.Bad {
		p.SourceDir = ""
	}
	if _, line, ok := r.Any("rewrites"); ok {
		s.Unjoined = fmt.Sprintf("rewrites, %s:%d", p.File, line)
		r.Note(line, "rewrites move pages by rules sitemapgen does not follow: the pages are not joined to their sources")
	}
	return s
}

// locales reads locales of the configuration r, as VitePress's
// sitemap links its pages: a page in the folder of a locale that has a
// lang (fr/about.md) is one page with the page at the same path without
// the folder (about.md), each in its locale's lang; the others are in the
// root locale's lang, else the site's, else en-US. nil unless a locale
// besides root has a lang (VitePress's sitemap then writes alternates).
func locales(r *jsconfig.Reader) *generator.FolderLocales {
	l := &generator.FolderLocales{Default: "en-US", Langs: map[string]string{}, From: "VitePress's locales"}
	if v, st := r.Str("lang", ""); st == jsconfig.OK && v.Value != "" {
		l.Default = v.Value
	}
	for _, k := range r.Keys("locales") {
		v, st := r.Str("locales."+k.Name+".lang", "")
		if st != jsconfig.OK || v.Value == "" {
			continue
		}
		if k.Name == "root" {
			l.Default = v.Value
		} else if !strings.ContainsAny(k.Name, "/\\") {
			l.Langs[k.Name] = v.Value
		}
	}
	if len(l.Langs) == 0 {
		return nil
	}
	return l
}

// spreadModules takes into r, the configuration read from file (relative
// to the project), the objects its exported object spreads from the
// project's own modules (VitePress's config/index.ts: { ...shared,
// locales }, shared imported from './shared'): each read as a
// configuration of its own, within the limits, one level deep. A module
// outside the project, or a package's, is not read, and the spread is
// noted as unread when a value the reader needs may come from it.
func spreadModules(d *generator.Dir, file string, r *jsconfig.Reader) {
	for _, name := range r.Spreads("") {
		module := r.NamedImport(name)
		if module == "" {
			module = r.Import(name)
		}
		if !strings.HasPrefix(module, "./") && !strings.HasPrefix(module, "../") {
			continue
		}
		base := path.Join(path.Dir(file), module)
		if base == ".." || strings.HasPrefix(base, "../") {
			continue
		}
		var names []string
		if ext := path.Ext(base); ext == ".js" || ext == ".ts" || ext == ".mjs" || ext == ".mts" {
			names = append(names, base)
		}
		for _, ext := range []string{".ts", ".mts", ".js", ".mjs"} {
			names = append(names, base+ext, base+"/index"+ext)
		}
		mod, data, err := d.File(names...)
		if err != nil || mod == "" {
			continue
		}
		r.Spread(name, jsconfig.NewReader(mod, data, d.Limits()))
	}
}
