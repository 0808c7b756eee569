package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/writer"
)

// link is an hreflang link on a line of its own.
func link(lang, href string) string {
	return fmt.Sprintf("<link rel=\"alternate\" hreflang=\"%s\" href=\"%s\">\n", lang, href)
}

func TestRunHreflang(t *testing.T) {
	cluster := "<head>\n" + link("en", "/en/") + link("de", "/de/") + link("x-default", "/en/")
	root := pages(t, map[string]string{
		"en/index.html": cluster + link("fr", "/fr/") + link("es", "/es/") + link("it", "/it") + link("ja", "https://example.jp/") +
			link("pt", "https://example.pt/") + link("en-UK", "/uk/") + link("x-default", "/de/"),
		"de/index.html":   cluster,
		"fr/index.html":   `<meta name="robots" content="noindex">`,
		"it/index.html":   "<title>it</title>",
		"nl/index.html":   link("en", "/en/"), // lists no itself, and en not back
		"uk/index.html":   "<title>x</title>",
		"blocked/a.html":  "<title>x</title>",
		"robots.txt":      "User-agent: *\nDisallow: /es/\n",
		"es/index.html":   "<title>x</title>",
		"clean/index.htm": "<title>x</title>",
	})
	var warns []string
	res, err := Run(context.Background(), Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base},
		Robots: Robots{Dir: root}, Hreflang: Hreflang{Hosts: []string{"https://example.jp/"}},
		Report: Report{Warn: func(path string, err error) { warns = append(warns, err.Error()) }}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"en/index.html:5: hreflang fr alternate https://example.com/fr/ is not in the sitemap (fr/index.html, noindex: meta robots \"noindex\"); left out",
		"en/index.html:6: hreflang es alternate https://example.com/es/ is not in the sitemap: robots.txt disallows it; left out",
		"en/index.html:7: hreflang it alternate https://example.com/it is missing: the page is at https://example.com/it/; left out",
		"en/index.html:9: hreflang pt alternate https://example.pt/ is on another host than the base URL (https://example.com/; hreflang.hosts lists the others allowed); left out",
		"en/index.html:10: hreflang \"en-UK\": UK is not an ISO 3166 region; use en-GB; alternate https://example.com/uk/ left out",
		"en/index.html:11: a second x-default (https://example.com/de/, the first https://example.com/en/); left out",
		"nl/index.html:1: the hreflang links are another page's: this page is not among them, and https://example.com/en/ does not list it back (a pager repeating its first page's links?); Google ignores them; none written",
	}
	if !slices.Equal(warns, want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(warns, "\n"), strings.Join(want, "\n"))
	}
	wantAlts := map[string][]sitemap.Alternate{
		base + "en/": {{Lang: "en", Href: base + "en/"}, {Lang: "de", Href: base + "de/"}, {Lang: "x-default", Href: base + "en/"}, {Lang: "ja", Href: "https://example.jp/"}},
		base + "de/": {{Lang: "en", Href: base + "en/"}, {Lang: "de", Href: base + "de/"}, {Lang: "x-default", Href: base + "en/"}},
		base + "nl/": nil, // its one link is another page's
	}
	for i := range res.URLs.Len() {
		u := res.URLs.At(i)
		if !slices.Equal(u.Alternates, wantAlts[u.Loc]) {
			t.Errorf("%s: alternates %v\nwant %v", u.Loc, u.Alternates, wantAlts[u.Loc])
		}
	}
	sitemaptest.MustValidate(t, root)
}

