package e2e

// The comparisons with the generators' own sitemaps: Hugo's, MkDocs' and
// jekyll-sitemap's, of sites they build here (testdata/hugo, hugo-fm,
// jekyll-fm, mkdocs). ./test.sh installs Debian's hugo, jekyll, mkdocs and
// ruby-jekyll-sitemap for them.

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestHugoSite builds testdata/hugo with Hugo (two languages, aliases,
// pagination, 404 pages) and checks that our sitemap lists every URL
// Hugo's own sitemap lists, with the same hreflang alternates, and no
// alias page, no 404 page. ./test.sh installs Debian's hugo for it.
func TestHugoSite(t *testing.T) {
	_, public := buildHugo(t, "hugo")
	const base = "https://example.com/"

	// Hugo's sitemap: an index of one urlset per language.
	theirs := map[string][]string{} // URL → sorted "lang href" alternates
	index, err := sitemaptest.ReadFile(filepath.Join(public, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range index.Entries {
		f, err := sitemaptest.ReadFile(filepath.Join(public, filepath.FromSlash(strings.TrimPrefix(s.Loc, base))))
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range f.Entries {
			theirs[u.Loc] = alternates(u)
		}
	}
	if len(theirs) < 10 {
		t.Fatalf("Hugo's sitemap lists %d URLs; the fixture should make more", len(theirs))
	}

	out := filepath.Join(t.TempDir(), "out")
	log := mustRun(t, "", "--base-url", base, "--out", out, public).stderr
	t.Log(log)
	// The hreflang clusters are clean but on Hugo's pagers: a pager
	// (/page/2/) has its list page's links, as the fixture's template
	// writes them the usual way (range .AllTranslations, .Permalink):
	// they name the first page of each language, which does not list the
	// pager back, and not the pager itself. Google ignores such links;
	// the build says so, one warning a pager, and writes none of them.
	// Hugo's own sitemap lists no pager. Warnings of one cause past three
	// are one line, the first and how many more.
	var warned []string
	n := 0
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, "hreflang") {
			warned = append(warned, l)
			n++
			if i := strings.LastIndex(l, " (and "); i >= 0 && strings.HasSuffix(l, " more like it: --verbose prints each)") {
				more, err := strconv.Atoi(strings.Fields(l[i+len(" (and "):])[0])
				if err != nil {
					t.Fatal(err)
				}
				l, n = l[:i], n+more
			}
			if !pagerWarning.MatchString(l) {
				t.Errorf("an hreflang warning not of a pager: %s", l)
			}
		}
	}
	if n != 4 || len(warned) != 1 {
		t.Errorf("%d hreflang warnings in %d lines, want one for each of the 4 pagers, in one line:\n%s", n, len(warned), strings.Join(warned, "\n"))
	}
	entries, _, err := sitemaptest.URLs(out, base)
	if err != nil {
		t.Fatal(err)
	}
	ours := map[string][]string{}
	for _, u := range entries {
		ours[u.Loc] = alternates(u)
	}

	pagers := 0
	for loc, alts := range ours {
		if strings.Contains(loc, "/page/") {
			pagers++
			if len(alts) > 0 {
				t.Errorf("pager %s: alternates %q written, another page's", loc, alts)
			}
		}
	}
	if pagers < 4 {
		t.Errorf("%d pagers listed, want at least the 4 warned about", pagers)
	}
	for loc, alts := range theirs {
		got, ok := ours[loc]
		switch {
		case !ok:
			t.Errorf("Hugo lists %s; we do not", loc)
		case !slices.Equal(got, alts):
			t.Errorf("%s: our alternates %q, Hugo's %q", loc, got, alts)
		}
	}
	// No alias (redirect) page and no 404 page is listed.
	var aliases int
	err = filepath.WalkDir(public, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		rel, _ := filepath.Rel(public, path)
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		url := base + strings.TrimSuffix(rel, "index.html")
		switch {
		case bytes.Contains(data, []byte(`http-equiv="refresh"`)):
			aliases++
			if _, listed := ours[url]; listed {
				t.Errorf("alias page %s is listed", rel)
			}
		case strings.HasSuffix(rel, "404.html"):
			if _, listed := ours[url]; listed {
				t.Errorf("404 page %s is listed", rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if aliases < 5 {
		t.Errorf("%d alias pages; the fixture should make more", aliases)
	}
	t.Logf("Hugo lists %d URLs, we list %d (pagination pages besides); %d alias pages left out", len(theirs), len(ours), aliases)
	sitemaptest.MustValidate(t, out)
}

// TestHugoSitemapsTakenOver: "hugo && sitemapgen" in a two-language
// project leaves one set of sitemaps, ours: Hugo's sitemap of each
// language answers, once ours is written, with our URLs under its folder
// (TestHugoSitemapURLsAnswer); English, the default language, is at the
// site's root, and Hugo's en/sitemap.xml lists URLs outside /en/, which
// no sitemap there may list: it goes, with a warning. robots.txt's lines
// for them are replaced by ours; validate then finds no URL twice. With
// --keep-generator-sitemaps they stay, each with a warning.
func TestHugoSitemapsTakenOver(t *testing.T) {
	src, public := buildHugo(t, "hugo")
	const base = "https://example.com/"
	robots := "User-agent: *\nSitemap: https://example.com/en/sitemap.xml\nSitemap: https://example.com/de/sitemap.xml\n"
	if err := os.WriteFile(filepath.Join(public, "robots.txt"), []byte(robots), 0o644); err != nil {
		t.Fatal(err)
	}
	langs := []string{"de/sitemap.xml", "en/sitemap.xml"}
	for _, name := range langs {
		if _, err := sitemaptest.ReadFile(filepath.Join(public, name)); err != nil {
			t.Fatalf("Hugo did not write %s: %v", name, err)
		}
	}
	r := mustRun(t, src, "--robots")
	for _, want := range []string{
		"sitemapgen: replaced Hugo's own sitemap at its URL with one that leads to ours, for search engines given it: de/sitemap.xml",
		filepath.Join("public", "en", "sitemap.xml") + ": warning: Hugo's own sitemap removed: no URL of ours lies under /en/, and a sitemap there may list only those (search engines ignore the others); one given its URL gets a 404: give it https://example.com/sitemap.xml",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("the run does not say %q:\n%s", want, r.stderr)
		}
	}
	answers(t, public, base, "sitemap.xml", []string{"de/sitemap.xml"})
	if _, err := os.Stat(filepath.Join(public, "en", "sitemap.xml")); err == nil {
		t.Error("en/sitemap.xml is still there")
	}
	got, _ := os.ReadFile(filepath.Join(public, "robots.txt"))
	if want := "User-agent: *\nSitemap: https://example.com/sitemap.xml\n"; string(got) != want {
		t.Errorf("robots.txt:\n%s\nwant:\n%s", got, want)
	}
	// validate finds no URL twice, and no hreflang problem: the pagers'
	// links, another page's (see TestHugoSite), are not written.
	if v := run(t, src, nil, "validate", "public"); v.code != 0 {
		t.Errorf("validate public: exit %d, want 0\n%s%s", v.code, v.stdout, v.stderr)
	}
	sitemaptest.MustValidate(t, public)

	// Kept on request, with a warning for each.
	src, public = buildHugo(t, "hugo")
	r = mustRun(t, src, "--keep-generator-sitemaps")
	for _, name := range langs {
		if _, err := os.Stat(filepath.Join(public, name)); err != nil {
			t.Errorf("--keep-generator-sitemaps: %s: %v", name, err)
		}
		if want := filepath.Join("public", name) + ": warning: Hugo's own sitemap, kept beside ours"; !strings.Contains(r.stderr, want) {
			t.Errorf("no warning %q:\n%s", want, r.stderr)
		}
	}
}

// TestHugoLanguageFolders builds testdata/hugo-langdirs, whose languages
// keep their content in folders of their own (languages.fr.contentDir),
// with Hugo, and runs plain sitemapgen in the project: each language's
// pages joined to their folder's sources, list pages dated by their
// language's newest page, every URL and date of Hugo's two sitemaps.
func TestHugoLanguageFolders(t *testing.T) {
	src, public := buildHugo(t, "hugo-langdirs")
	const base = "https://example.com/"
	theirs := generatorSitemaps(t, filepath.Join(public, "en", "sitemap.xml"), filepath.Join(public, "fr", "sitemap.xml"))
	ours, log := zeroConfig(t, src, public, base, "sources content_en, content_fr (the contentDir of each of Hugo's languages)")
	compareSets(t, ours, theirs, nil, nil)
	// /fr/, whose _index.md says 2024-01-05 (Hugo's date), lists
	// Bonjour of 2024-03-07: never older than what it lists.
	newer := map[string]string{base + "fr/": "2024-03-07T00:00:00Z"}
	for loc, want := range theirs {
		if w, ok := newer[loc]; ok {
			want = w
		}
		if got := ours[loc]; got != want && !sameInstant(got, want) {
			t.Errorf("%s: lastmod %q, Hugo's %q", loc, got, want)
		}
	}
	// The home page, the sections, the tags and their terms without a
	// lastmod of their own take their newest page's, in their language,
	// which Hugo's sitemap gives them (the second look's R2): /fr/posts/
	// and /fr/tags/news/ Bonjour's. /fr/ shows a page newer than its own
	// and Hugo's date. (The empty categories have none, as in Hugo's.)
	if !sameInstant(ours[base+"fr/posts/"], "2024-03-07T00:00:00Z") || !sameInstant(ours[base+"fr/tags/news/"], "2024-03-07T00:00:00Z") ||
		!strings.Contains(log, "lastmod: 8 sitemap, 5 frontmatter, 1 newest listed, 2 none") {
		t.Errorf("/fr/posts/: lastmod %q; the pages are not dated by their sources and list pages by their newest page:\n%s", ours[base+"fr/posts/"], log)
	}
}

// TestHugoLanguageFoldersFileNameDates builds testdata/hugo-langdirs-filename,
// whose languages keep their content in folders of their own and whose
// posts are dated by the date in their file names ([frontmatter] lastmod
// with :filename), with Hugo, and runs plain sitemapgen in the project:
// each post has the date Hugo's sitemap gives it, in each language's
// folder as in one content folder (the preset of each language's folder
// reads the file's name, as the site's does).
func TestHugoLanguageFoldersFileNameDates(t *testing.T) {
	src, public := buildHugo(t, "hugo-langdirs-filename")
	const base = "https://example.com/"
	theirs := generatorSitemaps(t, filepath.Join(public, "en", "sitemap.xml"), filepath.Join(public, "fr", "sitemap.xml"))
	ours, log := zeroConfig(t, src, public, base, "sources content_en, content_fr (the contentDir of each of Hugo's languages)")
	for loc, want := range map[string]string{base + "posts/hello/": "2021-03-04", base + "fr/posts/bonjour/": "2021-05-06"} {
		if !strings.HasPrefix(theirs[loc], want) {
			t.Fatalf("%s: Hugo's lastmod %q, want %s (the fixture's Hugo no longer reads :filename so)", loc, theirs[loc], want)
		}
		if got := ours[loc]; !sameInstant(got, theirs[loc]) {
			t.Errorf("%s: lastmod %q, Hugo's %q (the date of its file's name)\n%s", loc, got, theirs[loc], log)
		}
	}
}

// pagerWarning matches the build's warning about the hreflang links of
// a pager of testdata/hugo: its list page's.
var pagerWarning = regexp.MustCompile(`/public/(posts/)?page/\d+/index\.html:\d+: warning: the hreflang links are another page's: this page is not among them, and neither https://example\.com/(posts/)? nor https://example\.com/de/(posts/)? lists it back .*; none written$`)

func alternates(u sitemaptest.Entry) []string {
	var alts []string
	for _, l := range u.Links {
		alts = append(alts, fmt.Sprintf("%s %s %s", l.Rel, l.Hreflang, l.Href))
	}
	slices.Sort(alts)
	return alts
}

// buildHugo copies testdata/fixture to a temporary folder and builds it
// with Hugo, returning the copy and its public folder (testtool.Program:
// Hugo is needed, and skipped by go test -short).
func buildHugo(t *testing.T, fixture string) (src, public string) {
	t.Helper()
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	src = filepath.Join(t.TempDir(), "site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", fixture))); err != nil {
		t.Fatal(err)
	}
	public = filepath.Join(src, "public")
	if out, err := exec.Command(hugo, "--source", src, "--destination", public, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	return src, public
}

// buildJekyll copies testdata/FIXTURE and builds it with Jekyll (and
// its jekyll-sitemap and jekyll-redirect-from plugins) in UTC,
// returning the project and the built site.
func buildJekyll(t *testing.T, fixture string) (src, site string) {
	t.Helper()
	return buildJekyllWith(t, fixture, nil)
}

// buildJekyllWith is buildJekyll with files (path → contents) written
// into the copy first.
func buildJekyllWith(t *testing.T, fixture string, files map[string]string) (src, site string) {
	t.Helper()
	jekyll := testtool.Program(t, "jekyll", "apt-get install jekyll ruby-jekyll-sitemap ruby-jekyll-redirect-from")
	src = filepath.Join(t.TempDir(), "site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", fixture))); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		write(t, filepath.Join(src, filepath.FromSlash(name)), body)
	}
	site = filepath.Join(src, "_site")
	cmd := exec.Command(jekyll, "build", "--quiet", "--source", src, "--destination", site)
	cmd.Env = append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jekyll: %v\n%s", err, out)
	}
	return src, site
}

