package generator

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// detectFixture writes files (name → contents, "/" separators) into a new
// temporary folder and returns it.
func detectFixture(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// envMap is a lookupEnv over a map.
func envMap(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		v, ok := m[k]
		return v, ok
	}
}

func TestDetect(t *testing.T) {
	t.Setenv("HUGO_ENVIRONMENT", "") // LoadHugo reads it: "production"
	tests := []struct {
		name  string
		files map[string]string
		env   map[string]string
		want  []Project
	}{
		{
			name: "empty folder",
			want: nil,
		},
		{
			name:  "unrelated files",
			files: map[string]string{"index.html": "<p>hi", "package.json": `{"dependencies": {"react": "^18"}}`, "Gemfile": "source 'https://rubygems.org'\n# gem \"jekyll\"\ngem \"rails\"\n"},
			want:  nil,
		},

		// Hugo
		{
			name:  "hugo defaults",
			files: map[string]string{"hugo.toml": "title = 'x'\n"},
			want:  []Project{{Generator: "hugo", Title: "Hugo", File: "hugo.toml", PublishDir: "public"}},
		},
		{
			name:  "hugo baseURL and publishDir",
			files: map[string]string{"hugo.toml": "baseURL = 'https://example.org/docs'\npublishDir = './build/'\n"},
			want: []Project{{Generator: "hugo", Title: "Hugo", File: "hugo.toml", PublishDir: "build",
				BaseURL: "https://example.org/docs/", BaseURLFrom: "hugo.toml baseURL"}},
		},
		{
			name:  "hugo baseURL slash is none",
			files: map[string]string{"config.yaml": "baseURL: /\n"},
			want:  []Project{{Generator: "hugo", Title: "Hugo", File: "config.yaml", PublishDir: "public"}},
		},
		{
			name:  "hugo baseURL without scheme",
			files: map[string]string{"hugo.json": "{\n  \"title\": \"x\",\n  \"baseURL\": \"example.org\"\n}\n"},
			want: []Project{{Generator: "hugo", Title: "Hugo", File: "hugo.json", PublishDir: "public",
				Notes: []string{`hugo.json:3: baseURL "example.org" is not an absolute http(s) URL; give --base-url`}}},
		},
		{
			name: "hugo config/_default with a production override",
			files: map[string]string{
				"config/_default/hugo.toml":    "baseURL = 'http://localhost/'\npublishDir = 'www'\n",
				"config/_default/params.toml":  "baseURL = 'https://not-a-setting.example/'\n",
				"config/production/hugo.toml":  "baseURL = 'https://example.org/'\n",
				"config/development/hugo.toml": "baseURL = 'https://dev.example.org/'\n",
			},
			want: []Project{{Generator: "hugo", Title: "Hugo", File: "config/_default/hugo.toml", PublishDir: "www",
				BaseURL: "https://example.org/", BaseURLFrom: "config/production/hugo.toml baseURL"}},
		},
		{
			name:  "hugo configuration LoadHugo rejects",
			files: map[string]string{"hugo.toml": "baseURL = 'https://example.org/'\npublishDir = 'out'\n[permalinks]\nposts = 3\n"},
			want: []Project{{Generator: "hugo", Title: "Hugo", File: "hugo.toml", PublishDir: "out",
				BaseURL: "https://example.org/", BaseURLFrom: "hugo.toml baseURL",
				Notes: []string{"hugo.toml: permalinks.posts: want a pattern string, got a number; only baseURL and publishDir are read"}}},
		},

		// Jekyll
		{
			name:  "jekyll url and baseurl",
			files: map[string]string{"_config.yml": "title: x\nurl: https://x.org\nbaseurl: /blog\n"},
			want: []Project{{Generator: "jekyll", Title: "Jekyll", File: "_config.yml", PublishDir: "_site",
				BaseURL: "https://x.org/blog/", BaseURLFrom: "_config.yml url + baseurl"}},
		},
		{
			name:  "jekyll url only, destination",
			files: map[string]string{"_config.yml": "url: \"https://x.org/\"\ndestination: ./public/\n"},
			want: []Project{{Generator: "jekyll", Title: "Jekyll", File: "_config.yml", PublishDir: "public",
				BaseURL: "https://x.org/", BaseURLFrom: "_config.yml url"}},
		},
		{
			name:  "jekyll baseurl alone",
			files: map[string]string{"_config.yml": "baseurl: \"/project\"\n"},
			want:  []Project{{Generator: "jekyll", Title: "Jekyll", File: "_config.yml", PublishDir: "_site", BasePath: "/project/"}},
		},
		{
			name:  "jekyll Gemfile",
			files: map[string]string{"Gemfile": "source \"https://rubygems.org\"\n\ngem \"jekyll\", \"~> 4.3\"\n"},
			want:  []Project{{Generator: "jekyll", Title: "Jekyll", File: "Gemfile", PublishDir: "_site"}},
		},
		{
			name:  "jekyll github-pages Gemfile",
			files: map[string]string{"Gemfile": "source 'https://rubygems.org'\ngem 'github-pages', group: :jekyll_plugins\n"},
			want:  []Project{{Generator: "jekyll", Title: "Jekyll", File: "Gemfile", PublishDir: "_site"}},
		},
		{
			name:  "jekyll configuration LoadJekyll rejects",
			files: map[string]string{"_config.yml": "url: https://x.org\ntimezone: Nowhere/Special\n"},
			want: []Project{{Generator: "jekyll", Title: "Jekyll", File: "_config.yml", PublishDir: "_site",
				BaseURL: "https://x.org/", BaseURLFrom: "_config.yml url",
				Notes: []string{"_config.yml: timezone: unknown time zone Nowhere/Special; only url, baseurl and destination are read"}}},
		},

		// Astro
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
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "dist/client",
				Notes: []string{"astro.config.mjs:1: output is 'server': only prerendered pages are files (in dist/client); pages rendered on demand are not listed"}}},
		},

		// Eleventy
		{
			name:  "eleventy from package.json",
			files: map[string]string{"package.json": `{"devDependencies": {"@11ty/eleventy": "^3.0.0"}}`},
			want:  []Project{{Generator: "eleventy", Title: "Eleventy", File: "package.json", PublishDir: "_site"}},
		},
		{
			name: "eleventy returned dir.output",
			files: map[string]string{".eleventy.js": `const pluginRss = require("@11ty/eleventy-plugin-rss");

module.exports = function (eleventyConfig) {
  eleventyConfig.addPlugin(pluginRss, { dir: { output: "plugin-option" } });
  const opts = { output: "not-this" };
  return {
    pathPrefix: "/blog/",
    dir: {
      input: "src",
      output: "dist",
    },
  };
};
`},
			want: []Project{{Generator: "eleventy", Title: "Eleventy", File: ".eleventy.js", PublishDir: "dist", BasePath: "/blog/"}},
		},
		{
			name: "eleventy named export config",
			files: map[string]string{"eleventy.config.mjs": `export default async function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy("img");
}

export const config = {
  dir: { input: "content", output: "public" },
};
`},
			want: []Project{{Generator: "eleventy", Title: "Eleventy", File: "eleventy.config.mjs", PublishDir: "public"}},
		},
		{
			name: "eleventy setOutputDirectory",
			files: map[string]string{"eleventy.config.js": `export default function (eleventyConfig) {
  eleventyConfig.setOutputDirectory('www');
}
`},
			want: []Project{{Generator: "eleventy", Title: "Eleventy", File: "eleventy.config.js", PublishDir: "www"}},
		},
		{
			name: "eleventy output not literal",
			files: map[string]string{"eleventy.config.cjs": `module.exports = (cfg) => ({ dir: { output: process.env.OUT || "_site" } });
`},
			want: []Project{{Generator: "eleventy", Title: "Eleventy", File: "eleventy.config.cjs",
				Notes: []string{`eleventy.config.cjs:1: dir.output is not a literal string (process.env.OUT || "_site"); give the built folder as DIR`}}},
		},

		// Next.js
		{
			name: "next static export",
			files: map[string]string{"next.config.js": `/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  basePath: '/docs',
  trailingSlash: true,
  images: { unoptimized: true },
};

module.exports = nextConfig;
`},
			want: []Project{{Generator: "next", Title: "Next.js", File: "next.config.js", PublishDir: "out", BasePath: "/docs/", TrailingSlash: "always"}},
		},
		{
			name: "next TypeScript export with distDir",
			files: map[string]string{"next.config.ts": `import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  output: "export",
  // Optional: Change the output directory ` + "`out` -> `dist`" + `
  distDir: "dist",
};

export default nextConfig;
`},
			want: []Project{{Generator: "next", Title: "Next.js", File: "next.config.ts", PublishDir: "dist", TrailingSlash: "never"}},
		},
		{
			name: "next export wrapped in a plugin, distDir .next",
			files: map[string]string{"next.config.mjs": `import createMDX from '@next/mdx'
const withMDX = createMDX({ extension: /\.mdx?$/ })
const nextConfig = { output: 'export', distDir: '.next', trailingSlash: false }
export default withMDX(nextConfig)
`},
			want: []Project{{Generator: "next", Title: "Next.js", File: "next.config.mjs", PublishDir: "out", TrailingSlash: "never"}},
		},
		{
			name: "next without export",
			files: map[string]string{"next.config.js": `module.exports = {
  reactStrictMode: true,
}
`},
			want: []Project{{Generator: "next", Title: "Next.js", File: "next.config.js", TrailingSlash: "never",
				Notes: []string{"next.config.js: no output: 'export': sitemapgen needs a static export (set output: 'export' in next.config.js; `next build` then writes out/)"}}},
		},
		{
			name: "next standalone",
			files: map[string]string{"next.config.mjs": `const nextConfig = {
  output: 'standalone',
};
export default nextConfig;
`},
			want: []Project{{Generator: "next", Title: "Next.js", File: "next.config.mjs", TrailingSlash: "never",
				Notes: []string{"next.config.mjs:2: output is 'standalone', not 'export': sitemapgen needs a static export (output: 'export', which `next build` writes to out/)"}}},
		},
		{
			name: "next output not literal",
			files: map[string]string{"next.config.js": `const isExport = process.env.EXPORT === "1";
module.exports = {
  output: isExport ? "export" : undefined,
};
`},
			want: []Project{{Generator: "next", Title: "Next.js", File: "next.config.js", TrailingSlash: "never",
				Notes: []string{`next.config.js:3: output is not a literal string (isExport ? "export" : undefined); give the built folder as DIR`}}},
		},
		{
			name: "next config function with two returns",
			files: map[string]string{"next.config.js": `const { PHASE_DEVELOPMENT_SERVER } = require('next/constants')

module.exports = (phase, { defaultConfig }) => {
  if (phase === PHASE_DEVELOPMENT_SERVER) {
    return { output: 'export', basePath: '/dev' }
  }
  const rewrite = { basePath: '/not-returned' }
  return {
    output: 'export',
    basePath: '/prod',
  }
}
`},
			want: []Project{{Generator: "next", Title: "Next.js", File: "next.config.js", PublishDir: "out", TrailingSlash: "never",
				Notes: []string{"next.config.js:10: basePath is set more than once, to different values ('/prod'; line 5: '/dev'); give --base-url"}}},
		},
		{
			name:  "next export script",
			files: map[string]string{"package.json": `{"scripts": {"build": "next build && next export -o build/site"}, "dependencies": {"next": "12.3.4", "react": "18"}}`},
			want:  []Project{{Generator: "next", Title: "Next.js", File: "package.json", PublishDir: "build/site", TrailingSlash: "never"}},
		},
		{
			name:  "next dependency only",
			files: map[string]string{"package.json": `{"dependencies": {"next": "15.0.0"}}`},
			want: []Project{{Generator: "next", Title: "Next.js", File: "package.json", TrailingSlash: "never",
				Notes: []string{"package.json: no output: 'export': sitemapgen needs a static export (set output: 'export' in next.config.js; `next build` then writes out/)"}}},
		},

		// MkDocs
		{
			name:  "mkdocs defaults",
			files: map[string]string{"mkdocs.yml": "site_name: My Docs\n"},
			want:  []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", PublishDir: "site", TrailingSlash: "always"}},
		},
		{
			name:  "mkdocs literal values",
			files: map[string]string{"mkdocs.yaml": "site_name: My Docs\nsite_url: https://docs.example.org/proj\nsite_dir: public\nuse_directory_urls: false\n"},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yaml", PublishDir: "public", TrailingSlash: "never",
				BaseURL: "https://docs.example.org/proj/", BaseURLFrom: "mkdocs.yaml site_url"}},
		},
		{
			name: "mkdocs material with python tags and !ENV default",
			files: map[string]string{"mkdocs.yml": `site_name: Material
site_url: !ENV [SITE_URL, 'https://default.example/']
theme:
  name: material
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
  - toc:
      slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}
plugins:
  - search
  - social:
      enabled: !ENV [CI, false]
`},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", PublishDir: "site", TrailingSlash: "always",
				BaseURL: "https://default.example/", BaseURLFrom: "mkdocs.yml site_url (!ENV default)"}},
		},
		{
			name:  "mkdocs !ENV set",
			files: map[string]string{"mkdocs.yml": "site_url: !ENV [DEPLOY_URL, SITE_URL, 'https://default.example/']\nsite_dir: !ENV SITE_DIR\nuse_directory_urls: !ENV [DIR_URLS, true]\n"},
			env:   map[string]string{"SITE_URL": "https://env.example/docs", "SITE_DIR": "build/html", "DIR_URLS": "off"},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", PublishDir: "build/html", TrailingSlash: "never",
				BaseURL: "https://env.example/docs/", BaseURLFrom: "mkdocs.yml site_url (!ENV SITE_URL)"}},
		},
		{
			name:  "mkdocs !ENV unset",
			files: map[string]string{"mkdocs.yml": "site_name: x\nsite_url: !ENV SITE_URL\n"},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", PublishDir: "site", TrailingSlash: "always",
				Notes: []string{"mkdocs.yml:2: site_url is !ENV SITE_URL, which is not set; give --base-url"}}},
		},
		{
			name:  "mkdocs !relative site_dir",
			files: map[string]string{"mkdocs.yml": "site_name: x\nsite_dir: !relative $config_dir/../public\n"},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", TrailingSlash: "always",
				Notes: []string{"mkdocs.yml:2: site_dir has the tag !relative, which is not read; give the built folder as DIR"}}},
		},
		{
			name: "mkdocs INHERIT",
			files: map[string]string{
				"mkdocs.yml":      "INHERIT: config/base.yml\nsite_dir: out\n",
				"config/base.yml": "site_url: https://base.example/\nsite_dir: ignored\nuse_directory_urls: no\n",
			},
			want: []Project{{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", PublishDir: "out", TrailingSlash: "never",
				BaseURL: "https://base.example/", BaseURLFrom: "config/base.yml site_url"}},
		},

		// Docusaurus
		{
			name:  "docusaurus from package.json",
			files: map[string]string{"package.json": `{"dependencies": {"@docusaurus/core": "3.5.2", "react": "^18"}}`},
			want:  []Project{{Generator: "docusaurus", Title: "Docusaurus", File: "package.json", PublishDir: "build"}},
		},
		{
			name: "docusaurus url, baseUrl, trailingSlash",
			files: map[string]string{"docusaurus.config.js": `// @ts-check
import {themes as prismThemes} from 'prism-react-renderer';

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'My Site',
  url: 'https://your-docusaurus-site.example.com',
  baseUrl: '/metro/',
  trailingSlash: false,
  presets: [
    ['classic', /** @type {import('@docusaurus/preset-classic').Options} */ ({
      docs: { sidebarPath: './sidebars.js', routeBasePath: '/' },
    })],
  ],
  themeConfig: { navbar: { title: 'x', items: [{ href: 'https://github.com/x', url: 'fake' }] } },
};

export default config;
`},
			want: []Project{{Generator: "docusaurus", Title: "Docusaurus", File: "docusaurus.config.js", PublishDir: "build",
				BaseURL: "https://your-docusaurus-site.example.com/metro/", BaseURLFrom: "docusaurus.config.js url + baseUrl", TrailingSlash: "never"}},
		},
		{
			name: "docusaurus TypeScript async config",
			files: map[string]string{"docusaurus.config.ts": `import type {Config} from '@docusaurus/types';

export default async function createConfigAsync(): Promise<Config> {
  return {
    title: 'Docs',
    url: 'https://docs.example.com/',
    baseUrl: '/',
    trailingSlash: true,
  } satisfies Config;
}
`},
			want: []Project{{Generator: "docusaurus", Title: "Docusaurus", File: "docusaurus.config.ts", PublishDir: "build",
				BaseURL: "https://docs.example.com/", BaseURLFrom: "docusaurus.config.ts url + baseUrl", TrailingSlash: "always"}},
		},
		{
			name: "docusaurus spread base config",
			files: map[string]string{"docusaurus.config.js": `const base = require('./base.config');
module.exports = { ...base, title: 'x' };
`},
			want: []Project{{Generator: "docusaurus", Title: "Docusaurus", File: "docusaurus.config.js", PublishDir: "build",
				Notes: []string{
					"docusaurus.config.js:2: url may come from ...base, which is not read; give --base-url",
					"docusaurus.config.js:2: baseUrl may come from ...base, which is not read; give --base-url",
				}}},
		},

		// Several
		{
			name: "hugo and astro in one folder",
			files: map[string]string{
				"hugo.toml":    "baseURL = 'https://hugo.example/'\n",
				"package.json": `{"dependencies": {"astro": "4"}}`,
			},
			want: []Project{
				{Generator: "hugo", Title: "Hugo", File: "hugo.toml", PublishDir: "public", BaseURL: "https://hugo.example/", BaseURLFrom: "hugo.toml baseURL"},
				{Generator: "astro", Title: "Astro", File: "package.json", PublishDir: "dist"},
			},
		},
		{
			name: "every generator",
			files: map[string]string{
				"docusaurus.config.js": "module.exports = {url: 'https://d.example', baseUrl: '/'}",
				"mkdocs.yml":           "site_name: x\n",
				"next.config.js":       "module.exports = {output: 'export'}",
				".eleventy.js":         "module.exports = function () {}",
				"astro.config.mjs":     "export default {}",
				"_config.yml":          "title: x\n",
				"config.toml":          "title = 'x'\n",
			},
			want: []Project{
				{Generator: "hugo", Title: "Hugo", File: "config.toml", PublishDir: "public"},
				{Generator: "jekyll", Title: "Jekyll", File: "_config.yml", PublishDir: "_site"},
				{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "dist"},
				{Generator: "eleventy", Title: "Eleventy", File: ".eleventy.js", PublishDir: "_site"},
				{Generator: "next", Title: "Next.js", File: "next.config.js", PublishDir: "out", TrailingSlash: "never"},
				{Generator: "mkdocs", Title: "MkDocs", File: "mkdocs.yml", PublishDir: "site", TrailingSlash: "always"},
				{Generator: "docusaurus", Title: "Docusaurus", File: "docusaurus.config.js", PublishDir: "build", BaseURL: "https://d.example/", BaseURLFrom: "docusaurus.config.js url + baseUrl"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := detectFixture(t, tt.files)
			got, err := detect(dir, envMap(tt.env))
			if err != nil {
				t.Fatalf("detect: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("detect:\n got %s\nwant %s", formatProjects(got), formatProjects(tt.want))
			}
		})
	}
}

