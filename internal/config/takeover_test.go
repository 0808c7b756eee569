package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/robots"
)

// TestTakeOverProjectSitemaps: in Astro- and Next.js-shaped output
// folders, a file named as the sitemap plugin names its own
// (sitemap-N.xml, sitemap-index.xml) is taken over (removed, its dates
// read as the generator's) only when it is the plugin's: the project has
// the plugin, or the plugin's index names it. One the project wrote
// itself (no plugin in the project, its URLs on another host than the
// site's, robots.txt naming it and the plugin's index not) is kept, with
// a warning that names it and says why.
func TestTakeOverProjectSitemaps(t *testing.T) {
	urlset := func(locs ...string) string {
		s := `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`
		for _, l := range locs {
			s += "<url><loc>" + l + "</loc></url>"
		}
		return s + "</urlset>"
	}
	index := func(locs ...string) string {
		s := `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`
		for _, l := range locs {
			s += "<sitemap><loc>" + l + "</loc></sitemap>"
		}
		return s + "</sitemapindex>"
	}
	astro := func(deps string, files map[string]string) map[string]string {
		return merge(map[string]string{
			"package.json":     `{"dependencies": {"astro": "5"` + deps + `}}`,
			"astro.config.mjs": "import { defineConfig } from 'astro/config';\nexport default defineConfig({ site: 'https://astro.site' });\n",
			"dist/index.html":  "<title>home</title>",
		}, files)
	}
	next := func(deps string, files map[string]string) map[string]string {
		return merge(map[string]string{
			"package.json":    `{"homepage": "https://next.site", "dependencies": {"next": "16"` + deps + `}}`,
			"next.config.mjs": "export default { output: 'export' };\n",
			"out/index.html":  "<title>home</title>",
		}, files)
	}
	const plugin, nextSitemap = `, "@astrojs/sitemap": "3"`, `, "next-sitemap": "4"`
	for _, tc := range []struct {
		name  string
		files map[string]string
		taken []string
		kept  map[string]string // file → what the warning says
	}{
		{
			name: "astro: the plugin's index and shard",
			files: astro(plugin, map[string]string{
				"dist/sitemap-index.xml": index("https://astro.site/sitemap-0.xml"),
				"dist/sitemap-0.xml":     urlset("https://astro.site/"),
				"dist/robots.txt":        "Sitemap: https://astro.site/sitemap-index.xml\n",
			}),
			taken: []string{"sitemap-index.xml", "sitemap-0.xml"},
		},
		{
			name: "astro: the plugin named by the configuration",
			files: merge(astro("", map[string]string{
				"dist/sitemap-index.xml": index("https://astro.site/sitemap-0.xml"),
				"dist/sitemap-0.xml":     urlset("https://astro.site/"),
			}), map[string]string{"astro.config.mjs": "import sitemap from '@astrojs/sitemap';\nexport default { site: 'https://astro.site', integrations: [sitemap()] };\n"}),
			taken: []string{"sitemap-index.xml", "sitemap-0.xml"},
		},
		{
			name: "astro: no sitemap plugin, URLs on another host, robots.txt naming it",
			files: astro("", map[string]string{
				"dist/sitemap-3.xml": urlset("https://shop.site/a", "https://shop.site/b"),
				"dist/robots.txt":    "Sitemap: https://shop.site/sitemap-3.xml\n",
			}),
			kept: map[string]string{"sitemap-3.xml": "its URLs are on shop.site, not on the site's host (astro.site)"},
		},
		{
			name: "astro: no sitemap plugin",
			files: astro("", map[string]string{
				"dist/sitemap-index.xml": index("https://astro.site/sitemap-0.xml"),
				"dist/sitemap-0.xml":     urlset("https://astro.site/"),
			}),
			kept: map[string]string{
				"sitemap-index.xml": "the project has no @astrojs/sitemap (looked for in package.json and astro.config.mjs), which writes Astro's",
				"sitemap-0.xml":     "the project has no @astrojs/sitemap",
			},
		},
		{
			name: "astro: the plugin, and a file of the project's own that robots.txt names",
			files: astro(plugin, map[string]string{
				"dist/sitemap-index.xml": index("https://astro.site/sitemap-0.xml"),
				"dist/sitemap-0.xml":     urlset("https://astro.site/"),
				"dist/sitemap-7.xml":     urlset("https://astro.site/shop/"),
				"dist/robots.txt":        "Sitemap: https://astro.site/sitemap-index.xml\nSitemap: https://astro.site/sitemap-7.xml\n",
			}),
			taken: []string{"sitemap-index.xml", "sitemap-0.xml"},
			kept:  map[string]string{"sitemap-7.xml": "robots.txt names it, and @astrojs/sitemap's index does not"},
		},
		{
			name: "next.js: no sitemap plugin, URLs on another host, robots.txt naming it",
			files: next("", map[string]string{
				"out/sitemap-0.xml": urlset("https://docs.site/a"),
				"out/robots.txt":    "Sitemap: https://docs.site/sitemap-0.xml\n",
			}),
			kept: map[string]string{"sitemap-0.xml": "its URLs are on docs.site, not on the site's host (next.site)"},
		},
		{
			name: "next.js: no sitemap plugin",
			files: next("", map[string]string{
				"out/sitemap-0.xml": urlset("https://next.site/a"),
			}),
			kept: map[string]string{"sitemap-0.xml": "the project has no next-sitemap (looked for in package.json and next-sitemap.config.js), which writes Next.js's"},
		},
		{
			name: "next.js: next-sitemap's index names its shard, robots.txt names both",
			files: next(nextSitemap, map[string]string{
				"out/sitemap.xml":   index("https://next.site/sitemap-0.xml"),
				"out/sitemap-0.xml": urlset("https://next.site/a"),
				"out/robots.txt":    "Sitemap: https://next.site/sitemap.xml\nSitemap: https://next.site/sitemap-0.xml\n",
			}),
			taken: []string{"sitemap-0.xml"},
		},
		{
			name: "next.js: next-sitemap, a shard on another host",
			files: next(nextSitemap, map[string]string{
				"out/sitemap-1.xml": urlset("https://other.site/a"),
			}),
			kept: map[string]string{"sitemap-1.xml": "its URLs are on other.site"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inProject(t, tc.files)
			c, err := Resolve(cmdline(t), envMap(nil))
			if err != nil {
				t.Fatal(err)
			}
			takes, said := takeOver(t, c)
			for _, name := range tc.taken {
				if !takes(name) {
					t.Errorf("%s is not taken over", name)
				}
			}
			for name, why := range tc.kept {
				if takes(name) {
					t.Errorf("%s, the project's own, is taken over", name)
				}
				found := false
				for _, w := range said {
					found = found || strings.Contains(w, "/"+name+": kept, as the project's own sitemap") && strings.Contains(w, why)
				}
				if !found {
					t.Errorf("no warning says %s is kept because %q:\n%s", name, why, strings.Join(said, "\n"))
				}
			}
			if len(tc.kept) == 0 && len(said) > 0 {
				t.Errorf("warnings:\n%s", strings.Join(said, "\n"))
			}
		})
	}
}

