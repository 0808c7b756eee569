package pipeline

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"slices"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// TestSortParallel: sortParallel sorts, in place, whatever the number
// of CPUs, with distinct keys, with few keys shared by many elements
// (the records' keys of one section), with all alike, and already
// sorted either way; the elements stay the same.
func TestSortParallel(t *testing.T) {
	keys := map[string]func(int32) int32{
		"distinct": func(x int32) int32 { return x },
		"few":      func(x int32) int32 { return x % 7 },
		"one":      func(int32) int32 { return 3 },
		"skewed":   func(x int32) int32 { return min(x%100, 90) }, // a tenth of them share the top key
	}
	for _, n := range []int{0, 1, 100, 1 << 14, 1<<14 + 7, 100003} {
		for _, procs := range []int{1, 2, 3, 8} {
			for name, key := range keys {
				for _, order := range []string{"shuffled", "ascending", "descending"} {
					xs := make([]int32, n)
					for i := range xs {
						xs[i] = int32(i)
					}
					switch order {
					case "shuffled":
						rand.Shuffle(n, func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
					case "descending":
						slices.Reverse(xs)
					}
					cmp := func(a, b int32) int { return int(key(a)) - int(key(b)) }
					sortParallel(xs, cmp, procs)
					if !slices.IsSortedFunc(xs, cmp) {
						t.Fatalf("n=%d procs=%d keys %s, %s: not sorted", n, procs, name, order)
					}
					got := slices.Clone(xs)
					slices.Sort(got)
					for i, x := range got {
						if x != int32(i) {
							t.Fatalf("n=%d procs=%d keys %s, %s: element %d lost", n, procs, name, order, i)
						}
					}
				}
			}
		}
	}
}

// The records sort by their keys (sortKeys) as by their locs and paths
// alone (cmp): locs that end within the key's bytes, share more than
// them, leave the base URL, come twice, hold NUL and 0xFF bytes, and free
// slots among them.
func TestRecordsSortKeys(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	parts := []string{"", "a", "ab", "docs/", "docs/section-1", "docs/section-12/", "%E6%97%A5/", "fr/docs/", "news/2022/03/", "z"}
	// bytes are locs of a few bytes, NUL and 0xFF among them, alike for
	// long and ending anywhere.
	bytes := func() string {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = "\x00ab/\xff"[r.IntN(5)]
			if i > 2 && r.IntN(3) > 0 {
				b[i] = b[i-3] // repeats: long runs of one key
			}
		}
		return string(b)
	}
	for _, tc := range []struct {
		name             string
		outside, garbage bool
	}{{"paths", false, false}, {"outside the base URL", true, false}, {"bytes", false, true}} {
		s := &records{recordTable: recordTable{mapper: m}}
		n := 40000
		for i := range n {
			loc := "https://example.com/" + parts[r.IntN(len(parts))] + parts[r.IntN(len(parts))]
			if r.IntN(7) == 0 {
				loc += fmt.Sprint(r.IntN(50))
			}
			if tc.garbage {
				loc = "https://example.com/" + bytes()
			}
			if tc.outside && i%1000 == 999 {
				loc = "https://example.co/" + parts[r.IntN(len(parts))]
			}
			d := mapping.Decision{URL: sitemap.URL{Loc: loc}, Form: mapping.FormUnknown}
			s.add(fmt.Sprintf("p%d.html", n-i), &d)
		}
		for range 500 {
			s.remove(int32(r.IntN(n)))
		}
		s.free = slices.Compact(slices.Sorted(slices.Values(s.free)))
		s.sort()
		var want []int32
		for i := range int32(s.n) {
			if s.live(i) {
				want = append(want, i)
			}
		}
		slices.SortStableFunc(want, s.cmp)
		if !slices.Equal(s.order, want) {
			t.Errorf("%s: the order by keys is not the order of cmp", tc.name)
		}
	}
}

