package jsconfig

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// config is what the reader found in a configuration file.
type config struct {
	src       []byte
	toks      []token
	match     []int  // for an opening bracket, the index of its closer (len(toks) if none); -1 otherwise
	obj       []bool // a { that opens an object literal
	values    map[string][]Value
	objects   map[string]int     // path of an object literal → the index of its {
	spreads   map[string][]Value // path of an object → its ...spreads and computed keys: what may set any key
	calls     map[string][]Value // method name → the argument of each .name(…) call
	opaque    *Value             // an export that is no object literal the reader can follow
	decls     map[string]int     // name → the token after = of its first const/let/var declaration
	consts    map[string]int     // name → its literal's token, for a name constLiterals takes
	tops      map[string]int     // name → the token after = of a top-level const constLiterals takes, literal or not
	expanding map[string]bool    // the declared names whose object literal is being recorded (declaredObject)
	imports   map[string]string  // name → the module whose default export its first import binds
	named     map[string]string  // name → the module whose export of that name its first import binds
	// paths are the paths of values and objects, sorted, once below is
	// asked (nil again when Spread adds values); looked counts the paths
	// Keys and Spread looked at, for a test of their cost.
	paths  []string
	looked int
}

// below returns the paths of values and objects that begin with prefix,
// in order; every one for "". Those that begin with a prefix are a run of
// the sorted paths, from where the prefix would be: an object's keys are
// read from the paths below it alone.
func (c *config) below(prefix string) []string {
	if c.paths == nil {
		c.paths = make([]string, 0, len(c.values)+len(c.objects))
		for p := range c.values {
			c.paths = append(c.paths, p)
		}
		for p := range c.objects {
			if _, ok := c.values[p]; !ok {
				c.paths = append(c.paths, p)
			}
		}
		slices.Sort(c.paths)
	}
	return prefixed(c.paths, prefix)
}

// prefixed returns the run of sorted that begins with prefix.
func prefixed(sorted []string, prefix string) []string {
	i, _ := slices.BinarySearch(sorted, prefix)
	j := i
	for j < len(sorted) && strings.HasPrefix(sorted[j], prefix) {
		j++
	}
	return sorted[i:j]
}

// parse reads a configuration file's exported object literals, and the
// arguments of calls to the named methods anywhere in the file.
func parse(src []byte, lim limits.Limits, methods ...string) (*config, error) {
	toks, err := lex(src, lim)
	if err != nil {
		src, toks = nil, nil
	}
	c := &config{src: src, toks: toks, values: map[string][]Value{}, objects: map[string]int{}, spreads: map[string][]Value{}, calls: map[string][]Value{}}
	c.brackets()
	c.declarations()
	c.constLiterals()
	c.defaultImports()
	var roots []int
	exported := false
	exports := c.exports()
	if len(exports) > 64 {
		exports = exports[:64]
	}
	for _, s := range exports {
		exported = true
		e := c.stmtEnd(s)
		before := len(roots)
		c.rootsIn(s, e, true, 0, map[string]bool{}, &roots)
		if len(roots) == before && c.opaque == nil && s < len(c.toks) && !c.function(s, e) {
			c.opaque = &Value{Line: c.toks[s].line, text: c.text(s, e)}
		}
	}
	if !exported { // no export the reader knows: every object literal
		c.rootsIn(0, len(c.toks), false, 0, nil, &roots)
	}
	for _, r := range roots {
		c.walk(r, "", 0)
	}
	for i, t := range c.toks {
		if t.kind != kindIdent || !slices.Contains(methods, t.text) || i == 0 || !c.toks[i-1].is(".") || i+1 >= len(c.toks) || !c.toks[i+1].is("(") {
			continue
		}
		c.calls[t.text] = append(c.calls[t.text], c.value(i+2, c.match[i+1]))
	}
	return c, err
}

