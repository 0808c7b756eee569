package generator

import (
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// gatsbyConfigs are Gatsby's configuration files, in the order Detect
// looks for them.
var gatsbyConfigs = []string{"gatsby-config.js", "gatsby-config.mjs", "gatsby-config.ts"}

// gatsbyFallbacks are the pages a Gatsby build may write that are no
// pages of the site: gatsby-plugin-offline's app shell, and the slices
// Gatsby 5 writes as _gatsby/slices/_gatsby-scripts-1.html, fragments
// of HTML it puts into its pages (mapping.Options.Fallbacks' patterns).
var gatsbyFallbacks = []string{"offline-plugin-app-shell-fallback/index.html", "_gatsby/slices/*.html"}

// gatsby is Detect's check for a Gatsby project: a configuration file,
// else a package.json dependency "gatsby".
func (d *Dir) gatsby() (*Project, error) {
	name, data, err := d.configOrDependency("gatsby", gatsbyConfigs...)
	if err != nil || name == "" {
		return nil, err
	}
	return gatsbyProject(name, data, d.prefixPaths(), d.lim), nil
}

// prefixPaths reports whether the project's Gatsby build applies its
// pathPrefix: a package.json script runs `gatsby build --prefix-paths`,
// or PREFIX_PATHS is true or 1 in the environment, as gatsby-cli reads it.
func (d *Dir) prefixPaths() bool {
	if v, _ := d.env("PREFIX_PATHS"); v == "true" || v == "1" {
		return true
	}
	if d.pkg == nil {
		return false
	}
	for _, args := range d.pkg.scriptRuns("gatsby build") {
		for _, a := range args {
			if a == "--prefix-paths" {
				return true
			}
		}
	}
	return false
}

// gatsbyProject reads a Gatsby configuration (data is nil without one).
// `gatsby build` writes public/, each page as NAME/index.html. The site
// URL is siteMetadata.siteUrl, with pathPrefix when the build applies it
// (prefixed: with --prefix-paths only), as gatsby-plugin-sitemap joins
// them. trailingSlash is "always" by default (Gatsby 5; Gatsby 4's
// "legacy" writes the same files and links the pages it makes from
// src/pages with a slash too), "never" links NAME/index.html as /NAME,
// "ignore" as each link is written.
func gatsbyProject(name string, data []byte, prefixed bool, lim limits.Limits) *Project {
	p := &Project{Generator: "gatsby", Title: "Gatsby", File: name, PublishDir: "public", TrailingSlash: "always", Fallbacks: gatsbyFallbacks}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	if prefixed {
		p.readSite(r, "pathPrefix", joinSiteBase, "siteMetadata.siteUrl")
	} else {
		// Without --prefix-paths, the pages are at the site's root.
		notApplied := "; it applies only to `gatsby build --prefix-paths` (or PREFIX_PATHS=true), which no package.json script runs"
		if v, st := r.Str("pathPrefix", notApplied); st == jsconfig.OK && normBase(v.Value) != "" {
			r.Note(v.Line, "pathPrefix %q is left out of the base URL%s", v.Value, notApplied)
		}
		p.readSite(r, "", joinSiteBase, "siteMetadata.siteUrl")
	}

	if slash, st := slashOption(r, "legacy"); st != jsconfig.Absent {
		p.TrailingSlash = slash
	}
	return p
}
