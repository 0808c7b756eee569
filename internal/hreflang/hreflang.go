package hreflang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/sitemap"
	"golang.org/x/text/language"
)

// XDefault is the hreflang of the page for languages no other serves.
const XDefault = "x-default"

// A Problem is one thing wrong with a page's hreflang links.
type Problem struct {
	// Link is the index of the link it is about, in the page's; the
	// first link when it is about the cluster as a whole.
	Link int
	// Msg says what is wrong; validate reports it as it is.
	Msg string
	// Drop says the link is broken (an invalid code, a second URL for a
	// language, an alternate the caller cannot list, an x-default whose
	// page does not list this one back): not to be written. The others
	// (a language version's missing link back, no self-reference) are
	// warnings: the alternate is a valid URL of the site.
	Drop bool
	// Left says what of the links a writer leaves out, when Drop: "left
	// out", "the second left out".
	Left string
	// All, with Drop, says every link of the page is broken: the links
	// are another page's (see [Checker.Check]).
	All bool
}

// Warning returns the problem as a build says it: Msg, then what is left
// out.
func (p Problem) Warning() string {
	if p.Left == "" {
		return p.Msg
	}
	return p.Msg + "; " + p.Left
}

// Checker checks pages' links, keeping what it learnt of codes and of
// large clusters between pages. It is not safe for concurrent use.
type Checker struct {
	codes map[string]string
	back  map[string]map[string]string // of a page with many links: href to lang
}

// manyLinks is the number of links past which a page's are looked up in
// a map, so that a page with thousands costs thousands of steps.
const manyLinks = 32

// maxCached is the most codes a Checker remembers.
const maxCached = 10_000

// Code returns what is wrong with the hreflang value lang, "" when it is
// a valid BCP 47 tag whose language is ISO 639 and region ISO 3166 (or
// UN M.49), or x-default.
func (c *Checker) Code(lang string) string {
	if msg, ok := c.codes[lang]; ok {
		return msg
	}
	msg := Code(lang)
	if c.codes == nil {
		c.codes = make(map[string]string)
	}
	if len(c.codes) < maxCached {
		c.codes[lang] = msg
	}
	return msg
}

// instead are the codes of countries often written for their language:
// the library knows them as no language, and the message names the one
// meant.
var instead = map[string]string{
	"jp": "ja", "cn": "zh", "kr": "ko", "dk": "da", "cz": "cs", "gr": "el",
	"ua": "uk", "us": "en", "gb": "en", "vn": "vi", "il": "he", "rs": "sr",
}

// Code is Checker.Code without the memory.
func Code(lang string) string {
	if strings.EqualFold(lang, XDefault) {
		return ""
	}
	q := fmt.Sprintf("%.40q", lang)
	tag, err := language.Parse(lang)
	if err != nil {
		msg := fmt.Sprintf("hreflang %s is not a BCP 47 language code (ISO 639 language, then ISO 3166 region): %s", q, strings.TrimPrefix(err.Error(), "language: "))
		first, rest, _ := strings.Cut(strings.ToLower(lang), "-")
		if to, ok := instead[first]; ok {
			if rest != "" {
				to += "-" + strings.ToUpper(rest)
			}
			msg += "; " + first + " is a country: use " + to
		}
		return msg
	}
	base, _, region := tag.Raw()
	if base.String() == "und" {
		return fmt.Sprintf("hreflang %s names no language (und is undetermined)", q)
	}
	if got := tag.String(); !strings.EqualFold(got, lang) {
		_, rawRegion, _ := strings.Cut(lang, "-")
		if region.String() != "ZZ" && !strings.Contains(strings.ToUpper(lang), "-"+region.String()) {
			return fmt.Sprintf("hreflang %s: %s is not an ISO 3166 region; use %s", q, strings.ToUpper(lastPart(rawRegion)), got)
		}
		return fmt.Sprintf("hreflang %s is a deprecated code; use %s", q, got)
	}
	if r := region.String(); r != "ZZ" && !region.IsCountry() && !region.IsGroup() {
		return fmt.Sprintf("hreflang %s: %s is not an ISO 3166 region", q, r)
	}
	return ""
}

