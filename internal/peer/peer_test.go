package peer

import (
	"reflect"
	"strings"
	"testing"
)

// The options every peer's documentation lists, which the table must
// have a row for (issue 53: "each integration accepts the option names of
// the plugin it replaces"; sitemapgen init translates the rest).
var documented = map[Tool][]string{
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
		{name: "netlify", tool: Netlify, ctx: Context{Publish: "public"}, given: []Given{{Name: "exclude", Value: []any{"./public/secret.html", "**/**/child-one.html", "drafts/**"}}, {Name: "prettyURLs", Value: true}, {Name: "changeFreq", Value: "daily"}, {Name: "priority", Value: 0.5}, {Name: "buildDir", Value: "/public"}, {Name: "filePath", Value: "sub/sitemap.xml"}, {Name: "urlPrefix", Value: "/en/"}},
			want: []Setting{{Key: "exclude", Value: []string{"secret.html", "**/**/child-one.html", "drafts/**"}, From: "exclude"}, {Key: "clean_urls", Value: true, From: "prettyURLs"}, {Key: "changefreq", Value: "daily", From: "changeFreq"}, {Key: "priority", Value: 0.5, From: "priority"}, {Key: "root", Value: "public", From: "buildDir"}, {Key: "filename", Value: "sitemap.xml", From: "filePath"}},
			warn: []string{"puts the sitemap in the folder sub", "give the whole URL"}},
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
