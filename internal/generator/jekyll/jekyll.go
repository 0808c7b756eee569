// Package jekyll is Jekyll, as sitemapgen knows it: a project is one
// with _config.yml (or _config.yaml, _config.toml) that no other
// generator claimed (Hexo's), else a Gemfile that asks for jekyll or
// github-pages. `jekyll build` writes destination (_site/) from the
// project folder itself: posts and collections' documents at their
// permalinks, pages at their paths, static files copied as they are,
// with the front matter defaults of their scope; jekyll-sitemap lists
// them, and jekyll-last-modified-at dates them by git.
package jekyll

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
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
)

// Generator is Jekyll.
type Generator struct{}

var (
	_ generator.Generator           = Generator{}
	_ generator.Loader              = Generator{}
	_ generator.BaseURLPlacer       = Generator{}
	_ generator.PeerReader          = Generator{}
	_ generator.Preset              = (*Preset)(nil)
	_ generator.Dated               = (*Preset)(nil)
	_ generator.Dater               = (*Preset)(nil)
	_ generator.Zoned               = (*Preset)(nil)
	_ generator.Configured          = (*Preset)(nil)
	_ generator.Copier              = (*Preset)(nil)
	_ generator.CollectionLister    = (*Preset)(nil)
	_ generator.FrontMatterOptioner = (*Preset)(nil)
	_ generator.ConfigFiler         = (*Preset)(nil)
)

// Info returns Jekyll's.
func (Generator) Info() generator.Info {
	return generator.Info{Name: "jekyll", Title: "Jekyll", PublishKey: "destination", SourceKey: "source", ConfigFile: "_config.yml", Documents: Documents}
}

// Load loads the preset of the Jekyll project in dir: found when it has
// a configuration (see [generator.Loader]).
func (Generator) Load(dir string, lim limits.Limits) (generator.Preset, bool, error) {
	j, err := Load(dir, lim)
	return j, err == nil && j.File != "", err
}

// BaseURLPlaces names url:.
func (Generator) BaseURLPlaces(_ *generator.Project, file string) []string {
	return []string{"url: in Jekyll's configuration (" + file + ")"}
}

// Jekyll is what a Jekyll site's _config.yml says, as far as sitemapgen
// needs it, and the [Preset] that gives each source file the URL path
// Jekyll publishes it at.
//
// # Rules
//
// Paths are relative to the site source. A file or folder whose name
// starts with ".", "_", "#" or "~", or ends with "~", is not read unless
// include names it, nor is anything exclude names (with Jekyll's default
// excludes: Gemfile, node_modules, vendor/bundle/ …) or the destination
// folder.
//
//   - Posts: "_posts/YYYY-MM-DD-title.ext", in any folder Jekyll reads
//     ("blog/_posts/…" adds the category "blog"; folders below _posts add
//     none), with or without front matter. The site's permalink style
//     gives their URL: date "/:categories/:year/:month/:day/:title:output_ext",
//     pretty "/:categories/:year/:month/:day/:title/", ordinal
//     "/:categories/:year/:y_day/:title:output_ext", weekdate
//     "/:categories/:year/W:week/:short_day/:title:output_ext", none
//     "/:categories/:title:output_ext", or a pattern. The date is the file
//     name's unless front matter date is set, in the site's time zone.
//     "_drafts" are not posts here (Jekyll publishes them only with
//     --drafts).
//   - Collections with output: true: "_NAME/…" (under collections_dir),
//     at the collection's permalink, by default "/:collection/:path"
//     followed by the style's ending ("/" for pretty, :output_ext for date,
//     ordinal and none, that of a pattern). Files without front matter
//     are copied at the same place with their extension.
//   - Pages: other files with front matter, at their path with the
//     output extension ("about.md" is "/about.html", "docs/index.md"
//     "/docs/"); with the pretty style (or a pattern ending in "/")
//     "/about/". Only pages with HTML output (.md → .html, .html, .htm,
//     .xhtml) or a URL ending in "/" are pages jekyll-sitemap lists; a
//     feed.xml with front matter is not.
//   - Static files: files without front matter are copied as they are,
//     and those jekyll-sitemap lists (.html, .htm, .xhtml, .pdf) are
//     pages at their path.
//   - Front matter permalink wins, for posts, documents and pages. A
//     page's permalink has only the placeholders :path, :basename and
//     :output_ext; others stay as written, as Jekyll leaves them. A
//     permalink that [frontmatter.CheckURLPath] refuses publishes no
//     page here: one on another host ("https://evil.example/x",
//     "//evil.example/x"), with a backslash or a percent-encoded dot
//     segment, or climbing above the root ("/../etc/passwd"). Jekyll
//     would mangle it into a path (its sanitize_url turns ".." into "/"
//     and squeezes "//": "/https:/evil.example/x", "/etc/passwd").
//
// # Placeholders
//
// Posts and documents: :year :month :day :hour :minute :second :i_month
// :i_day :short_year :short_month :long_month :y_day :week :w_year :w_day
// :short_day :long_day (from the date), :title (front matter slug or the
// file name's, slugified in "pretty" mode keeping case: not the title),
// :slug (the same in "default" mode, lower-cased), :name (the file name,
// slugified), :categories (lower-cased, joined with "/"),
// :slugified_categories, :path (the path inside the collection, without
// extension), :collection and :output_ext. :basename is a page
// placeholder: in a post's pattern Jekyll stops with an error, and
// URLPath reports ok false.
//
// # Dates
//
// Jekyll renders a post's date in the site's timezone (the machine's
// when timezone is not set). A front matter date with a zone is converted
// to it. yaml.v3 decodes a date without a time (2024-01-02) to midnight
// UTC; URLPath takes a midnight UTC [Page.Date] for such a calendar day, in
// the site's zone, as Jekyll does (an explicit "2024-01-02T00:00:00Z" in a
// site west of UTC is therefore a day later than in Jekyll). A document
// outside _posts without any date takes the build time in Jekyll; URLPath
// uses the current time.
//
// # Out of scope
//
// Front matter defaults (defaults:), plugins that change URLs
// (jekyll-paginate, jekyll-redirect-from …), themes' files, and the
// published and future settings (the caller's policy) are not read.
// jekyll-sitemap lists the documents of collections without an output
// setting, and files without front matter inside collections at their
// source path, though Jekyll writes neither there; URLPath gives where
// Jekyll writes them.
type Preset struct {
	// File is the configuration file read: "_config.yml" (or
	// _config.yaml, _config.toml, as Jekyll looks for them), "" when
	// there is none.
	File string
	// URL and BaseURL are url and baseurl.
	URL, BaseURL string
	// Source is source, default ".", relative to the project folder.
	Source string
	// Destination is destination, default "_site".
	Destination string
	// Permalink is permalink, default "date": a style (date, pretty,
	// ordinal, weekdate, none) or a pattern.
	Permalink string
	// Collections are the collections: name → output and permalink.
	// posts is implicit (output true, the site's permalink).
	Collections map[string]Collection
	// CollectionsDir is collections_dir: the folder, under the source,
	// of every collection's folder, posts' included.
	CollectionsDir string
	// Timezone is timezone, an IANA zone name; "" is the machine's.
	Timezone string
	// dir and limits are the project folder and the limits the
	// configuration was read from and within ("" for a Jekyll made by
	// hand): ZoneWarnings reads the line of timezone.
	dir    string
	limits limits.Limits
	// Exclude and Include are exclude (with Jekyll's defaults added) and
	// include.
	Exclude, Include []string
	// MarkdownExt is markdown_ext, default
	// "markdown,mkdown,mkdn,mkd,md": extensions rendered to .html.
	MarkdownExt string
	// Defaults are the front matter defaults (defaults:), in order.
	Defaults []Default
	// LastModPlugin says where the site asks for jekyll-last-modified-at,
	// which gives every page a last_modified_at from git:
	// "jekyll-last-modified-at in _config.yml plugins", "… in the
	// Gemfile's jekyll_plugins group"; "" when it does not.
	LastModPlugin string
	order         *generator.DateOrder // LastModOrder's, made by Load
}

