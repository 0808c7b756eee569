package e2e

// Pelican's sources joined (issue 55, item 8): testdata/pelican built
// with Debian's Pelican 4 (./test.sh installs it): Pelican's content/
// joined to its output.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestPelicanDates builds testdata/pelican, commits its sources, and runs
// plain sitemapgen in the project: each article and page joined to its
// source by Pelican's URL rules (ARTICLE_URL {slug}.html, PAGE_URL
// pages/{slug}.html, the slug from the title, or the source's own :slug:)
// and dated as Pelican dates it, Modified before Date, in Markdown and
// reST; a page with neither by its source's last commit. The home,
// archives and category pages, which no source makes, are the newest
// article they link to in their own content (generator.ListRules.Shown); none is
// dated by the build. The lists of categories, tags and authors, which
// link to no article, stay undated.
func TestPelicanDates(t *testing.T) {
	src := pythonSite(t, "pelican", "pelican", "content", "-s", "publishconf.py", "-q")
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("output/\n__pycache__/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src,
		"2023-10-01T00:00:00Z *",
		"2024-01-15T00:00:00Z content/pages/about.md",
		"2024-06-01T00:00:00Z content/first-post.md content/testing-notes.md content/second.rst content/pages/contact.md",
	)
	const base = "https://example.com/"
	ours, _ := zeroConfig(t, src, filepath.Join(src, "output"), base, "site output (Pelican (pelicanconf.py)); base URL "+base+" from publishconf.py SITEURL")
	for loc, want := range map[string]string{
		base + "first-post.html":       "2024-05-06T07:08:00Z", // Modified: (Markdown)
		base + "notes-on-testing.html": "2024-02-10T08:00:00Z", // Date: alone; testing-notes.md, slugged from its title
		base + "custom-slug.html":      "2024-04-15T10:00:00Z", // :modified: (reST), :slug:
		base + "pages/contact.html":    "2024-02-02T12:00:00Z", // Modified: of a page
		base + "pages/about.html":      "2024-01-15T00:00:00Z", // neither: its last commit
	} {
		if got, ok := ours[loc]; !ok || !sameInstant(got, want) {
			t.Errorf("%s: listed %v, lastmod %q; want %s", loc, ok, got, want)
		}
	}
	for _, loc := range []string{base + "categories.html", base + "tags.html", base + "authors.html"} {
		if got, ok := ours[loc]; !ok || got != "" {
			t.Errorf("%s: listed %v, lastmod %q; want listed, undated", loc, ok, got)
		}
	}
	for loc, newest := range map[string]string{
		base:                         "2024-05-06T07:08:00Z",
		base + "archives.html":       "2024-05-06T07:08:00Z",
		base + "category/notes.html": "2024-05-06T07:08:00Z",
	} {
		if got := ours[loc]; !sameInstant(got, newest) {
			t.Errorf("%s: lastmod %q; want the newest article it shows, %s", loc, got, newest)
		}
	}
}

