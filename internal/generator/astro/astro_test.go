package astro_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/astro"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

type Detected = generator.Detected

func TestDetectAstro(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name:  "astro from package.json",
			Files: map[string]string{"package.json": `{"devDependencies": {"astro": "^5.0.0"}}`},
			Want:  []Detected{{File: "package.json", PublishDir: "dist"}},
		},
		{
			Name: "astro defaults",
			Files: map[string]string{"astro.config.mjs": `import { defineConfig } from 'astro/config';
export default defineConfig({});
`},
			Want: []Detected{{File: "astro.config.mjs", PublishDir: "dist"}},
		},
		{
			Name: "astro literal values",
			Files: map[string]string{"astro.config.mjs": `import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';

export default defineConfig({
  site: 'https://example.com',
  base: "/docs",
  outDir: './build/',
  trailingSlash: 'always',
  integrations: [sitemap({ filter: (page) => page !== 'https://example.com/secret/' })],
});
`},
			Want: []Detected{{File: "astro.config.mjs", PublishDir: "build",
				BaseURL: "https://example.com/docs/", BaseURLFrom: "astro.config.mjs site + base", BasePath: "/docs/", Form: generator.URLForm{TrailingSlash: "always"}}},
		},
		{
			Name: "astro comments and strings hide fake values",
			Files: map[string]string{"astro.config.mjs": `// site: 'https://fake.example/',
/* export default { outDir: 'fake' } */
import { defineConfig } from "astro/config";
const helper = { site: 'https://helper.example/' };
const re = /site: '[^']*'/g;
export default defineConfig({
  // site: 'https://commented.example/',
  site: "https://real.example", /* base: '/fake' */
  vite: { define: { note: "trailingSlash: 'never', outDir: 'x'" } },
  build: {
    format: 'file', // pages as about.html
  },
});
`},
			Want: []Detected{{File: "astro.config.mjs", PublishDir: "dist",
				BaseURL: "https://real.example/", BaseURLFrom: "astro.config.mjs site", Form: generator.URLForm{TrailingSlash: "never"}}},
		},
		{
			Name: "astro non-literal site",
			Files: map[string]string{"astro.config.mjs": `import { defineConfig } from 'astro/config';

export default defineConfig({
  site: process.env.SITE,
  base: ` + "`/${process.env.BASE}`" + `,
  outDir: new URL('./out', import.meta.url).pathname,
});
`},
			Want: []Detected{{File: "astro.config.mjs",
				Notes: []string{
					"astro.config.mjs:6: outDir is not a literal string (new URL('./out', import.meta.url).pathname); give the built folder as DIR",
					"astro.config.mjs:4: site is not a literal string (process.env.SITE); give --base-url",
					"astro.config.mjs:5: base is not a literal string (`/${process.env.BASE}`); give --base-url",
				}}},
		},
		{
			Name: "astro TypeScript, declared then exported",
			Files: map[string]string{"astro.config.ts": `import { defineConfig, type AstroUserConfig } from 'astro/config';

const site: string = "https://ts.example";

const config: AstroUserConfig = {
  site: ` + "`https://ts.example/`" + `,
  base: 'guide' as const,
  build: { format: 'file' as const },
  trailingSlash: 'ignore',
};

export default defineConfig(config);
`},
			Want: []Detected{{File: "astro.config.ts", PublishDir: "dist",
				BaseURL: "https://ts.example/guide/", BaseURLFrom: "astro.config.ts site + base", BasePath: "/guide/", Form: generator.URLForm{TrailingSlash: "never"}}},
		},
		{
			Name: "astro base without site, shorthand site",
			Files: map[string]string{"astro.config.mjs": `const site = process.env.URL;
export default {
  site,
  base: '/sub/',
};
`},
			Want: []Detected{{File: "astro.config.mjs", PublishDir: "dist", BasePath: "/sub/",
				Notes: []string{"astro.config.mjs:3: site is not a literal string (site); give --base-url"}}},
		},
		{
			Name: "astro site with a path but no base",
			Files: map[string]string{"astro.config.mjs": `export default { site: 'https://user.github.io/repo/' }
`},
			Want: []Detected{{File: "astro.config.mjs", PublishDir: "dist",
				BaseURL: "https://user.github.io/", BaseURLFrom: "astro.config.mjs site",
				Notes: []string{"astro.config.mjs:1: site has the path /repo/, which Astro does not use without base: the pages are at the root of user.github.io (set base: '/repo' if they are not)"}}},
		},
		{
			Name: "astro server output",
			Files: map[string]string{"astro.config.mjs": `export default defineConfig({ output: 'server', adapter: node({ mode: 'standalone' }) })
`},
			Want: []Detected{{File: "astro.config.mjs", PublishDir: "dist/client", Own: astro.Own{Server: "dist/server"},
				Notes: []string{"astro.config.mjs:1: output is 'server': only prerendered pages are files (in dist/client); pages rendered on demand are not listed"}}},
		},
		{
			Name: "astro server output, folders renamed",
			Files: map[string]string{"astro.config.mjs": `export default defineConfig({ output: 'server', outDir: 'out', build: { client: './static/', server: './ssr/' } })
`},
			Want: []Detected{{File: "astro.config.mjs", PublishDir: "out/static", Own: astro.Own{Server: "out/ssr"},
				Notes: []string{"astro.config.mjs:1: output is 'server': only prerendered pages are files (in out/static); pages rendered on demand are not listed"}}},
		},
		{
			// Astro 5 builds a static output with a page rendered on
			// demand as a server build: its build tells.
			Name: "astro static output built as a server build",
			Files: map[string]string{
				"astro.config.mjs":               "export default defineConfig({ adapter: node({ mode: 'standalone' }) })\n",
				"dist/client/index.html":         "<title>home</title>",
				"dist/server/manifest_Ab1-x.mjs": astro.ManifestModule,
				"dist/server/entry.mjs":          "export {}",
				"src/pages/account.astro":        "---\nexport const prerender = false;\n---",
			},
			Want: []Detected{{File: "astro.config.mjs", PublishDir: "dist/client", Own: astro.Own{Server: "dist/server"},
				Notes: []string{"astro.config.mjs: the build in dist is a server build (pages rendered on demand): only its prerendered pages are files (in dist/client); pages rendered on demand are not listed"}}},
		},
		{
			// A static site with pages at /client/ and /server/: no
			// manifest of Astro's server.
			Name: "astro static site with a client folder",
			Files: map[string]string{
				"astro.config.mjs":          "export default defineConfig({})\n",
				"dist/client/index.html":    "<title>client</title>",
				"dist/server/index.html":    "<title>server</title>",
				"dist/server/manifest.json": "{}",
			},
			Want: []Detected{{File: "astro.config.mjs", PublishDir: "dist"}},
		},
	})
}

