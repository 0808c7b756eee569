package generator

import "testing"

func TestDetectAstro(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name:  "astro from package.json",
			files: map[string]string{"package.json": `{"devDependencies": {"astro": "^5.0.0"}}`},
			want:  []Project{{Generator: "astro", Title: "Astro", File: "package.json", PublishDir: "dist"}},
		},
		{
			name: "astro defaults",
			files: map[string]string{"astro.config.mjs": `import { defineConfig } from 'astro/config';
export default defineConfig({});
`},
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "dist"}},
		},
		{
			name: "astro literal values",
			files: map[string]string{"astro.config.mjs": `import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';

export default defineConfig({
  site: 'https://example.com',
  base: "/docs",
  outDir: './build/',
  trailingSlash: 'always',
  integrations: [sitemap({ filter: (page) => page !== 'https://example.com/secret/' })],
});
`},
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "build",
				BaseURL: "https://example.com/docs/", BaseURLFrom: "astro.config.mjs site + base", TrailingSlash: "always"}},
		},
		{
			name: "astro comments and strings hide fake values",
			files: map[string]string{"astro.config.mjs": `// site: 'https://fake.example/',
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
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "dist",
				BaseURL: "https://real.example/", BaseURLFrom: "astro.config.mjs site", TrailingSlash: "never"}},
		},
		{
			name: "astro non-literal site",
			files: map[string]string{"astro.config.mjs": `import { defineConfig } from 'astro/config';

export default defineConfig({
  site: process.env.SITE,
  base: ` + "`/${process.env.BASE}`" + `,
  outDir: new URL('./out', import.meta.url).pathname,
});
`},
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs",
				Notes: []string{
					"astro.config.mjs:6: outDir is not a literal string (new URL('./out', import.meta.url).pathname); give the built folder as DIR",
					"astro.config.mjs:4: site is not a literal string (process.env.SITE); give --base-url",
					"astro.config.mjs:5: base is not a literal string (`/${process.env.BASE}`); give --base-url",
				}}},
		},
		{
			name: "astro TypeScript, declared then exported",
			files: map[string]string{"astro.config.ts": `import { defineConfig, type AstroUserConfig } from 'astro/config';

const site: string = "https://ts.example";

const config: AstroUserConfig = {
  site: ` + "`https://ts.example/`" + `,
  base: 'guide' as const,
  build: { format: 'file' as const },
  trailingSlash: 'ignore',
};

export default defineConfig(config);
`},
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.ts", PublishDir: "dist",
				BaseURL: "https://ts.example/guide/", BaseURLFrom: "astro.config.ts site + base", TrailingSlash: "never"}},
		},
		{
			name: "astro base without site, shorthand site",
			files: map[string]string{"astro.config.mjs": `const site = process.env.URL;
export default {
  site,
  base: '/sub/',
};
`},
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "dist", BasePath: "/sub/",
				Notes: []string{"astro.config.mjs:3: site is not a literal string (site); give --base-url"}}},
		},
		{
			name: "astro site with a path but no base",
			files: map[string]string{"astro.config.mjs": `export default { site: 'https://user.github.io/repo/' }
`},
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "dist",
				BaseURL: "https://user.github.io/", BaseURLFrom: "astro.config.mjs site",
				Notes: []string{"astro.config.mjs:1: site has the path /repo/, which Astro does not use without base: the pages are at the root of user.github.io (set base: '/repo' if they are not)"}}},
		},
		{
			name: "astro server output",
			files: map[string]string{"astro.config.mjs": `export default defineConfig({ output: 'server', adapter: node({ mode: 'standalone' }) })
`},
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "dist/client", AstroServer: "dist/server",
				Notes: []string{"astro.config.mjs:1: output is 'server': only prerendered pages are files (in dist/client); pages rendered on demand are not listed"}}},
		},
		{
			name: "astro server output, folders renamed",
			files: map[string]string{"astro.config.mjs": `export default defineConfig({ output: 'server', outDir: 'out', build: { client: './static/', server: './ssr/' } })
`},
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "out/static", AstroServer: "out/ssr",
				Notes: []string{"astro.config.mjs:1: output is 'server': only prerendered pages are files (in out/static); pages rendered on demand are not listed"}}},
		},
		{
			// Astro 5 builds a static output with a page rendered on
			// demand as a server build: its build tells.
			name: "astro static output built as a server build",
			files: map[string]string{
				"astro.config.mjs":               "export default defineConfig({ adapter: node({ mode: 'standalone' }) })\n",
				"dist/client/index.html":         "<title>home</title>",
				"dist/server/manifest_Ab1-x.mjs": astroManifestModule,
				"dist/server/entry.mjs":          "export {}",
				"src/pages/account.astro":        "---\nexport const prerender = false;\n---",
			},
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "dist/client", AstroServer: "dist/server",
				Notes: []string{"astro.config.mjs: the build in dist is a server build (pages rendered on demand): only its prerendered pages are files (in dist/client); pages rendered on demand are not listed"}}},
		},
		{
			// A static site with pages at /client/ and /server/: no
			// manifest of Astro's server.
			name: "astro static site with a client folder",
			files: map[string]string{
				"astro.config.mjs":          "export default defineConfig({})\n",
				"dist/client/index.html":    "<title>client</title>",
				"dist/server/index.html":    "<title>server</title>",
				"dist/server/manifest.json": "{}",
			},
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "dist"}},
		},
	})
}
