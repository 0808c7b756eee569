package sitediff

// A set's URLs are sorted by an external merge sort: they are read into
// a batch of at most batchBytes, which is sorted and, when more follow,
// written to a run file in a temporary folder; reading the set merges the
// runs, and the batch still in memory, in URL order. Memory stays flat
// however many URLs a set has: a batch, and a buffered reader a run.
//
// A run is a new file of the set's own temporary folder (os.CreateTemp:
// created, never found), kept open from its writing to the set's Close
// and read back through the same descriptor, within the bytes written:
// no path is opened again, so nothing put in the folder meanwhile is
// read.

import (
	"bufio"
	"cmp"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// batchBytes is how many bytes of URLs and values a set holds in memory
// before it writes them to a run. A URL costs its strings and about 48
// bytes besides (urlCost).
const batchBytes = 32 << 20

// urlCost is what u costs in a batch.
func urlCost(u URL) int { return len(u.Loc) + len(u.vals) + 48 }

// Set is a sitemap set's URLs, read back sorted by URL, each once (the
// first read of a URL listed twice): [Set.Cursor]. Close removes its
// runs from the disk.
type Set struct {
	batch []URL // not yet written to a run; sorted once the set is read
	bytes int   // urlCost of batch
	max   int   // of bytes, past which the batch is written to a run
	dir   string
	runs  []run // in the order written
}

// run is a sorted run on disk: its file, open, the bytes and the URLs
// written to it.
type run struct {
	f    *os.File
	size int64
	urls int
}

// newSet returns an empty set that writes a run past max bytes
// (batchBytes; tests lower it to make runs of a few URLs).
func newSet(max int) *Set { return &Set{max: max} }

// add adds u to the set.
func (s *Set) add(u URL) error {
	s.batch = append(s.batch, u)
	s.bytes += urlCost(u)
	if s.bytes < s.max {
		return nil
	}
	return s.spill()
}

// sortBatch sorts the batch by URL, keeping the order read among the
// URLs listed twice.
func (s *Set) sortBatch() {
	slices.SortStableFunc(s.batch, func(a, b URL) int { return strings.Compare(a.Loc, b.Loc) })
}

// spill writes the batch, sorted, to a new run.
func (s *Set) spill() error {
	if s.dir == "" {
		dir, err := os.MkdirTemp("", "sitemapgen-diff-")
		if err != nil {
			return fmt.Errorf("a folder for the sorted runs of a large set: %w", err)
		}
		s.dir = dir
	}
	s.sortBatch()
	f, err := os.CreateTemp(s.dir, fmt.Sprintf("run-%d-", len(s.runs)))
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 64<<10)
	var n [binary.MaxVarintLen64]byte
	size := int64(0)
	for _, u := range s.batch {
		for _, v := range []string{u.Loc, u.vals} {
			m, _ := w.Write(n[:binary.PutUvarint(n[:], uint64(len(v)))])
			k, _ := w.WriteString(v)
			size += int64(m + k)
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("writing a sorted run of a large set: %w", err)
	}
	s.runs = append(s.runs, run{f: f, size: size, urls: len(s.batch)})
	clear(s.batch) // let the strings go
	s.batch, s.bytes = s.batch[:0], 0
	return nil
}

// Close closes and removes the set's runs.
func (s *Set) Close() error {
	if s == nil || s.dir == "" {
		return nil
	}
	var errs []error
	for _, r := range s.runs {
		errs = append(errs, r.f.Close())
	}
	errs = append(errs, os.RemoveAll(s.dir))
	s.dir, s.runs = "", nil
	return errors.Join(errs...)
}

// Cursor returns a cursor over the set's URLs, sorted, each once; Close
// closes it. Cursors of one set read its runs each on its own.
func (s *Set) Cursor() (*Cursor, error) {
	c := &Cursor{}
	for i, r := range s.runs {
		c.push(&runReader{r: bufio.NewReaderSize(io.NewSectionReader(r.f, 0, r.size), 64<<10), name: r.f.Name(), left: r.urls, order: i})
	}
	c.push(&runReader{mem: s.batch, order: len(s.runs)})
	return c, c.err
}

// Cursor reads a [Set]'s URLs in order.
type Cursor struct {
	h     runHeap
	last  string
	begun bool
	err   error
}

// push reads the first URL of r and adds it to the merge, unless r is
// empty.
func (c *Cursor) push(r *runReader) {
	if ok, err := r.next(); err != nil {
		c.err = cmp.Or(c.err, err)
	} else if ok {
		heap.Push(&c.h, r)
	}
}

// Next returns the next URL, and false at the end or on an error (see
// [Cursor.Err]).
func (c *Cursor) Next() (URL, bool) {
	for c.err == nil && len(c.h) > 0 {
		r := c.h[0]
		u := r.cur
		if ok, err := r.next(); err != nil {
			c.err = err
			break
		} else if ok {
			heap.Fix(&c.h, 0)
		} else {
			heap.Pop(&c.h)
		}
		if c.begun && u.Loc == c.last {
			continue // listed twice: the first read counts
		}
		c.begun, c.last = true, u.Loc
		return u, true
	}
	return URL{}, false
}

// Err is the error that stopped the cursor, if any.
func (c *Cursor) Err() error { return c.err }

// Close ends the cursor; the set's runs stay open until the set's Close.
func (c *Cursor) Close() error {
	c.h = nil
	return nil
}

// runReader reads one sorted run: a file's, or the batch in memory.
type runReader struct {
	r     *bufio.Reader
	mem   []URL
	name  string
	left  int // URLs of the run not read yet
	order int // runs read earlier come first among equal URLs
	cur   URL
}

// next reads the run's next URL into cur.
func (r *runReader) next() (bool, error) {
	if r.r == nil {
		if len(r.mem) == 0 {
			return false, nil
		}
		r.cur, r.mem = r.mem[0], r.mem[1:]
		return true, nil
	}
	if r.left == 0 {
		return false, nil
	}
	r.left--
	loc, err := readString(r.r)
	vals, err2 := readString(r.r)
	if err = cmp.Or(err, err2); err != nil {
		return false, fmt.Errorf("a sorted run of a large set (%s) is cut short: %w", r.name, err)
	}
	r.cur = URL{Loc: loc, vals: vals}
	return true, nil
}

// readString reads a string written by spill: its length, then its
// bytes.
func readString(r *bufio.Reader) (string, error) {
	n, err := binary.ReadUvarint(r)
	if err != nil {
		return "", err
	}
	if n > 1<<30 {
		return "", errors.New("a sorted run of a large set is damaged")
	}
	if b, err := r.Peek(int(n)); err == nil { // one copy, not two
		s := string(b)
		r.Discard(int(n))
		return s, nil
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", err
	}
	return string(b), nil
}

// runHeap orders runs by their current URL, then by the order read.
type runHeap []*runReader

func (h runHeap) Len() int { return len(h) }
func (h runHeap) Less(i, j int) bool {
	if c := strings.Compare(h[i].cur.Loc, h[j].cur.Loc); c != 0 {
		return c < 0
	}
	return h[i].order < h[j].order
}
func (h runHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *runHeap) Push(x any)   { *h = append(*h, x.(*runReader)) }
func (h *runHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
