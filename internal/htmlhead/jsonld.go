package htmlhead

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"slices"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// jsonLD reads JSON-LD blocks for a StructuredReader: it checks a block
// is JSON as encoding/json's json.Valid does (RFC 8259; any bytes but
// control characters inside strings, as encoding/json takes them), in
// one pass without recursion, and finds the videos and articles it
// describes. Of the block's strings it unescapes (as json.Unmarshal
// does) and allocates only the values it keeps.
//
// An object's fields are noted as spans of the block while it is read,
// since its @type may come last; when it ends, an object of a video or
// an article type becomes a Video or an Article, and an object that is
// the value of a thumbnailUrl, a publication or an inLanguage gives its
// url, isLiveBroadcast or alternateName to the object that holds it.
// A key given twice in one object counts once, as json.Unmarshal takes
// it into a map: its last value. So a field is reset when its key comes
// again, and the videos and articles an earlier value held are taken
// back (jsonLD.dups, takeBack).
type jsonLD struct {
	d     []byte
	stack []jsonFrame
	// dups are the keys of the objects on the stack whose values gave
	// videos or articles: each frame's from its dupLo on.
	dups []jsonDup
	// items counts the block's values; maxItems and maxDepth bound
	// them and the stack.
	items, maxItems, maxDepth int
	// emitted counts the videos and articles found in the block, taken
	// back or not, to tell whether a value gave any.
	emitted int
	// The block's finds go to videos and articles from vbase and abase
	// on, in the order of their objects' starts (vfound, afound, which
	// also mark those taken back, removed when the block ends); line is
	// the line of the block's <script>.
	videos            *[]Video
	articles          *[]Article
	vbase, abase      int
	vfound, afound    []found
	takenBack         bool
	line              int
	buf, kbuf1, kbuf2 []byte // scratch for unescaping
	// msg says why the block is not read, once read returns false;
	// bound is set when a bound, not the JSON, was at fault.
	msg   string
	bound bool
}

// jsonFrame is an array or object being read.
type jsonFrame struct {
	array bool
	start int // the offset of its "[" or "{"
	// key is, for an object, the field whose value is being read; for an
	// array, the field of the object it is the value of (its elements
	// are that field's candidates), fieldNone in an array.
	key field
	// An object's key being read, where its value starts, and the count
	// of finds when it started.
	keyStart, keyEnd, valStart, emittedAt int
	dupLo                                 int
	byKey                                 map[string]int // dups' index by key, past linearDups of them
	kinds                                 uint8          // kindVideo, kindArticle
	articleType                           string
	f                                     [numFields]jsonSpan
}

// The kinds of object the reader keeps.
const (
	kindVideo uint8 = 1 << iota
	kindArticle
)

// found is where the object of a find starts, and whether the find was
// taken back.
type found struct {
	off  int
	gone bool
}

// jsonDup is a key of an object whose value gave finds: they are taken
// back if the key comes again.
type jsonDup struct{ keyStart, keyEnd, valStart, valEnd int }

// linearDups is the most keys of one object compared one by one for a
// repeat; past it they are looked up in a map.
const linearDups = 16

// jsonSpan is a value of the block: a string (between its quotes, still
// escaped), or a number, true or false (as written).
type jsonSpan struct {
	start, end int
	kind       spanKind
}

type spanKind uint8

const (
	spanNone    spanKind = iota // not said, null, or an array or object
	spanString                  // a string
	spanLiteral                 // a number, true or false
)

// field is a key the reader looks at.
type field uint8

const (
	fieldNone field = iota
	fieldType
	fieldName
	fieldDescription
	fieldThumbnailURL
	fieldContentURL
	fieldEmbedURL
	fieldDuration
	fieldUploadDate
	fieldExpires
	fieldFamilyFriendly
	fieldAccessibleForFree
	fieldPublication // gives fieldLive: an object's isLiveBroadcast
	fieldLive        // isLiveBroadcast
	fieldHeadline
	fieldDatePublished
	fieldInLanguage
	fieldURL
	fieldAlternateName
	numFields
)

