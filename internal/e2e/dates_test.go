package e2e

// Dates as the generator dates its pages, read from its configuration:
// Hugo's enableGitInfo wherever Hugo reads it, its [frontmatter] order,
// and list pages never older than the pages they list. Each test builds
// testdata/hugo-dates with Hugo, in a git repository whose commits have
// author dates other than their committer dates, as a rebase leaves
// them (Hugo's GitInfo dates a page by the author date).

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
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
	return hugoDatesSiteAt(t, authored, committed, env, files)
}

// hugoDatesSiteAt is hugoDatesSite with the commit's author and
// committer dates given.
func hugoDatesSiteAt(t *testing.T, authored, committed string, env []string, files map[string]string) string {
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
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "site"}} {
		gitDated(t, src, authored, committed, args...)
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
// into out, for the base URL datesBase.
func ourURLs(t *testing.T, out string) map[string]string {
	t.Helper()
	return ourURLsAt(t, out, datesBase)
}

// ourURLsAt reads the URLs and lastmods of the sitemaps sitemapgen wrote
// into out, for the base URL base, and checks them against the schemas.
func ourURLsAt(t *testing.T, out, base string) map[string]string {
	t.Helper()
	entries, _, err := sitemaptest.URLs(out, base)
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

// TestHugoSiteWideDate builds a Hugo site in three languages whose
// layout writes what the theme Stack writes. A single post carries its
// own lastmod as article:modified_time. Every other page (the home page,
// the sections, the taxonomies, the terms) carries the site's last
// change as og:updated_time (.Site.LastChange in Hugo 0.111,
// .Site.Lastmod in later ones). /tags/css/ shows one post of 2019 and
// carries the site's 2025 date. As in Stack's demo, every page says
// <html lang="en-us"> (.Site.LanguageCode, set once at the top level),
// whatever its language, so the pages of one <html lang> carry three
// different last changes. Each language's last change is the same on
// every list page of that language, as Hugo tells the languages apart:
// it is no page's date. Each list page is dated by what it shows, as in
// Hugo's own sitemap, and --explain says why.
//
// The one commit is newer than every date the front matter gives. Two
// pages give no date: links/, a page of the menu, and the term page
// /tags/go/ from its _index.md. Hugo leaves them undated (no
// enableGitInfo), so their last commit has no part in the site's last
// change. sitemapgen dates links/ by its last commit all the same. The
// term page shows a post, and is dated by it, not by that commit.
func TestHugoSiteWideDate(t *testing.T) {
	layout := `<!doctype html>
<html lang="{{ .Site.LanguageCode }}">
<head>
<meta charset="utf-8">
<title>{{ .Title }}</title>
{{ if .IsPage }}{{ if not .Lastmod.IsZero }}<meta property="article:modified_time" content="{{ .Lastmod.Format "2006-01-02T15:04:05-07:00" }}">{{ end }}
{{ else }}<meta property="og:updated_time" content="{{ .Site.LastChange.Format "2006-01-02T15:04:05-07:00" }}">
{{ end }}</head>
<body><nav>{{ range .Site.Menus.main }}<a href="{{ .URL }}">{{ .Name }}</a>{{ end }}</nav>
<main>{{ block "main" . }}{{ end }}</main></body>
</html>
`
	post := func(title, date, tag string) string {
		return "---\ntitle: " + title + "\ndate: " + date + "\ntags: [" + tag + "]\n---\n" + title + ".\n"
	}
	const authored, committed = "2025-05-05T10:00:00Z", "2025-06-06T10:00:00Z"
	src := hugoDatesSiteAt(t, authored, committed, nil, map[string]string{
		"hugo.toml": hugoConfig("languageCode = \"en-us\"\ndefaultContentLanguage = \"en\"\n" +
			"[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n[languages.ar]\nweight = 3\nlanguageDirection = \"rtl\""),
		"layouts/_default/baseof.html": layout,
		"content/links.md":             "---\ntitle: Links\nmenu: main\n---\nNo date of its own.\n",
		"content/tags/go/_index.md":    "---\ntitle: Go\n---\nNo date of its own.\n",
		"content/posts/old.md":         post("Old", "2019-03-11", "css"),
		"content/posts/new.md":         post("New", "2025-04-26", "go"),
		"content/posts/vieux.fr.md":    post("Vieux", "2018-02-02", "css"),
		"content/posts/neuf.fr.md":     post("Neuf", "2024-06-06", "go"),
		"content/posts/qadim.ar.md":    post("Qadim", "2020-02-02", "css"),
		"content/posts/jadid.ar.md":    post("Jadid", "2023-03-03", "go"),
	})
	public := filepath.Join(src, "public")
	for page, date := range map[string]string{"tags/css": "2025-04-26", "fr/tags/css": "2024-06-06", "ar/tags/css": "2023-03-03"} {
		html, err := os.ReadFile(filepath.Join(public, filepath.FromSlash(page), "index.html"))
		if err != nil || !strings.Contains(string(html), `<html lang="en-us">`) || !strings.Contains(string(html), `<meta property="og:updated_time" content="`+date+`T00:00:00&#43;00:00">`) {
			t.Fatalf("the fixture's premise: /%s/ says <html lang=\"en-us\"> and carries its language's last change, %s, as og:updated_time (%v):\n%s", page, date, err, html)
		}
	}
	theirs := generatorSitemaps(t, filepath.Join(public, "en", "sitemap.xml"), filepath.Join(public, "fr", "sitemap.xml"), filepath.Join(public, "ar", "sitemap.xml"))
	for loc, want := range map[string]string{"tags/css/": "2019-03-11T00:00:00Z", "fr/tags/css/": "2018-02-02T00:00:00Z", "ar/tags/css/": "2020-02-02T00:00:00Z", "links/": ""} {
		if got := theirs[datesBase+loc]; want == "" && got != "" || want != "" && !sameInstant(got, want) {
			t.Fatalf("the fixture's premise: Hugo dates /%s %q, want %q", loc, got, want)
		}
	}
	mustRun(t, src)
	ours := ourURLs(t, public)
	for loc, lm := range theirs {
		switch loc {
		case datesBase, datesBase + "posts/":
			continue // their _index.md's dates, older than what they show (TestHugoListPageNeverOlder)
		case datesBase + "links/":
			if !sameInstant(ours[loc], authored) {
				t.Errorf("%s: our lastmod %q, want its last commit's author date %s", loc, ours[loc], authored)
			}
			continue // Hugo leaves it undated: we date it by its last commit
		}
		if lm == "" && ours[loc] != "" || lm != "" && !sameInstant(ours[loc], lm) {
			t.Errorf("%s: our lastmod %q, Hugo's %q", loc, ours[loc], lm)
		}
	}
	r := mustRun(t, src, "--explain", "tags/css/", "--explain", "tags/go/")
	wantOutput(t, r.stdout, "  lastmod:     2019-03-11T00:00:00Z (the newest page it lists)\n",
		"  passed over: meta og:updated_time 2025-04-26T00:00:00Z is the site's date, not this page's: the same on all 4 pages in \"en\" that give og:updated_time\n",
		"  passed over: git 2025-05-05T10:00:00Z is sitemapgen's fallback, not a date the generator gives: a list page is dated by what it shows\n")
}

// TestHugoPager: a section's further pages (/posts/page/2/), which no
// source gives and Hugo's sitemap leaves out, are dated by the pages each
// shows (issue 67).
func TestHugoPager(t *testing.T) {
	config, err := os.ReadFile(filepath.Join("testdata", "hugo-dates", "hugo.toml"))
	if err != nil {
		t.Fatal(err)
	}
	src := hugoDatesSite(t, nil, map[string]string{"hugo.toml": string(config) + "paginate = 1\n"})
	public := filepath.Join(src, "public")
	page2, err := os.ReadFile(filepath.Join(public, "posts", "page", "2", "index.html"))
	if err != nil || !strings.Contains(string(page2), datesBase+"posts/old/") || strings.Contains(string(page2), datesBase+"posts/new/") {
		t.Fatalf("the fixture's premise: Hugo's /posts/page/2/ shows the old post alone: %v\n%s", err, page2)
	}
	mustRun(t, src)
	ours := ourURLs(t, public)
	for loc, want := range map[string]string{
		datesBase + "posts/":        "2025-04-26T00:00:00Z", // shows the new post
		datesBase + "posts/page/2/": "2017-01-01T00:00:00Z", // shows the old one
	} {
		if !sameInstant(ours[loc], want) {
			t.Errorf("%s: our lastmod %q, want %s", loc, ours[loc], want)
		}
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

// TestJekyllFeaturedPost: a home that features the newest post in
// markup of its own above the list of the others (a hero for
// site.posts.first, then the posts from offset 1), as the Next.js blog
// starter does with its heroPost, is as new as the featured post
// (review 2 of issue 86: it was dated by the second newest).
func TestJekyllFeaturedPost(t *testing.T) {
	src, site := buildJekyllWith(t, "jekyll-blog", map[string]string{
		"_posts/2025-02-02-middle.md": "---\nlayout: default\ntitle: Middle\n---\nA post between the two.\n",
		"index.html": "---\nlayout: default\ntitle: Home\nlast_modified_at: 2023-01-01\n---\n" +
			"{% assign first = site.posts.first %}<section class=\"hero\"><h1><a href=\"{{ first.url }}\">{{ first.title }}</a></h1></section>\n" +
			"<ul>{% for post in site.posts offset:1 %}<li><a href=\"{{ post.url }}\">{{ post.title }}</a></li>{% endfor %}</ul>\n",
	})
	home, err := os.ReadFile(filepath.Join(site, "index.html"))
	if err != nil || !strings.Contains(string(home), `<h1><a href="/2025/04/26/new/">New</a></h1>`) || strings.Contains(string(home), `<li><a href="/2025/04/26/new/">`) {
		t.Fatalf("the fixture's premise: Jekyll's home features the newest post above the list, which leaves it out (%v):\n%s", err, home)
	}
	r := mustRun(t, src, "--explain", "/")
	wantOutput(t, r.stdout, "  lastmod:     2025-04-26T00:00:00Z (the newest page it lists)\n")
}

// TestJekyllListsByLanguage: in the shape of GitHub's Open Source
// Guides, each language's home lays out the documents of one collection
// of its own language alone (site.articles | where: 'lang', page.lang):
// the root's index.html shows the English articles and is dated by the
// newest of them, never by a Portuguese one it does not show; /pt/, a
// document of the collection itself, is dated by the newest Portuguese
// article it shows, not by its own older date (issue 67, found by the
// corpus); an article whose layout shows the others keeps its own.
// jekyll-sitemap writes each page's own date.
func TestJekyllListsByLanguage(t *testing.T) {
	src, site := buildJekyll(t, "jekyll-langs")
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	if !sameInstant(theirs[datesBase], "2020-01-01T00:00:00Z") || !sameInstant(theirs[datesBase+"pt/"], "2020-01-01T00:00:00Z") {
		t.Fatalf("jekyll-sitemap dates the homes %s and %s: the fixture is wrong", theirs[datesBase], theirs[datesBase+"pt/"])
	}
	if home, err := os.ReadFile(filepath.Join(site, "index.html")); err != nil || !strings.Contains(string(home), `href="/a/"`) || strings.Contains(string(home), `href="/pt/d/"`) {
		t.Fatalf("the home page does not show the English articles alone (%v):\n%s", err, home)
	}
	mustRun(t, src)
	ours := ourURLs(t, site)
	for loc, want := range map[string]string{
		datesBase:           "2021-02-01T00:00:00Z", // /b/, not /pt/d/
		datesBase + "pt/":   "2022-03-01T00:00:00Z", // /pt/d/, not its own 2020-01-01
		datesBase + "a/":    "2021-01-01T00:00:00Z",
		datesBase + "e/":    "2020-06-01T00:00:00Z", // its layout shows the others: an article, no list
		datesBase + "pt/d/": "2022-03-01T00:00:00Z",
	} {
		if !sameInstant(ours[loc], want) {
			t.Errorf("%s: our lastmod %q, want %s (jekyll-sitemap's %s)", loc, ours[loc], want, theirs[loc])
		}
	}
}

// TestHugoTermAnyCase: Hugo takes a term written in two cases (Redux,
// redux) for one URL (blog.mgechev.com, in the corpus), under one
// spelling with disablePathToLower; a section's own page may give a term
// too (hugoDocs' tools/ section). Hugo 0.111's page at that URL shows
// only the first file's post (r1, 2016-04-10), though its sitemap dates
// it by the other's (r2, 2018-01-18). Hugo's sitemap there, its date
// outranks the one derived from what the page shows (issue 97's R2).
// Without it, we date the page by what it shows, never by a page it does
// not (issue 55).
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
	if shown, err := os.ReadFile(filepath.Join(public, "tags", "redux", "index.html")); err != nil || !strings.Contains(string(shown), "/posts/r1/") || strings.Contains(string(shown), "/posts/r2/") {
		t.Fatalf("Hugo's term page does not show r1 alone (%v):\n%s", err, shown)
	}
	mustRun(t, src)
	ours := ourURLs(t, public)
	for loc, want := range map[string]string{term: "2018-01-18T00:00:00Z", tooling: theirs[tooling]} {
		if !sameInstant(ours[loc], want) {
			t.Errorf("%s: our lastmod %s, want %s (Hugo's %s)", loc, ours[loc], want, theirs[loc])
		}
	}
	// Hugo's sitemap gone (ours replaced it, and what it said is
	// forgotten): by what the page shows.
	if err := os.Remove(filepath.Join(public, ".sitemapgen-generator-lastmod")); err != nil {
		t.Fatal(err)
	}
	mustRun(t, src)
	if ours := ourURLs(t, public); !sameInstant(ours[term], "2016-04-10T00:00:00Z") {
		t.Errorf("without Hugo's sitemap: %s: our lastmod %s, want r1's 2016-04-10, the post it shows", term, ours[term])
	}
}

// TestHugoTermIndex: a term's page whose own _index.md is dated older
// than the post it lists (the LoveIt theme's site, in the corpus, with a
// term's _index file in each language) is dated by that post, as a term
// page without one is and a section with one is: it changed when the
// post appeared on it. Hugo's sitemap writes the _index.md date (issue
// 67, found by the corpus).
func TestHugoTermIndex(t *testing.T) {
	src := hugoDatesSite(t, nil, map[string]string{
		"content/tags/foo/_index.md": "---\ntitle: Foo\nlastmod: 2020-01-01\n---\n",
		"content/posts/tagged.md":    "---\ntitle: Tagged\ndate: 2022-01-01\ntags: [foo, bar]\n---\nTagged.\n",
	})
	public := filepath.Join(src, "public")
	theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
	foo := datesBase + "tags/foo/"
	if !sameInstant(theirs[foo], "2020-01-01T00:00:00Z") {
		t.Fatalf("Hugo's sitemap dates %s %s: the fixture is wrong", foo, theirs[foo])
	}
	if shown, err := os.ReadFile(filepath.Join(public, "tags", "foo", "index.html")); err != nil || !strings.Contains(string(shown), "/posts/tagged/") {
		t.Fatalf("the term page does not show the post (%v):\n%s", err, shown)
	}
	mustRun(t, src)
	ours := ourURLs(t, public)
	for loc, want := range map[string]string{foo: "2022-01-01T00:00:00Z", datesBase + "tags/bar/": "2022-01-01T00:00:00Z"} {
		if !sameInstant(ours[loc], want) {
			t.Errorf("%s: our lastmod %q, want %s (Hugo's %s)", loc, ours[loc], want, theirs[loc])
		}
	}
}

// TestJekyllLastModifiedAt builds a Jekyll site with
// jekyll-last-modified-at, which gives every page its last_modified_at
// from the committer date of its source's last commit (a rename
// included), and a document's own front matter last_modified_at over
// it: jekyll-sitemap then dates a page with a front matter date, and a
// post with a date in its name, by git. Our lastmods are jekyll-sitemap's.
func TestJekyllLastModifiedAt(t *testing.T) {
	jekyll := testtool.Program(t, "jekyll", "apt-get install jekyll ruby-jekyll-sitemap ruby-jekyll-last-modified-at")
	needTool(t, "git")
	src := filepath.Join(t.TempDir(), "site")
	for name, body := range map[string]string{
		"_config.yml":                 "url: https://example.com\npermalink: pretty\nplugins:\n  - jekyll-sitemap\n  - jekyll-last-modified-at\ncollections:\n  notes:\n    output: true\n    permalink: /notes/:name/\n",
		"index.md":                    "---\ntitle: Home\n---\nHome.\n",
		"about.md":                    "---\ntitle: About\ndate: 2020-01-01\n---\nAbout.\n",
		"old.md":                      "---\ntitle: Moved\n---\nMoved without a change.\n",
		"_posts/2020-02-02-hello.md":  "---\ntitle: Hello\n---\nA post.\n",
		"_notes/pinned.md":            "---\ntitle: Pinned\nlast_modified_at: 2021-06-01T00:00:00Z\n---\nIts own date.\n",
		"_notes/plain.md":             "---\ntitle: Plain\n---\nA note.\n",
		".gitignore":                  "_site/\n.jekyll-cache/\n",
		"_notes/.keep-the-folder.txt": "",
	} {
		write(t, filepath.Join(src, filepath.FromSlash(name)), body)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "site"}} {
		gitDated(t, src, authored, committed, args...)
	}
	const renamed = "2024-01-01T10:00:00Z"
	gitAt(t, src, renamed, "mv", "old.md", "moved.md")
	gitAt(t, src, renamed, "commit", "-q", "-m", "rename")

	site := filepath.Join(src, "_site")
	cmd := exec.Command(jekyll, "build", "--quiet", "--source", src, "--destination", site)
	cmd.Dir, cmd.Env = src, append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jekyll: %v\n%s", err, out)
	}
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	for loc, want := range map[string]string{
		datesBase + "about/":            committed, // not its date: 2020-01-01
		datesBase + "2020/02/02/hello/": committed, // not its name's date
		datesBase + "notes/pinned/":     "2021-06-01T00:00:00Z",
		datesBase + "moved/":            renamed,
	} {
		if !sameInstant(theirs[loc], want) {
			t.Fatalf("the fixture's premise: jekyll-sitemap dates %s %q, want %s:\n%v", loc, theirs[loc], want, theirs)
		}
	}
	r := mustRun(t, src, "--verbose")
	ours := ourURLs(t, site)
	if len(ours) != len(theirs) {
		t.Errorf("%d URLs, jekyll-sitemap lists %d:\n%v\n%v", len(ours), len(theirs), ours, theirs)
	}
	for loc, want := range theirs {
		if !sameInstant(ours[loc], want) {
			t.Errorf("%s: our lastmod %q, jekyll-sitemap's %s", loc, ours[loc], want)
		}
	}
	if want := "(jekyll-last-modified-at in _config.yml plugins)"; !strings.Contains(r.stderr, want) {
		t.Errorf("--verbose does not name the order's setting %q:\n%s", want, r.stderr)
	}
}

// TestMkDocsGitRevisionDate: with mkdocs-git-revision-date-localized in
// mkdocs.yml, every page shows the author date of its source's last
// commit, whatever its front matter says; so do our lastmods. The plugin
// is not among Debian's packages (and Python's registry is out of
// reach), so MkDocs builds the site without it, and the plugin is added
// to mkdocs.yml after the build: it changes what a page's footer says,
// not which files MkDocs writes.
func TestMkDocsGitRevisionDate(t *testing.T) {
	mkdocs := testtool.Program(t, "mkdocs", "apt-get install mkdocs")
	needTool(t, "git")
	src := filepath.Join(t.TempDir(), "docs-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "mkdocs"))); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(src, "docs", "about.md"), "---\ndate: 2019-01-01\n---\n# About\n\nAbout us.\n")
	write(t, filepath.Join(src, ".gitignore"), "site/\n")
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "docs"}} {
		gitDated(t, src, authored, committed, args...)
	}
	cmd := exec.Command(mkdocs, "build", "--quiet")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mkdocs: %v\n%s", err, out)
	}
	const base = "https://example.com/docs/"
	site := filepath.Join(src, "site")
	about := base + "about/"

	// Without the plugin: the page's own date.
	mustRun(t, src, "--dry-run")
	r := mustRun(t, src, "--explain", "about/")
	if !strings.Contains(r.stdout, "2019-01-01T00:00:00Z (front matter date)") {
		t.Errorf("without the plugin, --explain does not date about/ by its front matter:\n%s", r.stdout)
	}

	config := filepath.Join(src, "mkdocs.yml")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	write(t, config, string(data)+"plugins:\n  - search\n  - git-revision-date-localized:\n      type: iso_date\n")
	r = mustRun(t, src, "--verbose")
	entries, _, err := sitemaptest.URLs(site, base)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 4 {
		t.Errorf("%d URLs, want the fixture's 4 pages", len(entries))
	}
	for _, e := range entries {
		if !sameInstant(e.LastMod, authored) {
			t.Errorf("%s: lastmod %q, want %s, its source's last commit's author date (committed %s)", e.Loc, e.LastMod, authored, committed)
		}
	}
	if want := "(MkDocs git-revision-date-localized, mkdocs.yml:7)"; !strings.Contains(r.stderr, want) {
		t.Errorf("--verbose does not name the plugin %q:\n%s", want, r.stderr)
	}
	r = mustRun(t, src, "--explain", "about/")
	if !strings.Contains(r.stdout, "(git (MkDocs git-revision-date-localized, mkdocs.yml:7))") {
		t.Errorf("--explain does not name the plugin as what dates %s:\n%s", about, r.stdout)
	}
}

