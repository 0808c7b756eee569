package walker

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// BenchmarkWalk compares Walk, which reads folders in parallel, with
// filepath.WalkDir, each finding and statting every page of a 10,000-page
// generated site, and sizes Walk's pool (goroutines a CPU):
//
//	go test ./walker -run '^$' -bench Walk -count 5
func BenchmarkWalk(b *testing.B) {
	root := sitemaptest.BenchSite(b, 10000)
	walkDir := func() int64 {
		var n int64
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
				return err
			}
			if _, err := os.Lstat(p); err != nil {
				return err
			}
			n++
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		return n
	}
	want := walkDir()
	b.Run("filepath.WalkDir", func(b *testing.B) {
		for b.Loop() {
			walkDir()
		}
	})
	for _, perCPU := range []int{1, 2, 4, 8} {
		b.Run(fmt.Sprintf("Walk/perCPU=%d", perCPU), func(b *testing.B) {
			opts := Options{Include: []string{"**/*.html"}, Workers: perCPU * runtime.GOMAXPROCS(0)}
			for b.Loop() {
				var n atomic.Int64
				err := Walk(context.Background(), root, opts, func(File) error {
					n.Add(1)
					return nil
				})
				if err != nil {
					b.Fatal(err)
				}
				if n.Load() != want {
					b.Fatalf("Walk found %d pages, WalkDir %d", n.Load(), want)
				}
			}
		})
	}
}
