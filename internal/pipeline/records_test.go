package pipeline

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSortParallel(t *testing.T) {
	for _, n := range []int{0, 1, 100, 1 << 14, 1<<14 + 7, 100003} {
		for _, procs := range []int{1, 2, 3, 8} {
			xs := make([]int32, n)
			for i := range xs {
				xs[i] = int32(i)
			}
			rand.Shuffle(n, func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
			want := slices.Clone(xs)
			slices.Sort(want)
			sortParallel(xs, func(a, b int32) int { return int(a) - int(b) }, procs)
			if !slices.Equal(xs, want) {
				t.Fatalf("n=%d procs=%d: not sorted", n, procs)
			}
		}
	}
}
