package generator

import "testing"

// TestHostileFrontMatterURL: a url (Hugo) or permalink (Jekyll) that is
// not a path on the site publishes no page; dot segments that stay below
// the root are resolved as the generator resolves them; slugs and titles
// never climb above the root.
func TestHostileFrontMatterURL(t *testing.T) {
	hugo := &Hugo{Permalinks: map[string]string{"rel": "rel/:slug", "t": "x/:title/"}}
	jekyll := &Jekyll{Permalink: "pretty"}
	tests := []struct {
		name   string
		preset Preset
		page   Page
		want   string // "" for no page
	}{
		{"hugo url climbs", hugo, Page{Path: "posts/a.md", URL: "/../../etc/passwd"}, ""},
		{"hugo relative url climbs", hugo, Page{Path: "posts/a.md", URL: "a/../../b"}, ""},
		{"hugo url with encoded dots", hugo, Page{Path: "posts/a.md", URL: "/%2e%2e/%2E%2e/x"}, ""},
		{"hugo url with encoded dot", hugo, Page{Path: "posts/a.md", URL: "/a/.%2e/x"}, ""},
		{"hugo url with backslashes", hugo, Page{Path: "posts/a.md", URL: `\..\..\z`}, ""},
		{"hugo url on another host", hugo, Page{Path: "posts/a.md", URL: "https://evil.example/x"}, ""},
		{"hugo url on another host, any case", hugo, Page{Path: "posts/a.md", URL: "HTTPS://evil.example/x"}, ""},
		{"hugo network-path url", hugo, Page{Path: "posts/a.md", URL: "//evil.example/x"}, ""},
		{"hugo network-path url with a backslash", hugo, Page{Path: "posts/a.md", URL: `/\evil.example/x`}, ""},
		{"hugo network-path url with a tab", hugo, Page{Path: "posts/a.md", URL: "/\t/evil.example/x"}, ""},
		{"hugo list page url climbs", hugo, Page{Path: "docs/_index.md", URL: "/../x/"}, ""},
		{"hugo dot segments below the root", hugo, Page{Path: "posts/a.md", URL: "/a/./b/../c/"}, "/a/c/"},
		{"hugo sanitized into dots", hugo, Page{Path: "docs/_index.md", URL: "/..?/..?/x/"}, "/x/"},
		{"hugo slug climbs", hugo, Page{Path: "misc/a.md", Slug: "../../../etc"}, "/etc/"},
		{"hugo slug climbs in a pattern", hugo, Page{Path: "rel/a.md", Slug: "../../../x"}, "/x/"},
		{"hugo title climbs in a pattern", hugo, Page{Path: "t/a.md", Title: "../../../y"}, "/y/"},
		{"hugo url with a scheme but no host", hugo, Page{Path: "posts/a.md", URL: "/mailto:a@b/"}, "/mailto:a@b/"},
		{"jekyll permalink climbs", jekyll, Page{Path: "a.md", HasFrontMatter: true, Permalink: "/../../etc/passwd"}, ""},
		{"jekyll relative permalink climbs", jekyll, Page{Path: "a.md", HasFrontMatter: true, Permalink: "a/../../b"}, ""},
		{"jekyll permalink with encoded dots", jekyll, Page{Path: "a.md", HasFrontMatter: true, Permalink: "/%2e%2e/x/"}, ""},
		{"jekyll permalink with backslashes", jekyll, Page{Path: "a.md", HasFrontMatter: true, Permalink: `\..\x`}, ""},
		{"jekyll permalink on another host", jekyll, Page{Path: "a.md", HasFrontMatter: true, Permalink: "https://evil.example/x"}, ""},
		{"jekyll network-path permalink", jekyll, Page{Path: "a.md", HasFrontMatter: true, Permalink: "//evil.example/x"}, ""},
		{"jekyll post permalink on another host", jekyll, Page{Path: "_posts/2024-01-02-a.md", HasFrontMatter: true, Permalink: "//evil.example/:title/"}, ""},
		{"jekyll dots below the root", jekyll, Page{Path: "a.md", HasFrontMatter: true, Permalink: "/a/../b/"}, "/a/b/"},
		{"jekyll slug of dots", jekyll, Page{Path: "_posts/2024-01-02-a.md", HasFrontMatter: true, Slug: "../../x"}, "/2024/01/02/-/-x/"}, // ".." become "/", as sanitize_url does
		{"hugo backslash in a name", hugo, Page{Path: `posts/back\slash.md`}, `/posts/back\slash/`},
		{"jekyll backslash in a name", jekyll, Page{Path: `back\slash.md`, HasFrontMatter: true}, `/back\slash/`},
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
