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
// The walk reads folders in parallel, and each page's head is read and
// judged right there, on the walk's goroutines. A page that is listed and
// has nothing to report only adds its record; the others leave an event.
// After the walk Run sorts the events by path, folder by folder as a
// lexical walk would meet them, and hands them to [Report] on its own
// goroutine: the same site gives the same messages in the same order,
// whatever the goroutines' timing.
//
// # Faults
//
// A problem that could silently drop a page fails [Run]: a folder that
// cannot be listed, a page gone between its folder's listing and its
// reading, a page replaced or changed while it was read (the open file's
// fstat against a stat of its path after the read: another device or
// inode, size or modification time), any other read error (a source
// file's too). Each is reported to [Report.Error], the walk goes on so
// that all of them are, and Run returns a [*ReadError] without writing:
// the sitemaps already there are kept. What the policy leaves out is only
// a warning: a file whose mode lets nobody read it (no web server could
// serve it), a FIFO or a device named page.html (never waited on: the
// walk tells it by its type, and a page is opened without blocking), a
// symbolic link that loops, leaves the site folder, dangles, or is not
// followed (see package walker). A [Session] reports all of these as warnings: in watch mode the
// change that caused one is followed by an event that reads it again.
//
// When the sitemaps cannot be written (no space left, a read-only folder,
// a file size limit), Run returns a *diag.Diagnostic that names the folder;
// the writer's temporary files are removed and, since the new files are
// only renamed into place once all of them are written, the folder keeps
// the sitemaps it had.
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/gitdates"
	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Options configure a build.
type Options struct {
	// OwnFiles names files besides the sitemaps that the caller writes
	// into the output folder (an Atom feed, a key file): when that is the
	// site folder, they are not pages.
	OwnFiles []string
	// Root is the site folder to walk.
	Root string
	// Walk, Map and Write are the stages' options. Walk.Warn and
	// Walk.Ignored are set by Run; Write.Dir defaults to Root and
	// Write.BaseURL to the normalized Map.BaseURL.
	Walk  walker.Options
	Map   mapping.Options
	Write writer.Options
	// Sections, in order, put the listed pages whose path relative to
	// Root one of a section's include globs matches (the first such
	// section) into sitemap files of their own (writer.Options.Sections).
	Sections []Section
	// Heads configures reading the head of each HTML page.
	Heads Heads
	// Robots is the check of the listed URLs against the site's
	// robots.txt; the zero value checks nothing.
	Robots Robots
	// Hreflang is the check of the pages' hreflang clusters.
	Hreflang Hreflang
	// Limits bound what a build reads besides its pages: front matter,
	// heads' attributes and tags, the host's rule files, the hash state
	// file. Zero fields are their defaults (limits.Default).
	Limits limits.Limits
	// HostDirs are the folders whose _headers and vercel.json give
	// X-Robots-Tag rules, unless Map.Hosts is set already.
	HostDirs []string
	// RedirectDirs are the folders whose _redirects, netlify.toml and
	// vercel.json give the platform's redirect rules, unless
	// Map.Redirects is set already; Shadowing says a file the site serves
	// wins over a rule that is not forced (Netlify).
	RedirectDirs []string
	Shadowing    bool
	// Workers is the number of folders (and their pages) handled at
	// once; 0 means four per CPU.
	Workers int
	// Explain lists pages, by path (relative to the working directory or
	// to Root) or by URL, whose decisions Report.Explain receives. With
	// Explain, Run writes nothing; with Write.Check too, it compares.
	Explain []string
	// Report receives what happens during the build. Its fields may be nil.
	Report Report
	// Content, when set, is content mode: the pages are the source files
	// in Content.Dir (Root and Walk are set from it), each at the URL its
	// preset gives, with its front matter; no head is read.
	Content *Sources
	// Join, when set, joins the built pages under Root to the source
	// files in Join.Dir: a built page whose URL a source file has takes
	// that file's front matter (drafts, sitemap:, lastmod, changefreq,
	// priority).
	Join *Sources
	// Strict fails the build, before anything is written, when a front
	// matter has a problem.
	Strict bool
	// Hash, when set, is the hash lastmod source's state file and what
	// counts as a change; nil leaves the source out.
	Hash *Hash
	// NoWrite judges every page and stops before the writer: Result.URLs
	// holds what a build would write (sitemapgen audit).
	NoWrite bool
	// GuardMTime leaves out the lastmods the mtime source gave when they
	// look like a build's stamp (see [LooksStamped]): a fresh checkout or
	// a copy sets every file's time to its own, and no date is better
	// than a false one. It is for a folder nobody generated, where
	// modification times may be true; a generator's output is always
	// written by its build, and mtime is best left out of Map.LastMod.
	GuardMTime bool
	// GeneratorSitemaps, when set, names the sitemap files the generator
	// that built the site writes into Write.Dir: their lastmods are the
	// sitemap lastmod source (mapping.LastModSitemap), read before the
	// writer replaces them, and kept in GenDatesName once it did.
	GeneratorSitemaps func(name string) bool
	// KeepLeftOut keeps in Result.LeftOut the URL of every page left out
	// that has one (a redirect stub, a noindex page, a URL robots.txt
	// disallows ...): for --changes, a URL the previous build listed is
	// not gone while a page is still there. Unset, nothing is kept.
	KeepLeftOut bool

	// trackGit reads which commit the git history is of (a Session's), so
	// that a commit later reads only the commits since.
	trackGit bool
}

