package eleventy_test

import (
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/eleventy"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
)

type Detected = generator.Detected

func TestDetectEleventy(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name:  "eleventy from package.json",
			Files: map[string]string{"package.json": `{"devDependencies": {"@11ty/eleventy": "^3.0.0"}}`},
			Want:  []Detected{{File: "package.json", PublishDir: "_site"}},
		},
		{
			Name: "eleventy returned dir.output",
			Files: map[string]string{".eleventy.js": `const pluginRss = require("@11ty/eleventy-plugin-rss");

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
			Want: []Detected{{File: ".eleventy.js", PublishDir: "dist", BasePath: "/blog/", SourceDir: "src"}},
		},
		{
			Name: "eleventy named export config",
			Files: map[string]string{"eleventy.config.mjs": `export default async function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy("img");
}

export const config = {
  dir: { input: "content", output: "public" },
};
`},
			Want: []Detected{{File: "eleventy.config.mjs", PublishDir: "public", SourceDir: "content"}},
		},
		{
			Name: "eleventy setOutputDirectory",
			Files: map[string]string{"eleventy.config.js": `export default function (eleventyConfig) {
  eleventyConfig.setOutputDirectory('www');
}
`},
			Want: []Detected{{File: "eleventy.config.js", PublishDir: "www"}},
		},
		{
			Name: "eleventy output not literal",
			Files: map[string]string{"eleventy.config.cjs": `module.exports = (cfg) => ({ dir: { output: process.env.OUT || "_site" } });
`},
			Want: []Detected{{File: "eleventy.config.cjs",
				Notes: []string{`eleventy.config.cjs:1: dir.output is not a literal string (process.env.OUT || "_site"); give the built folder as DIR`}}},
		},
	})
}

// TestDetectLanguages: the template languages a project adds to
// Eleventy's are its Own: a plugin's (Vento's, by package.json or by the
// configuration's import), the extensions its configuration registers
// with addExtension and renders with addTemplateFormats or
// templateFormats, but for those that write no page (CSS, JavaScript
// templates, files copied as they are), and eleventy --formats in its
// scripts.
func TestDetectLanguages(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name: "the Vento plugin",
			Files: map[string]string{
				"eleventy.config.js": "import { VentoPlugin } from 'eleventy-plugin-vento';\nexport default function (c) { c.addPlugin(VentoPlugin); }\n",
				"package.json":       `{"devDependencies": {"@11ty/eleventy": "^3.1.8", "eleventy-plugin-vento": "^5.4.3"}}`,
			},
			Want: []Detected{{File: "eleventy.config.js", PublishDir: "_site", Own: eleventy.Own{Exts: []string{".vto"}}}},
		},
		{
			Name:  "the Vento plugin in package.json alone",
			Files: map[string]string{"package.json": `{"dependencies": {"@11ty/eleventy": "3.1.8", "eleventy-plugin-vento": "5.4.3"}}`},
			Want:  []Detected{{File: "package.json", PublishDir: "_site", Own: eleventy.Own{Exts: []string{".vto"}}}},
		},
		{
			Name: "the configuration's languages",
			Files: map[string]string{"eleventy.config.js": `export default function (eleventyConfig) {
  eleventyConfig.addExtension("xyz", { compile: (s) => () => s });
  eleventyConfig.addTemplateFormats("xyz");
  eleventyConfig.addExtension(["Mdx"], { compile: (s) => () => s });
  eleventyConfig.addExtension("scss", { outputFileExtension: "css", compile: (s) => () => s });
  eleventyConfig.addTemplateFormats("scss");
  eleventyConfig.addExtension(["11ty.jsx", "11ty.ts"], { key: "11ty.js" });
  eleventyConfig.setTemplateFormats("md,njk,edge");
  return { templateFormats: ["md", "njk", "html", "css", "jpg", "11ty.js", "*"] };
}
`},
			Want: []Detected{{File: "eleventy.config.js", PublishDir: "_site", Own: eleventy.Own{Exts: []string{".edge", ".mdx", ".xyz"}}}},
		},
		{
			Name: "eleventy --formats",
			Files: map[string]string{
				"eleventy.config.js": "export default function (c) {}\n",
				"package.json":       `{"scripts": {"build": "npx @11ty/eleventy --formats=md,twig,css", "dev": "eleventy --serve --formats 'md,eta'"}}`,
			},
			Want: []Detected{{File: "eleventy.config.js", PublishDir: "_site", Own: eleventy.Own{Exts: []string{".eta", ".twig"}}}},
		},
		{
			Name:  "none added",
			Files: map[string]string{"eleventy.config.js": "export default function (c) {}\nexport const config = { templateFormats: 'md,njk,liquid,html,css' };\n"},
			Want:  []Detected{{File: "eleventy.config.js", PublishDir: "_site"}},
		},
	})
}

// TestDetectBaseURLElsewhere: Eleventy has no site URL setting: it is the
// url of its site data, else package.json's homepage.
func TestDetectBaseURLElsewhere(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name: "Eleventy site data, JSON",
			Files: map[string]string{
				"eleventy.config.js":  "export default function (c) {}\n",
				"_data/metadata.json": `{"title": "Blog", "url": "https://blog.example/"}`,
			},
			Want: []Detected{{File: "eleventy.config.js", PublishDir: "_site",
				BaseURL: "https://blog.example/", BaseURLFrom: "_data/metadata.json url"}},
		},
		{
			Name: "Eleventy site data, a module in src/",
			Files: map[string]string{
				".eleventy.js":      "module.exports = function () { return { dir: { input: 'src' } } }\n",
				"src/_data/site.js": "module.exports = {\n  name: 'x',\n  url: 'https://site.example',\n};\n",
			},
			Want: []Detected{{File: ".eleventy.js", PublishDir: "_site",
				BaseURL: "https://site.example/", BaseURLFrom: "src/_data/site.js url", SourceDir: "src"}},
		},
		{
			Name: "a homepage that is not a URL is a note",
			Files: map[string]string{
				"eleventy.config.js": "export default function (c) {}\n",
				"package.json":       `{"homepage": "."}`,
			},
			Want: []Detected{{File: "eleventy.config.js", PublishDir: "_site",
				Notes: []string{`package.json homepage: "." is not an absolute http(s) URL; not taken for the base URL`}}},
		},
		{
			// npm's default homepage is the project's page on GitHub: it
			// gives no base URL and no path, and pathPrefix stays.
			Name: "a homepage on github.com is a note, and lends no path",
			Files: map[string]string{
				".eleventy.js": "module.exports = function () { return { pathPrefix: '/blog/' } }\n",
				"package.json": `{"homepage": "https://github.com/o/r#readme"}`,
			},
			Want: []Detected{{File: ".eleventy.js", PublishDir: "_site", BasePath: "/blog/",
				Notes: []string{`package.json homepage: "https://github.com/o/r#readme" is the project's page on github.com, not the site's URL (github.com serves no site); not taken for the base URL`}}},
		},
		{
			Name: "a homepage with a fragment is a note",
			Files: map[string]string{
				"eleventy.config.js": "export default function (c) {}\n",
				"package.json":       `{"homepage": "https://blog.example/r/#top"}`,
			},
			Want: []Detected{{File: "eleventy.config.js", PublishDir: "_site",
				Notes: []string{`package.json homepage: "https://blog.example/r/#top" has a query or a fragment, which a site's URL has not; not taken for the base URL`}}},
		},
	})
}

