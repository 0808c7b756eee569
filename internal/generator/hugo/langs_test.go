package hugo

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conform"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

func TestHugoLanguages(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, data string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("hugo.toml", `defaultContentLanguage = "en"
[languages.en]
weight = 1
[languages.fr]
contentDir = "content/fr"
[languages.de]
contentDir = "inhalt"
`)
	write("content/fr/posts/bundle/index.md", "---\ntitle: b\n---\n")
	h, err := Load(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	if h.LangContentDirs["fr"] != "content/fr" || h.LangContentDirs["de"] != "inhalt" || h.LangContentDirs["en"] != "" {
		t.Fatalf("LangContentDirs = %v", h.LangContentDirs)
	}
	hl, err := LoadLanguages(h, dir)
	if err != nil {
		t.Fatal(err)
	}
	// en has no folder of its own: the site's contentDir holds its pages,
	// after content/fr, which is inside it.
	if got := hl.Dirs; len(got) != 3 || got[0] != "content/fr" || got[len(got)-1] != "content" && got[len(got)-1] != "inhalt" {
		t.Errorf("Dirs = %q", got)
	}
	checkRoutes(t, hl, []routeCase{
		{path: "content/about.md", want: "/about/"},
		{path: "content/about.fr.md", want: "/fr/about/"}, // a suffix in the shared folder
		{path: "content/fr/about.md", want: "/fr/about/"},
		{path: "content/fr/posts/hello.md", want: "/fr/posts/hello/"},
		{path: "content/fr/posts/bundle/index.md", want: "/fr/posts/bundle/"},
		{path: "content/fr/posts/bundle/notes.md", want: ""}, // a bundle's resource
		{path: "inhalt/ueber.md", want: "/de/ueber/"},
		{path: "inhalt/_index.md", want: "/de/"},
		{path: "themes/x/content/a.md", want: ""},
	})
	if include := hl.Rules().Sources.Include; len(include) != 3 {
		t.Errorf("SourceFiles() = %q", include)
	}
}

// TestHugoLanguagesWrap: the preset of a site whose languages have
// folders of their own answers every rule each folder's preset gives
// (the file name's date of :filename, the zone of its language, its
// taxonomies' terms, [sitemap], the date order, the list pages, the
// witness), but where the sources are, which it says its own way.
func TestHugoLanguagesWrap(t *testing.T) {
	dir := buildtest.TempSite(t, map[string]string{"hugo.toml": `defaultContentLanguage = "en"
timeZone = "Europe/Paris"
[frontmatter]
lastmod = [":filename", ":default"]
[sitemap]
changefreq = "weekly"
[languages.en]
contentDir = "content_en"
[languages.fr]
contentDir = "content_fr"
timeZone = "America/Montreal"
`})
	h, err := Load(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	hl, err := LoadLanguages(h, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range hl.Dirs {
		name := strings.TrimPrefix(d, "content_")
		conform.Wraps(t, hl, hl.Hugo[d], map[string]string{
			d + "/posts/2021-03-04-hello.md":        "posts/2021-03-04-hello.md",
			d + "/posts/2021-03-04-trip/index.md":   "posts/2021-03-04-trip/index.md",
			d + "/about." + name + ".md":            "about." + name + ".md",
			d + "/posts/_index.md":                  "posts/_index.md",
			d + "/posts/2021-13-04-not-a-date.md":   "posts/2021-13-04-not-a-date.md",
			d + "/posts/sub/2021-03-04-deeper.html": "posts/sub/2021-03-04-deeper.html",
		}, "Sources.Config", "Sources.ConfigFiles", "Sources.LanguageFolders", "Sources.Split", "Hooks.Folder")
	}
	if d := hl.FileRules("content_fr/posts/2021-03-04-hello.md").FileDate; d.IsZero() {
		t.Error("no file name's date in a language's folder")
	}
}

func TestHugoSource(t *testing.T) {
	shared := &Preset{DefaultContentLanguage: "en", Languages: []string{"en", "fr"}}
	folders := &Languages{Dirs: []string{"content/fr", "content"}, Hugo: map[string]*Preset{
		"content/fr": {DefaultContentLanguage: "en", Languages: []string{"en", "fr"}, Lang: "fr"},
		"content":    shared,
	}}
	for _, tt := range []struct {
		p             generator.Preset
		rel, in, lang string
		ok            bool
	}{
		{shared, "posts/a.md", "posts/a.md", "", true},
		{shared, "posts/a.fr.md", "posts/a.fr.md", "/fr", true},
		{shared, "posts/_index.fr.md", "posts/_index.fr.md", "/fr", true},
		{folders, "content/fr/posts/a.md", "posts/a.md", "/fr", true},
		{folders, "content/posts/a.md", "posts/a.md", "", true},
		{folders, "themes/a.md", "", "", false},
		{struct{ generator.Preset }{}, "a.md", "", "", false},
	} {
		_, in, lang, ok := Source(tt.p, tt.rel)
		if in != tt.in || lang != tt.lang || ok != tt.ok {
			t.Errorf("Source(%s, %q) = %q, %q, %v; want %q, %q, %v", tt.p.Rules().Name, tt.rel, in, lang, ok, tt.in, tt.lang, tt.ok)
		}
	}
}

// TestHugoReads: the files besides the sources that Hugo reads to make
// its pages are the folders the configuration names (layoutDir,
// dataDir, themesDir), the configuration folder, and the content
// adapters of each content folder; a folder outside the project is not
// among them.
func TestHugoReads(t *testing.T) {
	for _, tt := range []struct {
		name, config string
		want         []string
	}{
		{"defaults", "title = 't'\n", []string{"layouts/**", "data/**", "config/**",
			"themes/*/layouts/**", "themes/*/data/**", "themes/*/config/**", "themes/*/*.{toml,yaml,yml,json}",
			"content/**/_content.gotmpl"}},
		{"folders named", "layoutDir = 'site/layouts'\ndataDir = '../common'\nthemesDir = 'vendor/themes'\ncontentDir = 'site/content'\n[languages.fr]\ncontentDir = 'site/content_fr'\n", []string{
			"site/layouts/**", "config/**",
			"vendor/themes/*/layouts/**", "vendor/themes/*/data/**", "vendor/themes/*/config/**", "vendor/themes/*/*.{toml,yaml,yml,json}",
			"site/content/**/_content.gotmpl", "site/content_fr/**/_content.gotmpl"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := buildtest.TempSite(t, map[string]string{"hugo.toml": tt.config})
			h, err := Load(dir, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			if got := h.Rules().Sources.Reads; !slices.Equal(got, tt.want) {
				t.Errorf("Reads = %q\nwant %q", got, tt.want)
			}
		})
	}
}
