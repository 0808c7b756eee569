package docusaurus_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/docusaurus"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

type Detected = generator.Detected

func TestDetectDocusaurus(t *testing.T) {
	gentest.Detect(t, buildtest.TempSite, []gentest.DetectTest{
		{
			Name:  "docusaurus from package.json",
			Files: map[string]string{"package.json": `{"dependencies": {"@docusaurus/core": "3.5.2", "react": "^18"}}`},
			Want:  []Detected{{File: "package.json", PublishDir: "build"}},
		},
		{
			Name: "docusaurus url, baseUrl, trailingSlash",
			Files: map[string]string{"docusaurus.config.js": `// @ts-check
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
			Want: []Detected{{File: "docusaurus.config.js", PublishDir: "build",
				BaseURL: "https://your-docusaurus-site.example.com/metro/", BaseURLFrom: "docusaurus.config.js url + baseUrl", BasePath: "/metro/", Form: generator.URLForm{TrailingSlash: "never"},
				Own: docusaurus.Site{Docs: docusaurus.Content{Base: "/"}}}},
		},
		{
			Name: "docusaurus locales, a blog's route base, one not literal",
			Files: map[string]string{"docusaurus.config.js": `export default {
  url: 'https://example.com',
  baseUrl: '/',
  i18n: { defaultLocale: 'en', locales: ['en', 'de', 'pt-BR'] },
  presets: [['classic', {
    blog: { routeBasePath: '/news', showLastUpdateTime: true },
    pages: { routeBasePath: base },
  }]],
};
`},
			Want: []Detected{{File: "docusaurus.config.js", PublishDir: "build",
				BaseURL: "https://example.com/", BaseURLFrom: "docusaurus.config.js url + baseUrl", Languages: []string{"de", "pt-BR"}, Translated: true, Own: docusaurus.Site{Blog: docusaurus.Content{Base: "/news"}, Pages: docusaurus.Content{Unread: true}},
				GitDates: "Docusaurus showLastUpdateTime, docusaurus.config.js:6",
				Warnings: []*diag.Diagnostic{{File: "docusaurus.config.js", Line: 7, Msg: "pages.routeBasePath is not read (not one literal value): the pages plugin's pages are not joined to their sources, and are listed without a lastmod"}},
				Notes:    []string{"docusaurus.config.js:7: presets[0][1].pages.routeBasePath is not a literal string (base)"}}},
		},
		{
			Name:  "docusaurus versions.json",
			Files: map[string]string{"docusaurus.config.js": "export default { url: 'https://example.com' };\n", "versions.json": `["2.0", "1.0"]`},
			Want: []Detected{{File: "docusaurus.config.js", PublishDir: "build",
				BaseURL: "https://example.com/", BaseURLFrom: "docusaurus.config.js url", Own: docusaurus.Site{Versions: []docusaurus.Version{{Name: "current", Path: "next"}, {Name: "2.0"}, {Name: "1.0", Path: "1.0"}}}}},
		},
		// The docs plugin's options that move and leave out versions,
		// as Docusaurus 3 reads them (TestDocusaurusVersionRoutes holds
		// these to a real Docusaurus).
		{
			Name: "docusaurus lastVersion current, a version's path",
			Files: map[string]string{"docusaurus.config.js": `export default {
  url: 'https://example.com',
  presets: [['classic', { docs: { lastVersion: 'current', versions: { current: { label: 'Next' }, '1.0': { path: 'one' } } } }]],
};
`, "versions.json": `["2.0", "1.0"]`},
			Want: []Detected{{File: "docusaurus.config.js", PublishDir: "build", BaseURL: "https://example.com/", BaseURLFrom: "docusaurus.config.js url",
				Own: docusaurus.Site{Versions: []docusaurus.Version{{Name: "current"}, {Name: "2.0", Path: "2.0"}, {Name: "1.0", Path: "one"}}}}},
		},
		{
			Name: "docusaurus plugin-content-docs: onlyIncludeVersions, its folder, its route base",
			Files: map[string]string{"docusaurus.config.js": `module.exports = {
  url: 'https://example.com',
  presets: [['@docusaurus/preset-classic', { docs: false, blog: { path: 'news', routeBasePath: 'updates' } }]],
  plugins: [
    ['@docusaurus/plugin-content-docs', { id: 'api', path: 'api' }],
    ['@docusaurus/plugin-content-docs', { path: './guides', routeBasePath: '/', onlyIncludeVersions: ['current', '1.0'] }],
  ],
};
`, "versions.json": `["2.0", "1.0"]`},
			Want: []Detected{{File: "docusaurus.config.js", PublishDir: "build", BaseURL: "https://example.com/", BaseURLFrom: "docusaurus.config.js url",
				Own: docusaurus.Site{Docs: docusaurus.Content{Dir: "guides", Base: "/"}, Blog: docusaurus.Content{Dir: "news", Base: "/updates"},
					Versions: []docusaurus.Version{{Name: "current", Path: "next"}, {Name: "1.0"}}}}},
		},
		{
			Name: "docusaurus disableVersioning, includeCurrentVersion",
			Files: map[string]string{"docusaurus.config.js": `module.exports = {
  url: 'https://example.com',
  presets: [['classic', { docs: { disableVersioning: true } }]],
};
`, "versions.json": `["2.0", "1.0"]`},
			Want: []Detected{{File: "docusaurus.config.js", PublishDir: "build", BaseURL: "https://example.com/", BaseURLFrom: "docusaurus.config.js url"}},
		},
		{
			Name: "docusaurus lastVersion a const",
			Files: map[string]string{"docusaurus.config.ts": `const lastDocsVersion = '1.0';
const config = {
  url: 'https://example.com',
  presets: [['classic', { docs: { lastVersion: lastDocsVersion } } satisfies Preset.Options]],
};
export default config;
`, "versions.json": `["2.0", "1.0"]`},
			Want: []Detected{{File: "docusaurus.config.ts", PublishDir: "build", BaseURL: "https://example.com/", BaseURLFrom: "docusaurus.config.ts url",
				Own: docusaurus.Site{Versions: []docusaurus.Version{{Name: "current", Path: "next"}, {Name: "2.0", Path: "2.0"}, {Name: "1.0"}}}}},
		},
		{
			Name: "docusaurus lastVersion not literal",
			Files: map[string]string{"docusaurus.config.js": `const last = process.env.LAST;
module.exports = {
  url: 'https://example.com',
  presets: [['classic', {
    docs: { lastVersion: last },
  }]],
};
`, "versions.json": `["2.0", "1.0"]`},
			Want: []Detected{{File: "docusaurus.config.js", PublishDir: "build", BaseURL: "https://example.com/", BaseURLFrom: "docusaurus.config.js url",
				Own:      docusaurus.Site{Docs: docusaurus.Content{Unread: true}},
				Warnings: []*diag.Diagnostic{{File: "docusaurus.config.js", Line: 5, Msg: "docs.lastVersion is not read (not one literal value): the docs plugin's pages are not joined to their sources, and are listed without a lastmod"}},
				Notes:    []string{"docusaurus.config.js:5: presets[0][1].docs.lastVersion is not a literal string (last)"}}},
		},
		{
			Name: "docusaurus docs options not literal",
			Files: map[string]string{"docusaurus.config.js": `const docs = require('./docs.options');
module.exports = {
  url: 'https://example.com',
  presets: [['classic', { docs, blog: { ...shared } }]],
};
`},
			Want: []Detected{{File: "docusaurus.config.js", PublishDir: "build", BaseURL: "https://example.com/", BaseURLFrom: "docusaurus.config.js url",
				Own: docusaurus.Site{Docs: docusaurus.Content{Unread: true}, Blog: docusaurus.Content{Unread: true}},
				Warnings: []*diag.Diagnostic{
					{File: "docusaurus.config.js", Line: 4, Msg: "the docs plugin's options are not an object literal: the docs plugin's pages are not joined to their sources, and are listed without a lastmod"},
					{File: "docusaurus.config.js", Line: 4, Msg: "the blog plugin's options spread values that are not read: the blog plugin's pages are not joined to their sources, and are listed without a lastmod"},
				}}},
		},
		{
			Name: "docusaurus preset options not a literal",
			Files: map[string]string{"docusaurus.config.js": `const options = require('./options');
module.exports = {
  url: 'https://example.com',
  presets: [['classic', options]],
};
`},
			Want: []Detected{{File: "docusaurus.config.js", PublishDir: "build", BaseURL: "https://example.com/", BaseURLFrom: "docusaurus.config.js url",
				Own:      docusaurus.Site{Docs: docusaurus.Content{Unread: true}, Blog: docusaurus.Content{Unread: true}, Pages: docusaurus.Content{Unread: true}},
				Warnings: []*diag.Diagnostic{{File: "docusaurus.config.js", Line: 4, Msg: "the classic preset's options are not a literal: the pages of the docs, blog and pages plugins are not joined to their sources, and are listed without a lastmod"}},
				Notes:    []string{"docusaurus.config.js:4: presets[0][1] is not a literal object (options): presets[0][1].sitemap.filename is not read"}}},
		},
		{
			Name: "docusaurus a preset by its name",
			Files: map[string]string{"docusaurus.config.js": `const classic = ['classic', { docs: { lastVersion: 'current' } }];
module.exports = {
  url: 'https://example.com',
  presets: [classic],
};
`, "versions.json": `["2.0", "1.0"]`},
			Want: []Detected{{File: "docusaurus.config.js", PublishDir: "build", BaseURL: "https://example.com/", BaseURLFrom: "docusaurus.config.js url",
				Own:      docusaurus.Site{Docs: docusaurus.Content{Unread: true}, Blog: docusaurus.Content{Unread: true}, Pages: docusaurus.Content{Unread: true}},
				Warnings: []*diag.Diagnostic{{File: "docusaurus.config.js", Line: 4, Msg: "a preset is not a literal: the pages of the docs, blog and pages plugins are not joined to their sources, and are listed without a lastmod"}}}},
		},
		{
			Name:  "docusaurus versions.json not a list",
			Files: map[string]string{"package.json": `{"dependencies": {"@docusaurus/core": "3.10.2"}}`, "versions.json": `{"a": 1}`},
			Want: []Detected{{File: "package.json", PublishDir: "build",
				Notes: []string{"versions.json: not a JSON list of versions (json: cannot unmarshal object into Go value of type []string): versioned docs are not joined to their sources"}}},
		},
		{
			Name: "docusaurus TypeScript async config",
			Files: map[string]string{"docusaurus.config.ts": `import type {Config} from '@docusaurus/types';

export default async function createConfigAsync(): Promise<Config> {
  return {
    title: 'Docs',
    url: 'https://docs.example.com/',
    baseUrl: '/',
    trailingSlash: true,
  } satisfies Config;
}
`},
			Want: []Detected{{File: "docusaurus.config.ts", PublishDir: "build",
				BaseURL: "https://docs.example.com/", BaseURLFrom: "docusaurus.config.ts url + baseUrl", Form: generator.URLForm{TrailingSlash: "always"}}},
		},
		{
			Name: "docusaurus spread base config",
			Files: map[string]string{"docusaurus.config.js": `const base = require('./base.config');
module.exports = { ...base, title: 'x' };
`},
			Want: []Detected{{File: "docusaurus.config.js", PublishDir: "build",
				Notes: []string{
					"docusaurus.config.js:2: url may come from ...base, which is not read; give --base-url",
					"docusaurus.config.js:2: baseUrl may come from ...base, which is not read; give --base-url",
				}}},
		},
	})
}

func TestURLs(t *testing.T) {
	gentest.CheckRoutes(t, &docusaurus.Preset{Locales: []string{"de"}}, []gentest.RouteCase{
		{Path: "docs/intro.md", Want: "/docs/intro"},
		{Path: "docs/01-getting-started.md", Want: "/docs/getting-started"},
		{Path: "docs/02-guides/01-setup.md", Want: "/docs/guides/setup"},
		{Path: "docs/02-guides/index.md", Want: "/docs/guides/"},
		{Path: "docs/guides/guides.mdx", Want: "/docs/guides/"},
		{Path: "docs/guides/README.md", Want: "/docs/guides/"},
		{Path: "docs/index.md", Want: "/docs/"},
		{Path: "docs/2021-01-31-notes.md", Want: "/docs/2021-01-31-notes"}, // a date is no order prefix
		{Path: "docs/2-3-steps.md", Want: "/docs/2-3-steps"},               // nor a version
		{Path: "docs/1.5-foo.md", Want: "/docs/1.5-foo"},
		{Path: "docs/3 - setup.md", Want: "/docs/setup"},
		{Path: "docs/4--.md", Want: "/docs/4--"},
		{Path: "docs/02-guides/config.md", ID: "configuration", Want: "/docs/guides/configuration"},
		{Path: "docs/02-guides/deploy.mdx", Slug: "/deploying", Want: "/docs/deploying"},
		{Path: "docs/02-guides/renamed.md", Slug: "moved-here", Want: "/docs/guides/moved-here"},
		{Path: "docs/02-guides/index.md", Slug: "all", Want: "/docs/guides/all"},
		{Path: "docs/_partial.md", Want: ""},
		{Path: "docs/_drafts/a.md", Want: ""},
		{Path: "docs/img/logo.png", Want: ""},
		{Path: "blog/2024-01-15-hello.md", Want: "/blog/2024/01/15/hello"},
		{Path: "blog/2024-02-20-second-post/index.md", Want: "/blog/2024/02/20/second-post"},
		{Path: "blog/2024-03-05-third.md", Slug: "third-custom", Want: "/blog/third-custom"},
		{Path: "blog/plain.md", Want: "/blog/plain"},
		{Path: "blog/authors.yml", Want: ""},
		{Path: "src/pages/index.js", Want: "/"},
		{Path: "src/pages/about.md", Want: "/about"},
		{Path: "src/pages/contact/index.md", Want: "/contact/"},
		{Path: "src/pages/_partial.md", Want: ""},
		{Path: "src/pages/styles.module.css", Want: ""},
		{Path: "src/pages/a.test.js", Want: ""},
		{Path: "i18n/de/docusaurus-plugin-content-docs/current/intro.md", Want: "/de/docs/intro"},
		{Path: "i18n/de/docusaurus-plugin-content-blog/2024-01-15-hello.md", Want: "/de/blog/2024/01/15/hello"},
		{Path: "i18n/de/docusaurus-plugin-content-pages/about.md", Want: "/de/about"},
		{Path: "i18n/de/code.json", Want: ""},
		{Path: "i18n/de/docusaurus-theme-classic/navbar.json", Want: ""},
	})
	gentest.CheckRoutes(t, &docusaurus.Preset{Site: docusaurus.Site{Docs: docusaurus.Content{Base: "/"}, Blog: docusaurus.Content{Base: "/news"}}}, []gentest.RouteCase{
		{Path: "docs/intro.md", Want: "/intro"},
		{Path: "docs/index.md", Want: "/"},
		{Path: "blog/2024-01-15-hello.md", Want: "/news/2024/01/15/hello"},
	})
	versions := []docusaurus.Version{{Name: "current", Path: "next"}, {Name: "2.0"}, {Name: "1.0", Path: "1.0"}}
	gentest.CheckRoutes(t, &docusaurus.Preset{Site: docusaurus.Site{Versions: versions}, Locales: []string{"de"}}, []gentest.RouteCase{
		{Path: "docs/intro.md", Want: "/docs/next/intro"},
		{Path: "versioned_docs/version-2.0/intro.md", Want: "/docs/intro"},
		{Path: "versioned_docs/version-1.0/intro.md", Want: "/docs/1.0/intro"},
		{Path: "versioned_docs/version-0.9/intro.md", Want: ""}, // not a version of versions.json
		{Path: "i18n/de/docusaurus-plugin-content-docs/current/intro.md", Want: "/de/docs/next/intro"},
		{Path: "i18n/de/docusaurus-plugin-content-docs/version-1.0/intro.md", Want: "/de/docs/1.0/intro"},
		{Path: "blog/2024-01-15-hello.md", Want: "/blog/2024/01/15/hello"},
	})
	// lastVersion: 'current', a version's path, one version left out;
	// the docs in guides/ at the root, the blog in news/ at /updates.
	gentest.CheckRoutes(t, &docusaurus.Preset{Locales: []string{"de"}, Site: docusaurus.Site{
		Docs: docusaurus.Content{Dir: "guides", Base: "/"}, Blog: docusaurus.Content{Dir: "news", Base: "/updates"}, Pages: docusaurus.Content{Base: "/p"},
		Versions: []docusaurus.Version{{Name: "current"}, {Name: "1.0", Path: "one"}}}}, []gentest.RouteCase{
		{Path: "guides/intro.md", Want: "/intro"},
		{Path: "docs/intro.md", Want: ""},
		{Path: "versioned_docs/version-1.0/intro.md", Want: "/one/intro"},
		{Path: "versioned_docs/version-2.0/intro.md", Want: ""},
		{Path: "i18n/de/docusaurus-plugin-content-docs/current/intro.md", Want: "/de/intro"},
		{Path: "i18n/de/docusaurus-plugin-content-docs/version-1.0/intro.md", Want: "/de/one/intro"},
		{Path: "i18n/de/docusaurus-plugin-content-docs/version-2.0/intro.md", Want: ""},
		{Path: "news/2024-01-15-hello.md", Want: "/updates/2024/01/15/hello"},
		{Path: "i18n/de/docusaurus-plugin-content-blog/2024-01-15-hello.md", Want: "/de/updates/2024/01/15/hello"},
		{Path: "blog/2024-01-15-hello.md", Want: ""},
		{Path: "src/pages/about.md", Want: "/p/about"},
	})
	// Options not read: none of the plugin's pages is joined.
	gentest.CheckRoutes(t, &docusaurus.Preset{Site: docusaurus.Site{Docs: docusaurus.Content{Unread: true}, Blog: docusaurus.Content{Off: true}}}, []gentest.RouteCase{
		{Path: "docs/intro.md", Want: ""},
		{Path: "versioned_docs/version-1.0/intro.md", Want: ""},
		{Path: "blog/2024-01-15-hello.md", Want: ""},
		{Path: "src/pages/about.md", Want: "/about"},
	})
	d := &docusaurus.Preset{Locales: []string{"de", "pt-BR"}}
	for in, want := range map[string]string{"/de/docs/intro": "/docs/intro", "/pt-BR/": "/", "/de": "/", "/docs/intro": "", "/dev/x": ""} {
		if got, _ := d.Rules().Pages.Fallback(in); got != want {
			t.Errorf("FallbackURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSitemaps: the root's sitemap and each locale's, and no other
// folder's: a project's api/ or img/ is no locale.
func TestSitemaps(t *testing.T) {
	p := &Detected{Gen: docusaurus.Generator{}, Languages: []string{"de", "pt-BR", "zh-Hans"}, Translated: true}
	takes := p.Sitemaps()
	for _, n := range []string{"sitemap.xml", "de/sitemap.xml", "pt-BR/sitemap.xml", "zh-Hans/sitemap.xml"} {
		if !takes(n) {
			t.Errorf("%s not taken over", n)
		}
	}
	for _, n := range []string{"blog/sitemap.xml", "docs/sitemap.xml", "sitemap-0.xml", "api/sitemap.xml", "img/sitemap.xml", "fr/sitemap.xml"} {
		if takes(n) {
			t.Errorf("%s taken over", n)
		}
	}
}

// TestPublished: each locale's sitemap, which its build stops writing
// once the plugin is off.
func TestPublished(t *testing.T) {
	d := &Detected{Gen: docusaurus.Generator{}, Languages: []string{"de", "pt-BR"}, Translated: true}
	if got, want := d.Published(""), []string{"de/sitemap.xml", "pt-BR/sitemap.xml"}; !slices.Equal(got, want) {
		t.Errorf("Docusaurus: %q, want %q", got, want)
	}
	// The name the plugin's filename gave, carried over to sitemapgen's.
	if got, want := d.Published("map.xml"), []string{"de/map.xml", "pt-BR/map.xml"}; !slices.Equal(got, want) {
		t.Errorf("Docusaurus with filename: %q, want %q", got, want)
	}
}

// TestSitemapFilename: the classic preset's sitemap filename
// names the root's sitemap and each locale's, which are taken over and
// answer.
func TestSitemapFilename(t *testing.T) {
	found, err := registry.Detect(buildtest.TempSite(t, map[string]string{
		"docusaurus.config.js": "module.exports = {\n  url: 'https://d.site',\n  baseUrl: '/',\n  i18n: { defaultLocale: 'en', locales: ['en', 'de'] },\n  presets: [['classic', { sitemap: { filename: 'map.xml' } }]],\n};\n",
	}), limits.Default)
	if err != nil || len(found) != 1 {
		t.Fatalf("Detect = %s, %v", gentest.Format(found), err)
	}
	p := found[0]
	if p.SitemapFile != "map.xml" {
		t.Errorf("SitemapFile %q, want map.xml", p.SitemapFile)
	}
	takes := p.Sitemaps()
	for name, want := range map[string]bool{"map.xml": true, "de/map.xml": true, "de/sitemap.xml": false, "sitemap.xml": true} {
		if got := takes(name); got != want {
			t.Errorf("takes %s = %v, want %v", name, got, want)
		}
	}
	if got, want := p.Published(""), []string{"de/map.xml"}; !slices.Equal(got, want) {
		t.Errorf("Published %q, want %q", got, want)
	}
}

// TestSitemapOptions: the classic preset's and the plugin's options,
// where their users write them, read without running anything.
func TestSitemapOptions(t *testing.T) {
	gentest.SitemapOptions(t, buildtest.TempSite, []gentest.PeerTest{
		{Name: "docusaurus preset and plugin", Files: map[string]string{"docusaurus.config.js": `module.exports = {
  url: 'https://example.com',
  baseUrl: '/',
  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: {},
        sitemap: { lastmod: 'date', ignorePatterns: ['/tags/**'] },
      }),
    ],
  ],
};
`}, Want: []peer.Config{{Tool: docusaurus.Tool, File: "docusaurus.config.js", Line: 6, Options: []peer.Given{
			{Name: "lastmod", Value: "date", Line: 10}, {Name: "ignorePatterns", Value: []any{"/tags/**"}, Line: 10}}}}},
		{Name: "docusaurus preset's sitemap off, the plugin on", Files: map[string]string{"docusaurus.config.js": `export default {
  url: 'https://example.com',
  presets: [['@docusaurus/preset-classic', { sitemap: false }]],
  plugins: [['@docusaurus/plugin-sitemap', { changefreq: 'daily', priority: null }]],
};
`}, Want: []peer.Config{{Tool: docusaurus.Tool, File: "docusaurus.config.js", Line: 4, Options: []peer.Given{
			{Name: "changefreq", Value: "daily", Line: 4}, {Name: "priority", Value: nil, Line: 4}}}}},
	})
}

// TestLastModOrder: showLastUpdateTime says where Docusaurus dates every
// page by git; its order is the same without it.
func TestLastModOrder(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		want  string
		from  string
	}{
		{name: "docusaurus showLastUpdateTime", files: map[string]string{"docusaurus.config.js": "export default {\n  url: 'https://example.com',\n  presets: [['classic', {docs: {\n    showLastUpdateTime: true}}]],\n};\n"},
			want: "front matter last_update.date, then git", from: "Docusaurus showLastUpdateTime, docusaurus.config.js:4"},
		{name: "docusaurus without", files: map[string]string{"docusaurus.config.js": "export default { url: 'https://example.com', presets: [['classic', {docs: {showLastUpdateTime: false}}]] };\n"},
			want: "front matter last_update.date, then git", from: "Docusaurus last_update, then git"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			found, err := registry.Detect(buildtest.TempSite(t, tt.files), limits.Default)
			if err != nil || len(found) != 1 {
				t.Fatalf("Detect = %s, %v", gentest.Format(found), err)
			}
			preset, _ := found[0].Routes()
			o := preset.Rules().Order
			if !strings.HasPrefix(o.Describe(), tt.want) || !strings.Contains(o.From, tt.from) {
				t.Errorf("order %q from %q, want %q from %q", o.Describe(), o.From, tt.want, tt.from)
			}
		})
	}
}
