package htmlhead

import (
	"bytes"
	"html"
)

// lexer splits the start of an HTML document into the tokens a head reader
// needs. It follows the tokenizer of the WHATWG HTML standard (§13.2.5) in
// every state a document's start reaches: data, tags and their attributes,
// comments, DOCTYPEs and bogus comments, the raw text of script, style,
// title and the other raw text elements (with script's escapes), and
// plaintext. It does not build a tree, decode character references (decode
// does that for the values used) or replace NUL bytes.
//
// It exists for speed: a head is mostly quoted attribute values, which it
// skips with bytes.IndexByte, where a general lexer steps byte by byte
// (BenchmarkHeadLexers). FuzzLexer checks it token for token against
// golang.org/x/net/html's tokenizer.
type lexer struct {
	data []byte
	pos  int
	// raw is the raw text element whose content comes next; plaintext
	// when it runs to the end.
	raw []byte

	// The token: a tag's name (lowercased in data) and attributes (names
	// lowercased, values as written, quotes removed; of two of the same
	// name the first), or text.
	name  []byte
	attrs []attr
	text  []byte
	// seen holds the names in attrs once a tag has more than
	// linearAttrs of them, so that a tag with 100,000 attributes costs
	// 100,000 look-ups, not 5 billion comparisons.
	seen map[string]struct{}

	// What the end of data cut off: a start tag, or a raw text element
	// that had not ended.
	cutTag, openRaw []byte

	// done, when closed, ends the tokens early (stopped): a HeadReader's
	// Context. work counts tokens and attributes, to look at done once in
	// a while.
	done    <-chan struct{}
	work    uint
	stopped bool

	// attrsOf, when not nil, says whether the attributes of a start tag
	// of a name are kept: those of the others are read past, as an end
	// tag's are, the tokens the same. A reader that looks at a few tags
	// of a whole page keeps theirs only.
	attrsOf func(name []byte) bool

	// maxAttrs, when not 0, is the most attributes a tag may have: the
	// next one ends the data there (tooMany). A HeadReader sets it to
	// MaxAttrs.
	maxAttrs int
	tooMany  bool
}

// stop reports whether done is closed, looking once every 1,024 calls; it
// ends the data there.
func (l *lexer) stop() bool {
	if l.done == nil {
		return false
	}
	if l.work++; l.work%1024 != 0 {
		return false
	}
	select {
	case <-l.done:
		l.stopped, l.pos = true, len(l.data)
		return true
	default:
		return false
	}
}

type tokenKind uint8

const (
	tokEOF      tokenKind = iota
	tokStartTag           // name, attrs
	tokEndTag             // name
	tokText               // text: character data between tags
	tokRawText            // text: the content of a raw text element
	tokComment            // a comment, DOCTYPE, or bogus comment
)

type attr struct{ key, val []byte }

func (l *lexer) reset(data []byte) {
	if len(l.seen) > 4096 { // a tag of many attributes: not kept for the next page
		l.seen = nil
	} else if len(l.attrs) > linearAttrs {
		// The last tag's names, which tag clears only while it knows
		// how many there were: a page's first tag of many attributes
		// would drop those named as the last page's were.
		clear(l.seen)
	}
	*l = lexer{data: data, attrs: l.attrs[:0], seen: l.seen, done: l.done, maxAttrs: l.maxAttrs}
}

// Character classes, for the scanning loops.
const (
	cSpace   = 1 << iota // HTML whitespace: space, tab, LF, FF, CR
	cTagEnd              // ends a tag name: whitespace, "/", ">"
	cNameEnd             // ends an attribute name: whitespace, "/", ">", "="
	cValEnd              // ends an unquoted value: whitespace, ">"
	cAlpha               // an ASCII letter
	cUpper               // an ASCII capital letter
	cSkip                // before an attribute's name: whitespace and "/"
)

var class = func() (t [256]uint8) {
	for _, c := range []byte(" \t\n\f\r") {
		t[c] |= cSpace | cTagEnd | cNameEnd | cValEnd | cSkip
	}
	t['/'] |= cTagEnd | cNameEnd | cSkip
	t['>'] |= cTagEnd | cNameEnd | cValEnd
	t['='] |= cNameEnd
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= cAlpha
		t[c-'a'+'A'] |= cAlpha | cUpper
	}
	return t
}()

// lower lowercases the ASCII letters of b in place.
func lower(b []byte) {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
}

