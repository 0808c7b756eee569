package e2e

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// TestRspressSite builds testdata/rspress with Rspress 2 and
// @rspress/plugin-sitemap (pinned in package-lock.json), its pages in
// git, and runs plain sitemapgen in the project, as "rspress build &&
// sitemapgen" (issue 97, items 6 and 8). Before, no generator was
// recognised and the run stopped with "no site folder given"; given the
// folder, it listed every page but the home as ….html, where the site
// links /about and its plugin lists it so.
//
// With route.cleanUrls: true, every URL is the one Rspress links and its
// plugin lists, under base; each page is dated as Rspress' lastUpdated
// dates it (the author date of its source's last commit), never by the
// plugin's dates, its files' times. Without cleanUrls, Rspress links
// about.html and guide/index.html, and the sitemap lists them so, where
// its plugin still lists /about and /guide/ (R6: the preset's form
// stands). The same build copied out of its project, where no generator
// is recognised, is listed in the form of Rspress' own sitemap, under the
// base URL it names (R6, R7). Moved into the folders of multiVersion's
// default version and of the default language, which Rspress serves at
// the root, the pages are still joined to their files.
func TestRspressSite(t *testing.T) {
	needTool(t, "node")
	src := nodeProject(t, "rspress", "docs", "rspress.config.ts", "package.json", ".gitignore")
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-03-02T08:00:00Z docs/computer/game-development.mdx")
	write(t, filepath.Join(src, "docs", "about.md"), "# About\n\nWho writes these notes, and why.\n")
	gitDated(t, src, "2024-04-09T10:00:00Z", "2024-04-20T12:00:00Z", "commit", "-q", "-am", "about")
	const base = "https://kiln-docs.net/kiln/"
	site := filepath.Join(src, "doc_build")
	// dates are the pages' dates, by their paths with cleanUrls and
	// without: the author date of each source's last commit.
	dates := func(clean bool) map[string]string {
		want := map[string]string{}
		for _, p := range []struct{ clean, html, date string }{
			{"", "index.html", "2024-01-01T00:00:00Z"},
			{"about", "about.html", "2024-04-09T10:00:00Z"},
			{"guide/", "guide/index.html", "2024-01-01T00:00:00Z"},
			{"guide/start", "guide/start.html", "2024-01-01T00:00:00Z"},
			{"computer/game-development", "computer/game-development.html", "2024-03-02T08:00:00Z"},
		} {
			if clean {
				want[base+p.clean] = p.date
			} else {
				want[base+p.html] = p.date
			}
		}
		return want
	}
	links := func(page string, want ...string) {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(site, page))
		if err != nil {
			t.Fatal(err)
		}
		for _, href := range want {
			if !strings.Contains(string(data), `href="`+href+`"`) {
				t.Errorf("the fixture's premise: %s links no %s", page, href)
			}
		}
	}

	t.Run("cleanUrls", func(t *testing.T) {
		mustBuild(t, src, "rspress", "build")
		links("about.html", "/kiln/guide/start")
		want := dates(true)
		theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
		if got, wantLocs := slices.Sorted(maps.Keys(theirs)), slices.Sorted(maps.Keys(want)); !slices.Equal(got, wantLocs) {
			t.Fatalf("the fixture's premise: Rspress' sitemap lists %v, want %v", got, wantLocs)
		}
		// The same build, copied out of its project (a deploy's artifact):
		// no generator is recognised, and its own sitemap names the site
		// folder, the base URL and the URL form (R6, R7).
		artifact := filepath.Join(t.TempDir(), "artifact")
		if err := os.CopyFS(filepath.Join(artifact, "doc_build"), os.DirFS(site)); err != nil {
			t.Fatal(err)
		}
		r := mustRun(t, artifact)
		wantOutput(t, r.stderr, "site doc_build (its index.html and sitemap.xml: no generator recognised); base URL "+base+" from the generator's sitemap.xml; the URL style of the generator's sitemap (clean URLs, folders with /; from doc_build/sitemap.xml)")
		entries, _, err := sitemaptest.URLs(filepath.Join(artifact, "doc_build"), base)
		if err != nil {
			t.Fatal(err)
		}
		var listed []string
		for _, e := range entries {
			listed = append(listed, e.Loc)
		}
		if wantLocs := slices.Sorted(maps.Keys(want)); !slices.Equal(slices.Sorted(slices.Values(listed)), wantLocs) {
			t.Errorf("copied out of its project: %v, want %v", listed, wantLocs)
		}
		// Ours in its place: the next run finds the folder and the form
		// again.
		again := mustRun(t, artifact)
		wantOutput(t, again.stderr, "site doc_build (its index.html and sitemap.xml: no generator recognised)", "the URL style of the generator's sitemap (clean URLs, folders with /; from doc_build/sitemap.xml)")

		_, log := zeroConfig(t, src, site, base, "site doc_build (Rspress (rspress.config.ts)); base URL "+base+" from rspress.config.ts pluginSitemap siteUrl + base; Rspress URL style (clean URLs, folders with /; from rspress.config.ts); sources docs (Rspress)")
		wantDates(t, "cleanUrls", site, base, want, "Rspress' lastUpdated: the author date of the source's last commit")
		if strings.Contains(log, "warning: ") {
			t.Errorf("the run warns:\n%s", log)
		}
	})

	t.Run("without cleanUrls", func(t *testing.T) {
		config := filepath.Join(src, "rspress.config.ts")
		data, err := os.ReadFile(config)
		if err != nil {
			t.Fatal(err)
		}
		write(t, config, strings.Replace(string(data), "  route: { cleanUrls: true },\n", "", 1))
		mustBuild(t, src, "rspress", "build")
		links("about.html", "/kiln/guide/start.html", "/kiln/guide/index.html", "/kiln/index.html")
		theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
		if _, ok := theirs[base+"about"]; !ok {
			t.Fatalf("the fixture's premise: Rspress' sitemap lists no %sabout:\n%v", base, theirs)
		}
		mustRun(t, src)
		wantDates(t, "without cleanUrls", site, base, dates(false), "the URLs Rspress links")
	})

	// monetr's shape (the corpus): the pages in the folders of
	// multiVersion's default version and of the default language, which
	// Rspress serves at the root, and outDir from the environment, else
	// its fallback.
	t.Run("versions and languages", func(t *testing.T) {
		config := filepath.Join(src, "rspress.config.ts")
		data, err := os.ReadFile(config)
		if err != nil {
			t.Fatal(err)
		}
		write(t, config, strings.NewReplacer("  route: { cleanUrls: true },\n", "",
			"  title: 'Kiln',\n", "  title: 'Kiln',\n  outDir: process.env.KILN_OUT ?? 'doc_build',\n  lang: 'en',\n  locales: [{ lang: 'en', label: 'English' }],\n  multiVersion: { default: 'v1', versions: ['v1'] },\n  route: { cleanUrls: true },\n").Replace(string(data)))
		if err := os.MkdirAll(filepath.Join(src, "docs", "v1", "en"), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"index.md", "about.md", "guide", "computer"} {
			gitAt(t, src, "2024-06-01T00:00:00Z", "mv", "docs/"+p, "docs/v1/en/"+p)
		}
		gitAt(t, src, "2024-06-01T00:00:00Z", "commit", "-q", "-m", "versions and languages")
		mustBuild(t, src, "rspress", "build")
		moved := map[string]string{}
		for loc := range dates(true) {
			moved[loc] = "2024-06-01T00:00:00Z" // the move, as Rspress dates it (git log --no-renames)
		}
		theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
		if got, w := slices.Sorted(maps.Keys(theirs)), slices.Sorted(maps.Keys(moved)); !slices.Equal(got, w) {
			t.Fatalf("the fixture's premise: Rspress' sitemap lists %v, want %v", got, w)
		}
		r := mustRun(t, src)
		wantOutput(t, r.stderr, "sources docs (Rspress)")
		wantDates(t, "versions and languages", site, base, moved, "each page joined to its file in docs/v1/en")
	})
}

