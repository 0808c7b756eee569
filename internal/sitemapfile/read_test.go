package sitemapfile_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/sitemapfile"
)

const (
	head     = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"
	urlsetNS = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">`
)

// urlset wraps body, lines starting on line 3, in a <urlset> with the
// xhtml and image namespaces declared.
func urlset(body string) string { return head + urlsetNS + "\n" + body + "\n</urlset>\n" }

// urls returns n <url> entries, one a line.
func urls(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "<url><loc>https://example.com/page/%d/</loc></url>\n", i)
	}
	return b.String()
}

// gz compresses s; stored writes it in a gzip stream without
// compression, longer than s.
func gz(s string) string     { return compress(s, gzip.DefaultCompression) }
func stored(s string) string { return compress(s, gzip.NoCompression) }

func compress(s string, level int) string {
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, level)
	z.Write([]byte(s))
	z.Close()
	return b.String()
}

// A readCase is a file and the limits it is read within, with what Read
// gives: its entries, or the error it fails with (want, the error's
// text, its folder cut).
type readCase struct {
	name, file, data string
	lim              sitemapfile.Limits
	entries          []sitemapfile.Entry
	index            bool
	want             string
}

// laughs is the "billion laughs" entity bomb: entities that expand to
// gigabytes, were they expanded.
const laughs = `<!DOCTYPE urlset [
<!ENTITY lol "lol">
<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
`