// fieldOf returns the field of an unescaped key.
func fieldOf(key []byte) field {
	switch string(key) {
	case "@type":
		return fieldType
	case "name":
		return fieldName
	case "description":
		return fieldDescription
	case "thumbnailUrl":
		return fieldThumbnailURL
	case "contentUrl":
		return fieldContentURL
	case "embedUrl":
		return fieldEmbedURL
	case "duration":
		return fieldDuration
	case "uploadDate":
		return fieldUploadDate
	case "expires":
		return fieldExpires
	case "isFamilyFriendly":
		return fieldFamilyFriendly
	case "isAccessibleForFree":
		return fieldAccessibleForFree
	case "publication":
		return fieldPublication
	case "isLiveBroadcast":
		return fieldLive
	case "headline":
		return fieldHeadline
	case "datePublished":
		return fieldDatePublished
	case "inLanguage":
		return fieldInLanguage
	case "url":
		return fieldURL
	case "alternateName":
		return fieldAlternateName
	}
	return fieldNone
}

// maxJSONDepth is encoding/json's own bound on nesting: json.Valid
// rejects a document deeper than it.
const maxJSONDepth = 10_000

// read reads one block, whose <script> is on line, adding its videos and
// articles to the reader's. It reports false, with r.msg, when the block
// is not JSON or is over a bound (maxDepth is at most maxJSONDepth); it
// then adds nothing.
func (r *jsonLD) read(block []byte, line int) bool {
	r.d, r.line = block, line
	r.maxDepth = min(r.maxDepth, maxJSONDepth)
	r.stack, r.dups = r.stack[:0], r.dups[:0]
	r.items, r.emitted = 0, 0
	r.vbase, r.abase = len(*r.videos), len(*r.articles)
	r.vfound, r.afound, r.takenBack = r.vfound[:0], r.afound[:0], false
	r.msg, r.bound = "", false
	if r.scan() {
		if r.takenBack {
			*r.videos = dropGone(*r.videos, r.vbase, r.vfound)
			*r.articles = dropGone(*r.articles, r.abase, r.afound)
		}
		return true
	}
	*r.videos = (*r.videos)[:r.vbase]
	*r.articles = (*r.articles)[:r.abase]
	return false
}

// isJSONSpace reports whether c is white space between JSON tokens.
func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skipSpace returns the offset of the first byte at or after i that is
// not JSON white space.
func (r *jsonLD) skipSpace(i int) int {
	for i < len(r.d) && isJSONSpace(r.d[i]) {
		i++
	}
	return i
}

// scan reads the whole block: one value, then white space only. It
// reports whether the block is JSON within the reader's bounds.
//
// scan reads without recursion. Each turn of its loop reads one value,
// hands it on (jsonLD.ended), then closes the arrays and objects that
// end after it and moves to the next value.
func (r *jsonLD) scan() bool {
	d := r.d
	i := r.skipSpace(0)
	if i == len(d) {
		r.msg = "JSON-LD is empty"
		return false
	}
	for {
		// A value starts at i, perhaps after white space.
		i = r.skipSpace(i)
		if i == len(d) {
			return r.fail(i, "")
		}
		if r.items++; r.items > r.maxItems {
			return r.overBound(fmt.Sprintf("JSON-LD holds more than %d values (offset %d); the block is skipped", r.maxItems, i))
		}
		var (
			v     jsonSpan
			frame *jsonFrame // the object or array that ended, if one did
			ok    bool
		)
		switch c := d[i]; {
		case c == '{' || c == '[':
			if len(r.stack) >= r.maxDepth {
				return r.overBound(fmt.Sprintf("JSON-LD nests more than %d arrays and objects (offset %d); the block is skipped", r.maxDepth, i))
			}
			r.push(c == '[', i)
			i = r.skipSpace(i + 1)
			switch {
			case i == len(d):
				return r.fail(i, "")
			case c == '{' && d[i] == '}', c == '[' && d[i] == ']':
				frame, i = r.pop(), i+1 // The array or object is empty.
			case c == '{':
				if i, ok = r.key(i); !ok {
					return false
				}
				continue
			default:
				continue
			}
		case c == '"':
			end := r.str(i)
			if end < 0 {
				return false
			}
			v, i = jsonSpan{i + 1, end - 1, spanString}, end
		default:
			if v, i, ok = r.scalar(i); !ok {
				return false
			}
		}
		// A value ended at i. Hand it on, then close the arrays and
		// objects that end after it, up to the next value or key.
		for {
			r.ended(v, frame, i)
			if len(r.stack) == 0 {
				return r.atEnd(i)
			}
			if i = r.skipSpace(i); i == len(d) {
				return r.fail(i, "")
			}
			top := &r.stack[len(r.stack)-1]
			if d[i] == top.closer() {
				v, frame, i = jsonSpan{}, r.pop(), i+1
				continue
			}
			if d[i] != ',' {
				return r.fail(i, "after a value")
			}
			if i++; !top.array {
				if i, ok = r.key(r.skipSpace(i)); !ok {
					return false
				}
			}
			break
		}
	}
}

