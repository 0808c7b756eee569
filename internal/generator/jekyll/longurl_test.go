package jekyll_test

import (
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/jekyll"
)

// TestLongPermalink: a permalink that draws a slug of 1 MB a hundred
// times, in a post's front matter or a collection's settings, stops at
// generator.MaxURLBytes and says so: 750 MB for two pages before, all
// memory at 500 uses (issue 99). So does a page's :basename or a
// static file's :name, drawn more times than fit.
func TestLongPermalink(t *testing.T) {
	pattern := strings.Repeat("/:slug", 100)
	j := &jekyll.Preset{Timezone: "UTC", Collections: map[string]jekyll.Collection{"notes": {Output: true, Permalink: pattern}}}
	for _, p := range []generator.Page{
		{Path: "_posts/2024-01-02-a.md", HasFrontMatter: true, Permalink: pattern, Slug: gentest.Slug1MB},
		{Path: "_notes/a.md", HasFrontMatter: true, Slug: gentest.Slug1MB},
	} {
		gentest.CheckLongURL(t, pattern, func() (string, bool, error) { return j.URLPathWhy(p) })
	}
	long := strings.Repeat("/:basename", 300)
	gentest.CheckLongURL(t, long, func() (string, bool, error) {
		return j.URLPathWhy(generator.Page{Path: "a-page-of-some-name.md", HasFrontMatter: true, Permalink: long})
	})
	// A template longer than the bound whose expansion is shorter.
	if u, ok, why := j.URLPathWhy(generator.Page{Path: "about.md", HasFrontMatter: true, Permalink: long}); !ok || why != nil || len(u) != 1800 {
		t.Errorf("within the bound: %q, %v, %v", u, ok, why)
	}
}

// FuzzPermalink expands any permalink of a post, a page and a
// collection's document with any slug, repeated to make it long: a URL
// given is within the bound, and a page refused for its length has no
// URL.
func FuzzPermalink(f *testing.F) {
	f.Add("/:categories/:year/:slug/", "a", 1)
	f.Add("/:slug:title:name/:path:basename:output_ext", "A b", 300)
	f.Add(":slug_:slugified_categories/", "é", 2000)
	f.Fuzz(func(t *testing.T, permalink, slug string, times int) {
		defer fuzzbound.Check(t)()
		times = max(1, min(times, 10000))
		j := &jekyll.Preset{Timezone: "UTC", Collections: map[string]jekyll.Collection{"notes": {Output: true, Permalink: permalink}}}
		for _, p := range []generator.Page{
			{Path: "_posts/2024-01-02-a.md", HasFrontMatter: true, Permalink: permalink, Categories: []string{"x"}},
			{Path: "a/b.md", HasFrontMatter: true, Permalink: permalink},
			{Path: "_notes/a.md", HasFrontMatter: true},
			{Path: "_notes/a.pdf"},
		} {
			p.Slug = strings.Repeat(slug, times)
			u, ok, why := j.URLPathWhy(p)
			if ok && len(u) > generator.MaxURLBytes+16 || why != nil && (ok || u != "") {
				t.Errorf("%q, %s: a URL of %d bytes, %v, %v", permalink, p.Path, len(u), ok, why)
			}
		}
	})
}
