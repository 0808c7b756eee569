package e2e

// A source folder moved by git mv (issue 55, found by the corpus on
// federicosimonetta): real Hugo and MkDocs (./test.sh installs them).

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// movedProject writes files into a new project, commits them on
// 2024-01-01, edits edited on 2024-02-02, then moves the folder from to
// to by git mv with the configuration's change (config, its text after
// the move) on 2025-03-03, builds it with build, and returns it.
func movedProject(t *testing.T, files map[string]string, edited, from, to, config, after string, build ...string) string {
	t.Helper()
	src := t.TempDir()
	for name, text := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, src, "2024-01-01T00:00:00Z", "init", "-q")
	gitIn(t, src, "2024-01-01T00:00:00Z", "add", "-A")
	gitIn(t, src, "2024-01-01T00:00:00Z", "commit", "-q", "-m", "the site")
	if err := os.WriteFile(filepath.Join(src, filepath.FromSlash(edited)), []byte(files[edited]+"\nOne more line.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, src, "2024-02-02T00:00:00Z", "commit", "-q", "-a", "-m", "an edit")
	gitIn(t, src, "2025-03-03T00:00:00Z", "mv", from, to)
	if err := os.WriteFile(filepath.Join(src, config), []byte(after), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, src, "2025-03-03T00:00:00Z", "add", "-A")
	gitIn(t, src, "2025-03-03T00:00:00Z", "commit", "-q", "-m", "the sources moved")
	cmd := exec.Command(build[0], build[1:]...)
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", build[0], err, out)
	}
	return src
}

// TestSourceFolderMoved: a project whose source folder was moved by git
// mv, no page changed (R100), is dated as docs/lastmod.md says, the
// rename followed: each page by the last change of its text before the
// move, in MkDocs (docs_dir src → docs) and in Hugo without enableGitInfo
// (contentDir src/content → content); with enableGitInfo, Hugo dates
// every page by the move, as GitInfo does, and so does sitemapgen.
func TestSourceFolderMoved(t *testing.T) {
	const base = "https://example.com/"
	lastmods := func(t *testing.T, src, site string, args ...string) map[string]string {
		t.Helper()
		mustRun(t, src, args...)
		entries, _, err := sitemaptest.URLs(site, base)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, e := range entries {
			got[e.Loc] = e.LastMod
		}
		return got
	}
	check := func(t *testing.T, got, want map[string]string) {
		t.Helper()
		for loc, lm := range want {
			if !sameInstant(got[loc], lm) {
				t.Errorf("%s: lastmod %q, want %s (all: %v)", loc, got[loc], lm, got)
			}
		}
	}

	t.Run("mkdocs", func(t *testing.T) {
		mkdocs := testtool.Program(t, "mkdocs", "apt-get install mkdocs")
		src := movedProject(t, map[string]string{
			"mkdocs.yml":    "site_name: Tides\nsite_url: " + base + "\ndocs_dir: src\n",
			".gitignore":    "site/\n",
			"src/index.md":  "# Tides\n\nWhen the water comes and goes.\n",
			"src/neaps.md":  "# Neap tides\n\nThe smallest range, at the half moon.\n",
			"src/spring.md": "# Spring tides\n\nThe largest range, at the full and new moon.\n",
		}, "src/neaps.md", "src", "docs", "mkdocs.yml", "site_name: Tides\nsite_url: "+base+"\ndocs_dir: docs\n", mkdocs, "build", "-q")
		check(t, lastmods(t, src, filepath.Join(src, "site")), map[string]string{
			base:             "2024-01-01T00:00:00Z",
			base + "neaps/":  "2024-02-02T00:00:00Z",
			base + "spring/": "2024-01-01T00:00:00Z",
		})
	})

	for _, gitInfo := range []bool{false, true} {
		name := map[bool]string{false: "hugo", true: "hugo with GitInfo"}[gitInfo]
		t.Run(name, func(t *testing.T) {
			hugo := testtool.Program(t, "hugo", "apt-get install hugo")
			conf := "baseURL = '" + base + "'\ntitle = 'Tides'\ndisableKinds = ['taxonomy', 'term', 'RSS']\n"
			if gitInfo {
				conf += "enableGitInfo = true\n"
			}
			layout := `<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>{{ .Content }}</body></html>`
			src := movedProject(t, map[string]string{
				"hugo.toml":                    conf + "contentDir = 'src/content'\n",
				".gitignore":                   "public/\n.hugo_build.lock\n",
				"layouts/_default/single.html": layout,
				"layouts/_default/list.html":   layout,
				"layouts/index.html":           layout,
				"src/content/_index.md":        "---\ntitle: Tides\n---\nWhen the water comes and goes.\n",
				"src/content/neaps.md":         "---\ntitle: Neap tides\n---\nThe smallest range, at the half moon.\n",
				"src/content/spring.md":        "---\ntitle: Spring tides\n---\nThe largest range, at the full and new moon.\n",
			}, "src/content/neaps.md", "src/content", "content", "hugo.toml", conf, hugo, "--quiet")
			got := lastmods(t, src, filepath.Join(src, "public"))
			if gitInfo {
				check(t, got, map[string]string{base + "neaps/": "2025-03-03T00:00:00Z", base + "spring/": "2025-03-03T00:00:00Z"})
				return
			}
			check(t, got, map[string]string{base + "neaps/": "2024-02-02T00:00:00Z", base + "spring/": "2024-01-01T00:00:00Z"})
			if strings.Contains(strings.Join(mapValues(got), " "), "2025-03-03") {
				t.Errorf("a page dated by the move: %v", got)
			}
		})
	}
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
