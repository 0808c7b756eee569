package pipeline

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Each pass of passes.go, built from literals and run on records made
// from literals: what it keeps of the order, what it returns, and what
// it says. golangci-lint's processor tests are the model: a table of
// inputs and the output each gives.

// page is a listed page of a pass's table test.
type page struct {
	path, loc string
	// lastmod is a day (2006-01-02), or "" for none. src is its source.
	lastmod string
	src     mapping.LastModSource
	// alts are the hreflang alternates its head declares.
	alts []sitemap.Alternate
	// from names the head's source of a date by meta (LastModFrom), and
	// lang is the page's language.
	from, lang string
}

// pageRecords returns the records of pages, sorted, as the walk and the
// sort pass leave them.
func pageRecords(t *testing.T, pages ...page) *records {
	t.Helper()
	recs := &records{}
	for _, p := range pages {
		d := &mapping.Decision{URL: sitemap.URL{Loc: p.loc, Alternates: p.alts}, Form: mapping.FormUnknown, LastModSource: p.src, LastModFrom: p.from}
		if p.lastmod != "" {
			day, err := time.Parse(time.DateOnly, p.lastmod)
			if err != nil {
				t.Fatal(err)
			}
			d.URL.LastMod = day
		}
		idx := recs.add(p.path, d)
		if p.from != "" || p.lang != "" {
			recs.setMeta(idx, d, p.lang)
		}
	}
	recs.sort()
	return recs
}

// orderLocs returns the URLs of recs in order.
func orderLocs(recs *records) []string {
	var locs []string
	for _, idx := range recs.order {
		locs = append(locs, recs.loc(idx))
	}
	return locs
}

// said returns what found tells, a line a finding, as the reports
// would say it.
func said(found findings) []string {
	var lines []string
	for _, f := range found {
		switch f.kind {
		case findWarn:
			lines = append(lines, fmt.Sprintf("warn %s: %v", f.path, f.err))
		case findSkip:
			lines = append(lines, fmt.Sprintf("skip %s (%s): %s", f.path, f.reason, f.text))
		case findNote:
			lines = append(lines, fmt.Sprintf("note %s: %s", f.path, f.text))
		case findLeftOut:
			lines = append(lines, "left out "+f.loc)
		}
	}
	return lines
}

// checkPass compares what a pass left in the order and what it said
// with the table's.
func checkPass(t *testing.T, recs *records, found findings, wantOrder, wantSaid []string) {
	t.Helper()
	if got := orderLocs(recs); !slices.Equal(got, wantOrder) {
		t.Errorf("order:\n got %q\nwant %q", got, wantOrder)
	}
	if got := said(found); !slices.Equal(got, wantSaid) {
		t.Errorf("said:\n got %q\nwant %q", got, wantSaid)
	}
}

const ex = "https://example.com/"

