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
	// KeysLeft counts the front matter keys it tests past the first
	// templateKeys, which are not honoured.
	KeysLeft int

	// urls holds ExcludeURLs as a set. under maps each prefix of
	// ExcludeUnder to its index there, and lengths lists the lengths of
	// those prefixes, each once. excludedBy looks a page's URL up in
	// them, so a template of 30,000 tests costs a page little more
	// than a template of 3.
	urls    map[string]bool
	under   map[string]int
	lengths []int
}

// parseSitemapTemplate reads the template text of the file rel. It is
// linear in the text's length: each test found is looked up in a set
// of those found before, not in the list (a template of 30,000 tests
// took a second a reading, and a build reads it three times).
func parseSitemapTemplate(rel, text string) *SitemapTemplate {
	t := &SitemapTemplate{File: rel, urls: map[string]bool{}, under: map[string]int{}}
	keys, lengths := map[string]bool{}, map[int]bool{}
	for _, m := range templateMetaRE().FindAllStringSubmatch(text, -1) {
		k := strings.ToLower(m[1] + m[2])
		if strings.TrimSpace(m[3]) != "" || keys[k] {
			continue
		}
		keys[k] = true
		if len(t.ExcludeKeys) == templateKeys {
			t.KeysLeft++
			continue
		}
		t.ExcludeKeys = append(t.ExcludeKeys, k)
	}
	for _, m := range templateURLRE().FindAllStringSubmatch(text, -1) {
		if u := strings.TrimPrefix(m[1], "/"); !t.urls[u] {
			t.urls[u] = true
			t.ExcludeURLs = append(t.ExcludeURLs, u)
		}
	}
	for _, m := range templatePrefixRE().FindAllStringSubmatch(text, -1) {
		u := strings.TrimPrefix(m[1], "/")
		if _, ok := t.under[u]; ok {
			continue
		}
		if !lengths[len(u)] {
			lengths[len(u)] = true
			t.lengths = append(t.lengths, len(u))
		}
		t.under[u] = len(t.ExcludeUnder)
		t.ExcludeUnder = append(t.ExcludeUnder, u)
	}
	return t
}

// excludedBy returns the test by which the template leaves out the page
// at the URL path u ("/about/"); "" when none does.
func (t *SitemapTemplate) excludedBy(u string) string {
	if t == nil {
		return ""
	}
	u = strings.TrimPrefix(u, "/")
	if t.urls[u] {
		return "page.url != " + strconv.Quote(diag.Excerpt(u))
	}
	// Of the prefixes u has, the one the template tests first.
	first := -1
	for _, n := range t.lengths {
		if n > len(u) {
			continue
		}
		if i, ok := t.under[u[:n]]; ok && (first < 0 || i < first) {
			first = i
		}
	}
	if first < 0 {
		return ""
	}
	return "not page.url.startswith(" + strconv.Quote(diag.Excerpt(t.ExcludeUnder[first])) + ")"
}

// templateKeys is the most front matter keys of a sitemap template
// that are honoured. Every page's front matter is read for each key,
// and the keys are hashed again for each page's cache entry: a template
// testing 30,000 keys cost a site of 5,000 pages 6.6 s of CPU (0.33 s
// with this bound). A real template tests one or two.
const templateKeys = 20

// templateShown is the most tests of a sitemap template its warning
// names; it says how many more there are.
const templateShown = 3

// warning says, at the template's file, what of it sitemapgen honours and
// what it does not read: the first templateShown tests it honours, each
// value an excerpt, and how many more.
func (t *SitemapTemplate) warning() *diag.Diagnostic {
	msg := "a sitemap template of the project's own, which MkDocs renders in place of its theme's (theme custom_dir, " + t.Config + ":" + fmt.Sprint(t.Line) + "), whose sitemap sitemapgen's replace"
	var honoured []string
	for _, k := range t.ExcludeKeys[:min(len(t.ExcludeKeys), templateShown)] {
		honoured = append(honoured, "whose front matter says "+diag.Excerpt(k)+": true")
	}
	for _, u := range t.ExcludeURLs[:min(len(t.ExcludeURLs), templateShown-len(honoured))] {
		honoured = append(honoured, "at /"+diag.Excerpt(u))
	}
	for _, u := range t.ExcludeUnder[:min(len(t.ExcludeUnder), templateShown-len(honoured))] {
		honoured = append(honoured, "under /"+diag.Excerpt(u))
	}
	if more := len(t.ExcludeKeys) + len(t.ExcludeURLs) + len(t.ExcludeUnder) - len(honoured); more > 0 {
		honoured[len(honoured)-1] += fmt.Sprintf(" and %d more", more)
	}
	if len(honoured) > 0 {
		msg += ": the pages " + strings.Join(honoured, ", ") + " are left out, as it leaves them out; anything else it changes is not read (the values it writes: changefreq, priority, lastmod, an element of its own; set values with rules: in sitemap.yaml)"
	} else {
		msg += ": what it changes is not read (the pages it leaves out: exclude: in sitemap.yaml; the values it writes, changefreq, priority, lastmod, an element of its own: rules: in sitemap.yaml)"
	}
	if t.KeysLeft > 0 {
		msg += fmt.Sprintf("; the pages it leaves out by %d more front matter keys are listed (at most %d keys are read; leave those pages out with exclude: in sitemap.yaml)", t.KeysLeft, templateKeys)
	}
	return &diag.Diagnostic{File: t.File, Msg: msg}
}
