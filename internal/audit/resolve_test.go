package audit

import (
	"net/url"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

// TestResolve holds the resolver to every form a link takes, each case
// checked against net/url's resolution of the same reference (the
// oracle) where net/url reads it as a browser does.
func TestResolve(t *testing.T) {
	tests := []struct {
		name, base, page, href string
		want                   string // the decoded path of the site folder
		kind                   linkKind
	}{
		{"absolute path", "https://example.org/", "a/b/index.html", "/docs/", "docs/", linkInternal},
		{"relative", "https://example.org/", "a/b/index.html", "c/", "a/b/c/", linkInternal},
		{"relative from a plain page", "https://example.org/", "a/b.html", "c.html", "a/c.html", linkInternal},
		{"dot", "https://example.org/", "a/b/index.html", "./", "a/b/", linkInternal},
		{"dot dot", "https://example.org/", "a/b/index.html", "../x", "a/x", linkInternal},
		{"dot dot above the root", "https://example.org/", "a/index.html", "../../../../etc/passwd", "etc/passwd", linkInternal},
		{"encoded dot dot", "https://example.org/", "a/b/index.html", "%2e%2E/x", "a/x", linkInternal},
		{"full URL", "https://example.org/", "index.html", "https://example.org/docs/a/", "docs/a/", linkInternal},
		{"host case and default port", "https://example.org/", "index.html", "https://EXAMPLE.org:443/x", "x", linkInternal},
		{"other scheme, same host", "https://example.org/", "index.html", "http://example.org/x", "x", linkInternal},
		{"protocol-relative", "https://example.org/", "index.html", "//example.org/x/", "x/", linkInternal},
		{"protocol-relative, other host", "https://example.org/", "index.html", "//cdn.example.org/x/", "", linkOffsite},
		{"other host", "https://example.org/", "index.html", "https://example.com/", "", linkOffsite},
		{"userinfo", "https://example.org/", "index.html", "https://evil@example.org/", "", linkOffsite},
		{"query", "https://example.org/", "index.html", "/search/?q=a#r", "search/", linkInternal},
		{"fragment only", "https://example.org/", "a/index.html", "#top", "", linkSkip},
		{"query only", "https://example.org/", "a/index.html", "?page=2", "a/", linkInternal},
		{"empty", "https://example.org/", "a/index.html", "  ", "", linkSkip},
		{"mailto", "https://example.org/", "index.html", "mailto:a@example.org", "", linkOther},
		{"javascript", "https://example.org/", "index.html", "JavaScript:alert(1)", "", linkOther},
		{"data", "https://example.org/", "index.html", "data:text/html,<a href=/x>", "", linkOther},
		{"tel", "https://example.org/", "index.html", "tel:+15555550100", "", linkOther},
		{"percent-encoded", "https://example.org/", "index.html", "/caf%C3%A9/q%26a%20b/", "café/q&a b/", linkInternal},
		{"raw unicode", "https://example.org/", "index.html", "/日本語/", "日本語/", linkInternal},
		{"invalid escape", "https://example.org/", "index.html", "/100%/x%zz", "100%/x%zz", linkInternal},
		{"invalid UTF-8", "https://example.org/", "index.html", "/a\xff\xfeb/", "a\xff\xfeb/", linkInternal},
		{"tabs and newlines", "https://example.org/", "index.html", "/do\tcs/\n", "docs/", linkInternal},
		{"backslashes", "https://example.org/", "index.html", `\docs\a`, "docs/a", linkInternal},
		{"page in a folder with a space", "https://example.org/", "a b/index.html", "c", "a b/c", linkInternal},
		{"base path: under it", "https://example.org/blog/", "post/index.html", "/blog/other/", "other/", linkInternal},
		{"base path: its root without a slash", "https://example.org/blog/", "post/index.html", "/blog", "", linkInternal},
		{"base path: outside it", "https://example.org/blog/", "post/index.html", "/shop/", "", linkOutside},
		{"base path: relative climbs out", "https://example.org/blog/", "post/index.html", "../../shop/", "", linkOutside},
		{"scheme-like relative", "https://example.org/", "index.html", "http:x", "", linkSkip},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := siteOf(tt.base)
			if err != nil {
				t.Fatal(err)
			}
			r := resolver{site: s}
			r.page(tt.page)
			got, kind := r.resolve([]byte(tt.href))
			if kind != tt.kind || string(got) != tt.want {
				t.Fatalf("resolve(%q) on %s = %q, %v; want %q, %v", tt.href, tt.page, got, kind, tt.want, tt.kind)
			}
			if kind != linkInternal || strings.ContainsAny(tt.href, "\t\n\\\xff") || strings.Contains(strings.ToLower(tt.href), "%2e") || strings.HasPrefix(tt.href, "/100%") {
				return // net/url rejects or reads these differently from a browser
			}
			// The oracle: net/url's resolution against the page's URL.
			pageURL, err := url.Parse(tt.base + pageDir(tt.page))
			if err != nil {
				t.Fatal(err)
			}
			ref, err := url.Parse(strings.TrimSpace(tt.href))
			if err != nil {
				t.Fatal(err)
			}
			oracle := strings.TrimPrefix(pageURL.ResolveReference(ref).Path, s.path)
			if oracle+"/" == s.path {
				oracle = ""
			}
			if string(got) != oracle {
				t.Errorf("resolve(%q) = %q, net/url says %q", tt.href, got, oracle)
			}
		})
	}
}

