package htmlhead

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

func read(t *testing.T, page string, limit int) *Head {
	t.Helper()
	hr := &HeadReader{Limit: limit}
	h, err := hr.Read(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestHead(t *testing.T) {
	date := func(s string) time.Time {
		t.Helper()
		d, ok := frontmatter.ParseDate(s)
		if !ok {
			t.Fatalf("bad test date %q", s)
		}
		return d
	}
	tests := []struct {
		name string
		page string
		want Head
	}{
		{"plain page", `<!doctype html><html><head><title>x</title></head><body><meta name=robots content=noindex>`, Head{}},
		{"robots noindex", `<head><meta name="robots" content="noindex, follow">`, Head{NoIndex: `meta robots "noindex, follow"`}},
		{"robots none, any case", `<HEAD><META NAME="Robots" CONTENT="NONE">`, Head{NoIndex: `meta robots "NONE"`}},
		{"googlebot noindex", `<meta name="googlebot" content="nofollow,noindex">`, Head{NoIndex: `meta googlebot "nofollow,noindex"`}},
		{"other bots do not count", `<meta name="bingbot" content="noindex"><meta name="robots" content="noarchive, nofollow">`, Head{}},
		{"noindex in noscript does not count", `<head><noscript><meta name="robots" content="noindex"></noscript><title>t</title>`, Head{}},
		{"noindex in template does not count", `<head><template><meta name="robots" content="noindex"></template>`, Head{}},
		{"noindex after the head does not count", `<head></head><meta name="robots" content="noindex">`, Head{}},
		{"noindex after body content does not count", `<title>t</title><p>hello<meta name="robots" content="noindex">`, Head{}},
		{"stray text ends the head", `<title>t</title>hello <meta name="robots" content="noindex">`, Head{}},
		{"refresh", `<meta http-equiv="refresh" content="0; url=https://example.com/new/">`, Head{Refresh: &Refresh{URL: "https://example.com/new/"}}},
		{"refresh forms", `<meta http-equiv="Refresh" content="5;URL='/moved?a=1&amp;b=2'">`, Head{Refresh: &Refresh{Delay: 5, URL: "/moved?a=1&b=2"}}},
		{"refresh without url=", `<meta http-equiv="refresh" content="0, /elsewhere/">`, Head{Refresh: &Refresh{URL: "/elsewhere/"}}},
		{"refresh with no URL", `<meta http-equiv="refresh" content="30">`, Head{Refresh: &Refresh{Delay: 30},
			Problems: []string{`meta refresh "30" has no URL; the page reloads itself`}}},
		{"refresh that does not parse", `<meta http-equiv="refresh" content="soon">`, Head{Problems: []string{`meta refresh "soon" does not parse; ignored`}}},
		{"canonical", `<link rel="canonical" href="https://example.com/tips%20&amp;%20tricks/">`, Head{Canonical: "https://example.com/tips%20&%20tricks/"}},
		{"canonical, rel with several tokens", `<link href='/a/' rel="Canonical nofollow">`, Head{Canonical: "/a/"}},
		{"canonical repeated alike", `<link rel=canonical href=/a/><link rel=canonical href=/a/>`, Head{Canonical: "/a/"}},
		{"canonical links disagree", `<link rel=canonical href=/a/><link rel=canonical href=/b/>`, Head{Problems: []string{`canonical links disagree ("/a/", "/b/"); none is used`}}},
		{"canonical that is not a URL is reported as is", `<link rel="canonical" href="http://[::1">`, Head{Canonical: "http://[::1"}},
		{"base", `<base href="/docs/"><base href="/other/">`, Head{Base: "/docs/"}},
		{"alternates", `<link rel="alternate" hreflang="de" href="https://example.com/de/">` +
			`<link rel="alternate" hreflang="x-default" href="https://example.com/">` +
			`<link rel="alternate" type="application/rss+xml" href="/index.xml">` +
			`<link rel="alternate" hreflang="DE" href="https://example.com/de-again/">`,
			Head{Alternates: []Alternate{{"de", "https://example.com/de/", 1}, {"x-default", "https://example.com/", 1}, {"DE", "https://example.com/de-again/", 1}}}},
		{"alternates' lines", "<!doctype html>\n<html>\n<head>\n<link rel=alternate hreflang=en href=/en/>\n<LINK\n rel=alternate hreflang=de\n href=/de/>\n" +
			`<link rel=alternate hreflang=fr href="/fr/?<link">` + "\n<link rel=alternate hreflang=it href=/it/>",
			Head{Alternates: []Alternate{{"en", "/en/", 4}, {"de", "/de/", 5}, {"fr", "/fr/?<link", 8}, {"it", "/it/", 9}}}},
		// The line the tag starts on, though "<link" is written again in
		// it on the next line (it was said to be line 3 before the tag's
		// start was kept).
		{"an alternate's line with <link in its title", "<html><head>\n<link rel=alternate hreflang=en href=/en title=\"a\n<link\">\n</head>",
			Head{Alternates: []Alternate{{"en", "/en", 2}}}},
		// A feed in a language (Rspress' @rspress/plugin-rss writes
		// hreflang on it) is no translation of the page; an HTML page's
		// type keeps it one.
		{"a feed's hreflang", `<link rel="alternate" type="application/rss+xml" href="https://example.com/rss/blog.xml" hreflang="en">` +
			`<link rel="alternate" type="text/html" hreflang="fr" href="/fr/">`,
			Head{Alternates: []Alternate{{"fr", "/fr/", 1}}}},
		{"invalid hreflang", `<link rel="alternate" hreflang="en_US" href="/us/">`, Head{
			Problems: []string{`hreflang "en_US" is not a language tag (such as en, en-US or x-default); alternate /us/ ignored`}}},
		{"article:modified_time first", `<meta property="og:updated_time" content="2024-01-01"><meta property="article:modified_time" content="2024-05-01T10:00:00+02:00">`,
			Head{Modified: date("2024-05-01T10:00:00+02:00"), ModifiedFrom: "article:modified_time"}},
		{"og:updated_time", `<meta property="og:updated_time" content="2024-01-01T00:00:00Z">`, Head{Modified: date("2024-01-01T00:00:00Z"), ModifiedFrom: "og:updated_time"}},
		{"last-modified", `<meta name="last-modified" content="2023-12-24 18:00:00">`, Head{Modified: date("2023-12-24T18:00:00Z"), ModifiedFrom: "meta last-modified"}},
		{"bad date falls through", `<meta property="article:modified_time" content="yesterday"><meta name="last-modified" content="2023-12-24">`,
			Head{Modified: date("2023-12-24"), ModifiedFrom: "meta last-modified", Problems: []string{`article:modified_time "yesterday" is not a date`}}},
		{"a date with its year last is refused, and told how to be written", `<meta property="article:modified_time" content="03/18/2024">`,
			Head{Problems: []string{`article:modified_time "03/18/2024" is not a date: with the year last, the day and the month come in either order (month first in the US, day first elsewhere), and sitemapgen reads neither form; write it year first: 2024-03-18`}}},
		{"JSON-LD", `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","dateModified":"2022-02-02T02:02:02Z","x":"</p>"}</script>`,
			Head{Modified: date("2022-02-02T02:02:02Z"), ModifiedFrom: "JSON-LD dateModified", Fragment: true}},
		{"JSON-LD graph", `<script type="application/ld+json">{"@graph":[{"@type":"WebSite"},{"@type":"WebPage","dateModified":"2021-01-01"}]}</script>`,
			Head{Modified: date("2021-01-01"), ModifiedFrom: "JSON-LD dateModified", Fragment: true}},
		{"meta beats JSON-LD before it", `<script type="application/ld+json">{"dateModified":"2021-01-01"}</script><meta property="article:modified_time" content="2024-01-01">`,
			Head{Modified: date("2024-01-01"), ModifiedFrom: "article:modified_time"}},
		{"JSON-LD with an escaped key", `<script type="application/ld+json">{"date\u004dodified":"2021-01-01"}</script>`,
			Head{Modified: date("2021-01-01"), ModifiedFrom: "JSON-LD dateModified", Fragment: true}},
		{"broken JSON-LD", `<script type="application/ld+json">{"dateModified":</script>`, Head{Problems: []string{"JSON-LD does not parse: unexpected end of JSON input"}, Fragment: true}},
		{"other scripts are not JSON-LD", `<script>var x = {"dateModified":"2021-01-01"}; if (a<b) {}</script><meta name="robots" content="noindex">`, Head{NoIndex: `meta robots "noindex"`}},
		{"byte-order mark", "\uFEFF<meta name=robots content=noindex>", Head{NoIndex: `meta robots "noindex"`}},
		{"unclosed title", `<head><title>t<meta name="robots" content="noindex">`,
			Head{Problems: []string{"the file ends inside <title>; what came before it was read"}}},
		{"unclosed tag", `<head><link rel=canonical href=/a/><meta name="robots" content="noindex"`,
			Head{Canonical: "/a/", Problems: []string{"the file ends inside a <meta> tag; what came before it was read"}}},
		{"noscript with body content", `<head><noscript><img src="/pixel.gif"><iframe src="/x">fallback</iframe></noscript>` +
			`<link rel="canonical" href="/a/"><meta name="robots" content="noindex"></head>`,
			Head{NoIndex: `meta robots "noindex"`, Canonical: "/a/"}},
		{"template with body content", `<head><template><div><p>x</p></div></template><meta name="robots" content="noindex">`,
			Head{NoIndex: `meta robots "noindex"`}},
		{"svg in noscript", `<head><noscript><svg><meta/></svg></noscript><meta name="robots" content="noindex">`,
			Head{NoIndex: `meta robots "noindex"`}},
		{"comment hides a tag", `<head><!-- <meta name="robots" content="noindex"> --></head>`, Head{}},
		{"binary junk", "\x00\x01\x02\xff\xfe junk <\x89PNG> <b>", Head{Problems: []string{"text before any HTML tag; no head read"}}},
		{"text only", "just some text", Head{Problems: []string{"no HTML tags found; no head read"}, Fragment: true}},
		{"site verification", "google-site-verification: google0123456789abcdef.html", Head{Problems: []string{"no HTML tags found; no head read"}, Fragment: true}},
		{"text, then a tag", "just some text <p>more</p>", Head{Problems: []string{"text before any HTML tag; no head read"}}},
		{"comments only", " \n<!-- nothing -->\n", Head{Problems: []string{"no HTML tags found; no head read"}, Fragment: true}},
		{"not tags", "<\x00\xff>\x01 <p", Head{Problems: []string{"text before any HTML tag; no head read"}}},
		{"invalid UTF-8 in a value", "<link rel=canonical href=\"/caf\xe9/\"><link rel=alternate hreflang=de href=\"/d\xe9/\">",
			Head{Problems: []string{`canonical "/caf\xe9/" is not valid UTF-8 and no charset says how to read it; ignored`,
				`hreflang de alternate "/d\xe9/" is not valid UTF-8 and no charset says how to read it; ignored`}}},
		{"Latin-1 page", "<meta charset=\"iso-8859-1\"><link rel=canonical href=\"/caf\xe9/\"><meta http-equiv=refresh content=\"30;url=/\xe9t\xe9/\">",
			Head{Canonical: "/café/", Refresh: &Refresh{Delay: 30, URL: "/été/"}}},
		{"charset in content-type", "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1252\"><base href=\"/\x80/\">",
			Head{Base: "/€/"}},
		{"UTF-8 declared", "<meta charset=utf-8><link rel=canonical href=\"/café/\">", Head{Canonical: "/café/"}},
		{"empty file", "", Head{Problems: []string{"empty file"}, Fragment: true}},
		{"of two attributes of a name, the first counts", `<meta name="robots" name="description" content="noindex" content="all">`,
			Head{NoIndex: `meta robots "noindex"`}},
		{"a reference without its ; is decoded only as browsers do", `<link rel=canonical href="/find?q=x&section=news&amp;page=2&copy=1">`,
			Head{Canonical: "/find?q=x&section=news&page=2&copy=1"}},
		{"</head> inside a template does not end the head", `<head><template></head><p>x</p></template><meta name="robots" content="noindex">`,
			Head{NoIndex: `meta robots "noindex"`}},
		{"a script's escaped </script> does not end it", `<script><!-- document.write("<script>x()</script>") --></script><meta name="robots" content="noindex">`,
			Head{NoIndex: `meta robots "noindex"`}},
		{"a script ends at its end tag, in any case", `<script>var s = "<!-- ";</SCRIPT ><meta name="robots" content="noindex">`,
			Head{NoIndex: `meta robots "noindex"`}},
		{"noscript content is text", `<head><noscript><style>a{}</style><!-- </noscript> --><meta name="robots" content="noindex">`,
			Head{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := read(t, tt.page, 0)
			if !equalHeads(got, &tt.want) {
				t.Errorf("got  %+v\nwant %+v", *got, tt.want)
			}
		})
	}
}

// TestFragment: a file with no doctype and no tag only a page has, and
// no text of its own or a template's directive as its first text, is a
// piece of a page (issue 55): Gatsby's slices, a theme's Jinja partials a
// build copied. So is text with no tag at all (issue 67): a search
// engine's site-verification file. Judged alike by Read (in chunks, its first 4 KiB when the
// head ends in them) and ReadPage (the whole page).
func TestFragment(t *testing.T) {
	long := strings.Repeat("<span></span>", 400) // past the first 4 KiB chunk
	tests := []struct {
		name, page string
		want       bool
	}{
		{"Gatsby's slice", "\n          <script\n            id=\"gatsby-chunk-mapping\"\n          >\n            window.___chunkMapping=\"{}\";\n          </script>\n", true},
		{"a Jinja partial", "{% extends \"base.html\" %}\n{% block announce %}<a href=\"/new/\">New</a>{% endblock %}\n", true},
		{"a partial that begins with an element", "<footer class=\"md-footer\">\n  {{ config.copyright }}\n</footer>\n", true},
		{"a comment in Jinja", "{# the banner #}<div>x</div>", true},
		{"elements without text", "<div id=\"slice\"><script>go()</script><style>a{}</style></div>\n", true},
		{"elements without text, past the first chunk", "<div>" + long + "</div>", true},
		{"a style block", "<style>body{margin:0}</style>", true},
		{"a page without its tags", "<p>Hello, harbour.</p>", false},
		{"images without text", "<div><img src=\"/a.png\">\n<img src=\"/b.png\"></div>", false},
		{"an image first", "<img src=\"/a.png\">", false},
		{"text alone, no tag at all", "Hello, harbour.", true},
		{"a site-verification file", "google-site-verification: google0123456789abcdef.html\n", true},
		{"text first, then a tag", "Hello, harbour.<p>Tides</p>", false},
		{"text past the first chunk", "<div>" + long + "Hello</div>", false},
		{"a title", "<title>Tides</title>", false},
		{"a meta refresh", `<meta http-equiv="refresh" content="0; url=/new/">`, false},
		{"a canonical link", `<link rel="canonical" href="/">`, false},
		{"a doctype", "<!DOCTYPE html>\n<p>{{ x }}</p>", false},
		{"a body", "<body><script>go()</script></body>", false},
		{"an html element", "<html><script>go()</script></html>", false},
		{"a body after elements", "<div></div><body>", false},
		{"an empty file", "", true},
		{"blank", " \n\t", true},
		{"a directive after text", "<p>Use {{ name }} here</p>", false},
		// The first chunk ends between "{" and "%": the next read tells.
		{"a directive across the first chunk's end", "<div>" + strings.Repeat(" ", 4090) + "{% block x %}</div>", true},
		{"a brace across the first chunk's end", "<div>" + strings.Repeat(" ", 4090) + "{ x }</div>", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := read(t, tt.page, 0); got.Fragment != tt.want {
				t.Errorf("Read: Fragment %v, want %v (%+v)", got.Fragment, tt.want, *got)
			}
			hr := &HeadReader{}
			h, err := hr.ReadSized(strings.NewReader(tt.page), int64(len(tt.page)))
			if err != nil || h.Fragment != tt.want {
				t.Errorf("ReadSized: Fragment %v, want %v (%v)", h.Fragment, tt.want, err)
			}
			var sr StructuredReader
			h, _, err = hr.ReadPage([]byte(tt.page), &sr)
			if err != nil || h.Fragment != tt.want {
				t.Errorf("ReadPage: Fragment %v, want %v (%v)", h.Fragment, tt.want, err)
			}
		})
	}
}

// TestBodyRefresh: a redirect stub that a layout wraps has its <meta
// http-equiv="refresh"> in the body (issue 97: an Eleventy layout around
// redirect_from stubs), which a browser follows at once. The head reader
// finds it within the bytes it reads anyway, as a browser's parser
// would: not in a comment, a script, a <noscript> or a <template>. A
// noindex or a canonical link in the body does not count: search
// engines do not honour them there. Read and ReadPage agree.
func TestBodyRefresh(t *testing.T) {
	const head = "<!doctype html><html><head><title>Moved</title><link rel=stylesheet href=/s.css></head>"
	nav := "<body><header><nav>" + strings.Repeat(`<a href="/a/">a link</a>`, 40) + "</nav></header>"
	moved := &Refresh{URL: "/new/", InBody: true}
	tests := []struct {
		name, page string
		want       *Refresh
		problems   []string
	}{
		{"a stub in a layout", head + nav + `<main><meta http-equiv="refresh" content="0; url=/new/"><script>location = "/new/"</script></main></body></html>`, moved, nil},
		{"after the first chunk's 4 KiB, read for a long head", "<head>" + strings.Repeat("<meta name=x content=y>", 200) + "</head><body><meta http-equiv=refresh content='0;url=/new/'>", moved, nil},
		{"the body's start ends the head", `<title>t</title><p>Moved <META HTTP-Equiv="Refresh" CONTENT="0; URL=/new/">`, moved, nil},
		{"text ends the head", `<title>t</title>Moved to <a href=/new/>here</a><meta http-equiv="refresh" content="0;url=/new/">`, moved, nil},
		{"entities in the values", `<body><meta http-equiv="&#114;efresh" content="0;url=/new/?a=1&amp;b=2">`, &Refresh{URL: "/new/?a=1&b=2", InBody: true}, nil},
		{"a delay", `<body><meta http-equiv="refresh" content="5; url=/new/">`, &Refresh{Delay: 5, URL: "/new/", InBody: true}, nil},
		{"the first with a URL counts", `<body><meta http-equiv="refresh" content="soon"><meta http-equiv="refresh" content="30"><meta http-equiv="refresh" content="0;url=/new/"><meta http-equiv="refresh" content="0;url=/other/">`,
			moved, nil},
		{"the head's counts first", `<head><meta http-equiv="refresh" content="0;url=/head/"></head><body><meta http-equiv="refresh" content="0;url=/new/">`, &Refresh{URL: "/head/"}, nil},
		{"in a comment", head + `<body><!-- <meta http-equiv="refresh" content="0;url=/new/"> -->`, nil, nil},
		{"in a script", head + `<body><script>document.write('<meta http-equiv="refresh" content="0;url=/new/">')</script>`, nil, nil},
		{"in a noscript", head + `<body><noscript><meta http-equiv="refresh" content="0;url=/js-needed/"></noscript>`, nil, nil},
		{"in a template", head + `<body><template><p><meta http-equiv="refresh" content="0;url=/new/"></p></template>`, nil, nil},
		{"after a template", head + `<body><template><p>x</p></template><meta http-equiv="refresh" content="0;url=/new/">`, moved, nil},
		{"named in text", head + `<body><p>Write &lt;meta http-equiv="refresh"&gt; in the head.</p>`, nil, nil},
		{"another http-equiv", head + `<body><meta http-equiv="content-language" content="de">`, nil, nil},
		{"past the bytes read", head + nav + strings.Repeat("<p>text</p>", 400) + `<meta http-equiv="refresh" content="0;url=/new/">`, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := read(t, tt.page, 0)
			if (got.Refresh == nil) != (tt.want == nil) || got.Refresh != nil && *got.Refresh != *tt.want || !slices.Equal(got.Problems, tt.problems) {
				t.Errorf("Read: refresh %+v, problems %q; want %+v, %q", got.Refresh, got.Problems, tt.want, tt.problems)
			}
			var sr StructuredReader
			hr := &HeadReader{}
			h, _, err := hr.ReadPage([]byte(tt.page), &sr)
			if err != nil || !equalHeads(h, got) {
				t.Errorf("ReadPage: %+v (%v), Read %+v", h, err, got)
			}
		})
	}

	// Only the refresh counts in the body.
	h := read(t, head+`<body><meta name="robots" content="noindex"><link rel="canonical" href="/elsewhere/"><meta http-equiv="refresh" content="0;url=/new/">`, 0)
	if h.NoIndex != "" || h.Canonical != "" || h.Refresh == nil || *h.Refresh != *moved {
		t.Errorf("noindex %q, canonical %q, refresh %+v: want the refresh alone", h.NoIndex, h.Canonical, h.Refresh)
	}
}

