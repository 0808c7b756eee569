// Package rspress is Rspress, as sitemapgen knows it: a project is an
// rspress.config.* in the project folder, else a package.json dependency
// "@rspress/core" (Rspress 2) or "rspress" (Rspress 1). `rspress build`
// writes outDir (default doc_build) from the pages of root (default
// docs), both relative to the project folder. It links a page written
// as about.html as /about.html, and an index page by its file's name
// (/guide/index.html), or, with route.cleanUrls: true, as /about and
// /guide/. Its sitemap is @rspress/plugin-sitemap's sitemap.xml, whose
// options the switch takes over.
//
// Checked against Rspress 2.0.22 with @rspress/plugin-sitemap 2.0.22
// (internal/e2e's TestRspressSite builds with them).
package rspress

import (
	"fmt"
	"path"
	"slices"
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

// Generator is Rspress.
type Generator struct{}

var (
	_ generator.Generator  = Generator{}
	_ generator.Router     = Generator{}
	_ generator.PeerReader = Generator{}
)

// Info returns Rspress's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "rspress", Title: "Rspress", PublishKey: "outDir", SourceKey: "root", ConfigFile: "rspress.config.ts",
		BaseURLPlaces: []string{"siteUrl of pluginSitemap, or siteOrigin, in Rspress' configuration ({file})", `"homepage": in package.json`}}
}

// configs are Rspress's configuration files, in the order it looks for
// them in the project folder.
var configs = []string{"rspress.config.js", "rspress.config.ts", "rspress.config.mjs", "rspress.config.mts", "rspress.config.cjs", "rspress.config.cts"}

// sitemapPlugin is the package of Rspress's sitemap plugin.
const sitemapPlugin = "@rspress/plugin-sitemap"

// Detect finds an Rspress project: its configuration in the project
// folder, else a dependency "@rspress/core" or "rspress" of package.json
// (the root then from a script running `rspress build ROOT`).
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	name, data, err := d.File(configs...)
	if err != nil {
		return nil, err
	}
	if name == "" {
		if !d.Depends("@rspress/core") && !d.Depends("rspress") {
			return nil, nil
		}
		name = "package.json"
	}
	p := project(name, data, d.Limits(), d.Env)
	if runs := d.ScriptRuns("rspress build"); len(runs) > 0 && len(runs[0]) > 0 && !strings.HasPrefix(runs[0][0], "-") {
		// The command line's root wins over the configuration's.
		if dir, ok := jsconf.ProjectPath(runs[0][0]); ok {
			p.SourceDir = dir
		}
	}
	jsproject.Homepage(d, p)
	return p, nil
}

// project reads the Rspress configuration name (data is nil without
// one). The site URL is the scheme and host of the sitemap plugin's
// siteUrl, else of siteOrigin, with base: Rspress links every page under
// base (default "/"), and its plugin's docs say to end siteUrl with it.
//
// env is the build's environment, for a folder the configuration gives
// as process.env.NAME ?? 'literal' (nil: such a folder is not read).
func project(name string, data []byte, lim limits.Limits, env func(string) (string, bool)) *generator.Detected {
	p := &generator.Detected{File: name, PublishDir: "doc_build", SourceDir: "docs", Form: generator.URLForm{IndexFiles: true}}
	r := jsconfig.NewReader(name, data, lim)
	defer func() { p.Notes = append(p.Notes, r.Notes()...) }()

	if dir, st := folder(r, env, "the built folder", siteurl.DirHint, "outDir", "builderConfig.output.distPath.root", "builderConfig.output.distPath"); st == jsconfig.OK && dir != "." {
		p.PublishDir = dir
	} else if st != jsconfig.Absent {
		p.PublishDir = "" // not read, or the project folder itself
	}
	if dir, st := folder(r, env, "its pages' folder", "; its pages are not joined to their sources", "root"); st == jsconfig.OK {
		p.SourceDir = dir
	} else if st == jsconfig.Bad {
		p.SourceDir = ""
	}

	base, baseSt := r.Str("base", siteurl.BaseURLHint)
	if baseSt == jsconfig.OK {
		p.BasePath = siteurl.NormBase(base.Value)
	}
	if site, key := siteURL(r); site.Value != "" && baseSt != jsconfig.Bad {
		p.BaseURL, p.BaseURLFrom = siteurl.AtBase(site.Value, base.Value), site.In(name)+" "+key
		if baseSt == jsconfig.OK {
			p.BaseURLFrom += " + base"
		}
		if hp := siteurl.NormBase(siteurl.Path(site.Value)); hp != "" && hp != siteurl.NormBase(base.Value) {
			r.Note(site.Line, "%s has the path %s, which is not base: Rspress links the pages under base, at %s", key, hp, p.BaseURL)
		}
	}
	if clean, st := r.Bool("route.cleanUrls"); st == jsconfig.OK && clean {
		p.Form = generator.URLForm{TrailingSlash: "always", CleanURLs: true}
	} else if st == jsconfig.Bad {
		p.Form = generator.URLForm{}
	}
	p.Own = site(r, p)
	return p
}

// folder returns the folder of the project that the first key of keys
// that is set names (jsconf.ProjectPath; a variable of the environment env
// with a literal fallback, jsconf.EnvOr). It is Absent when none is set,
// and Bad when the one set names none sitemapgen can read, with a note
// that says so and ends in hint.
func folder(r *jsconfig.Reader, env func(string) (string, bool), what, hint string, keys ...string) (string, jsconfig.State) {
	for _, key := range keys {
		v, line, ok := r.Any(key)
		if !ok {
			continue
		}
		if _, isObject := v.(map[string]any); isObject {
			continue // distPath: { root: … }, read by its own key
		}
		if s, ok := jsconf.EnvOr(v, env); ok {
			v = s
		}
		if dir, ok := jsconf.ProjectPath(v); ok {
			return dir, jsconfig.OK
		}
		r.Note(line, "%s is not %s in the project that sitemapgen can read (%s)%s", key, what, jsconf.Excerpt(v), hint)
		return "", jsconfig.Bad
	}
	return "", jsconfig.Absent
}

