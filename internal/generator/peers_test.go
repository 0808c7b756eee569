package generator

import (
	"reflect"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// TestSitemapOptions: each peer's options, where its users write them,
// read without running anything.
func TestSitemapOptions(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []peer.Config
	}{
		{name: "next-sitemap", files: map[string]string{"next.config.js": "module.exports = { output: 'export' };\n", "next-sitemap.config.js": `/** @type {import('next-sitemap').IConfig} */
module.exports = {
  siteUrl: 'https://example.com',
  generateRobotsTxt: true,
  exclude: ['/secret'],
};
`}, want: []peer.Config{{Tool: peer.NextSitemap, File: "next-sitemap.config.js", Options: []peer.Given{
			{Name: "siteUrl", Value: "https://example.com", Line: 3}, {Name: "generateRobotsTxt", Value: true, Line: 4}, {Name: "exclude", Value: []any{"/secret"}, Line: 5}}}}},
		{name: "hugo", files: map[string]string{"hugo.toml": "baseURL = 'https://example.com/'\n[sitemap]\nchangefreq = 'weekly'\npriority = 0.5\nfilename = 'map.xml'\n"},
			want: []peer.Config{{Tool: peer.Hugo, File: "hugo.toml", Options: []peer.Given{
				{Name: "changefreq", Value: "weekly"}, {Name: "priority", Value: 0.5}, {Name: "filename", Value: "map.xml"}}}}},
		{name: "static-sitemap-cli", files: map[string]string{"package.json": `{
  "name": "site",
  "scripts": {
    "build": "eleventy",
    "postbuild": "npx sscli -b https://example.com -r _site -c '**/*,weekly' \"blog/**,daily\" && echo done"
  }
}
`}, want: []peer.Config{{Tool: peer.SSCLI, File: "package.json", Line: 5, Options: []peer.Given{
			{Name: "base", Value: "https://example.com", Line: 5}, {Name: "root", Value: "_site", Line: 5}, {Name: "changefreq", Value: []any{"**/*,weekly", "blog/**,daily"}, Line: 5}}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeSite(t, dir, tc.files)
			found, err := detectHere(dir, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			got := SitemapOptions(dir, found, limits.Default)
			for i := range got {
				got[i].Notes = nil
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n%#v\nwant\n%#v", got, tc.want)
			}
		})
	}
}

// TestShellWords: a script's command line, split as a shell splits it.
func TestShellWords(t *testing.T) {
	for s, want := range map[string][]string{
		`sscli -b https://x.org -c '**/*,weekly' "a b"`: {"sscli", "-b", "https://x.org", "-c", "**/*,weekly", "a b"},
		`a&&b; c | d`:  {"a", "&&", "b", ";", "c", "|", "d"},
		`x\ y 'it''s'`: {"x y", "its"},
	} {
		if got := shellWords(s); !reflect.DeepEqual(got, want) {
			t.Errorf("shellWords(%q) = %q, want %q", s, got, want)
		}
	}
	if args, ok := commandArgs("hugo && sscli https://x.org -r public > public/sitemap.xml", "sscli"); !ok || !reflect.DeepEqual(args, []string{"https://x.org", "-r", "public"}) {
		t.Errorf("commandArgs = %q, %v", args, ok)
	}
}