func formatProjects(ps []Project) string {
	if ps == nil {
		return "nil"
	}
	var b strings.Builder
	for _, p := range ps {
		b.WriteString("\n  {")
		v := reflect.ValueOf(p)
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); !f.IsZero() {
				b.WriteString(" " + v.Type().Field(i).Name + ": ")
				if f.Kind() == reflect.String {
					b.WriteString(strconv.Quote(f.String()))
				} else {
					for _, n := range f.Interface().([]string) {
						b.WriteString("\n      " + strconv.Quote(n))
					}
				}
			}
		}
		b.WriteString(" }")
	}
	return b.String()
}

func TestDetectExported(t *testing.T) {
	// Detect is detect with the process's environment.
	t.Setenv("SITEMAPGEN_TEST_SITE_URL", "https://from-env.example/")
	dir := detectFixture(t, map[string]string{"mkdocs.yml": "site_url: !ENV SITEMAPGEN_TEST_SITE_URL\n"})
	got, err := Detect(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].BaseURL != "https://from-env.example/" {
		t.Errorf("Detect = %s", formatProjects(got))
	}
}

func TestDetectErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		file  string // the ConfigError's file, relative to the folder
		line  int
	}{
		{"broken hugo.toml", map[string]string{"hugo.toml": "title = 'x'\nbaseURL = \n"}, "hugo.toml", 2},
		{"broken config/_default", map[string]string{"config/_default/hugo.toml": "a = 1\n\nb = = 2\n"}, "config/_default/hugo.toml", 3},
		{"broken _config.yml", map[string]string{"_config.yml": "title: x\nurl: https://x.org\n  baseurl: /\n"}, "_config.yml", 3},
		{"_config.yml not a mapping", map[string]string{"_config.yml": "- a\n- b\n"}, "_config.yml", 0},
		{"broken mkdocs.yml", map[string]string{"mkdocs.yml": "site_name: x\n  site_url: y\n"}, "mkdocs.yml", 2},
		{"mkdocs.yml not a mapping", map[string]string{"mkdocs.yml": "- a\n"}, "mkdocs.yml", 1},
		{"broken inherited mkdocs file", map[string]string{"mkdocs.yml": "INHERIT: base.yml\n", "base.yml": "x: 1\na: b: c\n"}, "base.yml", 2},
		{"broken package.json", map[string]string{"package.json": "{\n  \"dependencies\": {\n    \"astro\": \"5\",\n  }\n}\n"}, "package.json", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := detectFixture(t, tt.files)
			got, err := detect(dir, envMap(nil))
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("detect = %s, %v; want a *ConfigError", formatProjects(got), err)
			}
			if got != nil {
				t.Errorf("projects = %s with an error", formatProjects(got))
			}
			if want := filepath.Join(dir, filepath.FromSlash(tt.file)); ce.File != want || ce.Line != tt.line {
				t.Errorf("ConfigError at %s:%d (%v), want %s:%d", ce.File, ce.Line, ce, want, tt.line)
			}
		})
	}

	if _, err := detect(filepath.Join(t.TempDir(), "missing"), envMap(nil)); err == nil {
		t.Error("detect of a missing folder: no error")
	}
}

