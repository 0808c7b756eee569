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

	p.readSite(r, "baseUrl", joinSiteBase, "url")
	if b, st := r.Bool("trailingSlash"); st == jsconfig.OK {
		p.TrailingSlash = "never"
		if b {
			p.TrailingSlash = "always"
		}
	}
	return p
}
