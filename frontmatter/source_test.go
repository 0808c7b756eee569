package frontmatter

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// day returns midnight UTC of a date written 2006-01-02.
func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// at returns the time s written in RFC 3339.
func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t
}

func prio(f float64) sitemap.Priority {
	p, err := sitemap.PriorityOf(f)
	if err != nil {
		panic(err)
	}
	return p
}

// equalSources compares Sources, their times by the instant and the offset.
func equalSources(a, b *Source) bool {
	sameTime := func(x, y time.Time) bool {
		_, xo := x.Zone()
		_, yo := y.Zone()
		return x.Equal(y) && xo == yo
	}
	if !sameTime(a.Lastmod, b.Lastmod) || !sameTime(a.Date, b.Date) || !sameTime(a.PublishDate, b.PublishDate) ||
		!sameTime(a.ExpiryDate, b.ExpiryDate) || !sameTime(a.Sitemap.Lastmod, b.Sitemap.Lastmod) {
		return false
	}
	x, y := *a, *b
	x.Lastmod, x.Date, x.PublishDate, x.ExpiryDate, x.Sitemap.Lastmod = time.Time{}, time.Time{}, time.Time{}, time.Time{}, time.Time{}
	y.Lastmod, y.Date, y.PublishDate, y.ExpiryDate, y.Sitemap.Lastmod = time.Time{}, time.Time{}, time.Time{}, time.Time{}, time.Time{}
	for _, s := range []*Source{&x, &y} {
		if len(s.Problems) == 0 {
			s.Problems = nil
		}
		if len(s.Aliases) == 0 {
			s.Aliases = nil
		}
		if len(s.Categories) == 0 {
			s.Categories = nil
		}
	}
	return reflect.DeepEqual(x, y)
}