func TestDedupPassTable(t *testing.T) {
	tests := []struct {
		name      string
		pass      dedupPass
		pages     []page
		only      map[string]bool
		wantOrder []string
		wantSaid  []string
	}{{
		name:      "no duplicate",
		pages:     []page{{path: "a.html", loc: ex + "a"}, {path: "b.html", loc: ex + "b"}},
		wantOrder: []string{ex + "a", ex + "b"},
	}, {
		name:      "one URL from two files: the first by path is kept",
		pages:     []page{{path: "b/index.html", loc: ex + "b/"}, {path: "a.html", loc: ex + "b/"}},
		wantOrder: []string{ex + "b/"},
		wantSaid: []string{
			"warn b/index.html: duplicate URL https://example.com/b/ (also from a.html); listed once",
			"skip b/index.html (duplicate URL): also https://example.com/b/ from a.html",
		},
	}, {
		name:      "an update says only the duplicates of the pages it read",
		pages:     []page{{path: "b/index.html", loc: ex + "b/"}, {path: "a.html", loc: ex + "b/"}},
		only:      map[string]bool{"c.html": true},
		wantOrder: []string{ex + "b/"},
	}, {
		name:      "clean URLs: a page beside its folder is one URL, the folder's",
		pass:      dedupPass{cleanURLs: true},
		pages:     []page{{path: "a.html", loc: ex + "a"}, {path: "a/index.html", loc: ex + "a/"}},
		wantOrder: []string{ex + "a/"},
		wantSaid: []string{
			"warn a.html: duplicate URL https://example.com/a: hosts serve it as https://example.com/a/ (from a/index.html); listed once, as that",
			"skip a.html (duplicate URL): also https://example.com/a/ from a/index.html",
		},
	}, {
		name:      "without clean URLs, a page beside its folder is two",
		pages:     []page{{path: "a.html", loc: ex + "a"}, {path: "a/index.html", loc: ex + "a/"}},
		wantOrder: []string{ex + "a", ex + "a/"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.pass
			p.explain = &explainer{}
			recs := pageRecords(t, tc.pages...)
			found := p.run(recs, tc.only)
			checkPass(t, recs, found, tc.wantOrder, tc.wantSaid)
		})
	}
}

// robotsJudge returns the judge of the robots.txt text for any crawler.
func robotsJudge(t *testing.T, text string) *robots.Judge {
	t.Helper()
	rules, err := robots.Read("robots.txt", []byte(text), 1<<20).Rules()
	if err != nil {
		t.Fatal(err)
	}
	return robots.NewJudge(rules, "*")
}

func TestRobotsPassTable(t *testing.T) {
	pages := []page{{path: "a.html", loc: ex + "a"}, {path: "private/b.html", loc: ex + "private/b"}}
	tests := []struct {
		name      string
		robotsTxt string // "" for none
		warnOnly  bool
		only      map[string]bool
		wantOrder []string
		wantSaid  []string
	}{{
		name:      "no robots.txt",
		wantOrder: []string{ex + "a", ex + "private/b"},
	}, {
		name:      "a disallowed page is left out",
		robotsTxt: "User-agent: *\nDisallow: /private/\n",
		wantOrder: []string{ex + "a"},
		wantSaid: []string{
			"skip private/b.html (robots.txt): Disallow: /private/ at line 2, for *",
			"left out " + ex + "private/b",
		},
	}, {
		name:      "warn only: listed, with a warning",
		robotsTxt: "User-agent: *\nDisallow: /private/\n",
		warnOnly:  true,
		wantOrder: []string{ex + "a", ex + "private/b"},
		wantSaid:  []string{"warn private/b.html: listed although robots.txt line 2 (Disallow: /private/) blocks it for *"},
	}, {
		name:      "an update says only the pages it read, and leaves out every one",
		robotsTxt: "User-agent: *\nDisallow: /private/\n",
		only:      map[string]bool{"a.html": true},
		wantOrder: []string{ex + "a"},
		wantSaid:  []string{"left out " + ex + "private/b"},
	}, {
		name:      "rules for another crawler only",
		robotsTxt: "User-agent: OtherBot\nDisallow: /\n",
		wantOrder: []string{ex + "a", ex + "private/b"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := robotsPass{warnOnly: tc.warnOnly, explain: &explainer{}}
			if tc.robotsTxt != "" {
				p.rules = robotsJudge(t, tc.robotsTxt)
			}
			recs := pageRecords(t, pages...)
			found := p.run(recs, tc.only)
			checkPass(t, recs, found, tc.wantOrder, tc.wantSaid)
		})
	}
}

