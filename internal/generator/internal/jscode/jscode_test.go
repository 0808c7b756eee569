package jscode

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

const module = `import fs from 'fs'
import { join, resolve as res } from "path";
import * as lib from './lib'
import type { Post } from '@/types'
const { readdirSync } = require('node:fs')
const util = require('./util')

const postsDirectory = join(process.cwd(), 'posts')

export function getAllPostIds(dir, { locale }) {
  return fs.readdirSync(dir)
}

export const getStaticPaths: GetStaticPaths = async (context) => ({
  paths: [],
  fallback: false,
})
export const one = x => x
async function helper(): Promise<{ a: string }> { return { a: '' } }
export default function Page() { return null }
`

// TestParse: the imports, declarations and exports of a module, each
// declaration's stretch its own statement.
func TestParse(t *testing.T) {
	m, err := Parse("a.ts", []byte(module), limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	wantImports := map[string]Import{
		"fs": {"fs", "default"}, "join": {"path", "join"}, "res": {"path", "resolve"},
		"lib": {"./lib", "*"}, "readdirSync": {"node:fs", "readdirSync"}, "util": {"./util", "*"},
	}
	for name, want := range wantImports {
		if got := m.Imports[name]; got != want {
			t.Errorf("import %s = %+v, want %+v", name, got, want)
		}
	}
	if _, ok := m.Imports["Post"]; ok {
		t.Errorf("a type's import is bound: %+v", m.Imports)
	}
	for name, params := range map[string][]string{"getAllPostIds": {"dir", ""}, "getStaticPaths": {"context"}, "one": {"x"}, "helper": nil, "Page": nil} {
		d, ok := m.Decls[name]
		if !ok || !d.Func || !slices.Equal(d.Params, params) {
			t.Errorf("%s: %+v, want a function of %q", name, d, params)
			continue
		}
		if text := string(m.Src[m.Toks[d.Start].Pos:m.Toks[d.End-1].End]); !strings.Contains(text, name) || strings.Count(text, "function ")+strings.Count(text, "const ") > 1 {
			t.Errorf("%s: its stretch is %q", name, text)
		}
	}
	if d := m.Decls["postsDirectory"]; d.Func || d.End <= d.Start {
		t.Errorf("postsDirectory: %+v", d)
	}
	if m.Exports["default"] != "Page" || m.Exports["getStaticPaths"] != "getStaticPaths" {
		t.Errorf("exports %v", m.Exports)
	}
	if _, ok := m.Exports["helper"]; ok {
		t.Errorf("helper is exported: %v", m.Exports)
	}
}

// TestFunction: a function expression's parameters and body, as the
// readers of a route's code take a callback's: an arrow with one name
// or parentheses, async or not, with a return type (an object's type
// too), and function (…) {…}; a block or an arrow's expression.
func TestFunction(t *testing.T) {
	for _, tc := range []struct {
		code   string
		params []string // nil: no function
		body   string   // the block's inside, or the arrow's expression
	}{
		{"f => f.name", []string{"f"}, "f.name"},
		{"async (a, { b }) => { return a }", []string{"a", ""}, "return a"},
		{"(a: Post, b: Post): number => a.n - b.n", []string{"a", "b"}, "a.n - b.n"},
		{"(a): { n: number } => ({ n: a })", []string{"a"}, "({ n: a })"},
		{"function (p) { return p.slug }", []string{"p"}, "return p.slug"},
		{"async function named(p): Promise<{ a: string }> { return p }", []string{"p"}, "return p"},
		{"(a) { return a }", nil, ""},
		{"(a, b)", nil, ""},
		{"a.b", nil, ""},
	} {
		m, err := Parse("a.ts", []byte(tc.code), limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		e := len(m.Toks)
		ok, params := m.Function(0, e)
		if ok != (tc.params != nil) || !slices.Equal(params, tc.params) {
			t.Errorf("Function(%q) = %v, %q; want %q", tc.code, ok, params, tc.params)
		}
		lo, hi, _, ok := m.Body(0, e)
		body := ""
		if ok && lo < hi {
			body = string(m.Src[m.Toks[lo].Pos:m.Toks[hi-1].End])
		}
		if body != tc.body {
			t.Errorf("Body(%q) = %q, want %q", tc.code, body, tc.body)
		}
	}
}

// TestParseCommonJS: a CommonJS module's exports, as gatsby-node.js's
// helper modules write them: exports.NAME = …, module.exports.NAME = …,
// module.exports = { NAME, NAME: local }, exports.NAME = require(…),
// module.exports = <function>; each exported function its own
// declaration, under its exported name with "exports." before it when it
// has no local name.
func TestParseCommonJS(t *testing.T) {
	m, err := Parse("helpers.js", []byte(`const path = require('path')
exports.statuses = list => (list || '').split(',')
module.exports.createPosts = async (statuses, graphql, createPage) => {
  createPage({ path: '/x' })
}
const createPages = async function (graphql) { return graphql('{}') }
function local() {}
module.exports = { createPages, other: local, n: 1 }
exports.alias = local
exports.onCreateNode = require('./gatsby/node');
module.exports = async ({ graphql, actions }) => {}
`), limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"statuses": "exports.statuses", "createPosts": "exports.createPosts", "createPages": "createPages", "other": "local", "alias": "local"} {
		if got := m.Exports[name]; got != want {
			t.Errorf("export %s is %q, want %q", name, got, want)
		}
	}
	if _, ok := m.Exports["n"]; ok {
		t.Errorf("a value that is no declaration is exported: %v", m.Exports)
	}
	for name, params := range map[string][]string{"statuses": {"list"}, "createPosts": {"statuses", "graphql", "createPage"}, "createPages": {"graphql"}} {
		d, ok := m.Exported(name)
		if !ok || !d.Func || !slices.Equal(d.Params, params) {
			t.Errorf("%s: %+v %v, want a function of %q", name, d, ok, params)
			continue
		}
		if text := string(m.Src[m.Toks[d.Start].Pos:m.Toks[d.End-1].End]); !strings.Contains(text, name) {
			t.Errorf("%s: its stretch is %q", name, text)
		}
	}
	if m.Imports["path"] != (Import{"path", "*"}) || m.Imports["exports.onCreateNode"] != (Import{"./gatsby/node", "*"}) {
		t.Errorf("imports %v", m.Imports)
	}
	if d, ok := m.Exported(ModuleExports); !ok || !d.Func || !slices.Equal(d.Params, []string{""}) {
		t.Errorf("module.exports: %+v %v, want a function of one destructured parameter", d, ok)
	}
}

// TestResolve: a relative specifier, with or without its extension or
// as a folder's index, a tsconfig.json alias and a path under its
// baseUrl; a package and a path out of the project are not.
func TestResolve(t *testing.T) {
	fsys := fstest.MapFS{
		"tsconfig.json":     {Data: []byte(`{ "compilerOptions": { "baseUrl": ".", /* aliases */ "paths": { "@/*": ["./src/*"], "@lib": ["src/lib/index.ts"] }, }, }`)},
		"src/lib/api.ts":    {Data: []byte("")},
		"src/lib/index.ts":  {Data: []byte("")},
		"lib/posts.js":      {Data: []byte("")},
		"lib/data/index.js": {Data: []byte("")},
		"lib/readme.md":     {Data: []byte("")},
	}
	a := ReadAliases(fsys, limits.Default)
	if a.File != "tsconfig.json" || a.Paths["@/*"] != "./src/*" {
		t.Fatalf("aliases %+v", a)
	}
	for _, tc := range []struct{ from, spec, want string }{
		{"pages/[id].js", "../lib/posts", "lib/posts.js"},
		{"pages/[id].js", "../lib/posts.js", "lib/posts.js"},
		{"pages/[id].js", "../lib/data", "lib/data/index.js"},
		{"app/x/page.tsx", "@/lib/api", "src/lib/api.ts"},
		{"app/x/page.tsx", "@lib", "src/lib/index.ts"},
		{"pages/[id].js", "../lib/readme.md", ""},
		{"pages/[id].js", "gray-matter", ""},
		{"pages/[id].js", "../../outside", ""},
		// A bare specifier under baseUrl (the Next.js portfolio
		// starter's 'app/utils'), a package when no file is there.
		{"app/blog/[slug]/page.tsx", "lib/posts", "lib/posts.js"},
		{"app/blog/[slug]/page.tsx", "react", ""},
	} {
		got, ok := Resolve(fsys, tc.from, tc.spec, a)
		if !ok {
			got = ""
		}
		if got != tc.want {
			t.Errorf("Resolve(%s, %s) = %q, want %q", tc.from, tc.spec, got, tc.want)
		}
	}
}

// TestParseLimits: a module past limits.js_tokens is the error, naming
// the file and the key.
func TestParseLimits(t *testing.T) {
	lim := limits.Default
	lim.JSTokens = 10
	_, err := Parse("lib/posts.js", []byte(module), lim)
	if err == nil || !strings.HasPrefix(err.Error(), "lib/posts.js:") || !strings.Contains(err.Error(), "limits.js_tokens") {
		t.Errorf("error %v, want one naming the file and limits.js_tokens", err)
	}
}

// FuzzParse: any source parses without a panic, each declaration's
// stretch within the tokens and its parameters within its own.
func FuzzParse(f *testing.F) {
	f.Add([]byte(module))
	f.Add([]byte("export const a = async (b, {c}) => { const d = join(process.cwd(), b) }\nexport default function () {"))
	f.Add([]byte("import x, { y as z } from 'q'; const { a: b } = require('c'); export async function* g() {}"))
	f.Add([]byte("import p from '../data/p.json';\nexport function getStaticPaths() { return p.map((x) => ({ params: { slug: x.slug } })); }\n"))
	f.Add([]byte("const f = async function named(p): Promise<{ a: string }> { return p }, g = (a): { n: number } => ({ n: a })"))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		m, err := Parse("a.js", data, limits.Default)
		if err != nil {
			return
		}
		for name, d := range m.Decls {
			if d.Start < 0 || d.End > len(m.Toks) || d.Start >= d.End {
				t.Fatalf("%s: stretch %d..%d of %d tokens", name, d.Start, d.End, len(m.Toks))
			}
		}
		for i, j := range m.Match {
			if j >= 0 && m.Match[j] != i {
				t.Fatalf("brackets %d and %d do not match each other", i, j)
			}
		}
		for _, d := range m.Decls {
			for i := d.Start; i < d.End; i++ {
				if lo, hi, _, ok := m.Body(i, d.End); ok && (lo <= i || lo > hi || hi > d.End) {
					t.Fatalf("the body of the function at %d is %d..%d, out of %d..%d", i, lo, hi, i, d.End)
				}
				m.Function(i, d.End)
			}
			m.Idents(d.Start, d.End)
			// Every module the module itself: a cycle PageFiles must end.
			if files, ok := m.PageFiles(d, selfResolver{m}, func(string, string) bool { return false }); ok {
				for _, f := range files {
					if imp := m.Imports; !slices.ContainsFunc(slices.Collect(maps.Values(imp)), func(i Import) bool { return i.Spec == f }) {
						t.Fatalf("PageFiles gives %q, which the module does not import", f)
					}
				}
			}
		}
	})
}

// selfResolver resolves every module specifier to m, and every data file
// to its specifier.
type selfResolver struct{ m *Module }

func (r selfResolver) Module(string, string) *Module      { return r.m }
func (r selfResolver) Data(_, spec string) (string, bool) { return spec, true }