func readSource(t *testing.T, r io.Reader) *Source {
	t.Helper()
	s, err := ReadSource(r)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var sourceTests = []struct {
	name string
	file string
	want Source
}{
	// Formats.
	{"hugo YAML", "---\ntitle: Hello\ndate: 2024-01-02T10:00:00Z\nlastmod: 2024-03-04\ndraft: false\nslug: hello\n---\nbody\n",
		Source{Format: "yaml", Title: "Hello", Date: at("2024-01-02T10:00:00Z"), Lastmod: day("2024-03-04"), LastmodKey: "lastmod", Slug: "hello", Lines: 7}},
	{"hugo TOML", "+++\ntitle = 'Hello'\ndate = 2024-01-02T10:00:00+02:00\nlastmod = 2024-03-04\ndraft = true\n+++\nbody\n",
		Source{Format: "toml", Title: "Hello", Date: at("2024-01-02T10:00:00+02:00"), Lastmod: day("2024-03-04"), LastmodKey: "lastmod", Draft: true, Lines: 6}},
	{"hugo JSON", "{\n   \"title\": \"Hello\",\n   \"date\": \"2024-01-02T10:00:00Z\",\n   \"draft\": true\n}\n\nbody\n",
		Source{Format: "json", Title: "Hello", Date: at("2024-01-02T10:00:00Z"), Lastmod: at("2024-01-02T10:00:00Z"), LastmodKey: "date", Draft: true, Lines: 5}},
	{"JSON whose last key holds an object", "{\n  \"title\": \"x\",\n  \"sitemap\": {\n    \"priority\": 0.8\n  }\n}\nbody {\n}\n",
		Source{Format: "json", Title: "x", Sitemap: SitemapBlock{Priority: prio(0.8)}, Lines: 6}},
	{"JSON ends at its closing brace", "{\n\"title\": \"x\"}\n}\n", Source{Format: "json", Title: "x", Lines: 2}},
	{"JSON on one line is not front matter", "{\"title\": \"x\"}\n", Source{}},
	{"empty YAML", "---\n---\nbody\n", Source{Format: "yaml", Lines: 2}},
	{"empty TOML", "+++\n+++\n", Source{Format: "toml", Lines: 2}},
	{"empty JSON", "{\n}\n", Source{Format: "json", Lines: 2}},
	{"YAML of comments only", "---\n# nothing\n---\n", Source{Format: "yaml", Lines: 3}},
	{"YAML null", "---\n~\n---\n", Source{Format: "yaml", Lines: 3}},
	{"no front matter", "# Title\n\nSome text.\n", Source{}},
	{"empty file", "", Source{}},
	{"only blank lines", "\n \n\t\n", Source{}},
	{"--- without a newline is no front matter", "---", Source{}},
	{"HTML file", "<!doctype html>\n<title>x</title>\n", Source{}},
	{"thematic break later", "text\n\n---\ntitle: x\n---\n", Source{}},
	{"byte order mark", "\uFEFF---\ntitle: BOM\n---\n", Source{Format: "yaml", Title: "BOM", Lines: 3}},
	{"CRLF", "---\r\ntitle: Windows\r\nslug: \"w\"\r\nurl: /w/\r\ndate: 2024-01-02\r\n---\r\nbody\r\n",
		Source{Format: "yaml", Title: "Windows", Slug: "w", URL: "/w/", Date: day("2024-01-02"), Lastmod: day("2024-01-02"), LastmodKey: "date", Lines: 6}},
	{"CRLF TOML", "+++\r\ntitle = \"Windows\"\r\n+++\r\n", Source{Format: "toml", Title: "Windows", Lines: 3}},
	{"CRLF JSON", "{\r\n\"title\": \"Windows\"\r\n}\r\n", Source{Format: "json", Title: "Windows", Lines: 3}},
	{"leading blank lines", "\n\n---\ntitle: x\n---\n", Source{Format: "yaml", Title: "x", Lines: 5}},
	{"delimiters with trailing space", "---  \ntitle: x\n--- \n", Source{Format: "yaml", Title: "x", Lines: 3}},

	// Keys.
	{"lastmod", "---\nlastmod: 2024-01-01\n---\n", Source{Format: "yaml", Lastmod: day("2024-01-01"), LastmodKey: "lastmod", Lines: 3}},
	{"lastMod, any case", "---\nlastMod: 2024-01-01\n---\n", Source{Format: "yaml", Lastmod: day("2024-01-01"), LastmodKey: "lastMod", Lines: 3}},
	{"last_modified_at", "---\nlast_modified_at: 2024-01-01\n---\n", Source{Format: "yaml", Lastmod: day("2024-01-01"), LastmodKey: "last_modified_at", Lines: 3}},
	{"modified", "---\nmodified: 2024-01-01\n---\n", Source{Format: "yaml", Lastmod: day("2024-01-01"), LastmodKey: "modified", Lines: 3}},
	{"updated", "---\nupdated: 2024-01-01\n---\n", Source{Format: "yaml", Lastmod: day("2024-01-01"), LastmodKey: "updated", Lines: 3}},
	{"date", "---\ndate: 2024-01-01\n---\n", Source{Format: "yaml", Date: day("2024-01-01"), Lastmod: day("2024-01-01"), LastmodKey: "date", Lines: 3}},
	{"publishDate", "---\npublishDate: 2024-01-01\n---\n", Source{Format: "yaml", PublishDate: day("2024-01-01"), Lastmod: day("2024-01-01"), LastmodKey: "publishDate", Lines: 3}},
	{"publishdate", "+++\npublishdate = 2024-01-01\n+++\n", Source{Format: "toml", PublishDate: day("2024-01-01"), Lastmod: day("2024-01-01"), LastmodKey: "publishdate", Lines: 3}},
	{"lastmod keys in order", "---\ndate: 2020-01-01\nupdated: 2022-01-01\nmodified: 2021-01-01\nlast_modified_at: 2023-01-01\n---\n",
		Source{Format: "yaml", Date: day("2020-01-01"), Lastmod: day("2023-01-01"), LastmodKey: "last_modified_at", Lines: 6}},
	{"modified before updated", "---\nupdated: 2022-01-01\nmodified: 2021-01-01\n---\n",
		Source{Format: "yaml", Lastmod: day("2021-01-01"), LastmodKey: "modified", Lines: 4}},
	{"pubdate", "---\npubdate: 2024-01-01\n---\n", Source{Format: "yaml", PublishDate: day("2024-01-01"), Lastmod: day("2024-01-01"), LastmodKey: "pubdate", Lines: 3}},
	// publishedDate dates the page and does not hold it back.
	{"publishedDate", "---\npublishedDate: 2024-01-01\n---\n", Source{Format: "yaml", Lastmod: day("2024-01-01"), LastmodKey: "publishedDate", Lines: 3}},
	// publishedAt, the Next.js portfolio starter's, too.
	{"publishedAt", "---\npublishedAt: '2024-02-02'\n---\n", Source{Format: "yaml", Lastmod: day("2024-02-02"), LastmodKey: "publishedAt", Lines: 3}},
	{"Astro's updatedDate before pubDate", "---\npubDate: 2024-01-01\nupdatedDate: 2024-02-02\n---\n", Source{Format: "yaml", PublishDate: day("2024-01-01"), Lastmod: day("2024-02-02"), LastmodKey: "updatedDate", Lines: 4}},
	{"Eleventy's permalink: false", "---\npermalink: false\n---\n", Source{Format: "yaml", NoPermalink: true, Lines: 3}},
	{"Eleventy's date of the file", "---\ndate: git Last Modified\n---\n", Source{Format: "yaml", DateWord: "git Last Modified", Lines: 3}},
	{"id is not read unasked", "---\nid: {a: 1}\nslug: /x\n---\n", Source{Format: "yaml", Slug: "/x", Lines: 4}},
	{"published as a date", "---\npublished: 2024-01-01\n---\n", Source{Format: "yaml", PublishDate: day("2024-01-01"), Lines: 3}},
	{"publishDate before published", "---\npublished: 2024-01-01\npublishDate: 2023-01-01\n---\n",
		Source{Format: "yaml", PublishDate: day("2023-01-01"), Lastmod: day("2023-01-01"), LastmodKey: "publishDate", Lines: 4}},
	{"published: false", "---\npublished: false\n---\n", Source{Format: "yaml", Unpublished: true, Lines: 3}},
	{"published: true", "---\npublished: true\n---\n", Source{Format: "yaml", Lines: 3}},
	{"published: \"false\"", "---\npublished: \"false\"\n---\n", Source{Format: "yaml", Unpublished: true, Lines: 3}},
	{"expiryDate", "---\nexpiryDate: 2030-01-01\n---\n", Source{Format: "yaml", ExpiryDate: day("2030-01-01"), Lines: 3}},
	{"unpublishdate", "---\nunpublishdate: 2030-01-01\n---\n", Source{Format: "yaml", ExpiryDate: day("2030-01-01"), Lines: 3}},
	{"draft", "---\ndraft: true\n---\n", Source{Format: "yaml", Draft: true, Lines: 3}},
	{"draft as a string", "---\ndraft: \"true\"\n---\n", Source{Format: "yaml", Draft: true, Lines: 3}},
	{"Draft, any case", "---\nDraft: True\n---\n", Source{Format: "yaml", Draft: true, Lines: 3}},
	{"draft empty", "---\ndraft:\n---\n", Source{Format: "yaml", Lines: 3}},
	{"headless", "---\nheadless: true\n---\n", Source{Format: "yaml", Headless: true, Lines: 3}},
	{"build render never", "---\nbuild:\n  render: never\n  list: always\n---\n", Source{Format: "yaml", Headless: true, Lines: 5}},
	{"build render false", "+++\n[build]\nrender = false\n+++\n", Source{Format: "toml", Headless: true, Lines: 4}},
	{"_build render never", "---\n_build:\n  render: Never\n---\n", Source{Format: "yaml", Headless: true, Lines: 4}},
	{"build render always", "---\nbuild: {render: always}\n---\n", Source{Format: "yaml", Lines: 3}},
	{"build render link", "---\nbuild: {render: link}\n---\n", Source{Format: "yaml", Lines: 3}},
	{"build in JSON", "{\n\"build\": {\"render\": \"never\"}\n}\n", Source{Format: "json", Headless: true, Lines: 3}},
	{"build list never", "---\n_build:\n  list: never\n---\n", Source{Format: "yaml", Unlisted: true, Lines: 4}},
	{"build list local", "+++\n[build]\nlist = 'local'\n+++\n", Source{Format: "toml", Unlisted: true, Lines: 4}},
	{"build list false", "---\nbuild: {list: false}\n---\n", Source{Format: "yaml", Unlisted: true, Lines: 3}},
	{"url permalink slug title", "---\nurl: /a/\npermalink: /b/:title/\nslug: c\ntitle: \"  D  \"\n---\n",
		Source{Format: "yaml", URL: "/a/", Permalink: "/b/:title/", Slug: "c", Title: "D", Lines: 6}},
	{"number title as written", "---\ntitle: 1.10\nslug: 2024\n---\n", Source{Format: "yaml", Title: "1.10", Slug: "2024", Lines: 4}},
	{"number title in TOML", "+++\ntitle = 1984\n+++\n", Source{Format: "toml", Title: "1984", Lines: 3}},
	{"aliases", "---\naliases:\n  - /old/\n  - /older/\n---\n", Source{Format: "yaml", Aliases: []string{"/old/", "/older/"}, Lines: 5}},
	{"aliases string", "---\naliases: /old/\n---\n", Source{Format: "yaml", Aliases: []string{"/old/"}, Lines: 3}},
	{"redirect_from after aliases", "---\nredirect_from: [/r/, /a/]\naliases: [/a/]\n---\n", Source{Format: "yaml", Aliases: []string{"/a/", "/r/"}, Lines: 4}},
	{"aliases in TOML", "+++\naliases = ['/x/', '/y/']\n+++\n", Source{Format: "toml", Aliases: []string{"/x/", "/y/"}, Lines: 3}},
	{"aliases in JSON", "{\n\"aliases\": [\"/x/\"]\n}\n", Source{Format: "json", Aliases: []string{"/x/"}, Lines: 3}},
	{"categories list", "---\ncategories: [Go, Web]\n---\n", Source{Format: "yaml", Categories: []string{"Go", "Web"}, Lines: 3}},
	{"categories string, as Jekyll splits it", "---\ncategories: go  web\n---\n", Source{Format: "yaml", Categories: []string{"go", "web"}, Lines: 3}},
	{"category is one name", "---\ncategory: classic hollywood\ncategories: film\n---\n", Source{Format: "yaml", Categories: []string{"film", "classic hollywood"}, Lines: 4}},
	{"categories without repeats", "---\ncategories: [a, b, a]\ncategory: b\n---\n", Source{Format: "yaml", Categories: []string{"a", "b"}, Lines: 4}},
	{"first of keys alike in case", "---\nTitle: first\ntitle: second\n---\n", Source{Format: "yaml", Title: "first", Lines: 4}},
	{"other keys ignored", "---\nparams:\n  lastmod: 2020-01-01\nkeywords: [x]\n---\n", Source{Format: "yaml", Lines: 5}},
	{"tags", "---\ntags: [a, b, a]\n---\n", Source{Format: "yaml", Tags: []string{"a", "b"}, Lines: 3}},
	{"one tag", "+++\ntags = 'a b'\n+++\n", Source{Format: "toml", Tags: []string{"a b"}, Lines: 3}},
	{"YAML anchors", "---\nd: &d 2024-01-02\nlastmod: *d\n---\n", Source{Format: "yaml", Lastmod: day("2024-01-02"), LastmodKey: "lastmod", Lines: 4}},

	// Date forms.
	{"YAML timestamp with zone", "---\nlastmod: 2024-01-02T10:00:00+02:00\n---\n", Source{Format: "yaml", Lastmod: at("2024-01-02T10:00:00+02:00"), LastmodKey: "lastmod", Lines: 3}},
	{"YAML timestamp with a space", "---\nlastmod: 2024-01-02 10:00:00\n---\n", Source{Format: "yaml", Lastmod: at("2024-01-02T10:00:00Z"), LastmodKey: "lastmod", Lines: 3}},
	{"date string", "---\nlastmod: \"2024-01-02\"\n---\n", Source{Format: "yaml", Lastmod: day("2024-01-02"), LastmodKey: "lastmod", Lines: 3}},
	{"RFC 3339 string", "---\nlastmod: \"2024-01-02T10:00:00-05:00\"\n---\n", Source{Format: "yaml", Lastmod: at("2024-01-02T10:00:00-05:00"), LastmodKey: "lastmod", Lines: 3}},
	{"RFC 3339 with fraction", "---\nlastmod: \"2024-01-02T10:00:00.123Z\"\n---\n", Source{Format: "yaml", Lastmod: at("2024-01-02T10:00:00.123Z"), LastmodKey: "lastmod", Lines: 3}},
	{"no zone is UTC", "---\nlastmod: \"2024-01-02T10:00:00\"\n---\n", Source{Format: "yaml", Lastmod: at("2024-01-02T10:00:00Z"), LastmodKey: "lastmod", Lines: 3}},
	{"space, no zone", "---\nlastmod: \"2024-01-02 10:00:00\"\n---\n", Source{Format: "yaml", Lastmod: at("2024-01-02T10:00:00Z"), LastmodKey: "lastmod", Lines: 3}},
	{"Jekyll's form", "---\ndate: 2024-01-02 10:00:00 -0700\n---\n", Source{Format: "yaml", Date: at("2024-01-02T10:00:00-07:00"), Lastmod: at("2024-01-02T10:00:00-07:00"), LastmodKey: "date", Lines: 3}},
	{"space and -07:00", "---\ndate: \"2024-01-02 10:00:00 -07:00\"\n---\n", Source{Format: "yaml", Date: at("2024-01-02T10:00:00-07:00"), Lastmod: at("2024-01-02T10:00:00-07:00"), LastmodKey: "date", Lines: 3}},
	{"no seconds", "---\nupdated: 2024-01-02 10:00\n---\n", Source{Format: "yaml", Lastmod: at("2024-01-02T10:00:00Z"), LastmodKey: "updated", Lines: 3}},
	{"TOML local date", "+++\nlastmod = 2024-01-02\n+++\n", Source{Format: "toml", Lastmod: day("2024-01-02"), LastmodKey: "lastmod", Lines: 3}},
	{"TOML local date-time", "+++\nlastmod = 2024-01-02T10:00:00\n+++\n", Source{Format: "toml", Lastmod: at("2024-01-02T10:00:00Z"), LastmodKey: "lastmod", Lines: 3}},
	{"TOML offset date-time", "+++\nlastmod = 2024-01-02T10:00:00.5-03:00\n+++\n", Source{Format: "toml", Lastmod: at("2024-01-02T10:00:00.5-03:00"), LastmodKey: "lastmod", Lines: 3}},
	{"TOML date string", "+++\nlastmod = \"2024-01-02 10:00\"\n+++\n", Source{Format: "toml", Lastmod: at("2024-01-02T10:00:00Z"), LastmodKey: "lastmod", Lines: 3}},
	{"empty date says nothing", "---\nlastmod: \"\"\ndate:\nupdated: 2024-01-02\n---\n", Source{Format: "yaml", Lastmod: day("2024-01-02"), LastmodKey: "updated", Lines: 5}},

	// The sitemap block.
	{"sitemap false", "---\nsitemap: false\n---\n", Source{Format: "yaml", Sitemap: SitemapBlock{Exclude: true}, Lines: 3}},
	{"sitemap true", "---\nsitemap: true\n---\n", Source{Format: "yaml", Lines: 3}},
	{"sitemap exclude yes", "---\nsitemap:\n  exclude: \"yes\"\n---\n", Source{Format: "yaml", Sitemap: SitemapBlock{Exclude: true}, Lines: 4}},
	{"sitemap exclude true", "---\nsitemap:\n  exclude: true\n---\n", Source{Format: "yaml", Sitemap: SitemapBlock{Exclude: true}, Lines: 4}},
	{"sitemap exclude no", "---\nsitemap:\n  exclude: no\n---\n", Source{Format: "yaml", Lines: 4}},
	{"sitemap disable", "+++\n[sitemap]\ndisable = true\n+++\n", Source{Format: "toml", Sitemap: SitemapBlock{Exclude: true}, Lines: 4}},
	{"sitemap values", "---\nsitemap:\n  changefreq: Weekly\n  priority: 0.8\n  lastmod: 2024-05-06\n  filename: other.xml\n---\n",
		Source{Format: "yaml", Sitemap: SitemapBlock{ChangeFreq: sitemap.Weekly, Priority: prio(0.8), Lastmod: day("2024-05-06")}, Lines: 7}},
	{"sitemap priority string", "---\nsitemap: {priority: \"0.3\", changefreq: never}\n---\n",
		Source{Format: "yaml", Sitemap: SitemapBlock{ChangeFreq: sitemap.Never, Priority: prio(0.3)}, Lines: 3}},
	{"sitemap priority 1 and 0", "+++\nsitemap.priority = 1\n+++\n", Source{Format: "toml", Sitemap: SitemapBlock{Priority: prio(1)}, Lines: 3}},
	{"sitemap priority 0", "---\nsitemap:\n  priority: 0\n---\n", Source{Format: "yaml", Sitemap: SitemapBlock{Priority: prio(0)}, Lines: 4}},
	{"TOML inline sitemap", "+++\nsitemap = {changefreq = 'daily', priority = 0.5}\n+++\n",
		Source{Format: "toml", Sitemap: SitemapBlock{ChangeFreq: sitemap.Daily, Priority: prio(0.5)}, Lines: 3}},
	{"JSON sitemap false", "{\n\"sitemap\": false\n}\n", Source{Format: "json", Sitemap: SitemapBlock{Exclude: true}, Lines: 3}},

	// Bad input.
	{"malformed YAML", "---\ntitle: ok\nslug: a: b\n---\n",
		Source{Format: "yaml", Lines: 4, Problems: []Problem{{Line: 3, Msg: "YAML: mapping values are not allowed in this context"}}}},
	{"malformed YAML after blank lines", "\n\n---\ntitle: x\n\tslug: y\n---\n",
		Source{Format: "yaml", Lines: 6, Problems: []Problem{{Line: 5, Msg: "YAML: found a tab character that violates indentation"}}}},
	{"malformed TOML", "+++\ntitle = 'ok'\n\ndate = \n+++\n",
		Source{Format: "toml", Lines: 5, Problems: []Problem{{Line: 4, Msg: "TOML: expected value but found '\\n' instead"}}}},
	{"malformed JSON", "{\n\"title\": \"x\",\n\"draft\": tru\n}\n",
		Source{Format: "json", Lines: 4, Problems: []Problem{{Line: 3, Msg: "JSON: invalid character '\\n' in literal true (expecting 'e')"}}}},
	{"malformed JSON in a list", "{\n\"aliases\": [\n\"/a/\",\n\"/b/\" \"/c/\"\n]\n}\n",
		Source{Format: "json", Lines: 6, Problems: []Problem{{Line: 4, Msg: "JSON: invalid character '\"' after array element"}}}},
	{"JSON with a trailing comma", "{\n\"title\": \"x\",\n}\n",
		Source{Format: "json", Lines: 3, Problems: []Problem{{Line: 3, Msg: "JSON: invalid character '}' looking for beginning of object key string"}}}},
	{"YAML list", "---\n- a\n- b\n---\n", Source{Format: "yaml", Lines: 4, Problems: []Problem{{Line: 2, Msg: "YAML: the front matter is a list, not keys and values"}}}},
	{"YAML scalar", "---\njust text\n---\n", Source{Format: "yaml", Lines: 3, Problems: []Problem{{Line: 2, Msg: "YAML: the front matter is a single value, not keys and values"}}}},
	{"unclosed YAML", "---\ntitle: x\n\nbody\n", Source{Problems: []Problem{{Line: 1, Msg: "front matter opened with --- on line 1 is never closed"}}}},
	{"unclosed TOML", "\n+++\ntitle = 'x'\n", Source{Problems: []Problem{{Line: 2, Msg: "front matter opened with +++ on line 2 is never closed"}}}},
	{"unclosed JSON", "{\n\"title\": \"x\"\n", Source{Problems: []Problem{{Line: 1, Msg: "front matter opened with { on line 1 is never closed"}}}},
	{"JSON object never closed", "{\n\"a\": {\n}\n", Source{Problems: []Problem{{Line: 1, Msg: "front matter opened with { on line 1 is never closed"}}}},
	{"only an opening delimiter", "---\n", Source{Problems: []Problem{{Line: 1, Msg: "front matter opened with --- on line 1 is never closed"}}}},
	{"lastmod not a date falls through", "---\ntitle: x\nlastmod: yesterday\nupdated: 2024-02-03\n---\n",
		Source{Format: "yaml", Title: "x", Lastmod: day("2024-02-03"), LastmodKey: "updated", Lines: 5,
			Problems: []Problem{{Line: 3, Msg: `lastmod: "yesterday" is not a date`, Dating: true}}}},
	{"a number is not a date", "+++\ntitle = 'x'\n\nlastmod = 42\ndate = 2024-02-03\n+++\n",
		Source{Format: "toml", Title: "x", Date: day("2024-02-03"), Lastmod: day("2024-02-03"), LastmodKey: "date", Lines: 6,
			Problems: []Problem{{Line: 4, Msg: `lastmod: 42 is not a date`, Dating: true}}}},
	// A date refused under a key that dates no page: no Dating.
	{"an expiry date that is not a date", "---\nexpiryDate: soon\n---\n", Source{Format: "yaml", Lines: 3, Problems: []Problem{{Line: 2, Msg: `expiryDate: "soon" is not a date`}}}},
	{"bad date reported once", "---\ndate: soon\n---\n", Source{Format: "yaml", Lines: 3, Problems: []Problem{{Line: 2, Msg: `date: "soon" is not a date`, Dating: true}}}},
	// A date with its year last is refused, and the warning says why and
	// how to write it; the next key dates the page.
	{"a date with its year last", "---\nupdatedDate: \"03/18/2024\"\npubDate: 2024-01-02\n---\n",
		Source{Format: "yaml", Lastmod: day("2024-01-02"), LastmodKey: "pubDate", PublishDate: day("2024-01-02"), Lines: 4,
			Problems: []Problem{{Line: 2, Msg: `updatedDate: "03/18/2024" is not a date: with the year last, the day and the month come in either order (month first in the US, day first elsewhere), and sitemapgen reads neither form; write it year first: 2024-03-18`, Dating: true}}}},
	{"bad date in JSON", "{\n\"title\": \"x\",\n\"lastmod\": \"someday\"\n}\n",
		Source{Format: "json", Title: "x", Lines: 4, Problems: []Problem{{Line: 3, Msg: `lastmod: "someday" is not a date`, Dating: true}}}},
	{"year 0 is not a date", "---\nlastmod: 0000-01-01\n---\n", Source{Format: "yaml", Lines: 3, Problems: []Problem{{Line: 2, Msg: `lastmod: 0000-01-01T00:00:00Z is not a date`, Dating: true}}}},
	{"TOML local time is not a date", "+++\nlastmod = 10:00:00\n+++\n", Source{Format: "toml", Lines: 3, Problems: []Problem{{Line: 2, Msg: `lastmod: 10:00:00 is not a date`, Dating: true}}}},
	{"priority high", "---\nsitemap:\n  priority: high\n  changefreq: daily\n---\n",
		Source{Format: "yaml", Sitemap: SitemapBlock{ChangeFreq: sitemap.Daily}, Lines: 5,
			Problems: []Problem{{Line: 3, Msg: `sitemap.priority: "high" is not a number from 0.0 to 1.0`}}}},
	{"priority out of range", "+++\n[sitemap]\npriority = 1.5\n+++\n",
		Source{Format: "toml", Lines: 4, Problems: []Problem{{Line: 3, Msg: `sitemap.priority: 1.5 is not a number from 0.0 to 1.0`}}}},
	{"changefreq sometimes", "---\nsitemap:\n  priority: 0.7\n  changefreq: sometimes\n---\n",
		Source{Format: "yaml", Sitemap: SitemapBlock{Priority: prio(0.7)}, Lines: 5,
			Problems: []Problem{{Line: 4, Msg: `sitemap.changefreq: "sometimes" is not one of always, hourly, daily, weekly, monthly, yearly, never`}}}},
	{"bad sitemap keys in JSON", "{\n\"title\": \"x\",\n\"sitemap\": {\"changefreq\": 7, \"exclude\": \"maybe\", \"lastmod\": \"never\"}\n}\n",
		Source{Format: "json", Title: "x", Lines: 4, Problems: []Problem{
			{Line: 3, Msg: `sitemap.exclude: "maybe" is not true or false`},
			{Line: 3, Msg: `sitemap.changefreq: 7 is not one of always, hourly, daily, weekly, monthly, yearly, never`},
			{Line: 3, Msg: `sitemap.lastmod: "never" is not a date`, Dating: true}}}},
	{"sitemap of the wrong kind", "---\nsitemap: [a]\n---\n", Source{Format: "yaml", Lines: 3, Problems: []Problem{{Line: 2, Msg: `sitemap: a list is neither false nor a mapping`}}}},
	{"draft maybe", "---\ntitle: x\ndraft: maybe\n---\n", Source{Format: "yaml", Title: "x", Lines: 4, Problems: []Problem{{Line: 3, Msg: `draft: "maybe" is not true or false`}}}},
	{"headless 1", "+++\nheadless = 1\n+++\n", Source{Format: "toml", Lines: 3, Problems: []Problem{{Line: 2, Msg: `headless: 1 is not true or false`}}}},
	{"published soon", "---\npublished: soon\n---\n", Source{Format: "yaml", Lines: 3, Problems: []Problem{{Line: 2, Msg: `published: "soon" is not true, false or a date`}}}},
	{"list sometimes", "---\nbuild:\n  list: sometimes\n---\n", Source{Format: "yaml", Lines: 4, Problems: []Problem{{Line: 3, Msg: `build.list: "sometimes" is not always, local or never`}}}},
	{"render sometimes", "---\nbuild:\n  render: sometimes\n---\n", Source{Format: "yaml", Lines: 4, Problems: []Problem{{Line: 3, Msg: `build.render: "sometimes" is not always, link or never`}}}},
	{"title a list", "---\ntitle: [a, b]\nslug: s\n---\n", Source{Format: "yaml", Slug: "s", Lines: 4, Problems: []Problem{{Line: 2, Msg: `title: a list is not text`}}}},
	{"alias a mapping", "---\naliases:\n  - /a/\n  - {x: y}\n---\n", Source{Format: "yaml", Aliases: []string{"/a/"}, Lines: 5, Problems: []Problem{{Line: 2, Msg: `aliases: an item of the list is a mapping, not text`}}}},
	{"wrong-typed value in a TOML table keeps the rest", "+++\ntitle = 'x'\n[sitemap]\nchangefreq = 'weekly'\npriority = 'top'\n+++\n",
		Source{Format: "toml", Title: "x", Sitemap: SitemapBlock{ChangeFreq: sitemap.Weekly}, Lines: 6,
			Problems: []Problem{{Line: 5, Msg: `sitemap.priority: "top" is not a number from 0.0 to 1.0`}}}},
	{"problems in line order", "---\nsitemap: {priority: 2}\ndraft: 3\nlastmod: x\n---\n",
		Source{Format: "yaml", Lines: 5, Problems: []Problem{
			{Line: 2, Msg: `sitemap.priority: 2 is not a number from 0.0 to 1.0`}, {Line: 3, Msg: `draft: 3 is not true or false`}, {Line: 4, Msg: `lastmod: "x" is not a date`, Dating: true}}}},
	{"YAML unknown anchor", "---\ntitle: *nope\n---\n", Source{Format: "yaml", Lines: 3, Problems: []Problem{{Line: 2, Msg: "YAML: unknown anchor 'nope' referenced"}}}},
	{"JSON number out of range", "{\n\"title\": \"x\",\n\"lastmod\": 1e999,\n\"draft\": true\n}\n",
		Source{Format: "json", Title: "x", Draft: true, Lines: 5, Problems: []Problem{{Line: 3, Msg: "lastmod: number 1e999 is out of range"}}}},
	{"JSON problems on one line, once each", "{\n\"date\": \"x\", \"publishDate\": \"y\"\n}\n",
		Source{Format: "json", Lines: 3, Problems: []Problem{{Line: 2, Msg: `date: "x" is not a date`, Dating: true}, {Line: 2, Msg: `publishDate: "y" is not a date`, Dating: true}}}},
	{"sitemap no", "---\nsitemap: \"no\"\n---\n", Source{Format: "yaml", Sitemap: SitemapBlock{Exclude: true}, Lines: 3}},
	{"binary junk", "\x00\x01\x02\xff\xfe\x89PNG\r\n\x1a\n", Source{}},
	{"binary junk in front matter", "---\n\x00\xff\x01: \xfe\n---\n", Source{Format: "yaml", Lines: 3, Problems: []Problem{{Line: 2, Msg: "YAML: control characters are not allowed"}}}},
}

func TestReadSource(t *testing.T) {
	for _, tt := range sourceTests {
		t.Run(tt.name, func(t *testing.T) {
			got := readSource(t, strings.NewReader(tt.file))
			if !equalSources(got, &tt.want) {
				t.Errorf("got  %+v\nwant %+v", *got, tt.want)
			}
			// Read a byte at a time, and as the reader's data comes
			// with its io.EOF, it says the same.
			for _, r := range []io.Reader{iotest.OneByteReader(strings.NewReader(tt.file)), iotest.DataErrReader(strings.NewReader(tt.file))} {
				if again := readSource(t, r); !equalSources(again, got) {
					t.Errorf("read in other chunks: %+v", *again)
				}
			}
		})
	}
}

// zeros is an endless body of spaces and newlines.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = " \n"[i%2]
	}
	return len(p), nil
}

