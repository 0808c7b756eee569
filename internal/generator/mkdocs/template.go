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
	// those under which it leaves every page out ("blog/"). Each is in
	// the template's order, each value once.
	ExcludeKeys, ExcludeURLs, ExcludeUnder []string
	// urls and under are ExcludeURLs and ExcludeUnder as sets, made with
	// them: a page is looked up, not compared with each.
	urls, under map[string]bool
}

// maxNamed is the most tests of a template its warning names; it says
// how many more there are.
const maxNamed = 10

// parseSitemapTemplate reads the template text of the file rel. Its work
// grows with the text's length alone: each test is read once, and kept
// once by a set.
func parseSitemapTemplate(rel, text string) *SitemapTemplate {
	t := &SitemapTemplate{File: rel, urls: map[string]bool{}, under: map[string]bool{}}
	keys := map[string]bool{}
	for _, m := range templateMetaRE().FindAllStringSubmatch(text, -1) {
		if k := strings.ToLower(m[1] + m[2]); strings.TrimSpace(m[3]) == "" && !keys[k] {
			keys[k] = true
			t.ExcludeKeys = append(t.ExcludeKeys, k)
		}
	}
	add := func(list *[]string, set map[string]bool, re *regexp.Regexp) {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			if u := strings.TrimPrefix(m[1], "/"); !set[u] {
				set[u] = true
				*list = append(*list, u)
			}
		}
	}
	add(&t.ExcludeURLs, t.urls, templateURLRE())
	add(&t.ExcludeUnder, t.under, templatePrefixRE())
	return t
}

// excludedBy returns the test by which the template leaves out the page
// at the URL path u ("/about/"); "" when none does. It looks u up, and
// each of its beginnings: as many lookups as u is long, however many
// tests the template has.
func (t *SitemapTemplate) excludedBy(u string) string {
	if t == nil {
		return ""
	}
	u = strings.TrimPrefix(u, "/")
	if t.urls[u] {
		return "page.url != " + strconv.Quote(diag.Excerpt(u))
	}
	if len(t.under) == 0 {
		return ""
	}
	// The shortest beginning first, as the first of the template's
	// tests that holds would be the one that leaves it out.
	for i := 0; i <= len(u); i++ {
		if t.under[u[:i]] {
			return "not page.url.startswith(" + strconv.Quote(diag.Excerpt(u[:i])) + ")"
		}
	}
	return ""
}

// warning says, at the template's file, what of it sitemapgen honours and
// what it does not read. It names at most maxNamed tests, each value by
// an excerpt, and says how many more there are.
func (t *SitemapTemplate) warning() *diag.Diagnostic {
	msg := "a sitemap template of the project's own, which MkDocs renders in place of its theme's (theme custom_dir, " + diag.Escape(t.Config) + ":" + fmt.Sprint(t.Line) + "), whose sitemap sitemapgen's replace"
	var honoured []string
	more := 0
	name := func(s string) {
		if len(honoured) < maxNamed {
			honoured = append(honoured, s)
		} else {
			more++
		}
	}
	for _, k := range t.ExcludeKeys {
		name("whose front matter says " + diag.Excerpt(k) + ": true")
	}
	for _, u := range t.ExcludeURLs {
		name("at /" + diag.Excerpt(u))
	}
	for _, u := range t.ExcludeUnder {
		name("under /" + diag.Excerpt(u))
	}
	if more > 0 {
		honoured = append(honoured, fmt.Sprintf("and %d more", more))
	}
	if len(honoured) > 0 {
		msg += ": the pages " + strings.Join(honoured, ", ") + " are left out, as it leaves them out; anything else it changes is not read (the values it writes: changefreq, priority, lastmod, an element of its own; set values with rules: in sitemap.yaml)"
	} else {
		msg += ": what it changes is not read (the pages it leaves out: exclude: in sitemap.yaml; the values it writes, changefreq, priority, lastmod, an element of its own: rules: in sitemap.yaml)"
	}
	return &diag.Diagnostic{File: t.File, Msg: msg}
}
