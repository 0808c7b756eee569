package e2e

// The second look at the generator's own sitemap (issue 97): Hugo's
// sitemap, written by Debian's Hugo, compared with the pages built.

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// secondLookSite writes a Hugo blog of the shape of hugo-PaperMod's
// exampleSite into a new folder and returns it: a section whose list
// pages the posts and then its sections (union .RegularPages .Sections),
// two to a pager, so that its first pager shows two posts of 2019 and
// its second the section sub, whose post is of 2021; and a draft in sub.
// Hugo's pager links sit in a <nav>, which the list reading leaves out.
// conf is hugo.toml.
func secondLookSite(t *testing.T, conf string) string {
	t.Helper()
	src := t.TempDir()
	page := func(title, fm string) string {
		return "---\ntitle: " + title + "\n" + fm + "---\n" + title + ".\n"
	}
	for rel, body := range map[string]string{
		"hugo.toml":                    conf,
		"layouts/_default/single.html": "<!doctype html><html><head><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>\n",
		"layouts/_default/list.html": "<!doctype html><html><head><title>{{ .Title }}</title></head><body><main>" +
			"{{ $pages := union .RegularPages .Sections }}{{ $p := .Paginate $pages }}" +
			"{{ range $p.Pages }}<article><h2><a href=\"{{ .Permalink }}\">{{ .Title }}</a></h2></article>{{ end }}</main>" +
			"<nav>{{ if $p.HasNext }}<a href=\"{{ $p.Next.URL }}\">next</a>{{ end }}</nav></body></html>\n",
		"content/posts/a.md":          page("A", "date: 2019-01-01\n"),
		"content/posts/b.md":          page("B", "date: 2019-03-11\n"),
		"content/posts/c.md":          page("C", "date: 2019-02-01\n"),
		"content/posts/sub/_index.md": page("Sub", ""),
		"content/posts/sub/new.md":    page("New", "date: 2021-01-20\n"),
		"content/posts/sub/wip.md":    page("Work in progress", "date: 2021-01-19\ndraft: true\n"),
	} {
		write(t, filepath.Join(src, filepath.FromSlash(rel)), body)
	}
	return src
}

// secondLookConf is secondLookSite's hugo.toml: two pages to a pager.
const secondLookConf = "baseURL = 'https://example.com/'\ntitle = 't'\npaginate = 2\ndisableKinds = ['RSS', 'taxonomy', 'term']\n"

// hugoBuild builds the Hugo project src with args, in UTC.
func hugoBuild(t *testing.T, src string, args ...string) {
	t.Helper()
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	cmd := exec.Command(hugo, append([]string{"--source", src, "--quiet"}, args...)...)
	cmd.Env = append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hugo %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// vitepressBuild runs vitepress build docs in src, a project whose
// node_modules are testdata/vitepress's (nodeProject).
func vitepressBuild(t *testing.T, src string) {
	t.Helper()
	cmd := exec.Command("node", filepath.Join("node_modules", "vitepress", "bin", "vitepress.js"), "build", "docs")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("vitepress build: %v\n%s", err, out)
	}
}