// function says whether [s, e) holds a function: a configuration
// function that returns no object literal is not opaque, it sets nothing
// (or calls methods such as setOutputDirectory).
func (c *config) function(s, e int) bool {
	for j := s; j < e && j < len(c.toks); j++ {
		if c.toks[j].isIdent("function") || c.toks[j].is("=>") {
			return true
		}
	}
	return false
}

// brackets matches brackets and tells object literals from blocks.
func (c *config) brackets() {
	n := len(c.toks)
	c.match = make([]int, n)
	c.obj = make([]bool, n)
	var stack []int
	for i, t := range c.toks {
		c.match[i] = -1
		if t.kind != kindPunct {
			continue
		}
		switch t.text {
		case "{", "(", "[":
			c.match[i] = n
			stack = append(stack, i)
			if t.text == "{" {
				c.obj[i] = c.objectStart(i)
			}
		case "}", ")", "]":
			open := opener(t.text)
			for k := len(stack) - 1; k >= 0; k-- {
				if c.toks[stack[k]].text == open {
					for _, o := range stack[k:] {
						c.match[o] = i
					}
					stack = stack[:k]
					break
				}
			}
		}
	}
}

// opener returns the opening bracket of a closing one.
func opener(close string) string {
	switch close {
	case "}":
		return "{"
	case ")":
		return "("
	case "]":
		return "["
	}
	return ""
}

// objectStart says whether the { at i opens an object literal rather than
// a block, by the token before it.
func (c *config) objectStart(i int) bool {
	if i == 0 {
		return false
	}
	p := c.toks[i-1]
	switch p.kind {
	case kindPunct:
		switch p.text {
		case "(", ",", "=", ":", "[", "?", "||", "&&", "??", "...", "!", "==", "===", "!=", "!==":
			return true
		}
	case kindIdent:
		switch p.text {
		case "return", "default", "yield", "await", "typeof", "void", "in", "of", "case":
			return true
		}
	}
	return false
}

// declarations indexes the first const, let or var declaration of each
// name.
func (c *config) declarations() {
	c.decls = map[string]int{}
	for i := 0; i+2 < len(c.toks); i++ {
		t := c.toks[i]
		if t.kind != kindIdent || t.text != "const" && t.text != "let" && t.text != "var" {
			continue
		}
		name := c.toks[i+1]
		if name.kind != kindIdent {
			continue
		}
		if _, seen := c.decls[name.text]; seen {
			continue
		}
		// past a type annotation (const config: Config = {…}) to the =
		for k := i + 2; k < len(c.toks) && k < i+64; k++ {
			if tk := c.toks[k]; tk.is("=") {
				c.decls[name.text] = k + 1
				break
			} else if tk.is(";") || tk.is(",") {
				break
			} else if c.match[k] >= 0 {
				k = c.match[k]
			}
		}
	}
	// A name given its value by a statement of the top level alone, with
	// no declaration of its own (nextConfig = { … }; module.exports =
	// nextConfig, which sloppy mode allows), or declared without one
	// (let config; config = { … }): its first such assignment.
	depth := 0
	for i := 0; i+1 < len(c.toks); i++ {
		t := c.toks[i]
		switch {
		case t.kind == kindPunct && (t.text == "(" || t.text == "[" || t.text == "{"):
			depth++
		case t.kind == kindPunct && (t.text == ")" || t.text == "]" || t.text == "}"):
			depth--
		case depth == 0 && t.kind == kindIdent && !keyword(t.text) && c.toks[i+1].is("=") &&
			(i == 0 || c.toks[i-1].is(";") || c.toks[i-1].is("}") || c.toks[i-1].line < t.line && !c.toks[i-1].is(".")):
			if _, seen := c.decls[t.text]; !seen {
				c.decls[t.text] = i + 2
			}
		}
	}
}

