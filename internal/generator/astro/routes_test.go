package astro

import (
	"fmt"
	"maps"
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
		{Base: "content/posts", Route: "/blog/[...slug]", Params: idParam("slug"), File: "pages/blog/[...slug].astro"},
		// No loader: the older collections' folder, whose entries' ids
		// are their files' paths.
		{Base: "content/notes", Route: "/notes/[id]", Params: idParam("id"), File: "pages/notes/[id].astro", Legacy: true},
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
		{path: "content/notes/a.md", want: "/notes/a.md"},
		{path: "pages/blog/[...slug].astro", want: ""},
	})
	if include := a.Rules().Sources.Include; len(include) != 3 {
		t.Errorf("SourceFiles() = %q", include)
	}

	for _, tt := range []struct {
		cfg, srcDir, want string
		legacy, ok        bool
	}{
		{"const blog = defineCollection({ schema: z.object({ a: z.string() }), loader: glob({ pattern: '**/*.md', base: './src/data/blog' }) });", "src", "data/blog", false, true},
		{"const blog = defineCollection({ loader: glob({ base: './content/blog' }) });", "src", "", false, false}, // outside src
		{"const blog = defineCollection({ loader: glob({ base: 'site/posts' }) });", "site", "posts", false, true},
		{"const blog = defineCollection({ loader: glob({ base: dir }) });", "src", "", false, false},
		{"const blog = defineCollection({ type: 'content' });", "src", "content/blog", true, true},
		{"const other = defineCollection({ loader: glob({ base: './src/x' }) }); const blog = defineCollection({ type: 'content' });", "src", "content/blog", true, true},
	} {
		if got, legacy, ok := collectionBase(tt.cfg, "blog", tt.srcDir); got != tt.want || legacy != tt.legacy || ok != tt.ok {
			t.Errorf("collectionBase(%q, %q) = %q, %v, %v; want %q, %v, %v", tt.cfg, tt.srcDir, got, legacy, ok, tt.want, tt.legacy, tt.ok)
		}
	}
}

// idParam is the parameter name given the entry's id.
func idParam(name string) map[string]Param { return map[string]Param{name: {Field: "id"}} }

