package audit

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
)

// Kind is what a finding is about.
type Kind string

// The kinds of findings, in the order a summary names them.
const (
	Orphan    Kind = "orphan"     // a listed page no other page links to
	Unlisted  Kind = "unlisted"   // an indexable page linked from the site, not in the sitemap
	Missing   Kind = "missing"    // a link to a path no file serves (404)
	Redirect  Kind = "redirect"   // a link to a redirect stub or a host's redirect rule
	NoIndex   Kind = "noindex"    // a link to a noindex page
	Canonical Kind = "canonical"  // a link to a page whose canonical URL is another
	Blocked   Kind = "robots.txt" // a link to a page robots.txt disallows
	ErrorPage Kind = "error page" // a link to the site's error page
	Build     Kind = "build"      // a warning of the build
	// SitemapLink is a <link rel="sitemap"> or a robots.txt Sitemap:
	// line naming a same-site file that does not exist.
	SitemapLink Kind = "sitemap link"
)

// Kinds are every Kind, in the order a summary names them.
var Kinds = []Kind{Orphan, Unlisted, Missing, SitemapLink, Redirect, NoIndex, Canonical, Blocked, ErrorPage, Build}

// IsError reports whether a finding of kind k is an error: a link to
// nothing (missing, a sitemap link to no file), which a crawler meets as
// a 404. The other kinds are advice: the site works, and loses something
// (a page no link reaches, a link through a redirect, a build's warning).
func (k Kind) IsError() bool { return k == Missing || k == SitemapLink }

// Finding is one problem.
type Finding struct {
	// Path is the file it is about, relative to the site folder, with "/"
	// separators ("" for the site as a whole, or a file outside it such
	// as sitemap.yaml, whose path is then in File); Line its line, 0 for
	// the file as a whole.
	Path string
	File string
	Line int
	Kind Kind
	// URL is the link's target, or the page's own URL.
	URL string
	Msg string
}

// Options configure an audit.
type Options struct {
	// Build is the build whose pages are audited: its Report's Error and
	// Progress are called as a build calls them; the rest of Report, and
	// Explain and Write, are the audit's.
	Build pipeline.Options
	// Workers is the number of pages read at once; 0 means four per CPU.
	Workers int
	// Ignore are the kinds of findings left out.
	Ignore []Kind
	// Show, when set, is how a path of the site folder is shown inside a
	// message (Finding.Path is always relative to the site folder).
	Show func(path string) string
}

// Result is what an audit found.
type Result struct {
	// Build is the build's result (URLs: what it would write).
	Build *pipeline.Result
	// Pages counts the pages whose links were read; Links their links to
	// the site's own pages and files.
	Pages, Links int
	// Findings are the problems, sorted.
	Findings []Finding
	// Count counts the findings by kind.
	Count map[Kind]int
}

// page is what the audit knows of one file the build found.
type page struct {
	path    string
	loc     string
	reason  mapping.Reason
	because string
	alias   int32 // a duplicate's listed page; -1 for none
	inbound atomic.Int32
	first   atomic.Uint64 // the least (source page, line) linking to it, +1; 0 for none
	// refresh, for a noindex page, is where its meta refresh goes, once
	// a link to it asked (stubbed): a redirect stub may say noindex too,
	// as Hugo's aliases do, and a link to it is a link to a redirect.
	refresh string
	stubbed sync.Once
}

type auditor struct {
	opts Options
	root string
	dir  *fsx.Root // the site folder, root
	// sitePages opens the pages the build listed, inside the site
	// folder, as the build opens its own: one system call a page.
	sitePages *pipeline.SitePages
	site      site
	pages     []page
	byHash    map[uint64]int32
	// more holds, by path, the pages whose path's hash another page has
	// already: lookups of that hash compare paths and look here.
	more map[string]int32
	// misses are the paths no page has, which links named, and their
	// ids; guarded by mu.
	mu     sync.Mutex
	misses map[string]int32
	missed []string
	build  []Finding
	res    *Result
	// extra are the URLs of the extra URLs listed (pipeline.Options.Extra):
	// pages a server renders, which no file shows. A link to one is a
	// link to a listed URL; none is an orphan, since its own links are
	// not read.
	extra map[string]bool
}

