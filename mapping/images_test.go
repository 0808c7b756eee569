package mapping

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/walker"
)

// imagesOf maps the page at path with images srcs and returns the locs of
// its images and its warnings.
func imagesOf(t *testing.T, opts Options, path string, h htmlhead.Head, srcs ...string) ([]string, []string) {
	t.Helper()
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	d := m.Map(Page{File: walker.File{Path: path}, Head: &h, Images: srcs})
	if d.Skip != "" {
		t.Fatalf("%s left out: %s", path, d.Skip)
	}
	var locs []string
	for _, im := range d.URL.Images {
		locs = append(locs, im.Loc)
	}
	return locs, d.Warnings
}

func TestImages(t *testing.T) {
	on := Options{BaseURL: "https://example.com/docs/", Images: true}
	cdn := on
	cdn.ImageHosts = []string{"https://cdn.example.net"}
	tests := []struct {
		name string
		opts Options
		path string
		head htmlhead.Head
		srcs []string
		want []string
	}{
		{"relative to the page", on, "guide/a.html", htmlhead.Head{}, []string{"img/x.png", "../logo.svg", "/docs/abs.png"},
			[]string{"https://example.com/docs/guide/img/x.png", "https://example.com/docs/logo.svg", "https://example.com/docs/abs.png"}},
		{"folder page", on, "guide/index.html", htmlhead.Head{}, []string{"x.png"}, []string{"https://example.com/docs/guide/x.png"}},
		{"base href", on, "guide/a.html", htmlhead.Head{Base: "/docs/static/"}, []string{"x.png"}, []string{"https://example.com/docs/static/x.png"}},
		{"protocol-relative", on, "a.html", htmlhead.Head{}, []string{"//example.com/docs/p.png", "//cdn.example.net/c.png"}, []string{"https://example.com/docs/p.png"}},
		{"outside the base URL, other hosts", on, "a.html", htmlhead.Head{}, []string{"/other/x.png", "https://cdn.example.net/c.png", "http://example.com/docs/http.png"}, nil},
		{"allowed host", cdn, "a.html", htmlhead.Head{}, []string{"//cdn.example.net/c.png", "https://CDN.example.net/d.png?w=100&h=50", "https://cdn2.example.net/no.png"},
			[]string{"https://cdn.example.net/c.png", "https://cdn.example.net/d.png?w=100&h=50"}},
		{"deduplicated in order, fragments dropped", on, "a.html", htmlhead.Head{}, []string{"b.png", "a.png", "b.png#x", "./a.png", "c.png"},
			[]string{"https://example.com/docs/b.png", "https://example.com/docs/a.png", "https://example.com/docs/c.png"}},
		{"encoded", on, "a.html", htmlhead.Head{}, []string{"my photo é.jpg", "q.png?a=b c"},
			[]string{"https://example.com/docs/my%20photo%20%C3%A9.jpg", "https://example.com/docs/q.png?a=b%20c"}},
		{"no URLs", on, "a.html", htmlhead.Head{}, []string{"javascript:void(0)", "blob:https://example.com/x", "http://[bad"}, nil},
		{"off", Options{BaseURL: "https://example.com/docs/"}, "a.html", htmlhead.Head{}, []string{"x.png"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, warnings := imagesOf(t, tt.opts, tt.path, tt.head, tt.srcs...)
			if !slices.Equal(got, tt.want) || len(warnings) > 0 {
				t.Errorf("images %q (warnings %q), want %q", got, warnings, tt.want)
			}
		})
	}
}

// TestImagesLimit: of 1,500 images (and repeats) the first 1,000 are
// listed, with a warning that counts them all.
func TestImagesLimit(t *testing.T) {
	var srcs []string
	for i := range 1500 {
		srcs = append(srcs, fmt.Sprintf("/img/%d.png", i), fmt.Sprintf("/img/%d.png", i/2))
	}
	got, warnings := imagesOf(t, Options{BaseURL: "https://example.com/", Images: true}, "a.html", htmlhead.Head{}, srcs...)
	if len(got) != 1000 || got[0] != "https://example.com/img/0.png" || got[999] != "https://example.com/img/999.png" {
		t.Errorf("%d images, from %q to %q; want 1000, /img/0.png to /img/999.png", len(got), got[0], got[len(got)-1])
	}
	want := "the page shows 1500 images; the first 1000 are listed, the most a URL may have"
	if len(warnings) != 1 || warnings[0] != want {
		t.Errorf("warnings %q, want %q", warnings, want)
	}
}

