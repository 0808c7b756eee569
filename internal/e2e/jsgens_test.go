// The end-to-end tests of issue 55's items 3 to 6 (Starlight, Astro's
// glob() collections, Next.js over Markdown, Gatsby over Markdown): each
// runs plain sitemapgen, as a new user does, in a copy of a fixture whose
// real build is committed (each fixture's rebuild.sh makes it again with
// the versions its package-lock.json pins: Starlight 0.37.7 on Astro
// 5.18.2, Next.js 16.4.6, Gatsby 5.16.1), and checks the exact URL set
// and each lastmod.

package e2e

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// builtSite copies testdata/name, a fixture whose build is committed in
// out, makes its git history (commitHistory's lines, the build committed
// last, later than every source: a page dated by its built file would
// say so), runs plain sitemapgen in it, and returns the project folder,
// our URLs with their lastmods, and what the run printed.
func builtSite(t *testing.T, name, out, base string, history ...string) (string, map[string]string, string) {
	t.Helper()
	src := copyFixture(t, name)
	write(t, filepath.Join(src, ".gitignore"), "node_modules\n")
	commitHistory(t, src, append(history, "2024-09-09T09:09:09Z "+out)...)
	ours, log := sitemapIn(t, src, out, base)
	return src, ours, log
}

// sitemapIn runs plain sitemapgen in the project folder src and returns
// our URLs with their lastmods, read from the site folder out, and what
// the run printed.
func sitemapIn(t *testing.T, src, out, base string) (map[string]string, string) {
	t.Helper()
	log := mustRun(t, src).stderr
	entries, _, err := sitemaptest.URLs(filepath.Join(src, out), base)
	if err != nil {
		t.Fatal(err)
	}
	sitemaptest.MustValidate(t, filepath.Join(src, out))
	ours := map[string]string{}
	for _, e := range entries {
		ours[e.Loc] = e.LastMod
	}
	return ours, log
}

// wantLastmods checks that ours lists exactly the URLs of want, each
// with its lastmod (RFC 3339), and that the run joined every page to a
// source.
func wantLastmods(t *testing.T, ours map[string]string, log string, want map[string]string) {
	t.Helper()
	wantURLs(t, ours, want)
	if m := regexp.MustCompile(`\d+ URLs? with no source file`).FindString(log); m != "" {
		t.Errorf("the run says %q: every page has a source:\n%s", m, log)
	}
}

// wantURLs checks that ours lists exactly the URLs of want, each with
// its lastmod (RFC 3339).
func wantURLs(t *testing.T, ours map[string]string, want map[string]string) {
	t.Helper()
	for loc, lm := range want {
		got, ok := ours[loc]
		switch {
		case !ok:
			t.Errorf("%s is not listed", loc)
		case !sameInstant(got, lm):
			t.Errorf("%s: lastmod %q, want %s", loc, got, lm)
		}
	}
	var extra []string
	for loc := range ours {
		if _, ok := want[loc]; !ok {
			extra = append(extra, loc)
		}
	}
	slices.Sort(extra)
	if len(extra) > 0 {
		t.Errorf("listed, and no page of the site: %q", extra)
	}
}

// printed checks that each page of pages, a URL of ours under base
// whose built file is file(URL path), prints in its <time datetime> the
// instant of its lastmod: the date the real build took from the page's
// Markdown file (the JavaScript forms Date's toString writes, "Sat Feb 10
// 2024 00:00:00 GMT+0000 (Coordinated Universal Time)", or the front
// matter's own: "March 3, 2023", "2024-02-10", a day in UTC).
func printed(t *testing.T, ours map[string]string, base string, pages []string, file func(string) string) {
	t.Helper()
	datetime := regexp.MustCompile(`<time dateTime="([^"]+)"`)
	for _, loc := range pages {
		data, err := os.ReadFile(file(strings.TrimPrefix(loc, base)))
		if err != nil {
			t.Fatal(err)
		}
		m := datetime.FindSubmatch(data)
		if m == nil {
			t.Errorf("%s: the built page prints no date", loc)
			continue
		}
		s := regexp.MustCompile(` \(.*\)$`).ReplaceAllString(string(m[1]), "")
		var at time.Time
		for _, layout := range []string{time.RFC3339, "Mon Jan 02 2006 15:04:05 GMT-0700", "January 2, 2006", time.DateOnly} {
			if at, err = time.Parse(layout, s); err == nil {
				break
			}
		}
		if err != nil {
			t.Errorf("%s: the built page prints %q, which the test cannot read", loc, m[1])
			continue
		}
		if !sameInstant(ours[loc], at.UTC().Format(time.RFC3339)) {
			t.Errorf("%s: lastmod %q, and the real build printed %s", loc, ours[loc], m[1])
		}
	}
}

