package validate

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Read hands out each entry's values and alternates, trimmed, whatever
// the protocol says of them, and fails only where reading stops.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	urlset := write("a.xml", `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
<url><loc> https://example.com/a </loc><lastmod>2024-01-02</lastmod><changefreq>daily</changefreq><priority>0.8</priority>
  <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/a"/></url>
<url><priority>2</priority><loc>https://example.com/b</loc></url>
<url><lastmod>2024-01-02</lastmod></url>
</urlset>
`)
	var got []Entry
	index, err := Read(context.Background(), urlset, Options{}, func(e Entry) { got = append(got, e) })
	want := []Entry{
		{Loc: "https://example.com/a", LastMod: "2024-01-02", ChangeFreq: "daily", Priority: "0.8", Alternates: []Alternate{{Lang: "de", Href: "https://example.com/de/a"}}, Line: 3},
		{Loc: "https://example.com/b", Priority: "2", Line: 5}, // out of order and out of range: still read
	}
	if err != nil || index || !slices.EqualFunc(got, want, func(a, b Entry) bool {
		return a.Loc == b.Loc && a.LastMod == b.LastMod && a.ChangeFreq == b.ChangeFreq && a.Priority == b.Priority && a.Line == b.Line && slices.Equal(a.Alternates, b.Alternates)
	}) {
		t.Errorf("Read = %+v, %v, %v; want %+v", got, index, err, want)
	}

	idx := write("index.xml", `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://example.com/a.xml</loc></sitemap></sitemapindex>`)
	got = nil
	if index, err := Read(context.Background(), idx, Options{}, func(e Entry) { got = append(got, e) }); err != nil || !index || len(got) != 1 {
		t.Errorf("index: %v %v %v", got, index, err)
	}

	for _, tt := range []struct{ name, data, want string }{
		{"empty.xml", "", "empty.xml: not a sitemap: no root element found"},
		{"garbage.xml", "\x00\x01garbage<<", "garbage.xml:1: not well-formed XML"},
		{"html.xml", "<html></html>", "html.xml:1: not a sitemap: root element is <html>"},
		{"cut.xml", `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a</loc>`, "cut.xml:1: not well-formed XML"},
		{"deep.xml", `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + strings.Repeat("<x:a xmlns:x=\"u:x\">", 40), "deep.xml:1: elements nested more than 16 deep"},
		{"big.xml", `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + strings.Repeat("<url><loc>https://example.com/a</loc></url>\n", 100), "more than 1000 bytes"},
	} {
		p := write(tt.name, tt.data)
		_, err := Read(context.Background(), p, Options{MaxBytes: 1000, MaxDepth: 16}, func(Entry) {})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}
