package pelican_test

import (
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/pelican"
	"github.com/sitemapgen/sitemapgen/internal/peer"
)

// preset returns the join's preset of a project whose settings are conf
// (given in pelicanconf.py).
func preset(t *testing.T, conf map[string]any) (*pelican.Preset, string) {
	t.Helper()
	c := pelican.Conf{}
	for k, v := range conf {
		c[k] = pelican.Setting{Val: v, File: "pelicanconf.py", Line: 1}
	}
	p, dir := pelican.Generator{}.Routes(&generator.Detected{Own: c})
	if p == nil {
		return nil, dir
	}
	return p.(*pelican.Preset), dir
}

// urlOf returns the URL path the preset gives the source rel of text,
// "" for none.
func urlOf(t *testing.T, p *pelican.Preset, rel, text string) string {
	t.Helper()
	fm, err := p.ReadMeta(rel, strings.NewReader(text))
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	u, ok := p.URLPath(generator.Page{Path: rel, URL: fm.URL})
	if ok != (u != "") {
		t.Fatalf("%s: URLPath %q, %v", rel, u, ok)
	}
	return u
}

// TestURLRules checks Pelican's URL rules against what Pelican 4.8 (Debian's
// python3-pelican) writes: the rows of the fixture
// internal/e2e/testdata/pelican are checked by TestPelicanDates with a
// real build; the others were built with the same Pelican, the settings
// of each row in pelicanconf.py.
func TestURLRules(t *testing.T) {
	tests := []struct {
		name      string
		conf      map[string]any
		rel, text string
		want      string
	}{
		{"article, slug from the title", nil, "first-post.md", "Title: First post\nDate: 2024-03-04 10:00\n\nx", "/first-post.html"},
		{"article, slug from the title, not the file", nil, "testing-notes.md", "Title: Notes on testing\nDate: 2024-02-10\n\nx", "/notes-on-testing.html"},
		{"reST :slug:", nil, "second.rst", "A second article\n################\n\n:date: 2024-04-01 09:00\n:slug: custom-slug\n\nx\n", "/custom-slug.html"},
		{"page", nil, "pages/about.md", "Title: About\n\nx", "/pages/about.html"},
		{"page in a folder of pages", nil, "pages/more/about.md", "Title: About\n\nx", "/pages/about.html"},
		{"article in a folder: its category", map[string]any{"ARTICLE_SAVE_AS": "{category}/{slug}.html"}, "notes/y.md", "Title: Y\nDate: 2024-01-02\n\nx", "/notes/y.html"},
		{"category of the metadata, slugged", map[string]any{"ARTICLE_SAVE_AS": "{category}/{slug}.html"}, "notes/y.md", "Title: Y\nDate: 2024-01-02\nCategory: Big News\n\nx", "/big-news/y.html"},
		{"default category", map[string]any{"ARTICLE_SAVE_AS": "{category}/{slug}.html"}, "y.md", "Title: Y\nDate: 2024-01-02\n\nx", "/misc/y.html"},
		{"date from the file name, date placeholders", map[string]any{
			"ARTICLE_URL": "{date:%Y}/{slug}/", "ARTICLE_SAVE_AS": "{date:%Y}/{date:%m}/{slug}/index.html",
		}, "2024-01-02-x.md", "Title: X\n\nx", "/2024/01/x/index.html"},
		{"slug from the basename", map[string]any{"SLUGIFY_SOURCE": "basename"}, "My File.md", "Title: Something else\nDate: 2024-01-02\n\nx", "/my-file.html"},
		{"FILENAME_METADATA with a slug", map[string]any{"FILENAME_METADATA": `(?P<date>\d{4}-\d{2}-\d{2})_(?P<slug>.*)`}, "2024-01-02_the-slug.md", "Title: T\n\nx", "/the-slug.html"},
		{"PATH_METADATA", map[string]any{"PATH_METADATA": `blog/(?P<series>[^/]+)/.*`, "ARTICLE_SAVE_AS": "{series}/{slug}.html"}, "blog/sub/u.md", "Title: U\nDate: 2024-01-03\n\nx", "/sub/u.html"},
		{"SLUGIFY_USE_UNICODE", map[string]any{"SLUGIFY_USE_UNICODE": true}, "j.md", "Title: 日本語 の Title!\nDate: 2024-01-02\n\nx", "/日本語-の-title.html"},
		{"SLUGIFY_USE_UNICODE, marks kept", map[string]any{"SLUGIFY_USE_UNICODE": true}, "u.md", "Title: Ünïcode Ça\nDate: 2024-01-02\n\nx", "/ünïcode-ça.html"},
		{"SLUG_REGEX_SUBSTITUTIONS: slugs not known", map[string]any{"SLUG_REGEX_SUBSTITUTIONS": []any{[]any{"a", "b"}}}, "x.md", "Title: X\nDate: 2024-01-02\n\nx", ""},
		{"SLUG_REGEX_SUBSTITUTIONS, a slug of its own", map[string]any{"SLUG_REGEX_SUBSTITUTIONS": []any{[]any{"a", "b"}}}, "x.md", "Title: X\nDate: 2024-01-02\nSlug: own\n\nx", "/own.html"},
		{"own save_as", nil, "x.md", "Title: X\nDate: 2024-01-02\nSave_as: special/x.html\n\nx", "/special/x.html"},
		{"own save_as empty: not written", nil, "x.md", "Title: X\nDate: 2024-01-02\nSave_as:\n\nx", ""},
		{"translation", nil, "x-fr.md", "Title: Bonjour\nDate: 2024-01-02\nLang: fr\n\nx", "/bonjour-fr.html"},
		{"translation of a page, its own setting", map[string]any{"PAGE_LANG_SAVE_AS": "{lang}/pages/{slug}.html"}, "pages/x-fr.md", "Title: Bonjour\nLang: fr\n\nx", "/fr/pages/bonjour.html"},
		{"default language", map[string]any{"DEFAULT_LANG": "fr"}, "x.md", "Title: Bonjour\nDate: 2024-01-02\nLang: fr\n\nx", "/bonjour.html"},
		{"draft", nil, "x.md", "Title: X\nStatus: draft\n\nx", "/drafts/x.html"},
		{"DEFAULT_METADATA status draft: a draft", map[string]any{"DEFAULT_METADATA": map[string]any{"status": "draft"}}, "x.md", "Title: X\nDate: 2024-01-02\n\nx", "/drafts/x.html"},
		{"DEFAULT_METADATA status draft, its own Status", map[string]any{"DEFAULT_METADATA": map[string]any{"status": "draft"}}, "x.md", "Title: X\nDate: 2024-01-02\nStatus: published\n\nx", "/x.html"},
		{"hidden: built", nil, "pages/x.md", "Title: X\nStatus: hidden\n\nx", "/pages/x.html"},
		{"article without a date: skipped", nil, "x.md", "Title: X\n\nx", ""},
		{"DEFAULT_DATE fs: dated by the file's time, not in the URL", map[string]any{"DEFAULT_DATE": "fs"}, "x.md", "Title: X\n\nx", "/x.html"},
		{"DEFAULT_DATE fs, a URL of its date: not joined", map[string]any{"DEFAULT_DATE": "fs", "ARTICLE_SAVE_AS": "{date:%Y}/{slug}.html"}, "x.md", "Title: X\n\nx", ""},
		{"DEFAULT_DATE: dated", map[string]any{"DEFAULT_DATE": []any{2020.0, 1.0, 2.0}}, "x.md", "Title: X\n\nx", "/x.html"},
		{"no title: skipped", nil, "pages/x.md", "Date: 2024-01-02\n\nx", ""},
		{"title with accents and marks", nil, "x.md", "Title: Ça *marche*, déjà!\nDate: 2024-01-02\n\nx", "/ca-marche-deja.html"},
		{"title as written, entities unescaped (Markup.striptags)", nil, "a.md", "Title: __init__ and _private_ snake_case `x_y` &amp; [link](http://a.b) R&D\nDate: 2024-01-02\n\nx", "/__init__-and-_private_-snake_case-x_y-linkhttpab-rd.html"},
		{"title that cannot be slugged here: not joined", nil, "x.md", "Title: 日本語\nDate: 2024-01-02\n\nx", ""},
		{"author and path", map[string]any{"ARTICLE_SAVE_AS": "{author}/{path}.html", "AUTHOR": "Jane Doe"}, "a/b.md", "Title: B\nDate: 2024-01-02\n\nx", "/jane-doe/a/b.md.html"},
		{"an unknown placeholder: no page", map[string]any{"ARTICLE_SAVE_AS": "{nope}/{slug}.html"}, "x.md", "Title: X\nDate: 2024-01-02\n\nx", ""},
		{"a metadata key as a placeholder", map[string]any{"ARTICLE_SAVE_AS": "{series}/{slug}.html"}, "x.md", "Title: X\nDate: 2024-01-02\nSeries: one\n\nx", "/one/x.html"},
		{"ARTICLE_PATHS: elsewhere, no page", map[string]any{"ARTICLE_PATHS": []any{"posts"}}, "other/x.md", "Title: X\nDate: 2024-01-02\n\nx", ""},
		{"ARTICLE_EXCLUDES", map[string]any{"ARTICLE_EXCLUDES": []any{"drafts"}}, "drafts/x.md", "Title: X\nDate: 2024-01-02\n\nx", ""},
		{"PAGE_PATHS of its own", map[string]any{"PAGE_PATHS": []any{"static-pages"}}, "static-pages/x.md", "Title: X\n\nx", "/pages/x.html"},
		{"HTML source", nil, "x.html", "<html><head><title>An HTML page</title><meta name=\"date\" content=\"2024-01-02\"></head><body>x</body></html>", "/an-html-page.html"},
		{"a file of no reader", nil, "x.txt", "Title: X\nDate: 2024-01-02\n\nx", ""},
		{"save_as above the output: none", nil, "x.md", "Title: X\nDate: 2024-01-02\nSave_as: ../x.html\n\nx", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := preset(t, tt.conf)
			if got := urlOf(t, p, tt.rel, tt.text); got != tt.want {
				t.Errorf("%s: %q; want %q", tt.rel, got, tt.want)
			}
		})
	}
}

