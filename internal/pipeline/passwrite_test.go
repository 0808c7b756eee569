package pipeline

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// The table tests of the passes that write, date the list pages, run
// the per-URL hook and judge stale pages and the site's dates
// (passtable_test.go has the others, and the helpers).
func TestWritePassTable(t *testing.T) {
	tests := []struct {
		name      string
		pages     []page
		skipped   map[mapping.Reason]int // Result.Skipped, when no page is listed
		genKept   bool
		wantFiles []string
		wantNone  bool
		wantErr   string
		wantKept  bool
	}{{
		name:      "the sorted records, written",
		pages:     []page{{path: "b.html", loc: ex + "b"}, {path: "a.html", loc: ex + "a", lastmod: "2024-01-02", src: mapping.LastModFrontMatter}},
		wantFiles: []string{"sitemap.xml"},
	}, {
		name:     "none listed, each left out on purpose: no sitemap, and none left",
		skipped:  map[mapping.Reason]int{mapping.NoIndex: 2},
		wantNone: true,
	}, {
		name:    "none listed, for no reason of the site's: an error, nothing written",
		skipped: map[mapping.Reason]int{mapping.Unreadable: 2},
		wantErr: "every page found was skipped (2 unreadable); nothing written",
	}, {
		name:      "the generator's dates kept before stay kept",
		pages:     []page{{path: "a.html", loc: ex + "a"}},
		genKept:   true,
		wantFiles: []string{"sitemap.xml"},
		wantKept:  true,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			recs := pageRecords(t, tc.pages...)
			p := writePass{opts: &Options{Write: writer.Options{Dir: dir, BaseURL: ex}}, baseURL: ex, done: wrote{genKept: tc.genKept}}
			done, found, err := p.run(t.Context(), recs, writeIn{skipped: tc.skipped})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tc.wantErr)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if len(found) > 0 {
				t.Errorf("said %q", said(found))
			}
			if done.genKept != tc.wantKept {
				t.Errorf("generator's dates kept %v, want %v", done.genKept, tc.wantKept)
			}
			if (done.none != nil) != tc.wantNone {
				t.Errorf("NoneListed %+v, want %v", done.none, tc.wantNone)
			}
			var files []string
			if done.write != nil {
				files = done.write.Written
			}
			if !slices.Equal(files, tc.wantFiles) {
				t.Errorf("written %q, want %q", files, tc.wantFiles)
			}
			for _, name := range tc.wantFiles {
				data, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range tc.pages {
					if !strings.Contains(string(data), "<loc>"+p.loc+"</loc>") {
						t.Errorf("%s lacks %s:\n%s", name, p.loc, data)
					}
				}
			}
		})
	}
}

func TestSiteWidePassTable(t *testing.T) {
	const from = "meta article:modified_time"
	// meta returns n pages in lang dated on day by their heads.
	meta := func(first, n int, day, lang string) []page {
		pages := dated(first, n, day, mapping.LastModMeta)
		for i := range pages {
			pages[i].from, pages[i].lang = from, lang
		}
		return pages
	}
	tests := []struct {
		name      string
		pages     []page
		wantSaid  []string
		wantDates int // the site's dates the pass returns
	}{{
		name:      "one date on every page of a language",
		pages:     meta(0, 3, "2024-03-01", "en"),
		wantSaid:  []string{`note : article:modified_time 2024-03-01T00:00:00Z, on 3 pages, is the site's date, not each page's (the same on all 3 pages in "en" that give article:modified_time): they are dated by their own rule, a list page by what it shows`},
		wantDates: 1,
	}, {
		name:  "one date on two pages only: too common to count",
		pages: meta(0, 2, "2024-03-01", "en"),
	}, {
		name:      "the newest date the generator gives a page of the language",
		pages:     append(append(meta(0, 2, "2024-03-01", "en"), meta(2, 1, "2024-01-01", "en")...), page{path: "post.html", loc: ex + "post", lastmod: "2024-03-01", src: mapping.LastModFrontMatter, lang: "en"}),
		wantSaid:  []string{`note : article:modified_time 2024-03-01T00:00:00Z, on 2 pages, is the site's date, not each page's (the newest date the generator gives a page in "en", the language's last change): they are dated by their own rule, a list page by what it shows`},
		wantDates: 1,
	}, {
		name:  "dates of their own",
		pages: append(meta(0, 2, "2024-03-01", "en"), meta(2, 2, "2024-01-01", "en")...),
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := siteWidePass{}
			recs := pageRecords(t, tc.pages...)
			want := orderLocs(recs)
			sites, found := p.run(recs)
			checkPass(t, recs, found, want, tc.wantSaid)
			if len(sites.dates) != tc.wantDates {
				t.Errorf("site's dates %v, want %d", sites.dates, tc.wantDates)
			}
			if !sites.gitFallback {
				t.Error("git is no fallback, though the generator's dates have no git step")
			}
			// The pass returns its product, and writes nothing in the
			// records: the pass list keeps it there.
			if recs.sites.dates != nil || recs.sites.gitFallback {
				t.Errorf("the pass wrote its product in the records: %v, git fallback %v", recs.sites.dates, recs.sites.gitFallback)
			}
			// A Session keeps the pass: what it told, it tells once.
			p.found = nil
			if again, found := p.run(recs); len(found) > 0 || len(again.dates) != tc.wantDates {
				t.Errorf("second run said %q, and found %v", said(found), again.dates)
			}
		})
	}
}