// Hash configures the hash lastmod source.
type Hash struct {
	// State is the state file's path.
	State string
	// Options say what content is significant.
	Options hashstate.Options
	// Listed also records in the state file every URL of the sitemap
	// with its lastmod (hashstate.State.SetListed), for a changes file.
	Listed bool
}

// Heads configures reading pages' heads.
type Heads struct {
	// Read turns head reading on.
	Read bool
	// Limit is the most bytes read of one page; 0 means
	// htmlhead.DefaultHeadLimit.
	Limit int
}

// Report receives a build's events after the walk, on the goroutine that
// called Run, in the order of the pages' paths (Progress excepted).
type Report struct {
	// Warn reports a problem that does not stop the build: a file the
	// policy leaves out (a FIFO, a link not followed, a page nobody may
	// read), a URL too long to list, a duplicate, a canonical link that is
	// not a URL; in a Session, also a file or folder that could not be
	// read.
	Warn func(path string, err error)
	// Error reports, in Run, a file or folder that could not be read: a
	// folder that cannot be listed, a page gone, replaced or changed
	// while it was read, a read error. The build goes on to find them
	// all, then fails with a [*ReadError] and writes nothing. path is
	// relative to the root; a folder's ends in "/".
	Error func(path string, err error)
	// Skip reports a file that is not in the sitemap, and why.
	Skip func(path string, reason mapping.Reason, because string)
	// Note reports what only --verbose shows: a head cut at the read
	// limit, an alternate left out.
	Note func(path, note string)
	// Page receives mapping's decision about every page, listed or not.
	// Setting it keeps every decision until the walk ends: leave it nil
	// unless it is used.
	Page func(path string, d *mapping.Decision)
	// Explain receives the decision about each page named in
	// Options.Explain, after the build.
	Explain func(Explanation)
	// LeftOut reports what the walk leaves out unseen (walker's
	// Options.LeftOut: a hidden or excluded folder or file); setting it
	// costs a little work for each.
	LeftOut func(path string, why error)
	// Progress is called every ProgressEvery files found, during the
	// walk, from the walk's goroutines, one call at a time.
	Progress func(files int)
}

// ProgressEvery is how often, in files found, Report.Progress is called.
const ProgressEvery = 10000

// Result counts what a build found and did.
type Result struct {
	// Pages is the number of files the include patterns matched.
	Pages int
	// URLs are the records written (or, in a dry run, that would be),
	// sorted by Loc; nil when the build failed before.
	URLs sitemap.URLs
	// Skipped counts the files left out, by reason.
	Skipped map[mapping.Reason]int
	// Warnings counts the problems reported to Report.Warn.
	Warnings int
	// Unread counts the problems reported to Report.Error.
	Unread int
	// SourceProblems counts the problems found in front matter; each is
	// also a warning.
	SourceProblems int
	// LastMod counts the pages listed, duplicates included, by the source
	// of their lastmod ("" for none).
	LastMod map[mapping.LastModSource]int
	// Unjoined counts the listed pages of a join that no source file
	// gives the URL of (Options.Join): list pages, pages made by
	// templates or plugins.
	Unjoined int
	// MTimeDropped, with Options.GuardMTime, says the modification times
	// looked like a build's stamp and were left out: the pages they dated
	// are counted under "" in LastMod.
	MTimeDropped bool
	// SitemapLinks counts the pages by the href of their <link
	// rel="sitemap"> (htmlhead.Head.Sitemap), as written: a generator's
	// sitemap taken over leaves such links pointing at nothing.
	SitemapLinks map[string]int
	// Stamps counts the listed pages whose date from a page's head or
	// the generator's sitemap was passed over as the build's time, by
	// the rule of each page or of the set (guardStamps).
	Stamps int
	// Write is what the writer did; nil when the build failed before, or
	// when it only explained.
	Write *writer.Result
	// Elapsed is the build's wall time.
	Elapsed time.Duration
	// LeftOut, with Options.KeepLeftOut, are the URLs of the pages found
	// and left out, sorted, each once.
	LeftOut []string
	// PathAt gives the path, relative to Options.Root, of the page of
	// URLs.At(i); nil when URLs is.
	PathAt func(i int) string
	// BaseURL is the base URL as the build normalized it, and Redirects
	// the host's redirect rules it read (nil for none).
	BaseURL   string
	Redirects *host.Redirects
}

// ErrNoPages is why a build fails when the include patterns match no
// file: Run returns a *diag.Diagnostic about the root that wraps it.
var ErrNoPages = errors.New("no page found")

