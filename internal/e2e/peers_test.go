package e2e

// The switch from the sitemap tools of VitePress, Sphinx, MkDocs with
// Material and Eleventy's starter to ours, with each real tool: the peer
// builds first, its URLs, alternates and published sitemap URLs are
// recorded; then sitemapgen runs as its docs say (and the peer is
// removed): every URL the peer listed that is a page is listed, every
// alternate it wrote is written, every sitemap URL it published answers.

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// pageKey is a URL as a peer and sitemapgen may each write the same page:
// a folder's index.html as the folder.
func pageKey(u string) string { return strings.TrimSuffix(u, "index.html") }

// allListed fails the test unless every URL of theirs is one of ours, as
// pageKey compares them.
func allListed(t *testing.T, step string, ours, theirs []string) {
	t.Helper()
	keys := map[string]bool{}
	for _, u := range ours {
		keys[pageKey(u)] = true
	}
	for _, u := range theirs {
		if !keys[pageKey(u)] {
			t.Errorf("%s: the peer listed %s; we do not (ours: %q)", step, u, ours)
		}
	}
}

// allAlternates fails the test unless every alternate of theirs ("LOC
// LANG HREF", as sitemapAlternates gives them) is one of ours, as pageKey
// compares their URLs, and each of ours the peer did not write is a
// page's own (its LOC its HREF: a cluster lists each of its pages).
func allAlternates(t *testing.T, step string, ours, theirs []string) {
	t.Helper()
	key := func(a string) string {
		f := strings.Fields(a)
		return pageKey(f[0]) + " " + f[1] + " " + pageKey(f[2])
	}
	in := func(list []string, a string) bool {
		return slices.ContainsFunc(list, func(b string) bool { return key(b) == key(a) })
	}
	for _, a := range theirs {
		if !in(ours, a) {
			t.Errorf("%s: the peer wrote the alternate %s; we do not", step, a)
		}
	}
	for _, a := range ours {
		if f := strings.Fields(key(a)); !in(theirs, a) && f[0] != f[2] {
			t.Errorf("%s: we write the alternate %s; the peer did not", step, a)
		}
	}
}

// sphinxProject writes a Sphinx project of three documents whose conf.py
// is conf, and returns its folder.
func sphinxProject(t *testing.T, conf string) string {
	t.Helper()
	testtool.Program(t, "sphinx-build", "apt-get install python3-sphinx python3-sphinx-sitemap")
	src := filepath.Join(t.TempDir(), "sphinx-site")
	for name, body := range map[string]string{
		"conf.py":   conf,
		"index.rst": "Home\n====\n\n.. toctree::\n\n   about\n   guide\n",
		"about.rst": "About\n=====\n\nAbout us.\n",
		"guide.rst": "Guide\n=====\n\nHow to.\n",
	} {
		write(t, filepath.Join(src, name), body)
	}
	return src
}

// sphinxBuild runs sphinx-build in src into out (relative to src), with
// args before the folders (-D language=fr), reading every document again.
func sphinxBuild(t *testing.T, src, out string, args ...string) {
	t.Helper()
	cmd := exec.Command("sphinx-build", append(append([]string{"-q", "-E", "-b", "html"}, args...), ".", out)...)
	cmd.Dir = src
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sphinx-build: %v\n%s", err, b)
	}
}

