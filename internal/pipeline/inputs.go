package pipeline

import (
	"context"
	"fmt"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/gitdates"
	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// inputs are what a build reads besides its pages: the site's
// robots.txt, the git history, the hash state, the generator's own
// sitemaps and the cache of the sources' front matter. newBuilder loads
// them in one phase before the walk (loadInputs). The passes after the
// walk only read them. A Session replaces one of them when its file
// changes. A new robots.txt starts the session's build again, and a
// commit makes it read git's history again.
type inputs struct {
	// robotsTxt reads each folder's robots.txt once. robots judges the
	// URLs by the site's robots.txt; it is nil when there are no rules.
	robotsTxt robotsFiles
	robots    *robots.Judge

	// git dates pages by their sources' history. It is nil without the
	// git lastmod source. gitRoot is Options.Root, made absolute.
	// gitScope is the folder whose history is read, when that is not the
	// sources' folder (includes.go).
	git      *gitdates.Dates
	gitRoot  string
	gitScope string
	// gitWait waits for the history that startGit reads while the walk
	// runs. It is nil when no history is being read. The reporter holds
	// the reports told in the meantime (reporter.held). gitTop is the top of the work
	// tree whose history startGit reads. It is known before the read
	// starts, for the includes of the sources read in the meantime
	// (includeBound). It is "" when nobody asked, or when the folder is
	// in no work tree.
	gitWait func()
	gitTop  string

	// hash dates pages by the digest of their content. It is nil without
	// the hash lastmod source. now is the build's time, which becomes the
	// date of a page whose digest changed.
	hash *hashstate.State
	now  time.Time

	// gen holds the dates and alternates of the generator's own sitemaps.
	// It is nil when there are none. wit holds the generator's sitemaps as the witness of what
	// it builds (witness.go), and witNames holds the names of their
	// files.
	gen      *genDates
	wit      *genDates
	witNames []string
	// seen holds the generator's sitemaps that the build read in the
	// output folder, as they were then (genseen.go). It is nil when it
	// read none there.
	seen *seenSitemaps

	// fmc is the cache of the sources' front matter (fmcache.go). It is
	// nil without Options.CacheDir, and after it is saved (in a Session's
	// updates).
	fmc *fmCache
}

// loader loads a build's inputs in one phase, after the mapper is made
// and before the walk (loadInputs). Its fields say what the loading
// reads. It fills in the inputs. It tells its warnings and notes to the
// builder's reporter as it goes, so they reach Options.Report at once,
// in the order they are found.
type loader struct {
	// opts are the build's options. The loading reads many of them, and
	// sets those that decideOwnSitemaps decides.
	opts   *Options
	mapper *mapping.Mapper
	rep    *reporter
	// res is the Result. decideOwnSitemaps sets its GeneratorSitemaps.
	res *Result
	// in holds the inputs that the loading fills.
	in *inputs
	// witness names the generator's sitemaps that witness what it builds
	// (sitemapWitness). It is nil when they do not witness.
	witness []string
	// git reads git's history into in, beside the walk of a join or at
	// once. It stays a method of the builder, because the walk of a join
	// reads the history too (startGit, includes.go).
	git func(ctx context.Context)
}

// loadInputs makes the build's loader and runs it. The loader reads
// git's history through readGit.
func (b *builder) loadInputs(ctx context.Context) {
	_, names := b.sitemapWitness()
	l := &loader{opts: &b.opts, mapper: b.mapper, rep: &b.rep, res: b.rep.res, in: &b.in, witness: names, git: b.readGit}
	l.load(ctx)
}

// readGit reads git's history for the git lastmod source. For a join of
// sources, it reads it beside the walk (startGit).
func (b *builder) readGit(ctx context.Context) {
	switch {
	case !b.mapper.Uses(mapping.LastModGit):
	case b.opts.Join != nil && !b.session():
		// A join's build reads the history while it reads the sources. A
		// Session's restart asks for the history at once instead.
		b.startGit(ctx)
	default:
		b.loadGit(ctx)
	}
}

// load loads robots.txt's rules, git's history, the generator's own
// sitemaps, the front matter cache and the hash state, in this order.
func (l *loader) load(ctx context.Context) {
	l.in.robotsTxt.max = l.opts.Limits.Or().RobotsBytes
	l.decideOwnSitemaps()
	opts, m := l.opts, l.mapper
	l.loadRobots()
	l.git(ctx)
	// Load the generator's sitemaps. Their dates serve the sitemap
	// source, and their alternates serve the pages whose heads give none.
	l.loadGenDates(ctx)
	if opts.CacheDir != "" {
		for _, s := range []*Sources{opts.Content, opts.Join} {
			if s != nil {
				l.in.fmc = loadFMCache(opts.CacheDir, s.Dir, opts.Limits)
			}
		}
	}
	if opts.Hash != nil && m.Uses(mapping.LastModHash) {
		// Pass over a state file that cannot be read, and leave it as it
		// is. Read as empty, it would date every page by this build, a date
		// it does not know. Saved, it would lose the dates it holds. The
		// pages take their dates from the next sources.
		if st, err := hashstate.Load(opts.Hash.Dir, opts.Hash.State, opts.Limits.Or().StateBytes); err != nil {
			l.rep.warn("", fmt.Errorf("%w; %s", err, hashPassedOver))
		} else {
			l.in.hash, l.in.now = st, opts.Map.Now
			if l.in.now.IsZero() {
				l.in.now = time.Now()
			}
		}
	}
}

// decideOwnSitemaps decides which of the files the generator names as
// its sitemaps are its own (OwnSitemaps.Decide). It reads them before
// the build reads or replaces them, and sets the options that ask:
// Result.GeneratorSitemaps, Options.GeneratorSitemaps and, with
// TakeOverOwn, Write.TakeOver.
func (l *loader) decideOwnSitemaps() {
	o := l.opts.OwnSitemaps
	if o == nil {
		return
	}
	w := &l.opts.Write
	takes, warnings := o.Decide(w.Dir, w.RecordFolder(), l.mapper.BaseURL(), l.opts.Limits, l.in.robotsTxt.of(w.Dir))
	for _, err := range warnings {
		l.rep.warn("", err)
	}
	l.res.GeneratorSitemaps = takes
	if l.opts.ReadOwn || keptGenDates(w.RecordFolder()) {
		l.opts.GeneratorSitemaps = takes
	}
	if l.opts.TakeOverOwn {
		w.TakeOver = takes
	}
}
