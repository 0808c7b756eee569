// Package frontmatter reads a page's own metadata. For a built HTML page
// that is its <head>: robots directives, a meta refresh, the canonical link,
// hreflang alternates and a modified time. It decides nothing: mapping
// applies the inclusion policy to what [Head] reports.
//
// # Reading a head
//
// [HeadReader] reads a page in growing chunks, from 4 KiB up to its limit
// (64 KiB by default), and stops as soon as the head has ended: at </head>,
// at <body>, or at the first element that cannot be in a head. It lexes with
// github.com/tdewolff/parse/v2/html, a zero-allocation HTML lexer (no
// regular expressions over HTML): on a typical 1.7 KB head it is six times
// faster than golang.org/x/net/html's tokenizer and allocates a hundredth
// as much (see BenchmarkHeadLexers). A tag counts only once it is complete,
// so a head cut off by the limit never yields half an attribute; the head
// is then marked Truncated.
//
// Any input is safe: malformed or binary content, invalid UTF-8 and empty
// files give a Head (with Problems) and never a panic.
package frontmatter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tdewolff/parse/v2"
	thtml "github.com/tdewolff/parse/v2/html"
)

// DefaultHeadLimit is the most bytes of a page a HeadReader reads.
const DefaultHeadLimit = 64 << 10

// Head is what a built page's <head> says about the page. URLs are as
// written in the page (entities decoded), not yet resolved.
type Head struct {
	// NoIndex names the directive that keeps the page out of indexes,
	// such as `robots "noindex, follow"`; empty when there is none.
	// Only <meta name="robots"> and <meta name="googlebot"> count, with
	// the directives noindex and none.
	NoIndex string
	// Refresh is the page's <meta http-equiv="refresh">, or nil.
	Refresh *Refresh
	// Canonical is the href of <link rel="canonical">. When several
	// canonical links disagree it is empty and Problems says so.
	Canonical string
	// Base is the href of <base>, against which the page's relative
	// URLs resolve.
	Base string
	// Alternates are the <link rel="alternate" hreflang> of the page, in
	// order, the first for each language.
	Alternates []Alternate
	// Modified is the page's own modified time, from the first of
	// article:modified_time, og:updated_time, <meta name="last-modified">
	// and JSON-LD dateModified that holds a date; zero when none does.
	Modified time.Time
	// ModifiedFrom names Modified's source, such as "article:modified_time".
	ModifiedFrom string
	// Truncated is set when the head did not end within the limit; the
	// Head holds what was read.
	Truncated bool
	// Problems lists what is wrong with the head: a date that does not
	// parse, a refresh without a URL, conflicting canonical links, an
	// invalid hreflang, content that is not HTML.
	Problems []string
}

// Refresh is a <meta http-equiv="refresh">.
type Refresh struct {
	// Delay is the number of seconds before the refresh.
	Delay float64
	// URL is where it goes; empty for a refresh of the page itself.
	URL string
}

// Alternate is a <link rel="alternate" hreflang="Lang" href="Href">.
type Alternate struct {
	Lang, Href string
}

// HeadReader reads heads, reusing its buffer. It is not safe for
// concurrent use; give each goroutine its own.
type HeadReader struct {
	// Limit is the most bytes read of one page; 0 means DefaultHeadLimit.
	Limit int
	buf   []byte
}

// Read reads the head of the page r holds. Its only errors are r's.
func (hr *HeadReader) Read(r io.Reader) (*Head, error) { return hr.ReadSized(r, -1) }

// ReadSized is Read for a page known to hold size bytes (or -1 when
// unknown): it then needs no read to find the end of a short page.
func (hr *HeadReader) ReadSized(r io.Reader, size int64) (*Head, error) {
	limit := hr.Limit
	if limit <= 0 {
		limit = DefaultHeadLimit
	}
	n, chunk := 0, min(4<<10, limit)
	for {
		want := chunk
		if size >= 0 && int64(want) > size {
			want = int(max(size, int64(n)))
		}
		if cap(hr.buf) < want+1 { // +1: the lexer wants room for a NUL
			hr.buf = append(hr.buf[:n:n], make([]byte, want+1-n)...)
		}
		hr.buf = hr.buf[:want]
		m, err := io.ReadFull(r, hr.buf[n:want])
		n += m
		eof := errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || size >= 0 && int64(n) >= size
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, err
		}
		h, ended := parseHead(hr.buf[:n])
		if ended || eof || n >= limit {
			if !ended && !eof {
				h.Truncated = true
			}
			if n == 0 {
				h.Problems = append(h.Problems, "empty file")
			}
			return h, nil
		}
		chunk = min(chunk*4, limit)
	}
}