// generatorSitemaps reads the URLs and lastmods of a generator's own
// sitemaps, several urlsets (a Hugo site's of each language), as one.
func generatorSitemaps(t *testing.T, paths ...string) map[string]string {
	t.Helper()
	all := map[string]string{}
	for _, p := range paths {
		maps.Copy(all, generatorSitemap(t, p))
	}
	return all
}

// generatorSitemap reads the URLs and lastmods of a generator's own
// sitemap.xml (a urlset).
func generatorSitemap(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := sitemaptest.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	urls := map[string]string{}
	for _, e := range f.Entries {
		urls[e.Loc] = e.LastMod
	}
	return urls
}

// ourSitemap runs sitemapgen with args and returns its URLs and lastmods,
// and what it printed.
func ourSitemap(t *testing.T, out, base string, args ...string) (map[string]string, string) {
	t.Helper()
	r := mustRun(t, "", args...)
	entries, _, err := sitemaptest.URLs(out, base)
	if err != nil {
		t.Fatal(err)
	}
	urls := map[string]string{}
	for _, e := range entries {
		urls[e.Loc] = e.LastMod
	}
	sitemaptest.MustValidate(t, out)
	return urls, r.stderr
}

// zeroConfig runs plain sitemapgen in the project folder src, whose
// generator built the site into out, as a user does after a build, and
// returns our URLs and lastmods and what it printed. The run must say
// it joined the pages to their sources (detected), and no lastmod may
// be the build's day: the built files' times are never a page's date.
func zeroConfig(t *testing.T, src, out, base, detected string) (map[string]string, string) {
	t.Helper()
	// The generator built the site today (UTC), perhaps just before
	// midnight: either day is the build's.
	today := map[string]bool{}
	for _, d := range []time.Time{time.Now().UTC().Add(-time.Hour), time.Now().UTC()} {
		today[d.Format(time.DateOnly)] = true
	}
	log := mustRun(t, src).stderr
	entries, _, err := sitemaptest.URLs(out, base)
	if err != nil {
		t.Fatal(err)
	}
	sitemaptest.MustValidate(t, out)
	ours := map[string]string{}
	for _, e := range entries {
		ours[e.Loc] = e.LastMod
	}
	if !strings.Contains(log, detected) {
		t.Errorf("the run does not say %q:\n%s", detected, log)
	}
	for loc, lm := range ours {
		if len(lm) >= 10 && today[lm[:10]] {
			t.Errorf("%s: lastmod %s, the day of the build", loc, lm)
		}
	}
	return ours, log
}

// sameInstant compares two W3C datetimes.
func sameInstant(a, b string) bool {
	ta, err1 := time.Parse(time.RFC3339, a)
	tb, err2 := time.Parse(time.RFC3339, b)
	return err1 == nil && err2 == nil && ta.Equal(tb)
}