// constLiterals indexes the names that stand for one value wherever the
// file uses them: a const at the top level (outside every bracket),
// declared nowhere else (no const, let, var or for-of of the same name in
// a function), and never where a function's parameter could bind it
// (after a ( or a , within parentheses): a name a scope may shadow is not
// taken. Those whose value is a string or a number alone (const last =
// '11.x', as const too) are consts, the others tops.
func (c *config) constLiterals() {
	c.consts, c.tops = map[string]int{}, map[string]int{}
	declared := map[string]int{}
	shadowed := map[string]bool{}
	var open []int // the stack of open brackets' token indexes
	for i, t := range c.toks {
		switch {
		case t.is("(") || t.is("[") || t.is("{"):
			open = append(open, i)
			continue
		case t.is(")") || t.is("]") || t.is("}"):
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
			continue
		case t.kind != kindIdent:
			continue
		}
		if i > 0 && len(open) > 0 && c.toks[open[len(open)-1]].is("(") && (c.toks[i-1].is("(") || c.toks[i-1].is(",")) {
			shadowed[t.text] = true // a parameter, perhaps
		}
		if (t.text != "const" && t.text != "let" && t.text != "var") || i+1 >= len(c.toks) || c.toks[i+1].kind != kindIdent {
			continue
		}
		name := c.toks[i+1].text
		declared[name]++
		if t.text != "const" || len(open) > 0 || i+3 >= len(c.toks) || !c.toks[i+2].is("=") {
			continue
		}
		d := i + 3
		c.tops[name] = d
		if (c.toks[d].kind == kindString || c.toks[d].kind == kindNumber) && c.untyped(d, c.stmtEnd(d)) == d+1 {
			c.consts[name] = d
		}
	}
	for name := range c.tops {
		if declared[name] > 1 || shadowed[name] {
			delete(c.consts, name)
			delete(c.tops, name)
		}
	}
}

// defaultImports indexes the names the file binds to a module's default
// export: import name from 'm', import name, { a } from 'm', import
// name, * as b from 'm', const name = require('m'); the first binding of
// each name counts. Type-only imports bind nothing.
func (c *config) defaultImports() {
	c.imports, c.named = map[string]string{}, map[string]string{}
	t := c.toks
	add := func(name, module string) {
		if _, seen := c.imports[name]; !seen {
			c.imports[name] = module
		}
	}
	for i := 0; i+3 < len(t); i++ {
		if t[i].isIdent("import") {
			c.namedImport(i)
		}
		name := t[i+1]
		if name.kind != kindIdent || keyword(name.text) {
			continue
		}
		switch {
		case t[i].isIdent("import") && name.text != "type":
			k := i + 2
			if t[k].is(",") && k+1 < len(t) {
				switch k++; {
				case t[k].is("{") && c.match[k] >= 0:
					k = c.match[k] + 1
				case t[k].is("*"):
					k += 3 // * as b
				}
			}
			if k+1 < len(t) && t[k].isIdent("from") && t[k+1].kind == kindString {
				add(name.text, t[k+1].text)
			}
		case (t[i].isIdent("const") || t[i].isIdent("let") || t[i].isIdent("var")) && t[i+2].is("=") &&
			i+5 < len(t) && t[i+3].isIdent("require") && t[i+4].is("(") && t[i+5].kind == kindString:
			add(name.text, t[i+5].text)
		}
	}
}

// namedImport indexes the names that the import statement at i binds
// to a module's named exports: import { a, b as c } from 'm', also after
// a default binding (import d, { a } from 'm'). Type-only ones bind
// nothing a configuration spreads.
func (c *config) namedImport(i int) {
	t := c.toks
	k := i + 1
	if k < len(t) && t[k].kind == kindIdent && !t[k].isIdent("type") && k+1 < len(t) && t[k+1].is(",") {
		k += 2 // import d, { … }
	}
	if k >= len(t) || !t[k].is("{") || c.match[k] < 0 || c.match[k]+2 >= len(t) {
		return
	}
	end := c.match[k]
	if !t[end+1].isIdent("from") || t[end+2].kind != kindString {
		return
	}
	module := t[end+2].text
	for _, item := range c.split(k+1, end) {
		s, e := item[0], item[1]
		if s < e && t[s].isIdent("type") {
			continue
		}
		name := t[e-1] // a, or b as c: c
		if name.kind != kindIdent {
			continue
		}
		if _, seen := c.named[name.text]; !seen {
			c.named[name.text] = module
		}
	}
}

