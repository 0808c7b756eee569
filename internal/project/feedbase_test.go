package project

import (
	"errors"
	"io"
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
// home link, or its self link less the feed's path. A link is taken only
// where it is under the site's base path, the self link agrees with it,
// and an entry's link leads from it to a page of the site.
func TestFeedBase(t *testing.T) {
	pages := map[string]string{"index.html": "<title>home</title>", "blog/a.html": "<title>a</title>", "posts/b/index.html": "<title>b</title>", "about.html": "<title>about</title>"}
	for _, tc := range []struct {
		name       string
		files      map[string]string
		basePath   string
		want, from string
	}{
		{name: "the channel link, its items pages of the site", files: map[string]string{
			"rss.xml": rssFeed("https://x.io", "", "https://x.io/blog/a", "https://x.io/posts/b/"),
		}, want: "https://x.io/", from: "the feed rss.xml's channel link"},
		{name: "a starter's channel link, its repository; the self link and the items the site's", files: map[string]string{
			"api/rss.xml": rssFeed("https://github.com/o/r", "https://x.io/api/rss.xml", "https://x.io/blog/a"),
		}, want: "https://x.io/", from: "the feed api/rss.xml's self link"},
		{name: "the self link, in a site below the generator's base path", files: map[string]string{
			"feed.xml": rssFeed("", "https://x.io/docs/feed.xml", "https://x.io/docs/blog/a"),
		}, basePath: "/docs/", want: "https://x.io/docs/", from: "the feed feed.xml's self link"},
		{name: "the self link alone, no entry: any copied feed names its own path", files: map[string]string{
			"feed.xml": rssFeed("", "https://x.io/feed.xml"),
		}},
		{name: "a self link that names another place", files: map[string]string{
			"feed.xml": rssFeed("https://github.com/o/r", "https://x.io/feeds/all.xml", "https://x.io/blog/a"),
		}},
		{name: "a channel link that nothing confirms", files: map[string]string{
			"rss.xml": rssFeed("https://x.io/", ""),
		}},
		{name: "items on another site: the feed is another's", files: map[string]string{
			"rss.xml": rssFeed("https://x.io/", "", "https://y.io/blog/a"),
		}},
		{name: "items below the link but no page of the site", files: map[string]string{
			"rss.xml": rssFeed("https://x.io/", "", "https://x.io/gone"),
		}},
		{name: "a copied feed: its home and self links agree, its items are no pages of the site", files: map[string]string{
			"rss.xml": rssFeed("https://other.test/", "https://other.test/rss.xml", "https://other.test/2019/some-post/"),
		}},
		{name: "a repository's page as the home, an item below it that names a page", files: map[string]string{
			"rss.xml": rssFeed("https://github.com/o/r", "", "https://github.com/o/r/about"),
		}},
		{name: "a home link that the self link contradicts", files: map[string]string{
			"rss.xml": rssFeed("https://blog.test/", "https://blog.test/feed/rss.xml", "https://blog.test/blog/a"),
		}},
		{name: "a section's feed: its channel link the section, its self link the site's", files: map[string]string{
			"blog/index.xml": rssFeed("https://x.io/blog/", "https://x.io/blog/index.xml", "https://x.io/blog/a"),
		}, want: "https://x.io/", from: "the feed blog/index.xml's self link"},
		{name: "a link off the generator's base path", files: map[string]string{
			"rss.xml": rssFeed("https://x.io/", "https://x.io/rss.xml", "https://x.io/blog/a"),
		}, basePath: "/docs"},
		{name: "Atom: its alternate link, an entry a page", files: map[string]string{
			"atom.xml": `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><link rel="self" href="https://x.io/atom.xml"/><link href="https://x.io/"/>` +
				`<entry><title>a</title><link rel="alternate" type="text/html" href="https://x.io/blog/a"/><link rel="edit" href="https://api.x.io/a"/></entry></feed>`,
		}, want: "https://x.io/", from: "the feed atom.xml's alternate link"},
		{name: "Atom: a self link elsewhere than the feed", files: map[string]string{
			"atom.xml": `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><link rel="self" href="https://x.io/feeds/all.xml"/><link href="https://x.io/"/>` +
				`<entry><title>a</title><link rel="alternate" type="text/html" href="https://x.io/blog/a"/></entry></feed>`,
		}},
		{name: "RSS 1.0", files: map[string]string{
			"index.rdf.xml": `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="https://x.io/"><title>T</title><link>https://x.io/</link></channel>` +
				`<item rdf:about="https://x.io/blog/a"><title>a</title><link>https://x.io/blog/a</link></item></rdf:RDF>`,
		}, want: "https://x.io/", from: "the feed index.rdf.xml's channel link"},
		{name: "no feed: a sitemap, an XML file of another kind", files: map[string]string{
			"data.xml":    `<?xml version="1.0"?><data><link>https://x.io/</link></data>`,
			"sitemap.xml": `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://x.io/</loc></url></urlset>`,
		}},
		{name: "a feed in a hidden folder", files: map[string]string{
			".cache/rss.xml": rssFeed("https://x.io/", "https://x.io/rss.xml", "https://x.io/blog/a"),
		}},
		{name: "a loopback feed, as a dev server writes it", files: map[string]string{
			"rss.xml": rssFeed("http://localhost:5173/", "http://localhost:5173/rss.xml", "http://localhost:5173/blog/a"),
		}},
		{name: "a feed cut short: what was read before", files: map[string]string{
			"rss.xml": strings.TrimSuffix(rssFeed("https://x.io/", "", "https://x.io/blog/a"), "</channel></rss>\n") + "<item><link>",
		}, want: "https://x.io/", from: "the feed rss.xml's channel link"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for name, body := range pages {
				writeFile(t, filepath.Join(root, filepath.FromSlash(name)), body)
			}
			for name, body := range tc.files {
				writeFile(t, filepath.Join(root, filepath.FromSlash(name)), body)
			}
			u, from, file := siteFeedBaseURL(root, limits.Limits{}, tc.basePath, anyBase)
			if u != tc.want || from != tc.from {
				t.Errorf("siteFeedBaseURL = %q from %q (%s); want %q from %q", u, from, file, tc.want, tc.from)
			}
		})
	}
}

