package next

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestNamesWork: the reading of a route's names is linear in the size of
// its code. A chain of calls, .filter(a) after .filter(a), made each
// call read the whole chain before it, and each of those reads trimmed
// the rest again: a 20 KB route took 26 seconds (issue 86). The work is
// counted in tokens visited (nameFacts.steps), at two sizes: it stays
// within a few times the tokens read, and grows as they do.
func TestNamesWork(t *testing.T) {
	const list = "fs.readdirSync(path.join(process.cwd(), 'posts')).map((f) => f.replace(/\\.md$/, ''))"
	for _, tc := range []struct {
		name string
		code func(n int) string // getStaticPaths' body, its list of names in xs
	}{
		{"a chain of filter calls", func(n int) string {
			return "const xs = " + list + strings.Repeat(".filter(a)", n)
		}},
		{"a chain of map calls", func(n int) string {
			return "const xs = " + list + strings.Repeat(".map((x) => x)", n)
		}},
		{"a chain of sorts and cuts", func(n int) string {
			return "const xs = " + list + strings.Repeat(".sort().slice(1)!", n)
		}},
		{"a chain of assignments", func(n int) string {
			var b strings.Builder
			for i := range n {
				fmt.Fprintf(&b, "a%d = ", i)
			}
			return "let " + b.String() + "xs = " + list
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			perToken := map[int]float64{}
			for _, n := range []int{1000, 2000} {
				src := "import fs from 'fs'\nimport path from 'path'\nexport async function getStaticPaths() {\n  " + tc.code(n) +
					"\n  return { paths: xs.map((slug) => ({ params: { slug } })), fallback: false }\n}\n"
				r := newCodeReader(fstest.MapFS{"pages/[slug].tsx": {Data: []byte(src)}}, limits.Default)
				m := r.module("pages/[slug].tsx")
				d, ok := m.Exported("getStaticPaths")
				if !ok {
					t.Fatalf("no getStaticPaths read in %d bytes", len(src))
				}
				scopes := r.reach(m, d, 1)
				if !givesNames(scopes, "slug") {
					t.Errorf("n=%d: the route does not give slug a file's name", n)
				}
				f := newNameFacts(scopes)
				f.learnAll(brackets{})
				perToken[n] = float64(f.steps) / float64(len(m.Toks))
				if perToken[n] > 40 {
					t.Errorf("n=%d: %d steps for %d tokens (%d bytes), want 40 a token at most", n, f.steps, len(m.Toks), len(src))
				}
			}
			if perToken[2000] > perToken[1000]*1.2 {
				t.Errorf("the steps a token grow with the code: %.1f at 1000, %.1f at 2000", perToken[1000], perToken[2000])
			}
			t.Logf("steps a token: %.1f, %.1f", perToken[1000], perToken[2000])
		})
	}
}
