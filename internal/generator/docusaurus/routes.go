package docusaurus

import (
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

var _ generator.Preset = (*Preset)(nil)

// Preset routes the sources of a Docusaurus 3 site with the classic
// preset's plugins at their default folders and route bases:
//
//	docs/intro.md                         /docs/intro
//	docs/01-guides/02-setup.md            /docs/guides/setup (number prefixes dropped)
//	docs/guides/index.md                  /docs/guides/ (a category's index: index, README, or the folder's name)
//	docs/a.md with id: b                  /docs/b
//	docs/guides/a.md with slug: x         /docs/guides/x (slug: /x is /docs/x)
//	blog/2024-01-15-hello.md              /blog/2024/01/15/hello
//	blog/2024-02-20-post/index.md         /blog/2024/02/20/post
//	blog/a.md with slug: x                /blog/x
//	src/pages/about.md, about.js          /about
//	src/pages/contact/index.md            /contact/
//	i18n/de/docusaurus-plugin-content-docs/current/intro.md    /de/docs/intro
//
// With versions.json (["2.0", "1.0"]), docs/ is the next version's,
// /docs/next/…; versioned_docs/version-2.0/ is /docs/…, version-1.0/
// /docs/1.0/… (the i18n folders current/ and version-V/ alike).
//
// Files and folders named with "_" are left out, as are tests. A page of
// another locale without a translation is built from the default
// locale's source ([Preset.fallbackURL]). A doc's front matter is
// read for id and slug, and its last_update.date, which Docusaurus
// takes before git (showLastUpdateTime, the sitemap's lastmod: 'date');
// its other dates (a blog post's date) are not a lastmod. Options set inside the preset's array (docs.routeBasePath, a
// docs folder elsewhere) are not read: pages under them are not joined.
type Preset struct {
	// Locales are the site's locales other than the default: their
	// pages are under /LOCALE/.
	Locales []string
	// DocsBase and BlogBase are the route bases of the docs and the blog:
	// "/docs" and "/blog" when empty.
	DocsBase, BlogBase string
	// Versions are the docs' versions (versions.json), the newest first:
	// versioned_docs/version-V/ is served under the route base for the
	// newest, under BASE/V/ for the others, and docs/ under BASE/next/.
	Versions []string
	// GitDates is Project.GitDates: where showLastUpdateTime is on.
	GitDates string
}

// base returns the route base b, or def when it is empty, without a
// trailing slash ("" for the root).
func routeBase(b, def string) string {
	if b == "" {
		b = def
	}
	return strings.TrimSuffix(b, "/")
}

// datePrefix is a file name that starts like a date or a version
// ("2021-01-31-notes", "8.0-release"), whose number is no order prefix;
// numberPrefix is one that starts with one ("01-intro", "3 - setup").
var (
	datePrefix   = lazyre.MustCompile(`^\d+[-_.]\d+`)
	numberPrefix = lazyre.MustCompile(`^\d+\s*[-_.]+\s*([^-_.\s].*)$`)
	blogDate     = lazyre.MustCompile(`^(.*?/)?(\d{4})[-/](\d{1,2})[-/](\d{1,2})[-/]?(.*?)(?:/index)?\.mdx?$`)
)

// stripNumber drops the order prefix of a doc's file or folder name.
func stripNumber(name string) string {
	if datePrefix().MatchString(name) {
		return name
	}
	if m := numberPrefix().FindStringSubmatch(name); m != nil {
		return m[1]
	}
	return name
}

// docusaurusPlugins are the i18n folders of the classic preset's content
// plugins, and the folder of each one's default-locale sources.
var docusaurusPlugins = []struct{ i18n, dir string }{
	{"docusaurus-plugin-content-docs/current", "docs"},
	{"docusaurus-plugin-content-blog", "blog"},
	{"docusaurus-plugin-content-pages", "src/pages"},
}

// URLPath returns the URL path of p, a path relative to the project
// folder.
func (d *Preset) URLPath(p generator.Page) (string, bool) {
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok {
		return "", false
	}
	prefix := ""
	if r, ok := strings.CutPrefix(rel, "i18n/"); ok {
		locale, r, _ := strings.Cut(r, "/")
		found := false
		for _, pl := range docusaurusPlugins {
			if in, ok := strings.CutPrefix(r, pl.i18n+"/"); ok {
				rel, found = pl.dir+"/"+in, true
				break
			}
		}
		if v, in, ok := strings.Cut(strings.TrimPrefix(r, "docusaurus-plugin-content-docs/"), "/"); !found && ok && strings.HasPrefix(r, "docusaurus-plugin-content-docs/version-") {
			rel, found = "versioned_docs/"+v+"/"+in, true
		}
		if !found || locale == "" {
			return "", false
		}
		prefix = "/" + locale
	}
	if srcpath.AnyElement(rel, "_", ".") {
		return "", false // also __tests__
	}
	var u string
	switch {
	case strings.HasPrefix(rel, "docs/") && srcpath.HasExt(rel, ".md", ".mdx"):
		u, ok = docURL(strings.TrimPrefix(rel, "docs/"), p)
		if len(d.Versions) > 0 {
			u = "/next" + u // the version in the making
		}
		u = routeBase(d.DocsBase, "/docs") + u
	case strings.HasPrefix(rel, "versioned_docs/version-") && srcpath.HasExt(rel, ".md", ".mdx"):
		v, in, _ := strings.Cut(strings.TrimPrefix(rel, "versioned_docs/version-"), "/")
		if !slices.Contains(d.Versions, v) {
			return "", false
		}
		u, ok = docURL(in, p)
		if v != d.Versions[0] {
			u = "/" + v + u
		}
		u = routeBase(d.DocsBase, "/docs") + u
	case strings.HasPrefix(rel, "blog/") && srcpath.HasExt(rel, ".md", ".mdx"):
		u, ok = blogURL(strings.TrimPrefix(rel, "blog/"), p)
		u = routeBase(d.BlogBase, "/blog") + u
	case strings.HasPrefix(rel, "src/pages/") && srcpath.HasExt(rel, ".js", ".jsx", ".ts", ".tsx", ".md", ".mdx"):
		if strings.Contains(path.Base(rel), ".test.") {
			return "", false
		}
		u, ok = srcpath.FileRoute(strings.TrimPrefix(rel, "src/pages/"))
	default:
		return "", false
	}
	if !ok {
		return "", false
	}
	return prefix + u, true
}

// docURL returns a doc's URL path below the docs' route base.
func docURL(rel string, p generator.Page) (string, bool) {
	dir, file := path.Split(rel)
	var els []string
	for _, el := range strings.Split(strings.TrimSuffix(dir, "/"), "/") {
		if el != "" {
			els = append(els, stripNumber(el))
		}
	}
	dirSlug := "/"
	if len(els) > 0 {
		dirSlug = "/" + strings.Join(els, "/") + "/"
	}
	if strings.HasPrefix(p.Slug, "/") {
		return path.Clean(p.Slug), true
	}
	name, _ := srcpath.SplitExt(file)
	if p.Slug == "" {
		folder := ""
		if len(els) > 0 {
			folder = path.Base(strings.TrimSuffix(dir, "/"))
		}
		if n := strings.ToLower(name); n == "index" || n == "readme" || (folder != "" && strings.EqualFold(name, folder)) {
			return dirSlug, true
		}
	}
	base := p.Slug
	if base == "" {
		base = p.ID
	}
	if base == "" {
		base = stripNumber(name)
	}
	return srcpath.Resolve(dirSlug, base), true
}

// blogURL returns a blog post's URL path below the blog's route base.
func blogURL(rel string, p generator.Page) (string, bool) {
	if p.Slug != "" {
		return srcpath.Resolve("/", p.Slug), true
	}
	if m := blogDate().FindStringSubmatch(rel); m != nil {
		return "/" + m[2] + "/" + m[3] + "/" + m[4] + "/" + m[1] + m[5], true
	}
	name := strings.TrimSuffix(strings.TrimSuffix(rel, path.Ext(rel)), "/index")
	if name == "index" {
		return "/", true
	}
	return "/" + name, true
}

// FileRules reads Markdown's front matter, for id, slug, draft and
// last_update ([Preset.lastModOrder]).
func (d *Preset) FileRules(rel string) generator.FileRules {
	return generator.FileRules{Reading: generator.Reading{Read: srcpath.HasExt(rel, ".md", ".mdx"), Dates: true, Drafts: true, ID: true}}
}

// Rules say where the docs, blog and pages folders and their
// translations are (node_modules, which the walk would otherwise enter,
// is left out), how Docusaurus dates a page, and the pages of a locale
// it builds from the default locale's sources.
func (d *Preset) Rules() generator.Rules {
	return generator.Rules{
		Name: "docusaurus",
		Sources: generator.SourceRules{
			Include:  []string{"docs/**", "versioned_docs/**", "blog/**", "src/pages/**", "i18n/*/docusaurus-plugin-content-*/**"},
			Exclude:  []string{"node_modules"},
			Describe: func(_, title string) string { return "docs, blog, src/pages, i18n (" + title + ")" },
		},
		Order: d.lastModOrder(),
		Pages: generator.PageRules{Fallback: d.fallbackURL},
	}
}

// lastModOrder returns the order in which Docusaurus dates a page (its
// lastUpdatedAt, which its sitemap writes with lastmod: 'date'): the
// front matter's last_update.date, else the last commit of the page's
// source. Docusaurus reads both only with showLastUpdateTime; without it,
// it dates no page, and sitemapgen keeps the same order, the page's
// own word and then its history.
func (d *Preset) lastModOrder() *generator.DateOrder {
	from := d.GitDates
	if from == "" {
		from = "Docusaurus last_update, then git"
	}
	return &generator.DateOrder{Steps: []generator.DateStep{{Keys: []string{"last_update.date"}}, {Git: true}}, From: from}
}

// fallbackURL returns, for a page of another locale, the default
// locale's page of the same path.
func (d *Preset) fallbackURL(urlPath string) (string, bool) {
	for _, l := range d.Locales {
		if rest, ok := strings.CutPrefix(urlPath, "/"+l+"/"); ok {
			return "/" + rest, true
		}
		if urlPath == "/"+l {
			return "/", true
		}
	}
	return "", false
}