func TestURLs(t *testing.T) {
	gentest.CheckRoutes(t, &eleventy.Preset{}, []gentest.RouteCase{
		{Path: "index.md", Want: "/"},
		{Path: "about.md", Want: "/about/"},
		{Path: "contact.njk", Want: "/contact/"},
		{Path: "blog/index.liquid", Want: "/blog/"},
		{Path: "blog/first-post.md", Want: "/blog/first-post/"},
		{Path: "moved.md", Permalink: "/elsewhere/", Want: "/elsewhere/"},
		{Path: "feed.njk", Permalink: "feed.xml", Want: "/feed.xml"},
		{Path: "a.md", Permalink: "/", Want: "/"},
		{Path: "unlisted.md", NoPermalink: true, Want: ""},
		{Path: "t.md", Permalink: "/t/{{ title | slugify }}/", Want: ""},
		// A template named like its folder is the folder's index.
		{Path: "blog/fourthpost/fourthpost.md", Want: "/blog/fourthpost/"},
		{Path: "blog/blog.njk", Want: "/blog/"},
		{Path: "blog/fourthpost/other.md", Want: "/blog/fourthpost/other/"},
		{Path: "fourthpost.md", Want: "/fourthpost/"},
		// {{ page.fileSlug }} and {{ page.filePathStem }} are filled.
		{Path: "posts/2024-01-02-hello.md", Permalink: "/p/{{ page.fileSlug }}/", Want: "/p/hello/"},
		{Path: "posts/2024-01-02-hello.md", Permalink: "{{page.filePathStem}}.html", Want: "/posts/hello.html"},
		{Path: "posts/first/index.md", Permalink: "/p/{{- page.fileSlug -}}/", Want: "/p/first/"},
		{Path: "index.md", Permalink: "/home/{{ page.fileSlug }}", Want: "/home/"},
		{Path: "posts/x.md", Permalink: "/p/{{ page.fileSlug | upcase }}/", Want: ""},
		{Path: "posts/x.md", Permalink: "/p/{{ page.fileSlug }}/{% if a %}a{% endif %}", Want: ""},
		{Path: "page.11ty.js", Want: ""},
		{Path: "styles.css", Want: ""},
		{Path: "index.vto", Want: ""}, // Vento, which the project does not add
	})
	gentest.CheckRoutes(t, &eleventy.Preset{Langs: []string{".vto"}}, []gentest.RouteCase{
		{Path: "index.vto", Want: "/"},
		{Path: "posts/first.vto", Want: "/posts/first/"},
		{Path: "moved.vto", Permalink: "/elsewhere/", Want: "/elsewhere/"},
		{Path: "about.md", Want: "/about/"},
	})
	if inc := (&eleventy.Preset{Langs: []string{".vto"}}).Rules().Sources.Include; !slices.Contains(inc, "**/*.vto") || !slices.Contains(inc, "**/*.md") {
		t.Errorf("a project's languages are not its sources: %q", inc)
	}
	src := (&eleventy.Preset{Exclude: []string{"_includes", "_site"}}).Rules().Sources
	include, exclude := src.Include, src.Exclude
	if len(include) == 0 || exclude[0] != "node_modules" || exclude[len(exclude)-1] != "_site" {
		t.Errorf("SourceFiles() = %q, %q", include, exclude)
	}
}

