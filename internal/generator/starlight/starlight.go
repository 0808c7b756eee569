// Package starlight is Starlight, Astro's integration for documentation
// sites, as sitemapgen knows it. It is no generator of its own: package
// astro finds it among an Astro project's integrations (starlight(…) of
// @astrojs/starlight in astro.config.*) and asks it, through
// astro.Integration, what it changes in the project and how the pages of
// its docs collection are routed. Its rules were read from
// @astrojs/starlight 0.37 (index.ts, loaders.ts, utils/routing,
// utils/slugs.ts, utils/git.ts, integrations/sitemap.ts) and checked
// against its builds (internal/e2e/testdata/starlight).
//
// # Routes
//
// Starlight injects one route, [...slug], over the entries of its docs
// collection, src/content/docs/**/[^_]*.{md,mdx,markdown,mdown,mkdn,mkd,mdwn}
// (and .mdoc with @astrojs/markdoc): an entry's id is the glob loader's
// (srcpath.EntryID), or its front matter slug; its page is /ID/, the
// collection's index.md the home page. Drafts are not built.
//
// # Locales
//
// With locales (root and KEY: { label, lang }) and defaultLocale, an
// entry is of the locale KEY when its id is KEY or starts with KEY/, of
// the root locale otherwise; without locales, Starlight takes those of
// Astro's i18n routing. In a site of several locales, every page of
// the default locale that another locale lacks is built in that locale's
// folder from the default locale's file ([Preset.fallbackURL]): that
// file is its source and dates it. The locales' pages are one another's
// alternates, as the sitemap Starlight adds says (Detected.Pages).
//
// # Error pages
//
// The injected 404 route renders 404.html from the entry 404; every
// other locale's 404 entry (src/content/docs/de/404.md) is an ordinary
// docs page at de/404/index.html, and so is a fallback copy of the
// default's: error pages all (Detected.Fallbacks), which Starlight's
// sitemap leaves out too.
//
// # Dates
//
// A page prints the front matter's lastUpdated when it is a date, else,
// with lastUpdated: true (the configuration's or the page's), the
// committer date of the newest commit that names its file, renames
// included (git log --format=%ct --name-status): [Preset.lastModOrder].
//
// # Sitemap
//
// Starlight adds @astrojs/sitemap itself (with its locales) when the
// project does not: its sitemap-index.xml and sitemap-0.xml are Astro's,
// taken over as Astro's are.
package starlight

import (
	"maps"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
)

var _ generator.Preset = (*Preset)(nil)

// Package is Starlight's package, whose default export the
// configuration calls among its integrations.
const Package = "@astrojs/starlight"

// Docs is the folder of the docs collection, relative to Astro's source
// folder: Starlight fixes it (utils/collection.ts).
const Docs = "content/docs"

// root is the key of the locale at the site's root.
const root = "root"

// Preset routes the pages of Starlight's docs collection: paths are
// relative to Astro's source folder (content/docs/guides/a.md).
type Preset struct {
	// Locales are the keys of the configured locales, "root" among
	// them for the locale at the root; nil for a site of one language
	// at the root.
	Locales []string
	// Default is the key of the default locale ("root", "en"); "" with
	// no Locales.
	Default string
	// LastUpdated is the configuration's lastUpdated: true; From names
	// where ("astro.config.mjs:14").
	LastUpdated bool
	From        string
	// Markdoc adds .mdoc to the docs' extensions (@astrojs/markdoc is
	// an integration).
	Markdoc bool
}

// docsExts are the extensions of the docs loader's pattern.
var docsExts = []string{".markdown", ".mdown", ".mkdn", ".mkd", ".mdwn", ".md", ".mdx"}

