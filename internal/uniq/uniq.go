package uniq

import (
	"slices"
	"sync/atomic"
)

// Few is the length past which a [List] looks its items up in a set: a
// search of a list this short costs less than a look-up in a map, and
// allocates nothing.
const Few = 16

// List is a list of strings without repeats, in the order they were
// added. The zero List is empty and ready. A List is not safe for use by
// several goroutines at once.
type List struct {
	items []string
	set   map[string]struct{} // the items, once there are more than Few
}

// Add adds s to the end of the list unless the list holds it already,
// and reports whether it did.
func (l *List) Add(s string) bool {
	if l.Has(s) {
		return false
	}
	l.items = append(l.items, s)
	switch {
	case l.set != nil:
		l.set[s] = struct{}{}
	case len(l.items) > Few:
		l.set = make(map[string]struct{}, 2*len(l.items))
		for _, x := range l.items {
			l.set[x] = struct{}{}
		}
	}
	return true
}

// Has reports whether the list holds s.
func (l *List) Has(s string) bool {
	if l.set != nil {
		count(1)
		_, ok := l.set[s]
		return ok
	}
	count(len(l.items))
	return slices.Contains(l.items, s)
}

// Items returns the items, in the order they were added. The slice is
// the list's own: adding to the list may change it.
func (l *List) Items() []string { return l.items }

// Len returns the number of items.
func (l *List) Len() int { return len(l.items) }

// counting says whether Has counts what it compares (Count), and
// compared is the count.
var (
	counting atomic.Bool
	compared atomic.Int64
)

// count adds n strings compared to the count, when counting is on.
func count(n int) {
	if counting.Load() {
		compared.Add(int64(n))
	}
}

// Count starts counting, from zero, the strings each search of any List
// compares an item with (one for a look-up in the set), and returns the
// function that stops counting and returns the count. It is for tests,
// which hold a reader's work to the number of items it reads: a List
// makes at most Few compares an item, where a search of the whole list
// makes as many as it holds. Counting is off in a user's run. Calls of
// Count must not overlap, and nothing else should search a List while
// a test counts (a parallel test).
func Count() (stop func() int64) {
	compared.Store(0)
	counting.Store(true)
	return func() int64 {
		counting.Store(false)
		return compared.Load()
	}
}
