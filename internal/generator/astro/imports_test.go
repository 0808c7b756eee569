package astro

import (
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// helperRoute is a route that reaches its collection through a function
// it imports, as blog themes write it.
const helperRoute = `---
import type { GetStaticPaths } from 'astro';
import Layout from '../../layouts/Post.astro';
import { getAllPosts, sortByDate as sorted } from 'SPEC';
export const getStaticPaths = (async () => {
  const posts = sorted(await getAllPosts());
  return posts.map((post) => ({ params: { slug: post.id }, props: { post } }));
}) satisfies GetStaticPaths;
---
`

// postModule reads two collections, each in its own function.
const postModule = `import { getCollection } from 'astro:content';

/** The posts, drafts only in the dev server. */
export async function getAllPosts() {
  return await getCollection('post', ({ data }) => (import.meta.env.PROD ? !data.draft : true));
}

export const getAllTags = async () => (await getCollection('tag')).map((t) => t.id);

export function sortByDate(posts) { return posts; }
`

// TestAstroCollectionsThroughHelper: a route whose getStaticPaths calls
// a function of a module it imports (by a relative path, an alias of
// tsconfig.json, one level deep) publishes the one collection that
// function reads; drafts are left out when the call filters on draft.
// Before, such a route was not joined (issue 55, item 4).
func TestAstroCollectionsThroughHelper(t *testing.T) {
	cfg := "const post = defineCollection({ loader: glob({ base: './src/content/post', pattern: '**/*.md' }) });\n"
	for _, tt := range []struct {
		name, spec string
		aliases    map[string]string
		module     string // the helper's file in src
		want       []Collection
	}{
		{name: "relative", spec: "../../data/post", module: "data/post.ts",
			want: []Collection{{Base: "content/post", Route: "/posts/[...slug]", Params: idParam("slug"), File: "pages/posts/[...slug].astro", Module: "data/post.ts", Drafts: true}}},
		{name: "alias with a star", spec: "@/data/post", aliases: map[string]string{"@/*": "src/*"}, module: "data/post.ts",
			want: []Collection{{Base: "content/post", Route: "/posts/[...slug]", Params: idParam("slug"), File: "pages/posts/[...slug].astro", Module: "data/post.ts", Drafts: true}}},
		{name: "alias of a folder's index", spec: "@data", aliases: map[string]string{"@data": "src/data", "@/*": "src/*"}, module: "data/index.ts",
			want: []Collection{{Base: "content/post", Route: "/posts/[...slug]", Params: idParam("slug"), File: "pages/posts/[...slug].astro", Module: "data/index.ts", Drafts: true}}},
		{name: "no such alias", spec: "@/data/post", module: "data/post.ts"},
		{name: "a package", spec: "blog-kit", module: "data/post.ts"},
		{name: "an alias out of the source folder", spec: "@lib/post", aliases: map[string]string{"@lib/*": "lib/*"}, module: "data/post.ts"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := fstest.MapFS{
				"content.config.ts":           {Data: []byte(cfg)},
				"pages/posts/[...slug].astro": {Data: []byte(replaceSpec(helperRoute, tt.spec))},
				tt.module:                     {Data: []byte(postModule)},
			}
			a := &Preset{Pages: "pages", Aliases: tt.aliases}
			files := a.ReadFolder(generator.Folder{Settings: src, Rel: "src", Limits: limits.Default})
			if !reflect.DeepEqual(a.Collections, tt.want) {
				t.Fatalf("Collections = %+v\nwant %+v", a.Collections, tt.want)
			}
			if tt.want != nil {
				if files[len(files)-1] != tt.module {
					t.Errorf("ReadRoutes' files %q do not end with the helper %s", files, tt.module)
				}
				checkRoutes(t, a, []routeCase{
					{path: "content/post/lamp-oil.md", want: "/posts/lamp-oil"},
					{path: "content/post/notes/Glass Chimney.md", want: "/posts/notes/glass-chimney"},
				})
				if r := a.FileRules("content/post/ideas.md").Reading; !r.Drafts || !r.Dates {
					t.Errorf("FrontMatter of an entry = %+v: drafts filtered out are not said", r)
				}
			}
		})
	}

	// The page's own code after getStaticPaths calls another function
	// of the module, over another collection (its tags: the
	// astro-erudite template's authors, found by the corpus): the route
	// is still the one collection getStaticPaths reads.
	{
		route := replaceSpec(helperRoute, "../../data/post")
		route = route[:len(route)-len("---\n")] + "import { getAllTags } from '../../data/post';\nconst tags = await getAllTags();\n---\n"
		src := fstest.MapFS{
			"content.config.ts":           {Data: []byte(cfg)},
			"pages/posts/[...slug].astro": {Data: []byte(route)},
			"data/post.ts":                {Data: []byte(postModule)},
		}
		a := &Preset{Pages: "pages"}
		a.ReadCollections(src, "src")
		if len(a.Collections) != 1 || a.Collections[0].Base != "content/post" {
			t.Errorf("a route whose page reads another collection: Collections = %+v, want content/post's", a.Collections)
		}
	}
	// A function that reads two collections, or none: not joined.
	for _, mod := range []string{
		"export async function getAllPosts() { const a = await getCollection('post'); const b = await getCollection('note'); return [...a, ...b]; }\n",
		"export async function getAllPosts() { return []; }\n",
	} {
		src := fstest.MapFS{
			"content.config.ts":           {Data: []byte(cfg)},
			"pages/posts/[...slug].astro": {Data: []byte(replaceSpec(helperRoute, "../../data/post"))},
			"data/post.ts":                {Data: []byte(mod)},
		}
		a := &Preset{Pages: "pages"}
		a.ReadCollections(src, "src")
		if a.Collections != nil {
			t.Errorf("%q: Collections = %+v, want none", mod, a.Collections)
		}
	}
	// params from post.slug (Astro 4's collections, defined without a
	// loader) is the entry's slug, the id a glob loader gives; a value
	// computed otherwise is not known.
	legacy := "const post = defineCollection({ type: 'content' });\n"
	for params, want := range map[string]string{
		"slug: entry.slug":                    "/posts/hello-world",
		"slug: entry.id":                      "/posts/Hello World.md",
		"slug: slugify(entry.data.permalink)": "",
		"slug: `${entry.id}`":                 "",
	} {
		code := "---\nexport async function getStaticPaths() {\n  return (await getCollection('post')).map((entry) => ({ params: { " + params + " } }));\n}\n---\n"
		a := &Preset{Pages: "pages"}
		a.ReadCollections(fstest.MapFS{"content.config.ts": {Data: []byte(legacy)}, "pages/posts/[...slug].astro": {Data: []byte(code)}}, "src")
		got, _ := a.URLPath(generator.Page{Path: "content/post/Hello World.md"})
		if got != want {
			t.Errorf("params { %s }: %q, want %q", params, got, want)
		}
	}
}