// compareSets reports URLs one set has and the other lacks, but those in
// allowed (documented differences), which must hold as stated.
func compareSets(t *testing.T, ours, theirs map[string]string, onlyTheirs, onlyOurs []string) {
	t.Helper()
	for loc := range theirs {
		if _, ok := ours[loc]; !ok && !slices.Contains(onlyTheirs, loc) {
			t.Errorf("the generator lists %s; we do not", loc)
		}
	}
	for loc := range ours {
		if _, ok := theirs[loc]; !ok && !slices.Contains(onlyOurs, loc) {
			t.Errorf("we list %s; the generator does not", loc)
		}
	}
	both, dated := 0, 0
	for _, loc := range onlyTheirs {
		if _, ok := ours[loc]; ok {
			t.Errorf("we list %s; the documented difference says we do not", loc)
		}
	}
	for loc, lm := range theirs {
		if got, ok := ours[loc]; ok {
			both++
			if got == lm || sameInstant(got, lm) {
				dated++
			}
		}
	}
	t.Logf("URLs: %d in both sitemaps, of the generator's %d and our %d; %d with the same lastmod (or none in both)", both, len(theirs), len(ours), dated)
}

// checkLastMods checks that every page whose front matter has a date has
// that date as lastmod, in our sitemap and in the generator's.
func checkLastMods(t *testing.T, ours, theirs map[string]string, want map[string]string) {
	t.Helper()
	for loc, date := range want {
		if got, ok := ours[loc]; ok && !sameInstant(got, date) {
			t.Errorf("%s: our lastmod %s, the front matter's %s", loc, got, date)
		}
		if got, ok := theirs[loc]; ok && !sameInstant(got, date) {
			t.Errorf("%s: the generator's lastmod %s, the front matter's %s (the fixture's expectation is wrong)", loc, got, date)
		}
	}
}

// TestHugoFrontMatter builds testdata/hugo-fm with Hugo and compares our
// sitemaps, joined to content/ and in content mode, with Hugo's own.
func TestHugoFrontMatter(t *testing.T) {
	src, public := buildHugo(t, "hugo-fm")
	const base = "https://example.com/"
	theirs := generatorSitemap(t, filepath.Join(public, "sitemap.xml"))
	hugoFile, err := sitemaptest.ReadFile(filepath.Join(public, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}

	// Deliberate differences. Hugo 0.111 does not know sitemap.disable
	// (Hugo 0.125 and later leave the page out, as we do). A list page
	// whose _index.md gives it a date older than the newest page it
	// lists is dated by that page (2024-09-10, docs/api): Hugo's sitemap
	// gives it the _index.md's (newer gives the home page and docs/).
	hidden := base + "docs/hidden/"
	newer := map[string]string{base: "2024-09-10T00:00:00Z", base + "docs/": "2024-09-10T00:00:00Z"}
	dates := map[string]string{
		base + "about/":                                    "2024-02-03T10:00:00Z",
		base + "2024/03/hello-world/":                      "2024-03-04T05:06:07Z",
		base + "2024/04/permalinks-when-the-title-speaks/": "2024-04-05T00:00:00Z",
		base + "2024/05/a-trip/":                           "2024-07-08T00:00:00Z",
		base + "docs/setup/":                               "2024-02-02T00:00:00Z",
		base + "docs/api/":                                 "2024-09-10T00:00:00Z",
		base + "guide/":                                    "2024-01-15T00:00:00Z",
	}

	t.Run("joined", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "out")
		ours, log := ourSitemap(t, out, base, "--base-url", base, "--out", out, "--source", filepath.Join(src, "content"), "--verbose", public)
		// Hugo's pagination pages (/page/1/) are redirect stubs, its 404
		// page an error page: both left out by reading the built pages.
		compareSets(t, ours, theirs, []string{hidden}, nil)
		checkLastMods(t, ours, theirs, dates)
		checkLastMods(t, ours, nil, newer)
		for _, want := range []string{
			"posts/draft.md: source with no built page at its URL",
			"posts/future.md: source with no built page at its URL",
			"docs/hidden/index.html: skipped: sitemap: false",
		} {
			if !strings.Contains(log, want) {
				t.Errorf("--verbose does not say %q:\n%s", want, log)
			}
		}
	})

	// Zero configuration, as a user runs it: "hugo && sitemapgen".
	t.Run("zero-config", func(t *testing.T) {
		ours, log := zeroConfig(t, src, public, base, "sources "+filepath.Join("content")+" (Hugo's contentDir)")
		compareSets(t, ours, theirs, []string{hidden}, nil)
		checkLastMods(t, ours, theirs, dates)
		checkLastMods(t, ours, nil, newer)
		// Every date agrees with Hugo's but newer's, list pages' included: a section,
		// a taxonomy (tags, and the site's own series) and its terms take
		// the newest page they list.
		for _, loc := range []string{base + "series/", base + "series/travel-notes/"} {
			if got := ours[loc]; !sameInstant(got, "2024-07-08T00:00:00Z") {
				t.Errorf("%s: lastmod %q, want the newest of its pages', 2024-07-08", loc, got)
			}
		}
		agree := 0
		for loc, lm := range theirs {
			got, ok := ours[loc]
			switch {
			case !ok:
			case lm == "" && got == "" || sameInstant(got, lm):
				agree++
			case newer[loc] != "":
			default:
				t.Errorf("%s: our lastmod %q, Hugo's %q", loc, got, lm)
			}
		}
		t.Logf("%d of Hugo's %d URLs listed with the same lastmod\n%s", agree, len(theirs), log)

		// changefreq and priority: [sitemap]'s (weekly, 0.4) on every
		// page, a page's own sitemap: block on it (docs/setup: monthly,
		// 0.7), as in Hugo's.
		entries, _, err := sitemaptest.URLs(public, base)
		if err != nil {
			t.Fatal(err)
		}
		hugo := map[string]sitemaptest.Entry{}
		for _, e := range hugoFile.Entries {
			hugo[e.Loc] = e
		}
		same := 0
		for _, e := range entries {
			h, ok := hugo[e.Loc]
			if !ok {
				continue
			}
			if e.ChangeFreq != h.ChangeFreq || e.Priority != h.Priority {
				t.Errorf("%s: changefreq %q priority %q, Hugo's %q %q", e.Loc, e.ChangeFreq, e.Priority, h.ChangeFreq, h.Priority)
			} else {
				same++
			}
		}
		if same < 10 || hugo[base+"docs/setup/"].ChangeFreq != "monthly" || hugo[base+"about/"].Priority != "0.4" {
			t.Errorf("%d URLs with Hugo's changefreq and priority; the fixture's [sitemap] or sitemap: block is not what Hugo wrote", same)
		}
	})

	t.Run("content", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "out")
		cfg := filepath.Join(src, "sitemap.yaml")
		if err := os.WriteFile(cfg, []byte("mode: content\nbase_url: "+base+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(cfg)
		// A folder outside the project: given on the command line (out:
		// in the file stays in the project's tree).
		ours, log := ourSitemap(t, out, base, "--config", cfg, "--out", out, "--verbose")
		// Taxonomy lists have no source file: content mode cannot know them.
		taxonomies := []string{base + "tags/", base + "tags/greeting/", base + "categories/", base + "series/", base + "series/travel-notes/"}
		compareSets(t, ours, theirs, append(taxonomies, hidden), nil)
		checkLastMods(t, ours, theirs, dates)
		for _, want := range []string{
			"posts/draft.md: skipped: draft",
			"posts/future.md: skipped: future",
			"posts/expired.md: skipped: expired",
			"posts/trip/notes.md: skipped: not a page of the generator",
		} {
			if !strings.Contains(log, want) {
				t.Errorf("--verbose does not say %q:\n%s", want, log)
			}
		}
		setup, _, err := sitemaptest.URLs(out, base)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range setup {
			if e.Loc == base+"docs/setup/" && (e.ChangeFreq != "monthly" || e.Priority != "0.7") {
				t.Errorf("docs/setup: changefreq %q priority %q; its sitemap: block says monthly, 0.7", e.ChangeFreq, e.Priority)
			}
		}
	})
}

