package writer

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// TestViewer: sitemap.html is a file of the set: written first, with
// the entry file's name and the base URL, named by neither the index nor
// robots.txt, the same bytes every time, and removed once a Write no
// longer writes it.
func TestViewer(t *testing.T) {
	for _, gz := range []bool{false, true} {
		dir := t.TempDir()
		opts := Options{Dir: dir, BaseURL: base, MaxURLs: 2, Gzip: gz, Robots: true, Viewer: true}
		res, err := Write(sitemap.Slice(numbered(5)), opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.Written[0] != ViewerName || slices.Contains(res.Entries, base+ViewerName) {
			t.Errorf("gzip=%v: written %q, entries %q: want sitemap.html first, and not an entry", gz, res.Written, res.Entries)
		}
		entry := "sitemap.xml"
		if gz {
			entry += ".gz"
		}
		page, err := os.ReadFile(filepath.Join(dir, ViewerName))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(page, ViewerPage(entry, base)) || !bytes.Contains(page, []byte(`data-entry="`+entry+`"`)) {
			t.Errorf("gzip=%v: sitemap.html is not ViewerPage(%q, base)", gz, entry)
		}
		for name, data := range files(t, dir) {
			if name != ViewerName && strings.Contains(data, ViewerName) {
				t.Errorf("gzip=%v: %s names sitemap.html:\n%s", gz, name, data)
			}
		}
		if recorded, _ := Recorded(dir); !slices.Contains(recorded, ViewerName) {
			t.Errorf("gzip=%v: the record lists %q, not sitemap.html", gz, recorded)
		}

		opts.Viewer = false
		res, err = Write(sitemap.Slice(numbered(5)), opts)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(dir, ViewerName)); err == nil || !slices.Contains(res.Removed, ViewerName) {
			t.Errorf("gzip=%v: without Viewer, sitemap.html is still there (removed %q)", gz, res.Removed)
		}
	}
}

// TestViewerPageEscaped: the values put in the page are escaped, and its
// policy allows its own script and style by their digests only.
func TestViewerPageEscaped(t *testing.T) {
	page := string(ViewerPage("sitemap.xml", `https://example.com/"><script>x()</script>/`))
	if strings.Count(page, "<script>") != 1 || !strings.Contains(page, `data-base="https://example.com/&#34;&gt;&lt;script&gt;x()&lt;/script&gt;/"`) {
		t.Errorf("the base URL is not escaped in the page:\n%s", page[:strings.Index(page, "<h1")])
	}
	if !strings.Contains(page, "script-src 'sha256-") || !strings.Contains(page, "style-src 'sha256-") || strings.Contains(page, "unsafe-inline") {
		t.Error("the page's Content-Security-Policy does not allow its script and style by digest only")
	}
	if !strings.Contains(page, `<meta name="robots" content="noindex">`) || !strings.Contains(page, viewerMarker) {
		t.Error("the page lacks noindex or its marker")
	}
}

// TestViewerState: with a State (watch mode), an unchanged sitemap.html
// is kept; one edited by hand is written again, with a fresh Write's
// bytes; Check reports it.
func TestViewerState(t *testing.T) {
	dir := t.TempDir()
	st := NewState()
	opts := Options{Dir: dir, BaseURL: base, Viewer: true, State: st}
	urls := sitemap.Slice(sample)
	if _, err := Write(urls, opts); err != nil {
		t.Fatal(err)
	}
	res, err := Write(urls, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(res.Kept, ViewerName) || len(res.Written) != 0 {
		t.Errorf("unchanged: written %q, kept %q", res.Written, res.Kept)
	}
	path := filepath.Join(dir, ViewerName)
	if err := os.WriteFile(path, []byte("edited"), 0o644); err != nil {
		t.Fatal(err)
	}
	check := opts
	check.State, check.Check = nil, true
	if res, err := Write(urls, check); err != nil || !slices.Equal(res.Differ, []string{ViewerName}) {
		t.Errorf("Check after an edit: differ %v (%v), want sitemap.html", res.Differ, err)
	}
	if res, err = Write(urls, opts); err != nil {
		t.Fatal(err)
	}
	if page, _ := os.ReadFile(path); !slices.Equal(res.Written, []string{ViewerName}) || !bytes.Equal(page, ViewerPage("sitemap.xml", base)) {
		t.Errorf("after an edit: written %q; want sitemap.html with a fresh Write's bytes", res.Written)
	}
}

// TestViewerNotOurs: a sitemap.html sitemapgen did not write (a page of
// the site) fails a Write with Viewer before anything is written.
func TestViewerNotOurs(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ViewerName)
	page := []byte("<h1>Site map</h1>\n")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Write(sitemap.Slice(sample), Options{Dir: dir, BaseURL: base, Viewer: true})
	if err == nil || !strings.Contains(err.Error(), path+": no viewer written: the file is not one sitemapgen wrote") {
		t.Fatalf("Write: %v", err)
	}
	if got := names(files(t, dir)); !slices.Equal(got, []string{ViewerName}) {
		t.Errorf("files after the failure: %q", got)
	}
	if data, _ := os.ReadFile(path); !bytes.Equal(data, page) {
		t.Error("the site's sitemap.html was changed")
	}
}

