package generator

import (
	"testing"
)

// TestGeneratorSitemaps: the files taken over are those each generator
// writes, and no other.
func TestGeneratorSitemaps(t *testing.T) {
	for _, tc := range []struct {
		gen     string
		yes, no []string
	}{
		{"hugo", []string{"sitemap.xml", "en/sitemap.xml", "de/sitemap.xml"}, []string{"fr/sitemap.xml", "sitemap-news.xml", "sitemap-0.xml"}},
		{"astro", []string{"sitemap-index.xml", "sitemap-0.xml", "sitemap-12.xml"}, []string{"sitemap-news.xml", "en/sitemap.xml", "sitemap.xml.gz"}},
		{"mkdocs", []string{"sitemap.xml", "sitemap.xml.gz"}, []string{"sitemap-0.xml"}},
		{"next", []string{"sitemap.xml", "sitemap-0.xml"}, []string{"sitemap-index.xml", "blog/sitemap.xml"}},
		// The locales its configuration names, and no other folder's: a
		// project's api/ or img/ is no locale.
		{"docusaurus", []string{"sitemap.xml", "de/sitemap.xml", "pt-BR/sitemap.xml", "zh-Hans/sitemap.xml"}, []string{"blog/sitemap.xml", "docs/sitemap.xml", "sitemap-0.xml", "api/sitemap.xml", "img/sitemap.xml", "fr/sitemap.xml"}},
		{"eleventy", []string{"sitemap.xml"}, []string{"sitemap-0.xml", "sitemap.xml.gz"}},
		{"gatsby", []string{"sitemap-index.xml", "sitemap-0.xml", "sitemap.xml"}, []string{"sitemap_index.xml", "en/sitemap.xml"}},
		{"vitepress", []string{"sitemap.xml"}, []string{"sitemap-0.xml", "sitemap-index.xml"}},
		{"nuxt", []string{"sitemap.xml", "sitemap_index.xml", "__sitemap__/", "__sitemap__/en-US.xml"}, []string{"__sitemap__/style.xsl", "sitemap-0.xml", "en/sitemap.xml"}},
		{"sveltekit", nil, []string{"sitemap.xml", "sitemap-index.xml", "sitemap-0.xml"}},
	} {
		p := &Project{Generator: tc.gen}
		switch tc.gen {
		case "hugo":
			p.Languages = []string{"en", "de"} // Detect's, of [languages.en] and [languages.de]
		case "docusaurus":
			p.Locales = []string{"de", "pt-BR", "zh-Hans"}
		}
		takes := p.Sitemaps()
		for _, n := range tc.yes {
			if !takes(n) {
				t.Errorf("%s: %s not taken over", tc.gen, n)
			}
		}
		for _, n := range tc.no {
			if takes(n) {
				t.Errorf("%s: %s taken over", tc.gen, n)
			}
		}
	}
}
