package astro

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// routeCase is a source file, the front matter that moves it, and the URL
// path Astro writes it at ("" for none).
type routeCase struct {
	path, slug string
	want       string
}

func checkRoutes(t *testing.T, p generator.Preset, cases []routeCase) {
	t.Helper()
	for _, c := range cases {
		got, ok := p.URLPath(generator.Page{Path: c.path, Slug: c.slug})
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("%s %s (slug %q): %q, want %q", p.Rules().Name, c.path, c.slug, got, c.want)
		}
	}
}

// TestRoutes: src/pages, else SourceDir.
func TestRoutes(t *testing.T) {
	for _, tt := range []struct {
		p   generator.Detected
		dir string
	}{
		{generator.Detected{Gen: Generator{}}, "src"},
		{generator.Detected{SourceDir: "site"}, "site"},
	} {
		pre, dir := Generator{}.Routes(&tt.p)
		if pre.Rules().Name != "astro" || dir != tt.dir {
			t.Errorf("%+v: Routes() = %s, %q; want astro, %q", tt.p, pre.Rules().Name, dir, tt.dir)
		}
	}
}

func TestAstroURLs(t *testing.T) {
	checkRoutes(t, &Preset{Pages: "pages"}, []routeCase{
		{path: "pages/index.astro", want: "/"},
		{path: "pages/about.astro", want: "/about"},
		{path: "pages/blog/index.astro", want: "/blog/"},
		{path: "pages/blog/hello.md", want: "/blog/hello"},
		{path: "pages/blog/hello.mdx", want: "/blog/hello"},
		{path: "pages/blog/[slug].astro", want: ""},
		{path: "pages/[...page].astro", want: ""},
		{path: "pages/rss.xml.js", want: ""},
		{path: "pages/_draft.md", want: ""},
		{path: "components/Card.astro", want: ""},
	})
	a := &Preset{}
	if a.FileRules("pages/about.astro").Reading.Read {
		t.Error("an .astro component's fence is read as front matter")
	}
	if r := a.FileRules("pages/blog/a.md").Reading; !r.Read || !r.Dates {
		t.Error("a Markdown page's front matter is not read")
	}
}

func TestAstroCollections(t *testing.T) {
	route := "---\nexport async function getStaticPaths() {\n  const posts = await getCollection('blog');\n  return posts.map((post) => ({ params: { slug: post.id }, props: post }));\n}\n---\n"
	src := fstest.MapFS{
		"content.config.ts":          {Data: []byte("const blog = defineCollection({\n  loader: glob({ base: './src/content/posts', pattern: '**/*.md' }),\n});\nexport const collections = { blog };\n")},
		"pages/blog/[...slug].astro": {Data: []byte(route)},
		"pages/notes/[id].astro":     {Data: []byte(strings.ReplaceAll(strings.ReplaceAll(route, "'blog'", "'notes'"), "slug:", "id:"))},
		"pages/tags/[tag].astro":     {Data: []byte("---\nconst tags = await getCollection('blog'); params: { tag: t.name }\n---\n")},
		"pages/index.astro":          {Data: []byte("---\n---\n")},
	}
	a := &Preset{Pages: "pages"}
	a.ReadCollections(src, "src")
	want := []Collection{
		{Base: "content/posts", Route: "/blog/", File: "pages/blog/[...slug].astro"},
		{Base: "content/notes", Route: "/notes/", File: "pages/notes/[id].astro"}, // no loader: the older collections' folder
	}
	if !reflect.DeepEqual(a.Collections, want) {
		t.Fatalf("Collections = %+v\nwant %+v", a.Collections, want)
	}
	checkRoutes(t, a, []routeCase{
		{path: "content/posts/first-post.md", want: "/blog/first-post"},
		{path: "content/posts/Second Post!.md", want: "/blog/second-post"},
		{path: "content/posts/2024/trip/index.mdx", want: "/blog/2024/trip"},
		{path: "content/posts/Foo/Index.md", want: "/blog/foo"},
		{path: "content/posts/cafe\u0301.md", want: "/blog/cafe\u0301"},
		{path: "content/posts/custom.md", slug: "elsewhere", want: "/blog/elsewhere"},
		{path: "content/posts/_draft.md", want: ""},
		{path: "content/posts/data.json", want: ""},
		{path: "content/notes/a.md", want: "/notes/a"},
		{path: "pages/blog/[...slug].astro", want: ""},
	})
	if include := a.Rules().Sources.Include; len(include) != 3 {
		t.Errorf("SourceFiles() = %q", include)
	}

	for _, tt := range []struct {
		cfg, srcDir, want string
		ok                bool
	}{
		{"const blog = defineCollection({ schema: z.object({ a: z.string() }), loader: glob({ pattern: '**/*.md', base: './src/data/blog' }) });", "src", "data/blog", true},
		{"const blog = defineCollection({ loader: glob({ base: './content/blog' }) });", "src", "", false}, // outside src
		{"const blog = defineCollection({ loader: glob({ base: 'site/posts' }) });", "site", "posts", true},
		{"const blog = defineCollection({ loader: glob({ base: dir }) });", "src", "", false},
		{"const blog = defineCollection({ type: 'content' });", "src", "content/blog", true},
		{"const other = defineCollection({ loader: glob({ base: './src/x' }) }); const blog = defineCollection({ type: 'content' });", "src", "content/blog", true},
	} {
		if got, ok := collectionBase(tt.cfg, "blog", tt.srcDir); got != tt.want || ok != tt.ok {
			t.Errorf("collectionBase(%q, %q) = %q, %v; want %q, %v", tt.cfg, tt.srcDir, got, ok, tt.want, tt.ok)
		}
	}
}

