package peer

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The options every peer's documentation lists, which the table must
// have a row for (issue 53: "each integration accepts the option names of
// the plugin it replaces"; sitemapgen init translates the rest).
var documented = map[Tool][]string{
	Astro:   {"filter", "customPages", "i18n", "serialize", "changefreq", "priority", "lastmod", "entryLimit", "filenameBase", "xslURL", "customSitemaps", "canonicalURL", "namespaces", "chunks"},
	Netlify: {"exclude", "prettyURLs", "trailingSlash", "changeFreq", "priority", "buildDir", "urlPrefix", "filePath", "baseUrl", "dir"},
}

// TestEveryOptionHasARow: each documented option of each peer is a row of
// the table, and the table has no row of a peer it does not name.
func TestEveryOptionHasARow(t *testing.T) {
	for tool, names := range documented {
		for _, n := range names {
			if Lookup(tool, n) == nil {
				t.Errorf("%s's %s has no row in Options", tool, n)
			}
		}
	}
	seen := map[string]bool{}
	for _, o := range Options {
		key := string(o.Tool) + " " + o.Name
		if seen[key] {
			t.Errorf("%s has two rows", key)
		}
		seen[key] = true
		if _, ok := documented[o.Tool]; !ok {
			t.Errorf("%s: a row of a peer the tests do not know", key)
		}
		if o.Does == "" || o.Map == nil {
			t.Errorf("%s: a row without Does or Map", key)
		}
	}
}

// TestNeverSilent: whatever value an option is given, of whatever type,
// it maps to a setting or a note that names it: no option vanishes
// without a word.
func TestNeverSilent(t *testing.T) {
	values := []any{"weekly", 0.5, float64(100), true, false, nil, []any{"/a/**"}, []any{1.0}, map[string]any{"a": "b"}, Func{}, Date{Text: "2024-01-01T00:00:00Z"}, Expr{Text: "process.env.X"}, Unread{}}
	for _, o := range Options {
		for _, v := range values {
			r := Map(o.Tool, []Given{{Name: o.Name, Value: v}}, Context{Publish: "public"})
			if len(r.Settings) == 0 && len(r.Notes) == 0 {
				t.Errorf("%s's %s = %#v: no setting, no note", o.Tool, o.Name, v)
			}
			for _, n := range r.Notes {
				if n.Option == "" || n.Msg == "" || strings.HasSuffix(n.Msg, ".") || n.Msg != strings.TrimSpace(n.Msg) {
					t.Errorf("%s's %s = %#v: note %+v", o.Tool, o.Name, v, n)
				}
			}
		}
	}
}

func fp(f float64) *float64 { return &f }

