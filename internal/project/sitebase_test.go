package project

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/limits"
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
		earlier    earlierRun
	}{
		{"canonical links", map[string]string{
			"index.html":       canonical("https://x.io/en/latest/index.html"),
			"api/a.html":       canonical("https://x.io/en/latest/api/a.html"),
			"search.html":      "<title>search</title>",
			"_static/bad.html": canonical("https://elsewhere.example/"),
		}, "https://x.io/en/latest/", "the pages' canonical links", earlierRun{}},
		{"clean URLs", map[string]string{
			"index.html":       canonical("https://x.io/docs/"),
			"guide/index.html": canonical("https://x.io/docs/guide/"),
		}, "https://x.io/docs/", "the pages' canonical links", earlierRun{}},
		{"pages disagree", map[string]string{
			"index.html": canonical("https://x.io/"),
			"a.html":     canonical("https://y.io/a.html"),
		}, "", "", earlierRun{}},
		{"a relative canonical", map[string]string{
			"index.html": canonical("https://x.io/"),
			"a.html":     canonical("/a.html"),
		}, "", "", earlierRun{}},
		{"a dev server's", map[string]string{
			"index.html": canonical("http://localhost:4321/"),
		}, "", "", earlierRun{}},
		{"robots.txt", map[string]string{
			"index.html": "<title>home</title>",
			"robots.txt": "User-agent: *\nDisallow:\nsitemap: https://x.io/blog/sitemap.xml # ours\nSitemap: https://x.io/blog/news/sitemap.xml\n",
		}, "https://x.io/blog/", "robots.txt's Sitemap: lines", earlierRun{}},
		{"the generator's sitemap", map[string]string{
			"index.html":  "<title>home</title>",
			"sitemap.xml": `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://x.io/v2/</loc></url><url><loc>https://x.io/v2/a.html</loc></url></urlset>`,
		}, "https://x.io/v2/", "the generator's sitemap.xml", earlierRun{}},
		{"nothing", map[string]string{"index.html": "<title>home</title>"}, "", "", earlierRun{}},
		// Ours in the generator's place: the base URL its sitemap gave,
		// as the run that replaced it kept it, not ours.
		{"ours, the generator's base kept", map[string]string{
			"index.html":  "<title>home</title>",
			"sitemap.xml": `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://wrong.example/</loc></url></urlset>`,
		}, "https://x.io/v2/", "the generator's sitemap.xml, as the run that replaced it kept it", earlierRun{own: func(string) bool { return true }, kept: "https://x.io/v2/"}},
		{"ours, nothing kept", map[string]string{
			"index.html":  "<title>home</title>",
			"sitemap.xml": `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://wrong.example/</loc></url></urlset>`,
		}, "", "", earlierRun{own: func(string) bool { return true }}},
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
			u, from, _, _ := siteBaseURL(root, tc.earlier, limits.Limits{})
			if u != tc.want || from != tc.from {
				t.Errorf("siteBaseURL = %q from %q; want %q from %q", u, from, tc.want, tc.from)
			}
		})
	}
}

// TestSiteBaseURLHostile: what the built site says of its base URL is
// read inside the site folder, through the one door: a page, robots.txt
// or sitemap.xml that is a FIFO is passed over at once, and one that is a
// link to a file outside the folder (or to /dev/zero) is never read, so
// it never decides the base URL.
func TestSiteBaseURLHostile(t *testing.T) {
	const token = "secret-token"
	outside := t.TempDir()
	write := func(p, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	canonical := func(u string) string { return `<!doctype html><head><link rel="canonical" href="` + u + `">` }
	write(filepath.Join(outside, "page.html"), canonical("https://"+token+".example/"))
	write(filepath.Join(outside, "up.html"), canonical("https://x.io/"))
	write(filepath.Join(outside, "robots.txt"), "Sitemap: https://"+token+".example/sitemap.xml\n")
	write(filepath.Join(outside, "sitemap.xml"), `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://`+token+`.example/</loc></url></urlset>`)
	link := func(name string) func(string) error {
		return func(p string) error { return os.Symlink(filepath.Join(outside, name), p) }
	}
	linkRel := func(name string) func(string) error {
		return func(p string) error {
			rel, err := filepath.Rel(filepath.Dir(p), filepath.Join(outside, name))
			if err != nil {
				return err
			}
			return os.Symlink(rel, p)
		}
	}
	fifo := func(p string) error { return syscall.Mkfifo(p, 0o644) }
	type makers = map[string]func(string) error
	for _, tc := range []struct {
		name  string
		files map[string]string
		make  makers
		want  string
	}{
		{"a FIFO page", map[string]string{"index.html": canonical("https://x.io/")}, makers{"a.html": fifo}, "https://x.io/"},
		{"a FIFO home page", nil, makers{"index.html": fifo}, ""},
		{"a FIFO robots.txt and sitemap.xml", map[string]string{"index.html": "<title>home</title>"}, makers{"robots.txt": fifo, "sitemap.xml": fifo}, ""},
		{"a home page linked to a file outside", nil, makers{"index.html": link("page.html")}, ""},
		{"a page linked to a file outside", map[string]string{"index.html": canonical("https://x.io/docs/")}, makers{"a/index.html": linkRel("up.html")}, "https://x.io/docs/"},
		{"a page linked to /dev/zero", map[string]string{"index.html": canonical("https://x.io/")}, makers{"a.html": func(p string) error { return os.Symlink("/dev/zero", p) }}, "https://x.io/"},
		{"robots.txt linked to a file outside", map[string]string{"index.html": "<title>home</title>"}, makers{"robots.txt": link("robots.txt")}, ""},
		{"sitemap.xml linked to a file outside", map[string]string{"index.html": "<title>home</title>"}, makers{"sitemap.xml": linkRel("sitemap.xml")}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for name, body := range tc.files {
				write(filepath.Join(root, filepath.FromSlash(name)), body)
			}
			for name, mk := range tc.make {
				p := filepath.Join(root, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := mk(p); err != nil {
					t.Fatal(err)
				}
			}
			type result struct{ u, from string }
			done := make(chan result, 1)
			go func() {
				u, from, _, _ := siteBaseURL(root, earlierRun{}, limits.Limits{})
				done <- result{u, from}
			}()
			select {
			case r := <-done:
				if r.u != tc.want {
					t.Errorf("siteBaseURL = %q from %q; want %q", r.u, r.from, tc.want)
				}
				if strings.Contains(r.u, token) {
					t.Errorf("a file outside the site decided the base URL: %q from %q", r.u, r.from)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("siteBaseURL waits on a file")
			}
		})
	}
}
