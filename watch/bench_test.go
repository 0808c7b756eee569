package watch

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/gcpace"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// BenchmarkScan measures the scan of a tree none of whose folders is
// watched: the listing of every folder that a scan starts from (its
// memory, the heap's growth in MiB, reported as MiB/op), and a pass over
// it when nothing changed (ns/op). The tree is SITEMAPGEN_BENCH_TREE, a
// built site (bench/watch.sh makes one with bench/gensite):
//
//	SITEMAPGEN_BENCH_TREE=/tmp/site go test ./watch -run '^$' -bench Scan -benchtime 3x
//
// Without it, a tree of 10,000 folders is made.
func BenchmarkScan(b *testing.B) {
	root := os.Getenv("SITEMAPGEN_BENCH_TREE")
	if root == "" {
		root = b.TempDir()
		for i := range 10000 {
			dir := root + "/" + string(rune('a'+i%26)) + "/" + time.Duration(i).String()
			if err := os.MkdirAll(dir, 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(dir+"/index.html", []byte("x"), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	w, err := newWatcher(Options{Roots: []string{root}, NoFanotify: true, Poll: time.Nanosecond}, hooks{})
	if err != nil {
		b.Fatal(err)
	}
	out := make(chan string, 1<<20)
	w.out = out
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	w.startScan()
	w.scanTree(root)
	w.endPass()
	listed := time.Since(start)
	runtime.GC()
	runtime.ReadMemStats(&after)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		s := w.scan
		s.next = 0
		for s.next < len(s.dirs) {
			i := s.next
			s.next++
			w.visit(ctx, i)
		}
	}
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "MiB")
	b.ReportMetric(listed.Seconds(), "s-to-list")
	b.ReportMetric(float64(len(w.scan.dirs)), "folders")
	if len(out) > 0 {
		b.Fatalf("%d paths reported, none changed", len(out))
	}
	w.stopScan()
}

// BenchmarkStart times watch mode's start as internal/cli makes it: Run
// on a generated site of SITEMAPGEN_BENCH_PAGES pages (default 10,000),
// the first build (pipeline.Start, paced as a session is:
// internal/gcpace, SessionKnee) begun at Ready, until it is done and every folder
// watched from the start has its watch (Watching); and, to compare, the
// build alone. Each with every folder watched and with the
// system's limit met after a fifth of them (hooks.add: ENOSPC), as at
// 1,000,000 pages, where 192,536 of 902,407 folders are watched. "early"
// adds every watch before Ready (as where change times cannot be
// trusted, or with Options.MaxWatches), "overlap" while the build runs.
// ns/op is the start's wall time; cpu-s/op the process's CPU time over
// it (getrusage), the measure on a shared machine; ready-s/op the time
// before the build may begin, which nothing overlaps:
//
//	go test ./watch -run '^$' -bench Start -count 5
//	TMPDIR=/dev/shm SITEMAPGEN_BENCH_PAGES=100000 go test ./watch -run '^$' -bench Start -benchtime 3x
func BenchmarkStart(b *testing.B) {
	pages := 10000
	if s := os.Getenv("SITEMAPGEN_BENCH_PAGES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			b.Fatalf("SITEMAPGEN_BENCH_PAGES=%q: %v", s, err)
		}
		pages = n
	}
	root := sitemaptest.BenchSite(b, pages)
	folders := 0
	err := filepath.WalkDir(root, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			folders++
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	build := func(b *testing.B, least uint64) {
		defer gcpace.StartAt(least)() // as internal/cli paces a build (gcpace.Knee) and a watch session (SessionKnee)
		opts := pipeline.Options{Root: root, Heads: pipeline.Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/"}, Write: writer.Options{Dir: b.TempDir()}}
		if _, _, err := pipeline.Start(context.Background(), opts); err != nil {
			b.Fatal(err)
		}
	}
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	var waited time.Duration // before Ready, in this benchmark
	measure := func(b *testing.B, op func(b *testing.B)) {
		var spent time.Duration
		waited = 0
		for b.Loop() {
			runtime.GC()
			c := cpu()
			op(b)
			spent += cpu() - c
		}
		b.ReportMetric(spent.Seconds()/float64(b.N), "cpu-s/op")
		if waited > 0 {
			b.ReportMetric(waited.Seconds()/float64(b.N), "ready-s/op")
		}
	}
	b.Run("build", func(b *testing.B) { measure(b, func(b *testing.B) { build(b, gcpace.Knee) }) })
	for _, limit := range []int{0, folders / 5} {
		for _, early := range []bool{true, false} {
			name := fmt.Sprintf("limit=%d/early=%v", limit, early)
			if !early {
				name = fmt.Sprintf("limit=%d/overlap", limit)
			}
			b.Run(name, func(b *testing.B) {
				measure(b, func(b *testing.B) {
					added := 0
					h := hooks{early: early}
					if limit > 0 {
						h.add = func(string) error {
							if added++; added > limit {
								return syscall.ENOSPC
							}
							return nil
						}
					}
					ctx, cancel := context.WithCancel(context.Background())
					ready, watching, done := make(chan struct{}), make(chan struct{}), make(chan error, 1)
					opts := Options{Roots: []string{root}, NoFanotify: true, Ready: func() { close(ready) }, Watching: func() { close(watching) }}
					t := time.Now()
					go func() { done <- run(ctx, opts, func(Batch) {}, h) }()
					<-ready
					waited += time.Since(t)
					debug.FreeOSMemory() // as internal/cli does
					build(b, gcpace.SessionKnee)
					<-watching
					b.StopTimer()
					cancel()
					if err := <-done; err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				})
			})
		}
	}
}
