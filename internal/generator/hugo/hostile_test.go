package hugo

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// TestHostileFrontMatterURL: a url (Hugo) that is
// not a path on the site publishes no page; dot segments that stay below
// the root are resolved as the generator resolves them; slugs and titles
// never climb above the root.
func TestHostileFrontMatterURL(t *testing.T) {
	hugo := &Preset{Permalinks: map[string]string{"rel": "rel/:slug", "t": "x/:title/"}}
	tests := []struct {
		name   string
		preset generator.Preset
		page   generator.Page
		want   string // "" for no page
	}{
		{"hugo url climbs", hugo, generator.Page{Path: "posts/a.md", URL: "/../../etc/passwd"}, ""},
		{"hugo relative url climbs", hugo, generator.Page{Path: "posts/a.md", URL: "a/../../b"}, ""},
		{"hugo url with encoded dots", hugo, generator.Page{Path: "posts/a.md", URL: "/%2e%2e/%2E%2e/x"}, ""},
		{"hugo url with encoded dot", hugo, generator.Page{Path: "posts/a.md", URL: "/a/.%2e/x"}, ""},
		{"hugo url with backslashes", hugo, generator.Page{Path: "posts/a.md", URL: `\..\..\z`}, ""},
		{"hugo url on another host", hugo, generator.Page{Path: "posts/a.md", URL: "https://evil.example/x"}, ""},
		{"hugo url on another host, any case", hugo, generator.Page{Path: "posts/a.md", URL: "HTTPS://evil.example/x"}, ""},
		{"hugo network-path url", hugo, generator.Page{Path: "posts/a.md", URL: "//evil.example/x"}, ""},
		{"hugo network-path url with a backslash", hugo, generator.Page{Path: "posts/a.md", URL: `/\evil.example/x`}, ""},
		{"hugo network-path url with a tab", hugo, generator.Page{Path: "posts/a.md", URL: "/\t/evil.example/x"}, ""},
		{"hugo list page url climbs", hugo, generator.Page{Path: "docs/_index.md", URL: "/../x/"}, ""},
		{"hugo dot segments below the root", hugo, generator.Page{Path: "posts/a.md", URL: "/a/./b/../c/"}, "/a/c/"},
		{"hugo sanitized into dots", hugo, generator.Page{Path: "docs/_index.md", URL: "/..?/..?/x/"}, "/x/"},
		{"hugo slug climbs", hugo, generator.Page{Path: "misc/a.md", Slug: "../../../etc"}, "/etc/"},
		{"hugo slug climbs in a pattern", hugo, generator.Page{Path: "rel/a.md", Slug: "../../../x"}, "/x/"},
		{"hugo title climbs in a pattern", hugo, generator.Page{Path: "t/a.md", Title: "../../../y"}, "/y/"},
		{"hugo url with a scheme but no host", hugo, generator.Page{Path: "posts/a.md", URL: "/mailto:a@b/"}, "/mailto:a@b/"},
		{"hugo backslash in a name", hugo, generator.Page{Path: `posts/back\slash.md`}, `/posts/back\slash/`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.preset.URLPath(tt.page)
			if tt.want == "" {
				if ok {
					t.Errorf("URLPath = %q, want no page", got)
				}
				return
			}
			if !ok || got != tt.want {
				t.Errorf("URLPath = %q, %v; want %q", got, ok, tt.want)
			}
		})
	}
}
