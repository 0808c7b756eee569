package nuxt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsfuzz"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// FuzzProject checks Nuxt's reader of nuxt.config.ts (see package
// jsfuzz).
func FuzzProject(f *testing.F) {
	jsfuzz.Fuzz(f, func(data []byte) []jsfuzz.Read {
		p := project("a.js", data, func(string) (string, bool) { return "", false }, limits.Default)
		return []jsfuzz.Read{{BaseURL: p.BaseURL, Notes: p.Notes}}
	})
}

// FuzzCollections checks the reader of content.config.ts (see package
// jsfuzz): no panic, notes of lines the file has, and each page
// collection it takes a valid glob below content/ with a prefix that is
// a path, whose files' paths are paths.
func FuzzCollections(f *testing.F) {
	f.Add([]byte("export default defineContentConfig({ collections: { content: defineCollection({ type: 'page', source: '**/*.md' }) } })"))
	f.Add([]byte("export default defineContentConfig({ collections: {\n  guide: defineCollection({ type: 'page', source: { include: './docs/**/*.md', prefix: '/guide', exclude: ['docs/_*.md'] } }),\n  data: defineCollection({ type: 'data', source: 'd/*.yml' }),\n  remote: defineCollection({ source: { repository: 'https://x', include: '*.md' } }),\n} })"))
	jsfuzz.Fuzz(f, func(data []byte) []jsfuzz.Read {
		cols, _, notes := collectionsOf("a.js", data, limits.Default)
		for _, c := range cols {
			if c.Include == "" || !doublestar.ValidatePattern(c.Include) {
				panic(fmt.Sprintf("collection %+v: include", c))
			}
			for _, rel := range []string{"index.md", "blog/1.a.md", "docs/2.setup/index.md", c.fixed() + "x.md"} {
				if u, ok := contentURL(rel, cols, true); ok && !strings.HasPrefix(u, "/") {
					panic(fmt.Sprintf("collection %+v: %s at %q", c, rel, u))
				}
			}
		}
		return []jsfuzz.Read{{Notes: notes}}
	})
}