// TestPelicanTemplateList: a page whose metadata names a template of the
// project's own (Template: blog, THEME_TEMPLATES_OVERRIDES) that lists
// every article is dated by the newest article it shows, not by its own
// older Date; one whose template lists none keeps its own (issue 67).
func TestPelicanTemplateList(t *testing.T) {
	src := pelicanVariant(t, "THEME_TEMPLATES_OVERRIDES = ['templates']\n", map[string]string{
		"templates/blog.html":   `{% extends "base.html" %}{% block content %}<section><h1>{{ page.title }}</h1><ul>{% for article in articles %}<li><a href="{{ SITEURL }}/{{ article.url }}">{{ article.title }}</a></li>{% endfor %}</ul></section>{% endblock %}`,
		"templates/plain.html":  `{% extends "base.html" %}{% block content %}<section><h1>{{ page.title }}</h1>{{ page.content }}</section>{% endblock %}`,
		"content/pages/blog.md": "Title: Blog\nDate: 2024-01-02 00:00\nTemplate: blog\n\nEvery article.\n",
		// Its prose links to two articles: links its author wrote, which
		// their edits do not change.
		"content/pages/reading.md": "Title: Reading\nDate: 2024-01-03 00:00\nTemplate: plain\n\nSee [the first](../first-post.html) and [the custom one](../custom-slug.html).\n",
	})
	const base = "https://example.com/"
	blog, err := os.ReadFile(filepath.Join(src, "output", "pages", "blog.html"))
	if err != nil || !strings.Contains(string(blog), base+"first-post.html") || !strings.Contains(string(blog), base+"custom-slug.html") {
		t.Fatalf("the fixture's premise: the blog page lists the articles: %v\n%s", err, blog)
	}
	commitHistory(t, src, "2023-10-01T00:00:00Z *")
	ours, _ := zeroConfig(t, src, filepath.Join(src, "output"), base, "site output (Pelican (pelicanconf.py)); base URL "+base+" from publishconf.py SITEURL")
	for loc, want := range map[string]string{
		base + "pages/blog.html":    "2024-05-06T07:08:00Z", // first-post's Modified: the newest it shows
		base + "pages/reading.html": "2024-01-03T00:00:00Z", // its own Date
	} {
		if got, ok := ours[loc]; !ok || !sameInstant(got, want) {
			t.Errorf("%s: listed %v, lastmod %q; want %s", loc, ok, got, want)
		}
	}
}

// TestPelicanYearLastDates: Pelican reads a date in numbers with its
// year last as dateutil does, month first unless the first number is no
// month, and builds the article: its page is joined to its source and
// dated so, not left without a source for want of a date (issue 86).
func TestPelicanYearLastDates(t *testing.T) {
	src := pelicanVariant(t, "", map[string]string{
		"content/us-date.md": "Title: A US date\nDate: 03/18/2024\n\nMonth first.\n",
		"content/eu-date.md": "Title: A European date\nDate: 2024-01-02\nModified: 19.03.2024 10:00\n\nDay first.\n",
		"content/either.md":  "Title: Either way\nDate: 03/04/2024\n\nMonth first, as dateutil reads it.\n",
	})
	const base = "https://example.com/"
	for name, printed := range map[string]string{"a-us-date.html": "2024-03-18T00:00:00", "a-european-date.html": "2024-03-19T10:00:00", "either-way.html": "2024-03-04T00:00:00"} {
		page, err := os.ReadFile(filepath.Join(src, "output", name))
		if err != nil || !strings.Contains(string(page), printed) {
			t.Fatalf("the fixture's premise: Pelican built %s, dated %s: %v\n%s", name, printed, err, page)
		}
	}
	commitHistory(t, src, "2023-10-01T00:00:00Z *")
	ours, log := zeroConfig(t, src, filepath.Join(src, "output"), base, "site output (Pelican (pelicanconf.py)); base URL "+base+" from publishconf.py SITEURL")
	for loc, want := range map[string]string{
		base + "a-us-date.html":       "2024-03-18T00:00:00Z",
		base + "a-european-date.html": "2024-03-19T10:00:00Z",
		base + "either-way.html":      "2024-03-04T00:00:00Z",
	} {
		if got, ok := ours[loc]; !ok || !sameInstant(got, want) {
			t.Errorf("%s: listed %v, lastmod %q; want %s\n%s", loc, ok, got, want, log)
		}
	}
}