func TestAfterWritePassTable(t *testing.T) {
	tests := []struct {
		name      string
		robotsTxt string
		files     []string // in the output folder besides robots.txt and ours
		write     writer.Options
		generator func(name string) bool // Options.GeneratorSitemaps
		wantSaid  []string
	}{{
		name:      "robots.txt names our sitemap",
		robotsTxt: "Sitemap: https://example.com/sitemap.xml\n",
	}, {
		name:      "robots.txt names a sitemap of ours the build does not write",
		robotsTxt: "User-agent: *\nSitemap: https://example.com/sitemap.xml.gz\n",
		wantSaid:  []string{"warn : DIR/robots.txt:2: Sitemap: https://example.com/sitemap.xml.gz names a sitemap file that is not there (one of sitemapgen's names, which this build does not write): crawlers get a 404; run with --robots to update it"},
	}, {
		name:      "robots.txt names the project's own sitemap",
		robotsTxt: "Sitemap: https://example.com/sitemap.txt\n",
		files:     []string{"sitemap.txt"},
		wantSaid:  []string{"warn : DIR/robots.txt:1: Sitemap: https://example.com/sitemap.txt names a sitemap this build did not write, the project's own; crawlers that read robots.txt are given it, not ours: run with --robots to name ours there, and stop the project's build writing its own, and this line, for ours to replace it"},
	}, {
		name:      "the generator's sitemap, kept",
		robotsTxt: "Sitemap: https://example.com/sitemap.txt\n",
		files:     []string{"sitemap.txt"},
		generator: func(name string) bool { return name == "sitemap.txt" },
	}, {
		name:      "a dry run wrote nothing to warn about",
		robotsTxt: "Sitemap: https://example.com/sitemap.xml.gz\nSitemap: https://example.com/sitemap.txt\n",
		files:     []string{"sitemap.txt"},
		write:     writer.Options{DryRun: true},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, data := range map[string]string{"robots.txt": tc.robotsTxt, "sitemap.xml": "<urlset/>"} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, name := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(ex+"a\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			w := tc.write
			w.Dir, w.BaseURL = dir, ex
			p := afterWritePass{
				opts:      &Options{Write: w, GeneratorSitemaps: tc.generator},
				written:   &writer.Result{Written: []string{"sitemap.xml"}, Recorded: []string{"sitemap.xml"}},
				robotsTxt: &robotsFiles{max: 1 << 20},
			}
			got := said(p.run())
			for i := range got {
				got[i] = strings.ReplaceAll(got[i], dir, "DIR")
			}
			if !slices.Equal(got, tc.wantSaid) {
				t.Errorf("said:\n got %q\nwant %q", got, tc.wantSaid)
			}
		})
	}
}

// lineHook is a per-URL hook in the test's process: it answers each
// record line it is given with the lines answer returns, and then writes
// the lines more.
func lineHook(answer func(line string) []string, more ...string) *Transform {
	return &Transform{Name: "the test's hook", Start: func(context.Context) (io.WriteCloser, io.ReadCloser, error) {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		go func() {
			defer inR.Close()
			sc := bufio.NewScanner(inR)
			for sc.Scan() {
				for _, l := range answer(sc.Text()) {
					fmt.Fprintln(outW, l)
				}
			}
			for _, l := range more {
				fmt.Fprintln(outW, l)
			}
			outW.Close()
		}()
		return inW, outR, nil
	}}
}

