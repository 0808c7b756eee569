//go:build acceptance

package e2e

// The acceptance test of the build: a 120,000-page generated site (internal/sitegen).
// Run it with
//
//	go test -tags acceptance -run TestAcceptance -timeout 30m ./internal/e2e
//
// ./test.sh (and so CI) runs it after the unit tests. Set
// SITEMAPGEN_ACCEPTANCE_DIR to keep the generated site between runs.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/validate"
)

const acceptancePages = 120000

func TestAcceptance(t *testing.T) {
	dir := os.Getenv("SITEMAPGEN_ACCEPTANCE_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	site := filepath.Join(dir, "site")
	manifest := filepath.Join(dir, "manifest.tsv")
	if _, err := os.Stat(manifest); err != nil {
		os.RemoveAll(site)
		if err := sitemaptest.GenSite(site, acceptancePages, manifest); err != nil {
			t.Fatal(err)
		}
	}
	const base = "https://example.com/"
	sitemapgen := func(args ...string) {
		t.Helper()
		t.Logf("sitemapgen %s\n%s", strings.Join(args, " "), mustRun(t, "", args...).stderr)
	}

	// Every HTML page but the error page, exactly once, at the manifest's URL.
	entries, err := sitemaptest.ReadManifest(manifest)
	if err != nil {
		t.Fatal(err)
	}
	want := sitemaptest.ExpectedURLs(entries, base)

	sitemapgen("build", "--base-url", base, site)
	locs, files, err := sitemaptest.Locs(site, base)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 4 {
		t.Errorf("files %q: want an index and at least 3 shards for %d pages", files, acceptancePages)
	}
	checkLocs(t, locs, want)
	schemaCheck(t, site, files)
	// Our own validator agrees, with the protocol's scope and every URL
	// served by a file of the site.
	problems, checked, err := validate.Check([]string{site}, validate.Options{BaseURL: base, Site: site})
	if err != nil || len(problems) > 0 || checked != len(files) {
		t.Errorf("sitemapgen validate: %d files checked of %d, error %v, problems %q", checked, len(files), err, problems[:min(5, len(problems))])
	}

	bad, err := sitemaptest.Unserved(site, base, locs)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Errorf("%d URLs not served with 200 by a static server, e.g. %q", len(bad), bad[:min(5, len(bad))])
	}

	// A second run gives identical bytes.
	first := readAll(t, site, files)
	sitemapgen("build", "--base-url", base, site)
	_, files2, err := sitemaptest.Locs(site, base)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(files, files2) {
		t.Fatalf("second run wrote %q, first %q", files2, files)
	}
	for name, data := range readAll(t, site, files2) {
		if !bytes.Equal(data, first[name]) {
			t.Errorf("%s differs between two runs", name)
		}
	}

	// --max-bytes 200000: every shard under 200,000 bytes, same URLs.
	out := filepath.Join(dir, "small-shards")
	os.RemoveAll(out)
	sitemapgen("build", "--base-url", base, "--max-bytes", "200000", "--out", out, site)
	locs, files, err = sitemaptest.Locs(out, base)
	if err != nil {
		t.Fatal(err)
	}
	checkLocs(t, locs, want)
	for _, f := range files {
		st, err := os.Stat(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		if st.Size() >= 200000 {
			t.Errorf("%s: %d bytes, want under 200,000", f, st.Size())
		}
	}
	t.Logf("--max-bytes 200000: %d files", len(files))
	schemaCheck(t, out, files)
}

func checkLocs(t *testing.T, got, want []string) {
	t.Helper()
	seen := make(map[string]int, len(got))
	for _, l := range got {
		seen[l]++
	}
	var problems []string
	for l, n := range seen {
		if n > 1 {
			problems = append(problems, fmt.Sprintf("listed %d times: %s", n, l))
		}
	}
	for _, l := range want {
		if seen[l] == 0 {
			problems = append(problems, "missing: "+l)
		}
	}
	if len(got) != len(want) {
		problems = append(problems, fmt.Sprintf("%d URLs listed, %d pages expected", len(got), len(want)))
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		t.Errorf("%d problems, e.g.:\n%s", len(problems), strings.Join(problems[:min(10, len(problems))], "\n"))
	}
}

// schemaCheck holds files of dir to sitemaptest.Validate (the schemas of
// internal/sitemaptest/schemas with xmllint, and the protocol's rules beyond them), in
// one call, and logs its count.
func schemaCheck(t *testing.T, dir string, files []string) {
	t.Helper()
	var paths []string
	for _, f := range files {
		paths = append(paths, filepath.Join(dir, f))
	}
	out, err := sitemaptest.Validate(paths...)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	t.Logf("schema check: %s", lines[len(lines)-1])
}

func readAll(t *testing.T, dir string, files []string) map[string][]byte {
	t.Helper()
	m := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		m[f] = data
	}
	return m
}
