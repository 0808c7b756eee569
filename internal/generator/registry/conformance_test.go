package registry_test

import (
	"maps"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/gentest"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// tinyProject returns the smallest project of the registered generator
// g, which its own folder keeps in testdata/tiny (a configuration, or the
// dependency that says it, and one source): its files, path → content,
// and the folder named from the repository's root. The folder is found
// from g's package, so that a new generator needs no line here. Files
// is nil when the folder is missing.
func tinyProject(tb testing.TB, g generator.Generator) (files map[string]string, folder string) {
	tb.Helper()
	rel := strings.TrimPrefix(genPackage(g), module+"/")
	folder = path.Join(rel, "testdata", "tiny")
	files = readProject(tb, filepath.Join(repoRoot, filepath.FromSlash(folder)))
	return files, folder
}

// repoRoot is the repository's root, from this package's folder.
const repoRoot = "../../.."

// module is the import path of the repository's root: the registry's
// own path without its folder.
var module = strings.TrimSuffix(reflect.TypeFor[registry.InfoLoader]().PkgPath(), "/internal/generator/registry")

// genPackage returns the import path of the package that declares g's
// type.
func genPackage(g generator.Generator) string {
	t := reflect.TypeOf(g)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath()
}

// TestConformance checks, for every registered generator, the promises
// the rest of sitemapgen takes for granted: what its Info says, that an
// empty folder is no project of it, that the registry finds it by its
// name; and, on its tiny project, that Detect finds it and fills what a
// project says, and that each road to its preset (a Loader's, a
// Router's) gives one whose rules are its own and whose every rule can
// be asked.
func TestConformance(t *testing.T) {
	names := map[string]bool{}
	for _, g := range registry.Generators {
		info := g.Info()
		t.Run(info.Name, func(t *testing.T) {
			if info.Name == "" || info.Title == "" {
				t.Fatalf("Info %+v: no name or title", info)
			}
			if names[info.Name] {
				t.Fatalf("%s: registered twice", info.Name)
			}
			names[info.Name] = true
			if got, ok := registry.Lookup(info.Name); !ok || got.Info().Name != info.Name {
				t.Errorf("registry.Lookup(%q) = %v, %v", info.Name, got, ok)
			}
			d, err := generator.OpenDir(t.TempDir(), noEnv, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			if p, err := g.Detect(d); p != nil || err != nil {
				t.Errorf("Detect(empty folder) = %+v, %v; want nil, nil", p, err)
			}

			files, folder := tinyProject(t, g)
			if files == nil {
				t.Fatalf("no tiny project of %s: add its smallest project (its configuration and one source) in %s", info.Name, folder)
			}
			dir := buildtest.TempSite(t, files)
			found, err := registry.DetectEnv(dir, noEnv, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(found, func(p generator.Detected) bool { return p.Gen == g })
			if i < 0 {
				t.Fatalf("Detect of its tiny project found %s", gentest.Format(found))
			}
			p := found[i]
			if p.Name() != info.Name || p.Title() != info.Title || p.File == "" {
				t.Errorf("project %s", gentest.Format([]generator.Detected{p}))
			}
			_ = p.Sitemaps()
			_ = p.Published("")
			if len(p.BaseURLPlaces(p.File)) == 0 {
				t.Error("no place named for its base URL")
			}

			presets := projectPresets(t, g, p, dir)
			// A generator with neither road (Zola) joins its builds to no
			// sources; one with a road must give a preset for its tiny
			// project, which has a source.
			_, router := g.(generator.Router)
			if _, loader := registry.LoaderOf(info.Name); (loader || router) && len(presets) == 0 {
				t.Fatalf("a Loader or Router, and no preset for its tiny project")
			}
			for _, pre := range presets {
				checkPreset(t, g, pre, dir, slices.Sorted(maps.Keys(files)))
			}
		})
	}
	if _, ok := registry.Lookup("no-such-generator"); ok {
		t.Error("registry.Lookup of an unknown name: ok")
	}
	folders, err := filepath.Glob(filepath.Join(repoRoot, "internal", "generator", "*", "testdata", "tiny"))
	if err != nil || len(folders) == 0 {
		t.Fatalf("no tiny project found: %v", err)
	}
	for _, f := range folders {
		gen := filepath.Base(filepath.Dir(filepath.Dir(f)))
		if !slices.ContainsFunc(registry.Generators, func(g generator.Generator) bool { return path.Base(genPackage(g)) == gen }) {
			t.Errorf("internal/generator/%s/testdata/tiny: the tiny project of %s, which is not registered", gen, gen)
		}
	}
}

// tinyPresets returns the presets of the registered generator g, each
// road's (a Loader's, a Router's), loaded from its tiny project, its
// folder read: none for a generator whose builds have no sources.
func tinyPresets(tb testing.TB, g generator.Generator) []generator.Preset {
	tb.Helper()
	files, _ := tinyProject(tb, g)
	dir := buildtest.TempSite(tb, files)
	found, err := registry.DetectEnv(dir, noEnv, limits.Default)
	if err != nil {
		tb.Fatal(err)
	}
	i := slices.IndexFunc(found, func(p generator.Detected) bool { return p.Gen == g })
	if i < 0 {
		return nil
	}
	var presets []generator.Preset
	for _, sp := range projectPresets(tb, g, found[i], dir) {
		generator.Ready(sp.Preset, sp.folder(dir))
		presets = append(presets, sp.Preset)
	}
	return presets
}

// askAll asks every rule r gives (each function, each hook) about the
// pages and sources of a tiny project: none may fail to answer.
func askAll(t *testing.T, r generator.Rules, dir string, rels []string) {
	t.Helper()
	urls := []string{"/", "/index.html", "/posts/", "/posts/a/", "/posts/page/2/", "/fr/", "/fr/posts/a/", "/tags/x/", "/a.html"}
	for _, u := range urls {
		if f := r.Pages.Fallback; f != nil {
			if to, ok := f(u); ok && !strings.HasPrefix(to, "/") {
				t.Errorf("Fallback(%s) = %q: not a URL path", u, to)
			}
		}
		if f := r.Pages.Lists.Shown; f != nil {
			f(u)
		}
		if f := r.Output.SitemapKind; f != nil {
			if _, with := f(u); with != "" && !strings.HasPrefix(with, "/") {
				t.Errorf("SitemapKind(%s): with %q, not a URL path", u, with)
			}
		}
	}
	for _, rel := range rels {
		if f := r.Pages.Lists.Section; f != nil {
			f(rel, map[string][]string{"tags": {"x"}})
		}
		if f := r.Pages.Lists.Collections; f != nil {
			if _, err := f(dir, rel); err != nil {
				t.Errorf("Collections(%s): %v", rel, err)
			}
		}
		if f := r.Pages.Lists.Newest; f != nil {
			if of := f(rel); of != nil {
				of(rel)
			}
		}
		if f := r.Sources.StaticDefaults; f != nil {
			f(rel)
		}
		if f := r.Sources.Copies; f != nil {
			f(rel)
		}
		if tr := r.Hooks.Translator; tr != nil {
			tr.Translation(rel, "")
		}
		if inc := r.Hooks.Includer; inc != nil {
			inc.Includes(rel, rel, []byte(".. include:: other.rst\n"))
		}
	}
	if c := r.Hooks.Changer; c != nil {
		c.Changed(rels)
	}
	if f := r.Sources.Describe; f != nil && f(dir, "X") == "" {
		t.Error("its sources described as nothing")
	}
}

// TestConfigPresets: the values preset: takes, which the table of
// settings lists without asking the registry (internal/config reads no
// generator), are the registry's content presets.
func TestConfigPresets(t *testing.T) {
	if got, want := config.Presets, registry.ContentPresets(); !slices.Equal(got, want) {
		t.Errorf("config.Presets = %q; the registry's content presets are %q", got, want)
	}
}
