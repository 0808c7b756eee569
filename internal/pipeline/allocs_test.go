package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

var updateBudget = flag.Bool("update-budget", false, "rewrite testdata/alloc-budget.json with the allocations TestAllocBudget measures")

// allocBudget is testdata/alloc-budget.json: what a whole build may
// allocate a page, and by how much it may grow before TestAllocBudget
// fails.
type allocBudget struct {
	Note          string  `json:"note"`
	Pages         int     `json:"pages"`
	AllocsPerPage float64 `json:"allocs_per_page"`
	BytesPerPage  float64 `json:"bytes_per_page"`
	// AllocsMargin and BytesMargin are the growth allowed, as fractions
	// (0.03: 3 %). A figure that falls below its budget by twice its
	// margin fails too: the budget is then stale, and would let the next
	// regression through.
	AllocsMargin float64 `json:"allocs_margin"`
	BytesMargin  float64 `json:"bytes_margin"`
}

const (
	budgetFile  = "testdata/alloc-budget.json"
	budgetPages = 2000
	// The build runs on one P with one worker, with the collector off
	// while it runs: the counts are then the same from run to run and
	// machine to machine (within 0.1 %). With 16 workers on 4 Ps they
	// moved by 6 % in bytes: how many head readers a sync.Pool made
	// depended on how the workers met, and a collection mid-build
	// emptied the pools. A worker's own buffers (its folder's, its head
	// reader's) count once here; TestPassWork holds the passes.
	// The margins: one more allocation a page adds 14 % to the count;
	// a few per cent more bytes, the creep no single commit shows, is
	// caught.
	budgetAllocsMargin = 0.01
	budgetBytesMargin  = 0.02
	budgetProcs        = 1 // GOMAXPROCS during the measurement
	budgetWorkers      = 1
	budgetRuns         = 5
)

// TestAllocBudget holds the heap allocations of a whole default build
// (walk, heads read, mapping, writer) of a 2,000-page generated site, per
// page, in objects and bytes, to the budget in testdata/alloc-budget.json
// with its margins (1 % and 2 %). Time is left to the benchmarks (bench/run.sh): it is
// noisy, and allocation counts are not. The build runs on one P with one
// worker and the collector off, once to warm up, then budgetRuns times into
// fresh folders; the least of each figure counts (anything else the
// process allocates meanwhile only adds). After a deliberate change:
//
//	go test ./internal/pipeline -run TestAllocBudget -update-budget
//
// Under the race detector (sync.Pool drops entries at random, and the
// detector's own bookkeeping allocates) the comparison is left out, and
// with it the warm-up and the repeated runs: one build of the site;
// test.sh, which runs the suite under -race, runs this test again without.
func TestAllocBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the allocation budget needs a 2,000-page site")
	}
	dir := t.TempDir()
	root := filepath.Join(dir, "site")
	if err := sitemaptest.GenSite(root, budgetPages, ""); err != nil {
		t.Fatal(err)
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(budgetProcs))
	opts := Options{
		Root:    root,
		Workers: budgetWorkers,
		Heads:   Heads{Read: true},
		Map:     mapping.Options{BaseURL: base},
		Report: Report{
			Warn:  func(string, error) {},
			Error: func(string, error) {},
			Skip:  func(string, mapping.Reason, string) {},
		},
	}
	samples := []metrics.Sample{{Name: "/gc/heap/allocs:objects"}, {Name: "/gc/heap/allocs:bytes"}}
	var objects, bytes uint64
	var pages int
	runs := budgetRuns + 1
	if raceEnabled {
		// The counts are not compared: the warm-up and the runs whose
		// least counts would be kept are left out, one build of the site
		// left for the detector to watch.
		runs = 1
	}
	// The collector runs between the builds (runtime.GC), not during
	// one: a collection empties the sync.Pools, and what a build then
	// allocated again depended on when it came.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for i := range runs {
		opts.Write = writer.Options{Dir: filepath.Join(dir, fmt.Sprint("out", i))}
		runtime.GC() // flushes the per-P caches into the counts
		metrics.Read(samples)
		o0, b0 := samples[0].Value.Uint64(), samples[1].Value.Uint64()
		res, err := Run(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		metrics.Read(samples)
		o, b := samples[0].Value.Uint64()-o0, samples[1].Value.Uint64()-b0
		if i == 0 && runs > 1 {
			continue // the warm-up: one-time allocations, pools filled
		}
		if objects == 0 || o < objects {
			objects = o
		}
		if bytes == 0 || b < bytes {
			bytes = b
		}
		pages = res.Pages
	}
	got := allocBudget{
		Note:          "TestAllocBudget's budget: heap allocations of a whole default build of a generated site, per page. Update deliberately: go test ./internal/pipeline -run TestAllocBudget -update-budget",
		Pages:         pages,
		AllocsPerPage: round2(float64(objects) / float64(pages)),
		BytesPerPage:  round2(float64(bytes) / float64(pages)),
		AllocsMargin:  budgetAllocsMargin,
		BytesMargin:   budgetBytesMargin,
	}
	t.Logf("%d pages: %.2f allocations and %.0f bytes a page (%d and %d in all)", pages, got.AllocsPerPage, got.BytesPerPage, objects, bytes)
	if *updateBudget {
		if raceEnabled {
			t.Fatal("-update-budget under -race: the race detector changes the counts; run it without -race")
		}
		data, err := json.MarshalIndent(got, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(budgetFile, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(budgetFile)
	if err != nil {
		t.Fatal(err)
	}
	var want allocBudget
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatalf("%s: %v", budgetFile, err)
	}
	if raceEnabled {
		t.Log("-race: the counts are not compared with the budget (the race detector changes them)")
		return
	}
	if err := checkBudget(got, want); err != nil {
		t.Errorf("%v\nif the change is deliberate, say why in its commit and update the budget:\n\tgo test ./internal/pipeline -run TestAllocBudget -update-budget", err)
	}
}

// checkBudget compares measured figures with a budget: an error names
// each figure past the margin either way.
func checkBudget(got, want allocBudget) error {
	if got.Pages != want.Pages {
		return fmt.Errorf("%s was measured on %d pages, this build found %d", budgetFile, want.Pages, got.Pages)
	}
	var errs []error
	for _, f := range []struct {
		name              string
		got, want, margin float64
	}{
		{"allocations a page", got.AllocsPerPage, want.AllocsPerPage, want.AllocsMargin},
		{"bytes allocated a page", got.BytesPerPage, want.BytesPerPage, want.BytesMargin},
	} {
		switch {
		case f.got > f.want*(1+f.margin):
			errs = append(errs, fmt.Errorf("%s grew: %.2f, budget %.2f + %.0f %% (%+.1f %%)", f.name, f.got, f.want, f.margin*100, (f.got/f.want-1)*100))
		case f.got < f.want*(1-2*f.margin):
			errs = append(errs, fmt.Errorf("%s fell: %.2f, budget %.2f (%+.1f %%): the budget is stale and would let a regression through", f.name, f.got, f.want, (f.got/f.want-1)*100))
		}
	}
	return errors.Join(errs...)
}

func round2(x float64) float64 { return float64(int64(x*100+0.5)) / 100 }
