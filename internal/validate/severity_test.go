package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// extset wraps body, lines starting on line 3, in a <urlset> with every
// extension's namespace declared.
func extset(body string) string {
	return head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">` + "\n" + body + "\n</urlset>\n"
}

// A valid video entry and news entry, as Google's documentation shows them.
const (
	goodVideo = `<url><loc>https://example.com/v/</loc>
<video:video>
<video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>
<video:title>Grilling steaks</video:title>
<video:description>How to grill steaks.</video:description>
<video:content_loc>https://example.com/v.mp4</video:content_loc>
<video:player_loc allow_embed="yes">https://example.com/player?v=1</video:player_loc>
<video:duration>600</video:duration>
<video:expiration_date>2031-11-05T19:20:30+08:00</video:expiration_date>
<video:rating>4.2</video:rating>
<video:view_count>12345</video:view_count>
<video:publication_date>2007-11-05</video:publication_date>
<video:tag>steak</video:tag><video:tag>meat</video:tag>
<video:family_friendly>yes</video:family_friendly>
<video:restriction relationship="allow">IE GB US CA</video:restriction>
<video:price currency="EUR" type="rent">1.99</video:price>
<video:requires_subscription>no</video:requires_subscription>
<video:uploader info="https://example.com/users/grillymcgrillerson">GrillyMcGrillerson</video:uploader>
<video:platform relationship="allow">web tv</video:platform>
<video:live>no</video:live>
</video:video></url>`
	goodNews = `<url><loc>https://example.com/n/</loc>
<news:news>
<news:publication><news:name>The Example Times</news:name><news:language>en</news:language></news:publication>
<news:publication_date>2008-12-23</news:publication_date>
<news:title>Companies A, B in Merger Talks</news:title>
</news:news></url>`
)

