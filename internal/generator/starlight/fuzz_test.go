package starlight

import (
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsfuzz"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// FuzzDetect checks the reader of starlight()'s options (see package
// jsfuzz), and that what it gives the project holds together: a
// locale's error pages are in its folder, a fallback leads to the
// default locale's page, never to itself.
func FuzzDetect(f *testing.F) {
	f.Add([]byte("import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ defaultLocale: 'root', locales: { root: { lang: 'en' }, de: {}, 'a/b': {} }, lastUpdated: true })] }"))
	f.Add([]byte("import s from '@astrojs/starlight'; export default { integrations: [s({ defaultLocale: 'en', locales: { en: 1, fr: { lang: 'fr' } } })] }"))
	jsfuzz.Fuzz(f, func(data []byte) []jsfuzz.Read {
		p := &generator.Detected{File: "a.js", Plugin: &generator.SitemapPlugin{}}
		r := jsconfig.NewReader("a.js", data, limits.Default)
		s, _ := Detect(nil, p, r).(*Preset)
		if s != nil {
			for _, e := range p.Fallbacks {
				if dir, _, _ := strings.Cut(e, "/"); !strings.Contains(e, "/404") || dir == root || dir == "" {
					panic("error page " + e)
				}
			}
			for _, l := range s.Locales {
				u := "/" + l + "/x/"
				if fu, ok := s.Rules().Pages.Fallback(u); ok && (fu == u || !strings.HasSuffix(fu, "x/")) {
					panic("fallback " + u + " -> " + fu)
				}
			}
		}
		return []jsfuzz.Read{{Notes: r.Notes()}}
	})
}
