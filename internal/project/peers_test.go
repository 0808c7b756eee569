package project

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/astro"
	"github.com/sitemapgen/sitemapgen/internal/generator/docusaurus"
	"github.com/sitemapgen/sitemapgen/internal/generator/gatsby"
	"github.com/sitemapgen/sitemapgen/internal/generator/vitepress"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/nextsitemap"
)

// TestPeerOptionSyntax: in every peer configuration init reads as
// JavaScript, every syntax an object literal gives a key in (a value, a
// method, an arrow, a function, async, a generator method, a getter, a
// setter, a computed key, a spread, a shorthand, string and numeric
// keys) gives its option a setting or a warning that names it, alone in
// the object and beside another option: no option vanishes (issue 70).
func TestPeerOptionSyntax(t *testing.T) {
	// Each peer's configuration, OPTIONS where its options go; fn names
	// an option that takes a function, val one that takes lit. Each file
	// declares a const of val's name, a function of fn's, shared and key.
	peers := []struct {
		tool     peer.Tool
		files    map[string]string
		fn, val  string
		lit      string
		neighbor string // another option, given beside
	}{
		{tool: astro.Tool, fn: "filter", val: "changefreq", lit: "'daily'", neighbor: "priority: 0.5", files: map[string]string{
			"package.json": `{"dependencies": {"astro": "5.18.2", "@astrojs/sitemap": "3.7.4"}}`,
			"astro.config.mjs": `import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
DECLS
export default defineConfig({
  site: 'https://example.com',
  integrations: [sitemap({
OPTIONS
  })],
});
`}},
		{tool: nextsitemap.Tool, fn: "transform", val: "changefreq", lit: "'daily'", neighbor: "priority: 0.5", files: map[string]string{
			"next-sitemap.config.js": `DECLS
/** @type {import('next-sitemap').IConfig} */
module.exports = {
  siteUrl: 'https://example.com',
OPTIONS
};
`}},
		{tool: docusaurus.Tool, fn: "createSitemapItems", val: "changefreq", lit: "'daily'", neighbor: "priority: 0.5", files: map[string]string{
			"package.json": `{"dependencies": {"@docusaurus/core": "3.9.2"}}`,
			"docusaurus.config.js": `DECLS
export default {
  url: 'https://example.com',
  baseUrl: '/',
  presets: [['classic', {
    sitemap: {
OPTIONS
    },
  }]],
};
`}},
		{tool: gatsby.Tool, fn: "serialize", val: "entryLimit", lit: "5000", neighbor: "output: '/'", files: map[string]string{
			"package.json": `{"dependencies": {"gatsby": "5.14.0"}}`,
			"gatsby-config.js": `DECLS
module.exports = {
  siteMetadata: { siteUrl: 'https://example.com' },
  plugins: [{
    resolve: 'gatsby-plugin-sitemap',
    options: {
OPTIONS
    },
  }],
};
`}},
		{tool: vitepress.Tool, fn: "transformItems", val: "xslUrl", lit: "'/sitemap.xsl'", neighbor: "lastmodDateOnly: true", files: map[string]string{
			"package.json": `{"devDependencies": {"vitepress": "1.6.4"}}`,
			"docs/.vitepress/config.mts": `import { defineConfig } from 'vitepress';
DECLS
export default defineConfig({
  sitemap: {
    hostname: 'https://example.com/',
OPTIONS
  },
});
`}},
	}
	// Each syntax, with FN and VAL for the option names, LIT for the
	// value; want is the name the setting or the warning gives it.
	syntaxes := []struct{ name, text, want string }{
		{"a value", "VAL: LIT", "VAL"},
		{"a method", "FN(item) { return item }", "FN"},
		{"a method with types", "FN(item: any): any { return item }", "FN"},
		{"a method with a string key", "'FN'(item) { return item }", "FN"},
		{"an arrow", "FN: (item) => item", "FN"},
		{"a function", "FN: function (item) { return item }", "FN"},
		{"an async method", "async FN(item) { return item }", "FN"},
		{"an async arrow", "FN: async (item) => item", "FN"},
		{"an async function", "FN: async function (item) { return item }", "FN"},
		{"a generator method", "*FN(item) { yield item }", "FN"},
		{"an async generator method", "async *FN(item) { yield item }", "FN"},
		{"a getter", "get VAL() { return LIT }", "VAL"},
		{"a setter", "set VAL(v) {}", "VAL"},
		{"a computed key", "[key]: LIT", "[key]: LIT"},
		{"a computed key of a string", "['VAL']: LIT", "VAL"},
		{"a spread", "...shared", "...shared"},
		{"a shorthand value", "VAL", "VAL"},
		{"a shorthand function", "FN", "FN"},
		{"a function by its name", "FN: FN", "FN"},
		{"a string key", "'VAL': LIT", "VAL"},
		{"a numeric key", "1: LIT", "1"},
		// Named escaped: a configuration's text is never printed raw.
		{"a key of control characters", `'\x1b2J': LIT`, `\x1b2J`},
	}
	for _, pe := range peers {
		r := strings.NewReplacer("FN", pe.fn, "VAL", pe.val, "LIT", pe.lit)
		decls := r.Replace("const VAL = LIT;\nfunction FN(item) { return item }\nconst shared = {};\nconst key = 'VAL';")
		for _, sx := range syntaxes {
			text, want := r.Replace(sx.text), r.Replace(sx.want)
			for _, beside := range []bool{false, true} {
				opts := "    " + text + ","
				if beside {
					opts = "    " + pe.neighbor + ",\n" + opts
				}
				name := string(pe.tool) + "/" + sx.name
				if beside {
					name += " beside another"
				}
				t.Run(name, func(t *testing.T) {
					dir := t.TempDir()
					for file, src := range pe.files {
						src = strings.NewReplacer("DECLS", decls, "OPTIONS", opts).Replace(src)
						if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, file)), 0o755); err != nil {
							t.Fatal(err)
						}
						if err := os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644); err != nil {
							t.Fatal(err)
						}
					}
					d, err := Survey(dir, func(string) string { return "" }, Ask{NoRoot: errors.New("no root"), NoBaseURL: errors.New("no base URL")})
					if err != nil {
						t.Fatal(err)
					}
					var found *Peer
					for i := range d.Peers {
						if d.Peers[i].Tool == pe.tool {
							found = &d.Peers[i]
						}
					}
					if found == nil {
						t.Fatalf("%s not found: %+v", pe.tool, d.Peers)
					}
					for _, n := range found.Notes {
						if strings.Contains(n, "not given an object literal") || strings.Contains(n, "not an object literal") {
							t.Errorf("a false note: %s", n)
						}
					}
					given := false
					for _, s := range found.Result.Settings {
						given = given || s.From == want
					}
					for _, n := range found.Result.Notes {
						given = given || n.Option == want
					}
					if !given {
						t.Errorf("%s: no setting and no warning names %s:\nsettings %+v\nnotes %+v", text, want, found.Result.Settings, found.Result.Notes)
					}
				})
			}
		}
	}
}
