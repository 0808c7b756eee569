package writer

import (
	"bytes"
	stdgzip "compress/gzip"
	"fmt"
	"io"
	"testing"
	"time"

	kgzip "github.com/klauspost/compress/gzip"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// benchURLs makes n URLs shaped like a real site's.
func benchURLs(n int) []sitemap.URL {
	urls := make([]sitemap.URL, n)
	t := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range urls {
		urls[i] = sitemap.URL{
			Loc:     fmt.Sprintf("%sposts/%d/%02d/%s-%d/", base, 2015+i%10, 1+i%12, mapping.EncodePath("café & crème"), i),
			LastMod: t.Add(time.Duration(i) * time.Minute),
		}
	}
	return urls
}

// BenchmarkEncode times encoding <url> elements: the writer's hot path.
func BenchmarkEncode(b *testing.B) {
	urls := benchURLs(1000)
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		for i := range urls {
			buf = appendURL(buf[:0], &urls[i], sitemap.DateTime)
		}
	}
}

// BenchmarkWrite times writing a 100,000-URL set (two shards and an
// index) into a temporary folder, with and without gzip.
func BenchmarkWrite(b *testing.B) {
	urls := sitemap.Slice(benchURLs(100000))
	for _, gz := range []bool{false, true} {
		b.Run(fmt.Sprintf("gzip=%v", gz), func(b *testing.B) {
			b.ReportAllocs()
			dir := b.TempDir()
			for b.Loop() {
				if _, err := Write(urls, Options{Dir: dir, BaseURL: base, Gzip: gz}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkGzip chose the compressor: compress/gzip and
// github.com/klauspost/compress/gzip on a 10 MB sitemap, reporting speed
// and the compressed size as a percentage of the input.
func BenchmarkGzip(b *testing.B) {
	var doc bytes.Buffer
	doc.WriteString(urlsetOpen)
	urls := benchURLs(60000)
	var elem []byte
	for i := range urls {
		elem = appendURL(elem[:0], &urls[i], sitemap.DateTime)
		doc.Write(elem)
	}
	doc.WriteString(urlsetClose)
	data := doc.Bytes()
	for _, c := range []struct {
		name string
		mk   func(io.Writer) io.WriteCloser
	}{
		{"compress-gzip-default", func(w io.Writer) io.WriteCloser {
			z, _ := stdgzip.NewWriterLevel(w, stdgzip.DefaultCompression)
			return z
		}},
		{"compress-gzip-fastest", func(w io.Writer) io.WriteCloser { z, _ := stdgzip.NewWriterLevel(w, stdgzip.BestSpeed); return z }},
		{"klauspost-default", func(w io.Writer) io.WriteCloser { z, _ := kgzip.NewWriterLevel(w, kgzip.DefaultCompression); return z }},
		{"klauspost-fastest", func(w io.Writer) io.WriteCloser { z, _ := kgzip.NewWriterLevel(w, kgzip.BestSpeed); return z }},
	} {
		b.Run(c.name, func(b *testing.B) {
			var out bytes.Buffer
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				out.Reset()
				w := c.mk(&out)
				w.Write(data)
				w.Close()
			}
			b.ReportMetric(float64(out.Len())/float64(len(data))*100, "%size")
		})
	}
}

// BenchmarkWriteState times a Write with a State in watch mode: 100,000
// URLs (two shards and an index), one lastmod moved to a new newest date
// each time, so one shard and the index are written and the other shard
// is kept.
func BenchmarkWriteState(b *testing.B) {
	urls := sitemap.Slice(benchURLs(100000))
	dir := b.TempDir()
	opts := Options{Dir: dir, BaseURL: base, State: NewState()}
	if _, err := Write(urls, opts); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := 0
	defer sitemaptest.ReportCPU(b, sitemaptest.CPUTime())
	for b.Loop() {
		i++
		urls[70000].LastMod = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour)
		res, err := Write(urls, opts)
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Written) != 2 {
			b.Fatalf("written %v", res.Written)
		}
	}
}

// BenchmarkWriteStateFirst times the first Write with a State, watch
// mode's at the end of its first build: 100,000 URLs (two shards and an
// index), written into a folder where a new State knows no file, as
// BenchmarkWrite's without one.
func BenchmarkWriteStateFirst(b *testing.B) {
	urls := sitemap.Slice(benchURLs(100000))
	dir := b.TempDir()
	b.ReportAllocs()
	defer sitemaptest.ReportCPU(b, sitemaptest.CPUTime())
	for b.Loop() {
		res, err := Write(urls, Options{Dir: dir, BaseURL: base, State: NewState()})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Written) != 3 {
			b.Fatalf("written %v", res.Written)
		}
	}
}

// BenchmarkWriteStateShard times watch mode's rewrite of the shard that
// lists a changed URL: 100,000 URLs, every sixth with four hreflang
// alternates (as gen-site's translated pages), in three shards of up to
// 10 MB (the second of 44,242 URLs from 44,320) and an index. Each Write moves one
// lastmod of the second shard, at its first, middle or last URL, to a
// new newest date, so that shard and the index are written and the
// others kept; with gzip, and without. cpu-ns/op is the process's CPU
// time an op, every goroutine's.
func BenchmarkWriteStateShard(b *testing.B) {
	urls := benchURLs(100000)
	for i := 0; i < len(urls); i += 6 {
		for _, lang := range []string{"de", "fr", "ja", "x-default"} {
			urls[i].Alternates = append(urls[i].Alternates, sitemap.Alternate{Lang: lang, Href: urls[i].Loc + lang + "/"})
		}
	}
	for _, gz := range []bool{false, true} {
		for _, at := range []string{"first", "middle", "last"} {
			if gz && at != "middle" {
				continue
			}
			b.Run(fmt.Sprintf("gzip=%v/at=%s", gz, at), func(b *testing.B) {
				opts := Options{Dir: b.TempDir(), BaseURL: base, Gzip: gz, State: NewState()}
				if _, err := Write(sitemap.Slice(urls), opts); err != nil {
					b.Fatal(err)
				}
				second := opts.State.shards[1]
				i := map[string]int{"first": second.lo, "middle": second.lo + second.count/2, "last": second.lo + second.count - 1}[at]
				was := urls[i].LastMod
				defer func() { urls[i].LastMod = was }()
				b.ReportAllocs()
				n := 0
				defer sitemaptest.ReportCPU(b, sitemaptest.CPUTime())
				for b.Loop() {
					n++
					urls[i].LastMod = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(n) * time.Hour)
					res, err := Write(sitemap.Slice(urls), opts)
					if err != nil {
						b.Fatal(err)
					}
					if len(res.Written) != 2 {
						b.Fatalf("written %v", res.Written)
					}
				}
			})
		}
	}
}
