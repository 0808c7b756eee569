// Package hugo is Hugo, as sitemapgen knows it: a project is one with
// hugo.* or config.* (with a key or a folder of Hugo's), or a config/
// folder of such files. `hugo` writes publishDir (public/) from
// contentDir (content/), each language's contentDir with it: pages at
// Hugo's URLs (bundles, sections, permalinks, slugs), list pages for the
// home, sections, taxonomies and terms, static/ copied as it is, and its
// sitemaps ([sitemap], one per language). Its builds keep the output of
// deleted sources; hugo server renders to memory unless told
// --renderToDisk. A page is dated by [frontmatter] lastmod, :git being
// GitInfo's author date.
package hugo

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsconf"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/zone"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Generator is Hugo.
type Generator struct{}

var (
	_ generator.Generator     = Generator{}
	_ generator.Loader        = Generator{}
	_ generator.SitemapNamer  = Generator{}
	_ generator.BaseURLPlacer = Generator{}
	_ generator.PeerReader    = Generator{}
	_ generator.Marker        = Generator{}

	_ generator.Preset              = (*Preset)(nil)
	_ generator.Dated               = (*Preset)(nil)
	_ generator.FileDater           = (*Preset)(nil)
	_ generator.Zoned               = (*Preset)(nil)
	_ generator.Translator          = (*Preset)(nil)
	_ generator.Configured          = (*Preset)(nil)
	_ generator.FolderReader        = (*Preset)(nil)
	_ generator.Changer             = (*Preset)(nil)
	_ generator.FrontMatterOptioner = (*Preset)(nil)
	_ generator.ConfigFiler         = (*Preset)(nil)
	_ generator.SectionLister       = (*Preset)(nil)
	_ generator.OutputKeeper        = (*Preset)(nil)
	_ generator.StaticCopier        = (*Preset)(nil)
	_ generator.DevServer           = (*Preset)(nil)
	_ generator.PageDefaulter       = (*Preset)(nil)
	_ generator.LanguageSplitter    = (*Preset)(nil)

	_ generator.Preset              = (*Languages)(nil)
	_ generator.Sourced             = (*Languages)(nil)
	_ generator.Dated               = (*Languages)(nil)
	_ generator.Zoned               = (*Languages)(nil)
	_ generator.Translator          = (*Languages)(nil)
	_ generator.FolderNamer         = (*Languages)(nil)
	_ generator.Changer             = (*Languages)(nil)
	_ generator.FrontMatterOptioner = (*Languages)(nil)
	_ generator.SectionLister       = (*Languages)(nil)
	_ generator.OutputKeeper        = (*Languages)(nil)
	_ generator.StaticCopier        = (*Languages)(nil)
	_ generator.DevServer           = (*Languages)(nil)
	_ generator.PageDefaulter       = (*Languages)(nil)
)

// Info returns Hugo's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "hugo", Title: "Hugo", PublishKey: "publishDir", SourceKey: "contentDir"}
}

// Load loads the preset of the Hugo project in dir: found when it has a
// configuration (see [generator.Loader]).
func (Generator) Load(dir string, lim limits.Limits) (generator.Preset, bool, error) {
	h, err := Load(dir, lim)
	return h, err == nil && h.File != "", err
}

// Marks returns, for a project found by config.*, a name other tools'
// projects share, Hugo's own folders (see [generator.Marker]).
func (Generator) Marks(p *generator.Project) []string {
	if !strings.HasPrefix(path.Base(p.File), "config.") {
		return nil
	}
	return Folders
}

// Sitemaps names Hugo's: sitemap.xml, or [sitemap] filename, at the root
// and in each language's folder; sitemap.xml stays named after a
// rename, a build before it left it (Hugo does not empty its folder).
func (Generator) Sitemaps(p *generator.Project) generator.SitemapFiles {
	file := cmp.Or(p.SitemapFile, "sitemap.xml")
	names := []string{"sitemap.xml", file}
	for _, lang := range p.Languages {
		names = append(names, lang+"/"+file)
	}
	return generator.SitemapFiles{Names: names}
}

// BaseURLPlaces names baseURL.
func (Generator) BaseURLPlaces(_ *generator.Project, file string) []string {
	return []string{"baseURL in Hugo's configuration (" + file + ")"}
}

