package mapping

import (
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
)

// head reads a head from HTML, as the build does.
func head(t *testing.T, html string) *htmlhead.Head {
	t.Helper()
	h, err := (&htmlhead.HeadReader{}).Read(strings.NewReader(html))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestPolicy(t *testing.T) {
	mtime := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		name     string
		opts     Options
		path     string
		html     string
		loc      string // the Loc; "" for the page's own URL
		skip     Reason
		because  string
		warnings []string
	}{
		{name: "plain page", path: "a/index.html", html: `<title>a</title>`},
		{name: "noindex", path: "a/index.html", html: `<meta name="robots" content="noindex,follow">`,
			skip: NoIndex, because: `meta robots "noindex,follow"`},
		{name: "noindex kept when switched off", opts: Options{KeepNoIndex: true}, path: "a/index.html", html: `<meta name="robots" content="none">`},
		{name: "redirect stub", path: "old/index.html", html: `<link rel="canonical" href="https://example.com/new/"><meta http-equiv="refresh" content="0; url=https://example.com/new/">`,
			skip: Redirect, because: "meta refresh to https://example.com/new/"},
		{name: "relative redirect", path: "old/index.html", html: `<meta http-equiv="refresh" content="0;url=../new/">`,
			skip: Redirect, because: "meta refresh to https://example.com/new/"},
		{name: "redirect kept when switched off", opts: Options{KeepRedirects: true}, path: "old/index.html", html: `<meta http-equiv="refresh" content="0; url=/new/">`},
		{name: "delayed refresh is kept", path: "a/index.html", html: `<meta http-equiv="refresh" content="30; url=/">`,
			warnings: []string{"meta refresh to https://example.com/ after 30s: a temporary redirect; kept"}},
		{name: "refresh to itself is kept", path: "a/index.html", html: `<meta http-equiv="refresh" content="0; url=/a/">`,
			warnings: []string{"meta refresh reloads the page itself"}},
		{name: "refresh with no URL is kept", path: "a/index.html", html: `<meta http-equiv="refresh" content="60">`,
			warnings: []string{`meta refresh "60" has no URL; the page reloads itself`}},
		{name: "canonical is the page", path: "a b/index.html", html: `<link rel="canonical" href="https://EXAMPLE.com:443/a%20b/#top">`},
		{name: "canonical in another spelling", path: "café/index.html", html: `<link rel="canonical" href="https://example.com/café/">`},
		{name: "relative canonical", path: "a/index.html", html: `<link rel="canonical" href="./">`},
		{name: "canonical against base", path: "x/index.html", html: `<base href="/a/"><link rel="canonical" href="./">`,
			skip: NotCanonical, because: "canonical https://example.com/a/"},
		{name: "canonical elsewhere on the site", path: "print/a.html", html: `<link rel="canonical" href="/a/">`,
			skip: NotCanonical, because: "canonical https://example.com/a/"},
		{name: "canonical with a query is another URL", path: "a/index.html", html: `<link rel="canonical" href="/a/?lang=en">`,
			skip: NotCanonical, because: "canonical https://example.com/a/?lang=en"},
		{name: "canonical on another host", path: "a/index.html", html: `<link rel="canonical" href="https://other.example/a/">`,
			skip: CanonicalOffsite, because: "canonical https://other.example/a/",
			warnings: []string{"canonical URL https://other.example/a/ is on another host than the base URL https://example.com/"}},
		{name: "canonical drops the slash", path: "a/index.html", html: `<link rel="canonical" href="https://example.com/a">`,
			loc: "https://example.com/a", because: "the canonical link's form of https://example.com/a/"},
		{name: "canonical adds index.html", path: "a/index.html", html: `<link rel="canonical" href="/a/index.html">`,
			loc: "https://example.com/a/index.html", because: "the canonical link's form of https://example.com/a/"},
		{name: "canonical adds the slash", opts: Options{CleanURLs: true}, path: "a.html", html: `<link rel="canonical" href="/a/">`,
			loc: "https://example.com/a/", because: "the canonical link's form of https://example.com/a"},
		{name: "canonical with http is kept", path: "a/index.html", html: `<link rel="canonical" href="http://example.com/a/">`,
			warnings: []string{"canonical URL http://example.com/a/ uses http, the base URL https; kept as https://example.com/a/"}},
		{name: "canonical with http elsewhere", path: "print/index.html", html: `<link rel="canonical" href="http://example.com/a/">`,
			skip: NotCanonical, because: "canonical http://example.com/a/"},
		{name: "canonical is the clean URL", path: "about.html", html: `<link rel="canonical" href="/about">`,
			loc: "https://example.com/about", because: "the canonical link's form of https://example.com/about.html"},
		{name: "canonical is the .html of a clean URL", opts: Options{CleanURLs: true}, path: "blog/x.html", html: `<link rel="canonical" href="/blog/x.html">`,
			loc: "https://example.com/blog/x.html", because: "the canonical link's form of https://example.com/blog/x"},
		{name: "a given style is kept against the canonical's form", opts: Options{StyleGiven: true, CleanURLs: true, TrailingSlash: SlashNever}, path: "a/index.html", html: `<link rel="canonical" href="/a/">`,
			loc: "https://example.com/a", warnings: []string{"canonical link https://example.com/a/ is this page in another form than the URL style's; listed as https://example.com/a (fix the page's canonical link, or the style: --clean-urls, --trailing-slash)"}},
		{name: "a given style still skips a canonical elsewhere", opts: Options{StyleGiven: true}, path: "print/a.html", html: `<link rel="canonical" href="/a/">`,
			skip: NotCanonical, because: "canonical https://example.com/a/"},
		{name: "index.html only at a slash", path: "gen/index.html", html: `<link rel="canonical" href="/genindex.html">`,
			skip: NotCanonical, because: "canonical https://example.com/genindex.html"},
		{name: "canonical not a URL is kept", path: "a/index.html", html: `<link rel="canonical" href="http://[::1">`,
			warnings: []string{`canonical "http://[::1": not a URL (missing ']' in host); ignored`}},
		{name: "canonical not http is kept", path: "a/index.html", html: `<link rel="canonical" href="mailto:me@example.com">`,
			warnings: []string{`canonical "mailto:me@example.com": not an absolute http(s) URL; ignored`}},
		{name: "canonicals that disagree keep the page", path: "a/index.html", html: `<link rel="canonical" href="/b/"><link rel="canonical" href="/c/">`,
			warnings: []string{`canonical links disagree ("/b/", "/c/"); none is used`}},
		{name: "canonical kept when switched off", opts: Options{KeepNonCanonical: true}, path: "print/a.html", html: `<link rel="canonical" href="/a/">`},
		{name: "canonical outside the base path", opts: Options{BaseURL: "https://example.com/docs/"}, path: "index.html", html: `<link rel="canonical" href="https://example.com/docs">`,
			loc: "https://example.com/docs/", warnings: []string{"canonical URL https://example.com/docs is outside the base URL https://example.com/docs/; kept as https://example.com/docs/"}},
		{name: "binary junk is kept", path: "junk.html", html: "\x00\x01junk<b>", warnings: []string{"text before any HTML tag; no head read"}},
		{name: "empty file is no page", path: "empty.html", html: "", skip: Fragment, because: "an empty file: nothing to show (a template that rendered nothing)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.opts.BaseURL == "" {
				tt.opts.BaseURL = "https://example.com/"
			}
			m, err := New(tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			d := m.Map(Page{File: walker.File{Path: tt.path, ModTime: mtime}, Head: head(t, tt.html)})
			loc := tt.loc
			if loc == "" {
				loc = m.Loc(tt.path)
			}
			if d.Skip != tt.skip || d.Because != tt.because || d.URL.Loc != loc || !slices.Equal(d.Warnings, tt.warnings) {
				t.Errorf("got  skip %q because %q loc %s warnings %q\nwant skip %q because %q loc %s warnings %q",
					d.Skip, d.Because, d.URL.Loc, d.Warnings, tt.skip, tt.because, loc, tt.warnings)
			}
		})
	}
}

