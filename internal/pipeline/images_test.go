package pipeline

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// TestRunImages builds a site of every kind of image source with images
// on: each URL's images, the warning of a page past the limit, and the
// output valid against the image schema.
func TestRunImages(t *testing.T) {
	var many strings.Builder
	for i := range 1500 {
		fmt.Fprintf(&many, "<img src=\"/many/%d.png\">\n", i)
	}
	root := pages(t, map[string]string{
		"index.html": `<head><meta property="og:image" content="https://example.com/og.png"></head>` +
			`<body><img src="/logo.png"><img src="data:image/png;base64,AAAA"><img src="logo.png"></body>`,
		"blog/post.html": `<head><base href="/static/"></head><body><nav><img src="/nav.png"></nav>` +
			`<article><picture><source srcset="hero.avif 1x, hero@2x.avif 2x"><img src="hero.jpg" srcset="hero-800.jpg 800w, hero-1600.jpg 1600w"></picture>` +
			`<img src="//example.com/p.png"><img src="//cdn.example.net/c.png"><img src="https://elsewhere.example/e.png"></article></body>`,
		"docs/a.html":   `<main><img src="../up.png"><img src="img/x.png"></main><footer><img src="/footer.png"></footer>`,
		"plain.html":    `<title>no images</title>`,
		"many.html":     many.String(),
		"noindex.html":  `<meta name="robots" content="noindex"><img src="/hidden.png">`,
		"not-html.txt":  `<img src="/text.png">`,
		"docs/b/c.html": `<img srcset=" a.png 1x , b.png 2x ">`,
	})
	var warns []string
	opts := Options{Root: root, Heads: Heads{Read: true},
		Map:    mapping.Options{BaseURL: base, Images: true, ImageHosts: []string{"https://cdn.example.net"}},
		Report: Report{Warn: func(path string, err error) { warns = append(warns, path+": "+err.Error()) }}}
	res, err := Run(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		base: {base + "og.png", base + "logo.png"},
		base + "blog/post.html": {base + "static/hero.avif", base + "static/hero@2x.avif", base + "static/hero.jpg",
			base + "static/hero-800.jpg", base + "static/hero-1600.jpg", base + "p.png", "https://cdn.example.net/c.png"},
		base + "docs/a.html":   {base + "up.png", base + "docs/img/x.png"},
		base + "docs/b/c.html": {base + "docs/b/a.png", base + "docs/b/b.png"},
	}
	for i := range res.URLs.Len() {
		u := res.URLs.At(i)
		var got []string
		for _, im := range u.Images {
			got = append(got, im.Loc)
		}
		switch {
		case u.Loc == base+"many.html":
			if len(got) != sitemap.MaxImages || got[999] != base+"many/999.png" {
				t.Errorf("%s: %d images, the last %q", u.Loc, len(got), got[len(got)-1])
			}
		case !slices.Equal(got, want[u.Loc]):
			t.Errorf("%s: images %q\nwant %q", u.Loc, got, want[u.Loc])
		}
	}
	wantWarns := []string{"many.html: the page shows 1500 images; the first 1000 are listed, the most a URL may have"}
	if !slices.Equal(warns, wantWarns) {
		t.Errorf("warnings %q, want %q", warns, wantWarns)
	}
	sitemaptest.MustValidate(t, root)

	// Off, the same site has no images, and its sitemap no image
	// namespace.
	opts.Map.Images = false
	if res, err = Run(t.Context(), opts); err != nil {
		t.Fatal(err)
	}
	for i := range res.URLs.Len() {
		if u := res.URLs.At(i); len(u.Images) > 0 {
			t.Errorf("images off: %s has %d", u.Loc, len(u.Images))
		}
	}
	if got := readOutputs(t, root)["sitemap.xml"]; strings.Contains(got, "sitemap-image") {
		t.Errorf("images off: the image namespace declared:\n%s", got)
	}
}