// noPages is the error of a build of root whose include patterns match no
// file.
func noPages(root string, include []string) error {
	if len(include) == 0 {
		include = walker.DefaultInclude
	}
	return &diag.Diagnostic{File: root, Msg: fmt.Sprintf("no page found (include: %s); nothing written", strings.Join(include, ", ")), Err: ErrNoPages}
}

// StrictError is returned under Options.Strict when front matter has
// problems.
type StrictError struct{ Problems int }

func (e *StrictError) Error() string {
	s := "s"
	if e.Problems == 1 {
		s = ""
	}
	return fmt.Sprintf("%d front matter problem%s (--strict); nothing written", e.Problems, s)
}

// ReadError is returned by Run when files or folders of the site could not
// be read, each reported to Report.Error: a sitemap written then could
// silently miss pages, so none is, and the files already there are kept.
type ReadError struct{ Problems int }

func (e *ReadError) Error() string {
	if e.Problems == 1 {
		return "1 file or folder could not be read; nothing written"
	}
	return fmt.Sprintf("%d files or folders could not be read; nothing written", e.Problems)
}

// writeError makes the writer's error about one of its temporary files,
// whose name means nothing to the user, an error about the folder dir: a
// *diag.Diagnostic that wraps the system's error (no space left on the
// device, a read-only folder, a file larger than the process may write).
// The writer removed its temporary files. Other errors name their file
// already and are returned unchanged.
func writeError(dir string, err error) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	name := filepath.Base(pe.Path)
	if filepath.Dir(pe.Path) != filepath.Clean(dir) || !strings.HasPrefix(name, ".sitemapgen-") || !strings.HasSuffix(name, ".tmp") {
		return err
	}
	return &diag.Diagnostic{File: dir, Msg: "cannot write the sitemaps: " + pe.Err.Error(), Err: pe.Err}
}

// Problems with a page that changed while the site was read: it was
// listed, but what was read of it, if anything, may not be what is there.
var (
	ErrRemovedBeforeRead = errors.New("removed after its folder was listed")
	ErrRemovedWhileRead  = errors.New("removed while it was read")
	ErrReplacedWhileRead = errors.New("replaced while it was read")
	ErrChangedWhileRead  = errors.New("changed while it was read")
)

// Run runs one build. It returns the Result so far with any error. With
// Options.Explain it writes nothing (with Write.Check too, it compares).
func Run(ctx context.Context, opts Options) (*Result, error) {
	start := time.Now()
	res := &Result{Skipped: map[mapping.Reason]int{}}
	defer func() { res.Elapsed = time.Since(start) }()
	b, err := newBuilder(ctx, opts, res)
	if err != nil {
		return res, err
	}
	b.failUnread = true
	res.Redirects = b.opts.Map.Redirects
	return res, b.run(ctx)
}

// newBuilder sets a build up: the host rules, the mapper, the writer's
// defaults, the git history when the lastmod sources ask for it.
func newBuilder(ctx context.Context, opts Options, res *Result) (*builder, error) {
	if c := opts.Content; c != nil {
		opts.Root, opts.Walk, opts.Heads.Read = c.Dir, c.Walk, false
		if len(opts.Walk.Include) == 0 {
			opts.Walk.Include = ContentInclude
		}
	}
	b := &builder{opts: opts, res: res, bases: &canonicalBases{}}
	if opts.Map.Hosts == nil && len(opts.HostDirs) > 0 {
		rules, warnings, err := host.Load(opts.Limits, opts.HostDirs...)
		if err != nil {
			return nil, err
		}
		for _, w := range warnings {
			b.warn("", w)
		}
		opts.Map.Hosts = rules
	}
	if opts.Map.Redirects == nil && len(opts.RedirectDirs) > 0 {
		// The rules only warn: a file that cannot be read is a warning too.
		rules, warnings, err := host.LoadRedirects(opts.Shadowing, opts.Limits, opts.RedirectDirs...)
		if err != nil && !errors.Is(err, syscall.ENOTDIR) {
			warnings = append(warnings, fmt.Errorf("redirect rules not checked: %w", err))
		}
		for _, w := range warnings {
			b.warn("", w)
		}
		if rules.Len() > 0 {
			opts.Map.Redirects = rules
		}
	}
	m, err := mapping.New(opts.Map)
	if err != nil {
		return nil, err
	}
	if opts.Write.Dir == "" {
		opts.Write.Dir = opts.Root
	}
	if opts.Write.BaseURL == "" {
		opts.Write.BaseURL = m.BaseURL()
	}
	b.opts, b.mapper, b.explain = opts, m, newExplainer(opts, m)
	res.BaseURL = m.BaseURL()
	b.recs.mapper = m
	b.ownOutputAtRoot = sameDir(opts.Root, opts.Write.Dir)
	b.loadRobots()
	if m.Uses(mapping.LastModGit) {
		b.loadGit(ctx)
	}
	if m.Uses(mapping.LastModSitemap) {
		b.loadGenDates(ctx)
	}
	if opts.Hash != nil && m.Uses(mapping.LastModHash) {
		// A state file that cannot be read is passed over, and left as it
		// is: read as empty, it would date every page by this build (a
		// date it does not know), and saved, it would lose the dates it
		// holds. The pages take their dates from the next sources.
		if st, err := hashstate.Load(opts.Hash.State, opts.Limits.Or().StateBytes); err != nil {
			b.warn("", fmt.Errorf("%w; %s", err, hashPassedOver))
		} else {
			b.hash, b.now = st, opts.Map.Now
			if b.now.IsZero() {
				b.now = time.Now()
			}
		}
	}
	return b, nil
}