func TestLastModCountsPassTable(t *testing.T) {
	tests := []struct {
		name  string
		pages []page
		drop  int // how many records to take out of the order first, from its end
		want  map[mapping.LastModSource]int
	}{{
		name: "by source",
		pages: []page{
			{path: "a.html", loc: ex + "a", lastmod: "2024-01-02", src: mapping.LastModFrontMatter},
			{path: "b.html", loc: ex + "b", lastmod: "2024-01-03", src: mapping.LastModGit},
			{path: "c.html", loc: ex + "c", lastmod: "2024-01-04", src: mapping.LastModGit},
			{path: "d.html", loc: ex + "d"},
		},
		want: map[mapping.LastModSource]int{mapping.LastModFrontMatter: 1, mapping.LastModGit: 2, "": 1},
	}, {
		name: "only the records in order count",
		pages: []page{
			{path: "a.html", loc: ex + "a", lastmod: "2024-01-02", src: mapping.LastModFrontMatter},
			{path: "b.html", loc: ex + "b", lastmod: "2024-01-03", src: mapping.LastModGit},
		},
		drop: 1,
		want: map[mapping.LastModSource]int{mapping.LastModFrontMatter: 1},
	}, {
		name: "none",
		want: map[mapping.LastModSource]int{},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := &Result{LastMod: map[mapping.LastModSource]int{mapping.LastModHash: 7}} // counted before: cleared
			p := lastModCountsPass{count: true}
			recs := pageRecords(t, tc.pages...)
			recs.order = recs.order[:len(recs.order)-tc.drop]
			counts, ok := p.run(recs)
			if !ok {
				t.Fatal("the pass counted nothing")
			}
			res.setLastMod(counts) // as the pass list does
			if fmt.Sprint(res.LastMod) != fmt.Sprint(tc.want) {
				t.Errorf("counts %v, want %v", res.LastMod, tc.want)
			}
		})
	}
	// A build that does not count has no map, and the pass does nothing.
	if _, ok := (&lastModCountsPass{}).run(pageRecords(t, page{path: "a.html", loc: ex + "a"})); ok {
		t.Error("a build that does not count: the pass counted")
	}
}

func TestRefusedPassTable(t *testing.T) {
	pages := []page{
		{path: "a.html", loc: ex + "a", lastmod: "2024-01-02", src: mapping.LastModGit},
		{path: "b.html", loc: ex + "b"},
	}
	tests := []struct {
		name  string
		held  []refusedDate
		pages map[string][]refusedPage
		final bool
		want  []string
	}{{
		name: "none held",
	}, {
		name:  "final: the date the page takes instead",
		held:  []refusedDate{{path: "src/a.md", line: 3, msg: "date: not a date"}},
		pages: map[string][]refusedPage{"src/a.md": {{idx: 0}}},
		final: true,
		want:  []string{"warn src/a.md: src/a.md:3: date: not a date; the page is dated by git instead: 2024-01-02T00:00:00Z"},
	}, {
		name:  "final, and nothing else dates the page",
		held:  []refusedDate{{path: "src/b.md", line: 1, msg: "date: not a date"}},
		pages: map[string][]refusedPage{"src/b.md": {{idx: 1}}},
		final: true,
		want:  []string{"warn src/b.md: src/b.md:1: date: not a date; no other source dates the page"},
	}, {
		name:  "not final: as it is",
		held:  []refusedDate{{path: "src/a.md", line: 3, msg: "date: not a date"}},
		pages: map[string][]refusedPage{"src/a.md": {{idx: 0}}},
		want:  []string{"warn src/a.md: src/a.md:3: date: not a date"},
	}, {
		name:  "a source with no listed page",
		held:  []refusedDate{{path: "src/c.md", line: 2, msg: "date: not a date"}},
		final: true,
		want:  []string{"warn src/c.md: src/c.md:2: date: not a date"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := refusedPass{held: tc.held}
			recs := pageRecords(t, pages...)
			found := p.run(recs, tc.pages, tc.final)
			checkPass(t, recs, found, []string{ex + "a", ex + "b"}, tc.want)
		})
	}
}