// readCases are the corpus of Read's tests: read here for what Read
// gives, and by package validate's ReadIn as well in TestSameAsValidate.
var readCases = []readCase{
	{
		name: "urlset", file: "a.xml",
		data: urlset(`<url><loc> https://example.com/a </loc><lastmod>2024-01-02</lastmod><changefreq>daily</changefreq><priority>0.8</priority>
  <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/a"/><xhtml:link rel="ALTERNATE " hreflang=" fr" href=" https://example.com/fr/a "/><xhtml:link rel="alternate" href="https://example.com/m/a" media="x"/></url>
<url><priority>2</priority><loc>https://example.com/b</loc><loc>https://example.com/second</loc></url>
<url><lastmod>2024-01-02</lastmod></url>
<url><loc>https://example.com/c</loc><image:image><image:loc>https://example.com/c.png</image:loc></image:image><x:loc xmlns:x="urn:x">https://example.com/not</x:loc></url>`),
		entries: []sitemapfile.Entry{
			{Loc: "https://example.com/a", LastMod: "2024-01-02", ChangeFreq: "daily", Priority: "0.8", Line: 3, Alternates: []sitemapfile.Alternate{
				{Lang: "de", Href: "https://example.com/de/a"}, {Lang: "fr", Href: "https://example.com/fr/a"}}},
			{Loc: "https://example.com/b", Priority: "2", Line: 5}, // out of order and out of range: still read
			{Loc: "https://example.com/c", Line: 7},
		},
	},
	{
		name: "index", file: "index.xml.gz",
		data:    gz(head + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://example.com/a.xml</loc><lastmod>2024-05-01</lastmod><changefreq>daily</changefreq></sitemap></sitemapindex>`),
		entries: []sitemapfile.Entry{{Loc: "https://example.com/a.xml", LastMod: "2024-05-01", Line: 2, Index: true}},
		index:   true,
	},
	{
		name: "text", file: "sitemap.txt",
		data:    "\uFEFFhttps://example.com/a\n\n  https://example.com/b  \r\nHTTP://example.com/c\n",
		entries: []sitemapfile.Entry{{Loc: "https://example.com/a", Line: 1}, {Loc: "https://example.com/b", Line: 3}, {Loc: "HTTP://example.com/c", Line: 4}},
	},
	{
		name: "gzip whatever its name", file: "a.xml",
		data:    gz(urlset(urls(2))),
		entries: []sitemapfile.Entry{{Loc: "https://example.com/page/0/", Line: 3}, {Loc: "https://example.com/page/1/", Line: 4}},
	},
	{
		name: "no namespace, ISO-8859-1 declared", file: "a.xml",
		data:    `<?xml version="1.0" encoding="ISO-8859-1"?><urlset><url><loc>https://example.com/</loc></url><x:url><loc>https://example.com/x</loc></x:url></urlset>`,
		entries: []sitemapfile.Entry{{Loc: "https://example.com/", Line: 1}},
	},
	{name: "empty", file: "empty.xml", want: "empty.xml: not a sitemap: no root element found"},
	{name: "garbage", file: "garbage.xml", data: "\x00\x01garbage<<", want: "garbage.xml:1: not well-formed XML"},
	{name: "html", file: "html.xml", data: "<html></html>", want: "html.xml:1: not a sitemap: root element is <html>, not <urlset> or <sitemapindex>, nor an RSS 2.0 or Atom feed"},
	{name: "cut", file: "cut.xml", data: urlset(urls(1))[:150], want: "cut.xml:2: not well-formed XML: unexpected EOF"},
	{name: "UTF-16", file: "a.xml", data: "\xff\xfe<\x00u\x00", want: "a.xml: file starts with a UTF-16 byte-order mark; sitemaps must be UTF-8"},
	{name: "gz not gzip", file: "a.xml.gz", data: "plain", want: "a.xml.gz: cannot decompress: the file is not gzip-compressed, though its name ends in .gz, nor XML"},
	{name: "gzip cut", file: "a.xml.gz", data: gz(urlset(urls(50)))[:200], want: "a.xml.gz: cannot decompress: unexpected EOF"},
	{name: "text not a URL", file: "sitemap.txt", data: "https://example.com/\n/about\n", want: `sitemap.txt:2: not a text sitemap: a line is one absolute URL; got "/about"`},
	{name: "text line too long", file: "sitemap.txt", data: "https://example.com/\n" + strings.Repeat("x", 70000), want: "sitemap.txt:2: not a text sitemap: a line longer than 65536 bytes"},
	{name: "entity bomb", file: "a.xml", data: head + laughs + urlset("<url><loc>&lol3;</loc></url>")[len(head):], want: "a.xml:9: not well-formed XML: invalid character entity &lol3;"},
	{name: "malformed DOCTYPE", file: "a.xml", data: head + `<!DOCTYPE urlset [<!ENTITY x "a & b">]>` + "\n" + urlset(urls(1))[len(head):], want: `a.xml:2: not well-formed XML: in the DOCTYPE declaration, "&" in the value of entity x begins no reference`},
	{name: "DOCTYPE inside the root", file: "a.xml", data: urlset("<!DOCTYPE urlset>"), want: "a.xml:3: not well-formed XML: a declaration (<!DOCTYPE) inside or after the root element"},
	{name: "DOCTYPE nested deep", file: "a.xml", data: "<!DOCTYPE urlset [<!ELEMENT urlset " + strings.Repeat("(", 100) + "url" + strings.Repeat(")", 100) + ">]>" + urlset(""), want: "a.xml:1: a content model of the DOCTYPE nested more than 64 deep; stopped reading here"},
	{name: "deep", file: "deep.xml", data: urlset(strings.Repeat(`<x:a xmlns:x="u:x">`, 40)), lim: sitemapfile.Limits{MaxDepth: 16}, want: "deep.xml:3: elements nested more than 16 deep"},
	{name: "deep at the default", file: "deep.xml", data: urlset(strings.Repeat(`<x:a xmlns:x="u:x">`, 80)), want: "deep.xml:3: elements nested more than 64 deep; stopped reading here"},
	{name: "elements", file: "a.xml", data: urlset(urls(100)), lim: sitemapfile.Limits{MaxElements: 50}, want: "a.xml:27: more than 50 elements; stopped reading here"},
	{name: "bytes", file: "a.xml", data: urlset(urls(100)), lim: sitemapfile.Limits{MaxBytes: 1000}, want: "a.xml:18: more than 1000 bytes: the protocol allows at most 1000 in one file; stopped reading here"},
	{name: "text bytes", file: "sitemap.txt", data: strings.Repeat("https://example.com/page/\n", 100), lim: sitemapfile.Limits{MaxBytes: 1000}, want: "sitemap.txt:39: more than 1000 bytes"},
	{name: "gzip bomb", file: "a.xml.gz", data: gz(urlset("<!--" + strings.Repeat("x", 1<<20) + "-->")), lim: sitemapfile.Limits{MaxBytes: 4096}, want: "a.xml.gz:3: more than 4096 bytes uncompressed: the protocol allows at most 4096 in one file; stopped reading here"},
	{name: "compressed bytes", file: "a.xml.gz", data: stored(urlset(urls(20))), lim: sitemapfile.Limits{MaxBytes: 1240}, want: "a.xml.gz:25: more than 1240 bytes compressed"},
}

// Read hands out each entry's values and alternates, trimmed, whatever
// the protocol says of them, and fails only where reading stops, at the
// file and line.
func TestRead(t *testing.T) {
	for _, tt := range readCases {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, tt.file, tt.data)
			var got []sitemapfile.Entry
			index, err := sitemapfile.Read(context.Background(), dir, tt.file, tt.lim, func(e sitemapfile.Entry) { got = append(got, e) })
			if tt.want != "" {
				if _, ok := errors.AsType[*diag.Diagnostic](err); !ok || !strings.HasPrefix(cut(err, dir), tt.want) {
					t.Errorf("Read = %v, want an error starting %q", err, tt.want)
				}
				return
			}
			if err != nil || index != tt.index || !reflect.DeepEqual(got, tt.entries) {
				t.Errorf("Read = %v, %v\n%+v\nwant %v\n%+v", index, err, got, tt.index, tt.entries)
			}
		})
	}
}

