package validate

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

const (
	rssHead  = head + `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>t</title><link>https://example.com/</link><description>d</description>` + "\n"
	rssTail  = "\n</channel></rss>\n"
	atomHead = head + `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.com/blog/"><id>https://example.com/feed.xml</id><title>t</title><updated>2024-05-01T10:00:00Z</updated><link rel="self" href="https://example.com/feed.xml"/>` + "\n"
	atomTail = "\n</feed>\n"
)

// RSS 2.0 and Atom 0.3 and 1.0 feeds are sitemaps by the protocol: named,
// each item's or entry's link is checked as a <loc> is and its date as
// RSS or Atom writes it; a feed found in a folder is a feed first,
// passed over.
func TestFeeds(t *testing.T) {
	tests := []struct {
		name  string
		data  string
		paths []string // default: "feed.xml"
		opts  Options
		want  []string // "line kind" in order; an advice's kind marked "advice:"
	}{
		{name: "rss", data: rssHead + `<atom:link href="https://example.com/feed.xml" rel="self" type="application/rss+xml"/>
<item><title>a</title><link>https://example.com/a/</link><pubDate>Mon, 27 Jun 2011 19:34:00 +0100</pubDate></item>
<item><title>b</title><link> https://example.com/b/ </link><pubDate>Wed, 1 Apr 2009 14:58:27 EDT</pubDate><guid>https://example.com/b/</guid></item>
<item><title>c</title><link>https://example.com/c/</link></item>` + rssTail},
		{name: "rss problems", data: rssHead + `<item><link>/relative/</link></item>
<item><link>https://example.com/a/</link></item>
<item><link>https://other.example/a/</link></item>
<item><link>https://example.com/b/</link><pubDate>2011-06-27</pubDate></item>
<item><title>no link</title><guid isPermaLink="false">x</guid></item>` + rssTail,
			want: []string{"3 loc", "5 host", "6 lastmod", "7 advice:ignored"}},
		{name: "rss of another version", data: head + `<rss version="0.91"><channel><item><link>https://example.com/</link></item></channel></rss>`,
			want: []string{"2 element"}},
		{name: "rss without a channel", data: head + `<rss version="2.0"></rss>`,
			want: []string{"2 element"}},
		{name: "atom", data: atomHead + `<entry><id>a</id><title>a</title><updated>2024-05-01T10:00:00Z</updated><link rel="edit" href="https://api.example.org/a"/><link href="a/"/></entry>
<entry xml:base="/docs/"><id>b</id><title>b</title><updated>2024-05-01T10:00:00.5+02:00</updated><link rel="alternate" type="text/html" href="b/"/></entry>` + atomTail},
		{name: "atom problems", data: atomHead + `<entry><id>a</id><updated>2024-05-01</updated><link href="https://example.com/a/"/></entry>
<entry><id>b</id><updated>2024-05-01T10:00:00Z</updated><link rel="enclosure" href="https://example.com/b.mp3"/></entry>
<entry><id>c</id><link href="https://example.com/` + strings.Repeat("c", 2048) + `"/></entry>` + atomTail,
			want: []string{"3 lastmod", "4 advice:ignored", "5 loc"}},
		{name: "atom 0.3", data: head + `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>t</title>
<entry><title>a</title><link rel="alternate" type="text/html" href="https://example.com/a"/><modified>2003-12-13T18:30:02Z</modified></entry>
<entry><title>b</title><link rel="alternate" type="text/html" href="https://example.com/b"/><modified>13 Dec 2003</modified></entry>
<entry><title>c</title><link rel="alternate" type="text/html" href="https://example.com/c"/><modified>2003-12-13T18:30:02</modified></entry></feed>`,
			want: []string{"4 lastmod", "5 lastmod"}},
		{name: "feed in no Atom namespace", data: head + `<feed><entry/></feed>`, want: []string{"2 element"}},
		{name: "feed in a folder", data: rssHead + `<item><link>/relative/</link></item>` + rssTail, paths: []string{"."}},
		{name: "scope and site", paths: []string{"site/blog/feed.xml"}, data: rssHead + `<item><link>https://example.com/blog/a/</link></item>
<item><link>https://example.com/blog/b/</link></item>
<item><link>https://example.com/other/</link></item>` + rssTail,
			opts: Options{BaseURL: "https://example.com/", Site: "site"},
			want: []string{"4 site", "5 scope"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"feed.xml": tt.data}
			if tt.opts.Site != "" {
				files = map[string]string{"site/blog/feed.xml": tt.data, "site/blog/a/index.html": "a"}
			}
			writeFiles(t, dir, files)
			t.Chdir(dir)
			paths := tt.paths
			if paths == nil {
				paths = []string{"feed.xml"}
			}
			problems, checked, err := Check(paths, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range problems {
				k := string(p.Kind)
				if p.Severity == Advice {
					k = "advice:" + k
				}
				got = append(got, strconv.Itoa(p.Line)+" "+k)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got:\n\t%s\nwant:\n\t%s\nproblems:\n\t%s", strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"), strings.Join(strs(problems), "\n\t"))
			}
			if want := 1; paths[0] == "." && checked != 0 || paths[0] != "." && checked != want {
				t.Errorf("%d files checked", checked)
			}
		})
	}
}