// fullReader fills each buffer it is given, as a file does.
type fullReader struct{ r io.Reader }

func (f fullReader) Read(p []byte) (int, error) {
	n, err := io.ReadFull(f.r, p)
	if err == io.ErrUnexpectedEOF {
		err = io.EOF
	}
	return n, err
}

// The body is not read: a few KiB at most past the front matter, and not
// more than MaxSourceBytes when the front matter does not end.
func TestReadSourceBounded(t *testing.T) {
	tests := []struct {
		name string
		head string
		most int
		want Source
	}{
		{"YAML", "---\ntitle: x\n---\n", 8 << 10, Source{Format: "yaml", Title: "x", Lines: 3}},
		{"TOML", "+++\ntitle = 'x'\n+++\n", 8 << 10, Source{Format: "toml", Title: "x", Lines: 3}},
		{"JSON", "{\n\"title\": \"x\"\n}\n", 8 << 10, Source{Format: "json", Title: "x", Lines: 3}},
		{"no front matter", "# Title\n", 4 << 10, Source{}},
		{"a long first line", strings.Repeat("x", 100<<10), 4 << 10, Source{}},
		{"a long front matter", "---\ntitle: x\n" + strings.Repeat("#\n", 10<<10) + "---\n", 28 << 10, Source{Format: "yaml", Title: "x", Lines: 10<<10 + 3}},
		{"a long delimiter line", "---" + strings.Repeat("x", 100<<10), 4 << 10, Source{}},
		{"unclosed", "---\ntitle: x\n", MaxSourceBytes, Source{Problems: []Problem{{Line: 1, Msg: "front matter opened with --- on line 1 is not closed within the first 1048576 bytes (limits.front_matter_bytes)"}}}},
		{"JSON never closed", "{\n\"title\": \"x\",\n\"a\": [\n", MaxSourceBytes, Source{Problems: []Problem{{Line: 1, Msg: "front matter opened with { on line 1 is not closed within the first 1048576 bytes (limits.front_matter_bytes)"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := io.LimitReader(zeros{}, 10<<20)
			c := &countingReader{r: fullReader{io.MultiReader(strings.NewReader(tt.head), body)}}
			got := readSource(t, c)
			t.Logf("read %d bytes", c.n)
			if c.n > tt.most {
				t.Errorf("read %d bytes, want at most %d", c.n, tt.most)
			}
			if !equalSources(got, &tt.want) {
				t.Errorf("got  %+v\nwant %+v", *got, tt.want)
			}
		})
	}
}

func TestReadSourceErrors(t *testing.T) {
	errDisk := errors.New("disk on fire")
	for _, r := range []io.Reader{
		iotest.ErrReader(errDisk),
		io.MultiReader(strings.NewReader("---\ntitle: x\n"), iotest.ErrReader(errDisk)),
		io.MultiReader(strings.NewReader("{\n\"a\": {\n}\n"), iotest.ErrReader(errDisk)),
		io.MultiReader(strings.NewReader("\n\n"), iotest.ErrReader(errDisk)),
	} {
		if s, err := ReadSource(r); !errors.Is(err, errDisk) {
			t.Errorf("got %+v, %v; want %v", s, err, errDisk)
		}
	}
	// A reader that never gives anything fails rather than loop.
	if _, err := ReadSource(readerFunc(func([]byte) (int, error) { return 0, nil })); !errors.Is(err, io.ErrNoProgress) {
		t.Errorf("a reader without progress: %v", err)
	}
	// An error after the front matter is not the front matter's.
	r := io.MultiReader(strings.NewReader("---\ntitle: x\n---\n"), iotest.ErrReader(errDisk))
	if s, err := ReadSource(r); err != nil || s.Title != "x" {
		t.Errorf("error after the front matter: %+v, %v", s, err)
	}
}

// sourceSeeds are the fuzzer's seeds besides the table's files.
var sourceSeeds = []string{
	"---\nsitemap:\n  priority: high\n---\n", "---\nlastmod: [\n---\n", "+++\n[sitemap\n+++\n", "{\n\"a\": \n}\n",
	"\uFEFF---\r\ntitle: x\r\n---\r\n", "---\na: 1\r\rb: c: d\n---\n", "{\n\xff\n}\n", "---\n\x00\n---\n",
	"---\na: &a [*a]\n---\n", "+++\ndate = 1979-05-27T00:32:00.999999\n+++\n", "---\n" + strings.Repeat("- ", 200) + "\n---\n",
	// At the limit on nesting, and past it.
	"+++\nx = " + strings.Repeat("[", limits.MaxDepth) + strings.Repeat("]", limits.MaxDepth) + "\n+++\n",
	"+++\nx = " + strings.Repeat("{a=", limits.MaxDepth+1) + "1" + strings.Repeat("}", limits.MaxDepth+1) + "\n+++\n",
	"+++\n[" + strings.Repeat("a.", limits.MaxDepth) + "a]\nb.c = [{d = 1}]\n+++\n",
	"---\nx:\n" + strings.Repeat("- ", limits.MaxDepth+1) + "a\n---\n", "---\nx: " + strings.Repeat("[", limits.MaxDepth) + "\n---\n",
	"a.b = [{c.d = 1.5}, [2]]\n[[e.f]]\ng = {h = '''\n]]'''}\n",
}

func FuzzSource(f *testing.F) {
	for _, tt := range sourceTests {
		f.Add([]byte(tt.file))
	}
	for _, s := range sourceSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		s, err := ReadSource(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		lines := 1 + bytes.Count(data, []byte("\n"))
		for _, p := range s.Problems {
			if p.Line < 1 || p.Line > lines+1 {
				t.Errorf("problem on line %d of %d: %s", p.Line, lines, p.Msg)
			}
			// A decoder that panics is caught, but the fuzzer should
			// hear of it.
			if strings.Contains(p.Msg, "the decoder failed") {
				t.Errorf("decoder panic: %s", p.Msg)
			}
		}
		switch {
		case s.Format != "" && (s.Lines < 2 || s.Lines > lines):
			t.Errorf("%s front matter ends on line %d of %d", s.Format, s.Lines, lines)
		case s.Format == "" && (s.Lines != 0 || len(s.Problems) > 1):
			t.Errorf("no front matter, yet %+v", *s)
		}
		// Read in other chunks, the file says the same.
		again, err := ReadSource(iotest.HalfReader(bytes.NewReader(data)))
		if err != nil {
			t.Fatal(err)
		}
		if !equalSources(s, again) {
			t.Errorf("read in halves:\n%+v\n%+v", *s, *again)
		}
		// The pre-scan that bounds TOML front matter never counts less
		// than the decoder nests: the data itself, as TOML.
		var v map[string]any
		if _, err := toml.Decode(string(data), &v); err == nil {
			if d := depthOf(v) - 1; d > 0 && limits.Deep(data, limits.TOML, d-1) == 0 {
				t.Errorf("TOML nested %d deep, the pre-scan counts less", d)
			}
		}
	})
}

// A typical page of a Hugo site.
const hugoPage = `---
title: "Getting started with sitemaps"
description: "How search engines find the pages of a static site, and what a sitemap tells them."
date: 2024-03-10T09:30:00+01:00
lastmod: 2024-05-02T18:12:44+02:00
draft: false
slug: getting-started
author: "Jane Doe"
tags: ["seo", "hugo", "sitemaps"]
categories: ["guides"]
aliases:
  - /posts/sitemaps-101/
  - /guides/sitemaps/
images: ["/images/sitemaps/cover.png"]
toc: true
weight: 10
sitemap:
  changefreq: monthly
  priority: 0.7
params:
  featured: true
  series: "Static sites"
---

Search engines find pages by following links. A sitemap lists them all.
`

func BenchmarkReadSource(b *testing.B) {
	page := []byte(hugoPage + strings.Repeat("Lorem ipsum dolor sit amet. ", 400))
	b.SetBytes(int64(len(hugoPage)))
	b.ReportAllocs()
	for b.Loop() {
		s, err := ReadSource(bytes.NewReader(page))
		if err != nil || s.Title == "" || !s.Sitemap.Priority.IsSet() {
			b.Fatal(s, err)
		}
	}
}

// countingReader counts the bytes read and the calls to Read.
type countingReader struct {
	r     io.Reader
	n     int
	calls int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	c.calls++
	return n, err
}

// TestReadSourceWith: defaults fill the keys the front matter does not
// set, in every format; a file without front matter takes none.
func TestReadSourceWith(t *testing.T) {
	defaults := map[string]any{"sitemap": false, "permalink": "/d/:basename/", "last_modified_at": "2024-06-07", "layout": "x"}
	for _, tc := range []struct {
		name, text string
		exclude    bool
		permalink  string
		lastmod    string
	}{
		{"yaml, nothing set", "---\ntitle: a\n---\n", true, "/d/:basename/", "2024-06-07"},
		{"yaml, own values win", "---\nsitemap: true\npermalink: /own/\nlastmod: 2024-01-01\n---\n", false, "/own/", "2024-01-01"},
		{"toml", "+++\ntitle = 'a'\n+++\n", true, "/d/:basename/", "2024-06-07"},
		{"json", "{\n\"title\": \"a\"\n}\n", true, "/d/:basename/", "2024-06-07"},
		{"no front matter", "just text\n", false, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ReadSourceWith(strings.NewReader(tc.text), defaults)
			if err != nil {
				t.Fatal(err)
			}
			lm := ""
			if !s.Lastmod.IsZero() {
				lm = s.Lastmod.Format(time.DateOnly)
			}
			if s.Sitemap.Exclude != tc.exclude || s.Permalink != tc.permalink || lm != tc.lastmod || len(s.Problems) > 0 {
				t.Errorf("exclude %v, permalink %q, lastmod %q, problems %v; want %v, %q, %q", s.Sitemap.Exclude, s.Permalink, lm, s.Problems, tc.exclude, tc.permalink, tc.lastmod)
			}
		})
	}
}