// The first build with a state file (--state, the hash source after the
// page's own dates) writes the sitemap a plain build writes: the list
// pages dated by the newest page they list, not by the build that first
// saw them; and so does the next.
func TestStateFirstBuild(t *testing.T) {
	needTool(t, "hugo")
	dir := recipeDir(t)
	mustShell(t, dir, "hugo --quiet")
	public := filepath.Join(dir, "public")
	mustRun(t, dir, "--quiet", "--lastmod-sources=frontmatter")
	plain, err := os.ReadFile(filepath.Join(public, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	today := time.Now().UTC().Format("2006-01-02")
	for i := range 2 {
		mustRun(t, dir, "--quiet", "--state", "state.json", "--lastmod-sources=frontmatter,hash")
		got, _ := os.ReadFile(filepath.Join(public, "sitemap.xml"))
		if string(got) != string(plain) || strings.Contains(string(got), today) {
			t.Errorf("build %d with the state file:\n%s\nwithout:\n%s", i+1, got, plain)
		}
	}
}

// TestHugoHomeOwnText: a home page is as new as the newest page it links
// to in its own content, never by pages it does not show (issue 55). Both
// sites' pages have a menu (<header><nav>) that links to /posts/, whose
// newest post is of 2025-04-26, and the home's _index.md says 2025-03-14.
// A home whose layout lists the site's pages takes the post's date; one
// whose layout shows only its own text keeps Hugo's date for it, though
// its menu links to the newer /posts/. /posts/ lists its posts in both.
func TestHugoHomeOwnText(t *testing.T) {
	const baseof = `<!doctype html>
<html lang="{{ .Site.Language.Lang }}">
<head>
<meta charset="utf-8">
<title>{{ .Title }}</title>
</head>
<body>
<header><nav><a href="{{ "" | absURL }}">Home</a> <a href="{{ "posts/" | absURL }}">Posts</a> <a href="{{ "about/" | absURL }}">About</a></nav></header>
<main>{{ block "main" . }}{{ end }}</main>
<footer><a href="{{ "posts/" | absURL }}">All posts</a></footer>
</body>
</html>
`
	for _, tc := range []struct {
		name, layout, home string
	}{
		{"lists pages", `{{ define "main" }}<h1>{{ .Title }}</h1>{{ range site.RegularPages }}<p><a href="{{ .RelPermalink }}">{{ .Title }}</a></p>{{ end }}{{ end }}`, "2025-04-26T00:00:00Z"},
		{"own text", `{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}`, "2025-03-14T00:00:00Z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := hugoDatesSite(t, nil, map[string]string{"layouts/_default/baseof.html": baseof, "layouts/index.html": tc.layout})
			public := filepath.Join(src, "public")
			theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
			if !sameInstant(theirs[datesBase], "2025-03-14T00:00:00Z") {
				t.Fatalf("Hugo's sitemap dates the home %s: the fixture is wrong", theirs[datesBase])
			}
			mustRun(t, src)
			ours := ourURLs(t, public)
			for loc, want := range map[string]string{
				datesBase:                tc.home,
				datesBase + "posts/":     "2025-04-26T00:00:00Z",
				datesBase + "posts/new/": "2025-04-26T00:00:00Z",
				datesBase + "about/":     "2025-01-01T10:00:00Z",
			} {
				if !sameInstant(ours[loc], want) {
					t.Errorf("%s: our lastmod %s, want %s (Hugo's %s)", loc, ours[loc], want, theirs[loc])
				}
			}
		})
	}
}

// TestHugoHomeSidebarMenu: a theme's menu in a sidebar is no entry of a
// list, whatever its element names (issue 86). In the shape of the Hugo
// theme Stack, every page has a sidebar, an <aside> or a plain <div>,
// whose menu links to the home, /about/ and /links/, and /links/
// (2026-01-01) is newer than every post. The home lists only the posts:
// it is as new as the newest post (2025-04-26), not as /links/. A home
// that lists /links/ in its own content too is as new as /links/.
func TestHugoHomeSidebarMenu(t *testing.T) {
	config, err := os.ReadFile(filepath.Join("testdata", "hugo-dates", "hugo.toml"))
	if err != nil {
		t.Fatal(err)
	}
	const menu = `
[[menu.main]]
name = "Home"
url = "/"
weight = 1
[[menu.main]]
name = "About"
url = "/about/"
weight = 2
[[menu.main]]
name = "Links"
url = "/links/"
weight = 3
`
	// The sidebar's element is the case's; its markup is Stack's shape.
	const baseof = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><div class="container">
<%[1]s class="sidebar left-sidebar">
<header><div class="site-meta"><h1><a href="{{ site.BaseURL | relLangURL }}">{{ site.Title }}</a></h1></div></header>
<ol class="menu" id="main-menu">{{ range site.Menus.main }}<li><a href='{{ .URL }}'><span>{{ .Name }}</span></a></li>{{ end }}</ol>
</%[1]s>
<main class="main">{{ block "main" . }}{{ end }}</main>
</div></body>
</html>
`
	const posts = `{{ define "main" }}<section class="article-list">{{ range where site.RegularPages "Section" "posts" }}` +
		`<article><header><h2 class="article-title"><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2></header></article>{{ end }}</section>{{ end }}`
	const all = `{{ define "main" }}<section class="article-list">{{ range site.RegularPages }}` +
		`<article><header><h2 class="article-title"><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2></header></article>{{ end }}</section>{{ end }}`
	const links = "2026-01-01T00:00:00Z"
	for _, tc := range []struct {
		name, sidebar, home, want string
	}{
		{"aside", "aside", posts, "2025-04-26T00:00:00Z"},
		{"div", "div", posts, "2025-04-26T00:00:00Z"},
		{"listed too", "aside", all, links},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := hugoDatesSite(t, nil, map[string]string{
				"hugo.toml":                    string(config) + menu,
				"content/links.md":             "---\ntitle: Links\nlastmod: " + links + "\n---\nLinks.\n",
				"layouts/_default/baseof.html": fmt.Sprintf(baseof, tc.sidebar),
				"layouts/index.html":           tc.home,
			})
			public := filepath.Join(src, "public")
			home, err := os.ReadFile(filepath.Join(public, "index.html"))
			if err != nil || !strings.Contains(string(home), `<li><a href='/links/'>`) {
				t.Fatalf("the fixture's premise: the home's menu links to /links/ (%v):\n%s", err, home)
			}
			if listed := strings.Contains(string(home), `<h2 class="article-title"><a href="/links/">`); listed != (tc.want == links) {
				t.Fatalf("the fixture's premise: the home lists /links/ %v:\n%s", listed, home)
			}
			theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
			if !sameInstant(theirs[datesBase+"links/"], links) {
				t.Fatalf("Hugo's sitemap dates /links/ %s: the fixture is wrong", theirs[datesBase+"links/"])
			}
			mustRun(t, src)
			ours := ourURLs(t, public)
			for loc, want := range map[string]string{
				datesBase:                tc.want,
				datesBase + "posts/":     "2025-04-26T00:00:00Z",
				datesBase + "posts/new/": "2025-04-26T00:00:00Z",
				datesBase + "links/":     links,
			} {
				if !sameInstant(ours[loc], want) {
					t.Errorf("%s: our lastmod %s, want %s (Hugo's %s)", loc, ours[loc], want, theirs[loc])
				}
			}
		})
	}
}

// TestHugoHomeProseLink: a link the home page's own text writes (its
// _index.md's "[me](/about/)") is no entry of its list, and the page it
// names does not date it: the home shows its text and the posts, and is
// as new as the newest post (2025-04-26), though /about/, which Hugo
// leaves undated (no date, no GitInfo), was changed by a later commit.
func TestHugoHomeProseLink(t *testing.T) {
	src := hugoDatesSite(t, nil, map[string]string{
		"content/_index.md": "---\ntitle: Home\n---\nHello, I am [the author](/about/).\n",
		"content/about.md":  "---\ntitle: About\n---\nAbout the author.\n",
		"layouts/index.html": `{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}` +
			`{{ range where site.RegularPages "Section" "posts" }}<p><a href="{{ .RelPermalink }}">{{ .Title }}</a></p>{{ end }}{{ end }}`,
	})
	const later = "2026-02-22T11:56:28Z" // /about/'s last commit, its only date
	write(t, filepath.Join(src, "content", "about.md"), "---\ntitle: About\n---\nAbout the author, again.\n")
	gitDated(t, src, later, later, "commit", "-qam", "about")
	public := filepath.Join(src, "public")
	theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
	if !sameInstant(theirs[datesBase], "2025-04-26T00:00:00Z") || theirs[datesBase+"about/"] != "" {
		t.Fatalf("Hugo's sitemap dates the home %s, /about/ %q: the fixture is wrong", theirs[datesBase], theirs[datesBase+"about/"])
	}
	mustRun(t, src)
	ours := ourURLs(t, public)
	for loc, want := range map[string]string{
		datesBase:            "2025-04-26T00:00:00Z",
		datesBase + "about/": later,
	} {
		if !sameInstant(ours[loc], want) {
			t.Errorf("%s: our lastmod %s, want %s (Hugo's %q)", loc, ours[loc], want, theirs[loc])
		}
	}
}

// TestHugoListSourceNamesEntry: what a list page shows is what its built
// page links to, not what its _index.md names (issue 86). helm.sh's
// docs/intro/_index.md has aliases: ["/docs/using_helm/"], and its page
// lists using_helm among its quick links: the alias is no link of its
// text, and the section is as new as using_helm, Hugo's newest page of
// it. A page its text links to and its template lists too (topics/,
// whose text says "start with [the charts](charts/)") is an entry; a
// page its text alone links to is not (TestHugoHomeProseLink).
func TestHugoListSourceNamesEntry(t *testing.T) {
	src := hugoDatesSite(t, nil, map[string]string{
		"content/docs/_index.md":           "---\ntitle: Docs\ndate: 2025-01-01\n---\n",
		"content/docs/intro/_index.md":     "---\ntitle: Introduction\ndate: 2025-01-01\naliases: [\"/docs/using_helm/\"]\n---\nAre you new to it? This is the place to start!\n",
		"content/docs/intro/quickstart.md": "---\ntitle: Quickstart\ndate: 2025-02-02\n---\nQuick.\n",
		"content/docs/intro/using_helm.md": "---\ntitle: Using it\ndate: 2025-05-05\n---\nUse it.\n",
		"content/docs/topics/_index.md":    "---\ntitle: Topics\ndate: 2025-01-01\n---\nStart with [the charts](charts/).\n",
		"content/docs/topics/charts.md":    "---\ntitle: Charts\ndate: 2025-06-06\n---\nCharts.\n",
		"content/docs/topics/plugins.md":   "---\ntitle: Plugins\ndate: 2025-03-03\n---\nPlugins.\n",
		"layouts/docs/list.html": `{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}<section class="quick-links">` +
			`{{ range .Pages }}<a href="{{ .RelPermalink }}" class="quick-item"><h4>{{ .Title }}</h4></a>{{ end }}</section>{{ end }}`,
	})
	public := filepath.Join(src, "public")
	theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
	for page, shows := range map[string][]string{
		"docs/intro":  {`href="/docs/intro/using_helm/" class="quick-item"`, `href="/docs/intro/quickstart/" class="quick-item"`},
		"docs/topics": {`<a href="charts/">the charts</a>`, `href="/docs/topics/charts/" class="quick-item"`},
	} {
		data, err := os.ReadFile(filepath.Join(public, page, "index.html"))
		if err != nil || slices.ContainsFunc(shows, func(s string) bool { return !strings.Contains(string(data), s) }) {
			t.Fatalf("the fixture's premise: Hugo's /%s/ shows %q (%v):\n%s", page, shows, err, data)
		}
	}
	mustRun(t, src)
	ours := ourURLs(t, public)
	for list, entry := range map[string]string{
		"docs/intro/":  "docs/intro/using_helm/",
		"docs/topics/": "docs/topics/charts/",
		"docs/":        "docs/topics/charts/",
	} {
		if want := theirs[datesBase+entry]; want == "" || !sameInstant(ours[datesBase+list], want) {
			t.Errorf("/%s: our lastmod %s, want its newest entry's, /%s: %q (Hugo's %q)", list, ours[datesBase+list], entry, want, theirs[datesBase+list])
		}
	}
}

// TestHugoListSourceText: the links a list page's own text writes are
// counted as its built page shows them (review 2 of issue 86): a
// reference link's label used twice is two links to /about/, though its
// definition is one line; a link in a fenced code block is no link, and
// the post it names, which the section lists, stays its entry; a link
// by the named form of relref in an href (raw HTML, which Goldmark
// renders with unsafe = true) is one. The home and the section are as
// new as the newest post (2025-04-26), not as /about/ (a later commit,
// its only date) nor as their own date.
func TestHugoListSourceText(t *testing.T) {
	config, err := os.ReadFile(filepath.Join("testdata", "hugo-dates", "hugo.toml"))
	if err != nil {
		t.Fatal(err)
	}
	const later = "2026-02-22T11:56:28Z" // /about/'s last commit, its only date
	const list = `{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}` +
		`{{ range where site.RegularPages "Section" "posts" }}<p><a href="{{ .RelPermalink }}">{{ .Title }}</a></p>{{ end }}{{ end }}`
	for _, tc := range []struct {
		name, file, text, page, shows string
	}{
		{"reference used twice", "content/_index.md", "---\ntitle: Home\n---\nI am [the author][me]. Questions? Ask [the author][me].\n\n[me]: /about/\n",
			"", `Ask <a href="/about/">the author</a>`},
		{"link in code", "content/posts/_index.md", "---\ntitle: Posts\ndate: 2025-01-01\n---\nLink a post so:\n\n```md\n[the new post](/posts/new/)\n```\n",
			"posts/", `<code class="language-md" data-lang="md">`},
		{"named relref", "content/_index.md", "---\ntitle: Home\n---\n<p>I am <a href=\"{{< relref path=\"about.md\" >}}\">the author</a>.</p>\n",
			"", `I am <a href="/about/">the author</a>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := hugoDatesSite(t, nil, map[string]string{
				"hugo.toml":               string(config) + "[markup.goldmark.renderer]\nunsafe = true\n",
				"content/about.md":        "---\ntitle: About\n---\nAbout the author.\n",
				"layouts/index.html":      list,
				"layouts/posts/list.html": list,
				tc.file:                   tc.text,
			})
			write(t, filepath.Join(src, "content", "about.md"), "---\ntitle: About\n---\nAbout the author, again.\n")
			gitDated(t, src, later, later, "commit", "-qam", "about")
			public := filepath.Join(src, "public")
			built, err := os.ReadFile(filepath.Join(public, filepath.FromSlash(tc.page), "index.html"))
			if err != nil || !strings.Contains(string(built), tc.shows) || !strings.Contains(string(built), `<p><a href="/posts/new/">New</a></p>`) {
				t.Fatalf("the fixture's premise: Hugo's /%s shows %q and lists /posts/new/ (%v):\n%s", tc.page, tc.shows, err, built)
			}
			mustRun(t, src)
			ours := ourURLs(t, public)
			for loc, want := range map[string]string{
				datesBase + tc.page:  "2025-04-26T00:00:00Z",
				datesBase + "about/": later,
			} {
				if !sameInstant(ours[loc], want) {
					t.Errorf("%s: our lastmod %s, want %s", loc, ours[loc], want)
				}
			}
		})
	}
}