// next reads the next token.
func (l *lexer) next() tokenKind {
	if l.raw != nil {
		return l.rawText()
	}
	d, i := l.data, l.pos
	if i >= len(d) || l.stop() {
		return tokEOF
	}
	if d[i] != '<' {
		return l.textTo(i, i)
	}
	if i+1 == len(d) {
		return l.textTo(i, i+1)
	}
	switch c := d[i+1]; {
	case class[c]&cAlpha != 0:
		return l.tag(i+1, tokStartTag)
	case c == '/':
		switch {
		case i+2 == len(d): // "</" at the end is text
			return l.textTo(i, i+2)
		case class[d[i+2]]&cAlpha != 0:
			return l.tag(i+2, tokEndTag)
		case d[i+2] == '>': // "</>" is nothing at all
			l.pos = i + 3
			return tokComment
		}
		return l.bogusComment(i + 2)
	case c == '!':
		if bytes.HasPrefix(d[i+2:], []byte("--")) {
			return l.comment(i + 4)
		}
		// <!DOCTYPE ...> and anything else after "<!" (CDATA sections
		// outside SVG and MathML too) end at the first ">".
		return l.bogusComment(i + 2)
	case c == '?':
		return l.bogusComment(i + 1)
	}
	return l.textTo(i, i+1) // a "<" that starts no tag is text
}

// textTo makes text of d[start:] up to the first "<" at or after from.
func (l *lexer) textTo(start, from int) tokenKind {
	d, end := l.data, len(l.data)
	// Text between the tags of a head is mostly a line's end and its
	// indent: looked at byte by byte before IndexByte's call.
	i := from
	for stop := min(from+16, len(d)); i < stop && d[i] != '<'; i++ {
	}
	if i < len(d) && d[i] == '<' {
		end = i
	} else if j := bytes.IndexByte(d[i:], '<'); j >= 0 {
		end = i + j
	}
	l.text, l.pos = d[start:end], end
	return tokText
}

// bogusComment skips to the first ">" at or after i.
func (l *lexer) bogusComment(i int) tokenKind {
	if j := bytes.IndexByte(l.data[i:], '>'); j >= 0 {
		l.pos = i + j + 1
	} else {
		l.pos = len(l.data)
	}
	return tokComment
}

// comment skips a comment whose "<!--" ends at i: to "-->" or "--!>", or
// at once for "<!-->" and "<!--->".
func (l *lexer) comment(i int) tokenKind {
	d := l.data[i:]
	switch {
	case bytes.HasPrefix(d, []byte(">")):
		l.pos = i + 1
		return tokComment
	case bytes.HasPrefix(d, []byte("->")):
		l.pos = i + 2
		return tokComment
	}
	for j := 0; ; {
		k := bytes.Index(d[j:], []byte("--"))
		if k < 0 {
			l.pos = len(l.data)
			return tokComment
		}
		j += k + 2
		// The comment end state: more dashes stay in it.
		for j < len(d) && d[j] == '-' {
			j++
		}
		switch {
		case j < len(d) && d[j] == '>':
			l.pos = i + j + 1
			return tokComment
		case j+1 < len(d) && d[j] == '!' && d[j+1] == '>':
			l.pos = i + j + 2
			return tokComment
		}
	}
}

// tag reads a start or end tag whose name begins at i.
func (l *lexer) tag(i int, kind tokenKind) tokenKind {
	d := l.data
	j, seen := i+1, class[d[i]]
	for j < len(d) && class[d[j]]&cTagEnd == 0 {
		seen |= class[d[j]]
		j++
	}
	name := d[i:j]
	if seen&cUpper != 0 {
		lower(name)
	}
	if kind == tokStartTag {
		if len(l.attrs) > linearAttrs {
			clear(l.seen)
		}
		l.attrs = l.attrs[:0]
	}
	end, ok := l.attributes(j, kind == tokStartTag && (l.attrsOf == nil || l.attrsOf(name)))
	if !ok {
		if kind == tokStartTag {
			l.cutTag = name
		}
		l.pos = len(d)
		return tokEOF
	}
	l.name, l.pos = name, end
	if kind == tokStartTag && rawTag(name) {
		l.raw = name
	}
	return kind
}

