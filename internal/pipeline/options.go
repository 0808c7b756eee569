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
	// into the output folder, such as an Atom feed or a key file. When
	// the output folder is the site folder, these files are not pages.
	OwnFiles []string
	// Root is the site folder to walk.
	Root string
	// Walk, Map and Write are the options of the three stages. Run sets
	// Walk.Warn and Walk.Ignored. Write.Dir defaults to Root, and
	// Write.BaseURL defaults to the normalized Map.BaseURL.
	Walk  walker.Options
	Map   mapping.Options
	Write writer.Options
	// Sections put listed pages into sitemap files of their own
	// (writer.Options.Sections). A page goes to the first section, in
	// order, whose include globs match its path relative to Root.
	Sections []Section
	// Heads configures reading the head of each HTML page.
	Heads Heads
	// Robots checks the listed URLs against the site's robots.txt. The
	// zero value checks nothing.
	Robots Robots
	// Hreflang checks the pages' hreflang clusters.
	Hreflang Hreflang
	// Limits bound what a build reads besides its pages: front matter,
	// the heads' attributes and tags, the host's rule files and the hash
	// state file. A zero field takes its default (limits.Default).
	Limits limits.Limits
	// HostDirs are the folders whose _headers, vercel.json and
	// netlify.toml give X-Robots-Tag rules. They are not read when
	// Map.Hosts is already set.
	HostDirs []string
	// RedirectDirs are the folders whose _redirects, netlify.toml and
	// vercel.json give the platform's redirect rules. They are not read
	// when Map.Redirects is already set. Shadowing says that a file the
	// site serves wins over a rule that is not forced, as on Netlify.
	RedirectDirs []string
	Shadowing    bool
	// PlatformFile is the project folder's platform file (netlify.toml),
	// which the project's discovery has already read and parsed. The
	// build uses it as read for the rules of HostDirs and RedirectDirs,
	// and does not report its problems a second time. It is nil when
	// there is none.
	PlatformFile *host.PlatformFile
	// Workers is the number of folders handled at once, with their pages.
	// 0 means four per CPU.
	Workers int
	// Explain lists the pages whose decisions Report.Explain receives.
	// Each is named by its path, relative to the working directory or to
	// Root, or by its URL. With Explain, Run writes nothing. With
	// Write.Check as well, it compares instead.
	Explain []string
	// Report receives what happens during the build. Its fields may be nil.
	Report Report
	// Content, when set, turns on content mode. The pages are the source
	// files in Content.Dir, and Root and Walk are set from it. Each page
	// is listed at the URL its preset gives, with its front matter. No
	// head is read.
	Content *Sources
	// Join, when set, joins the built pages under Root to the source
	// files in Join.Dir. A built page whose URL matches a source file
	// takes that file's front matter (drafts, sitemap:, lastmod,
	// changefreq, priority).
	Join *Sources
	// Strict fails the build when a front matter has a problem. It fails
	// before anything is written.
	Strict bool
	// Hash, when set, gives the hash lastmod source's state file and what
	// counts as a change. When it is nil, the build does not use that
	// source.
	Hash *Hash
	// NoWrite judges every page and stops before the writer. Result.URLs
	// then holds what a build would write (sitemapgen audit).
	NoWrite bool
	// GuardMTime leaves out the lastmods from the mtime source that are
	// the time of a build, a copy or a checkout (mtimePass). These are
	// the dates after the last commit, and the dates of most pages
	// written within a minute (outside git, less than a day before the
	// build). When most dates share one day, it leaves out all of them. A
	// fresh checkout or a copy sets every file's time to its own, and no
	// date is better than a false one. GuardMTime is meant for a folder
	// nobody generated, where modification times may be true. A
	// generator's build always writes its output, so mtime is best left
	// out of Map.LastMod there.
	GuardMTime bool
	// Generator names the generator whose output folder Root is ("Hugo").
	// It appears in messages. It is "" for none.
	Generator string
	// OwnSitemaps, when set, says which files the generator that built
	// the site names as its sitemaps in Write.Dir. When the build starts,
	// it decides which of these files are the generator's own
	// (OwnSitemaps.Decide). Result.GeneratorSitemaps reports the
	// decision. The build reads these files through GeneratorSitemaps
	// when ReadOwn is set, or when GenDatesName exists: an earlier build
	// kept their alternates, so the site was translated. With
	// TakeOverOwn, the build takes them over (Write.TakeOver).
	OwnSitemaps          *OwnSitemaps
	ReadOwn, TakeOverOwn bool
	// GeneratorSitemaps, when set, names the sitemap files that the
	// site's generator writes into Write.Dir. Their lastmods are the
	// sitemap lastmod source (mapping.LastModSitemap). Their hreflang
	// alternates serve the pages whose heads give none. The build reads
	// these files before the writer replaces them. Once the writer has
	// replaced them, their dates and alternates are kept in GenDatesName.
	// The build sets GeneratorSitemaps from OwnSitemaps.
	GeneratorSitemaps func(name string) bool
	// GeneratorDates says how the generator's sitemaps date a page, when
	// they date it by its own source's history or by its word and never
	// by a build's time ("VitePress' lastUpdated: …"). The lint of dates
	// that look like build times then leaves their lastmods alone.
	GeneratorDates string
	// Translator gives translations to the pages whose source gives none:
	// pages not joined, or joined to a source to which its generator's
	// rules give no translations. It finds a page's translations by its
	// path in Root. It follows how the generator's own sitemap links them
	// (VitePress's locales, Astro's i18n routing, sphinx-sitemap's
	// sitemap_locales: about.html and fr/about.html), or what the
	// locales: setting says. It serves the pages whose heads and the
	// generator's sitemaps give no alternates. It is nil for none.
	Translator generator.Translator
	// Served, when not nil, lists the pages of a server build, such as
	// Next.js's `next build` without a static export. The build reads
	// only these files of Root. It lists each at its URLPath, not at the
	// URL its path would give (app/about.html is /about), and joins it to
	// its source by that URL. When Served is nil, the build walks Root.
	Served []ServedPage
	// OnDemand lists a server build's routes that are rendered on demand,
	// with no page prerendered. The build warns about each route that no
	// extra URL is a page of, with the route's Warning
	// (onDemandWarnings).
	OnDemand []generator.OnDemandRoute
	// Extra are the sources of extra URLs (extra.go). They give records
	// of URLs that the site's files do not show, listed beside its pages.
	Extra []Extra
	// Transform, when not nil, is the per-URL hook (transform.go). It is
	// given the records a whole build lists, and its answers are what
	// gets written. A Session refuses it.
	Transform *Transform
	// RobotsHook, when not nil, rewrites the robots.txt that each write
	// makes with Write.Robots (--robots-transform). It becomes
	// writer.Options.RobotsHook and runs with the build's context.
	RobotsHook func(ctx context.Context, robots []byte) ([]byte, error)
	// KeepLeftOut keeps in Result.LeftOut the URL of every page left out
	// that has one, such as a redirect stub, a noindex page or a URL that
	// robots.txt disallows. --changes needs it: a URL the previous build
	// listed is not gone while its page is still there. When KeepLeftOut
	// is unset, nothing is kept.
	KeepLeftOut bool
	// CacheDir, when not "", is the folder where a build keeps what it
	// read (the git history, the sources' front matter). The next build
	// takes what did not change from there. When CacheDir is "", every
	// build reads everything again.
	CacheDir string
}

