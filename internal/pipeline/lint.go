package pipeline

// The lint of a build's dates: lastmods that look like build times.

import (
	"context"
	"fmt"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/gitdates"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// lintPass is the lastmod lint pass. It runs once a whole build's dates
// are final, and warns about what they show: lastmods that look like
// build times (lintLastMod), pages that only the generator's own
// sitemap dates (warnSitemapOnlyDates), and more pages that name one
// URL as their canonical link than are listed (warnOneCanonical).
type lintPass struct {
	// git is the history git read, or nil. The lint asks it whether the
	// dates that many pages share are commits' (historyDates).
	git *gitdates.Dates
	// trustSitemap says the generator's sitemaps date each page by its
	// source's history (trustsSitemap).
	trustSitemap bool
	// usesGit says the lastmod sources include git.
	usesGit bool
	// joined says the build joins its pages to their sources
	// (Options.Join). sourced says it reads their sources, in a join or
	// in content mode (Options.Content). The warnings' advice depends on
	// them.
	joined, sourced bool
	// own is Options.OwnSitemaps, the generator's own sitemaps, or nil.
	own *OwnSitemaps
	// listed is how many URLs the build lists (Result.URLs).
	listed int
	found  findings
}

func (b *builder) lintPass() *lintPass {
	p := &lintPass{
		git: b.in.git, trustSitemap: trustsSitemap(b.opts.GeneratorDates, b.in.git),
		usesGit: b.mapper.Uses(mapping.LastModGit), joined: b.opts.Join != nil,
		sourced: b.opts.readsSources(), own: b.opts.OwnSitemaps,
	}
	if b.rep.res.URLs != nil {
		p.listed = b.rep.res.URLs.Len()
	}
	return p
}

// run warns about the dates and canonical links of the listed records
// of recs, in their de-duplicated order. It reads, and does not change,
// lastMod, the listed pages counted by the source of their lastmod
// (Result.LastMod), and bases, the pages left out for their canonical
// links counted by the URL they name (reporter.bases, nil outside a
// whole build).
func (p *lintPass) run(ctx context.Context, recs *records, lastMod map[mapping.LastModSource]int, bases *canonicalBases) findings {
	p.lintLastMod(ctx, recs, lastMod) // lintLastMod reads the de-duplicated order
	p.warnSitemapOnlyDates(recs, lastMod)
	p.warnOneCanonical(bases)
	return p.found
}

// warnSitemapOnlyDates warns, once a build, about the pages that only
// the generator's own sitemap dates (the sitemap lastmod source), when
// a switch can turn that sitemap off (VitePress's sitemap option, a
// plugin). Once the sitemap is gone, no source of ours dates those
// pages, and their dates vanish without a word (issue 87). It does not
// warn for a sitemap that every build writes (OwnSitemaps.Stays, as
// Hugo's).
func (p *lintPass) warnSitemapOnlyDates(recs *records, lastMod map[mapping.LastModSource]int) {
	n := lastMod[mapping.LastModSitemap]
	o := p.own
	if n == 0 || o == nil || o.Stays {
		return
	}
	what := "1 page is"
	if n > 1 {
		what = fmt.Sprintf("%d pages are", n)
	}
	how := "keep the sitemap option, or give the pages dates in a source sitemapgen reads (front matter, git history of their sources: --source)"
	if p.joined {
		how = "keep the sitemap option, or give those pages dates in their front matter"
	}
	p.found.warn("", fmt.Errorf("%s dated only by %s's sitemap: no source of sitemapgen's dates them, so the switch that turns that sitemap off (docs/migrating.md) loses their dates; %s", what, o.Title, how))
}

// lintLastMod warns when more than half of the URLs, and at least
// lintMinURLs, share one lastmod day. Such dates look like build times,
// which search engines learn to ignore. The warning names the likely
// cause, from the source that most pages' dates came from. A date that
// the history of the page's own source gives is never a build's time,
// however many pages share its day (a commit that landed a whole
// translation). Three kinds of date count so. The first is a date from
// the git history of the source a page is made from (Options.Join,
// Content), except in a shallow clone, whose oldest commit dates every
// file it holds. A built file's history does not count
// (records.isBuiltGit), because a build that commits its output dates
// it by the build. The second is a date from the generator's sitemaps
// when the generator dates by that history (Options.GeneratorDates).
// The third is a head's or the generator's date that belongs to a
// commit of the project's history that changed as many files as there
// are pages sharing it (historyDates: VitePress's with a
// sitemap.transformItems). Git is asked about those only when the lint
// would warn. Those pages count among the URLs, but not for the day.
func (p *lintPass) lintLastMod(ctx context.Context, recs *records, lastMod map[mapping.LastModSource]int) {
	trueGit := p.git != nil && !p.git.Shallow()
	var history func(int64) bool
	own := func(idx int32, r *record) bool {
		switch recSources[r.src] {
		case mapping.LastModGit:
			return !trueGit || recs.isBuiltGit(idx)
		case mapping.LastModSitemap:
			return !p.trustSitemap && (history == nil || !history(r.lastmod))
		case mapping.LastModMeta:
			return history == nil || !history(r.lastmod)
		}
		return true
	}
	// A list page dated by the newest page it shows (dateListPages) is
	// judged through that page. So list pages that share the day of the
	// site's newest post are no stamp.
	day, most, n := recs.topDay(own, true)
	if !looksStamped(most, n) {
		return
	}
	// A head's or the generator's date that a commit of the project's
	// history gives is the page's history, however many pages share it.
	// Git is asked only now, when the lint would warn.
	if history = recs.historyDates(ctx, p.git, &recs.stamps.stampRule); history != nil {
		if day, most, n = recs.topDay(own, true); !looksStamped(most, n) {
			return
		}
	}
	var top mapping.LastModSource
	for src, c := range lastMod {
		if src == "" {
			continue
		}
		if top == "" || c > lastMod[top] || c == lastMod[top] && src < top {
			top = src
		}
	}
	cause := ""
	switch {
	case top == mapping.LastModMTime && !p.usesGit:
		cause = "; they are the files' modification times, which a fresh checkout or a build sets to now (CI): add git to lastmod.sources, or give dates in front matter"
	case top == mapping.LastModMTime:
		cause = "; they are the files' modification times, which a fresh checkout or a build sets to now (CI), and git had no date for them: " + undatedFix(p.sourced)
	case top == mapping.LastModGit && p.git != nil && p.git.Shallow():
		cause = "; they come from a shallow clone's history: fetch it whole (fetch-depth: 0, or git fetch --unshallow --filter=blob:none)"
	case top == mapping.LastModGit:
		cause = "; they come from git: one commit touched most files"
	case top == mapping.LastModHash:
		cause = "; they come from the hash state file, which dates every page it meets for the first time by that build: they come true as pages change, if the file is kept between builds"
	case top == mapping.LastModMeta || top == mapping.LastModFrontMatter:
		cause = "; they come from the pages' own dates (" + string(top) + "): a template may stamp the build time"
	}
	p.found.warn("", fmt.Errorf("%d of %d URLs (%d%%) have a lastmod on %s: dates that look like build times, which search engines learn to ignore%s", most, n, 100*most/n, dayString(day), cause))
}

// trustsSitemap reports whether the generator's sitemaps date each page
// by its source's history (generatorDates, from Options.GeneratorDates),
// in a clone whose history, git, is whole. In a shallow clone, the
// generator's git dates every file it holds by the clone's one commit,
// which is what the stamp rule is for. Without git at hand to tell, the
// sitemaps are not trusted.
func trustsSitemap(generatorDates string, git *gitdates.Dates) bool {
	return generatorDates != "" && git != nil && !git.Shallow()
}

// looksStamped is the rule of the lint: more than half of n URLs, and at
// least lintMinURLs, share one lastmod day.
func looksStamped(most, n int) bool {
	return n >= lintMinURLs && 2*most > n
}

func dayString(day int64) string {
	return time.Unix(day*86400, 0).UTC().Format(time.DateOnly)
}

// lintMinURLs is the fewest URLs lintLastMod judges.
const lintMinURLs = 20
