// Package sphinx is Sphinx, as sitemapgen knows it: a project is a
// conf.py that sets project or extensions, where sphinx-quickstart puts
// it; `make html` writes _build/html (or the Makefile's BUILDDIR). Its
// documents are joined to their pages, with the files they include; its
// sitemaps are sphinx-sitemap's, one in each language's folder. Each
// language built into its folder from one html_baseurl writes canonical
// links without the folder (folderBuilds): the pages are listed where
// they are served.
package sphinx

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/pyconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// Generator is Sphinx.
type Generator struct{}

var (
	_ generator.Generator  = Generator{}
	_ generator.Router     = Generator{}
	_ generator.PeerReader = Generator{}
)

// Info returns Sphinx's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "sphinx", Title: "Sphinx", BaseURLPlaces: []string{"html_baseurl in Sphinx's configuration ({file})"}, Sitemaps: generator.LanguageSitemaps, Published: generator.LanguagesPublished}
}

// Routes returns the preset of the documents of the source folder:
// SourceDir, else conf.py's folder.
func (Generator) Routes(p *generator.Detected) (generator.Preset, string) {
	dir := p.SourceDir
	if dir == "" {
		dir = path.Dir(p.File)
	}
	return Preset{}, dir
}

// confs are where a Sphinx project's conf.py is, with the folder
// make html builds into: sphinx-quickstart's layouts (one folder, or
// source/ and build/ apart), at the top or under docs/.
var confs = []struct{ conf, out string }{
	{"conf.py", "_build/html"},
	{"source/conf.py", "build/html"},
	{"docs/conf.py", "docs/_build/html"},
	{"docs/source/conf.py", "docs/build/html"},
}

// buildDir returns the folder "make html" writes to when the
// Makefile sphinx-quickstart wrote beside the source folder sets
// BUILDDIR as a plain relative path ("BUILDDIR = _build": its html/
// folder), or "" to take the layout's default. A project may change the
// Makefile's BUILDDIR, and Read the Docs-style layouts often do.
func buildDir(d *generator.Dir, c struct{ conf, out string }) (string, error) {
	dir := path.Dir(path.Dir(c.conf)) // the folder above the source folder
	if path.Base(path.Dir(c.conf)) != "source" {
		dir = path.Dir(c.conf) // one folder: the Makefile is beside conf.py
	}
	name, data, err := d.File(path.Join(dir, "Makefile"))
	if err != nil || name == "" {
		return "", err
	}
	for _, line := range strings.Split(string(data), "\n") {
		m := makeBuildDir().FindStringSubmatch(line)
		if m == nil {
			continue
		}
		v := path.Clean(m[1])
		if path.IsAbs(v) || v == ".." || strings.HasPrefix(v, "../") || strings.ContainsAny(v, "$()`\\") {
			return "", nil // not a plain folder of the project: the default
		}
		return path.Join(dir, v, "html"), nil
	}
	return "", nil
}

// makeBuildDir matches a Makefile's assignment of BUILDDIR.
var makeBuildDir = lazyre.MustCompile(`^\s*BUILDDIR\s*[:?]?=\s*(\S+)\s*$`)

// Detect finds a Sphinx project: a conf.py that sets
// project or extensions, where sphinx-quickstart puts it. The publish
// folder is where "make html" writes; html_baseurl is the base URL.
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
	for _, c := range confs {
		name, data, err := d.File(c.conf)
		if err != nil {
			return nil, err
		}
		if name == "" {
			continue
		}
		vals := pyconf.Assignments(data)
		_, project := vals["project"]
		_, exts := vals["extensions"]
		if !project && !exts {
			continue // some other conf.py
		}
		p := &generator.Detected{File: name, PublishDir: c.out, Form: generator.URLForm{IndexFiles: true}}
		if out, err := buildDir(d, c); err != nil {
			return nil, err
		} else if out != "" {
			p.PublishDir = out
		}
		// html_baseurl, which Sphinx writes each page's canonical link
		// from; else sphinx-sitemap's own site_url, which it takes first.
		for _, key := range []string{"html_baseurl", "site_url"} {
			v, ok := vals[key]
			if !ok {
				continue
			}
			switch {
			case v.Literal && siteurl.AbsHTTP(v.Value):
				p.BaseURL, p.BaseURLFrom = siteurl.WithSlash(v.Value), name+" "+key
			case v.Literal && v.Value == "", v.Val == nil:
				continue
			case v.Literal:
				p.Notes = append(p.Notes, generator.Note(name, v.Line, "%s %q is not an absolute http(s) URL%s", key, diag.URL(v.Value), siteurl.BaseURLHint))
			default:
				p.Notes = append(p.Notes, generator.Note(name, v.Line, "%s is not a literal string%s", key, siteurl.BaseURLHint))
			}
			break
		}
		sitemapSettings(d, p, name, vals)
		folderBuilds(d, p, name, vals)
		if v, ok := vals["html_file_suffix"]; ok && v.Literal && v.Value != ".html" {
			p.Notes = append(p.Notes, generator.Note(name, v.Line, "html_file_suffix %q: pages are found by include:", v.Value))
		}
		return p, nil
	}
	return nil, nil
}

