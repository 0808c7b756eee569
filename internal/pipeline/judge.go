// The walk: each file found is judged on the walk's goroutines, and its
// outcome is an event sorted after the walk.

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
	unjoined  bool // a join found no source file for the page
	// sourceless: unjoined, in a generator's output that keeps old
	// files, and no static file claims it (judgeStale).
	sourceless bool
	// builtGit: the page's git date is its built file's history, not
	// a source's (record.builtGit).
	builtGit bool
	mtime    int64 // the page's modification time, Unix nanoseconds; noMTime for a static file's
	// lang is its language: the one the generator gives its source or
	// its path (a source's translation, Hugo's list page in a language's
	// folder), else its <html lang> (htmlhead.Head.Lang). A theme may
	// write the same <html lang> on every language's pages.
	lang     string
	sitemap  string // the href of its <link rel="sitemap">
	readErr  error
	problems []frontmatter.Problem // in the page's own front matter (content mode)
	// genHash is the genHash of the page's URL when the generator's
	// sitemaps' alternates name it or give it some (genWanted); src its
	// joined source when the generator's rules give that translations
	// (genalts.go).
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

// pages judges every page walk finds and reports in path order. walk is
// walker.Walk over the root, or a Session's walker.WalkPaths.
func (b *builder) pages(ctx context.Context, walk func(walker.Options, func(walker.File) error) error) error {
	var (
		mu       sync.Mutex // guards events, b.recs, b.res.Pages
		events   []event
		found    atomic.Int64
		progress sync.Mutex
		heads    = b.opts.Heads.Read
		hrs      = sync.Pool{New: func() any {
			return &htmlhead.HeadReader{Limit: b.opts.Heads.Limit, MaxAttrs: b.opts.Limits.HeadAttributes, MaxTags: b.opts.Limits.HeadTags, Context: ctx}
		}}
		iss = sync.Pool{New: func() any {
			return &pageScan{
				ir: htmlhead.ImageReader{MaxAttrs: b.opts.Limits.HeadAttributes}, images: b.opts.Map.Images,
				sr: htmlhead.StructuredReader{MaxAttrs: b.opts.Limits.HeadAttributes}, structured: b.wholeStructured(),
			}
		}}
	)
	later := func(path string, emit func()) {
		mu.Lock()
		events = append(events, event{path, emit})
		mu.Unlock()
	}
	rep := b.opts.Report
	wo := b.opts.Walk
	wo.NoStat = heads // reading a head, the page's fstat replaces the walker's stat
	// Four per CPU: a page's open and read block, and more workers keep
	// both CPUs busy meanwhile (BenchmarkBuild: 8 workers on 2 CPUs beat
	// the walker's default 4 by about 8 %).
	wo.Workers = b.opts.Workers
	if wo.Workers <= 0 {
		wo.Workers = 4 * runtime.GOMAXPROCS(0)
	}
	wo.Warn = func(path string, err error) { later(path, func() { b.walkProblem(path, err) }) }
	wo.Ignored = func(path, _ string) {
		later(path, func() {
			b.res.Pages++
			b.warn(path, errNotFollowed)
			b.skip(path, mapping.NotFollowed, "")
			b.explain.skipped(path, mapping.NotFollowed)
		})
	}
	if rep.LeftOut != nil || b.opts.Content == nil && !walker.IncludesHTML(wo.Include) {
		wo.LeftOut = func(path string, why error) {
			later(path, func() {
				if errors.Is(why, walker.ErrNotIncluded) {
					b.htmlLeftOut++
				}
				if rep.LeftOut != nil {
					rep.LeftOut(path, why)
				}
			})
		}
	}
	if b.keepsOldOutput() {
		b.static = &staticClaims{}
		defer func() { b.static.close(); b.static = nil }()
	}
	if heads {
		root, err := openRoot(b.opts.Root)
		if err != nil {
			return err
		}
		defer root.close()
		b.root = root
	}
	err := walk(wo, func(f walker.File) error {
		if n := found.Add(1); rep.Progress != nil && n%ProgressEvery == 0 {
			progress.Lock()
			rep.Progress(int(n))
			progress.Unlock()
		}
		// The reports after the walk keep the path, not f: its Dir would
		// keep the folder's names until the walk ends.
		path := f.Path
		if b.isOwnOutput(path) {
			// A file an earlier run wrote (a sitemap, sitemap.html) is no
			// page found, nor one skipped; --explain still says what it is.
			later(path, func() { b.explain.skipped(path, mapping.OwnOutput) })
			return nil
		}
		var hr *htmlhead.HeadReader
		var is *pageScan
		if heads {
			hr = hrs.Get().(*htmlhead.HeadReader)
			defer hrs.Put(hr)
			if b.opts.Map.Images || b.wholeStructured() {
				is = iss.Get().(*pageScan)
				defer iss.Put(is)
			}
		}
		o := b.judge(hr, is, f)
		if o.quiet() && rep.Page == nil && !b.explain.matches(f.Path, &o.d) {
			mu.Lock()
			b.res.Pages++
			b.sitemapLink(o.sitemap)
			b.listed(f.Path, &o)
			mu.Unlock()
			return nil
		}
		if p, ok := o.leftOutOnly(); ok && rep.Page == nil && b.explain.every == nil && !b.explain.matches(path, &o.d) {
			later(path, func() { b.recordLeftOut(path, p) })
			return nil
		}
		noisy := o // only a page with something to say escapes to the heap
		later(path, func() { b.record(path, noisy) })
		return nil
	})
	sortEvents(events)
	for _, e := range events {
		e.emit()
	}
	b.recs.alts.lists.judged() // the records' lists stay; the table is the walk's
	return err
}