// TestSeverities checks the kind and severity of each problem of the
// cases issue reports named: advice that is no error, errors that
// were missed, and the forms of the extensions.
func TestSeverities(t *testing.T) {
	loc := func(p string) string { return "<url><loc>https://example.com/" + p + "</loc>" }
	tests := []struct {
		name  string
		files map[string]string
		paths []string // default: every file, in name order
		want  []string // "line kind", in order; an advice's kind is marked "advice:"
	}{
		{name: "x-default that is no loc", files: map[string]string{"a.xml": urlset(
			loc("en/") + `<xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/><xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/><xhtml:link rel="alternate" hreflang="x-default" href="https://example.com/"/></url>
` + loc("de/") + `<xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/><xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/><xhtml:link rel="alternate" hreflang="x-default" href="https://example.com/"/></url>`)}},
		{name: "alternates in a sibling file, checked alone", paths: []string{"en.xml"}, files: map[string]string{
			"en.xml": urlset(loc("en/") + `<xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/><xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/></url>`),
			"de.xml": urlset(loc("de/") + `<xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/><xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/></url>`)},
			want: []string{"en.xml:3 advice:hreflang-cluster"}},
		{name: "alternates in a sibling file, checked together", files: map[string]string{
			"en.xml": urlset(loc("en/") + `<xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/><xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/></url>`),
			"de.xml": urlset(loc("de/") + `<xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/><xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/></url>`)}},
		{name: "not listed back", files: map[string]string{"a.xml": urlset(
			loc("en/") + `<xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/><xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/></url>
` + loc("de/") + `</url>`)},
			want: []string{"a.xml:3 advice:hreflang-cluster"}},
		{name: "hreflang code", files: map[string]string{"a.xml": urlset(loc("") + `<xhtml:link rel="alternate" hreflang="jp" href="https://example.com/"/></url>`)},
			want: []string{"a.xml:3 hreflang-code", "a.xml:3 advice:hreflang-cluster"}},
		{name: "mobile alternate", files: map[string]string{"a.xml": urlset(loc("page.html") + `
<xhtml:link rel="alternate" media="only screen and (max-width: 640px)" href="https://m.example.com/page.html"/></url>`)}},
		{name: "app deep links", files: map[string]string{"a.xml": urlset(loc("gizmos") + `
<xhtml:link rel="alternate" href="android-app://com.example.android/http/example.com/gizmos"/>
<xhtml:link rel="alternate" href="ios-app://123456/http/example.com/gizmos"/></url>`)}},
		{name: "alternate of no use", files: map[string]string{"a.xml": urlset(loc("") + `
<xhtml:link rel="alternate" href="https://example.com/other/"/></url>`)},
			want: []string{"a.xml:4 advice:link-unused"}},
		{name: "attribute xhtml does not have", files: map[string]string{"a.xml": urlset(loc("") + `
<xhtml:link rel="alternate" hreflang="en" href="https://example.com/" foo="bar"/></url>`)},
			want: []string{"a.xml:4 xhtml-link"}},
		{name: "two hosts", files: map[string]string{"a.xml": urlset(`<url><loc>https://www.example.com/</loc></url>
<url><loc>https://store.example.com/</loc></url>
<url><loc>https://WWW.example.com/a</loc></url>`)},
			want: []string{"a.xml:4 host"}},
		{name: "two hosts in an index", files: map[string]string{"a.xml": index(`<sitemap><loc>https://www.example.com/s.xml</loc></sitemap>
<sitemap><loc>https://cdn.example.net/s.xml</loc></sitemap>`)},
			want: []string{"a.xml:4 host"}},
		{name: "date forms", files: map[string]string{"a.xml": urlset(loc("a") + `<lastmod>1997</lastmod></url>
` + loc("b") + `<lastmod>1997-07</lastmod></url>
` + loc("c") + `<lastmod>1997-07-16T19:20+01:00</lastmod></url>
` + loc("d") + `<lastmod>1997-07-16T19:20</lastmod></url>
` + loc("e") + `<lastmod>1997-13</lastmod></url>
` + loc("f") + `<lastmod>1997-07-16T19:20:30</lastmod></url>
` + loc("g") + `<lastmod>1997-07-16T19:20:30.45</lastmod></url>
` + loc("h") + `<lastmod>1997-07-16T19:20:30+01:00</lastmod></url>
` + loc("i") + `<lastmod>1997-07-16T19:20:30.45Z</lastmod></url>`)},
			want: []string{"a.xml:3 advice:date-form", "a.xml:4 advice:date-form", "a.xml:5 advice:date-form", "a.xml:6 lastmod", "a.xml:7 lastmod", "a.xml:8 lastmod", "a.xml:9 lastmod"}},
		{name: "extension dates without a zone", files: map[string]string{"a.xml": extset(loc("v/") + `
<video:video>
<video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>
<video:title>t</video:title>
<video:description>d</video:description>
<video:content_loc>https://example.com/v.mp4</video:content_loc>
<video:publication_date>2007-11-05T19:20:30</video:publication_date>
</video:video></url>
` + loc("n/") + `
<news:news>
<news:publication><news:name>N</news:name><news:language>en</news:language></news:publication>
<news:publication_date>2008-12-23T10:11:12</news:publication_date>
<news:title>T</news:title>
</news:news></url>`)},
			want: []string{"a.xml:9 video", "a.xml:14 news"}},
		{name: "white space before the declaration", files: map[string]string{"a.xml": "\n" + urlset(loc("")+"</url>")},
			want: []string{"a.xml:2 xml"}},
		{name: "a comment before the declaration", files: map[string]string{"a.xml": "<!-- made by hand -->\n" + urlset(loc("")+"</url>")},
			want: []string{"a.xml:2 xml"}},
		{name: "a byte-order mark before the declaration", files: map[string]string{"a.xml": "\ufeff" + urlset(loc("")+"</url>")}},
		{name: "video", files: map[string]string{"a.xml": extset(goodVideo)}},
		{name: "video without title", files: map[string]string{"a.xml": extset(loc("v/") + `
<video:video>
<video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>
<video:description>d</video:description>
<video:player_loc>https://example.com/p</video:player_loc>
</video:video></url>`)},
			want: []string{"a.xml:4 video"}},
		{name: "video values", files: map[string]string{"a.xml": extset(loc("v/") + `
<video:video>
<video:thumbnail_loc>/t.jpg</video:thumbnail_loc>
<video:title>` + strings.Repeat("t", 101) + `</video:title>
<video:description>d</video:description>
<video:duration>PT10M</video:duration>
<video:rating>5.5</video:rating>
<video:family_friendly>maybe</video:family_friendly>
<video:restriction>ie</video:restriction>
<video:bogus/>
</video:video></url>`)},
			want: []string{"a.xml:4 video", "a.xml:5 video", "a.xml:6 video", "a.xml:8 video", "a.xml:9 video", "a.xml:10 video", "a.xml:11 video", "a.xml:11 video", "a.xml:12 video"}},
		{name: "video out of order", files: map[string]string{"a.xml": extset(loc("v/") + `
<video:video>
<video:title>t</video:title>
<video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>
<video:description>d</video:description>
<video:content_loc>https://example.com/v.mp4</video:content_loc>
</video:video></url>`)},
			want: []string{"a.xml:6 video"}},
		{name: "news", files: map[string]string{"a.xml": extset(goodNews)}},
		{name: "news with a stray element", files: map[string]string{"a.xml": extset(loc("n/") + `
<news:news>
<news:publication><news:name>N</news:name><news:language>en</news:language></news:publication>
<news:publication_date>2008-12-23</news:publication_date>
<news:title>T</news:title>
<news:stray>x</news:stray>
</news:news></url>`)},
			want: []string{"a.xml:8 news"}},
		{name: "news values", files: map[string]string{"a.xml": extset(loc("n/") + `
<news:news>
<news:publication><news:name>N</news:name><news:language>English</news:language></news:publication>
<news:access>Paid</news:access>
<news:genres>Blog, Gossip</news:genres>
<news:publication_date>2008-12</news:publication_date>
</news:news></url>`)},
			want: []string{"a.xml:4 news", "a.xml:5 news", "a.xml:6 news", "a.xml:7 news", "a.xml:8 advice:date-form"}},
		{name: "news sitemap beside the sitemap that lists its articles", files: map[string]string{
			"a.xml":    urlset(loc("") + "</url>\n" + loc("n/") + "</url>"),
			"news.xml": extset(goodNews)}},
		{name: "an article listed by two news sitemaps", files: map[string]string{
			"a.xml":    extset(goodNews),
			"news.xml": extset(goodNews)},
			want: []string{"news.xml:3 duplicate"}},
		{name: "an article listed twice in a news sitemap", files: map[string]string{
			"news.xml": extset(goodNews + "\n" + goodNews)},
			want: []string{"news.xml:9 duplicate"}},
		{name: "a page listed twice beside a news sitemap", files: map[string]string{
			"a.xml":    urlset(loc("n/") + "</url>\n" + loc("n/") + "</url>"),
			"news.xml": extset(goodNews)},
			want: []string{"a.xml:4 duplicate"}},
		{name: "news sitemap of 1,001 articles", files: map[string]string{"news.xml": extset(manyNews(1001))},
			want: []string{"news.xml:1003 limit"}},
		{name: "news sitemap of 1,000 articles", files: map[string]string{"news.xml": extset(manyNews(1000))}},
		{name: "empty news sitemap", files: map[string]string{"news.xml": head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">` + "\n</urlset>\n"},
			want: []string{"news.xml:2 element"}},
		{name: "image", files: map[string]string{"a.xml": extset(loc("") + `
<image:image><image:loc>https://example.com/a.png</image:loc><image:caption>c</image:caption><image:title>t</image:title><image:license>https://example.com/l</image:license></image:image>
<image:image><image:title>t</image:title><image:loc>https://example.com/b.png</image:loc><image:size>9</image:size></image:image></url>`)},
			want: []string{"a.xml:5 image", "a.xml:5 image"}},
		// image:license is an xsd:anyURI, which "Free License" is, and
		// Google ignores the tag since 2022: advice, no error.
		{name: "index entry above the index", files: map[string]string{
			"sitemap_index.xml": index("<sitemap><loc>https://example.com/docs/a.xml</loc></sitemap>\n<sitemap><loc>https://example.com/blog/b.xml</loc></sitemap>"),
			"a.xml":             urlset(loc("docs/") + "</url>")},
			want: []string{"sitemap_index.xml:4 advice:index-unmatched"}},
		// An IRI is a URL the protocol takes (RFC 3987), and the schema's
		// xsd:anyURI: advice to percent-encode it, wherever a URL is;
		// what no IRI holds stays an error.
		{name: "IRIs", files: map[string]string{"a.xml": extset(loc("caf\u00e9/") + "\n" +
			"<xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"https://example.com/caf\u00e9/\"/>\n" +
			"<image:image><image:loc>https://example.com/\u65e5\u672c.png</image:loc></image:image></url>\n" +
			"<url><loc>https://example.com/?q=\ue000</loc></url>\n" +
			"<url><loc>https://example.com/\u00e9t\u00e9#r\u00e9sum\u00e9</loc></url>")},
			want: []string{"a.xml:3 advice:iri", "a.xml:4 advice:iri", "a.xml:5 advice:iri", "a.xml:6 advice:iri", "a.xml:7 advice:iri"}},
		{name: "an IRI's host", files: map[string]string{"a.xml": urlset("<url><loc>https://b\u00fccher.example/</loc></url>")},
			want: []string{"a.xml:3 advice:iri"}},
		{name: "what no IRI holds", files: map[string]string{"a.xml": urlset(loc("a\u0085") + `</url>
` + loc("\ue000") + `</url>
` + loc("a\u200eb") + `</url>
` + loc("a\ufdd0") + `</url>
<url><loc>https://a\u00e9\u0085.example/</loc></url>`)},
			want: []string{"a.xml:3 loc", "a.xml:4 loc", "a.xml:5 loc", "a.xml:6 loc", "a.xml:7 loc"}},
		{name: "an IRI in a text sitemap", files: map[string]string{"sitemap.txt": "https://example.com/caf\u00e9/\n"},
			want: []string{"sitemap.txt:1 advice:iri"}},
		// gzip is read from a file's first bytes: a name that says
		// otherwise is advice.
		{name: "gzip named .xml", files: map[string]string{"a.xml": gz(urlset(loc("") + "</url>"))},
			want: []string{"a.xml:0 advice:gzip"}},
		{name: "plain XML named .xml.gz", files: map[string]string{"a.xml.gz": urlset(loc("") + "</url>")},
			want: []string{"a.xml.gz:0 advice:gzip"}},
		{name: "neither gzip nor XML named .xml.gz", files: map[string]string{"a.xml.gz": "PK\x03\x04"},
			want: []string{"a.xml.gz:0 read"}},
		{name: "image license that is no URL", files: map[string]string{"a.xml": extset(loc("") + `
<image:image><image:loc>https://example.com/a.png</image:loc><image:license>Free License</image:license></image:image></url>`)},
			want: []string{"a.xml:4 advice:ignored"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			writeFiles(t, ".", tt.files)
			paths := tt.paths
			if paths == nil {
				paths = []string{"."}
			}
			problems, _, err := Check(paths, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range problems {
				k := string(p.Kind)
				if p.Severity == Advice {
					k = "advice:" + k
				}
				if p.Severity != p.Kind.severity() {
					t.Errorf("%v: severity %v, its kind's is %v", p, p.Severity, p.Kind.severity())
				}
				got = append(got, fmt.Sprintf("%s:%d %s", p.File, p.Line, k))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n\t%s\nwant:\n\t%s\nproblems:\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"), strings.Join(strs(problems), "\n\t"))
			}
		})
	}
}

// manyNews returns n articles of a news sitemap, one a line.
func manyNews(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, `<url><loc>https://example.com/n/%d</loc><news:news><news:publication><news:name>N</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-05-01</news:publication_date><news:title>T</news:title></news:news></url>`, i)
	}
	return b.String()
}

