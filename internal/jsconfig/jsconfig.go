package jsconfig

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Value is a value the reader found: the value of a key of an exported
// object literal, a spread in one, or the argument of a method call.
type Value struct {
	Line  int    // the 1-based line the value starts on
	Value string // a literal's value: a string's contents, a number as written, true, false
	// Callee is the name of the function a call calls, as written
	// ("adapter", "lib.adapter"), and Args the number of arguments it
	// passes; "" and 0 for a value that is no call of a named function.
	Callee string
	Args   int

	literal bool      // a string, number, boolean, null or undefined
	fn      bool      // a function: an arrow, function () {…}
	pos     int       // the index of its first token, for the order of keys
	end     int       // the index past its last token (0 when not known)
	kind    tokenKind // of a literal: kindString, kindNumber, or kindIdent (true, false, null, undefined)
	text    string    // the value's source text, shortened, for notes
	strs    []string  // an array literal's strings, when isStrs
	isStrs  bool      // the value is an array literal of string literals
	file    string    // the file it was read from, when another than the Reader's (Reader.Spread)
}

// In returns the file v was read from: the Reader's own, file, unless
// it came from a module the configuration spreads (Reader.Spread).
func (v Value) In(file string) string {
	if v.file != "" {
		return v.file
	}
	return file
}

// State is what a lookup found.
type State uint8

// The states of a lookup.
const (
	Absent State = iota // not set (or null, undefined)
	OK                  // a literal of the wanted type
	Bad                 // set, but not to a literal the reader can take: a note says so
)

// Reader looks up a configuration's values and collects notes about
// those it cannot take. It is not safe for concurrent use.
type Reader struct {
	file  string
	c     *config
	notes []string
	// spread holds the configurations of the modules Spread took values
	// from, by their file, for the values that read their tokens
	// (Filter).
	spread map[string]*config
}

// NewReader reads data, the contents of the configuration file named
// file, and returns a Reader of its values. file is only used in notes.
// methods names the methods whose calls [Reader.Call] looks up
// (eleventyConfig.setOutputDirectory("dist"): "setOutputDirectory"); the
// calls are found anywhere in the file.
//
// A file larger than lim.SettingsBytes, of more than lim.JSTokens tokens
// or with more than lim.Nesting brackets open is not read: the Reader
// finds nothing in it, and a note says why ([Check]'s error).
func NewReader(file string, data []byte, lim limits.Limits, methods ...string) *Reader {
	r := &Reader{file: file}
	var err error
	if r.c, err = parse(data, lim, methods...); err != nil {
		r.notes = append(r.notes, placed(file, err).Error()+"; not read")
	}
	return r
}

// placed returns err, a limit's *diag.Diagnostic, in file.
func placed(file string, err error) error {
	d := *err.(*diag.Diagnostic)
	d.File = file
	return &d
}

// Check returns a *diag.Diagnostic when data, the contents of the
// configuration file named file, passes one of the limits lim on its
// size, its tokens and the brackets open at once (each of {, ( and [):
// "file: larger than 4194304 bytes (limits.settings_bytes)", "file:line:
// more than 1048576 tokens (limits.js_tokens)", "file:line: nesting
// deeper than 100 (limits.nesting)". It reads no further than the limit.
func Check(file string, data []byte, lim limits.Limits) error {
	if _, err := lex(data, lim); err != nil {
		return placed(file, err)
	}
	return nil
}

// Note adds a note about the file: "file:line: message", or "file:
// message" when line is 0. The message is formatted as by fmt.Sprintf.
func (r *Reader) Note(line int, format string, args ...any) {
	r.notes = append(r.notes, diag.Pos{File: r.file, Line: line}.Errorf(format, args...).Error())
}

// NoteAt adds a note about the value v, at its line of the file it was
// read from.
func (r *Reader) NoteAt(v Value, format string, args ...any) {
	file := r.file
	if v.file != "" {
		file = v.file
	}
	r.notes = append(r.notes, diag.Pos{File: file, Line: v.Line}.Errorf(format, args...).Error())
}

// Notes returns the notes made so far, in the order they were made.
func (r *Reader) Notes() []string { return r.notes }

