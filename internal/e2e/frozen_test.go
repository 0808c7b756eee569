package e2e

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

var updateFrozen = flag.Bool("update", false, "rewrite the golden files of TestFrozen in testdata/frozen")

// frozenTime is every input file's modification time in TestFrozen, and
// the date of the commit of its git case.
var frozenTime = time.Date(2024, 5, 1, 9, 30, 0, 0, time.UTC)

// TestFrozen builds the example sites and a generated site in several
// ways and compares every file written with testdata/frozen, byte for
// byte: the bundled example (examples/site, also as a git work tree),
// the Hugo project of examples/ (built by Hugo, with no flags; its
// sources in content mode and joined), the Jekyll sources of
// testdata/jekyll-fm in content mode, and a 3,000-page generated site with
// the writer's and the mapping's options and a sitemap.yaml. The small
// sets are kept whole; the generated site's as a digest of each file.
// Every input has a fixed modification time and lives outside this
// repository, so no date comes from the clock or this repository's
// history. Run with -update to rewrite the golden files after a change
// of output made on purpose, and review the diff.
func TestFrozen(t *testing.T) {
	const base = "https://example.com/"
	example := func(t *testing.T) string {
		return frozenCopy(t, filepath.Join("..", "..", "examples", "site"))
	}
	hugoProject := func(t *testing.T) string {
		needTool(t, "hugo")
		dir := frozenCopy(t, filepath.Join("..", "..", "examples", "hugo-site"))
		cmd := exec.Command("hugo", "--quiet")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("hugo: %v\n%s", err, out)
		}
		frozenMtimes(t, dir)
		return dir
	}
	var genSite string
	genDir := t.TempDir() // kept for every case of the generated site
	generated := func(t *testing.T) string {
		if genSite == "" {
			genSite = filepath.Join(genDir, "site")
			if err := sitemaptest.GenSite(genSite, 3000, filepath.Join(filepath.Dir(genSite), "manifest.tsv")); err != nil {
				t.Fatal(err)
			}
		}
		return genSite
	}

	for _, c := range []struct {
		name    string
		site    func(t *testing.T) string // the folder to run in, or to name as DIR
		args    []string                  // OUT is the output folder, SITE the site
		inSite  bool                      // run in SITE, with no DIR
		digests bool                      // keep digests, not the files
		stdout  bool                      // keep what it printed on standard output
		setup   func(t *testing.T, site string)
	}{
		{name: "example", site: example, args: []string{"--base-url", base, "--out", "OUT", "SITE"}},
		{name: "example-all", site: example, args: []string{"--base-url", "https://example.org/blog/", "--gzip", "--text", "--robots", "--out", "OUT", "SITE"}},
		{name: "example-dry-run", site: example, args: []string{"--base-url", base, "--dry-run", "SITE"}, stdout: true},
		{name: "example-style", site: example, args: []string{"--base-url", base, "--clean-urls", "--trailing-slash=false", "--lastmod-format", "date", "--out", "OUT", "SITE"}},
		{name: "example-git", site: example, args: []string{"--base-url", base, "--out", "OUT", "SITE"}, setup: frozenCommit},
		{name: "hugo-site", site: hugoProject, inSite: true, args: []string{"--out", "OUT"}},
		{name: "hugo-site-content", site: hugoProject, inSite: true, args: []string{"--mode", "content", "--out", "OUT"}},
		{name: "hugo-site-joined", site: hugoProject, inSite: true, args: []string{"--source", "content", "--out", "OUT", "public"}},
		{name: "jekyll-content", site: func(t *testing.T) string { return frozenCopy(t, filepath.Join("testdata", "jekyll-fm")) },
			args: []string{"--mode", "content", "--preset", "jekyll", "--base-url", "https://example.org/", "--out", "OUT", "SITE"}},
		{name: "generated", site: generated, digests: true, args: []string{"--base-url", base, "--out", "OUT", "SITE"}},
		{name: "generated-split", site: generated, digests: true, args: []string{"--base-url", base, "--gzip", "--text", "--robots", "--max-urls", "700", "--out", "OUT", "SITE"}},
		{name: "generated-style", site: generated, digests: true, args: []string{"--base-url", "https://example.org/docs", "--clean-urls", "--trailing-slash=false", "--lastmod-format", "date", "--read-heads=false", "--out", "OUT", "SITE"}},
		{name: "generated-config", site: generated, digests: true, args: []string{"--config", "CONFIG", "--out", "OUT", "SITE"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			site := c.site(t)
			if c.setup != nil {
				c.setup(t, site)
			}
			out := filepath.Join(t.TempDir(), "out")
			cfg := filepath.Join(t.TempDir(), "sitemap.yaml")
			if err := os.WriteFile(cfg, []byte(frozenConfig), 0o644); err != nil {
				t.Fatal(err)
			}
			args := slices.Clone(c.args)
			for i, a := range args {
				args[i] = strings.NewReplacer("OUT", out, "SITE", site, "CONFIG", cfg).Replace(a)
			}
			dir := ""
			if c.inSite {
				dir = site
			}
			r := mustRun(t, dir, args...)
			got := map[string][]byte{}
			if c.stdout {
				got["stdout"] = []byte(strings.ReplaceAll(r.stdout, site, "SITE"))
			} else {
				got = frozenFiles(t, out)
				if c.digests {
					got = map[string][]byte{"digests": frozenDigests(got)}
				}
			}
			golden := filepath.Join(frozenRoot, c.name)
			if *updateFrozen {
				if err := os.RemoveAll(golden); err != nil {
					t.Fatal(err)
				}
				for name, data := range got {
					if err := os.MkdirAll(filepath.Dir(filepath.Join(golden, name)), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(golden, name), data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			want := frozenFiles(t, golden)
			if len(want) == 0 {
				t.Fatalf("no golden files in %s: run with -update", golden)
			}
			for _, name := range sortedKeys(want) {
				if !bytes.Equal(got[name], want[name]) {
					t.Errorf("%s differs from %s:\n%s", name, filepath.Join(golden, name), firstDifference(want[name], got[name]))
				}
			}
			for _, name := range sortedKeys(got) {
				if _, ok := want[name]; !ok {
					t.Errorf("%s was written; the golden set has no such file", name)
				}
			}
		})
	}
}

// frozenConfig is the sitemap.yaml of the generated-config case.
const frozenConfig = `base_url: https://example.com/
exclude: ["s*/**/*.html"]
max_urls: 1000
gzip: true
lastmod:
  sources: [meta, mtime]
rules:
  - match: "**/index.html"
    changefreq: weekly
    priority: 0.8
  - match: "**"
    changefreq: monthly
skip:
  noindex: false
`

// frozenRoot is the folder of the golden files.
var frozenRoot = filepath.Join("testdata", "frozen")

// frozenCopy copies the folder src into a new temporary folder, every
// file and folder with the modification time frozenTime.
func frozenCopy(t *testing.T, src string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	frozenMtimes(t, dir)
	return dir
}

func frozenMtimes(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(path, frozenTime, frozenTime)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// frozenCommit makes dir a git work tree of one commit dated frozenTime,
// with the index.html files committed a day later, so that the git
// lastmod source has two dates to give.
func frozenCommit(t *testing.T, dir string) {
	t.Helper()
	needTool(t, "git")
	git := func(when time.Time, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		date := when.Format(time.RFC3339)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date,
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
			"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	git(frozenTime, "init", "-q", "-b", "main")
	git(frozenTime, "add", "--", ".", ":!**/index.html", ":!index.html")
	git(frozenTime, "commit", "-q", "-m", "first")
	git(frozenTime.Add(24*time.Hour), "add", "--", ".")
	git(frozenTime.Add(24*time.Hour), "commit", "-q", "-m", "second")
}

// frozenFiles reads every file under dir, by its path relative to dir;
// none when dir does not exist.
func frozenFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)], err = os.ReadFile(path)
		return err
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return files
}

// frozenDigests lists each file's name, size and SHA-256, sorted by name.
func frozenDigests(files map[string][]byte) []byte {
	var b bytes.Buffer
	for _, name := range sortedKeys(files) {
		fmt.Fprintf(&b, "%s %d %x\n", name, len(files[name]), sha256.Sum256(files[name]))
	}
	return b.Bytes()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// firstDifference shows the first line where got differs from want.
func firstDifference(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, w, g)
		}
	}
	return "(same lines)"
}
