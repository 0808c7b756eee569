package jsconfig

import "slices"

// Choice is what [Reader.Choices] found: the literal strings a value may
// be, never run.
type Choice struct {
	// Line is the line the value starts on, and Cond the condition that
	// chooses, as written ("process.env.EXPORT"); "" for a literal.
	Line int
	Cond string
	// Values are the strings it may be, each once, in the order written.
	// Unset says it may be null or undefined too: not set.
	Values []string
	Unset  bool
}

// maxChoices bounds the branches of a conditional Choices reads.
const maxChoices = 16

// Choices returns the literal strings the value at path may be: one for
// a literal string, as [Reader.Str] reads it, or the branches of a
// conditional expression (cond ? 'export' : undefined), nested or not,
// each a literal string, null or undefined. A name that stands for one,
// a const of the top level no scope shadows (const output =
// process.env.EXPORT ? 'export' : undefined; … { output }), is read
// through. The condition is not evaluated: a branch may be the value.
// It is Absent and Bad as Str says, with Str's note, for anything else.
func (r *Reader) Choices(path, hint string) (Choice, State) {
	// A value another module gave (Reader.Spread) is read as Str reads
	// it: its tokens are that module's.
	if vs := r.c.values[path]; len(vs) == 1 && !vs[0].literal && vs[0].file == "" {
		if ch, ok := r.c.choices(vs[0].pos, vs[0].end, 0); ok {
			ch.Line = vs[0].Line
			return ch, OK
		}
	}
	v, st := r.Str(path, hint)
	if st != OK {
		return Choice{Line: v.Line}, st
	}
	return Choice{Line: v.Line, Values: []string{v.Value}}, OK
}

// choices reads [s, e) as a literal, a name that stands for a value, or
// a conditional of them: ok is false for anything else.
func (c *config) choices(s, e, depth int) (ch Choice, ok bool) {
	if s < 0 || e > len(c.toks) || s >= e || depth > maxChoices {
		return Choice{}, false
	}
	e = c.untyped(s, e)
	for s < e && c.toks[s].is("(") && c.match[s] == e-1 {
		s, e = s+1, c.untyped(s+1, e-1)
	}
	if e-s == 1 {
		t := c.toks[s]
		if d, ok := c.tops[t.text]; ok && t.kind == kindIdent && !keyword(t.text) {
			return c.choices(d, c.stmtEnd(d), depth+1)
		}
		switch v := c.value(s, e); {
		case v.literal && v.kind == kindString:
			return Choice{Values: []string{v.Value}}, true
		case v.literal && v.kind == kindIdent && (v.Value == "null" || v.Value == "undefined"):
			return Choice{Unset: true}, true
		}
		return Choice{}, false
	}
	q, colon := c.conditional(s, e)
	if q < 0 {
		return Choice{}, false
	}
	yes, ok1 := c.choices(q+1, colon, depth+1)
	no, ok2 := c.choices(colon+1, e, depth+1)
	if !ok1 || !ok2 {
		return Choice{}, false
	}
	ch = Choice{Cond: c.text(s, q), Unset: yes.Unset || no.Unset}
	for _, v := range append(yes.Values, no.Values...) {
		if !slices.Contains(ch.Values, v) {
			ch.Values = append(ch.Values, v)
		}
	}
	return ch, len(ch.Values) <= maxChoices
}

// conditional returns the indexes of the ? and the : of the conditional
// expression [s, e) when it is one at its own level (a ? b : c, a ? b ?
// c : d : e), else -1, -1.
func (c *config) conditional(s, e int) (q, colon int) {
	q, open := -1, 0
	for j := s; j < e; j++ {
		t := c.toks[j]
		if c.match[j] >= 0 {
			j = c.match[j]
			continue
		}
		switch {
		case t.kind != kindPunct:
		case t.text == "=>" || t.text == "," || t.text == "=":
			return -1, -1 // a function, a sequence, an assignment: no value to read
		case t.text == "?":
			if q < 0 {
				q = j
			}
			open++
		case t.text == ":" && q >= 0:
			if open--; open == 0 {
				return q, j
			}
		}
	}
	return -1, -1
}
