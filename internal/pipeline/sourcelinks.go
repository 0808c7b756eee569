package pipeline

// The links that a list page's source writes in its own text, such as a
// home page's "[the author](/about/)". The built page shows them among
// the entries its template lists, and dropNamed tells them apart.

import (
	"bytes"
	"path"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// linkRE matches a link that a source's text writes, in the forms of
// the markups and templates that sources are written in. Each
// alternative has one group, the link's target. The forms are: a
// Markdown link or image ("](target)"); an href attribute (HTML, JSX's
// href={"..."}, a template's tag in its value: href="{{< relref "a.md"
// >}}"); an autolink (<https://…>); Hugo's ref and relref shortcodes
// (positional or path="…") and a shortcode's link or url parameter;
// Jekyll's link and post_url tags; reStructuredText's `text <target>`_;
// Org's [[target]]; and AsciiDoc's link:target[]. A reference's
// definition ("[label]: target", ".. _label: target") is not a link,
// but each use of its label is (references). A bare URL is not a link
// either. Only some Markdown makes a link of it (Hugo's does, kramdown
// does not), and a mention that the page does not show as a link would
// hide an entry.
var linkRE = lazyre.MustCompile(`\]\(\s*<?((?:\{\{[^}]*\}\}|\{%[^%]*%\}|\{\w+\}|\|\w+\|)?[^\s)>{]*)` +
	`|(?i:\bhref\s*=\s*\{?\s*(?:"((?:\{\{.*?\}\}|\{%.*?%\}|[^"])*)"|'([^']*)'|` + "`([^`]*)`" + `|([^\s>"'{}]+)))` +
	`|<(https?://[^\s>]+)>` +
	`|\b(?:rel)?ref\s+(?:path\s*=\s*)?"([^"]+)"` +
	`|\{\{[<%][^}]*?\b(?:link|url)\s*=\s*"([^"]+)"` +
	`|\{%-?\s*(?:link|post_url)\s+([^\s%]+)` +
	"|`[^`<]*<([^>`]+)>`_" +
	`|\[\[([^\]]+)\]` +
	`|\blink:([^\s\[]+)\[`)

// sourceLinks counts the links that the text of the source name writes
// after its front matter, by the name of the page each leads to
// (linkName). Each use of a reference's label counts once, and its
// definition does not count. What the built page does not show as a
// link counts for nothing: code (a Markdown source's fenced and
// indented blocks and code spans, a reStructuredText source's literal
// blocks and inline literals) and HTML comments (unshown).
func sourceLinks(name string, text []byte) map[string]int {
	names := map[string]int{}
	count := func(target string) {
		if n := linkName(target); n != "" {
			names[n]++
		}
	}
	body := unshown(name, bytes.Clone(sourceBody(text)))
	body = references(body, count)
	for _, m := range linkRE().FindAllSubmatchIndex(body, -1) {
		for g := 2; g+1 < len(m); g += 2 {
			if m[g] >= 0 {
				count(string(body[m[g]:m[g+1]]))
				break
			}
		}
	}
	return names
}

// Reference links: their definitions, and the uses of their labels.
var (
	// mdDefRE matches a Markdown reference's definition, "[label]:
	// target" on a line of its own, and gives its label and target.
	mdDefRE = lazyre.Regexp{Expr: `(?m)^ {0,3}\[([^\]\n]+)\]:[ \t]*<?([^\s>]+)>?.*$`}
	// mdUseRE matches a Markdown text in brackets, and the label in
	// brackets after it: "[text][label]", "[label][]" and "[label]" (a
	// text may hold one level of brackets, as "[![logo][img]][home]").
	mdUseRE = lazyre.Regexp{Expr: `\[((?:[^\[\]\n\\]|\\.|\[[^\[\]\n]*\])*)\](?:\[([^\[\]\n]*)\])?`}
	// rstDefRE matches a reStructuredText hyperlink target with a URL,
	// ".. _label: target", and gives its label (in backquotes or not)
	// and target.
	rstDefRE = lazyre.Regexp{Expr: "(?m)^[ \t]*\\.\\.[ \t]+_(`[^`\n]+`|[^:`\n]+):[ \t]+(\\S+)[ \t]*$"}
	// rstUseRE matches a reStructuredText reference, "`label`_" or
	// "label_", and gives its label (references checks what is around
	// it).
	rstUseRE = lazyre.Regexp{Expr: "`([^`<>\n]+)`_|([A-Za-z0-9]+(?:[-_.+:][A-Za-z0-9]+)*)_"}
)

// references calls count with the target of each use of a reference's
// label in body, for Markdown and reStructuredText. It returns body
// without the definitions, whose targets the page does not show.
func references(body []byte, count func(target string)) []byte {
	md := map[string]string{}
	for _, m := range mdDefRE.Get().FindAllSubmatchIndex(body, -1) {
		if body[m[2]] == '^' {
			continue // a footnote, "[^1]: text"
		}
		if label := refLabel(body[m[2]:m[3]]); md[label] == "" {
			md[label] = string(body[m[4]:m[5]]) // the first definition of a label counts
		}
		blank(body[m[0]:m[1]])
	}
	rst := map[string]string{}
	for _, m := range rstDefRE.Get().FindAllSubmatchIndex(body, -1) {
		if label := refLabel(bytes.Trim(body[m[2]:m[3]], "`")); rst[label] == "" {
			rst[label] = string(body[m[4]:m[5]])
		}
		blank(body[m[0]:m[1]])
	}
	if len(md) > 0 {
		for _, m := range mdUseRE.Get().FindAllSubmatchIndex(body, -1) {
			label := body[m[2]:m[3]]
			if m[4] >= 0 && m[5] > m[4] {
				label = body[m[4]:m[5]] // [text][label]
			} else if m[4] < 0 && m[1] < len(body) && body[m[1]] == '(' {
				continue // an inline link, [text](target)
			}
			if t, ok := md[refLabel(label)]; ok {
				count(t)
			}
		}
	}
	if len(rst) > 0 {
		for _, m := range rstUseRE.Get().FindAllSubmatchIndex(body, -1) {
			var label []byte
			if m[2] >= 0 {
				label = body[m[2]:m[3]] // `label`_
			} else {
				label = body[m[4]:m[5]] // label_, a word of its own
				if m[0] > 0 && (isWordByte(body[m[0]-1]) || body[m[0]-1] == '`') {
					continue
				}
			}
			if m[1] < len(body) && (isWordByte(body[m[1]]) || body[m[1]] == '_') {
				continue // part of a longer word, or an anonymous reference (__)
			}
			if t, ok := rst[refLabel(label)]; ok {
				count(t)
			}
		}
	}
	return body
}

// isWordByte reports whether c is a letter, a digit or an underscore
// (or a byte of a character past ASCII).
func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c >= 0x80
}