func TestKeyLine(t *testing.T) {
	data := []byte("# baseURL = 'no'\ntitle = 'x'\n  BaseUrl= 'y'\nbaseurl: z\n")
	if got := keyLine(data, "baseURL"); got != 3 {
		t.Errorf("keyLine = %d, want 3", got)
	}
	if got := keyLine(data, "publishDir"); got != 0 {
		t.Errorf("keyLine of a missing key = %d, want 0", got)
	}
}

var noteLineRE = regexp.MustCompile(`^[^:]+:(\d+): `)

// FuzzJSProjects checks that the Astro, Eleventy, Next.js and Docusaurus
// readers, on top of the JavaScript reader (whose own fuzz target is
// jsconfig's FuzzJSLiterals), do not panic and only report lines the file
// has.
func FuzzJSProjects(f *testing.F) {
	for _, s := range []string{
		"export default defineConfig({ site: 'https://x.org', base: '/b', build: { format: 'file' } })",
		"module.exports = { output: 'export', distDir: `out`, basePath: process.env.BP }",
		"const config = { url: 'u', baseUrl: '/' };\nexport default config;\n",
		"export const config = { dir: { output: 'dist' } }; export default function (c) { c.setOutputDirectory(`x${y}`) }",
		"`${`${`${'`'}`}`}` /re[/]/g 'a\\\n' \"b",
		"/* unclosed",
		"export default { a: 'x\n",
		"x = a / b / c; y = /[/]/; export default {...base, [k]: 1, get g() {}, 'q': .5e3}",
		"export default `${",
		"}}}))) export default ({{{ a: ",
		"#!/usr/bin/env node\nmodule.exports = { site: '\\u{1F600}\\uD83D\\uDE00\\x4' }",
		"export default async function () { return { url: 'https://a' } satisfies Config }",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := bytes.Count(data, []byte("\n")) + 1
		check := func(what string, line int) {
			if line < 0 || line > lines {
				t.Fatalf("%s: line %d of a file of %d lines", what, line, lines)
			}
		}
		pkg := &packageJSON{scripts: map[string]string{"build": string(data)}}
		for _, p := range []*Project{
			astroProject("a.js", data),
			eleventyProject("a.js", data),
			nextProject("a.js", data, pkg),
			docusaurusProject("a.js", data),
		} {
			for _, n := range p.Notes {
				m := noteLineRE.FindStringSubmatch(n)
				if m == nil {
					continue
				}
				l, err := strconv.Atoi(m[1])
				if err != nil || l < 1 {
					t.Fatalf("note %q", n)
				}
				check(n, l)
			}
		}
	})
}