// TestRoutes checks the sources' folder and the settings that stop the
// join.
func TestRoutes(t *testing.T) {
	if p, dir := preset(t, map[string]any{"PATH": "content/"}); p == nil || dir != "content" {
		t.Errorf("PATH content/: %v %q", p, dir)
	}
	if p, dir := preset(t, nil); p == nil || dir != "." {
		t.Errorf("no PATH: %v %q; want the project folder", p, dir)
	}
	if p, _ := preset(t, map[string]any{"ARTICLE_SAVE_AS": peer.Expr{Text: "X + '.html'"}}); p != nil {
		t.Errorf("a non-literal ARTICLE_SAVE_AS: joined")
	}
	if p, _ := preset(t, map[string]any{"CATEGORY_SAVE_AS": peer.Expr{Text: "X"}}); p == nil {
		t.Errorf("a non-literal CATEGORY_SAVE_AS: not joined; only its pages go undated")
	}
}

// TestMetaDates checks the lastmod of a source: Modified, then Date,
// then the date of its file name, in TIMEZONE or the file's Timezone.
func TestMetaDates(t *testing.T) {
	ny, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skip("no zone database") // the zone database is part of every CI image
	}
	tests := []struct {
		name      string
		conf      map[string]any
		rel, text string
		want      time.Time
		key       string
	}{
		{"Modified before Date", nil, "a.md", "Title: A\nDate: 2024-03-04 10:00\nModified: 2024-05-06 07:08\n\nx",
			time.Date(2024, 5, 6, 7, 8, 0, 0, time.UTC), "modified"},
		{"a date without its zeros, as dateutil reads it", nil, "a.md", "Title: A\nDate: 2015-4-3 0:00 \n\nx", time.Date(2015, 4, 3, 0, 0, 0, 0, time.UTC), "date"},
		{"Date alone", nil, "a.md", "Title: A\nDate: 2024-02-10 08:00\n\nx", time.Date(2024, 2, 10, 8, 0, 0, 0, time.UTC), "date"},
		// dateutil reads the day and the month before the year month
		// first, unless the first is no month: Pelican 4.8 dates these
		// articles so, and builds them.
		{"a date with its year last, month first", nil, "a.md", "Title: A\nDate: 03/18/2024\n\nx", time.Date(2024, 3, 18, 0, 0, 0, 0, time.UTC), "date"},
		{"a date with its year last, month first when either", nil, "a.md", "Title: A\nDate: 03/04/2024 10:30\n\nx", time.Date(2024, 3, 4, 10, 30, 0, 0, time.UTC), "date"},
		{"a date with its year last, day first when the first is no month", nil, "a.md", "Title: A\nDate: 2024-01-01\nModified: 18.03.2024\n\nx", time.Date(2024, 3, 18, 0, 0, 0, 0, time.UTC), "modified"},
		{"a date with its year last that is no day", nil, "a.md", "Title: A\nDate: 2024-01-01\nModified: 13/13/2024\n\nx", time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC), "date"},
		{"reST :modified:", nil, "a.rst", "A\n#\n\n:date: 2024-04-01 09:00\n:modified: 2024-04-15 10:00\n", time.Date(2024, 4, 15, 10, 0, 0, 0, time.UTC), "modified"},
		{"the file name's date", nil, "2024-01-02-x.md", "Title: X\n\nx", time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC), "date (of the file name)"},
		{"Date before the file name's", nil, "2024-01-02-x.md", "Title: X\nDate: 2024-01-05\n\nx", time.Date(2024, 1, 5, 0, 0, 0, 0, time.UTC), "date"},
		{"TIMEZONE", map[string]any{"TIMEZONE": "America/New_York"}, "a.md", "Title: A\nDate: 2024-02-10 08:00\n\nx", time.Date(2024, 2, 10, 8, 0, 0, 0, ny), "date"},
		{"the file's Timezone", nil, "a.md", "Title: A\nDate: 2024-02-10 08:00\nTimezone: America/New_York\n\nx", time.Date(2024, 2, 10, 8, 0, 0, 0, ny), "date"},
		{"a date with its offset", map[string]any{"TIMEZONE": "America/New_York"}, "a.md", "Title: A\nDate: 2024-02-10T08:00:00+02:00\n\nx", time.Date(2024, 2, 10, 6, 0, 0, 0, time.UTC), "date"},
		{"neither: none (git)", nil, "pages/a.md", "Title: A\n\nx", time.Time{}, ""},
		{"DEFAULT_DATE is no lastmod", map[string]any{"DEFAULT_DATE": "2020-01-01"}, "a.md", "Title: A\n\nx", time.Time{}, ""},
		{"DEFAULT_DATE fs is no lastmod", map[string]any{"DEFAULT_DATE": "fs"}, "pages/a.md", "Title: A\n\nx", time.Time{}, ""},
		{"no FILENAME_METADATA", map[string]any{"FILENAME_METADATA": nil}, "2024-01-02-x.md", "Title: X\n\nx", time.Time{}, ""},
	}
	// The zone a date without one was read in, and what said so.
	zones := map[string]string{
		"Date alone":             "UTC (Pelican's default TIMEZONE)",
		"TIMEZONE":               "America/New_York (pelicanconf.py TIMEZONE)",
		"the file's Timezone":    "America/New_York (its Timezone)",
		"a date with its offset": "",
		"the file name's date":   "UTC (Pelican's default TIMEZONE)",
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := preset(t, tt.conf)
			fm, err := p.ReadMeta(tt.rel, strings.NewReader(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			if !fm.Lastmod.Equal(tt.want) || fm.LastmodKey != tt.key {
				t.Errorf("%s: lastmod %v (%q); want %v (%q)", tt.rel, fm.Lastmod, fm.LastmodKey, tt.want, tt.key)
			}
			if zone, ok := zones[tt.name]; ok && fm.LastmodZone != zone {
				t.Errorf("%s: read in %q; want %q", tt.rel, fm.LastmodZone, zone)
			}
		})
	}
}

