package pipeline

// The links a list page's source writes in its own text: a home's
// "[the author](/about/)". Its built page shows them among the entries
// its template lists, and dropNamed tells them apart.

import (
	"bytes"
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// linkRE matches a link that a source's text writes, in the forms of the
// markups and templates that sources are written in. Each alternative
// has one group, the link's target: a Markdown link or image
// ("](target)") or reference ("[label]: target"), an href attribute
// (HTML, JSX's href={"..."}), an autolink (<https://…>), Hugo's ref
// and relref shortcodes, Jekyll's link and post_url tags,
// reStructuredText's `text <target>`_ and ".. _label: target", Org's
// [[target]] and AsciiDoc's link:target[]. A bare URL is not one: only
// some Markdown makes a link of it (Hugo's does, kramdown does not), and
// a mention that the page does not show as a link would hide an entry.
var linkRE = lazyre.MustCompile(`\]\(\s*<?((?:\{\{[^}]*\}\}|\{%[^%]*%\}|\{\w+\}|\|\w+\|)?[^\s)>{]*)` +
	`|(?m:^ {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+))` +
	`|(?i:\bhref\s*=\s*\{?\s*(?:"([^"]*)"|'([^']*)'|` + "`([^`]*)`" + `|([^\s>"'{}]+)))` +
	`|<(https?://[^\s>]+)>` +
	`|\b(?:rel)?ref\s+"([^"]+)"` +
	`|\{%-?\s*(?:link|post_url)\s+([^\s%]+)` +
	"|`[^`<]*<([^>`]+)>`_" +
	`|(?m:^\.\.\s+_[^:\n]+:\s*(\S+))` +
	`|\[\[([^\]]+)\]` +
	`|\blink:([^\s\[]+)\[`)

// sourceLinks counts the links the text of a source writes after its
// front matter, by the name of the page each leads to (linkName).
func sourceLinks(text []byte) map[string]int {
	names := map[string]int{}
	body := sourceBody(text)
	for _, m := range linkRE().FindAllSubmatchIndex(body, -1) {
		for g := 2; g+1 < len(m); g += 2 {
			if m[g] >= 0 {
				if n := linkName(string(body[m[g]:m[g+1]])); n != "" {
					names[n]++
				}
				break
			}
		}
	}
	return names
}

// sourceBody is the text of a source after its front matter: YAML's
// between lines of "---" (the last one "---" or "..."), TOML's between
// lines of "+++". A source without one is its body whole.
func sourceBody(text []byte) []byte {
	text = bytes.TrimPrefix(text, []byte("\xef\xbb\xbf"))
	first, rest, ok := bytes.Cut(text, []byte("\n"))
	if !ok {
		return text
	}
	var ends []string
	switch string(bytes.TrimRight(first, " \t\r")) {
	case "---":
		ends = []string{"---", "..."}
	case "+++":
		ends = []string{"+++"}
	default:
		return text
	}
	for len(rest) > 0 {
		line, after, _ := bytes.Cut(rest, []byte("\n"))
		for _, end := range ends {
			if string(bytes.TrimRight(line, " \t\r")) == end {
				return after
			}
		}
		rest = after
	}
	return text // never closed: no front matter
}

// tagRE matches a template's expression or tag: Liquid's, Nunjucks',
// Go templates' and Hugo's shortcodes ({{ site.baseurl }}, {% link %}).
var tagRE = lazyre.MustCompile(`\{\{.*?\}\}|\{%.*?%\}`)

// liquidLinkRE matches Jekyll's link and post_url tags, and gives their
// path.
var liquidLinkRE = lazyre.MustCompile(`\{%-?\s*(?:link|post_url)\s+([^\s%]+)`)

// schemeRE matches a scheme that is no URL's (file: of Org's
// [[file:about.org]], mailto:): what follows it is the target.
var schemeRE = lazyre.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:([^/]|$)`)

// quotedRE matches a string literal inside a template's expression:
// '/about/' of {{ '/about/' | url }}.
var quotedRE = lazyre.MustCompile(`'([^']+)'|"([^"]+)"`)

// datedRE matches the date at the start of a Jekyll post's file name
// (2024-05-01-hello.md, post_url's 2024-05-01-hello).
var datedRE = lazyre.MustCompile(`^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}-`)

// linkName is the name of the page a link's target leads to, as
// pageName gives a page's: the last element of its path ("setup" of
// /docs/setup/#top, setup.md, /setup/index.html,
// {filename}/2024-05-01-setup.md and {{ '/setup/' | url }}). A target
// whose last element has no letter or digit names no page ("" for
// none).
func linkName(target string) string {
	if m := liquidLinkRE().FindStringSubmatch(target); m != nil {
		target = m[1]
	} else if strings.Contains(target, "{{") || strings.Contains(target, "{%") {
		if m := quotedRE().FindStringSubmatch(target); m != nil {
			target = m[1] + m[2]
		} else {
			target = tagRE().ReplaceAllString(target, "")
		}
	}
	if schemeRE().MatchString(target) {
		_, target, _ = strings.Cut(target, ":")
	}
	target, _, _ = strings.Cut(target, "#")
	target, _, _ = strings.Cut(target, "?")
	target = "/" + strings.TrimRight(target, "/")
	if el := path.Base(target); strings.HasPrefix(el, "index.") || strings.HasPrefix(el, "_index.") {
		target = path.Dir(target) // a folder's page
	}
	return pageName(path.Base(target))
}

// pageName is the name the last element el of a page's URL or a link's
// target goes by: without its extension, a Jekyll post's date or its
// case; "" for one with no letter or digit, or with what no URL's path
// holds unescaped (a template's ${slug}).
func pageName(el string) string {
	if i := strings.LastIndexByte(el, '.'); i > 0 {
		el = el[:i]
	}
	el = strings.ToLower(datedRE().ReplaceAllString(el, ""))
	if strings.ContainsAny(el, "{}$<>\"'`|\\ \t\r\n") ||
		!strings.ContainsFunc(el, func(r rune) bool { return 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r > 0x7f }) {
		return ""
	}
	return el
}
