// Package gatsby is Gatsby, as sitemapgen knows it: a project is a
// gatsby-config.*, else a package.json dependency "gatsby"; `gatsby
// build` writes public/, each page as NAME/index.html. Its sitemaps are
// gatsby-plugin-sitemap's, whose options the switch takes over.
package gatsby

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsproject"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Generator is Gatsby.
type Generator struct{}

var (
	_ generator.Generator  = Generator{}
	_ generator.PeerReader = Generator{}
)

// Info returns Gatsby's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "gatsby", Title: "Gatsby", ConfigFile: "gatsby-config.js", BaseURLPlaces: []string{"siteUrl: in siteMetadata of Gatsby's configuration ({file})", `"homepage": in package.json`}, Sitemaps: sitemaps, Published: published}
}

// plugin is the sitemap plugin of Gatsby's projects, and the name of its
// index.
const plugin, pluginIndex = "gatsby-plugin-sitemap", "sitemap-index.xml"

// sitemaps names gatsby-plugin-sitemap's: sitemap-index.xml and
// sitemap-0.xml … (sitemap.xml before its version 4); with its output
// option, the folder it writes them into (p.SitemapDir), whose .xml files
// are its own.
func sitemaps(p *generator.Detected) generator.SitemapFiles {
	return generator.SitemapFiles{Names: []string{"sitemap.xml", pluginIndex}, Shard: generator.NumberedShards(), Folder: p.SitemapDir}
}

// published names the first part of gatsby-plugin-sitemap's index,
// sitemap-0.xml, which a site of any size had, when ours takes the
// index's name, sitemap-index.xml (the switch from the plugin, which
// keeps its index answering): a fresh build's public/ has no file of the
// plugin's once it is gone, so the part answers with an index of ours
// (before, its URL answered 404). Its other parts, past entryLimit
// (45,000 URLs by default), are not known then.
func published(_ *generator.Detected, file string) []string {
	if file == pluginIndex {
		return []string{"sitemap-0.xml"}
	}
	return nil
}

// outputDir returns the folder gatsby-plugin-sitemap's output option
// puts its files in ("maps/"), read from the plugin's entry in plugins;
// "" for the root, or when it is not a literal folder of public/.
func outputDir(r *jsconfig.Reader) string {
	for _, e := range jsconf.Elements(r, "plugins") {
		if res, _, _ := r.Any(e + ".resolve"); res != plugin {
			continue
		}
		v, st := r.Str(e+".options.output", "")
		if st != jsconfig.OK {
			return ""
		}
		dir := path.Clean("/" + v.Value)
		if dir == "/" || strings.ContainsAny(dir, "\\") {
			return ""
		}
		return dir[1:] + "/"
	}
	return ""
}

// SitemapOptions returns gatsby-plugin-sitemap's entries in plugins:
// 'gatsby-plugin-sitemap', or { resolve: 'gatsby-plugin-sitemap',
// options: { … } }.
func (Generator) SitemapOptions(d *generator.Dir, p *generator.Detected) []peer.Config {
	r := jsproject.Reader(d, p.File)
	if r == nil {
		return nil
	}
	var out []peer.Config
	for _, e := range jsconf.Elements(r, "plugins") {
		v, line, _ := r.Any(e)
		if v == plugin {
			out = append(out, peer.Config{Tool: Tool, File: p.File, Line: line})
			continue
		}
		if res, line, _ := r.Any(e + ".resolve"); res == plugin {
			out = append(out, peer.Config{Tool: Tool, File: p.File, Line: line, Options: jsconf.Options(r, e+".options")})
		}
	}
	return out
}

// configs are Gatsby's configuration files, in the order Detect
// looks for them.
var configs = []string{"gatsby-config.js", "gatsby-config.mjs", "gatsby-config.ts"}

// fallbacks are the pages a Gatsby build may write that are no
// pages of the site: gatsby-plugin-offline's app shell, and the slices
// Gatsby 5 writes as _gatsby/slices/_gatsby-scripts-1.html, fragments
// of HTML it puts into its pages (mapping.Options.Fallbacks' patterns).
var fallbacks = []string{"offline-plugin-app-shell-fallback/index.html", "_gatsby/slices/*.html"}

// Detect finds a Gatsby project: a configuration file, else a
// package.json dependency "gatsby".
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	name, data, err := d.ConfigOrDependency("gatsby", configs...)
	if err != nil || name == "" {
		return nil, err
	}
	p := project(name, data, prefixPaths(d), d.Limits())
	jsproject.Homepage(d, p)
	jsproject.Plugin(d, p, plugin, pluginIndex)
	if data != nil {
		p.SitemapDir = outputDir(jsconfig.NewReader(name, data, d.Limits()))
	}
	return p, nil
}

// prefixPaths reports whether the project's Gatsby build applies its
// pathPrefix: a package.json script runs `gatsby build --prefix-paths`,
// or PREFIX_PATHS is true or 1 in the environment, as gatsby-cli reads it.
func prefixPaths(d *generator.Dir) bool {
	if v, _ := d.Env("PREFIX_PATHS"); v == "true" || v == "1" {
		return true
	}
	for _, args := range d.ScriptRuns("gatsby build") {
		for _, a := range args {
			if a == "--prefix-paths" {
				return true
			}
		}
	}
	return false
}

// project reads a Gatsby configuration (data is nil without one).
// `gatsby build` writes public/, each page as NAME/index.html. The site
// URL is siteMetadata.siteUrl, with pathPrefix when the build applies it
// (prefixed: with --prefix-paths only), as gatsby-plugin-sitemap joins
// them. trailingSlash is "always" by default (Gatsby 5; Gatsby 4's
// "legacy" writes the same files and links the pages it makes from
// src/pages with a slash too), "never" links NAME/index.html as /NAME,
// "ignore" as each link is written.
func project(name string, data []byte, prefixed bool, lim limits.Limits) *generator.Detected {
	p := &generator.Detected{File: name, PublishDir: "public", Form: generator.URLForm{TrailingSlash: "always"}, Fallbacks: fallbacks}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	if prefixed {
		jsproject.ReadSite(p, r, "pathPrefix", siteurl.JoinSiteBase, "siteMetadata.siteUrl")
	} else {
		// Without --prefix-paths, the pages are at the site's root.
		notApplied := "; it applies only to `gatsby build --prefix-paths` (or PREFIX_PATHS=true), which no package.json script runs"
		if v, st := r.Str("pathPrefix", notApplied); st == jsconfig.OK && siteurl.NormBase(v.Value) != "" {
			r.Note(v.Line, "pathPrefix %q is left out of the base URL%s", v.Value, notApplied)
		}
		jsproject.ReadSite(p, r, "", siteurl.JoinSiteBase, "siteMetadata.siteUrl")
	}

	if slash, st := jsconf.SlashOption(r, "legacy"); st != jsconfig.Absent {
		p.Form.TrailingSlash = slash
	}
	return p
}