// Hugo is what a Hugo project's configuration says, as far as sitemapgen
// needs it, and the [Preset] that gives each content file the URL path
// Hugo publishes it at.
//
// # Rules
//
// Content files are those with the extensions Hugo renders: .md, .mdown,
// .markdown, .html, .htm, .adoc, .asciidoc, .ad, .org, .pdc, .pandoc and
// .rst, in lower case (an .html or .htm file only with front matter;
// without, Hugo copies it and its sitemap does not list it; Hugo 0.111
// copies "A.MD" too). Files and folders whose names
// start with "." or "#" or end with "~" are ignored, as Hugo ignores them;
// names starting with "_" are not ignored (Hugo publishes
// "posts/_draft.md" at "/posts/_draft/").
//
//   - "_index.md" is its folder's list page: "/docs/" ("/docs.html" with
//     uglyURLs); at the content root it is the home page, "/".
//   - "index.md" makes its folder a leaf bundle, published at the
//     folder's URL ("posts/trip/index.md" is "/posts/trip/"); every other
//     file in the folder and below is a resource of the bundle, not a page.
//     Front matter headless: true keeps a leaf bundle unpublished (Hugo
//     ignores it elsewhere).
//   - Any other file is a page at its folder plus its name: "about.md" is
//     "/about/", "posts/a.md" is "/posts/a/" ("/posts/a.html" with
//     uglyURLs).
//   - Front matter url wins outright and keeps its case; without an
//     extension, or ending in "/", it is a folder ("/x" is "/x/"). On an
//     _index file it is sanitized like any other path. Its dot segments
//     are resolved ("/a/../b" is "/b/"), but a url that
//     [frontmatter.CheckURLPath] refuses publishes no page here: one on
//     another host ("https://evil.example/x", an error in Hugo;
//     "//evil.example/x"), with a backslash or a percent-encoded dot
//     segment, or climbing above the root ("/../etc/passwd", which Hugo
//     would clean to "/etc/passwd").
//   - Front matter slug replaces the last path element (not on _index
//     files).
//   - A permalinks pattern for the page's section (the first folder of
//     its path; "/" for pages at the content root) replaces the path.
//   - Paths (not url) are sanitized as Hugo's urlize does: white space
//     becomes "-", characters other than letters, digits, marks and
//     . _ ~ + # @ - / are dropped, and the result is lower-cased unless
//     disablePathToLower is set.
//   - A file name's language suffix ("about.en.md") is dropped when it
//     names the default content language or a configured language; other
//     languages than the default are published under "/LANG/", and the
//     default one too with defaultContentLanguageInSubdir.
//
// # Permalink patterns
//
// Tokens: :year :month :monthname :day :weekday :weekdayname :yearday
// (from [Page.Date], in the time zone it carries), :section, :sections and
// its slices (:sections[1:], :sections[last]), :title, :slug (the slug,
// else the title), :filename (a bundle's folder name), :slugorfilename,
// :contentbasename and :slugorcontentbasename (newer Hugo), and any Go time
// layout (:2006, :Jan, :02). :title and :slug are urlized, and so is the
// expanded pattern as a whole (lower-cased, white space to "-"; a colon,
// even one written "\:", does not survive). A page without a date has
// Go's zero time (:year is "1"): the caller passes the date Hugo would
// use (date, else publishDate …). Hugo 0.111 makes every expanded
// pattern a folder, even one that ends in ".html" ("/b/:title.html" is
// "/b/my-title.html/"), unless uglyURLs is set. In Hugo 0.111 a
// top-level section without an _index file has an empty last element
// in :sections[…] (:sections[last] is "" for "blog/a.md"); URLPath does
// the same.
//
// # Out of scope, and differences
//
//   - Multilingual sites are handled as far as file name suffixes (above)
//     and, for a join of a build to its sources, per-language content
//     directories ([Languages]); per-language permalinks and
//     multihost setups are not.
//   - :sectionslug and :sectionslugs (which need other pages' front
//     matter), the [[permalinks]] list form and taxonomy and term
//     patterns ([permalinks.term], a taxonomy's key in the old form) are
//     not supported: the former two and the list form are configuration
//     errors, the latter ignored, and "tags/go/_index.md" is "/tags/go/".
//   - A theme's configuration, HUGO_* environment overrides of settings,
//     front matter cascade, build options (render: never) and outputs are
//     not read. Of the environment, only HUGO_ENVIRONMENT is: it names the
//     config folder merged over config/_default ("production", as for
//     `hugo`, when unset).
//   - Hugo 0.111 does not publish .htm files at all; newer Hugo renders
//     them like .html, as URLPath does.
//   - [permalinks.page] and [permalinks.section] tables are the form of
//     Hugo 0.120 and later; Hugo 0.111 fails on them. The section patterns
//     apply to _index pages, which the old form never changed.
//   - Front matter url ending in "/index.html" gives "/x/index.html/" as
//     Hugo 0.111 links it.
//   - A folder is taken as a leaf bundle when it holds an index file of a
//     content extension, whether or not an index.html has front matter.
//
// # Use
//
// The content root that [Page.Path] is relative to is ContentDir under the
// project folder. URLPath caches what it reads of Content: a Hugo must not
// be copied once used, and [Preset.Invalidate] drops the cache.
type Preset struct {
	// File is the configuration file read, relative to the project
	// folder: the root hugo.* or config.* file, else the first file of
	// the config folder; "" when there is none and the defaults apply.
	File string
	// Files lists every configuration file merged, in order, File first.
	Files []string

	BaseURL    string // baseURL
	PublishDir string // publishDir, default "public"
	ContentDir string // contentDir, default "content"
	// UglyURLs is uglyURLs when it is a boolean.
	UglyURLs bool
	// UglySections is uglyURLs when it is a table of section = boolean:
	// the sections it names (lower-cased) use ugly URLs.
	UglySections map[string]bool
	// Permalinks maps a section (lower-cased; "/" for pages at the
	// content root) to the pattern of its regular pages: the
	// [permalinks] table's string values, and [permalinks.page].
	Permalinks map[string]string
	// SectionPermalinks maps a section to the pattern of its list pages
	// and those of the sections below it: [permalinks.section].
	SectionPermalinks map[string]string
	// DisablePathToLower is disablePathToLower.
	DisablePathToLower bool
	// DefaultContentLanguage is defaultContentLanguage, default "en".
	DefaultContentLanguage string
	// DefaultContentLanguageInSubdir is defaultContentLanguageInSubdir.
	DefaultContentLanguageInSubdir bool
	// Languages are the keys of the languages table, lower-cased.
	Languages []string
	// LangContentDirs maps a language to its own content folder, its
	// contentDir in the languages table; the others' content is in
	// ContentDir. See [Languages].
	LangContentDirs map[string]string
	// LangCodes are the languages' hreflang codes, as Hugo's sitemap
	// writes them (.Language.Locale): the languages table's locale, else
	// its languageCode, by language; a language without either has its
	// key. (Hugo 0.111 wrote the key whatever the table said.)
	LangCodes map[string]string
	// Lang, when set, is the language of every file of Content: the Hugo
	// of one language's content folder, in [Languages].
	Lang string
	// DisableKinds is disableKinds, lower-cased ("page", "section",
	// "home", "taxonomy" and "term" change what URLPath publishes).
	DisableKinds []string
	// SitemapChangeFreq and SitemapPriority are [sitemap] changefreq and
	// priority: every page's in Hugo's sitemap, unless its own sitemap:
	// front matter says otherwise. Unset by default.
	SitemapChangeFreq sitemap.ChangeFreq
	SitemapPriority   sitemap.Priority
	// SitemapFilename is [sitemap] filename: the name of the sitemap
	// Hugo writes at the root and in each language's folder; "" for its
	// default, sitemap.xml.
	SitemapFilename string
	// Taxonomies are the plural names of the taxonomies (the values of
	// the taxonomies table), default categories and tags: an _index file
	// in such a top-level folder is a taxonomy page, one a level below a
	// term page, not a section.
	Taxonomies []string

	// EnableGitInfo is enableGitInfo, or HUGO_ENABLEGITINFO: Hugo dates
	// a page by the author date of the last commit of its source where
	// its [frontmatter] lastmod list says :git (first, by default).
	// EnableGitInfoFrom names what set it: the file, or the variable.
	EnableGitInfo     bool
	EnableGitInfoFrom string
	// FrontMatterDates are the lists of the [frontmatter] table by their
	// date's name (lastmod, date, publishdate, expirydate), lower-cased
	// as written (":default" unexpanded); a date the table does not name
	// has Hugo's default list. FrontMatterFrom is the file that set the
	// table.
	FrontMatterDates map[string][]string
	FrontMatterFrom  string

	// Content is the content folder, read to find leaf bundles (folders
	// with an index file) and nested sections (folders with an _index
	// file). Load sets it to the project's content folder. When nil,
	// URLPath assumes no folder is a leaf bundle but a page's own, and
	// that only top-level folders are sections.
	Content fs.FS

	dirs     sync.Map // folder → hugoDir, what Content says
	patterns sync.Map // pattern → []hugoAttr

	orderOnce sync.Once            // LastModOrder's
	order     *generator.DateOrder // what LastModOrder worked out

	// TimeZone is timeZone, the zone Hugo reads the dates written
	// without one in ("" is UTC), set in the file TimeZoneFrom.
	// LangTimeZones are the languages' own (language → zone), from the
	// languages table, set in LangTimeZonesFrom. See [Preset.Zone].
	TimeZone, TimeZoneFrom string
	LangTimeZones          map[string]string
	LangTimeZonesFrom      string

	// limits are those the configuration was read within, and project
	// the folder it was read from.
	limits  limits.Limits
	project string
}

// hugoContent lists the extensions of the files Hugo renders.
var hugoContent = map[string]bool{
	".md": true, ".mdown": true, ".markdown": true,
	".html": true, ".htm": true,
	".adoc": true, ".asciidoc": true, ".ad": true,
	".org": true, ".pdc": true, ".pandoc": true, ".rst": true,
}

// Load reads the configuration of the Hugo project in projectDir,
// each file within the limits lim, as
// Hugo does: the first of hugo.toml, hugo.yaml, hugo.yml, hugo.json,
// config.toml, config.yaml, config.yml, config.json; then, merged over
// it, the files of config/_default and of config/ENV (ENV being
// $HUGO_ENVIRONMENT, else "production"), where hugo.* and config.* hold
// top-level settings and any other NAME.ext the setting NAME (as
// permalinks.toml). Keys are case-insensitive. With no configuration at
// all the defaults apply and File is "". A config.* at the root that is
// the only file counts only when it is Hugo-shaped: another tool's file of
// that name (a search crawler's config.json) is no configuration (see
// hugoForeign).
//
// Errors are [*diag.Diagnostic]s naming the file (and the line, for syntax
// errors).
func Load(projectDir string, lim limits.Limits) (*Preset, error) {
	h := &Preset{PublishDir: "public", ContentDir: "content", DefaultContentLanguage: "en", Taxonomies: []string{"categories", "tags"}, limits: lim}
	cfg := map[string]any{}
	origin := map[string]string{} // top-level key → the file that last set it
	merge := func(rel string, m map[string]any, key string) {
		m = lowerKeys(m).(map[string]any)
		if key != "" {
			m = map[string]any{key: m}
		}
		for k := range m {
			origin[k] = rel
		}
		deepMerge(cfg, m)
		h.Files = append(h.Files, rel)
	}

	files, err := hugoConfigFiles(projectDir, os.Getenv("HUGO_ENVIRONMENT"), lim)
	if err != nil {
		return nil, err
	}
	for _, rel := range files {
		m, err := conffile.ReadConfigFile(projectDir, rel, rel, lim)
		if err != nil {
			return nil, err
		}
		// A file of a config folder holds the key it is named for
		// (params.toml: params), but hugo.* and config.* the whole.
		key := ""
		if dir, file := path.Split(rel); dir != "" {
			name, _ := srcpath.SplitExt(file)
			if key = strings.ToLower(name); key == "hugo" || key == "config" {
				key = ""
			}
		}
		merge(rel, m, key)
	}
	if len(h.Files) > 0 {
		h.File = h.Files[0]
	}
	if err := h.apply(cfg, origin); err != nil {
		return nil, err
	}
	contentDir := h.ContentDir
	if !filepath.IsAbs(contentDir) {
		contentDir = filepath.Join(projectDir, contentDir)
	}
	// The folder the sources are walked in, as named: its files are
	// listed and statted through the door, never through a link out.
	h.Content = fsx.DirFS(contentDir, int64(lim.Or().FrontMatterBytes), "limits.front_matter_bytes")
	h.project = projectDir
	return h, nil
}

// hugoConfigFiles lists a Hugo project's configuration files, relative
// to projectDir with "/" separators, in the order Hugo merges them: the
// first of hugo.* and config.* at the root, then config/_default/ and
// config/ENV/ (ENV "" is production), without the per-language files
// (menus.en.toml). A root config.* that is the only file and is not
// Hugo's (hugoForeign) is left out: the project has no Hugo configuration.
func hugoConfigFiles(projectDir, env string, lim limits.Limits) ([]string, error) {
	var files []string
root:
	for _, base := range []string{"hugo", "config"} {
		for _, ext := range []string{".toml", ".yaml", ".yml", ".json"} {
			if conffile.IsFile(projectDir, base+ext) {
				files = append(files, base+ext)
				break root
			}
		}
	}
	if env == "" {
		env = "production"
	}
	for _, sub := range []string{"_default", env} {
		entries, err := fsx.ReadDir(projectDir, path.Join("config", sub))
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			// A folder linked out of the project (a shared config/):
			// not followed; said with its name in a Hugo project, passed
			// over in another (a config/ of its own tools).
			if errors.Is(err, fsx.ErrOutside) && len(files) == 0 {
				continue
			}
			if pe, ok := errors.AsType[*fs.PathError](err); ok {
				return nil, &diag.Diagnostic{File: path.Join("config", sub), Msg: pe.Err.Error(), Err: err}
			}
			return nil, err
		}
		for _, e := range entries {
			name, ext := srcpath.SplitExt(e.Name())
			switch strings.ToLower(ext) {
			case ".toml", ".yaml", ".yml", ".json":
			default:
				continue
			}
			if e.IsDir() || strings.Contains(name, ".") { // menus.en.toml: per language
				continue
			}
			files = append(files, path.Join("config", sub, e.Name()))
		}
	}
	if len(files) == 1 && hugoForeign(projectDir, files[0], lim) {
		return nil, nil
	}
	return files, nil
}