func replaceSpec(route, spec string) string {
	out := []byte{}
	for i := 0; i < len(route); i++ {
		if route[i:min(i+4, len(route))] == "SPEC" {
			out = append(out, spec...)
			i += 3
			continue
		}
		out = append(out, route[i])
	}
	return string(out)
}

// TestTSConfigPaths: compilerOptions.paths of a tsconfig.json with
// comments and trailing commas, below baseUrl.
func TestTSConfigPaths(t *testing.T) {
	for _, tt := range []struct {
		data string
		want map[string]string
	}{
		{`{
  // Astro's base
  "extends": "astro/tsconfigs/strict",
  "compilerOptions": {
    /* aliases */
    "baseUrl": ".",
    "paths": { "@/*": ["src/*"], "@utils": ["src/utils/index.ts",], },
  },
}`, map[string]string{"@/*": "src/*", "@utils": "src/utils/index.ts"}},
		{`{"compilerOptions": {"baseUrl": "src", "paths": {"~/*": ["./*"], "@x/*": ["../../x/*"]}}}`, map[string]string{"~/*": "src/*"}},
		{`{"compilerOptions": {"paths": {"a//b/*": ["s/*"]}}}`, map[string]string{"a//b/*": "s/*"}}, // "//" in a string is no comment
		{`{"extends": "astro/tsconfigs/base"}`, nil},
		{`{"compilerOptions": `, nil},
		{`/* unclosed`, nil},
	} {
		if got := tsconfigPaths([]byte(tt.data)); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("tsconfigPaths(%q) = %v, want %v", tt.data, got, tt.want)
		}
	}
	aliases := map[string]string{"@/*": "src/*", "@/data/*": "src/lib/data/*", "@utils": "src/utils"}
	for spec, want := range map[string]string{"@/a/b": "src/a/b", "@/data/post": "src/lib/data/post", "@utils": "src/utils", "@utils/x": "", "react": ""} {
		if got, _ := alias(aliases, spec); got != want {
			t.Errorf("alias(%q) = %q, want %q", spec, got, want)
		}
	}
}