func TestAlternates(t *testing.T) {
	m, _ := New(Options{BaseURL: "https://example.com/"})
	d := m.Map(Page{File: walker.File{Path: "en/a/index.html"}, Head: head(t, `
		<link rel="alternate" hreflang="en" href="/en/a/">
		<link rel="alternate" hreflang="de-AT" href="../../de/a/">
		<link rel="alternate" hreflang="fr" href="https://other.example/fr/a/">
		<link rel="alternate" hreflang="x-default" href="https://example.com/a/">
		<link rel="alternate" hreflang="it" href="ftp://example.com/it/">`)})
	want := []sitemap.Alternate{
		{Lang: "en", Href: "https://example.com/en/a/"},
		{Lang: "de-AT", Href: "https://example.com/de/a/"},
		{Lang: "fr", Href: "https://other.example/fr/a/"},
		{Lang: "x-default", Href: "https://example.com/a/"},
	}
	if !slices.Equal(d.URL.Alternates, want) {
		t.Errorf("alternates %+v\nwant %+v", d.URL.Alternates, want)
	}
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "hreflang it alternate") {
		t.Errorf("warnings %q", d.Warnings)
	}
}

func TestLastModSources(t *testing.T) {
	mtime := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	meta := `<meta property="article:modified_time" content="2023-06-07T08:09:10+02:00">`
	tests := []struct {
		sources []LastModSource
		html    string
		want    time.Time
		from    string
	}{
		{nil, meta, time.Date(2023, 6, 7, 6, 9, 10, 0, time.UTC), "meta article:modified_time"},
		{nil, `<title>no date</title>`, mtime, "mtime"},
		{[]LastModSource{LastModMTime, LastModMeta}, meta, mtime, "mtime"},
		{[]LastModSource{LastModMeta, LastModNone}, `<title>no date</title>`, time.Time{}, ""},
		{[]LastModSource{LastModNone}, meta, time.Time{}, ""},
	}
	for _, tt := range tests {
		m, err := New(Options{BaseURL: "https://example.com/", LastMod: tt.sources})
		if err != nil {
			t.Fatal(err)
		}
		d := m.Map(Page{File: walker.File{Path: "a.html", ModTime: mtime}, Head: head(t, tt.html)})
		if !d.URL.LastMod.Equal(tt.want) || d.LastModFrom != tt.from || !d.URL.LastMod.IsZero() && d.URL.LastMod.Location() != time.UTC {
			t.Errorf("%v: lastmod %v from %q, want %v from %q", tt.sources, d.URL.LastMod, d.LastModFrom, tt.want, tt.from)
		}
	}
	// Without a head (heads not read), meta has nothing to say.
	m, _ := New(Options{BaseURL: "https://example.com/"})
	if d := m.Map(Page{File: walker.File{Path: "a.html", ModTime: mtime}}); d.LastModFrom != "mtime" {
		t.Errorf("no head: lastmod from %q", d.LastModFrom)
	}
	if _, err := New(Options{BaseURL: "https://example.com/", LastMod: []LastModSource{"sha"}}); err == nil {
		t.Error("unknown source: no error")
	}
}

