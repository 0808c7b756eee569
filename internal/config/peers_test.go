package config

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// TestPeerOptions: the options of the peer an integration replaces
// (peer.Env) are the project's values: under the flags, the environment
// and sitemap.yaml, over the defaults and what the project's files say;
// each not honoured is a warning that names it as its user gives it.
func TestPeerOptions(t *testing.T) {
	site := map[string]string{"public/": "", "dist/": ""}
	astro := func(options string) map[string]string {
		return map[string]string{peer.Env: `{"tool": "@astrojs/sitemap", "options": ` + options + `, "publishDir": "public", "basePath": "/"}`, RunByEnv: "astro", BaseURLEnv: "https://example.com/"}
	}
	netlify := func(options string) map[string]string {
		return merge(netlifyProd, map[string]string{peer.Env: `{"tool": "@netlify/plugin-sitemap", "options": ` + options + `, "publishDir": "public"}`, RunByEnv: "netlify"})
	}
	for _, tc := range []struct {
		name       string
		files      map[string]string
		args       []string
		env        map[string]string
		changefreq sitemap.ChangeFreq
		priority   string
		maxURLs    int
		exclude    []string
		root       string
		extra      []string
		clean      bool
		warnings   []string
	}{
		{name: "astro's values", files: site, args: []string{"public"}, env: astro(`{"changefreq": "weekly", "priority": 0.7, "entryLimit": 100}`),
			changefreq: sitemap.Weekly, priority: "0.7", maxURLs: 100, root: "public"},
		{name: "astro's function and stamp", files: site, args: []string{"public"}, env: astro(`{"filter": {"$function": true}, "lastmod": {"$date": "2024-05-01T10:00:00.000Z"}}`),
			maxURLs: sitemap.MaxURLs, root: "public",
			warnings: []string{"sitemapgen({ filter }) is a function, which sitemap.yaml cannot carry; keep it in the integration, which runs it with @astrojs/sitemap's meaning, or write a command that edits the records and give it with --transform CMD; meanwhile leave pages out with --exclude GLOB ('drafts/**')",
				"sitemapgen({ lastmod }) gives every page one date, the build's time, and a build stamp is never a lastmod; not taken"}},
		// The integration runs the filter itself, as the per-URL hook: no word.
		{name: "astro's function run by the integration", files: site, args: []string{"public"}, env: astro(`{"filter": {"$hook": true}, "serialize": {"$hook": true}}`),
			maxURLs: sitemap.MaxURLs, root: "public"},
		{name: "sitemap.yaml wins", files: merge(site, map[string]string{DefaultFile: "changefreq: daily\n"}), args: []string{"public"}, env: astro(`{"changefreq": "weekly", "priority": 0.7}`),
			changefreq: sitemap.Daily, priority: "0.7", maxURLs: sitemap.MaxURLs, root: "public",
			warnings: []string{"sitemapgen({ changefreq }) is not taken: sitemap.yaml gives changefreq, which wins"}},
		{name: "the same value above: no word", files: merge(site, map[string]string{DefaultFile: "changefreq: weekly\n"}), args: []string{"public"}, env: astro(`{"changefreq": "weekly"}`),
			changefreq: sitemap.Weekly, maxURLs: sitemap.MaxURLs, root: "public"},
		{name: "the flag wins", files: site, args: []string{"--max-urls", "10", "public"}, env: astro(`{"entryLimit": 100}`),
			maxURLs: 10, root: "public", warnings: []string{"sitemapgen({ entryLimit }) is not taken: --max-urls gives max_urls, which wins"}},
		{name: "customSitemaps, one outside", files: site, args: []string{"public"}, env: astro(`{"customSitemaps": ["https://example.com/shop/sitemap.xml", "https://other.example/sitemap.xml"]}`),
			maxURLs: sitemap.MaxURLs, root: "public", extra: []string{"https://example.com/shop/sitemap.xml"},
			warnings: []string{"sitemapgen({ customSitemaps }) is not taken: https://other.example/sitemap.xml is not under the base URL https://example.com/"}},
		{name: "netlify's inputs", files: merge(site, map[string]string{"netlify.toml": "[build]\npublish = \"public\"\n"}),
			env:        netlify(`{"changeFreq": "daily", "priority": 0.5, "exclude": ["./public/secret.html", "**/drafts/**"], "prettyURLs": true, "urlPrefix": "/en/"}`),
			changefreq: sitemap.Daily, priority: "0.5", maxURLs: sitemap.MaxURLs, root: "public", exclude: []string{"secret.html", "**/drafts/**"}, clean: true,
			warnings: []string{"[plugins.inputs] urlPrefix is not taken: give the whole URL the site is served at, with the prefix, as baseUrl (https://example.com/en/)"}},
		{name: "netlify's buildDir", files: merge(site, map[string]string{"netlify.toml": "[build]\npublish = \"public\"\n"}), env: netlify(`{"buildDir": "/dist"}`),
			maxURLs: sitemap.MaxURLs, root: "dist", clean: true},
		{name: "netlify's buildDir out of the project", files: merge(site, map[string]string{"netlify.toml": "[build]\npublish = \"public\"\n"}), env: netlify(`{"buildDir": "../elsewhere"}`),
			maxURLs: sitemap.MaxURLs, root: "public", clean: true, warnings: []string{"[plugins.inputs] buildDir is not taken: ../elsewhere leads out of the project"}},
		{name: "DIR wins over buildDir", files: site, args: []string{"public"}, env: netlify(`{"buildDir": "dist"}`),
			maxURLs: sitemap.MaxURLs, root: "public", clean: true, warnings: []string{"[plugins.inputs] buildDir is not taken: DIR gives root, which wins"}},
		{name: "without the integration's name", files: site, args: []string{"public"},
			env:     map[string]string{peer.Env: `{"tool": "@docusaurus/plugin-sitemap", "options": {"createSitemapItems": {"$function": true}, "ignorePatterns": ["/tags/**"]}}`, BaseURLEnv: "https://example.com/"},
			maxURLs: sitemap.MaxURLs, root: "public", exclude: []string{"tags/**", "tags.html"},
			warnings: []string{"@docusaurus/plugin-sitemap's createSitemapItems is a function"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inProject(t, tc.files)
			line, err := Settings.Parse(BuildCommand, tc.args)
			if err != nil {
				t.Fatal(err)
			}
			c, err := Resolve(line, envMap(tc.env))
			if err != nil {
				t.Fatal(err)
			}
			d := c.Build.Map.Defaults
			if d.ChangeFreq != tc.changefreq || d.Priority.String() != tc.priority {
				t.Errorf("changefreq %q, priority %q; want %q, %q", d.ChangeFreq, d.Priority.String(), tc.changefreq, tc.priority)
			}
			if c.Build.Write.MaxURLs != tc.maxURLs || c.Build.Root != tc.root || !slices.Equal(c.Build.Walk.Exclude, tc.exclude) ||
				!slices.Equal(c.Values.Index.Extra, tc.extra) || c.Build.Map.CleanURLs != tc.clean {
				t.Errorf("max_urls %d, root %q, exclude %q, index.extra %q, clean_urls %v", c.Build.Write.MaxURLs, c.Build.Root, c.Build.Walk.Exclude, c.Values.Index.Extra, c.Build.Map.CleanURLs)
			}
			var got []string
			for _, w := range c.Warnings {
				got = append(got, diag.Format(w, ""))
			}
			if len(got) != len(tc.warnings) {
				t.Fatalf("warnings:\n%s\nwant %d", strings.Join(got, "\n"), len(tc.warnings))
			}
			for i, w := range tc.warnings {
				if !strings.Contains(got[i], w) {
					t.Errorf("warning %q\nwant it to say %q", got[i], w)
				}
			}
		})
	}
}