// TestJekyllFrontMatter builds testdata/jekyll-fm with Jekyll and the
// jekyll-sitemap plugin and compares our sitemaps with the plugin's.
func TestJekyllFrontMatter(t *testing.T) {
	src, site := buildJekyll(t, "jekyll-fm")
	const base = "https://example.com/"
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	dates := map[string]string{
		base + "2024/01/02/first-post/":          "2024-03-01T08:00:00Z",
		base + "news/updates/2024/02/03/second/": "2024-02-03T10:00:00Z",
		base + "blog/2024/05/06/in-blog/":        "2024-05-06T00:00:00Z",
		base + "about-us/":                       "2024-04-04T00:00:00Z",
		// defaults: gives guides/ a permalink; legal/ is sitemap: false.
		base + "handbook/intro/": "2024-06-07T08:00:00Z",
	}
	// A collection document without a date: jekyll-sitemap gives it the
	// build's time; we give none.
	soup := base + "recipes/soup/"
	// A static file jekyll-sitemap lists: zero-config lists Jekyll's
	// documents (PDFs) too; given flags, the include list is the user's,
	// and content mode lists the pages of the sources.
	pdf := base + "docs/manual.pdf"

	t.Run("joined", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "out")
		ours, _ := ourSitemap(t, out, base, "--base-url", base, "--out", out, "--source", src, "--preset", "jekyll", site)
		compareSets(t, ours, theirs, []string{pdf}, nil)
		checkLastMods(t, ours, theirs, dates)
		if _, ok := ours[soup]; !ok {
			t.Errorf("%s, a collection document, is not listed", soup)
		}
	})

	// Zero configuration, as a user runs it: "jekyll build && sitemapgen".
	t.Run("zero-config", func(t *testing.T) {
		ours, _ := zeroConfig(t, src, site, base, "sources . (Jekyll's source)")
		compareSets(t, ours, theirs, nil, nil) // the PDF included
		checkLastMods(t, ours, theirs, dates)
		if lm, ok := ours[soup]; !ok || lm != "" {
			t.Errorf("%s, a collection document with no date anywhere: listed %v, lastmod %q; want listed, with none", soup, ok, lm)
		}
		// jekyll-redirect-from's page for about.md's redirect_from: a
		// redirect, listed by neither.
		if _, err := os.Stat(filepath.Join(site, "old-about", "index.html")); err != nil {
			t.Errorf("jekyll-redirect-from wrote no old-about/: %v", err)
		}
		if _, ok := ours[base+"old-about/"]; ok {
			t.Errorf("%sold-about/, a redirect, is listed", base)
		}
		// An event page's date (2099) is no lastmod: neither sitemap has one.
		if lm := ours[base+"event/"]; lm != "" {
			t.Errorf("%sevent/: lastmod %s, its front matter's date in the future", base, lm)
		}
		agree := 0
		for loc, lm := range theirs {
			if got, ok := ours[loc]; ok && (lm == got || sameInstant(got, lm)) {
				agree++
			} else {
				t.Logf("%s: ours %q, jekyll-sitemap's %q", loc, got, lm)
			}
		}
		t.Logf("%d of jekyll-sitemap's %d URLs listed with the same lastmod (the others: its build time where nothing dates the page, our none)", agree, len(theirs))
	})

	t.Run("content", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "out")
		cfg := filepath.Join(src, "sitemap.yaml")
		if err := os.WriteFile(cfg, []byte("mode: content\npreset: jekyll\nbase_url: "+base+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(cfg)
		// A folder outside the project: given on the command line.
		ours, log := ourSitemap(t, out, base, "--config", cfg, "--out", out, "--verbose")
		compareSets(t, ours, theirs, []string{pdf}, nil)
		checkLastMods(t, ours, theirs, dates)
		for _, want := range []string{
			"_posts/2099-01-01-future.md: skipped: future",
			"_posts/2024-01-05-unpublished.md: skipped: draft",
			"private.md: skipped: sitemap: false",
			"readme.md: skipped: not a page of the generator",
		} {
			if !strings.Contains(log, want) {
				t.Errorf("--verbose does not say %q:\n%s", want, log)
			}
		}
	})
}

