// Package astro is Astro, as sitemapgen knows it: a project is an
// astro.config.*, else a package.json dependency "astro". Its build
// writes dist/ (a server build, its prerendered pages in dist/client/);
// its pages are routed from src/pages and its content collections; its
// sitemaps are @astrojs/sitemap's, whose options the switch takes over.
package astro

import (
	"bytes"
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsproject"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/generator/starlight"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Generator is Astro.
type Generator struct{}

var (
	_ generator.Generator     = Generator{}
	_ generator.Router        = Generator{}
	_ generator.ServerBuilder = Generator{}
	_ generator.PeerReader    = Generator{}
)

// Info returns Astro's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "astro", Title: "Astro", PublishKey: "outDir", SourceKey: "srcDir", ConfigFile: "astro.config.mjs", BaseURLPlaces: []string{"site: in Astro's configuration ({file})", `"homepage": in package.json`}, Sitemaps: sitemaps, Published: published}
}

// Own is what an Astro project keeps as Detected.Own, for its own
// methods; it is set only when one of its fields is.
type Own struct {
	// Server is, for a server build, its server folder, relative to the
	// project folder (build.server below outDir, "dist/server"), whose
	// manifest [Generator.ReadServerBuild] reads for the routes rendered
	// on demand; its prerendered pages are PublishDir's (build.client,
	// "dist/client"). "" for a site of files.
	Server string
	// Aliases are the path aliases of the project's tsconfig.json
	// (compilerOptions.paths), by which a route imports the module that
	// reads its collection (see [Preset.Aliases]).
	Aliases map[string]string
	// Routed is the preset of the pages an integration publishes besides
	// src/pages (Starlight's docs), from [Integrations]; nil for none.
	Routed generator.Preset
}

// An Integration finds, in the configuration r of the Astro project p,
// an integration that publishes pages of its own (Starlight's docs
// collection), gives p what the integration changes in the project (the
// sitemap it adds, its locales, its error pages), and returns the preset
// of its pages, paths relative to the source folder; nil when p has
// none. It is the one way Astro asks an integration.
type Integration func(d *generator.Dir, p *generator.Detected, r *jsconfig.Reader) generator.Preset

// Integrations are the integrations Detect asks, in order: the first
// that answers routes its pages.
var Integrations = []Integration{starlight.Detect}

// own returns p's Own, the zero value when it has none.
func own(p *generator.Detected) Own {
	o, _ := p.Own.(Own)
	return o
}

// setOwn sets p.Own to o, or nil for the zero value.
func setOwn(p *generator.Detected, o Own) {
	if o.Server == "" && o.Aliases == nil && o.Routed == nil {
		p.Own = nil
		return
	}
	p.Own = o
}

// plugin is the sitemap plugin of Astro's projects, and the name of its
// index.
const plugin, pluginIndex = "@astrojs/sitemap", "sitemap-index.xml"

// published names the first part of @astrojs/sitemap's index,
// NAME-0.xml (sitemap-0.xml, or filenameBase's), which a site of any
// size had, when ours takes the index's name, NAME-index.xml (the switch
// from the plugin, which keeps its index answering): Astro's build
// empties its output folder, so the part is gone once the plugin is, and
// answers with an index of ours. Its other parts, past 45,000 URLs each,
// are not known then.
func published(_ *generator.Detected, file string) []string {
	if base, ok := strings.CutSuffix(file, "-index.xml"); ok && base != "" && !strings.Contains(base, "/") {
		return []string{base + "-0.xml"}
	}
	return nil
}

// sitemaps names @astrojs/sitemap's: sitemap-index.xml and
// sitemap-0.xml …, and sitemap.xml.
func sitemaps(*generator.Detected) generator.SitemapFiles {
	return generator.SitemapFiles{Names: []string{"sitemap.xml", pluginIndex}, Shard: generator.NumberedShards()}
}

// Routes returns the preset of src/pages and the content collections, in
// SourceDir, else src.
func (Generator) Routes(p *generator.Detected) (generator.Preset, string) {
	dir := p.SourceDir
	if dir == "" {
		dir = "src"
	}
	o := own(p)
	return &Preset{Pages: "pages", Routed: o.Routed, Aliases: o.Aliases}, dir
}

