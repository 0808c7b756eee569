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
				PublishDir: ".next/server", ServedDir: "public", NextDist: ".next"}},
		},
		{
			name: "next standalone",
			files: map[string]string{"next.config.mjs": `const nextConfig = {
  output: 'standalone',
};
export default nextConfig;
`},
			want: []Project{{Generator: "next", Title: "Next.js", File: "next.config.mjs", TrailingSlash: "never",
				PublishDir: ".next/server", ServedDir: "public", NextDist: ".next"}},
		},
		{
			name: "next server build with distDir, basePath and trailingSlash",
			files: map[string]string{"next.config.ts": `import type { NextConfig } from "next";
const nextConfig: NextConfig = { distDir: "build", basePath: "/shop", trailingSlash: true };
export default nextConfig;
`},
			want: []Project{{Generator: "next", Title: "Next.js", File: "next.config.ts", TrailingSlash: "always", BasePath: "/shop/",
				PublishDir: "build/server", ServedDir: "public", NextDist: "build"}},
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
				PublishDir: ".next/server", ServedDir: "public", NextDist: ".next"}},
		},
	})
}