// TestSphinxSitemapSwitch: a Sphinx site with sphinx-sitemap
// (sitemap_url_scheme '{link}', sitemap_filename 'map.xml'). Plain
// sitemapgen takes its map.xml over: it answers, with every URL
// sphinx-sitemap listed. Then the switch: sitemapgen init carries
// sitemap_filename over into sitemap.yaml, sphinx_sitemap leaves
// extensions, and a clean Sphinx build and sitemapgen give map.xml again,
// the same URLs. With the default scheme, which listed the pages under
// en/ where their canonical links do not put them, the build says so,
// before and after the switch, and how to keep them; under site_url,
// which no page names, the base URL keeps them.
func TestSphinxSitemapSwitch(t *testing.T) {
	const base = "https://example.com/docs/"
	conf := "project = 'Docs'\nextensions = [\n    'sphinx_sitemap',\n]\nhtml_baseurl = 'https://example.com/docs/'\nsitemap_url_scheme = '{link}'\nsitemap_filename = 'map.xml'\n"
	src := sphinxProject(t, conf)
	sphinxBuild(t, src, "_build/html")
	site := filepath.Join(src, "_build", "html")
	published := peerSitemaps(t, site)
	if want := []string{"map.xml"}; !slices.Equal(published, want) {
		t.Fatalf("sphinx-sitemap published %q, want %q", published, want)
	}
	theirs := locs(t, filepath.Join(site, "map.xml"))
	if len(theirs) != 5 {
		t.Fatalf("sphinx-sitemap listed %q, want its 5 pages", theirs)
	}
	mustRun(t, src)
	allListed(t, "the takeover", answers(t, site, base, "map.xml", published), theirs)

	// The switch.
	if r := run(t, src, nil, "init"); r.code != 0 || !strings.Contains(r.stderr, "carried over 1 setting of sphinx-sitemap (conf.py:2): filename") {
		t.Fatalf("init: exit %d\n%s", r.code, r.stderr)
	}
	write(t, filepath.Join(src, "conf.py"), strings.Replace(conf, "    'sphinx_sitemap',\n", "", 1))
	if err := os.RemoveAll(filepath.Join(src, "_build")); err != nil {
		t.Fatal(err)
	}
	sphinxBuild(t, src, "_build/html")
	if names := peerSitemaps(t, site); len(names) != 0 {
		t.Fatalf("Sphinx without sphinx-sitemap wrote %q", names)
	}
	mustRun(t, src)
	allListed(t, "after the switch", answers(t, site, base, "map.xml", published), theirs)

	// The default scheme: sphinx-sitemap wrote https://example.com/docs/en/about.html
	// (language 'en', sitemap_locales), where Sphinx's canonical links,
	// made from html_baseurl, name https://example.com/docs/about.html.
	// Ours list the URLs the pages give, and say, while the extension
	// runs, at init and after the switch, how to keep the scheme's:
	// html_baseurl with en/, which the canonical links and ours follow.
	conf = "project = 'Docs'\nextensions = ['sphinx_sitemap']\nhtml_baseurl = 'https://example.com/docs/'\nlanguage = 'en'\nsitemap_locales = ['en', 'fr']\n"
	src, site, theirs = sphinxEnScheme(t, conf)
	const moved = "conf.py:2: warning: sphinx-sitemap's sitemap_url_scheme {lang}{version}{link} listed the pages under https://example.com/docs/en/, where their canonical links (html_baseurl) do not put them: sitemapgen lists them at the URLs they give, under https://example.com/docs/; if the site is served under https://example.com/docs/en/, set html_baseurl = 'https://example.com/docs/en/' in conf.py"
	r := mustRun(t, src)
	wantOutput(t, r.stderr, moved)
	r = mustRun(t, src, "init")
	wantOutput(t, r.stderr, `conf.py:2: warning: sphinx-sitemap's sitemap_url_scheme is "{lang}{version}{link}", which listed the pages under a folder their canonical links (html_baseurl) do not name`)
	conf = strings.Replace(conf, "['sphinx_sitemap']", "[]", 1)
	write(t, filepath.Join(src, "conf.py"), conf)
	sphinxBuild(t, src, "_build/html")
	r = mustRun(t, src)
	wantOutput(t, r.stderr, moved) // after the switch too: the URLs do not move in silence
	write(t, filepath.Join(src, "conf.py"), strings.Replace(conf, "/docs/'", "/docs/en/'", 1))
	sphinxBuild(t, src, "_build/html")
	r = mustRun(t, src)
	if strings.Contains(r.stderr, "warning: sphinx-sitemap's sitemap_url_scheme") {
		t.Errorf("html_baseurl with en/ is still warned:\n%s", r.stderr)
	}
	// One language's build: sitemap_locales' fr alternates are not written, and said.
	wantOutput(t, r.stderr, "conf.py:5: warning: sphinx-sitemap's sitemap_locales give each page alternates in the builds of 2 languages, and the build of fr/ is not in _build/html: their alternates are not written")
	allListed(t, "after the switch, html_baseurl with en/", answers(t, site, base+"en/", "sitemap.xml", nil), theirs)

	// With site_url, which no page names, and one build in the site
	// folder (no en/ in it), sphinx-sitemap listed the pages under
	// site_url's en/: the base URL takes it, so that after the switch
	// they keep those URLs, and the base URL's origin says so.
	conf = "project = 'Docs'\nextensions = ['sphinx_sitemap']\nsite_url = 'https://example.com/docs/'\nlanguage = 'en'\n"
	src, site, theirs = sphinxEnScheme(t, conf)
	const origin = "base URL " + base + "en/ from conf.py site_url under sphinx-sitemap's sitemap_url_scheme {lang}{version}{link} (en/)"
	r = mustRun(t, src)
	wantOutput(t, r.stderr, origin)
	allListed(t, "site_url: the takeover", answers(t, site, base+"en/", "sitemap.xml", []string{"sitemap.xml"}), theirs)
	write(t, filepath.Join(src, "conf.py"), strings.Replace(conf, "['sphinx_sitemap']", "[]", 1))
	if err := os.RemoveAll(filepath.Join(src, "_build")); err != nil {
		t.Fatal(err)
	}
	sphinxBuild(t, src, "_build/html")
	r = mustRun(t, src)
	wantOutput(t, r.stderr, origin)
	allListed(t, "site_url: after the switch", answers(t, site, base+"en/", "sitemap.xml", nil), theirs)
}

