package validate

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

const head = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

// urlset wraps body, lines starting on line 3, in a <urlset> with the
// xhtml and image namespaces declared.
func urlset(body string) string {
	return head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">` + "\n" + body + "\n</urlset>\n"
}

// index wraps body, lines starting on line 3, in a <sitemapindex>.
func index(body string) string {
	return head + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n" + body + "\n</sitemapindex>\n"
}

// urls returns n <url> entries, one a line.
func urls(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "<url><loc>https://example.com/page/%d/</loc></url>\n", i)
	}
	return b.String()
}

// gz compresses s.
func gz(s string) string {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write([]byte(s))
	z.Close()
	return b.String()
}

// sectioned is a set sitemapgen writes for https://example.com/ with a
// section and another application's sitemap, extra, in its index (on
// line 6).
func sectioned(extra string) map[string]string { return sectionedAt("https://example.com/", extra) }

// sectionedAt is sectioned for the base URL base.
func sectionedAt(base, extra string) map[string]string {
	return map[string]string{
		"sitemap.xml": index(`<sitemap><loc>` + base + `sitemap-blog-1-0123456789.xml</loc></sitemap>
<sitemap><loc>` + base + `sitemap-1-0123456789.xml</loc></sitemap>
<sitemap>
  <loc>` + extra + `</loc>
</sitemap>`),
		"sitemap-blog-1-0123456789.xml": urlset("<url><loc>" + base + "blog/</loc></url>"),
		"sitemap-1-0123456789.xml":      urlset("<url><loc>" + base + "</loc></url>"),
	}
}

// recorded is Options.Recorded of a folder where sitemapgen wrote the
// files of sectioned.
func recorded(string) ([]string, error) {
	return []string{"sitemap.xml", "sitemap-blog-1-0123456789.xml", "sitemap-1-0123456789.xml"}, nil
}

// aliasSet is a set of sitemapgen's, sitemap.xml, and two aliases: its
// copy at sitemap-index.xml, and en/sitemap.xml with the set's URLs under
// /en/ (body).
func aliasSet(body string) map[string]string {
	return map[string]string{
		"sitemap.xml":              index(`<sitemap><loc>https://example.com/sitemap-1-0123456789.xml</loc></sitemap>`),
		"sitemap-index.xml":        index(`<sitemap><loc>https://example.com/sitemap-1-0123456789.xml</loc></sitemap>`),
		"sitemap-1-0123456789.xml": urlset("<url><loc>https://example.com/</loc></url>\n<url><loc>https://example.com/en/</loc></url>"),
		"en/sitemap.xml":           urlset(body),
	}
}

// aliases is Options.Aliases of the folder of aliasSet: the working
// directory.
func aliases(dir string) ([]string, error) {
	if wd, _ := os.Getwd(); dir != wd {
		return nil, nil
	}
	return []string{"en/sitemap.xml", "sitemap-index.xml"}, nil
}

