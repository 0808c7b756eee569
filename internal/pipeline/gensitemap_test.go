package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
)

// TestGeneratorSitemapSource: the generator's sitemap dates the pages no
// earlier source dates, in the form of URL it writes; ours replaces it,
// and the next build reads the dates kept beside ours, not our own
// sitemap; a generator's new sitemap is read again; one that dates every
// URL alike (MkDocs') dates nothing.
func TestGeneratorSitemapSource(t *testing.T) {
	genSitemap := func(dates ...string) string {
		s := `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`
		for i, loc := range []string{"https://example.com/", "https://example.com/a", "https://example.com/b/"} {
			s += "<url><loc>" + loc + "</loc><lastmod>" + dates[i] + "</lastmod></url>"
		}
		return s + "</urlset>"
	}
	root := pages(t, map[string]string{
		"index.html":   "<title>home</title>",
		"a.html":       "<title>a</title>",
		"b/index.html": "<title>b</title>",
		"sitemap.xml":  genSitemap("2024-01-01T00:00:00.000Z", "2024-02-03T10:00:00.000Z", "2024-03-04"),
	})
	opts := Options{Root: root, Heads: Heads{Read: true}, GeneratorSitemaps: func(name string) bool { return name == "sitemap.xml" },
		Map: mapping.Options{LastMod: []mapping.LastModSource{mapping.LastModSitemap}}}
	want := "2024-01-01T00:00:00Z 2024-02-03T10:00:00Z 2024-03-04T00:00:00Z"
	dates := func(step string, want string) {
		t.Helper()
		res, _, err := run(t, opts)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i := range res.URLs.Len() {
			lm := res.URLs.At(i).LastMod
			if lm.IsZero() {
				got = append(got, "none")
			} else {
				got = append(got, lm.Format("2006-01-02T15:04:05Z07:00"))
			}
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("%s: lastmods %s, want %s", step, g, want)
		}
	}
	dates("the generator's sitemap", want)
	if _, err := os.Stat(filepath.Join(root, GenDatesName)); err != nil {
		t.Fatalf("the dates are not kept: %v", err)
	}
	dates("ours in its place", want)
	dates("again", want)
	// The generator builds again, with new dates, a second later.
	regenerate(t, filepath.Join(root, "sitemap.xml"), genSitemap("2025-01-01", "2025-01-02", "2025-01-03"))
	dates("the generator's new sitemap", "2025-01-01T00:00:00Z 2025-01-02T00:00:00Z 2025-01-03T00:00:00Z")
	// MkDocs' sitemap dates every page by its build.
	regenerate(t, filepath.Join(root, "sitemap.xml"), genSitemap("2026-11-23", "2026-11-23", "2026-11-23"))
	dates("a build's date for every page", "none none none")
}

// regenerate writes a generator's file at path, as a build a second after
// the last writes.
func regenerate(t *testing.T, path, body string) {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	later := st.ModTime().Add(time.Second)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
}