// TestMkDocsSite builds testdata/mkdocs, committed to git, with MkDocs
// and runs plain sitemapgen in the project, as "mkdocs build &&
// sitemapgen": every URL of MkDocs' sitemap is listed, each dated by the
// last commit of its Markdown source (MkDocs dates every page by the
// build), and MkDocs' sitemap.xml.gz answers with an index of ours
// (TestMkDocsSitemapURLsAnswer). ./test.sh installs Debian's mkdocs for
// it.
func TestMkDocsSite(t *testing.T) {
	mkdocs := testtool.Program(t, "mkdocs", "apt-get install mkdocs")
	src := filepath.Join(t.TempDir(), "docs-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "mkdocs"))); err != nil {
		t.Fatal(err)
	}
	// The docs in git: two commits, the second touching about.md only.
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	if err := os.WriteFile(filepath.Join(src, "docs", "about.md"), []byte("# About\n\nAbout us, again.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitAt(t, src, "2024-02-03T10:00:00Z", "commit", "-q", "-a", "-m", "about")
	cmd := exec.Command(mkdocs, "build", "--quiet")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mkdocs: %v\n%s", err, out)
	}
	site := filepath.Join(src, "site")
	const base = "https://example.com/docs/"
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	if len(theirs) < 4 {
		t.Fatalf("MkDocs' sitemap lists %d URLs; the fixture has 4 pages", len(theirs))
	}
	ours, log := zeroConfig(t, src, site, base, "base URL "+base+" from mkdocs.yml site_url; sources docs (MkDocs' docs_dir)")
	compareSets(t, ours, theirs, nil, nil)
	// Each page is dated by its source's last commit, where MkDocs gives
	// every page its build's day.
	for loc, want := range map[string]string{
		base: "2024-01-01T00:00:00Z", base + "about/": "2024-02-03T10:00:00Z",
		base + "guide/setup/": "2024-01-01T00:00:00Z", base + "guide/usage/": "2024-01-01T00:00:00Z",
	} {
		if got := ours[loc]; !sameInstant(got, want) {
			t.Errorf("%s: lastmod %q, want %s (its source's last commit)", loc, got, want)
		}
	}
	if want := "sitemapgen: replaced MkDocs's own sitemap at its URL with one that leads to ours, for search engines given it: sitemap.xml.gz"; !strings.Contains(log, want) {
		t.Errorf("the run does not say %q:\n%s", want, log)
	}
	answers(t, site, base, "sitemap.xml", []string{"sitemap.xml.gz"})
}

// gitAt runs git in dir as a fixed author, with the author and committer
// dates date. It skips the test when git is not installed (./test.sh
// installs it).
func gitAt(t *testing.T, dir, date string, args ...string) {
	t.Helper()
	gitDated(t, dir, date, date, args...)
}

// gitDated runs git with args in dir, with the author date authored and
// the committer date committed for any commit it makes.
func gitDated(t *testing.T, dir, authored, committed string, args ...string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed (./test.sh installs it)")
	}
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+authored, "GIT_COMMITTER_DATE="+committed,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// commitHistory makes dir a git repository with one commit per line,
// "DATE PATH…", in order: the first line's paths may be "*", every file
// that no later line names.
func commitHistory(t *testing.T, dir string, lines ...string) {
	t.Helper()
	gitAt(t, dir, "2000-01-01T00:00:00Z", "init", "-q")
	later := map[string]bool{}
	for _, ln := range lines[1:] {
		for _, f := range strings.Fields(ln)[1:] {
			later[f] = true
		}
	}
	for i, ln := range lines {
		f := strings.Fields(ln)
		date, paths := f[0], f[1:]
		if i == 0 && len(paths) == 1 && paths[0] == "*" {
			gitAt(t, dir, date, "add", "-A")
			for p := range later {
				gitAt(t, dir, date, "rm", "-r", "-q", "--cached", "--", p)
			}
		} else {
			gitAt(t, dir, date, append([]string{"add", "--"}, paths...)...)
		}
		gitAt(t, dir, date, "commit", "-q", "--allow-empty", "-m", "commit "+date)
	}
}

// TestAstroSite builds testdata/astro with Astro 5 and its sitemap
// integration (pinned in package-lock.json; ./test.sh installs them with
// npm install) and runs plain sitemapgen in the project, as "npm run build &&
// sitemapgen": every URL of Astro's sitemap but its noindex page, in its
// URL style (trailingSlash 'never': no URL ends in / but the home page),
// no redirect page, no lastmod from the build, Astro's sitemap-index.xml
// answering with an index of ours and its sitemap-0.xml gone
// (TestAstroSitemapURLsAnswer).
func TestAstroSite(t *testing.T) {
	src := nodeProject(t, "astro", "src", "astro.config.mjs", "package.json")
	// A route that paginates the collection (its pages are lists, dated
	// by the entries they show), and one that makes a page from data
	// (no list, though it links to an entry). Each entry shows its date
	// and its description, whose link is no entry.
	const entry = `<li><h2><a href={` + "`/posts/${post.id}`" + `}>{post.data.title}</a></h2>` +
		`<time datetime={(post.data.updatedDate ?? post.data.pubDate).toISOString()}>{(post.data.updatedDate ?? post.data.pubDate).toDateString()}</time>` +
		`{post.data.description && <p set:html={post.data.description} />}</li>`
	write(t, filepath.Join(src, "src", "pages", "archive", "[...page].astro"), `---
import { getCollection } from 'astro:content';
export async function getStaticPaths({ paginate }) {
  const posts = (await getCollection('blog')).sort((a, b) => a.data.pubDate.valueOf() - b.data.pubDate.valueOf());
  return paginate(posts, { pageSize: 2 });
}
const { page } = Astro.props;
---
<html lang="en"><head><meta charset="utf-8"><title>Archive</title></head><body><main><ul>{page.data.map((post) => `+entry+`)}</ul></main></body></html>
`)
	// A paginate() route beside the collection's rest route in one
	// folder (the astro-erudite template's blog/[...page].astro and
	// blog/[...id].astro, found by the corpus): /posts/2 matches both,
	// and is a list.
	write(t, filepath.Join(src, "src", "pages", "posts", "[...page].astro"), `---
import { getCollection } from 'astro:content';
export async function getStaticPaths({ paginate }) {
  const posts = (await getCollection('blog')).sort((a, b) => b.data.pubDate.valueOf() - a.data.pubDate.valueOf());
  return paginate(posts, { pageSize: 3 });
}
const { page } = Astro.props;
---
<html lang="en"><head><meta charset="utf-8"><title>Posts</title></head><body><main><ul>{page.data.map((post) => `+entry+`)}</ul></main></body></html>
`)
	// An entry in a folder of its own, the newest by its update, which
	// /posts shows among two entries of the top folder (astro-theme-cactus'
	// markdown-elements/admonitions.md; issue 86); and an entry whose
	// description links to a newer page, which /archive/2 shows.
	write(t, filepath.Join(src, "src", "content", "blog", "markdown-elements", "admonitions.md"),
		"---\ntitle: Admonitions\npubDate: 2024-05-01\nupdatedDate: 2025-07-04\n---\nNotes and tips.\n")
	write(t, filepath.Join(src, "src", "content", "blog", "first-entry.md"),
		"---\ntitle: First entry\npubDate: 2024-06-01\nupdatedDate: 2024-06-15\n"+
			"description: 'Continued in <a href=\"/projects/alpha\">the alpha project</a>.'\n---\nThe first entry of the collection.\n")
	write(t, filepath.Join(src, "src", "pages", "notes", "[note].astro"), `---
export function getStaticPaths() { return [{ params: { note: 'a' } }]; }
---
<html lang="en"><head><meta charset="utf-8"><title>A note</title></head><body><main><p>See <a href="/posts/second-entry">the second entry</a>.</p></main></body></html>
`)
	// A route over a JSON file (issue 67): its pages are built from the
	// route and the file, and dated by the newest of them.
	write(t, filepath.Join(src, "src", "data", "projects.json"), `[{"slug": "alpha", "title": "Alpha"}, {"slug": "beta", "title": "Beta"}]
`)
	write(t, filepath.Join(src, "src", "pages", "projects", "[slug].astro"), `---
import projects from '../../data/projects.json';
export function getStaticPaths() {
  return projects.map((p) => ({ params: { slug: p.slug }, props: { p } }));
}
const { p } = Astro.props;
---
<html lang="en"><head><meta charset="utf-8"><title>{p.title}</title></head><body><main><h1>{p.title}</h1></main></body></html>
`)
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("node_modules\ndist\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z src/pages/about.astro src/pages/blog/second-post.md", "2024-08-09T12:00:00Z src/data/projects.json")
	astroBuild(t, src)
	dist := filepath.Join(src, "dist")
	const base = "https://example.com/"
	for page, shows := range map[string][]string{
		"posts":     {`href="/posts/markdown-elements/admonitions"`, `datetime="2025-07-04`},
		"archive/2": {`href="/projects/alpha"`, `datetime="2024-07-01`},
	} {
		if data, err := os.ReadFile(filepath.Join(dist, page, "index.html")); err != nil || slices.ContainsFunc(shows, func(s string) bool { return !strings.Contains(string(data), s) }) {
			t.Fatalf("the fixture's premise: Astro's /%s shows %q (%v):\n%s", page, shows, err, data)
		}
	}
	idx, err := sitemaptest.ReadFile(filepath.Join(dist, "sitemap-index.xml"))
	if err != nil {
		t.Fatal(err)
	}
	theirs := map[string]string{}
	for _, s := range idx.Entries {
		for loc, lm := range generatorSitemap(t, filepath.Join(dist, filepath.FromSlash(strings.TrimPrefix(s.Loc, base)))) {
			theirs[loc] = lm
		}
	}
	ours, log := zeroConfig(t, src, dist, base, "Astro URL style (clean URLs, folders without /; from astro.config.mjs); sources src/pages, src/content/blog (Astro)")
	// Astro's sitemap lists its noindex page.
	compareSets(t, ours, theirs, []string{base + "private"}, nil)
	// Astro's sitemap has no dates; ours are the pages' own: pubDate, else
	// the last commit of the page's source.
	for loc, want := range map[string]string{
		base + "blog/hello-world": "2024-03-04T00:00:00Z",
		base + "blog/second-post": "2024-02-03T10:00:00Z",
		base + "about":            "2024-02-03T10:00:00Z",
		base:                      "2024-01-01T00:00:00Z",
		base + "blog":             "2024-01-01T00:00:00Z",
		// The entries of a content collection, published by
		// pages/posts/[...slug].astro at their ids, as the blog template
		// does: updatedDate, else pubDate.
		base + "posts/first-entry":  "2024-06-15T00:00:00Z",
		base + "posts/second-entry": "2024-07-01T00:00:00Z",
		// The blog starter's dates, which Date reads: 'Jul 10 2022'.
		base + "posts/starter-post":                  "2022-07-10T00:00:00Z",
		base + "posts/markdown-elements/admonitions": "2025-07-04T00:00:00Z",
		// paginate()'s pages: the newest entry each shows (issue 67),
		// an entry in a folder of its own too (issue 86), not the
		// project an entry's description links to (2024-08-09).
		base + "archive":   "2025-07-04T00:00:00Z",
		base + "archive/2": "2024-07-01T00:00:00Z",
		base + "posts":     "2025-07-04T00:00:00Z",
		base + "posts/2":   "2022-07-10T00:00:00Z",
		// A route's pages made from its JSON file: the newest of the
		// two; from literals in its code: the route's (issue 67).
		base + "projects/alpha": "2024-08-09T12:00:00Z",
		base + "projects/beta":  "2024-08-09T12:00:00Z",
		base + "notes/a":        "2024-01-01T00:00:00Z",
	} {
		if got := ours[loc]; !sameInstant(got, want) {
			t.Errorf("%s: lastmod %q, want %s", loc, got, want)
		}
	}
	for loc := range ours {
		if loc != base && strings.HasSuffix(loc, "/") {
			t.Errorf("%s ends in /; the site's trailingSlash is 'never'", loc)
		}
		if strings.HasSuffix(loc, "/old") {
			t.Errorf("%s, a redirect page, is listed", loc)
		}
	}
	if strings.Contains(log, "is not a date") {
		t.Errorf("a date of the blog starter's form is refused:\n%s", log)
	}
	for _, want := range []string{
		"replaced Astro's own sitemaps at their URLs with ones that lead to ours, for search engines given them: sitemap-0.xml, sitemap-index.xml",
		"dist/contact/index.html: warning: canonical link https://example.com/contact/ is this page in another form than the URL style's; listed as https://example.com/contact",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the run does not say %q:\n%s", want, log)
		}
	}
	answers(t, dist, base, "sitemap.xml", []string{"sitemap-0.xml", "sitemap-index.xml"})

	// pages/tour.astro writes its article and its video as JSON-LD, with
	// set:html={JSON.stringify(...)}: --videos lists the video; the
	// article, of 2024, is too old for a news sitemap, and the run says so.
	media := filepath.Join(t.TempDir(), "media")
	r := mustRun(t, src, "--videos", "--news-name", "Example", "--out", media)
	sitemaptest.MustValidate(t, media)
	var videos []string
	for _, u := range setURLs(t, media) {
		for _, v := range u.Videos {
			videos = append(videos, fmt.Sprintf("%s %s|%s|%s|%s|%d|%s", u.Loc, v.Title, v.Description, v.Thumbnail, v.Content, v.Duration, v.Published))
		}
	}
	wantVideos := []string{base + "tour A tour of the site|Every page of the site, in three minutes & a bit.|https://example.com/media/tour.jpg|https://example.com/media/tour.mp4|192|2024-05-01T09:00:00Z"}
	if !slices.Equal(videos, wantVideos) {
		t.Errorf("videos of the Astro site:\n%q\nwant\n%q", videos, wantVideos)
	}
	if !strings.Contains(r.stderr, "1 video, no news sitemap (no article published in the two days before the build)") {
		t.Errorf("the run does not count the video and the news:\n%s", r.stderr)
	}
	if _, err := os.Stat(filepath.Join(media, "sitemap-news.xml")); err == nil {
		t.Errorf("a news sitemap of an article of 2024")
	}
}

