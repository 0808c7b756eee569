package generator

import "testing"

func TestDetectNext(t *testing.T) {
	testDetect(t, []detectTest{
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
	})
}