func TestReadSourceTerms(t *testing.T) {
	for _, tt := range []struct {
		name, file string
		want       map[string][]string
	}{
		{"YAML", "---\ntags: [a]\nSeries: [Travel, Travel, Food]\nauthors: Ann\n---\n", map[string][]string{"tags": {"a"}, "series": {"Travel", "Food"}, "authors": {"Ann"}}},
		{"TOML", "+++\nseries = ['x']\n+++\n", map[string][]string{"series": {"x"}}},
		{"JSON", "{\n\"series\": [\"x\"],\n\"other\": [\"y\"]\n}\n", map[string][]string{"series": {"x"}}},
		{"none", "---\ndraft: true\n---\n", nil},
		// Keys Source reads for fields of their own are kept as asked
		// too: an Eleventy permalink's {{ category }}.
		{"keys of fields of their own", "---\ntitle: t\ncategory: news\n---\n", map[string][]string{"title": {"t"}, "category": {"news"}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ReadSourceOptions(strings.NewReader(tt.file), Options{Terms: []string{"tags", "series", "Authors", "title", "category"}})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s.Terms, tt.want) || len(s.Problems) > 0 {
				t.Errorf("Terms %q, problems %v; want %q", s.Terms, s.Problems, tt.want)
			}
		})
	}
	// Docusaurus' id, when asked for.
	if s, _ := ReadSourceOptions(strings.NewReader("---\nid: configuration\n---\n"), Options{ID: true}); s.ID != "configuration" {
		t.Errorf("id with Options.ID: %q", s.ID)
	}
	// Without Options.Terms, no list is kept.
	if s, _ := ReadSource(strings.NewReader("---\nseries: [x]\n---\n")); s.Terms != nil {
		t.Errorf("Terms %q without Options.Terms", s.Terms)
	}
}