// attributes reads a tag's attributes from i to its ">", keeping them in
// l.attrs when keep is set. It returns the position after the ">", or
// false when the data ends first.
//
// The loop is the before-attribute-name state: whitespace and "/" (the
// self-closing flag, which HTML ignores but for void elements) are
// skipped, ">" ends the tag and anything else, "=" included, starts a
// name.
func (l *lexer) attributes(i int, keep bool) (int, bool) {
	d := l.data
	for n := 0; ; n++ {
		for i < len(d) && class[d[i]]&cSkip != 0 {
			i++
		}
		if i == len(d) || l.stop() {
			return 0, false
		}
		if d[i] == '>' {
			return i + 1, true
		}
		if n == l.maxAttrs && n > 0 {
			l.tooMany, l.pos = true, len(d)
			return 0, false
		}
		ns, seen := i, class[d[i]]
		for i++; i < len(d) && class[d[i]]&cNameEnd == 0; i++ {
			seen |= class[d[i]]
		}
		name := d[ns:i]
		for i < len(d) && class[d[i]]&cSpace != 0 {
			i++
		}
		var val []byte
		if i < len(d) && d[i] == '=' {
			for i++; i < len(d) && class[d[i]]&cSpace != 0; i++ {
			}
			if i == len(d) {
				return 0, false
			}
			switch q := d[i]; q {
			case '"', '\'':
				k := bytes.IndexByte(d[i+1:], q)
				if k < 0 {
					return 0, false
				}
				val, i = d[i+1:i+1+k], i+2+k
			case '>': // a missing value: the tag ends
				val = d[i:i]
			default:
				vs := i
				for i < len(d) && class[d[i]]&cValEnd == 0 {
					i++
				}
				val = d[vs:i]
			}
		}
		if keep {
			if seen&cUpper != 0 {
				lower(name)
			}
			l.keep(name, val)
		}
	}
}

// linearAttrs is the most attributes keep compares one by one; past it,
// it looks names up in l.seen.
const linearAttrs = 16

// keep adds an attribute to the tag, unless it has one of that name: the
// first wins.
func (l *lexer) keep(name, val []byte) {
	if len(l.attrs) < linearAttrs {
		for _, a := range l.attrs {
			if string(a.key) == string(name) {
				return
			}
		}
		l.add(name, val)
		return
	}
	if len(l.attrs) == linearAttrs { // the tag has grown long: index its names
		if l.seen == nil {
			l.seen = map[string]struct{}{}
		}
		for _, a := range l.attrs {
			l.seen[string(a.key)] = struct{}{}
		}
	}
	if _, ok := l.seen[string(name)]; ok {
		return
	}
	l.seen[string(name)] = struct{}{}
	l.add(name, val)
}

// add appends an attribute field by field: a composite literal appended
// whole is built on the stack and copied in 16-byte moves, which stall
// on the 8-byte stores just made (a third of a head's reading, before).
func (l *lexer) add(name, val []byte) {
	n := len(l.attrs)
	if n == cap(l.attrs) {
		l.attrs = append(l.attrs, attr{})
	} else {
		l.attrs = l.attrs[:n+1]
	}
	a := &l.attrs[n]
	a.key, a.val = name, val
}

// rawTag reports whether an element's content is raw text, ended only by
// its own end tag, as it is for a browser that runs scripts (so also
// <noscript>'s).
func rawTag(name []byte) bool {
	switch string(name) {
	case "script", "style", "title", "textarea", "noscript", "xmp", "iframe", "noembed", "noframes", "plaintext":
		return true
	}
	return false
}

// rawText reads the content of the raw text element l.raw, up to its end
// tag, which the next call reads.
func (l *lexer) rawText() tokenKind {
	name, d, start := l.raw, l.data, l.pos
	l.raw = nil
	end := -1
	switch string(name) {
	case "plaintext":
	case "script":
		end = scriptEnd(d, start)
	default:
		end = rawEnd(d, start, name)
	}
	if end < 0 {
		l.openRaw = name
		end = len(d)
	}
	l.text, l.pos = d[start:end], end
	return tokRawText
}

// endTagAt reports whether d[i:] starts the end tag of the element name
// (lowercase): "</name" and then whitespace, "/" or ">".
func endTagAt(d []byte, i int, name []byte) bool {
	j := i + 2 + len(name)
	if j >= len(d) || d[i] != '<' || d[i+1] != '/' || class[d[j]]&cTagEnd == 0 {
		return false
	}
	for k, c := range d[i+2 : j] {
		if c|0x20 != name[k] || class[c]&cAlpha == 0 && c != name[k] {
			return false
		}
	}
	return true
}

// rawEnd returns where the end tag of the raw text element name starts in
// d, from start on; -1 when there is none.
func rawEnd(d []byte, start int, name []byte) int {
	for i := start; ; {
		k := bytes.Index(d[i:], []byte("</"))
		if k < 0 {
			return -1
		}
		i += k
		if endTagAt(d, i, name) {
			return i
		}
		i += 2
	}
}

