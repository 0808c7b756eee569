package mapping

import (
	"slices"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
)

func TestSourcePolicy(t *testing.T) {
	now := time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)
	past, future := now.AddDate(0, -1, 0), now.AddDate(0, 1, 0)
	prio := func(f float64) sitemap.Priority {
		p, err := sitemap.PriorityOf(f)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name string
		opts Options
		src  frontmatter.Source
		skip Reason
	}{
		{name: "plain", src: frontmatter.Source{Format: "yaml"}},
		{name: "draft", src: frontmatter.Source{Draft: true}, skip: Draft},
		{name: "draft kept", opts: Options{KeepDrafts: true}, src: frontmatter.Source{Draft: true}},
		{name: "unpublished", src: frontmatter.Source{Unpublished: true}, skip: Draft},
		{name: "sitemap false", src: frontmatter.Source{Sitemap: frontmatter.SitemapBlock{Exclude: true}}, skip: SitemapExcluded},
		{name: "sitemap false beats drafts", opts: Options{KeepDrafts: true}, src: frontmatter.Source{Draft: true, Sitemap: frontmatter.SitemapBlock{Exclude: true}}, skip: SitemapExcluded},
		{name: "future date", src: frontmatter.Source{Date: future}, skip: Future},
		{name: "future date kept", opts: Options{KeepFuture: true}, src: frontmatter.Source{Date: future}},
		{name: "past date", src: frontmatter.Source{Date: past}},
		{name: "future publishDate", src: frontmatter.Source{Date: past, PublishDate: future}, skip: Future},
		{name: "past publishDate wins over a future date", src: frontmatter.Source{Date: future, PublishDate: past}},
		{name: "expired", src: frontmatter.Source{ExpiryDate: past}, skip: Expired},
		{name: "not yet expired", src: frontmatter.Source{ExpiryDate: future}},
		{name: "expired kept", opts: Options{KeepFuture: true}, src: frontmatter.Source{ExpiryDate: past}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.BaseURL, tt.opts.Now = "https://example.com/", now
			m, err := New(tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			src := tt.src
			d := m.Map(Page{File: walker.File{Path: "posts/a.md"}, Source: &src, URLPath: "/posts/a/"})
			if d.Skip != tt.skip {
				t.Errorf("skip %q (%s), want %q", d.Skip, d.Because, tt.skip)
			}
			if d.Skip != "" && d.Because == "" {
				t.Error("a skip without a reason given")
			}
			if d.URL.Loc != "https://example.com/posts/a/" {
				t.Errorf("loc %s, want the preset's URL", d.URL.Loc)
			}
		})
	}

	// The sitemap: block overrides the rules, value by value.
	rule := Rule{Match: "posts/**", ChangeFreq: sitemap.Weekly, Priority: prio(0.8)}
	m, err := New(Options{BaseURL: "https://example.com/", Rules: []Rule{rule}})
	if err != nil {
		t.Fatal(err)
	}
	src := frontmatter.Source{Sitemap: frontmatter.SitemapBlock{Priority: prio(0.3)}}
	d := m.Map(Page{File: walker.File{Path: "posts/a.md"}, Source: &src, URLPath: "/posts/a/"})
	if d.URL.ChangeFreq != sitemap.Weekly || d.URL.Priority != prio(0.3) || d.Rule != 1 || d.ChangeFreqFromSource || !d.PriorityFromSource {
		t.Errorf("changefreq %v priority %v rule %d from front matter %v %v; want weekly from the rule, 0.3 from the front matter", d.URL.ChangeFreq, d.URL.Priority, d.Rule, d.ChangeFreqFromSource, d.PriorityFromSource)
	}
	src = frontmatter.Source{Sitemap: frontmatter.SitemapBlock{ChangeFreq: sitemap.Daily}}
	d = m.Map(Page{File: walker.File{Path: "posts/a.md"}, Source: &src, URLPath: "/posts/a/"})
	if d.URL.ChangeFreq != sitemap.Daily || d.URL.Priority != prio(0.8) {
		t.Errorf("changefreq %v priority %v; want daily from the front matter, 0.8 from the rule", d.URL.ChangeFreq, d.URL.Priority)
	}
}