// dated returns n pages dated on day by src, their paths and URLs
// numbered from first.
func dated(first, n int, day string, src mapping.LastModSource) []page {
	var pages []page
	for i := first; i < first+n; i++ {
		pages = append(pages, page{path: fmt.Sprintf("p%d.html", i), loc: fmt.Sprintf("%sp%d", ex, i), lastmod: day, src: src})
	}
	return pages
}

func TestStampsPassTable(t *testing.T) {
	tests := []struct {
		name       string
		pass       stampsPass
		pages      []page
		wantStamps int
		wantSaid   []string
	}{{
		name:       "most heads' dates on the newest day: the build's stamps",
		pages:      append(dated(0, 15, "2024-03-01", mapping.LastModMeta), dated(15, 5, "2024-01-01", mapping.LastModFrontMatter)...),
		wantStamps: 15,
		wantSaid:   []string{"warn : 15 of 20 URLs have a lastmod on 2024-03-01 from the pages' heads or the generator's sitemap, the newest day of those dates: the build's time, which a template stamps into every page (jekyll-seo-tag writes page.date, a build's time for a document without a date), not a lastmod; each of those pages is dated by git or the state file, or not at all"},
	}, {
		name:  "too few URLs to tell",
		pages: dated(0, 19, "2024-03-01", mapping.LastModMeta),
	}, {
		name:  "half on one day is not most",
		pages: append(dated(0, 10, "2024-03-01", mapping.LastModMeta), dated(10, 10, "2024-01-01", mapping.LastModFrontMatter)...),
	}, {
		name:  "front matter's dates are the author's, never a stamp",
		pages: dated(0, 20, "2024-03-01", mapping.LastModFrontMatter),
	}, {
		name:  "a head dated days after the most common day: that day is no build's",
		pages: append(dated(0, 5, "2024-03-05", mapping.LastModMeta), dated(5, 15, "2024-03-01", mapping.LastModMeta)...),
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.pass
			recs := pageRecords(t, tc.pages...)
			want := orderLocs(recs)
			rule, found := p.run(t.Context(), recs)
			checkPass(t, recs, found, want, tc.wantSaid)
			// The pass list counts the verdict's stamps in Result.Stamps.
			if rule.count != tc.wantStamps || rule.found != (tc.wantStamps > 0) {
				t.Errorf("stamps counted %d, found %v; want %d", rule.count, rule.found, tc.wantStamps)
			}
			// The pass returns its verdict, and writes nothing in the
			// records: the pass list keeps it there.
			if recs.stamps.found || recs.stamps.trustSitemap || recs.stamps.history != nil {
				t.Errorf("the pass wrote its verdict in the records: %+v", recs.stamps.stampRule)
			}
			// The verdict kept, a second run says nothing more.
			recs.stamps.stampRule = rule
			p.found = nil
			if again, found := p.run(t.Context(), recs); len(found) > 0 || again.count != tc.wantStamps || again.found != rule.found {
				t.Errorf("second run: said %q, stamps counted %d, found %v", said(found), again.count, again.found)
			}
		})
	}
}

