package hugo

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

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
//   - A theme's configuration, build options (render: never) and
//     outputs are not read (a cascade is, for what leaves a page out of
//     the sitemap: [Preset.FileRules]). Of the environment, the
//     environment `hugo` builds in and the HUGO_ variables of the
//     top-level settings sitemapgen reads are (env.go).
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
	// MountsFrom is the file whose module.mounts give the content
	// folders in place of contentDir ([Preset.applyMounts]); "" when
	// they do not.
	MountsFrom string
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
	// EnableGitInfoFrom names what set it: the file, or the variable and
	// where it is set (generator.Env).
	EnableGitInfo     bool
	EnableGitInfoFrom string
	// BuildDrafts is buildDrafts, or HUGO_BUILDDRAFTS: Hugo builds the
	// pages whose front matter says draft: true, and publishes them as
	// any other ([Preset.FileRules]).
	BuildDrafts bool
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

	orderOnce sync.Once            // [Preset.LastModOrder]'s
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
	// env is the environment of the build the configuration was read
	// for, environment the one `hugo` builds in (env.go), and
	// baseURLFrom what set baseURL: a file, or a variable of env.
	env         generator.Env
	environment string
	baseURLFrom string

	// SitemapTemplate is the project's own sitemap template, nil for
	// none: the pages it leaves out by a front matter key are left out.
	SitemapTemplate *SitemapTemplate
	// PaginatePath is paginatePath (pagination.path), default "page":
	// the folder of a list page's pagers (/posts/page/2/).
	PaginatePath string
	// ConfigCascade is the configuration's cascade ([cascade] or
	// [[cascade]]): the values it passes down to every page its target
	// matches, under those of the _index files' cascades.
	ConfigCascade []cascade
	// configCascadeWarning says why the configuration's cascade, or a
	// part of it, is not read; nil when it is.
	configCascadeWarning *diag.Diagnostic
	// cascades caches the _index files' cascades (folder and language →
	// sectionCascade); cascadeWarned the warnings of those that could
	// not be read, by file.
	cascades, cascadeWarned sync.Map
	// configIndex is ConfigCascade's index, made on the first page
	// asked about (configCascades).
	configIndex atomic.Pointer[cascadeIndex]

	// witnessOff, when not "", says why Hugo's sitemaps do not witness
	// what it builds (see [Preset.witnessSitemaps]).
	witnessOff string
	// witnessUnread says why a theme's templates are not read, ""
	// when they are ([generator.OutputRules].WitnessChecked).
	witnessUnread string
	// inputs are the folders of the project, besides the content, that
	// Hugo reads to make its pages, as the configuration names them
	// (see [Preset.reads]).
	inputs []string
}

// hugoContent lists the extensions of the files Hugo renders.
var hugoContent = map[string]bool{
	".md": true, ".mdown": true, ".markdown": true,
	".html": true, ".htm": true,
	".adoc": true, ".asciidoc": true, ".ad": true,
	".org": true, ".pdc": true, ".pandoc": true, ".rst": true,
}

// Load reads the configuration of the Hugo project in projectDir,
// each file within the limits lim, with sitemapgen's own environment
// (see [LoadDir]).
func Load(projectDir string, lim limits.Limits) (*Preset, error) {
	return LoadDir(generator.NewDir(projectDir, generator.OSEnv, lim))
}

// LoadDir reads the configuration of the Hugo project in the folder d,
// each file within d's limits, as Hugo does: the first of hugo.toml,
// hugo.yaml, hugo.yml, hugo.json, config.toml, config.yaml, config.yml,
// config.json; then, merged over it, the files of config/_default and of
// config/ENV (ENV being the environment `hugo` builds in, as d's
// environment names it: env.go), where hugo.* and config.* hold
// top-level settings and any other NAME.ext the setting NAME (as
// permalinks.toml); then the settings d's environment sets (HUGO_BASEURL,
// HUGO_ENABLEGITINFO: env.go). Keys are case-insensitive. With no
// configuration at all the defaults apply and File is "". A config.* at
// the root that is the only file counts only when it is Hugo-shaped:
// another tool's file of that name (a search crawler's config.json) is
// no configuration (see hugoForeign).
//
// Errors are [*diag.Diagnostic]s naming the file (and the line, for syntax
// errors).
func LoadDir(d *generator.Dir) (*Preset, error) {
	projectDir, lim := d.Path(), d.Limits()
	h := &Preset{PublishDir: "public", ContentDir: "content", DefaultContentLanguage: "en", Taxonomies: []string{"categories", "tags"}, limits: lim, env: d.EnvFrom}
	h.environment = hugoEnvironment(h.env)
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

	files, err := hugoConfigFiles(projectDir, h.environment, lim)
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
	applyEnv(cfg, origin, h.env)
	h.baseURLFrom = origin["baseurl"]
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
	if h.witnessOff == "" {
		h.witnessOff, h.witnessUnread = sitemapTemplate(projectDir, cfg)
	}
	h.SitemapTemplate = readSitemapTemplate(projectDir, cfg, lim)
	h.inputs = inputFolders(cfg)
	if v, ok := cfg["cascade"]; ok {
		file := origin["cascade"]
		data, _ := lim.ReadFile(projectDir, file, "", limits.Text)
		h.ConfigCascade, h.configCascadeWarning = cascadeOf(v, file, cascadeLine(data), h.sitemapExclude())
	}
	return h, nil
}

