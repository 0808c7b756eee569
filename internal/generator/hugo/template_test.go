package hugo

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestSitemapTemplateExclude: the tests of a sitemap template that leave
// a page out by a front matter key are read, each key once; a key of a
// mapping, and a test of something else, are not such keys.
func TestSitemapTemplateExclude(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{`{{ range .Data.Pages }}{{ if not .Params.sitemap_exclude }}<url>`, []string{"sitemap_exclude"}},
		{`{{- if not (.Params.Private) -}}{{ if not .Params.private }}`, []string{"private"}},
		{`{{ if ne .Params.hidden true }}`, []string{"hidden"}},
		{`{{ range where .Data.Pages ".Params.noindex" "!=" true }}`, []string{"noindex"}},
		{`{{ range where .Pages "Params.hide" "ne" true }}`, []string{"hide"}},
		{`{{ if not .Params.sitemap.exclude }}{{ if not .Lastmod.IsZero }}{{ if .Params.x }}`, nil},
	} {
		if got := parseSitemapTemplate("layouts/sitemap.xml", c.text).Exclude; !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.text, got, c.want)
		}
	}
}

// TestReadSitemapTemplate: the project's own template wins over its
// theme's, layouts/sitemap.xml over layouts/_default/sitemap.xml; a
// theme's is read when the project has none; none is nil.
func TestReadSitemapTemplate(t *testing.T) {
	theme := map[string]any{"theme": "t"}
	for _, c := range []struct {
		name  string
		files map[string]string
		cfg   map[string]any
		want  string
	}{
		{"none", map[string]string{"layouts/index.html": "x"}, theme, ""},
		{"own", map[string]string{"layouts/_default/sitemap.xml": "a", "layouts/sitemap.xml": "b", "themes/t/layouts/sitemap.xml": "c"}, theme, "layouts/sitemap.xml"},
		{"default folder", map[string]string{"layouts/_default/sitemap.xml": "a", "themes/t/layouts/sitemap.xml": "c"}, theme, "layouts/_default/sitemap.xml"},
		{"theme", map[string]string{"themes/t/layouts/_default/sitemap.xml": "c"}, theme, "themes/t/layouts/_default/sitemap.xml"},
		{"theme not named", map[string]string{"themes/t/layouts/sitemap.xml": "c"}, map[string]any{}, ""},
	} {
		dir := buildtest.TempSite(t, c.files)
		got := ""
		if tpl := readSitemapTemplate(dir, c.cfg, limits.Default); tpl != nil {
			got = tpl.File
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// hugoTemplate is a sitemap template that tests n front matter keys.
func hugoTemplate(n int) string {
	var b strings.Builder
	b.WriteString("{{ range .Data.Pages }}")
	for i := range n {
		fmt.Fprintf(&b, "{{ if not .Params.k%d }}", i)
	}
	b.WriteString("<url><loc>{{ .Permalink }}</loc></url>")
	b.WriteString(strings.Repeat("{{ end }}", n) + "{{ end }}")
	return b.String()
}

// TestSitemapTemplateKeysBounded: a template that tests 30,000 front
// matter keys is read in time linear in its length; the first 20 keys
// are honoured, the warning names 3 of them, each as an excerpt (a key
// of a megabyte too), and says how many more there are (issue 89).
func TestSitemapTemplateKeysBounded(t *testing.T) {
	tmpl := parseSitemapTemplate("layouts/sitemap.xml", hugoTemplate(30_000))
	if len(tmpl.Exclude) != templateKeys || tmpl.KeysLeft != 30_000-templateKeys {
		t.Errorf("%d keys honoured, %d left; want %d and %d", len(tmpl.Exclude), tmpl.KeysLeft, templateKeys, 30_000-templateKeys)
	}
	msg := tmpl.warning(false).Error()
	if len(msg) > 1024 || !strings.Contains(msg, "(and 17 more keys)") || !strings.Contains(msg, "by 29980 more front matter keys are listed") {
		t.Errorf("warning of %d bytes: %.400s", len(msg), msg)
	}
	long := strings.Repeat("k", 1<<20)
	tmpl = parseSitemapTemplate("layouts/sitemap.xml", "{{ if not .Params."+long+" }}<url></url>{{ end }}")
	if msg := tmpl.warning(false).Error(); len(msg) > 1024 {
		t.Errorf("a key of a megabyte gives a warning of %d bytes", len(msg))
	}
}

// BenchmarkParseSitemapTemplate reads templates that test 2,000 and
// 30,000 front matter keys.
func BenchmarkParseSitemapTemplate(b *testing.B) {
	for _, n := range []int{2_000, 30_000} {
		text := hugoTemplate(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				_ = parseSitemapTemplate("layouts/sitemap.xml", text).warning(false)
			}
		})
	}
}
