package e2e

// What the hosting platform's files say, read whole, whichever file says
// it (issue 86): the settings a generator takes from its build's
// environment, where netlify.toml sets it (helm.sh turns on Hugo's git
// dates with HUGO_ENABLEGITINFO in its [build.environment] alone); the
// header rules of netlify.toml's [[headers]].

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestHugoGitInfoFromNetlifyTOML builds testdata/hugo-dates, in a git
// repository of two commits (the second, later, changes a post whose
// front matter says lastmod: 2017-01-01), with HUGO_ENABLEGITINFO=true
// as Netlify builds it from netlify.toml, and runs plain sitemapgen
// without the variable: each page has the date Hugo's own sitemap gives
// it, the post its second commit's, and a list page the newest of those
// it shows. The line of what was found says where the setting is.
func TestHugoGitInfoFromNetlifyTOML(t *testing.T) {
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	needTool(t, "git")
	const later = "2024-08-08T08:00:00Z" // the second commit's dates
	src := filepath.Join(t.TempDir(), "site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "hugo-dates"))); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		".gitignore":   "public/\n.hugo_build.lock\n",
		"netlify.toml": "[build]\n  command = \"hugo\"\n  publish = \"public\"\n\n[build.environment]\n  HUGO_VERSION = \"0.111.3\"\n  HUGO_ENABLEGITINFO = \"true\"\n",
	} {
		if err := os.WriteFile(filepath.Join(src, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "site"}} {
		gitDated(t, src, authored, authored, args...)
	}
	old := filepath.Join(src, "content", "posts", "old.md")
	f, err := os.OpenFile(old, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("A paragraph added later.\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	gitDated(t, src, later, later, "commit", "-q", "-am", "old: a paragraph")
	build := exec.Command(hugo, "--quiet")
	build.Dir, build.Env = src, append(os.Environ(), "HUGO_ENABLEGITINFO=true") // as Netlify builds it
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	public := filepath.Join(src, "public")
	theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
	if !sameInstant(theirs[datesBase+"posts/old/"], later) {
		t.Fatalf("Hugo's sitemap dates posts/old/ %s, not its last commit's %s: the fixture is wrong", theirs[datesBase+"posts/old/"], later)
	}

	// HUGO_ENABLEGITINFO is not in sitemapgen's environment: only in
	// netlify.toml.
	r := run(t, src, []string{"HUGO_ENABLEGITINFO="}, "--verbose")
	if r.code != 0 {
		t.Fatalf("sitemapgen: exit %d\n%s", r.code, r.stderr)
	}
	ours := ourURLs(t, public)
	for _, loc := range []string{datesBase + "posts/old/", datesBase + "posts/new/", datesBase + "about/"} {
		if !sameInstant(ours[loc], theirs[loc]) {
			t.Errorf("%s: our lastmod %s, Hugo's %s", loc, ours[loc], theirs[loc])
		}
	}
	// The home page and /posts/ show posts/old/ (Hugo: their _index
	// files' own git date, the first commit's).
	for _, loc := range []string{datesBase, datesBase + "posts/"} {
		if !sameInstant(ours[loc], later) {
			t.Errorf("%s: our lastmod %s, want the newest post it shows, %s", loc, ours[loc], later)
		}
	}
	for _, want := range []string{
		"build environment HUGO_ENABLEGITINFO (netlify.toml:7 [build.environment])",
		"Hugo enableGitInfo, HUGO_ENABLEGITINFO in netlify.toml:7 [build.environment]",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("--verbose does not say %q:\n%s", want, r.stderr)
		}
	}
}

// TestHugoLanguageRenameGitInfo builds a Hugo site in two languages, a
// contentDir each (content/en, content/ko), whose Korean page was moved
// within its language's folder by a pure rename (git mv, no change),
// with GitInfo on by netlify.toml's [build.environment] alone, as
// helm.sh builds: Hugo's GitInfo dates the page by the move, and so do
// we (a build that missed the variable dated it by its last change
// before the move).
func TestHugoLanguageRenameGitInfo(t *testing.T) {
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	src := filepath.Join(t.TempDir(), "site")
	const single = "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n"
	for name, body := range map[string]string{
		".gitignore":                      "public/\n.hugo_build.lock\n",
		"netlify.toml":                    "[build]\n  command = \"hugo\"\n  publish = \"public\"\n\n[build.environment]\n  HUGO_ENABLEGITINFO = \"true\"\n",
		"hugo.toml":                       "baseURL = \"" + datesBase + "\"\ndefaultContentLanguage = \"en\"\n[languages.en]\n  contentDir = \"content/en\"\n  weight = 1\n[languages.ko]\n  contentDir = \"content/ko\"\n  weight = 2\n",
		"layouts/_default/single.html":    single,
		"layouts/_default/list.html":      single,
		"content/en/docs/helm/skew.md":    "---\ntitle: Version skew\n---\nSkew.\n",
		"content/ko/docs/helm/skew.md":    "---\ntitle: Version skew (ko)\n---\nSkew.\n",
		"content/en/docs/helm/install.md": "---\ntitle: Install\n---\nInstall.\n",
	} {
		write(t, filepath.Join(src, filepath.FromSlash(name)), body)
	}
	const moved = "2020-09-21T01:45:30Z"
	commitHistory(t, src, "2020-09-18T02:25:55Z *")
	if err := os.MkdirAll(filepath.Join(src, "content", "ko", "docs", "topics"), 0o755); err != nil {
		t.Fatal(err)
	}
	gitAt(t, src, moved, "mv", "content/ko/docs/helm/skew.md", "content/ko/docs/topics/skew.md")
	gitAt(t, src, moved, "commit", "-q", "-m", "move the page")
	build := exec.Command(hugo, "--quiet")
	build.Dir, build.Env = src, append(os.Environ(), "HUGO_ENABLEGITINFO=true") // as Netlify builds it
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	public := filepath.Join(src, "public")
	loc := datesBase + "ko/docs/topics/skew/"
	theirs := generatorSitemap(t, filepath.Join(public, "ko", "sitemap.xml"))
	if !sameInstant(theirs[loc], moved) {
		t.Fatalf("the fixture's premise: Hugo's sitemap dates %s %q, not by the move, %s:\n%v", loc, theirs[loc], moved, theirs)
	}
	if r := run(t, src, []string{"HUGO_ENABLEGITINFO="}); r.code != 0 {
		t.Fatalf("sitemapgen: exit %d\n%s", r.code, r.stderr)
	}
	if ours := ourURLs(t, public); !sameInstant(ours[loc], moved) {
		t.Errorf("%s: our lastmod %q, Hugo's %s (the move)", loc, ours[loc], theirs[loc])
	}
}

// TestVitePressNetlifyTOMLNoIndex builds testdata/vitepress with a page
// of translation notes, docs/_translations/index.md, that netlify.toml
// serves with X-Robots-Tag: noindex by a [[headers]] table, as
// VitePress's own site does: sitemapgen leaves the page out, naming the
// rule, and lists the others. The same rule in _headers is left out
// alike, and so is it when plain sitemapgen runs in docs/, below the
// repository's top, where netlify.toml publishes docs/.vitepress/dist.
func TestVitePressNetlifyTOMLNoIndex(t *testing.T) {
	const base = "https://example.org/"
	src := nodeProject(t, "vitepress", "docs", "package.json")
	write(t, filepath.Join(src, "docs", "_translations", "index.md"), "# Translations\n\nHow to translate these pages.\n")
	vitepressBuild(t, src)
	dist := filepath.Join(src, "docs", ".vitepress", "dist")
	if theirs := generatorSitemap(t, filepath.Join(dist, "sitemap.xml")); !slices.Contains(slices.Collect(maps.Keys(theirs)), base+"_translations/") {
		t.Fatalf("the fixture's premise: VitePress's sitemap lists no %s_translations/: %v", base, theirs)
	}
	headers := "[build]\n  command = \"npm run build\"\n  publish = \"docs/.vitepress/dist\"\n\n[[headers]]\n  for = \"/_translations/*\"\n  [headers.values]\n    X-Robots-Tag = \"noindex\"\n"
	for _, tc := range []struct {
		name, file, body, rule string
		listed                 []string
		// inDocs runs plain sitemapgen in docs/, VitePress's project
		// folder, below the repository's top, where netlify.toml is.
		inDocs bool
	}{
		// Netlify serves about.html at /about.
		{"netlify.toml", "netlify.toml", headers, "netlify.toml:5", []string{base, base + "about", base + "guide/start"}, false},
		{"_headers", filepath.Join("docs", ".vitepress", "dist", "_headers"), "/_translations/*\n  X-Robots-Tag: noindex\n", filepath.Join("docs", ".vitepress", "dist", "_headers") + ":2",
			[]string{base, base + "about.html", base + "guide/start.html"}, false},
		{"netlify.toml at the top", "netlify.toml", headers, filepath.Join("..", "netlify.toml") + ":5", []string{base, base + "about", base + "guide/start"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			write(t, filepath.Join(src, tc.file), tc.body)
			defer os.Remove(filepath.Join(src, tc.file))
			dir, args := src, []string{"--verbose", "--base-url", base, filepath.Join("docs", ".vitepress", "dist")}
			if tc.inDocs {
				// A repository whose top holds netlify.toml.
				if out, err := exec.Command("git", "init", "-q", src).CombinedOutput(); err != nil {
					t.Fatalf("git init: %v\n%s", err, out)
				}
				defer os.RemoveAll(filepath.Join(src, ".git"))
				dir, args = filepath.Join(src, "docs"), []string{"--verbose", "--base-url", base}
			}
			r := run(t, dir, nil, args...)
			if r.code != 0 {
				t.Fatalf("sitemapgen: exit %d\n%s", r.code, r.stderr)
			}
			entries, _, err := sitemaptest.URLs(dist, base)
			if err != nil {
				t.Fatal(err)
			}
			var locs []string
			for _, e := range entries {
				locs = append(locs, e.Loc)
			}
			if !slices.Equal(locs, tc.listed) {
				t.Errorf("listed %q, want %q", locs, tc.listed)
			}
			if want := `skipped: X-Robots-Tag noindex (X-Robots-Tag "noindex" (` + tc.rule + `))`; !strings.Contains(r.stderr, want) {
				t.Errorf("--verbose does not say %q:\n%s", want, r.stderr)
			}
		})
	}
}

// TestEleventyNetlifyErrorPages builds a copy of testdata/eleventy with
// a language folder each for German and English, each with its own 404
// page (de/404.md, written to /de/404/), that netlify.toml serves as the
// error page of the language's paths ([[redirects]] from = "/de/*" to =
// "/de/404" status = 404), as eleventy-i18n does: plain sitemapgen
// leaves both out as error pages, counts them so, and --explain names
// the rule's file and line; the languages' other pages are listed.
func TestEleventyNetlifyErrorPages(t *testing.T) {
	src := nodeProject(t, "eleventy", "_data", "_includes", "index.md", "eleventy.config.js", "package.json")
	page := "---\nlayout: base.njk\ntitle: %s\n---\n# %s\n"
	rule := "[[redirects]]\n  from = \"/%s/*\"\n  to = \"/%s/404\"\n  status = 404\n\n"
	for name, data := range map[string]string{
		".gitignore":   "node_modules\n_site\n",
		"de/index.md":  fmt.Sprintf(page, "Start", "Start"),
		"de/404.md":    fmt.Sprintf(page, "Nicht gefunden", "Nicht gefunden"),
		"en/index.md":  fmt.Sprintf(page, "Home", "Home"),
		"en/404.md":    fmt.Sprintf(page, "Not found", "Not found"),
		"netlify.toml": "[build]\n  publish = \"_site\"\n\n" + fmt.Sprintf(rule, "de", "de") + fmt.Sprintf(rule, "en", "en"),
	} {
		write(t, filepath.Join(src, filepath.FromSlash(name)), data)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	eleventyBuild(t, src)
	site := filepath.Join(src, "_site")
	const base = "https://example.com/"
	for _, p := range []string{"de/404/index.html", "en/404/index.html"} {
		if _, err := os.Stat(filepath.Join(site, filepath.FromSlash(p))); err != nil {
			t.Fatalf("the fixture's premise: Eleventy wrote no %s: %v", p, err)
		}
	}
	ours, log := zeroConfig(t, src, site, base, "sources . (Eleventy's input folder)")
	if got, want := slices.Sorted(maps.Keys(ours)), []string{base, base + "de/", base + "en/"}; !slices.Equal(got, want) {
		t.Errorf("listed %q, want %q", got, want)
	}
	if !strings.Contains(log, "2 error pages") {
		t.Errorf("the summary does not count 2 error pages:\n%s", log)
	}
	x := mustRun(t, src, "--explain", "/de/404/").stdout
	if want := "the host serves it as the error page of /de/*, with status 404 (netlify.toml:4)"; !strings.Contains(x, want) {
		t.Errorf("--explain /de/404/ does not say %q:\n%s", want, x)
	}
}

// TestNetlifyErrorRuleTargets runs sitemapgen on a site folder as Netlify
// publishes it, with a _redirects file whose rule of status 404 serves a
// page with a fixed path. Netlify serves that page, with status 404, for
// every path the rule matches, and with 200 at its own URL. It is the
// site's error page only when it looks like one. A members area that
// shows the join page (/members/* /join/ 404) and a single-page app's
// misused fallback (/* /index.html 404) keep their pages listed, the
// home page included, with a warning naming the rule's line; a page
// named not-found is still left out as the error page.
func TestNetlifyErrorRuleTargets(t *testing.T) {
	const base = "https://example.com/"
	page := func(title string) string {
		return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + title + "</title></head>\n" +
			"<body><nav><a href=\"/\">Home</a> <a href=\"/about/\">About</a> <a href=\"/join/\">Join</a></nav>\n<main><h1>" + title + "</h1></main></body></html>\n"
	}
	for _, tc := range []struct {
		name, rules string
		listed      []string
		warning     string // "" for none
		skipped     string // in the summary; "" for none
	}{
		{
			name:    "a members area",
			rules:   "# Members see the join page\n/members/*  /join/  404\n",
			listed:  []string{base, base + "about/", base + "join/", base + "members/", base + "not-found/"},
			warning: filepath.Join("site", "join", "index.html") + ": warning: the host serves this page with status 404 for /members/* (" + filepath.Join("site", "_redirects") + ":2), as an error page, but it looks like none",
		},
		{
			name:    "a single-page app's fallback",
			rules:   "/*  /index.html  404\n",
			listed:  []string{base, base + "about/", base + "join/", base + "members/", base + "not-found/"},
			warning: filepath.Join("site", "index.html") + ": warning: the host serves the home page with status 404 for /* (" + filepath.Join("site", "_redirects") + ":1): listed, as the home page is never an error page",
		},
		{
			name:    "an error page of its own name",
			rules:   "/*  /not-found/  404\n",
			listed:  []string{base, base + "about/", base + "join/", base + "members/"},
			skipped: "skipped 1 (1 error page)",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			site := filepath.Join(dir, "site")
			for name, body := range map[string]string{
				"index.html":           page("Home"),
				"about/index.html":     page("About"),
				"join/index.html":      page("Join us"),
				"members/index.html":   page("Members"),
				"not-found/index.html": page("Page not found"),
				"_redirects":           tc.rules,
			} {
				write(t, filepath.Join(site, filepath.FromSlash(name)), body)
			}
			r := mustRun(t, dir, "--base-url", base, "site")
			locs := listedLocs(t, site, base)
			slices.Sort(locs)
			if !slices.Equal(locs, tc.listed) {
				t.Errorf("listed %q, want %q\n%s", locs, tc.listed, r.stderr)
			}
			if tc.warning != "" && !strings.Contains(r.stderr, tc.warning) {
				t.Errorf("the run does not warn %q:\n%s", tc.warning, r.stderr)
			}
			switch {
			case tc.skipped == "" && strings.Contains(r.stderr, "skipped "):
				t.Errorf("the run leaves a page out:\n%s", r.stderr)
			case tc.skipped != "" && !strings.Contains(r.stderr, tc.skipped):
				t.Errorf("the summary does not say %q:\n%s", tc.skipped, r.stderr)
			}
		})
	}
}
