package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/browsertest"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/writer"
)

// viewerWatch is run in every document the browser loads, before the
// page's own script: it counts what the page's Content-Security-Policy
// blocked (a request elsewhere, markup from a sitemap that tried to run).
const viewerWatch = `window.__blocked = [];
document.addEventListener("securitypolicyviolation", e => window.__blocked.push(e.violatedDirective + " " + e.blockedURI));`

// TestViewer opens sitemap.html in headless Chromium, served by a
// loopback HTTP server at another address than the base URL: a build's
// single urlset, a build's gzipped index of shards, a hand-written
// index whose files carry alternates, images and a <loc> holding markup,
// and the writer's set of videos and a news sitemap. It checks the
// rendered page, and keeps screenshots among the test's artifacts (go
// test -artifacts -outputdir DIR: DIR/viewer-*.png).
func TestViewer(t *testing.T) {
	b := browsertest.Start(t)
	root := t.TempDir()
	srv := httptest.NewServer(http.FileServer(http.Dir(root)))
	t.Cleanup(srv.Close)
	const base = "https://example.com/"
	shots := t.ArtifactDir()

	site := filepath.Join(root, "site")
	if err := sitemaptest.GenSite(site, 300, filepath.Join(t.TempDir(), "manifest")); err != nil {
		t.Fatal(err)
	}

	// open loads the viewer at path and waits until it has read the
	// sitemaps.
	open := func(t *testing.T, path string) *browsertest.Page {
		t.Helper()
		p := b.Open(srv.URL+path, 1100, 720, viewerWatch)
		p.Wait(`document.body.dataset.state !== "loading"`)
		var state string
		p.Eval(`document.body.dataset.state`, &state)
		if state != "ready" {
			var msg string
			p.Eval(`document.getElementById("error").textContent`, &msg)
			t.Fatalf("the viewer's state is %q: %s", state, msg)
		}
		return p
	}
	cells := func(p *browsertest.Page, col int) []string {
		var v []string
		p.Eval(`[...document.querySelectorAll("#urls tbody tr")].map(tr => tr.cells[`+strconv.Itoa(col)+`].textContent)`, &v)
		return v
	}
	filter := func(p *browsertest.Page, q string) {
		p.Eval(`(() => { const f = document.getElementById("filter"); f.value = `+jsQuote(q)+`; f.dispatchEvent(new Event("input")); })()`, nil)
	}
	clickHeader := func(p *browsertest.Page, key string) {
		p.Eval(`document.querySelector('th[data-key="`+key+`"] button').click()`, nil)
	}
	clean := func(t *testing.T, p *browsertest.Page) {
		t.Helper()
		var blocked []string
		p.Eval(`window.__blocked`, &blocked)
		if len(blocked) > 0 {
			t.Errorf("the page's policy blocked: %q", blocked)
		}
		if ex := b.Exceptions(); len(ex) > 0 {
			t.Errorf("uncaught exceptions: %q", ex)
		}
	}

	t.Run("urlset", func(t *testing.T) {
		mustRun(t, "", site, "--base-url", base, "--viewer")
		locs, files, err := sitemaptest.Locs(site, base)
		if err != nil {
			t.Fatal(err)
		}
		if len(files) != 1 || len(locs) < 200 {
			t.Fatalf("want one urlset of a few hundred URLs, have %d files, %d URLs", len(files), len(locs))
		}
		p := open(t, "/site/sitemap.html")
		// The table shows each URL as a person reads it: decoded as the
		// browser's decodeURI decodes it (日本語, not %E6%97%A5...).
		locs = readable(p, locs)
		if !slices.ContainsFunc(locs, func(l string) bool { return strings.Contains(l, "日本語") }) {
			t.Fatalf("no URL of the site shows 日本語 decoded")
		}
		shown := cells(p, 0)
		if !slices.Equal(shown, locs) {
			t.Fatalf("the table shows %d URLs, the sitemap has %d (or in another order)", len(shown), len(locs))
		}
		var site, count string
		p.Eval(`document.getElementById("site").textContent`, &site)
		p.Eval(`document.getElementById("files").textContent`, &count)
		if site != base || !strings.Contains(count, " "+thousands(len(locs))+" URLs") {
			t.Errorf("header %q, files %q: want the base URL and the URL count", site, count)
		}
		p.Screenshot(filepath.Join(shots, "viewer-urlset.png"))
		p.SetDark(true)
		p.Screenshot(filepath.Join(shots, "viewer-urlset-dark.png"))

		clickHeader(p, "loc") // ascending: as written
		clickHeader(p, "loc") // descending
		desc := slices.Clone(locs)
		slices.Reverse(desc)
		if got := cells(p, 0); !slices.Equal(got, desc) {
			t.Errorf("sorted by URL, descending: first rows %q, want %q", got[:3], desc[:3])
		}
		clickHeader(p, "lastmod")
		dates := cells(p, 1)
		if !slices.IsSorted(dates) || dates[0] == dates[len(dates)-1] {
			t.Errorf("sorted by lastmod: not in order, or all the same: %q ... %q", dates[0], dates[len(dates)-1])
		}

		var want []string
		for _, l := range locs {
			if strings.Contains(strings.ToLower(l), "/blog/") {
				want = append(want, l)
			}
		}
		filter(p, "/BLOG/")
		got := cells(p, 0)
		slices.Sort(got)
		if len(want) == 0 || len(want) == len(locs) || !slices.Equal(got, want) {
			t.Errorf("filtered by /blog/: %d rows, want %d of %d", len(got), len(want), len(locs))
		}
		filter(p, "no such URL anywhere")
		if got := cells(p, 0); len(got) != 0 {
			t.Errorf("filtered by a string no URL has: %d rows", len(got))
		}
		clean(t, p)
	})

	// Opened from the disk, the browser lets the page read no file beside
	// it: the viewer says so, and how to serve the folder.
	t.Run("file URL", func(t *testing.T) {
		mustRun(t, "", site, "--base-url", base, "--viewer")
		p := b.Open("file://"+filepath.ToSlash(filepath.Join(site, "sitemap.html")), 1100, 720, viewerWatch)
		p.Wait(`document.body.dataset.state !== "loading"`)
		var state, msg string
		p.Eval(`document.body.dataset.state`, &state)
		p.Eval(`document.getElementById("error").textContent`, &msg)
		if state != "error" || !strings.Contains(msg, "opened from a file") || !strings.Contains(msg, "python3 -m http.server") {
			t.Errorf("from a file URL: state %q, message %q: want an error that says to serve the folder", state, msg)
		}
	})

	t.Run("index", func(t *testing.T) {
		out := filepath.Join(root, "index")
		big := filepath.Join(t.TempDir(), "site")
		if err := sitemaptest.GenSite(big, 1200, filepath.Join(t.TempDir(), "manifest")); err != nil {
			t.Fatal(err)
		}
		mustRun(t, "", big, "--base-url", base, "--out", out, "--max-urls", "400", "--gzip", "--viewer")
		locs, files, err := sitemaptest.Locs(out, base)
		if err != nil {
			t.Fatal(err)
		}
		if len(files) < 3 || len(locs) <= 1000 {
			t.Fatalf("want an index of three shards or more and over 1,000 URLs, have %d files, %d URLs", len(files), len(locs))
		}
		p := open(t, "/index/sitemap.html")
		locs = readable(p, locs)
		var notes []string
		p.Eval(`[...document.querySelectorAll("#files li")].map(li => li.textContent)`, &notes)
		if len(notes) != len(files)-1 { // the shards, not the index
			t.Errorf("files listed: %q, want the %d shards", notes, len(files)-1)
		}
		for _, n := range notes {
			if !strings.Contains(n, ".xml.gz") || !strings.HasSuffix(n, " URLs") {
				t.Errorf("file listed as %q: want a shard and its URL count", n)
			}
		}
		// A page of 1,000 rows, then the rest.
		first := cells(p, 0)
		p.Eval(`document.getElementById("next").click()`, nil)
		rest := cells(p, 0)
		if all := append(first, rest...); len(first) != 1000 || !slices.Equal(all, locs) {
			t.Errorf("pages of %d and %d rows, want 1000 and %d, in the sitemap's order", len(first), len(rest), len(locs)-1000)
		}
		var disabled bool
		p.Eval(`document.getElementById("next").disabled`, &disabled)
		if !disabled {
			t.Error("Next is enabled on the last page")
		}
		p.Screenshot(filepath.Join(shots, "viewer-index.png"))
		clean(t, p)
	})

	t.Run("hostile", func(t *testing.T) {
		dir := filepath.Join(root, "hostile")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		files := map[string]string{
			writer.ViewerName: string(writer.ViewerPage("sitemap.xml", base)),
			"sitemap.xml":     hostileIndex,
			"sitemap-a.xml":   hostileA,
			"sitemap-b.xml":   hostileB,
		}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		p := open(t, "/hostile/sitemap.html")
		shown := cells(p, 0)
		want := []string{
			"https://example.com/",
			"https://example.com/de/",
			`https://example.com/<img src=x onerror="window.__ran=1">`,
			`javascript:window.__ran=2`,
		}
		if !slices.Equal(shown, want) {
			t.Errorf("rows %q, want %q", shown, want)
		}
		var ran any
		var imgs, scriptLinks int
		p.Eval(`window.__ran`, &ran)
		p.Eval(`document.querySelectorAll("#urls img, #files img").length`, &imgs)
		p.Eval(`document.querySelectorAll('a[href^="javascript:" i]').length`, &scriptLinks)
		if ran != nil || imgs != 0 || scriptLinks != 0 {
			t.Errorf("markup from the sitemap ran (%v), made %d img elements, %d javascript: links", ran, imgs, scriptLinks)
		}
		if alt, img := cells(p, 4), cells(p, 5); !strings.HasPrefix(alt[0], "2 alternates") ||
			!strings.Contains(alt[0], "de: https://example.com/de/") ||
			!strings.HasPrefix(img[0], "2 images") || !strings.Contains(img[0], "https://example.com/a.png") {
			t.Errorf("the first row's alternates %q, images %q", alt[0], img[0])
		}
		var notes []string
		p.Eval(`[...document.querySelectorAll("#files li")].map(li => li.textContent)`, &notes)
		if len(notes) != 3 || !strings.HasSuffix(notes[0], " 2 URLs") || !strings.Contains(notes[2], "HTTP 404") {
			t.Errorf("files %q: want two files of two URLs and one missing (HTTP 404)", notes)
		}
		filter(p, "onerror")
		if got := cells(p, 0); len(got) != 1 || got[0] != want[2] {
			t.Errorf("filtered by onerror: %q", got)
		}
		clickHeader(p, "images")
		clean(t, p)
	})

	t.Run("videos and news", func(t *testing.T) {
		dir := filepath.Join(root, "news")
		if _, err := writer.Write(sitemap.Slice(viewerArticles(base)), writer.Options{Dir: dir, BaseURL: base, Gzip: true, Viewer: true}); err != nil {
			t.Fatal(err)
		}
		p := open(t, "/news/sitemap.html")
		// The table has each page once: an article's URL is in the
		// urlset and in the news sitemap.
		want := []string{base, base + "news/a&b.html", base + "news/video.html"}
		if shown := cells(p, 0); !slices.Equal(shown, want) {
			t.Errorf("rows %q, want %q", shown, want)
		}
		videos := cells(p, 6)
		if !strings.HasPrefix(videos[2], "2 videos") || !strings.Contains(videos[2], `<img src=x onerror="window.__ran=4"> 10:05 · video · thumbnail`) ||
			!strings.Contains(videos[2], "Live 1:00:00 · player · thumbnail") || videos[0] != "" {
			t.Errorf("videos column %q", videos)
		}
		var hrefs []string
		p.Eval(`[...document.querySelectorAll("#urls tbody tr")[2].cells[6].querySelectorAll("a")].map(a => a.href)`, &hrefs)
		if want := []string{"https://cdn.example.net/v.mp4?a=1&b=2", base + "t.jpg", base + "player?id=2", base + "t2.jpg"}; !slices.Equal(hrefs, want) {
			t.Errorf("video links %q, want %q", hrefs, want)
		}
		var news [][]string
		p.Eval(`[...document.querySelectorAll("#articles tbody tr")].map(tr => [...tr.cells].map(td => td.textContent))`, &news)
		wantNews := [][]string{
			{`Companies A & B in "merger" <talks>`, "The Example Times (en)", "2024-05-02T10:30:00Z", base + "news/a&b.html"},
			{"A video report", "The Example Times (en)", "2024-05-03T08:00:00+02:00", base + "news/video.html"},
		}
		var hidden bool
		p.Eval(`document.getElementById("news").hidden`, &hidden)
		if hidden || !slices.EqualFunc(news, wantNews, slices.Equal) {
			t.Errorf("news section (hidden %v):\n%q\nwant\n%q", hidden, news, wantNews)
		}
		var summary string
		var notes []string
		p.Eval(`document.getElementById("summary").textContent`, &summary)
		p.Eval(`[...document.querySelectorAll("#files li")].map(li => li.textContent)`, &notes)
		if summary != "3 URLs in 2 sitemap files, 2 news articles" || len(notes) != 2 ||
			!strings.HasSuffix(notes[0], "sitemap-news.xml.gz 2 news articles") || !strings.HasSuffix(notes[1], " 3 URLs") {
			t.Errorf("summary %q, files %q", summary, notes)
		}
		var ran any
		var imgs int
		p.Eval(`window.__ran`, &ran)
		p.Eval(`document.querySelectorAll("img").length`, &imgs)
		if ran != nil || imgs != 0 {
			t.Errorf("markup from the sitemap ran (%v), made %d img elements", ran, imgs)
		}
		filter(p, "a video report") // a news title is no URL's
		if got := cells(p, 0); len(got) != 0 {
			t.Errorf("filtered by a news title: %q", got)
		}
		filter(p, "onerror") // a video's title is its URL's
		if got := cells(p, 0); !slices.Equal(got, want[2:]) {
			t.Errorf("filtered by a video's title: %q", got)
		}
		clickHeader(p, "videos")
		p.Eval(`document.querySelectorAll("details").forEach(d => d.open = true)`, nil)
		p.Screenshot(filepath.Join(shots, "viewer-news.png"))
		clean(t, p)
	})
}

