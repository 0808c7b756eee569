package mapping

import (
	"fmt"
	"net"
	"net/url"
	"path"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
)

// Options configure a Mapper. Only BaseURL is required; the zero value of
// every other field is the default.
type Options struct {
	// BaseURL is the absolute http or https URL at which the site's root
	// folder is served. It may carry a path (https://example.org/docs/).
	BaseURL string
	// CleanURLs drops the .html or .htm extension of pages other than
	// index pages: about.html becomes /about.
	CleanURLs bool
	// TrailingSlash chooses the form of folder URLs (from index pages).
	TrailingSlash SlashPolicy
	// IndexFiles lists an index page by its file's name, as the
	// generator links it (Sphinx's html builder: sub/index.html, and
	// index.html at the root), where TrailingSlash would give its folder.
	IndexFiles bool
	// BareBase, with TrailingSlash SlashNever and a base URL with a path,
	// lists the base URL's own folder without its slash
	// (https://example.org/docs), as Astro serves it under base: '/docs'
	// with trailingSlash: 'never'. Docusaurus keeps its baseUrl's slash.
	BareBase bool
	// SlashedHomes are folders ("fr/"), relative to the base URL, whose
	// index page keeps its slash with TrailingSlash SlashNever: a
	// Docusaurus locale's home, which it serves and links as /fr/, as
	// it does its baseUrl.
	SlashedHomes []string
	// KeepErrorPages keeps the error pages (see IsErrorPage) and the
	// fallback pages.
	KeepErrorPages bool
	// Fallbacks are the paths, relative to the root, of the files a
	// generator writes that are no pages of the site: a locale's error
	// page (Starlight's de/404/index.html), a single-page app's
	// fallback, the shell a host serves for a path without a file of its
	// own, and Gatsby's slices, fragments it puts into its pages;
	// each a path.Match pattern ("_gatsby/slices/*.html"). They are left
	// out as error pages are.
	Fallbacks []string
	// KeepNoIndex keeps pages whose head says noindex. (X-Robots-Tag
	// rules apply whenever Hosts holds them.)
	KeepNoIndex bool
	// KeepRedirects keeps redirect stubs.
	KeepRedirects bool
	// KeepNonCanonical keeps pages whose canonical URL is elsewhere, and
	// does not adopt a canonical's trailing slash or index.html.
	KeepNonCanonical bool
	// FolderBuilds, when set, are the folders of builds whose canonical
	// links lack the folder; nil for none.
	FolderBuilds *FolderBuilds
	// Hosts holds the host's X-Robots-Tag rules; nil for none.
	Hosts *host.Rules
	// Style is the hosting platform's URL style, nil for none: a page
	// listed at a URL the platform answers with a redirect or not at all
	// gets a warning.
	Style *host.Style
	// Defaults are the changefreq and priority of every page that no rule
	// or front matter gives one: the generator's site-wide values (Hugo's
	// [sitemap]). Match is not used.
	Defaults Rule
	// StyleGiven says that CleanURLs and TrailingSlash were given (by a
	// flag, the platform or the generator's configuration), not defaults:
	// a canonical link to the page in another form is then reported, and
	// the page listed in the style's form, where otherwise the canonical
	// link's form is taken.
	StyleGiven bool
	// Redirects are the platform's redirect rules, nil for none: a page
	// listed at a URL one of them redirects gets a warning, and the page
	// a rule serves with status 404 is an error page.
	Redirects *host.Redirects
	// LastMod lists the sources of lastmod in order; the first that knows
	// a page's date wins. Empty means DefaultLastMod.
	LastMod []LastModSource
	// Rules set changefreq and priority; the first rule whose glob matches
	// the file's relative path applies. A page's front matter sitemap:
	// block overrides the values it gives.
	Rules []Rule
	// KeepDrafts keeps pages whose front matter says draft: true (or
	// published: false).
	KeepDrafts bool
	// KeepFuture keeps pages dated in the future (date or publishDate
	// after Now) and pages whose expiryDate has passed.
	KeepFuture bool
	// Now is the build's time, for future and expired pages; the zero
	// value means time.Now() when the Mapper is made.
	Now time.Time
	// DevServer takes a canonical or hreflang alternate link on a
	// loopback origin (localhost, *.localhost, 127.0.0.0/8, [::1],
	// 0.0.0.0) as its path on the base URL's origin: a dev server (hugo
	// server --renderToDisk, jekyll serve) writes pages whose links name
	// http://localhost:PORT/. The link is then judged as usual, so one to
	// another page is still a canonical elsewhere. Watch mode sets it.
	DevServer bool
	// Built says the pages are a generator's output, each file written by
	// its build (or a dev server's): a date in a page's head or in the
	// generator's sitemap that lies within StampWindow before the page's
	// file was written is the build's time, no lastmod (Mapper.stamp).
	Built bool
	// SourceDate, when set, reports whether a source of the site gives
	// the date t to the second: a commit's date, a date in a source's
	// front matter. Such a date in a page's head or the generator's
	// sitemap is one the generator took from its sources (Hugo's
	// GitInfo, a list page dated by the newest page it lists), not its
	// build's time, however soon after the commit or the edit it built.
	// It is called from many goroutines.
	SourceDate func(t time.Time) bool
	// Images lists the images of each page (Page.Images) with its URL.
	Images bool
	// ImageHosts are the origins (scheme://host) besides the base URL
	// that a page's images may be on: a CDN's.
	ImageHosts []string
	// Videos lists the videos each page describes (Page.Structured) with
	// its URL (setVideos).
	Videos bool
	// VideoHosts are the origins besides the base URL that a video's
	// thumbnail and file may be on.
	VideoHosts []string
	// News, when set, makes each page that is an article published
	// within sitemap.NewsWindow before Now an article of the news sitemap
	// (setNews).
	News *News
}

