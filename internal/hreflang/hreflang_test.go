package hreflang

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

func TestCode(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{
		{"en", ""},
		{"EN-us", ""},
		{"de-AT", ""},
		{"zh-Hant-TW", ""},
		{"es-419", ""},
		{"x-default", ""},
		{"X-Default", ""},
		{"za", ""}, // Zhuang: a language, whatever a site meant by it
		{"en-UK", `hreflang "en-UK": UK is not an ISO 3166 region; use en-GB`},
		{"jp", `hreflang "jp" is not a BCP 47 language code (ISO 639 language, then ISO 3166 region): subtag "jp" is well-formed but unknown; jp is a country: use ja`},
		{"cz-CZ", `hreflang "cz-CZ" is not a BCP 47 language code (ISO 639 language, then ISO 3166 region): subtag "cz" is well-formed but unknown; cz is a country: use cs-CZ`},
		{"xx", `hreflang "xx" is not a BCP 47 language code (ISO 639 language, then ISO 3166 region): subtag "xx" is well-formed but unknown`},
		{"iw", `hreflang "iw" is a deprecated code; use he`},
		{"und", `hreflang "und" names no language (und is undetermined)`},
		{"en-XX", `hreflang "en-XX": XX is not an ISO 3166 region`},
		{"", `hreflang "" is not a BCP 47 language code (ISO 639 language, then ISO 3166 region): tag is not well-formed`},
		{"\xff", `hreflang "\xff" is not a BCP 47 language code (ISO 639 language, then ISO 3166 region): tag is not well-formed`},
	} {
		if got := Code(tc.lang); got != tc.want {
			t.Errorf("Code(%q) = %s\nwant %s", tc.lang, got, tc.want)
		}
	}
	long := Code(strings.Repeat("a", 10<<10))
	if long == "" || len(long) > 300 {
		t.Errorf("a 10 KB code: %q", long)
	}
}

// site is a set of pages and their links.
type site map[string][]sitemap.Alternate

func (s site) check(loc string) []Problem {
	var c Checker
	return c.Check(loc, s[loc], func(href string) ([]sitemap.Alternate, bool) {
		l, ok := s[href]
		return l, ok
	}, func(href string) string {
		if strings.HasPrefix(href, "https://other.example/") {
			return ""
		}
		return "is missing"
	})
}

const (
	en = "https://example.com/"
	de = "https://example.com/de/"
	fr = "https://example.com/fr/"
)

func alts(pairs ...string) []sitemap.Alternate {
	var out []sitemap.Alternate
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, sitemap.Alternate{Lang: pairs[i], Href: pairs[i+1]})
	}
	return out
}

