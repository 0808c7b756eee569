package jsconfig

import (
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestFilter: a transformItems that filters its items by literal strings
// is read as its tests, in each form a function takes; any other code is
// not.
func TestFilter(t *testing.T) {
	r := NewReader("c.ts", []byte(`export default {
  method: { transformItems(items) { return items.filter((item) => !item.url.includes('migration')) } },
  arrow: (items) => items.filter(i => !i.url.startsWith('zh/') && i.url !== 'old.html'),
  fn: function (items) { return items.filter(function (x) { return (!x.url.endsWith('.txt') && 'a.html' != x.url); }); },
  list: async (items) => items.filter((item) => !['a.html', "b/"].includes(item.url)),
  regex: (items) => items.filter((item) => !/old/.test(item.url)),
  other: (items) => items.filter((item) => item.url.length < 30),
  orTests: (items) => items.filter((item) => !item.url.includes('a') || !item.url.includes('b')),
  mapped: (items) => items.map((item) => item),
  more: (items) => { items.sort(); return items.filter((item) => !item.url.includes('a')) },
  field: (items) => items.filter((item) => !item.lastmod.includes('2020')),
  twoParams: (items, cfg) => items.filter((item) => !item.url.includes('a')),
  notFn: 'x',
}`), limits.Default)
	for _, tt := range []struct {
		path string
		want []Test
	}{
		{"method.transformItems", []Test{{"includes", "migration"}}},
		{"arrow", []Test{{"startsWith", "zh/"}, {"equals", "old.html"}}},
		{"fn", []Test{{"endsWith", ".txt"}, {"equals", "a.html"}}},
		{"list", []Test{{"equals", "a.html"}, {"equals", "b/"}}},
		{"regex", nil},
		{"other", nil},
		{"orTests", nil},
		{"mapped", nil},
		{"more", nil},
		{"field", nil},
		{"twoParams", nil},
		{"notFn", nil},
		{"absent", nil},
	} {
		got, ok := r.Filter(tt.path, "url")
		if ok != (tt.want != nil) || !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v %v, want %v", tt.path, got, ok, tt.want)
		}
	}
	for _, tt := range []struct {
		test Test
		s    string
		out  bool
	}{
		{Test{"includes", "migration"}, "guide/migration-from-vitepress-0.html", true},
		{Test{"includes", "migration"}, "guide/getting-started.html", false},
		{Test{"startsWith", "zh/"}, "zh/index.html", true},
		{Test{"endsWith", ".txt"}, "a.txt.html", false},
		{Test{"equals", "a.html"}, "a.html", true},
	} {
		if got := tt.test.Leaves(tt.s); got != tt.out {
			t.Errorf("%v leaves %q: %v, want %v", tt.test, tt.s, got, tt.out)
		}
	}
}

// TestFilterSpread: VitePress's own documentation sets transformItems
// in a module its configuration spreads (config/shared.ts): the filter
// is read there.
func TestFilterSpread(t *testing.T) {
	r := NewReader("config/index.ts", []byte("import { shared } from './shared'\nexport default { ...shared, title: 'x' }\n"), limits.Default)
	shared := NewReader("config/shared.ts", []byte("export const shared = {\n  sitemap: {\n    transformItems(items) {\n      return items.filter((item) => !item.url.includes('migration'))\n    }\n  }\n}\n"), limits.Default)
	r.Spread("shared", shared)
	if got, ok := r.Filter("sitemap.transformItems", "url"); !ok || !slices.Equal(got, []Test{{"includes", "migration"}}) {
		t.Errorf("%v %v, want the test of the spread module", got, ok)
	}
	if file, line, ok := r.At("sitemap.transformItems"); file != "config/shared.ts" || line != 3 || !ok {
		t.Errorf("At: %s:%d %v, want config/shared.ts:3", file, line, ok)
	}
}