// Default is one entry of defaults: the front matter values of the
// files its scope takes in.
type Default struct {
	// Path is scope.path: a folder or file under the source (a glob with
	// *); "" takes in every file.
	Path string
	// Type is scope.type: "posts", "pages", "drafts" or a collection's
	// label; "" takes in every type.
	Type string
	// Values are the values.
	Values map[string]any
}

// Collection is a Jekyll collection's configuration.
type Collection struct {
	Output    bool   // output: whether Jekyll writes the documents
	Permalink string // permalink: the documents' pattern ("" default)
}

// jekyllDefaultExcludes are added to every site's exclude list.
var jekyllDefaultExcludes = []string{
	".sass-cache", ".jekyll-cache", "gemfiles", "Gemfile", "Gemfile.lock", "node_modules",
	"vendor/bundle/", "vendor/cache/", "vendor/gems/", "vendor/ruby/",
}

// Load reads the configuration of the Jekyll site in projectDir:
// the first of _config.yml, _config.yaml and _config.toml, as Jekyll
// looks for them, within the limits lim. A missing file means the
// defaults, with File "".
// Errors are [*diag.Diagnostic]s naming the file and, for YAML and TOML
// syntax errors, the line.
func Load(projectDir string, lim limits.Limits) (*Preset, error) {
	j := &Preset{
		Source:      ".",
		Destination: "_site",
		Permalink:   "date",
		MarkdownExt: "markdown,mkdown,mkdn,mkd,md",
		Include:     []string{".htaccess"},
		Exclude:     slices.Clone(jekyllDefaultExcludes),
	}
	var cfg map[string]any
	for _, name := range []string{"_config.yml", "_config.yaml", "_config.toml"} {
		if !conffile.IsFile(projectDir, name) {
			continue
		}
		m, err := conffile.ReadConfigFile(projectDir, name, name, lim)
		if err != nil {
			return nil, err
		}
		j.File, cfg = name, m
		break
	}
	if err := j.apply(cfg); err != nil {
		return nil, err
	}
	if j.LastModPlugin == "" {
		j.LastModPlugin = gemfilePlugin(projectDir, lastModifiedAtGem, lim)
	}
	j.order = j.lastModOrder()
	// A timezone that is not known is a warning (ZoneWarnings), not an
	// error: Ruby reads such dates as UTC, and so does Zone.
	j.dir, j.limits = projectDir, lim
	return j, nil
}

func (j *Preset) apply(cfg map[string]any) error {
	str := func(key string, dst *string) error {
		v, ok := cfg[key]
		if !ok || v == nil {
			return nil
		}
		s, ok := conffile.StringValue(v)
		if !ok {
			return conffile.Errorf(j.File, "%s: want a string, got a %s", key, conffile.KindOf(v))
		}
		*dst = s
		return nil
	}
	list := func(key string, dst *[]string) error {
		v, ok := cfg[key]
		if !ok || v == nil {
			return nil
		}
		l, ok := v.([]any)
		if !ok {
			return conffile.Errorf(j.File, "%s: want a list, got a %s", key, conffile.KindOf(v))
		}
		s, ok := conffile.StringList(l)
		if !ok {
			return conffile.Errorf(j.File, "%s: want a list of strings", key)
		}
		*dst = append(*dst, s...)
		return nil
	}
	for _, err := range []error{
		str("url", &j.URL),
		str("baseurl", &j.BaseURL),
		str("source", &j.Source),
		str("destination", &j.Destination),
		str("permalink", &j.Permalink),
		str("collections_dir", &j.CollectionsDir),
		str("timezone", &j.Timezone),
		str("markdown_ext", &j.MarkdownExt),
		list("exclude", &j.Exclude),
		list("include", &j.Include),
	} {
		if err != nil {
			return err
		}
	}
	// plugins (gems before Jekyll 3.5) are required by name; a value of
	// another shape is Jekyll's error to give, and asks for none here.
	for _, key := range []string{"plugins", "gems"} {
		if names, ok := conffile.StringList(cfg[key]); ok && slices.Contains(names, lastModifiedAtGem) {
			j.LastModPlugin = lastModifiedAtGem + " in " + j.File + " " + key
			break
		}
	}
	if j.Permalink == "" {
		j.Permalink = "date"
	}
	if err := j.checkPattern(j.Permalink); err != nil {
		return conffile.Errorf(j.File, "permalink: %v", err)
	}
	j.CollectionsDir = strings.Trim(path.Clean("/"+filepath.ToSlash(j.CollectionsDir)), "/")

	if err := j.applyDefaults(cfg["defaults"]); err != nil {
		return err
	}
	switch v := cfg["collections"].(type) {
	case nil:
	case []any:
		names, ok := conffile.StringList(v)
		if !ok {
			return conffile.Errorf(j.File, "collections: want a list of names or a table")
		}
		for _, n := range names {
			j.addCollection(n, Collection{})
		}
	case map[string]any:
		names := make([]string, 0, len(v))
		for n := range v {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			var c Collection
			switch meta := v[n].(type) {
			case nil:
			case map[string]any:
				out, ok := conffile.BoolValue(meta["output"])
				if !ok {
					return conffile.Errorf(j.File, "collections.%s.output: want true or false, got a %s", n, conffile.KindOf(meta["output"]))
				}
				c.Output = out
				if pl, ok := meta["permalink"]; ok && pl != nil {
					s, ok := pl.(string)
					if !ok {
						return conffile.Errorf(j.File, "collections.%s.permalink: want a string, got a %s", n, conffile.KindOf(pl))
					}
					c.Permalink = s
				}
			default:
				return conffile.Errorf(j.File, "collections.%s: want a table, got a %s", n, conffile.KindOf(meta))
			}
			if err := j.checkPattern(c.Permalink); err != nil {
				return conffile.Errorf(j.File, "collections.%s.permalink: %v", n, err)
			}
			j.addCollection(n, c)
		}
	default:
		return conffile.Errorf(j.File, "collections: want a list of names or a table, got a %s", conffile.KindOf(v))
	}
	return nil
}

