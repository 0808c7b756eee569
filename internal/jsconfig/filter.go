package jsconfig

// A function that filters a list by literal strings, read as data: a
// sitemap plugin's transformItems that leaves some URLs out.

import "strings"

// Test is one test a filter's callback makes of an item's field, that
// keeps the item when it holds. It leaves the item out when the field
// includes Lit, starts with it, ends with it, or equals it (Op "includes",
// "startsWith", "endsWith", "equals").
type Test struct {
	Op, Lit string
}

// Leaves reports whether the test leaves out an item whose field is s.
func (t Test) Leaves(s string) bool {
	switch t.Op {
	case "includes":
		return strings.Contains(s, t.Lit)
	case "startsWith":
		return strings.HasPrefix(s, t.Lit)
	case "endsWith":
		return strings.HasSuffix(s, t.Lit)
	}
	return s == t.Lit
}

// Filter reads the function at path when all it does is filter its
// list argument by tests of each item's field with string literals,
// every test to hold: (items) => items.filter((item) =>
// !item.url.includes('migration') && item.url !== 'old.html'), as an
// arrow, a function or a method, its body the expression or one return
// statement. A test is !item.FIELD.includes('s') (startsWith, endsWith),
// item.FIELD !== 's' (or !=, either way round) or !['a', 'b'].includes(
// item.FIELD). The function may be a module's that the configuration
// spreads ([Reader.Spread]). It returns the tests, each leaving out the
// items it does not keep. ok is false for anything else: code the reader
// does not run.
func (r *Reader) Filter(path, field string) (tests []Test, ok bool) {
	vs := r.c.values[path]
	if len(vs) == 0 || !vs[0].fn {
		return nil, false
	}
	c := r.c
	if vs[0].file != "" {
		if c = r.spread[vs[0].file]; c == nil {
			return nil, false
		}
	}
	f := filterReader{c: c, field: field}
	list, body, end, _, ok := f.function(vs[0].pos)
	if !ok {
		return nil, false
	}
	// list.filter( callback )
	open := body + 3
	if !f.ident(body, list) || !f.at(body+1).is(".") || !f.ident(body+2, "filter") || !f.at(open).is("(") || f.close(open)+1 != end {
		return nil, false
	}
	item, cond, condEnd, after, ok := f.function(open + 1)
	if !ok || after != f.close(open) {
		return nil, false
	}
	return f.conjunction(item, cond, condEnd)
}

// filterReader reads the tokens of a filter.
type filterReader struct {
	c     *config
	field string
}

func (f *filterReader) at(i int) token {
	if i >= 0 && i < len(f.c.toks) {
		return f.c.toks[i]
	}
	return token{kind: kindPunct}
}

// close returns the index of the closer of the bracket at i, or -2.
func (f *filterReader) close(i int) int {
	if i >= 0 && i < len(f.c.match) && f.c.match[i] >= 0 && f.c.match[i] < len(f.c.toks) {
		return f.c.match[i]
	}
	return -2
}

func (f *filterReader) ident(i int, name string) bool { return f.at(i).isIdent(name) }

// function reads the function whose tokens start at s: an arrow, a
// function expression, or a method (its name first). It must take one
// parameter, a plain name. It returns that name, the bounds [body, end)
// of the expression it returns (an arrow's expression, up to the end of
// the value, or the one return statement of its block), and where the
// function ends.
func (f *filterReader) function(s int) (param string, body, end, after int, ok bool) {
	i := s
	if f.ident(i, "async") {
		i++
	}
	arrow := true
	switch {
	case f.ident(i, "function"):
		arrow = false
		if i++; f.at(i).kind == kindIdent {
			i++
		}
	case f.at(i).kind == kindIdent && f.at(i+1).is("("):
		arrow = false // a method: its name, then its parameters
		i++
	}
	switch {
	case f.at(i).is("(") && f.close(i) == i+2 && f.at(i+1).kind == kindIdent:
		param, i = f.at(i+1).text, i+3
	case arrow && f.at(i).kind == kindIdent:
		param, i = f.at(i).text, i+1
	default:
		return "", 0, 0, 0, false
	}
	if arrow {
		if !f.at(i).is("=>") {
			return "", 0, 0, 0, false
		}
		i++
		if !f.at(i).is("{") {
			e := f.exprEnd(i)
			return param, i, e, e, true
		}
	}
	// A block of one statement: return EXPR;
	close := f.close(i)
	if !f.at(i).is("{") || close < 0 || !f.ident(i+1, "return") {
		return "", 0, 0, 0, false
	}
	e := close
	if f.at(e - 1).is(";") {
		e--
	}
	return param, i + 2, e, close + 1, e > i+2
}

