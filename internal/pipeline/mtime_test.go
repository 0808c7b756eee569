package pipeline

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// burstSorted is burstIn as it was before it counted by day: every time
// sorted, and every window of mtimeBurst looked at. TestBurstIn holds
// burstIn to it.
func burstSorted(times []int64) burst {
	b := burst{n: len(times), latest: math.MinInt64}
	if len(times) == 0 {
		return b
	}
	times = slices.Sorted(slices.Values(times))
	b.latest = times[len(times)-1]
	i := 0
	for j, t := range times {
		for t-times[i] > int64(mtimeBurst/time.Second) {
			i++
		}
		if k := j - i + 1; k >= 2 && 2*k > len(times) {
			if b.in == 0 {
				b.first = times[i]
			}
			b.last, b.in = t, 1
		}
	}
	if b.in > 0 {
		lo, _ := slices.BinarySearch(times, b.first)
		hi, _ := slices.BinarySearch(times, b.last+1)
		b.in = hi - lo
	}
	return b
}

// TestBurstIn: burstIn, which sorts only the days that can hold a burst,
// finds what sorting every time finds. The cases put bursts across
// midnight, on a day that holds most times beside another day that holds
// many, before the Unix epoch, and nowhere; the random ones mix a burst
// of a random share with times spread over days or years.
func TestBurstIn(t *testing.T) {
	midnight := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC).Unix()
	cases := map[string][]int64{
		"none":                 nil,
		"one":                  {midnight},
		"two together":         {midnight, midnight + 5},
		"across midnight":      {midnight - 20, midnight - 10, midnight + 10, midnight + 20, midnight - 86400*30},
		"three days, the last": {midnight - 86400 + 5, midnight + 30, midnight + 86400 - 10, midnight + 86400 + 10, midnight + 86400 + 20, midnight + 86400 + 30},
		"before 1970":          {-100, -90, -80, 10, -86400 * 400},
		"half is not a burst":  {midnight, midnight + 1, midnight - 86400*3, midnight - 86400*9},
		"spread":               {midnight, midnight + 61, midnight + 122, midnight + 183},
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 400 {
		n := 1 + r.IntN(60)
		at := midnight + r.Int64N(3*86400) - 86400
		if i%2 == 0 {
			at = midnight + 86400*r.Int64N(3) - 86400 - r.Int64N(90) // a burst that may cross midnight
		}
		share := r.Float64()
		var ts []int64
		for range n {
			switch {
			case r.Float64() < share:
				ts = append(ts, at+r.Int64N(90)) // a burst, perhaps over a minute long
			case r.IntN(2) == 0:
				ts = append(ts, at+r.Int64N(4*86400)-2*86400) // the days around it
			default:
				ts = append(ts, midnight-r.Int64N(5*365*86400)) // years of edits
			}
		}
		cases["random "+string(rune('a'+i%26))+string(rune('0'+i/26))] = ts
	}
	bursts, across := 0, 0
	for name, ts := range cases {
		got := burstIn(slices.Values(ts))
		want := burstSorted(ts)
		if got != want {
			t.Errorf("%s: burstIn %+v, sorting all %+v (times %v)", name, got, want, ts)
		}
		if want.in > 0 {
			bursts++
			if unixDay(want.first) != unixDay(want.last) {
				across++
			}
		}
	}
	// The cases must hold both kinds, or the comparison proves little.
	if bursts < 100 || len(cases)-bursts < 100 || across < 5 {
		t.Errorf("%d cases with a burst (%d across midnight), %d without: the cases no longer test both", bursts, across, len(cases)-bursts)
	}
}