func equalHeads(a, b *Head) bool {
	return a.NoIndex == b.NoIndex && a.Canonical == b.Canonical && a.Base == b.Base &&
		(a.Refresh == nil) == (b.Refresh == nil) && (a.Refresh == nil || *a.Refresh == *b.Refresh) &&
		slices.Equal(a.Alternates, b.Alternates) && a.Modified.Equal(b.Modified) && a.ModifiedFrom == b.ModifiedFrom &&
		a.Truncated == b.Truncated && a.Fragment == b.Fragment && slices.Equal(a.Problems, b.Problems)
}

// A head longer than the limit is cut: what was read counts, and a tag cut
// in the middle does not.
func TestHeadTruncated(t *testing.T) {
	filler := `<meta name="description" content="` + strings.Repeat("x", 1000) + `">`
	page := `<head><link rel=canonical href=/a/>` + strings.Repeat(filler, 10) + `<meta name="robots" content="noindex">`
	h := read(t, page, 4096)
	if !h.Truncated || h.Canonical != "/a/" || h.NoIndex != "" {
		t.Errorf("limit 4096: %+v", *h)
	}
	// The tag that straddles the limit is not read half.
	cut := strings.Index(page, `content="noindex`) + len(`content="noi`)
	h = read(t, page[:cut]+"ndex\">", cut)
	if !h.Truncated || h.NoIndex != "" {
		t.Errorf("cut inside the robots tag: %+v", *h)
	}
	// With room, the whole head is read, across the reader's chunks.
	h = read(t, page+"</head>", 0)
	if h.Truncated || h.NoIndex == "" {
		t.Errorf("no limit: %+v", *h)
	}
}

