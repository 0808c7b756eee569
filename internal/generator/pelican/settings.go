package pelican

import (
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/pyconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
)

// settings are what Pelican's settings say of where its sources are and
// at which files it writes their pages (Pelican 4.8's settings.py
// defaults, in the order of the table of pelican-rules).
type settings struct {
	// Path is PATH, relative to the project folder ("content").
	Path string
	// ArticlePaths and PagePaths are ARTICLE_PATHS and PAGE_PATHS, the
	// folders under Path ("" is all of it); the Excludes theirs.
	ArticlePaths, ArticleExcludes, PagePaths, PageExcludes []string
	// SaveAs holds the *_SAVE_AS settings by name ("ARTICLE_SAVE_AS").
	SaveAs map[string]string
	// SlugifyBasename is SLUGIFY_SOURCE = 'basename'.
	SlugifyBasename bool
	// PreserveCase is SLUGIFY_PRESERVE_CASE.
	PreserveCase bool
	// FileName is FILENAME_METADATA, PathMeta PATH_METADATA; nil for
	// none.
	FileName, PathMeta *regexp.Regexp
	// UseUnicode is SLUGIFY_USE_UNICODE; CustomSlugs says that
	// SLUG_REGEX_SUBSTITUTIONS (or the older SLUG_SUBSTITUTIONS) is set.
	UseUnicode, CustomSlugs bool
	// FolderCategory is USE_FOLDER_AS_CATEGORY; DefaultCategory
	// DEFAULT_CATEGORY, Author AUTHOR, Lang DEFAULT_LANG.
	FolderCategory                bool
	DefaultCategory, Author, Lang string
	// DefaultDate is DEFAULT_DATE, when it is a date (a tuple or a
	// string); DefaultDateFS is DEFAULT_DATE = 'fs'.
	DefaultDate   time.Time
	DefaultDateFS bool
	// Zone is TIMEZONE, UTC when unset; ZoneFrom names the setting.
	Zone     *time.Location
	ZoneFrom string
	// DefaultMeta is DEFAULT_METADATA, each key lower-cased: the
	// metadata of a source that gives none of its own (status: draft
	// makes every article without a Status: a draft); nil for none.
	DefaultMeta map[string]string
	// Lists match the files of its list pages (Preset.Lists).
	Lists []*regexp.Regexp
	// Plugins says that PLUGINS names plugins: their code, which
	// sitemapgen does not run, may give an article or a page another URL
	// than its *_SAVE_AS (see [Preset.movedTo]).
	Plugins bool
	// Unknown, when not "", is why the sources cannot be joined: a
	// setting the join needs is not a literal.
	Unknown string
}

// saveAsDefaults are Pelican 4.8's *_SAVE_AS settings, which are the
// files its pages are at: the join goes by them, whatever the *_URL
// settings say (a page's URL is the URL of its file).
var saveAsDefaults = map[string]string{
	"ARTICLE_SAVE_AS":         "{slug}.html",
	"ARTICLE_LANG_SAVE_AS":    "{slug}-{lang}.html",
	"DRAFT_SAVE_AS":           "drafts/{slug}.html",
	"DRAFT_LANG_SAVE_AS":      "drafts/{slug}-{lang}.html",
	"PAGE_SAVE_AS":            "pages/{slug}.html",
	"PAGE_LANG_SAVE_AS":       "pages/{slug}-{lang}.html",
	"DRAFT_PAGE_SAVE_AS":      "drafts/pages/{slug}.html",
	"DRAFT_PAGE_LANG_SAVE_AS": "drafts/pages/{slug}-{lang}.html",
}

// defaultFileName is FILENAME_METADATA's default.
const defaultFileName = `(?P<date>\d{4}-\d{2}-\d{2}).*`

// Conf is what a project's settings files say of the settings the join
// reads (joinKeys), each from publishconf.py, else pelicanconf.py: it is
// the project's generator.Detected.Own.
type Conf map[string]Setting

// A Setting is the value of a literal assignment (as pyconf.Value's Val:
// a string, a bool, nil, a float64, a list; else a peer.Expr), its file
// and its line.
type Setting struct {
	Val  any
	File string
	Line int
}

// joinKeys are the settings the join reads.
var joinKeys = []string{
	"PATH", "ARTICLE_PATHS", "ARTICLE_EXCLUDES", "PAGE_PATHS", "PAGE_EXCLUDES",
	"SLUGIFY_SOURCE", "SLUGIFY_PRESERVE_CASE", "USE_FOLDER_AS_CATEGORY", "DEFAULT_CATEGORY",
	"AUTHOR", "DEFAULT_LANG", "FILENAME_METADATA", "PATH_METADATA", "DEFAULT_DATE", "TIMEZONE",
	"SLUGIFY_USE_UNICODE", "SLUG_REGEX_SUBSTITUTIONS", "SLUG_SUBSTITUTIONS", "DEFAULT_METADATA",
	"PLUGINS",
}

