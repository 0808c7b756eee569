package pipeline

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/cachedir"
	"github.com/sitemapgen/sitemapgen/internal/selfcheck"
)

// A build runs in three phases. First newBuilder loads the inputs: what
// the build reads besides its pages (loadInputs, inputs.go). Then load
// walks the site and makes one record a page, and one an extra URL.
// Then the passes below run over the records, in order: each one
// judges, dates, reports or writes. The same list serves a build of Run,
// a Session's whole build (Start, and each restart) and a Session's
// update; each pass says at which of these it runs.

// when says in which of the builder's modes a pass runs: a set of them.
type when uint8

const (
	// atRun is a build of Run (and of audit, which runs no write).
	atRun when = 1 << runBuild
	// atStart is a Session's whole build, at Start or a restart.
	atStart when = 1 << sessionBuild
	// atUpdate is a Session's update.
	atUpdate when = 1 << sessionUpdate

	whole  = atRun | atStart // judges every page; counts, says what only a whole build can
	always = atRun | atStart | atUpdate
)

// passArgs are what a pass is given besides the builder.
type passArgs struct {
	// only holds the paths of the pages an update read again. Duplicates
	// and hreflang problems are reported for these pages alone. It is nil
	// for a whole build. Whether the build is an update is b.mode's to
	// say; only is what the update read.
	only map[string]bool
	// s is the Session whose records the passes judge, nil for Run. The
	// passes read its records; whether the build is a Session's is
	// b.mode's to say.
	s *Session
}

// A pass is one step of a build after the walk.
type pass struct {
	name string
	when when
	run  func(b *builder, ctx context.Context, a passArgs) (findings, error)
	// phase, when not "", is the phase it ends for BenchmarkPhases.
	phase string
}

