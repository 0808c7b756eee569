package sitemaptest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// GenSite runs ../shared/bench/gen-site to make a synthetic built site of n
// pages in dir, with its manifest at manifest.
func GenSite(dir string, n int, manifest string) error {
	shared, err := Shared()
	if err != nil {
		return err
	}
	cmd := exec.Command(filepath.Join(shared, "bench", "gen-site"), dir, fmt.Sprint(n), "--manifest", manifest)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("gen-site: %w\n%s", err, out)
	}
	return nil
}

// BenchSite returns the root of a gen-site site of n pages for benchmarks,
// making it once: it is kept in the temporary folder
// (sitemapgen-bench-N/site, beside its manifest.tsv), where bench/run.sh
// keeps its sites too.
func BenchSite(tb testing.TB, n int) string {
	tb.Helper()
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("sitemapgen-bench-%d", n))
	root := filepath.Join(dir, "site")
	manifest := filepath.Join(dir, "manifest.tsv")
	if _, err := os.Stat(manifest); err == nil {
		return root
	}
	os.RemoveAll(dir)
	if err := GenSite(root, n, manifest); err != nil {
		tb.Fatal(err)
	}
	return root
}
