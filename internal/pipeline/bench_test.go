package pipeline

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/gcpace"
	"github.com/sitemapgen/sitemapgen/internal/generator/hugo"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
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
// changed: Session.Update of a page whose modification time moved
// (edit), or that was removed and written again in turn (remove), on a
// generated site of SITEMAPGEN_BENCH_PAGES pages (default 10,000), the
// collector paced as a watch session paces it (gcpace.StartAt,
// SessionKnee), with the CPU time of the process an update
// (cpu-ns/op, steadier than the clock's on a shared machine). The page
// is put back afterwards:
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
	body, err := os.ReadFile(page)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		os.WriteFile(page, body, 0o644)
		os.Chtimes(page, st.ModTime(), st.ModTime())
	})
	opts := Options{Root: root, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/"}, Write: writer.Options{Dir: b.TempDir()}}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		b.Fatal(err)
	}
	defer gcpace.StartAt(gcpace.SessionKnee)()
	runtime.GC()
	update := func(b *testing.B) {
		res, err := s.Update(context.Background(), []string{page}, nil)
		if err != nil {
			b.Fatal(err)
		}
		if res.Write == nil || len(res.Write.Written) == 0 {
			b.Fatal("nothing written")
		}
	}
	for _, bc := range []struct {
		name   string
		change func(i int) error
	}{
		{"edit", func(i int) error { // the page's time moved, as a save does
			t := st.ModTime().Add(time.Duration(i) * time.Second)
			return os.Chtimes(page, t, t)
		}},
		{"remove", func(i int) error { // the page removed, then written again, turn by turn
			if i%2 == 1 {
				return os.Remove(page)
			}
			return os.WriteFile(page, body, 0o644)
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			i := 0
			cpu := sitemaptest.CPUTime()
			defer sitemaptest.ReportCPU(b, cpu)
			for b.Loop() {
				i++
				if err := bc.change(i); err != nil {
					b.Fatal(err)
				}
				update(b)
			}
		})
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

// BenchmarkDedup times the sort and dedup of 20,000 extra URLs, distinct
// or one URL each time: duplicates cost what distinct URLs do (one URL
// 20,000 times took 0.6 s when each duplicate looked back over every
// earlier one):
//
//	go test ./internal/pipeline -run '^$' -bench Dedup
func BenchmarkDedup(b *testing.B) {
	m, err := mapping.New(mapping.Options{BaseURL: "https://example.com/"})
	if err != nil {
		b.Fatal(err)
	}
	const n = 20_000
	for _, tc := range []struct {
		name string
		loc  func(i int) string
	}{
		{"distinct", func(i int) string { return fmt.Sprintf("https://example.com/p/%d", i) }},
		{"one URL", func(int) string { return "https://example.com/a" }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				s := &records{recordTable: recordTable{mapper: m}, extras: extraURLs{spans: []extraSpan{{name: "urls.txt"}}}}
				for i := range n {
					s.addExtra(&sitemap.URL{Loc: tc.loc(i)}, i+1)
				}
				b.StartTimer()
				s.sort()
				s.dedup(false, func(path, loc, keptPath, keptLoc string) {}, nil)
			}
		})
	}
}

// benchMemory runs builds as opts say and reports the bytes their result
// keeps a URL, and the bytes allocated a URL.
func benchMemory(b *testing.B, opts Options) {
	opts.Map = mapping.Options{BaseURL: "https://example.com/"}
	opts.Write = writer.Options{Dir: b.TempDir()}
	var live, alloc float64
	var urls int
	for b.Loop() {
		m := measuredRun(b, opts)
		urls = m.res.URLs.Len()
		live, alloc = live+m.live, alloc+m.bytes
	}
	b.ReportMetric(live/float64(b.N)/float64(urls), "live-B/URL")
	b.ReportMetric(alloc/float64(b.N)/float64(urls), "alloc-B/URL")
	b.ReportMetric(float64(urls), "URLs")
}

// measured is what a build's Run allocated (bytes, objects) and what its
// result keeps once it is done (live: the heap in use after a
// collection, the result still held, less the heap before).
type measured struct {
	res                  *Result
	live, bytes, objects float64
}

