// Package build runs one sitemap build: it walks the site, reads each HTML
// page's head, maps each file to a sitemap record, sorts and de-duplicates
// the records, and writes the files, counting every page found, every skip
// by reason and every warning.
//
// [Run] is the whole pipeline; the stages' own options come in [Options] as
// plain structs, so a build is set up in code the same way config fills it.
//
// # Concurrency and order
//
// The walk runs in its own goroutine and hands each candidate file to a
// bounded pool of workers that read heads and map pages. Results come back
// through an ordered queue, so Run handles them, and calls [Report], on
// its own goroutine and in the walk's order: the same site gives the same
// warnings in the same order, whatever the workers' timing.
package build

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/host"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Options configure a build.
type Options struct {
	// Root is the site folder to walk.
	Root string
	// Walk, Map and Write are the stages' options. Walk.Warn and
	// Walk.Ignored are set by Run; Write.Dir defaults to Root and
	// Write.BaseURL to the normalized Map.BaseURL.
	Walk  walker.Options
	Map   mapping.Options
	Write writer.Options
	// Heads configures reading the head of each HTML page.
	Heads Heads
	// HostDirs are the folders whose _headers and vercel.json give
	// X-Robots-Tag rules, unless Map.Hosts is set already.
	HostDirs []string
	// Workers is the number of pages read at once; 0 means twice the
	// number of CPUs.
	Workers int
	// Explain lists pages, by path (relative to the working directory or
	// to Root) or by URL, whose decisions Report.Explain receives. With
	// Explain, Run writes nothing.
	Explain []string
	// Report receives what happens during the build. Its fields may be nil.
	Report Report
}

// Heads configures reading pages' heads.
type Heads struct {
	// Read turns head reading on.
	Read bool
	// Limit is the most bytes read of one page; 0 means
	// frontmatter.DefaultHeadLimit.
	Limit int
}

// Report receives a build's events as they happen, on the goroutine that
// called Run, in the walk's order.
type Report struct {
	// Warn reports a problem that does not stop the build: a file or
	// folder that could not be read, a URL too long to list, a duplicate,
	// a canonical link that is not a URL.
	Warn func(path string, err error)
	// Skip reports a file that is not in the sitemap, and why.
	Skip func(path string, reason mapping.Reason, because string)
	// Note reports what only --verbose shows: a head cut at the read
	// limit, an alternate left out.
	Note func(path, note string)
	// Page receives mapping's decision about every page, listed or not.
	Page func(path string, d *mapping.Decision)
	// Explain receives the decision about each page named in
	// Options.Explain, after the build.
	Explain func(Explanation)
	// Progress is called every ProgressEvery files found.
	Progress func(files int)
}

// ProgressEvery is how often, in files found, Report.Progress is called.
const ProgressEvery = 10000

// Reasons a file is skipped that build itself decides.
const (
	// NotFollowed is a symbolic link left alone.
	NotFollowed mapping.Reason = "symbolic link not followed (follow_symlinks is off)"
	// OwnOutput is a file of sitemapgen's own output that the include
	// patterns matched.
	OwnOutput mapping.Reason = "sitemapgen output"
	// Unreadable is a page whose head could not be read.
	Unreadable mapping.Reason = "unreadable"
)

// Result counts what a build found and did.
type Result struct {
	// Pages is the number of files the include patterns matched.
	Pages int
	// URLs are the records written (or, in a dry run, that would be),
	// sorted by Loc.
	URLs []sitemap.URL
	// Skipped counts the files left out, by reason.
	Skipped map[mapping.Reason]int
	// Warnings counts the problems reported to Report.Warn.
	Warnings int
	// Write is what the writer did; nil when the build failed before, or
	// when it only explained.
	Write *writer.Result
	// Elapsed is the build's wall time.
	Elapsed time.Duration
}

// NoPagesError is returned when the include patterns match no file.
type NoPagesError struct {
	Root    string
	Include []string
}

func (e *NoPagesError) Error() string {
	inc := e.Include
	if len(inc) == 0 {
		inc = walker.DefaultInclude
	}
	return fmt.Sprintf("%s: no page found (include: %s); nothing written", e.Root, strings.Join(inc, ", "))
}

// ErrAllSkipped is returned when pages were found but every one was
// skipped.
var ErrAllSkipped = errors.New("every page found was skipped; nothing written")