// hashPassedOver ends the warning about a hash state file that cannot be
// read: what the build does with it, and what to do.
const hashPassedOver = "the hash lastmod source is passed over and the file left as it is (repair it, or remove it to start a new one)"

// hashDate returns the hash source's date of the page at rel under the
// root, served at loc: the date its significant content last changed.
func (b *builder) hashDate(rel string) func(loc string) (time.Time, bool) {
	if b.hash == nil {
		return nil
	}
	return func(loc string) (time.Time, bool) {
		f, err := openRegular(filepath.Join(b.opts.Root, filepath.FromSlash(rel)))
		if err != nil {
			return time.Time{}, false
		}
		sum, err := b.opts.Hash.Options.SumReader(f) // streaming: a page may be gigabytes
		f.Close()
		if err != nil {
			return time.Time{}, false
		}
		// The zero time on the first build, which sees the page first:
		// no date, the next source answers.
		t, _ := b.hash.Date(loc, sum, b.now)
		return t, !t.IsZero()
	}
}

// saveHash writes the hash source's state file, after the sitemaps.
func (b *builder) saveHash() {
	if b.hash == nil || b.opts.Write.DryRun || b.opts.Write.Check || len(b.opts.Explain) > 0 {
		return
	}
	if b.opts.Hash.Listed {
		b.hash.SetListed(sitemap.LastMods(b.res.URLs, b.opts.Write.LastModFormat))
	}
	if _, err := b.hash.Save(b.opts.Hash.State); err != nil {
		b.warn("", fmt.Errorf("lastmod source hash: %w", err))
	}
}

// loadGit reads the git history of the repository that holds the pages'
// files (the sources', in a join), for the git lastmod source. Without git,
// a repository or a commit the source is skipped: silently outside a
// repository (a built site often is), with a note for --verbose without
// git or a commit. Git failing otherwise is a warning.
func (b *builder) loadGit(ctx context.Context) {
	dir := gitDir(b.opts)
	opts := gitdates.Options{Track: b.opts.trackGit}
	if j := b.opts.Join; j != nil {
		// Hugo dates a page by its source's author date (GitInfo), and a
		// file renamed without a change by the rename: GitInfo takes the
		// last commit whose files name the path.
		hugo := j.Preset.Name() == "hugo"
		opts.AuthorDates, opts.RenamesChange = hugo, hugo
	}
	for _, s := range []*Sources{b.opts.Join, b.opts.Content} {
		if s != nil && s.Order != nil {
			// MkDocs' git-revision-date plugins date by the author;
			// jekyll-last-modified-at does not follow renames.
			opts.AuthorDates = opts.AuthorDates || s.Order.GitAuthor
			opts.RenamesChange = opts.RenamesChange || s.Order.GitRenames
		}
	}
	if b.gitScope != "" {
		dir = b.gitScope
	}
	d, err := gitdates.LoadWith(ctx, dir, opts)
	switch {
	case errors.Is(err, gitdates.ErrNotRepository):
		return // the usual case of a built site: nothing to say
	case errors.Is(err, gitdates.ErrNoGit), errors.Is(err, gitdates.ErrNoCommits):
		b.note("", fmt.Sprintf("lastmod source git skipped: %v", firstLine(err)))
		return
	case err != nil:
		b.warn("", fmt.Errorf("lastmod source git skipped: %w", err))
		return
	}
	if d.Shallow() && (b.git == nil || !b.git.Shallow()) {
		b.warn("", errors.New(gitdates.ShallowWarning))
	}
	if obj := d.Unreadable(); obj != "" && (b.git == nil || b.git.Unreadable() != obj) {
		b.warn("", errors.New(gitdates.UnreadableWarning(obj)))
	}
	if n, first := d.BadDates(); n > 0 && (b.git == nil || func() bool { m, _ := b.git.BadDates(); return m != n }()) {
		b.warn("", errors.New(gitdates.BadDatesWarning(n, first)))
	}
	root, err := filepath.Abs(b.opts.Root)
	if err != nil {
		b.warn("", fmt.Errorf("lastmod source git skipped: %w", err))
		return
	}
	b.git, b.gitRoot = d, root
}