// headTag reports whether an element may appear in a head; any other ends
// it.
func headTag(name string) bool {
	switch name {
	case "html", "head", "base", "basefont", "bgsound", "link", "meta", "title",
		"noscript", "noframes", "style", "script", "template":
		return true
	}
	return false
}

// rawTag reports whether the lexer returns an element's content as one
// text.
func rawTag(name string) bool {
	switch name {
	case "title", "style", "script", "textarea", "xmp", "iframe", "plaintext":
		return true
	}
	return false
}

// blank reports whether b holds only HTML whitespace.
func blank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' {
			return false
		}
	}
	return true
}

type attr struct{ key, val []byte }

// parseHead reads the head in data, which it may modify (the lexer
// lowercases tag and attribute names in place). It reports whether the
// head ended within data.
func parseHead(data []byte) (*Head, bool) {
	h := &Head{}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a UTF-8 byte-order mark
	var (
		l        = thtml.NewLexer(parse.NewInputBytes(data))
		tag      []byte // the start tag being read (lowercased by the lexer)
		attrs    []attr
		raw      bool // the content of a raw-text element comes next
		ldJSON   bool // that content is JSON-LD
		inert    int  // depth in <noscript> and <template>: their tags do not count
		sawTag   bool
		textEnds bool      // text was read that starts the body, if more follows
		dates    [3]string // article:modified_time, og:updated_time, last-modified
		jsonLD   [][]byte
		canonics []string
	)
	defer func() { h.Canonical, h.Problems = pickCanonical(canonics, h.Problems) }()
	for {
		tt, _ := l.Next()
		if textEnds && tt != thtml.ErrorToken {
			if !sawTag {
				h.Problems = append(h.Problems, "text before any HTML tag; no head read")
			}
			h.finishDates(dates, jsonLD)
			return h, true
		}
		switch tt {
		case thtml.ErrorToken:
			if !sawTag && len(bytes.TrimSpace(data)) > 0 {
				h.Problems = append(h.Problems, "no HTML tags found; no head read")
			}
			h.finishDates(dates, jsonLD)
			return h, false
		case thtml.StartTagToken:
			sawTag = true
			tag = l.Text()
			attrs = attrs[:0]
		case thtml.AttributeToken:
			attrs = append(attrs, attr{l.AttrKey(), unquote(l.AttrVal())})
		case thtml.StartTagCloseToken, thtml.StartTagVoidToken:
			// An element that cannot be in a head ends it, once its tag is
			// complete: "<me" cut at the end of what was read is not one.
			if !headTag(string(tag)) {
				h.finishDates(dates, jsonLD)
				return h, true
			}
			switch string(tag) {
			case "noscript", "template":
				if tt == thtml.StartTagCloseToken {
					inert++
				}
			case "meta":
				if inert == 0 {
					h.meta(attrs, &dates)
				}
			case "link":
				if inert == 0 {
					h.link(attrs, &canonics)
				}
			case "base":
				if inert == 0 && h.Base == "" {
					h.Base = string(attrValue(attrs, "href"))
				}
			}
			raw, ldJSON = false, false
			if tt == thtml.StartTagCloseToken && rawTag(string(tag)) {
				raw = true
				ldJSON = string(tag) == "script" && inert == 0 &&
					bytes.EqualFold(bytes.TrimSpace(attrValue(attrs, "type")), []byte("application/ld+json"))
			}
		case thtml.TextToken:
			if raw {
				if ldJSON {
					jsonLD = append(jsonLD, bytes.Clone(l.Text()))
				}
				raw, ldJSON = false, false
				continue
			}
			// Text in a head starts the body, as a browser sees it: the
			// next token decides, since text that runs to the end of what
			// was read may be the start of a tag ("<" or "<me").
			if inert == 0 && !blank(l.Text()) {
				textEnds = true
			}
		case thtml.EndTagToken:
			switch string(l.Text()) {
			case "head":
				h.finishDates(dates, jsonLD)
				return h, true
			case "noscript", "template":
				if inert > 0 {
					inert--
				}
			}
			raw = false
		case thtml.SVGToken, thtml.MathToken:
			h.finishDates(dates, jsonLD)
			return h, true
		}
	}
}