// LineWarning is a warning about a line of a page.
type LineWarning struct {
	Line int
	Msg  string
}

// SlashPolicy is the form of a folder's URL.
type SlashPolicy uint8

const (
	// SlashAlways writes folder URLs with a trailing slash (/docs/), the
	// form static servers answer with 200.
	SlashAlways SlashPolicy = iota
	// SlashNever writes them without (/docs), for hosts that serve that
	// form directly. The site root keeps its slash.
	SlashNever
	// SlashEverywhere writes folder URLs with a slash and, with CleanURLs,
	// the clean URLs of other pages too (/about/ for about.html), as Vercel
	// serves with cleanUrls and trailingSlash: true.
	SlashEverywhere
)

// Rule sets changefreq and priority for the files whose relative path
// matches a doublestar glob. An unset value leaves the URL's as it is:
// Options.Defaults', else unset.
type Rule struct {
	Match      string
	ChangeFreq sitemap.ChangeFreq
	Priority   sitemap.Priority
}

// LastModSource is a source of a page's lastmod.
type LastModSource string

// The lastmod sources mapping knows.
const (
	// LastModFrontMatter is the date in the front matter of the page's
	// source: sitemap.lastmod, then lastmod, last_modified_at, modified,
	// updated, date, publishDate.
	LastModFrontMatter LastModSource = "frontmatter"
	// LastModMeta is the page's own modified time, from its head.
	LastModMeta LastModSource = "meta"
	// LastModGit is the date of the last commit that touched the page's
	// source file (content mode, or a join), or the built file itself
	// when it is tracked; Page.Git carries it.
	LastModGit LastModSource = "git"
	// LastModHash is the date the page's significant content last
	// changed, kept by hash in a state file; Page.Hash gives it.
	LastModHash LastModSource = "hash"
	// LastModSitemap is the page's lastmod in the generator's own
	// sitemap, read before ours replaces it; Page.Sitemap carries it.
	LastModSitemap LastModSource = "sitemap"
	// LastModMTime is the file's modification time.
	LastModMTime LastModSource = "mtime"
	// LastModNone gives no lastmod; it ends the list.
	LastModNone LastModSource = "none"
)

// DefaultLastMod is the lastmod source list used when Options.LastMod is
// empty. A source that cannot answer (no front matter, no git repository)
// passes to the next.
var DefaultLastMod = []LastModSource{LastModFrontMatter, LastModMeta, LastModGit, LastModHash, LastModSitemap, LastModMTime}

// ParseLastModSource checks the name of a lastmod source.
func ParseLastModSource(s string) (LastModSource, error) {
	switch src := LastModSource(s); src {
	case LastModFrontMatter, LastModMeta, LastModGit, LastModHash, LastModSitemap, LastModMTime, LastModNone:
		return src, nil
	}
	return "", fmt.Errorf("lastmod source %q is not one of frontmatter, meta, git, hash, sitemap, mtime, none", diag.Excerpt(s))
}

// Reason says why a page is not in the sitemap. The empty Reason means the
// page is in. Every page left out is left out for one of [Reasons], and
// counted by it: Map gives [PageReasons]; the build gives the others, for
// what it does not hand to Map or finds only among all the pages.
type Reason string

// reasonPlurals are the Reasons that name the thing left out, a noun, in
// their plural: the others name a kind ("noindex", "canonical
// elsewhere"), the same for any number.
var reasonPlurals = map[Reason]string{
	ErrorPage:    "error pages",
	LocTooLong:   "URLs too long",
	Redirect:     "redirects",
	Draft:        "drafts",
	GoImportStub: "go-import stubs",
	OutsideBase:  "URLs outside the base URL",
	Duplicate:    "duplicate URLs",
	Fragment:     "fragments, not pages",
}

// Counted says n pages left out for r, as a summary counts them: "1 error
// page", "2 error pages", "3 noindex".
func (r Reason) Counted(n int) string {
	if p, ok := reasonPlurals[r]; ok && n != 1 {
		return fmt.Sprintf("%d %s", n, p)
	}
	return fmt.Sprintf("%d %s", n, r)
}

