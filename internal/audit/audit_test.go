package audit

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
)

const base = "https://example.com/"

// TestGeneratedSite audits a gen-site site with a page given links to a
// missing path, a redirect stub (with and without noindex), a noindex
// page and the error page, and a linked section left out by an exclude
// pattern: the findings are exactly what an independent crawl of the same
// files says (golang.org/x/net/html's tokenizer, net/url's resolution,
// the manifest's kinds), the orphans among them.
func TestGeneratedSite(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "site")
	manifest := filepath.Join(dir, "manifest.tsv")
	if err := sitemaptest.GenSite(root, 2000, manifest); err != nil {
		t.Fatal(err)
	}
	entries, err := sitemaptest.ReadManifest(manifest)
	if err != nil {
		t.Fatal(err)
	}
	first := func(kind string) sitemaptest.ManifestEntry {
		for _, e := range entries {
			if e.Kind == kind {
				return e
			}
		}
		t.Fatalf("the generator made no %s page", kind)
		return sitemaptest.ManifestEntry{}
	}
	page := first("page")
	extra := fmt.Sprintf("<p><a href=\"/no/such/page/\">gone</a> <a href=%q>old</a>\n<a href=%q>hidden</a>\n<a href=%q>stub</a> <a href=\"/404.html\">404</a> <a href=\"../../../../../../../no-such.html\">up</a></p>\n</article>",
		first("alias").URLPath, first("noindex").URLPath, first("alias-noindex").URLPath)
	file := filepath.Join(root, filepath.FromSlash(page.Path))
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, bytes.Replace(data, []byte("</article>"), []byte(extra), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	const excluded = "releases/index.html"
	res, err := Run(context.Background(), Options{Build: pipeline.Options{
		Root:  root,
		Heads: pipeline.Heads{Read: true},
		Map:   mapping.Options{BaseURL: base},
		Walk:  walker.Options{Exclude: []string{excluded}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range res.Findings {
		got = append(got, fmt.Sprintf("%s %s:%d", f.Kind, f.Path, f.Line))
	}
	want := crawl(t, root, entries, excluded)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("%d findings, the crawl says %d; differences:\n%s", len(got), len(want), diffLines(got, want))
	}
	counts := map[string]int{}
	for _, w := range want {
		counts[strings.Fields(w)[0]]++
	}
	for kind, least := range map[string]int{"orphan": 100, "missing": 1, "redirect": 2, "noindex": 1, "error": 1, "unlisted": 1} {
		if counts[kind] < least {
			t.Errorf("the crawl finds %d %s, want at least %d: the fixture changed (%v)", counts[kind], kind, least, counts)
		}
	}
	if res.Pages < 1900 || res.Links < 10*res.Pages {
		t.Errorf("read %d pages and %d links", res.Pages, res.Links)
	}
}

// crawl is the oracle: every page of the manifest read with x/net/html's
// tokenizer, each link resolved by net/url against the page's URL and
// looked up among the manifest's files as a static host would serve it.
func crawl(t *testing.T, root string, entries []sitemaptest.ManifestEntry, excluded string) []string {
	t.Helper()
	kinds := map[string]string{}
	for _, e := range entries {
		kinds[e.Path] = e.Kind
	}
	served := func(p string) (string, bool) {
		names := []string{p + "index.html"}
		if p != "" && !strings.HasSuffix(p, "/") {
			names = []string{p, p + ".html", p + "/index.html"}
		}
		for _, n := range names {
			if _, ok := kinds[n]; ok {
				return n, true
			}
		}
		return "", false
	}
	baseURL, _ := url.Parse(base)
	inbound := map[string]int{}
	var out []string
	for _, e := range entries {
		switch e.Kind {
		case "asset", "feed", "alias", "alias-noindex":
			continue
		}
		if e.Path == excluded {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(e.Path)))
		if err != nil {
			t.Fatal(err)
		}
		pageURL, err := url.Parse(base + e.URLPath[1:])
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range tokenizerLinks(data) {
			ref, err := url.Parse(strings.TrimSpace(l.href))
			if err != nil {
				t.Fatalf("%s:%d: %v", e.Path, l.line, err)
			}
			u := pageURL.ResolveReference(ref)
			if u.Host != baseURL.Host || (u.Scheme != "http" && u.Scheme != "https") {
				continue
			}
			target, ok := served(strings.TrimPrefix(u.Path, "/"))
			at := fmt.Sprintf("%s:%d", e.Path, l.line)
			switch {
			case !ok:
				out = append(out, "missing "+at)
				continue
			case kinds[target] == "alias" || kinds[target] == "alias-noindex":
				out = append(out, "redirect "+at)
			case kinds[target] == "noindex":
				out = append(out, "noindex "+at)
			case kinds[target] == "404":
				out = append(out, "error page "+at)
			}
			if target != e.Path && e.Kind != "404" {
				inbound[target]++
			}
		}
	}
	for _, e := range entries {
		switch e.Kind {
		case "home", "asset", "feed", "404", "alias", "alias-noindex", "noindex":
			continue
		}
		switch {
		case e.Path == excluded && inbound[e.Path] > 0:
			out = append(out, "unlisted "+e.Path+":0")
		case e.Path != excluded && inbound[e.Path] == 0:
			out = append(out, "orphan "+e.Path+":0")
		}
	}
	slices.Sort(out)
	return out
}

type tokLink struct {
	href string
	line int
}

// tokenizerLinks returns the <a href> of a page, outside <template>, with
// the line of each, by x/net/html's tokenizer.
func tokenizerLinks(data []byte) []tokLink {
	z := html.NewTokenizer(bytes.NewReader(data))
	var out []tokLink
	line, inert := 1, 0
	for {
		tt := z.Next()
		raw := z.Raw()
		switch tt {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			switch {
			case tok.Data == "template":
				inert++
			case tok.Data == "a" && inert == 0:
				for _, a := range tok.Attr {
					if a.Key == "href" {
						out = append(out, tokLink{a.Val, line})
						break
					}
				}
			}
		case html.EndTagToken:
			if tok := z.Token(); tok.Data == "template" && inert > 0 {
				inert--
			}
		}
		line += bytes.Count(raw, []byte("\n"))
	}
}

// diffLines lists what one sorted list has that the other has not.
func diffLines(got, want []string) string {
	var b strings.Builder
	n := 0
	for _, g := range got {
		if _, ok := slices.BinarySearch(want, g); !ok && n < 20 {
			fmt.Fprintf(&b, "  unexpected %s\n", g)
			n++
		}
	}
	for _, w := range want {
		if _, ok := slices.BinarySearch(got, w); !ok && n < 40 {
			fmt.Fprintf(&b, "  missing    %s\n", w)
			n++
		}
	}
	return b.String()
}
