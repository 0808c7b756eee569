package astro_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/astro"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/internal/peer/peertest"
)

// documented are @astrojs/sitemap's options, as its documentation lists
// them: each has a row (issue 53: "each integration accepts the option
// names of the plugin it replaces"; sitemapgen init translates the rest).
var documented = []string{"filter", "customPages", "i18n", "serialize", "changefreq", "priority", "lastmod", "entryLimit", "filenameBase", "xslURL", "customSitemaps", "canonicalURL", "namespaces", "chunks"}

func TestPeerRows(t *testing.T) { peertest.Rows(t, astro.Peer, documented) }

// TestPeerMap: what each option gives, as the plugin means it.
func TestPeerMap(t *testing.T) {
	peertest.Map(t, astro.Peer, []peertest.Case{
		{Name: "astro's values", Given: []peer.Given{{Name: "changefreq", Value: "weekly"}, {Name: "priority", Value: 0.7}, {Name: "entryLimit", Value: 10000.0}, {Name: "filenameBase", Value: "map"}, {Name: "xslURL", Value: "/sitemap.xsl"}, {Name: "customSitemaps", Value: []any{"https://example.com/shop/sitemap.xml"}}},
			Want: []peer.Setting{{Key: "changefreq", Value: "weekly", From: "changefreq"}, {Key: "priority", Value: 0.7, From: "priority"}, {Key: "max_urls", Value: 10000, From: "entryLimit"}, {Key: "filename", Value: "map-index.xml", From: "filenameBase"}, {Key: "xsl", Value: "/sitemap.xsl", From: "xslURL"}, {Key: "index.extra", Value: []string{"https://example.com/shop/sitemap.xml"}, From: "customSitemaps"}}},
		{Name: "astro's functions and stamp", Given: []peer.Given{{Name: "filter", Value: peer.Func{}}, {Name: "serialize", Value: peer.Func{}}, {Name: "lastmod", Value: peer.Date{Text: "2024-05-01T10:00:00.000Z"}}, {Name: "customPages", Value: []any{"https://example.com/app", "/relative"}}},
			Want: []peer.Setting{{Key: "extra_urls_inline", Value: []string{"https://example.com/app"}, From: "customPages"}, {Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}},
			Warn: []string{"is a function, which sitemap.yaml cannot carry; keep it in the integration, which runs it with @astrojs/sitemap's meaning, or write a command that edits the records and give it with --transform CMD; meanwhile leave pages out with --exclude GLOB", "is a function, which sitemap.yaml cannot carry", "the build's time, and a build stamp is never a lastmod", `gives "/relative", which is no absolute http(s) URL; not taken`}},
		// The integration runs them itself as the per-URL hook: honoured.
		{Name: "astro's functions run by the integration", Given: []peer.Given{{Name: "filter", Value: peer.Hooked{}}, {Name: "serialize", Value: peer.Hooked{}}},
			Want: []peer.Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}},
		// Its index, sitemap-index.xml, is the URL its users submit, and
		// astro build empties dist/: the switch keeps it, options or none.
		{Name: "astro's defaults", Want: []peer.Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}},
		// astro build empties dist/: the parts of the plugin's index past
		// the first (which answers without) are named as dist/ holds them
		// before the switch, in their order; other XML files are not.
		{Name: "astro's parts", Ctx: peer.Context{Publish: "dist", Sitemaps: []string{"rss.xml", "sitemap-0.xml", "sitemap-1.xml", "sitemap-10.xml", "sitemap-2.xml", "sitemap-index.xml", "sitemap-x.xml", "shopmap-3.xml"}},
			Want: []peer.Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}, {Key: "published_sitemaps", Value: []string{"sitemap-1.xml", "sitemap-2.xml", "sitemap-10.xml"}, From: "its parts, sitemap-1.xml …"}}},
		{Name: "astro's parts by filenameBase", Ctx: peer.Context{Publish: "dist", Sitemaps: []string{"shopmap-0.xml", "shopmap-1.xml", "shopmap-index.xml", "sitemap-1.xml"}}, Given: []peer.Given{{Name: "filenameBase", Value: "shopmap"}},
			Want: []peer.Setting{{Key: "filename", Value: "shopmap-index.xml", From: "filenameBase"}, {Key: "published_sitemaps", Value: []string{"shopmap-1.xml"}, From: "its parts, shopmap-1.xml …"}}},
		{Name: "astro's one part", Ctx: peer.Context{Publish: "dist", Sitemaps: []string{"sitemap-0.xml", "sitemap-index.xml"}},
			Want: []peer.Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}},
		{Name: "astro not built", Ctx: peer.Context{Publish: "dist", Sitemaps: []string{}}, Given: []peer.Given{{Name: "filenameBase", Value: "shopmap"}},
			Want: []peer.Setting{{Key: "filename", Value: "shopmap-index.xml", From: "filenameBase"}},
			Warn: []string{"is not in dist/: the names of its later parts (shopmap-1.xml …), which its users may have submitted, are not known, and their URLs answer 404 once it is gone; build the site with @astrojs/sitemap, then run init again, or name them in published_sitemaps"}},
		// sitemapgen/astro's build: dist/ is not read (astro build emptied
		// it before the integration runs), and nothing is said.
		{Name: "astro by the integration", Ctx: peer.Context{Publish: "dist"}, Given: []peer.Given{{Name: "entryLimit", Value: 2.0}},
			Want: []peer.Setting{{Key: "max_urls", Value: 2, From: "entryLimit"}, {Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}},
		{Name: "a changefreq not the protocol's", Given: []peer.Given{{Name: "changefreq", Value: "often"}}, Want: []peer.Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}, Warn: []string{`is "often", not one of always`}},
		{Name: "entryLimit past the protocol's", Given: []peer.Given{{Name: "entryLimit", Value: 60000.0}},
			Want: []peer.Setting{{Key: "max_urls", Value: 50000, From: "entryLimit"}, {Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}, Warn: []string{"is 60000, more than the protocol's 50000"}},
		// i18n: the default locale's pages at the root, each other's in
		// the folder of its key.
		{Name: "astro's i18n", Given: []peer.Given{{Name: "i18n", Value: map[string]any{"defaultLocale": "en", "locales": map[string]any{"en": "en-US", "fr": "fr-CA", "de": "de"}}}},
			Want: []peer.Setting{{Key: "locales", Value: []peer.Locale{{Lang: "en-US"}, {Folder: "de", Lang: "de"}, {Folder: "fr", Lang: "fr-CA"}}, From: "i18n"}, {Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}},
		{Name: "astro's i18n without its default's code", Given: []peer.Given{{Name: "i18n", Value: map[string]any{"defaultLocale": "es", "locales": map[string]any{"en": "en-US", "fr": "fr-CA"}}}},
			Want: []peer.Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}, Warn: []string{`names the default locale "es"`}},
		// canonicalURL, the base URL of @astrojs/sitemap's older
		// versions, in place of site + base (issue 68).
		{Name: "astro's canonicalURL", Given: []peer.Given{{Name: "canonicalURL", Value: "https://www.example.com/docs"}},
			Want: []peer.Setting{{Key: "base_url", Value: "https://www.example.com/docs/", From: "canonicalURL"}, {Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}},
		{Name: "astro's canonicalURL not a URL", Given: []peer.Given{{Name: "canonicalURL", Value: "/docs/"}},
			Want: []peer.Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}, Warn: []string{`is "/docs/", not an absolute http(s) URL`}},
		{Name: "a value not a literal", Given: []peer.Given{{Name: "changefreq", Value: peer.Expr{Text: "process.env.FREQ"}}}, Want: []peer.Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}, Warn: []string{"is not a literal value (process.env.FREQ)"}},
	})
}

