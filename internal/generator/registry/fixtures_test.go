package registry_test

import (
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestConformanceFixtures holds the presets of projects with settings to
// what TestConformance holds the tiny projects' to (checkPreset), so
// that the code behind a setting (languages, versions, permalinks, base
// paths) is asked too. The projects are each generator's own, in its
// folder's testdata (but tiny/, which TestConformance reads, and fuzz/),
// and the end-to-end fixtures (internal/e2e/testdata): each project
// Detect finds in one of them is checked, whatever its generator, so a
// new fixture or generator needs no line here. A folder in a generator's
// testdata must hold a project of that generator.
func TestConformanceFixtures(t *testing.T) {
	own, err := filepath.Glob(filepath.Join(repoRoot, "internal", "generator", "*", "testdata", "*"))
	if err != nil {
		t.Fatal(err)
	}
	e2e, err := filepath.Glob(filepath.Join(repoRoot, "internal", "e2e", "testdata", "*"))
	if err != nil || len(e2e) == 0 {
		t.Fatalf("no end-to-end fixture found: %v", err)
	}
	checked := 0
	for _, folder := range append(own, e2e...) {
		if st, err := os.Stat(folder); err != nil || !st.IsDir() {
			continue
		}
		rel, _ := filepath.Rel(repoRoot, folder)
		rel = filepath.ToSlash(rel)
		base := path.Base(rel)
		gen := "" // the generator whose folder holds it; "" for an end-to-end fixture
		if path.Dir(path.Dir(rel)) != "internal/e2e" {
			gen = path.Base(path.Dir(path.Dir(rel)))
			if base == "tiny" || base == "fuzz" {
				continue
			}
		}
		t.Run(rel, func(t *testing.T) {
			contents := readProject(t, folder)
			dir := buildtest.TempSite(t, contents)
			found, err := registry.DetectEnv(dir, noEnv, limits.Default)
			if err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			if gen != "" && !slices.ContainsFunc(found, func(p generator.Detected) bool { return path.Base(genPackage(p.Gen)) == gen }) {
				t.Fatalf("%s holds no project of %s: Detect found %s", rel, gen, gentest.Format(found))
			}
			for _, p := range found {
				t.Run(p.Name(), func(t *testing.T) {
					for _, sp := range projectPresets(t, p.Gen, p, dir) {
						checkPreset(t, p.Gen, sp, dir, slices.Sorted(maps.Keys(contents)))
						checked++
					}
				})
			}
		})
	}
	if checked == 0 {
		t.Error("no preset of a fixture checked")
	}
}