// TestFeedBaseHostile: a feed is read inside the site folder, through
// the one door. One that is a FIFO is passed over at once, and one
// linked to a file outside is never read. Of one past limits.page_bytes,
// nothing past the bound is read: its links, after 8 KiB of padding,
// give nothing with a bound of 4 KiB, and the base URL with 32 KiB.
func TestFeedBaseHostile(t *testing.T) {
	const token = "secret-token"
	padded := `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>` + strings.Repeat("<!-- padding -->", 512) +
		`<link>https://x.io/</link><item><title>a</title><link>https://x.io/blog/a</link></item></channel></rss>`
	outside := t.TempDir()
	writeFile(t, filepath.Join(outside, "rss.xml"), rssFeed("https://"+token+".example/", "https://"+token+".example/rss.xml", "https://"+token+".example/blog/a"))
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
		{"links past limits.page_bytes", func(root string) error {
			return os.WriteFile(filepath.Join(root, "rss.xml"), []byte(padded), 0o644)
		}, limits.Limits{PageBytes: 4096}, ""},
		{"the same links within limits.page_bytes", func(root string) error {
			return os.WriteFile(filepath.Join(root, "rss.xml"), []byte(padded), 0o644)
		}, limits.Limits{PageBytes: 32 << 10}, "https://x.io/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeFile(t, filepath.Join(root, "index.html"), "<title>home</title>")
			writeFile(t, filepath.Join(root, "blog", "a.html"), "<title>a</title>")
			if err := tc.make(root); err != nil {
				t.Fatal(err)
			}
			done := make(chan string, 1)
			go func() {
				u, _, _ := siteFeedBaseURL(root, tc.lim, "", anyBase)
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

// TestFeedHead: a feed is read only at its head, where it names its site:
// its first 64 KiB (feedHeadBytes), nested at most 64 deep (feedDepth).
// Each feed was read whole before, up to 20 of 64 MiB, with no bound on
// nesting: one nested feed of 63 MB took 19 s of CPU and 4.2 GB.
func TestFeedHead(t *testing.T) {
	head := `<?xml version="1.0"?><rss version="2.0"><channel><link>https://x.io/</link>`
	item := `<item><link>https://x.io/blog/a</link></item></channel></rss>`
	for _, tc := range []struct {
		name, feed string
		home       string
		entries    int
	}{
		{"an item within the head", head + strings.Repeat("<!-- padding -->", 60<<10/16) + item, "https://x.io/", 1},
		{"an item past the head", head + strings.Repeat("<!-- padding -->", 70<<10/16) + item, "https://x.io/", 0},
		{"nested 64 deep", `<rss version="2.0">` + strings.Repeat("<x>", 63) + strings.Repeat("</x>", 63) + `<channel><link>https://x.io/</link>` + item, "https://x.io/", 1},
		{"nested past 64", `<rss version="2.0">` + strings.Repeat("<x>", 64) + strings.Repeat("</x>", 64) + `<channel><link>https://x.io/</link>` + item, "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &countingReader{r: strings.NewReader(tc.feed)}
			fd, _ := readFeed(r)
			if fd.home != tc.home || len(fd.entries) != tc.entries {
				t.Errorf("home %q, %d entries; want %q, %d", fd.home, len(fd.entries), tc.home, tc.entries)
			}
		})
	}
	// Of a feed of 12 or 16 MB, nested or not, the head alone is read.
	for name, feed := range map[string]string{
		"nested": head + strings.Repeat("<x>", 4<<20),
		"flat":   head + strings.Repeat("<x/>", 4<<20),
	} {
		r := &countingReader{r: strings.NewReader(feed)}
		readFeed(r)
		if r.n > feedHeadBytes {
			t.Errorf("%s: %d bytes read of %d; the head is %d", name, r.n, len(feed), feedHeadBytes)
		}
	}
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// anyBase takes any base URL that agrees with the site.
func anyBase(u, from, file string) bool { return true }

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
	f.Add([]byte(`<rss version="2.0">` + strings.Repeat("<x>", feedDepth) + `<channel><link>https://x.io/</link></channel></rss>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fd, _ := readFeed(strings.NewReader(string(data)))
		if len(fd.entries) > feedEntries {
			t.Fatalf("%d entries read", len(fd.entries))
		}
		u, what := fd.base("api/rss.xml", "", func(rel string) bool { return rel == "blog/a.html" || rel == "index.html" }, func(string, string) bool { return true })
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

// TestFeedBaseURL checks, through Discover, the base URL a SvelteKit
// blog's feed gives the run: never a host of no public site, never a
// link off the site's base path or of another site's copied feed, and
// an example domain only where no platform's guess names the site; each
// refusal a warning or the missing base URL's error.
func TestFeedBaseURL(t *testing.T) {
	static := "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter() } };\n"
	under := "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter(), paths: { base: '/blog' } } };\n"
	actions := map[string]string{"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "o/r"}
	for _, tc := range []struct {
		name    string
		config  string
		feed    string
		first   string // a feed met before it, atom.xml; "" for none
		env     map[string]string
		want    string // the base URL; "" for none
		warning string // in a warning; "" for none
	}{
		{
			name:    "SvelteKit's prerender origin",
			config:  static,
			feed:    rssFeed("http://sveltekit-prerender", "", "http://sveltekit-prerender/about"),
			warning: "build/rss.xml: the base URL http://sveltekit-prerender/ (from the feed rss.xml's channel link) is not taken: its host sveltekit-prerender is a name of one label, which no public site has",
		},
		{
			name:    "SvelteKit's prerender origin in one feed, the site's in the next",
			config:  static,
			first:   rssFeed("http://sveltekit-prerender", "http://sveltekit-prerender/atom.xml", "http://sveltekit-prerender/about"),
			feed:    rssFeed("https://github.com/o/r", "https://blog.test/rss.xml", "https://blog.test/about"),
			want:    "https://blog.test/",
			warning: "build/atom.xml: the base URL http://sveltekit-prerender/ (from the feed atom.xml's channel link) is not taken",
		},
		{
			name:   "a repository's page as the home link, an item below it",
			config: static,
			feed:   rssFeed("https://github.com/o/r", "", "https://github.com/o/r/about"),
		},
		{
			name:   "a self link off the generator's base path",
			config: under,
			feed:   rssFeed("https://blog.test/", "https://blog.test/rss.xml", "https://blog.test/about"),
		},
		{
			name:   "a feed under the generator's base path",
			config: under,
			feed:   rssFeed("https://blog.test/blog", "https://blog.test/blog/rss.xml", "https://blog.test/blog/about"),
			want:   "https://blog.test/blog/",
		},
		{
			name:   "another site's feed, copied",
			config: static,
			feed:   rssFeed("https://other.test/", "https://other.test/rss.xml", "https://other.test/2019/some-post/"),
		},
		{
			name:    "an example domain, no platform",
			config:  static,
			feed:    rssFeed("https://github.com/o/r", "https://example.com/rss.xml", "https://example.com/about"),
			want:    "https://example.com/",
			warning: "build/rss.xml: the base URL https://example.com/ (from the feed rss.xml's self link) is an example domain",
		},
		{
			name:    "an example domain on GitHub Actions: the platform's guess",
			config:  static,
			feed:    rssFeed("https://github.com/o/r", "https://example.com/rss.xml", "https://example.com/about"),
			env:     actions,
			want:    "https://o.github.io/r/",
			warning: "build/rss.xml: the base URL https://example.com/ (from the feed rss.xml's self link) is an example domain, as a new project's template writes; not taken: GitHub Pages's address is used",
		},
		{
			name:   "a site's own domain on GitHub Actions: the feed, over the guess",
			config: static,
			feed:   rssFeed("https://github.com/o/r", "https://blog.test/rss.xml", "https://blog.test/about"),
			env:    actions,
			want:   "https://blog.test/",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "svelte.config.js"), tc.config)
			writeFile(t, filepath.Join(dir, "build", "index.html"), "<title>home</title>")
			writeFile(t, filepath.Join(dir, "build", "about.html"), "<title>about</title>")
			writeFile(t, filepath.Join(dir, "build", "rss.xml"), tc.feed)
			if tc.first != "" {
				writeFile(t, filepath.Join(dir, "build", "atom.xml"), tc.first)
			}
			t.Chdir(dir)
			pr, err := Discover(Ask{SettingsFile: "sitemap.yaml", NoRoot: errors.New("no root"), NoBaseURL: errors.New("no base URL"),
				Host: "auto", Limits: limits.Default}, func(k string) string { return tc.env[k] })
			// The warnings, or the notes of the missing base URL's error.
			var warnings []string
			if err == nil {
				for _, w := range pr.Warnings {
					warnings = append(warnings, w.Error())
				}
			} else {
				warnings = append(warnings, err.Error())
			}
			switch {
			case tc.want == "" && err == nil:
				t.Errorf("base URL %s from %s, want none", pr.BaseURL, pr.BaseURLFrom)
			case tc.want == "" && !strings.HasPrefix(err.Error(), "no base URL"):
				t.Errorf("Discover: %v; want no base URL", err)
			case tc.want != "" && err != nil:
				t.Fatalf("Discover: %v", err)
			case tc.want != "" && pr.BaseURL != tc.want:
				t.Errorf("base URL %s from %s, want %s", pr.BaseURL, pr.BaseURLFrom, tc.want)
			}
			if tc.warning != "" && !strings.Contains(strings.Join(warnings, "\n"), filepath.FromSlash(tc.warning)) {
				t.Errorf("warnings:\n%s\nwant %q", strings.Join(warnings, "\n"), tc.warning)
			}
		})
	}
}
