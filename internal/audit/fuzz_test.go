package audit

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
)

// writeSite writes files (path: content) under a new folder.
func writeSite(t testing.TB, files map[string]string) string {
	root := t.TempDir()
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func runAudit(t testing.TB, root, baseURL string, walk walker.Options) *Result {
	res, err := Run(context.Background(), Options{Build: pipeline.Options{
		Root: root, Heads: pipeline.Heads{Read: true}, Map: mapping.Options{BaseURL: baseURL}, Walk: walk,
	}})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestEmptySegments is the crash a real 587-page docs site met: a
// same-site link with an empty path segment, to a page and to one the
// walk leaves out. Each gives a canonical finding at its line, naming
// the clean URL, and the link counts for its target.
func TestEmptySegments(t *testing.T) {
	root := writeSite(t, map[string]string{
		"index.html":          "<!doctype html><title>home</title>\n<a href=\"/docs//x/\">x</a>\n<a href=\"/docs//drafts/y.html\">y</a>\n<a href=\"docs/%2e%2e%2F%2e%2e%2Fetc/passwd\">up</a>",
		"docs/x/index.html":   "<!doctype html><title>x</title><a href=\"/\">home</a>",
		"docs/drafts/y.html":  "<!doctype html><title>y</title>",
		"docs/index.html":     "<!doctype html><title>docs</title><a href=\"/\">home</a>",
		"docs/orphan/a.html":  "<!doctype html><title>orphan</title>",
		"docs/etc/index.html": "<!doctype html><title>etc</title>",
	})
	res := runAudit(t, root, base, walker.Options{Exclude: []string{"docs/drafts"}})
	var got []string
	for _, f := range res.Findings {
		got = append(got, fmt.Sprintf("%s %s:%d %s", f.Kind, f.Path, f.Line, f.URL))
	}
	want := []string{
		"unlisted docs/drafts/y.html:0 https://example.com/docs/drafts/y.html",
		"orphan docs/etc/index.html:0 https://example.com/docs/etc/",
		"orphan docs/index.html:0 https://example.com/docs/",
		"orphan docs/orphan/a.html:0 https://example.com/docs/orphan/a.html",
		"canonical index.html:2 https://example.com/docs/x/",
		"canonical index.html:3 https://example.com/docs/drafts/y.html",
		"missing index.html:4 https://example.com/etc/passwd", // clamped at the site's root: never above it
		"canonical index.html:4 https://example.com/etc/passwd",
	}
	slices.Sort(got)
	slices.Sort(want)
	if d := diffLines(got, want); d != "" {
		t.Errorf("findings:\n%s\ngot:\n%s", d, strings.Join(got, "\n"))
	}
}

// FuzzAudit audits a small site whose pages are the fuzzer's HTML and
// links: no input crashes it, and every finding is of a known kind, on a
// page of the site. x/net/html is the oracle of what a page holds: every
// link it finds on a page is either followed or said why not.
func FuzzAudit(f *testing.F) {
	for _, seed := range [][2]string{
		{`<a href="/docs//x/">x</a>`, "/docs//x/"},
		{`<a href="a%2F..%2F..%2F..">up</a><base href="//other.example/">`, "..%2f"},
		{`<link rel="sitemap" href="/sitemap-index.xml"><a href="x">`, "./x/./"},
		{`<a href="https://example.com:443/docs/">`, "///"},
		{`<a href="\\docs\\x\\">`, "%2e%2e/%2e/"},
		{`<a href=/docs/x/#frag>`, "?q"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, page, href string) {
		defer fuzzbound.Check(t)()
		if len(page) > 4096 || len(href) > 512 {
			return
		}
		if _, err := html.Parse(strings.NewReader(page)); err != nil {
			return // x/net/html parses anything; an error is a reader's
		}
		root := writeSite(t, map[string]string{
			"index.html":        "<!doctype html><title>home</title>" + page + fmt.Sprintf("<a href=%q>l</a>", href),
			"docs/x/index.html": "<!doctype html><title>x</title>" + page,
			"docs/y.html":       "<!doctype html><title>y</title><a href=\"/\">home</a>",
		})
		res := runAudit(t, root, base+"docs/", walker.Options{})
		for _, f := range res.Findings {
			if !bytes.Contains([]byte(",orphan,unlisted,missing,redirect,noindex,canonical,robots.txt,error page,build,sitemap link,"), []byte(","+string(f.Kind)+",")) {
				t.Errorf("finding of an unknown kind %q: %+v", f.Kind, f)
			}
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(f.Path))); err != nil {
				t.Errorf("finding on %q, which is no file of the site: %v", f.Path, err)
			}
		}
	})
}

// TestSitemapLinks: a page's <link rel="sitemap"> and robots.txt's
// Sitemap: line that name no file are errors, each at its line; those
// that name a file, or another host, are not; the link is no page link.
func TestSitemapLinks(t *testing.T) {
	root := writeSite(t, map[string]string{
		"index.html":  "<!doctype html><title>home</title>\n<link rel=\"sitemap\" href=\"/sitemap-index.xml\">\n<a href=\"a.html\">a</a>",
		"a.html":      "<!doctype html><title>a</title>\n<link rel=sitemap href=/sitemap.xml><a href=\"/\">home</a>",
		"sitemap.xml": "<urlset/>",
		"robots.txt":  "User-agent: *\nAllow: /\nSitemap: https://example.com/sitemap.xml\nSitemap: https://example.com/gone.xml\nSitemap: https://other.example/s.xml\n",
	})
	res := runAudit(t, root, base, walker.Options{})
	var got []string
	for _, f := range res.Findings {
		got = append(got, fmt.Sprintf("%s %s:%d %s %v", f.Kind, f.Path, f.Line, f.URL, f.Kind.IsError()))
	}
	want := []string{
		"sitemap link index.html:2 https://example.com/sitemap-index.xml true",
		"sitemap link robots.txt:4 https://example.com/gone.xml true",
	}
	slices.Sort(got)
	if d := diffLines(got, want); d != "" {
		t.Errorf("findings:\n%s", d)
	}
	if res.Links != 2 {
		t.Errorf("%d links, want 2: a sitemap link is no page link", res.Links)
	}
}
