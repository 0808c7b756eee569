package writer

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// articles are news articles among other pages: values that need
// escaping, dates in UTC and in another zone, a Chinese publication,
// and an article with an image and a video (in the urlset, not in the
// news sitemap).
var articles = []sitemap.URL{
	{Loc: base, LastMod: day(3), ChangeFreq: sitemap.Daily},
	{Loc: base + "about/"},
	{Loc: base + "news/a&b.html", LastMod: day(3), Priority: mustPriority(0.8), News: &sitemap.News{
		PublicationName: "The Example Times & Co", Language: "en", PublicationDate: day(2), Title: `Companies A, B in "merger" <talks>`}},
	{Loc: base + "news/caf%C3%A9.html", Images: images[0].Images, Videos: videos[2].Videos, News: &sitemap.News{
		PublicationName: "\u4f8b\u5b50\u65f6\u62a5", Language: "zh-cn", PublicationDate: time.Date(2024, 5, 3, 8, 0, 0, 0, time.FixedZone("", 8*3600)), Title: "\u65e5\u672c\u8a9e 'quoted'"}},
}

// newsURLs returns n sorted URLs, each an article but those at the
// places that plain (when not nil) reports.
func newsURLs(n int, plain func(i int) bool) []sitemap.URL {
	urls := numbered(n)
	for i := range urls {
		if plain == nil || !plain(i) {
			urls[i].News = &sitemap.News{PublicationName: "The Example Times", Language: "en", PublicationDate: urls[i].LastMod, Title: fmt.Sprintf("Article %d", i)}
		}
	}
	return urls
}

// indexEntries returns the names of the files the index at dir lists,
// in order, shards' without their digest.
func indexEntries(t *testing.T, dir, name string) []string {
	t.Helper()
	idx, err := sitemaptest.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if idx.Root != "sitemapindex" {
		t.Fatalf("%s is a %s, not an index", name, idx.Root)
	}
	var got []string
	for _, e := range idx.Entries {
		got = append(got, plainName(strings.TrimPrefix(e.Loc, base)))
	}
	return got
}

// newsLocs returns the <loc>s of the news file at path, failing when one
// of its <url>s has no <news:news> or has anything but a <loc> beside it.
func newsLocs(t *testing.T, path string) []string {
	t.Helper()
	var locs []string
	for _, e := range entries(t, path) {
		if e.News == nil || e.LastMod != "" || e.ChangeFreq != "" || e.Priority != "" || len(e.Links) > 0 || len(e.Videos) > 0 {
			t.Fatalf("%s: %s has %+v: want a <loc> and a <news:news> alone", path, e.Loc, e)
		}
		locs = append(locs, e.Loc)
	}
	return locs
}

// TestNewsSplit: the articles go to sitemap-news.xml, and past 1,000 (or
// max_urls, or max_bytes) to sitemap-news-2.xml and up, in loc order,
// listed first by the index; the urlset keeps every URL without its
// news. Every file validates, with sitemapgen's validate (no article
// taken for a duplicate of its page) and the official schemas.
func TestNewsSplit(t *testing.T) {
	for _, tt := range []struct {
		name  string
		n     int
		opts  Options
		files []int // URLs in each news file
	}{
		{"1,000", 1000, Options{}, []int{1000}},
		{"1,001", 1001, Options{}, []int{1000, 1}},
		{"1,001 gzip", 1001, Options{Gzip: true}, []int{1000, 1}},
		{"max_urls", 700, Options{MaxURLs: 300}, []int{300, 300, 100}},
		{"more than a window of the parallel encoding", 2100, Options{MaxURLs: 800, State: NewState()}, []int{800, 800, 500}},
		{"max_bytes", 40, Options{MaxBytes: 5000}, nil}, // several, each under the limit
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			urls := newsURLs(tt.n, nil)
			opts := tt.opts
			opts.Dir, opts.BaseURL = dir, base
			res, err := Write(sitemap.Slice(urls), opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.NewsURLs != tt.n {
				t.Errorf("NewsURLs %d, want %d", res.NewsURLs, tt.n)
			}
			ext := ".xml"
			if opts.Gzip {
				ext += ".gz"
			}
			listed := indexEntries(t, dir, "sitemap"+ext)
			var news, all []string
			for k := 1; k <= len(listed) && strings.HasPrefix(listed[k-1], "sitemap-news"); k++ {
				name := newsName(k, ext)
				if listed[k-1] != name {
					t.Fatalf("index entry %d is %s, want %s", k, listed[k-1], name)
				}
				locs := newsLocs(t, filepath.Join(dir, name))
				if tt.files != nil && (len(tt.files) < k || len(locs) != tt.files[k-1]) {
					t.Errorf("%s holds %d URLs, want %v a file", name, len(locs), tt.files)
				}
				if data, _ := sitemaptest.ReadBytes(filepath.Join(dir, name)); opts.MaxBytes > 0 && len(data) >= opts.MaxBytes {
					t.Errorf("%s has %d bytes, not under %d", name, len(data), opts.MaxBytes)
				}
				news = append(news, name)
				all = append(all, locs...)
			}
			if tt.files != nil && len(news) != len(tt.files) || tt.files == nil && len(news) < 2 {
				t.Errorf("news files %q, want %v URLs a file", news, tt.files)
			}
			for i, u := range urls {
				if i >= len(all) || all[i] != u.Loc {
					t.Fatalf("the news files hold %d URLs, not the %d articles in order", len(all), len(urls))
				}
			}
			if !slices.Equal(res.Written[len(res.Written)-1-len(news):len(res.Written)-1], news) {
				t.Errorf("written %q: want the news files just before the index", res.Written)
			}
			locs, _, err := sitemaptest.Locs(dir, base)
			if err != nil || len(locs) != tt.n {
				t.Errorf("the urlsets hold %d URLs (%v), want %d", len(locs), err, tt.n)
			}
			problems, _, err := validate.Check([]string{dir}, validate.Options{BaseURL: base})
			if err != nil || len(problems) > 0 {
				t.Errorf("validate: %v %v", err, problems)
			}
			sitemaptest.MustValidate(t, dir)
		})
	}
}