// TestDetectBaseURLElsewhere: Astro's site wins over package.json's
// homepage.
func TestDetectBaseURLElsewhere(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name: "Astro's site wins over homepage",
			Files: map[string]string{
				"astro.config.mjs": "export default { site: 'https://astro.example' }\n",
				"package.json":     `{"homepage": "https://other.example/"}`,
			},
			Want: []Detected{{File: "astro.config.mjs", PublishDir: "dist",
				BaseURL: "https://astro.example/", BaseURLFrom: "astro.config.mjs site"}},
		},
	})
}

// TestSitemaps: @astrojs/sitemap's index and numbered files.
func TestSitemaps(t *testing.T) {
	takes := (&Detected{Gen: astro.Generator{}}).Sitemaps()
	for _, n := range []string{"sitemap-index.xml", "sitemap-0.xml", "sitemap-12.xml"} {
		if !takes(n) {
			t.Errorf("%s not taken over", n)
		}
	}
	for _, n := range []string{"sitemap-news.xml", "en/sitemap.xml", "sitemap.xml.gz"} {
		if takes(n) {
			t.Errorf("%s taken over", n)
		}
	}
}

// TestSitemapPlugin: Detect says whether the project has
// @astrojs/sitemap, and where it says so.
func TestSitemapPlugin(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		in    string // "" for none
	}{
		{"the plugin in package.json", map[string]string{"package.json": `{"dependencies": {"astro": "5", "@astrojs/sitemap": "3"}}`}, "package.json"},
		{"the plugin imported by the configuration", map[string]string{"astro.config.mjs": "import sitemap from '@astrojs/sitemap';\nexport default { integrations: [sitemap()] };\n"}, "astro.config.mjs"},
		{"astro without the plugin", map[string]string{"astro.config.mjs": "export default {};\n"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found, err := registry.Detect(buildtest.TempSite(t, tc.files), limits.Default)
			if err != nil || len(found) != 1 || found[0].Name() != "astro" {
				t.Fatalf("Detect = %s, %v", gentest.Format(found), err)
			}
			if pl := found[0].Plugin; pl == nil || pl.Name != "@astrojs/sitemap" || pl.In != tc.in {
				t.Errorf("plugin %+v, want @astrojs/sitemap in %q", pl, tc.in)
			}
		})
	}
}