// A head of several megabytes is read only up to the limit.
func TestHeadHuge(t *testing.T) {
	page := "<head>" + strings.Repeat(`<meta name="x" content="y">`, 200_000) + `<meta name="robots" content="noindex"></head>`
	r := &countingReader{r: strings.NewReader(page)}
	h, err := (&HeadReader{}).Read(r)
	if err != nil {
		t.Fatal(err)
	}
	if !h.Truncated || h.NoIndex != "" || r.n > DefaultHeadLimit {
		t.Errorf("read %d bytes; head %+v", r.n, *h)
	}
}

// Reading stops at the end of the head: a long body is not read.
func TestHeadReadsOnlyTheHead(t *testing.T) {
	page := `<html><head><title>t</title></head><body>` + strings.Repeat("<p>text</p>", 100_000)
	r := &countingReader{r: strings.NewReader(page)}
	if _, err := (&HeadReader{}).Read(r); err != nil {
		t.Fatal(err)
	}
	if r.n > 4096 {
		t.Errorf("read %d bytes of a page whose head ends at %d", r.n, strings.Index(page, "<body>"))
	}
}

func TestHeadReaderErrors(t *testing.T) {
	_, err := (&HeadReader{}).Read(iotest.ErrReader(io.ErrClosedPipe))
	if err != io.ErrClosedPipe {
		t.Errorf("err = %v", err)
	}
	// Short reads are fine.
	h, err := (&HeadReader{}).Read(iotest.OneByteReader(strings.NewReader(`<meta name=robots content=noindex><body>`)))
	if err != nil || h.NoIndex == "" {
		t.Errorf("one byte at a time: %+v, %v", h, err)
	}
}