// ServedPage is a page of a server build. Path is its prerendered HTML
// file, relative to Options.Root with "/" separators. URLPath is the
// path below the base URL where the server answers it, starting with
// "/".
type ServedPage struct {
	Path, URLPath string
}

// Hash configures the hash lastmod source.
type Hash struct {
	// State is the path of the state file. When Dir is set, State lies
	// inside the folder Dir and is read and written only inside it. That
	// is the case for the default state file, a file of the project in
	// the working directory, and for the settings file's state:, in the
	// project's tree. Otherwise State is a path the user named (--state),
	// followed wherever it points.
	State, Dir string
	// Options say what content is significant.
	Options hashstate.Options
	// Listed also records every URL of the sitemap with its lastmod in
	// the state file (hashstate.State.SetListed), for a changes file.
	Listed bool
	// ReadOnly reads the state file and never writes it. A preview's
	// build needs this. Its pages, with its own URLs and its branch's
	// content, would otherwise replace production's dates in a file that
	// the platform's cache shares with production. ReadOnly dates a page
	// only by a date recorded for the same content, so a new or changed
	// page gets none.
	ReadOnly bool
}

// Heads configures reading pages' heads.
type Heads struct {
	// Read turns head reading on.
	Read bool
	// Limit is the most bytes read of one page. 0 means
	// htmlhead.DefaultHeadLimit.
	Limit int
}