// An x-default at a language picker that lists no page back (the root,
// with no hreflang links of its own) is left out, with a warning, where
// a language version's missing link back is written: what the build
// writes, our own validate finds nothing wrong with (issue 86).
func TestRunHreflangXDefaultNotBack(t *testing.T) {
	cluster := "<head>\n" + link("en", "/en/") + link("fr", "/fr/") + link("x-default", "/")
	root := pages(t, map[string]string{
		"index.html":    "<title>Choose a language</title>",
		"en/index.html": cluster,
		"fr/index.html": cluster,
	})
	var warns []string
	res, err := Run(context.Background(), Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base},
		Report: Report{Warn: func(path string, err error) { warns = append(warns, err.Error()) }}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"en/index.html:4: hreflang x-default alternate https://example.com/ does not list this page back (Google ignores a link not returned); left out",
		"fr/index.html:4: hreflang x-default alternate https://example.com/ does not list this page back (Google ignores a link not returned); left out",
	}
	if !slices.Equal(warns, want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(warns, "\n"), strings.Join(want, "\n"))
	}
	pair := []sitemap.Alternate{{Lang: "en", Href: base + "en/"}, {Lang: "fr", Href: base + "fr/"}}
	for i := range res.URLs.Len() {
		u := res.URLs.At(i)
		if want := map[string][]sitemap.Alternate{base + "en/": pair, base + "fr/": pair}[u.Loc]; !slices.Equal(u.Alternates, want) {
			t.Errorf("%s: alternates %v\nwant %v", u.Loc, u.Alternates, want)
		}
	}
	problems, _, err := validate.Check([]string{root}, validate.Options{BaseURL: base})
	if err != nil || len(problems) > 0 {
		t.Errorf("validate: %v %v", err, problems)
	}
}

// A language picker at the root that lists the languages, not itself,
// and that every language version names as its x-default, is in the
// cluster: the build says nothing, writes its links, and our own
// validate finds nothing wrong with them (issue 86).
func TestRunHreflangPicker(t *testing.T) {
	cluster := "<head>\n" + link("en", "/en/") + link("fr", "/fr/")
	root := pages(t, map[string]string{
		"index.html":    cluster + "<title>Choose a language</title>",
		"en/index.html": cluster + link("x-default", "/"),
		"fr/index.html": cluster + link("x-default", "/"),
	})
	var warns []string
	res, err := Run(context.Background(), Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base},
		Report: Report{Warn: func(path string, err error) { warns = append(warns, err.Error()) }}})
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) > 0 {
		t.Errorf("warnings:\n%s", strings.Join(warns, "\n"))
	}
	pair := []sitemap.Alternate{{Lang: "en", Href: base + "en/"}, {Lang: "fr", Href: base + "fr/"}}
	all := []sitemap.Alternate{pair[0], pair[1], {Lang: "x-default", Href: base}}
	want := map[string][]sitemap.Alternate{base: pair, base + "en/": all, base + "fr/": all}
	for i := range res.URLs.Len() {
		if u := res.URLs.At(i); !slices.Equal(u.Alternates, want[u.Loc]) {
			t.Errorf("%s: alternates %v\nwant %v", u.Loc, u.Alternates, want[u.Loc])
		}
	}
	problems, _, err := validate.Check([]string{root}, validate.Options{BaseURL: base})
	if err != nil || len(problems) > 0 {
		t.Errorf("validate: %v %v", err, problems)
	}
}

// A clean cluster of three languages and x-default says nothing.
func TestRunHreflangClean(t *testing.T) {
	cluster := link("en", "/") + link("de", "/de/") + link("fr-CA", "/fr/") + link("x-default", "/")
	root := pages(t, map[string]string{"index.html": cluster, "de/index.html": cluster, "fr/index.html": cluster})
	res, err := Run(context.Background(), Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base},
		Report: Report{Warn: func(path string, err error) { t.Errorf("%s: %v", path, err) }}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range res.URLs.Len() {
		if u := res.URLs.At(i); len(u.Alternates) != 4 {
			t.Errorf("%s: %v", u.Loc, u.Alternates)
		}
	}
}