// gitDir is the folder whose git history dates the pages: the sources',
// in a join.
func gitDir(opts Options) string {
	switch {
	case opts.Join != nil:
		return opts.Join.Dir
	case opts.Content != nil:
		return opts.Content.Dir
	}
	return opts.Root
}

// GitWatched returns the files of the git repository that dates opts'
// pages whose change means a commit, a checkout or a change of the index
// (gitdates.Watched), when the git lastmod source is used: watch mode
// watches them, and a Session's Update reads the history again when one
// of them is among its paths.
func GitWatched(ctx context.Context, opts Options) []string {
	m, err := mapping.New(opts.Map)
	if err != nil || !m.Uses(mapping.LastModGit) {
		return nil
	}
	return gitdates.Watched(ctx, gitDir(opts))
}

// firstLine returns the first line of err's message.
func firstLine(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}

// gitDate returns the date git gives the file at rel, relative to the
// root (through ".." for a join's source), or zero. The path given to
// Lookup is absolute: a relative one would cost finding the working
// directory for every page.
func (b *builder) gitDate(rel string) time.Time {
	t, _ := b.gitLookup(rel)
	return t
}

// gitLookup is gitDate with git's reason for no date. A file whose
// history a shallow clone cut (gitdates.ReasonShallow) is tracked and
// unchanged: its modification time is the checkout's, no edit's
// (mapping.Page.CheckedOut).
func (b *builder) gitLookup(rel string) (time.Time, gitdates.Reason) {
	if b.git == nil {
		return time.Time{}, gitdates.ReasonNone
	}
	return b.git.Lookup(filepath.Join(b.gitRoot, filepath.FromSlash(rel)))
}

// run is the whole build: walk, judge, sort, write.
func (b *builder) run(ctx context.Context) error {
	opts, res := b.opts, b.res
	if opts.Join != nil {
		if err := b.loadJoin(ctx); err != nil {
			return err
		}
	}
	if err := b.walkAll(ctx); err != nil {
		return err
	}
	if res.Unread > 0 {
		return &ReadError{Problems: res.Unread}
	}
	if res.Pages == 0 {
		if len(opts.Explain) > 0 { // why each file asked about was left out
			if err := b.explain.finish(&b.recs, opts.Report.Explain); err != nil {
				return err
			}
		}
		err := noPages(opts.Root, opts.Walk.Include).(*diag.Diagnostic)
		if b.htmlLeftOut > 0 { // said under --quiet too
			err.Hint = fmt.Sprintf("%s left out: the include patterns replace the default %s; add --include '**/*.html' to list them", countHTML(b.htmlLeftOut), strings.Join(walker.DefaultInclude, ", "))
		}
		return err
	}
	if opts.Join != nil {
		b.unusedSources()
	}
	if opts.Strict && res.SourceProblems > 0 {
		return &StrictError{Problems: res.SourceProblems}
	}
	b.recs.sort()
	b.judgeStale(nil)
	b.dedup(nil)
	b.judgeRobots(nil)
	b.guardStamps()
	b.countLastMods()
	b.judgeHreflang(nil)
	if opts.KeepLeftOut {
		slices.Sort(res.LeftOut)
		res.LeftOut = slices.Compact(res.LeftOut)
	}
	res.URLs, res.PathAt = &b.recs, b.recs.PathAt
	b.countListed(b.dateListPages())
	b.guardMTime()
	b.lintLastMod()
	if err := b.explain.finish(&b.recs, opts.Report.Explain); err != nil {
		return err
	}
	if len(opts.Explain) > 0 && !opts.Write.Check || opts.NoWrite {
		return nil // a check writes nothing: it goes on to its verdict
	}
	if err := b.write(); err != nil {
		return err
	}
	b.warnDeadRobots()
	return nil
}

// walkAll judges every page under the root, then warns when the include
// patterns left out every HTML page.
func (b *builder) walkAll(ctx context.Context) error {
	err := b.pages(ctx, func(w walker.Options, fn func(walker.File) error) error {
		return walker.Walk(ctx, b.opts.Root, w, fn)
	})
	if err == nil {
		// A page whose read the context ended is not unreadable: the run
		// was stopped (the walk may have ended meanwhile).
		err = ctx.Err()
	}
	if n := b.htmlLeftOut; n > 0 {
		b.warn("", fmt.Errorf("the include patterns (%s) match no HTML page, and %s left out; they replace the default %s: add --include '**/*.html' to list the pages too",
			strings.Join(b.opts.Walk.Include, ", "), countHTML(n), strings.Join(walker.DefaultInclude, ", ")))
	}
	return err
}

// countHTML says "1 HTML page is" or "N HTML pages are".
func countHTML(n int) string {
	if n == 1 {
		return "1 HTML page is"
	}
	return fmt.Sprintf("%d HTML pages are", n)
}

