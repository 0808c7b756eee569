package pipeline

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/hugo"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// gitRun runs git in dir with a fixed identity and the commit date date.
func gitRun(t *testing.T, dir, date string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@example.com", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@example.com",
		"GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// lastmods runs a build and returns each URL's lastmod and where it came
// from, and the warnings.
func lastmods(t *testing.T, opts Options) (map[string]string, []string) {
	t.Helper()
	got := map[string]string{}
	var warnings []string
	opts.Report.Page = func(path string, d *mapping.Decision) {
		if d.Skip == "" {
			got[d.URL.Loc] = d.URL.LastMod.Format(time.RFC3339) + " " + d.LastModFrom
		}
	}
	opts.Report.Warn = func(path string, err error) { warnings = append(warnings, err.Error()) }
	opts.Report.Note = func(path, note string) { warnings = append(warnings, "note: "+note) }
	if _, err := Run(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	return got, warnings
}

func TestGitLastMod(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	site := filepath.Join(repo, "site")
	write := func(rel, body string) {
		p := filepath.Join(site, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitRun(t, repo, "2024-01-01T00:00:00Z", "init", "-q")
	write("index.html", "<title>home</title>")
	write("a.html", "<title>a</title>")
	gitRun(t, repo, "2024-02-03T10:00:00+02:00", "add", ".")
	gitRun(t, repo, "2024-02-03T10:00:00+02:00", "commit", "-q", "-m", "one")
	write("a.html", "<title>a, again</title>")
	write("b.html", "<title>b</title>")
	gitRun(t, repo, "2024-03-04T05:06:07Z", "add", ".")
	gitRun(t, repo, "2024-03-04T05:06:07Z", "commit", "-q", "-m", "two")
	write("b.html", "<title>b, not committed</title>")
	write("c.html", "<title>c, not tracked</title>")
	mtime := time.Date(2025, 6, 7, 0, 0, 0, 0, time.UTC) // after the commits, before the build: no date in the future is a lastmod
	for _, p := range []string{"b.html", "c.html"} {
		os.Chtimes(filepath.Join(site, p), mtime, mtime)
	}
	opts := Options{
		Root: site, Heads: Heads{Read: true},
		Map:   mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModGit, mapping.LastModMTime}},
		Write: writer.Options{Dir: t.TempDir()},
	}
	got, warnings := lastmods(t, opts)
	want := map[string]string{
		"https://example.com/":       "2024-02-03T08:00:00Z git",
		"https://example.com/a.html": "2024-03-04T05:06:07Z git",
		"https://example.com/b.html": "2025-06-07T00:00:00Z mtime", // changed since its commit
		"https://example.com/c.html": "2025-06-07T00:00:00Z mtime", // not tracked
	}
	for loc, w := range want {
		if got[loc] != w {
			t.Errorf("%s: %q, want %q", loc, got[loc], w)
		}
	}
	if len(warnings) != 0 {
		t.Errorf("warnings: %q", warnings)
	}

	// With a cache folder: the same dates, the history read once, which
	// --verbose notes.
	cached := opts
	cached.CacheDir = t.TempDir()
	for _, note := range []string{"note: git history read whole: 2 commits, cached", "note: git history taken from the cache"} {
		got, warnings := lastmods(t, cached)
		if !maps.Equal(got, want) || !slices.Equal(warnings, []string{note}) {
			t.Errorf("with a cache: %q, warnings %q; want %q, %q", got, warnings, want, note)
		}
	}

	// Without git on PATH the source is skipped, which --verbose notes.
	t.Setenv("PATH", t.TempDir())
	got, warnings = lastmods(t, opts)
	if got["https://example.com/a.html"] == want["https://example.com/a.html"] || len(warnings) != 1 || !strings.HasPrefix(warnings[0], "note: lastmod source git skipped: git not found") {
		t.Errorf("without git: %q, warnings %q", got, warnings)
	}
}

// hugoRepo makes a git repository of a Hugo project with files (paths
// relative to it, with /), committed at date but for public/, which git
// ignores. It returns its content/ and public/ folders and its preset.
func hugoRepo(t *testing.T, date string, files map[string]string) (content, public string, h *hugo.Preset) {
	t.Helper()
	repo := t.TempDir()
	for p, body := range files {
		p = filepath.Join(repo, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(body), 0o644)
	}
	os.WriteFile(filepath.Join(repo, ".gitignore"), []byte("public/\n"), 0o644)
	gitRun(t, repo, "2024-01-01T00:00:00Z", "init", "-q")
	gitRun(t, repo, date, "add", ".")
	gitRun(t, repo, date, "commit", "-q", "-m", "content")
	h, err := hugo.Load(repo, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(repo, "content"), filepath.Join(repo, "public"), h
}

// TestGitLastModSources: in content mode and in a join, git dates the
// source file, not the built one.
func TestGitLastModSources(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	content, public, hugo := hugoRepo(t, "2024-05-06T07:08:09Z", map[string]string{
		"content/posts/a.md":        "---\ntitle: a\n---\n",
		"public/posts/a/index.html": "<title>a</title>",
		"public/index.html":         "<title>home</title>",
	})
	src := []mapping.LastModSource{mapping.LastModFrontMatter, mapping.LastModGit, mapping.LastModMTime}
	join := Options{
		Root: public, Heads: Heads{Read: true}, Write: writer.Options{Dir: t.TempDir()},
		Map:  mapping.Options{BaseURL: "https://example.com/", LastMod: src},
		Join: &Sources{Dir: content, Preset: hugo},
	}
	got, _ := lastmods(t, join)
	if w := "2024-05-06T07:08:09Z git"; got["https://example.com/posts/a/"] != w {
		t.Errorf("join: %q, want %q", got["https://example.com/posts/a/"], w)
	}
	if strings.HasSuffix(got["https://example.com/"], " git") {
		t.Errorf("join: the home page has no tracked file or source, yet %q", got["https://example.com/"])
	}
	cont := Options{
		Write:   writer.Options{Dir: t.TempDir()},
		Map:     mapping.Options{BaseURL: "https://example.com/", LastMod: src},
		Content: &Sources{Dir: content, Preset: hugo},
	}
	got, _ = lastmods(t, cont)
	if w := "2024-05-06T07:08:09Z git"; got["https://example.com/posts/a/"] != w {
		t.Errorf("content mode: %q, want %q", got["https://example.com/posts/a/"], w)
	}
}

// TestGitShallow: in a shallow clone, files whose history the clone cut
// get no git date, and a warning says how to fetch the rest; nor a date
// from their modification time, the checkout's. A file edited since, or
// not tracked, keeps its modification time.
func TestGitShallow(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	gitRun(t, repo, "2024-01-01T00:00:00Z", "init", "-q")
	for i, name := range []string{"old.html", "mid.html", "new.html"} {
		os.WriteFile(filepath.Join(repo, name), []byte("<title>"+name+"</title>"), 0o644)
		date := time.Date(2024, 1, 1+i, 0, 0, 0, 0, time.UTC).Format(time.RFC3339)
		gitRun(t, repo, date, "add", name)
		gitRun(t, repo, date, "commit", "-q", "-m", name)
	}
	clone := filepath.Join(t.TempDir(), "clone")
	gitRun(t, repo, "2024-01-01T00:00:00Z", "clone", "-q", "--depth", "1", "file://"+repo, clone)
	edited := time.Date(2025, 6, 7, 8, 9, 10, 0, time.UTC)
	os.WriteFile(filepath.Join(clone, "mid.html"), []byte("<title>mid, edited</title>"), 0o644)
	os.WriteFile(filepath.Join(clone, "added.html"), []byte("<title>added</title>"), 0o644)
	for _, name := range []string{"mid.html", "added.html"} {
		os.Chtimes(filepath.Join(clone, name), edited, edited)
	}
	got, warnings := lastmods(t, Options{
		Root: clone, Heads: Heads{Read: true}, Write: writer.Options{Dir: t.TempDir()},
		Map: mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModGit, mapping.LastModMTime}},
	})
	want := map[string]string{
		"old.html":   "0001-01-01T00:00:00Z ", // none
		"new.html":   "0001-01-01T00:00:00Z ",
		"mid.html":   "2025-06-07T08:09:10Z mtime",
		"added.html": "2025-06-07T08:09:10Z mtime",
	}
	for name, w := range want {
		if lm := got["https://example.com/"+name]; lm != w {
			t.Errorf("%s: lastmod %q, want %q", name, lm, w)
		}
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "fetch-depth: 0") || !strings.Contains(warnings[0], "--unshallow") {
		t.Errorf("warnings %q, want the shallow clone's", warnings)
	}
}

// TestSessionGit: watch mode dates the pages as a build would after an
// edit (uncommitted: no git date), a commit (the commit's date), a commit
// of another file, a reset and git rm --cached, each reported as the
// watcher reports it: the edited source, or the repository's HEAD, branch
// and index files (gitdates.Watched).
func TestSessionGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	pc.write("index.html", "<title>home</title>"+linksTo("/posts/a/ /posts/b/"), day)
	pc.write("posts/a/index.html", "<title>a</title>", day)
	pc.write("posts/b/index.html", "<title>b</title>", day)
	cc.write("_index.md", "---\ntitle: home\n---\n", day)
	cc.write("posts/a.md", "---\ntitle: a\n---\nA.\n", day)
	cc.write("posts/b.md", "---\ntitle: b\n---\nB.\n", day)
	os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("/public/\n"), 0o644)
	gitRun(t, dir, "2024-01-01T00:00:00Z", "init", "-q")
	commit := func(date string) {
		gitRun(t, dir, date, "add", "-A")
		gitRun(t, dir, date, "commit", "-q", "-m", date)
	}
	commit("2024-01-01T00:00:00Z")
	hugo, err := loadHugo(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Root: public, Heads: Heads{Read: true},
		Map:  mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModFrontMatter, mapping.LastModGit}},
		Join: &Sources{Dir: content, Preset: hugo},
	}
	repo := GitWatched(context.Background(), opts)
	if len(repo) < 4 {
		t.Fatalf("GitWatched = %q, want HEAD, index, logs/HEAD, the branch", repo)
	}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	sameAsRun(t, "start", opts, public)
	a, b := filepath.Join(content, "posts/a.md"), filepath.Join(content, "posts/b.md")
	runSteps(t, s, opts, public, []sessionStep{
		{"edit, uncommitted", func() []string {
			cc.write("posts/a.md", "---\ntitle: a\n---\nA, again.\n", day)
			return []string{a}
		}, writer.URLChanges{Changed: 1}},
		{"commit", func() []string {
			commit("2024-02-02T00:00:00Z")
			return repo
		}, writer.URLChanges{Changed: 2}}, // a, and the home page that lists it
		{"commit of another file", func() []string {
			cc.write("posts/b.md", "---\ntitle: b\n---\nB, again.\n", day)
			commit("2024-03-03T00:00:00Z")
			return append([]string{b}, repo...)
		}, writer.URLChanges{Changed: 2}}, // b and the home page
		{"reset", func() []string {
			gitRun(t, dir, "", "reset", "-q", "--hard", "HEAD~2")
			return append([]string{a, b}, repo...)
		}, writer.URLChanges{Changed: 3}}, // a, b and the home page
		{"git rm --cached", func() []string {
			gitRun(t, dir, "", "rm", "-q", "--cached", "content/posts/b.md")
			return repo
		}, writer.URLChanges{Changed: 1}},
	})
}

