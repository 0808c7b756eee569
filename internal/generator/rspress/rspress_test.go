package rspress_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/rspress"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

type Detected = generator.Detected

// indexFiles is the form of an Rspress site without route.cleanUrls:
// about.html and guide/index.html, as written.
var indexFiles = generator.URLForm{IndexFiles: true}

// clean is its form with route.cleanUrls: true: /about and /guide/.
var clean = generator.URLForm{TrailingSlash: "always", CleanURLs: true}

// site is what the routes of a project with no route settings keep.
func site(s rspress.Site) rspress.Site {
	if s.Extensions == nil {
		s.Extensions = []string{".js", ".jsx", ".ts", ".tsx", ".md", ".mdx"}
	}
	if s.Convention == nil {
		s.Convention = []string{"**/_[^_]*"}
	}
	return s
}

func TestDetectRspress(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name: "the shape of Rspress' own template, with the sitemap plugin and cleanUrls",
			Files: map[string]string{"rspress.config.ts": `import * as path from 'node:path';
import { defineConfig } from '@rspress/core';
import { pluginSitemap } from '@rspress/plugin-sitemap';

export default defineConfig({
  root: path.join(__dirname, 'docs'),
  base: '/kiln/',
  title: 'Kiln',
  route: { cleanUrls: true },
  plugins: [pluginSitemap({ siteUrl: 'https://kiln-docs.net/kiln/' })],
});
`},
			Want: []Detected{{File: "rspress.config.ts", PublishDir: "doc_build", SourceDir: "docs", Form: clean, BasePath: "/kiln/",
				BaseURL: "https://kiln-docs.net/kiln/", BaseURLFrom: "rspress.config.ts pluginSitemap siteUrl + base", Own: site(rspress.Site{})}},
		},
		{
			Name: "root from import.meta.dirname, as Rspress' own example projects give it",
			Files: map[string]string{"rspress.config.ts": `import * as path from 'node:path';
import { defineConfig } from '@rspress/core';

export default defineConfig({
  root: path.join(import.meta.dirname, 'doc'),
  outDir: ` + "`${import.meta.dirname}/out`" + `,
});
`},
			Want: []Detected{{File: "rspress.config.ts", PublishDir: "out", SourceDir: "doc", Form: indexFiles, Own: site(rspress.Site{})}},
		},
		{
			Name:  "root the project folder itself: __dirname",
			Files: map[string]string{"rspress.config.js": "module.exports = { root: __dirname };\n"},
			Want:  []Detected{{File: "rspress.config.js", PublishDir: "doc_build", SourceDir: ".", Form: indexFiles, Own: site(rspress.Site{})}},
		},
		{
			Name: "no cleanUrls: index files; siteOrigin, outDir and root of their own, locales",
			Files: map[string]string{"rspress.config.mjs": `import { defineConfig } from 'rspress/config';

export default defineConfig({
  root: 'site',
  outDir: 'build/html',
  siteOrigin: 'https://docs.example.org',
  lang: 'en',
  locales: [{ lang: 'en', label: 'English' }, { lang: 'zh', label: '简体中文' }],
});
`},
			Want: []Detected{{File: "rspress.config.mjs", PublishDir: "build/html", SourceDir: "site", Form: indexFiles,
				BaseURL: "https://docs.example.org/", BaseURLFrom: "rspress.config.mjs siteOrigin", Own: site(rspress.Site{Lang: "en", Langs: []string{"en", "zh"}})}},
		},
		{
			Name: "a siteUrl whose path is not base; an outDir and a root that are no literal",
			Files: map[string]string{"rspress.config.ts": `import { pluginSitemap as sitemap } from '@rspress/plugin-sitemap';
export default {
  base: '/docs/',
  outDir: process.env.OUT,
  root: resolveRoot(),
  plugins: [other(), sitemap({ siteUrl: 'https://a.example/' })],
};
`},
			Want: []Detected{{File: "rspress.config.ts", BasePath: "/docs/", Form: indexFiles,
				BaseURL: "https://a.example/docs/", BaseURLFrom: "rspress.config.ts pluginSitemap siteUrl + base", Own: site(rspress.Site{}),
				Notes: []string{
					"rspress.config.ts:4: outDir is not the built folder in the project that sitemapgen can read (process.env.OUT); give the built folder as DIR",
					"rspress.config.ts:5: root is not its pages' folder in the project that sitemapgen can read (resolveRoot()); its pages are not joined to their sources",
				}}},
		},
		{
			Name: "rspress-plugin-sitemap's domain, a const",
			Files: map[string]string{"rspress.config.ts": `import pluginSitemap from 'rspress-plugin-sitemap';
const siteUrl = 'https://rstest.example';
export default { plugins: [pluginSitemap({ domain: siteUrl })] };
`},
			Want: []Detected{{File: "rspress.config.ts", PublishDir: "doc_build", SourceDir: "docs", Form: indexFiles,
				BaseURL: "https://rstest.example/", BaseURLFrom: "rspress.config.ts rspress-plugin-sitemap domain", Own: site(rspress.Site{})}},
		},
		{
			Name:  "a dependency alone, its root from the build script",
			Files: map[string]string{"package.json": `{"devDependencies": {"@rspress/core": "2.0.22"}, "scripts": {"build": "rspress build website"}, "homepage": "https://w.example/"}`},
			Want: []Detected{{File: "package.json", PublishDir: "doc_build", SourceDir: "website", Form: indexFiles,
				BaseURL: "https://w.example/", BaseURLFrom: "package.json homepage", Own: site(rspress.Site{})}},
		},
		{
			Name: "multiVersion's default folder at the root; outDir from the environment, else its fallback",
			Files: map[string]string{"rspress.config.ts": `export default defineConfig({
  outDir: process.env.OUTPUT_DIR ?? 'doc_build',
  root: 'src',
  lang: 'en',
  locales: [{ lang: 'en', label: 'English' }],
  multiVersion: { default: 'v1', versions: ['v1', 'v2'] },
});
`},
			Env: map[string]string{"OUTPUT_DIR": "site"},
			Want: []Detected{{File: "rspress.config.ts", PublishDir: "site", SourceDir: "src", Form: indexFiles,
				Own: site(rspress.Site{Lang: "en", Langs: []string{"en"}, Version: "v1", Versions: []string{"v1", "v2"}})}},
		},
		{
			Name: "multiVersion not literal: not joined; outDir's fallback, || an empty variable's",
			Files: map[string]string{"rspress.config.js": `const versions = readVersions()
export default { outDir: process.env.OUT || "build", multiVersion: { default: 'v2', versions } }
`},
			Env: map[string]string{"OUT": ""},
			Want: []Detected{{File: "rspress.config.js", PublishDir: "build", SourceDir: "docs", Form: indexFiles,
				Own:   site(rspress.Site{Unjoined: "multiVersion, rspress.config.js:2"}),
				Notes: []string{"rspress.config.js:2: multiVersion.versions is not an array of literal strings (versions)", "rspress.config.js:2: multiVersion's default and versions are not literals: the pages are not joined to their sources"}}},
		},
	})
}

