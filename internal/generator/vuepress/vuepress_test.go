package vuepress_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/vuepress"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

type Detected = generator.Detected

// form is VuePress's: about.html as it is, a folder with its slash.
var form = generator.URLForm{TrailingSlash: "always"}

// pages is what the routes of a project with no pagePatterns keep.
var pages = vuepress.Site{Include: []string{"**/*.md"}, Exclude: []string{".vuepress"}}

func TestDetectVuePress(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name: "the default theme's hostname, which adds the sitemap plugin",
			Files: map[string]string{
				"package.json": `{"devDependencies": {"vuepress": "2.0.0-rc.30"}, "scripts": {"docs:build": "vuepress build docs"}}`,
				"docs/.vuepress/config.ts": `import { viteBundler } from '@vuepress/bundler-vite'
import { defaultTheme } from '@vuepress/theme-default'
import { defineUserConfig } from 'vuepress'

export default defineUserConfig({
  base: '/lathe/',
  bundler: viteBundler(),
  theme: defaultTheme({ hostname: 'https://lathe-docs.net' }),
})
`},
			Want: []Detected{{File: "docs/.vuepress/config.ts", PublishDir: "docs/.vuepress/dist", SourceDir: "docs", Form: form, BasePath: "/lathe/",
				BaseURL: "https://lathe-docs.net/lathe/", BaseURLFrom: "docs/.vuepress/config.ts hostname + base", GitDates: "VuePress' sitemap plugin, docs/.vuepress/config.ts", Own: pages}},
		},
		{
			Name: "the sitemap plugin of its own: a host alone, its file renamed, a dest, locales",
			Files: map[string]string{"src/.vuepress/config.js": `import { sitemapPlugin } from '@vuepress/plugin-sitemap'
export default {
  dest: 'public',
  lang: 'en-US',
  locales: { '/': { lang: 'en-US' }, '/zh/': { lang: 'zh-CN' } },
  plugins: [sitemapPlugin({ hostname: 'notes.example.org', sitemapFilename: 'map.xml', modifyTimeGetter: (page) => page.date })],
}
`},
			Want: []Detected{{File: "src/.vuepress/config.js", PublishDir: "public", SourceDir: "src", Form: form,
				BaseURL: "https://notes.example.org/", BaseURLFrom: "src/.vuepress/config.js hostname", SitemapFile: "map.xml", SitemapFileKey: "sitemapFilename",
				Pages: &generator.FolderLocales{Default: "en-US", Langs: map[string]string{"zh": "zh-CN"}, From: "VuePress' locales"}, Own: pages}},
		},
		{
			Name: "the theme's sitemap turned off; a dest that is no literal; permalinkPattern",
			Files: map[string]string{".vuepress/config.mjs": `export default {
  dest: process.env.DEST,
  permalinkPattern: ':year/:slug.html',
  theme: defaultTheme({ hostname: 'https://a.example', themePlugins: { sitemap: false } }),
}
`},
			Want: []Detected{{File: ".vuepress/config.mjs", SourceDir: ".", Form: form,
				Own: vuepress.Site{Include: pages.Include, Exclude: pages.Exclude, Unjoined: "permalinkPattern, .vuepress/config.mjs:3"},
				Notes: []string{
					".vuepress/config.mjs:2: dest is not the built folder in the project that sitemapgen can read (process.env.DEST); give the built folder as DIR",
					".vuepress/config.mjs:3: permalinkPattern moves pages by rules sitemapgen does not follow: the pages are not joined to their sources",
				}}},
		},
		{
			Name:  "a dependency alone, homepage for the base URL",
			Files: map[string]string{"package.json": `{"dependencies": {"vuepress": "^2.0.0-rc.30"}, "homepage": "https://v.example/"}`},
			Want: []Detected{{File: "package.json", PublishDir: ".vuepress/dist", SourceDir: ".", Form: form,
				BaseURL: "https://v.example/", BaseURLFrom: "package.json homepage", Own: pages}},
		},
	})
}

// TestURLPath: the pages as VuePress routes them.
func TestURLPath(t *testing.T) {
	p := &vuepress.Preset{Site: pages}
	for _, tc := range []struct{ rel, permalink, want string }{
		{"README.md", "", "/"},
		{"index.md", "", "/"},
		{"about.md", "", "/about.html"},
		{"guide/README.md", "", "/guide/"},
		{"guide/readme.md", "", "/guide/"},
		{"guide/index.md", "", "/guide/"},
		{"guide/turning.md", "", "/guide/turning.html"},
		{"zh/guide/turning.md", "", "/zh/guide/turning.html"},
		{"posts/a.md", "/news/", "/news/"},
		{"posts/b.md", "/news/b", "/news/b.html"},
		{"posts/c.md", "/news/c.html", "/news/c.html"},
		{"posts/d.md", "https://elsewhere.example/d", ""},
		{".vuepress/x.md", "", ""},
		{"notes.txt", "", ""},
	} {
		got, ok := p.URLPath(generator.Page{Path: tc.rel, Permalink: tc.permalink})
		if !ok {
			got = ""
		}
		if got != tc.want {
			t.Errorf("%s (permalink %q): %q, want %q", tc.rel, tc.permalink, got, tc.want)
		}
	}
}

// TestSitemapOptions: the options of @vuepress/plugin-sitemap, where its
// users write them, read without running anything.
func TestSitemapOptions(t *testing.T) {
	gentest.SitemapOptions(t, buildtest.TempSite, []gentest.PeerTest{
		{Name: "sitemapPlugin", Files: map[string]string{"docs/.vuepress/config.js": `import { sitemapPlugin } from '@vuepress/plugin-sitemap'

export default {
  plugins: [
    sitemapPlugin({ hostname: 'lathe-docs.net', changefreq: 'weekly' }),
  ],
}
`}, Want: []peer.Config{{Tool: vuepress.Tool, File: "docs/.vuepress/config.js", Line: 5, Options: []peer.Given{
			{Name: "hostname", Value: "lathe-docs.net", Line: 5}, {Name: "changefreq", Value: "weekly", Line: 5}}}}},
		{Name: "the default theme's", Files: map[string]string{"docs/.vuepress/config.ts": `export default defineUserConfig({
  theme: defaultTheme({
    hostname: 'https://lathe-docs.net',
    navbar: [],
    themePlugins: { sitemap: { excludePaths: ['/404.html', '/private/'] } },
  }),
})
`}, Want: []peer.Config{{Tool: vuepress.Tool, File: "docs/.vuepress/config.ts", Line: 2, Options: []peer.Given{
			{Name: "hostname", Value: "https://lathe-docs.net", Line: 3}, {Name: "excludePaths", Value: []any{"/404.html", "/private/"}, Line: 5}}}}},
		{Name: "the theme's sitemap off", Files: map[string]string{".vuepress/config.ts": "export default { theme: defaultTheme({ hostname: 'https://a.example', themePlugins: { sitemap: false } }) }\n"}},
	})
}