// TestHugoSecondLook: issue 97's items 4 and 5, on a site built by
// Debian's Hugo, run with plain sitemapgen in the project as a new user
// would (joined to its sources, no git).
//
//   - Item 5, rule R2: the paginated section /posts/ is dated by Hugo's
//     sitemap (2021-01-20, its section sub's post on the second pager),
//     not by the two posts of 2019 its first pager shows, which is all
//     the list reading sees.
//   - Item 4, rule R3: built with hugo --buildDrafts, the draft is in
//     public/ and in Hugo's sitemap: it is listed, and --explain says
//     why. Built again without, its old page stays in public/ (Hugo
//     never deletes output), and Hugo's new sitemap does not list it: it
//     is left out as a draft.
//   - buildDrafts = true in the configuration, with Hugo's sitemap
//     turned off: the draft is listed all the same.
func TestHugoSecondLook(t *testing.T) {
	const base = "https://example.com/"
	src := secondLookSite(t, secondLookConf)
	hugoBuild(t, src, "--buildDrafts")
	public := filepath.Join(src, "public")
	theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
	if got := theirs[base+"posts/"]; !strings.HasPrefix(got, "2021-01-20") {
		t.Fatalf("Hugo dates /posts/ %q, not by its newest page: nothing to test", got)
	}
	if _, ok := theirs[base+"posts/sub/wip/"]; !ok {
		t.Fatalf("Hugo's sitemap does not list the draft it built: nothing to test")
	}
	r := mustRun(t, src)
	ours := ourURLs(t, public)
	if got := ours[base+"posts/"]; !strings.HasPrefix(got, "2021-01-20") {
		t.Errorf("/posts/ dated %q, want Hugo's 2021-01-20 (item 5)\n%s", got, r.stderr)
	}
	if got := ours[base+"posts/sub/"]; !strings.HasPrefix(got, "2021-01-20") {
		t.Errorf("/posts/sub/ dated %q, want 2021-01-20", got)
	}
	if _, ok := ours[base+"posts/sub/wip/"]; !ok {
		t.Errorf("the draft Hugo built and lists is not listed (item 4):\n%s", r.stderr)
	}
	for _, want := range []string{"second look at Hugo's own sitemap:", "1 draft it built listed"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("the summary does not say %q:\n%s", want, r.stderr)
		}
	}
	e := mustRun(t, src, "--explain", "/posts/sub/wip/")
	for _, want := range []string{"listed:      yes (front matter draft: true; Hugo built it and lists it in its own sitemap", "generator:   Hugo's own sitemap"} {
		if !strings.Contains(e.stdout, want) {
			t.Errorf("--explain does not say %q:\n%s", want, e.stdout)
		}
	}

	// Built again without drafts: the draft's page is old output.
	hugoBuild(t, src)
	if _, err := os.Stat(filepath.Join(public, "posts", "sub", "wip", "index.html")); err != nil {
		t.Fatalf("Hugo removed the draft's old page: %v", err)
	}
	r = mustRun(t, src, "--verbose")
	if _, ok := ourURLs(t, public)[base+"posts/sub/wip/"]; ok {
		t.Errorf("the draft that Hugo's new sitemap leaves out is listed:\n%s", r.stderr)
	}
	if !strings.Contains(r.stderr, "posts/sub/wip/index.html: skipped: draft") {
		t.Errorf("the old draft is not left out as a draft:\n%s", r.stderr)
	}

	// buildDrafts in the configuration, no sitemap of Hugo's.
	src = secondLookSite(t, "baseURL = 'https://example.com/'\ntitle = 't'\npaginate = 2\nbuildDrafts = true\ndisableKinds = ['RSS', 'taxonomy', 'term', 'sitemap']\n")
	hugoBuild(t, src)
	public = filepath.Join(src, "public")
	if _, err := os.Stat(filepath.Join(public, "sitemap.xml")); err == nil {
		t.Fatal("Hugo wrote its sitemap: nothing to test")
	}
	r = mustRun(t, src)
	if _, ok := ourURLs(t, public)[base+"posts/sub/wip/"]; !ok {
		t.Errorf("with buildDrafts = true, the draft is not listed:\n%s", r.stderr)
	}
}

