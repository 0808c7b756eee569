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

	"github.com/sitemapgen/sitemapgen/internal/generator/hugo"
	"github.com/sitemapgen/sitemapgen/internal/limits"
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
// mode's GOGC of 25, with the CPU time of the process an update
// (cpu-ns/op, steadier than the clock's on a shared machine). The page's
// time is put back afterwards:
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
	cpu := sitemaptest.CPUTime()
	defer sitemaptest.ReportCPU(b, cpu)
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

// BenchmarkExtraURLs measures what an extra URL costs beside what a page
// costs: whole builds of a one-page site with SITEMAPGEN_BENCH_EXTRA
// extra URLs (default 1,000,000, a text source made as it is read), and of
// a generated site of SITEMAPGEN_BENCH_PAGES pages (default 10,000),
// each reporting the bytes its records keep a URL once the build is done
// (live-B/URL: the heap in use after a collection, the result still
// held, less the heap before) and the bytes it allocated a URL:
//
//	go test ./internal/pipeline -run '^$' -bench ExtraURLs -benchtime 3x
//
// bench/extraurls.sh measures the peak memory of whole processes.
func BenchmarkExtraURLs(b *testing.B) {
	n := 1_000_000
	if s := os.Getenv("SITEMAPGEN_BENCH_EXTRA"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			b.Fatal(err)
		}
	}
	one := b.TempDir()
	if err := os.WriteFile(filepath.Join(one, "index.html"), []byte("<!doctype html><title>home</title>"), 0o644); err != nil {
		b.Fatal(err)
	}
	x := Extra{Name: "urls.txt", Format: "text", Open: func(context.Context) (io.ReadCloser, error) {
		return io.NopCloser(&urlLines{n: n}), nil
	}}
	b.Run(fmt.Sprintf("extra=%d", n), func(b *testing.B) {
		benchMemory(b, Options{Root: one, Extra: []Extra{x}})
	})
	b.Run(fmt.Sprintf("pages=%d", benchPages(b)), func(b *testing.B) {
		benchMemory(b, Options{Root: sitemaptest.BenchSite(b, benchPages(b)), Heads: Heads{Read: true}})
	})
}

// benchMemory runs builds as opts say and reports the bytes their result
// keeps a URL, and the bytes allocated a URL.
func benchMemory(b *testing.B, opts Options) {
	opts.Map = mapping.Options{BaseURL: "https://example.com/"}
	opts.Write = writer.Options{Dir: b.TempDir()}
	var live, alloc float64
	var urls int
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		res, err := Run(context.Background(), opts)
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		urls = res.URLs.Len()
		live += float64(after.HeapAlloc) - float64(before.HeapAlloc)
		alloc += float64(after.TotalAlloc - before.TotalAlloc)
		runtime.KeepAlive(res)
	}
	b.ReportMetric(live/float64(b.N)/float64(urls), "live-B/URL")
	b.ReportMetric(alloc/float64(b.N)/float64(urls), "alloc-B/URL")
	b.ReportMetric(float64(urls), "URLs")
}

// urlLines reads as a text file of n URLs, made as they are read.
type urlLines struct {
	n, i int
	buf  []byte
}

func (u *urlLines) Read(p []byte) (int, error) {
	for len(u.buf) < len(p) && u.i < u.n {
		u.buf = fmt.Appendf(u.buf, "https://example.com/products/%07d/item-%d/\n", u.i, u.i%97)
		u.i++
	}
	if len(u.buf) == 0 {
		return 0, io.EOF
	}
	k := copy(p, u.buf)
	u.buf = u.buf[:copy(u.buf, u.buf[k:])]
	return k, nil
}

// BenchmarkHugoLists times whole builds of a Hugo join of 5,000 posts in
// 50 sections and 500 tags, each list page linking to what it lists, in
// its own content and in a menu: the cost of reading the list pages for
// the pages they show (issue 55) beside the build.
//
//	go test ./internal/pipeline -run '^$' -bench HugoLists -count 5
func BenchmarkHugoLists(b *testing.B) {
	dir := b.TempDir()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	write := func(root, rel, body string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	const posts, sections, tags = 5000, 50, 500
	menu := "<header><nav>"
	for s := range sections {
		menu += fmt.Sprintf(`<a href="/s%d/">s%d</a>`, s, s)
	}
	menu += "</nav></header>"
	shows := map[string]string{}
	for i := range posts {
		s, tag := i%sections, i%tags
		rel := fmt.Sprintf("s%d/p%d", s, i)
		write(content, rel+".md", fmt.Sprintf("---\ndate: 2024-01-01\nlastmod: 2024-%02d-%02d\ntags: [t%d]\n---\nText.\n", 1+i%12, 1+i%28, tag))
		write(public, rel+"/index.html", "<!doctype html><title>"+rel+"</title>"+menu+"<main><p>Text.</p></main>")
		link := fmt.Sprintf(`<p><a href="/%s/">%s</a></p>`, rel, rel)
		shows[fmt.Sprintf("s%d/index.html", s)] += link
		shows[fmt.Sprintf("tags/t%d/index.html", tag)] += link
	}
	for s := range sections {
		shows["index.html"] += fmt.Sprintf(`<p><a href="/s%d/">s%d</a></p>`, s, s)
	}
	for tag := range tags {
		shows["tags/index.html"] += fmt.Sprintf(`<p><a href="/tags/t%d/">t%d</a></p>`, tag, tag)
	}
	for rel, body := range shows {
		write(public, rel, "<!doctype html><title>"+rel+"</title>"+menu+"<main>"+body+"</main>")
	}
	write(dir, "hugo.toml", "baseURL = 'https://example.com/'\n")
	hugo, err := hugo.Load(dir, limits.Default)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	benchRun(b, Options{
		Root: public, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/"},
		Join: &Sources{Dir: content, Preset: hugo},
	})
}
