// The walk judges each file it finds on the walk's goroutines. Each
// file's outcome becomes an event, and the events are sorted after the
// walk.

package pipeline

import (
	"cmp"
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/gitdates"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// outcome is the verdict on a page.
type outcome struct {
	d         mapping.Decision
	truncated bool
	unjoined  bool // says a join found no source file for the page
	// sourceless says the page is unjoined, in the output of a generator
	// that keeps old files, and no static file claims it (stalePass).
	sourceless bool
	// builtGit says the page's git date comes from its built file's
	// history, not from a source's (record.builtGit).
	builtGit bool
	mtime    int64 // the page's modification time, Unix nanoseconds; noMTime for a static file's
	// lang is the page's language. The generator gives it for the page's
	// source or path (a source's translation, Hugo's list page in a
	// language's folder). Otherwise it is the page's <html lang>
	// (htmlhead.Head.Lang). A theme may write the same <html lang> on
	// every language's pages.
	lang     string
	sitemap  string // the href of its <link rel="sitemap">
	readErr  error
	problems []frontmatter.Problem // in the page's own front matter (content mode)
	// genHash is the genHash of the page's URL, set when the generator's
	// sitemaps' alternates name the page or give it some (genWanted). src
	// is the page's joined source, set when the generator's rules give
	// that source translations (genalts.go).
	genHash   uint64
	genWanted bool
	src       *source
	// joined is the source the join found for the page; nil for none.
	joined *source
}

// event is something to report about a path, once the walk is over.
type event struct {
	path string
	emit func()
}

// pages judges every page that walk finds, and reports on them in path
// order once the walk ends. walk is walker.Walk over the root, or a
// Session's walker.WalkPaths.
func (b *builder) pages(ctx context.Context, walk func(walker.Options, func(walker.File) error) error) error {
	w := b.newPageWalk(ctx)
	wo := b.walkOptions(w)
	if b.keepsOldOutput() {
		b.src.static = &staticClaims{}
		defer func() { b.src.static.close(); b.src.static = nil }()
	}
	if w.heads {
		root, err := openRoot(b.opts.Root)
		if err != nil {
			return err
		}
		defer root.close()
		b.root = root
	}
	err := walk(wo, w.visit)
	sortEvents(w.events)
	for _, e := range w.events {
		e.emit()
	}
	b.recs.alts.lists.judged() // the lists stay with the records; the table was the walk's
	return err
}

// pageWalk is the state of one walk of pages. The walk's goroutines
// share it.
type pageWalk struct {
	b        *builder
	mu       sync.Mutex // guards events, b.recs and b.res.Pages
	events   []event    // what to report once the walk ends
	found    atomic.Int64
	progress sync.Mutex // one Report.Progress call at a time
	heads    bool       // each page's head is read (Heads.Read)
	scan     bool       // each page is read whole too, when its head is read
	hrs      sync.Pool  // *htmlhead.HeadReader
	iss      sync.Pool  // *pageScan
}

// newPageWalk makes the state of a walk, with its pools of readers.
func (b *builder) newPageWalk(ctx context.Context) *pageWalk {
	o := &b.opts
	w := &pageWalk{b: b, heads: o.Heads.Read, scan: o.Map.Images || b.wholeStructured()}
	w.hrs.New = func() any {
		return &htmlhead.HeadReader{Limit: o.Heads.Limit, MaxAttrs: o.Limits.HeadAttributes, MaxTags: o.Limits.HeadTags, Context: ctx}
	}
	w.iss.New = func() any {
		return &pageScan{
			ir: htmlhead.ImageReader{MaxAttrs: o.Limits.HeadAttributes}, images: o.Map.Images,
			sr: htmlhead.StructuredReader{MaxAttrs: o.Limits.HeadAttributes}, structured: b.wholeStructured(),
		}
	}
	return w
}

// later keeps emit, to be called in path order once the walk ends.
func (w *pageWalk) later(path string, emit func()) {
	w.mu.Lock()
	w.events = append(w.events, event{path, emit})
	w.mu.Unlock()
}

// walkOptions returns the walker's options for the walk w. They are the
// build's own, set so that the walker's warnings, ignored links and
// files left out are reported once the walk ends.
func (b *builder) walkOptions(w *pageWalk) walker.Options {
	rep := b.opts.Report
	wo := b.opts.Walk
	wo.NoStat = w.heads // when a head is read, its fstat replaces the walker's stat
	// The walk uses four workers per CPU. A page's open and read block,
	// and more workers keep both CPUs busy in the meantime. In
	// BenchmarkBuild, 8 workers on 2 CPUs beat the walker's default of 4
	// by about 8 %.
	wo.Workers = b.opts.Workers
	if wo.Workers <= 0 {
		wo.Workers = 4 * runtime.GOMAXPROCS(0)
	}
	wo.Warn = func(path string, err error) { w.later(path, func() { b.rep.walkProblem(path, err) }) }
	wo.Ignored = func(path, _ string) {
		w.later(path, func() {
			b.rep.res.Pages++
			b.rep.warn(path, errNotFollowed)
			b.rep.skip(path, mapping.NotFollowed, "")
			b.explain.skipped(path, mapping.NotFollowed)
		})
	}
	if rep.LeftOut != nil || b.opts.Content == nil && !walker.IncludesHTML(wo.Include) {
		wo.LeftOut = func(path string, why error) {
			w.later(path, func() {
				if errors.Is(why, walker.ErrNotIncluded) {
					b.found.htmlLeftOut++
				}
				if rep.LeftOut != nil {
					rep.LeftOut(path, why)
				}
			})
		}
	}
	return wo
}

// visit judges the file f that the walk found. It runs on the walk's
// goroutines. A page with nothing to say is listed at once; the others
// are reported once the walk ends.
func (w *pageWalk) visit(f walker.File) error {
	b := w.b
	rep := &b.opts.Report
	if n := w.found.Add(1); rep.Progress != nil && n%ProgressEvery == 0 {
		w.progress.Lock()
		rep.Progress(int(n))
		w.progress.Unlock()
	}
	// The reports after the walk keep the path, not f. f's Dir would keep
	// the folder's names alive until the walk ends.
	path := f.Path
	if b.isOwnOutput(path) {
		// A file that an earlier run wrote (a sitemap, sitemap.html) is
		// neither a page found nor a page skipped. --explain still says
		// what it is.
		w.later(path, func() { b.explain.skipped(path, mapping.OwnOutput) })
		return nil
	}
	var hr *htmlhead.HeadReader
	var is *pageScan
	if w.heads {
		hr = w.hrs.Get().(*htmlhead.HeadReader)
		defer w.hrs.Put(hr)
		if w.scan {
			is = w.iss.Get().(*pageScan)
			defer w.iss.Put(is)
		}
	}
	o := b.judge(hr, is, f)
	if o.quiet() && rep.Page == nil && !b.explain.matches(f.Path, &o.d) {
		w.mu.Lock()
		b.rep.res.Pages++
		b.sitemapLink(o.sitemap)
		b.listed(f.Path, &o)
		w.mu.Unlock()
		return nil
	}
	if p, ok := o.leftOutOnly(); ok && rep.Page == nil && b.explain.every == nil && !b.explain.matches(path, &o.d) {
		w.later(path, func() { b.recordLeftOut(path, p) })
		return nil
	}
	noisy := o // only a page with something to say escapes to the heap
	w.later(path, func() { b.record(path, noisy) })
	return nil
}

// sitemapLink counts a page's <link rel="sitemap"> href, when it has
// one. It keeps at most 100 distinct hrefs.
func (b *builder) sitemapLink(href string) {
	if href == "" {
		return
	}
	if b.rep.res.SitemapLinks == nil {
		b.rep.res.SitemapLinks = make(map[string]int)
	}
	if len(b.rep.res.SitemapLinks) < 100 || b.rep.res.SitemapLinks[href] > 0 {
		b.rep.res.SitemapLinks[href]++
	}
}

// sortEvents puts events in the order of their paths, as a lexical walk
// meets them.
func sortEvents(events []event) {
	slices.SortStableFunc(events, func(a, b event) int { return walkOrder(a.path, b.path) })
}

// quiet reports whether a page is listed with nothing to say.
func (o *outcome) quiet() bool {
	return o.readErr == nil && o.d.Skip == "" && len(o.d.Warnings) == 0 && len(o.d.LineWarnings) == 0 && !o.truncated && len(o.problems) == 0 && !o.unjoined
}

// walkOrder compares paths in the order a lexical walk meets them. It
// goes folder by folder, and a folder's contents come right after it
// ("a/b" before "a.html").
func walkOrder(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		ca, cb := a[i], b[i]
		switch {
		case ca == cb:
			continue
		case ca == '/':
			return -1
		case cb == '/':
			return 1
		}
		return int(ca) - int(cb)
	}
	return len(a) - len(b)
}

