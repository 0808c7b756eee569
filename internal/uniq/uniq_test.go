package uniq

import (
	"fmt"
	"slices"
	"testing"
)

func TestList(t *testing.T) {
	for _, n := range []int{0, 1, Few, Few + 1, 3 * Few} {
		var l List
		var want []string
		for i := range n {
			s := fmt.Sprint("item", i)
			if !l.Add(s) {
				t.Fatalf("n=%d: Add(%q) said it was there", n, s)
			}
			want = append(want, s)
			if l.Add(s) || l.Add(want[0]) {
				t.Fatalf("n=%d: an item added twice", n)
			}
		}
		if !slices.Equal(l.Items(), want) || l.Len() != n {
			t.Errorf("n=%d: Items() = %q, want %q", n, l.Items(), want)
		}
		for _, s := range want {
			if !l.Has(s) {
				t.Errorf("n=%d: Has(%q) = false", n, s)
			}
		}
		if l.Has("other") || l.Has("") {
			t.Errorf("n=%d: Has of an item not added", n)
		}
	}
}

// TestListWork: adding n items costs at most Few compares an item,
// whatever n; a search of the whole list made n²/2.
func TestListWork(t *testing.T) {
	for _, n := range []int{1000, 10000} {
		stop := Count()
		var l List
		for i := range n {
			l.Add(fmt.Sprint(i))
			l.Add(fmt.Sprint(i / 2)) // a repeat
		}
		if got := stop(); got > int64(2*n*(Few+1)) {
			t.Errorf("n=%d: %d strings compared, want at most %d", n, got, 2*n*(Few+1))
		}
	}
	var l List
	l.Add("a")
	stop := Count()
	l.Has("a")
	if stop() == 0 {
		t.Error("a search not counted")
	}
}
