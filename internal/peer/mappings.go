package peer

// The mappings the peers' rows share (Changefreq, Filename, Hook …), and
// the Mapper's typed values: a row's Map is one of these, or the peer's
// own in its folder.

import (
	"maps"
	"math"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// The phrases of the notes of what sitemapgen cannot do yet.
const (
	// noHook: a function of the build's, which no integration runs: its
	// code can be a command the per-URL hook runs.
	noHook = "is a function, and sitemapgen runs none of the build's; its code can be a command that edits the records, given with --transform CMD (docs/listing.md)"
	// noCarry: a function in a configuration file init reads.
	noCarry = "is a function, which sitemap.yaml cannot carry"
	// noExtra: URLs the built files do not show, given by a function.
	noExtra = "is a function that gives URLs the built files do not show, and sitemapgen runs none"
)

// Hook is the mapping of an option that is a function of the build's:
// a note, with what to do meanwhile.
func Hook(meanwhile string) func(*Mapper, any) {
	return func(m *Mapper, v any) {
		meanwhile := m.served(meanwhile)
		switch v.(type) {
		case Func, Expr, nil: // an expression may name a function
			m.Warn("%s; meanwhile %s", noHook, meanwhile)
			return
		}
		m.Warn("is %s, where %s takes a function; not taken: %s", Describe(v), m.tool, meanwhile)
	}
}

// served returns the advice s with its example globs of routes ('blog/**',
// 'drafts/**') as the built files of a server build's pages match
// ('{app,pages}/blog/**'), where a route's page is app/ROUTE.html or
// pages/ROUTE.html: a glob of the advice matches the pages it is about.
func (m *Mapper) served(s string) string {
	if !m.ctx.Server {
		return s
	}
	return strings.NewReplacer("'blog/**'", "'{app,pages}/blog/**'", "'drafts/**'", "'{app,pages}/drafts/**'").Replace(s)
}

// RunByIntegration is the mapping of a function the integration runs
// itself as the per-URL hook (Hooked), how says; given any other way
// (read from the configuration by init, which cannot carry a function
// into sitemap.yaml), a note saying where a function can run, and what
// to do meanwhile.
func RunByIntegration(how, meanwhile string) func(*Mapper, any) {
	return func(m *Mapper, v any) {
		switch v.(type) {
		case Hooked:
			m.Honoured("is honoured: the integration runs it as the per-URL hook (transform), with %s's meaning: %s", m.tool, how)
		case Func, Expr, nil:
			m.Warn("%s; keep it in the integration, which runs it with %s's meaning, or write a command that edits the records and give it with --transform CMD; meanwhile %s", noCarry, m.tool, meanwhile)
		default:
			m.Warn("is %s, where %s takes a function; not taken: %s", Describe(v), m.tool, meanwhile)
		}
	}
}

// Honours is the mapping of an option sitemapgen honours without a
// setting: msg says how.
func Honours(msg string) func(*Mapper, any) {
	return func(m *Mapper, _ any) { m.Honoured("is honoured: %s", msg) }
}

// ExtraURLs maps pages the built files do not show, given by a function:
// its URLs go in a file of extra URLs, or a command's output. A function
// that returns literal paths (Func.Returns) gives them, each joined to
// siteUrl, as extra_urls_inline.
func ExtraURLs(m *Mapper, v any) {
	site, _ := m.Other("siteUrl").(string)
	if f, ok := v.(Func); ok && len(f.Returns) > 0 && site != "" {
		var urls []any
		for _, p := range f.Returns {
			urls = append(urls, strings.TrimSuffix(site, "/")+"/"+strings.TrimPrefix(p, "/"))
		}
		CustomPages(m, urls)
		return
	}
	m.Warn("%s; write the URLs it gives in a file and name it with --extra-urls FILE (extra_urls: in sitemap.yaml), or give a command that writes them, --extra-urls-command CMD", noExtra)
}

// CustomPages maps @astrojs/sitemap's list of absolute URLs, listed as extra
// URLs; those that are no absolute http(s) URL are said and left out.
func CustomPages(m *Mapper, v any) {
	if _, ok := v.(Func); ok {
		ExtraURLs(m, v)
		return
	}
	list, ok := m.Strs(v)
	if !ok {
		return
	}
	var urls []string
	for _, u := range list {
		if p, err := url.Parse(u); err != nil || p.Scheme != "http" && p.Scheme != "https" || p.Host == "" {
			m.Warn("gives %q, which is no absolute http(s) URL; not taken", diag.URL(u))
			continue
		}
		urls = append(urls, u)
	}
	if len(urls) > 0 {
		m.Set("extra_urls_inline", urls)
	}
}

// Changefreq maps an option that gives every page's changefreq:
// --changefreq; null, none, as sitemapgen writes by default.
func Changefreq(m *Mapper, v any) {
	if v == nil {
		m.Honoured("is null: no changefreq, as sitemapgen writes by default")
		return
	}
	s, ok := m.Str(v)
	if !ok {
		return
	}
	if _, err := sitemap.ParseChangeFreq(strings.ToLower(s)); err != nil {
		m.Warn("is %q, not one of %s; not taken", s, strings.Join(sitemap.ChangeFreqNames, ", "))
		return
	}
	m.Set("changefreq", strings.ToLower(s))
}

// Priority maps an option that gives every page's priority: --priority;
// null, none, as sitemapgen writes by default.
func Priority(m *Mapper, v any) {
	if v == nil {
		m.Honoured("is null: no priority, as sitemapgen writes by default")
		return
	}
	f, ok := m.num(v)
	if !ok {
		return
	}
	if _, err := sitemap.PriorityOf(f); err != nil {
		m.Warn("is %v, outside 0.0–1.0; not taken", f)
		return
	}
	m.Set("priority", f)
}

// BuildTime maps an option that gives every page one date, the build's:
// a warning.
func BuildTime(m *Mapper, v any) {
	m.Warn("gives every page one date, the build's time, and a build stamp is never a lastmod; not taken: sitemapgen dates each page by its own sources (front matter, git …), and a page none dates gets no lastmod")
}

// MaxURLs maps an option that gives the most URLs a sitemap file holds:
// --max-urls, at most the protocol's.
func MaxURLs(m *Mapper, v any) {
	f, ok := m.num(v)
	if !ok {
		return
	}
	n := int(f)
	switch {
	case f != math.Trunc(f) || n < 1:
		m.Warn("is %v, not a number of URLs from 1 to %d; not taken", v, sitemap.MaxURLs)
	case n > sitemap.MaxURLs:
		m.Warn("is %d, more than the protocol's %d URLs a file; %d taken", n, sitemap.MaxURLs, sitemap.MaxURLs)
		m.Set("max_urls", sitemap.MaxURLs)
	default:
		m.Set("max_urls", n)
	}
}

// SetFilename sets the entry point's file name, a file of the site
// folder's root.
func (m *Mapper) SetFilename(name string) {
	dir, file := path.Split(strings.TrimPrefix(path.Clean("/"+name), "/"))
	if file == "" || file == "." {
		m.Warn("names no file (%q); not taken", name)
		return
	}
	if dir != "" {
		m.Warn("puts the sitemap in the folder %s; sitemapgen writes its sitemaps at the site folder's root, where a sitemap may list every page: %s taken there", strings.TrimSuffix(dir, "/"), file)
	}
	m.Set("filename", file)
}

// Filename maps an option that names the sitemap's file: --filename.
func Filename(m *Mapper, v any) {
	if s, ok := m.Str(v); ok {
		m.SetFilename(s)
	}
}

// XSL maps an option that names the sitemap's stylesheet: --xsl.
func XSL(m *Mapper, v any) {
	if s, ok := m.Str(v); ok {
		m.Set("xsl", s)
	}
}

// Namespaces maps an option that names the XML namespaces: honoured,
// each file declaring those it uses.
func Namespaces(m *Mapper, v any) {
	m.Honoured("is honoured: each sitemap file declares only the namespaces it uses (xhtml with alternates, image with --images, video with --videos, news with --news-name)")
}

// setting returns the value of the setting key set so far, nil for none.
func (m *Mapper) setting(key string) any {
	for _, s := range m.r.Settings {
		if s.Key == key {
			return s.Value
		}
	}
	return nil
}

// KeepParts sets published_sitemaps to first and the later parts of the
// peer's index that the survey found beside it at the top of the site
// folder ([Context].Sitemaps): BASE-1.xml …, in their order. The peer's
// build empties the folder: once the peer is gone, nothing else names
// them, and ours answer there with an index of ours as
// published_sitemaps names them. Where the index is not there (the site
// not built with the peer), their names are not known: a warning says
// so, and what to do. Without a site folder, nothing is read or said;
// where the folder was not read (an integration's build), nothing is
// said either.
func KeepParts(m *Mapper, index, base string, first []string) {
	if m.ctx.Publish == "" {
		return
	}
	if m.ctx.Sitemaps != nil && !slices.Contains(m.ctx.Sitemaps, index) {
		m.at = Given{Name: "index, " + index}
		m.Warn("is not in %s/: the names of its later parts (%s-1.xml …), which its users may have submitted, are not known, and their URLs answer 404 once it is gone; build the site with %s, then run init again, or name them in published_sitemaps", m.ctx.Publish, base, m.tool)
	}
	later := map[int]string{}
	for _, name := range m.ctx.Sitemaps {
		n, ok := strings.CutSuffix(strings.TrimPrefix(name, base+"-"), ".xml")
		if k, err := strconv.Atoi(n); ok && err == nil && k > 0 && name == base+"-"+strconv.Itoa(k)+".xml" {
			later[k] = name
		}
	}
	parts := first
	for _, k := range slices.Sorted(maps.Keys(later)) {
		parts = append(parts, later[k])
	}
	if len(parts) > 0 {
		m.at = Given{Name: "its parts, " + parts[0] + " …"}
		m.Set("published_sitemaps", parts)
	}
}

// HeadLink notes the option being mapped as one that put a <link
// rel="sitemap"> into every page's head, what says how: sitemapgen writes
// no page, and init carries the link by a file of the generator's own
// head API (Result.HeadLink).
func (m *Mapper) HeadLink(what string) {
	m.r.HeadLink = m.at.Name
	m.Warn("%s; sitemapgen edits no page: the link is to come from the site's own head, which sitemapgen init writes where it can", what)
}

// BaseURL maps an option that gives the base URL: --base-url.
func BaseURL(m *Mapper, v any) {
	if s, ok := m.Str(v); ok {
		m.Set("base_url", s)
	}
}

// CleanRel is a folder relative to the project folder, as a peer gives
// it (@netlify/plugin-sitemap's buildDir takes "/public" for "public"),
// cleaned: "" for the project folder itself. A path that climbs out
// stays as it is, for the project's tree to refuse.
func CleanRel(s string) string {
	s = path.Clean(strings.TrimLeft(s, "/"))
	if s == "." {
		return ""
	}
	return s
}

// The typed values of an option: each says, when the value is of
// another type, that it is not taken.

// Str is v as a string.
func (m *Mapper) Str(v any) (string, bool) {
	if s, ok := v.(string); ok {
		return s, true
	}
	m.NotA(v, "a string")
	return "", false
}

func (m *Mapper) num(v any) (float64, bool) {
	if f, ok := v.(float64); ok {
		return f, true
	}
	m.NotA(v, "a number")
	return 0, false
}

// Bool is v as true or false.
func (m *Mapper) Bool(v any) (bool, bool) {
	if b, ok := v.(bool); ok {
		return b, true
	}
	m.NotA(v, "true or false")
	return false, false
}

// NotA says that v is not the value wanted: an expression a static
// reading could not take (process.env.X), or a value of another type.
func (m *Mapper) NotA(v any, want string) {
	if e, ok := v.(Expr); ok {
		m.Warn("is not a literal value (%s): write the setting in sitemap.yaml", short(e.Text))
		return
	}
	m.Warn("is %s, not %s; not taken", Describe(v), want)
}

// Strs is v as a list of strings; a string alone is a list of one.
func (m *Mapper) Strs(v any) ([]string, bool) {
	switch v := v.(type) {
	case string:
		return []string{v}, true
	case []any:
		out := make([]string, 0, len(v))
		for _, x := range v {
			s, ok := x.(string)
			if !ok {
				m.Warn("holds %s, not a string; not taken", Describe(x))
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	m.NotA(v, "a list of strings")
	return nil, false
}
