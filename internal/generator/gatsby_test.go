package generator

import "testing"

func TestDetectGatsby(t *testing.T) {
	gatsby := func(p Project) Project {
		p.Generator, p.Title, p.PublishDir, p.Fallbacks = "gatsby", "Gatsby", "public", gatsbyFallbacks
		if p.TrailingSlash == "-" {
			p.TrailingSlash = ""
		} else if p.TrailingSlash == "" {
			p.TrailingSlash = "always"
		}
		return p
	}
	// The shape of the default starter's gatsby-config.js.
	starter := `/**
 * @type {import('gatsby').GatsbyConfig}
 */
module.exports = {
  siteMetadata: {
    title: ` + "`My Site`" + `,
    author: ` + "`@me`" + `,
    siteUrl: ` + "`https://gatsby.example/`" + `,
  },
  pathPrefix: "/blog",
  plugins: [
    ` + "`gatsby-plugin-image`" + `,
    {
      resolve: ` + "`gatsby-source-filesystem`" + `,
      options: { name: ` + "`images`" + `, path: ` + "`${__dirname}/src/images`" + ` },
    },
    { resolve: "gatsby-plugin-sitemap", options: { output: "/" } },
  ],
}
`
	testDetect(t, []detectTest{
		{
			name:  "gatsby from package.json",
			files: map[string]string{"package.json": `{"dependencies": {"gatsby": "^5.14.0", "react": "^18"}}`},
			want:  []Project{gatsby(Project{File: "package.json"})},
		},
		{
			name: "gatsby TypeScript starter",
			files: map[string]string{"gatsby-config.ts": `import type { GatsbyConfig } from "gatsby";

const config: GatsbyConfig = {
  siteMetadata: {
    title: ` + "`My Gatsby Site`" + `,
    siteUrl: ` + "`https://www.gatsby.example`" + `
  },
  graphqlTypegen: true,
  plugins: [],
};

export default config;
`},
			want: []Project{gatsby(Project{File: "gatsby-config.ts", BaseURL: "https://www.gatsby.example/", BaseURLFrom: "gatsby-config.ts siteMetadata.siteUrl"})},
		},
		{
			name:  "pathPrefix without --prefix-paths is left out",
			files: map[string]string{"gatsby-config.js": starter, "package.json": `{"scripts": {"build": "gatsby build"}}`},
			want: []Project{gatsby(Project{File: "gatsby-config.js", BaseURL: "https://gatsby.example/", BaseURLFrom: "gatsby-config.js siteMetadata.siteUrl",
				Notes: []string{`gatsby-config.js:10: pathPrefix "/blog" is left out of the base URL; it applies only to ` + "`gatsby build --prefix-paths`" + ` (or PREFIX_PATHS=true), which no package.json script runs`}})},
		},
		{
			name:  "pathPrefix with gatsby build --prefix-paths",
			files: map[string]string{"gatsby-config.js": starter, "package.json": `{"scripts": {"build": "gatsby build", "deploy": "gatsby build --prefix-paths && gh-pages -d public"}}`},
			want:  []Project{gatsby(Project{File: "gatsby-config.js", BaseURL: "https://gatsby.example/blog/", BaseURLFrom: "gatsby-config.js siteMetadata.siteUrl + pathPrefix"})},
		},
		{
			name:  "pathPrefix with PREFIX_PATHS in the environment",
			files: map[string]string{"gatsby-config.js": starter},
			env:   map[string]string{"PREFIX_PATHS": "1"},
			want:  []Project{gatsby(Project{File: "gatsby-config.js", BaseURL: "https://gatsby.example/blog/", BaseURLFrom: "gatsby-config.js siteMetadata.siteUrl + pathPrefix"})},
		},
		{
			name: "pathPrefix without siteUrl, trailingSlash never",
			files: map[string]string{"gatsby-config.mjs": `const config = {
  pathPrefix: '/docs',
  trailingSlash: 'never',
};
export default config;
`},
			env:  map[string]string{"PREFIX_PATHS": "true"},
			want: []Project{gatsby(Project{File: "gatsby-config.mjs", BasePath: "/docs/", TrailingSlash: "never"})},
		},
		{
			name: "siteUrl from the environment, a pathPrefix that does not matter, trailingSlash ignore",
			files: map[string]string{"gatsby-config.js": `module.exports = {
  siteMetadata: { siteUrl: process.env.SITE_URL },
  pathPrefix: process.env.PATH_PREFIX,
  trailingSlash: "ignore",
}
`},
			want: []Project{gatsby(Project{File: "gatsby-config.js", TrailingSlash: "-", Notes: []string{
				"gatsby-config.js:3: pathPrefix is not a literal string (process.env.PATH_PREFIX); it applies only to `gatsby build --prefix-paths` (or PREFIX_PATHS=true), which no package.json script runs",
				"gatsby-config.js:2: siteMetadata.siteUrl is not a literal string (process.env.SITE_URL); give --base-url",
			}})},
		},
	})
}