// With the page's size known, a short page takes one read.
func TestHeadReadSized(t *testing.T) {
	page := `<head><meta name="robots" content="noindex"></head><body>` + strings.Repeat("x", 2000)
	r := &countingReader{r: strings.NewReader(page)}
	h, err := (&HeadReader{}).ReadSized(r, int64(len(page)))
	if err != nil || h.NoIndex == "" || r.calls != 1 {
		t.Errorf("%d reads; head %+v, %v", r.calls, h, err)
	}
	// A size that is wrong (the file grew or shrank since it was statted)
	// is believed: the head is what the first size bytes hold.
	tests := []struct {
		size    int64
		noindex bool
	}{{0, false}, {10, false}, {int64(len(page)) + 100, true}}
	for _, tt := range tests {
		r := &countingReader{r: strings.NewReader(page)}
		h, err := (&HeadReader{}).ReadSized(r, tt.size)
		if err != nil || (h.NoIndex != "") != tt.noindex || h.Truncated || r.n > max(int(tt.size), len(page)) {
			t.Errorf("size %d: read %d bytes, head %+v, %v", tt.size, r.n, h, err)
		}
	}
}

type countingReader struct {
	r     io.Reader
	n     int
	calls int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	c.calls++
	return n, err
}

func TestValidHreflang(t *testing.T) {
	for s, want := range map[string]bool{
		"en": true, "en-US": true, "zh-Hant-TW": true, "x-default": true, "de-1996": true,
		"": false, "en_US": false, "en-": false, "-en": false, "1en": false, "toolongtag": false, "en US": false,
	} {
		if got := ValidHreflang(s); got != want {
			t.Errorf("ValidHreflang(%q) = %v", s, got)
		}
	}
}

