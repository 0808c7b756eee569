package hugo_test

import (
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/hugo"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
)

// TestLongPermalink: a permalink pattern that draws a slug of 1 MB a
// hundred times stops at generator.MaxURLBytes, and says so: 820 MB
// and 4.8 s of CPU for two pages before (issue 99). A pattern that
// fills to the bound exactly is still expanded.
func TestLongPermalink(t *testing.T) {
	pattern := strings.Repeat("/:slug", 100)
	h := &hugo.Preset{Permalinks: map[string]string{"posts": pattern}, SectionPermalinks: map[string]string{"posts": pattern}}
	for _, path := range []string{"posts/a.md", "posts/_index.md"} {
		gentest.CheckLongURL(t, pattern, func() (string, bool, error) {
			return h.URLPathWhy(generator.Page{Path: path, Slug: gentest.Slug1MB})
		})
	}
	slug := strings.Repeat("b", generator.MaxURLBytes/2-1) // two of them and their slashes
	h = &hugo.Preset{Permalinks: map[string]string{"posts": "/:slug/:slug"}}
	if u, ok, why := h.URLPathWhy(generator.Page{Path: "posts/a.md", Slug: slug}); !ok || why != nil || len(u) != generator.MaxURLBytes+1 {
		t.Errorf("at the bound: %d bytes, %v, %v; want %d bytes", len(u), ok, why, generator.MaxURLBytes+1)
	}
}

// FuzzPermalink expands any permalink pattern with any slug and title,
// repeated to make them long: a URL given is within the bound (and the
// few bytes a language's prefix and an index add), and a page refused
// for its length has no URL.
func FuzzPermalink(f *testing.F) {
	f.Add("/:year/:slug/", "a", "T", 1)
	f.Add("/:slug:slug\\:x/:sections[1:]/:title", "ab", "A B", 300)
	f.Add("/:sections[last]/:slugorfilename/", "", "é", 2000)
	f.Fuzz(func(t *testing.T, pattern, slug, title string, times int) {
		if pattern == "" {
			return // no pattern: the slug is the name, as it is
		}
		defer fuzzbound.Check(t)()
		times = max(1, min(times, 10000))
		h := &hugo.Preset{Permalinks: map[string]string{"posts": pattern}}
		u, ok, why := h.URLPathWhy(generator.Page{Path: "posts/x/a.md", Slug: strings.Repeat(slug, times), Title: strings.Repeat(title, times)})
		if ok && len(u) > generator.MaxURLBytes+16 || why != nil && (ok || u != "") {
			t.Errorf("%q: a URL of %d bytes, %v, %v", pattern, len(u), ok, why)
		}
	})
}