// dedup drops the duplicate URLs from the sorted records, reporting each;
// with only, just those of which a page's path is in it.
func (b *builder) dedup(only map[string]bool) {
	b.recs.dedup(b.opts.Map.CleanURLs, func(path, loc, keptPath, keptLoc string) {
		if only != nil && !only[path] && !only[keptPath] {
			return
		}
		if loc == keptLoc {
			b.warn(path, fmt.Errorf("duplicate URL %s (also from %s); listed once", loc, keptPath))
		} else {
			b.warn(path, fmt.Errorf("duplicate URL %s: hosts serve it as %s (from %s); listed once, as that", loc, keptLoc, keptPath))
		}
		b.skip(path, mapping.Duplicate, "also "+keptLoc+" from "+keptPath)
		b.explain.duplicate(path, keptLoc, keptPath)
	})
}

// write writes the sorted records.
func (b *builder) write() error {
	res := b.res
	if res.URLs.Len() == 0 {
		return b.allSkipped()
	}
	var err error
	res.Write, err = writer.Write(res.URLs, b.sectioned())
	if err != nil {
		return writeError(b.opts.Write.Dir, err)
	}
	b.saveHash()
	b.keepGenDates()
	for _, name := range res.Write.Unlinked {
		b.warn(name, errors.New("no sitemap or robots.txt names this index file (an index cannot list another); submit it to search engines, or use --robots"))
	}
	return nil
}

// warnDeadRobots warns, after a whole build's write without --robots,
// about each Sitemap: line of robots.txt that names a sitemap file of
// ours the folder no longer has. Once a build or a watch session: a
// rebuild of pages does not change which files the set has.
func (b *builder) warnDeadRobots() {
	w := b.opts.Write
	if w.Robots || w.DryRun || w.Check {
		return
	}
	robots := filepath.Join(w.Dir, "robots.txt")
	for _, l := range writer.DeadRobotsLines(w.Dir, w.BaseURL) {
		b.warn("", diag.At(robots, l.Line, "Sitemap: "+l.URL+" names a sitemap file that is not there (a build with --robots wrote the line, for files this one does not write): crawlers get a 404; run with --robots to update it"))
	}
}

// builder is the state of one build.
type builder struct {
	opts            Options
	res             *Result
	mapper          *mapping.Mapper
	recs            records
	explain         *explainer
	root            *pageRoot // where heads are read from
	ownOutputAtRoot bool
	join            map[string]*source // Options.Join's sources by joinKey
	git             *gitdates.Dates    // for the git lastmod source; nil without it
	gitRoot         string             // Options.Root, absolute, with git
	gitScope        string             // the folder git's history is read for, when not the sources' (includes.go)
	hash            *hashstate.State   // for the hash lastmod source; nil without it
	gen             *genDates          // for the sitemap lastmod source; nil without it
	genKept         bool               // GenDatesName written
	robots          *robots.Judge      // the site's robots.txt; nil without rules
	now             time.Time          // the build's time, for the hash source
	// index, in a Session, gives the record of every page judged, or -1
	// when it is not listed.
	index *pageIndex
	// sources, in a Session with a join, keeps every source by its path
	// relative to Join.Dir, and claims every source of a joinKey, first
	// in walk order first.
	sources map[string]*source
	claims  map[string][]*source
	// touched and added, during a Session's Update, collect the paths
	// judged again and the records added.
	touched map[string]bool
	added   []int32
	// problems, in a Session, counts the front matter problems of each
	// file that has some, as reported.
	problems map[string]int
	// failUnread makes a file or folder that could not be read an error
	// (Run), not a warning (Session).
	failUnread bool
	// bases counts the pages skipped for a canonical link elsewhere by
	// the base URL their canonical links imply, in a whole build; nil in
	// a Session's Update, which reads some pages only.
	bases *canonicalBases
	// linked names the pages read that have more than one name (hard
	// links), for a Session; nil in Run.
	linked *linkedPages
	// htmlLeftOut counts the HTML files no include pattern matches, when
	// none can (walker.IncludesHTML).
	htmlLeftOut int
	// skippedAt keeps, for the alternates that name them, why pages that
	// have a URL were left out, by URL, and skippedLoc their URLs by
	// path; hreflangSaid, in a Session, the hreflang warnings last made.
	skippedAt    map[string]skippedPage
	skippedLoc   map[string]string
	hreflangSaid map[string]bool
	// emptySaid names the sections without a page that a warning named,
	// so that a Session says it once.
	emptySaid map[string]bool
	// setStamps is how many of Result.Stamps the set's rule found
	// (guardStamps), which judges again before every write.
	setStamps int
}

func (b *builder) warn(path string, err error) {
	b.res.Warnings++
	if b.opts.Report.Warn != nil {
		b.opts.Report.Warn(path, err)
	}
}

// unread reports a file or folder that could not be read: an error that
// fails the build in Run, a warning in a Session.
func (b *builder) unread(path string, err error) {
	if !b.failUnread {
		b.warn(path, err)
		return
	}
	b.res.Unread++
	if b.opts.Report.Error != nil {
		b.opts.Report.Error(path, err)
	}
}

