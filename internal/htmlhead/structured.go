package htmlhead

import (
	"bytes"
	"cmp"
	"html"
)

// StructuredReader finds what a whole page says of the videos it plays and
// of itself as an article, for the video and news sitemaps, with the same
// tokenizer a head is read with:
//
//   - its JSON-LD (<script type="application/ld+json">, the type's
//     parameters and case aside): objects whose @type is or includes
//     VideoObject, and NewsArticle, Article and their kinds
//     (ReportageNewsArticle, AnalysisNewsArticle, BlogPosting …), at the
//     top of a block, in an array, in @graph, and nested in another
//     object (an article's video, a WebPage's mainEntity);
//   - its Open Graph videos (og:video, og:video:url, og:video:secure_url,
//     with og:title, og:description and og:image for their title,
//     description and thumbnail): structured properties, where each
//     og:video starts a video, as does an og:video:url or
//     og:video:secure_url the video before already has;
//   - its <video> elements, outside comments, raw text (script, noscript
//     …) and <template> content: the poster, and the src or the first
//     <source src>;
//   - its <meta property="article:published_time">;
//   - its title and language: the first <title>'s text as a browser
//     makes it (character references decoded, white space collapsed),
//     and the lang of its <html> element.
//
// A JSON-LD block is read by its own scanner, which accepts exactly what
// encoding/json accepts (FuzzJSONLD holds it to that) and allocates only
// the strings it keeps; a block that is not JSON, nests deeper than
// MaxDepth or holds more than MaxItems values is a Problem, and the rest
// of the page is read. Its strings are as json.Unmarshal gives them, and
// a key written twice in one object counts as json.Unmarshal counts it:
// its last value (the videos and articles of an earlier one are not
// found). A StructuredReader is reused from page to page; it is not safe
// for concurrent use.
type StructuredReader struct {
	// MaxAttrs bounds the attributes of a tag, as ImageReader's; 0 means
	// the constant of that name. A tag with more ends the reading there.
	MaxAttrs int
	// MaxDepth bounds the nesting of a JSON-LD block (objects and arrays);
	// 0 means DefaultJSONDepth. Past 10,000, encoding/json's own bound,
	// it is 10,000.
	MaxDepth int
	// MaxItems bounds the values of one JSON-LD block; 0 means
	// DefaultJSONItems.
	MaxItems int

	lex   lexer
	out   Structured
	json  jsonLD
	base  []byte
	title []byte    // scratch for the <title>'s text
	og    []ogVideo // the og:video videos of the page
	// ogArticles are the indexes in out.Articles of the
	// article:published_time articles; tags those of the <video>
	// elements in out.Videos, and open those of the <video> elements
	// not yet ended.
	ogArticles, tags, open []int
	st                     readState
}

// The defaults of StructuredReader's bounds.
const (
	DefaultJSONDepth = 64
	DefaultJSONItems = 100_000
)

// Structured is what a page says of its videos and of itself as an
// article, as StructuredReader.Read finds it.
type Structured struct {
	// Videos are the videos described, in document order; a video that
	// JSON-LD, og:video and a <video> element all describe is here three
	// times (the caller merges them: mapping).
	Videos []Video
	// Articles are the page's descriptions of itself as an article, in
	// document order.
	Articles []Article
	// Base is the page's first <base href>, nil when it has none.
	Base []byte
	// Title is the text of the page's <title>, else its og:title; Lang
	// is its <html lang>. A news article that gives no headline or
	// language of its own has the page's.
	Title, Lang string
	// Problems are the structured data that could not be read, each with
	// the line of its element.
	Problems []Problem
	// Cut reports that a tag with more than MaxAttrs attributes ended the
	// reading.
	Cut bool
}

// Problem is a part of a page that could not be read: a JSON-LD block that
// is not JSON ("line 12: JSON-LD is not JSON: invalid character '}' after
// a value at offset 40", the offset counted from the start of the
// script's text), nests too deep, holds too many values.
type Problem struct {
	Line int
	Msg  string
}

