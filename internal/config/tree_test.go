//go:build unix

package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// TestSettingsPathsInTree: a path the settings file gives (every key
// declared Path) leads inside the project's tree once its links are
// followed, whoever named the file (--config too: a CI workflow may name
// one a pull request wrote); else the error is at its line, with the
// hint to give it on the command line. A path a flag gives is the
// user's own.
func TestSettingsPathsInTree(t *testing.T) {
	top := t.TempDir()
	project := filepath.Join(top, "project")
	outside := filepath.Join(top, "outside")
	for _, d := range []string{filepath.Join(project, "public"), filepath.Join(project, "content"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(top, "victim"), []byte("not sitemapgen's\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{"linkout": outside, "linkin": "public"} {
		if err := os.Symlink(target, filepath.Join(project, name)); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(project)
	// Every path key of the table is one of these.
	for _, s := range Settings {
		if s.Path && !strings.Contains("root out state source changes extra_urls", s.Key) {
			t.Errorf("path key %s is not tested", s.Key)
		}
	}
	const base = "base_url: https://example.com/\n"
	for _, tc := range []struct {
		name, file string
		args       []string
		want       string // "": resolves; else the error's start, then its hint
		hint       string
	}{
		{name: "inside", file: base + "root: public\nout: linkin/x\nstate: .sitemapgen/s.json\nchanges: changes.txt\nsource: content\nextra_urls: [urls.txt, linkin/p.csv]\n"},
		{name: "extra_urls out", file: base + "root: public\nextra_urls:\n  - urls.txt\n  - ../victim\n", want: "sitemap.yaml:5: extra_urls: ../victim leads out of the project: to " + filepath.Join(top, "victim"), hint: "a file outside the project, give it on the command line: --extra-urls FILE"},
		{name: "extra_urls linked out", file: base + "root: public\nextra_urls: [linkout/urls.txt]\n", want: "sitemap.yaml:3: extra_urls: linkout/urls.txt leads out", hint: "--extra-urls FILE"},
		{name: "absolute inside", file: base + "root: " + filepath.Join(project, "public") + "\n"},
		{name: "not there yet", file: base + "root: public\nout: new/deeper\nchanges: new/changes.txt\n"},
		{name: "source none", file: base + "root: public\nsource: none\n"},
		{name: "changes out", file: base + "root: public\nchanges: ../victim\n", want: "sitemap.yaml:3: changes: ../victim leads out of the project: to " + filepath.Join(top, "victim"), hint: "a file outside the project, give it on the command line: --changes FILE"},
		{name: "state out", file: base + "root: public\nstate: ../new.json\n", want: "sitemap.yaml:3: state: ../new.json leads out", hint: "--state FILE"},
		{name: "out out", file: base + "root: public\nout: ../outside\n", want: "sitemap.yaml:3: out: ../outside leads out", hint: "a folder outside the project, give it on the command line: --out DIR"},
		{name: "out absolute", file: base + "root: public\nout: " + outside + "\n", want: "sitemap.yaml:3: out: " + outside + " leads out", hint: "--out DIR"},
		{name: "root linked out", file: base + "root: linkout\n", want: "sitemap.yaml:2: root: linkout leads out of the project: to " + outside + ", outside " + project + " (the project folder)", hint: "sitemapgen DIR"},
		{name: "source out", file: base + "root: public\nsource: linkout/content\n", want: "sitemap.yaml:3: source: linkout/content leads out", hint: "--source DIR"},
		{name: "flags are the user's", file: base + "root: public\n", args: []string{"--out", "../outside", "--changes", "../victim", "--state", "../new.json", "--extra-urls", "../victim"}},
		{name: "a flag over the file's extra_urls", file: base + "root: public\nextra_urls: [../victim]\n", args: []string{"--extra-urls", "../victim"}},
		{name: "flags win", file: base + "root: public\nout: public\n", args: []string{"--out", outside}},
		{name: "flags over the file's", file: base + "root: ../outside\nout: ../outside\nchanges: ../victim\n", args: []string{"--out", "public", "--changes", "c.txt", "public"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, named := range []bool{false, true} {
				path := DefaultFile
				if named {
					// Named with --config: its paths are relative to its folder.
					path = filepath.Join(project, DefaultFile)
				}
				if err := os.WriteFile(filepath.Join(project, DefaultFile), []byte(tc.file), 0o644); err != nil {
					t.Fatal(err)
				}
				args := tc.args
				if named {
					args = append([]string{"--config", path}, args...)
				}
				_, err := Resolve(cmdline(t, args...), func(string) string { return "" })
				switch {
				case tc.want == "" && err != nil:
					t.Fatalf("--config %v: %v", named, err)
				case tc.want == "":
				case err == nil:
					t.Fatalf("--config %v: resolved, want %s", named, tc.want)
				case !errors.Is(err, fsx.ErrNotWithin):
					t.Errorf("--config %v: %v is not fsx.ErrNotWithin", named, err)
				case !strings.HasPrefix(err.Error(), path+strings.TrimPrefix(tc.want, DefaultFile)):
					t.Errorf("--config %v:\ngot  %v\nwant %s…", named, err, tc.want)
				case !strings.Contains(err.Error(), "\nhint: to use ") || !strings.Contains(err.Error(), tc.hint):
					t.Errorf("--config %v: no hint %q in\n%v", named, tc.hint, err)
				}
			}
		})
	}
}

// TestSettingsAbsolutePathCleaned: an absolute path of the settings file
// that climbs out of a link with ".." is used as it was judged: cleaned,
// inside the project, not where the kernel would take the raw path (the
// folder above the link's target, outside).
func TestSettingsAbsolutePathCleaned(t *testing.T) {
	top := t.TempDir()
	project := filepath.Join(top, "project")
	deep := filepath.Join(top, "outside", "a", "b")
	for _, d := range []string{filepath.Join(project, "public"), deep} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(deep, filepath.Join(project, "lnk")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(project)
	raw := filepath.Join(project, "lnk") + "/../x"
	file := "base_url: https://example.com/\nroot: public\nout: " + raw + "\n"
	if err := os.WriteFile(DefaultFile, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Resolve(cmdline(t), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.Build.Write.Dir, filepath.Join(project, "x"); got != want {
		t.Errorf("out: %s; want %s (the path judged inside the project)", got, want)
	}
}

// TestSettingsPathsInWorkTree: in a git work tree, the project's tree is
// the work tree: a monorepo's docs/sitemap.yaml may write into
// ../public, not out of the repository.
func TestSettingsPathsInWorkTree(t *testing.T) {
	top := t.TempDir()
	repo := filepath.Join(top, "repo")
	docs := filepath.Join(repo, "docs")
	for _, d := range []string{filepath.Join(repo, ".git"), filepath.Join(docs, "site"), filepath.Join(top, "outside")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(docs)
	for file, want := range map[string]string{
		"base_url: https://example.com/\nroot: site\nout: ../public\nchanges: ../changes.txt\n": "",
		"base_url: https://example.com/\nroot: site\nout: ../../outside\n":                      "sitemap.yaml:3: out: ../../outside leads out of the project: to " + filepath.Join(top, "outside") + ", outside " + repo + " (the git work tree the project is in)",
		// The git folder is the repository's: not written into.
		"base_url: https://example.com/\nroot: site\nchanges: ../.git/HEAD\n": "sitemap.yaml:3: changes: ../.git/HEAD leads into the git folder " + filepath.Join(repo, ".git"),
		"base_url: https://example.com/\nroot: site\nout: ../.git\n":          "sitemap.yaml:3: out: ../.git leads into the git folder",
		"base_url: https://example.com/\nroot: site\nstate: ../.git/x.json\n": "sitemap.yaml:3: state: ../.git/x.json leads into the git folder",
	} {
		if err := os.WriteFile(DefaultFile, []byte(file), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Resolve(cmdline(t), func(string) string { return "" })
		switch {
		case want == "" && err != nil:
			t.Errorf("%q: %v", file, err)
		case want == "" && c.Build.Write.Dir != filepath.Join("..", "public"):
			t.Errorf("%q: out %s", file, c.Build.Write.Dir)
		case want != "" && (err == nil || !strings.HasPrefix(err.Error(), want)):
			t.Errorf("%q:\ngot  %v\nwant %s", file, err, want)
		}
	}
}

// TestSettingsFilesPlaced: a file a settings file names (state:,
// changes:) is read and written only inside the project's tree: the
// build is given the tree, as seen from the working directory, and the
// path inside it; a path a flag gives is the user's, followed.
func TestSettingsFilesPlaced(t *testing.T) {
	top := t.TempDir()
	docs := filepath.Join(top, "repo", "docs")
	for _, d := range []string{filepath.Join(top, "repo", ".git"), filepath.Join(docs, "site")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("site", filepath.Join(docs, "linked")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(docs)
	none := func(string) string { return "" }
	for _, tc := range []struct {
		file                string
		args                []string
		changesDir, changes string
		stateDir, state     string
	}{
		{file: "changes: c.txt\nstate: s.json\n", changesDir: "..", changes: "docs/c.txt", stateDir: "..", state: "docs/s.json"},
		{file: "changes: ../c.txt\nstate: ../.sitemapgen/s.json\n", changesDir: "..", changes: "c.txt", stateDir: "..", state: ".sitemapgen/s.json"},
		// The folders on the way where their links lead; the name kept.
		{file: "changes: linked/c.txt\n", changesDir: "..", changes: "docs/site/c.txt"},
		{file: "changes: c.txt\nstate: s.json\n", args: []string{"--changes", "../../x.txt", "--state", "../../s.json"}, changes: "../../x.txt", state: "../../s.json"},
	} {
		if err := os.WriteFile(DefaultFile, []byte("base_url: https://example.com/\nroot: site\n"+tc.file), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Resolve(cmdline(t, tc.args...), none)
		if err != nil {
			t.Fatalf("%q: %v", tc.file, err)
		}
		if c.ChangesDir != tc.changesDir || c.Changes != tc.changes {
			t.Errorf("%q %q: changes %q in %q, want %q in %q", tc.file, tc.args, c.Changes, c.ChangesDir, tc.changes, tc.changesDir)
		}
		if tc.state != "" && (c.Build.Hash == nil || c.Build.Hash.Dir != tc.stateDir || c.Build.Hash.State != tc.state) {
			t.Errorf("%q %q: state %+v, want %q in %q", tc.file, tc.args, c.Build.Hash, tc.state, tc.stateDir)
		}
	}
}
