package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/hreflang"
)

// entry returns a <url> of loc with an xhtml:link for each pair of
// hreflang and href, one a line after the <loc>'s: a <url> of n links
// takes n+1 lines.
func entry(loc string, pairs ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<url><loc>%s</loc>", loc)
	for i := 0; i < len(pairs); i += 2 {
		fmt.Fprintf(&b, "\n<xhtml:link rel=\"alternate\" hreflang=\"%s\" href=\"%s\"/>", pairs[i], pairs[i+1])
	}
	return b.String() + "</url>"
}

const (
	hEN = "https://example.com/"
	hDE = "https://example.com/de/"
	hFR = "https://example.com/fr/"
)

// clean is a whole cluster: en, de and x-default (en), each page listing
// all three.
var clean = []string{"en", hEN, "de", hDE, "x-default", hEN}

func TestCheckHreflang(t *testing.T) {
	site := map[string]string{
		"site/index.html":     `<title>en</title>`,
		"site/de/index.html":  `<title>de</title>`,
		"site/fr/index.html":  `<meta name="robots" content="noindex"><title>fr</title>`,
		"site/old/index.html": `<meta http-equiv="refresh" content="0; url=/fr/"><title>old</title>`,
		"site/it/index.html":  `<link rel="canonical" href="/"><title>it</title>`,
		"site/err/404.html":   `<title>not found</title>`,
	}
	for _, tt := range []struct {
		name  string
		files map[string]string
		site  bool
		want  []string
	}{
		{name: "clean, across two files", files: map[string]string{
			"a.xml": urlset(entry(hEN, clean...)),
			"b.xml": urlset(entry(hDE, clean...)),
		}},
		{name: "no link back", files: map[string]string{"a.xml": urlset(entry(hEN, "en", hEN, "de", hDE) + "\n" + entry(hDE, "de", hDE))},
			want: []string{"a.xml:5: hreflang de alternate https://example.com/de/ does not list this page back (Google ignores a link not returned)"}},
		{name: "no link back: listed without links", files: map[string]string{
			"a.xml": urlset(entry(hEN, "en", hEN, "de", hDE)),
			"b.xml": urlset(entry(hDE)),
		}, want: []string{"a.xml:5: hreflang de alternate https://example.com/de/ does not list this page back (Google ignores a link not returned)"}},
		{name: "back under another language", files: map[string]string{"a.xml": urlset(entry(hEN, "en", hEN, "de", hDE) + "\n" + entry(hDE, "de", hDE, "fr", hEN))},
			want: []string{"a.xml:5: hreflang de alternate https://example.com/de/ lists this page back as fr, not as en"}},
		{name: "no self-reference", files: map[string]string{"a.xml": urlset(entry(hEN, "de", hDE) + "\n" + entry(hDE, "de", hDE, "en", hEN))},
			want: []string{"a.xml:4: the page is not among its own hreflang alternates (each page of a cluster lists itself too)"}},
		{name: "x-default twice", files: map[string]string{"a.xml": urlset(entry(hEN, "en", hEN, "de", hDE, "x-default", hEN, "x-default", hDE) + "\n" + entry(hDE, clean...))},
			want: []string{"a.xml:7: a second x-default (https://example.com/de/, the first https://example.com/)"}},
		{name: "a language twice", files: map[string]string{"a.xml": urlset(entry(hEN, "en", hEN, "de", hDE, "de", hFR) + "\n" + entry(hDE, "en", hEN, "de", hDE) + "\n" + entry(hFR, "fr", hFR))},
			want: []string{"a.xml:6: hreflang de given twice, for https://example.com/de/ and https://example.com/fr/"}},
		{name: "codes", files: map[string]string{"a.xml": urlset(entry(hEN, "en", hEN, "en-UK", hDE, "jp", hFR) + "\n" + entry(hDE, "en", hEN, "en-GB", hDE) + "\n" + entry(hFR, "en", hEN, "ja", hFR))},
			want: []string{
				`a.xml:5: hreflang "en-UK": UK is not an ISO 3166 region; use en-GB`,
				`a.xml:6: hreflang "jp" is not a BCP 47 language code (ISO 639 language, then ISO 3166 region): subtag "jp" is well-formed but unknown; jp is a country: use ja`,
				"a.xml:8: hreflang en alternate https://example.com/ lists this page back as en-UK, not as en-GB",
				"a.xml:11: hreflang en alternate https://example.com/ lists this page back as jp, not as ja",
			}},
		{name: "not a loc of the set", files: map[string]string{"a.xml": urlset(entry(hEN, "en", hEN, "de", hDE))},
			want: []string{"a.xml:5: hreflang de alternate https://example.com/de/ is not a <loc> of the sitemaps checked"}},
		{name: "the first <url> of a loc counts", files: map[string]string{
			"a.xml": urlset(entry(hEN, clean...) + "\n" + entry(hDE, clean...)),
			"b.xml": urlset(entry(hDE, "de", hDE)),
		}, want: []string{"b.xml:3: URL https://example.com/de/ also listed by a.xml:7"}},
		{name: "index entries have no cluster", files: map[string]string{"a.xml": index("<sitemap><loc>https://example.com/s.xml</loc></sitemap>")}},
		{name: "site: the alternates' pages", site: true, files: withPages(site, "a.xml", urlset(entry(hEN,
			"en", hEN, "fr", hFR, "nl", "https://example.com/nl/", "pt", "https://example.com/old/", "it", "https://example.com/it/", "es", "https://example.com/err/404.html", "de", hDE, "da", "https://example.org/")+"\n"+
			entry(hDE, "en", hEN, "de", hDE)+"\n"+entry(hFR, "en", hEN, "fr", hFR))),
			want: []string{
				`a.xml:5: hreflang fr alternate https://example.com/fr/ is a page no sitemap should list (fr/index.html, noindex: meta robots "noindex")`,
				"a.xml:6: hreflang nl alternate https://example.com/nl/ is missing: no file in site serves it",
				"a.xml:7: hreflang pt alternate https://example.com/old/ is a page no sitemap should list (old/index.html, redirect: meta refresh to https://example.com/fr/)",
				"a.xml:8: hreflang it alternate https://example.com/it/ is a page no sitemap should list (it/index.html, canonical elsewhere: canonical https://example.com/)",
				"a.xml:9: hreflang es alternate https://example.com/err/404.html is a page no sitemap should list (err/404.html, error page)",
				"a.xml:11: hreflang da alternate https://example.org/ is not a <loc> of the sitemaps checked",
			}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			writeFiles(t, ".", tt.files)
			paths := []string{}
			for name := range tt.files {
				if strings.HasSuffix(name, ".xml") {
					paths = append(paths, name)
				}
			}
			var opts Options
			if tt.site {
				opts = Options{Site: "site", BaseURL: hEN}
			}
			checkProblems(t, paths, opts, tt.want)
		})
	}
}