// closer returns the byte that ends the array or object f.
func (f *jsonFrame) closer() byte {
	if f.array {
		return ']'
	}
	return '}'
}

// atEnd checks that only white space follows the top-level value, which
// ends at i. It reports whether the block is JSON.
func (r *jsonLD) atEnd(i int) bool {
	if i = r.skipSpace(i); i < len(r.d) {
		return r.fail(i, "after the top-level value")
	}
	return true
}

// scalar reads the number, true, false or null at i. It returns the
// value's span, which is empty for null, and where the value ends. Any
// other byte at i starts no JSON value.
func (r *jsonLD) scalar(i int) (v jsonSpan, next int, ok bool) {
	d := r.d
	var word string
	switch c := d[i]; {
	case c == '-' || isDigit(c):
		end := r.number(i)
		if end < 0 {
			return v, i, false
		}
		return jsonSpan{i, end, spanLiteral}, end, true
	case c == 't':
		word = "true"
	case c == 'f':
		word = "false"
	case c == 'n':
		word = "null"
	default:
		return v, i, r.fail(i, "looking for a value")
	}
	for k := 1; k < len(word); k++ {
		if i+k == len(d) || d[i+k] != word[k] {
			return v, i, r.fail(i+k, "in a literal")
		}
	}
	if word != "null" {
		v = jsonSpan{i, i + len(word), spanLiteral}
	}
	return v, i + len(word), true
}

// overBound records that the block goes past one of the reader's
// bounds, with msg saying which, and returns false.
func (r *jsonLD) overBound(msg string) bool {
	r.bound, r.msg = true, msg
	return false
}

// fail sets r.msg for the byte at i, or for the end of the block, and
// returns false.
func (r *jsonLD) fail(i int, where string) bool {
	if i >= len(r.d) {
		r.msg = fmt.Sprintf("JSON-LD is not JSON: unexpected end of input at offset %d", i)
		return false
	}
	c := r.d[i]
	what := fmt.Sprintf("invalid character %q", rune(c))
	switch {
	case c >= 0x80 && bytes.HasPrefix(r.d[i:], []byte("\xef\xbb\xbf")):
		what = "a byte-order mark"
	case c < 0x20 || c >= 0x7f:
		what = fmt.Sprintf("invalid byte 0x%02x", c)
	}
	if where != "" {
		what += " " + where
	}
	r.msg = fmt.Sprintf("JSON-LD is not JSON: %s at offset %d", what, i)
	return false
}

// push starts an array or object at i.
func (r *jsonLD) push(array bool, i int) {
	n := len(r.stack)
	if n < cap(r.stack) {
		r.stack = r.stack[:n+1]
	} else {
		r.stack = append(r.stack, jsonFrame{})
	}
	f := &r.stack[n]
	*f = jsonFrame{array: array, start: i, dupLo: len(r.dups)}
	if array && n > 0 && !r.stack[n-1].array {
		f.key = r.stack[n-1].key
	}
}

