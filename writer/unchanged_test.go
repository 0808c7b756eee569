package writer

import (
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// hinted is a slice of URLs that says which are the last Write's
// (Unchanged) and counts the URLs asked for.
type hinted struct {
	urls    []sitemap.URL
	changed map[int]bool
	shift   func(i int) (int, bool) // where a URL was, when not at i
	asked   atomic.Int64
}

func (h *hinted) Len() int { return len(h.urls) }
func (h *hinted) At(i int) sitemap.URL {
	h.asked.Add(1)
	return h.urls[i]
}
func (h *hinted) Unchanged(i int) (int, bool) {
	if h.shift != nil {
		return h.shift(i)
	}
	return i, !h.changed[i]
}

// The namespaces are known without asking every URL (extensions).
func (h *hinted) HasAlternates() bool { return false }
func (h *hinted) HasImages() bool     { return false }
func (h *hinted) HasVideos() bool     { return false }

// TestWriteAsksOnlyChanged: a Write with a State of URLs that tell which
// are the last Write's, and where they were (Unchanged), asks only for
// the others and the elements the files it writes need again, and the
// folder holds a fresh Write's bytes: after an edit, a URL added and
// removed; without a last Write, every URL is asked for, once.
func TestWriteAsksOnlyChanged(t *testing.T) {
	defer func(was func() bool) { checkKnown = was }(checkKnown)
	checkKnown = func() bool { return false } // the answers are not checked: At counts
	for _, n := range []int{300, 5000} {      // one goroutine, and windows on several
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			dir := t.TempDir()
			urls := numbered(n)
			opts := Options{Dir: dir, BaseURL: base, MaxURLs: 1000, State: NewState()}
			h := &hinted{urls: urls, changed: map[int]bool{}}
			write := func() {
				t.Helper()
				h.asked.Store(0)
				if _, err := Write(h, opts); err != nil {
					t.Fatal(err)
				}
				sameAsFresh(t, "", h.urls, opts, dir)
			}
			// The first Write encodes each URL once: its files are
			// written as they are planned (chunker.direct).
			write()
			if got := h.asked.Load(); got != int64(n) {
				t.Errorf("first Write asked %d URLs, want each of the %d once", got, n)
			}
			k := n / 2
			urls[k].LastMod = day(20)
			h.changed = map[int]bool{k: true}
			write()
			// The changed URL, asked for its element and again by the
			// splice that writes it into its file.
			if got := h.asked.Load(); got > 2 {
				t.Errorf("a Write after one URL changed asked %d URLs, want at most 2", got)
			}
			h.changed = map[int]bool{}
			write()
			if got := h.asked.Load(); got != 0 {
				t.Errorf("a Write of the same URLs asked %d, want 0", got)
			}
			// A URL added near the end, the others said where they
			// were: its file is written again from its place on (the
			// last of the shards, or the one sitemap.xml, spliced),
			// and a new one for what is pushed past the limit.
			p := n * 9 / 10
			added := sitemap.URL{Loc: urls[p-1].Loc + "-b"}
			h.urls = append(urls[:p:p], append([]sitemap.URL{added}, urls[p:]...)...)
			h.shift = func(i int) (int, bool) {
				switch {
				case i < p:
					return i, true
				case i == p:
					return 0, false
				}
				return i - 1, true
			}
			write()
			if got, most := h.asked.Load(), int64(min(n, 1000)/2+10); got > most {
				t.Errorf("a Write after a URL was added asked %d URLs, want at most %d", got, most)
			}
			// And removed again.
			h.shift = func(i int) (int, bool) {
				if i < p {
					return i, true
				}
				return i + 1, true
			}
			h.urls = append(h.urls[:p:p], h.urls[p+1:]...)
			write()
			if got, most := h.asked.Load(), int64(min(n, 1000)/2+10); got > most {
				t.Errorf("a Write after a URL was removed asked %d URLs, want at most %d", got, most)
			}
			// Without a last Write (a new State), every URL is asked for.
			opts.State = NewState()
			write()
			if got := h.asked.Load(); got != int64(n) {
				t.Errorf("a Write with a new State asked %d URLs, want each once", got)
			}
		})
	}
}

// TestWriteChecksUnchanged: in a test binary, a URL said unchanged that
// is not the last Write's makes the Write panic, naming it. (A set of
// more than a window is encoded on several goroutines, where the panic
// ends the test binary: a set of one window is asked on the caller's.)
func TestWriteChecksUnchanged(t *testing.T) {
	if !checkKnown() {
		t.Fatal("checkKnown is off in a test binary")
	}
	urls := numbered(windowSize) // one window: asked on the caller's goroutine
	opts := Options{Dir: t.TempDir(), BaseURL: base, MaxURLs: 1000, State: NewState()}
	h := &hinted{urls: urls, changed: map[int]bool{}}
	if _, err := Write(h, opts); err != nil {
		t.Fatal(err)
	}
	urls[7].LastMod = day(20) // and said unchanged
	var got any
	func() {
		defer func() { got = recover() }()
		Write(h, opts)
	}()
	if msg, _ := got.(string); !strings.Contains(msg, urls[7].Loc) {
		t.Fatalf("a URL wrongly said unchanged: recovered %v, want a panic naming %s", got, urls[7].Loc)
	}
}

// TestStateWritesCounts: Writes counts the Writes whose URLs the State
// took: one that fails after its commit counts, since the next is
// compared with it; one that fails before writing anything does not.
func TestStateWritesCounts(t *testing.T) {
	urls := numbered(35)
	st := NewState()
	opts := Options{Dir: t.TempDir(), BaseURL: base, MaxURLs: 10, State: st}
	if _, err := Write(sitemap.Slice(urls), opts); err != nil {
		t.Fatal(err)
	}
	if st.Writes() != 1 {
		t.Fatalf("after a Write: %d", st.Writes())
	}
	failAfterCommit = func() error { return errors.New("after the commit") }
	defer func() { failAfterCommit = nil }()
	urls[12].LastMod = day(25)
	if _, err := Write(sitemap.Slice(urls), opts); err == nil {
		t.Fatal("a Write failed after its commit succeeded")
	}
	if st.Writes() != 2 {
		t.Errorf("after a Write that failed after its commit: %d, want 2", st.Writes())
	}
	failAfterCommit = nil
	if _, err := Write(sitemap.Slice(nil), opts); err == nil { // no URL: fails at once
		t.Fatal("a Write of no URL succeeded")
	}
	if st.Writes() != 2 {
		t.Errorf("after a Write that failed at once: %d, want 2", st.Writes())
	}
}