// SitemapOptions returns @astrojs/sitemap's options: integrations:
// [sitemap({ … })], sitemap the default import of @astrojs/sitemap.
func (Generator) SitemapOptions(d *generator.Dir, p *generator.Detected) []peer.Config {
	file := p.File
	r := jsproject.Reader(d, file)
	if r == nil {
		return nil
	}
	name := r.ImportOf("@astrojs/sitemap")
	if name == "" {
		return nil
	}
	var out []peer.Config
	for _, e := range jsconf.Elements(r, "integrations") {
		v, st := r.Callee(e, "")
		if st != jsconfig.OK || v.Callee != name {
			continue
		}
		c := peer.Config{Tool: Tool, File: file, Line: v.Line}
		if v.Args > 0 {
			c.Options = jsconf.Options(r, e+"()")
			opts, _, _ := r.Any(e + "()")
			if _, ok := opts.(map[string]any); !ok {
				c.Notes = append(c.Notes, generator.Note(file, v.Line, "%s(…) is not given an object literal: its options are not read", name))
			}
		}
		out = append(out, c)
	}
	return out
}

// configs are Astro's configuration files, in the order Detect
// looks for them.
var configs = []string{"astro.config.mjs", "astro.config.js", "astro.config.ts", "astro.config.mts", "astro.config.cjs", "astro.config.cts"}

// Detect finds an Astro project: a configuration file, else a
// package.json dependency "astro".
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	name, data, err := d.ConfigOrDependency("astro", configs...)
	if err != nil || name == "" {
		return nil, err
	}
	p := project(name, data, d.Limits())
	serverBuild(d, p)
	jsproject.Homepage(d, p)
	jsproject.Plugin(d, p, plugin, pluginIndex)
	o := own(p)
	o.Aliases = aliases(d)
	if r := jsproject.Reader(d, p.File); r != nil {
		for _, in := range Integrations {
			if o.Routed = in(d, p, r); o.Routed != nil {
				break
			}
		}
		p.Notes = append(p.Notes, r.Notes()...)
	}
	setOwn(p, o)
	return p, nil
}

// serverBuild makes p, an Astro project whose configuration says a
// static output, a server build when its build says so: Astro 5 builds
// a static site with an adapter and a page rendered on demand
// (prerender = false) as it builds output: 'server', the prerendered
// pages in outDir/client/, the server in outDir/server/ with its
// manifest. The configuration cannot tell: only its build.
func serverBuild(d *generator.Dir, p *generator.Detected) {
	if own(p).Server != "" || p.PublishDir == "" {
		return
	}
	client, server := path.Join(p.PublishDir, "client"), path.Join(p.PublishDir, "server")
	if info, err := fsx.Stat(d.Path(), client); err != nil || !info.IsDir() {
		return
	}
	if name, err := manifest(d.Path(), server); err != nil || name == "" {
		return
	}
	p.PublishDir, p.Own = client, Own{Server: server}
	p.Notes = append(p.Notes, generator.Note(p.File, 0, "the build in %s is a server build (pages rendered on demand): only its prerendered pages are files (in %s); pages rendered on demand are not listed", path.Dir(client), client))
}

