package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/sphinx"
	"github.com/sitemapgen/sitemapgen/internal/gitdates"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestReadIncludes follows a Sphinx source's includes within the
// project folder, and no further: not above it, not through a symbolic
// link out of it, not round a cycle, not deeper or to more files than
// the bounds.
func TestReadIncludes(t *testing.T) {
	files := map[string]string{
		"secret.rst":             "a file above the project\n",
		"proj/CHANGELOG.md":      "Changes\n",
		"proj/examples/run.sh":   ".. include:: ../CHANGELOG.md\n", // literal: not followed
		"proj/docs/page.rst":     ".. include:: ../CHANGELOG.md\n.. literalinclude:: ../examples/run.sh\n.. include:: ../../secret.rst\n.. include:: link.inc\n.. include:: missing.inc\n.. include:: a.inc\n",
		"proj/docs/a.inc":        ".. include:: b.inc\n",
		"proj/docs/b.inc":        ".. include:: a.inc\n.. include:: page.rst\n",
		"proj/docs/deep.rst":     ".. include:: d1.inc\n",
		"proj/docs/many.rst":     "",
		"proj/docs/_build/x.txt": "",
	}
	for i := 1; i <= 12; i++ {
		files[fmt.Sprintf("proj/docs/d%d.inc", i)] = fmt.Sprintf(".. include:: d%d.inc\n", i+1)
	}
	var many strings.Builder
	for i := range 100 {
		fmt.Fprintf(&many, ".. include:: m%d.inc\n", i)
		files[fmt.Sprintf("proj/docs/m%d.inc", i)] = ""
	}
	files["proj/docs/many.rst"] = many.String()
	top := pages(t, files)
	proj := filepath.Join(top, "proj")
	docs := filepath.Join(proj, "docs")
	outer := t.TempDir() // outside the work tree made below
	if err := os.WriteFile(filepath.Join(outer, "secret.rst"), []byte("a file outside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outer, "secret.rst"), filepath.Join(docs, "link.inc")); err != nil {
		t.Fatal(err)
	}
	b := &builder{opts: Options{
		Root:   filepath.Join(docs, "_build"),
		Join:   &Sources{Dir: docs, Project: proj, Preset: sphinx.Preset{}},
		Limits: limits.Default,
	}}
	got, outside := b.readIncludes(sphinx.Preset{}, "page.rst")
	want := []string{"../../CHANGELOG.md", "../../examples/run.sh", "../a.inc", "../b.inc"}
	if !slices.Equal(got, want) || !outside {
		t.Errorf("page.rst includes %q (outside %v), want %q (outside true)", got, outside, want)
	}
	// Without the project, nothing above the sources' folder.
	b.opts.Join.Project = ""
	got, outside = b.readIncludes(sphinx.Preset{}, "page.rst")
	if want := []string{"../a.inc", "../b.inc"}; !slices.Equal(got, want) || outside {
		t.Errorf("without a project, page.rst includes %q (outside %v), want %q", got, outside, want)
	}
	// In a work tree, as far as its top: a repository's doc/ includes
	// its ../CHANGES. The link out of the work tree is still not followed.
	gitRun(t, top, "", "init", "-q")
	gitRun(t, top, "", "add", "-A")
	gitRun(t, top, "2024-01-01T00:00:00Z", "commit", "-q", "-m", "all")
	d, err := gitdates.Load(t.Context(), docs)
	if err != nil {
		t.Fatal(err)
	}
	b.in.git = d
	got, outside = b.readIncludes(sphinx.Preset{}, "page.rst")
	if want := []string{"../../CHANGELOG.md", "../../examples/run.sh", "../../../secret.rst", "../a.inc", "../b.inc"}; !slices.Equal(got, want) || !outside {
		t.Errorf("in a work tree, page.rst includes %q (outside %v), want %q (outside true)", got, outside, want)
	}
	b.in.git = nil
	if got, _ := b.readIncludes(sphinx.Preset{}, "deep.rst"); len(got) != maxIncludeDepth+1 {
		t.Errorf("a chain of 12 includes is followed to %d files, want %d: %q", len(got), maxIncludeDepth+1, got)
	}
	if got, _ := b.readIncludes(sphinx.Preset{}, "many.rst"); len(got) != maxIncludes {
		t.Errorf("100 includes are followed to %d files, want %d", len(got), maxIncludes)
	}
}
