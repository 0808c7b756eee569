package e2e

import (
	"fmt"
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
	jekyll := testtool.Program(t, "jekyll", "apt-get install jekyll ruby-jekyll-sitemap")
	src := filepath.Join(t.TempDir(), "licenses")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "jekyll-licenses"))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("_site\n.jekyll-cache\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z _licenses/mit.txt", "2024-03-04T10:00:00Z about.txt")
	site := filepath.Join(src, "_site")
	cmd := exec.Command(jekyll, "build", "--quiet")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jekyll: %v\n%s", err, out)
	}
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
	// Eleventy wrote them there, and nothing for hidden/a.md.
	for loc := range want {
		if _, err := os.Stat(filepath.Join(site, filepath.FromSlash(strings.TrimPrefix(loc, base)), "index.html")); err != nil {
			t.Errorf("Eleventy wrote no page for %s: %v", loc, err)
		}
	}
	if _, err := os.Stat(filepath.Join(site, "hidden")); err == nil {
		t.Error("Eleventy wrote hidden/, whose data file's permalink is false")
	}
	ours, log := zeroConfig(t, src, site, base, "sources . (Eleventy's input folder)")
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
	const base = "https://example.com/"
	ours, log := zeroConfig(t, src, site, base, "base URL from _data/metadata.json url; sources . (Eleventy's input folder)")
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