// sphinxEnScheme builds, with sphinx-sitemap, the project of conf, whose
// default scheme lists the pages under en/, and returns its folder, its
// site folder and the URLs sphinx-sitemap listed.
func sphinxEnScheme(t *testing.T, conf string) (src, site string, theirs []string) {
	t.Helper()
	src = sphinxProject(t, conf)
	site = filepath.Join(src, "_build", "html")
	sphinxBuild(t, src, "_build/html")
	theirs = locs(t, filepath.Join(site, "sitemap.xml"))
	if !slices.Contains(theirs, "https://example.com/docs/en/about.html") {
		t.Fatalf("the premise: sphinx-sitemap's default scheme lists %q", theirs)
	}
	return src, site, theirs
}

// sphinxLanguages writes the Sphinx project of conf, whose
// sphinx-sitemap gives each page an alternate in the other language, and
// builds it (build) in English and French, each into its folder of the
// site folder (en/, fr/), as sphinx-sitemap's docs say. It returns the
// project's folder, its site folder, the sitemaps sphinx-sitemap
// published there, their URLs and their alternates.
func sphinxLanguages(t *testing.T, conf string) (src, site string, build func(), published, theirs, alts []string) {
	t.Helper()
	src = sphinxProject(t, conf)
	build = func() {
		sphinxBuild(t, src, "_build/html/en")
		sphinxBuild(t, src, "_build/html/fr", "-D", "language=fr")
	}
	build()
	site = filepath.Join(src, "_build", "html")
	published = peerSitemaps(t, site)
	if want := []string{"en/sitemap.xml", "fr/sitemap.xml"}; !slices.Equal(published, want) {
		t.Fatalf("sphinx-sitemap published %q, want %q", published, want)
	}
	theirs = append(locs(t, filepath.Join(site, "en", "sitemap.xml")), locs(t, filepath.Join(site, "fr", "sitemap.xml"))...)
	alts = sitemapAlternates(t, filepath.Join(site, "en", "sitemap.xml"), filepath.Join(site, "fr", "sitemap.xml"))
	if len(alts) != 10 {
		t.Fatalf("sphinx-sitemap wrote %d alternates, want 10:\n%s", len(alts), strings.Join(alts, "\n"))
	}
	return src, site, build, published, theirs, alts
}

// TestSphinxSitemapLocales: two languages with sphinx-sitemap's
// sitemap_locales, each built into its folder (en/, fr/) with site_url,
// each language's sitemap.xml naming the other's pages as alternates.
// Plain sitemapgen lists every page (index.html as its folder), writes
// every alternate sphinx-sitemap wrote (and each page's own), and both
// files answer with our URLs under their folders; again from the kept
// alternates. Then the switch: sphinx_sitemap leaves extensions (its
// settings stay, as init says), both languages are built again, and the
// alternates and answers stay.
func TestSphinxSitemapLocales(t *testing.T) {
	const base = "https://example.com/docs/"
	conf := "project = 'Docs'\nextensions = ['sphinx_sitemap']\nsite_url = 'https://example.com/docs/'\nlanguage = 'en'\nsitemap_locales = ['en', 'fr']\n"
	src, site, build, published, theirs, alts := sphinxLanguages(t, conf)
	check := func(step string) {
		t.Helper()
		allListed(t, step, answers(t, site, base, "sitemap.xml", published), theirs)
		allAlternates(t, step, ourAlternates(t, site, base), alts)
	}
	r := mustRun(t, src)
	wantOutput(t, r.stderr, "sitemapgen: replaced Sphinx's own sitemaps at their URLs with ones that lead to ours, for search engines given them: en/sitemap.xml, fr/sitemap.xml")
	check("the takeover")
	mustRun(t, src)
	check("the next run")

	// The switch: sphinx_sitemap leaves extensions, its settings stay
	// (as init says); Sphinx writes no sitemap, and ours stay, with the
	// alternates kept.
	write(t, filepath.Join(src, "conf.py"), strings.Replace(conf, "['sphinx_sitemap']", "[]", 1))
	build()
	mustRun(t, src)
	check("after the switch")

	// A clean build, as CI's: no file of an earlier run, kept file and
	// aliases gone; sitemap_locales give the languages' sitemaps and
	// alternates again.
	if err := os.RemoveAll(filepath.Join(src, "_build")); err != nil {
		t.Fatal(err)
	}
	build()
	mustRun(t, src)
	check("after a clean build")
}