// The Reasons Map gives, in the order it judges them.
const (
	ErrorPage        Reason = "error page"
	LocTooLong       Reason = "URL too long"
	NoIndex          Reason = "noindex"
	XRobotsTag       Reason = "X-Robots-Tag noindex"
	Redirect         Reason = "redirect"
	NotCanonical     Reason = "canonical elsewhere"
	CanonicalOffsite Reason = "canonical on another host"
	Draft            Reason = "draft"
	Future           Reason = "future"
	Expired          Reason = "expired"
	SitemapExcluded  Reason = "sitemap: false"
	// GoImportStub is a page with <meta name="go-import"> (or
	// go-source) and no <title>: an answer to the go command's
	// ?go-get=1 lookups of a vanity import path, with nothing for a
	// reader.
	GoImportStub Reason = "go-import stub"
	// NotAPage is a source file its generator publishes no page for: a
	// page bundle's resource, a file in an underscore folder, a file
	// without front matter in a Jekyll site.
	NotAPage Reason = "not a page of the generator"
	// OutsideBase is a page whose URL path (Page.URLPath) climbs above
	// the base URL with "..".
	OutsideBase Reason = "URL outside the base URL"
	// Fragment is a built .html file that is a piece of a page, not a
	// page, whatever folder it is in (htmlhead.Head.Fragment): no
	// doctype, no <html>, <head>, <body> or head element, nothing of its
	// own to show, or a template's directive as its first text (a theme's
	// partial a build copied, Gatsby's slices, a bare <script> block); or
	// text with no tag at all (a search engine's site-verification file).
	Fragment Reason = "fragment, not a page"
)

// The Reasons the build gives.
const (
	// NotFollowed is a symbolic link left alone.
	NotFollowed Reason = "symbolic link not followed (follow_symlinks is off)"
	// OwnOutput is a file of sitemapgen's own output that the include
	// patterns matched.
	OwnOutput Reason = "sitemapgen output"
	// Unreadable is a page whose head could not be read, as no web server
	// could serve it either (a mode that lets nobody read it, no regular
	// file).
	Unreadable Reason = "unreadable"
	// Duplicate is a page whose URL another page has: the first in URL
	// order is listed.
	Duplicate Reason = "duplicate URL"
	// RobotsTxt is a page whose URL the site's robots.txt disallows for
	// *, Googlebot or Bingbot.
	RobotsTxt Reason = "robots.txt"
	// StaleOutput is a built page, in a joined project of a generator
	// that leaves old output in place (Hugo, Eleventy), that no source
	// produces and nothing else claims, and whose file predates the
	// build: the page of a deleted source.
	StaleOutput Reason = "stale output: no source"
	// Transformed is a URL the per-URL hook (--transform) did not
	// write back: dropped on purpose.
	Transformed Reason = "dropped by the transform"
)

// PageReasons are the Reasons Map gives.
var PageReasons = []Reason{ErrorPage, OutsideBase, LocTooLong, NotAPage, Draft, Future, Expired, SitemapExcluded, Fragment, NoIndex, XRobotsTag, Redirect, GoImportStub, NotCanonical, CanonicalOffsite}

// Reasons are every Reason a page may be left out for: PageReasons, then
// those the build gives.
var Reasons = append(slices.Clone(PageReasons), NotFollowed, OwnOutput, Unreadable, Duplicate, RobotsTxt, StaleOutput, Transformed)

// Page is what mapping knows of a file.
type Page struct {
	File walker.File
	// Head is what the page's head says; nil when heads are not read or
	// the file is not HTML.
	Head *htmlhead.Head
	// Source is the front matter of the page's source file; nil when it
	// has none (or none is known).
	Source *frontmatter.Source
	// URLPath, when not empty, is the page's URL path under the base URL,
	// unencoded, starting with "/" ("/posts/hello/"), as a generator's
	// permalinks give it; File.Path then names the source file, and its
	// URL is not derived from it. Its dot segments are resolved as a
	// browser resolves them ("/a/./b/../c/" is "/a/c/"); one that climbs
	// above the base URL ("/../x") leaves the page out (OutsideBase).
	URLPath string
	// Extensionless lists the page, a file NAME.html (or .htm), at /NAME
	// where the URL form would keep its extension: its generator gives
	// it that URL, and its links and its own sitemap name it so (a
	// Jekyll permalink without an extension: page.url /docs/a for
	// docs/a.html, /docs/extras/index for docs/extras/index.html). The
	// file's form stays where the platform's URL style (Options.Style)
	// answers /NAME with other than 200.
	Extensionless bool
	// Git is the date of the last commit that touched the page's file,
	// zero when git has none for it (not tracked, changed since, history
	// cut by a shallow clone). The build looks it up when the lastmod
	// sources list git.
	Git time.Time
	// CheckedOut says the page's file is tracked by git and unchanged, but
	// its history was cut by a shallow clone: its modification time is the
	// checkout's, not an edit's, and the mtime source passes over it.
	CheckedOut bool
	// Hash, when not nil, returns the date the page's content last
	// changed, by its hash in the state file, for the page's URL loc; it
	// reads the page, so it is called only when the hash source is
	// reached.
	Hash func(loc string) (time.Time, bool)
	// Sitemap, when not nil, returns the lastmod the generator's own
	// sitemap gives the page's URL loc, and that file's name; zero for
	// none (LastModSitemap).
	Sitemap func(loc string) (time.Time, string)
	// Images are the sources of the images the page shows, in document
	// order, as the page writes them (htmlhead.ImageReader): resolved
	// against the page's URL and <base href>, those of the site (or of
	// Options.ImageHosts) become URL.Images when Options.Images is set.
	Images []string
	// Structured is what the whole page says of its videos and of itself
	// as an article (htmlhead.StructuredReader), for Options.Videos and
	// Options.News; nil when it was not read.
	Structured *htmlhead.Structured
}