// withPages returns the pages of site and the file name holding data.
func withPages(site map[string]string, name, data string) map[string]string {
	files := map[string]string{name: data}
	for k, v := range site {
		files[k] = v
	}
	return files
}

// checkProblems checks paths (sorted) and wants exactly the problems
// want, in order.
func checkProblems(t *testing.T, paths []string, opts Options, want []string) {
	t.Helper()
	slices.Sort(paths)
	problems, _, err := Check(paths, opts)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range problems {
		got = append(got, plain(p))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n\t%s\nwant:\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// Hostile clusters: long and broken codes, and pages with hundreds of
// alternates, cost a bounded message and a bounded time.
func TestCheckHreflangHostile(t *testing.T) {
	t.Run("10 KB codes", func(t *testing.T) {
		t.Chdir(t.TempDir())
		long := strings.Repeat("a", 10<<10)                      // not even a tag's shape
		shaped := "en" + strings.Repeat("-abcdefgh", (10<<10)/9) // a tag's shape, no BCP 47 code
		writeFiles(t, ".", map[string]string{"a.xml": urlset(entry(hEN, "en", hEN, long, hDE, shaped, hFR))})
		problems, _, err := Check([]string{"a.xml"}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) != 2 || problems[0].Line != 5 || problems[1].Line != 6 {
			t.Fatalf("problems: %v", problems)
		}
		for _, p := range problems {
			if len(p.Msg) > 300 || !strings.Contains(p.Msg, "hreflang") {
				t.Errorf("a 10 KB code: %d bytes: %.300s", len(p.Msg), p.Msg)
			}
		}
	})
	t.Run("invalid UTF-8", func(t *testing.T) {
		t.Chdir(t.TempDir())
		writeFiles(t, ".", map[string]string{"a.xml": urlset(entry(hEN, "en", hEN, "d\xffe", hDE))})
		checkProblems(t, []string{"a.xml"}, Options{}, []string{"a.xml:5: not well-formed XML: invalid UTF-8"})
	})
	t.Run("hundreds of alternates", func(t *testing.T) {
		t.Chdir(t.TempDir())
		const n = 300
		var pairs []string
		for _, l := range []string{"en", "de"} {
			for c := range 26 * 26 {
				code := fmt.Sprintf("%s-%c%c", l, 'A'+c/26, 'A'+c%26)
				if len(pairs) < 2*n && hreflang.Code(code) == "" {
					pairs = append(pairs, code, fmt.Sprintf("https://example.com/%s/", code))
				}
			}
		}
		var b strings.Builder
		for i := range n {
			b.WriteString(entry(pairs[2*i+1], pairs...) + "\n")
		}
		// A page with as many alternates, none of them listed: a problem
		// each, listed up to maxProblems.
		var missing []string
		for i := range 2 * maxProblems {
			missing = append(missing, "de", fmt.Sprintf("https://example.com/missing/%d/", i))
		}
		b.WriteString(entry(hEN, append([]string{"en", hEN}, missing...)...))
		writeFiles(t, ".", map[string]string{"a.xml": urlset(b.String())})
		problems, _, err := Check([]string{"a.xml"}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) != maxProblems+1 || problems[0].Msg != fmt.Sprintf("%d more hreflang-cluster problems not listed", 2*maxProblems-maxProblems) {
			t.Errorf("%d problems, the first %v", len(problems), problems[0])
		}
	})
}

// BenchmarkCheckHreflang checks a 50,000-URL file whose URLs are
// clusters of five languages, each listing all five.
func BenchmarkCheckHreflang(b *testing.B) {
	dir := b.TempDir()
	langs := []string{"en", "de", "fr", "es", "x-default"}
	var sb strings.Builder
	for i := range 50_000 / 5 {
		var pairs []string
		for _, l := range langs {
			pairs = append(pairs, l, fmt.Sprintf("https://example.com/%s/page/%d/", l, i))
		}
		for j := range langs {
			sb.WriteString(entry(pairs[2*j+1], pairs...) + "\n")
		}
	}
	writeFiles(b, dir, map[string]string{"sitemap.xml": urlset(sb.String())})
	b.ReportAllocs()
	for b.Loop() {
		problems, _, err := Check([]string{dir}, Options{})
		if err != nil || len(problems) > 0 {
			b.Fatal(err, problems[:min(len(problems), 5)])
		}
	}
}