// pop ends the innermost array or object; the frame returned is valid
// until the next push.
func (r *jsonLD) pop() *jsonFrame {
	n := len(r.stack) - 1
	f := &r.stack[n]
	r.stack = r.stack[:n]
	r.dups = r.dups[:f.dupLo]
	return f
}

// key reads an object's key at i, and the colon after it, and returns
// where its value starts.
func (r *jsonLD) key(i int) (int, bool) {
	d := r.d
	if i == len(d) {
		return i, r.fail(i, "")
	}
	if d[i] != '"' {
		return i, r.fail(i, "looking for a key")
	}
	end := r.str(i)
	if end < 0 {
		return i, false
	}
	j := r.skipSpace(end)
	if j == len(d) {
		return j, r.fail(j, "")
	}
	if d[j] != ':' {
		return j, r.fail(j, "after a key")
	}
	o := &r.stack[len(r.stack)-1]
	raw := d[i+1 : end-1]
	if len(r.dups) > o.dupLo {
		r.repeated(o, raw)
	}
	k := fieldOf(r.unescape(&r.kbuf1, raw))
	o.key, o.keyStart, o.keyEnd, o.valStart, o.emittedAt = k, i+1, end-1, j+1, r.emitted
	if k == fieldType {
		o.kinds, o.articleType = 0, ""
	} else {
		o.f[k] = jsonSpan{}
	}
	return j + 1, true
}

// repeated takes back the finds of an earlier value of the key raw in
// o, the innermost object, if it has one that gave some, and forgets
// that value.
func (r *jsonLD) repeated(o *jsonFrame, raw []byte) {
	at := -1
	if o.byKey != nil {
		if k, ok := o.byKey[string(r.unescape(&r.kbuf1, raw))]; ok {
			at = k
		}
	} else {
		for k := o.dupLo; k < len(r.dups); k++ {
			dk := r.dups[k]
			if r.sameKey(r.d[dk.keyStart:dk.keyEnd], raw) {
				at = k
				break
			}
		}
	}
	if at < 0 {
		return
	}
	dk, last := r.dups[at], len(r.dups)-1
	if o.byKey != nil {
		delete(o.byKey, string(r.unescape(&r.kbuf1, raw)))
		if at != last {
			moved := r.dups[last]
			o.byKey[string(r.unescape(&r.kbuf1, r.d[moved.keyStart:moved.keyEnd]))] = at
		}
	}
	r.dups[at] = r.dups[last] // o's keys are the last ones
	r.dups = r.dups[:last]
	r.takeBack(dk.valStart, dk.valEnd)
}

// sameKey reports whether two raw keys are the same once unescaped.
func (r *jsonLD) sameKey(a, b []byte) bool {
	return bytes.Equal(r.unescape(&r.kbuf1, a), r.unescape(&r.kbuf2, b))
}

// takeBack marks gone the block's finds whose objects start in [lo, hi):
// a run of them, found by its first, so that each costs once.
func (r *jsonLD) takeBack(lo, hi int) {
	for _, fs := range [...][]found{r.vfound, r.afound} {
		k, _ := slices.BinarySearchFunc(fs, lo, func(f found, off int) int { return cmp.Compare(f.off, off) })
		for ; k < len(fs) && fs[k].off < hi; k++ {
			fs[k].gone = true
			r.takenBack = true
		}
	}
}

// dropGone removes from s[base:] the finds marked gone in fs.
func dropGone[T any](s []T, base int, fs []found) []T {
	n := base
	for k, f := range fs {
		if !f.gone {
			s[n] = s[base+k]
			n++
		}
	}
	clear(s[n:])
	return s[:n]
}

// ended hands on a value that ended at end: v, or the array or object
// frame. An object of a kind kept becomes a find; the value then goes to
// the object that holds it, directly or as an element of an array.
func (r *jsonLD) ended(v jsonSpan, frame *jsonFrame, end int) {
	if frame != nil && !frame.array {
		if frame.kinds != 0 {
			r.emit(frame)
		}
	} else {
		frame = nil
	}
	n := len(r.stack)
	if n == 0 {
		return
	}
	top := &r.stack[n-1]
	if top.array {
		if top.key != fieldNone { // an element of a field's array: n ≥ 2
			r.take(&r.stack[n-2], top.key, true, v, frame)
		}
		return
	}
	if r.emitted != top.emittedAt {
		r.noteDup(top, end)
	}
	r.take(top, top.key, false, v, frame)
}

