package frontmatter

// JavaScript front matter, as Eleventy reads it (Options.JavaScript):
// "---js" (or "---javascript") opens it and "---" closes it. Eleventy 3
// runs the code and takes each variable it declares at its top level as
// data (const date = "2023-01-23" gives date); code that starts with "{"
// is one object literal whose keys are the data, the form Eleventy 2 read
// (gray-matter's javascript engine), which Eleventy 3 reads still.
// sitemapgen runs no code: it reads the tokens (package jsconfig's
// tokenizer) and takes a value only where it is a literal (a string, a
// template without ${}, a number, true, false, null, or a list of
// strings). A key the object literal gives twice has its last value, as
// in JavaScript. A value the code computes (new Date(), a function, a
// call, a variable assigned again, a var inside a block) is not read; for
// a key that dates the page, gives its URL or leaves it out, a Problem
// says so.

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"

	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// jsOpening reports whether delim, the front matter's first line without
// the white space around it, opens JavaScript front matter: "---" then
// the language's name, js or javascript, in any case, as gray-matter
// reads it.
func jsOpening(delim string) bool {
	lang, ok := strings.CutPrefix(delim, "---")
	if !ok {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(lang)) {
	case "js", "javascript":
		return true
	}
	return false
}

// jsOpeningStart reports whether rest, what follows "---" on the first
// line as far as it was read, may still turn out to name JavaScript: the
// start of js or javascript, in any case, and white space after it.
func jsOpeningStart(rest []byte) bool {
	name := strings.ToLower(string(bytes.TrimRightFunc(rest, unicode.IsSpace)))
	return len(name) <= len("javascript") && (strings.HasPrefix("javascript", name) || strings.HasPrefix("js", name))
}

// unmarshalJS decodes JavaScript front matter for fm.Parse.
func unmarshalJS(data []byte, v any) error {
	p := v.(*sourceParse)
	p.in.done, p.closed = true, true
	p.src.Format = "js"
	p.end = p.open + bytes.Count(data, newline) + 1
	lim := limits.Default
	lim.SettingsBytes = max(lim.SettingsBytes, len(data))
	lim.Nesting = p.maxDepth
	toks, err := jsconfig.Tokens(data, lim)
	if err != nil {
		p.problem(p.open, "JavaScript: %v; not read", err)
		return nil
	}
	if len(toks) > 0 && toks[0].Is("{") {
		p.apply(p.jsObjectFields(data, toks, lim))
	} else {
		p.apply(p.jsDeclFields(toks))
	}
	return nil
}

// jsReported reports whether the key name is one whose value, when the
// code computes it, is a Problem: one that dates a page, gives its URL or
// leaves it out.
func jsReported(name string) bool {
	switch name {
	case "lastmod", "last_modified_at", "modified", "updated", "updateddate",
		"date", "publishdate", "pubdate", "published", "publisheddate", "publishedat",
		"expirydate", "unpublishdate", "draft", "permalink", "url", "sitemap":
		return true
	}
	return false
}

// computed says that the key name, on line (of the front matter's
// body), has a value the code computes: a Problem for a key of
// jsReported.
func (p *sourceParse) computed(name, key string, line int) {
	if jsReported(name) {
		p.problem(p.bodyLine(line), "%s: computed by JavaScript, which sitemapgen does not run; not read", key)
	}
}

