package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestInitStyleComments: 'sitemapgen init' in the Vercel recipe's
// project, in Vercel's build environment, writes the URL style Vercel
// serves with comments that say what each value means: clean_urls: false
// serves about.html at /about.html, not at /about.
func TestInitStyleComments(t *testing.T) {
	needTool(t, "hugo")
	dir := recipeDir(t, "vercel/vercel.json")
	mustShell(t, dir, "hugo --quiet")
	out := mustShell(t, dir, "sitemapgen init --stdout", "VERCEL=1", "VERCEL_ENV=production", "VERCEL_PROJECT_PRODUCTION_URL=example.org")
	clean := regexp.MustCompile(`(?m)^#\s+clean_urls: (true|false)\s+# about\.html at (\S+)$`).FindStringSubmatch(out)
	if clean == nil {
		t.Fatalf("init wrote no clean_urls line:\n%s", out)
	}
	if want := map[string]string{"true": "/about", "false": "/about.html"}[clean[1]]; clean[2] != want {
		t.Errorf("clean_urls: %s, said to serve about.html at %s, want %s", clean[1], clean[2], want)
	}
	slash := regexp.MustCompile(`(?m)^#\s+trailing_slash: (true|false)\s+# docs/index\.html at (\S+)$`).FindStringSubmatch(out)
	if slash == nil {
		t.Fatalf("init wrote no trailing_slash line:\n%s", out)
	}
	if want := map[string]string{"true": "/docs/", "false": "/docs"}[slash[1]]; slash[2] != want {
		t.Errorf("trailing_slash: %s, said to serve docs/index.html at %s, want %s", slash[1], slash[2], want)
	}
}

// TestInitJekyllUnpublished: in a Jekyll project, the sitemap.yaml init
// writes is a file of the project's folder, which Jekyll publishes unless
// its configuration excludes it: init says so, and 'jekyll build' after
// the exclusion it asks for publishes no sitemap.yaml.
func TestInitJekyllUnpublished(t *testing.T) {
	needTool(t, "jekyll")
	dir := filepath.Join(t.TempDir(), "blog")
	mustShell(t, filepath.Dir(dir), "jekyll new --blank blog")
	cfgFile := filepath.Join(dir, "_config.yml")
	cfg, err := os.ReadFile(cfgFile)
	if err != nil {
		t.Fatal(err)
	}
	write(t, cfgFile, regexp.MustCompile(`(?m)^url: "".*$`).ReplaceAllString(string(cfg), "url: https://octo.github.io"))
	out := mustShell(t, dir, "sitemapgen init")
	wantOutput(t, out, "_config.yml: warning: Jekyll publishes sitemap.yaml, a file of its source folder, at /sitemap.yaml: list it in exclude: here, or your settings are served with the site")
	// What the note asks for, as a user adds it.
	cfg, _ = os.ReadFile(cfgFile)
	write(t, cfgFile, string(cfg)+"exclude: [sitemap.yaml]\n")
	mustShell(t, dir, "jekyll build --quiet && sitemapgen")
	if _, err := os.Stat(filepath.Join(dir, "_site", "sitemap.yaml")); err == nil {
		t.Error("jekyll build published sitemap.yaml")
	}
	// A second init knows it is excluded: nothing said.
	if out := mustShell(t, dir, "sitemapgen init --force"); strings.Contains(out, "publishes sitemap.yaml") {
		t.Errorf("init warns of an excluded sitemap.yaml:\n%s", out)
	}
}

// initForm is what the sitemap.yaml init wrote in dir says of the URL
// form: each line of clean_urls and trailing_slash, and where it says
// about.html and docs/index.html are listed.
type initForm struct {
	lines      []string // "# clean_urls: true      # about.html at /about" …
	about, doc string   // "/about", "/docs"
}

// readInitForm reads the URL form the sitemap.yaml of dir says.
func readInitForm(t *testing.T, dir string) initForm {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "sitemap.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var f initForm
	for _, m := range regexp.MustCompile(`(?m)^# (?:clean_urls|trailing_slash): .*$`).FindAllString(string(data), -1) {
		f.lines = append(f.lines, m)
	}
	if m := regexp.MustCompile(`(?m)^# clean_urls: (?:true|false)\s+# about\.html at (\S+)$`).FindStringSubmatch(string(data)); m != nil {
		f.about = m[1]
	}
	if m := regexp.MustCompile(`(?m)^# trailing_slash: (?:true|false)\s+# docs/index\.html at (\S+)$`).FindStringSubmatch(string(data)); m != nil {
		f.doc = m[1]
	}
	if len(f.lines) != 2 {
		t.Fatalf("init wrote no URL form:\n%s", data)
	}
	if f.about == "" || f.doc == "" {
		t.Errorf("init does not say where about.html and docs/index.html are listed:\n%s", data)
	}
	return f
}

