package generator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// docusaurusConfigs are the Docusaurus configuration files, in the order
// Detect looks for them.
var docusaurusConfigs = []string{"docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs", "docusaurus.config.cjs"}

// docusaurus is Detect's check for a Docusaurus project: a
// configuration file, else a package.json dependency "@docusaurus/core".
func (d *Dir) docusaurus() (*Project, error) {
	name, data, err := d.configOrDependency("@docusaurus/core", docusaurusConfigs...)
	if err != nil || name == "" {
		return nil, err
	}
	p := docusaurusProject(name, data, d.lim)
	// versions.json lists the docs' versions, the newest (served at the
	// docs' route base) first; docs/ is then the next version's.
	vname, vdata, err := d.firstFile("versions.json")
	if err != nil {
		return nil, err
	}
	if vname != "" {
		if err := json.Unmarshal(vdata, &p.Versions); err != nil {
			p.Versions = nil
			p.Notes = append(p.Notes, noteAt(vname, 0, "not a JSON list of versions (%v): versioned docs are not joined to their sources", err))
		}
	}
	return p, nil
}

// routeBaseRE finds a literal routeBasePath in a docs: or blog: object.
var routeBaseRE = regexp.MustCompile(`\b(docs|blog)\s*:\s*\{[^{}]*?\brouteBasePath\s*:\s*(['"])([^'"]*)['"]`)

// showLastUpdateRE finds showLastUpdateTime: true, an option of the docs
// and blog plugins, which sit in the preset's array: looked for in the
// text.
var showLastUpdateRE = regexp.MustCompile(`\bshowLastUpdateTime\s*:\s*true\b`)

// docusaurusProject reads a Docusaurus configuration: url (the host) and
// baseUrl (the path, "/" when absent), trailingSlash (undefined by
// default: URLs as written, /docs/myDoc/index.html files; true: with a
// slash; false: without, /docs/myDoc.html files). `docusaurus build`
// writes build/ (its --out-dir is not in the configuration).
func docusaurusProject(name string, data []byte, lim limits.Limits) *Project {
	p := &Project{Generator: "docusaurus", Title: "Docusaurus", File: name, PublishDir: "build"}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	def, _ := r.Str("i18n.defaultLocale", "")
	if locales, st := r.Strs("i18n.locales"); st == jsconfig.OK {
		for _, l := range locales {
			if l != def.Value && l != "" && !strings.ContainsAny(l, "/\\") {
				p.Locales = append(p.Locales, l)
			}
		}
	}
	// The classic preset's sitemap filename names each locale's sitemap
	// and the root's.
	for _, e := range elements(r, "presets") {
		if v, st := r.Str(e+"[1].sitemap.filename", ""); st == jsconfig.OK && plainBase.MatchString(v.Value) && v.Value != "sitemap.xml" {
			p.SitemapFile, p.SitemapFileKey = v.Value, "the classic preset's sitemap.filename"
		}
	}
	// The docs' and blog's options are inside the preset's array, which
	// the reader does not walk: their routeBasePath is looked for in the
	// text, in a docs: or blog: object with no object inside.
	found := routeBaseRE.FindAllSubmatch(data, -1)
	for _, m := range found {
		base := "/" + strings.Trim(string(m[3]), "/")
		if string(m[1]) == "docs" {
			p.DocsBase = base
		} else {
			p.BlogBase = base
		}
	}
	if bytes.Count(data, []byte("routeBasePath")) > len(found) {
		r.Note(0, "a routeBasePath is not read: pages under it are not joined to their sources")
	}

	if loc := showLastUpdateRE.FindIndex(data); loc != nil {
		p.GitDates = fmt.Sprintf("Docusaurus showLastUpdateTime, %s:%d", name, 1+bytes.Count(data[:loc[0]], []byte("\n")))
	}

	p.readSite(r, "baseUrl", joinSiteBase, "url")
	if b, st := r.Bool("trailingSlash"); st == jsconfig.OK {
		p.TrailingSlash = "never"
		if b {
			p.TrailingSlash = "always"
		}
	}
	return p
}
