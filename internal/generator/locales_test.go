package generator

import (
	"testing"
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