var scriptName = []byte("script")

// scriptEnd returns where the </script> that ends a script's content
// starts in d, from start on; -1 when there is none. Inside "<!--", a
// "<script" starts a stretch where "</script>" does not end the content
// (the script data escaped and double escaped states).
func scriptEnd(d []byte, start int) int {
	end := rawEnd(d, start, scriptName)
	if end >= 0 && !bytes.Contains(d[start:end], []byte("<!--")) {
		return end // never escaped: the common case
	}
	const (
		data = iota
		escaped
		doubleEscaped
	)
	state, dashes := data, 0 // dashes: how many "-" just came, in the escaped states
	for i := start; i < len(d); i++ {
		c := d[i]
		switch state {
		case data:
			if bytes.HasPrefix(d[i:], []byte("<!--")) {
				state, dashes, i = escaped, 2, i+3
				continue
			}
			if c == '<' && endTagAt(d, i, scriptName) {
				return i
			}
		case escaped:
			switch {
			case c == '-':
				dashes++
				continue
			case c == '>' && dashes >= 2:
				state = data
			case c == '<' && endTagAt(d, i, scriptName):
				return i
			case c == '<' && i+1 < len(d) && class[d[i+1]]&cAlpha != 0:
				if j, ok := tagWord(d, i+1, scriptName); ok {
					state, i = doubleEscaped, j-1 // the character after the name is read again
				}
			}
		case doubleEscaped:
			switch {
			case c == '-':
				dashes++
				continue
			case c == '>' && dashes >= 2:
				state = data
			case c == '<' && i+1 < len(d) && d[i+1] == '/':
				if j, ok := tagWord(d, i+2, scriptName); ok {
					state, i = escaped, j-1
				}
			}
		}
		dashes = 0
	}
	return -1
}

// tagWord reports whether the letters at d[i:] spell name, in any case,
// followed by whitespace, "/" or ">"; and where that follower is.
func tagWord(d []byte, i int, name []byte) (int, bool) {
	j := i
	for j < len(d) && class[d[j]]&cAlpha != 0 {
		j++
	}
	if j == len(d) || class[d[j]]&cTagEnd == 0 || !bytes.EqualFold(d[i:j], name) {
		return j, false
	}
	return j, true
}

// decode decodes the character references of an attribute value as a
// browser does: a named reference without its ";" only when it is one of
// the legacy names that may omit it and no "=" follows, so that
// href="?a=1&section=2" keeps its "&section".
func decode(v []byte) []byte {
	i := bytes.IndexByte(v, '&')
	if i < 0 {
		return v
	}
	out := append(make([]byte, 0, len(v)), v[:i]...)
	for i < len(v) {
		if v[i] != '&' {
			j := bytes.IndexByte(v[i:], '&')
			if j < 0 {
				j = len(v) - i
			}
			out, i = append(out, v[i:i+j]...), i+j
			continue
		}
		j := i + 1
		if j < len(v) && v[j] == '#' { // numeric: the same in attributes as anywhere
			j++
			hex := j < len(v) && v[j]|0x20 == 'x'
			if hex {
				j++
			}
			ds := j
			for j < len(v) && (isDigit(v[j]) || hex && 'a' <= v[j]|0x20 && v[j]|0x20 <= 'f') {
				j++
			}
			if j == ds {
				out, i = append(out, '&'), i+1
				continue
			}
			// With its ";" (html.UnescapeString misreads "&#5" at the end).
			out = append(out, html.UnescapeString(string(v[i:j])+";")...)
			if j < len(v) && v[j] == ';' {
				j++
			}
			i = j
			continue
		}
		for j < len(v) && (isDigit(v[j]) || class[v[j]]&cAlpha != 0) {
			j++
		}
		ref := string(v[i:j])
		// html.UnescapeString decodes the longest known prefix of a name
		// ("&section" → "§ion"); an attribute takes only a whole name.
		// The whole name is known when adding or dropping its ";" changes
		// more than the ";" itself.
		switch bare := html.UnescapeString(ref); {
		case j < len(v) && v[j] == ';':
			if full := html.UnescapeString(ref + ";"); full != bare+";" {
				out, i = append(out, full...), j+1
				continue
			}
		case j < len(v) && v[j] == '=':
		case bare != ref && bare == html.UnescapeString(ref+";"):
			out, i = append(out, bare...), j
			continue
		}
		out, i = append(out, '&'), i+1
	}
	return out
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
