package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJekyllTimezone builds testdata/jekyll-tz (timezone:
// America/Los_Angeles, as jekyll/jekyll's docs have it) with Jekyll on a
// machine in UTC, and runs plain sitemapgen in the project: each lastmod
// is the instant jekyll-sitemap writes. A post dated by its file name is
// midnight in Los Angeles (2014-05-06T00:00:00-07:00), not in UTC, seven
// hours early; so is a date without a zone in front matter, but a YAML
// timestamp with seconds, which Ruby reads as UTC.
func TestJekyllTimezone(t *testing.T) {
	src, site := buildJekyll(t, "jekyll-tz")
	sameAsJekyllSitemap(t, src, site, map[string]string{
		datesBase + "2014/05/06/by-name/":    "2014-05-06T00:00:00-07:00",
		datesBase + "2014/12/01/winter/":     "2014-12-01T00:00:00-08:00",
		datesBase + "2014/05/07/no-zone/":    "2014-05-07T10:00:00-07:00",
		datesBase + "2014/05/09/date-alone/": "2014-05-09T00:00:00-07:00",
		datesBase + "2014/05/08/timestamp/":  "2014-05-08T10:00:00Z",
		datesBase + "2014/05/10/zoned/":      "2014-05-10T10:00:00+02:00",
		datesBase + "2014/05/12/early/":      "2014-05-12T02:00:00-07:00",
		datesBase + "about/":                 "2014-05-11T00:00:00-07:00",
	})

	// --explain says which zone, and what set it.
	r := mustRun(t, src, "--explain", "2014/05/06/by-name/")
	if want := "2014-05-06T07:00:00Z (front matter date (of the file name) in America/Los_Angeles (_config.yml timezone))"; !strings.Contains(r.stdout, want) {
		t.Errorf("--explain does not say %q:\n%s", want, r.stdout)
	}

	// An unknown zone: a warning at its line, and UTC (as Ruby reads it).
	cfg := filepath.Join(src, "_config.yml")
	data, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte(strings.Replace(string(data), "America/Los_Angeles", "Pacific/Nowhere", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	r = mustRun(t, src)
	if want := `_config.yml:7: warning: timezone: "Pacific/Nowhere" is not a time zone of the IANA database; dates without a zone are read as UTC`; !strings.Contains(r.stderr, want) {
		t.Errorf("no warning %q:\n%s", want, r.stderr)
	}
	if got := ourURLs(t, site)[datesBase+"2014/05/06/by-name/"]; !sameInstant(got, "2014-05-06T00:00:00Z") {
		t.Errorf("with an unknown zone, %s: lastmod %q, want midnight UTC", "2014/05/06/by-name/", got)
	}
}

// TestHugoTimeZone builds a Hugo site with timeZone =
// "America/Los_Angeles" and a French language whose own timeZone is
// Europe/Paris, and runs plain sitemapgen in the project: each lastmod
// is the instant Hugo's own sitemaps write. Hugo reads every date
// without a zone in the page's language's zone (YAML timestamps, TOML
// local dates, :filename's date), where we read UTC.
func TestHugoTimeZone(t *testing.T) {
	src := hugoDatesSite(t, nil, map[string]string{
		"hugo.toml": hugoConfig("timeZone = \"America/Los_Angeles\"\ndefaultContentLanguage = \"en\"\n" +
			"[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\ntimeZone = \"Europe/Paris\"\n" +
			"[frontmatter]\nlastmod = [\":filename\", \":default\"]\ndate = [\":filename\", \":default\"]\n"),
		"content/posts/2014-05-14-by-name.md":    "---\ntitle: By name\n---\nDated by its file name.\n",
		"content/posts/2014-05-14-by-name.fr.md": "---\ntitle: Par nom\n---\nDaté par son nom.\n",
		"content/posts/zoneless.md":              "---\ntitle: Zoneless\ndate: 2014-05-06 10:00:00\n---\nA YAML timestamp without a zone.\n",
		"content/posts/zoneless.fr.md":           "---\ntitle: Sans zone\ndate: 2014-05-06 10:00:00\n---\nUn horodatage sans zone.\n",
		"content/posts/local.md":                 "+++\ntitle = \"Local\"\ndate = 2014-05-11\n+++\nA TOML local date.\n",
		"content/posts/zoned.md":                 "---\ntitle: Zoned\ndate: 2014-05-13T10:00:00Z\n---\nA zone of its own.\n",
	})
	public := filepath.Join(src, "public")
	theirs := map[string]string{}
	for _, lang := range []string{"en", "fr"} {
		for loc, lm := range generatorSitemap(t, filepath.Join(public, lang, "sitemap.xml")) {
			theirs[loc] = lm
		}
	}
	for loc, want := range map[string]string{
		datesBase + "posts/by-name/":     "2014-05-14T00:00:00-07:00",
		datesBase + "fr/posts/by-name/":  "2014-05-14T00:00:00+02:00",
		datesBase + "posts/zoneless/":    "2014-05-06T10:00:00-07:00",
		datesBase + "fr/posts/zoneless/": "2014-05-06T10:00:00+02:00",
		datesBase + "posts/local/":       "2014-05-11T00:00:00-07:00",
		datesBase + "posts/zoned/":       "2014-05-13T10:00:00Z",
	} {
		if !sameInstant(theirs[loc], want) {
			t.Errorf("Hugo dates %s %q, not %s: the fixture is wrong", loc, theirs[loc], want)
		}
	}
	mustRun(t, src)
	ours := ourURLs(t, public)
	// The English home and posts list show posts/new (2025-04-26, in Los
	// Angeles): a list page is never older than what it lists, where
	// Hugo 0.111 writes its _index.md's date (TestHugoListPageNeverOlder).
	listed := map[string]bool{datesBase: true, datesBase + "posts/": true}
	for loc, lm := range theirs {
		switch {
		case listed[loc]:
			if !sameInstant(ours[loc], "2025-04-26T00:00:00-07:00") {
				t.Errorf("%s: our lastmod %q, want posts/new's 2025-04-26T00:00:00-07:00", loc, ours[loc])
			}
		case ours[loc] != lm && !sameInstant(ours[loc], lm):
			t.Errorf("%s: our lastmod %q, Hugo's %q", loc, ours[loc], lm)
		}
	}
	r := mustRun(t, src, "--explain", "fr/posts/zoneless/")
	if want := "(front matter date in Europe/Paris (hugo.toml languages.fr timeZone))"; !strings.Contains(r.stdout, want) {
		t.Errorf("--explain does not say %q:\n%s", want, r.stdout)
	}
}

// TestJekyllRubyDates builds testdata/jekyll-tz (timezone:
// America/Los_Angeles) with posts whose front matter dates Ruby's YAML
// leaves strings, which Jekyll reads with Time.parse: the time is kept
// and what follows it passed over (a year, then a zone: issue 97, item
// 17), a zone Time does not know leaves the time in the site's zone,
// words around the date are passed over. Each post is where Jekyll
// writes it (its day is the date's, not its file name's) and dated as
// jekyll-sitemap dates it, with no warning; before, each was "not a
// date", dated and placed by its file name's day.
func TestJekyllRubyDates(t *testing.T) {
	posts := map[string]string{
		"_posts/2023-01-01-year-after.md": "2023-01-29 18:30:22 2023 -0800",
		"_posts/2023-01-02-year-zone.md":  "2023-01-29 18:30:22 2023 -0500",
		"_posts/2023-01-03-words.md":      "2023-01-30 (updated)",
		"_posts/2023-01-04-cet.md":        "2023-01-31 18:30:22 CET",
		"_posts/2023-01-05-gmt-plus.md":   "2023-02-01 23:30:00 GMT+0200",
		"_posts/2023-01-06-evening.md":    "2023-02-02 6pm",
		"_posts/2023-01-07-quoted.md":     `"2023-02-03 10:00:00 PST"`,
	}
	files := map[string]string{}
	for name, date := range posts {
		files[name] = "---\nlayout: default\ntitle: A post\ndate: " + date + "\n---\nText.\n"
	}
	src, site := buildJekyllWith(t, "jekyll-tz", files)
	log := sameAsJekyllSitemap(t, src, site, map[string]string{
		datesBase + "2023/01/29/year-after/": "2023-01-29T18:30:22-08:00",
		datesBase + "2023/01/29/year-zone/":  "2023-01-29T18:30:22-08:00", // the -0500 passed over
		datesBase + "2023/01/30/words/":      "2023-01-30T00:00:00-08:00",
		datesBase + "2023/01/31/cet/":        "2023-01-31T18:30:22-08:00",
		datesBase + "2023/02/01/gmt-plus/":   "2023-02-01T23:30:00-08:00",
		datesBase + "2023/02/02/evening/":    "2023-02-02T18:00:00-08:00",
		datesBase + "2023/02/03/quoted/":     "2023-02-03T10:00:00-08:00",
	})
	if strings.Contains(log, "not a date") {
		t.Errorf("a date Jekyll reads is refused:\n%s", log)
	}
}

// sameAsJekyllSitemap checks the premise of a test of the Jekyll site
// src built into site: jekyll-sitemap dates each URL of want as want
// says. It then runs plain sitemapgen in src and holds what it wrote to
// jekyll-sitemap's sitemap, URL for URL and lastmod for lastmod, and
// returns what the run printed.
func sameAsJekyllSitemap(t *testing.T, src, site string, want map[string]string) string {
	t.Helper()
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	for loc, lm := range want {
		if !sameInstant(theirs[loc], lm) {
			t.Errorf("jekyll-sitemap dates %s %q, not %s: the fixture is wrong", loc, theirs[loc], lm)
		}
	}
	ours, log := zeroConfig(t, src, site, datesBase, "sources . (Jekyll's source)")
	compareSets(t, ours, theirs, nil, nil)
	for loc, lm := range theirs {
		if !sameInstant(ours[loc], lm) {
			t.Errorf("%s: our lastmod %q, jekyll-sitemap's %s", loc, ours[loc], lm)
		}
	}
	return log
}
