package e2e

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// TestVuePressSite builds testdata/vuepress with VuePress 2 and its
// default theme, whose hostname adds @vuepress/plugin-sitemap (pinned in
// package-lock.json), its pages in git, and runs plain sitemapgen in the
// project, as "vuepress build docs && sitemapgen" (issue 97, item 6).
// Before, no generator was recognised and the run stopped with "no site
// folder given".
//
// Every URL is the one VuePress's sitemap lists (about.html, guide/, a
// front matter permalink's /tools/; the sitemap: false page left out by
// both), and each page keeps the date VuePress gave it, its git plugin's:
// the author date of its source's last commit, a rename among them. The
// built folder copied out of its project and given, where no generator
// is recognised, takes the base URL its robots.txt names (item 7).
func TestVuePressSite(t *testing.T) {
	needTool(t, "node")
	src := nodeProject(t, "vuepress", "docs", "package.json", ".gitignore")
	write(t, filepath.Join(src, "docs", "guide", "bowl.md"), "# Turning a bowl\n\nMount the blank between centres.\n")
	if err := os.Remove(filepath.Join(src, "docs", "guide", "turning.md")); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	write(t, filepath.Join(src, "docs", "about.md"), "# About\n\nWho turns the wood, and why.\n")
	gitDated(t, src, "2024-04-09T10:00:00Z", "2024-04-20T12:00:00Z", "commit", "-q", "-am", "about")
	gitAt(t, src, "2024-05-05T09:00:00Z", "mv", "docs/guide/bowl.md", "docs/guide/turning.md")
	gitAt(t, src, "2024-05-05T09:00:00Z", "commit", "-q", "-m", "a better name")
	mustBuild(t, src, "vuepress", "build", "docs")

	const base = "https://lathe-docs.net/lathe/"
	site := filepath.Join(src, "docs", ".vuepress", "dist")
	want := map[string]string{
		base:                        "2024-01-01T00:00:00Z",
		base + "about.html":         "2024-04-09T10:00:00Z", // the author date
		base + "guide/":             "2024-01-01T00:00:00Z",
		base + "guide/turning.html": "2024-05-05T09:00:00Z", // the rename
		base + "tools/":             "2024-01-01T00:00:00Z", // front matter permalink: /tools/
	}
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	if got, w := slices.Sorted(maps.Keys(theirs)), slices.Sorted(maps.Keys(want)); !slices.Equal(got, w) {
		t.Fatalf("the fixture's premise: VuePress's sitemap lists %v, want %v", got, w)
	}
	for loc, lm := range want {
		if !sameInstant(strings.Replace(theirs[loc], ".000Z", "Z", 1), lm) {
			t.Fatalf("the fixture's premise: VuePress dates %s %q, want %s", loc, theirs[loc], lm)
		}
	}
	// The built folder copied out of its project and given (a deploy's
	// artifact): no generator is recognised, and the site's robots.txt
	// names its base URL (item 7). Only the preset knew that the
	// sitemap: false page is none of the sitemap's.
	artifact := t.TempDir()
	if err := os.CopyFS(filepath.Join(artifact, "dist"), os.DirFS(site)); err != nil {
		t.Fatal(err)
	}
	r := mustRun(t, artifact, "dist")
	wantOutput(t, r.stderr, "base URL "+base+" from robots.txt's Sitemap: lines; the URL style of the generator's sitemap (folders with /; from dist/sitemap.xml)")
	copied, _, err := sitemaptest.URLs(filepath.Join(artifact, "dist"), base)
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, e := range copied {
		listed = append(listed, e.Loc)
	}
	if w := slices.Sorted(slices.Values(append(slices.Collect(maps.Keys(want)), base+"notes/drafts.html"))); !slices.Equal(slices.Sorted(slices.Values(listed)), w) {
		t.Errorf("copied out of its project: %v, want %v", listed, w)
	}

	_, log := zeroConfig(t, src, site, base, "site docs/.vuepress/dist (VuePress (docs/.vuepress/config.ts)); base URL "+base+" from docs/.vuepress/config.ts hostname + base; VuePress URL style (folders with /; from docs/.vuepress/config.ts); sources docs (VuePress)")
	wantDates(t, "VuePress", site, base, want, "VuePress' git plugin: the author date of the source's last commit")
	if strings.Contains(log, "warning: ") {
		t.Errorf("the run warns:\n%s", log)
	}
}