// confOf returns the settings of files (publishconf.py first, whose
// settings win, then pelicanconf.py) that the join reads.
func confOf(files []pyFile) Conf {
	c := Conf{}
	keys := append(slices.Clone(joinKeys), slices.Sorted(maps.Keys(saveAsDefaults))...)
	keys = append(keys, slices.Sorted(maps.Keys(listSaveAs))...)
	for _, k := range keys {
		for _, f := range files {
			if v, ok := f.vals[k]; ok {
				c[k] = Setting{Val: v.Val, File: f.name, Line: v.Line}
				break
			}
		}
	}
	return c
}

// readSettings reads the settings of c, with Pelican's defaults.
func readSettings(c Conf) *settings {
	s := &settings{
		Path: ".", ArticlePaths: []string{""}, PagePaths: []string{"pages"},
		SaveAs: map[string]string{}, FolderCategory: true, DefaultCategory: "misc", Lang: "en",
		Zone: time.UTC, ZoneFrom: "Pelican's default TIMEZONE",
	}
	for k, v := range saveAsDefaults {
		s.SaveAs[k] = v
	}
	s.FileName = regexp.MustCompile(`^` + defaultFileName)
	r := confReader{c, s}
	r.str("PATH", &s.Path)
	if c := siteurl.CleanDir(s.Path); c != "" {
		s.Path = c
	} else {
		s.Path = "."
	}
	r.list("ARTICLE_PATHS", &s.ArticlePaths)
	r.list("ARTICLE_EXCLUDES", &s.ArticleExcludes)
	r.list("PAGE_PATHS", &s.PagePaths)
	r.list("PAGE_EXCLUDES", &s.PageExcludes)
	r.saveAs()
	var source string
	r.str("SLUGIFY_SOURCE", &source)
	s.SlugifyBasename = source == "basename"
	r.boolean("SLUGIFY_PRESERVE_CASE", &s.PreserveCase)
	r.boolean("USE_FOLDER_AS_CATEGORY", &s.FolderCategory)
	r.str("DEFAULT_CATEGORY", &s.DefaultCategory)
	r.str("AUTHOR", &s.Author)
	r.str("DEFAULT_LANG", &s.Lang)
	s.metaPatterns(c)
	// Slugs made in another way than by the default substitutions are
	// not known. A source without a slug of its own is then not joined.
	for _, name := range []string{"SLUG_REGEX_SUBSTITUTIONS", "SLUG_SUBSTITUTIONS"} {
		if _, ok := c[name]; ok {
			s.CustomSlugs = true
		}
	}
	r.boolean("SLUGIFY_USE_UNICODE", &s.UseUnicode)
	if v, ok := c["PLUGINS"]; ok {
		// A list that code builds may name some plugins.
		l, isList := v.Val.([]any)
		s.Plugins = v.Val != nil && (!isList || len(l) > 0)
	}
	if v, ok := c["DEFAULT_DATE"]; ok {
		s.defaultDate(v)
	}
	if v, ok := c["DEFAULT_METADATA"]; ok {
		s.defaultMeta(v)
	}
	r.timezone()
	return s
}

// A confReader reads the settings of c into s. A setting of the wrong
// type is noted in s.Unknown (settings.unknown) and leaves the value
// alone.
type confReader struct {
	c Conf
	s *settings
}

// str sets *dst to the string setting name, when c has it.
func (r confReader) str(name string, dst *string) {
	if v, ok := r.c[name]; ok {
		if x, isStr := v.Val.(string); isStr {
			*dst = x
		} else {
			r.s.unknown(v.File, v, name)
		}
	}
}

// boolean sets *dst to the boolean setting name, when c has it.
func (r confReader) boolean(name string, dst *bool) {
	if v, ok := r.c[name]; ok {
		if x, isBool := v.Val.(bool); isBool {
			*dst = x
		} else {
			r.s.unknown(v.File, v, name)
		}
	}
}

// list sets *dst to the list of paths name, when c has it. Each path is
// cleaned and has no slash at either end.
func (r confReader) list(name string, dst *[]string) {
	v, ok := r.c[name]
	if !ok {
		return
	}
	l, isList := v.Val.([]any)
	if !isList {
		r.s.unknown(v.File, v, name)
		return
	}
	out := []string{}
	for _, e := range l {
		x, isStr := e.(string)
		if !isStr {
			r.s.unknown(v.File, v, name)
			return
		}
		out = append(out, strings.Trim(path.Clean("/"+x), "/"))
	}
	*dst = out
}

