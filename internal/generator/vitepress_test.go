package generator

import "testing"

func TestDetectVitePress(t *testing.T) {
	vp := func(p Project) Project {
		p.Generator, p.Title, p.TrailingSlash = "vitepress", "VitePress", "always"
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
	testDetect(t, []detectTest{
		{
			name: "locales with their lang: the pages' translations",
			files: map[string]string{".vitepress/config.mts": `export default {
  lang: 'en-GB',
  locales: {
    root: { label: 'English', lang: 'en-US' },
    fr: { label: 'Français', lang: 'fr-FR', link: '/fr/' },
    de: { label: 'Deutsch', link: '/de/' },
  },
}
`},
			want: []Project{vp(Project{File: ".vitepress/config.mts", PublishDir: ".vitepress/dist",
				Pages: &FolderLocales{Default: "en-US", Langs: map[string]string{"fr": "fr-FR"}, From: "VitePress's locales"}})},
		},
		{
			name:  "a locale with no lang: no translations",
			files: map[string]string{".vitepress/config.mts": "export default { locales: { root: { lang: 'en-US' }, fr: { label: 'Français' } } }\n"},
			want:  []Project{vp(Project{File: ".vitepress/config.mts", PublishDir: ".vitepress/dist"})},
		},
		{
			name:  "vitepress init in the project folder",
			files: map[string]string{".vitepress/config.mts": initConfig, "package.json": `{"devDependencies": {"vitepress": "^1.6.3"}, "scripts": {"docs:build": "vitepress build"}}`},
			want:  []Project{vp(Project{File: ".vitepress/config.mts", PublishDir: ".vitepress/dist"})},
		},
		{
			name:  "vitepress in docs/, homepage for the base URL",
			files: map[string]string{"docs/.vitepress/config.js": initConfig, "package.json": `{"homepage": "https://docs.example/"}`},
			want: []Project{vp(Project{File: "docs/.vitepress/config.js", PublishDir: "docs/.vitepress/dist",
				BaseURL: "https://docs.example/", BaseURLFrom: "package.json homepage"})},
		},
		{
			name: "a config folder whose index spreads the project's modules",
			files: map[string]string{
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
			want: []Project{vp(Project{File: "docs/.vitepress/config/index.ts", PublishDir: "docs/.vitepress/dist", CleanURLs: true,
				BaseURL: "https://docs.example/", BaseURLFrom: "docs/.vitepress/config/shared.ts sitemap.hostname",
				Notes: []string{ // ../theme is no file here: what it may set is not read
					"docs/.vitepress/config/index.ts:8: outDir may come from ...theme, which is not read; give the built folder as DIR",
					"docs/.vitepress/config/index.ts:8: base may come from ...theme, which is not read; give --base-url",
				}})},
		},
		{
			name: "a spread module's value that is no literal is noted at its own file",
			files: map[string]string{
				".vitepress/config/index.js":  "import { shared } from './shared.js'\nexport default { ...shared }\n",
				".vitepress/config/shared.js": "export const shared = {\n  sitemap: { hostname: process.env.SITE },\n}\n",
			},
			want: []Project{vp(Project{File: ".vitepress/config/index.js", PublishDir: ".vitepress/dist",
				Notes: []string{".vitepress/config/shared.js:2: sitemap.hostname is not a literal string (process.env.SITE); give --base-url"}})},
		},
		{
			name: "sitemap.hostname ending in base, cleanUrls, outDir",
			files: map[string]string{"docs/.vitepress/config.ts": `import { defineConfig } from 'vitepress'

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
			want: []Project{vp(Project{File: "docs/.vitepress/config.ts", PublishDir: "dist", CleanURLs: true,
				BaseURL: "https://example.com/my-site/", BaseURLFrom: "docs/.vitepress/config.ts sitemap.hostname + base"})},
		},
		{
			name: "sitemap.hostname without base: the pages are under base all the same",
			files: map[string]string{".vitepress/config.mjs": `export default {
  base: '/guide',
  sitemap: { hostname: 'https://example.com' },
}
`},
			want: []Project{vp(Project{File: ".vitepress/config.mjs", PublishDir: ".vitepress/dist",
				BaseURL: "https://example.com/guide/", BaseURLFrom: ".vitepress/config.mjs sitemap.hostname + base"})},
		},
		{
			name: "sitemap.hostname with a path that is not base",
			files: map[string]string{".vitepress/config.js": `export default {
  sitemap: { hostname: 'https://example.com/docs/' },
  cleanUrls: false,
}
`},
			want: []Project{vp(Project{File: ".vitepress/config.js", PublishDir: ".vitepress/dist",
				BaseURL: "https://example.com/", BaseURLFrom: ".vitepress/config.js sitemap.hostname",
				Notes: []string{".vitepress/config.js:2: sitemap.hostname has the path /docs/, which is not base: VitePress links the pages under base, at https://example.com/"}})},
		},
		{
			name: "base without a hostname, an outDir that is not a literal",
			files: map[string]string{".vitepress/config.ts": `const base = process.env.BASE ?? '/'
export default defineConfig({
  base: '/repo/',
  outDir: process.env.OUT_DIR,
})
`},
			want: []Project{vp(Project{File: ".vitepress/config.ts", BasePath: "/repo/",
				Notes: []string{".vitepress/config.ts:4: outDir is not a literal string (process.env.OUT_DIR); give the built folder as DIR"}})},
		},
		{
			name:  "vitepress from package.json, its root from the build script",
			files: map[string]string{"package.json": `{"devDependencies": {"vitepress": "1"}, "scripts": {"docs:build": "vitepress build site", "docs:dev": "vitepress dev site"}}`},
			want:  []Project{vp(Project{File: "package.json", PublishDir: "site/.vitepress/dist"})},
		},
		{
			name: "the project folder's configuration wins over docs/",
			files: map[string]string{
				".vitepress/config.ts":      "export default { outDir: 'top' }\n",
				"docs/.vitepress/config.ts": "export default { outDir: 'nested' }\n",
			},
			want: []Project{vp(Project{File: ".vitepress/config.ts", PublishDir: "top"})},
		},
	})
}

// TestVitePressTranslation: the built pages grouped as VitePress's
// sitemap groups their sources.
func TestVitePressTranslation(t *testing.T) {
	l := &FolderLocales{Default: "en-US", Langs: map[string]string{"fr": "fr-FR"}, From: "VitePress's locales"}
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
