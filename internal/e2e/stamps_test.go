package e2e

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestJekyllSEOStamps builds testdata/jekyll-seo, committed to git, with
// the real Jekyll and jekyll-seo-tag: a collection document without a
// date has page.date = site.time, the build's time, which {% seo %}
// writes into the JSON-LD's dateModified. jekyll-sitemap lists it with
// the build's time; we give it its source's last commit, never the
// build's time, and --explain says why. ./test.sh installs Debian's jekyll
// and ruby-jekyll-seo-tag.
func TestJekyllSEOStamps(t *testing.T) {
	jekyll := testtool.Program(t, "jekyll", "apt-get install jekyll ruby-jekyll-seo-tag ruby-jekyll-sitemap")
	src := copyFixture(t, "jekyll-seo")
	// More undated documents, so that the set's rule has enough pages to
	// judge when the per-page rule cannot see the stamps (below).
	for i := range 24 {
		write(t, filepath.Join(src, "_recipes", fmt.Sprintf("dish-%02d.md", i)), "---\ntitle: Dish\n---\nUndated.\n")
	}
	write(t, filepath.Join(src, ".gitignore"), "_site\n")
	commitHistory(t, src, "2024-03-03T03:03:03Z *", "2024-04-04T04:04:04Z _recipes/soup.md")
	site := filepath.Join(src, "_site")
	cmd := exec.Command(jekyll, "build", "--quiet", "--source", src, "--destination", site)
	cmd.Env = append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jekyll: %v\n%s", err, out)
	}
	const base = "https://example.com/"
	soup := base + "recipes/soup/"
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	stamp := theirs[soup]
	page, _ := os.ReadFile(filepath.Join(site, "recipes", "soup", "index.html"))
	if stamp == "" || !strings.Contains(string(page), `"dateModified":"`+strings.TrimSuffix(stamp, "+00:00")) {
		t.Fatalf("the fixture's premise: jekyll-sitemap dates %s by the build (%q), and jekyll-seo-tag writes the same into dateModified:\n%s", soup, stamp, page)
	}
	wantDates := map[string]string{
		soup:                       "2024-04-04T04:04:04Z",
		base + "recipes/bread/":    "2024-03-03T03:03:03Z",
		base + "recipes/dish-00/":  "2024-03-03T03:03:03Z",
		base + "2024/01/05/first/": "2024-01-05T00:00:00Z",
		base:                       "2024-03-03T03:03:03Z",
	}
	check := func(t *testing.T, log string) {
		t.Helper()
		ours := map[string]string{}
		entries, _, err := sitemaptest.URLs(site, base)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			ours[e.Loc] = e.LastMod
		}
		if len(ours) != len(theirs) {
			t.Errorf("%d URLs; jekyll-sitemap lists %d", len(ours), len(theirs))
		}
		for loc, want := range wantDates {
			if got := ours[loc]; !sameInstant(got, want) {
				t.Errorf("%s: lastmod %q, want %s (its source's last commit, not the build's time %s)", loc, got, want, stamp)
			}
		}
		if !strings.Contains(log, "; lastmod: 27 git, 1 frontmatter (26 dates passed over: the build's time)") {
			t.Errorf("the summary does not count the stamps passed over:\n%s", log)
		}
	}

	// A fresh build: each page's stamp lies within the minutes before its
	// file was written.
	t.Run("build", func(t *testing.T) {
		check(t, mustRun(t, src).stderr)
		r := mustRun(t, src, "--explain", "recipes/soup/")
		want := fmt.Sprintf("  lastmod:     2024-04-04T04:04:04Z (git)\n  passed over: meta JSON-LD dateModified %s is the build's time: not a lastmod\n", strings.Replace(stamp, "+00:00", "Z", 1))
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--explain does not say\n%s\nbut:\n%s", want, r.stdout)
		}
	})

	// The built site copied two hours later (an artifact downloaded, a
	// cp without -p): every file's time is the copy's, and the stamps lie
	// outside the window of each page's file. The set's rule sees them:
	// 26 of 28 URLs dated on one day, the newest, from the pages' heads.
	t.Run("copied", func(t *testing.T) {
		later := time.Now().Add(2 * time.Hour)
		if err := filepath.Walk(site, func(p string, _ os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			return os.Chtimes(p, later, later)
		}); err != nil {
			t.Fatal(err)
		}
		log := mustRun(t, src).stderr
		check(t, log)
		if !strings.Contains(log, "26 of 28 URLs have a lastmod on ") {
			t.Errorf("no warning names the stamps the set's rule found:\n%s", log)
		}
		r := mustRun(t, src, "--explain", "recipes/soup/")
		if !strings.Contains(r.stdout, "  lastmod:     2024-04-04T04:04:04Z (git)\n") || !strings.Contains(r.stdout, "is the build's time: not a lastmod (more than half of the URLs") {
			t.Errorf("--explain:\n%s", r.stdout)
		}
	})
}