// Run runs one build. It returns the Result so far with any error. With
// Options.Explain it writes nothing.
func Run(ctx context.Context, opts Options) (*Result, error) {
	start := time.Now()
	res := &Result{Skipped: map[mapping.Reason]int{}}
	defer func() { res.Elapsed = time.Since(start) }()

	b := &builder{opts: opts, res: res}
	if opts.Map.Hosts == nil && len(opts.HostDirs) > 0 {
		rules, warnings, err := host.Load(opts.HostDirs...)
		if err != nil {
			return res, err
		}
		for _, w := range warnings {
			b.warn("", w)
		}
		opts.Map.Hosts = rules
	}
	m, err := mapping.New(opts.Map)
	if err != nil {
		return res, err
	}
	if opts.Write.Dir == "" {
		opts.Write.Dir = opts.Root
	}
	if opts.Write.BaseURL == "" {
		opts.Write.BaseURL = m.BaseURL()
	}
	b.opts, b.mapper, b.explain = opts, m, newExplainer(opts, m)
	b.ownOutputAtRoot = sameDir(opts.Root, opts.Write.Dir)

	if err := b.pages(ctx); err != nil {
		return res, err
	}
	if res.Pages == 0 {
		return res, &NoPagesError{Root: opts.Root, Include: opts.Walk.Include}
	}

	sort.Sort(&b.recs)
	res.URLs = b.recs.dedup(opts.Map.CleanURLs, func(path, loc, keptPath, keptLoc string) {
		if loc == keptLoc {
			b.warn(path, fmt.Errorf("duplicate URL %s (also from %s); listed once", loc, keptPath))
		} else {
			b.warn(path, fmt.Errorf("duplicate URL %s: hosts serve it as %s (from %s); listed once, as that", loc, keptLoc, keptPath))
		}
		b.skip(path, mapping.Duplicate, "also "+keptLoc+" from "+keptPath)
		b.explain.duplicate(path, keptLoc, keptPath)
	})
	b.filterAlternates()
	if err := b.explain.finish(res.URLs, opts.Report.Explain); err != nil {
		return res, err
	}
	if len(opts.Explain) > 0 {
		return res, nil
	}
	if len(res.URLs) == 0 {
		return res, ErrAllSkipped
	}
	res.Write, err = writer.Write(res.URLs, opts.Write)
	if err != nil {
		return res, err
	}
	for _, name := range res.Write.Unlinked {
		b.warn(name, errors.New("no sitemap or robots.txt names this index file (an index cannot list another); submit it to search engines, or use --robots"))
	}
	return res, nil
}

// builder is the state of one build.
type builder struct {
	opts            Options
	res             *Result
	mapper          *mapping.Mapper
	recs            records
	explain         *explainer
	ownOutputAtRoot bool
}

func (b *builder) warn(path string, err error) {
	b.res.Warnings++
	if b.opts.Report.Warn != nil {
		b.opts.Report.Warn(path, err)
	}
}

func (b *builder) skip(path string, reason mapping.Reason, because string) {
	b.res.Skipped[reason]++
	if b.opts.Report.Skip != nil {
		b.opts.Report.Skip(path, reason, because)
	}
}

func (b *builder) note(path, note string) {
	if b.opts.Report.Note != nil {
		b.opts.Report.Note(path, note)
	}
}

// item is one event of the walk, in order: a page's outcome (done, or to
// come on result), a walker warning, or a file left alone.
type item struct {
	file    walker.File
	done    *outcome     // a page's outcome, judged inline
	result  chan outcome // a page's outcome, from a worker
	own     bool         // the file is sitemapgen's own output
	warn    error
	ignored bool
}

// outcome is a worker's verdict on a page.
type outcome struct {
	d         mapping.Decision
	truncated bool
	readErr   error
}