// Decision is the outcome of mapping a page, with its evidence.
type Decision struct {
	// URL is the page's record; its Loc is set even when the page is
	// skipped.
	URL sitemap.URL
	// Skip is why the page is left out; empty when it is listed.
	Skip Reason
	// Because is the evidence for Skip, or for a Loc that came from the
	// page's canonical link.
	Because string
	// LastModFrom names the source of URL.LastMod ("" when it has none).
	LastModFrom string
	// LastModSource is the source of URL.LastMod ("" when it has none).
	LastModSource LastModSource
	// Stamps say which dates of the page were passed over as its build's
	// time (Mapper.stamp), one line each.
	Stamps []string
	// Next, when LastModSource is Stampable, is what the sources after it
	// that no build stamps give: the lastmod the page takes when the
	// build finds, among all its pages, that URL.LastMod is a stamp.
	Next NextLastMod
	// Rule is the 1-based index of the rule that set changefreq and
	// priority; 0 when none matched.
	Rule int
	// ChangeFreqFromSource and PriorityFromSource say that the page's
	// front matter sitemap: block set the value, over the rule's.
	ChangeFreqFromSource, PriorityFromSource bool
	// Form says how the page's path follows from URL.Loc (PathOf).
	Form PathForm
	// Warnings are problems with the page that did not decide its fate.
	Warnings []string
	// AltLines are the lines of the page's head that declare
	// URL.Alternates, one for each; nil when no head gave them.
	AltLines []int
	// LineWarnings are warnings about a line of the page: its videos' and
	// its article's (the line of the <script>, <meta> or <video> that
	// describes them).
	LineWarnings []LineWarning
	// VideoNotes say what became of each video the page describes
	// (listed, or why not), and NewsNote whether the page is an article
	// of the news sitemap and why: for --explain.
	VideoNotes []string
	NewsNote   NewsNote
}

// NextLastMod is a lastmod a page falls back to: zero LastMod for none.
type NextLastMod struct {
	LastMod time.Time
	From    string
	Source  LastModSource
}

// Mapper maps pages to sitemap URLs.
type Mapper struct {
	base    string   // normalized base URL, ending in "/"
	bare    string   // the home page's URL when it is base without its slash (Options.BareBase), else base
	baseURL *url.URL // base, parsed
	opts    Options
	now     time.Time // Options.Now, or the time New ran
}

// New returns a Mapper for opts, or an error when the base URL or a rule's
// glob is invalid.
func New(opts Options) (*Mapper, error) {
	base, err := ParseBaseURL(opts.BaseURL)
	if err != nil {
		return nil, err
	}
	for _, r := range opts.Rules {
		if err := walker.ValidatePattern(r.Match); err != nil {
			return nil, fmt.Errorf("rule: %w", err)
		}
	}
	if len(opts.LastMod) == 0 {
		opts.LastMod = DefaultLastMod
	}
	for _, src := range opts.LastMod {
		if _, err := ParseLastModSource(string(src)); err != nil {
			return nil, err
		}
	}
	bu, _ := url.Parse(base) // ParseBaseURL made it valid
	now := opts.Now
	if now.IsZero() {
		now = time.Now()
	}
	bare := base
	if opts.BareBase && opts.TrailingSlash == SlashNever && bu.Path != "/" {
		bare = strings.TrimSuffix(base, "/")
	}
	return &Mapper{base: base, bare: bare, baseURL: bu, opts: opts, now: now}, nil
}

// BaseURL returns the normalized base URL, ending in "/".
func (m *Mapper) BaseURL() string { return m.base }

// Now returns the build's time: Options.Now, or the time the Mapper was
// made.
func (m *Mapper) Now() time.Time { return m.now }