func TestMtimePassTable(t *testing.T) {
	mtimeLastMod := map[mapping.LastModSource]int{mapping.LastModMTime: 20}
	tests := []struct {
		name      string
		pass      mtimePass
		pages     []page
		wantDrops bool
		wantSaid  []string
	}{{
		name:  "off",
		pages: dated(0, 20, "2024-03-01", mapping.LastModMTime),
	}, {
		name:      "most files' times on one day: a checkout's, left out",
		pass:      mtimePass{on: true},
		pages:     dated(0, 20, "2024-03-01", mapping.LastModMTime),
		wantDrops: true,
		wantSaid:  []string{"warn : 20 of 20 URLs have a modification time on 2024-03-01, as a build, a copy or a fresh checkout sets every file's: left out of lastmod, since no date is better than a false one; " + undatedFix(false) + "; to keep them, list mtime in lastmod.sources"},
	}, {
		name:  "times spread over days: kept",
		pass:  mtimePass{on: true},
		pages: append(append(dated(0, 7, "2024-03-01", mapping.LastModMTime), dated(7, 7, "2024-02-01", mapping.LastModMTime)...), dated(14, 6, "2024-01-01", mapping.LastModMTime)...),
	}, {
		name:  "no file's time dates a page",
		pass:  mtimePass{on: true},
		pages: dated(0, 20, "2024-03-01", mapping.LastModFrontMatter),
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.pass
			res := &Result{LastMod: maps.Clone(mtimeLastMod)}
			p.now = time.Date(2024, 3, 2, 0, 0, 0, 0, time.UTC)
			recs := pageRecords(t, tc.pages...)
			want := orderLocs(recs)
			counts, found := p.run(t.Context(), recs, nil)
			res.add(counts) // as the pass list does
			checkPass(t, recs, found, want, tc.wantSaid)
			if res.MTimeDropped != tc.wantDrops || recs.stamps.mtime.any() != tc.wantDrops {
				t.Errorf("MTimeDropped %v, the verdict drops %v; want %v", res.MTimeDropped, recs.stamps.mtime.any(), tc.wantDrops)
			}
			if tc.wantDrops && res.LastMod[mapping.LastModMTime] != 0 {
				t.Errorf("Result.LastMod %v: the times left out still count", res.LastMod)
			}
		})
	}
}

func TestLintPassTable(t *testing.T) {
	tests := []struct {
		name     string
		pass     lintPass
		lastMod  map[mapping.LastModSource]int
		pages    []page
		wantSaid []string
	}{{
		name:     "most pages on one day, by the files' times",
		pass:     lintPass{},
		lastMod:  map[mapping.LastModSource]int{mapping.LastModMTime: 20},
		pages:    dated(0, 20, "2024-03-01", mapping.LastModMTime),
		wantSaid: []string{"warn : 20 of 20 URLs (100%) have a lastmod on 2024-03-01: dates that look like build times, which search engines learn to ignore; they are the files' modification times, which a fresh checkout or a build sets to now (CI): add git to lastmod.sources, or give dates in front matter"},
	}, {
		name:     "most pages on one day, by git",
		pass:     lintPass{usesGit: true},
		lastMod:  map[mapping.LastModSource]int{mapping.LastModGit: 15, mapping.LastModFrontMatter: 5},
		pages:    append(dated(0, 15, "2024-03-01", mapping.LastModGit), dated(15, 5, "2024-01-01", mapping.LastModFrontMatter)...),
		wantSaid: []string{"warn : 15 of 20 URLs (75%) have a lastmod on 2024-03-01: dates that look like build times, which search engines learn to ignore; they come from git: one commit touched most files"},
	}, {
		name:    "dates spread over days",
		pass:    lintPass{},
		lastMod: map[mapping.LastModSource]int{mapping.LastModFrontMatter: 20},
		pages:   append(dated(0, 10, "2024-03-01", mapping.LastModFrontMatter), dated(10, 10, "2024-01-01", mapping.LastModFrontMatter)...),
	}, {
		name:    "too few pages to judge",
		pass:    lintPass{},
		lastMod: map[mapping.LastModSource]int{mapping.LastModFrontMatter: 19},
		pages:   dated(0, 19, "2024-03-01", mapping.LastModFrontMatter),
	}, {
		name:     "pages only the generator's sitemap dates, which a switch turns off",
		pass:     lintPass{own: &OwnSitemaps{Title: "VitePress"}, joined: true},
		lastMod:  map[mapping.LastModSource]int{mapping.LastModSitemap: 2},
		pages:    []page{{path: "a.html", loc: ex + "a", lastmod: "2024-01-01", src: mapping.LastModSitemap}, {path: "b.html", loc: ex + "b", lastmod: "2024-01-02", src: mapping.LastModSitemap}},
		wantSaid: []string{"warn : 2 pages are dated only by VitePress's sitemap: no source of sitemapgen's dates them, so the switch that turns that sitemap off (docs/migrating.md) loses their dates; keep the sitemap option, or give those pages dates in their front matter"},
	}, {
		name:    "a sitemap every build writes",
		pass:    lintPass{own: &OwnSitemaps{Title: "Hugo", Stays: true}},
		lastMod: map[mapping.LastModSource]int{mapping.LastModSitemap: 1},
		pages:   []page{{path: "a.html", loc: ex + "a", lastmod: "2024-01-01", src: mapping.LastModSitemap}},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.pass
			recs := pageRecords(t, tc.pages...)
			want := orderLocs(recs)
			checkPass(t, recs, p.run(t.Context(), recs, tc.lastMod, nil), want, tc.wantSaid)
		})
	}
}