// sitemapSettings reads what sphinx-sitemap's settings say of the files it
// writes (or wrote, before it left extensions: the settings that stay in
// conf.py keep naming them, as Hugo's [sitemap] does) into the Sphinx
// project p, whose conf.py (name) assigns vals:
// sitemap_filename names them (p.SitemapFile); a sitemap_url_scheme with
// {lang} (its default, {lang}{version}{link}) and sitemap_locales put
// each language's build in a folder of its own, LANG/, each with its
// sitemap, whose alternates are the other languages' pages
// (p.Languages: the locales with language, when there are two or
// more). Where sphinx-sitemap is used, or was (its settings stay in
// conf.py), and the site folder is one build the scheme put under a
// folder of the base URL (Sphinx 5's language is "en" when none is
// given: en/), with no such folder in the site folder: under site_url,
// which no page names, the base URL takes that folder, so that the
// pages keep the URLs search engines were given, and its origin says
// so; under html_baseurl, which the pages' canonical links are made
// from, it is a warning that says how to keep them (html_baseurl with
// the folder): sitemapgen lists the URLs the pages give.
func sitemapSettings(d *generator.Dir, p *generator.Detected, name string, vals map[string]pyconf.Value) {
	exts, _ := vals["extensions"].Val.([]any)
	on := slices.Contains(exts, any("sphinx_sitemap"))
	if v, ok := vals["sitemap_filename"]; ok && v.Literal && v.Value != "" {
		p.SitemapFile, p.SitemapFileKey = v.Value, "sitemap_filename"
	}
	scheme := defaultScheme
	if v, ok := vals["sitemap_url_scheme"]; ok {
		if !v.Literal {
			return // what it makes of the URLs is not known
		}
		scheme = v.Value
	}
	lang := "en" // Sphinx 5's default
	if v, ok := vals["language"]; ok {
		switch {
		case v.Literal:
			lang = v.Value
		case v.Val == nil:
			lang = "" // None, Sphinx 4's default: no folder
		default:
			return
		}
	}
	version := ""
	if v, ok := vals["version"]; ok && v.Literal {
		version = v.Value
	} else if ok {
		return
	}
	// sphinx-sitemap is in extensions, or was: its settings stay.
	used := on || strings.HasSuffix(p.BaseURLFrom, " site_url") || slices.ContainsFunc(sitemapKeys, func(k string) bool { _, ok := vals[k]; return ok })
	if strings.Contains(scheme, "{lang}") {
		var langs []string
		if lang != "" {
			langs = append(langs, lang)
		}
		locales, from := sitemapLocales(d, p, vals)
		for _, s := range locales {
			if s != "" && !slices.Contains(langs, s) && !strings.ContainsAny(s, "/\\") {
				langs = append(langs, s)
			}
		}
		if len(langs) > 1 {
			p.Languages, p.Translated = langs, true
			// The same page in each language's folder, in the code
			// sphinx-sitemap gives it (pt_BR as pt-BR).
			l := &generator.FolderLocales{Langs: map[string]string{}, From: "sphinx-sitemap's " + from}
			for _, lang := range langs {
				l.Langs[lang] = strings.ReplaceAll(lang, "_", "-")
			}
			p.Pages = l
			if used && conffile.HasFolder(d.Path(), p.PublishDir) {
				missingBuilds(d, p, name, vals, langs, from)
			}
		}
	}
	if !used || p.BaseURL == "" {
		return
	}
	prefix, ok := schemeFolder(scheme, lang, version)
	if !ok || prefix == "" {
		return
	}
	line := vals["extensions"].Line
	if v, ok := vals["sitemap_url_scheme"]; ok {
		line = v.Line
	}
	first, _, _ := strings.Cut(prefix, "/")
	switch {
	case conffile.HasFolder(d.Path(), path.Join(p.PublishDir, first)) || !conffile.HasFolder(d.Path(), p.PublishDir) && slices.Contains(p.Languages, first):
		// Each language's build in its folder (LANG/), or, not built
		// yet, sitemap_locales says so: the pages are where the files
		// are, as the scheme put them.
	case strings.HasSuffix(p.BaseURLFrom, " site_url"):
		// site_url, which no page names: the site folder is the one
		// build the scheme put under its folder, where search engines
		// were given its pages. They keep those URLs; the base URL's
		// origin says so.
		p.BaseURL, p.BaseURLFrom = p.BaseURL+prefix, p.BaseURLFrom+" under sphinx-sitemap's sitemap_url_scheme "+scheme+" ("+prefix+")"
	case !on && strings.HasSuffix(p.BaseURL, "/"+prefix):
		// Out of extensions, html_baseurl already ends with the folder
		// (as the warning below says to set it): the pages keep it.
	default:
		// html_baseurl, from which Sphinx writes each page's canonical
		// link: the pages name themselves outside the scheme's folder.
		p.Warnings = append(p.Warnings, diag.Pos{File: name, Line: line}.Errorf("sphinx-sitemap's sitemap_url_scheme %s listed the pages under %s%s, where their canonical links (html_baseurl) do not put them: sitemapgen lists them at the URLs they give, under %s; if the site is served under %s%s, set html_baseurl = '%s%s' in %s (with sitemap_url_scheme = '{link}' while sphinx_sitemap is in extensions), and the canonical links and ours keep those URLs",
			scheme, p.BaseURL, prefix, p.BaseURL, p.BaseURL, prefix, p.BaseURL, prefix, name))
	}
}