// Hostile hreflang values: each is said once and never written; a page
// with a thousand alternates is checked in time, and says ten of its
// problems and how many more it has.
func TestRunHreflangHostile(t *testing.T) {
	many, twice := link("en", "/"), link("en", "/")
	for i := range 1000 {
		many += link(fmt.Sprintf("de-%03d", i), fmt.Sprintf("/p%d/", i))
		twice += link("de", fmt.Sprintf("/p%d/", i))
	}
	for _, tc := range []struct {
		name, head string
		warns      int
		last       string
	}{
		{"empty", link("en", "/") + link("", "/de/"), 0, ""}, // no hreflang: not an alternate
		{"10 KB", link("en", "/") + link(strings.Repeat("a", 10<<10), "/de/"), 1, ""},
		{"invalid UTF-8", link("en", "/") + link("d\xffe", "/de/"), 1, ""},
		{"x-default twice", link("en", "/") + link("x-default", "/") + link("x-default", "/de/"), 1, ""},
		{"a thousand", many, 11, "index.html: 990 more hreflang problems of this page not shown (--explain index.html lists them all)"},
		{"one language a thousand times", twice, 11, "index.html: 990 more hreflang problems of this page not shown (--explain index.html lists them all)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := pages(t, map[string]string{"index.html": tc.head, "de/index.html": "<title>de</title>"})
			warns, last := 0, ""
			res, err := Run(context.Background(), Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base},
				Report: Report{Warn: func(_ string, err error) { warns++; last = err.Error() }}})
			if err != nil {
				t.Fatal(err)
			}
			if warns != tc.warns || tc.last != "" && last != tc.last {
				t.Errorf("%d warnings, want %d; the last %q", warns, tc.warns, last)
			}
			if u := res.URLs.At(0); len(u.Alternates) > 2 || u.Alternates[0].Lang != "en" || len(u.Alternates) == 2 && u.Alternates[1] != (sitemap.Alternate{Lang: "x-default", Href: base}) {
				t.Errorf("alternates written: %.200v", u.Alternates)
			}
			sitemaptest.MustValidate(t, root)
		})
	}
}

// TestHreflangKeptOnce: the records keep the list of a cluster's links
// once, for every page that declares it, and write the alternates a page
// declared, when none is broken, with no table of those shown; pages with
// alternates alone keep no entries of images, videos and news beside
// them (issue 56: the clusters were the memory of a translated site).
func TestHreflangKeptOnce(t *testing.T) {
	head := "<head>\n" + link("en", base+"a/") + link("fr", base+"fr/a/") + link("de", base+"de/a/") + link("x-default", base+"a/")
	root := pages(t, map[string]string{"a/index.html": head, "fr/a/index.html": head, "de/a/index.html": head})
	res, err := Run(context.Background(), Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base}})
	if err != nil {
		t.Fatal(err)
	}
	s := res.URLs.(*records)
	if s.media.images != nil || s.media.videos != nil || s.media.news != nil {
		t.Errorf("images %v, videos %v, news %v kept beside the alternates of pages that have none", s.media.images, s.media.videos, s.media.news)
	}
	if s.alts.shown != nil {
		t.Errorf("a table of the alternates shown kept beside those declared, and the same")
	}
	var list uint32
	for i := range s.Len() {
		r := s.rec(s.order[i])
		u := s.At(i)
		if len(u.Alternates) != 4 || r.alts == 0 || u.Alternates[1] != (sitemap.Alternate{Lang: "fr", Href: base + "fr/a/"}) {
			t.Fatalf("%s: alternates %v", u.Loc, u.Alternates)
		}
		if list == 0 {
			list = s.alts.refs[r.alts-1]
		} else if list != s.alts.refs[r.alts-1] {
			t.Errorf("%s: the cluster's links kept again for this page", u.Loc)
		}
	}
}

// TestSkippedKeptForAlternates: a build keeps, of a page left out after
// its head was read (an AMP copy canonical elsewhere), its URL's reason
// for the alternates that may name it, and nothing more: the URLs by
// path are a Session's, which forgets a page read again. Once the
// hreflang pass has judged the alternates, a build keeps none of it.
func TestSkippedKeptForAlternates(t *testing.T) {
	root := pages(t, map[string]string{
		"a/index.html":     "<head>\n" + link("en", base+"a/") + link("fr", base+"amp/a/"),
		"amp/a/index.html": `<link rel="canonical" href="` + base + `a/">`,
	})
	opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base}, Report: Report{Warn: func(string, error) {}}}
	b, err := newBuilder(context.Background(), opts, &Result{Skipped: map[mapping.Reason]int{}}, runBuild)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.load(context.Background()); err != nil {
		t.Fatal(err)
	}
	p, ok := b.kept.skipped.at(base + "amp/a/")
	if !ok || p.path != "amp/a/index.html" || p.why() != "canonical elsewhere: canonical "+base+"a/" {
		t.Errorf("skipped.byLoc %+v", b.kept.skipped.byLoc)
	}
	if b.kept.skippedLoc != nil {
		t.Errorf("skippedLoc %v kept by a build", b.kept.skippedLoc)
	}
	if err := b.runPasses(context.Background(), passArgs{}); err != nil {
		t.Fatal(err)
	}
	if b.kept.skipped.byLoc != nil || b.kept.skipped.list != nil {
		t.Errorf("the pages left out kept for the write: %v %v", b.kept.skipped.byLoc, b.kept.skipped.list)
	}
}