// TestNextMarkdownRoutes runs plain sitemapgen in testdata/next-md, a
// Next.js 16 static export of a blog over Markdown: pages/[post].tsx,
// whose getStaticPaths lists posts/*.md by name, publishes each at /NAME;
// app/notes/[slug]/page.tsx, whose generateStaticParams lists notes/*.md,
// at /notes/NAME; app/log/[slug]/page.tsx, through lib/log.ts, whose
// folder is path.join(root + '/log/') with root a constant bound to
// process.cwd(), log/*.md at /log/NAME. Each such page is joined to its
// Markdown file and dated by its front matter's date (an ISO date, a
// date and time, "March 3, 2023"; a log entry's publishedDate; the
// updated date of posts/weather.md, 2025-03-01), not by
// the files' later commit nor the route's. The home page, whose
// app/page.tsx lists posts/ through the same helper, is dated by the
// newest post it shows, not by its page.tsx's older commit (issue 67).
// app/ships/[id]/page.tsx, whose generateStaticParams maps
// data/ships.json, publishes each ship at /ships/ID: each is dated by the
// newest of the route and the file (issue 67).
//
// pages/tag/[tag]/index.tsx lists posts/ too, but gives each post's tags
// as its parameter, not a post's name: a tag page is no post's page,
// though posts/weather.md shares the name of the tag weather. Each tag
// page lists the posts it tags, and is dated by the newest of them
// (issue 86): /tag/weather by foggy-week's 2024-05-20, not by
// weather.md's 2025-03-01. No source file gives a tag page. Its code
// finds the tag's label among the tags: a find that picks a tag, not
// a post, so the route still lists.
// pages/all.tsx shows every post, its entries linked by onClick alone,
// each with its date cut to its day (a cut of a post's date, not of the
// list): it is dated by the newest post its getStaticProps reads,
// weather.md's 2025-03-01, not by its file's older commit (issue 86).
// pages/archive.tsx shows the three newest posts by date, linked so
// too: which three, only their dates say, and weather.md, updated last,
// is not among them; it keeps its file's commit, 2024-01-01, never the
// newest post's lastmod of all. pages/older.tsx shows every post but
// the newest, its entries linked by onClick and an href on their
// heading: the hrefs name the posts it shows, the newest of them
// weather.md.
// The export
// is not committed (create-next-app's .gitignore), so that a page no
// source gives has no date but what it lists.
func TestNextMarkdownRoutes(t *testing.T) {
	const base = "https://example.com/"
	src := copyFixture(t, "next-md")
	write(t, filepath.Join(src, ".gitignore"), "node_modules\n/out/\n")
	commitHistory(t, src,
		"2024-01-01T00:00:00Z *",
		"2025-06-01T00:00:00Z posts notes log",
		"2025-07-01T00:00:00Z pages/[post].tsx app/notes/[slug]/page.tsx app/log/[slug]/page.tsx lib",
		"2025-08-01T00:00:00Z data")
	ours, log := sitemapIn(t, src, "out", base)
	if m := regexp.MustCompile(`\d+ URLs? with no source file`).FindString(log); m != "3 URLs with no source file" {
		t.Errorf("the run says %q, want the 3 tag pages with no source file:\n%s", m, log)
	}
	wantURLs(t, ours, map[string]string{
		base + "tag/weather": "2024-05-20T18:30:00Z",
		base + "tag/lamp":    "2025-03-01T00:00:00Z",
		base + "tag/ships":   "2023-03-03T00:00:00Z",
		base + "weather":     "2025-03-01T00:00:00Z",
		base + "all":         "2025-03-01T00:00:00Z",
		base + "archive":     "2024-01-01T00:00:00Z",
		base + "older":       "2025-03-01T00:00:00Z",
		base:                 "2025-03-01T00:00:00Z",
		// A route over a JSON file it imports: the newest of the route
		// and the file (issue 67).
		base + "ships/aurora":        "2025-08-01T00:00:00Z",
		base + "ships/boreas":        "2025-08-01T00:00:00Z",
		base + "first-light":         "2024-02-10T00:00:00Z",
		base + "foggy-week":          "2024-05-20T18:30:00Z",
		base + "ships-seen":          "2023-03-03T00:00:00Z",
		base + "notes/oil-delivery":  "2024-07-01T00:00:00Z",
		base + "notes/lens-cleaning": "2023-11-15T00:00:00Z",
		base + "log/storm-watch":     "2024-09-12T00:00:00Z",
		base + "log/gull-census":     "2023-06-30T07:00:00Z",
	})
	printed(t, ours, base, []string{base + "first-light", base + "foggy-week", base + "ships-seen", base + "notes/oil-delivery", base + "notes/lens-cleaning", base + "log/storm-watch", base + "log/gull-census"},
		func(p string) string { return filepath.Join(src, "out", filepath.FromSlash(p)+".html") })
	r := mustRun(t, src, "--explain", "/all")
	wantOutput(t, r.stdout, "  lastmod:     2025-03-01T00:00:00Z (the newest of the pages its code lists, every one shown (pages/all.tsx))\n")
}

