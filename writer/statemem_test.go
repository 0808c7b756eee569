package writer

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// freshLocs are URLs whose At makes each Loc anew, as a Session's
// records do, and counts the strings made and those the collector has
// taken back since.
type freshLocs struct {
	n           int
	made, freed *atomic.Int64
}

func (f freshLocs) Len() int { return f.n }

func (f freshLocs) At(i int) sitemap.URL {
	loc := fmt.Sprintf("%sfolder-%03d/page-%06d.html", base, i%97, i)
	f.made.Add(1)
	runtime.AddCleanup(unsafe.StringData(loc), func(n *atomic.Int64) { n.Add(1) }, f.freed)
	return sitemap.URL{Loc: loc, LastMod: day(1).Add(time.Duration(i) * time.Minute)}
}

// TestStateKeepsNoLoc: a State keeps a digest of each URL's Loc, not the
// string At gave, which a watch session makes anew for every Write (a
// second copy of every URL, beside the session's packed ones). Every
// string made is taken back by the collector once the Writes are done,
// the State still in use.
func TestStateKeepsNoLoc(t *testing.T) {
	var made, freed atomic.Int64
	urls := freshLocs{n: 3000, made: &made, freed: &freed}
	st := NewState()
	opts := Options{Dir: t.TempDir(), BaseURL: base, MaxURLs: 1000, State: st}
	for range 2 {
		if _, err := Write(urls, opts); err != nil {
			t.Fatal(err)
		}
	}
	for deadline := time.Now().Add(5 * time.Second); freed.Load() < made.Load() && time.Now().Before(deadline); {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if made.Load() < int64(urls.n) || freed.Load() != made.Load() {
		t.Errorf("%d Loc strings made, %d taken back: the State keeps %d", made.Load(), freed.Load(), made.Load()-freed.Load())
	}
	runtime.KeepAlive(st)
}

// TestStateDiffRandom holds diff, which finds the URLs of both Writes by
// the digests of their Locs, to a comparison of the Locs themselves, on
// lists with stretches added, removed and changed, long and short, and
// on lists with nothing in common; half of the rounds with the URLs kept
// waiting bounded to 2, past which the lists are compared sorted
// (sortedDiff).
func TestStateDiffRandom(t *testing.T) {
	defer func(was int) { diffPendingMax = was }(diffPendingMax)
	rng := rand.New(rand.NewPCG(71, 1))
	st := NewState()
	list := func(locs []string, sums map[string]uint64) []entryDigest {
		var es []entryDigest
		for _, loc := range locs {
			es = append(es, entryDigest{loc: st.locSum(loc), sum: sums[loc]})
		}
		return es
	}
	for round := range 2000 {
		diffPendingMax = []int{1 << 16, 2}[round%2]
		n := rng.IntN(60)
		var a []string
		sumA := map[string]uint64{}
		for i := range n {
			loc := fmt.Sprintf("%sp%03d", base, 2*i)
			a = append(a, loc)
			sumA[loc] = rng.Uint64N(3)
		}
		// b: a's URLs, stretches of them left out, others put in
		// between (the odd numbers), some sums changed.
		var b []string
		sumB := map[string]uint64{}
		for i := 0; i <= n; {
			switch rng.IntN(4) {
			case 0: // a stretch of a's left out
				i += 1 + rng.IntN(1+rng.IntN(n+1))
				continue
			case 1: // new URLs before a's i
				for k := range 1 + rng.IntN(3) {
					if k > 0 || round%5 == 0 {
						loc := fmt.Sprintf("%sp%03d-%d", base, 2*i-1, k)
						b = append(b, loc)
						sumB[loc] = rng.Uint64N(3)
					}
				}
			}
			if i < n {
				b = append(b, a[i])
				sumB[a[i]] = sumA[a[i]]
				if rng.IntN(4) == 0 {
					sumB[a[i]] = rng.Uint64N(3)
				}
			}
			i++
		}
		if round%7 == 0 { // nothing in common
			a, b = a[:0], slices.Clone(b)
			for i := range b {
				b[i] += "x"
				sumB[b[i]] = 1
			}
			for i := range rng.IntN(40) {
				loc := fmt.Sprintf("%sq%03d", base, i)
				a = append(a, loc)
			}
		}
		slices.Sort(b)
		var want URLChanges
		for _, loc := range b {
			s, ok := sumA[loc]
			switch {
			case !ok || !slices.Contains(a, loc):
				want.Added++
			case s != sumB[loc]:
				want.Changed++
			}
		}
		for _, loc := range a {
			if !slices.Contains(b, loc) {
				want.Removed++
			}
		}
		st.entries, st.next, st.primed = list(a, sumA), list(b, sumB), true
		if got := st.diff(); *got != want {
			t.Fatalf("round %d: %v\nto %v\n: %+v, want %+v", round, strings.Join(a, " "), strings.Join(b, " "), *got, want)
		}
	}
}

// TestStateKeepsOneList: between Writes a State holds the last Write's
// entries alone, not a spare list for the next nor the places of the
// URLs said unchanged: what is live sets the collector's headroom.
func TestStateKeepsOneList(t *testing.T) {
	urls := numbered(3000)
	st := NewState()
	opts := Options{Dir: t.TempDir(), BaseURL: base, MaxURLs: 1000, State: st}
	h := &hinted{urls: urls, changed: map[int]bool{}}
	for step := range 3 {
		urls[step*700].LastMod = day(20 + step)
		h.changed = map[int]bool{step * 700: true}
		if _, err := Write(h, opts); err != nil {
			t.Fatal(err)
		}
		if len(st.entries) != len(urls) || cap(st.next) != 0 || st.lasts != nil {
			t.Errorf("Write %d: %d entries, room for %d next, %d places kept; want %d, 0, none", step, len(st.entries), cap(st.next), len(st.lasts), len(urls))
		}
	}
}

// TestStateEntrySize: an entry of the State takes 24 bytes, its lastmod
// packed with its element's size, and a reusable element's digest of
// what it is made of (keyOf) in place of digests of its bytes and of its
// fields: a watch session at 1,000,000 URLs holds one list of them, and
// two during a Write.
func TestStateEntrySize(t *testing.T) {
	if size := unsafe.Sizeof(entryDigest{}); size != 24 {
		t.Errorf("an entry takes %d bytes, want 24", size)
	}
}

// TestStateDatesOutOfEntry: a lastmod an entry does not keep (before
// 1970, far in the future) makes its URL encoded again at every Write,
// and the files are a fresh Write's; one an entry keeps, at the ends of
// its range, is reused and read back as it was.
func TestStateDatesOutOfEntry(t *testing.T) {
	st := NewState()
	urls := numbered(40)
	far := time.Unix(1<<(64-modShift)-2, 0).UTC() // the last an entry keeps
	urls[3].LastMod = time.Date(1969, 12, 31, 23, 59, 59, 0, time.UTC)
	urls[4].LastMod = far.Add(time.Second)
	urls[5].LastMod = time.Unix(0, 0).UTC()
	urls[6].LastMod = far
	urls[7].ChangeFreq, urls[8].Priority = sitemap.Daily, mustPriority(0.3)
	opts := Options{Dir: t.TempDir(), BaseURL: base, MaxURLs: 10, State: st}
	for step := range 3 {
		if step == 2 {
			urls[7].ChangeFreq, urls[8].Priority = sitemap.Weekly, mustPriority(0.4)
		}
		if _, err := Write(sitemap.Slice(urls), opts); err != nil {
			t.Fatal(err)
		}
		sameAsFresh(t, fmt.Sprint("step ", step), urls, opts, opts.Dir)
		for i, want := range []bool{3: false, 4: false, 5: true, 6: true, 7: true, 8: true} {
			if i < 3 {
				continue
			}
			e := &st.entries[i]
			if got := e.meta&noReuse == 0; got != want {
				t.Errorf("step %d: URL %d (lastmod %v) kept for reuse: %v, want %v", step, i, urls[i].LastMod, got, want)
			}
			if want && !e.lastMod().Equal(urls[i].LastMod) {
				t.Errorf("step %d: URL %d's lastmod read back %v, want %v", step, i, e.lastMod(), urls[i].LastMod)
			}
		}
	}
}

// TestStateSparseWrite: a Write of URLs that say which are the last
// Write's (Unchanged) makes no list of its own beside the last Write's
// while it writes (68 bytes a URL during a Write, 36 now: at 1,000,000
// URLs, 30 MB within watch mode's peak), and its list is made in the
// last's place once it is committed.
func TestStateSparseWrite(t *testing.T) {
	urls := numbered(3000)
	st := NewState()
	opts := Options{Dir: t.TempDir(), BaseURL: base, MaxURLs: 1000, State: st}
	h := &hinted{urls: urls, changed: map[int]bool{}}
	if _, err := Write(h, opts); err != nil {
		t.Fatal(err)
	}
	defer func(was func(int, int, int)) { traceWriteOut = was }(traceWriteOut)
	for step := range 3 {
		urls[step*700].LastMod = day(20 + step)
		h.changed = map[int]bool{step * 700: true}
		list, written := &st.entries[0], 0
		traceWriteOut = func(int, int, int) {
			written++
			if cap(st.next) != 0 {
				t.Errorf("Write %d: a list of room for %d beside the last Write's while it writes", step, cap(st.next))
			}
		}
		if _, err := Write(h, opts); err != nil {
			t.Fatal(err)
		}
		if written == 0 {
			t.Fatalf("Write %d wrote no urlset file", step)
		}
		if &st.entries[0] != list || len(st.entries) != len(urls) {
			t.Errorf("Write %d: its list (%d entries) was made anew, not in the last Write's place", step, len(st.entries))
		}
		sameAsFresh(t, fmt.Sprint("Write ", step), urls, opts, opts.Dir)
	}
}

// TestStateSparseRandom: Writes of URLs that say where each was in the
// last Write, with URLs added, removed and changed anywhere, some many
// at once (the entries moving back, on, or both in one Write), write a
// fresh Write's files, and leave the State a list of their URLs in order
// (the next Write, whose answers checkKnown holds to that list, and whose
// splices read it, relies on it).
func TestStateSparseRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 3))
	urls := numbered(2000)
	next := len(urls)
	st := NewState()
	opts := Options{Dir: t.TempDir(), BaseURL: base, MaxURLs: 300, State: st}
	if _, err := Write(sitemap.Slice(urls), opts); err != nil {
		t.Fatal(err)
	}
	for step := range 25 {
		was := map[string]int{}
		for i, u := range urls {
			was[u.Loc] = i
		}
		changed := map[string]bool{}
		for range rng.IntN(4) {
			i := rng.IntN(len(urls))
			urls[i].LastMod = day(1 + rng.IntN(28))
			changed[urls[i].Loc] = true
		}
		switch many := rng.IntN(40); {
		case step%5 == 1: // many removed at the front: the rest move back
			urls = slices.Delete(urls, 0, many)
		case step%5 == 3: // many added at the front: the rest move on
			for range many {
				next++
				urls = append(urls, sitemap.URL{Loc: fmt.Sprintf("%s%07d-new.html", base, next)})
			}
		}
		for range rng.IntN(4) {
			i := rng.IntN(len(urls))
			urls = slices.Delete(urls, i, i+1)
		}
		for range rng.IntN(4) {
			next++
			urls = append(urls, sitemap.URL{Loc: fmt.Sprintf("%s%07d-%d-new.html", base, rng.IntN(next), next), LastMod: day(3)})
		}
		slices.SortFunc(urls, func(a, b sitemap.URL) int { return strings.Compare(a.Loc, b.Loc) })
		h := &hinted{urls: urls, shift: func(i int) (int, bool) {
			j, ok := was[urls[i].Loc]
			return j, ok && !changed[urls[i].Loc]
		}}
		if _, err := Write(h, opts); err != nil {
			t.Fatal(err)
		}
		sameAsFresh(t, fmt.Sprint("step ", step), urls, opts, opts.Dir)
		if len(st.entries) != len(urls) {
			t.Fatalf("step %d: %d entries for %d URLs", step, len(st.entries), len(urls))
		}
		for i, u := range urls {
			if st.entries[i].loc != st.locSum(u.Loc) {
				t.Fatalf("step %d: entry %d is not %s's", step, i, u.Loc)
			}
		}
	}
}