// TestNextExport runs plain sitemapgen in testdata/next, a Next.js 16
// static export whose built pages are committed (rebuild.sh makes them
// again). Its output is chosen by a condition, process.env.EXPORT ?
// 'export' : undefined (issue 97), built with EXPORT=1: the export's out/
// is the site folder. Its redirect() page, written with no meta refresh, and its
// notFound() and 404 pages are left out, the URLs take the form Next.js
// links by (about.html is /about), the base URL is package.json's
// homepage, and each page is dated by its source's last commit.
func TestNextExport(t *testing.T) {
	src := filepath.Join(t.TempDir(), "next-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "next"))); err != nil {
		t.Fatal(err)
	}
	// The export is committed too, later than the sources: a page dated
	// by its built file would say so.
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z app/about/page.js", "2024-05-05T00:00:00Z out")
	const base = "https://example.com/"
	r := mustRun(t, src, "--verbose") // the base URL: package.json's homepage
	entries, _, err := sitemaptest.URLs(filepath.Join(src, "out"), base)
	if err != nil {
		t.Fatal(err)
	}
	var locs []string
	for _, e := range entries {
		locs = append(locs, e.Loc+" "+e.LastMod)
	}
	// Each page dated by the last commit of its page.js.
	if want := []string{base + " 2024-01-01T00:00:00Z", base + "about 2024-02-03T10:00:00Z", base + "blog/hello-world 2024-01-01T00:00:00Z", base + "watch 2024-01-01T00:00:00Z"}; !slices.Equal(locs, want) {
		t.Errorf("listed %q, want %q", locs, want)
	}
	for _, want := range []string{
		"base URL " + base + " from package.json homepage",
		"Next.js URL style (clean URLs, folders without /; from next.config.mjs); sources app, pages (Next.js)",
		"out/old.html: skipped: redirect (Next.js redirect() to https://example.com/about)",
		"out/gone.html: skipped: noindex",
		"out/404.html: skipped: error page",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("the run does not say %q:\n%s", want, r.stderr)
		}
	}
	sitemaptest.MustValidate(t, filepath.Join(src, "out"))
}

// TestNextVideos runs sitemapgen --videos --news-name in testdata/next,
// whose app/watch/page.js writes a VideoObject and a NewsArticle as the
// Next.js documentation says to: a <script type="application/ld+json">
// in the page, JSON.stringify with each < written as \u003c. The export
// holds each object again in its flight data (self.__next_f.push, a
// script that is not JSON-LD): the video is listed once, with its values
// XML-escaped; the article, of 2024, makes no news sitemap, and the run
// says so.
func TestNextVideos(t *testing.T) {
	src := filepath.Join(t.TempDir(), "next-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "next"))); err != nil {
		t.Fatal(err)
	}
	const base = "https://example.com/"
	media := filepath.Join(t.TempDir(), "media")
	r := mustRun(t, src, "--videos", "--news-name", "Example", "--out", media)
	sitemaptest.MustValidate(t, media)
	var videos []string
	for _, u := range setURLs(t, media) {
		for _, v := range u.Videos {
			videos = append(videos, fmt.Sprintf("%s %s|%s|%s|%s|%s|%d|%s", u.Loc, v.Title, v.Description, v.Thumbnail, v.Content, v.Player, v.Duration, v.Published))
		}
		if u.News != nil {
			t.Errorf("%s has news: %+v", u.Loc, *u.News)
		}
	}
	wantVideos := []string{base + "watch Trails <5 km & their views|Short walks near town, filmed <in one day> & cut to size.|" +
		"https://example.com/media/trails.jpg|https://example.com/media/trails.mp4|https://example.com/player?v=trails&autoplay=0|150|2024-06-10T08:00:00Z"}
	if !slices.Equal(videos, wantVideos) {
		t.Errorf("videos of the Next.js export:\n%q\nwant\n%q", videos, wantVideos)
	}
	if !strings.Contains(r.stderr, "1 video, no news sitemap (no article published in the two days before the build)") {
		t.Errorf("the run does not count the video and the news:\n%s", r.stderr)
	}
	if _, err := os.Stat(filepath.Join(media, "sitemap-news.xml")); err == nil {
		t.Errorf("a news sitemap of an article of 2024")
	}

	// --explain names the one video and the one article, each at the
	// line of its script.
	r = mustRun(t, src, "--videos", "--news-name", "Example", "--explain", base+"watch")
	for _, want := range []string{
		`video:       the video "Trails <5 km & their views" (JSON-LD at line 1): listed`,
		"news:        not in the news sitemap: published 2024-06-10T08:00:00Z (NewsArticle at line 1), more than two days before the build",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--explain does not say %q:\n%s", want, r.stdout)
		}
	}
	if n := strings.Count(r.stdout, "the video "); n != 1 {
		t.Errorf("--explain names %d videos, want 1:\n%s", n, r.stdout)
	}
}

