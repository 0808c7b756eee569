package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// altset returns a generator's sitemap of the URLs of entries, each
// "LOC LANG=HREF LANG=HREF ..." (a lastmod of 2024-01-02 each).
func altset(entries ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, e := range entries {
		f := strings.Fields(e)
		b.WriteString("<url><loc>" + f[0] + "</loc><lastmod>2024-01-02</lastmod>")
		for _, a := range f[1:] {
			lang, href, _ := strings.Cut(a, "=")
			b.WriteString(`<xhtml:link rel="alternate" hreflang="` + lang + `" href="` + href + `"/>`)
		}
		b.WriteString("</url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.String()
}

// alternatesOf returns the alternates of each URL of res that has some,
// "LANG HREF" each in order, by loc.
func alternatesOf(urls sitemap.URLs) map[string]string {
	m := map[string]string{}
	for i := range urls.Len() {
		u := urls.At(i)
		var alts []string
		for _, a := range u.Alternates {
			alts = append(alts, a.Lang+" "+a.Href)
		}
		if len(alts) > 0 {
			m[u.Loc] = strings.Join(alts, ", ")
		}
	}
	return m
}

// TestGeneratorSitemapAlternates: a page whose head gives no hreflang
// links takes the alternates of the generator's sitemap, which names the
// pages in a form of its own (Hugo's /a/ for our a.html); a page's own
// head wins; an alternate to a page left out is said and not written,
// one to no page at all is not written. Ours replaces the generator's,
// and the alternates kept beside ours give the next build, a check and a
// watch session (and its updates) the same; the file keeps each list once.
func TestGeneratorSitemapAlternates(t *testing.T) {
	gen := altset(
		base+"a/ en="+base+"a/ fr="+base+"fr/a/",
		base+"fr/a/ fr="+base+"fr/a/ en="+base+"a/",
		base+"b/ en="+base+"b/ fr="+base+"fr/b/ de="+base+"de/b/", // no German page: not written
		base+"fr/b/ en="+base+"b/ fr="+base+"fr/b/ de="+base+"de/b/",
		base+"c/ en="+base+"c/ fr="+base+"fr/c/", // fr/c is noindex
		base+"own/ en="+base+"own/ fr="+base+"fr/a/",
		base+"x/",
	)
	root := pages(t, map[string]string{
		"a.html":      "<title>a</title>",
		"fr/a.html":   "<title>a</title>",
		"b.html":      "<title>b</title>",
		"fr/b.html":   "<title>b</title>",
		"c.html":      "<title>c</title>",
		"fr/c.html":   `<title>c</title><meta name="robots" content="noindex">`,
		"own.html":    `<title>own</title><link rel="alternate" hreflang="en" href="/own"><link rel="alternate" hreflang="de" href="/de/own">`,
		"de/own.html": `<title>own</title><link rel="alternate" hreflang="en" href="/own"><link rel="alternate" hreflang="de" href="/de/own">`,
		"x.html":      "<title>x</title>",
		"sitemap.xml": gen,
	})
	takes := func(name string) bool { return name == "sitemap.xml" }
	opts := Options{Root: root, Heads: Heads{Read: true}, GeneratorSitemaps: takes,
		Map: mapping.Options{CleanURLs: true, BaseURL: base}}
	opts.Write.TakeOver = takes
	want := map[string]string{
		base + "a":      "en " + base + "a, fr " + base + "fr/a",
		base + "fr/a":   "en " + base + "a, fr " + base + "fr/a",
		base + "b":      "en " + base + "b, fr " + base + "fr/b",
		base + "fr/b":   "en " + base + "b, fr " + base + "fr/b",
		base + "c":      "en " + base + "c", // as the page's own links would be
		base + "own":    "en " + base + "own, de " + base + "de/own",
		base + "de/own": "en " + base + "own, de " + base + "de/own",
	}
	check := func(step string, urls sitemap.URLs) {
		t.Helper()
		if got := alternatesOf(urls); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: alternates\n%v\nwant\n%v", step, got, want)
		}
	}
	res, ev, err := run(t, opts)
	if err != nil {
		t.Fatal(err)
	}
	check("the generator's sitemap", res.URLs)
	if !warned(ev, "c.html", "hreflang fr alternate "+base+"fr/c is not in the sitemap (fr/c.html, noindex") {
		t.Errorf("no warning for the alternate left out: %q", ev.warns)
	}
	if _, err := os.Stat(filepath.Join(root, "sitemap.xml")); err != nil {
		t.Fatalf("ours is not written: %v", err)
	}
	kept, err := os.ReadFile(filepath.Join(root, GenDatesName))
	if err != nil {
		t.Fatal(err)
	}
	// Three lists (a, b, c: those of a page's pair are one), the URLs'
	// lines of alternates.
	if n := len(regexp.MustCompile(`(?m)^\t\t\t[0-9]`).FindAllIndex(kept, -1)); n != 4 {
		t.Errorf("%d lists kept, want 4 (own's too: its URL is listed, its head wins):\n%s", n, kept)
	}
	if len(kept) > genDatesBound(7) {
		t.Errorf("the kept file takes %d bytes, past its bound %d", len(kept), genDatesBound(7))
	}

	// The next build: the generator's sitemap is ours now.
	res, _, err = run(t, opts)
	if err != nil {
		t.Fatal(err)
	}
	check("the alternates kept", res.URLs)
	check2 := opts
	check2.Write.Check = true
	res, _, err = run(t, check2)
	if err != nil {
		t.Fatal(err)
	}
	if res.Write == nil || len(res.Write.Differ) > 0 {
		t.Errorf("--check: the set written is not the one the kept alternates give: %+v", res.Write)
	}

	// A watch session, and its update after a page changed.
	opts.Report = Report{}
	s, res, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	check("a watch session", res.URLs)
	later := time.Now().Add(time.Second)
	if err := os.Chtimes(filepath.Join(root, "fr", "a.html"), later, later); err != nil {
		t.Fatal(err)
	}
	res, err = s.Update(context.Background(), []string{filepath.Join(root, "fr", "a.html")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	check("a watch session's update", s.b.rep.res.URLs)
	// The French page removed: the English one has no alternates left.
	if err := os.Remove(filepath.Join(root, "fr", "a.html")); err != nil {
		t.Fatal(err)
	}
	if _, err = s.Update(context.Background(), []string{filepath.Join(root, "fr", "a.html")}, nil); err != nil {
		t.Fatal(err)
	}
	delete(want, base+"a")
	delete(want, base+"fr/a")
	want[base+"own"] = "en " + base + "own, de " + base + "de/own"
	check("a translation removed in a watch session", s.b.rep.res.URLs)
}

// TestGeneratorAlternatesUndated: the generator's sitemap gives the
// alternates of pages whose heads give none, where it dates none.
func TestGeneratorAlternatesUndated(t *testing.T) {
	root := pages(t, map[string]string{
		"a.html":      "<title>a</title>",
		"fr/a.html":   "<title>a</title>",
		"sitemap.xml": altset(base+"a.html en="+base+"a.html fr="+base+"fr/a.html", base+"fr/a.html en="+base+"a.html fr="+base+"fr/a.html"),
	})
	res, _, err := run(t, Options{Root: root, Heads: Heads{Read: true},
		GeneratorSitemaps: func(name string) bool { return name == "sitemap.xml" },
		Map:               mapping.Options{LastMod: []mapping.LastModSource{mapping.LastModSitemap}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := alternatesOf(res.URLs); len(got) != 2 {
		t.Errorf("alternates %v, want a.html's and fr/a.html's", got)
	}
	if got := lastMods(res); got[base+"a.html"] != "none" {
		t.Errorf("lastmods %v: the generator's sitemap dates no page", got)
	}
}

// TestGeneratorAlternatesBounds: the English pages of a generator's
// sitemap name their French ones, which it gives none. The alternates kept count against
// limits.generator_urls (a list shared by the pages of a cluster once),
// with a warning at the URL whose list no longer fits; the kept file is
// read within the same bound; an alternate on another host is not kept,
// and said once.
func TestGeneratorAlternatesBounds(t *testing.T) {
	var entries []string
	files := map[string]string{}
	for i := range 4 {
		p := fmt.Sprintf("p%d", i)
		entries = append(entries, base+p+" en="+base+p+" fr="+base+"fr/"+p+" de=https://example.de/"+p)
		files[p+".html"], files["fr/"+p+".html"] = "<title>p</title>", "<title>p</title>"
	}
	files["sitemap.xml"] = altset(entries...)
	root := pages(t, files)
	takes := func(name string) bool { return name == "sitemap.xml" }
	opts := Options{Root: root, Heads: Heads{Read: true}, GeneratorSitemaps: takes}
	opts.Write.TakeOver = takes
	opts.Limits.GeneratorURLs = 5 // two lists of two
	res, ev, err := run(t, opts)
	if err != nil {
		t.Fatal(err)
	}
	got := alternatesOf(res.URLs)
	if len(got) != 2 || got[base+"p0.html"] == "" || got[base+"p1.html"] == "" {
		t.Errorf("alternates %v: want those of p0 and p1 (the French pages have none in the sitemap)", got)
	}
	if !warned(ev, filepath.Join(root, "sitemap.xml")+":5:", "more than 5 hreflang alternates", "limits.generator_urls") {
		t.Errorf("no warning at the URL past the limit: %q", ev.warns)
	}
	if !warned(ev, filepath.Join(root, "sitemap.xml")+":3:", "4 hreflang alternates", "another host") {
		t.Errorf("no warning of the alternates on another host: %q", ev.warns)
	}
	kept, err := os.ReadFile(filepath.Join(root, GenDatesName))
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) > genDatesBound(5) {
		t.Errorf("the kept file takes %d bytes, past its bound %d", len(kept), genDatesBound(5))
	}
	// Read again within a smaller limit: the first list only.
	opts.Limits.GeneratorURLs = 3
	res, ev, err = run(t, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := alternatesOf(res.URLs); len(got) != 1 {
		t.Errorf("from the kept file within 3: alternates %v, want one list's", got)
	}
	if !warned(ev, filepath.Join(root, GenDatesName)+":", "more than 3 hreflang alternates") {
		t.Errorf("no warning of the kept file's alternates past the limit: %q", ev.warns)
	}
}

// TestKeptGenDatesVersion1: a kept file written by version 1 (a file's
// path, its URLs' hashes and dates) is still read for its dates.
func TestKeptGenDatesVersion1(t *testing.T) {
	root := pages(t, map[string]string{"a.html": "<title>a</title>", "b/index.html": "<title>b</title>"})
	h := func(loc string) string { return fmt.Sprintf("%016x", genHash(genKey(loc))) }
	v1 := "# The lastmods of the generator's sitemaps that sitemapgen's replaced, ...\nsitemap.xml\n\t" + h(base+"a") + "\t2021-02-03T00:00:00Z\n\t" + h(base+"b/") + "\t2021-02-04T00:00:00Z\n"
	if err := os.WriteFile(filepath.Join(root, GenDatesName), []byte(v1), 0o644); err != nil {
		t.Fatal(err)
	}
	res, _, err := run(t, Options{Root: root, Heads: Heads{Read: true},
		GeneratorSitemaps: func(name string) bool { return name == "sitemap.xml" },
		Map:               mapping.Options{LastMod: []mapping.LastModSource{mapping.LastModSitemap}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := lastMods(res); got[base+"a.html"] != "2021-02-03" || got[base+"b/"] != "2021-02-04" {
		t.Errorf("lastmods %v from a version 1 file", got)
	}
}

// TestGenAlternatesList: a list is kept once whatever the order its
// alternates come in, and sorted by code.
func TestGenAlternatesList(t *testing.T) {
	a := newGenAlternates()
	a.left = 10
	en, _ := a.lang("en")
	fr, _ := a.lang("fr")
	one := a.list([]genAlt{{hash: 2, lang: fr}, {hash: 1, lang: en}})
	two := a.list([]genAlt{{hash: 1, lang: en}, {hash: 2, lang: fr}, {hash: 1, lang: en}})
	if one == 0 || one != two || len(a.lists) != 1 || a.left != 8 {
		t.Fatalf("lists %d and %d, %v, %d left: want one list of two", one, two, a.lists, a.left)
	}
	if !slices.Equal(a.lists[0], []genAlt{{hash: 1, lang: en}, {hash: 2, lang: fr}}) {
		t.Errorf("list %v, not in the order of its codes", a.lists[0])
	}
	a.done()
	if !a.wanted(1) || !a.wanted(2) || a.wanted(3) {
		t.Errorf("the URLs the list names are not all wanted: %v", a.refs)
	}
}

// TestGeneratorAlternatesOthersOnly: sphinx-sitemap's build of each
// language lists a page's other languages alone, in its own sitemap
// (en/sitemap.xml names fr/a.html, fr/sitemap.xml names en/a.html): each
// page takes its own code from the list that names it, and the cluster
// is whole, every page listing itself and the others, again from the
// kept file.
func TestGeneratorAlternatesOthersOnly(t *testing.T) {
	root := pages(t, map[string]string{
		"en/a.html": "<title>a</title>",
		"fr/a.html": "<title>a</title>",
		"de/a.html": "<title>a</title>",
		"en/b.html": "<title>b</title>",
		"fr/b.html": "<title>b</title>",
		"en/sitemap.xml": altset(base+"en/a.html fr="+base+"fr/a.html de="+base+"de/a.html",
			base+"en/b.html fr="+base+"fr/b.html"),
		"fr/sitemap.xml": altset(base+"fr/a.html en="+base+"en/a.html de="+base+"de/a.html",
			base+"fr/b.html en="+base+"en/b.html"),
		"de/sitemap.xml": altset(base + "de/a.html en=" + base + "en/a.html fr=" + base + "fr/a.html"),
	})
	takes := func(name string) bool { return strings.HasSuffix(name, "/sitemap.xml") }
	opts := Options{Root: root, Heads: Heads{Read: true}, GeneratorSitemaps: takes,
		Map: mapping.Options{BaseURL: base}}
	opts.Write.TakeOver = takes
	a := "de " + base + "de/a.html, en " + base + "en/a.html, fr " + base + "fr/a.html"
	b := "en " + base + "en/b.html, fr " + base + "fr/b.html"
	want := map[string]string{base + "en/a.html": a, base + "fr/a.html": a, base + "de/a.html": a, base + "en/b.html": b, base + "fr/b.html": b}
	for _, step := range []string{"the generator's sitemaps", "the alternates kept"} {
		res, _, err := run(t, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := alternatesOf(res.URLs); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: alternates\n%v\nwant\n%v", step, got, want)
		}
	}
}

// pathTranslator gives a page under fr/ the French of the page at the
// same path without it, as VitePress's locales do.
type pathTranslator struct{}

func (pathTranslator) Translation(rel, _ string) (generator.Translation, bool) {
	if rest, ok := strings.CutPrefix(rel, "fr/"); ok {
		return generator.Translation{Lang: "fr-FR", Key: rest, From: "locales"}, true
	}
	return generator.Translation{Lang: "en-US", Key: rel, From: "locales"}, true
}

// TestPageTranslations: pages not joined to sources take the alternates
// Options.Translator gives them by their paths, with no sitemap of the
// generator's in sight (VitePress's locales, its sitemap off, its output
// folder emptied by each build); a page's head wins, and a page with no
// translation found gets none.
func TestPageTranslations(t *testing.T) {
	root := pages(t, map[string]string{
		"index.html":    "<title>home</title>",
		"fr/index.html": "<title>home</title>",
		"about.html":    "<title>about</title>",
		"fr/about.html": "<title>about</title>",
		"only-en.html":  "<title>only</title>",
		"own.html":      `<title>own</title><link rel="alternate" hreflang="en" href="/own.html"><link rel="alternate" hreflang="de" href="/de/own.html">`,
		"de/own.html":   `<title>own</title><link rel="alternate" hreflang="en" href="/own.html"><link rel="alternate" hreflang="de" href="/de/own.html">`,
		"fr/own.html":   "<title>own</title>",
		"fr/other.html": "<title>other</title>",
	})
	opts := Options{Root: root, Heads: Heads{Read: true}, Translator: pathTranslator{}, Map: mapping.Options{BaseURL: base}}
	res, _, err := run(t, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		base:                   "en-US " + base + ", fr-FR " + base + "fr/",
		base + "fr/":           "en-US " + base + ", fr-FR " + base + "fr/",
		base + "about.html":    "en-US " + base + "about.html, fr-FR " + base + "fr/about.html",
		base + "fr/about.html": "en-US " + base + "about.html, fr-FR " + base + "fr/about.html",
		base + "own.html":      "en " + base + "own.html, de " + base + "de/own.html",
		base + "de/own.html":   "en " + base + "own.html, de " + base + "de/own.html",
		base + "fr/own.html":   "en-US " + base + "own.html, fr-FR " + base + "fr/own.html",
	}
	if got := alternatesOf(res.URLs); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("alternates\n%v\nwant\n%v", got, want)
	}
}
