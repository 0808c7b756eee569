package nuxt_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/nuxt"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// contentConfig is a content.config.ts of @nuxt/content 3 with the shapes
// of the docs: a collection with a prefix, one of the rest with an
// exclude, a data collection (no pages) and one whose source is in
// another folder (not joined).
const contentConfig = `import { defineCollection, defineContentConfig, z } from '@nuxt/content'

export default defineContentConfig({
  collections: {
    guide: defineCollection({
      type: 'page',
      source: { include: 'docs/**/*.md', prefix: '/guide' },
    }),
    content: defineCollection({
      type: 'page',
      source: { include: '**/*.md', exclude: ['docs/**'] },
      schema: z.object({ date: z.date() }),
    }),
    authors: defineCollection({ type: 'data', source: 'authors/*.yml' }),
    pkg: defineCollection({ type: 'page', source: { cwd: '../pkg/docs', include: '**/*.md' } }),
  },
})
`

// TestURLPath: a page file is a page at its path; a Markdown file of
// content/ is one at the path @nuxt/content gives it: by its collection
// (a prefix, the include's fixed part, an exclude), or without
// content.config.ts at its path (a partial _name of @nuxt/content 2 is
// none), numbers and index dropped, lower-cased; without @nuxt/content
// it is none.
func TestURLPath(t *testing.T) {
	fsys := fstest.MapFS{"content.config.ts": {Data: []byte(contentConfig)}}
	var warned []string
	configured := &nuxt.Preset{Content: true}
	read := configured.ReadFolder(generator.Folder{Settings: fsys, Limits: limits.Default, Warn: func(err error) { warned = append(warned, err.Error()) }})
	if !slices.Equal(read, []string{"content.config.ts"}) {
		t.Errorf("read %q", read)
	}
	if want := []string{"content.config.ts:15: collection pkg reads another folder than content/ (cwd): its pages are not joined"}; !slices.Equal(warned, want) {
		t.Errorf("warned %q, want %q", warned, want)
	}
	plain := &nuxt.Preset{Content: true}
	plain.ReadFolder(generator.Folder{Settings: fstest.MapFS{}, Limits: limits.Default})
	for _, tc := range []struct {
		preset     *nuxt.Preset
		path, want string
		ok         bool
	}{
		{configured, "content/index.md", "/", true},
		{configured, "content/about.md", "/about", true},
		{configured, "content/blog/index.md", "/blog", true},
		{configured, "content/blog/1.first-post.md", "/blog/first-post", true},
		{configured, "content/Blog/Hello World.md", "/blog/hello-world", true},
		{configured, "content/docs/1.intro.md", "/guide/intro", true},
		{configured, "content/docs/2.setup/index.md", "/guide/setup", true},
		{configured, "content/v/1.2.0.md", "/v/1.2.0", true},
		{configured, "content/blog/café.md", "", false},
		{configured, "content/.hidden.md", "", false},
		{configured, "content/authors/a.yml", "", false},
		{plain, "content/1.guide/2.installation.md", "/guide/installation", true},
		{plain, "content/docs/1.intro.md", "/docs/intro", true},
		{plain, "content/_partial.md", "", false},
		{&nuxt.Preset{}, "content/about.md", "", false},
		{plain, "app/pages/index.vue", "/", true},
		{plain, "app/pages/contact.vue", "/contact", true},
		{plain, "pages/blog/index.vue", "/blog/", true},
		{plain, "app/pages/(marketing)/pricing.vue", "/pricing", true},
		{plain, "app/pages/[...slug].vue", "", false},
		{plain, "app/pages/blog/[id].vue", "", false},
		{plain, "app/components/Card.vue", "", false},
	} {
		got, ok := tc.preset.URLPath(generator.Page{Path: tc.path})
		if got != tc.want || ok != tc.ok {
			t.Errorf("URLPath(%s) = %q, %v; want %q, %v", tc.path, got, ok, tc.want, tc.ok)
		}
	}
}

// TestRules: a content page's front matter dates it only with a sitemap
// module of Nuxt, by the keys its Nuxt Content integration reads, before
// git; without one, git alone dates it (its dates are not read).
func TestRules(t *testing.T) {
	plain := &nuxt.Preset{Content: true}
	if r := generator.RulesOf(plain); r.Order != nil || plain.FileRules("content/a.md").Dates || !plain.FileRules("content/a.md").Read {
		t.Errorf("without a sitemap module: order %+v, rules %+v", r.Order, plain.FileRules("content/a.md"))
	}
	if got := generator.RulesOf(plain).Sources.Include; !slices.Equal(got, []string{"app/pages/**/*.vue", "pages/**/*.vue", "content/**/*.md"}) {
		t.Errorf("include %q", got)
	}
	if got := generator.RulesOf(&nuxt.Preset{}).Sources.Describe(".", "Nuxt"); got != "pages (Nuxt)" {
		t.Errorf("without @nuxt/content, described as %q", got)
	}
	// The folders of pages the project has: Nuxt 4's app/pages, Nuxt 3's
	// pages.
	for _, tc := range []struct {
		dirs []string
		want string
	}{
		{[]string{"app/pages"}, "app/pages, content (Nuxt)"},
		{[]string{"pages"}, "pages, content (Nuxt)"},
		{[]string{"app/pages", "pages"}, "app/pages, pages, content (Nuxt)"},
	} {
		fsys := fstest.MapFS{}
		for _, d := range tc.dirs {
			fsys[d+"/index.vue"] = &fstest.MapFile{}
		}
		p := &nuxt.Preset{Content: true}
		p.ReadFolder(generator.Folder{Settings: fsys, Limits: limits.Default})
		if got := generator.RulesOf(p).Sources.Describe(".", "Nuxt"); got != tc.want {
			t.Errorf("with %q, described as %q, want %q", tc.dirs, got, tc.want)
		}
	}
	withSitemap := &nuxt.Preset{Content: true, SitemapModule: "@nuxtjs/sitemap (package.json)"}
	r := generator.RulesOf(withSitemap)
	if r.Order == nil || len(r.Order.Steps) != 2 || strings.Join(r.Order.Steps[0].Keys, ",") != "sitemap.lastmod,seo.articlemodifiedtime,updatedat" || !r.Order.Steps[1].Git ||
		r.Order.From != "the Nuxt Content integration of @nuxtjs/sitemap (package.json)" {
		t.Errorf("with @nuxtjs/sitemap: order %+v", r.Order)
	}
	if !withSitemap.FileRules("content/a.md").Dates || withSitemap.FileRules("app/pages/a.vue").Read {
		t.Errorf("with @nuxtjs/sitemap: rules %+v, %+v", withSitemap.FileRules("content/a.md"), withSitemap.FileRules("app/pages/a.vue"))
	}
}
