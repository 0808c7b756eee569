package pipeline

// The lint of a build's dates: lastmods that look like build times.

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
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
	// recs are the listed records, in their de-duplicated order.
	recs *records
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
	// lastMod counts the listed pages by the source of their lastmod
	// (Result.LastMod).
	lastMod map[mapping.LastModSource]int
	// bases counts the pages left out for their canonical links, by the
	// URL they name (reporter.bases). It is nil outside a whole build.
	bases *canonicalBases
	// listed is how many URLs the build lists (Result.URLs).
	listed int
	found  findings
}

func (b *builder) lintPass() *lintPass {
	p := &lintPass{
		recs: &b.recs, git: b.git, trustSitemap: trustsSitemap(b.opts.GeneratorDates, b.git),
		usesGit: b.mapper.Uses(mapping.LastModGit), joined: b.opts.Join != nil,
		sourced: b.opts.Join != nil || b.opts.Content != nil, own: b.opts.OwnSitemaps,
		lastMod: b.res.LastMod, bases: b.bases,
	}
	if b.res.URLs != nil {
		p.listed = b.res.URLs.Len()
	}
	return p
}

// run warns about the listed records' dates and canonical links.
func (p *lintPass) run(ctx context.Context) findings {
	p.lintLastMod(ctx) // lintLastMod reads the de-duplicated order
	p.warnSitemapOnlyDates()
	p.warnOneCanonical()
	return p.found
}