// TestLengthSet: the lengths added are in the set, on both sides of the
// bitmap's end, and no other is; a negative length is none.
func TestLengthSet(t *testing.T) {
	var l lengthSet
	added := []int{0, 63, 64, 1023, 1024, 5000}
	for _, n := range append(added, -1) {
		l.add(n)
	}
	for n := -1; n < 6000; n++ {
		if want := slices.Contains(added, n); l.has(n) != want {
			t.Errorf("has(%d) = %v, want %v", n, l.has(n), want)
		}
	}
}

// A build's tail finds the duplicates, judges robots.txt, the hreflang
// clusters and the dates (stampsPass, lastModCountsPass, mtimePass,
// lintPass) in a part of the
// records per CPU: in parts (four, of at least 100 records), with
// problems in each, it says the same warnings and skips in the same
// order, counts the same, and writes the same sitemaps, as in one
// (GOMAXPROCS 1).
func TestRunHreflangRobotsInParts(t *testing.T) {
	defer func(n int) { minPart = n }(minPart)
	minPart = 100
	const clusters = 400
	files := map[string]string{"robots.txt": "User-agent: *\nDisallow: /de/c12\nAllow: /de/c125\n\nUser-agent: Bingbot\nDisallow: /fr/c2*7/$\n"}
	for k := range clusters {
		dir := fmt.Sprintf("c%d/", k)
		en, fr, de := "/"+dir, "/fr/"+dir, "/de/"+dir
		links := link("en", en) + link("fr", fr) + link("de", de) + link("x-default", en)
		switch {
		case k%13 == 0:
			links += link("en-UK", "/uk/"+dir)
		case k%17 == 0:
			links += link("it", "/it/"+dir)
		}
		if k%3 != 0 { // a build's stamp on most pages (stampsPass)
			links += "<meta property=\"article:modified_time\" content=\"2024-03-01T10:00:00Z\">\n"
		}
		files[dir+"index.html"] = "<head>\n" + links
		files["fr/"+dir+"index.html"] = "<head>\n" + links
		if k%7 == 0 {
			links = link("de", de) + link("en", en) // fr not listed back
		}
		files["de/"+dir+"index.html"] = "<head>\n" + links
		if k%10 == 0 { // duplicates (dedup), clean URLs: a page twice, a page beside its folder
			files[fmt.Sprintf("x/p%d.html", k)] = "<title>x</title>"
			files[fmt.Sprintf("x/p%d.htm", k)] = "<title>x</title>"
			files[fmt.Sprintf("c%d.html", k)] = "<title>x</title>"
		}
	}
	root := pages(t, files)
	build := func(procs int) (*events, []string, map[string]string) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		out := t.TempDir()
		res, ev, err := run(t, Options{Root: root, Heads: Heads{Read: true}, Robots: Robots{Dir: root}, GuardMTime: true,
			Map: mapping.Options{BaseURL: base, CleanURLs: true}, Write: writer.Options{Dir: out}})
		if err != nil {
			t.Fatal(err)
		}
		urls := []string{fmt.Sprint("lastmods ", res.LastMod, ", stamps ", res.Stamps, ", mtimes dropped ", res.MTimeDropped)}
		for i := range res.URLs.Len() {
			u := res.URLs.At(i)
			urls = append(urls, fmt.Sprint(u.Loc, u.Alternates))
		}
		written := map[string]string{}
		for _, name := range res.Write.Written {
			data, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			written[name] = string(data)
		}
		return ev, urls, written
	}
	ev1, urls1, files1 := build(1)
	evN, urlsN, filesN := build(4)
	if len(ev1.warns) < clusters/7 || len(ev1.skips) < 10 {
		t.Fatalf("%d warnings and %d skips: the site has fewer problems than it was made with", len(ev1.warns), len(ev1.skips))
	}
	if d := diff(evN.warns, ev1.warns); d != "" {
		t.Errorf("warnings in parts, against one part:\n%s", d)
	}
	if d := diff(evN.skips, ev1.skips); d != "" {
		t.Errorf("skips in parts, against one part:\n%s", d)
	}
	if d := diff(urlsN, urls1); d != "" {
		t.Errorf("URLs in parts, against one part:\n%s", d)
	}
	if !maps.Equal(filesN, files1) {
		t.Errorf("the sitemaps written in parts differ from those of one part")
	}
}

