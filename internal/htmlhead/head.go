package htmlhead

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"time"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"golang.org/x/net/html/charset"
)

// DefaultHeadLimit is the most bytes of a page a HeadReader reads.
const DefaultHeadLimit = 64 << 10

// MaxAttrs is the most attributes a tag of a head may have by default
// (HeadReader.MaxAttrs), and MaxTags the most tags (start and end) a head
// may have (HeadReader.MaxTags): a HeadReader reads a head no further than
// the tag past one, and says so in Problems. Each is a hundred times what
// a real head holds; within them a head's work is bounded at any limit in
// bytes.
const (
	MaxAttrs = 1000
	MaxTags  = 100_000
)

// Head is what a built page's <head> says about the page. URLs are as
// written in the page (entities decoded), not yet resolved.
type Head struct {
	// NoIndex names the directive that keeps the page out of indexes,
	// such as `robots "noindex, follow"`; empty when there is none.
	// Only <meta name="robots"> and <meta name="googlebot"> count, with
	// the directives noindex and none.
	NoIndex string
	// Refresh is the page's <meta http-equiv="refresh">, or nil: the
	// head's, else the first in the body within the bytes read (see
	// [HeadReader.Read]).
	Refresh *Refresh
	// Canonical is the href of <link rel="canonical">. When several
	// canonical links disagree it is empty and Problems says so.
	Canonical string
	// Base is the href of <base>, against which the page's relative
	// URLs resolve.
	Base string
	// Sitemap is the href of the first <link rel="sitemap">, as written:
	// the sitemap a page names (Astro's integration adds one to every
	// page).
	Sitemap string
	// Alternates are the <link rel="alternate" hreflang> of the page, in
	// order, each with its line; a language given twice is there twice
	// (the caller says which counts).
	Alternates []Alternate
	// Modified is the page's own modified time, from the first of
	// article:modified_time, og:updated_time, <meta name="last-modified">
	// and JSON-LD dateModified that holds a date; zero when none does.
	Modified time.Time
	// ModifiedFrom names Modified's source, such as "article:modified_time".
	ModifiedFrom string
	// ErrorShell is set when the page is Next.js's error shell, <html
	// id="__next_error__">: what a static export writes for a page that
	// called redirect() or notFound(), or that threw while rendering.
	// NextRedirect is where such a page redirects, from the NEXT_REDIRECT
	// marker of its body (see [NextRedirect]); the reader of the head
	// leaves it to the caller, which reads the body.
	ErrorShell   bool
	NextRedirect string
	// Lang is the page's <html lang>, lowercased and trimmed ("en-us"):
	// the language of the site a page of a translated site is in.
	Lang string
	// GoImport is set when the head has <meta name="go-import"> or
	// <meta name="go-source">: the tags the go command reads to find a
	// Go module's repository. Titled is set when it has a <title>. A page
	// with the first and not the second is a stub for the go command.
	GoImport, Titled bool
	// Truncated is set when the head did not end within the limit; the
	// Head holds what was read.
	Truncated bool
	// Fragment is set when the file is a piece of a page, not a page: it
	// has no doctype and no <html>, <head>, <body>, <title>, <meta>,
	// <link> or <base> tag, and nothing of its own to show (text outside
	// tags, whitespace aside; an image, a video, a frame), or its first
	// text is a template's directive
	// ({%, {{ or {#, which a build renders away): a bare <script> block
	// (Gatsby's slices), a theme's Jinja partial that a build copied. It
	// is judged from what the head reader reads: it reads such a file on
	// past the element that ends its head, within its limit, as far as
	// its first text or a page's tag; only a file with none of the
	// page's tags pays for it. An empty file is one too, with nothing to
	// show (Problems says it is empty): a theme's list page that rendered
	// nothing (Pelican's tags.html of a theme whose tags.html is a
	// partial). So is a file of text with no tag at all, read to its
	// end (Problems says no HTML tags were found): no HTML document, but
	// text a host or a search engine reads (Google's site-verification
	// file, googleHEX.html, whose whole text is
	// "google-site-verification: googleHEX.html"), or what a template
	// without a layout rendered.
	Fragment bool
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
	// InBody is set when the refresh is in the page's body, not its
	// head (see [HeadReader.Read]): a browser follows it all the same.
	InBody bool
}