// jsObjectFields reads the keys of the object literal that is the
// whole of the code (Eleventy 2's form): toks, the code's tokens, are
// "{ … }", and a ";" after it at most.
func (p *sourceParse) jsObjectFields(data []byte, toks []jsconfig.Token, lim limits.Limits) fields {
	end := len(toks)
	if toks[end-1].Is(";") {
		end--
	}
	if closer(toks, 0) != end-1 {
		p.problem(p.bodyLine(toks[0].Line), "JavaScript: code beside the object literal; not read")
		return nil
	}
	// As an export, on its first line: the reader tells the object
	// literal from a block by where it stands, and the lines stay.
	code := append([]byte("export default "), data...)
	lim.SettingsBytes = max(lim.SettingsBytes, len(code))
	r := jsconfig.NewReader("", code, lim)
	repeated := jsRepeatedKeys(toks[:end])
	var fs fields
	for _, k := range r.Keys("") {
		name := strings.ToLower(k.Name)
		if !p.known[name] {
			continue
		}
		if last, ok := repeated[k.Name]; ok {
			// JavaScript keeps the last value a key is given; the reader
			// would give the first.
			v, next, ok := jsValue(toks[:last.end], last.start)
			if !ok || next != last.end {
				if jsReported(name) {
					p.problem(p.bodyLine(toks[last.start].Line), "%s: given more than once, last a value sitemapgen does not read (JavaScript keeps the last); not read", k.Name)
				}
				continue
			}
			fs = append(fs, field{key: k.Name, name: name, line: p.bodyLine(toks[last.start].Line), val: v})
			continue
		}
		v, line, _ := r.Any(k.Name)
		v, ok := jsLiteral(v)
		if !ok {
			p.computed(name, k.Name, line)
			continue
		}
		f := field{key: k.Name, name: name, line: p.bodyLine(line), val: v}
		if m, isMap := v.(map[string]any); isMap && nested(name) {
			f.val = jsonNested(m, f)
		}
		fs = append(fs, f)
	}
	return fs
}

// jsSpan is where a value is in the code's tokens: toks[start:end].
type jsSpan struct{ start, end int }

// jsRepeatedKeys returns the keys that the object literal toks ("{ … }",
// its closing brace last) gives more than once, each with where its last
// value is. A key is a name, a string or a number before ":", or a
// method's name before "(" (whose value is a function).
func jsRepeatedKeys(toks []jsconfig.Token) map[string]jsSpan {
	closing := len(toks) - 1
	count := map[string]int{}
	last := map[string]jsSpan{}
	for i := 1; i < closing; {
		// toks[i] starts an entry: find where it ends, at a "," of the
		// object's own or its closing brace.
		end, depth := i, 0
		for ; end < closing; end++ {
			t := toks[end]
			switch {
			case t.Is("{") || t.Is("(") || t.Is("["):
				depth++
			case t.Is("}") || t.Is(")") || t.Is("]"):
				depth--
			}
			if depth == 0 && t.Is(",") || depth < 0 {
				break
			}
		}
		if k := toks[i]; i+1 < end && (k.Kind == jsconfig.Ident || k.Kind == jsconfig.String || k.Kind == jsconfig.Number) {
			switch {
			case toks[i+1].Is(":"):
				count[k.Text]++
				last[k.Text] = jsSpan{i + 2, end}
			case toks[i+1].Is("(") && k.Kind == jsconfig.Ident:
				count[k.Text]++
				last[k.Text] = jsSpan{i + 1, end}
			}
		}
		i = end + 1
	}
	for k, n := range count {
		if n < 2 {
			delete(last, k)
		}
	}
	return last
}

// jsLiteral returns v, a value [jsconfig.Reader.Any] gave, when it and
// everything in it are literals, as JSON would give them.
func jsLiteral(v any) (any, bool) {
	switch v := v.(type) {
	case nil, string, float64, bool:
		return v, true
	case []any:
		for _, e := range v {
			if _, ok := jsLiteral(e); !ok {
				return nil, false
			}
		}
		return v, true
	case map[string]any:
		for _, e := range v {
			if _, ok := jsLiteral(e); !ok {
				return nil, false
			}
		}
		return v, true
	}
	return nil, false
}