// Run audits the site opts.Build describes. Its errors are the build's:
// a page that cannot be read fails the audit as it fails a build.
func Run(ctx context.Context, opts Options) (*Result, error) {
	a := &auditor{opts: opts, root: opts.Build.Root, byHash: map[uint64]int32{}, misses: map[string]int32{}, res: &Result{Count: map[Kind]int{}}}
	b := opts.Build
	b.NoWrite, b.Explain = true, nil
	b.Report.Warn = a.warn
	b.Report.Skip = a.skip
	b.Report.Page, b.Report.Explain, b.Report.Note, b.Report.LeftOut = nil, nil, nil, nil
	res, err := pipeline.Run(ctx, b)
	a.res.Build = res
	if err != nil {
		return a.res, err
	}
	if a.site, err = siteOf(res.BaseURL); err != nil {
		return a.res, err
	}
	if a.dir, err = fsx.OpenRoot(a.root); err != nil {
		return a.res, err
	}
	defer a.dir.Close()
	if a.sitePages, err = pipeline.OpenSitePages(a.root); err != nil {
		return a.res, err
	}
	defer a.sitePages.Close()
	for i := range res.URLs.Len() {
		if res.Extra != nil && res.Extra(i) {
			if a.extra == nil {
				a.extra = map[string]bool{}
			}
			a.extra[res.URLs.At(i).Loc] = true
			continue
		}
		a.add(res.PathAt(i)).loc = res.URLs.At(i).Loc
	}
	a.resolveDuplicates()
	misses, err := a.readPages(ctx)
	if err != nil {
		return a.res, err
	}
	a.followMisses(misses)
	a.robotsSitemaps()
	a.pageFindings()
	a.finish()
	return a.res, nil
}

// warn keeps a warning of the build as a finding.
func (a *auditor) warn(path string, err error) {
	f := Finding{Path: path, Kind: Build, Msg: err.Error()}
	var d *diag.Diagnostic
	if errors.As(err, &d) {
		msg := d.Msg
		if d.Hint != "" {
			msg += "; " + d.Hint
		}
		switch {
		case path != "" && d.File == path:
			f.Line, f.Msg = d.Line, msg
		case path == "" && d.File != "":
			f.File, f.Line, f.Msg = d.File, d.Line, msg
		}
	}
	a.build = append(a.build, f)
}

// add makes a page of the file at path, or returns the one it has.
func (a *auditor) add(path string) *page {
	h := hashOf(offset, path)
	if i, ok := a.byHash[h]; ok {
		if a.pages[i].path == path {
			return &a.pages[i]
		}
		if i, ok := a.more[path]; ok {
			return &a.pages[i]
		}
		if a.more == nil {
			a.more = map[string]int32{}
		}
		a.more[path] = int32(len(a.pages))
	} else {
		a.byHash[h] = int32(len(a.pages))
	}
	a.pages = append(a.pages, page{path: path, alias: -1})
	return &a.pages[len(a.pages)-1]
}

// skip keeps why a page is left out: the build's own reasons (a duplicate,
// robots.txt) come after mapping's decision.
func (a *auditor) skip(path string, reason mapping.Reason, because string) {
	p := a.add(path)
	p.reason, p.because = reason, because
}

// resolveDuplicates points each duplicate at the page listed with its
// URL: a link to either is a link to that URL.
func (a *auditor) resolveDuplicates() {
	for i := range a.pages {
		p := &a.pages[i]
		if p.reason != mapping.Duplicate {
			continue
		}
		// "also LOC from PATH": a URL has no space, so the first " from "
		// ends it.
		_, kept, ok := strings.Cut(p.because, " from ")
		if j := a.lookupPath(kept); ok && j >= 0 {
			p.alias = j
		}
	}
}

// lookupPath returns the page of the file at path, or -1.
func (a *auditor) lookupPath(path string) int32 {
	return a.find(hashOf(offset, path), []byte(path), "")
}

// find returns the page whose path is p+suffix, of hash h, or -1.
func (a *auditor) find(h uint64, p []byte, suffix string) int32 {
	i, ok := a.byHash[h]
	if !ok {
		return -1
	}
	q := a.pages[i].path
	if len(q) == len(p)+len(suffix) && q[:len(p)] == string(p) && q[len(p):] == suffix {
		return i
	}
	if j, ok := a.more[string(p)+suffix]; ok {
		return j
	}
	return -1
}

// lookup returns the page a static host serves for p, a decoded path of
// the site folder ("" for its root), or -1: the file itself, p.html (clean
// URLs), or p/index.html (a folder, to which hosts redirect p/); for a
// folder's path, its index.html.
func (a *auditor) lookup(p []byte) int32 {
	h := hashOf(offset, p)
	if len(p) == 0 || p[len(p)-1] == '/' {
		return a.find(hashOf(h, "index.html"), p, "index.html")
	}
	for _, suffix := range servedAs {
		if i := a.find(hashOf(h, suffix), p, suffix); i >= 0 {
			return i
		}
	}
	return -1
}