// listed returns the URLs a dry run in dir lists, sorted.
func listed(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for _, ln := range strings.Split(mustRun(t, dir, "--dry-run").stdout, "\n") {
		if strings.HasPrefix(ln, "https://") {
			out = append(out, ln)
		}
	}
	slices.Sort(out)
	return out
}

// checkInitForm runs init in dir, a built site's project (base its base
// URL), and holds what its comment says of the URL form to what the build
// in the same folder lists: about.html, or each folder's index page
// (dirs, its folders relative to the site folder), where the comment
// says; and the values uncommented, as the comment invites, list the
// same URLs. It returns init's output.
func checkInitForm(t *testing.T, dir, site, base string, dirs []string) result {
	t.Helper()
	r := mustRun(t, dir, "init")
	f := readInitForm(t, dir)
	urls := listed(t, dir)
	if _, err := os.Stat(filepath.Join(dir, site, "about.html")); err == nil && f.about != "" {
		if want := base + strings.TrimPrefix(f.about, "/"); !slices.Contains(urls, want) {
			t.Errorf("init says about.html is at %s; the build lists %q", f.about, urls)
		}
	}
	for _, d := range dirs {
		if f.doc == "" {
			break
		}
		if want := base + strings.TrimPrefix(strings.Replace(f.doc, "docs", d, 1), "/"); !slices.Contains(urls, want) {
			t.Errorf("init says docs/index.html is at %s: %s/index.html at %s; the build lists %q", f.doc, d, want, urls)
		}
	}
	// Uncommented as the comment invites: the same URLs.
	file := filepath.Join(dir, "sitemap.yaml")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, ln := range f.lines {
		text = strings.Replace(text, ln, strings.TrimPrefix(ln, "# "), 1)
	}
	write(t, file, text)
	if got := listed(t, dir); !slices.Equal(got, urls) {
		t.Errorf("with %q uncommented the build lists\n%q\nnot\n%q", f.lines, got, urls)
	}
	return r
}

// TestInitFormNextExport: in testdata/next, a Next.js static export (out/
// as next build wrote it; trailingSlash off by default), the URL form
// init's comment says is the one the build lists: about.html at /about,
// not /about.html (issue 70).
func TestInitFormNextExport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "next")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "next"))); err != nil {
		t.Fatal(err)
	}
	checkInitForm(t, dir, "out", "https://example.com/", nil)
}

// TestInitAstro builds testdata/astro (Astro 5, trailingSlash 'never')
// with @astrojs/sitemap's options written as methods, which Astro runs,
// then runs init and the build in the same folder: init names each
// method it cannot carry over, and its comment says the URL form the
// build lists, each folder's index at /FOLDER (issue 70).
func TestInitAstro(t *testing.T) {
	src := nodeProject(t, "astro", "src", "astro.config.mjs", "package.json")
	write(t, filepath.Join(src, "astro.config.mjs"), `import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';

export default defineConfig({
  site: 'https://example.com',
  trailingSlash: 'never',
  integrations: [sitemap({
    changefreq: 'weekly',
    filter(page) { return !page.includes('/private') },
    serialize(item) { return item },
  })],
});
`)
	astroBuild(t, src)
	r := checkInitForm(t, src, "dist", "https://example.com/", []string{"about", "blog"})
	wantOutput(t, r.stderr,
		"carried over 2 settings of @astrojs/sitemap (astro.config.mjs:7): changefreq, filename",
		"astro.config.mjs:9: warning: @astrojs/sitemap's filter is a function, which sitemap.yaml cannot carry",
		"astro.config.mjs:10: warning: @astrojs/sitemap's serialize is a function, which sitemap.yaml cannot carry")
	if data, _ := os.ReadFile(filepath.Join(src, "sitemap.yaml")); strings.Contains(string(data), "not given an object literal") {
		t.Errorf("init says the options are no object:\n%s", data)
	}
}