// Folders are the folders of a Hugo project that other tools' projects
// do not have beside a config.* file: Hugo's content, templates, archetypes
// and themes.
var Folders = []string{"content", "layouts", "archetypes", "themes"}

// hugoKeys are the top-level settings (lower case) that only a Hugo
// configuration sets; general names that other tools' config.* files use
// too (title, author, copyright, languages, build, server) are not among
// them.
var hugoKeys = map[string]bool{
	"baseurl": true, "languagecode": true, "defaultcontentlanguage": true, "defaultcontentlanguageinsubdir": true,
	"theme": true, "themesdir": true, "contentdir": true, "publishdir": true, "layoutdir": true,
	"archetypedir": true, "assetdir": true, "datadir": true, "i18ndir": true, "staticdir": true, "resourcedir": true,
	"module": true, "params": true, "permalinks": true, "taxonomies": true, "menu": true, "menus": true,
	"markup": true, "outputs": true, "outputformats": true, "mediatypes": true, "frontmatter": true,
	"enablegitinfo": true, "enableemoji": true, "enablerobotstxt": true, "buildfuture": true, "builddrafts": true,
	"buildexpired": true, "paginate": true, "paginatepath": true, "pagination": true, "uglyurls": true,
	"canonifyurls": true, "relativeurls": true, "disablekinds": true, "disablepathtolower": true,
	"summarylength": true, "googleanalytics": true, "hascjklanguage": true, "pluralizelisttitles": true,
	"removepathaccents": true, "titlecaselisttitles": true, "disablehugogeneratorinject": true,
}

// hugoForeign reports whether rel, a project's only Hugo-like
// configuration file, is surely not Hugo's: a root config.* (the names
// Hugo shares with other tools, as a search crawler's config.json) that
// sets none of hugoKeys, or does not read as a configuration at all, in a
// project without any of Folders. hugo.* is always Hugo's.
func hugoForeign(projectDir, rel string, lim limits.Limits) bool {
	if name, _ := srcpath.SplitExt(rel); name != "config" {
		return false
	}
	for _, dir := range Folders {
		if conffile.HasFolder(projectDir, dir) {
			return false
		}
	}
	m, err := conffile.ReadConfigFile(projectDir, rel, rel, lim)
	if err != nil {
		return true
	}
	for k := range m {
		if hugoKeys[strings.ToLower(k)] {
			return false
		}
	}
	return true
}

// apply sets h's fields from a merged, lower-cased configuration.
func (h *Preset) apply(cfg map[string]any, origin map[string]string) error {
	str := func(key string, dst *string) error {
		v, ok := cfg[key]
		if !ok {
			return nil
		}
		s, ok := conffile.StringValue(v)
		if !ok {
			return conffile.Errorf(origin[key], "%s: want a string, got a %s", key, conffile.KindOf(v))
		}
		if s != "" {
			*dst = s
		}
		return nil
	}
	boolean := func(key string, dst *bool) error {
		v, ok := cfg[key]
		if !ok {
			return nil
		}
		b, ok := conffile.BoolValue(v)
		if !ok {
			return conffile.Errorf(origin[key], "%s: want true or false, got a %s", key, conffile.KindOf(v))
		}
		*dst = b
		return nil
	}
	for _, err := range []error{
		str("baseurl", &h.BaseURL),
		str("publishdir", &h.PublishDir),
		str("contentdir", &h.ContentDir),
		str("defaultcontentlanguage", &h.DefaultContentLanguage),
		str("timezone", &h.TimeZone),
		boolean("defaultcontentlanguageinsubdir", &h.DefaultContentLanguageInSubdir),
		boolean("disablepathtolower", &h.DisablePathToLower),
	} {
		if err != nil {
			return err
		}
	}
	h.DefaultContentLanguage = strings.ToLower(h.DefaultContentLanguage)
	if h.TimeZone != "" {
		h.TimeZoneFrom = origin["timezone"]
	}
	if err := boolean("enablegitinfo", &h.EnableGitInfo); err != nil {
		return err
	}
	h.EnableGitInfoFrom = origin["enablegitinfo"]
	if env := os.Getenv("HUGO_ENABLEGITINFO"); env != "" {
		// Hugo's environment overrides its files.
		if b, err := strconv.ParseBool(env); err == nil {
			h.EnableGitInfo, h.EnableGitInfoFrom = b, "HUGO_ENABLEGITINFO"
		}
	}
	if err := h.applyFrontMatter(cfg["frontmatter"], origin["frontmatter"]); err != nil {
		return err
	}
	if err := h.applySitemap(cfg["sitemap"], origin["sitemap"]); err != nil {
		return err
	}

	switch v := cfg["uglyurls"].(type) {
	case nil:
	case map[string]any:
		h.UglySections = map[string]bool{}
		for sec, b := range v {
			ugly, ok := conffile.BoolValue(b)
			if !ok {
				return conffile.Errorf(origin["uglyurls"], "uglyurls.%s: want true or false, got a %s", sec, conffile.KindOf(b))
			}
			h.UglySections[strings.Trim(sec, "/")] = ugly
		}
	default:
		if err := boolean("uglyurls", &h.UglyURLs); err != nil {
			return err
		}
	}

	if v, ok := cfg["languages"]; ok {
		m, ok := v.(map[string]any)
		if !ok {
			return conffile.Errorf(origin["languages"], "languages: want a table, got a %s", conffile.KindOf(v))
		}
		for lang, lv := range m {
			h.Languages = append(h.Languages, lang)
			if lm, ok := lv.(map[string]any); ok {
				if z, ok := lm["timezone"].(string); ok && z != "" {
					if h.LangTimeZones == nil {
						h.LangTimeZones = map[string]string{}
					}
					h.LangTimeZones[strings.ToLower(lang)], h.LangTimeZonesFrom = z, origin["languages"]
				}
				for _, key := range []string{"locale", "languagecode"} {
					if c, ok := lm[key].(string); ok && strings.TrimSpace(c) != "" {
						if h.LangCodes == nil {
							h.LangCodes = map[string]string{}
						}
						h.LangCodes[strings.ToLower(lang)] = strings.TrimSpace(c)
						break
					}
				}
				if dir, ok := lm["contentdir"].(string); ok && dir != "" {
					if h.LangContentDirs == nil {
						h.LangContentDirs = map[string]string{}
					}
					h.LangContentDirs[lang] = dir
				}
			}
		}
		sort.Strings(h.Languages)
	}
	if v, ok := cfg["disablekinds"]; ok {
		kinds, ok := conffile.StringList(v)
		if !ok {
			return conffile.Errorf(origin["disablekinds"], "disablekinds: want a list of strings, got a %s", conffile.KindOf(v))
		}
		for _, k := range kinds {
			h.DisableKinds = append(h.DisableKinds, strings.ToLower(k))
		}
	}

	if v, ok := cfg["taxonomies"]; ok {
		m, ok := v.(map[string]any)
		if !ok {
			return conffile.Errorf(origin["taxonomies"], "taxonomies: want a table of singular = plural, got a %s", conffile.KindOf(v))
		}
		h.Taxonomies = nil
		for _, plural := range m {
			s, ok := conffile.StringValue(plural)
			if !ok {
				return conffile.Errorf(origin["taxonomies"], "taxonomies: want plural names, got a %s", conffile.KindOf(plural))
			}
			h.Taxonomies = append(h.Taxonomies, strings.ToLower(s))
		}
		sort.Strings(h.Taxonomies)
	}
	if v, ok := cfg["permalinks"]; ok {
		if err := h.applyPermalinks(v, origin["permalinks"]); err != nil {
			return err
		}
	}
	return nil
}

