package audit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/sitegen"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
)

const base = "https://example.com/"

// blocked is the section robots.txt disallows in TestGeneratedSite.
const blocked = "tags/"

// TestGeneratedSite audits a generated site with a page given links to a
// missing path, a redirect stub (with and without noindex), a noindex
// page and the error page, a linked section left out by an exclude
// pattern, and a robots.txt that disallows another section: the findings are exactly what an independent crawl of the same
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
	first := func(kind sitegen.Kind) sitegen.Entry {
		for _, e := range entries {
			if e.Kind == kind {
				return e
			}
		}
		t.Fatalf("the generator made no %s page", kind)
		return sitegen.Entry{}
	}
	page := first(sitegen.Page)
	extra := fmt.Sprintf("<p><a href=\"/no/such/page/\">gone</a> <a href=%q>old</a>\n<a href=%q>hidden</a>\n<a href=%q>stub</a> <a href=\"/404.html\">404</a> <a href=\"../../../../../../../no-such.html\">up</a></p>\n</article>",
		first(sitegen.Alias).URLPath, first(sitegen.NoIndex).URLPath, first(sitegen.AliasNoIndex).URLPath)
	file := filepath.Join(root, filepath.FromSlash(page.Path))
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, bytes.Replace(data, []byte("</article>"), []byte(extra), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	// robots.txt disallows a section: links into it are findings, and
	// its pages are no orphans (not listed).
	if err := os.WriteFile(filepath.Join(root, "robots.txt"), []byte("User-agent: *\nDisallow: /"+blocked+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const excluded = "releases/index.html"
	res, err := Run(context.Background(), Options{Build: pipeline.Options{
		Root:   root,
		Heads:  pipeline.Heads{Read: true},
		Map:    mapping.Options{BaseURL: base},
		Walk:   walker.Options{Exclude: []string{excluded}},
		Robots: pipeline.Robots{Dir: root},
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
	for kind, least := range map[string]int{"orphan": 100, "missing": 1, "redirect": 2, "noindex": 1, "error": 1, "unlisted": 1, "robots.txt": 1} {
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
func crawl(t *testing.T, root string, entries []sitegen.Entry, excluded string) []string {
	t.Helper()
	kinds := map[string]sitegen.Kind{}
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
		case sitegen.Asset, sitegen.Feed, sitegen.Alias, sitegen.AliasNoIndex:
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
			case kinds[target] == sitegen.Alias || kinds[target] == sitegen.AliasNoIndex:
				out = append(out, "redirect "+at)
			case kinds[target] == sitegen.NoIndex:
				out = append(out, "noindex "+at)
			case kinds[target] == sitegen.Canonical:
				out = append(out, "canonical "+at)
			case kinds[target] == sitegen.Error:
				out = append(out, "error page "+at)
			case strings.HasPrefix(target, blocked):
				out = append(out, "robots.txt "+at)
			}
			if target != e.Path && e.Kind != sitegen.Error {
				inbound[target]++
			}
		}
	}
	for _, e := range entries {
		if !e.Kind.Listed() || e.Kind == sitegen.Home {
			continue
		}
		switch {
		case strings.HasPrefix(e.Path, blocked):
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

// TestRead reads pages of every size around the buffer's first size and
// the limit: whole up to the limit, the limit's worth past it.
func TestRead(t *testing.T) {
	const limit = 100 << 10
	dir := t.TempDir()
	root, err := pipeline.OpenSitePages(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	var w worker
	for _, size := range []int{0, 1, 64<<10 - 1, 64 << 10, 64<<10 + 1, limit - 1, limit, limit + 1, 3*limit + 7, 5 << 20} {
		data := bytes.Repeat([]byte("<a href=/x>\n"), size/12+1)[:size]
		name := fmt.Sprint(size)
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := w.read(root, name, limit)
		switch {
		case size > limit:
			if !errors.Is(err, errTooLarge) || !bytes.Equal(got, data[:limit]) {
				t.Errorf("%d bytes: %d read, %v; want the first %d and errTooLarge", size, len(got), err, limit)
			}
		case err != nil || !bytes.Equal(got, data):
			t.Errorf("%d bytes: %d read, %v; want them all", size, len(got), err)
		}
	}
	if _, err := w.read(root, "none", limit); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing page: %v", err)
	}
}

// TestReadRefused: a page read again is opened by the door's rule: a
// link out of the site folder (to a file with a secret, to /dev/zero),
// an absolute link to a page of the site, a path through ".." are
// refused and said as the door says them, nothing of their target read;
// a FIFO is refused at once; a relative link inside is read.
func TestReadRefused(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "site")
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"site/a.html": "<a href=/>", "secret.html": "secret-token"} {
		if err := os.WriteFile(filepath.Join(top, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, target := range map[string]string{
		"out.html": "../secret.html", "zero.html": "/dev/zero", "abs.html": filepath.Join(dir, "a.html"),
		"in.html": "a.html", "sub/up.html": "../a.html",
	} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.html"), 0o644); err != nil {
		t.Fatal(err)
	}
	pages, err := pipeline.OpenSitePages(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer pages.Close()
	for _, tt := range []struct{ rel, want string }{
		{"a.html", ""}, {"in.html", ""}, {"sub/up.html", ""},
		{"out.html", fsx.ErrOutside.Error()},
		{"zero.html", fsx.ErrOutside.Error()},
		{"abs.html", fsx.ErrAbsolute.Error()},
		{"sub/../../secret.html", fsx.ErrOutside.Error()},
		{"fifo.html", "not a regular file (a FIFO)"},
	} {
		done := make(chan struct{})
		var got []byte
		var err error
		go func() {
			defer close(done)
			var w worker
			got, err = w.read(pages, tt.rel, 1<<20)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: the read did not return", tt.rel)
		}
		switch {
		case strings.Contains(string(got), "secret-token"):
			t.Errorf("%s: read the file outside", tt.rel)
		case tt.want == "" && (err != nil || string(got) != "<a href=/>"):
			t.Errorf("%s: %q, %v; want the page", tt.rel, got, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), filepath.Join(dir, tt.rel))):
			t.Errorf("%s: %q, %v; want an error naming it: %s", tt.rel, got, err, tt.want)
		}
	}
}

// TestLargePages audits pages of several MB: every link is read, and a
// page past limits.page_bytes is read that far, with a finding.
func TestLargePages(t *testing.T) {
	var big strings.Builder
	big.WriteString("<!doctype html><title>big</title>\n")
	for i := range 200_000 {
		fmt.Fprintf(&big, "<p>%d <a href=\"/\">home</a></p>\n", i)
	}
	big.WriteString("<a href=\"/last/\">last</a>\n")
	files := map[string]string{
		"index.html":      `<!doctype html><title>home</title><a href="big.html">big</a> <a href="huge.html">huge</a>`,
		"big.html":        big.String(),
		"huge.html":       big.String() + big.String(),
		"last/index.html": "<!doctype html><title>last</title>",
	}
	root := writeSite(t, files)
	limit := big.Len() + 100 // huge.html is past it, big.html is not
	res, err := Run(context.Background(), Options{Build: pipeline.Options{
		Root: root, Heads: pipeline.Heads{Read: true}, Map: mapping.Options{BaseURL: base},
		Limits: limits.Limits{PageBytes: limit},
	}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range res.Findings {
		got = append(got, fmt.Sprintf("%s %s: %s", f.Kind, f.Path, f.Msg))
	}
	want := []string{fmt.Sprintf("build huge.html: larger than %d bytes (limits.page_bytes); the links in the first %d are read", limit, limit)}
	if !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
	// big.html's last link (to last/) counts: last/ is no orphan. Its
	// 200,001 links, and huge.html's first 200,001 or so, are read.
	if res.Links < 400_000 {
		t.Errorf("%d links read", res.Links)
	}
}

func TestMoreLinks(t *testing.T) {
	for n, want := range map[int]string{1: "", 2: " and 1 more link", 3: " and 2 more links"} {
		if got := moreLinks(n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}

// TestExtraURLs: an extra URL (a page a server renders, which no file
// shows) is a listed URL: a link to it is no 404, and it is no orphan
// page; a link to a URL neither a file nor a record gives still is.
func TestExtraURLs(t *testing.T) {
	root := writeSite(t, map[string]string{
		"index.html": `<!doctype html><title>home</title><a href="/p/1">one</a> <a href="/p/2/">two</a> <a href="/p/3">three</a>`,
	})
	x := pipeline.Extra{Name: "urls.txt", Format: "text", Open: func(context.Context) (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(base + "p/1\n" + base + "p/2/\n" + base + "p/9\n")), nil
	}}
	res, err := Run(context.Background(), Options{Build: pipeline.Options{
		Root: root, Heads: pipeline.Heads{Read: true}, Map: mapping.Options{BaseURL: base}, Extra: []pipeline.Extra{x},
	}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range res.Findings {
		got = append(got, fmt.Sprintf("%s %s:%d: %s", f.Kind, f.Path, f.Line, f.Msg))
	}
	want := []string{"missing index.html:1: links to " + base + "p/3, which no file serves (404)"}
	if !slices.Equal(got, want) {
		t.Errorf("findings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