// TestRoutes: the input folder, without its includes, data and layouts
// folders and the output folder inside it.
func TestRoutes(t *testing.T) {
	for _, tt := range []struct {
		p       Detected
		dir     string
		exclude string
	}{
		{Detected{PublishDir: "_site"}, ".", "_site"},
		{Detected{SourceDir: "src", PublishDir: "src/_site"}, "src", "_site"},
		{Detected{SourceDir: "src", PublishDir: "dist"}, "src", "_layouts"},
	} {
		pre, dir := eleventy.Generator{}.Routes(&tt.p)
		e := pre.(*eleventy.Preset)
		if dir != tt.dir || e.Exclude[len(e.Exclude)-1] != tt.exclude {
			t.Errorf("%+v: Routes() = %q excluding %q; want %q, the last %q", tt.p, dir, e.Exclude, tt.dir, tt.exclude)
		}
	}
}

// TestSitemaps: Eleventy's sitemap.xml (a template's).
func TestSitemaps(t *testing.T) {
	takes := (&Detected{Gen: eleventy.Generator{}}).Sitemaps()
	if !takes("sitemap.xml") || takes("sitemap-0.xml") || takes("sitemap.xml.gz") {
		t.Error("not sitemap.xml alone")
	}
}

// TestEleventyReads: the files besides the templates that Eleventy reads
// to make its pages are its configuration file (none for a project its
// package.json tells) and the includes, data and layouts folders of its
// input folder.
func TestEleventyReads(t *testing.T) {
	for _, tt := range []struct {
		file, input string
		config      []string
		reads       []string
	}{
		{"eleventy.config.js", "", []string{"eleventy.config.js"}, []string{"_includes/**", "_data/**", "_layouts/**"}},
		{".eleventy.js", "src", []string{".eleventy.js"}, []string{"src/_includes/**", "src/_data/**", "src/_layouts/**"}},
		{"package.json", "site[1]", nil, []string{`site\[1\]/_includes/**`, `site\[1\]/_data/**`, `site\[1\]/_layouts/**`}},
	} {
		p, _ := eleventy.Generator{}.Routes(&generator.Detected{File: tt.file, SourceDir: tt.input})
		r := p.Rules().Sources
		if !slices.Equal(r.ConfigFiles, tt.config) || !slices.Equal(r.Reads, tt.reads) {
			t.Errorf("%s, input %q: ConfigFiles %q, Reads %q; want %q, %q", tt.file, tt.input, r.ConfigFiles, r.Reads, tt.config, tt.reads)
		}
	}
}
