package jsconfig

import (
	"reflect"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestAny: the options a configuration gives a plugin, wherever it
// lists it (an integration's call in an array, a preset's pair, a
// plugin's object), read whole as plain values, functions and
// expressions marked.
func TestAny(t *testing.T) {
	src := []byte(`import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';

export default defineConfig({
  site: 'https://example.com',
  integrations: [mdx(), sitemap({
    changefreq: 'weekly',
    priority: 0.7,
    entryLimit: 1_000,
    filter: (page) => page !== 'https://example.com/secret/',
    serialize: async function (item) { return item; },
    lastmod: new Date(),
    customPages: ['https://example.com/a', 'https://example.com/b'],
    i18n: { defaultLocale: 'en', locales: { en: 'en-US', fr: 'fr-CA' } },
    namespaces: { news: false },
    xslURL: process.env.XSL,
  })],
  presets: [
    ['classic', /** @type {import('x').Options} */ ({ docs: false, sitemap: { ignorePatterns: ['/tags/**'], changefreq: null } })],
  ],
  plugins: ['gatsby-plugin-a', { resolve: 'gatsby-plugin-sitemap', options: { excludes: ['/x'] } }],
});
`)
	r := NewReader("astro.config.mjs", src, limits.Default)
	if got := r.ImportOf("@astrojs/sitemap"); got != "sitemap" {
		t.Errorf("ImportOf = %q", got)
	}
	v, _, ok := r.Any("integrations[1]")
	if !ok {
		t.Fatal("integrations[1] not found")
	}
	if _, ok := v.(Expression); !ok {
		t.Errorf("integrations[1] = %#v, want the call's expression", v)
	}
	if c, st := r.Callee("integrations[1]", ""); st != OK || c.Callee != "sitemap" || c.Args != 1 {
		t.Errorf("Callee(integrations[1]) = %+v, %v", c, st)
	}
	var names []string
	for _, k := range r.Keys("integrations[1]()") {
		names = append(names, k.Name)
	}
	if want := []string{"changefreq", "priority", "entryLimit", "filter", "serialize", "lastmod", "customPages", "i18n", "namespaces", "xslURL"}; !reflect.DeepEqual(names, want) {
		t.Errorf("Keys = %q, want %q", names, want)
	}
	opts, line, _ := r.Any("integrations[1]()")
	want := map[string]any{
		"changefreq": "weekly", "priority": 0.7, "entryLimit": 1000.0, "filter": Function{}, "serialize": Function{},
		"lastmod": Expression{"new Date()"}, "customPages": []any{"https://example.com/a", "https://example.com/b"},
		"i18n":       map[string]any{"defaultLocale": "en", "locales": map[string]any{"en": "en-US", "fr": "fr-CA"}},
		"namespaces": map[string]any{"news": false}, "xslURL": Expression{"process.env.XSL"},
	}
	if !reflect.DeepEqual(opts, want) || line != 7 {
		t.Errorf("Any(integrations[1]()) = %#v at %d\nwant %#v at 7", opts, line, want)
	}
	if v, _, _ := r.Any("presets[0][0]"); v != "classic" {
		t.Errorf("presets[0][0] = %#v", v)
	}
	if v, _, _ := r.Any("presets[0][1].sitemap"); !reflect.DeepEqual(v, map[string]any{"ignorePatterns": []any{"/tags/**"}, "changefreq": nil}) {
		t.Errorf("presets[0][1].sitemap = %#v", v)
	}
	if v, _, _ := r.Any("plugins[1]"); !reflect.DeepEqual(v, map[string]any{"resolve": "gatsby-plugin-sitemap", "options": map[string]any{"excludes": []any{"/x"}}}) {
		t.Errorf("plugins[1] = %#v", v)
	}
	if _, _, ok := r.Any("nowhere"); ok {
		t.Error("Any(nowhere) is found")
	}
}
