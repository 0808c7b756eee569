package generator

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestFolderLocales: a built page's locale and key by its folder, with a
// locale at the top and without one.
func TestFolderLocales(t *testing.T) {
	for _, tc := range []struct {
		l    *FolderLocales
		want map[string]string
	}{
		{&FolderLocales{Default: "en-US", Langs: map[string]string{"fr": "fr-CA"}}, map[string]string{
			"about/index.html":    "en-US about/index.html",
			"fr/about/index.html": "fr-CA about/index.html",
			"frog/index.html":     "en-US frog/index.html",
			"fr.html":             "fr-CA index.html",
			"index.html":          "en-US index.html",
			"404.html":            "",
			"fr/app.js":           "",
		}},
		// sphinx-sitemap's: each language in its folder, none at the top.
		{&FolderLocales{Langs: map[string]string{"en": "en", "pt_BR": "pt-BR"}}, map[string]string{
			"en/guide.html":    "en guide.html",
			"pt_BR/guide.html": "pt-BR guide.html",
			"index.html":       "",
		}},
	} {
		for rel, want := range tc.want {
			got := ""
			if tr, ok := tc.l.Translation(rel, ""); ok {
				got = tr.Lang + " " + tr.Key
			}
			if got != want {
				t.Errorf("%+v: %s: %q, want %q", tc.l, rel, got, want)
			}
		}
	}
}

// TestAstroLocales: Astro's i18n routing gives the built pages their
// locales: the default's at the top unless prefixDefaultLocale, a locale
// { path, codes } in its path in codes[0].
func TestAstroLocales(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		want         *FolderLocales
	}{
		{"strings", `i18n: { defaultLocale: "en", locales: ["en", "fr", "pt-br"] }`,
			&FolderLocales{Default: "en", Langs: map[string]string{"fr": "fr", "pt-br": "pt-br"}, From: "Astro's i18n"}},
		{"the default in its folder", `i18n: { defaultLocale: "en", locales: ["en", "fr"], routing: { prefixDefaultLocale: true } }`,
			&FolderLocales{Langs: map[string]string{"en": "en", "fr": "fr"}, From: "Astro's i18n"}},
		{"paths and codes", `i18n: { defaultLocale: "en", locales: ["en", { path: "spanish", codes: ["es", "es-CL"] }] }`,
			&FolderLocales{Default: "en", Langs: map[string]string{"spanish": "es"}, From: "Astro's i18n"}},
		{"one locale", `i18n: { defaultLocale: "en", locales: ["en"] }`, nil},
		{"none", `site: "https://example.com"`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found, err := detectHere(detectFixture(t, map[string]string{"astro.config.mjs": "export default {\n  " + tc.config + ",\n};\n"}), limits.Default)
			if err != nil || len(found) != 1 {
				t.Fatalf("Detect = %s, %v", formatProjects(found), err)
			}
			got, _ := found[0].Pages.(*FolderLocales)
			switch {
			case tc.want == nil && got != nil:
				t.Errorf("locales %+v, want none", got)
			case tc.want != nil && (got == nil || got.Default != tc.want.Default || got.From != tc.want.From || len(got.Langs) != len(tc.want.Langs)):
				t.Errorf("locales %+v, want %+v", got, tc.want)
			case tc.want != nil:
				for k, v := range tc.want.Langs {
					if got.Langs[k] != v {
						t.Errorf("locales %+v, want %+v", got, tc.want)
					}
				}
			}
		})
	}
}