// HasAlternates answers as a look at every URL in order would: whether
// one has alternates, as At gives them (the declared ones, or those
// filterAlternates kept), among the records in order only.
func TestRecordsHasAlternates(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	alt := []sitemap.Alternate{{Lang: "de", Href: "https://example.com/de/"}}
	scan := func(s *records) bool {
		for i := range s.Len() {
			if len(s.At(i).Alternates) > 0 {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		name   string
		alts   [][]sitemap.Alternate // of each page
		remove int                   // the record to remove before sorting, or -1
		keep   bool                  // what filterAlternates keeps
		want   bool
	}{
		{name: "none", alts: [][]sitemap.Alternate{nil, nil}, remove: -1, keep: true, want: false},
		{name: "one page", alts: [][]sitemap.Alternate{nil, alt}, remove: -1, keep: true, want: true},
		{name: "all filtered out", alts: [][]sitemap.Alternate{alt, alt}, remove: -1, keep: false, want: false},
		{name: "its page removed", alts: [][]sitemap.Alternate{nil, alt}, remove: 1, keep: true, want: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &records{recordTable: recordTable{mapper: m}}
			for i, a := range tc.alts {
				d := mapping.Decision{URL: sitemap.URL{Loc: fmt.Sprintf("https://example.com/p%d/", i), Alternates: a}, Form: mapping.FormUnknown}
				s.add(fmt.Sprintf("p%d/index.html", i), &d)
			}
			if tc.remove >= 0 {
				s.remove(int32(tc.remove))
			}
			s.sort()
			s.filterAlternates(func(string, sitemap.Alternate) bool { return tc.keep })
			if got, scanned := s.HasAlternates(), scan(s); got != tc.want || scanned != tc.want {
				t.Errorf("HasAlternates %v, a scan of At %v, want %v", got, scanned, tc.want)
			}
		})
	}
}

// The pages of a cluster declare the same links: the records keep one
// list of them and their lines for all; a page whose links or lines
// differ keeps its own, and each page's are as it declared them, packed
// in fewer bytes than their hrefs.
func TestRecordsShareAlternates(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	cluster := func() []sitemap.Alternate {
		return []sitemap.Alternate{{Lang: "en", Href: "https://example.com/en/"}, {Lang: "de", Href: "https://example.com/de/"}}
	}
	other := func() []sitemap.Alternate {
		return []sitemap.Alternate{{Lang: "en", Href: "https://example.com/en/"}, {Lang: "fr", Href: "https://example.com/fr/"}}
	}
	pages := []struct {
		alts  []sitemap.Alternate
		lines []int
	}{
		{cluster(), []int{3, 4}},
		{cluster(), []int{3, 4}},
		{cluster(), []int{5, 6}}, // the same links, on other lines
		{other(), []int{3, 4}},   // the same first link, others after
		{other(), []int{3, 4}},
		{cluster(), []int{3, 4}}, // compared with other's, the last
	}
	s := &records{recordTable: recordTable{mapper: m}}
	for i, p := range pages {
		d := mapping.Decision{URL: sitemap.URL{Loc: fmt.Sprintf("https://example.com/p%d/", i), Alternates: p.alts}, AltLines: p.lines, Form: mapping.FormUnknown}
		s.add(fmt.Sprintf("p%d/index.html", i), &d)
	}
	for i, p := range pages {
		r := s.rec(int32(i))
		if got, lines := s.declared(r.alts - 1); !slices.Equal(got, p.alts) || !slices.Equal(lines, p.lines) {
			t.Errorf("page %d: alternates %v on lines %v, want %v on %v", i, got, lines, p.alts, p.lines)
		}
	}
	same := func(i, j int) bool { return s.alts.refs[s.rec(int32(i)).alts-1] == s.alts.refs[s.rec(int32(j)).alts-1] }
	for _, tc := range []struct {
		i, j int
		same bool
	}{
		{0, 1, true},
		{0, 2, false},
		{0, 3, false},
		{3, 4, true},
		{0, 5, true},
	} {
		if got := same(tc.i, tc.j); got != tc.same {
			t.Errorf("pages %d and %d: one list %v, want %v", tc.i, tc.j, got, tc.same)
		}
	}
	hrefs := 0
	for _, p := range pages[:4] {
		for _, a := range p.alts {
			hrefs += len(a.Href)
		}
	}
	if s.alts.lists.size >= hrefs {
		t.Errorf("the three lists take %d bytes, their hrefs %d", s.alts.lists.size, hrefs)
	}
}

// What the records keep of the pages of hreflang clusters, during the
// walk: the record and its URL's last segment (locs), one string a URL
// (the href of every link that names it) and one list of alternates a
// cluster, and no table of every URL besides (it took about 60 bytes a
// URL). Measured
// on 4,096 pages (a block of records), clusters of four that name each
// other, each page's strings made anew as a head's are; under the race
// detector it is not compared.
func TestRecordsClusterKept(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	const clusters = 1024
	langs := []string{"en", "fr", "de", "es"}
	url := func(c int, lang string) string {
		return fmt.Sprintf("https://example.com/%s/posts/a-page-of-the-site-%d/", lang, c)
	}
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	heap := func() uint64 {
		runtime.GC()
		metrics.Read(live)
		return live[0].Value.Uint64()
	}
	s := &records{recordTable: recordTable{mapper: m}}
	before := heap()
	for c := range clusters {
		for _, lang := range langs {
			d := mapping.Decision{URL: sitemap.URL{Loc: url(c, lang)}, AltLines: []int{3, 4, 5, 6}}
			for _, l := range langs {
				d.URL.Alternates = append(d.URL.Alternates, sitemap.Alternate{Lang: l, Href: url(c, l)})
			}
			s.add(lang+"/index.html", &d)
		}
	}
	perPage := float64(heap()-before) / (4 * clusters)
	runtime.KeepAlive(s)
	t.Logf("%.0f bytes kept a page", perPage)
	if raceEnabled {
		t.Skip("-race: the heap is not compared (the race detector's bookkeeping allocates)")
	}
	// A record (32 bytes) and its URL's last segment (23), the URL as
	// an href (64), a quarter of a list of four links (32 bytes each)
	// and of its lines, the entries of alts, lines and owner (52 bytes,
	// as appended): about 225.
	if perPage > 250 {
		t.Errorf("the records kept %.0f bytes a page of a cluster, want at most 250", perPage)
	}
}

// The next lastmod of the pages dated by a stampable source (most of a
// site's, with <meta> dates) is kept in 16 bytes a page and a little
// room to grow, as a build adds them, where a map took 57; a Session's,
// added out of order, removed, or given again, are found as a map's.
func TestRecordsNextKept(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	decision := func(i int) *mapping.Decision {
		return &mapping.Decision{
			URL:           sitemap.URL{Loc: fmt.Sprintf("https://example.com/p%d/", i), LastMod: day},
			LastModSource: mapping.LastModMeta,
			Next:          mapping.NextLastMod{LastMod: day.Add(time.Duration(i) * time.Second), Source: mapping.LastModMTime},
			Form:          mapping.FormSlashIndexHTML,
		}
	}
	const n = 4096
	ds := make([]*mapping.Decision, n)
	for i := range ds {
		ds[i] = decision(i)
	}
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	heap := func() uint64 {
		runtime.GC()
		metrics.Read(live)
		return live[0].Value.Uint64()
	}
	s := &records{recordTable: recordTable{mapper: m}, stamps: buildStamps{stampRule: stampRule{found: true, day: unixDay(day.Unix())}}}
	s.add("p0/index.html", decision(0)) // the first block of records
	before := heap()
	for i := 1; i < n; i++ {
		s.add("", ds[i])
	}
	perPage := float64(heap()-before) / (n - 1)
	runtime.KeepAlive(ds)
	// A Session's: a record removed, its slot taken again by another
	// page, one added after, one taken by a page without a next lastmod
	// (a stamp of the build, then, with no date to take).
	s.remove(7)
	s.add("", decision(9000)) // takes slot 7
	s.add("", decision(9001))
	s.remove(8)
	none := decision(9002)
	none.Next = mapping.NextLastMod{}
	s.add("", none) // takes slot 8
	for idx, want := range map[int32]int64{0: day.Unix(), 1: day.Unix() + 1, n - 1: day.Unix() + n - 1, 7: day.Unix() + 9000, n: day.Unix() + 9001, 8: noLastMod} {
		if got := s.lastmod(idx); got != want {
			t.Errorf("lastmod(%d) = %d, want %d", idx, got, want)
		}
	}
	if src := s.source(7); src != mapping.LastModMTime {
		t.Errorf("source(7) = %q, want the next source's, mtime", src)
	}
	t.Logf("%.0f bytes kept a page", perPage)
	if raceEnabled {
		t.Skip("-race: the heap is not compared (the race detector's bookkeeping allocates)")
	}
	if perPage > 32 {
		t.Errorf("the records kept %.0f bytes a page for its next lastmod, want at most 32", perPage)
	}
}

// dedup finds the record each duplicate is of in one look, however many
// duplicates come before it: one URL 20,000 times in a file
// of extra URLs looked back over every earlier one (80,000 copies took
// 4 s, 3.5 million did not end), where now each is one look. The first
// record is kept, and each other is told as a duplicate of it.
func TestRecordsDedupLinear(t *testing.T) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		t.Fatal(err)
	}
	const n = 20_000
	s := &records{recordTable: recordTable{mapper: m}}
	s.extras.spans = []extraSpan{{name: "urls.txt"}}
	for i := range n {
		s.addExtra(&sitemap.URL{Loc: "https://example.com/a"}, i+1)
	}
	s.add("b.html", &mapping.Decision{URL: sitemap.URL{Loc: "https://example.com/b"}, Form: mapping.FormHTML})
	s.sort()
	dups := 0
	s.dedup(false, func(path, loc, keptPath, keptLoc string) {
		if keptPath != "urls.txt:1" || loc != keptLoc {
			t.Fatalf("%s (%s) told as a duplicate of %s (%s), want of urls.txt:1", path, loc, keptPath, keptLoc)
		}
		dups++
	}, nil)
	if dups != n-1 || s.Len() != 2 {
		t.Errorf("%d duplicates, %d records kept; want %d and 2", dups, s.Len(), n-1)
	}
	if s.dedupReads > n+1 {
		t.Errorf("dedup read which records it keeps %d times for %d records: once each is enough", s.dedupReads, n+1)
	}
}

