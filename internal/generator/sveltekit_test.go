package generator

import "testing"

func TestDetectSvelteKit(t *testing.T) {
	sk := func(p Project) Project {
		p.Generator, p.Title = "sveltekit", "SvelteKit"
		return p
	}
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
	testDetect(t, []detectTest{
		{
			name:  "adapter-static with its defaults",
			files: map[string]string{"svelte.config.js": static, "package.json": kitPkg},
			want:  []Project{sk(Project{File: "svelte.config.js", PublishDir: "build"})},
		},
		{
			name: "adapter-static's pages, fallback and kit.paths.base; homepage for the base URL",
			files: map[string]string{"svelte.config.js": `import staticAdapter from "@sveltejs/adapter-static";

export default {
	kit: {
		adapter: staticAdapter({ pages: "dist", assets: "dist", fallback: "200.html" }),
		paths: { base: "/app" },
	},
};
`, "package.json": `{"homepage": "https://svelte.example", "devDependencies": {"@sveltejs/kit": "2"}}`},
			want: []Project{sk(Project{File: "svelte.config.js", PublishDir: "dist", Fallbacks: []string{"200.html"}, BasePath: "/app/",
				BaseURL: "https://svelte.example/app/", BaseURLFrom: "package.json homepage"})},
		},
		{
			name: "adapter-static in SPA mode: index.html is the home page",
			files: map[string]string{"svelte.config.js": `const adapter = require('@sveltejs/adapter-static');
module.exports = { kit: { adapter: adapter({ fallback: 'index.html' }) } };
`},
			want: []Project{sk(Project{File: "svelte.config.js", PublishDir: "build"})},
		},
		{
			name:  "adapter-static given no options on Vercel",
			files: map[string]string{"svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter() } };\n", "package.json": kitPkg},
			env:   map[string]string{"VERCEL": "1"},
			want:  []Project{sk(Project{File: "svelte.config.js", PublishDir: ".vercel/output/static"})},
		},
		{
			name: "the new project's adapter-auto, a base path that is not a literal",
			files: map[string]string{"svelte.config.js": `import adapter from '@sveltejs/adapter-auto';
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
			want: []Project{sk(Project{File: "svelte.config.js", Notes: []string{
				"svelte.config.js:8: kit.adapter is @sveltejs/adapter-auto, not @sveltejs/adapter-static or @sveltejs/adapter-node: sitemapgen needs a static build (adapter-static writes build/) or adapter-node's (build/prerendered/)",
				"svelte.config.js:9: kit.paths.base is not a literal string (process.argv.includes('dev') ? '' : process.env.BASE_PATH); give --base-url",
			}})},
		},
		{
			name: "pages not a literal",
			files: map[string]string{"svelte.config.js": `import adapter from '@sveltejs/adapter-static';
export default { kit: { adapter: adapter({ pages: process.env.OUT }) } };
`, "package.json": kitPkg},
			want: []Project{sk(Project{File: "svelte.config.js", Notes: []string{
				"svelte.config.js:2: kit.adapter().pages is not a literal string (process.env.OUT); give the built folder as DIR",
			}})},
		},
		{
			name:  "SvelteKit from package.json, no svelte.config.js",
			files: map[string]string{"package.json": kitPkg},
			want: []Project{sk(Project{File: "package.json", Notes: []string{
				"package.json: no kit.adapter: sitemapgen needs the static build of @sveltejs/adapter-static (set kit.adapter in svelte.config.js; `vite build` then writes build/)",
			}})},
		},
		{
			name:  "adapter-node with its defaults: the prerendered pages, the sitemaps where its server serves files",
			files: map[string]string{"svelte.config.js": "import adapter from '@sveltejs/adapter-node';\nexport default { kit: { adapter: adapter() } };\n", "package.json": kitPkg},
			want:  []Project{sk(Project{File: "svelte.config.js", PublishDir: "build/prerendered", ServedDir: "build/client", SvelteKitOut: ".svelte-kit", TrailingSlash: "always", CleanURLs: true})},
		},
		{
			name: "adapter-node's out, kit.outDir and kit.paths.base: the folders below the base path",
			files: map[string]string{"svelte.config.js": `import node from "@sveltejs/adapter-node";
export default { kit: { adapter: node({ out: "server-out", precompress: false }), outDir: "cache/kit", paths: { base: "/shop" } } };
`, "package.json": kitPkg},
			want: []Project{sk(Project{File: "svelte.config.js", PublishDir: "server-out/prerendered/shop", ServedDir: "server-out/client/shop", SvelteKitOut: "cache/kit", BasePath: "/shop/", TrailingSlash: "always", CleanURLs: true})},
		},
		{
			name:  "a Svelte app's svelte.config.js is not SvelteKit",
			files: map[string]string{"svelte.config.js": "import { vitePreprocess } from '@sveltejs/vite-plugin-svelte'\n\nexport default {\n  preprocess: vitePreprocess(),\n}\n", "package.json": `{"devDependencies": {"svelte": "^5", "vite": "^6"}}`},
			want:  nil,
		},
	})
}
