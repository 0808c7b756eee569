package e2e

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestVitePressTransformItemsSwitch builds, with VitePress
// (testdata/vitepress's packages), a site whose sitemap option's
// transformItems leaves a page out by a literal test of its URL, then
// switches as init says (issue 98). While sitemap: stays, sitemapgen
// leaves the page out as VitePress did. init names the test in its
// warning, since once sitemap: goes (its step) the page is listed;
// before, it said only that transformItems "is a function". The
// --exclude the warning asks for, given, lists what VitePress listed.
func TestVitePressTransformItemsSwitch(t *testing.T) {
	t.Parallel() // VitePress in a copy of its own, its cache inside it
	src := nodeProject(t, "vitepress", "package.json")
	config := filepath.Join(src, "docs", ".vitepress", "config.mts")
	const sitemap = "  sitemap: {\n    hostname: 'https://kiln-docs.net/',\n    transformItems: (items) => items.filter((item) => !item.url.includes('migration')),\n  },\n"
	const cfg = "import { defineConfig } from 'vitepress'\n\nexport default defineConfig({\n  title: 'Kiln',\nSITEMAP})\n"
	write(t, config, strings.Replace(cfg, "SITEMAP", sitemap, 1))
	for _, p := range []string{"index", "about", "guide/migration"} {
		write(t, filepath.Join(src, "docs", filepath.FromSlash(p)+".md"), "# "+p+"\n")
	}
	write(t, filepath.Join(src, ".gitignore"), "node_modules\ndocs/.vitepress/dist\ndocs/.vitepress/cache\n")
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	const base = "https://kiln-docs.net/"
	dist := filepath.Join(src, "docs", ".vitepress", "dist")
	vitepressBuild(t, src)
	theirs := slices.Sorted(maps.Keys(generatorSitemap(t, filepath.Join(dist, "sitemap.xml"))))
	if want := []string{base, base + "about.html"}; !slices.Equal(theirs, want) {
		t.Fatalf("the fixture's premise: VitePress lists %q, want %q", theirs, want)
	}
	listed := func(what string) {
		t.Helper()
		if got := slices.Sorted(maps.Keys(generatorSitemap(t, filepath.Join(dist, "sitemap.xml")))); !slices.Equal(got, theirs) {
			t.Errorf("%s: we list %q; VitePress %q", what, got, theirs)
		}
	}
	mustRun(t, src)
	listed("the takeover, sitemap: there")

	r := mustRun(t, src, "init")
	const named = `docs/.vitepress/config.mts:7: warning: VitePress's sitemap's transformItems leaves out the pages whose item.url includes "migration", which sitemapgen reads while sitemap: stays; once sitemap: goes they are listed: give their built files with exclude: GLOB`
	if !strings.Contains(r.stderr, named) {
		t.Errorf("init does not say %q:\n%s", named, r.stderr)
	}
	// The switch: sitemap: removed, as init's step says, and the
	// exclude the warning asks for.
	write(t, config, strings.Replace(cfg, "SITEMAP", "", 1))
	yaml := filepath.Join(src, "sitemap.yaml")
	data, err := os.ReadFile(yaml)
	if err != nil {
		t.Fatal(err)
	}
	write(t, yaml, string(data)+"exclude: ['**/*migration*']\n")
	vitepressBuild(t, src)
	mustRun(t, src)
	listed("after the switch")
}
