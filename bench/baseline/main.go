// Command baseline is the yardstick of sitemapgen's speed: the plainest Go
// programs that do what a sitemap build cannot avoid.
//
//	baseline walkstat DIR    filepath.WalkDir, and an lstat of every *.html
//	baseline walkhead DIR    filepath.WalkDir, and the first 4 KiB of every
//	                         *.html read by 2×CPUs goroutines
//	baseline pwalkstat DIR   the parallel walk sitemapgen uses
//	                         (github.com/charlievieth/fastwalk, 4×CPUs
//	                         workers), and an lstat of every *.html
//	baseline pwalkhead DIR   the same walk, and every *.html opened,
//	                         fstatted, read (4 KiB) and closed by the
//	                         walk's workers: a head-reading build without
//	                         the reading of heads
//
// Each prints the number of pages and a checksum, so nothing is optimized
// away. bench/run.sh times sitemapgen against walkstat, walkhead and
// pwalkhead; bench/heads.sh shows with pwalkstat and pwalkhead what opening the pages
// costs before any lexing.
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

	"github.com/charlievieth/fastwalk"
)

const usage = "usage: baseline walkstat|walkhead|pwalkstat|pwalkhead DIR"

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	var pages, sum int64
	var err error
	switch os.Args[1] {
	case "pwalkstat", "pwalkhead":
		pages, sum, err = pwalk(os.Args[2], os.Args[1] == "pwalkhead")
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
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "baseline:", err)
		os.Exit(1)
	}
	fmt.Println(pages, sum)
}

// pwalk walks root with fastwalk as sitemapgen does and, for every *.html,
// lstats it or (head) opens, fstats, reads 4 KiB of and closes it.
func pwalk(root string, head bool) (pages, sum int64, err error) {
	var n, total atomic.Int64
	conf := fastwalk.Config{NumWorkers: 4 * runtime.GOMAXPROCS(0)}
	err = fastwalk.Walk(&conf, root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		n.Add(1)
		if !head {
			info, err := os.Lstat(path)
			if err != nil {
				return err
			}
			total.Add(info.ModTime().UnixNano())
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil {
			return err
		}
		var buf [4096]byte
		m, _ := io.ReadFull(f, buf[:])
		total.Add(int64(m) + info.Size())
		return nil
	})
	return n.Load(), total.Load(), err
}
