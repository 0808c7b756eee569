package docusaurus

import (
	"path"
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
// /docs/1.0/… (the i18n folders current/ and version-V/ alike); the docs
// plugin's lastVersion, versions.V.path, onlyIncludeVersions,
// includeCurrentVersion and disableVersioning move and leave out
// versions as they do in Docusaurus ([Version]). Each plugin's path and
// routeBasePath move its folder and its pages.
//
// Files and folders named with "_" are left out, as are tests. A page of
// another locale without a translation is built from the default
// locale's source ([Preset.fallbackURL]). A doc's front matter is
// read for id and slug, and its last_update.date, which Docusaurus
// takes before git (showLastUpdateTime, the sitemap's lastmod: 'date');
// its other dates (a blog post's date) are not a lastmod. A plugin whose
// options are not all read ([Content].Unread) joins none of its pages:
// they are listed undated rather than dated by a file their build may
// not have used.
type Preset struct {
	// Locales are the site's locales other than the default: their
	// pages are under /LOCALE/.
	Locales []string
	// Site is where the content plugins take their sources and serve
	// their pages, and the docs' versions.
	Site
	// GitDates is Detected.GitDates: where showLastUpdateTime is on.
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

// The i18n folders of the classic preset's content plugins.
const (
	i18nDocs  = "docusaurus-plugin-content-docs/"
	i18nBlog  = "docusaurus-plugin-content-blog/"
	i18nPages = "docusaurus-plugin-content-pages/"
)

// dir returns the folder of c's sources, def when it has the default.
func (c Content) dir(def string) string {
	if c.Dir == "" {
		return def
	}
	return c.Dir
}

// URLPath returns the URL path of p, a path relative to the project
// folder.
func (d *Preset) URLPath(p generator.Page) (string, bool) {
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok {
		return "", false
	}
	docs, blog, pages := d.Docs.dir("docs"), d.Blog.dir("blog"), d.Pages.dir("src/pages")
	prefix := ""
	version := "" // of a doc: its version's name
	if r, ok := strings.CutPrefix(rel, "i18n/"); ok {
		locale, r, _ := strings.Cut(r, "/")
		if locale == "" {
			return "", false
		}
		prefix = "/" + locale
		switch {
		case strings.HasPrefix(r, i18nDocs):
			v, in, _ := strings.Cut(strings.TrimPrefix(r, i18nDocs), "/")
			if v != current && !strings.HasPrefix(v, "version-") || in == "" {
				return "", false
			}
			rel, version = in, strings.TrimPrefix(v, "version-")
		case strings.HasPrefix(r, i18nBlog):
			rel = blog + "/" + strings.TrimPrefix(r, i18nBlog)
		case strings.HasPrefix(r, i18nPages):
			rel = pages + "/" + strings.TrimPrefix(r, i18nPages)
		default:
			return "", false
		}
	} else if in, ok := strings.CutPrefix(rel, docs+"/"); ok {
		rel, version = in, current
	} else if in, ok := strings.CutPrefix(rel, "versioned_docs/version-"); ok {
		version, rel, _ = strings.Cut(in, "/")
	}
	if srcpath.AnyElement(rel, "_", ".") {
		return "", false // also __tests__
	}
	var u string
	switch {
	case version != "":
		if d.Docs.Unread || d.Docs.Off || !srcpath.HasExt(rel, ".md", ".mdx") {
			return "", false
		}
		at, built := d.versionPath(version)
		if !built {
			return "", false
		}
		u, ok = docURL(rel, p)
		if at != "" {
			u = "/" + at + u
		}
		u = routeBase(d.Docs.Base, "/docs") + u
	case strings.HasPrefix(rel, blog+"/") && srcpath.HasExt(rel, ".md", ".mdx"):
		if d.Blog.Unread || d.Blog.Off {
			return "", false
		}
		u, ok = blogURL(strings.TrimPrefix(rel, blog+"/"), p)
		u = routeBase(d.Blog.Base, "/blog") + u
	case strings.HasPrefix(rel, pages+"/") && srcpath.HasExt(rel, ".js", ".jsx", ".ts", ".tsx", ".md", ".mdx"):
		if d.Pages.Unread || d.Pages.Off || strings.Contains(path.Base(rel), ".test.") {
			return "", false
		}
		u, ok = srcpath.FileRoute(strings.TrimPrefix(rel, pages+"/"))
		if ok {
			u = routeBase(d.Pages.Base, "") + u
		}
	default:
		return "", false
	}
	if !ok {
		return "", false
	}
	return prefix + u, true
}

// versionPath returns where the docs' version name is served below
// their route base, and whether Docusaurus builds it.
func (d *Preset) versionPath(name string) (string, bool) {
	if d.Versions == nil {
		return "", name == current
	}
	for _, v := range d.Versions {
		if v.Name == name {
			return v.Path, true
		}
	}
	return "", false
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
			Include:  []string{d.Docs.dir("docs") + "/**", "versioned_docs/**", d.Blog.dir("blog") + "/**", d.Pages.dir("src/pages") + "/**", "i18n/*/docusaurus-plugin-content-*/**"},
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
// source (its newest commit, a rename among them). Docusaurus reads both
// only with showLastUpdateTime; without it,
// it dates no page, and sitemapgen keeps the same order, the page's
// own word and then its history.
func (d *Preset) lastModOrder() *generator.DateOrder {
	from := d.GitDates
	if from == "" {
		from = "Docusaurus last_update, then git"
	}
	// Docusaurus 3.10 asks git for a file's newest commit without
	// following it (git log --max-count=1 -- FILE; with
	// future.faster.gitEagerVcs, one git log --name-status): a file
	// renamed without a change is dated by the rename.
	return &generator.DateOrder{Steps: []generator.DateStep{{Keys: []string{"last_update.date"}}, {Git: true}}, From: from, GitRenames: true}
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