// pages walks the site, judges every page and records the outcomes in
// walk order. Without heads to read it all happens on Run's goroutine;
// with them the walk runs in a goroutine of its own and workers read the
// heads.
func (b *builder) pages(ctx context.Context) error {
	walk := b.opts.Walk
	if !b.opts.Heads.Read {
		walk.Warn = func(path string, err error) { b.record(&item{file: walker.File{Path: path}, warn: err}) }
		walk.Ignored = func(path, _ string) { b.record(&item{file: walker.File{Path: path}, ignored: true}) }
		return walker.Walk(ctx, b.opts.Root, walk, func(f walker.File) error {
			it := &item{file: f, own: b.isOwnOutput(f.Path)}
			if !it.own {
				o := b.judge(nil, f)
				it.done = &o
			}
			b.record(it)
			return nil
		})
	}

	workers := b.opts.Workers
	if workers <= 0 {
		workers = 2 * runtime.GOMAXPROCS(0)
	}
	jobs := make(chan *item, 4*workers)
	order := make(chan *item, 1024)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hr := &frontmatter.HeadReader{Limit: b.opts.Heads.Limit}
			for it := range jobs {
				it.result <- b.judge(hr, it.file)
			}
		}()
	}

	var walkErr error
	go func() {
		defer func() {
			close(jobs)
			close(order)
		}()
		// The workers open every page anyway: their fstat replaces the
		// walker's stat, saving a path lookup a page.
		walk.NoStat = true
		walk.Warn = func(path string, err error) { order <- &item{file: walker.File{Path: path}, warn: err} }
		walk.Ignored = func(path, _ string) { order <- &item{file: walker.File{Path: path}, ignored: true} }
		walkErr = walker.Walk(ctx, b.opts.Root, walk, func(f walker.File) error {
			it := &item{file: f, own: b.isOwnOutput(f.Path)}
			if !it.own {
				it.result = make(chan outcome, 1)
				// To the workers first: an item in order always has its
				// job on the way, so Run never waits for a result that no
				// worker will send.
				select {
				case jobs <- it:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			order <- it
			return nil
		})
	}()

	for it := range order {
		b.record(it)
	}
	wg.Wait()
	return walkErr
}

func (b *builder) isOwnOutput(path string) bool {
	return b.ownOutputAtRoot && !strings.Contains(path, "/") && writer.IsOwnName(path)
}

// judge maps a page; with hr, it first reads the page's head (and stats
// the files the walker did not). It runs on a worker, or inline.
func (b *builder) judge(hr *frontmatter.HeadReader, f walker.File) outcome {
	var h *frontmatter.Head
	if hr != nil {
		full := filepath.Join(b.opts.Root, filepath.FromSlash(f.Path))
		var err error
		if isHTML(f.Path) {
			h, err = readHead(hr, full, &f)
		} else if f.ModTime.IsZero() {
			var st os.FileInfo
			if st, err = os.Stat(full); err == nil {
				err = setInfo(&f, infoOf(st))
			}
		}
		if err != nil {
			return outcome{readErr: unwrapPath(err)}
		}
	}
	o := outcome{d: b.mapper.Map(mapping.Page{File: f, Head: h})}
	o.truncated = h != nil && h.Truncated
	return o
}

// pageInfo is what the build needs of a file's metadata.
type pageInfo struct {
	mode  fs.FileMode // permission bits, and ModeIrregular for anything but a regular file
	size  int64
	mtime time.Time
}

func infoOf(st os.FileInfo) pageInfo {
	mode := st.Mode().Perm()
	if !st.Mode().IsRegular() {
		mode |= fs.ModeIrregular
	}
	return pageInfo{mode: mode, size: st.Size(), mtime: st.ModTime()}
}

// readHead opens the page at full, fills f's size and time from the open
// file when the walker left them out, and reads the head.
func readHead(hr *frontmatter.HeadReader, full string, f *walker.File) (*frontmatter.Head, error) {
	page, info, err := openPage(full)
	if err != nil {
		return nil, err
	}
	defer page.Close()
	if err := setInfo(f, info); err != nil {
		return nil, err
	}
	return hr.ReadSized(page, info.size)
}

// setInfo checks that info is of a regular file someone may read and
// fills f's size and time from it when they are missing.
func setInfo(f *walker.File, info pageInfo) error {
	if info.mode&fs.ModeIrregular != 0 {
		return walker.ErrNotRegular
	}
	if info.mode&0o444 == 0 {
		return fmt.Errorf("%w (mode %v)", walker.ErrNoReadBits, info.mode)
	}
	if f.ModTime.IsZero() {
		f.Size, f.ModTime = info.size, info.mtime
	}
	return nil
}

// record handles one walk event, in order, on Run's goroutine.
func (b *builder) record(it *item) {
	path := it.file.Path
	switch {
	case it.warn != nil:
		b.warn(path, it.warn)
		return
	case it.ignored:
		b.res.Pages++
		b.skip(path, NotFollowed, "")
		return
	}
	b.res.Pages++
	if b.opts.Report.Progress != nil && b.res.Pages%ProgressEvery == 0 {
		b.opts.Report.Progress(b.res.Pages)
	}
	if it.own {
		b.skip(path, OwnOutput, "")
		return
	}
	var o outcome
	if it.done != nil {
		o = *it.done
	} else {
		o = <-it.result
	}
	if o.readErr != nil {
		b.warn(path, fmt.Errorf("cannot read the page: %w; not listed", o.readErr))
		b.skip(path, Unreadable, o.readErr.Error())
		return
	}
	d := o.d
	for _, w := range d.Warnings {
		b.warn(path, errors.New(w))
	}
	if o.truncated {
		limit := b.opts.Heads.Limit
		if limit <= 0 {
			limit = frontmatter.DefaultHeadLimit
		}
		b.note(path, fmt.Sprintf("head longer than %d bytes; read what fits", limit))
	}
	if b.opts.Report.Page != nil {
		b.opts.Report.Page(path, &d)
	}
	b.explain.page(path, &d)
	switch d.Skip {
	case "":
		b.recs.add(path, d.URL)
	case mapping.LocTooLong:
		b.warn(path, errors.New(d.Because+"; not listed"))
		b.skip(path, d.Skip, d.Because)
	default:
		b.skip(path, d.Skip, d.Because)
	}
}

// filterAlternates keeps, of each URL's hreflang alternates, those that
// are themselves listed or on another host than the base URL's.
func (b *builder) filterAlternates() {
	urls := b.res.URLs
	origin := originOf(b.mapper.BaseURL())
	listed := func(href string) bool {
		i := sort.Search(len(urls), func(i int) bool { return urls[i].Loc >= href })
		return i < len(urls) && urls[i].Loc == href
	}
	for i := range urls {
		alts := urls[i].Alternates
		if len(alts) == 0 {
			continue
		}
		kept := alts[:0]
		for _, a := range alts {
			if listed(a.Href) || originOf(a.Href) != origin {
				kept = append(kept, a)
				continue
			}
			b.note(urls[i].Loc, fmt.Sprintf("hreflang %s alternate %s is not in the sitemap; left out", a.Lang, a.Href))
		}
		if len(kept) == 0 {
			kept = nil
		}
		urls[i].Alternates = kept
	}
}

// originOf returns "scheme://host" of an absolute URL.
func originOf(u string) string {
	i := strings.Index(u, "://")
	if i < 0 {
		return u
	}
	if j := strings.IndexByte(u[i+3:], '/'); j >= 0 {
		return u[:i+3+j]
	}
	return u
}

func isHTML(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".html" || ext == ".htm"
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// records holds the mapped URLs beside the paths they came from.
type records struct {
	urls  []sitemap.URL
	paths []string
}

func (s *records) add(path string, u sitemap.URL) {
	s.urls = append(s.urls, u)
	s.paths = append(s.paths, path)
}

func (s *records) Len() int { return len(s.urls) }
func (s *records) Less(i, j int) bool {
	if s.urls[i].Loc != s.urls[j].Loc {
		return s.urls[i].Loc < s.urls[j].Loc
	}
	return s.paths[i] < s.paths[j]
}
func (s *records) Swap(i, j int) {
	s.urls[i], s.urls[j] = s.urls[j], s.urls[i]
	s.paths[i], s.paths[j] = s.paths[j], s.paths[i]
}

// dedup removes duplicates from sorted records and returns the URLs left,
// calling dup for each record dropped. A record whose Loc equals the one
// before it is a duplicate. With clean URLs, a page /a beside a folder /a/
// is one too: hosts serve one and redirect the other, so /a is dropped.
func (s *records) dedup(cleanURLs bool, dup func(path, loc, keptPath, keptLoc string)) []sitemap.URL {
	keep := make([]bool, len(s.urls))
	for i := range s.urls {
		keep[i] = i == 0 || s.urls[i].Loc != s.urls[i-1].Loc
		if !keep[i] {
			k := i - 1
			for !keep[k] {
				k--
			}
			dup(s.paths[i], s.urls[i].Loc, s.paths[k], s.urls[k].Loc)
		}
	}
	if cleanURLs {
		for i := range s.urls {
			loc := s.urls[i].Loc
			if !keep[i] || strings.HasSuffix(loc, "/") {
				continue
			}
			twin := loc + "/"
			j := sort.Search(len(s.urls), func(j int) bool { return s.urls[j].Loc >= twin })
			if j < len(s.urls) && s.urls[j].Loc == twin {
				keep[i] = false
				dup(s.paths[i], loc, s.paths[j], twin)
			}
		}
	}
	out := s.urls[:0]
	for i := range s.urls {
		if keep[i] {
			out = append(out, s.urls[i])
		}
	}
	s.urls, s.paths = nil, nil
	return out
}

func sameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