// one returns the value at path, when it is set once or each time to
// the same literal.
func (r *Reader) one(path, hint string) (Value, State) {
	vs := r.c.values[path]
	if len(vs) == 0 {
		r.absent(path, hint)
		return Value{}, Absent
	}
	v := vs[0]
	for _, o := range vs[1:] {
		if !o.literal || !v.literal || o.kind != v.kind || o.Value != v.Value {
			r.NoteAt(o, "%s is set more than once, to different values (%s; line %d: %s)%s", path, o.text, v.Line, v.text, hint)
			return v, Bad
		}
	}
	return v, OK
}

// get returns the single literal at path.
func (r *Reader) get(path, want, hint string) (Value, State) {
	v, st := r.one(path, hint)
	if st != OK {
		return v, st
	}
	if !v.literal {
		r.NoteAt(v, "%s is not a literal %s (%s)%s", path, want, v.text, hint)
		return v, Bad
	}
	if v.kind == kindIdent && (v.Value == "null" || v.Value == "undefined") {
		return v, Absent
	}
	return v, OK
}

// absent notes why a value the reader needs may be missing: an enclosing
// value that is not an object literal, a spread, an export it cannot
// follow.
func (r *Reader) absent(p, hint string) {
	parts := strings.Split(p, ".")
	for i := 1; i < len(parts); i++ {
		anc := strings.Join(parts[:i], ".")
		for _, v := range r.c.values[anc] {
			if !v.literal {
				r.NoteAt(v, "%s is not a literal object (%s): %s is not read%s", anc, v.text, p, hint)
				return
			}
		}
	}
	if hint == "" {
		return
	}
	for i := len(parts) - 1; i >= 0; i-- {
		for _, v := range r.c.spreads[strings.Join(parts[:i], ".")] {
			r.NoteAt(v, "%s may come from %s, which is not read%s", p, v.text, hint)
			return
		}
	}
	if o := r.c.opaque; o != nil {
		r.NoteAt(*o, "the exported configuration is not an object literal (%s): %s is not read%s", o.text, p, hint)
	}
}

// Str returns the string at path, the keys from the exported object
// down joined with "." ("build.format").
//
// It is Absent when path is null, undefined or not set; a note says why
// a value that is not set may be missing when an enclosing value is not
// an object literal and, with a hint, when it may come from a spread or
// from an export the reader cannot follow. It is Bad, with a note, when
// path is set more than once to different values or to anything but a
// literal string. hint ends each note ("; give --base-url").
func (r *Reader) Str(path, hint string) (Value, State) {
	v, st := r.get(path, "string", hint)
	if st == OK && v.kind != kindString {
		r.NoteAt(v, "%s is not a string (%s)%s", path, v.text, hint)
		return v, Bad
	}
	return v, st
}

// Strs returns the strings of the array literal at path (['en', 'de']),
// as [Reader.Str] does a string: Bad, with a note, when it is anything
// but an array of string literals.
func (r *Reader) Strs(path string) ([]string, State) {
	vs := r.c.values[path]
	if len(vs) == 0 {
		return nil, Absent
	}
	if len(vs) > 1 || !vs[0].isStrs {
		r.NoteAt(vs[0], "%s is not an array of literal strings (%s)", path, vs[0].text)
		return nil, Bad
	}
	return vs[0].strs, OK
}

// Bool returns the boolean at path, as [Reader.Str] does a string (with
// no hint).
func (r *Reader) Bool(path string) (bool, State) {
	v, st := r.get(path, "boolean", "")
	if st != OK {
		return false, st
	}
	if v.kind != kindIdent || v.Value != "true" && v.Value != "false" {
		r.NoteAt(v, "%s is not true or false (%s)", path, v.text)
		return false, Bad
	}
	return v.Value == "true", OK
}

// Callee returns the value at path when it calls a named function, as
// kit: { adapter: adapter({ pages: 'dist' }) } does at kit.adapter: its
// Callee names the function and Args counts the arguments. It is Absent
// when path is not set, and Bad, with a note ending in hint, when path is
// set more than once or to anything but such a call.
func (r *Reader) Callee(path, hint string) (Value, State) {
	v, st := r.one(path, hint)
	if st == OK && v.Callee == "" {
		r.NoteAt(v, "%s is not a call of a named function (%s)%s", path, v.text, hint)
		return v, Bad
	}
	return v, st
}

// Spreads returns the names the object at path spreads (...shared),
// as written: only names, not calls or member expressions.
func (r *Reader) Spreads(path string) []string {
	var names []string
	for _, v := range r.c.spreads[path] {
		name := strings.TrimPrefix(v.text, "...")
		if name != "" && !strings.ContainsAny(name, ".()[] ") {
			names = append(names, name)
		}
	}
	return names
}

