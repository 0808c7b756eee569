package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// sitemapAlternates returns every hreflang alternate of the sitemap
// files at paths, "LOC LANG HREF" each, sorted.
func sitemapAlternates(t *testing.T, paths ...string) []string {
	t.Helper()
	var alts []string
	for _, p := range paths {
		f, err := sitemaptest.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range f.Entries {
			for _, l := range e.Links {
				if l.Rel == "alternate" && l.Hreflang != "" {
					alts = append(alts, e.Loc+" "+l.Hreflang+" "+l.Href)
				}
			}
		}
	}
	slices.Sort(alts)
	return alts
}

// ourAlternates returns every hreflang alternate of the set sitemapgen
// wrote into dir, as sitemapAlternates does.
func ourAlternates(t *testing.T, dir, base string) []string {
	t.Helper()
	entries, _, err := sitemaptest.URLs(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	var alts []string
	for _, e := range entries {
		for _, l := range e.Links {
			alts = append(alts, e.Loc+" "+l.Hreflang+" "+l.Href)
		}
	}
	slices.Sort(alts)
	return alts
}

// ourAlternatesFrom is ourAlternates of the set whose entry file is
// entry (sitemap-index.xml): a urlset, or an index of urlsets in dir.
func ourAlternatesFrom(t *testing.T, dir, base, entry string) []string {
	t.Helper()
	var paths []string
	for _, rel := range setFiles(t, dir, base, entry) {
		paths = append(paths, filepath.Join(dir, filepath.FromSlash(rel)))
	}
	return sitemapAlternates(t, paths...)
}

// sameAlternates fails the test unless ours are exactly theirs.
func sameAlternates(t *testing.T, step string, ours, theirs []string) {
	t.Helper()
	for _, a := range theirs {
		if !slices.Contains(ours, a) {
			t.Errorf("%s: the generator wrote the alternate %s; we do not", step, a)
		}
	}
	for _, a := range ours {
		if !slices.Contains(theirs, a) {
			t.Errorf("%s: we write the alternate %s; the generator did not", step, a)
		}
	}
}

// TestHugoTakeoverAlternates builds testdata/hugo-i18n, two languages in
// content folders of their own whose layouts write no hreflang links,
// with Hugo, and runs plain sitemapgen: every alternate Hugo's two
// sitemaps wrote is in ours (those of its taxonomies, which no source
// file makes, too), and no other; the clusters pass validate and the
// schema. The alternates are kept beside ours once Hugo's sitemaps are
// removed: a second run and a check write the same, and --explain says
// where they came from.
func TestHugoTakeoverAlternates(t *testing.T) {
	src, public := buildHugo(t, "hugo-i18n")
	const base = "https://example.com/"
	theirs := sitemapAlternates(t, filepath.Join(public, "en", "sitemap.xml"), filepath.Join(public, "fr", "sitemap.xml"))
	if len(theirs) < 16 {
		t.Fatalf("Hugo wrote %d alternates, want the 16 or more of its pairs:\n%s", len(theirs), strings.Join(theirs, "\n"))
	}
	r := mustRun(t, src)
	if strings.Contains(r.stderr, "warning") && strings.Contains(r.stderr, "hreflang") {
		t.Errorf("hreflang warnings:\n%s", r.stderr)
	}
	// Taken over: at its URL, a search engine was given, ours answers
	// (with our URLs under /en/), marked as ours.
	if data, err := os.ReadFile(filepath.Join(public, "en", "sitemap.xml")); err != nil || !bytes.Contains(data, []byte("<!-- sitemapgen:")) {
		t.Fatalf("en/sitemap.xml is not ours: %v\n%s", err, data)
	}
	sameAlternates(t, "the takeover", ourAlternates(t, public, base), theirs)
	if v := run(t, src, nil, "validate", "public"); v.code != 0 {
		t.Errorf("validate public: exit %d\n%s%s", v.code, v.stdout, v.stderr)
	}
	sitemaptest.MustValidate(t, public)

	// Again, from the alternates kept: the same set, and a check agrees.
	mustRun(t, src)
	sameAlternates(t, "the next run", ourAlternates(t, public, base), theirs)
	if c := run(t, src, nil, "--check"); c.code != 0 {
		t.Errorf("--check: exit %d\n%s", c.code, c.stderr)
	}
	x := mustRun(t, src, "--explain", "/fr/posts/cle/")
	if want := "alternates:  from the generator's sitemap fr/sitemap.xml, kept in .sitemapgen-generator-lastmod"; !strings.Contains(x.stdout, want) {
		t.Errorf("--explain does not say %q:\n%s", want, x.stdout)
	}
}

// TestHugoTranslationAlternates builds testdata/hugo-i18n-names (one
// content folder, name.fr.md, translationKey) with Hugo and records the
// alternates of its sitemaps; then turns Hugo's sitemap off
// (disableKinds = ["sitemap"]), builds again, and runs plain sitemapgen
// with no sitemap of Hugo's in sight: Hugo's translation rules give every
// alternate Hugo wrote, and no other.
func TestHugoTranslationAlternates(t *testing.T) {
	src, public := buildHugo(t, "hugo-i18n-names")
	const base = "https://example.com/"
	theirs := sitemapAlternates(t, filepath.Join(public, "en", "sitemap.xml"), filepath.Join(public, "fr", "sitemap.xml"))
	if len(theirs) < 20 {
		t.Fatalf("Hugo wrote %d alternates, want 20 or more:\n%s", len(theirs), strings.Join(theirs, "\n"))
	}
	config := filepath.Join(src, "hugo.toml")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	off := strings.Replace(string(data), `disableKinds = ["RSS", "taxonomy", "term"]`, `disableKinds = ["RSS", "taxonomy", "term", "sitemap"]`, 1)
	if off == string(data) {
		t.Fatal("the fixture's disableKinds line changed")
	}
	if err := os.WriteFile(config, []byte(off), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(public); err != nil {
		t.Fatal(err)
	}
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	if out, err := exec.Command(hugo, "--source", src, "--destination", public, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
	for _, name := range []string{"sitemap.xml", "en/sitemap.xml", "fr/sitemap.xml"} {
		if _, err := os.Stat(filepath.Join(public, name)); err == nil {
			t.Fatalf("Hugo wrote %s with its sitemap off", name)
		}
	}
	mustRun(t, src)
	sameAlternates(t, "Hugo's rules", ourAlternates(t, public, base), theirs)
	validExplained(t, src, public, "/fr/posts/cle/", "alternates:  from the generator's translations of its source ../content/posts/cle.fr.md (translationKey keyed)")
}

// validExplained checks that validate and the schema pass on public, the
// output of the project src, and that --explain of page says want.
func validExplained(t *testing.T, src, public, page, want string) {
	t.Helper()
	if v := run(t, src, nil, "validate", public); v.code != 0 {
		t.Errorf("validate %s: exit %d\n%s%s", public, v.code, v.stdout, v.stderr)
	}
	sitemaptest.MustValidate(t, public)
	if x := mustRun(t, src, "--explain", page); !strings.Contains(x.stdout, want) {
		t.Errorf("--explain does not say %q:\n%s", want, x.stdout)
	}
}

// TestAstroI18nAlternates builds, with Astro and @astrojs/sitemap from
// testdata/astro's packages, a site of two locales whose pages write no
// hreflang links and whose sitemap() has the i18n option; then plain
// sitemapgen takes Astro's sitemap over: every alternate Astro wrote
// (its locales' codes, en-US and fr-CA) is in ours, and no other, again
// from the kept file; the clusters pass validate and the schema.
func TestAstroI18nAlternates(t *testing.T) {
	fixture := nodeFixture(t, "astro")
	src := filepath.Join(t.TempDir(), "astro-i18n")
	files := map[string]string{
		"package.json":     `{"name": "astro-i18n", "private": true, "type": "module"}` + "\n",
		"astro.config.mjs": "import { defineConfig } from 'astro/config';\nimport sitemap from '@astrojs/sitemap';\n\nexport default defineConfig({\n  site: 'https://example.com',\n  integrations: [sitemap({ i18n: { defaultLocale: 'en', locales: { en: 'en-US', fr: 'fr-CA' } } })],\n});\n",
	}
	for _, p := range []string{"index", "about", "blog/index", "blog/only-en", "fr/index", "fr/about", "fr/blog/index"} {
		files["src/pages/"+p+".astro"] = "---\n---\n<html><head><title>" + p + "</title></head><body>" + p + "</body></html>\n"
	}
	for name, body := range files {
		path := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(fixture, "node_modules"), filepath.Join(src, "node_modules")); err != nil {
		t.Fatal(err)
	}
	cmd2 := func(src string) *exec.Cmd {
		cmd := exec.Command(filepath.Join(src, "node_modules", ".bin", "astro"), "build")
		cmd.Dir = src
		cmd.Env = append(os.Environ(), "ASTRO_TELEMETRY_DISABLED=1")
		return cmd
	}
	if out, err := cmd2(src).CombinedOutput(); err != nil {
		t.Fatalf("astro build: %v\n%s", err, out)
	}
	dist := filepath.Join(src, "dist")
	const base = "https://example.com/"
	theirs := sitemapAlternates(t, filepath.Join(dist, "sitemap-0.xml"))
	if len(theirs) != 12 {
		t.Fatalf("Astro wrote %d alternates, want 12:\n%s", len(theirs), strings.Join(theirs, "\n"))
	}
	mustRun(t, src)
	if data, err := os.ReadFile(filepath.Join(dist, "sitemap-0.xml")); err != nil || !strings.Contains(string(data), "<sitemapindex") {
		t.Fatalf("Astro's sitemap-0.xml is not taken over, an index of ours at its URL (%v):\n%.300s", err, data)
	}
	sameAlternates(t, "the takeover", ourAlternates(t, dist, base), theirs)
	if v := run(t, src, nil, "validate", "dist"); v.code != 0 {
		t.Errorf("validate dist: exit %d\n%s%s", v.code, v.stdout, v.stderr)
	}
	sitemaptest.MustValidate(t, dist)
	mustRun(t, src)
	sameAlternates(t, "the next run", ourAlternates(t, dist, base), theirs)

	// The switch: init carries i18n over as locales: and keeps the
	// index's name; the integration goes, and astro build empties dist/,
	// the kept file with it: the locales give every alternate again, at
	// sitemap-index.xml.
	r := mustRun(t, src, "init")
	if !strings.Contains(r.stderr, "locales") {
		t.Errorf("init does not carry i18n over as locales:\n%s", r.stderr)
	}
	config := filepath.Join(src, "astro.config.mjs")
	write(t, config, "import { defineConfig } from 'astro/config';\n\nexport default defineConfig({\n  site: 'https://example.com',\n});\n")
	if out, err := cmd2(src).CombinedOutput(); err != nil {
		t.Fatalf("astro build without the integration: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dist, ".sitemapgen-generator-lastmod")); err == nil {
		t.Fatal("astro build left the kept file: the switch is not tried")
	}
	mustRun(t, src)
	answers(t, dist, base, "sitemap-index.xml", nil)
	sameAlternates(t, "after the switch", ourAlternatesFrom(t, dist, base, "sitemap-index.xml"), theirs)
}

// TestHugoListAlternatesSitemapOff builds testdata/hugo-i18n (two
// content folders, tags) with its English posts section's _index.md
// removed, and records the alternates of Hugo's sitemaps; then turns
// Hugo's sitemap off (disableKinds = ["RSS", "sitemap"]), builds into a
// fresh public/ and runs plain sitemapgen: the list pages no source
// gives (the English section, the taxonomies and terms) have the
// alternates Hugo wrote, by its rule of the same path in each language,
// and no page has others. Its languages' sitemap URLs no longer answer.
func TestHugoListAlternatesSitemapOff(t *testing.T) {
	src, _ := buildHugo(t, "hugo-i18n")
	const base = "https://example.com/"
	if err := os.Remove(filepath.Join(src, "content", "en", "posts", "_index.md")); err != nil {
		t.Fatal(err)
	}
	public := filepath.Join(src, "public")
	freshHugo(t, src)
	theirs := sitemapAlternates(t, filepath.Join(public, "en", "sitemap.xml"), filepath.Join(public, "fr", "sitemap.xml"))
	for _, want := range []string{base + "en/posts/ fr " + base + "fr/posts/", base + "fr/tags/news/ en " + base + "en/tags/news/", base + "en/categories/ fr " + base + "fr/categories/"} {
		if !slices.Contains(theirs, want) {
			t.Fatalf("Hugo did not write the alternate %s:\n%s", want, strings.Join(theirs, "\n"))
		}
	}
	config := filepath.Join(src, "hugo.toml")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	off := strings.Replace(string(data), `disableKinds = ["RSS"]`, `disableKinds = ["RSS", "sitemap"]`, 1)
	if off == string(data) {
		t.Fatal("the fixture's disableKinds line changed")
	}
	if err := os.WriteFile(config, []byte(off), 0o644); err != nil {
		t.Fatal(err)
	}
	freshHugo(t, src)
	if _, err := os.Stat(filepath.Join(public, "en", "sitemap.xml")); err == nil {
		t.Fatal("Hugo wrote en/sitemap.xml with its sitemap off")
	}
	mustRun(t, src)
	sameAlternates(t, "Hugo's rules for its list pages", ourAlternates(t, public, base), theirs)
	// As docs/migrating.md says: with Hugo's sitemap off, nothing answers
	// at its languages' sitemap URLs on a fresh public/.
	for _, name := range []string{"en/sitemap.xml", "fr/sitemap.xml"} {
		if _, err := os.Stat(filepath.Join(public, name)); err == nil {
			t.Errorf("%s written with Hugo's sitemap off; docs/migrating.md says it is not", name)
		}
	}
	validExplained(t, src, public, "/fr/tags/", "alternates:  from the generator's translations of its source fr/tags/index.html (Hugo's list page at the same path in each language)")
}

// TestHugoHeadOtherTranslations builds testdata/hugo-i18n with a head
// that links, as many themes do, only the page's other translations
// (range .Translations), and runs plain sitemapgen: each page's
// alternates are Hugo's sitemap's, the page itself among them, without a
// warning a page but one line for them all; again with Hugo's sitemap
// off on a fresh public/, from Hugo's translation rules.
func TestHugoHeadOtherTranslations(t *testing.T) {
	src, public := buildHugo(t, "hugo-i18n")
	const base = "https://example.com/"
	layout := filepath.Join(src, "layouts", "_default", "baseof.html")
	data, err := os.ReadFile(layout)
	if err != nil {
		t.Fatal(err)
	}
	head := strings.Replace(string(data), "</head>", `{{ range .Translations }}<link rel="alternate" hreflang="{{ .Language.Lang }}" href="{{ .Permalink }}">
{{ end }}</head>`, 1)
	write(t, layout, head)
	freshHugo(t, src)
	if b, _ := os.ReadFile(filepath.Join(public, "fr", "posts", "cle", "index.html")); !bytes.Contains(b, []byte(`hreflang="en" href="`+base+`en/posts/keyed/"`)) || bytes.Contains(b, []byte(`href="`+base+`fr/posts/cle/"`)) {
		t.Fatalf("the head does not link the other translation alone:\n%s", b)
	}
	theirs := sitemapAlternates(t, filepath.Join(public, "en", "sitemap.xml"), filepath.Join(public, "fr", "sitemap.xml"))
	check := func(step string) {
		t.Helper()
		r := mustRun(t, src)
		if strings.Contains(r.stderr, "not among its own") {
			t.Errorf("%s: a warning a page:\n%s", step, r.stderr)
		}
		if want := "sitemapgen: 16 pages' hreflang links name the other languages but not the page itself"; strings.Count(r.stderr, want) != 1 {
			t.Errorf("%s: the run does not say once %q:\n%s", step, want, r.stderr)
		}
		sameAlternates(t, step, ourAlternates(t, public, base), theirs)
	}
	check("Hugo's sitemap")
	validExplained(t, src, public, "/fr/posts/cle/", "alternates:  from the page's head, which does not name the page itself; its own from the generator's sitemap fr/sitemap.xml")

	// watch completes a page read again as a build does: once stopped,
	// its sitemaps are a build's, byte for byte.
	built := snapshot(t, public)
	p := startWatch(t, src, "--debounce", "50ms")
	p.settle(300 * time.Millisecond)
	page := filepath.Join(public, "fr", "posts", "cle", "index.html")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	write(t, page, string(b)+"\n")
	p.settle(300 * time.Millisecond)
	p.stop(public)
	for name, v := range snapshot(t, public) {
		if strings.HasSuffix(name, ".xml") && built[name] != v {
			t.Errorf("watch wrote %s other than the build:\n%s\nwant:\n%s", name, v, built[name])
		}
	}

	config := filepath.Join(src, "hugo.toml")
	data, err = os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	write(t, config, strings.Replace(string(data), `disableKinds = ["RSS"]`, `disableKinds = ["RSS", "sitemap"]`, 1))
	freshHugo(t, src)
	check("Hugo's rules")
	validExplained(t, src, public, "/fr/posts/cle/", "alternates:  from the page's head, which does not name the page itself; its own from the generator's translations of its source ../content/fr/posts/cle.md (translationKey keyed)")
}

// freshHugo builds the Hugo project src with Hugo into a fresh public/.
func freshHugo(t *testing.T, src string) {
	t.Helper()
	public := filepath.Join(src, "public")
	if err := os.RemoveAll(public); err != nil {
		t.Fatal(err)
	}
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	if out, err := exec.Command(hugo, "--source", src, "--destination", public, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
}