// TestHreflangAllocs: a head's hreflang links cost their hrefs alone,
// and only those not read before in the head: the page's own (its
// canonical link's) and x-default's (the same as en's) are not made
// again. Their codes, "en", "fr", "de" and "x-default" on every page of
// a translated site, are kept once by the reader, and checked without
// allocating.
func TestHreflangAllocs(t *testing.T) {
	const links = `<link rel="alternate" hreflang="en" href="https://example.com/a/">
<link rel="alternate" hreflang="fr" href="https://example.com/fr/a/">
<link rel="alternate" hreflang="de" href="https://example.com/de/a/">
<link rel="alternate" hreflang="x-default" href="https://example.com/a/">
`
	allocs := func(page []byte, want int) float64 {
		var hr HeadReader
		r := bytes.NewReader(page)
		read := func() *Head {
			r.Reset(page)
			h, err := hr.ReadSized(r, int64(len(page)))
			if err != nil {
				t.Fatal(err)
			}
			return h
		}
		if h := read(); len(h.Alternates) != want {
			t.Fatalf("alternates %+v, want %d", h.Alternates, want)
		}
		return testing.AllocsPerRun(50, func() { read() })
	}
	page := `<!DOCTYPE html><html lang="fr"><head><title>T</title><link rel="canonical" href="https://example.com/fr/a/">` + "\n%s</head><body></body></html>"
	plain, translated := allocs(fmt.Appendf(nil, page, ""), 0), allocs(fmt.Appendf(nil, page, links), 4)
	if raceEnabled {
		t.Skip("the race detector changes allocation counts; test.sh's allocation budget step runs this test without it")
	}
	if translated-plain > 2 {
		t.Errorf("%v allocations a head of four hreflang links, %v without: want 2 more at most (the hrefs of en and de)", translated, plain)
	}
	if n := testing.AllocsPerRun(50, func() { ValidHreflang("zh-Hant-TW") }); n != 0 {
		t.Errorf("ValidHreflang: %v allocations, want none", n)
	}
}