// noteDup notes that the value of o's current key, which ended at end,
// gave finds.
func (r *jsonLD) noteDup(o *jsonFrame, end int) {
	r.dups = append(r.dups, jsonDup{o.keyStart, o.keyEnd, o.valStart, end})
	count := len(r.dups) - o.dupLo
	switch {
	case o.byKey != nil:
		o.byKey[string(r.unescape(&r.kbuf1, r.d[o.keyStart:o.keyEnd]))] = len(r.dups) - 1
	case count > linearDups:
		o.byKey = make(map[string]int, count)
		for k := o.dupLo; k < len(r.dups); k++ {
			dk := r.dups[k]
			o.byKey[string(r.unescape(&r.kbuf1, r.d[dk.keyStart:dk.keyEnd]))] = k
		}
	}
}

// take gives o's field f the value v (or of the object frame), which
// is f's value or, inArray, an element of f's array.
func (r *jsonLD) take(o *jsonFrame, f field, inArray bool, v jsonSpan, frame *jsonFrame) {
	switch f {
	case fieldNone:
	case fieldType:
		if v.kind == spanString {
			r.addType(o, v)
		}
	case fieldThumbnailURL:
		// A string, an ImageObject's url or contentUrl, or the first
		// element of an array that gives one.
		if inArray && o.f[f].kind != spanNone {
			return
		}
		if frame != nil {
			v = frame.f[fieldURL]
			if v.kind != spanString {
				v = frame.f[fieldContentURL]
			}
		}
		if v.kind == spanString {
			o.f[f] = v
		}
	case fieldPublication:
		// An object's isLiveBroadcast, or that of the first object of an
		// array that has one.
		if frame != nil && frame.f[fieldLive].kind != spanNone && (!inArray || o.f[f].kind == spanNone) {
			o.f[f] = frame.f[fieldLive]
		}
	case fieldInLanguage:
		if frame != nil {
			v = frame.f[fieldAlternateName]
		}
		if !inArray && v.kind == spanString {
			o.f[f] = v
		}
	case fieldFamilyFriendly, fieldAccessibleForFree, fieldLive:
		if !inArray {
			o.f[f] = v // a string, a number, true or false
		}
	default:
		if !inArray && v.kind == spanString {
			o.f[f] = v
		}
	}
}

// The prefixes a schema.org type may be written with.
var schemaPrefixes = [...]string{"schema:", "https://schema.org/", "http://schema.org/"}

// addType adds the type v to o's kinds.
func (r *jsonLD) addType(o *jsonFrame, v jsonSpan) {
	t := r.unescape(&r.kbuf1, r.d[v.start:v.end])
	for _, p := range schemaPrefixes {
		if bytes.HasPrefix(t, []byte(p)) {
			t = t[len(p):]
			break
		}
	}
	if string(t) == "VideoObject" {
		o.kinds |= kindVideo
		return
	}
	if a := articleType(t); a != "" {
		o.kinds |= kindArticle
		if o.articleType == "" {
			o.articleType = a
		}
	}
}

// articleType returns t when it is Article or one of its kinds the
// reader takes, "" otherwise.
func articleType(t []byte) string {
	switch string(t) {
	case "Article":
		return "Article"
	case "NewsArticle":
		return "NewsArticle"
	case "AnalysisNewsArticle":
		return "AnalysisNewsArticle"
	case "AskPublicNewsArticle":
		return "AskPublicNewsArticle"
	case "BackgroundNewsArticle":
		return "BackgroundNewsArticle"
	case "OpinionNewsArticle":
		return "OpinionNewsArticle"
	case "ReportageNewsArticle":
		return "ReportageNewsArticle"
	case "ReviewNewsArticle":
		return "ReviewNewsArticle"
	case "BlogPosting":
		return "BlogPosting"
	case "LiveBlogPosting":
		return "LiveBlogPosting"
	case "Report":
		return "Report"
	case "ScholarlyArticle":
		return "ScholarlyArticle"
	case "TechArticle":
		return "TechArticle"
	}
	return ""
}