// TestNewsSmallSite: one article makes the entry file an index, however
// few the URLs; without articles, no news file is written or listed,
// the one an earlier Write wrote is removed, and sitemap.xml is a urlset
// again. Fewer news files remove the ones past them.
func TestNewsSmallSite(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Dir: dir, BaseURL: base}
	res, err := Write(sitemap.Slice(articles), opts)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sitemap-1.xml", "sitemap-news.xml", "sitemap.xml"}; !slices.Equal(plain(res.Written), want) || res.NewsURLs != 2 {
		t.Errorf("written %q, %d news URLs; want %q, 2", res.Written, res.NewsURLs, want)
	}
	if got := indexEntries(t, dir, "sitemap.xml"); !slices.Equal(got, []string{"sitemap-news.xml", "sitemap-1.xml"}) {
		t.Errorf("index lists %q", got)
	}
	sitemaptest.MustValidate(t, dir)

	plainURLs := slices.Clone(articles)
	for i := range plainURLs {
		plainURLs[i].News = nil
	}
	res, err = Write(sitemap.Slice(plainURLs), opts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Written, []string{"sitemap.xml"}) || !slices.Contains(res.Removed, "sitemap-news.xml") || res.NewsURLs != 0 {
		t.Errorf("without news: written %q, removed %q, %d news URLs", res.Written, res.Removed, res.NewsURLs)
	}
	if got := names(files(t, dir)); !slices.Equal(got, []string{"sitemap.xml"}) {
		t.Errorf("without news: files %q", got)
	}
	if f, err := sitemaptest.ReadFile(filepath.Join(dir, "sitemap.xml")); err != nil || f.Root != "urlset" || len(f.Entries) != len(articles) {
		t.Errorf("without news: sitemap.xml %+v, %v; want the urlset", f, err)
	}
	if recorded, _ := Recorded(dir); slices.Contains(recorded, "sitemap-news.xml") {
		t.Errorf("the record still lists sitemap-news.xml: %q", recorded)
	}

	if _, err := Write(sitemap.Slice(newsURLs(1001, nil)), opts); err != nil {
		t.Fatal(err)
	}
	res, err = Write(sitemap.Slice(newsURLs(1000, nil)), opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "sitemap-news-2.xml")); err == nil || !slices.Contains(res.Removed, "sitemap-news-2.xml") {
		t.Errorf("1,001 articles, then 1,000: removed %q", res.Removed)
	}
	sitemaptest.MustValidate(t, dir)
}