// TestSphinxSitemapLanguagesBaseURL: two languages built from one
// conf.py with html_baseurl, each into its folder, as sphinx-sitemap's
// docs say. Sphinx writes every page's canonical link from html_baseurl,
// without the language's folder (fr/about.html names
// https://example.com/docs/about.html), a URL no build serves; the pages
// are served in their folders, where sphinx-sitemap listed them. Plain
// sitemapgen, then the first build after the switch, list every page
// there, write every alternate, answer at both published sitemaps, and
// say once, at conf.py's line, what the links lack and the fix; init
// says the scheme is honoured in the builds' folders. Built
// with the fix (each language its own html_baseurl), the URLs stay and
// the warning goes.
func TestSphinxSitemapLanguagesBaseURL(t *testing.T) {
	const base = "https://example.com/docs/"
	conf := "project = 'Docs'\nextensions = ['sphinx_sitemap']\nhtml_baseurl = 'https://example.com/docs/'\nlanguage = 'en'\nsitemap_locales = ['en', 'fr']\n"
	src, site, build, published, theirs, alts := sphinxLanguages(t, conf)
	if len(theirs) != 10 || !slices.Contains(theirs, base+"fr/about.html") {
		t.Fatalf("sphinx-sitemap listed %q, want 10 pages under en/ and fr/", theirs)
	}
	page, err := os.ReadFile(filepath.Join(site, "fr", "about.html"))
	if err != nil || !strings.Contains(string(page), `<link rel="canonical" href="`+base+`about.html"`) {
		t.Fatalf("the premise: Sphinx names fr/about.html's canonical link without fr/ (%v)", err)
	}
	const lacks = "_build/html/en/about.html: warning: canonical link " + base + "about.html names this page's build without its folder, en/: read as " + base + "en/about.html; Sphinx writes each page's canonical link from html_baseurl (conf.py:3), which the builds in _build/html's folders share, and no build is served there; give each build its own, as sphinx-build -D html_baseurl=" + base + "fr/ . _build/html/fr does for fr/"
	check := func(step string, warned bool) {
		t.Helper()
		r := mustRun(t, src)
		if warned {
			wantOutput(t, r.stderr, lacks, "(and 9 more like it")
		} else if strings.Contains(r.stderr, "names this page's build without its folder") {
			t.Errorf("%s: the canonical links are warned of:\n%s", step, r.stderr)
		}
		allListed(t, step, answers(t, site, base, "sitemap.xml", published), theirs)
		allAlternates(t, step, ourAlternates(t, site, base), alts)
	}
	check("the takeover", true)

	// The switch, as docs/migrating.md says: init, sphinx_sitemap out of
	// extensions (its settings stay), a clean build of both languages.
	// init says the scheme is honoured, in the builds' folders.
	r := mustRun(t, src, "init")
	if strings.Contains(r.stderr, "sitemap_url_scheme") {
		t.Errorf("init warns of the scheme, which the builds' folders honour:\n%s", r.stderr)
	}
	if b, err := os.ReadFile(filepath.Join(src, "sitemap.yaml")); err != nil || !strings.Contains(string(b), "#   sitemap_url_scheme (conf.py:2) is \"{lang}{version}{link}\": each\n#     language's build is in its folder of the site folder (en/, fr/)") {
		t.Errorf("init's sitemap.yaml does not say the scheme is honoured in en/ and fr/ (%v):\n%s", err, b)
	}
	conf = strings.Replace(conf, "['sphinx_sitemap']", "[]", 1)
	write(t, filepath.Join(src, "conf.py"), conf)
	if err := os.RemoveAll(filepath.Join(src, "_build")); err != nil {
		t.Fatal(err)
	}
	build()
	check("after the switch", true)

	// The fix the warning gives: each build its own html_baseurl.
	if err := os.RemoveAll(filepath.Join(src, "_build")); err != nil {
		t.Fatal(err)
	}
	sphinxBuild(t, src, "_build/html/en", "-D", "html_baseurl="+base+"en/")
	sphinxBuild(t, src, "_build/html/fr", "-D", "language=fr", "-D", "html_baseurl="+base+"fr/")
	check("each build its own html_baseurl", false)
}