// Alternate is a <link rel="alternate" hreflang="Lang" href="Href">, and
// the line of the page its tag starts on (counting from 1).
type Alternate struct {
	Lang, Href string
	Line       int
}

// HeadReader reads heads, reusing its memory from page to page: the Head
// a Read returns is valid until the next Read. It is not safe for
// concurrent use; give each goroutine its own.
type HeadReader struct {
	// Limit is the most bytes read of one page; 0 means DefaultHeadLimit.
	Limit int
	// MaxAttrs and MaxTags bound a head's attributes a tag and tags; 0
	// means the constants of those names.
	MaxAttrs, MaxTags int
	// Context, when set, ends a read once it is done, within about a
	// thousand tokens or attributes: the read returns its error.
	Context context.Context
	buf     []byte
	lex     lexer
	p       headParser
	h       Head
}

// Read reads the head of the page r holds. Its only errors are r's.
// Not knowing the page's size, it takes a page of exactly Limit bytes
// whose head has not ended for a longer one (Truncated): it never reads
// past the limit to tell.
//
// A page whose head has no refresh may have one in its body: a layout
// that wraps a redirect stub puts the stub's <meta http-equiv="refresh">
// there, and a browser follows it all the same. Read looks for it in
// the bytes it read anyway, past the head's end, and reads no more for
// it: a search for "quiv", which a page without one seldom holds, then
// the tokens from the body's start. Only the refresh counts there: a
// noindex or a canonical link in the body is not honoured by search
// engines, and is not read.
func (hr *HeadReader) Read(r io.Reader) (*Head, error) { return hr.ReadSized(r, -1) }

// ReadSized is Read for a page known to hold size bytes (or -1 when
// unknown): it then needs no read to find the end of a short page.
func (hr *HeadReader) ReadSized(r io.Reader, size int64) (*Head, error) {
	limit := hr.Limit
	if limit <= 0 {
		limit = DefaultHeadLimit
	}
	n, chunk := 0, min(4<<10, limit)
	if hr.Context != nil {
		hr.lex.done = hr.Context.Done()
	}
	for {
		if hr.Context != nil && hr.Context.Err() != nil {
			return nil, hr.Context.Err()
		}
		want := chunk
		if size >= 0 && int64(want) > size {
			want = int(max(size, int64(n)))
		}
		if cap(hr.buf) < want {
			hr.buf = append(hr.buf[:n:n], make([]byte, want-n)...)
		}
		hr.buf = hr.buf[:want]
		m, err := io.ReadFull(r, hr.buf[n:want])
		n += m
		eof := errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || size >= 0 && int64(n) >= size
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, err
		}
		h, ended, open := hr.parse(hr.buf[:n], nil)
		if hr.lex.stopped {
			return nil, hr.Context.Err()
		}
		// A file that may be a fragment is read on, as a head that has
		// not ended, until its text or a page's tag tells.
		if ended && !hr.p.undecided() || eof || n >= limit {
			endHead(h, n, ended, eof, open)
			if ended && !eof && hr.p.undecided() {
				h.Truncated = true // cut at the limit before its text or a page's tag told what it is
			}
			hr.p.fragment(n, eof)
			hr.bodyRefresh(hr.buf[:n])
			return h, nil
		}
		chunk = min(chunk*4, limit)
	}
}

// endHead says in h what the end of the n bytes read left: an empty file,
// a head cut at the limit (not eof), a file that ends inside a tag or an
// element (open).
func endHead(h *Head, n int, ended, eof bool, open string) {
	switch {
	case n == 0:
		h.Problems = append(h.Problems, "empty file")
	case !ended && !eof:
		h.Truncated = true
	case !ended && open != "":
		h.Problems = append(h.Problems, "the file ends inside "+open+"; what came before it was read")
	}
}