// TestLastmodKeys reads Lastmod from the keys a generator reads, in its
// order: Hugo's lastmod list does not read updated; Docusaurus'
// last_update.date is a key of a mapping; an empty list reads none; a
// boolean in a generator's own key (Starlight's lastUpdated: true) is no
// date and no problem.
func TestLastmodKeys(t *testing.T) {
	for _, tt := range []struct {
		name, file string
		keys       []string
		want       time.Time
		key        string
	}{
		{"the generator's order", "---\ndate: 2024-01-01\nmodified: 2024-02-02\n---\n", []string{"lastmod", "modified", "date"}, day("2024-02-02"), "modified"},
		{"a key it does not read", "---\nupdated: 2024-03-03\n---\n", []string{"lastmod", "modified", "date"}, time.Time{}, ""},
		{"the default reads it", "---\nupdated: 2024-03-03\n---\n", nil, day("2024-03-03"), "updated"},
		{"nested", "---\nlast_update:\n  date: 2024-04-04\n  author: x\n---\n", []string{"last_update.date"}, day("2024-04-04"), "last_update.date"},
		{"nested in TOML", "+++\n[last_update]\ndate = 2024-04-04\n+++\n", []string{"last_update.date"}, day("2024-04-04"), "last_update.date"},
		{"none", "---\nlastmod: 2024-01-01\n---\n", []string{}, time.Time{}, ""},
		// Starlight's lastUpdated is a date or a switch: true is no date,
		// and nothing wrong; the next key answers.
		{"a generator's switch", "---\nlastUpdated: true\nupdated: 2024-03-03\n---\n", []string{"lastupdated", "updated"}, day("2024-03-03"), "updated"},
		{"a generator's date", "---\nlastUpdated: 2023-05-01\n---\n", []string{"lastupdated", "updated"}, day("2023-05-01"), "lastUpdated"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ReadSourceOptions(strings.NewReader(tt.file), Options{LastmodKeys: tt.keys})
			if err != nil {
				t.Fatal(err)
			}
			if !s.Lastmod.Equal(tt.want) || s.LastmodKey != tt.key || len(s.Problems) > 0 {
				t.Errorf("Lastmod %v from %q (problems %v), want %v from %q", s.Lastmod, s.LastmodKey, s.Problems, tt.want, tt.key)
			}
		})
	}
}