// TestNextMarkdownTree runs plain sitemapgen in testdata/next-tree, a
// Next.js 16 static export (rebuild.sh) whose routes publish the
// Markdown files of a folder's tree at their names alone (issue 67):
// app/journal/[slug]/page.tsx, through lib/journal.ts, a function that
// lists a folder and calls itself on each subfolder, keyed by
// path.basename, publishes content/journal/grafting/late/bud-break.mdx
// at /journal/bud-break; app/notes/[slug]/page.tsx, through
// lib/notes.ts, a readdirSync with recursive: true, notes/2024/hives.md
// at /notes/hives. Each is joined to its file and dated by its front
// matter, as the real build printed it. notes/frost.md and
// notes/2024/frost.md both key /notes/frost, of which the build made one
// page: which file it is, the code's order of reading says, so the page
// has no lastmod rather than a guess. The home page, whose component
// (app/_components/journal-list.tsx) lists the journal through the same
// helper, is dated by the newest entry it shows, one of a subfolder,
// not by its page.tsx's older commit.
func TestNextMarkdownTree(t *testing.T) {
	const base = "https://example.com/"
	src := copyFixture(t, "next-tree")
	// The export is not committed (create-next-app's .gitignore).
	write(t, filepath.Join(src, ".gitignore"), "node_modules\n/out/\n")
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2025-06-01T00:00:00Z content notes")
	ours, log := sitemapIn(t, src, "out", base)
	frost, ok := ours[base+"notes/frost"]
	switch {
	case !ok:
		t.Errorf("%snotes/frost is not listed", base)
	case frost != "":
		t.Errorf("%snotes/frost, built from one of two files of its name, has lastmod %q, want none", base, frost)
	}
	delete(ours, base+"notes/frost")
	wantLastmods(t, ours, log, map[string]string{
		base:                         "2024-06-07T00:00:00Z",
		base + "journal/pruning":     "2024-02-12T00:00:00Z",
		base + "journal/first-cut":   "2024-04-03T00:00:00Z",
		base + "journal/union-check": "2024-05-19T00:00:00Z",
		base + "journal/bud-break":   "2024-06-07T00:00:00Z",
		base + "notes/hives":         "2024-04-22T00:00:00Z",
	})
	printed(t, ours, base, []string{base + "journal/pruning", base + "journal/first-cut", base + "journal/union-check", base + "journal/bud-break", base + "notes/hives"},
		func(p string) string { return filepath.Join(src, "out", filepath.FromSlash(p)+".html") })
}

