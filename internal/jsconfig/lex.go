package jsconfig

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// tokenKind is what a token is: a punctuator, an identifier, a literal.
type tokenKind uint8

const (
	kindPunct    tokenKind = iota
	kindIdent              // an identifier or keyword
	kindString             // a string literal, or a template literal without ${}
	kindTemplate           // a template literal with ${} substitutions
	kindNumber
	kindRegex
	kindUnterminated // an unterminated string or template
)

// token is one token of the source.
type token struct {
	kind     tokenKind
	text     string // identifier, punctuator or number as written; a string's value
	pos, end int    // byte offsets in the source
	line     int    // 1-based line of pos
}

func (t token) is(punct string) bool { return t.kind == kindPunct && t.text == punct }

func (t token) isIdent(name string) bool { return t.kind == kindIdent && t.text == name }

// puncts are the punctuators of more than one character the parser
// tells apart, longest first.
var puncts = []string{">>>=", "===", "!==", "...", "**=", "<<=", ">>=", ">>>", "=>", "==", "!=", "?.", "??", "||", "&&", "<=", ">=", "++", "--", "+=", "-=", "*=", "%=", "&=", "|=", "^=", "**", "<<", ">>"}

// regexAfter are the keywords after which a "/" starts a regular
// expression rather than a division.
var regexAfter = map[string]bool{"return": true, "typeof": true, "instanceof": true, "in": true, "of": true, "new": true, "delete": true, "void": true, "throw": true, "case": true, "do": true, "else": true, "yield": true, "await": true}

// lexer is the state of [lex].
type lexer struct {
	src   []byte
	i     int
	line  int
	toks  []token
	prev  token // the last token read, emitted or not
	any   bool  // prev is set
	subst []int // open ${ substitutions, innermost last: the depth of { inside each
	tpl   token // the outermost template literal being read

	n     int    // the tokens read, emitted or not
	depth int    // the brackets open
	stop  string // why the lexer stopped short of the end: a limit passed

	maxTokens, maxDepth int // the limits
}

// lex splits JavaScript (or TypeScript) source into tokens. Tokens
// inside a template literal's substitutions are not returned: the template
// is one token. Past lim.JSTokens tokens, or lim.Nesting brackets open,
// it stops: the error says where.
func lex(src []byte, lim limits.Limits) ([]token, error) {
	lim = lim.Or()
	if len(src) > lim.SettingsBytes {
		return nil, &diag.Diagnostic{Msg: fmt.Sprintf("larger than %d bytes (limits.settings_bytes)", lim.SettingsBytes)}
	}
	l := &lexer{src: src, line: 1, maxTokens: lim.JSTokens, maxDepth: lim.Nesting}
	if bytes.HasPrefix(src, []byte("#!")) {
		for l.i < len(src) && src[l.i] != '\n' {
			l.i++
		}
	}
	for l.i < len(src) && l.stop == "" {
		c := src[l.i]
		switch {
		case c == '\n':
			l.line++
			l.i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f':
			l.i++
		case c == '/' && l.peek(1) == '/':
			for l.i < len(src) && src[l.i] != '\n' {
				l.i++
			}
		case c == '/' && l.peek(1) == '*':
			stop := len(src)
			if end := bytes.Index(src[l.i+2:], []byte("*/")); end >= 0 {
				stop = l.i + 2 + end + 2
			}
			l.line += bytes.Count(src[l.i:stop], []byte("\n"))
			l.i = stop
		case c == '\'' || c == '"':
			l.str(c)
		case c == '`':
			if len(l.subst) == 0 {
				l.tpl = token{kind: kindString, pos: l.i, line: l.line}
			}
			l.i++
			l.template()
		case c == '{' && len(l.subst) > 0:
			l.subst[len(l.subst)-1]++
			l.punct(1)
		case c == '}' && len(l.subst) > 0:
			if top := len(l.subst) - 1; l.subst[top] > 0 {
				l.subst[top]--
				l.punct(1)
			} else {
				l.subst = l.subst[:top]
				l.i++
				l.template()
			}
		case identStart(c):
			start := l.i
			for l.i < len(src) && (identStart(src[l.i]) || src[l.i] >= '0' && src[l.i] <= '9') {
				l.i++
			}
			l.emit(token{kind: kindIdent, text: string(src[start:l.i]), pos: start, end: l.i, line: l.line})
		case c >= '0' && c <= '9' || c == '.' && l.peek(1) >= '0' && l.peek(1) <= '9':
			start := l.i
			for l.i < len(src) && (identStart(src[l.i]) || src[l.i] >= '0' && src[l.i] <= '9' || src[l.i] == '.') {
				l.i++
			}
			l.emit(token{kind: kindNumber, text: string(src[start:l.i]), pos: start, end: l.i, line: l.line})
		case c == '/' && l.regexOK():
			l.regex()
		default:
			n := 1
			for _, p := range puncts {
				if bytes.HasPrefix(src[l.i:], []byte(p)) {
					n = len(p)
					break
				}
			}
			if c == '/' && l.peek(1) == '=' {
				n = 2
			}
			l.punct(n)
		}
	}
	if len(l.subst) > 0 { // the file ends inside a substitution
		l.subst = nil
		l.tpl.kind, l.tpl.end = kindUnterminated, len(src)
		l.emit(l.tpl)
	}
	if l.stop != "" {
		return l.toks, diag.At("", l.line, l.stop)
	}
	return l.toks, nil
}

func identStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c == '#' || c >= 0x80
}

func (l *lexer) peek(n int) byte {
	if l.i+n < len(l.src) {
		return l.src[l.i+n]
	}
	return 0
}

func (l *lexer) emit(t token) {
	if l.n++; l.n > l.maxTokens {
		l.stop = fmt.Sprintf("more than %d tokens (limits.js_tokens)", l.maxTokens)
	}
	if t.kind == kindPunct {
		switch t.text {
		case "{", "(", "[":
			if l.depth++; l.depth > l.maxDepth {
				l.stop = fmt.Sprintf("nesting deeper than %d (limits.nesting)", l.maxDepth)
			}
		case "}", ")", "]":
			l.depth = max(l.depth-1, 0)
		}
	}
	l.prev, l.any = t, true
	if len(l.subst) == 0 {
		// Doubled as it fills, up to the token past limits.js_tokens
		// and no further: append grows a large slice by a quarter, and
		// the copies of a million tokens came to 257 MB, past
		// fuzzbound's 256.
		if len(l.toks) == cap(l.toks) {
			l.toks = slices.Grow(l.toks, min(max(len(l.toks), 256), max(l.maxTokens+1-len(l.toks), 1)))
		}
		l.toks = append(l.toks, t)
	}
}

func (l *lexer) punct(n int) {
	if l.i+n > len(l.src) {
		n = len(l.src) - l.i
	}
	l.emit(token{kind: kindPunct, text: string(l.src[l.i : l.i+n]), pos: l.i, end: l.i + n, line: l.line})
	l.i += n
}

// regexOK says whether a "/" here starts a regular expression literal.
func (l *lexer) regexOK() bool {
	if !l.any {
		return true
	}
	switch p := l.prev; p.kind {
	case kindIdent:
		return regexAfter[p.text]
	case kindPunct:
		return p.text != ")" && p.text != "]" && p.text != "}" && p.text != "++" && p.text != "--"
	}
	return false
}

func (l *lexer) regex() {
	start, line := l.i, l.line
	l.i++
	class := false
loop:
	for l.i < len(l.src) {
		switch l.src[l.i] {
		case '\\':
			if l.peek(1) == '\n' {
				break loop
			}
			l.i += 2
			continue
		case '[':
			class = true
		case ']':
			class = false
		case '/':
			if !class {
				l.i++
				break loop
			}
		case '\n':
			break loop
		}
		l.i++
	}
	if l.i > len(l.src) {
		l.i = len(l.src)
	}
	for l.i < len(l.src) && identStart(l.src[l.i]) { // flags
		l.i++
	}
	l.emit(token{kind: kindRegex, text: string(l.src[start:l.i]), pos: start, end: l.i, line: line})
}

