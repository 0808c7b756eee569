package sitediff

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/writer"
)

const (
	head = `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n"
	tail = "</urlset>\n"
)

func write(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(name, ".gz") {
		var b bytes.Buffer
		z := gzip.NewWriter(&b)
		z.Write([]byte(data))
		z.Close()
		data = b.String()
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// locs returns the URLs of s, as its cursor reads them.
func locs(t *testing.T, s *Set) []string {
	t.Helper()
	var out []string
	for _, u := range all(t, s) {
		out = append(out, u.Loc)
	}
	return out
}

// all returns the URLs of s, as its cursor reads them.
func all(t *testing.T, s *Set) []URL {
	t.Helper()
	c, err := s.Cursor()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var out []URL
	for u, ok := c.Next(); ok; u, ok = c.Next() {
		out = append(out, u)
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func load(t *testing.T, p string) *Set {
	t.Helper()
	return loadMax(t, p, batchBytes)
}

// loadMax loads the set at p in batches of max bytes.
func loadMax(t *testing.T, p string, max int) *Set {
	t.Helper()
	s, err := load1(p, max)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func load1(p string, max int) (*Set, error) {
	return loadBatches(context.Background(), p, validate.Options{}, max)
}

// compare returns the changes from old to new, and their counts.
func compare(t *testing.T, old, new *Set, site *Site) ([]Change, Counts) {
	t.Helper()
	var cs []Change
	n, err := Compare(old, new, site, func(c Change) error {
		cs = append(cs, c)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return cs, n
}

// A set is read from a file, an index with its files beside it (by their
// URLs' paths below the index's location, gzipped too), the text form, or
// a folder by its robots.txt or its sitemap.xml; sorted, each URL once.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "dl/sitemap_index.xml", `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://example.com/blog/sitemap-1.xml</loc></sitemap>
<sitemap><loc>https://example.com/en/sitemap.xml.gz</loc></sitemap>
<sitemap><loc>https://example.com/sitemap_index.xml</loc></sitemap>
</sitemapindex>`)
	write(t, dir, "dl/blog/sitemap-1.xml", head+"<url><loc>https://example.com/b</loc></url>\n<url><loc>https://example.com/a</loc></url>\n"+tail)
	write(t, dir, "dl/en/sitemap.xml.gz", head+"<url><loc>https://example.com/en/</loc></url>\n<url><loc>https://example.com/a</loc></url>\n"+tail)
	want := []string{"https://example.com/a", "https://example.com/b", "https://example.com/en/"}
	if got := locs(t, load(t, filepath.Join(dir, "dl/sitemap_index.xml"))); !slices.Equal(got, want) {
		t.Errorf("index: %q, want %q", got, want)
	}
	write(t, dir, "dl/robots.txt", "User-agent: *\nDisallow:\nsitemap: https://example.com/sitemap_index.xml # the index\n")
	if got := locs(t, load(t, filepath.Join(dir, "dl"))); !slices.Equal(got, want) {
		t.Errorf("folder by robots.txt: %q, want %q", got, want)
	}
	write(t, dir, "txt/sitemap.txt", "\uFEFFhttps://example.com/x\n\nhttps://example.com/w\r\n")
	if got := locs(t, load(t, filepath.Join(dir, "txt"))); !slices.Equal(got, []string{"https://example.com/w", "https://example.com/x"}) {
		t.Errorf("text: %q", got)
	}

	// A feed is a sitemap by the protocol: its items' links, their dates
	// as written.
	write(t, dir, "feed/feed.xml", `<rss version="2.0"><channel><title>t</title>
<item><link>https://example.com/b</link><pubDate>Mon, 27 Jun 2011 19:34:00 +0100</pubDate></item>
<item><link>https://example.com/a</link></item></channel></rss>`)
	write(t, dir, "feed/robots.txt", "Sitemap: https://example.com/feed.xml\n")
	got := all(t, load(t, filepath.Join(dir, "feed")))
	if len(got) != 2 || got[0].Loc != "https://example.com/a" || got[1].Loc != "https://example.com/b" {
		t.Errorf("feed: %+v", got)
	} else if lastmod, _, _, _ := got[1].Values(); lastmod != "Mon, 27 Jun 2011 19:34:00 +0100" {
		t.Errorf("feed: lastmod %q", lastmod)
	}

	for _, tt := range []struct{ name, data, want string }{
		{"missing/sitemap.xml", `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n<sitemap><loc>https://example.com/s-2.xml</loc></sitemap></sitemapindex>", "missing/sitemap.xml:2: index entry https://example.com/s-2.xml: no file s-2.xml beside the index; download it there"},
		{"bad.txt", "https://example.com/a\n<html>\n", "bad.txt:2: not a text sitemap: a line is one absolute URL; got \"<html>\""},
		{"empty/sitemap.xml", "", "sitemap.xml: not a sitemap: no root element found"},
		{"none/index.html", "", "none: no sitemap found"},
		{"robots/robots.txt", "Sitemap: https://example.com/gone.xml\n", "robots/robots.txt:1: Sitemap: https://example.com/gone.xml: no file gone.xml in"},
	} {
		p := write(t, dir, tt.name, tt.data)
		if strings.HasSuffix(tt.name, "index.html") || strings.HasSuffix(tt.name, "robots.txt") {
			p = filepath.Dir(p)
		}
		if _, err := Load(context.Background(), p, validate.Options{}); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	if _, err := Load(context.Background(), filepath.Join(dir, "nothing"), validate.Options{}); err == nil || !strings.HasSuffix(err.Error(), "nothing: no such file or folder") {
		t.Errorf("no such file: %v", err)
	}
	big := write(t, dir, "big.txt", strings.Repeat("https://example.com/a\n", 100))
	if _, err := Load(context.Background(), big, validate.Options{MaxBytes: 1000}); err == nil || !strings.Contains(err.Error(), "more than 1000 bytes") {
		t.Errorf("big text: %v", err)
	}
}

// sitemapgen's index lists other applications' sitemaps (index.extra),
// which are not beside it: with the folder's record (Options.Recorded),
// they are not the set's; without it, an entry with no file is an error.
func TestLoadExtra(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "sitemap.xml", `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://example.com/sitemap-blog-1-0123456789.xml</loc></sitemap>
<sitemap><loc>https://example.com/shop/sitemap.xml.gz</loc></sitemap>
<sitemap><loc>https://example.com/app-sitemap.xml</loc></sitemap>
</sitemapindex>`)
	write(t, dir, "sitemap-blog-1-0123456789.xml", head+"<url><loc>https://example.com/blog/</loc></url>\n"+tail)
	recorded := func(got string) ([]string, error) {
		if got != dir {
			t.Errorf("Recorded(%q), want the index's folder", got)
		}
		return []string{"sitemap.xml", "sitemap-blog-1-0123456789.xml"}, nil
	}
	s, err := Load(context.Background(), p, validate.Options{Recorded: recorded})
	if err != nil {
		t.Fatal(err)
	}
	if got := locs(t, s); !slices.Equal(got, []string{"https://example.com/blog/"}) {
		t.Errorf("%q, want the blog's URL", got)
	}
	if _, err := Load(context.Background(), p, validate.Options{}); err == nil || !strings.Contains(err.Error(), "no file shop/sitemap.xml.gz beside the index") {
		t.Errorf("without a record: %v", err)
	}
}

// Compare walks the sorted sets once: added, removed (gone, moved by a
// redirect rule or a stub, or still served) and changed URLs, with the
// values that differ.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	old := load(t, write(t, dir, "old.xml", head+`<url><loc>https://example.com/a</loc><lastmod>2024-01-02</lastmod></url>
<url><loc>https://example.com/b</loc><changefreq>daily</changefreq></url>
<url><loc>https://example.com/c</loc><xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/c"/><xhtml:link rel="alternate" hreflang="fr" href="https://example.com/fr/c"/><xhtml:link rel="alternate" hreflang="it" href="https://example.com/it/c"/></url>
<url><loc>https://example.com/gone</loc></url>
<url><loc>https://example.com/moved</loc></url>
<url><loc>https://example.com/stub/</loc></url>
<url><loc>https://example.com/same</loc><priority>0.3</priority></url>
<url><loc>https://example.com/thanks</loc></url>
<url><loc>https://example.com/zone</loc><lastmod>2024-06-01T00:00:00+00:00</lastmod></url>
<url><loc>https://example.com/zone2</loc><lastmod>2024-06-01T02:00+02:00</lastmod></url>
`+tail))
	new := load(t, write(t, dir, "new.xml", head+`<url><loc>https://example.com/a</loc><lastmod>2024-03-04</lastmod><priority>0.8</priority></url>
<url><loc>https://example.com/b</loc></url>
<url><loc>https://example.com/c</loc><xhtml:link rel="alternate" hreflang="it" href="https://example.com/it/c"/><xhtml:link rel="alternate" hreflang="fr" href="https://example.com/fr/c2"/><xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/c"/></url>
<url><loc>https://example.com/new</loc></url>
<url><loc>https://example.com/same</loc><priority>0.3</priority></url>
<url><loc>https://example.com/zone</loc><lastmod>2024-06-01T00:00:00Z</lastmod></url>
<url><loc>https://example.com/zone2</loc><lastmod>2024-06-01T00:00:00Z</lastmod><priority>0.4</priority></url>
`+tail))
	site := filepath.Join(dir, "site")
	write(t, site, "stub/index.html", `<meta http-equiv="refresh" content="0; url=../new">`)
	write(t, site, "thanks.html", `<meta name="robots" content="noindex"><title>Thanks</title>`)
	write(t, site, "_redirects", "/moved /new 301\n")
	rules, _, err := host.LoadRedirects(true, limits.Default, site)
	if err != nil {
		t.Fatal(err)
	}
	cs, n := compare(t, old, new, &Site{Dir: site, Redirects: rules})
	var got []string
	for _, c := range cs {
		s := string(c.Op) + " " + c.URL
		if c.Gone {
			s += " gone"
		}
		if c.To != "" {
			s += " to " + c.To
		}
		for _, f := range c.Fields {
			s += " " + f.Name + "[" + f.Old + "|" + f.New + "]"
		}
		got = append(got, s)
	}
	want := []string{
		"~ https://example.com/a lastmod[2024-01-02|2024-03-04] priority[|0.8]",
		"~ https://example.com/b changefreq[daily|]",
		"~ https://example.com/c alternates[-de ~fr|+en ~fr]",
		"- https://example.com/gone gone",
		"- https://example.com/moved to https://example.com/new", // a rule
		"+ https://example.com/new",
		"- https://example.com/stub/ to https://example.com/new", // a stub's refresh, resolved
		"- https://example.com/thanks",                           // still served: left out, not moved
		"~ https://example.com/zone2 priority[|0.4]",             // the same instant, written otherwise: no change
	}
	if !slices.Equal(got, want) {
		t.Errorf("Compare:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n != (Counts{Added: 1, Removed: 4, Gone: 1, Moved: 2, Changed: 4, Lastmod: 1}) {
		t.Errorf("Counts = %+v", n)
	}
	// Without a site nothing is judged; under a base URL, the site folder
	// is served there.
	cs, _ = compare(t, old, new, nil)
	for _, c := range cs {
		if c.Gone {
			t.Errorf("without a site, %s gone", c.URL)
		}
	}
	s := &Site{Dir: site, BaseURL: "https://example.com/docs/"}
	if gone, to := s.Judge("https://example.com/docs/stub/"); gone || to != "https://example.com/docs/new" {
		t.Errorf("under a base URL, the stub: gone %v, to %q", gone, to)
	}
	if gone, _ := s.Judge("https://example.com/stub/"); !gone {
		t.Error("under a base URL, a URL outside it is not gone")
	}
	if cs, _ := compare(t, old, old, nil); len(cs) != 0 {
		t.Error("a set differs from itself")
	}
}

// A set larger than a batch is sorted in runs on disk and merged as it
// is read: the same URLs, in the same order, each once with the values
// first read, as a set held whole; the same changes; its runs removed
// when it is closed; a run cut short is an error, not a shorter set.
func TestRuns(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir := t.TempDir()
	var a, b strings.Builder
	for i := range 500 {
		// Every URL twice in a, the second with other values: the
		// first read counts. b lacks some of a's, has others, changes
		// some.
		fmt.Fprintf(&a, "<url><loc>https://example.com/p%03d</loc><lastmod>2024-01-%02d</lastmod></url>\n", (i*7)%500, i%28+1)
		fmt.Fprintf(&a, "<url><loc>https://example.com/p%03d</loc><lastmod>1999-01-01</lastmod></url>\n", (i*7)%500)
		switch {
		case i%10 == 0:
		case i%10 == 1:
			fmt.Fprintf(&b, "<url><loc>https://example.com/q%03d</loc></url>\n", i)
		default:
			fmt.Fprintf(&b, "<url><loc>https://example.com/p%03d</loc><lastmod>2024-01-%02d</lastmod></url>\n", (i*7)%500, (i+i%3)%28+1)
		}
	}
	pa := write(t, dir, "a/sitemap.xml", head+a.String()+tail)
	pb := write(t, dir, "b/sitemap.xml.gz", head+b.String()+tail)

	wholeA, wholeB := load(t, pa), load(t, pb)
	runsA, runsB := loadMax(t, pa, 1000), loadMax(t, pb, 1)
	if len(wholeA.runs) != 0 || len(runsA.runs) < 10 || len(runsB.runs) != 450 {
		t.Fatalf("runs: %d, %d and %d", len(wholeA.runs), len(runsA.runs), len(runsB.runs))
	}
	got, want := all(t, runsA), all(t, wholeA)
	if len(want) != 500 || !slices.Equal(got, want) {
		t.Errorf("from runs, %d URLs, want the %d of the set held whole", len(got), len(want))
	}
	for _, u := range got {
		if lastmod, _, _, _ := u.Values(); lastmod == "1999-01-01" {
			t.Fatalf("%s has the values of its second <url>", u.Loc)
		}
	}
	csRuns, nRuns := compare(t, runsA, runsB, nil)
	csWhole, nWhole := compare(t, wholeA, wholeB, nil)
	if nRuns != nWhole || len(csRuns) != len(csWhole) || nWhole.Added != 50 || nWhole.Removed != 100 || nWhole.Changed == 0 {
		t.Errorf("changes from runs %+v, held whole %+v", nRuns, nWhole)
	}
	for i := range csRuns {
		if csRuns[i].URL != csWhole[i].URL || csRuns[i].Op != csWhole[i].Op || !slices.Equal(csRuns[i].Fields, csWhole[i].Fields) {
			t.Fatalf("change %d: %+v from runs, %+v held whole", i, csRuns[i], csWhole[i])
		}
	}

	// Cut a run short, within a URL or between two.
	for _, size := range []int64{5, 0} {
		if err := os.Truncate(runsB.runs[3].f.Name(), size); err != nil {
			t.Fatal(err)
		}
		if _, err := Compare(wholeA, runsB, nil, func(Change) error { return nil }); err == nil || !strings.Contains(err.Error(), "cut short") {
			t.Errorf("a run cut to %d bytes: %v", size, err)
		}
	}
	runsA.Close()
	runsB.Close()
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("left in the temporary folder: %v", left)
	}
	// A set that fails to load leaves nothing either.
	write(t, dir, "c/sitemap.xml", head+a.String()+"<url>"+tail)
	if _, err := load1(filepath.Join(dir, "c"), 1000); err == nil {
		t.Error("a set not well-formed loaded")
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("a set that failed left %v", left)
	}
}

// A set folder's files are read inside it: a sitemap.txt, a robots.txt
// Sitemap: target or an index's shard that is a symbolic link out of the
// folder is refused, with one message naming the link, and nothing of the
// target read; so is one to an absolute path. The same files validate
// refuses (internal/validate's TestLinksOut).
func TestLinksOut(t *testing.T) {
	const token = "TOKEN-7f3a"
	dir := t.TempDir()
	write(t, dir, "outside/secret.txt", "https://example.com/"+token+"\n")
	secretXML := write(t, dir, "outside/secret.xml", head+"<url><loc>https://example.com/"+token+"</loc></url>\n"+tail)
	link := func(target, name string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	// sitemap.txt
	link("../outside/secret.txt", "txt/sitemap.txt")
	// a robots.txt Sitemap: target
	write(t, dir, "robots/robots.txt", "Sitemap: https://example.com/s.xml\n")
	link("../outside/secret.xml", "robots/s.xml")
	// an index's shard, the index read as a folder's and named alone
	write(t, dir, "index/sitemap.xml", `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://example.com/en/shard.xml</loc></sitemap>
</sitemapindex>`)
	link("../../outside/secret.xml", "index/en/shard.xml")
	// an absolute link
	write(t, dir, "abs/robots.txt", "Sitemap: https://example.com/s.xml\n")
	link(secretXML, "abs/s.xml")

	for _, tt := range []struct{ path, link string }{
		{"txt", "txt/sitemap.txt"},
		{"robots", "robots/s.xml"},
		{"index", "index/en/shard.xml"},
		{"index/sitemap.xml", "index/en/shard.xml"},
		{"abs", "abs/s.xml"},
	} {
		t.Run(tt.path, func(t *testing.T) {
			s, err := Load(context.Background(), filepath.Join(dir, filepath.FromSlash(tt.path)), validate.Options{})
			if err == nil {
				t.Fatalf("loaded %q", locs(t, s))
			}
			want := filepath.Join(dir, filepath.FromSlash(tt.link)) + ": a symbolic link out of its folder"
			if !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), token) {
				t.Errorf("%v\nwant %q…, no %s", err, want, token)
			}
		})
	}
}

// An index's entries are the files validate takes them for (one rule,
// validate.LocateEntries): a multilingual index named sitemap.xml with a
// language missing (its entry not taken for the index itself), an
// entry whose file was downloaded beside the index rather than in its
// URL's folder, and one whose path, its slashes percent-encoded, has a
// ".." segment to a file beside the index.
func TestIndexEntriesAsValidate(t *testing.T) {
	index := func(locs ...string) string {
		s := `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n"
		for _, l := range locs {
			s += "<sitemap><loc>" + l + "</loc></sitemap>\n"
		}
		return s + "</sitemapindex>\n"
	}
	urls := func(loc string) string { return head + "<url><loc>" + loc + "</loc></url>\n" + tail }
	for _, tt := range []struct {
		name           string
		files          map[string]string
		diff, validate string
	}{
		{"language missing", map[string]string{
			"sitemap.xml":    index("https://example.com/en/sitemap.xml", "https://example.com/fr/sitemap.xml", "https://example.com/de/sitemap.xml"),
			"en/sitemap.xml": urls("https://example.com/en/"), "fr/sitemap.xml": urls("https://example.com/fr/")},
			"sitemap.xml:4: index entry https://example.com/de/sitemap.xml: no file de/sitemap.xml beside the index",
			"sitemap.xml:4: index entry https://example.com/de/sitemap.xml names de/sitemap.xml, which does not exist"},
		{"not in its folder", map[string]string{
			"sitemap.xml":    index("https://example.com/blog/sitemap-1.xml", "https://example.com/en/sitemap.xml"),
			"sitemap-1.xml":  urls("https://example.com/blog/"),
			"en/sitemap.xml": urls("https://example.com/en/")},
			"sitemap.xml:2: index entry https://example.com/blog/sitemap-1.xml: no file blog/sitemap-1.xml beside the index",
			"sitemap.xml:2: index entry https://example.com/blog/sitemap-1.xml names blog/sitemap-1.xml, which does not exist"},
		{"climbing out", map[string]string{
			"sitemap.xml":   index("https://example.com/docs/sitemap-0.xml", "https://example.com/docs/..%2Fsecret.xml"),
			"sitemap-0.xml": urls("https://example.com/docs/"),
			"secret.xml":    urls("https://example.com/secret-token")},
			"sitemap.xml:3: index entry https://example.com/docs/..%2Fsecret.xml: a \"..\" segment below https://example.com/docs/",
			"sitemap.xml:3: index entry https://example.com/docs/..%2Fsecret.xml has a \"..\" segment below https://example.com/docs/"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range tt.files {
				write(t, dir, name, data)
			}
			t.Chdir(dir)
			p := "sitemap.xml"
			s, err := Load(context.Background(), p, validate.Options{})
			if err == nil {
				t.Errorf("diff read %q, want %q", locs(t, s), tt.diff)
			} else if got := err.Error(); !strings.HasPrefix(got, tt.diff) {
				t.Errorf("diff: %s\nwant: %s", got, tt.diff)
			}
			problems, _, err := validate.Check([]string{p}, validate.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var said []string
			for _, pr := range problems {
				said = append(said, fmt.Sprintf("%s:%d: %s", pr.File, pr.Line, pr.Msg))
			}
			if len(said) != 1 || !strings.HasPrefix(said[0], tt.validate) {
				t.Errorf("validate: %q\nwant: %s", said, tt.validate)
			}
		})
	}
}

// TestLoadNamedEntry: a folder whose set sitemapgen wrote under a name of
// the user's (--filename) and whose robots.txt names none is read from
// that entry file, which the record names; the record wins over a
// sitemap.xml of another tool's beside it.
func TestLoadNamedEntry(t *testing.T) {
	dir := t.TempDir()
	urls := sitemap.Slice{{Loc: "https://example.com/"}, {Loc: "https://example.com/a"}}
	if _, err := writer.Write(urls, writer.Options{Dir: dir, BaseURL: "https://example.com/", Filename: "map.xml"}); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "sitemap.xml", head+"<url><loc>https://example.com/other</loc></url></urlset>\n")
	s := load(t, dir)
	defer s.Close()
	if got, want := locs(t, s), []string{"https://example.com/", "https://example.com/a"}; !slices.Equal(got, want) {
		t.Errorf("the folder's set: %q, want %q (map.xml's)", got, want)
	}
}
