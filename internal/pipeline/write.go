package pipeline

import (
	"context"
	"errors"
	"maps"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/mapping"
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
	// now is the build's time (mapping.Mapper.Now), where the news
	// window ends. live says a Session writes: each write then has its
	// own news window, which ends at the time of the write.
	now  time.Time
	live bool
	// baseURL is the site's. allSkipped reads it when every page is
	// left out.
	baseURL string
	// hash is the hash source's state, saved after the write. It is nil
	// without the hash source.
	hash *hashstate.State
	// done is the pass's product, which run returns. It starts with
	// what the builder kept of the earlier writes of the build or of the
	// Session: whether the generator's dates are kept, and the empty
	// sections a warning named (a copy, the pass's own).
	done  wrote
	found findings
}

// writeIn are what the write pass reads of the reports' counts and the
// loader's inputs, and does not change.
type writeIn struct {
	// skipped are the pages left out, by reason (Result.Skipped), judged
	// when no page is listed, with bases, the base URLs that the
	// canonical links of the skipped pages imply (reporter.bases, nil in
	// a Session's update).
	skipped map[mapping.Reason]int
	bases   *canonicalBases
	// gen holds the dates of the generator's sitemaps that the build
	// read.
	gen *genDates
	// seen holds the generator's sitemaps the build read in the output
	// folder: the write replaces no other (writer.Options.TakenUnchanged).
	seen *seenSitemaps
}

// writeIn returns what the write pass reads.
func (b *builder) writeIn() writeIn {
	return writeIn{skipped: b.rep.res.Skipped, bases: b.rep.bases, gen: b.in.gen, seen: b.in.seen}
}

// wrote is what the write pass returns for the builder to keep.
type wrote struct {
	// write is Result.Write. none is Result.NoneListed, when no page is
	// listed and each was left out on purpose.
	write *writer.Result
	none  *NoneListed
	// genKept says this write, or an earlier one of the build (or of the
	// Session), wrote the generator's dates to GenDatesName
	// (keepGenDates).
	genKept bool
	// emptySaid holds the sections that a warning named as empty
	// (sectioned), so a Session says it once while it lasts.
	emptySaid map[string]bool
}

func (b *builder) writePass() *writePass {
	return &writePass{
		opts: &b.opts,
		now:  b.mapper.Now(), live: b.session(),
		baseURL: b.mapper.BaseURL(),
		hash:    b.in.hash,
		done:    wrote{genKept: b.out.genKept, emptySaid: maps.Clone(b.said.emptySaid)},
	}
}

// run writes the sorted records, recs, by what in gives. It returns
// what the write did (wrote), and its warnings, with the error that
// ended it, if any.
func (p *writePass) run(ctx context.Context, recs *records, in writeIn) (wrote, findings, error) {
	if recs.Len() == 0 {
		return p.done, p.found, p.writeNone(ctx, in)
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
	p.done.write, err = writer.Write(recs, p.hooked(ctx, p.sectioned(recs), in.seen))
	// The records count a Write as given when the State counts it as
	// the last Write. So a Write that failed after its commit counts.
	recs.afterWrite(st != nil && st.Writes() != took)
	if err != nil {
		return p.done, p.found, writeError(p.opts.Write.Dir, err)
	}
	p.saveHash(recs)
	p.keepGenDates(in.gen)
	for _, name := range p.done.write.Unlinked {
		p.found.warn(name, errors.New("no sitemap or robots.txt names this index file (an index cannot list another); submit it to search engines, or use --robots"))
	}
	return p.done, p.found, nil
}

// hooked returns o with its robots hook set to Options.RobotsHook,
// called with ctx, and, when the build read the generator's sitemaps in
// the output folder (seen, writeIn.seen), the check that they are still
// those it read.
func (p *writePass) hooked(ctx context.Context, o writer.Options, seen *seenSitemaps) writer.Options {
	if hook := p.opts.RobotsHook; hook != nil {
		o.RobotsHook = func(robots []byte) ([]byte, error) { return hook(ctx, robots) }
	}
	if seen != nil && o.TakeOver != nil {
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
// writeNone reads in.skipped (Result.Skipped) and the canonical bases,
// which the reports count. No report of the pass comes before it, so
// the counts are whole.
func (p *writePass) writeNone(ctx context.Context, in writeIn) error {
	skipped := in.skipped
	if !Deliberate(skipped) {
		return allSkipped(skipped, p.baseURL, in.bases)
	}
	w, err := writer.Withdraw(p.hooked(ctx, p.opts.Write, in.seen))
	if err != nil {
		return writeError(p.opts.Write.Dir, err)
	}
	p.done.write, p.done.none = w, &NoneListed{Skipped: skipped}
	return nil
}
