// Package docusaurus is Docusaurus, as sitemapgen knows it: a project
// is a docusaurus.config.*, else a package.json dependency
// "@docusaurus/core". `docusaurus build` writes build/, each locale in
// its folder with its own sitemap; its docs, blog and pages are joined to
// their sources by the classic preset's routes.
package docusaurus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsproject"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Generator is Docusaurus.
type Generator struct{}

var (
	_ generator.Generator  = Generator{}
	_ generator.Router     = Generator{}
	_ generator.PeerReader = Generator{}
)

// Info returns Docusaurus'. It serves its baseUrl with its slash
// whatever trailingSlash says (applyTrailingSlash leaves it alone).
func (Generator) Info() generator.Info {
	return generator.Info{Name: "docusaurus", Title: "Docusaurus", ConfigFile: "docusaurus.config.js", SlashedBase: true, BaseURLPlaces: []string{"url: in Docusaurus' configuration ({file})"}, Sitemaps: generator.LanguageSitemaps, Published: generator.LanguagesPublished}
}

// Site is what a Docusaurus project keeps for its routes, as
// Detected.Own; nil when all is the default.
type Site struct {
	// Docs, Blog and Pages are where the content plugins take their
	// sources and serve their pages.
	Docs, Blog, Pages Content
	// Versions are the docs' versions Docusaurus builds, from
	// versions.json and the docs plugin's options; nil for an
	// unversioned site, its docs folder at the route base.
	Versions []Version
}

// zero reports whether s is all the defaults.
func (s Site) zero() bool {
	return s.Docs == Content{} && s.Blog == Content{} && s.Pages == Content{} && s.Versions == nil
}

// Routes returns the preset of the docs, blog and pages, in SourceDir,
// else the project folder.
func (Generator) Routes(p *generator.Detected) (generator.Preset, string) {
	dir := p.SourceDir
	if dir == "" {
		dir = "."
	}
	s, _ := p.Own.(Site)
	return &Preset{Locales: p.Languages, Site: s, GitDates: p.GitDates}, dir
}

// configs are the Docusaurus configuration files, in the order
// Detect looks for them.
var configs = []string{"docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs", "docusaurus.config.cjs"}

// Detect finds a Docusaurus project: a configuration file, else a
// package.json dependency "@docusaurus/core".
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	name, data, err := d.ConfigOrDependency("@docusaurus/core", configs...)
	if err != nil || name == "" {
		return nil, err
	}
	// versions.json lists the docs' versions, the newest first.
	vname, vdata, err := d.File("versions.json")
	if err != nil {
		return nil, err
	}
	var listed []string
	var vnote string
	if vname != "" {
		if err := json.Unmarshal(vdata, &listed); err != nil {
			listed = nil
			vnote = generator.Note(vname, 0, "not a JSON list of versions (%v): versioned docs are not joined to their sources", err)
		}
	}
	p, s := project(name, data, listed, d.Limits())
	if vnote != "" {
		p.Notes = append(p.Notes, vnote)
	}
	if !s.zero() {
		p.Own = s
	}
	jsproject.Homepage(d, p)
	return p, nil
}

// showLastUpdateRE finds showLastUpdateTime: true, an option of the docs
// and blog plugins, which sit in the preset's array: looked for in the
// text.
var showLastUpdateRE = lazyre.MustCompile(`\bshowLastUpdateTime\s*:\s*true\b`)

// project reads a Docusaurus configuration: url (the host) and
// baseUrl (the path, "/" when absent), trailingSlash (undefined by
// default: URLs as written, /docs/myDoc/index.html files; true: with a
// slash; false: without, /docs/myDoc.html files); the content plugins'
// folders, route bases and, given versions.json's list, the docs'
// versions. `docusaurus build` writes build/ (its --out-dir is not in
// the configuration).
func project(name string, data []byte, listed []string, lim limits.Limits) (*generator.Detected, Site) {
	var s Site
	p := &generator.Detected{File: name, PublishDir: "build"}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	def, _ := r.Str("i18n.defaultLocale", "")
	if locales, st := r.Strs("i18n.locales"); st == jsconfig.OK {
		for _, l := range locales {
			if l != def.Value && l != "" && !strings.ContainsAny(l, "/\\") {
				p.Languages = append(p.Languages, l)
			}
		}
	}
	p.Translated = len(p.Languages) > 0
	// The classic preset's sitemap filename names each locale's sitemap
	// and the root's.
	for _, e := range jsconf.Elements(r, "presets") {
		if v, st := r.Str(e+"[1].sitemap.filename", ""); st == jsconfig.OK && plainBase().MatchString(v.Value) && v.Value != "sitemap.xml" {
			p.SitemapFile, p.SitemapFileKey = v.Value, "the classic preset's sitemap.filename"
		}
	}
	o := options{r: r, file: name}
	at := o.contentOptions()
	s.Docs, s.Blog, s.Pages = o.content(at["docs"], "docs"), o.content(at["blog"], "blog"), o.content(at["pages"], "pages")
	if !s.Docs.Unread && !s.Docs.Off {
		if v, ok := o.versions(at["docs"], listed); ok {
			s.Versions = v.table(listed)
		} else {
			s.Docs.Unread = true
		}
	}
	p.Warnings = append(p.Warnings, o.warnings...)

	if loc := showLastUpdateRE().FindIndex(data); loc != nil {
		p.GitDates = fmt.Sprintf("Docusaurus showLastUpdateTime, %s:%d", name, 1+bytes.Count(data[:loc[0]], []byte("\n")))
	}

	jsproject.ReadSite(p, r, "baseUrl", siteurl.JoinSiteBase, "url")
	if b, st := r.Bool("trailingSlash"); st == jsconfig.OK {
		p.Form.TrailingSlash = "never"
		if b {
			p.Form.TrailingSlash = "always"
		}
	}
	return p, s
}

// plainBase is a base name of sitemap files that names no folder.
var plainBase = lazyre.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// SitemapOptions returns the options of the classic preset's sitemap: { … } (sitemap: false
// turns it off), or @docusaurus/plugin-sitemap among the plugins.
func (Generator) SitemapOptions(d *generator.Dir, p *generator.Detected) []peer.Config {
	file := p.File
	r := jsproject.Reader(d, file)
	if r == nil {
		return nil
	}
	var out []peer.Config
	for _, e := range jsconf.Elements(r, "presets") {
		line, ok := isPlugin(r, e, "@docusaurus/preset-classic")
		opts := ""
		if !ok {
			line, ok = isPlugin(r, e+"[0]", "@docusaurus/preset-classic")
			opts = e + "[1].sitemap"
		}
		if !ok {
			continue
		}
		c := peer.Config{Tool: Tool, File: file, Line: line}
		if opts != "" {
			switch v, _, _ := r.Any(opts); v.(type) {
			case bool: // sitemap: false
				continue
			case map[string]any:
				c.Options = jsconf.Options(r, opts)
			case nil:
			default:
				c.Notes = append(c.Notes, generator.Note(file, line, "the preset's sitemap options are not an object literal: they are not read"))
			}
		}
		out = append(out, c)
	}
	for _, e := range jsconf.Elements(r, "plugins") {
		const name = "@docusaurus/plugin-sitemap"
		if line, ok := isPlugin(r, e, name); ok {
			out = append(out, peer.Config{Tool: Tool, File: file, Line: line})
		} else if line, ok := isPlugin(r, e+"[0]", name); ok {
			out = append(out, peer.Config{Tool: Tool, File: file, Line: line, Options: jsconf.Options(r, e+"[1]")})
		}
	}
	return out
}
