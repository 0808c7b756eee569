package eleventy

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsfuzz"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// FuzzProject checks Eleventy's reader of its configuration (see package
// jsfuzz), and of the template languages it registers.
func FuzzProject(f *testing.F) {
	jsfuzz.Fuzz(f, func(data []byte) []jsfuzz.Read {
		configLanguages("a.js", data, limits.Default)
		p := project("a.js", data, limits.Default)
		return []jsfuzz.Read{{BaseURL: p.BaseURL, Notes: p.Notes}}
	})
}

// FuzzDataFile checks the readers of a data file (a module's permalink
// function, its values) and of a permalink template, on any input: no
// panic, and a permalink read from a function has no ${ left.
func FuzzDataFile(f *testing.F) {
	for _, seed := range []string{
		"export default { permalink: (data) => `/${data.lang}/b/${data.page.fileSlug}/` };\n",
		"module.exports = { eleventyComputed: { permalink: function (data) { return `/n/${data.page.fileSlug}/`; } } };\n",
		"export default { permalink({ page, site }) { return `/m/${site.blog}/${page.fileSlug}/`; } };\n",
		"export default { permalink: async ({ page }) => { return '/x/'; }, lang: 'en' };\n",
		`{"permalink": "/{{ lang }}/{{ title | slugify }}/{{ page.fileSlug }}/", "lang": "en"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, computed := range []bool{false, true} {
			if p, ok := funcPermalink(data, computed, limits.Default); ok && strings.Contains(p, "${") {
				t.Fatalf("funcPermalink(%q) = %q", data, p)
			}
		}
		e := &Preset{Input: "src"}
		e.ReadData(fstest.MapFS{"a/a.11tydata.js": {Data: data}, "a/a.json": {Data: data}, "_data/d.js": {Data: data}, "a/x.md": {}}, limits.Default)
		e.URLPath(generator.Page{Path: "a/x.md", Title: string(data), Permalink: string(data)})
	})
}
