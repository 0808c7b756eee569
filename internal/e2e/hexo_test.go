package e2e

// Hexo (issue 55, item 2): testdata/hexo is a small Hexo site of our own
// text, built by its rebuild.sh with Hexo 8.1.2 and hexo-generator-sitemap
// 3.0.1 (package-lock.json); the build (public/) is committed, and
// ./test.sh installs the packages for TestHexoSitemapRelSwitch, which runs
// hexo generate itself.

import (
	"fmt"
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
)

// hexoBase is the fixture's url (_config.yml), under which root: /blog/
// publishes it.
const hexoBase = "https://example.com/blog/"

// hexoSite copies testdata/hexo and commits its sources with the history
// the tests date pages by, the built public/ left untracked as a build
// is; it returns the project folder and the day hexo-generator-sitemap
// wrote as the home page's lastmod, the day the build ran.
func hexoSite(t *testing.T) (src, buildDay string) {
	t.Helper()
	src = copyFixture(t, "hexo")
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("public/\nnode_modules/\ndb.json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src,
		"2023-11-20T00:00:00Z *",
		"2023-12-02T00:00:00Z source/about/index.md",
		"2024-01-26T10:00:00Z source/_posts/moved.md",
		"2024-02-06T08:00:00Z source/_posts/second-post.md",
		"2024-03-02T09:00:00Z source/_posts/hello-world.md source/_posts/notes/deep-dive.md",
	)
	theirs := generatorSitemap(t, filepath.Join(src, "public", "sitemap.xml"))
	buildDay = theirs["https://example.com/blog"]
	if len(buildDay) != len("2006-01-02") || theirs[hexoBase+"2024/01/10/hello-world/"] != "2024-03-01" {
		t.Fatalf("hexo-generator-sitemap's sitemap is not the fixture's: %v", theirs)
	}
	return src, buildDay
}

// TestHexoDetected: plain sitemapgen in a Hexo project (hexo in
// package.json, _config.yml with public_dir and permalink, source/_posts)
// knows it for Hexo, not Jekyll (whose _config.yml it was taken for:
// "_site: no such folder"), writes into public/ under _config.yml's url,
// and lists every page Hexo published, not the draft nor the page whose
// front matter says sitemap: false.
func TestHexoDetected(t *testing.T) {
	src, _ := hexoSite(t)
	r := hexoRun(t, src, "--verbose")
	if !strings.Contains(r.stderr, "Hexo") || strings.Contains(r.stderr, "Jekyll") {
		t.Errorf("the run does not say Hexo, or says Jekyll:\n%s", r.stderr)
	}
	ours := ourHexoURLs(t, src)
	for _, loc := range []string{
		hexoBase, hexoBase + "about/", hexoBase + "custom/moved/",
		hexoBase + "2024/01/10/hello-world/", hexoBase + "2024/02/05/second-post/",
		hexoBase + "2024/02/20/notes/deep-dive/", hexoBase + "tags/greeting/", hexoBase + "tags/notes/",
	} {
		if _, ok := ours[loc]; !ok {
			t.Errorf("%s is not listed", loc)
		}
	}
	for loc := range ours {
		if strings.Contains(loc, "unfinished") || strings.Contains(loc, "private") {
			t.Errorf("the draft, or the page with sitemap: false, is listed: %s", loc)
		}
	}
	if _, err := os.Stat(filepath.Join(src, "public", "private", "index.html")); err != nil {
		t.Errorf("the fixture's premise: Hexo builds the page with sitemap: false (%v)", err)
	}
}

