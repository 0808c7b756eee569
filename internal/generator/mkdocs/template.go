package mkdocs

// A sitemap template of the project's own (sitemap.xml in the theme's
// custom_dir), which MkDocs renders in place of its theme's. sitemapgen's
// sitemaps replace what it renders; of what it changes, the tests that
// leave pages out are honoured where they read a page's front matter (if
// not page.meta.sitemap_exclude) or its URL (page.url != "about/", not
// page.url.startswith("blog/tags/")), and one warning names the file and
// what is not read, as Hugo's sitemap template is (package hugo).

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// The tests of a sitemap template that leave a page out: its front
// matter key true (not page.meta.KEY, not page.meta.get('KEY'); not one
// that reads into the key: page.meta.KEY.x, [ or a comparison), its URL
// one ('page.url != "about/"'), or under one (not
// page.url.startswith("blog/")). file.page and page alike.
var (
	templateMetaRE   = lazyre.MustCompile(`\bnot\s+\(?\s*(?:file\.)?page\.meta(?:\.get\(\s*["'](\w+)["']\s*\)|\.(\w+))(\s*(?:\.|\[|\(|==|!=|<|>|\bin\b|\bis\b)?)`)
	templateURLRE    = lazyre.MustCompile(`(?:file\.)?page\.url\s*!=\s*["']([^"'{}%]*)["']`)
	templatePrefixRE = lazyre.MustCompile(`\bnot\s+\(?\s*(?:file\.)?page\.url\.startswith\(\s*["']([^"'{}%]*)["']\s*\)`)
)

// SitemapTemplate is what a sitemap template of the project's own says.
type SitemapTemplate struct {
	// File is its path, relative to the project folder with "/", and
	// Line custom_dir's line in Config.
	File, Config string
	Line         int
	// ExcludeKeys are the front matter keys, lower-cased, whose true
	// leaves a page out of it; ExcludeURLs the URLs of the pages it
	// leaves out, relative to the site ("about/"), and ExcludeUnder
	// those under which it leaves every page out ("blog/").
	ExcludeKeys, ExcludeURLs, ExcludeUnder []string
}

// parseSitemapTemplate reads the template text of the file rel.
func parseSitemapTemplate(rel, text string) *SitemapTemplate {
	t := &SitemapTemplate{File: rel}
	for _, m := range templateMetaRE().FindAllStringSubmatch(text, -1) {
		if k := strings.ToLower(m[1] + m[2]); strings.TrimSpace(m[3]) == "" && !slices.Contains(t.ExcludeKeys, k) {
			t.ExcludeKeys = append(t.ExcludeKeys, k)
		}
	}
	add := func(list *[]string, re *regexp.Regexp) {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			if u := strings.TrimPrefix(m[1], "/"); !slices.Contains(*list, u) {
				*list = append(*list, u)
			}
		}
	}
	add(&t.ExcludeURLs, templateURLRE())
	add(&t.ExcludeUnder, templatePrefixRE())
	return t
}

// excludedBy returns the test by which the template leaves out the page
// at the URL path u ("/about/"); "" when none does.
func (t *SitemapTemplate) excludedBy(u string) string {
	if t == nil {
		return ""
	}
	u = strings.TrimPrefix(u, "/")
	for _, x := range t.ExcludeURLs {
		if u == x {
			return "page.url != " + strconv.Quote(diag.Excerpt(x))
		}
	}
	for _, x := range t.ExcludeUnder {
		if strings.HasPrefix(u, x) {
			return "not page.url.startswith(" + strconv.Quote(diag.Excerpt(x)) + ")"
		}
	}
	return ""
}

// warning says, at the template's file, what of it sitemapgen honours and
// what it does not read.
func (t *SitemapTemplate) warning() *diag.Diagnostic {
	msg := "a sitemap template of the project's own, which MkDocs renders in place of its theme's (theme custom_dir, " + t.Config + ":" + fmt.Sprint(t.Line) + "), whose sitemap sitemapgen's replace"
	var honoured []string
	for _, k := range t.ExcludeKeys {
		honoured = append(honoured, "whose front matter says "+k+": true")
	}
	for _, u := range t.ExcludeURLs {
		honoured = append(honoured, "at /"+diag.Excerpt(u))
	}
	for _, u := range t.ExcludeUnder {
		honoured = append(honoured, "under /"+diag.Excerpt(u))
	}
	if len(honoured) > 0 {
		msg += ": the pages " + strings.Join(honoured, ", ") + " are left out, as it leaves them out; anything else it changes is not read (the values it writes: changefreq, priority, lastmod, an element of its own; set values with rules: in sitemap.yaml)"
	} else {
		msg += ": what it changes is not read (the pages it leaves out: exclude: in sitemap.yaml; the values it writes, changefreq, priority, lastmod, an element of its own: rules: in sitemap.yaml)"
	}
	return &diag.Diagnostic{File: t.File, Msg: msg}
}
