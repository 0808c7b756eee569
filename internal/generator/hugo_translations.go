package generator

import (
	"path"
	"strings"
)

// Translator is a preset whose generator knows which source files are
// one page in several languages, and writes them into its sitemap as
// one another's hreflang alternates: sitemapgen gives them to the pages
// whose heads say none.
type Translator interface {
	// Translation returns the language of the source file at rel (as
	// [Page.Path] is for the preset) and the key of its translations,
	// given its front matter's translationKey (empty for none): the
	// sources of one key are one page. ok is false for a site of one
	// language, or a file of none.
	Translation(rel, translationKey string) (t Translation, ok bool)
}

// Translation is what a [Translator] says of a source file.
type Translation struct {
	// Lang is the hreflang code of its language, as the generator's
	// sitemap writes it.
	Lang string
	// Key is the same for the sources that are translations of one
	// another, and for no other.
	Key string
	// From says, for --explain, which rule gave the key.
	From string
}

var (
	_ Translator = (*Hugo)(nil)
	_ Translator = (*HugoLanguages)(nil)
)

// Translation follows Hugo's rules: a page's translations are the pages
// of the other languages with its translationKey, else with its path in
// the content folder without the language (posts/a.md, posts/a.fr.md,
// and posts/a.md in the French content folder); a list page's (_index)
// are list pages, a regular page's regular pages. Its code is the
// language's locale or languageCode, else its key.
func (h *Hugo) Translation(rel, translationKey string) (Translation, bool) {
	langs := len(h.Languages)
	if langs < 2 {
		return Translation{}, false
	}
	rel, ok := cleanRel(rel)
	if !ok {
		return Translation{}, false
	}
	dir, file := path.Split(rel)
	name, _ := splitExt(file)
	name, lang := h.splitLang(name)
	kind := "page/"
	if name == "_index" {
		kind = "list/"
	}
	t := Translation{Lang: lang, Key: kind + dir + name, From: "the same path in each language's content"}
	if translationKey != "" {
		t.Key, t.From = kind+"key:"+translationKey, "translationKey "+translationKey
	}
	if c := h.LangCodes[lang]; c != "" {
		t.Lang = c
	}
	return t, true
}

// Translation is [Hugo.Translation] for the file at rel, relative to the
// project folder, with the rules of its content folder.
func (hl *HugoLanguages) Translation(rel, translationKey string) (Translation, bool) {
	h, inFolder, ok := hl.of(rel)
	if !ok {
		return Translation{}, false
	}
	return h.Translation(strings.TrimPrefix(inFolder, "/"), translationKey)
}