// TestHexoDates: each post and page joined to its source by Hexo's
// permalink rules (:year/:month/:day/:title/ with :title the path under
// _posts, a post's own permalink, a page's folder under source/) and
// dated as Hexo dates it: updated in front matter first; without it
// (updated_option: mtime) the file's time, which in a checkout is the
// checkout's, so its last commit. The home and tag pages, which
// hexo-generator-sitemap dates by the build's day, are the newest post
// they show; no lastmod is the build's day or today.
func TestHexoDates(t *testing.T) {
	src, buildDay := hexoSite(t)
	hexoRun(t, src)
	ours := ourHexoURLs(t, src)
	for loc, want := range map[string]string{
		hexoBase + "2024/01/10/hello-world/":     "2024-03-01T12:00:00Z", // updated: in UTC (timezone: UTC)
		hexoBase + "2024/02/20/notes/deep-dive/": "2024-02-21T18:00:00Z", // updated:
		hexoBase + "2024/02/05/second-post/":     "2024-02-06T08:00:00Z", // no updated: its last commit
		hexoBase + "custom/moved/":               "2024-01-26T10:00:00Z", // permalink: custom/moved/; its last commit
		hexoBase + "about/":                      "2023-12-02T00:00:00Z", // a page without updated: its last commit
	} {
		if got, ok := ours[loc]; !ok || !sameInstant(got, want) {
			t.Errorf("%s: listed %v, lastmod %q; want %s", loc, ok, got, want)
		}
	}
	for loc, newest := range map[string]string{
		hexoBase:                    "2024-03-01T12:00:00Z",
		hexoBase + "tags/greeting/": "2024-03-01T12:00:00Z",
		hexoBase + "tags/notes/":    "2024-02-06T08:00:00Z",
	} {
		if got := ours[loc]; !sameInstant(got, newest) {
			t.Errorf("%s: lastmod %q; want the newest post it shows, %s", loc, got, newest)
		}
	}
	today := time.Now().UTC().Format(time.DateOnly)
	for loc, lm := range ours {
		if strings.HasPrefix(lm, buildDay) || strings.HasPrefix(lm, today) || strings.HasPrefix(lm, "2024-06-15") {
			t.Errorf("%s: lastmod %s, a build's or a checkout's stamp (build %s, sources' time 2024-06-15)", loc, lm, buildDay)
		}
	}
}

// hexoRun runs sitemapgen in the project src as mustRun does, in the
// zone rebuild.sh built the fixture in (TZ=UTC): with timezone set, the
// day of a post's permalink is its date's in the building machine's
// zone, which sitemapgen takes to be its own.
func hexoRun(t *testing.T, src string, args ...string) result {
	t.Helper()
	r := run(t, src, []string{"TZ=UTC"}, args...)
	if r.code != 0 {
		t.Fatalf("sitemapgen %s: exit %d\n%s", strings.Join(args, " "), r.code, r.stderr)
	}
	return r
}

// ourHexoURLs reads the sitemap sitemapgen wrote into the fixture's
// public/: loc → lastmod.
func ourHexoURLs(t *testing.T, src string) map[string]string {
	t.Helper()
	entries, _, err := sitemaptest.URLs(filepath.Join(src, "public"), hexoBase)
	if err != nil {
		t.Fatal(err)
	}
	sitemaptest.MustValidate(t, filepath.Join(src, "public"))
	ours := map[string]string{}
	for _, e := range entries {
		ours[e.Loc] = e.LastMod
	}
	return ours
}

