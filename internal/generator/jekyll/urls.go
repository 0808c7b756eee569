package jekyll

import (
	"cmp"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/uniq"
)

var jekyllStyles = map[string]string{
	"none":     "/:categories/:title:output_ext",
	"date":     "/:categories/:year/:month/:day/:title:output_ext",
	"ordinal":  "/:categories/:year/:y_day/:title:output_ext",
	"pretty":   "/:categories/:year/:month/:day/:title/",
	"weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
}

var (
	jekyllTokenRE   = lazyre.MustCompile(`:([a-z_]+)`)
	jekyllDocTokens = map[string]bool{
		"collection": true, "name": true, "title": true, "slug": true, "categories": true,
		"slugified_categories": true, "year": true, "month": true, "day": true, "hour": true,
		"minute": true, "second": true, "i_day": true, "i_month": true, "short_month": true,
		"long_month": true, "short_year": true, "w_year": true, "week": true, "w_day": true,
		"short_day": true, "long_day": true, "y_day": true, "output_ext": true, "path": true,
	}
	jekyllDateName = lazyre.MustCompile(`^(\d{2,4})-(\d{1,2})-(\d{1,2})-([^/]*)(\.[^.]+)$`)
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
// [frontmatter.CheckURLPath]). With jekyll-polyglot, a page of another
// language than the default is below /LANG/ ([Polyglot]).
func (j *Preset) URLPath(p generator.Page) (string, bool) {
	u, ok, _ := j.URLPathWhy(p)
	return u, ok
}

// URLPathWhy is URLPath, with the reason a permalink that expands past
// generator.MaxURLBytes gives p no URL.
func (j *Preset) URLPathWhy(p generator.Page) (string, bool, error) {
	var why error
	u, ok := j.jekyllURL(p, &why)
	if !ok {
		return "", false, why
	}
	return j.place(p, u), true, nil
}

// jekyllURL is the URL path Jekyll alone gives p (see URLPath). A
// permalink that expands past generator.MaxURLBytes sets why.
func (j *Preset) jekyllURL(p generator.Page, why *error) (string, bool) {
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
				return j.document(p, inColl, label, c, why)
			}
		}
	}

	if _, ok := j.draftsIn(rel); ok {
		return j.draftURL(p, rel, why) // drafts.go
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
				!jekyllDateName().MatchString(path.Base(entry)) {
				return "", false
			}
			relDoc := rel
			if j.CollectionsDir != "" {
				relDoc = strings.TrimPrefix(rel, j.CollectionsDir+"/")
			}
			return j.document(p, relDoc, "posts", j.postsCollection(), why)
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
	return j.page(p, dir, name, ext, why)
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

// page is a file with front matter outside collections; a permalink
// that expands past generator.MaxURLBytes sets why.
func (j *Preset) page(p generator.Page, dir, basename, ext string, why *error) (string, bool) {
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
	u, long := template, false
	for _, kv := range [][2]string{{"path", dir}, {"basename", basename}, {"output_ext", outExt}} {
		if !strings.Contains(u, ":") {
			break
		}
		if long = !replaceBounded(&u, ":"+kv[0], kv[1], len(template)); long {
			break
		}
	}
	if long || len(u) > generator.MaxURLBytes {
		*why = &generator.LongURL{Rule: template}
		return "", false
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
// relative to collections_dir. A permalink that expands past
// generator.MaxURLBytes sets why.
func (j *Preset) document(p generator.Page, rel, label string, c Collection, why *error) (string, bool) {
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
		u, long := template, false
		for _, k := range []string{"collection", "path", "output_ext", "name", "title"} {
			if !strings.Contains(u, ":") {
				break
			}
			if long = !replaceBounded(&u, ":"+k, ph[k], len(template)); long {
				break
			}
		}
		if long || len(u) > generator.MaxURLBytes {
			*why = &generator.LongURL{Rule: template}
			return "", false
		}
		u = strings.TrimSuffix(jekyllSanitize(u), "/") + ext
		if !jekyllStaticPages[ext] {
			return "", false
		}
		return u, true
	}

	d := &jekyllDoc{j: j, p: p, label: label, name: name, draft: strings.HasPrefix(rel, "_drafts/")}
	// The date and slug a file name gives: YYYY-MM-DD-slug.ext.
	d.slug = strings.TrimRight(name, ".")
	if m := jekyllDateName().FindStringSubmatch(file); m != nil {
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
					d.categories.Add(c)
				}
			}
		}
	}
	for _, c := range p.Categories {
		d.categories.Add(c)
	}

	if p.Permalink != "" {
		template = p.Permalink
	}
	d.outExt = j.outputExt(ext, p.Permalink)
	u, ok := d.fill(template)
	if !ok {
		if d.long {
			*why = &generator.LongURL{Rule: template}
		}
		return "", false
	}
	return jekyllSanitize(u), true
}