func TestTransformPassTable(t *testing.T) {
	pages := []page{
		{path: "a.html", loc: ex + "a", lastmod: "2024-01-02", src: mapping.LastModFrontMatter},
		{path: "b.html", loc: ex + "b"},
	}
	same := func(line string) []string { return []string{line} }
	tests := []struct {
		name      string
		hook      *Transform
		wantOrder []string
		want      Transformed
		wantSaid  []string
	}{{
		name:      "every record written back as it was",
		hook:      lineHook(same),
		wantOrder: []string{ex + "a", ex + "b"},
		want:      Transformed{Given: 2, Returned: 2},
	}, {
		name: "a record not written back is dropped, as a page left out on purpose",
		hook: lineHook(func(line string) []string {
			if strings.Contains(line, ex+"b") {
				return nil
			}
			return []string{line}
		}),
		wantOrder: []string{ex + "a"},
		want:      Transformed{Given: 2, Returned: 1, Dropped: 1},
		wantSaid:  []string{"skip b.html (dropped by the transform): not written back by the test's hook", "left out " + ex + "b"},
	}, {
		name:      "a record edited, and one added",
		hook:      lineHook(func(line string) []string { return []string{strings.Replace(line, "2024-01-02", "2024-02-03", 1)} }, `{"loc":"`+ex+`c"}`),
		wantOrder: []string{ex + "a", ex + "b", ex + "c"},
		want:      Transformed{Given: 2, Returned: 3, Edited: 1, Added: 1},
	}, {
		name:      "an added URL outside the base URL is left out, with a warning",
		hook:      lineHook(same, `{"loc":"https://other.example/c"}`),
		wantOrder: []string{ex + "a", ex + "b"},
		want:      Transformed{Given: 2, Returned: 3, LeftOut: 1},
		wantSaid: []string{
			"warn the test's hook:3: https://other.example/c is not under the base URL https://example.com/; not listed",
			"skip the test's hook:3 (URL outside the base URL): https://other.example/c is not under the base URL https://example.com/",
			"left out https://other.example/c",
		},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := transformPass{hook: tc.hook, explain: &explainer{}, mapper: testMapper(t)}
			recs := pageRecords(t, pages...)
			done, found, err := p.run(t.Context(), recs)
			if err != nil {
				t.Fatal(err)
			}
			checkPass(t, recs, found, tc.wantOrder, tc.wantSaid)
			if got := *done.stats; got != tc.want {
				t.Errorf("Result.Transformed %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestStalePassTable(t *testing.T) {
	start := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC) // the build: its pages with a source
	before := start.Add(-2 * time.Hour)                   // an old page's file
	changed := start.Add(-time.Hour)                      // a source changed between them
	after := start.Add(30 * time.Minute)                  // after the build started
	pages := []page{{path: "a.html", loc: ex + "a"}, {path: "old.html", loc: ex + "old"}}
	tests := []struct {
		name      string
		oldAt     time.Time // the old page's file time
		sourceAt  time.Time // the source's file time
		was       map[int32]bool
		only      map[string]bool
		wantOrder []string
		wantStale int
		wantSaid  []string
	}{{
		name:      "no source changed since the old page was written: kept",
		oldAt:     before,
		sourceAt:  start.Add(-3 * time.Hour),
		wantOrder: []string{ex + "a", ex + "old"},
	}, {
		name:      "a source changed after it: left out",
		oldAt:     before,
		sourceAt:  changed,
		wantOrder: []string{ex + "a"},
		wantStale: 1,
		wantSaid: []string{
			"skip old.html (stale output: no source): no source has its URL, and the file is older than the build (2024-03-01T10:00:00Z, the oldest page with a source 2024-03-01T12:00:00Z; ../src/a.md changed between them, 2024-03-01T11:00:00Z)",
			"left out " + ex + "old",
			"warn : 1 built page no source produces and older than the build left out, first old.html: the output of deleted sources, which the generator leaves in place (--verbose lists them); build into an empty folder (hugo --cleanDestinationDir) to remove them",
		},
	}, {
		name:      "an update does not say again a page left out before",
		oldAt:     before,
		sourceAt:  changed,
		was:       map[int32]bool{1: true},
		only:      map[string]bool{"a.html": true},
		wantOrder: []string{ex + "a"},
		wantStale: 1,
		wantSaid:  []string{"left out " + ex + "old"},
	}, {
		name:      "written with the build: kept",
		oldAt:     after,
		sourceAt:  changed,
		wantOrder: []string{ex + "a", ex + "old"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			src, root := filepath.Join(dir, "src"), filepath.Join(dir, "site")
			for _, d := range []string{src, root} {
				if err := os.Mkdir(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			md := filepath.Join(src, "a.md")
			if err := os.WriteFile(md, []byte("# A\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(md, tc.sourceAt, tc.sourceAt); err != nil {
				t.Fatal(err)
			}
			recs := pageRecords(t, pages...)
			a, old := recs.order[0], recs.order[1]
			recs.built(a, start.UnixNano(), false)
			recs.built(old, tc.oldAt.UnixNano(), true)
			p := stalePass{mapper: testMapper(t), join: &Sources{Dir: src}, root: root, prefix: "../src/", clean: "hugo --cleanDestinationDir", explain: &explainer{}}
			stale, _, found := p.run(t.Context(), recs, tc.was, tc.only, staleIn{})
			checkPass(t, recs, found, tc.wantOrder, tc.wantSaid)
			if len(stale) != tc.wantStale || tc.wantStale > 0 && !stale[old] {
				t.Errorf("stale %v, want %d with record %d", stale, tc.wantStale, old)
			}
		})
	}
}

func TestListPagesPassTable(t *testing.T) {
	// The site: two posts, with sources, and a home page of none, which
	// lists the posts it links to.
	posts := []page{
		{path: "a/index.html", loc: ex + "a/", lastmod: "2024-01-02", src: mapping.LastModFrontMatter},
		{path: "b/index.html", loc: ex + "b/", lastmod: "2024-01-05", src: mapping.LastModFrontMatter},
	}
	tests := []struct {
		name    string
		home    page   // the home page's record
		links   string // the home page's links
		joined  bool
		wantDay string // the home page's date, "" for none given
		wantBy  map[mapping.LastModSource]int
	}{{
		name:    "the newest of the pages it shows",
		home:    page{path: "index.html", loc: ex},
		links:   `<a href="/a/">A</a> <a href="/b/">B</a>`,
		joined:  true,
		wantDay: "2024-01-05",
		wantBy:  map[mapping.LastModSource]int{LastModListed: 1},
	}, {
		name:    "it shows only the older",
		home:    page{path: "index.html", loc: ex},
		links:   `<a href="/a/">A</a>`,
		joined:  true,
		wantDay: "2024-01-02",
		wantBy:  map[mapping.LastModSource]int{LastModListed: 1},
	}, {
		name:   "a date of its own newer than what it shows stays",
		home:   page{path: "index.html", loc: ex, lastmod: "2024-02-01", src: mapping.LastModGit},
		links:  `<a href="/a/">A</a> <a href="/b/">B</a>`,
		joined: true,
		wantBy: map[mapping.LastModSource]int{mapping.LastModGit: 1},
	}, {
		name:   "no join: no page is known for a list",
		home:   page{path: "index.html", loc: ex},
		links:  `<a href="/a/">A</a> <a href="/b/">B</a>`,
		wantBy: map[mapping.LastModSource]int{"": 1},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			built := map[string]string{
				"index.html":   "<html><body><main>" + tc.links + "</main></body></html>",
				"a/index.html": "<html><body><main>A</main></body></html>",
				"b/index.html": "<html><body><main>B</main></body></html>",
			}
			for name, body := range built {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(root, name), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			recs := pageRecords(t, append(slices.Clone(posts), tc.home)...)
			counts := map[mapping.LastModSource]int{}
			for _, idx := range recs.order {
				counts[recs.source(idx)]++
			}
			p := listPagesPass{
				mapper: testMapper(t), root: root,
				pageBytes: 1 << 20, headAttrs: 64,
			}
			var in listIn
			if tc.joined {
				p.sources = &Sources{Dir: filepath.Join(root, "content")}
				in.lookup = sourceLookup{join: map[string]*source{
					joinKey("/a/"): {path: "content/a.md"},
					joinKey("/b/"): {path: "content/b.md"},
				}}
			}
			dates, _, n, found := p.run(recs, true, in)
			res := &Result{LastMod: counts}
			res.add(n)
			if len(found) > 0 {
				t.Errorf("said %q", said(found))
			}
			home := recs.order[0]
			day := ""
			if lm, ok := dates.at[home]; ok {
				day = time.Unix(lm, 0).UTC().Format(time.DateOnly)
			}
			if day != tc.wantDay || len(dates.at) != min(len(tc.wantDay), 1) {
				t.Errorf("list pages dated %v, want the home page's %q", dates.at, tc.wantDay)
			}
			delete(counts, mapping.LastModFrontMatter) // the posts'
			if fmt.Sprint(counts) != fmt.Sprint(tc.wantBy) {
				t.Errorf("the home page counted as %v, want %v", counts, tc.wantBy)
			}
		})
	}
}