// str reads a '…' or "…" string literal; one that a line break or the
// end of the file cuts is kindUnterminated.
func (l *lexer) str(q byte) {
	start, line := l.i, l.line
	l.i++
	for l.i < len(l.src) {
		switch c := l.src[l.i]; {
		case c == q:
			l.i++
			l.emit(token{kind: kindString, text: unescape(l.src[start+1 : l.i-1]), pos: start, end: l.i, line: line})
			return
		case c == '\\':
			l.i++
			if l.i >= len(l.src) {
				break
			}
			if l.src[l.i] == '\r' && l.peek(1) == '\n' {
				l.i++
			}
			if l.src[l.i] == '\n' {
				l.line++
			}
			l.i++
		case c == '\n':
			l.emit(token{kind: kindUnterminated, pos: start, end: l.i, line: line})
			return
		default:
			l.i++
		}
	}
	if l.i > len(l.src) {
		l.i = len(l.src)
	}
	l.emit(token{kind: kindUnterminated, pos: start, end: l.i, line: line})
}

// template reads a template literal's characters from l.i (after its
// opening ` or after the } that closes a substitution) up to its end or
// to the next ${.
func (l *lexer) template() {
	for l.i < len(l.src) {
		switch c := l.src[l.i]; {
		case c == '\\':
			l.i++
			if l.i < len(l.src) {
				if l.src[l.i] == '\n' {
					l.line++
				}
				l.i++
			}
		case c == '`':
			l.i++
			l.endTemplate(true)
			return
		case c == '$' && l.peek(1) == '{':
			l.i += 2
			l.subst = append(l.subst, 0)
			l.tpl.kind = kindTemplate
			return
		case c == '\n':
			l.line++
			l.i++
		default:
			l.i++
		}
	}
	l.endTemplate(false)
}

// endTemplate ends a template literal: the outermost one is emitted.
func (l *lexer) endTemplate(closed bool) {
	if len(l.subst) > 0 { // a template inside a substitution
		l.prev, l.any = token{kind: kindTemplate}, true
		return
	}
	t := l.tpl
	t.end = l.i
	switch {
	case !closed:
		t.kind = kindUnterminated
	case t.kind == kindString && t.end-1 > t.pos:
		t.text = unescape(l.src[t.pos+1 : t.end-1])
	}
	l.emit(t)
}

// unescape decodes a string literal's escapes.
func unescape(raw []byte) string {
	if !bytes.ContainsRune(raw, '\\') {
		return string(raw)
	}
	var b strings.Builder
	hex := func(s []byte) (rune, bool) {
		if len(s) == 0 || len(s) > 6 {
			return 0, false
		}
		n, err := strconv.ParseUint(string(s), 16, 32)
		return rune(n), err == nil
	}
	for i := 0; i < len(raw); {
		c := raw[i]
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		i++
		if i >= len(raw) {
			break
		}
		c = raw[i]
		i++
		switch c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '0':
			b.WriteByte(0)
		case '\r':
			if i < len(raw) && raw[i] == '\n' {
				i++
			}
		case '\n':
		case 'x':
			if i+2 <= len(raw) {
				if r, ok := hex(raw[i : i+2]); ok {
					b.WriteRune(r)
					i += 2
					continue
				}
			}
			b.WriteByte('x')
		case 'u':
			var r rune
			ok := false
			if i < len(raw) && raw[i] == '{' {
				if end := bytes.IndexByte(raw[i:], '}'); end > 0 {
					if r, ok = hex(raw[i+1 : i+end]); ok {
						i += end + 1
					}
				}
			} else if i+4 <= len(raw) {
				if r, ok = hex(raw[i : i+4]); ok {
					i += 4
					if utf16.IsSurrogate(r) && i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
						if r2, ok2 := hex(raw[i+2 : i+6]); ok2 {
							if d := utf16.DecodeRune(r, r2); d != 0xFFFD {
								r = d
								i += 6
							}
						}
					}
				}
			}
			if !ok {
				b.WriteByte('u')
				continue
			}
			b.WriteRune(r)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
