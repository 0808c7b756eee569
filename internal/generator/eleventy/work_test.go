package eleventy_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/eleventy"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/uniq"
)

// TestLanguagesWork: a configuration that names n template languages
// (templateFormats, and as many addExtension calls that write no page)
// is read in work linear in n, each format looked up once in a set of
// those read before: a search of the list for each made 50,000 formats
// (450 KB) cost 3 seconds, and 5,000 sources joined 6.5 (issue 99).
// The first 100 languages are joined, with one warning at the
// configuration; a project adds one or two.
func TestLanguagesWork(t *testing.T) {
	for _, n := range []int{2000, 4000} {
		var formats, other strings.Builder
		for i := range n {
			fmt.Fprintf(&formats, "%q, %q, ", fmt.Sprint("f", i), fmt.Sprint("f", i/2))
			fmt.Fprintf(&other, "  c.addExtension(%q, { outputFileExtension: \"css\" });\n", fmt.Sprint("o", i))
		}
		dir := buildtest.TempSite(t, map[string]string{"eleventy.config.js": "export default function (c) {\n" + other.String() +
			"  return { templateFormats: [" + formats.String() + "\"md\"] };\n}\n"})
		stop := uniq.Count()
		p, err := eleventy.Generator{}.Detect(generator.NewDir(dir, gentest.Env(nil), limits.Default))
		compared := stop()
		if err != nil || p == nil {
			t.Fatalf("n=%d: Detect = %v, %v", n, p, err)
		}
		if got := p.Own.(eleventy.Own).Exts; len(got) != 100 || !slices.IsSorted(got) || !slices.Contains(got, ".f0") || slices.Contains(got, ".o0") {
			t.Errorf("n=%d: %d languages joined (%q …), want the first 100 of the formats, sorted", n, len(got), got[:min(3, len(got))])
		}
		if len(p.Warnings) != 1 || !strings.Contains(p.Warnings[0].Error(), fmt.Sprintf("eleventy.config.js: %d template languages added", n)) {
			t.Errorf("n=%d: warnings %v, want one at eleventy.config.js", n, p.Warnings)
		}
		// Each of the 3n names read is looked up in a list of those read
		// before: at most Few strings compared each, at least one.
		if items := int64(3 * n); compared < int64(n) || compared > items*(uniq.Few+1) {
			t.Errorf("n=%d: %d strings compared for %d names, want between %d and %d", n, compared, items, n, items*(uniq.Few+1))
		}
	}
}

// TestPermalinkVarsWork: a data file's permalink that names n
// variables is read in work linear in n: 60,000 (709 KB) took 9.8
// seconds, each looked up in the list of those read before it (issue
// 99). Each is a key the templates' front matter is read for.
func TestPermalinkVarsWork(t *testing.T) {
	for _, n := range []int{3000, 6000} {
		var b strings.Builder
		b.WriteString("/")
		for i := range n {
			fmt.Fprintf(&b, "{{ v%d }}{{ v%d }}", i, i/2)
		}
		stop := uniq.Count()
		e := &eleventy.Preset{}
		e.ReadData(fstest.MapFS{"blog/blog.json": {Data: fmt.Appendf(nil, `{"permalink": %q}`, b.String()+"/")}, "blog/a.md": {}}, limits.Default)
		compared := stop()
		vars := e.FileRules("blog/a.md").Terms
		if len(vars) != n || !slices.IsSorted(vars) {
			t.Errorf("n=%d: %d variables read, want %d, sorted", n, len(vars), n)
		}
		if items := int64(2 * n); compared < int64(n) || compared > items*(uniq.Few+1) {
			t.Errorf("n=%d: %d strings compared for %d names, want between %d and %d", n, compared, items, n, items*(uniq.Few+1))
		}
	}
}
