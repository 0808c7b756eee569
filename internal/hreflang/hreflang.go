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

// Check checks the hreflang links of the page at loc. others gives the
// links of another page of the set and whether the set has it; outside
// says what is wrong with an alternate the set does not have ("" when
// it is to be kept unchecked, such as a page on a host the site allows).
func (c *Checker) Check(loc string, links []sitemap.Alternate, others func(href string) ([]sitemap.Alternate, bool), outside func(href string) string) []Problem {
	var probs []Problem
	// left is what a writer leaves out: "" for a warning only.
	add := func(i int, left string, format string, args ...any) {
		probs = append(probs, Problem{Link: i, Msg: fmt.Sprintf(format, args...), Drop: left != "", Left: left})
	}
	self, selfLang := false, ""
	for _, a := range links {
		if a.Href == loc && c.Code(a.Lang) == "" {
			self, selfLang = true, a.Lang
			break
		}
	}
	var byLang map[string]int // with many links; else a look back
	if len(links) > manyLinks {
		byLang = make(map[string]int, len(links))
	}
	firstOf := func(i int, lang string) int {
		if byLang != nil {
			if j, ok := byLang[lang]; ok {
				return j
			}
			byLang[lang] = i
			return i
		}
		for j := range i {
			if strings.EqualFold(links[j].Lang, lang) {
				return j
			}
		}
		return i
	}
	var noBack []int // the problems of alternates that do not list loc back
	listed := 0      // the alternates of the set, but loc
	asDefault := 0   // those that list loc back as their x-default
	for i, a := range links {
		if msg := c.Code(a.Lang); msg != "" {
			add(i, "alternate "+a.Href+" left out", "%s", msg)
			continue
		}
		lang := a.Lang
		if byLang != nil {
			lang = strings.ToLower(lang)
		}
		if j := firstOf(i, lang); j != i {
			switch {
			case links[j].Href == a.Href:
				continue // said twice alike: written once, below
			case strings.EqualFold(a.Lang, XDefault):
				add(i, "left out", "a second x-default (%s, the first %s)", a.Href, links[j].Href)
			default:
				add(i, "the second left out", "hreflang %s given twice, for %s and %s", a.Lang, links[j].Href, a.Href)
			}
			continue
		}
		if a.Href == loc {
			continue
		}
		back, ok := others(a.Href)
		if !ok {
			if msg := outside(a.Href); msg != "" {
				add(i, "left out", "hreflang %s alternate %s %s", a.Lang, a.Href, msg)
			}
			continue
		}
		listed++
		if bl, found := c.backLang(a.Href, back, loc); !found {
			// Of two language versions that do not agree, either may be
			// the wrong one: the link is a warning, and written. An
			// x-default is no language version: a page that does not
			// list this one back (a language picker with no links of
			// its own) is out of the cluster, and the link is left out.
			left := ""
			if strings.EqualFold(a.Lang, XDefault) {
				left = "left out"
			}
			noBack = append(noBack, len(probs))
			add(i, left, "hreflang %s alternate %s does not list this page back (Google ignores a link not returned)", a.Lang, a.Href)
		} else if strings.EqualFold(bl, XDefault) {
			asDefault++
		} else if selfLang != "" && !strings.EqualFold(bl, selfLang) && !strings.EqualFold(selfLang, XDefault) && !strings.EqualFold(bl, XDefault) {
			add(i, "", "hreflang %s alternate %s lists this page back as %s, not as %s", a.Lang, a.Href, bl, selfLang)
		}
	}
	switch {
	case !self && len(noBack) > 0 && len(noBack) == listed:
		// Not this page's links: it is not among them and none of their
		// pages lists it. A pager that repeats its first page's head is
		// the usual case: one warning for the page, not one a link, and
		// nothing of them written, as Google heeds none.
		var hrefs []string
		for _, k := range noBack {
			if h := links[probs[k].Link].Href; !slices.Contains(hrefs, h) {
				hrefs = append(hrefs, h)
			}
		}
		for _, k := range slices.Backward(noBack) {
			probs = slices.Delete(probs, k, k+1)
		}
		probs = append(probs, Problem{Link: 0, Drop: true, All: true, Left: "none written",
			Msg: "the hreflang links are another page's: this page is not among them, and " + noneBack(hrefs) + " (a pager repeating its first page's links?); Google ignores them"})
	case !self && listed > 0 && asDefault == listed:
		// A language picker: every language version names it as its
		// x-default, and it names them. Each of them lists it, as
		// x-default; it need not list itself among the languages it
		// leads to.
	case !self && len(links) > 0:
		add(0, "", "the page is not among its own hreflang alternates (each page of a cluster lists itself too)")
	}
	return probs
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