// TestSphinxComputedBaseURL builds testdata/sphinx with a conf.py whose
// html_baseurl is computed (os.environ.get with an f-string default, as
// Read the Docs projects write it), which sitemapgen cannot read as a
// literal: the base URL comes from what the built site says, the
// canonical links Sphinx writes into every page, else robots.txt's
// Sitemap: lines; the line says where it came from.
func TestSphinxComputedBaseURL(t *testing.T) {
	src := copyFixture(t, "sphinx")
	write(t, filepath.Join(src, "conf.py"), `import os
project = 'stamps'
extensions = []
html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", f"https://{project}.readthedocs.io/en/latest/")
html_extra_path = ['extra']
`)
	write(t, filepath.Join(src, "extra", "robots.txt"), "User-agent: *\nSitemap: https://stamps.readthedocs.io/en/latest/sitemap.xml\n")
	sphinx := testtool.Program(t, "sphinx-build", "apt-get install python3-sphinx")
	cmd := exec.Command(sphinx, "-q", "-b", "html", ".", "_build/html")
	cmd.Dir = src
	cmd.Env = slicesWithout(os.Environ(), "READTHEDOCS_CANONICAL_URL=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sphinx-build: %v\n%s", err, out)
	}
	const base = "https://stamps.readthedocs.io/en/latest/"
	site := filepath.Join(src, "_build", "html")
	r := mustRun(t, src)
	wantOutput(t, r.stderr, "base URL "+base+" from the pages' canonical links")
	checkSitemap(t, site, base, []string{"index.html", "about.html", "guide.html", "genindex.html", "search.html"})

	// Without the home page's canonical link, robots.txt says it.
	page := filepath.Join(site, "index.html")
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	write(t, page, strings.Replace(string(html), `rel="canonical"`, `rel="author"`, 1))
	r = mustRun(t, src)
	wantOutput(t, r.stderr, "base URL "+base+" from robots.txt's Sitemap: lines")
}

// slicesWithout returns env without the entries that start with prefix.
func slicesWithout(env []string, prefix string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, prefix) {
			out = append(out, e)
		}
	}
	return out
}

// TestVitePressSitemapDates builds testdata/vitepress (VitePress pinned
// in package-lock.json; ./test.sh installs it) with lastUpdated, its pages
// in git with dated commits: VitePress dates every page of its own
// sitemap by its source's last commit. Plain sitemapgen replaces that
// sitemap with the same dates, from the pages' sources, to which they are
// joined as VitePress routes them, dated as VitePress dates them (issue
// 87; before, from its sitemap alone), --explain says so, a
// second run and sitemapgen --check, with the generator's file gone, give
// the same dates, and a watch session writes what a build writes.
func TestVitePressSitemapDates(t *testing.T) {
	src := nodeProject(t, "vitepress", "docs", "package.json")
	write(t, filepath.Join(src, ".gitignore"), "node_modules\ndocs/.vitepress/dist\ndocs/.vitepress/cache\n")
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z docs/about.md")
	vitepressBuild(t, src)
	const base = "https://example.org/"
	dist := filepath.Join(src, "docs", ".vitepress", "dist")
	want := map[string]string{
		base:                      "2024-01-01T00:00:00Z",
		base + "about.html":       "2024-02-03T10:00:00Z",
		base + "guide/start.html": "2024-01-01T00:00:00Z",
	}
	theirs := generatorSitemap(t, filepath.Join(dist, "sitemap.xml"))
	for loc, lm := range want {
		if !sameInstant(strings.Replace(theirs[loc], ".000Z", "Z", 1), lm) {
			t.Fatalf("the fixture's premise: VitePress dates %s %q, want %s (its last commit)", loc, theirs[loc], lm)
		}
	}
	check := func(step string) {
		t.Helper()
		wantDates(t, step, dist, base, want, "VitePress' sitemap's")
	}
	r := mustRun(t, src)
	wantOutput(t, r.stderr, "lastmod: 3 git;")
	check("build")
	r = mustRun(t, src, "--explain", "about.html")
	wantOutput(t, r.stdout, "  lastmod:     2024-02-03T10:00:00Z (git (VitePress lastUpdated, docs/.vitepress/config.mts))\n")
	// VitePress' file is ours now: its dates are kept beside it.
	mustRun(t, src, "--check")
	mustRun(t, src)
	check("a second run")
	mustRun(t, src, "--check")
}