// depthOf returns the nesting of v, a value decoded from TOML, JSON or
// YAML into any: 0 for a scalar, 1 + its deepest element's for a map or
// a slice. What limits.Check takes, decoded, is never deeper than limits.MaxDepth (the
// document's own map, implicit in TOML, counted): FuzzSource holds
// limits.Deep to that.
func depthOf(v any) int {
	d := 0
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			d = max(d, depthOf(e))
		}
	case []map[string]any:
		for _, e := range v {
			d = max(d, depthOf(e))
		}
	case []any:
		for _, e := range v {
			d = max(d, depthOf(e))
		}
	default:
		return 0
	}
	return d + 1
}

// TestReadSourceZone: with Options.Location, a date written without a
// zone is read in it, in YAML (yaml.v3's timestamps and strings alike),
// TOML (local dates) and JSON, and Source.LastmodZone says so; a date
// with a zone keeps it. With RubyTimestamps, a plain YAML timestamp with
// a time and no zone is UTC, as Jekyll reads it (checked against Jekyll
// 4.3.1 with timezone: America/Los_Angeles).
func TestReadSourceZone(t *testing.T) {
	for _, tt := range []struct {
		name, file string
		ruby       bool
		want       string // RFC 3339
		zone       bool   // LastmodZone set
	}{
		{"yaml date alone", "---\ndate: 2014-05-06\n---\n", false, "2014-05-06T00:00:00-07:00", true},
		{"yaml timestamp", "---\ndate: 2014-05-06 10:00:00\n---\n", false, "2014-05-06T10:00:00-07:00", true},
		{"yaml T without zone", "---\ndate: 2014-05-06T10:00:00\n---\n", false, "2014-05-06T10:00:00-07:00", true},
		{"yaml no seconds", "---\nlastmod: 2014-05-06 10:00\n---\n", false, "2014-05-06T10:00:00-07:00", true},
		{"yaml quoted", "---\ndate: \"2014-05-06 10:00:00\"\n---\n", false, "2014-05-06T10:00:00-07:00", true},
		{"yaml Z", "---\ndate: 2014-05-06T10:00:00Z\n---\n", false, "2014-05-06T10:00:00Z", false},
		{"yaml +00:00", "---\ndate: 2014-05-06T10:00:00+00:00\n---\n", false, "2014-05-06T10:00:00Z", false},
		{"yaml offset", "---\ndate: 2014-05-06 10:00:00 +0200\n---\n", false, "2014-05-06T10:00:00+02:00", false},
		{"toml local date-time", "+++\ndate = 2014-05-06T10:00:00\n+++\n", false, "2014-05-06T10:00:00-07:00", true},
		{"toml local date", "+++\ndate = 2014-05-06\n+++\n", false, "2014-05-06T00:00:00-07:00", true},
		{"toml offset", "+++\ndate = 2014-05-06T10:00:00+02:00\n+++\n", false, "2014-05-06T10:00:00+02:00", false},
		{"json string", "{\n\"date\": \"2014-05-06 10:00:00\"\n}\n", false, "2014-05-06T10:00:00-07:00", true},
		// Jekyll: Ruby's YAML.
		{"ruby timestamp is UTC", "---\ndate: 2014-05-06 10:00:00\n---\n", true, "2014-05-06T10:00:00Z", false},
		{"ruby T timestamp is UTC", "---\ndate: 2014-05-06T10:00:00.5\n---\n", true, "2014-05-06T10:00:00.5Z", false},
		{"ruby date alone", "---\ndate: 2014-05-06\n---\n", true, "2014-05-06T00:00:00-07:00", true},
		{"ruby no seconds", "---\ndate: 2014-05-06 10:00\n---\n", true, "2014-05-06T10:00:00-07:00", true},
		{"ruby quoted", "---\ndate: '2014-05-06 10:00:00'\n---\n", true, "2014-05-06T10:00:00-07:00", true},
		{"ruby offset", "---\ndate: 2014-05-06 10:00:00 -05:00\n---\n", true, "2014-05-06T10:00:00-05:00", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src, err := ReadSourceOptions(strings.NewReader(tt.file), Options{Location: losAngeles, LocationFrom: "_config.yml timezone", RubyTimestamps: tt.ruby})
			if err != nil {
				t.Fatal(err)
			}
			want, _ := time.Parse(time.RFC3339Nano, tt.want)
			if !src.Lastmod.Equal(want) || len(src.Problems) > 0 {
				t.Errorf("Lastmod = %v (%v); want %v", src.Lastmod, src.Problems, want)
			}
			if zone := src.LastmodZone == "America/Los_Angeles (_config.yml timezone)"; zone != tt.zone {
				t.Errorf("LastmodZone = %q; want it set %v", src.LastmodZone, tt.zone)
			}
			if src.LastmodKey == "date" && !src.Date.Equal(want) {
				t.Errorf("Date = %v; want %v", src.Date, want)
			}
		})
	}
	// Without a location, as before: UTC, and no zone named.
	src, err := ReadSource(strings.NewReader("---\ndate: 2014-05-06\n---\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2014, 5, 6, 0, 0, 0, 0, time.UTC); !src.Lastmod.Equal(want) || src.LastmodZone != "" {
		t.Errorf("without a location: %v %q; want %v", src.Lastmod, src.LastmodZone, want)
	}
}

