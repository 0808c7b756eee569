package registry_test

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// noEnv is an environment that sets no variable: the presets the tests
// check are their projects' own, whatever the machine's.
var noEnv = generator.LookupEnv(func(string) (string, bool) { return "", false })

// A sourcedPreset is a preset of a project with the folder of its
// sources, relative to the project folder ("/"-separated, "." for the
// project folder itself).
type sourcedPreset struct {
	generator.Preset
	src string
}

// folder returns the sources' folder of sp in the project folder dir,
// as the pipeline hands it to a FolderReader.
func (sp sourcedPreset) folder(dir string) generator.Folder {
	sources := os.DirFS(filepath.Join(dir, filepath.FromSlash(sp.src)))
	return generator.Folder{Content: sources, Settings: sources, Rel: sp.src, Limits: limits.Default}
}

// projectPresets returns the presets of p, the project of g that Detect
// found in dir, by each road: a Loader's and a Router's. A Loader that
// does not find the configuration Detect found, or whose preset names
// none, fails tb.
func projectPresets(tb testing.TB, g generator.Generator, p generator.Detected, dir string) []sourcedPreset {
	tb.Helper()
	var presets []sourcedPreset
	if l, ok := registry.LoaderOf(g.Info().Name); ok {
		pre, found, err := l.Load(generator.NewDir(dir, noEnv, limits.Default))
		if err != nil || !found || pre == nil {
			tb.Fatalf("Load = %v, %v, %v", pre, found, err)
		}
		c := generator.RulesOf(pre).Sources.Config
		if c == nil {
			tb.Fatal("a Loader's preset names no configuration")
		}
		presets = append(presets, sourcedPreset{pre, path.Clean(c.Sources)})
	}
	if pre, src := p.Routes(); pre != nil {
		presets = append(presets, sourcedPreset{pre, path.Clean(src)})
	}
	return presets
}

// checkPreset holds sp, a preset of g for the project in dir whose files
// are rels (relative to dir), to what the contract promises: once its
// folder is read, its rules are g's, its URLPath keeps its promises on
// the project's files and hostile pages, asked from several goroutines
// at once before any call in sequence (urlPathProblems), its values
// agree with each other, and every rule it gives can be asked.
func checkPreset(t *testing.T, g generator.Generator, sp sourcedPreset, dir string, rels []string) {
	t.Helper()
	r, _ := generator.Ready(sp.Preset, sp.folder(dir))
	if r.Name != g.Info().Name {
		t.Errorf("its preset's rules are %q's", r.Name)
	}
	pages := slices.Clone(promisePages)
	for _, rel := range sourceRels(rels, sp.src) {
		pages = append(pages, generator.Page{Path: rel})
	}
	for _, p := range urlPathProblems(sp.Preset, pages) {
		t.Error(p)
	}
	for _, p := range pages {
		if fr := sp.FileRules(p.Path); fr.Meta != nil && !fr.Read {
			t.Errorf("%s: a reader of metadata for a file it does not read", p.Path)
		}
	}
	if r.Output.KeepsOld != (r.Output.CleanBuild != "") {
		t.Errorf("keeps old output %v, and says how to build clean %q", r.Output.KeepsOld, r.Output.CleanBuild)
	}
	if (len(r.Output.Witness) > 0) != (r.Output.SitemapKind != nil) {
		t.Errorf("witness sitemaps %q without how they speak of a page, or the other way", r.Output.Witness)
	}
	if (len(r.Sources.LanguageFolders) > 0) && r.Sources.Split == nil {
		t.Error("language folders without their split")
	}
	if (r.Sources.Copies == nil) != (r.Sources.StaticDefaults == nil) {
		t.Error("copies files without their defaults, or the other way")
	}
	askAll(t, r, dir, rels)
}

// sourceRels returns rels, paths relative to the project folder, as the
// walk hands them to a preset whose sources are in src: relative to src,
// for those in it. The paths relative to the project folder are kept
// too, so that a preset is asked about both.
func sourceRels(rels []string, src string) []string {
	out := slices.Clone(rels)
	if src == "." {
		return out
	}
	for _, rel := range rels {
		if in, ok := strings.CutPrefix(rel, src+"/"); ok && !slices.Contains(out, in) {
			out = append(out, in)
		}
	}
	return out
}

// readProject returns the regular files of the project in dir, path
// relative to it ("/"-separated) → content, without what an install or a
// clone adds (node_modules, .git); nil when dir is missing.
func readProject(tb testing.TB, dir string) map[string]string {
	tb.Helper()
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git"):
			return filepath.SkipDir
		case !d.Type().IsRegular():
			return nil // a folder, or a link, which the one door never follows
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return files
}
