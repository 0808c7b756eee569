package pipeline

// The lint of a build's dates: lastmods that look like build times.

import (
	"fmt"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
)

// lintLastMod warns when more than half of the URLs, and at least
// lintMinURLs, share one lastmod day: dates that look like build times,
// which search engines learn to ignore. The likely cause follows from the
// source most pages' dates came from.
func (b *builder) lintLastMod() {
	n := b.recs.Len()
	if n < lintMinURLs {
		return
	}
	days := make(map[int64]int)
	for _, idx := range b.recs.order {
		if r := b.recs.rec(idx); r.lastmod != noLastMod {
			days[r.lastmod/86400]++
		}
	}
	var day int64
	most := 0
	for d, c := range days {
		if c > most || c == most && d < day {
			day, most = d, c
		}
	}
	if 2*most <= n {
		return
	}
	var top mapping.LastModSource
	for src, c := range b.res.LastMod {
		if c > b.res.LastMod[top] || c == b.res.LastMod[top] && src < top {
			top = src
		}
	}
	cause := ""
	switch {
	case top == mapping.LastModMTime:
		cause = "; they are the files' modification times, which a fresh checkout or a build sets to now (CI): add git to lastmod.sources, or give dates in front matter"
	case top == mapping.LastModGit && b.git != nil && b.git.Shallow():
		cause = "; they come from a shallow clone's history: fetch it whole (fetch-depth: 0, or git fetch --unshallow --filter=blob:none)"
	case top == mapping.LastModGit:
		cause = "; they come from git: one commit touched most files"
	case top == mapping.LastModHash:
		cause = "; they come from the hash state file, which dates every page it meets for the first time by that build: they come true as pages change, if the file is kept between builds"
	case top == mapping.LastModMeta || top == mapping.LastModFrontMatter:
		cause = "; they come from the pages' own dates (" + string(top) + "): a template may stamp the build time"
	}
	date := time.Unix(day*86400, 0).UTC().Format(time.DateOnly)
	b.warn("", fmt.Errorf("%d of %d URLs (%d%%) have a lastmod on %s: dates that look like build times, which search engines learn to ignore%s", most, n, 100*most/n, date, cause))
}

// lintMinURLs is the fewest URLs lintLastMod judges.
const lintMinURLs = 20
