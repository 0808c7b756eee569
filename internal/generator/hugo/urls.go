package hugo

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// hugoDir is what a content folder holds that changes its files' URLs.
type hugoDir struct {
	leaf   bool // an index file: a leaf bundle
	branch bool // an _index file: a section (or the home page)
	// indexes are the names of its _index files, in the listing's
	// order, each followed by a "/": whose cascade is read
	// (sectionCascades) without listing the folder again.
	indexes string
}

func (h *Preset) dir(dir string) hugoDir {
	if h.Content == nil {
		return hugoDir{}
	}
	if v, ok := h.dirs.Load(dir); ok {
		return v.(hugoDir)
	}
	d, _ := h.listDir(dir)
	return d
}

// listDir lists the content folder dir once, keeps what it holds for
// dir, and returns it with the names of its subfolders (readCascades
// walks the folder tree with the same listing).
func (h *Preset) listDir(dir string) (hugoDir, []string) {
	name := dir
	if name == "" {
		name = "."
	}
	var d hugoDir
	var subdirs []string
	entries, _ := fs.ReadDir(h.Content, name) // a folder that cannot be read has no index
	for _, e := range entries {
		if e.IsDir() {
			subdirs = append(subdirs, e.Name())
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
			d.indexes += e.Name() + "/"
		}
	}
	h.dirs.Store(dir, d)
	return d, subdirs
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

// URLPath returns the URL path that Hugo publishes p at. [Hugo] gives
// the rules. The path never climbs above the root, whatever the slug,
// title or file name.
//
// ok is false when p is not published at a path of the site:
//   - a file that is not a content file, or that Hugo ignores;
//   - a resource of a leaf bundle, or a headless bundle;
//   - a page of a disabled kind;
//   - a page whose url is not a path on the site (another host, or a
//     climb above the root: see [frontmatter.CheckURLPath]);
//   - a page whose permalink pattern cannot be expanded.
func (h *Preset) URLPath(p generator.Page) (string, bool) {
	u, ok, _ := h.URLPathWhy(p)
	return u, ok
}

// URLPathWhy is URLPath, with the reason a permalink pattern that
// expands past generator.MaxURLBytes gives p no URL.
func (h *Preset) URLPathWhy(p generator.Page) (string, bool, error) {
	dirEls, name, ok := contentFile(p)
	if !ok {
		return "", false, nil
	}
	name, lang := h.splitLang(name)
	bundle := name == "index"
	if h.inLeafBundle(strings.Join(dirEls, "/"), bundle) {
		return "", false, nil
	}
	prefix := h.langPrefix(lang)
	if name == "_index" {
		return h.listURLPath(p, dirEls, prefix)
	}
	return h.pageURLPath(p, dirEls, name, bundle, prefix)
}

// contentFile splits the path of p into its folders and its file name,
// without the extension. ok is false when Hugo ignores the file (a
// name that starts with . or #, or ends in ~), or when it is no content
// file: an HTML file is one only with front matter.
func contentFile(p generator.Page) (dirEls []string, name string, ok bool) {
	rel, ok := srcpath.CleanRel(p.Path)
	if !ok {
		return nil, "", false
	}
	els := strings.Split(rel, "/")
	for _, el := range els {
		if strings.HasPrefix(el, ".") || strings.HasPrefix(el, "#") || strings.HasSuffix(el, "~") {
			return nil, "", false
		}
	}
	name, ext := srcpath.SplitExt(els[len(els)-1])
	if !hugoContent[ext] || (ext == ".html" || ext == ".htm") && !p.HasFrontMatter {
		return nil, "", false
	}
	return els[:len(els)-1], name, true
}

// inLeafBundle reports whether a file in the folder dir lies below the
// folder of a leaf bundle, and so is one of the bundle's resources. For
// a bundle's index file (bundle), its own folder does not count.
func (h *Preset) inLeafBundle(dir string, bundle bool) bool {
	if bundle && dir == "" {
		return false
	}
	above := dir
	if bundle {
		above = parent(dir)
	}
	for d := above; ; d = parent(d) {
		if h.dir(d).leaf {
			return true
		}
		if d == "" {
			return false
		}
	}
}

// listURLPath returns the URL path of the list page of the folder whose
// elements are dirEls (an _index file). The page is the home page, a
// section, a taxonomy or a term.
func (h *Preset) listURLPath(p generator.Page, dirEls []string, prefix string) (string, bool, error) {
	if len(dirEls) == 0 {
		if h.disabled("home") {
			return "", false, nil
		}
		return prefix + "/", true, nil
	}
	kind := "section"
	if slices.Contains(h.Taxonomies, strings.ToLower(dirEls[0])) && len(dirEls) <= 2 {
		kind = [...]string{"taxonomy", "term"}[len(dirEls)-1]
	}
	if h.disabled(kind) {
		return "", false, nil
	}
	if p.URL != "" {
		u, ok := h.frontURL(p.URL, true, prefix)
		return u, ok, nil
	}
	section := dirEls[0]
	var out []string
	if pattern := h.SectionPermalinks[sectionKey(section)]; pattern != "" {
		exp, err := h.expand(pattern, hugoTokens{
			date: p.Date, title: p.Title, slug: p.Slug,
			section: section, sections: dirEls,
		})
		if err != nil {
			return "", false, longURL(err)
		}
		out = []string{exp}
	} else {
		out = slices.Clone(dirEls)
	}
	return prefix + h.link(out, h.ugly(section), ""), true, nil
}

// pageURLPath returns the URL path of a regular page: the file name in
// the folder whose elements are dirEls, or the index file of a leaf
// bundle (bundle).
func (h *Preset) pageURLPath(p generator.Page, dirEls []string, name string, bundle bool, prefix string) (string, bool, error) {
	if h.disabled("page") || bundle && p.Headless {
		return "", false, nil
	}
	// A bundle's page takes its name from the bundle's folder.
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
		// With :filename in a [frontmatter] date, the file name gives
		// the date, and the rest of the name is the slug. Front matter
		// still wins for each.
		if p.Slug == "" {
			p.Slug = slug
		}
		if p.Date.IsZero() || h.fileNameFirst() {
			p.Date = d
		}
	}
	if p.URL != "" {
		u, ok := h.frontURL(p.URL, false, prefix)
		return u, ok, nil
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
			return "", false, longURL(err)
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
	return prefix + h.link(out, ugly, sameAsType), true, nil
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
	hugoAttrRE  = lazyre.MustCompile(`:\w+(\[.+?\])?`)
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
	for _, m := range hugoAttrRE().FindAllStringSubmatch(p, -1) {
		a := hugoAttr{text: m[0], name: m[0][1:]}
		switch {
		case hugoAttrs[a.name]:
		case strings.HasPrefix(a.name, "sections["):
			a.name, a.cut = "sections", strings.TrimPrefix(a.name, "sections")
		case strings.HasPrefix(a.name, "sectionslug"):
			return nil, fmt.Errorf("permalink attribute %s is not supported by sitemapgen in %q", diag.Excerpt(a.text), diag.Excerpt(pattern))
		case hugoRefTime.Format(a.name) != a.name:
			a.date = true
		default:
			return nil, fmt.Errorf("permalink attribute %s not recognised in %q", diag.Excerpt(a.text), diag.Excerpt(pattern))
		}
		attrs = append(attrs, a)
	}
	h.patterns.Store(pattern, attrs)
	return attrs, nil
}

// expand fills in a permalink pattern, each placeholder in turn after
// the one before it. An expansion past generator.MaxURLBytes stops
// there, with a *generator.LongURL.
func (h *Preset) expand(pattern string, t hugoTokens) (string, error) {
	attrs, err := h.compile(pattern)
	if err != nil {
		return "", err
	}
	p := strings.ReplaceAll(pattern, `\:`, hugoEscapedColon)
	var b strings.Builder
	for _, a := range attrs {
		i := strings.Index(p, a.text)
		if i < 0 {
			break // compile found each, in this order
		}
		b.WriteString(p[:i])
		if b.Len() <= generator.MaxURLBytes {
			b.WriteString(h.attr(a, t))
		}
		if b.Len() > generator.MaxURLBytes {
			return "", &generator.LongURL{Rule: pattern}
		}
		p = p[i+len(a.text):]
	}
	b.WriteString(p)
	if b.Len() > generator.MaxURLBytes {
		return "", &generator.LongURL{Rule: pattern}
	}
	return strings.ReplaceAll(b.String(), hugoEscapedColon, ":"), nil
}

// longURL returns err when it is a *generator.LongURL, which a build
// says, else nil: a pattern Hugo refuses was said when the
// configuration was read.
func longURL(err error) error {
	var long *generator.LongURL
	if errors.As(err, &long) {
		return err
	}
	return nil
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