// TestPeerDecode: sitemapgen/astro's JSON, its options in their order,
// the markers of what JSON cannot carry.
func TestPeerDecode(t *testing.T) {
	_ = registry.Peers // Decode knows the peers the registry registers
	tool, given, ctx, err := peer.Decode(`{"tool": "@astrojs/sitemap", "options": {"priority": 0.7, "filter": {"$function": true}, "lastmod": {"$date": "2024-05-01T10:00:00.000Z"}, "i18n": {"defaultLocale": "en", "locales": {"en": "en-US"}}}, "publishDir": "dist", "basePath": "/"}`)
	if err != nil {
		t.Fatal(err)
	}
	want := []peer.Given{{Name: "priority", Value: 0.7}, {Name: "filter", Value: peer.Func{}}, {Name: "lastmod", Value: peer.Date{Text: "2024-05-01T10:00:00.000Z"}},
		{Name: "i18n", Value: map[string]any{"defaultLocale": "en", "locales": map[string]any{"en": "en-US"}}}}
	if tool != astro.Tool || !reflect.DeepEqual(given, want) || !reflect.DeepEqual(ctx, peer.Context{Publish: "dist", BasePath: "/"}) {
		t.Errorf("Decode: %q %#v %+v", tool, given, ctx)
	}
	for s, wantErr := range map[string]string{
		`{"tool": "sitemap-plugin", "options": {}}`:     `SITEMAPGEN_PEER_OPTIONS: tool "sitemap-plugin" is none of sitemapgen's peers`,
		`{"tool": "@astrojs/sitemap", "options": [1]}`:  "SITEMAPGEN_PEER_OPTIONS: options: want an object",
		`{"tool": "@astrojs/sitemap", "extra": true}`:   `SITEMAPGEN_PEER_OPTIONS: json: unknown field "extra"`,
		`{"tool": "@astrojs/sitemap", "options": {"a"}`: "SITEMAPGEN_PEER_OPTIONS: invalid character '}' after object key",
	} {
		if _, _, _, err := peer.Decode(s); err == nil || err.Error() != wantErr {
			t.Errorf("Decode(%s): %v, want %s", s, err, wantErr)
		}
	}
}

// TestPeerHooked: a function sitemapgen/astro runs as the per-URL hook
// comes marked {"$hook": true} and is honoured, with the plugin's
// meaning; the same read by init ({"$function": true}) is a warning.
func TestPeerHooked(t *testing.T) {
	_ = registry.Peers // Decode knows the peers the registry registers
	for _, tc := range []struct {
		name, says string
	}{
		{"filter", "a URL is left out when it gives false"},
		{"serialize", "left out when it returns undefined"},
	} {
		_, given, _, err := peer.Decode(`{"tool": "` + string(astro.Tool) + `", "options": {"` + tc.name + `": {"$hook": true}}}`)
		if err != nil {
			t.Fatal(err)
		}
		r := astro.Peer.Map(given, peer.Context{})
		if len(r.Warnings()) != 0 || !slices.ContainsFunc(r.Notes, func(n peer.Note) bool {
			return n.Honoured && n.Option == tc.name && strings.Contains(n.Msg, "runs it as the per-URL hook") && strings.Contains(n.Msg, tc.says)
		}) {
			t.Errorf("%s run by the integration: %+v", tc.name, r.Notes)
		}
		if r := astro.Peer.Map([]peer.Given{{Name: tc.name, Value: peer.Func{}}}, peer.Context{}); len(r.Warnings()) != 1 || !strings.Contains(r.Warnings()[0].Msg, "keep it in the integration") {
			t.Errorf("%s read by init: %+v", tc.name, r.Notes)
		}
	}
}
