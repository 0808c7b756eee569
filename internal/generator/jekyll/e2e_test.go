package jekyll

import (
	"encoding/xml"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
	"gopkg.in/yaml.v3"
)

// The tests in this file build small sites with the real generators and
// compare the URL paths the presets give every source file with what
// the generator did: its own sitemap, and a listing of every page with
// its source file and URL that a template of the test site writes.

// writeSite writes files (path → content) under dir.
func writeSite(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// readPage reads a source file as sitemapgen's content mode will: its
// path and its front matter (YAML between "---" lines, TOML between
// "+++" lines), its date read by frontmatter in the zone z names, as the
// pipeline reads it (z nil: UTC).
func readPage(t *testing.T, root, rel string, z generator.Zoned) generator.Page {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	p := generator.Page{Path: rel}
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	m := map[string]any{}
	switch {
	case strings.HasPrefix(s, "---\n"):
		end := strings.Index(s[3:], "\n---")
		if end < 0 {
			return p
		}
		if err := yaml.Unmarshal([]byte(s[4:3+end]), &m); err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
	case strings.HasPrefix(s, "+++\n"):
		end := strings.Index(s[3:], "\n+++")
		if end < 0 {
			return p
		}
		if _, err := toml.Decode(s[4:3+end], &m); err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
	default:
		return p
	}
	p.HasFrontMatter = true
	str := func(k string) string {
		if v, ok := m[k]; ok {
			return fmt.Sprint(v)
		}
		return ""
	}
	p.Title, p.Slug, p.URL, p.Permalink = str("title"), str("slug"), str("url"), str("permalink")
	p.Headless = m["headless"] == true
	switch d := m["date"].(type) {
	case time.Time:
		p.Date = d
	case string:
		for _, layout := range []string{"2006-01-02 15:04:05 -0700", "2006-01-02 15:04:05", time.RFC3339} {
			if tm, err := time.Parse(layout, d); err == nil {
				p.Date = tm
				break
			}
		}
	}
	if z != nil {
		loc, from := z.Zone(rel)
		ruby := false
		if o, ok := z.(generator.FrontMatterOptioner); ok {
			ruby = o.FrontMatterOptions(rel).RubyTimestamps
		}
		src, err := frontmatter.ReadSourceOptions(strings.NewReader(s), frontmatter.Options{Location: loc, LocationFrom: from, RubyTimestamps: ruby})
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		p.Date = src.Date
	}
	switch c := m["categories"].(type) {
	case string:
		p.Categories = strings.Fields(c)
	case []any:
		for _, e := range c {
			p.Categories = append(p.Categories, fmt.Sprint(e))
		}
	}
	if c, ok := m["category"].(string); ok && p.Categories == nil {
		p.Categories = []string{c}
	}
	return p
}

// sourceFiles lists the files under root, relative, with "/".
func sourceFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(root, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// sitemapPaths reads a sitemap's locs as decoded URL paths under base.
func sitemapPaths(t *testing.T, file, base string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var set struct {
		XMLName xml.Name
		URLs    []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
		Sitemaps []struct {
			Loc string `xml:"loc"`
		} `xml:"sitemap"`
	}
	if err := xml.Unmarshal(data, &set); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	paths := map[string]bool{}
	for _, s := range set.Sitemaps { // an index: Hugo's multilingual sitemap
		p, ok := strings.CutPrefix(s.Loc, base)
		if !ok {
			t.Fatalf("%s: sitemap %q is not under %s", file, s.Loc, base)
		}
		for u := range sitemapPaths(t, filepath.Join(filepath.Dir(file), filepath.FromSlash(strings.TrimPrefix(p, "/"))), base) {
			paths[u] = true
		}
	}
	for _, u := range set.URLs {
		p, ok := strings.CutPrefix(u.Loc, base)
		if !ok {
			t.Fatalf("%s: loc %q is not under %s", file, u.Loc, base)
		}
		paths[unescape(t, p)] = true
	}
	return paths
}

func unescape(t *testing.T, p string) string {
	t.Helper()
	u, err := url.PathUnescape(p)
	if err != nil {
		t.Fatalf("unescape %q: %v", p, err)
	}
	return u
}

// listing reads the lines "kind<TAB>source<TAB>url" a test site's
// template writes: source (relative, "/") → decoded URL path, and the
// URLs of the pages without a source file.
func listing(t *testing.T, file string) (bySource map[string]string, noSource map[string]bool) {
	return listingIn(t, file, "")
}

// listingIn is listing for a Jekyll site with a collections_dir: the
// paths of documents ("doc" lines) are relative to it.
func listingIn(t *testing.T, file, collectionsDir string) (bySource map[string]string, noSource map[string]bool) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	bySource, noSource = map[string]string{}, map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(strings.TrimSpace(line), "\t")
		if len(f) != 3 {
			continue
		}
		src := strings.TrimPrefix(filepath.ToSlash(f[1]), "/")
		if f[0] == "doc" && collectionsDir != "" {
			src = collectionsDir + "/" + src
		}
		u := unescape(t, f[2])
		if src == "" {
			noSource[u] = true
		} else {
			bySource[src] = u
		}
	}
	if len(bySource) == 0 {
		t.Fatalf("%s lists no page:\n%s", file, data)
	}
	return bySource, noSource
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

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
				if _, draft := j.DraftsIn(rel); draft {
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