// TestLists checks the list pages, by their settings.
func TestLists(t *testing.T) {
	p, _ := preset(t, map[string]any{"TAG_SAVE_AS": "tags/{slug}/index.html", "YEAR_ARCHIVE_SAVE_AS": "posts/{date:%Y}/index.html"})
	for u, want := range map[string]bool{
		"": true, "index.html": true, "index2.html": true, "archives.html": true,
		"category/notes.html": true, "category/notes2.html": true, "author/tester.html": true,
		"tags/go/": true, "tags/go/index.html": true, "tag/go.html": false, "posts/2024/": true,
		"categories.html": true, "tags.html": true, "authors.html": true,
		"first-post.html": false, "pages/about.html": false, "category/a/b.html": false,
	} {
		if got := p.Rules().Pages.Lists.Shown(u); got != want {
			t.Errorf("Lists(%q) = %v; want %v", u, got, want)
		}
	}
}

// TestDefaultMetadataNotLiteral: a DEFAULT_METADATA that is no literal
// dict of strings could make every article a draft: the sources are not
// joined.
func TestDefaultMetadataNotLiteral(t *testing.T) {
	for _, v := range []any{map[string]any{"status": 1.0}, peer.Expr{Text: "dict(status='draft')"}} {
		if p, _ := preset(t, map[string]any{"DEFAULT_METADATA": v}); p != nil {
			t.Errorf("DEFAULT_METADATA = %v: joined", v)
		}
	}
	if p, _ := preset(t, map[string]any{"DEFAULT_METADATA": nil}); p == nil {
		t.Errorf("DEFAULT_METADATA = None: not joined")
	}
}