// wantDates checks that the sitemaps in dir list the URLs of want (URL
// → lastmod), each with its lastmod, which is what why says.
func wantDates(t *testing.T, step, dir, base string, want map[string]string, why string) {
	t.Helper()
	entries, _, err := sitemaptest.URLs(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(want) {
		t.Errorf("%s: %d URLs, want %d", step, len(entries), len(want))
	}
	for _, e := range entries {
		if !sameInstant(e.LastMod, want[e.Loc]) {
			t.Errorf("%s: %s: lastmod %q, want %s (%s)", step, e.Loc, e.LastMod, want[e.Loc], why)
		}
	}
}

// TestHexoBuildStamp runs sitemapgen as a new user would on
// testdata/hexo-stamp, a Hexo 8 site (theme hexo-theme-landscape; its
// rebuild.sh builds it) whose publish folder netlify.toml names, its
// sources committed and its built files untracked. Hexo dates a page's
// `updated` by its source file's time, a fresh checkout's, and the theme
// writes it as article:modified_time on the posts; the other pages
// (archives, tags, the home page) carry none, and their files' times are
// the build's.
//
// The build alone (--source none) offers only those dates, all on the
// build's day: it cannot date its pages, no lastmod is written, and the
// run says why once. Plain sitemapgen knows the project for Hexo's and
// joins the posts to their sources: each is dated as Hexo dates it, its
// file's time read as its last commit, the list pages by the newest post
// they show; no date is the build's, and nothing is said of build times.
func TestHexoBuildStamp(t *testing.T) {
	src := copyFixture(t, "hexo-stamp")
	gitAt(t, src, "2025-03-01T10:00:00Z", "init", "-q")
	gitAt(t, src, "2025-03-01T10:00:00Z", "add", "--", "_config.yml", "netlify.toml", "package.json", "source")
	gitAt(t, src, "2025-03-01T10:00:00Z", "commit", "-q", "-m", "the sources")
	const checkout = "2025-03-14T09:00:00Z" // rebuild.sh's source time: the theme's article:modified_time
	built := time.Date(2025, 3, 14, 9, 4, 0, 0, time.UTC)
	site := filepath.Join(src, "public")
	page, err := os.ReadFile(filepath.Join(site, "2024", "03", "02", "first-tide", "index.html"))
	if err != nil || !strings.Contains(string(page), `<meta property="article:modified_time" content="2025-03-14T09:00:00.000Z">`) {
		t.Fatalf("the fixture's premise: the theme writes the checkout's time %s as article:modified_time (%v)", checkout, err)
	}
	if err := filepath.Walk(site, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, built, built)
	}); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (result, []sitemaptest.Entry) {
		t.Helper()
		r := hexoRun(t, src, args...) // in the zone rebuild.sh built it in
		entries, _, err := sitemaptest.URLs(site, "https://tidenotes.net/")
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) < 20 {
			t.Fatalf("%d URLs listed, want the site's pages (at least 20):\n%s", len(entries), r.stderr)
		}
		for _, e := range entries {
			if strings.HasPrefix(e.LastMod, "2025-03-14") {
				t.Errorf("%v: %s: lastmod %s, the build's day: a build stamp written", args, e.Loc, e.LastMod)
			}
		}
		if strings.Contains(r.stderr, "look like build times") {
			t.Errorf("%v: the lint calls dates build times that were written:\n%s", args, r.stderr)
		}
		return r, entries
	}

	r, _ := run("--source", "none")
	if n := strings.Count(r.stderr, "the build's time"); n != 1 || strings.Count(r.stderr, "warning: ") > 1 {
		t.Errorf("--source none: want the build's time said once (the summary, or one warning), got %d:\n%s", n, r.stderr)
	}

	r, entries := run()
	if !strings.Contains(r.stderr, "Hexo") || strings.Contains(r.stderr, "warning: ") {
		t.Errorf("the run does not name Hexo, or warns:\n%s", r.stderr)
	}
	dated := 0
	for _, e := range entries {
		switch {
		case e.LastMod == "":
		case sameInstant(e.LastMod, "2025-03-01T10:00:00Z"): // the sources' commit
			dated++
		default:
			t.Errorf("%s: lastmod %s, not the sources' commit", e.Loc, e.LastMod)
		}
	}
	if dated < 14 {
		t.Errorf("%d of %d URLs dated by the sources' commit; want the 13 posts and the home page at least:\n%s", dated, len(entries), r.stderr)
	}
}

