package sitemaptest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitegen"
)

// GenSite makes a generated site of n pages in dir (internal/sitegen,
// seed 1), with its manifest at manifest, if not "".
func GenSite(dir string, n int, manifest string) error {
	opts := sitegen.Options{Pages: n, Seed: 1}
	if manifest != "" {
		f, err := os.Create(manifest)
		if err != nil {
			return err
		}
		defer f.Close()
		opts.Manifest = f
		_, err = sitegen.Generate(dir, opts)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	_, err := sitegen.Generate(dir, opts)
	return err
}

// BenchSite returns the root of a generated site of n pages for
// benchmarks, making it once: it is kept in the temporary folder
// (sitemapgen-site-N/site, beside its manifest.tsv), where the scripts of
// bench/ keep theirs too.
func BenchSite(tb testing.TB, n int) string {
	tb.Helper()
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("sitemapgen-site-%d", n))
	root := filepath.Join(dir, "site")
	manifest := filepath.Join(dir, "manifest.tsv")
	if _, err := os.Stat(manifest); err == nil {
		return root
	}
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil { // the manifest is opened first
		tb.Fatal(err)
	}
	if err := GenSite(root, n, manifest+".tmp"); err != nil {
		tb.Fatal(err)
	}
	if err := os.Rename(manifest+".tmp", manifest); err != nil {
		tb.Fatal(err)
	}
	return root
}