// TestTextNotOurs: a sitemap.txt sitemapgen did not write (the site's
// own) fails a Write with Text before anything is written, as the
// viewer's page does; one a Write made is replaced.
func TestTextNotOurs(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sitemap.txt")
	own := []byte("https://example.com/by-hand\n")
	if err := os.WriteFile(path, own, 0o644); err != nil {
		t.Fatal(err)
	}
	opts := Options{Dir: dir, BaseURL: base, Text: true}
	_, err := Write(sitemap.Slice(sample), opts)
	if err == nil || !strings.Contains(err.Error(), path+": no text sitemap written: the file is not one sitemapgen wrote") {
		t.Fatalf("Write: %v", err)
	}
	if got := names(files(t, dir)); !slices.Equal(got, []string{"sitemap.txt"}) {
		t.Errorf("files after the failure: %q", got)
	}
	if data, _ := os.ReadFile(path); !bytes.Equal(data, own) {
		t.Error("the site's sitemap.txt was changed")
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(sitemap.Slice(sample), opts); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(sitemap.Slice(sample[:1]), opts); err != nil {
		t.Errorf("replacing its own sitemap.txt: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != sample[0].Loc+"\n" {
		t.Errorf("sitemap.txt after the second Write: %q", data)
	}
}

// TestTextName: with TextName, the text sitemap takes that name
// (hexo-generator-sitemap's moths.txt), split into NAME-1.txt … past
// MaxURLs, and the earlier files go when it is one again; no
// sitemap.txt is written. CheckTextName refuses what is no such name.
func TestTextName(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Dir: dir, BaseURL: base, Text: true, TextName: "moths.txt", MaxURLs: 1}
	if _, err := Write(sitemap.Slice(sample[:2]), opts); err != nil {
		t.Fatal(err)
	}
	txt := func() []string {
		return slices.DeleteFunc(names(files(t, dir)), func(n string) bool { return !strings.HasSuffix(n, ".txt") })
	}
	if got, want := txt(), []string{"moths-1.txt", "moths-2.txt"}; !slices.Equal(got, want) {
		t.Errorf("text files %q, want %q", got, want)
	}
	opts.MaxURLs = 0
	if _, err := Write(sitemap.Slice(sample[:2]), opts); err != nil {
		t.Fatal(err)
	}
	if got, want := txt(), []string{"moths.txt"}; !slices.Equal(got, want) {
		t.Errorf("text files %q, want %q", got, want)
	}
	for name, ok := range map[string]bool{"moths.txt": true, "sitemap.txt": true, "a.b_c-d.txt": true,
		"moths.xml": false, "maps/moths.txt": false, ".txt": false, "robots.txt": false, "sitemap-1.txt": false, "-a.txt": false} {
		if err := CheckTextName(name); (err == nil) != ok {
			t.Errorf("CheckTextName(%q): %v", name, err)
		}
	}
}

// TestTextOfTheGenerator: a sitemap.txt TakeOver names, a text sitemap
// (hexo-generator-sitemap's, which hexo generate leaves in place), is
// the generator's own: a Write with Text writes over it, as the entry
// file over its sitemap.xml (issue 68); one TakeOver names that is no
// text sitemap stays the site's own, and fails the Write.
func TestTextOfTheGenerator(t *testing.T) {
	takes := func(name string) bool { return name == "sitemap.xml" || name == "sitemap.txt" }
	for _, tc := range []struct {
		name, text string
		ok         bool
	}{
		{"a text sitemap", "https://example.com/blog\nhttps://example.com/blog/about/\n", true},
		{"no text sitemap", "notes, by hand\n", false},
		{"empty", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "sitemap.txt")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Write(sitemap.Slice(sample), Options{Dir: dir, BaseURL: base, Text: true, TakeOver: takes})
			data, _ := os.ReadFile(path)
			switch {
			case tc.ok && (err != nil || !strings.HasPrefix(string(data), sample[0].Loc+"\n")):
				t.Errorf("Write: %v; sitemap.txt %q", err, data)
			case !tc.ok && (err == nil || string(data) != tc.text):
				t.Errorf("Write: %v, want the site's own sitemap.txt kept: %q", err, data)
			}
		})
	}
}

