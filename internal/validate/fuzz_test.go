package validate

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

// FuzzCheck feeds arbitrary bytes to Check as a sitemap file, plain and
// gzipped: it must not panic or fail with an error (a bad file is
// problems, not an error), every problem names the file, and no more than
// maxProblems and the count of the rest are listed. It checks each input
// again under small limits (bytes, depth, elements), so that the fuzzer
// reaches them.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc><lastmod>2024-05-01</lastmod><changefreq>daily</changefreq><priority>0.5</priority></url></urlset>`,
		`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://example.com/sitemap-1.xml</loc></sitemap></sitemapindex>`,
		`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>https://example.com/de/</loc><xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/></url></urlset>`,
		`<urlset><url><loc>/a</loc></url></urlset>`,
		`<?xml version="1.0" encoding="ISO-8859-1"?><urlset/>`,
		`<rss version="2.0"></rss>`,
		"",
		`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + strings.Repeat("<a:b xmlns:a='urn:a'>", 100),
		`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + strings.Repeat("<url><loc>https://example.com/</loc></url>", 40) + `</urlset>`,
		`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><!--` + strings.Repeat("x", 2000) + `--></urlset>`,
		`<!DOCTYPE urlset [<!ENTITY a "x &amp; &#38;"><!ENTITY % p "&#60;!ELEMENT b ANY>">%p;<!ELEMENT urlset (url|(b,c)*)+><!ATTLIST url k (x|y) #FIXED 'x'><?pi t?>]><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>`,
	} {
		f.Add([]byte(s), false)
	}
	dir := f.TempDir() // a worker runs one input at a time: one folder will do
	f.Fuzz(func(t *testing.T, data []byte, gz bool) {
		defer fuzzbound.Check(t)()
		name := "sitemap.xml"
		if gz {
			var b bytes.Buffer
			w := gzip.NewWriter(&b)
			w.Write(data)
			w.Close()
			data, name = b.Bytes(), "sitemap.xml.gz"
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(path)
		for _, opts := range []Options{
			{BaseURL: "https://example.com/"},
			{BaseURL: "https://example.com/", MaxBytes: 512, MaxDepth: 4, MaxElements: 16},
		} {
			problems, _, err := Check([]string{path}, opts)
			if err != nil {
				t.Fatalf("Check: %v", err)
			}
			if len(problems) > maxProblems+1 {
				t.Errorf("%d problems listed, want at most %d", len(problems), maxProblems+1)
			}
			for _, p := range problems {
				if !strings.HasPrefix(p.String(), p.File) || p.Msg == "" {
					t.Errorf("problem %q does not name its file or says nothing", p)
				}
			}
		}
	})
}
