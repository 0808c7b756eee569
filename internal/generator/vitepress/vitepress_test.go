package vitepress_test

import (
	"cmp"
	"path"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/generator/vitepress"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

type Detected = generator.Detected

func TestDetectVitePress(t *testing.T) {
	vp := func(p Detected) Detected {
		p.Form.TrailingSlash = "always"
		// The sources are in VitePress's root, the folder of .vitepress
		// (srcDir's default), where the pages are joined to them.
		if p.SourceDir == "" {
			if before, _, ok := strings.Cut(p.File, ".vitepress/"); ok {
				p.SourceDir = cmp.Or(strings.TrimSuffix(before, "/"), ".")
			} else {
				p.SourceDir = path.Dir(path.Dir(p.PublishDir))
			}
		}
		return p
	}
	// The shape of the configuration `vitepress init` writes.
	initConfig := `import { defineConfig } from 'vitepress'

// https://vitepress.dev/reference/site-config
export default defineConfig({
  title: "My Docs",
  description: "A VitePress Site",
  themeConfig: {
    nav: [
      { text: 'Home', link: '/' },
      { text: 'Examples', link: '/markdown-examples' }
    ],
    socialLinks: [
      { icon: 'github', link: 'https://github.com/vuejs/vitepress' }
    ]
  }
})
`
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name: "locales with their lang: the pages' translations",
			Files: map[string]string{".vitepress/config.mts": `export default {
  lang: 'en-GB',
  locales: {
    root: { label: 'English', lang: 'en-US' },
    fr: { label: 'Français', lang: 'fr-FR', link: '/fr/' },
    de: { label: 'Deutsch', link: '/de/' },
  },
}
`},
			Want: []Detected{vp(Detected{File: ".vitepress/config.mts", PublishDir: ".vitepress/dist",
				Pages: &generator.FolderLocales{Default: "en-US", Langs: map[string]string{"fr": "fr-FR"}, From: "VitePress's locales"}})},
		},
		{
			Name:  "a locale with no lang: no translations",
			Files: map[string]string{".vitepress/config.mts": "export default { locales: { root: { lang: 'en-US' }, fr: { label: 'Français' } } }\n"},
			Want:  []Detected{vp(Detected{File: ".vitepress/config.mts", PublishDir: ".vitepress/dist"})},
		},
		{
			Name:  "vitepress init in the project folder",
			Files: map[string]string{".vitepress/config.mts": initConfig, "package.json": `{"devDependencies": {"vitepress": "^1.6.3"}, "scripts": {"docs:build": "vitepress build"}}`},
			Want:  []Detected{vp(Detected{File: ".vitepress/config.mts", PublishDir: ".vitepress/dist"})},
		},
		{
			Name:  "vitepress in docs/, homepage for the base URL",
			Files: map[string]string{"docs/.vitepress/config.js": initConfig, "package.json": `{"homepage": "https://docs.example/"}`},
			Want: []Detected{vp(Detected{File: "docs/.vitepress/config.js", PublishDir: "docs/.vitepress/dist",
				BaseURL: "https://docs.example/", BaseURLFrom: "package.json homepage"})},
		},
		{
			Name: "a config folder whose index spreads the project's modules",
			Files: map[string]string{
				"docs/.vitepress/config/index.ts": `import { defineConfig } from 'vitepress'
import { shared } from './shared'
import { en } from './en'
import theme, { type Extra } from '../theme'

export default defineConfig({
  ...shared,
  ...theme,
  ...outside,
  title: 'Own title',
  locales: {
    root: { label: 'English', ...en },
  }
})
`,
				"docs/.vitepress/config/shared.ts": `import { defineConfig } from 'vitepress'

export const shared = defineConfig({
  title: 'Shared title',
  lastUpdated: true,
  cleanUrls: true,
  sitemap: {
    hostname: 'https://docs.example',
  },
})
`,
				"docs/.vitepress/config/en.ts": `export const en = { lang: 'en-US' }`,
			},
			Want: []Detected{vp(Detected{File: "docs/.vitepress/config/index.ts", PublishDir: "docs/.vitepress/dist", Form: generator.URLForm{CleanURLs: true},
				BaseURL: "https://docs.example/", BaseURLFrom: "docs/.vitepress/config/shared.ts sitemap.hostname", GitDates: "VitePress lastUpdated, docs/.vitepress/config/index.ts",
				Notes: []string{ // ../theme is no file here: what it may set is not read
					"docs/.vitepress/config/index.ts:8: outDir may come from ...theme, which is not read; give the built folder as DIR",
					"docs/.vitepress/config/index.ts:8: base may come from ...theme, which is not read; give --base-url",
				}})},
		},
		{
			Name: "a spread module's value that is no literal is noted at its own file",
			Files: map[string]string{
				".vitepress/config/index.js":  "import { shared } from './shared.js'\nexport default { ...shared }\n",
				".vitepress/config/shared.js": "export const shared = {\n  sitemap: { hostname: process.env.SITE },\n}\n",
			},
			Want: []Detected{vp(Detected{File: ".vitepress/config/index.js", PublishDir: ".vitepress/dist",
				Notes: []string{".vitepress/config/shared.js:2: sitemap.hostname is not a literal string (process.env.SITE); give --base-url"}})},
		},
		{
			Name: "sitemap.hostname ending in base, cleanUrls, outDir",
			Files: map[string]string{"docs/.vitepress/config.ts": `import { defineConfig } from 'vitepress'

export default defineConfig({
  base: '/my-site/',
  cleanUrls: true,
  outDir: '../dist',
  sitemap: {
    hostname: 'https://example.com/my-site/',
    lastmodDateOnly: false,
  },
})
`},
			Want: []Detected{vp(Detected{File: "docs/.vitepress/config.ts", PublishDir: "dist", Form: generator.URLForm{CleanURLs: true},
				BaseURL: "https://example.com/my-site/", BaseURLFrom: "docs/.vitepress/config.ts sitemap.hostname + base", BasePath: "/my-site/"})},
		},
		{
			Name: "sitemap.hostname without base: the pages are under base all the same",
			Files: map[string]string{".vitepress/config.mjs": `export default {
  base: '/guide',
  sitemap: { hostname: 'https://example.com' },
}
`},
			Want: []Detected{vp(Detected{File: ".vitepress/config.mjs", PublishDir: ".vitepress/dist",
				BaseURL: "https://example.com/guide/", BaseURLFrom: ".vitepress/config.mjs sitemap.hostname + base", BasePath: "/guide/"})},
		},
		{
			Name: "sitemap.hostname with a path that is not base",
			Files: map[string]string{".vitepress/config.js": `export default {
  sitemap: { hostname: 'https://example.com/docs/' },
  cleanUrls: false,
}
`},
			Want: []Detected{vp(Detected{File: ".vitepress/config.js", PublishDir: ".vitepress/dist",
				BaseURL: "https://example.com/", BaseURLFrom: ".vitepress/config.js sitemap.hostname",
				Notes: []string{".vitepress/config.js:2: sitemap.hostname has the path /docs/, which is not base: VitePress links the pages under base, at https://example.com/"}})},
		},
		{
			Name: "base without a hostname, an outDir that is not a literal",
			Files: map[string]string{".vitepress/config.ts": `const base = process.env.BASE ?? '/'
export default defineConfig({
  base: '/repo/',
  outDir: process.env.OUT_DIR,
})
`},
			Want: []Detected{vp(Detected{File: ".vitepress/config.ts", BasePath: "/repo/",
				Notes: []string{".vitepress/config.ts:4: outDir is not a literal string (process.env.OUT_DIR); give the built folder as DIR"}})},
		},
		{
			Name:  "vitepress from package.json, its root from the build script",
			Files: map[string]string{"package.json": `{"devDependencies": {"vitepress": "1"}, "scripts": {"docs:build": "vitepress build site", "docs:dev": "vitepress dev site"}}`},
			Want:  []Detected{vp(Detected{File: "package.json", PublishDir: "site/.vitepress/dist"})},
		},
		{
			Name: "the project folder's configuration wins over docs/",
			Files: map[string]string{
				".vitepress/config.ts":      "export default { outDir: 'top' }\n",
				"docs/.vitepress/config.ts": "export default { outDir: 'nested' }\n",
			},
			Want: []Detected{vp(Detected{File: ".vitepress/config.ts", PublishDir: "top"})},
		},
	})
}