// TestSphinxSitemapLocaleDirs: sphinx-sitemap without sitemap_locales
// takes the languages from the folders of Sphinx's locale_dirs
// (locale/fr/), each language built into its folder. Plain sitemapgen
// writes every alternate it wrote, each page's cluster whole, and after
// the switch (sphinx_sitemap out of extensions, its settings left) too. A site folder that is one
// language's build, each built and deployed on its own: the alternates
// to the other builds are not written, and one warning says so.
func TestSphinxSitemapLocaleDirs(t *testing.T) {
	const base = "https://example.com/docs/"
	conf := "project = 'Docs'\nextensions = ['sphinx_sitemap']\nsite_url = 'https://example.com/docs/'\nlanguage = 'en'\nlocale_dirs = ['locale/']\n"
	src := sphinxProject(t, conf)
	if err := os.MkdirAll(filepath.Join(src, "locale", "fr", "LC_MESSAGES"), 0o755); err != nil {
		t.Fatal(err)
	}
	build := func() {
		sphinxBuild(t, src, "_build/html/en")
		sphinxBuild(t, src, "_build/html/fr", "-D", "language=fr")
	}
	build()
	site := filepath.Join(src, "_build", "html")
	alts := sitemapAlternates(t, filepath.Join(site, "en", "sitemap.xml"), filepath.Join(site, "fr", "sitemap.xml"))
	if len(alts) != 10 {
		t.Fatalf("sphinx-sitemap wrote %d alternates, want 10:\n%s", len(alts), strings.Join(alts, "\n"))
	}
	// Each page of en/ names fr/'s, each of fr/ itself alone: ours are
	// every one of those, in clusters of both languages, each page's
	// naming itself and the other (as with sitemap_locales).
	check := func(step string) {
		t.Helper()
		ours := ourAlternates(t, site, base)
		for _, a := range alts {
			f := strings.Fields(a)
			if !slices.ContainsFunc(ours, func(b string) bool {
				g := strings.Fields(b)
				return pageKey(g[0]) == pageKey(f[0]) && g[1] == f[1] && pageKey(g[2]) == pageKey(f[2])
			}) {
				t.Errorf("%s: the peer wrote the alternate %s; we do not", step, a)
			}
		}
		if len(ours) != 20 {
			t.Errorf("%s: we write %d alternates, want 20 (5 pages in 2 languages, each naming both):\n%s", step, len(ours), strings.Join(ours, "\n"))
		}
	}
	mustRun(t, src)
	check("the takeover")

	write(t, filepath.Join(src, "conf.py"), strings.Replace(conf, "['sphinx_sitemap']", "[]", 1))
	build()
	mustRun(t, src)
	check("after the switch")

	// One language's build alone in the site folder.
	if err := os.RemoveAll(site); err != nil {
		t.Fatal(err)
	}
	sphinxBuild(t, src, "_build/html")
	r := mustRun(t, src)
	wantOutput(t, r.stderr, "conf.py:5: warning: sphinx-sitemap's locale_dirs give each page alternates in the builds of 2 languages, and the build of fr/ is not in _build/html: their alternates are not written")
	if n := strings.Count(r.stderr, "locale_dirs"); n != 1 {
		t.Errorf("locale_dirs said %d times, want once:\n%s", n, r.stderr)
	}
}

// vitepressLocales is the configuration of TestVitePressLocales: two
// locales, the root's English and fr/'s French, and the sitemap option.
const vitepressLocales = `import { defineConfig } from 'vitepress'

export default defineConfig({
  title: 'Docs',
  locales: {
    root: { label: 'English', lang: 'en-US' },
    fr: { label: 'Français', lang: 'fr-FR', link: '/fr/' },
  },
  sitemap: { hostname: 'https://example.org/', lastmodDateOnly: true },
})
`

