package e2e

import (
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// mediaSet is a sitemap file with the video and news extensions, read
// back.
type mediaSet struct {
	URLs []mediaURL `xml:"url"`
}

// mediaURL is a <url> of mediaSet.
type mediaURL struct {
	Loc    string `xml:"loc"`
	Videos []struct {
		Thumbnail   string `xml:"thumbnail_loc"`
		Title       string `xml:"title"`
		Description string `xml:"description"`
		Content     string `xml:"content_loc"`
		Player      string `xml:"player_loc"`
		Duration    int    `xml:"duration"`
		Published   string `xml:"publication_date"`
	} `xml:"http://www.google.com/schemas/sitemap-video/1.1 video"`
	News *struct {
		Name      string `xml:"publication>name"`
		Language  string `xml:"publication>language"`
		Published string `xml:"publication_date"`
		Title     string `xml:"title"`
	} `xml:"http://www.google.com/schemas/sitemap-news/0.9 news"`
}

// setURLs returns the <url>s of every sitemap*.xml file in dir (the
// index's none), file by file.
func setURLs(t *testing.T, dir string) []mediaURL {
	t.Helper()
	var urls []mediaURL
	names, _ := filepath.Glob(filepath.Join(dir, "sitemap*.xml"))
	for _, name := range names {
		urls = append(urls, readMediaSet(t, name).URLs...)
	}
	return urls
}

func readMediaSet(t *testing.T, path string) mediaSet {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s mediaSet
	if err := xml.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}

// TestHugoVideosAndNews builds a real Hugo site whose pages say what they
// play and that they are articles the ways sites say it: Hugo's own
// opengraph.html (og:video from a page's videos, article:published_time),
// a layout's JSON-LD (a NewsArticle or a BlogPosting with its video
// nested in it, as themes write them) and a <video> element. The posts
// are dated when the test runs: an hour ago, two hours ago, three days
// ago. sitemapgen --videos --news-name lists the videos that have what
// the protocol needs, leaves out with a warning the one that has not,
// writes the news sitemap of the two posts of the last two days, and
// every file it writes is valid against the official schemas.
func TestHugoVideosAndNews(t *testing.T) {
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	src := filepath.Join(t.TempDir(), "site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "hugo-media"))); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Second)
	date := func(ago time.Duration) string { return now.Add(-ago).Format(time.RFC3339) }
	posts := map[string]string{
		// A NewsArticle with its video, which og:video names again.
		"grill.md": fmt.Sprintf(`---
title: "Grilling steaks & chops"
date: %s
description: Steaks and chops on the grill, step by step.
images: [/media/grill.jpg]
videos: [/media/grill.mp4]
video:
  name: "Grilling steaks & chops"
  description: "How to grill steaks, then chops."
  thumbnail: /media/grill.jpg
  file: /media/grill.mp4
  duration: PT4M10S
  uploaded: %s
---
The steaks first.
`, date(time.Hour), date(time.Hour)),
		// A BlogPosting with a <video> element that has no description.
		"clip.md": fmt.Sprintf(`---
title: A short clip
date: %s
schemaType: BlogPosting
clip:
  src: /media/clip.mp4
  poster: /media/clip.jpg
  title: The clip
---
Watch it.
`, date(2*time.Hour)),
		// Three days old: no longer news.
		"old.md": fmt.Sprintf(`---
title: Last week's news
date: %s
---
Old.
`, date(72*time.Hour)),
	}
	for name, body := range posts {
		write(t, filepath.Join(src, "content", "posts", name), body)
	}
	public := filepath.Join(src, "public")
	if out, err := exec.Command(hugo, "--source", src, "--destination", public, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}

	out := filepath.Join(t.TempDir(), "out")
	r := mustRun(t, "", "--videos", "--news-name", "Example News", "--base-url", "https://example.com/", "--out", out, public)
	sitemaptest.MustValidate(t, out)

	// The video of the grill post: JSON-LD's, og:video's file the same.
	var videos []string
	var urls int
	names, _ := filepath.Glob(filepath.Join(out, "sitemap-*.xml"))
	for _, name := range names {
		if strings.Contains(filepath.Base(name), "news") {
			continue
		}
		for _, u := range readMediaSet(t, name).URLs {
			urls++
			for _, v := range u.Videos {
				videos = append(videos, fmt.Sprintf("%s %s|%s|%s|%s|%d", u.Loc, v.Title, v.Description, v.Thumbnail, v.Content, v.Duration))
			}
		}
	}
	if urls == 0 { // a small set: sitemap.xml itself, or an index of one shard
		t.Fatalf("no URL read from %q", names)
	}
	want := []string{"https://example.com/posts/grill/ Grilling steaks & chops|How to grill steaks, then chops.|https://example.com/media/grill.jpg|https://example.com/media/grill.mp4|250"}
	if !slices.Equal(videos, want) {
		t.Errorf("videos:\n%q\nwant\n%q", videos, want)
	}
	if !strings.Contains(r.stderr, "posts/clip/index.html:19: warning: the video \"The clip\" (<video> at line 19)") || !strings.Contains(r.stderr, "is not in the video sitemap: it has no description") {
		t.Errorf("no warning for the clip without a description:\n%s", r.stderr)
	}

	// The news sitemap: the two posts of the last two days.
	news := readMediaSet(t, filepath.Join(out, "sitemap-news.xml"))
	var got []string
	for _, u := range news.URLs {
		if u.News == nil {
			t.Fatalf("%s: no news:news", u.Loc)
		}
		got = append(got, fmt.Sprintf("%s %s %s %s %s", u.Loc, u.News.Name, u.News.Language, u.News.Published, u.News.Title))
	}
	wantNews := []string{
		"https://example.com/posts/clip/ Example News en " + date(2*time.Hour) + " A short clip",
		"https://example.com/posts/grill/ Example News en " + date(time.Hour) + " Grilling steaks & chops",
	}
	if !slices.Equal(got, wantNews) {
		t.Errorf("news sitemap:\n%q\nwant\n%q", got, wantNews)
	}
	index, err := os.ReadFile(filepath.Join(out, "sitemap.xml"))
	if err != nil || !strings.Contains(string(index), "<loc>https://example.com/sitemap-news.xml</loc>") {
		t.Errorf("the index does not list the news sitemap (%v):\n%s", err, index)
	}

	// --explain says why the old post is not news, and what became of
	// the clip.
	x := mustRun(t, "", "--videos", "--news-name", "Example News", "--base-url", "https://example.com/", "--out", out,
		"--explain", filepath.Join(public, "posts", "old", "index.html"), "--explain", filepath.Join(public, "posts", "clip", "index.html"), public)
	for _, line := range []string{
		"  news:        not in the news sitemap: published " + date(72*time.Hour),
		"more than two days before the build",
		"  video:       the video \"The clip\" (<video> at line",
		"  news:        in the news sitemap: published " + date(2*time.Hour) + " (BlogPosting at line",
	} {
		if !strings.Contains(x.stdout, line) {
			t.Errorf("--explain does not say %q:\n%s", line, x.stdout)
		}
	}
}

// TestWatchVideosAndNews: watch mode keeps the video entries and the news
// sitemap current. An article that turns two days old while it runs
// leaves the news sitemap with no file changed (the last news sitemap is
// removed, and the index lists it no more); a new article and an edited
// video are rebuilt as any change is; and the files are a build's at the
// end.
func TestWatchVideosAndNews(t *testing.T) {
	article := func(headline string, published time.Time, description string) string {
		return fmt.Sprintf(`<!doctype html><html lang="en"><head><title>%s</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":%q,"datePublished":%q,
"video":{"@type":"VideoObject","name":"Clip of %s","description":%q,"thumbnailUrl":"/media/t.jpg","contentUrl":"/media/%s.mp4"}}</script>
</head><body><p>%s</p></body></html>
`, headline, headline, published.Format(time.RFC3339), headline, description, headline, headline)
	}
	now := time.Now().UTC().Truncate(time.Second)
	// Leaves the two days in ten seconds: time enough, under load, for
	// watch to start and list it first.
	dir, public := newSite(t, map[string]string{
		"a/index.html": article("a", now.Add(-48*time.Hour+10*time.Second), "first"),
		"b/index.html": page("b"),
	})
	args := []string{"--videos", "--news-name", "Daily", "--base-url", "https://example.com/", "--debounce", "50ms", "public"}
	p := startWatch(t, dir, args...)
	news := filepath.Join(public, "sitemap-news.xml")
	if _, err := os.Stat(news); err != nil {
		t.Fatalf("no news sitemap at start: %v", err)
	}

	// The clock's rewrite: a is two days old. Each step waits for the
	// state it makes, not for a count of rebuilds.
	index := func() string {
		data, _ := os.ReadFile(filepath.Join(public, "sitemap.xml"))
		return string(data)
	}
	p.until("the news sitemap gone after its only article turned two days old", func() bool {
		_, err := os.Stat(news)
		return err != nil && !strings.Contains(index(), "sitemap-news.xml")
	})
	if time.Now().Before(now.Add(10 * time.Second)) {
		t.Errorf("the article left the news sitemap before it was two days old")
	}

	write(t, filepath.Join(public, "b", "index.html"), article("b", time.Now().UTC().Add(-time.Minute), "second"))
	p.until("a news sitemap of the new article", func() bool {
		data, err := os.ReadFile(news)
		return err == nil && strings.Contains(string(data), "<loc>https://example.com/b/</loc>") &&
			strings.Contains(index(), "sitemap-news.xml")
	})
	if got := readMediaSet(t, news); len(got.URLs) != 1 || got.URLs[0].Loc != "https://example.com/b/" {
		t.Errorf("news sitemap after a new article: %+v", got.URLs)
	}
	write(t, filepath.Join(public, "a", "index.html"), article("a", now.Add(-72*time.Hour), "edited"))
	p.until("the edited video written", func() bool {
		shards, _ := filepath.Glob(filepath.Join(public, "sitemap-*.xml"))
		for _, s := range shards {
			if d, _ := os.ReadFile(s); strings.Contains(string(d), "<video:description>edited</video:description>") {
				return true
			}
		}
		return false
	})
	sitemaptest.MustValidate(t, public)
	p.stop(public)
	sameAsBuild(t, dir, public, args...)
	data, _ := os.ReadFile(filepath.Join(public, "sitemap.xml"))
	all := string(data)
	shards, _ := filepath.Glob(filepath.Join(public, "sitemap-*.xml"))
	for _, s := range shards {
		d, _ := os.ReadFile(s)
		all += string(d)
	}
	if !strings.Contains(all, "<video:description>edited</video:description>") {
		t.Errorf("the edited video's description is not in the sitemaps")
	}
}