// passes are the steps after the walk, in their order. They judge the
// sorted records (stale pages, duplicates, robots.txt, build stamps,
// alternates, hreflang), date the list pages, check the dates, run the
// per-URL hook, and write.
var passes = []pass{
	{name: "no page unread", when: atRun, run: func(b *builder, _ context.Context, _ passArgs) (findings, error) {
		if b.rep.res.Unread > 0 {
			return nil, &ReadError{Problems: b.rep.res.Unread}
		}
		return nil, nil
	}},
	{name: "sources unused", when: whole, run: func(b *builder, _ context.Context, _ passArgs) (findings, error) {
		if b.opts.Join != nil {
			return unusedSources(b.src.join), nil
		}
		return nil, nil
	}},
	{name: "sort", when: whole, phase: "sort", run: func(b *builder, _ context.Context, a passArgs) (findings, error) {
		b.recs.sort()
		if s := a.s; b.session() {
			s.all, b.recs.order = b.recs.order, nil // shared below
			s.countDups()
		}
		return nil, nil
	}},
	{name: "all records", when: atStart | atUpdate, run: func(b *builder, _ context.Context, a passArgs) (findings, error) {
		// The passes below take records out of the order. So a Session
		// judges from all its records again each time. It shares its list
		// of them until a pass takes one out (keepAt).
		b.recs.share(a.s.all)
		return nil, nil
	}},
	{name: "a page found", when: always, run: func(b *builder, ctx context.Context, a passArgs) (findings, error) {
		return nil, b.anyPage(ctx, a)
	}},
	{name: "strict", when: always, run: func(b *builder, _ context.Context, _ passArgs) (findings, error) {
		n := b.rep.res.SourceProblems
		if b.session() {
			n = sum(b.kept.problems) // a Session counts every source it read
		}
		if b.opts.Strict && n > 0 {
			return nil, &StrictError{Problems: n}
		}
		return nil, nil
	}},
	{name: "stale", when: always, run: func(b *builder, ctx context.Context, a passArgs) (findings, error) {
		was := b.recs.old.stale
		stale, counts, found := b.stalePass().run(ctx, &b.recs, was, a.only, b.staleIn())
		b.rep.res.add(counts)
		b.recs.old.stale = stale
		b.staleChanged(was) // tells the hreflang clusters what changed
		return found, nil
	}},
	{name: "duplicates", when: always, run: func(b *builder, _ context.Context, a passArgs) (findings, error) {
		if s := a.s; b.session() {
			if selfcheck.On() {
				if n := s.dups; s.countDups() != n {
					panic(fmt.Sprintf("build: the Session counted %d duplicate URLs, and there are %d", n, s.dups))
				}
			}
			// Equal locs sit side by side in all, so with fewer than two of
			// them nothing is a duplicate. stalePass takes records out, and
			// that makes no new duplicate.
			if s.dups == 0 && !b.opts.Map.CleanURLs {
				return nil, nil
			}
		}
		return b.dedupPass().run(&b.recs, a.only), nil
	}},
	{name: "robots.txt", when: always, phase: "robots", run: func(b *builder, _ context.Context, a passArgs) (findings, error) {
		return b.robotsPass().run(&b.recs, a.only), nil
	}},
	{name: "build stamps", when: always, run: func(b *builder, ctx context.Context, _ passArgs) (findings, error) {
		rule, found := b.stampsPass().run(ctx, &b.recs)
		b.rep.res.Stamps += rule.count - b.recs.stamps.stampRule.count
		b.recs.stamps.stampRule = rule
		// The site's dates pass judges the dates that are no build's stamp.
		sites, notes := b.siteWidePass().run(&b.recs)
		b.recs.sites.dates, b.recs.sites.gitFallback = sites.dates, sites.gitFallback
		return append(found, notes...), nil
	}},
	{name: "lastmod counts", when: whole, run: func(b *builder, _ context.Context, _ passArgs) (findings, error) {
		if counts, ok := b.lastModCountsPass().run(&b.recs); ok { // counts every page
			b.rep.res.setLastMod(counts)
		}
		return nil, nil
	}},
	{name: "generator's alternates", when: always, phase: "stamps", run: func(b *builder, _ context.Context, _ passArgs) (findings, error) {
		alts := genAltsPass{}.run(&b.recs, b.genAltsIn())
		alts.apply(&b.recs, b.kept.hreflang)
		b.rep.res.SelfAlternates = alts.selfAdded
		return nil, nil
	}},
	{name: "hreflang", when: always, phase: "hreflang", run: func(b *builder, _ context.Context, a passArgs) (findings, error) {
		var all []int32
		if b.session() {
			all = a.s.all
		}
		found := b.hreflangPass().run(&b.recs, a.only, all, &b.kept.skipped)
		if !b.session() {
			// No pass after this one asks why a page was left out, and a
			// Run has no update to judge: the pages left out (thousands of
			// them, with their URLs, paths and reasons) need not stay for
			// the write, where a build's memory peaks.
			b.kept.skipped.byLoc, b.kept.skipped.list = nil, nil
		}
		return found, nil
	}},
	{name: "results", when: always, run: func(b *builder, _ context.Context, _ passArgs) (findings, error) {
		if b.opts.KeepLeftOut {
			slices.Sort(b.rep.res.LeftOut)
			b.rep.res.LeftOut = slices.Compact(b.rep.res.LeftOut)
		}
		b.rep.res.URLs, b.rep.res.PathAt, b.rep.res.Extra = &b.recs, b.recs.PathAt, b.recs.ExtraAt
		return nil, nil
	}},
	{name: "list pages", when: always, run: func(b *builder, _ context.Context, a passArgs) (findings, error) {
		dates, said, counts, found := b.listPagesPass().run(&b.recs, b.whole(), b.listIn()) // a whole build counts every page
		if len(said) > 0 && b.said.saidOf == nil {
			b.said.saidOf = make(map[string]bool, len(said))
		}
		maps.Copy(b.said.saidOf, said)
		b.rep.res.add(counts)
		b.recs.listed, b.recs.listedWhy.by, b.recs.listedWhy.gen = dates.at, dates.by, dates.gen
		return found, nil
	}},
	{name: "file times", when: always, run: func(b *builder, ctx context.Context, a passArgs) (findings, error) {
		counts, found := b.mtimePass().run(ctx, &b.recs, a.only)
		b.rep.res.add(counts)
		if !b.whole() && b.recs.Len() == 0 {
			// An update reads some pages and counts only their reasons. Only
			// a whole build can judge why no page is listed (Deliberate, the
			// canonical links' base).
			return found, errWhole
		}
		return found, nil
	}},
	// The second look compares the final dates and the listed pages with
	// the generator's own sitemaps (secondlook.go). Its rules apply in
	// watch mode too; a Session does not count, nor warn, as the
	// generator may be writing its sitemaps while it reads them.
	{name: "second look", when: atRun, run: func(b *builder, _ context.Context, _ passArgs) (findings, error) {
		look, found := b.secondLookPass().run(&b.recs, b.secondLookIn())
		if look != nil {
			b.rep.res.SecondLook = look
		}
		return found, nil
	}},
	{name: "transform", when: atRun, run: func(b *builder, ctx context.Context, _ passArgs) (findings, error) {
		if b.opts.Transform != nil {
			done, found, err := b.transformPass().run(ctx, &b.recs)
			b.rep.res.Transformed = done.stats
			b.rep.res.add(done.counts)
			return found, err
		}
		return nil, nil
	}},
	// The refused dates pass. It says the warnings about the dates
	// refused in the sources, and which date each page gets instead. The
	// warnings wait until the dates are final (refused.go).
	{name: "refused dates", when: always, run: func(b *builder, _ context.Context, _ passArgs) (findings, error) {
		return b.refusedDates(true), nil
	}},
	{name: "lastmod lint", when: whole, phase: "lint", run: func(b *builder, ctx context.Context, _ passArgs) (findings, error) {
		return b.lintPass().run(ctx, &b.recs, b.rep.res.LastMod, b.rep.bases), nil
	}},
	{name: "explain", when: atRun, run: func(b *builder, ctx context.Context, a passArgs) (findings, error) {
		return nil, b.explained(ctx, a)
	}},
	{name: "write", when: always, phase: "write", run: func(b *builder, ctx context.Context, _ passArgs) (findings, error) {
		if b.out.noWrite {
			return nil, nil
		}
		// A build refuses a dev server's output before it writes.
		if err := b.devServer(); err != nil {
			return nil, err
		}
		done, found, err := b.writePass().run(ctx, &b.recs, b.writeIn())
		b.out.genKept, b.said.emptySaid = done.genKept, done.emptySaid
		if done.write != nil {
			b.rep.res.Write = done.write
		}
		if done.none != nil {
			b.rep.res.NoneListed = done.none
		}
		return found, err
	}},
	{name: "after the write", when: whole, run: func(b *builder, _ context.Context, _ passArgs) (findings, error) {
		if b.out.noWrite {
			return nil, nil
		}
		return b.afterWritePass().run(), nil
	}},
	// The front matter cache keeps what the build read of its sources'
	// front matter for the next build (Options.CacheDir). A build that
	// failed keeps nothing.
	{name: "front matter cache", when: whole, run: saveFMCache},
	// The cache trim removes the cache folder's files that no build has
	// used for a month. It runs once a day (internal/cachedir).
	{name: "cache trim", when: whole, run: trimCache},
}