// replaceBounded replaces each old in *s with v, unless the result
// would be longer than generator.MaxURLBytes by more than slack (what
// the replacements after it may take off: the template's length). Then
// it reports false and leaves *s as it was.
func replaceBounded(s *string, old, v string, slack int) bool {
	if n := strings.Count(*s, old); len(*s)+n*(len(v)-len(old)) > generator.MaxURLBytes+slack {
		return false
	}
	*s = strings.ReplaceAll(*s, old, v)
	return true
}

// jekyllDoc holds what a document's URL placeholders draw on.
type jekyllDoc struct {
	j           *Preset
	p           generator.Page
	label, name string
	slug        string // from the file name
	path        string // cleaned relative path
	outExt      string
	categories  uniq.List // a front matter may list thousands
	fileDate    time.Time
	long        bool // fill stopped past generator.MaxURLBytes
	dateOnce    bool
	date        time.Time
	draft       bool // in _drafts: dated by its file's time before now
}

// when is the document's date in the site's time zone: front matter
// date, else the file name's, else now.
func (d *jekyllDoc) when() time.Time {
	if d.dateOnce {
		return d.date
	}
	d.dateOnce = true
	loc := d.j.location()
	zoned, _ := d.j.zone()
	switch t := d.p.Date; {
	case zoned == nil && !t.IsZero() && t.Location() == time.UTC && t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && t.Nanosecond() == 0:
		// Without timezone, front matter is read in UTC (Zone) but
		// Jekyll's day is this machine's: a date alone is that day.
		d.date = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc)
	case !t.IsZero():
		d.date = t.In(loc)
	case !d.fileDate.IsZero():
		d.date = d.fileDate
	case d.draft && !d.p.ModTime.IsZero():
		d.date = d.p.ModTime.In(loc)
	default:
		d.date = time.Now().In(loc)
	}
	return d.date
}

// fill replaces a document template's placeholders, as Jekyll's
// URL#generate_url_from_drop does; ok is false for an unknown one.
func (d *jekyllDoc) fill(template string) (string, bool) {
	ok := true
	// size is the length of the expansion so far, the rest of the
	// template as written; past the bound by more than the template's
	// length, no replacement can bring it back under.
	size := len(template)
	out := jekyllTokenRE().ReplaceAllStringFunc(template, func(m string) string {
		if !ok || size > generator.MaxURLBytes+len(template) {
			return "" // no URL: nothing more is filled
		}
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
		size += len(v) + len(rest) - len(m)
		return v + rest
	})
	if ok && size > generator.MaxURLBytes {
		d.long = true
		return "", false
	}
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
		var seen uniq.List
		for _, c := range d.categories.Items() {
			if name == "categories" {
				c = strings.ToLower(c)
			} else {
				c = slugify(c, false, false)
			}
			seen.Add(c)
		}
		return strings.Join(seen.Items(), "/"), true
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

// fileDate returns the date in the name of a post, _posts/2024-05-06-title.md,
// at midnight in loc, the site's timezone (UTC without one); Jekyll
// dates a post without a front matter date by it. Zero for another file.
func (j *Preset) fileDate(rel string, loc *time.Location) time.Time {
	dir, name := path.Split(rel)
	if !strings.HasSuffix(dir, "_posts/") || len(name) < 11 || name[10] != '-' {
		return time.Time{}
	}
	d, _ := time.ParseInLocation("2006-01-02", name[:10], cmp.Or(loc, time.UTC))
	return d
}

// heldBack reports whether Jekyll holds the file at rel back until its
// date: posts and collection documents, in folders whose names start with
// "_"; not pages, which it publishes whatever their date.
func (j *Preset) heldBack(rel string) bool {
	for _, seg := range strings.Split(path.Dir(rel), "/") {
		if strings.HasPrefix(seg, "_") {
			return true
		}
	}
	return false
}
