package hugo

import (
	"os"
	"os/exec"
	"path/filepath"
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

// hugoSite is the content every Hugo variant builds: every rule of the
// Hugo preset has a file here.
var hugoSite = map[string]string{
	"layouts/_default/single.html": "single\n",
	"layouts/_default/list.html":   "list\n",
	"layouts/index.html":           "{{ range .Site.AllPages }}{{ .Kind }}\t{{ with .File }}{{ .Path }}{{ end }}\t{{ .RelPermalink }}\n{{ end }}",

	"content/_index.md":                        "---\ntitle: Home\n---\n",
	"content/about.md":                         "---\ntitle: About Us\n---\n",
	"content/Hello World.md":                   "---\ntitle: Hello, World!\ndate: 2023-12-31T23:30:00-05:00\n---\n",
	"content/notes.en.md":                      "---\ntitle: Notes in English\n---\n",
	"content/no-front-matter.md":               "Just text.\n",
	"content/page.html":                        "---\ntitle: An HTML page\n---\n<p>x</p>\n",
	"content/plain.html":                       "<p>copied, not a page</p>\n",
	"content/styles.css":                       "body{}\n",
	"content/.hidden.md":                       "---\ntitle: hidden\n---\n",
	"content/a.markdown":                       "---\ntitle: A Markdown\n---\n",
	"content/b.mdown":                          "---\ntitle: B Mdown\n---\n",
	"content/UPPER.MD":                         "---\ntitle: copied, not a page\n---\n",
	"content/org-page.org":                     "#+TITLE: Org Page\n\nText.\n",
	"content/toml-front.md":                    "+++\ntitle = \"TOML Front Matter\"\nslug = \"toml-slug\"\n+++\n",
	"content/topbundle/index.md":               "---\ntitle: Top Bundle\ndate: 2022-06-15\n---\n",
	"content/topbundle/image.png":              "png",
	"content/posts/_index.md":                  "---\ntitle: Posts\n---\n",
	"content/posts/first-post.md":              "---\ntitle: \"It's a Title: Go & Rust, 2024!\"\ndate: 2024-03-05T10:00:00Z\n---\n",
	"content/posts/slugged.md":                 "---\ntitle: Slugged\nslug: My Custom Slug\ndate: 2024-02-29\n---\n",
	"content/posts/custom-url.md":              "---\ntitle: Custom URL\nurl: /special/Place Here/\n---\n",
	"content/posts/url-file.md":                "---\ntitle: URL file\nurl: /feeds/page.html\n---\n",
	"content/posts/url-relative.md":            "---\ntitle: Relative\nurl: relative/path\n---\n",
	"content/posts/_underscore.md":             "---\ntitle: Underscore\ndate: 2021-01-01\n---\n",
	"content/posts/trip/index.md":              "---\ntitle: Our Trip\ndate: 2023-07-04T12:00:00+02:00\n---\n",
	"content/posts/trip/photo.jpg":             "jpg",
	"content/posts/trip/notes.md":              "---\ntitle: Trip notes (a resource)\n---\n",
	"content/posts/trip/more/deep.md":          "---\ntitle: Deep resource\n---\n",
	"content/posts/headless/index.md":          "---\ntitle: Headless\nheadless: true\n---\n",
	"content/posts/headless/part.md":           "---\ntitle: Part\n---\n",
	"content/posts/Nested Dir/Odd_Name.md":     "---\ntitle: Odd\ndate: 2020-02-02\n---\n",
	"content/docs/_index.md":                   "---\ntitle: Docs\n---\n",
	"content/docs/intro.md":                    "---\ntitle: Intro\n---\n",
	"content/docs/guide/_index.md":             "---\ntitle: Guide\nslug: ignored-on-sections\n---\n",
	"content/docs/guide/install.md":            "---\ntitle: Install It\n---\n",
	"content/docs/guide/deeper/nested.md":      "---\ntitle: Nested Page\n---\n",
	"content/docs/guide/bundle/index.md":       "---\ntitle: Guide Bundle\nslug: bundle-slug\n---\n",
	"content/docs/guide/bundle/diagram.svg":    "<svg/>",
	"content/docs/guide/listed-url/_index.md":  "---\ntitle: Listed\nurl: /Listed URL/\n---\n",
	"content/blog/2020/old.md":                 "---\ntitle: Old Post\ndate: 2020-05-17T08:00:00Z\n---\n",
	"content/blog/2020/older.md":               "---\ntitle: Older Post\nslug: older-slug\ndate: 2020-01-01\n---\n",
	"content/blog/tips/index.md":               "---\ntitle: Tips & Tricks\ndate: 2019-11-09\n---\n",
	"content/UPPER/CasePage.md":                "---\ntitle: Case Page\n---\n",
	"content/posts/ümlaut Ünïcödé.md":          "---\ntitle: Ünïcödé Title\n---\n",
	"content/posts/dots.in.name.md":            "---\ntitle: Dots\n---\n",
	"content/tags/_index.md":                   "---\ntitle: Tags\n---\n",
	"content/posts/trip2/index.md":             "---\ntitle: Trip Two\n---\n",
	"content/posts/trip2/sub/_index.md":        "---\ntitle: resource too\n---\n",
	"content/posts/headless-regular.md":        "---\ntitle: Headless outside a bundle\nheadless: true\n---\n",
	"content/posts/title less.md":              "---\ndate: 2024-01-02\n---\n",
	"content/posts/with-tilde.md~":             "---\ntitle: backup\n---\n",
	"content/#notes/x.md":                      "---\ntitle: hash dir\n---\n",
	"content/.git/config.md":                   "---\ntitle: dot dir\n---\n",
	"content/about.fr.md":                      "---\ntitle: À propos\n---\n",
	"content/posts/relative.fr.md":             "---\ntitle: Relative French\nurl: rel/fr/\n---\n",
	"content/posts/absolute.fr.md":             "---\ntitle: Absolute French\nurl: /abs/fr/\n---\n",
	"content/empty-title-page.md":              "---\ntitle: \"\"\n---\n",
	"content/docs/guide/deeper/even/deeper.md": "---\ntitle: Deepest\n---\n",
}

func TestHugoEndToEnd(t *testing.T) {
	hugo := testtool.Program(t, "hugo", "apt-get install hugo") // compares the Hugo preset with Hugo's own output
	out, _ := exec.Command(hugo, "version").CombinedOutput()
	t.Logf("%s", strings.TrimSpace(string(out)))

	variants := []struct {
		name    string
		config  map[string]string
		listing string // the page with the listing, "index.html" if ""
	}{
		{name: "defaults", config: map[string]string{
			"hugo.toml": "baseURL = \"https://example.com/\"\n",
		}},
		{name: "permalinks", config: map[string]string{
			"hugo.toml": `baseURL = "https://example.com/"
[permalinks]
  posts = "/:year/:month/:slug/"
  docs = "/documentation/:sections[1:]/:filename/"
  blog = "/:section/:yearday-:weekday-:weekdayname-:monthname/:title/"
  "/" = "/root/:slugorfilename/"
`,
		}},
		{name: "ugly-yaml-mixed-case", config: map[string]string{
			"config.yaml": `BaseURL: https://example.com/
UglyURLs: true
PermaLinks:
  Posts: /p/:2006/:Jan/:filename/
  blog: /b/:sections/:day/:slug
`,
		}},
		{name: "config-dir-json", config: map[string]string{
			"config/_default/hugo.json":       `{"baseURL": "https://example.com/", "disablePathToLower": true, "uglyURLs": {"docs": true}}`,
			"config/_default/permalinks.json": `{"posts": "/:sections/:weekdayname/:slug/", "Blog": "/:section/:sections[last]/:title.html"}`,
		}},
		{name: "languages-env", listing: "en/index.html", config: map[string]string{
			"hugo.toml": `baseURL = "https://example.com/"
defaultContentLanguageInSubdir = true
disableKinds = ["section"]
[permalinks]
  blog = "/:section/:year/:filename/"
[languages.en]
  weight = 1
[languages.fr]
  weight = 2
`,
			"config/production/permalinks.toml":  "blog = \"/prod/:year/:slugorfilename/\"\n",
			"config/development/permalinks.toml": "blog = \"/dev/:year/:title/\"\n",
		}},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			site := filepath.Join(dir, "site")
			writeSite(t, site, hugoSite)
			writeSite(t, site, v.config)
			public := filepath.Join(dir, "public")
			cmd := exec.Command(hugo, "--quiet", "--source", site, "--destination", public)
			cmd.Env = append(os.Environ(), "HUGO_ENVIRONMENT=production")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("hugo: %v\n%s", err, out)
			}

			h, err := Load(site, limits.Default)
			if err != nil {
				t.Fatal(err)
			}
			theirs := sitemapPaths(t, filepath.Join(public, "sitemap.xml"), "https://example.com")
			if v.listing == "" {
				v.listing = "index.html"
			}
			bySource, noSource := listing(t, filepath.Join(public, filepath.FromSlash(v.listing)))

			ours := map[string]bool{}
			root := filepath.Join(site, "content")
			for _, rel := range sourceFiles(t, root) {
				p := readPage(t, root, rel, nil)
				got, ok := h.URLPath(p)
				want, listed := bySource[rel]
				switch {
				case ok && !listed:
					t.Errorf("%s: we give %q; Hugo has no page for it", rel, got)
				case ok && got != want:
					t.Errorf("%s: we give %q; Hugo publishes %q", rel, got, want)
				case ok && !theirs[got]:
					t.Errorf("%s: %q is not in Hugo's sitemap", rel, got)
				case !ok && listed && theirs[want]:
					t.Errorf("%s: not a page for us; Hugo lists %q in its sitemap", rel, want)
				}
				if ok {
					ours[got] = true
				}
			}
			if len(ours) < 30 {
				t.Errorf("only %d pages compared; the site should make more", len(ours))
			}
			for _, u := range sortedKeys(theirs) {
				if !ours[u] && !noSource[u] {
					t.Errorf("Hugo's sitemap lists %q, a page with a source file we gave no URL", u)
				}
			}
			if t.Failed() {
				data, _ := os.ReadFile(filepath.Join(public, filepath.FromSlash(v.listing)))
				t.Logf("Hugo's pages:\n%s", data)
			}
		})
	}
}