// TestViewerNamespaces: the page reads every namespace the writer
// writes, spelled as the writer spells it: a sitemap's videos and news
// articles show only when the two agree.
func TestViewerNamespaces(t *testing.T) {
	page := string(ViewerPage("sitemap.xml", base))
	for _, ns := range []string{sitemap.Namespace, XHTMLNamespace, sitemap.ImageNamespace, sitemap.VideoNamespace, sitemap.NewsNamespace} {
		if !strings.Contains(page, `"`+ns+`"`) {
			t.Errorf("the page does not name the namespace %s", ns)
		}
	}
	for _, id := range []string{`<th data-key="videos">`, `<section id="news" hidden>`, `<table id="articles">`} {
		if !strings.Contains(page, id) {
			t.Errorf("the page has no %s", id)
		}
	}
}

// TestViewerWithNews: with a news sitemap, sitemap.html is written first
// as ever, and neither the index nor the news file names it.
func TestViewerWithNews(t *testing.T) {
	dir := t.TempDir()
	res, err := Write(sitemap.Slice(articles), Options{Dir: dir, BaseURL: base, Viewer: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{ViewerName, "sitemap-1.xml", "sitemap-news.xml", "sitemap.xml"}; !slices.Equal(plain(res.Written), want) {
		t.Errorf("written %q, want %q", res.Written, want)
	}
	for name, data := range files(t, dir) {
		if name != ViewerName && strings.Contains(data, ViewerName) {
			t.Errorf("%s names sitemap.html", name)
		}
	}
	sitemaptest.MustValidate(t, dir)
}

// TestTextTwin: without a generator that names it, a sitemap.txt that
// lists exactly the URLs of the sitemap.xml beside it is the twin another
// tool wrote with it (static-sitemap-cli's default format, "both"):
// a Write with Text writes over both (issue 87). A text sitemap that
// lists other URLs than its XML neighbour, or has none beside it, stays
// the site's own.
func TestTextTwin(t *testing.T) {
	const xmlOf = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc><lastmod>2024-01-01</lastmod></url>
  <url><loc>https://example.com/about.html</loc></url>
</urlset>
`
	for _, tc := range []struct {
		name, xml, text string
		ok              bool
	}{
		{"twin", xmlOf, "https://example.com/about.html\nhttps://example.com/\n", true},
		{"a URL more", xmlOf, "https://example.com/\nhttps://example.com/about.html\nhttps://example.com/x\n", false},
		{"a URL fewer", xmlOf, "https://example.com/\n", false},
		{"no XML beside", "", "https://example.com/\nhttps://example.com/about.html\n", false},
		{"an index beside", strings.ReplaceAll(strings.ReplaceAll(xmlOf, "urlset", "sitemapindex"), "<url>", "<sitemap>"), "https://example.com/\nhttps://example.com/about.html\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "sitemap.txt")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.xml != "" {
				if err := os.WriteFile(filepath.Join(dir, "sitemap.xml"), []byte(tc.xml), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, err := Write(sitemap.Slice(sample), Options{Dir: dir, BaseURL: base, Text: true})
			data, _ := os.ReadFile(path)
			switch {
			case tc.ok && (err != nil || !strings.HasPrefix(string(data), sample[0].Loc+"\n")):
				t.Errorf("Write: %v; sitemap.txt %q", err, data)
			case !tc.ok && (err == nil || string(data) != tc.text):
				t.Errorf("Write: %v, want the site's own sitemap.txt kept: %q", err, data)
			}
		})
	}
}