// sitemapLink counts a page's <link rel="sitemap"> href, when it has
// one; at most 100 distinct hrefs are kept.
func (b *builder) sitemapLink(href string) {
	if href == "" {
		return
	}
	if b.res.SitemapLinks == nil {
		b.res.SitemapLinks = make(map[string]int)
	}
	if len(b.res.SitemapLinks) < 100 || b.res.SitemapLinks[href] > 0 {
		b.res.SitemapLinks[href]++
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

// walkOrder compares paths as a lexical walk meets them: folder by folder,
// a folder's contents right after it ("a/b" before "a.html").
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

// wholeStructured reports whether pages are read whole for what they say
// of their videos and of themselves as articles.
func (b *builder) wholeStructured() bool { return b.opts.Map.Videos || b.opts.Map.News != nil }

// judge maps a page; with hr, it first reads the page's head (and stats
// the files the walker did not), with is the whole page for its images
// and what it says of its videos and as an article. It runs on the walk's
// goroutines.
func (b *builder) judge(hr *htmlhead.HeadReader, is *pageScan, f walker.File) outcome {
	if b.opts.Content != nil {
		return b.judgeContent(f)
	}
	var h *htmlhead.Head
	var images []string
	if hr != nil {
		var err error
		if isHTML(f.Path) {
			if is != nil {
				is.last = nil
			}
			h, images, err = b.readHead(hr, is, filepath.FromSlash(f.Path), &f)
		} else if f.ModTime.IsZero() {
			// A file that is no page: looked at by the pages' road, as
			// the walk found it.
			var info pageInfo
			if info, err = b.root.stat(f.Dir, filepath.FromSlash(f.Path)); err == nil {
				if b.linked != nil {
					b.linked.note(f.Path, info)
				}
				err = setInfo(&f, info)
			} else if gone(err) {
				err = ErrRemovedBeforeRead
			}
		}
		if err != nil {
			return outcome{readErr: unwrapPath(err)}
		}
	}
	page := mapping.Page{File: f, Head: h, Images: images, URLPath: b.served[f.Path]}
	if is != nil {
		page.Structured = is.last
	}
	unjoined := false
	var joined *source
	if b.join != nil {
		if s := b.sourceOfPage(f.Path, page.URLPath); s != nil {
			joined = s
			// The generator built the page: it decided that the page's
			// dates let it be published (Hugo's buildFuture, Jekyll's
			// future: true). Drafts and sitemap: false still leave it out.
			if b.contested(s.key) {
				page.Source = undated(s.fm) // claim said so
			} else {
				page.Source = withoutDates(s.fm)
				page.Git = b.sourceGit(s)
				inOrder(b.opts.Join.Order, &page)
			}
		} else if fm, src, ok := b.staticSource(f.Path); ok {
			// A Jekyll static file (a PDF): copied from the same path of
			// the source, with the defaults: of its scope.
			page.Source, page.Git = fm, b.gitDate(src)
		} else {
			unjoined = true
		}
	}
	builtGit := false
	if page.Git.IsZero() {
		var why gitdates.Reason
		page.Git, why = b.gitLookup(f.Path) // the built file, when it is tracked
		page.CheckedOut = why == gitdates.ReasonShallow
		builtGit = !page.Git.IsZero()
	}
	page.Hash = b.hashDate(f.Dir, f.Path)
	if b.gen != nil && !b.opts.GeneratorAlternatesOnly {
		page.Sitemap = b.gen.lookup
	}
	o := outcome{d: b.mapper.Map(page)}
	tsrc := joined
	if tsrc == nil || tsrc.tkey == "" {
		// Its source gives no translations (none joined, or a generator
		// whose sources do not, as Astro's): the built page's path does,
		// by Options.Translator's rules (locales by folder).
		if ps := b.pageSource(f.Path); ps != nil {
			tsrc = ps
		}
	}
	b.genKeys(&o, tsrc)
	if b.join != nil && !unjoined {
		orderFrom(b.opts.Join.Order, &o.d)
	}
	o.truncated = h != nil && h.Truncated
	if tsrc != nil {
		o.lang = tsrc.lang
	}
	if h != nil {
		o.sitemap, o.lang = h.Sitemap, cmp.Or(o.lang, h.Lang)
		if b.dev != nil {
			b.dev.note(h)
		}
	}
	o.unjoined, o.builtGit, o.joined = unjoined, builtGit, joined
	o.mtime = f.ModTime.UnixNano()
	if unjoined && b.keepsOldOutput() {
		if b.claimed(f.Path) {
			o.mtime = noMTime // a static file's: not of the build
		} else {
			o.sourceless = true
		}
	}
	return o
}