// TestGitLastModUnreadableObject: a page renamed with a change, whose old
// blob is gone from the repository (a damaged or partial clone): git log
// cannot follow the rename, and the run reads the history without it.
// Every page keeps its git date, and one warning names the object and
// what it costs.
func TestGitLastModUnreadableObject(t *testing.T) {
	repo := t.TempDir()
	write := func(rel, body string) {
		if err := os.WriteFile(filepath.Join(repo, rel), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := strings.Repeat("<p>the same paragraph</p>\n", 20)
	gitRun(t, repo, "2024-01-01T00:00:00Z", "init", "-q")
	write("old.html", "<title>old</title>"+long)
	write("index.html", "<title>home</title>")
	gitRun(t, repo, "2024-01-01T00:00:00Z", "add", ".")
	gitRun(t, repo, "2024-01-01T00:00:00Z", "commit", "-q", "-m", "one")
	gitRun(t, repo, "2024-02-02T00:00:00Z", "mv", "old.html", "new.html")
	write("new.html", "<title>new</title>"+long)
	gitRun(t, repo, "2024-02-02T00:00:00Z", "commit", "-q", "-a", "-m", "two")
	out, err := exec.Command("git", "-C", repo, "rev-parse", "HEAD~1:old.html").Output()
	if err != nil {
		t.Fatal(err)
	}
	blob := strings.TrimSpace(string(out))
	if err := os.Remove(filepath.Join(repo, ".git", "objects", blob[:2], blob[2:])); err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Root: repo, Heads: Heads{Read: true},
		Map:   mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModGit}},
		Write: writer.Options{Dir: t.TempDir()},
	}
	got, warnings := lastmods(t, opts)
	for loc, w := range map[string]string{
		"https://example.com/":         "2024-01-01T00:00:00Z git",
		"https://example.com/new.html": "2024-02-02T00:00:00Z git",
	} {
		if got[loc] != w {
			t.Errorf("%s: %q, want %q", loc, got[loc], w)
		}
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "git cannot read object "+blob) || !strings.Contains(warnings[0], "without following renames") {
		t.Errorf("warnings: %q, want one naming %s", warnings, blob)
	}
}