// TestJekyllPolyglot builds a site with jekyll-polyglot, which builds it
// once per language: a page of each language's own file at its URL
// (below /LANG/ but for the default's), and a page with no translation
// from the default language's file, below every other /LANG/, or from
// the one language's that has one when the default's has none. Each
// source says its own last_modified_at and prints its own mark; every
// page we date is dated by the source whose mark it shows.
func TestJekyllPolyglot(t *testing.T) {
	jekyll := testtool.Program(t, "jekyll", "apt-get install jekyll ruby-jekyll-polyglot")
	src := filepath.Join(t.TempDir(), "site")
	sources := map[string]string{
		// de sorts before en: the file that sorts first is not the
		// default language's page.
		"about.de.md":                "lang: de\npermalink: about/",
		"about.en.md":                "lang: en\npermalink: about/",
		"about.es.md":                "lang: es\npermalink: about/",
		"index.md":                   "title: Home",
		"contact.md":                 "permalink: /contact/",
		"only.es.md":                 "lang: es",
		"both.de.md":                 "lang: de\npermalink: /both/",
		"both.es.md":                 "lang: es\npermalink: /both/",
		"_posts/2024-01-02-hello.md": "title: Hello",
		// lang_from_path: a document's language is the folder below
		// its collection's.
		"_posts/es/2024-01-02-hello.md": "title: Hola",
	}
	dates := map[string]string{}
	for i, name := range slices.Sorted(maps.Keys(sources)) {
		date := fmt.Sprintf("2024-%02d-01T00:00:00Z", i+2)
		dates["MARK-"+name+"."] = date
		write(t, filepath.Join(src, filepath.FromSlash(name)),
			fmt.Sprintf("---\n%s\nlast_modified_at: %s\n---\nMARK-%s.\n", sources[name], date, name))
	}
	write(t, filepath.Join(src, "_config.yml"), "url: https://example.com\npermalink: pretty\n"+
		"plugins: [jekyll-polyglot]\nlanguages: [de, en, es]\ndefault_lang: en\nlang_from_path: true\n"+
		// One language after another: the plugin's forked builds, one per
		// language, lose a language's pages, unsaid, on a busy machine.
		"parallel_localization: false\n")
	write(t, filepath.Join(src, "_layouts", "default.html"), "{{ content }}")
	site := filepath.Join(src, "_site")
	cmd := exec.Command(jekyll, "build", "--quiet", "--source", src, "--destination", site)
	cmd.Dir, cmd.Env = src, append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jekyll: %v\n%s", err, out)
	}
	// The source each page shows, by its mark.
	markRE := regexp.MustCompile(`MARK-[^<\s]+\.`)
	shows := map[string]string{}
	err := filepath.WalkDir(site, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".html" {
			return err
		}
		data, err := os.ReadFile(p)
		if m := markRE.Find(data); m != nil {
			rel, _ := filepath.Rel(site, filepath.Dir(p))
			loc := datesBase + strings.TrimPrefix(filepath.ToSlash(rel)+"/", "./")
			shows[loc] = string(m)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for loc, mark := range map[string]string{
		datesBase + "about/":               "MARK-about.en.md.",
		datesBase + "de/about/":            "MARK-about.de.md.",
		datesBase + "es/about/":            "MARK-about.es.md.",
		datesBase + "es/contact/":          "MARK-contact.md.",
		datesBase + "es/2024/01/02/hello/": "MARK-_posts/es/2024-01-02-hello.md.",
		datesBase + "de/2024/01/02/hello/": "MARK-_posts/2024-01-02-hello.md.",
		datesBase + "only.es/":             "MARK-only.es.md.",
		datesBase + "es/only.es/":          "MARK-only.es.md.",
		datesBase + "de/":                  "MARK-index.md.",
	} {
		if shows[loc] != mark {
			t.Fatalf("the fixture's premise: jekyll-polyglot builds %s from %q, not %q:\n%v", loc, shows[loc], mark, shows)
		}
	}
	if m := shows[datesBase+"both/"]; m != "MARK-both.de.md." && m != "MARK-both.es.md." {
		t.Fatalf("the fixture's premise: /both/ is built from %q", m)
	}
	mustRun(t, src)
	ours := ourURLs(t, site)
	if len(ours) != len(shows) {
		t.Errorf("%d URLs, Jekyll built %d pages:\n%v\n%v", len(ours), len(shows), ours, shows)
	}
	// Built from a page of another language than the page's and the
	// default (no translation, no default language's page), when two
	// languages have one: which one, the files do not tell.
	unknowable := map[string]bool{datesBase + "both/": true}
	for loc, mark := range shows {
		want := dates[mark]
		if unknowable[loc] {
			want = ""
		}
		if got, ok := ours[loc]; !ok || !sameInstant(got, want) && !(got == "" && want == "") {
			t.Errorf("%s (built from %s): our lastmod %q, want %q", loc, mark, got, want)
		}
	}
}

// TestHugoYearLastDate: real Hugo builds a post whose date is written
// with its year last ("03/18/2024"), which Hugo leaves out. The warning
// says how to write the date, and ends with the date the sitemap gives
// the page instead and where it comes from (issue 86).
func TestHugoYearLastDate(t *testing.T) {
	src := hugoDatesSite(t, nil, map[string]string{"content/posts/mdy.md": "---\ntitle: Year last\ndate: \"03/18/2024\"\n---\nText.\n"})
	r := mustRun(t, src)
	written := ourURLs(t, filepath.Join(src, "public"))[datesBase+"posts/mdy/"]
	said := regexp.MustCompile(`content/posts/mdy\.md:3: warning: date: "03/18/2024" is not a date: .*; write it year first: 2024-03-18; the page is dated by (.+) instead: (\S+)\n`).FindStringSubmatch(r.stderr)
	if said == nil || !sameInstant(written, said[2]) {
		t.Errorf("the warning does not end with the date written, %s:\n%s", written, r.stderr)
	}
}