// Map decides whether p goes in the sitemap, and with what values.
func (m *Mapper) Map(p Page) Decision {
	var d Decision
	f, h := p.File, p.Head
	if !m.opts.KeepErrorPages {
		if IsErrorPage(f.Path) {
			d.Skip = ErrorPage
			return d
		}
		if len(m.opts.Fallbacks) > 0 && m.skipFallback(&d, f.Path) {
			return d
		}
	}
	urlPath, form := m.urlPath(f.Path)
	if p.Extensionless {
		urlPath, form = m.extensionless(f.Path, urlPath, form)
	}
	if p.URLPath != "" {
		clean, ok := m.givenPath(&d, p.URLPath)
		if !ok {
			return d
		}
		urlPath, form = clean, FormUnknown
	}
	canonical, inBuild := "", ""
	if h != nil {
		canonical = h.Canonical
		if m.opts.FolderBuilds != nil {
			canonical, inBuild = m.inBuild(urlPath, canonical)
		}
	}
	d.URL.Loc, d.Form = m.joinAs(urlPath, canonical), form
	if !m.opts.KeepErrorPages {
		if r, ok := m.opts.Redirects.ErrorPage(d.URL.Loc); ok && m.servedAsError(&d, r, h) {
			return d
		}
	}
	if sitemap.CheckLoc(d.URL.Loc) != nil {
		d.Skip = LocTooLong
		d.Because = fmt.Sprintf("the URL is %d characters long; the protocol allows fewer than %d", len(d.URL.Loc), sitemap.MaxLocLength)
		return d
	}
	if !utf8.ValidString(urlPath) {
		d.Warnings = append(d.Warnings, "its URL path is not valid UTF-8: listed with the bytes percent-encoded, which servers that take names as UTF-8 (Go's http.FileServer) answer with 404")
	}
	if p.Source != nil && m.judgeSource(&d, p.Source) {
		return d
	}
	if h != nil && h.Fragment {
		skipFragment(&d, h)
		return d
	}
	// A redirect stub may say noindex too (Hugo's aliases and
	// jekyll-redirect-from's pages do). Such a page counts as a
	// redirect. Its noindex counts only when the refresh turns out to
	// be no redirect.
	noindex := h != nil && h.NoIndex != "" && !m.opts.KeepNoIndex
	stub := noindex && h.Refresh != nil && h.Refresh.URL != "" && h.Refresh.Delay == 0 && !m.opts.KeepRedirects
	if h != nil {
		d.Warnings = append(d.Warnings, h.Problems...)
		if noindex && !stub {
			d.Skip, d.Because = NoIndex, h.NoIndex
			return d
		}
	}
	// Hosts is nil when the X-Robots-Tag part of the policy is off.
	if why, ok := m.opts.Hosts.NoIndex(d.URL.Loc); ok {
		d.Skip, d.Because = XRobotsTag, why
		return d
	}
	if inBuild != "" {
		d.Warnings = append(d.Warnings, inBuild)
	}
	if h != nil && m.judgeHead(&d, h, canonical, p.Images) {
		return d
	}
	if stub {
		d.Skip, d.Because = NoIndex, h.NoIndex
		return d
	}
	m.checkServed(&d, f.Path, p.URLPath == "")
	m.setLastMod(&d, f, h, p.Source, &p)
	if st := p.Structured; st != nil && m.opts.Videos {
		m.setVideos(&d, st.Videos, m.pageBase(&d, st.Base))
	}
	m.setNews(&d, p.Structured, p.Source)
	m.setFreqPriority(&d, f.Path, p.Source)
	return d
}

// skipFallback reports whether the file at rel matches one of
// Options.Fallbacks, and marks d skipped when it does. A fallback is a
// file the generator writes that is no page of the site.
func (m *Mapper) skipFallback(d *Decision, rel string) bool {
	for _, pattern := range m.opts.Fallbacks {
		if ok, _ := path.Match(pattern, rel); ok || pattern == rel {
			d.Skip, d.Because = ErrorPage, "a file the generator writes that is no page of the site (a locale's error page, a single-page app's fallback a host serves for a path without a file, Gatsby's slices)"
			return true
		}
	}
	return false
}

// givenPath returns the URL path that the generator gave for a page
// (Page.URLPath), with its dot segments removed. When the path climbs
// above the base URL, givenPath marks d skipped with a warning and
// reports false.
func (m *Mapper) givenPath(d *Decision, given string) (urlPath string, ok bool) {
	clean, ok := removeDotSegments(strings.TrimPrefix(given, "/"), false)
	if !ok {
		d.Skip, d.Because = OutsideBase, fmt.Sprintf("the URL path %q climbs above the base URL %s", diag.Excerpt(given), m.base)
		d.Warnings = append(d.Warnings, d.Because+"; not listed")
		return "", false
	}
	return clean, true
}

// skipFragment marks d skipped as a fragment of a page, and says why
// from the head's problems. The head's problems are not copied into d:
// they describe a page, and a fragment is none.
func skipFragment(d *Decision, h *htmlhead.Head) {
	d.Skip, d.Because = Fragment, "no doctype, no <html>, <head>, <body> or head element, and nothing of its own to show but a template's directives: a piece of a page (a theme's partial, a script block)"
	switch {
	case slices.Contains(h.Problems, "empty file"):
		d.Because = "an empty file: nothing to show (a template that rendered nothing)"
	case slices.Contains(h.Problems, "no HTML tags found; no head read"):
		d.Because = "text with no HTML tag at all: no page, but a file for a host or a search engine (a site-verification file) or what a template without a layout rendered"
	}
}

