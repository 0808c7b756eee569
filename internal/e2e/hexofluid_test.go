package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// TestHexoFluidHide (issue 67): testdata/hexo-fluid is a Hexo site on the
// theme Fluid (hexo-theme-fluid 1.9.9 in package-lock.json; ./test.sh
// installs it), built here with real Hexo. Its post hidden.md says hide:
// true: Fluid builds its page but lists it nowhere (home, archives, its
// tag's page) and hexo-generator-sitemap's sitemap.xml leaves it out.
// Ours does too, and --explain names the key and the theme; the post
// Fluid shows is listed.
func TestHexoFluidHide(t *testing.T) {
	fixture := nodeFixture(t, "hexo-fluid")
	src := copyFixture(t, "hexo-fluid")
	if err := os.Symlink(filepath.Join(fixture, "node_modules"), filepath.Join(src, "node_modules")); err != nil {
		t.Fatal(err)
	}
	hexoGenerate(t, src, true)
	const base, shown, hidden = "https://example.com/", "2024/01/10/shown/", "2024/02/05/hidden/"
	public := filepath.Join(src, "public")
	if _, err := os.Stat(filepath.Join(public, hidden, "index.html")); err != nil {
		t.Fatalf("Hexo did not build the hidden post's page: %v", err)
	}
	for _, list := range []string{"index.html", "archives/index.html", "tags/notes/index.html"} {
		data, err := os.ReadFile(filepath.Join(public, list))
		if err != nil {
			t.Fatal(err)
		}
		if page := string(data); !strings.Contains(page, `href="/`+shown+`"`) || strings.Contains(page, `href="/`+hidden+`"`) {
			t.Fatalf("Fluid's %s does not list %s, or lists %s: not the build the test is about", list, shown, hidden)
		}
	}
	theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
	if _, ok := theirs[base+shown]; !ok || len(theirs) == 0 {
		t.Fatalf("hexo-generator-sitemap's sitemap does not list %s: %v", shown, theirs)
	}
	if _, ok := theirs[base+hidden]; ok {
		t.Fatalf("hexo-generator-sitemap's sitemap lists %s: Fluid no longer hides it from the plugin", hidden)
	}

	hexoRun(t, src)
	entries, _, err := sitemaptest.URLs(public, base)
	if err != nil {
		t.Fatal(err)
	}
	ours := map[string]bool{}
	for _, e := range entries {
		ours[e.Loc] = true
	}
	for u := range theirs {
		if !ours[u] && u+"/" != base {
			t.Errorf("hexo-generator-sitemap lists %s; ours does not", u)
		}
	}
	if ours[base+hidden] {
		t.Errorf("our sitemap lists %s, whose hide: true Fluid lists nowhere", hidden)
	}
	want := "front matter hide: true: the theme Fluid (node_modules/hexo-theme-fluid)"
	if x := run(t, src, []string{"TZ=UTC"}, "--explain", "/"+hidden); !strings.Contains(x.stdout, want) {
		t.Errorf("--explain /%s does not say %q:\n%s%s", hidden, want, x.stdout, x.stderr)
	}
}
