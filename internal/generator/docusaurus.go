package generator

import "github.com/sitemapgen/sitemapgen/internal/jsconfig"

// docusaurusConfigs are the Docusaurus configuration files, in the order
// Detect looks for them.
var docusaurusConfigs = []string{"docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs", "docusaurus.config.cjs"}

// docusaurus is Detect's check for a Docusaurus project: a
// configuration file, else a package.json dependency "@docusaurus/core".
func (d *detector) docusaurus() (*Project, error) {
	name, data, err := d.firstFile(docusaurusConfigs...)
	if err != nil {
		return nil, err
	}
	if name == "" {
		if d.pkg.has("@docusaurus/core") {
			return &Project{Generator: "docusaurus", Title: "Docusaurus", File: "package.json", PublishDir: "build"}, nil
		}
		return nil, nil
	}
	return docusaurusProject(name, data), nil
}

// docusaurusProject reads a Docusaurus configuration: url (the host) and
// baseUrl (the path, "/" when absent), trailingSlash (undefined by
// default: URLs as written, /docs/myDoc/index.html files; true: with a
// slash; false: without, /docs/myDoc.html files). `docusaurus build`
// writes build/ (its --out-dir is not in the configuration).
func docusaurusProject(name string, data []byte) *Project {
	p := &Project{Generator: "docusaurus", Title: "Docusaurus", File: name, PublishDir: "build"}
	r := jsconfig.NewReader(name, data)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	site, siteSt := r.Str("url", baseURLHint)
	base, baseSt := r.Str("baseUrl", baseURLHint)
	if siteSt == jsconfig.OK && !absHTTP(site.Value) {
		r.Note(site.Line, "url %q is not an absolute http(s) URL; give --base-url", site.Value)
		siteSt = jsconfig.Bad
	}
	switch {
	case siteSt == jsconfig.OK && baseSt != jsconfig.Bad:
		p.BaseURL, p.BaseURLFrom = joinSiteBase(site.Value, base.Value), name+" url"
		if baseSt == jsconfig.OK {
			p.BaseURLFrom += " + baseUrl"
		}
	case siteSt != jsconfig.OK && baseSt == jsconfig.OK:
		p.BasePath = normBase(base.Value)
	}
	if b, st := r.Bool("trailingSlash"); st == jsconfig.OK {
		p.TrailingSlash = "never"
		if b {
			p.TrailingSlash = "always"
		}
	}
	return p
}
