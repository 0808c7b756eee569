package writer

import (
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"unsafe"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// heapAllocated returns the bytes fn allocates on the heap.
func heapAllocated(fn func()) uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	runtime.GC() // flushes the per-P caches into the count
	metrics.Read(s)
	before := s[0].Value.Uint64()
	fn()
	runtime.GC()
	metrics.Read(s)
	return s[0].Value.Uint64() - before
}

// TestEncodeEachGarbage holds what encodeEach allocates besides the
// elements' bytes: its windows' buffers are sized once, not grown an
// append at a time (most of what the write of a 100,000-page build
// allocated), and they are kept for the next call, however many
// collections come between (a watch session's every Write encodes the
// whole set). Under the race detector the counts are not compared.
func TestEncodeEachGarbage(t *testing.T) {
	withProcs(t, 4)
	depth := 2 * 4
	// 40 windows, the later ones larger: translated pages, clustered
	// as a site's sorted URLs are.
	urls := benchURLs(40 * windowSize)
	for i := range urls {
		if i >= 20*windowSize && i%2 == 0 {
			for _, lang := range []string{"de", "fr", "es", "it"} {
				urls[i].Alternates = append(urls[i].Alternates, sitemap.Alternate{Lang: lang, Href: urls[i].Loc + lang + "/" + strings.Repeat("x", 40)})
			}
		}
	}
	var largest, total int
	for start := 0; start < len(urls); start += windowSize {
		n := 0
		for i := start; i < start+windowSize; i++ {
			n += len(appendURL(nil, &urls[i], sitemap.DateTime))
		}
		largest, total = max(largest, n), total+n
	}
	encode := func() {
		err := encodeEach(sitemap.Slice(urls), sitemap.DateTime, nil, nil, func(int, []byte, *sitemap.URL) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
	}
	takeStock()
	// A window's own slices: the URLs, the ends, the skips, the known.
	perWindow := windowSize * (int(unsafe.Sizeof(sitemap.URL{})) + int(unsafe.Sizeof(0)) + 2)
	first := heapAllocated(encode)
	runtime.GC()
	runtime.GC() // a sync.Pool is empty after two
	again := heapAllocated(encode)
	t.Logf("%d windows of at most %d bytes (%d in all): the first call allocated %d bytes, the next %d", len(urls)/windowSize, largest, total, first, again)
	if raceEnabled {
		t.Skip("-race: the allocations are not compared (the race detector's bookkeeping allocates)")
	}
	// Each window in flight is sized for the window it meets, and once
	// more for a larger one: at most twice the largest window's bytes,
	// with an eighth to spare.
	if limit := uint64(depth * (perWindow + 2*(largest+largest/8))); first > limit {
		t.Errorf("the first call allocated %d bytes, want at most %d (%d windows in flight, each of at most %d bytes): the buffers grew an append at a time", first, limit, depth, largest)
	}
	// The next call reuses the windows: what it allocates is a few
	// channels and goroutines a window.
	if limit := uint64(64 * 1024); again > limit {
		t.Errorf("the next call allocated %d bytes, want at most %d: the windows were not kept", again, limit)
	}
}

// takeStock empties the stock of windows.
func takeStock() {
	windows.mu.Lock()
	defer windows.mu.Unlock()
	windows.free = nil
}

// TestWriteOneBuffer: a Write writes its files one after another, and
// they take turns with one 256 KiB buffer, not one each (a 100,000-page
// build's three shards and index took a MiB). Under the race detector
// the counts are not compared.
func TestWriteOneBuffer(t *testing.T) {
	urls := sitemap.Slice(benchURLs(1000))
	dir := t.TempDir()
	write := func() {
		if _, err := Write(urls, Options{Dir: dir, BaseURL: base, MaxURLs: 100}); err != nil {
			t.Fatal(err)
		}
	}
	write() // the windows made, the folder's record there
	got := heapAllocated(write)
	t.Logf("a Write of 10 shards and an index allocated %d bytes", got)
	if raceEnabled {
		t.Skip("-race: the allocations are not compared (the race detector's bookkeeping allocates)")
	}
	if limit := uint64(2 * 256 << 10); got > limit {
		t.Errorf("a Write of 10 shards and an index allocated %d bytes, want at most %d: a buffer of 256 KiB for each file", got, limit)
	}
}

// TestEncodeEachWindowBytes holds the memory of a build's write: the
// windows in flight (2 × GOMAXPROCS) are live beside the records for the
// whole write, and a translated site's windows take their buffers to the
// size of its largest run of alternates. At 512 URLs a window, a
// 100,000-page build's write held 2.8 MiB of them, its largest part after
// the records (issue 71). Under the race detector the counts are not
// compared.
func TestEncodeEachWindowBytes(t *testing.T) {
	withProcs(t, 2)
	urls := benchURLs(20000)
	for i := range urls {
		if i%3 == 0 { // a cluster of three languages in every three pages
			for _, lang := range []string{"de", "fr", "es"} {
				urls[i].Alternates = append(urls[i].Alternates, sitemap.Alternate{Lang: lang, Href: urls[i].Loc + lang + "/"})
			}
		}
	}
	takeStock()
	defer takeStock() // no window of this test's kept for the next
	got := heapAllocated(func() {
		err := encodeEach(sitemap.Slice(urls), sitemap.DateTime, nil, nil, func(int, []byte, *sitemap.URL) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("encoding %d URLs on 2 CPUs allocated %d bytes", len(urls), got)
	if raceEnabled {
		t.Skip("-race: the allocations are not compared (the race detector's bookkeeping allocates)")
	}
	if limit := uint64(640 << 10); got > limit {
		t.Errorf("encoding %d URLs on 2 CPUs allocated %d bytes, want at most %d: the windows in flight are live for the whole write", len(urls), got, limit)
	}
}
