package e2e

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// The watch promise in a joined project: after an edit, a commit, a
// deleted source and a new one, each followed by the real generator's
// build, "sitemapgen --check" finds watch's sitemaps up to date. Git
// dates the page without a date of its own; the deleted source's page,
// which the generator leaves in its output, is left out as stale.

// TestWatchGitHugo runs the steps with successive "hugo" builds.
func TestWatchGitHugo(t *testing.T) {
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	src := copyFixture(t, "hugo")
	watchGitSteps(t, src, "public", "content/posts/", "posts/", func() {
		if out, err := exec.Command(hugo, "--source", src, "--quiet").CombinedOutput(); err != nil {
			t.Fatalf("hugo: %v\n%s", err, out)
		}
	})
}

// TestWatchGitEleventy runs the steps with successive Eleventy builds.
func TestWatchGitEleventy(t *testing.T) {
	src := nodeProject(t, "eleventy", "_data", "_includes", "blog", "about.md", "index.md", "private.md",
		"contact.njk", "moved.md", "unlisted.md", "templated.md", "sitemap.njk", "eleventy.config.js", "package.json")
	eleventy := filepath.Join(src, "node_modules", ".bin", "eleventy")
	os.WriteFile(filepath.Join(src, ".gitignore"), []byte("node_modules\n"), 0o644)
	watchGitSteps(t, src, "_site", "blog/", "blog/", func() {
		cmd := exec.Command(eleventy, "--quiet")
		cmd.Dir = src
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("eleventy: %v\n%s", err, out)
		}
	})
}

// gitIn runs git in dir with a fixed identity and both dates set to date.
func gitIn(t *testing.T, dir, date string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@example.com", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@example.com",
		"GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// watchGitSteps commits the project src, builds it with build, watches
// its output folder site, and makes the four changes in the folder of
// posts (its URLs under urls), building after each and waiting until
// --check finds watch's sitemaps up to date and they say what the step
// made true.
func watchGitSteps(t *testing.T, src, site, posts, urls string, build func()) {
	t.Helper()
	needTool(t, "git")
	const base = "https://example.com/"
	undated := filepath.Join(src, filepath.FromSlash(posts), "undated.md")
	dated := filepath.Join(src, filepath.FromSlash(posts), "gone.md")
	write(t, undated, "---\ntitle: Undated\n---\nNo date of its own.\n")
	write(t, dated, "---\ntitle: Gone\ndate: 2024-02-02\n---\nTo be deleted.\n")
	gitIn(t, src, "2024-01-01T00:00:00Z", "init", "-q")
	gitIn(t, src, "2024-01-01T00:00:00Z", "add", "-A")
	gitIn(t, src, "2024-01-01T00:00:00Z", "commit", "-q", "-m", "one")
	build()
	out := t.TempDir()
	args := []string{"--base-url", base, "--out", out, site}
	p := startWatch(t, src, append([]string{"--debounce", "50ms"}, args...)...)
	undatedURL, goneURL, newURL := base+urls+"undated/", base+urls+"gone/", base+urls+"added/"

	// upToDate waits until the sitemaps say what ok accepts and a build
	// with --check finds them as it would write them; between tries, it
	// waits for watch's next line.
	upToDate := func(step string, ok func(sitemap string) bool) {
		t.Helper()
		deadline := time.After(time.Minute)
		for {
			data, _ := os.ReadFile(filepath.Join(out, "sitemap.xml"))
			if ok(string(data)) {
				r := run(t, src, nil, append([]string{"--check"}, args...)...)
				if r.code == 0 {
					return
				}
				t.Logf("%s: --check: exit %d\n%s", step, r.code, r.stderr)
			}
			select {
			case <-p.added:
			case <-deadline:
				t.Fatalf("%s: not up to date a minute later; sitemap:\n%s", step, data)
			}
		}
	}
	lastmodOf := func(sitemap, loc string) string {
		m := regexp.MustCompile(`<loc>` + regexp.QuoteMeta(loc) + `</loc>\s*(?:<lastmod>([^<]*)</lastmod>)?`).FindStringSubmatch(sitemap)
		if m == nil {
			return "not listed"
		}
		return m[1]
	}
	has := func(loc, lastmod string) func(string) bool {
		return func(s string) bool { return lastmodOf(s, loc) == lastmod }
	}
	upToDate("start", has(undatedURL, "2024-01-01T00:00:00Z"))

	write(t, undated, "---\ntitle: Undated\n---\nEdited, not committed.\n")
	build()
	upToDate("edit", has(undatedURL, ""))

	gitIn(t, src, "2024-03-03T00:00:00Z", "commit", "-q", "-a", "-m", "two")
	upToDate("commit", has(undatedURL, "2024-03-03T00:00:00Z"))

	// The pages of the last build are older than the next: an hour, as
	// if the source were deleted an hour after that build.
	earlier := time.Now().Add(-time.Hour)
	filepath.WalkDir(filepath.Join(src, site), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Chtimes(path, earlier, earlier)
		}
		return nil
	})
	os.Remove(dated)
	build()
	if _, err := os.Stat(filepath.Join(src, site, filepath.FromSlash(urls), "gone", "index.html")); err != nil {
		t.Fatalf("the generator removed the deleted source's page (%v): nothing stale to test", err)
	}
	upToDate("delete", has(goneURL, "not listed"))

	write(t, filepath.Join(src, filepath.FromSlash(posts), "added.md"), "---\ntitle: Added\ndate: 2024-04-04\n---\nNew.\n")
	build()
	upToDate("add", func(s string) bool { return strings.HasPrefix(lastmodOf(s, newURL), "2024-04-04") })
	p.stop(out)
}
