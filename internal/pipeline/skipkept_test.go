package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"testing"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestSkippedPagesKeptSmall holds what a build keeps of a page left out
// with nothing else to say (a redirect, a noindex page, an AMP copy)
// from its judgement on the walk's goroutines to the end of the walk,
// when it is recorded: its URL, its reason and what the generator's
// alternates need, not the whole outcome of the page (about 600 bytes,
// and a site has thousands of such pages). The measure is the live heap
// when the last page is reported left out, on sites of 1,000 and 3,000
// such pages: the difference, a page. Kept whole, an outcome took
// about 1,100 bytes a page, with its closure, its event and why the
// page was left out (noteSkipped); a closure that kept the walker's File
// kept its folder too, about 410 (here a folder a page); now about 330.
// Under the race detector it is not compared.
func TestSkippedPagesKeptSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the measure needs sites of thousands of pages")
	}
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	heap := func() uint64 {
		runtime.GC()
		runtime.GC() // a sync.Pool's pages are gone after two
		metrics.Read(live)
		return live[0].Value.Uint64()
	}
	kept := func(n int) uint64 {
		files := map[string]string{"index.html": "<!doctype html><title>home</title>"}
		for i := range n {
			files[fmt.Sprintf("p%d/index.html", i)] = `<!doctype html><meta name="robots" content="noindex"><title>page</title>`
		}
		root := pages(t, files)
		var skips int
		var at uint64
		opts := Options{
			Root:  root,
			Heads: Heads{Read: true},
			Map:   mapping.Options{BaseURL: base},
			Write: writer.Options{Dir: filepath.Join(t.TempDir(), "out")},
			Report: Report{
				Warn:  func(string, error) {},
				Error: func(string, error) {},
				Skip: func(string, mapping.Reason, string) {
					if skips++; skips == n { // the walk's last: everything kept is still there
						at = heap()
					}
				},
			},
		}
		before := heap()
		if _, err := Run(context.Background(), opts); err != nil {
			t.Fatal(err)
		}
		if skips != n {
			t.Fatalf("%d pages left out, want %d", skips, n)
		}
		return at - before
	}
	small, large := kept(1000), kept(3000)
	perPage := float64(int64(large)-int64(small)) / 2000
	t.Logf("kept %d bytes for 1,000 pages left out, %d for 3,000: %.0f a page", small, large, perPage)
	if raceEnabled {
		t.Skip("-race: the heap is not compared (the race detector's bookkeeping allocates)")
	}
	if perPage > 370 {
		t.Errorf("a build kept %.0f bytes a page left out until the end of the walk, want at most 370: the walk kept the whole outcome of each", perPage)
	}
}