// applyDefaults reads defaults: a list of {scope: {path, type}, values}.
// Entries that are not of that shape are passed over, as Jekyll passes
// them over.
func (j *Preset) applyDefaults(v any) error {
	if v == nil {
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		return conffile.Errorf(j.File, "defaults: want a list, got a %s", conffile.KindOf(v))
	}
	for _, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		values, ok := m["values"].(map[string]any)
		if !ok {
			continue
		}
		d := Default{Values: values}
		if scope, ok := m["scope"].(map[string]any); ok {
			d.Path, _ = scope["path"].(string)
			d.Type, _ = scope["type"].(string)
			if plural, ok := map[string]string{"post": "posts", "page": "pages", "draft": "drafts"}[d.Type]; ok {
				d.Type = plural // Jekyll still takes the singular, deprecated
			}
		}
		j.Defaults = append(j.Defaults, d)
	}
	return nil
}

// DefaultsFor returns the front matter defaults of the file at rel
// (relative to the source), merged as Jekyll merges them: each matching
// entry's values over those of the entries before it, unless an earlier
// one has a longer scope path, or the same path and a type where it has
// none. Nil when none applies.
func (j *Preset) DefaultsFor(rel string) map[string]any {
	var out map[string]any
	var last *Default
	typ := j.typeOf(rel)
	for i := range j.Defaults {
		d := &j.Defaults[i]
		if d.Type != "" && d.Type != typ || !scopeTakes(d.Path, rel) {
			continue
		}
		if out == nil {
			out = map[string]any{}
		}
		newer := last == nil
		if !newer {
			np, op := strings.Trim(path.Clean("/"+d.Path), "/"), strings.Trim(path.Clean("/"+last.Path), "/")
			switch {
			case len(np) != len(op):
				newer = len(np) >= len(op)
			default:
				newer = d.Type != "" || last.Type == ""
			}
		}
		for k, v := range d.Values {
			if _, set := out[k]; newer || !set {
				out[k] = v
			}
		}
		if newer {
			last = d
		}
	}
	return out
}

// scopeTakes reports whether a scope path takes in the file at rel: as
// Jekyll 4.3 compares them, a path that starts with the scope's ("docs"
// takes docs/a.md, and docs-old/a.md too), or a glob matching it.
func scopeTakes(scope, rel string) bool {
	if scope == "" {
		return true
	}
	if strings.Contains(scope, "*") {
		return fnmatch(strings.TrimPrefix(scope, "/"), rel)
	}
	scope = strings.Trim(path.Clean("/"+scope), "/")
	return strings.HasPrefix(rel, scope)
}

// typeOf returns the type of the file at rel for a scope: "posts",
// "drafts", a collection's label, else "pages".
func (j *Preset) typeOf(rel string) string {
	inColl := rel
	if j.CollectionsDir != "" {
		inColl = strings.TrimPrefix(rel, j.CollectionsDir+"/")
	}
	if first, _, inside := strings.Cut(inColl, "/"); inside {
		if label, ok := strings.CutPrefix(first, "_"); ok {
			if _, ok := j.Collections[label]; ok || label == "posts" || label == "drafts" {
				return label
			}
		}
	}
	for _, el := range strings.Split(path.Dir(rel), "/") {
		if el == "_posts" || el == "_drafts" {
			return el[1:]
		}
	}
	return "pages"
}

// addCollection adds a collection under its name as Jekyll sanitizes it.
func (j *Preset) addCollection(name string, c Collection) {
	name = jekyllLabel(name)
	if j.Collections == nil {
		j.Collections = map[string]Collection{}
	}
	j.Collections[name] = c
}

var jekyllLabelRE = regexp.MustCompile(`(?i)[^a-z0-9_\-.]`)

func jekyllLabel(name string) string { return jekyllLabelRE.ReplaceAllString(name, "") }

// checkPattern reports a placeholder a document URL cannot fill: Jekyll
// stops the build on it.
func (j *Preset) checkPattern(pattern string) error {
	if _, ok := jekyllStyles[pattern]; ok {
		return nil
	}
	for _, m := range jekyllTokenRE.FindAllStringSubmatch(pattern, -1) {
		name := strings.TrimSuffix(m[1], "_")
		if !jekyllDocTokens[name] {
			return fmt.Errorf("placeholder :%s is not one Jekyll knows for posts and documents in %q", name, pattern)
		}
	}
	return nil
}

// Name returns "jekyll".
func (j *Preset) Name() string { return "jekyll" }

// Config returns the configuration read and the folders it gives (see
// [Configured]).
func (j *Preset) Config() (file, sources, publish string) { return j.File, j.Source, j.Destination }

// location is the site's time zone; the machine's when timezone is not
// set or not known.
func (j *Preset) location() *time.Location {
	if j.Timezone == "" {
		return time.Local
	}
	loc, err := zone.Load(j.Timezone)
	if err != nil {
		return time.Local
	}
	return loc
}

// SiteURL returns url joined with baseurl: the URL the paths URLPath
// returns are relative to ("" when url is not set).
func (j *Preset) SiteURL() string {
	if j.URL == "" {
		return ""
	}
	base := strings.Trim(j.BaseURL, "/")
	if base == "" {
		return strings.TrimSuffix(j.URL, "/") + "/"
	}
	return strings.TrimSuffix(j.URL, "/") + "/" + base + "/"
}

// Dir returns the site source relative to (or joined with) projectDir.
func (j *Preset) Dir(projectDir string) string {
	src := j.Source
	if src == "" {
		src = "."
	}
	if filepath.IsAbs(src) {
		return src
	}
	return filepath.Join(projectDir, src)
}

// ---------------------------------------------------------------------
// Detect

// jekyllGemRE matches a Gemfile line that asks for Jekyll, directly or
// through the github-pages gem.
var jekyllGemRE = regexp.MustCompile(`(?m)^[ \t]*gem[ \t(]+["'](?:jekyll|github-pages)["']`)

// Detect finds a Jekyll project: a configuration
// [Load] finds, else a Gemfile that asks for Jekyll. When
// Load rejects a setting of a file that parses, only the publish
// folder and base URL are read (jekyllFallback).
func (Generator) Detect(d *generator.Dir) (*generator.Project, error) {
	if d.Claimed("_config.yml") {
		return nil, nil // another generator's (Hexo's)
	}
	j, err := Load(d.Path(), d.Limits())
	if err != nil {
		var ce *diag.Diagnostic
		if errors.As(err, &ce) && ce.Err == nil && ce.File != "" {
			return fallback(d, ce)
		}
		return nil, d.Wrap(err)
	}
	if j.File == "" {
		name, data, err := d.File("Gemfile")
		if err != nil || name == "" || !jekyllGemRE.Match(data) {
			return nil, err
		}
		return &generator.Project{Generator: "jekyll", Title: "Jekyll", File: "Gemfile", PublishDir: "_site"}, nil
	}
	p := &generator.Project{Generator: "jekyll", Title: "Jekyll", File: j.File, PublishDir: siteurl.CleanDir(j.Destination)}
	if p.PublishDir == "" {
		p.PublishDir = "_site"
	}
	baseURL(d, p, j.URL, j.BaseURL)
	return p, nil
}

