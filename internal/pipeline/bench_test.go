package pipeline

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// BenchmarkBuild times whole builds of a generated site with and without
// head reading. The site has SITEMAPGEN_BENCH_PAGES pages (default
// 10,000) and is kept in the temporary folder between runs:
//
//	go test ./internal/pipeline -run '^$' -bench Build -count 10 | tee new.txt
//	SITEMAPGEN_BENCH_PAGES=100000 go test ./internal/pipeline -run '^$' -bench Build -benchtime 5x
//
// bench/heads.sh measures the same with whole processes.
func BenchmarkBuild(b *testing.B) {
	root := sitemaptest.BenchSite(b, benchPages(b))
	for _, heads := range []bool{false, true} {
		b.Run(fmt.Sprintf("heads=%v", heads), func(b *testing.B) {
			b.ReportAllocs()
			benchRun(b, Options{Root: root, Heads: Heads{Read: heads}})
		})
	}
}

// BenchmarkWorkers sizes the pool: whole builds with head reading on, the
// folders and their pages handled by 1, 2, 4 and 8 goroutines a CPU (the
// build uses 4), on a generated site of SITEMAPGEN_BENCH_PAGES pages
// (default 10,000):
//
//	go test ./internal/pipeline -run '^$' -bench Workers -count 5
func BenchmarkWorkers(b *testing.B) {
	root := sitemaptest.BenchSite(b, benchPages(b))
	for _, perCPU := range []int{1, 2, 4, 8} {
		b.Run(fmt.Sprintf("perCPU=%d", perCPU), func(b *testing.B) {
			benchRun(b, Options{Root: root, Workers: perCPU * runtime.GOMAXPROCS(0), Heads: Heads{Read: true}})
		})
	}
}

// benchPages is $SITEMAPGEN_BENCH_PAGES, or 10,000.
func benchPages(b *testing.B) int {
	s := os.Getenv("SITEMAPGEN_BENCH_PAGES")
	if s == "" {
		return 10000
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		b.Fatal(err)
	}
	return n
}

// benchRun times builds as opts say, into a temporary folder, and reports
// the time a page.
func benchRun(b *testing.B, opts Options) {
	opts.Map = mapping.Options{BaseURL: "https://example.com/"}
	opts.Write = writer.Options{Dir: b.TempDir()}
	var res *Result
	for b.Loop() {
		var err error
		if res, err = Run(context.Background(), opts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(res.Pages), "ns/page")
}

// BenchmarkOpenPage compares opening a page for its head as the build does
// (pageRoot.open) and with os.Open of the whole path (open, fstat, a 4 KiB
// read, close), on the pages of a 10,000-page generated site.
func BenchmarkOpenPage(b *testing.B) {
	root := sitemaptest.BenchSite(b, 10000)
	var paths []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && isHTML(p) {
			paths = append(paths, p)
		}
		return err
	})
	pr, err := openRoot(root)
	if err != nil {
		b.Fatal(err)
	}
	defer pr.close()
	buf := make([]byte, 4096)
	b.Run("pageRoot.open", func(b *testing.B) {
		for b.Loop() {
			for _, p := range paths {
				f, info, err := pr.open(nil, p[len(root)+1:])
				if err != nil {
					b.Fatal(err)
				}
				io.ReadFull(f, buf[:min(info.size, 4096)])
				f.Close()
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(paths)), "ns/page")
	})
	b.Run("os.Open", func(b *testing.B) {
		for b.Loop() {
			for _, p := range paths {
				f, err := os.Open(p)
				if err != nil {
					b.Fatal(err)
				}
				st, _ := f.Stat()
				io.ReadFull(f, buf[:min(st.Size(), 4096)])
				f.Close()
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(paths)), "ns/page")
	})
}

// BenchmarkSessionUpdate times watch mode's rebuild after one page
// changed: Session.Update of a page whose modification time moved, on a
// generated site of SITEMAPGEN_BENCH_PAGES pages (default 10,000), at watch
// mode's GOGC of 25. The page's time is put back afterwards:
//
//	SITEMAPGEN_BENCH_PAGES=100000 go test ./internal/pipeline -run '^$' -bench SessionUpdate -cpuprofile cpu.out
//
// bench/watch.sh measures the same in a whole watch process, from the
// change on disk to the sitemap renamed into place.
func BenchmarkSessionUpdate(b *testing.B) {
	root := sitemaptest.BenchSite(b, benchPages(b))
	page := filepath.Join(root, "index.html")
	st, err := os.Stat(page)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { os.Chtimes(page, st.ModTime(), st.ModTime()) })
	opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/"}, Write: writer.Options{Dir: b.TempDir()}}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		b.Fatal(err)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(25))
	runtime.GC()
	i := 0
	for b.Loop() {
		i++
		t := st.ModTime().Add(time.Duration(i) * time.Second)
		if err := os.Chtimes(page, t, t); err != nil {
			b.Fatal(err)
		}
		res, err := s.Update(context.Background(), []string{page}, nil)
		if err != nil {
			b.Fatal(err)
		}
		if res.Write == nil || len(res.Write.Written) == 0 {
			b.Fatal("nothing written")
		}
	}
}