// ReadPage reads the head of page, a whole file, as ReadSized would, and
// with sr what the page says of its videos and as an article, as sr.Read
// would, in one pass of the tokenizer: sr takes the head's tokens as
// they come, then the rest of the page's. It modifies page (tag and
// attribute names are lowercased in place). The Structured is sr's, the
// Head hr's, until their next read. A page longer than Limit, or read
// with another bound of attributes than sr's, is read twice, its head
// from its first Limit bytes.
func (hr *HeadReader) ReadPage(page []byte, sr *StructuredReader) (*Head, *Structured, error) {
	limit := hr.Limit
	if limit <= 0 {
		limit = DefaultHeadLimit
	}
	if sr == nil || len(page) > limit || cmp.Or(hr.MaxAttrs, MaxAttrs) != cmp.Or(sr.MaxAttrs, MaxAttrs) {
		h, err := hr.ReadSized(bytes.NewReader(page), int64(len(page)))
		if err != nil || sr == nil {
			return h, nil, err
		}
		return h, sr.Read(page), nil
	}
	if hr.Context != nil {
		if err := hr.Context.Err(); err != nil {
			return nil, nil, err
		}
		hr.lex.done = hr.Context.Done()
	}
	sr.begin()
	h, ended, open := hr.parse(page, sr)
	// The head ended before the page did: the rest is sr's alone, and of
	// its tags only the attributes sr looks at are kept.
	if l := &hr.lex; !hr.p.srDone {
		l.attrsOf = structuredAttrs
		for start := l.pos; !sr.token(l, l.next(), start); start = l.pos {
		}
		l.attrsOf = nil
	}
	if hr.lex.stopped {
		return nil, nil, hr.Context.Err()
	}
	endHead(h, len(page), ended, true, open)
	hr.p.fragment(len(page), true)
	if hr.mayRefreshInBody(page) {
		// Read looks for it in the bytes it reads: the head again, as
		// Read reads it, which says the same with the body's refresh.
		h, err := hr.ReadSized(bytes.NewReader(page), int64(len(page)))
		return h, &sr.out, err
	}
	return h, &sr.out, nil
}

// headTag reports whether an element may appear in a head; any other ends
// it.
func headTag(name []byte) bool {
	switch string(name) {
	case "html", "head", "base", "basefont", "bgsound", "link", "meta", "title",
		"noscript", "noframes", "style", "script", "template":
		return true
	}
	return false
}

// pageTag reports whether an element is one only a page has, not a
// fragment of one (Head.Fragment).
func pageTag(name []byte) bool {
	switch string(name) {
	case "html", "head", "body", "title", "meta", "link", "base":
		return true
	}
	return false
}

// shows reports whether an element shows a reader something without text:
// an image, a video, a frame, a drawing (Head.Fragment).
func shows(name []byte) bool {
	switch string(name) {
	case "img", "picture", "video", "audio", "iframe", "svg", "canvas", "object", "embed":
		return true
	}
	return false
}

// doctype reports whether the token tok, a comment's, is a DOCTYPE.
func doctype(tok []byte) bool {
	const d = "<!doctype"
	return len(tok) >= len(d) && bytes.EqualFold(tok[:len(d)], []byte(d))
}

// directive reports whether text, not blank, begins with a template's
// directive: Jinja's, Liquid's, Nunjucks's, Go templates' {% %}, {{ }}
// or {# #}, which a build renders away.
func directive(text []byte) bool {
	t := bytes.TrimLeft(text, " \t\n\f\r")
	return len(t) >= 2 && t[0] == '{' && (t[1] == '%' || t[1] == '{' || t[1] == '#')
}

// fragment sets Head.Fragment from what was read of a file of n bytes,
// all of it when eof (Head.Fragment).
func (p *headParser) fragment(n int, eof bool) {
	p.h.Fragment = !p.page && (!p.ownText || p.tagless) && (p.directive || eof && !p.h.Truncated)
}

// undecided reports whether the head ended at an element of the body and
// nothing read since says whether the file is a page or a fragment.
func (p *headParser) undecided() bool {
	return p.after && !p.page && (!p.ownText || p.cutText) && !p.directive
}

// blank reports whether b holds only HTML whitespace.
func blank(b []byte) bool {
	for _, c := range b {
		if class[c]&cSpace == 0 {
			return false
		}
	}
	return true
}

