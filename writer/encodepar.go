package writer

import (
	"runtime"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// A window is a run of consecutive URLs encoded as <url> elements.
type window struct {
	start int           // index of its first URL
	buf   []byte        // the elements, one after another
	ends  []int         // the end of each element in buf
	urls  []sitemap.URL // the URL of each
	skip  []bool        // whether each was skipped, not encoded
	known []bool        // whether each was known the last Write's, not asked
	done  chan struct{}
}

// windowSize is the number of URLs in a window: large enough that handing
// windows around costs nothing, small enough that a window takes a
// hundred kilobytes or less (a build's write holds 2 × GOMAXPROCS of
// them beside the records; at 1,024, a 100,000-page build peaked 1.2 MiB
// higher, at 512 its windows held 2.8 MiB, a translated site's windows
// sized for its largest clusters).
const windowSize = 256

// encodeURLs encodes every URL of urls as a <url> element, on as many
// goroutines as there are CPUs, and calls fn for each element in order,
// with the URL's index and lastmod. It stops at fn's first error and
// returns it. At is called concurrently.
//
// Encoding is most of the CPU time of writing a large set; done in
// parallel, it overlaps the writing of the files (fn), which is the only
// part that must go in order.
func encodeURLs(urls sitemap.URLs, f sitemap.DateFormat, fn func(i int, elem []byte, lastmod time.Time) error) error {
	return encodeEach(urls, f, nil, nil, func(i int, elem []byte, u *sitemap.URL) error { return fn(i, elem, u.LastMod) })
}

// encodeEach is encodeURLs with two questions asked of each URL.
//
//   - known, when set, says which URLs are the last Write's. encodeEach
//     does not ask urls for them at all: fn gets a nil element and a nil
//     URL. known is called concurrently, before At.
//   - skip, when set, says which URLs need no element: fn gets a nil
//     element for them. skip is called concurrently.
//
// fn gets each URL as At gave it. The URL is valid only during the call.
//
// For more than windowSize URLs, encodeEach cuts the URLs into windows.
// handOut gives the windows out in order, the workers encode them
// (window.encode), and the calling goroutine hands each window's
// elements to fn in order (window.emit). A window goes back to the free
// list once fn has seen it, so at most 2 × GOMAXPROCS windows are in use.
func encodeEach(urls sitemap.URLs, f sitemap.DateFormat, known func(i int) bool, skip func(i int, u *sitemap.URL) bool, fn func(i int, elem []byte, u *sitemap.URL) error) error {
	n := urls.Len()
	workers := runtime.GOMAXPROCS(0)
	if n <= windowSize || workers == 1 {
		return encodeInOrder(urls, f, known, skip, fn)
	}
	depth := 2 * workers // the windows encoded ahead of fn
	free := make(chan *window, depth)
	for range depth {
		free <- windows.get()
	}
	jobs := make(chan *window)
	order := make(chan *window, depth)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for w := range jobs {
				w.encode(urls, n, f, known, skip)
			}
		})
	}
	wg.Go(func() { handOut(n, free, jobs, order, stop) })
	var err error
	for w := range order {
		<-w.done
		if err == nil {
			if err = w.emit(fn); err != nil {
				close(stop)
			}
		}
		free <- w
	}
	wg.Wait()
	for len(free) > 0 {
		windows.put(<-free)
	}
	return err
}

// encodeInOrder is encodeEach on the calling goroutine alone. encodeEach
// uses it for a few URLs, or when there is one CPU.
func encodeInOrder(urls sitemap.URLs, f sitemap.DateFormat, known func(i int) bool, skip func(i int, u *sitemap.URL) bool, fn func(i int, elem []byte, u *sitemap.URL) error) error {
	var elem []byte
	// One URL serves every index: the address of a local in the loop
	// would escape, once per URL.
	u := new(sitemap.URL)
	for i := range urls.Len() {
		if known != nil && known(i) {
			if err := fn(i, nil, nil); err != nil {
				return err
			}
			continue
		}
		*u = urls.At(i)
		if skip != nil && skip(i, u) {
			if err := fn(i, nil, u); err != nil {
				return err
			}
			continue
		}
		elem = appendURL(elem[:0], u, f)
		if err := fn(i, elem, u); err != nil {
			return err
		}
	}
	return nil
}

// handOut hands the windows out in order, as they come free. Each window
// goes to order, where encodeEach waits for it, and then to jobs, where
// a worker encodes it. handOut returns when every URL has a window or
// when stop is closed, and it closes jobs and order.
func handOut(n int, free <-chan *window, jobs, order chan<- *window, stop <-chan struct{}) {
	defer close(order)
	defer close(jobs)
	for start := 0; start < n; start += windowSize {
		var w *window
		select {
		case w = <-free:
		case <-stop:
			return
		}
		w.start, w.done = start, make(chan struct{})
		select {
		case order <- w:
		case <-stop:
			return
		}
		jobs <- w
	}
}