// Detect reads the starlight(…) integration of the Astro project p from
// its configuration r, and returns the preset of its docs; it gives p
// what Starlight adds: @astrojs/sitemap (its files are Astro's), the
// locales as the pages' alternates, the locales' error pages. nil when
// the configuration calls no starlight().
func Detect(_ *generator.Dir, p *generator.Detected, r *jsconfig.Reader) generator.Preset {
	if r == nil {
		return nil
	}
	name := r.ImportOf(Package)
	if name == "" {
		return nil
	}
	opts := ""
	for _, e := range jsconf.Elements(r, "integrations") {
		if v, st := r.Callee(e, ""); st == jsconfig.OK && v.Callee == name {
			opts = e + "()"
			break
		}
	}
	if opts == "" {
		return nil
	}
	s := &Preset{Markdoc: r.ImportOf("@astrojs/markdoc") != ""}
	if v, st := r.Bool(opts + ".lastUpdated"); st == jsconfig.OK && v {
		s.LastUpdated, s.From = true, "Starlight lastUpdated, "+p.File
		if _, line, ok := r.Any(opts + ".lastUpdated"); ok && line > 0 {
			s.From += ":" + strconv.Itoa(line)
		}
	}
	langs := s.readLocales(r, opts, p.File)
	if langs == nil {
		langs = s.astroLocales(r, p)
	}
	if p.Plugin != nil && p.Plugin.In == "" {
		// Starlight adds @astrojs/sitemap when the project has not.
		p.Plugin.In = p.File
	}
	if len(s.Locales) > 1 {
		p.Translated = true
		l := &generator.FolderLocales{Langs: map[string]string{}, From: "Starlight's locales"}
		for _, k := range s.Locales {
			if k == root {
				l.Default = langs[k]
			} else {
				l.Langs[k] = langs[k]
			}
		}
		p.Pages = l
	}
	for _, k := range s.Locales {
		if k != root {
			p.Fallbacks = append(p.Fallbacks, k+"/404/index.html", k+"/404.html")
		}
	}
	return s
}

// readLocales reads locales and defaultLocale of the options at opts,
// as Starlight's configuration schema takes them: a locale's lang is
// its key when not given (root's, "en"); the default is root unless
// defaultLocale names another. A site whose locales are root alone is
// of one language; so is one whose default cannot be found, which
// Starlight refuses to build. It returns each locale's lang.
func (s *Preset) readLocales(r *jsconfig.Reader, opts, file string) map[string]string {
	v, line, ok := r.Any(opts + ".locales")
	m, isMap := v.(map[string]any)
	if !ok || !isMap {
		if ok && v != nil {
			r.Note(line, "Starlight's locales are not an object literal: its pages are routed as one language's")
		}
		return nil
	}
	langs := map[string]string{}
	for k, c := range m {
		if k == "" || strings.ContainsAny(k, "/\\") {
			continue
		}
		lang := k
		if k == root {
			lang = "en"
		}
		if cm, ok := c.(map[string]any); ok {
			if l, ok := cm["lang"].(string); ok && l != "" {
				lang = l
			}
		}
		langs[k] = lang
	}
	keys := make([]string, 0, len(langs))
	for k := range langs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	def := root
	if d, st := r.Str(opts+".defaultLocale", ""); st == jsconfig.OK && d.Value != "" {
		def = d.Value
	}
	_, hasRoot := langs[root]
	if len(keys) == 0 || len(keys) == 1 && hasRoot || !slices.Contains(keys, def) {
		return nil
	}
	s.Locales, s.Default = keys, def
	return langs
}

// astroLocales takes, when starlight() has no locales, those of Astro's
// own i18n routing (read into p.Pages), as Starlight does: the default
// locale at the root is "root" unless routing.prefixDefaultLocale. It
// returns each locale's lang; nil without two locales.
func (s *Preset) astroLocales(r *jsconfig.Reader, p *generator.Detected) map[string]string {
	l, ok := p.Pages.(*generator.FolderLocales)
	if !ok || len(l.Langs) == 0 {
		return nil
	}
	langs := maps.Clone(l.Langs)
	def := root
	if l.Default != "" {
		langs[root] = l.Default
	} else if d, st := r.Str("i18n.defaultLocale", ""); st == jsconfig.OK && langs[d.Value] != "" {
		def = d.Value
	} else {
		return nil
	}
	if len(langs) < 2 {
		return nil
	}
	s.Locales, s.Default = slices.Sorted(maps.Keys(langs)), def
	return langs
}

