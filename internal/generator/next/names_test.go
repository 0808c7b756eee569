package next

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestNamesWork: the reading of a route's names, and of a list page's
// lists, is linear in the size of its code. A chain of calls,
// .filter(a) after .filter(a), made each call read the whole chain
// before it, and each of those reads trimmed the rest again: a 20 KB
// route took 26 seconds (issue 86). The work is counted in tokens
// visited (nameFacts.steps), at two sizes: it stays within a few times
// the tokens read, and grows as they do.
func TestNamesWork(t *testing.T) {
	const (
		names   = "fs.readdirSync(path.join(process.cwd(), 'posts')).map((f) => f.replace(/\\.md$/, ''))"
		entries = "fs.readdirSync(path.join(process.cwd(), 'posts')).map((f) => ({ name: f.replace(/\\.md$/, ''), date: '', tags: [] }))"
	)
	// The route's getStaticPaths, its names in xs; a page's
	// getStaticProps, its posts in xs.
	route := func(code string) string {
		return "export async function getStaticPaths() {\n  " + code + "\n  return { paths: xs.map((slug) => ({ params: { slug } })), fallback: false }\n}\n"
	}
	page := func(code string) string {
		return "export async function getStaticProps() {\n  " + code + "\n  return { props: { xs } }\n}\n"
	}
	gives := func(scopes []*scope) (*nameFacts, bool) {
		f := newNameFacts(scopes)
		f.learnAll(brackets{})
		return f, givesNames(scopes, "slug")
	}
	for _, tc := range []struct {
		name string
		code func(n int) string // a route's or a page's code
		read func([]*scope) (*nameFacts, bool)
		want bool
	}{
		{"a chain of filter calls", func(n int) string {
			return route("const xs = " + names + strings.Repeat(".filter(a)", n))
		}, gives, true},
		{"a chain of map calls", func(n int) string {
			return route("const xs = " + names + strings.Repeat(".map((x) => x)", n))
		}, gives, true},
		{"a chain of sorts and cuts", func(n int) string {
			return route("const xs = " + names + strings.Repeat(".sort().slice(1)!", n))
		}, gives, true},
		{"a chain of assignments", func(n int) string {
			var b strings.Builder
			for i := range n {
				fmt.Fprintf(&b, "a%d = ", i)
			}
			return route("let " + b.String() + "xs = " + names)
		}, gives, true},
		{"a page's cuts of each post", func(n int) string {
			return page("const xs = " + entries + strings.Repeat(".map((p) => ({ ...p, day: p.date.slice(0, 10) }))", n))
		}, func(scopes []*scope) (*nameFacts, bool) {
			f := newEntryFacts(scopes)
			return f, f.showsAll()
		}, true},
		{"a page's cuts in one callback", func(n int) string {
			return page("const xs = " + entries + "\n  const days = xs.map((p) => p.date" + strings.Repeat(".slice(0, 10)", n) + ")")
		}, func(scopes []*scope) (*nameFacts, bool) {
			f := newEntryFacts(scopes)
			return f, f.showsAll()
		}, true},
		{"a page's finds in each post", func(n int) string {
			return page("const xs = " + entries + strings.Repeat(".map((p) => ({ ...p, tag: p.tags.find((t) => t) }))", n))
		}, func(scopes []*scope) (*nameFacts, bool) {
			f := newEntryFacts(scopes)
			return f, f.picksOne("pages/[slug].tsx")
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			perToken := map[int]float64{}
			for _, n := range []int{1000, 2000} {
				src := "import fs from 'fs'\nimport path from 'path'\n" + tc.code(n)
				r := newCodeReader(fstest.MapFS{"pages/[slug].tsx": {Data: []byte(src)}}, limits.Default)
				m := r.module("pages/[slug].tsx")
				d, ok := m.Exported("getStaticPaths")
				if !ok {
					d, ok = m.Exported("getStaticProps")
				}
				if !ok {
					t.Fatalf("no getStaticPaths or getStaticProps read in %d bytes", len(src))
				}
				f, got := tc.read(r.reach(m, d, 1))
				if got != tc.want {
					t.Errorf("n=%d: the reading says %v, want %v", n, got, tc.want)
				}
				perToken[n] = float64(f.steps) / float64(len(m.Toks))
				if perToken[n] > 40 {
					t.Errorf("n=%d: %d steps for %d tokens (%d bytes), want 40 a token at most", n, f.steps, len(m.Toks), len(src))
				}
			}
			if perToken[2000] > perToken[1000]*1.2 {
				t.Errorf("the steps a token grow with the code: %.1f at 1000, %.1f at 2000", perToken[1000], perToken[2000])
			}
		})
	}
}