// measuredRun runs a build as opts say and measures it.
func measuredRun(b *testing.B, opts Options) measured {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := Run(context.Background(), opts)
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	m := measured{res: res, live: float64(after.HeapAlloc) - float64(before.HeapAlloc),
		bytes: float64(after.TotalAlloc - before.TotalAlloc), objects: float64(after.Mallocs - before.Mallocs)}
	runtime.KeepAlive(res)
	return m
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

// BenchmarkTranslated measures what a translated page costs a build
// beside a plain one (issue 56): two sites of the same 6,000 pages, the
// same paths and heads, one where every page is one of a cluster of
// three (en, fr/, de/) whose heads carry four hreflang links (en, fr, de,
// x-default, absolute, as Hugo writes them; a cluster in five in a folder
// whose name a URL must encode), the other without the links. Each
// reports, a page, the objects and bytes a whole build allocates, the
// bytes its result keeps once it is done (live-B/page: the records, their
// URLs and, translated, the clusters), and the time:
//
//	go test ./internal/pipeline -run '^$' -bench Translated -benchtime 5x
func BenchmarkTranslated(b *testing.B) {
	const clusters = 2000
	sites := map[bool]string{}
	for _, translated := range []bool{false, true} {
		root := b.TempDir()
		for k := range clusters {
			dir := fmt.Sprintf("docs/topic-%d/page-%d/", k%40, k)
			if k%5 == 0 {
				dir = fmt.Sprintf("docs/руководство/page-%d/", k)
			}
			urlPath := mapping.EncodePath(dir)
			for _, lang := range []string{"en", "fr", "de"} {
				rel := dir
				if lang != "en" {
					rel = lang + "/" + dir
				}
				var links string
				if translated {
					links = fmt.Sprintf("<link rel=\"alternate\" hreflang=\"en\" href=\"https://example.com/%[1]s\">\n"+
						"<link rel=\"alternate\" hreflang=\"fr\" href=\"https://example.com/fr/%[1]s\">\n"+
						"<link rel=\"alternate\" hreflang=\"de\" href=\"https://example.com/de/%[1]s\">\n"+
						"<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://example.com/%[1]s\">\n", urlPath)
				}
				self := "https://example.com/" + mapping.EncodePath(rel)
				page := "<!DOCTYPE html>\n<html lang=\"" + lang + "\">\n<head>\n<meta charset=\"utf-8\">\n" +
					"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n" +
					"<title>Page " + rel + " · Example Site</title>\n" +
					"<meta name=\"description\" content=\"A page of the docs.\">\n" +
					"<link rel=\"canonical\" href=\"" + self + "\">\n" + links +
					"<link rel=\"alternate\" type=\"application/rss+xml\" title=\"Example Site\" href=\"https://example.com/index.xml\">\n" +
					"<link rel=\"stylesheet\" href=\"/assets/css/site.css\">\n" +
					"<meta property=\"og:title\" content=\"Page\">\n<meta property=\"og:url\" content=\"" + self + "\">\n" +
					"<meta property=\"article:modified_time\" content=\"2024-03-01T10:00:00Z\">\n" +
					"</head>\n<body><main><p>Text.</p></main></body>\n</html>\n"
				p := filepath.Join(root, filepath.FromSlash(rel), "index.html")
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					b.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(page), 0o644); err != nil {
					b.Fatal(err)
				}
			}
		}
		sites[translated] = root
	}
	for _, translated := range []bool{false, true} {
		name := "plain"
		if translated {
			name = "translated"
		}
		b.Run(name, func(b *testing.B) {
			opts := Options{Root: sites[translated], Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/"},
				Write: writer.Options{Dir: b.TempDir()}}
			var live, bytes, objects float64
			var pages int
			for b.Loop() {
				m := measuredRun(b, opts)
				if m.res.URLs.Len() != 3*clusters {
					b.Fatalf("%d URLs listed, want %d", m.res.URLs.Len(), 3*clusters)
				}
				pages = m.res.Pages
				live, bytes, objects = live+m.live, bytes+m.bytes, objects+m.objects
			}
			n := float64(b.N) * float64(pages)
			b.ReportMetric(objects/n, "allocs/page")
			b.ReportMetric(bytes/n, "B/page")
			b.ReportMetric(live/n, "live-B/page")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/page")
		})
	}
}

// BenchmarkPhases times the phases of whole builds as the command runs
// them (robots.txt read, the host's and redirect rules looked for, heads
// read) on a generated site of SITEMAPGEN_BENCH_PAGES pages (default
// 10,000): for each phase, the CPU time of the process (walk-cpu-ns/op,
// sort-, judge-, write-: steadier than the clock's on a shared machine)
// and the time on the clock (walk-ns/op, …), the phases as phaseHook
// names them. The tail after the walk (sort to write) is what issue 56
// takes down:
//
//	SITEMAPGEN_BENCH_PAGES=100000 go test ./internal/pipeline -run '^$' -bench Phases -benchtime 10x -count 5
func BenchmarkPhases(b *testing.B) {
	root := sitemaptest.BenchSite(b, benchPages(b))
	opts := Options{
		Root: root, Robots: Robots{Dir: root}, Heads: Heads{Read: true},
		HostDirs: []string{root}, RedirectDirs: []string{root},
		Map:   mapping.Options{BaseURL: "https://example.com/"},
		Write: writer.Options{Dir: b.TempDir()},
	}
	phases := []string{"walk", "sort", "robots", "stamps", "hreflang", "lint", "write"}
	cpu := make(map[string]time.Duration, len(phases))
	wall := make(map[string]time.Duration, len(phases))
	var lastCPU time.Duration
	var lastWall time.Time
	phaseHook = func(phase string) {
		c, w := sitemaptest.CPUTime(), time.Now()
		cpu[phase] += c - lastCPU
		wall[phase] += w.Sub(lastWall)
		lastCPU, lastWall = c, w
	}
	defer func() { phaseHook = nil }()
	for b.Loop() {
		lastCPU, lastWall = sitemaptest.CPUTime(), time.Now()
		if _, err := Run(context.Background(), opts); err != nil {
			b.Fatal(err)
		}
	}
	for _, p := range phases {
		b.ReportMetric(float64(cpu[p])/float64(b.N), p+"-cpu-ns/op")
		b.ReportMetric(float64(wall[p])/float64(b.N), p+"-ns/op")
	}
}
