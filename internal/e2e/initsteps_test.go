package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestMkDocsInitSteps: init in a MkDocs project ends with the steps
// left, as for every other generator's sitemap: the install, and
// sitemapgen after mkdocs build (before, MkDocs got no step at all:
// issue 98, item 8). Done as they say, after a real mkdocs build, the
// URLs of MkDocs' sitemaps answer with ours.
func TestMkDocsInitSteps(t *testing.T) {
	mkdocs := testtool.Program(t, "mkdocs", "apt-get install mkdocs")
	src := filepath.Join(t.TempDir(), "docs-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "mkdocs"))); err != nil {
		t.Fatal(err)
	}
	build := func() {
		t.Helper()
		cmd := exec.Command(mkdocs, "build", "--quiet")
		cmd.Dir = src
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("mkdocs: %v\n%s", err, out)
		}
	}
	build()
	site := filepath.Join(src, "site")
	published := peerSitemaps(t, site)

	r := mustRun(t, src, "init")
	for _, want := range []string{
		"sitemapgen: to finish the switch from MkDocs' sitemap:\n",
		"  1. where the site is built, install sitemapgen if it is not there yet: go install github.com/sitemapgen/sitemapgen@latest",
		"  2. run sitemapgen after mkdocs build, where the site is built\n",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("init does not say %q:\n%s", want, r.stderr)
		}
	}
	// Nothing turns MkDocs' sitemap off: sitemap.yaml does not say to
	// remove it.
	if data, err := os.ReadFile(filepath.Join(src, "sitemap.yaml")); err != nil || !strings.Contains(string(data), "It stays: sitemapgen takes its sitemaps over") {
		t.Errorf("sitemap.yaml does not say that MkDocs' sitemap stays (%v):\n%s", err, data)
	}
	build()
	mustRun(t, src)
	answers(t, site, "https://example.com/docs/", "sitemap.xml", published)
}

// TestHexoBuildScript: init makes the package.json script that runs the
// build run sitemapgen after it, as docs/migrating.md's road says
// (before, the steps left that edit to the user: issue 98, item 8). The
// fixture's build script is hexo generate; after init, with the plugin
// uninstalled, a real npm run build (hexo generate && sitemapgen) writes
// our sitemaps into a fresh public/, at the URLs the plugin published.
func TestHexoBuildScript(t *testing.T) {
	src := hexoProject(t)
	hexoGenerate(t, src, true)
	public := filepath.Join(src, "public")
	published := peerSitemaps(t, public)
	if len(published) == 0 {
		t.Fatal("hexo-generator-sitemap wrote no sitemap")
	}

	r := mustRun(t, src, "init")
	if want := "sitemapgen: package.json:5: the build script runs sitemapgen, after hexo generate\n"; !strings.Contains(r.stderr, want) {
		t.Errorf("init does not say %q:\n%s", want, r.stderr)
	}
	data, err := os.ReadFile(filepath.Join(src, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var p struct{ Scripts map[string]string }
	if err := json.Unmarshal(data, &p); err != nil || p.Scripts["build"] != "hexo generate && sitemapgen" {
		t.Fatalf("package.json's build script: %q (%v)", p.Scripts["build"], err)
	}

	editPackageJSON(t, src, func(p map[string]any) {
		delete(p["dependencies"].(map[string]any), "hexo-generator-sitemap")
	})
	if err := os.RemoveAll(public); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("npm", "run", "--silent", "build")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "sitemapgen: ") {
		t.Fatalf("npm run build: %v, sitemapgen's summary not among its lines:\n%s", err, out)
	}
	if got := peerSitemaps(t, public); !slices.Equal(got, published) {
		t.Errorf("after npm run build, public/ has the sitemaps %q; the plugin published %q", got, published)
	}
	answers(t, public, hexoBase, "sitemap.xml", published)
}
