// The build's options, its result, and the errors it returns.

package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
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
	// HostDirs are the folders whose _headers, vercel.json and
	// netlify.toml give X-Robots-Tag rules, unless Map.Hosts is set
	// already.
	HostDirs []string
	// RedirectDirs are the folders whose _redirects, netlify.toml and
	// vercel.json give the platform's redirect rules, unless
	// Map.Redirects is set already; Shadowing says a file the site serves
	// wins over a rule that is not forced (Netlify).
	RedirectDirs []string
	Shadowing    bool
	// PlatformFile is the platform's file of the project folder
	// (netlify.toml) that the project's discovery read and parsed: the
	// build takes it as read for the rules of HostDirs and RedirectDirs,
	// and says no problem of it again; nil for none.
	PlatformFile *host.PlatformFile
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
	// GuardMTime leaves out the lastmods the mtime source gave that are
	// a build's, a copy's or a checkout's time (guardMTime): those after
	// the last commit, those of most pages written within a minute
	// (outside git, less than a day before the build), all of them when
	// most share one day. A fresh checkout or a copy sets
	// every file's time to its own, and no date is better than a false
	// one. It is for a folder nobody generated, where
	// modification times may be true; a generator's output is always
	// written by its build, and mtime is best left out of Map.LastMod.
	GuardMTime bool
	// Generator names the generator whose output folder Root is
	// ("Hugo"), for messages; "" for none.
	Generator string
	// OwnSitemaps, when set, is what the generator that built the site
	// names as its sitemaps in Write.Dir. The build decides which files
	// there are its own when it starts (OwnSitemaps.Decide, said in
	// Result.GeneratorSitemaps); reads them as GeneratorSitemaps says
	// when ReadOwn does, or when GenDatesName is there (an earlier build
	// kept their alternates: the site was translated); and takes them
	// over (Write.TakeOver) when TakeOverOwn does.
	OwnSitemaps          *OwnSitemaps
	ReadOwn, TakeOverOwn bool
	// GeneratorSitemaps, when set, names the sitemap files the generator
	// that built the site writes into Write.Dir: their lastmods are the
	// sitemap lastmod source (mapping.LastModSitemap), and their hreflang
	// alternates those of the pages whose heads give none, read before
	// the writer replaces them, and kept in GenDatesName once it did.
	// The build sets it from OwnSitemaps.
	GeneratorSitemaps func(name string) bool
	// GeneratorAlternatesOnly takes of the generator's sitemaps only
	// their hreflang alternates, for the pages whose heads give none: not
	// their lastmods (the pages are joined to their sources, and the
	// generator's own dating rules, applied to them, win).
	GeneratorAlternatesOnly bool
	// GeneratorDates, when the generator's sitemaps date a page by its
	// own source's history or word, never by a build's time, says by
	// what ("VitePress' lastUpdated: …"): the lint of dates that look
	// like build times leaves their lastmods alone.
	GeneratorDates string
	// Translator gives the pages whose source gives none (not joined,
	// or joined to a source its generator's rules give no translations)
	// their translations by their path in Root, as the generator's own
	// sitemap links them (VitePress's locales, Astro's i18n routing,
	// sphinx-sitemap's sitemap_locales: about.html and fr/about.html) or
	// the locales: setting says, for the pages whose heads and the
	// generator's sitemaps give no alternates; nil for none.
	Translator generator.Translator
	// Served, when not nil, are the pages of a server build (Next.js's
	// `next build` without a static export): the build reads only these
	// files of Root, each listed at its URLPath, not at a URL its path
	// would give (app/about.html is /about), and joined to its source by
	// that URL. nil walks Root.
	Served []ServedPage
	// OnDemand are a server build's routes rendered on demand with no
	// page prerendered: the build warns of each (its Warning) that no
	// extra URL is a page of (onDemandWarnings).
	OnDemand []generator.OnDemandRoute
	// Extra are the sources of extra URLs (extra.go): records of URLs
	// the site's files do not show, listed beside its pages.
	Extra []Extra
	// Transform, when not nil, is the per-URL hook (transform.go): it
	// is given the records a whole build lists and its answers are what
	// is written. A Session refuses it.
	Transform *Transform
	// RobotsHook, when not nil, rewrites the robots.txt each write makes
	// with Write.Robots (--robots-transform): writer.Options.RobotsHook,
	// run with the build's context.
	RobotsHook func(ctx context.Context, robots []byte) ([]byte, error)
	// KeepLeftOut keeps in Result.LeftOut the URL of every page left out
	// that has one (a redirect stub, a noindex page, a URL robots.txt
	// disallows ...): for --changes, a URL the previous build listed is
	// not gone while a page is still there. Unset, nothing is kept.
	KeepLeftOut bool
	// CacheDir, when not "", is the folder where a build keeps what it
	// read for the next build to take unchanged (the git history, the
	// sources' front matter); "" reads everything again.
	CacheDir string

	// trackGit reads which commit the git history is of (a Session's), so
	// that a commit later reads only the commits since.
	trackGit bool
}