// applyFrontMatter reads the [frontmatter] table: each date's list of
// identifiers.
func (h *Preset) applyFrontMatter(v any, file string) error {
	if v == nil {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return conffile.Errorf(file, "frontmatter: want a table, got a %s", conffile.KindOf(v))
	}
	for _, name := range []string{"lastmod", "date", "publishdate", "expirydate"} {
		lv, ok := m[name]
		if !ok {
			continue
		}
		list, ok := conffile.StringList(lv)
		if !ok {
			return conffile.Errorf(file, "frontmatter.%s: want a list of strings, got a %s", name, conffile.KindOf(lv))
		}
		for i := range list {
			list[i] = strings.ToLower(strings.TrimSpace(list[i]))
		}
		if h.FrontMatterDates == nil {
			h.FrontMatterDates = map[string][]string{}
		}
		h.FrontMatterDates[name] = list
		h.FrontMatterFrom = file
	}
	return nil
}

// applySitemap reads the [sitemap] table: changefreq, priority (-1,
// Hugo's default, for none), and filename.
func (h *Preset) applySitemap(v any, file string) error {
	if v == nil {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return conffile.Errorf(file, "sitemap: want a table, got a %s", conffile.KindOf(v))
	}
	if c, ok := m["changefreq"]; ok {
		s, ok := conffile.StringValue(c)
		if !ok {
			return conffile.Errorf(file, "sitemap.changefreq: want a string, got a %s", conffile.KindOf(c))
		}
		if s != "" {
			cf, err := sitemap.ParseChangeFreq(strings.ToLower(s))
			if err != nil {
				return conffile.Errorf(file, "sitemap.changefreq: %v", err)
			}
			h.SitemapChangeFreq = cf
		}
	}
	if f, ok := m["filename"]; ok {
		s, ok := conffile.StringValue(f)
		if !ok {
			return conffile.Errorf(file, "sitemap.filename: want a string, got a %s", conffile.KindOf(f))
		}
		if s != "" && (s != path.Base(s) || s == "." || s == "..") {
			return conffile.Errorf(file, "sitemap.filename: %q is not a file name", s)
		}
		h.SitemapFilename = s
	}
	if p, ok := m["priority"]; ok {
		var f float64
		switch p := p.(type) {
		case float64:
			f = p
		case int64:
			f = float64(p)
		case int:
			f = float64(p)
		default:
			return conffile.Errorf(file, "sitemap.priority: want a number, got a %s", conffile.KindOf(p))
		}
		if f >= 0 {
			pr, err := sitemap.PriorityOf(f)
			if err != nil {
				return conffile.Errorf(file, "sitemap.priority: %v", err)
			}
			h.SitemapPriority = pr
		}
	}
	return nil
}

func (h *Preset) applyPermalinks(v any, file string) error {
	m, ok := v.(map[string]any)
	if !ok {
		return conffile.Errorf(file, "permalinks: want a table of section = pattern, got a %s (the [[permalinks]] list form of newer Hugo is not supported)", conffile.KindOf(v))
	}
	set := func(dst *map[string]string, where, section string, pattern any) error {
		s, ok := pattern.(string)
		if !ok {
			return conffile.Errorf(file, "%s.%s: want a pattern string, got a %s", where, section, conffile.KindOf(pattern))
		}
		if _, err := h.compile(s); err != nil {
			return conffile.Errorf(file, "%s.%s: %v", where, section, err)
		}
		if *dst == nil {
			*dst = map[string]string{}
		}
		(*dst)[sectionKey(section)] = s
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch v := m[k].(type) {
		case string:
			if err := set(&h.Permalinks, "permalinks", k, v); err != nil {
				return err
			}
		case map[string]any:
			var dst *map[string]string
			switch k {
			case "page":
				dst = &h.Permalinks
			case "section":
				dst = &h.SectionPermalinks
			case "taxonomy", "term":
				continue // not pages with a source file we map
			default:
				return conffile.Errorf(file, "permalinks.%s: permalinks for kind %q are not supported (page, section, taxonomy, term)", k, k)
			}
			for sec, pat := range v {
				if err := set(dst, "permalinks."+k, sec, pat); err != nil {
					return err
				}
			}
		default:
			return conffile.Errorf(file, "permalinks.%s: want a pattern string, got a %s", k, conffile.KindOf(v))
		}
	}
	return nil
}

// sectionKey is the key a section has in Permalinks: lower case, "/" for
// the content root.
func sectionKey(s string) string {
	s = strings.ToLower(strings.Trim(s, " /"))
	if s == "" {
		return "/"
	}
	return s
}

// lowerKeys lower-cases the keys of every table in v, as Hugo reads its
// configuration.
func lowerKeys(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[strings.ToLower(k)] = lowerKeys(e)
		}
		return m
	case []map[string]any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = lowerKeys(e)
		}
		return out
	case []any:
		for i, e := range v {
			v[i] = lowerKeys(e)
		}
		return v
	}
	return v
}

// deepMerge sets src's values in dst, merging tables.
func deepMerge(dst, src map[string]any) {
	for k, v := range src {
		if sm, ok := v.(map[string]any); ok {
			if dm, ok := dst[k].(map[string]any); ok {
				deepMerge(dm, sm)
				continue
			}
		}
		dst[k] = v
	}
}

// Name returns "hugo".
func (h *Preset) Name() string { return "hugo" }

// Config returns the configuration read and the folders it gives (see
// [Configured]).
func (h *Preset) Config() (file, sources, publish string) { return h.File, h.ContentDir, h.PublishDir }

// FrontMatterOptions reads the terms of the site's taxonomies, for the
// dates of their pages (see [FrontMatterOptioner]).
func (h *Preset) FrontMatterOptions(string) generator.FrontMatterOptions {
	return generator.FrontMatterOptions{Terms: h.Taxonomies}
}

// SectionSource returns, for the source at rel of the content folder,
// its path, its language's URL prefix and the taxonomy and term pages
// that list it (see [SectionLister]).
func (h *Preset) SectionSource(rel string, terms map[string][]string) (string, string, []string, bool) {
	return sectionSource(h, rel, terms)
}

// LanguageFolders returns the contentDir of each language that has its
// own (see [LanguageSplitter]).
func (h *Preset) LanguageFolders() map[string]string { return h.LangContentDirs }

// SplitLanguages returns the preset of the content folder of every
// language, relative to the project folder project (see
// [LanguageSplitter]).
func (h *Preset) SplitLanguages(project string) (generator.Preset, error) {
	return LoadLanguages(h, project)
}

// KeepsOldOutput reports that Hugo's builds leave the pages of deleted
// sources in its publish folder (see [OutputKeeper]).
func (h *Preset) KeepsOldOutput() bool { return true }

// hugoStatic are the folders whose files Hugo copies to its output as
// they are: static/, and each theme's.
var hugoStatic = []string{"static", "themes/*/static"}

// StaticFolders returns static/ and each theme's static/ (see
// [StaticCopier]).
func (h *Preset) StaticFolders() []string { return hugoStatic }

// hugoServer and hugoToDisk are Hugo's dev server and the option that
// makes it write its pages.
const hugoServer, hugoToDisk = "hugo server", "--renderToDisk"

// DevServer returns hugo server and --renderToDisk (see [DevServer]).
func (h *Preset) DevServer() (command, toDisk string) { return hugoServer, hugoToDisk }

// PageDefaults returns [sitemap] changefreq and priority (see
// [PageDefaulter]).
func (h *Preset) PageDefaults() (sitemap.ChangeFreq, sitemap.Priority) {
	return h.SitemapChangeFreq, h.SitemapPriority
}

// ConfigFiles returns the configuration files merged (see [ConfigFiler]).
func (h *Preset) ConfigFiles() []string { return h.Files }

// ReadFolder gives the preset the content folder it tells bundles and
// sections by (see [FolderReader]).
func (h *Preset) ReadFolder(content fs.FS) { h.Content = content }

// Changed forgets what URLPath read of the folders of the sources at
// rels (files or folders relative to the content folder, added, removed
// or changed), and returns the other sources whose URL changes with
// them: the pages under a folder that gained or lost its index file (a
// leaf bundle, whose other pages are then its resources) or its _index
// file (a section). See [Changer].
func (h *Preset) Changed(rels []string) (again []string) {
	if h.Content == nil {
		return nil
	}
	seen := map[string]bool{}
	for _, rel := range rels {
		rel, ok := srcpath.CleanRel(rel)
		if !ok {
			h.dirs.Clear() // the content folder itself
			continue
		}
		// A folder added or removed: what was read under it is gone.
		h.dirs.Range(func(k, _ any) bool {
			if d := k.(string); d == rel || strings.HasPrefix(d, rel+"/") {
				h.dirs.Delete(k)
			}
			return true
		})
		dir := parent(rel)
		old, read := h.dirs.LoadAndDelete(dir)
		if !read || seen[dir] || h.dir(dir) == old.(hugoDir) {
			continue // no URL asked about dir, or its index files are as they were
		}
		seen[dir] = true
		top := dir
		if top == "" {
			top = "."
		}
		_ = fs.WalkDir(h.Content, top, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && hugoContent[path.Ext(p)] && p != rel {
				again = append(again, p)
			}
			return nil // a folder that cannot be read holds no page
		})
	}
	return again
}

// ---------------------------------------------------------------------
// Detect