// servedAs are the files a host tries for a path that does not end in "/",
// in order.
var servedAs = []string{"", ".html", "/index.html"}

// pending is a link to a path no page has: misses' id of the path.
type pending struct {
	from, line, miss int32
}

// worker is one goroutine's share of reading pages.
type worker struct {
	links   htmlhead.LinkReader
	r       resolver
	buf     []byte
	found   []Finding
	pending []pending
	// nlinks and npages count the links and pages read.
	nlinks, npages int
}

// readPages reads every page's links, on Workers goroutines.
func (a *auditor) readPages(ctx context.Context) ([]pending, error) {
	var todo []int32
	for i := range a.pages {
		if readable(&a.pages[i]) {
			todo = append(todo, int32(i))
		}
	}
	n := a.opts.Workers
	if n <= 0 {
		n = 4 * runtime.GOMAXPROCS(0)
	}
	workers := make([]*worker, min(n, max(len(todo), 1)))
	var next atomic.Int64
	var wg sync.WaitGroup
	for k := range workers {
		w := &worker{r: resolver{site: a.site}}
		w.links.MaxAttrs = a.opts.Build.Limits.Or().HeadAttributes
		workers[k] = w
		wg.Go(func() {
			for ctx.Err() == nil {
				i := next.Add(1) - 1
				if i >= int64(len(todo)) {
					return
				}
				a.readPage(w, todo[i])
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var misses []pending
	for _, w := range workers {
		a.res.Findings = append(a.res.Findings, w.found...)
		misses = append(misses, w.pending...)
		a.res.Links += w.nlinks
		a.res.Pages += w.npages
	}
	return misses, nil
}

// readable reports whether a page's links are read: an HTML page a host
// serves as a page, not a redirect stub.
func readable(p *page) bool {
	switch p.reason {
	case mapping.Redirect, mapping.Unreadable, mapping.NotFollowed, mapping.OwnOutput:
		return false
	}
	ext := strings.ToLower(filepath.Ext(p.path))
	return ext == ".html" || ext == ".htm"
}

// readPage reads the page i whole and follows its links.
func (a *auditor) readPage(w *worker, i int32) {
	p := &a.pages[i]
	data, err := w.read(a.sitePages, p.path, a.opts.Build.Limits.Or().PageBytes)
	switch {
	case errors.Is(err, errTooLarge):
		w.found = append(w.found, Finding{Path: p.path, Kind: Build, Msg: fmt.Sprintf("larger than %d bytes (limits.page_bytes); the links in the first %d are read", len(data), len(data))})
	case err != nil:
		w.found = append(w.found, Finding{Path: p.path, Kind: Build, Msg: "cannot read the page: " + unwrapPath(err).Error()})
		return
	}
	w.npages++
	if cap(w.buf) > 1<<20 {
		defer func() { w.buf = nil }() // a large page's buffer is not kept for the next
	}
	w.r.page(p.path)
	cut := w.links.Links(data, func(l htmlhead.Link) {
		if l.Base {
			w.r.base(l.Href)
			return
		}
		target, kind := w.r.resolve(l.Href)
		if kind != linkInternal {
			return
		}
		if l.Sitemap {
			a.sitemapLink(w, p.path, l.Line, string(target), "<link rel=\"sitemap\">")
			return
		}
		w.nlinks++
		if w.r.unclean {
			clean := a.urlOf(string(target))
			w.found = append(w.found, Finding{Path: p.path, Line: l.Line, Kind: Canonical, URL: clean,
				Msg: fmt.Sprintf("links to %.200s, a path with an empty or dot segment (// or /../), which hosts serve differently or not at all; it names %s: link to that", l.Href, clean)})
		}
		if t := a.lookup(target); t >= 0 {
			a.link(w, i, int32(l.Line), t)
			return
		}
		w.pending = append(w.pending, pending{from: i, line: int32(l.Line), miss: a.miss(target)})
	})
	if cut {
		w.found = append(w.found, Finding{Path: p.path, Kind: Build, Msg: fmt.Sprintf("a tag with more than %d attributes (limits.head_attributes); the page's links are read no further", a.opts.Build.Limits.Or().HeadAttributes)})
	}
}

var errTooLarge = errors.New("page too large")

// read reads the page rel of the site folder whole, up to limit bytes,
// into the worker's buffer: inside the folder by the door's rule, a
// regular file only (pipeline.SitePages).
func (w *worker) read(pages *pipeline.SitePages, rel string, limit int) ([]byte, error) {
	f, err := pages.Open(rel, int64(limit), "limits.page_bytes")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := 64 << 10
	if n := f.Size(); n >= 0 && n < int64(limit) {
		size = int(n) + 1 // one more to see the end
	}
	if cap(w.buf) < size {
		w.buf = make([]byte, size)
	}
	n := 0
	for {
		if n == cap(w.buf) { // full: grow, up to a byte past the limit
			w.buf = append(w.buf[:n], make([]byte, min(n, limit-n)+1)...)
		}
		m, err := f.Read(w.buf[n:cap(w.buf)])
		n += m
		switch {
		case errors.Is(err, fsx.ErrTooLarge):
			return w.buf[:limit], errTooLarge
		case err == io.EOF:
			return w.buf[:n], nil
		case err != nil:
			return nil, err
		}
	}
}

// miss returns the id of a path no page has.
func (a *auditor) miss(p []byte) int32 {
	a.mu.Lock()
	defer a.mu.Unlock()
	if id, ok := a.misses[string(p)]; ok {
		return id
	}
	id := int32(len(a.missed))
	a.misses[string(p)] = id
	a.missed = append(a.missed, string(p))
	return id
}

// link judges a link from the page from, at line, to the page t.
func (a *auditor) link(w *worker, from, line, t int32) {
	if a.pages[t].alias >= 0 {
		t = a.pages[t].alias
	}
	p := &a.pages[t]
	switch p.reason {
	case "", mapping.Duplicate, mapping.OwnOutput:
	case mapping.Redirect:
		w.problem(a, from, line, Redirect, p, "a redirect ("+p.because+"); link to its target")
	case mapping.NoIndex, mapping.XRobotsTag:
		if to := a.refreshOf(p); to != "" {
			w.problem(a, from, line, Redirect, p, "a redirect (meta refresh to "+to+"); link to its target")
			break
		}
		w.problem(a, from, line, NoIndex, p, "a page that asks not to be indexed ("+string(p.reason)+"); link to an indexable page, or drop the noindex")
	case mapping.NotCanonical, mapping.CanonicalOffsite:
		w.problem(a, from, line, Canonical, p, "a page whose canonical URL is "+strings.TrimPrefix(p.because, "canonical ")+"; link to it")
	case mapping.RobotsTxt:
		w.problem(a, from, line, Blocked, p, "a page robots.txt disallows ("+p.because+"); search engines may index it without its content")
	case mapping.ErrorPage:
		w.problem(a, from, line, ErrorPage, p, "the site's error page"+parens(p.because))
	case mapping.Unreadable:
		w.problem(a, from, line, Missing, p, "a file no web server can serve ("+p.because+")")
	}
	if t == from || a.pages[from].reason == mapping.ErrorPage {
		return // a link to itself, or from the page of every 404, finds nothing
	}
	p.inbound.Add(1)
	at := uint64(from)<<32 | uint64(line) + 1
	for {
		old := p.first.Load()
		if old != 0 && old <= at || p.first.CompareAndSwap(old, at) {
			return
		}
	}
}

// refreshOf returns where the meta refresh of the page p goes, if it has
// one, reading its head the first time it is asked.
func (a *auditor) refreshOf(p *page) string {
	p.stubbed.Do(func() {
		f, err := a.sitePages.Open(p.path, int64(a.opts.Build.Limits.Or().PageBytes), "limits.page_bytes")
		if err != nil {
			return
		}
		defer f.Close()
		hr := htmlhead.HeadReader{MaxAttrs: a.opts.Build.Limits.HeadAttributes, MaxTags: a.opts.Build.Limits.HeadTags}
		if h, err := hr.Read(f); err == nil && h.Refresh != nil && h.Refresh.URL != "" {
			p.refresh = h.Refresh.URL
		}
	})
	return p.refresh
}

// problem adds a finding about a link at line of the page from to the
// page p.
func (w *worker) problem(a *auditor, from, line int32, kind Kind, p *page, what string) {
	loc := p.loc
	if loc == "" {
		loc = a.urlOf(p.path)
	}
	w.found = append(w.found, Finding{Path: a.pages[from].path, Line: int(line), Kind: kind, URL: loc, Msg: "links to " + loc + ", " + what})
}

// followMisses judges the links to paths no page has: a host's redirect
// rule, a file the walk left out (an asset, or an HTML page excluded or
// hidden), or nothing: a 404.
func (a *auditor) followMisses(links []pending) {
	if len(links) == 0 {
		return
	}
	slices.SortFunc(links, func(x, y pending) int {
		return cmp.Or(cmp.Compare(x.miss, y.miss), cmp.Compare(x.from, y.from), cmp.Compare(x.line, y.line))
	})
	w := &worker{}
	for start := 0; start < len(links); {
		end := start
		for end < len(links) && links[end].miss == links[start].miss {
			end++
		}
		same := links[start:end] // the links to one path
		start = end
		path := a.missed[same[0].miss]
		loc := a.urlOf(path)
		if a.extra[loc] {
			continue // an extra URL: a server's page
		}
		target := page{path: path, loc: loc}
		var kind Kind
		var what string
		if r, ok := a.res.Build.Redirects.MatchGone(loc); ok { // no file serves it: no file shadows a rule
			kind, what = Redirect, fmt.Sprintf("which the host redirects (%d to %s, %s); link to its target", r.Status, r.To, r.Where)
		} else if file, ok := a.served(path); !ok {
			kind, what = Missing, "which no file serves (404)"
		} else if isHTML(file) {
			// An HTML page the walk left out: excluded or hidden.
			why := "no include pattern matches it"
			if err := walker.Why(a.root, file, a.opts.Build.Walk); err != nil {
				why = err.Error()
			}
			target.path, target.reason, target.because = file, "walk", why
			a.unlisted(&target, same[0], len(same))
			continue
		} else {
			continue // an asset: a PDF, an image
		}
		for _, l := range same {
			w.problem(a, l.from, l.line, kind, &target, what)
		}
	}
	a.res.Findings = append(a.res.Findings, w.found...)
}

// sitemapLink reports a sitemap named at line of the file at path (a
// page's <link rel="sitemap">, robots.txt's Sitemap: line) that no file
// of the site serves: target is its path in the site folder.
func (a *auditor) sitemapLink(w *worker, path string, line int, target, how string) {
	if _, ok := a.served(target); ok {
		return
	}
	u := a.urlOf(target)
	w.found = append(w.found, Finding{Path: path, Line: line, Kind: SitemapLink, URL: u,
		Msg: fmt.Sprintf("%s names the sitemap %s, which no file serves: name the sitemap the site has (a build that took over a generator's sitemap says which)", how, u)})
}

// robotsSitemaps reports the Sitemap: lines of the site's robots.txt
// that name a same-site file that does not exist: its first
// limits.robots_bytes, as crawlers read no more. A robots.txt that cannot
// be read is said, unless the build said it.
func (a *auditor) robotsSitemaps() {
	data, _, err := robots.ReadPrefix(a.dir, int64(a.opts.Build.Limits.Or().RobotsBytes)) // past them, the build says so when it reads the rules
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) && !a.buildSaid(a.dir.Path("robots.txt")) {
			a.res.Findings = append(a.res.Findings, Finding{Path: "robots.txt", Kind: Build, Msg: "cannot read it: " + unwrapPath(err).Error() + "; its Sitemap: lines are not checked"})
		}
		return
	}
	w := &worker{r: resolver{site: a.site}}
	w.r.page("robots.txt")
	at := a.opts.Build.Write.SitemapsURL // sitemaps_url: where the output folder's sitemaps are served
	for _, sl := range robots.Sitemaps(data) {
		if !strings.Contains(sl.URL, "://") {
			continue // a Sitemap: line names an absolute URL; the build warns of others
		}
		if rel, ok := strings.CutPrefix(sl.URL, at); at != "" && ok {
			if _, err := fsx.Lstat(a.opts.Build.Write.Dir, rel); err != nil {
				w.found = append(w.found, Finding{Path: "robots.txt", Line: sl.Line, Kind: SitemapLink, URL: sl.URL,
					Msg: fmt.Sprintf("robots.txt's Sitemap: line names the sitemap %s, served at sitemaps_url, which the output folder does not have", sl.URL)})
			}
			continue
		}
		if target, kind := w.r.resolve([]byte(sl.URL)); kind == linkInternal {
			a.sitemapLink(w, "robots.txt", sl.Line, string(target), "robots.txt's Sitemap: line")
		}
	}
	a.res.Findings = append(a.res.Findings, w.found...)
}

// buildSaid reports whether a warning of the build was about the file at
// path.
func (a *auditor) buildSaid(path string) bool {
	for _, f := range a.build {
		if f.File == path {
			return true
		}
	}
	return false
}

// urlOf returns the URL a host serves the file at path (a path of the
// site folder, or one a link named) at: a folder's index.html at the
// folder's URL.
func (a *auditor) urlOf(path string) string {
	if path == "index.html" || strings.HasSuffix(path, "/index.html") {
		path = strings.TrimSuffix(path, "index.html")
	}
	return a.site.scheme + "://" + a.site.host + a.site.path + mapping.EncodePath(path)
}

// served returns the file a static host serves for path, a decoded path of
// the site folder, when there is one.
func (a *auditor) served(path string) (string, bool) {
	names := []string{path + "index.html"}
	if path != "" && !strings.HasSuffix(path, "/") {
		names = []string{path, path + ".html", path + "/index.html"}
	}
	for _, name := range names {
		if st, err := a.dir.Stat(name); err == nil && st.Mode().IsRegular() {
			return name, true
		}
	}
	return "", false
}

// pageFindings reports the orphans and the indexable pages linked to but
// left out.
func (a *auditor) pageFindings() {
	for i := range a.pages {
		p := &a.pages[i]
		switch {
		case p.reason == "" && p.inbound.Load() == 0 && !home(p.path):
			a.res.Findings = append(a.res.Findings, Finding{Path: p.path, Kind: Orphan, URL: p.loc, Msg: "listed in the sitemap as " + p.loc + ", but no other page links to it"})
		case indexable(p.reason) && p.inbound.Load() > 0:
			first := p.first.Load() - 1
			a.unlisted(p, pending{from: int32(first >> 32), line: int32(first)}, int(p.inbound.Load()))
		}
	}
}

// moreLinks says how many links to a page there are besides the first,
// of n.
func moreLinks(n int) string {
	switch {
	case n == 2:
		return " and 1 more link"
	case n > 2:
		return fmt.Sprintf(" and %d more links", n-1)
	}
	return ""
}

// unlisted reports a page the site links to that the sitemap leaves out
// though a search engine would index it; first is the least link to it,
// of n.
func (a *auditor) unlisted(p *page, first pending, n int) {
	loc := p.loc
	if loc == "" {
		loc = a.urlOf(p.path)
	}
	more := moreLinks(n)
	why := string(p.reason)
	if p.because != "" {
		why += ": " + p.because
	}
	if p.reason == "walk" {
		why = "the walk leaves it out: " + p.because
	}
	a.res.Findings = append(a.res.Findings, Finding{Path: p.path, Kind: Unlisted, URL: loc,
		Msg: fmt.Sprintf("linked from %s:%d%s, but not in the sitemap (%s)", a.show(a.pages[first.from].path), first.line, more, why)})
}

// show is a path of the site folder as a message shows it.
func (a *auditor) show(path string) string {
	if a.opts.Show != nil {
		return a.opts.Show(path)
	}
	return path
}

// indexable reports whether a page left out for reason is one a search
// engine would index.
func indexable(reason mapping.Reason) bool {
	switch reason {
	case mapping.Draft, mapping.Future, mapping.Expired, mapping.SitemapExcluded, mapping.NotAPage, mapping.OutsideBase, mapping.LocTooLong, mapping.NotFollowed:
		return true
	}
	return false
}

// home reports whether path is the site's home page, which needs no link.
func home(path string) bool { return path == "index.html" || path == "index.htm" }

func isHTML(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".html" || ext == ".htm"
}

// finish sorts the findings and counts them.
func (a *auditor) finish() {
	a.res.Findings = append(a.res.Findings, a.build...)
	a.res.Findings = slices.DeleteFunc(a.res.Findings, func(f Finding) bool { return slices.Contains(a.opts.Ignore, f.Kind) })
	slices.SortFunc(a.res.Findings, func(x, y Finding) int {
		return cmp.Or(strings.Compare(x.File, y.File), strings.Compare(x.Path, y.Path), cmp.Compare(x.Line, y.Line),
			cmp.Compare(slices.Index(Kinds, x.Kind), slices.Index(Kinds, y.Kind)), strings.Compare(x.Msg, y.Msg))
	})
	for _, f := range a.res.Findings {
		a.res.Count[f.Kind]++
	}
}

// unwrapPath drops the path an *fs.PathError repeats.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// FNV-1a, 64 bits.
const (
	offset = 14695981039346656037
	prime  = 1099511628211
)

func hashOf[T []byte | string](h uint64, s T) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= prime
	}
	return h
}

func parens(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}