// exports returns the index of the first token of each exported value:
// export default X, module.exports = X, exports.default = X,
// module.exports.config = X and export const config = X.
func (c *config) exports() []int {
	var out []int
	t := c.toks
	at := func(i int, f func(token) bool) bool { return i < len(t) && f(t[i]) }
	isP := func(s string) func(token) bool { return func(x token) bool { return x.is(s) } }
	isI := func(s string) func(token) bool { return func(x token) bool { return x.isIdent(s) } }
	for i := range t {
		switch {
		case t[i].isIdent("export") && at(i+1, isI("default")):
			out = append(out, i+2)
		case t[i].isIdent("export") && (at(i+1, isI("const")) || at(i+1, isI("let")) || at(i+1, isI("var"))) && at(i+2, isI("config")):
			if s, ok := c.decls["config"]; ok && s > i {
				out = append(out, s)
			}
		case t[i].isIdent("module") && at(i+1, isP(".")) && at(i+2, isI("exports")):
			switch {
			case at(i+3, isP("=")):
				out = append(out, i+4)
			case at(i+3, isP(".")) && at(i+4, isI("config")) && at(i+5, isP("=")):
				out = append(out, i+6)
			}
		case t[i].isIdent("exports") && (i == 0 || !t[i-1].is(".")) && at(i+1, isP(".")) && (at(i+2, isI("default")) || at(i+2, isI("config"))) && at(i+3, isP("=")):
			out = append(out, i+4)
		}
	}
	return out
}

// stmtEnd returns the end (exclusive) of the expression or statement that
// starts at s: a ; at its level, the closer of the bracket it is in, or a
// statement keyword on a later line after a token that can end one.
func (c *config) stmtEnd(s int) int {
	n := len(c.toks)
	for j := s; j < n; {
		t := c.toks[j]
		if c.match[j] >= 0 {
			j = c.match[j] + 1
			continue
		}
		if t.kind == kindPunct && (t.text == ";" || t.text == "}" || t.text == ")" || t.text == "]") {
			return j
		}
		if j > s && t.kind == kindIdent && t.line > c.toks[j-1].line && stmtKeyword(t.text) && c.endsValue(j-1) {
			return j
		}
		j++
	}
	return n
}

// stmtKeyword reports whether a name starts a statement.
func stmtKeyword(name string) bool {
	switch name {
	case "export", "import", "const", "let", "var", "function", "class",
		"module", "exports", "if", "for", "while", "switch", "try":
		return true
	}
	return false
}

// endsValue says whether the token at i can end an expression.
func (c *config) endsValue(i int) bool {
	switch t := c.toks[i]; t.kind {
	case kindPunct:
		return t.text == ")" || t.text == "]" || t.text == "}"
	case kindIdent:
		return !keyword(t.text) || t.text == "true" || t.text == "false" || t.text == "null" || t.text == "undefined" || t.text == "this"
	}
	return true
}

// keyword reports whether a name is a keyword or one of the names a
// config's values never are (process, require).
func keyword(name string) bool {
	switch name {
	case "async", "await", "function", "return", "new", "typeof", "this",
		"true", "false", "null", "undefined", "satisfies", "as",
		"const", "let", "var", "if", "else", "default", "export",
		"import", "from", "of", "in", "instanceof", "void", "delete",
		"class", "extends", "super", "yield", "process", "require":
		return true
	}
	return false
}

// rootsIn adds to roots the object literals of the expression [s, e)
// that are not inside another one, and, with follow, those of the
// declarations of the names it refers to (export default config). Inside
// a function body only what is returned counts: return {…}, return
// config; not the arguments of the calls the function makes.
func (c *config) rootsIn(s, e int, follow bool, depth int, seen map[string]bool, roots *[]int) {
	c.scanRoots(s, e, false, follow, depth, seen, roots)
}