// refLabel is a reference's label as its definition and its uses match
// it: without regard to case or to runs of white space.
func refLabel(label []byte) string {
	return strings.ToLower(strings.Join(strings.Fields(string(label)), " "))
}

// sourceBody returns the text of a source after its front matter. YAML
// front matter sits between lines of "---" (the last one "---" or
// "..."), and TOML's between lines of "+++". A source without front
// matter is its body whole.
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
	return text // never closed, so there is no front matter
}

// tagRE matches a template's expression or tag: Liquid's, Nunjucks',
// Go templates' and Hugo's shortcodes ({{ site.baseurl }}, {% link %}).
var tagRE = lazyre.MustCompile(`\{\{.*?\}\}|\{%.*?%\}`)

// liquidLinkRE matches Jekyll's link and post_url tags, and gives their
// path.
var liquidLinkRE = lazyre.MustCompile(`\{%-?\s*(?:link|post_url)\s+([^\s%]+)`)

// schemeRE matches a scheme that belongs to no URL, such as file: in
// Org's [[file:about.org]], or mailto:. What follows it is the target.
var schemeRE = lazyre.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:([^/]|$)`)

// quotedRE matches a string literal inside a template's expression,
// such as '/about/' in {{ '/about/' | url }}.
var quotedRE = lazyre.MustCompile(`'([^']+)'|"([^"]+)"`)