// TestURLPath: the pages as Rspress routes them, the default language's
// at the root.
func TestURLPath(t *testing.T) {
	p := &rspress.Preset{Site: site(rspress.Site{Lang: "en", Langs: []string{"en", "zh"}, Version: "v1", Versions: []string{"v1", "v2"}})}
	for rel, want := range map[string]string{
		"index.md":              "/",
		"about.mdx":             "/about.html",
		"guide/index.md":        "/guide/",
		"guide/start.md":        "/guide/start.html",
		"en/guide/start.md":     "/guide/start.html",
		"en/index.md":           "/",
		"zh/guide/start.md":     "/zh/guide/start.html",
		"api/page.tsx":          "/api/page.html",
		"_partial.md":           "",
		"guide/_shared/x.md":    "",
		"__dunder.md":           "/__dunder.html",
		"public/robots.md":      "",
		"types.d.ts":            "",
		"notes.txt":             "",
		".hidden/a.md":          "",
		"node_modules/x/a.md":   "",
		"de/about.md":           "/de/about.html", // no locale of de
		"computer/game-dev.mdx": "/computer/game-dev.html",
		"v1/en/guide/start.md":  "/guide/start.html", // the default version's and lang's folders
		"v1/zh/guide/start.md":  "/zh/guide/start.html",
		"v2/en/guide/start.md":  "/v2/guide/start.html",
		"v2/zh/index.md":        "/v2/zh/",
		"v3/en/a.md":            "/v3/en/a.html", // no version of multiVersion's
	} {
		got, ok := p.URLPath(generator.Page{Path: rel})
		if !ok {
			got = ""
		}
		if got != want {
			t.Errorf("%s: %q, want %q", rel, got, want)
		}
	}
}

// TestSitemapOptions: the options of @rspress/plugin-sitemap, read
// without running anything.
func TestSitemapOptions(t *testing.T) {
	gentest.SitemapOptions(t, buildtest.TempSite, []gentest.PeerTest{
		{Name: "pluginSitemap", Files: map[string]string{"rspress.config.ts": `import { defineConfig } from '@rspress/core';
import { pluginSitemap } from '@rspress/plugin-sitemap';

export default defineConfig({
  plugins: [
    pluginSitemap({
      siteUrl: 'https://kiln-docs.net/',
      defaultChangeFreq: 'weekly',
    }),
  ],
});
`}, Want: []peer.Config{{Tool: rspress.Tool, File: "rspress.config.ts", Line: 6, Options: []peer.Given{
			{Name: "siteUrl", Value: "https://kiln-docs.net/", Line: 7}, {Name: "defaultChangeFreq", Value: "weekly", Line: 8}}}}},
		{Name: "another plugin alone", Files: map[string]string{"rspress.config.ts": "import { pluginLlms } from '@rspress/plugin-llms';\nexport default { plugins: [pluginLlms()] };\n"}},
	})
}
