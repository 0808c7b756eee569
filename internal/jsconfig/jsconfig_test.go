package jsconfig

import (
	"bytes"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

func TestParse(t *testing.T) {
	type val struct {
		line    int
		literal bool
		value   string // a literal's value, else the text
	}
	tests := []struct {
		name string
		src  string
		want map[string]val
	}{
		{
			name: "module.exports object",
			src:  "module.exports = {\n  a: 'x',\n  \"b\": true,\n  'c-d': 3,\n  e: null,\n}",
			want: map[string]val{"a": {2, true, "x"}, "b": {3, true, "true"}, "c-d": {4, true, "3"}, "e": {5, true, "null"}},
		},
		{
			name: "nested paths",
			src:  "export default defineConfig({ build: { format: 'file', nested: { deep: `t` } }, list: [{ x: 1 }] })",
			want: map[string]val{"build.format": {1, true, "file"}, "build.nested.deep": {1, true, "t"}, "list": {1, false, "[{ x: 1 }]"}, "list[0].x": {1, true, "1"}},
		},
		{
			name: "escapes",
			src:  `export default { a: 'it\'s', b: "\u0041\x42\u{43}\n", c: 'line\` + "\n" + `cont', d: "\uD83D\uDE00" }`,
			want: map[string]val{"a": {1, true, "it's"}, "b": {1, true, "ABC\n"}, "c": {1, true, "linecont"}, "d": {2, true, "😀"}},
		},
		{
			name: "templates with substitutions are one token",
			src:  "export default {\n  a: `x${ {b: 'no'}.b }${`nested ${1}`}`,\n  c: 'yes',\n}",
			want: map[string]val{"a": {2, false, "`x${ {b: 'no'}.b }${`nested ${1}`}`"}, "c": {3, true, "yes"}},
		},
		{
			name: "a name declared as an object literal is that object",
			src:  "export const locales = {\n  de: { lang: 'de' },\n};\nexport default { locales, other: locales, s: 'x', n: notDeclared }",
			want: map[string]val{"locales.de.lang": {2, true, "de"}, "other.de.lang": {2, true, "de"}, "s": {4, true, "x"}, "n": {4, false, "notDeclared"}},
		},
		{
			name: "TypeScript's type assertions are not the value's",
			src:  "const config: Config = {\n  presets: [['classic', {\n    docs: { lastVersion: 'current' as const },\n  } satisfies Preset.Options]],\n  a: ({ b: 'x' } satisfies Foo<Bar, Baz[]>),\n  c: ['d' as A | B],\n  e: f.as,\n  g: x + as,\n};\nexport default config;",
			want: map[string]val{
				"presets": {2, false, "[['classic', { docs: { lastVersion: 'current' as const }, }…"}, "presets[0]": {2, false, "['classic', { docs: { lastVersion: 'current' as const }, } …"}, "presets[0][0]": {2, true, "classic"},
				"presets[0][1].docs.lastVersion": {3, true, "current"}, "a.b": {5, true, "x"}, "c": {6, false, "['d' as A | B]"}, "c[0]": {6, true, "d"}, "e": {7, false, "f.as"}, "g": {8, false, "x + as"}},
		},
		{
			name: "a name a const declares as a literal alone is that literal",
			src:  "const last = '11.x';\nconst port = 8080 as const;\nlet later = 'no';\nconst sum = 'a' + b;\nexport default {\n  lastVersion: last,\n  port: port,\n  later: later,\n  sum: sum,\n}",
			want: map[string]val{"lastVersion": {6, true, "11.x"}, "port": {7, true, "8080"}, "later": {8, false, "later"}, "sum": {9, false, "sum"}},
		},
		{
			name: "a name a scope may shadow is not a const's literal",
			src:  "const v = '1.0';\nconst w = '2.0';\nconst u = 'x';\nfor (const u of list) {}\nexport default (w) => {\n  const v = process.env.V;\n  return { a: v, b: w, c: u };\n}",
			want: map[string]val{"a": {7, false, "v"}, "b": {7, false, "w"}, "c": {7, false, "u"}},
		},
		{
			name: "a name within its own object is its text",
			src:  "const a = { x: a, y: a, z: 1 };\nexport default { a }",
			want: map[string]val{"a.x": {1, false, "a"}, "a.y": {1, false, "a"}, "a.z": {1, true, "1"}},
		},
		{
			name: "regular expressions are one token",
			src:  "const r = /['\"{]/g, q = a / b / c;\nexport default { x: /}/, y: 'z' }",
			want: map[string]val{"x": {2, false, "/}/"}, "y": {2, true, "z"}},
		},
		{
			// Not literals, but set: no option vanishes (issue 70). A
			// computed key names none (Reader.Unread); nothing in a
			// function's body is a value.
			name: "methods, getters and arrows are values, computed keys unread",
			src:  "export default { f() { return { g: 1 } }, get h() { return 2 }, [k]: 3, async m() {}, n: () => ({ o: 'p' }), q: 'r', ['s']: 't' }",
			want: map[string]val{"f": {1, false, "f() { return { g: 1 } }"}, "h": {1, false, "get h() { return 2 }"}, "m": {1, false, "async m() {}"}, "n": {1, false, "() => ({ o: 'p' })"}, "q": {1, true, "r"}, "s": {1, true, "t"}},
		},
		{
			name: "unterminated string",
			src:  "export default {\n  a: 'open\n  , b: 'ok',\n}",
			want: map[string]val{"a": {2, false, "'open"}, "b": {3, true, "ok"}},
		},
		{
			name: "calls: the object argument's keys under key()",
			src:  "export default { kit: { adapter: adapter({ pages: 'dist', fallback: `200.html` }) },\n  vite: lib.plugin(a, { b: 1 }), c: f(), d: (g)({ h: 1 }) }",
			want: map[string]val{
				"kit.adapter": {1, false, "adapter({ pages: 'dist', fallback: `200.html` })"}, "kit.adapter().pages": {1, true, "dist"}, "kit.adapter().fallback": {1, true, "200.html"},
				"vite": {2, false, "lib.plugin(a, { b: 1 })"}, "vite()": {2, false, "a, { b: 1 }"}, "c": {2, false, "f()"}, "d": {2, false, "(g)({ h: 1 })"},
			},
		},
		{
			name: "no export: every object",
			src:  "({ a: 'x' });\nfoo({ b: { c: 'y' } })",
			want: map[string]val{"a": {1, true, "x"}, "b.c": {2, true, "y"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := parse([]byte(tt.src), limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]val{}
			for k, vs := range c.values {
				v := vs[0]
				s := v.text
				if v.literal {
					s = v.Value
				}
				got[k] = val{v.Line, v.literal, s}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("values:\n got %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestCalleeImport(t *testing.T) {
	src := []byte(`import adapter from '@sveltejs/adapter-static';
import type { Config } from '@sveltejs/kit';
import node, * as all from "@sveltejs/adapter-node";
import auto, { x } from '@sveltejs/adapter-auto';
const vercel = require('@sveltejs/adapter-vercel');
// import commented from 'nowhere';
const config = {
  kit: { adapter: adapter(), paths: { base: '' } },
  other: node(opts, 2),
  lit: 'x',
};
export default config;
`)
	r := NewReader("svelte.config.js", src, limits.Default)
	for name, want := range map[string]string{
		"adapter": "@sveltejs/adapter-static", "node": "@sveltejs/adapter-node", "auto": "@sveltejs/adapter-auto",
		"vercel": "@sveltejs/adapter-vercel", "type": "", "Config": "", "commented": "", "x": "", "all": "",
	} {
		if got := r.Import(name); got != want {
			t.Errorf("Import(%q) = %q, want %q", name, got, want)
		}
	}
	for _, w := range []struct {
		path   string
		callee string
		args   int
		st     State
	}{
		{"kit.adapter", "adapter", 0, OK},
		{"other", "node", 2, OK},
		{"lit", "", 0, Bad},
		{"missing", "", 0, Absent},
	} {
		path := w.path
		v, st := r.Callee(path, "; hint")
		if v.Callee != w.callee || v.Args != w.args || st != w.st {
			t.Errorf("Callee(%q) = %q, %d, %v; want %q, %d, %v", path, v.Callee, v.Args, st, w.callee, w.args, w.st)
		}
	}
	if _, st := r.Str("other().x", "; hint"); st != Absent {
		t.Errorf("other().x: %v", st)
	}
	wantNotes := []string{
		"svelte.config.js:10: lit is not a call of a named function ('x'); hint",
		"svelte.config.js:9: other() is not a literal object (opts, 2): other().x is not read; hint",
	}
	if got := r.Notes(); !reflect.DeepEqual(got, wantNotes) {
		t.Errorf("notes:\n got %q\nwant %q", got, wantNotes)
	}
}

var noteLineRE = regexp.MustCompile(`^[^:]+:(\d+): `)

// FuzzJSLiterals checks that the reader does not panic and only reports
// lines the file has, in its values, its tokens and its notes; that what
// it reads is within the limits, and a file past them is not read, with a
// note.
func FuzzJSLiterals(f *testing.F) {
	for _, s := range []string{
		"export default defineConfig({ site: 'https://x.org', base: '/b', build: { format: 'file' } })",
		"module.exports = { output: 'export', distDir: `out`, basePath: process.env.BP }",
		"const config = { url: 'u', baseUrl: '/' };\nexport default config;\n",
		"export const config = { dir: { output: 'dist' } }; export default function (c) { c.setOutputDirectory(`x${y}`) }",
		"`${`${`${'`'}`}`}` /re[/]/g 'a\\\n' \"b",
		"/* unclosed",
		"export default { a: 'x\n",
		"x = a / b / c; y = /[/]/; export default {...base, [k]: 1, get g() {}, 'q': .5e3}",
		"export default `${",
		"}}}))) export default ({{{ a: ",
		"#!/usr/bin/env node\nmodule.exports = { site: '\\u{1F600}\\uD83D\\uDE00\\x4' }",
		"export default async function () { return { url: 'https://a' } satisfies Config }",
		"export default " + strings.Repeat("{a:", limits.MaxDepth) + "1" + strings.Repeat("}", limits.MaxDepth),
		"export default " + strings.Repeat("{a:[(", limits.MaxDepth/3) + "{b:1",
		"export default `${" + strings.Repeat("{[(", limits.MaxDepth/3) + "`",
		"const output = process.env.EXPORT ? 'export' : undefined\nmodule.exports = () => ({ output, distDir: a ? (b ? 'x' : null) : 'y' })",
		"const a = a ? a : a; export default { output: a, distDir: x ? y : z ? 'q' : 'r' }",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		lines := bytes.Count(data, []byte("\n")) + 1
		check := func(what string, line int) {
			if line < 0 || line > lines {
				t.Fatalf("%s: line %d of a file of %d lines", what, line, lines)
			}
		}
		c, err := parse(data, limits.Default, "setOutputDirectory")
		if err != nil {
			if len(c.toks) > 0 || len(c.values) > 0 {
				t.Fatalf("parse: %v, and %d tokens, %d values read", err, len(c.toks), len(c.values))
			}
			check(err.Error(), err.(*diag.Diagnostic).Line)
		}
		depth := 0
		for _, tok := range c.toks {
			switch {
			case tok.is("{") || tok.is("(") || tok.is("["):
				depth++
			case tok.is("}") || tok.is(")") || tok.is("]"):
				depth = max(depth-1, 0)
			}
			if depth > limits.MaxDepth || len(c.toks) > limits.Default.JSTokens {
				t.Fatalf("read %d tokens, %d deep", len(c.toks), depth)
			}
		}
		for _, m := range []map[string][]Value{c.values, c.spreads, c.calls} {
			for k, vs := range m {
				for _, v := range vs {
					check(k, v.Line)
				}
			}
		}
		for _, tok := range c.toks {
			check("token "+tok.text, tok.line)
			if tok.line < 1 || tok.pos < 0 || tok.end > len(data) || tok.pos > tok.end {
				t.Fatalf("token %q at %d..%d, line %d of %d bytes", tok.text, tok.pos, tok.end, tok.line, len(data))
			}
		}
		r := NewReader("a.js", data, limits.Default, "setOutputDirectory")
		for _, p := range []string{"site", "base", "outDir", "output", "build.client", "build.format", "dir.output", "pathPrefix", "distDir", "basePath", "url", "baseUrl"} {
			r.Str(p, "; hint")
		}
		r.Str("trailingSlash", "")
		r.Bool("trailingSlash")
		for _, p := range []string{"output", "distDir"} {
			if ch, st := r.Choices(p, "; hint"); st == OK {
				check(p, ch.Line)
				if len(ch.Values) == 0 && !ch.Unset || len(ch.Values) > maxChoices {
					t.Fatalf("%s: choices %+v", p, ch)
				}
			}
		}
		r.Call("setOutputDirectory", "; hint")
		if v, st := r.Callee("kit.adapter", "; hint"); st == OK {
			r.Import(v.Callee)
			r.Str("kit.adapter().pages", "; hint")
		}
		if err != nil && !slices.ContainsFunc(r.Notes(), func(n string) bool { return strings.HasSuffix(n, "; not read") }) {
			t.Fatalf("parse: %v; notes %q", err, r.Notes())
		}
		for _, n := range r.Notes() {
			m := noteLineRE.FindStringSubmatch(n)
			if m == nil {
				continue
			}
			l, err := strconv.Atoi(m[1])
			if err != nil || l < 1 {
				t.Fatalf("note %q", n)
			}
			check(n, l)
		}
	})
}

func TestStrs(t *testing.T) {
	r := NewReader("c.js", []byte(`export default {
  i18n: { locales: ['en', "de", `+"`pt-BR`"+`,], none: [], mixed: ['en', lang], nested: [['en']] },
  twice: ['a'],
  twice: ['b'],
};`), limits.Default)
	for _, tt := range []struct {
		path string
		want []string
		st   State
	}{
		{"i18n.locales", []string{"en", "de", "pt-BR"}, OK},
		{"i18n.none", nil, OK},
		{"i18n.mixed", nil, Bad},
		{"i18n.nested", nil, Bad},
		{"i18n.missing", nil, Absent},
		{"twice", nil, Bad},
	} {
		got, st := r.Strs(tt.path)
		if st != tt.st || !slices.Equal(got, tt.want) {
			t.Errorf("Strs(%q) = %q, %v; want %q, %v", tt.path, got, st, tt.want, tt.st)
		}
	}
	if len(r.Notes()) != 3 {
		t.Errorf("notes: %q; want one for each Bad", r.Notes())
	}
}

// TestReturned: the strings of the array a function returns, when that
// is all it does and each element is one literal string (next-sitemap's
// additionalPaths); none for a function that computes them.
func TestReturned(t *testing.T) {
	r := NewReader("c.js", []byte(`module.exports = {
  arrow: async (config) => [
    await config.transform(config, '/shop'),
    config.transform(config, "/shop/cart"),
    { loc: '/a' },
    '/b',
  ],
  body: function (config) { return ['/c']; },
  named: async function paths() { return [{ 'loc': '/d' }] },
  bare: config => ['/e'],
  computed: async (config) => posts.map((p) => ({ loc: '/blog/' + p })),
  mixed: async (config) => ['/f', await config.transform(config, path)],
  more: async (config) => { const x = 1; return ['/g']; },
  noLoc: async () => [{ priority: 0.5 }],
  moreKeys: async () => [{ loc: '/i', priority: 0.5 }],
  notFn: ['/h'],
};`), limits.Default)
	for _, tt := range []struct {
		path string
		want []string
		ok   bool
	}{
		{"arrow", []string{"/shop", "/shop/cart", "/a", "/b"}, true},
		{"body", []string{"/c"}, true},
		{"named", []string{"/d"}, true},
		{"bare", []string{"/e"}, true},
		{"computed", nil, false},
		{"mixed", nil, false},
		{"more", nil, false},
		{"noLoc", nil, false},
		{"moreKeys", nil, false},
		{"notFn", nil, false},
		{"missing", nil, false},
	} {
		got, ok := r.Returned(tt.path, "loc")
		if ok != tt.ok || !slices.Equal(got, tt.want) {
			t.Errorf("Returned(%q) = %q, %v; want %q, %v", tt.path, got, ok, tt.want, tt.ok)
		}
	}
}

// TestLimits checks that a configuration past a limit is read in linear
// time and not at all: 20 MB of nested objects took 34 s and 4.3 GB.
func TestLimits(t *testing.T) {
	deep := limits.MaxDepth + 1
	tests := []struct {
		name string
		src  string
		want string
	}{
		{name: "deep", src: "export default { site: 'https://a.org',\n x: " + strings.Repeat("{a:", limits.MaxBytes/3-20) + "1 }", want: "c.mjs:2: nesting deeper than 100 (limits.nesting); not read"},
		{name: "just deep", src: "export default " + strings.Repeat("{a:", deep) + "1" + strings.Repeat("}", deep), want: "c.mjs:1: nesting deeper than 100 (limits.nesting); not read"},
		{name: "deep in a template", src: "export default { x: `${" + strings.Repeat("[", deep) + "}` }", want: "c.mjs:1: nesting deeper than 100 (limits.nesting); not read"},
		{name: "tokens", src: "export default { site: 'https://a.org', x: [\n" + strings.Repeat("1,", limits.Default.JSTokens) + "] }", want: "c.mjs:2: more than 1048576 tokens (limits.js_tokens); not read"},
		{name: "large", src: "export default { site: 'https://a.org' }\n" + strings.Repeat("/", limits.MaxBytes), want: "c.mjs: larger than 4194304 bytes (limits.settings_bytes); not read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			r := NewReader("c.mjs", []byte(tt.src), limits.Default)
			if v, st := r.Str("site", ""); st != Absent {
				t.Errorf("site = %q, %v; want nothing read", v.Value, st)
			}
			if !slices.Equal(r.Notes(), []string{tt.want}) {
				t.Errorf("notes %q; want %q", r.Notes(), tt.want)
			}
			if err := Check("c.mjs", []byte(tt.src), limits.Default); err == nil || err.Error()+"; not read" != tt.want {
				t.Errorf("Check: %v; want %s", err, tt.want)
			}
			t.Logf("%d bytes in %v", len(tt.src), time.Since(start))
		})
	}
	ok := "export default " + strings.Repeat("{a:", limits.MaxDepth) + "'x'" + strings.Repeat("}", limits.MaxDepth)
	if err := Check("c.mjs", []byte(ok), limits.Default); err != nil {
		t.Errorf("Check(%d deep) = %v", limits.MaxDepth, err)
	}
}
