package writer

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// videos has a video with every field, values that need escaping (an
// "&" in a title and in URLs, "<", quotes, non-ASCII), dates in UTC and
// in another zone, two videos on one URL, one with a player and no
// file, one with a file and no player, and a URL without.
var videos = []sitemap.URL{
	{Loc: base + "a/", LastMod: day(1), Images: []sitemap.Image{{Loc: base + "a/poster.jpg"}}, Videos: []sitemap.Video{
		{
			ThumbnailLoc:         base + "a/thumb.jpg?w=320&h=180",
			Title:                `Grill & "chill": <live> at O'Reilly's`,
			Description:          "Caf\u00e9 cr\u00e8me, \u65e5\u672c\u8a9e & more",
			ContentLoc:           "https://cdn.example.net/v.mp4?a=1&b=2",
			PlayerLoc:            base + "player?v=1&autoplay=0",
			Duration:             600,
			ExpirationDate:       time.Date(2031, 11, 5, 19, 20, 30, 0, time.FixedZone("", 8*3600)),
			PublicationDate:      day(1),
			FamilyFriendly:       sitemap.FlagYes,
			RequiresSubscription: sitemap.FlagNo,
			Live:                 sitemap.FlagNo,
		},
		{ThumbnailLoc: base + "a/t2.jpg", Title: "Second", Description: "A player, no file.", PlayerLoc: "https://player.example.net/embed/42"},
	}},
	{Loc: base + "b/"},
	{Loc: base + "c/", Videos: []sitemap.Video{
		{ThumbnailLoc: base + "c/t.jpg", Title: "Live", Description: "A file, no player.", ContentLoc: base + "c/live.m3u8", Duration: 1, Live: sitemap.FlagYes, RequiresSubscription: sitemap.FlagYes, FamilyFriendly: sitemap.FlagNo},
	}},
}

// videoURLs returns n sorted URLs, each with a video.
func videoURLs(n int) []sitemap.URL {
	urls := numbered(n)
	for i := range urls {
		urls[i].Videos = []sitemap.Video{{
			ThumbnailLoc: urls[i].Loc + "?thumb", Title: fmt.Sprintf("Video %d & more", i), Description: "A video.",
			ContentLoc: urls[i].Loc + "?v=mp4", Duration: 30 + i,
		}}
	}
	return urls
}

