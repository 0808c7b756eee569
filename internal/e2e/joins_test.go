package e2e

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestJekyllTextDocuments builds testdata/jekyll-licenses, shaped as
// github/choosealicense.com is (a collection of .txt documents with front
// matter, published at /licenses/:path/), with Jekyll, its sources in
// git, and runs plain sitemapgen in the project: each license's page is
// joined to its .txt source and dated by its last commit, where
// jekyll-sitemap gives them the build's time, and so is a page in
// plain text that its permalink writes as about.html; assets without front
// matter (a JSON file, an image) are no sources and say nothing.
func TestJekyllTextDocuments(t *testing.T) {
	src, site := buildJekyllHistory(t, "jekyll-licenses", "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z _licenses/mit.txt", "2024-03-04T10:00:00Z about.txt")
	const base = "https://example.com/"
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	ours, log := zeroConfig(t, src, site, base, "sources . (Jekyll's source)")
	compareSets(t, ours, theirs, nil, nil)
	for loc, want := range map[string]string{
		base + "licenses/mit/":       "2024-02-03T10:00:00Z",
		base + "licenses/unlicense/": "2024-01-01T00:00:00Z",
		base:                         "2024-01-01T00:00:00Z",
		// A page outside the collection: about.txt at permalink /about.html.
		base + "about.html": "2024-03-04T10:00:00Z",
	} {
		if got, ok := ours[loc]; !ok || !sameInstant(got, want) {
			t.Errorf("%s: listed %v, lastmod %q; want %s (its source's last commit)", loc, ok, got, want)
		}
	}
	if !strings.Contains(log, "lastmod: 4 git;") {
		t.Errorf("the run does not date the 4 pages by git:\n%s", log)
	}
	for _, ln := range strings.Split(log, "\n") {
		if strings.Contains(ln, "warning") && !strings.Contains(ln, "example domain") {
			t.Errorf("the run warns: %s", ln)
		}
	}
}

// TestJekyllExtensionlessDocs builds testdata/jekyll-docs, a docs site
// whose collection's permalink has no extension
// (/:collection/:path), with Jekyll, its sources in git, and runs plain
// sitemapgen in the project (issue 97, items 2 and 3). Jekyll writes
// docs/knots.html and gives it the URL /docs/knots, which its links and
// jekyll-sitemap use: it is listed there, not as /docs/knots.html, and
// so is a page whose permalink is /about. The collection's
// rigging/index.md, Jekyll's /docs/rigging/index written as
// docs/rigging/index.html, is joined to its source: dated by its own
// last commit, later than the pages it lists, where it was joined to
// none and dated by the newest of them. The URLs are jekyll-sitemap's,
// one for one.
func TestJekyllExtensionlessDocs(t *testing.T) {
	src, site := buildJekyllHistory(t, "jekyll-docs", "2024-01-01T00:00:00Z *", "2024-02-01T10:00:00Z _docs/rigging/shrouds.md",
		"2024-03-01T10:00:00Z _docs/rigging/index.md", "2024-04-01T10:00:00Z about.md")
	const base = "https://example.com/"
	if _, err := os.Stat(filepath.Join(site, "docs", "knots.html")); err != nil {
		t.Fatalf("the fixture's premise: Jekyll writes docs/knots.html (%v)", err)
	}
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	ours, log := zeroConfig(t, src, site, base, "sources . (Jekyll's source)")
	compareSets(t, ours, theirs, nil, nil)
	for loc, want := range map[string]string{
		base + "docs/knots":            "2024-01-01T00:00:00Z",
		base + "docs/rigging/shrouds":  "2024-02-01T10:00:00Z",
		base + "docs/rigging/halyards": "2024-01-01T00:00:00Z",
		base + "docs/rigging/index":    "2024-03-01T10:00:00Z", // its own change, after the pages it lists
		base + "about":                 "2024-04-01T10:00:00Z",
		base:                           "2024-01-01T00:00:00Z",
	} {
		if got, ok := ours[loc]; !ok || !sameInstant(got, want) {
			t.Errorf("%s: listed %v, lastmod %q; want %s", loc, ok, got, want)
		}
	}
	if strings.Contains(log, "no source file") {
		t.Errorf("a page is joined to no source:\n%s", log)
	}
	r := mustRun(t, src, "--explain", base+"docs/rigging/index")
	if !strings.Contains(r.stdout, "_docs/rigging/index.md") {
		t.Errorf("--explain does not name the index page's source:\n%s", r.stdout)
	}
}