// TestDocusaurusSite runs plain sitemapgen in testdata/docusaurus, a
// Docusaurus 3 site (docs with number prefixes, slug and id; a blog; pages;
// a de locale with one doc translated) whose build is committed
// (rebuild.sh makes it again), its sources in the git history of
// history.txt, which Docusaurus dated its pages by: every URL of
// Docusaurus's two sitemaps and each one's date, from the joined source's
// last commit (a de page without a translation takes the English
// source's); no noindex or 404 page; Docusaurus's sitemaps replaced, the
// de locale's answering with our URLs under /de/.
func TestDocusaurusSite(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed (./test.sh installs it)")
	}
	src, build := docusaurusSite(t)
	const base = "https://example.com/"
	theirs := generatorSitemap(t, filepath.Join(build, "sitemap.xml"))
	for loc, lm := range generatorSitemap(t, filepath.Join(build, "de", "sitemap.xml")) {
		theirs[loc] = lm
	}
	if len(theirs) < 40 {
		t.Fatalf("Docusaurus's sitemaps list %d URLs; the fixture's build has 52", len(theirs))
	}
	ours, log := zeroConfig(t, src, build, base, "sources docs, blog, src/pages, i18n (Docusaurus)")
	compareSets(t, ours, theirs, nil, nil)
	dated, lists := 0, 0
	for loc, want := range theirs {
		if want == "" {
			// A page no source gives (the blog's index, archive, tags and
			// authors, a docs category): Docusaurus dates none; we date
			// it by the newest page its <main> links to (issue 67).
			if w := newestInMain(t, build, base, loc, theirs, nil); w != "" {
				want = w
				lists++
			}
		}
		if got := ours[loc]; got[:min(len(got), 10)] != want[:min(len(want), 10)] {
			t.Errorf("%s: lastmod %q, want %q", loc, got, want)
		}
		if theirs[loc] != "" {
			dated++
		}
	}
	if lists < 15 {
		t.Errorf("%d list pages dated by the pages they show; the fixture's build has 22", lists)
	}
	if dated < 20 {
		t.Errorf("Docusaurus dated %d of its URLs; the fixture's build dates 30", dated)
	}
	for loc, want := range map[string]string{
		base + "de/docs/intro":             "2024-03-12T16:45:00Z", // the translation's own commit
		base + "docs/intro":                "2024-03-10T08:30:00Z",
		base + "de/docs/guides/setup":      "2024-02-03T10:00:00Z", // no translation: the English source's
		base + "docs/deploying":            "2024-04-02T12:00:00Z", // slug: /deploying
		base + "docs/guides/configuration": "2024-05-06T09:15:00Z", // id: configuration
		base + "blog/third-custom":         "2024-01-01T00:00:00Z", // slug: third-custom
		// The newest post, alone in blog/experience/, which the archive
		// lists among the others; the newest doc, alone in
		// guides/advanced/, whose category's card the Guides category
		// shows (issue 86).
		base + "blog/archive":         "2024-06-10T09:00:00Z",
		base + "docs/category/guides": "2024-06-20T09:00:00Z",
	} {
		if got := ours[loc]; !sameInstant(got, want) {
			t.Errorf("%s: lastmod %q, want %s", loc, got, want)
		}
	}
	for _, want := range []string{
		"skipped 4 (2 error pages, 2 noindex); 22 URLs with no source file",
		"replaced Docusaurus's own sitemap at its URL with one that leads to ours, for search engines given it: de/sitemap.xml",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the run does not say %q:\n%s", want, log)
		}
	}
	answers(t, build, base, "sitemap.xml", []string{"de/sitemap.xml"})
}

// newestInMain returns the newest of the dates (by URL, in dates) of the
// pages the built page at loc (under base, in the folder build) links to
// inside its <main>, a page below loc that has no date counting as the
// newest it links to in turn; "" for none.
func newestInMain(t *testing.T, build, base, loc string, dates map[string]string, seen map[string]bool) string {
	t.Helper()
	if seen == nil {
		seen = map[string]bool{}
	}
	if seen[loc] {
		return ""
	}
	seen[loc] = true
	rel := strings.TrimPrefix(loc, base)
	data, err := os.ReadFile(filepath.Join(build, filepath.FromSlash(rel), "index.html"))
	if err != nil {
		data, err = os.ReadFile(filepath.Join(build, filepath.FromSlash(rel)+".html"))
	}
	if err != nil {
		t.Fatalf("%s: %v", loc, err)
	}
	_, main, _ := strings.Cut(string(data), "<main")
	main, _, _ = strings.Cut(main, "</main>")
	newest := ""
	for _, m := range regexp.MustCompile(`href="/([^"#?]*)"`).FindAllStringSubmatch(main, -1) {
		to := base + strings.TrimSuffix(m[1], "/")
		d, ok := dates[to]
		if ok && d == "" && strings.HasPrefix(to, loc+"/") {
			d = newestInMain(t, build, base, to, dates, seen)
		}
		if d > newest {
			newest = d
		}
	}
	return newest
}

// docusaurusSite makes the sources of testdata/docusaurus with their git
// history (githistory.sh) in a new folder, with the fixture's committed
// build in build/, and returns both folders.
func docusaurusSite(t *testing.T) (src, build string) {
	t.Helper()
	fixture := filepath.Join("testdata", "docusaurus")
	src = filepath.Join(t.TempDir(), "docusaurus-site")
	if out, err := exec.Command("bash", filepath.Join(fixture, "githistory.sh"), src).CombinedOutput(); err != nil {
		t.Fatalf("githistory.sh: %v\n%s", err, out)
	}
	build = filepath.Join(src, "build")
	if err := os.CopyFS(build, os.DirFS(filepath.Join(fixture, "build"))); err != nil {
		t.Fatal(err)
	}
	return src, build
}

// TestDocusaurusSearchConfig runs plain sitemapgen in testdata/docusaurus
// with an Algolia DocSearch scraper's config.json at the top, as real
// Docusaurus projects keep one (rarimo/docs): the file is not Hugo's, so
// the run finds Docusaurus alone and lists every URL of Docusaurus's
// sitemaps, where it stopped asking which of Hugo and Docusaurus built
// the site.
func TestDocusaurusSearchConfig(t *testing.T) {
	src, build := docusaurusSite(t)
	const docsearch = `{
  "index_name": "docs",
  "start_urls": ["https://example.com/"],
  "sitemap_urls": ["https://example.com/sitemap.xml"],
  "stop_urls": ["/tests"],
  "selectors": {
    "lvl0": {"selector": "nav .menu__link--active", "global": true, "default_value": "Documentation"},
    "lvl1": "header h1",
    "text": "article p, article li"
  },
  "custom_settings": {"attributesForFaceting": ["language", "version", "docusaurus_tag"]}
}
`
	if err := os.WriteFile(filepath.Join(src, "config.json"), []byte(docsearch), 0o644); err != nil {
		t.Fatal(err)
	}
	theirs := generatorSitemap(t, filepath.Join(build, "sitemap.xml"))
	for loc, lm := range generatorSitemap(t, filepath.Join(build, "de", "sitemap.xml")) {
		theirs[loc] = lm
	}
	ours, log := zeroConfig(t, src, build, "https://example.com/", "site build (Docusaurus (docusaurus.config.js))")
	compareSets(t, ours, theirs, nil, nil)
	if strings.Contains(log, "Hugo") {
		t.Errorf("the run speaks of Hugo:\n%s", log)
	}
}