// FuzzHead checks that any bytes give a head without a panic, within the
// limit, and that reading them whole or byte by byte agrees.
func FuzzHead(f *testing.F) {
	for _, s := range []string{
		`<head><meta name=robots content=noindex><link rel=canonical href=/a/></head>`,
		`<meta http-equiv=refresh content="0;url='x'">`, `<script type="application/ld+json">{"dateModified":"2024-01-01"}</script>`,
		"\x00<\xff>", `<svg><meta></svg>`, `<noscript><template></noscript>`, `<!--`, `<a b='`, "\uFEFF<base href=x>",
		"<meta" + strings.Repeat(" a", MaxAttrs+1) + "><link rel=canonical href=/a/>", // past MaxAttrs: read no further
		`<title>t</title><body><meta http-equiv=refresh content="0;url=/x"><meta name=robots content=noindex>`,
		"<title>t</title><body>" + strings.Repeat("<p>x</p>", 80) + `<meta http-equiv=Refresh content="0;url=/x">`, // past 512 bytes
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		h1, err := (&HeadReader{Limit: 512}).Read(bytes.NewReader(bytes.Clone(data)))
		if err != nil {
			t.Fatal(err)
		}
		// A head that ended within the smaller limit is read the same
		// with room to spare: the end is found where it is.
		h2, err := (&HeadReader{Limit: 8192}).Read(bytes.NewReader(bytes.Clone(data)))
		if err != nil {
			t.Fatal(err)
		}
		// A refresh in the body is looked for in the bytes read, of
		// which the larger limit may read more: one the smaller limit
		// finds, the larger finds too.
		if b1, b2 := inBody(h1), inBody(h2); b1 != nil && (b2 == nil || *b1 != *b2) {
			t.Fatalf("limit 512 finds %+v in the body, 8192 %+v", *b1, b2)
		}
		if !h1.Truncated && !equalHeads(headOnly(h1), headOnly(h2)) {
			t.Fatalf("limits 512 and 8192 differ on a head that was not cut:\n%+v\n%+v", *h1, *h2)
		}
		h3, err := (&HeadReader{Limit: 512}).ReadSized(bytes.NewReader(bytes.Clone(data)), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		if !equalHeads(h1, h3) && len(data) != 512 { // see Read on a page of exactly Limit bytes
			t.Fatalf("sized and unsized differ:\n%+v\n%+v", *h1, *h3)
		}
		for _, a := range h1.Alternates {
			if !ValidHreflang(a.Lang) || !utf8.ValidString(a.Href) {
				t.Fatalf("alternate %+v accepted", a)
			}
		}
		if !utf8.ValidString(h1.Canonical) || !utf8.ValidString(h1.Base) || h1.Refresh != nil && !utf8.ValidString(h1.Refresh.URL) {
			t.Fatalf("a URL that is not UTF-8: %+v", *h1)
		}
	})
}

// inBody returns h's refresh when it is in the body, else nil.
func inBody(h *Head) *Refresh {
	if h.Refresh != nil && h.Refresh.InBody {
		return h.Refresh
	}
	return nil
}

// headOnly returns h without a refresh of the body.
func headOnly(h *Head) *Head {
	if inBody(h) == nil {
		return h
	}
	c := *h
	c.Refresh = nil
	return &c
}

// TestLang: the page's <html lang>, lowercased; not one in its body,
// nor one too long to be a language tag.
func TestLang(t *testing.T) {
	for _, tc := range []struct{ page, want string }{
		{`<!DOCTYPE html><html lang="zh-CN"><head><title>x</title></head>`, "zh-cn"},
		{`<html lang=' en '><head><title>x</title></head>`, "en"},
		{`<html><head><title>x</title></head><body><html lang="fr">`, ""},
		{`<html lang="` + strings.Repeat("x", 36) + `"><head><title>x</title></head>`, ""},
	} {
		if h := read(t, tc.page, 0); h.Lang != tc.want {
			t.Errorf("%q: Lang %q, want %q", tc.page, h.Lang, tc.want)
		}
	}
}