// TestVitePressLocales builds, with VitePress (testdata/vitepress's
// packages), a site of two locales whose pages write no hreflang links:
// VitePress's sitemap gives each page the alternates of its locales
// (xhtml:link, its own too). Plain sitemapgen takes it over: every URL,
// every alternate, sitemap.xml answering; again from the kept file. Then
// the switch: init carries the sitemap option over (hostname as the base
// URL, lastmodDateOnly), the option leaves the configuration, VitePress
// builds again with no sitemap, and sitemapgen writes the same URLs and
// alternates, as dates.
func TestVitePressLocales(t *testing.T) {
	t.Parallel() // VitePress in a copy of its own, its cache inside it
	src := nodeProject(t, "vitepress", "package.json")
	write(t, filepath.Join(src, "docs", ".vitepress", "config.mts"), vitepressLocales)
	for _, p := range []string{"index", "about", "guide/start", "only-en", "fr/index", "fr/about", "fr/guide/start"} {
		write(t, filepath.Join(src, "docs", filepath.FromSlash(p)+".md"), "# "+p+"\n")
	}
	vitepressBuild(t, src)
	const base = "https://example.org/"
	dist := filepath.Join(src, "docs", ".vitepress", "dist")
	published := peerSitemaps(t, dist)
	if want := []string{"sitemap.xml"}; !slices.Equal(published, want) {
		t.Fatalf("VitePress published %q, want %q", published, want)
	}
	theirs := locs(t, filepath.Join(dist, "sitemap.xml"))
	alts := sitemapAlternates(t, filepath.Join(dist, "sitemap.xml"))
	if len(theirs) != 7 || len(alts) != 12 {
		t.Fatalf("VitePress listed %q with %d alternates, want 7 URLs and 12:\n%s", theirs, len(alts), strings.Join(alts, "\n"))
	}
	check := func(step string) {
		t.Helper()
		allListed(t, step, answers(t, dist, base, "sitemap.xml", published), theirs)
		sameAlternates(t, step, ourAlternates(t, dist, base), alts)
	}
	mustRun(t, src)
	check("the takeover")
	mustRun(t, src)
	check("the next run")

	// The switch.
	if r := run(t, src, nil, "init"); r.code != 0 || !strings.Contains(r.stderr, "carried over 2 settings of VitePress's sitemap (docs/.vitepress/config.mts:9): base_url, lastmod_format") {
		t.Fatalf("init: exit %d\n%s", r.code, r.stderr)
	}
	write(t, filepath.Join(src, "docs", ".vitepress", "config.mts"), strings.Replace(vitepressLocales, "  sitemap: { hostname: 'https://example.org/', lastmodDateOnly: true },\n", "", 1))
	vitepressBuild(t, src)
	mustRun(t, src)
	check("after the switch")
}

// TestMkDocsMaterialSwitch builds testdata/mkdocs with Material's theme
// (Debian's mkdocs-material) and its language selector (extra.alternate:
// links in the header, none in the head or the sitemap): MkDocs writes
// its own sitemap.xml and sitemap.xml.gz whatever the theme, with no
// alternates and every page dated by the build. After plain sitemapgen
// every page MkDocs listed is listed, both files answer, and no
// alternate is written that MkDocs did not (Material's selector is no
// hreflang link); Material's 404 page is no page.
func TestMkDocsMaterialSwitch(t *testing.T) {
	src := mkdocsBuilt(t, "apt-get install mkdocs mkdocs-material", map[string]string{
		"mkdocs.yml": "site_name: Docs\nsite_url: https://example.com/docs/\ntheme:\n  name: material\n  language: en\nextra:\n  alternate:\n    - name: English\n      link: /docs/\n      lang: en\n    - name: Français\n      link: /docs/fr/\n      lang: fr\n"})
	site := filepath.Join(src, "site")
	if data, err := os.ReadFile(filepath.Join(site, "index.html")); err != nil || !strings.Contains(string(data), "md-select__link") {
		t.Fatalf("the premise: Material's language selector is not in the page: %v", err)
	}
	const base = "https://example.com/docs/"
	published := peerSitemaps(t, site)
	if want := []string{"sitemap.xml", "sitemap.xml.gz"}; !slices.Equal(published, want) {
		t.Fatalf("MkDocs published %q, want %q", published, want)
	}
	theirs := locs(t, filepath.Join(site, "sitemap.xml"))
	alts := sitemapAlternates(t, filepath.Join(site, "sitemap.xml"))
	r := mustRun(t, src)
	ours := answers(t, site, base, "sitemap.xml", published)
	allListed(t, "the takeover", ours, theirs)
	sameAlternates(t, "the takeover", ourAlternates(t, site, base), alts)
	if slices.Contains(ours, base+"404.html") {
		t.Errorf("Material's 404 page is listed: %q", ours)
	}
	if strings.Contains(r.stderr, "hreflang") {
		t.Errorf("hreflang warnings for Material's selector:\n%s", r.stderr)
	}
}

