package jekyll

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/siteurl"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/zone"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

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
//     "_drafts" are posts Jekyll publishes only with --drafts
//     (jekyll_drafts.go): their pages are drafts ([generator.FileRules].DraftsIn).
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
	// Polyglot is jekyll-polyglot's configuration, when the site asks
	// for the plugin (in plugins:, or the Gemfile's jekyll_plugins
	// group); nil when it does not.
	Polyglot *Polyglot
	order    *generator.DateOrder // the rules' Order, made by Load
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
	// A timezone that is not known is a warning (ZoneWarnings), not an
	// error: Ruby reads such dates as UTC, and so does Zone.
	j.dir, j.limits = projectDir, lim
	if err := j.apply(cfg); err != nil {
		return nil, err
	}
	if j.LastModPlugin == "" {
		j.LastModPlugin = gemfilePlugin(projectDir, lastModifiedAtGem, lim)
	}
	j.order = j.lastModOrder()
	return j, nil
}

// apply sets j's fields from the configuration cfg, read from j.File.
func (j *Preset) apply(cfg map[string]any) error {
	c := jekyllConfig{cfg, j.File}
	// Every value is read before the first error is returned.
	for _, err := range []error{
		c.str("url", &j.URL),
		c.str("baseurl", &j.BaseURL),
		c.str("source", &j.Source),
		c.str("destination", &j.Destination),
		c.str("permalink", &j.Permalink),
		c.str("collections_dir", &j.CollectionsDir),
		c.str("timezone", &j.Timezone),
		c.str("markdown_ext", &j.MarkdownExt),
		c.list("exclude", &j.Exclude),
		c.list("include", &j.Include),
	} {
		if err != nil {
			return err
		}
	}
	if err := j.applyPlugins(cfg); err != nil {
		return err
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
	return j.applyCollections(cfg["collections"])
}

// A jekyllConfig is a configuration as read, and the file it was read
// from (for errors).
type jekyllConfig struct {
	cfg  map[string]any
	file string
}

// str sets *dst to the string at key. It leaves *dst alone when the key
// is missing or null.
func (c jekyllConfig) str(key string, dst *string) error {
	v, ok := c.cfg[key]
	if !ok || v == nil {
		return nil
	}
	s, ok := conffile.StringValue(v)
	if !ok {
		return conffile.Errorf(c.file, "%s: want a string, got a %s", key, conffile.KindOf(v))
	}
	*dst = s
	return nil
}

// list appends the strings of the list at key to *dst. It does nothing
// when the key is missing or null.
func (c jekyllConfig) list(key string, dst *[]string) error {
	v, ok := c.cfg[key]
	if !ok || v == nil {
		return nil
	}
	l, ok := v.([]any)
	if !ok {
		return conffile.Errorf(c.file, "%s: want a list, got a %s", key, conffile.KindOf(v))
	}
	s, ok := conffile.StringList(l)
	if !ok {
		return conffile.Errorf(c.file, "%s: want a list of strings", key)
	}
	*dst = append(*dst, s...)
	return nil
}

// applyPlugins notes the plugins that change URLs or dates: the
// last-modified-at gem and Polyglot. Jekyll requires plugins by name,
// from plugins (gems before Jekyll 3.5). A value of another shape is an
// error for Jekyll to give, and names no plugin here. Polyglot may also
// come from the Gemfile's plugin group.
func (j *Preset) applyPlugins(cfg map[string]any) error {
	var polyglot string
	for _, key := range []string{"plugins", "gems"} {
		names, ok := conffile.StringList(cfg[key])
		if ok && slices.Contains(names, lastModifiedAtGem) && j.LastModPlugin == "" {
			j.LastModPlugin = lastModifiedAtGem + " in " + j.File + " " + key
		}
		if ok && slices.Contains(names, polyglotGem) && polyglot == "" {
			polyglot = polyglotGem + " in " + j.File + " " + key
		}
	}
	if polyglot == "" && j.dir != "" {
		polyglot = gemfilePlugin(j.dir, polyglotGem, j.limits)
	}
	if polyglot == "" {
		return nil
	}
	pg, err := readPolyglot(j.File, cfg, polyglot)
	if err != nil {
		return err
	}
	j.Polyglot = pg
	return nil
}

// applyCollections reads collections: v. It is either a list of names
// or a table of collections by name.
func (j *Preset) applyCollections(v any) error {
	switch v := v.(type) {
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
			c, err := j.collection(n, v[n])
			if err != nil {
				return err
			}
			j.addCollection(n, c)
		}
	default:
		return conffile.Errorf(j.File, "collections: want a list of names or a table, got a %s", conffile.KindOf(v))
	}
	return nil
}