// Video is a video as the page describes it. Each value is as written:
// JSON strings unescaped, attributes' character references decoded,
// surrounding white space trimmed, nothing resolved or checked; "" when
// not said, or when JSON-LD gives a value of another kind (an object, an
// array, a number where a string is meant). Only thumbnailUrl may be a
// string, an ImageObject (its url, else its contentUrl) or an array (its
// first element that is either), and publication a BroadcastEvent or an
// array (the first that says isLiveBroadcast).
//
// A <video> element without a poster, a src or a <source src> describes
// nothing and gives no Video.
type Video struct {
	// From is where it was found: "JSON-LD", "og:video" or "<video>".
	From string
	// Line is the line of the <script>, <meta> or <video> element.
	Line int

	Name, Description string
	// Thumbnail is JSON-LD's thumbnailUrl, og:image, or a <video>'s
	// poster.
	Thumbnail string
	// ContentURL is the video file: contentUrl, og:video (or its :url,
	// :secure_url), a <video>'s src or first <source src>.
	ContentURL string
	// EmbedURL is a player: JSON-LD's embedUrl.
	EmbedURL string
	// Duration is an ISO 8601 duration as written (PT1M30S).
	Duration string
	// UploadDate and Expires are dates as written.
	UploadDate, Expires string
	// FamilyFriendly is isFamilyFriendly, AccessibleForFree
	// isAccessibleForFree (false: a subscription is required), Live
	// publication.isLiveBroadcast, each as written (true, false, "True").
	FamilyFriendly, AccessibleForFree, Live string
}

// Article is a page's description of itself as an article, with its
// values as written (as Video's are).
//
// JSON-LD may describe other pages' articles too: a blog's index lists
// its posts as BlogPosting objects (blogPost, hasPart, itemListElement),
// each with its own URL; the caller tells them apart (URL).
type Article struct {
	// Type is the JSON-LD @type (NewsArticle, Article, BlogPosting …,
	// without a schema: or https://schema.org/ prefix; of an array, the
	// first of these), or "article:published_time" for the Open Graph
	// tag.
	Type string
	// Line is the line of the <script> or <meta> element.
	Line int
	// Headline, DatePublished and InLanguage as written: for the Open
	// Graph tag, og:title and the tag's content. InLanguage is a string
	// or a Language object's alternateName.
	Headline, DatePublished, InLanguage string
	// Name is JSON-LD's name, which some generators write for the title
	// instead of a headline (Hugo's embedded schema template); URL is its
	// url. Both are "" for the Open Graph tag.
	Name, URL string
}

// ogVideo is a video of a page's Open Graph: where it is in
// Structured.Videos, and its og:video, og:video:url and
// og:video:secure_url (has: which the page gave).
type ogVideo struct {
	at   int
	has  uint8
	urls [3][]byte
}

// The Open Graph properties a StructuredReader reads.
const (
	ogNone = iota
	ogVideoURL
	ogVideoURLURL
	ogVideoSecureURL
	ogTitle
	ogDescription
	ogImage
	ogPublished
)

// ogProperty returns which property v names (in any case, white space
// around it), ogNone for one not read.
func ogProperty(v []byte) int {
	v = trimSpace(decode(v))
	for k, name := range [...]string{
		ogVideoURL:       "og:video",
		ogVideoURLURL:    "og:video:url",
		ogVideoSecureURL: "og:video:secure_url",
		ogTitle:          "og:title",
		ogDescription:    "og:description",
		ogImage:          "og:image",
		ogPublished:      "article:published_time",
	} {
		if k != ogNone && bytes.EqualFold(v, []byte(name)) {
			return k
		}
	}
	if bytes.EqualFold(v, []byte("og:image:url")) {
		return ogImage
	}
	return ogNone
}

// isJSONLD reports whether a <script>'s type is application/ld+json, in
// any case, its parameters aside.
func isJSONLD(typ []byte) bool {
	typ = decode(typ)
	if i := bytes.IndexByte(typ, ';'); i >= 0 {
		typ = typ[:i]
	}
	return bytes.EqualFold(trimSpace(typ), []byte("application/ld+json"))
}

// attrText returns the value of the attribute key, decoded and trimmed;
// "" when the tag has none.
func attrText(attrs []attr, key string) string {
	v, _ := attrOf(attrs, key)
	if v = trimSpace(decode(v)); len(v) == 0 {
		return ""
	}
	return string(v)
}

// structuredAttrs says which tags' attributes Read looks at: the others'
// are read past, not kept.
func structuredAttrs(name []byte) bool {
	switch string(name) {
	case "script", "meta", "video", "source", "base", "html":
		return true
	}
	return false
}