// TestKeepAtShared: a pass that leaves records out of an order shared
// with a Session's list of all records keeps its order apart from the
// list, which stays as it was; one that keeps every record, or leaves
// out only the last ones, writes nothing over it. The order it made is
// kept as spare and written over by the next such pass, not made again.
// Before the list changes (unshare), no order is left.
func TestKeepAtShared(t *testing.T) {
	all := []int32{4, 2, 7, 1, 9, 3}
	was := slices.Clone(all)
	s := &records{}
	pass := func(drop map[int32]bool) []int32 {
		s.share(all)
		out := s.order[:0]
		for i, idx := range s.order {
			if !drop[idx] {
				out = s.keepAt(out, i, idx)
			}
		}
		s.order = out
		return out
	}
	for _, tc := range []struct {
		drop  map[int32]bool
		want  []int32
		apart bool
	}{
		{nil, was, false},
		{map[int32]bool{3: true, 9: true}, []int32{4, 2, 7, 1}, false},
		{map[int32]bool{2: true}, []int32{4, 7, 1, 9, 3}, true},
		{map[int32]bool{4: true, 1: true}, []int32{2, 7, 9, 3}, true},
		{nil, was, false},
	} {
		prev, prevApart := s.order, !s.borrowed.shared && s.order != nil
		got := pass(tc.drop)
		if !slices.Equal(got, tc.want) || !slices.Equal(all, was) {
			t.Fatalf("dropping %v: kept %v, the list %v; want %v, and the list %v", tc.drop, got, all, tc.want, was)
		}
		if apart := &got[0] != &all[0]; apart != tc.apart || s.borrowed.shared == apart {
			t.Errorf("dropping %v: an order apart from the list %v, shared %v; want apart %v", tc.drop, apart, s.borrowed.shared, tc.apart)
		}
		if tc.apart && prevApart && &got[0] != &prev[:1][0] {
			t.Errorf("dropping %v: a new order made, where the last pass's had room", tc.drop)
		}
	}
	// Before the list changes, no order is left: neither the list itself
	// nor a stale one of the pass's own, which is kept as spare.
	pass(map[int32]bool{2: true})
	own := s.order
	s.unshare()
	if s.order != nil || s.borrowed.shared || cap(s.borrowed.spare) == 0 || &s.borrowed.spare[:1][0] != &own[:1][0] {
		t.Errorf("unshare: order %v, shared %v, spare %v; want no order, its room kept as spare", s.order, s.borrowed.shared, s.borrowed.spare)
	}
	pass(nil)
	s.unshare()
	if s.order != nil || s.borrowed.shared || &s.borrowed.spare[:1][0] != &own[:1][0] {
		t.Errorf("unshare of the list: order %v, shared %v; want no order, the spare kept", s.order, s.borrowed.shared)
	}
}
