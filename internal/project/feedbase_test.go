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

// rssFeed is an RSS 2.0 feed with the channel link home, the self link
// self ("" for none) and an item a link.
func rssFeed(home, self string, items ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>T</title><link>` + home + "</link>\n")
	if self != "" {
		b.WriteString(`<atom:link href="` + self + `" rel="self" type="application/rss+xml"/>`)
	}
	for _, it := range items {
		b.WriteString("<item><title>A &amp; B&nbsp;</title><link>" + it + "</link><description><![CDATA[<p>x</p>]]></description></item>\n")
	}
	b.WriteString("</channel></rss>\n")
	return b.String()
}

// TestFeedBase checks the base URL a feed of the built site states: its
// home link, or its self link less the feed's path, only where its own
// URL or an entry's link leads from it to a file of the site, and never
// where its entries are all elsewhere.
func TestFeedBase(t *testing.T) {
	pages := map[string]string{"index.html": "<title>home</title>", "blog/a.html": "<title>a</title>", "posts/b/index.html": "<title>b</title>"}
	for _, tc := range []struct {
		name       string
		files      map[string]string
		want, from string
	}{
		{"the channel link, its items pages of the site", map[string]string{
			"rss.xml": rssFeed("https://x.io", "", "https://x.io/blog/a", "https://x.io/posts/b/"),
		}, "https://x.io/", "the feed rss.xml's channel link"},
		{"a starter's channel link, its repository; the self link and the items the site's", map[string]string{
			"api/rss.xml": rssFeed("https://github.com/o/r", "https://x.io/api/rss.xml", "https://x.io/blog/a"),
		}, "https://x.io/", "the feed api/rss.xml's self link"},
		{"the self link alone, in a site below a path", map[string]string{
			"feed.xml": rssFeed("", "https://x.io/docs/feed.xml"),
		}, "https://x.io/docs/", "the feed feed.xml's self link"},
		{"a self link that names another place", map[string]string{
			"feed.xml": rssFeed("https://github.com/o/r", "https://x.io/feeds/all.xml"),
		}, "", ""},
		{"a channel link that nothing confirms", map[string]string{
			"rss.xml": rssFeed("https://x.io/", ""),
		}, "", ""},
		{"items on another site: the feed is another's", map[string]string{
			"rss.xml": rssFeed("https://x.io/", "", "https://y.io/blog/a"),
		}, "", ""},
		{"items below the link but no page of the site", map[string]string{
			"rss.xml": rssFeed("https://x.io/", "", "https://x.io/gone"),
		}, "", ""},
		{"Atom: its alternate link, an entry a page", map[string]string{
			"atom.xml": `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><link rel="self" href="https://x.io/feeds/all.xml"/><link href="https://x.io/"/>` +
				`<entry><title>a</title><link rel="alternate" type="text/html" href="https://x.io/blog/a"/><link rel="edit" href="https://api.x.io/a"/></entry></feed>`,
		}, "https://x.io/", "the feed atom.xml's alternate link"},
		{"RSS 1.0", map[string]string{
			"index.rdf.xml": `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="https://x.io/"><title>T</title><link>https://x.io/</link></channel>` +
				`<item rdf:about="https://x.io/blog/a"><title>a</title><link>https://x.io/blog/a</link></item></rdf:RDF>`,
		}, "https://x.io/", "the feed index.rdf.xml's channel link"},
		{"no feed: a sitemap, an XML file of another kind", map[string]string{
			"data.xml":    `<?xml version="1.0"?><data><link>https://x.io/</link></data>`,
			"sitemap.xml": `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://x.io/</loc></url></urlset>`,
		}, "", ""},
		{"a feed in a hidden folder", map[string]string{
			".cache/rss.xml": rssFeed("https://x.io/", "https://x.io/rss.xml", "https://x.io/blog/a"),
		}, "", ""},
		{"a loopback feed, as a dev server writes it", map[string]string{
			"rss.xml": rssFeed("http://localhost:5173/", "http://localhost:5173/rss.xml", "http://localhost:5173/blog/a"),
		}, "", ""},
		{"a feed cut short: what was read before", map[string]string{
			"rss.xml": strings.TrimSuffix(rssFeed("https://x.io/", "", "https://x.io/blog/a"), "</channel></rss>\n") + "<item><link>",
		}, "https://x.io/", "the feed rss.xml's channel link"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for name, body := range pages {
				writeFile(t, filepath.Join(root, filepath.FromSlash(name)), body)
			}
			for name, body := range tc.files {
				writeFile(t, filepath.Join(root, filepath.FromSlash(name)), body)
			}
			u, from, file := siteFeedBaseURL(root, limits.Limits{})
			if u != tc.want || from != tc.from {
				t.Errorf("siteFeedBaseURL = %q from %q (%s); want %q from %q", u, from, file, tc.want, tc.from)
			}
		})
	}
}

