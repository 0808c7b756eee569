package jekyll

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// The tests in this file build small sites with the real generators and
// compare the URL paths the presets give every source file with what
// the generator did: its own sitemap, and a listing of every page with
// its source file and URL that a template of the test site writes.

// The helpers these tests share with the other generator's
// (internal/generator/internal/buildtest).
var (
	writeSite    = buildtest.WriteSite
	readPage     = buildtest.ReadPage
	sourceFiles  = buildtest.SourceFiles
	sitemapPaths = buildtest.SitemapPaths
	unescape     = buildtest.Unescape
	listing      = buildtest.Listing
	listingIn    = buildtest.ListingIn
	sortedKeys   = buildtest.SortedKeys
)

// jekyllSite is the site every Jekyll variant builds; _config.yml comes
// with the variant.
var jekyllSite = map[string]string{
	"_layouts/default.html": "{{ content }}",
	"listing.txt": `---
permalink: /listing.txt
---
{% for p in site.pages %}page	{{ p.path }}	{{ p.url }}
{% endfor %}{% for c in site.collections %}{% for d in c.docs %}doc	{{ d.relative_path }}	{{ d.url }}
{% endfor %}{% endfor %}{% for f in site.static_files %}static	{{ f.path }}	{{ f.path }}
{% endfor %}`,

	"_posts/2024-01-02-hello-world.md":         "---\ntitle: Hello World\n---\nx\n",
	"_posts/2024-01-03-no-front-matter.md":     "A post without front matter.\n",
	"_posts/sub/2024-01-04-sub-post.md":        "---\ntitle: In a folder below _posts\n---\nx\n",
	"blog/_posts/2024-02-05-blog-post.md":      "---\ntitle: Blog\ncategories: [News, \"Big Deal\"]\n---\nx\n",
	"_posts/2024-03-05-dated.md":               "---\ntitle: Dated\ndate: 2024-03-01T02:00:00Z\n---\nx\n",
	"_posts/2024-03-05-date-only.md":           "---\ntitle: Date only\ndate: 2024-03-09\n---\nx\n",
	"_posts/2024-04-01-slugged.md":             "---\ntitle: Slugged\nslug: My Fancy Slug!\ncategory: Single Cat\n---\nx\n",
	"_posts/2024-04-02-perma.md":               "---\ntitle: Own permalink\npermalink: /custom/:title/\n---\nx\n",
	"_posts/2024-04-03-html-post.html":         "---\ntitle: HTML post\n---\n<p>x</p>\n",
	"_posts/2024-12-30-Week Edge.md":           "---\ntitle: ISO week of the next year\ncategories: jekyll update\n---\nx\n",
	"_posts/not-a-post.md":                     "---\ntitle: no date in the name\n---\nx\n",
	"_posts/_skipped/2024-01-01-skipped.md":    "---\ntitle: underscore folder\n---\nx\n",
	"_drafts/a-draft.md":                       "---\ntitle: Draft\n---\nx\n",
	"about.md":                                 "---\ntitle: About\n---\nx\n",
	"index.html":                               "---\ntitle: Home\n---\n<p>home</p>\n",
	"docs/index.md":                            "---\ntitle: Docs\n---\nx\n",
	"docs/page.md":                             "---\ntitle: Doc page\n---\nx\n",
	"docs/deep/er.markdown":                    "---\ntitle: Deeper\n---\nx\n",
	"pp.md":                                    "---\ntitle: Page permalink\npermalink: /pp/\n---\nx\n",
	"pp-ext.md":                                "---\ntitle: Page permalink with extension\npermalink: /pages/:basename.html\n---\nx\n",
	"static.html":                              "<p>static</p>\n",
	"static/sub.htm":                           "<p>static</p>\n",
	"doc.pdf":                                  "%PDF-1.4\n",
	"feed.xml":                                 "---\ntitle: feed\n---\n<feed/>\n",
	"page.htm":                                 "---\ntitle: htm\n---\nx\n",
	"Spaced Name.md":                           "---\ntitle: Spaced\n---\nx\n",
	"README.md":                                "---\ntitle: excluded\n---\nx\n",
	"notes.txt":                                "plain text\n",
	"404.html":                                 "---\ntitle: Not found\n---\nx\n",
	"assets/style.css":                         "body{}\n",
	"_recipes/pasta.md":                        "---\ntitle: Pasta\n---\nx\n",
	"_recipes/sub/Soup Bowl.md":                "---\ntitle: Soup\n---\nx\n",
	"_recipes/2023-05-06-dated-recipe.md":      "---\ntitle: Dated recipe\n---\nx\n",
	"_recipes/_partial.md":                     "---\ntitle: skipped\n---\nx\n",
	"_notes/n.md":                              "---\ntitle: Not output\n---\nx\n",
	"_hidden/h.md":                             "---\ntitle: Hidden\n---\nx\n",
	".dot/d.md":                                "---\ntitle: Dot\n---\nx\n",
	"node_modules/pkg/index.html":              "---\ntitle: excluded by default\n---\nx\n",
	"_includes/inc.html":                       "<p>include</p>\n",
	"backup.md~":                               "---\ntitle: backup\n---\nx\n",
	"_config.yml.example":                      "not read\n",
	"guides/_posts/2023-10-10-guide-post.html": "---\ntitle: Guide\ncategories: [Guides]\n---\n<p>x</p>\n",
}

