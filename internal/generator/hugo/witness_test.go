package hugo

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestWitnessSitemaps: Hugo's sitemaps witness what it builds unless
// the project changes what they list: a sitemap template of its own or
// a theme's, disableKinds with sitemap, [sitemap] disable, a cascade,
// output formats of its own, outputs naming another format than those
// that make no page.
func TestWitnessSitemaps(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"default", map[string]string{"hugo.toml": "baseURL = 'https://example.com/'\n"}, []string{"sitemap.xml"}},
		{"languages and a filename", map[string]string{"hugo.toml": "[sitemap]\nfilename = 'map.xml'\n[languages.en]\nweight = 1\n[languages.de]\nweight = 2\n"}, []string{"map.xml", "de/map.xml", "en/map.xml"}},
		{"outputs of pages only", map[string]string{"hugo.toml": "[outputs]\nhome = ['HTML', 'RSS', 'JSON']\n"}, []string{"sitemap.xml"}},
		{"a template", map[string]string{"hugo.toml": "", "layouts/_default/sitemap.xml": "x"}, nil},
		{"a template at the top", map[string]string{"hugo.toml": "", "layouts/sitemap.xml": "x"}, nil},
		{"a theme's template", map[string]string{"hugo.toml": "theme = 't'\n", "themes/t/layouts/_default/sitemap.xml": "x"}, nil},
		{"disableKinds", map[string]string{"hugo.toml": "disableKinds = ['sitemap']\n"}, nil},
		{"sitemap disable", map[string]string{"hugo.toml": "[sitemap]\ndisable = true\n"}, nil},
		{"a cascade", map[string]string{"hugo.toml": "[[cascade]]\n[cascade.params]\na = 1\n"}, nil},
		{"output formats", map[string]string{"hugo.toml": "[outputFormats.print]\nmediaType = 'text/html'\n"}, nil},
		{"AMP", map[string]string{"hugo.toml": "[outputs]\npage = ['HTML', 'AMP']\n"}, nil},
		{"a module imported", map[string]string{"hugo.toml": "[module]\n[[module.imports]]\npath = 'example.com/theme'\n"}, nil},
		{"folders mounted", map[string]string{"hugo.toml": "[module]\n[[module.mounts]]\nsource = 'tpl'\ntarget = 'layouts'\n"}, nil},
		{"a theme that is a module", map[string]string{"hugo.toml": "theme = 'example.com/theme'\n"}, []string{"sitemap.xml"}},
		{"a theme not in themes/", map[string]string{"hugo.toml": "theme = 'gone'\n"}, []string{"sitemap.xml"}},
		{"a theme not in themes/, a template of the project's", map[string]string{"hugo.toml": "theme = 'gone'\n", "layouts/sitemap.xml": "x"}, nil},
		{"a theme in themes/", map[string]string{"hugo.toml": "theme = 't'\n", "themes/t/layouts/_default/list.html": "x"}, []string{"sitemap.xml"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for rel, body := range tc.files {
				p := filepath.Join(dir, filepath.FromSlash(rel))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			h, err := Load(dir, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			got := h.Rules().Output.Witness
			slices.Sort(got)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("WitnessSitemaps() = %q, want %q (off: %q)", got, want, h.witnessOff)
			}
			// A theme whose templates are not read: the sitemaps witness
			// only where they list every page a source produces (issue
			// 87; before, not at all).
			checked := strings.HasPrefix(tc.name, "a theme that is a module") || tc.name == "a theme not in themes/"
			if c := h.Rules().Output.WitnessChecked; c != checked {
				t.Errorf("WitnessChecked = %v, want %v (unread: %q)", c, checked, h.witnessUnread)
			}
		})
	}
}

// TestSitemapKind: of the pages no source produces, a pager is built
// with its list page and never listed, a taxonomy's or term's page is
// neither told (a cascade may leave it out of the sitemap), nor a
// section whose folder is there, and every other page is one Hugo's
// sitemap lists.
func TestSitemapKind(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "docs", "guide"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "books"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "books", "_content.gotmpl"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	h := &Preset{PaginatePath: "page", Taxonomies: []string{"categories", "tags"}, Languages: []string{"de", "en"},
		Content: fsx.DirFS(dir, 1<<20, "limits.front_matter_bytes")}
	for _, tc := range []struct {
		path   string
		listed bool
		with   string
	}{
		{"/posts/gone/", true, ""},
		{"/de/posts/gone/", true, ""},
		{"/posts/gone.html", true, ""},
		{"/", true, ""},
		{"/page/2/", false, "/"},
		{"/posts/page/3/", false, "/posts/"},
		{"/tags/demo/page/2/", false, "/tags/demo/"},
		{"/posts/page/2.html", false, "/posts/"},
		{"/posts/page/two/", true, ""},
		{"/tags/", false, ""},
		{"/de/tags/demo/", false, ""},
		{"/docs/guide/", false, ""},    // a section of its folder: a cascade may leave it out
		{"/de/docs/guide/", false, ""}, // the same, in German
		{"/docs/gone/", true, ""},
		{"/books/a-book/", false, ""}, // a content adapter's page
	} {
		listed, with := h.sitemapKind(tc.path)
		if listed != tc.listed || with != tc.with {
			t.Errorf("SitemapKind(%q) = %v, %q; want %v, %q", tc.path, listed, with, tc.listed, tc.with)
		}
	}
}