// TestStateDiffNothingInCommon: the diff of two lists of 400,000 URLs
// with none in common (every Loc changed) counts them all, and allocates
// about 20 bytes a URL (sortedDiff, after the first URLs waited), where the URLs waiting for their
// twins took about 40 on each side (80 MB at 1,000,000 URLs, within the
// Write's peak).
func TestStateDiffNothingInCommon(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's allocations are not compared")
	}
	const n = 400000
	st := NewState()
	a, b := make([]entryDigest, n), make([]entryDigest, n)
	for i := range a {
		a[i] = entryDigest{loc: st.locSum(fmt.Sprintf("%sp%06d", base, i))}
		b[i] = entryDigest{loc: st.locSum(fmt.Sprintf("%sq%06d", base, i))}
	}
	st.entries, st.next, st.primed = a, b, true
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	runtime.GC()
	metrics.Read(s)
	before := s[0].Value.Uint64()
	got := st.diff()
	metrics.Read(s)
	allocated := s[0].Value.Uint64() - before
	if want := (URLChanges{Added: n, Removed: n}); *got != want {
		t.Errorf("diff %+v, want %+v", *got, want)
	}
	if allocated > 24*n {
		t.Errorf("diff allocated %d bytes for %d URLs on each side (%.1f a URL), want at most 24 a URL", allocated, n, float64(allocated)/n)
	}
}