// TestRspressSwitch switches testdata/rspress from @rspress/plugin-sitemap
// to sitemapgen as docs/migrating.md says, with Rspress itself: the
// plugin's sitemap recorded, sitemapgen init, the plugin removed from
// rspress.config.ts, Rspress built again (no sitemap.xml), plain
// sitemapgen. Every URL the plugin listed is listed, and no other, with
// the changefreq and priority it wrote: its defaultChangeFreq, its
// customMaps by route (the home's changefreq with the 1.0 the plugin
// gives the home whatever it is told), 0.5 for the others.
func TestRspressSwitch(t *testing.T) {
	needTool(t, "node")
	src := nodeProject(t, "rspress", "docs", "rspress.config.ts", "package.json", ".gitignore")
	config := filepath.Join(src, "rspress.config.ts")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	const plugin = "pluginSitemap({ siteUrl: 'https://kiln-docs.net/kiln/' })"
	with := strings.Replace(string(data), plugin, "pluginSitemap({\n    siteUrl: 'https://kiln-docs.net/kiln/',\n    defaultChangeFreq: 'weekly',\n    customMaps: { '/': { changefreq: 'daily' }, '/about': { priority: '0.3' } },\n  })", 1)
	if with == string(data) {
		t.Fatalf("the fixture's premise: rspress.config.ts has no %s", plugin)
	}
	write(t, config, with)
	commitHistory(t, src, "2024-01-01T00:00:00Z *")
	const base = "https://kiln-docs.net/kiln/"
	site := filepath.Join(src, "doc_build")
	mustBuild(t, src, "rspress", "build")
	theirs := peerSet(t, site, base, "sitemap.xml")
	if u := theirs[base]; len(theirs) != 5 || u.changefreq != "daily" || u.priority != "1.0" || theirs[base+"about"].priority != "0.3" {
		t.Fatalf("the fixture's premise: the plugin lists %v", theirs)
	}

	r := mustRun(t, src, "init")
	if want := "carried over 3 settings of @rspress/plugin-sitemap (rspress.config.ts:10): base_url, changefreq, rules"; !strings.Contains(r.stderr, want) {
		t.Fatalf("init does not say %q:\n%s", want, r.stderr)
	}
	// The switch: the plugin's call and its import removed, as the step
	// init names says.
	without := strings.Replace(with, "import { pluginSitemap } from '@rspress/plugin-sitemap';\n", "", 1)
	without = without[:strings.Index(without, "  plugins: [")] + "});\n"
	write(t, config, without)
	gitAt(t, src, "2024-01-02T00:00:00Z", "commit", "-q", "-am", "the switch")
	sameAsPeer(t, "@rspress/plugin-sitemap", theirs, switchedBuild(t, src, site, base, "rspress", "build"))
}
