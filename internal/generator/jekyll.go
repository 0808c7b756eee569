package generator

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // Jekyll's timezone setting names an IANA zone; not every system has the database

	"github.com/sitemapgen/sitemapgen/frontmatter"
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
type Jekyll struct {
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
	// Exclude and Include are exclude (with Jekyll's defaults added) and
	// include.
	Exclude, Include []string
	// MarkdownExt is markdown_ext, default
	// "markdown,mkdown,mkdn,mkd,md": extensions rendered to .html.
	MarkdownExt string
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

// LoadJekyll reads the configuration of the Jekyll site in projectDir:
// the first of _config.yml, _config.yaml and _config.toml, as Jekyll
// looks for them. A missing file means the defaults, with File "".
// Errors are [*ConfigError]s naming the file and, for YAML and TOML
// syntax errors, the line.
func LoadJekyll(projectDir string) (*Jekyll, error) {
	j := &Jekyll{
		Source:      ".",
		Destination: "_site",
		Permalink:   "date",
		MarkdownExt: "markdown,mkdown,mkdn,mkd,md",
		Include:     []string{".htaccess"},
		Exclude:     slices.Clone(jekyllDefaultExcludes),
	}
	var cfg map[string]any
	for _, name := range []string{"_config.yml", "_config.yaml", "_config.toml"} {
		file := filepath.Join(projectDir, name)
		if !isFile(file) {
			continue
		}
		m, err := readConfigFile(file, name)
		if err != nil {
			return nil, err
		}
		j.File, cfg = name, m
		break
	}
	if err := j.apply(cfg); err != nil {
		return nil, err
	}
	if j.Timezone != "" {
		if _, err := loadLocation(j.Timezone); err != nil {
			return nil, configErrorf(j.File, "timezone: %v", err)
		}
	}
	return j, nil
}

func (j *Jekyll) apply(cfg map[string]any) error {
	str := func(key string, dst *string) error {
		v, ok := cfg[key]
		if !ok || v == nil {
			return nil
		}
		s, ok := stringValue(v)
		if !ok {
			return configErrorf(j.File, "%s: want a string, got a %s", key, kindOf(v))
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
			return configErrorf(j.File, "%s: want a list, got a %s", key, kindOf(v))
		}
		s, ok := stringList(l)
		if !ok {
			return configErrorf(j.File, "%s: want a list of strings", key)
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
	if j.Permalink == "" {
		j.Permalink = "date"
	}
	if err := j.checkPattern(j.Permalink); err != nil {
		return configErrorf(j.File, "permalink: %v", err)
	}
	j.CollectionsDir = strings.Trim(path.Clean("/"+filepath.ToSlash(j.CollectionsDir)), "/")

	switch v := cfg["collections"].(type) {
	case nil:
	case []any:
		names, ok := stringList(v)
		if !ok {
			return configErrorf(j.File, "collections: want a list of names or a table")
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
				out, ok := boolValue(meta["output"])
				if !ok {
					return configErrorf(j.File, "collections.%s.output: want true or false, got a %s", n, kindOf(meta["output"]))
				}
				c.Output = out
				if pl, ok := meta["permalink"]; ok && pl != nil {
					s, ok := pl.(string)
					if !ok {
						return configErrorf(j.File, "collections.%s.permalink: want a string, got a %s", n, kindOf(pl))
					}
					c.Permalink = s
				}
			default:
				return configErrorf(j.File, "collections.%s: want a table, got a %s", n, kindOf(meta))
			}
			if err := j.checkPattern(c.Permalink); err != nil {
				return configErrorf(j.File, "collections.%s.permalink: %v", n, err)
			}
			j.addCollection(n, c)
		}
	default:
		return configErrorf(j.File, "collections: want a list of names or a table, got a %s", kindOf(v))
	}
	return nil
}

// addCollection adds a collection under its name as Jekyll sanitizes it.
func (j *Jekyll) addCollection(name string, c Collection) {
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
func (j *Jekyll) checkPattern(pattern string) error {
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
func (j *Jekyll) Name() string { return "jekyll" }

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

func (j *Jekyll) style() string {
	if j.Permalink == "" {
		return "date"
	}
	return j.Permalink
}

// suffix is Jekyll's add_permalink_suffix: the ending the site's style
// gives pages and collections' default permalinks.
func (j *Jekyll) suffix(template string) string {
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

// location is the site's time zone; the machine's when timezone is not
// set or not known.
func (j *Jekyll) location() *time.Location {
	if j.Timezone == "" {
		return time.Local
	}
	loc, err := loadLocation(j.Timezone)
	if err != nil {
		return time.Local
	}
	return loc
}

// locations caches time.LoadLocation, which reads the zone database
// each time.
var locations sync.Map // name → *time.Location

func loadLocation(name string) (*time.Location, error) {
	if v, ok := locations.Load(name); ok {
		return v.(*time.Location), nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	locations.Store(name, loc)
	return loc, nil
}

// special is Jekyll's EntryFilter#special? and #backup? for one name.
func jekyllSpecial(name string) bool {
	return name != "" && strings.ContainsRune("._#~", rune(name[0])) || strings.HasSuffix(name, "~")
}

// filtered says whether Jekyll's EntryFilter drops the entry rel (a
// path relative to the source) when it reads the folder holding it:
// excluded and not included, or special and not included.
func (j *Jekyll) filtered(rel string, special bool) bool {
	if strings.HasSuffix(rel, ".") {
		return true
	}
	included := j.globMatch(j.Include, rel) || j.globMatch(j.Include, path.Base(rel))
	if !included && j.globMatch(j.excludes(), rel) {
		return true
	}
	return !included && special
}

func (j *Jekyll) excludes() []string {
	if j.Exclude == nil {
		return jekyllDefaultExcludes
	}
	return j.Exclude
}

// globMatch is Jekyll's glob_include?: fnmatch without FNM_PATHNAME, or
// a prefix of the path, or the path of a folder with a final slash.
func (j *Jekyll) globMatch(patterns []string, rel string) bool {
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
func (j *Jekyll) markdown(ext string) bool {
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
func (j *Jekyll) outputExt(ext, permalink string) string {
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
func (j *Jekyll) URLPath(p Page) (string, bool) {
	rel, ok := cleanRel(p.Path)
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
	name, ext := splitExt(file)
	if !p.HasFrontMatter {
		return j.static(rel, ext)
	}
	return j.page(p, dir, name, ext)
}

// readable says whether Jekyll reads every one of the path's elements
// (folders, then the file) as it walks the source.
func (j *Jekyll) readable(els []string) bool {
	for i := range els {
		if j.filtered(strings.Join(els[:i+1], "/"), jekyllSpecial(els[i])) {
			return false
		}
	}
	return true
}

func (j *Jekyll) destInSource() string {
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
func (j *Jekyll) postsCollection() Collection {
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

func (j *Jekyll) static(rel, ext string) (string, bool) {
	if !jekyllStaticPages[ext] {
		return "", false
	}
	return "/" + rel, true
}

// page is a file with front matter outside collections.
func (j *Jekyll) page(p Page, dir, basename, ext string) (string, bool) {
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
func (j *Jekyll) document(p Page, rel, label string, c Collection) (string, bool) {
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
	name, ext := splitExt(file)
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
	j           *Jekyll
	p           Page
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
	switch t := d.p.Date; {
	case !t.IsZero() && t.Location() == time.UTC && t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && t.Nanosecond() == 0:
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
		return jekyllSlugify(d.name, false, false), true
	case "title":
		if d.p.Slug != "" {
			return jekyllSlugify(d.p.Slug, true, true), true
		}
		return jekyllSlugify(d.slug, true, true), true
	case "slug":
		if d.p.Slug != "" {
			return jekyllSlugify(d.p.Slug, false, false), true
		}
		return jekyllSlugify(d.slug, false, false), true
	case "categories", "slugified_categories":
		var seen []string
		for _, c := range d.categories {
			if name == "categories" {
				c = strings.ToLower(c)
			} else {
				c = jekyllSlugify(c, false, false)
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

// SiteURL returns url joined with baseurl: the URL the paths URLPath
// returns are relative to ("" when url is not set).
func (j *Jekyll) SiteURL() string {
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
func (j *Jekyll) Dir(projectDir string) string {
	src := j.Source
	if src == "" {
		src = "."
	}
	if filepath.IsAbs(src) {
		return src
	}
	return filepath.Join(projectDir, src)
}

// FileDate returns the date in the name of a post, _posts/2024-05-06-title.md,
// at midnight UTC; Jekyll dates a post without a front matter date by it.
func (j *Jekyll) FileDate(rel string) (time.Time, bool) {
	dir, name := path.Split(rel)
	if !strings.HasSuffix(dir, "_posts/") || len(name) < 11 || name[10] != '-' {
		return time.Time{}, false
	}
	d, err := time.Parse("2006-01-02", name[:10])
	return d, err == nil
}

// HeldBack reports whether Jekyll holds the file at rel back until its
// date: posts and collection documents, in folders whose names start with
// "_"; not pages, which it publishes whatever their date.
func (j *Jekyll) HeldBack(rel string) bool {
	for _, seg := range strings.Split(path.Dir(rel), "/") {
		if strings.HasPrefix(seg, "_") {
			return true
		}
	}
	return false
}