func lastPart(s string) string {
	if i := strings.LastIndexByte(s, '-'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// Check checks the hreflang links of the page at loc. others returns
// the links of another page of the set, and reports whether the set has
// that page. outside says what is wrong with an alternate the set does
// not have; it returns "" when the alternate is to be kept unchecked,
// such as a page on a host the site allows.
func (c *Checker) Check(loc string, links []sitemap.Alternate, others func(href string) ([]sitemap.Alternate, bool), outside func(href string) string) []Problem {
	k := linkCheck{c: c, loc: loc, links: links}
	for _, a := range links {
		if a.Href == loc && c.Code(a.Lang) == "" {
			k.self, k.selfLang = true, a.Lang
			break
		}
	}
	if len(links) > manyLinks {
		k.byLang = make(map[string]int, len(links))
	}
	for i, a := range links {
		k.link(i, a, others, outside)
	}
	k.conclude()
	return k.probs
}

// linkCheck is the state of checking the hreflang links of one page.
type linkCheck struct {
	c     *Checker
	loc   string
	links []sitemap.Alternate
	probs []Problem
	// self is set when the page lists itself, under the language
	// selfLang.
	self     bool
	selfLang string
	// byLang holds the index of the first link of each language, in
	// lowercase, for a page with many links. A page with few links has
	// none: a look back over the links is faster.
	byLang map[string]int
	// noBack holds the indexes in probs of the problems of alternates
	// that do not list the page back. listed counts the alternates the
	// set has, the page itself aside; asDefault counts those that list
	// the page back as their x-default.
	noBack            []int
	listed, asDefault int
}

// add adds a problem with the link at index i. left says what a writer
// leaves out; it is "" for a warning only.
func (k *linkCheck) add(i int, left string, format string, args ...any) {
	k.probs = append(k.probs, Problem{Link: i, Msg: fmt.Sprintf(format, args...), Drop: left != "", Left: left})
}

// firstOf returns the index of the first link with the language lang,
// which is i when the link at i is the first.
func (k *linkCheck) firstOf(i int, lang string) int {
	if k.byLang != nil {
		if j, ok := k.byLang[lang]; ok {
			return j
		}
		k.byLang[lang] = i
		return i
	}
	for j := range i {
		if strings.EqualFold(k.links[j].Lang, lang) {
			return j
		}
	}
	return i
}

// link checks the link a, at index i. It checks the language code, a
// language given twice, and whether the alternate lists the page back.
func (k *linkCheck) link(i int, a sitemap.Alternate, others func(href string) ([]sitemap.Alternate, bool), outside func(href string) string) {
	if msg := k.c.Code(a.Lang); msg != "" {
		k.add(i, "alternate "+a.Href+" left out", "%s", msg)
		return
	}
	lang := a.Lang
	if k.byLang != nil {
		lang = strings.ToLower(lang)
	}
	if j := k.firstOf(i, lang); j != i {
		switch first := k.links[j].Href; {
		case first == a.Href:
			// The same link given twice is written once, and is no
			// problem.
		case strings.EqualFold(a.Lang, XDefault):
			k.add(i, "left out", "a second x-default (%s, the first %s)", a.Href, first)
		default:
			k.add(i, "the second left out", "hreflang %s given twice, for %s and %s", a.Lang, first, a.Href)
		}
		return
	}
	if a.Href == k.loc {
		return
	}
	back, ok := others(a.Href)
	if !ok {
		if msg := outside(a.Href); msg != "" {
			k.add(i, "left out", "hreflang %s alternate %s %s", a.Lang, a.Href, msg)
		}
		return
	}
	k.listed++
	bl, found := k.c.backLang(a.Href, back, k.loc)
	switch {
	case !found:
		// When two language versions do not agree, either may be the
		// wrong one, so the link is a warning and is written. An
		// x-default is no language version. A page that does not list
		// this one back (a language picker with no links of its own)
		// is out of the cluster, and its link is left out.
		left := ""
		if strings.EqualFold(a.Lang, XDefault) {
			left = "left out"
		}
		k.noBack = append(k.noBack, len(k.probs))
		k.add(i, left, "hreflang %s alternate %s does not list this page back (Google ignores a link not returned)", a.Lang, a.Href)
	case strings.EqualFold(bl, XDefault):
		k.asDefault++
	case k.selfLang != "" && !strings.EqualFold(bl, k.selfLang) && !strings.EqualFold(k.selfLang, XDefault):
		k.add(i, "", "hreflang %s alternate %s lists this page back as %s, not as %s", a.Lang, a.Href, bl, k.selfLang)
	}
}

// conclude judges the page's links as a whole, once each link is
// checked. It handles a page that is not among its own alternates.
func (k *linkCheck) conclude() {
	switch {
	case !k.self && len(k.noBack) > 0 && len(k.noBack) == k.listed:
		// These are not this page's links: the page is not among them,
		// and none of their pages lists it. The usual case is a pager
		// that repeats its first page's head. The page gets one
		// warning, not one for each link, and none of the links is
		// written, because Google heeds none of them.
		var hrefs []string
		for _, p := range k.noBack {
			if h := k.links[k.probs[p].Link].Href; !slices.Contains(hrefs, h) {
				hrefs = append(hrefs, h)
			}
		}
		for _, p := range slices.Backward(k.noBack) {
			k.probs = slices.Delete(k.probs, p, p+1)
		}
		k.probs = append(k.probs, Problem{Link: 0, Drop: true, All: true, Left: "none written",
			Msg: "the hreflang links are another page's: this page is not among them, and " + noneBack(hrefs) + " (a pager repeating its first page's links?); Google ignores them"})
	case !k.self && k.listed > 0 && k.asDefault == k.listed:
		// The page is a language picker: every language version names
		// it as its x-default, and it names them. Each of them lists
		// it, as x-default, so it need not list itself among the
		// languages it leads to.
	case !k.self && len(k.links) > 0:
		k.add(0, "", "the page is not among its own hreflang alternates (each page of a cluster lists itself too)")
	}
}

// noneBack says that none of the pages at hrefs lists a page back.
func noneBack(hrefs []string) string {
	switch n := len(hrefs); {
	case n == 1:
		return hrefs[0] + " does not list it back"
	case n == 2:
		return "neither " + hrefs[0] + " nor " + hrefs[1] + " lists it back"
	case n <= 4:
		return "none of " + strings.Join(hrefs[:n-1], ", ") + " and " + hrefs[n-1] + " lists it back"
	default:
		return fmt.Sprintf("none of the %d pages they name lists it back (%s, %s, …)", n, hrefs[0], hrefs[1])
	}
}

// backLang returns the language under which the links of the page at
// href list loc.
func (c *Checker) backLang(href string, links []sitemap.Alternate, loc string) (string, bool) {
	if len(links) <= manyLinks {
		for _, b := range links {
			if b.Href == loc {
				return b.Lang, true
			}
		}
		return "", false
	}
	m, ok := c.back[href]
	if !ok {
		m = make(map[string]string, len(links))
		for _, b := range links {
			if _, dup := m[b.Href]; !dup {
				m[b.Href] = b.Lang
			}
		}
		if c.back == nil {
			c.back = make(map[string]map[string]string)
		}
		c.back[href] = m
	}
	lang, ok := m[loc]
	return lang, ok
}