// TestVitePressTranslation: the built pages grouped as VitePress's
// sitemap groups their sources.
func TestVitePressTranslation(t *testing.T) {
	l := &generator.FolderLocales{Default: "en-US", Langs: map[string]string{"fr": "fr-FR"}, From: "VitePress's locales"}
	for rel, want := range map[string]string{
		"index.html":          "en-US index.html",
		"fr/index.html":       "fr-FR index.html",
		"guide/start.html":    "en-US guide/start.html",
		"fr/guide/start.html": "fr-FR guide/start.html",
		"de/about.html":       "en-US de/about.html", // no locale of a lang: the root's
		"404.html":            "",
		"assets/app.js":       "",
	} {
		got := ""
		if tr, ok := l.Translation(rel, ""); ok {
			got = tr.Lang + " " + tr.Key
		}
		if got != want {
			t.Errorf("%s: %q, want %q", rel, got, want)
		}
	}
}

// TestSitemaps: VitePress's sitemap.xml.
func TestSitemaps(t *testing.T) {
	takes := (&Detected{Gen: vitepress.Generator{}}).Sitemaps()
	if !takes("sitemap.xml") {
		t.Error("sitemap.xml not taken over")
	}
	for _, n := range []string{"sitemap-0.xml", "sitemap-index.xml"} {
		if takes(n) {
			t.Errorf("%s taken over", n)
		}
	}
}

