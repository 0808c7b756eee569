package nuxt_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/nuxt"
)

type Detected = generator.Detected

func TestDetectNuxt(t *testing.T) {
	nx := func(p Detected) Detected {
		p.Fallbacks = []string{"200.html"}
		if p.PublishDir == "" {
			p.PublishDir = ".output/public"
		} else if p.PublishDir == "-" {
			p.PublishDir = ""
		}
		return p
	}
	// The shape of the configuration a new project starts with.
	starter := `// https://nuxt.com/docs/api/configuration/nuxt-config
export default defineNuxtConfig({
  compatibilityDate: '2025-07-15',
  devtools: { enabled: true }
})
`
	seo := `export default defineNuxtConfig({
  modules: ['@nuxtjs/sitemap'],
  app: {
    baseURL: '/docs/',
    head: { title: 'Docs' },
  },
  site: {
    url: 'https://nuxt.example',
    name: 'My Docs',
    trailingSlash: true,
  },
  sitemap: { exclude: ['/admin/**'] },
})
`
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name:  "nuxt starter",
			Files: map[string]string{"nuxt.config.ts": starter},
			Want:  []Detected{nx(Detected{File: "nuxt.config.ts"})},
		},
		{
			Name:  "nuxt from package.json",
			Files: map[string]string{"package.json": `{"scripts": {"generate": "nuxt generate"}, "dependencies": {"nuxt": "^4.0.0", "vue": "^3.5"}}`},
			Want:  []Detected{nx(Detected{File: "package.json"})},
		},
		{
			Name:  "site.url, app.baseURL, site.trailingSlash",
			Files: map[string]string{"nuxt.config.ts": seo},
			Want: []Detected{nx(Detected{File: "nuxt.config.ts", BaseURL: "https://nuxt.example/docs/", BaseURLFrom: "nuxt.config.ts site.url + app.baseURL", BasePath: "/docs/",
				Form: generator.URLForm{TrailingSlash: "always"}, Own: nuxt.Own{SitemapModule: "@nuxtjs/sitemap (nuxt.config.ts modules)"}})},
		},
		{
			Name: "@nuxt/content from the modules, @nuxtjs/seo from package.json",
			Files: map[string]string{
				"nuxt.config.ts": "export default defineNuxtConfig({ modules: ['@nuxt/content', '@nuxt/ui'] })\n",
				"package.json":   `{"dependencies": {"nuxt": "^4.1.0", "@nuxt/content": "^3.7.0", "@nuxtjs/seo": "^3.2.0"}}`,
			},
			Want: []Detected{nx(Detected{File: "nuxt.config.ts", Own: nuxt.Own{Content: true, SitemapModule: "@nuxtjs/seo (package.json)"}})},
		},
		{
			Name:  "@nuxt/content from package.json, modules not a literal list",
			Files: map[string]string{"nuxt.config.ts": "export default defineNuxtConfig({ modules: [['@nuxt/content', {}]] })\n", "package.json": `{"devDependencies": {"@nuxt/content": "2.13.4"}}`},
			Want:  []Detected{nx(Detected{File: "nuxt.config.ts", Own: nuxt.Own{Content: true}})},
		},
		{
			Name: "runtimeConfig.public.siteUrl, site.trailingSlash false",
			Files: map[string]string{"nuxt.config.js": `export default defineNuxtConfig({
  runtimeConfig: {
    apiSecret: '',
    public: { siteUrl: 'https://runtime.example/' },
  },
  site: { trailingSlash: false },
})
`},
			Want: []Detected{nx(Detected{File: "nuxt.config.js", BaseURL: "https://runtime.example/", BaseURLFrom: "nuxt.config.js runtimeConfig.public.siteUrl",
				Form: generator.URLForm{TrailingSlash: "never"}})},
		},
		{
			Name: "site.url from the environment is not passed over for runtimeConfig's",
			Files: map[string]string{"nuxt.config.ts": `export default defineNuxtConfig({
  site: { url: process.env.NUXT_SITE_URL },
  runtimeConfig: { public: { siteUrl: 'http://localhost:3000' } },
  app: { baseURL: '/app' },
})
`},
			Want: []Detected{nx(Detected{File: "nuxt.config.ts", BasePath: "/app/",
				Notes: []string{"nuxt.config.ts:2: site.url is not a literal string (process.env.NUXT_SITE_URL); give --base-url"}})},
		},
		{
			Name:  "a Netlify build: Nitro's netlify preset writes dist",
			Files: map[string]string{"nuxt.config.ts": starter},
			Env:   map[string]string{"NETLIFY": "true"},
			Want:  []Detected{nx(Detected{File: "nuxt.config.ts", PublishDir: "dist"})},
		},
		{
			Name:  "NITRO_PRESET wins over the build environment and nitro.preset",
			Files: map[string]string{"nuxt.config.ts": "export default defineNuxtConfig({ nitro: { preset: 'github_pages' } })\n"},
			Env:   map[string]string{"NETLIFY": "true", "NITRO_PRESET": "vercel-static"},
			Want:  []Detected{nx(Detected{File: "nuxt.config.ts", PublishDir: ".vercel/output/static"})},
		},
		{
			Name:  "nitro.preset wins over the build environment",
			Files: map[string]string{"nuxt.config.ts": "export default defineNuxtConfig({ nitro: { preset: 'github_pages' } })\n"},
			Env:   map[string]string{"CF_PAGES": "1"},
			Want:  []Detected{nx(Detected{File: "nuxt.config.ts"})},
		},
		{
			Name:  "nitro.output.publicDir",
			Files: map[string]string{"nuxt.config.mjs": "export default { nitro: { output: { publicDir: './www/' } } }\n"},
			Want:  []Detected{nx(Detected{File: "nuxt.config.mjs", PublishDir: "www"})},
		},
		{
			Name: "nitro.output.publicDir template, ssr false",
			Files: map[string]string{"nuxt.config.ts": `export default defineNuxtConfig({
  ssr: false,
  nitro: { output: { publicDir: '{{ rootDir }}/public-site' } },
})
`},
			Want: []Detected{nx(Detected{File: "nuxt.config.ts", PublishDir: "-", Notes: []string{
				`nuxt.config.ts:3: nitro.output.publicDir "{{ rootDir }}/public-site" is a template, which is not read; give the built folder as DIR`,
				"nuxt.config.ts: ssr is false: `nuxi generate` writes app shells that render in the browser, and only the routes it is given (the home page, nitro.prerender.routes) as files",
			}})},
		},
		{
			// nuxi build: .output/server beside .output/public.
			Name:  "a server build",
			Files: map[string]string{"nuxt.config.ts": "export default defineNuxtConfig({})\n", ".output/server/chunks/build/server.mjs": nuxtServerModule, ".output/public/index.html": "<title>home</title>"},
			Want: []Detected{nx(Detected{File: "nuxt.config.ts", Own: nuxt.Own{Server: ".output/server"}, Form: generator.URLForm{TrailingSlash: "never"},
				Notes: []string{"nuxt.config.ts: the build in .output is a server build (nuxi build): only its prerendered pages are files (in .output/public); pages rendered on demand are not listed"}})},
		},
		{
			Name:  "a server build, site.trailingSlash true",
			Files: map[string]string{"nuxt.config.ts": "export default defineNuxtConfig({ site: { trailingSlash: true } })\n", ".output/server/chunks/build/server.mjs": nuxtServerModule},
			Want: []Detected{nx(Detected{File: "nuxt.config.ts", Own: nuxt.Own{Server: ".output/server"}, Form: generator.URLForm{TrailingSlash: "always"},
				Notes: []string{"nuxt.config.ts: the build in .output is a server build (nuxi build): only its prerendered pages are files (in .output/public); pages rendered on demand are not listed"}})},
		},
	})
}

// TestSitemaps: @nuxtjs/sitemap's sitemap.xml, or its index and the
// sitemaps of its folder.
func TestSitemaps(t *testing.T) {
	takes := (&Detected{Gen: nuxt.Generator{}}).Sitemaps()
	for _, n := range []string{"sitemap.xml", "sitemap_index.xml", "__sitemap__/", "__sitemap__/en-US.xml"} {
		if !takes(n) {
			t.Errorf("%s not taken over", n)
		}
	}
	for _, n := range []string{"__sitemap__/style.xsl", "sitemap-0.xml", "en/sitemap.xml"} {
		if takes(n) {
			t.Errorf("%s taken over", n)
		}
	}
}
