//go:build phase2

// The end-to-end tests of issue 55's items 5 and 6 (Next.js over
// Markdown, Gatsby over Markdown): each runs plain sitemapgen, as a new
// user does, in a copy of a fixture whose real build is committed (each
// fixture's rebuild.sh makes it again with the versions its
// package-lock.json pins); builtSite and wantLastmods are
// jsgens_test.go's. They fail until the generators learn these sources;
// the build tag keeps them out of CI until then: go test -tags phase2
// ./internal/e2e -run 'NextMarkdown|GatsbyMarkdown'.

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
	_, ours, log := builtSite(t, "next-md", "out", base,
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
