package watch

import (
	"context"
	"os"
	"runtime"
	"testing"
	"time"
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