// TestImagesDevServer: a dev server's loopback origin is the base URL's.
func TestImagesDevServer(t *testing.T) {
	got, _ := imagesOf(t, Options{BaseURL: "https://example.com/", Images: true, DevServer: true}, "a.html",
		htmlhead.Head{Base: "http://localhost:1313/"}, "x.png")
	if strings.Join(got, " ") != "https://example.com/x.png" {
		t.Errorf("images %q, want https://example.com/x.png", got)
	}
}

// TestPlainResolver: a link as Hugo writes an hreflang href, absolute on
// the page's origin, its path in EncodePath's form (escapes too), is
// resolved without NormalizeURL and given back as written, without
// making the string again; an escape EncodePath would not write is left
// to NormalizeURL.
func TestPlainResolver(t *testing.T) {
	m, err := New(Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	base, _ := url.Parse("https://example.com/fr/docs/%D1%80%D1%83/board/")
	r := m.plainResolver(base)
	for _, tt := range []struct {
		src, want string
		ok        bool
	}{
		{"https://example.com/docs/%D1%80%D1%83/board/", "https://example.com/docs/%D1%80%D1%83/board/", true},
		{"https://example.com/tips%20%23%20tricks/a%2Fb/", "https://example.com/tips%20%23%20tricks/a%2Fb/", true},
		{"../x%20y.html", "https://example.com/fr/docs/%D1%80%D1%83/x%20y.html", true},
		{"https://example.com/%d1%80/", "", false}, // NormalizeURL writes %D1
		{"https://example.com/%41/", "", false},    // and A
		{"https://example.com/a%2E%2E/", "", false},
		{"https://example.com/a%/", "", false},
		{"https://example.com/a%26b/", "", false}, // & is kept as it is
	} {
		got, ok := r.resolve(tt.src)
		if got != tt.want || ok != tt.ok {
			t.Errorf("resolve(%q) = %q, %v; want %q, %v", tt.src, got, ok, tt.want, tt.ok)
		}
		if want, err := NormalizeURL(tt.src, base); ok && (err != nil || want != got) {
			t.Errorf("resolve(%q) = %q; NormalizeURL says %q (%v)", tt.src, got, want, err)
		}
	}
	src := "https://example.com/docs/%D1%80%D1%83/board/"
	if n := testing.AllocsPerRun(100, func() { r.resolve(src) }); n != 0 {
		t.Errorf("resolve(%q): %v allocations, want none (the href as written)", src, n)
	}
}

// FuzzPlainResolver holds the fast resolution of plain image sources to
// NormalizeURL's: where the fast one answers, the two agree.
func FuzzPlainResolver(f *testing.F) {
	for _, s := range [][2]string{
		{"https://example.com/a/b/", "cover.png"}, {"https://example.com/a/b/c.html", "../x/./y.jpg"},
		{"https://Example.COM:443/a/", "/images/a.png"}, {"http://example.com:8080/", "a/../../b"},
		{"https://example.com/a%20b/", "c.png"}, {"https://example.com/", "x:y.png"}, {"https://example.com/a/", "."},
		{"https://example.com/docs/a/", "HTTPS://EXAMPLE.com/x.png"}, {"https://example.com/docs/a/", "//example.com"},
		{"https://example.com/docs/", "https://example.com:443/x.png"}, {"https://example.com/docs/", "http://example.com/x.png"},
		{"https://example.com/docs/%D1%80/", "https://example.com/fr/docs/%D1%80/a/"}, {"https://example.com/a%2Fb/c", "d%20e.png"},
		{"https://example.com/", "%41.png"}, {"https://example.com/", "%d1%80.png"}, {"https://example.com/", "a%2"}, {"https://example.com/", "%2E%2E/a"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, base, src string) {
		defer fuzzbound.Check(t)()
		b, err := url.Parse(base)
		if err != nil {
			return
		}
		got, ok := newPlainResolver(b).resolve(src)
		if m, err := New(Options{BaseURL: "https://example.com/docs/"}); err == nil {
			if got2, ok2 := m.plainResolver(b).resolve(src); ok2 != ok || got2 != got {
				t.Fatalf("base %q, src %q: the Mapper's resolver says %q %v, a new one %q %v", base, src, got2, ok2, got, ok)
			}
			if r, ok3 := m.locResolver(base); ok3 {
				if got3, ok4 := r.resolve(src); ok4 != ok || got3 != got {
					t.Fatalf("base %q, src %q: the resolver of the loc unparsed says %q %v, of the URL parsed %q %v", base, src, got3, ok4, got, ok)
				}
			}
		}
		if !ok {
			return
		}
		want, err := NormalizeURL(src, b)
		if err != nil || got != want {
			t.Fatalf("base %q, src %q: fast %q, NormalizeURL %q (%v)", base, src, got, want, err)
		}
	})
}

// TestMapHreflangAllocs: a page's hreflang links, absolute on the site's
// origin as generators write them, cost its record their two slices
// (the alternates and their lines): their hrefs are kept as the head
// gave them, and the page's URL is not parsed to resolve them.
func TestMapHreflangAllocs(t *testing.T) {
	m, err := New(Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	f := walker.File{Path: "fr/docs/%D1%80/board/index.html", ModTime: time.Unix(1700000000, 0)}
	loc := "https://example.com/fr/docs/%25D1%2580/board/"
	plain := &htmlhead.Head{Canonical: loc}
	translated := &htmlhead.Head{Canonical: loc, Alternates: []htmlhead.Alternate{
		{Lang: "en", Href: "https://example.com/docs/%25D1%2580/board/", Line: 5},
		{Lang: "fr", Href: loc, Line: 6},
		{Lang: "de", Href: "https://example.com/de/docs/%25D1%2580/board/", Line: 7},
		{Lang: "x-default", Href: "https://example.com/docs/%25D1%2580/board/", Line: 8},
	}}
	if d := m.Map(Page{File: f, Head: translated}); d.Skip != "" || len(d.URL.Alternates) != 4 || d.URL.Loc != loc {
		t.Fatalf("decision %+v", d)
	}
	a := testing.AllocsPerRun(100, func() { m.Map(Page{File: f, Head: plain}) })
	b := testing.AllocsPerRun(100, func() { m.Map(Page{File: f, Head: translated}) })
	if raceEnabled {
		t.Skip("the race detector changes allocation counts; test.sh's allocation budget step runs this test without it")
	}
	if b-a > 2 {
		t.Errorf("%v allocations with four hreflang links, %v without: want 2 more at most", b, a)
	}
}

// TestMapCanonicalAllocs: a page whose canonical link names itself
// takes the link's string as its URL, and allocates nothing; an AMP copy
// whose canonical link names its page, on the page's origin, is left
// out without parsing a URL: two allocations (its URL, the reason's
// text).
func TestMapCanonicalAllocs(t *testing.T) {
	m, err := New(Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	f := walker.File{Path: "amp/docs/a b/index.html", ModTime: time.Unix(1700000000, 0)}
	self := &htmlhead.Head{Canonical: "https://example.com/amp/docs/a%20b/"}
	amp := &htmlhead.Head{Canonical: "https://example.com/docs/a%20b/"}
	if d := m.Map(Page{File: f, Head: amp}); d.Skip != NotCanonical || d.Because != "canonical https://example.com/docs/a%20b/" {
		t.Fatalf("decision %+v", d)
	}
	a := testing.AllocsPerRun(100, func() { m.Map(Page{File: f, Head: self}) })
	b := testing.AllocsPerRun(100, func() { m.Map(Page{File: f, Head: amp}) })
	if raceEnabled {
		t.Skip("the race detector changes allocation counts; test.sh's allocation budget step runs this test without it")
	}
	if a > 0 {
		t.Errorf("%v allocations for a page canonical itself, want none", a)
	}
	if b-a > 2 {
		t.Errorf("%v allocations for a page canonical elsewhere, %v for one canonical itself: want 2 more at most", b, a)
	}
}

// FuzzCanonicalElsewhere holds canonicalElsewhere, where it knows, to
// judgeCanonical: the same verdict, reason and warnings.
func FuzzCanonicalElsewhere(f *testing.F) {
	for _, s := range [][2]string{
		{"amp/a/", "https://example.com/docs/a/"}, {"a.html", "a"}, {"a/", "../a/index.html"}, {"a/b", "https://example.com/docs/a/b.html"},
		{"x%20y/", "/docs/x%20y/"}, {"a/", "HTTPS://EXAMPLE.COM/docs/a/"}, {"a/", "https://example.com/a/"}, {"a/", "?q"},
	} {
		f.Add(s[0], s[1])
	}
	m, err := New(Options{BaseURL: "https://example.com/docs/"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, path, canonical string) {
		defer fuzzbound.Check(t)()
		loc := "https://example.com/docs/" + path
		base, err := url.Parse(loc)
		if err != nil || canonical == loc {
			return
		}
		var fast, slow Decision
		fast.URL.Loc, slow.URL.Loc = loc, loc
		skip, known := m.canonicalElsewhere(&fast, "", canonical)
		if !known {
			return
		}
		if skip2 := m.judgeCanonical(&slow, canonical, base); skip2 != skip || fast.Skip != slow.Skip || fast.Because != slow.Because ||
			fast.URL.Loc != slow.URL.Loc || !slices.Equal(fast.Warnings, slow.Warnings) {
			t.Fatalf("loc %q, canonical %q: canonicalElsewhere %v %+v, judgeCanonical %v %+v", loc, canonical, skip, fast, skip2, slow)
		}
	})
}
