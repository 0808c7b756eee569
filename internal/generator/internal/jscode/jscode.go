// Package jscode reads the code of a JavaScript or TypeScript module
// without running it, for the generators whose routes are code (a
// Next.js route's getStaticPaths, a Gatsby project's gatsby-node.js): its
// top-level statements, the functions and constants it declares, what
// it imports and from where, and the calls a stretch of its code makes.
// It reads tokens (package jsconfig's tokenizer), not a syntax tree: the
// shapes it knows are the ones written by hand in real projects, and
// anything else is "not known", never a guess.
package jscode

import (
	"fmt"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Token is one token of a module.
type Token = jsconfig.Token

// Module is one module's code.
type Module struct {
	// File is its path, as given to [Parse].
	File string
	// Toks are its tokens; Match[i] is the index of the bracket that
	// closes or opens Toks[i], -1 for a token that is no bracket or is
	// not matched.
	Toks  []Token
	Match []int
	// Src is the source.
	Src []byte
	// Imports are the names it binds to other modules' exports.
	Imports map[string]Import
	// Decls are its top-level declarations by name (function NAME,
	// const NAME = …), each the stretch of tokens of its statement.
	Decls map[string]Decl
	// Exports names the top-level declarations it exports, by their
	// exported name: "default" for export default.
	Exports map[string]string
}

// Import is a name a module binds to another module's export.
type Import struct {
	// Spec is the module specifier as written: "../lib/posts", "@/lib/api".
	Spec string
	// Name is the export it binds: a name, "default", or "*" for the
	// whole module (import * as ns, const ns = require(…)).
	Name string
}

// Decl is a top-level declaration.
type Decl struct {
	// Start and End are the stretch of tokens of its statement, End
	// excluded.
	Start, End int
	// Func says the declaration is a function (function NAME, an arrow or
	// function expression assigned to a const), and Params names its
	// parameters in order ("" for a destructured one).
	Func   bool
	Params []string
}

// Parse reads data, the module file, within the limits lim (its size,
// tokens and nesting, as package jsconfig reads a configuration). A
// module that passes a limit is the error, a *diag.Diagnostic naming
// file and the limit's key.
func Parse(file string, data []byte, lim limits.Limits) (*Module, error) {
	toks, err := jsconfig.Tokens(data, lim)
	if d, ok := err.(*diag.Diagnostic); ok {
		placed := *d
		placed.File = file
		return nil, &placed
	} else if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	m := &Module{File: file, Toks: toks, Src: data, Imports: map[string]Import{}, Decls: map[string]Decl{}, Exports: map[string]string{}}
	m.match()
	for _, s := range m.statements() {
		m.statement(s[0], s[1])
	}
	return m, nil
}

// match pairs the brackets.
func (m *Module) match() {
	m.Match = make([]int, len(m.Toks))
	var open []int
	for i, t := range m.Toks {
		m.Match[i] = -1
		if t.Kind != jsconfig.Punct {
			continue
		}
		switch t.Text {
		case "(", "[", "{":
			open = append(open, i)
		case ")", "]", "}":
			if n := len(open); n > 0 && pair[m.Toks[open[n-1]].Text] == t.Text {
				m.Match[i], m.Match[open[n-1]] = open[n-1], i
				open = open[:n-1]
			}
		}
	}
}

var pair = map[string]string{"(": ")", "[": "]", "{": "}"}

// stmtKeyword are the keywords that start a top-level statement.
var stmtKeyword = map[string]bool{"export": true, "import": true, "const": true, "let": true, "var": true, "function": true, "class": true, "async": true, "interface": true, "type": true, "enum": true, "declare": true, "module": true, "exports": true}

// continues are the tokens after which a keyword on the next line does
// not start a statement.
var continues = map[string]bool{"export": true, "default": true, "async": true, "return": true, "await": true, "declare": true, "new": true, "typeof": true, "=": true, "=>": true, "(": true, "[": true, ",": true, ":": true, "?": true, "||": true, "&&": true, "??": true, "+": true, ".": true}

// statements returns the stretches of the top-level statements.
func (m *Module) statements() [][2]int {
	var out [][2]int
	start := 0
	for i := 0; i < len(m.Toks); i++ {
		t := m.Toks[i]
		if i > start && t.Kind == jsconfig.Ident && stmtKeyword[t.Text] {
			prev := m.Toks[i-1]
			if prev.Is(";") || prev.Is("}") || prev.Line < t.Line && !continues[prev.Text] {
				out = append(out, [2]int{start, i})
				start = i
			}
		}
		if t.Is(";") {
			out = append(out, [2]int{start, i + 1})
			start = i + 1
			continue
		}
		if j := m.Match[i]; j > i {
			i = j // a bracket's contents are no top-level statement
		}
	}
	if start < len(m.Toks) {
		out = append(out, [2]int{start, len(m.Toks)})
	}
	return out
}

// statement reads the top-level statement of the tokens s to e.
func (m *Module) statement(s, e int) {
	t := m.Toks
	i := s
	exported, def := false, false
	if i < e && t[i].IsIdent("import") {
		m.importStmt(i+1, e)
		return
	}
	if m.commonJS(s, e) {
		return
	}
	if i < e && t[i].IsIdent("export") {
		exported, i = true, i+1
		if i < e && t[i].IsIdent("default") {
			def, i = true, i+1
		}
	}
	for i < e && (t[i].IsIdent("async") || t[i].IsIdent("declare")) {
		i++
	}
	if i >= e {
		return
	}
	switch {
	case t[i].IsIdent("function"):
		i++
		if i < e && t[i].Is("*") {
			i++
		}
		name := "default"
		if i < e && t[i].Kind == jsconfig.Ident {
			name, i = t[i].Text, i+1
		}
		d := Decl{Start: s, End: e, Func: true}
		if i < e && t[i].Is("(") {
			d.Params = m.params(i)
		}
		m.Decls[name] = d
		if exported {
			m.export(name, def)
		}
	case t[i].IsIdent("const") || t[i].IsIdent("let") || t[i].IsIdent("var"):
		m.declaration(s, i+1, e, exported)
	case def:
		// export default <expression>: its own declaration.
		d := Decl{Start: s, End: e}
		d.Func, d.Params = m.Function(i, e)
		m.Decls["default"] = d
		m.Exports["default"] = "default"
	}
}

// ModuleExports is the name of a CommonJS module's own value
// (module.exports = …) among its exports and declarations.
const ModuleExports = "module.exports"

// commonJS reads a CommonJS export, the statement s to e: exports.NAME
// = <value> or module.exports.NAME = <value> (a local name it exports as
// NAME, else its own declaration "exports.NAME"; require('spec'), an
// import of the whole module bound to "exports.NAME"), module.exports = {
// NAME, NAME: local } (the local declarations it names), module.exports
// = <value> (the export [ModuleExports]: a local name, else its own
// declaration). It reports whether the statement is one.
func (m *Module) commonJS(s, e int) bool {
	t := m.Toks
	i := s
	if i+2 < e && t[i].IsIdent("module") && t[i+1].Is(".") && t[i+2].IsIdent("exports") {
		i += 2
	} else if i >= e || !t[i].IsIdent("exports") {
		return false
	}
	switch {
	case s < i && i+2 < e && t[i+1].Is("=") && t[i+2].Is("{"):
		// module.exports = { … }
		for _, a := range m.Args(i + 2) {
			switch n := a[1] - a[0]; {
			case n == 1 && t[a[0]].Kind == jsconfig.Ident:
				m.Exports[t[a[0]].Text] = t[a[0]].Text
			case n == 3 && t[a[0]].Kind == jsconfig.Ident && t[a[0]+1].Is(":") && t[a[0]+2].Kind == jsconfig.Ident:
				m.Exports[t[a[0]].Text] = t[a[0]+2].Text
			}
		}
		return true
	case s < i && i+2 < e && t[i+1].Is("="):
		// module.exports = <a function, a value>: the module's value, as
		// require returns it.
		j := i + 2
		if j+1 == e || j+2 == e && t[j+1].Is(";") {
			if t[j].Kind == jsconfig.Ident {
				m.Exports[ModuleExports] = t[j].Text
			}
			return true
		}
		d := Decl{Start: s, End: e}
		d.Func, d.Params = m.Function(j, e)
		m.Decls[ModuleExports] = d
		m.Exports[ModuleExports] = ModuleExports
		return true
	case i+3 < e && t[i+1].Is(".") && t[i+2].Kind == jsconfig.Ident && t[i+3].Is("="):
		name, j := t[i+2].Text, i+4
		if spec, ok := m.require(j-1, e); ok && (j+4 == e || j+5 == e && t[j+4].Is(";")) {
			m.Imports["exports."+name] = Import{Spec: spec, Name: "*"} // exports.NAME = require('spec')
			return true
		}
		if j+1 == e || j+2 == e && t[j+1].Is(";") {
			if t[j].Kind == jsconfig.Ident {
				m.Exports[name] = t[j].Text // exports.NAME = local
			}
			return true
		}
		d := Decl{Start: s, End: e}
		d.Func, d.Params = m.Function(j, e)
		m.Decls["exports."+name] = d
		m.Exports[name] = "exports." + name
		return true
	}
	return false
}

// export records the declaration name as exported.
func (m *Module) export(name string, def bool) {
	if def {
		m.Exports["default"] = name
	} else {
		m.Exports[name] = name
	}
}

// declaration reads const NAME [: type] = value, from i, the token after
// const; s to e is the statement.
func (m *Module) declaration(s, i, e int, exported bool) {
	t := m.Toks
	if i >= e {
		return
	}
	if t[i].Is("{") && m.Match[i] > i {
		// const { a, b: c } = require('x')
		if spec, ok := m.require(m.Match[i]+1, e); ok {
			for _, b := range m.bindings(i) {
				m.Imports[b[1]] = Import{Spec: spec, Name: b[0]}
			}
		}
		return
	}
	if t[i].Kind != jsconfig.Ident {
		return
	}
	name := t[i].Text
	j := i + 1
	for j < e && !t[j].Is("=") { // a type annotation
		if k := m.Match[j]; k > j {
			j = k
		}
		j++
	}
	if j >= e {
		return
	}
	if spec, ok := m.require(j, e); ok {
		m.Imports[name] = Import{Spec: spec, Name: "*"}
		return
	}
	d := Decl{Start: s, End: e}
	d.Func, d.Params = m.Function(j+1, e)
	m.Decls[name] = d
	if exported {
		m.Exports[name] = name
	}
}

// require reads "= require('spec')" at i.
func (m *Module) require(i, e int) (string, bool) {
	t := m.Toks
	if i+4 < e && t[i].Is("=") && t[i+1].IsIdent("require") && t[i+2].Is("(") && t[i+3].Kind == jsconfig.String && t[i+4].Is(")") {
		return t[i+3].Text, true
	}
	return "", false
}

// Function reports whether the expression at i, before e, is a
// function (an arrow, function (…) {…}), with the names of its
// parameters ("" for a destructured one).
func (m *Module) Function(i, e int) (bool, []string) {
	params, _, ok := m.funcParts(i, e)
	switch {
	case !ok:
		return false, nil
	case m.Toks[params].Is("("):
		return true, m.params(params)
	}
	return true, []string{m.Toks[params].Text}
}

// Body returns the body of the function expression at i, before e: the
// inside of its block (block), or, for an arrow's expression, where it
// starts, hi then e (the caller knows where an expression ends); ok is
// false for no function, or one without a body before e.
func (m *Module) Body(i, e int) (lo, hi int, block, ok bool) {
	_, body, ok := m.funcParts(i, e)
	switch {
	case !ok || body < 0 || body >= e:
		return 0, 0, false, false
	case m.Toks[body].Is("{") && m.Match[body] > body:
		return body + 1, m.Match[body], true, true
	}
	return body, e, false, true
}

// typeBefore are the tokens after which a "{" opens a type, not a
// function's block: (): { a: string } {, Promise<{ a: string }>.
var typeBefore = map[string]bool{":": true, "<": true, "|": true, "&": true, ",": true, "=>": true}

// funcParts returns, of the function expression at i before e (async
// or not), where its parameters are (the parentheses that open there,
// or an arrow's one name) and where its body starts (a block's "{", or
// an arrow's expression; -1 for a function whose block is not found).
// A return type (: T) between the parameters and the body is passed
// over.
func (m *Module) funcParts(i, e int) (params, body int, ok bool) {
	t := m.Toks
	if i < e && t[i].IsIdent("async") {
		i++
	}
	switch {
	case i >= e:
	case t[i].IsIdent("function"):
		for i < e && !t[i].Is("(") { // its name
			i++
		}
		if i >= e {
			return 0, 0, false
		}
		body = -1
		if m.Match[i] > i {
			for j := m.Match[i] + 1; j < e; j++ {
				if t[j].Is("{") && !(t[j-1].Kind == jsconfig.Punct && typeBefore[t[j-1].Text]) {
					body = j
					break
				}
				if k := m.Match[j]; k > j {
					j = k // a return type's brackets
				}
			}
		}
		return i, body, true
	case t[i].Is("(") && m.Match[i] > i:
		j := m.Match[i] + 1
		if j < e && t[j].Is(":") {
			for j < e && !t[j].Is("=>") && !t[j].Is(";") { // a return type
				if k := m.Match[j]; k > j {
					j = k
				}
				j++
			}
		}
		if j < e && t[j].Is("=>") {
			return i, j + 1, true
		}
	case t[i].Kind == jsconfig.Ident && i+1 < e && t[i+1].Is("=>"):
		return i, i + 2, true
	}
	return 0, 0, false
}

// params returns the names of the parameters in the parentheses that
// open at i; "" for a destructured one.
func (m *Module) params(i int) []string {
	end := m.Match[i]
	if end < i {
		return nil
	}
	var out []string
	for _, a := range m.Args(i) {
		name := ""
		if a[1] > a[0] && m.Toks[a[0]].Kind == jsconfig.Ident {
			name = m.Toks[a[0]].Text
		}
		out = append(out, name)
	}
	return out
}

// Args returns the stretches of the arguments (or parameters) in the
// brackets that open at i, split at their commas.
func (m *Module) Args(i int) [][2]int {
	end := m.Match[i]
	if end < i {
		return nil
	}
	var out [][2]int
	start := i + 1
	for j := i + 1; j < end; j++ {
		if k := m.Match[j]; k > j {
			j = k
			continue
		}
		if m.Toks[j].Is(",") {
			out = append(out, [2]int{start, j})
			start = j + 1
		}
	}
	if start < end {
		out = append(out, [2]int{start, end})
	}
	return out
}

// bindings returns the (exported, local) names of the braces that open
// at s: { a, b as c } of an import, { a, b: c } of a destructuring.
func (m *Module) bindings(s int) [][2]string {
	var out [][2]string
	for _, a := range m.Args(s) {
		switch n := a[1] - a[0]; {
		case n == 1 && m.Toks[a[0]].Kind == jsconfig.Ident:
			out = append(out, [2]string{m.Toks[a[0]].Text, m.Toks[a[0]].Text})
		case n == 3 && (m.Toks[a[0]+1].IsIdent("as") || m.Toks[a[0]+1].Is(":")) && m.Toks[a[0]+2].Kind == jsconfig.Ident:
			out = append(out, [2]string{m.Toks[a[0]].Text, m.Toks[a[0]+2].Text})
		}
	}
	return out
}

// importStmt reads an import statement from i, after import.
func (m *Module) importStmt(i, e int) {
	t := m.Toks
	spec := ""
	for j := e - 1; j >= i; j-- {
		if t[j].Kind == jsconfig.String {
			spec = t[j].Text
			break
		}
	}
	if spec == "" {
		return
	}
	if i < e && t[i].IsIdent("type") {
		return // types only
	}
	for i < e && !t[i].IsIdent("from") {
		switch {
		case t[i].Is("*") && i+2 < e && t[i+1].IsIdent("as") && t[i+2].Kind == jsconfig.Ident:
			m.Imports[t[i+2].Text] = Import{Spec: spec, Name: "*"}
			i += 3
		case t[i].Is("{") && m.Match[i] > i:
			for _, b := range m.bindings(i) {
				if b[0] != "type" {
					m.Imports[b[1]] = Import{Spec: spec, Name: b[0]}
				}
			}
			i = m.Match[i] + 1
		case t[i].Kind == jsconfig.Ident:
			m.Imports[t[i].Text] = Import{Spec: spec, Name: "default"}
			i++
		default:
			i++
		}
	}
}

// Exported returns the top-level declaration the module exports as name.
func (m *Module) Exported(name string) (Decl, bool) {
	local, ok := m.Exports[name]
	if !ok {
		return Decl{}, false
	}
	d, ok := m.Decls[local]
	return d, ok
}

// Idents returns the identifiers of the tokens s to e that are no
// property of something (not after "." or "?.") and no key of an object
// literal, each once, in order.
func (m *Module) Idents(s, e int) []string {
	seen := map[string]bool{}
	var out []string
	for i := s; i < e && i < len(m.Toks); i++ {
		t := m.Toks[i]
		if t.Kind != jsconfig.Ident || seen[t.Text] {
			continue
		}
		if i > 0 && (m.Toks[i-1].Is(".") || m.Toks[i-1].Is("?.")) {
			continue
		}
		seen[t.Text] = true
		out = append(out, t.Text)
	}
	return out
}