// TestAstroParamRoutes: a route with parameters in its folders
// ([...lang]/guides/[slug].astro, i18n routing) whose getStaticPaths
// gives each entry's parameters from its id, split at ".", its data, or
// its id with a part replaced, publishes each entry at the page those
// make, as Astro builds it: building-an-astro-app.en.md (its id, in a
// collection without a loader) at /en/guides/building-an-astro-app.
// A route whose page's own code reads the collection, one page a
// language, lists the entries; one whose parameters are not all made of
// the entry joins none (issue 97, item 10).
func TestAstroParamRoutes(t *testing.T) {
	fence := func(imports, body, page string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("---\nimport { getCollection } from 'astro:content';\n" + imports + body + "\n" + page + "---\n<h1>x</h1>\n")}
	}
	byEntry := func(coll, params string) string {
		return "export async function getStaticPaths() {\n  const all = await getCollection('" + coll + "', (g) => !g.data.draft);\n" +
			"  return all.flatMap((guide) => ({ props: { guide }, params: {" + params + "} }));\n}\n"
	}
	src := fstest.MapFS{
		"content.config.ts": {Data: []byte("const guides = defineCollection({ type: 'content', schema: z.object({}) });\n" +
			"const legal = defineCollection({ type: 'content' });\n" +
			"const posts = defineCollection({ loader: glob({ base: './src/content/posts' }) });\n")},
		"pages/[...lang]/guides/[slug].astro":   fence("", byEntry("guides", `lang: guide.id.split(".")[1], slug: guide.id.split(".")[0]`), ""),
		"pages/[...lang]/legal/[...slug].astro": fence("", byEntry("legal", `lang: guide.data.lang, slug: guide.id.replace(/\/[^/]+$/, "")`), ""),
		"pages/p/[year]/[id].astro":             fence("", byEntry("posts", `year: guide.data.year, id: guide.id.toLowerCase()`), ""),
		"pages/[...lang]/guides/index.astro": fence("", "export const getStaticPaths = () => {\n  return ['en', 'es'].map((lang) => ({ params: { lang } }));\n};\n",
			"const guides = await getCollection('guides', (g) => g.id.endsWith(`${Astro.params.lang}.md`));\n"),
		"pages/[...lang]/other/[slug].astro": fence("", byEntry("guides", `lang: 'en', slug: guide.id`), ""),
		"pages/[...lang]/two/[slug].astro":   fence("", byEntry("guides", `lang: a.id, slug: guide.id`), ""),
	}
	a := &Preset{Pages: "pages"}
	a.ReadCollections(src, "src")
	got := map[string]string{}
	for _, c := range a.Collections {
		var ps []string
		for _, n := range slices.Sorted(maps.Keys(c.Params)) {
			ps = append(ps, n+"="+c.Params[n].String())
		}
		got[c.File] = fmt.Sprintf("%s %s %v %v %s", c.Base, c.Route, c.Legacy, c.Drafts, strings.Join(ps, " "))
	}
	want := map[string]string{
		"pages/[...lang]/guides/[slug].astro":   `content/guides /[...lang]/guides/[slug] true true lang=id.split(".")[1] slug=id.split(".")[0]`,
		"pages/[...lang]/legal/[...slug].astro": `content/legal /[...lang]/legal/[...slug] true true lang=data.lang slug=id.replace(/\/[^/]+$/, "")`,
		"pages/p/[year]/[id].astro":             `content/posts /p/[year]/[id] false true id=id.toLowerCase() year=data.year`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Collections:\n%q\nwant\n%q", got, want)
	}
	if !slices.Equal(a.Shows, []string{"pages/[...lang]/guides/index.astro"}) {
		t.Errorf("Shows = %q", a.Shows)
	}
	for _, c := range []struct {
		path  string
		terms map[string][]string
		want  string
	}{
		{path: "content/guides/building-an-astro-app.en.md", want: "/en/guides/building-an-astro-app"},
		{path: "content/guides/setup.es.md", want: "/es/guides/setup"},
		{path: "content/guides/nolang.md", want: "/md/guides/nolang"}, // "nolang.md".split(".")[1] is "md"
		{path: "content/guides/a.b.c.md", want: "/b/guides/a"},
		{path: "content/legal/box-wallet/privacy-policy/en.md", terms: map[string][]string{"lang": {"en"}}, want: "/en/legal/box-wallet/privacy-policy"},
		{path: "content/legal/box-wallet/privacy-policy/es.md", want: "/legal/box-wallet/privacy-policy"}, // no lang: the rest parameter is left out
		{path: "content/legal/top.md", terms: map[string][]string{"lang": {"en"}}, want: "/en/legal/top.md"},
		{path: "content/posts/Hello World.md", terms: map[string][]string{"year": {"2024"}}, want: "/p/2024/hello-world"},
		{path: "content/posts/no-year.md", want: ""},                                                   // [year] undefined
		{path: "content/posts/two.md", terms: map[string][]string{"year": {"2024", "2025"}}, want: ""}, // a list
		{path: "content/posts/slash.md", terms: map[string][]string{"year": {"2024/x"}}, want: ""},     // "/" in [year]
		{path: "pages/[...lang]/guides/[slug].astro", want: ""},
	} {
		got, ok := a.URLPath(generator.Page{Path: c.path, Terms: c.terms})
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("%s %v: %q, want %q", c.path, c.terms, got, c.want)
		}
	}
	if terms := a.FileRules("content/legal/a/en.md").Terms; !slices.Equal(terms, []string{"lang"}) {
		t.Errorf("the legal entries' keys read: %q", terms)
	}
	if lists := a.Rules().Pages.Lists.Routes; lists == nil || !lists("pages/[...lang]/guides/index.astro") || lists("pages/[...lang]/guides/[slug].astro") {
		t.Error("the route whose page reads the collection is not a list, or the entries' route is")
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
