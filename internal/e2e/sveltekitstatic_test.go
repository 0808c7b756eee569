package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// TestSvelteKitStatic builds testdata/sveltekit-static, a SvelteKit 2
// blog built as files by @sveltejs/adapter-static with its defaults and
// mdsvex (pinned in package-lock.json; ./test.sh installs them), its
// sources in git, and runs plain sitemapgen in the project, as "vite
// build && sitemapgen" (issue 86):
//
//   - the URLs are the ones the site links: about.html is /about (the
//     default trailingSlash, 'never'), notes/index.html /notes/ (the
//     notes' +layout.js says 'always'), never about.html;
//   - each post (blog/[slug] imports `../../../posts/${params.slug}.md`)
//     and note (notes/[slug] keys a glob of /src/notes/*.md) is joined
//     to its Markdown file and dated by its front matter date, else by
//     the file's last commit; the mdsvex page about/+page.md by its
//     front matter; /blog, whose load globs the posts, by the newest
//     post it lists;
//   - SvelteKit's configuration names no site URL (no
//     kit.prerender.origin): the base URL is the one the site's RSS feed
//     states by its self link and its items' links (its channel link is
//     the project's repository), said with where it came from, and, an
//     example domain, warned of. The Atom feed met before it, written
//     from url.origin, names SvelteKit's stand-in http://sveltekit-prerender:
//     refused, with a warning;
//   - in a GitHub Actions job of a user site (o/o.github.io, served at
//     the root, where the site's links lead), the platform's guess
//     outranks the feed's example domain, and the pages keep the form
//     the site links, which GitHub Pages serves too: /about, never
//     /about.html.
func TestSvelteKitStatic(t *testing.T) {
	needTool(t, "git")
	src := nodeProject(t, "sveltekit-static", "src", "static", "svelte.config.js", "vite.config.js", "package.json")
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("node_modules\n/build/\n/.svelte-kit/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z src/posts/second-post.md")
	cmd := exec.Command(filepath.Join(src, "node_modules", ".bin", "vite"), "build")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("vite build: %v\n%s", err, out)
	}

	build := filepath.Join(src, "build")
	listed := func(t *testing.T, base string) {
		t.Helper()
		entries, _, err := sitemaptest.URLs(build, base)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		var locs []string
		for _, e := range entries {
			got[e.Loc], locs = e.LastMod, append(locs, e.Loc)
		}
		want := map[string]string{
			base:                       "2024-01-01T00:00:00Z",
			base + "about":             "2024-05-20T00:00:00Z", // +page.md's updated
			base + "blog":              "2024-03-04T00:00:00Z", // the newest post it lists, newer than its own commit
			base + "blog/first-post":   "2024-03-04T00:00:00Z", // the post's date
			base + "blog/second-post":  "2024-02-03T10:00:00Z", // undated: its file's commit
			base + "notes/":            "2024-01-01T00:00:00Z",
			base + "notes/first-note/": "2024-06-01T00:00:00Z",
		}
		var wantLocs []string
		for loc := range want {
			wantLocs = append(wantLocs, loc)
		}
		slices.Sort(wantLocs)
		if !slices.Equal(locs, wantLocs) {
			t.Errorf("listed\n%q\nwant\n%q", locs, wantLocs)
		}
		for loc, lm := range want {
			if g, ok := got[loc]; ok && !sameInstant(g, lm) {
				t.Errorf("%s: lastmod %q, want %s", loc, g, lm)
			}
		}
		sitemaptest.MustValidate(t, build)
	}
	says := func(t *testing.T, r result, lines ...string) {
		t.Helper()
		for _, line := range lines {
			if !strings.Contains(r.stderr, line) {
				t.Errorf("the run does not say %q:\n%s", line, r.stderr)
			}
		}
	}
	refused := "build/atom.xml: warning: the base URL http://sveltekit-prerender/ (from the feed atom.xml's alternate link) is not taken: its host sveltekit-prerender is a name of one label"

	r := mustRun(t, src)
	listed(t, "https://example.com/")
	says(t, r,
		"base URL https://example.com/ from the feed rss.xml's self link",
		"SvelteKit URL style (clean URLs, folders with /; from svelte.config.js)",
		"sources src/routes, src/posts, src/notes (SvelteKit)",
		"build/rss.xml: warning: the base URL https://example.com/ (from the feed rss.xml's self link) is an example domain",
		refused)

	// The folder a CI job's fresh build has: without the sitemap of the
	// run above.
	if err := os.Remove(filepath.Join(build, "sitemap.xml")); err != nil {
		t.Fatal(err)
	}
	r = run(t, src, []string{"GITHUB_ACTIONS=true", "GITHUB_REPOSITORY=o/o.github.io", "GITHUB_SERVER_URL=https://github.com"})
	if r.code != 0 {
		t.Fatalf("sitemapgen in a GitHub Actions job: exit %d\n%s", r.code, r.stderr)
	}
	listed(t, "https://o.github.io/")
	says(t, r,
		"base URL https://o.github.io/ from GitHub Pages GITHUB_REPOSITORY",
		"with clean URLs as SvelteKit links them, which GitHub Pages serves too (from svelte.config.js)",
		"build/rss.xml: warning: the base URL https://example.com/ (from the feed rss.xml's self link) is an example domain, as a new project's template writes; not taken: GitHub Pages's address is used",
		refused)
}