func (c *config) scanRoots(s, e int, inBody, follow bool, depth int, seen map[string]bool, roots *[]int) {
	if e > len(c.toks) {
		e = len(c.toks)
	}
	for j := s; j < e; j++ {
		t := c.toks[j]
		switch {
		case t.is("{") && c.obj[j]:
			if !inBody || c.returned(j) {
				*roots = append(*roots, j)
			}
			j = c.match[j]
			continue
		case t.is("{"): // a block: a function body, an if's
			if depth < 64 {
				c.scanRoots(j+1, c.match[j], true, follow, depth+1, seen, roots)
			}
			j = c.match[j]
			continue
		case inBody && (t.is("(") && !c.returned(j) || t.is("[")):
			j = c.match[j] // a call's arguments, a condition, an array
			continue
		}
		if !follow || depth >= 64 || t.kind != kindIdent || keyword(t.text) || seen[t.text] || inBody && !c.returned(j) {
			continue
		}
		if j > 0 && (c.toks[j-1].is(".") || c.toks[j-1].is("?.")) {
			continue
		}
		if j+1 < len(c.toks) && (c.toks[j+1].is("(") || c.toks[j+1].is("=>") || c.toks[j+1].is(":")) {
			continue
		}
		d, ok := c.decls[t.text]
		if !ok || len(seen) >= 16 {
			continue
		}
		seen[t.text] = true
		c.scanRoots(d, c.stmtEnd(d), false, true, depth+1, seen, roots)
	}
}

// returned says whether the token at i is what a return statement
// returns: return X, return (X), return ((X)).
func (c *config) returned(i int) bool {
	k := i - 1
	for k >= 0 && c.toks[k].is("(") {
		k--
	}
	return k >= 0 && c.toks[k].isIdent("return")
}

// walk records the properties of the object literal that opens at open.
func (c *config) walk(open int, prefix string, depth int) {
	if depth > 64 || open < 0 || open >= len(c.toks) {
		return
	}
	for _, p := range c.split(open+1, c.match[open]) {
		c.property(p[0], p[1], prefix, depth)
	}
}

// property records the property in [s, e) of an object literal.
func (c *config) property(s, e int, prefix string, depth int) {
	if s >= e {
		return
	}
	t := c.toks[s]
	if t.is("...") {
		c.spreads[prefix] = append(c.spreads[prefix], Value{Line: t.line, pos: s, text: c.text(s, e)})
		return
	}
	// The key, after a method's modifiers (async, get, set, *): a name, a
	// string or a number, or a computed key, [expr].
	k, mod := s, ""
	for k+1 < e && (c.toks[k].is("*") || (c.toks[k].isIdent("async") || c.toks[k].isIdent("get") || c.toks[k].isIdent("set")) && keyStart(c.toks[k+1])) {
		mod, k = c.toks[k].text, k+1
	}
	kt, after := c.toks[k], k+1
	name := kt.text
	switch {
	case kt.is("[") && c.match[k] > k && c.match[k] < e:
		after = c.match[k] + 1
		if inner := c.toks[k+1 : c.match[k]]; len(inner) == 1 && (inner[0].kind == kindString || inner[0].kind == kindNumber) {
			name = inner[0].text // ['changefreq']: …
			break
		}
		// [expr]: … names a key no static reading knows: like a
		// spread, it may set any.
		c.spreads[prefix] = append(c.spreads[prefix], Value{Line: t.line, pos: s, text: c.text(s, e)})
		return
	case kt.kind != kindIdent && kt.kind != kindString && kt.kind != kindNumber:
		return
	}
	key := joinPath(prefix, name)
	if after >= e { // shorthand: { site }
		if mod == "" && kt.kind == kindIdent && !c.declaredObject(name, key, depth) {
			c.values[key] = append(c.values[key], Value{Line: t.line, pos: s, end: s + 1, text: name})
		}
		return
	}
	if at := c.toks[after]; at.is("(") || at.is("<") {
		// A method, filter(page) { … }, async, a generator's (*), or an
		// accessor: get's value is what it returns, which is not read;
		// set gives none.
		fn := mod != "get" && mod != "set"
		c.values[key] = append(c.values[key], Value{Line: t.line, pos: s, text: c.text(s, e), fn: fn})
		return
	}
	if mod != "" || !c.toks[after].is(":") {
		return // a default in a pattern
	}
	v0, ve := after+1, c.untyped(after+1, e)
	for v0 < ve && c.toks[v0].is("(") && c.match[v0] == ve-1 && c.obj[v0+1] {
		v0, ve = v0+1, c.untyped(v0+1, ve-1) // ({ … } satisfies Options)
	}
	if v0 >= ve {
		return
	}
	if vt := c.toks[v0]; vt.is("{") && c.obj[v0] && c.match[v0] == ve-1 {
		c.object(v0, key, depth)
		return
	}
	if vt := c.toks[v0]; ve-v0 == 1 && vt.kind == kindIdent && c.declaredObject(vt.text, key, depth) {
		return // locales: locales
	}
	c.values[key] = append(c.values[key], c.compound(v0, ve, key, depth))
}

