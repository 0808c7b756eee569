package generator

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// routeCase is a source file, the front matter that moves it, and the URL
// path its generator writes it at ("" for none).
type routeCase struct {
	path, slug, id, permalink string
	noPermalink               bool
	want                      string
}

func checkRoutes(t *testing.T, p Preset, cases []routeCase) {
	t.Helper()
	for _, c := range cases {
		got, ok := p.URLPath(Page{Path: c.path, Slug: c.slug, ID: c.id, Permalink: c.permalink, NoPermalink: c.noPermalink})
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("%s %s (slug %q, id %q, permalink %q): %q, want %q", p.Name(), c.path, c.slug, c.id, c.permalink, got, c.want)
		}
	}
}

func TestDocusaurusURLs(t *testing.T) {
	checkRoutes(t, &Docusaurus{Locales: []string{"de"}}, []routeCase{
		{path: "docs/intro.md", want: "/docs/intro"},
		{path: "docs/01-getting-started.md", want: "/docs/getting-started"},
		{path: "docs/02-guides/01-setup.md", want: "/docs/guides/setup"},
		{path: "docs/02-guides/index.md", want: "/docs/guides/"},
		{path: "docs/guides/guides.mdx", want: "/docs/guides/"},
		{path: "docs/guides/README.md", want: "/docs/guides/"},
		{path: "docs/index.md", want: "/docs/"},
		{path: "docs/2021-01-31-notes.md", want: "/docs/2021-01-31-notes"}, // a date is no order prefix
		{path: "docs/2-3-steps.md", want: "/docs/2-3-steps"},               // nor a version
		{path: "docs/1.5-foo.md", want: "/docs/1.5-foo"},
		{path: "docs/3 - setup.md", want: "/docs/setup"},
		{path: "docs/4--.md", want: "/docs/4--"},
		{path: "docs/02-guides/config.md", id: "configuration", want: "/docs/guides/configuration"},
		{path: "docs/02-guides/deploy.mdx", slug: "/deploying", want: "/docs/deploying"},
		{path: "docs/02-guides/renamed.md", slug: "moved-here", want: "/docs/guides/moved-here"},
		{path: "docs/02-guides/index.md", slug: "all", want: "/docs/guides/all"},
		{path: "docs/_partial.md", want: ""},
		{path: "docs/_drafts/a.md", want: ""},
		{path: "docs/img/logo.png", want: ""},
		{path: "blog/2024-01-15-hello.md", want: "/blog/2024/01/15/hello"},
		{path: "blog/2024-02-20-second-post/index.md", want: "/blog/2024/02/20/second-post"},
		{path: "blog/2024-03-05-third.md", slug: "third-custom", want: "/blog/third-custom"},
		{path: "blog/plain.md", want: "/blog/plain"},
		{path: "blog/authors.yml", want: ""},
		{path: "src/pages/index.js", want: "/"},
		{path: "src/pages/about.md", want: "/about"},
		{path: "src/pages/contact/index.md", want: "/contact/"},
		{path: "src/pages/_partial.md", want: ""},
		{path: "src/pages/styles.module.css", want: ""},
		{path: "src/pages/a.test.js", want: ""},
		{path: "i18n/de/docusaurus-plugin-content-docs/current/intro.md", want: "/de/docs/intro"},
		{path: "i18n/de/docusaurus-plugin-content-blog/2024-01-15-hello.md", want: "/de/blog/2024/01/15/hello"},
		{path: "i18n/de/docusaurus-plugin-content-pages/about.md", want: "/de/about"},
		{path: "i18n/de/code.json", want: ""},
		{path: "i18n/de/docusaurus-theme-classic/navbar.json", want: ""},
	})
	checkRoutes(t, &Docusaurus{DocsBase: "/", BlogBase: "/news"}, []routeCase{
		{path: "docs/intro.md", want: "/intro"},
		{path: "docs/index.md", want: "/"},
		{path: "blog/2024-01-15-hello.md", want: "/news/2024/01/15/hello"},
	})
	checkRoutes(t, &Docusaurus{Versions: []string{"2.0", "1.0"}, Locales: []string{"de"}}, []routeCase{
		{path: "docs/intro.md", want: "/docs/next/intro"},
		{path: "versioned_docs/version-2.0/intro.md", want: "/docs/intro"},
		{path: "versioned_docs/version-1.0/intro.md", want: "/docs/1.0/intro"},
		{path: "versioned_docs/version-0.9/intro.md", want: ""}, // not a version of versions.json
		{path: "i18n/de/docusaurus-plugin-content-docs/current/intro.md", want: "/de/docs/next/intro"},
		{path: "i18n/de/docusaurus-plugin-content-docs/version-1.0/intro.md", want: "/de/docs/1.0/intro"},
		{path: "blog/2024-01-15-hello.md", want: "/blog/2024/01/15/hello"},
	})
	d := &Docusaurus{Locales: []string{"de", "pt-BR"}}
	for in, want := range map[string]string{"/de/docs/intro": "/docs/intro", "/pt-BR/": "/", "/de": "/", "/docs/intro": "", "/dev/x": ""} {
		if got, _ := d.FallbackURL(in); got != want {
			t.Errorf("FallbackURL(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAstroURLs(t *testing.T) {
	checkRoutes(t, &Astro{Pages: "pages"}, []routeCase{
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
	a := &Astro{}
	if a.FrontMatter("pages/about.astro").Read {
		t.Error("an .astro component's fence is read as front matter")
	}
	if r := a.FrontMatter("pages/blog/a.md"); !r.Read || !r.Dates {
		t.Error("a Markdown page's front matter is not read")
	}
}

func TestSphinxURLs(t *testing.T) {
	checkRoutes(t, Sphinx{}, []routeCase{
		{path: "index.rst", want: "/index.html"},
		{path: "guide/setup.rst", want: "/guide/setup.html"},
		{path: "notes.md", want: "/notes.html"},
		{path: "requirements.txt", want: ""},
		{path: "_templates/page.rst", want: ""},
		{path: "conf.py", want: ""},
	})
}

func TestProjectRoutes(t *testing.T) {
	for _, tt := range []struct {
		p    Project
		name string
		dir  string
	}{
		{Project{Generator: "docusaurus", Locales: []string{"de"}}, "docusaurus", "."},
		{Project{Generator: "astro"}, "astro", "src"},
		{Project{Generator: "astro", SourceDir: "site"}, "astro", "site"},
		{Project{Generator: "sphinx", File: "docs/source/conf.py"}, "sphinx", "docs/source"},
		{Project{Generator: "sphinx", File: "conf.py"}, "sphinx", "."},
		{Project{Generator: "hugo", SourceDir: "content"}, "", ""},
		{Project{Generator: "pelican"}, "", ""},
	} {
		pre, dir := tt.p.Routes()
		name := ""
		if pre != nil {
			name = pre.Name()
		}
		if name != tt.name || dir != tt.dir {
			t.Errorf("%+v: Routes() = %s, %q; want %s, %q", tt.p, name, dir, tt.name, tt.dir)
		}
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
	a := &Astro{Pages: "pages"}
	a.ReadCollections(src, "src")
	want := []AstroCollection{
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
	if include, _ := a.SourceFiles(); len(include) != 3 {
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