// folderBuilds sets p.FolderBuilds when html_baseurl is the base URL of
// the Sphinx project p (conf.py, name, assigning vals) and its site
// folder holds no build at its top but builds in folders of their own,
// each with the .buildinfo Sphinx writes at a build's top: each
// language built into its folder from one conf.py (sphinx-sitemap's
// way, sphinx-build -D language=fr . _build/html/fr). Sphinx writes
// every page's canonical link from html_baseurl, without the folder:
// a URL no build serves. The pages are served in their folders, and
// sphinx-sitemap listed them there.
func folderBuilds(d *generator.Dir, p *generator.Detected, name string, vals map[string]pyconf.Value) {
	if p.BaseURLFrom != name+" html_baseurl" || conffile.IsFile(d.Path(), path.Join(p.PublishDir, ".buildinfo")) {
		return
	}
	entries, err := fsx.ReadDir(d.Path(), p.PublishDir)
	if err != nil {
		return
	}
	var folders []string
	for _, e := range entries {
		if e.IsDir() && conffile.IsFile(d.Path(), path.Join(p.PublishDir, e.Name(), ".buildinfo")) {
			folders = append(folders, e.Name()+"/")
		}
	}
	if len(folders) == 0 {
		return
	}
	p.FolderBuilds = folders
	one := folders[len(folders)-1]
	exts, _ := vals["extensions"].Val.([]any)
	scheme := ""
	if slices.Contains(exts, any("sphinx_sitemap")) {
		scheme = ", with sitemap_url_scheme = '{link}' while sphinx_sitemap is in extensions"
	}
	// The command runs in the project folder: the source folder is
	// conf.py's.
	p.FolderBuildsWhy = fmt.Sprintf("Sphinx writes each page's canonical link from html_baseurl (%s:%d), which the builds in %s's folders share, and no build is served there; give each build its own, as sphinx-build -D html_baseurl=%s%s %s %s/%s does for %s%s",
		name, vals["html_baseurl"].Line, p.PublishDir, p.BaseURL, one, path.Dir(name), p.PublishDir, strings.TrimSuffix(one, "/"), one, scheme)
}

// sitemapLocales returns the languages sphinx-sitemap gives each page
// alternates in, besides language's, and the setting they come from, as
// it finds them: sitemap_locales when it is set (None in it: none),
// else the folders of each of Sphinx's locale_dirs (by default
// locales), relative to conf.py's folder, that are in the project.
func sitemapLocales(d *generator.Dir, p *generator.Detected, vals map[string]pyconf.Value) ([]string, string) {
	var out []string
	if list, _ := vals["sitemap_locales"].Val.([]any); len(list) > 0 {
		for _, l := range list {
			if s, ok := l.(string); ok {
				out = append(out, s)
			}
		}
		return out, "sitemap_locales"
	}
	dirs := []any{"locales"} // Sphinx's default
	if v, ok := vals["locale_dirs"]; ok {
		dirs, _ = v.Val.([]any) // not a literal list: not known
	}
	for _, dir := range dirs {
		s, ok := dir.(string)
		if !ok || s == "" || path.IsAbs(s) || strings.Contains(s, "\\") {
			continue
		}
		rel := path.Join(path.Dir(p.File), s)
		if rel == ".." || strings.HasPrefix(rel, "../") {
			continue // outside the project
		}
		entries, err := fsx.ReadDir(d.Path(), rel)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.IsDir() && !slices.Contains(out, e.Name()) {
				out = append(out, e.Name())
			}
		}
	}
	return out, "locale_dirs"
}

