package rspress

import (
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

var _ generator.Preset = (*Preset)(nil)

// Site is what an Rspress project keeps for its routes, as Detected.Own.
type Site struct {
	// Extensions are the files' extensions Rspress routes
	// (route.extensions, with their dot).
	Extensions []string
	// Include are route.include's globs, relative to root: more files
	// it routes. Exclude are route.exclude's, and Convention
	// route.excludeConvention's (default **/_[^_]*): files it does not.
	Include, Exclude, Convention []string
	// Lang is the site's default language (lang), and Langs the
	// languages of its locales: a page in the folder of a language of
	// Langs is in that language, and the default one's folder is served
	// at the root. Version and Versions are multiVersion's default and
	// versions, whose folders come before the languages' alike.
	Lang, Version   string
	Langs, Versions []string
	// Unjoined says why the pages are not joined to their sources
	// (multiVersion's values not literals); "" when they are.
	Unjoined string
}

// Preset joins the pages of an Rspress build to their sources in root,
// as Rspress routes them:
//
//	index.md          /
//	about.mdx         /about.html (/about with route.cleanUrls)
//	guide/index.md    /guide/index.html (/guide/ with route.cleanUrls)
//	en/about.md       /about.html when en is the default lang of locales
//	v1/en/about.md    /about.html when v1 is multiVersion's default too
//	api/page.tsx      /api/page.html
//
// base is not in the built files' paths, so the join does not see it.
// Rspress dates a page by its source's last commit (its lastUpdated); its
// sitemap plugin dates every page by its file's time, a checkout's.
type Preset struct {
	Site
}

// Routes returns the preset of the pages in root; none when
// multiVersion's values are not known, or root is not.
func (Generator) Routes(p *generator.Detected) (generator.Preset, string) {
	s, _ := p.Own.(Site)
	if s.Unjoined != "" || p.SourceDir == "" {
		return nil, ""
	}
	return &Preset{Site: s}, p.SourceDir
}

// URLPath returns the URL path of the page Rspress builds from the file
// p, relative to root, as its files are written (about.html,
// guide/index.html); ok is false for a file it does not route.
func (r *Preset) URLPath(p generator.Page) (string, bool) {
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok || !r.routes(rel) {
		return "", false
	}
	rel = trimDefaults(rel, r.Version, r.Versions, r.Lang, r.Langs)
	u := routeOf(rel)
	if !strings.HasSuffix(u, "/") {
		u += ".html"
	}
	return u, true
}

// routes reports whether Rspress routes the file rel: one of its
// extensions (never a .d.ts), outside public/ and node_modules, and no
// element of its path hidden or named _x (route.excludeConvention's
// default; any other convention is in Rules' Exclude).
func (r *Preset) routes(rel string) bool {
	if !slices.Contains(r.Extensions, path.Ext(rel)) || strings.HasSuffix(rel, ".d.ts") || strings.HasPrefix(rel, "public/") {
		return false
	}
	for _, el := range strings.Split(rel, "/") {
		if el == "node_modules" || strings.HasPrefix(el, ".") ||
			r.defaultConvention() && strings.HasPrefix(el, "_") && !strings.HasPrefix(el, "__") {
			return false
		}
	}
	return true
}

// defaultConvention reports whether route.excludeConvention is Rspress's
// default, which routes tells itself.
func (r *Preset) defaultConvention() bool {
	return len(r.Convention) == 1 && r.Convention[0] == "**/_[^_]*"
}

// FileRules reads a Markdown page's front matter, for the values of its
// sitemap entry; Rspress has no drafts and dates no page by it.
func (r *Preset) FileRules(rel string) generator.FileRules {
	return generator.FileRules{Reading: generator.Reading{Read: srcpath.HasExt(rel, ".md", ".mdx")}}
}

// Rules say where the pages are (the files of its extensions, and
// route.include's, less public/, node_modules and route.exclude's) and
// how Rspress dates them: its lastUpdated, the author date of the
// source's newest commit (git log --no-renames: a rename is a change).
func (r *Preset) Rules() generator.Rules {
	include := make([]string, 0, len(r.Extensions)+len(r.Include))
	for _, ext := range r.Extensions {
		include = append(include, "**/*"+ext)
	}
	include = append(include, r.Include...)
	exclude := append([]string{"**/node_modules", "public", "**/*.d.ts"}, r.Exclude...)
	if !r.defaultConvention() {
		exclude = append(exclude, r.Convention...)
	}
	return generator.Rules{
		Name:    "rspress",
		Sources: generator.SourceRules{Include: include, Exclude: exclude},
		Order: &generator.DateOrder{Steps: []generator.DateStep{{Git: true}}, From: "Rspress lastUpdated, the source's last commit",
			GitAuthor: true, GitRenames: true},
	}
}
