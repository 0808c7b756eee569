// Package pyconf reads the configurations of the generators that are
// Python files (Pelican's pelicanconf.py, Sphinx's conf.py) as text, for
// their literal assignments: never run.
package pyconf

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// pyAssign matches a top-level assignment of a string literal: NAME =
// 'value' or "value", with an optional comment after it.
var pyAssign = lazyre.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?:'([^'\\]*)'|"([^"\\]*)")\s*(?:#.*)?$`)

// pyAny matches any top-level assignment: NAME = …
var pyAny = lazyre.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*=`)

// Value is a top-level assignment of a Python file: its value when it
// is a string literal, the literal it is when it is one the peers' options
// take (val: a string, true or false, None as nil, a number as float64, a
// list or tuple of those as []any; else a peer.Expr of its text), and its
// line.
type Value struct {
	Value   string
	Literal bool
	Val     any
	Line    int
}

// maxPyLines bounds the lines a value written over several lines (a list
// of extensions, one a line) is read from.
const maxPyLines = 200

// Assignments returns the last top-level assignment of each name in a
// Python file (a later one wins, as when it runs). A value whose brackets
// open on its line and close on a later one is read from those lines,
// which are no assignments of their own.
func Assignments(data []byte) map[string]Value {
	out := map[string]Value{}
	lines := bytes.Split(data, []byte("\n"))
	for i := 0; i < len(lines); i++ {
		s := strings.TrimRight(string(lines[i]), " \t\r")
		m := pyAny().FindStringSubmatchIndex(s)
		if m == nil {
			continue
		}
		name, line := s[m[2]:m[3]], i+1
		text := s[m[1]:]
		// Each line is scanned once and appended once: a file of
		// unclosed brackets, a line each, cost time and memory
		// quadratic in maxPyLines for each value when its text was
		// scanned again and copied as each line came.
		var d pyDepths
		if d.scan(text); d.depth > 0 {
			buf := []byte(text)
			for d.depth > 0 && i+1 < len(lines) && i+1-line < maxPyLines {
				i++
				next := len(buf)
				buf = append(append(buf, '\n'), bytes.TrimRight(lines[i], " \t\r")...)
				d.scan(string(buf[next:]))
			}
			text = string(buf)
		}
		v := Value{Line: line, Val: pyLiteral(text)}
		if a := pyAssign().FindStringSubmatch(s); a != nil {
			v.Value, v.Literal = a[2]+a[3], true
		}
		out[name] = v
	}
	return out
}

// pyDepths is how many brackets a text leaves open, outside its strings
// and comments, read in pieces, each scanned once: the brackets open,
// the quote open, and whether a backslash that ended the last piece
// escapes the first byte of the next.
type pyDepths struct {
	depth int
	quote byte
	skip  bool
}

// scan reads the next piece of the text. A comment needs no state: each
// piece after the first begins with the "\n" that ends it.
func (d *pyDepths) scan(text string) {
	i := 0
	if d.skip {
		i, d.skip = 1, false
	}
	for ; i < len(text); i++ {
		c := text[i]
		switch {
		case d.quote != 0:
			if c == '\\' {
				if i++; i == len(text) {
					d.skip = true
				}
			} else if c == d.quote || c == '\n' {
				d.quote = 0
			}
		case c == '\'' || c == '"':
			d.quote = c
		case c == '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '[' || c == '(' || c == '{':
			d.depth++
		case c == ']' || c == ')' || c == '}':
			d.depth--
		}
	}
}

// pyLiteral returns the literal text is, as Value.val says: a
// peer.Expr of its first line when it is none.
func pyLiteral(text string) any {
	r := &pyReader{s: text}
	if v, ok := r.value(); ok {
		if r.space(); r.i == len(r.s) {
			return v
		}
	}
	first, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	return peer.Expr{Text: first}
}

// pyReader reads a Python literal: strings (with their escapes; r'…' as
// written), numbers, True, False, None, and lists, tuples and dicts
// (with string keys) of them, nested at most maxPyDepth deep.
type pyReader struct {
	s     string
	i     int
	depth int // the lists, tuples and dicts open
}

// maxPyDepth bounds the nesting of a literal read, as Go's encoding/json
// bounds a JSON value's: a value nested deeper is none (an expression),
// never a stack overflow (2,000,000 [ took the process down). A
// configuration nested deeper than limits.nesting is refused before
// it is read (limits.Deep), with its file and line.
const maxPyDepth = 10_000

// space skips spaces, line ends and comments.
func (r *pyReader) space() {
	for r.i < len(r.s) {
		switch c := r.s[r.i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			r.i++
		case c == '\\' && r.i+1 < len(r.s) && r.s[r.i+1] == '\n':
			r.i += 2
		case c == '#':
			for r.i < len(r.s) && r.s[r.i] != '\n' {
				r.i++
			}
		default:
			return
		}
	}
}

func (r *pyReader) value() (any, bool) {
	r.space()
	if r.i == len(r.s) {
		return nil, false
	}
	switch c := r.s[r.i]; {
	case c == '[' || c == '(' || c == '{':
		if r.depth == maxPyDepth {
			return nil, false
		}
		r.depth++
		defer func() { r.depth-- }()
		if c == '{' {
			return r.dict()
		}
		return r.list(map[byte]byte{'[': ']', '(': ')'}[c])
	case c == '\'' || c == '"':
		return r.str(false)
	case (c == 'r' || c == 'R') && r.i+1 < len(r.s) && (r.s[r.i+1] == '\'' || r.s[r.i+1] == '"'):
		r.i++
		return r.str(true)
	case (c == 'u' || c == 'U') && r.i+1 < len(r.s) && (r.s[r.i+1] == '\'' || r.s[r.i+1] == '"'):
		r.i++
		return r.str(false)
	}
	j := r.i
	for j < len(r.s) && (isWordByte(r.s[j]) || r.s[j] == '.' || r.s[j] == '-' || r.s[j] == '+') {
		j++
	}
	word := r.s[r.i:j]
	switch word {
	case "True":
		r.i = j
		return true, true
	case "False":
		r.i = j
		return false, true
	case "None":
		r.i = j
		return nil, true
	}
	if f, err := strconv.ParseFloat(strings.ReplaceAll(word, "_", ""), 64); err == nil && word != "" {
		r.i = j
		return f, true
	}
	return nil, false
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// str reads a string literal of one line, its quote at r.i; raw keeps
// its backslashes as written. Triple-quoted strings are not read.
func (r *pyReader) str(raw bool) (any, bool) {
	q := r.s[r.i]
	if strings.HasPrefix(r.s[r.i:], strings.Repeat(string(q), 3)) {
		return nil, false
	}
	var b strings.Builder
	for j := r.i + 1; j < len(r.s); j++ {
		c := r.s[j]
		switch {
		case c == '\n':
			return nil, false
		case c == q:
			r.i = j + 1
			return b.String(), true
		case c == '\\' && j+1 < len(r.s):
			j++
			if raw {
				b.WriteByte('\\')
				b.WriteByte(r.s[j])
				continue
			}
			switch e := r.s[j]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '\\', '\'', '"':
				b.WriteByte(e)
			default:
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return nil, false
}

// dict reads a dict whose keys are strings, {'status': 'draft'}, as a
// map[string]any.
func (r *pyReader) dict() (any, bool) {
	r.i++
	out := map[string]any{}
	for {
		r.space()
		if r.i < len(r.s) && r.s[r.i] == '}' {
			r.i++
			return out, true
		}
		k, ok := r.value()
		key, isStr := k.(string)
		if !ok || !isStr {
			return nil, false
		}
		if r.space(); r.i >= len(r.s) || r.s[r.i] != ':' {
			return nil, false
		}
		r.i++
		v, ok := r.value()
		if !ok {
			return nil, false
		}
		out[key] = v
		r.space()
		switch {
		case r.i < len(r.s) && r.s[r.i] == ',':
			r.i++
		case r.i < len(r.s) && r.s[r.i] == '}':
		default:
			return nil, false
		}
	}
}

// list reads a list or a tuple up to its closing bracket end.
func (r *pyReader) list(end byte) (any, bool) {
	r.i++
	out := []any{}
	for {
		r.space()
		if r.i < len(r.s) && r.s[r.i] == end {
			r.i++
			return out, true
		}
		v, ok := r.value()
		if !ok {
			return nil, false
		}
		out = append(out, v)
		r.space()
		switch {
		case r.i < len(r.s) && r.s[r.i] == ',':
			r.i++
		case r.i < len(r.s) && r.s[r.i] == end:
		default:
			return nil, false
		}
	}
}