// saveAs reads the *_SAVE_AS settings of the pages, and the patterns of
// the list pages. A list page's setting that is not a literal leaves
// its pages undated, and the join goes on.
func (r confReader) saveAs() {
	for name := range saveAsDefaults {
		v := r.s.SaveAs[name]
		r.str(name, &v)
		r.s.SaveAs[name] = v
	}
	for _, name := range slices.Sorted(maps.Keys(listSaveAs)) {
		v := listSaveAs[name]
		if set, ok := r.c[name]; ok {
			x, isStr := set.Val.(string)
			if !isStr {
				continue
			}
			v = x
		}
		if re := listPattern(v); re != nil {
			r.s.Lists = append(r.s.Lists, re)
		}
	}
}

// timezone reads TIMEZONE. A zone that is not known is noted in
// s.Unknown, and the default zone stays.
func (r confReader) timezone() {
	v, ok := r.c["TIMEZONE"]
	if !ok {
		return
	}
	name, isStr := v.Val.(string)
	loc, err := loadLocation(name)
	if !isStr || err != nil || name == "" {
		r.s.unknown(v.File, v, "TIMEZONE")
	} else {
		r.s.Zone, r.s.ZoneFrom = loc, v.File+" TIMEZONE"
	}
}

// unknown notes, once, that the setting name in file is not one
// sitemapgen reads: the pages are then not joined to their sources.
func (s *settings) unknown(file string, v Setting, name string) {
	if s.Unknown == "" {
		s.Unknown = generator.Note(file, v.Line, "%s is not a literal Pelican setting sitemapgen reads; its pages are not joined to their sources", name)
	}
}

// metaPatterns reads FILENAME_METADATA and PATH_METADATA, the patterns
// that take metadata from a source's name and path.
func (s *settings) metaPatterns(c Conf) {
	for _, name := range []string{"FILENAME_METADATA", "PATH_METADATA"} {
		v, ok := c[name]
		if !ok {
			continue
		}
		var re *regexp.Regexp
		switch x := v.Val.(type) {
		case string:
			if x == "" {
				break
			}
			// Python's named groups, (?P<name>…), are Go's too; re.match
			// anchors at the start. A pattern Go does not take (a
			// lookahead) stops the join.
			var err error
			if re, err = regexp.Compile(`^(?:` + x + `)`); err != nil {
				s.unknown(v.File, v, name)
			}
		case nil:
		default:
			s.unknown(v.File, v, name)
		}
		if name == "FILENAME_METADATA" {
			s.FileName = re
		} else {
			s.PathMeta = re
		}
	}
}

// defaultDate reads DEFAULT_DATE: "fs", a date, or a list of numbers.
func (s *settings) defaultDate(v Setting) {
	switch x := v.Val.(type) {
	case nil:
	case string:
		if x == "fs" {
			s.DefaultDateFS = true
		} else if t, ok, _ := parseDate(x, time.UTC); ok {
			s.DefaultDate = t
		} else {
			s.unknown(v.File, v, "DEFAULT_DATE")
		}
	case []any:
		var n [6]int
		for i, e := range x {
			f, isNum := e.(float64)
			if !isNum || i >= len(n) {
				s.unknown(v.File, v, "DEFAULT_DATE")
				break
			}
			n[i] = int(f)
		}
		if len(x) >= 3 {
			s.DefaultDate = time.Date(n[0], time.Month(n[1]), n[2], n[3], n[4], n[5], 0, time.UTC)
		}
	default:
		s.unknown(v.File, v, "DEFAULT_DATE")
	}
}

// defaultMeta reads DEFAULT_METADATA, a dict of strings.
func (s *settings) defaultMeta(v Setting) {
	// A value that is not a literal dict of strings could make
	// every source a draft, or hidden: the join stops.
	switch x := v.Val.(type) {
	case map[string]any:
		s.DefaultMeta = map[string]string{}
		for k, e := range x {
			str, isStr := e.(string)
			if !isStr {
				s.unknown(v.File, v, "DEFAULT_METADATA")
				break
			}
			s.DefaultMeta[strings.ToLower(k)] = str
		}
	case nil:
	default:
		s.unknown(v.File, v, "DEFAULT_METADATA")
	}
}

// pyFile is a settings file's literal assignments.
type pyFile struct {
	name string
	vals map[string]pyconf.Value
}

// slug is Pelican's slugify of v with these settings; ok false when it
// is not known here.
func (s *settings) slug(v string) (string, bool) {
	if s.CustomSlugs {
		return "", false
	}
	return slugify(v, s.PreserveCase, s.UseUnicode)
}
