package hugo

import (
	"cmp"
	"path"
	"slices"
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

// ListPages is the [generator.Detected].Pages of a multilingual Hugo
// site: the translations of the list pages no source gives (a home page,
// a section, a taxonomy or a term without an _index file), as Hugo
// links them: the list page at the same path in each language, with the
// key an _index file there has ([Preset.Translation]), so that one
// language's list page with such a file and another's without are one
// page, as Hugo's sitemap lists them. A pager, and any other file, has
// none.
type ListPages struct{ h *Preset }

var _ generator.Translator = ListPages{}

// Translation returns the language of the built page at rel, relative
// to the publish folder (fr/tags/index.html), and its key, when it is a
// list page of Hugo's.
func (l ListPages) Translation(rel, _ string) (generator.Translation, bool) {
	h := l.h
	dir, ok := strings.CutSuffix(rel, "index.html")
	if !ok || dir != "" && !strings.HasSuffix(dir, "/") {
		return generator.Translation{}, false
	}
	lang := h.defaultLang()
	if first, rest, ok := strings.Cut(dir, "/"); ok && (first == lang || slices.Contains(h.Languages, first)) && h.langPrefix(first) == "/"+first {
		lang, dir = first, rest
	} else if h.langPrefix(lang) != "" {
		return generator.Translation{}, false // in no language's folder
	}
	switch parts := strings.Split(strings.TrimSuffix(dir, "/"), "/"); {
	case dir == "", len(parts) == 1:
		// The home page, a section or a taxonomy.
	case len(parts) == 2 && slices.ContainsFunc(h.Taxonomies, func(t string) bool { return h.TaxonomyPath(t) == "/"+parts[0]+"/" }):
		// A term.
	default:
		return generator.Translation{}, false
	}
	return generator.Translation{Lang: cmp.Or(h.LangCodes[lang], lang), Key: "list/" + dir + "_index", From: "Hugo's list page at the same path in each language"}, true
}
