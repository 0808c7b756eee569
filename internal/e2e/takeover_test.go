package e2e

// The switch from a generator's own sitemaps (or its plugin's) to ours,
// as a user makes it: every sitemap URL the peer published, which a
// search engine may have been given, still answers with a valid sitemap
// that reaches every URL of ours it may list. Built with the real Hugo,
// MkDocs, Astro with @astrojs/sitemap, and Jekyll with jekyll-sitemap.

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// peerSitemaps returns the sitemap files in dir, by their path there
// with "/": the .xml and .xml.gz files at its top and in the folders at
// its top whose root element is a <urlset> or a <sitemapindex>. Read
// after the peer's build, they are the sitemap URLs it published.
func peerSitemaps(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		switch {
		case d.IsDir() && strings.Count(rel, "/") >= 1:
			return filepath.SkipDir
		case d.IsDir(), !strings.HasSuffix(rel, ".xml") && !strings.HasSuffix(rel, ".xml.gz"):
			return nil
		}
		if f, err := sitemaptest.ReadFile(p); err == nil && (f.Root == "urlset" || f.Root == "sitemapindex") {
			names = append(names, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(names)
	return names
}

// reachFrom returns the URLs the sitemap file name of dir leads a
// crawler to, sorted: its own <url>s, or those of the urlsets its index
// lists, each of which must be a file of dir at its URL under base, in
// the index's folder or below it (the protocol's scope). A news
// sitemap's articles are left out: its pages are in the other files.
func reachFrom(t *testing.T, dir, base, name string) []string {
	t.Helper()
	f, err := sitemaptest.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatalf("%s does not answer with a sitemap: %v", name, err)
	}
	var urls []string
	take := func(file string, entries []sitemaptest.Entry) {
		if slices.ContainsFunc(entries, func(e sitemaptest.Entry) bool { return e.News != nil }) {
			return
		}
		for _, e := range entries {
			urls = append(urls, e.Loc)
		}
	}
	switch f.Root {
	case "urlset":
		take(name, f.Entries)
	case "sitemapindex":
		for _, e := range f.Entries {
			rel, ok := strings.CutPrefix(e.Loc, base)
			if !ok || !strings.HasPrefix(rel, scopeOf(name)) {
				t.Fatalf("%s lists %s, outside its folder", name, e.Loc)
			}
			s, err := sitemaptest.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
			if err != nil {
				t.Fatalf("%s lists %s: %v", name, rel, err)
			}
			if s.Root != "urlset" {
				t.Fatalf("%s lists %s, a %s: no search engine reads an index an index lists", name, rel, s.Root)
			}
			take(rel, s.Entries)
		}
	default:
		t.Fatalf("%s: root <%s>", name, f.Root)
	}
	slices.Sort(urls)
	return slices.Compact(urls)
}

// scopeOf is the folder of the file name, with its "/", or "" at the top.
func scopeOf(name string) string {
	if d := path.Dir(name); d != "." {
		return d + "/"
	}
	return ""
}

// answers checks, after the switch, that each of the sitemap URLs the
// peer published (names, files of dir) answers with a valid sitemap that
// reaches every URL of ours it may list: all of them (those entry, our
// entry file, reaches) from a file at the top of dir, those under its
// folder from a file in one (the protocol's scope); and that validate,
// ours and the official schemas', passes on dir. It returns our URLs.
func answers(t *testing.T, dir, base, entry string, names []string) []string {
	t.Helper()
	ours := reachFrom(t, dir, base, entry)
	if len(ours) == 0 {
		t.Fatalf("%s lists no URL", entry)
	}
	for _, name := range names {
		want := slices.DeleteFunc(slices.Clone(ours), func(u string) bool { return !strings.HasPrefix(u, base+scopeOf(name)) })
		if got := reachFrom(t, dir, base, name); !slices.Equal(got, want) {
			t.Errorf("%s, published by the peer, reaches %q; want our URLs under /%s: %q", name, got, scopeOf(name), want)
		}
	}
	if v := run(t, "", nil, "validate", "--base-url", base, dir); v.code != 0 {
		t.Errorf("validate %s: exit %d\n%s%s", dir, v.code, v.stdout, v.stderr)
	}
	sitemaptest.MustValidate(t, dir)
	return ours
}

// snapshot returns the names and bytes of the files under dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		m[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// sameFiles reports the files of the snapshots a and b that differ.
func sameFiles(t *testing.T, what string, a, b map[string]string) {
	t.Helper()
	for name, v := range a {
		if w, ok := b[name]; !ok || w != v {
			t.Errorf("%s: %s differs", what, name)
		}
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			t.Errorf("%s: %s is new", what, name)
		}
	}
}

