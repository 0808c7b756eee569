package generator

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// vitepressConfigs are VitePress's configuration files, in the folder
// .vitepress of the site's root, in the order VitePress looks for them.
var vitepressConfigs = []string{"config.js", "config.ts", "config.mjs", "config.mts"}

// vitepressRoots are the folders Detect looks in for .vitepress: the
// project folder, and docs/, where most projects keep the site.
var vitepressRoots = []string{".", "docs"}

// vitepress is Detect's check for a VitePress project: a configuration
// file in .vitepress of the project folder or of docs/, else a
// package.json dependency "vitepress" (the root then from a script
// running `vitepress build ROOT`, else the project folder).
func (d *detector) vitepress() (*Project, error) {
	for _, root := range vitepressRoots {
		names := make([]string, len(vitepressConfigs))
		for i, c := range vitepressConfigs {
			names[i] = path.Join(root, ".vitepress", c)
		}
		name, data, err := d.firstFile(names...)
		if err != nil {
			return nil, err
		}
		if name != "" {
			return vitepressProject(root, name, data, d.lim), nil
		}
	}
	if !d.pkg.has("vitepress") {
		return nil, nil
	}
	root := "."
	if runs := d.pkg.scriptRuns("vitepress build"); len(runs) > 0 && len(runs[0]) > 0 && !strings.HasPrefix(runs[0][0], "-") {
		root = cleanDir(runs[0][0])
	}
	return vitepressProject(root, "package.json", nil, d.lim), nil
}

// vitepressProject reads the VitePress configuration (data is nil
// without one) of the site whose root, the folder that holds .vitepress,
// is root. `vitepress build` writes outDir, relative to the root (default
// .vitepress/dist), each page as NAME.html (index.md as index.html); it
// links a page as /NAME.html, or as /NAME with cleanUrls: true, and a
// folder as /NAME/. The site URL is the scheme and host of
// sitemap.hostname with base: VitePress links every page under base
// (default "/"), and its own sitemap resolves the pages against hostname,
// which its docs say to end with base.
func vitepressProject(root, name string, data []byte, lim limits.Limits) *Project {
	p := &Project{Generator: "vitepress", Title: "VitePress", File: name, PublishDir: path.Join(root, ".vitepress/dist"), TrailingSlash: "always"}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	if v, st := r.Str("outDir", dirHint); st == jsconfig.OK && cleanDir(v.Value) != "" {
		if p.PublishDir = cleanDir(v.Value); !path.IsAbs(p.PublishDir) {
			p.PublishDir = path.Join(root, p.PublishDir)
		}
	} else if st == jsconfig.Bad {
		p.PublishDir = ""
	}

	host, hostSt, _ := p.readSite(r, "base", atBase, "sitemap.hostname")
	if hp := normBase(urlPath(host.Value)); hostSt == jsconfig.OK && p.BaseURL != "" && hp != "" && hp != normBase(urlPath(p.BaseURL)) {
		r.Note(host.Line, "sitemap.hostname has the path %s, which is not base: VitePress links the pages under base, at %s", hp, p.BaseURL)
	}
	if clean, st := r.Bool("cleanUrls"); st == jsconfig.OK {
		p.CleanURLs = clean
	}
	return p
}
