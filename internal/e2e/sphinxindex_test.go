package e2e

// Sphinx's index pages in the form Sphinx links them (issue 55, found by
// the corpus on technicalwriting.dev): testdata/sphinx-index built with
// Debian's Sphinx (./test.sh installs it).

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestSphinxIndexPages builds testdata/sphinx-index, whose conf.py has no
// html_baseurl (so no canonical links), and runs plain sitemapgen with a
// base URL: index.rst and harbour/index.rst are listed as index.html and
// harbour/index.html, the form every page of the build links them by
// (and sphinx-sitemap lists), not as / and /harbour/. With html_baseurl
// set, the same: one form either way.
func TestSphinxIndexPages(t *testing.T) {
	src := pythonSite(t, "sphinx-index", "sphinx-build", "-q", "-b", "html", ".", "_build/html")
	site := filepath.Join(src, "_build", "html")
	if page, err := os.ReadFile(filepath.Join(site, "moon.html")); err != nil || !strings.Contains(string(page), `href="harbour/index.html"`) {
		t.Fatalf("the fixture's premise: Sphinx links harbour/index.html (%v)", err)
	}
	const base = "https://example.com/"
	want := []string{base + "index.html", base + "harbour/index.html", base + "moon.html"}
	check := func(how string) {
		t.Helper()
		entries, _, err := sitemaptest.URLs(site, base)
		if err != nil {
			t.Fatal(err)
		}
		sitemaptest.MustValidate(t, site)
		got := map[string]bool{}
		for _, e := range entries {
			got[e.Loc] = true
		}
		for _, loc := range want {
			if !got[loc] {
				t.Errorf("%s: %s is not listed; listed: %v", how, loc, got)
			}
		}
		for _, loc := range []string{base, base + "harbour/"} {
			if got[loc] {
				t.Errorf("%s: %s listed, in the folder form Sphinx does not link", how, loc)
			}
		}
	}
	mustRun(t, src, "--base-url", base)
	check("without html_baseurl")

	conf := filepath.Join(src, "conf.py")
	data, err := os.ReadFile(conf)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(conf, append(data, "html_baseurl = '"+base+"'\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(testtool.Program(t, "sphinx-build", "apt-get install python3-sphinx"), "-q", "-E", "-b", "html", ".", "_build/html")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sphinx-build: %v\n%s", err, out)
	}
	if page, err := os.ReadFile(filepath.Join(site, "harbour", "index.html")); err != nil || !strings.Contains(string(page), `rel="canonical" href="`+base+`harbour/index.html"`) {
		t.Fatalf("the fixture's premise: with html_baseurl, harbour/index.html's canonical link names itself (%v)", err)
	}
	mustRun(t, src)
	check("with html_baseurl")
}