// nodeProject copies the named files and folders of the Node fixture
// testdata/NAME into a new folder, with a link to the fixture's
// node_modules, and returns it. It skips the test when the fixture's
// packages are not installed (./test.sh installs them).
func nodeProject(t *testing.T, name string, files ...string) string {
	t.Helper()
	fixture := nodeFixture(t, name)
	src := filepath.Join(t.TempDir(), name+"-site")
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		from := filepath.Join(fixture, f)
		fi, err := os.Stat(from)
		if err == nil && fi.IsDir() {
			err = os.CopyFS(filepath.Join(src, f), os.DirFS(from))
		} else if err == nil {
			var data []byte
			if data, err = os.ReadFile(from); err == nil {
				err = os.WriteFile(filepath.Join(src, f), data, 0o644)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(fixture, "node_modules"), filepath.Join(src, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return src
}

// eleventyBuild runs `eleventy --quiet` in src, a project whose
// node_modules are testdata/eleventy's (nodeProject).
func eleventyBuild(t *testing.T, src string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(src, "node_modules", ".bin", "eleventy"), "--quiet")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("eleventy: %v\n%s", err, out)
	}
}

// nodeFixture returns the absolute path of the Node fixture
// testdata/NAME, whose packages must be installed (testtool.NodeModules:
// ./test.sh installs them; go test -short skips the test).
func nodeFixture(t *testing.T, name string) string {
	t.Helper()
	fixture, err := filepath.Abs(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	testtool.NodeModules(t, fixture)
	return fixture
}

// TestEleventySite builds testdata/eleventy with Eleventy 3 (pinned in
// package-lock.json; ./test.sh installs it), its templates in git, and runs
// plain sitemapgen in the project, as "npx @11ty/eleventy && sitemapgen":
// the base URL from the site data (_data/metadata.json), every URL of
// the site's own sitemap template but its noindex page, each page joined
// to its template (a permalink moves it; permalink: false writes none),
// dated by its front matter date as Eleventy dates it, else by its
// template's last commit (Eleventy gives an undated page its file's
// time, which here is the copy's: a build time); a page whose include
// loops over a collection by the newest item it shows.
func TestEleventySite(t *testing.T) {
	src := nodeProject(t, "eleventy", "_data", "_includes", "blog", "about.md", "index.md", "private.md",
		"contact.njk", "moved.md", "unlisted.md", "templated.md", "sitemap.njk", "eleventy.config.js", "package.json")
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("node_modules\n_site\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A page whose own source is older than the news its include lists
	// (issue 67, found by the corpus): a list page, dated by the newest
	// item it shows.
	write(t, filepath.Join(src, "_includes", "latest.njk"), `<ul>{% for item in collections.news | reverse %}<li><a href="{{ item.url }}">{{ item.data.title }}</a></li>{% endfor %}</ul>
`)
	write(t, filepath.Join(src, "whats-new.njk"), "---\nlayout: base.njk\ntitle: What's new\n---\n<main>{% include \"latest.njk\" %}</main>\n")
	write(t, filepath.Join(src, "news", "first.md"), "---\nlayout: base.njk\ntitle: First news\ntags: news\ndate: 2024-06-07\n---\nFirst.\n")
	write(t, filepath.Join(src, "news", "second.md"), "---\nlayout: base.njk\ntitle: Second news\ntags: news\ndate: 2024-04-05\n---\nSecond.\n")
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z about.md contact.njk")
	eleventyBuild(t, src)
	site := filepath.Join(src, "_site")
	const base = "https://example.com/"
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	ours, log := zeroConfig(t, src, site, base, "base URL "+base+" from _data/metadata.json url; sources . (Eleventy's input folder)")
	// The site's template lists its noindex page, and unlisted.md
	// (permalink: false, written nowhere) as "false".
	compareSets(t, ours, theirs, []string{base + "private/", base + "false"}, nil)
	if _, ok := theirs[base+"elsewhere/"]; !ok {
		t.Errorf("Eleventy's sitemap has no %selsewhere/ (moved.md's permalink): %v", base, theirs)
	}
	checkLastMods(t, ours, theirs, map[string]string{ // front matter dates, as Eleventy's
		base + "blog/first-post/": "2024-03-04T00:00:00Z",
		base + "elsewhere/":       "2024-05-06T00:00:00Z",
	})
	for loc, want := range map[string]string{
		base:                  "2024-01-01T00:00:00Z", // the template's last commit
		base + "about/":       "2024-02-03T10:00:00Z",
		base + "contact/":     "2024-02-03T10:00:00Z",
		base + "t/templated/": "2024-01-01T00:00:00Z", // its permalink's {{ title | slugify }} filled: joined
		base + "whats-new/":   "2024-06-07T00:00:00Z", // the newest news it shows
	} {
		if got, ok := ours[loc]; !ok || !sameInstant(got, want) && got != want {
			t.Errorf("%s: listed %v, lastmod %q, want %q", loc, ok, got, want)
		}
	}
	if !strings.Contains(log, "lastmod: 4 frontmatter, 4 git, 1 newest listed") {
		t.Errorf("the summary does not count the dates by source:\n%s", log)
	}
}

// pythonSite copies the fixture testdata/NAME and builds it with the
// command (sphinx-build, pelican; Debian's python3-sphinx and pelican,
// which ./test.sh installs).
func pythonSite(t *testing.T, name, tool string, args ...string) string {
	t.Helper()
	pkg := map[string]string{"sphinx-build": "python3-sphinx"}[tool]
	if pkg == "" {
		pkg = tool
	}
	bin := testtool.Program(t, tool, "apt-get install "+pkg)
	src := filepath.Join(t.TempDir(), name+"-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", name))); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", tool, err, out)
	}
	return src
}

// TestSphinxSite builds testdata/sphinx with Sphinx 5 (make html's
// folder), its sources in git, and runs plain sitemapgen in the project:
// the site folder and base URL from conf.py, each page in the form its
// canonical link names (html_baseurl makes Sphinx write one), dated by
// its source's last commit, no build date.
func TestSphinxSite(t *testing.T) {
	src := pythonSite(t, "sphinx", "sphinx-build", "-q", "-b", "html", ".", "_build/html")
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("_build\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z about.rst")
	const base = "https://example.com/docs/"
	ours, _ := zeroConfig(t, src, filepath.Join(src, "_build", "html"), base,
		"site _build/html (Sphinx (conf.py)); base URL "+base+" from conf.py html_baseurl; sources . (Sphinx's source folder)")
	for loc, want := range map[string]string{
		base + "index.html": "2024-01-01T00:00:00Z", base + "about.html": "2024-02-03T10:00:00Z", base + "guide.html": "2024-01-01T00:00:00Z",
		base + "genindex.html": "", base + "search.html": "", // pages of Sphinx's own: no source
	} {
		if lm, ok := ours[loc]; !ok || lm != want && !sameInstant(lm, want) {
			t.Errorf("%s: listed %v, lastmod %q; want %q (its source's last commit)", loc, ok, lm, want)
		}
	}
}

// TestSphinxOtherFolder: Sphinx built into build/html (the folder
// sphinx-quickstart's Makefile names, with separate source and build
// folders), where sitemapgen looks for _build/html: the error says the
// folder can be named (issue 98, item 8; before, only "build the site
// first"), and with it named the build lists the pages.
func TestSphinxOtherFolder(t *testing.T) {
	src := pythonSite(t, "sphinx", "sphinx-build", "-q", "-b", "html", ".", "build/html")
	r := run(t, src, nil)
	if want := "_build/html: no such folder (the site folder, from Sphinx (conf.py)); build the site first, or name the folder it is built into: sitemapgen DIR, or root: in sitemap.yaml"; r.code != 2 || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d, want 2 and %q:\n%s", r.code, want, r.stderr)
	}
	mustRun(t, src, "build/html")
	if urls := reachFrom(t, filepath.Join(src, "build", "html"), "https://example.com/docs/", "sitemap.xml"); !slices.Contains(urls, "https://example.com/docs/about.html") {
		t.Errorf("sitemapgen build/html lists %q", urls)
	}
}

// TestPelicanSite builds testdata/pelican with Pelican 4 and its
// production settings (pelican content -s publishconf.py) and runs plain
// sitemapgen in the project: the site folder (output/) and the base URL
// of publishconf.py, every page Pelican writes, no build date.
func TestPelicanSite(t *testing.T) {
	src := pythonSite(t, "pelican", "pelican", "content", "-s", "publishconf.py", "-q")
	const base = "https://example.com/"
	ours, _ := zeroConfig(t, src, filepath.Join(src, "output"), base, "site output (Pelican (pelicanconf.py)); base URL "+base+" from publishconf.py SITEURL")
	for _, want := range []string{base, base + "first-post.html", base + "pages/about.html", base + "category/notes.html"} {
		if _, ok := ours[want]; !ok {
			t.Errorf("%s is not listed", want)
		}
	}
}

// TestHugoSitemapTemplate builds testdata/hugo-template, whose own
// sitemap template leaves out the pages whose front matter says
// sitemap_exclude: true, with Hugo, then runs plain sitemapgen: ours
// lists the URLs Hugo's listed, that page left out, and --explain says
// why; one warning names the template, what is honoured and what is
// not (it writes no lastmod).
func TestHugoSitemapTemplate(t *testing.T) {
	src, public := buildHugo(t, "hugo-template")
	const base = "https://example.com/"
	theirs, err := sitemaptest.ReadFile(filepath.Join(public, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, e := range theirs.Entries {
		want = append(want, e.Loc)
	}
	if slices.Contains(want, base+"posts/private/") || !slices.Contains(want, base+"posts/public/") {
		t.Fatalf("Hugo's template listed %q", want)
	}
	r := mustRun(t, src)
	if got := reachFrom(t, public, base, "sitemap.xml"); !slices.Equal(got, want) {
		t.Errorf("we list %q; Hugo's template listed %q", got, want)
	}
	msg := filepath.Join("layouts", "sitemap.xml") + ": warning: a sitemap template of the project's own, whose sitemap sitemapgen's replace: the pages whose front matter says sitemap_exclude: true are left out, as it leaves them out; anything else it changes is not read; it writes no <lastmod>, ours do"
	if strings.Count(r.stderr, msg) != 1 || strings.Contains(r.stderr, "alternates") {
		t.Errorf("the run does not say once %q:\n%s", msg, r.stderr)
	}
	x := mustRun(t, src, "--explain", "/posts/private/")
	if want := "front matter sitemap_exclude: true, which the project's own sitemap template leaves out"; !strings.Contains(x.stdout, want) {
		t.Errorf("--explain does not say %q:\n%s", want, x.stdout)
	}
}