// Read reads page whole and returns what it says; the Structured and its
// strings are the reader's until the next Read. Read modifies page (tag
// and attribute names are lowercased in place).
func (sr *StructuredReader) Read(page []byte) *Structured {
	page = bytes.TrimPrefix(page, []byte("\xef\xbb\xbf"))
	sr.begin()
	l := &sr.lex
	l.maxAttrs = cmp.Or(sr.MaxAttrs, MaxAttrs)
	l.reset(page)
	l.attrsOf = structuredAttrs
	for {
		start := l.pos
		if sr.token(l, l.next(), start) {
			return &sr.out
		}
	}
}

// readState is the state of reading one page, from token to token.
type readState struct {
	line, counted int // the line at byte counted
	// og holds the first og:title, og:description, og:image.
	og                   [ogPublished + 1][]byte
	inert, jsonLine      int // jsonLine: the raw text next is a JSON-LD block's, at that line
	baseSeen, langSeen   bool
	titleNext, titleSeen bool // titleNext: the raw text next is the first <title>'s
}

// begin starts reading a page.
func (sr *StructuredReader) begin() {
	out := &sr.out
	*out = Structured{Videos: out.Videos[:0], Articles: out.Articles[:0], Problems: out.Problems[:0]}
	sr.og, sr.ogArticles, sr.tags, sr.open = sr.og[:0], sr.ogArticles[:0], sr.tags[:0], sr.open[:0]
	j := &sr.json
	j.videos, j.articles = &out.Videos, &out.Articles
	j.maxItems = cmp.Or(sr.MaxItems, DefaultJSONItems)
	j.maxDepth = cmp.Or(sr.MaxDepth, DefaultJSONDepth)
	sr.st = readState{line: 1}
}

// lineAt returns the line of byte i of the lexer's data, at or after the
// last asked for.
func (sr *StructuredReader) lineAt(l *lexer, i int) int {
	st := &sr.st
	st.line += bytes.Count(l.data[st.counted:i], []byte("\n"))
	st.counted = i
	return st.line
}

// token takes the token of the given kind that l has just read. The
// token starts at byte start of l's data. token reports whether the page
// has ended; sr.out then holds what the page says. The lexer may belong
// to a HeadReader, which passes on every token from the start of the
// page (see HeadReader.ReadPage).
//
// Inside a <template>, token counts only the nesting of templates: the
// template's content is not part of the page.
func (sr *StructuredReader) token(l *lexer, kind tokenKind, start int) bool {
	out, st := &sr.out, &sr.st
	switch kind {
	case tokEOF:
		sr.finish(st.og[ogTitle], st.og[ogDescription], st.og[ogImage])
		out.Cut = l.tooMany
		return true
	case tokStartTag:
		name := string(l.name)
		if name == "template" {
			st.inert++
		}
		if st.inert > 0 {
			return false
		}
		switch name {
		case "html":
			// A later <html> gives the root element the attributes it
			// lacks.
			if _, ok := attrOf(l.attrs, "lang"); ok && !st.langSeen {
				st.langSeen, out.Lang = true, attrText(l.attrs, "lang")
			}
		case "title":
			st.titleNext, st.titleSeen = !st.titleSeen, true
		case "script":
			if t, ok := attrOf(l.attrs, "type"); ok && isJSONLD(t) {
				st.jsonLine = sr.lineAt(l, start)
			}
		case "base":
			if href, ok := attrOf(l.attrs, "href"); ok && !st.baseSeen {
				st.baseSeen = true
				sr.base = append(sr.base[:0], decode(href)...)
				if sr.base == nil {
					sr.base = []byte{} // A <base href> without a value has the empty one.
				}
				out.Base = sr.base
			}
		case "meta":
			sr.meta(l, start)
		case "video":
			sr.video(l, start)
		case "source":
			if n := len(sr.open); n > 0 {
				if v := &out.Videos[sr.open[n-1]]; v.ContentURL == "" {
					v.ContentURL = attrText(l.attrs, "src")
				}
			}
		}
	case tokRawText:
		if st.titleNext {
			out.Title, st.titleNext = sr.titleText(l.text), false
		}
		if st.jsonLine > 0 {
			if j := &sr.json; !j.read(l.text, st.jsonLine) {
				out.Problems = append(out.Problems, Problem{Line: st.jsonLine, Msg: j.msg})
			}
			st.jsonLine = 0
		}
	case tokEndTag:
		switch name := string(l.name); {
		case name == "template":
			if st.inert > 0 {
				st.inert--
			}
		case name == "video" && st.inert == 0:
			if n := len(sr.open); n > 0 {
				sr.open = sr.open[:n-1]
			}
		}
	}
	return false
}