func (b *builder) isOwnOutput(path string) bool {
	return b.ownOutputAtRoot && !strings.Contains(path, "/") && (writer.IsOwnName(path) || slices.Contains(b.opts.OwnFiles, path))
}

// wholeStructured reports whether pages are read whole, for what they
// say about their videos and about themselves as articles.
func (b *builder) wholeStructured() bool { return b.opts.Map.Videos || b.opts.Map.News != nil }

// judge maps the file f to its outcome. It runs on the walk's goroutines.
// With hr, it first reads the page's head, and stats the files that the
// walker did not. With is, it also reads the whole page for its images,
// its videos and what it says of itself as an article.
func (b *builder) judge(hr *htmlhead.HeadReader, is *pageScan, f walker.File) outcome {
	if b.opts.Content != nil {
		return b.judgeContent(f)
	}
	var h *htmlhead.Head
	var images []string
	if hr != nil {
		var err error
		if h, images, err = b.readPage(hr, is, &f); err != nil {
			return outcome{readErr: unwrapPath(err)}
		}
	}
	page := mapping.Page{File: f, Head: h, Images: images, URLPath: b.served[f.Path]}
	if is != nil {
		page.Structured = is.last
	}
	unjoined := false
	var joined *source
	if b.src.join != nil {
		joined, unjoined = b.joinPage(&page)
	}
	builtGit := false
	if page.Git.IsZero() {
		var why gitdates.Reason
		page.Git, why = b.in.gitLookup(f.Path) // the built file's date, when git tracks it
		page.CheckedOut = why == gitdates.ReasonShallow
		builtGit = !page.Git.IsZero()
	}
	page.Hash = b.hashDate(f.Dir, f.Path)
	if b.in.gen != nil {
		page.Sitemap = b.in.gen.lookup
	}
	o := outcome{d: b.mapper.Map(page)}
	if o.d.Skip == mapping.Draft && joined != nil {
		b.builtDraft(&o.d, page)
	}
	if o.d.Skip == "" && b.opts.OwnSitemaps != nil && b.opts.OwnSitemaps.Leaves != nil {
		if why := b.opts.OwnSitemaps.Leaves(f.Path); why != "" {
			o.d.Skip, o.d.Because = mapping.SitemapExcluded, why
		}
	}
	tsrc := joined
	if tsrc == nil || tsrc.tkey == "" {
		// The page's source gives no translations: no source is joined, or
		// the generator's sources give none (like Astro's). The built
		// page's path then gives them, by Options.Translator's rules
		// (locales by folder).
		if ps := b.pageSource(f.Path); ps != nil {
			tsrc = ps
		}
	}
	b.genKeys(&o, tsrc)
	if b.src.join != nil && !unjoined {
		orderFrom(b.opts.Join.Order, &o.d)
	}
	o.truncated = h != nil && h.Truncated
	if tsrc != nil {
		o.lang = tsrc.lang
	}
	if h != nil {
		o.sitemap, o.lang = h.Sitemap, cmp.Or(o.lang, h.Lang)
		if b.found.dev != nil {
			b.found.dev.note(h)
		}
	}
	o.unjoined, o.builtGit, o.joined = unjoined, builtGit, joined
	o.mtime = f.ModTime.UnixNano()
	if unjoined && b.keepsOldOutput() {
		if b.claimed(f.Path) {
			o.mtime = noMTime // a static file's time is not the build's
		} else {
			o.sourceless = true
		}
	}
	return o
}

