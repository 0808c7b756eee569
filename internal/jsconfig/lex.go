package jsconfig

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

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
var puncts = []string{">>>=", "===", "!==", "...", "**=", "<<=", ">>=", ">>>", "??=", "||=", "&&=", "=>", "==", "!=", "?.", "??", "||", "&&", "<=", ">=", "++", "--", "+=", "-=", "*=", "%=", "&=", "|=", "^=", "**", "<<", ">>"}

// regexAfter reports whether name is a keyword after which a "/"
// starts a regular expression rather than a division.
func regexAfter(name string) bool {
	switch name {
	case "return", "typeof", "instanceof", "in", "of", "new", "delete",
		"void", "throw", "case", "do", "else", "yield", "await":
		return true
	}
	return false
}

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

	// open are the brackets open, each true when a "/" after its close
	// starts a regular expression: a block's }, the ) of an if, for,
	// while or with's condition; closed is that of the last one closed.
	open   []bool
	closed bool

	// regexAt are the offsets of the regular expression literals read,
	// inside templates' substitutions too: the test that holds the
	// lexer to a JavaScript parser's reads them.
	regexAt []int
}

// lex splits JavaScript (or TypeScript) source into tokens. Tokens
// inside a template literal's substitutions are not returned: the template
// is one token. Past lim.JSTokens tokens, or lim.Nesting brackets open,
// it stops: the error says where.
func lex(src []byte, lim limits.Limits) ([]token, error) {
	l, err := lexed(src, lim)
	if l == nil {
		return nil, err
	}
	return l.toks, err
}

// lexed is lex, with the lexer that read src: nil for source too large.
func lexed(src []byte, lim limits.Limits) (*lexer, error) {
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
		case identStart(c) || c == '\\' && l.peek(1) == 'u':
			l.ident()
		case c >= '0' && c <= '9' || c == '.' && l.peek(1) >= '0' && l.peek(1) <= '9':
			start := l.i
			hex := c == '0' && (l.peek(1) == 'x' || l.peek(1) == 'X')
			for l.i < len(src) {
				d := src[l.i]
				if identPart(d) || d == '.' || (d == '+' || d == '-') && !hex && (src[l.i-1] == 'e' || src[l.i-1] == 'E') && l.i+1 < len(src) && src[l.i+1] >= '0' && src[l.i+1] <= '9' {
					l.i++
					continue
				}
				break
			}
			l.emit(token{kind: kindNumber, text: string(src[start:l.i]), pos: start, end: l.i, line: l.line})
		case c == '/' && l.regexOK():
			l.regex()
		default:
			n := 1
			if punctStart[c] {
				for _, p := range puncts {
					if p[0] == c && bytes.HasPrefix(src[l.i:], []byte(p)) {
						n = len(p)
						break
					}
				}
			}
			if c == '/' && l.peek(1) == '=' {
				n = 2
			}
			if n == 2 && c == '?' && l.peek(1) == '.' && l.peek(2) >= '0' && l.peek(2) <= '9' {
				n = 1 // a ? b?.5:c is a conditional, not an optional chain
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
		return l, diag.At("", l.line, l.stop)
	}
	return l, nil
}

func identStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c == '#' || c >= 0x80
}

// ident reads an identifier, its \u escapes decoded (\u0073ite is
// site); a \u that is no escape of one ends it.
func (l *lexer) ident() {
	start := l.i
	var name []byte
	escaped := false
	for first := true; l.i < len(l.src); first = false {
		c := l.src[l.i]
		switch {
		case c == '\\':
			r, n := identEscape(l.src[l.i:])
			if n == 0 {
				if first {
					l.punct(1) // a lone backslash
					return
				}
				goto done
			}
			escaped = true
			name = utf8.AppendRune(name, r)
			l.i += n
		case first && identStart(c) || !first && identPart(c):
			name = append(name, c)
			l.i++
		default:
			goto done
		}
	}
done:
	text := string(l.src[start:l.i])
	if escaped {
		text = string(name)
	}
	l.emit(token{kind: kindIdent, text: text, pos: start, end: l.i, line: l.line})
}

// identEscape reads the \uXXXX or \u{X…} escape at the start of b: the
// character, and its length; 0 for none.
func identEscape(b []byte) (rune, int) {
	if len(b) < 3 || b[0] != '\\' || b[1] != 'u' {
		return 0, 0
	}
	hex, n := b[2:], 0
	if hex[0] == '{' {
		end := bytes.IndexByte(hex, '}')
		if end < 2 {
			return 0, 0
		}
		hex, n = hex[1:end], end+3
	} else {
		if len(hex) < 4 {
			return 0, 0
		}
		hex, n = hex[:4], 6
	}
	for _, c := range hex {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return 0, 0
		}
	}
	v, err := strconv.ParseUint(string(hex), 16, 32)
	if err != nil || v > unicode.MaxRune {
		return utf8.RuneError, n // past Unicode: no character, the escape all the same
	}
	return rune(v), n
}

// identPart reports whether c goes on an identifier: a "#" only starts
// one (a private name).
func identPart(c byte) bool {
	return identStart(c) && c != '#' || c >= '0' && c <= '9'
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
			l.open = append(l.open, l.regexAfterClose(t.text))
		case "}", ")", "]":
			l.depth = max(l.depth-1, 0)
			l.closed = false
			if n := len(l.open); n > 0 {
				l.closed, l.open = l.open[n-1], l.open[:n-1]
			}
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
	text := ""
	if n == 1 {
		text = oneByte[l.src[l.i]] // no string made for each
	} else {
		text = string(l.src[l.i : l.i+n])
	}
	l.emit(token{kind: kindPunct, text: text, pos: l.i, end: l.i + n, line: l.line})
	l.i += n
}

// oneByte are the strings of one byte, by their byte.
var oneByte = func() (t [256]string) {
	for i := range t {
		t[i] = string([]byte{byte(i)})
	}
	return t
}()

// punctStart are the first bytes of puncts.
var punctStart = func() (t [256]bool) {
	for _, p := range puncts {
		t[p[0]] = true
	}
	return t
}()

// regexOK says whether a "/" here starts a regular expression literal.
func (l *lexer) regexOK() bool {
	if !l.any {
		return true
	}
	switch p := l.prev; p.kind {
	case kindIdent:
		return regexAfter(p.text)
	case kindPunct:
		switch p.text {
		case ")", "]", "}":
			return l.closed // a block's }, an if's condition's )
		case "++", "--":
			return false
		}
		return true
	}
	return false
}

// regexAfterClose says whether a "/" after the close of the bracket
// open, opened here, starts a regular expression: a { that opens a block
// (at a statement's start, after a condition's ), an arrow, else, do,
// try, finally), the ( of a condition (if, for, while, with).
func (l *lexer) regexAfterClose(open string) bool {
	p, any := l.prev, l.any
	switch open {
	case "{":
		if !any {
			return true
		}
		switch p.kind {
		case kindPunct:
			return p.text == ";" || p.text == "{" || p.text == "}" || p.text == ")" || p.text == "=>"
		case kindIdent:
			return p.text == "else" || p.text == "do" || p.text == "try" || p.text == "finally"
		}
	case "(":
		return any && p.kind == kindIdent && (p.text == "if" || p.text == "for" || p.text == "while" || p.text == "with")
	}
	return false
}

func (l *lexer) regex() {
	start, line := l.i, l.line
	l.regexAt = append(l.regexAt, start)
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
	for l.i < len(l.src) && identPart(l.src[l.i]) { // flags
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
			// An expression starts: a "/" there starts a regular
			// expression.
			l.prev, l.any = token{kind: kindPunct, text: "${"}, true
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
