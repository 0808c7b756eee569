package sveltekit_test

import (
	"slices"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/sveltekit"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestURLPath: a route's page component is a page at its folder's path,
// route groups left out; a route with a parameter, a load module, a
// layout and a component of $lib are none; a Markdown file of a route
// over Markdown is a page at its name.
func TestURLPath(t *testing.T) {
	p := &sveltekit.Preset{Markdown: []sveltekit.MarkdownRoute{{Route: "src/routes/blog/[slug]", Folder: "src/posts", Ext: ".md", URL: "/blog/\x00/"}}}
	for _, tc := range []struct {
		path, want string
		ok         bool
	}{
		{"src/routes/+page.svelte", "/", true},
		{"src/routes/about/+page.svelte", "/about/", true},
		{"src/routes/about/+page.md", "/about/", true},
		{"src/routes/docs/intro/+page.svx", "/docs/intro/", true},
		{"src/routes/(marketing)/pricing/+page.svelte", "/pricing/", true},
		{"src/routes/(app)/+page@.svelte", "/", true},
		{"src/routes/blog/[slug]/+page.svelte", "", false},
		{"src/routes/[...rest]/+page.svelte", "", false},
		{"src/routes/about/+page.js", "", false},
		{"src/routes/about/+page.server.ts", "", false},
		{"src/routes/+layout.svelte", "", false},
		{"src/routes/about/Card.svelte", "", false},
		{"src/routes/.hidden/+page.svelte", "", false},
		{"src/lib/Post.svelte", "", false},
		{"src/posts/hello-world.md", "/blog/hello-world/", true},
		{"src/posts/hello-world.svx", "", false},
		{"src/posts/.draft.md", "", false},
		{"src/posts/old/a.md", "", false},
	} {
		got, ok := p.URLPath(generator.Page{Path: tc.path})
		if got != tc.want || ok != tc.ok {
			t.Errorf("URLPath(%s) = %q, %v; want %q, %v", tc.path, got, ok, tc.want, tc.ok)
		}
	}
}

// TestReadRoutes: the shapes of a load that imports the Markdown file of
// its parameter, or keys a glob of its folder by it, read from the
// route's load modules; the routes whose loads (or the modules they
// import, or the endpoints they fetch) glob that folder list it; other
// shapes join nothing.
func TestReadRoutes(t *testing.T) {
	for _, tc := range []struct {
		name              string
		files             map[string]string
		want              []sveltekit.MarkdownRoute
		lists, listRoutes []string
	}{
		{
			name: "a dynamic import relative to the route, as the blog starters write it",
			files: map[string]string{
				"src/routes/blog/[post]/+page.svelte": "<h1>{data.meta.title}</h1>",
				"src/routes/blog/[post]/+page.js":     "export const load = async ({ params }) => {\n\tconst post = await import(`../../../lib/posts/${params.post}.md`)\n\treturn { meta: post.metadata }\n}\n",
			},
			want: []sveltekit.MarkdownRoute{{Route: "src/routes/blog/[post]", Folder: "src/lib/posts", Ext: ".md", URL: "/blog/\x00/"}},
		},
		{
			name: "a glob at the project's root keyed by the parameter, in a server load, in a route group",
			files: map[string]string{
				"src/routes/(site)/notes/[slug]/+page.svelte":    "<h1>{data.title}</h1>",
				"src/routes/(site)/notes/[slug]/+page.server.ts": "const notes = import.meta.glob('/src/notes/*.svx', { eager: true });\nexport function load({ params }) {\n\tconst { slug } = params;\n\treturn notes[`/src/notes/${slug}.svx`].metadata;\n}\n",
			},
			want: []sveltekit.MarkdownRoute{{Route: "src/routes/(site)/notes/[slug]", Folder: "src/notes", Ext: ".svx", URL: "/notes/\x00/"}},
		},
		{
			name: "lists: a page's load globs the folder, a category route's imports a $lib module that does, a page fetches an endpoint whose module imports it",
			files: map[string]string{
				"src/routes/[slug]/+page.svelte":             "",
				"src/routes/[slug]/+page.ts":                 "export async function load({ params }) { return { post: await import(`$lib/posts/${params.slug}.md`) } }",
				"src/routes/+page.svelte":                    "",
				"src/routes/+page.js":                        "export const load = () => ({ posts: Object.keys(import.meta.glob(['$lib/posts/*.md'])) })",
				"src/routes/category/[name]/+page.svelte":    "",
				"src/routes/category/[name]/+page.server.js": "import all from '$lib/all';\nexport const load = ({ params }) => all().filter((p) => p.tags.includes(params.name))",
				"src/lib/all.js":                             "export default () => Object.values(import.meta.glob('/src/lib/posts/*.md', { eager: true }))",
				"src/routes/archive/+page.svelte":            "",
				"src/routes/archive/+page.server.js":         "export const load = async ({ url, fetch }) => ({ posts: await (await fetch(`${url.origin}/api/posts.json`)).json() })",
				"src/routes/api/posts.json/+server.js":       "import all from '../../../lib/all.js';\nexport const GET = () => Response.json(all())",
				"src/routes/about/+page.svelte":              "",
				"src/routes/about/+page.js":                  "export const load = () => ({ team: import.meta.glob('/src/team/*.md') })",
			},
			want:       []sveltekit.MarkdownRoute{{Route: "src/routes/[slug]", Folder: "src/lib/posts", Ext: ".md", URL: "/\x00/"}},
			lists:      []string{"src/routes/+page.svelte", "src/routes/archive/+page.svelte"},
			listRoutes: []string{"src/routes/category/[name]/+page.svelte"},
		},
		{
			name: "no join: a computed folder, another parameter, a rest parameter, a template that is no import, a glob of another folder, no page component",
			files: map[string]string{
				"src/routes/a/[slug]/+page.svelte":    "",
				"src/routes/a/[slug]/+page.js":        "export const load = ({ params }) => import(`${dir}/${params.slug}.md`)",
				"src/routes/b/[slug]/+page.svelte":    "",
				"src/routes/b/[slug]/+page.js":        "export const load = ({ params }) => import(`../posts/${params.id}.md`)",
				"src/routes/c/[...rest]/+page.svelte": "",
				"src/routes/c/[...rest]/+page.js":     "export const load = ({ params }) => import(`../posts/${params.rest}.md`)",
				"src/routes/d/[slug]/+page.svelte":    "",
				"src/routes/d/[slug]/+page.js":        "export const load = ({ params }) => ({ url: `../posts/${params.slug}.md` })",
				"src/routes/e/[slug]/+page.svelte":    "",
				"src/routes/e/[slug]/+page.js":        "const all = import.meta.glob('/src/drafts/*.md');\nexport const load = ({ params }) => all[`/src/posts/${params.slug}.md`]()",
				"src/routes/f/[slug]/+page.js":        "export const load = ({ params }) => import(`../posts/${params.slug}.md`)",
				"src/routes/g/[slug]/+page.svelte":    "",
				"src/routes/g/[slug]/+page.js":        "export const load = ({ params }) => import(`../../../../../posts/${params.slug}.md`)",
				"src/routes/h/[slug]/+page.svelte":    "",
				"src/routes/h/[slug]/+page.js":        "export const load = ({ params }) => import(`../posts/${params.slug}.json`)",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, data := range tc.files {
				fsys[name] = &fstest.MapFile{Data: []byte(data)}
			}
			got, lists, listRoutes, read := sveltekit.ReadRoutes(fsys, limits.Default)
			if !slices.Equal(got, tc.want) {
				t.Errorf("routes %+v, want %+v", got, tc.want)
			}
			slices.Sort(lists)
			if !slices.Equal(lists, tc.lists) || !slices.Equal(listRoutes, tc.listRoutes) {
				t.Errorf("lists %q and %q, want %q and %q", lists, listRoutes, tc.lists, tc.listRoutes)
			}
			// The first load module of a route is read or looked for (and
			// not there), for watch mode.
			if len(tc.want) > 0 && !slices.Contains(read, tc.want[0].Route+"/+page.js") {
				t.Errorf("read %q, without %s/+page.js", read, tc.want[0].Route)
			}
		})
	}
}

// TestRules: the routes' page components and the Markdown files of a
// route over Markdown are the sources, static/ is copied as it is, and
// the lists found are list pages.
func TestRules(t *testing.T) {
	p := &sveltekit.Preset{
		Markdown:   []sveltekit.MarkdownRoute{{Route: "src/routes/blog/[slug]", Folder: "src/posts", Ext: ".md", URL: "/blog/\x00/"}},
		Lists:      []string{"src/routes/blog/+page.svelte"},
		ListRoutes: []string{"src/routes/tags/[tag]/+page.svelte"},
	}
	r := generator.RulesOf(p)
	wantInclude := []string{"src/routes/**/+page*.svelte", "src/routes/**/+page*.md", "src/routes/**/+page*.svx", "src/posts/*.md"}
	if !slices.Equal(r.Sources.Include, wantInclude) {
		t.Errorf("include %q, want %q", r.Sources.Include, wantInclude)
	}
	if got := r.Sources.Describe(".", "SvelteKit"); got != "src/routes, src/posts (SvelteKit)" {
		t.Errorf("described as %q", got)
	}
	if !slices.Equal(r.Output.StaticFolders, []string{"static"}) {
		t.Errorf("static folders %q", r.Output.StaticFolders)
	}
	if l := r.Pages.Lists; l.Sourced == nil || !l.Sourced("src/routes/blog/+page.svelte") || l.Sourced("src/routes/+page.svelte") ||
		l.Routes == nil || !l.Routes("src/routes/tags/[tag]/+page.svelte") || l.Routes("src/routes/blog/[slug]/+page.svelte") {
		t.Errorf("the lists are not the ones read")
	}
	if r.Hooks.Folder == nil {
		t.Errorf("the preset does not read its folder")
	}
	for rel, read := range map[string]bool{"src/posts/a.md": true, "src/routes/about/+page.md": true, "src/routes/+page.svelte": false, "src/routes/+page.js": false} {
		if got := p.FileRules(rel).Read; got != read {
			t.Errorf("FileRules(%s).Read = %v, want %v", rel, got, read)
		}
	}
}
