package sitediff

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/validate"
)

const (
	head = `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n"
	tail = "</urlset>\n"
)

func write(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(name, ".gz") {
		var b bytes.Buffer
		z := gzip.NewWriter(&b)
		z.Write([]byte(data))
		z.Close()
		data = b.String()
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func locs(s Set) []string {
	var out []string
	for _, u := range s {
		out = append(out, u.Loc)
	}
	return out
}

func load(t *testing.T, p string) Set {
	t.Helper()
	s, err := Load(context.Background(), p, validate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A set is read from a file, an index with its files beside it (by the
// end of their URLs' paths, gzipped too), the text form, or a folder by
// its robots.txt or its sitemap.xml; sorted, each URL once.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "dl/sitemap_index.xml", `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://example.com/blog/sitemap-1.xml</loc></sitemap>
<sitemap><loc>https://example.com/en/sitemap.xml.gz</loc></sitemap>
<sitemap><loc>https://example.com/sitemap_index.xml</loc></sitemap>
</sitemapindex>`)
	write(t, dir, "dl/sitemap-1.xml", head+"<url><loc>https://example.com/b</loc></url>\n<url><loc>https://example.com/a</loc></url>\n"+tail)
	write(t, dir, "dl/en/sitemap.xml.gz", head+"<url><loc>https://example.com/en/</loc></url>\n<url><loc>https://example.com/a</loc></url>\n"+tail)
	want := []string{"https://example.com/a", "https://example.com/b", "https://example.com/en/"}
	if got := locs(load(t, filepath.Join(dir, "dl/sitemap_index.xml"))); !slices.Equal(got, want) {
		t.Errorf("index: %q, want %q", got, want)
	}
	write(t, dir, "dl/robots.txt", "User-agent: *\nDisallow:\nsitemap: https://example.com/sitemap_index.xml # the index\n")
	if got := locs(load(t, filepath.Join(dir, "dl"))); !slices.Equal(got, want) {
		t.Errorf("folder by robots.txt: %q, want %q", got, want)
	}
	write(t, dir, "txt/sitemap.txt", "\uFEFFhttps://example.com/x\n\nhttps://example.com/w\r\n")
	if got := locs(load(t, filepath.Join(dir, "txt"))); !slices.Equal(got, []string{"https://example.com/w", "https://example.com/x"}) {
		t.Errorf("text: %q", got)
	}

	for _, tt := range []struct{ name, data, want string }{
		{"missing/sitemap.xml", `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n<sitemap><loc>https://example.com/s-2.xml</loc></sitemap></sitemapindex>", "missing/sitemap.xml:2: index entry https://example.com/s-2.xml: no file s-2.xml beside the index; download it there"},
		{"bad.txt", "https://example.com/a\n<html>\n", "bad.txt:2: not a text sitemap: a line is one absolute URL; got \"<html>\""},
		{"empty/sitemap.xml", "", "sitemap.xml: not a sitemap: no root element found"},
		{"none/index.html", "", "none: no sitemap found"},
		{"robots/robots.txt", "Sitemap: https://example.com/gone.xml\n", "robots/robots.txt:1: Sitemap: https://example.com/gone.xml: no file gone.xml in"},
	} {
		p := write(t, dir, tt.name, tt.data)
		if strings.HasSuffix(tt.name, "index.html") || strings.HasSuffix(tt.name, "robots.txt") {
			p = filepath.Dir(p)
		}
		if _, err := Load(context.Background(), p, validate.Options{}); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	if _, err := Load(context.Background(), filepath.Join(dir, "nothing"), validate.Options{}); err == nil || !strings.HasSuffix(err.Error(), "nothing: no such file or folder") {
		t.Errorf("no such file: %v", err)
	}
	big := write(t, dir, "big.txt", strings.Repeat("https://example.com/a\n", 100))
	if _, err := Load(context.Background(), big, validate.Options{MaxBytes: 1000}); err == nil || !strings.Contains(err.Error(), "more than 1000 bytes") {
		t.Errorf("big text: %v", err)
	}
}

// sitemapgen's index lists other applications' sitemaps (index.extra),
// which are not beside it: with the folder's record (Options.Recorded),
// they are not the set's; without it, an entry with no file is an error.
func TestLoadExtra(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "sitemap.xml", `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://example.com/sitemap-blog-1-0123456789.xml</loc></sitemap>
<sitemap><loc>https://example.com/shop/sitemap.xml.gz</loc></sitemap>
<sitemap><loc>https://example.com/app-sitemap.xml</loc></sitemap>
</sitemapindex>`)
	write(t, dir, "sitemap-blog-1-0123456789.xml", head+"<url><loc>https://example.com/blog/</loc></url>\n"+tail)
	recorded := func(got string) ([]string, error) {
		if got != dir {
			t.Errorf("Recorded(%q), want the index's folder", got)
		}
		return []string{"sitemap.xml", "sitemap-blog-1-0123456789.xml"}, nil
	}
	s, err := Load(context.Background(), p, validate.Options{Recorded: recorded})
	if err != nil {
		t.Fatal(err)
	}
	if got := locs(s); !slices.Equal(got, []string{"https://example.com/blog/"}) {
		t.Errorf("%q, want the blog's URL", got)
	}
	if _, err := Load(context.Background(), p, validate.Options{}); err == nil || !strings.Contains(err.Error(), "no file sitemap.xml.gz beside the index") {
		t.Errorf("without a record: %v", err)
	}
}