// TestVitePressTranslationLanded: a VitePress site with lastUpdated
// (testdata/vitepress's packages) whose French translation, 15 of its 28
// pages, landed in one commit, the English pages each on a day of its
// own. VitePress dates every page of its sitemap by its source's last
// commit: 15 URLs share a day, truly. Plain sitemapgen takes those dates
// and does not call them build times, whether the configuration has a
// sitemap.transformItems (VitePress's own documentation filters its
// items so), which may change the dates, or not (issue 86): a date that
// is a commit's of the project's history is none of a build's.
func TestVitePressTranslationLanded(t *testing.T) {
	src := nodeProject(t, "vitepress", "package.json")
	config := `import { defineConfig } from 'vitepress'

export default defineConfig({
  title: 'Docs',
  lastUpdated: true,
  locales: {
    root: { label: 'English', lang: 'en-US' },
    fr: { label: 'Français', lang: 'fr-FR', link: '/fr/' },
  },
  sitemap: {
    hostname: 'https://example.org/',
    transformItems(items) {
      return items.filter((item) => !item.url.includes('migration'))
    },
  },
})
`
	write(t, filepath.Join(src, "docs", ".vitepress", "config.mts"), config)
	write(t, filepath.Join(src, ".gitignore"), "node_modules\ndocs/.vitepress/dist\ndocs/.vitepress/cache\n")
	history := []string{"2024-01-01T00:00:00Z *"}
	want := map[string]string{}
	const base = "https://example.org/"
	for i := range 13 {
		name := "index"
		if i > 0 {
			name = fmt.Sprintf("p%d", i)
		}
		write(t, filepath.Join(src, "docs", name+".md"), "# "+name+"\n")
		day := time.Date(2024, 1, 2+i, 12, 0, 0, 0, time.UTC).Format(time.RFC3339)
		if i == 12 {
			// An English page changed after the translation: the
			// translation's day is not the newest (as on VitePress's
			// own site), which the lint judges.
			day = time.Date(2024, 4, 1, 12, 0, 0, 0, time.UTC).Format(time.RFC3339)
		}
		history = append(history, day+" docs/"+name+".md")
		want[base+strings.TrimSuffix(name+".html", "index.html")] = day
	}
	var fr []string
	for i := range 15 {
		name := "index"
		if i > 0 {
			name = fmt.Sprintf("p%d", i)
		}
		write(t, filepath.Join(src, "docs", "fr", name+".md"), "# fr "+name+"\n")
		fr = append(fr, "docs/fr/"+name+".md")
		want[base+"fr/"+strings.TrimSuffix(name+".html", "index.html")] = "2024-03-23T12:00:00Z"
	}
	history = append(history[:13], append([]string{"2024-03-23T12:00:00Z " + strings.Join(fr, " ")}, history[13:]...)...)
	commitHistory(t, src, history...)
	vitepressBuild(t, src)
	dist := filepath.Join(src, "docs", ".vitepress", "dist")
	theirs := generatorSitemap(t, filepath.Join(dist, "sitemap.xml"))
	if len(theirs) != 28 || !sameInstant(strings.Replace(theirs[base+"fr/p3.html"], ".000Z", "Z", 1), "2024-03-23T12:00:00Z") {
		t.Fatalf("the fixture's premise: VitePress lists %d URLs, fr/p3.html dated %q, want 28 and the translation's commit", len(theirs), theirs[base+"fr/p3.html"])
	}
	check := func(step string) {
		t.Helper()
		r := mustRun(t, src)
		if strings.Contains(r.stderr, "look like build times") || strings.Contains(r.stderr, "build's time") {
			t.Errorf("%s: the translation's commit is called a build's time:\n%s", step, r.stderr)
		}
		wantDates(t, step, dist, base, want, "its source's last commit")
	}
	check("with transformItems")
	// Without it (the same output: the filter takes nothing out), the
	// generator's dates are its sources' history, as its options say.
	transform := "    transformItems(items) {\n      return items.filter((item) => !item.url.includes('migration'))\n    },\n"
	if !strings.Contains(config, transform) {
		t.Fatal("the test's configuration has no transformItems to take out")
	}
	write(t, filepath.Join(src, "docs", ".vitepress", "config.mts"), strings.Replace(config, transform, "", 1))
	check("without transformItems")
}