func strs(problems []Problem) []string {
	var out []string
	for _, p := range problems {
		out = append(out, p.String())
	}
	return out
}

// TestKinds checks that every kind is of one severity and listed once,
// and that the kinds named in the source are all in Kinds.
func TestKinds(t *testing.T) {
	seen := map[Kind]bool{}
	for _, k := range Kinds {
		if seen[k.Kind] || k.Kind == "" || k.What == "" || len(k.What) > 60 {
			t.Errorf("kind %q: listed twice, unnamed, or its text empty or over 60 characters", k.Kind)
		}
		seen[k.Kind] = true
	}
	src, err := os.ReadFile("kinds.go")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(src), " Kind = \""); n != len(Kinds) {
		t.Errorf("%d kinds declared, %d in Kinds", n, len(Kinds))
	}
}

// TestSharedSamples checks validate against the samples of the schemas'
// folder beside the repository, when it is there: each valid file (read
// as a folder is, where the feed is passed over) passes with no error,
// each invalid one fails with one. A clone on its own has no such folder.
func TestSharedSamples(t *testing.T) {
	root, err := sitemaptest.Root()
	if err != nil {
		t.Fatal(err)
	}
	samples := filepath.Join(root, "..", "shared", "schemas", "samples")
	if _, err := os.Stat(samples); err != nil {
		t.Skip("no shared schema samples beside the repository")
	}
	for _, kind := range []string{"valid", "invalid"} {
		entries, err := os.ReadDir(filepath.Join(samples, kind))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			t.Run(kind+"/"+e.Name(), func(t *testing.T) {
				name := filepath.Join(samples, kind, e.Name())
				problems, _, err := Check([]string{name}, Options{})
				if err != nil {
					t.Fatal(err)
				}
				errs := Errors(problems)
				switch {
				case kind == "valid" && strings.HasPrefix(e.Name(), "not-a-sitemap"):
					if problems, checked, err := Check([]string{filepath.Dir(name)}, Options{}); err != nil || checked == 0 || Errors(problems) > 0 {
						t.Errorf("the valid folder: %v, %d checked, %v", err, checked, strs(problems))
					}
				case kind == "valid" && errs > 0, kind == "invalid" && errs == 0:
					t.Errorf("%d errors: %s", errs, strings.Join(strs(problems), "\n"))
				}
			})
		}
	}
}