// siteURL returns the site URL the configuration gives and its key: the
// siteUrl of @rspress/plugin-sitemap's pluginSitemap({ … }) in plugins,
// else the domain of rspress-plugin-sitemap's (a plugin of its own, which
// Rspack's sites use), else siteOrigin. A value that is no absolute
// http(s) URL is none, with a note.
func siteURL(r *jsconfig.Reader) (jsconfig.Value, string) {
	var keys, names []string
	if e := jsconf.PluginCall(r, "plugins", sitemapPlugin); e != "" {
		keys, names = append(keys, e+"().siteUrl"), append(names, "pluginSitemap siteUrl")
	}
	if e := jsconf.PluginCall(r, "plugins", "rspress-plugin-sitemap"); e != "" {
		keys, names = append(keys, e+"().domain"), append(names, "rspress-plugin-sitemap domain")
	}
	keys, names = append(keys, "siteOrigin"), append(names, "siteOrigin")
	for i, key := range keys {
		v, st := r.Str(key, siteurl.BaseURLHint)
		if st == jsconfig.Absent {
			continue
		}
		name := names[i]
		if st != jsconfig.OK {
			return jsconfig.Value{}, name
		}
		if !siteurl.AbsHTTP(v.Value) {
			r.Note(v.Line, "%s %q is not an absolute http(s) URL; give --base-url", name, diag.URL(v.Value))
			return jsconfig.Value{}, name
		}
		return v, name
	}
	return jsconfig.Value{}, ""
}

// SitemapOptions returns the options of pluginSitemap({ … }).
func (Generator) SitemapOptions(d *generator.Dir, p *generator.Detected) []peer.Config {
	r := jsproject.Reader(d, p.File)
	if r == nil {
		return nil
	}
	e := jsconf.PluginCall(r, "plugins", sitemapPlugin)
	if e == "" {
		return nil
	}
	_, line, _ := r.Any(e)
	return []peer.Config{{Tool: Tool, File: p.File, Line: line, Options: jsconf.Options(r, e+"()")}}
}

// site reads what the routes of the pages need (see [Site]).
func site(r *jsconfig.Reader, p *generator.Detected) Site {
	s := Site{Extensions: defaultExtensions}
	if exts, st := r.Strs("route.extensions"); st == jsconfig.OK {
		s.Extensions = exts
	} else if st == jsconfig.Bad {
		p.SourceDir = ""
	}
	globs := func(key string) []string {
		g, st := r.Strs(key)
		if st == jsconfig.Bad {
			p.SourceDir = "" // the pages are not known: none is joined
		}
		return g
	}
	s.Include, s.Exclude = globs("route.include"), globs("route.exclude")
	if convention, st := r.Strs("route.excludeConvention"); st == jsconfig.OK {
		s.Convention = convention
	} else if st == jsconfig.Bad {
		p.SourceDir = ""
	} else {
		s.Convention = []string{"**/_[^_]*"}
	}
	if v, st := r.Str("lang", ""); st == jsconfig.OK {
		s.Lang = v.Value
	}
	for _, key := range []string{"locales", "themeConfig.locales"} {
		for _, e := range jsconf.Elements(r, key) {
			if v, st := r.Str(e+".lang", ""); st == jsconfig.OK && v.Value != "" && !strings.ContainsAny(v.Value, "/\\") {
				s.Langs = append(s.Langs, v.Value)
			}
		}
		if len(s.Langs) > 0 {
			break
		}
	}
	if _, line, ok := r.Any("multiVersion"); ok {
		def, defSt := r.Str("multiVersion.default", "")
		versions, st := r.Strs("multiVersion.versions")
		if defSt == jsconfig.OK && st == jsconfig.OK {
			s.Version, s.Versions = def.Value, versions
		} else {
			s.Unjoined = fmt.Sprintf("multiVersion, %s:%d", p.File, line)
			r.Note(line, "multiVersion's default and versions are not literals: the pages are not joined to their sources")
		}
	}
	return s
}

// defaultExtensions are the files Rspress routes, by default.
var defaultExtensions = []string{".js", ".jsx", ".ts", ".tsx", ".md", ".mdx"}

// trimDefaults returns rel as Rspress serves it: without its first
// folder when that is a version of versions, and then without the next
// when that is a language of langs, each kept unless it is the default
// one (version, lang): the default version's and language's pages are at
// the root.
func trimDefaults(rel, version string, versions []string, lang string, langs []string) string {
	var kept []string
	take := func(def string, of []string) {
		first, rest, ok := strings.Cut(rel, "/")
		if !ok || def == "" || !slices.Contains(of, first) {
			return
		}
		if first != def {
			kept = append(kept, first)
		}
		rel = rest
	}
	take(version, versions)
	take(lang, langs)
	return path.Join(append(kept, rel)...)
}

// routeOf returns the route of the page file rel, relative to root: its
// path without its extension, index naming its folder.
func routeOf(rel string) string {
	name := strings.TrimSuffix(rel, path.Ext(rel))
	if name == "index" {
		return "/"
	}
	if dir, ok := strings.CutSuffix(name, "/index"); ok {
		return "/" + dir + "/"
	}
	return "/" + name
}