// hugoConfigFiles lists a Hugo project's configuration files, relative
// to projectDir with "/" separators, in the order Hugo merges them: the
// first of hugo.* and config.* at the root, then config/_default/ and
// config/ENV/ (env, the environment `hugo` builds in: hugoEnvironment),
// without the per-language files (menus.en.toml). A root config.* that is the only file and is not
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

// apply sets h's fields from a merged configuration with lower-cased
// keys. origin gives the file that set each key.
func (h *Preset) apply(cfg map[string]any, origin map[string]string) error {
	c := hugoConfig{cfg, origin}
	// Every value is read before the first error is returned.
	for _, err := range []error{
		c.str("baseurl", &h.BaseURL),
		c.str("publishdir", &h.PublishDir),
		c.str("contentdir", &h.ContentDir),
		c.str("defaultcontentlanguage", &h.DefaultContentLanguage),
		c.str("timezone", &h.TimeZone),
		c.boolean("defaultcontentlanguageinsubdir", &h.DefaultContentLanguageInSubdir),
		c.boolean("disablepathtolower", &h.DisablePathToLower),
	} {
		if err != nil {
			return err
		}
	}
	h.DefaultContentLanguage = strings.ToLower(h.DefaultContentLanguage)
	if h.TimeZone != "" {
		h.TimeZoneFrom = origin["timezone"]
	}
	if err := c.boolean("enablegitinfo", &h.EnableGitInfo); err != nil {
		return err
	}
	h.EnableGitInfoFrom = origin["enablegitinfo"]
	if err := c.boolean("builddrafts", &h.BuildDrafts); err != nil {
		return err
	}
	if err := h.applyFrontMatter(cfg["frontmatter"], origin["frontmatter"]); err != nil {
		return err
	}
	if err := h.applySitemap(cfg["sitemap"], origin["sitemap"]); err != nil {
		return err
	}
	h.PaginatePath = paginatePath(cfg)
	h.witnessOff = witnessSettings(cfg)
	if err := h.applyUglyURLs(c); err != nil {
		return err
	}
	if v, ok := cfg["languages"]; ok {
		if err := h.applyLanguages(v, origin["languages"]); err != nil {
			return err
		}
	}
	h.applyMounts(cfg["module"], origin["module"])
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
		if err := h.applyTaxonomies(v, origin["taxonomies"]); err != nil {
			return err
		}
	}
	if v, ok := cfg["permalinks"]; ok {
		if err := h.applyPermalinks(v, origin["permalinks"]); err != nil {
			return err
		}
	}
	return nil
}

// A hugoConfig is a merged configuration with lower-cased keys, and the
// file that set each key (for errors).
type hugoConfig struct {
	cfg    map[string]any
	origin map[string]string
}

// str sets *dst to the string at key. It leaves *dst alone when the key
// is missing or its value is empty.
func (c hugoConfig) str(key string, dst *string) error {
	v, ok := c.cfg[key]
	if !ok {
		return nil
	}
	s, ok := conffile.StringValue(v)
	if !ok {
		return conffile.Errorf(c.origin[key], "%s: want a string, got a %s", key, conffile.KindOf(v))
	}
	if s != "" {
		*dst = s
	}
	return nil
}

// boolean sets *dst to the boolean at key. It leaves *dst alone when the
// key is missing.
func (c hugoConfig) boolean(key string, dst *bool) error {
	v, ok := c.cfg[key]
	if !ok {
		return nil
	}
	b, ok := conffile.BoolValue(v)
	if !ok {
		return conffile.Errorf(c.origin[key], "%s: want true or false, got a %s", key, conffile.KindOf(v))
	}
	*dst = b
	return nil
}