// URLPath returns the URL path of the docs entry at p.Path, relative to
// Astro's source folder; ok is false for any other file, and for a file
// the docs loader leaves out (a name starting with "_").
func (s *Preset) URLPath(p generator.Page) (string, bool) {
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok {
		return "", false
	}
	in, ok := strings.CutPrefix(rel, Docs+"/")
	if !ok || srcpath.AnyElement(in, ".") || strings.HasPrefix(path.Base(in), "_") {
		return "", false
	}
	if !srcpath.HasExt(in, docsExts...) && !(s.Markdoc && srcpath.HasExt(in, ".mdoc")) {
		return "", false
	}
	id := p.Slug
	if id == "" {
		id = srcpath.EntryID(in)
	}
	return slugPath(id), true
}

// slugPath is the URL path of the entry whose slug is id, as
// slugToParam and Astro's router make it: index (at the top, or as a
// last element) is its folder.
func slugPath(id string) string {
	id = strings.Trim(id, "/")
	if id == "index" {
		id = ""
	}
	id = strings.TrimSuffix(id, "/index")
	if id == "" {
		return "/"
	}
	return srcpath.Resolve("/", id) + "/"
}

// localeOf returns the locale of the URL path u (relative to the site's
// root), as slugToLocale takes an entry's, and the rest of the path: its
// slug in no locale.
func (s *Preset) localeOf(u string) (locale, rest string) {
	u = strings.Trim(u, "/")
	first, after, _ := strings.Cut(u, "/")
	if first != root && slices.Contains(s.Locales, first) {
		return first, after
	}
	if slices.Contains(s.Locales, root) {
		return root, u
	}
	return s.Default, u
}

// fallbackURL returns, for the page at urlPath of a locale other than
// the default, the default locale's page of the same slug: in a site of
// several locales Starlight builds a page the locale lacks from the
// default locale's file.
func (s *Preset) fallbackURL(urlPath string) (string, bool) {
	if len(s.Locales) < 2 {
		return "", false
	}
	locale, rest := s.localeOf(urlPath)
	if locale == s.Default {
		return "", false
	}
	prefix := "/"
	if s.Default != root {
		prefix = "/" + s.Default + "/"
	}
	if rest == "" {
		return prefix, true
	}
	return prefix + rest + "/", true
}

// lastModOrder returns the order in which Starlight dates a page: the
// front matter's lastUpdated, then, with lastUpdated: true, the last
// commit of its file (renames included, as git log --name-status names
// them). Without it Starlight prints no date, and the page's other front
// matter dates come before its history, as for Astro's other pages.
func (s *Preset) lastModOrder() *generator.DateOrder {
	if s.LastUpdated {
		return &generator.DateOrder{Steps: []generator.DateStep{{Keys: []string{"lastupdated"}}, {Git: true}}, From: s.From, GitRenames: true}
	}
	keys := append([]string{"lastupdated"}, frontmatter.LastmodKeys()...)
	return &generator.DateOrder{Steps: []generator.DateStep{{Keys: keys}, {Git: true}}, From: "Starlight's lastUpdated, then Astro's front matter dates", GitRenames: true}
}

// FileRules reads all of a doc's front matter: its slug, its draft (not
// built), its lastUpdated.
func (s *Preset) FileRules(string) generator.FileRules {
	return generator.FileRules{Reading: generator.AllFrontMatter}
}

// Rules say where the docs collection is, how Starlight dates a doc, and
// the pages it builds from the default locale's docs.
func (s *Preset) Rules() generator.Rules {
	return generator.Rules{
		Name: "starlight",
		Sources: generator.SourceRules{Include: []string{Docs + "/**"}, Describe: func(dir, _ string) string {
			return filepath.Join(dir, filepath.FromSlash(Docs)) + " (Starlight)"
		}},
		Order: s.lastModOrder(),
		Pages: generator.PageRules{Fallback: s.fallbackURL},
	}
}