// datedRE matches the date at the start of a Jekyll post's file name
// (2024-05-01-hello.md, post_url's 2024-05-01-hello).
var datedRE = lazyre.MustCompile(`^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}-`)

// linkName returns the name of the page a link's target leads to, as
// pageName gives a page's name. It is the last element of the target's
// path: "setup" for /docs/setup/#top, setup.md, /setup/index.html,
// {filename}/2024-05-01-setup.md and {{ '/setup/' | url }}. A target
// whose last element has no letter or digit names no page, and gives
// "".
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

// pageName returns the name that the last element el of a page's URL or
// a link's target goes by: without its extension, a Jekyll post's date,
// or its case. It returns "" for an element with no letter or digit, or
// with a character that no URL's path holds unescaped (a template's
// ${slug}).
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

// The markups whose code unshown leaves out, by a source's extension.
var (
	markdownExts = []string{".md", ".markdown", ".mdown", ".mkd", ".mkdn", ".mdx"}
	rstExts      = []string{".rst", ".rest"}
)

// unshown blanks out (blank) what the body of the source name holds
// that its built page does not show as links. That is code, whose text
// is shown as written, and HTML comments, which are not shown at all.
// In Markdown (by the name's extension), code is a fenced block (``` or
// ~~~), an indented block (four spaces or a tab, after a blank line
// that does not end a list's item, not in MDX) and a code span (`…`,
// “…“). In reStructuredText, code is an inline literal (“…“) and the
// literal block after a paragraph that ends with "::" or a code
// directive. Other markups' code is read as text.
func unshown(name string, body []byte) []byte {
	ext := strings.ToLower(path.Ext(name))
	switch {
	case slices.Contains(markdownExts, ext):
		markdownCode(body, ext != ".mdx")
		if ext != ".mdx" {
			codeSpans(body)
		}
	case slices.Contains(rstExts, ext):
		rstLiterals(body)
	}
	blankBetween(body, "<!--", "-->", true)
	return body
}

// blank replaces the bytes of b with spaces, except line ends, so that
// the text around it keeps its lines.
func blank(b []byte) {
	for i, c := range b {
		if c != '\n' && c != '\r' {
			b[i] = ' '
		}
	}
}

// blankBetween blanks out each stretch of body from open to the next
// close after it, both included. When toEnd is set (an HTML comment), a
// stretch that is not closed runs to the end of body. Otherwise an
// unclosed stretch is not blanked.
func blankBetween(body []byte, open, close string, toEnd bool) {
	for i := 0; ; {
		start := bytes.Index(body[i:], []byte(open))
		if start < 0 {
			return
		}
		start += i + len(open)
		end := bytes.Index(body[start:], []byte(close))
		if end < 0 {
			if toEnd {
				blank(body[start-len(open):])
			}
			return
		}
		end += start + len(close)
		blank(body[start-len(open) : end])
		i = end
	}
}

// lines calls fn with each line of body (its end aside) and its
// offset.
func lines(body []byte, fn func(line []byte, at int)) {
	for at := 0; at < len(body); {
		end := bytes.IndexByte(body[at:], '\n')
		if end < 0 {
			end = len(body) - at
		}
		fn(body[at:at+end], at)
		at += end + 1
	}
}

// indentOf returns the width of the white space that starts line, with
// a tab counting to the next multiple of four, and whether the line is
// blank.
func indentOf(line []byte) (width int, isBlank bool) {
	for _, c := range line {
		switch c {
		case ' ':
			width++
		case '\t':
			width += 4 - width%4
		case '\r':
		default:
			return width, false
		}
	}
	return width, true
}

// listItemRE matches the start of a Markdown list's item: "- ", "* ",
// "+ ", "1. ", "1) ".
var listItemRE = lazyre.Regexp{Expr: `^[ \t]*(?:[-*+]|[0-9]{1,9}[.)])(?:[ \t]|$)`}