// applyUglyURLs reads uglyurls. It is either one boolean for the whole
// site or a table of booleans by section.
func (h *Preset) applyUglyURLs(c hugoConfig) error {
	switch v := c.cfg["uglyurls"].(type) {
	case nil:
		return nil
	case map[string]any:
		h.UglySections = map[string]bool{}
		for sec, b := range v {
			ugly, ok := conffile.BoolValue(b)
			if !ok {
				return conffile.Errorf(c.origin["uglyurls"], "uglyurls.%s: want true or false, got a %s", diag.Excerpt(sec), conffile.KindOf(b))
			}
			h.UglySections[strings.Trim(sec, "/")] = ugly
		}
		return nil
	default:
		return c.boolean("uglyurls", &h.UglyURLs)
	}
}

// applyLanguages reads the [languages] table v, which file set. It lists
// the languages in order, and notes each one's time zone, code and
// content folder.
func (h *Preset) applyLanguages(v any, file string) error {
	m, ok := v.(map[string]any)
	if !ok {
		return conffile.Errorf(file, "languages: want a table, got a %s", conffile.KindOf(v))
	}
	for lang, lv := range m {
		h.Languages = append(h.Languages, lang)
		if lm, ok := lv.(map[string]any); ok {
			h.applyLanguage(lang, lm, file)
		}
	}
	sort.Strings(h.Languages)
	return nil
}

// applyLanguage reads the table lm of the language lang. A value of the
// wrong type is ignored.
func (h *Preset) applyLanguage(lang string, lm map[string]any, file string) {
	if z, ok := lm["timezone"].(string); ok && z != "" {
		if h.LangTimeZones == nil {
			h.LangTimeZones = map[string]string{}
		}
		h.LangTimeZones[strings.ToLower(lang)], h.LangTimeZonesFrom = z, file
	}
	// The code is locale, else languagecode.
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

// applyTaxonomies reads the [taxonomies] table v, which file set. It
// maps singular names to plural ones, and h keeps the plural names, in
// lower case and in order.
func (h *Preset) applyTaxonomies(v any, file string) error {
	m, ok := v.(map[string]any)
	if !ok {
		return conffile.Errorf(file, "taxonomies: want a table of singular = plural, got a %s", conffile.KindOf(v))
	}
	h.Taxonomies = nil
	for _, plural := range m {
		s, ok := conffile.StringValue(plural)
		if !ok {
			return conffile.Errorf(file, "taxonomies: want plural names, got a %s", conffile.KindOf(plural))
		}
		h.Taxonomies = append(h.Taxonomies, strings.ToLower(s))
	}
	sort.Strings(h.Taxonomies)
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
			return conffile.Errorf(file, "sitemap.filename: %q is not a file name", diag.Excerpt(s))
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
			return conffile.Errorf(file, "%s.%s: want a pattern string, got a %s", where, diag.Excerpt(section), conffile.KindOf(pattern))
		}
		if _, err := h.compile(s); err != nil {
			return conffile.Errorf(file, "%s.%s: %v", where, diag.Excerpt(section), err)
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
				return conffile.Errorf(file, "permalinks.%s: permalinks for kind %q are not supported (page, section, taxonomy, term)", diag.Excerpt(k), diag.Excerpt(k))
			}
			for sec, pat := range v {
				if err := set(dst, "permalinks."+k, sec, pat); err != nil {
					return err
				}
			}
		default:
			return conffile.Errorf(file, "permalinks.%s: want a pattern string, got a %s", diag.Excerpt(k), conffile.KindOf(v))
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

// ReadFolder takes the content folder, which tells bundles and sections
// (see [generator.FolderReader]); it reads nothing ahead. What the walk
// at detection kept of each folder (readCascades) is kept when f is the
// folder it listed, and forgotten when it is another (sitemapgen DIR).
func (h *Preset) ReadFolder(f generator.Folder) []string {
	if !sameFS(h.Content, f.Content) {
		h.dirs.Clear()
	}
	h.Content = f.Content
	h.cascades.Clear()
	h.cascadeWarned.Clear()
	return nil
}

// sameFS says whether a and b are the same folder, as named: equal
// values of a comparable type (fsx.DirFS's).
func sameFS(a, b fs.FS) bool {
	return a != nil && reflect.TypeOf(a).Comparable() && a == b
}

// Changed forgets what URLPath read of the folders of the sources at
// rels (files or folders relative to the content folder, added, removed
// or changed), and returns the other sources whose URL changes with
// them: the pages under a folder that gained or lost its index file (a
// leaf bundle, whose other pages are then its resources) or its _index
// file (a section), or whose _index file changed (its cascade). See
// [Changer].
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
		base, ext := srcpath.SplitExt(path.Base(rel))
		cascaded := hugoContent[ext] && strings.HasPrefix(base, "_index")
		if cascaded {
			// An _index file's cascade changes what the pages below say.
			h.cascades.Clear()
		}
		old, read := h.dirs.LoadAndDelete(dir)
		if seen[dir] || !cascaded && (!read || h.dir(dir) == old.(hugoDir)) {
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
