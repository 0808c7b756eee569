package generator

import (
	"testing"
)

// TestSitemapPlugin: a sitemap plugin's files are its index and its
// numbered files.
func TestSitemapPlugin(t *testing.T) {
	astro := &SitemapPlugin{Name: "@astrojs/sitemap", Index: "sitemap-index.xml"}
	next := &SitemapPlugin{Name: "next-sitemap", Index: "sitemap.xml"}
	for _, tc := range []struct {
		pl      *SitemapPlugin
		yes, no []string
	}{
		{astro, []string{"sitemap-index.xml", "sitemap-0.xml", "sitemap-12.xml"}, []string{"sitemap.xml", "sitemap-news.xml", "de/sitemap-0.xml", "sitemap-0-0123abcd.xml"}},
		{next, []string{"sitemap-0.xml"}, []string{"sitemap.xml", "sitemap-index.xml"}},
		{nil, nil, []string{"sitemap-0.xml"}},
	} {
		for _, n := range tc.yes {
			if !tc.pl.Writes(n) {
				t.Errorf("%v does not write %s", tc.pl, n)
			}
		}
		for _, n := range tc.no {
			if tc.pl.Writes(n) {
				t.Errorf("%v writes %s", tc.pl, n)
			}
		}
	}
}

// TestPublished: Hugo's sitemaps, which its build goes on writing, are
// not named.
func TestPublished(t *testing.T) {
	if got := (&Detected{Languages: []string{"en", "fr"}}).Published(""); got != nil {
		t.Errorf("Hugo: %q, want none", got)
	}
}
