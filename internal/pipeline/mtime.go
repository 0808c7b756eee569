package pipeline

// The file times pass: modification times that a build or a copy wrote are no lastmod.

import (
	"context"
	"fmt"
	"iter"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/gitdates"
	"github.com/sitemapgen/sitemapgen/mapping"
)

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
//     (records.stamps.withMTime).
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
	// git is the history git read, or nil. A file's time after its last
	// commit is no date (mtimeRules).
	git *gitdates.Dates
	// now is the build's time (mapping.Mapper.Now).
	now time.Time
	// sourced says the build reads the pages' sources (Options.Join or
	// Options.Content). The warnings' advice depends on it (undatedFix).
	sourced bool
	// counts are what run returns for the Result: the pages whose times
	// it leaves out move from the mtime count of Result.LastMod, and
	// MTimeDropped is set.
	counts counted
	found  findings
}

func (b *builder) mtimePass() *mtimePass {
	return &mtimePass{
		on: b.opts.GuardMTime, git: b.in.git, now: b.mapper.Now(),
		sourced: b.opts.readsSources(),
	}
}

// run judges the files' times of the listed records of recs, and keeps
// its verdict in recs.stamps.mtime. recs.stamps.withMTime says the build
// stamps pass counted the files' times with the heads' dates, and
// warned for both. In an update, only
// holds the paths of the pages the update read again, whose counts
// Result.LastMod holds. It returns what it changes of the Result's
// counts, and what it found.
func (p *mtimePass) run(ctx context.Context, recs *records, only map[string]bool) (counted, findings) {
	if !p.on {
		return counted{}, nil
	}
	was := recs.stamps.mtime
	recs.stamps.mtime = mtimeStamps{}
	day, most, n := recs.topDay(func(idx int32, _ *record) bool {
		_, ok := recs.fileTime(idx)
		return ok
	}, false)
	st := mtimeStamps{all: looksStamped(most, n) || recs.stamps.withMTime}
	if !st.all {
		st = p.mtimeRules(ctx, recs)
	}
	recs.stamps.mtime = st
	if !st.any() {
		return counted{}, nil
	}
	p.counts.mtimeDropped = true
	if st.all {
		p.counts.moves = append(p.counts.moves, countMove{from: mapping.LastModMTime, all: true})
	} else {
		p.counts.move(mapping.LastModMTime, "", recs.mtimesDropped(only))
	}
	switch {
	case was.any() || recs.stamps.withMTime: // said before, or the build stamps pass said it for both
	case st.all:
		p.found.warn("", fmt.Errorf("%d of %d URLs have a modification time on %s, as a build, a copy or a fresh checkout sets every file's: left out of lastmod, since no date is better than a false one; %s; to keep them, list mtime in lastmod.sources", most, n, dayString(day), undatedFix(p.sourced)))
	default:
		p.found.warn("", fmt.Errorf("%d of %d URLs have file times that a build, a copy or a checkout wrote (%s): left out of lastmod; %s; to keep them, list mtime in lastmod.sources", recs.mtimesDropped(nil), n, st.why(false), undatedFix(p.sourced)))
	}
	return p.counts, p.found
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
		return n.lastmod, ok && n.src == srcMTime
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
func (m *mtimeStamps) drops(t int64) bool {
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
func (p *mtimePass) mtimeRules(ctx context.Context, recs *records) mtimeStamps {
	var st mtimeStamps
	b := burstIn(recs.fileTimes)
	if b.n == 0 {
		return st
	}
	if p.git != nil {
		if c, err := p.git.LastCommit(ctx); err == nil && b.latest > c.Unix() {
			st.afterCommit, st.commit = true, c.Unix()
		}
	}
	if b.in == 0 {
		return st
	}
	if p.git == nil && b.last < p.now.Add(-recentBuild).Unix() {
		return st
	}
	st.burst, st.first, st.last = true, b.first, b.last
	st.recent = p.git == nil
	st.inBurst, st.of = b.in, b.n
	return st
}

// fileTimes calls yield with the time of each listed record that has
// one (fileTime), in order.
func (s *records) fileTimes(yield func(int64) bool) {
	for _, idx := range s.order {
		if t, ok := s.fileTime(idx); ok && !yield(t) {
			return
		}
	}
}

// burst is what burstIn finds of a set of file times (Unix seconds): n
// times, the latest of them, and, when more than half of them and at
// least two lie within mtimeBurst of each other, the span from first to
// last that those windows make, which holds in of the times. in is 0
// when there is no burst.
type burst struct {
	n           int
	latest      int64
	first, last int64
	in          int
}

// burstIn finds the burst among the times that times yields. It reads
// them twice at most, and sorts only the times of the days that can
// hold a burst. A window of mtimeBurst that holds more than half of the
// times lies within one day or two adjacent days. So the times are
// counted by day first, and sorted only when two adjacent days hold
// more than half of them: on most sites no burst is possible, and
// nothing is sorted.
func burstIn(times iter.Seq[int64]) burst {
	b := burst{latest: math.MinInt64}
	var days dayTally
	for t := range times {
		b.n++
		b.latest = max(b.latest, t)
		days.add(unixDay(t))
	}
	// Two pairs of adjacent days that each hold more than half of the
	// times share a day, so the pairs that do lie within three days at
	// most, from to to.
	from, to := int64(math.MaxInt64), int64(math.MinInt64)
	days.each(func(d int64, k int) {
		if k2 := k + days.get(d+1); 2*k2 > b.n && k2 >= 2 {
			from, to = min(from, d), max(to, d+1)
		}
	})
	if from > to {
		return b
	}
	// The burst, if any, lies within those days: their times alone are
	// sorted. A window over them counts every time it holds, and the
	// majority is of all the times.
	size := 0
	for d := from; d <= to; d++ {
		size += days.get(d)
	}
	sorted := make([]int64, 0, size)
	for t := range times {
		if d := unixDay(t); from <= d && d <= to {
			sorted = append(sorted, t)
		}
	}
	slices.Sort(sorted)
	// Every window of mtimeBurst that holds more than half of the times
	// also holds their median, so together they make one span.
	i := 0
	for j, t := range sorted {
		for t-sorted[i] > int64(mtimeBurst/time.Second) {
			i++
		}
		if k := j - i + 1; k >= 2 && 2*k > b.n {
			if b.in == 0 {
				b.first = sorted[i]
			}
			b.last, b.in = t, 1
		}
	}
	if b.in > 0 {
		lo, _ := slices.BinarySearch(sorted, b.first)
		hi, _ := slices.BinarySearch(sorted, b.last+1)
		b.in = hi - lo
	}
	return b
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