// hexoProject copies testdata/hexo, its packages linked in, for real
// Hexo builds (./test.sh installs them), and returns the copy.
func hexoProject(t *testing.T) string {
	t.Helper()
	fixture := nodeFixture(t, "hexo")
	src := copyFixture(t, "hexo")
	if err := os.Symlink(filepath.Join(fixture, "node_modules"), filepath.Join(src, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return src
}

// hexoGenerate runs hexo generate in the project src, into a fresh
// public/ when fresh (as CI builds), else over the public/ there (as
// hexo generate leaves the files no plugin writes any more).
func hexoGenerate(t *testing.T, src string, fresh bool) {
	t.Helper()
	if fresh {
		if err := os.RemoveAll(filepath.Join(src, "public")); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(filepath.Join(src, "node_modules", ".bin", "hexo"), "generate", "--silent")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hexo generate: %v\n%s", err, out)
	}
}

// TestHexoSitemapTextSwitch: hexo-generator-sitemap writes sitemap.txt
// beside sitemap.xml when its sitemap: block gives no path (its default),
// a text sitemap whose URL a user may have submitted (issue 68), and
// moths.txt beside moths.xml with path: [moths.xml, moths.txt]. Built
// with real Hexo and the plugin, then switched: init carries text: true,
// and text_filename: moths.txt for the plugin's name (before, nothing,
// and the URL answered 404 once the plugin was gone; then ours wrote
// sitemap.txt, and moths.txt answered 404: issue 98, item 3); ours
// answers there with our URLs (every URL the plugin's listed, the home
// page as /blog/, the page Hexo writes) right after init, over the
// plugin's file that hexo generate leaves in public/, and after the
// switch, the plugin out of package.json, in a fresh public/ (CI). The
// plugin uninstalled before init runs, its sitemap: block left in
// _config.yml, init carries the block all the same, and says so (before,
// it carried nothing, and said nothing: issue 98, item 8).
func TestHexoSitemapTextSwitch(t *testing.T) {
	for _, c := range []struct {
		name, block, xml, txt, yaml string
		uninstalled                 bool // before init
	}{
		{name: "default", block: "", xml: "sitemap.xml", txt: "sitemap.txt", yaml: "\ntext: true"},
		{name: "path", block: "sitemap:\n  path: [moths.xml, moths.txt]\n", xml: "moths.xml", txt: "moths.txt", yaml: "\ntext_filename: moths.txt"},
		{name: "path, the plugin uninstalled", block: "sitemap:\n  path: [moths.xml, moths.txt]\n", xml: "moths.xml", txt: "moths.txt", uninstalled: true,
			yaml: ": package.json does not depend on\n#   hexo-generator-sitemap (uninstalled?)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := hexoProject(t)
			config, err := os.ReadFile(filepath.Join(src, "_config.yml"))
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(src, "_config.yml"), strings.Replace(string(config), "sitemap:\n  path: sitemap.xml\n", c.block, 1))
			hexoTextSwitch(t, src, c.xml, c.txt, c.yaml, c.uninstalled)
		})
	}
}

// hexoTextSwitch builds the Hexo project src with the plugin, whose text
// sitemap is txt beside xml, and switches as TestHexoSitemapTextSwitch
// says, the plugin uninstalled before init with uninstalled; init's
// sitemap.yaml holds yaml, and text_filename for a txt of another name.
func hexoTextSwitch(t *testing.T, src, xml, txt, yaml string, uninstalled bool) {
	public := filepath.Join(src, "public")
	text := func(when string) []string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(public, txt))
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		return strings.Fields(string(data))
	}
	hexoGenerate(t, src, true)
	theirs := text("the plugin's build")
	if len(theirs) < 5 {
		t.Fatalf("hexo-generator-sitemap's %s lists %d URLs: %q", txt, len(theirs), theirs)
	}
	same := func(when string) {
		t.Helper()
		ours := text(when)
		if want := reachFrom(t, public, hexoBase, xml); !slices.Equal(slices.Sorted(slices.Values(ours)), slices.Sorted(slices.Values(want))) {
			t.Errorf("%s: %s lists %q, our %s %q", when, txt, ours, xml, want)
		}
		for _, u := range theirs {
			if u+"/" == hexoBase {
				u = hexoBase
			}
			if !slices.Contains(ours, u) {
				t.Errorf("%s: hexo-generator-sitemap's %s lists %s; ours does not: %q", when, txt, u, ours)
			}
		}
	}

	uninstall := func() {
		editPackageJSON(t, src, func(p map[string]any) {
			delete(p["dependencies"].(map[string]any), "hexo-generator-sitemap")
		})
	}
	if uninstalled {
		uninstall()
	}
	r := mustRun(t, src, "init")
	data, err := os.ReadFile(filepath.Join(src, "sitemap.yaml"))
	if err != nil || !strings.Contains(string(data), yaml) {
		t.Fatalf("init's sitemap.yaml has no %q (%v):\n%s\n%s", yaml, err, data, r.stderr)
	}
	if want := "\ntext_filename: " + txt; txt != "sitemap.txt" && !strings.Contains(string(data), want) {
		t.Fatalf("init's sitemap.yaml has no %q:\n%s\n%s", want, data, r.stderr)
	}
	if !regexp.MustCompile(`carried over [1-9][0-9]* settings? of hexo-generator-sitemap`).MatchString(r.stderr) {
		t.Errorf("init carries nothing of hexo-generator-sitemap:\n%s", r.stderr)
	}
	hexoRun(t, src)
	same("after init")
	uninstall()
	hexoGenerate(t, src, true)
	if _, err := os.Stat(filepath.Join(public, txt)); err == nil {
		t.Fatalf("hexo-generator-sitemap still wrote public/%s: not out of the build", txt)
	}
	hexoRun(t, src)
	same("after the switch")
	hexoRun(t, src)
	same("the next run")
}

