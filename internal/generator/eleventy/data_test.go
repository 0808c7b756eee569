package eleventy_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator/eleventy"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestEleventyData reads the permalinks of an input folder's data files
// as Eleventy's data cascade ranks them.
func TestEleventyData(t *testing.T) {
	fsys := fstest.MapFS{
		// A directory data file for every template under notes/.
		"notes/notes.11tydata.json": {Data: []byte(`{"permalink": "/n/{{ page.fileSlug }}/"}`)},
		"notes/first.md":            {},
		"notes/sub/deep.md":         {},
		// The closer folder's wins; a template data file wins over both.
		"notes/sub/sub.json":              {Data: []byte(`{"permalink": "/s/{{ page.fileSlug }}/"}`)},
		"notes/sub/own.md":                {},
		"notes/sub/own.11tydata.js":       {Data: []byte("module.exports = { permalink: '/own/' };\n")},
		"notes/sub/own.json":              {Data: []byte(`{"permalink": "/not-this/"}`)},
		"hidden/hidden.json":              {Data: []byte(`{"permalink": false}`)},
		"hidden/a.md":                     {},
		"coded/coded.11tydata.js":         {Data: []byte("export default { permalink: (data) => `/c/${data.title}/` };\n")},
		"coded/a.md":                      {},
		"computed/computed.11tydata.json": {Data: []byte(`{"eleventyComputed": {"permalink": "/c/{{ page.fileSlug }}/"}}`)},
		"computed/one.md":                 {},
		"slugged/slugged.11tydata.json":   {Data: []byte(`{"permalink": "/x/{{ title | slugify }}/"}`)},
		"slugged/a.md":                    {},
		// No data file: not a template's name, nor its folder's.
		"data/other.json":          {Data: []byte(`{"permalink": "/nothing/"}`)},
		"data/page.md":             {},
		"package.json":             {Data: []byte(`{"name": "site"}`)},
		"_includes/_includes.json": {Data: []byte(`{"permalink": "/inc/"}`)},
		"node_modules/x/x.json":    {Data: []byte(`{"permalink": "/nm/"}`)},
		"bad/bad.json":             {Data: []byte(`{"permalink": `)},
		"bad/a.md":                 {},
	}
	e := &eleventy.Preset{Exclude: []string{"_includes"}}
	files := e.ReadData(fsys, limits.Default)
	slices.Sort(files)
	if want := []string{"bad/bad.json", "coded/coded.11tydata.js", "computed/computed.11tydata.json", "hidden/hidden.json",
		"notes/notes.11tydata.json", "notes/sub/own.11tydata.js", "notes/sub/own.json", "notes/sub/sub.json", "slugged/slugged.11tydata.json"}; !slices.Equal(files, want) {
		t.Errorf("ReadData() = %q, want %q", files, want)
	}
	gentest.CheckRoutes(t, e, []gentest.RouteCase{
		{Path: "notes/first.md", Want: "/n/first/"},
		{Path: "notes/first.md", Permalink: "/front-matter/", Want: "/front-matter/"}, // front matter wins
		{Path: "notes/sub/deep.md", Want: "/s/deep/"},
		{Path: "notes/sub/own.md", Want: "/own/"},
		{Path: "hidden/a.md", Want: ""},
		{Path: "hidden/a.md", Permalink: "/shown/", Want: "/shown/"},
		{Path: "coded/a.md", Want: ""},
		{Path: "coded/a.md", Permalink: "/literal/", Want: "/literal/"},
		{Path: "computed/one.md", Permalink: "/ignored/", Want: "/c/one/"}, // eleventyComputed wins
		{Path: "slugged/a.md", Want: ""},
		{Path: "data/page.md", Want: "/data/page/"},
		{Path: "bad/a.md", Want: "/bad/a/"}, // Eleventy stops at it; nothing read
	})
}

// TestCleanBuild: the stale-output warning's way to an empty output
// folder is Eleventy's, not another generator's option.
func TestCleanBuild(t *testing.T) {
	if got := (&eleventy.Preset{}).Rules().Output.CleanBuild; got == "" || strings.Contains(got, "hugo") {
		t.Errorf("CleanBuild() = %q", got)
	}
}
