package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDocusaurusLocaleHomeSlash builds a two-language Docusaurus site
// (testdata/docusaurus' packages, linked one by one) with trailingSlash:
// false: each page is served and linked without its slash, but a
// locale's home keeps it,
// as the site's own (Docusaurus serves it at its locale's baseUrl,
// /fr/, and its canonical link and its sitemap plugin say so). Plain
// sitemapgen lists the same URLs as the plugin, the French home at
// /fr/ with its alternates both ways (before: /fr, a warning that its
// canonical link disagrees, and the home's fr alternate left out as
// missing; issue 87).
func TestDocusaurusLocaleHomeSlash(t *testing.T) {
	t.Parallel()
	needTool(t, "git")
	needTool(t, "node")
	site := filepath.Join(t.TempDir(), "site")
	linkModules(t, nodeFixture(t, "docusaurus"), site)
	write(t, filepath.Join(site, "docusaurus.config.js"), `module.exports = {
`+docusaurusFaster+`  title: 'Locales', url: 'https://example.com', baseUrl: '/', trailingSlash: false, onBrokenLinks: 'ignore',
  i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },
  presets: [['classic', { docs: { routeBasePath: '/' }, blog: false, theme: {} }]],
};
`)
	write(t, filepath.Join(site, "package.json"), `{"name": "locales", "private": true}`)
	write(t, filepath.Join(site, "docs", "index.md"), "---\nslug: /\n---\n\n# Home\n")
	write(t, filepath.Join(site, "docs", "guide.md"), "# Guide\n")
	write(t, filepath.Join(site, ".gitignore"), "node_modules\nbuild\n.docusaurus\n")
	commitHistory(t, site, "2024-01-01T00:00:00Z *")
	if r := docusaurusBuild(t, site, nil); r.code != 0 {
		t.Fatalf("docusaurus build: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	build := filepath.Join(site, "build")
	const base = "https://example.com/"
	theirs := peerSet(t, build, base, "sitemap.xml")
	for loc, u := range peerSet(t, filepath.Join(build, "fr"), base+"fr/", "sitemap.xml") {
		theirs[loc] = u
	}
	if _, ok := theirs[base+"fr/"]; !ok {
		t.Fatalf("the fixture's premise: Docusaurus' sitemap lists the French home at %sfr/: %v", base, theirs)
	}
	r := mustRun(t, site)
	if r.stderr != "" && slices.ContainsFunc([]string{"canonical link", "is missing"}, func(s string) bool { return strings.Contains(r.stderr, s) }) {
		t.Errorf("sitemapgen warns:\n%s", r.stderr)
	}
	ours := peerSet(t, build, base, "sitemap.xml")
	sameURLs(t, "Docusaurus' sitemap", theirs, ours)
	for _, home := range []string{base, base + "fr/"} {
		want := []string{"en " + base, "fr " + base + "fr/", "x-default " + base}
		if got := ours[home].alternates; !slices.Equal(got, want) {
			t.Errorf("%s: alternates %q, want %q", home, got, want)
		}
	}
	if _, err := os.Stat(filepath.Join(build, "fr", "sitemap.xml")); err != nil {
		t.Errorf("the French sitemap's URL answers no more: %v", err)
	}
}