// TestNewsIndexOrder: the index lists the news files, then the
// sections' shards, the other shards and the other applications'
// sitemaps; the news files hold the articles in loc order, whatever
// section their pages are in. A section named news keeps its shards,
// sitemap-news-N-HASH.xml, apart from the news files.
func TestNewsIndexOrder(t *testing.T) {
	dir := t.TempDir()
	urls := newsURLs(9, func(i int) bool { return i%3 == 2 })
	of := []int{2, 1, 0, 2, 1, 0, 2, 1, 0}
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 2, Sections: []string{"blog", "news"}, Section: bySection(of), Extra: []string{base + "shop/sitemap.xml"}}
	if _, err := Write(sitemap.Slice(urls), opts); err != nil {
		t.Fatal(err)
	}
	want := []string{"sitemap-news.xml", "sitemap-news-2.xml", "sitemap-news-3.xml",
		"sitemap-blog-1.xml", "sitemap-blog-2.xml", "sitemap-news-1.xml", "sitemap-news-2.xml", "sitemap-1.xml", "sitemap-2.xml", "shop/sitemap.xml"}
	if got := indexEntries(t, dir, "sitemap.xml"); !slices.Equal(got, want) {
		t.Errorf("index lists %q\nwant %q", got, want)
	}
	var news []string
	for k := 1; k <= 3; k++ {
		news = append(news, newsLocs(t, filepath.Join(dir, newsName(k, ".xml")))...)
	}
	want = nil
	for _, u := range urls {
		if u.News != nil {
			want = append(want, u.Loc)
		}
	}
	if !slices.Equal(news, want) {
		t.Errorf("news files hold %q\nwant %q", news, want)
	}
	sitemaptest.MustValidate(t, dir)
}

// TestNewsNamespaces: a news file declares the news namespace and no
// other, though its articles have images and videos; the urlset
// declares theirs and not the news namespace.
func TestNewsNamespaces(t *testing.T) {
	dir := t.TempDir()
	if _, err := Write(sitemap.Slice(articles), Options{Dir: dir, BaseURL: base}); err != nil {
		t.Fatal(err)
	}
	got := files(t, dir)
	if !strings.HasPrefix(got["sitemap-news.xml"], newsOpen) {
		t.Errorf("sitemap-news.xml begins %q", got["sitemap-news.xml"][:200])
	}
	if shard := got["sitemap-1.xml"]; !strings.HasPrefix(shard, urlsetHeader(false, true, true)) || strings.Contains(shard, "news:") {
		t.Errorf("sitemap-1.xml:\n%s", shard)
	}
}

// TestNewsNotOurs: a sitemap-news.xml that sitemapgen did not write (the
// site's own, another tool's) fails a Write with articles before
// anything is put in place, and stays as it is; a Write without articles
// leaves it alone. Once it is gone, the news file is sitemapgen's.
func TestNewsNotOurs(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sitemap-news.xml")
	theirs := []byte("<urlset/>\n")
	if err := os.WriteFile(path, theirs, 0o644); err != nil {
		t.Fatal(err)
	}
	opts := Options{Dir: dir, BaseURL: base}
	for _, o := range []Options{opts, {Dir: dir, BaseURL: base, DryRun: true}, {Dir: dir, BaseURL: base, State: NewState()}} {
		_, err := Write(sitemap.Slice(articles), o)
		if err == nil || !strings.Contains(err.Error(), path+": no news sitemap written: the file is not one sitemapgen wrote") {
			t.Fatalf("Write: %v", err)
		}
		if got := names(files(t, dir)); !slices.Equal(got, []string{"sitemap-news.xml"}) {
			t.Errorf("files after the failure: %q", got)
		}
	}
	if _, err := Write(sitemap.Slice(sample), opts); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); !bytes.Equal(data, theirs) {
		t.Error("their sitemap-news.xml was changed")
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := Write(sitemap.Slice(articles), opts); err != nil {
			t.Fatal(err)
		}
	}
	sitemaptest.MustValidate(t, dir)
}

