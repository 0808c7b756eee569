package sitegen_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/sitemapgen/sitemapgen/internal/sitegen"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

const base = "https://example.com/"

// generate makes a site of n pages in a new folder and returns the
// folder and the manifest.
func generate(t *testing.T, n int, opts sitegen.Options) (string, []sitegen.Entry, sitegen.Summary) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "site")
	var mf bytes.Buffer
	opts.Pages, opts.Manifest = n, &mf
	sum, err := sitegen.Generate(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := sitegen.ReadManifest(&mf)
	if err != nil {
		t.Fatal(err)
	}
	return dir, entries, sum
}

// TestManifest: the manifest names every file of the site once, with its
// time, and exactly Pages HTML files; every kind is made; the summary
// counts what is there.
func TestManifest(t *testing.T) {
	const n = 3000
	dir, entries, sum := generate(t, n, sitegen.Options{Seed: 7})
	byPath := map[string]sitegen.Entry{}
	kinds := map[sitegen.Kind]int{}
	for _, e := range entries {
		if _, ok := byPath[e.Path]; ok {
			t.Errorf("%s: twice in the manifest", e.Path)
		}
		byPath[e.Path] = e
		kinds[e.Kind]++
	}
	var pages, files, dirs int
	var bytes int64
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." {
				dirs++
			}
			return nil
		}
		files++
		info, err := d.Info()
		if err != nil {
			return err
		}
		bytes += info.Size()
		e, ok := byPath[rel]
		switch {
		case !ok:
			t.Errorf("%s: not in the manifest", rel)
		case info.ModTime().UnixNano() != e.MTime:
			t.Errorf("%s: mtime %d, manifest %d", rel, info.ModTime().UnixNano(), e.MTime)
		}
		if strings.HasSuffix(rel, ".html") {
			pages++
			if e.URLPath == "" {
				t.Errorf("%s: a page without a URL path", rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages != n || files != len(entries) {
		t.Errorf("%d pages and %d files; want %d pages and the manifest's %d files", pages, files, n, len(entries))
	}
	want := sitegen.Summary{Counts: kinds, Pages: pages, Files: files, Dirs: dirs, Bytes: bytes}
	if fmt.Sprint(sum) != fmt.Sprint(want) {
		t.Errorf("summary %v\nthe site holds %v", sum, want)
	}
	for _, k := range []sitegen.Kind{sitegen.Home, sitegen.Section, sitegen.Branch, sitegen.Page, sitegen.Plain, sitegen.Pager,
		sitegen.Translated, sitegen.NoIndex, sitegen.Alias, sitegen.AliasNoIndex, sitegen.Canonical, sitegen.Error, sitegen.Asset, sitegen.Feed} {
		if kinds[k] == 0 {
			t.Errorf("no %s in %d pages: %v", k, n, kinds)
		}
	}
	if kinds[sitegen.Error] != 1 || kinds[sitegen.Home] != 1 {
		t.Errorf("kinds %v: want one home page and one error page", kinds)
	}
	if others := kinds[sitegen.Asset] + kinds[sitegen.Feed]; others != n/3 {
		t.Errorf("%d files that are not pages, want a third of the pages", others)
	}
}

// TestPages reads every page with x/net/html: its canonical link, its
// robots meta, its redirect and its hreflang links say what the manifest
// says of it; hreflang clusters are whole and name each other both ways;
// every listed page is served with 200 by a static server at its URL.
func TestPages(t *testing.T) {
	dir, entries, _ := generate(t, 2000, sitegen.Options{Seed: 3, BaseURL: base})
	listed := map[string]sitegen.Entry{}
	var locs []string
	for _, e := range entries {
		if e.Kind.Listed() {
			listed[e.URLPath] = e
			locs = append(locs, base+strings.TrimPrefix(e.URLPath, "/"))
		}
	}
	// canonicals: the AMP copies' URL paths, and the URL each names.
	canonicals := map[string]string{}
	for _, e := range entries {
		if e.Kind == sitegen.Canonical {
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(e.Path)))
			if err != nil {
				t.Fatal(err)
			}
			canonicals[e.URLPath] = readHead(t, data).canonical
		}
	}
	big, amps := 0, 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Path, ".html") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(e.Path)))
		if err != nil {
			t.Fatal(err)
		}
		h := readHead(t, data)
		if h.size > 4096 {
			big++
		}
		self := base + strings.TrimPrefix(e.URLPath, "/")
		noindex := strings.Contains(strings.ToLower(h.robots), "noindex")
		switch e.Kind {
		case sitegen.Alias, sitegen.AliasNoIndex:
			if h.refresh == "" || h.canonical == self || noindex != (e.Kind == sitegen.AliasNoIndex) {
				t.Errorf("%s: a %s with refresh %q, canonical %q, robots %q", e.Path, e.Kind, h.refresh, h.canonical, h.robots)
			}
		case sitegen.Canonical:
			if h.canonical == self || h.refresh != "" || noindex {
				t.Errorf("%s: canonical %q, its own URL %q", e.Path, h.canonical, self)
			}
			if _, ok := listed[strings.TrimPrefix(h.canonical, strings.TrimSuffix(base, "/"))]; !ok {
				t.Errorf("%s: canonical %q is no listed page", e.Path, h.canonical)
			}
		default:
			if h.canonical != self || h.refresh != "" || noindex != (e.Kind == sitegen.NoIndex) {
				t.Errorf("%s (%s): canonical %q (want %q), refresh %q, robots %q", e.Path, e.Kind, h.canonical, self, h.refresh, h.robots)
			}
		}
		if h.amp != "" {
			amps++
			if c, ok := canonicals[strings.TrimPrefix(h.amp, strings.TrimSuffix(base, "/"))]; !ok || c != self {
				t.Errorf("%s: amphtml %q is no AMP copy of the page", e.Path, h.amp)
			}
		}
		var alts []string
		for _, a := range h.alternates {
			alts = append(alts, a.lang+"="+strings.TrimPrefix(a.href, strings.TrimSuffix(base, "/")))
		}
		if !slices.Equal(alts, e.Alternates) {
			t.Errorf("%s: hreflang links %q, manifest %q", e.Path, alts, e.Alternates)
		}
		if h.modified != e.Modified {
			t.Errorf("%s: article:modified_time %q, manifest %q", e.Path, h.modified, e.Modified)
		}
		// A cluster: each alternate a listed page that names the same
		// alternates, this page among them.
		if len(e.Alternates) > 0 && !slices.Contains(e.Alternates, langOf(e)+"="+e.URLPath) {
			t.Errorf("%s: not in its own cluster %q", e.Path, e.Alternates)
		}
		for _, a := range e.Alternates {
			_, p, _ := strings.Cut(a, "=")
			if o, ok := listed[p]; !ok || !slices.Equal(o.Alternates, e.Alternates) {
				t.Errorf("%s: alternate %s is not a listed page with the same cluster", e.Path, a)
			}
		}
	}
	if big == 0 || amps != len(canonicals) {
		t.Errorf("%d heads over 4 KiB; %d pages with an AMP copy, %d copies", big, amps, len(canonicals))
	}
	bad, err := sitemaptest.Unserved(dir, base, locs)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Errorf("%d URLs not served with 200, e.g. %q", len(bad), bad[:min(5, len(bad))])
	}
}

