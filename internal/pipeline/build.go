package pipeline

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
)

// Run runs one build. It returns the Result so far, together with any
// error. With Options.Explain it writes nothing. With Write.Check as
// well, it compares instead of writing.
func Run(ctx context.Context, opts Options) (*Result, error) {
	start := time.Now()
	res := &Result{Skipped: map[mapping.Reason]int{}}
	defer func() { res.Elapsed = time.Since(start) }()
	b, err := newBuilder(ctx, opts, res, runBuild)
	if err != nil {
		return res, err
	}
	res.Redirects = b.opts.Map.Redirects
	// Under --verbose, each page's account is the one the build writes.
	// The explainer tells it once the page is dated (explainer.every), or
	// as the page stands if the build ends before that.
	b.explain.every = opts.Report.Page
	defer b.explain.flush()
	defer b.sayRefused(false) // says them if the walk's error ends the build early
	return res, b.run(ctx)
}

// newBuilder sets up a build. It reads the host's rules, makes the
// mapper, fills in the writer's defaults and decides which of the
// generator's sitemaps are its own. Then it loads the build's other
// inputs (loadInputs). at says whose build it is: runBuild or
// sessionBuild.
func newBuilder(ctx context.Context, opts Options, res *Result, at mode) (*builder, error) {
	if c := opts.Content; c != nil {
		opts.Root, opts.Walk, opts.Heads.Read = c.Dir, c.Walk, false
		if len(opts.Walk.Include) == 0 {
			opts.Walk.Include = ContentInclude
		}
	}
	b := &builder{opts: opts, mode: at}
	b.rep = reporter{report: opts.Report, res: res, keepLeft: opts.KeepLeftOut, bases: &canonicalBases{}, failUnread: at == runBuild}
	b.src.translated = opts.Translator != nil
	for _, s := range []*Sources{opts.Content, opts.Join} {
		if s != nil {
			// Ask the sources' generator for its rules once. This build and a
			// Session's rebuilds use the answer.
			b.src.rules = generator.RulesOf(s.Preset)
		}
	}
	if !opts.Map.DevServer {
		b.found.dev = &devPages{}
	}
	if err := b.hostRules(&opts.Map, opts); err != nil {
		return nil, err
	}
	if opts.Map.Built {
		opts.Map.SourceDate = b.sourceDate
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
	res.BaseURL, b.rep.baseURL = m.BaseURL(), m.BaseURL()
	b.recs.mapper = m
	b.recs.extras.cf, b.recs.extras.prio = opts.Map.Defaults.ChangeFreq, opts.Map.Defaults.Priority
	b.ownOutputAtRoot = fsx.SamePath(opts.Root, opts.Write.Dir)
	b.loadInputs(ctx)
	return b, nil
}

// hostRules reads the host's files into mo. It reads the header rules
// from opts.HostDirs and the redirect rules from opts.RedirectDirs.
// Each file is read once for both kinds (netlify.toml holds both, as
// the project's discovery read it). hostRules keeps the rules mo
// already has.
func (b *builder) hostRules(mo *mapping.Options, opts Options) error {
	files := host.NewSiteFiles(opts.Limits, opts.PlatformFile)
	if mo.Hosts == nil && len(opts.HostDirs) > 0 {
		rules, warnings, err := files.Headers(opts.HostDirs...)
		if err != nil {
			return err
		}
		for _, w := range warnings {
			b.rep.warn("", w)
		}
		mo.Hosts = rules
	}
	if mo.Redirects == nil && len(opts.RedirectDirs) > 0 {
		// Redirect rules only warn, so an unreadable file is a warning too.
		rules, warnings, err := files.Redirects(opts.Shadowing, opts.RedirectDirs...)
		if err != nil && !errors.Is(err, syscall.ENOTDIR) {
			warnings = append(warnings, fmt.Errorf("redirect rules not checked: %w", err))
		}
		for _, w := range warnings {
			b.rep.warn("", w)
		}
		if rules.Len() > 0 || rules.ErrorPages() > 0 {
			mo.Redirects = rules
		}
	}
	return nil
}

// run runs the whole build: first the walk, then the passes
// (passes.go).
func (b *builder) run(ctx context.Context) error {
	if err := b.load(ctx); err != nil {
		return err
	}
	return b.runPasses(ctx, passArgs{})
}

// anyPage fails a build that found no page with a noPages error. When
// --explain asked about files, it first says why each was left out.
func (b *builder) anyPage(_ context.Context, _ passArgs) error {
	if b.rep.res.Pages > 0 || b.session() && b.kept.index.len() > 0 {
		return nil
	}
	if len(b.opts.Explain) > 0 {
		if err := b.explain.finish(&b.recs, b, b.opts.Report.Explain); err != nil {
			return err
		}
	}
	err := noPages(b.opts.Root, b.opts.Walk.Include).(*diag.Diagnostic)
	if b.found.htmlLeftOut > 0 { // shown under --quiet too
		err.Hint = fmt.Sprintf("%s left out: the include patterns replace the default %s; add --include '**/*.html' to list them", countHTML(b.found.htmlLeftOut), strings.Join(walker.DefaultInclude, ", "))
	}
	return err
}

// explained says, under --explain, what the build decided about each
// file asked about. A check writes nothing and goes on to its verdict.
// A check is --explain without --check, or Options.NoWrite.
func (b *builder) explained(_ context.Context, _ passArgs) error {
	opts := b.opts
	if len(opts.Explain) > 0 {
		// A build refuses a dev server's output, and --explain says so. The
		// caller may instead explain it the way watch lists it beside the
		// server (mapping.Options.DevServer).
		if err := b.devServer(); err != nil {
			return err
		}
	}
	if err := b.explain.finish(&b.recs, b, opts.Report.Explain); err != nil {
		return err
	}
	b.out.noWrite = len(opts.Explain) > 0 && !opts.Write.Check || opts.NoWrite
	return nil
}

// phaseHook is told when each phase of a build ends. A benchmark
// (BenchmarkPhases) sets it while no build runs. The pass that ends a
// phase calls it (passes.go). The phases are "walk" (with the extra
// URLs), "sort", "robots" (stalePass, dedupPass, robotsPass), "stamps"
// (stampsPass, lastModCountsPass, genAltsPass), "hreflang", "lint"
// (listPagesPass to lintPass) and "write". The write pass tells
// "write" when it ends, whether it wrote or not.
var phaseHook func(phase string)

func phaseDone(phase string) {
	if phaseHook != nil {
		phaseHook(phase)
	}
}

// walkAll judges every page under the root, then warns when the include
// patterns left out every HTML page.
func (b *builder) walkAll(ctx context.Context) error {
	err := b.pages(ctx, func(w walker.Options, fn func(walker.File) error) error {
		if b.opts.Served != nil {
			return walker.WalkPaths(ctx, b.opts.Root, b.servedPaths(), w, fn)
		}
		err := walker.Walk(ctx, b.opts.Root, w, fn)
		b.rep.res.Walked = err == nil && ctx.Err() == nil
		return err
	})
	if err == nil {
		// If the context ended a page's read, the page is not unreadable:
		// the run was stopped. The walk may have ended in the meantime.
		err = ctx.Err()
	}
	if n := b.found.htmlLeftOut; n > 0 {
		b.rep.warn("", fmt.Errorf("the include patterns (%s) match no HTML page, and %s left out; they replace the default %s: add --include '**/*.html' to list the pages too",
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

// builder is the state of one build. Its fields are grouped by who
// writes them and how long they live. The first ones are what the build
// is asked: newBuilder sets them and nothing changes them after. Then
// each group is a type of its own: in is what the loader reads besides
// the pages, recs what the walk makes and the passes judge, src the
// sources joined to the pages, found what one build's judgements found
// for the reports, rep where they are told, and out the writer's state.
// kept and said are what a Session keeps between its updates, and upd
// is one update's own.
type builder struct {
	opts Options
	// mode says whether the build is a Run's, a Session's whole build or
	// its update (kept.go). It is the one value that says so.
	mode    mode
	mapper  *mapping.Mapper
	explain *explainer
	root    *pageRoot // where heads are read from
	// served maps each page's path to its URL path in a server build
	// (Options.Served). It is nil for a site of files.
	served map[string]string
	// ownOutputAtRoot says the output folder is the site's own.
	ownOutputAtRoot bool

	in    inputs   // read once a whole build, by the loader (inputs.go)
	recs  records  // made by the walk, judged by the passes (records.go)
	src   joined   // the sources, kept and forgotten by path in a Session
	found judged   // found by one build's judgements, read by its reports
	rep   reporter // tells the findings, counts them in the Result
	out   output   // what the write is told, and what it wrote
	kept  kept     // by page, between a Session's updates (kept.go)
	said  saidOnce // told once a Session, between its updates
	upd   update   // one update's own, empty outside an update
}

// output is the writer's state. newBuilder sets noWrite from the
// options; the write pass sets genKept, which the pass after the write
// reads.
type output struct {
	// noWrite says the build writes nothing, as in a check or under
	// --explain (explained).
	noWrite bool
	// genKept says GenDatesName was written.
	genKept bool
}

// joined is the state of a build that joins its pages to their sources
// (Options.Join, Options.Content). It holds the sources, the claims on
// them, and their routes and translations. The walk writes it as it
// reads the sources, and the passes read it. A Session keeps it between
// its updates: an update forgets a changed source in it (forget.go) and
// reads it again.
type joined struct {
	// rules are the rules of the sources' generator. They are zero when
	// there are no sources.
	rules generator.Rules
	// join holds Options.Join's sources by joinKey. runnerUp holds, by
	// join key, the claim that comes after join's in a build of Run. A
	// Session uses claims instead.
	join     map[string]*source
	runnerUp map[string]*source
	// routes holds, by source path, the patterns of the source's routes
	// that have a parameter (routePattern). dataRoutes holds the routes
	// that make their pages from their data alone (source.data).
	// listRoutes holds the patterns of the routes whose pages are lists
	// (generator.ListRules.Routes).
	routes     map[string][]string
	dataRoutes map[string]*source
	listRoutes map[string][]string
	// unplaced holds, by path, the sources whose URL the preset cannot
	// tell, where the generator deletes quietly (OutputRules.
	// QuietDeletes), with the URL path their pages are under
	// (permalinkStart): a page whose source is gone may be theirs.
	unplaced map[string]string
	// static holds the folders whose files claim a page that has no
	// source (claimed). The walk uses it in a join whose generator keeps
	// old output.
	static *staticClaims
	// fmDates holds the sources' front matter dates in Unix seconds
	// (sourceDate). In a Session it holds every date read so far.
	fmDates map[int64]bool
	// sources keeps, in a Session with a join, every source by its path
	// relative to Join.Dir. claims keeps every source of each joinKey, in
	// walk order.
	sources map[string]*source
	claims  map[string][]*source
	// translated says the generator's rules give sources translations
	// (generator.Translator). groups holds the joined sources by their
	// translation key. It is set to nil when the sources change, and made
	// again.
	translated bool
	groups     map[string][]*source
	// pageSrcs holds, by path, the pages that Options.Translator gives
	// translations. Each is a source of its own (path, lang, tkey).
	// pageMu guards pageSrcs, and groups too while the walk's goroutines
	// add to it.
	pageMu   sync.Mutex
	pageSrcs map[string]*source
	// joinPre holds joinPrefix's result, made once.
	joinPre struct {
		once sync.Once
		s    string
	}
}

// judged holds what a build's judgements found, for the reports that
// come after them: the refused dates, and the counts that end in a
// warning. The walk writes it and the passes after it read it. It lives
// one build: a Session's whole build has a builder of its own, and an
// update's judgement empties the refused dates (refusedPass).
type judged struct {
	// dev counts the pages whose links name a dev server. It is set in a
	// whole build that does not run beside a dev server
	// (mapping.Options.DevServer), and nil otherwise.
	dev *devPages
	// htmlLeftOut counts the HTML files that no include pattern matches.
	// It counts them only when no pattern can match one
	// (walker.IncludesHTML).
	htmlLeftOut int
	// extraPaths holds the URL paths of the extra URLs, with a leading
	// slash, when Options.OnDemand is set (warnOnDemand).
	extraPaths []string
	// refused holds the warnings about dates refused in the sources'
	// front matter. They wait until the dates are final (refused.go).
	// refusedRecs holds the records of the pages of each source that has
	// such a date, by the source's path as reported.
	refused     []refusedDate
	refusedRecs map[string][]refusedPage
	// genHits holds, in a whole build (genCount), the witnessHash of each
	// page left out at the walk whose URL the generator's sitemaps list
	// (genSeen). genDrafts counts the drafts listed because the
	// generator built and lists them (builtDraft). secondLookPass reads
	// both.
	genHits   []uint64
	genCount  bool
	genDrafts atomic.Int32
}

// kept is what a Session keeps of each page between its updates, so
// that an update reads only what changed. The walk and the passes write
// it; an update forgets what it holds of a changed path (forget.go). A
// build of Run fills only skipped, which the hreflang pass drops.
type kept struct {
	// index gives the record of every page judged, or -1 when it is not
	// listed.
	index *pageIndex
	// problems counts the front matter problems of each file that has
	// some, as reported.
	problems map[string]int
	// linked names the pages read that have more than one name (hard
	// links).
	linked *linkedPages
	// skipped keeps, by URL, why pages that have a URL were left out.
	// The alternates that name those pages need it. skippedLoc keeps
	// their URLs by path.
	skipped    skippedPages
	skippedLoc map[string]string
	// hreflang is the hreflang pass, with the warnings it last made and
	// what changed since. A Session makes it at its first judgement.
	hreflang *hreflangPass
}

// saidOnce is what a Session told once and keeps between its updates, so
// that an update does not tell it again. The passes that warn write it
// and read it; a Run's build says everything once anyway.
type saidOnce struct {
	// saidOf holds, by their reported paths, the sources' files the walk
	// warned about and the Jekyll layouts reported unread (layoutUnread).
	saidOf map[string]bool
	// onDemandSaid holds the routes rendered on demand that the last
	// whole build warned about (warnOnDemand). It is the Session's own.
	// emptySaid holds the sections without a page that a warning named.
	// siteWide is the pass that finds the site's dates, with the dates
	// it told.
	onDemandSaid *string
	emptySaid    map[string]bool
	siteWide     *siteWidePass
}

// update is one update's own: beginUpdate makes it, the walk of the
// changed pages fills it, and the update's passes read it. Outside an
// update it is empty.
type update struct {
	// touched and added collect the paths judged again and the records
	// added.
	touched map[string]bool
	added   []int32
}

// errNotFollowed is the warning about a page that is a symbolic link,
// while links are not followed.
var errNotFollowed = errors.New(string(mapping.NotFollowed) + "; not listed")

// servable reports whether a page's read error comes from the policy,
// so that leaving the page out is right. Either a web server would not
// serve the page (its mode lets nobody read it, or it is not a regular
// file), or the build does not read it (its path goes through a
// symbolic link out of its folder).
func servable(err error) bool {
	return errors.Is(err, walker.ErrNoReadBits) || errors.Is(err, walker.ErrNotRegular) ||
		errors.Is(err, fsx.ErrNotRegular) || errors.Is(err, fsx.ErrOutside)
}

// servedPaths returns the paths of a server build's pages (Options.Served)
// for the walk, and keeps their URL paths for judge.
func (b *builder) servedPaths() []string {
	b.served = make(map[string]string, len(b.opts.Served))
	paths := make([]string, 0, len(b.opts.Served))
	for _, p := range b.opts.Served {
		b.served[p.Path] = p.URLPath
		paths = append(paths, p.Path)
	}
	return paths
}
