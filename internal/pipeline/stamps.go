package pipeline

// The build stamps pass: a date a build stamped on most pages is no lastmod.

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sitemapgen/sitemapgen/internal/gitdates"
)

// stampsPass is the build stamps pass, the set's rule of build stamps.
// It sees what the rule of each page (mapping's stamp) cannot: a stamp
// written as a day alone, a build longer than mapping.StampWindow, a
// site copied after its build, and pages that are no generator's
// output. The rule applies when more than half of the listed URLs, and
// at least lintMinURLs, have a lastmod on one day from a source a build
// may stamp (mapping.Stampable: the pages' heads, the generator's
// sitemap). No such date may be more than a day later, because a
// build's stamp is the newest date its pages carry. Those dates are
// then the build's. Each of those pages takes the date the next sources
// give it (git, the hash state file), or none. With Options.GuardMTime,
// the files' modification times count with them, as the lint counts
// every date. So a site whose heads date some pages by the build
// (Hexo's `updated`, a checkout's time) and whose files' times date the
// rest is stamped as a whole, though neither source alone dates half of
// it. The file times pass then leaves the modification times out too
// (records.stamps.withMTime). The pass judges again on every write of a Session, as
// a fresh build would judge the same pages. It reports the stamps the
// first time, once for both sources.
type stampsPass struct {
	// git is the history git read, or nil. The pass asks it whether the
	// dates that many pages share are commits' (historyDates).
	git *gitdates.Dates
	// trustSitemap says the generator's sitemaps date each page by its
	// source's history (trustsSitemap).
	trustSitemap bool
	// withMTime is Options.GuardMTime: the files' modification times
	// count with the heads' dates.
	withMTime bool
	// sourced says the build reads the pages' sources (Options.Join or
	// Options.Content). The warning's advice depends on it (undatedFix).
	sourced bool
	found   findings
}

func (b *builder) stampsPass() *stampsPass {
	return &stampsPass{
		git: b.in.git, trustSitemap: trustsSitemap(b.opts.GeneratorDates, b.in.git),
		withMTime: b.opts.GuardMTime, sourced: b.opts.readsSources(),
	}
}

// run judges the dates of the listed records of recs, and returns its
// verdict and the warning about the build's stamps when its verdict
// changed from the one recs holds. It writes nothing in recs: the pass
// list keeps the verdict there (recs.stamps), and counts its stamps in
// Result.Stamps in place of the last verdict's.
func (p *stampsPass) run(ctx context.Context, recs *records) (stampRule, findings) {
	was := &recs.stamps.stampRule
	// A rule that finds no day keeps the day it last found, as the
	// Session's check of what changed reads it (unchanged.go).
	rule := stampRule{trustSitemap: p.trustSitemap, day: was.day}
	n := recs.Len()
	day, most, withMTime, ok := p.setStampDay(recs, &rule)
	if ok {
		// A date that a commit of the project's history gives is no build's
		// stamp when that commit dates those pages, like a translation that
		// landed in one commit, by which VitePress dates its sitemap. Git
		// is asked only now, when the rule would find stamps.
		if rule.history = recs.historyDates(ctx, p.git, &rule); rule.history != nil {
			day, most, withMTime, ok = p.setStampDay(recs, &rule)
		}
	}
	if !ok {
		return rule, nil
	}
	rule.found, rule.day, rule.withMTime, rule.count = true, day, withMTime, most
	if was.found && was.day == day && was.withMTime == withMTime {
		return rule, nil
	}
	if withMTime {
		_, all, _ := recs.stampDay(&rule, true)
		p.found.warn("", fmt.Errorf("%d of %d URLs have a lastmod on %s from the pages' heads (%d) or the files' modification times (%d), the newest day of those dates: the build's time (a checkout's or a build's, which a template prints as the page's date and which every file it writes carries), not a lastmod; left out, since no date is better than a false one; %s; to keep the files' times, list mtime in lastmod.sources", all, n, dayString(day), most, all-most, undatedFix(p.sourced)))
		return rule, p.found
	}
	p.found.warn("", fmt.Errorf("%d of %d URLs have a lastmod on %s from the pages' heads or the generator's sitemap, the newest day of those dates: the build's time, which a template stamps into every page (jekyll-seo-tag writes page.date, a build's time for a document without a date), not a lastmod; each of those pages is dated by git or the state file, or not at all", most, n, dayString(day)))
	return rule, p.found
}

// setStampDay applies the set's rule. It returns the day of the build's
// stamps, how many URLs the heads' or the generator's dates of that day
// date, whether the files' times count with them, and whether there is
// such a day. rule is the verdict so far, whose history it asks.
func (p *stampsPass) setStampDay(recs *records, rule *stampRule) (day int64, most int, withMTime, ok bool) {
	day, most, ok = recs.stampDay(rule, false)
	if !ok && p.withMTime {
		if day, _, ok = recs.stampDay(rule, true); ok {
			// The heads' dates of that day are the build's stamps, and so are
			// the files' times. most counts the heads' dates. When there are
			// none of those, the files' times are left to the file times pass.
			most, withMTime = recs.stampableOn(rule, day), true
			ok = most > 0
		}
	}
	return day, most, withMTime, ok
}

