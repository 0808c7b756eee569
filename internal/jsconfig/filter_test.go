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
