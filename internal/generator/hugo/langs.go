package hugo

import (
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
)

// Languages is the preset of a multilingual Hugo site whose languages
// keep their content in folders of their own (languages.fr.contentDir =
// "content/fr"): a source's path is relative to the project folder, and
// the content folder it is in gives its language. A language without a
// folder of its own has its content in the site's contentDir, told apart
// by file name suffixes (about.fr.md), as with [Hugo].
type Languages struct {
	// Dirs are the content folders, relative to the project folder with
	// "/" separators, the innermost first where one holds another.
	Dirs []string
	// Hugo is each folder's preset, by folder.
	Hugo map[string]*Preset
}

// LoadLanguages reads the Hugo configuration of projectDir, as
// [Load] does, once for each content folder of h.LangContentDirs
// and, when a language has none, the site's contentDir.
func LoadLanguages(h *Preset, projectDir string) (*Languages, error) {
	hl := &Languages{Hugo: map[string]*Preset{}}
	add := func(dir, lang string) error {
		dir = path.Clean(filepath.ToSlash(dir))
		if hl.Hugo[dir] != nil {
			return nil
		}
		one, err := LoadDir(generator.NewDir(projectDir, h.buildEnv(), h.limits))
		if err != nil {
			return err
		}
		one.ContentDir, one.Lang = dir, lang
		one.Content = fsx.DirFS(filepath.Join(projectDir, filepath.FromSlash(dir)), int64(h.limits.Or().FrontMatterBytes), "limits.front_matter_bytes")
		hl.Dirs = append(hl.Dirs, dir)
		hl.Hugo[dir] = one
		return nil
	}
	langs := make([]string, 0, len(h.LangContentDirs))
	for lang := range h.LangContentDirs {
		langs = append(langs, lang)
	}
	slices.Sort(langs)
	for _, lang := range langs {
		if err := add(h.LangContentDirs[lang], lang); err != nil {
			return nil, err
		}
	}
	// The site's contentDir, when a language has no folder of its own.
	for _, lang := range append(slices.Clone(h.Languages), h.defaultLang()) {
		if h.LangContentDirs[lang] == "" {
			if err := add(h.ContentDir, ""); err != nil {
				return nil, err
			}
			break
		}
	}
	// The innermost folder first: content/fr before content.
	slices.SortStableFunc(hl.Dirs, func(a, b string) int { return strings.Count(b, "/") - strings.Count(a, "/") })
	return hl, nil
}

// of returns the content folder p is in, and p's path in it.
func (hl *Languages) of(p string) (*Preset, string, bool) {
	for _, d := range hl.Dirs {
		if rel, ok := strings.CutPrefix(p, d+"/"); ok || d == "." {
			if d == "." {
				rel = p
			}
			return hl.Hugo[d], rel, true
		}
	}
	return nil, "", false
}

// URLPath returns the URL path Hugo publishes p at, p.Path being relative
// to the project folder.
func (hl *Languages) URLPath(p generator.Page) (string, bool) {
	u, ok, _ := hl.URLPathWhy(p)
	return u, ok
}

// URLPathWhy is [Preset.URLPathWhy] in each language's content folder.
func (hl *Languages) URLPathWhy(p generator.Page) (string, bool, error) {
	h, rel, ok := hl.of(p.Path)
	if !ok {
		return "", false, nil
	}
	p.Path = rel
	return h.URLPathWhy(p)
}

// Site returns one folder's preset, for what the site's configuration
// says alike for every folder (taxonomies, [sitemap]); nil for none.
func (hl *Languages) Site() *Preset {
	if len(hl.Dirs) == 0 {
		return nil
	}
	return hl.Hugo[hl.Dirs[0]]
}

// Changed is [Preset.Changed] in each language's content folder, rels
// and the sources returned relative to the project folder.
func (hl *Languages) Changed(rels []string) (again []string) {
	for _, rel := range rels {
		h, in, ok := hl.of(rel)
		if !ok {
			continue
		}
		prefix := strings.TrimSuffix(rel, in)
		for _, p := range h.Changed([]string{in}) {
			again = append(again, prefix+p)
		}
	}
	return again
}

// sectionSource is [generator.ListRules].Section for p, a *Preset or a
// *Languages.
func sectionSource(p generator.Preset, rel string, terms map[string][]string) (inFolder, lang string, lists []string, ok bool) {
	h, inFolder, lang, ok := Source(p, rel)
	if !ok {
		return "", "", nil, false
	}
	for _, tax := range h.Taxonomies {
		for _, term := range terms[tax] {
			lists = append(lists, h.TermPath(tax, term), h.TaxonomyPath(tax))
		}
	}
	return inFolder, lang, lists, true
}

// Source returns, for the source file at rel of a Hugo join (p a
// [*Preset] or a [*Languages]), the preset of its content folder, its
// path in that folder, and the URL prefix of its language: "" for the
// default language (unless defaultContentLanguageInSubdir), else "/fr".
// ok is false for any other preset, or a file in no content folder.
func Source(p generator.Preset, rel string) (h *Preset, inFolder, langPrefix string, ok bool) {
	switch g := p.(type) {
	case *Preset:
		h, inFolder = g, rel
	case *Languages:
		if h, inFolder, ok = g.of(rel); !ok {
			return nil, "", "", false
		}
	default:
		return nil, "", "", false
	}
	name, _ := srcpath.SplitExt(path.Base(inFolder))
	_, lang := h.splitLang(name)
	return h, inFolder, h.langPrefix(lang), true
}

// any is the preset of the first folder: each reads the same
// configuration.
func (hl *Languages) any() *Preset { return hl.Hugo[hl.Dirs[0]] }
