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

// inputs are what a build reads besides its pages: the site's robots.txt,
// the git history, the hash state, the generator's own sitemaps and the
// cache of the sources' front matter. newBuilder loads them in one phase,
// before the walk (loadInputs); the passes after the walk only read them.
// A Session replaces one of them when its file changes (a new robots.txt
// starts the session's build again; a commit reads git's history again).
type inputs struct {
	// robotsTxt reads each folder's robots.txt once; robots judges the
	// URLs by the site's (nil without rules).
	robotsTxt robotsFiles
	robots    *robots.Judge

	// git dates pages by their sources' history (nil without the git
	// lastmod source). gitRoot is Options.Root, absolute; gitScope is the
	// folder the history is read for when it is not the sources'
	// (includes.go).
	git      *gitdates.Dates
	gitRoot  string
	gitScope string
	// gitWait takes the history startGit reads while the walk runs (nil
	// when none is being read); held are the reports told meanwhile, for
	// awaitGit to tell after git's (nil when none are held). gitTop is the
	// top of the work tree whose history startGit reads, known before it,
	// for the includes of the sources read meanwhile (includeBound); ""
	// when not asked or not one.
	gitWait func()
	held    []func()
	gitTop  string

	// hash dates pages by the digest of their content (nil without the
	// hash lastmod source); now is the build's time, the date of a page
	// whose digest changed.
	hash *hashstate.State
	now  time.Time

	// gen holds the dates and alternates of the generator's own sitemaps
	// (nil without them); genKept says GenDatesName was written. wit is
	// the generator's sitemaps as the witness of what it builds
	// (witness.go), and witNames the names of its files.
	gen      *genDates
	genKept  bool
	wit      *genDates
	witNames []string

	// fmc is the cache of the sources' front matter (fmcache.go); nil
	// without Options.CacheDir, and once saved (a Session's updates).
	fmc *fmCache
}

// loadInputs loads the build's inputs, in one phase after the mapper is
// made and before the walk: robots.txt's rules, git's history (read
// beside the walk for a join of sources: startGit), the generator's own
// sitemaps, the front matter cache and the hash state.
func (b *builder) loadInputs(ctx context.Context) {
	opts, m := b.opts, b.mapper
	b.loadRobots()
	switch {
	case !m.Uses(mapping.LastModGit):
	case opts.Join != nil && !opts.trackGit:
		// A join's build reads the history while it reads the
		// sources (a Session's restart asks for it at once).
		b.startGit(ctx)
	default:
		b.loadGit(ctx)
	}
	// The generator's sitemaps: their dates for the sitemap source, their
	// alternates for the pages whose heads give none.
	b.loadGenDates(ctx)
	if opts.CacheDir != "" {
		for _, s := range []*Sources{opts.Content, opts.Join} {
			if s != nil {
				b.fmc = loadFMCache(opts.CacheDir, s.Dir, opts.Limits)
			}
		}
	}
	if opts.Hash != nil && m.Uses(mapping.LastModHash) {
		// A state file that cannot be read is passed over, and left as it
		// is: read as empty, it would date every page by this build (a
		// date it does not know), and saved, it would lose the dates it
		// holds. The pages take their dates from the next sources.
		if st, err := hashstate.Load(opts.Hash.Dir, opts.Hash.State, opts.Limits.Or().StateBytes); err != nil {
			b.warn("", fmt.Errorf("%w; %s", err, hashPassedOver))
		} else {
			b.hash, b.now = st, opts.Map.Now
			if b.now.IsZero() {
				b.now = time.Now()
			}
		}
	}
}