// urlset returns a generator's sitemap of the URLs locs, dated as they
// follow "LOC DATE" each.
func urlset(entries ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, e := range entries {
		loc, date, _ := strings.Cut(e, " ")
		b.WriteString("<url><loc>" + loc + "</loc><lastmod>" + date + "</lastmod></url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.String()
}

// lastMods returns the lastmod of each URL of res by its loc, "none" for
// none.
func lastMods(res *Result) map[string]string {
	m := map[string]string{}
	for i := range res.URLs.Len() {
		u := res.URLs.At(i)
		m[u.Loc] = "none"
		if !u.LastMod.IsZero() {
			m[u.Loc] = u.LastMod.UTC().Format(time.DateOnly)
		}
	}
	return m
}

func warned(ev *events, parts ...string) bool {
	for _, w := range ev.warns {
		if !slices.ContainsFunc(parts, func(p string) bool { return !strings.Contains(w, p) }) {
			return true
		}
	}
	return false
}

// TestGeneratorSitemapBounds: the generator's sitemaps are read within
// bounds: a file past the protocol's 50,000 URLs is read up to them, and
// all the files together up to limits.generator_urls, each with a warning
// at the first URL not read; the dates kept beside ours are as many, and
// their file's size is bounded by the limit.
func TestGeneratorSitemapBounds(t *testing.T) {
	sources := mapping.Options{LastMod: []mapping.LastModSource{mapping.LastModSitemap}}
	t.Run("protocol", func(t *testing.T) {
		locs := make([]string, 0, 50_001)
		locs = append(locs, base+"b.html 2002-02-02")
		for i := range 49_999 {
			locs = append(locs, fmt.Sprintf("%sp/%d 2002-03-%02d", base, i, i%28+1))
		}
		locs = append(locs, base+"a.html 2002-04-04") // the 50,001st
		root := pages(t, map[string]string{
			"a.html":      "<title>a</title>",
			"b.html":      "<title>b</title>",
			"sitemap.xml": urlset(locs...),
		})
		res, ev, err := run(t, Options{Root: root, Heads: Heads{Read: true}, Map: sources,
			GeneratorSitemaps: func(name string) bool { return name == "sitemap.xml" }})
		if err != nil {
			t.Fatal(err)
		}
		if got := lastMods(res); got[base+"b.html"] != "2002-02-02" || got[base+"a.html"] != "none" {
			t.Errorf("lastmods %v: want b's from the sitemap, none for a, past the protocol's 50,000", got)
		}
		if !warned(ev, filepath.Join(root, "sitemap.xml")+":50003:", "50000") {
			t.Errorf("no warning at the 50,001st URL: %q", ev.warns)
		}
	})
	t.Run("limit", func(t *testing.T) {
		root := pages(t, map[string]string{
			"a.html":         "<title>a</title>",
			"b.html":         "<title>b</title>",
			"de/x.html":      "<title>x</title>",
			"de/y.html":      "<title>y</title>",
			"de/sitemap.xml": urlset(base+"de/x.html 2003-03-03", base+"de/y.html 2003-03-04"),
			"sitemap.xml":    urlset(base+"a.html 2004-04-04", base+"b.html 2004-04-05"),
		})
		takes := func(name string) bool { return name == "sitemap.xml" || name == "de/sitemap.xml" }
		opts := Options{Root: root, Heads: Heads{Read: true}, Map: sources, GeneratorSitemaps: takes}
		opts.Write.TakeOver = takes // ours replaces them: the next build reads the dates kept
		opts.Limits.GeneratorURLs = 3
		res, ev, err := run(t, opts)
		if err != nil {
			t.Fatal(err)
		}
		got := lastMods(res)
		if got[base+"de/x.html"] != "2003-03-03" || got[base+"de/y.html"] != "2003-03-04" || got[base+"a.html"] != "2004-04-04" || got[base+"b.html"] != "none" {
			t.Errorf("lastmods %v: want the first 3 URLs dated, b not", got)
		}
		if !warned(ev, filepath.Join(root, "sitemap.xml")+":4:", "limits.generator_urls") {
			t.Errorf("no warning naming the limit at the 4th URL: %q", ev.warns)
		}
		kept, err := os.ReadFile(filepath.Join(root, GenDatesName))
		if err != nil {
			t.Fatal(err)
		}
		if n := len(regexp.MustCompile(`(?m)^\t[0-9a-f]`).FindAllIndex(kept, -1)); n != 3 {
			t.Errorf("%d dates kept, want 3:\n%s", n, kept)
		}
		if len(kept) > genDatesBound(3) {
			t.Errorf("the kept dates take %d bytes, past their bound %d", len(kept), genDatesBound(3))
		}
		// The next build reads the dates kept, and they are the same.
		res, _, err = run(t, opts)
		if err != nil {
			t.Fatal(err)
		}
		if again := lastMods(res); fmt.Sprint(again) != fmt.Sprint(got) {
			t.Errorf("from the dates kept: %v, want %v", again, got)
		}
	})
	t.Run("kept file past its bound", func(t *testing.T) {
		root := pages(t, map[string]string{"a.html": "<title>a</title>"})
		opts := Options{Root: root, Heads: Heads{Read: true}, Map: sources,
			GeneratorSitemaps: func(name string) bool { return name == "sitemap.xml" }}
		opts.Limits.GeneratorURLs = 10
		kept := genDatesHeader + base + "a\t2001-01-01T00:00:00Z\tsitemap.xml\n" + base + "b\t2001-01-02T00:00:00Z\tsitemap.xml\n" + strings.Repeat("# padding\n", genDatesBound(10)/10+1)
		path := filepath.Join(root, GenDatesName)
		if err := os.WriteFile(path, []byte(kept), 0o644); err != nil {
			t.Fatal(err)
		}
		res, ev, err := run(t, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := lastMods(res); got[base+"a.html"] != "none" {
			t.Errorf("lastmods %v: the dates of a file past its bound used", got)
		}
		if !warned(ev, path, "limits.generator_urls") {
			t.Errorf("no warning naming the file and the limit: %q", ev.warns)
		}
		if data, _ := os.ReadFile(path); string(data) != kept {
			t.Error("the dates kept were written over")
		}
	})
}

// TestGeneratorDatesLink: the dates kept beside ours, planted as a link
// to a file outside the output folder, are not read (its dates never
// become lastmods), and the file's time is not set through the link.
func TestGeneratorDatesLink(t *testing.T) {
	root := pages(t, map[string]string{"a.html": "<title>a</title>"})
	outside := filepath.Join(t.TempDir(), "outside")
	if err := os.WriteFile(outside, []byte(genDatesHeader+base+"a\t2001-01-01T00:00:00Z\tsitemap.xml\n"+base+"b\t2001-01-02T00:00:00Z\tsitemap.xml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(outside, old, old); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, GenDatesName)); err != nil {
		t.Fatal(err)
	}
	opts := Options{Root: root, Heads: Heads{Read: true},
		Map:               mapping.Options{LastMod: []mapping.LastModSource{mapping.LastModSitemap}},
		GeneratorSitemaps: func(name string) bool { return name == "sitemap.xml" }}
	for i := range 2 {
		res, ev, err := run(t, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := lastMods(res); got[base+"a.html"] != "none" {
			t.Errorf("build %d: lastmods %v: the outside file's date used", i+1, got)
		}
		if i == 0 && !warned(ev, filepath.Join(root, GenDatesName)) {
			t.Errorf("no warning naming the link: %q", ev.warns)
		}
		if fi, err := os.Stat(outside); err != nil || !fi.ModTime().Equal(old) {
			t.Fatalf("build %d: the outside file's time set through the link (%v)", i+1, err)
		}
	}
	if data, _ := os.ReadFile(outside); !strings.Contains(string(data), "2001-01-01") {
		t.Error("the outside file written through the link")
	}
}