// Report receives a build's events after the walk. They arrive on the
// goroutine that called Run, in the order of the pages' paths, except
// for Progress.
type Report struct {
	// Warn reports a problem that does not stop the build. Examples are a
	// file the policy leaves out (a FIFO, a link not followed, a page
	// nobody may read), a URL too long to list, a duplicate, and a
	// canonical link that is not a URL. In a Session, Warn also reports a
	// file or folder that could not be read.
	Warn func(path string, err error)
	// Error reports, in Run, a file or folder that could not be read.
	// Such is a folder that cannot be listed, a page that was removed,
	// replaced or changed while it was read, or a read error. The build
	// goes on to find them all, then fails with a [*ReadError] and writes
	// nothing. path is relative to the root, and a folder's path ends in
	// "/".
	Error func(path string, err error)
	// Skip reports a file that is not in the sitemap, and why.
	Skip func(path string, reason mapping.Reason, because string)
	// Note reports what only --verbose shows, such as a head cut at the
	// read limit or an alternate left out.
	Note func(path, note string)
	// Page receives mapping's decision about every page, listed or not.
	// In a whole build (Run), it gets each page in walk order once the
	// build has dated it, as --explain gives it: a list page is dated by
	// the newest page it lists, and the alternates are as written. In a
	// Session, it gets each page as judged. Setting Page keeps every
	// decision until the build ends, so leave it nil unless it is used.
	Page func(path string, d *mapping.Decision)
	// Explain receives the decision about each page named in
	// Options.Explain, after the build.
	Explain func(Explanation)
	// LeftOut reports what the walk leaves out unseen, such as a hidden
	// or excluded folder or file (walker's Options.LeftOut). Setting it
	// costs a little work for each.
	LeftOut func(path string, why error)
	// Progress is called every ProgressEvery files found during the walk.
	// The walk's goroutines call it, one call at a time.
	Progress func(files int)
}

// ProgressEvery is how many files are found between calls of
// Report.Progress.
const ProgressEvery = 10000

