package mapping

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
)

// TestMapURLPathHostile maps generators' URL paths that try to leave the
// base URL: dot segments are resolved below it, or the page is left out
// with a warning; anything else is encoded into the base URL's path.
func TestMapURLPathHostile(t *testing.T) {
	const base = "https://example.com/blog/"
	m, err := New(Options{BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		urlPath string
		want    string // the Loc; "" when left out as OutsideBase
	}{
		{"/a/./b/../c/", base + "a/c/"},
		{"/a/.", base + "a/"},
		{"/a/b/..", base + "a/"},
		{"/a/..", base},
		{"/../../etc/passwd", ""},
		{"/a/../../b", ""},
		{"/..", ""},
		{"..", ""},
		{"/%2e%2e/%2e%2e/x/", base + "%252e%252e/%252e%252e/x/"}, // names, encoded: no dot segment
		{"/\\..\\..\\z", base + "%5C..%5C..%5Cz"},
		{"//evil.example/x", base + "/evil.example/x"}, // a path below the base, not a host
		{"/https://evil.example/x", base + "https://evil.example/x"},
		{"/a\x01\t\n\x7f\xffb/", base + "a%01%09%0A%7F%FFb/"},
		{"/&<>'\"/", base + "&%3C%3E'%22/"},
	}
	for _, tt := range tests {
		d := m.Map(Page{File: walker.File{Path: "src.md"}, URLPath: tt.urlPath})
		if tt.want == "" {
			if d.Skip != OutsideBase || d.URL.Loc != "" || len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "climbs above the base URL") {
				t.Errorf("URLPath %q: skip %q, loc %q, warnings %q; want OutsideBase with a warning", tt.urlPath, d.Skip, d.URL.Loc, d.Warnings)
			}
			continue
		}
		if d.Skip != "" || d.URL.Loc != tt.want {
			t.Errorf("URLPath %q: loc %q, skip %q; want %q", tt.urlPath, d.URL.Loc, d.Skip, tt.want)
			continue
		}
		checkUnderBase(t, base, d.URL.Loc)
	}
}

// checkUnderBase fails unless loc is a valid <loc> that stays under base
// once a browser resolves it: a path under base's, no dot segment.
func checkUnderBase(t *testing.T, base, loc string) {
	t.Helper()
	if err := sitemap.CheckLoc(loc); err != nil && len(loc) < sitemap.MaxLocLength {
		t.Fatalf("%q: %v", loc, err)
	}
	b, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(loc)
	if err != nil {
		t.Fatalf("%q does not parse: %v", loc, err)
	}
	r := b.ResolveReference(u)
	if r.Scheme != b.Scheme || r.Host != b.Host || !strings.HasPrefix(r.EscapedPath(), b.EscapedPath()) || r.RawQuery != "" || r.Fragment != "" {
		t.Fatalf("%q resolves to %q, outside %s", loc, r, base)
	}
	for seg := range strings.SplitSeq(strings.TrimPrefix(loc, base), "/") {
		if dots := strings.ReplaceAll(strings.ToLower(seg), "%2e", "."); dots == "." || dots == ".." {
			t.Fatalf("%q has the dot segment %q", loc, seg)
		}
	}
}

// TestNormalizeURLDotSegments: "%2E" is ".", and dot segments are
// resolved, so that a canonical or alternate written with them compares
// equal to the page's URL and never names a path outside it.
func TestNormalizeURLDotSegments(t *testing.T) {
	pageURL, _ := url.Parse("https://example.com/blog/a/")
	tests := []struct{ ref, want string }{
		{"https://example.com/blog/%2e%2e/x", "https://example.com/x"},
		{"https://example.com/blog/x/%2E/", "https://example.com/blog/x/"},
		{"%2e%2e/b/", "https://example.com/blog/b/"},
		{"https://example.com/../../x", "https://example.com/x"},
		{"https://example.com/a/%252e%252e/", "https://example.com/a/%252e%252e/"},
	}
	for _, tt := range tests {
		if got, err := NormalizeURL(tt.ref, pageURL); err != nil || got != tt.want {
			t.Errorf("NormalizeURL(%q) = %q, %v; want %q", tt.ref, got, err, tt.want)
		}
		if got, err := NormalizeURL(tt.ref, nil); err == nil && strings.Contains(got, "/..") {
			t.Errorf("NormalizeURL(%q, nil) = %q, with a dot segment", tt.ref, got)
		}
	}
	for in, want := range map[string]string{
		"https://example.com/a/%2e%2e/blog/": "https://example.com/blog/",
		"https://example.com/a/../../blog":   "https://example.com/blog/",
		"https://example.com/./blog/.":       "https://example.com/blog/",
	} {
		if got, err := ParseBaseURL(in); err != nil || got != want {
			t.Errorf("ParseBaseURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// TestLocHostileNames: whatever bytes a file's name holds, its Loc is a
// valid <loc> under the base URL that decodes back to the name, or is too
// long and the page is left out.
func TestLocHostileNames(t *testing.T) {
	const base = "https://example.com/blog/"
	plain, err := New(Options{BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	clean, err := New(Options{BaseURL: base, CleanURLs: true, TrailingSlash: SlashEverywhere})
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("é", 127) // 254 bytes, 762 characters encoded
	for _, rel := range []string{
		"a&b<c>d'e\"f.html", "ctl\x01\t\n\x7f.html", "a\xffb\xc3.html", "back\\slash.html",
		"%2e%2e/x.html", "..%2f..%2fx.html", "...html", "a/..html", strings.Repeat("n", 250) + ".html",
		long + "/" + long + "/index.html", long + "/" + long + "/" + long + "/index.html",
	} {
		for _, m := range []*Mapper{plain, clean} {
			checkHostileName(t, m, base, rel)
		}
	}
}

// checkHostileName fails unless the page at rel is listed at a URL under
// base that gives rel back, or left out as too long.
func checkHostileName(t *testing.T, m *Mapper, base, rel string) {
	t.Helper()
	d := m.Map(Page{File: walker.File{Path: rel}})
	if len(d.URL.Loc) >= sitemap.MaxLocLength {
		if d.Skip != LocTooLong {
			t.Errorf("%.40q: a %d-character URL, skip %q", rel, len(d.URL.Loc), d.Skip)
		}
		return
	}
	if d.Skip != "" {
		t.Errorf("%.40q: skipped as %q", rel, d.Skip)
		return
	}
	checkUnderBase(t, base, d.URL.Loc)
	if back, ok := m.PathOf(d.URL.Loc, d.Form); !ok || back != rel {
		t.Errorf("%q: PathOf(%q) = %q, %v", rel, d.URL.Loc, back, ok)
	}
	// Listed, and said to be hard to serve when not UTF-8.
	if warned := len(d.Warnings) == 1 && strings.Contains(d.Warnings[0], "not valid UTF-8"); warned == utf8.ValidString(rel) {
		t.Errorf("%q: warnings %q", rel, d.Warnings)
	}
}