// setFreqPriority sets the change frequency and priority of the page
// built at rel. The defaults come first. The first rule whose glob
// matches rel overrides them, and the page's source front matter
// overrides both.
func (m *Mapper) setFreqPriority(d *Decision, rel string, src *frontmatter.Source) {
	d.URL.ChangeFreq, d.URL.Priority = m.opts.Defaults.ChangeFreq, m.opts.Defaults.Priority
	for i, r := range m.opts.Rules {
		if doublestar.MatchUnvalidated(r.Match, rel) {
			d.Rule = i + 1
			if r.ChangeFreq != 0 {
				d.URL.ChangeFreq = r.ChangeFreq
			}
			if r.Priority.IsSet() {
				d.URL.Priority = r.Priority
			}
			break
		}
	}
	if src != nil {
		if c := src.Sitemap.ChangeFreq; c != 0 {
			d.URL.ChangeFreq, d.ChangeFreqFromSource = c, true
		}
		if pr := src.Sitemap.Priority; pr.IsSet() {
			d.URL.Priority, d.PriorityFromSource = pr, true
		}
	}
}

// checkServed warns when the platform would not answer the page's URL with
// 200: its URL style (for a built file at rel, when built is true) or one
// of its redirect rules says otherwise.
func (m *Mapper) checkServed(d *Decision, rel string, built bool) {
	if m.opts.Style != nil && built {
		if rest, ok := m.below(d.URL.Loc); ok {
			if p, err := url.PathUnescape(rest); err == nil {
				switch status, to := m.opts.Style.Answer(rel, p); {
				case status == 404:
					d.Warnings = append(d.Warnings, fmt.Sprintf("%s does not serve %s (%s); listed as the site says, check clean_urls and trailing_slash", m.opts.Style.Platform, d.URL.Loc, m.opts.Style.From))
				case status != 200:
					d.Warnings = append(d.Warnings, fmt.Sprintf("%s answers %s with %d to %s (%s); listed as the site says, check clean_urls, trailing_slash and canonical links", m.opts.Style.Platform, d.URL.Loc, status, m.join(to), m.opts.Style.From))
				}
			}
		}
	}
	if m.opts.Redirects != nil {
		if r, ok := m.opts.Redirects.Match(d.URL.Loc); ok {
			d.Warnings = append(d.Warnings, fmt.Sprintf("%s is redirected (%d to %s) by %s; a sitemap should list the target", d.URL.Loc, r.Status, diag.URL(r.To), r.Where))
		}
	}
}

// judgeSource applies the front matter's drafts, dates and sitemap:
// exclusion to d, and reports whether they leave the page out.
func (m *Mapper) judgeSource(d *Decision, src *frontmatter.Source) bool {
	switch {
	case src.Sitemap.Exclude && src.Sitemap.Template != "":
		d.Skip, d.Because = SitemapExcluded, "the project's own sitemap template leaves it out ("+src.Sitemap.Template+")"
	case src.Sitemap.Exclude && src.Sitemap.ExcludedBy != "" && src.Sitemap.ExcludedWhy != "":
		d.Skip, d.Because = SitemapExcluded, "front matter "+diag.Excerpt(src.Sitemap.ExcludedBy)+": true: "+src.Sitemap.ExcludedWhy
	case src.Sitemap.Exclude && src.Sitemap.ExcludedBy != "":
		// The key is the one the template tests, which can be a megabyte.
		d.Skip, d.Because = SitemapExcluded, "front matter "+diag.Excerpt(src.Sitemap.ExcludedBy)+": true, which the project's own sitemap template leaves out"
	case src.Sitemap.Exclude:
		d.Skip, d.Because = SitemapExcluded, "front matter sitemap: says to leave it out"
	case src.Unlisted:
		d.Skip, d.Because = SitemapExcluded, "front matter build: list: never (or local): Hugo lists the page in no collection of the site's, nor in its sitemap"
	case src.Draft && src.DraftsIn != "" && !m.opts.KeepDrafts:
		d.Skip, d.Because = Draft, "a draft: its source is in "+src.DraftsIn+"/ (--drafts lists drafts)"
	case src.Draft && !m.opts.KeepDrafts:
		d.Skip, d.Because = Draft, "front matter draft: true (--drafts lists drafts)"
	case src.Unpublished && !m.opts.KeepDrafts:
		d.Skip, d.Because = Draft, "front matter published: false (--drafts lists it)"
	case m.opts.KeepFuture:
		return false
	case src.PublishDate.After(m.now):
		d.Skip, d.Because = Future, "publishDate "+src.PublishDate.Format(time.RFC3339)+" is in the future (--future lists it)"
	case src.PublishDate.IsZero() && src.Date.After(m.now):
		d.Skip, d.Because = Future, "date "+src.Date.Format(time.RFC3339)+" is in the future (--future lists it)"
	case !src.ExpiryDate.IsZero() && !src.ExpiryDate.After(m.now):
		d.Skip, d.Because = Expired, "expiryDate "+src.ExpiryDate.Format(time.RFC3339)+" has passed (--future lists it)"
	default:
		return false
	}
	return true
}