// TestExtensionsAgreeWithSchema holds validate's verdict on extension
// entries to xmllint's with the official schemas (sitemaptest.Validate):
// both pass the valid ones and both fail the invalid ones. Dates in a
// W3C form the schema does not take are left out: validate gives them
// advice, where the schema refuses them (docs/validate.md says why).
func TestExtensionsAgreeWithSchema(t *testing.T) {
	if _, err := sitemaptest.Validate("no-such-file.xml"); err != nil && strings.Contains(err.Error(), "xmllint") && !strings.Contains(err.Error(), "no-such-file") {
		t.Skip(err)
	}
	loc := "<url><loc>https://example.com/x/</loc>"
	video := func(inner string) string {
		return loc + "<video:video><video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>" + inner + "</video:video></url>"
	}
	cases := []struct {
		name, body string
		valid      bool
	}{
		{"video", goodVideo, true},
		{"news", goodNews, true},
		{"video without title", video("<video:description>d</video:description><video:content_loc>https://example.com/v.mp4</video:content_loc>"), false},
		{"video title too long", video("<video:title>" + strings.Repeat("x", 101) + "</video:title><video:description>d</video:description>"), false},
		{"video duration not seconds", video("<video:title>t</video:title><video:description>d</video:description><video:content_loc>https://example.com/v.mp4</video:content_loc><video:duration>PT1M</video:duration>"), false},
		{"video out of order", loc + "<video:video><video:title>t</video:title><video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc><video:description>d</video:description></video:video></url>", false},
		{"video restriction without relationship", video("<video:title>t</video:title><video:description>d</video:description><video:content_loc>https://example.com/v.mp4</video:content_loc><video:restriction>US</video:restriction>"), false},
		{"news stray element", loc + "<news:news><news:publication><news:name>N</news:name><news:language>en</news:language></news:publication><news:publication_date>2008-12-23</news:publication_date><news:title>T</news:title><news:stray/></news:news></url>", false},
		{"news language", loc + "<news:news><news:publication><news:name>N</news:name><news:language>EN</news:language></news:publication><news:publication_date>2008-12-23</news:publication_date><news:title>T</news:title></news:news></url>", false},
		{"news without publication", loc + "<news:news><news:publication_date>2008-12-23</news:publication_date><news:title>T</news:title></news:news></url>", false},
		{"image", loc + "<image:image><image:loc>https://example.com/a.png</image:loc><image:caption>c</image:caption></image:image></url>", true},
		{"image unknown child", loc + "<image:image><image:loc>https://example.com/a.png</image:loc><image:size>9</image:size></image:image></url>", false},
		{"image without loc", loc + "<image:image><image:caption>c</image:caption></image:image></url>", false},
		{"image license no URL", loc + "<image:image><image:loc>https://example.com/a.png</image:loc><image:license>Free License</image:license></image:image></url>", true},
		{"mobile alternate", loc + `<xhtml:link rel="alternate" media="only screen and (max-width: 640px)" href="https://m.example.com/x/"/></url>`, true},
		{"app alternate", loc + `<xhtml:link rel="alternate" href="android-app://com.example.android/http/example.com/x"/></url>`, true},
		{"xhtml link unknown attribute", loc + `<xhtml:link rel="alternate" hreflang="en" href="https://example.com/x/" foo="bar"/></url>`, false},
	}
	dir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			name := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".xml")
			if err := os.WriteFile(name, []byte(extset(c.body)), 0o644); err != nil {
				t.Fatal(err)
			}
			problems, _, err := Check([]string{name}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			out, schemaErr := sitemaptest.Validate(name)
			if ours := Errors(problems) == 0; ours != c.valid || (schemaErr == nil) != c.valid {
				t.Errorf("valid: validate %v, the schemas %v, want %v\n%s\n%s", ours, schemaErr == nil, c.valid, strings.Join(strs(problems), "\n"), out)
			}
		})
	}
}