// TestMap: what each option gives, as the peer means it.
func TestMap(t *testing.T) {
	for _, tc := range []struct {
		name  string
		tool  Tool
		given []Given
		ctx   Context
		want  []Setting
		warn  []string // each a part of a warning, in order
		// robots is Result.RobotsTxt, the site's own robots.txt.
		robots string
	}{
		{name: "astro's values", tool: Astro, given: []Given{{Name: "changefreq", Value: "weekly"}, {Name: "priority", Value: 0.7}, {Name: "entryLimit", Value: 10000.0}, {Name: "filenameBase", Value: "map"}, {Name: "xslURL", Value: "/sitemap.xsl"}, {Name: "customSitemaps", Value: []any{"https://example.com/shop/sitemap.xml"}}},
			want: []Setting{{Key: "changefreq", Value: "weekly", From: "changefreq"}, {Key: "priority", Value: 0.7, From: "priority"}, {Key: "max_urls", Value: 10000, From: "entryLimit"}, {Key: "filename", Value: "map-index.xml", From: "filenameBase"}, {Key: "xsl", Value: "/sitemap.xsl", From: "xslURL"}, {Key: "index.extra", Value: []string{"https://example.com/shop/sitemap.xml"}, From: "customSitemaps"}}},
		{name: "astro's functions and stamp", tool: Astro, given: []Given{{Name: "filter", Value: Func{}}, {Name: "serialize", Value: Func{}}, {Name: "lastmod", Value: Date{Text: "2024-05-01T10:00:00.000Z"}}, {Name: "customPages", Value: []any{"https://example.com/app", "/relative"}}},
			want: []Setting{{Key: "extra_urls_inline", Value: []string{"https://example.com/app"}, From: "customPages"}, {Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}},
			warn: []string{"is a function, which sitemap.yaml cannot carry; keep it in the integration, which runs it with @astrojs/sitemap's meaning, or write a command that edits the records and give it with --transform CMD; meanwhile leave pages out with --exclude GLOB", "is a function, which sitemap.yaml cannot carry", "the build's time, and a build stamp is never a lastmod", `gives "/relative", which is no absolute http(s) URL; not taken`}},
		// The integration runs them itself as the per-URL hook: honoured.
		{name: "astro's functions run by the integration", tool: Astro, given: []Given{{Name: "filter", Value: Hooked{}}, {Name: "serialize", Value: Hooked{}}},
			want: []Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}},
		// Its index, sitemap-index.xml, is the URL its users submit, and
		// astro build empties dist/: the switch keeps it, options or none.
		{name: "astro's defaults", tool: Astro, want: []Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}},
		// astro build empties dist/: the parts of the plugin's index past
		// the first (which answers without) are named as dist/ holds them
		// before the switch, in their order; other XML files are not.
		{name: "astro's parts", tool: Astro, ctx: Context{Publish: "dist", Sitemaps: []string{"rss.xml", "sitemap-0.xml", "sitemap-1.xml", "sitemap-10.xml", "sitemap-2.xml", "sitemap-index.xml", "sitemap-x.xml", "shopmap-3.xml"}},
			want: []Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}, {Key: "published_sitemaps", Value: []string{"sitemap-1.xml", "sitemap-2.xml", "sitemap-10.xml"}, From: "its parts, sitemap-1.xml …"}}},
		{name: "astro's parts by filenameBase", tool: Astro, ctx: Context{Publish: "dist", Sitemaps: []string{"shopmap-0.xml", "shopmap-1.xml", "shopmap-index.xml", "sitemap-1.xml"}}, given: []Given{{Name: "filenameBase", Value: "shopmap"}},
			want: []Setting{{Key: "filename", Value: "shopmap-index.xml", From: "filenameBase"}, {Key: "published_sitemaps", Value: []string{"shopmap-1.xml"}, From: "its parts, shopmap-1.xml …"}}},
		{name: "astro's one part", tool: Astro, ctx: Context{Publish: "dist", Sitemaps: []string{"sitemap-0.xml", "sitemap-index.xml"}},
			want: []Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}},
		{name: "astro not built", tool: Astro, ctx: Context{Publish: "dist", Sitemaps: []string{}}, given: []Given{{Name: "filenameBase", Value: "shopmap"}},
			want: []Setting{{Key: "filename", Value: "shopmap-index.xml", From: "filenameBase"}},
			warn: []string{"is not in dist/: the names of its later parts (shopmap-1.xml …), which its users may have submitted, are not known, and their URLs answer 404 once it is gone; build the site with @astrojs/sitemap, then run init again, or name them in published_sitemaps"}},
		// sitemapgen/astro's build: dist/ is not read (astro build emptied
		// it before the integration runs), and nothing is said.
		{name: "astro by the integration", tool: Astro, ctx: Context{Publish: "dist"}, given: []Given{{Name: "entryLimit", Value: 2.0}},
			want: []Setting{{Key: "max_urls", Value: 2, From: "entryLimit"}, {Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}},
		{name: "a changefreq not the protocol's", tool: Astro, given: []Given{{Name: "changefreq", Value: "often"}}, want: []Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}, warn: []string{`is "often", not one of always`}},
		{name: "entryLimit past the protocol's", tool: Astro, given: []Given{{Name: "entryLimit", Value: 60000.0}},
			want: []Setting{{Key: "max_urls", Value: 50000, From: "entryLimit"}, {Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}, warn: []string{"is 60000, more than the protocol's 50000"}},
		{name: "netlify", tool: Netlify, ctx: Context{Publish: "public"}, given: []Given{{Name: "exclude", Value: []any{"./public/secret.html", "**/**/child-one.html", "drafts/**"}}, {Name: "prettyURLs", Value: true}, {Name: "changeFreq", Value: "daily"}, {Name: "priority", Value: 0.5}, {Name: "buildDir", Value: "/public"}, {Name: "filePath", Value: "sub/sitemap.xml"}, {Name: "urlPrefix", Value: "/en/"}},
			want: []Setting{{Key: "exclude", Value: []string{"secret.html", "**/**/child-one.html", "drafts/**"}, From: "exclude"}, {Key: "clean_urls", Value: true, From: "prettyURLs"}, {Key: "changefreq", Value: "daily", From: "changeFreq"}, {Key: "priority", Value: 0.5, From: "priority"}, {Key: "root", Value: "public", From: "buildDir"}, {Key: "filename", Value: "sitemap.xml", From: "filePath"}},
			warn: []string{"puts the sitemap in the folder sub", "give the whole URL"}},
		// i18n: the default locale's pages at the root, each other's in
		// the folder of its key.
		{name: "astro's i18n", tool: Astro, given: []Given{{Name: "i18n", Value: map[string]any{"defaultLocale": "en", "locales": map[string]any{"en": "en-US", "fr": "fr-CA", "de": "de"}}}},
			want: []Setting{{Key: "locales", Value: []Locale{{Lang: "en-US"}, {Folder: "de", Lang: "de"}, {Folder: "fr", Lang: "fr-CA"}}, From: "i18n"}, {Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}},
		{name: "astro's i18n without its default's code", tool: Astro, given: []Given{{Name: "i18n", Value: map[string]any{"defaultLocale": "es", "locales": map[string]any{"en": "en-US", "fr": "fr-CA"}}}},
			want: []Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}, warn: []string{`names the default locale "es"`}},
		// urlPrefix: the plugin listed each page at the prefix and its
		// path, resolved against the base URL given (issue 68): a prefix
		// from the root replaces the base URL's path, one without a
		// slash is below it; without a base URL among the options, said.
		{name: "netlify's urlPrefix with baseUrl", tool: Netlify, given: []Given{{Name: "urlPrefix", Value: "/en/"}, {Name: "baseUrl", Value: "https://example.com/site"}},
			want: []Setting{{Key: "base_url", Value: "https://example.com/en/", From: "baseUrl, urlPrefix"}}},
		{name: "netlify's urlPrefix below baseUrl's path", tool: Netlify, given: []Given{{Name: "baseUrl", Value: "https://example.com/site"}, {Name: "urlPrefix", Value: "en"}},
			want: []Setting{{Key: "base_url", Value: "https://example.com/site/en/", From: "baseUrl, urlPrefix"}}},
		{name: "netlify's variables", tool: Netlify, given: []Given{{Name: "NETLIFY_PLUGIN_SITEMAP_BASEURL", Value: "https://example.com"}, {Name: "NETLIFY_PLUGIN_SITEMAP_URL_PREFIX", Value: "/de"}},
			want: []Setting{{Key: "base_url", Value: "https://example.com/de/", From: "NETLIFY_PLUGIN_SITEMAP_BASEURL, NETLIFY_PLUGIN_SITEMAP_URL_PREFIX"}}},
		{name: "netlify's urlPrefix without a base URL", tool: Netlify, given: []Given{{Name: "urlPrefix", Value: "/en/"}},
			warn: []string{"is not taken: give the whole URL the site is served at, with the prefix, as baseUrl (https://example.com/en/)"}},
		// canonicalURL, the base URL of @astrojs/sitemap's older
		// versions, in place of site + base (issue 68).
		{name: "astro's canonicalURL", tool: Astro, given: []Given{{Name: "canonicalURL", Value: "https://www.example.com/docs"}},
			want: []Setting{{Key: "base_url", Value: "https://www.example.com/docs/", From: "canonicalURL"}, {Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}},
		{name: "astro's canonicalURL not a URL", tool: Astro, given: []Given{{Name: "canonicalURL", Value: "/docs/"}},
			want: []Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}, warn: []string{`is "/docs/", not an absolute http(s) URL`}},
		{name: "a value not a literal", tool: Astro, given: []Given{{Name: "changefreq", Value: Expr{Text: "process.env.FREQ"}}}, want: []Setting{{Key: "filename", Value: "sitemap-index.xml", From: "its index, sitemap-index.xml"}}, warn: []string{"is not a literal value (process.env.FREQ)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Map(tc.tool, tc.given, tc.ctx)
			var got []Setting
			for _, s := range r.Settings {
				s.Line, s.Parts = 0, nil // sscli's TestSSCLIPlaces checks them
				got = append(got, s)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("settings:\n%#v\nwant\n%#v", got, tc.want)
			}
			if r.RobotsTxt != tc.robots {
				t.Errorf("robots.txt %q, want %q", r.RobotsTxt, tc.robots)
			}
			warnings := r.Warnings()
			if len(warnings) != len(tc.warn) {
				t.Fatalf("warnings %+v, want %d", warnings, len(tc.warn))
			}
			for i, w := range tc.warn {
				if !strings.Contains(warnings[i].Msg, w) {
					t.Errorf("warning %d: %q, want it to say %q", i, warnings[i].Msg, w)
				}
			}
		})
	}
}