// alts returns the alternates of langs and URLs, two strings each.
func alts(langLoc ...string) []sitemap.Alternate {
	var as []sitemap.Alternate
	for i := 0; i+1 < len(langLoc); i += 2 {
		as = append(as, sitemap.Alternate{Lang: langLoc[i], Href: langLoc[i+1]})
	}
	return as
}

// shownAlts returns, for each URL in order, how many alternates the
// sitemap shows for it.
func shownAlts(recs *records) []int {
	var n []int
	for i := range recs.Len() {
		n = append(n, len(recs.At(i).Alternates))
	}
	return n
}

func TestHreflangPassTable(t *testing.T) {
	both := alts("en", ex+"en/", "de", ex+"de/")
	tests := []struct {
		name      string
		pass      hreflangPass
		leftOut   []skippedPage
		pages     []page
		wantShown []int
		wantSaid  []string
	}{{
		name:      "a cluster whose pages name each other",
		pages:     []page{{path: "de/index.html", loc: ex + "de/", alts: both}, {path: "en/index.html", loc: ex + "en/", alts: both}},
		wantShown: []int{2, 2},
	}, {
		name:      "a page that does not name the one that names it: written, with a warning",
		pages:     []page{{path: "de/index.html", loc: ex + "de/"}, {path: "en/index.html", loc: ex + "en/", alts: both}},
		wantShown: []int{0, 2},
		wantSaid:  []string{"warn en/index.html: en/index.html: hreflang de alternate https://example.com/de/ does not list this page back (Google ignores a link not returned)"},
	}, {
		name:      "an alternate no page of the site has: left out",
		pages:     []page{{path: "en/index.html", loc: ex + "en/", alts: both}},
		wantShown: []int{1},
		wantSaid:  []string{"warn en/index.html: en/index.html: hreflang de alternate https://example.com/de/ is missing: no page of the site has this URL; left out"},
	}, {
		name:      "an alternate the build left out says why",
		leftOut:   []skippedPage{{loc: ex + "de/", path: "de/index.html", reason: mapping.NoIndex}},
		pages:     []page{{path: "en/index.html", loc: ex + "en/", alts: both}},
		wantShown: []int{1},
		wantSaid:  []string{"warn en/index.html: en/index.html: hreflang de alternate https://example.com/de/ is not in the sitemap (de/index.html, noindex); left out"},
	}, {
		name:      "off: an alternate not listed is left out, with a note",
		pass:      hreflangPass{off: true},
		pages:     []page{{path: "en/index.html", loc: ex + "en/", alts: both}},
		wantShown: []int{1},
		wantSaid:  []string{"note https://example.com/en/: hreflang de alternate https://example.com/de/ is not in the sitemap; left out"},
	}, {
		name:      "an alternate on another host the settings allow",
		pass:      hreflangPass{hosts: []string{"https://example.de"}},
		pages:     []page{{path: "en/index.html", loc: ex + "en/", alts: alts("en", ex+"en/", "de", "https://example.de/")}},
		wantShown: []int{2},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.pass
			p.origin, p.explain = "https://example.com", &explainer{}
			left := &skippedPages{list: tc.leftOut}
			recs := pageRecords(t, tc.pages...)
			want := orderLocs(recs)
			checkPass(t, recs, p.run(recs, nil, nil, left), want, tc.wantSaid)
			if got := shownAlts(recs); !slices.Equal(got, tc.wantShown) {
				t.Errorf("alternates shown %v, want %v", got, tc.wantShown)
			}
		})
	}
}