func TestCheck(t *testing.T) {
	cluster := alts("en", en, "de", de, "fr", fr, "x-default", en)
	clean := site{en: cluster, de: cluster, fr: cluster}
	for _, loc := range []string{en, de, fr} {
		if p := clean.check(loc); p != nil {
			t.Errorf("a clean cluster: %s: %v", loc, p)
		}
	}
	for _, tc := range []struct {
		name string
		s    site
		want []Problem
	}{
		{"no link back", site{en: alts("en", en, "de", de), de: alts("de", de)},
			[]Problem{{Link: 1, Msg: "hreflang de alternate https://example.com/de/ does not list this page back (Google ignores a link not returned)"}}},
		{"back under another language", site{en: alts("en", en, "de", de), de: alts("de", de, "fr", en)},
			[]Problem{{Link: 1, Msg: "hreflang de alternate https://example.com/de/ lists this page back as fr, not as en"}}},
		{"no self-reference", site{en: alts("de", de), de: alts("de", de, "en", en)},
			[]Problem{{Link: 0, Msg: "the page is not among its own hreflang alternates (each page of a cluster lists itself too)"}}},
		{"another page's links", site{en: alts("de", de), de: alts("de", de, "fr", fr), fr: alts("de", de, "fr", fr)},
			[]Problem{{Link: 0, Msg: "the hreflang links are another page's: this page is not among them, and https://example.com/de/ does not list it back (a pager repeating its first page's links?); Google ignores them", Drop: true, Left: "none written", All: true}}},
		{"another page's links, two pages and x-default", site{en: alts("de", de, "fr", fr, "x-default", de), de: alts("de", de, "fr", fr), fr: alts("de", de, "fr", fr)},
			[]Problem{{Link: 0, Msg: "the hreflang links are another page's: this page is not among them, and neither https://example.com/de/ nor https://example.com/fr/ lists it back (a pager repeating its first page's links?); Google ignores them", Drop: true, Left: "none written", All: true}}},
		{"another page's links and an invalid code", site{en: alts("de", de, "en-UK", fr), de: alts("de", de)},
			[]Problem{
				{Link: 1, Msg: `hreflang "en-UK": UK is not an ISO 3166 region; use en-GB`, Drop: true, Left: "alternate https://example.com/fr/ left out"},
				{Link: 0, Msg: "the hreflang links are another page's: this page is not among them, and https://example.com/de/ does not list it back (a pager repeating its first page's links?); Google ignores them", Drop: true, Left: "none written", All: true}}},
		{"not self, one of two back", site{en: alts("de", de, "fr", fr), de: alts("de", de, "en", en), fr: alts("fr", fr)},
			[]Problem{
				{Link: 1, Msg: "hreflang fr alternate https://example.com/fr/ does not list this page back (Google ignores a link not returned)"},
				{Link: 0, Msg: "the page is not among its own hreflang alternates (each page of a cluster lists itself too)"}}},
		// A language picker that lists no page back: its x-default is
		// left out, where a language version's is written.
		{"x-default not listed back", site{en: alts("en", en, "de", de, "x-default", fr), de: alts("en", en, "de", de, "x-default", fr), fr: nil},
			[]Problem{{Link: 2, Msg: "hreflang x-default alternate https://example.com/fr/ does not list this page back (Google ignores a link not returned)", Drop: true, Left: "left out"}}},
		// A language picker that every language version names as its
		// x-default: it lists the languages, not itself, and is in the
		// cluster all the same.
		{"a language picker", site{en: alts("de", de, "fr", fr), de: alts("de", de, "fr", fr, "x-default", en), fr: alts("de", de, "fr", fr, "x-default", en)}, nil},
		{"a picker one version names as a language", site{en: alts("de", de, "fr", fr), de: alts("de", de, "fr", fr, "x-default", en), fr: alts("de", de, "fr", fr, "en", en)},
			[]Problem{{Link: 0, Msg: "the page is not among its own hreflang alternates (each page of a cluster lists itself too)"}}},
		{"x-default twice", site{en: alts("en", en, "x-default", en, "x-default", de), de: alts("de", de, "en", en)},
			[]Problem{{Link: 2, Msg: "a second x-default (https://example.com/de/, the first https://example.com/)", Drop: true, Left: "left out"}}},
		{"a language twice", site{en: alts("en", en, "de", de, "DE", fr), de: alts("de", de, "en", en)},
			[]Problem{{Link: 2, Msg: "hreflang DE given twice, for https://example.com/de/ and https://example.com/fr/", Drop: true, Left: "the second left out"}}},
		{"a language twice alike", site{en: alts("en", en, "en", en)}, nil},
		{"invalid code", site{en: alts("en", en, "en-UK", de)},
			[]Problem{{Link: 1, Msg: `hreflang "en-UK": UK is not an ISO 3166 region; use en-GB`, Drop: true, Left: "alternate https://example.com/de/ left out"}}},
		{"missing", site{en: alts("en", en, "de", de)},
			[]Problem{{Link: 1, Msg: "hreflang de alternate https://example.com/de/ is missing", Drop: true, Left: "left out"}}},
		{"outside, allowed", site{en: alts("en", en, "de", "https://other.example/de/")}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.s.check(en)
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("got  %v\nwant %v", got, tc.want)
			}
		})
	}
}

// A page with thousands of alternates, each listing it back, costs
// thousands of steps, not millions: the test would take minutes else.
func TestCheckMany(t *testing.T) {
	const n = 20_000
	s := site{}
	var links []sitemap.Alternate
	for i := range n {
		links = append(links, sitemap.Alternate{Lang: fmt.Sprintf("en-%03d", i%1000), Href: fmt.Sprintf("https://example.com/%d/", i)})
	}
	for _, a := range links[:1000] {
		s[a.Href] = links[:1000]
	}
	s[en] = links
	probs := s.check(en)
	drops := 0
	for _, p := range probs {
		if p.Drop {
			drops++
		}
	}
	// en-000 … en-999 are mostly no region of M.49: whatever the verdicts,
	// each link has at most one, and the second thousand on are dropped.
	if len(probs) > n+1 || drops < n-1000 {
		t.Errorf("%d problems, %d dropped", len(probs), drops)
	}
}

func TestNoneBack(t *testing.T) {
	for n, want := range map[int]string{
		1: "/1 does not list it back",
		2: "neither /1 nor /2 lists it back",
		3: "none of /1, /2 and /3 lists it back",
		4: "none of /1, /2, /3 and /4 lists it back",
		5: "none of the 5 pages they name lists it back (/1, /2, …)",
	} {
		var hrefs []string
		for i := range n {
			hrefs = append(hrefs, fmt.Sprintf("/%d", i+1))
		}
		if got := noneBack(hrefs); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
}