// Detect finds a Hugo project: a configuration [Load]
// finds. When Load rejects a setting of files that parse, only the
// publish folder and base URL are read (hugoFallback).
func (Generator) Detect(d *generator.Dir) (*generator.Project, error) {
	if d.Claimed("config.toml") {
		return nil, nil // another's config.toml: a Zola project's
	}
	h, err := Load(d.Path(), d.Limits())
	if err != nil {
		var ce *diag.Diagnostic
		if errors.As(err, &ce) && ce.Err == nil && ce.File != "" {
			// The files parse but Load rejects a setting (permalinks
			// sitemapgen does not support, say): read what Detect needs
			// directly.
			return hugoFallback(d, ce)
		}
		return nil, d.Wrap(err)
	}
	if h.File == "" {
		return nil, nil
	}
	p := &generator.Project{Generator: "hugo", Title: "Hugo", File: h.File, PublishDir: siteurl.CleanDir(h.PublishDir), Languages: h.Languages, SitemapFile: h.SitemapFilename}
	origin, _, _ := hugoSetting(d, h.Files, "baseurl")
	if origin == "" {
		origin = h.File
	}
	hugoBaseURL(d, p, h.BaseURL, origin)
	return p, nil
}

// hugoTopLevel reports whether a Hugo configuration file (relative to the
// project) holds top-level settings: hugo.* and config.*, at the root or
// in a config/ENV folder.
func hugoTopLevel(rel string) bool {
	name, _ := srcpath.SplitExt(path.Base(rel))
	name = strings.ToLower(name)
	return name == "hugo" || name == "config"
}

// hugoSetting returns the file of files (relative to d.Path()) that last sets
// the top-level key (lower case), its value and the file's contents.
func hugoSetting(d *generator.Dir, files []string, key string) (string, any, []byte) {
	var (
		origin string
		val    any
		data   []byte
	)
	for _, rel := range files {
		if !hugoTopLevel(rel) {
			continue
		}
		m, err := conffile.ReadConfigFile(d.Path(), rel, rel, d.Limits())
		if err != nil {
			continue
		}
		if v, ok := lowerKeys(m).(map[string]any)[key]; ok {
			origin, val = rel, v
			data, _ = d.Limits().ReadFile(d.Path(), rel, "", limits.Text)
		}
	}
	return origin, val, data
}

// hugoFiles lists the configuration files of the Hugo project in d.Path() in
// the order Load merges them.
func hugoFiles(d *generator.Dir) ([]string, error) {
	env, _ := d.Env("HUGO_ENVIRONMENT")
	files, err := hugoConfigFiles(d.Path(), env, d.Limits())
	if err != nil {
		return nil, fmt.Errorf("detect: %w", err)
	}
	return files, nil
}

// hugoFallback reads publishDir and baseURL from the files of a
// configuration that Load rejected with ce, and notes ce.
func hugoFallback(d *generator.Dir, ce *diag.Diagnostic) (*generator.Project, error) {
	files, err := hugoFiles(d)
	if err != nil {
		return nil, err
	}
	for _, rel := range files { // a file that does not parse is still an error
		if _, err := conffile.ReadConfigFile(d.Path(), rel, rel, d.Limits()); err != nil {
			return nil, d.Wrap(err)
		}
	}
	if len(files) == 0 {
		return nil, d.Wrap(ce)
	}
	p := &generator.Project{Generator: "hugo", Title: "Hugo", File: files[0], PublishDir: "public"}
	p.Notes = append(p.Notes, ce.Error()+"; only baseURL and publishDir are read")
	if origin, v, data := hugoSetting(d, files, "publishdir"); origin != "" {
		if s, ok := v.(string); ok && s != "" {
			p.PublishDir = siteurl.CleanDir(s)
		} else if !ok {
			p.PublishDir = ""
			p.Notes = append(p.Notes, generator.Note(origin, conffile.KeyLine(data, "publishDir"), "publishDir is not a string; give the built folder as DIR"))
		}
	}
	origin, v, data := hugoSetting(d, files, "baseurl")
	if origin != "" {
		s, ok := v.(string)
		if !ok {
			p.Notes = append(p.Notes, generator.Note(origin, conffile.KeyLine(data, "baseURL"), "baseURL is not a string; give --base-url"))
		} else {
			hugoBaseURL(d, p, s, origin)
		}
	}
	return p, nil
}

// hugoBaseURL sets p's base URL from Hugo's baseURL, set in origin.
func hugoBaseURL(d *generator.Dir, p *generator.Project, raw, origin string) {
	raw = strings.TrimSpace(raw)
	switch {
	case raw == "" || raw == "/":
	case siteurl.AbsHTTP(raw):
		p.BaseURL, p.BaseURLFrom = siteurl.WithSlash(raw), origin+" baseURL"
	case strings.HasPrefix(raw, "/") && !strings.HasPrefix(raw, "//"):
		p.BasePath = siteurl.NormBase(raw)
	default:
		data, _ := d.Limits().ReadFile(d.Path(), origin, "", limits.Text)
		p.Notes = append(p.Notes, generator.Note(origin, conffile.KeyLine(data, "baseURL"), "baseURL %q is not an absolute http(s) URL; give --base-url", raw))
	}
}

// hugoDir is what a content folder holds that changes its files' URLs.
type hugoDir struct {
	leaf   bool // an index file: a leaf bundle
	branch bool // an _index file: a section (or the home page)
}

func (h *Preset) dir(dir string) hugoDir {
	if h.Content == nil {
		return hugoDir{}
	}
	if v, ok := h.dirs.Load(dir); ok {
		return v.(hugoDir)
	}
	name := dir
	if name == "" {
		name = "."
	}
	var d hugoDir
	entries, _ := fs.ReadDir(h.Content, name) // a folder that cannot be read has no index
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		base, ext := srcpath.SplitExt(e.Name())
		if !hugoContent[ext] {
			continue
		}
		base, _ = h.splitLang(base)
		switch base {
		case "index":
			d.leaf = true
		case "_index":
			d.branch = true
		}
	}
	h.dirs.Store(dir, d)
	return d
}

// isSection says whether a folder (not the root) is a section: a
// top-level folder that is not a leaf bundle, or one with an _index file.
func (h *Preset) isSection(dir string) bool {
	d := h.dir(dir)
	return d.branch || !strings.Contains(dir, "/") && !d.leaf
}

// currentSection is the section a file in dir belongs to: the nearest
// section at or above dir, "" for the home page.
func (h *Preset) currentSection(dir string) string {
	for d := dir; d != ""; d = parent(d) {
		if h.isSection(d) {
			return d
		}
	}
	return ""
}

func parent(dir string) string {
	if i := strings.LastIndexByte(dir, '/'); i >= 0 {
		return dir[:i]
	}
	return ""
}

// splitLang drops a language suffix ("about.en") from a file's base name
// when it names a language of the site.
func (h *Preset) splitLang(name string) (string, string) {
	if h.Lang != "" {
		if base, lang := (&Preset{DefaultContentLanguage: h.Lang, Languages: h.Languages}).splitLang(name); lang == h.Lang {
			return base, lang
		}
		return name, h.Lang
	}
	def := h.defaultLang()
	i := strings.LastIndexByte(name, '.')
	if i <= 0 {
		return name, def
	}
	lang := strings.ToLower(name[i+1:])
	if lang == def || slices.Contains(h.Languages, lang) {
		return name[:i], lang
	}
	return name, def
}

func (h *Preset) defaultLang() string {
	if h.DefaultContentLanguage == "" {
		return "en"
	}
	return strings.ToLower(h.DefaultContentLanguage)
}

func (h *Preset) langPrefix(lang string) string {
	if lang != h.defaultLang() || h.DefaultContentLanguageInSubdir {
		return "/" + lang
	}
	return ""
}

func (h *Preset) disabled(kind string) bool { return slices.Contains(h.DisableKinds, kind) }

func (h *Preset) ugly(section string) bool {
	return h.UglyURLs || h.UglySections[strings.ToLower(section)]
}

