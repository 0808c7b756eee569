package pelican

import (
	"fmt"
	"io"
	"path"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// Preset joins the pages of a Pelican build to the sources of its PATH:
// an article's or a page's file is the *_SAVE_AS setting of its kind
// (or its own save_as), formatted with its slug, date, lang, category,
// author, path and metadata. Its metadata is read as Pelican's readers
// read it ([generator.FileRules].Meta); its lastmod is, as Pelican's own
// sitemap plugin and theme give it, its Modified, else its Date, else
// the date of its file name (FILENAME_METADATA); the caller takes git
// after those.
type Preset struct {
	s *settings
	// templates are the templates the sources name by their metadata
	// (Template: blog), by path; read on the walk's goroutines.
	templates sync.Map
	// pages are the articles and pages of the sources, by path, when
	// PLUGINS names plugins: their slugs, file names and URL paths (see
	// [Preset.movedTo]). byName indexes their URL paths by slug and by
	// file name, made again when stale (a source read or forgotten since).
	pages  sync.Map
	mu     sync.Mutex
	stale  atomic.Bool
	byName map[string][]string
}

var (
	_ generator.Preset  = (*Preset)(nil)
	_ generator.Changer = (*Preset)(nil)
)

// published is what an article or a page of the sources is published
// as: its slug, its file's name without its extension, and its URL path
// by the *_SAVE_AS settings.
type published struct {
	slug, base, url string
}

// URLPath returns the path ReadMeta found for the source: Pelican's
// rules need its metadata, which the Page of a front matter reader does
// not hold. A path that is not one from the site's root, or that climbs
// above it, is no page of the site: ReadMeta makes none, and the
// contract promises none.
func (*Preset) URLPath(p generator.Page) (string, bool) {
	u := p.URL
	if !strings.HasPrefix(u, "/") || strings.Contains(u+"/", "/../") {
		return "", false
	}
	// "//host/x" would name another host: one slash, as a server reads it.
	return "/" + strings.TrimLeft(u, "/"), true
}

// Rules say where the files Pelican's readers read are (Markdown, reST,
// HTML), but IGNORE_FILES' default, ".#*" (an editor's lock file), and
// which of its built pages list articles (see [Preset.lists]).
func (p *Preset) Rules() generator.Rules {
	return generator.Rules{
		Name: "pelican",
		Sources: generator.SourceRules{
			Include: []string{"**/*.md", "**/*.markdown", "**/*.mkd", "**/*.mdown", "**/*.rst", "**/*.html", "**/*.htm"},
			Exclude: []string{"**/.#*"},
		},
		Pages: generator.PageRules{Moved: p.movedTo, Lists: generator.ListRules{Shown: p.lists, Sourced: p.templated}},
	}
}

// movedTo returns, for a built page at urlPath that no source's
// *_SAVE_AS gives, the URL path (its file's) that the one article or
// page it may be built from has by those rules, when PLUGINS names
// plugins, whose code may publish an article elsewhere (at
// {date:%Y}/{slug}/, set as its override_save_as): the source whose slug
// or file name is the last name of the page's URL, less its extension,
// when the page is no list page (generator.PageRules.Moved: the page is
// that source's when the build wrote no file at the source's own URL).
// Two sources that name it, or none: the page has no source, and no date.
func (p *Preset) movedTo(urlPath string) (string, bool) {
	if !p.s.Plugins || p.lists(urlPath) {
		return "", false
	}
	name := path.Base(strings.TrimSuffix(strings.TrimSuffix(urlPath, "/index.html"), "/"))
	name = strings.TrimSuffix(name, path.Ext(name))
	if name == "" || name == "/" || name == "." {
		return "", false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.byName == nil || p.stale.Swap(false) {
		p.byName = map[string][]string{}
		p.pages.Range(func(_, v any) bool {
			pub := v.(published)
			p.byName[pub.slug] = append(p.byName[pub.slug], pub.url)
			if pub.base != pub.slug {
				p.byName[pub.base] = append(p.byName[pub.base], pub.url)
			}
			return true
		})
	}
	if urls := p.byName[name]; len(urls) == 1 {
		return urls[0], true
	}
	return "", false
}

// Changed forgets what was read of the sources at rels (files, or
// folders of them): watch mode reads those that are still there again.
func (p *Preset) Changed(rels []string) []string {
	p.pages.Range(func(k, _ any) bool {
		rel := k.(string)
		for _, r := range rels {
			if rel == r || strings.HasPrefix(rel, r+"/") {
				p.pages.Delete(rel)
				p.stale.Store(true)
			}
		}
		return true
	})
	return nil
}

// templated reports whether the source at rel names a template of its
// own (Template: blog): a theme's page that may list the site's
// articles, which its built page shows (the list page rule reads it).
func (p *Preset) templated(rel string) bool {
	t, _ := p.templates.Load(rel)
	name, _ := t.(string)
	return name != "" && name != "page" && name != "article"
}

// FileRules read a source's metadata by [Preset.ReadMeta], all of it.
func (p *Preset) FileRules(rel string) generator.FileRules {
	return generator.FileRules{Reading: generator.AllFrontMatter, Meta: func(r io.Reader) (*frontmatter.Source, error) { return p.ReadMeta(rel, r) }}
}

// kind returns what Pelican makes of the source at rel: "PAGE" under
// PAGE_PATHS, "ARTICLE" under ARTICLE_PATHS (but PAGE_PATHS), "" for
// neither.
func (p *Preset) kind(rel string) string {
	if under(rel, p.s.PagePaths) && !under(rel, p.s.PageExcludes) {
		return "PAGE"
	}
	if under(rel, p.s.ArticlePaths) && !under(rel, p.s.ArticleExcludes) && !under(rel, p.s.PagePaths) {
		return "ARTICLE"
	}
	return ""
}

// under reports whether rel is in one of the folders dirs ("" is all).
func under(rel string, dirs []string) bool {
	for _, d := range dirs {
		if d == "" || d == "." || rel == d || strings.HasPrefix(rel, d+"/") {
			return true
		}
	}
	return false
}

// ReadMeta reads the metadata of the source at rel and finds its page.
func (p *Preset) ReadMeta(rel string, r io.Reader) (*frontmatter.Source, error) {
	p.templates.Delete(rel)
	if _, ok := p.pages.LoadAndDelete(rel); ok {
		p.stale.Store(true)
	}
	m, err := readMeta(rel, r)
	fm := &frontmatter.Source{}
	if err != nil || m == nil {
		return fm, err
	}
	p.page(rel, m, fm)
	return fm, nil
}

// page fills fm from the metadata m of the source at rel: its title,
// slug, dates and URL path. fm gets no URL path when Pelican writes no
// page for the source.
func (p *Preset) page(rel string, m meta, fm *frontmatter.Source) {
	s := p.s
	base := strings.TrimSuffix(path.Base(rel), path.Ext(rel))
	s.metaFromPath(m, rel, base)
	date, hasDate := s.dates(m, fm)
	fm.Title, fm.Slug = m["title"], m["slug"]
	p.templates.Store(rel, strings.ToLower(strings.TrimSpace(m["template"])))
	kind, ok := p.pageKind(rel, m, fm, hasDate)
	if !ok {
		return
	}
	// The slug is the page's own, else made from the title or from the
	// file's name.
	slug := fm.Slug
	if slug == "" {
		from := fm.Title
		if s.SlugifyBasename {
			from = base
		}
		if slug, ok = s.slug(from); !ok {
			return
		}
	}
	lang := s.Lang
	if l := strings.TrimSpace(m["lang"]); l != "" {
		lang = l
	}
	fields := s.urlFields(m, rel, kind)
	fields["slug"], fields["lang"], fields["path"] = slug, lang, rel
	setting := kind + "_SAVE_AS"
	if lang != s.Lang {
		setting = kind + "_LANG_SAVE_AS"
	}
	saveAs, own := m["save_as"]
	if !own {
		if saveAs, ok = format(s.SaveAs[setting], fields, date, hasDate); !ok {
			if len(saveAs) > generator.MaxURLBytes {
				// The page has no URL from the setting; its build says so.
				long := &generator.LongURL{Rule: setting + " = " + s.SaveAs[setting]}
				fm.Problems = append(fm.Problems, frontmatter.Problem{Msg: long.Error()})
			}
			return
		}
	}
	saveAs = strings.TrimPrefix(strings.TrimSpace(saveAs), "/")
	if saveAs == "" || strings.HasSuffix(saveAs, "/") || path.Clean("/"+saveAs) != "/"+saveAs {
		// Pelican writes no file (save_as ''), or the file is not below
		// the output folder.
		return
	}
	fm.URL = "/" + saveAs
	if s.Plugins && (kind == "ARTICLE" || kind == "PAGE") {
		p.pages.Store(rel, published{slug: slug, base: base, url: fm.URL})
		p.stale.Store(true)
	}
}

// metaFromPath adds to m the metadata that the file's name base and its
// path rel give (FILENAME_METADATA, then PATH_METADATA), and then
// DEFAULT_METADATA. Each adds only the keys that m does not have yet.
func (s *settings) metaFromPath(m meta, rel, base string) {
	for _, c := range []struct {
		re   *regexp.Regexp
		data string
	}{{s.FileName, base}, {s.PathMeta, rel}} {
		if c.re == nil {
			continue
		}
		a := c.re.FindStringSubmatch(c.data)
		if a == nil {
			continue
		}
		for i, name := range c.re.SubexpNames() {
			name = strings.ToLower(name)
			if _, ok := m[name]; name != "" && !ok && a[i] != "" {
				m[name] = a[i]
				if name == "date" {
					m[fileNameDate] = a[i]
				}
			}
		}
	}
	for k, v := range s.DefaultMeta {
		if _, ok := m[k]; !ok {
			m[k] = v
		}
	}
}

// dates sets the lastmod and date of fm from m, in the page's time zone.
// It returns the date that the URL pattern uses, and whether there is
// one. Without a date of its own, a page takes DEFAULT_DATE for its URL,
// but not as its lastmod.
func (s *settings) dates(m meta, fm *frontmatter.Source) (time.Time, bool) {
	zone, zoneFrom := s.Zone, s.ZoneFrom
	if tz, ok := m["timezone"]; ok {
		if loc, err := loadLocation(strings.TrimSpace(tz)); err == nil {
			zone, zoneFrom = loc, "its Timezone"
		}
	}
	date, hasDate, dateZoned := parseDate(m["date"], zone)
	modified, hasModified, modZoned := parseDate(m["modified"], zone)
	zoned := true
	switch {
	case hasModified:
		fm.Lastmod, fm.LastmodKey, zoned = modified, "modified", modZoned
	case hasDate && m[fileNameDate] != "":
		fm.Lastmod, fm.LastmodKey, zoned = date, "date (of the file name)", dateZoned
	case hasDate:
		fm.Lastmod, fm.LastmodKey, zoned = date, "date", dateZoned
	}
	if !zoned {
		fm.LastmodZone = zone.String() + " (" + zoneFrom + ")"
	}
	if hasDate {
		fm.Date = date
	} else if !s.DefaultDate.IsZero() {
		date, hasDate = s.DefaultDate, true
	}
	return date, hasDate
}

// pageKind returns the kind of page that Pelican makes of the source at
// rel (ARTICLE, PAGE, DRAFT or DRAFT_PAGE). It marks a draft in fm. ok
// is false when Pelican makes no page of it:
//   - a file that Pelican reads as neither kind, or one without a title;
//   - an article without a date, unless the file's time may stand in;
//   - a status of skip, or a status that Pelican does not know.
func (p *Preset) pageKind(rel string, m meta, fm *frontmatter.Source, hasDate bool) (kind string, ok bool) {
	status := strings.ToLower(strings.TrimSpace(m["status"]))
	kind = p.kind(rel)
	switch {
	case kind == "" || fm.Title == "":
		return "", false
	case kind == "ARTICLE" && !hasDate && !p.s.DefaultDateFS && status != "draft":
		return "", false
	case status == "skip", status != "" && status != "published" && status != "hidden" && status != "draft":
		return "", false
	}
	if status == "draft" {
		fm.Draft = true
		kind = map[string]string{"ARTICLE": "DRAFT", "PAGE": "DRAFT_PAGE"}[kind]
	}
	return kind, true
}

// urlFields returns the fields that a URL pattern may name, from m, with
// the category and the author as slugs. An article without a category
// takes DEFAULT_CATEGORY, or its folder's name with USE_FOLDER_AS_CATEGORY.
// A category or author whose slug cannot be made is left out, so that a
// pattern that names it is not found.
func (s *settings) urlFields(m meta, rel, kind string) map[string]string {
	fields := map[string]string{}
	for k, v := range m {
		fields[k] = v
	}
	category := m["category"]
	if category == "" && kind != "PAGE" && kind != "DRAFT_PAGE" {
		category = s.DefaultCategory
		if dir := path.Dir(rel); s.FolderCategory && dir != "." {
			category = path.Base(dir)
		}
	}
	author := m["author"]
	if author == "" {
		author = s.Author
	}
	for name, v := range map[string]string{"category": category, "author": author} {
		fields[name] = ""
		if v != "" {
			sl, ok := s.slug(strings.TrimSpace(strings.Split(v, ",")[0]))
			if !ok {
				delete(fields, name)
				continue
			}
			fields[name] = sl
		}
	}
	return fields
}

// fileNameDate is the key under which page keeps the date FILENAME_METADATA
// gave, beside "date".
const fileNameDate = "\x00filename date"

// parseDate reads a date as dateutil does for the forms sources write:
// ISO 8601 and its kin, and a date in numbers with its year last; one
// without a zone (zoned false) is in zone.
func parseDate(s string, zone *time.Location) (t time.Time, ok, zoned bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false, false
	}
	if first, second, year, rest, ok := frontmatter.YearLast(s); ok {
		// dateutil reads the day and the month before the year month
		// first, unless the first is no month: Pelican dates 03/04/2024
		// March 4, and 18.03.2024 March 18. Written year first, the
		// date is checked below.
		month, day := first, second
		if first > 12 {
			month, day = second, first
		}
		s = fmt.Sprintf("%04d-%d-%d", year, month, day) + rest
	}
	if a := looseDate().FindStringSubmatchIndex(s); a != nil {
		// dateutil reads 2015-4-3 0:00 too: pad it as ISO 8601 writes it.
		var b strings.Builder
		for i := 1; i <= 6; i++ {
			if a[2*i] < 0 {
				break
			}
			sep := map[int]string{1: "", 2: "-", 3: "-", 4: " ", 5: ":", 6: ":"}[i]
			n := s[a[2*i]:a[2*i+1]]
			if len(n) == 1 {
				n = "0" + n
			}
			b.WriteString(sep + n)
		}
		s = b.String() + s[a[1]:]
	}
	t, zoned, ok = frontmatter.ParseDateIn(s, zone)
	return t, ok, zoned
}

// looseDate matches a date and time whose numbers may lack their leading
// zeros: 2015-4-3 0:00, 2015/4/3.
var looseDate = lazyre.MustCompile(`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?`)

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

// listSaveAs are Pelican 4.8's settings of the files of its list pages,
// which no source makes: the home, the archives, the lists of
// categories, tags and authors and each one's page, and the period
// archives (” by default: not written).
var listSaveAs = map[string]string{
	"INDEX_SAVE_AS":         "index.html",
	"ARCHIVES_SAVE_AS":      "archives.html",
	"AUTHORS_SAVE_AS":       "authors.html",
	"CATEGORIES_SAVE_AS":    "categories.html",
	"TAGS_SAVE_AS":          "tags.html",
	"CATEGORY_SAVE_AS":      "category/{slug}.html",
	"TAG_SAVE_AS":           "tag/{slug}.html",
	"AUTHOR_SAVE_AS":        "author/{slug}.html",
	"YEAR_ARCHIVE_SAVE_AS":  "",
	"MONTH_ARCHIVE_SAVE_AS": "",
	"DAY_ARCHIVE_SAVE_AS":   "",
}

// listPattern is the pattern of the files of a list page's setting
// saveAs, and of its further pages (PAGINATION_PATTERNS' default:
// index2.html, category/notes3.html); nil for ” (none written).
func listPattern(saveAs string) *regexp.Regexp {
	saveAs = strings.TrimPrefix(saveAs, "/")
	if saveAs == "" {
		return nil
	}
	if strings.HasSuffix(saveAs, "/") {
		saveAs += "index.html"
	}
	ext := path.Ext(saveAs)
	name := strings.TrimSuffix(saveAs, ext)
	var b strings.Builder
	b.WriteString("^")
	for name != "" {
		i := strings.IndexByte(name, '{')
		if i < 0 {
			b.WriteString(regexp.QuoteMeta(name))
			break
		}
		b.WriteString(regexp.QuoteMeta(name[:i]))
		end := strings.IndexByte(name[i:], '}')
		if end < 0 {
			return nil
		}
		b.WriteString("[^/]+")
		name = name[i+end+1:]
	}
	b.WriteString("(?:[0-9]+)?" + regexp.QuoteMeta(ext) + "$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil
	}
	return re
}

// lists reports whether urlPath is the file of one of Pelican's list
// pages, by their *_SAVE_AS settings.
func (p *Preset) lists(urlPath string) bool {
	u := strings.TrimPrefix(urlPath, "/")
	if u == "" || strings.HasSuffix(u, "/") {
		u += "index.html"
	}
	for _, re := range p.s.Lists {
		if re.MatchString(u) {
			return true
		}
	}
	return false
}