// TestPeerFileName: the peers' names of the entry point's file
// (Astro's filenameBase, Docusaurus' filename, Netlify's filePath) and
// Astro's xslURL give --filename and --xsl, which another change of
// issue 53 adds: this test passes once both are in.
func TestPeerFileName(t *testing.T) {
	inProject(t, map[string]string{"public/": ""})
	env := map[string]string{peer.Env: `{"tool": "@astrojs/sitemap", "options": {"filenameBase": "map", "xslURL": "/sitemap.xsl"}}`, RunByEnv: "astro", BaseURLEnv: "https://example.com/"}
	line, err := Settings.Parse(BuildCommand, []string{"public"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := Resolve(line, envMap(env))
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{"filename": "map-index.xml", "xsl": "/sitemap.xsl"} {
		row := Settings.byKey(key)
		if row == nil {
			t.Errorf("no setting %s: %v", key, c.Warnings)
			continue
		}
		if got := fmt.Sprint(row.Field.value(&c.Values)); got != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
	}
}

// TestPeerVariables: inside sitemapgen/netlify, @netlify/plugin-sitemap's
// NETLIFY_PLUGIN_SITEMAP_BASEURL is the base URL, as the plugin took it:
// below its baseUrl input (a flag here) and sitemap.yaml, above Netlify's
// URL; a plain run leaves it. Without any, the error names it.
// NETLIFY_PLUGIN_SITEMAP_URL_PREFIX is joined to it, as urlPrefix (issue 68);
// without a base URL of the plugin's, a warning.
func TestPeerVariables(t *testing.T) {
	site := map[string]string{"public/": "", "netlify.toml": "[build]\npublish = \"public\"\n"}
	const variable = "NETLIFY_PLUGIN_SITEMAP_BASEURL"
	inPlugin := merge(netlifyProd, map[string]string{RunByEnv: "netlify", variable: "https://www.example.org"})
	for _, tc := range []struct {
		name, from, want string
		files, env       map[string]string
		args             []string
		warning          string
	}{
		{name: "the plugin's variable", env: inPlugin, want: "https://www.example.org", from: variable + " in the environment"},
		{name: "baseUrl wins", env: inPlugin, args: []string{"--base-url", "https://input.example/"}, want: "https://input.example/", from: "--base-url",
			warning: variable + " in the environment is not taken: --base-url gives base_url, which wins"},
		{name: "sitemap.yaml wins", env: inPlugin, files: map[string]string{DefaultFile: "base_url: https://file.example/\n"}, want: "https://file.example/", from: DefaultFile,
			warning: variable + " in the environment is not taken: sitemap.yaml gives base_url, which wins"},
		{name: "the plugin's prefix", env: merge(inPlugin, map[string]string{"NETLIFY_PLUGIN_SITEMAP_URL_PREFIX": "/en/"}), want: "https://www.example.org/en/",
			from: variable + " in the environment, NETLIFY_PLUGIN_SITEMAP_URL_PREFIX in the environment"},
		{name: "the plugin's prefix, no base URL of its", env: merge(netlifyProd, map[string]string{RunByEnv: "netlify", "NETLIFY_PLUGIN_SITEMAP_URL_PREFIX": "/en/"}), want: "https://netlify.example/", from: "Netlify URL",
			warning: "NETLIFY_PLUGIN_SITEMAP_URL_PREFIX in the environment is not taken: give the whole URL the site is served at, with the prefix"},
		{name: "plain sitemapgen", env: merge(netlifyProd, map[string]string{variable: "https://www.example.org"}), want: "https://netlify.example/", from: "Netlify URL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inProject(t, merge(site, tc.files))
			line, err := Settings.Parse(BuildCommand, append(tc.args, "public"))
			if err != nil {
				t.Fatal(err)
			}
			c, err := Resolve(line, envMap(tc.env))
			if err != nil {
				t.Fatal(err)
			}
			if c.Build.Map.BaseURL != tc.want || c.BaseURLFrom != tc.from {
				t.Errorf("base URL %q from %q, want %q from %q", c.Build.Map.BaseURL, c.BaseURLFrom, tc.want, tc.from)
			}
			var got []string
			for _, w := range c.Warnings {
				got = append(got, diag.Format(w, ""))
			}
			if tc.warning == "" && len(got) > 0 || tc.warning != "" && (len(got) != 1 || !strings.Contains(got[0], tc.warning)) {
				t.Errorf("warnings %q, want %q", got, tc.warning)
			}
		})
	}
	t.Run("no base URL", func(t *testing.T) {
		inProject(t, site)
		line, err := Settings.Parse(BuildCommand, []string{"public"})
		if err != nil {
			t.Fatal(err)
		}
		_, err = Resolve(line, envMap(map[string]string{RunByEnv: "netlify"}))
		if want := "\n  " + variable + "=https://example.com/ in the environment (@netlify/plugin-sitemap's)"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v\nwant it to name %q", err, want)
		}
	})
}
