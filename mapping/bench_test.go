package mapping

import (
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/walker"
)

// BenchmarkEncodePath times percent-encoding paths: plain ASCII (no work
// to do), and one with spaces, "&" and UTF-8.
func BenchmarkEncodePath(b *testing.B) {
	for _, tt := range []struct{ name, path string }{
		{"ascii", "posts/2024/05/cycle-webhook/"},
		{"escaped", "tips & tricks/café au lait/日本語/"},
	} {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				EncodePath(tt.path)
			}
		})
	}
}

// BenchmarkMap times mapping one page, without and with the head a built
// page typically has (a canonical equal to its URL and a modified time).
func BenchmarkMap(b *testing.B) {
	m, err := New(Options{BaseURL: "https://example.com/"})
	if err != nil {
		b.Fatal(err)
	}
	f := walker.File{Path: "posts/2024/05/cycle-webhook/index.html", ModTime: time.Unix(1700000000, 0)}
	h := &htmlhead.Head{
		Canonical:    "https://example.com/posts/2024/05/cycle-webhook/",
		Modified:     time.Unix(1710000000, 0),
		ModifiedFrom: "article:modified_time",
	}
	b.Run("no-head", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m.Map(Page{File: f})
		}
	})
	b.Run("head", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m.Map(Page{File: f, Head: h})
		}
	})
}