// cacheClock gives the time by which cache file uses and trims are
// measured. A test moves it a month on.
var cacheClock = time.Now

// trimCache is the pass that trims the cache folder (cachedir.Trim). It
// notes what it removed, or why it could not. A note is enough, because
// the cache folder is not the build's fault.
func trimCache(b *builder, _ context.Context, _ passArgs) (found findings, _ error) {
	if b.opts.CacheDir == "" {
		return nil, nil
	}
	removed, err := cachedir.Trim(b.opts.CacheDir, cacheClock())
	if n := len(removed); n > 0 {
		files := "files"
		if n == 1 {
			files = "file"
		}
		found.note("", fmt.Sprintf("cache folder trimmed: %d %s no build used for %d days removed", n, files, int(cachedir.MaxUnused.Hours()/24)))
	}
	if err != nil {
		found.note("", err.Error())
	}
	return found, nil
}

// runPasses runs, in order, the passes that run in the builder's mode.
// The first error ends the run.
func (b *builder) runPasses(ctx context.Context, a passArgs) error {
	defer b.sayRefused(false) // says them if a pass's error ends the build early
	for _, p := range passes {
		if p.when&(1<<b.mode) == 0 {
			continue
		}
		found, err := p.run(b, ctx, a)
		b.rep.say(found) // what the pass found, before its error if any
		if err != nil {
			return err
		}
		if p.phase != "" {
			phaseDone(p.phase)
		}
	}
	return nil
}

// load is the walk every whole build starts with (Run, a Session's
// Start and restarts). It reads the sources of a join, then the site's
// pages, then the extra URLs.
func (b *builder) load(ctx context.Context) error {
	if b.opts.Join != nil {
		err := b.loadJoin(ctx)
		b.awaitGit()
		if err != nil {
			return err
		}
	}
	// The second look's R1 bound, read by the walk, and what a build of
	// Run counts.
	b.setGenAfter(ctx)
	b.found.genHits, b.found.genCount = nil, b.in.gen != nil && b.opts.Content == nil && !b.session()
	b.found.genDrafts.Store(0)
	if err := b.walkAll(ctx); err != nil {
		return err
	}
	if err := b.addExtras(ctx); err != nil {
		return err
	}
	phaseDone("walk")
	return nil
}