// parse reads the head in data, which it may modify (tag and attribute
// names are lowercased in place), into hr.h. It reports whether the head
// ended within data, and, when it did not, what was left open at the end
// (a tag, a <title>), which matters when data is the whole file.
func (hr *HeadReader) parse(data []byte, sr *StructuredReader) (h *Head, ended bool, open string) {
	hr.h = Head{Alternates: hr.h.Alternates[:0], Problems: hr.h.Problems[:0]}
	hr.p = headParser{h: &hr.h, lex: &hr.lex, canonics: hr.p.canonics[:0], jsonLD: hr.p.jsonLD[:0], maxTags: cmp.Or(hr.MaxTags, MaxTags), line: 1, sr: sr, langs: hr.p.langs, bodyAt: -1}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a UTF-8 byte-order mark
	hr.lex.maxAttrs = cmp.Or(hr.MaxAttrs, MaxAttrs)
	hr.lex.reset(data)
	ended, open = hr.p.run(&hr.lex)
	hr.p.finish()
	return &hr.h, ended, open
}

// headParser is the state of reading one head.
type headParser struct {
	h           *Head
	attrs       []attr // of the tag being handled
	inert       int    // depth in <template>: its content does not count
	sawTag      bool
	tags        int       // start and end tags so far
	maxTags     int       // the most tags taken
	dates       [3]string // article:modified_time, og:updated_time, last-modified
	jsonLD      [][]byte
	ldJSON      bool // The raw text that comes next is JSON-LD.
	canonics    []string
	charset     string // as declared by <meta charset> or http-equiv content-type; "" for UTF-8
	charsetSeen bool
	// lex is the lexer whose tokens run gives; line is the line at byte
	// linePos of its data, counted only as far as an alternate needs.
	lex           *lexer
	line, linePos int
	tagStart      int // where the start tag being handled begins in the lexer's data
	// sr, when set, takes every token before the head does
	// (HeadReader.ReadPage); srDone once it has taken the end of the
	// page.
	sr     *StructuredReader
	srDone bool
	// langs are the hreflang codes read so far, each kept once (at most
	// maxLangs): a site's pages name the same few, four times a head.
	langs map[string]string
	// What makes a file a page, not a fragment (Head.Fragment): page, a
	// doctype or a tag only a page has; ownText, text of its own;
	// directive, a template's directive as its first text; after, the
	// head has ended at an element of the body, before page or text
	// said which it is: the reader looks on, within what was read, for
	// the first text or page tag.
	page, ownText, directive, after bool
	// tagless: what was read holds text and no tag at all.
	tagless bool
	// cutText: the text that made ownText is a "<", "</" or "{" at the
	// end of what was read, which only the file's end makes text
	// (undecided).
	cutText bool
	// bodyAt is where the body starts in the lexer's data: at the token
	// that ended the head, or after </head>; -1 when the head did not end
	// there (cut, or read no further past a bound).
	bodyAt int
}

// tagLine returns the line the tag just read starts on (p.tagStart).
func (p *headParser) tagLine() int {
	start := max(p.tagStart, p.linePos)
	p.line += bytes.Count(p.lex.data[p.linePos:start], []byte("\n"))
	p.linePos = start
	return p.line
}

