package jekyll

import (
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// polyglotGem is the Jekyll plugin that builds the site once per
// language.
const polyglotGem = "jekyll-polyglot"

// Polyglot is what jekyll-polyglot (1.5) reads of the configuration,
// and how it builds: the site once for each of Languages, the default's
// pages at their own URLs and every other language's below /LANG/. Each
// build writes a page for every URL of the site's pages and documents,
// from the one of its own language when there is one (front matter
// lang:, else, with lang_from_path, the language its path begins with,
// else the default), else from the default language's (a page without
// a translation: the same text below /LANG/), else from another's.
//
// So a page's source is at the URL Jekyll gives it, below /LANG/ when
// it is of another language than the default; and a page that is no
// source's is built from the page at the same URL without /LANG/, when
// that is the default language's ([generator.PageRules].Fallback), else
// from the one other language's page at that URL (OtherLanguages). When
// two other languages have one, which Jekyll took depends on the order
// it reads them in: the page has no source here, and so no date.
type Polyglot struct {
	// Languages are languages: (["en"]), without repeats; Default is
	// default_lang ("en").
	Languages []string
	Default   string
	// FromPath is lang_from_path: a page whose front matter names no
	// language is of the language its path begins with (a document's,
	// the one below its collection's folder), when that looks like one.
	FromPath bool
	// From says where the site asks for the plugin: "jekyll-polyglot in
	// _config.yml plugins".
	From string
}

// polyglotLangRE is what jekyll-polyglot takes for a language at the
// start of a path with lang_from_path (its derive_lang_from_path,
// "(:?" and all).
var polyglotLangRE = lazyre.MustCompile(`^[a-z]{2,3}(:?[_-](:?[A-Za-z]{2}){1,2}){0,2}$`)

// readPolyglot reads jekyll-polyglot's keys of cfg, the configuration
// of file, for a site that asks for the plugin (from says where).
func readPolyglot(file string, cfg map[string]any, from string) (*Polyglot, error) {
	pg := &Polyglot{Languages: []string{"en"}, Default: "en", From: from}
	if v, ok := cfg["default_lang"]; ok && v != nil {
		s, ok := conffile.StringValue(v)
		if !ok {
			return nil, conffile.Errorf(file, "default_lang: want a string, got a %s", conffile.KindOf(v))
		}
		pg.Default = s
	}
	if v, ok := cfg["languages"]; ok && v != nil {
		list, ok := v.([]any) // a string is jekyll-polyglot's error too
		l, ok2 := conffile.StringList(list)
		if !ok || !ok2 {
			return nil, conffile.Errorf(file, "languages: want a list of strings, got a %s", conffile.KindOf(v))
		}
		pg.Languages = nil
		for _, s := range l {
			if !slices.Contains(pg.Languages, s) {
				pg.Languages = append(pg.Languages, s)
			}
		}
	}
	if v, ok := cfg["lang_from_path"]; ok && v != nil {
		b, ok := conffile.BoolValue(v)
		if !ok {
			return nil, conffile.Errorf(file, "lang_from_path: want true or false, got a %s", conffile.KindOf(v))
		}
		pg.FromPath = b
	}
	return pg, nil
}

// lang is the language of the page or document p, whose path relative
// to its collections' folder is inColl ("_posts/es/…"; a page's path).
func (pg *Polyglot) lang(p generator.Page, inColl string) string {
	if p.Lang != "" {
		return p.Lang
	}
	if pg.FromPath {
		els := strings.Split(inColl, "/")
		switch {
		case strings.HasPrefix(inColl, "_") && len(els) > 2 && polyglotLangRE().MatchString(els[1]):
			return els[1]
		case len(els) > 1 && polyglotLangRE().MatchString(els[0]):
			return els[0]
		}
	}
	return pg.Default
}

// other says whether lang is one of the site's languages other than the
// default: its pages are below /lang/.
func (pg *Polyglot) other(lang string) bool {
	return lang != pg.Default && slices.Contains(pg.Languages, lang)
}

// place returns the URL path of the page p, which Jekyll alone puts at
// urlPath, in the build of its language.
func (j *Preset) place(p generator.Page, urlPath string) string {
	pg := j.Polyglot
	if pg == nil || !p.HasFrontMatter {
		return urlPath // a static file: copied as it is into every language's
	}
	inColl := p.Path
	if j.CollectionsDir != "" {
		if rest, ok := strings.CutPrefix(inColl, j.CollectionsDir+"/"); ok && strings.HasPrefix(rest, "_") {
			inColl = rest
		}
	}
	if l := pg.lang(p, inColl); pg.other(l) {
		return "/" + l + "/" + strings.TrimPrefix(urlPath, "/")
	}
	return urlPath
}

// fallbackURL is the rules' Fallback: the page /LANG/rest of another
// language than the default is built, when no page of that language is
// at rest, from the default language's page there.
func (j *Preset) fallbackURL(urlPath string) (string, bool) {
	lang, rest, ok := strings.Cut(strings.TrimPrefix(urlPath, "/"), "/")
	if !ok || !j.Polyglot.other(lang) {
		return "", false
	}
	return "/" + rest, true
}

// otherLanguages is the rules' OtherLanguages: a page at urlPath, with
// no page of its language nor of the default language at its URL, is
// built from another language's page there, when only one language has
// one. Its URL is read both ways it can be written: the default
// language's build at urlPath (the page /es/x/ of a source in the
// folder es), and, when urlPath begins with another language, that
// language's build at the rest.
func (j *Preset) otherLanguages(urlPath string) []string {
	pg := j.Polyglot
	var out []string
	for _, l := range pg.Languages {
		if pg.other(l) {
			out = append(out, "/"+l+urlPath)
		}
	}
	if lang, rest, ok := strings.Cut(strings.TrimPrefix(urlPath, "/"), "/"); ok && pg.other(lang) {
		for _, l := range pg.Languages {
			if pg.other(l) && l != lang {
				out = append(out, "/"+l+"/"+rest)
			}
		}
	}
	return out
}