// unquote strips the quotes of an attribute value and decodes its
// character references.
func unquote(v []byte) []byte {
	if len(v) > 0 && (v[0] == '"' || v[0] == '\'') {
		q := v[0]
		v = v[1:]
		if len(v) > 0 && v[len(v)-1] == q {
			v = v[:len(v)-1]
		}
	}
	if bytes.IndexByte(v, '&') >= 0 {
		return []byte(html.UnescapeString(string(v)))
	}
	return v
}

func attrValue(attrs []attr, key string) []byte {
	for _, a := range attrs {
		if string(a.key) == key {
			return a.val
		}
	}
	return nil
}

// is reports whether v, trimmed, equals the lowercase word in any case.
func is(v []byte, word string) bool {
	return bytes.EqualFold(bytes.TrimSpace(v), []byte(word))
}

func (h *Head) meta(attrs []attr, dates *[3]string) {
	var name, property, equiv, content []byte
	hasContent := false
	for _, a := range attrs {
		switch string(a.key) {
		case "name":
			name = a.val
		case "property":
			property = a.val
		case "http-equiv":
			equiv = a.val
		case "content":
			content, hasContent = a.val, true
		}
	}
	if !hasContent {
		return
	}
	switch {
	case is(name, "robots") || is(name, "googlebot"):
		if h.NoIndex == "" {
			for d := range bytes.SplitSeq(content, []byte(",")) {
				if is(d, "noindex") || is(d, "none") {
					h.NoIndex = fmt.Sprintf("meta %s %q", bytes.ToLower(bytes.TrimSpace(name)), content)
					break
				}
			}
		}
	case is(equiv, "refresh"):
		if h.Refresh == nil {
			if r, ok := parseRefresh(string(content)); ok {
				h.Refresh = r
				if r.URL == "" {
					h.Problems = append(h.Problems, fmt.Sprintf("meta refresh %q has no URL; the page reloads itself", content))
				}
			} else {
				h.Problems = append(h.Problems, fmt.Sprintf("meta refresh %q does not parse; ignored", content))
			}
		}
	case is(property, "article:modified_time") || is(name, "article:modified_time"):
		setOnce(&dates[0], content)
	case is(property, "og:updated_time") || is(name, "og:updated_time"):
		setOnce(&dates[1], content)
	case is(name, "last-modified") || is(equiv, "last-modified"):
		setOnce(&dates[2], content)
	}
}

func setOnce(dst *string, v []byte) {
	if *dst == "" {
		*dst = string(bytes.TrimSpace(v))
	}
}

func (h *Head) link(attrs []attr, canonics *[]string) {
	var rel, href, hreflang []byte
	hasHref := false
	for _, a := range attrs {
		switch string(a.key) {
		case "rel":
			rel = a.val
		case "href":
			href, hasHref = bytes.TrimSpace(a.val), true
		case "hreflang":
			hreflang = bytes.TrimSpace(a.val)
		}
	}
	if !hasHref {
		return
	}
	for r := range bytes.FieldsSeq(rel) {
		switch {
		case bytes.EqualFold(r, []byte("canonical")):
			*canonics = append(*canonics, string(href))
		case bytes.EqualFold(r, []byte("alternate")) && len(hreflang) > 0:
			lang := string(hreflang)
			if !ValidHreflang(lang) {
				h.Problems = append(h.Problems, fmt.Sprintf("hreflang %q is not a language tag (such as en, en-US or x-default); alternate %s ignored", lang, href))
				continue
			}
			for _, a := range h.Alternates {
				if strings.EqualFold(a.Lang, lang) {
					return // the first for a language wins
				}
			}
			h.Alternates = append(h.Alternates, Alternate{Lang: lang, Href: string(href)})
		}
	}
}

// pickCanonical returns the canonical URL when the canonical links agree.
func pickCanonical(canonics []string, problems []string) (string, []string) {
	if len(canonics) == 0 {
		return "", problems
	}
	for _, c := range canonics[1:] {
		if c != canonics[0] {
			return "", append(problems, fmt.Sprintf("canonical links disagree (%q, %q); none is used", canonics[0], c))
		}
	}
	return canonics[0], problems
}