// exprEnd returns where the expression that starts at s ends: at the
// first , ; ) ] or } outside brackets.
func (f *filterReader) exprEnd(s int) int {
	i := s
	for i < len(f.c.toks) {
		t := f.c.toks[i]
		if t.kind == kindPunct && (t.text == "," || t.text == ";" || t.text == ")" || t.text == "]" || t.text == "}") {
			break
		}
		if c := f.close(i); c >= 0 {
			i = c + 1
			continue
		}
		i++
	}
	return i
}

// conjunction reads [s, e), tests of item joined by && (the whole
// within parentheses or not).
func (f *filterReader) conjunction(item string, s, e int) ([]Test, bool) {
	for f.at(s).is("(") && f.close(s) == e-1 {
		s, e = s+1, e-1
	}
	var tests []Test
	start := s
	for i := s; i <= e; i++ {
		if i < e && !f.at(i).is("&&") {
			if c := f.close(i); c >= 0 {
				i = c
			}
			continue
		}
		t, ok := f.test(item, start, i)
		if !ok {
			return nil, false
		}
		tests = append(tests, t...)
		start = i + 1
	}
	return tests, len(tests) > 0
}

// test reads one test of item in [s, e).
func (f *filterReader) test(item string, s, e int) ([]Test, bool) {
	for f.at(s).is("(") && f.close(s) == e-1 {
		s, e = s+1, e-1
	}
	field := func(i int) bool { // item.FIELD
		return f.ident(i, item) && f.at(i+1).is(".") && f.ident(i+2, f.field)
	}
	str := func(i int) bool { return f.at(i).kind == kindString }
	switch {
	case e-s == 9 && f.at(s).is("!") && field(s+1) && f.at(s+4).is(".") && f.at(s+6).is("(") && str(s+7) && f.at(s+8).is(")"):
		// !item.url.includes('s'), startsWith, endsWith
		switch op := f.at(s + 5).text; {
		case f.at(s+5).kind == kindIdent && (op == "includes" || op == "startsWith" || op == "endsWith"):
			return []Test{{Op: op, Lit: f.at(s + 7).text}}, true
		}
	case e-s == 5 && field(s) && (f.at(s+3).is("!==") || f.at(s+3).is("!=")) && str(s+4):
		return []Test{{Op: "equals", Lit: f.at(s + 4).text}}, true
	case e-s == 5 && str(s) && (f.at(s+1).is("!==") || f.at(s+1).is("!=")) && field(s+2):
		return []Test{{Op: "equals", Lit: f.at(s).text}}, true
	case f.at(s).is("!") && f.at(s+1).is("["):
		// !['a', 'b'].includes(item.url)
		c := f.close(s + 1)
		if c < 0 || c+8 != e || !f.at(c+1).is(".") || !f.ident(c+2, "includes") || !f.at(c+3).is("(") || !field(c+4) || !f.at(c+7).is(")") {
			return nil, false
		}
		var tests []Test
		for _, it := range f.c.split(s+2, c) {
			if it[1]-it[0] != 1 || !str(it[0]) {
				return nil, false
			}
			tests = append(tests, Test{Op: "equals", Lit: f.at(it[0]).text})
		}
		return tests, len(tests) > 0
	}
	return nil, false
}