// project reads an Astro configuration. Defaults (Astro 5's
// ASTRO_CONFIG_DEFAULTS): outDir "./dist", base "/", trailingSlash
// "ignore", build.format "directory", build.client "./client/" (under
// outDir, where the prerendered pages of an output: 'server' build go).
// The site URL is new URL(base, site), as @astrojs/sitemap builds it.
func project(name string, data []byte, lim limits.Limits) *generator.Detected {
	p := &generator.Detected{File: name, PublishDir: "dist"}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	// Its i18n routing, or @astrojs/sitemap's i18n option: either may
	// put alternates in the sitemap, read before it is replaced.
	p.Translated = bytes.Contains(data, []byte("i18n"))
	if l := locales(r); l != nil {
		p.Pages = l
	}
	if v, st := r.Str("srcDir", ""); st == jsconfig.OK && siteurl.CleanDir(v.Value) != "src" {
		p.SourceDir = siteurl.CleanDir(v.Value)
	}

	if v, st := r.Str("outDir", siteurl.DirHint); st == jsconfig.OK {
		if p.PublishDir = siteurl.CleanDir(v.Value); p.PublishDir == "" {
			p.PublishDir = "dist"
		}
	} else if st == jsconfig.Bad {
		p.PublishDir = ""
	}
	if v, st := r.Str("output", siteurl.DirHint); st == jsconfig.OK && (v.Value == "server" || v.Value == "hybrid") && p.PublishDir != "" {
		client := "client"
		if c, st := r.Str("build.client", siteurl.DirHint); st == jsconfig.OK {
			client = c.Value
		} else if st == jsconfig.Bad {
			client = ""
		}
		server := "server"
		if s, st := r.Str("build.server", siteurl.DirHint); st == jsconfig.OK {
			server = s.Value
		} else if st == jsconfig.Bad {
			server = ""
		}
		if client == "" {
			p.PublishDir = ""
		} else {
			if server != "" {
				p.Own = Own{Server: siteurl.CleanDir(path.Join(p.PublishDir, filepath.ToSlash(server)))}
			}
			p.PublishDir = siteurl.CleanDir(path.Join(p.PublishDir, filepath.ToSlash(client)))
			p.Notes = append(p.Notes, generator.Note(name, v.Line, "output is '%s': only prerendered pages are files (in %s); pages rendered on demand are not listed", v.Value, p.PublishDir))
		}
	} else if st == jsconfig.Bad {
		p.PublishDir = ""
	}

	s := jsproject.ReadSite(p, r, "base", siteurl.AtBase, "site")
	site, siteSt, baseSt := s.Site, s.SiteSt, s.BaseSt
	if u, _ := url.Parse(strings.TrimSpace(site.Value)); siteSt == jsconfig.OK && baseSt == jsconfig.Absent && siteurl.NormBase(u.Path) != "" {
		r.Note(site.Line, "site has the path %s, which Astro does not use without base: the pages are at the root of %s (set base: '%s' if they are not)", u.EscapedPath(), u.Host, strings.TrimSuffix(siteurl.NormBase(u.Path), "/"))
	}

	var slashSt jsconfig.State
	p.Form.TrailingSlash, slashSt = jsconf.SlashOption(r)
	if format, st := r.Str("build.format", ""); st == jsconfig.OK && format.Value == "file" && p.Form.TrailingSlash == "" && slashSt != jsconfig.Bad {
		p.Form.TrailingSlash = "never" // about.astro is written as about.html
	}
	return p
}

// locales reads Astro's i18n routing from the configuration r, as
// it places the pages: each locale's in its folder (a locale's path, or
// of { path, codes } its path, in the code codes[0]), the default
// locale's at the root unless routing.prefixDefaultLocale; each page one
// with the pages at the same path in the others. nil without two
// locales.
func locales(r *jsconfig.Reader) *generator.FolderLocales {
	def, st := r.Str("i18n.defaultLocale", "")
	if st != jsconfig.OK {
		return nil
	}
	list, _, ok := r.Any("i18n.locales")
	items, _ := list.([]any)
	if !ok || len(items) < 2 {
		return nil
	}
	prefixed, _ := r.Bool("i18n.routing.prefixDefaultLocale")
	l := &generator.FolderLocales{Langs: map[string]string{}, From: "Astro's i18n"}
	for _, it := range items {
		folder, code := "", ""
		switch x := it.(type) {
		case string:
			folder, code = x, x
		case map[string]any:
			folder, _ = x["path"].(string)
			if codes, ok := x["codes"].([]any); ok && len(codes) > 0 {
				code, _ = codes[0].(string)
			}
		}
		if folder == "" || code == "" || strings.ContainsAny(folder, "/\\") {
			continue
		}
		if folder == def.Value && !prefixed {
			l.Default = code
			continue
		}
		l.Langs[folder] = code
	}
	if len(l.Langs) == 0 {
		return nil
	}
	return l
}