// TestNewsState: with a State (watch mode), a change to an article's
// news rewrites the news file alone and counts the URL as changed; a
// change elsewhere leaves the news file; news gone removes it, news back
// writes it. After every step the folder holds what a fresh Write
// writes.
func TestNewsState(t *testing.T) {
	dir := t.TempDir()
	urls := newsURLs(30, func(i int) bool { return i%2 == 1 })
	opts := Options{Dir: dir, BaseURL: base, MaxURLs: 20, State: NewState()}
	step := func(what string, written []string, changes URLChanges) {
		t.Helper()
		res, err := Write(sitemap.Slice(urls), opts)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(plain(res.Written), written) || res.URLChanges != nil && *res.URLChanges != changes {
			t.Errorf("%s: written %q, changes %+v; want %q, %+v", what, res.Written, res.URLChanges, written, changes)
		}
		sameAsFresh(t, what, urls, opts, dir)
		sitemaptest.MustValidate(t, dir)
	}
	step("first", []string{"sitemap-1.xml", "sitemap-2.xml", "sitemap-news.xml", "sitemap.xml"}, URLChanges{})
	step("same", nil, URLChanges{})

	urls[4].News = &sitemap.News{PublicationName: "The Example Times", Language: "en", PublicationDate: urls[4].LastMod, Title: "A new title"}
	step("a title", []string{"sitemap-news.xml"}, URLChanges{Changed: 1})

	urls[4].News.Title += " again" // in place
	step("a title in place", []string{"sitemap-news.xml"}, URLChanges{Changed: 1})

	urls[5].LastMod = day(20) // no article
	step("a page's lastmod", []string{"sitemap-1.xml", "sitemap.xml"}, URLChanges{Changed: 1})

	// The news file's newest date, its index entry's lastmod, stays
	// urls[28]'s.
	urls[7].News = &sitemap.News{PublicationName: "The Example Times", Language: "en", PublicationDate: urls[7].LastMod, Title: "Now an article"}
	urls[6].News = nil
	step("an article more, one less", []string{"sitemap-news.xml"}, URLChanges{Changed: 2})

	urls[8].News.PublicationDate = day(25)
	step("a publication date newer than the file's", []string{"sitemap-news.xml", "sitemap.xml"}, URLChanges{Changed: 1})

	saved := make([]*sitemap.News, len(urls))
	for i := range urls {
		saved[i], urls[i].News = urls[i].News, nil
	}
	step("no news", []string{"sitemap.xml"}, URLChanges{Changed: 15})
	if _, err := os.Stat(filepath.Join(dir, "sitemap-news.xml")); err == nil {
		t.Error("no news: sitemap-news.xml is still there")
	}
	for i := range urls {
		urls[i].News = saved[i]
	}
	step("news back", []string{"sitemap-news.xml", "sitemap.xml"}, URLChanges{Changed: 15})
}

// TestNewsCheckAndDryRun: --check reports a news file edited by hand and
// one it would remove; a dry run names the news files, counts the
// articles and writes nothing.
func TestNewsCheckAndDryRun(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Dir: dir, BaseURL: base}
	res, err := Write(sitemap.Slice(articles), Options{Dir: dir, BaseURL: base, DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"sitemap-1.xml", "sitemap-news.xml", "sitemap.xml"}; !slices.Equal(plain(res.Written), want) || res.NewsURLs != 2 || len(files(t, dir)) != 0 {
		t.Errorf("dry run: written %q, %d news URLs, files %q", res.Written, res.NewsURLs, names(files(t, dir)))
	}
	if _, err := Write(sitemap.Slice(articles), opts); err != nil {
		t.Fatal(err)
	}
	check := opts
	check.Check = true
	if res, err := Write(sitemap.Slice(articles), check); err != nil || len(res.Differ) != 0 {
		t.Errorf("check, unchanged: differ %q (%v)", res.Differ, err)
	}
	path := filepath.Join(dir, "sitemap-news.xml")
	data, _ := os.ReadFile(path)
	if err := os.WriteFile(path, bytes.Replace(data, []byte("merger"), []byte("MERGER"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if res, err := Write(sitemap.Slice(articles), check); err != nil || !slices.Equal(res.Differ, []string{"sitemap-news.xml"}) {
		t.Errorf("check, edited: differ %q (%v)", res.Differ, err)
	}
	if res, err := Write(sitemap.Slice(sample), check); err != nil || !slices.Contains(res.Differ, "sitemap-news.xml") || !slices.Contains(res.Removed, "sitemap-news.xml") {
		t.Errorf("check, no news: differ %q, removed %q (%v)", res.Differ, res.Removed, err)
	}
}

// TestNewsRobots: robots.txt names the index, not the news files, which
// the index lists; a Sitemap: line for sitemap-news.xml is the site's own
// (sitemapgen never writes one): kept by a Write with Robots, with news
// or without, and never reported as a line of sitemapgen's that names a
// missing file.
func TestNewsRobots(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "robots.txt")
	theirs := "User-agent: *\nSitemap: " + base + "sitemap-news.xml\n"
	if err := os.WriteFile(path, []byte(theirs), 0o644); err != nil {
		t.Fatal(err)
	}
	if dead := DeadRobotsLines(dir, robots.Load(dir, robots.MaxBytes).Sitemaps(), base); len(dead) != 0 {
		t.Errorf("dead lines %+v: the news line is not sitemapgen's", dead)
	}
	opts := Options{Dir: dir, BaseURL: base, Robots: true}
	want := theirs + "\nSitemap: " + base + "sitemap.xml\n"
	for _, urls := range [][]sitemap.URL{sample, articles, sample} {
		if _, err := Write(sitemap.Slice(urls), opts); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); string(got) != want {
			t.Errorf("robots.txt:\n%s\nwant:\n%s", got, want)
		}
	}
}