// TestVideoElements: each child of <video:video> is written in the
// order of sitemap-video.xsd's sequence, only when set, escaped, dates
// in the set's format and in their own zone, the duration in whole
// seconds and the flags as yes or no.
func TestVideoElements(t *testing.T) {
	full := videos[0].Videos[0]
	// fullWant is full's children, with its dates as given.
	fullWant := func(expiration, publication string) []string {
		return []string{
			"<video:thumbnail_loc>https://example.com/a/thumb.jpg?w=320&amp;h=180</video:thumbnail_loc>",
			"<video:title>Grill &amp; &quot;chill&quot;: &lt;live&gt; at O&apos;Reilly&apos;s</video:title>",
			"<video:description>Caf\u00e9 cr\u00e8me, \u65e5\u672c\u8a9e &amp; more</video:description>",
			"<video:content_loc>https://cdn.example.net/v.mp4?a=1&amp;b=2</video:content_loc>",
			"<video:player_loc>https://example.com/player?v=1&amp;autoplay=0</video:player_loc>",
			"<video:duration>600</video:duration>",
			"<video:expiration_date>" + expiration + "</video:expiration_date>",
			"<video:publication_date>" + publication + "</video:publication_date>",
			"<video:family_friendly>yes</video:family_friendly>",
			"<video:requires_subscription>no</video:requires_subscription>",
			"<video:live>no</video:live>",
		}
	}
	for _, tt := range []struct {
		name   string
		v      sitemap.Video
		format sitemap.DateFormat
		want   []string // the children, in order
	}{
		{"every field", full, sitemap.DateTime, fullWant("2031-11-05T19:20:30+08:00", "2024-05-01T10:30:00Z")},
		{"dates as dates", full, sitemap.Date, fullWant("2031-11-05", "2024-05-01")},
		{"the required fields only", sitemap.Video{ThumbnailLoc: base + "t.jpg", Title: "T", Description: "D", PlayerLoc: base + "p"}, sitemap.DateTime, []string{
			"<video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>",
			"<video:title>T</video:title>",
			"<video:description>D</video:description>",
			"<video:player_loc>https://example.com/p</video:player_loc>",
		}},
		{"unset values left out", sitemap.Video{ThumbnailLoc: base + "t.jpg", Title: "T", Description: "D", ContentLoc: base + "v.mp4",
			Duration: -5, PublicationDate: time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC), FamilyFriendly: 9}, sitemap.DateTime, []string{
			"<video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>",
			"<video:title>T</video:title>",
			"<video:description>D</video:description>",
			"<video:content_loc>https://example.com/v.mp4</video:content_loc>",
		}},
		{"control characters and invalid UTF-8", sitemap.Video{ThumbnailLoc: base + "t.jpg", Title: "a\x00b\xffc\r", Description: "tab\tnl\n", PlayerLoc: base + "p"}, sitemap.DateTime, []string{
			"<video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>",
			"<video:title>a\uFFFDb\uFFFDc&#13;</video:title>",
			"<video:description>tab\tnl\n</video:description>",
			"<video:player_loc>https://example.com/p</video:player_loc>",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := string(appendVideos(nil, []sitemap.Video{tt.v}, tt.format))
			want := "    <video:video>\n      " + strings.Join(tt.want, "\n      ") + "\n    </video:video>\n"
			if got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestVideoNamespaces: the video namespace is declared in the urlset
// files of a set with videos, after the other extensions', and in no
// other set.
func TestVideoNamespaces(t *testing.T) {
	for _, tt := range []struct {
		name string
		urls []sitemap.URL
		want string // the attributes of <urlset> beyond xmlns
	}{
		{"none", sample, ""},
		{"images", images, ` xmlns:image="` + sitemap.ImageNamespace + `"`},
		{"videos", videos[1:], ` xmlns:video="` + sitemap.VideoNamespace + `"`},
		{"images and videos", videos, ` xmlns:image="` + sitemap.ImageNamespace + `" xmlns:video="` + sitemap.VideoNamespace + `"`},
		{"every extension", append(hreflang[:2:2], videos...), ` xmlns:xhtml="` + XHTMLNamespace + `" xmlns:image="` + sitemap.ImageNamespace + `" xmlns:video="` + sitemap.VideoNamespace + `"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := Write(sitemap.Slice(tt.urls), Options{Dir: dir, BaseURL: base, MaxURLs: 2}); err != nil {
				t.Fatal(err)
			}
			want := xmlDecl + `<urlset xmlns="` + sitemap.Namespace + `"` + tt.want + ">\n"
			for name, data := range files(t, dir) {
				if name == "sitemap.xml" {
					continue // the index
				}
				if !strings.HasPrefix(data, want) {
					t.Errorf("%s begins %q, want %q", name, data[:min(len(data), len(want)+40)], want)
				}
			}
			sitemaptest.MustValidate(t, dir)
		})
	}
}

// TestVideoSplitByBytes: a URL's videos count in the size of its
// element: every shard of a set of URLs with videos stays under
// max_bytes, plain and gzip, holds the URLs in order, and validates.
func TestVideoSplitByBytes(t *testing.T) {
	urls := videoURLs(60)
	one := len(appendURL(nil, &urls[0], sitemap.DateTime))
	header := urlsetHeader(false, false, true)
	max := len(header) + 3*one + len(urlsetClose) + 10 // three a file, not four
	if max >= len(header)+4*len(appendURL(nil, &urls[59], sitemap.DateTime))+len(urlsetClose) {
		t.Fatalf("elements of %d bytes: max_bytes %d fits four", one, max)
	}
	for _, gz := range []bool{false, true} {
		t.Run(fmt.Sprintf("gzip=%v", gz), func(t *testing.T) {
			dir := t.TempDir()
			res, err := Write(sitemap.Slice(urls), Options{Dir: dir, BaseURL: base, MaxBytes: max, Gzip: gz})
			if err != nil {
				t.Fatal(err)
			}
			if res.Shards != 20 {
				t.Errorf("%d shards of 60 URLs, want 20 of three", res.Shards)
			}
			for name, data := range files(t, dir) {
				if len(data) >= max {
					t.Errorf("%s has %d bytes, not under %d", name, len(data), max)
				}
			}
			locs, _, err := sitemaptest.Locs(dir, base)
			if err != nil {
				t.Fatal(err)
			}
			for i := range urls {
				if i >= len(locs) || locs[i] != urls[i].Loc {
					t.Fatalf("URLs read back as %q", locs)
				}
			}
			sitemaptest.MustValidate(t, dir)
		})
	}
}

// TestVideoValidate: the video entries Write writes pass sitemapgen's
// own validate as they pass the official schema (MustValidate).
func TestVideoValidate(t *testing.T) {
	dir := t.TempDir()
	urls := append(videoURLs(3), videos...)
	for i := range urls {
		urls[i].Loc = fmt.Sprintf("%s%d/", base, i) // sorted, the videos' URLs kept
	}
	for _, format := range []sitemap.DateFormat{sitemap.DateTime, sitemap.Date} {
		if _, err := Write(sitemap.Slice(urls), Options{Dir: dir, BaseURL: base, MaxURLs: 4, LastModFormat: format}); err != nil {
			t.Fatal(err)
		}
		problems, _, err := validate.Check([]string{dir}, validate.Options{BaseURL: base})
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) > 0 {
			t.Errorf("format %v: %d problems, the first: %s", format, len(problems), problems[0])
		}
		sitemaptest.MustValidate(t, dir)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "sitemap.xml")); err != nil || !strings.Contains(string(data), "<sitemapindex") {
		t.Fatalf("want an index of shards: %v", err)
	}
}

// knowing is URLs that say whether they have alternates and images, as
// a build's records do, and leave videos to be found.
type knowing struct {
	sitemap.Slice
	alternates, images bool
}

func (k knowing) HasAlternates() bool { return k.alternates }
func (k knowing) HasImages() bool     { return k.images }

// TestExtensions: the namespaces a set needs are what the URLs say of
// themselves where they say it, and else what they hold, wherever it is.
func TestExtensions(t *testing.T) {
	last := numbered(5)
	last[4].Videos = videos[2].Videos
	last[3].Images = images[0].Images
	for _, tt := range []struct {
		name string
		urls sitemap.URLs
		want [3]bool
	}{
		{"none", sitemap.Slice(sample), [3]bool{}},
		{"each at the end", sitemap.Slice(append(slices.Clone(last[:4]), hreflang[0], last[4])), [3]bool{true, true, true}},
		{"videos past the images", sitemap.Slice(last), [3]bool{false, true, true}},
		{"said, and videos found", knowing{Slice: last, alternates: true}, [3]bool{true, false, true}},
		{"said, and no videos", knowing{Slice: sample, images: true}, [3]bool{false, true, false}},
	} {
		a, i, v := extensions(tt.urls)
		if got := [3]bool{a, i, v}; got != tt.want {
			t.Errorf("%s: alternates, images, videos %v, want %v", tt.name, got, tt.want)
		}
	}
}
