package project

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSiteBaseURL checks what the built site says of its base URL: the
// prefix its canonical links share, bounded by the home page's; else
// robots.txt's Sitemap: lines; else the generator's sitemap; nothing when
// the pages disagree.
func TestSiteBaseURL(t *testing.T) {
	canonical := func(u string) string { return `<link rel="canonical" href="` + u + `">` }
	for _, tc := range []struct {
		name       string
		files      map[string]string
		want, from string
	}{
		{"canonical links", map[string]string{
			"index.html":       canonical("https://x.io/en/latest/index.html"),
			"api/a.html":       canonical("https://x.io/en/latest/api/a.html"),
			"search.html":      "<title>search</title>",
			"_static/bad.html": canonical("https://elsewhere.example/"),
		}, "https://x.io/en/latest/", "the pages' canonical links"},
		{"clean URLs", map[string]string{
			"index.html":       canonical("https://x.io/docs/"),
			"guide/index.html": canonical("https://x.io/docs/guide/"),
		}, "https://x.io/docs/", "the pages' canonical links"},
		{"pages disagree", map[string]string{
			"index.html": canonical("https://x.io/"),
			"a.html":     canonical("https://y.io/a.html"),
		}, "", ""},
		{"a relative canonical", map[string]string{
			"index.html": canonical("https://x.io/"),
			"a.html":     canonical("/a.html"),
		}, "", ""},
		{"a dev server's", map[string]string{
			"index.html": canonical("http://localhost:4321/"),
		}, "", ""},
		{"robots.txt", map[string]string{
			"index.html": "<title>home</title>",
			"robots.txt": "User-agent: *\nDisallow:\nsitemap: https://x.io/blog/sitemap.xml # ours\nSitemap: https://x.io/blog/news/sitemap.xml\n",
		}, "https://x.io/blog/", "robots.txt's Sitemap: lines"},
		{"the generator's sitemap", map[string]string{
			"index.html":  "<title>home</title>",
			"sitemap.xml": `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://x.io/v2/</loc></url><url><loc>https://x.io/v2/a.html</loc></url></urlset>`,
		}, "https://x.io/v2/", "the generator's sitemap.xml"},
		{"nothing", map[string]string{"index.html": "<title>home</title>"}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for name, body := range tc.files {
				p := filepath.Join(root, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("<!doctype html><head>"+body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if name := filepath.Join(root, "sitemap.xml"); tc.files["sitemap.xml"] != "" {
				os.WriteFile(name, []byte(tc.files["sitemap.xml"]), 0o644)
			}
			if name := filepath.Join(root, "robots.txt"); tc.files["robots.txt"] != "" {
				os.WriteFile(name, []byte(tc.files["robots.txt"]), 0o644)
			}
			u, from := siteBaseURL(root)
			if u != tc.want || from != tc.from {
				t.Errorf("siteBaseURL = %q from %q; want %q from %q", u, from, tc.want, tc.from)
			}
		})
	}
}