// judgeHead applies the head's refresh, canonical link (canonical: the
// head's, read in its folder's build by FolderBuilds) and alternates to
// d, and reports whether they leave the page out; then it gives d the
// page's images.
func (m *Mapper) judgeHead(d *Decision, h *htmlhead.Head, canonical string, images []string) bool {
	// The page's URL is parsed only when a relative URL needs it: most
	// heads name their canonical exactly as the loc reads.
	var base *url.URL
	resolver := func() *url.URL {
		if base == nil {
			base, _ = url.Parse(d.URL.Loc) // a loc always parses
			if h.Base != "" {
				if b, err := base.Parse(h.Base); err == nil {
					base = b
				} else {
					d.Warnings = append(d.Warnings, fmt.Sprintf("<base href=%q> is not a URL; ignored", diag.URL(h.Base)))
				}
			}
		}
		return base
	}
	if r := h.Refresh; r != nil && r.URL != "" {
		to, err := NormalizeURL(r.URL, resolver())
		switch {
		case err != nil:
			d.Warnings = append(d.Warnings, fmt.Sprintf("meta refresh to %q: %v; ignored", diag.URL(r.URL), err))
		case to == d.URL.Loc:
			d.Warnings = append(d.Warnings, "meta refresh reloads the page itself")
		case r.Delay > 0:
			d.Warnings = append(d.Warnings, fmt.Sprintf("meta refresh to %s after %gs: a temporary redirect; kept", diag.URL(to), r.Delay))
		case !m.opts.KeepRedirects:
			d.Skip, d.Because = Redirect, "meta refresh to "+diag.URL(to)
			if r.InBody {
				d.Because = "meta refresh in the page's body to " + diag.URL(to)
			}
			return true
		}
	}
	if h.ErrorShell {
		// Next.js's error shell: a redirect() (its target in the body), or
		// an error rendered in place of the page.
		switch {
		case h.NextRedirect != "" && !m.opts.KeepRedirects:
			to := h.NextRedirect
			if u, err := NormalizeURL(to, resolver()); err == nil {
				to = u
			}
			d.Skip, d.Because = Redirect, "Next.js redirect() to "+diag.URL(to)
			return true
		case h.NextRedirect == "" && !m.opts.KeepErrorPages:
			d.Skip, d.Because = ErrorPage, `Next.js error page (<html id="__next_error__">)`
			return true
		}
	}
	if h.GoImport && !h.Titled {
		d.Skip, d.Because = GoImportStub, `<meta name="go-import"> and no <title>: a page for the go command, not for readers`
		return true
	}
	if canonical != "" && canonical != d.URL.Loc && !m.opts.KeepNonCanonical {
		if skip, known := m.canonicalElsewhere(d, h.Base, canonical); known {
			if skip {
				return true
			}
		} else if m.judgeCanonical(d, canonical, resolver()) {
			return true
		}
	}
	var fast plainResolver
	for i, a := range h.Alternates {
		if i == 0 {
			ok := false
			if h.Base == "" { // the page's URL is the base: read as it is, not parsed
				fast, ok = m.locResolver(d.URL.Loc)
			}
			if !ok {
				fast = m.plainResolver(resolver())
			}
			d.URL.Alternates = slices.Grow(d.URL.Alternates, len(h.Alternates))
			d.AltLines = slices.Grow(d.AltLines, len(h.Alternates))
		}
		href, ok := fast.resolve(a.Href)
		if !ok {
			var err error
			if href, err = NormalizeURL(a.Href, resolver()); err != nil {
				d.Warnings = append(d.Warnings, fmt.Sprintf("hreflang %s alternate %q: %v; ignored", diag.Excerpt(a.Lang), diag.URL(a.Href), err))
				continue
			}
		}
		href = m.OnDevServer(href)
		if sitemap.CheckLoc(href) != nil {
			d.Warnings = append(d.Warnings, fmt.Sprintf("hreflang %s alternate %.60q… is too long; ignored", diag.Excerpt(a.Lang), href))
			continue
		}
		d.URL.Alternates = append(d.URL.Alternates, sitemap.Alternate{Lang: a.Lang, Href: href})
		d.AltLines = append(d.AltLines, a.Line)
	}
	if m.opts.Images && len(images) > 0 {
		m.setImages(d, images, resolver())
	}
	return false
}

// pageBase returns the URL a page's relative URLs resolve against: its
// loc, or its <base href> (a warning for one that does not parse, as
// judgeHead gives).
func (m *Mapper) pageBase(d *Decision, href []byte) *url.URL {
	base, _ := url.Parse(d.URL.Loc) // a loc always parses
	if len(href) > 0 {
		if b, err := base.Parse(string(href)); err == nil {
			return b
		}
	}
	return base
}

// canonicalElsewhere is judgeCanonical's answer where it is plain to
// see, without parsing a URL: the canonical link a plain path on the
// page's origin (an AMP copy's, naming its page), the page's URL read as
// it is (base, the page's <base href>, is ""). It reports whether the
// link leaves the page out, and known, false where judgeCanonical must
// tell.
func (m *Mapper) canonicalElsewhere(d *Decision, base, canonical string) (skip, known bool) {
	if base != "" || m.opts.DevServer {
		return false, false
	}
	r, ok := m.locResolver(d.URL.Loc)
	if !ok {
		return false, false
	}
	canon, ok := r.resolve(canonical)
	switch {
	case !ok:
		return false, false
	case canon == d.URL.Loc:
		return false, true
	case pageKey(canon[len(r.origin):]) != pageKey(d.URL.Loc[len(r.origin):]):
		d.Skip, d.Because = NotCanonical, "canonical "+diag.URL(canon)
		return true, true
	}
	return false, false // the page in another form: judgeCanonical says which
}