// Unread returns the entries of the object literal at path ("" for the
// exported object) that may set keys no static reading can name, each
// as written with its line, in the order written: its spreads
// (...shared) and its computed keys ([key]: value) but for a literal
// ['name'], which names its key. A caller that takes the object's keys
// as a whole says these are not read.
func (r *Reader) Unread(path string) []Key {
	var out []Key
	for _, v := range r.c.spreads[path] {
		out = append(out, Key{Name: v.text, Line: v.Line})
	}
	return out
}

// NamedImport returns the module whose export the file binds to name
// (import { name } from 'module', import { other as name } …), "" when
// it binds none.
func (r *Reader) NamedImport(name string) string { return r.c.named[name] }

// Spread takes the values of o, another module's configuration object
// that the object at the top of r spreads as name ({...shared, …}), for
// every path r does not set itself, as the spread does: r's own keys
// come after it and win, an object r sets replacing o's whole. Notes
// about o's values name o's file; r no longer notes the spread as unread.
func (r *Reader) Spread(name string, o *Reader) {
	// own says whether r sets p or a path below it (the first path from
	// p+"." in order), of its own paths, before it takes any of o's.
	mine := slices.Sorted(maps.Keys(r.c.values))
	own := func(p string) bool {
		_, found := slices.BinarySearch(mine, p)
		i, _ := slices.BinarySearch(mine, p+".")
		r.c.looked += 2
		return found || i < len(mine) && strings.HasPrefix(mine[i], p+".")
	}
	sets := func(p string) bool { // p, or an object holding it, is r's
		parts := strings.Split(p, ".")
		for i := 1; i <= len(parts); i++ {
			if own(strings.Join(parts[:i], ".")) {
				return true
			}
		}
		return false
	}
	for p, vs := range o.c.values {
		if sets(p) {
			continue
		}
		for _, v := range vs {
			if v.file == "" {
				v.file = o.file
			}
			r.c.values[p] = append(r.c.values[p], v)
		}
	}
	for p, vs := range o.c.spreads {
		if p == "" || sets(p) {
			continue
		}
		for _, v := range vs {
			if v.file == "" {
				v.file = o.file
			}
			r.c.spreads[p] = append(r.c.spreads[p], v)
		}
	}
	r.c.paths = nil
	r.c.spreads[""] = slices.DeleteFunc(r.c.spreads[""], func(v Value) bool { return v.text == "..."+name })
	r.notes = append(r.notes, o.notes...)
	if r.spread == nil {
		r.spread = make(map[string]*config)
	}
	r.spread[o.file] = o.c
	maps.Copy(r.spread, o.spread)
}

// At returns where the value at path is set: its file (the Reader's, or
// a spread module's) and line. ok is false when path is not set.
func (r *Reader) At(path string) (file string, line int, ok bool) {
	vs := r.c.values[path]
	if len(vs) == 0 {
		return "", 0, false
	}
	return vs[0].In(r.file), vs[0].Line, true
}

// Import returns the module whose default export the file binds to name
// (import name from 'module', const name = require('module')), "" when
// it binds none.
func (r *Reader) Import(name string) string { return r.c.imports[name] }

// Call returns the string argument of the calls of the method name,
// one of the methods given to [NewReader]. It is Absent when the file
// makes no such call, and Bad, with a note ending in hint, when the calls
// disagree or the argument is not a literal string.
func (r *Reader) Call(name, hint string) (Value, State) {
	vs := r.c.calls[name]
	if len(vs) == 0 {
		return Value{}, Absent
	}
	v := vs[0]
	for _, o := range vs[1:] {
		if o.kind != v.kind || o.Value != v.Value || !o.literal {
			r.NoteAt(o, "%s is called more than once, with different arguments%s", name, hint)
			return v, Bad
		}
	}
	if !v.literal || v.kind != kindString {
		r.NoteAt(v, "%s(%s) is not given a literal string%s", name, v.text, hint)
		return v, Bad
	}
	return v, OK
}

// Function is what [Reader.Any] gives for a function: an arrow, function
// () {…}, async (p) => ….
type Function struct{}

// Expression is what [Reader.Any] gives for a value that is no literal
// and no function: an identifier, a call, process.env.X, new Date(); its
// text, shortened.
type Expression struct{ Text string }

// A Key is a key of an object literal, with the line it is on.
type Key struct {
	Name string
	Line int
}

