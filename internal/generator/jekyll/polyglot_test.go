package jekyll

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestPolyglot: with jekyll-polyglot, a page of another language than the
// default is below /LANG/, and a page of that language with no source of
// its own is built from the default language's page without /LANG/
// (TestJekyllPolyglot builds them with the real plugin).
func TestPolyglot(t *testing.T) {
	load := func(t *testing.T, files map[string]string) *Preset {
		t.Helper()
		dir := t.TempDir()
		writeSite(t, dir, files)
		j, err := Load(dir, limits.Default)
		if err != nil {
			t.Fatal(err)
		}
		return j
	}
	const config = "permalink: pretty\nlanguages: [de, en, es]\ndefault_lang: en\n"
	j := load(t, map[string]string{"_config.yml": config + "plugins: [jekyll-polyglot]\nlang_from_path: true\ncollections_dir: c\n"})
	for _, c := range []struct {
		page generator.Page
		want string
	}{
		{generator.Page{Path: "about.de.md", Lang: "de", Permalink: "about/"}, "/de/about/"},
		{generator.Page{Path: "about.en.md", Lang: "en", Permalink: "about/"}, "/about/"},
		{generator.Page{Path: "about.md"}, "/about/"},
		{generator.Page{Path: "about.fr.md", Lang: "fr", Permalink: "about/"}, "/about/"}, // not a language of the site
		{generator.Page{Path: "es/x.md"}, "/es/es/x/"},                                    // its path's language
		{generator.Page{Path: "es/x.md", Lang: "en"}, "/es/x/"},                           // front matter first
		{generator.Page{Path: "c/_posts/es/2024-01-02-hola.md"}, "/es/2024/01/02/hola/"},
		{generator.Page{Path: "c/_posts/2024-01-02-hello.md"}, "/2024/01/02/hello/"},
	} {
		c.page.HasFrontMatter = true
		if got, ok := j.URLPath(c.page); !ok || got != c.want {
			t.Errorf("%+v: URLPath = %q, %v; want %q", c.page, got, ok, c.want)
		}
	}
	fallback := j.Rules().Pages.Fallback
	if fallback == nil {
		t.Fatal("no Fallback with jekyll-polyglot")
	}
	for in, want := range map[string]string{"/es/about/": "/about/", "/de/": "/", "/en/about/": "", "/fr/about/": "", "/about/": ""} {
		if got, ok := fallback(in); got != want || ok != (want != "") {
			t.Errorf("Fallback(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	others := j.Rules().Pages.OtherLanguages
	for in, want := range map[string]string{
		"/x/":     "/de/x/ /es/x/",
		"/es/x/":  "/de/es/x/ /es/es/x/ /de/x/", // the default language's build of es/x, or es's of x
		"/de/es/": "/de/de/es/ /es/de/es/ /es/es/",
	} {
		if got := strings.Join(others(in), " "); got != want {
			t.Errorf("OtherLanguages(%q) = %s; want %s", in, got, want)
		}
	}

	t.Run("without the plugin", func(t *testing.T) {
		j := load(t, map[string]string{"_config.yml": config})
		if j.Polyglot != nil || j.Rules().Pages.Fallback != nil {
			t.Errorf("languages: without jekyll-polyglot: %+v", j.Polyglot)
		}
		if got, _ := j.URLPath(generator.Page{Path: "about.de.md", Lang: "de", Permalink: "about/", HasFrontMatter: true}); got != "/about/" {
			t.Errorf("URLPath = %q, want /about/", got)
		}
	})
	t.Run("in the Gemfile", func(t *testing.T) {
		j := load(t, map[string]string{"_config.yml": config, "Gemfile": "group :jekyll_plugins do\n  gem \"jekyll-polyglot\"\nend\n"})
		if j.Polyglot == nil || j.Polyglot.From != "jekyll-polyglot in the Gemfile's jekyll_plugins group" {
			t.Errorf("Polyglot = %+v", j.Polyglot)
		}
	})
	t.Run("defaults", func(t *testing.T) {
		j := load(t, map[string]string{"_config.yml": "plugins: [jekyll-polyglot]\n"})
		if pg := j.Polyglot; pg == nil || pg.Default != "en" || strings.Join(pg.Languages, ",") != "en" || pg.FromPath {
			t.Errorf("Polyglot = %+v", pg)
		}
	})
	t.Run("errors", func(t *testing.T) {
		for _, cfg := range []string{"languages: en\n", "default_lang: [en]\n", "lang_from_path: maybe\n"} {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "_config.yml"), []byte("plugins: [jekyll-polyglot]\n"+cfg), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Load(dir, limits.Default)
			if key, _, _ := strings.Cut(cfg, ":"); err == nil || !strings.Contains(err.Error(), "_config.yml") || !strings.Contains(err.Error(), key) {
				t.Errorf("%q: error %v, want one naming _config.yml and %s", cfg, err, key)
			}
		}
	})
}