// TestHugoSitemapURLsAnswer: a two-language Hugo site
// (defaultContentLanguageInSubdir, content/en, content/fr), built with
// Hugo, then plain sitemapgen: /sitemap.xml (Hugo's index, now ours),
// /en/sitemap.xml and /fr/sitemap.xml (each language's, now our URLs
// under its folder) all answer; validate passes; --check finds nothing
// to do; Hugo's next build writes its files again and ours replace them
// with the same bytes. With [sitemap] filename, Hugo's name is ours.
func TestHugoSitemapURLsAnswer(t *testing.T) {
	const base = "https://example.com/"
	src, public := buildHugo(t, "hugo-subdirs")
	published := peerSitemaps(t, public)
	if want := []string{"en/sitemap.xml", "fr/sitemap.xml", "sitemap.xml"}; !slices.Equal(published, want) {
		t.Fatalf("Hugo published %q, want %q", published, want)
	}
	r := mustRun(t, src)
	if want := "sitemapgen: replaced Hugo's own sitemaps at their URLs with ones that lead to ours, for search engines given them: en/sitemap.xml, fr/sitemap.xml"; !strings.Contains(r.stderr, want) {
		t.Errorf("the run does not say %q:\n%s", want, r.stderr)
	}
	ours := answers(t, public, base, "sitemap.xml", published)
	for _, lang := range []string{"en", "fr"} {
		if !slices.ContainsFunc(ours, func(u string) bool { return strings.HasPrefix(u, base+lang+"/") }) {
			t.Errorf("no URL of ours under /%s/: %q", lang, ours)
		}
	}
	if c := run(t, src, nil, "--check"); c.code != 0 {
		t.Errorf("--check after the build: exit %d\n%s%s", c.code, c.stdout, c.stderr)
	}
	built := snapshot(t, public)

	// Hugo's next build writes its three sitemaps again: --check says
	// so, and ours replace them, byte for byte as before.
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	if out, err := exec.Command(hugo, "--source", src, "--destination", public, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	if c := run(t, src, nil, "--check"); c.code != 1 || !strings.Contains(c.stdout, "en/sitemap.xml: differs from what a build writes: at the URL of Hugo's own sitemap, one that leads to ours") {
		t.Errorf("--check after Hugo's build: exit %d\n%s%s", c.code, c.stdout, c.stderr)
	}
	mustRun(t, src)
	// What Hugo's sitemaps witnessed is kept with the times they were
	// written (docs/listing.md, "Stale output"): Hugo's new build's.
	after := snapshot(t, public)
	for _, m := range []map[string]string{after, built} {
		m[".sitemapgen-generator-lastmod"] = withoutFileTimes(m[".sitemapgen-generator-lastmod"])
	}
	sameFiles(t, "after Hugo's next build", after, built)

	// Hugo's [sitemap] filename names Hugo's files, and ours.
	cfg := filepath.Join(src, "hugo.toml")
	data, _ := os.ReadFile(cfg)
	if err := os.WriteFile(cfg, append(data, "\n[sitemap]\nfilename = \"map.xml\"\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(public); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(hugo, "--source", src, "--destination", public, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	published = peerSitemaps(t, public)
	if want := []string{"en/map.xml", "fr/map.xml", "map.xml"}; !slices.Equal(published, want) {
		t.Fatalf("Hugo published %q, want %q", published, want)
	}
	mustRun(t, src)
	answers(t, public, base, "map.xml", published)
	if _, err := os.Stat(filepath.Join(public, "sitemap.xml")); err == nil {
		t.Error("sitemap.xml written; Hugo's [sitemap] filename is map.xml")
	}
}

// TestMkDocsSitemapURLsAnswer: MkDocs writes sitemap.xml and
// sitemap.xml.gz; after plain sitemapgen both answer, the gzipped one
// gzipped, with an index of ours.
func TestMkDocsSitemapURLsAnswer(t *testing.T) {
	mkdocs := testtool.Program(t, "mkdocs", "apt-get install mkdocs")
	src := filepath.Join(t.TempDir(), "docs-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "mkdocs"))); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(mkdocs, "build", "--quiet")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mkdocs: %v\n%s", err, out)
	}
	site := filepath.Join(src, "site")
	const base = "https://example.com/docs/"
	published := peerSitemaps(t, site)
	if want := []string{"sitemap.xml", "sitemap.xml.gz"}; !slices.Equal(published, want) {
		t.Fatalf("MkDocs published %q, want %q", published, want)
	}
	r := mustRun(t, src)
	if want := "replaced MkDocs's own sitemap at its URL with one that leads to ours, for search engines given it: sitemap.xml.gz"; !strings.Contains(r.stderr, want) {
		t.Errorf("the run does not say %q:\n%s", want, r.stderr)
	}
	answers(t, site, base, "sitemap.xml", published)
	if gz, _ := os.ReadFile(filepath.Join(site, "sitemap.xml.gz")); !bytes.HasPrefix(gz, []byte{0x1f, 0x8b}) {
		t.Error("sitemap.xml.gz is not gzip")
	}
	// With --gzip, ours is sitemap.xml.gz, and MkDocs' sitemap.xml
	// answers with an index of it.
	mustRun(t, src, "--gzip")
	answers(t, site, base, "sitemap.xml.gz", published)
}

// TestAstroSitemapURLsAnswer: Astro with @astrojs/sitemap writes
// sitemap-index.xml, an index of sitemap-0.xml. After plain sitemapgen,
// both answer with an index of ours (sitemap-0.xml went before: a search
// engine given it found a 404; issue 87). With the plugin removed, as
// integrations.md says, Astro writes no sitemap at all: --filename
// sitemap-index.xml keeps the URL for ours, and sitemap-0.xml still
// answers. Then the switch as docs/migrating.md says, with entryLimit: 2,
// for which the plugin writes sitemap-0.xml to sitemap-5.xml: init on
// the project built with the plugin carries every part over, the plugin
// is removed, Astro's build writes none of its files, and each URL the
// plugin published answers with ours, at that run and the next (before,
// sitemap-1.xml … answered 404: issue 98's trial).
func TestAstroSitemapURLsAnswer(t *testing.T) {
	src := nodeProject(t, "astro", "src", "astro.config.mjs", "package.json")
	build := func() { astroBuild(t, src) }
	build()
	dist := filepath.Join(src, "dist")
	const base = "https://example.com/"
	published := peerSitemaps(t, dist)
	if want := []string{"sitemap-0.xml", "sitemap-index.xml"}; !slices.Equal(published, want) {
		t.Fatalf("@astrojs/sitemap published %q, want %q", published, want)
	}
	theirs := reachFrom(t, dist, base, "sitemap-index.xml")
	r := mustRun(t, src)
	if want := "sitemapgen: replaced Astro's own sitemaps at their URLs with ones that lead to ours, for search engines given them: sitemap-0.xml, sitemap-index.xml"; !strings.Contains(r.stderr, want) {
		t.Errorf("the run does not say %q:\n%s", want, r.stderr)
	}
	ours := answers(t, dist, base, "sitemap.xml", published)
	// Every URL the plugin listed that is a page is ours (but its
	// noindex page, TestAstroSite).
	for _, u := range theirs {
		if !slices.Contains(ours, u) && u != base+"private" {
			t.Errorf("the plugin listed %s; sitemap-index.xml no longer leads to it", u)
		}
	}

	// The plugin removed from the project: Astro's build writes no
	// sitemap, and sitemap-index.xml stays ours by its name.
	cfg := filepath.Join(src, "astro.config.mjs")
	data, _ := os.ReadFile(cfg)
	cfg2 := strings.Replace(strings.Replace(string(data), "import sitemap from '@astrojs/sitemap';", "", 1), "integrations: [sitemap()],", "", 1)
	if cfg2 == string(data) {
		t.Fatal("astro.config.mjs does not name the plugin as this test removes it")
	}
	if err := os.WriteFile(cfg, []byte(cfg2), 0o644); err != nil {
		t.Fatal(err)
	}
	build()
	if left := peerSitemaps(t, dist); len(left) > 0 {
		t.Fatalf("Astro without the plugin wrote %q", left)
	}
	mustRun(t, src, "--filename", "sitemap-index.xml")
	answers(t, dist, base, "sitemap-index.xml", published)

	// The switch of a site of several parts.
	if err := os.WriteFile(cfg, []byte(strings.Replace(string(data), "sitemap()", "sitemap({ entryLimit: 2 })", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	build()
	published = peerSitemaps(t, dist)
	if len(published) < 4 {
		t.Fatalf("@astrojs/sitemap with entryLimit 2 published %q; this test wants several parts", published)
	}
	r = mustRun(t, src, "init")
	if want := ", filename, published_sitemaps\n"; !strings.Contains(r.stderr, want) || strings.Contains(r.stderr, "warning:") {
		t.Errorf("init does not say %q, or warns:\n%s", want, r.stderr)
	}
	editFile(t, src, "astro.config.mjs", "import sitemap from '@astrojs/sitemap';", "")
	editFile(t, src, "astro.config.mjs", "integrations: [sitemap({ entryLimit: 2 })],", "")
	build()
	if left := peerSitemaps(t, dist); len(left) > 0 {
		t.Fatalf("Astro without the plugin wrote %q", left)
	}
	for range 2 {
		mustRun(t, src)
		answers(t, dist, base, "sitemap-index.xml", published)
	}
}

// editFile replaces old with new in the file name of dir, once; old must
// be there.
func editFile(t *testing.T, dir, name, old, new string) {
	t.Helper()
	p := filepath.Join(dir, name)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s does not hold %q", name, old)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestAstroFilenameBaseSwitch: @astrojs/sitemap with filenameBase
// 'shopmap' publishes shopmap-index.xml, an index of shopmap-0.xml. After
// sitemapgen init (filename: shopmap-index.xml), the plugin removed as
// docs/migrating.md says and Astro's build run again (it empties dist/),
// plain sitemapgen makes both answer with ours, at that run and the next
// (before, shopmap-0.xml answered 404; sitemap-0.xml, the default name,
// answered).
func TestAstroFilenameBaseSwitch(t *testing.T) {
	src := nodeProject(t, "astro", "src", "astro.config.mjs", "package.json")
	editFile(t, src, "astro.config.mjs", "integrations: [sitemap()],", "integrations: [sitemap({ filenameBase: 'shopmap' })],")
	astroBuild(t, src)
	dist := filepath.Join(src, "dist")
	const base = "https://example.com/"
	published := peerSitemaps(t, dist)
	if want := []string{"shopmap-0.xml", "shopmap-index.xml"}; !slices.Equal(published, want) {
		t.Fatalf("@astrojs/sitemap published %q, want %q", published, want)
	}
	mustRun(t, src, "init")
	editFile(t, src, "astro.config.mjs", "import sitemap from '@astrojs/sitemap';", "")
	editFile(t, src, "astro.config.mjs", "integrations: [sitemap({ filenameBase: 'shopmap' })],", "")
	astroBuild(t, src)
	if left := peerSitemaps(t, dist); len(left) > 0 {
		t.Fatalf("Astro without the plugin wrote %q", left)
	}
	r := mustRun(t, src)
	if want := "files that lead to ours: shopmap-0.xml\n"; !strings.Contains(r.stderr, want) {
		t.Errorf("the build does not say %q:\n%s", want, r.stderr)
	}
	answers(t, dist, base, "shopmap-index.xml", []string{"shopmap-0.xml"})
	mustRun(t, src)
	answers(t, dist, base, "shopmap-index.xml", []string{"shopmap-0.xml"})
}

// TestJekyllSitemapURLsAnswer: jekyll-sitemap publishes sitemap.xml (and
// a robots.txt naming it). After plain sitemapgen it is ours; with the
// plugin removed from _config.yml and the site built again, it still is.
func TestJekyllSitemapURLsAnswer(t *testing.T) {
	src, site := buildJekyll(t, "jekyll-fm")
	const base = "https://example.com/"
	published := peerSitemaps(t, site)
	if want := []string{"sitemap.xml"}; !slices.Equal(published, want) {
		t.Fatalf("jekyll-sitemap published %q, want %q", published, want)
	}
	mustRun(t, src)
	answers(t, site, base, "sitemap.xml", published)

	cfg := filepath.Join(src, "_config.yml")
	data, _ := os.ReadFile(cfg)
	if err := os.WriteFile(cfg, bytes.Replace(data, []byte("  - jekyll-sitemap\n"), nil, 1), 0o644); err != nil {
		t.Fatal(err)
	}
	jekyll := testtool.Program(t, "jekyll", "apt-get install jekyll")
	cmd := exec.Command(jekyll, "build", "--quiet", "--source", src, "--destination", site)
	cmd.Env = append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jekyll: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(site, "sitemap.xml")); err == nil {
		t.Fatal("Jekyll without jekyll-sitemap left sitemap.xml")
	}
	mustRun(t, src)
	answers(t, site, base, "sitemap.xml", published)
}

// TestJekyllSwitchOnlyPlugin follows init's step that turns
// jekyll-sitemap off in a site where it is the only plugin
// (testdata/jekyll-docs), as the step says, then builds with real Jekyll
// and runs sitemapgen: the sitemap jekyll-sitemap published answers
// (issue 98). Before, the step said to remove jekyll-sitemap from
// plugins:, which left an empty plugins:, and Jekyll refused to build
// ("'plugins' should be set as an array").
func TestJekyllSwitchOnlyPlugin(t *testing.T) {
	src, site := buildJekyll(t, "jekyll-docs")
	const base = "https://example.com/"
	published := peerSitemaps(t, site)
	r := mustRun(t, src, "init")
	var step string
	for line := range strings.Lines(r.stderr) {
		if strings.Contains(line, "remove jekyll-sitemap") {
			step = line
		}
	}
	const want = "remove jekyll-sitemap from _config.yml, with the plugins: key, its only plugin"
	if !strings.Contains(step, want) {
		t.Errorf("init's step is %q, want %q", step, want)
	}
	// The step as it says: the key with the entry where it says so,
	// else the entry.
	edit := "  - jekyll-sitemap\n"
	if strings.Contains(step, "with the plugins: key") {
		edit = "plugins:\n" + edit
	}
	cfg := filepath.Join(src, "_config.yml")
	data, err := os.ReadFile(cfg)
	if err != nil || !bytes.Contains(data, []byte(edit)) {
		t.Fatalf("the fixture's premise: _config.yml has %q (%v)", edit, err)
	}
	write(t, cfg, string(bytes.Replace(data, []byte(edit), nil, 1)))
	if err := os.RemoveAll(site); err != nil {
		t.Fatal(err)
	}
	jekyll := testtool.Program(t, "jekyll", "apt-get install jekyll")
	cmd := exec.Command(jekyll, "build", "--quiet", "--source", src, "--destination", site)
	cmd.Env = append(os.Environ(), "TZ=UTC")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jekyll after the step %q: %v\n%s", step, err, out)
	}
	mustRun(t, src)
	answers(t, site, base, "sitemap.xml", published)
}

// TestXSL: --xsl names the stylesheet in every sitemap and index file,
// the entry, the shards, and the files at Hugo's sitemap URLs; validate
// and the official schemas (xmllint) take it; the same input gives the
// same bytes, and --check agrees.
func TestXSL(t *testing.T) {
	src, public := buildHugo(t, "hugo-subdirs")
	args := []string{"--xsl", "/sitemap.xsl?v=1&x=2", "--max-urls", "3"}
	mustRun(t, src, args...)
	const line = `<?xml-stylesheet type="text/xsl" href="/sitemap.xsl?v=1&amp;x=2"?>`
	files := 0
	for name, body := range snapshot(t, public) {
		if !strings.HasSuffix(name, ".xml") {
			continue
		}
		files++
		if !strings.HasPrefix(body, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+line+"\n") {
			t.Errorf("%s starts %.120q, not with the stylesheet's line", name, body)
		}
	}
	if files < 5 { // the index, its shards, en/ and fr/
		t.Errorf("%d XML files", files)
	}
	answers(t, public, "https://example.com/", "sitemap.xml", []string{"en/sitemap.xml", "fr/sitemap.xml"})
	before := snapshot(t, public)
	if c := run(t, src, nil, append(args, "--check")...); c.code != 0 {
		t.Errorf("--check: exit %d\n%s%s", c.code, c.stdout, c.stderr)
	}
	if c := run(t, src, nil, "--check", "--max-urls", "3"); c.code != 1 {
		t.Errorf("--check without --xsl: exit %d, want 1 (every file changes)\n%s", c.code, c.stdout)
	}
	mustRun(t, src, args...)
	sameFiles(t, "the same input again", snapshot(t, public), before)
}

// TestWatchHugoSitemapURLs: watch beside a two-language Hugo site keeps
// Hugo's sitemap URLs answering as a build does: a new French page joins
// fr/sitemap.xml alone; Hugo's next build writes its sitemaps again, and
// watch replaces them; once stopped, the files are a build's, byte for
// byte.
func TestWatchHugoSitemapURLs(t *testing.T) {
	const base = "https://example.com/"
	src, public := buildHugo(t, "hugo-subdirs")
	sitemaps := func() map[string]string {
		m := snapshot(t, public)
		for name := range m {
			if !strings.HasSuffix(name, ".xml") {
				delete(m, name)
			}
		}
		return m
	}
	p := startWatch(t, src, "--debounce", "50ms")
	p.until("Hugo's sitemap URLs answer", func() bool {
		b, err := os.ReadFile(filepath.Join(public, "fr", "sitemap.xml"))
		return err == nil && bytes.Contains(b, []byte("<!-- sitemapgen:"))
	})
	write(t, filepath.Join(public, "fr", "nouveau", "index.html"), page("nouveau"))
	p.until("the new page in fr/sitemap.xml", func() bool {
		b, _ := os.ReadFile(filepath.Join(public, "fr", "sitemap.xml"))
		return bytes.Contains(b, []byte(base+"fr/nouveau/"))
	})
	if b, _ := os.ReadFile(filepath.Join(public, "en", "sitemap.xml")); bytes.Contains(b, []byte("nouveau")) {
		t.Error("the French page is in en/sitemap.xml")
	}
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	if out, err := exec.Command(hugo, "--source", src, "--destination", public, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	p.until("Hugo's sitemaps replaced again", func() bool {
		for _, lang := range []string{"en", "fr"} {
			b, err := os.ReadFile(filepath.Join(public, lang, "sitemap.xml"))
			if err != nil || !bytes.Contains(b, []byte("<!-- sitemapgen:")) {
				return false
			}
		}
		return true
	})
	p.settle(300 * time.Millisecond)
	p.stop(public)
	watched := sitemaps()
	mustRun(t, src)
	sameFiles(t, "watch against a build", watched, sitemaps())
	answers(t, public, base, "sitemap.xml", []string{"en/sitemap.xml", "fr/sitemap.xml"})
}

// withoutFileTimes is the kept file of the generator's sitemaps
// (.sitemapgen-generator-lastmod) without the lines of their files'
// modification times (four tabs, then the time).
func withoutFileTimes(kept string) string {
	lines := strings.SplitAfter(kept, "\n")
	lines = slices.DeleteFunc(lines, func(l string) bool {
		return strings.HasPrefix(l, "\t\t\t\t") && !strings.HasPrefix(l, "\t\t\t\t\t")
	})
	return strings.Join(lines, "")
}