// Result counts what a build found and did.
type Result struct {
	// Pages is the number of files the include patterns matched.
	Pages int
	// Walked says the walk of the site folder ended and was not stopped
	// by an error or the context. Every folder it entered was then
	// listed, for watch mode's watches (Options.Walk.Folders). The build
	// may still fail after the walk: no page, a page that could not be
	// read, or the write. Walked is false for a server build's pages
	// (Options.Served), which are walked path by path.
	Walked bool
	// ExtraURLs is the number of records of extra URLs read
	// (Options.Extra).
	ExtraURLs int
	// Transformed counts what the per-URL hook did (Options.Transform).
	// It is nil without a hook.
	Transformed *Transformed
	// URLs are the records written, sorted by Loc. In a dry run they are
	// the records that would be written. URLs is nil when the build
	// failed before that.
	URLs sitemap.URLs
	// Skipped counts the files left out, by reason.
	Skipped map[mapping.Reason]int
	// Warnings counts the problems reported to Report.Warn.
	Warnings int
	// GeneratorSitemaps names the output folder's sitemap files that the
	// build decided are the generator's own (OwnSitemaps.Decide). It is
	// set with Options.OwnSitemaps, and nil without.
	GeneratorSitemaps func(name string) bool
	// SecondLook counts what the second look at the generator's own
	// sitemaps settled (secondlook.go). It is nil when the build compared
	// none.
	SecondLook *SecondLook
	// Unread counts the problems reported to Report.Error.
	Unread int
	// SourceProblems counts the problems found in front matter. Each one
	// is also a warning.
	SourceProblems int
	// FrontMatterRead counts the source files whose front matter the
	// build read. FrontMatterKept counts those whose front matter it took
	// instead from Options.CacheDir's record of an earlier build, because
	// the file had not changed. Both are 0 without CacheDir.
	FrontMatterRead, FrontMatterKept int
	// LastMod counts the pages listed, duplicates included, by the source
	// of their lastmod ("" for none).
	LastMod map[mapping.LastModSource]int
	// Unjoined counts the listed pages of a join (Options.Join) whose URL
	// no source file gives, such as list pages and pages made by
	// templates or plugins.
	Unjoined int
	// MTimeDropped says, with Options.GuardMTime, that some or all
	// modification times were a build's stamp and were left out. The
	// pages they would have dated are counted under "" in LastMod.
	MTimeDropped bool
	// SitemapLinks counts the pages by the href of their <link
	// rel="sitemap"> (htmlhead.Head.Sitemap), as written. When a
	// generator's sitemap is taken over, such links point at nothing.
	SitemapLinks map[string]int
	// SelfAlternates counts the listed pages whose head gives hreflang
	// alternates but leaves out the page itself (a theme's range
	// .Translations). The build completes them with the page's own
	// alternate, in the code that the generator's translations give it.
	SelfAlternates int
	// Stamps counts the listed pages whose date was passed over as the
	// build's time. The date came from the page's head or the generator's
	// sitemap. The rule of each page or of the set decided (stampsPass).
	Stamps int
	// Write is what the writer did. It is nil when the build failed
	// before the write, or when it only explained. With NoneListed, Write
	// says what the writer removed.
	Write *writer.Result
	// NoneListed is set when the build listed no page because every page
	// found was left out on purpose (Deliberate). No sitemap was written,
	// and Write says what was removed of an earlier run's set.
	NoneListed *NoneListed
	// Elapsed is the build's wall time.
	Elapsed time.Duration
	// LeftOut holds the URLs of the pages found and left out, sorted,
	// each once. It is filled only with Options.KeepLeftOut.
	LeftOut []string
	// PathAt gives the path of the page of URLs.At(i), relative to
	// Options.Root. It is nil when URLs is nil. An extra URL
	// (Options.Extra) has no page, so its path is NAME:LINE, and Extra(i)
	// is true.
	PathAt func(i int) string
	Extra  func(i int) bool
	// BaseURL is the base URL as the build normalized it. Redirects are
	// the host's redirect rules the build read, nil for none.
	BaseURL   string
	Redirects *host.Redirects
}

// ErrNoPages is why a build fails when the include patterns match no
// file. Run returns a *diag.Diagnostic about the root that wraps it.
var ErrNoPages = errors.New("no page found")

// noPages returns the error of a build of root whose include patterns
// match no file.
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

// ReadError is returned by Run when files or folders of the site could
// not be read. Each was reported to Report.Error. A sitemap written
// then could silently miss pages, so none is written, and the files
// already there are kept.
type ReadError struct{ Problems int }

func (e *ReadError) Error() string {
	if e.Problems == 1 {
		return "1 file or folder could not be read; nothing written"
	}
	return fmt.Sprintf("%d files or folders could not be read; nothing written", e.Problems)
}

// writeError turns the writer's error about one of its temporary files
// into an error about the folder dir. The temporary file's name means
// nothing to the user. The new error is a *diag.Diagnostic that wraps
// the system's error, such as no space left on the device, a read-only
// folder, or a file larger than the process may write. The writer has
// already removed its temporary files. Other errors name their file
// already, and writeError returns them unchanged.
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

// These are problems with a page that changed while the site was read.
// The page was listed, but what was read of it, if anything, may not be
// what is there now.
var (
	ErrRemovedBeforeRead = errors.New("removed after its folder was listed")
	ErrRemovedWhileRead  = errors.New("removed while it was read")
	ErrReplacedWhileRead = errors.New("replaced while it was read")
	ErrChangedWhileRead  = errors.New("changed while it was read")
)

// readsSources says the build reads the pages' sources (Options.Join or
// Options.Content).
func (o *Options) readsSources() bool { return o.Join != nil || o.Content != nil }
