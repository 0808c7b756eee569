package generator

import (
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestGeneratorSitemaps: the files taken over are those each generator
// writes, and no other.
func TestGeneratorSitemaps(t *testing.T) {
	for _, tc := range []struct {
		gen     string
		yes, no []string
	}{
		{"hugo", []string{"sitemap.xml", "en/sitemap.xml", "de/sitemap.xml"}, []string{"fr/sitemap.xml", "sitemap-news.xml", "sitemap-0.xml"}},
		// [sitemap] filename: its name at the root and in each
		// language's folder, and sitemap.xml, an earlier build's.
		{"hugo map.xml", []string{"map.xml", "en/map.xml", "de/map.xml", "sitemap.xml"}, []string{"fr/map.xml", "en/sitemap.xml"}},
	} {
		gen, file, _ := strings.Cut(tc.gen, " ")
		p := &Project{Generator: gen, SitemapFile: file}
		switch gen {
		case "hugo":
			p.Languages = []string{"en", "de"} // Detect's, of [languages.en] and [languages.de]
		}
		takes := p.Sitemaps()
		for _, n := range tc.yes {
			if !takes(n) {
				t.Errorf("%s: %s not taken over", tc.gen, n)
			}
		}
		for _, n := range tc.no {
			if takes(n) {
				t.Errorf("%s: %s taken over", tc.gen, n)
			}
		}
	}
}

// TestSitemapPlugin: Detect says, for a generator whose sitemaps a
// plugin writes, whether
// the project has the plugin that writes their sitemaps, and where it
// says so; the plugin's files are its index and its numbered files.
func TestSitemapPlugin(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		gen   string
		in    string // "" for none; "-" for no plugin at all
	}{
		{"hugo writes its own", map[string]string{"hugo.toml": "baseURL = 'https://h.site/'\n"}, "hugo", "-"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found, err := detectHere(detectFixture(t, tc.files), limits.Default)
			if err != nil || len(found) != 1 || found[0].Generator != tc.gen {
				t.Fatalf("Detect = %s, %v", formatProjects(found), err)
			}
			pl := found[0].Plugin
			switch {
			case tc.in == "-":
				if pl != nil {
					t.Errorf("plugin %+v, want none", *pl)
				}
			case pl == nil:
				t.Errorf("no plugin, want one in %q", tc.in)
			case pl.In != tc.in:
				t.Errorf("plugin %+v, want one in %q", *pl, tc.in)
			}
		})
	}
	astro := &SitemapPlugin{Name: "@astrojs/sitemap", Index: "sitemap-index.xml"}
	next := &SitemapPlugin{Name: "next-sitemap", Index: "sitemap.xml"}
	for _, tc := range []struct {
		pl      *SitemapPlugin
		yes, no []string
	}{
		{astro, []string{"sitemap-index.xml", "sitemap-0.xml", "sitemap-12.xml"}, []string{"sitemap.xml", "sitemap-news.xml", "de/sitemap-0.xml", "sitemap-0-0123abcd.xml"}},
		{next, []string{"sitemap-0.xml"}, []string{"sitemap.xml", "sitemap-index.xml"}},
		{nil, nil, []string{"sitemap-0.xml"}},
	} {
		for _, n := range tc.yes {
			if !tc.pl.Writes(n) {
				t.Errorf("%v does not write %s", tc.pl, n)
			}
		}
		for _, n := range tc.no {
			if tc.pl.Writes(n) {
				t.Errorf("%v writes %s", tc.pl, n)
			}
		}
	}
}

// TestPublished: Hugo's sitemaps, which its build goes on writing, are
// not named.
func TestPublished(t *testing.T) {
	if got := (&Project{Generator: "hugo", Languages: []string{"en", "fr"}}).Published(""); got != nil {
		t.Errorf("Hugo: %q, want none", got)
	}
}