// TestAstroDataRoutes: a route whose getStaticPaths maps a JSON file of
// the source folder it imports (by a relative path or an alias), or
// returns literals, or goes through a module's constant made so, is a
// data route, its pages built from it and those files; one over a module
// that fetches, a file outside the source folder, or a collection is not,
// nor one whose page's own code reads an entry. ReadFolder names the routes and
// their files, which a watch session builds again on.
func TestAstroDataRoutes(t *testing.T) {
	route := func(imports, body string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("---\n" + imports + "export function getStaticPaths() {\n  " + body + "\n}\nconst { p } = Astro.props;\n---\n<h1>{p.title}</h1>\n")}
	}
	const mapped = "return projects.map((p) => ({ params: { slug: p.slug }, props: { p } }));"
	src := fstest.MapFS{
		"data/projects.json":          {Data: []byte(`[{"slug": "a"}]`)},
		"pages/projects/[slug].astro": route("import projects from '../../data/projects.json';\nimport Layout from '../../layouts/L.astro';\n", mapped),
		"pages/aliased/[slug].astro":  route("import projects from '@data/projects.json';\n", mapped),
		"pages/notes/[note].astro":    route("", "return [{ params: { note: 'a' } }];"),
		"pages/module/[slug].astro":   route("import { projects } from '../../lib/projects';\n", mapped),
		"pages/remote/[slug].astro":   route("import { projects } from '../../lib/remote';\n", mapped),
		"pages/fetched/[slug].astro":  route("", "const r = await fetch('https://api.example/p'); return r.json();"),
		"pages/outside/[slug].astro":  route("import projects from '../../../data.json';\n", mapped),
		"pages/missing/[slug].astro":  route("import projects from '../../data/none.json';\n", mapped),
		"pages/blog/[...slug].astro":  route("import { getCollection } from 'astro:content';\n", "return (await getCollection('blog')).map((post) => ({ params: { slug: post.id } }));"),
		"pages/entry/[id].astro":      {Data: []byte("---\nimport { getEntry } from 'astro:content';\nexport function getStaticPaths() { return [{ params: { id: 'a' } }]; }\nconst entry = await getEntry('blog', Astro.params.id);\n---\n<h1>{entry.data.title}</h1>\n")},
		"pages/nofence/[slug].astro":  {Data: []byte("<h1>no code</h1>\n")},
		"lib/projects.ts":             {Data: []byte("import data from '../data/projects.json';\nexport const projects = data.filter((p) => !p.hidden);\n")},
		"lib/remote.ts":               {Data: []byte("export const projects = await fetch('https://api.example/p');\n")},
		"pages/projects/index.astro":  {Data: []byte("---\n---\n")},
	}
	a := &Preset{Pages: "pages", Aliases: map[string]string{"@data/*": "src/data/*"}}
	a.ReadCollections(src, "src")
	want := map[string][]string{
		"pages/projects/[slug].astro": {"data/projects.json"},
		"pages/aliased/[slug].astro":  {"data/projects.json"},
		"pages/notes/[note].astro":    {},
		"pages/module/[slug].astro":   {"data/projects.json"},
	}
	if !reflect.DeepEqual(a.Data, want) {
		t.Errorf("Data = %q\nwant %q", a.Data, want)
	}
	data := a.Rules().Pages.Data
	if files, ok := data("pages/projects/[slug].astro"); !ok || !slices.Equal(files, []string{"data/projects.json"}) {
		t.Errorf("Data(projects) = %q, %v", files, ok)
	}
	if _, ok := data("pages/entry/[id].astro"); ok {
		t.Error("a route whose page reads an entry of a collection is a data route")
	}
	if _, ok := data("pages/remote/[slug].astro"); ok {
		t.Error("a route over a module that fetches is a data route")
	}
	read := a.ReadFolder(generator.Folder{Settings: src, Content: src, Rel: "src"})
	for _, f := range []string{"pages/projects/[slug].astro", "data/projects.json", "pages/notes/[note].astro", "lib/projects.ts"} {
		if !slices.Contains(read, f) {
			t.Errorf("ReadFolder does not name %s: %q", f, read)
		}
	}
}
