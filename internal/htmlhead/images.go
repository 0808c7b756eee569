package htmlhead

import (
	"bytes"
	"cmp"
)

// ImageReader finds the images a whole page shows, with the same
// tokenizer a head is read with: its og:image, and the <img src>, <img
// srcset> and <picture><source srcset> candidates of its main content
// (inside <main> or <article> when the page has one, else the whole
// body), outside comments, raw text (script, style, noscript …) and
// <template> content. An ImageReader is reused from page to page; it is
// not safe for concurrent use.
type ImageReader struct {
	// MaxAttrs bounds the attributes of a tag; 0 means the constant of
	// that name. A tag with more ends the page's images there (Cut).
	MaxAttrs int
	lex      lexer
	found    []foundImage
}

// foundImage is an image source found, and where.
type foundImage struct {
	src  []byte
	main bool // inside <main> or <article>, or the head's og:image
}

// Images calls fn with the source of every image of page, in document
// order, each as written (character references decoded, surrounding
// whitespace trimmed, not resolved, possibly repeated; data: URLs left
// out); a source is only valid during the call. base is the page's first
// <base href>, nil when it has none. Images modifies page (tag and
// attribute names are lowercased in place). It reports whether the page
// was cut: a tag with more than MaxAttrs attributes ends the reading
// there.
func (ir *ImageReader) Images(page []byte, fn func(src []byte)) (base []byte, cut bool) {
	page = bytes.TrimPrefix(page, []byte("\xef\xbb\xbf"))
	l := &ir.lex
	l.maxAttrs = cmp.Or(ir.MaxAttrs, MaxAttrs)
	l.reset(page)
	ir.found = ir.found[:0]
	inert, picture, inMain, hasMain := 0, 0, 0, false
	add := func(src []byte, main bool) {
		src = trimSpace(decode(src))
		if len(src) == 0 || isDataURL(src) {
			return
		}
		ir.found = append(ir.found, foundImage{src, main})
	}
	for done := false; !done; {
		switch l.next() {
		case tokEOF:
			done = true
		case tokStartTag:
			name := string(l.name)
			if name == "template" {
				inert++
			}
			if inert > 0 {
				continue
			}
			switch name {
			case "base":
				if href, ok := attrOf(l.attrs, "href"); ok && base == nil {
					base = append([]byte{}, decode(href)...) // <base href> without a value has the empty one
				}
			case "meta":
				if isOGImage(l.attrs) {
					if c, ok := attrOf(l.attrs, "content"); ok {
						add(c, true)
					}
				}
			case "main", "article":
				inMain++
				hasMain = true
			case "picture":
				picture++
			case "source":
				if picture > 0 {
					if s, ok := attrOf(l.attrs, "srcset"); ok {
						Srcset(decode(s), func(u []byte) { add(u, inMain > 0) })
					}
				}
			case "img":
				if s, ok := attrOf(l.attrs, "src"); ok {
					add(s, inMain > 0)
				}
				if s, ok := attrOf(l.attrs, "srcset"); ok {
					Srcset(decode(s), func(u []byte) { add(u, inMain > 0) })
				}
			}
		case tokEndTag:
			switch string(l.name) {
			case "template":
				if inert > 0 {
					inert--
				}
			case "main", "article":
				if inert == 0 && inMain > 0 {
					inMain--
				}
			case "picture":
				if inert == 0 && picture > 0 {
					picture--
				}
			}
		}
	}
	for _, f := range ir.found {
		if f.main || !hasMain {
			fn(f.src)
		}
	}
	return base, l.tooMany
}

// isOGImage reports whether a <meta>'s attributes name og:image (or
// og:image:url), by property or, as some pages write it, by name.
func isOGImage(attrs []attr) bool {
	for _, key := range [...]string{"property", "name"} {
		if v, ok := attrOf(attrs, key); ok {
			if v := bytes.ToLower(trimSpace(decode(v))); string(v) == "og:image" || string(v) == "og:image:url" {
				return true
			}
		}
	}
	return false
}

// isDataURL reports whether src is a data: URL, which is no image of the
// site's.
func isDataURL(src []byte) bool {
	return len(src) >= 5 && bytes.EqualFold(src[:5], []byte("data:"))
}

// isSpace reports whether c is ASCII whitespace as HTML has it.
func isSpace(c byte) bool { return class[c]&cSpace != 0 }

// trimSpace trims HTML's whitespace from both ends of b.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// Srcset calls fn with the URL of each image candidate of a srcset
// attribute's value, in order, as the HTML standard parses it (§4.8.4.3.10,
// "parse a srcset attribute"): candidates separated by commas, each a URL
// and descriptors (200w, 1.5x, 300h); a candidate whose descriptors are
// not valid is dropped, as a browser drops it.
func Srcset(v []byte, fn func(url []byte)) {
	i := 0
	for {
		for i < len(v) && (isSpace(v[i]) || v[i] == ',') {
			i++
		}
		if i == len(v) {
			return
		}
		start := i
		for i < len(v) && !isSpace(v[i]) {
			i++
		}
		u := v[start:i]
		if n := len(bytes.TrimRight(u, ",")); n < len(u) {
			// A URL ending in commas has no descriptors.
			if n > 0 {
				fn(u[:n])
			}
			continue
		}
		// The descriptors: up to a comma outside parentheses.
		var desc [][]byte
		ds, parens := -1, false
	descriptors:
		for ; i < len(v); i++ {
			switch c := v[i]; {
			case parens:
				parens = c != ')'
			case c == ',':
				break descriptors
			case isSpace(c):
				if ds >= 0 {
					desc, ds = append(desc, v[ds:i]), -1
				}
			default:
				if ds < 0 {
					ds = i
				}
				parens = c == '('
			}
		}
		if ds >= 0 {
			desc = append(desc, v[ds:i])
		}
		if validDescriptors(desc) {
			fn(u)
		}
	}
}

// validDescriptors reports whether a candidate's descriptors are as the
// standard allows: at most one of a width (200w), a density (1.5x) and,
// with a width, a height (300h); not both a width and a density.
func validDescriptors(desc [][]byte) bool {
	var w, x, h bool
	for _, d := range desc {
		if len(d) < 2 {
			return false
		}
		n := d[:len(d)-1]
		switch d[len(d)-1] {
		case 'w':
			if w || x || !positiveInt(n) {
				return false
			}
			w = true
		case 'x':
			if w || x || h || !floatNumber(n) {
				return false
			}
			x = true
		case 'h':
			if h || x || !positiveInt(n) {
				return false
			}
			h = true
		default:
			return false
		}
	}
	return !h || w
}

// positiveInt reports whether b is a valid non-negative integer greater
// than zero.
func positiveInt(b []byte) bool {
	nonZero := false
	for _, c := range b {
		if !isDigit(c) {
			return false
		}
		nonZero = nonZero || c != '0'
	}
	return nonZero
}

// floatNumber reports whether b is a valid floating-point number, not
// negative: digits, then perhaps a fraction and an exponent.
func floatNumber(b []byte) bool {
	i := 0
	for i < len(b) && isDigit(b[i]) {
		i++
	}
	if i == 0 {
		return false // no digits, or a sign: a negative density is an error
	}
	if i < len(b) && b[i] == '.' {
		i++
		frac := i
		for i < len(b) && isDigit(b[i]) {
			i++
		}
		if i == frac {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		ed := 0
		for i < len(b) && isDigit(b[i]) {
			i, ed = i+1, ed+1
		}
		if ed == 0 {
			return false
		}
	}
	return i == len(b)
}
