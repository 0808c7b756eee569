package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/sitegen"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

const base = "https://example.com/"

// pages makes a site of pages with the given content.
func pages(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, content := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func site(t *testing.T, paths ...string) string {
	t.Helper()
	root := t.TempDir()
	mtime := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, p := range paths {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("<!doctype html><title>"+p+"</title>"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(full, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

type events struct {
	warns []string
	skips []string
}

func run(t *testing.T, opts Options) (*Result, *events, error) {
	t.Helper()
	ev := &events{}
	opts.Report = Report{
		Warn:    func(path string, err error) { ev.warns = append(ev.warns, path+": "+err.Error()) },
		Skip:    func(path string, r mapping.Reason, _ string) { ev.skips = append(ev.skips, path+": "+string(r)) },
		Explain: opts.Report.Explain,
	}
	if opts.Map.BaseURL == "" {
		opts.Map.BaseURL = base
	}
	res, err := Run(context.Background(), opts)
	return res, ev, err
}

// datedURLs counts the URLs of res written with a lastmod.
func datedURLs(res *Result) int {
	n := 0
	for i := range res.URLs.Len() {
		if !res.URLs.At(i).LastMod.IsZero() {
			n++
		}
	}
	return n
}

func locs(res *Result) []string {
	var l []string
	for i := range res.URLs.Len() {
		l = append(l, res.URLs.At(i).Loc)
	}
	return l
}

func TestRun(t *testing.T) {
	root := site(t, "index.html", "about.html", "blog/index.html", "blog/b.html", "404.html", "style.css")
	res, ev, err := run(t, Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{base, base + "about.html", base + "blog/", base + "blog/b.html"}
	if !slices.Equal(locs(res), want) {
		t.Errorf("locs %q, want %q", locs(res), want)
	}
	if res.Pages != 5 || res.Skipped[mapping.ErrorPage] != 1 || len(res.Skipped) != 1 || res.Warnings != 0 {
		t.Errorf("pages %d, skipped %v, warnings %d", res.Pages, res.Skipped, res.Warnings)
	}
	if !slices.Equal(ev.skips, []string{"404.html: error page"}) {
		t.Errorf("skips %q", ev.skips)
	}
	if !slices.Equal(res.Write.Written, []string{"sitemap.xml"}) {
		t.Errorf("written %q", res.Write.Written)
	}
	sitemaptest.MustValidate(t, root)
}

func TestRunDuplicates(t *testing.T) {
	root := site(t, "index.html", "a.html", "a/index.html", "b.htm", "b.html", "c.html", "c-d/index.html", "c/index.html", "e.html")
	tests := []struct {
		name      string
		opts      mapping.Options
		want      []string
		wantWarns []string
	}{
		{"exact duplicates", mapping.Options{CleanURLs: true, TrailingSlash: mapping.SlashNever},
			[]string{base, base + "a", base + "b", base + "c", base + "c-d", base + "e"},
			[]string{
				"a/index.html: duplicate URL https://example.com/a (also from a.html); listed once",
				"b.html: duplicate URL https://example.com/b (also from b.htm); listed once",
				"c/index.html: duplicate URL https://example.com/c (also from c.html); listed once",
			}},
		{"page beside folder", mapping.Options{CleanURLs: true},
			[]string{base, base + "a/", base + "b", base + "c-d/", base + "c/", base + "e"},
			[]string{
				"b.html: duplicate URL https://example.com/b (also from b.htm); listed once",
				"a.html: duplicate URL https://example.com/a: hosts serve it as https://example.com/a/ (from a/index.html); listed once, as that",
				"c.html: duplicate URL https://example.com/c: hosts serve it as https://example.com/c/ (from c/index.html); listed once, as that",
			}},
		{"no clean URLs, no duplicates", mapping.Options{},
			[]string{base, base + "a.html", base + "a/", base + "b.htm", base + "b.html", base + "c-d/", base + "c.html", base + "c/", base + "e.html"},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, ev, err := run(t, Options{Root: root, Map: tt.opts, Write: writer.Options{DryRun: true}})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(locs(res), tt.want) {
				t.Errorf("locs %q\nwant %q", locs(res), tt.want)
			}
			if !slices.Equal(ev.warns, tt.wantWarns) {
				t.Errorf("warnings %q\nwant %q", ev.warns, tt.wantWarns)
			}
			if res.Skipped[mapping.Duplicate] != len(tt.wantWarns) || res.Warnings != len(tt.wantWarns) {
				t.Errorf("skipped %v, warnings %d", res.Skipped, res.Warnings)
			}
		})
	}
}

func TestRunTooLong(t *testing.T) {
	long := strings.Repeat("y", 200) + "/" + strings.Repeat("z", 200) + "/"
	long = strings.Repeat(long, 6) + "index.html" // about 2,400 characters
	root := site(t, "index.html", long)
	res, ev, err := run(t, Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(locs(res), []string{base}) || res.Skipped[mapping.LocTooLong] != 1 {
		t.Errorf("locs %q, skipped %v", locs(res), res.Skipped)
	}
	if len(ev.warns) != 1 || !strings.Contains(ev.warns[0], "characters long; the protocol allows fewer than 2048; not listed") {
		t.Errorf("warnings %q", ev.warns)
	}
}

func TestRunOwnOutput(t *testing.T) {
	root := site(t, "index.html", "feed.xml", "sub/sitemap.xml")
	opts := Options{Root: root, Walk: walker.Options{Include: []string{"**/*.html", "**/*.xml"}}}
	if _, _, err := run(t, opts); err != nil {
		t.Fatal(err)
	}
	// The second run sees the first run's sitemap.xml and leaves it out:
	// no page found, none skipped.
	res, ev, err := run(t, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{base, base + "feed.xml", base + "sub/sitemap.xml"}
	if !slices.Equal(locs(res), want) {
		t.Errorf("locs %q, want %q", locs(res), want)
	}
	if len(ev.skips) != 0 || res.Pages != 3 {
		t.Errorf("skips %q, %d pages found: want none skipped, 3 pages found", ev.skips, res.Pages)
	}
}

func TestRunEmpty(t *testing.T) {
	root := site(t, "style.css", "img/logo.png")
	prev := filepath.Join(root, "sitemap.xml")
	os.WriteFile(prev, []byte("previous"), 0o644)
	_, _, err := run(t, Options{Root: root})
	var d *diag.Diagnostic
	if !errors.Is(err, ErrNoPages) || !errors.As(err, &d) || d.File != root {
		t.Fatalf("err = %v, want ErrNoPages about %s", err, root)
	}
	if want := root + ": no page found (include: **/*.html, **/*.htm); nothing written"; err.Error() != want {
		t.Errorf("err = %q\nwant %q", err, want)
	}
	if b, _ := os.ReadFile(prev); string(b) != "previous" {
		t.Error("previous sitemap changed")
	}
	_, _, err = run(t, Options{Root: root, Walk: walker.Options{Include: []string{"docs/**/*.pdf"}}})
	if err == nil || !strings.Contains(err.Error(), "(include: docs/**/*.pdf)") {
		t.Errorf("err = %v", err)
	}
}

func TestRunAllSkipped(t *testing.T) {
	root := site(t, "404.html", "500.html")
	res, _, err := run(t, Options{Root: root})
	if !errors.Is(err, ErrAllSkipped) {
		t.Fatalf("err = %v, want ErrAllSkipped", err)
	}
	if res.Pages != 2 || res.Skipped[mapping.ErrorPage] != 2 {
		t.Errorf("pages %d skipped %v", res.Pages, res.Skipped)
	}
	if _, err := os.Stat(filepath.Join(root, "sitemap.xml")); !os.IsNotExist(err) {
		t.Error("sitemap.xml written for no URLs")
	}
}

// Index files beyond sitemap.xml are named by robots.txt or by nobody;
// then the build says so.
func TestRunUnlinkedIndex(t *testing.T) {
	var paths []string
	for i := range 8 {
		paths = append(paths, fmt.Sprintf("page-%d.html", i))
	}
	root := site(t, paths...)
	res, ev, err := run(t, Options{Root: root, Write: writer.Options{MaxBytes: 400}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Write.Unlinked) == 0 || len(ev.warns) != len(res.Write.Unlinked) || !strings.HasPrefix(ev.warns[0], "sitemap-index-2.xml: no sitemap or robots.txt names this index file") {
		t.Errorf("unlinked %q, warnings %q", res.Write.Unlinked, ev.warns)
	}
	_, ev, err = run(t, Options{Root: root, Write: writer.Options{MaxBytes: 400, Robots: true}})
	if err != nil || len(ev.warns) != 0 {
		t.Errorf("with robots.txt: %v, warnings %q", err, ev.warns)
	}
}

func TestRunBadBaseURL(t *testing.T) {
	root := site(t, "index.html")
	if _, _, err := run(t, Options{Root: root, Map: mapping.Options{BaseURL: "example.com"}}); err == nil {
		t.Error("no error")
	}
}

func TestRunOut(t *testing.T) {
	root := site(t, "index.html", "a/index.html")
	out := filepath.Join(t.TempDir(), "staging")
	res, _, err := run(t, Options{Root: root, Map: mapping.Options{BaseURL: "https://example.org/docs"}, Write: writer.Options{Dir: out, MaxURLs: 1, Robots: true}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "sitemap.xml")); !os.IsNotExist(err) {
		t.Error("sitemap written into the site, not --out")
	}
	got, _, err := sitemaptest.Locs(out, "https://example.org/docs/")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"https://example.org/docs/", "https://example.org/docs/a/"}; !slices.Equal(got, want) {
		t.Errorf("locs %q", got)
	}
	robots, _ := os.ReadFile(filepath.Join(out, "robots.txt"))
	if string(robots) != "Sitemap: https://example.org/docs/sitemap.xml\n" {
		t.Errorf("robots.txt %q", robots)
	}
	if res.Write.Shards != 2 {
		t.Errorf("%d shards", res.Write.Shards)
	}
}

func TestRunCancelled(t *testing.T) {
	root := site(t, "index.html")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Options{Root: root, Map: mapping.Options{BaseURL: base}}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "sitemap.xml")); !os.IsNotExist(err) {
		t.Error("cancelled build wrote a sitemap")
	}
}

func TestRunProgress(t *testing.T) {
	var paths []string
	for i := range ProgressEvery + 5 {
		paths = append(paths, fmt.Sprintf("p/%05d.html", i))
	}
	root := site(t, paths...)
	var calls []int
	res, err := Run(context.Background(), Options{Root: root, Map: mapping.Options{BaseURL: base}, Write: writer.Options{DryRun: true},
		Report: Report{Progress: func(n int) { calls = append(calls, n) }}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(calls, []int{ProgressEvery}) || res.URLs.Len() != ProgressEvery+5 {
		t.Errorf("progress calls %v, %d URLs", calls, res.URLs.Len())
	}
}

// TestGeneratedSite builds a generated site and checks the sitemap against
// the site's manifest, and against a static server serving the site.
func TestGeneratedSite(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "site")
	manifest := filepath.Join(dir, "manifest.tsv")
	if err := sitemaptest.GenSite(root, 1500, manifest); err != nil {
		t.Fatal(err)
	}
	entries, err := sitemaptest.ReadManifest(manifest)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	res, _, err := run(t, Options{Root: root, Heads: Heads{Read: true}, Write: writer.Options{Dir: out, MaxURLs: 400, Gzip: true}})
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := sitemaptest.Locs(out, base)
	if err != nil {
		t.Fatal(err)
	}
	want := sitemaptest.ExpectedURLs(entries, base)
	if !slices.Equal(got, want) {
		t.Errorf("sitemap has %d URLs, manifest %d; first differences:\n%s", len(got), len(want), diff(got, want))
	}
	kinds := map[sitegen.Kind]int{}
	for _, e := range entries {
		kinds[e.Kind]++
	}
	// Hugo's aliases, noindex too, are redirects.
	if res.Skipped[mapping.ErrorPage] != 1 || res.Skipped[mapping.NoIndex] != kinds[sitegen.NoIndex] ||
		res.Skipped[mapping.Redirect] != kinds[sitegen.Alias]+kinds[sitegen.AliasNoIndex] || res.Skipped[mapping.NotCanonical] != kinds[sitegen.Canonical] {
		t.Errorf("skipped %v; manifest kinds %v", res.Skipped, kinds)
	}
	bad, err := sitemaptest.Unserved(root, base, got)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Errorf("%d URLs not served with 200, e.g. %q", len(bad), bad[:min(5, len(bad))])
	}
	sitemaptest.MustValidate(t, out)
}

func diff(got, want []string) string {
	var b strings.Builder
	g := map[string]bool{}
	for _, s := range got {
		g[s] = true
	}
	w := map[string]bool{}
	for _, s := range want {
		w[s] = true
		if !g[s] && b.Len() < 2000 {
			fmt.Fprintf(&b, "missing %s\n", s)
		}
	}
	for _, s := range got {
		if !w[s] && b.Len() < 2000 {
			fmt.Fprintf(&b, "extra   %s\n", s)
		}
	}
	return b.String()
}

func TestRunHeads(t *testing.T) {
	root := pages(t, map[string]string{
		"index.html":         `<title>home</title>`,
		"hidden/index.html":  `<meta name="robots" content="noindex">`,
		"old/index.html":     `<meta http-equiv="refresh" content="0; url=/new/">`,
		"new/index.html":     `<link rel="canonical" href="/new/">`,
		"print/new.html":     `<link rel="canonical" href="/new/">`,
		"slash/index.html":   `<link rel="canonical" href="/slash">`,
		"elsewhere.html":     `<link rel="canonical" href="https://other.example/x/">`,
		"broken.html":        `<link rel="canonical" href="http://[::1">`,
		"private/index.html": `<title>private</title>`,
		"_headers":           "/private/*\n  X-Robots-Tag: noindex\n",
		"doc.pdf":            "%PDF-1.4 <meta name=robots content=noindex>",
		"binary.html":        "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\xff<meta name=robots content=noindex>",
	})
	rules, _, err := host.Load(limits.Default, root)
	if err != nil {
		t.Fatal(err)
	}
	res, ev, err := run(t, Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{Hosts: rules},
		Walk: walker.Options{Include: []string{"**/*.html", "**/*.pdf"}}, Write: writer.Options{DryRun: true}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{base, base + "binary.html", base + "broken.html", base + "doc.pdf", base + "new/", base + "slash"}
	if !slices.Equal(locs(res), want) {
		t.Errorf("locs %q\nwant %q", locs(res), want)
	}
	wantSkips := []string{
		"elsewhere.html: canonical on another host",
		"hidden/index.html: noindex",
		"old/index.html: redirect",
		"print/new.html: canonical elsewhere",
		"private/index.html: X-Robots-Tag noindex",
	}
	if !slices.Equal(ev.skips, wantSkips) {
		t.Errorf("skips %q\nwant %q", ev.skips, wantSkips)
	}
	wantWarns := []string{
		"binary.html: text before any HTML tag; no head read",
		`broken.html: canonical "http://[::1": not a URL (missing ']' in host); ignored`,
		"elsewhere.html: canonical URL https://other.example/x/ is on another host than the base URL https://example.com/",
	}
	if !slices.Equal(ev.warns, wantWarns) {
		t.Errorf("warnings %q\nwant %q", ev.warns, wantWarns)
	}
}

// With hreflang: off, the alternates not listed on the base URL's host
// are left out and the others written, unchecked.
func TestRunAlternates(t *testing.T) {
	alts := `<link rel="alternate" hreflang="en" href="/en/">` +
		`<link rel="alternate" hreflang="de" href="/de/">` +
		`<link rel="alternate" hreflang="fr" href="/fr/">` + // not built: left out
		`<link rel="alternate" hreflang="ja" href="https://example.jp/">` + // another host: kept
		`<link rel="alternate" hreflang="x-default" href="/en/">`
	root := pages(t, map[string]string{"en/index.html": alts, "de/index.html": alts})
	var notes []string
	res, err := Run(context.Background(), Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base}, Hreflang: Hreflang{Off: true},
		Report: Report{Note: func(path, note string) { notes = append(notes, path+": "+note) }}})
	if err != nil {
		t.Fatal(err)
	}
	want := []sitemap.Alternate{{Lang: "en", Href: base + "en/"}, {Lang: "de", Href: base + "de/"}, {Lang: "ja", Href: "https://example.jp/"}, {Lang: "x-default", Href: base + "en/"}}
	for i := range res.URLs.Len() {
		if u := res.URLs.At(i); !slices.Equal(u.Alternates, want) {
			t.Errorf("%s: alternates %v", u.Loc, u.Alternates)
		}
	}
	if len(notes) != 2 || !strings.HasSuffix(notes[0], "hreflang fr alternate https://example.com/fr/ is not in the sitemap; left out") {
		t.Errorf("notes %q", notes)
	}
	sitemaptest.MustValidate(t, root)
}

func TestRunExplain(t *testing.T) {
	root := pages(t, map[string]string{
		"index.html":     `<meta property="article:modified_time" content="2024-02-03T04:05:06Z">`,
		"old/index.html": `<meta http-equiv="refresh" content="0; url=/">`,
		"a.html":         `<title>A</title>`,
		"a/index.html":   `<title>A</title>`,
		"x.html":         `<link rel="canonical" href="/x/">`,
	})
	p9, _ := sitemap.PriorityOf(0.9)
	var got []Explanation
	explain := func(targets ...string) error {
		got = nil
		_, err := Run(context.Background(), Options{Root: root, Heads: Heads{Read: true}, Explain: targets,
			Map:    mapping.Options{BaseURL: base, CleanURLs: true, TrailingSlash: mapping.SlashNever, Rules: []mapping.Rule{{Match: "*.html", Priority: p9}}},
			Report: Report{Explain: func(x Explanation) { got = append(got, x) }}})
		return err
	}
	if err := explain(filepath.Join(root, "index.html"), "https://example.com/old", "/a"); err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 {
		t.Fatalf("%d explanations: %+v", len(got), got)
	}
	byPath := map[string]Explanation{}
	for _, x := range got {
		byPath[x.Path] = x
	}
	if x := byPath["index.html"]; !x.Listed() || x.Decision.LastModFrom != "meta article:modified_time" || x.RuleMatch != "*.html" {
		t.Errorf("index.html: %+v", x)
	}
	if x := byPath["old/index.html"]; x.Listed() || x.Decision.Skip != mapping.Redirect || x.Decision.Because != "meta refresh to https://example.com/" {
		t.Errorf("old: %+v", x)
	}
	if x := byPath["a.html"]; !x.Listed() {
		t.Errorf("a.html: %+v", x)
	}
	if x := byPath["a/index.html"]; x.Listed() || x.DuplicateOf != "https://example.com/a (from a.html)" {
		t.Errorf("a/index.html: %+v", x)
	}
	if _, err := os.Stat(filepath.Join(root, "sitemap.xml")); !os.IsNotExist(err) {
		t.Error("--explain wrote the sitemap")
	}
	// "/" is a URL path (and a folder of this machine, outside the site);
	// a folder of the site names its index page; a page whose canonical
	// changed its URL is found by the URL of its file too.
	if err := explain("/", filepath.Join(root, "old"), "https://example.com/x"); err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].Path != "index.html" || got[1].Path != "old/index.html" || got[2].Path != "x.html" ||
		got[2].Decision.URL.Loc != "https://example.com/x/" {
		t.Errorf("explanations %+v", got)
	}
	err := explain("nope.html", "https://example.com/nope/")
	if err == nil || err.Error() != "--explain: no page has the path or URL nope.html, https://example.com/nope/" {
		t.Errorf("err = %v", err)
	}
}

// A page that cannot be read is left out with a warning, through the
// workers that read heads. (Root reads any file, so the page's mode is
// what says it cannot be served.)
func TestRunUnreadablePage(t *testing.T) {
	root := site(t, "index.html", "locked.html")
	if err := os.Chmod(filepath.Join(root, "locked.html"), 0o200); err != nil {
		t.Fatal(err)
	}
	res, ev, err := run(t, Options{Root: root, Heads: Heads{Read: true}, Write: writer.Options{DryRun: true}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Skipped[mapping.Unreadable] != 1 || len(ev.warns) != 1 || !strings.HasPrefix(ev.warns[0], "locked.html: cannot read the page: ") {
		t.Errorf("skipped %v, warnings %q", res.Skipped, ev.warns)
	}
	if !slices.Equal(locs(res), []string{base}) {
		t.Errorf("locs %q", locs(res))
	}
}

// A head longer than the read limit is noted, for --verbose.
func TestRunTruncatedHead(t *testing.T) {
	big := "<head>" + strings.Repeat(`<meta name="x" content="filler">`, 100) + `<meta name="robots" content="noindex"></head>`
	root := pages(t, map[string]string{"big.html": big, "small.html": "<title>s</title>"})
	var notes []string
	res, err := Run(context.Background(), Options{Root: root, Heads: Heads{Read: true, Limit: 1024}, Map: mapping.Options{BaseURL: base},
		Write: writer.Options{DryRun: true}, Report: Report{Note: func(path, note string) { notes = append(notes, path+": "+note) }}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(notes, []string{"big.html: head longer than 1024 bytes; read what fits"}) || res.URLs.Len() != 2 {
		t.Errorf("notes %q, %d URLs", notes, res.URLs.Len())
	}
}

// Warnings come in the walk's order whatever the workers do.
func TestRunOrderDeterministic(t *testing.T) {
	files := map[string]string{}
	for i := range 300 {
		files[fmt.Sprintf("p/%03d.html", i)] = fmt.Sprintf(`<meta http-equiv="refresh" content="%d">`, i)
	}
	root := pages(t, files)
	for i := range 300 { // dates on 300 days: no build-time lint
		mt := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i)
		os.Chtimes(filepath.Join(root, fmt.Sprintf("p/%03d.html", i)), mt, mt)
	}
	var first []string
	for round := range 5 {
		_, ev, err := run(t, Options{Root: root, Heads: Heads{Read: true}, Workers: 8, Write: writer.Options{DryRun: true}})
		if err != nil {
			t.Fatal(err)
		}
		if round == 0 {
			first = ev.warns
			if len(first) != 300 || !slices.IsSorted(first) {
				t.Fatalf("%d warnings, sorted %v", len(first), slices.IsSorted(first))
			}
		} else if !slices.Equal(ev.warns, first) {
			t.Fatalf("round %d: warnings in another order", round)
		}
	}
}

// TestLintLastMod: more than half of the URLs, and at least 20, on one
// lastmod day is a warning that names the likely cause.
func TestLintLastMod(t *testing.T) {
	for _, tc := range []struct {
		name       string
		n, sameDay int
		want       string
	}{
		{"most on one day", 30, 16, "16 of 30 URLs (53%) have a lastmod on 2024-03-01: dates that look like build times, which search engines learn to ignore; they are the files' modification times"},
		{"half on one day", 30, 15, ""},
		{"too few URLs", 19, 19, ""},
		{"all on one day", 20, 20, "20 of 20 URLs (100%)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for i := range tc.n {
				files[fmt.Sprintf("p%02d.html", i)] = "<title>p</title>"
			}
			root := pages(t, files)
			for i := range tc.n {
				mt := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
				if i >= tc.sameDay {
					mt = mt.AddDate(0, 0, -1-i)
				}
				os.Chtimes(filepath.Join(root, fmt.Sprintf("p%02d.html", i)), mt, mt)
			}
			_, ev, err := run(t, Options{Root: root, Heads: Heads{Read: true}, Write: writer.Options{DryRun: true}})
			if err != nil {
				t.Fatal(err)
			}
			var lint []string
			for _, w := range ev.warns {
				if strings.Contains(w, "look like build times") {
					lint = append(lint, w)
				}
			}
			switch {
			case tc.want == "" && len(lint) > 0:
				t.Errorf("got %q, want no lint", lint)
			case tc.want != "" && (len(lint) != 1 || !strings.Contains(lint[0], tc.want)):
				t.Errorf("got %q, want one containing %q", lint, tc.want)
			}
		})
	}
}

// TestGuardMTime: with GuardMTime, modification times that look like a
// build's stamp are left out of lastmod, with one warning that says how
// to date the pages; other sources' dates stay, and so do modification
// times spread over many days.
func TestGuardMTime(t *testing.T) {
	stamp := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	for _, tc := range []struct {
		name      string
		spread    bool // modification times on many days
		guard     bool
		wantDated int // URLs written with a lastmod
		wantWarn  string
	}{
		{"stamped, guarded", false, true, 2, "22 of 24 URLs have a modification time on 2026-11-22, as a build, a copy or a fresh checkout sets every file's: left out of lastmod"},
		{"stamped, not guarded", false, false, 24, "dates that look like build times"},
		{"spread, guarded", true, true, 24, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for i := range 24 {
				head := "<title>p</title>"
				if i < 2 {
					head = `<meta property="article:modified_time" content="2024-05-0` + fmt.Sprint(i+1) + `T00:00:00Z">`
				}
				files[fmt.Sprintf("p%02d.html", i)] = head
			}
			root := pages(t, files)
			for i := range 24 {
				mt := stamp
				if tc.spread {
					mt = mt.AddDate(0, 0, -3*i)
				}
				os.Chtimes(filepath.Join(root, fmt.Sprintf("p%02d.html", i)), mt, mt)
			}
			res, ev, err := run(t, Options{Root: root, Heads: Heads{Read: true}, GuardMTime: tc.guard})
			if err != nil {
				t.Fatal(err)
			}
			dated := datedURLs(res)
			written, err := os.ReadFile(filepath.Join(root, "sitemap.xml"))
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(written), "<lastmod>"); dated != tc.wantDated || n != tc.wantDated {
				t.Errorf("%d URLs dated, %d lastmods written; want %d", dated, n, tc.wantDated)
			}
			if res.MTimeDropped != (tc.wantDated == 2) {
				t.Errorf("MTimeDropped %v", res.MTimeDropped)
			}
			if tc.wantDated == 2 && (res.LastMod[""] != 22 || res.LastMod[mapping.LastModMeta] != 2 || res.LastMod[mapping.LastModMTime] != 0) {
				t.Errorf("lastmod counts %v, want 22 none and 2 meta", res.LastMod)
			}
			var matching []string
			for _, w := range ev.warns {
				if tc.wantWarn != "" && strings.Contains(w, tc.wantWarn) || strings.Contains(w, "modification time") || strings.Contains(w, "build times") {
					matching = append(matching, w)
				}
			}
			switch {
			case tc.wantWarn == "" && len(matching) > 0:
				t.Errorf("warnings %q, want none about dates", matching)
			case tc.wantWarn != "" && (len(matching) != 1 || !strings.Contains(matching[0], tc.wantWarn)):
				t.Errorf("warnings %q, want one containing %q", matching, tc.wantWarn)
			}
		})
	}
}

// TestGuardMTimeSmall: with GuardMTime in a git work tree whose last
// commit is newer than every file, files of a small site written within a
// minute of one another, more than half of those dated by their times,
// are a build's or a copy's: left out of lastmod, whatever the number of
// pages, with one warning and what --explain says. Times spread out (a
// site edited by hand), a lone page, and a bulk edit of fewer than half
// keep their dates. Outside git, a burst is a build's only when it ended
// less than a day before the build's time (Map.Now, ten minutes after
// the burst here): a folder copied with its old times keeps them.
func TestGuardMTimeSmall(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	built := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	edited := func(i int) time.Time { return time.Date(2024, time.Month(1+i), 3+i, 10+i, 0, 0, 0, time.UTC) }
	for _, tc := range []struct {
		name      string
		times     []time.Time
		wantDated int
		wantWarn  string
		noGit     bool
	}{
		{"a build", slices.Repeat([]time.Time{built}, 7), 0, "7 of 7 URLs have file times that a build, a copy or a checkout wrote (written within a minute of one another, at 2026-11-22T09:30:00Z): left out of lastmod", false},
		{"a copy over half a minute", []time.Time{built, built.Add(5 * time.Second), built.Add(10 * time.Second), built.Add(30 * time.Second)}, 0, "(written within a minute of one another, from 2026-11-22T09:30:00Z to 2026-11-22T09:30:30Z)", false},
		{"edited by hand", []time.Time{edited(0), edited(1), edited(2), edited(3), edited(4), edited(5), edited(6)}, 7, "", false},
		{"one page", []time.Time{built}, 1, "", false},
		{"a build over hand edits", []time.Time{edited(0), edited(1), edited(2), built, built, built.Add(time.Second), built.Add(2 * time.Second)}, 3, "4 of 7 URLs", false},
		{"a bulk edit of fewer than half", []time.Time{edited(0), edited(1), edited(2), edited(3), edited(4), built, built}, 7, "", false},
		{"a recent build outside git", slices.Repeat([]time.Time{built}, 7), 0, "7 of 7 URLs have file times that a build, a copy or a checkout wrote (written within a minute of one another, at 2026-11-22T09:30:00Z, less than a day before this run): left out of lastmod", true},
		{"a copy with old times outside git", slices.Repeat([]time.Time{built.Add(-25 * time.Hour)}, 7), 7, "", true},
		{"edited by hand outside git", []time.Time{edited(0), edited(1), edited(2), edited(3), edited(4), edited(5), edited(6)}, 7, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for i := range tc.times {
				files[fmt.Sprintf("p%d.html", i)] = "<title>p</title>"
			}
			if !tc.noGit {
				files["src.md"] = "the sources"
			}
			root := pages(t, files)
			if !tc.noGit {
				// The sources committed after every file was written:
				// no file is after the last commit.
				gitRun(t, root, "2027-01-01T00:00:00Z", "init", "-q")
				gitRun(t, root, "2027-01-01T00:00:00Z", "add", "src.md")
				gitRun(t, root, "2027-01-01T00:00:00Z", "commit", "-q", "-m", "sources")
			}
			for i, mt := range tc.times {
				if err := os.Chtimes(filepath.Join(root, fmt.Sprintf("p%d.html", i)), mt, mt); err != nil {
					t.Fatal(err)
				}
			}
			// The build's time, as a clock read as it starts gives it.
			opts := Options{Root: root, Heads: Heads{Read: true}, GuardMTime: true, Map: mapping.Options{Now: built.Add(10 * time.Minute)}}
			var explained []Explanation
			if len(tc.times) > 3 {
				opts.Explain = []string{"p3.html"}
				opts.Report.Explain = func(x Explanation) { explained = append(explained, x) }
			}
			res, ev, err := run(t, opts)
			if err != nil {
				t.Fatal(err)
			}
			dated := datedURLs(res)
			if dated != tc.wantDated || res.LastMod[mapping.LastModMTime] != tc.wantDated {
				t.Errorf("%d URLs dated, %v counted; want %d", dated, res.LastMod, tc.wantDated)
			}
			var warned []string
			for _, w := range ev.warns {
				if strings.Contains(w, "file times") {
					warned = append(warned, w)
				}
			}
			if tc.wantWarn == "" && len(warned) > 0 || tc.wantWarn != "" && (len(warned) != 1 || !strings.Contains(warned[0], tc.wantWarn)) {
				t.Errorf("warnings %q, want one containing %q", warned, tc.wantWarn)
			}
			if len(tc.times) > 3 && tc.times[3].Equal(built) && tc.wantDated < len(tc.times) {
				// p3.html's time is left out: --explain says why.
				if len(explained) != 1 || !explained[0].Decision.URL.LastMod.IsZero() || len(explained[0].Decision.Stamps) != 1 ||
					!strings.Contains(explained[0].Decision.Stamps[0], "is the time a build, a copy or a checkout wrote the file, not a lastmod: written within a minute of one another, ") {
					t.Errorf("--explain p3.html: %+v", explained)
				}
			}
		})
	}
}

// TestGuardMTimePassedOver: a page whose head's date is passed over, as
// the site's date (siteWidePass) or as a build's stamp (stampsPass),
// takes its next source's date: when that is its file's time, written by
// the same build, it is left out too, with a warning and what --explain
// says of both dates. A head's site-wide date over files edited by hand
// leaves each page its file's time.
func TestGuardMTimePassedOver(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	built := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	edited := func(i int) time.Time { return time.Date(2024, time.Month(1+i%12), 3, 10, 0, 0, 0, time.UTC) }
	for _, tc := range []struct {
		name      string
		pages     int
		head      func(i int) time.Time // the date each page's head gives
		file      func(i int) time.Time // each page's file's time
		wantDated int
		wantWarn  string
		wantWhy   string // what --explain says of p03.html's head's date
	}{
		{"the site's date, a build's files", 7, func(int) time.Time { return built }, func(int) time.Time { return built }, 0,
			"7 of 7 URLs have file times that a build, a copy or a checkout wrote (written within a minute of one another, at 2026-11-22T09:30:00Z)", "is the site's date, not this page's"},
		{"a build's stamps, a build's files", 24, func(i int) time.Time { return built.Add(time.Duration(i) * time.Second) }, func(int) time.Time { return built }, 0,
			"24 of 24 URLs have a modification time on 2026-11-22", "is the build's time: not a lastmod"},
		{"the site's date, files edited by hand", 7, func(int) time.Time { return built }, edited, 7, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"src.md": "the sources"}
			for i := range tc.pages {
				files[fmt.Sprintf("p%02d.html", i)] = `<html lang="en"><head><title>p</title><meta property="article:modified_time" content="` + tc.head(i).Format(time.RFC3339) + `"></head>`
			}
			root := pages(t, files)
			// The sources committed after every file was written: only
			// the burst's rule judges the files' times.
			gitRun(t, root, "2027-01-01T00:00:00Z", "init", "-q")
			gitRun(t, root, "2027-01-01T00:00:00Z", "add", "src.md")
			gitRun(t, root, "2027-01-01T00:00:00Z", "commit", "-q", "-m", "sources")
			for i := range tc.pages {
				mt := tc.file(i)
				if err := os.Chtimes(filepath.Join(root, fmt.Sprintf("p%02d.html", i)), mt, mt); err != nil {
					t.Fatal(err)
				}
			}
			var explained []Explanation
			opts := Options{Root: root, Heads: Heads{Read: true}, GuardMTime: true, Map: mapping.Options{Now: built.Add(10 * time.Minute)},
				Explain: []string{"p03.html"}}
			opts.Report.Explain = func(x Explanation) { explained = append(explained, x) }
			res, ev, err := run(t, opts)
			if err != nil {
				t.Fatal(err)
			}
			if dated := datedURLs(res); dated != tc.wantDated || res.LastMod[mapping.LastModMTime] != tc.wantDated || res.LastMod[""] != tc.pages-tc.wantDated {
				t.Errorf("%d URLs dated, %v counted; want %d by mtime", dated, res.LastMod, tc.wantDated)
			}
			var warned []string
			for _, w := range ev.warns {
				if strings.Contains(w, "file times") || strings.Contains(w, "modification time") {
					warned = append(warned, w)
				}
			}
			if tc.wantWarn == "" && len(warned) > 0 || tc.wantWarn != "" && (len(warned) != 1 || !strings.Contains(warned[0], tc.wantWarn)) {
				t.Errorf("warnings %q, want one containing %q", warned, tc.wantWarn)
			}
			if len(explained) != 1 {
				t.Fatalf("--explain p03.html: %d explanations", len(explained))
			}
			d := explained[0].Decision
			if tc.wantWhy == "" {
				if !d.URL.LastMod.Equal(tc.file(3)) || d.LastModSource != mapping.LastModMTime {
					t.Errorf("--explain p03.html: lastmod %v from %q, want its file's time %v", d.URL.LastMod, d.LastModSource, tc.file(3))
				}
				return
			}
			if !d.URL.LastMod.IsZero() || len(d.Stamps) != 2 || !strings.Contains(d.Stamps[0], tc.wantWhy) ||
				!strings.Contains(d.Stamps[1], "is the time a build, a copy or a checkout wrote the file, not a lastmod") {
				t.Errorf("--explain p03.html: lastmod %v, passed over %q; want none, the head's date (%q) and the file's time", d.URL.LastMod, d.Stamps, tc.wantWhy)
			}
		})
	}
}

