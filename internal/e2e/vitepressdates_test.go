package e2e

import (
	"path/filepath"
	"strings"
	"testing"
)

// vitepressKiln is the configuration of TestVitePressSwitchDates: pages
// under a base, clean URLs, lastUpdated, two locales and the sitemap
// option. REWRITES stands for a rewrites line or nothing.
const vitepressKiln = `import { defineConfig } from 'vitepress'

export default defineConfig({
  title: 'Kiln',
  base: '/kiln/',
  cleanUrls: true,
  lastUpdated: true,
  locales: {
    root: { label: 'English', lang: 'en-US' },
    fr: { label: 'Français', lang: 'fr-FR', link: '/fr/' },
  },
REWRITES  sitemap: { hostname: 'https://kiln-docs.net/kiln/' },
})
`

// TestVitePressSwitchDates builds, with VitePress (testdata/vitepress's
// packages), a site whose pages VitePress dates by git (lastUpdated:
// true), each page's source committed at a date of its own, one dated by
// its front matter's lastUpdated, one by a commit whose author date is
// not its committer date. With rewrites, which sitemapgen does not
// follow, the pages are not joined to their sources: while the sitemap
// option is on, sitemapgen takes VitePress's dates and warns that the
// switch would lose them. Without rewrites, the pages are joined to their
// sources (base, cleanUrls and the fr locale) and, after the switch
// (init, the sitemap option removed, VitePress built again), keep every
// date VitePress wrote.
func TestVitePressSwitchDates(t *testing.T) {
	t.Parallel() // VitePress in a copy of its own, its cache inside it
	src := nodeProject(t, "vitepress", "package.json")
	config := filepath.Join(src, "docs", ".vitepress", "config.mts")
	write(t, config, strings.Replace(vitepressKiln, "REWRITES", "  rewrites: { 'guide/start.md': 'start.md' },\n", 1))
	for _, p := range []string{"index", "about", "fr/index", "fr/about"} {
		write(t, filepath.Join(src, "docs", filepath.FromSlash(p)+".md"), "# "+p+"\n")
	}
	write(t, filepath.Join(src, "docs", "guide", "start.md"), "---\nlastUpdated: 2023-05-06T07:00:00Z\n---\n# Start\n")
	write(t, filepath.Join(src, ".gitignore"), "node_modules\ndocs/.vitepress/dist\ndocs/.vitepress/cache\n")
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-03-02T08:00:00Z docs/fr/about.md")
	write(t, filepath.Join(src, "docs", "about.md"), "# About the kiln\n")
	gitDated(t, src, "2024-04-09T10:00:00Z", "2024-04-20T12:00:00Z", "commit", "-q", "-am", "about")
	const base = "https://kiln-docs.net/kiln/"
	dist := filepath.Join(src, "docs", ".vitepress", "dist")
	premise := func(want map[string]string) {
		t.Helper()
		theirs := generatorSitemap(t, filepath.Join(dist, "sitemap.xml"))
		for loc, lm := range want {
			if !sameInstant(strings.Replace(theirs[loc], ".000Z", "Z", 1), lm) {
				t.Fatalf("the fixture's premise: VitePress dates %s %q, want %s:\n%v", loc, theirs[loc], lm, theirs)
			}
		}
	}
	const lose = "are dated only by VitePress's sitemap"

	// Rewrites: no page is joined, the sitemap alone dates them.
	vitepressBuild(t, src)
	rewritten := map[string]string{
		base:              "2024-01-01T00:00:00Z",
		base + "about":    "2024-04-09T10:00:00Z",
		base + "start":    "2023-05-06T07:00:00Z",
		base + "fr/":      "2024-01-01T00:00:00Z",
		base + "fr/about": "2024-03-02T08:00:00Z",
	}
	premise(rewritten)
	r := mustRun(t, src)
	wantDates(t, "with rewrites", dist, base, rewritten, "VitePress' sitemap's")
	wantOutput(t, r.stderr, "warning: 5 pages "+lose)
	if n := strings.Count(r.stderr, lose); n != 1 {
		t.Errorf("the loss said %d times, want once:\n%s", n, r.stderr)
	}

	// Without rewrites: the pages are joined to their sources.
	write(t, config, strings.Replace(vitepressKiln, "REWRITES", "", 1))
	vitepressBuild(t, src)
	want := map[string]string{
		base:                 "2024-01-01T00:00:00Z",
		base + "about":       "2024-04-09T10:00:00Z", // the author date, as git log --pretty=%ai
		base + "guide/start": "2023-05-06T07:00:00Z", // its front matter's lastUpdated
		base + "fr/":         "2024-01-01T00:00:00Z",
		base + "fr/about":    "2024-03-02T08:00:00Z",
	}
	premise(want)
	r = mustRun(t, src)
	wantDates(t, "the takeover", dist, base, want, "VitePress' lastUpdated")
	if strings.Contains(r.stderr, lose) {
		t.Errorf("the takeover warns of a loss, though the sources date every page:\n%s", r.stderr)
	}

	// The switch, as docs/migrating.md says.
	if r := run(t, src, nil, "init"); r.code != 0 {
		t.Fatalf("init: exit %d\n%s", r.code, r.stderr)
	}
	write(t, config, strings.Replace(strings.Replace(vitepressKiln, "REWRITES", "", 1), "  sitemap: { hostname: 'https://kiln-docs.net/kiln/' },\n", "", 1))
	vitepressBuild(t, src)
	r = mustRun(t, src)
	wantDates(t, "after the switch", dist, base, want, "VitePress' lastUpdated: the source's last commit")
	wantOutput(t, r.stderr, "lastmod: 4 git, 1 frontmatter")
	if strings.Contains(r.stderr, "warning: ") {
		t.Errorf("the build after the switch warns:\n%s", r.stderr)
	}
}
