package mapping

import (
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
)

// mapStructured maps the page at path, which says s, and returns the
// decision.
func mapStructured(t *testing.T, opts Options, path string, s htmlhead.Structured, src *frontmatter.Source) Decision {
	t.Helper()
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	d := m.Map(Page{File: walker.File{Path: path}, Head: &htmlhead.Head{}, Structured: &s, Source: src})
	if d.Skip != "" {
		t.Fatalf("%s left out: %s", path, d.Skip)
	}
	return d
}

// fullVideo is a video JSON-LD describes with every value.
var fullVideo = htmlhead.Video{
	From: "JSON-LD", Line: 12, Name: "Grilling steaks", Description: "How to grill steaks & chops",
	Thumbnail: "/thumbs/steak.jpg", ContentURL: "video/steak.mp4", EmbedURL: "https://player.example.org/embed/123",
	Duration: "PT1M30S", UploadDate: "2024-03-01T08:00:00+08:00", Expires: "2030-01-01",
	FamilyFriendly: "true", AccessibleForFree: "False", Live: "false",
}

func TestVideos(t *testing.T) {
	on := Options{BaseURL: "https://example.com/", Videos: true}
	cdn := on
	cdn.VideoHosts = []string{"https://cdn.example.net"}
	withV := func(vs ...htmlhead.Video) htmlhead.Structured { return htmlhead.Structured{Videos: vs} }
	tests := []struct {
		name     string
		opts     Options
		s        htmlhead.Structured
		want     []sitemap.Video
		warnings []string // a part of each warning, in order
	}{
		{"every field", on, withV(fullVideo), []sitemap.Video{{
			ThumbnailLoc: "https://example.com/thumbs/steak.jpg", Title: "Grilling steaks", Description: "How to grill steaks & chops",
			ContentLoc: "https://example.com/recipes/video/steak.mp4", PlayerLoc: "https://player.example.org/embed/123", Duration: 90,
			PublicationDate: time.Date(2024, 3, 1, 8, 0, 0, 0, time.FixedZone("", 8*3600)), ExpirationDate: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC),
			FamilyFriendly: sitemap.FlagYes, RequiresSubscription: sitemap.FlagYes, Live: sitemap.FlagNo,
		}}, nil},
		{"off", Options{BaseURL: "https://example.com/"}, withV(fullVideo), nil, nil},
		{"one video three times: JSON-LD first, og:video and <video> fill in", on, withV(
			htmlhead.Video{From: "JSON-LD", Line: 5, Name: "A", ContentURL: "/a.mp4", Description: "from JSON-LD"},
			htmlhead.Video{From: "og:video", Line: 7, Name: "og title", ContentURL: "https://example.com/a.mp4", Thumbnail: "/a.jpg", Description: "og"},
			htmlhead.Video{From: "<video>", Line: 40, ContentURL: "../a.mp4", Thumbnail: "/poster.jpg"},
		), []sitemap.Video{{ThumbnailLoc: "https://example.com/a.jpg", Title: "A", Description: "from JSON-LD", ContentLoc: "https://example.com/a.mp4"}}, nil},
		{"missing fields: named, with the video", on, withV(
			htmlhead.Video{From: "<video>", Line: 40, ContentURL: "/clip.mp4", Thumbnail: "/p.jpg"},
			htmlhead.Video{From: "JSON-LD", Line: 3, Name: "No player", Description: "d", Thumbnail: "/t.jpg"},
		), nil, []string{ // in the page's order
			`the video "No player" (JSON-LD at line 3) is not in the video sitemap: it has no content or player URL`,
			"the video of <video> at line 40 is not in the video sitemap: it has no title, no description"}},
		{"thumbnail and file on another host", on, withV(htmlhead.Video{From: "JSON-LD", Line: 3, Name: "N", Description: "D",
			Thumbnail: "https://cdn.example.net/t.jpg", ContentURL: "https://cdn.example.net/v.mp4"}),
			nil, []string{"no thumbnail (https://cdn.example.net/t.jpg is on another host than the base URL; videos.hosts lists the others allowed), no content or player URL (https://cdn.example.net/v.mp4 is on another host"}},
		{"allowed host; a player anywhere", cdn, withV(htmlhead.Video{From: "JSON-LD", Line: 3, Name: "N", Description: "D",
			Thumbnail: "https://cdn.example.net/t.jpg", EmbedURL: "https://www.youtube.com/embed/x"}),
			[]sitemap.Video{{ThumbnailLoc: "https://cdn.example.net/t.jpg", Title: "N", Description: "D", PlayerLoc: "https://www.youtube.com/embed/x"}}, nil},
		{"bad values left out, long ones cut", on, withV(htmlhead.Video{From: "JSON-LD", Line: 3, Name: strings.Repeat("é", 120), Description: "D",
			Thumbnail: "/t.jpg", ContentURL: "/v.mp4", Duration: "PT9H", UploadDate: "yesterday", FamilyFriendly: "maybe"}),
			[]sitemap.Video{{ThumbnailLoc: "https://example.com/t.jpg", Title: strings.Repeat("é", 100), Description: "D", ContentLoc: "https://example.com/v.mp4"}},
			[]string{"title is 120 characters, over the 100", `duration "PT9H" is 32400 seconds, outside 1 to 28800`, `uploadDate "yesterday" is not a date`, `isFamilyFriendly "maybe" is neither true nor false`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mapStructured(t, tt.opts, "recipes/index.html", tt.s, nil)
			if len(d.URL.Videos) != len(tt.want) {
				t.Fatalf("videos %+v\nwant %+v\nwarnings %q", d.URL.Videos, tt.want, d.Warnings)
			}
			for i, v := range d.URL.Videos {
				w := tt.want[i]
				if !v.PublicationDate.Equal(w.PublicationDate) || !v.ExpirationDate.Equal(w.ExpirationDate) {
					t.Errorf("video %d dates %v %v, want %v %v", i, v.PublicationDate, v.ExpirationDate, w.PublicationDate, w.ExpirationDate)
				}
				v.PublicationDate, v.ExpirationDate, w.PublicationDate, w.ExpirationDate = time.Time{}, time.Time{}, time.Time{}, time.Time{}
				if v != w {
					t.Errorf("video %d\n %+v\nwant\n %+v", i, v, w)
				}
			}
			if len(d.Warnings) > 0 || len(d.LineWarnings) != len(tt.warnings) {
				t.Fatalf("warnings %q %+v, want %d at lines", d.Warnings, d.LineWarnings, len(tt.warnings))
			}
			for i, w := range tt.warnings {
				if lw := d.LineWarnings[i]; !strings.Contains(lw.Msg, w) || lw.Line == 0 {
					t.Errorf("warning %+v\nwant a part %q, and a line", lw, w)
				}
			}
			if tt.opts.Videos && len(d.VideoNotes) == 0 {
				t.Errorf("no note for --explain")
			}
		})
	}
}

