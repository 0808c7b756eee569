package pipeline

import (
	"context"
	"errors"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/writer"
)

// writePass is the write pass. It writes the sorted records as the
// sitemaps. When no page is listed, it withdraws an earlier run's set
// instead, or fails (writeNone). After a write it saves the hash
// source's state and the generator's dates, and warns about each index
// file that nothing names.
type writePass struct {
	// opts are the build's options. The pass reads Write, Sections,
	// Hash, Explain, GeneratorSitemaps and RobotsHook.
	opts *Options
	// res is the Result: the pass reads the listed URLs and the skips,
	// and sets Write and NoneListed.
	res *Result
	// now is the build's time (mapping.Mapper.Now), where the news
	// window ends. live says a Session writes: each write then has its
	// own news window, which ends at the time of the write.
	now  time.Time
	live bool
	// baseURL is the site's. bases counts the base URLs that the
	// canonical links of the skipped pages imply (nil in a Session's
	// update). allSkipped reads both when every page is left out.
	baseURL string
	bases   *canonicalBases
	// hash is the hash source's state, saved after the write. It is nil
	// without the hash source.
	hash *hashstate.State
	// gen holds the dates of the generator's sitemaps that the build
	// read. genKept says an earlier write of the build (or of the
	// Session) wrote them to GenDatesName once (keepGenDates); run
	// returns it, set when this write wrote them.
	gen     *genDates
	genKept bool
	// seen holds the generator's sitemaps the build read in the output
	// folder: the write replaces no other (writer.Options.TakenUnchanged).
	seen *seenSitemaps
	// emptySaid holds the sections that a warning named as empty
	// (sectioned). It is the builder's map, made once when there are
	// sections, so a Session keeps it between its writes.
	emptySaid map[string]bool
	found     findings
}

func (b *builder) writePass() *writePass {
	if len(b.opts.Sections) > 0 && b.said.emptySaid == nil {
		b.said.emptySaid = map[string]bool{}
	}
	return &writePass{
		opts: &b.opts, res: b.rep.res,
		now: b.mapper.Now(), live: b.session(),
		baseURL: b.mapper.BaseURL(), bases: b.rep.bases,
		hash: b.in.hash, gen: b.in.gen, genKept: b.out.genKept, seen: b.in.seen,
		emptySaid: b.said.emptySaid,
	}
}

// run writes the sorted records, recs. It returns whether the
// generator's dates are kept in GenDatesName (genKept), and its
// warnings, with the error that ended it, if any.
func (p *writePass) run(ctx context.Context, recs *records) (genKept bool, _ findings, _ error) {
	res := p.res
	if res.URLs.Len() == 0 {
		return p.genKept, p.found, p.writeNone(ctx)
	}
	// The news sitemap holds the articles of the two days before the
	// build, or, in watch mode, before each write.
	recs.media.newsAt = p.now
	if p.live {
		recs.media.newsAt = time.Now()
	}
	var err error
	recs.beforeWrite()
	st := p.opts.Write.State
	var took uint64
	if st != nil {
		took = st.Writes()
	}
	res.Write, err = writer.Write(res.URLs, p.hooked(ctx, p.sectioned(recs)))
	// The records count a Write as given when the State counts it as
	// the last Write. So a Write that failed after its commit counts.
	recs.afterWrite(st != nil && st.Writes() != took)
	if err != nil {
		return p.genKept, p.found, writeError(p.opts.Write.Dir, err)
	}
	p.saveHash()
	p.keepGenDates()
	for _, name := range res.Write.Unlinked {
		p.found.warn(name, errors.New("no sitemap or robots.txt names this index file (an index cannot list another); submit it to search engines, or use --robots"))
	}
	return p.genKept, p.found, nil
}

// hooked returns o with its robots hook set to Options.RobotsHook,
// called with ctx, and, when the build read the generator's sitemaps in
// the output folder, the check that they are still those it read.
func (p *writePass) hooked(ctx context.Context, o writer.Options) writer.Options {
	if hook := p.opts.RobotsHook; hook != nil {
		o.RobotsHook = func(robots []byte) ([]byte, error) { return hook(ctx, robots) }
	}
	if seen := p.seen; seen != nil && o.TakeOver != nil {
		w := o
		o.TakenUnchanged = func() error { return seen.unchanged(&w) }
	}
	return o
}

// writeNone ends a build that lists no page. If every page found was
// left out on purpose (Deliberate, judged on a whole build's reasons),
// the build writes no sitemap. It withdraws an earlier run's set
// (writer.Withdraw): its files, its record, and with Write.Robots its
// Sitemap: lines. Result.NoneListed says so. The hash state and the
// generator's dates stay as they are, for when the pages come back.
// Otherwise writeNone fails with an AllSkippedError and writes nothing.
//
// writeNone reads Result.Skipped and the canonical bases, which the
// reports count. No report of the pass comes before it, so the counts
// are whole.
func (p *writePass) writeNone(ctx context.Context) error {
	skipped := p.res.Skipped
	if !Deliberate(skipped) {
		return allSkipped(skipped, p.baseURL, p.bases)
	}
	w, err := writer.Withdraw(p.hooked(ctx, p.opts.Write))
	if err != nil {
		return writeError(p.opts.Write.Dir, err)
	}
	p.res.Write, p.res.NoneListed = w, &NoneListed{Skipped: skipped}
	return nil
}