// TestDecode: the integrations' JSON, its options in their order, the
// markers of what JSON cannot carry.
func TestDecode(t *testing.T) {
	tool, given, ctx, err := Decode(`{"tool": "@astrojs/sitemap", "options": {"priority": 0.7, "filter": {"$function": true}, "lastmod": {"$date": "2024-05-01T10:00:00.000Z"}, "i18n": {"defaultLocale": "en", "locales": {"en": "en-US"}}}, "publishDir": "dist", "basePath": "/"}`)
	if err != nil {
		t.Fatal(err)
	}
	want := []Given{{Name: "priority", Value: 0.7}, {Name: "filter", Value: Func{}}, {Name: "lastmod", Value: Date{Text: "2024-05-01T10:00:00.000Z"}},
		{Name: "i18n", Value: map[string]any{"defaultLocale": "en", "locales": map[string]any{"en": "en-US"}}}}
	if tool != Astro || !reflect.DeepEqual(given, want) || !reflect.DeepEqual(ctx, Context{Publish: "dist", BasePath: "/"}) {
		t.Errorf("Decode: %q %#v %+v", tool, given, ctx)
	}
	for s, wantErr := range map[string]string{
		`{"tool": "sitemap-plugin", "options": {}}`:     `SITEMAPGEN_PEER_OPTIONS: tool "sitemap-plugin" is none of sitemapgen's peers`,
		`{"tool": "@astrojs/sitemap", "options": [1]}`:  "SITEMAPGEN_PEER_OPTIONS: options: want an object",
		`{"tool": "@astrojs/sitemap", "extra": true}`:   `SITEMAPGEN_PEER_OPTIONS: json: unknown field "extra"`,
		`{"tool": "@astrojs/sitemap", "options": {"a"}`: "SITEMAPGEN_PEER_OPTIONS: invalid character '}' after object key",
	} {
		if _, _, _, err := Decode(s); err == nil || err.Error() != wantErr {
			t.Errorf("Decode(%s): %v, want %s", s, err, wantErr)
		}
	}
}

