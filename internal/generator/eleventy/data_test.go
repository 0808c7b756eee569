package eleventy_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator"
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

// TestEleventyDataCascade: a permalink's variables are filled from the
// data cascade (the front matter's title and lang, the template data
// file, the folders' data files from the closest up, the input folder's
// own, the global data), through the filter slugify; a permalink that is
// a function returning a template literal of the data is read as that
// template. A variable none sets, or one set by code, another filter, a
// function doing more, leave the page unjoined.
func TestEleventyDataCascade(t *testing.T) {
	fsys := fstest.MapFS{
		"src.json":                  {Data: []byte(`{"section": "w"}`)},
		"_data/site.json":           {Data: []byte(`{"blog": "journal", "year": 2024, "nested": {"deep": "d"}}`)},
		"_data/coded.js":            {Data: []byte("export default { when: new Date() };\n")},
		"_data/meta.mjs":            {Data: []byte("export default { path: 'm' };\n")},
		"en/en.json":                {Data: []byte(`{"lang": "en"}`)},
		"de/de.11tydata.json":       {Data: []byte(`{"lang": "de"}`)},
		"en/blog/blog.json":         {Data: []byte(`{"permalink": "/{{ lang }}/blog/{{ page.fileSlug }}/"}`)},
		"de/blog/blog.json":         {Data: []byte(`{"permalink": "/{{ lang }}/blog/{{ page.fileSlug }}/"}`)},
		"en/blog/a.md":              {},
		"de/blog/a.md":              {},
		"wiki/wiki.json":            {Data: []byte(`{"permalink": "/{{ section }}/{{ page.fileSlug }}/"}`)},
		"wiki/a.md":                 {},
		"journal/journal.json":      {Data: []byte(`{"permalink": "/{{ site.blog }}/{{ site.year }}/{{ page.fileSlug }}/"}`)},
		"journal/a.md":              {},
		"posts/posts.11tydata.js":   {Data: []byte("module.exports = {\n  permalink: \"blog/{{ title | slugify }}/\",\n};\n")},
		"posts/a.md":                {},
		"vento/vento.json":          {Data: []byte(`{"permalink": "/v/{{ title |> slugify }}/"}`)},
		"vento/a.vto":               {},
		"arrow/arrow.11tydata.js":   {Data: []byte("export default {\n  lang: \"en\",\n  eleventyComputed: {\n    permalink: (data) => `/${data.lang}/n/${data.page.fileSlug}/`,\n  },\n};\n")},
		"arrow/a.md":                {},
		"method/method.11tydata.js": {Data: []byte("export default {\n  permalink({ page, meta }) {\n    return `/m/${meta.path}/${page.fileSlug}/`;\n  },\n};\n")},
		"method/a.md":               {},
		"fn/fn.11tydata.cjs":        {Data: []byte("module.exports = { permalink: function (data) { return `/f/${data.page.filePathStem}.html`; } };\n")},
		"fn/a.md":                   {},
		"more/more.11tydata.js":     {Data: []byte("export default { permalink: (data) => `/x/${data.title.toLowerCase()}/` };\n")},
		"more/a.md":                 {},
		"unset/unset.json":          {Data: []byte(`{"permalink": "/{{ nothing }}/{{ page.fileSlug }}/"}`)},
		"unset/a.md":                {},
		"obj/obj.json":              {Data: []byte(`{"permalink": "/{{ site.nested }}/{{ page.fileSlug }}/"}`)},
		"obj/a.md":                  {},
		"code/code.json":            {Data: []byte(`{"permalink": "/{{ coded.when }}/"}`)},
		"code/a.md":                 {},
		"upper/upper.json":          {Data: []byte(`{"permalink": "/{{ title | upcase }}/"}`)},
		"upper/a.md":                {},
		"comp/comp.json":            {Data: []byte(`{"permalink": "/{{ lang }}/{{ page.fileSlug }}/", "lang": "en"}`)},
		"comp/sub/sub.11tydata.js":  {Data: []byte("export default { eleventyComputed: { lang: (data) => data.locale } };\n")},
		"comp/sub/a.md":             {},
		"topics/topics.json":        {Data: []byte(`{"category": "general", "permalink": "/{{ category }}/{{ page.fileSlug }}/"}`)},
		"topics/a.md":               {},
		"camel/camel.json":          {Data: []byte(`{"postKind": "k", "permalink": "/{{ postKind }}/{{ page.fileSlug }}/"}`)},
		"camel/a.md":                {},
		"deeper/deeper.json":        {Data: []byte(`{"permalink": "/{{ site.blog.name }}/{{ page.fileSlug }}/"}`)},
		"deeper/a.md":               {},
	}
	e := &eleventy.Preset{Input: "src", Langs: []string{".vto"}}
	files := e.ReadData(fsys, limits.Default)
	// The variables whose values the front matter may set, which it is
	// asked for; title and lang it gives already, page is Eleventy's.
	if got, want := e.FileRules("topics/a.md").Terms, []string{"category", "nothing", "postKind", "section"}; !slices.Equal(got, want) {
		t.Errorf("FileRules().Terms = %q, want %q", got, want)
	}
	for _, f := range []string{"src.json", "_data/site.json", "_data/coded.js", "en/en.json", "arrow/arrow.11tydata.js"} {
		if !slices.Contains(files, f) {
			t.Errorf("ReadData() = %q: no %s", files, f)
		}
	}
	for _, c := range []struct {
		page generator.Page
		want string
	}{
		{generator.Page{Path: "en/blog/a.md"}, "/en/blog/a/"},
		{generator.Page{Path: "de/blog/a.md"}, "/de/blog/a/"},
		{generator.Page{Path: "de/blog/a.md", Lang: "fr"}, "/fr/blog/a/"}, // the front matter's lang wins
		{generator.Page{Path: "wiki/a.md"}, "/w/a/"},
		{generator.Page{Path: "journal/a.md"}, "/journal/2024/a/"},
		{generator.Page{Path: "posts/a.md", Title: "Hello, World & Friends: it's C++"}, "/blog/hello-world-and-friends-its-c/"},
		{generator.Page{Path: "posts/a.md", Title: "Grüße"}, ""}, // transliterated by a table sitemapgen does not carry
		{generator.Page{Path: "posts/a.md"}, ""},                 // no title
		{generator.Page{Path: "vento/a.vto", Title: "Vento Page"}, "/v/vento-page/"},
		{generator.Page{Path: "arrow/a.md"}, "/en/n/a/"}, // the data file's own lang
		{generator.Page{Path: "arrow/a.md", Lang: "fr"}, "/fr/n/a/"},
		{generator.Page{Path: "arrow/a.md", Permalink: "/front/"}, "/en/n/a/"}, // eleventyComputed wins
		{generator.Page{Path: "method/a.md"}, "/m/m/a/"},
		{generator.Page{Path: "fn/a.md"}, "/f/fn/a.html"},
		{generator.Page{Path: "more/a.md", Title: "X"}, ""},
		{generator.Page{Path: "unset/a.md"}, ""},
		{generator.Page{Path: "obj/a.md"}, ""},
		{generator.Page{Path: "code/a.md"}, ""},
		{generator.Page{Path: "upper/a.md", Title: "x"}, ""},
		{generator.Page{Path: "comp/sub/a.md"}, ""}, // lang computed by code, above the literal
		// The front matter's value of a variable, above the data file's.
		{generator.Page{Path: "topics/a.md"}, "/general/a/"},
		{generator.Page{Path: "topics/a.md", Terms: map[string][]string{"category": {"news"}}}, "/news/a/"},
		{generator.Page{Path: "topics/a.md", Terms: map[string][]string{"category": {"a", "b"}}}, ""}, // a list: not evaluated
		{generator.Page{Path: "topics/a.md", Terms: map[string][]string{"category": nil}}, ""},
		{generator.Page{Path: "camel/a.md"}, "/k/a/"},
		{generator.Page{Path: "camel/a.md", Terms: map[string][]string{"postkind": {"x"}}}, ""}, // read whatever its case: which key is not known
		// A name below a text (site.blog is "journal"): not known.
		{generator.Page{Path: "deeper/a.md"}, ""},
	} {
		got, ok := e.URLPath(c.page)
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("%s (title %q, lang %q, permalink %q): %q, want %q", c.page.Path, c.page.Title, c.page.Lang, c.page.Permalink, got, c.want)
		}
	}
}
