package e2e

// Dates as the generator dates its pages, read from its configuration:
// Hugo's enableGitInfo wherever Hugo reads it, its [frontmatter] order,
// and list pages never older than the pages they list. Each test builds
// testdata/hugo-dates with Hugo, in a git repository whose commits have
// author dates other than their committer dates, as a rebase leaves
// them (Hugo's GitInfo dates a page by the author date).

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

const (
	// authored and committed are the dates of the fixture's one commit.
	authored  = "2023-05-05T10:00:00Z"
	committed = "2023-06-06T10:00:00Z"
	datesBase = "https://example.com/"
)

// hugoDatesSite copies testdata/hugo-dates to a new folder, writes files
// (path → contents) into it, commits everything with the dates
// authored and committed, and builds it with Hugo, with env added to
// Hugo's environment. It returns the project folder.
func hugoDatesSite(t *testing.T, env []string, files map[string]string) string {
	t.Helper()
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	needTool(t, "git")
	src := filepath.Join(t.TempDir(), "site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "hugo-dates"))); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		path := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("public/\n.hugo_build.lock\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitEnv := []string{"GIT_AUTHOR_DATE=" + authored, "GIT_COMMITTER_DATE=" + committed,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com"}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "site"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = src, append(os.Environ(), gitEnv...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	cmd := exec.Command(hugo, "--quiet")
	cmd.Dir, cmd.Env = src, append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	return src
}

// TestHugoGitInfo builds a Hugo site with enableGitInfo in each place
// Hugo reads it (hugo.toml, config/production/ for the production
// environment that `hugo` builds, HUGO_ENABLEGITINFO), and with
// [frontmatter] orders of its own, and runs plain sitemapgen in the
// project: a page's lastmod is the one Hugo's sitemap gives it, the
// commit's author date where git comes first, though its front matter
// says lastmod: 2017-01-01.
func TestHugoGitInfo(t *testing.T) {
	old := datesBase + "posts/old/"
	for _, tc := range []struct {
		name  string
		env   []string
		files map[string]string
		want  string // old's lastmod, in Hugo's sitemap and ours
		from  string // what --verbose says the order comes from
	}{
		{name: "hugo.toml", want: authored, from: "Hugo enableGitInfo, hugo.toml",
			files: map[string]string{"hugo.toml": hugoConfig("enableGitInfo = true")}},
		{name: "config/production", want: authored, from: "Hugo enableGitInfo, " + filepath.Join("config", "production", "hugo.toml"),
			files: map[string]string{"config/production/hugo.toml": "enableGitInfo = true\n"}},
		{name: "config/_default", want: authored, from: "Hugo enableGitInfo, config/_default/hugo.yaml",
			files: map[string]string{"config/_default/hugo.yaml": "enableGitInfo: true\n"}},
		{name: "HUGO_ENABLEGITINFO", env: []string{"HUGO_ENABLEGITINFO=true"}, want: authored, from: "Hugo enableGitInfo, HUGO_ENABLEGITINFO"},
		// Front matter before git: the page's own lastmod wins.
		{name: "frontmatter-first", want: "2017-01-01T00:00:00Z", from: "Hugo [frontmatter] lastmod, hugo.toml",
			files: map[string]string{"hugo.toml": hugoConfig("enableGitInfo = true\n[frontmatter]\nlastmod = ['lastmod', ':git']")}},
		// Off in production, on only in development: `hugo` builds
		// production.
		{name: "development-only", want: "2017-01-01T00:00:00Z", from: "Hugo's default [frontmatter] lastmod",
			files: map[string]string{"config/development/hugo.toml": "enableGitInfo = true\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := hugoDatesSite(t, tc.env, tc.files)
			public := filepath.Join(src, "public")
			theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
			if !sameInstant(theirs[old], tc.want) {
				t.Fatalf("Hugo's sitemap dates %s %s, not %s: the fixture is wrong", old, theirs[old], tc.want)
			}
			r := run(t, src, tc.env, "--verbose")
			if r.code != 0 {
				t.Fatalf("sitemapgen: exit %d\n%s", r.code, r.stderr)
			}
			ours := ourURLs(t, public)
			if !sameInstant(ours[old], tc.want) {
				t.Errorf("%s: our lastmod %s, Hugo's %s", old, ours[old], tc.want)
			}
			// Every page Hugo dates from a source (not the list pages,
			// below) has Hugo's date.
			for _, loc := range []string{old, datesBase + "posts/new/", datesBase + "about/"} {
				if !sameInstant(ours[loc], theirs[loc]) {
					t.Errorf("%s: our lastmod %s, Hugo's %s", loc, ours[loc], theirs[loc])
				}
			}
			if !strings.Contains(r.stderr, tc.from) {
				t.Errorf("--verbose does not say the order comes from %q:\n%s", tc.from, r.stderr)
			}
		})
	}

	// :fileModTime is the source file's time, which a checkout sets to
	// its own: Hugo dates the page by the checkout (a build's stamp); we
	// read it as the file's last commit.
	t.Run("fileModTime", func(t *testing.T) {
		src := hugoDatesSite(t, nil, map[string]string{"hugo.toml": hugoConfig("[frontmatter]\nlastmod = [':fileModTime', 'lastmod']")})
		public := filepath.Join(src, "public")
		theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
		if lm := theirs[old]; len(lm) < 10 || lm[:10] != time.Now().UTC().Format(time.DateOnly) && lm[:10] != time.Now().Format(time.DateOnly) {
			t.Fatalf("Hugo's sitemap dates %s %s, not today's checkout: the fixture is wrong", old, lm)
		}
		mustRun(t, src)
		if ours := ourURLs(t, public); !sameInstant(ours[old], authored) {
			t.Errorf("%s: our lastmod %s, want the last commit's %s", old, ours[old], authored)
		}
	})
}

// hugoConfig is the fixture's hugo.toml with more settings: top-level
// ones, then tables.
func hugoConfig(more string) string {
	data, err := os.ReadFile(filepath.Join("testdata", "hugo-dates", "hugo.toml"))
	if err != nil {
		panic(err)
	}
	top, tables := more, ""
	if i := strings.Index("\n"+more, "\n["); i >= 0 {
		top, tables = more[:max(i-1, 0)], more[i:]
	}
	return top + "\n" + string(data) + tables + "\n"
}

// ourURLs reads the URLs and lastmods of the sitemaps sitemapgen wrote
// into out.
func ourURLs(t *testing.T, out string) map[string]string {
	t.Helper()
	entries, _, err := sitemaptest.URLs(out, datesBase)
	if err != nil {
		t.Fatal(err)
	}
	sitemaptest.MustValidate(t, out)
	urls := map[string]string{}
	for _, e := range entries {
		urls[e.Loc] = e.LastMod
	}
	return urls
}

// TestHugoListPageNeverOlder: a home page whose own _index.md says
// 2025-03-14 shows a post of 2025-04-26. Hugo 0.111's sitemap gives it
// the _index.md's date; we give it the post's: a page that lists pages
// is never older than the newest it lists.
func TestHugoListPageNeverOlder(t *testing.T) {
	src := hugoDatesSite(t, nil, nil)
	public := filepath.Join(src, "public")
	theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
	if !sameInstant(theirs[datesBase], "2025-03-14T00:00:00Z") || !sameInstant(theirs[datesBase+"posts/new/"], "2025-04-26T00:00:00Z") {
		t.Fatalf("Hugo's sitemap: home %s, post %s: the fixture is wrong", theirs[datesBase], theirs[datesBase+"posts/new/"])
	}
	r := mustRun(t, src, "--verbose")
	ours := ourURLs(t, public)
	for loc, want := range map[string]string{
		datesBase:                "2025-04-26T00:00:00Z", // Hugo: its _index.md's 2025-03-14
		datesBase + "posts/":     "2025-04-26T00:00:00Z", // Hugo: its _index.md's 2025-01-01
		datesBase + "posts/new/": "2025-04-26T00:00:00Z",
		datesBase + "posts/old/": "2017-01-01T00:00:00Z",
		datesBase + "about/":     "2025-01-01T10:00:00Z",
	} {
		if !sameInstant(ours[loc], want) {
			t.Errorf("%s: our lastmod %s, want %s (Hugo's %s)", loc, ours[loc], want, theirs[loc])
		}
	}
	if !strings.Contains(r.stderr, "newest listed") {
		t.Errorf("the summary does not count the list pages as newest listed:\n%s", r.stderr)
	}
}

// TestJekyllBlogIndex: a Jekyll /blog/ page whose layout loops over
// site.posts, with last_modified_at: 2025-03-14, lists a post of
// 2025-04-26. jekyll-sitemap writes the page's own date; we write the
// post's.
func TestJekyllBlogIndex(t *testing.T) {
	src, site := buildJekyll(t, "jekyll-blog")
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	blog := datesBase + "blog/"
	if !sameInstant(theirs[blog], "2025-03-14T00:00:00Z") {
		t.Fatalf("jekyll-sitemap dates %s %s: the fixture is wrong", blog, theirs[blog])
	}
	mustRun(t, src)
	entries, _, err := sitemaptest.URLs(site, datesBase)
	if err != nil {
		t.Fatal(err)
	}
	ours := map[string]string{}
	for _, e := range entries {
		ours[e.Loc] = e.LastMod
	}
	for loc, want := range map[string]string{
		blog:                          "2025-04-26T00:00:00Z", // jekyll-sitemap: its own 2025-03-14
		datesBase + "about/":          "2025-03-14T00:00:00Z", // names site.title, lists nothing
		datesBase + "2025/04/26/new/": "2025-04-26T00:00:00Z",
		datesBase + "2024/01/02/old/": "2024-01-02T00:00:00Z",
	} {
		if !sameInstant(ours[loc], want) {
			t.Errorf("%s: our lastmod %s, want %s (jekyll-sitemap's %s)", loc, ours[loc], want, theirs[loc])
		}
	}
}

// TestHugoTermAnyCase: Hugo takes a term written in two cases (Redux,
// redux) for one term, whose page (under one spelling, with
// disablePathToLower) it dates by the newest of all the pages that give
// it, as we must (blog.mgechev.com, in the corpus); a section's own page
// may give a term too (hugoDocs' tools/ section).
func TestHugoTermAnyCase(t *testing.T) {
	src := hugoDatesSite(t, nil, map[string]string{
		"hugo.toml": "baseURL = \"https://example.com/\"\ntitle = \"terms\"\ndisableKinds = [\"RSS\"]\ndisablePathToLower = true\n",
		// Hugo spells the term's URL as the first file (r1) does.
		"content/posts/r1.md": "---\ntitle: R1\ndate: 2016-04-10\ntags: [redux]\n---\nOld.\n",
		"content/posts/r2.md": "---\ntitle: R2\ndate: 2018-01-18\ntags: [Redux]\n---\nNew.\n",
		// A section's own page in a term (hugoDocs' tools/ section).
		"content/tools/_index.md": "---\ntitle: Tools\ndate: 2019-10-21\ntags: [tooling]\n---\n",
	})
	public := filepath.Join(src, "public")
	theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
	var term string
	for loc := range theirs {
		if strings.EqualFold(loc, datesBase+"tags/redux/") {
			term = loc
		}
	}
	if term == "" || !sameInstant(theirs[term], "2018-01-18T00:00:00Z") {
		t.Fatalf("Hugo's sitemap: term page %q dated %s: the fixture is wrong", term, theirs[term])
	}
	tooling := datesBase + "tags/tooling/"
	if !sameInstant(theirs[tooling], "2019-10-21T00:00:00Z") {
		t.Fatalf("Hugo's sitemap: %s dated %s: the fixture is wrong", tooling, theirs[tooling])
	}
	mustRun(t, src)
	ours := ourURLs(t, public)
	for _, loc := range []string{term, tooling} {
		if !sameInstant(ours[loc], theirs[loc]) {
			t.Errorf("%s: our lastmod %s, want Hugo's %s", loc, ours[loc], theirs[loc])
		}
	}
}