func TestHostRules(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "_headers"), []byte("/private/*\n  X-Robots-Tag: noindex\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rules, _, err := host.Load(limits.Default, dir)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := New(Options{BaseURL: "https://example.com/", Hosts: rules})
	d := m.Map(Page{File: walker.File{Path: "private/a.html"}})
	if d.Skip != XRobotsTag || !strings.HasPrefix(d.Because, `X-Robots-Tag "noindex" (`) {
		t.Errorf("skip %q because %q", d.Skip, d.Because)
	}
	if d := m.Map(Page{File: walker.File{Path: "public/a.html"}}); d.Skip != "" {
		t.Errorf("public page skipped: %q", d.Skip)
	}
	// The head's noindex and the host's are switched apart: KeepNoIndex
	// keeps the first, a nil Hosts drops the second.
	keep, _ := New(Options{BaseURL: "https://example.com/", Hosts: rules, KeepNoIndex: true})
	if d := keep.Map(Page{File: walker.File{Path: "private/a.html"}}); d.Skip != XRobotsTag {
		t.Errorf("KeepNoIndex: X-Robots-Tag page not skipped (%q)", d.Skip)
	}
	if d := keep.Map(Page{File: walker.File{Path: "a.html"}, Head: head(t, `<meta name=robots content=noindex>`)}); d.Skip != "" {
		t.Errorf("KeepNoIndex: noindex page skipped (%q)", d.Skip)
	}
	none, _ := New(Options{BaseURL: "https://example.com/"})
	if d := none.Map(Page{File: walker.File{Path: "private/a.html"}}); d.Skip != "" {
		t.Errorf("no host rules: skipped %q", d.Skip)
	}
	// Documented order: the head's noindex, the host's, then redirects.
	d = m.Map(Page{File: walker.File{Path: "private/b.html"}, Head: head(t, `<meta http-equiv=refresh content="0;url=/">`)})
	if d.Skip != XRobotsTag {
		t.Errorf("X-Robots-Tag and refresh: skipped as %q", d.Skip)
	}
}

