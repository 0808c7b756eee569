package sveltekit_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/sveltekit"
)

type Detected = generator.Detected

func TestDetectSvelteKit(t *testing.T) {
	sk := func(p Detected) Detected { return p }
	kitPkg := `{"devDependencies": {"@sveltejs/adapter-static": "^3.0.0", "@sveltejs/kit": "^2.0.0", "svelte": "^5.0.0"}}`
	// The shape of the configuration a new project starts with, with
	// adapter-static in place of adapter-auto, as its docs show it.
	static := `import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),

	kit: {
		adapter: adapter({
			// default options are shown
			pages: 'build',
			assets: 'build',
			fallback: undefined,
			precompress: false,
			strict: true
		})
	}
};

export default config;
`
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name:  "adapter-static with its defaults",
			Files: map[string]string{"svelte.config.js": static, "package.json": kitPkg},
			Want:  []Detected{sk(Detected{File: "svelte.config.js", PublishDir: "build", Form: generator.URLForm{TrailingSlash: "always", CleanURLs: true}})},
		},
		{
			Name: "adapter-static's pages, fallback and kit.paths.base; homepage for the base URL",
			Files: map[string]string{"svelte.config.js": `import staticAdapter from "@sveltejs/adapter-static";

export default {
	kit: {
		adapter: staticAdapter({ pages: "dist", assets: "dist", fallback: "200.html" }),
		paths: { base: "/app" },
	},
};
`, "package.json": `{"homepage": "https://svelte.example", "devDependencies": {"@sveltejs/kit": "2"}}`},
			Want: []Detected{sk(Detected{File: "svelte.config.js", PublishDir: "dist", Fallbacks: []string{"200.html"}, BasePath: "/app/", Form: generator.URLForm{TrailingSlash: "always", CleanURLs: true},
				BaseURL: "https://svelte.example/app/", BaseURLFrom: "package.json homepage"})},
		},
		{
			Name: "kit.prerender.origin, the origin of url.origin in prerendered pages: the site URL, over homepage",
			Files: map[string]string{"svelte.config.js": `import adapter from '@sveltejs/adapter-static';
export default { kit: { adapter: adapter(), paths: { base: '/app' }, prerender: { origin: 'https://blog.test' } } };
`, "package.json": `{"homepage": "https://svelte.example", "devDependencies": {"@sveltejs/kit": "2"}}`},
			Want: []Detected{sk(Detected{File: "svelte.config.js", PublishDir: "build", BasePath: "/app/", Form: generator.URLForm{TrailingSlash: "always", CleanURLs: true},
				BaseURL: "https://blog.test/app/", BaseURLFrom: "svelte.config.js kit.prerender.origin"})},
		},
		{
			Name: "kit.prerender.origin of no public site: a note, no site URL",
			Files: map[string]string{"svelte.config.js": `import adapter from '@sveltejs/adapter-static';
export default { kit: { adapter: adapter(), prerender: { origin: 'http://localhost:4173' } } };
`, "package.json": kitPkg},
			Want: []Detected{sk(Detected{File: "svelte.config.js", PublishDir: "build", Form: generator.URLForm{TrailingSlash: "always", CleanURLs: true}, Notes: []string{
				`svelte.config.js:2: kit.prerender.origin "http://localhost:4173" names no public site; not taken for the base URL`,
			}})},
		},
		{
			Name: "kit.prerender.origin at its default, SvelteKit's stand-in: nothing",
			Files: map[string]string{"svelte.config.js": `import adapter from '@sveltejs/adapter-static';
export default { kit: { adapter: adapter(), prerender: { origin: 'http://sveltekit-prerender' } } };
`, "package.json": kitPkg},
			Want: []Detected{sk(Detected{File: "svelte.config.js", PublishDir: "build", Form: generator.URLForm{TrailingSlash: "always", CleanURLs: true}})},
		},
		{
			Name: "adapter-static in SPA mode: index.html is the home page",
			Files: map[string]string{"svelte.config.js": `const adapter = require('@sveltejs/adapter-static');
module.exports = { kit: { adapter: adapter({ fallback: 'index.html' }) } };
`},
			Want: []Detected{sk(Detected{File: "svelte.config.js", PublishDir: "build", Form: generator.URLForm{TrailingSlash: "always", CleanURLs: true}})},
		},
		{
			Name:  "adapter-static given no options on Vercel",
			Files: map[string]string{"svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter() } };\n", "package.json": kitPkg},
			Env:   map[string]string{"VERCEL": "1"},
			Want:  []Detected{sk(Detected{File: "svelte.config.js", PublishDir: ".vercel/output/static", Form: generator.URLForm{TrailingSlash: "always", CleanURLs: true}})},
		},
		{
			Name: "the new project's adapter-auto, a base path that is not a literal",
			Files: map[string]string{"svelte.config.js": `import adapter from '@sveltejs/adapter-auto';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter(),
		paths: { base: process.argv.includes('dev') ? '' : process.env.BASE_PATH }
	}
};

export default config;
`, "package.json": kitPkg},
			Want: []Detected{sk(Detected{File: "svelte.config.js", Notes: []string{
				"svelte.config.js:8: kit.adapter is @sveltejs/adapter-auto, not @sveltejs/adapter-static or @sveltejs/adapter-node: sitemapgen needs a static build (adapter-static writes build/) or adapter-node's (build/prerendered/)",
				"svelte.config.js:9: kit.paths.base is not a literal string (process.argv.includes('dev') ? '' : process.env.BASE_PATH); give --base-url",
			}})},
		},
		{
			Name: "pages not a literal",
			Files: map[string]string{"svelte.config.js": `import adapter from '@sveltejs/adapter-static';
export default { kit: { adapter: adapter({ pages: process.env.OUT }) } };
`, "package.json": kitPkg},
			Want: []Detected{sk(Detected{File: "svelte.config.js", Notes: []string{
				"svelte.config.js:2: kit.adapter().pages is not a literal string (process.env.OUT); give the built folder as DIR",
			}})},
		},
		{
			Name:  "SvelteKit from package.json, no svelte.config.js",
			Files: map[string]string{"package.json": kitPkg},
			Want: []Detected{sk(Detected{File: "package.json", Notes: []string{
				"package.json: no kit.adapter: sitemapgen needs the static build of @sveltejs/adapter-static (set kit.adapter in svelte.config.js; `vite build` then writes build/)",
			}})},
		},
		{
			Name:  "adapter-node with its defaults: the prerendered pages, the sitemaps where its server serves files",
			Files: map[string]string{"svelte.config.js": "import adapter from '@sveltejs/adapter-node';\nexport default { kit: { adapter: adapter() } };\n", "package.json": kitPkg},
			Want:  []Detected{sk(Detected{File: "svelte.config.js", PublishDir: "build/prerendered", ServedDir: "build/client", Own: sveltekit.Server{Out: ".svelte-kit"}, Form: generator.URLForm{TrailingSlash: "always", CleanURLs: true}})},
		},
		{
			Name: "adapter-node's out, kit.outDir and kit.paths.base: the folders below the base path",
			Files: map[string]string{"svelte.config.js": `import node from "@sveltejs/adapter-node";
export default { kit: { adapter: node({ out: "server-out", precompress: false }), outDir: "cache/kit", paths: { base: "/shop" } } };
`, "package.json": kitPkg},
			Want: []Detected{sk(Detected{File: "svelte.config.js", PublishDir: "server-out/prerendered/shop", ServedDir: "server-out/client/shop", Own: sveltekit.Server{Out: "cache/kit"}, BasePath: "/shop/", Form: generator.URLForm{TrailingSlash: "always", CleanURLs: true}})},
		},
		{
			Name:  "a Svelte app's svelte.config.js is not SvelteKit",
			Files: map[string]string{"svelte.config.js": "import { vitePreprocess } from '@sveltejs/vite-plugin-svelte'\n\nexport default {\n  preprocess: vitePreprocess(),\n}\n", "package.json": `{"devDependencies": {"svelte": "^5", "vite": "^6"}}`},
			Want:  nil,
		},
	})
}

// TestSitemaps: SvelteKit writes no sitemap; a sitemap.xml is the
// project's own.
func TestSitemaps(t *testing.T) {
	p := &Detected{Gen: sveltekit.Generator{}}
	takes := p.Sitemaps()
	for _, n := range []string{"sitemap.xml", "sitemap-index.xml", "sitemap-0.xml"} {
		if takes(n) {
			t.Errorf("%s taken over", n)
		}
	}
}
