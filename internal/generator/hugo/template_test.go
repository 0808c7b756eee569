package hugo

import (
	"slices"
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