// testMapper returns the mapper of the site ex.
func testMapper(t *testing.T) *mapping.Mapper {
	t.Helper()
	m, err := mapping.New(mapping.Options{BaseURL: ex})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// genSitemap returns what the generator's own sitemaps say: the URLs
// they list, each with its date (a day, or "" for none).
func genSitemap(t *testing.T, urls ...string) *genDates {
	t.Helper()
	g := &genDates{dates: map[uint64]genDate{}, listed: map[uint64]uint16{}, files: []string{"sitemap.xml"}}
	for i := 0; i+1 < len(urls); i += 2 {
		g.listed[witnessHash(urls[i])] = 0
		if urls[i+1] != "" {
			day, err := time.Parse(time.DateOnly, urls[i+1])
			if err != nil {
				t.Fatal(err)
			}
			g.dates[genHash(genKey(urls[i]))] = genDate{sec: day.Unix()}
		}
	}
	return g
}

func TestSecondLookPassTable(t *testing.T) {
	pages := []page{
		{path: "a.html", loc: ex + "a", lastmod: "2024-01-02", src: mapping.LastModFrontMatter},
		{path: "b.html", loc: ex + "b", lastmod: "2024-01-03", src: mapping.LastModSitemap},
		{path: "page/2/index.html", loc: ex + "page/2/"},
		{path: "c.html", loc: ex + "c", lastmod: "2024-01-04", src: mapping.LastModFrontMatter},
	}
	tests := []struct {
		name     string
		gen      []string // URL, date: what the generator's sitemaps say
		want     *SecondLook
		wantSaid []string
	}{{
		name: "they list none of the pages: another site's, or another base path's",
		gen:  []string{ex + "docs/a", "2024-01-01"},
	}, {
		name: "dates kept, taken, the same; a pager and a page they leave out; one they list that no page has",
		gen:  []string{ex + "a", "2024-01-01", ex + "b", "2024-01-03", ex + "c", "2024-01-04", ex + "gone", ""},
		want: &SecondLook{Generator: "Hugo", Compared: 3, Kept: 1, Taken: 1, NoPage: 1, Lists: 1},
	}, {
		name:     "a page they leave out is named",
		gen:      []string{ex + "a", "", ex + "b", "", ex + "page/2/", ""},
		want:     &SecondLook{Generator: "Hugo", Compared: 3, LeftOut: []string{"c.html"}},
		wantSaid: []string{"warn : 1 page listed that Hugo's own sitemap leaves out: c.html; sitemapgen lists the pages the site serves: leave out those that are no pages of the site (noindex, sitemap: false in front matter, exclude:)"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := secondLookPass{mapper: testMapper(t), title: "Hugo"}
			recs := pageRecords(t, pages...)
			want := orderLocs(recs)
			look, found := p.run(recs, secondLookIn{gen: genSitemap(t, tc.gen...)})
			checkPass(t, recs, found, want, tc.wantSaid)
			if fmt.Sprintf("%+v", look) != fmt.Sprintf("%+v", tc.want) {
				t.Errorf("Result.SecondLook %+v, want %+v", look, tc.want)
			}
		})
	}
}

// declaredAlts returns, for each URL in order, its alternates as
// "lang=URL" strings joined by spaces.
func declaredAlts(recs *records) []string {
	var all []string
	for _, idx := range recs.order {
		var s []string
		if r := recs.rec(idx); r.alts > 0 {
			was, _ := recs.declared(r.alts - 1)
			for _, a := range was {
				s = append(s, a.Lang+"="+a.Href)
			}
		}
		all = append(all, strings.Join(s, " "))
	}
	return all
}

func TestGenAltsPassTable(t *testing.T) {
	const hEn, hDe, hFr = 1, 2, 3
	// sitemaps returns the generator's alternates: one list of en and de,
	// with fr too when withFr.
	sitemaps := func(withFr bool) *genAlternates {
		a := newGenAlternates()
		a.left = 10
		en, _ := a.lang("en")
		de, _ := a.lang("de")
		list := []genAlt{{hash: hEn, lang: en}, {hash: hDe, lang: de}}
		if withFr {
			fr, _ := a.lang("fr")
			list = append(list, genAlt{hash: hFr, lang: fr})
		}
		l := a.list(list)
		for _, m := range list {
			a.refs[m.hash] = genAltRef{list: l}
		}
		return &a
	}
	tests := []struct {
		name     string
		withFr   bool
		enAlts   []sitemap.Alternate // what the en page's head declares
		head     bool
		skipped  map[uint64]string // the pages left out, by hash
		want     []string
		wantSelf int
	}{{
		name: "a cluster of two: each page names both",
		want: []string{"de=" + ex + "de/a en=" + ex + "en/a", "de=" + ex + "de/a en=" + ex + "en/a"},
	}, {
		name:    "a page left out is still named, at its URL",
		withFr:  true,
		skipped: map[uint64]string{hFr: ex + "fr/a"},
		want: []string{
			"de=" + ex + "de/a en=" + ex + "en/a fr=" + ex + "fr/a",
			"de=" + ex + "de/a en=" + ex + "en/a fr=" + ex + "fr/a",
		},
	}, {
		name:     "a head that names the others only: the page itself is added last",
		enAlts:   alts("de", ex+"de/a"),
		head:     true,
		want:     []string{"de=" + ex + "de/a en=" + ex + "en/a", "de=" + ex + "de/a en=" + ex + "en/a"},
		wantSelf: 1,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs := pageRecords(t,
				page{path: "de/a.html", loc: ex + "de/a"},
				page{path: "en/a.html", loc: ex + "en/a", alts: tc.enAlts})
			de, en := recs.order[0], recs.order[1]
			g := newGenRecords()
			g.byHash[hDe], g.byHash[hEn] = de, en
			g.from[de] = genFrom{hash: hDe}
			g.from[en] = genFrom{hash: hEn, head: tc.head}
			maps.Copy(g.skipped, tc.skipped)
			recs.alts.gen = g
			p := genAltsPass{}
			before := declaredAlts(recs)
			set := p.run(recs, genAltsIn{sitemaps: sitemaps(tc.withFr)})
			// The pass returns its product, and writes nothing in the
			// records: the pass list sets it (apply).
			if got := declaredAlts(recs); !slices.Equal(got, before) {
				t.Errorf("the pass wrote alternates in the records:\n got %q\nwant %q", got, before)
			}
			set.apply(recs, nil)
			if got := declaredAlts(recs); !slices.Equal(got, tc.want) {
				t.Errorf("alternates:\n got %q\nwant %q", got, tc.want)
			}
			if set.selfAdded != tc.wantSelf {
				t.Errorf("own entries added %d, want %d", set.selfAdded, tc.wantSelf)
			}
		})
	}
	// Without the generator's alternates, the pass sets none.
	recs := pageRecords(t, page{path: "a.html", loc: ex + "a"})
	p := genAltsPass{}
	if set := p.run(recs, genAltsIn{}); set.selfAdded != 0 || len(set.changed) > 0 || declaredAlts(recs)[0] != "" {
		t.Errorf("no alternates of the generator: %d added, %+v, %q", set.selfAdded, set.changed, declaredAlts(recs))
	}
}