// keyStart says whether t can begin a property's key: a name, a string,
// a number, a computed key's [ or a generator method's *.
func keyStart(t token) bool {
	return t.kind == kindIdent || t.kind == kindString || t.kind == kindNumber || t.is("[") || t.is("*")
}

// declaredObject records under key the object literal that name is
// declared as (export const locales = {…}; starlight({ locales })), and
// reports whether it is one: a name bound to anything else stays its
// text.
func (c *config) declaredObject(name, key string, depth int) bool {
	d, ok := c.decls[name]
	if !ok || keyword(name) || d >= len(c.toks) || !c.toks[d].is("{") || !c.obj[d] || depth >= 64 || c.expanding[name] {
		return false // not such a name, or one within its own object (const a = { x: a, y: a })
	}
	if c.expanding == nil {
		c.expanding = map[string]bool{}
	}
	c.expanding[name] = true
	c.object(d, key, depth)
	delete(c.expanding, name)
	return true
}

// object records the object literal that opens at open, the value at
// key: its line, and its properties under key.
func (c *config) object(open int, key string, depth int) {
	if _, seen := c.objects[key]; !seen {
		c.objects[key] = open
	}
	c.walk(open, key, depth+1)
}

// compound reads the value in [s, e) at key, and what it holds: the keys
// of the object a call is given, under key() (adapter({ pages: 'dist' })
// gives adapter().pages; any other arguments are the value of key()),
// and the elements of an array literal, under key[0], key[1] ….
func (c *config) compound(s, e int, key string, depth int) Value {
	v := c.value(s, e)
	if depth > 64 {
		return v
	}
	if open := c.callOpen(s, e); open >= 0 {
		v.Callee = strings.Join(strings.Fields(c.text(s, open)), "")
		args := c.split(open+1, e-1)
		v.Args = len(args)
		switch {
		case len(args) == 1 && c.toks[args[0][0]].is("{") && c.obj[args[0][0]] && c.match[args[0][0]] == args[0][1]-1:
			c.object(args[0][0], key+"()", depth+1)
		case len(args) > 0:
			c.values[key+"()"] = append(c.values[key+"()"], c.value(args[0][0], args[len(args)-1][1]))
		}
	} else if c.toks[s].is("[") && c.match[s] == e-1 {
		for i, it := range c.split(s+1, e-1) {
			c.element(it[0], it[1], key+"["+strconv.Itoa(i)+"]", depth+1)
		}
	}
	return v
}

// element records the element in [s, e) of an array literal, at key:
// within parentheses too (['classic', /** @type */ ({ … })]).
func (c *config) element(s, e int, key string, depth int) {
	e = c.untyped(s, e)
	for s < e && c.toks[s].is("(") && c.match[s] == e-1 {
		s, e = s+1, c.untyped(s+1, e-1)
	}
	if s >= e {
		return
	}
	if c.toks[s].is("{") && c.obj[s] && c.match[s] == e-1 {
		c.object(s, key, depth)
		return
	}
	c.values[key] = append(c.values[key], c.compound(s, e, key, depth))
}