// fallback reads url, baseurl and destination from the
// configuration file that Load rejected with ce, and notes ce.
func fallback(d *generator.Dir, ce *diag.Diagnostic) (*generator.Project, error) {
	name, _, err := d.File("_config.yml", "_config.yaml", "_config.toml")
	if err != nil {
		return nil, err
	}
	if name == "" {
		return nil, d.Wrap(ce)
	}
	m, err := conffile.ReadConfigFile(d.Path(), name, name, d.Limits())
	if err != nil {
		return nil, d.Wrap(err)
	}
	p := &generator.Project{Generator: "jekyll", Title: "Jekyll", File: name, PublishDir: "_site"}
	p.Notes = append(p.Notes, ce.Error()+"; only url, baseurl and destination are read")
	str := func(key string) string {
		s, ok := conffile.StringValue(m[key])
		if !ok {
			data, _ := d.Limits().ReadFile(d.Path(), name, "", limits.Text)
			p.Notes = append(p.Notes, generator.Note(name, conffile.KeyLine(data, key), "%s is not a string", key))
		}
		return s
	}
	if dest := str("destination"); dest != "" {
		p.PublishDir = siteurl.CleanDir(dest)
	}
	baseURL(d, p, str("url"), str("baseurl"))
	return p, nil
}

// baseURL sets p's base URL, or its base path, from Jekyll's url
// and baseurl.
func baseURL(d *generator.Dir, p *generator.Project, siteURL, baseurl string) {
	siteURL = strings.TrimSpace(siteURL)
	switch {
	case siteURL == "":
		p.BasePath = siteurl.NormBase(baseurl)
	case siteurl.AbsHTTP(siteURL):
		p.BaseURL, p.BaseURLFrom = siteurl.JoinSiteBase(siteURL, baseurl), p.File+" url"
		if siteurl.NormBase(baseurl) != "" {
			p.BaseURLFrom += " + baseurl"
		}
	default:
		data, _ := d.Limits().ReadFile(d.Path(), p.File, "", limits.Text)
		p.Notes = append(p.Notes, generator.Note(p.File, conffile.KeyLine(data, "url"), "url %q is not an absolute http(s) URL; give --base-url", siteURL))
		p.BasePath = siteurl.NormBase(baseurl)
	}
}

// Documents are the files besides HTML pages that a Jekyll site's
// sitemap lists by default, as jekyll-sitemap lists its static files:
// XHTML pages and PDF documents.
var Documents = []string{"**/*.xhtml", "**/*.pdf"}

// Copies reports whether Jekyll copies the file name of its source
// folder into the site as a static file, and at what URL path: every
// file but those whose name starts with ".", "_", "#" or "~" (or ends
// with "~"), and those exclude: names (with its defaults), unless
// include: names them (see [Copier]).
func (j *Preset) Copies(name string) (urlPath, key string, ok bool) {
	match := func(patterns []string) bool {
		for _, pat := range patterns {
			pat = strings.Trim(pat, "/")
			if m, _ := path.Match(pat, name); m || pat == name {
				return true
			}
		}
		return false
	}
	hidden := strings.ContainsAny(name[:1], "._#~") || strings.HasSuffix(name, "~")
	if hidden && !match(j.Include) || match(j.Exclude) {
		return "", "", false
	}
	return "/" + name, "exclude:", true
}

// StaticDefaults returns the defaults: of the static file at rel (see
// [Copier]).
func (j *Preset) StaticDefaults(rel string) map[string]any { return j.DefaultsFor(rel) }

// LeftOut returns the folders Jekyll excludes by default that are no
// files of a site (see [Copier]).
func (j *Preset) LeftOut() []string {
	return []string{"node_modules", "vendor", ".jekyll-cache", ".sass-cache"}
}

// FrontMatterOptions reads a source's front matter with the defaults of
// its scope, and its dates as Ruby's YAML reads them (see
// [FrontMatterOptioner]).
func (j *Preset) FrontMatterOptions(rel string) generator.FrontMatterOptions {
	return generator.FrontMatterOptions{Defaults: j.DefaultsFor(rel), RubyTimestamps: true}
}

// ConfigFiles returns _config.yml, when there is one (see [ConfigFiler]).
func (j *Preset) ConfigFiles() []string {
	if j.File == "" {
		return nil
	}
	return []string{j.File}
}

var jekyllStyles = map[string]string{
	"none":     "/:categories/:title:output_ext",
	"date":     "/:categories/:year/:month/:day/:title:output_ext",
	"ordinal":  "/:categories/:year/:y_day/:title:output_ext",
	"pretty":   "/:categories/:year/:month/:day/:title/",
	"weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
}

var (
	jekyllTokenRE   = regexp.MustCompile(`:([a-z_]+)`)
	jekyllDocTokens = map[string]bool{
		"collection": true, "name": true, "title": true, "slug": true, "categories": true,
		"slugified_categories": true, "year": true, "month": true, "day": true, "hour": true,
		"minute": true, "second": true, "i_day": true, "i_month": true, "short_month": true,
		"long_month": true, "short_year": true, "w_year": true, "week": true, "w_day": true,
		"short_day": true, "long_day": true, "y_day": true, "output_ext": true, "path": true,
	}
	jekyllDateName = regexp.MustCompile(`^(\d{2,4})-(\d{1,2})-(\d{1,2})-([^/]*)(\.[^.]+)$`)
)

func (j *Preset) style() string {
	if j.Permalink == "" {
		return "date"
	}
	return j.Permalink
}

// suffix is Jekyll's add_permalink_suffix: the ending the site's style
// gives pages and collections' default permalinks.
func (j *Preset) suffix(template string) string {
	switch s := j.style(); s {
	case "pretty":
		return template + "/"
	case "date", "ordinal", "none":
		return template + ":output_ext"
	default:
		if strings.HasSuffix(s, "/") {
			template += "/"
		}
		if strings.HasSuffix(s, ":output_ext") {
			template += ":output_ext"
		}
		return template
	}
}

// special is Jekyll's EntryFilter#special? and #backup? for one name.
func jekyllSpecial(name string) bool {
	return name != "" && strings.ContainsRune("._#~", rune(name[0])) || strings.HasSuffix(name, "~")
}