// TestHugoRecentDateNoStamp builds a Hugo site minutes after its last
// commit, or after a post's front matter date, as a push and then a
// deploy do: a template prints each page's Hugo Lastmod as
// article:modified_time, and the tags page, which no source file gives,
// takes the newest date of the pages it lists. That date lies minutes
// before the page was written, as close as a build's stamp; it is a
// commit's (or the front matter's), so it is the page's date, and
// --explain calls nothing on it the build's time (the head's date is
// the site's newest, so the page is dated by what it lists: the same
// date). A page whose template prints Hugo's now is still the build's
// time, passed over for its source's commit (where Hugo's order puts
// git first, git dates it before its head is read).
func TestHugoRecentDateNoStamp(t *testing.T) {
	recent := time.Now().UTC().Add(-5 * time.Minute).Truncate(time.Second)
	layout := `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{ .Title }}</title>
<meta property="article:modified_time" content="{{ if .Params.stamped }}{{ now.Format "2006-01-02T15:04:05-07:00" }}{{ else }}{{ .Lastmod.Format "2006-01-02T15:04:05-07:00" }}{{ end }}">
</head>
<body>{{ block "main" . }}{{ end }}</body>
</html>
`
	about := "---\ntitle: About\nstamped: true\n---\nAbout us.\n"
	for _, tc := range []struct {
		name, date   string // the commit's date
		config, post string
		headRead     bool // about's head is read: git is not first
	}{
		{"git", recent.Format(time.RFC3339), hugoConfig("enableGitInfo = true"), "---\ntitle: New\ntags: [go]\n---\nThe newest post.\n", false},
		{"front matter", authored, hugoConfig(""), "---\ntitle: New\ntags: [go]\ndate: " + recent.Format(time.RFC3339) + "\n---\nThe newest post.\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := hugoDatesSiteAt(t, tc.date, tc.date, nil, map[string]string{
				"hugo.toml": tc.config, "layouts/_default/baseof.html": layout,
				"content/posts/new.md": tc.post, "content/about.md": about,
			})
			page, err := os.ReadFile(filepath.Join(src, "public", "tags", "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			if want := recent.Format("2006-01-02T15:04:05"); !strings.Contains(string(page), want) {
				t.Fatalf("Hugo's tags page does not carry %s: the fixture is wrong\n%s", want, page)
			}
			// The tags page's date is the site's newest, which its head
			// gives as the home page's does (judgeSiteWide): the page is
			// dated by what it lists, the same date.
			r := mustRun(t, src, "--explain", "tags/")
			if want := "lastmod:     " + recent.Format(time.RFC3339) + " (the newest page it lists)"; !strings.Contains(r.stdout, want) || strings.Contains(r.stdout, "build's time") {
				t.Errorf("--explain tags/ does not say %q, or calls the date the build's time:\n%s", want, r.stdout)
			}
			r = mustRun(t, src, "--explain", "about/")
			if strings.Contains(r.stdout, "is the build's time: not a lastmod") != tc.headRead || !strings.Contains(r.stdout, "lastmod:     "+tc.date[:len("2006-01-02T15:04:05")]) {
				t.Errorf("--explain about/: the build's time printed by the template is not passed over for the commit's %s:\n%s", tc.date, r.stdout)
			}
		})
	}
}