// run reads the tokens of l until the head ends or the data runs out.
// It reports whether the head ended. When it did not, open names what
// the data left open at its end, such as a tag cut in the middle.
//
// Start tags and blank text, the most common tokens of a head, are
// handled here; the rest goes to methods named for the token.
func (p *headParser) run(l *lexer) (ended bool, open string) {
	for {
		start := l.pos
		kind := l.next()
		if p.sr != nil && !p.srDone {
			p.srDone = p.sr.token(l, kind, start)
		}
		switch kind {
		case tokEOF:
			return p.endOfData(l)
		case tokStartTag:
			p.sawTag = true
			if p.tooManyTags() {
				p.page = true // The reader stops here, so the file is not judged a fragment.
				return true, ""
			}
			if pageTag(l.name) {
				p.page = true
			}
			switch {
			case p.after:
				if shows(l.name) {
					p.ownText = true
				}
				if p.page || p.ownText {
					return true, ""
				}
			case string(l.name) == "template":
				p.inert++
			case p.inert > 0:
			case !headTag(l.name):
				p.bodyAt = start
				if shows(l.name) {
					p.ownText = true
				}
				if p.page || p.ownText {
					return true, ""
				}
				// The file is a fragment, or a page without a page's
				// tags. Its text tells which, so the reader looks on.
				p.after = true
			default:
				p.attrs, p.tagStart = l.attrs, start
				p.tag(l.name)
				p.ldJSON = string(l.name) == "script" &&
					bytes.EqualFold(bytes.TrimSpace(decode(attrValue(l.attrs, "type"))), []byte("application/ld+json"))
			}
		case tokComment:
			if !p.page && doctype(l.data[start:l.pos]) {
				p.page = true
			}
		case tokRawText:
			if p.ldJSON {
				// finish reads the JSON-LD later. The lexer never
				// decodes or lowercases raw text in place, so the
				// slice stays valid until the data is read again.
				p.jsonLD = append(p.jsonLD, l.text)
				p.ldJSON = false
			}
		case tokText:
			if p.inert > 0 && !p.after || blank(l.text) {
				break
			}
			if p.text(l) {
				if !p.after {
					p.bodyAt = start
				}
				return true, ""
			}
		case tokEndTag:
			if p.endTag(l) {
				if !p.after && p.tags <= p.maxTags {
					p.bodyAt = l.pos
				}
				return true, ""
			}
		}
	}
}

// endOfData handles the end of the data read so far. It reports whether
// the head counts as ended, and what the data left open at its end.
func (p *headParser) endOfData(l *lexer) (ended bool, open string) {
	switch {
	case l.tooMany:
		p.h.Problems = append(p.h.Problems, fmt.Sprintf("a tag with more than %d attributes (limits.head_attributes); the head is read no further", l.maxAttrs))
		p.page = true // The reader stops here, so the file is not judged a fragment.
		return true, ""
	case p.after:
		return true, "" // The head ended at the element where the look began.
	case l.cutTag != nil:
		return false, "a <" + string(l.cutTag) + "> tag"
	case l.openRaw != nil:
		return false, "<" + string(l.openRaw) + ">"
	}
	if !p.sawTag && !blank(l.data) {
		p.h.Problems = append(p.h.Problems, "no HTML tags found; no head read")
		p.tagless = true
	}
	return false, ""
}

// text handles a run of text that is not blank and not inside a
// <template> of the head. It reports whether the head ends here.
//
// A browser takes text in a head as the start of the body. Text that
// runs to the end of what was read may be the start of a tag ("<"), or
// a tag may follow it; the next read tells.
func (p *headParser) text(l *lexer) (stop bool) {
	if !p.ownText && !p.directive {
		if directive(l.text) {
			p.directive = true
		} else {
			p.ownText = true
			// A "<" or "</" at the very end of what was read is text
			// if the file ends there, but it may also start a tag
			// that the next read completes. A "{" may start a
			// template's directive ("{%", "{{", "{#") in the same way.
			p.cutText = l.pos == len(l.data) && (string(l.text) == "<" || string(l.text) == "</" ||
				string(bytes.TrimLeft(l.text, " \t\n\f\r")) == "{")
		}
	}
	if p.after {
		return true
	}
	if l.pos < len(l.data) {
		if !p.sawTag {
			p.h.Problems = append(p.h.Problems, "text before any HTML tag; no head read")
		}
		return true
	}
	return false
}

// endTag handles an end tag. It reports whether the head ends here.
func (p *headParser) endTag(l *lexer) (stop bool) {
	if p.tooManyTags() {
		p.page = true // The reader stops here, so the file is not judged a fragment.
		return true
	}
	if pageTag(l.name) {
		p.page = true
	}
	if p.after {
		return p.page
	}
	switch string(l.name) {
	case "head":
		return p.inert == 0
	case "template":
		if p.inert > 0 {
			p.inert--
		}
	}
	return false
}

// tooManyTags counts a tag and reports whether the head has more than
// p.maxTags, saying so in Problems.
func (p *headParser) tooManyTags() bool {
	if p.tags++; p.tags <= p.maxTags {
		return false
	}
	p.h.Problems = append(p.h.Problems, fmt.Sprintf("more than %d tags (limits.head_tags); the head is read no further", p.maxTags))
	return true
}

