package generator

import "testing"

// TestDetectBaseURLElsewhere: a JavaScript project whose generator has no
// site URL setting keeps it elsewhere: Eleventy's site data,
// package.json's homepage; a configuration's own URL wins.
func TestDetectBaseURLElsewhere(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name: "Eleventy site data, JSON",
			files: map[string]string{
				"eleventy.config.js":  "export default function (c) {}\n",
				"_data/metadata.json": `{"title": "Blog", "url": "https://blog.example/"}`,
			},
			want: []Project{{Generator: "eleventy", Title: "Eleventy", File: "eleventy.config.js", PublishDir: "_site",
				BaseURL: "https://blog.example/", BaseURLFrom: "_data/metadata.json url"}},
		},
		{
			name: "Eleventy site data, a module in src/",
			files: map[string]string{
				".eleventy.js":      "module.exports = function () { return { dir: { input: 'src' } } }\n",
				"src/_data/site.js": "module.exports = {\n  name: 'x',\n  url: 'https://site.example',\n};\n",
			},
			want: []Project{{Generator: "eleventy", Title: "Eleventy", File: ".eleventy.js", PublishDir: "_site",
				BaseURL: "https://site.example/", BaseURLFrom: "src/_data/site.js url", SourceDir: "src"}},
		},
		{
			name: "a homepage that is not a URL is a note",
			files: map[string]string{
				"eleventy.config.js": "export default function (c) {}\n",
				"package.json":       `{"homepage": "."}`,
			},
			want: []Project{{Generator: "eleventy", Title: "Eleventy", File: "eleventy.config.js", PublishDir: "_site",
				Notes: []string{`package.json homepage: "." is not an absolute http(s) URL; not taken for the base URL`}}},
		},
		{
			name: "Astro's site wins over homepage",
			files: map[string]string{
				"astro.config.mjs": "export default { site: 'https://astro.example' }\n",
				"package.json":     `{"homepage": "https://other.example/"}`,
			},
			want: []Project{{Generator: "astro", Title: "Astro", File: "astro.config.mjs", PublishDir: "dist",
				BaseURL: "https://astro.example/", BaseURLFrom: "astro.config.mjs site"}},
		},
	})
}