// viewerArticles are three pages: two articles of a news sitemap, one of
// them with two videos, one of those titled with markup.
func viewerArticles(base string) []sitemap.URL {
	published := time.Date(2024, 5, 2, 10, 30, 0, 0, time.UTC)
	return []sitemap.URL{
		{Loc: base, LastMod: published},
		{Loc: base + "news/a&b.html", LastMod: published, News: &sitemap.News{
			PublicationName: "The Example Times", Language: "en", PublicationDate: published, Title: `Companies A & B in "merger" <talks>`}},
		{Loc: base + "news/video.html", News: &sitemap.News{
			PublicationName: "The Example Times", Language: "en", PublicationDate: time.Date(2024, 5, 3, 8, 0, 0, 0, time.FixedZone("", 2*3600)), Title: "A video report"},
			Videos: []sitemap.Video{
				{ThumbnailLoc: base + "t.jpg", Title: `<img src=x onerror="window.__ran=4">`, Description: "d", ContentLoc: "https://cdn.example.net/v.mp4?a=1&b=2", Duration: 605},
				{ThumbnailLoc: base + "t2.jpg", Title: "Live", Description: "d", PlayerLoc: base + "player?id=2", Duration: 3600, Live: sitemap.FlagYes},
			}},
	}
}

// readable returns locs as the viewer shows them, decoded by the
// browser's own decodeURI (an invalid encoding left as it is).
func readable(p *browsertest.Page, locs []string) []string {
	quoted := make([]string, len(locs))
	for i, l := range locs {
		quoted[i] = jsQuote(l)
	}
	var out []string
	p.Eval(`[`+strings.Join(quoted, ",")+`].map(u => { try { return decodeURI(u) } catch (e) { return u } })`, &out)
	return out
}

func jsQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// thousands writes n as the viewer does, with a comma every three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// The hand-written index: two files beside it, one missing.
const hostileIndex = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://example.com/sitemap-a.xml</loc></sitemap>
<sitemap><loc>https://example.com/sitemap-b.xml</loc></sitemap>
<sitemap><loc>https://example.com/sitemap-gone.xml</loc></sitemap>
</sitemapindex>
`

// hostileA has hreflang alternates and images.
const hostileA = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
<url><loc>https://example.com/</loc><lastmod>2024-05-01</lastmod><changefreq>daily</changefreq><priority>1.0</priority>
<xhtml:link rel="alternate" hreflang="en" href="https://example.com/"/>
<xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/>
<image:image><image:loc>https://example.com/a.png</image:loc></image:image>
<image:image><image:loc>https://example.com/b.jpg</image:loc></image:image>
</url>
<url><loc>https://example.com/de/</loc>
<xhtml:link rel="alternate" hreflang="en" href="https://example.com/"/>
<xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/>
</url>
</urlset>
`

// hostileB has a <loc> holding markup, and one that is a script.
const hostileB = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
<url><loc>https://example.com/&lt;img src=x onerror="window.__ran=1"&gt;</loc>
<image:image><image:loc><![CDATA[<img src=y onerror="window.__ran=3">]]></image:loc></image:image>
</url>
<url><loc>javascript:window.__ran=2</loc></url>
</urlset>
`
