package mapping

import (
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/walker"
)

// TestWarningsQuoteExcerpts: a page's values 2 MB long, each wrong (a
// video's duration, dates and flags; an article's date and language; a
// canonical link, a refresh target, an alternate, a base href; a front
// matter URL path; a front matter key a sitemap template or a theme
// leaves pages out by, issue 89), make warnings and reasons of bounded length: a
// message quotes at most an excerpt of a value (a URL whole only when a
// sitemap could list one as long).
func TestWarningsQuoteExcerpts(t *testing.T) {
	long := strings.Repeat("9", 2<<20)
	const most = 400
	opts := Options{BaseURL: "https://example.com/", Videos: true, News: &News{Name: "N"}}
	video := func(set func(v *htmlhead.Video)) Page {
		v := htmlhead.Video{From: "JSON-LD", Line: 3, Name: "V" + long, Description: "D", Thumbnail: "/t.jpg", ContentURL: "/v.mp4"}
		set(&v)
		return Page{Structured: &htmlhead.Structured{Videos: []htmlhead.Video{v}}}
	}
	for _, tc := range []struct {
		name string
		page Page
	}{
		{"duration", video(func(v *htmlhead.Video) { v.Duration = "PT" + long })},
		{"duration out of range", video(func(v *htmlhead.Video) { v.Duration = "PT" + long[:8] + "S" + strings.Repeat(" ", 2<<20) })},
		{"upload date", video(func(v *htmlhead.Video) { v.UploadDate = long })},
		{"family friendly", video(func(v *htmlhead.Video) { v.FamilyFriendly = long })},
		{"thumbnail", video(func(v *htmlhead.Video) { v.Thumbnail = "http://[" + long })},
		{"article date", Page{Structured: &htmlhead.Structured{Articles: []htmlhead.Article{{Type: "NewsArticle", Line: 2, Headline: "H", DatePublished: long, InLanguage: "en"}}}}},
		{"article language", Page{Structured: &htmlhead.Structured{Articles: []htmlhead.Article{{Type: "NewsArticle", Line: 2, Headline: "H", DatePublished: "2024-01-02", InLanguage: long}}}}},
		{"canonical", Page{Head: &htmlhead.Head{Canonical: "https://other.example/" + long}}},
		{"canonical not a URL", Page{Head: &htmlhead.Head{Canonical: "http://[" + long}}},
		{"refresh", Page{Head: &htmlhead.Head{Refresh: &htmlhead.Refresh{URL: "/" + long, Delay: 5}}}},
		{"refresh to", Page{Head: &htmlhead.Head{Refresh: &htmlhead.Refresh{URL: "/" + long}}}},
		{"refresh not a URL", Page{Head: &htmlhead.Head{Refresh: &htmlhead.Refresh{URL: "http://[" + long}}}},
		{"alternate", Page{Head: &htmlhead.Head{Alternates: []htmlhead.Alternate{{Lang: "en", Href: "http://[" + long}}}}},
		{"base", Page{Head: &htmlhead.Head{Base: "http://[" + long, Canonical: "x"}}},
		{"URL path", Page{URLPath: "/../" + long, Source: &frontmatter.Source{}}},
		{"template's front matter key", Page{URLPath: "/a/", Source: &frontmatter.Source{Sitemap: frontmatter.SitemapBlock{Exclude: true, ExcludedBy: long}}}},
		{"theme's front matter key", Page{URLPath: "/a/", Source: &frontmatter.Source{Sitemap: frontmatter.SitemapBlock{Exclude: true, ExcludedBy: long, ExcludedWhy: "Fluid (themes/fluid)"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := New(opts)
			if err != nil {
				t.Fatal(err)
			}
			p := tc.page
			p.File = walker.File{Path: "a/index.html"}
			if p.Head == nil && p.Source == nil {
				p.Head = &htmlhead.Head{}
			}
			d := m.Map(p)
			said := append([]string{d.Because}, d.Warnings...)
			for _, w := range d.LineWarnings {
				said = append(said, w.Msg)
			}
			said = append(said, d.VideoNotes...)
			n := 0
			for _, s := range said {
				if s == "" {
					continue
				}
				n++
				if len(s) > most {
					t.Errorf("a message of %d bytes (want at most %d): %.200s…", len(s), most, s)
				}
			}
			if n == 0 {
				t.Fatal("no warning: the case tests nothing")
			}
		})
	}
}