// pageDir is the URL path of a page's folder, percent-encoded.
func pageDir(page string) string {
	i := strings.LastIndexByte(page, '/')
	if i < 0 {
		return ""
	}
	return (&url.URL{Path: page[:i+1]}).EscapedPath()
}

func TestResolveBase(t *testing.T) {
	s, _ := siteOf("https://example.org/")
	r := resolver{site: s}
	r.page("a/b/index.html")
	r.base([]byte("/x/y/"))
	if got, _ := r.resolve([]byte("z")); string(got) != "x/y/z" {
		t.Errorf("after <base href=/x/y/>: %q, want x/y/z", got)
	}
	r.page("a/index.html")
	r.base([]byte("https://cdn.example.com/"))
	if _, kind := r.resolve([]byte("z")); kind != linkOffsite {
		t.Errorf("after a <base> on another host: %v, want offsite", kind)
	}
	if got, _ := r.resolve([]byte("/abs")); string(got) != "abs" {
		t.Errorf("an absolute path after a <base> on another host: %q, want abs", got)
	}
}

func TestRemoveDots(t *testing.T) {
	for in, want := range map[string]string{
		"/":             "/",
		"/a/./b":        "/a/b",
		"/a/b/..":       "/a/",
		"/a/b/../../..": "/",
		"/a/.":          "/a/",
		"/..":           "/",
		"/a//b":         "/a//b",
		"/a/..b/c":      "/a/..b/c",
	} {
		if got := removeDots([]byte(in)); string(got) != want {
			t.Errorf("removeDots(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestResolveAllocs holds the common link to no allocation.
func TestResolveAllocs(t *testing.T) {
	s, _ := siteOf("https://example.org/")
	r := resolver{site: s}
	r.page("docs/a/index.html")
	hrefs := [][]byte{[]byte("/docs/b/"), []byte("../c/index.html"), []byte("https://example.org/x/?q=1#f")}
	for _, h := range hrefs {
		r.resolve(h) // grow the buffers once
	}
	if n := testing.AllocsPerRun(100, func() {
		for _, h := range hrefs {
			r.resolve(h)
		}
	}); n != 0 {
		t.Errorf("%v allocations resolving %d links, want 0", n, len(hrefs))
	}
}

// FuzzResolve: any href, on any page, resolves without a panic to a path
// of the site folder with no dot segment left (empty ones are paths too), which resolves to itself
// once encoded again as an absolute link.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"/a/", "../b", "https://example.org/x?y#z", "//example.org", "%2e%2e/%2E", "\\\\x", "mailto:a", " \t/a\nb ", "/%zz%C3%A9"} {
		f.Add("docs/a/index.html", s)
	}
	f.Fuzz(func(t *testing.T, page, href string) {
		defer fuzzbound.Check(t)()
		s, _ := siteOf("https://example.org/blog/")
		r := resolver{site: s}
		r.page(page)
		got, kind := r.resolve([]byte(href))
		if kind != linkInternal {
			return
		}
		p := string(got)
		if strings.Contains("/"+p+"/", "/../") || strings.Contains("/"+p+"/", "/./") {
			t.Fatalf("resolve(%q) on %q = %q: not a clean path of the site folder", href, page, p)
		}
		again, kind := r.resolve(appendEscaped([]byte("/blog/"), p))
		if kind != linkInternal || string(again) != p {
			t.Fatalf("resolve(%q) = %q, which resolves to %q (%v)", href, p, again, kind)
		}
	})
}

// TestResolveUnclean holds the resolver to links whose decoded path has
// an empty or a dot segment: collapsed, never above the site's root,
// and said to be unclean.
func TestResolveUnclean(t *testing.T) {
	s, _ := siteOf("https://example.org/docs/")
	for _, tt := range []struct {
		href, want string
		unclean    bool
	}{
		{"/docs//x/", "x/", true},
		{"/docs/a//b.html", "a/b.html", true},
		{"/docs///", "", true},
		{"a%2F..%2F..%2F..%2Fetc%2Fpasswd", "etc/passwd", true},
		{"x%2f.%2fy", "p/x/y", true},
		{"x%2F..", "p/", true},
		{"/docs/a/b/", "a/b/", false},
		{"/docs/a%2Fb", "a/b", false}, // an encoded slash: one path, clean
	} {
		r := resolver{site: s}
		r.page("p/index.html")
		got, kind := r.resolve([]byte(tt.href))
		if kind != linkInternal || string(got) != tt.want || r.unclean != tt.unclean {
			t.Errorf("resolve(%q) = %q, %v, unclean %v; want %q, internal, unclean %v", tt.href, got, kind, r.unclean, tt.want, tt.unclean)
		}
	}
}