// takeOver returns the generator's sitemaps a build of c takes over, as
// it decides when it starts (pipeline's newBuilder), and the warnings of
// c and of that decision.
func takeOver(t *testing.T, c *Config) (func(string) bool, []string) {
	t.Helper()
	o := c.Build.OwnSitemaps
	if o == nil || !c.Build.TakeOverOwn {
		t.Fatal("no takeover")
	}
	takes, warnings := o.Decide(c.Build.Write.Dir, c.Build.Write.RecordFolder(), c.Build.Map.BaseURL, c.Build.Limits, robots.Load(c.Build.Write.Dir, robots.MaxBytes))
	var said []string
	for _, w := range append(c.Warnings, warnings...) {
		said = append(said, w.Error())
	}
	return takes, said
}

// TestHugoSitemapFilename: Hugo's [sitemap] filename names our entry
// file, so that the URL a search engine was given stays ours; --filename
// or filename: over it; a name ours cannot take is a warning, and ours
// keeps sitemap.xml. Hugo's files of that name, at the root and in each
// language's folder, are taken over.
func TestHugoSitemapFilename(t *testing.T) {
	hugo := func(filename string) map[string]string {
		return map[string]string{
			"hugo.toml":         "baseURL = 'https://hugo.site/'\n[languages.en]\n[languages.fr]\n[sitemap]\nfilename = '" + filename + "'\n",
			"public/index.html": "<title>home</title>",
		}
	}
	for _, tc := range []struct {
		name, filename string
		args           []string
		file           map[string]string
		want, warning  string
	}{
		{name: "hugo's", filename: "map.xml", want: "map.xml"},
		{name: "given", filename: "map.xml", args: []string{"--filename", "ours.xml"}, want: "ours.xml"},
		{name: "in the settings file", filename: "map.xml", file: map[string]string{"sitemap.yaml": "filename: sitemap.xml\n"}, want: "sitemap.xml"},
		{name: "not one ours takes", filename: "sitemap-1.xml", want: "", warning: "hugo.toml: [sitemap] filename \"sitemap-1.xml\": a name sitemapgen gives its other files"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inProject(t, merge(hugo(tc.filename), tc.file))
			c, err := Resolve(cmdline(t, tc.args...), envMap(nil))
			if err != nil {
				t.Fatal(err)
			}
			if c.Build.Write.Filename != tc.want {
				t.Errorf("Filename %q, want %q", c.Build.Write.Filename, tc.want)
			}
			takes, said := takeOver(t, c)
			if tc.warning != "" && !strings.Contains(strings.Join(said, "\n"), tc.warning) || tc.warning == "" && len(said) > 0 {
				t.Errorf("warnings %q, want %q", said, tc.warning)
			}
			for _, name := range []string{tc.filename, "en/" + tc.filename, "fr/" + tc.filename} {
				if !takes(name) {
					t.Errorf("%s, Hugo's, not taken over", name)
				}
			}
		})
	}
}