// TestSmallSiteBuildTimes is the run of issue 86: a 7-page site that a
// generator sitemapgen does not know built into an ignored dist/, its
// sources committed. The files' times are the build's, and no page is
// dated by them, however few the pages: written within a minute of one
// another, or after the last commit; --explain says which. That holds
// too when the heads print the build's time, which is passed over as the
// site's date: the page falls to its file's time, the build's as well.
// Outside git, files written at once shortly before the run are a
// build's; a site whose files were edited by hand over months keeps its
// files' times, and so does a folder copied with old times.
//
// The built files are written by the test, not by a generator: the case
// is a generator sitemapgen does not know, which reads no config of its
// and takes no date from it, so only the files and their times count.
func TestSmallSiteBuildTimes(t *testing.T) {
	needTool(t, "git")
	src := t.TempDir()
	const base = "https://example.com/"
	var paths []string
	for _, p := range []string{"index", "about", "contact", "guide/index", "guide/a", "guide/b", "faq"} {
		write(t, filepath.Join(src, "docs", path.Base(p)+".md"), "---\ntitle: "+p+"\n---\nx\n")
		write(t, filepath.Join(src, "dist", p+".html"), "<!doctype html><title>"+p+"</title><p>x")
		paths = append(paths, filepath.Join(src, "dist", p+".html"))
	}
	write(t, filepath.Join(src, ".gitignore"), "dist\n")
	gitAt(t, src, "2023-01-01T00:00:00Z", "init", "-q")
	gitAt(t, src, "2023-01-01T00:00:00Z", "add", "-A")
	// git commit --date: the author's date alone; the commit's is now,
	// after the build.
	gitDated(t, src, "2023-01-01T00:00:00Z", time.Now().UTC().Format(time.RFC3339), "commit", "-q", "-m", "init")
	dist := filepath.Join(src, "dist")
	lastmods := func(step string, want int) string {
		t.Helper()
		r := mustRun(t, src, "--base-url", base, "dist")
		entries, _, err := sitemaptest.URLs(dist, base)
		if err != nil {
			t.Fatal(err)
		}
		dated := 0
		for _, e := range entries {
			if e.LastMod != "" {
				dated++
			}
		}
		if len(entries) != 7 || dated != want {
			t.Errorf("%s: %d URLs, %d dated; want 7, %d dated:\n%s", step, len(entries), dated, want, r.stderr)
		}
		return r.stderr
	}
	explain := func(step, want string) {
		t.Helper()
		r := mustRun(t, src, "--base-url", base, "--explain", base+"about.html", "dist")
		wantOutput(t, r.stdout, "  lastmod:     none (", "  passed over: mtime ", want)
	}

	log := lastmods("built before the commit", 0)
	wantOutput(t, log, "lastmod: 7 none (file times look like a build's", "7 of 7 URLs have file times that a build, a copy or a checkout wrote (written within a minute of one another, at ")
	explain("built before the commit", "not a lastmod: written within a minute of one another, 7 of the 7 pages dated by file times, at ")

	// Built after the commit, the pages written over forty minutes.
	os.RemoveAll(filepath.Join(src, ".git"))
	gitAt(t, src, "2023-01-01T00:00:00Z", "init", "-q")
	gitAt(t, src, "2023-01-01T00:00:00Z", "add", "-A")
	gitAt(t, src, "2023-01-01T00:00:00Z", "commit", "-q", "-m", "init")
	for i, p := range paths {
		at := time.Now().Add(time.Duration(i-7) * 7 * time.Minute)
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
	lastmods("built after the commit", 0)
	explain("built after the commit", "not a lastmod: written after the last commit, 2023-01-01T00:00:00Z")

	// The heads print the build's time too, as jekyll-seo-tag's
	// dateModified does: the same on every page, it is the site's date,
	// and the page falls to its file's time, the build's as well.
	built := time.Now().Add(-5 * time.Minute).UTC().Truncate(time.Second)
	for _, p := range paths {
		head := `<!doctype html><html lang="en"><head><title>p</title><meta property="article:modified_time" content="` + built.Format(time.RFC3339) + `"></head><p>x`
		write(t, p, head)
		if err := os.Chtimes(p, built, built); err != nil {
			t.Fatal(err)
		}
	}
	log = lastmods("the heads print the build's time", 0)
	wantOutput(t, log, "lastmod: 7 none (file times look like a build's")
	r := mustRun(t, src, "--base-url", base, "--explain", base+"about.html", "dist")
	wantOutput(t, r.stdout, "  lastmod:     none (",
		"  passed over: meta article:modified_time "+built.Format(time.RFC3339)+" is the site's date, not this page's",
		"  passed over: mtime "+built.Format(time.RFC3339)+" is the time a build, a copy or a checkout wrote the file, not a lastmod")

	// No git, the files edited by hand over months: their times are
	// dates.
	os.RemoveAll(filepath.Join(src, ".git"))
	for i, p := range paths {
		at := time.Date(2024, time.Month(1+i), 10, 12, 0, 0, 0, time.UTC)
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
	log = lastmods("edited by hand", 7)
	if strings.Contains(log, "warning") {
		t.Errorf("edited by hand: a warning:\n%s", log)
	}
	// No git, the files written at once long before the run: outside
	// git their times are their only dates (a site copied with its old
	// times by rsync -a or tar has them all true).
	at := time.Date(2024, 5, 1, 9, 30, 0, 0, time.UTC)
	for _, p := range paths {
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
	lastmods("written at once long before, outside git", 7)

	// No git, the files written at once a few minutes before the run (a
	// build on CI, a copy that sets new times): a build's times.
	for _, p := range paths {
		if err := os.Chtimes(p, built, built); err != nil {
			t.Fatal(err)
		}
	}
	log = lastmods("written at once just before, outside git", 0)
	wantOutput(t, log, "7 of 7 URLs have file times that a build, a copy or a checkout wrote (written within a minute of one another, at "+built.Format(time.RFC3339)+", less than a day before this run)")
}

// TestHeadCommitDateStamp: a generator sitemapgen does not know builds
// 24 pages into an ignored out/, and its template prints the last
// commit's date (git log -1, HEAD's) as article:modified_time on 20 of
// them; the other 4 carry a date of their own. HEAD changed one source
// file: its date is no date of 20 pages, though it is a commit's, and
// it is the build's stamp (left out, said once). When HEAD changed the
// 20 pages' sources, as a translation that lands in one commit does
// (TestVitePressTranslationLanded), the date is each page's own and is
// kept, with nothing said of build times (issue 86). The files' times
// are left out of the sources (--lastmod-sources meta,git): a page whose
// head's date is passed over is then dated by git, which has none for
// an ignored file, or not at all; the files' times are guardMTime's
// rule (TestSmallSiteBuildTimes).
func TestHeadCommitDateStamp(t *testing.T) {
	needTool(t, "git")
	src := t.TempDir()
	const base = "https://example.com/"
	const head = "2024-05-05T12:00:00Z"
	want := map[string]string{}
	var late []string
	for i := 1; i <= 24; i++ {
		name := fmt.Sprintf("p%02d", i)
		write(t, filepath.Join(src, "src", name+".md"), "---\ntitle: "+name+"\n---\nx\n")
		date := head
		if i <= 4 {
			date = fmt.Sprintf("2023-0%d-10T08:00:00Z", i)
			want[base+name+".html"] = date
		} else {
			late = append(late, "src/"+name+".md")
		}
		write(t, filepath.Join(src, "out", name+".html"), `<!doctype html><html lang="en"><head><title>`+name+
			`</title><meta property="article:modified_time" content="`+date+`"></head><body><p>x</p></body></html>`)
	}
	write(t, filepath.Join(src, ".gitignore"), "out\n")
	out := filepath.Join(src, "out")
	check := func(step string, want map[string]string, stamp bool) {
		t.Helper()
		r := mustRun(t, src, "--base-url", base, "--lastmod-sources", "meta,git", "out")
		entries, _, err := sitemaptest.URLs(out, base)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != 24 {
			t.Errorf("%s: %d URLs, want 24", step, len(entries))
		}
		for _, e := range entries {
			if w := want[e.Loc]; e.LastMod != w && !sameInstant(e.LastMod, w) {
				t.Errorf("%s: %s: lastmod %q, want %q", step, e.Loc, e.LastMod, w)
			}
		}
		said := strings.Contains(r.stderr, "20 of 24 URLs have a lastmod on 2024-05-05 from the pages' heads")
		if said != stamp {
			t.Errorf("%s: the build's stamp said %v, want %v:\n%s", step, said, stamp, r.stderr)
		}
	}

	// 23 sources in 2023, the 24th alone in HEAD: 20 pages undated.
	commitHistory(t, src, "2023-01-01T00:00:00Z *", head+" src/p24.md")
	check("HEAD changed one file", want, true)

	// HEAD changed the 20 pages' sources: their date is theirs.
	os.RemoveAll(filepath.Join(src, ".git"))
	commitHistory(t, src, "2023-01-01T00:00:00Z *", head+" "+strings.Join(late, " "))
	kept := maps.Clone(want)
	for _, p := range late {
		kept[base+strings.TrimSuffix(path.Base(p), ".md")+".html"] = head
	}
	check("HEAD changed the 20 sources", kept, false)
}