// TestSitemapOptions: @astrojs/sitemap's options, where its users write
// them, read without running anything.
func TestSitemapOptions(t *testing.T) {
	gentest.SitemapOptions(t, buildtest.TempSite, []gentest.PeerTest{
		{Name: "astro", Files: map[string]string{"astro.config.mjs": `import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import site from '@astrojs/sitemap';

export default defineConfig({
  site: 'https://example.com',
  integrations: [mdx(), site({
    changefreq: 'weekly',
    filter: (page) => !page.includes('/secret'),
    lastmod: new Date(),
  })],
});
`}, Want: []peer.Config{{Tool: astro.Tool, File: "astro.config.mjs", Line: 7, Options: []peer.Given{
			{Name: "changefreq", Value: "weekly", Line: 8}, {Name: "filter", Value: peer.Func{}, Line: 9}, {Name: "lastmod", Value: peer.Expr{Text: "new Date()"}, Line: 10}}}}},
		{Name: "astro without options", Files: map[string]string{"astro.config.mjs": "import sitemap from '@astrojs/sitemap';\nexport default { site: 'https://example.com', integrations: [sitemap()] };\n"},
			Want: []peer.Config{{Tool: astro.Tool, File: "astro.config.mjs", Line: 2}}},
	})
}

// TestAstroLocales: Astro's i18n routing gives the built pages their
// locales: the default's at the top unless prefixDefaultLocale, a locale
// { path, codes } in its path in codes[0].
func TestAstroLocales(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		want         *generator.FolderLocales
	}{
		{"strings", `i18n: { defaultLocale: "en", locales: ["en", "fr", "pt-br"] }`,
			&generator.FolderLocales{Default: "en", Langs: map[string]string{"fr": "fr", "pt-br": "pt-br"}, From: "Astro's i18n"}},
		{"the default in its folder", `i18n: { defaultLocale: "en", locales: ["en", "fr"], routing: { prefixDefaultLocale: true } }`,
			&generator.FolderLocales{Langs: map[string]string{"en": "en", "fr": "fr"}, From: "Astro's i18n"}},
		{"paths and codes", `i18n: { defaultLocale: "en", locales: ["en", { path: "spanish", codes: ["es", "es-CL"] }] }`,
			&generator.FolderLocales{Default: "en", Langs: map[string]string{"spanish": "es"}, From: "Astro's i18n"}},
		{"one locale", `i18n: { defaultLocale: "en", locales: ["en"] }`, nil},
		{"none", `site: "https://example.com"`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found, err := registry.Detect(buildtest.TempSite(t, map[string]string{"astro.config.mjs": "export default {\n  " + tc.config + ",\n};\n"}), limits.Default)
			if err != nil || len(found) != 1 {
				t.Fatalf("Detect = %s, %v", gentest.Format(found), err)
			}
			got, _ := found[0].Pages.(*generator.FolderLocales)
			switch {
			case tc.want == nil && got != nil:
				t.Errorf("locales %+v, want none", got)
			case tc.want != nil && (got == nil || got.Default != tc.want.Default || got.From != tc.want.From || len(got.Langs) != len(tc.want.Langs)):
				t.Errorf("locales %+v, want %+v", got, tc.want)
			case tc.want != nil:
				for k, v := range tc.want.Langs {
					if got.Langs[k] != v {
						t.Errorf("locales %+v, want %+v", got, tc.want)
					}
				}
			}
		})
	}
}