// missingBuilds warns, once, when the site folder of the Sphinx project p
// (conf.py, name, assigning vals) lacks the folder of some of the
// languages langs (from sphinx-sitemap's setting from): sphinx-sitemap
// gave each page alternates in those builds (each language built and
// deployed on its own), which sitemapgen, listing what the site folder
// holds, does not write.
func missingBuilds(d *generator.Dir, p *generator.Detected, name string, vals map[string]pyconf.Value, langs []string, from string) {
	var missing []string
	for _, lang := range langs {
		if !conffile.HasFolder(d.Path(), path.Join(p.PublishDir, lang)) {
			missing = append(missing, diag.Excerpt(lang)+"/")
		}
	}
	if len(missing) == len(langs) {
		// None there: the site folder is language's build, alone.
		missing = slices.DeleteFunc(missing, func(s string) bool { return s == diag.Excerpt(langs[0])+"/" })
	}
	if len(missing) == 0 {
		return
	}
	line := vals[from].Line
	if line == 0 {
		line = vals["extensions"].Line
	}
	p.Warnings = append(p.Warnings, diag.Pos{File: name, Line: line}.Errorf("sphinx-sitemap's %s give each page alternates in the builds of %d languages, and %s not in %s: their alternates are not written (sitemapgen writes those between the languages' builds in the site folder, each in its folder: sphinx-build -D language=LANG . %s/LANG)",
		from, len(langs), notIn(missing), p.PublishDir, p.PublishDir))
}

// notIn says which of the languages' folders are missing: the first
// few, and how many more.
func notIn(missing []string) string {
	const most = 5
	shown := strings.Join(missing[:min(len(missing), most)], ", ")
	if len(missing) > most {
		shown += fmt.Sprintf(" and %d more", len(missing)-most)
	}
	if len(missing) == 1 {
		return "the build of " + shown + " is"
	}
	return "the builds of " + shown + " are"
}

// defaultScheme is sphinx-sitemap's sitemap_url_scheme when none is set.
const defaultScheme = "{lang}{version}{link}"

// sitemapKeys are the settings only sphinx-sitemap reads: one left in
// conf.py says it was used, after it left extensions.
var sitemapKeys = []string{"site_url", "sitemap_url_scheme", "sitemap_locales", "sitemap_filename", "sitemap_excludes", "sitemap_show_lastmod"}

// schemeFolder returns the folder under the base URL that the
// sitemap_url_scheme scheme puts the pages in, for the language lang and
// the version ("en/", "en/1.0/", "" for none), as sphinx-sitemap fills
// it in; ok is false when the scheme does not end with {link}, the
// page's path: the folder is not known.
func schemeFolder(scheme, lang, version string) (string, bool) {
	part := func(s string) string { // as sphinx-sitemap adds it
		if s == "" {
			return ""
		}
		return s + "/"
	}
	before, ok := strings.CutSuffix(scheme, "{link}")
	if !ok {
		return "", false
	}
	return strings.TrimPrefix(strings.NewReplacer("{lang}", part(lang), "{version}", part(version)).Replace(before), "/"), true
}

// settings are the settings of conf.py sphinx-sitemap reads, in
// the order of its documentation.
var settings = []string{"html_baseurl", "site_url", "language", "sitemap_url_scheme", "sitemap_locales", "sitemap_filename", "sitemap_excludes", "sitemap_show_lastmod"}

// SitemapOptions returns sphinx_sitemap among conf.py's extensions, and the
// settings it reads, by their lines.
func (Generator) SitemapOptions(d *generator.Dir, p *generator.Detected) []peer.Config {
	file := p.File
	name, data, err := d.File(file)
	if err != nil || name == "" {
		return nil
	}
	vals := pyconf.Assignments(data)
	ext := vals["extensions"]
	if list, _ := ext.Val.([]any); !slices.Contains(list, any("sphinx_sitemap")) {
		return nil
	}
	c := peer.Config{Tool: Tool, File: file, Line: ext.Line}
	for _, k := range settings {
		if v, ok := vals[k]; ok {
			c.Options = append(c.Options, peer.Given{Name: k, Value: v.Val, Line: v.Line})
		}
	}
	if _, ok := vals["sitemap_url_scheme"]; !ok {
		// Its default, which puts the pages under the language's folder
		// (Sphinx 5's language is "en" when none is given): what it
		// becomes is said as if it were written.
		c.Options = append(c.Options, peer.Given{Name: "sitemap_url_scheme", Value: defaultScheme, Line: ext.Line})
	}
	slices.SortStableFunc(c.Options, func(a, b peer.Given) int { return a.Line - b.Line })
	return []peer.Config{c}
}