// TestVuePressSwitch switches testdata/vuepress from the sitemap plugin
// its default theme adds to sitemapgen as docs/migrating.md says, with
// VuePress itself: the plugin's sitemap recorded, sitemapgen init, the
// theme's sitemap turned off (themePlugins: { sitemap: false }), VuePress
// built again (no sitemap.xml), plain sitemapgen. Every URL the plugin
// listed is listed, and no other (its excludePaths, and the sitemap:
// false page, left out), with the changefreq and priority it wrote: its
// changefreq, and a page's own front matter sitemap: values.
//
// The plugin wrote a Sitemap: line into robots.txt and its sitemap.xsl
// (issue 98: after the switch both went with no word). At the host's
// root robots.txt names our sitemap after the switch (robots: true);
// under base (/lathe/), where no crawler reads robots.txt, init says
// the line goes. init names sitemap.xsl, which answers 404 after it.
func TestVuePressSwitch(t *testing.T) {
	needTool(t, "node")
	for name, at := range map[string]string{"under base": "/lathe/", "at the root": "/"} {
		t.Run(name, func(t *testing.T) { vuepressSwitch(t, at) })
	}
}

// vuepressSwitch is TestVuePressSwitch with the site's base at.
func vuepressSwitch(t *testing.T, at string) {
	src := nodeProject(t, "vuepress", "docs", "package.json", ".gitignore")
	config := filepath.Join(src, "docs", ".vuepress", "config.ts")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte("base: '/lathe/'"), []byte("base: '"+at+"'"), 1)
	const theme = "defaultTheme({ hostname: 'https://lathe-docs.net' })"
	sitemap := func(opts string) string {
		return strings.Replace(string(data), theme, "defaultTheme({\n    hostname: 'https://lathe-docs.net',\n    themePlugins: { sitemap: "+opts+" },\n  })", 1)
	}
	with := sitemap("{ changefreq: 'weekly', excludePaths: ['/404.html', '/guide/'] }")
	if with == string(data) {
		t.Fatalf("the fixture's premise: config.ts has no %s", theme)
	}
	write(t, config, with)
	write(t, filepath.Join(src, "docs", "about.md"), "---\nsitemap:\n  changefreq: yearly\n  priority: 0.3\n---\n\n# About\n\nWho turns the wood.\n")
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	base := "https://lathe-docs.net" + at
	site := filepath.Join(src, "docs", ".vuepress", "dist")
	mustBuild(t, src, "vuepress", "build", "docs")
	theirs := peerSet(t, site, base, "sitemap.xml")
	if a := theirs[base+"about.html"]; len(theirs) != 4 || a.changefreq != "yearly" || a.priority != "0.3" || theirs[base].changefreq != "weekly" {
		t.Fatalf("the fixture's premise: the plugin lists %v", theirs)
	}
	if got, want := robotsSitemaps(t, site), []string{base + "sitemap.xml"}; !slices.Equal(got, want) {
		t.Fatalf("the fixture's premise: the plugin's robots.txt names %q, want %q", got, want)
	}
	if _, err := os.Stat(filepath.Join(site, "sitemap.xsl")); err != nil {
		t.Fatalf("the fixture's premise: the plugin wrote sitemap.xsl: %v", err)
	}

	r := mustRun(t, src, "init")
	carried, robots := "base_url, changefreq, exclude, robots", ""
	if at != "/" {
		carried = "base_url, changefreq, exclude"
		robots = "@vuepress/plugin-sitemap's robots.txt is written at each build with a Sitemap: line naming the sitemap, at /lathe/robots.txt under base, where crawlers never read it (only at the host's root): it goes with the switch"
	}
	for _, want := range []string{
		fmt.Sprintf("carried over %d settings of @vuepress/plugin-sitemap (docs/.vuepress/config.ts:10): %s\n", strings.Count(carried, ",")+1, carried),
		"@vuepress/plugin-sitemap's sitemap.xsl is the stylesheet the plugin wrote, which sitemapgen does not write: after the switch " + at + "sitemap.xsl answers 404",
		robots,
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("init does not say %q:\n%s", want, r.stderr)
		}
	}
	// The switch: the theme's sitemap turned off, as the step init names
	// says.
	write(t, config, sitemap("false"))
	gitAt(t, src, "2024-01-02T00:00:00Z", "commit", "-q", "-am", "the switch")
	sameAsPeer(t, "@vuepress/plugin-sitemap", theirs, switchedBuild(t, src, site, base, "vuepress", "build", "docs"))
	if at == "/" {
		if got, want := robotsSitemaps(t, site), []string{base + "sitemap.xml"}; !slices.Equal(got, want) {
			t.Errorf("after the switch, robots.txt names %q, want %q", got, want)
		}
	}
}