// TestHugoSecondLookDates: rules R1 and R2 on the dates of a Hugo
// project whose [frontmatter] dates a page by its lastmod, else by its
// file's time (:fileModTime, which sitemapgen reads as the file's last
// commit). Every file is committed on 2021-01-01; the section's _index.md
// was touched on 2024-06-01, so Hugo dates /posts/ by that; the post p
// says lastmod 2023-01-01; q has no lastmod and a file time of
// 2020-06-01, before the commit.
//
//   - In the work tree: /posts/ shows p, newer than its own last
//     commit, so its date is derived (2023-01-01); Hugo's is newer, but
//     more than a day after the last commit: a build's or a checkout's
//     time, passed over (R1). q keeps its last commit (R2: ours from git
//     stands over Hugo's file time).
//   - Copied out of git: R1 passes nothing over, and no source of ours
//     dates /posts/ or q: both take Hugo's dates (R2).
func TestHugoSecondLookDates(t *testing.T) {
	needTool(t, "git")
	const base = "https://example.com/"
	src := t.TempDir()
	write(t, filepath.Join(src, "hugo.toml"), "baseURL = 'https://example.com/'\ntitle = 't'\ndisableKinds = ['RSS', 'taxonomy', 'term']\n[frontmatter]\nlastmod = ['lastmod', ':fileModTime']\n")
	write(t, filepath.Join(src, "layouts", "_default", "single.html"), "<!doctype html><html><head><title>{{ .Title }}</title></head><body><main>{{ .Content }}</main></body></html>\n")
	write(t, filepath.Join(src, "layouts", "_default", "list.html"), "<!doctype html><html><head><title>{{ .Title }}</title></head><body><main>{{ range .Pages }}<article><a href=\"{{ .Permalink }}\">{{ .Title }}</a></article>{{ end }}</main></body></html>\n")
	write(t, filepath.Join(src, "content", "posts", "_index.md"), "---\ntitle: Posts\n---\n")
	write(t, filepath.Join(src, "content", "posts", "p.md"), "---\ntitle: P\nlastmod: 2023-01-01\n---\nP.\n")
	write(t, filepath.Join(src, "content", "q.md"), "---\ntitle: Q\n---\nQ.\n")
	write(t, filepath.Join(src, ".gitignore"), "public/\n.hugo_build.lock\n")
	gitIn(t, src, "2021-01-01T00:00:00Z", "init", "-q")
	gitIn(t, src, "2021-01-01T00:00:00Z", "add", "-A")
	gitIn(t, src, "2021-01-01T00:00:00Z", "commit", "-q", "-m", "one")
	touch := func(rel, day string) {
		when, err := time.Parse(time.DateOnly, day)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(filepath.Join(src, filepath.FromSlash(rel)), when, when); err != nil {
			t.Fatal(err)
		}
	}
	touch("content/posts/_index.md", "2024-06-01")
	touch("content/q.md", "2020-06-01")
	hugoBuild(t, src)
	theirs := generatorSitemap(t, filepath.Join(src, "public", "sitemap.xml"))
	if !strings.HasPrefix(theirs[base+"posts/"], "2024-06-01") || !strings.HasPrefix(theirs[base+"q/"], "2020-06-01") {
		t.Fatalf("Hugo's dates %v, not the files' times: nothing to test", theirs)
	}
	// A copy out of git, built the same, before the run in the work tree
	// replaces Hugo's sitemap.
	copied := filepath.Join(t.TempDir(), "site")
	if out, err := exec.Command("cp", "-a", src, copied).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	if err := os.RemoveAll(filepath.Join(copied, ".git")); err != nil {
		t.Fatal(err)
	}

	r := mustRun(t, src)
	ours := ourURLs(t, filepath.Join(src, "public"))
	if got := ours[base+"posts/"]; !strings.HasPrefix(got, "2023-01-01") {
		t.Errorf("in git: /posts/ dated %q, want 2023-01-01, the newest page it shows (Hugo's 2024-06-01 is after the last commit)\n%s", got, r.stderr)
	}
	if got := ours[base+"q/"]; !strings.HasPrefix(got, "2021-01-01") {
		t.Errorf("in git: q dated %q, want its last commit's 2021-01-01", got)
	}
	// Hugo dates the home page by /posts/ too.
	for _, want := range []string{"2 of its dates passed over (a build's time)", "1 of our dates kept over its own"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("in git: the summary does not say %q:\n%s", want, r.stderr)
		}
	}
	e := mustRun(t, src, "--explain", "/posts/")
	if !strings.Contains(e.stdout, "passed over: more than a day after the last commit (2021-01-01T00:00:00Z), a build's time") {
		t.Errorf("--explain does not show Hugo's entry passed over:\n%s", e.stdout)
	}

	r = mustRun(t, copied)
	ours = ourURLs(t, filepath.Join(copied, "public"))
	for u, want := range map[string]string{"posts/": "2024-06-01", "q/": "2020-06-01", "posts/p/": "2023-01-01"} {
		if got := ours[base+u]; !strings.HasPrefix(got, want) {
			t.Errorf("out of git: %s dated %q, want %s\n%s", u, got, want, r.stderr)
		}
	}
}