// Compare walks the sorted sets once: added, removed (gone or not) and
// changed URLs, with the values that differ.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	old := load(t, write(t, dir, "old.xml", head+`<url><loc>https://example.com/a</loc><lastmod>2024-01-02</lastmod></url>
<url><loc>https://example.com/b</loc><changefreq>daily</changefreq></url>
<url><loc>https://example.com/c</loc><xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/c"/><xhtml:link rel="alternate" hreflang="fr" href="https://example.com/fr/c"/><xhtml:link rel="alternate" hreflang="it" href="https://example.com/it/c"/></url>
<url><loc>https://example.com/gone</loc></url>
<url><loc>https://example.com/moved</loc></url>
<url><loc>https://example.com/stub/</loc></url>
<url><loc>https://example.com/same</loc><priority>0.3</priority></url>
<url><loc>https://example.com/zone</loc><lastmod>2024-06-01T00:00:00+00:00</lastmod></url>
<url><loc>https://example.com/zone2</loc><lastmod>2024-06-01T02:00+02:00</lastmod></url>
`+tail))
	new := load(t, write(t, dir, "new.xml", head+`<url><loc>https://example.com/a</loc><lastmod>2024-03-04</lastmod><priority>0.8</priority></url>
<url><loc>https://example.com/b</loc></url>
<url><loc>https://example.com/c</loc><xhtml:link rel="alternate" hreflang="it" href="https://example.com/it/c"/><xhtml:link rel="alternate" hreflang="fr" href="https://example.com/fr/c2"/><xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/c"/></url>
<url><loc>https://example.com/new</loc></url>
<url><loc>https://example.com/same</loc><priority>0.3</priority></url>
<url><loc>https://example.com/zone</loc><lastmod>2024-06-01T00:00:00Z</lastmod></url>
<url><loc>https://example.com/zone2</loc><lastmod>2024-06-01T00:00:00Z</lastmod><priority>0.4</priority></url>
`+tail))
	site := filepath.Join(dir, "site")
	write(t, site, "stub/index.html", `<meta http-equiv="refresh" content="0; url=/">`)
	write(t, site, "_redirects", "/moved /new 301\n")
	rules, _, err := host.LoadRedirects(true, limits.Default, site)
	if err != nil {
		t.Fatal(err)
	}
	cs := Compare(old, new, &Site{Dir: site, Redirects: rules})
	var got []string
	for _, c := range cs {
		s := string(c.Op) + " " + c.URL
		if c.Gone {
			s += " gone"
		}
		for _, f := range c.Fields {
			s += " " + f.Name + "[" + f.Old + "|" + f.New + "]"
		}
		got = append(got, s)
	}
	want := []string{
		"~ https://example.com/a lastmod[2024-01-02|2024-03-04] priority[|0.8]",
		"~ https://example.com/b changefreq[daily|]",
		"~ https://example.com/c alternates[-de ~fr|+en ~fr]",
		"- https://example.com/gone gone",
		"- https://example.com/moved",
		"+ https://example.com/new",
		"- https://example.com/stub/",
		"~ https://example.com/zone2 priority[|0.4]", // the same instant, written otherwise: no change
	}
	if !slices.Equal(got, want) {
		t.Errorf("Compare:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if a, r, g, c := Count(cs); a != 1 || r != 3 || g != 1 || c != 4 {
		t.Errorf("Count = %d %d %d %d", a, r, g, c)
	}
	// Without a site nothing is judged; under a base URL, the site folder
	// is served there.
	for _, c := range Compare(old, new, nil) {
		if c.Gone {
			t.Errorf("without a site, %s gone", c.URL)
		}
	}
	s := &Site{Dir: site, BaseURL: "https://example.com/docs/"}
	if s.Gone("https://example.com/docs/stub/") || !s.Gone("https://example.com/stub/") {
		t.Errorf("under a base URL: %v %v", s.Gone("https://example.com/docs/stub/"), s.Gone("https://example.com/stub/"))
	}
	if len(Compare(old, old, nil)) != 0 {
		t.Error("a set differs from itself")
	}
}