// writeFiles writes files (path → content) below dir.
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCheck(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", 2048-len("https://example.com/"))
	site := map[string]string{
		"site/index.html": "home", "site/a.html": "a", "site/b/index.html": "b", "site/c.pdf": "c", "site/caf\u00e9/index.html": "café",
	}
	withSite := func(files map[string]string) map[string]string {
		for k, v := range site {
			files[k] = v
		}
		return files
	}
	tests := []struct {
		name    string
		files   map[string]string
		paths   []string // default: "."
		opts    Options
		want    []string // each problem's String() contains its entry, in order
		checked int      // default: 1
	}{
		{name: "valid", files: map[string]string{"a.xml": urlset(`<url><loc>https://example.com/</loc><lastmod>2024-05-01</lastmod><changefreq>daily</changefreq><priority>0.8</priority><xhtml:link rel="alternate" hreflang="de-AT" href="https://example.com/de/"/><xhtml:link rel="alternate" hreflang="en" href="https://example.com/"/><image:image><image:loc>https://example.com/a.png</image:loc></image:image></url>
<url><loc>https://example.com/de/</loc><xhtml:link rel="alternate" hreflang="de-AT" href="https://example.com/de/"/><xhtml:link rel="alternate" hreflang="en" href="https://example.com/"/></url>`)}},
		{name: "valid index", files: map[string]string{"a.xml": index(`<sitemap><loc>https://example.com/s.xml</loc><lastmod>2024-05-01T10:00:00Z</lastmod></sitemap>`)}},
		{name: "valid 2,047-char loc", files: map[string]string{"a.xml": urlset(`<url><loc>` + long[:2047] + `</loc></url>`)}},
		{name: "valid extension first in urlset", files: map[string]string{"a.xml": urlset("<image:image><image:loc>https://example.com/a.png</image:loc></image:image>\n<url><loc>https://example.com/</loc></url>")}},
		{name: "valid whitespace around loc", files: map[string]string{"a.xml": urlset("<url><loc>\n  https://example.com/\n</loc></url>")}},
		{name: "order", files: map[string]string{"a.xml": urlset("<url><loc>https://example.com/</loc>\n<changefreq>daily</changefreq>\n<lastmod>2024-05-01</lastmod></url>")},
			want: []string{"a.xml:5: <lastmod> after <changefreq>: the order is loc, lastmod, changefreq, priority"}},
		{name: "loc not first", files: map[string]string{"a.xml": urlset("<url><lastmod>2024-05-01</lastmod>\n<loc>https://example.com/</loc></url>")},
			want: []string{"a.xml:4: <loc> after <lastmod>"}},
		{name: "missing loc", files: map[string]string{"a.xml": urlset("<url>\n<lastmod>2024-05-01</lastmod></url>")},
			want: []string{"a.xml:3: <url> has no <loc>"}},
		{name: "two locs", files: map[string]string{"a.xml": urlset("<url><loc>https://example.com/</loc>\n<loc>https://example.com/b</loc></url>")},
			want: []string{"a.xml:4: second <loc> in <url> (first at line 3)"}},
		{name: "relative loc", files: map[string]string{"a.xml": urlset("<url><loc>/blog/</loc></url>")},
			want: []string{`a.xml:3: <loc>: not an absolute http(s) URL: "/blog/"`}},
		{name: "no scheme", files: map[string]string{"a.xml": urlset("<url><loc>www.example.com/about/</loc></url>")},
			want: []string{"a.xml:3: <loc>: not an absolute http(s) URL"}},
		{name: "2,048-char loc", files: map[string]string{"a.xml": urlset(`<url><loc>` + long + `</loc></url>`)},
			want: []string{"a.xml:3: <loc>: URL is 2,048 characters or longer (2048)"}},
		{name: "IRI loc", files: map[string]string{"a.xml": urlset("<url><loc>https://example.com/caf\u00e9/</loc></url>")},
			want: []string{`a.xml:3: URL "https://example.com/café/" is an IRI (characters beyond ASCII), which the protocol (RFC 3987) and the schema take; the protocol's own example writes such characters percent-encoded: https://example.com/caf%C3%A9/`}},
		{name: "IRI of 2,047 characters", files: map[string]string{"a.xml": urlset(`<url><loc>` + long[:2046] + "\u00e9</loc></url>")},
			want: []string{`is an IRI`}},
		{name: "IRI of 2,048 characters", files: map[string]string{"a.xml": urlset(`<url><loc>` + long[:2047] + "\u00e9</loc></url>")},
			want: []string{"a.xml:3: <loc>: URL is 2,048 characters or longer (2048)"}},
		{name: "11-char loc", files: map[string]string{"a.xml": urlset(`<url><loc>http://a.bc</loc></url>`)},
			want: []string{"shorter than 12 characters"}},
		{name: "unparsable loc", files: map[string]string{"a.xml": urlset(`<url><loc>https://example.com/%zz</loc></url>`)},
			want: []string{`a.xml:3: <loc>: URL "https://example.com/%zz" does not parse: invalid URL escape`}},
		{name: "bad lastmod", files: map[string]string{"a.xml": urlset(`<url><loc>https://example.com/</loc><lastmod>05/01/2024</lastmod></url>`)},
			want: []string{`a.xml:3: <lastmod> "05/01/2024" is not a W3C Datetime the sitemap schema takes: a date (YYYY-MM-DD) or date-time`}},
		{name: "lastmod time without zone", files: map[string]string{"a.xml": urlset("<url><loc>https://example.com/a</loc><lastmod>2024-01-02T10:11:12</lastmod></url>\n<url><loc>https://example.com/b</loc><lastmod>2024-01-02T10:11</lastmod></url>")},
			want: []string{
				`a.xml:3: <lastmod> "2024-01-02T10:11:12" is not a W3C Datetime the sitemap schema takes: a time needs its zone (2024-01-02T10:11:12Z if it is UTC, else its offset from UTC, as in 2024-01-02T10:11:12+02:00)`,
				`a.xml:4: <lastmod> "2024-01-02T10:11" is not a W3C Datetime the sitemap schema takes: a time needs seconds and its zone (2024-01-02T10:11:00Z if it is UTC, else its offset from UTC, as in 2024-01-02T10:11:00+02:00)`}},
		{name: "bad changefreq", files: map[string]string{"a.xml": urlset(`<url><loc>https://example.com/</loc><changefreq>Daily</changefreq></url>`)},
			want: []string{`a.xml:3: changefreq "Daily" is not one of always, hourly`}},
		{name: "bad priority", files: map[string]string{"a.xml": urlset("<url><loc>https://example.com/a</loc><priority>1.5</priority></url>\n<url><loc>https://example.com/b</loc><priority>1e-1</priority></url>")},
			want: []string{"a.xml:3: priority 1.5 is outside 0.0–1.0", `a.xml:4: priority "1e-1" is not a decimal number`}},
		{name: "unknown element", files: map[string]string{"a.xml": urlset(`<url><loc>https://example.com/</loc><title>x</title></url>`)},
			want: []string{"a.xml:3: unknown element <title> in <url>; want loc, lastmod, changefreq, priority"}},
		{name: "unknown element in urlset", files: map[string]string{"a.xml": urlset(`<url><loc>https://example.com/</loc></url><foo/>`)},
			want: []string{"a.xml:3: unknown element <foo> in the sitemap namespace; want <url>"}},
		{name: "extension before lastmod", files: map[string]string{"a.xml": urlset("<url><loc>https://example.com/</loc>\n<xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"https://example.com/\"/>\n<lastmod>2024-05-01</lastmod></url>")},
			want: []string{"a.xml:5: <lastmod> after extension element <xhtml:link> (line 4): loc, lastmod, changefreq, priority come first"}},
		{name: "extension after first url", files: map[string]string{"a.xml": urlset("<url><loc>https://example.com/</loc></url>\n<image:image/>")},
			want: []string{"a.xml:4: extension element <image:image> after the first <url>"}},
		{name: "image without loc, a relative image loc, two locs", files: map[string]string{"a.xml": urlset("<url><loc>https://example.com/</loc>\n<image:image><image:caption>x</image:caption></image:image>\n<image:image><image:loc>/a.png</image:loc></image:image>\n<image:image><image:loc>https://example.com/a.png</image:loc>\n<image:loc>https://example.com/b.png</image:loc></image:image></url>")},
			want: []string{"a.xml:4: <image:image> has no <image:loc>", `a.xml:5: <image:loc>: not an absolute http(s) URL: "/a.png"`, "a.xml:7: second <image:loc> in <image:image>"}},
		{name: "wrong image namespace", files: map[string]string{"a.xml": head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.0">` + "\n<url><loc>https://example.com/</loc>\n<image:image><image:loc>https://example.com/a.png</image:loc></image:image></url>\n</urlset>\n"},
			want: []string{"a.xml:4: element <image> is in namespace http://www.google.com/schemas/sitemap-image/1.0, not the image extension's http://www.google.com/schemas/sitemap-image/1.1: search engines ignore it"}},
		{name: "1,000 images", files: map[string]string{"a.xml": urlset("<url><loc>https://example.com/</loc>" + strings.Repeat("<image:image><image:loc>https://example.com/a.png</image:loc></image:image>", 1000) + "</url>")}},
		{name: "1,001 images", files: map[string]string{"a.xml": urlset("<url><loc>https://example.com/</loc>" + strings.Repeat("<image:image><image:loc>https://example.com/a.png</image:loc></image:image>", 1001) + "</url>")},
			want: []string{"a.xml:3: <url> has 1001 <image:image> elements; the most a URL may have is 1000"}},
		{name: "unknown image element", files: map[string]string{"a.xml": urlset(`<url><loc>https://example.com/</loc><image:picture/></url>`)},
			want: []string{"a.xml:3: unknown extension element <image:picture>: want <image:image>"}},
		{name: "undeclared prefix", files: map[string]string{"a.xml": urlset(`<url><loc>https://example.com/</loc><video:video/></url>`)},
			want: []string{"a.xml:3: element <video:video>: namespace prefix video is not declared"}},
		{name: "hreflang", files: map[string]string{"a.xml": urlset("<url><loc>https://example.com/</loc>\n<xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"/de/\"/>\n<xhtml:link rel=\"alternate\" href=\"https://example.com/fr/\"/></url>")},
			want: []string{`a.xml:4: xhtml:link href: not an absolute http(s) URL: "/de/"`, `a.xml:5: xhtml:link rel="alternate" has neither hreflang nor media`}},
		{name: "text in url", files: map[string]string{"a.xml": urlset(`<url>hello<loc>https://example.com/</loc></url>`)},
			want: []string{`a.xml:3: text "hello" is not allowed in <url>`}},
		{name: "attribute", files: map[string]string{"a.xml": urlset(`<url id="x"><loc>https://example.com/</loc></url>`)},
			want: []string{"a.xml:3: attribute <id> is not allowed on <url>"}},
		{name: "empty urlset", files: map[string]string{"a.xml": urlset("")},
			want: []string{"a.xml:2: <urlset> has no <url>"}},
		{name: "no namespace", files: map[string]string{"a.xml": head + "<urlset>\n<url><loc>https://example.com/</loc></url></urlset>"},
			want: []string{`a.xml:2: <urlset> has no namespace: want xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"`}},
		{name: "wrong namespace", files: map[string]string{"a.xml": head + `<urlset xmlns="http://www.google.com/schemas/sitemap/0.84">` + "\n<url><loc>https://example.com/</loc></url></urlset>"},
			want: []string{"a.xml:2: <urlset> is in namespace http://www.google.com/schemas/sitemap/0.84, not"}},
		{name: "not well-formed", files: map[string]string{"a.xml": urlset(`<url><loc>https://example.com/?a=1&b=2</loc></url>`)},
			want: []string{"a.xml:3: not well-formed XML: invalid character entity &b"}},
		{name: "unclosed", files: map[string]string{"a.xml": head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n<url><loc>https://example.com/</loc></url>\n"},
			want: []string{"a.xml:4: not well-formed XML: unexpected EOF"}},
		{name: "second root", files: map[string]string{"a.xml": urlset(`<url><loc>https://example.com/</loc></url>`) + "<urlset/>"},
			want: []string{"a.xml:5: element <urlset> after the root element"}},
		{name: "latin1", files: map[string]string{"a.xml": strings.Replace(urlset(`<url><loc>https://example.com/</loc></url>`), "UTF-8", "ISO-8859-1", 1)},
			want: []string{"a.xml:1: declared encoding is ISO-8859-1; sitemaps must be UTF-8"}},
		{name: "utf-8 byte-order mark", files: map[string]string{"a.xml": "\ufeff" + urlset(`<url><loc>https://example.com/</loc></url>`)}},
		{name: "utf-16", files: map[string]string{"a.xml": "\xff\xfe<\x00?\x00"},
			want: []string{"a.xml: file starts with a UTF-16 byte-order mark; sitemaps must be UTF-8"}},
		{name: "utf-8 lowercase", files: map[string]string{"a.xml": strings.Replace(urlset(`<url><loc>https://example.com/</loc></url>`), "UTF-8", "utf-8", 1)}},
		{name: "gzip", files: map[string]string{"a.xml.gz": gz(urlset(`<url><loc>https://example.com/</loc></url>`))}},
		{name: "gzip corrupt", files: map[string]string{"a.xml.gz": "not gzip at all"},
			want: []string{"a.xml.gz: cannot decompress: the file is not gzip-compressed, though its name ends in .gz, nor XML"}},
		{name: "gzip named .xml", files: map[string]string{"a.xml": gz(urlset("<url><loc>https://example.com/</loc></url>\n<url><loc>/b</loc></url>"))},
			want: []string{"a.xml: the file is gzip-compressed, though its name does not end in .gz: checked decompressed;", `a.xml:4: <loc>: not an absolute http(s) URL: "/b"`}},
		{name: "plain XML named .xml.gz", files: map[string]string{"a.xml.gz": urlset("<url><loc>https://example.com/</loc></url>\n<url><loc>/b</loc></url>")},
			want: []string{"a.xml.gz: the file is plain XML, not gzip-compressed as its name says: checked as it is;", `a.xml.gz:4: <loc>: not an absolute http(s) URL: "/b"`}},
		{name: "plain XML with a byte-order mark named .xml.gz", files: map[string]string{"a.xml.gz": "\ufeff" + urlset("<url><loc>https://example.com/</loc></url>")},
			want: []string{"a.xml.gz: the file is plain XML, not gzip-compressed as its name says"}},
		{name: "gzip text sitemap named .txt", files: map[string]string{"sitemap.txt": gz("https://example.com/a\nhttps://example.com/b\n")},
			want: []string{"sitemap.txt: the file is gzip-compressed, though its name does not end in .gz"}},
		{name: "plain text sitemap named .txt.gz", files: map[string]string{"sitemap.txt.gz": "https://example.com/a\n"},
			want: []string{"sitemap.txt.gz: the file is plain text, not gzip-compressed as its name says"}},
		{name: "empty file named .xml.gz", files: map[string]string{"a.xml.gz": ""}, paths: []string{"a.xml.gz"},
			want: []string{"a.xml.gz: cannot decompress: the file is empty"}},
		{name: "gzip truncated", files: map[string]string{"a.xml.gz": gz(urlset(urls(200)))[:300]},
			want: []string{"a.xml.gz: cannot decompress: unexpected EOF"}},
		{name: "50,000 entries", files: map[string]string{"a.xml.gz": gz(urlset(urls(50000)))}},
		{name: "50,001 entries", files: map[string]string{"a.xml.gz": gz(urlset(urls(50001)))},
			want: []string{"a.xml.gz:50003: 50001 <url> entries: the protocol allows at most 50000 in one file"}},
		{name: "duplicate in file", files: map[string]string{"a.xml": urlset("<url><loc>https://example.com/</loc></url>\n<url><loc>https://example.com/</loc></url>")},
			want: []string{"a.xml:4: URL https://example.com/ listed twice (also at line 3)"}},
		{name: "duplicate across files", files: map[string]string{
			"a.xml": urlset("<url><loc>https://example.com/</loc></url>"),
			"b.xml": urlset("<url><loc>https://example.com/b</loc></url>\n<url><loc>https://example.com/</loc></url>")},
			want: []string{"b.xml:4: URL https://example.com/ also listed by a.xml:3"}, checked: 2},
		{name: "scope", files: map[string]string{"blog/sitemap.xml": urlset("<url><loc>https://example.com/blog/a/</loc></url>\n<url><loc>https://example.com/about/</loc></url>")},
			opts: Options{BaseURL: "https://example.com"},
			want: []string{"blog/sitemap.xml:4: URL https://example.com/about/ is outside the sitemap's scope https://example.com/blog/"}},
		{name: "scope host case", files: map[string]string{"sitemap.xml": urlset("<url><loc>HTTPS://Example.COM/a/</loc></url>")},
			opts: Options{BaseURL: "https://example.com/"}},
		{name: "scope other host", files: map[string]string{"sitemap.xml": urlset("<url><loc>https://example.org/a/</loc></url>")},
			opts: Options{BaseURL: "https://example.com/"},
			want: []string{"sitemap.xml:3: URL https://example.org/a/ is outside the sitemap's scope https://example.com/"}},
		{name: "scope of a file named", files: map[string]string{"one/sitemap.xml": urlset("<url><loc>https://example.com/a/</loc></url>\n<url><loc>https://other.example/x</loc></url>")},
			paths: []string{"one/sitemap.xml"}, opts: Options{BaseURL: "https://example.com/"},
			want: []string{"one/sitemap.xml:4: URL https://other.example/x is outside the sitemap's scope https://example.com/"}},
		{name: "scope of a file named in the site", files: withSite(map[string]string{"site/blog/sitemap.xml": urlset("<url><loc>https://example.com/blog/</loc></url>\n<url><loc>https://example.com/a</loc></url>"), "site/blog/index.html": "blog"}),
			paths: []string{"site/blog/sitemap.xml"}, opts: Options{BaseURL: "https://example.com/", Site: "site"},
			want: []string{"site/blog/sitemap.xml:4: URL https://example.com/a is outside the sitemap's scope https://example.com/blog/"}},
		{name: "site, a file named", files: withSite(map[string]string{"out/sitemap.xml": urlset("<url><loc>https://example.com/a</loc></url>\n<url><loc>https://other.example/x</loc></url>")}),
			paths: []string{"out/sitemap.xml"}, opts: Options{BaseURL: "https://example.com/", Site: "site"},
			want: []string{"out/sitemap.xml:4: URL https://other.example/x is outside the sitemap's scope https://example.com/"}},
		// Google reads an index's sitemaps only in its folder or below:
		// no index at en/sitemap.xml can lead to the root's sitemap.
		{name: "scope of an index", files: map[string]string{
			"en/sitemap.xml": index("<sitemap><loc>https://example.com/sitemap.xml</loc></sitemap>"),
			"sitemap.xml":    urlset("<url><loc>https://example.com/</loc></url>")},
			opts: Options{BaseURL: "https://example.com/"},
			want: []string{"en/sitemap.xml:3: URL https://example.com/sitemap.xml is outside the sitemap's scope https://example.com/en/"}, checked: 2},
		{name: "no scope without base URL", files: map[string]string{"blog/sitemap.xml": urlset("<url><loc>https://example.com/about/</loc></url>")}},
		{name: "index entry missing", files: map[string]string{
			"sitemap.xml":   index("<sitemap><loc>https://example.com/sitemap-1.xml</loc></sitemap>\n<sitemap><loc>https://example.com/sitemap-2.xml</loc></sitemap>"),
			"sitemap-1.xml": urlset("<url><loc>https://example.com/</loc></url>")},
			opts: Options{BaseURL: "https://example.com/"},
			want: []string{"sitemap.xml:4: index entry https://example.com/sitemap-2.xml names sitemap-2.xml, which does not exist"}, checked: 2},
		{name: "index entry missing, no base URL", files: map[string]string{
			"sitemap.xml":   index("<sitemap><loc>https://example.com/sitemap-1.xml</loc></sitemap>\n<sitemap><loc>https://example.com/sitemap-2.xml</loc></sitemap>"),
			"sitemap-1.xml": urlset("<url><loc>https://example.com/</loc></url>")},
			want: []string{"sitemap.xml:4: index entry https://example.com/sitemap-2.xml names sitemap-2.xml, which does not exist"}, checked: 2},
		{name: "index entry with ..", files: map[string]string{
			"sitemap.xml":      index("<sitemap><loc>https://example.com/sitemap-1.xml</loc></sitemap>\n<sitemap><loc>https://example.com/blog/../missing.xml</loc></sitemap>\n<sitemap><loc>https://example.com/missing/%2E%2e/sitemap-1.xml</loc></sitemap>"),
			"sitemap-1.xml":    urlset("<url><loc>https://example.com/</loc></url>"),
			"blog/missing.xml": urlset("<url><loc>https://example.com/blog/</loc></url>")},
			opts: Options{BaseURL: "https://example.com/"},
			want: []string{
				`sitemap.xml:4: index entry https://example.com/blog/../missing.xml has a ".." segment: name the sitemap by its own path`,
				`sitemap.xml:5: index entry https://example.com/missing/%2E%2e/sitemap-1.xml has a ".." segment: name the sitemap by its own path`,
			}, checked: 3},
		// sitemapgen's index with sections and other applications'
		// sitemaps (index.extra): those name no file its record lists.
		{name: "index with sections and other sitemaps", files: sectioned("https://example.com/shop/sitemap.xml"),
			opts: Options{BaseURL: "https://example.com/", Recorded: recorded}, checked: 3},
		{name: "index with sections and other sitemaps, no base URL", files: sectioned("https://example.com/shop/sitemap.xml"),
			opts: Options{Recorded: recorded}, checked: 3},
		{name: "other sitemap on another host", files: sectioned("https://shop.example.org/sitemap.xml"),
			opts: Options{BaseURL: "https://example.com/", Recorded: recorded},
			want: []string{"sitemap.xml:6: URL https://shop.example.org/sitemap.xml is outside the sitemap's scope https://example.com/"}, checked: 3},
		{name: "other sitemap out of scope", files: sectionedAt("https://example.com/docs/", "https://example.com/shop/sitemap.xml"),
			opts: Options{BaseURL: "https://example.com/docs/", Recorded: recorded},
			want: []string{"sitemap.xml:6: URL https://example.com/shop/sitemap.xml is outside the sitemap's scope https://example.com/docs/"}, checked: 3},
		{name: "section shard missing", files: func() map[string]string {
			f := sectioned("https://example.com/shop/sitemap.xml")
			delete(f, "sitemap-blog-1-0123456789.xml")
			return f
		}(),
			opts: Options{BaseURL: "https://example.com/", Recorded: recorded},
			want: []string{"sitemap.xml:3: index entry https://example.com/sitemap-blog-1-0123456789.xml names sitemap-blog-1-0123456789.xml, which does not exist"}, checked: 2},
		{name: "index alone, no base URL", files: map[string]string{
			"sitemap.xml": index("<sitemap><loc>https://example.com/sitemap-1.xml</loc></sitemap>\n<sitemap><loc>https://example.com/sitemap-2.xml</loc></sitemap>")}},
		// Without a base URL, an index's entries are matched to files by
		// their path below the index's own location, the one where most
		// of its entries' files are found: a multilingual index's
		// folders, a site's sitemaps under /docs/ beside its index; the
		// index itself is no entry's file unless that entry names it.
		{name: "index of folders, one missing, no base URL", files: map[string]string{
			"sitemap.xml":    index("<sitemap><loc>https://example.com/en/sitemap.xml</loc></sitemap>\n<sitemap><loc>https://example.com/fr/sitemap.xml</loc></sitemap>\n<sitemap><loc>https://example.com/de/sitemap.xml</loc></sitemap>"),
			"en/sitemap.xml": urlset("<url><loc>https://example.com/en/</loc></url>"),
			"fr/sitemap.xml": urlset("<url><loc>https://example.com/fr/</loc></url>")},
			want: []string{"sitemap.xml:5: index entry https://example.com/de/sitemap.xml names de/sitemap.xml, which does not exist"}, checked: 3},
		{name: "index of a file and a folder, no base URL", files: map[string]string{
			"sitemap_index.xml": index("<sitemap><loc>https://example.com/sitemap-pages.xml</loc></sitemap>\n<sitemap><loc>https://example.com/en/sitemap.xml</loc></sitemap>"),
			"sitemap-pages.xml": urlset("<url><loc>https://example.com/</loc></url>"),
			"en/sitemap.xml":    urlset("<url><loc>https://example.com/en/</loc></url>")}, checked: 3},
		{name: "index under a path, no base URL", files: map[string]string{
			"sitemap.xml":   index("<sitemap><loc>https://example.com/docs/sitemap-0.xml</loc></sitemap>\n<sitemap><loc>https://example.com/docs/sitemap-1.xml</loc></sitemap>"),
			"sitemap-0.xml": urlset("<url><loc>https://example.com/docs/</loc></url>")},
			want: []string{"sitemap.xml:4: index entry https://example.com/docs/sitemap-1.xml names sitemap-1.xml, which does not exist"}, checked: 2},
		{name: "index entry above the index, no base URL", files: map[string]string{
			"sitemap_index.xml": index("<sitemap><loc>https://example.com/docs/sitemap-0.xml</loc></sitemap>\n<sitemap><loc>https://example.com/docs/sitemap-1.xml</loc></sitemap>\n<sitemap><loc>https://example.com/blog/sitemap.xml</loc></sitemap>"),
			"sitemap-0.xml":     urlset("<url><loc>https://example.com/docs/</loc></url>"),
			"sitemap-1.xml":     urlset("<url><loc>https://example.com/docs/a</loc></url>")},
			want: []string{"sitemap_index.xml:5: index entry https://example.com/blog/sitemap.xml is not below https://example.com/docs/, where the files its other entries name say the index lies: no local file looked for (Google reads an index's sitemaps only in its folder or below)"}, checked: 3},
		// An entry whose path, its slashes percent-encoded, has a ".."
		// segment (out of the index's folder here) names no file, and
		// decides no location: said as an entry not below it is.
		{name: "index entry climbing out, no base URL", files: map[string]string{
			"sitemap.xml":   index("<sitemap><loc>https://example.com/docs/sitemap-0.xml</loc></sitemap>\n<sitemap><loc>https://example.com/docs/..%2F..%2Fetc%2Fpasswd</loc></sitemap>\n<sitemap><loc>https://example.com/docs/..%2F..%2Fetc%2Fhosts</loc></sitemap>"),
			"sitemap-0.xml": urlset("<url><loc>https://example.com/docs/</loc></url>")},
			want: []string{
				"sitemap.xml:4: index entry https://example.com/docs/..%2F..%2Fetc%2Fpasswd has a \"..\" segment below https://example.com/docs/, where the files its other entries name say the index lies",
				"sitemap.xml:5: index entry https://example.com/docs/..%2F..%2Fetc%2Fhosts has a \"..\" segment below https://example.com/docs/",
			}, checked: 2},
		{name: "index of its own name, no base URL", files: map[string]string{
			"sitemap.xml": index("<sitemap><loc>https://example.com/en/sitemap.xml</loc></sitemap>")}},
		{name: "text in an index", files: map[string]string{
			"sitemap.xml": index("x<sitemap><loc>https://example.com/s.xml</loc></sitemap>")},
			want: []string{`sitemap.xml:2: text "x" is not allowed in <sitemapindex>`}},
		{name: "index duplicate", files: map[string]string{
			"sitemap.xml": index("<sitemap><loc>https://example.com/s.xml</loc></sitemap>\n<sitemap><loc>https://example.com/s.xml</loc></sitemap>")},
			want: []string{"sitemap.xml:4: URL https://example.com/s.xml listed twice (also at line 3)"}},
		{name: "index order", files: map[string]string{
			"sitemap.xml": index("<sitemap><lastmod>2024-05-01</lastmod>\n<loc>https://example.com/s.xml</loc><changefreq>daily</changefreq></sitemap>")},
			want: []string{"sitemap.xml:4: <loc> after <lastmod>: the order is loc, lastmod", "sitemap.xml:4: unknown element <changefreq> in <sitemap>; want loc, lastmod"}},
		{name: "site", files: withSite(map[string]string{"out/sitemap.xml": urlset(strings.Join([]string{
			"<url><loc>https://example.com/</loc></url>",
			"<url><loc>https://example.com/a</loc></url>",
			"<url><loc>https://example.com/a.html</loc></url>",
			"<url><loc>https://example.com/b/</loc></url>",
			"<url><loc>https://example.com/b</loc></url>",
			"<url><loc>https://example.com/c.pdf?x=1</loc></url>",
			"<url><loc>https://example.com/caf%C3%A9/</loc></url>",
			"<url><loc>https://example.com/missing/</loc></url>",
			"<url><loc>https://example.com/d</loc></url>",
		}, "\n"))}),
			paths: []string{"out"}, opts: Options{BaseURL: "https://example.com/", Site: "site"},
			want: []string{"out/sitemap.xml:10: no file in site serves https://example.com/missing/", "out/sitemap.xml:11: no file in site serves https://example.com/d"}},
		{name: "feed skipped in folder", files: map[string]string{"feed.xml": head + "<rss/>", "a.xml": urlset(`<url><loc>https://example.com/</loc></url>`), "b.txt": "x"}},
		{name: "feed named", files: map[string]string{"feed.xml": head + "<rss/>"}, paths: []string{"feed.xml"},
			want: []string{`feed.xml:2: not a sitemap: an RSS feed of version ""; the protocol takes RSS 2.0 (and Atom 0.3 and 1.0)`}},
		{name: "html named", files: map[string]string{"a.xml": head + "<html/>"}, paths: []string{"a.xml"},
			want: []string{"a.xml:2: not a sitemap: root element is <html>, not <urlset> or <sitemapindex>, nor an RSS 2.0 or Atom feed"}},
		{name: "empty file named", files: map[string]string{"a.xml": ""}, paths: []string{"a.xml"},
			want: []string{"a.xml: not a sitemap: no root element found"}},
		{name: "only feed", files: map[string]string{"feed.xml": head + "<rss/>"}, checked: -1},
		// Text sitemaps: one URL a line, read by name (sitemap*.txt in
		// a folder, any .txt named), checked as <loc>s are; a text
		// sitemap is the same set written otherwise, so only another
		// text sitemap's line makes a URL listed twice.
		{name: "text", files: map[string]string{"sitemap.txt": "\uFEFFhttps://example.com/\r\n\nhttps://example.com/a\n", "a.xml": urlset(`<url><loc>https://example.com/</loc></url>`), "notes.txt": "not a sitemap"}, checked: 2},
		{name: "text problems", files: map[string]string{
			"sitemap-1.txt": "https://example.com/\n/relative\nhttps://other.example/\nhttps://example.com/\n",
			"sitemap-2.txt": "https://example.com/\n"},
			want: []string{
				"sitemap-1.txt:2: URL: not an absolute http(s) URL",
				"sitemap-1.txt:3: URL https://other.example/ is on host other.example",
				"sitemap-1.txt:4: URL https://example.com/ listed twice (also at line 1)",
				"sitemap-2.txt:1: URL https://example.com/ also listed by sitemap-1.txt:1"}, checked: 2},
		{name: "text scope", files: map[string]string{"blog/sitemap.txt.gz": gz("https://example.com/blog/a\nhttps://example.com/b\n")},
			opts: Options{BaseURL: "https://example.com/"},
			want: []string{"blog/sitemap.txt.gz:2: URL https://example.com/b is outside the sitemap's scope https://example.com/blog/"}},
		{name: "text that is not", files: map[string]string{"urls.txt": "<html>\nhttps://example.com/\n"}, paths: []string{"urls.txt"},
			want: []string{`urls.txt:1: not a text sitemap: a line is one absolute URL; got "<html>"`}},
		{name: "text empty", files: map[string]string{"sitemap.txt": "\n\n"},
			want: []string{"sitemap.txt: no URL: a text sitemap lists one absolute URL a line"}},
		{name: "text line too long", files: map[string]string{"sitemap.txt": "https://example.com/\n" + strings.Repeat("a", 70000) + "\n"},
			want: []string{"sitemap.txt:2: not a text sitemap: a line longer than 65536 bytes"}},
		{name: "file twice", files: map[string]string{"a.xml": urlset(`<url><loc>https://example.com/</loc></url>`)}, paths: []string{"a.xml", ".", "./a.xml"}},
		// A stylesheet's processing instruction (--xsl, jekyll-sitemap's
		// sitemap.xsl), and a comment, after the declaration.
		{name: "valid stylesheet", files: map[string]string{"a.xml": strings.Replace(urlset(`<url><loc>https://example.com/</loc></url>`), "\n", "\n"+`<?xml-stylesheet type="text/xsl" href="/sitemap.xsl?a=1&amp;b=2"?>`+"\n<!-- a comment -->\n", 1)}},
		// An alias lists again the set's URLs, or its files: apart from
		// the run's, and checked on its own.
		{name: "alias", files: aliasSet(`<url><loc>https://example.com/en/</loc></url>`), opts: Options{Aliases: aliases}, checked: 4},
		{name: "alias, URL twice in it", files: aliasSet("<url><loc>https://example.com/en/</loc></url>\n<url><loc>https://example.com/en/</loc></url>"), opts: Options{Aliases: aliases}, checked: 4,
			want: []string{"en/sitemap.xml:4: URL https://example.com/en/ listed twice (also at line 3)"}},
		{name: "alias not known", files: aliasSet(`<url><loc>https://example.com/en/</loc></url>`), checked: 4,
			want: []string{"sitemap-1-0123456789.xml:4: URL https://example.com/en/ also listed by en/sitemap.xml:3", "sitemap.xml:3: URL https://example.com/sitemap-1-0123456789.xml also listed by sitemap-index.xml:3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tt.files)
			t.Chdir(dir)
			paths := tt.paths
			if paths == nil {
				paths = []string{"."}
			}
			problems, checked, err := Check(paths, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range problems {
				got = append(got, plain(p))
			}
			ok := len(got) == len(tt.want)
			for i := 0; ok && i < len(got); i++ {
				ok = strings.Contains(got[i], tt.want[i])
			}
			if !ok {
				t.Errorf("problems:\n\t%s\nwant:\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
			want := tt.checked
			switch want {
			case 0:
				want = 1
			case -1:
				want = 0
			}
			if checked != want {
				t.Errorf("checked %d files, want %d", checked, want)
			}
		})
	}
}

// TestLimitSize checks the 50 MiB limit at its edge, on gzipped files
// written as a stream (a comment pads them; 50 MiB of it compresses to
// about 50 KB): a file of exactly sitemap.MaxBytes bytes passes, one of a
// byte more does not. A gzip stream hands its last bytes out with io.EOF,
// which hid the one byte over.
func TestLimitSize(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 50 MiB")
	}
	const over = "more than 52428800 bytes uncompressed: the protocol allows at most 52428800 in one file; stopped reading here"
	for _, tt := range []struct {
		size int64
		want string
	}{
		{size: sitemap.MaxBytes},
		{size: sitemap.MaxBytes + 1, want: over},
	} {
		t.Run(strconv.FormatInt(tt.size, 10), func(t *testing.T) {
			dir := t.TempDir()
			f, err := os.Create(filepath.Join(dir, "a.xml.gz"))
			if err != nil {
				t.Fatal(err)
			}
			z := gzip.NewWriter(f)
			if err := writeSized(z, tt.size); err != nil {
				t.Fatal(err)
			}
			if err := errors.Join(z.Close(), f.Close()); err != nil {
				t.Fatal(err)
			}
			problems, _, err := Check([]string{dir}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got string
			if len(problems) > 0 {
				got = problems[0].Msg
			}
			if len(problems) > 1 || got != tt.want {
				t.Errorf("problems: %v, want %q", strs(problems), tt.want)
			}
		})
	}
}

// writeSized writes to w a valid urlset of exactly size bytes, one <url>
// on line 3 and a comment from line 4 padding it.
func writeSized(w io.Writer, size int64) error {
	start := urlset("<url><loc>https://example.com/</loc></url>\n<!--")
	start = start[:strings.LastIndex(start, "\n</urlset>")]
	const end = "-->\n</urlset>\n"
	pad := size - int64(len(start)+len(end))
	if _, err := io.WriteString(w, start); err != nil {
		return err
	}
	chunk := []byte(strings.Repeat("x", 64<<10))
	for pad > 0 {
		n := min(pad, int64(len(chunk)))
		if _, err := w.Write(chunk[:n]); err != nil {
			return err
		}
		pad -= n
	}
	_, err := io.WriteString(w, end)
	return err
}

func TestCheckErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name  string
		paths []string
		opts  Options
		want  string
	}{
		{name: "missing path", paths: []string{filepath.Join(dir, "nope")}, want: "nope: no such file or folder"},
		{name: "bad base URL", paths: []string{dir}, opts: Options{BaseURL: "ftp://example.com/"}, want: "base URL"},
		{name: "site without base URL", paths: []string{dir}, opts: Options{Site: dir}, want: "site needs a base URL"},
		{name: "missing site", paths: []string{dir}, opts: Options{Site: filepath.Join(dir, "nope"), BaseURL: "https://example.com/"}, want: "site folder not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Check(tt.paths, tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

// A near miss of a date says what to fix.
func TestDateHint(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"2024-05-01T10:00Z", ": a time needs seconds (2024-05-01T10:00:00Z)"},
		{"2024-05-01T10:00+02:00", ": a time needs seconds (2024-05-01T10:00:00+02:00)"},
		{"2024-05-01T10:00", ": a time needs seconds and its zone (2024-05-01T10:00:00Z if it is UTC, else its offset from UTC, as in 2024-05-01T10:00:00+02:00)"},
		{"2024-05-01T10:00:00", ": a time needs its zone (2024-05-01T10:00:00Z if it is UTC, else its offset from UTC, as in 2024-05-01T10:00:00+02:00)"},
		{"2024-05-01T10:00:00.5", ": a time needs its zone (2024-05-01T10:00:00.5Z if it is UTC, else its offset from UTC, as in 2024-05-01T10:00:00.5+02:00)"},
		{"2024-05-01 10:00:00Z", ": a T joins the date and the time (2024-05-01T10:00:00Z)"},
		{"2024-05-01T10:00:00+0200", ": a zone offset has a colon (2024-05-01T10:00:00+02:00)"},
		{"2024-05-01T25:00Z", ": a date (YYYY-MM-DD) or date-time (YYYY-MM-DDThh:mm:ss with an optional fraction and zone)"},
		{"05/01/2024", ": a date (YYYY-MM-DD) or date-time (YYYY-MM-DDThh:mm:ss with an optional fraction and zone)"},
	} {
		if got := dateHint(tt.in); got != tt.want {
			t.Errorf("dateHint(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestValidDate(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"2024-05-01", true},
		{"2024-05-01Z", true},
		{"2024-05-01+02:00", true},
		{"2024-05-01T18:23:17+00:00", true},
		{"2024-05-01T18:23:17Z", true},
		{"2024-05-01T18:23:17.123-05:30", true},
		{"2024-05-01T18:23:17", true},
		{"2024-05-01T24:00:00Z", true},
		{"2024-02-29", true},
		{"2023-02-29", false},
		{"2024-04-31", false},
		{"2024-13-01", false},
		{"2024-00-10", false},
		{"0000-01-01", false},
		{"2024-5-1", false},
		{"05/01/2024", false},
		{"2024-05-01T18:23Z", false}, // W3C allows it, xsd:dateTime does not
		{"2024-05-01T18:23:17.Z", false},
		{"2024-05-01T24:00:01Z", false},
		{"2024-05-01T18:60:00Z", false},
		{"2024-05-01T18:23:17+14:01", false},
		{"2024-05-01T18:23:17+0200", false},
		{"2024-05-01 18:23:17", false},
		{"2024", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := validDate(tt.in); got != tt.want {
			t.Errorf("validDate(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestValues(t *testing.T) {
	tests := []struct {
		fn   func(string) bool
		in   string
		want bool
	}{
		{isDecimal, "0.5", true},
		{isDecimal, "1", true},
		{isDecimal, ".5", true},
		{isDecimal, "+1.", true},
		{isDecimal, "1e0", false},
		{isDecimal, ".", false},
		{isDecimal, "", false},
		{isDecimal, "NaN", false},
		{isLanguage, "en", true},
		{isLanguage, "de-AT", true},
		{isLanguage, "x-default", true},
		{isLanguage, "zh-Hant-TW", true},
		{isLanguage, "", false},
		{isLanguage, "en_US", false},
		{isLanguage, "1a", false},
		{isLanguage, "toolonglang", false},
	}
	for _, tt := range tests {
		if got := tt.fn(tt.in); got != tt.want {
			t.Errorf("(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestProblemString(t *testing.T) {
	tests := []struct {
		p    Problem
		want string
	}{
		{newProblem("a.xml", 3, KindLoc, "bad"), "a.xml:3: loc: bad"},
		{newProblem("a.xml.gz", 0, KindRead, "cannot decompress"), "a.xml.gz: read: cannot decompress"},
		{newProblem("a.xml", 4, KindDateForm, "1997"), "a.xml:4: advice: date-form: 1997"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

// TestSamples checks that Check agrees, file by file, with the schema
// check the tests hold sitemapgen's output to (sitemaptest.Validate: the
// official schemas with xmllint, and the protocol's rules beyond them) on
// its samples, internal/sitemaptest/testdata: each valid one passes both,
// each invalid one fails both; the valid folder passes whole (its
// hreflang cluster is whole, its URLs each listed once; its feed is
// passed over, as a folder's feeds are, and passes named alone, where the
// schema check, which knows no feed, refuses it). Without xmllint the
// schema check is left out.
func TestSamples(t *testing.T) {
	root, err := sitemaptest.Root()
	if err != nil {
		t.Fatal(err)
	}
	samples := filepath.Join(root, "internal", "sitemaptest", "testdata")
	_, err = sitemaptest.Validate(filepath.Join(samples, "valid", "index.xml"))
	schema := !errors.Is(err, sitemaptest.ErrNoXmllint)
	if !schema {
		t.Log(err, "(not comparing with the schema check)")
	}
	for _, kind := range []string{"valid", "invalid"} {
		dir := filepath.Join(samples, kind)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			name := filepath.Join(dir, e.Name())
			wantOK := kind == "valid"
			// A feed is a sitemap by the protocol, which the schema
			// check, knowing only <urlset> and <sitemapindex>, refuses.
			feed := e.Name() == "feed.xml"
			t.Run(kind+"/"+e.Name(), func(t *testing.T) {
				t.Parallel()
				problems, _, err := Check([]string{name}, Options{})
				if err != nil {
					t.Fatal(err)
				}
				ok := len(problems) == 0
				if ok != wantOK {
					t.Errorf("passes = %v, want %v; problems: %v", ok, wantOK, problems)
				}
				if schema && !feed {
					out, err := sitemaptest.Validate(name)
					if (err == nil) != ok {
						t.Errorf("Check passes = %v, the schema check passes = %v; problems: %v\n%s", ok, err == nil, problems, out)
					}
				}
			})
		}
	}
	t.Run("valid folder", func(t *testing.T) {
		t.Parallel()
		dir := filepath.Join(samples, "valid")
		problems, checked, err := Check([]string{dir}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) != 0 || checked != 5 {
			t.Errorf("checked %d files, want 5; problems: %v", checked, problems)
		}
		if schema {
			if out, err := sitemaptest.Validate(dir); err != nil {
				t.Errorf("the schema check fails %s: %v\n%s", dir, err, out)
			}
		}
	})
}

func BenchmarkCheck(b *testing.B) {
	dir := b.TempDir()
	writeFiles(b, dir, map[string]string{"sitemap.xml": urlset(urls(50000))})
	b.ReportAllocs()
	for b.Loop() {
		problems, _, err := Check([]string{dir}, Options{})
		if err != nil || len(problems) > 0 {
			b.Fatal(err, problems)
		}
	}
}

// plain is the problem as "file:line: msg", without its kind: what the
// tables of problems compare.
func plain(p Problem) string { return diag.At(p.File, p.Line, p.Msg).Error() }
