// Command checksitemaps checks sitemap files and folders as the tests do
// (sitemaptest.Validate: the schemas of the repository's internal/sitemaptest/schemas
// with xmllint, and the protocol's rules beyond them), for the benchmark
// scripts' output:
//
//	checksitemaps PATH...
//
// It prints a line a sitemap file and "N passed, M failed", and exits 1
// when a file fails or none is found, 2 on a usage error. It finds
// internal/sitemaptest/schemas above the working directory, or else beside its own
// source.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run checks the sitemaps under paths and returns the exit status.
func run(paths []string, stdout, stderr io.Writer) int {
	if len(paths) == 0 || paths[0] == "-h" || paths[0] == "--help" {
		fmt.Fprintln(stderr, "usage: checksitemaps PATH...")
		return 2
	}
	out, err := sitemaptest.Validate(paths...)
	fmt.Fprint(stdout, out)
	if err != nil {
		if out == "" || out == "0 passed, 0 failed\n" { // else the report says it
			fmt.Fprintln(stderr, "checksitemaps:", err)
		}
		return 1
	}
	return 0
}