func TestISODuration(t *testing.T) {
	for in, want := range map[string]int{
		"PT1M30S": 90, "PT2H": 7200, "P1DT2H": 93600, "PT90.5S": 91, "PT0,4S": 0, "PT1H1M1S": 3661, " PT10S ": 10,
	} {
		if got, ok := ISODuration(in); !ok || got != want {
			t.Errorf("ISODuration(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "P", "PT", "1M", "P1M", "P1Y", "P1W", "PT1D", "PTM", "PT1", "PT-1S", "PT1S2", "PT1H1HT", "P1DTT1H", "PT1e3S"} {
		if got, ok := ISODuration(in); ok {
			t.Errorf("ISODuration(%q) = %d, want no duration", in, got)
		}
	}
}

func TestNews(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	on := Options{BaseURL: "https://example.com/", Now: now, News: &News{Name: "The Daily"}}
	en := on
	en.News = &News{Name: "The Daily", Language: "en"}
	art := func(typ, date, headline, lang string) htmlhead.Article {
		return htmlhead.Article{Type: typ, Line: 4, DatePublished: date, Headline: headline, InLanguage: lang}
	}
	tests := []struct {
		name string
		opts Options
		s    htmlhead.Structured
		src  *frontmatter.Source
		want *sitemap.News
		note string
	}{
		{"a NewsArticle of yesterday", on, htmlhead.Structured{Articles: []htmlhead.Article{art("NewsArticle", "2026-11-24T09:30:00Z", "Rates rise", "en-GB")}}, nil,
			&sitemap.News{PublicationName: "The Daily", Language: "en", PublicationDate: time.Date(2026, 11, 24, 9, 30, 0, 0, time.UTC), Title: "Rates rise"}, "in the news sitemap"},
		{"the NewsArticle before an Article", on, htmlhead.Structured{Articles: []htmlhead.Article{
			art("Article", "2026-11-01", "Old", "en"), art("ReportageNewsArticle", "2026-11-25T08:00:00Z", "New", "de")}}, nil,
			&sitemap.News{PublicationName: "The Daily", Language: "de", PublicationDate: time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC), Title: "New"}, "ReportageNewsArticle at line 4"},
		{"three days old: kept, out of the window", on, htmlhead.Structured{Articles: []htmlhead.Article{art("NewsArticle", "2026-11-22T11:59:00Z", "x", "en")}}, nil,
			&sitemap.News{PublicationName: "The Daily", Language: "en", PublicationDate: time.Date(2026, 11, 22, 11, 59, 0, 0, time.UTC), Title: "x"}, "not in the news sitemap: published 2026-11-22T11:59:00Z (NewsArticle at line 4), more than two days before the build"},
		{"after the build: kept, not yet in the window", on, htmlhead.Structured{Articles: []htmlhead.Article{art("NewsArticle", "2026-11-25T12:00:01Z", "x", "en")}}, nil,
			&sitemap.News{PublicationName: "The Daily", Language: "en", PublicationDate: time.Date(2026, 11, 25, 12, 0, 1, 0, time.UTC), Title: "x"}, "not in the news sitemap yet"},
		{"the meta tag, the page's title and lang", on, htmlhead.Structured{Title: "Page title", Lang: "zh-Hant-TW",
			Articles: []htmlhead.Article{{Type: "article:published_time", Line: 9, DatePublished: "2026-11-25T10:00:00+01:00"}}}, nil,
			&sitemap.News{PublicationName: "The Daily", Language: "zh-tw", PublicationDate: time.Date(2026, 11, 25, 10, 0, 0, 0, time.FixedZone("", 3600)), Title: "Page title"}, "article:published_time at line 9"},
		{"front matter of a joined source, the publication's language", en, htmlhead.Structured{}, &frontmatter.Source{Date: now.Add(-time.Hour), Title: "From the source"},
			&sitemap.News{PublicationName: "The Daily", Language: "en", PublicationDate: now.Add(-time.Hour), Title: "From the source"}, "the front matter's date"},
		{"an index of posts: their articles are theirs", on, htmlhead.Structured{Title: "Blog", Lang: "en", Articles: []htmlhead.Article{
			{Type: "BlogPosting", Line: 6, DatePublished: "2026-11-25T08:00:00Z", Headline: "A post", URL: "/posts/a/"},
			{Type: "BlogPosting", Line: 6, DatePublished: "2026-11-24T08:00:00Z", Headline: "B post", URL: "https://example.com/posts/b/"}}}, nil, nil, "no article markup"},
		{"its own article by URL, and a name for a headline", on, htmlhead.Structured{Lang: "en", Articles: []htmlhead.Article{
			{Type: "Article", Line: 6, DatePublished: "2026-11-25T08:00:00Z", Name: "Named", URL: "https://example.com/news/a"}}}, nil,
			&sitemap.News{PublicationName: "The Daily", Language: "en", PublicationDate: time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC), Title: "Named"}, "in the news sitemap"},
		{"no language", on, htmlhead.Structured{Articles: []htmlhead.Article{art("NewsArticle", "2026-11-25T08:00:00Z", "x", "")}}, nil, nil, "no language"},
		{"no article", on, htmlhead.Structured{Title: "About us"}, nil, nil, "no article markup"},
		{"off", Options{BaseURL: "https://example.com/", Now: now}, htmlhead.Structured{Articles: []htmlhead.Article{art("NewsArticle", "2026-11-25T08:00:00Z", "x", "en")}}, nil, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mapStructured(t, tt.opts, "news/a/index.html", tt.s, tt.src)
			got := d.URL.News
			switch {
			case (got == nil) != (tt.want == nil):
				t.Fatalf("news %+v, want %+v (note %q, warnings %q)", got, tt.want, d.NewsNote.String(), d.Warnings)
			case got != nil && (got.PublicationName != tt.want.PublicationName || got.Language != tt.want.Language ||
				!got.PublicationDate.Equal(tt.want.PublicationDate) || got.Title != tt.want.Title):
				t.Errorf("news %+v, want %+v", got, tt.want)
			}
			if note := d.NewsNote.String(); !strings.Contains(note, tt.note) || tt.note == "" && note != "" {
				t.Errorf("note %q, want a part %q", note, tt.note)
			}
		})
	}
}

func TestInNewsWindow(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	for d, want := range map[time.Duration]bool{0: true, -time.Second: true, -48 * time.Hour: true, -48*time.Hour - time.Second: false, time.Second: false} {
		if got := InNewsWindow(now.Add(d), now); got != want {
			t.Errorf("InNewsWindow(now%+v) = %v, want %v", d, got, want)
		}
	}
}

func TestNewsLanguage(t *testing.T) {
	for in, want := range map[string]string{"en": "en", "EN-gb": "en", "de_AT": "de", "ast": "ast", "zh": "zh-cn", "zh-Hans": "zh-cn", "zh-CN": "zh-cn", "zh-TW": "zh-tw", "zh-Hant": "zh-tw", "zh-HK": "zh-tw"} {
		if got, ok := NewsLanguage(in); !ok || got != want {
			t.Errorf("NewsLanguage(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "e", "engl", "x-default", "1a", "en1"} {
		if got, ok := NewsLanguage(in); ok {
			t.Errorf("NewsLanguage(%q) = %q, want none", in, got)
		}
	}
}