// encode fills w with the URLs of urls from w.start, up to windowSize of
// them and never past n, and encodes their elements. It closes w.done
// when it is done. known and skip are encodeEach's.
func (w *window) encode(urls sitemap.URLs, n int, f sitemap.DateFormat, known func(i int) bool, skip func(i int, u *sitemap.URL) bool) {
	if w.urls == nil {
		// The slices are made at their full size when first used. Grown
		// an append at a time, they would leave their copies behind.
		w.ends, w.urls, w.skip, w.known = make([]int, 0, windowSize), make([]sitemap.URL, 0, windowSize), make([]bool, 0, windowSize), make([]bool, 0, windowSize)
	}
	w.ends, w.urls, w.skip, w.known = w.ends[:0], w.urls[:0], w.skip[:0], w.known[:0]
	need := 0
	for i := w.start; i < min(w.start+windowSize, n); i++ {
		if known != nil && known(i) {
			w.urls = append(w.urls, sitemap.URL{})
			w.skip = append(w.skip, true)
			w.known = append(w.known, true)
			continue
		}
		w.urls = append(w.urls, urls.At(i))
		w.known = append(w.known, false)
		u := &w.urls[len(w.urls)-1]
		skipped := skip != nil && skip(i, u)
		if !skipped {
			need += sizeHint(u)
		}
		w.skip = append(w.skip, skipped)
	}
	// The buffer is sized once for the window, with an eighth to spare
	// for the next window. Grown an append at a time (1.25× a step), it
	// would leave four times its size behind.
	if cap(w.buf) < need {
		w.buf = make([]byte, 0, need+need/8)
	}
	w.buf = w.buf[:0]
	for k := range w.urls {
		if !w.skip[k] {
			w.buf = appendURL(w.buf, &w.urls[k], f)
		}
		w.ends = append(w.ends, len(w.buf))
	}
	close(w.done)
}

// emit calls fn for each URL of w, in order, with its element. A
// skipped URL gets a nil element, and a known one a nil URL as well.
// emit stops at fn's first error and returns it.
func (w *window) emit(fn func(i int, elem []byte, u *sitemap.URL) error) error {
	from := 0
	for k, end := range w.ends {
		elem, u := w.buf[from:end], &w.urls[k]
		if w.skip[k] {
			elem = nil
		}
		if w.known[k] {
			u = nil
		}
		if err := fn(w.start+k, elem, u); err != nil {
			return err
		}
		from = end
	}
	return nil
}

// sizeHint returns about the size of u's <url> element (appendURL): no
// less than it when none of its characters is escaped and its lastmod
// is of 25 bytes or less (a date and time to the second with its zone),
// a guess for videos. An element larger only grows the buffer.
func sizeHint(u *sitemap.URL) int {
	const (
		url       = len("  <url>\n    <loc></loc>\n  </url>\n")
		lastmod   = len("    <lastmod>2006-01-02T15:04:05+07:00</lastmod>\n")
		changes   = len("    <changefreq>monthly</changefreq>\n    <priority>0.5</priority>\n")
		alternate = len(`    <xhtml:link rel="alternate" hreflang="" href=""/>` + "\n")
		image     = len("    <image:image>\n      <image:loc></image:loc>\n    </image:image>\n")
		video     = 1024 // its tags, with room for its dates and flags
	)
	n := url + len(u.Loc)
	if !u.LastMod.IsZero() {
		n += lastmod
	}
	if u.ChangeFreq != 0 || u.Priority.IsSet() {
		n += changes
	}
	for _, a := range u.Alternates {
		n += alternate + len(a.Lang) + len(a.Href)
	}
	for _, im := range u.Images {
		n += image + len(im.Loc)
	}
	for i := range u.Videos {
		v := &u.Videos[i]
		n += video + len(v.ThumbnailLoc) + len(v.Title) + len(v.Description) + len(v.ContentLoc) + len(v.PlayerLoc)
	}
	return n
}

// windows keeps the windows of the last calls, their buffers grown to
// size: a watch session's every Write encodes the whole set, and windows
// made anew each time grew their buffers again, most of what a rebuild
// allocated. A free list, not a sync.Pool: the collector empties a pool,
// and a build's write, the largest part of its garbage then, regrew the
// windows after each collection.
var windows stock

// A stock is a free list of windows: as many as one call has in flight
// on this machine (2 × GOMAXPROCS), each with a buffer of at most
// maxKeptBuf bytes.
type stock struct {
	mu   sync.Mutex
	free []*window
}

// maxKeptBuf bounds the buffer of a window kept: 4 MiB a window, a
// thousand elements of 4 KiB (a site's are a few hundred bytes); one
// larger is let go, and made again when needed.
const maxKeptBuf = 4 << 20

func (s *stock) get() *window {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := len(s.free); n > 0 {
		w := s.free[n-1]
		s.free[n-1] = nil
		s.free = s.free[:n-1]
		return w
	}
	return &window{}
}

func (s *stock) put(w *window) {
	clear(w.urls[:cap(w.urls)]) // no URL kept alive by the stock
	if cap(w.buf) > maxKeptBuf {
		w.buf = nil
	}
	w.done = nil
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.free) < 2*runtime.GOMAXPROCS(0) {
		s.free = append(s.free, w)
	}
}