// walkProblem reports a problem the walker handed over: an I/O error is
// unread, the policy's problems are warnings.
func (b *builder) walkProblem(path string, err error) {
	if ioe := (*walker.IOError)(nil); errors.As(err, &ioe) {
		b.unread(path, err)
		return
	}
	b.warn(path, err)
}

// errNotFollowed is the warning about a page that is a symbolic link,
// while links are not followed.
var errNotFollowed = errors.New(string(mapping.NotFollowed) + "; not listed")

// servable reports whether a page's read error is the policy's: the page
// is not one a web server would serve (its mode lets nobody read it, it is
// no regular file), so leaving it out is right.
func servable(err error) bool {
	return errors.Is(err, walker.ErrNoReadBits) || errors.Is(err, walker.ErrNotRegular)
}

func (b *builder) skip(path string, reason mapping.Reason, because string) {
	b.skipAt(path, "", reason, because)
}

// skipAt is skip for a page whose URL, loc, is known.
func (b *builder) skipAt(path, loc string, reason mapping.Reason, because string) {
	b.res.Skipped[reason]++
	if (reason == mapping.CanonicalOffsite || reason == mapping.NotCanonical) && b.bases != nil {
		b.bases.add(b.mapper.BaseURL(), loc, strings.TrimPrefix(because, "canonical "), reason == mapping.CanonicalOffsite)
	}
	if b.opts.Report.Skip != nil {
		b.opts.Report.Skip(path, reason, because)
	}
}

// keepLeftOut keeps the URL of a page left out, with Options.KeepLeftOut.
func (b *builder) keepLeftOut(loc string) {
	if b.opts.KeepLeftOut && loc != "" {
		b.res.LeftOut = append(b.res.LeftOut, loc)
	}
}

func (b *builder) note(path, note string) {
	if b.opts.Report.Note != nil {
		b.opts.Report.Note(path, note)
	}
}