func TestJekyllEndToEnd(t *testing.T) {
	jekyll := testtool.Program(t, "jekyll", "apt-get install jekyll ruby-jekyll-sitemap") // compares the Jekyll preset with Jekyll's own output
	out, _ := exec.Command(jekyll, "--version").CombinedOutput()
	t.Logf("%s", strings.TrimSpace(string(out)))

	const config = `url: https://example.com
plugins: [jekyll-sitemap]
timezone: America/New_York
exclude: [README.md, "*.example"]
collections:
  recipes:
    output: true%s
  notes:
    output: false
`
	variants := []struct {
		name, permalink, recipes string
		collectionsDir           string // moves _posts, _drafts and the collections there
	}{
		{name: "date", permalink: "date"},
		{name: "pretty", permalink: "pretty"},
		{name: "none", permalink: "none"},
		{name: "ordinal", permalink: "ordinal"},
		{name: "weekdate", permalink: "weekdate", recipes: "\n    permalink: /r/:path/"},
		{name: "pattern-slash", permalink: "/blog/:year/:month/:title/", recipes: "\n    permalink: /:collection/:year/:name:output_ext"},
		{name: "pattern-ext", permalink: "/:categories/:short_year/:i_month/:i_day/:slug:output_ext"},
		{name: "collections-dir", permalink: "pretty", collectionsDir: "my_collections"},
		{name: "pattern-bare", permalink: "/:year/:long_month/:short_month/:y_day/:w_year-:week-:w_day/:short_day-:long_day/:hour:minute:second/:slugified_categories/:name"},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			site := filepath.Join(dir, "site")
			files := jekyllSite
			cfg := fmt.Sprintf(config, v.recipes) + "permalink: " + v.permalink + "\n"
			if v.collectionsDir != "" {
				cfg += "collections_dir: " + v.collectionsDir + "\n"
				files = map[string]string{}
				for name, content := range jekyllSite {
					switch first, _, _ := strings.Cut(name, "/"); first {
					case "_posts", "_drafts", "_recipes", "_notes":
						name = v.collectionsDir + "/" + name
					}
					files[name] = content
				}
			}
			writeSite(t, site, files)
			writeSite(t, site, map[string]string{"_config.yml": cfg})
			dest := filepath.Join(dir, "_site")
			cmd := exec.Command(jekyll, "build", "--quiet", "--source", site, "--destination", dest)
			cmd.Dir = site
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("jekyll: %v\n%s", err, out)
			}

			j, err := Load(site, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			if j.File != "_config.yml" || j.Permalink != v.permalink {
				t.Fatalf("Load: File %q, Permalink %q", j.File, j.Permalink)
			}
			theirs := sitemapPaths(t, filepath.Join(dest, "sitemap.xml"), "https://example.com")
			bySource, _ := listingIn(t, filepath.Join(dest, "listing.txt"), v.collectionsDir)
			pretty := func(u string) string {
				if s, ok := strings.CutSuffix(u, "/index.html"); ok {
					return s + "/"
				}
				return u
			}

			ours := map[string]bool{}
			for _, rel := range sourceFiles(t, site) {
				if j.FileRules(rel).DraftsIn != "" {
					continue // built without --drafts; e2e's TestJekyllDrafts builds them
				}
				p := readPage(t, site, rel, j)
				got, ok := j.URLPath(p)
				want, listed := bySource[rel]
				switch {
				case ok && !listed:
					t.Errorf("%s: we give %q; Jekyll has no page, document or static file for it", rel, got)
				case ok && got != want:
					t.Errorf("%s: we give %q; Jekyll publishes %q", rel, got, want)
				case !ok && listed && theirs[pretty(want)]:
					t.Errorf("%s: not a page for us; jekyll-sitemap lists %q", rel, want)
				}
				if ok && got != "/404.html" { // jekyll-sitemap leaves out 404.html
					ours[pretty(got)] = true
				}
			}
			if len(ours) < 20 {
				t.Errorf("only %d pages compared; the site should make more", len(ours))
			}
			if !slices.Equal(sortedKeys(ours), sortedKeys(theirs)) {
				t.Errorf("URL sets differ\n ours: %q\ntheirs: %q", sortedKeys(ours), sortedKeys(theirs))
			}
			if t.Failed() {
				data, _ := os.ReadFile(filepath.Join(dest, "listing.txt"))
				t.Logf("Jekyll's pages:\n%s", data)
			}
		})
	}
}