// wholeCluster says a page fine only where the Checker, reading its
// links one by one, finds nothing wrong: on clusters whole and broken
// every way the Checker knows (a page not among its links, a link to a
// page missing, left out, of another list or on another host, a code
// invalid or given twice, alike or not, in another case, by one page or
// by all, a list many pages repeat), the warnings and the sitemap are the same with it and
// without it.
func TestHreflangWholeClusterAsChecked(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	files := map[string]string{}
	for k := range 120 {
		dir := fmt.Sprintf("p%d/", k)
		urls := map[string]string{"en": base + dir, "fr": base + "fr/" + dir, "de": base + "de/" + dir}
		langs := []string{"en", "fr", "de"}
		xDefault := r.IntN(2) == 0
		links := func() []string {
			ls := []string{link("en", urls["en"]), link("fr", urls["fr"]), link("de", urls["de"])}
			if xDefault {
				ls = append(ls, link("x-default", urls["en"]))
			}
			return ls
		}
		heads := map[string][]string{}
		for _, lang := range langs {
			heads[lang] = links()
		}
		lang := langs[r.IntN(3)]
		switch r.IntN(15) {
		case 0: // whole
		case 1:
			heads[lang] = heads[lang][1:] // a page not among its links, or others not named
		case 2:
			heads[lang] = append(heads[lang], link("it", base+"it/"+dir)) // a page missing
		case 3:
			heads[lang][0] = link("english", urls["en"])
		case 4:
			heads[lang] = append(heads[lang], link("en", base+"other/"))
		case 5:
			heads[lang] = append(heads[lang], link("EN", urls["en"]))
		case 6:
			heads[lang] = append(heads[lang], link("es", "https://other.example/"+dir))
		case 7:
			heads[lang][1] = link("FR", urls["fr"])
		case 8: // every page says it, alike
			for _, l := range langs {
				heads[l][0] = link("EN", urls["en"])
			}
		case 9: // a pager repeats the first page's links
			files[dir+"page/2/index.html"] = "<head>\n" + strings.Join(heads["en"], "")
		case 10:
			files["robots.txt"] = "User-agent: *\nDisallow: /de/p" + fmt.Sprint(k) + "/\n"
		case 11:
			heads[lang] = append(heads[lang], link("de", base+"de/"+strings.TrimSuffix(dir, "/")))
		case 12, 13, 14: // every page says it
			for _, l := range langs {
				heads[l][k%3] = [...]string{link("english", urls["en"]), link("EN", urls["fr"]), link("de", urls["fr"])}[k%3]
			}
		}
		for _, l := range langs {
			rel := dir
			if l != "en" {
				rel = l + "/" + dir
			}
			files[rel+"index.html"] = "<head>\n" + strings.Join(heads[l], "")
		}
	}
	root := pages(t, files)
	run := func(whole bool) ([]string, []byte) {
		defer func(was bool) { wholeClusterCheck = was }(wholeClusterCheck)
		wholeClusterCheck = whole
		var warns []string
		out := t.TempDir()
		_, err := Run(context.Background(), Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base},
			Write:  writer.Options{Dir: out},
			Report: Report{Warn: func(path string, err error) { warns = append(warns, path+": "+err.Error()) }}})
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join(out, "sitemap.xml"))
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(warns)
		return warns, data
	}
	checked, checkedOut := run(false)
	whole, wholeOut := run(true)
	if len(checked) < 50 {
		t.Fatalf("%d warnings: the clusters are not broken enough to hold wholeCluster to the Checker", len(checked))
	}
	if !slices.Equal(whole, checked) {
		t.Errorf("warnings with wholeCluster:\n%s\nchecked one by one:\n%s", strings.Join(whole, "\n"), strings.Join(checked, "\n"))
	}
	if !bytes.Equal(wholeOut, checkedOut) {
		t.Errorf("the sitemap with wholeCluster differs from the one checked one by one")
	}
	if !bytes.Contains(wholeOut, []byte("hreflang")) {
		t.Error("no alternates written")
	}
}
