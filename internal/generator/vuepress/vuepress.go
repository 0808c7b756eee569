// Package vuepress is VuePress, as sitemapgen knows it: a project is a
// configuration in .vuepress of its source folder (the folder a script's
// `vuepress build DIR` names, else the project folder, docs/ or src/),
// or vuepress.config.* in the project folder, else a package.json
// dependency "vuepress". `vuepress build` writes dest (default
// SOURCE/.vuepress/dist), each page as NAME.html (README.md and index.md
// as its folder's index.html), linked as it is written under base. Its
// sitemap is @vuepress/plugin-sitemap's sitemap.xml, which the default
// theme and vuepress-theme-hope add with their hostname option, and whose
// options the switch takes over.
//
// Checked against VuePress 2.0.0-rc.30 with @vuepress/theme-default and
// @vuepress/plugin-sitemap 2.0.0-rc.132 (internal/e2e's TestVuePressSite
// builds with them).
package vuepress

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

// Generator is VuePress.
type Generator struct{}

var (
	_ generator.Generator  = Generator{}
	_ generator.Router     = Generator{}
	_ generator.PeerReader = Generator{}
)

// Info returns VuePress's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "vuepress", Title: "VuePress", PublishKey: "dest", ConfigFile: ".vuepress/config.ts",
		BaseURLPlaces: []string{"hostname of the sitemap plugin, or of the theme, in VuePress' configuration ({file})", `"homepage": in package.json`},
		// Its sitemap's lastmod is the git plugin's updatedTime, and
		// nothing without it.
		SitemapDates: "VuePress' git plugin: each page's last commit (its author date)"}
}

// configs are VuePress's configuration files in .vuepress of the source
// folder, in the order it looks for them.
var configs = []string{"config.ts", "config.js", "config.mjs"}

// topConfigs are those it looks for in the project folder first.
var topConfigs = []string{"vuepress.config.ts", "vuepress.config.js", "vuepress.config.mjs"}

// sitemapPlugin is the package of VuePress's sitemap plugin.
const sitemapPlugin = "@vuepress/plugin-sitemap"

// Detect finds a VuePress project: vuepress.config.* in the project
// folder, else a configuration in .vuepress of the source folder (a
// script's `vuepress build DIR`, else the project folder, docs/, src/),
// else a package.json dependency "vuepress".
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	source, given := ".", false
	if runs := d.ScriptRuns("vuepress build"); len(runs) > 0 && len(runs[0]) > 0 && !strings.HasPrefix(runs[0][0], "-") {
		if dir, ok := jsconf.ProjectPath(runs[0][0]); ok {
			source, given = dir, true
		}
	}
	name, data, err := d.File(topConfigs...)
	if err != nil {
		return nil, err
	}
	if name == "" {
		roots := []string{".", "docs", "src"}
		if given {
			roots = []string{source}
		}
		for _, root := range roots {
			names := make([]string, len(configs))
			for i, c := range configs {
				names[i] = path.Join(root, ".vuepress", c)
			}
			if name, data, err = d.File(names...); err != nil {
				return nil, err
			}
			if name != "" {
				source = root
				break
			}
		}
	}
	if name == "" {
		if !d.Depends("vuepress") {
			return nil, nil
		}
		name = "package.json"
	}
	p := project(source, name, data, d.Limits())
	jsproject.Homepage(d, p)
	return p, nil
}

// project reads the VuePress configuration name (data is nil without
// one) of the site whose source folder is source. The site URL is the
// scheme and host of the sitemap plugin's hostname with base: VuePress
// links every page under base (default "/"), and its plugin writes
// hostname + base + the page's path.
func project(source, name string, data []byte, lim limits.Limits) *generator.Detected {
	p := &generator.Detected{File: name, PublishDir: path.Join(source, ".vuepress/dist"), SourceDir: source, Form: generator.URLForm{TrailingSlash: "always"}}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	if v, line, ok := r.Any("dest"); ok {
		if dir, ok := jsconf.ProjectPath(v); ok && dir != "." {
			p.PublishDir = dir
		} else {
			p.PublishDir = ""
			r.Note(line, "dest is not the built folder in the project that sitemapgen can read (%s)%s", jsconf.Excerpt(v), siteurl.DirHint)
		}
	}
	base, baseSt := r.Str("base", siteurl.BaseURLHint)
	if baseSt == jsconfig.OK {
		p.BasePath = siteurl.NormBase(base.Value)
	}
	key, on := sitemapOptions(r)
	if on && baseSt != jsconfig.Bad {
		if host, st := r.Str(key+".hostname", siteurl.BaseURLHint); st == jsconfig.OK {
			site := host.Value
			if !strings.Contains(site, "://") {
				site = "https://" + site // as the plugin takes it
			}
			if siteurl.AbsHTTP(site) {
				p.BaseURL, p.BaseURLFrom = siteurl.AtBase(site, base.Value), host.In(name)+" hostname"
				if baseSt == jsconfig.OK {
					p.BaseURLFrom += " + base"
				}
				if hp := siteurl.NormBase(siteurl.Path(site)); hp != "" {
					r.Note(host.Line, "hostname has the path %s: VuePress' sitemap writes it before base; the pages are linked under base, at %s", hp, p.BaseURL)
				}
			} else {
				r.Note(host.Line, "hostname %q is not a host or an absolute http(s) URL; give --base-url", diag.URL(host.Value))
			}
		}
	}
	if on {
		if _, _, set := r.Any(key + ".modifyTimeGetter"); !set {
			// The plugin dates a page by its git plugin's updatedTime,
			// nothing else.
			p.GitDates = fmt.Sprintf("VuePress' sitemap plugin, %s", name)
		}
		if f, st := r.Str(key+".sitemapFilename", ""); st == jsconfig.OK && strings.Trim(f.Value, "/") != "" && strings.Trim(f.Value, "/") != "sitemap.xml" {
			p.SitemapFile, p.SitemapFileKey = strings.Trim(f.Value, "/"), "sitemapFilename"
		}
	}
	if l := locales(r); l != nil {
		p.Pages = l
	}
	p.Own = site(r, p)
	return p
}

