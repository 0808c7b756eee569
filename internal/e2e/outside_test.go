package e2e

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRunFromOutsideTheProject: 'hugo' in the project, then 'sitemapgen
// project/public' from the folder above. The project's configuration,
// which gives the base URL, is read from the working directory: the
// error says so, names the folder it read, and the one that holds the
// Hugo project, with the command to run there.
func TestRunFromOutsideTheProject(t *testing.T) {
	needTool(t, "hugo")
	dir := recipeDir(t)
	mustShell(t, dir, "hugo --quiet")
	above := filepath.Dir(dir)
	r := run(t, above, nil, filepath.Join("project", "public"))
	if r.code != 2 {
		t.Fatalf("exit %d, want 2\n%s", r.code, r.stderr)
	}
	for _, want := range []string{
		"sitemapgen: no base URL",
		"note: the project's configuration is read from the project folder, the working directory (" + above + "): no generator's configuration there",
		"note: project holds a Hugo project (project/hugo.toml): run sitemapgen there: cd project && sitemapgen public",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	// As the note says.
	out := mustShell(t, above, "cd project && sitemapgen public")
	wantOutput(t, out, "base URL https://example.org/ from hugo.toml baseURL")
}

// TestMistypedFolder: after 'hugo', 'sitemapgen pubilc' names the folder
// it may have meant.
func TestMistypedFolder(t *testing.T) {
	src, _ := buildHugo(t, "hugo")
	for dir, want := range map[string]string{
		"pubilc":      "pubilc: no such folder (the site to map); did you mean public?",
		"public/poss": "public/poss: no such folder (the site to map); did you mean public/posts?",
	} {
		r := run(t, src, nil, "--base-url", "https://example.com/", dir)
		if r.code != 2 || !strings.Contains(r.stderr, want) {
			t.Errorf("sitemapgen %s: exit %d, want 2 and %q:\n%s", dir, r.code, want, r.stderr)
		}
	}
}
