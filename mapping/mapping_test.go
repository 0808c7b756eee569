package mapping

import (
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
)

func TestLoc(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		rel  string
		want string
	}{
		{"root index", Options{}, "index.html", "https://example.com/"},
		{"folder index", Options{}, "blog/index.html", "https://example.com/blog/"},
		{"index.htm", Options{}, "blog/index.htm", "https://example.com/blog/"},
		{"plain page keeps .html", Options{}, "about.html", "https://example.com/about.html"},
		{"pdf", Options{}, "docs/guide.pdf", "https://example.com/docs/guide.pdf"},
		{"clean URL", Options{CleanURLs: true}, "blog/post.html", "https://example.com/blog/post"},
		{"clean URL .htm", Options{CleanURLs: true}, "post.htm", "https://example.com/post"},
		{"clean leaves pdf", Options{CleanURLs: true}, "a.pdf", "https://example.com/a.pdf"},
		{"clean leaves bare .html", Options{CleanURLs: true}, "a/.html", "https://example.com/a/.html"},
		{"no trailing slash", Options{TrailingSlash: SlashNever}, "blog/index.html", "https://example.com/blog"},
		{"no trailing slash keeps root", Options{TrailingSlash: SlashNever}, "index.html", "https://example.com/"},
		{"index files", Options{IndexFiles: true}, "blog/index.html", "https://example.com/blog/index.html"},
		{"index files at the root", Options{IndexFiles: true}, "index.html", "https://example.com/index.html"},
		{"index files under a base path", Options{BaseURL: "https://example.org/docs/", IndexFiles: true}, "index.html", "https://example.org/docs/index.html"},
		{"base path", Options{BaseURL: "https://example.org/docs/"}, "guide/index.html", "https://example.org/docs/guide/"},
		{"base path without slash", Options{BaseURL: "https://example.org/docs"}, "index.html", "https://example.org/docs/"},
		{"space", Options{}, "tips & tricks/a b.html", "https://example.com/tips%20&%20tricks/a%20b.html"},
		{"unicode", Options{}, "café/日本語/index.html", "https://example.com/caf%C3%A9/%E6%97%A5%E6%9C%AC%E8%AA%9E/"},
		{"apostrophe kept", Options{}, "o'reilly/index.html", "https://example.com/o'reilly/"},
		{"reserved characters", Options{}, "a#b?c%d[e]\"f.html", "https://example.com/a%23b%3Fc%25d%5Be%5D%22f.html"},
		{"control and backslash", Options{}, "a\tb\\c.html", "https://example.com/a%09b%5Cc.html"},
		{"invalid UTF-8", Options{}, "a\xffb.html", "https://example.com/a%FFb.html"},
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
			if got := m.Loc(tt.rel); got != tt.want {
				t.Errorf("Loc(%q) = %q, want %q", tt.rel, got, tt.want)
			}
			// The path follows back from the URL and the form.
			d := m.Map(Page{File: walker.File{Path: tt.rel}})
			if back, ok := m.PathOf(d.URL.Loc, d.Form); d.Skip == "" && (!ok || back != tt.rel) {
				t.Errorf("PathOf(%q, %d) = %q, %v; want %q", d.URL.Loc, d.Form, back, ok, tt.rel)
			}
		})
	}
}

func TestIsErrorPage(t *testing.T) {
	tests := map[string]bool{
		"404.html":                  true,
		"404.htm":                   true,
		"500.html":                  true,
		"50x.html":                  true,
		"en/404.html":               true,
		"404/index.html":            true,
		"index.html":                false,
		"404.pdf":                   false,
		"4040.html":                 false,
		"blog/posts/404.html":       false, // deeper than a language root
		"posts/page/404/index.html": false, // pagination
		"en/404/index.html":         false,
		"about-404.html":            false,
		"200.html":                  false,
	}
	for rel, want := range tests {
		if got := IsErrorPage(rel); got != want {
			t.Errorf("IsErrorPage(%q) = %v, want %v", rel, got, want)
		}
	}
}

