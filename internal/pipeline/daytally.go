package pipeline

// Counting dates by day, for the passes that look for the day most
// pages share.

// dayCounts is the widest span of days that a dayTally counts in an
// array: 45 years.
const dayCounts = 1 << 14

// A dayTally counts dates by day (Unix days, UTC). It counts in an
// array of the days from first on, because a map's increments cost more
// than the pass over the records that feeds it. The array starts small
// around the first day it meets and widens to take the days that come,
// up to dayCounts days; a map takes the days past that. A site's dates
// over five years take an array of 8 KiB. The zero value is empty.
type dayTally struct {
	counts []int32 // counts[k] counts the day first+k
	first  int64
	others map[int64]int
}

// add counts one date on day d. The common case, a day the array
// holds, is small enough to be inlined.
func (t *dayTally) add(d int64) {
	if k := d - t.first; 0 <= k && k < int64(len(t.counts)) {
		t.counts[k]++
	} else {
		t.addOutside(d, 1)
	}
}

// addN counts n dates on day d.
func (t *dayTally) addN(d int64, n int) {
	if k := uint64(d - t.first); k < uint64(len(t.counts)) {
		t.counts[k] += int32(n)
		return
	}
	t.addOutside(d, n)
}

// addOutside is addN for a day outside the array: the array widens to
// take it, or the map does.
func (t *dayTally) addOutside(d int64, n int) {
	if !t.widen(d) {
		if t.others == nil {
			t.others = make(map[int64]int)
		}
		t.others[d] += n
		return
	}
	t.counts[d-t.first] += int32(n)
}

// widen makes the array take the day d, and reports whether it could:
// it cannot when the span from its first day to its last, d included,
// would pass dayCounts. A day that the array cannot take then never
// comes into it, since the array only widens: each day is counted in
// one place.
func (t *dayTally) widen(d int64) bool {
	if t.counts == nil {
		t.counts, t.first = make([]int32, 64), d-32
		return true
	}
	lo, hi := min(t.first, d), max(t.first+int64(len(t.counts)), d+1)
	if hi-lo > dayCounts {
		return false
	}
	n := 2 * len(t.counts)
	for int64(n) < hi-lo {
		n *= 2
	}
	n = min(n, dayCounts)
	first := t.first // the array widens towards later days,
	if d < t.first {
		first = t.first + int64(len(t.counts)) - int64(n) // or towards earlier ones
	}
	grown := make([]int32, n)
	copy(grown[t.first-first:], t.counts)
	t.counts, t.first = grown, first
	return true
}

// get returns the count of day d.
func (t *dayTally) get(d int64) int {
	if k := d - t.first; k >= 0 && k < int64(len(t.counts)) {
		return int(t.counts[k])
	}
	return t.others[d]
}

// each calls fn with every day counted and its count, in no set order.
func (t *dayTally) each(fn func(d int64, c int)) {
	for k, c := range t.counts {
		if c > 0 {
			fn(t.first+int64(k), int(c))
		}
	}
	for d, c := range t.others {
		fn(d, c)
	}
}

// merge adds the counts of o to t.
func (t *dayTally) merge(o *dayTally) {
	o.each(t.addN)
}

// top returns the day with the most dates and their count. Of days with
// as many, it returns the earliest, or with later the latest. It
// returns 0, 0 for an empty tally.
func (t *dayTally) top(later bool) (day int64, most int) {
	t.each(func(d int64, c int) {
		if c > most || c == most && (later && d > day || !later && d < day) {
			day, most = d, c
		}
	})
	return day, most
}