// TestFeedBaseHostile: a feed is read inside the site folder, through
// the one door: one that is a FIFO is passed over at once, one linked to
// a file outside is never read, and one past limits.page_bytes says what
// was read of it within the bound.
func TestFeedBaseHostile(t *testing.T) {
	const token = "secret-token"
	outside := t.TempDir()
	writeFile(t, filepath.Join(outside, "rss.xml"), rssFeed("https://"+token+".example/", "https://"+token+".example/rss.xml"))
	for _, tc := range []struct {
		name string
		make func(root string) error
		lim  limits.Limits
		want string
	}{
		{"a FIFO", func(root string) error { return syscall.Mkfifo(filepath.Join(root, "rss.xml"), 0o644) }, limits.Limits{}, ""},
		{"a link out", func(root string) error {
			return os.Symlink(filepath.Join(outside, "rss.xml"), filepath.Join(root, "rss.xml"))
		}, limits.Limits{}, ""},
		{"past limits.page_bytes", func(root string) error {
			body := rssFeed("https://x.io/", "https://x.io/rss.xml") + strings.Repeat("<!-- padding -->", 1000)
			return os.WriteFile(filepath.Join(root, "rss.xml"), []byte(body), 0o644)
		}, limits.Limits{PageBytes: 4096}, "https://x.io/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeFile(t, filepath.Join(root, "index.html"), "<title>home</title>")
			if err := tc.make(root); err != nil {
				t.Fatal(err)
			}
			done := make(chan string, 1)
			go func() {
				u, _, _ := siteFeedBaseURL(root, tc.lim)
				done <- u
			}()
			select {
			case u := <-done:
				if u != tc.want || strings.Contains(u, token) {
					t.Errorf("siteFeedBaseURL = %q; want %q", u, tc.want)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("siteFeedBaseURL waits on a file")
			}
		})
	}
}

// writeFile writes body to p, making its folders.
func writeFile(t *testing.T, p, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// FuzzFeed checks the reader of a feed: any file reads without a panic,
// and the base URL it states is an absolute http(s) URL ending in "/" that
// its own links name, or none.
func FuzzFeed(f *testing.F) {
	f.Add([]byte(rssFeed("https://github.com/o/r", "https://x.io/api/rss.xml", "https://x.io/blog/a")))
	f.Add([]byte(rssFeed("https://x.io", "", "https://x.io/blog/a", "https://x.io/posts/b/")))
	f.Add([]byte(`<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://x.io/"/><entry><link href="https://x.io/blog/a"/></entry></feed>`))
	f.Add([]byte(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel><link>https://x.io/</link></channel><item><link>https://x.io/blog/a</link></item></rdf:RDF>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fd, _ := readFeed(strings.NewReader(string(data)))
		if len(fd.entries) > feedEntries {
			t.Fatalf("%d entries read", len(fd.entries))
		}
		u, what := fd.base("api/rss.xml", func(rel string) bool { return rel == "blog/a.html" || rel == "index.html" })
		if u == "" {
			return
		}
		if !absHTTP(u) || !strings.HasSuffix(u, "/") || baseOf(u) != u {
			t.Fatalf("base %q from %s", u, what)
		}
		if !strings.HasPrefix(fd.home, strings.TrimSuffix(u, "/")) && !strings.HasPrefix(fd.self, u) {
			t.Fatalf("base %q from %s names neither the home link %q nor the self link %q", u, what, fd.home, fd.self)
		}
	})
}