// emit makes the object o a Video, an Article or both, placed among the
// block's finds by where it starts (an object ends after those it
// holds).
func (r *jsonLD) emit(o *jsonFrame) {
	r.emitted++
	if o.kinds&kindVideo != 0 {
		place(r.videos, &r.vfound, r.vbase, o.start, Video{
			From: "JSON-LD", Line: r.line,
			Name:              r.text(o.f[fieldName]),
			Description:       r.text(o.f[fieldDescription]),
			Thumbnail:         r.text(o.f[fieldThumbnailURL]),
			ContentURL:        r.text(o.f[fieldContentURL]),
			EmbedURL:          r.text(o.f[fieldEmbedURL]),
			Duration:          r.text(o.f[fieldDuration]),
			UploadDate:        r.text(o.f[fieldUploadDate]),
			Expires:           r.text(o.f[fieldExpires]),
			FamilyFriendly:    r.text(o.f[fieldFamilyFriendly]),
			AccessibleForFree: r.text(o.f[fieldAccessibleForFree]),
			Live:              r.text(o.f[fieldPublication]),
		})
	}
	if o.kinds&kindArticle != 0 {
		place(r.articles, &r.afound, r.abase, o.start, Article{
			Type: o.articleType, Line: r.line,
			Headline:      r.text(o.f[fieldHeadline]),
			DatePublished: r.text(o.f[fieldDatePublished]),
			InLanguage:    r.text(o.f[fieldInLanguage]),
			Name:          r.text(o.f[fieldName]),
			URL:           r.text(o.f[fieldURL]),
		})
	}
}

// place puts v, a find whose object starts at off, among the block's
// finds s[base:], whose starts are fs.
func place[T any](s *[]T, fs *[]found, base, off int, v T) {
	k := insertAt(*fs, off)
	*s = insert(*s, base+k, v)
	*fs = insert(*fs, k, found{off: off})
}

// insertAt returns where an object starting at off goes among the
// finds fs: after those that start before it. The objects it holds,
// found before it, start after it; there are as many of them to pass
// as it holds, and an object is held by at most MaxDepth others.
func insertAt(fs []found, off int) int {
	k := len(fs)
	for k > 0 && fs[k-1].off > off {
		k--
	}
	return k
}

// insert inserts v into s at k.
func insert[T any](s []T, k int, v T) []T {
	var zero T
	s = append(s, zero)
	copy(s[k+1:], s[k:])
	s[k] = v
	return s
}

// text returns a value kept: a string unescaped and trimmed of white
// space, a number or a boolean as written, "" for any other value.
func (r *jsonLD) text(v jsonSpan) string {
	raw := r.d[v.start:v.end]
	switch v.kind {
	case spanString:
		if b := bytes.TrimSpace(r.unescape(&r.buf, raw)); len(b) > 0 {
			return string(b)
		}
	case spanLiteral:
		switch string(raw) {
		case "true":
			return "true"
		case "false":
			return "false"
		}
		return string(raw)
	}
	return ""
}