// markdownCode blanks out the fenced code blocks of a Markdown body, and
// its indented code blocks where indented is set.
func markdownCode(body []byte, indented bool) {
	var fence []byte // the open block's fence: its character, as many times as written
	inIndented := false
	// afterBlank says the line before was blank, or there was none, or it
	// was a fence's end. inList says the last block was a list's.
	afterBlank, inList := true, false
	lines(body, func(line []byte, at int) {
		width, isBlank := indentOf(line)
		trimmed := bytes.TrimLeft(line, " \t>")
		switch {
		case fence != nil:
			if run := leading(trimmed, fence[0]); run >= len(fence) && len(bytes.TrimSpace(trimmed[run:])) == 0 {
				fence, afterBlank, inList = nil, true, false
			}
			blank(line)
			return
		case inIndented && (isBlank || width >= 4):
			blank(line)
			return
		}
		inIndented = false
		if c := firstByte(trimmed); c == '`' || c == '~' {
			run := leading(trimmed, c)
			if run >= 3 && (c == '~' || !bytes.ContainsRune(trimmed[run:], '`')) {
				fence = bytes.Repeat([]byte{c}, run)
				blank(line)
				afterBlank, inList = false, false
				return
			}
		}
		if indented && !isBlank && width >= 4 && afterBlank && !inList {
			inIndented = true
			blank(line)
			return
		}
		if !isBlank {
			// A line of a list's item, or indented under one, keeps
			// the list going: an indented line after it is its text.
			inList = listItemRE.Get().Match(line) || width > 0 && inList
		}
		afterBlank = isBlank
	})
}

// leading returns how many times b starts with c.
func leading(b []byte, c byte) int {
	n := 0
	for n < len(b) && b[n] == c {
		n++
	}
	return n
}

// firstByte returns the first byte of b, or 0 for none.
func firstByte(b []byte) byte {
	if len(b) == 0 {
		return 0
	}
	return b[0]
}

// codeSpans blanks out the code spans of a Markdown body. A span is a
// run of backticks, up to the next run of as many. Without such a run,
// the backticks are text. A backtick after a backslash is text. Each
// run is looked at once, whatever the body.
func codeSpans(body []byte) {
	type run struct{ start, n int }
	var runs []run
	for i := 0; i < len(body); {
		if body[i] != '`' || i > 0 && body[i-1] == '\\' {
			i++
			continue
		}
		n := leading(body[i:], '`')
		runs = append(runs, run{i, n})
		i += n
	}
	// next[i] is the index of the next run as long as runs[i], -1 for
	// none.
	next := make([]int, len(runs))
	last := map[int]int{}
	for i := len(runs) - 1; i >= 0; i-- {
		next[i] = -1
		if j, ok := last[runs[i].n]; ok {
			next[i] = j
		}
		last[runs[i].n] = i
	}
	for i := 0; i < len(runs); i++ {
		if j := next[i]; j >= 0 {
			blank(body[runs[i].start : runs[j].start+runs[j].n])
			i = j
		}
	}
}

// rstCodeRE matches a reStructuredText directive whose content is code.
var rstCodeRE = lazyre.Regexp{Expr: `^[ \t]*\.\.[ \t]+(?:code|code-block|sourcecode)::`}

// rstLiterals blanks out the inline literals of a reStructuredText
// body, and its literal blocks. A literal block is the lines indented
// more than the paragraph before them that ends with "::" (or than the
// code directive).
func rstLiterals(body []byte) {
	blankBetween(body, "``", "``", false)
	literal := -1 // the indent the literal block's lines exceed; -1 outside a block
	lines(body, func(line []byte, at int) {
		width, isBlank := indentOf(line)
		if literal >= 0 {
			if isBlank {
				return
			}
			if width > literal {
				blank(line)
				return
			}
			literal = -1
		}
		trimmed := bytes.TrimRight(line, " \t\r")
		if rstCodeRE.Get().Match(line) || bytes.HasSuffix(trimmed, []byte("::")) && !bytes.HasPrefix(bytes.TrimLeft(line, " \t"), []byte("..")) {
			literal = width
		}
	})
}