// ValidHreflang reports whether s is an xs:language value, as the sitemap
// schema requires of hreflang: letters, then hyphen-separated groups of
// letters and digits (en, en-US, zh-Hant-TW, x-default).
func ValidHreflang(s string) bool {
	for i, part := range strings.Split(s, "-") {
		if len(part) < 1 || len(part) > 8 {
			return false
		}
		for j := 0; j < len(part); j++ {
			c := part[j]
			letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
			if !letter && (i == 0 || c < '0' || c > '9') {
				return false
			}
		}
	}
	return true
}

// parseRefresh parses the content of a meta refresh as browsers do:
// a delay, then an optional URL after ";" or ",", "url=" and quotes
// optional.
func parseRefresh(s string) (*Refresh, bool) {
	s = strings.TrimLeft(s, " \t\n\r\f")
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 {
		return nil, false
	}
	delay, err := strconv.ParseFloat(strings.TrimRight(s[:i], "."), 64)
	if err != nil {
		return nil, false
	}
	r := &Refresh{Delay: delay}
	rest := strings.TrimLeft(s[i:], " \t\n\r\f")
	if rest == "" {
		return r, true
	}
	if rest[0] != ';' && rest[0] != ',' {
		return nil, false
	}
	rest = strings.TrimLeft(rest[1:], " \t\n\r\f")
	if len(rest) >= 3 && strings.EqualFold(rest[:3], "url") {
		if after := strings.TrimLeft(rest[3:], " \t\n\r\f"); strings.HasPrefix(after, "=") {
			rest = strings.TrimLeft(after[1:], " \t\n\r\f")
		}
	}
	if rest != "" && (rest[0] == '"' || rest[0] == '\'') {
		q := rest[0]
		rest = rest[1:]
		if j := strings.IndexByte(rest, q); j >= 0 {
			rest = rest[:j]
		}
	}
	r.URL = strings.TrimSpace(rest)
	return r, true
}

// finishDates sets Modified from the first date source that parses.
func (h *Head) finishDates(dates [3]string, jsonLD [][]byte) {
	for i, from := range [...]string{"article:modified_time", "og:updated_time", "meta last-modified"} {
		if dates[i] == "" {
			continue
		}
		if t, ok := ParseDate(dates[i]); ok {
			h.Modified, h.ModifiedFrom = t, from
			return
		}
		h.Problems = append(h.Problems, fmt.Sprintf("%s %q is not a date", from, dates[i]))
	}
	for _, block := range jsonLD {
		var doc any
		if err := json.Unmarshal(block, &doc); err != nil {
			h.Problems = append(h.Problems, fmt.Sprintf("JSON-LD does not parse: %v", err))
			continue
		}
		if s := findDateModified(doc); s != "" {
			if t, ok := ParseDate(s); ok {
				h.Modified, h.ModifiedFrom = t, "JSON-LD dateModified"
				return
			}
			h.Problems = append(h.Problems, fmt.Sprintf("JSON-LD dateModified %q is not a date", s))
		}
	}
}

// findDateModified returns the dateModified of a JSON-LD document: of its
// top-level object, of the first object that has one in a top-level array,
// or in its @graph.
func findDateModified(doc any) string {
	switch v := doc.(type) {
	case map[string]any:
		if s, ok := v["dateModified"].(string); ok {
			return s
		}
		if g, ok := v["@graph"]; ok {
			return findDateModified(g)
		}
	case []any:
		for _, item := range v {
			if m, ok := item.(map[string]any); ok {
				if s, ok := m["dateModified"].(string); ok {
					return s
				}
			}
		}
	}
	return ""
}

// dateLayouts are the forms of dates pages and front matter carry.
var dateLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05Z0700",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04:05",
	"2006-01-02T15:04",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02 15:04:05 -0700",
	"2006-01-02 15:04:05 -07:00",
	"2006-01-02 15:04:05 MST",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	time.DateOnly,
	time.RFC1123,
	time.RFC1123Z,
	time.RFC850,
	time.ANSIC,
}

// ParseDate parses a date in any of the forms site generators and pages
// use: RFC 3339 with or without seconds, fraction or zone, a space for the
// T, a date alone, or an HTTP date. A time without a zone is taken as UTC.
func ParseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			if y := t.Year(); y < 1 || y > 9999 {
				return time.Time{}, false
			}
			return t, true
		}
	}
	return time.Time{}, false
}
