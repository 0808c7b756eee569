package sveltekit

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsfuzz"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// FuzzProject checks SvelteKit's reader of svelte.config.js (see package
// jsfuzz).
func FuzzProject(f *testing.F) {
	jsfuzz.Fuzz(f, func(data []byte) []jsfuzz.Read {
		p := project("a.js", data, true, limits.Default)
		return []jsfuzz.Read{{BaseURL: p.BaseURL, Notes: p.Notes}}
	})
}

// FuzzRoutes checks the reader of a route's load and of the module it
// imports: any code reads without a panic, a route over Markdown it
// finds is a folder in the project with a Markdown extension, and a
// list it finds is a route's page component.
func FuzzRoutes(f *testing.F) {
	f.Add([]byte("export const load = async ({ params }) => ({ post: await import(`../../posts/${params.slug}.md`) })"),
		[]byte("export default () => import.meta.glob('/src/posts/*.md', { eager: true })"))
	f.Add([]byte("const all = import.meta.glob(['/src/posts/*.svx']);\nexport const load = ({ params }) => all[`/src/posts/${params.slug}.svx`]()"),
		[]byte("export const list = async ({ fetch }) => (await fetch(`${origin}/api/posts.json`)).json()"))
	f.Add([]byte("import all from '$lib/all';\nexport const load = () => fetch('/api/x?y=1')"), []byte("import x from '../routes/[slug]/+page.js'"))
	f.Fuzz(func(t *testing.T, load, lib []byte) {
		defer fuzzbound.Check(t)()
		fsys := fstest.MapFS{
			"src/routes/[slug]/+page.svelte":   {},
			"src/routes/[slug]/+page.js":       {Data: load},
			"src/routes/+page.svelte":          {},
			"src/routes/+page.server.js":       {Data: load},
			"src/routes/tags/[t]/+page.svelte": {},
			"src/routes/tags/[t]/+page.ts":     {Data: lib},
			"src/routes/api/x/+server.js":      {Data: lib},
			"src/lib/all.js":                   {Data: lib},
			"src/posts/a.md":                   {},
		}
		md, lists, listRoutes, _ := ReadRoutes(fsys, limits.Default)
		for _, r := range md {
			if !fs.ValidPath(r.Folder) || r.Folder == "." || (r.Ext != ".md" && r.Ext != ".svx") || strings.Count(r.URL, paramMark) != 1 {
				t.Fatalf("route %+v", r)
			}
		}
		for _, l := range append(lists, listRoutes...) {
			if _, ok := fsys[l]; !ok || !pageComponent(l[strings.LastIndexByte(l, '/')+1:]) {
				t.Fatalf("list %q", l)
			}
		}
	})
}