// A page a host's rule serves with status 404 is an error page, named
// with the rule's file and line, when it looks like one: its path names
// an error, or its head says noindex. The home page and a page that
// looks like no error page are listed, with a warning naming the rule.
// KeepErrorPages keeps them all.
func TestHostErrorPages(t *testing.T) {
	dir := t.TempDir()
	toml := "[[redirects]]\n  from = \"/de/*\"\n  to = \"/de/404\"\n  status = 404\n"
	redirects := "/*  /index.html  404\n/members/*  /join/  404\n/fr/*  /fr/page-non-trouvee/  404\n/es/*  /es/perdido/  404\n"
	for name, data := range map[string]string{"netlify.toml": toml, "_redirects": redirects} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rules, _, err := host.LoadRedirects(true, limits.Default, dir)
	if err != nil {
		t.Fatal(err)
	}
	toml, redirects = filepath.Join(dir, "netlify.toml"), filepath.Join(dir, "_redirects")
	for _, tc := range []struct {
		path, head string
		because    string // why it is left out, "" when it is listed
		warning    string // when it is listed
	}{
		{path: "de/404/index.html", head: `<title>Nicht gefunden</title>`, because: "the host serves it as the error page of /de/*, with status 404 (" + toml + ":1), and its path names an error (404)"},
		{path: "fr/page-non-trouvee/index.html", head: `<meta name="robots" content="noindex">`, because: "the host serves it as the error page of /fr/*, with status 404 (" + redirects + ":3), and it says noindex"},
		{path: "index.html", warning: "the host serves the home page with status 404 for /* (" + redirects + ":1): listed, as the home page is never an error page (a rule that serves a single-page app for every path takes status 200)"},
		{path: "join/index.html", warning: "the host serves this page with status 404 for /members/* (" + redirects + ":2), as an error page, but it looks like none (no 404, not-found or error in its path, no noindex): listed; if it is the site's error page, mark it noindex"},
		{path: "es/perdido/index.html", head: `<title>Perdido</title>`, warning: "for /es/* (" + redirects + ":4), as an error page, but it looks like none"},
		{path: "de/about/index.html"},
	} {
		m, _ := New(Options{BaseURL: "https://example.com/", Redirects: rules})
		var h *htmlhead.Head
		if tc.head != "" {
			h = head(t, tc.head)
		}
		d := m.Map(Page{File: walker.File{Path: tc.path}, Head: h})
		if tc.because != "" {
			if d.Skip != ErrorPage || d.Because != tc.because {
				t.Errorf("%s: skip %q because %q; want %q because %q", tc.path, d.Skip, d.Because, ErrorPage, tc.because)
			}
			continue
		}
		if d.Skip != "" {
			t.Errorf("%s: skipped as %q (%s)", tc.path, d.Skip, d.Because)
		}
		if tc.warning == "" && len(d.Warnings) > 0 || tc.warning != "" && (len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], tc.warning)) {
			t.Errorf("%s: warnings %q, want one with %q", tc.path, d.Warnings, tc.warning)
		}
	}
	keep, _ := New(Options{BaseURL: "https://example.com/", Redirects: rules, KeepErrorPages: true})
	if d := keep.Map(Page{File: walker.File{Path: "de/404/index.html"}}); d.Skip != "" {
		t.Errorf("KeepErrorPages: skipped %q", d.Skip)
	}
}

// errorName tells a URL path's segment that names an error page.
func TestErrorName(t *testing.T) {
	for seg, want := range map[string]bool{
		"404": true, "404.html": true, "404-page": true, "not-found": true, "Not_Found.html": true, "pagenotfound": true, "page-not-found": true,
		"50x.html": true, "500": true, "error": true, "errors": true, "error.htm": true,
		"join": false, "": false, "index.html": false, "found": false, "terror": false, "about-errors": false,
	} {
		if got := errorName(seg); got != want {
			t.Errorf("errorName(%q) = %v, want %v", seg, got, want)
		}
	}
}

func TestNormalizeURL(t *testing.T) {
	bu, err := url.Parse("https://example.com/docs/")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{"https://example.com/a", "https://example.com/a"},
		{"HTTPS://Example.Com:443/A%2fB/", "https://example.com/A%2FB/"},
		{"guide/", "https://example.com/docs/guide/"},
		{"/café?q=a b&x=é#frag", "https://example.com/caf%C3%A9?q=a%20b&x=%C3%A9"},
		{"//other.example/x", "https://other.example/x"},
		{"http://bücher.example/", "http://xn--bcher-kva.example/"},
	}
	for _, tt := range tests {
		got, err := NormalizeURL(tt.in, bu)
		if err != nil || got != tt.want {
			t.Errorf("NormalizeURL(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"mailto:x@example.com", "javascript:void(0)", "http://[::1", "https:///x", "/a%zz"} {
		if got, err := NormalizeURL(bad, bu); err == nil {
			t.Errorf("NormalizeURL(%q) = %q, want an error", bad, got)
		}
	}
}
