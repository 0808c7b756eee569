package jscode

import (
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestDataImports: a route's function is made from its code and the JSON
// files it imports alone, or it is not known: a helper of the module,
// another import, a fetch, a collection, an await.
func TestDataImports(t *testing.T) {
	for _, tc := range []struct {
		name, code string
		specs      []string
		ok         bool
	}{
		{"a JSON file", "import projects from '../../data/projects.json';\nimport Layout from '../../layouts/Layout.astro';\nexport function getStaticPaths() {\n  return projects.map((p) => ({ params: { slug: p.slug }, props: { p } }));\n}\n", []string{"../../data/projects.json"}, true},
		{"two, async", "import a from './a.json'\nimport b from '@/data/b.JSON'\nexport const generateStaticParams = async () => [...a, ...b].map(x => ({ id: x.id }))\n", []string{"./a.json", "@/data/b.JSON"}, true},
		{"literals", "export function getStaticPaths() { return [{ params: { note: 'a' } }]; }\n", nil, true},
		{"a module's function", "import { getProjects } from '../lib/projects';\nexport function getStaticPaths() { return getProjects().map(p => ({ params: { slug: p } })); }\n", nil, false},
		{"a helper of its own", "const list = () => ['a'];\nexport function getStaticPaths() { return list().map(s => ({ params: { s } })); }\n", nil, false},
		{"fetch", "export async function getStaticPaths() { const r = await fetch('https://api.example/x'); return (await r.json()).map(p => ({ params: { p } })); }\n", nil, false},
		{"a collection", "import { getCollection } from 'astro:content';\nexport async function getStaticPaths() { return (await getCollection('blog')).map(e => ({ params: { slug: e.id } })); }\n", nil, false},
		{"import.meta.glob", "export function getStaticPaths() { return Object.keys(import.meta.glob('./*.md')).map(f => ({ params: { f } })); }\n", nil, false},
	} {
		m, err := Parse("route.ts", []byte(tc.code), limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		var d Decl
		for _, name := range []string{"getStaticPaths", "generateStaticParams"} {
			if dd, ok := m.Exported(name); ok {
				d = dd
			}
		}
		specs, ok := m.DataImports(d)
		if ok != tc.ok || !slices.Equal(specs, tc.specs) {
			t.Errorf("%s: %q, %v; want %q, %v", tc.name, specs, ok, tc.specs, tc.ok)
		}
	}
}
