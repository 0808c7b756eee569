package cli

import (
	"path/filepath"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/walker"
)

// TestJoinSkips: watch mode leaves a project folder's node_modules and the
// folders the join's walk excludes out of its watches, but not the site
// folder inside it.
func TestJoinSkips(t *testing.T) {
	project := t.TempDir()
	in := func(rel string) string { return filepath.Join(project, filepath.FromSlash(rel)) }
	skip := joinSkips(pipeline.Options{
		Root: in("build"),
		Join: &pipeline.Sources{Dir: project, Walk: walker.Options{Exclude: []string{"_build", "build", "**/*.tmp"}}},
	})
	for rel, want := range map[string]bool{
		"node_modules":              true,
		"node_modules/react/x":      true,
		"_build":                    true,
		"build":                     false, // the site folder
		"build/docs/index.html":     false,
		"docs/intro.md":             false,
		"docs/node_modules":         false,
		"src/pages/_build":          false,
		".":                         false,
		"../elsewhere/node_modules": false,
	} {
		if got := skip(in(rel)); got != want {
			t.Errorf("%s: skipped %v, want %v", rel, got, want)
		}
	}
	if joinSkips(pipeline.Options{Root: project})(in("node_modules")) {
		t.Error("without a join, node_modules of the site folder is skipped")
	}
}