// mkdocsBuilt copies testdata/mkdocs, writes files (path → contents)
// into the copy, builds it with the real mkdocs (install says what
// installs it and the theme) and returns the project folder.
func mkdocsBuilt(t *testing.T, install string, files map[string]string) string {
	t.Helper()
	mkdocs := testtool.Program(t, "mkdocs", install)
	src := filepath.Join(t.TempDir(), "docs-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "mkdocs"))); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		write(t, filepath.Join(src, filepath.FromSlash(name)), body)
	}
	cmd := exec.Command(mkdocs, "build", "--quiet")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mkdocs: %v\n%s", err, out)
	}
	return src
}

// TestMkDocsSitemapTemplate builds testdata/mkdocs with a sitemap
// template of the project's in the theme's custom_dir, as Material users
// override it: the template leaves out about/ (by its URL), the pages
// under guide/usage (by a prefix) and those whose front matter says
// hidden: true (guide/setup.md), writes weekly for every URL, and MkDocs
// renders it in place of its own. sitemapgen does not render it, but
// reads those tests: its URLs are the template's (before, the pages the
// template left out were listed: issue 68), and one warning, naming the
// file, says what is honoured and what is not read (its values).
func TestMkDocsSitemapTemplate(t *testing.T) {
	src := mkdocsBuilt(t, "apt-get install mkdocs", map[string]string{
		"mkdocs.yml":          "site_name: Docs\nsite_url: https://example.com/docs/\ntheme:\n  name: mkdocs\n  custom_dir: overrides\n",
		"docs/guide/setup.md": "---\nhidden: true\n---\n# Setup\n\nHow to set up.\n",
		"docs/extra.md":       "---\nhidden: false\n---\n# Extra\n",
		"overrides/sitemap.xml": `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
{%- for file in pages %}{% if not file.page.is_link and file.page.url != "about/" and not file.page.url.startswith("guide/usage") and not file.page.meta.hidden %}
<url><loc>{{ file.page.canonical_url|e }}</loc><changefreq>weekly</changefreq></url>
{%- endif %}{% endfor %}
</urlset>
`})
	const base = "https://example.com/docs/"
	site := filepath.Join(src, "site")
	theirs := locs(t, filepath.Join(site, "sitemap.xml"))
	if want := []string{base, base + "extra/"}; !slices.Equal(theirs, want) {
		t.Fatalf("the premise: MkDocs did not render the project's template: %q, want %q", theirs, want)
	}
	r := mustRun(t, src)
	if ours := locs(t, filepath.Join(site, "sitemap.xml")); !slices.Equal(ours, theirs) {
		t.Errorf("we list %q; the template %q", ours, theirs)
	}
	const want = "overrides/sitemap.xml: warning: a sitemap template of the project's own, which MkDocs renders in place of its theme's (theme custom_dir, mkdocs.yml:5), whose sitemap sitemapgen's replace: the pages whose front matter says hidden: true, at /about/, under /guide/usage are left out, as it leaves them out; anything else it changes is not read (the values it writes: changefreq, priority, lastmod, an element of its own; set values with rules: in sitemap.yaml)"
	if n := strings.Count(r.stderr, want); n != 1 {
		t.Errorf("the warning naming the template is said %d times, want once:\n%s", n, r.stderr)
	}
}