// TestReadSourceExcludeKeys: a key of Options.ExcludeKeys that is true
// leaves the page out, named in ExcludedBy; false, or absent, does not;
// neither does the key without the option; another value is a problem.
func TestReadSourceExcludeKeys(t *testing.T) {
	opts := Options{ExcludeKeys: []string{"sitemap_exclude"}}
	for _, tt := range []struct {
		name, file string
		exclude    bool
		by         string
		problems   int
	}{
		{"YAML true", "---\nSitemap_Exclude: true\n---\n", true, "Sitemap_Exclude", 0},
		{"TOML true", "+++\nsitemap_exclude = true\n+++\n", true, "sitemap_exclude", 0},
		{"false", "---\nsitemap_exclude: false\n---\n", false, "", 0},
		{"absent", "---\ntitle: t\n---\n", false, "", 0},
		{"not a boolean", "---\nsitemap_exclude: [1]\n---\n", false, "", 1},
		{"sitemap: false too", "---\nsitemap: false\nsitemap_exclude: true\n---\n", true, "", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ReadSourceOptions(strings.NewReader(tt.file), opts)
			if err != nil {
				t.Fatal(err)
			}
			if s.Sitemap.Exclude != tt.exclude || s.Sitemap.ExcludedBy != tt.by || len(s.Problems) != tt.problems {
				t.Errorf("Exclude %v by %q, problems %v; want %v by %q, %d problems", s.Sitemap.Exclude, s.Sitemap.ExcludedBy, s.Problems, tt.exclude, tt.by, tt.problems)
			}
		})
	}
	if s, _ := ReadSource(strings.NewReader("---\nsitemap_exclude: true\n---\n")); s.Sitemap.Exclude {
		t.Error("sitemap_exclude leaves the page out without Options.ExcludeKeys")
	}
}

