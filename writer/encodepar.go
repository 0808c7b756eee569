package writer

import (
	"runtime"
	"sync"
	"time"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// A window is a run of consecutive URLs encoded as <url> elements.
type window struct {
	start int         // index of its first URL
	buf   []byte      // the elements, one after another
	ends  []int       // the end of each element in buf
	mods  []time.Time // the lastmod of each
	done  chan struct{}
}

// windowSize is the number of URLs in a window: large enough that handing
// windows around costs nothing, small enough that the windows in flight
// take a few hundred kilobytes.
const windowSize = 1024

// encodeURLs encodes every URL of urls as a <url> element, on as many
// goroutines as there are CPUs, and calls fn for each element in order,
// with the URL's index and lastmod. It stops at fn's first error and
// returns it. At is called concurrently.
//
// Encoding is most of the CPU time of writing a large set; done in
// parallel, it overlaps the writing of the files (fn), which is the only
// part that must go in order.
func encodeURLs(urls sitemap.URLs, f sitemap.DateFormat, fn func(i int, elem []byte, lastmod time.Time) error) error {
	n := urls.Len()
	workers := runtime.GOMAXPROCS(0)
	if n <= windowSize || workers == 1 {
		var elem []byte
		for i := range n {
			u := urls.At(i)
			elem = appendURL(elem[:0], &u, f)
			if err := fn(i, elem, u.LastMod); err != nil {
				return err
			}
		}
		return nil
	}

	depth := 2 * workers // windows encoded ahead of fn
	free := make(chan *window, depth)
	for range depth {
		free <- &window{}
	}
	jobs := make(chan *window)
	order := make(chan *window, depth)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for w := range jobs {
				w.buf, w.ends, w.mods = w.buf[:0], w.ends[:0], w.mods[:0]
				for i := w.start; i < min(w.start+windowSize, n); i++ {
					u := urls.At(i)
					w.buf = appendURL(w.buf, &u, f)
					w.ends = append(w.ends, len(w.buf))
					w.mods = append(w.mods, u.LastMod)
				}
				close(w.done)
			}
		})
	}
	wg.Go(func() { // hands out windows in order, as they come free
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
	})

	var err error
	for w := range order {
		<-w.done
		if err == nil {
			from := 0
			for k, end := range w.ends {
				if err = fn(w.start+k, w.buf[from:end], w.mods[k]); err != nil {
					close(stop)
					break
				}
				from = end
			}
		}
		free <- w
	}
	wg.Wait()
	return err
}