// TestNextConfigUndeclared runs plain sitemapgen in testdata/next-tree,
// whose next.config.js assigns its configuration to a name it never
// declares (nextConfig = { output: 'export' }; module.exports =
// nextConfig), which Next.js runs in sloppy mode as a global: the real
// build wrote a static export to out/, and so the run takes the site
// there and writes its sitemap into out/, not into public/ as for a
// server build.
func TestNextConfigUndeclared(t *testing.T) {
	src := copyFixture(t, "next-tree")
	r := mustRun(t, src)
	if !strings.Contains(r.stderr, "site out (Next.js (next.config.js))") {
		t.Errorf("the run does not take out/ for the site:\n%s", r.stderr)
	}
	if _, err := os.Stat(filepath.Join(src, "out", "sitemap.xml")); err != nil {
		t.Errorf("no sitemap in out/: %v\n%s", err, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(src, "public")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("public/ written (%v):\n%s", err, r.stderr)
	}
}

// TestGatsbyMarkdownPosts runs plain sitemapgen in testdata/gatsby-md, a
// Gatsby 5 blog in the shape of Gatsby's blog starter: the Markdown files
// of content/blog (gatsby-source-filesystem's path) are published by
// gatsby-node.js at their createFilePath slugs (storm-log.md at
// /storm-log/, first-watch/index.md at /first-watch/). Each post is
// joined to its file and dated by its front matter's date, not by the
// files' later commit; the home page by src/pages/index.js's commit. The
// slice every Gatsby 5 build writes, _gatsby/slices/_gatsby-scripts-1.html
// (a bare <script> block), is no page.
func TestGatsbyMarkdownPosts(t *testing.T) {
	const base = "https://example.com/"
	src, ours, log := builtSite(t, "gatsby-md", "public", base,
		"2024-01-01T00:00:00Z *",
		"2025-06-01T00:00:00Z content",
		"2025-07-01T00:00:00Z gatsby-node.js src/templates/blog-post.js")
	wantLastmods(t, ours, log, map[string]string{
		base:                    "2024-01-01T00:00:00Z",
		base + "first-watch/":   "2024-02-01T00:00:00Z",
		base + "storm-log/":     "2024-08-15T06:00:00Z",
		base + "2023/old-lens/": "2023-04-09T00:00:00Z",
	})
	printed(t, ours, base, []string{base + "first-watch/", base + "storm-log/", base + "2023/old-lens/"},
		func(p string) string { return filepath.Join(src, "public", filepath.FromSlash(p), "index.html") })
	for _, want := range []string{"content/blog", "src/pages"} {
		if !strings.Contains(log, want) {
			t.Errorf("the run does not name %q among the sources:\n%s", want, log)
		}
	}
	slice := filepath.Join("public", "_gatsby", "slices", "_gatsby-scripts-1.html")
	if _, err := os.Stat(filepath.Join(src, slice)); err != nil {
		t.Fatalf("the fixture has no slice: %v", err)
	}
	if r := mustRun(t, src, "--explain", filepath.ToSlash(slice)); !strings.Contains(r.stdout, "listed:      no") {
		t.Errorf("Gatsby's slice is listed:\n%s", r.stdout)
	}
}

// TestGatsbyHelperModules runs plain sitemapgen in
// testdata/gatsby-modules, a Gatsby 5.16 site (rebuild.sh) whose
// gatsby-node.js makes its pages through the functions of the modules it
// requires: gatsby/site-pages.js publishes the Markdown files of
// content/pages at their createFilePath slugs (keepers.md at /keepers/),
// gatsby/posts.js those of content/posts at /log and theirs ('/log' +
// post.fields.slug), each over a query filtered by the file's folder and
// by a status the build's environment lists (the drafts fog-drill.md and
// moorings.md are not built); gatsby/notes.js, a module that is one
// function (module.exports = async …), those of the source named notes
// (allFile's sourceInstanceName) at /notes and theirs. Each page is
// joined to its file and dated by its front matter's date, the one the
// real build printed, or else by the file's own commit (keepers.md,
// radio/channels.md), never by the later commit of gatsby-node.js, its
// helpers or the templates.
func TestGatsbyHelperModules(t *testing.T) {
	const base = "https://example.com/"
	src, ours, log := builtSite(t, "gatsby-modules", "public", base,
		"2024-01-01T00:00:00Z *",
		"2025-06-01T00:00:00Z content notes",
		"2025-07-01T00:00:00Z gatsby-node.js gatsby src/templates")
	wantLastmods(t, ours, log, map[string]string{
		base:                           "2024-01-01T00:00:00Z",
		base + "about/":                "2024-03-01T00:00:00Z",
		base + "keepers/":              "2025-06-01T00:00:00Z",
		base + "log/storm-log/":        "2024-08-15T06:00:00Z",
		base + "log/2023/old-lens/":    "2023-04-09T00:00:00Z",
		base + "notes/lamp-oil/":       "2024-06-12T00:00:00Z",
		base + "notes/radio/channels/": "2025-06-01T00:00:00Z",
	})
	printed(t, ours, base, []string{base + "about/", base + "log/storm-log/", base + "log/2023/old-lens/", base + "notes/lamp-oil/"},
		func(p string) string { return filepath.Join(src, "public", filepath.FromSlash(p), "index.html") })
	if !strings.Contains(log, "content/pages, content/posts") {
		t.Errorf("the run does not name content/pages and content/posts among the sources:\n%s", log)
	}
}

// TestGatsbyFrontMatterPaths runs plain sitemapgen in testdata/gatsby-mdx,
// a Gatsby 5.16 site over MDX (rebuild.sh) whose gatsby-node.js makes
// each post's page at the path its front matter gives, as Gatsby's MDX
// guide writes it: createPage({ path: node.frontmatter.slug }), the
// template rendering the post's own MDX (?__contentFilePath); a slug
// without "/" (old-lens) is the page /old-lens/ all the same. Its notes
// are at `/notes/${slug}`, slug bound to the note's front matter, their
// template querying the one note; each note's category makes a page too,
// /category/weather/, which lists them and is no note's, though its
// template asks for one of them too (mdx(…), for the title it begins
// with), as mch-sg/gatsby-magnus's category template does: before that
// was read as a list, the notes, routed by two keys, were joined to no
// page (the category page undated, the notes too). Each post and
// note is joined to its file and dated by its front matter, the date the
// page prints, not by the later commit of gatsby-node.js or the
// templates. The home page, which gatsby-node makes of a template that
// lists the posts, and the category page are as new as the newest page
// they show; so is src/pages/notes.js, whose page query asks for every
// note (allMdx), not only as new as its own file (issue 97, item 9).
// Before, no post or note was joined, every page but the error page and
// /notes/ was undated, and /notes/ was dated 2024-01-01.
func TestGatsbyFrontMatterPaths(t *testing.T) {
	const base = "https://example.com/"
	// Its build is in no commit, as public/ is in none of a Gatsby
	// project's: the pages no source gives have no date of their own.
	src := copyFixture(t, "gatsby-mdx")
	write(t, filepath.Join(src, ".gitignore"), "node_modules\npublic\n")
	commitHistory(t, src,
		"2024-01-01T00:00:00Z *",
		"2025-06-01T00:00:00Z content",
		"2025-07-01T00:00:00Z gatsby-node.js src/templates")
	ours, log := sitemapIn(t, src, "public", base)
	wantURLs(t, ours, map[string]string{
		base:                       "2024-03-10T00:00:00Z",
		base + "lamp-oil/":         "2024-03-10T00:00:00Z",
		base + "care/wick/":        "2023-11-05T00:00:00Z",
		base + "old-lens/":         "2022-06-01T00:00:00Z",
		base + "notes/tides/":      "2024-05-20T00:00:00Z",
		base + "notes/storm/":      "2024-07-02T00:00:00Z",
		base + "category/weather/": "2024-07-02T00:00:00Z",
		base + "notes/":            "2024-07-02T00:00:00Z",
	})
	printed(t, ours, base, []string{base + "lamp-oil/", base + "care/wick/", base + "old-lens/", base + "notes/tides/", base + "notes/storm/"},
		func(p string) string { return filepath.Join(src, "public", filepath.FromSlash(p), "index.html") })
	// The home page and the category page are the pages no source gives.
	if !strings.Contains(log, " 2 URLs with no source file") {
		t.Errorf("the run does not join every page but the home and the category:\n%s", log)
	}
}

// TestDocusaurusTagPages runs plain sitemapgen in testdata/docusaurus-tags,
// a Docusaurus 3.10.2 blog (rebuild.sh) whose posts have no truncate
// marker, so that its lists show each post whole, each an <article>
// whose title links to it. A list's entries are the posts it shows, by
// their titles, not the links of a post's text (issue 97, item 11):
//   - /blog/tags/lights shows the one post tagged lights, whose text links
//     to two newer posts: it is as new as its post, not as those;
//   - /blog/tags/harbour shows three posts, two of which link in their
//     text to the third, the newest: a post's text is no frame of the
//     site that its list would leave out, and the page is as new as it;
//   - /blog/tags/tides shows the two parts of a series, each linking to
//     the other and to its own headings' anchors (#high-water): a page's
//     links to itself show no page, and the series is no frame either.
//
// Before, they were dated 2024-05-20 (by tide-tables.md, which the
// lamp room's text links to), 2024-04-02 and not at all.
func TestDocusaurusTagPages(t *testing.T) {
	const base = "https://example.com/"
	// Its build is in no commit: the pages no source gives have no date
	// of their own.
	src := copyFixture(t, "docusaurus-tags")
	write(t, filepath.Join(src, ".gitignore"), "node_modules\nbuild\n")
	commitHistory(t, src,
		"2024-01-10T09:00:00Z *",
		"2024-03-05T09:00:00Z blog/2024-03-05-fog-signals.md",
		"2024-04-02T09:00:00Z blog/2024-04-02-buoys.md",
		"2024-05-20T09:00:00Z blog/2024-05-20-tide-tables.md",
		"2024-05-22T09:00:00Z blog/2024-05-22-tide-tables-2.md",
		"2024-06-15T09:00:00Z blog/2024-06-15-harbour-chart.md")
	ours, _ := sitemapIn(t, src, "build", base)
	wantURLs(t, ours, map[string]string{
		base + "blog":               "2024-06-15T09:00:00Z",
		base + "blog/archive":       "2024-06-15T09:00:00Z",
		base + "blog/lamp-room":     "2024-01-10T09:00:00Z",
		base + "blog/fog-signals":   "2024-03-05T09:00:00Z",
		base + "blog/buoys":         "2024-04-02T09:00:00Z",
		base + "blog/tide-tables":   "2024-05-20T09:00:00Z",
		base + "blog/tide-tables-2": "2024-05-22T09:00:00Z",
		base + "blog/harbour-chart": "2024-06-15T09:00:00Z",
		base + "blog/tags":          "2024-06-15T09:00:00Z",
		base + "blog/tags/lights":   "2024-01-10T09:00:00Z",
		base + "blog/tags/signals":  "2024-03-05T09:00:00Z",
		base + "blog/tags/harbour":  "2024-06-15T09:00:00Z",
		base + "blog/tags/tides":    "2024-05-22T09:00:00Z",
	})
	compareSets(t, ours, generatorSitemap(t, filepath.Join("testdata", "docusaurus-tags", "build", "sitemap.xml")), nil, nil)
	// The premise: the tag pages show their posts whole, the lamp room's
	// links and the series' anchors in them.
	for page, shows := range map[string]string{
		"lights": `href="/blog/tide-tables"`, "tides": `href="#low-water"`, "harbour": `href="/blog/harbour-chart"`,
	} {
		data, err := os.ReadFile(filepath.Join(src, "build", "blog", "tags", page, "index.html"))
		if err != nil || !strings.Contains(string(data), shows) {
			t.Errorf("the fixture's premise: /blog/tags/%s shows %s (%v)", page, shows, err)
		}
	}
}

// TestStarlightSite runs plain sitemapgen in testdata/starlight, a
// Starlight 0.37.7 site (Astro 5.18.2) with three locales (English at
// the root, de, fr), lastUpdated: true and an edit link: its pages come
// from the docs collection (src/content/docs/[locale/]id), not from
// src/pages. Each page is dated as Starlight dates it, the date it prints
// in <time datetime>: the last commit of its source, or the front
// matter's lastUpdated; a page German and French lack (guides/tuning.md)
// is published at /de/guides/tuning/ and /fr/guides/tuning/ from the
// English file, and dated by it. The locales' 404 pages
// (src/content/docs/de/404.md, built as de/404/index.html) are error
// pages, which Starlight's own sitemap leaves out too. The history is
// rebuild.sh's, which built the committed dist/ with it.
func TestStarlightSite(t *testing.T) {
	const base = "https://docs.example.com/"
	src, ours, log := builtSite(t, "starlight", "dist", base,
		"2024-01-10T09:00:00Z *",
		"2024-03-05T12:00:00Z src/content/docs/guides/install.md",
		"2024-04-20T08:30:00Z src/content/docs/de/guides/install.md",
		"2024-06-01T16:45:00Z src/content/docs/guides/tuning.md")
	want := map[string]string{
		base:                            "2024-01-10T09:00:00Z",
		base + "de/":                    "2024-01-10T09:00:00Z",
		base + "fr/":                    "2024-01-10T09:00:00Z",
		base + "guides/install/":        "2024-03-05T12:00:00Z",
		base + "de/guides/install/":     "2024-04-20T08:30:00Z",
		base + "fr/guides/install/":     "2024-01-10T09:00:00Z",
		base + "guides/tuning/":         "2024-06-01T16:45:00Z",
		base + "de/guides/tuning/":      "2024-06-01T16:45:00Z", // English's file
		base + "fr/guides/tuning/":      "2024-06-01T16:45:00Z",
		base + "reference/settings/":    "2023-05-01T00:00:00Z", // options.md: slug and lastUpdated
		base + "de/reference/settings/": "2023-05-01T00:00:00Z",
		base + "fr/reference/settings/": "2023-05-01T00:00:00Z",
	}
	wantLastmods(t, ours, log, want)

	// Each date is the one Starlight printed in the page.
	datetime := regexp.MustCompile(`<time datetime="([^"]+)"`)
	for loc, lm := range want {
		page := filepath.Join(src, "dist", filepath.FromSlash(strings.TrimPrefix(loc, base)), "index.html")
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		m := datetime.FindSubmatch(data)
		if m == nil || !sameInstant(strings.Replace(string(m[1]), ".000Z", "Z", 1), lm) {
			t.Errorf("%s prints %q; the fixture's build is not the history's (rebuild.sh)", page, m)
		}
	}
	// The edit links name the sources the dates come from.
	data, err := os.ReadFile(filepath.Join(src, "dist", "de", "guides", "tuning", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `href="https://example.com/lantern/edit/main/src/content/docs/guides/tuning.md"`) {
		t.Error("de/guides/tuning/ does not link to the English file's edit page: the fixture is wrong")
	}

	// The same URLs, and the same alternates between a page and its
	// translations (the fallback pages' too), as Starlight's own sitemap
	// of this build: 12 pages, 3 alternates each.
	theirs := sitemapAlternates(t, filepath.Join("testdata", "starlight", "dist", "sitemap-0.xml"))
	if ours := ourAlternates(t, filepath.Join(src, "dist"), base); len(theirs) != 36 || !slices.Equal(ours, theirs) {
		t.Errorf("our alternates are not Starlight's:\nours   %q\ntheirs %q", ours, theirs)
	}

	// Starlight's sitemap (it adds @astrojs/sitemap itself when site is
	// set) is Astro's, taken over as Astro's is.
	if strings.Contains(log, "kept, as the project's own sitemap") {
		t.Errorf("Starlight's sitemap is kept as the project's own:\n%s", log)
	}
	for _, loc := range []string{base + "de/404/", base + "fr/404/"} {
		r := mustRun(t, src, "--explain", strings.TrimPrefix(loc, base))
		if !strings.Contains(r.stdout, "listed:      no, error page") {
			t.Errorf("%s is not known as the locale's error page:\n%s", loc, r.stdout)
		}
	}
}

// TestAstroGlobCollections runs plain sitemapgen in testdata/astro-glob,
// an Astro 5.18.2 blog whose posts are the collection "post" of a glob()
// loader (src/content.config.ts, base ./src/content/post), published by
// src/pages/posts/[...slug].astro at each entry's id, the route calling
// getCollection through a helper module (src/data/post.ts) as blog themes
// do. Each post is joined to its file (notes/Glass Chimney.md is
// posts/notes/glass-chimney/, the glob loader's slug of its path) and
// dated as the page prints it, updatedDate else publishDate, which are
// JavaScript date strings ("11 Oct 2023", 6 December 2024): not by the
// posts' later commit. The draft is not built.
func TestAstroGlobCollections(t *testing.T) {
	const base = "https://example.com/"
	_, ours, log := builtSite(t, "astro-glob", "dist", base,
		"2024-01-01T00:00:00Z *",
		"2025-06-01T00:00:00Z src/content/post")
	wantLastmods(t, ours, log, map[string]string{
		base:                                "2024-01-01T00:00:00Z",
		base + "posts/lamp-oil/":            "2023-10-11T00:00:00Z", // publishDate: "11 Oct 2023"
		base + "posts/wick-care/":           "2025-02-02T00:00:00Z", // updatedDate: "February 2, 2025"
		base + "posts/notes/glass-chimney/": "2024-03-03T00:00:00Z", // publishDate: Mar 3 2024
	})
	if !strings.Contains(log, "src/content/post") {
		t.Errorf("the run does not name the collection's folder among the sources:\n%s", log)
	}
}