// collection reads the table meta of the collection n: whether it is
// output, and its permalink pattern.
func (j *Preset) collection(n string, meta any) (Collection, error) {
	var c Collection
	switch meta := meta.(type) {
	case nil:
	case map[string]any:
		out, ok := conffile.BoolValue(meta["output"])
		if !ok {
			return c, conffile.Errorf(j.File, "collections.%s.output: want true or false, got a %s", n, conffile.KindOf(meta["output"]))
		}
		c.Output = out
		if pl, ok := meta["permalink"]; ok && pl != nil {
			s, ok := pl.(string)
			if !ok {
				return c, conffile.Errorf(j.File, "collections.%s.permalink: want a string, got a %s", n, conffile.KindOf(pl))
			}
			c.Permalink = s
		}
	default:
		return c, conffile.Errorf(j.File, "collections.%s: want a table, got a %s", n, conffile.KindOf(meta))
	}
	if err := j.checkPattern(c.Permalink); err != nil {
		return c, conffile.Errorf(j.File, "collections.%s.permalink: %v", n, err)
	}
	return c, nil
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

var jekyllLabelRE = lazyre.MustCompile(`(?i)[^a-z0-9_\-.]`)

func jekyllLabel(name string) string { return jekyllLabelRE().ReplaceAllString(name, "") }

// checkPattern reports a placeholder a document URL cannot fill: Jekyll
// stops the build on it.
func (j *Preset) checkPattern(pattern string) error {
	if _, ok := jekyllStyles[pattern]; ok {
		return nil
	}
	for _, m := range jekyllTokenRE().FindAllStringSubmatch(pattern, -1) {
		name := strings.TrimSuffix(m[1], "_")
		if !jekyllDocTokens[name] {
			return fmt.Errorf("placeholder :%s is not one Jekyll knows for posts and documents in %q", name, pattern)
		}
	}
	return nil
}

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
var jekyllGemRE = lazyre.MustCompile(`(?m)^[ \t]*gem[ \t(]+["'](?:jekyll|github-pages)["']`)

// Detect finds a Jekyll project: a configuration
// [Load] finds, else a Gemfile that asks for Jekyll. When
// Load rejects a setting of a file that parses, only the publish
// folder and base URL are read (jekyllFallback).
func (Generator) Detect(d *generator.Dir) (*generator.Detected, error) {
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
		if err != nil || name == "" || !jekyllGemRE().Match(data) {
			return nil, err
		}
		return &generator.Detected{File: "Gemfile", PublishDir: "_site"}, nil
	}
	p := &generator.Detected{File: j.File, PublishDir: siteurl.CleanDir(j.Destination)}
	if p.PublishDir == "" {
		p.PublishDir = "_site"
	}
	baseURL(d, p, j.URL, j.BaseURL)
	return p, nil
}

// fallback reads url, baseurl and destination from the
// configuration file that Load rejected with ce, and notes ce.
func fallback(d *generator.Dir, ce *diag.Diagnostic) (*generator.Detected, error) {
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
	p := &generator.Detected{File: name, PublishDir: "_site"}
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

// baseURL sets p's base URL from Jekyll's url and baseurl, and its
// base path from baseurl.
func baseURL(d *generator.Dir, p *generator.Detected, siteURL, baseurl string) {
	siteURL = strings.TrimSpace(siteURL)
	switch {
	case siteURL == "":
		p.BasePath = siteurl.NormBase(baseurl)
	case siteurl.AbsHTTP(siteURL):
		p.BaseURL, p.BaseURLFrom = siteurl.JoinSiteBase(siteURL, baseurl), p.File+" url"
		if p.BasePath = siteurl.NormBase(baseurl); p.BasePath != "" {
			p.BaseURLFrom += " + baseurl"
		}
	default:
		data, _ := d.Limits().ReadFile(d.Path(), p.File, "", limits.Text)
		p.Notes = append(p.Notes, generator.Note(p.File, conffile.KeyLine(data, "url"), "url %q is not an absolute http(s) URL; give --base-url", diag.URL(siteURL)))
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
// include: names them (see [generator.SourceRules]).
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