// TestGuardStamps: the set's rule of build stamps. When more than half of
// the URLs, and at least 20, have a lastmod from their heads on one day,
// the newest of those dates, those dates are the build's (a template that
// prints the build's day): each page takes what the next sources know, or
// none, with one warning. A day that most pages share but later dates
// follow (a migration's front matter, a bulk edit) is kept.
func TestGuardStamps(t *testing.T) {
	for _, tc := range []struct {
		name      string
		shared    string // the date 22 pages' heads carry
		others    string // the other 2 pages'
		wantDated int
	}{
		{"the build's day", "2026-11-22", "2024-05-01", 2},
		{"a time of the build's day", "2026-11-22T09:30:00Z", "2024-05-01", 2},
		{"newer dates follow", "2017-02-01", "2024-05-01", 24},
		{"a day after, in another zone", "2026-11-22", "2026-11-23", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for i := range 24 {
				date := tc.shared
				if i < 2 {
					date = tc.others
				}
				files[fmt.Sprintf("p%02d.html", i)] = `<meta property="article:modified_time" content="` + date + `">`
			}
			root := pages(t, files)
			res, ev, err := run(t, Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{LastMod: []mapping.LastModSource{mapping.LastModMeta, mapping.LastModGit}}})
			if err != nil {
				t.Fatal(err)
			}
			written, err := os.ReadFile(filepath.Join(root, "sitemap.xml"))
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(written), "<lastmod>"); n != tc.wantDated {
				t.Errorf("%d lastmods written; want %d", n, tc.wantDated)
			}
			var said []string
			for _, w := range ev.warns {
				if strings.Contains(w, "the build's time, which a template stamps") {
					said = append(said, w)
				}
			}
			stamped := tc.wantDated == 2
			if stamped != (len(said) == 1) || len(said) > 1 {
				t.Errorf("warnings %q", ev.warns)
			}
			if stamped && (res.Stamps != 22 || res.LastMod[""] != 22 || res.LastMod[mapping.LastModMeta] != 2) {
				t.Errorf("stamps %d, lastmod counts %v; want 22 stamps, 22 none and 2 meta", res.Stamps, res.LastMod)
			}
		})
	}
}

