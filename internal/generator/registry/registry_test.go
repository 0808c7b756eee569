package registry

import (
	"os"
	"slices"
	"strings"
	"testing"
)

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