// tag handles a complete start tag of the head.
func (p *headParser) tag(name []byte) {
	switch string(name) {
	case "html":
		if string(attrValue(p.attrs, "id")) == "__next_error__" {
			p.h.ErrorShell = true
		}
		if lang := lowerTrim(decode(attrValue(p.attrs, "lang"))); p.h.Lang == "" && len(lang) <= maxLang {
			p.h.Lang = p.lang(lang) // the same few on every page: made once
		}
	case "meta":
		p.meta()
	case "title":
		p.h.Titled = true
	case "link":
		p.link()
	case "base":
		if p.h.Base == "" {
			p.h.Base = string(decode(attrValue(p.attrs, "href")))
		}
	}
}

// maxLang is the longest <html lang> Head.Lang keeps: a language tag
// is a few letters, a region and a script ("zh-hant-tw"); a longer
// value is no tag.
const maxLang = 35

// finish decodes the URLs from the page's charset, drops those that are
// not text, and settles the canonical URL and the modified time.
func (p *headParser) finish() {
	h := p.h
	if dec := p.decoder(); dec != nil {
		h.Base = dec(h.Base)
		for i := range p.canonics {
			p.canonics[i] = dec(p.canonics[i])
		}
		for i := range h.Alternates {
			h.Alternates[i].Href = dec(h.Alternates[i].Href)
		}
	}
	if !p.valid("<base href>", h.Base) {
		h.Base = ""
	}
	p.finishRefresh()
	canonics := p.canonics[:0]
	for _, c := range p.canonics {
		if p.valid("canonical", c) {
			canonics = append(canonics, c)
		}
	}
	alts := h.Alternates[:0]
	for _, a := range h.Alternates {
		if utf8.ValidString(a.Href) || p.valid("hreflang "+a.Lang+" alternate", a.Href) { // what it says made only when said
			alts = append(alts, a)
		}
	}
	h.Alternates = alts
	h.Canonical, h.Problems = pickCanonical(canonics, h.Problems)
	h.finishDates(p.dates, p.jsonLD)
}

// decoder returns the decoder of the URLs of a page that declares a
// charset other than UTF-8; nil for UTF-8.
func (p *headParser) decoder() func(string) string {
	if p.charset == "" {
		return nil
	}
	enc, name := charset.Lookup(p.charset)
	if enc == nil || name == "utf-8" {
		return nil
	}
	return func(s string) string {
		if isASCII(s) {
			return s
		}
		if out, err := enc.NewDecoder().String(s); err == nil {
			return out
		}
		return s
	}
}

// valid reports whether s, the value what names, is valid UTF-8, and
// says in Problems when it is not.
func (p *headParser) valid(what, s string) bool {
	if utf8.ValidString(s) {
		return true
	}
	p.h.Problems = append(p.h.Problems, fmt.Sprintf("%s %q is not valid UTF-8 and no charset says how to read it; ignored", what, diag.Excerpt(s)))
	return false
}