// TestGitHugoAuthorDate: Hugo's :git is the author date of the source's
// last commit (GitInfo's AuthorDate), in content mode as in a join: a
// source authored on 2020-01-02 and committed on 2023-06-07 is dated
// 2020-01-02 either way, whether the order is the project's (as
// package project sets it) or the preset's own.
func TestGitHugoAuthorDate(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	content, public := filepath.Join(repo, "content"), filepath.Join(repo, "public")
	for p, body := range map[string]string{
		filepath.Join(repo, "hugo.toml"):                  "enableGitInfo = true\n",
		filepath.Join(content, "posts", "a.md"):           "---\ntitle: a\n---\n",
		filepath.Join(public, "posts", "a", "index.html"): "<title>a</title>",
	} {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(body), 0o644)
	}
	os.WriteFile(filepath.Join(repo, ".gitignore"), []byte("public/\n"), 0o644)
	gitRun(t, repo, "2020-01-02T00:00:00Z", "init", "-q")
	gitRun(t, repo, "2020-01-02T00:00:00Z", "add", ".")
	cmd := exec.Command("git", "commit", "-q", "-m", "content")
	cmd.Dir = repo
	cmd.Env = append(os.Environ(),
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@example.com", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@example.com",
		"GIT_AUTHOR_DATE=2020-01-02T10:00:00Z", "GIT_COMMITTER_DATE=2023-06-07T10:00:00Z")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git commit: %v\n%s", err, out)
	}
	hugo, err := hugo.Load(repo, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	src := []mapping.LastModSource{mapping.LastModFrontMatter, mapping.LastModGit}
	const url, want = "https://example.com/posts/a/", "2020-01-02T10:00:00Z"
	for _, order := range []*generator.DateOrder{nil, hugo.LastModOrder()} {
		join := Options{
			Root: public, Heads: Heads{Read: true}, Write: writer.Options{Dir: t.TempDir()},
			Map:  mapping.Options{BaseURL: "https://example.com/", LastMod: src},
			Join: &Sources{Dir: content, Preset: hugo, Order: order},
		}
		got, _ := lastmods(t, join)
		if !strings.HasPrefix(got[url], want) {
			t.Errorf("join (order %v): %q, want the author date %s", order != nil, got[url], want)
		}
		cont := Options{
			Write:   writer.Options{Dir: t.TempDir()},
			Map:     mapping.Options{BaseURL: "https://example.com/", LastMod: src},
			Content: &Sources{Dir: content, Preset: hugo, Order: order},
		}
		got, _ = lastmods(t, cont)
		if !strings.HasPrefix(got[url], want) {
			t.Errorf("content mode (order %v): %q, want the author date %s", order != nil, got[url], want)
		}
	}
}

