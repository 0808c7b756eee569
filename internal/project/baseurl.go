package project

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/mapping"
)

func (p *discovery) fillBaseURL(v *Ask, pr *Project) error {
	if p.deploying() && p.deploy.Preview {
		pr.Preview = p.deploy.Platform + " " + p.deploy.Context
	}
	ownPreview := p.deploying() && p.deploy.Preview && v.OwnURL && p.deploy.OwnURL != ""
	if v.BaseURL == Above || v.BaseURL == InFile && !ownPreview {
		return nil
	}
	u, from, err := p.baseURL(v.Root, v.OwnURL)
	if err != nil {
		return err
	}
	if _, err := mapping.ParseBaseURL(u); err != nil {
		return errors.New(from + ": " + err.Error())
	}
	pr.BaseURL, pr.BaseURLFrom = u, from
	if p.baseFromGen && placeholder(u) {
		// The file that gave it: "hugo.toml baseURL", "_data/metadata.json url".
		file, _, _ := strings.Cut(p.gen.BaseURLFrom, " ")
		if p.host != nil && p.host.BaseURL != "" {
			file = p.gen.File // the generator's own build said it
		}
		pr.Warnings = append(pr.Warnings, &diag.Diagnostic{File: filepath.Join(p.dir, filepath.FromSlash(file)),
			Msg: fmt.Sprintf("the base URL %s (from %s) is an example domain, as a new project's template writes; set the site's own there, or give --base-url", u, from)})
	}
	return nil
}

func basePath(g *generator.Project) string {
	if g == nil {
		return ""
	}
	if g.BaseURL != "" {
		if u, err := url.Parse(g.BaseURL); err == nil && u.Path != "/" {
			return u.Path
		}
		return ""
	}
	return g.BasePath
}

func withPath(site, path string) string {
	path = strings.Trim(path, "/")
	if path == "" {
		return site
	}
	u, err := url.Parse(site)
	if err != nil || (u.Path != "" && u.Path != "/") {
		return site
	}
	return strings.TrimSuffix(site, "/") + "/" + path + "/"
}

func (p *discovery) baseURL(root string, ownURL bool) (u, from string, err error) {
	d := p.deploy
	inDeploy := p.deploying()
	g, gerr := p.generatorFor(root)
	if inDeploy && !d.Weak {
		if d.Preview && ownURL && d.OwnURL != "" {
			return withPath(d.OwnURL, basePath(g)), d.Platform + " " + d.OwnFrom + " (previews: own-url)", nil
		}
		if d.ProductionURL != "" {
			return withPath(d.ProductionURL, basePath(g)), d.Platform + " " + d.ProductionFrom, nil
		}
	}
	if gerr != nil {
		return "", "", gerr
	}
	if g != nil && g.BaseURL != "" {
		if _, err := mapping.ParseBaseURL(g.BaseURL); err == nil {
			p.baseFromGen = true
			return g.BaseURL, filepath.Join(p.dir, g.BaseURLFrom), nil
		}
	}
	if g != nil {
		// The configuration computes the base URL (an f-string in conf.py),
		// or has none: the built site may say it. It ranks below every
		// value given, and above a platform's guess.
		if u, from := siteBaseURL(root); u != "" {
			p.baseFromSite = u
			return u, from, nil
		}
	}
	if inDeploy && d.Weak && d.ProductionURL != "" {
		u := d.ProductionURL
		if d.Platform != host.GitHubPages {
			u = withPath(u, basePath(g))
		}
		return u, d.Platform + " " + d.ProductionFrom + " (a guess: a custom domain is not in the environment)", nil
	}
	msg := p.noBaseURL.Error()
	switch {
	case g != nil:
		for _, place := range baseURLPlaces(g, filepath.Join(p.dir, g.File)) {
			msg += "\n  or " + place
		}
		for _, n := range g.Notes {
			msg += "\nnote: " + n
		}
	case len(p.found) > 1:
		msg += fmt.Sprintf("\n(found %s: name the site folder to choose)", p.names())
	}
	return "", "", errors.New(msg)
}

func baseURLPlaces(g *generator.Project, file string) []string {
	if base := filepath.Base(file); base == "package.json" || base == "Gemfile" {
		// Found by a dependency: the configuration file to write.
		conf := map[string]string{"jekyll": "_config.yml", "astro": "astro.config.mjs", "docusaurus": "docusaurus.config.js", "gatsby": "gatsby-config.js", "vitepress": ".vitepress/config.mts", "nuxt": "nuxt.config.ts"}[g.Generator]
		if conf != "" {
			file = filepath.Join(filepath.Dir(file), conf)
		}
	}
	switch g.Generator {
	case "next":
		return []string{"siteUrl: in next-sitemap.config.js", `"homepage": in package.json`}
	case "eleventy":
		return []string{"url: in Eleventy's site data (_data/metadata.json or _data/site.json)", `"homepage": in package.json`}
	case "hugo":
		return []string{"baseURL in Hugo's configuration (" + file + ")"}
	case "jekyll":
		return []string{"url: in Jekyll's configuration (" + file + ")"}
	case "astro":
		return []string{"site: in Astro's configuration (" + file + ")", `"homepage": in package.json`}
	case "mkdocs":
		return []string{"site_url: in MkDocs' configuration (" + file + ")"}
	case "docusaurus":
		return []string{"url: in Docusaurus' configuration (" + file + ")"}
	case "pelican":
		return []string{"SITEURL in publishconf.py (the production settings) or " + file}
	case "sphinx":
		return []string{"html_baseurl in Sphinx's configuration (" + file + ")"}
	case "gatsby":
		return []string{"siteUrl: in siteMetadata of Gatsby's configuration (" + file + ")", `"homepage": in package.json`}
	case "vitepress":
		return []string{"hostname: in sitemap of VitePress' configuration (" + file + ")", `"homepage": in package.json`}
	case "nuxt":
		return []string{"url: in site of Nuxt's configuration (" + file + "), or siteUrl: in runtimeConfig.public", `"homepage": in package.json`}
	case "sveltekit":
		return []string{`"homepage": in package.json (SvelteKit's configuration has no site URL)`}
	}
	return []string{"in " + g.Title + "'s configuration (" + file + ")"}
}

// placeholder reports whether u's host is one of the example domains
// reserved by RFC 2606 and RFC 6761 (example.com, example.org,
// example.net, and .example), which new projects' templates write.
func placeholder(u string) bool {
	pu, err := url.Parse(u)
	if err != nil {
		return false
	}
	h := strings.ToLower(pu.Hostname())
	for _, d := range []string{"example.com", "example.org", "example.net"} {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	return h == "example" || strings.HasSuffix(h, ".example")
}
