package gatsby_test

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/gatsby"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

type Detected = generator.Detected

// fallbacks are the pages a Gatsby build writes that are no pages.
var fallbacks = []string{"offline-plugin-app-shell-fallback/index.html", "_gatsby/slices/*.html"}

func TestDetectGatsby(t *testing.T) {
	gatsby := func(p Detected) Detected {
		p.PublishDir, p.Fallbacks = "public", fallbacks
		if p.Form.TrailingSlash == "-" {
			p.Form.TrailingSlash = ""
		} else if p.Form.TrailingSlash == "" {
			p.Form.TrailingSlash = "always"
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
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name:  "gatsby from package.json",
			Files: map[string]string{"package.json": `{"dependencies": {"gatsby": "^5.14.0", "react": "^18"}}`},
			Want:  []Detected{gatsby(Detected{File: "package.json"})},
		},
		{
			Name: "gatsby TypeScript starter",
			Files: map[string]string{"gatsby-config.ts": `import type { GatsbyConfig } from "gatsby";

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
			Want: []Detected{gatsby(Detected{File: "gatsby-config.ts", BaseURL: "https://www.gatsby.example/", BaseURLFrom: "gatsby-config.ts siteMetadata.siteUrl"})},
		},
		{
			Name:  "pathPrefix without --prefix-paths is left out",
			Files: map[string]string{"gatsby-config.js": starter, "package.json": `{"scripts": {"build": "gatsby build"}}`},
			Want: []Detected{gatsby(Detected{File: "gatsby-config.js", BaseURL: "https://gatsby.example/", BaseURLFrom: "gatsby-config.js siteMetadata.siteUrl",
				Notes: []string{`gatsby-config.js:10: pathPrefix "/blog" is left out of the base URL; it applies only to ` + "`gatsby build --prefix-paths`" + ` (or PREFIX_PATHS=true), which no package.json script runs`}})},
		},
		{
			Name:  "pathPrefix with gatsby build --prefix-paths",
			Files: map[string]string{"gatsby-config.js": starter, "package.json": `{"scripts": {"build": "gatsby build", "deploy": "gatsby build --prefix-paths && gh-pages -d public"}}`},
			Want:  []Detected{gatsby(Detected{File: "gatsby-config.js", BaseURL: "https://gatsby.example/blog/", BaseURLFrom: "gatsby-config.js siteMetadata.siteUrl + pathPrefix", BasePath: "/blog/"})},
		},
		{
			Name:  "pathPrefix with PREFIX_PATHS in the environment",
			Files: map[string]string{"gatsby-config.js": starter},
			Env:   map[string]string{"PREFIX_PATHS": "1"},
			Want:  []Detected{gatsby(Detected{File: "gatsby-config.js", BaseURL: "https://gatsby.example/blog/", BaseURLFrom: "gatsby-config.js siteMetadata.siteUrl + pathPrefix", BasePath: "/blog/"})},
		},
		{
			Name: "pathPrefix without siteUrl, trailingSlash never",
			Files: map[string]string{"gatsby-config.mjs": `const config = {
  pathPrefix: '/docs',
  trailingSlash: 'never',
};
export default config;
`},
			Env:  map[string]string{"PREFIX_PATHS": "true"},
			Want: []Detected{gatsby(Detected{File: "gatsby-config.mjs", BasePath: "/docs/", Form: generator.URLForm{TrailingSlash: "never"}})},
		},
		{
			Name: "siteUrl from the environment, a pathPrefix that does not matter, trailingSlash ignore",
			Files: map[string]string{"gatsby-config.js": `module.exports = {
  siteMetadata: { siteUrl: process.env.SITE_URL },
  pathPrefix: process.env.PATH_PREFIX,
  trailingSlash: "ignore",
}
`},
			Want: []Detected{gatsby(Detected{File: "gatsby-config.js", Form: generator.URLForm{TrailingSlash: "-"}, Notes: []string{
				"gatsby-config.js:3: pathPrefix is not a literal string (process.env.PATH_PREFIX); it applies only to `gatsby build --prefix-paths` (or PREFIX_PATHS=true), which no package.json script runs",
				"gatsby-config.js:2: siteMetadata.siteUrl is not a literal string (process.env.SITE_URL); give --base-url",
			}})},
		},
	})
}

// TestSitemaps: gatsby-plugin-sitemap's index and its numbered files,
// and sitemap.xml, its name before its version 4.
func TestSitemaps(t *testing.T) {
	takes := (&Detected{Gen: gatsby.Generator{}}).Sitemaps()
	for _, n := range []string{"sitemap-index.xml", "sitemap-0.xml", "sitemap.xml"} {
		if !takes(n) {
			t.Errorf("%s not taken over", n)
		}
	}
	for _, n := range []string{"sitemap_index.xml", "en/sitemap.xml"} {
		if takes(n) {
			t.Errorf("%s taken over", n)
		}
	}
	// output: '/maps': the plugin's files in maps/.
	takes = (&Detected{Gen: gatsby.Generator{}, SitemapDir: "maps/"}).Sitemaps()
	for _, n := range []string{"maps/sitemap-index.xml", "maps/sitemap-0.xml", "sitemap-index.xml"} {
		if !takes(n) {
			t.Errorf("output /maps: %s not taken over", n)
		}
	}
	// output: '/seo/maps': the plugin's files two folders down, and the
	// folders to look into for them (review, issue 68).
	takes = (&Detected{Gen: gatsby.Generator{}, SitemapDir: "seo/maps/"}).Sitemaps()
	for _, n := range []string{"seo/", "seo/maps/", "seo/maps/sitemap-0.xml"} {
		if !takes(n) {
			t.Errorf("output /seo/maps: %s not taken over", n)
		}
	}
	for _, n := range []string{"seo/other.xml", "se/", "seo/maps/x/", ""} {
		if takes(n) {
			t.Errorf("output /seo/maps: %s taken over", n)
		}
	}
}

// TestSitemapPlugin: Detect says whether the project has
// gatsby-plugin-sitemap, and where it says so.
func TestSitemapPlugin(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		in    string // "" for none
	}{
		{"the plugin in its plugins", map[string]string{"gatsby-config.js": "module.exports = { plugins: [`gatsby-plugin-sitemap`] }\n"}, "gatsby-config.js"},
		{"the plugin in package.json", map[string]string{"package.json": `{"dependencies": {"gatsby": "5", "gatsby-plugin-sitemap": "6"}}`}, "package.json"},
		{"without the plugin", map[string]string{"package.json": `{"dependencies": {"gatsby": "5"}}`}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			found, err := registry.Detect(buildtest.TempSite(t, tc.files), limits.Default)
			if err != nil || len(found) != 1 || found[0].Name() != "gatsby" {
				t.Fatalf("Detect = %s, %v", gentest.Format(found), err)
			}
			if pl := found[0].Plugin; pl == nil || pl.Name != "gatsby-plugin-sitemap" || pl.Index != "sitemap-index.xml" || pl.In != tc.in {
				t.Errorf("plugin %+v, want gatsby-plugin-sitemap in %q", pl, tc.in)
			}
		})
	}
}

// TestSitemapOptions: gatsby-plugin-sitemap's options, where its users
// write them, read without running anything.
func TestSitemapOptions(t *testing.T) {
	gentest.SitemapOptions(t, buildtest.TempSite, []gentest.PeerTest{
		{Name: "gatsby", Files: map[string]string{"gatsby-config.js": `module.exports = {
  siteMetadata: { siteUrl: 'https://example.com' },
  plugins: [
    'gatsby-plugin-image',
    {
      resolve: 'gatsby-plugin-sitemap',
      options: { excludes: ['/drafts/*'], entryLimit: 1000, serialize: ({ path }) => ({ url: path }) },
    },
  ],
};
`}, Want: []peer.Config{{Tool: gatsby.Tool, File: "gatsby-config.js", Line: 6, Options: []peer.Given{
			{Name: "excludes", Value: []any{"/drafts/*"}, Line: 7}, {Name: "entryLimit", Value: 1000.0, Line: 7}, {Name: "serialize", Value: peer.Func{}, Line: 7}}}}},
	})
}