// TestLintTrustsSourceHistory: 16 of 30 posts landed in one commit (a
// translation, an import) and the others on days of their own. Joined to
// their sources, their git dates are each page's own history: no lint of
// build times. The same dates from the git history of the built pages,
// which a build may commit whole, are linted.
func TestLintTrustsSourceHistory(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	content, public := filepath.Join(repo, "content"), filepath.Join(repo, "public")
	gitRun(t, repo, "2024-01-01T00:00:00Z", "init", "-q")
	for i := range 30 {
		for p, body := range map[string]string{
			filepath.Join(content, "posts", fmt.Sprintf("p%02d.md", i)):           "---\ntitle: p\n---\n",
			filepath.Join(public, "posts", fmt.Sprintf("p%02d", i), "index.html"): "<title>p</title>",
		} {
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if i < 14 {
			date := time.Date(2024, 1, 2+i, 0, 0, 0, 0, time.UTC).Format(time.RFC3339)
			gitRun(t, repo, date, "add", ".")
			gitRun(t, repo, date, "commit", "-q", "-m", "post")
		}
	}
	gitRun(t, repo, "2024-03-23T12:00:00Z", "add", ".")
	gitRun(t, repo, "2024-03-23T12:00:00Z", "commit", "-q", "-m", "sixteen at once")
	hugo, err := hugo.Load(repo, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	src := []mapping.LastModSource{mapping.LastModGit}
	linted := func(opts Options) []string {
		t.Helper()
		got, warnings := lastmods(t, opts)
		if d := got["https://example.com/posts/p20/"]; d != "2024-03-23T12:00:00Z git" {
			t.Fatalf("p20: %q, want the commit of the sixteen", d)
		}
		var lint []string
		for _, w := range warnings {
			if strings.Contains(w, "look like build times") {
				lint = append(lint, w)
			}
		}
		return lint
	}
	join := Options{
		Root: public, Write: writer.Options{Dir: t.TempDir()},
		Map:  mapping.Options{BaseURL: "https://example.com/", LastMod: src},
		Join: &Sources{Dir: content, Preset: hugo},
	}
	if lint := linted(join); len(lint) != 0 {
		t.Errorf("joined: the sources' own commits called build times: %q", lint)
	}
	out := join
	out.Join = nil
	if lint := linted(out); len(lint) != 1 || !strings.Contains(lint[0], "16 of 30 URLs") {
		t.Errorf("the built pages' history: want one lint of 16 of 30 URLs, got %q", lint)
	}
	// Joined to sources in a folder that holds the built pages too, none
	// of them a page of a source there (a site whose output is committed
	// beside its sources): their dates are the built files' history, and
	// linted.
	empty := join
	empty.Join = &Sources{Dir: filepath.Join(repo, "public"), Preset: hugo}
	if lint := linted(empty); len(lint) != 1 || !strings.Contains(lint[0], "16 of 30 URLs") {
		t.Errorf("joined, no page to its source: want one lint of 16 of 30 URLs, got %q", lint)
	}
}

// TestGitJoinReportsInOrder: a join reads the git history while it reads
// the sources (startGit), and holds what the build tells meanwhile: the
// shallow clone's warning still comes first, then the hash state's that
// newBuilder tells after the history, then the sources' problems, and
// every page keeps its git date.
func TestGitJoinReportsInOrder(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	for p, body := range map[string]string{
		"hugo.toml":                  "enableGitInfo = true\n",
		".gitignore":                 "public/\n",
		"content/posts/a.md":         "---\ntitle: a\n---\n",
		"content/posts/b.md":         "---\ntitle: [b\n---\n",
		"public/posts/a/index.html":  "<title>a</title>",
		"public/posts/b/index.html":  "<title>b</title>",
		"public/.sitemapgen-hash.db": "not a state file",
	} {
		p = filepath.Join(repo, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(body), 0o644)
	}
	gitRun(t, repo, "2024-01-01T00:00:00Z", "init", "-q")
	gitRun(t, repo, "2024-01-01T00:00:00Z", "add", ".")
	gitRun(t, repo, "2024-01-01T00:00:00Z", "commit", "-q", "-m", "first")
	for i, date := range []string{"2024-02-03T00:00:00Z", "2024-03-04T00:00:00Z"} {
		os.WriteFile(filepath.Join(repo, "content", "posts", "a.md"), fmt.Appendf(nil, "---\ntitle: a, %d\n---\n", i), 0o644)
		gitRun(t, repo, date, "commit", "-q", "-am", "again")
	}
	clone := filepath.Join(t.TempDir(), "clone")
	gitRun(t, repo, "2024-01-01T00:00:00Z", "clone", "-q", "--depth", "2", "file://"+repo, clone)
	for _, p := range []string{"public/posts/a/index.html", "public/posts/b/index.html", "public/.sitemapgen-hash.db"} {
		data, _ := os.ReadFile(filepath.Join(repo, p))
		os.MkdirAll(filepath.Dir(filepath.Join(clone, p)), 0o755)
		os.WriteFile(filepath.Join(clone, p), data, 0o644)
	}
	h, err := hugo.Load(clone, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	public := filepath.Join(clone, "public")
	got, warnings := lastmods(t, Options{
		Root: public, Heads: Heads{Read: true}, Write: writer.Options{Dir: t.TempDir()},
		Map:  mapping.Options{BaseURL: "https://example.com/", LastMod: []mapping.LastModSource{mapping.LastModGit, mapping.LastModHash}},
		Join: &Sources{Dir: filepath.Join(clone, "content"), Preset: h},
		Hash: &Hash{State: ".sitemapgen-hash.db", Dir: public},
	})
	if lm := got["https://example.com/posts/a/"]; !strings.HasPrefix(lm, "2024-03-04T00:00:00Z git") {
		t.Errorf("posts/a/: lastmod %q, want its commit's", lm)
	}
	var kinds []string
	for _, w := range warnings {
		switch {
		case strings.Contains(w, "--unshallow"):
			kinds = append(kinds, "shallow")
		case strings.Contains(w, hashPassedOver):
			kinds = append(kinds, "hash")
		case strings.Contains(w, "YAML"):
			kinds = append(kinds, "source")
		}
	}
	if want := []string{"shallow", "hash", "source"}; !slices.Equal(kinds, want) {
		t.Errorf("reports %q (%q), want %q in that order", kinds, warnings, want)
	}
}

// TestGuardMTimeLastCommit: with GuardMTime in a git work tree, the time
// of a file written after the last commit (a page of an ignored output
// folder, built since) is no date, however few the pages and however
// spread out their times, and --explain says why; a file older than the
// last commit keeps its time. A watch session judges again after a
// commit, and writes what a fresh build writes.
func TestGuardMTimeLastCommit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	dist := filepath.Join(repo, "dist")
	dc := &siteChanger{t: t, root: dist}
	sc := &siteChanger{t: t, root: repo}
	sc.write(".gitignore", "/dist/\n", time.Now())
	sc.write("src.md", "the source", time.Now())
	gitRun(t, repo, "2024-05-01T00:00:00Z", "init", "-q")
	commit := func(date string) {
		gitRun(t, repo, date, "add", "-A")
		gitRun(t, repo, date, "commit", "-q", "-m", date)
	}
	commit("2024-05-01T00:00:00Z")
	dc.write("index.html", "<title>home</title>", time.Date(2024, 3, 1, 10, 0, 0, 0, time.UTC))
	dc.write("old.html", "<title>old</title>", time.Date(2024, 4, 1, 10, 0, 0, 0, time.UTC))
	dc.write("new.html", "<title>new</title>", time.Date(2024, 6, 1, 10, 0, 0, 0, time.UTC))
	dc.write("newer.html", "<title>newer</title>", time.Date(2024, 6, 1, 10, 40, 0, 0, time.UTC))
	opts := Options{
		Root: dist, Heads: Heads{Read: true}, GuardMTime: true,
		Map:   mapping.Options{BaseURL: "https://example.com/"},
		Write: writer.Options{Dir: dist},
	}
	dates := func(step string, want map[string]string) {
		t.Helper()
		o := opts
		o.Write.Dir = t.TempDir()
		res, err := Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for i := range res.URLs.Len() {
			u := res.URLs.At(i)
			got[u.Loc] = ""
			if !u.LastMod.IsZero() {
				got[u.Loc] = u.LastMod.Format(time.RFC3339)
			}
		}
		if !maps.Equal(got, want) {
			t.Errorf("%s: lastmods %q, want %q", step, got, want)
		}
	}
	dates("built after the commit", map[string]string{
		"https://example.com/":           "2024-03-01T10:00:00Z",
		"https://example.com/old.html":   "2024-04-01T10:00:00Z",
		"https://example.com/new.html":   "",
		"https://example.com/newer.html": "",
	})
	explain := opts
	explain.Explain = []string{"new.html"}
	var stamps []string
	explain.Report.Explain = func(x Explanation) { stamps = append(stamps, x.Decision.Stamps...) }
	if _, err := Run(context.Background(), explain); err != nil {
		t.Fatal(err)
	}
	if want := "mtime 2024-06-01T10:00:00Z is the time a build, a copy or a checkout wrote the file, not a lastmod: written after the last commit, 2024-05-01T00:00:00Z"; !slices.Equal(stamps, []string{want}) {
		t.Errorf("--explain new.html: %q, want %q", stamps, want)
	}

	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	sameAsRun(t, "start", opts, dist)
	step := func(name string, paths []string, want map[string]string) {
		t.Helper()
		if _, err := s.Update(context.Background(), paths, nil); err != nil {
			t.Fatal(err)
		}
		sameAsRun(t, name, opts, dist)
		dates(name, want)
	}
	// A later commit: every file is older than it, and their times are
	// spread out: each keeps its time.
	sc.write("src.md", "the source, again", time.Now())
	commit("2024-07-01T00:00:00Z")
	step("a later commit", GitWatched(context.Background(), opts), map[string]string{
		"https://example.com/":           "2024-03-01T10:00:00Z",
		"https://example.com/old.html":   "2024-04-01T10:00:00Z",
		"https://example.com/new.html":   "2024-06-01T10:00:00Z",
		"https://example.com/newer.html": "2024-06-01T10:40:00Z",
	})
	written, err := os.ReadFile(filepath.Join(dist, "sitemap.xml"))
	if err != nil || strings.Count(string(written), "<lastmod>") != 4 {
		t.Errorf("the session's sitemap after the commit (%v):\n%s", err, written)
	}
	// Three pages built again at once, before the last commit: their
	// times are the build's; the fourth keeps its own.
	var rebuilt []string
	for i, p := range []string{"index.html", "new.html", "newer.html"} {
		at := time.Date(2024, 6, 30, 12, 0, i, 0, time.UTC)
		dc.write(p, "<title>again</title>", at)
		rebuilt = append(rebuilt, filepath.Join(dist, p))
	}
	step("a build before the commit", rebuilt, map[string]string{
		"https://example.com/":           "",
		"https://example.com/old.html":   "2024-04-01T10:00:00Z",
		"https://example.com/new.html":   "",
		"https://example.com/newer.html": "",
	})
}

// TestStampsOfHistory: the pages' heads (an output folder git ignores,
// built by a generator that prints each page's last commit) give 14 of
// 24 pages one date, the newest. That date is a commit's of the project's
// history, which landed 14 sources at once: no build's stamp, and the
// lint says nothing. The same day a second off, which no commit has, is
// the build's stamp, as before.
func TestStampsOfHistory(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	landed := time.Date(2024, 3, 23, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name  string
		shift time.Duration // of the 14 pages' date from the commit's
		dated int
	}{
		{"a commit's date", 0, 24},
		{"no commit's date", time.Second, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := t.TempDir()
			sc := &siteChanger{t: t, root: repo}
			sc.write(".gitignore", "/public/\n", time.Now())
			gitRun(t, repo, "2024-01-01T00:00:00Z", "init", "-q")
			page := func(i int, date time.Time) {
				sc.write(fmt.Sprintf("src/p%02d.md", i), "p", time.Now())
				sc.write(fmt.Sprintf("public/p%02d.html", i), `<title>p</title><meta property="article:modified_time" content="`+date.Format(time.RFC3339)+`">`, time.Now())
			}
			commit := func(date time.Time) {
				gitRun(t, repo, date.Format(time.RFC3339), "add", "-A")
				gitRun(t, repo, date.Format(time.RFC3339), "commit", "-q", "-m", "p")
			}
			for i := 14; i < 24; i++ {
				date := time.Date(2024, 1, 2+i, 0, 0, 0, 0, time.UTC)
				page(i, date)
				commit(date)
			}
			for i := range 14 {
				page(i, landed.Add(tc.shift))
			}
			commit(landed) // fourteen at once
			res, ev, err := run(t, Options{Root: filepath.Join(repo, "public"), Heads: Heads{Read: true},
				Map: mapping.Options{LastMod: []mapping.LastModSource{mapping.LastModMeta, mapping.LastModGit}}})
			if err != nil {
				t.Fatal(err)
			}
			if n := datedURLs(res); n != tc.dated {
				t.Errorf("%d URLs dated, want %d; warnings %q", n, tc.dated, ev.warns)
			}
			stamped := slices.ContainsFunc(ev.warns, func(w string) bool {
				return strings.Contains(w, "build's time") || strings.Contains(w, "look like build times")
			})
			if stamped != (tc.dated < 24) {
				t.Errorf("warnings %q; want one of the build's time: %v", ev.warns, tc.dated < 24)
			}
		})
	}
}