// ServedPage is a page of a server build: its prerendered HTML file,
// relative to Options.Root with "/" separators, and the URL path its
// server answers it at below the base URL, starting with "/".
type ServedPage struct {
	Path, URLPath string
}

// Hash configures the hash lastmod source.
type Hash struct {
	// State is the state file's path: inside the folder Dir, read and
	// written only inside it, when Dir is set (the default state file, a
	// file of the project in the working directory; state: of the
	// settings file, in the project's tree); else a path the user named
	// (--state), followed where it points.
	State, Dir string
	// Options say what content is significant.
	Options hashstate.Options
	// Listed also records in the state file every URL of the sitemap
	// with its lastmod (hashstate.State.SetListed), for a changes file.
	Listed bool
	// ReadOnly reads the state file and never writes it: a preview's
	// build, whose pages (its own URLs, its branch's content) would
	// otherwise replace production's dates in a file the platform's
	// cache shares with production. It dates a page only by a date
	// recorded for the same content: a page new or changed gets none.
	ReadOnly bool
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
	// Page receives mapping's decision about every page, listed or not:
	// in a whole build (Run), once the build has dated it, in walk order,
	// as --explain gives it (a list page dated by the newest page it
	// lists, the alternates as written); in a Session, as judged.
	// Setting it keeps every decision until the build ends: leave it nil
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
	// Walked says the walk of the site folder ended, not stopped by an
	// error or the context: every folder it entered was listed (watch
	// mode's watches, Options.Walk.Folders). The build may still fail
	// after it (no page, a page that could not be read, the write).
	// False for a server build's pages (Options.Served), which are
	// walked path by path.
	Walked bool
	// ExtraURLs is the number of records of extra URLs read
	// (Options.Extra).
	ExtraURLs int
	// Transformed counts what the per-URL hook did (Options.Transform);
	// nil without one.
	Transformed *Transformed
	// URLs are the records written (or, in a dry run, that would be),
	// sorted by Loc; nil when the build failed before.
	URLs sitemap.URLs
	// Skipped counts the files left out, by reason.
	Skipped map[mapping.Reason]int
	// Warnings counts the problems reported to Report.Warn.
	Warnings int
	// GeneratorSitemaps names, with Options.OwnSitemaps, the sitemap
	// files of the output folder the build decided are the generator's
	// own (OwnSitemaps.Decide); nil without.
	GeneratorSitemaps func(name string) bool
	// Unread counts the problems reported to Report.Error.
	Unread int
	// SourceProblems counts the problems found in front matter; each is
	// also a warning.
	SourceProblems int
	// FrontMatterRead and FrontMatterKept count the source files whose
	// front matter the build read, and those it took from
	// Options.CacheDir's record of an earlier build's instead (the file
	// unchanged since); both 0 without CacheDir.
	FrontMatterRead, FrontMatterKept int
	// LastMod counts the pages listed, duplicates included, by the source
	// of their lastmod ("" for none).
	LastMod map[mapping.LastModSource]int
	// Unjoined counts the listed pages of a join that no source file
	// gives the URL of (Options.Join): list pages, pages made by
	// templates or plugins.
	Unjoined int
	// MTimeDropped, with Options.GuardMTime, says modification times
	// were a build's stamp and left out (some or all): the pages they
	// would have dated are counted under "" in LastMod.
	MTimeDropped bool
	// SitemapLinks counts the pages by the href of their <link
	// rel="sitemap"> (htmlhead.Head.Sitemap), as written: a generator's
	// sitemap taken over leaves such links pointing at nothing.
	SitemapLinks map[string]int
	// SelfAlternates counts the listed pages whose head gives hreflang
	// alternates but not the page itself (a theme's range .Translations),
	// completed with the page's own, in the code the generator's
	// translations give it.
	SelfAlternates int
	// Stamps counts the listed pages whose date from a page's head or
	// the generator's sitemap was passed over as the build's time, by
	// the rule of each page or of the set (guardStamps).
	Stamps int
	// Write is what the writer did; nil when the build failed before, or
	// when it only explained. With NoneListed, what it removed.
	Write *writer.Result
	// NoneListed is set when the build listed no page, every page found
	// being left out on purpose (Deliberate): no sitemap was written, and
	// Write says what of an earlier run's set was removed.
	NoneListed *NoneListed
	// Elapsed is the build's wall time.
	Elapsed time.Duration
	// LeftOut, with Options.KeepLeftOut, are the URLs of the pages found
	// and left out, sorted, each once.
	LeftOut []string
	// PathAt gives the path, relative to Options.Root, of the page of
	// URLs.At(i); nil when URLs is. For an extra URL (Options.Extra),
	// which has no page, it is NAME:LINE, and Extra(i) is true.
	PathAt func(i int) string
	Extra  func(i int) bool
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