// finishRefresh decodes the refresh's URL from the page's charset, and
// drops it when it is not text.
func (p *headParser) finishRefresh() {
	r := p.h.Refresh
	if r == nil {
		return
	}
	if dec := p.decoder(); dec != nil {
		r.URL = dec(r.URL)
	}
	if !p.valid("meta refresh URL", r.URL) {
		p.h.Refresh = nil
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
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

func (p *headParser) meta() {
	h, dates := p.h, &p.dates
	var name, property, equiv, content []byte
	hasContent := false
	for _, a := range p.attrs {
		switch string(a.key) {
		case "name":
			name = lowerTrim(decode(a.val))
		case "property":
			property = lowerTrim(decode(a.val))
		case "http-equiv":
			equiv = lowerTrim(decode(a.val))
		case "content":
			content, hasContent = a.val, true
		case "charset":
			p.setCharset(decode(a.val))
		}
	}
	if !hasContent {
		return
	}
	switch string(name) {
	case "go-import", "go-source":
		h.GoImport = true
		return
	case "robots", "googlebot":
		if content = decode(content); h.NoIndex == "" && hasNoIndex(content) {
			h.NoIndex = fmt.Sprintf("meta %s %q", name, diag.Excerpt(string(content)))
		}
		return
	case "article:modified_time":
		setOnce(&dates[0], content)
		return
	case "og:updated_time":
		setOnce(&dates[1], content)
		return
	case "last-modified":
		setOnce(&dates[2], content)
		return
	}
	switch string(property) {
	case "article:modified_time":
		setOnce(&dates[0], content)
		return
	case "og:updated_time":
		setOnce(&dates[1], content)
		return
	}
	switch string(equiv) {
	case "refresh":
		p.refresh(content)
	case "last-modified":
		setOnce(&dates[2], content)
	case "content-type":
		if _, params, err := mime.ParseMediaType(string(decode(content))); err == nil {
			p.setCharset([]byte(params["charset"]))
		}
	}
}

// refresh takes the content of a <meta http-equiv="refresh">, as
// written, for the page's Refresh, unless it has one.
func (p *headParser) refresh(content []byte) {
	h := p.h
	if h.Refresh != nil {
		return
	}
	content = decode(content)
	if r, ok := parseRefresh(string(content)); ok {
		h.Refresh = r
		if r.URL == "" {
			h.Problems = append(h.Problems, fmt.Sprintf("meta refresh %q has no URL; the page reloads itself", diag.Excerpt(string(content))))
		}
	} else {
		h.Problems = append(h.Problems, fmt.Sprintf("meta refresh %q does not parse; ignored", diag.Excerpt(string(content))))
	}
}

// quiv is what bodyRefresh looks for before it reads the body's tokens:
// http-equiv as pages write it, but in capitals throughout. A rare
// letter leads, which the search skips to at the memory's speed.
var quiv = []byte("quiv")

// mayRefreshInBody reports whether the head read from data ended at the
// body, with no refresh, and the body holds quiv: it may have a refresh
// (see [HeadReader.Read]).
func (hr *HeadReader) mayRefreshInBody(data []byte) bool {
	at := hr.p.bodyAt
	return at >= 0 && at < len(data) && hr.h.Refresh == nil && !hr.h.Fragment && bytes.Index(data[at:], quiv) >= 0
}

// bodyRefresh takes the first <meta http-equiv="refresh"> of the body
// in data, the bytes read, that has a URL, for the head's Refresh when
// the head has none (see [HeadReader.Read]); one that does not parse is
// passed over, and says nothing in Problems. It reads the body's tokens
// from its start as a browser does, so that one in a comment, a script,
// a <noscript> or a <template> does not count.
func (hr *HeadReader) bodyRefresh(data []byte) {
	if !hr.mayRefreshInBody(data) {
		return
	}
	p, l := &hr.p, &hr.lex
	l.reset(data[p.bodyAt:])
	inert := 0
	for p.h.Refresh == nil {
		switch l.next() {
		case tokEOF:
			return
		case tokStartTag:
			switch string(l.name) {
			case "template":
				inert++
			case "meta":
				if inert == 0 && is(decode(attrValue(l.attrs, "http-equiv")), "refresh") {
					if r, ok := parseRefresh(string(decode(attrValue(l.attrs, "content")))); ok && r.URL != "" {
						p.h.Refresh = r
					}
				}
			}
		case tokEndTag:
			if string(l.name) == "template" && inert > 0 {
				inert--
			}
		}
	}
	p.h.Refresh.InBody = true
	p.finishRefresh()
}

// lowerTrim trims b and lowercases its ASCII letters, in place.
func lowerTrim(b []byte) []byte {
	b = bytes.TrimSpace(b)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return b
}

// hasNoIndex reports whether robots directives include noindex or none.
func hasNoIndex(content []byte) bool {
	for rest := content; ; {
		d := rest
		i := bytes.IndexByte(rest, ',')
		if i >= 0 {
			d, rest = rest[:i], rest[i+1:]
		}
		if is(d, "noindex") || is(d, "none") {
			return true
		}
		if i < 0 {
			return false
		}
	}
}

// setCharset records the first charset the page declares; UTF-8, the
// common case, costs no lookup.
func (p *headParser) setCharset(label []byte) {
	if p.charsetSeen {
		return
	}
	p.charsetSeen = true
	label = bytes.TrimSpace(label)
	if !is(label, "utf-8") && !is(label, "utf8") && len(label) > 0 {
		p.charset = string(label)
	}
}

func setOnce(dst *string, v []byte) {
	if *dst == "" {
		*dst = string(bytes.TrimSpace(decode(v)))
	}
}

func (p *headParser) link() {
	h := p.h
	var rel, href, hreflang, typ []byte
	hasHref := false
	for _, a := range p.attrs {
		switch string(a.key) {
		case "rel":
			rel = decode(a.val)
		case "href":
			href, hasHref = bytes.TrimSpace(decode(a.val)), true
		case "hreflang":
			hreflang = bytes.TrimSpace(decode(a.val))
		case "type":
			typ = bytes.TrimSpace(decode(a.val))
		}
	}
	if !hasHref {
		return
	}
	for rest := rel; len(rest) > 0; {
		// The next space-separated token of rel, without allocating.
		for len(rest) > 0 && blank(rest[:1]) {
			rest = rest[1:]
		}
		end := 0
		for end < len(rest) && !blank(rest[end:end+1]) {
			end++
		}
		r := rest[:end]
		rest = rest[end:]
		switch {
		case len(r) == 0:
		case bytes.EqualFold(r, []byte("canonical")):
			p.canonics = append(p.canonics, string(href))
		case bytes.EqualFold(r, []byte("sitemap")) && h.Sitemap == "":
			h.Sitemap = string(href)
		case bytes.EqualFold(r, []byte("alternate")) && len(hreflang) > 0 && pageType(typ):
			lang := p.lang(hreflang)
			if !ValidHreflang(lang) {
				h.Problems = append(h.Problems, fmt.Sprintf("hreflang %q is not a language tag (such as en, en-US or x-default); alternate %s ignored", diag.Excerpt(lang), diag.Excerpt(string(href))))
				continue
			}
			h.Alternates = append(h.Alternates, Alternate{Lang: lang, Href: p.href(href), Line: p.tagLine()})
		}
	}
}

// pageType reports whether typ, the type of an alternate link, is that
// of a page: none, or HTML's. A feed in a language
// (application/rss+xml, as Rspress' plugin-rss writes it with hreflang)
// is no translation of the page.
func pageType(typ []byte) bool {
	if i := bytes.IndexByte(typ, ';'); i >= 0 {
		typ = bytes.TrimSpace(typ[:i]) // text/html; charset=utf-8
	}
	return len(typ) == 0 || bytes.EqualFold(typ, []byte("text/html")) || bytes.EqualFold(typ, []byte("application/xhtml+xml"))
}

// href returns the href b of an hreflang link as a string: that of the
// page's canonical link or of one of the last few links before it when
// it reads the same, as the page's own language's and x-default's
// usually do.
func (p *headParser) href(b []byte) string {
	for _, c := range p.canonics[max(len(p.canonics)-2, 0):] {
		if c == string(b) {
			return c
		}
	}
	alts := p.h.Alternates
	for _, a := range alts[max(len(alts)-8, 0):] {
		if a.Href == string(b) {
			return a.Href
		}
	}
	return string(b)
}

// maxLangs is the most hreflang codes a HeadReader keeps for the next
// pages.
const maxLangs = 256

// lang returns the hreflang code b as a string, the one made for an
// earlier link when it read the same.
func (p *headParser) lang(b []byte) string {
	if s, ok := p.langs[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(b) <= 64 && len(p.langs) < maxLangs {
		if p.langs == nil {
			p.langs = make(map[string]string)
		}
		p.langs[s] = s
	}
	return s
}

// pickCanonical returns the canonical URL when the canonical links agree.
func pickCanonical(canonics []string, problems []string) (string, []string) {
	if len(canonics) == 0 {
		return "", problems
	}
	for _, c := range canonics[1:] {
		if c != canonics[0] {
			return "", append(problems, fmt.Sprintf("canonical links disagree (%q, %q); none is used", diag.Excerpt(canonics[0]), diag.Excerpt(c)))
		}
	}
	return canonics[0], problems
}
