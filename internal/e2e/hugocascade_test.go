package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestHugoCascadeSwitch: a site whose cascades (the configuration's
// [[cascade]], _index files' cascade: with and without _target) leave
// pages out of Hugo's sitemap (_build: list: never, draft: true) and
// give pages their changefreq, built by real Hugo (0.111), then
// switched as docs/migrating.md says ("hugo && sitemapgen"): ours lists
// what Hugo's listed, a page's own front matter winning over a cascade
// and a nearer cascade over a farther one. sitemap: {disable: true} in
// a cascade, which Hugo 0.111 does not know (Hugo 0.125 and later leave
// the page out), leaves it out too. The configuration's cascade is long
// enough to be indexed, with targets that begin with a glob.
func TestHugoCascadeSwitch(t *testing.T) {
	src := t.TempDir()
	const date = "date: 2024-03-04T05:06:07Z\n"
	page := func(title, more string) string {
		return "---\ntitle: " + title + "\n" + date + more + "---\n" + title + ".\n"
	}
	for rel, body := range map[string]string{
		"hugo.toml": "baseURL = 'https://example.com/'\ntitle = 't'\ndisableKinds = ['RSS', 'taxonomy', 'term']\n" +
			"[[cascade]]\n  [cascade._build]\n    list = 'never'\n  [cascade._target]\n    path = '/blog/secret*'\n" +
			"[[cascade]]\n  [cascade.sitemap]\n    changefreq = 'monthly'\n  [cascade._target]\n    path = '/news/**'\n" +
			// Targets without a literal beginning, and below one; with
			// the entries of no page after them, a cascade long enough
			// that a page tries the entries its index gives.
			"[[cascade]]\n  draft = true\n  [cascade._target]\n    path = '{/alpha/**,/beta/**}'\n" +
			"[[cascade]]\n  draft = true\n  [cascade._target]\n    path = '/gamma/**/x*'\n" +
			strings.Repeat("[[cascade]]\n  draft = true\n  [cascade._target]\n    path = '/none/**'\n", 16),
		"layouts/_default/single.html": "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n",
		"layouts/_default/list.html":   "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}</body></html>\n",
		"content/_index.md":            page("Home", ""),
		"content/docs/_index.md": page("Docs", "cascade:\n- _build:\n    list: never\n  _target:\n    path: \"/docs/priv/**\"\n"+
			"- draft: true\n  _target:\n    path: \"/docs/wip*\"\n- sitemap:\n    disable: true\n  _target:\n    path: \"/docs/old/**\"\n"),
		"content/docs/g.md":            page("G", ""),
		"content/docs/priv/_index.md":  page("Priv", ""),
		"content/docs/priv/a.md":       page("A", ""),
		"content/docs/priv/b.md":       page("B", "_build:\n  list: always\n"),
		"content/docs/wip1.md":         page("W1", ""),
		"content/docs/wip2.md":         page("W2", "draft: false\n"),
		"content/docs/old/o.md":        page("O", ""),
		"content/self/_index.md":       page("Self", "cascade:\n  _build:\n    list: never\n"),
		"content/self/c.md":            page("C", ""),
		"content/self/inner/_index.md": page("Inner", "cascade:\n  _build:\n    list: always\n"),
		"content/self/inner/d.md":      page("D", ""),
		"content/blog/secret1.md":      page("S", ""),
		"content/blog/open.md":         page("Open", ""),
		"content/news/n.md":            page("N", ""),
		"content/alpha/_index.md":      page("Alpha", ""),
		"content/alpha/a.md":           page("A", ""),
		"content/beta/b.md":            page("B", ""),
		"content/gamma/deep/x1.md":     page("X1", ""),
		"content/gamma/deep/y.md":      page("Y", ""),
	} {
		write(t, filepath.Join(src, filepath.FromSlash(rel)), body)
	}
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	if out, err := exec.Command(hugo, "--source", src, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	public := filepath.Join(src, "public")
	const base = "https://example.com/"
	theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
	// What Hugo 0.111 leaves out, and the page of a cascaded sitemap:
	// {disable: true} it lists: else there is nothing to test.
	for _, loc := range []string{"docs/priv/", "docs/priv/a/", "docs/wip1/", "self/", "self/c/", "blog/secret1/", "alpha/", "alpha/a/", "beta/b/", "gamma/deep/x1/"} {
		if _, ok := theirs[base+loc]; ok {
			t.Fatalf("Hugo's sitemap lists %s: nothing to test", loc)
		}
	}
	for _, loc := range []string{"docs/priv/b/", "docs/wip2/", "self/inner/", "self/inner/d/", "docs/old/o/", "news/n/", "gamma/deep/y/"} {
		if _, ok := theirs[base+loc]; !ok {
			t.Fatalf("Hugo's sitemap does not list %s: nothing to test", loc)
		}
	}
	hugoFile, err := sitemaptest.ReadFile(filepath.Join(public, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	theirFreq := map[string]string{}
	for _, e := range hugoFile.Entries {
		theirFreq[e.Loc] = e.ChangeFreq
	}
	if theirFreq[base+"news/n/"] != "monthly" {
		t.Fatalf("Hugo's sitemap gives news/n/ changefreq %q, not monthly: nothing to test", theirFreq[base+"news/n/"])
	}

	ours, log := zeroConfig(t, src, public, base, "sources "+filepath.Join("content")+" (Hugo's contentDir)")
	compareSets(t, ours, theirs, []string{base + "docs/old/o/"}, nil)
	entries, _, err := sitemaptest.URLs(public, base)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.ChangeFreq != theirFreq[e.Loc] {
			t.Errorf("%s: changefreq %q, Hugo's %q", e.Loc, e.ChangeFreq, theirFreq[e.Loc])
		}
	}
	if t.Failed() {
		t.Log(log)
	}
	if _, err := os.Stat(filepath.Join(public, "docs", "priv", "a", "index.html")); err != nil {
		t.Errorf("docs/priv/a/ is not built: %v", err)
	}
}
