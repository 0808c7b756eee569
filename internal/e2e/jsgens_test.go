// The end-to-end tests of issue 55's items 5 and 6 (Next.js over
// Markdown, Gatsby over Markdown): each runs plain sitemapgen, as a new
// user does, in a copy of a fixture whose real build is committed (each
// fixture's rebuild.sh makes it again with the versions its
// package-lock.json pins: Next.js 16.4.6, Gatsby 5.16.1), and checks
// the exact URL set and each lastmod.

package e2e

import (
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
	return src, ours, log
}

// wantLastmods checks that ours lists exactly the URLs of want, each
// with its lastmod (RFC 3339), and that the run joined every page to a
// source.
func wantLastmods(t *testing.T, ours map[string]string, log string, want map[string]string) {
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
	if m := regexp.MustCompile(`\d+ URLs? with no source file`).FindString(log); m != "" {
		t.Errorf("the run says %q: every page has a source:\n%s", m, log)
	}
}

// printed checks that each page of pages, a URL of ours under base
// whose built file is file(URL path), prints in its <time datetime> the
// instant of its lastmod: the date the real build took from the page's
// Markdown file (the JavaScript forms Date's toString writes, "Sat Feb 10
// 2024 00:00:00 GMT+0000 (Coordinated Universal Time)", or the front
// matter's own).
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
		for _, layout := range []string{time.RFC3339, "Mon Jan 02 2006 15:04:05 GMT-0700", "January 2, 2006"} {
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
// at /notes/NAME. Each such page is joined to its Markdown file and dated
// by its front matter's date (an ISO date, a date and time, "March 3,
// 2023"), not by the files' later commit nor the route's; the home page
// by its page.tsx's commit.
func TestNextMarkdownRoutes(t *testing.T) {
	const base = "https://example.com/"
	src, ours, log := builtSite(t, "next-md", "out", base,
		"2024-01-01T00:00:00Z *",
		"2025-06-01T00:00:00Z posts notes",
		"2025-07-01T00:00:00Z pages/[post].tsx app/notes/[slug]/page.tsx")
	wantLastmods(t, ours, log, map[string]string{
		base:                         "2024-01-01T00:00:00Z",
		base + "first-light":         "2024-02-10T00:00:00Z",
		base + "foggy-week":          "2024-05-20T18:30:00Z",
		base + "ships-seen":          "2023-03-03T00:00:00Z",
		base + "notes/oil-delivery":  "2024-07-01T00:00:00Z",
		base + "notes/lens-cleaning": "2023-11-15T00:00:00Z",
	})
	printed(t, ours, base, []string{base + "first-light", base + "foggy-week", base + "ships-seen", base + "notes/oil-delivery", base + "notes/lens-cleaning"},
		func(p string) string { return filepath.Join(src, "out", filepath.FromSlash(p)+".html") })
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
