package registry_test

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// docTables are the tables of the documentation with a row for each
// generator, each found by its header line. A row may name several
// generators ("Sphinx, Pelican"); a generator is in the table when a
// row's first cell names its title.
var docTables = []struct{ doc, header string }{
	{"docs/configuration.md", "| generator | found by | site folder | base URL |"},
	{"docs/configuration.md", "| generator | sources joined (dates, drafts, `sitemap: false`) | file times as lastmod | its own sitemaps in the output |"},
	{"docs/configuration.md", "| generator (tested with) | same as its own | differs, and why |"},
	{"docs/lastmod.md", "| generator | the order it uses | the order we use |"},
	{"docs/lastmod.md", "| generator | its zone for such dates | ours |"},
	{"docs/watch.md", "| generator | run beside `sitemapgen watch public` | does not work |"},
}

// TestDocTables: each table of docTables has a row for every registered
// generator, so that a generator added to the registry and missing from
// one fails here, naming the document, the table and the row to add;
// and each row names a registered generator, or a plugin with a folder
// of its own (Starlight), so that one removed or renamed fails too.
func TestDocTables(t *testing.T) {
	for _, tab := range docTables {
		text := readDoc(t, tab.doc)
		cells, line := tableFirstCells(text, tab.header)
		if cells == nil {
			t.Errorf("%s: no table with the header %q: update docTables in this file if it was renamed", tab.doc, tab.header)
			continue
		}
		for i, c := range cells {
			if !slices.ContainsFunc(registry.Generators, func(g generator.Generator) bool { return namesTitle(c, g.Info().Title) }) &&
				!slices.ContainsFunc(generatorFolders(t), func(dir string) bool { return namesTitle(strings.ToLower(c), dir) }) {
				t.Errorf("%s:%d: the table %q has a row for %q, which names no registered generator nor a folder of internal/generator", tab.doc, line+2+i, tab.header, c)
			}
		}
		for _, g := range registry.Generators {
			title := g.Info().Title
			if !slices.ContainsFunc(cells, func(c string) bool { return namesTitle(c, title) }) {
				t.Errorf("%s:%d: the table %q has no row for %s: add one, \"| %s | … |\", saying what it says of the others", tab.doc, line, tab.header, title, title)
			}
		}
	}
}

// tableFirstCells returns the first cells of the rows of the table of
// text whose header line is header, and the header's line number; nil
// when no such table is there.
func tableFirstCells(text, header string) (cells []string, line int) {
	lines := strings.Split(text, "\n")
	i := slices.Index(lines, header)
	if i < 0 || i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "| ---") {
		return nil, 0
	}
	cells = []string{}
	for _, row := range lines[i+2:] {
		if !strings.HasPrefix(row, "|") {
			break
		}
		cell, _, _ := strings.Cut(strings.TrimPrefix(row, "|"), " |")
		cells = append(cells, strings.TrimSpace(cell))
	}
	return cells, i + 1
}

// namesTitle reports whether cell, a table's first cell ("Next.js 16
// (static export)", "Sphinx, Pelican"), names the generator of title:
// the title as a word of it.
func namesTitle(cell, title string) bool {
	return regexp.MustCompile(`(^|[^\w.])` + regexp.QuoteMeta(title) + `($|[^\w])`).MatchString(cell)
}

