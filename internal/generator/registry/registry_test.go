package registry

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestTitles: every registered generator's title, in the registry's
// order, as a sentence lists them.
func TestTitles(t *testing.T) {
	var titles []string
	for _, g := range Generators {
		titles = append(titles, g.Info().Title)
	}
	want := strings.Join(titles[:len(titles)-1], ", ") + " or " + titles[len(titles)-1]
	if got := Titles("or"); got != want || !strings.HasPrefix(got, "Hugo, ") {
		t.Errorf("Titles:\n got %s\nwant %s", got, want)
	}
}

// TestContentPresets: the generators with a Loader, in the registry's
// order, then plain, each found by its name.
func TestContentPresets(t *testing.T) {
	var want []string
	for _, g := range Generators {
		if _, ok := LoaderOf(g.Info().Name); ok {
			want = append(want, g.Info().Name)
		}
	}
	want = append(want, "plain")
	got := ContentPresets()
	if !slices.Equal(got, want) || !slices.Contains(got, "hugo") {
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

// TestLoaders: a --preset name with a Loader is that Loader alone, with
// its generator's Info; any other name (none given, astro) is every
// content preset's, in their order, plain last with no Info.
func TestLoaders(t *testing.T) {
	ls, given := Loaders("jekyll")
	if !given || len(ls) != 1 || ls[0].Info.Name != "jekyll" || ls[0].Loader == nil {
		t.Errorf("Loaders(jekyll) = %+v, %v", ls, given)
	}
	for _, name := range []string{"", "astro"} {
		ls, given := Loaders(name)
		var names []string
		for _, l := range ls {
			names = append(names, l.Info.Name)
		}
		want := slices.Clone(ContentPresets())
		want[len(want)-1] = "" // plain, with no Info
		if given || !slices.Equal(names, want) || ls[len(ls)-1].Loader != Plain {
			t.Errorf("Loaders(%q) = %q, %v; want %q, plain last", name, names, given, want)
		}
	}
}

// TestREADMEGenerators: README's table of what sitemapgen reads of each
// generator names only generators it knows, so that a user never reads
// of one it dropped or renamed. The table need not name every
// generator: README says that --help, which lists the registry's
// titles, names them all. A name that is no registered generator's
// title is a plugin's with a folder of its own (Starlight's).
func TestREADMEGenerators(t *testing.T) {
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	if !strings.Contains(text, "(`sitemapgen --help` lists every generator sitemapgen detects)") {
		t.Error("README.md does not say that sitemapgen --help lists every generator")
	}
	titles := map[string]bool{}
	for _, g := range Generators {
		titles[g.Info().Title] = true
	}
	rows := readmeGenerators(text)
	if len(rows) < 3 {
		t.Fatalf("README.md's table of generators names %q: not found", rows)
	}
	for _, name := range rows {
		if titles[name] {
			continue
		}
		if _, err := os.Stat("../" + strings.ToLower(name)); err != nil {
			t.Errorf("README.md's table names %s, which is no registered generator and has no folder in internal/generator", name)
		}
	}
}

// readmeGenerators returns the names in the first column of README's
// table of generators ("| generator | read with no flag | …"), each
// without what its parentheses add: "Sphinx, Pelican" is two names.
func readmeGenerators(readme string) []string {
	_, table, ok := strings.Cut(readme, "\n| generator | read with no flag |")
	if !ok {
		return nil
	}
	table, _, _ = strings.Cut(table, "\n\n")
	var names []string
	for _, line := range strings.Split(table, "\n")[2:] {
		cell, _, _ := strings.Cut(strings.TrimPrefix(line, "| "), " |")
		cell, _, _ = strings.Cut(cell, " (")
		names = append(names, strings.Split(cell, ", ")...)
	}
	return names
}