// langOf is the language of a listed page: its folder's, for translations.
func langOf(e sitegen.Entry) string {
	if e.Kind == sitegen.Translated {
		return e.Path[:strings.IndexByte(e.Path, '/')]
	}
	return "en"
}

type head struct {
	canonical, robots, refresh, modified, amp string
	alternates                                []struct{ lang, href string }
	size                                      int // bytes up to </head>
}

// readHead reads a page's head with x/net/html.
func readHead(t *testing.T, data []byte) head {
	t.Helper()
	var h head
	z := html.NewTokenizer(bytes.NewReader(data))
	read := 0
	for {
		tt := z.Next()
		read += len(z.Raw())
		switch tt {
		case html.ErrorToken:
			t.Fatalf("no </head> in\n%s", data)
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "head" {
				h.size = read
				return h
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			attr := map[string]string{}
			for _, a := range tok.Attr {
				attr[a.Key] = a.Val
			}
			switch {
			case tok.Data == "link" && attr["rel"] == "canonical":
				h.canonical = attr["href"]
			case tok.Data == "link" && attr["rel"] == "alternate" && attr["hreflang"] != "":
				h.alternates = append(h.alternates, struct{ lang, href string }{attr["hreflang"], attr["href"]})
			case tok.Data == "link" && attr["rel"] == "amphtml":
				h.amp = attr["href"]
			case tok.Data == "meta" && attr["name"] == "robots":
				h.robots = attr["content"]
			case tok.Data == "meta" && attr["http-equiv"] == "refresh":
				h.refresh = attr["content"]
			case tok.Data == "meta" && attr["property"] == "article:modified_time":
				h.modified = attr["content"]
			}
		}
	}
}

// TestURLPath: the manifest's URL paths are the file paths as a static
// host serves them, percent-encoded as RFC 3986 says, and some need it.
func TestURLPath(t *testing.T) {
	_, entries, _ := generate(t, 2000, sitegen.Options{Seed: 1})
	encoded := 0
	for _, e := range entries {
		if e.URLPath == "" {
			continue
		}
		p, err := url.PathUnescape(e.URLPath)
		if err != nil {
			t.Fatalf("%s: %v", e.URLPath, err)
		}
		want := "/" + e.Path
		if d, ok := strings.CutSuffix(want, "/index.html"); ok {
			want = d + "/"
		}
		if p != want {
			t.Errorf("%s: URL path %s is %s, want %s", e.Path, e.URLPath, p, want)
		}
		if strings.Contains(e.URLPath, "%") {
			encoded++
		}
		for i := 0; i < len(e.URLPath); i++ {
			if c := e.URLPath[i]; c <= ' ' || c >= 0x7f || strings.IndexByte(`"#<>?[\]^`+"`{|}", c) >= 0 {
				t.Errorf("%s: %q not encoded", e.URLPath, c)
			}
		}
	}
	if encoded == 0 {
		t.Error("no URL path needs percent-encoding")
	}
}

// TestDeterministic: the same pages, seed and base URL make the same
// site, byte for byte and time for time, folders included, whatever the
// number of workers; another seed makes another.
func TestDeterministic(t *testing.T) {
	digest := func(workers int, seed uint64) string {
		dir, _, _ := generate(t, 600, sitegen.Options{Seed: seed, Workers: workers})
		h := sha256.New()
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, path)
			fmt.Fprintf(h, "%s %v %d\n", rel, info.Mode(), info.ModTime().UnixNano())
			if !d.IsDir() {
				data, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				h.Write(data)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("%x", h.Sum(nil))
	}
	one, many := digest(1, 5), digest(16, 5)
	if one != many {
		t.Error("1 worker and 16 workers made different sites")
	}
	if digest(4, 6) == one {
		t.Error("seeds 5 and 6 made the same site")
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := sitegen.Generate(dir, sitegen.Options{Pages: sitegen.MinPages - 1}); err == nil || !strings.Contains(err.Error(), "at least") {
		t.Errorf("too few pages: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := sitegen.Generate(dir, sitegen.Options{Pages: 100}); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("a folder not empty: %v", err)
	}
	if _, err := sitegen.Generate(filepath.Join(dir, "y"), sitegen.Options{Pages: 100, BaseURL: "example.com"}); err == nil {
		t.Error("a base URL without a scheme: no error")
	}
}

// BenchmarkGenerate: pages made a second, files written included.
func BenchmarkGenerate(b *testing.B) {
	const n = 10000
	for b.Loop() {
		b.StopTimer()
		dir := filepath.Join(b.TempDir(), "site")
		b.StartTimer()
		if _, err := sitegen.Generate(dir, sitegen.Options{Pages: n, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "pages/s")
}