// buildJekyllHistory copies testdata/fixture, gives its files the git
// history of commitHistory's lines, and builds it with Jekyll in UTC. It
// returns the copy and the site Jekyll built in it.
func buildJekyllHistory(t *testing.T, fixture string, history ...string) (src, site string) {
	t.Helper()
	jekyll := testtool.Program(t, "jekyll", "apt-get install jekyll ruby-jekyll-sitemap")
	src = filepath.Join(t.TempDir(), fixture)
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", fixture))); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(src, ".gitignore"), "_site\n.jekyll-cache\n")
	commitHistory(t, src, history...)
	cmd := exec.Command(jekyll, "build", "--quiet")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jekyll: %v\n%s", err, out)
	}
	return src, filepath.Join(src, "_site")
}

// TestEleventyDataPermalinks builds a copy of testdata/eleventy with
// templates whose URLs the front matter does not say, with Eleventy 3,
// and runs plain sitemapgen in the project: each page is joined to its
// template (dated by the template's last commit, where Eleventy gives an
// undated page its file's time): blog/fourthpost/fourthpost.md, named
// like its folder, is /blog/fourthpost/ (as in eleventy-base-blog); a
// directory data file's permalink with {{ page.fileSlug }}, a template
// data file's (JavaScript), an eleventyComputed permalink over the front
// matter's; a data file's permalink: false writes no page.
func TestEleventyDataPermalinks(t *testing.T) {
	src := nodeProject(t, "eleventy", "_data", "_includes", "index.md", "eleventy.config.js", "package.json")
	page := "---\nlayout: base.njk\ntitle: %s\n%s---\n# %s\n"
	for name, data := range map[string]string{
		".gitignore":                      "node_modules\n_site\n",
		"blog/fourthpost/fourthpost.md":   fmt.Sprintf(page, "Fourth post", "", "Fourth post"),
		"notes/notes.11tydata.json":       `{"permalink": "/n/{{ page.fileSlug }}/"}`,
		"notes/first.md":                  fmt.Sprintf(page, "First note", "", "First note"),
		"moved/page.11tydata.js":          "export default { permalink: '/relocated/' };\n",
		"moved/page.md":                   fmt.Sprintf(page, "Moved", "", "Moved"),
		"hidden/hidden.json":              `{"permalink": false}`,
		"hidden/a.md":                     fmt.Sprintf(page, "Hidden", "", "Hidden"),
		"computed/computed.11tydata.json": `{"eleventyComputed": {"permalink": "/c/{{ page.fileSlug }}/"}}`,
		"computed/one.md":                 fmt.Sprintf(page, "One", "permalink: /ignored/\n", "One"),
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(src, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(src, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z blog/fourthpost/fourthpost.md",
		"2024-03-04T10:00:00Z notes/first.md", "2024-04-05T10:00:00Z moved/page.md", "2024-05-06T10:00:00Z computed/one.md")
	eleventyBuild(t, src)
	site := filepath.Join(src, "_site")
	const base = "https://example.com/"
	want := map[string]string{
		base:                      "2024-01-01T00:00:00Z",
		base + "blog/fourthpost/": "2024-02-03T10:00:00Z",
		base + "n/first/":         "2024-03-04T10:00:00Z",
		base + "relocated/":       "2024-04-05T10:00:00Z",
		base + "c/one/":           "2024-05-06T10:00:00Z",
	}
	if _, err := os.Stat(filepath.Join(site, "hidden")); err == nil {
		t.Error("Eleventy wrote hidden/, whose data file's permalink is false")
	}
	eleventyJoined(t, src, site, base, "sources . (Eleventy's input folder)", want)
}

// eleventyJoined checks that Eleventy wrote a page at each URL of want
// into site, and that plain sitemapgen in src, whose run says detected,
// lists those URLs alone, each joined to its template and dated by its
// last commit, want's.
func eleventyJoined(t *testing.T, src, site, base, detected string, want map[string]string) {
	t.Helper()
	for loc := range want {
		if _, err := os.Stat(filepath.Join(site, filepath.FromSlash(strings.TrimPrefix(loc, base)), "index.html")); err != nil {
			t.Errorf("Eleventy wrote no page for %s: %v", loc, err)
		}
	}
	ours, log := zeroConfig(t, src, site, base, detected)
	for loc, lm := range want {
		if got, ok := ours[loc]; !ok || !sameInstant(got, lm) {
			t.Errorf("%s: listed %v, lastmod %q; want %s (its template's last commit)", loc, ok, got, lm)
		}
	}
	if len(ours) != len(want) {
		t.Errorf("listed %v; want only %d URLs", ours, len(want))
	}
	if strings.Contains(log, "with no source file") {
		t.Errorf("a page is not joined:\n%s", log)
	}
}

// TestSphinxIncludes builds testdata/sphinx-include with Sphinx, its
// files in git, and runs plain sitemapgen in the project, from the
// repository's top and from docs/, conf.py's folder: a page built from
// includes is dated by the newest of its files, where its stub is
// older: changelog.rst (".. include:: ../CHANGELOG.md", a file outside
// the source folder, and, from docs/, outside the folder sitemapgen
// runs in), usage.rst (an include relative to the source folder,
// "/_snippets/note.inc", and a literalinclude), install.rst (a
// literalinclude alone).
func TestSphinxIncludes(t *testing.T) {
	src := pythonSite(t, "sphinx-include", "sphinx-build", "-q", "-b", "html", "docs", "docs/_build/html")
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("_build\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-03-04T10:00:00Z CHANGELOG.md",
		"2024-04-05T10:00:00Z examples/run.sh", "2024-05-06T10:00:00Z docs/_snippets/note.inc")
	const base = "https://example.com/docs/"
	for _, dir := range []string{".", "docs"} {
		t.Run(dir, func(t *testing.T) {
			ours, log := zeroConfig(t, filepath.Join(src, dir), filepath.Join(src, "docs", "_build", "html"), base, "Sphinx's source folder")
			for loc, want := range map[string]string{
				base + "index.html":     "2024-01-01T00:00:00Z",
				base + "changelog.html": "2024-03-04T10:00:00Z", // CHANGELOG.md's
				base + "usage.html":     "2024-05-06T10:00:00Z", // note.inc's, newer than run.sh's
				base + "install.html":   "2024-04-05T10:00:00Z", // run.sh's
			} {
				if got, ok := ours[loc]; !ok || !sameInstant(got, want) {
					t.Errorf("%s: listed %v, lastmod %q; want %s (the newest of its files' commits)", loc, ok, got, want)
				}
			}
			if !strings.Contains(log, "lastmod: 4 git") {
				t.Errorf("the run does not date the 4 pages by git:\n%s", log)
			}
		})
	}
}

// TestEleventyVento builds testdata/eleventy-vento, whose pages are Vento
// templates (eleventy-plugin-vento adds the language, .vto), with
// Eleventy 3 and runs plain sitemapgen in the project: every page is
// joined to its template and dated as the others are: the home page by
// the newest post it lists, the posts by their front matter dates, the
// about page by its template's last commit. A page no source produces
// (a JavaScript template's) that the build wrote seconds before the
// others is listed: no source changed between them.
func TestEleventyVento(t *testing.T) {
	src := nodeProject(t, "eleventy-vento", "_data", "_includes", "posts", "about.vto", "index.vto", "eleventy.config.js", "package.json")
	write(t, filepath.Join(src, ".gitignore"), "node_modules\n_site\n")
	write(t, filepath.Join(src, "gallery.11ty.js"), `export default class {
  data() { return { permalink: "/gallery/", title: "Gallery" }; }
  render() { return "<!doctype html><html lang=\"en\"><head><title>Gallery</title></head><body><p>Pictures.</p></body></html>"; }
}
`)
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z about.vto")
	eleventyBuild(t, src)
	site := filepath.Join(src, "_site")
	// The gallery, written a few seconds before the pages with a source,
	// as a build writes a page that waits on nothing before pages that
	// wait on their images.
	fi, err := os.Stat(filepath.Join(site, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	early := fi.ModTime().Add(-3 * time.Second)
	if err := os.Chtimes(filepath.Join(site, "gallery", "index.html"), early, early); err != nil {
		t.Fatal(err)
	}
	// The sources were checked out before the build began, as on CI: the
	// files this test wrote a moment before the build, and the folders
	// they changed, would otherwise be newer than the gallery.
	sourcesBefore(t, src, site, early.Add(-time.Minute))
	const base = "https://example.com/"
	ours, log := zeroConfig(t, src, site, base, "base URL https://example.com/ from _data/metadata.json url; sources . (Eleventy's input folder)")
	want := map[string]string{
		base:                   "2024-05-06T00:00:00Z", // the newest post it lists
		base + "about/":        "2024-02-03T10:00:00Z", // its template's last commit
		base + "posts/first/":  "2024-03-04T00:00:00Z", // front matter
		base + "posts/second/": "2024-05-06T00:00:00Z",
		base + "gallery/":      "", // no source: undated
	}
	for loc, lm := range want {
		if got, ok := ours[loc]; !ok || got != lm && !sameInstant(got, lm) {
			t.Errorf("%s: listed %v, lastmod %q; want %q", loc, ok, got, lm)
		}
	}
	if len(ours) != len(want) {
		t.Errorf("listed %v; want %d URLs", ours, len(want))
	}
	if strings.Contains(log, "stale") || strings.Contains(log, "older than the build") {
		t.Errorf("a page is left out as stale:\n%s", log)
	}
}

// TestEleventyDataCascade builds, with Eleventy 3, a project whose input
// folder is src/ and whose pages take their URLs from data files whose
// permalinks use the data cascade (as an Eleventy site in two languages
// does), and runs plain sitemapgen in the project: each page is joined
// to its template and dated by its last commit. The shapes: a folder's
// permalink with the language of the folder above ({{ lang }}, from
// en/en.json and de/de.json), one with a value of the input folder's
// own data file (src/src.json) and one with a global data value ({{
// site.blog }}), a title through slugify, eleventyComputed's
// permalink as a function returning a template literal of the data,
// and a folder's permalink whose variable ({{ category }}) a template's
// front matter sets over the folder's data file.
func TestEleventyDataCascade(t *testing.T) {
	src := nodeProject(t, "eleventy", "package.json")
	page := "---\ntitle: %s\n---\n# %s\n"
	files := map[string]string{
		".gitignore":                      "node_modules\n_site\n",
		"eleventy.config.js":              "export default function (eleventyConfig) {}\nexport const config = { dir: { input: \"src\" } };\n",
		"src/_data/site.json":             `{"url": "https://example.com/", "blog": "journal"}`,
		"src/_includes/base.njk":          "<!doctype html><html lang=\"en\"><head><title>{{ title }}</title></head><body>{{ content | safe }}</body></html>\n",
		"src/src.json":                    `{"layout": "base.njk", "section": "w"}`,
		"src/index.md":                    fmt.Sprintf(page, "Home", "Home"),
		"src/en/en.json":                  `{"lang": "en"}`,
		"src/de/de.json":                  `{"lang": "de"}`,
		"src/en/blog/blog.json":           `{"permalink": "/{{ lang }}/blog/{{ page.fileSlug }}/"}`,
		"src/de/blog/blog.json":           `{"permalink": "/{{ lang }}/blog/{{ page.fileSlug }}/"}`,
		"src/en/blog/first.md":            fmt.Sprintf(page, "First", "First"),
		"src/de/blog/erster.md":           fmt.Sprintf(page, "Erster", "Erster"),
		"src/wiki/wiki.json":              `{"permalink": "/{{ section }}/{{ page.fileSlug }}/"}`,
		"src/wiki/topic.md":               fmt.Sprintf(page, "Topic", "Topic"),
		"src/journal/journal.11tydata.js": "export default { permalink: \"/{{ site.blog }}/{{ page.fileSlug }}/\" };\n",
		"src/journal/entry.md":            fmt.Sprintf(page, "Entry", "Entry"),
		"src/posts/posts.11tydata.js":     "export default { permalink: \"blog/{{ title | slugify }}/\" };\n",
		"src/posts/one.md":                fmt.Sprintf(page, "Hello, World & Friends", "Hello"),
		"src/notes/notes.11tydata.js":     "export default {\n  lang: \"en\",\n  eleventyComputed: {\n    permalink: (data) => `/${data.lang}/notes/${data.page.fileSlug}/`,\n  },\n};\n",
		"src/notes/note.md":               fmt.Sprintf(page, "Note", "Note"),
		"src/topics/topics.json":          `{"category": "general", "permalink": "/{{ category }}/{{ page.fileSlug }}/"}`,
		"src/topics/plain.md":             fmt.Sprintf(page, "Plain", "Plain"),
		"src/topics/scoop.md":             "---\ntitle: Scoop\ncategory: news\n---\n# Scoop\n",
	}
	for name, data := range files {
		write(t, filepath.Join(src, filepath.FromSlash(name)), data)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z src/en/blog/first.md",
		"2024-03-04T10:00:00Z src/de/blog/erster.md", "2024-04-05T10:00:00Z src/wiki/topic.md",
		"2024-05-06T10:00:00Z src/journal/entry.md", "2024-06-07T10:00:00Z src/posts/one.md",
		"2024-07-08T10:00:00Z src/notes/note.md", "2024-08-09T10:00:00Z src/topics/plain.md", "2024-09-10T10:00:00Z src/topics/scoop.md")
	eleventyBuild(t, src)
	site := filepath.Join(src, "_site")
	const base = "https://example.com/"
	want := map[string]string{
		base:                                   "2024-01-01T00:00:00Z",
		base + "en/blog/first/":                "2024-02-03T10:00:00Z",
		base + "de/blog/erster/":               "2024-03-04T10:00:00Z",
		base + "w/topic/":                      "2024-04-05T10:00:00Z",
		base + "journal/entry/":                "2024-05-06T10:00:00Z",
		base + "blog/hello-world-and-friends/": "2024-06-07T10:00:00Z",
		base + "en/notes/note/":                "2024-07-08T10:00:00Z",
		base + "general/plain/":                "2024-08-09T10:00:00Z",
		base + "news/scoop/":                   "2024-09-10T10:00:00Z", // its front matter's category, over the data file's
	}
	eleventyJoined(t, src, site, base, "sources src (Eleventy's input folder)", want)
}

// sourcesBefore sets the modification time of every file and folder of
// the project src to t, but the built site's and what links lead to
// (node_modules, linked to the fixture's).
func sourcesBefore(t *testing.T, src, site string, at time.Time) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == site {
			return filepath.SkipDir
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		return os.Chtimes(p, at, at)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestEleventyJavaScriptFrontMatter builds a copy of testdata/eleventy
// with posts whose front matter is JavaScript ("---js"), with Eleventy 3,
// and runs plain sitemapgen in the project: the literal date of a
// top-level const (Eleventy 3's form, as helenclx/eleventy-vento writes
// it) and of an object literal (Eleventy 2's form, with its permalink)
// date the posts as Eleventy does (its own sitemap template's
// page.date); a date the code computes (new Date(…)) is not read, a
// warning names its line, and the post is dated by its last commit. An
// object literal that gives a key twice gives the last value, as
// JavaScript does. A var declared inside a block is a top-level variable
// too (var belongs to the function, here the whole code), whose value
// depends on the code that runs: a warning, as for a computed date.
func TestEleventyJavaScriptFrontMatter(t *testing.T) {
	src := nodeProject(t, "eleventy", "_data", "_includes", "index.md", "sitemap.njk", "eleventy.config.js", "package.json")
	for name, data := range map[string]string{
		".gitignore":        "node_modules\n_site\n",
		"posts/fifth.md":    "---js\nconst title = \"Fifth post\";\nconst layout = \"base.njk\";\nconst date = \"2023-01-23\";\n---\n# Fifth post\n",
		"posts/old-form.md": "---js\n{\n  title: \"Old form\",\n  layout: \"base.njk\",\n  date: \"2022-05-06\",\n  permalink: \"/legacy/old-form/\"\n}\n---\n# Old form\n",
		"posts/computed.md": "---js\nconst layout = \"base.njk\";\nconst date = new Date(\"2021-02-03T00:00:00Z\");\n---\n# Computed\n",
		"posts/twice.md":    "---js\n{\n  layout: \"base.njk\",\n  date: \"2020-01-01\",\n  date: \"2023-06-01\"\n}\n---\n# Twice\n",
		"posts/block.md":    "---js\nconst layout = \"base.njk\";\nif (layout) {\n  var date = \"2020-07-08\";\n}\n---\n# Block\n",
	} {
		write(t, filepath.Join(src, filepath.FromSlash(name)), data)
	}
	const committed = "2024-06-01T00:00:00Z"
	commitHistory(t, src, committed+" *")
	eleventyBuild(t, src)
	site := filepath.Join(src, "_site")
	const base = "https://example.com/"
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	for loc, want := range map[string]string{
		base + "posts/fifth/":     "2023-01-23T00:00:00Z",
		base + "legacy/old-form/": "2022-05-06T00:00:00Z",
		base + "posts/computed/":  "2021-02-03T00:00:00Z",
		base + "posts/twice/":     "2023-06-01T00:00:00Z",
		base + "posts/block/":     "2020-07-08T00:00:00Z",
	} {
		if !sameInstant(theirs[loc], want) {
			t.Fatalf("the fixture's premise: Eleventy dates %s %q, want %s:\n%v", loc, theirs[loc], want, theirs)
		}
	}
	ours, log := zeroConfig(t, src, site, base, "sources . (Eleventy's input folder)")
	for loc, want := range map[string]string{
		base + "posts/fifth/":     "2023-01-23T00:00:00Z",
		base + "legacy/old-form/": "2022-05-06T00:00:00Z",
		base + "posts/computed/":  committed, // its last commit: the code's date is not read
		base + "posts/twice/":     "2023-06-01T00:00:00Z",
		base + "posts/block/":     committed,
	} {
		if got, ok := ours[loc]; !ok || !sameInstant(got, want) {
			t.Errorf("%s: listed %v, lastmod %q; want %s", loc, ok, got, want)
		}
	}
	for _, want := range []string{
		filepath.Join("posts", "computed.md") + ":3: warning: date: computed by JavaScript, which sitemapgen does not run; not read",
		filepath.Join("posts", "block.md") + ":4: warning: date: computed by JavaScript, which sitemapgen does not run; not read",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the run does not say %q:\n%s", want, log)
		}
	}
}