// filtered says whether Jekyll's EntryFilter drops the entry rel (a
// path relative to the source) when it reads the folder holding it:
// excluded and not included, or special and not included.
func (j *Preset) filtered(rel string, special bool) bool {
	if strings.HasSuffix(rel, ".") {
		return true
	}
	included := j.globMatch(j.Include, rel) || j.globMatch(j.Include, path.Base(rel))
	if !included && j.globMatch(j.excludes(), rel) {
		return true
	}
	return !included && special
}

func (j *Preset) excludes() []string {
	if j.Exclude == nil {
		return jekyllDefaultExcludes
	}
	return j.Exclude
}

// globMatch is Jekyll's glob_include?: fnmatch without FNM_PATHNAME, or
// a prefix of the path, or the path of a folder with a final slash.
func (j *Preset) globMatch(patterns []string, rel string) bool {
	for _, p := range patterns {
		if p == "" {
			continue
		}
		dir := strings.HasSuffix(p, "/")
		p = strings.TrimPrefix(path.Clean("/"+p), "/")
		if dir {
			p += "/"
		}
		if strings.HasPrefix(rel, p) || dir && p == rel+"/" {
			return true
		}
		if strings.ContainsAny(p, "*?[\\") && fnmatch(p, rel) {
			return true
		}
	}
	return false
}

// fnmatch is Ruby's File.fnmatch without flags: * and ? match any
// character, "/" included, [...] a class.
func fnmatch(pattern, name string) bool {
	re, ok := fnmatchRE.Load(pattern)
	if !ok {
		re, _ = fnmatchRE.LoadOrStore(pattern, compileFnmatch(pattern))
	}
	return re.(*regexp.Regexp).MatchString(name)
}

var fnmatchRE sync.Map // pattern → *regexp.Regexp

