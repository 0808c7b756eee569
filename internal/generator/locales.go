package generator

import (
	"path"
	"strings"
)

// FolderLocales are translations by folder, as VitePress's locales,
// Astro's i18n routing, sphinx-sitemap's sitemap_locales and the
// locales: setting give them: a built page in a locale's folder
// (fr/about.html) is one page with the page at the same path in each
// other locale's folder, and with the page at that path in no locale's
// folder (about.html) when the site's default locale is at its root;
// each in its locale's hreflang code.
type FolderLocales struct {
	// Default is the code of the pages in no locale's folder; "" when
	// every locale has a folder (those pages are in none).
	Default string
	// Langs are the code of each locale's folder.
	Langs map[string]string
	// From says, for --explain, where they come from ("VitePress's
	// locales").
	From string
}

var _ Translator = (*FolderLocales)(nil)

// Translation returns the locale of the built page at rel, relative to
// the site folder (fr/about.html), and the key of its translations: its
// path without its locale's folder.
func (l *FolderLocales) Translation(rel, _ string) (Translation, bool) {
	if path.Ext(rel) != ".html" || rel == "404.html" {
		return Translation{}, false
	}
	if dir, rest, ok := strings.Cut(rel, "/"); ok {
		if lang, ok := l.Langs[dir]; ok {
			return Translation{Lang: lang, Key: rest, From: l.From}, true
		}
	} else if lang, ok := l.Langs[strings.TrimSuffix(rel, ".html")]; ok {
		// fr.html, served at /fr (a Next.js export's, Astro's
		// build.format 'file'): the locale's home page.
		return Translation{Lang: lang, Key: "index.html", From: l.From}, true
	}
	if l.Default == "" {
		return Translation{}, false
	}
	return Translation{Lang: l.Default, Key: rel, From: l.From}, true
}
