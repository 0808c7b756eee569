package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// astroBuild runs astro build in src, a project whose node_modules are
// testdata/astro's (nodeProject).
func astroBuild(t *testing.T, src string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(src, "node_modules", ".bin", "astro"), "build")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "ASTRO_TELEMETRY_DISABLED=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("astro build: %v\n%s", err, out)
	}
}

// TestAstroLanguageRoutes builds testdata/astro-i18n, an Astro 5.18.2
// site routed by language as many i18n sites are (box-bm/devfolio's
// shape): every page under src/pages/[...lang]/, whose getStaticPaths
// give each guide its language and slug from its id split at "."
// (lamp-oil.en.md at /en/guides/lamp-oil/), and each note its language
// from its front matter and its slug from its id, its file name cut off
// (notes/harbour/es.md at /es/notes/harbour/). Each page is joined to its
// entry and dated by it: a guide by its updatedDate, which the page
// prints (lamp-oil.es.md's 2024-04-22T00:00:00-6:00 too, a zone's hour
// of one digit, as YAML allows and Astro reads it), a note by its file's
// commit, never by the later commit of the routes. Each language's list
// of guides, a page of a route whose own code reads the collection, is
// as new as the newest guide it shows (issue 97, item 10). Before, every
// page under [...lang] was joined to no source: 8 of 9 pages undated.
func TestAstroLanguageRoutes(t *testing.T) {
	src := nodeProject(t, "astro", "package.json")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "astro-i18n"))); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(src, ".gitignore"), "node_modules\ndist\n.astro\n")
	commitHistory(t, src,
		"2024-01-01T00:00:00Z *",
		"2024-05-03T08:00:00Z src/content/notes/harbour/es.md",
		"2024-06-01T00:00:00Z src/pages/[...lang]")
	astroBuild(t, src)
	dist := filepath.Join(src, "dist")
	const base = "https://example.com/"
	theirs := generatorSitemap(t, filepath.Join(dist, "sitemap-0.xml"))
	ours, log := zeroConfig(t, src, dist, base, "sources src/pages, src/content/guides, src/content/notes (Astro)")
	compareSets(t, ours, theirs, nil, nil)
	want := map[string]string{
		base:                         "2024-01-01T00:00:00Z",
		base + "en/guides/lamp-oil/": "2024-03-10T00:00:00Z",
		base + "es/guides/lamp-oil/": "2024-04-22T06:00:00Z", // -6:00, an offset's hour of one digit

		base + "en/guides/wick-care/": "2023-12-01T00:00:00Z",
		base + "en/guides/":           "2024-03-10T00:00:00Z",
		base + "es/guides/":           "2024-04-22T06:00:00Z",
		base + "en/notes/harbour/":    "2024-01-01T00:00:00Z",
		base + "es/notes/harbour/":    "2024-05-03T08:00:00Z",
		base + "en/notes/tides/":      "2024-01-01T00:00:00Z",
	}
	wantURLs(t, ours, want)
	// The two lists of guides are the pages no source gives.
	if !strings.Contains(log, " 2 URLs with no source file") {
		t.Errorf("the run does not join every page but the two lists:\n%s", log)
	}
	// Each guide prints the date it is dated by.
	for _, page := range []string{"en/guides/lamp-oil", "es/guides/lamp-oil", "en/guides/wick-care"} {
		data, err := os.ReadFile(filepath.Join(dist, filepath.FromSlash(page), "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		if at := want[base+page+"/"][:10]; !strings.Contains(string(data), `datetime="`+at) {
			t.Errorf("the fixture's premise: Astro's /%s prints %s:\n%s", page, at, data)
		}
	}
}