// TestPelicanPluginURLs: a plugin of the project's own (PLUGINS,
// PLUGIN_PATHS) publishes every article at {date:%Y}/{slug}/ by its
// override_save_as, code sitemapgen does not run: each article's page is
// joined to the one source whose slug is its URL's last name, and dated
// as the page prints it (its Modified, else its Date); a page the
// plugin leaves alone keeps its own join, and a page of the plugin's own
// whose name is that page's is not joined to it: that page is there
// (issue 67, item 4).
func TestPelicanPluginURLs(t *testing.T) {
	src := pelicanVariant(t, "PLUGIN_PATHS = ['plugins']\nPLUGINS = ['yearly']\n", map[string]string{
		"plugins/yearly.py": `import os

from pelican import signals


def move(generator):
    for article in generator.articles:
        article.override_url = "%d/%s/" % (article.date.year, article.slug)
        article.override_save_as = "%d/%s/index.html" % (article.date.year, article.slug)


def series(pelican):
    # A page of the plugin's own at a name a page of the site has too.
    folder = os.path.join(pelican.output_path, "series")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "contact.html"), "w") as f:
        f.write("<!DOCTYPE html><html><head><title>Series</title></head><body><main><p>A series.</p></main></body></html>")


def register():
    signals.article_generator_finalized.connect(move)
    signals.finalized.connect(series)
`,
	})
	for _, f := range []string{"2024/first-post/index.html", "2024/custom-slug/index.html"} {
		if _, err := os.Stat(filepath.Join(src, "output", filepath.FromSlash(f))); err != nil {
			t.Fatalf("the fixture's premise: the plugin publishes %s: %v", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(src, "output", "first-post.html")); err == nil {
		t.Fatal("the fixture's premise: first-post.html is not written")
	}
	commitHistory(t, src,
		"2023-10-01T00:00:00Z *",
		"2024-01-15T00:00:00Z content/pages/about.md",
	)
	const base = "https://example.com/"
	ours, _ := zeroConfig(t, src, filepath.Join(src, "output"), base, "site output (Pelican (pelicanconf.py)); base URL "+base+" from publishconf.py SITEURL")
	for loc, want := range map[string]string{
		base + "2024/first-post/":       "2024-05-06T07:08:00Z", // its Modified:
		base + "2024/notes-on-testing/": "2024-02-10T08:00:00Z", // its Date:, slugged from the title
		base + "2024/custom-slug/":      "2024-04-15T10:00:00Z", // :modified: (reST), :slug:
		base + "pages/contact.html":     "2024-02-02T12:00:00Z", // a page: not moved
		base + "pages/about.html":       "2024-01-15T00:00:00Z",
		base:                            "2024-05-06T07:08:00Z", // the newest article it shows
	} {
		if got, ok := ours[loc]; !ok || !sameInstant(got, want) {
			t.Errorf("%s: listed %v, lastmod %q; want %s", loc, ok, got, want)
		}
	}
	// The plugin's series page ends in contact, as the page
	// pages/contact.html does, which is there: it is not that page's.
	if got, ok := ours[base+"series/contact.html"]; !ok || got != "" {
		t.Errorf("series/contact.html: listed %v, lastmod %q; want listed, undated", ok, got)
	}
	// --explain names the source a page is built from, and none for the
	// series page.
	x := mustRun(t, src, "--dry-run", "--explain", base+"2024/first-post/", "--explain", "output/series/contact.html").stdout
	moved, series, _ := strings.Cut(x, "output/series/contact.html")
	if want := "  source:      " + filepath.Join("content", "first-post.md") + "\n"; !strings.Contains(moved, want) {
		t.Errorf("--explain of the moved article does not say %q:\n%s", want, x)
	}
	if strings.Contains(series, "source:") {
		t.Errorf("--explain names a source of the series page:\n%s", x)
	}
}

// pelicanVariant builds, with real Pelican, a copy of testdata/pelican
// whose pelicanconf.py has conf added and which has files (by
// slash-separated path) besides, and returns its folder.
func pelicanVariant(t *testing.T, conf string, files map[string]string) string {
	t.Helper()
	pelican := testtool.Program(t, "pelican", "apt-get install pelican")
	src := filepath.Join(t.TempDir(), "pelican-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "pelican"))); err != nil {
		t.Fatal(err)
	}
	settings, err := os.ReadFile(filepath.Join(src, "pelicanconf.py"))
	if err != nil {
		t.Fatal(err)
	}
	files["pelicanconf.py"] = string(settings) + conf
	files[".gitignore"] = "output/\n__pycache__/\n"
	for name, body := range files {
		write(t, filepath.Join(src, filepath.FromSlash(name)), body)
	}
	cmd := exec.Command(pelican, "content", "-s", "publishconf.py", "-q")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pelican: %v\n%s", err, out)
	}
	return src
}
