//go:build unix

package project

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestTreeOf: the project's tree is the git work tree the project folder
// is in (.git a folder, or the file of a linked work tree), else the
// project folder.
func TestTreeOf(t *testing.T) {
	top := t.TempDir()
	for _, d := range []string{"plain/docs", "repo/.git", "repo/docs/site", "worktree/docs"} {
		if err := os.MkdirAll(filepath.Join(top, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(top, "worktree", ".git"), []byte("gitdir: ../repo/.git/worktrees/w\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(top, "repo", "docs"), filepath.Join(top, "plain", "linked")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dir, want string
		git       bool
	}{
		{dir: "plain/docs", want: "plain/docs"},
		{dir: "repo", want: "repo", git: true},
		{dir: "repo/docs/site", want: "repo", git: true},
		{dir: "worktree/docs", want: "worktree", git: true},
		{dir: "plain/linked", want: "repo", git: true}, // where the link leads
	} {
		tr, err := TreeOf(filepath.Join(top, tc.dir))
		if err != nil || tr.Top != filepath.Join(top, tc.want) || tr.Git != tc.git {
			t.Errorf("TreeOf(%s) = %+v, %v; want %s, git %v", tc.dir, tr, err, tc.want, tc.git)
		}
	}
	// As git, the search stops below a ceiling: the repository above it
	// is not the project's tree.
	t.Setenv("GIT_CEILING_DIRECTORIES", "/nonexistent"+string(filepath.ListSeparator)+filepath.Join(top, "repo"))
	if tr, err := TreeOf(filepath.Join(top, "repo", "docs", "site")); err != nil || tr.Top != filepath.Join(top, "repo", "docs", "site") || tr.Git {
		t.Errorf("TreeOf below GIT_CEILING_DIRECTORIES = %+v, %v; want the project folder itself", tr, err)
	}
}

// TestGeneratorFoldersInTree: a folder a generator's or a platform's
// configuration names, which a build walks, reads or writes, leads inside
// the project's tree once its links are followed; else Discover fails,
// naming the file and the key, with the hint to give the folder on the
// command line. A folder the user gives is the user's own.
func TestGeneratorFoldersInTree(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string // "->" starts a link's target
		ask   func(a *Ask)
		dir   string // the project folder, below the temporary folder; "project" by default
		want  string // "": discovered; else the error's start, then its hint
		hint  string
	}{
		{
			name:  "hugo publishDir out",
			files: map[string]string{"hugo.toml": "publishDir = '../outside'\n"},
			want:  "hugo.toml: publishDir ../outside (Hugo's publish folder) leads out of the project: to TOP/outside, outside TOP/project (the project folder)",
			hint:  "to use a folder outside the project, give it on the command line: sitemapgen DIR",
		},
		{
			name:  "hugo publishDir absolute",
			files: map[string]string{"hugo.toml": "publishDir = 'TOP/outside'\n"},
			want:  "hugo.toml: publishDir TOP/outside (Hugo's publish folder) leads out", hint: "sitemapgen DIR",
		},
		{
			name:  "public linked out",
			files: map[string]string{"hugo.toml": "title = 'x'\n", "public": "->../outside"},
			want:  "hugo.toml: publishDir public (Hugo's publish folder) leads out of the project: to TOP/outside", hint: "sitemapgen DIR",
		},
		{
			name:  "jekyll destination out",
			files: map[string]string{"_config.yml": "destination: ../outside\n"},
			want:  "_config.yml: destination ../outside (Jekyll's publish folder) leads out", hint: "sitemapgen DIR",
		},
		{
			name:  "netlify publish out",
			files: map[string]string{"netlify.toml": "[build]\n  publish = \"../outside\"\n"},
			want:  "netlify.toml:2: [build] publish ../outside (Netlify's publish folder) leads out", hint: "sitemapgen DIR",
		},
		{
			name:  "vercel outputDirectory out",
			files: map[string]string{"vercel.json": "{\n  \"outputDirectory\": \"../outside\"\n}\n"},
			want:  "vercel.json:2: outputDirectory ../outside (Vercel's publish folder) leads out", hint: "sitemapgen DIR",
		},
		{
			name:  "the site folder given",
			files: map[string]string{"hugo.toml": "publishDir = '../outside'\n"},
			ask:   func(a *Ask) { a.Root = "../outside" },
		},
		{
			name:  "content mode: contentDir out",
			files: map[string]string{"hugo.toml": "contentDir = '../outside'\n"},
			ask:   func(a *Ask) { a.Content, a.Out = true, "public" },
			want:  "hugo.toml: contentDir ../outside (Hugo's source folder) leads out", hint: "sitemapgen DIR",
		},
		{
			name:  "content mode: publishDir out",
			files: map[string]string{"hugo.toml": "publishDir = '../outside'\n", "content/a.md": "# a\n"},
			ask:   func(a *Ask) { a.Content, a.Root = true, "content" },
			want:  "hugo.toml: publishDir ../outside (Hugo's publish folder) leads out", hint: "--out DIR",
		},
		{
			name:  "content mode: --out given",
			files: map[string]string{"hugo.toml": "publishDir = '../elsewhere'\n", "content/a.md": "# a\n"},
			ask:   func(a *Ask) { a.Content, a.Root, a.Out = true, "content", "../outside" },
		},
		{
			name:  "join: contentDir out",
			files: map[string]string{"hugo.toml": "contentDir = '../outside'\n", "public/index.html": "<title>x</title>"},
			ask:   func(a *Ask) { a.Root = "public" },
			want:  "hugo.toml: contentDir ../outside (Hugo's source folder) leads out", hint: "--source DIR",
		},
		{
			name:  "join: content linked out",
			files: map[string]string{"mkdocs.yml": "site_name: x\n", "docs": "->../outside", "site/index.html": "<title>x</title>"},
			ask:   func(a *Ask) { a.Root = "site" },
			want:  "mkdocs.yml: docs_dir docs (MkDocs' source folder) leads out of the project: to TOP/outside", hint: "--source DIR",
		},
		{
			name:  "join: --source given",
			files: map[string]string{"hugo.toml": "contentDir = '../outside'\n", "public/index.html": "<title>x</title>"},
			ask:   func(a *Ask) { a.Root, a.Source, a.SourceGiven = "public", "../outside", true },
		},
		{
			name: "join: a language's contentDir out",
			files: map[string]string{"hugo.toml": "[languages.en]\n[languages.fr]\ncontentDir = '../outside'\n",
				"content/a.md": "# a\n", "public/index.html": "<title>x</title>"},
			ask:  func(a *Ask) { a.Root = "public" },
			want: "hugo.toml: languages.fr.contentDir ../outside (Hugo's source folder of fr) leads out", hint: "--source DIR",
		},
		{
			name: "join: eleventy's input folder out",
			files: map[string]string{"eleventy.config.mjs": "export const config = { dir: { input: \"../outside\", output: \"_site\" } };\n",
				"_site/index.html": "<title>x</title>"},
			ask:  func(a *Ask) { a.Root = "_site" },
			want: "eleventy.config.mjs: dir.input ../outside (Eleventy's source folder) leads out", hint: "--source DIR",
		},
		{
			name:  "monorepo: into ../public",
			dir:   "repo/docs",
			files: map[string]string{"../.git/HEAD": "ref: refs/heads/main\n", "hugo.toml": "publishDir = '../public'\ncontentDir = '../content'\n", "../public/index.html": "<title>x</title>", "../content/a.md": "# a\n"},
		},
		{
			name:  "monorepo: out of the repository",
			dir:   "repo/docs",
			files: map[string]string{"../.git/HEAD": "ref: refs/heads/main\n", "hugo.toml": "publishDir = '../../outside'\n"},
			want:  "hugo.toml: publishDir ../../outside (Hugo's publish folder) leads out of the project: to TOP/outside, outside TOP/repo (the git work tree the project is in)", hint: "sitemapgen DIR",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			top := t.TempDir()
			dir := filepath.Join(top, cmpOr(tc.dir, "project"))
			for _, d := range []string{dir, filepath.Join(top, "outside")} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for name, body := range tc.files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				var err error
				if target, ok := strings.CutPrefix(body, "->"); ok {
					err = os.Symlink(target, p)
				} else {
					err = os.WriteFile(p, []byte(strings.ReplaceAll(body, "TOP", top)), 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			a := Ask{SettingsFile: "sitemap.yaml", NoRoot: errors.New("no root"), NoBaseURL: errors.New("no base URL"),
				BaseURL: Above, GivenBaseURL: "https://example.com/", Host: "auto", Limits: limits.Default}
			if tc.ask != nil {
				tc.ask(&a)
			}
			_, err := Discover(a, func(string) string { return "" })
			want := strings.ReplaceAll(tc.want, "TOP", top)
			switch {
			case want == "" && err != nil:
				t.Fatalf("Discover: %v", err)
			case want == "":
			case err == nil:
				t.Fatalf("Discover: no error, want %s", want)
			case !errors.Is(err, fsx.ErrNotWithin):
				t.Errorf("%v is not fsx.ErrNotWithin", err)
			case !strings.HasPrefix(err.Error(), want):
				t.Errorf("got  %v\nwant %s…", err, want)
			case !strings.Contains(err.Error(), "\nhint: ") || !strings.Contains(err.Error(), tc.hint):
				t.Errorf("no hint %q in\n%v", tc.hint, err)
			}
		})
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// TestRecordFolderLinkOut: a Next.js server build keeps the record of
// public/'s sitemaps in .next/cache/sitemapgen; when a link there leads
// out of the project, the record is looked for in public/ itself, and
// nothing outside is read.
func TestRecordFolderLinkOut(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"package.json":               `{"dependencies": {"next": "16.0.0"}}`,
		"next.config.mjs":            "export default {};\n",
		".next/server/app/x.html":    "<title>x</title>",
		".next/routes-manifest.json": "{}",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	public := filepath.Join(dir, "public")
	if err := os.MkdirAll(public, 0o755); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, ".next", "cache", "sitemapgen")
	if got := RecordFolder(public, limits.Default); got != want {
		t.Fatalf("RecordFolder(public) = %s, want %s", got, want)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".next"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(t.TempDir(), filepath.Join(dir, ".next", "cache")); err != nil {
		t.Fatal(err)
	}
	if got := RecordFolder(public, limits.Default); got != public {
		t.Errorf("with .next/cache a link out of the project, RecordFolder(public) = %s, want public itself", got)
	}
}
