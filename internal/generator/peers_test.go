package generator

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/nextsitemap"
	"github.com/sitemapgen/sitemapgen/internal/peer/sscli"
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
`}, want: []peer.Config{{Tool: nextsitemap.Tool, File: "next-sitemap.config.js", Options: []peer.Given{
			{Name: "siteUrl", Value: "https://example.com", Line: 3}, {Name: "generateRobotsTxt", Value: true, Line: 4}, {Name: "exclude", Value: []any{"/secret"}, Line: 5}}}}},
		{name: "next-sitemap --config in a quoted script, the default file not read", files: map[string]string{
			"package.json":           `{"scripts": {"build": "next build", "postbuild": "npx next-sitemap --config 'conf/awesome.config.js' && echo done"}}`,
			"conf/awesome.config.js": "module.exports = {\n  siteUrl: 'https://example.com',\n};\n",
			"next-sitemap.config.js": "module.exports = { siteUrl: 'https://wrong.example' };\n",
		}, want: []peer.Config{{Tool: nextsitemap.Tool, File: "conf/awesome.config.js", Options: []peer.Given{{Name: "siteUrl", Value: "https://example.com", Line: 2}}}}},
		{name: "static-sitemap-cli", files: map[string]string{"package.json": `{
  "name": "site",
  "scripts": {
    "build": "eleventy",
    "postbuild": "npx sscli -b https://example.com -r _site -c '**/*,weekly' \"blog/**,daily\" && echo done"
  }
}
`}, want: []peer.Config{{Tool: sscli.Tool, File: "package.json", Line: 5, Options: []peer.Given{
			{Name: "base", Value: "https://example.com", Line: 5}, {Name: "root", Value: "_site", Line: 5}, {Name: "changefreq", Value: []any{"**/*,weekly", "blog/**,daily"}, Line: 5}}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range tc.files {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got := SitemapOptions(dir, nil, limits.Default) // the tools of no generator's

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
	} // The file a script redirects the command's output to (issue 68).
	for script, want := range map[string]string{
		"hugo && sscli -b https://x.org -r public -o > public/sitemap.xml": "public/sitemap.xml",
		"sscli -o >>public/map.xml && echo done > log.txt":                 "public/map.xml",
		"sscli -o 1> 'site/a b.xml'":                                       "site/a b.xml",
		"sscli -o 2> err.log | tee x.xml":                                  "",
		"sscli -o >&2":                                                     "",
		"echo > x.xml; sscli -o":                                           "",
	} {
		if got := stdoutFile(script, "sscli"); got != want {
			t.Errorf("stdoutFile(%q) = %q, want %q", script, got, want)
		}
	}
}

// TestSSCLIrcValueNotRead: a member of static-sitemap-cli's settings
// file whose value does not decode (a tag its value does not hold to, a
// key that is no scalar) is an option still, its value peer.Undecoded,
// which the mapping warns of at its line, not dropped unsaid (review,
// issue 68).
func TestSSCLIrcValueNotRead(t *testing.T) {
	dir := t.TempDir()
	rc := "base: https://example.com\nchangefreq: !!int weekly\nignore: {? [a, b] : c}\nroot: _site\n"
	if err := os.WriteFile(filepath.Join(dir, ".ssclirc.yml"), []byte(rc), 0o644); err != nil {
		t.Fatal(err)
	}
	got := SitemapOptions(dir, nil, limits.Default)
	if len(got) != 1 {
		t.Fatalf("got %#v, want static-sitemap-cli's settings", got)
	}
	var names []string
	for _, g := range got[0].Options {
		names = append(names, g.Name)
	}
	if want := []string{"base", "changefreq", "ignore", "root"}; !reflect.DeepEqual(names, want) {
		t.Errorf("options %q, want %q", names, want)
	}
	warned := map[string]int{}
	r := peer.Map(got[0].Tool, got[0].Options, peer.Context{})
	for _, n := range r.Warnings() {
		if strings.HasPrefix(n.Msg, "is not read (") && n.File == ".ssclirc.yml" {
			warned[n.Option] = n.Line
		}
	}
	if want := map[string]int{"changefreq": 2, "ignore": 3}; !reflect.DeepEqual(warned, want) {
		t.Errorf("warned of %v, want %v", warned, want)
	}
}