// warnSitemapOnlyDates warns, once a build, about the pages that only
// the generator's own sitemap dates (the sitemap lastmod source), when
// a switch can turn that sitemap off (VitePress's sitemap option, a
// plugin). Once the sitemap is gone, no source of ours dates those
// pages, and their dates vanish without a word (issue 87). It does not
// warn for a sitemap that every build writes (OwnSitemaps.Stays, as
// Hugo's).
func (p *lintPass) warnSitemapOnlyDates() {
	n := p.lastMod[mapping.LastModSitemap]
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
func (p *lintPass) lintLastMod(ctx context.Context) {
	trueGit := p.git != nil && !p.git.Shallow()
	var history func(int64) bool
	own := func(idx int32, r *record) bool {
		switch recSources[r.src] {
		case mapping.LastModGit:
			return !trueGit || p.recs.isBuiltGit(idx)
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
	day, most, n := p.recs.topDay(own, true)
	if !looksStamped(most, n) {
		return
	}
	// A head's or the generator's date that a commit of the project's
	// history gives is the page's history, however many pages share it.
	// Git is asked only now, when the lint would warn.
	if history = p.recs.historyDates(ctx, p.git); history != nil {
		if day, most, n = p.recs.topDay(own, true); !looksStamped(most, n) {
			return
		}
	}
	var top mapping.LastModSource
	for src, c := range p.lastMod {
		if src == "" {
			continue
		}
		if top == "" || c > p.lastMod[top] || c == p.lastMod[top] && src < top {
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

// mtimePass is the file times pass. With Options.GuardMTime, it leaves
// out the lastmods from the mtime source that are the time of a build,
// a copy or a checkout, not of an edit (buildStamps.mtime). It does so
// whatever the number of pages, and says so the first time. It judges
// every page whose written date would be its file's time
// (records.fileTime). That is a page dated by mtime, or a page whose
// head's date was passed over as a build's stamp or the site's date and
// whose next source is mtime. A file's time is no date in these cases:
//
//   - Every file's time, when more than half of the URLs, and at least
//     lintMinURLs, have one on one day (the lint's rule), or when the
//     build stamps pass counted the files' times with the heads' dates
//     (stampsMTime).
//   - In a git work tree, a time after the last commit of the history
//     git read for the pages (gitdates.Dates.LastCommit). The file was
//     written since, by a build, a copy or a checkout, or by an edit not
//     committed yet, which the commit will date. A file older than the
//     last commit keeps its time.
//   - The pages' times, when more than half of the pages dated by their
//     files' times, and at least two, were written within mtimeBurst of
//     each other, as a build or a copy writes files and a hand seldom
//     does. In a git work tree this holds for a burst of any age (a build
//     run before the last commit). Outside git, it holds only for a burst
//     that ended less than recentBuild before the build's time, or after
//     it (mtimeRules says why).
//
// Files edited by hand over months keep their times, because they are
// older than the last commit, or spread out. So do files copied outside
// git with their old times (rsync -a, tar). The pass judges again on
// every write of a Session, so the same pages give the same sitemap as
// a fresh build.
type mtimePass struct {
	// on is Options.GuardMTime. Without it the pass does nothing.
	on bool
	// recs are the records whose files' times the pass judges. The pass
	// keeps its verdict in recs.stamps.mtime.
	recs *records
	// stampsMTime says the build stamps pass counted the files' times
	// with the heads' dates, and warned for both (builder.stampsMTime).
	stampsMTime bool
	// git is the history git read, or nil. A file's time after its last
	// commit is no date (mtimeRules).
	git *gitdates.Dates
	// now is the build's time (mapping.Mapper.Now).
	now time.Time
	// sourced says the build reads the pages' sources (Options.Join or
	// Options.Content). The warnings' advice depends on it (undatedFix).
	sourced bool
	// res is the Result. The pass moves the pages whose times it leaves
	// out from the mtime count of Result.LastMod, and sets MTimeDropped.
	res   *Result
	found findings
}

func (b *builder) mtimePass() *mtimePass {
	return &mtimePass{
		on: b.opts.GuardMTime, recs: &b.recs, stampsMTime: b.stampsMTime, git: b.git, now: b.mapper.Now(),
		sourced: b.opts.Join != nil || b.opts.Content != nil, res: b.res,
	}
}

// run judges the files' times of the listed records. In an update, only
// holds the paths of the pages the update read again, whose counts
// Result.LastMod holds.
func (p *mtimePass) run(ctx context.Context, only map[string]bool) findings {
	if !p.on {
		return nil
	}
	recs := p.recs
	was := recs.stamps.mtime
	recs.stamps.mtime = mtimeStamps{}
	day, most, n := recs.topDay(func(idx int32, _ *record) bool {
		_, ok := recs.fileTime(idx)
		return ok
	}, false)
	st := mtimeStamps{all: looksStamped(most, n) || p.stampsMTime}
	if !st.all {
		st = p.mtimeRules(ctx)
	}
	recs.stamps.mtime = st
	if !st.any() {
		return nil
	}
	p.res.MTimeDropped = true
	if st.all {
		p.res.recount(mapping.LastModMTime, "", p.res.LastMod[mapping.LastModMTime])
	} else {
		p.res.recount(mapping.LastModMTime, "", recs.mtimesDropped(only))
	}
	switch {
	case was.any() || p.stampsMTime: // said before, or the build stamps pass said it for both
	case st.all:
		p.found.warn("", fmt.Errorf("%d of %d URLs have a modification time on %s, as a build, a copy or a fresh checkout sets every file's: left out of lastmod, since no date is better than a false one; %s; to keep them, list mtime in lastmod.sources", most, n, dayString(day), undatedFix(p.sourced)))
	default:
		p.found.warn("", fmt.Errorf("%d of %d URLs have file times that a build, a copy or a checkout wrote (%s): left out of lastmod; %s; to keep them, list mtime in lastmod.sources", recs.mtimesDropped(nil), n, st.why(false), undatedFix(p.sourced)))
	}
	return p.found
}

// fileTime returns the modification time that the record at idx would
// be written with, and whether there is one. That is its own lastmod
// when mtime gave it. When its own date is passed over (a build's stamp
// or the site's date: passedOver) and mtime gives the next lastmod, it
// is that next lastmod.
func (s *records) fileTime(idx int32) (int64, bool) {
	r := s.rec(idx)
	if s.passedOver(idx) {
		n, ok := s.next.get(idx)
		return n.lastmod, ok && recSources[n.src] == mapping.LastModMTime
	}
	return r.lastmod, r.mtime()
}

// mtimeStamps says which modification times are a build's, a copy's or
// a checkout's, not a lastmod (mtimePass). By the set's rule of the
// day, that is every time. Otherwise it is the times after the sources'
// last commit, and the times of the files written within one burst. The
// zero value leaves out none.
type mtimeStamps struct {
	all bool
	// afterCommit leaves out the times after commit (Unix seconds).
	afterCommit bool
	commit      int64
	// burst leaves out the times from first to last (Unix seconds), both
	// included. inBurst of the pages dated by their files' times were
	// written then.
	burst       bool
	first, last int64
	inBurst, of int
	// recent says the burst was judged outside git, where only a burst
	// shortly before the build counts as one (recentBuild).
	recent bool
}

// drops reports whether the modification time t (Unix seconds) is left
// out.
func (m mtimeStamps) drops(t int64) bool {
	return m.all || m.afterCommit && t > m.commit || m.burst && m.first <= t && t <= m.last
}

// any reports whether m leaves out any time.
func (m mtimeStamps) any() bool { return m.all || m.afterCommit || m.burst }

// unixDay returns the day (Unix days, UTC) of the Unix time t.
func unixDay(t int64) int64 {
	d := t / 86400
	if t%86400 < 0 {
		d--
	}
	return d
}

// mtimeBurst is how close together the file times of most pages dated
// by them must be for mtimePass to take them for one build's or one
// copy's. A build or a copy writes a small site's files within seconds.
// The messages say "a minute".
const mtimeBurst = time.Minute

// recentBuild is how long before the build's time a burst of file times
// outside git must have ended for mtimePass to take it for a build's
// or a copy's. It catches a build run just before sitemapgen, as on CI.
const recentBuild = 24 * time.Hour

// mtimeRules returns the rules of mtimePass that judge each file's
// time: after the last commit, in a git work tree, and within one
// burst. Outside git a folder's times are its only dates, and they are
// true for a site kept by hand or copied with its times (rsync -a, tar,
// zip). So outside git a burst is judged only when it ended less than
// recentBuild before the build's time (mapping.Mapper.Now), or after
// it. A copy that keeps old times is not recent; a build or a copy that
// writes new ones is.
func (p *mtimePass) mtimeRules(ctx context.Context) mtimeStamps {
	var st mtimeStamps
	recs := p.recs
	var times []int64
	for _, idx := range recs.order {
		if t, ok := recs.fileTime(idx); ok {
			times = append(times, t)
		}
	}
	if len(times) == 0 {
		return st
	}
	slices.Sort(times)
	if p.git != nil {
		if c, err := p.git.LastCommit(ctx); err == nil && times[len(times)-1] > c.Unix() {
			st.afterCommit, st.commit = true, c.Unix()
		}
	}
	// Every window of mtimeBurst that holds more than half of the times
	// also holds their median, so together they make one span.
	i := 0
	for j, t := range times {
		for t-times[i] > int64(mtimeBurst/time.Second) {
			i++
		}
		if k := j - i + 1; k >= 2 && 2*k > len(times) {
			if !st.burst {
				st.burst, st.first = true, times[i]
			}
			st.last = t
		}
	}
	if st.burst && p.git == nil {
		if st.last < p.now.Add(-recentBuild).Unix() {
			st.burst, st.first, st.last = false, 0, 0
		} else {
			st.recent = true
		}
	}
	if st.burst {
		lo, _ := slices.BinarySearch(times, st.first)
		hi, _ := slices.BinarySearch(times, st.last+1)
		st.inBurst, st.of = hi-lo, len(times)
	}
	return st
}

// why says why m leaves out the times it leaves out, when it does not
// leave out all of them. With counts, it says how many pages' files
// were written in the burst.
func (m mtimeStamps) why(counts bool) string {
	var why []string
	if m.afterCommit {
		why = append(why, "written after the last commit, "+rfc3339(m.commit))
	}
	if m.burst {
		at := "at " + rfc3339(m.first)
		if m.last != m.first {
			at = "from " + rfc3339(m.first) + " to " + rfc3339(m.last)
		}
		if m.recent {
			at += ", less than a day before this run"
		}
		if counts {
			at = fmt.Sprintf("%d of the %d pages dated by file times, %s", m.inBurst, m.of, at)
		}
		why = append(why, "written within a minute of one another, "+at)
	}
	return strings.Join(why, "; ")
}

// whyOf says why m leaves out the time t (Unix seconds), for --explain.
func (m mtimeStamps) whyOf(t int64) string {
	if m.all {
		return "more than half of the URLs have a lastmod on one day from their files' times, as a build, a copy or a fresh checkout sets them"
	}
	one := m
	one.afterCommit = m.afterCommit && t > m.commit
	one.burst = m.burst && m.first <= t && t <= m.last
	return one.why(true)
}

// rfc3339 formats the Unix time t in UTC.
func rfc3339(t int64) string { return time.Unix(t, 0).UTC().Format(time.RFC3339) }

// mtimesDropped counts the listed pages dated by their files' times
// (not by a list page's newer date) that mtimeStamps leaves out. With
// only, it counts only those whose paths only holds.
func (s *records) mtimesDropped(only map[string]bool) int {
	n := 0
	for _, idx := range s.order {
		if t, ok := s.fileTime(idx); !ok || !s.stamps.mtime.drops(t) {
			continue
		}
		if _, ok := s.listed[idx]; ok {
			continue
		}
		if only == nil || only[s.pathOf(s.rec(idx))] {
			n++
		}
	}
	return n
}

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
// (stampsMTime). The pass judges again on every write of a Session, as
// a fresh build would judge the same pages. It reports the stamps the
// first time, once for both sources.
type stampsPass struct {
	// recs are the records whose dates the pass judges. The pass keeps
	// its verdict in recs.stamps.
	recs *records
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
	// res is the Result, whose Stamps the pass counts.
	res *Result
	// setStamps and stampsMTime point to what the last judgement found
	// (builder.setStamps, builder.stampsMTime). The pass judges again
	// before every write, and warns only when its verdict changed.
	setStamps   *int
	stampsMTime *bool
	found       findings
}

func (b *builder) stampsPass() *stampsPass {
	return &stampsPass{
		recs: &b.recs, git: b.git, trustSitemap: trustsSitemap(b.opts.GeneratorDates, b.git),
		withMTime: b.opts.GuardMTime, sourced: b.opts.Join != nil || b.opts.Content != nil,
		res: b.res, setStamps: &b.setStamps, stampsMTime: &b.stampsMTime,
	}
}

// run judges the listed records' dates, and returns the warning about
// the build's stamps when its verdict changed.
func (p *stampsPass) run(ctx context.Context) findings {
	recs := p.recs
	recs.stamps.trustSitemap = p.trustSitemap
	was, wasDay, wasMTime := recs.stamps.found, recs.stamps.day, *p.stampsMTime
	recs.stamps.found, *p.stampsMTime = false, false
	p.res.Stamps -= *p.setStamps
	*p.setStamps = 0
	n := recs.Len()
	recs.stamps.history = nil
	day, most, withMTime, ok := p.setStampDay()
	if ok {
		// A date that a commit of the project's history gives is no build's
		// stamp when that commit dates those pages, like a translation that
		// landed in one commit, by which VitePress dates its sitemap. Git
		// is asked only now, when the rule would find stamps.
		if recs.stamps.history = recs.historyDates(ctx, p.git); recs.stamps.history != nil {
			day, most, withMTime, ok = p.setStampDay()
		}
	}
	if !ok {
		return nil
	}
	recs.stamps.found, recs.stamps.day, *p.stampsMTime = true, day, withMTime
	*p.setStamps = most
	p.res.Stamps += most
	if was && wasDay == day && wasMTime == withMTime {
		return nil
	}
	if withMTime {
		_, all, _ := recs.stampDay(true)
		p.found.warn("", fmt.Errorf("%d of %d URLs have a lastmod on %s from the pages' heads (%d) or the files' modification times (%d), the newest day of those dates: the build's time (a checkout's or a build's, which a template prints as the page's date and which every file it writes carries), not a lastmod; left out, since no date is better than a false one; %s; to keep the files' times, list mtime in lastmod.sources", all, n, dayString(day), most, all-most, undatedFix(p.sourced)))
		return p.found
	}
	p.found.warn("", fmt.Errorf("%d of %d URLs have a lastmod on %s from the pages' heads or the generator's sitemap, the newest day of those dates: the build's time, which a template stamps into every page (jekyll-seo-tag writes page.date, a build's time for a document without a date), not a lastmod; each of those pages is dated by git or the state file, or not at all", most, n, dayString(day)))
	return p.found
}

// setStampDay applies the set's rule. It returns the day of the build's
// stamps, how many URLs the heads' or the generator's dates of that day
// date, whether the files' times count with them, and whether there is
// such a day.
func (p *stampsPass) setStampDay() (day int64, most int, withMTime, ok bool) {
	day, most, ok = p.recs.stampDay(false)
	if !ok && p.withMTime {
		if day, _, ok = p.recs.stampDay(true); ok {
			// The heads' dates of that day are the build's stamps, and so are
			// the files' times. most counts the heads' dates. When there are
			// none of those, the files' times are left to the file times pass.
			most, withMTime = p.recs.stampableOn(day), true
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
func (s *records) historyDates(ctx context.Context, git *gitdates.Dates) func(int64) bool {
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
		if r.lastmod != noLastMod && s.stamps.stampable(r.src) && committed(r.lastmod) && !s.ownCommit(idx, r) {
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

// stampableRec is stampableAt for the record r at idx. Once the history
// is asked, its date is also not a build's stamp when its own source's
// last commit gives it (ownCommit).
func (s *records) stampableRec(idx int32, r *record) bool {
	return s.stamps.stampableAt(r.src, r.lastmod) && !(s.stamps.history != nil && s.ownCommit(idx, r))
}

// ownCommit reports whether the date of the record r at idx is, to the
// second, the one its next source, git, gives. That is its own source's
// last commit, or its built file's when a build commits its output.
func (s *records) ownCommit(idx int32, r *record) bool {
	n, ok := s.next.get(idx)
	return ok && recSources[n.src] == mapping.LastModGit && n.lastmod == r.lastmod
}

// stampDay returns the day (Unix days) on which most listed URLs have a
// lastmod from a source a build may stamp; with mtime, the modification
// times count too. It also returns how many URLs have it, and whether
// that is the build's stamp: looksStamped, and no such date more than a
// day later. A date that a commit of the project's history gives to
// those pages (records.stampableRec) is not counted, and the build came
// after it.
func (s *records) stampDay(mtime bool) (day int64, most int, stamped bool) {
	// Count in parts at once (inParts). Each part counts in an array of
	// the days around the first day it meets, because a map's increments
	// cost more than the pass over the records. A map takes the other
	// days, and the parts are merged afterwards.
	var mu sync.Mutex
	days := make(map[int64]int)
	latest := int64(math.MinInt64)
	inParts(len(s.order), func(lo, hi int) {
		var counts *[dayCounts]int32
		var first int64
		var others map[int64]int
		last := int64(math.MinInt64)
		for _, idx := range s.order[lo:hi] {
			r := s.rec(idx)
			if r.lastmod == noLastMod || !s.stamps.stampable(r.src) && !(mtime && r.mtime()) {
				continue
			}
			d := unixDay(r.lastmod)
			last = max(last, d)
			if s.stamps.stampable(r.src) && !s.stampableRec(idx, r) {
				continue // a commit's date: no stamp, and the build came after it
			}
			if counts == nil {
				counts, first = new([dayCounts]int32), d-dayCounts/2
			}
			if k := d - first; k >= 0 && k < dayCounts {
				counts[k]++
				continue
			}
			if others == nil {
				others = make(map[int64]int)
			}
			others[d]++
		}
		mu.Lock()
		defer mu.Unlock()
		if counts != nil {
			for k, c := range counts {
				if c > 0 {
					days[first+int64(k)] += int(c)
				}
			}
		}
		for d, c := range others {
			days[d] += c
		}
		latest = max(latest, last)
	})
	for d, c := range days {
		if c > most || c == most && d > day {
			day, most = d, c
		}
	}
	return day, most, looksStamped(most, s.Len()) && latest <= day+1
}

// dayCounts is the span of days that stampDay counts in an array: 45
// years around the first date a part meets.
const dayCounts = 1 << 14

// stampableOn counts the listed URLs with a lastmod on day (Unix days)
// from a source a build may stamp.
func (s *records) stampableOn(day int64) int {
	var n atomic.Int64
	inParts(len(s.order), func(lo, hi int) {
		mine := 0
		for _, idx := range s.order[lo:hi] {
			r := s.rec(idx)
			if r.lastmod != noLastMod && s.stampableRec(idx, r) && unixDay(r.lastmod) == day {
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
	days := make(map[int64]int)
	inParts(len(s.order), func(lo, hi int) {
		mine, left := make(map[int64]int), 0
		for _, idx := range s.order[lo:hi] {
			r := s.rec(idx)
			if _, ok := s.listed[idx]; ok && skipListed {
				left++
				continue
			}
			if lm := s.lastmod(idx); lm != noLastMod && count(idx, r) {
				mine[lm/86400]++
			}
		}
		mu.Lock()
		defer mu.Unlock()
		for d, c := range mine {
			days[d] += c
		}
		n -= left
	})
	for d, c := range days {
		if c > most || c == most && d < day {
			day, most = d, c
		}
	}
	return day, most, n
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