// eleventyStarter is a site in the shape of Eleventy's base blog
// starter (eleventy-base-blog 9): its input folder content/, its data
// and includes beside it, the site's URL in _data/metadata.js, the
// HTML base plugin, posts with dates, a 404 page kept out of the
// collections, and content/sitemap.xml.njk writing /sitemap.xml from
// collections.all with each page's date.
var eleventyStarter = map[string]string{
	"eleventy.config.js": `import { HtmlBasePlugin } from "@11ty/eleventy";
//IMPORT

export default function (eleventyConfig) {
	eleventyConfig.addPlugin(HtmlBasePlugin);
	eleventyConfig.addFilter("htmlDateString", (date) => date.toISOString().slice(0, 10));
	//PLUGIN
}

export const config = {
	dir: { input: "content", includes: "../_includes", data: "../_data", output: "_site" },
};
`,
	"_data/metadata.js":             "export default {\n\ttitle: \"A blog\",\n\turl: \"https://example.com/\",\n\tlanguage: \"en\",\n};\n",
	"_includes/layouts/base.njk":    "<!doctype html>\n<html lang=\"{{ metadata.language }}\">\n<head><title>{{ title }}</title></head>\n<body>{{ content | safe }}</body>\n</html>\n",
	"content/content.11tydata.js":   "export default { layout: \"layouts/base.njk\" };\n",
	"content/index.njk":             "---\ntitle: Home\n---\n<ul>{% for post in collections.posts %}<li><a href=\"{{ post.url }}\">{{ post.data.title }}</a></li>{% endfor %}</ul>\n",
	"content/about.md":              "---\ntitle: About\n---\n# About\n",
	"content/blog.njk":              "---\ntitle: Archive\npermalink: /blog/\n---\n<p>Posts</p>\n",
	"content/blog/blog.11tydata.js": "export default { tags: [\"posts\"] };\n",
	"content/blog/first.md":         "---\ntitle: First\ndate: 2024-03-04\n---\nOne.\n",
	"content/blog/second.md":        "---\ntitle: Second\ndate: 2024-05-06\n---\nTwo.\n",
	"content/404.md":                "---\ntitle: Not found\npermalink: 404.html\neleventyExcludeFromCollections: true\n---\nGone.\n",
	"content/sitemap.xml.njk": `---
permalink: /sitemap.xml
layout: false
eleventyExcludeFromCollections: true
---
<?xml version="1.0" encoding="utf-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
{%- for item in collections.all %}
<url><loc>{{ item.url | htmlBaseUrl(metadata.url) }}</loc><lastmod>{{ item.date | htmlDateString }}</lastmod></url>
{%- endfor %}
</urlset>
`,
}

// TestEleventyStarterSwitch builds a site in the shape of Eleventy's
// base blog starter (eleventyStarter) with Eleventy at testdata's pinned
// version: its template writes /sitemap.xml. Then the switch, as
// docs/integrations.md says: the template goes, sitemapgen/eleventy is
// added, and Eleventy builds again: /sitemap.xml answers with ours, every
// URL the template listed is listed, the posts dated as it dated them.
// The template kept beside the integration (a user who forgot it), ours
// takes its file over at the same URL.
func TestEleventyStarterSwitch(t *testing.T) {
	project := hostProject(t, "npm-eleventy")
	for _, name := range []string{"_data", "_includes", "blog", "about.md", "index.md", "private.md", "eleventy.config.js"} {
		if err := os.RemoveAll(filepath.Join(project, name)); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range eleventyStarter {
		write(t, filepath.Join(project, filepath.FromSlash(name)), body)
	}
	build := func(dir string) {
		t.Helper()
		if r := hostBuild(t, dir, nil, "eleventy"); r.code != 0 {
			t.Fatalf("eleventy: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
	}
	const base = "https://example.com/"
	dir := copyProject(t, project)
	build(dir)
	site := filepath.Join(dir, "_site")
	theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
	if len(theirs) != 5 {
		t.Fatalf("the starter's template listed %d URLs, want 5: %v", len(theirs), theirs)
	}
	withPlugin := func(dir string) {
		t.Helper()
		cfg := filepath.Join(dir, "eleventy.config.js")
		data, err := os.ReadFile(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s := strings.Replace(string(data), "//IMPORT", `import sitemapgen from "sitemapgen/eleventy";`, 1)
		write(t, cfg, strings.Replace(s, "//PLUGIN", "eleventyConfig.addPlugin(sitemapgen);", 1))
	}
	check := func(step, dir string) {
		t.Helper()
		site := filepath.Join(dir, "_site")
		var urls []string
		for loc := range theirs {
			urls = append(urls, loc)
		}
		allListed(t, step, answers(t, site, base, "sitemap.xml", []string{"sitemap.xml"}), urls)
		ours := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
		for _, post := range []string{base + "blog/first/", base + "blog/second/"} {
			if !strings.HasPrefix(ours[post], theirs[post]) {
				t.Errorf("%s: %s dated %q; the template dated it %s", step, post, ours[post], theirs[post])
			}
		}
	}

	// The switch.
	if err := os.RemoveAll(filepath.Join(dir, "_site")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "content", "sitemap.xml.njk")); err != nil {
		t.Fatal(err)
	}
	withPlugin(dir)
	build(dir)
	check("after the switch", dir)

	// The template kept.
	kept := copyProject(t, project)
	withPlugin(kept)
	build(kept)
	check("the template kept", kept)
}
