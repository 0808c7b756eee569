package registry_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
)

// TestDetectSeveral: the projects of several generators in one folder
// are found each, in the registry's order.
func TestDetectSeveral(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name: "hugo and astro in one folder",
			Files: map[string]string{
				"hugo.toml":    "baseURL = 'https://hugo.example/'\n",
				"package.json": `{"dependencies": {"astro": "4"}}`,
			},
			Want: []generator.Detected{
				{File: "hugo.toml", PublishDir: "public", BaseURL: "https://hugo.example/", BaseURLFrom: "hugo.toml baseURL"},
				{File: "package.json", PublishDir: "dist"},
			},
		},
		{
			Name: "a Nuxt app with VitePress docs, a SvelteKit dependency left over",
			Files: map[string]string{
				"nuxt.config.ts":            "export default defineNuxtConfig({ site: { url: 'https://app.example' } })\n",
				"docs/.vitepress/config.ts": "export default { sitemap: { hostname: 'https://docs.example' } }\n",
				"package.json":              `{"devDependencies": {"nuxt": "4", "vitepress": "1", "@sveltejs/kit": "2"}}`,
			},
			Want: []generator.Detected{
				{File: "docs/.vitepress/config.ts", PublishDir: "docs/.vitepress/dist", SourceDir: "docs", Form: generator.URLForm{TrailingSlash: "always"},
					BaseURL: "https://docs.example/", BaseURLFrom: "docs/.vitepress/config.ts sitemap.hostname"},
				{File: "nuxt.config.ts", PublishDir: ".output/public", Fallbacks: []string{"200.html"},
					BaseURL: "https://app.example/", BaseURLFrom: "nuxt.config.ts site.url"},
				{File: "package.json",
					Notes: []string{"package.json: no kit.adapter: sitemapgen needs the static build of @sveltejs/adapter-static (set kit.adapter in svelte.config.js; `vite build` then writes build/)"}},
			},
		},
		{
			Name: "a DocSearch config.json beside a Docusaurus site is not Hugo's",
			Files: map[string]string{
				"docusaurus.config.js": "module.exports = {url: 'https://d.example', baseUrl: '/'}",
				"config.json":          `{"index_name": "docs", "start_urls": ["https://d.example/"], "selectors": {"lvl1": "header h1"}}`,
				"static/img/logo.svg":  "<svg/>",
			},
			Want: []generator.Detected{
				{File: "docusaurus.config.js", PublishDir: "build", BaseURL: "https://d.example/", BaseURLFrom: "docusaurus.config.js url + baseUrl"},
			},
		},
		{
			Name:  "a config.json with a key of Hugo's is Hugo's",
			Files: map[string]string{"config.json": `{"baseURL": "https://h.example/", "title": "x"}`},
			Want:  []generator.Detected{{File: "config.json", PublishDir: "public", BaseURL: "https://h.example/", BaseURLFrom: "config.json baseURL"}},
		},
		{
			Name:  "a config.yaml beside Hugo's content folder is Hugo's",
			Files: map[string]string{"config.yaml": "title: x\n", "content/_index.md": "---\ntitle: home\n---\n"},
			Want:  []generator.Detected{{File: "config.yaml", PublishDir: "public"}},
		},
		{
			Name: "every generator",
			Files: map[string]string{
				"docusaurus.config.js": "module.exports = {url: 'https://d.example', baseUrl: '/'}",
				"gatsby-config.js":     "module.exports = {siteMetadata: {siteUrl: 'https://g.example'}}",
				".vitepress/config.ts": "export default { cleanUrls: true }",
				"nuxt.config.ts":       "export default defineNuxtConfig({ site: { url: 'https://n.example' } })",
				"svelte.config.js":     "import adapter from '@sveltejs/adapter-static'; export default { kit: { adapter: adapter() } }",
				"mkdocs.yml":           "site_name: x\n",
				"next.config.js":       "module.exports = {output: 'export'}",
				".eleventy.js":         "module.exports = function () {}",
				"astro.config.mjs":     "export default {}",
				"_config.yml":          "title: x\n",
				"config.toml":          "title = 'x'\ntheme = 'y'\n",
			},
			Want: []generator.Detected{
				{File: "config.toml", PublishDir: "public"},
				{File: "_config.yml", PublishDir: "_site"},
				{File: "astro.config.mjs", PublishDir: "dist"},
				{File: ".eleventy.js", PublishDir: "_site"},
				{File: "next.config.js", PublishDir: "out", Form: generator.URLForm{TrailingSlash: "never"}},
				{File: "mkdocs.yml", SourceDir: "docs", PublishDir: "site", Form: generator.URLForm{TrailingSlash: "always", AsWritten: true}},
				{File: "docusaurus.config.js", PublishDir: "build", BaseURL: "https://d.example/", BaseURLFrom: "docusaurus.config.js url + baseUrl"},
				{File: "gatsby-config.js", PublishDir: "public", BaseURL: "https://g.example/", BaseURLFrom: "gatsby-config.js siteMetadata.siteUrl", Form: generator.URLForm{TrailingSlash: "always"}, Fallbacks: []string{"offline-plugin-app-shell-fallback/index.html", "_gatsby/slices/*.html"}},
				{File: ".vitepress/config.ts", PublishDir: ".vitepress/dist", SourceDir: ".", Form: generator.URLForm{TrailingSlash: "always", CleanURLs: true}},
				{File: "nuxt.config.ts", PublishDir: ".output/public", BaseURL: "https://n.example/", BaseURLFrom: "nuxt.config.ts site.url", Fallbacks: []string{"200.html"}},
				{File: "svelte.config.js", PublishDir: "build", Form: generator.URLForm{TrailingSlash: "always", CleanURLs: true}},
			},
		},
	})
}

// TestDetectHugoSharedNames: a file of a name Hugo shares with other
// tools (config.json, config.yaml) beside a Docusaurus site is not
// Hugo's.
func TestDetectHugoSharedNames(t *testing.T) {
	docusaurus := generator.Detected{File: "docusaurus.config.js", PublishDir: "build",
		BaseURL: "https://d.example/", BaseURLFrom: "docusaurus.config.js url + baseUrl"}
	const docsearch = `{
  "index_name": "docs",
  "start_urls": ["https://d.example/"],
  "sitemap_urls": ["https://d.example/sitemap.xml"],
  "selectors": {"lvl0": "header h1", "text": "article p"}
}
`
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name: "a search crawler's config.json beside Docusaurus",
			Files: map[string]string{
				"docusaurus.config.js": "module.exports = {url: 'https://d.example', baseUrl: '/'}",
				"config.json":          docsearch,
				"static/img/logo.svg":  "<svg/>",
			},
			Want: []generator.Detected{docusaurus},
		},
		{
			Name: "a config.json that is not a mapping, or not JSON at all",
			Files: map[string]string{
				"docusaurus.config.js": "module.exports = {url: 'https://d.example', baseUrl: '/'}",
				"config.json":          "// comments, as JSONC allows\n{\"a\": 1}\n",
				"config.yaml":          "- a\n- b\n",
			},
			Want: []generator.Detected{docusaurus},
		},
	})
}
