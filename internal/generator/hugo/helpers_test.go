package hugo

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// detect is the registry's Detect with Hugo alone (package registry,
// which lists every generator, imports this one), with the environment
// env.
func detect(dir string, env func(string) (string, bool), lim limits.Limits) ([]generator.Detected, error) {
	d, err := generator.OpenDir(dir, generator.LookupEnv(env), lim)
	if err != nil {
		return nil, err
	}
	return generator.Detect(d, []generator.Generator{Generator{}})
}

// detectHere is detect with the process's environment.
func detectHere(dir string, lim limits.Limits) ([]generator.Detected, error) {
	return detect(dir, os.LookupEnv, lim)
}

// routeCase is a source file, the front matter that moves it, and the URL
// path its generator writes it at ("" for none).
type routeCase struct {
	path, slug, id, permalink string
	noPermalink               bool
	want                      string
}

func checkRoutes(t *testing.T, p generator.Preset, cases []routeCase) {
	t.Helper()
	for _, c := range cases {
		got, ok := p.URLPath(generator.Page{Path: c.path, Slug: c.slug, ID: c.id, Permalink: c.permalink, NoPermalink: c.noPermalink})
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("%s %s (slug %q, id %q, permalink %q): %q, want %q", p.Rules().Name, c.path, c.slug, c.id, c.permalink, got, c.want)
		}
	}
}

// TestSitemapOptions: Hugo's [sitemap], read without running anything.
func TestSitemapOptions(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []peer.Config
	}{
		{name: "hugo", files: map[string]string{"hugo.toml": "baseURL = 'https://example.com/'\n[sitemap]\nchangefreq = 'weekly'\npriority = 0.5\nfilename = 'map.xml'\n"},
			want: []peer.Config{{Tool: Tool, File: "hugo.toml", Options: []peer.Given{
				{Name: "changefreq", Value: "weekly"}, {Name: "priority", Value: 0.5}, {Name: "filename", Value: "map.xml"}}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSite(t, dir, tc.files)
			found, err := detectHere(dir, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			got := generator.SitemapOptions(dir, found, limits.Default)
			for i := range got {
				got[i].Notes = nil
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n%#v\nwant\n%#v", got, tc.want)
			}
		})
	}
}

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
		p := &generator.Detected{SitemapFile: file, Gen: Generator{}}
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