// Keys returns the keys of the object literal at path ("" for the
// exported object), in the order they are written; each that the object
// sets, a value, an object, an array or a call alike.
func (r *Reader) Keys(path string) []Key {
	prefix := ""
	if path != "" {
		prefix = path + "."
	}
	type at struct{ pos, line int }
	first := map[string]at{}
	add := func(p string, a at) {
		rest, ok := strings.CutPrefix(p, prefix)
		if !ok || rest == "" {
			return
		}
		name := rest
		if i := strings.IndexAny(rest, ".["); i >= 0 {
			name = rest[:i]
		}
		name = strings.TrimSuffix(name, "()")
		if f, seen := first[name]; !seen || a.pos < f.pos {
			first[name] = a
		}
	}
	for _, p := range r.c.below(prefix) {
		r.c.looked++
		if vs := r.c.values[p]; len(vs) > 0 {
			add(p, at{vs[0].pos, vs[0].Line})
		}
		if open, ok := r.c.objects[p]; ok {
			add(p, at{open, r.c.toks[open].line})
		}
	}
	keys := make([]Key, 0, len(first))
	for n, a := range first {
		keys = append(keys, Key{n, a.line})
	}
	slices.SortFunc(keys, func(a, b Key) int { return first[a.Name].pos - first[b.Name].pos })
	return keys
}

// Any returns the value at path as plain Go values: a string, a float64,
// true or false, nil for null and undefined, a []any of an array
// literal's elements, a map[string]any of an object literal's keys, a
// [Function] or an [Expression]; each element or key again one of these.
// ok is false when path is not set. A value set twice is the first.
func (r *Reader) Any(path string) (v any, line int, ok bool) {
	if vs := r.c.values[path]; len(vs) > 0 {
		x := vs[0]
		switch {
		case x.literal && x.kind == kindString:
			return x.Value, x.Line, true
		case x.literal && x.kind == kindNumber:
			if f, err := strconv.ParseFloat(strings.ReplaceAll(x.Value, "_", ""), 64); err == nil {
				return f, x.Line, true
			}
			return Expression{x.Value}, x.Line, true
		case x.literal:
			switch x.Value {
			case "true":
				return true, x.Line, true
			case "false":
				return false, x.Line, true
			}
			return nil, x.Line, true
		case x.fn:
			return Function{}, x.Line, true
		case strings.HasPrefix(x.text, "["):
			var list []any
			for i := 0; ; i++ {
				e, _, ok := r.Any(path + "[" + strconv.Itoa(i) + "]")
				if !ok {
					break
				}
				list = append(list, e)
			}
			if list == nil && x.isStrs {
				for _, s := range x.strs {
					list = append(list, s)
				}
			}
			if list == nil {
				list = []any{}
			}
			return list, x.Line, true
		}
		return Expression{x.text}, x.Line, true
	}
	if open, isObj := r.c.objects[path]; isObj {
		m := map[string]any{}
		for _, k := range r.Keys(path) {
			if v, _, ok := r.Any(joinPath(path, k.Name)); ok {
				m[k.Name] = v
			}
		}
		return m, r.c.toks[open].line, true
	}
	return nil, 0, false
}

// ImportOf returns the name the file binds to the default export of
// module (import sitemap from '@astrojs/sitemap'), "" when it binds none.
func (r *Reader) ImportOf(module string) string {
	name := ""
	for n, m := range r.c.imports {
		if m == module && (name == "" || n < name) {
			name = n
		}
	}
	return name
}

// Returned returns the strings of the array a function at path returns,
// when returning that array literal is all it does (an arrow whose body
// is the array, or a body of one return statement) and each element is
// one string: a string literal, an object literal whose one key, key, is
// a string literal ({ loc: '/a' }), or a call, awaited or not, whose last
// argument is a string literal (next-sitemap's config.transform(config,
// '/a')). ok is false for any other value: a function that computes its
// URLs, a value that is no function.
func (r *Reader) Returned(path, key string) (strs []string, ok bool) {
	vs := r.c.values[path]
	if len(vs) == 0 || !vs[0].fn || vs[0].file != "" {
		return nil, false
	}
	open, ok := r.c.returnedArray(vs[0].pos)
	if !ok {
		return nil, false
	}
	for _, it := range r.c.split(open+1, r.c.match[open]) {
		s, ok := r.c.elementString(it[0], it[1], key)
		if !ok {
			return nil, false
		}
		strs = append(strs, s)
	}
	return strs, true
}
