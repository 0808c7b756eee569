package next_test

import (
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/next"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

type (
	Detected = generator.Detected
	Page     = generator.Page
)

func TestDetectNext(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name: "next static export",
			Files: map[string]string{"next.config.js": `/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  basePath: '/docs',
  trailingSlash: true,
  images: { unoptimized: true },
};

module.exports = nextConfig;
`},
			Want: []Detected{{File: "next.config.js", PublishDir: "out", BasePath: "/docs/", Form: generator.URLForm{TrailingSlash: "always"}}},
		},
		{
			// An assignment with no declaration, as sloppy mode allows
			// (found by the corpus: a site's next.config.js).
			Name: "next static export assigned to an undeclared name",
			Files: map[string]string{"next.config.js": `nextConfig = {
  output: "export",
  images: { unoptimized: true },
};

module.exports = nextConfig;
`},
			Want: []Detected{{File: "next.config.js", PublishDir: "out", Form: generator.URLForm{TrailingSlash: "never"}}},
		},
		{
			Name: "next TypeScript export with distDir",
			Files: map[string]string{"next.config.ts": `import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  output: "export",
  // Optional: Change the output directory ` + "`out` -> `dist`" + `
  distDir: "dist",
};

export default nextConfig;
`},
			Want: []Detected{{File: "next.config.ts", PublishDir: "dist", Form: generator.URLForm{TrailingSlash: "never"}}},
		},
		{
			Name: "next export wrapped in a plugin, distDir .next",
			Files: map[string]string{"next.config.mjs": `import createMDX from '@next/mdx'
const withMDX = createMDX({ extension: /\.mdx?$/ })
const nextConfig = { output: 'export', distDir: '.next', trailingSlash: false }
export default withMDX(nextConfig)
`},
			Want: []Detected{{File: "next.config.mjs", PublishDir: "out", Form: generator.URLForm{TrailingSlash: "never"}}},
		},
		{
			Name: "next without export",
			Files: map[string]string{"next.config.js": `module.exports = {
  reactStrictMode: true,
}
`},
			Want: []Detected{{File: "next.config.js", Form: generator.URLForm{TrailingSlash: "never"},
				PublishDir: ".next/server", ServedDir: "public", StateDir: ".next/cache/sitemapgen", Served: true, Own: next.Server{Dist: ".next"}}},
		},
		{
			Name: "next standalone",
			Files: map[string]string{"next.config.mjs": `const nextConfig = {
  output: 'standalone',
};
export default nextConfig;
`},
			Want: []Detected{{File: "next.config.mjs", Form: generator.URLForm{TrailingSlash: "never"},
				PublishDir: ".next/server", ServedDir: "public", StateDir: ".next/cache/sitemapgen", Served: true, Own: next.Server{Dist: ".next"}}},
		},
		{
			Name: "next server build with distDir, basePath and trailingSlash",
			Files: map[string]string{"next.config.ts": `import type { NextConfig } from "next";
const nextConfig: NextConfig = { distDir: "build", basePath: "/shop", trailingSlash: true };
export default nextConfig;
`},
			Want: []Detected{{File: "next.config.ts", Form: generator.URLForm{TrailingSlash: "always"}, BasePath: "/shop/",
				PublishDir: "build/server", ServedDir: "public", StateDir: "build/cache/sitemapgen", Served: true, Own: next.Server{Dist: "build"}}},
		},
		{
			// Chosen by a condition, never evaluated: 'export' is the one
			// value that writes the site's files (issue 97).
			Name: "next output chosen by a condition",
			Files: map[string]string{"next.config.js": `const isExport = process.env.EXPORT === "1";
module.exports = {
  output: isExport ? "export" : undefined,
};
`},
			Want: []Detected{{File: "next.config.js", PublishDir: "out", Form: generator.URLForm{TrailingSlash: "never"},
				Notes: []string{`next.config.js:3: output is 'export' only when isExport: read as the static export, the one build of its choices that writes the site's files`}}},
		},
		{
			// tailwind-nextjs-starter-blog's shape: a const of the top
			// level, given as a shorthand property to the object its
			// exported function passes through its plugins.
			Name: "next output a const chosen by a condition",
			Files: map[string]string{"next.config.js": `const { withContentlayer } = require('next-contentlayer2')
const output = process.env.EXPORT ? 'export' : undefined
const basePath = process.env.BASE_PATH || undefined
module.exports = () => {
  const plugins = [withContentlayer]
  return plugins.reduce((acc, next) => next(acc), {
    output,
    basePath,
    trailingSlash: false,
  })
}
`},
			Want: []Detected{{File: "next.config.js", PublishDir: "out", Form: generator.URLForm{TrailingSlash: "never"},
				Notes: []string{`next.config.js:7: output is 'export' only when process.env.EXPORT: read as the static export, the one build of its choices that writes the site's files`,
					`next.config.js:8: basePath is not a literal string (basePath); give --base-url`}}},
		},
		{
			Name: "next output not literal",
			Files: map[string]string{"next.config.js": `module.exports = {
  output: process.env.OUTPUT || "export",
};
`},
			Want: []Detected{{File: "next.config.js", Form: generator.URLForm{TrailingSlash: "never"},
				Notes: []string{`next.config.js:2: output is not a literal string (process.env.OUTPUT || "export"); give the built folder as DIR`}}},
		},
		{
			Name: "next config function with two returns",
			Files: map[string]string{"next.config.js": `const { PHASE_DEVELOPMENT_SERVER } = require('next/constants')

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
			Want: []Detected{{File: "next.config.js", PublishDir: "out", Form: generator.URLForm{TrailingSlash: "never"},
				Notes: []string{"next.config.js:10: basePath is set more than once, to different values ('/prod'; line 5: '/dev'); give --base-url"}}},
		},
		{
			Name:  "next export script",
			Files: map[string]string{"package.json": `{"scripts": {"build": "next build && next export -o build/site"}, "dependencies": {"next": "12.3.4", "react": "18"}}`},
			Want:  []Detected{{File: "package.json", PublishDir: "build/site", Form: generator.URLForm{TrailingSlash: "never"}}},
		},
		{
			Name:  "next dependency only",
			Files: map[string]string{"package.json": `{"dependencies": {"next": "15.0.0"}}`},
			Want: []Detected{{File: "package.json", Form: generator.URLForm{TrailingSlash: "never"},
				PublishDir: ".next/server", ServedDir: "public", StateDir: ".next/cache/sitemapgen", Served: true, Own: next.Server{Dist: ".next"}}},
		},
	})
}

// TestDetectBaseURLElsewhere: Next.js has no site URL setting: it is
// next-sitemap's siteUrl, else package.json's homepage.
func TestDetectBaseURLElsewhere(t *testing.T) {
	nextCfg := "module.exports = { output: 'export' }\n"
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name: "next-sitemap siteUrl",
			Files: map[string]string{
				"next.config.js":         nextCfg,
				"next-sitemap.config.js": "/** @type {import('next-sitemap').IConfig} */\nmodule.exports = {\n  siteUrl: 'https://next.example',\n  generateRobotsTxt: true,\n}\n",
				"package.json":           `{"homepage": "https://other.example/"}`,
			},
			Want: []Detected{{File: "next.config.js", PublishDir: "out", Form: generator.URLForm{TrailingSlash: "never"},
				BaseURL: "https://next.example/", BaseURLFrom: "next-sitemap.config.js siteUrl"}},
		},
		{
			Name: "package.json homepage, with Next's basePath",
			Files: map[string]string{
				"next.config.mjs": "export default { output: 'export', basePath: '/docs' }\n",
				"package.json":    `{"homepage": "https://next.example", "dependencies": {"next": "16"}}`,
			},
			Want: []Detected{{File: "next.config.mjs", PublishDir: "out", Form: generator.URLForm{TrailingSlash: "never"},
				BasePath: "/docs/", BaseURL: "https://next.example/docs/", BaseURLFrom: "package.json homepage"}},
		},
	})
}

func TestURLs(t *testing.T) {
	gentest.CheckRoutes(t, next.Preset{}, []gentest.RouteCase{
		{Path: "app/page.js", Want: "/"},
		{Path: "app/about/page.tsx", Want: "/about/"},
		{Path: "src/app/blog/hello-world/page.jsx", Want: "/blog/hello-world/"},
		{Path: "app/(marketing)/pricing/page.tsx", Want: "/pricing/"},
		{Path: "app/blog/[slug]/page.tsx", Want: ""},
		{Path: "app/_lib/page.tsx", Want: ""},
		{Path: "app/@modal/login/page.tsx", Want: ""},
		{Path: "app/feed/(.)photo/page.tsx", Want: ""},
		{Path: "app/layout.js", Want: ""},
		{Path: "app/about/styles.css", Want: ""},
		{Path: "pages/index.tsx", Want: "/"},
		{Path: "pages/about.js", Want: "/about"},
		{Path: "pages/docs/index.mdx", Want: "/docs/"},
		{Path: "pages/_app.tsx", Want: ""},
		{Path: "pages/_document.tsx", Want: ""},
		{Path: "pages/api/hello.ts", Want: ""},
		{Path: "pages/404.tsx", Want: ""},
		{Path: "pages/posts/[id].tsx", Want: ""},
		{Path: "components/page.tsx", Want: ""},
	})
}

// TestSitemaps: next-sitemap's index and numbered files, and Next.js's
// own sitemap.xml.
func TestSitemaps(t *testing.T) {
	takes := (&Detected{Gen: next.Generator{}}).Sitemaps()
	for _, n := range []string{"sitemap.xml", "sitemap-0.xml"} {
		if !takes(n) {
			t.Errorf("%s not taken over", n)
		}
	}
	for _, n := range []string{"sitemap-index.xml", "blog/sitemap.xml"} {
		if takes(n) {
			t.Errorf("%s taken over", n)
		}
	}
}

// TestSitemapPlugin: Detect says whether the project has next-sitemap,
// and where it says so.
func TestSitemapPlugin(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		in    string // "" for none
	}{
		{"next-sitemap in package.json", map[string]string{"package.json": `{"dependencies": {"next": "16", "next-sitemap": "4"}}`}, "package.json"},
		{"next-sitemap's configuration", map[string]string{"next.config.mjs": "export default {};\n", "next-sitemap.config.js": "module.exports = { siteUrl: 'https://n.site' }\n"}, "next-sitemap.config.js"},
		{"next without next-sitemap", map[string]string{"next.config.mjs": "export default { output: 'export' };\n"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found, err := registry.Detect(buildtest.TempSite(t, tc.files), limits.Default)
			if err != nil || len(found) != 1 || found[0].Name() != "next" {
				t.Fatalf("Detect = %s, %v", gentest.Format(found), err)
			}
			if pl := found[0].Plugin; pl == nil || pl.Name != "next-sitemap" || pl.In != tc.in {
				t.Errorf("plugin %+v, want next-sitemap in %q", pl, tc.in)
			}
		})
	}
}

// TestSitemapAlternates: next-sitemap's alternateRefs say its
// sitemaps carry alternates, read before they are replaced, wherever
// the project names next-sitemap.
func TestSitemapAlternates(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  bool
	}{
		{"alternateRefs", map[string]string{"package.json": `{"dependencies": {"next": "16", "next-sitemap": "4"}}`, "next-sitemap.config.js": "module.exports = { siteUrl: 'https://n.site', alternateRefs: [{ href: 'https://n.site/fr', hreflang: 'fr' }] }\n"}, true},
		{"none", map[string]string{"next.config.mjs": "export default {};\n", "next-sitemap.config.js": "module.exports = { siteUrl: 'https://n.site' }\n"}, false},
		{"no next-sitemap", map[string]string{"next.config.mjs": "export default { output: 'export' };\n"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found, err := registry.Detect(buildtest.TempSite(t, tc.files), limits.Default)
			if err != nil || len(found) != 1 {
				t.Fatalf("Detect = %s, %v", gentest.Format(found), err)
			}
			if got := found[0].Translated; got != tc.want {
				t.Errorf("Translated() = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestSitemapBaseFileName: next-sitemap's sitemapBaseFileName names
// its index and its parts, which are taken over, and the name ours takes.
func TestSitemapBaseFileName(t *testing.T) {
	found, err := registry.Detect(buildtest.TempSite(t, map[string]string{
		"package.json":           `{"dependencies": {"next": "16", "next-sitemap": "4"}}`,
		"next-sitemap.config.js": "module.exports = { siteUrl: 'https://n.site', sitemapBaseFileName: 'site-map' }\n",
	}), limits.Default)
	if err != nil || len(found) != 1 {
		t.Fatalf("Detect = %s, %v", gentest.Format(found), err)
	}
	p := found[0]
	if p.SitemapFile != "site-map.xml" || !strings.Contains(p.SitemapFileKey, "sitemapBaseFileName") {
		t.Errorf("SitemapFile %q (%s), want site-map.xml", p.SitemapFile, p.SitemapFileKey)
	}
	takes := p.Sitemaps()
	for name, want := range map[string]bool{"site-map.xml": true, "site-map-0.xml": true, "site-map-12.xml": true, "sitemap.xml": true, "sitemap-0.xml": false, "site-map-x.xml": false} {
		if got := takes(name); got != want {
			t.Errorf("takes %s = %v, want %v", name, got, want)
		}
		if got := p.Plugin.Writes(name); got != (want && name != "sitemap.xml") {
			t.Errorf("the plugin writes %s = %v", name, got)
		}
	}
}