// URLPath returns the URL path Hugo publishes p at; see [Hugo] for the
// rules. ok is false for a file that is not a content file, a leaf
// bundle's resource, a headless bundle, an ignored file, a page of a
// disabled kind, a page whose url is not a path on the site (another
// host, a climb above the root: see [frontmatter.CheckURLPath]), and a
// pattern that cannot be expanded. The path never climbs above the
// root, whatever the slug, title or file name.
func (h *Preset) URLPath(p generator.Page) (string, bool) {
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok {
		return "", false
	}
	els := strings.Split(rel, "/")
	for _, el := range els {
		if strings.HasPrefix(el, ".") || strings.HasPrefix(el, "#") || strings.HasSuffix(el, "~") {
			return "", false
		}
	}
	dirEls, file := els[:len(els)-1], els[len(els)-1]
	dir := strings.Join(dirEls, "/")
	name, ext := srcpath.SplitExt(file)
	if !hugoContent[ext] || (ext == ".html" || ext == ".htm") && !p.HasFrontMatter {
		return "", false
	}
	name, lang := h.splitLang(name)
	bundle := name == "index"

	// A file below a leaf bundle's folder is one of its resources; a
	// bundle's own folder does not count for its index file.
	above := dir
	if bundle {
		above = ""
		if dir != "" {
			above = parent(dir)
		}
	}
	if !(bundle && dir == "") {
		for d := above; ; d = parent(d) {
			if h.dir(d).leaf {
				return "", false
			}
			if d == "" {
				break
			}
		}
	}
	prefix := h.langPrefix(lang)

	if name == "_index" {
		if dir == "" {
			if h.disabled("home") {
				return "", false
			}
			return prefix + "/", true
		}
		kind := "section"
		if slices.Contains(h.Taxonomies, strings.ToLower(dirEls[0])) && len(dirEls) <= 2 {
			kind = [...]string{"taxonomy", "term"}[len(dirEls)-1]
		}
		if h.disabled(kind) {
			return "", false
		}
		if p.URL != "" {
			return h.frontURL(p.URL, true, prefix)
		}
		section := dirEls[0]
		var out []string
		if pattern := h.SectionPermalinks[sectionKey(section)]; pattern != "" {
			exp, err := h.expand(pattern, hugoTokens{
				date: p.Date, title: p.Title, slug: p.Slug,
				section: section, sections: dirEls,
			})
			if err != nil {
				return "", false
			}
			out = []string{exp}
		} else {
			out = slices.Clone(dirEls)
		}
		return prefix + h.link(out, h.ugly(section), ""), true
	}

	if h.disabled("page") || bundle && p.Headless {
		return "", false
	}
	pageDir, base := dirEls, name
	if bundle {
		pageDir, base = nil, ""
		if len(dirEls) > 0 {
			pageDir, base = dirEls[:len(dirEls)-1], dirEls[len(dirEls)-1]
		}
	}
	section := ""
	if len(pageDir) > 0 {
		section = pageDir[0]
	}
	if d, slug, ok := h.fileNameDate(base); ok {
		// [frontmatter] date with :filename: the name's date and the
		// rest of it as the slug, unless front matter gives them.
		if p.Slug == "" {
			p.Slug = slug
		}
		if p.Date.IsZero() || h.fileNameFirst() {
			p.Date = d
		}
	}
	if p.URL != "" {
		return h.frontURL(p.URL, false, prefix)
	}
	ugly := h.ugly(section)
	var out []string
	sameAsType := ""
	if pattern := h.Permalinks[sectionKey(section)]; pattern != "" {
		exp, err := h.expand(pattern, hugoTokens{
			date: p.Date, title: p.Title, slug: p.Slug, filename: base,
			section: section, sections: h.sectionEntries(h.currentSection(strings.Join(pageDir, "/"))),
		})
		if err != nil {
			return "", false
		}
		out = []string{exp}
	} else {
		if p.Slug != "" {
			base = p.Slug
		}
		out = append(slices.Clone(pageDir), base)
		if base == "index" {
			ugly, sameAsType = true, base
		}
	}
	return prefix + h.link(out, ugly, sameAsType), true
}

// sectionEntries are the elements of a section's path, as
// :sections[…] slices them. Hugo 0.111 gives a top-level section without
// an _index file a trailing empty element: :sections[last] is "" for
// "blog/a.md" when there is no blog/_index.md.
func (h *Preset) sectionEntries(section string) []string {
	els := splitPath(section)
	if len(els) == 1 && !h.dir(section).branch {
		els = append(els, "")
	}
	return els
}

func splitPath(p string) []string {
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// link builds a page's link from its path elements as Hugo's
// pagePathBuilder does: an index.html below them, or ".html" after them
// when ugly, every element sanitized.
func (h *Preset) link(els []string, ugly bool, sameAsType string) string {
	index := !ugly
	if ugly {
		if len(els) == 0 {
			els = append(els, ".html")
		} else {
			last := strings.TrimSuffix(els[len(els)-1], "/")
			els[len(els)-1] = last + ".html"
		}
	} else {
		els = append(els, "index.html")
	}
	for i, el := range els {
		els[i] = h.makePath(el)
	}
	// Joined from the root, no element ("..", from a slug or a title)
	// climbs above it.
	var link string
	if index {
		link = path.Join(append([]string{"/"}, els[:len(els)-1]...)...)
		if !strings.HasSuffix(link, "/") {
			link += "/"
		}
	} else {
		link = path.Join(append([]string{"/"}, els...)...)
	}
	if sameAsType != "" {
		link = strings.TrimSuffix(link, sameAsType)
	}
	return link
}

// frontURL is the link of a page with front matter url, as Hugo 0.111
// builds it: kept as written (sanitized on list pages) but cleaned, a
// folder unless it has a dot and no final slash. A relative url gets the
// language prefix. A url that frontmatter.CheckURLPath refuses gives
// none.
func (h *Preset) frontURL(u string, sanitize bool, prefix string) (string, bool) {
	if frontmatter.CheckURLPath(u) != nil {
		return "", false
	}
	relative := !strings.HasPrefix(u, "/")
	link := path.Join("/", u)
	hasDot, hasSlash := strings.Contains(u, "."), strings.HasSuffix(u, "/")
	folder := (hasSlash || !hasDot || strings.HasSuffix(link, "/index.html")) && link != "/"
	if sanitize {
		// Sanitizing may make a dot segment ("..?" is ".."): clean again.
		els := strings.Split(link, "/")
		for i, el := range els {
			els[i] = h.makePath(el)
		}
		link = path.Join("/", strings.Join(els, "/"))
	}
	if folder && link != "/" {
		link += "/"
	}
	if relative {
		link = prefix + link
	}
	return link, true
}

// hugoTokens are the values a permalink pattern draws on.
type hugoTokens struct {
	date                  time.Time
	title, slug, filename string
	section               string
	sections              []string // the current section's path
}

// hugoAttr is one placeholder of a compiled pattern.
type hugoAttr struct {
	text string // the placeholder as written, ":year"
	name string // "year", or "sections" with cut set
	cut  string // "[1:]" for :sections[1:]
	date bool   // a Go time layout
}

var (
	hugoAttrRE  = regexp.MustCompile(`:\w+(\[.+?\])?`)
	hugoRefTime = time.Date(2019, time.November, 9, 23, 1, 42, 1, time.UTC)
	hugoAttrs   = map[string]bool{
		"year": true, "month": true, "monthname": true, "day": true,
		"weekday": true, "weekdayname": true, "yearday": true,
		"section": true, "sections": true, "title": true, "slug": true,
		"filename": true, "slugorfilename": true,
		"contentbasename": true, "slugorcontentbasename": true,
	}
)

const hugoEscapedColon = "\x00"

// compile parses a permalink pattern, as Hugo validates it when it
// loads its configuration.
func (h *Preset) compile(pattern string) ([]hugoAttr, error) {
	if v, ok := h.patterns.Load(pattern); ok {
		return v.([]hugoAttr), nil
	}
	p := strings.ReplaceAll(pattern, `\:`, hugoEscapedColon)
	var attrs []hugoAttr
	for _, m := range hugoAttrRE.FindAllStringSubmatch(p, -1) {
		a := hugoAttr{text: m[0], name: m[0][1:]}
		switch {
		case hugoAttrs[a.name]:
		case strings.HasPrefix(a.name, "sections["):
			a.name, a.cut = "sections", strings.TrimPrefix(a.name, "sections")
		case strings.HasPrefix(a.name, "sectionslug"):
			return nil, fmt.Errorf("permalink attribute %s is not supported by sitemapgen in %q", a.text, pattern)
		case hugoRefTime.Format(a.name) != a.name:
			a.date = true
		default:
			return nil, fmt.Errorf("permalink attribute %s not recognised in %q", a.text, pattern)
		}
		attrs = append(attrs, a)
	}
	h.patterns.Store(pattern, attrs)
	return attrs, nil
}

// expand fills in a permalink pattern.
func (h *Preset) expand(pattern string, t hugoTokens) (string, error) {
	attrs, err := h.compile(pattern)
	if err != nil {
		return "", err
	}
	out := strings.ReplaceAll(pattern, `\:`, hugoEscapedColon)
	for _, a := range attrs {
		out = strings.Replace(out, a.text, h.attr(a, t), 1)
	}
	return strings.ReplaceAll(out, hugoEscapedColon, ":"), nil
}

func (h *Preset) attr(a hugoAttr, t hugoTokens) string {
	if a.date {
		return t.date.Format(a.name)
	}
	d := t.date
	filename := func() string {
		if t.filename == "" {
			return ""
		}
		return h.urlize(t.filename)
	}
	switch a.name {
	case "year":
		return strconv.Itoa(d.Year())
	case "month":
		return fmt.Sprintf("%02d", int(d.Month()))
	case "monthname":
		return d.Month().String()
	case "day":
		return fmt.Sprintf("%02d", d.Day())
	case "weekday":
		return strconv.Itoa(int(d.Weekday()))
	case "weekdayname":
		return d.Weekday().String()
	case "yearday":
		return strconv.Itoa(d.YearDay())
	case "section":
		return t.section
	case "sections":
		return path.Join(hugoCut(a.cut, t.sections)...)
	case "title":
		return h.urlize(t.title)
	case "slug":
		if t.slug != "" {
			return h.urlize(t.slug)
		}
		return h.urlize(t.title)
	case "filename", "contentbasename":
		return filename()
	case "slugorfilename", "slugorcontentbasename":
		if t.slug != "" {
			return h.urlize(t.slug)
		}
		return filename()
	}
	return a.text
}

// hugoCut slices a section path as Hugo's :sections[low:high],
// :sections[n] and :sections[last] do, leniently.
func hugoCut(cut string, s []string) []string {
	cut = strings.ToLower(strings.TrimSpace(cut))
	if cut == "" {
		return s
	}
	if len(cut) < 3 || cut[0] != '[' || cut[len(cut)-1] != ']' {
		return nil
	}
	index := func(v string, low bool) int {
		switch v {
		case "":
			if low {
				return 0
			}
			return len(s)
		case "last":
			return len(s) - 1
		}
		n, _ := strconv.Atoi(v)
		n = max(n, 0)
		if n >= len(s) {
			if low {
				return -1
			}
			return len(s)
		}
		return n
	}
	ops := cut[1 : len(cut)-1]
	if len(s) == 0 {
		return nil
	}
	lo, hi, ok := strings.Cut(ops, ":")
	if !ok {
		n := index(lo, true)
		if n < 0 {
			return nil
		}
		return s[n : n+1]
	}
	n1, n2 := index(lo, true), index(hi, false)
	if n1 < 0 || n2 < 0 || n1 > n2 {
		return nil
	}
	return s[n1:n2]
}

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
		one, err := Load(projectDir, h.limits)
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
	h, rel, ok := hl.of(p.Path)
	if !ok {
		return "", false
	}
	p.Path = rel
	return h.URLPath(p)
}

