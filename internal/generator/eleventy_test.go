package generator

import "testing"

func TestDetectEleventy(t *testing.T) {
	testDetect(t, []detectTest{
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
			want: []Project{{Generator: "eleventy", Title: "Eleventy", File: ".eleventy.js", PublishDir: "dist", BasePath: "/blog/", SourceDir: "src"}},
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
			want: []Project{{Generator: "eleventy", Title: "Eleventy", File: "eleventy.config.mjs", PublishDir: "public", SourceDir: "content"}},
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
	})
}