// TestNextErrorShell: Next.js's error shell, <html id="__next_error__">,
// is told apart, and NextRedirect finds a redirect()'s target in its
// flight data, or nothing that could not be one.
func TestNextErrorShell(t *testing.T) {
	if h := read(t, `<!DOCTYPE html><html id="__next_error__"><head><meta charSet="utf-8"/><title>x</title></head><body>`, 0); !h.ErrorShell {
		t.Error("the error shell is not told")
	}
	for _, page := range []string{
		`<html lang="en"><head><title>x</title></head>`,
		`<html id="main"><head>`,
		`<head></head><body><html id="__next_error__">`, // an html tag in the body is not the page's
	} {
		if h := read(t, page, 0); h.ErrorShell {
			t.Errorf("%q taken for the error shell", page)
		}
	}
	for _, tc := range []struct{ page, want string }{
		{`self.__next_f.push([1,"NEXT_REDIRECT;replace;/about;307;"])`, "/about"},
		{`"digest":"NEXT_REDIRECT;push;https://example.com/a?b=1;308;"`, "https://example.com/a?b=1"},
		{`NEXT_REDIRECT;replace;/a b;307;`, ""}, // a space: not a URL as Next.js writes it
		{`NEXT_REDIRECT;replace;;307;`, ""},     // no target
		{`NEXT_REDIRECT;replace;/unended`, ""},  // cut off
		{`NEXT_NOT_FOUND NEXT_HTTP_ERROR_FALLBACK;404`, ""},
	} {
		got, ok := NextRedirect([]byte(tc.page))
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("NextRedirect(%q) = %q, %v; want %q", tc.page, got, ok, tc.want)
		}
	}
}

func FuzzNextRedirect(f *testing.F) {
	f.Add([]byte(`NEXT_REDIRECT;replace;/about;307;`))
	f.Add([]byte(`NEXT_REDIRECT;push;https://example.com/;308;NEXT_REDIRECT;`))
	f.Fuzz(func(t *testing.T, page []byte) {
		defer fuzzbound.Check(t)()
		target, ok := NextRedirect(page)
		if ok != (target != "") || strings.ContainsAny(target, "\"<> \n\\;") || ok && !bytes.Contains(page, []byte(target)) {
			t.Errorf("NextRedirect(%q) = %q, %v", page, target, ok)
		}
	})
}

// A tag with 200,000 attributes, under a limit that reads it all, is read
// in linear time (it took 30 s when each attribute was compared with every
// one before it), and the first of two attributes of one name still wins.
func TestHeadManyAttributes(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<head><meta name="robots" content="noindex"`)
	for i := range 200_000 {
		fmt.Fprintf(&b, " a%d=x", i)
	}
	b.WriteString(` content="index" name="other"></head>`)
	page := b.String()
	// The lexer alone: a HeadReader reads no tag past MaxAttrs attributes.
	done := make(chan []attr)
	go func() {
		var l lexer
		l.reset([]byte(page))
		for l.next() != tokEOF && string(l.name) != "meta" {
		}
		done <- l.attrs
	}()
	// Not a synchronisation: a bound that linear work (milliseconds) never
	// reaches and quadratic work (tens of seconds) always does.
	select {
	case attrs := <-done:
		if len(attrs) != 200_002 || string(attrValue(attrs, "content")) != "noindex" || string(attrValue(attrs, "name")) != "robots" {
			t.Errorf("%d attributes, content %q, name %q: the first content and name should win", len(attrs), attrValue(attrs, "content"), attrValue(attrs, "name"))
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a tag with 200,000 attributes took over 20 s: quadratic")
	}
}

// cancelReader cancels its context on its first Read, then counts reads.
type cancelReader struct {
	r      io.Reader
	cancel context.CancelFunc
	reads  int
}

func (c *cancelReader) Read(p []byte) (int, error) {
	c.reads++
	c.cancel()
	return c.r.Read(p)
}

// A read ends soon after its Context is done, with the context's error:
// before the next chunk is read, and within a tag of 200,000 attributes
// (SIGINT during a page whose head took 30 s waited for it to end).
func TestHeadContext(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<head`)
	for i := range 200_000 {
		if i%MaxAttrs == 0 { // within MaxAttrs, which ends a read too
			b.WriteString(`><meta name="robots"`)
		}
		fmt.Fprintf(&b, " a%d=x", i)
	}
	b.WriteString(`></head>`)
	page := b.String()

	ctx, cancel := context.WithCancel(context.Background())
	r := &cancelReader{r: strings.NewReader(page), cancel: cancel}
	hr := &HeadReader{Limit: len(page) + 1, Context: ctx}
	if h, err := hr.ReadSized(r, int64(len(page))); err != context.Canceled || r.reads != 1 {
		t.Errorf("got %v, %v after %d reads; want context.Canceled after 1", h, err, r.reads)
	}

	// Within one tag: the lexer stops after about a thousand attributes.
	done := make(chan struct{})
	close(done)
	l := lexer{done: done}
	l.reset([]byte(page))
	for l.next() != tokEOF {
	}
	if !l.stopped || len(l.attrs) > 2048 {
		t.Errorf("stopped %v with %d attributes kept", l.stopped, len(l.attrs))
	}
}

