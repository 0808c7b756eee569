package starlight_test

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/astro"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conform"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/generator/starlight"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// detect writes an Astro project whose configuration is config, with
// package.json naming Starlight, and returns the one project found.
func detect(t *testing.T, config string) generator.Detected {
	t.Helper()
	dir := t.TempDir()
	for name, data := range map[string]string{
		"astro.config.mjs": config,
		"package.json":     `{"dependencies": {"astro": "5.18.2", "@astrojs/starlight": "0.37.7"}}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ps, err := registry.Detect(dir, limits.Default)
	if err != nil || len(ps) != 1 {
		t.Fatalf("Detect: %v, %v", ps, err)
	}
	return ps[0]
}

const threeLocales = `import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

export default defineConfig({
  site: 'https://docs.example.com',
  integrations: [
    starlight({
      title: 'Docs',
      defaultLocale: 'root',
      locales: {
        root: { label: 'English', lang: 'en' },
        de: { label: 'Deutsch', lang: 'de' },
        'pt-br': { label: 'Português' },
      },
      lastUpdated: true,
    }),
  ],
});
`

// TestDetect: an Astro project that calls starlight() routes its docs
// by Starlight's rules; Starlight's sitemap is Astro's (the project need
// not name @astrojs/sitemap), its locales are the pages' alternates and
// their 404 pages error pages. Before, its pages were routed from
// src/pages only, its sitemap kept as the project's own and de/404/
// listed (issue 55, item 3).
func TestDetect(t *testing.T) {
	p := detect(t, threeLocales)
	if p.Name() != "astro" {
		t.Fatalf("Generator = %q", p.Name())
	}
	if p.Plugin == nil || p.Plugin.In != "astro.config.mjs" {
		t.Errorf("Plugin = %+v: Starlight's sitemap is not taken for Astro's", p.Plugin)
	}
	if !p.Translated {
		t.Error("a site of three locales is not translated")
	}
	wantLocales := &generator.FolderLocales{Default: "en", Langs: map[string]string{"de": "de", "pt-br": "pt-br"}, From: "Starlight's locales"}
	if !reflect.DeepEqual(p.Pages, wantLocales) {
		t.Errorf("Pages = %+v, want %+v", p.Pages, wantLocales)
	}
	wantErrors := []string{"de/404/index.html", "de/404.html", "pt-br/404/index.html", "pt-br/404.html"}
	if !reflect.DeepEqual(p.Fallbacks, wantErrors) {
		t.Errorf("Fallbacks = %q, want %q", p.Fallbacks, wantErrors)
	}
	preset, dir := p.Routes()
	if dir != "src" {
		t.Errorf("Routes folder %q", dir)
	}
	// Astro's preset answers every rule of Starlight's, whose pages are
	// most of the site's.
	docs := map[string]string{}
	for _, rel := range []string{"content/docs/index.md", "content/docs/de/guides/a.mdx", "content/docs/guides/b.md"} {
		docs[rel] = rel
	}
	conform.Wraps(t, preset, preset.(*astro.Preset).Routed, docs, "Name", "Sources.Include")
	for _, c := range []struct{ path, slug, want string }{
		{"content/docs/index.md", "", "/"},
		{"content/docs/de/index.mdx", "", "/de/"},
		{"content/docs/guides/Getting Started.md", "", "/guides/getting-started/"},
		{"content/docs/guides/index.mdown", "", "/guides/"},
		{"content/docs/reference/options.md", "reference/settings", "/reference/settings/"},
		{"content/docs/404.md", "", "/404/"},
		{"content/docs/guides/_shared.md", "", ""},
		{"content/docs/.hidden/a.md", "", ""},
		{"content/docs/notes.txt", "", ""},
		{"content/docs/a.mdoc", "", ""}, // without @astrojs/markdoc
		{"pages/about.astro", "", "/about"},
	} {
		got, ok := preset.URLPath(generator.Page{Path: c.path, Slug: c.slug})
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("URLPath(%s, slug %q) = %q, want %q", c.path, c.slug, got, c.want)
		}
	}
	f := generator.RulesOf(preset).Pages.Fallback
	if f == nil {
		t.Fatal("Astro's preset does not ask Starlight for its fallback pages")
	}
	for u, want := range map[string]string{"/de/guides/tuning/": "/guides/tuning/", "/pt-br/": "/", "/pt-br": "/", "/guides/tuning/": "", "/deutsch/a/": ""} {
		got, _ := f(u)
		if got != want {
			t.Errorf("FallbackURL(%s) = %q, want %q", u, got, want)
		}
	}
	o := generator.RulesOf(preset).Order
	if o == nil {
		t.Fatal("Astro's preset does not ask Starlight for its dates")
	}
	if want := []generator.DateStep{{Keys: []string{"lastupdated"}}, {Git: true}}; !reflect.DeepEqual(o.Steps, want) || o.GitAuthor || !o.GitRenames {
		t.Errorf("LastModOrder = %+v: Starlight takes front matter lastUpdated, then the committer date of the last commit naming the file", o)
	}
	if o.From != "Starlight lastUpdated, astro.config.mjs:15" {
		t.Errorf("From = %q", o.From)
	}
}

// TestDefaultLocaleInFolder: with defaultLocale 'en' and no root locale,
// every locale is in its folder and fallbacks come from en/.
func TestDefaultLocaleInFolder(t *testing.T) {
	p := detect(t, `import starlight from '@astrojs/starlight';
export default { integrations: [starlight({ title: 'x', defaultLocale: 'en', locales: { en: { label: 'English' }, fr: { label: 'Français', lang: 'fr-CA' } } })] };
`)
	want := &generator.FolderLocales{Langs: map[string]string{"en": "en", "fr": "fr-CA"}, From: "Starlight's locales"}
	if !reflect.DeepEqual(p.Pages, want) {
		t.Errorf("Pages = %+v, want %+v", p.Pages, want)
	}
	preset, _ := p.Routes()
	f := preset.Rules().Pages.Fallback
	for u, want := range map[string]string{"/fr/a/": "/en/a/", "/fr/": "/en/", "/en/a/": ""} {
		if got, _ := f(u); got != want {
			t.Errorf("FallbackURL(%s) = %q, want %q", u, got, want)
		}
	}
	// Without lastUpdated: the front matter's lastUpdated, then Astro's
	// other dates, then git.
	o := preset.Rules().Order
	if len(o.Steps) != 2 || o.Steps[0].Keys[0] != "lastupdated" || len(o.Steps[0].Keys) < 2 || !o.Steps[1].Git {
		t.Errorf("LastModOrder = %+v", o)
	}
}

// TestAstroI18n: without locales of its own, Starlight takes Astro's
// i18n routing.
func TestAstroI18n(t *testing.T) {
	for _, tt := range []struct {
		routing, from string
		fallbacks     map[string]string
	}{
		{"", "/fr/a/", map[string]string{"/fr/a/": "/a/", "/a/": ""}},
		{"routing: { prefixDefaultLocale: true },", "/fr/a/", map[string]string{"/fr/a/": "/en/a/", "/en/a/": ""}},
	} {
		p := detect(t, `import starlight from '@astrojs/starlight';
export default { i18n: { defaultLocale: 'en', locales: ['en', 'fr'], `+tt.routing+` }, integrations: [starlight({ title: 'x' })] };
`)
		preset, _ := p.Routes()
		for u, want := range tt.fallbacks {
			if got, _ := preset.Rules().Pages.Fallback(u); got != want {
				t.Errorf("%s: FallbackURL(%s) = %q, want %q", tt.routing, u, got, want)
			}
		}
		if !slices.Contains(p.Fallbacks, "fr/404/index.html") {
			t.Errorf("%s: Fallbacks = %q", tt.routing, p.Fallbacks)
		}
	}
}

// TestOneLanguage: no locales, or root alone, or a default that is no
// locale: one language, no fallbacks, no locales' error pages; an
// Astro project without starlight() routes no docs.
func TestOneLanguage(t *testing.T) {
	for _, cfg := range []string{
		`import starlight from '@astrojs/starlight'; export default { integrations: [starlight({ title: 'x' })] };`,
		`import starlight from '@astrojs/starlight'; export default { integrations: [starlight({ title: 'x', locales: { root: { label: 'English', lang: 'en' } } })] };`,
		`import starlight from '@astrojs/starlight'; export default { integrations: [starlight({ title: 'x', defaultLocale: 'es', locales: { en: {}, de: {} } })] };`,
		`import sl from '@astrojs/starlight'; import mdx from '@astrojs/mdx'; export default { integrations: [mdx(), sl({ title: 'x', locales })] };`,
	} {
		p := detect(t, cfg)
		preset, _ := p.Routes()
		if u, ok := preset.URLPath(generator.Page{Path: "content/docs/de/a.md"}); !ok || u != "/de/a/" {
			t.Errorf("%s: URLPath = %q, %v", cfg, u, ok)
		}
		if _, ok := preset.Rules().Pages.Fallback("/de/a/"); ok || p.Pages != nil || p.Fallbacks != nil {
			t.Errorf("%s: a site of one language has fallbacks or locales", cfg)
		}
	}
	p := detect(t, `export default { integrations: [] };`)
	preset, _ := p.Routes()
	if _, ok := preset.URLPath(generator.Page{Path: "content/docs/a.md"}); ok {
		t.Error("an Astro project without starlight() routes docs")
	}
	if p.Plugin == nil || p.Plugin.In != "" {
		t.Errorf("Plugin = %+v: an Astro project without @astrojs/sitemap or Starlight has it", p.Plugin)
	}
}

// TestMarkdoc: .mdoc docs with @astrojs/markdoc.
func TestMarkdoc(t *testing.T) {
	p := detect(t, `import starlight from '@astrojs/starlight'; import markdoc from '@astrojs/markdoc';
export default { integrations: [markdoc(), starlight({ title: 'x' })] };`)
	preset, _ := p.Routes()
	if u, ok := preset.URLPath(generator.Page{Path: "content/docs/a.mdoc"}); !ok || u != "/a/" {
		t.Errorf("URLPath(a.mdoc) = %q, %v", u, ok)
	}
	if s := preset.Rules().Sources.Describe; s == nil || s("src", "Astro") != filepath.Join("src", "content", "docs")+" (Starlight), "+filepath.Join("src", "pages")+" (Astro)" {
		t.Errorf("Folders = %q", s("src", "Astro"))
	}
	_ = starlight.Docs
}

// TestLocalesDeclared: locales given by name, from a const of the
// configuration (export const locales = {…}; starlight({ locales }), as
// Starlight's own docs do), are read as if written in place: each
// locale's 404 is an error page, its pages are one another's alternates.
func TestLocalesDeclared(t *testing.T) {
	p := detect(t, `import starlight from '@astrojs/starlight';
export const locales = {
	root: { label: 'English', lang: 'en' },
	de: { label: 'Deutsch', lang: 'de' },
};
export default { site: 'https://docs.example.org/', integrations: [starlight({ title: 'x', locales })] };
`)
	wantErrors := []string{"de/404/index.html", "de/404.html"}
	if !reflect.DeepEqual(p.Fallbacks, wantErrors) {
		t.Errorf("Fallbacks = %q, want %q", p.Fallbacks, wantErrors)
	}
	if !p.Translated {
		t.Error("a site of two locales is not translated")
	}
}