// A file is read inside its folder: a link out of it is refused, and a
// FIFO is not waited on.
func TestReadRefused(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	write(t, out, "secret.xml", urlset(urls(1)))
	if err := os.Symlink(filepath.Join(out, "secret.xml"), filepath.Join(dir, "out.xml")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../"+filepath.Base(out)+"/secret.xml", filepath.Join(dir, "rel.xml")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.xml"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"out.xml":  "out.xml: a symbolic link out of its folder (or to an absolute path): not followed",
		"rel.xml":  "rel.xml: a symbolic link out of its folder (or to an absolute path): not followed",
		"fifo.xml": "fifo.xml: not a regular file (a FIFO)",
		"none.xml": "none.xml: no such file or directory",
	} {
		called := false
		_, err := sitemapfile.Read(context.Background(), dir, name, sitemapfile.Limits{}, func(sitemapfile.Entry) { called = true })
		if err == nil || !strings.HasPrefix(cut(err, dir), want) || called {
			t.Errorf("%s: %v (entries read: %v), want %q", name, err, called, want)
		}
	}
}

// Read stops when its context is done: within a file, and when fn ends
// it, a few thousand tokens later at most.
func TestReadContext(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.xml", urlset(urls(20000)))
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := sitemapfile.Read(ctx, dir, "a.xml", sitemapfile.Limits{}, func(sitemapfile.Entry) {
		if n++; n == 10 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || n > 10+4096 {
		t.Errorf("Read = %v after %d entries; want context.Canceled within 4096 tokens of the 10th", err, n)
	}
}

// write writes data to the file name of dir.
func write(t testing.TB, dir, name, data string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// cut is err's text with the folder dir cut from its start.
func cut(err error, dir string) string {
	if err == nil {
		return "<nil>"
	}
	return strings.TrimPrefix(err.Error(), dir+string(filepath.Separator))
}

// datedURLs returns n <url> entries with a lastmod and two alternates,
// one a line.
func datedURLs(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `<url><loc>https://example.com/page/%d/</loc><lastmod>2024-05-01T10:00:00Z</lastmod>`+
			`<xhtml:link rel="alternate" hreflang="en" href="https://example.com/page/%d/"/>`+
			`<xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/page/%d/"/></url>`+"\n", i, i, i)
	}
	return b.String()
}