// TestHugoSecondLookLeftOut: rules R4 and R5. The project's own sitemap
// template leaves the section notes out by a test sitemapgen does not
// read ({{ if ne .Section "notes" }}); a built page was removed from
// public/ after the build. The page of notes is listed, and one warning
// names it (R5); the pagers Hugo never lists are not named. Hugo's URL
// that no file serves is left out without a word (R4), and the summary
// counts both.
func TestHugoSecondLookLeftOut(t *testing.T) {
	const base = "https://example.com/"
	src := secondLookSite(t, secondLookConf)
	write(t, filepath.Join(src, "layouts", "sitemap.xml"), `{{ printf "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>" | safeHTML }}
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
{{ range .Data.Pages }}{{ if ne .Section "notes" }}<url><loc>{{ .Permalink }}</loc>{{ if not .Lastmod.IsZero }}<lastmod>{{ .Lastmod.Format "2006-01-02T15:04:05-07:00" | safeHTML }}</lastmod>{{ end }}</url>
{{ end }}{{ end }}</urlset>
`)
	write(t, filepath.Join(src, "content", "notes", "n.md"), "---\ntitle: N\ndate: 2022-02-02\n---\nN.\n")
	hugoBuild(t, src)
	public := filepath.Join(src, "public")
	theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
	if _, ok := theirs[base+"notes/n/"]; ok {
		t.Fatal("Hugo's sitemap lists the note: nothing to test")
	}
	if _, ok := theirs[base+"posts/a/"]; !ok {
		t.Fatal("Hugo's sitemap does not list posts/a/: nothing to test")
	}
	if err := os.RemoveAll(filepath.Join(public, "posts", "a")); err != nil {
		t.Fatal(err)
	}
	r := mustRun(t, src)
	urls := ourURLs(t, public)
	if _, ok := urls[base+"notes/n/"]; !ok {
		t.Errorf("the note is not listed:\n%s", r.stderr)
	}
	if _, ok := urls[base+"posts/a/"]; ok {
		t.Errorf("posts/a/, which no file serves, is listed")
	}
	warning := ""
	for _, line := range strings.Split(r.stderr, "\n") {
		if strings.Contains(line, "own sitemap leaves out") {
			warning += line + "\n"
		}
	}
	if strings.Count(warning, "\n") != 1 || !strings.Contains(warning, "1 page listed that Hugo's own sitemap leaves out: notes/n/index.html;") {
		t.Errorf("want one warning naming the note:\n%s", r.stderr)
	}
	if slices.ContainsFunc([]string{"page/2", "posts/page"}, func(s string) bool { return strings.Contains(warning, s) }) {
		t.Errorf("the warning names a pager:\n%s", warning)
	}
	for _, want := range []string{"1 of its URLs that no page has left out", "list pages it leaves out listed", "1 other page it leaves out listed (see the warning)"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("the summary does not say %q:\n%s", want, r.stderr)
		}
	}
}

// TestVitePressTransformItems: rule R5 on VitePress (testdata/vitepress's
// packages), whose sitemap.transformItems leaves its migration guide out
// of VitePress' sitemap, as VitePress's own documentation does. Filtering
// by a literal string, it is read as the user's exclude: the guide is
// left out of ours too, as the configuration asks, and no warning names
// it. Filtering by a regular expression, it is code, not run: a note
// says so, the guide is listed, and the warning of the pages VitePress'
// sitemap leaves out names it.
func TestVitePressTransformItems(t *testing.T) {
	const base = "https://example.org/"
	for _, tt := range []struct {
		name, filter string
		listed       bool
	}{
		{"literal", "items.filter((item) => !item.url.includes('migration'))", false},
		{"code", "items.filter((item) => !/migration/.test(item.url))", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := nodeProject(t, "vitepress", "package.json", "docs")
			write(t, filepath.Join(src, "docs", ".vitepress", "config.mts"), `import { defineConfig } from 'vitepress'

export default defineConfig({
  title: 'Docs',
  sitemap: {
    hostname: 'https://example.org/',
    transformItems(items) {
      return `+tt.filter+`
    },
  },
})
`)
			write(t, filepath.Join(src, "docs", "guide", "migration-from-v1.md"), "# Migration\n")
			vitepressBuild(t, src)
			dist := filepath.Join(src, "docs", ".vitepress", "dist")
			guide := base + "guide/migration-from-v1.html"
			theirs := generatorSitemap(t, filepath.Join(dist, "sitemap.xml"))
			if _, ok := theirs[guide]; ok || len(theirs) == 0 {
				t.Fatalf("VitePress' sitemap lists the guide, or nothing: nothing to test\n%v", theirs)
			}
			if _, err := os.Stat(filepath.Join(dist, "guide", "migration-from-v1.html")); err != nil {
				t.Fatalf("VitePress did not build the guide: %v", err)
			}
			r := mustRun(t, src, "--verbose")
			_, listed := ourURLs(t, dist)[guide]
			warned := strings.Contains(r.stderr, "listed that VitePress's own sitemap leaves out (its sitemap.transformItems (docs/.vitepress/config.mts:7), code not read, may leave them out): guide/migration-from-v1.html;")
			noted := strings.Contains(r.stderr, "VitePress's sitemap.transformItems (docs/.vitepress/config.mts:7) is code sitemapgen does not run, not read")
			if listed != tt.listed || warned != tt.listed || noted != tt.listed {
				t.Errorf("the guide listed %v, named in the warning %v, the transform noted as not read %v; want %v:\n%s", listed, warned, noted, tt.listed, r.stderr)
			}
		})
	}
}
