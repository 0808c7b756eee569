package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestFragmentsNotPages builds testdata/mkdocs-overrides with the real
// MkDocs: its theme's custom_dir is inside docs/, so MkDocs copies the
// Jinja partials there (docs/overrides/*.html) into site/ as they are.
// They are pieces of a page, not pages: left out, counted, and said by
// --explain, with no warning about their text. So is a bare <script>
// block, Gatsby's _gatsby-scripts-1.html as a real gatsby build wrote it
// (testdata/gatsby-sitemap), in a folder of a site no generator claims.
// So is a file of text with no tag at all (issue 67): Google's
// site-verification file, googleHEX.html, which a real Hugo build copies
// from static/ into public/ as sites commit it.
// ./test.sh installs Debian's mkdocs and hugo.
func TestFragmentsNotPages(t *testing.T) {
	mkdocs := testtool.Program(t, "mkdocs", "apt-get install mkdocs")
	t.Run("mkdocs", func(t *testing.T) {
		src := copyFixture(t, "mkdocs-overrides")
		cmd := exec.Command(mkdocs, "build", "--quiet")
		cmd.Dir = src
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("mkdocs: %v\n%s", err, out)
		}
		site := filepath.Join(src, "site")
		for _, f := range []string{"main.html", "partials/banner.html", "scripts.html"} {
			if _, err := os.Stat(filepath.Join(site, "overrides", f)); err != nil {
				t.Fatalf("the fixture's premise: MkDocs copies docs/overrides/%s into site/ (%v)", f, err)
			}
		}
		r := mustRun(t, src)
		const base = "https://handbook.example.net/"
		if locs, want := listedLocs(t, site, base), []string{base, base + "moorings/"}; !slices.Equal(locs, want) {
			t.Errorf("listed %q, want the site's pages %q", locs, want)
		}
		if !strings.Contains(r.stderr, "skipped 4 (1 error page, 3 fragments, not pages)") {
			t.Errorf("the summary does not count the fragments:\n%s", r.stderr)
		}
		if strings.Contains(r.stderr, "overrides/") {
			t.Errorf("a fragment is warned about:\n%s", r.stderr)
		}
		r = mustRun(t, src, "--explain", "site/overrides/main.html")
		if !strings.Contains(r.stdout, "  listed:      no, fragment, not a page (") {
			t.Errorf("--explain does not say the partial is a fragment:\n%s", r.stdout)
		}
	})
	t.Run("hugo site-verification file", func(t *testing.T) {
		hugo := testtool.Program(t, "hugo", "apt-get install hugo")
		src := filepath.Join(t.TempDir(), "site")
		const verification = "google0123456789abcdef.html"
		write(t, filepath.Join(src, "hugo.toml"), "baseURL = 'https://harbour.example.org/'\ntitle = 'Harbour'\ndisableKinds = ['taxonomy', 'term', 'RSS', 'sitemap']\n")
		write(t, filepath.Join(src, "layouts", "_default", "baseof.html"), "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ block \"main\" . }}{{ end }}</body></html>\n")
		write(t, filepath.Join(src, "layouts", "_default", "single.html"), "{{ define \"main\" }}{{ .Content }}{{ end }}\n")
		write(t, filepath.Join(src, "layouts", "_default", "list.html"), "{{ define \"main\" }}{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}{{ end }}\n")
		write(t, filepath.Join(src, "content", "tides.md"), "---\ntitle: Tides\n---\nHigh water at noon.\n")
		write(t, filepath.Join(src, "static", verification), "google-site-verification: "+verification)
		cmd := exec.Command(hugo, "--quiet")
		cmd.Dir = src
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("hugo: %v\n%s", err, out)
		}
		public := filepath.Join(src, "public")
		if _, err := os.Stat(filepath.Join(public, verification)); err != nil {
			t.Fatalf("the fixture's premise: Hugo copies static/%s into public/ (%v)", verification, err)
		}
		r := mustRun(t, src)
		const base = "https://harbour.example.org/"
		if locs, want := listedLocs(t, public, base), []string{base, base + "tides/"}; !slices.Equal(locs, want) {
			t.Errorf("listed %q, want the site's pages %q", locs, want)
		}
		if !strings.Contains(r.stderr, "1 fragment, not a page") {
			t.Errorf("the summary does not count the verification file:\n%s", r.stderr)
		}
		if strings.Contains(r.stderr, verification) {
			t.Errorf("the verification file is warned about:\n%s", r.stderr)
		}
		r = mustRun(t, src, "--explain", "public/"+verification)
		if !strings.Contains(r.stdout, "  listed:      no, fragment, not a page (text with no HTML tag at all") {
			t.Errorf("--explain does not say why the verification file is left out:\n%s", r.stdout)
		}
	})
	t.Run("gatsby slice", func(t *testing.T) {
		slice, err := os.ReadFile(filepath.Join("testdata", "gatsby-sitemap", "public", "_gatsby", "slices", "_gatsby-scripts-1.html"))
		if err != nil {
			t.Fatal(err)
		}
		site := filepath.Join(t.TempDir(), "public")
		write(t, filepath.Join(site, "index.html"), "<!doctype html><html><head><title>Harbour</title></head><body>Tides</body></html>\n")
		write(t, filepath.Join(site, "bits", "scripts.html"), string(slice))
		r := mustRun(t, "", site, "--base-url", "https://example.com/")
		if !strings.Contains(r.stderr, "2 pages found, 1 URL in 1 sitemap file written to") || !strings.Contains(r.stderr, "skipped 1 (1 fragment, not a page)") {
			t.Errorf("the slice is not left out as a fragment:\n%s", r.stderr)
		}
	})
}

// listedLocs returns the URLs of the sitemaps sitemapgen wrote into site.
func listedLocs(t *testing.T, site, base string) []string {
	t.Helper()
	entries, _, err := sitemaptest.URLs(site, base)
	if err != nil {
		t.Fatal(err)
	}
	var locs []string
	for _, e := range entries {
		locs = append(locs, e.Loc)
	}
	return locs
}
