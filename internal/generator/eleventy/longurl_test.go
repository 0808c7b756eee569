package eleventy_test

import (
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/eleventy"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
)

// TestLongPermalink: a permalink that draws a value of 1 MB a hundred
// times stops at generator.MaxURLBytes, and says so: 791 MB before,
// and all memory under a 4 GB bound at 500 uses (issue 99).
func TestLongPermalink(t *testing.T) {
	pattern := strings.Repeat("/{{ title | slugify }}", 100) + "/"
	e := &eleventy.Preset{}
	gentest.CheckLongURL(t, pattern, func() (string, bool, error) {
		return e.URLPathWhy(generator.Page{Path: "a.md", Permalink: pattern, Title: gentest.Slug1MB})
	})
	if u, ok, why := e.URLPathWhy(generator.Page{Path: "a.md", Permalink: pattern, Title: "b"}); !ok || why != nil || len(u) != 201 {
		t.Errorf("within the bound: %q, %v, %v", u, ok, why)
	}
}

// FuzzPermalink expands any permalink with any title, repeated to make
// it long: a URL given is within the bound, and a page refused for its
// length has no URL.
func FuzzPermalink(f *testing.F) {
	f.Add("/{{ title | slugify }}/", "a", 1)
	f.Add("/{{ page.fileSlug }}{{- title -}}/{{ page.filePathStem }}/", "A b", 300)
	f.Add("{{title}}{{ title |> slugify }}", "é", 2000)
	f.Fuzz(func(t *testing.T, permalink, title string, times int) {
		defer fuzzbound.Check(t)()
		times = max(1, min(times, 10000))
		u, ok, why := (&eleventy.Preset{}).URLPathWhy(generator.Page{Path: "blog/a.md", Permalink: permalink, Title: strings.Repeat(title, times)})
		if ok && len(u) > generator.MaxURLBytes+16 || why != nil && (ok || u != "") {
			t.Errorf("%q: a URL of %d bytes, %v, %v", permalink, len(u), ok, why)
		}
	})
}