// untyped returns the end of the value in [s, e) without a trailing
// TypeScript type assertion: 'file' as const, { … } satisfies
// Preset.Options, x as Array<string>, y as A | B[]. It is e when the
// value has none.
func (c *config) untyped(s, e int) int {
	depth := 0 // of the type's brackets, read from its end
	for j := e - 1; j > s; j-- {
		t := c.toks[j]
		switch {
		case t.is(">") || t.is("]"):
			depth++
		case t.is("<") || t.is("["):
			depth--
			if depth < 0 {
				return e
			}
		case depth == 0 && (t.isIdent("as") || t.isIdent("satisfies")) && j < e-1 && !c.toks[j-1].is(".") && c.endsValue(j-1):
			return j
		case t.kind == kindIdent || t.kind == kindString || t.is(".") || t.is("|") || t.is("&") || depth > 0 && t.is(","):
		default:
			return e
		}
	}
	return e
}

// callOpen returns, when [s, e) is the call of a named function (adapter(…),
// lib.adapter(…)), the index of its opening parenthesis, else -1.
func (c *config) callOpen(s, e int) int {
	for j := s; j+1 < e; j += 2 {
		if c.toks[j].kind != kindIdent || keyword(c.toks[j].text) {
			return -1
		}
		switch next := c.toks[j+1]; {
		case next.is("(") && c.match[j+1] == e-1:
			return j + 1
		case !next.is("."):
			return -1
		}
	}
	return -1
}

// split returns the comma-separated items of [s, e) (an object literal's
// properties, a call's arguments), each as its first token and the end of
// its span.
func (c *config) split(s, e int) [][2]int {
	var items [][2]int
	for j := s; j < e; {
		k := j
		for k < e && !c.toks[k].is(",") {
			if c.match[k] >= 0 {
				k = c.match[k] + 1
				continue
			}
			k++
		}
		if k > e {
			k = e
		}
		if k > j {
			items = append(items, [2]int{j, k})
		}
		j = k + 1
	}
	return items
}

// value reads the value in [s, e).
func (c *config) value(s, e int) Value {
	if e > len(c.toks) {
		e = len(c.toks)
	}
	if s >= e {
		line := 0
		if s > 0 && s-1 < len(c.toks) {
			line = c.toks[s-1].line
		}
		return Value{Line: line}
	}
	t := c.toks[s]
	v := Value{Line: t.line, pos: s, end: e, text: c.text(s, e), fn: c.isFunction(s, e)}
	if t.is("[") && c.match[s] == e-1 {
		v.strs, v.isStrs = stringList(c.toks[s+1 : e-1])
	}
	if e-s == 1 {
		switch {
		case t.kind == kindString:
			v.literal, v.kind, v.Value = true, kindString, t.text
		case t.kind == kindNumber:
			v.literal, v.kind, v.Value = true, kindNumber, t.text
		case t.kind == kindIdent && (t.text == "true" || t.text == "false" || t.text == "null" || t.text == "undefined"):
			v.literal, v.kind, v.Value = true, kindIdent, t.text
		case t.kind == kindIdent:
			// A name that stands for a literal (constLiterals): that
			// literal.
			if d, ok := c.consts[t.text]; ok {
				v.literal, v.kind, v.Value = true, c.toks[d].kind, c.toks[d].text
			}
		}
	}
	return v
}

// isFunction says whether [s, e) is a function: function () {…}, async
// function, an arrow (page) => …, async (p) => ….
func (c *config) isFunction(s, e int) bool {
	if c.toks[s].isIdent("function") || c.toks[s].isIdent("async") {
		return true
	}
	for j := s; j < e; j++ {
		if c.toks[j].is("=>") {
			return true
		}
		if c.match[j] >= 0 && (c.toks[j].is("(") || c.toks[j].is("[") || c.toks[j].is("{")) {
			if j > s && !c.toks[j].is("(") {
				return false // an arrow's parameters come first
			}
			j = c.match[j]
		}
	}
	return false
}