// TestInitNextSitemapAdditionalSitemaps: testdata/next-sitemap (a Next.js
// static export, next-sitemap's configuration) with robotsTxtOptions'
// additionalSitemaps, which next-sitemap names in robots.txt's Sitemap:
// lines: init carries the one under siteUrl over as an entry of the
// index (index.extra), which the index lists after the switch and
// robots.txt names (issue 70). The one on another host, which no index
// here can list, additionalSitemapIndices (no index lists an index) and
// the policies' rules init writes into public/robots.txt, the site's own,
// as next-sitemap wrote them (the fixture's out/robots.txt, next-sitemap
// 4's, shows its form), which next build copies into out/ and where
// --robots adds our line (before, they were warnings, and lost: issue
// 68). The parts of the index found in out/ are carried as
// published_sitemaps, so they answer after next build empties out/
// (issue 98).
func TestInitNextSitemapAdditionalSitemaps(t *testing.T) {
	src := filepath.Join(t.TempDir(), "next-site")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "next-sitemap"))); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(src, "next-sitemap.config.js")
	data, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	write(t, cfg, strings.Replace(string(data), "  generateRobotsTxt: true,\n", `  generateRobotsTxt: true,
  robotsTxtOptions: {
    policies: [{ userAgent: '*', allow: '/' }, { userAgent: 'test-bot', disallow: ['/private', '/drafts'], crawlDelay: 10 }],
    additionalSitemaps: [
      'https://example.com/server-sitemap.xml',
      'https://shop.example.org/sitemap.xml',
    ],
    additionalSitemapIndices: ['https://example.com/blog/sitemap-index.xml'],
  },
`, 1))
	r := mustRun(t, src, "init")
	wantOutput(t, r.stderr,
		"settings of next-sitemap (next-sitemap.config.js): base_url, changefreq, priority, max_urls, exclude, locales, robots, index.extra, filename, published_sitemaps\n",
		"sitemapgen: wrote public/robots.txt, the site's own robots.txt, with its rules and Sitemap: lines, where --robots adds ours (next-sitemap's robotsTxtOptions)\n")
	if strings.Contains(r.stderr, "warning: next-sitemap's robotsTxtOptions") {
		t.Errorf("init warns of robotsTxtOptions:\n%s", r.stderr)
	}
	const rules = "# *\nUser-agent: *\nAllow: /\n\n# test-bot\nUser-agent: test-bot\nDisallow: /private\nDisallow: /drafts\nCrawl-delay: 10\n\n# Host\nHost: https://example.com\n\n# Sitemaps\nSitemap: https://shop.example.org/sitemap.xml\nSitemap: https://example.com/blog/sitemap-index.xml\n"
	theirs, err := os.ReadFile(filepath.Join(src, "out", "robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if form, _, _ := strings.Cut(string(theirs), "# Sitemaps\n"); !strings.HasPrefix(rules, "# *\nUser-agent: *\nAllow: /\n\n") || !strings.Contains(rules, form[len("# *\nUser-agent: *\nAllow: /\n\n"):]) {
		t.Fatalf("the rules init writes are not in next-sitemap's form:\n%s\nnext-sitemap's:\n%s", rules, theirs)
	}
	if got, err := os.ReadFile(filepath.Join(src, "public", "robots.txt")); err != nil || string(got) != rules {
		t.Fatalf("public/robots.txt (%v):\n%s\nwant\n%s", err, got, rules)
	}
	// The switch: next-sitemap's files removed, as next build leaves
	// out/, whose robots.txt is public/'s, which it copies there.
	for _, f := range []string{"next-sitemap.config.js", "out/site-map.xml", "out/site-map-0.xml", "out/site-map-1.xml", "out/site-map-2.xml"} {
		if err := os.Remove(filepath.Join(src, f)); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(src, "out", "robots.txt"), rules)
	mustRun(t, src)
	out := filepath.Join(src, "out")
	if got, want := robotsSitemaps(t, out), []string{"https://shop.example.org/sitemap.xml", "https://example.com/blog/sitemap-index.xml", "https://example.com/site-map.xml"}; !slices.Equal(got, want) {
		t.Errorf("robots.txt names %q, want %q", got, want)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "robots.txt")); !strings.HasPrefix(string(got), rules) {
		t.Errorf("robots.txt lost the rules:\n%s", got)
	}
	entries := fileLocs(t, filepath.Join(out, "site-map.xml"))
	if !slices.Contains(entries, "https://example.com/server-sitemap.xml") || slices.Contains(entries, "https://shop.example.org/sitemap.xml") {
		t.Errorf("the index lists %q: want the additional sitemap under siteUrl, not the other host's", entries)
	}
}