func compileFnmatch(pattern string) *regexp.Regexp {
	var re strings.Builder
	re.WriteString("^")
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; c {
		case '*':
			re.WriteString(".*")
		case '?':
			re.WriteString(".")
		case '[':
			end := strings.IndexByte(pattern[i+1:], ']')
			if end < 0 {
				re.WriteString(`\[`)
				continue
			}
			class := pattern[i+1 : i+1+end]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			re.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += end + 1
		case '\\':
			if i+1 < len(pattern) {
				i++
				re.WriteString(regexp.QuoteMeta(pattern[i : i+1]))
			}
		default:
			re.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	re.WriteString("$")
	r, err := regexp.Compile(re.String())
	if err != nil { // a class Go's syntax rejects: match it literally
		r = regexp.MustCompile("^" + regexp.QuoteMeta(pattern) + "$")
	}
	return r
}

// markdown says whether Jekyll renders ext (with the dot) to HTML.
func (j *Preset) markdown(ext string) bool {
	list := j.MarkdownExt
	if list == "" {
		list = "markdown,mkdown,mkdn,mkd,md"
	}
	for _, e := range strings.Split(list, ",") {
		if strings.EqualFold("."+strings.TrimSpace(e), ext) {
			return true
		}
	}
	return false
}

// outputExt is the extension Jekyll writes a rendered file with.
func (j *Preset) outputExt(ext, permalink string) string {
	if permalink != "" && !strings.HasSuffix(permalink, "/") {
		if e := path.Ext(permalink); e != "" {
			return e
		}
	}
	switch strings.ToLower(ext) {
	case ".scss", ".sass":
		return ".css"
	}
	if j.markdown(ext) {
		return ".html"
	}
	return ext
}

// URLPath returns the URL path Jekyll publishes p at; see [Jekyll] for
// the rules. ok is false for a file Jekyll does not read or write, for a
// page or static file jekyll-sitemap does not list (not HTML), for a
// post whose file name has no date, for a permalink Jekyll cannot fill,
// and for a permalink that is not a path on the site (see
// [frontmatter.CheckURLPath]).
func (j *Preset) URLPath(p generator.Page) (string, bool) {
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok || p.Permalink != "" && frontmatter.CheckURLPath(p.Permalink) != nil {
		return "", false
	}
	if dest := j.destInSource(); dest != "" && (rel == dest || strings.HasPrefix(rel, dest+"/")) {
		return "", false
	}
	els := strings.Split(rel, "/")

	// Collections other than posts live in collections_dir/_NAME only.
	inColl := rel
	if j.CollectionsDir != "" {
		inColl = strings.TrimPrefix(rel, j.CollectionsDir+"/")
	}
	if first, _, inside := strings.Cut(inColl, "/"); inside && (inColl != rel || j.CollectionsDir == "") {
		if label, ok := strings.CutPrefix(first, "_"); ok && label != "posts" && label != "drafts" {
			if c, ok := j.Collections[label]; ok {
				return j.document(p, inColl, label, c)
			}
		}
	}

	// Posts: DIR/_posts/ENTRY, where Jekyll reads DIR.
	for i, el := range els[:len(els)-1] {
		if el == "_posts" {
			dir := strings.Join(els[:i], "/")
			if j.CollectionsDir != "" && dir != j.CollectionsDir && !strings.HasPrefix(dir, j.CollectionsDir+"/") {
				return "", false
			}
			if !j.readable(els[:i]) {
				return "", false
			}
			entry := strings.Join(els[i+1:], "/")
			hidden := false // Dir["**/*"] does not enter hidden folders
			for _, el := range els[i+1:] {
				hidden = hidden || strings.HasPrefix(el, ".")
			}
			if hidden || j.filtered(rel, jekyllSpecial(entry) || jekyllSpecial(path.Base(entry))) ||
				!jekyllDateName.MatchString(path.Base(entry)) {
				return "", false
			}
			relDoc := rel
			if j.CollectionsDir != "" {
				relDoc = strings.TrimPrefix(rel, j.CollectionsDir+"/")
			}
			return j.document(p, relDoc, "posts", j.postsCollection())
		}
	}

	// Pages and static files.
	if !j.readable(els) {
		return "", false
	}
	dir, file := path.Split(rel)
	dir = strings.TrimSuffix(dir, "/")
	name, ext := srcpath.SplitExt(file)
	if !p.HasFrontMatter {
		return j.static(rel, ext)
	}
	return j.page(p, dir, name, ext)
}

// readable says whether Jekyll reads every one of the path's elements
// (folders, then the file) as it walks the source.
func (j *Preset) readable(els []string) bool {
	for i := range els {
		if j.filtered(strings.Join(els[:i+1], "/"), jekyllSpecial(els[i])) {
			return false
		}
	}
	return true
}

func (j *Preset) destInSource() string {
	dest := j.Destination
	if dest == "" {
		dest = "_site"
	}
	src := j.Source
	if src == "" {
		src = "."
	}
	if filepath.IsAbs(dest) != filepath.IsAbs(src) {
		return ""
	}
	r, err := filepath.Rel(src, dest)
	if err != nil || r == "." || strings.HasPrefix(r, "..") {
		return ""
	}
	return filepath.ToSlash(r)
}

// postsCollection is posts as Jekyll configures it: always output, at
// collections.posts.permalink as written, else at the site's style.
func (j *Preset) postsCollection() Collection {
	c := j.Collections["posts"]
	c.Output = true
	if c.Permalink == "" {
		c.Permalink = j.style()
		if s, ok := jekyllStyles[c.Permalink]; ok {
			c.Permalink = s
		}
	}
	return c
}

// jekyllStaticPages are the static files jekyll-sitemap lists.
var jekyllStaticPages = map[string]bool{".html": true, ".htm": true, ".xhtml": true, ".pdf": true}

func (j *Preset) static(rel, ext string) (string, bool) {
	if !jekyllStaticPages[ext] {
		return "", false
	}
	return "/" + rel, true
}

// page is a file with front matter outside collections.
func (j *Preset) page(p generator.Page, dir, basename, ext string) (string, bool) {
	basename = strings.TrimRight(basename, ".")
	outExt := j.outputExt(ext, p.Permalink)
	html := outExt == ".html" || outExt == ".htm" || outExt == ".xhtml"
	template := p.Permalink
	if template == "" {
		switch {
		case !html:
			template = "/:path/:basename:output_ext"
		case basename == "index":
			template = "/:path/"
		default:
			template = j.suffix("/:path/:basename")
		}
	}
	u := template
	for _, kv := range [][2]string{{"path", dir}, {"basename", basename}, {"output_ext", outExt}} {
		if !strings.Contains(u, ":") {
			break
		}
		u = strings.ReplaceAll(u, ":"+kv[0], kv[1])
	}
	u = jekyllSanitize(u)
	if !html && !strings.HasSuffix(u, "/") {
		return "", false
	}
	return u, true
}

// jekyllSanitize is Jekyll's URL#sanitize_url.
func jekyllSanitize(s string) string {
	s = strings.ReplaceAll("/"+s, "..", "/")
	s = strings.ReplaceAll(s, "./", "")
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '/' && i > 0 && s[i-1] == '/' {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// document is a post or a collection's document; rel is its path
// relative to collections_dir.
func (j *Preset) document(p generator.Page, rel, label string, c Collection) (string, bool) {
	if !c.Output {
		return "", false
	}
	relDir := "_" + label
	inside := strings.TrimPrefix(rel, relDir+"/")
	if label != "posts" {
		first, _, _ := strings.Cut(inside, "/")
		if j.filtered(rel, jekyllSpecial(first) || jekyllSpecial(path.Base(inside))) {
			return "", false
		}
	}
	file := path.Base(rel)
	name, ext := srcpath.SplitExt(file)
	template := c.Permalink
	if template == "" {
		template = j.suffix("/:collection/:path")
	}
	if !p.HasFrontMatter && label != "posts" {
		// A static file of the collection: its URL from the collection's
		// template, with no output extension, and its own extension.
		ph := map[string]string{
			"collection": label,
			"path":       strings.Replace(strings.TrimRight(strings.TrimSuffix(rel, ext), "."), relDir, "", 1),
			"output_ext": "",
			"name":       strings.TrimRight(name, "."),
			"title":      "",
		}
		u := template
		for _, k := range []string{"collection", "path", "output_ext", "name", "title"} {
			if !strings.Contains(u, ":") {
				break
			}
			u = strings.ReplaceAll(u, ":"+k, ph[k])
		}
		u = strings.TrimSuffix(jekyllSanitize(u), "/") + ext
		if !jekyllStaticPages[ext] {
			return "", false
		}
		return u, true
	}

	d := &jekyllDoc{j: j, p: p, label: label, name: name}
	// The date and slug a file name gives: YYYY-MM-DD-slug.ext.
	d.slug = strings.TrimRight(name, ".")
	if m := jekyllDateName.FindStringSubmatch(file); m != nil {
		y, _ := strconv.Atoi(m[1])
		mo, _ := strconv.Atoi(m[2])
		da, _ := strconv.Atoi(m[3])
		t := time.Date(y, time.Month(mo), da, 0, 0, 0, 0, j.location())
		if t.Month() != time.Month(mo) || t.Day() != da {
			return "", false // Jekyll: invalid date
		}
		d.fileDate = t
		d.slug = strings.TrimRight(m[4], ".")
	}
	d.path = strings.Replace(strings.TrimRight(strings.TrimSuffix(rel, ext), "."), relDir, "", 1)
	if label == "posts" {
		// Folders above _posts are categories: blog/_posts → "blog".
		if i := strings.Index(rel, relDir); i > 0 {
			for _, c := range strings.Split(rel[:i], "/") {
				if c != "" && c != relDir && c != file {
					d.categories = appendUnique(d.categories, c)
				}
			}
		}
	}
	for _, c := range p.Categories {
		d.categories = appendUnique(d.categories, c)
	}

	if p.Permalink != "" {
		template = p.Permalink
	}
	d.outExt = j.outputExt(ext, p.Permalink)
	u, ok := d.fill(template)
	if !ok {
		return "", false
	}
	return jekyllSanitize(u), true
}

func appendUnique(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// jekyllDoc holds what a document's URL placeholders draw on.
type jekyllDoc struct {
	j           *Preset
	p           generator.Page
	label, name string
	slug        string // from the file name
	path        string // cleaned relative path
	outExt      string
	categories  []string
	fileDate    time.Time
	dateOnce    bool
	date        time.Time
}

// when is the document's date in the site's time zone: front matter
// date, else the file name's, else now.
func (d *jekyllDoc) when() time.Time {
	if d.dateOnce {
		return d.date
	}
	d.dateOnce = true
	loc := d.j.location()
	zoned, _ := d.j.Zone(d.p.Path)
	switch t := d.p.Date; {
	case zoned == nil && !t.IsZero() && t.Location() == time.UTC && t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && t.Nanosecond() == 0:
		// Without timezone, front matter is read in UTC (Zone) but
		// Jekyll's day is this machine's: a date alone is that day.
		d.date = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc)
	case !t.IsZero():
		d.date = t.In(loc)
	case !d.fileDate.IsZero():
		d.date = d.fileDate
	default:
		d.date = time.Now().In(loc)
	}
	return d.date
}

// fill replaces a document template's placeholders, as Jekyll's
// URL#generate_url_from_drop does; ok is false for an unknown one.
func (d *jekyllDoc) fill(template string) (string, bool) {
	ok := true
	out := jekyllTokenRE.ReplaceAllStringFunc(template, func(m string) string {
		name := m[1:]
		rest := ""
		if n, cut := strings.CutSuffix(name, "_"); cut && !jekyllDocTokens[name] {
			name, rest = n, "_"
		}
		v, known := d.value(name)
		if !known {
			ok = false
			return m
		}
		return v + rest
	})
	return out, ok
}

func (d *jekyllDoc) value(name string) (string, bool) {
	switch name {
	case "collection":
		return d.label, true
	case "name":
		return slugify(d.name, false, false), true
	case "title":
		if d.p.Slug != "" {
			return slugify(d.p.Slug, true, true), true
		}
		return slugify(d.slug, true, true), true
	case "slug":
		if d.p.Slug != "" {
			return slugify(d.p.Slug, false, false), true
		}
		return slugify(d.slug, false, false), true
	case "categories", "slugified_categories":
		var seen []string
		for _, c := range d.categories {
			if name == "categories" {
				c = strings.ToLower(c)
			} else {
				c = slugify(c, false, false)
			}
			seen = appendUnique(seen, c)
		}
		return strings.Join(seen, "/"), true
	case "path":
		return d.path, true
	case "output_ext":
		return d.outExt, true
	}
	if !jekyllDocTokens[name] {
		return "", false
	}
	t := d.when()
	switch name {
	case "year":
		return fmt.Sprintf("%04d", t.Year()), true
	case "month":
		return fmt.Sprintf("%02d", int(t.Month())), true
	case "day":
		return fmt.Sprintf("%02d", t.Day()), true
	case "hour":
		return fmt.Sprintf("%02d", t.Hour()), true
	case "minute":
		return fmt.Sprintf("%02d", t.Minute()), true
	case "second":
		return fmt.Sprintf("%02d", t.Second()), true
	case "i_day":
		return strconv.Itoa(t.Day()), true
	case "i_month":
		return strconv.Itoa(int(t.Month())), true
	case "short_month":
		return t.Format("Jan"), true
	case "long_month":
		return t.Format("January"), true
	case "short_year":
		return fmt.Sprintf("%02d", t.Year()%100), true
	case "w_year":
		y, _ := t.ISOWeek()
		return fmt.Sprintf("%04d", y), true
	case "week":
		_, w := t.ISOWeek()
		return fmt.Sprintf("%02d", w), true
	case "w_day":
		wd := int(t.Weekday())
		if wd == 0 {
			wd = 7
		}
		return strconv.Itoa(wd), true
	case "short_day":
		return t.Format("Mon"), true
	case "long_day":
		return t.Format("Monday"), true
	case "y_day":
		return fmt.Sprintf("%03d", t.YearDay()), true
	}
	return "", false
}

// FileDate returns the date in the name of a post, _posts/2024-05-06-title.md,
// at midnight in the site's timezone (UTC without one: [Preset.Zone]);
// Jekyll dates a post without a front matter date by it.
func (j *Preset) FileDate(rel string) (time.Time, bool) {
	dir, name := path.Split(rel)
	if !strings.HasSuffix(dir, "_posts/") || len(name) < 11 || name[10] != '-' {
		return time.Time{}, false
	}
	loc, _ := j.Zone(rel)
	d, err := time.ParseInLocation("2006-01-02", name[:10], cmp.Or(loc, time.UTC))
	return d, err == nil
}

// HeldBack reports whether Jekyll holds the file at rel back until its
// date: posts and collection documents, in folders whose names start with
// "_"; not pages, which it publishes whatever their date.
func (j *Preset) HeldBack(rel string) bool {
	for _, seg := range strings.Split(path.Dir(rel), "/") {
		if strings.HasPrefix(seg, "_") {
			return true
		}
	}
	return false
}

// jekyllLoop finds what a Liquid template lists: site.posts,
// paginator.posts, site.COLLECTION.
var jekyllLoop = regexp.MustCompile(`\b(?:site|paginator)\.([A-Za-z_][A-Za-z0-9_]*)`)

// jekyllLayout finds a template's layout: in its front matter.
var jekyllLayout = regexp.MustCompile(`(?m)^layout:\s*["']?([A-Za-z0-9_./-]+?)["']?\s*$`)

// Lists returns the collections the Jekyll page at rel (relative to the
// sources' folder dir, with "/" separators) lists, sorted: site.posts,
// paginator.posts or site.COLLECTION in its text or in that of its
// layouts in _layouts/, a layout's layout followed at most 10 deep.
//
// Each file is read inside dir through the one door (package fsx): never
// through a link out of dir, only a regular file, never waiting on one;
// the page within limits.page_bytes, as its other readers read it, and a
// layout within limits.settings_bytes. A layout that is not there (a
// theme's, from its gem) lists nothing; one that cannot be read is the
// error ("path: what is wrong"), with what the files before it list. The page's own
// file that cannot be read lists nothing, without an error: the build
// says so where it reads the page.
func (j *Preset) CollectionsListed(dir, rel string) ([]string, error) {
	lim := j.limits.Or()
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		return nil, nil
	}
	defer root.Close()
	var lists []string
	seen := map[string]bool{}
	name, max, key := rel, lim.PageBytes, "limits.page_bytes"
	for range 10 { // a layout's layout, not round in circles
		data, err := root.ReadFile(name, max, key)
		if err != nil {
			if name == rel || errors.Is(err, fs.ErrNotExist) {
				err = nil
			}
			slices.Sort(lists)
			return lists, fsx.Placed(err)
		}
		for _, m := range jekyllLoop.FindAllSubmatch(data, -1) {
			coll := string(m[1])
			if _, ok := j.Collections[coll]; (coll == "posts" || ok) && !seen[coll] {
				seen[coll] = true
				lists = append(lists, coll)
			}
		}
		layout := jekyllLayout.FindSubmatch(data)
		if layout == nil {
			break
		}
		name, max, key = path.Join("_layouts", string(layout[1])+".html"), lim.SettingsBytes, "limits.settings_bytes"
	}
	slices.Sort(lists)
	return lists, nil
}

// CollectionOf returns the collection of the Jekyll source at rel
// (relative to the site's source): "posts" for a post (DIR/_posts/…),
// a collection's label for its documents (collections_dir/_LABEL/…), ""
// for a page or a static file.
func (j *Preset) CollectionOf(rel string) string {
	in := rel
	if j.CollectionsDir != "" {
		var ok bool
		if in, ok = strings.CutPrefix(rel, j.CollectionsDir+"/"); !ok {
			return ""
		}
	}
	els := strings.Split(in, "/")
	if label, ok := strings.CutPrefix(els[0], "_"); ok && len(els) > 1 {
		if _, known := j.Collections[label]; known && label != "posts" {
			return label
		}
	}
	if slices.Contains(els[:len(els)-1], "_posts") {
		return "posts"
	}
	return ""
}

// lastModifiedAtGem is the Jekyll plugin that dates pages by git.
const lastModifiedAtGem = "jekyll-last-modified-at"

// gemGroupRE finds the blocks of a Gemfile's jekyll_plugins group, whose
// gems Jekyll requires (through Bundler) without a plugins: list naming
// them.
var gemGroupRE = regexp.MustCompile(`(?ms)^[ \t]*group\b[^\n]*:jekyll_plugins\b[^\n]*\bdo\b(.*?)^[ \t]*end\b`)

// gemfilePlugin says whether the Gemfile in dir puts gem in the
// jekyll_plugins group, in a group block or with group: on its line:
// "GEM in the Gemfile's jekyll_plugins group", else "". A Gemfile that
// cannot be read within lim asks for nothing.
func gemfilePlugin(dir, gem string, lim limits.Limits) string {
	data, err := lim.ReadFile(dir, "Gemfile", "Gemfile", limits.Text)
	if err != nil {
		return ""
	}
	line := regexp.MustCompile(`(?m)^[ \t]*gem[ \t(]+["']` + regexp.QuoteMeta(gem) + `["']([^\n]*)`)
	found := false
	for _, m := range gemGroupRE.FindAllSubmatch(data, -1) {
		found = found || line.Match(m[1])
	}
	for _, m := range line.FindAllSubmatch(data, -1) {
		found = found || bytes.Contains(m[1], []byte(":jekyll_plugins"))
	}
	if !found {
		return ""
	}
	return gem + " in the Gemfile's jekyll_plugins group"
}

// LastModOrder returns the order in which jekyll-sitemap dates a page
// when jekyll-last-modified-at is on (its page.last_modified_at, else
// page.date): the plugin sets last_modified_at to the last commit of the
// page's source (its committer date; a rename is a change) before a
// document's front matter is read, so that a document's own
// last_modified_at wins, then git; date, then the post's file name date,
// only for a file git does not know (the plugin dates it by its
// modification time, a checkout's, which is passed over). nil without the plugin: sitemapgen's default order,
// front matter last_modified_at then date, is jekyll-sitemap's.
//
// A page (not a document) is read before the plugin runs, so the plugin
// overwrites its front matter last_modified_at; the order keeps the
// front matter's, as the site's author wrote it.
func (j *Preset) LastModOrder() *generator.DateOrder { return j.order }

func (j *Preset) lastModOrder() *generator.DateOrder {
	if j.LastModPlugin == "" {
		return nil
	}
	return &generator.DateOrder{
		Steps:      []generator.DateStep{{Keys: []string{"last_modified_at"}}, {Git: true}, {Keys: []string{"date"}}, {FileName: true}},
		From:       j.LastModPlugin,
		GitRenames: true, // git log -n 1 -- PATH
	}
}

// Zone returns the site's timezone, for every file. Without timezone,
// Jekyll reads dates in the zone of the machine that builds the site,
// which need not be the one sitemapgen runs on: they are read as UTC,
// the zone of most CI machines, and setting timezone makes them certain.
// (URLPath, which must find the day Jekyll wrote a post's folder under
// on this machine, takes this machine's zone then.)
func (j *Preset) Zone(string) (*time.Location, string) {
	if j.Timezone == "" {
		return nil, ""
	}
	loc, err := zone.Load(j.Timezone)
	if err != nil {
		return nil, ""
	}
	return loc, j.configName() + " timezone"
}

// ZoneWarnings says whether timezone names an unknown zone. Ruby would
// take it as UTC (the C library's rule for a TZ it cannot read).
func (j *Preset) ZoneWarnings() []error {
	if j.Timezone == "" {
		return nil
	}
	if _, err := zone.Load(j.Timezone); err != nil {
		return []error{j.zoneWarning("timezone", j.Timezone)}
	}
	return nil
}

// configName is the configuration file's name, _config.yml by default.
func (j *Preset) configName() string {
	if j.File == "" {
		return "_config.yml"
	}
	return j.File
}

// zoneWarning is the warning about the unknown zone name set by key in
// j's configuration file, at its line.
func (j *Preset) zoneWarning(key, name string) error {
	file := j.configName()
	line := 0
	if j.dir != "" {
		data, _ := j.limits.ReadFile(j.dir, file, "", limits.Text)
		line = conffile.KeyLine(data, key)
	}
	return &diag.Diagnostic{File: file, Line: line, Msg: zone.Unknown(key, name)}
}

// slugify is Jekyll's Utils.slugify in its "default" mode (pretty
// false) and "pretty" mode: every run of characters other than letters,
// marks and decimal digits (and, in pretty mode, ._~!$&'()+,;=@) becomes
// one hyphen, one leading and one trailing hyphen are removed, and the
// result is lower-cased unless cased is set.
func slugify(s string, pretty, cased bool) string {
	var b strings.Builder
	b.Grow(len(s))
	inRun := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsMark(r) || unicode.Is(unicode.Nd, r) ||
			pretty && strings.ContainsRune("._~!$&'()+,;=@", r) {
			b.WriteRune(r)
			inRun = false
			continue
		}
		if !inRun {
			b.WriteByte('-')
			inRun = true
		}
	}
	out := strings.TrimPrefix(b.String(), "-")
	out = strings.TrimSuffix(out, "-")
	if !cased {
		out = strings.ToLower(out)
	}
	return out
}

// SitemapOptions: with jekyll-sitemap (in plugins or gems, the Gemfile,
// or the github-pages gem's), the defaults that give sitemap: false and
// the files Jekyll excludes.
func (Generator) SitemapOptions(d *generator.Dir, _ *generator.Project) []peer.Config {
	name, _, err := d.File("_config.yml", "_config.yaml")
	if err != nil || name == "" {
		return nil
	}
	cfg, err := conffile.ReadConfigFile(d.Path(), name, name, d.Limits())
	if err != nil {
		return nil
	}
	uses := false
	for _, key := range []string{"plugins", "gems"} {
		if list, ok := cfg[key].([]any); ok && slices.Contains(list, any("jekyll-sitemap")) {
			uses = true
		}
	}
	if !uses {
		if _, data, _ := d.File("Gemfile"); bytes.Contains(data, []byte("jekyll-sitemap")) || bytes.Contains(data, []byte("github-pages")) {
			uses = true
		}
	}
	if !uses {
		return nil
	}
	c := peer.Config{Tool: peer.Jekyll, File: name}
	var scopes []any
	if list, ok := cfg["defaults"].([]any); ok {
		for _, e := range list {
			m, _ := e.(map[string]any)
			values, _ := m["values"].(map[string]any)
			if b, ok := values["sitemap"].(bool); !ok || b {
				continue
			}
			scope, _ := m["scope"].(map[string]any)
			p, _ := scope["path"].(string)
			if t, _ := scope["type"].(string); t != "" {
				p = strings.TrimSpace(p + " (type " + t + ")")
			}
			scopes = append(scopes, p)
		}
	}
	if len(scopes) > 0 {
		c.Options = append(c.Options, peer.Given{Name: "defaults", Value: scopes})
	}
	if ex, ok := cfg["exclude"].([]any); ok && len(ex) > 0 {
		c.Options = append(c.Options, peer.Given{Name: "exclude", Value: jsconf.PeerValue(ex)})
	}
	// jekyll-sitemap writes a robots.txt naming the sitemap where the
	// site has none of its own.
	src, _ := cfg["source"].(string)
	if own, _, _ := d.File(path.Join(cmp.Or(src, "."), "robots.txt")); own == "" {
		c.Options = append(c.Options, peer.Given{Name: "robots.txt", Value: true})
	}
	return []peer.Config{c}
}