// outcome is the verdict on a page.
type outcome struct {
	d         mapping.Decision
	truncated bool
	unjoined  bool // a join found no source file for the page
	// sourceless: unjoined, in a generator's output that keeps old
	// files, and no static file claims it (judgeStale).
	sourceless bool
	mtime      int64  // the page's modification time, Unix nanoseconds; noMTime for a static file's
	sitemap    string // the href of its <link rel="sitemap">
	readErr    error
	problems   []frontmatter.Problem // in the page's own front matter (content mode)
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
		iss = sync.Pool{New: func() any { return &imageScan{ir: htmlhead.ImageReader{MaxAttrs: b.opts.Limits.HeadAttributes}} }}
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
		if b.isOwnOutput(f.Path) {
			later(f.Path, func() {
				b.res.Pages++
				b.skip(f.Path, mapping.OwnOutput, "")
				b.explain.skipped(f.Path, mapping.OwnOutput)
			})
			return nil
		}
		var hr *htmlhead.HeadReader
		var is *imageScan
		if heads {
			hr = hrs.Get().(*htmlhead.HeadReader)
			defer hrs.Put(hr)
			if b.opts.Map.Images {
				is = iss.Get().(*imageScan)
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
		noisy := o // only a page with something to say escapes to the heap
		later(f.Path, func() { b.record(f.Path, noisy) })
		return nil
	})
	sortEvents(events)
	for _, e := range events {
		e.emit()
	}
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
	return o.readErr == nil && o.d.Skip == "" && len(o.d.Warnings) == 0 && !o.truncated && len(o.problems) == 0 && !o.unjoined
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

// judge maps a page; with hr, it first reads the page's head (and stats
// the files the walker did not), with is the whole page for its images.
// It runs on the walk's goroutines.
func (b *builder) judge(hr *htmlhead.HeadReader, is *imageScan, f walker.File) outcome {
	if b.opts.Content != nil {
		return b.judgeContent(f)
	}
	var h *htmlhead.Head
	var images []string
	if hr != nil {
		var err error
		if isHTML(f.Path) {
			h, images, err = b.readHead(hr, is, filepath.FromSlash(f.Path), &f)
		} else if f.ModTime.IsZero() {
			var st os.FileInfo
			if st, err = os.Stat(filepath.Join(b.opts.Root, filepath.FromSlash(f.Path))); err == nil {
				info := infoOf(st)
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
	page := mapping.Page{File: f, Head: h, Images: images}
	unjoined := false
	if b.join != nil {
		if s := b.sourceOf(f.Path); s != nil {
			// The generator built the page: it decided that the page's
			// dates let it be published (Hugo's buildFuture, Jekyll's
			// future: true). Drafts and sitemap: false still leave it out.
			page.Source = withoutDates(s.fm)
			page.Git = b.sourceGit(s)
			inOrder(b.opts.Join.Order, &page)
		} else if fm, src, ok := b.staticSource(f.Path); ok {
			// A Jekyll static file (a PDF): copied from the same path of
			// the source, with the defaults: of its scope.
			page.Source, page.Git = fm, b.gitDate(src)
		} else {
			unjoined = true
		}
	}
	if page.Git.IsZero() {
		var why gitdates.Reason
		page.Git, why = b.gitLookup(f.Path) // the built file, when it is tracked
		page.CheckedOut = why == gitdates.ReasonShallow
	}
	page.Hash = b.hashDate(f.Path)
	if b.gen != nil {
		page.Sitemap = b.gen.lookup
	}
	o := outcome{d: b.mapper.Map(page)}
	if b.join != nil && !unjoined {
		orderFrom(b.opts.Join.Order, &o.d)
	}
	o.truncated = h != nil && h.Truncated
	if h != nil {
		o.sitemap = h.Sitemap
	}
	o.unjoined = unjoined
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

// record reports the outcome of a page, after the walk, on Run's
// goroutine.
func (b *builder) record(path string, o outcome) {
	b.res.Pages++
	b.sitemapLink(o.sitemap)
	if o.readErr != nil {
		b.indexed(path, -1)
		if b.failUnread && !servable(o.readErr) {
			b.unread(path, fmt.Errorf("cannot read the page: %w", o.readErr))
			return
		}
		b.warn(path, fmt.Errorf("cannot read the page: %w; not listed", o.readErr))
		b.skip(path, mapping.Unreadable, o.readErr.Error())
		return
	}
	b.sourceProblems(path, o.problems)
	d := o.d
	for _, w := range d.Warnings {
		b.warn(path, errors.New(w))
	}
	if o.truncated {
		limit := b.opts.Heads.Limit
		if limit <= 0 {
			limit = htmlhead.DefaultHeadLimit
		}
		b.note(path, fmt.Sprintf("head longer than %d bytes; read what fits", limit))
	}
	if b.opts.Report.Page != nil {
		b.opts.Report.Page(path, &d)
	}
	b.explain.page(path, &d)
	if d.Skip != "" {
		b.indexed(path, -1)
		b.noteSkipped(path, d.URL.Loc, d.Skip, d.Because)
		b.keepLeftOut(d.URL.Loc)
	}
	switch d.Skip {
	case "":
		if o.unjoined {
			b.res.Unjoined++
			b.note(path, "no source file has its URL; dated by its head and git only")
		}
		b.listed(path, &o)
	case mapping.LocTooLong:
		b.warn(path, errors.New(d.Because+"; not listed"))
		b.skip(path, d.Skip, d.Because)
	default:
		b.skipAt(path, d.URL.Loc, d.Skip, d.Because)
	}
}

// recount moves n of the listed pages counted under the lastmod source
// from to the count of to, after a judgement of all the records changed
// their dates.
func (b *builder) recount(from, to mapping.LastModSource, n int) {
	if n <= 0 || b.res.LastMod == nil {
		return
	}
	if b.res.LastMod[from] -= n; b.res.LastMod[from] <= 0 {
		delete(b.res.LastMod, from)
	}
	b.res.LastMod[to] += n
}

// countLastMods counts the listed pages by the source of their lastmod
// again, from the records in order: after dedup and robots.txt, which
// leave out pages counted when they were read.
func (b *builder) countLastMods() {
	if b.res.LastMod == nil {
		return
	}
	clear(b.res.LastMod)
	for _, idx := range b.recs.order {
		b.res.LastMod[b.recs.source(idx)]++
	}
}

// listed adds the record of a listed page.
func (b *builder) listed(path string, o *outcome) {
	d := &o.d
	if b.res.LastMod == nil {
		b.res.LastMod = make(map[mapping.LastModSource]int)
	}
	b.res.LastMod[d.LastModSource]++
	if len(d.Stamps) > 0 {
		b.res.Stamps++
	}
	idx := b.recs.add(path, d)
	if b.keepsOldOutput() {
		b.recs.built(idx, o.mtime, o.sourceless)
	}
	b.indexed(path, idx)
}

// indexed keeps, in a Session, the record of the page at path: idx, or -1
// when it is not listed.
func (b *builder) indexed(path string, idx int32) {
	if b.index == nil {
		return
	}
	b.index.set(path, idx)
	if b.touched != nil {
		b.touched[path] = true
		if idx >= 0 {
			b.added = append(b.added, idx)
		}
	}
}

// filterAlternates keeps, of each URL's hreflang alternates, those that
// are themselves listed or on another host than the base URL's.
func (b *builder) filterAlternates() {
	origin := originOf(b.mapper.BaseURL())
	var last string
	var langs map[string]bool
	b.recs.filterAlternates(func(loc string, a sitemap.Alternate) bool {
		if loc != last { // the first for a language counts
			last, langs = loc, make(map[string]bool)
		}
		if lang := strings.ToLower(a.Lang); langs[lang] {
			return false
		} else {
			langs[lang] = true
		}
		if _, listed := b.recs.find(a.Href); listed || originOf(a.Href) != origin {
			return true
		}
		b.note(loc, fmt.Sprintf("hreflang %s alternate %s is not in the sitemap; left out", a.Lang, a.Href))
		return false
	})
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

// gone reports whether err says a path no longer exists.
func gone(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

func sameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
