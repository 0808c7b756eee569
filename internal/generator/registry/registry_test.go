package registry

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestConformance checks, for every registered generator, the promises
// the rest of sitemapgen takes for granted: what its Info says, that an
// empty folder is no project of it, and that the registry finds it by
// its name.
func TestConformance(t *testing.T) {
	names := map[string]bool{}
	for _, g := range Generators {
		info := g.Info()
		t.Run(info.Name, func(t *testing.T) {
			if info.Name == "" || info.Title == "" {
				t.Fatalf("Info %+v: no name or title", info)
			}
			if names[info.Name] {
				t.Fatalf("%s: registered twice", info.Name)
			}
			names[info.Name] = true
			if got, ok := Lookup(info.Name); !ok || !reflect.DeepEqual(got.Info(), info) {
				t.Errorf("Lookup(%q) = %v, %v", info.Name, got, ok)
			}
			d, err := generator.OpenDir(t.TempDir(), func(string) (string, bool) { return "", false }, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			if p, err := g.Detect(d); p != nil || err != nil {
				t.Errorf("Detect(empty folder) = %+v, %v; want nil, nil", p, err)
			}
		})
	}
	if _, ok := Lookup("no-such-generator"); ok {
		t.Error("Lookup of an unknown name: ok")
	}
}

func TestTitles(t *testing.T) {
	got := Titles("or")
	want := "Hugo, Hexo, Jekyll, Astro, Eleventy, Next.js, MkDocs, Docusaurus, Pelican, Sphinx, Gatsby, VitePress, Nuxt, SvelteKit or Zola"
	if got != want {
		t.Errorf("Titles:\n got %s\nwant %s", got, want)
	}
}

// TestContentPresets: the Loaders, in the registry's order, and plain,
// each found by its name.
func TestContentPresets(t *testing.T) {
	got := ContentPresets()
	if want := []string{"hugo", "jekyll", "mkdocs", "plain"}; !slices.Equal(got, want) {
		t.Errorf("ContentPresets() = %q, want %q", got, want)
	}
	for _, name := range got {
		if _, ok := LoaderOf(name); !ok {
			t.Errorf("LoaderOf(%q): none", name)
		}
	}
	if _, ok := LoaderOf("astro"); ok {
		t.Error("LoaderOf(astro): Astro's pages come from code; content mode has no preset of it")
	}
}

// TestREADMEGenerators: every registered generator is named in the
// README, which tells users what sitemapgen detects.
func TestREADMEGenerators(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range Generators {
		if title := g.Info().Title; !strings.Contains(string(readme), title) {
			t.Errorf("README.md does not name %s: say what sitemapgen reads of its projects", title)
		}
	}
}
