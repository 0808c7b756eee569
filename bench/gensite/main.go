// Command gensite writes a generated built site for the benchmarks and
// by hand (internal/sitegen):
//
//	gensite [--seed S] [--base-url URL] [--manifest FILE] DIR PAGES
//
// DIR must be missing or empty. PAGES is the exact number of HTML files;
// the same PAGES, seed and base URL give the same files, bytes and times.
// The manifest has a line a file: kind, path, URL path, mtime (ns),
// article:modified_time and hreflang alternates, tab-separated ("-" when
// empty); the kinds a sitemap lists are home, section, branch, page,
// plain, pager and translated.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitegen"
)

func main() {
	fs := flag.NewFlagSet("gensite", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "the seed of every choice")
	baseURL := fs.String("base-url", "https://example.com/", "the site's URL, in its canonical and hreflang links")
	manifest := fs.String("manifest", "", "write the manifest to `FILE`")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: gensite [--seed S] [--base-url URL] [--manifest FILE] DIR PAGES\n\n"+
			"Writes a generated built site of PAGES HTML pages (at least %d) into DIR.\n\n", sitegen.MinPages)
		fs.PrintDefaults()
	}
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if fs.NArg() != 2 {
		fs.Usage()
		os.Exit(2)
	}
	pages, err := strconv.Atoi(fs.Arg(1))
	if err != nil {
		fmt.Fprintf(os.Stderr, "gensite: PAGES %q is not a number\n", fs.Arg(1))
		os.Exit(2)
	}
	opts := sitegen.Options{Pages: pages, Seed: *seed, BaseURL: *baseURL}
	var mf *os.File
	if *manifest != "" {
		if mf, err = os.Create(*manifest); err != nil {
			fmt.Fprintln(os.Stderr, "gensite:", err)
			os.Exit(1)
		}
		opts.Manifest = mf
	}
	start := time.Now()
	sum, err := sitegen.Generate(fs.Arg(0), opts)
	if err == nil && mf != nil {
		err = mf.Close()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gensite:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "gensite: %d pages, %d files, %d folders, %d bytes in %s -> %s\n%v\n",
		sum.Pages, sum.Files, sum.Dirs, sum.Bytes, time.Since(start).Round(time.Millisecond), fs.Arg(0), sum.Counts)
}
