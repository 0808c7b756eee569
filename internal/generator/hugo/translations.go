package hugo

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

// Translation follows Hugo's rules: a page's translations are the pages
// of the other languages with its translationKey, else with its path in
// the content folder without the language (posts/a.md, posts/a.fr.md,
// and posts/a.md in the French content folder); a list page's (_index)
// are list pages, a regular page's regular pages. Its code is the
// language's locale or languageCode, else its key.
func (h *Preset) Translation(rel, translationKey string) (generator.Translation, bool) {
	langs := len(h.Languages)
	if langs < 2 {
		return generator.Translation{}, false
	}
	rel, ok := srcpath.CleanRel(rel)
	if !ok {
		return generator.Translation{}, false
	}
	dir, file := path.Split(rel)
	name, _ := srcpath.SplitExt(file)
	name, lang := h.splitLang(name)
	kind := "page/"
	if name == "_index" {
		kind = "list/"
	}
	t := generator.Translation{Lang: lang, Key: kind + dir + name, From: "the same path in each language's content"}
	if translationKey != "" {
		t.Key, t.From = kind+"key:"+translationKey, "translationKey "+translationKey
	}
	if c := h.LangCodes[lang]; c != "" {
		t.Lang = c
	}
	return t, true
}

// Translation is [Preset.Translation] for the file at rel, relative to the
// project folder, with the rules of its content folder.
func (hl *Languages) Translation(rel, translationKey string) (generator.Translation, bool) {
	h, inFolder, ok := hl.of(rel)
	if !ok {
		return generator.Translation{}, false
	}
	return h.Translation(strings.TrimPrefix(inFolder, "/"), translationKey)
}