// stringList returns the strings of the elements of an array literal,
// toks: string literals separated by commas (a trailing one allowed);
// ok is false for anything else.
func stringList(toks []token) (strs []string, ok bool) {
	for i := 0; i < len(toks); i += 2 {
		if toks[i].kind != kindString || i+1 < len(toks) && !toks[i+1].is(",") {
			return nil, false
		}
		strs = append(strs, toks[i].text)
	}
	return strs, true
}

func joinPath(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// text returns the source of tokens [s, e), its white space collapsed,
// shortened to 60 characters.
func (c *config) text(s, e int) string {
	if e > len(c.toks) {
		e = len(c.toks)
	}
	if s >= e {
		return ""
	}
	from, to := c.toks[s].pos, c.toks[e-1].end
	if from < 0 || to > len(c.src) || from > to {
		return ""
	}
	t := strings.Join(strings.Fields(string(c.src[from:to])), " ")
	if r := []rune(t); len(r) > 60 {
		t = string(r[:59]) + "…"
	}
	return t
}

// returnedArray returns, for the function whose first token is s, the
// index of the [ of the array literal it returns when returning it is
// all it does: async (config) => [ … ], config => [ … ], () => { return
// [ … ]; }, function () { return [ … ] }.
func (c *config) returnedArray(s int) (int, bool) {
	at := func(i int) token {
		if i < len(c.toks) {
			return c.toks[i]
		}
		return token{kind: kindPunct}
	}
	closer := func(i int) int {
		if i < len(c.match) && c.match[i] >= 0 && c.match[i] < len(c.toks) {
			return c.match[i]
		}
		return -1
	}
	i := s
	if at(i).isIdent("async") {
		i++
	}
	arrow := true
	switch {
	case at(i).isIdent("function"):
		arrow = false
		if i++; at(i).kind == kindIdent {
			i++ // its name
		}
		fallthrough
	case at(i).is("("):
		if !at(i).is("(") || closer(i) < 0 {
			return 0, false
		}
		i = closer(i) + 1
	case at(i).kind == kindIdent:
		i++
	default:
		return 0, false
	}
	if arrow {
		if !at(i).is("=>") {
			return 0, false
		}
		if i++; at(i).is("[") && closer(i) >= 0 {
			return i, true
		}
	}
	// A body of one statement: return [ … ];
	end := closer(i)
	if !at(i).is("{") || end < 0 || !at(i+1).isIdent("return") || !at(i+2).is("[") || closer(i+2) < 0 {
		return 0, false
	}
	j := closer(i+2) + 1
	if at(j).is(";") {
		j++
	}
	return i + 2, j == end
}

// elementString returns the string of the array element [s, e): a string
// literal; an object literal whose one key, key, is a string literal; a call,
// after await or not, whose last argument is a string literal.
func (c *config) elementString(s, e int, key string) (string, bool) {
	if e-s == 1 && c.toks[s].kind == kindString {
		return c.toks[s].text, true
	}
	if c.toks[s].is("{") && c.match[s] == e-1 {
		p := c.split(s+1, e-1)
		if len(p) == 1 && p[0][1]-p[0][0] == 3 && (c.toks[p[0][0]].isIdent(key) || c.toks[p[0][0]].kind == kindString && c.toks[p[0][0]].text == key) &&
			c.toks[p[0][0]+1].is(":") && c.toks[p[0][0]+2].kind == kindString {
			return c.toks[p[0][0]+2].text, true
		}
		return "", false
	}
	if c.toks[s].isIdent("await") {
		s++
	}
	open := c.callOpen(s, e)
	if open < 0 {
		return "", false
	}
	args := c.split(open+1, e-1)
	if len(args) == 0 {
		return "", false
	}
	last := args[len(args)-1]
	if last[1]-last[0] != 1 || c.toks[last[0]].kind != kindString {
		return "", false
	}
	return c.toks[last[0]].text, true
}