// TestHooked: a function the integration runs as the per-URL hook comes
// marked {"$hook": true} and is honoured, with the plugin's meaning;
// the same read by init ({"$function": true}) is a warning.
func TestHooked(t *testing.T) {
	for _, tc := range []struct {
		tool       Tool
		name, says string
	}{
		{Astro, "filter", "a URL is left out when it gives false"},
		{Astro, "serialize", "left out when it returns undefined"},
	} {
		_, given, _, err := Decode(`{"tool": "` + string(tc.tool) + `", "options": {"` + tc.name + `": {"$hook": true}}}`)
		if err != nil {
			t.Fatal(err)
		}
		r := Map(tc.tool, given, Context{})
		if len(r.Warnings()) != 0 || !slices.ContainsFunc(r.Notes, func(n Note) bool {
			return n.Honoured && n.Option == tc.name && strings.Contains(n.Msg, "runs it as the per-URL hook") && strings.Contains(n.Msg, tc.says)
		}) {
			t.Errorf("%s's %s run by the integration: %+v", tc.tool, tc.name, r.Notes)
		}
		if r := Map(tc.tool, []Given{{Name: tc.name, Value: Func{}}}, Context{}); len(r.Warnings()) != 1 || !strings.Contains(r.Warnings()[0].Msg, "keep it in the integration") {
			t.Errorf("%s's %s read by init: %+v", tc.tool, tc.name, r.Notes)
		}
	}
}