// TestGoImportStub: a vanity import path's page for the go command (a
// go-import or go-source meta, no title, no body) is left out; a page
// with a title beside the same meta, and a single-page app's shell with
// no title, are listed.
func TestGoImportStub(t *testing.T) {
	site := t.TempDir()
	pc := &siteChanger{t: t, root: site}
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	pc.write("index.html", "<title>home</title>", day)
	pc.write("mod/index.html", `<html><head><meta name="go-import" content="example.com/mod git https://github.com/example/mod"></head><body></body></html>`, day)
	pc.write("src/index.html", `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="go-source" content="example.com/src https://github.com/example/src https://github.com/example/src/tree/main{/dir} https://github.com/example/src/blob/main{/dir}/{file}#L{line}"></head><body></body></html>`, day)
	pc.write("doc/index.html", `<html><head><title>The mod package</title><meta name="go-import" content="example.com/doc git https://github.com/example/doc"></head><body>Docs.</body></html>`, day)
	pc.write("app/index.html", `<html><head><script src="/app.js"></script></head><body><div id="app"></div></body></html>`, day)
	var skipped []string
	opts := Options{Root: site, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/"}}
	opts.Report.Skip = func(path string, r mapping.Reason, because string) { skipped = append(skipped, path+" "+string(r)) }
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(skipped)
	if want := []string{"mod/index.html go-import stub", "src/index.html go-import stub"}; !slices.Equal(skipped, want) {
		t.Errorf("skipped %q, want %q", skipped, want)
	}
	if res.URLs.Len() != 3 {
		t.Errorf("%d URLs listed, want 3 (home, doc, app)", res.URLs.Len())
	}
}