// An RSS date is RFC 822's date-time (section 5), with the four-digit
// years of RFC 1123: its words in any case (section 3.4.7), the military
// zones (one letter but J), and white space, folding and comments
// between any two of its tokens (section 3.1.4). What the grammar does
// not take stays refused.
func TestRFC822Dates(t *testing.T) {
	valid := []string{
		"Thu, 09 Feb 2006 23:59:45 +0000",
		"09 Feb 2006 23:59:45 GMT",
		"Thu, 9 Feb 06 23:59 -0700",
		"Wed, 1 Apr 2009 14:58:27 EDT",
		"Thu, 09 Feb 2006 23:59:45 UT",
		"Thu, 09 Feb 2006 23:59:45 Z",
		"Thu, 09 Feb 2006 16:59:45 G",
		"Thu, 09 Feb 2006 12:59:45 L",
		"Fri, 10 Feb 2006 03:59:45 Q",
		"Thu, 09 Feb 2006 23:59:45 z",
		"Thu, 09 Feb 2006 23:59:45 gmt",
		"thu, 09 FEB 2006 18:59:45 est",
		"Thu, 09 Feb 2006 16:59:45 pDt",
		"Thu, 09 Feb 2006 21:25:45 -0234",
		"Thu (a comment), 9(th) Feb(ruary) 2006 23:59:45 +0000 (GMT)",
		"Thu, 09 (nested (comment) Mar)Feb(escaped \\) paren) 2006()23:59:45 +0000",
		"Thu ,\t 09  Feb\t2006  23:59:45\t +0000",
		"Thu,\n 09 Feb 2006\n\t23:59:45 +0000",
		"Thu,\r\n 09 Feb 2006 23:59:45 +0000",
		"Thu, 09 Feb 2006 23 : 59 : 45 +0000",
		"Sun, 09 Feb 1806 23:59:45 +0000",
		"Tue, 29 Feb 2000 00:00:00 +0000",
		"29 Feb 00 00:00 GMT",
	}
	invalid := []string{
		"2006-02-09T23:59:45Z",
		"Thu, 09 Feb 2006",
		"Thu, 09 Feb 2006 23:59:45",
		"Thu, 09 Feb 2006 23:59:45 J",
		"Thu, 09 Feb 2006 23:59:45 CET",
		"Thu, 09 Feb 2006 23:59:45 -05:00",
		"Thu, 09 Feb 2006 23:59:45 0500",
		"Thu, 09 Feb 2006 23:59:45 +05",
		"Thu 09 Feb 2006 23:59:45 GMT",
		"Thursday, 09 Feb 2006 23:59:45 GMT",
		"Thu, 09 February 2006 23:59:45 GMT",
		"Thu, 09Feb2006 23:59:45 GMT",
		"Thu, 009 Feb 2006 23:59:45 GMT",
		"Thu, 09 Feb 206 23:59:45 GMT",
		"Thu, 09 Feb 2006 3:59:45 GMT",
		"Thu, 09 Feb 2006 23:59:4 GMT",
		"Thu, 09 Feb 2006 24:00:00 GMT",
		"Thu, 09 Feb 2006 23:60:00 GMT",
		"Thu, 09 Feb 2006 23:59:60 GMT",
		"Sat, 31 Jun 2006 23:08:26 +1000",
		"29 Feb 2100 00:00 GMT",
		"Thu, 09 Feb 2006 23:59:45 GMT (unclosed",
		"Thu, 09 Feb 2006 23:59:45 GMT)",
		"Thu, 09 Feb 2006\n23:59:45 GMT",
		"Thu, 09 Feb 2006 23:59:45 \"GMT\"",
		"Thu, 09 Feb 2006 23:59:45 GMT (é)",
		"Thu, 09 Feb 2006 23:59:45.5 GMT",
		"Thu, 09 Feb 2006 23:59:45 GMT GMT",
		"",
	}
	for _, v := range valid {
		if msg := feedDate(formRSS, "", v); msg != "" {
			t.Errorf("%q: %s; want valid", v, msg)
		}
	}
	for _, v := range invalid {
		if feedDate(formRSS, "", v) == "" {
			t.Errorf("%q: valid; want refused", v)
		}
	}
}