// closer returns the index of the token that closes the bracket at
// toks[i], or -1.
func closer(toks []jsconfig.Token, i int) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		switch t := toks[j]; {
		case t.Is("{") || t.Is("(") || t.Is("["):
			depth++
		case t.Is("}") || t.Is(")") || t.Is("]"):
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// jsDecl is a variable the code declares at its top level.
type jsDecl struct {
	key  string
	line int
	val  any
	ok   bool // val is a literal
}

// jsDeclFields reads the variables that the code declares at its top
// level, as Eleventy 3's data files do: const, let or var NAME = a
// literal. A declaration of several names counts too (const a = 1, b =
// 2). It does not read a name that the code declares more than once,
// a function's own variable of that name included, or that it assigns
// again anywhere: such a name is computed.
func (p *sourceParse) jsDeclFields(toks []jsconfig.Token) fields {
	s := jsDeclScan{toks: toks, declared: map[string]int{}, assigned: map[string]bool{}}
	for i := 0; i < len(toks); i++ {
		i = s.token(i)
	}
	var fs fields
	seen := map[string]bool{}
	for _, d := range s.decls {
		name := strings.ToLower(d.key)
		if !p.known[name] || seen[name] {
			continue
		}
		seen[name] = true
		if !d.ok || s.declared[d.key] > 1 || s.assigned[d.key] {
			p.computed(name, d.key, d.line)
			continue
		}
		fs = append(fs, field{key: d.key, name: name, line: p.bodyLine(d.line), val: d.val})
	}
	return fs
}

// jsDeclScan is the state of reading a script's top-level variables,
// token by token (jsDeclFields).
type jsDeclScan struct {
	toks  []jsconfig.Token
	decls []jsDecl
	// declared counts the declarations of each name, at any depth;
	// assigned holds the names that the code assigns again.
	declared map[string]int
	assigned map[string]bool
	// depth is the number of brackets open. open holds them: where each
	// opens, and whether it is a function's body. fnOpen counts the
	// function bodies open. closed is the last "(…)" closed, for the "{"
	// that may follow it.
	depth  int
	open   []jsBracket
	closed jsSpan
	fnOpen int
}

// jsBracket is a bracket open in a script: where it opens, and whether
// it is a function's body.
type jsBracket struct {
	at int
	fn bool
}

// token reads the token at i. It returns the index of the last token it
// read, which is past i when a declaration runs on.
func (s *jsDeclScan) token(i int) int {
	toks := s.toks
	t := toks[i]
	switch {
	case t.Is("{") || t.Is("(") || t.Is("["):
		s.depth++
		b := jsBracket{at: i}
		if t.Is("{") {
			b.fn, _ = jsAfter(toks, i, s.closed)
		}
		if b.fn {
			s.fnOpen++
		}
		s.open = append(s.open, b)
		return i
	case t.Is("}") || t.Is(")") || t.Is("]"):
		s.depth--
		if n := len(s.open); n > 0 {
			b := s.open[n-1]
			s.open = s.open[:n-1]
			if b.fn {
				s.fnOpen--
			}
			if t.Is(")") {
				s.closed = jsSpan{b.at, i}
			}
		}
		return i
	case t.Kind != jsconfig.Ident:
		return i
	}
	if jsAssigns(toks, i) {
		s.assigned[t.Text] = true
	}
	switch t.Text {
	case "function", "class":
		if i+1 < len(toks) && toks[i+1].Kind == jsconfig.Ident {
			s.declared[toks[i+1].Text]++
		}
		return i
	case "const", "let", "var":
		if i > 0 && toks[i-1].Is(".") {
			return i // This is a property's name, as in x.var.
		}
		return s.declaration(i)
	}
	return i
}

// declaration reads the declaration that the const, let or var at i
// begins: NAME = value, then "," and the next, and so on. It returns the
// index of the last token it read.
//
// A declaration counts when it is a statement of the top level. A var
// outside any function is a top-level variable wherever it stands. But
// inside a block, a loop's head or after an if, its value depends on the
// code that runs, so it is computed.
func (s *jsDeclScan) declaration(i int) int {
	toks := s.toks
	t := toks[i]
	top := s.depth == 0 && (i == 0 || toks[i-1].Is(";") || toks[i-1].Is("}") || toks[i-1].Line < t.Line)
	if _, control := jsAfter(toks, i, s.closed); control {
		top = false
	}
	varInside := t.Text == "var" && !top && s.fnOpen == 0
	for j := i + 1; j < len(toks) && toks[j].Kind == jsconfig.Ident; {
		name := toks[j].Text
		s.declared[name]++
		if j+1 >= len(toks) || !toks[j+1].Is("=") {
			break // No value here, or a destructuring, or a type.
		}
		v, next, ok := jsValue(toks, j+2)
		if top || varInside {
			s.decls = append(s.decls, jsDecl{key: name, line: toks[j].Line, val: v, ok: ok && top})
		}
		if !ok || next >= len(toks) || !toks[next].Is(",") {
			break
		}
		j = next + 1
		i = next
	}
	return i
}

// jsAfter says what the token toks[i] follows: fn when it is a
// function's parameters ("=>", the "(…)" of a function or a method, or
// static before a class's static block), control when it is the head of
// a statement (else, do, or the "(…)" of if, for, while, switch, catch
// or with). closed is the last "(…)" closed before toks[i]. A "{" after
// fn opens a function's body, where a var is the function's; a
// statement after control runs only as the head decides.
func jsAfter(toks []jsconfig.Token, i int, closed jsSpan) (fn, control bool) {
	if i == 0 {
		return false, false
	}
	switch prev := toks[i-1]; {
	case prev.Is("=>") || prev.IsIdent("static"):
		return true, false
	case prev.IsIdent("else") || prev.IsIdent("do"):
		return false, true
	case prev.Is(")") && closed.end == i-1:
		c := jsControlParens(toks, closed.start)
		return !c, c
	}
	return false, false
}

// jsControlParens reports whether the "(" at toks[open] is the head of
// a statement, not a function's parameters: after if, for (for await),
// while, switch, catch or with.
func jsControlParens(toks []jsconfig.Token, open int) bool {
	if open == 0 || toks[open-1].Kind != jsconfig.Ident {
		return false
	}
	switch toks[open-1].Text {
	case "if", "for", "while", "switch", "catch", "with":
		return true
	case "await":
		return open >= 2 && toks[open-2].IsIdent("for")
	}
	return false
}

// jsAssigns reports whether the identifier toks[i] is assigned: followed
// by an assignment operator, or by or after ++ or --.
func jsAssigns(toks []jsconfig.Token, i int) bool {
	if i > 0 && (toks[i-1].Is("++") || toks[i-1].Is("--")) {
		return true
	}
	if i+1 >= len(toks) || i > 0 && toks[i-1].Is(".") {
		return false
	}
	switch n := toks[i+1]; {
	case n.Is("++") || n.Is("--"):
		return n.Line == toks[i].Line
	case n.Kind == jsconfig.Punct && strings.HasSuffix(n.Text, "=") && n.Text != "==" && n.Text != "===" && n.Text != "!=" && n.Text != "!==" && n.Text != "<=" && n.Text != ">=":
		// = += -= … ??= ||= &&=; a declaration's own = too, which the
		// caller tells apart (declared counts it).
		return i == 0 || !(toks[i-1].IsIdent("const") || toks[i-1].IsIdent("let") || toks[i-1].IsIdent("var") || toks[i-1].Is(","))
	}
	return false
}

// jsValue reads the value that starts at toks[i], a declarator's: a
// literal (a string, a template without ${}, a number, with a sign,
// true, false, null, undefined) or a list of string literals, that ends
// there: what follows is a ";", a ",", nothing, or a token on a later
// line that starts a new statement. It returns the value, the index of
// the token after it, and whether it is such a literal.
func jsValue(toks []jsconfig.Token, i int) (any, int, bool) {
	if i >= len(toks) {
		return nil, i, false
	}
	var v any
	j := i + 1
	switch t := toks[i]; {
	case t.Kind == jsconfig.String:
		v = t.Text
	case t.Kind == jsconfig.Number || (t.Is("-") || t.Is("+")) && i+1 < len(toks) && toks[i+1].Kind == jsconfig.Number:
		text := t.Text
		if t.Kind != jsconfig.Number {
			text, j = t.Text+toks[i+1].Text, i+2
		}
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return nil, j, false
		}
		v = f
	case t.IsIdent("true"), t.IsIdent("false"):
		v = t.Text == "true"
	case t.IsIdent("null"), t.IsIdent("undefined"):
		v = nil
	case t.Is("["):
		list := []any{}
		for j < len(toks) && !toks[j].Is("]") {
			if toks[j].Kind != jsconfig.String {
				return nil, j, false
			}
			list = append(list, toks[j].Text)
			j++
			if j < len(toks) && toks[j].Is(",") {
				j++
			}
		}
		if j >= len(toks) {
			return nil, j, false
		}
		v, j = list, j+1
	default:
		return nil, j, false
	}
	if j == len(toks) || toks[j].Is(";") || toks[j].Is(",") {
		return v, j, true
	}
	// A newline ends the statement before a token that cannot go on
	// with it: a name (but the operators in and instanceof).
	if n := toks[j]; n.Line > toks[j-1].Line && n.Kind == jsconfig.Ident && n.Text != "in" && n.Text != "instanceof" {
		return v, j, true
	}
	return nil, j, false
}