// SourceFiles returns the content folders' files; the folders a Hugo
// project keeps beside them that hold none (node_modules, themes,
// resources) are not walked.
func (hl *Languages) SourceFiles() (include, exclude []string) {
	for _, d := range hl.Dirs {
		include = append(include, d+"/**")
	}
	return include, []string{"node_modules", "themes", "resources"}
}

// FrontMatter reads all of it.
func (hl *Languages) FrontMatter(string) generator.Reading { return generator.AllFrontMatter }

// Name returns "hugo".
func (hl *Languages) Name() string { return "hugo" }

// Site returns one folder's preset, for what the site's configuration
// says alike for every folder (taxonomies, [sitemap]); nil for none.
func (hl *Languages) Site() *Preset {
	if len(hl.Dirs) == 0 {
		return nil
	}
	return hl.Hugo[hl.Dirs[0]]
}

// Taxonomies are the site's taxonomies, the same in every folder's
// preset.
func (hl *Languages) Taxonomies() []string {
	if h := hl.Site(); h != nil {
		return h.Taxonomies
	}
	return nil
}

// FrontMatterOptions reads the terms of the site's taxonomies.
func (hl *Languages) FrontMatterOptions(string) generator.FrontMatterOptions {
	return generator.FrontMatterOptions{Terms: hl.Taxonomies()}
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

// Folders names the content folders in the project folder dir, for the
// line of what was found (see [FolderNamer]).
func (hl *Languages) Folders(dir, _ string) string {
	var dirs []string
	for _, d := range hl.Dirs {
		dirs = append(dirs, filepath.Join(dir, filepath.FromSlash(d)))
	}
	return strings.Join(dirs, ", ") + " (the contentDir of each of Hugo's languages)"
}

// SectionSource is [Preset.SectionSource], rel relative to the project
// folder.
func (hl *Languages) SectionSource(rel string, terms map[string][]string) (string, string, []string, bool) {
	return sectionSource(hl, rel, terms)
}

// KeepsOldOutput reports that Hugo's builds keep old output (see
// [Preset.KeepsOldOutput]).
func (hl *Languages) KeepsOldOutput() bool { return true }

// StaticFolders are [Preset.StaticFolders].
func (hl *Languages) StaticFolders() []string { return hugoStatic }

// DevServer is [Preset.DevServer].
func (hl *Languages) DevServer() (command, toDisk string) { return hugoServer, hugoToDisk }

// PageDefaults are the site's [sitemap] changefreq and priority.
func (hl *Languages) PageDefaults() (sitemap.ChangeFreq, sitemap.Priority) {
	if h := hl.Site(); h != nil {
		return h.PageDefaults()
	}
	return 0, sitemap.Priority{}
}

// sectionSource is SectionSource for p, a *Preset or a *Languages.
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

// Hugo's front matter date identifiers.
const (
	hugoGit         = ":git"
	hugoFileModTime = ":filemodtime"
	hugoFileName    = ":filename"
	hugoDefault     = ":default"
)

// hugoDefaultDates are Hugo's default [frontmatter] lists (Hugo 0.111,
// and since), lower-cased.
var hugoDefaultDates = map[string][]string{
	"date":        {"date", "publishdate", "pubdate", "published", "lastmod", "modified"},
	"lastmod":     {hugoGit, "lastmod", "modified", "date", "publishdate", "pubdate", "published"},
	"publishdate": {"publishdate", "pubdate", "published", "date"},
	"expirydate":  {"expirydate", "unpublishdate"},
}

// hugoDateAliases are the keys each of Hugo's date identifiers reads:
// lastmod is also modified; publishDate is also pubdate and published;
// expiryDate also unpublishdate.
var hugoDateAliases = map[string][]string{
	"lastmod":     {"lastmod", "modified"},
	"modified":    {"lastmod", "modified"},
	"publishdate": {"publishdate", "pubdate", "published"},
	"pubdate":     {"publishdate", "pubdate", "published"},
	"published":   {"publishdate", "pubdate", "published"},
	"expirydate":  {"expirydate", "unpublishdate"},
}

// hugoDates returns the [frontmatter] list of the date name ("lastmod"),
// lower-cased, with :default expanded.
func (h *Preset) hugoDates(name string) []string {
	list, ok := h.FrontMatterDates[name]
	if !ok {
		return hugoDefaultDates[name]
	}
	var out []string
	for _, id := range list {
		if id == hugoDefault {
			out = append(out, hugoDefaultDates[name]...)
			continue
		}
		out = append(out, id)
	}
	return out
}

// LastModOrder returns the order in which Hugo gives a page its
// .Lastmod, which its sitemap writes: the [frontmatter] lastmod list
// (default :git, lastmod, modified, date, publishDate, pubDate,
// published), each key with its aliases (lastmod is also modified).
// :git answers only with enableGitInfo. :fileModTime, the source
// file's modification time, is read as git: in a checkout every file's
// time is the checkout's, and the last commit of the file is the time
// its text last changed. :filename is the date in the file's name
// (2023-01-02-title.md). Hugo 0.111 does not fall back to date when the
// list ends without one: neither does the order.
//
// Its git step is the author date of the source's last commit, a file
// renamed without a change dated by the rename: GitInfo's AuthorDate,
// taken from the last commit whose files name the path. It is so in a
// join and in content mode alike.
//
// The order is worked out once: h's settings must not change after.
func (h *Preset) LastModOrder() *generator.DateOrder {
	h.orderOnce.Do(func() { h.order = h.lastModOrder() })
	return h.order
}

func (h *Preset) lastModOrder() *generator.DateOrder {
	o := &generator.DateOrder{GitAuthor: true, GitRenames: true}
	var from []string
	seen := map[string]bool{}
	git := false
	for _, id := range h.hugoDates("lastmod") {
		switch id {
		case hugoGit:
			if !h.EnableGitInfo || git {
				continue
			}
			git = true
			o.Steps = append(o.Steps, generator.DateStep{Git: true})
			from = append(from, "Hugo enableGitInfo, "+h.EnableGitInfoFrom)
		case hugoFileModTime:
			if git {
				continue
			}
			git = true
			o.Steps = append(o.Steps, generator.DateStep{Git: true})
			from = append(from, "Hugo :fileModTime read as git, "+h.FrontMatterFrom)
		case hugoFileName:
			o.Steps = append(o.Steps, generator.DateStep{FileName: true})
		default:
			keys := hugoDateAliases[id]
			if keys == nil {
				keys = []string{id}
			}
			var step generator.DateStep
			for _, k := range keys {
				if !seen[k] {
					seen[k] = true
					step.Keys = append(step.Keys, k)
				}
			}
			if len(step.Keys) > 0 {
				o.Steps = append(o.Steps, step)
			}
		}
	}
	if _, ok := h.FrontMatterDates["lastmod"]; ok && h.FrontMatterFrom != "" {
		from = append(from, "Hugo [frontmatter] lastmod, "+h.FrontMatterFrom)
	}
	if len(from) == 0 {
		from = append(from, "Hugo's default [frontmatter] lastmod")
	}
	o.From = strings.Join(from, "; ")
	return o
}

// hugoFileNameRE is the name Hugo's :filename reads a date from: the
// date, a hyphen, and the rest, which becomes the slug.
var hugoFileNameRE = regexp.MustCompile(`^([0-9]{4}-[0-9]{2}-[0-9]{2})-(.+)$`)

// fileNameDate returns the date and the slug Hugo's :filename reads
// from a page's base name (a bundle's folder name, a file's name without
// its extension), when the [frontmatter] date list names :filename.
func (h *Preset) fileNameDate(base string) (time.Time, string, bool) {
	if !slices.Contains(h.hugoDates("date"), hugoFileName) {
		return time.Time{}, "", false
	}
	m := hugoFileNameRE.FindStringSubmatch(base)
	if m == nil {
		return time.Time{}, "", false
	}
	d, err := time.Parse(time.DateOnly, m[1])
	if err != nil {
		return time.Time{}, "", false
	}
	return d, m[2], true
}

// fileNameFirst reports whether :filename comes before the key date in
// the [frontmatter] date list.
func (h *Preset) fileNameFirst() bool {
	for _, id := range h.hugoDates("date") {
		switch id {
		case hugoFileName:
			return true
		case "date":
			return false
		}
	}
	return false
}

// FileDate returns the date Hugo's :filename reads in the name of the
// file at rel (relative to the content folder), when its [frontmatter]
// lastmod or date list names :filename: midnight in the timeZone of the
// file's language ([Preset.Zone]).
func (h *Preset) FileDate(rel string) (time.Time, bool) {
	if !slices.Contains(h.hugoDates("lastmod"), hugoFileName) && !slices.Contains(h.hugoDates("date"), hugoFileName) {
		return time.Time{}, false
	}
	dir, file := path.Split(rel)
	base, _ := srcpath.SplitExt(file)
	if base == "index" || base == "_index" {
		base = path.Base(strings.TrimSuffix(dir, "/"))
	}
	m := hugoFileNameRE.FindStringSubmatch(base)
	if m == nil {
		return time.Time{}, false
	}
	loc, _ := h.Zone(rel)
	d, err := time.ParseInLocation(time.DateOnly, m[1], cmp.Or(loc, time.UTC))
	return d, err == nil
}

// LastModOrder returns the order of the site's configuration, the same
// in every language's folder.
func (hl *Languages) LastModOrder() *generator.DateOrder {
	if h := hl.Site(); h != nil {
		return h.LastModOrder()
	}
	return nil
}

// Zone returns the timeZone of the language of the file at rel: its
// languages table's, else the site's; nil without one (Hugo's default is
// UTC, whatever the machine's zone).
func (h *Preset) Zone(rel string) (*time.Location, string) {
	name, from := h.TimeZone, h.TimeZoneFrom
	if len(h.LangTimeZones) > 0 {
		base, _ := srcpath.SplitExt(path.Base(rel))
		_, lang := h.splitLang(base)
		if z, ok := h.LangTimeZones[lang]; ok {
			name, from = z, h.LangTimeZonesFrom+" languages."+lang
		}
	}
	if name == "" {
		return nil, ""
	}
	loc, err := zone.Load(name)
	if err != nil {
		return nil, ""
	}
	return loc, from + " timeZone"
}

// ZoneWarnings names each timeZone of the configuration that is not a
// known zone (Hugo stops with an error).
func (h *Preset) ZoneWarnings() []error {
	var out []error
	check := func(file, name string) {
		if name == "" {
			return
		}
		if _, err := zone.Load(name); err != nil {
			line := 0
			if h.project != "" {
				data, _ := h.limits.ReadFile(h.project, file, "", limits.Text)
				line = zoneLine(data, name)
			}
			out = append(out, &diag.Diagnostic{File: file, Line: line, Msg: zone.Unknown("timeZone", name)})
		}
	}
	check(h.TimeZoneFrom, h.TimeZone)
	for _, lang := range h.Languages {
		check(h.LangTimeZonesFrom, h.LangTimeZones[lang])
	}
	return out
}

// zoneLine is the line of data that sets timeZone to name, 0 if none
// does: the key may be set for several languages in one file.
func zoneLine(data []byte, name string) int {
	for i, ln := range strings.Split(string(data), "\n") {
		if strings.Contains(strings.ToLower(ln), "timezone") && strings.Contains(ln, name) {
			return i + 1
		}
	}
	return 0
}

// Zone is the zone of the language of the file at rel, a path under the
// project folder with a language's own content folder first.
func (hl *Languages) Zone(rel string) (*time.Location, string) {
	if h, r, ok := hl.of(rel); ok {
		return h.Zone(r)
	}
	return nil, ""
}

// ZoneWarnings are the site's.
func (hl *Languages) ZoneWarnings() []error {
	if h := hl.Site(); h != nil {
		return h.ZoneWarnings()
	}
	return nil
}

// hugoSanitize is Hugo's paths.Sanitize, the first half of its urlize
// (the second is percent-encoding, which URLPath leaves to its caller).
// It keeps letters, digits, marks and . / \ _ # + ~ - @ and % when it
// starts a percent-escape; it turns each run of white space between kept
// characters into one hyphen (none after a hyphen), and drops every other
// character. Checked against Hugo 0.111.3 (`urlize` and content paths).
func hugoSanitize(s string) string {
	clean := true
	for i, r := range s {
		if !hugoAllowed(s, i, r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	prependHyphen, wasHyphen := false, false
	for i, r := range s {
		if hugoAllowed(s, i, r) {
			wasHyphen = r == '-'
			if prependHyphen {
				if !wasHyphen {
					b.WriteByte('-')
				}
				prependHyphen = false
			}
			b.WriteRune(r)
		} else if b.Len() > 0 && !wasHyphen && unicode.IsSpace(r) {
			prependHyphen = true
		}
	}
	return b.String()
}

func hugoAllowed(s string, i int, r rune) bool {
	if r == ' ' {
		return false
	}
	if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) {
		return true
	}
	switch r {
	case '.', '/', '\\', '_', '#', '+', '~', '-', '@':
		return true
	case '%':
		return i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// urlize is Hugo's urlize without its percent-encoding: sanitized and,
// unless disablePathToLower is set, lower-cased. Hugo keeps a valid
// percent-escape of the input as an escape, so it is decoded here.
func (h *Preset) urlize(s string) string {
	s = h.makePath(s)
	if strings.Contains(s, "%") {
		if u, err := url.PathUnescape(s); err == nil {
			s = u
		}
	}
	return s
}

// TermPath returns the URL path of a term's page of a taxonomy (its
// plural name, "tags"), as Hugo publishes it by default:
// /tags/a-term/.
func (h *Preset) TermPath(taxonomy, term string) string {
	return h.TaxonomyPath(taxonomy) + h.urlize(term) + "/"
}

// TaxonomyPath returns the URL path of a taxonomy's page, as Hugo
// publishes it by default: "/tags/".
func (h *Preset) TaxonomyPath(taxonomy string) string {
	return "/" + h.urlize(taxonomy) + "/"
}

// makePath sanitizes one path element as Hugo's MakePathSanitized does.
func (h *Preset) makePath(s string) string {
	s = hugoSanitize(s)
	if !h.DisablePathToLower {
		s = strings.ToLower(s)
	}
	return s
}

// hugoSitemap: the [sitemap] table of Hugo's configuration (or the
// sitemap file of its configuration folder), and disableKinds with
// "sitemap".
func (Generator) SitemapOptions(d *generator.Dir, p *generator.Project) []peer.Config {
	file := p.File
	cfg, err := conffile.ReadConfigFile(d.Path(), file, file, d.Limits())
	if err != nil {
		return nil
	}
	table, _ := cfg["sitemap"].(map[string]any)
	from := file
	if table == nil && path.Dir(file) != "." {
		for _, ext := range []string{".toml", ".yaml", ".yml", ".json"} {
			rel := path.Join(path.Dir(file), "sitemap"+ext)
			if !conffile.IsFile(d.Path(), rel) {
				continue
			}
			if t, err := conffile.ReadConfigFile(d.Path(), rel, rel, d.Limits()); err == nil {
				table, from = t, rel
			}
			break
		}
	}
	c := peer.Config{Tool: peer.Hugo, File: from}
	for _, k := range []string{"changefreq", "priority", "filename"} {
		if v, ok := table[k]; ok {
			c.Options = append(c.Options, peer.Given{Name: k, Value: jsconf.PeerValue(v)})
		}
	}
	if kinds, ok := cfg["disableKinds"].([]any); ok {
		for _, k := range kinds {
			if s, _ := k.(string); strings.EqualFold(s, "sitemap") {
				c.File = file
				c.Options = append(c.Options, peer.Given{Name: "disable", Value: true})
			}
		}
	}
	if len(c.Options) == 0 {
		return nil
	}
	return []peer.Config{c}
}
