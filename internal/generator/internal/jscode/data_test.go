package jscode

import (
	"path"
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// mapResolver resolves relative specifiers among a set of modules and
// data files, by path.
type mapResolver struct {
	modules map[string]string
	data    map[string]bool
}

func (r mapResolver) Module(from, spec string) *Module {
	p := path.Join(path.Dir(from), spec)
	for _, ext := range []string{"", ".ts", ".js"} {
		if code, ok := r.modules[p+ext]; ok {
			m, err := Parse(p+ext, []byte(code), limits.Default)
			if err != nil {
				return nil
			}
			return m
		}
	}
	return nil
}

func (r mapResolver) Data(from, spec string) (string, bool) {
	p := path.Join(path.Dir(from), spec)
	return p, r.data[p]
}

// TestPageFilesParams: a route's function is made from its code and the JSON
// files it imports alone, itself or through its module's helpers and the
// functions and constants of the modules it imports; or it is not known:
// a fetch, a collection, an await, a module that is not there, a JSON
// file that is not, a helper that reads.
func TestPageFilesParams(t *testing.T) {
	r := mapResolver{
		modules: map[string]string{
			"lib/projects.ts": "import data from '../data/projects.json';\nimport extra from '../data/extra.json';\nexport function getProjects() { return [...data, ...extra].filter((p) => !p.hidden); }\nexport const all = getProjects();\n",
			"lib/remote.ts":   "export async function getProjects() { const r = await fetch('https://api.example/p'); return r.json(); }\n",
			"lib/deep.ts":     "import { getProjects } from './projects';\nexport function sorted() { return getProjects().sort(); }\n",
		},
		data: map[string]bool{"data/projects.json": true, "data/extra.json": true},
	}
	for _, tc := range []struct {
		name, code string
		files      []string
		ok         bool
	}{
		{"a JSON file", "import projects from '../data/projects.json';\nimport Layout from '../layouts/Layout.astro';\nexport function getStaticPaths() {\n  return projects.map((p) => ({ params: { slug: p.slug }, props: { p } }));\n}\n", []string{"data/projects.json"}, true},
		{"two, async", "import a from '../data/projects.json'\nimport b from '../data/extra.JSON'\nexport const generateStaticParams = async () => [...a, ...b].map(x => ({ id: x.id }))\n", nil, false},
		{"literals", "export function getStaticPaths() { return [{ params: { note: 'a' } }]; }\n", nil, true},
		{"a module's function over JSON", "import { getProjects } from '../lib/projects';\nexport function getStaticPaths() { return getProjects().map(p => ({ params: { slug: p.slug } })); }\n", []string{"data/projects.json", "data/extra.json"}, true},
		{"a module's constant, two modules deep", "import { sorted } from '../lib/deep';\nexport function getStaticPaths() { return sorted().map(p => ({ params: { slug: p.slug } })); }\n", []string{"data/projects.json", "data/extra.json"}, true},
		{"a helper of its own", "import data from '../data/projects.json';\nconst list = () => data.map((p) => p.slug);\nexport function getStaticPaths() { return list().map(s => ({ params: { s } })); }\n", []string{"data/projects.json"}, true},
		{"a module's function that fetches", "import { getProjects } from '../lib/remote';\nexport async function getStaticPaths() { return (await getProjects()).map(p => ({ params: { slug: p } })); }\n", nil, false},
		{"a module that is not there", "import { getProjects } from '../lib/none';\nexport function getStaticPaths() { return getProjects().map(p => ({ params: { slug: p } })); }\n", nil, false},
		{"a JSON file that is not there", "import none from '../data/none.json';\nexport function getStaticPaths() { return none.map(p => ({ params: { slug: p } })); }\n", nil, false},
		{"fetch", "export async function getStaticPaths() { const r = await fetch('https://api.example/x'); return (await r.json()).map(p => ({ params: { p } })); }\n", nil, false},
		{"a collection", "import { getCollection } from 'astro:content';\nexport async function getStaticPaths() { return (await getCollection('blog')).map(e => ({ params: { slug: e.id } })); }\n", nil, false},
		{"import.meta.glob", "export function getStaticPaths() { return Object.keys(import.meta.glob('./*.md')).map(f => ({ params: { f } })); }\n", nil, false},
		{"a namespace import", "import * as lib from '../lib/projects';\nexport function getStaticPaths() { return lib.all.map(p => ({ params: { slug: p.slug } })); }\n", nil, false},
	} {
		m, err := Parse("pages/route.ts", []byte(tc.code), limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		var d Decl
		for _, name := range []string{"getStaticPaths", "generateStaticParams"} {
			if dd, ok := m.Exported(name); ok {
				d = dd
			}
		}
		files, ok := m.PageFiles(d, r, func(string, string) bool { return false })
		if ok != tc.ok || ok && !slices.Equal(files, tc.files) {
			t.Errorf("%s: %q, %v; want %q, %v", tc.name, files, ok, tc.files, tc.ok)
		}
	}
}