// hugoBenchPage is a page of bench/hugo.sh's Hugo project, and
// hugoBenchOptions how a Hugo join reads it: its taxonomies and its
// generator's lastmod keys asked for.
var (
	hugoBenchPage = []byte("---\ntitle: Page 3\ndate: 2018-04-04T03:03:00Z\nlastmod: 2020-04-04\ntags: [\"tag 912\", \"tag 302\", \"tag 577\"]\ncategories: [\"c3\"]\n---\n" +
		strings.Repeat("Paragraph 0 of page 3: word547 word947 word117 word468 word918.\n\n", 100))
	hugoBenchOptions = Options{Terms: []string{"tags", "categories"}, LastmodKeys: []string{"lastmod", "modified", "date", "publishdate", "pubdate", "published"}}
)

// TestReadSourceBytes: reading a page's front matter allocates about
// what its decoder needs, not the read buffers again for every file nor
// a copy of the body read ahead, nor the set of the keys asked for.
func TestReadSourceBytes(t *testing.T) {
	read := func() {
		s, err := ReadSourceOptions(bytes.NewReader(hugoBenchPage), hugoBenchOptions)
		if err != nil || s.Title != "Page 3" || len(s.Tags) != 3 || s.Lastmod.IsZero() {
			t.Fatal(s, err)
		}
	}
	read()
	const runs = 200
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for range runs {
		read()
	}
	runtime.ReadMemStats(&after)
	if raceEnabled {
		t.Log("-race: the figure is not compared (the race detector changes it)")
		return
	}
	// 36 KiB a read before the buffers were kept, the body left unread
	// and the keys' set made once; 16 KiB after, the YAML decoder's own
	// 9 KiB of it.
	if per := (after.TotalAlloc - before.TotalAlloc) / runs; per > 22<<10 {
		t.Errorf("%d bytes allocated a read, want at most %d", per, 22<<10)
	}
}

// BenchmarkReadSourceHugo reads the front matter of hugoBenchPage as a
// Hugo join does.
func BenchmarkReadSourceHugo(b *testing.B) {
	page, opts := hugoBenchPage, hugoBenchOptions
	b.ReportAllocs()
	for b.Loop() {
		s, err := ReadSourceOptions(bytes.NewReader(page), opts)
		if err != nil || s.Title == "" || len(s.Tags) != 3 {
			b.Fatal(s, err)
		}
	}
}