// unescape returns the string whose escaped text (between its quotes,
// checked) is s, as json.Unmarshal makes it: escapes decoded, a \u
// escape of half a surrogate pair and each byte that is not UTF-8 made
// U+FFFD. It is s itself when nothing changes; otherwise it is built in
// *buf.
func (r *jsonLD) unescape(buf *[]byte, s []byte) []byte {
	i := 0
	for i < len(s) {
		c := s[i]
		if c == '\\' {
			break
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		rr, size := utf8.DecodeRune(s[i:])
		if rr == utf8.RuneError && size == 1 {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	b := append((*buf)[:0], s[:i]...)
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\\':
			switch e := s[i+1]; e {
			case 'b':
				b, i = append(b, '\b'), i+2
			case 'f':
				b, i = append(b, '\f'), i+2
			case 'n':
				b, i = append(b, '\n'), i+2
			case 'r':
				b, i = append(b, '\r'), i+2
			case 't':
				b, i = append(b, '\t'), i+2
			case 'u':
				rr := hex4(s[i+2:])
				i += 6
				if utf16.IsSurrogate(rr) {
					next := rune(-1)
					if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
						next = hex4(s[i+2:])
					}
					if dec := utf16.DecodeRune(rr, next); dec != unicode.ReplacementChar {
						b, i = utf8.AppendRune(b, dec), i+6
						continue
					}
					rr = unicode.ReplacementChar
				}
				b = utf8.AppendRune(b, rr)
			default: // " \ /
				b, i = append(b, e), i+2
			}
		case c < utf8.RuneSelf:
			b, i = append(b, c), i+1
		default:
			rr, size := utf8.DecodeRune(s[i:])
			b, i = utf8.AppendRune(b, rr), i+size
		}
	}
	*buf = b
	return b
}

// hex4 returns the value of four hexadecimal digits at the start of s,
// or -1.
func hex4(s []byte) rune {
	if len(s) < 4 {
		return -1
	}
	var v rune
	for _, c := range s[:4] {
		switch {
		case isDigit(c):
			c -= '0'
		case 'a' <= c|0x20 && c|0x20 <= 'f':
			c = (c | 0x20) - 'a' + 10
		default:
			return -1
		}
		v = v<<4 | rune(c)
	}
	return v
}

// strByte marks the bytes that may stand in a string as they are: not
// a quote, a backslash or a control character.
var strByte = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// lsb has the lowest bit of each byte of a word set.
const lsb = 0x0101010101010101

// str checks the string whose quote is at i and returns the offset after
// its closing quote, or -1.
func (r *jsonLD) str(i int) int {
	d := r.d
	for j := i + 1; ; {
		// Eight bytes at a time while none is a quote, a backslash or a
		// control character (each test: some byte of w is below 0x20,
		// or of w xor '"' or w xor '\\' is zero, which is below 1).
		for ; j+8 <= len(d); j += 8 {
			w := binary.LittleEndian.Uint64(d[j:])
			q, b := w^(lsb*'"'), w^(lsb*'\\')
			if ((w-lsb*0x20)&^w|(q-lsb)&^q|(b-lsb)&^b)&(lsb*0x80) != 0 {
				break
			}
		}
		for j < len(d) && strByte[d[j]] {
			j++
		}
		if j == len(d) {
			r.fail(j, "")
			return -1
		}
		switch d[j] {
		case '"':
			return j + 1
		case '\\':
			if j+1 == len(d) {
				r.fail(j+1, "")
				return -1
			}
			switch d[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				for k := j + 2; k < j+6; k++ {
					if k == len(d) || !isHex(d[k]) {
						r.fail(k, "in a \\u escape")
						return -1
					}
				}
				j += 6
			default:
				r.fail(j+1, "in an escape")
				return -1
			}
		default:
			r.fail(j, "in a string")
			return -1
		}
	}
}

func isHex(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }

// number checks the number at i and returns the offset after it, or -1:
// a minus, an integer without leading zeros, a fraction, an exponent.
func (r *jsonLD) number(i int) int {
	d := r.d
	j := i
	if d[j] == '-' {
		j++
	}
	digits := func(j int) int {
		if j == len(d) || !isDigit(d[j]) {
			r.fail(j, "in a number")
			return -1
		}
		for j < len(d) && isDigit(d[j]) {
			j++
		}
		return j
	}
	switch {
	case j < len(d) && d[j] == '0':
		j++
	default:
		if j = digits(j); j < 0 {
			return -1
		}
	}
	if j < len(d) && d[j] == '.' {
		if j = digits(j + 1); j < 0 {
			return -1
		}
	}
	if j < len(d) && (d[j] == 'e' || d[j] == 'E') {
		j++
		if j < len(d) && (d[j] == '+' || d[j] == '-') {
			j++
		}
		if j = digits(j); j < 0 {
			return -1
		}
	}
	return j
}
