package next

import (
	"io/fs"
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
// it finds is a folder in the project with a Markdown extension.
func FuzzMarkdownRoutes(f *testing.F) {
	f.Add([]byte("import { entries } from '../lib/m';\nexport const getStaticPaths = async () => ({ paths: entries('posts').map((e) => ({ params: { post: e.name } })) });"),
		[]byte("export function entries(dir) { return fs.readdirSync(path.join(process.cwd(), dir)).map((f) => f.replace(/\\.mdx?$/, '')) }"))
	f.Add([]byte("import * as m from '../lib/m'\nexport async function getStaticPaths() { return { paths: m.ids() } }"),
		[]byte("const d = join(process.cwd(), 'a', 'b')\nexport const ids = () => readdirSync(d).map((f) => ({ params: { post: f.replace('.md', '') } }))"))
	f.Fuzz(func(t *testing.T, route, helper []byte) {
		defer fuzzbound.Check(t)()
		fsys := fstest.MapFS{"pages/[post].tsx": {Data: route}, "lib/m.ts": {Data: helper}}
		got, _ := ReadMarkdownRoutes(fsys, limits.Default)
		for _, r := range got {
			if !fs.ValidPath(r.Folder) || r.Folder == "." || len(r.Exts) == 0 || r.URL != "/"+paramMark {
				t.Fatalf("route %+v", r)
			}
		}
	})
}
