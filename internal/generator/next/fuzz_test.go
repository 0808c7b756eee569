package next

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsfuzz"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// FuzzProject checks Next.js's reader of next.config.js, with the
// arguments of a script running `next export` from the same data (see
// package jsfuzz).
func FuzzProject(f *testing.F) {
	jsfuzz.Fuzz(f, func(data []byte) []jsfuzz.Read {
		p := project("a.js", data, [][]string{strings.Fields(string(data))}, limits.Default)
		return []jsfuzz.Read{{BaseURL: p.BaseURL, Notes: p.Notes}}
	})
}

// FuzzMarkdownRoutes checks the reader of a route's code and of the
// helper module it imports: any code reads without a panic, and a route
// it finds is a folder in the project with a Markdown extension; read as
// a page or a route of list pages over another route's folder, it is
// that page or that route.
func FuzzMarkdownRoutes(f *testing.F) {
	f.Add([]byte("import { entries } from '../lib/m';\nexport const getStaticPaths = async () => ({ paths: entries('posts').map((e) => ({ params: { post: e.name } })) });"),
		[]byte("export function entries(dir) { return fs.readdirSync(path.join(process.cwd(), dir)).map((f) => f.replace(/\\.mdx?$/, '')) }"))
	f.Add([]byte("import * as m from '../lib/m'\nexport async function getStaticPaths() { return { paths: m.ids() } }"),
		[]byte("const d = join(process.cwd(), 'a', 'b')\nexport const ids = () => readdirSync(d).map((f) => ({ params: { post: f.replace('.md', '') } }))"))
	// A tag route over the posts' tags; a page that reads the file its
	// parameter names (issue 86).
	f.Add([]byte("import { entries } from '../lib/m';\nexport const getStaticPaths = async () => ({ paths: [...new Set(entries('posts').flatMap((e) => e.tags))].map((tag) => ({ params: { post: tag } })) });\nexport const getStaticProps = async ({ params }) => ({ props: { posts: entries('posts').filter((e) => e.tags.includes(params.post)) } });"),
		[]byte("export function entries(dir) { return fs.readdirSync(path.join(process.cwd(), dir)).map((f) => ({ name: f.replace(/\\.md$/, ''), tags: [] })) }"))
	f.Add([]byte("import { all, one } from '../lib/m'\nexport async function getStaticProps({ params }) { const { post } = params; return { props: one(post, []) } }\nexport async function getStaticPaths() { return { paths: all().map((p) => ({ params: { post: p.slug } })) } }"),
		[]byte("const d = join(process.cwd(), 'posts')\nexport function one(slug, fields = []) { const real = slug.replace(/\\.md$/, ''); const full = join(d, `${real}.md`); return readFileSync(full, 'utf8') }\nexport function all() { return readdirSync(d).map((s) => one(s)) }"))
	// A list page that sorts newest first and shows the first three: a
	// cut, which its code does not date (issue 86).
	f.Add([]byte("import { entries } from '../lib/m';\nexport const getStaticProps = async () => ({ props: { posts: entries('posts').sort((a, b) => new Date(b.date).getTime() - new Date(a.date).getTime()).slice(0, 3) } });"),
		[]byte("export function entries(dir) { return fs.readdirSync(path.join(process.cwd(), dir)).filter((f) => f.endsWith('.md')).map((f) => ({ name: f.replace(/\\.md$/, ''), date: '' })) }"))
	f.Fuzz(func(t *testing.T, route, helper []byte) {
		defer fuzzbound.Check(t)()
		fsys := fstest.MapFS{"pages/[post].tsx": {Data: route}, "lib/m.ts": {Data: helper}}
		got, _ := ReadMarkdownRoutes(fsys, limits.Default)
		for _, r := range got {
			if !fs.ValidPath(r.Folder) || r.Folder == "." || len(r.Exts) == 0 || r.URL != "/"+paramMark {
				t.Fatalf("route %+v", r)
			}
		}
		other := []MarkdownRoute{{File: "pages/notes/[note].tsx", Folder: "posts", Exts: []string{".md"}, URL: "/notes/" + paramMark}}
		// The same code as a page without a parameter: a list, and
		// which of the posts it shows.
		fsys["pages/index.tsx"] = &fstest.MapFile{Data: route}
		l, _ := ListingPages(fsys, limits.Default, other)
		if len(l.Routes) > 1 || len(l.Routes) == 1 && l.Routes[0] != "pages/[post].tsx" || len(l.Pages) > 1 || len(l.Pages) == 1 && l.Pages[0] != "pages/index.tsx" {
			t.Fatalf("list pages %+v", l)
		}
		for page, folder := range l.Newest {
			if !slices.Contains(l.Pages, page) || folder != "posts" {
				t.Fatalf("newest %q of %s, list pages %q", page, folder, l.Pages)
			}
		}
	})
}
