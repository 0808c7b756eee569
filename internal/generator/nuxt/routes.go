package nuxt

import (
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

var (
	_ generator.Preset       = (*Preset)(nil)
	_ generator.FolderReader = (*Preset)(nil)
)

// pagesDirs are the folders of a project's page files: Nuxt 4's app/pages
// and Nuxt 3's pages.
var pagesDirs = []string{"app/pages", "pages"}

// Preset routes the pages of a Nuxt project: each .vue file of
// app/pages/ (Nuxt 4) or pages/ (Nuxt 3) is a page at its path (index
// naming its folder, route groups (name) left out); a route with a
// parameter ([slug].vue, [...slug].vue) is built by code. With
// @nuxt/content, each Markdown file of content/ is the source of the
// page at the path the module gives it (see [contentURL]): a catch-all
// page renders it there. Its front matter dates it only as a sitemap
// module of Nuxt does (@nuxtjs/sitemap's Nuxt Content integration:
// sitemap.lastmod, seo.articleModifiedTime, updatedAt); else its last
// commit does, as @nuxt/content gives a page no date of its own.
type Preset struct {
	// Content says the project uses @nuxt/content; SitemapModule names
	// what says it uses @nuxtjs/sitemap, "" for none.
	Content       bool
	SitemapModule string
	// Collections are the page collections of content.config.ts, and
	// Configured says it defines some; without, every Markdown file of
	// content/ is a page at its path.
	Collections []Collection
	Configured  bool
	// read are the files ReadFolder read or looked for; pages the
	// folders of pagesDirs the project has.
	read  []string
	pages []string
}

// URLPath returns the URL path of p, a path relative to the project
// folder: a page file, or a Markdown file of content/.
func (n *Preset) URLPath(p generator.Page) (string, bool) {
	if rel, ok := strings.CutPrefix(p.Path, contentDir+"/"); ok {
		if !n.Content {
			return "", false
		}
		return contentURL(rel, n.Collections, n.Configured)
	}
	for _, dir := range pagesDirs {
		if rel, ok := strings.CutPrefix(p.Path, dir+"/"); ok {
			return pageRoute(rel)
		}
	}
	return "", false
}

// pageRoute returns the route of the page file at rel in the pages
// folder: its path without .vue, index naming its folder ("/blog/"),
// route groups left out.
func pageRoute(rel string) (string, bool) {
	if path.Ext(rel) != ".vue" {
		return "", false
	}
	var els []string
	for _, el := range strings.Split(rel, "/") {
		if !(strings.HasPrefix(el, "(") && strings.HasSuffix(el, ")")) {
			els = append(els, el)
		}
	}
	if len(els) == 0 {
		return "", false
	}
	return srcpath.FileRoute(strings.Join(els, "/"))
}

// FileRules reads the front matter of content's Markdown; its dates only
// with a sitemap module that reads them (see [Preset.Rules]). A .vue page
// has none.
func (n *Preset) FileRules(rel string) generator.FileRules {
	if strings.HasPrefix(rel, contentDir+"/") {
		return generator.FileRules{Reading: generator.Reading{Read: true, Dates: n.SitemapModule != ""}}
	}
	return generator.FileRules{}
}

// sitemapKeys are the front matter keys @nuxtjs/sitemap's Nuxt Content
// integration dates a page by, in its order.
var sitemapKeys = []string{"sitemap.lastmod", "seo.articlemodifiedtime", "updatedat"}

// Rules say where the pages and the content are, that public/'s files
// are copied as they are, and how a content page is dated.
func (n *Preset) Rules() generator.Rules {
	r := generator.Rules{Name: "nuxt"}
	r.Output.StaticFolders = []string{"public"}
	for _, dir := range pagesDirs {
		r.Sources.Include = append(r.Sources.Include, dir+"/**/*.vue")
	}
	if n.Content {
		r.Sources.Include = append(r.Sources.Include, contentDir+"/**/*.md")
		if n.SitemapModule != "" {
			r.Order = &generator.DateOrder{Steps: []generator.DateStep{{Keys: sitemapKeys}, {Git: true}}, From: "the Nuxt Content integration of " + n.SitemapModule}
		}
	}
	r.Sources.Exclude = []string{"node_modules"}
	r.Sources.Describe = n.folders
	return r
}

// folders names the pages' folders the project has (app/pages for Nuxt
// 4's, pages for Nuxt 3's; pages when it has none) and content/, for the
// line of what was found.
func (n *Preset) folders(_, title string) string {
	names := "pages"
	if len(n.pages) > 0 {
		names = strings.Join(n.pages, ", ")
	}
	if n.Content {
		names += ", " + contentDir
	}
	return names + " (" + title + ")"
}

// ReadFolder notes which folders of pages the project has. For a
// project that uses @nuxt/content, it reads the page collections of its
// content.config.ts (see [readCollections]), within
// limits.settings_bytes; what it cannot take is a warning at the file.
// It returns the files it looked for.
func (n *Preset) ReadFolder(f generator.Folder) []string {
	n.pages = nil
	for _, dir := range pagesDirs {
		if fi, err := fs.Stat(f.Settings, dir); err == nil && fi.IsDir() {
			n.pages = append(n.pages, dir)
		}
	}
	if !n.Content {
		return nil
	}
	cols, file, ok, notes := readCollections(f.Settings, f.Limits)
	n.Collections, n.Configured = cols, ok
	for _, note := range notes {
		// A note is "FILE:LINE: what": the warning names the file.
		d := &diag.Diagnostic{File: file, Msg: note}
		if at, msg, ok := strings.Cut(note, ": "); ok {
			name, line, _ := strings.Cut(at, ":")
			d.File, d.Msg = name, msg
			d.Line, _ = strconv.Atoi(line)
		}
		f.Warning(d)
	}
	n.read = contentConfigs
	if file != "" {
		n.read = []string{file}
	}
	return n.read
}
