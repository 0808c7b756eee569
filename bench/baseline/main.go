// Command baseline is the yardstick of sitemapgen's speed: the plainest Go
// programs that do what a sitemap build cannot avoid.
//
//	baseline walkstat DIR   filepath.WalkDir, and an lstat of every *.html
//	baseline walkhead DIR   filepath.WalkDir, and the first 4 KiB of every
//	                        *.html read by 2×CPUs goroutines
//
// Each prints the number of pages and a checksum, so nothing is optimized
// away. bench/run.sh times sitemapgen against them.
package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: baseline walkstat|walkhead DIR")
		os.Exit(2)
	}
	var pages, sum int64
	var err error
	switch os.Args[1] {
	case "walkstat":
		err = filepath.WalkDir(os.Args[2], func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			pages++
			sum += info.ModTime().UnixNano()
			return nil
		})
	case "walkhead":
		paths := make(chan string, 1024)
		var wg sync.WaitGroup
		var total atomic.Int64
		for range 2 * runtime.GOMAXPROCS(0) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				buf := make([]byte, 4096)
				for p := range paths {
					f, err := os.Open(p)
					if err != nil {
						continue
					}
					n, _ := io.ReadFull(f, buf)
					f.Close()
					total.Add(int64(n))
				}
			}()
		}
		err = filepath.WalkDir(os.Args[2], func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
				return err
			}
			pages++
			paths <- path
			return nil
		})
		close(paths)
		wg.Wait()
		sum = total.Load()
	default:
		fmt.Fprintln(os.Stderr, "usage: baseline walkstat|walkhead DIR")
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "baseline:", err)
		os.Exit(1)
	}
	fmt.Println(pages, sum)
}
