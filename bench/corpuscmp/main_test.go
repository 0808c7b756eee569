package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSameDate(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"2023-03-20T10:00:00+01:00", "2023-03-20T09:00:00Z", true},
		{"2023-03-20T10:00:00.000Z", "2023-03-20T10:00:00Z", true},
		{"2014-05-06T00:00:00-07:00", "2014-05-06T00:00:00Z", false},
		{"2021-11-26", "2021-11-26T16:08:39-08:00", true}, // the day in its own zone
		{"2021-11-27", "2021-11-26T16:08:39-08:00", true}, // or in UTC
		{"2021-11-25", "2021-11-26T16:08:39-08:00", false},
		{"2021-11-26", "", false},
	}
	for _, tt := range tests {
		if got := sameDate(tt.a, tt.b); got != tt.want {
			t.Errorf("sameDate(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestCompare runs a comparison on sitemaps made up here: one URL of each
// kind the table counts.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	write := func(name, urls string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		set := `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + urls + `</urlset>`
		if err := os.WriteFile(filepath.Join(dir, name), []byte(set), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	u := func(loc, lastmod string) string {
		if lastmod == "" {
			return "<url><loc>https://example.com/" + loc + "</loc></url>"
		}
		return "<url><loc>https://example.com/" + loc + "</loc><lastmod>" + lastmod + "</lastmod></url>"
	}
	write("gen/sitemap.xml", u("", "2023-01-02T10:00:00+01:00")+ // agrees
		u("a/", "2023-01-01")+ // differs
		u("b/", "2024-06-01T12:00:00Z")+ // the build's time: no truth
		u("missing/", "")+
		u("feed.xml", ""))
	write("ours/sitemap.xml", u("", "2023-01-02T09:00:00Z")+
		u("a/", "2017-01-01T00:00:00Z")+
		u("b/", "2024-06-01T12:00:00Z")+ // a stamp we wrote
		u("tags/x/", "")+ // judged a page
		u("stub/", "")) // a wrong extra
	o := options{
		name: "site", generator: "hugo", repo: "o/r", commit: "0123456789abcdef",
		gen: filepath.Join(dir, "gen"), ours: filepath.Join(dir, "ours"),
		truth: "sitemap", drop: `feed\.xml$`, pages: `/tags/`,
		details: filepath.Join(dir, "diff.txt"),
	}
	o.head, _, _ = parseDate("2023-06-01T00:00:00Z")
	row, err := compare(o)
	if err != nil {
		t.Fatal(err)
	}
	want := "| site | hugo | o/r@0123456789 | 4 / 5 | 75.0 % | 1 | 33.3 % | 1 | 1 generator URLs judged no pages; 1 URLs judged pages the generator leaves out; 2 of 3 with a true date; 1 without a true date |"
	if row != want {
		t.Errorf("row:\n%s\nwant:\n%s", row, want)
	}
	details, err := os.ReadFile(o.details)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"lastmod https://example.com/a/ truth=2023-01-01 (sitemap) ours=2017-01-01T00:00:00Z",
		"lastmod https://example.com/b/ truth=none (no source) ours=2024-06-01T12:00:00Z",
		"missing https://example.com/missing/",
		"stamp https://example.com/b/ ours=2024-06-01T12:00:00Z",
		"extra https://example.com/stub/",
	} {
		if !bytes.Contains(details, []byte(line+"\n")) {
			t.Errorf("no line %q in the details:\n%s", line, details)
		}
	}
	if strings.Contains(string(details), "tags/x") {
		t.Errorf("a URL judged a page is in the details:\n%s", details)
	}
}

// TestFrontMatterDate reads the dates a page's source gives itself, in the
// forms the Markdown blogs of the corpus write them.
func TestFrontMatterDate(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"yaml updated before date", "---\ntitle: A\ndate: 2020-01-02 10:00:00\nupdated: 2021-03-04 05:06:07\n---\nbody\n", "2021-03-04"},
		{"yaml date alone, quoted", "---\ntitle: 'B'\ndate: '2020-01-01'\n---\n", "2020-01-01"},
		{"zoned instant", "---\ndate: 2022-07-15T22:12:03.284Z\n---\n", "2022-07-15T22:12:03Z"},
		{"javascript date", "---\npubDate: 'Jul 08 2022'\n---\n", "2022-07-08"},
		{"pelican metadata", "title: C\ndate: 2019-4-16 03:05\ncategory: pwn\n\nbody date: 2000-01-01\n", "2019-04-16"},
		{"next.js blog's publishedDate", "---\ntitle: E\npublishedDate: \"2022-11-30 22:42:00\"\n---\n", "2022-11-30"},
		{"next.js blog's publishedAt", "---\ntitle: F\npublishedAt: '2024-12-01'\n---\n", "2024-12-01"},
		{"none", "---\ntitle: D\n---\ndate: 2000-01-01\n", ""},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "post.md"), []byte(tt.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := frontMatterDate(dir, "post.md"); got != tt.want {
			t.Errorf("%s: frontMatterDate = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestFrontMatterRouted dates a post routed under blog/ by its source in
// content/posts (frontmatter:PREFIX=DIR), as a Next.js app router's
// app/blog/[slug]/page.tsx routes them.
func TestFrontMatterRouted(t *testing.T) {
	dir := t.TempDir()
	write := writer(t, dir)
	write("content/posts/hello.md", "---\ntitle: Hello\ndate: 2024-01-02\n---\n")
	write("ref.txt", "https://example.com/blog/hello\nhttps://example.com/about\n")
	write("ours/sitemap.xml", `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/blog/hello</loc><lastmod>2024-01-05</lastmod></url><url><loc>https://example.com/about</loc></url></urlset>`)
	row, err := compare(options{
		ref: filepath.Join(dir, "ref.txt"), ours: filepath.Join(dir, "ours"), project: dir,
		truth: "frontmatter:blog/=content/posts", details: filepath.Join(dir, "diff.txt"),
		head: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(row, "| 50.0 % |") || !strings.Contains(row, "1 of 2 with a true date") {
		t.Errorf("row: %s", row)
	}
	diff, _ := os.ReadFile(filepath.Join(dir, "diff.txt"))
	if want := "lastmod https://example.com/blog/hello truth=2024-01-02 (frontmatter:blog/=content/posts) ours=2024-01-05\n"; string(diff) != want {
		t.Errorf("diff.txt:\n%s\nwant:\n%s", diff, want)
	}
}

// TestTruthZone compares a day-alone truth in the zone the recipe says it
// is written in (--truth-zone), as a Pelican theme prints an article's day
// in the site's TIMEZONE: the instant of that day's midnight in Taipei,
// written in UTC, is that day; an instant of the next day in Taipei is not,
// though its UTC day is the truth's.
func TestTruthZone(t *testing.T) {
	dir := t.TempDir()
	write := writer(t, dir)
	u := func(loc, lastmod string) string {
		return "<url><loc>https://example.com/" + loc + "</loc><lastmod>" + lastmod + "</lastmod></url>"
	}
	set := func(urls string) string {
		return `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + urls + `</urlset>`
	}
	write("gen/sitemap.xml", set(u("a.html", "2015-04-03")+u("b.html", "2015-04-03")+u("c.html", "2015-04-03")))
	write("ours/sitemap.xml", set(u("a.html", "2015-04-02T16:00:00Z")+ // 2015-04-03 00:00 in Taipei
		u("b.html", "2015-04-03T15:59:00Z")+ // 2015-04-03 23:59 in Taipei
		u("c.html", "2015-04-03T20:00:00Z"))) // 2015-04-04 04:00 in Taipei
	var stdout, stderr bytes.Buffer
	code := run([]string{"--name", "blog", "--gen", filepath.Join(dir, "gen"), "--ours", filepath.Join(dir, "ours"),
		"--head", "2020-01-01T00:00:00Z", "--truth-zone", "Asia/Taipei", "--details", filepath.Join(dir, "diff.txt")}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "| 66.7 % |") {
		t.Errorf("row: %s", stdout.String())
	}
	diff, _ := os.ReadFile(filepath.Join(dir, "diff.txt"))
	if want := "lastmod https://example.com/c.html truth=2015-04-03 (sitemap) ours=2015-04-03T20:00:00Z\n"; string(diff) != want {
		t.Errorf("diff.txt:\n%s\nwant:\n%s", diff, want)
	}
	// A zone that is none is said, not taken for UTC.
	stderr.Reset()
	if code := run([]string{"--gen", filepath.Join(dir, "gen"), "--ours", filepath.Join(dir, "ours"),
		"--head", "2020-01-01T00:00:00Z", "--truth-zone", "Asia/Nowhere"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "Asia/Nowhere") {
		t.Errorf("an unknown zone: exit %d, %q", code, stderr.String())
	}
}

// TestHomeSlash: a home URL without its path is the one with "/".
func TestHomeSlash(t *testing.T) {
	for in, want := range map[string]string{
		"https://a.site":      "https://a.site/",
		"https://a.site/":     "https://a.site/",
		"https://a.site/blog": "https://a.site/blog",
		"https://a.site?x=1":  "https://a.site?x=1",
	} {
		if got := homeSlash(in); got != want {
			t.Errorf("homeSlash(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSourceFileDotted: a URL whose last element has a dot of its own
// (MkDocs' community/3.16-announcement/) finds its source, as one ending
// in .html does.
func TestSourceFileDotted(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"docs/community/3.16-announcement.md", "docs/guide.rst"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for p, want := range map[string]string{
		"community/3.16-announcement/": "docs/community/3.16-announcement.md",
		"guide.html":                   "docs/guide.rst",
	} {
		if got := sourceFile(dir, "docs", p); got != want {
			t.Errorf("sourceFile(%q) = %q, want %q", p, got, want)
		}
	}
}

// TestHTMLDayWrittenOut reads the day a layout writes out ("Last Updated:
// Sunday, February 1, 2026", an Astro guide's) as that day, which our
// instant of it agrees with; before, the text was no date and every such
// page disagreed.
func TestHTMLDayWrittenOut(t *testing.T) {
	dir := t.TempDir()
	write := writer(t, dir)
	write("site/a/index.html", "<p><strong>Last Updated</strong>: Sunday, February 1, 2026 </p>")
	write("site/b/index.html", "<p><strong>Last Updated</strong>: Sunday, March 8, 2026 </p>")
	write("ref.txt", "https://example.com/a/\nhttps://example.com/b/\n")
	write("ours/sitemap.xml", `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a/</loc><lastmod>2026-02-01T06:00:00Z</lastmod></url><url><loc>https://example.com/b/</loc><lastmod>2026-03-09T06:00:00Z</lastmod></url></urlset>`)
	row, err := compare(options{
		ref: filepath.Join(dir, "ref.txt"), ours: filepath.Join(dir, "ours"), project: dir, site: filepath.Join(dir, "site"),
		truth: `html:Last\sUpdated</strong>:\s\w+,\s([^<]+?)\s</p>`, details: filepath.Join(dir, "diff.txt"),
		head: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC),
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(row, "| 50.0 % |") || !strings.Contains(row, "2 of 2 with a true date") {
		t.Errorf("row: %s", row)
	}
	diff, _ := os.ReadFile(filepath.Join(dir, "diff.txt"))
	if want := "lastmod https://example.com/b/ truth=2026-03-08 (html) ours=2026-03-09T06:00:00Z\n"; string(diff) != want {
		t.Errorf("diff.txt:\n%s\nwant:\n%s", diff, want)
	}
}

// writer returns a function that writes a file of text at a path under
// dir, making its folders.
func writer(t *testing.T, dir string) func(name, text string) {
	return func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