// SitemapOptions returns the options of its sitemap plugin: those of
// sitemapPlugin({ … }), or, where the theme adds it, the theme's hostname
// and its themePlugins.sitemap (plugins.sitemap) object.
func (Generator) SitemapOptions(d *generator.Dir, p *generator.Detected) []peer.Config {
	r := jsproject.Reader(d, p.File)
	if r == nil {
		return nil
	}
	key, on := sitemapOptions(r)
	if !on {
		return nil
	}
	_, line, _ := r.Any(strings.TrimSuffix(key, "()"))
	if key != "theme()" {
		return []peer.Config{{Tool: Tool, File: p.File, Line: line, Options: jsconf.Options(r, key)}}
	}
	// The theme's own options are not the plugin's: its hostname, and
	// the object that configures the plugin.
	v, hostLine, _ := r.Any(key + ".hostname")
	opts := []peer.Given{{Name: "hostname", Value: jsconf.PeerValue(v), Line: hostLine}}
	for _, obj := range []string{key + ".themePlugins.sitemap", key + ".plugins.sitemap"} {
		if v, _, ok := r.Any(obj); ok {
			if _, isObject := v.(map[string]any); isObject {
				opts = append(opts, jsconf.Options(r, obj)...)
			}
		}
	}
	return []peer.Config{{Tool: Tool, File: p.File, Line: line, Options: opts}}
}

// sitemapOptions returns the path of the options the sitemap plugin is
// given, "plugins[1]()" for sitemapPlugin({ … }) in plugins, or
// "theme()" for a theme that adds it with its own hostname option
// (defaultTheme({ hostname }), hopeTheme({ hostname })); on is false
// when neither is there, or the theme's themePlugins.sitemap (or
// plugins.sitemap) turns it off.
func sitemapOptions(r *jsconfig.Reader) (key string, on bool) {
	if e := jsconf.PluginCall(r, "plugins", sitemapPlugin); e != "" {
		return e + "()", true
	}
	if _, _, ok := r.Any("theme().hostname"); !ok {
		return "", false
	}
	for _, off := range []string{"theme().themePlugins.sitemap", "theme().plugins.sitemap"} {
		if v, _, ok := r.Any(off); ok && v == false {
			return "", false
		}
	}
	return "theme()", true
}

// locales reads locales of the configuration r ({ '/': { lang }, '/zh/':
// { lang } }), as VuePress's sitemap links its pages: a page in the
// folder of a locale (zh/about.md) is one page with the page at the same
// path in the root (about.md), each in its locale's lang; the root's in
// its lang, else the site's, else en-US. nil unless a locale besides the
// root has a lang.
func locales(r *jsconfig.Reader) *generator.FolderLocales {
	l := &generator.FolderLocales{Default: "en-US", Langs: map[string]string{}, From: "VuePress' locales"}
	if v, st := r.Str("lang", ""); st == jsconfig.OK && v.Value != "" {
		l.Default = v.Value
	}
	for _, k := range r.Keys("locales") {
		v, st := r.Str("locales."+k.Name+".lang", "")
		if st != jsconfig.OK || v.Value == "" {
			continue
		}
		folder := strings.Trim(k.Name, "/")
		switch {
		case folder == "":
			l.Default = v.Value
		case !strings.ContainsAny(folder, "/\\"):
			l.Langs[folder] = v.Value
		}
	}
	if len(l.Langs) == 0 {
		return nil
	}
	return l
}