func TestMap(t *testing.T) {
	daily, _ := sitemap.ParseChangeFreq("daily")
	yearly, _ := sitemap.ParseChangeFreq("yearly")
	p9, _ := sitemap.PriorityOf(0.9)
	p1, _ := sitemap.PriorityOf(0.1)
	m, err := New(Options{
		BaseURL: "https://example.com/",
		Rules: []Rule{
			{Match: "blog/**", ChangeFreq: daily, Priority: p9},
			{Match: "blog/old/**", ChangeFreq: yearly, Priority: p1}, // never reached: first match wins
			{Match: "legal/*.html", Priority: p1},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	mtime := time.Date(2024, 5, 1, 11, 0, 0, 0, time.FixedZone("CEST", 2*3600))
	tests := []struct {
		rel    string
		want   sitemap.URL
		reason Reason
	}{
		{"blog/old/a.html", sitemap.URL{Loc: "https://example.com/blog/old/a.html", ChangeFreq: daily, Priority: p9}, ""},
		{"legal/terms.html", sitemap.URL{Loc: "https://example.com/legal/terms.html", Priority: p1}, ""},
		{"about/index.html", sitemap.URL{Loc: "https://example.com/about/"}, ""},
		{"404.html", sitemap.URL{}, ErrorPage},
		{strings.Repeat("x", 2100) + ".html", sitemap.URL{Loc: "https://example.com/" + strings.Repeat("x", 2100) + ".html"}, LocTooLong},
	}
	for _, tt := range tests {
		d := m.Map(Page{File: walker.File{Path: tt.rel, ModTime: mtime}})
		u, reason := d.URL, d.Skip
		if reason != tt.reason {
			t.Errorf("Map(%.30q) reason %q, want %q", tt.rel, reason, tt.reason)
			continue
		}
		if reason == "" {
			tt.want.LastMod = mtime.UTC()
			if u.LastMod.Location() != time.UTC || d.LastModFrom != "mtime" {
				t.Errorf("Map(%q): lastmod %v from %q", tt.rel, u.LastMod, d.LastModFrom)
			}
		}
		if u.Loc != tt.want.Loc || !u.LastMod.Equal(tt.want.LastMod) || u.ChangeFreq != tt.want.ChangeFreq || u.Priority != tt.want.Priority {
			t.Errorf("Map(%.30q) = %+v, want %+v", tt.rel, u, tt.want)
		}
	}

	keep, _ := New(Options{BaseURL: "https://example.com/", KeepErrorPages: true, Fallbacks: []string{"200.html"}})
	for _, rel := range []string{"404.html", "200.html"} {
		if d := keep.Map(Page{File: walker.File{Path: rel}}); d.Skip != "" {
			t.Errorf("KeepErrorPages: %s skipped as %q", rel, d.Skip)
		}
	}
	// A generator's fallback page is left out as an error page, by its
	// path: another 200.html is a page.
	fb, _ := New(Options{BaseURL: "https://example.com/", Fallbacks: []string{"200.html"}})
	if d := fb.Map(Page{File: walker.File{Path: "200.html"}}); d.Skip != ErrorPage || d.Because == "" {
		t.Errorf("fallback 200.html: skip %q because %q", d.Skip, d.Because)
	}
	if d := fb.Map(Page{File: walker.File{Path: "en/200.html"}}); d.Skip != "" {
		t.Errorf("en/200.html skipped as %q", d.Skip)
	}
	// A pattern names the files of a folder: Gatsby 5 writes its slices
	// as _gatsby/slices/_gatsby-scripts-1.html, fragments of its pages.
	sl, _ := New(Options{BaseURL: "https://example.com/", Fallbacks: []string{"_gatsby/slices/*.html"}})
	if d := sl.Map(Page{File: walker.File{Path: "_gatsby/slices/_gatsby-scripts-1.html"}}); d.Skip != ErrorPage || !strings.Contains(d.Because, "no page of the site") {
		t.Errorf("a Gatsby slice: skip %q because %q", d.Skip, d.Because)
	}
	if d := sl.Map(Page{File: walker.File{Path: "_gatsby/slices/a/b.html"}}); d.Skip != "" {
		t.Errorf("_gatsby/slices/a/b.html skipped as %q", d.Skip)
	}
}

func TestMapRuleIndex(t *testing.T) {
	p1, _ := sitemap.PriorityOf(0.1)
	m, _ := New(Options{BaseURL: "https://example.com/", Rules: []Rule{{Match: "a/**"}, {Match: "**", Priority: p1}}})
	if d := m.Map(Page{File: walker.File{Path: "b.html"}}); d.Rule != 2 || d.URL.Priority != p1 {
		t.Errorf("rule %d, priority %v", d.Rule, d.URL.Priority)
	}
	if d := m.Map(Page{File: walker.File{Path: "a/x.html"}}); d.Rule != 1 || d.URL.Priority.IsSet() {
		t.Errorf("rule %d, priority %v", d.Rule, d.URL.Priority)
	}
}

// TestMapDefaults: the generator's site-wide changefreq and priority
// apply to every page; a rule's set values and the page's own sitemap:
// block win, field by field.
func TestMapDefaults(t *testing.T) {
	p4, _ := sitemap.PriorityOf(0.4)
	p9, _ := sitemap.PriorityOf(0.9)
	p7, _ := sitemap.PriorityOf(0.7)
	m, _ := New(Options{BaseURL: "https://example.com/",
		Defaults: Rule{ChangeFreq: sitemap.Weekly, Priority: p4},
		Rules:    []Rule{{Match: "top/**", Priority: p9}}})
	for _, tt := range []struct {
		path string
		src  *frontmatter.Source
		cf   sitemap.ChangeFreq
		pr   sitemap.Priority
	}{
		{"a.html", nil, sitemap.Weekly, p4},
		{"top/a.html", nil, sitemap.Weekly, p9},
		{"top/b.html", &frontmatter.Source{Sitemap: frontmatter.SitemapBlock{ChangeFreq: sitemap.Monthly, Priority: p7}}, sitemap.Monthly, p7},
	} {
		d := m.Map(Page{File: walker.File{Path: tt.path}, Source: tt.src})
		if d.URL.ChangeFreq != tt.cf || d.URL.Priority != tt.pr {
			t.Errorf("%s: changefreq %v priority %v, want %v %v", tt.path, d.URL.ChangeFreq, d.URL.Priority, tt.cf, tt.pr)
		}
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New(Options{BaseURL: "example.com"}); err == nil {
		t.Error("base URL without scheme: no error")
	}
	if _, err := New(Options{BaseURL: "https://example.com/", Rules: []Rule{{Match: "[oops"}}}); err == nil {
		t.Error("invalid rule glob: no error")
	}
}

func TestParseBaseURL(t *testing.T) {
	good := []struct{ in, want string }{
		{"https://example.com", "https://example.com/"},
		{"https://example.com/", "https://example.com/"},
		{"HTTPS://Example.COM/Docs", "https://example.com/Docs/"},
		{"http://example.com:8080/a/b/", "http://example.com:8080/a/b/"},
		{"https://example.com:443/", "https://example.com/"},
		{"http://example.com:80", "http://example.com/"},
		{"https://bücher.example/", "https://xn--bcher-kva.example/"},
		{"https://example.com/my docs/", "https://example.com/my%20docs/"},
		{"https://[::1]:8443/", "https://[::1]:8443/"},
		{"http://localhost:65535/", "http://localhost:65535/"},
		{"http://127.0.0.1:1/", "http://127.0.0.1:1/"},
		{"https://a-b.example.com/", "https://a-b.example.com/"},
		{"https://example.org/a%2Fb/", "https://example.org/a%2Fb/"},
		{"https://example.org/%7Euser/caf%c3%a9", "https://example.org/~user/caf%C3%A9/"},
	}
	for _, tt := range good {
		got, err := ParseBaseURL(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseBaseURL(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{
		"", "example.com", "/docs/", "ftp://example.com/", "https://", "https:///x",
		"https://user:pw@example.com/", "https://example.com/?a=1", "https://example.com/#top",
		"https://example.com/?", "mailto:a@example.com", "https://exa mple.com/", "http://[::1",
		"https://example.com:99999/", "https://example.com:0/", "https://example.com:65536/",
		"https://a..b/", "https://.example.com/", "https://-a.example.com/", "https://a-.example.com/",
		"https://a_b.example.com/", "https://" + strings.Repeat("a", 64) + ".com/",
		"https://example.com#", "https://example.com/docs/#",
	} {
		if got, err := ParseBaseURL(bad); err == nil {
			t.Errorf("ParseBaseURL(%q) = %q, want an error", bad, got)
		}
	}
}

// TestSingleLabel: a host name of one label is no public site's; an IP
// address, or a name with a dot, may be.
func TestSingleLabel(t *testing.T) {
	for host, want := range map[string]bool{
		"sveltekit-prerender":      true,
		"intranet:8080":            true,
		"intranet.":                true,
		"example.com":              false,
		"blog.test:443":            false,
		"192.0.2.1":                false,
		"[2001:db8::1]:8080":       false,
		"":                         false,
		"sveltekit-prerender.test": false,
	} {
		if got := SingleLabel(host); got != want {
			t.Errorf("SingleLabel(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestEncodePath(t *testing.T) {
	if got := EncodePath("a/b-c_d.e~f!$&'()*+,;=:@"); got != "a/b-c_d.e~f!$&'()*+,;=:@" {
		t.Errorf("safe characters encoded: %q", got)
	}
	if got := EncodePath(" #%?é"); got != "%20%23%25%3F%C3%A9" {
		t.Errorf("EncodePath = %q", got)
	}
}

// TestJoinAs holds joinAs to join: a page's canonical link that reads as
// its URL is taken as it is, anything else is not.
func TestJoinAs(t *testing.T) {
	m, err := New(Options{BaseURL: "https://example.com/docs/"})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"a.html", "blog/", "tips & tricks/a b.html", "café/日本語/", "a#b?c%d.html", "a\xffb.html", "%41/"} {
		want := m.join(p)
		known := strings.Clone(want)
		if got := m.joinAs(p, known); got != want || unsafe.StringData(got) != unsafe.StringData(known) {
			t.Errorf("joinAs(%q, its URL) = %q, not the URL given", p, got)
		}
		for _, other := range []string{"", "https://example.com/docs/", strings.ToLower(want), want + "x", want[:len(want)-1], strings.Replace(want, "/docs/", "/doc/", 1), strings.Replace(want, "https:", "http:", 1)} {
			if other == want {
				continue
			}
			if got := m.joinAs(p, other); got != want {
				t.Errorf("joinAs(%q, %q) = %q, want %q", p, other, got, want)
			}
		}
	}
	if got := m.joinAs("", "https://example.com/docs/"); got != m.bare {
		t.Errorf("joinAs of the base = %q", got)
	}
}

// FuzzLoc checks, for any relative path, that the URL parses, lies under
// the base URL (its path too, once a browser resolves it: no dot segment,
// "%2e" included), decodes back to the path a static server would look
// up, and that Map lists it, or leaves it out as too long, with a Form
// that gives the path back. Hostile names are in testdata/fuzz/FuzzLoc.
func FuzzLoc(f *testing.F) {
	for _, s := range []string{"index.html", "a b/c.html", "café/index.html", "a#b?c%d.html", "o'r&x/index.htm", "a\xffb.html", "x/y/z.pdf"} {
		f.Add(s, false, false)
	}
	f.Fuzz(func(t *testing.T, rel string, clean, noSlash bool) {
		defer fuzzbound.Check(t)()
		if rel == "" || strings.HasPrefix(rel, "/") || strings.Contains(rel, "//") || strings.HasSuffix(rel, "/") {
			t.Skip("not a walker path")
		}
		for _, seg := range strings.Split(rel, "/") {
			if seg == "." || seg == ".." {
				t.Skip("not a walker path")
			}
		}
		const base = "https://example.com/base/"
		opts := Options{BaseURL: base, CleanURLs: clean}
		if noSlash {
			opts.TrailingSlash = SlashNever
		}
		m, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		loc := m.Loc(rel)
		if !strings.HasPrefix(loc, base) {
			t.Fatalf("Loc(%q) = %q, not under %s", rel, loc, base)
		}
		u, err := url.Parse(loc)
		if err != nil {
			t.Fatalf("Loc(%q) = %q does not parse: %v", rel, loc, err)
		}
		if u.Host != "example.com" || u.RawQuery != "" || u.Fragment != "" {
			t.Fatalf("Loc(%q) = %q: host %q, query %q, fragment %q", rel, loc, u.Host, u.RawQuery, u.Fragment)
		}
		for i := 0; i < len(loc); i++ {
			if loc[i] <= ' ' || loc[i] >= 0x7f {
				t.Fatalf("Loc(%q) = %q has raw byte %#x", rel, loc, loc[i])
			}
		}
		got, err := url.PathUnescape(strings.TrimPrefix(loc, base))
		if err != nil {
			t.Fatal(err)
		}
		// What a static server looks up: the folder's index page, the
		// path plus .html for a clean URL, or the path itself.
		var want string
		switch dir, name := splitLast(rel); {
		case name == "index.html" || name == "index.htm":
			want = dir
			if noSlash && dir != "" {
				want = strings.TrimSuffix(dir, "/")
			}
		case clean && (strings.HasSuffix(name, ".html") && len(name) > 5 || strings.HasSuffix(name, ".htm") && len(name) > 4) &&
			!slices.Contains([]string{"..html", "...html", "..htm", "...htm"}, name):
			want = rel[:strings.LastIndexByte(rel, '.')]
		default:
			want = rel
		}
		if got != want {
			t.Fatalf("Loc(%q) = %q decodes to %q, want %q", rel, loc, got, want)
		}
		if utf8.ValidString(rel) && u.Path != "/base/"+want {
			t.Fatalf("Loc(%q): url.Parse path %q, want %q", rel, u.Path, "/base/"+want)
		}
		checkUnderBase(t, base, loc)
		d := m.Map(Page{File: walker.File{Path: rel}})
		switch {
		case d.Skip == ErrorPage:
		case len(loc) >= sitemap.MaxLocLength:
			if d.Skip != LocTooLong {
				t.Fatalf("Map(%q): a %d-character URL, skip %q", rel, len(loc), d.Skip)
			}
		case d.Skip != "" || d.URL.Loc != loc:
			t.Fatalf("Map(%q): loc %q, skip %q; want %q listed", rel, d.URL.Loc, d.Skip, loc)
		default:
			if back, ok := m.PathOf(loc, d.Form); !ok || back != rel {
				t.Fatalf("PathOf(%q, %d) = %q, %v; want %q", loc, d.Form, back, ok, rel)
			}
		}
	})
}

func splitLast(rel string) (dir, name string) {
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		return rel[:i+1], rel[i+1:]
	}
	return "", rel
}

// FuzzParseBaseURL checks that a base URL that parses is stable: parsing
// the result again gives it back, and pages under it stay under it.
func FuzzParseBaseURL(f *testing.F) {
	for _, s := range []string{"https://example.com", "http://a.b:8080/x y/", "https://bücher.example/docs", "https://[::1]/", "https://example.com/%41/", "https://a..b:99999/#", "http://x.example:0/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		defer fuzzbound.Check(t)()
		base, err := ParseBaseURL(s)
		if err != nil {
			return
		}
		u, _ := url.Parse(base)
		if p, _ := strconv.Atoi(u.Port()); u.Port() != "" && (p < 1 || p > 65535) || strings.Contains(u.Host, "..") || strings.Contains(s, "#") {
			t.Fatalf("ParseBaseURL(%q) = %q: a port out of range, an empty label or a fragment", s, base)
		}
		again, err := ParseBaseURL(base)
		if err != nil || again != base {
			t.Fatalf("ParseBaseURL(%q) = %q, but that parses to %q, %v", s, base, again, err)
		}
		if err := sitemap.CheckLoc(base); err != nil && len(base) < sitemap.MaxLocLength {
			t.Fatalf("ParseBaseURL(%q) = %q, not a valid loc: %v", s, base, err)
		}
	})
}

// Every Reason declared is in Reasons, once: the one list of why a page
// may be left out.
func TestReasons(t *testing.T) {
	src, err := os.ReadFile("mapping.go")
	if err != nil {
		t.Fatal(err)
	}
	declared := regexp.MustCompile(`(?m)^\t(\w+)\s+Reason = "`).FindAllStringSubmatch(string(src), -1)
	if len(declared) != len(Reasons) {
		t.Errorf("%d Reasons declared, %d in Reasons", len(declared), len(Reasons))
	}
	seen := map[Reason]bool{}
	for _, r := range Reasons {
		if r == "" || seen[r] {
			t.Errorf("Reasons holds %q twice or empty", r)
		}
		seen[r] = true
	}
}

// TestNextErrorShell: a Next.js error shell with a redirect() is a
// redirect to its target; without one, an error page; each kept when the
// policy keeps them.
func TestNextErrorShell(t *testing.T) {
	m, _ := New(Options{BaseURL: "https://example.com/"})
	keep, _ := New(Options{BaseURL: "https://example.com/", KeepRedirects: true, KeepErrorPages: true})
	for _, tc := range []struct {
		head         htmlhead.Head
		skip, keepIt Reason
		because      string
	}{
		{htmlhead.Head{ErrorShell: true, NextRedirect: "/about"}, Redirect, "", "Next.js redirect() to https://example.com/about"},
		{htmlhead.Head{ErrorShell: true}, ErrorPage, "", `Next.js error page (<html id="__next_error__">)`},
		{htmlhead.Head{NextRedirect: "/about"}, "", "", ""}, // not the shell: the marker alone says nothing
	} {
		h := tc.head
		d := m.Map(Page{File: walker.File{Path: "old.html"}, Head: &h})
		if d.Skip != tc.skip || d.Because != tc.because {
			t.Errorf("%+v: skip %q (%q), want %q (%q)", tc.head, d.Skip, d.Because, tc.skip, tc.because)
		}
		if d := keep.Map(Page{File: walker.File{Path: "old.html"}, Head: &h}); d.Skip != tc.keepIt {
			t.Errorf("%+v, kept by the policy: skip %q", tc.head, d.Skip)
		}
	}
}

// TestDevServer: with DevServer, a canonical or alternate on a loopback
// origin is its path on the base URL's origin, then judged as usual;
// without, it is a canonical on another host.
func TestDevServer(t *testing.T) {
	dev, _ := New(Options{BaseURL: "https://example.com/", DevServer: true})
	plain, _ := New(Options{BaseURL: "https://example.com/"})
	for _, tc := range []struct {
		canonical       string
		skip, plainSkip Reason
		loc             string
	}{
		{"http://localhost:1313/docs/a/", "", CanonicalOffsite, "https://example.com/docs/a/"},
		{"http://127.0.0.1:4000/docs/a/", "", CanonicalOffsite, "https://example.com/docs/a/"},
		{"http://127.8.0.1/docs/a/", "", CanonicalOffsite, "https://example.com/docs/a/"},
		{"http://[::1]:8080/docs/a/", "", CanonicalOffsite, "https://example.com/docs/a/"},
		{"http://0.0.0.0:4000/docs/a/", "", CanonicalOffsite, "https://example.com/docs/a/"},
		{"http://site.localhost:3000/docs/a/", "", CanonicalOffsite, "https://example.com/docs/a/"},
		{"http://LOCALHOST./docs/a/", "", CanonicalOffsite, "https://example.com/docs/a/"},
		{"http://localhost:1313/docs/a/index.html", "", CanonicalOffsite, "https://example.com/docs/a/index.html"},
		{"http://localhost:1313/docs/b/", NotCanonical, CanonicalOffsite, "https://example.com/docs/a/"},
		{"http://localhost.example.net/docs/a/", CanonicalOffsite, CanonicalOffsite, "https://example.com/docs/a/"},
		{"http://128.0.0.1/docs/a/", CanonicalOffsite, CanonicalOffsite, "https://example.com/docs/a/"},
	} {
		h := htmlhead.Head{Canonical: tc.canonical, Alternates: []htmlhead.Alternate{{Lang: "de", Href: "http://localhost:1313/de/docs/a/"}}}
		d := dev.Map(Page{File: walker.File{Path: "docs/a/index.html"}, Head: &h})
		if d.Skip != tc.skip || d.Skip == "" && d.URL.Loc != tc.loc {
			t.Errorf("%s: skip %q, loc %s; want %q, %s", tc.canonical, d.Skip, d.URL.Loc, tc.skip, tc.loc)
		}
		if d.Skip == "" && (len(d.URL.Alternates) != 1 || d.URL.Alternates[0].Href != "https://example.com/de/docs/a/") {
			t.Errorf("%s: alternates %+v, want de at https://example.com/de/docs/a/", tc.canonical, d.URL.Alternates)
		}
		if d := plain.Map(Page{File: walker.File{Path: "docs/a/index.html"}, Head: &h}); d.Skip != tc.plainSkip {
			t.Errorf("%s without DevServer: skip %q, want %q", tc.canonical, d.Skip, tc.plainSkip)
		}
	}
}

// With BareBase, under SlashNever, the base URL's own folder is listed
// without its slash, and a canonical link to it is the page's own.
func TestBareBase(t *testing.T) {
	for _, c := range []struct {
		base  string
		bare  bool
		slash SlashPolicy
		want  string
	}{
		{"https://example.org/docs/", true, SlashNever, "https://example.org/docs"},
		{"https://example.org/docs/", false, SlashNever, "https://example.org/docs/"},
		{"https://example.org/docs/", true, SlashAlways, "https://example.org/docs/"},
		{"https://example.org/", true, SlashNever, "https://example.org/"},
	} {
		m, err := New(Options{BaseURL: c.base, BareBase: c.bare, TrailingSlash: c.slash})
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Loc("index.html"); got != c.want {
			t.Errorf("%+v: Loc(index.html) = %s", c, got)
		}
		d := m.Map(Page{File: walker.File{Path: "index.html"}, Head: &htmlhead.Head{Canonical: strings.TrimSuffix(c.want, "/")}})
		if d.Skip != "" || d.URL.Loc != c.want || (c.bare && c.slash == SlashNever && len(d.Warnings) > 0) {
			t.Errorf("%+v: loc %s, skip %q, warnings %q", c, d.URL.Loc, d.Skip, d.Warnings)
		}
		if p, ok := m.PathOf(d.URL.Loc, d.Form); !ok || p != "index.html" {
			t.Errorf("%+v: PathOf(%s) = %q, %v", c, d.URL.Loc, p, ok)
		}
		if got := m.Loc("a/index.html"); got != c.base+"a"+map[bool]string{true: "/"}[c.slash != SlashNever] {
			t.Errorf("%+v: Loc(a/index.html) = %s", c, got)
		}
	}
}

// TestRedirectStubNoIndex: a redirect stub that says noindex too (Hugo's
// aliases, jekyll-redirect-from's pages) is left out as a redirect; as
// noindex when its refresh is no redirect (to itself, after a delay) or
// redirects are kept.
func TestRedirectStubNoIndex(t *testing.T) {
	stub := func(url string, delay float64) *htmlhead.Head {
		return &htmlhead.Head{NoIndex: `<meta name="robots" content="noindex">`, Refresh: &htmlhead.Refresh{URL: url, Delay: delay}}
	}
	for _, c := range []struct {
		name          string
		head          *htmlhead.Head
		keepRedirects bool
		want          Reason
	}{
		{"an alias", stub("/posts/new/", 0), false, Redirect},
		{"redirects kept", stub("/posts/new/", 0), true, NoIndex},
		{"a refresh after a delay", stub("/posts/new/", 5), false, NoIndex},
		{"a refresh of itself", stub("/old/", 0), false, NoIndex},
		{"noindex alone", &htmlhead.Head{NoIndex: "noindex"}, false, NoIndex},
	} {
		m, err := New(Options{BaseURL: "https://example.com/", KeepRedirects: c.keepRedirects})
		if err != nil {
			t.Fatal(err)
		}
		if d := m.Map(Page{File: walker.File{Path: "old/index.html"}, Head: c.head}); d.Skip != c.want {
			t.Errorf("%s: left out as %q (%s), want %q", c.name, d.Skip, d.Because, c.want)
		}
	}
}

// TestSlashedHomes: under SlashNever, a folder of SlashedHomes (a
// Docusaurus locale, fr/) is listed with its slash, as its canonical
// link says, and its path follows back from its URL; other folders and
// pages lose theirs.
func TestSlashedHomes(t *testing.T) {
	m, err := New(Options{BaseURL: "https://example.org/", CleanURLs: true, TrailingSlash: SlashNever, SlashedHomes: []string{"fr/"}})
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]string{
		"index.html":       "https://example.org/",
		"fr/index.html":    "https://example.org/fr/",
		"fr/a/index.html":  "https://example.org/fr/a",
		"fr/guide.html":    "https://example.org/fr/guide",
		"frx/index.html":   "https://example.org/frx",
		"de/fr/index.html": "https://example.org/de/fr",
	} {
		d := m.Map(Page{File: walker.File{Path: rel}, Head: &htmlhead.Head{Canonical: want}})
		if d.Skip != "" || d.URL.Loc != want || len(d.Warnings) > 0 {
			t.Errorf("%s: loc %s, skip %q, warnings %q; want %s", rel, d.URL.Loc, d.Skip, d.Warnings, want)
		}
		if p, ok := m.PathOf(d.URL.Loc, d.Form); !ok || p != rel {
			t.Errorf("%s: PathOf(%s) = %q, %v", rel, d.URL.Loc, p, ok)
		}
	}
}

// TestExtensionless: a page its generator gives a URL without its
// file's extension (Page.Extensionless: a Jekyll permalink without one)
// is listed at it, index pages too, and its form gives its file back; a
// URL form that drops the extension already keeps its own, and a
// platform that does not answer the bare URL with 200 keeps the file's.
func TestExtensionless(t *testing.T) {
	vercel := &host.Style{Platform: host.Vercel, EitherSlash: true}
	pages := &host.Style{Platform: host.GitHubPages, FolderSlash: true}
	for _, tc := range []struct {
		opts      Options
		rel, want string
	}{
		{Options{}, "docs/a.html", "https://example.com/docs/a"},
		{Options{}, "docs/extras/index.html", "https://example.com/docs/extras/index"},
		{Options{}, "index.html", "https://example.com/index"},
		{Options{}, "old/page.htm", "https://example.com/old/page"},
		{Options{}, "docs/...html", "https://example.com/docs/...html"},
		{Options{CleanURLs: true, TrailingSlash: SlashNever}, "docs/a.html", "https://example.com/docs/a"},
		{Options{CleanURLs: true, TrailingSlash: SlashEverywhere, Style: &host.Style{Platform: host.Vercel, CleanURLs: true, CleanSlash: true, FolderSlash: true}}, "docs/a.html", "https://example.com/docs/a/"},
		{Options{Style: pages}, "docs/a.html", "https://example.com/docs/a"},
		{Options{Style: vercel}, "docs/a.html", "https://example.com/docs/a.html"},
	} {
		tc.opts.BaseURL = "https://example.com/"
		m, err := New(tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		d := m.Map(Page{File: walker.File{Path: tc.rel}, Extensionless: true})
		if d.URL.Loc != tc.want {
			t.Errorf("%+v: %s listed at %s, want %s", tc.opts, tc.rel, d.URL.Loc, tc.want)
			continue
		}
		if back, ok := m.PathOf(d.URL.Loc, d.Form); !ok || back != tc.rel {
			t.Errorf("%s: PathOf(%s, %d) = %q, %v; want the file", tc.rel, d.URL.Loc, d.Form, back, ok)
		}
	}
}