// readPage reads the file f for judge. It reads a page's head with hr,
// and the whole page with is when is is not nil. It stats a file that is
// no page when the walker did not, and fills in f's size and time.
func (b *builder) readPage(hr *htmlhead.HeadReader, is *pageScan, f *walker.File) (*htmlhead.Head, []string, error) {
	if isHTML(f.Path) {
		if is != nil {
			is.last = nil
		}
		return b.readHead(hr, is, filepath.FromSlash(f.Path), f)
	}
	if !f.ModTime.IsZero() {
		return nil, nil, nil
	}
	// A file that is not a page takes the pages' road, as the walk found
	// it.
	info, err := b.root.stat(f.Dir, filepath.FromSlash(f.Path))
	if err != nil {
		if gone(err) {
			err = ErrRemovedBeforeRead
		}
		return nil, nil, err
	}
	if b.kept.linked != nil {
		b.kept.linked.note(f.Path, info)
	}
	return nil, nil, setInfo(f, info)
}

// namesWithoutExt reports whether the URL path u that a generator gives
// a page names its built file rel without the file's .html or .htm
// extension: Jekyll's /docs/a for docs/a.html.
func namesWithoutExt(u, rel string) bool {
	u = strings.TrimPrefix(u, "/")
	stem, ok := strings.CutSuffix(rel, ".html")
	if !ok {
		stem, ok = strings.CutSuffix(rel, ".htm")
	}
	return ok && u == stem
}

// joinPage gives page the front matter and git date of the source that
// the generator built it from, when the join finds one. It returns that
// source (nil for a Jekyll static file), and unjoined true when the join
// finds no source at all.
func (b *builder) joinPage(page *mapping.Page) (joined *source, unjoined bool) {
	rel := page.File.Path
	if s := b.sourceOfPage(rel, page.URLPath); s != nil {
		// The generator built the page, so it decided that the page's
		// dates let it be published (Hugo's buildFuture, Jekyll's
		// future: true). Drafts and sitemap: false still leave it out.
		// A URL it gives without the file's extension is the page's.
		page.Extensionless = page.URLPath == "" && namesWithoutExt(s.url, rel)
		if b.src.contested(s.key) {
			page.Source = undated(s.fm) // claim said which source is not used
		} else {
			page.Source = withoutDates(s.fm)
			page.Git = b.sourceGit(s)
			inOrder(b.opts.Join.Order, page)
		}
		return s, false
	}
	if fm, src, ok := b.staticSource(rel); ok {
		// A Jekyll static file (such as a PDF) is copied from the same path
		// in the source, with the defaults of its scope.
		page.Source, page.Git = fm, b.gitDate(src)
		return nil, false
	}
	return nil, true
}
