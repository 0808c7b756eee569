package jekyll

import (
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// TestJekyllDrafts: a file of _drafts is at the URL "jekyll build
// --drafts" publishes it at (checked with Jekyll 4.3.1), dated by front
// matter date, the file name's, or the file's time.
func TestJekyllDrafts(t *testing.T) {
	mtime := time.Date(2025, 6, 7, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		j    Preset
		page generator.Page
		want string
		ok   bool
	}{
		{"by file time", Preset{Permalink: "pretty"}, generator.Page{Path: "_drafts/wip.md", HasFrontMatter: true, ModTime: mtime}, "/2025/06/07/wip/", true},
		{"by front matter", Preset{}, generator.Page{Path: "_drafts/wip.md", HasFrontMatter: true, ModTime: mtime, Date: time.Date(2025, 5, 5, 0, 0, 0, 0, time.UTC)}, "/2025/05/05/wip.html", true},
		{"by file name", Preset{}, generator.Page{Path: "_drafts/2024-01-02-wip.md", HasFrontMatter: true, ModTime: mtime}, "/2024/01/02/wip.html", true},
		{"in collections_dir", Preset{CollectionsDir: "my"}, generator.Page{Path: "my/_drafts/wip.md", HasFrontMatter: true, ModTime: mtime}, "/2025/06/07/wip.html", true},
		{"hidden", Preset{}, generator.Page{Path: "_drafts/.wip.md", HasFrontMatter: true, ModTime: mtime}, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.j.Timezone = "UTC"
			got, ok := tc.j.URLPath(tc.page)
			if got != tc.want || ok != tc.ok {
				t.Errorf("URLPath(%q) = %q, %v; want %q, %v", tc.page.Path, got, ok, tc.want, tc.ok)
			}
			if dir := tc.j.FileRules(tc.page.Path).DraftsIn; dir == "" {
				t.Errorf("DraftsIn(%q) = %q", tc.page.Path, dir)
			}
		})
	}
}
