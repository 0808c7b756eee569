package pipeline

import (
	"math/rand/v2"
	"testing"
)

// TestDayTally: a dayTally counts as a map does, whatever the order and
// spread of the days (within its array, widening either way, past
// dayCounts, before 1970), and merges and finds the top day (ties: the
// earliest, or the latest) as a map's counts give them.
func TestDayTally(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	for trial := range 500 {
		spread := []int64{1, 20, 100, 5000, dayCounts - 1, dayCounts, dayCounts + 1, 1 << 30}[trial%8]
		start := []int64{19000, -30000, 0}[trial%3]
		var parts [3]dayTally
		want := map[int64]int{}
		for range rng.IntN(300) {
			d := start + rng.Int64N(spread)
			if rng.IntN(2) == 0 {
				d = start - rng.Int64N(spread) // earlier days widen the array down
			}
			parts[rng.IntN(3)].add(d)
			want[d]++
		}
		var all dayTally
		for i := range parts {
			all.merge(&parts[i])
		}
		got := map[int64]int{}
		all.each(func(d int64, c int) {
			if _, ok := got[d]; ok {
				t.Fatalf("trial %d: day %d given twice", trial, d)
			}
			got[d] = c
		})
		if len(got) != len(want) {
			t.Fatalf("trial %d: %d days, want %d", trial, len(got), len(want))
		}
		for d, c := range want {
			if got[d] != c || all.get(d) != c {
				t.Fatalf("trial %d: day %d counted %d (get %d), want %d", trial, d, got[d], all.get(d), c)
			}
		}
		if all.get(start+spread+7) != 0 {
			t.Fatalf("trial %d: a day never added has a count", trial)
		}
		if len(all.counts) > dayCounts {
			t.Fatalf("trial %d: an array of %d days", trial, len(all.counts))
		}
		for _, later := range []bool{false, true} {
			var wantDay int64
			wantMost := 0
			for d, c := range want {
				if c > wantMost || c == wantMost && (later && d > wantDay || !later && d < wantDay) {
					wantDay, wantMost = d, c
				}
			}
			if day, most := all.top(later); day != wantDay || most != wantMost {
				t.Fatalf("trial %d, later %v: top %d (%d), want %d (%d)", trial, later, day, most, wantDay, wantMost)
			}
		}
	}
}