// TestDocFuzzRow: docs/development.md's row of the generators' FuzzProject
// targets (package jsfuzz's, one a reader of a JavaScript configuration)
// names every generator folder whose tests declare one, and no other.
func TestDocFuzzRow(t *testing.T) {
	text := readDoc(t, "docs/development.md")
	var row string
	for l := range strings.SplitSeq(text, "\n") {
		if strings.HasPrefix(l, "| `./internal/generator/") && strings.Contains(l, "| `FuzzProject`") {
			row = l
		}
	}
	if row == "" {
		t.Fatal("docs/development.md: no row of the fuzz targets' table names FuzzProject")
	}
	cell, _, _ := strings.Cut(strings.TrimPrefix(row, "| "), " |")
	var named []string
	for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cell, -1) {
		named = append(named, path.Base(m[1]))
	}
	slices.Sort(named)
	var want []string
	for _, dir := range generatorFolders(t) {
		tests, _ := filepath.Glob(filepath.Join(repoRoot, "internal", "generator", dir, "*_test.go"))
		if slices.ContainsFunc(tests, func(f string) bool {
			data, err := os.ReadFile(f)
			return err == nil && strings.Contains(string(data), "\nfunc FuzzProject(")
		}) {
			want = append(want, dir)
		}
	}
	for _, dir := range want {
		if !slices.Contains(named, dir) {
			t.Errorf("docs/development.md: the fuzz targets' row of FuzzProject does not name %s, whose tests declare one: add `%s` to it", dir, dir)
		}
	}
	for _, dir := range named {
		if !slices.Contains(want, dir) {
			t.Errorf("docs/development.md: the fuzz targets' row of FuzzProject names %s, whose tests declare none: take it out", dir)
		}
	}
}

// TestDocFolders: internal/generator's doc.go, under "# The folders",
// names every folder of a generator (and of a plugin with a folder of
// its own, Starlight's), each registered generator among them.
func TestDocFolders(t *testing.T) {
	text := readDoc(t, "internal/generator/doc.go")
	_, list, ok := strings.Cut(text, "// # The folders\n")
	list, _, _ = strings.Cut(list, "// What only generators share")
	if !ok || list == "" {
		t.Fatal("internal/generator/doc.go: no list under \"# The folders\"")
	}
	folders := generatorFolders(t)
	for _, g := range registry.Generators {
		if dir := path.Base(genPackage(g)); !slices.Contains(folders, dir) {
			t.Errorf("%s is registered, and its package is not a folder of internal/generator", dir)
		}
	}
	for _, dir := range folders {
		if !namesTitle(list, dir) {
			t.Errorf("internal/generator/doc.go: the list under \"# The folders\" does not name %s: add it, with what its folder holds", dir)
		}
	}
}

// generatorFolders returns the folders of internal/generator that hold
// a generator or a plugin: all but internal/ and registry/.
func generatorFolders(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(repoRoot, "internal", "generator"))
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != "internal" && e.Name() != "registry" {
			dirs = append(dirs, e.Name())
		}
	}
	return dirs
}

// readDoc returns the text of the file at rel, from the repository's
// root.
func readDoc(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// initToolsHeader is the header of docs/configuration.md's table of the
// peers whose options init reads, a row each.
const initToolsHeader = "| tool | where `init` reads its options |"

// TestDocPeerTable: docs/configuration.md's table of where init reads
// each peer's options has a row for every peer of Peers that has
// options (MkDocs' sitemap has none), and each row names a peer, so
// that a peer added to Peers without its row, or one removed, fails
// here. A row's first cell is the peer's Tool, its code spans as text
// ("VitePress's `sitemap`").
func TestDocPeerTable(t *testing.T) {
	cells, line := tableFirstCells(readDoc(t, "docs/configuration.md"), initToolsHeader)
	if cells == nil {
		t.Fatalf("docs/configuration.md: no table with the header %q: update initToolsHeader in this file if it was renamed", initToolsHeader)
	}
	for i, c := range cells {
		cells[i] = strings.ReplaceAll(c, "`", "")
		if !slices.ContainsFunc(registry.Peers, func(d *peer.Def) bool { return string(d.Tool) == cells[i] }) {
			t.Errorf("docs/configuration.md:%d: the table %q has a row for %q, which is no peer of the registry's Peers", line+2+i, initToolsHeader, c)
		}
	}
	for _, d := range registry.Peers {
		if len(d.Options) > 0 && !slices.Contains(cells, string(d.Tool)) {
			t.Errorf("docs/configuration.md:%d: the table %q has no row for %s, a peer with options: add one, \"| `%s` | … |\", saying where init reads them", line, initToolsHeader, d.Tool, d.Tool)
		}
	}
}