// TestHeadBounds: a tag of more than MaxAttrs attributes, or a head of
// more than MaxTags tags, ends the read there, with a problem; up to
// them, the head is read whole.
func TestHeadBounds(t *testing.T) {
	attrs := func(n int) string { // <meta name="robots" content="noindex"> with n attributes
		var b strings.Builder
		b.WriteString(`<meta name="robots" content="noindex"`)
		for i := range n - 2 {
			fmt.Fprintf(&b, " a%d", i)
		}
		return b.String() + ">"
	}
	tags := func(n int) string { // n tags, the canonical link last
		return "<head>" + strings.Repeat("<meta name=x>", n-2) + `<link rel="canonical" href="/c">`
	}
	for _, tc := range []struct {
		name, page        string
		maxAttrs, maxTags int
		noIndex, canon    string
		problem           string
	}{
		{name: "attributes at the limit", page: "<head>" + attrs(MaxAttrs) + `<link rel="canonical" href="/c">`, noIndex: `meta robots "noindex"`, canon: "/c"},
		{name: "attributes past the limit", page: "<head>" + attrs(MaxAttrs+1) + `<link rel="canonical" href="/c">`, problem: "a tag with more than 1000 attributes (limits.head_attributes); the head is read no further"},
		{name: "tags at the limit", page: tags(MaxTags), canon: "/c"},
		{name: "tags past the limit", page: tags(MaxTags + 1), problem: "more than 100000 tags (limits.head_tags); the head is read no further"},
		// The limits set lower (limits.head_attributes, limits.head_tags).
		{name: "attributes past a limit set", maxAttrs: 10, page: "<head>" + attrs(11) + `<link rel="canonical" href="/c">`, problem: "a tag with more than 10 attributes (limits.head_attributes); the head is read no further"},
		{name: "attributes at a limit set", maxAttrs: 10, page: "<head>" + attrs(10) + `<link rel="canonical" href="/c">`, noIndex: `meta robots "noindex"`, canon: "/c"},
		{name: "tags past a limit set", maxTags: 20, page: tags(21), problem: "more than 20 tags (limits.head_tags); the head is read no further"},
		{name: "tags at a limit set", maxTags: 20, page: tags(20), canon: "/c"},
		{name: "attributes past the default under a higher limit", maxAttrs: MaxAttrs + 1, page: "<head>" + attrs(MaxAttrs+1) + `<link rel="canonical" href="/c">`, noIndex: `meta robots "noindex"`, canon: "/c"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hr := &HeadReader{Limit: len(tc.page) + 1, MaxAttrs: tc.maxAttrs, MaxTags: tc.maxTags}
			h, err := hr.ReadSized(strings.NewReader(tc.page), int64(len(tc.page)))
			if err != nil {
				t.Fatal(err)
			}
			var problems []string
			if tc.problem != "" {
				problems = []string{tc.problem}
			}
			if h.NoIndex != tc.noIndex || h.Canonical != tc.canon || h.Truncated || !slices.Equal(h.Problems, problems) {
				t.Errorf("NoIndex %q, Canonical %q, Truncated %v, Problems %q; want %q, %q, false, %q", h.NoIndex, h.Canonical, h.Truncated, h.Problems, tc.noIndex, tc.canon, problems)
			}
		})
	}
}

// TestReaderReusedAfterManyAttributes: a HeadReader that read a tag of
// many attributes last (here cut by the end of the file) reads the next
// page's tag of many attributes whole: the names of the first are
// forgotten, not taken for the second's repeated ones.
func TestReaderReusedAfterManyAttributes(t *testing.T) {
	var first, second strings.Builder
	first.WriteString("<meta")
	for i := range linearAttrs + 1 {
		fmt.Fprintf(&first, " a%d", i)
	}
	first.WriteString(` name=x content="cut`)
	second.WriteString("<meta")
	for i := range linearAttrs {
		fmt.Fprintf(&second, " a%d", i)
	}
	second.WriteString(` name="robots" content="noindex">`)
	var hr HeadReader
	if _, err := hr.Read(strings.NewReader(first.String())); err != nil {
		t.Fatal(err)
	}
	h, err := hr.Read(strings.NewReader(second.String()))
	if err != nil {
		t.Fatal(err)
	}
	if h.NoIndex == "" {
		t.Errorf("the reused reader missed the noindex; a new one finds %q", mustHead(t, second.String()).NoIndex)
	}
}

func mustHead(t *testing.T, page string) *Head {
	t.Helper()
	h, err := (&HeadReader{}).Read(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestHeadProblemsQuoteExcerpts: a head's values 512 KB long, each wrong,
// make problems (and a noindex reason) of bounded length: a message
// quotes at most an excerpt of a value.
func TestHeadProblemsQuoteExcerpts(t *testing.T) {
	long := strings.Repeat("x", 512<<10)
	const most = 400
	for _, tc := range []struct{ name, head string }{
		{"canonicals", `<link rel="canonical" href="/a` + long + `"><link rel="canonical" href="/b` + long + `">`},
		{"refresh", `<meta http-equiv="refresh" content="` + long + `">`},
		{"refresh without URL", `<meta http-equiv="refresh" content="5;` + strings.Repeat(" ", 512<<10) + `">`},
		{"hreflang", `<link rel="alternate" hreflang="` + long + `" href="/` + long + `">`},
		{"date", `<meta property="article:modified_time" content="` + long + `">`},
		{"JSON-LD date", `<script type="application/ld+json">{"dateModified": "` + long + `"}</script>`},
		{"base", "<meta charset=\"\"><base href=\"/\xff" + long + `">`},
		{"noindex", `<meta name="robots" content="noindex,` + long + `">`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := read(t, "<!doctype html><html><head>"+tc.head+"</head><body></body></html>", 4<<20)
			said := append(h.Problems, h.NoIndex)
			if len(h.Problems) == 0 && h.NoIndex == "" {
				t.Fatalf("no problem found: the case tests nothing")
			}
			for _, p := range said {
				if len(p) > most {
					t.Errorf("a problem of %d bytes (want at most %d): %.200s…", len(p), most, p)
				}
			}
		})
	}
}
