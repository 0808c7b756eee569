package hexo

import (
	"crypto/sha1"
	"encoding/hex"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/bmatcuk/doublestar/v4"
	"golang.org/x/text/unicode/norm"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// Routes is the preset of a Hexo site: it joins the pages of its build
// to their sources under source_dir, by Hexo 8's rules
// (plugins/processor/post.js and asset.js, plugins/filter/post_permalink.js,
// hexo-util's Permalink and slugize).
//
// A post is a file under _posts/ (and _drafts/ with render_drafts), at
// its front matter permalink, else at the site's permalink rule with
//
//	:title            the path under _posts/ without its extension, as new_post_name reads it
//	:name             that path's last element
//	:post_title       the title, slugged, in lower case
//	:year :month :day :hour :minute :second :i_month :i_day :timestamp   of its date
//	:hash             sha1 of the slug and the date's Unix seconds, 12 hex digits
//	:category         the slug of its categories (parent/child), else default_category
//
// and a key new_post_name read from the file's name (":lang/:title.md")
// or permalink_defaults gives. A rule with :id (the database's), or with a
// key only the post's front matter can give, joins no post: sitemapgen
// does not read arbitrary front matter keys. A post without a date (the
// file's birth time, a checkout's) is not joined by a rule that needs one.
//
// A page is any other file Hexo renders to HTML (Markdown, EJS, Nunjucks,
// Pug, HTML...), at its front matter permalink (a final "/" is its
// index.html; no extension, .html), else at its path with .html for its
// extension. Hidden files (a path element starting with "_" or ".")
// but include's, exclude's and skip_render's are none.
//
// The date placeholders are of the date in the building machine's zone,
// as Hexo's moment formats it; a date is read as Hexo reads it (see
// [Routes.Zone]). When timezone is set, this machine's zone is taken
// for the building machine's (as the Jekyll preset does); without it, the
// date is formatted as written.
type Routes struct {
	c     *Config
	rule  *regexp.Regexp // new_post_name without its extension, as a pattern
	names []string       // its placeholders, in order
}

// NewRoutes returns the preset of the site c configures.
func NewRoutes(c *Config) *Routes {
	r := &Routes{c: c}
	rule := strings.TrimSuffix(c.NewPostName, path.Ext(c.NewPostName))
	if rule == "" {
		rule = ":title"
	}
	expr := param().ReplaceAllStringFunc(regexp.QuoteMeta(rule), func(m string) string {
		name := param().FindStringSubmatch(m)[1]
		r.names = append(r.names, name)
		if seg, ok := fileSegments[name]; ok {
			return seg
		}
		return "(.+?)"
	})
	r.rule = regexp.MustCompile("^" + expr + "$")
	return r
}

// param is a placeholder of a permalink rule, as hexo-util's Permalink
// finds it: a colon and a word that does not end in "_".
var param = lazyre.MustCompile(`:(\w*[^_\W])`)

// fileSegments are the patterns new_post_name's date placeholders match.
var fileSegments = map[string]string{
	"year": `(\d{4})`, "month": `(\d{2})`, "day": `(\d{2})`,
	"i_month": `(\d{1,2})`, "i_day": `(\d{1,2})`, "hash": `([0-9a-f]{12})`,
}

// htmlExts are the extensions Hexo's renderers (core's and the usual
// plugins') render to HTML.
var htmlExts = map[string]bool{
	".md": true, ".markdown": true, ".mkd": true, ".mkdn": true, ".mdwn": true, ".mdtxt": true, ".mdtext": true,
	".html": true, ".htm": true, ".ejs": true, ".njk": true, ".nunjucks": true, ".j2": true, ".swig": true,
	".pug": true, ".jade": true, ".hbs": true, ".handlebars": true, ".haml": true,
}

// FileRules reads all of a source's front matter but draft (Hexo's
// drafts are the files of _drafts/ and published: false), a date
// without a zone in timezone, a post's date in its file name, and, on
// the theme Fluid, a post's hide: true, which leaves it out
// ([Config.HideFrom]).
func (r *Routes) FileRules(rel string) generator.FileRules {
	f := generator.FileRules{Reading: generator.Reading{Read: true, Dates: true}}
	if _, ok := r.post(rel); ok && r.c.HideFrom != "" {
		f.ExcludeKeys = []string{"hide"}
		f.ExcludeWhy = "the theme Fluid (" + r.c.HideFrom + ") leaves the post out of its lists and of hexo-generator-sitemap's sitemap, though Hexo builds its page"
	}
	if f.Zone = r.zone(); f.Zone != nil {
		f.ZoneFrom = r.c.File + " timezone"
	}
	f.FileDate, _ = r.fileDate(rel, f.Zone)
	return f
}

// Rules say where the files Hexo renders to HTML are, how it dates a
// page, and that every built page no source gives is a list page: Hexo
// builds no other (its home, archives, tag and category pages, their
// pagers), and a page that shows no post gets no date from it.
func (r *Routes) Rules() generator.Rules {
	rules := generator.Rules{
		Name: "hexo",
		Sources: generator.SourceRules{
			Exclude:      []string{"node_modules"},
			ZoneWarnings: r.zoneWarnings(),
			Describe:     func(dir, title string) string { return dir + " (" + title + "'s source_dir)" },
		},
		Order: r.lastModOrder(),
		// Its pages that no source gives are lists, as every
		// generator's are: no rule of its own.
	}
	for ext := range htmlExts {
		rules.Sources.Include = append(rules.Sources.Include, "**/*"+ext)
	}
	slices.Sort(rules.Sources.Include)
	return rules
}

// URLPath returns the URL path of the source file at p.Path, relative to
// source_dir.
func (r *Routes) URLPath(p generator.Page) (string, bool) {
	rel := strings.TrimLeft(p.Path, "/")
	if rel == "" || path.Clean(rel) != rel || strings.HasPrefix(rel, "../") || strings.HasSuffix(rel, "%") || strings.HasSuffix(rel, "~") {
		return "", false
	}
	if !htmlExts[strings.ToLower(path.Ext(rel))] || r.match(rel, r.c.SkipRender) {
		return "", false
	}
	if sub, ok := r.post(rel); ok {
		if hidden(sub) {
			return "", false
		}
		u, ok := r.postPath(sub, p)
		if !ok {
			return "", false
		}
		return r.site(u)
	}
	if hidden(rel) && !r.match(rel, r.c.Include) || r.match(rel, r.c.Exclude) {
		return "", false
	}
	var u string
	if p.Permalink != "" {
		if frontmatter.CheckURLPath(p.Permalink) != nil {
			return "", false // said on its line by the front matter's reader
		}
		u = p.Permalink
		if strings.HasSuffix(u, "/") {
			u += "index"
		}
		if path.Ext(u) == "" {
			u += ".html"
		}
	} else {
		u = strings.TrimSuffix(rel, path.Ext(rel)) + ".html"
	}
	return r.site(u)
}

// site returns u as a path of the site, pretty_urls applied: "." and
// ".." resolved, the final "/" kept; false for one above the site's root.
func (r *Routes) site(u string) (string, bool) {
	if frontmatter.CheckURLPath(u) != nil {
		return "", false
	}
	c := path.Clean("/" + u)
	if strings.HasSuffix(u, "/") && c != "/" {
		c += "/"
	}
	return r.pretty(c), true
}

// post returns the path of a post under _posts/ (or _drafts/, with
// render_drafts), and false for a file that is no published post.
func (r *Routes) post(rel string) (string, bool) {
	if sub, ok := strings.CutPrefix(rel, "_posts/"); ok {
		return sub, true
	}
	if sub, ok := strings.CutPrefix(rel, "_drafts/"); ok && r.c.RenderDrafts {
		return sub, true
	}
	return "", false
}

// hidden reports whether an element of rel starts with "_" or ".".
func hidden(rel string) bool {
	for _, el := range strings.Split(rel, "/") {
		if strings.HasPrefix(el, "_") || strings.HasPrefix(el, ".") {
			return true
		}
	}
	return false
}

// match reports whether rel matches one of the globs (micromatch's, read
// as doublestar's).
func (r *Routes) match(rel string, globs []string) bool {
	for _, g := range globs {
		if ok, _ := doublestar.Match(strings.TrimPrefix(g, "/"), rel); ok {
			return true
		}
	}
	return false
}

// pretty applies pretty_urls to a path: "index.html" dropped without
// trailing_index, ".html" without trailing_html.
func (r *Routes) pretty(u string) string {
	if !r.c.TrailingIndex {
		if s, ok := strings.CutSuffix(u, "/index.html"); ok {
			return s + "/"
		}
	}
	if !r.c.TrailingHTML && !strings.HasSuffix(u, "/index.html") {
		u = strings.TrimSuffix(u, ".html")
	}
	return u
}

// fileName reads the path of a post under _posts/ by new_post_name: its
// placeholders' values, with title its slug.
func (r *Routes) fileName(sub string) map[string]string {
	stem := strings.TrimSuffix(sub, path.Ext(sub))
	info := map[string]string{}
	if m := r.rule.FindStringSubmatch(stem); m != nil {
		for i, name := range r.names {
			info[name] = m[i+1]
		}
	}
	if _, ok := info["title"]; !ok {
		info["title"] = Slugize(stem, 0)
	}
	return info
}

// preserved are the keys of new_post_name that do not become the post's
// data (post.js's preservedKeys).
var preserved = map[string]bool{"title": true, "year": true, "month": true, "day": true, "i_month": true, "i_day": true, "hash": true}

// postPath returns the path of the post at sub (under _posts/).
func (r *Routes) postPath(sub string, p generator.Page) (string, bool) {
	if p.Permalink != "" {
		if frontmatter.CheckURLPath(p.Permalink) != nil {
			return "", false
		}
		u := p.Permalink
		if r.c.PostAssetFolder && !strings.HasSuffix(u, "/") && !strings.HasSuffix(u, ".html") {
			u += "/"
		}
		return "/" + strings.TrimLeft(u, "/"), true
	}
	info := r.fileName(sub)
	slug := info["title"]
	date := p.Date.In(r.formatZone())
	ok := true
	u := param().ReplaceAllStringFunc(r.c.Permalink, func(m string) string {
		name := param().FindStringSubmatch(m)[1]
		v, known := r.placeholder(name, slug, date, p, info)
		ok = ok && known
		return v
	})
	if !ok || u == "" {
		return "", false
	}
	if r.c.PostAssetFolder && !strings.HasSuffix(u, "/") && !strings.HasSuffix(u, ".html") {
		u += "/"
	}
	return "/" + strings.TrimLeft(u, "/"), true
}

// placeholder returns the value of the permalink placeholder name for a
// post; known is false when sitemapgen cannot know it.
func (r *Routes) placeholder(name, slug string, date time.Time, p generator.Page, info map[string]string) (string, bool) {
	dated := !p.Date.IsZero()
	switch name {
	case "title":
		return slug, true
	case "name":
		return path.Base(slug), true
	case "post_title":
		return Slugize(p.Title, 1), p.Title != ""
	case "year":
		return date.Format("2006"), dated
	case "month":
		return date.Format("01"), dated
	case "day":
		return date.Format("02"), dated
	case "hour":
		return date.Format("15"), dated
	case "minute":
		return date.Format("04"), dated
	case "second":
		return date.Format("05"), dated
	case "i_month":
		return strconv.Itoa(int(date.Month())), dated
	case "i_day":
		return strconv.Itoa(date.Day()), dated
	case "timestamp":
		return strconv.FormatInt(date.Unix(), 10), dated
	case "hash":
		sum := sha1.Sum([]byte(slug + strconv.FormatInt(date.Unix(), 10)))
		return hex.EncodeToString(sum[:])[:12], dated && slug != ""
	case "category":
		if len(p.Categories) == 0 {
			return r.c.DefaultCategory, true
		}
		var slugs []string
		for _, c := range p.Categories {
			if m, ok := r.c.CategoryMap[c]; ok {
				c = m
			}
			slugs = append(slugs, Slugize(c, r.c.FilenameCase))
		}
		return strings.Join(slugs, "/"), true
	case "slug":
		return slug, true // data.slug, which the file's name gives
	case "id":
		return "", false // the database's
	}
	if v, ok := info[name]; ok && !preserved[name] {
		return v, true
	}
	// A key the post's front matter may set: not read, so not known
	// though permalink_defaults has it.
	return "", false
}

// formatZone is the zone the date placeholders are formatted in: the
// building machine's, taken to be this one's when timezone is set;
// without it, dates are read and formatted as written (UTC here).
func (r *Routes) formatZone() *time.Location {
	if r.c.Timezone != "" {
		return time.Local
	}
	return time.UTC
}

// specials are the characters hexo-util's slugize makes a separator.
const specials = " \t\n\r\f\v~`!@#$%^&*()-_+=[]{}|\\;:\"'<>,.?/"

// Slugize is hexo-util's slugize with "-": diacritics dropped, control
// characters removed, runs of white space and punctuation one "-", none
// at either end; transform 1 lower-cases, 2 upper-cases.
func Slugize(s string, transform int) string {
	var b strings.Builder
	sep := false
	for _, c := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, c), c < 0x20:
		case strings.ContainsRune(specials, c) || unicode.IsSpace(c):
			sep = b.Len() > 0
		default:
			if sep {
				b.WriteByte('-')
				sep = false
			}
			b.WriteRune(c)
		}
	}
	switch transform {
	case 1:
		return strings.ToLower(b.String())
	case 2:
		return strings.ToUpper(b.String())
	}
	return b.String()
}