// judgeCanonical compares the page's URL with its canonical link.
func (m *Mapper) judgeCanonical(d *Decision, raw string, base *url.URL) bool {
	canon, err := NormalizeURL(raw, base)
	if err != nil {
		d.Warnings = append(d.Warnings, fmt.Sprintf("canonical %q: %v; ignored", diag.URL(raw), err))
		return false
	}
	canon = m.OnDevServer(canon)
	loc := d.URL.Loc
	if canon == loc {
		return false
	}
	cu, _ := url.Parse(canon)
	pu, _ := url.Parse(loc)
	switch {
	case !strings.EqualFold(cu.Host, pu.Host):
		d.Skip, d.Because = CanonicalOffsite, "canonical "+diag.URL(canon)
		d.Warnings = append(d.Warnings, fmt.Sprintf("canonical URL %s is on another host than the base URL %s", diag.URL(canon), m.base))
		return true
	case !samePage(cu, pu):
		d.Skip, d.Because = NotCanonical, "canonical "+diag.URL(canon)
		return true
	case cu.Scheme != pu.Scheme:
		d.Warnings = append(d.Warnings, fmt.Sprintf("canonical URL %s uses %s, the base URL %s; kept as %s", diag.URL(canon), cu.Scheme, pu.Scheme, loc))
	case !strings.HasPrefix(canon, m.base) && canon != m.bare:
		d.Warnings = append(d.Warnings, fmt.Sprintf("canonical URL %s is outside the base URL %s; kept as %s", diag.URL(canon), m.base, loc))
	case m.opts.StyleGiven:
		d.Warnings = append(d.Warnings, fmt.Sprintf("canonical link %s is this page in another form than the URL style's; listed as %s (fix the page's canonical link, or the style: --clean-urls, --trailing-slash)", diag.URL(canon), loc))
	case sitemap.CheckLoc(canon) == nil:
		d.URL.Loc, d.Because, d.Form = canon, "the canonical link's form of "+loc, FormUnknown
	}
	return false
}

// OnDevServer returns the normalized absolute URL u with a loopback
// origin replaced by the base URL's when Options.DevServer is set, else
// u: a link a dev server's page (or sitemap) names, taken as its path on
// the base URL.
func (m *Mapper) OnDevServer(u string) string {
	if !m.opts.DevServer {
		return u
	}
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok || scheme != "http" && scheme != "https" {
		return u
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	if !Loopback(rest[:end]) {
		return u
	}
	path := rest[end:]
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	return m.baseURL.Scheme + "://" + m.baseURL.Host + path
}

// Loopback reports whether the host (and port) of a URL names this
// machine: localhost, a name under .localhost, 127.0.0.0/8, ::1, or the
// unspecified address a server listens on (0.0.0.0, ::). A dev server's
// pages name such an origin.
func Loopback(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && (ip.IsLoopback() || ip.IsUnspecified())
}

// SingleLabel reports whether the host of a URL (with its port, or
// none) is a name of one label, with no dot: a machine of a local
// network, or a build's stand-in for its own origin (SvelteKit
// prerenders pages at http://sveltekit-prerender). No public site has
// such a name. An IP address is not a name.
func SingleLabel(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	return host != "" && net.ParseIP(host) == nil && !strings.Contains(host, ".")
}

// samePage reports whether two URLs of one host name one page as static
// hosts serve it: the same query, and paths that differ at most in a
// trailing slash, a final index.html (or index.htm), or the .html (or
// .htm) of a page served under a clean URL. /a, /a/, /a/index.html and
// /a.html are one page; /genindex.html and /gen/ are not.
func samePage(a, b *url.URL) bool {
	return a.RawQuery == b.RawQuery && pageKey(a.EscapedPath()) == pageKey(b.EscapedPath())
}

func pageKey(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		switch p[i+1:] {
		case "index.html", "index.htm":
			p = p[:i+1]
		}
	}
	if stem, ok := cutHTMLExt(p); ok && !strings.HasSuffix(stem, "/") {
		p = stem
	}
	return strings.TrimSuffix(p, "/")
}

// NoLastModWhy says why d, a listed page's decision, has no lastmod, for
// --explain: the sources asked, in order, none of which knew a date it
// would give (d.Stamps say which dates were passed over).
func (m *Mapper) NoLastModWhy(d *Decision) string {
	var asked []string
	for _, s := range m.opts.LastMod {
		if s == LastModNone {
			break
		}
		asked = append(asked, string(s))
	}
	if len(asked) == 0 {
		return "lastmod.sources is none"
	}
	why := "no source knows a date: asked " + strings.Join(asked, ", ")
	if len(d.Stamps) > 0 {
		why += "; the dates passed over follow"
	}
	return why
}

// Uses reports whether the lastmod sources list src.
func (m *Mapper) Uses(src LastModSource) bool {
	for _, s := range m.opts.LastMod {
		if s == src {
			return true
		}
		if s == LastModNone {
			return false
		}
	}
	return false
}
