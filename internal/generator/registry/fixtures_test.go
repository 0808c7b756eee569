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
	e2e, err := filepath.Glob(filepath.Join(repoRoot, "internal", "e2e", "testdata", "*"))
	if err != nil || len(e2e) == 0 {
		t.Fatalf("no end-to-end fixture found: %v", err)
	}
	checked := 0
	for _, folder := range append(settingsProjects(t), e2e...) {
		if st, err := os.Stat(folder); err != nil || !st.IsDir() {
			continue
		}
		rel, _ := filepath.Rel(repoRoot, folder)
		rel = filepath.ToSlash(rel)
		gen := "" // the generator whose folder holds it; "" for an end-to-end fixture
		if path.Dir(path.Dir(rel)) != "internal/e2e" {
			gen = path.Base(path.Dir(path.Dir(rel)))
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

// settingsProjects returns the folders of the generators' own projects
// with settings: each folder of a generator's testdata but tiny/ (which
// TestConformance reads) and fuzz/ (a fuzz target's inputs).
func settingsProjects(tb testing.TB) []string {
	tb.Helper()
	all, err := filepath.Glob(filepath.Join(repoRoot, "internal", "generator", "*", "testdata", "*"))
	if err != nil {
		tb.Fatal(err)
	}
	var folders []string
	for _, f := range all {
		if st, err := os.Stat(f); err == nil && st.IsDir() && filepath.Base(f) != "tiny" && filepath.Base(f) != "fuzz" {
			folders = append(folders, f)
		}
	}
	return folders
}

// settingsPresets returns the presets of the projects of
// settingsProjects, each road's, their folders read: FuzzURLPath fuzzes
// them with the tiny projects'.
func settingsPresets(tb testing.TB) []generator.Preset {
	tb.Helper()
	var presets []generator.Preset
	for _, folder := range settingsProjects(tb) {
		dir := buildtest.TempSite(tb, readProject(tb, folder))
		found, err := registry.DetectEnv(dir, noEnv, limits.Default)
		if err != nil {
			tb.Fatalf("%s: %v", folder, err)
		}
		for _, p := range found {
			for _, sp := range projectPresets(tb, p.Gen, p, dir) {
				generator.Ready(sp.Preset, sp.folder(dir))
				presets = append(presets, sp.Preset)
			}
		}
	}
	return presets
}