// TestHexoSitemapRelSwitch: hexo-generator-sitemap's rel: true, the
// <link rel="sitemap"> it puts into every page's head, kept through the
// switch (issue 68). The fixture is built with real Hexo and the plugin
// (its packages installed by ./test.sh), which links its sitemap.xml from
// each page; init writes scripts/sitemapgen-link.js; the plugin goes
// (out of package.json, whose dependencies Hexo loads its plugins from),
// and hexo generate && sitemapgen gives every page the same link, to our
// sitemap.xml.
func TestHexoSitemapRelSwitch(t *testing.T) {
	src := hexoProject(t)
	config, err := os.ReadFile(filepath.Join(src, "_config.yml"))
	if err != nil {
		t.Fatal(err)
	}
	// The theme's <head> on one line, and no generator tag added to it
	// on a line of its own: the plugin's 3.0.1 finds only such a head (its
	// pattern has no s flag; a later release fixed it).
	write(t, filepath.Join(src, "_config.yml"), strings.Replace(string(config), "  path: sitemap.xml\n", "  path: sitemap.xml\n  rel: true\n", 1)+"meta_generator: false\n")
	layout := filepath.Join(src, "themes", "plain", "layout", "layout.ejs")
	text, err := os.ReadFile(layout)
	if err != nil {
		t.Fatal(err)
	}
	head, rest, ok := strings.Cut(string(text), "</head>\n")
	if !ok {
		t.Fatalf("%s has no </head>", layout)
	}
	write(t, layout, strings.ReplaceAll(head, "\n", "")+"</head>\n"+rest)
	hexoGenerate := func() []string {
		t.Helper()
		public := filepath.Join(src, "public")
		hexoGenerate(t, src, true)
		pages, err := filepath.Glob(filepath.Join(public, "*", "*", "*", "*", "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		return append(pages, filepath.Join(public, "index.html"), filepath.Join(public, "about", "index.html"), filepath.Join(public, "tags", "notes", "index.html"))
	}
	const link = `<link rel="sitemap" type="application/xml" title="Sitemap" href="/blog/sitemap.xml">`
	linked := func(when string, pages []string) {
		t.Helper()
		if len(pages) < 5 {
			t.Fatalf("%s: %d pages built: %v", when, len(pages), pages)
		}
		for _, p := range pages {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			head, _, _ := strings.Cut(string(data), "</head>")
			if n := strings.Count(head, `rel="sitemap"`); n != 1 || !strings.Contains(head, link) {
				t.Errorf("%s: %s's head has %d sitemap links, want %s once", when, p, n, link)
			}
		}
	}
	linked("the plugin's build", hexoGenerate())

	r := mustRun(t, src, "init")
	wantOutput(t, r.stderr, "sitemapgen: wrote scripts/sitemapgen-link.js")
	if strings.Contains(r.stderr, "warning: hexo-generator-sitemap's rel") {
		t.Errorf("init warns of rel:\n%s", r.stderr)
	}
	editPackageJSON(t, src, func(p map[string]any) {
		delete(p["dependencies"].(map[string]any), "hexo-generator-sitemap")
	})
	pages := hexoGenerate()
	if _, err := os.Stat(filepath.Join(src, "public", "sitemap.xml")); err == nil {
		t.Fatal("hexo-generator-sitemap still wrote public/sitemap.xml: not out of the build")
	}
	hexoRun(t, src)
	linked("the switched build", pages)
	if ours := ourHexoURLs(t, src); len(ours) < 5 {
		t.Errorf("our sitemap.xml, which the link names, lists %d URLs: %v", len(ours), ours)
	}
}

// TestHexoTemplateValuesSwitch: hexo-generator-sitemap's own template
// writes the home daily at 1.0, the tag and category pages weekly at
// 0.2, every post and page monthly at 0.6. Built with real Hexo and the
// plugin, then switched (init, the plugin out of package.json, hexo
// generate && sitemapgen): each URL the plugin listed has the same
// changefreq and priority in ours (before, none: init carried nothing
// of them, and said nothing; issue 87).
func TestHexoTemplateValuesSwitch(t *testing.T) {
	src := hexoProject(t)
	public := filepath.Join(src, "public")
	hexoGenerate(t, src, true)
	theirs := peerSet(t, public, hexoBase, "sitemap.xml")
	kinds := map[string]bool{}
	for _, u := range theirs {
		kinds[u.changefreq+" "+u.priority] = true
	}
	if len(kinds) < 3 {
		t.Fatalf("the fixture's premise: the plugin's sitemap has the home, posts and tag or category pages, three kinds of values: %v", kinds)
	}
	r := mustRun(t, src, "init")
	editPackageJSON(t, src, func(p map[string]any) {
		delete(p["dependencies"].(map[string]any), "hexo-generator-sitemap")
	})
	hexoGenerate(t, src, true)
	hexoRun(t, src)
	ours := peerSet(t, public, hexoBase, "sitemap.xml")
	num := func(s string) float64 { f, _ := strconv.ParseFloat(s, 64); return f }
	for loc, u := range theirs {
		got, ok := ours[loc]
		switch {
		case !ok:
			t.Errorf("the plugin lists %s; we do not", loc)
		case got.changefreq != u.changefreq || num(got.priority) != num(u.priority):
			t.Errorf("%s: changefreq %q, priority %q; the plugin's %q, %q", loc, got.changefreq, got.priority, u.changefreq, u.priority)
		}
	}
	if t.Failed() {
		t.Logf("init said:\n%s", r.stderr)
	}
}

// TestHexoKeyTwice: Hexo's YAML reader (js-yaml) stops on a
// _config.yml that gives a key twice, and so does sitemapgen, naming the
// line, where the other generators' readers keep the last value
// (TestConfigKeyTwice): it reads what Hexo reads.
func TestHexoKeyTwice(t *testing.T) {
	src := hexoProject(t)
	config := filepath.Join(src, "_config.yml")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	first := strings.Count(string(data[:strings.Index(string(data), "\ntitle:")+1]), "\n") + 1
	again := strings.Count(string(data), "\n") + 1
	write(t, config, string(data)+"title: Again\n")
	cmd := exec.Command(filepath.Join(src, "node_modules", ".bin", "hexo"), "generate")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "duplicated mapping key") {
		t.Fatalf("the fixture's premise: hexo generate stops on the key given twice (%v):\n%s", err, out)
	}
	r := run(t, src, nil)
	want := fmt.Sprintf("_config.yml:%d: title is given again (first at line %d): Hexo stops on it (duplicated mapping key)", again, first)
	if r.code != 2 || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d, want 2 and %q:\n%s", r.code, want, r.stderr)
	}
}