// meta takes a <meta> tag that begins at byte start of l's data. It
// keeps the Open Graph properties the reader reads and ignores the rest.
func (sr *StructuredReader) meta(l *lexer, start int) {
	out, st := &sr.out, &sr.st
	p := ogNone
	for _, key := range [...]string{"property", "name"} {
		if v, ok := attrOf(l.attrs, key); ok && p == ogNone {
			p = ogProperty(v)
		}
	}
	c, _ := attrOf(l.attrs, "content")
	if c = trimSpace(decode(c)); p == ogNone || len(c) == 0 {
		return
	}
	switch p {
	case ogTitle, ogDescription, ogImage:
		if st.og[p] == nil {
			st.og[p] = c
		}
	case ogPublished:
		sr.ogArticles = append(sr.ogArticles, len(out.Articles))
		out.Articles = append(out.Articles, Article{Type: "article:published_time", Line: sr.lineAt(l, start), DatePublished: string(c)})
	default: // og:video, og:video:url, og:video:secure_url
		// These are structured properties. An og:video starts a new
		// video. So does an og:video:url or og:video:secure_url when
		// the video before already has one.
		k := p - ogVideoURL
		if n := len(sr.og); n == 0 || k == 0 || sr.og[n-1].has&(1<<k) != 0 {
			sr.og = append(sr.og, ogVideo{at: len(out.Videos)})
			out.Videos = append(out.Videos, Video{From: "og:video", Line: sr.lineAt(l, start)})
		}
		v := &sr.og[len(sr.og)-1]
		v.has |= 1 << k
		v.urls[k] = c
	}
}

// video takes a <video> start tag that begins at byte start of l's data.
// It adds a Video, which a <source> inside the element may complete.
func (sr *StructuredReader) video(l *lexer, start int) {
	out := &sr.out
	name := attrText(l.attrs, "title")
	if name == "" {
		name = attrText(l.attrs, "aria-label")
	}
	sr.tags = append(sr.tags, len(out.Videos))
	sr.open = append(sr.open, len(out.Videos))
	out.Videos = append(out.Videos, Video{
		From: "<video>", Line: sr.lineAt(l, start), Name: name,
		Thumbnail:  attrText(l.attrs, "poster"),
		ContentURL: attrText(l.attrs, "src"),
	})
}

// titleText returns the text of a <title> as document.title gives it:
// character references decoded, ASCII white space stripped from its ends
// and collapsed to one space within.
func (sr *StructuredReader) titleText(raw []byte) string {
	text := raw
	if bytes.IndexByte(raw, '&') >= 0 {
		text = []byte(html.UnescapeString(string(raw)))
	}
	b, space := sr.title[:0], false
	for _, c := range text {
		if isSpace(c) {
			space = len(b) > 0
			continue
		}
		if space {
			b, space = append(b, ' '), false
		}
		b = append(b, c)
	}
	sr.title = b
	return string(b)
}

// finish gives the Open Graph videos their URL and the page's og:title,
// og:description and og:image, the article:published_time articles the
// og:title, and the page the og:title when it has no <title> text; and
// drops the <video> elements that describe nothing.
func (sr *StructuredReader) finish(ogTitle, description, image []byte) {
	out := &sr.out
	var t string // og:title, made a string once
	if len(sr.og) > 0 || len(sr.ogArticles) > 0 {
		t = string(ogTitle)
	}
	if len(sr.og) > 0 {
		d, i := string(description), string(image)
		for _, g := range sr.og {
			v := &out.Videos[g.at]
			u := g.urls[ogVideoSecureURL-ogVideoURL] // secure_url, else url, else og:video
			for k := ogVideoURLURL - ogVideoURL; k >= 0 && len(u) == 0; k-- {
				u = g.urls[k]
			}
			v.ContentURL = string(u)
			v.Name, v.Description, v.Thumbnail = t, d, i
		}
	}
	for _, k := range sr.ogArticles {
		out.Articles[k].Headline = t
	}
	if out.Title == "" && len(ogTitle) > 0 {
		if t == "" {
			t = string(ogTitle)
		}
		out.Title = t
	}
	n, next := 0, 0 // next: the next of sr.tags
	for k, v := range out.Videos {
		if next < len(sr.tags) && sr.tags[next] == k {
			next++
			if v.ContentURL == "" && v.Thumbnail == "" {
				continue
			}
		}
		out.Videos[n] = v
		n++
	}
	clear(out.Videos[n:])
	out.Videos = out.Videos[:n]
}