// TestMovedByPlugin: where PLUGINS names plugins, whose code may publish
// an article at another URL than its *_SAVE_AS (override_save_as), a
// built page no source gives is built from the one source whose slug or
// file name is its URL's last name; two such sources, a list page, or no
// plugins: none (issue 67, item 4).
func TestMovedByPlugin(t *testing.T) {
	sources := map[string]string{
		"first-post.md":   "Title: First post\nDate: 2024-03-04 10:00\n\nx",
		"2024-01-02-x.md": "Title: Something else\nDate: 2024-01-02\n\nx",
		"twin.md":         "Title: Twin\nDate: 2024-01-02\n\nx",
		"pages/twin.md":   "Title: Twin\n\nx",
		"notes.md":        "Title: Notes\nDate: 2024-01-02\n\nx",
	}
	for _, tc := range []struct {
		name    string
		plugins any
		url     string
		want    string
	}{
		{"its slug, in a folder", []any{"permalinks"}, "/2024/first-post/", "/first-post.html"},
		{"its slug, a file", []any{"permalinks"}, "/posts/first-post.html", "/first-post.html"},
		{"its slug, index.html", []any{"permalinks"}, "/2024/first-post/index.html", "/first-post.html"},
		{"its file's name", []any{"permalinks"}, "/2024/2024-01-02-x/", "/something-else.html"},
		{"two sources of that slug", []any{"permalinks"}, "/2024/twin/", ""},
		{"a list page", []any{"permalinks"}, "/category/notes.html", ""},
		{"no source", []any{"permalinks"}, "/2024/other/", ""},
		{"the home page", []any{"permalinks"}, "/", ""},
		{"no plugins", nil, "/2024/first-post/", ""},
		{"PLUGINS empty", []any{}, "/2024/first-post/", ""},
		{"PLUGINS made by code", peer.Expr{}, "/2024/first-post/", "/first-post.html"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conf := map[string]any{}
			if tc.plugins != nil {
				conf["PLUGINS"] = tc.plugins
			}
			p, _ := preset(t, conf)
			for rel, text := range sources {
				urlOf(t, p, rel, text)
			}
			got, ok := generator.RulesOf(p).Pages.Moved(tc.url)
			if ok != (tc.want != "") || got != tc.want {
				t.Errorf("Moved(%q) = %q, %v; want %q", tc.url, got, ok, tc.want)
			}
		})
	}
	t.Run("changed", func(t *testing.T) {
		p, _ := preset(t, map[string]any{"PLUGINS": []any{"permalinks"}})
		urlOf(t, p, "first-post.md", sources["first-post.md"])
		urlOf(t, p, "old/first-post.md", "Title: First post\nDate: 2024-03-04 10:00\n\nx")
		moved := generator.RulesOf(p).Pages.Moved
		if u, ok := moved("/2024/first-post/"); ok {
			t.Fatalf("two sources: Moved = %q", u)
		}
		p.Changed([]string{"old"})
		if u, ok := moved("/2024/first-post/"); !ok || u != "/first-post.html" {
			t.Errorf("after the folder old/ went: Moved = %q, %v", u, ok)
		}
	})
}