// TestSitemapOptions: the options of its sitemap, where its users write
// them, read without running anything.
func TestSitemapOptions(t *testing.T) {
	gentest.SitemapOptions(t, buildtest.TempSite, []gentest.PeerTest{
		{Name: "vitepress", Files: map[string]string{"docs/.vitepress/config.mts": `import { defineConfig } from 'vitepress'

export default defineConfig({
  title: 'Docs',
  sitemap: {
    hostname: 'https://example.com/',
    lastmodDateOnly: true,
    transformItems: (items) => items.filter((i) => !i.url.includes('old')),
  },
})
`}, Want: []peer.Config{{Tool: vitepress.Tool, File: "docs/.vitepress/config.mts", Line: 5, Options: []peer.Given{
			{Name: "hostname", Value: "https://example.com/", Line: 6}, {Name: "lastmodDateOnly", Value: true, Line: 7}, {Name: "transformItems", Value: peer.Leaves{Tests: []string{`item.url includes "old"`}}, Line: 8}}}}},
		{Name: "vitepress without a sitemap", Files: map[string]string{".vitepress/config.js": "export default { title: 'Docs' }\n"}},
	})
}

// TestGitDates: lastUpdated: true dates every page of VitePress' sitemap
// by its history, unless sitemap.transformItems, code, may change them.
func TestGitDates(t *testing.T) {
	for _, tt := range []struct{ name, config, want string }{
		{"lastUpdated", "export default { lastUpdated: true, sitemap: { hostname: 'https://a.example/' } }\n", "VitePress lastUpdated, .vitepress/config.mts"},
		{"without", "export default { sitemap: { hostname: 'https://a.example/' } }\n", ""},
		{"transformItems", "export default { lastUpdated: true, sitemap: { hostname: 'https://a.example/', transformItems: (items) => items } }\n", ""},
	} {
		found, err := registry.Detect(buildtest.TempSite(t, map[string]string{".vitepress/config.mts": tt.config}), limits.Default)
		if err != nil || len(found) != 1 {
			t.Fatalf("%s: Detect = %s, %v", tt.name, gentest.Format(found), err)
		}
		if got := found[0].GitDates; got != tt.want {
			t.Errorf("%s: GitDates %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestTransformItemsFilter: a sitemap.transformItems that filters the
// items by literal strings of their url is read as the user's exclude:
// the built pages it leaves out of VitePress' sitemap (their item.url,
// with cleanUrls or not) are left out, and it leaves the dates VitePress
// gives. Any other is code, named as not read, and leaves nothing out.
// VitePress's own documentation sets it in config/shared.ts, which
// config/index.ts spreads: it is read there, and named at its own file
// and line.
func TestTransformItemsFilter(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		out   map[string]string // built page → why it is left out, "" for none
		git   bool
		code  string
	}{
		{"filter", map[string]string{".vitepress/config.mts": "export default { lastUpdated: true, sitemap: { hostname: 'https://a.example/', transformItems(items) { return items.filter((item) => !item.url.includes('migration') && item.url !== 'old.html') } } }\n"},
			map[string]string{"guide/migration-v1.html": `item.url "guide/migration-v1.html" includes "migration"`, "old.html": `item.url "old.html" is "old.html"`, "guide/index.html": "", "index.html": "", "migration.pdf": ""}, true, ""},
		{"clean URLs", map[string]string{".vitepress/config.mts": "export default { cleanUrls: true, sitemap: { transformItems: (items) => items.filter((i) => !['old', 'guide/'].includes(i.url)) } }\n"},
			map[string]string{"old.html": `item.url "old" is "old"`, "guide/index.html": `item.url "guide/" is "guide/"`, "new.html": ""}, false, ""},
		{"code", map[string]string{".vitepress/config.mts": "export default { lastUpdated: true, sitemap: { transformItems: (items) => items.filter((i) => /old/.test(i.url)) } }\n"},
			nil, false, "sitemap.transformItems (.vitepress/config.mts:1)"},
		{"spread", map[string]string{
			"docs/.vitepress/config/index.ts":  "import { defineConfig } from 'vitepress'\nimport { shared } from './shared'\nexport default defineConfig({ ...shared, title: 'x' })\n",
			"docs/.vitepress/config/shared.ts": "import { defineConfig } from 'vitepress'\nexport const shared = defineConfig({\n  sitemap: {\n    hostname: 'https://a.example/',\n    transformItems(items) {\n      return items.filter((item) => !item.url.includes('migration'))\n    }\n  }\n})\n"},
			map[string]string{"guide/migration.html": `VitePress' sitemap.transformItems (docs/.vitepress/config/shared.ts:5) leaves it out: item.url "guide/migration.html" includes "migration"`}, false, ""},
	} {
		found, err := registry.Detect(buildtest.TempSite(t, tt.files), limits.Default)
		if err != nil || len(found) != 1 {
			t.Fatalf("%s: Detect = %s, %v", tt.name, gentest.Format(found), err)
		}
		p := found[0]
		if git := p.GitDates != ""; git != tt.git {
			t.Errorf("%s: GitDates %q", tt.name, p.GitDates)
		}
		if p.SitemapCode != tt.code {
			t.Errorf("%s: the code not read %q, want %q", tt.name, p.SitemapCode, tt.code)
		}
		if (p.SitemapLeaves != nil) != (tt.out != nil) {
			t.Fatalf("%s: SitemapLeaves set %v", tt.name, p.SitemapLeaves != nil)
		}
		for page, want := range tt.out {
			got := p.SitemapLeaves(page)
			if want == "" && got != "" || want != "" && !strings.HasSuffix(got, want) {
				t.Errorf("%s: %s left out by %q, want %q", tt.name, page, got, want)
			}
		}
	}
}
