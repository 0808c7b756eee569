package config

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/netlify"
)

func TestRenderFlags(t *testing.T) {
	msg := "is https://x.org/repo/ the base URL? (--base-url); or give --lastmod-sources=git, --exclude 'a/**' or --json; not --renderToDisk, nor sitemapgen--gzip"
	for _, c := range []struct{ runBy, want string }{
		{"", msg},
		{"cli", msg},
		{"netlify", "is https://x.org/repo/ the base URL? ([plugins.inputs] baseUrl); or give [plugins.inputs] lastmodSources = \"git\", [plugins.inputs] exclude = \"a/**\" or --json; not --renderToDisk, nor sitemapgen--gzip"},
		{"astro", "is https://x.org/repo/ the base URL? (sitemapgen({ baseUrl })); or give sitemapgen({ lastmodSources: \"git\" }), sitemapgen({ exclude: \"a/**\" }) or --json; not --renderToDisk, nor sitemapgen--gzip"},
		{"action", "is https://x.org/repo/ the base URL? (with: base-url); or give with: args: --lastmod-sources=git, with: args: --exclude=a/** or with: args: --json; not --renderToDisk, nor sitemapgen--gzip"},
		{"api", "is https://x.org/repo/ the base URL? (the option baseUrl); or give the option lastmodSources: \"git\", the option exclude: \"a/**\" or --json; not --renderToDisk, nor sitemapgen--gzip"},
		{"eleventy", `addPlugin(sitemapgen, { maxUrls: 100 }) addPlugin(sitemapgen, { gzip: false }): give addPlugin(sitemapgen, { baseUrl: "https://x.org/" }).`},
	} {
		in := msg
		if c.runBy == "eleventy" {
			in = "--max-urls=100 --gzip=false: give --base-url=https://x.org/."
		}
		if got := RenderFlags(in, c.runBy); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.runBy, got, c.want)
		}
	}
	if got, want := RenderFlags("  --base-url https://example.com/\n  --base-url or --exclude 'a b' --exclude 'drafts/**'", "action"), "  with: base-url: https://example.com/\n  with: base-url or with: args: --exclude 'a b' with: args: --exclude=drafts/**"; got != want {
		t.Errorf("values after a space:\n got %s\nwant %s", got, want)
	}
	if got, want := RenderFlags("give --state=.sitemapgen-state.json", "netlify"), `give state: ".sitemapgen-state.json" in sitemap.yaml`; got != want {
		t.Errorf("netlify, no input: got %s, want %s", got, want)
	}
	for runBy, form := range RunBy {
		if form("max-urls", "") == "--max-urls" {
			t.Errorf("%s names --max-urls as the command line does", runBy)
		}
	}
}

// The Netlify plugin's inputs that RenderFlags names are its manifest's.
func TestNetlifyInputs(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "npm", "sitemapgen", "netlify", "manifest.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct{ Inputs []struct{ Name string } }
	if err := yaml.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	var inputs []string
	for _, in := range m.Inputs {
		for _, s := range Settings.flags(BuildCommand) {
			if Camel(s.Flag) == in.Name {
				inputs = append(inputs, in.Name)
			}
		}
	}
	if !slices.Equal(inputs, netlifyInputs) {
		t.Errorf("the manifest's inputs that are flags: %q\nnetlifyInputs: %q", inputs, netlifyInputs)
	}
	// Netlify refuses an input its manifest does not declare: every
	// option of @netlify/plugin-sitemap's is declared (but the variables
	// of the environment it read), and every input is
	// a flag, one of those, failBuild or dir.
	var names []string
	for _, in := range m.Inputs {
		names = append(names, in.Name)
	}
	for _, n := range peer.Names(netlify.Tool) {
		if !slices.Contains(names, n) && !peer.IsEnvOption(netlify.Tool, n) { // a variable, no input
			t.Errorf("manifest.yml does not declare @netlify/plugin-sitemap's %s", n)
		}
	}
	for _, n := range names {
		if !slices.Contains(inputs, n) && !slices.Contains(peer.Names(netlify.Tool), n) && n != "failBuild" && n != "dir" {
			t.Errorf("manifest.yml declares %s, which is no flag and no option of @netlify/plugin-sitemap's", n)
		}
	}
}
