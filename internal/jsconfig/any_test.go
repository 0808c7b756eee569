package jsconfig

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
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

// An object's keys are found among the paths below it, not among every
// path of the file: Any of each of a gatsby-config's 1,000 plugin
// objects, of Astro's 1,000 i18n.locales and of Starlight's 1,000
// locales looks at a few paths an object (each looked at every path of
// the file: 10,000 plugins took 28.6 s), and so does Spread at each of
// the paths it takes (each compared with every path of the file).
func TestAnyLinear(t *testing.T) {
	const n = 1000
	r := NewReader("gatsby-config.js", manyObjects(n), limits.Default)
	for i := range n {
		v, _, _ := r.Any(fmt.Sprintf("plugins[%d]", i))
		want := map[string]any{"resolve": "gatsby-source-filesystem", "options": map[string]any{"name": fmt.Sprintf("p%d", i), "path": fmt.Sprintf("./content/p%d", i)}}
		if !reflect.DeepEqual(v, want) {
			t.Fatalf("plugins[%d] = %#v, want %#v", i, v, want)
		}
	}
	list, _, _ := r.Any("i18n.locales")
	if l, ok := list.([]any); !ok || len(l) != n || !reflect.DeepEqual(l[n-1], map[string]any{"path": fmt.Sprintf("l%d", n-1), "codes": []any{fmt.Sprintf("l%d", n-1), fmt.Sprintf("l%d-x", n-1)}}) {
		t.Fatalf("i18n.locales: %d items (%T), want %d objects of path and codes", len(l), list, n)
	}
	locales, _, _ := r.Any("locales")
	if m, ok := locales.(map[string]any); !ok || len(m) != n || !reflect.DeepEqual(m["l7"], map[string]any{"label": "L7", "lang": "l7"}) {
		t.Fatalf("locales: %T of %d, want %d objects of label and lang", locales, len(m), n)
	}
	if keys := r.Keys(""); len(keys) != 3 || keys[0].Name != "plugins" || keys[1].Name != "i18n" || keys[2].Name != "locales" {
		t.Errorf("Keys() = %v, want plugins, i18n, locales", keys)
	}
	// The paths below each plugin (4) and its options (2); below each of
	// Astro's locales (4) and Starlight's (2) and those of their objects
	// (5n, 3n); every path of the file for the root's keys (13n): 28n.
	if r.c.looked > 30*n {
		t.Errorf("Any looked at %d paths of the file's %d for %d objects: %d times each", r.c.looked, 13*n, 3*n, r.c.looked/(13*n))
	}

	var own, shared strings.Builder
	own.WriteString("import shared from './shared.mjs';\nexport default {\n  ...shared,\n")
	shared.WriteString("export default {\n")
	for i := range n {
		fmt.Fprintf(&own, "  k%d: { x: %d },\n", i, i)
		fmt.Fprintf(&shared, "  k%d: { y: %d },\n  s%d: %d,\n", i, i, i, i)
	}
	own.WriteString("};\n")
	shared.WriteString("};\n")
	r = NewReader("config.mjs", []byte(own.String()), limits.Default)
	r.Spread("shared", NewReader("shared.mjs", []byte(shared.String()), limits.Default))
	// Two looks for each of the module's paths (2n) and their objects'.
	if looked := r.c.looked; looked > 6*n {
		t.Errorf("Spread looked at %d paths for the module's %d: %d each", looked, 2*n, looked/(2*n))
	}
	if v, _, _ := r.Any("k5"); !reflect.DeepEqual(v, map[string]any{"x": 5.0}) {
		t.Errorf("k5 = %#v, want its own object, which replaces the spread one", v)
	}
	if v, _, _ := r.Any("s5"); v != 5.0 {
		t.Errorf("s5 = %#v, want the spread module's 5", v)
	}
}

// manyObjects is a configuration of n plugin objects (Gatsby's), n of
// Astro's i18n.locales and n of Starlight's locales.
func manyObjects(n int) []byte {
	var b bytes.Buffer
	b.WriteString("module.exports = {\n  plugins: [\n")
	for i := range n {
		fmt.Fprintf(&b, "    { resolve: 'gatsby-source-filesystem', options: { name: 'p%d', path: './content/p%d' } },\n", i, i)
	}
	b.WriteString("  ],\n  i18n: { defaultLocale: 'l0', locales: [\n")
	for i := range n {
		fmt.Fprintf(&b, "    { path: 'l%d', codes: ['l%d', 'l%d-x'] },\n", i, i, i)
	}
	b.WriteString("  ] },\n  locales: {\n")
	for i := range n {
		fmt.Fprintf(&b, "    l%d: { label: 'L%d', lang: 'l%d' },\n", i, i, i)
	}
	b.WriteString("  },\n};\n")
	return b.Bytes()
}

// BenchmarkAny reads a configuration of 2,000 plugin objects, 2,000
// of Astro's i18n.locales and 2,000 of Starlight's locales, and each of
// them with Any, as the generators do:
//
//	go test ./internal/jsconfig -run '^$' -bench Any
func BenchmarkAny(b *testing.B) {
	const n = 2000
	src := manyObjects(n)
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		r := NewReader("gatsby-config.js", src, limits.Default)
		for i := range n {
			if _, _, ok := r.Any(fmt.Sprintf("plugins[%d]", i)); !ok {
				b.Fatalf("plugins[%d] not read", i)
			}
		}
		r.Any("i18n.locales")
		r.Any("locales")
	}
}
