package pipeline

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sitemapgen/sitemapgen/mapping"
)

// TestStampDayCounts: stampDay finds the day most stampable lastmods
// fall on (ties: the later), how many, and whether it is the build's
// stamp, as counting them in a map does, whether the days fit its array
// or lie further apart (and before 1970), with and without the files'
// times, over the listed records only, found in parts.
func TestStampDayCounts(t *testing.T) {
	defer func(n int) { minPart = n }(minPart)
	minPart = 5 // in parts (inParts), as a large site's are
	rng := rand.New(rand.NewPCG(3, 9))
	sources := []uint8{srcIndex(mapping.LastModMeta), srcIndex(mapping.LastModMTime), srcIndex(mapping.LastModGit), srcIndex(mapping.LastModSitemap)}
	for trial := range 400 {
		var b builder
		spread := []int64{1, 3, 40, dayCounts - 1, dayCounts, 1 << 30}[trial%6] // in days
		start := []int64{1_700_000_000, -2_000_000_000}[trial%2]
		n := 1 + rng.IntN(80)
		block := make([]record, recordBlock)
		for i := range n {
			block[i] = record{pre: 1, lastmod: start + rng.Int64N(spread)*86400 + rng.Int64N(86400), src: sources[rng.IntN(len(sources))]}
			if rng.IntN(8) == 0 {
				block[i].lastmod, block[i].src = noLastMod, 0
			}
			if rng.IntN(6) == 0 {
				continue // not listed
			}
			b.recs.order = append(b.recs.order, int32(i))
		}
		b.recs.blocks, b.recs.n = [][]record{block}, n
		for _, mtime := range []bool{false, true} {
			day, most, stamped := b.recs.stampDay(&b.recs.stamps.stampRule, mtime)
			wantDay, wantMost, wantStamped := stampDayByMap(&b, mtime)
			if day != wantDay || most != wantMost || stamped != wantStamped {
				t.Fatalf("trial %d (days %d apart), mtime %v: stampDay = %d, %d, %v; counted in a map: %d, %d, %v",
					trial, spread, mtime, day, most, stamped, wantDay, wantMost, wantStamped)
			}
		}
	}
}

// stampDayByMap is stampDay as it was, counting the days in a map.
func stampDayByMap(b *builder, mtime bool) (day int64, most int, stamped bool) {
	recs := &b.recs
	days := make(map[int64]int)
	latest := int64(math.MinInt64)
	for _, idx := range recs.order {
		r := recs.rec(idx)
		if r.lastmod == noLastMod || !mapping.Stampable(recSources[r.src]) && !(mtime && r.mtime()) {
			continue
		}
		d := unixDay(r.lastmod)
		days[d]++
		latest = max(latest, d)
	}
	for d, c := range days {
		if c > most || c == most && d > day {
			day, most = d, c
		}
	}
	return day, most, looksStamped(most, recs.Len()) && latest <= day+1
}

// TestOwnCommitNoStamp: 20 of 24 pages carry in their heads the date of
// a commit that changed fewer files than 20 (history says no). When git
// dates each of those pages' own source by that commit (their next
// lastmod, to the second), the date is theirs and no build's stamp;
// when their sources' commits are older, it is the build's stamp.
func TestOwnCommitNoStamp(t *testing.T) {
	const head = 1_714_910_400 // 2024-05-05T12:00:00Z
	meta, git := srcIndex(mapping.LastModMeta), srcIndex(mapping.LastModGit)
	for _, tt := range []struct {
		source  int64 // the git date of the 20 pages' sources
		stamped bool
	}{
		{head, false},
		{head - 400*86400, true},
	} {
		var b builder
		block := make([]record, recordBlock)
		for i := range 24 {
			block[i] = record{pre: 1, lastmod: head, src: meta}
			if i < 4 {
				block[i].lastmod = head - int64(100+i)*86400
				continue
			}
			b.recs.next.set(int32(i), nextLastMod{lastmod: tt.source, src: git})
		}
		for i := range 24 {
			b.recs.order = append(b.recs.order, int32(i))
		}
		b.recs.blocks, b.recs.n = [][]record{block}, 24
		b.recs.stamps.history = func(int64) bool { return false }
		day, most, stamped := b.recs.stampDay(&b.recs.stamps.stampRule, false)
		if stamped != tt.stamped {
			t.Errorf("sources dated %d: stampDay = %d, %d, %v; want stamped %v", tt.source, day, most, stamped, tt.stamped)
		}
	}
}
