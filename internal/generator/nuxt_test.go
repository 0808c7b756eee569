package generator

import "testing"

func TestDetectNuxt(t *testing.T) {
	nuxt := func(p Project) Project {
		p.Generator, p.Title, p.Fallbacks = "nuxt", "Nuxt", nuxtFallbacks
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
	testDetect(t, []detectTest{
		{
			name:  "nuxt starter",
			files: map[string]string{"nuxt.config.ts": starter},
			want:  []Project{nuxt(Project{File: "nuxt.config.ts"})},
		},
		{
			name:  "nuxt from package.json",
			files: map[string]string{"package.json": `{"scripts": {"generate": "nuxt generate"}, "dependencies": {"nuxt": "^4.0.0", "vue": "^3.5"}}`},
			want:  []Project{nuxt(Project{File: "package.json"})},
		},
		{
			name:  "site.url, app.baseURL, site.trailingSlash",
			files: map[string]string{"nuxt.config.ts": seo},
			want: []Project{nuxt(Project{File: "nuxt.config.ts", BaseURL: "https://nuxt.example/docs/", BaseURLFrom: "nuxt.config.ts site.url + app.baseURL",
				TrailingSlash: "always"})},
		},
		{
			name: "runtimeConfig.public.siteUrl, site.trailingSlash false",
			files: map[string]string{"nuxt.config.js": `export default defineNuxtConfig({
  runtimeConfig: {
    apiSecret: '',
    public: { siteUrl: 'https://runtime.example/' },
  },
  site: { trailingSlash: false },
})
`},
			want: []Project{nuxt(Project{File: "nuxt.config.js", BaseURL: "https://runtime.example/", BaseURLFrom: "nuxt.config.js runtimeConfig.public.siteUrl",
				TrailingSlash: "never"})},
		},
		{
			name: "site.url from the environment is not passed over for runtimeConfig's",
			files: map[string]string{"nuxt.config.ts": `export default defineNuxtConfig({
  site: { url: process.env.NUXT_SITE_URL },
  runtimeConfig: { public: { siteUrl: 'http://localhost:3000' } },
  app: { baseURL: '/app' },
})
`},
			want: []Project{nuxt(Project{File: "nuxt.config.ts", BasePath: "/app/",
				Notes: []string{"nuxt.config.ts:2: site.url is not a literal string (process.env.NUXT_SITE_URL); give --base-url"}})},
		},
		{
			name:  "a Netlify build: Nitro's netlify preset writes dist",
			files: map[string]string{"nuxt.config.ts": starter},
			env:   map[string]string{"NETLIFY": "true"},
			want:  []Project{nuxt(Project{File: "nuxt.config.ts", PublishDir: "dist"})},
		},
		{
			name:  "NITRO_PRESET wins over the build environment and nitro.preset",
			files: map[string]string{"nuxt.config.ts": "export default defineNuxtConfig({ nitro: { preset: 'github_pages' } })\n"},
			env:   map[string]string{"NETLIFY": "true", "NITRO_PRESET": "vercel-static"},
			want:  []Project{nuxt(Project{File: "nuxt.config.ts", PublishDir: ".vercel/output/static"})},
		},
		{
			name:  "nitro.preset wins over the build environment",
			files: map[string]string{"nuxt.config.ts": "export default defineNuxtConfig({ nitro: { preset: 'github_pages' } })\n"},
			env:   map[string]string{"CF_PAGES": "1"},
			want:  []Project{nuxt(Project{File: "nuxt.config.ts"})},
		},
		{
			name:  "nitro.output.publicDir",
			files: map[string]string{"nuxt.config.mjs": "export default { nitro: { output: { publicDir: './www/' } } }\n"},
			want:  []Project{nuxt(Project{File: "nuxt.config.mjs", PublishDir: "www"})},
		},
		{
			name: "nitro.output.publicDir template, ssr false",
			files: map[string]string{"nuxt.config.ts": `export default defineNuxtConfig({
  ssr: false,
  nitro: { output: { publicDir: '{{ rootDir }}/public-site' } },
})
`},
			want: []Project{nuxt(Project{File: "nuxt.config.ts", PublishDir: "-", Notes: []string{
				`nuxt.config.ts:3: nitro.output.publicDir "{{ rootDir }}/public-site" is a template, which is not read; give the built folder as DIR`,
				"nuxt.config.ts: ssr is false: `nuxi generate` writes app shells that render in the browser, and only the routes it is given (the home page, nitro.prerender.routes) as files",
			}})},
		},
		{
			// nuxi build: .output/server beside .output/public.
			name:  "a server build",
			files: map[string]string{"nuxt.config.ts": "export default defineNuxtConfig({})\n", ".output/server/chunks/build/server.mjs": nuxtServerModule, ".output/public/index.html": "<title>home</title>"},
			want: []Project{nuxt(Project{File: "nuxt.config.ts", NuxtServer: ".output/server", TrailingSlash: "never",
				Notes: []string{"nuxt.config.ts: the build in .output is a server build (nuxi build): only its prerendered pages are files (in .output/public); pages rendered on demand are not listed"}})},
		},
		{
			name:  "a server build, site.trailingSlash true",
			files: map[string]string{"nuxt.config.ts": "export default defineNuxtConfig({ site: { trailingSlash: true } })\n", ".output/server/chunks/build/server.mjs": nuxtServerModule},
			want: []Project{nuxt(Project{File: "nuxt.config.ts", NuxtServer: ".output/server", TrailingSlash: "always",
				Notes: []string{"nuxt.config.ts: the build in .output is a server build (nuxi build): only its prerendered pages are files (in .output/public); pages rendered on demand are not listed"}})},
		},
	})
}