func TestLastModFrontMatter(t *testing.T) {
	mtime := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	fmDate := time.Date(2023, 3, 4, 5, 6, 7, 0, time.FixedZone("", 2*3600))
	blockDate := time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC)
	meta := `<meta property="article:modified_time" content="2023-06-07T08:09:10+02:00">`
	tests := []struct {
		name    string
		sources []LastModSource
		src     *frontmatter.Source
		want    time.Time
		from    string
	}{
		{"front matter first", nil, &frontmatter.Source{Lastmod: fmDate, LastmodKey: "lastmod"}, fmDate.UTC(), "front matter lastmod"},
		{"sitemap.lastmod wins", nil, &frontmatter.Source{Lastmod: fmDate, LastmodKey: "lastmod", Sitemap: frontmatter.SitemapBlock{Lastmod: blockDate}}, blockDate, "front matter sitemap.lastmod"},
		{"no date: meta next", nil, &frontmatter.Source{}, time.Date(2023, 6, 7, 6, 9, 10, 0, time.UTC), "meta article:modified_time"},
		{"no source: meta next", nil, nil, time.Date(2023, 6, 7, 6, 9, 10, 0, time.UTC), "meta article:modified_time"},
		{"order set by the user", []LastModSource{LastModMeta, LastModFrontMatter}, &frontmatter.Source{Lastmod: fmDate, LastmodKey: "date"}, time.Date(2023, 6, 7, 6, 9, 10, 0, time.UTC), "meta article:modified_time"},
		{"mtime before front matter", []LastModSource{LastModMTime, LastModFrontMatter}, &frontmatter.Source{Lastmod: fmDate, LastmodKey: "date"}, mtime, "mtime"},
	}
	for _, tt := range tests {
		m, err := New(Options{BaseURL: "https://example.com/", LastMod: tt.sources})
		if err != nil {
			t.Fatal(err)
		}
		d := m.Map(Page{File: walker.File{Path: "a.html", ModTime: mtime}, Head: head(t, meta), Source: tt.src})
		if !d.URL.LastMod.Equal(tt.want) || d.LastModFrom != tt.from || d.URL.LastMod.Location() != time.UTC {
			t.Errorf("%s: lastmod %v from %q, want %v from %q", tt.name, d.URL.LastMod, d.LastModFrom, tt.want, tt.from)
		}
	}
	if _, err := ParseLastModSource("frontmatter"); err != nil {
		t.Error(err)
	}

	// A date after the build is no lastmod: the next source answers, and
	// a warning says why; a date within a day of the build (written
	// without its zone east of UTC) is taken.
	now := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	event := time.Date(2099, 1, 1, 0, 0, 0, 0, time.UTC)
	m, _ := New(Options{BaseURL: "https://example.com/", Now: now})
	d := m.Map(Page{File: walker.File{Path: "a.html", ModTime: mtime}, Head: head(t, `<meta property="article:modified_time" content="2099-02-02">`),
		Source: &frontmatter.Source{Lastmod: event, LastmodKey: "date"}, Git: blockDate})
	want := []string{"front matter date 2099-01-01T00:00:00Z is in the future: not a lastmod", "meta article:modified_time 2099-02-02T00:00:00Z is in the future: not a lastmod"}
	if !d.URL.LastMod.Equal(blockDate) || d.LastModFrom != "git" || !slices.Equal(d.Warnings, want) {
		t.Errorf("future dates: lastmod %v from %q, warnings %q; want %v from git, %q", d.URL.LastMod, d.LastModFrom, d.Warnings, blockDate, want)
	}
	tomorrow := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	d = m.Map(Page{File: walker.File{Path: "a.html"}, Source: &frontmatter.Source{Lastmod: tomorrow, LastmodKey: "date"}})
	if !d.URL.LastMod.Equal(tomorrow) || len(d.Warnings) > 0 {
		t.Errorf("a date hours ahead: lastmod %v, warnings %q; want it taken", d.URL.LastMod, d.Warnings)
	}

	// Every source passes the same check: a state file's 9999-12-31, a
	// commit dated ahead, a file time from a clock set wrong.
	far := time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
	m, _ = New(Options{BaseURL: "https://example.com/", Now: now, LastMod: []LastModSource{LastModHash, LastModGit, LastModMTime}})
	d = m.Map(Page{File: walker.File{Path: "a.html", ModTime: event}, Git: event,
		Hash: func(string) (time.Time, bool) { return far, true }})
	want = []string{
		"hash (state file) 9999-12-31T00:00:00Z is in the future: not a lastmod",
		"git 2099-01-01T00:00:00Z is in the future: not a lastmod",
		"mtime 2099-01-01T00:00:00Z is in the future: not a lastmod",
	}
	if !d.URL.LastMod.IsZero() || !slices.Equal(d.Warnings, want) {
		t.Errorf("future dates of every source: lastmod %v from %q, warnings %q; want none, %q", d.URL.LastMod, d.LastModFrom, d.Warnings, want)
	}
}