// historyDates returns a function that reports whether a date (Unix
// seconds) from the pages' heads or the generator's sitemap is a
// commit's that dates those pages. Such a date is the author's or the
// committer's date of a commit of the project's git history
// (gitdates.Dates.RepoCommits, one git log). The commits with that date
// must have changed at least as many files as there are pages sharing
// the date (gitdates.Dates.CommitFiles, one more git log). A template
// or the generator then took the date from the history of each page's
// own source: a translation that landed in one commit dates all its
// pages. A commit that changed one file dates no twenty pages, so a
// template that prints the last commit's date on every page is a
// build's stamp. A page whose own source's last commit gives the same
// date is not counted (records.ownCommit). Git is asked only about the
// maxAskedDates dates that the most pages share; the others are no
// commit's. historyDates returns nil without a history to ask, and in a
// shallow clone, whose oldest commit dates every file it holds, as a
// checkout does.
func (s *records) historyDates(ctx context.Context, git *gitdates.Dates, rule *stampRule) func(int64) bool {
	if git == nil || git.Shallow() {
		return nil
	}
	committed, err := git.RepoCommits(ctx)
	if err != nil {
		return nil
	}
	shared := make(map[int64]int)
	for _, idx := range s.order {
		r := s.rec(idx)
		if r.lastmod != noLastMod && rule.stampable(r.src) && committed(r.lastmod) && !s.ownCommit(idx, r) {
			shared[r.lastmod]++
		}
	}
	var ask []int64
	for t, n := range shared {
		if n > 1 {
			ask = append(ask, t)
		}
	}
	slices.SortFunc(ask, func(a, c int64) int { return cmp.Or(shared[c]-shared[a], cmp.Compare(a, c)) })
	ask = ask[:min(len(ask), maxAskedDates)]
	var files map[int64]int
	if len(ask) > 0 {
		if files, err = git.CommitFiles(ctx, ask, shared[ask[0]]); err != nil {
			return nil
		}
	}
	return func(t int64) bool {
		n := shared[t]
		f, asked := files[t]
		return committed(t) && (n <= 1 || asked && f >= n)
	}
}

// maxAskedDates bounds the dates historyDates asks git about.
const maxAskedDates = 256

// stampableRec is rule's stampableAt for the record r at idx. Once the
// history is asked, its date is also not a build's stamp when its own
// source's last commit gives it (ownCommit).
func (s *records) stampableRec(rule *stampRule, idx int32, r *record) bool {
	return rule.stampableAt(r.src, r.lastmod) && !(rule.history != nil && s.ownCommit(idx, r))
}

// ownCommit reports whether the date of the record r at idx is, to the
// second, the one its next source, git, gives. That is its own source's
// last commit, or its built file's when a build commits its output.
func (s *records) ownCommit(idx int32, r *record) bool {
	n, ok := s.next.get(idx)
	return ok && n.src == srcGit && n.lastmod == r.lastmod
}

// stampDay returns the day (Unix days) on which most listed URLs have a
// lastmod from a source a build may stamp; with mtime, the modification
// times count too. It also returns how many URLs have it, and whether
// that is the build's stamp: looksStamped, and no such date more than a
// day later. A date that a commit of the project's history gives to
// those pages (records.stampableRec) is not counted, and the build came
// after it.
func (s *records) stampDay(rule *stampRule, mtime bool) (day int64, most int, stamped bool) {
	// Count in parts at once (inParts), each in a tally of its own, merged
	// afterwards.
	var mu sync.Mutex
	var days dayTally
	latest := int64(math.MinInt64)
	inParts(len(s.order), func(lo, hi int) {
		var mine dayTally
		last := int64(math.MinInt64)
		for _, idx := range s.order[lo:hi] {
			r := s.rec(idx)
			if r.lastmod == noLastMod || !rule.stampable(r.src) && !(mtime && r.mtime()) {
				continue
			}
			d := unixDay(r.lastmod)
			last = max(last, d)
			if rule.stampable(r.src) && !s.stampableRec(rule, idx, r) {
				continue // a commit's date: no stamp, and the build came after it
			}
			mine.add(d)
		}
		mu.Lock()
		defer mu.Unlock()
		days.merge(&mine)
		latest = max(latest, last)
	})
	day, most = days.top(true)
	return day, most, looksStamped(most, s.Len()) && latest <= day+1
}

// stampableOn counts the listed URLs with a lastmod on day (Unix days)
// from a source a build may stamp by rule.
func (s *records) stampableOn(rule *stampRule, day int64) int {
	var n atomic.Int64
	inParts(len(s.order), func(lo, hi int) {
		mine := 0
		for _, idx := range s.order[lo:hi] {
			r := s.rec(idx)
			if r.lastmod != noLastMod && s.stampableRec(rule, idx, r) && unixDay(r.lastmod) == day {
				mine++
			}
		}
		n.Add(int64(mine))
	})
	return int(n.Load())
}

// undatedFix says how pages without a true date could get one. sourced
// says the build reads the pages' sources (Options.Join or
// Options.Content).
func undatedFix(sourced bool) string {
	if !sourced {
		return "to date the pages, commit them to git, give --source the folder of their sources (front matter, git history), or keep a state file (--state)"
	}
	return "to date the pages, give them a date in front matter, commit their sources to git, or keep a state file (--state)"
}

// topDay returns the day (Unix days) that most of the listed URLs for
// which count is true have as their lastmod, as written. It also
// returns how many have it, and how many URLs there are in all. With
// skipListed, the list pages dated by what they show (dateListPages)
// are left out of both counts. The records are counted in parts at once
// (inParts), and count only reads.
func (s *records) topDay(count func(int32, *record) bool, skipListed bool) (day int64, most, n int) {
	n = s.Len()
	var mu sync.Mutex
	var days dayTally
	inParts(len(s.order), func(lo, hi int) {
		var mine dayTally
		left := 0
		for _, idx := range s.order[lo:hi] {
			r := s.rec(idx)
			if _, ok := s.listed[idx]; ok && skipListed {
				left++
				continue
			}
			if lm := s.lastmod(idx); lm != noLastMod && count(idx, r) {
				mine.add(lm / 86400)
			}
		}
		mu.Lock()
		defer mu.Unlock()
		days.merge(&mine)
		n -= left
	})
	day, most = days.top(false)
	return day, most, n
}