// TestFilenameXSLChecked: --filename takes a file name ending in .xml
// and none of the set's other files'; --xsl an absolute URL or a path
// from the host's root.
func TestFilenameXSLChecked(t *testing.T) {
	for _, tc := range []struct {
		args []string
		bad  bool
	}{
		{args: []string{"--filename", "sitemap-index.xml"}},
		{args: []string{"--filename", "sitemap.xml.gz"}, bad: true},
		{args: []string{"--filename", "en/sitemap.xml"}, bad: true},
		{args: []string{"--filename", "sitemap-news.xml"}, bad: true},
		{args: []string{"--xsl", "/sitemap.xsl"}},
		{args: []string{"--xsl", "https://cdn.example/s.xsl?v=2"}},
		{args: []string{"--xsl", "sitemap.xsl"}, bad: true},
		{args: []string{"--xsl", "//cdn.example/s.xsl"}, bad: true},
		{args: []string{"--xsl", "javascript:alert(1)"}, bad: true},
		{args: []string{"--xsl", "/a b.xsl"}, bad: true},
	} {
		_, err := Settings.Parse(BuildCommand, tc.args)
		if (err != nil) != tc.bad {
			t.Errorf("%q: %v, want an error %v", tc.args, err, tc.bad)
		}
	}
}

// TestXSLOrigin: a stylesheet on another origin than the base URL's is
// named, since browsers apply none from another origin: a warning, at
// the line of the file that gives it, or naming the flag; one on the
// site's origin, however written, or a path from its root, is not.
func TestXSLOrigin(t *testing.T) {
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, "public"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(project)
	for _, tc := range []struct {
		file string
		args []string
		want string // "": no warning
	}{
		{args: []string{"--xsl", "/sitemap.xsl"}},
		{args: []string{"--xsl", "https://EXAMPLE.com:443/s.xsl?v=2"}},
		{args: []string{"--xsl", "https://cdn.example.net/s.xsl"}, want: "--xsl https://cdn.example.net/s.xsl is not on the origin of the base URL, https://example.com: browsers apply a stylesheet only from the sitemap's own origin; the sitemaps show without it"},
		{args: []string{"--xsl", "http://example.com/s.xsl"}, want: "--xsl http://example.com/s.xsl is not on the origin of the base URL, https://example.com:"},
		{args: []string{"--xsl", "https://example.com:8443/s.xsl"}, want: "--xsl https://example.com:8443/s.xsl is not on the origin of the base URL"},
		{file: "xsl: https://cdn.example.net/s.xsl\n", want: "sitemap.yaml:3: xsl https://cdn.example.net/s.xsl is not on the origin of the base URL"},
	} {
		if err := os.WriteFile(DefaultFile, []byte("base_url: https://example.com/\nroot: public\n"+tc.file), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Resolve(cmdline(t, tc.args...), func(string) string { return "" })
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, w := range c.Warnings {
			if strings.Contains(w.Error(), "xsl") {
				got = append(got, w.Error())
			}
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%q %q: warned %q", tc.file, tc.args, got)
		case tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want)):
			t.Errorf("%q %q: warnings %q, want one starting %q", tc.file, tc.args, got, tc.want)
		}
	}
}
