package hugo

import (
	"testing"
)

// TestHugoTranslation: a source's translations are those of its key:
// its path in the content folder without the language, or its front
// matter's translationKey; a list page's apart from a regular page's;
// the code is the language's locale or languageCode, else its key; a
// site of one language has none.
func TestHugoTranslation(t *testing.T) {
	h := &Preset{DefaultContentLanguage: "en", Languages: []string{"de", "en"}, LangCodes: map[string]string{"de": "de-AT"}}
	for _, c := range []struct {
		rel, key      string
		lang, wantKey string
	}{
		{rel: "posts/a.md", lang: "en", wantKey: "page/posts/a"},
		{rel: "posts/a.de.md", lang: "de-AT", wantKey: "page/posts/a"},
		{rel: "posts/b/index.md", lang: "en", wantKey: "page/posts/b/index"},
		{rel: "posts/b/index.de.md", lang: "de-AT", wantKey: "page/posts/b/index"},
		{rel: "posts/_index.de.md", lang: "de-AT", wantKey: "list/posts/_index"},
		{rel: "posts/x.md", key: "k", lang: "en", wantKey: "page/key:k"},
		{rel: "other/y.de.md", key: "k", lang: "de-AT", wantKey: "page/key:k"},
	} {
		tr, ok := h.Translation(c.rel, c.key)
		if !ok || tr.Lang != c.lang || tr.Key != c.wantKey {
			t.Errorf("Translation(%q, %q) = %+v, %v; want %s %s", c.rel, c.key, tr, ok, c.lang, c.wantKey)
		}
	}
	if _, ok := (&Preset{}).Translation("posts/a.md", ""); ok {
		t.Error("a site of one language has translations")
	}
	// A language's own content folder.
	hl := &Languages{Dirs: []string{"content/fr", "content/en"}, Hugo: map[string]*Preset{
		"content/fr": {Lang: "fr", Languages: []string{"en", "fr"}},
		"content/en": {Lang: "en", Languages: []string{"en", "fr"}},
	}}
	fr, ok1 := hl.Translation("content/fr/posts/a.md", "")
	en, ok2 := hl.Translation("content/en/posts/a.md", "")
	if !ok1 || !ok2 || fr.Key != en.Key || fr.Lang != "fr" || en.Lang != "en" {
		t.Errorf("content folders: %+v %+v", fr, en)
	}
}

// TestHugoListPages: a built list page no source gives is keyed as an
// _index file at its path would be, in its language's folder (none for
// the default language at the root); a pager, a page below a section
// and a file in no language's folder have no translations.
func TestHugoListPages(t *testing.T) {
	h := &Preset{DefaultContentLanguage: "en", Languages: []string{"de", "en"}, LangCodes: map[string]string{"de": "de-AT"}, Taxonomies: []string{"tags"}}
	for _, c := range []struct{ rel, lang, key string }{
		{"index.html", "en", "list/_index"},
		{"de/index.html", "de-AT", "list/_index"},
		{"posts/index.html", "en", "list/posts/_index"},
		{"de/posts/index.html", "de-AT", "list/posts/_index"},
		{"de/tags/news/index.html", "de-AT", "list/tags/news/_index"},
		{"posts/page/2/index.html", "", ""},
		{"page/2/index.html", "", ""},
		{"posts/a/index.html", "", ""},
		{"posts/a.html", "", ""},
		{"de/posts/xindex.html", "", ""},
	} {
		tr, ok := ListPages{h}.Translation(c.rel, "")
		if ok != (c.key != "") || tr.Lang != c.lang || tr.Key != c.key {
			t.Errorf("Translation(%q) = %+v, %v; want %q %q", c.rel, tr, ok, c.lang, c.key)
		}
	}
	h.DefaultContentLanguageInSubdir = true
	if tr, ok := (ListPages{h}).Translation("posts/index.html", ""); ok {
		t.Errorf("a page in no language's folder: %+v", tr)
	}
	if tr, ok := (ListPages{h}).Translation("en/posts/index.html", ""); !ok || tr.Key != "list/posts/_index" {
		t.Errorf("en/posts/index.html: %+v, %v", tr, ok)
	}
	src, _ := h.Translation("posts/_index.de.md", "")
	if built, _ := (ListPages{h}).Translation("en/posts/index.html", ""); built.Key != src.Key {
		t.Errorf("a built list page's key %q is not its _index file's, %q", built.Key, src.Key)
	}
}
