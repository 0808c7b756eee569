package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/npmtest"
	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// The npm integrations (npm/sitemapgen/{astro,eleventy,docusaurus,netlify})
// run inside their hosts' real builds: a fresh copy of testdata/npm-astro
// or npm-eleventy, the packages their lock files pin, and the sitemapgen
// package, built with the host's own CLI. The sitemap must be the
// integration's, with the host's base URL and URL form.

// hostProject copies the fixture testdata/NAME, its installed packages
// too, into a new folder and installs the sitemapgen package there from
// its tarballs, packed from this checkout (npmtest), as a user installs
// it from the registry; it returns the folder, which subtests copy. It skips the test when the fixture's packages are
// not installed (./test.sh installs them).
func hostProject(t *testing.T, name string) string {
	t.Helper()
	fixture := nodeFixture(t, name)
	dst := copyProject(t, fixture)
	npmtest.Install(t, dst)
	return dst
}

// mustBuild runs the host's CLI as hostBuild does, with no environment
// added, and fails t unless it succeeds.
func mustBuild(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	if r := hostBuild(t, dir, nil, name, args...); r.code != 0 {
		t.Fatalf("%s %s: exit %d\n%s%s", name, strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
}

// copyProject copies the project folder dir, its node_modules too, into a
// new folder and returns it: one npm install serves a test's subtests.
func copyProject(t *testing.T, dir string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(dir))
	// cp -a: node_modules/.bin holds symbolic links, which os.CopyFS refuses.
	if out, err := exec.Command("cp", "-a", dir, dst).CombinedOutput(); err != nil {
		t.Fatalf("cp -a %s: %v\n%s", dir, err, out)
	}
	return dst
}

// hostBuild runs the host's CLI (node_modules/.bin/NAME args) in dir with
// env added, and returns how it ended.
func hostBuild(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(filepath.Join(dir, "node_modules", ".bin", name), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ASTRO_TELEMETRY_DISABLED=1")
	cmd.Env = append(cmd.Env, env...)
	r := runCmd(t, cmd)
	r.stdout, r.stderr = plain(r.stdout), plain(r.stderr)
	return r
}

// ansi matches the terminal escapes (colours, cursor moves) a host's
// logger writes when it thinks a person is watching: Astro's colours
// are on whenever CI is set, as on most CI services.
var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)

// plain is s without its terminal escapes, so that a test reads a host's
// log as text whatever the environment asks of its colours.
func plain(s string) string { return ansi.ReplaceAllString(s, "") }

// locs returns the URLs of the sitemap file, sorted.
func locs(t *testing.T, file string) []string {
	t.Helper()
	set := generatorSitemap(t, file)
	var out []string
	for loc := range set {
		out = append(out, loc)
	}
	slices.Sort(out)
	return out
}

// TestAstroIntegration: `integrations: [sitemapgen()]` in an Astro 5
// project whose site, base, trailingSlash and build.format are computed
// (process.env), which sitemapgen cannot read from astro.config.mjs:
// `astro build` ends with our sitemap in dist/, with Astro's base URL and
// URL form. With no site anywhere, the build fails with our message.
func TestAstroIntegration(t *testing.T) {
	project := hostProject(t, "npm-astro")
	for _, tc := range []struct {
		name string
		env  []string
		want []string
	}{
		{name: "trailingSlash never, with base", env: []string{"FIXTURE_SITE=https://example.org", "FIXTURE_BASE=/docs", "FIXTURE_TRAILING_SLASH=never"},
			want: []string{"https://example.org/docs", "https://example.org/docs/about", "https://example.org/docs/blog/hello"}},
		{name: "build.format file", env: []string{"FIXTURE_SITE=https://example.org", "FIXTURE_FORMAT=file"},
			want: []string{"https://example.org/", "https://example.org/about", "https://example.org/blog/hello"}},
		{name: "trailingSlash always", env: []string{"FIXTURE_SITE=https://example.org", "FIXTURE_TRAILING_SLASH=always"},
			want: []string{"https://example.org/", "https://example.org/about/", "https://example.org/blog/hello/"}},
		{name: "SITEMAP_BASE_URL wins over Astro's site", env: []string{"FIXTURE_SITE=https://example.org", "SITEMAP_BASE_URL=https://env.example.net/"},
			want: []string{"https://env.example.net/", "https://env.example.net/about/", "https://env.example.net/blog/hello/"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := copyProject(t, project)
			r := hostBuild(t, dir, tc.env, "astro", "build")
			if r.code != 0 {
				t.Fatalf("astro build: exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			dist := filepath.Join(dir, "dist")
			if got := locs(t, filepath.Join(dist, "sitemap.xml")); !slices.Equal(got, tc.want) {
				t.Errorf("URLs %q, want %q", got, tc.want)
			}
			// Astro names us in front of each line, once; the folder is
			// the project's, as the user types it; the home page's
			// canonical link under base with trailingSlash: 'never'
			// (…/docs) is the page's own URL.
			if !strings.Contains(r.stdout, "[sitemapgen] 5 pages found, 3 URLs in 1 sitemap file written to dist;") {
				t.Errorf("the summary is not in Astro's log, relative:\n%s", r.stdout)
			}
			for _, line := range strings.Split(r.stdout+r.stderr, "\n") {
				if strings.Contains(line, "[sitemapgen]") && (strings.Contains(line, "sitemapgen: ") || strings.Contains(line, dir) || strings.Contains(line, "outside the base URL")) {
					t.Errorf("Astro's log says: %s", line)
				}
			}
			sitemaptest.MustValidate(t, dist)
		})
	}
	t.Run("types", func(t *testing.T) {
		t.Parallel()
		checkTypes(t, copyProject(t, project))
	})
	// A staging deploy of the site: X-Robots-Tag: noindex for every path,
	// in the _headers Astro copies from public/. The build passes, with
	// no sitemap and our one line.
	t.Run("every page noindex", func(t *testing.T) {
		t.Parallel()
		dir := copyProject(t, project)
		write(t, filepath.Join(dir, "public", "_headers"), "/*\n  X-Robots-Tag: noindex\n")
		r := hostBuild(t, dir, []string{"FIXTURE_SITE=https://example.org"}, "astro", "build")
		if r.code != 0 {
			t.Fatalf("astro build: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		const line = "[sitemapgen] every page found is noindex (3 X-Robots-Tag noindex, 1 error page, 1 noindex): no sitemap written\n"
		if n := strings.Count(r.stdout+r.stderr, line); n != 1 {
			t.Errorf("Astro's log says %q %d times, want once:\n%s%s", line, n, r.stdout, r.stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "dist", "sitemap.xml")); err == nil {
			t.Error("a sitemap was written")
		}
	})
	t.Run("no base URL", func(t *testing.T) {
		t.Parallel()
		dir := copyProject(t, project)
		r := hostBuild(t, dir, nil, "astro", "build")
		if r.code == 0 || !strings.Contains(r.stdout+r.stderr, "sitemapgen: no base URL") {
			t.Errorf("astro build without a site: exit %d, want a failure with our message\n%s%s", r.code, r.stdout, r.stderr)
		}
		// The hint names the integration's option, not the flag.
		if out := r.stdout + r.stderr; !strings.Contains(out, "sitemapgen({ baseUrl: \"https://example.com/\" })") || strings.Contains(out, "--base-url") {
			t.Errorf("the hint does not name sitemapgen({ baseUrl }):\n%s", out)
		}
		if _, err := os.Stat(filepath.Join(dir, "dist", "sitemap.xml")); err == nil {
			t.Error("a sitemap was written")
		}
	})
}

// TestEleventyIntegration: `eleventyConfig.addPlugin(sitemapgen)` in an
// Eleventy 3 project: `eleventy` ends with our sitemap in _site/, with the
// URL of the site data (_data/site.json), as plain sitemapgen finds it;
// the plugin's options are sitemapgen's settings and win; a bad one fails
// the build with our message.
func TestEleventyIntegration(t *testing.T) {
	project := hostProject(t, "npm-eleventy")
	for _, tc := range []struct {
		name    string
		options string
		cjs     bool // the configuration is CommonJS: require("sitemapgen/eleventy")
		want    []string
		fail    string
		data    string // a global data file, _data/noindex.json
		none    string // the line of a build that writes no sitemap
	}{
		{name: "no options", want: []string{"https://example.org/", "https://example.org/about/", "https://example.org/blog/first-post/"}},
		{name: "a CommonJS configuration", cjs: true, want: []string{"https://example.org/", "https://example.org/about/", "https://example.org/blog/first-post/"}},
		{name: "options", options: `{"baseUrl": "https://example.net/blog/", "trailingSlash": false}`,
			want: []string{"https://example.net/blog", "https://example.net/blog/about", "https://example.net/blog/blog/first-post"}},
		{name: "an unknown option", options: `{"baseURL": "https://example.net/"}`, fail: `sitemapgen: unknown option "baseURL"`},
		// The message names the plugin's option, not the flag.
		{name: "a bad value", options: `{"maxUrls": 0}`, fail: "sitemapgen: addPlugin(sitemapgen, { maxUrls }): "},
		// A staging build: every page noindex, from the site's data. The
		// build passes, with no sitemap.
		{name: "every page noindex", data: "true\n", none: "sitemapgen: every page found is noindex (4 noindex): no sitemap written"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := copyProject(t, project)
			if tc.cjs {
				// As every Eleventy 2 starter's configuration is written.
				if err := os.Remove(filepath.Join(dir, "eleventy.config.js")); err != nil {
					t.Fatal(err)
				}
				write(t, filepath.Join(dir, "eleventy.config.cjs"), `module.exports = function (eleventyConfig) {
  eleventyConfig.addPlugin(require("sitemapgen/eleventy"));
};
`)
			}
			if tc.data != "" {
				write(t, filepath.Join(dir, "_data", "noindex.json"), tc.data)
			}
			r := hostBuild(t, dir, []string{"FIXTURE_OPTIONS=" + tc.options}, "eleventy")
			site := filepath.Join(dir, "_site")
			if tc.none != "" {
				if n := strings.Count(r.stdout+r.stderr, tc.none); r.code != 0 || n != 1 {
					t.Errorf("eleventy: exit %d, %q said %d times; want it once, and success\n%s%s", r.code, tc.none, n, r.stdout, r.stderr)
				}
				if _, err := os.Stat(filepath.Join(site, "sitemap.xml")); err == nil {
					t.Error("a sitemap was written")
				}
				return
			}
			if tc.fail != "" {
				if r.code == 0 || !strings.Contains(r.stdout+r.stderr, tc.fail) {
					t.Errorf("eleventy: exit %d, want a failure saying %q\n%s%s", r.code, tc.fail, r.stdout, r.stderr)
				}
				return
			}
			if r.code != 0 {
				t.Fatalf("eleventy: exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			if got := locs(t, filepath.Join(site, "sitemap.xml")); !slices.Equal(got, tc.want) {
				t.Errorf("URLs %q, want %q", got, tc.want)
			}
			if !strings.Contains(r.stdout+r.stderr, "sitemapgen: 4 pages found, 3 URLs in 1 sitemap file written to _site;") {
				t.Errorf("the summary is not in Eleventy's log:\n%s%s", r.stdout, r.stderr)
			}
			sitemaptest.MustValidate(t, site)
		})
	}
}

// nodeScript runs the ES module script with node in dir, with env added,
// and returns how it ended.
func nodeScript(t *testing.T, dir string, env []string, script string) result {
	t.Helper()
	cmd := exec.Command("node", "--input-type=module", "-e", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	return runCmd(t, cmd)
}

// netlifyRun calls the plugin's onPostBuild as @netlify/build does: the
// constants (PUBLISH_DIR, relative to the base directory, the working
// directory), the inputs of netlify.toml, utils.build's failBuild and
// failPlugin (which stop the plugin: here they print FAIL-BUILD or
// FAIL-PLUGIN and the message) and utils.status.show.
const netlifyRun = `
import { onPostBuild } from "sitemapgen/netlify";
const stop = (kind) => (message) => { console.log(kind + " " + message); process.exit(0); };
await onPostBuild({
  constants: { PUBLISH_DIR: "public" },
  inputs: JSON.parse(process.env.INPUTS || "{}"),
  utils: { build: { failBuild: stop("FAIL-BUILD"), failPlugin: stop("FAIL-PLUGIN") },
    status: { show: ({ summary }) => console.log("STATUS " + summary) } },
});
`

// TestNetlifyPlugin: sitemapgen/netlify's onPostBuild, called with the
// constants, inputs, utils and environment Netlify documents, writes our
// sitemap into the publish folder with Netlify's URL; a deploy preview
// lists the production URLs; @netlify/plugin-sitemap's inputs map where
// sitemapgen has a setting, and say what to do where it has none; a
// failure fails the build (the plugin, with failBuild = false) with our
// message.
func TestNetlifyPlugin(t *testing.T) {
	needTool(t, "node")
	project := filepath.Join(t.TempDir(), "site")
	write(t, filepath.Join(project, "package.json"), `{"name": "netlify-site", "private": true}`)
	npmtest.Install(t, project)
	netlify := []string{"NETLIFY=true", "CONTEXT=production", "URL=https://site.example.org", "DEPLOY_PRIME_URL=https://main--site.netlify.app"}
	for _, tc := range []struct {
		name   string
		env    []string
		inputs string
		want   []string
		xml    []string // in every <url> of the sitemap
		out    string
		files  map[string]string // besides the site's pages
	}{
		{name: "production", env: netlify, want: []string{"https://site.example.org/", "https://site.example.org/about", "https://site.example.org/docs/"},
			out: "STATUS 3 URLs in 1 sitemap file"},
		// A staging deploy: every path noindex by _headers. The build
		// passes, and says why there is no sitemap.
		{name: "X-Robots-Tag noindex everywhere", env: netlify, files: map[string]string{"public/_headers": "/*\n  X-Robots-Tag: noindex\n"},
			out: "STATUS no sitemap: every page found is noindex (3 X-Robots-Tag noindex)"},
		{name: "deploy preview", env: append(slices.Clone(netlify), "CONTEXT=deploy-preview"),
			want: []string{"https://site.example.org/", "https://site.example.org/about", "https://site.example.org/docs/"}},
		{name: "prettyURLs and baseUrl", env: netlify, inputs: `{"prettyURLs": false, "baseUrl": "https://example.net/"}`,
			want: []string{"https://example.net/", "https://example.net/about.html", "https://example.net/docs/"}},
		// @netlify/plugin-sitemap's inputs, with their meaning: none fails
		// the build; the one sitemapgen cannot honour is a warning.
		{name: "@netlify/plugin-sitemap's inputs", env: netlify, inputs: `{"changeFreq": "daily", "priority": 0.8, "exclude": ["./public/about.html"], "urlPrefix": "/en/"}`,
			want: []string{"https://site.example.org/", "https://site.example.org/docs/"},
			xml:  []string{"<changefreq>daily</changefreq>", "<priority>0.8</priority>"},
			out:  "sitemapgen: warning: [plugins.inputs] urlPrefix is not taken: give the whole URL the site is served at, with the prefix, as baseUrl"},
		{name: "no base URL", out: "FAIL-BUILD sitemapgen: no base URL"},
		{name: "failBuild false", inputs: `{"failBuild": false}`, out: "FAIL-PLUGIN sitemapgen: no base URL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := copyProject(t, project)
			for name, body := range map[string]string{
				"netlify.toml":           "[build]\npublish = \"public\"\n",
				"public/index.html":      "<html><head><title>Home</title></head></html>",
				"public/about.html":      "<html><head><title>About</title></head></html>",
				"public/docs/index.html": "<html><head><title>Docs</title></head></html>",
			} {
				write(t, filepath.Join(dir, name), body)
			}
			for name, body := range tc.files {
				write(t, filepath.Join(dir, name), body)
			}
			r := nodeScript(t, dir, append(tc.env, "INPUTS="+tc.inputs), netlifyRun)
			if r.code != 0 {
				t.Fatalf("node: exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			if tc.out != "" && !strings.Contains(r.stdout+r.stderr, tc.out) {
				t.Errorf("the plugin does not say %q:\n%s%s", tc.out, r.stdout, r.stderr)
			}
			if tc.want == nil {
				if _, err := os.Stat(filepath.Join(dir, "public", "sitemap.xml")); err == nil {
					t.Error("a sitemap was written")
				}
				return
			}
			if got := locs(t, filepath.Join(dir, "public", "sitemap.xml")); !slices.Equal(got, tc.want) {
				t.Errorf("URLs %q, want %q", got, tc.want)
			}
			everyURL(t, filepath.Join(dir, "public", "sitemap.xml"), tc.xml)
			sitemaptest.MustValidate(t, filepath.Join(dir, "public"))
		})
	}
}

// everyURL checks that each <url> of the sitemap file holds each of
// parts.
func everyURL(t *testing.T, file string, parts []string) {
	t.Helper()
	if len(parts) == 0 {
		return
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	urls := strings.Split(string(data), "<url>")[1:]
	if len(urls) == 0 {
		t.Errorf("%s has no <url>", file)
	}
	for _, u := range urls {
		for _, p := range parts {
			if !strings.Contains(u, p) {
				t.Errorf("%s: a <url> without %s:\n%s", file, p, u)
			}
		}
	}
}

// docusaurusRun calls the plugin's postBuild as Docusaurus 3 does after
// building each locale, the default first: the real siteConfig of
// docusaurus.config.js, the locale's outDir (build, then build/de), the
// site folder and i18n.
const docusaurusRun = `
import { createRequire } from "node:module";
import path from "node:path";
import plugin from "sitemapgen/docusaurus";
const siteDir = process.cwd();
const siteConfig = createRequire(import.meta.url)(path.join(siteDir, "docusaurus.config.js"));
const { defaultLocale, locales } = siteConfig.i18n;
const options = JSON.parse(process.env.OPTIONS || "{}");
if (process.env.CREATE_ITEMS) {
  // @docusaurus/plugin-sitemap's createSitemapItems, a function given
  // every item at once: it leaves /blog/archive out.
  options.createSitemapItems = async (params) => (await params.defaultCreateSitemapItems(params)).filter((i) => !i.url.endsWith("/blog/archive"));
}
const p = plugin({ siteDir, siteConfig }, options);
for (const currentLocale of [defaultLocale, ...locales.filter((l) => l !== defaultLocale)]) {
  const localized = currentLocale !== defaultLocale;
  const outDir = path.join(siteDir, "build", localized ? currentLocale : "");
  // As Docusaurus does, a locale's build has its own baseUrl (/de/).
  const config = localized ? { ...siteConfig, baseUrl: siteConfig.baseUrl + currentLocale + "/" } : siteConfig;
  await p.postBuild({ siteDir, siteConfig: config, outDir, i18n: { defaultLocale, locales, currentLocale } });
  console.log("BUILT " + currentLocale);
}
`

// TestDocusaurusPlugin: sitemapgen/docusaurus's postBuild, called with
// the real siteConfig of testdata/docusaurus and its committed build/,
// writes once, after the last locale, the sitemap plain sitemapgen writes
// in the project. (A real Docusaurus build is left to rebuild.sh: see
// docs/integrations.md for its cost.)
func TestDocusaurusPlugin(t *testing.T) {
	t.Parallel() // node and sitemapgen in copies of their own
	needTool(t, "node")
	fixture, err := filepath.Abs(filepath.Join("testdata", "docusaurus"))
	if err != nil {
		t.Fatal(err)
	}
	// The fixture's files, not the packages npm installed there.
	plain, ours := copyFixture(t, "docusaurus"), copyFixture(t, "docusaurus")
	mustRun(t, plain, "--quiet")
	// Its package.json's dependencies are not installed: the plugin needs
	// none of them (its logger falls back to the console).
	if err := os.WriteFile(filepath.Join(ours, "package.json"), []byte(`{"name": "docusaurus-site", "private": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(ours, "package-lock.json"))
	npmtest.Install(t, ours)
	r := nodeScript(t, ours, nil, docusaurusRun)
	if r.code != 0 {
		t.Fatalf("node: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if strings.Count(r.stderr+r.stdout, "URLs in ") != 1 {
		t.Errorf("not one run of sitemapgen, after the last locale:\n%s%s", r.stdout, r.stderr)
	}
	want, _ := os.ReadFile(filepath.Join(plain, "build", "sitemap.xml"))
	got, err := os.ReadFile(filepath.Join(ours, "build", "sitemap.xml"))
	if err != nil || string(got) != string(want) || !strings.Contains(string(got), "https://example.com/de/") {
		t.Errorf("the plugin's sitemap (%v):\n%s\nplain sitemapgen's:\n%s", err, got, want)
	}
	sitemaptest.MustValidate(t, filepath.Join(ours, "build"))

	// @docusaurus/plugin-sitemap's options, with their meaning: its own
	// sitemap (the committed build's, lastmod: 'date') less the routes
	// ignorePatterns names, every URL with the changefreq and priority
	// given, dates without a time; createSitemapItems, a function given
	// every URL, run by the plugin: what it leaves out is left out, with
	// no warning; the build passes.
	peerURLs := map[string]bool{}
	for _, f := range []string{"sitemap.xml", "de/sitemap.xml"} {
		for _, loc := range locs(t, filepath.Join(fixture, "build", filepath.FromSlash(f))) {
			peerURLs[loc] = true
		}
	}
	r = nodeScript(t, ours, []string{`OPTIONS={"changefreq": "daily", "priority": 0.6, "ignorePatterns": ["/blog/tags/**"], "lastmod": "date"}`, "CREATE_ITEMS=1"}, docusaurusRun)
	if r.code != 0 {
		t.Fatalf("node, with the plugin's options: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if out := r.stdout + r.stderr; strings.Contains(out, "createSitemapItems") || !strings.Contains(out, "the transform edited 0, dropped 2, added 0") {
		t.Errorf("createSitemapItems is named in a warning, or not run:\n%s", out)
	}
	withOptions := locs(t, filepath.Join(ours, "build", "sitemap.xml"))
	var dropped []string
	for _, loc := range locs(t, filepath.Join(plain, "build", "sitemap.xml")) {
		if !slices.Contains(withOptions, loc) {
			dropped = append(dropped, loc)
		}
	}
	var peerTags []string
	for loc := range peerURLs {
		if loc == "https://example.com/blog/tags" || strings.HasPrefix(loc, "https://example.com/blog/tags/") {
			peerTags = append(peerTags, loc)
		}
	}
	peerTags = append(peerTags, "https://example.com/blog/archive", "https://example.com/de/blog/archive") // createSitemapItems'
	slices.Sort(peerTags)
	if len(peerTags) == 2 || !slices.Equal(dropped, peerTags) {
		t.Errorf("ignorePatterns and createSitemapItems left out %q; the routes /blog/tags/** matches in the plugin's sitemap and the two /blog/archive are %q", dropped, peerTags)
	}
	everyURL(t, filepath.Join(ours, "build", "sitemap.xml"), []string{"<changefreq>daily</changefreq>", "<priority>0.6</priority>"})
	if data, _ := os.ReadFile(filepath.Join(ours, "build", "sitemap.xml")); regexp.MustCompile(`<lastmod>[^<]*T`).Match(data) || !strings.Contains(string(data), "<lastmod>") {
		t.Errorf("lastmod: 'date': the dates are not days alone:\n%s", data)
	}
	sitemaptest.MustValidate(t, filepath.Join(ours, "build"))

	// A bad option fails the build; the message names it as the plugin's.
	r = nodeScript(t, ours, []string{`OPTIONS={"maxUrls": 0}`}, docusaurusRun)
	if out := r.stdout + r.stderr; r.code == 0 || !strings.Contains(out, `sitemapgen: ["sitemapgen/docusaurus", { maxUrls }]: 0 is outside`) || strings.Contains(out, "--max-urls") {
		t.Errorf("a bad option: exit %d, want a failure naming the plugin's option:\n%s", r.code, out)
	}
}

// TestDocusaurusBuild: a real `docusaurus build --no-minify` (3.10, pinned in
// testdata/docusaurus; ./test.sh installs it) of the two-locale fixture,
// with plugins: ["sitemapgen/docusaurus"] and the preset's sitemap off,
// the package from its tarballs: the build writes, once, after the last
// locale, the URLs plain sitemapgen lists for the committed build. The
// sources are copied with githistory.sh, for the git history Docusaurus
// dates pages by; the fixture's installed packages are linked, not
// copied (380 MB), and ours unpacked beside them as npm would.
//
// Then the same project is built with noIndex: true (docusaurusNoIndex),
// noIndex read from the environment. Both builds use Docusaurus' faster
// bundler (docusaurusFaster): 39 CPU s for the test, against 92 with
// webpack.
func TestDocusaurusBuild(t *testing.T) {
	t.Parallel() // half a minute of Rspack, beside the tests that wait on others
	fixture := nodeFixture(t, "docusaurus")
	const noIndex = "  noIndex: process.env.SITEMAPGEN_TEST_NOINDEX === 'true',\n"
	site := docusaurusProject(t, fixture, func(config string) string {
		return strings.Replace(config, "  baseUrl: '/',\n", "  baseUrl: '/',\n"+noIndex+docusaurusFaster, 1)
	})
	if data, err := os.ReadFile(filepath.Join(site, "docusaurus.config.js")); err != nil || !strings.Contains(string(data), noIndex) {
		t.Fatalf("docusaurus.config.js has no noIndex line (%v)", err)
	}
	t.Run("locales", func(t *testing.T) { docusaurusLocales(t, fixture, site) })
	t.Run("noIndex", func(t *testing.T) { docusaurusNoIndex(t, site) })
}

// docusaurusLocales is TestDocusaurusBuild's build of the two locales.
func docusaurusLocales(t *testing.T, fixture, site string) {
	r := docusaurusBuild(t, site, []string{"SITEMAPGEN_TEST_NOINDEX=false"})
	if r.code != 0 {
		t.Fatalf("docusaurus build: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if n := strings.Count(r.stdout+r.stderr, "URLs in "); n != 1 {
		t.Errorf("sitemapgen ran %d times, want once, after the last locale:\n%s%s", n, r.stdout, r.stderr)
	}
	plain := filepath.Join(t.TempDir(), "plain")
	if out, err := exec.Command("cp", "-a", filepath.Join(fixture, "build"), plain).CombinedOutput(); err != nil {
		t.Fatalf("cp -a: %v\n%s", err, out)
	}
	mustRun(t, "", "--quiet", "--base-url", "https://example.com/", plain)
	got, want := locs(t, filepath.Join(site, "build", "sitemap.xml")), locs(t, filepath.Join(plain, "sitemap.xml"))
	// ignorePatterns: /blog/tags/** leaves the tag pages out, /blog/tags too.
	want = slices.DeleteFunc(want, func(loc string) bool {
		return loc == "https://example.com/blog/tags" || strings.HasPrefix(loc, "https://example.com/blog/tags/")
	})
	if !slices.Equal(got, want) || !slices.Contains(got, "https://example.com/de/") {
		t.Errorf("the build's sitemap lists %q;\nplain sitemapgen on the committed build, less the tags, %q", got, want)
	}
	everyURL(t, filepath.Join(site, "build", "sitemap.xml"), []string{"<changefreq>daily</changefreq>"})
	// createSitemapItems, which gives back every item, is run by the
	// plugin as the per-URL hook: no warning, nothing dropped.
	if out := r.stdout + r.stderr; strings.Contains(out, "createSitemapItems") || !strings.Contains(out, "the transform edited 0, dropped 0, added 0") {
		t.Errorf("the build names createSitemapItems in a warning, or did not run it:\n%s", out)
	}
	// The preset's sitemap is off, and docusaurus build empties build/:
	// de/sitemap.xml, which the preset published, is no file of
	// Docusaurus's now, and answers with ours.
	if out := r.stdout + r.stderr; !strings.Contains(out, "its build no longer writes") {
		t.Errorf("the build does not say it answers at de/sitemap.xml:\n%s", out)
	}
	answers(t, filepath.Join(site, "build"), "https://example.com/", "sitemap.xml", []string{"de/sitemap.xml"})
	// createLinkInHead: every page's head links the whole site's entry
	// file, the de locale's pages too.
	link := regexp.MustCompile(`<head>(?s:.*)<link rel="sitemap" type="application/xml" title="Sitemap" href="/sitemap.xml">(?s:.*)</head>`)
	for _, page := range []string{"index.html", "de/index.html", "docs/intro/index.html", "de/docs/intro/index.html"} {
		if data, err := os.ReadFile(filepath.Join(site, "build", filepath.FromSlash(page))); err != nil || !link.Match(data) {
			t.Errorf("%s has no <link rel=\"sitemap\"> to /sitemap.xml in its head (%v)", page, err)
		}
	}
}

// docusaurusNoIndex is TestDocusaurusBuild's build with Docusaurus' noIndex:
// true, a staging site's setting, which puts <meta name="robots"
// content="noindex, nofollow"> on every page: the build passes, with no
// sitemap and sitemapgen's one line, once. The build is of one locale
// (--locale de, the folder the plugin runs in when it is built alone):
// docusaurusLocales has the run after the last of two, and the second
// locale's build would double this one's.
func docusaurusNoIndex(t *testing.T, site string) {
	r := docusaurusBuild(t, site, []string{"SITEMAPGEN_TEST_NOINDEX=true"}, "--locale", "de")
	out := r.stdout + r.stderr
	if r.code != 0 {
		t.Fatalf("docusaurus build: exit %d\n%s", r.code, out)
	}
	line := regexp.MustCompile(`(?m)sitemapgen: every page found is noindex \((\d+) noindex(, \d+ error pages?)?\): no sitemap written$`)
	if m := line.FindAllStringSubmatch(out, -1); len(m) != 1 || m[0][1] == "0" {
		t.Errorf("not one line saying no sitemap was written, every page being noindex:\n%s", out)
	} else {
		t.Logf("%s", m[0][0])
	}
	if strings.Contains(out, "skipped") || strings.Contains(out, "URLs in ") {
		t.Errorf("sitemapgen says more:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(site, "build", "sitemap.xml")); err == nil {
		t.Error("a sitemap was written")
	}
	if data, err := os.ReadFile(filepath.Join(site, "build", "index.html")); err != nil || !strings.Contains(string(data), `lang="de"`) {
		t.Errorf("the site's de locale was not built (%v)", err)
	}
}

// docusaurusProject makes a copy of the Docusaurus fixture to build, its
// sources copied by githistory.sh, for the git history Docusaurus dates
// pages by; its installed packages linked, not copied (380 MB), and ours
// unpacked beside them as npm would. Its docusaurus.config.js names the
// plugin, with the preset's sitemap off, and is then edited by edit, if
// given.
func docusaurusProject(t *testing.T, fixture string, edit func(string) string) string {
	t.Helper()
	site := filepath.Join(t.TempDir(), "site")
	if out, err := exec.Command(filepath.Join(fixture, "githistory.sh"), site).CombinedOutput(); err != nil {
		t.Fatalf("githistory.sh: %v\n%s", err, out)
	}
	modules := linkModules(t, fixture, site)
	main, platform, err := npmtest.Tarballs(npmtest.Pack(t))
	if err != nil {
		t.Fatal(err)
	}
	// The host's platform package, as the launcher looks it up:
	// @sitemapgen/linux-x64 on linux/amd64.
	cpu := map[string]string{"amd64": "x64"}[runtime.GOARCH]
	if cpu == "" {
		cpu = runtime.GOARCH
	}
	for tgz, dir := range map[string]string{main: "sitemapgen", platform: filepath.Join("@sitemapgen", runtime.GOOS+"-"+cpu)} {
		dst := filepath.Join(modules, dir)
		if err := os.MkdirAll(dst, 0o755); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("tar", "-xzf", tgz, "-C", dst, "--strip-components=1").CombinedOutput(); err != nil {
			t.Fatalf("tar: %v\n%s", err, out)
		}
	}
	config := filepath.Join(site, "docusaurus.config.js")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	// The plugin given @docusaurus/plugin-sitemap's options, a function
	// among them, as a user who switches keeps them; and its own
	// createLinkInHead.
	const plugin = "plugins: [['sitemapgen/docusaurus', { changefreq: 'daily', ignorePatterns: ['/blog/tags/**'], createSitemapItems: async (params) => params.defaultCreateSitemapItems(params), createLinkInHead: true }]],"
	edited := strings.Replace(string(data), "  presets: [", "  "+plugin+"\n\n  presets: [", 1)
	edited = regexp.MustCompile(`(?s)sitemap: \{.*?\},`).ReplaceAllString(edited, "sitemap: false,")
	if edit != nil {
		edited = edit(edited)
	}
	if !strings.Contains(edited, plugin) || !strings.Contains(edited, "sitemap: false,") {
		t.Fatalf("docusaurus.config.js is not as this test expects:\n%s", data)
	}
	if err := os.WriteFile(config, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	return site
}

// linkModules makes site's node_modules folder of links to each package
// the fixture installed, and returns it: its own, not the fixture's, so
// that a bundler's cache (node_modules/.cache) is the site's, never
// another build's running beside it.
func linkModules(t *testing.T, fixture, site string) string {
	t.Helper()
	modules := filepath.Join(site, "node_modules")
	entries, err := os.ReadDir(filepath.Join(fixture, "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(modules, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() == ".cache" || e.Name() == ".package-lock.json" {
			continue
		}
		if err := os.Symlink(filepath.Join(fixture, "node_modules", e.Name()), filepath.Join(modules, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	return modules
}

// docusaurusFaster is the line of a Docusaurus configuration that builds
// with Docusaurus' faster bundler, Rspack with SWC's loader
// (@docusaurus/faster, which testdata/docusaurus pins), as its docs
// offer. The pages, their head tags and what postBuild is given are
// Docusaurus' own: a page of the two builds differs only in the hashes
// of its CSS classes' names. Two locales take 14 CPU s, against 57 with
// webpack. The minimizers stay off, as --no-minify has them: SWC's HTML
// minimizer would rewrite the pages' tags, which webpack's build leaves
// as they are. ssgWorkerThreads stays off too: it needs a v4 flag, which
// changes what postBuild is given.
const docusaurusFaster = "  future: { faster: { swcJsLoader: true, swcJsMinimizer: false, swcHtmlMinimizer: false, lightningCssMinimizer: false, rspackBundler: true, mdxCrossCompilerCache: true } },\n"

// docusaurusBuild runs `docusaurus build --no-minify` in site, with the
// variables of env added to this process's environment and the arguments
// given, as its user would, and returns how it ended.
// --no-minify: the pages and their URLs are the same, without the
// minifiers' share of the build's CPU time.
func docusaurusBuild(t *testing.T, site string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command("node", append([]string{filepath.Join(site, "node_modules", "@docusaurus", "core", "bin", "docusaurus.mjs"), "build", "--no-minify"}, args...)...)
	cmd.Dir = site
	cmd.Env = append(append(os.Environ(), "DOCUSAURUS_TELEMETRY=0", "SITEMAP_BASE_URL="), env...)
	return runCmd(t, cmd)
}

// TestNetlifyBuild runs the plugin the way Netlify does: @netlify/build
// (pinned in testdata/npm-netlify), offline, reading the project's
// netlify.toml, whose [[plugins]] names the plugin's folder in the
// installed package (Netlify takes a package name alone, never a subpath:
// package = "sitemapgen/netlify" is a configuration error). The build
// ends with our sitemap in the publish folder, with Netlify's URL and URL
// style; a deploy preview lists the production URLs; no base URL fails
// the deploy with our message.
func TestNetlifyBuild(t *testing.T) {
	project := hostProject(t, "npm-netlify")
	for _, tc := range []struct {
		name    string
		env     []string
		inputs  string   // [plugins.inputs] of netlify.toml
		want    []string // nil: the build fails, unless none says why no sitemap is written
		xml     []string // in every <url>
		out     string   // in the build's log
		headers string   // the publish folder's _headers
		none    string
	}{
		{name: "production", env: []string{"CONTEXT=production", "URL=https://example.com"},
			want: []string{"https://example.com/", "https://example.com/about/", "https://example.com/blog/post"}},
		// @netlify/plugin-sitemap's inputs, kept when its package line is
		// replaced by ours: changeFreq and priority failed the build
		// before; each maps now, urlPrefix is a warning.
		{name: "@netlify/plugin-sitemap's inputs", env: []string{"CONTEXT=production", "URL=https://example.com"},
			inputs: "changeFreq = \"daily\"\npriority = 0.8\nexclude = [\"./public/blog/post.html\"]\nurlPrefix = \"/en/\"\n",
			want:   []string{"https://example.com/", "https://example.com/about/"},
			xml:    []string{"<changefreq>daily</changefreq>", "<priority>0.8</priority>"},
			out:    "[plugins.inputs] urlPrefix is not taken"},
		// A staging site: X-Robots-Tag: noindex on every path. The deploy
		// passes, with no sitemap.
		{name: "X-Robots-Tag noindex everywhere", env: []string{"CONTEXT=branch-deploy", "URL=https://example.com"},
			headers: "/*\n  X-Robots-Tag: noindex\n", none: "sitemapgen: every page found is noindex (3 X-Robots-Tag noindex, 1 error page): no sitemap written"},
		{name: "deploy preview", env: []string{"CONTEXT=deploy-preview", "URL=https://example.com", "DEPLOY_PRIME_URL=https://deploy-preview-7--example.netlify.app"},
			want: []string{"https://example.com/", "https://example.com/about/", "https://example.com/blog/post"}},
		{name: "no URL", env: []string{"CONTEXT=production"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := copyProject(t, project)
			if tc.headers != "" {
				write(t, filepath.Join(dir, "public", "_headers"), tc.headers)
			}
			if tc.inputs != "" {
				f, err := os.OpenFile(filepath.Join(dir, "netlify.toml"), os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				_, err = f.WriteString("  [plugins.inputs]\n" + tc.inputs)
				if cerr := f.Close(); err == nil {
					err = cerr
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			r := hostBuild(t, dir, append([]string{"URL=", "DEPLOY_PRIME_URL=", "SITEMAP_BASE_URL="}, tc.env...), "netlify-build", "--offline")
			sitemap := filepath.Join(dir, "public", "sitemap.xml")
			if tc.none != "" {
				if n := strings.Count(r.stdout+r.stderr, tc.none); r.code != 0 || n != 1 {
					t.Errorf("netlify-build: exit %d, %q said %d times; want it once, and success\n%s%s", r.code, tc.none, n, r.stdout, r.stderr)
				}
				if _, err := os.Stat(sitemap); err == nil {
					t.Error("a sitemap was written")
				}
				return
			}
			if tc.want == nil {
				if n := strings.Count(r.stdout+r.stderr, "sitemapgen: no base URL"); r.code == 0 || n != 1 {
					t.Errorf("netlify-build: exit %d, our message %d times, want a failure with it once\n%s%s", r.code, n, r.stdout, r.stderr)
				}
				// The hint names the plugin's input, not the flag, and
				// the variable @netlify/plugin-sitemap read, which ours
				// reads too.
				if out := r.stdout + r.stderr; !strings.Contains(out, `[plugins.inputs] baseUrl = "https://example.com/"`) || strings.Contains(out, "--base-url") ||
					!strings.Contains(out, "NETLIFY_PLUGIN_SITEMAP_BASEURL=https://example.com/ in the environment (@netlify/plugin-sitemap's)") {
					t.Errorf("the hint does not name [plugins.inputs] baseUrl and NETLIFY_PLUGIN_SITEMAP_BASEURL:\n%s", out)
				}
				if _, err := os.Stat(sitemap); err == nil {
					t.Error("a sitemap was written")
				}
				return
			}
			if r.code != 0 {
				t.Fatalf("netlify-build: exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			if got := locs(t, sitemap); !slices.Equal(got, tc.want) {
				t.Errorf("URLs %q, want %q", got, tc.want)
			}
			if !strings.Contains(r.stdout, fmt.Sprintf("%d URLs in 1 sitemap file", len(tc.want))) {
				t.Errorf("the summary is not in Netlify's log:\n%s", r.stdout)
			}
			if tc.out != "" && !strings.Contains(r.stdout+r.stderr, tc.out) {
				t.Errorf("the build does not say %q:\n%s%s", tc.out, r.stdout, r.stderr)
			}
			everyURL(t, sitemap, tc.xml)
			sitemaptest.MustValidate(t, filepath.Join(dir, "public"))
		})
	}
}

// typesUsage uses every export of the package as a TypeScript user would,
// each subpath's types with its host's (Astro's own AstroIntegration),
// and expects the mistakes marked to be errors.
const typesUsage = `import sitemapgen, { type Summary } from "sitemapgen";
import astro from "sitemapgen/astro";
import eleventy from "sitemapgen/eleventy";
import docusaurus from "sitemapgen/docusaurus";
import { onPostBuild } from "sitemapgen/netlify";
import type { AstroIntegration } from "astro";

const s: Summary = await sitemapgen({ dir: "dist", baseUrl: "https://example.com/", exclude: ["a/**"], maxUrls: 10, gzip: true });
const n: number = s.urls;
const a: AstroIntegration = astro({ gzip: true });
// The replaced plugins' options, typed as the plugins type them.
astro({ changefreq: "weekly", priority: 0.7, entryLimit: 1000, filter: (page: string) => !page.includes("/drafts/"), lastmod: new Date() });
docusaurus({ siteDir: "." }, { ignorePatterns: ["/tags/**"], lastmod: "date", changefreq: null });
// @ts-expect-error: not a changefreq
astro({ changefreq: "sometimes" });
eleventy({}, { baseUrl: "https://example.com/" });
const d: { name: string } = docusaurus({ siteDir: "." }, { exclude: "x/**" });
const p: Promise<void> = onPostBuild({ constants: { PUBLISH_DIR: "dist" }, inputs: { prettyURLs: true, changeFreq: "daily", priority: 0.8, exclude: ["./public/secret.html"] }, utils: { build: { failBuild: (m: string) => { throw new Error(m); }, failPlugin: (m: string) => { throw new Error(m); } } } });
// @ts-expect-error: no such option
sitemapgen({ nope: 1 });
// @ts-expect-error: a number is not a base URL
sitemapgen({ baseUrl: 1 });
export { n, a, d, p };
`

// checkTypes type-checks typesUsage with TypeScript (the version the
// Astro fixture pins) in dir, a project with the package installed from
// its tarball, and then a use the types must refuse.
func checkTypes(t *testing.T, dir string) {
	t.Helper()
	tsc := filepath.Join(nodeFixture(t, "astro"), "node_modules", "typescript", "bin", "tsc")
	run := func(src string) result {
		if err := os.WriteFile(filepath.Join(dir, "usage.ts"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		// skipLibCheck: Astro's own declarations need @types/node; ours
		// are checked through their use.
		cmd := exec.Command("node", tsc, "--noEmit", "--strict", "--target", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext", "--skipLibCheck", "usage.ts")
		cmd.Dir = dir
		return runCmd(t, cmd)
	}
	if r := run(typesUsage); r.code != 0 {
		t.Fatalf("tsc: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	bad := typesUsage + "const wrong: string = s.urls;\nexport { wrong };\n"
	if r := run(bad); r.code == 0 || !strings.Contains(r.stdout, "Type 'number' is not assignable to type 'string'") {
		t.Fatalf("tsc took a string for Summary.urls: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// astroSitemapOptions are @astrojs/sitemap's options of
// TestAstroSitemapOptions, as astro.config.mjs gives them to the plugin
// and then to ours: every URL's changefreq and priority, files of at
// most three URLs, a filter that leaves /contact out and a serialize
// that leaves /tour out and edits /about, which sitemapgen/astro runs
// as the per-URL hook.
const astroSitemapOptions = `{ changefreq: 'weekly', priority: 0.7, entryLimit: 3, filter: (page) => !page.endsWith('/contact'), customPages: ['https://example.com/app/dashboard'],
  serialize: (item) => item.url.endsWith('/tour') ? undefined : item.url.endsWith('/about') ? { ...item, changefreq: 'daily', priority: 0.9 } : item }`

// TestAstroSitemapOptions builds testdata/astro (Astro 5, trailingSlash
// 'never') with @astrojs/sitemap given its options, then switches, as
// docs/integrations.md says, to sitemapgen/astro with the same options,
// and builds again: the same URLs (but the noindex page, which Astro
// lists; the page the filter drops left out by both), the same
// changefreq and priority on each,
// customPages' URL listed by both (an extra URL of ours), files of at
// most entryLimit URLs; the build passes.
func TestAstroSitemapOptions(t *testing.T) {
	dir := hostProject(t, "astro")
	config := filepath.Join(dir, "astro.config.mjs")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	peerConfig := strings.Replace(string(data), "integrations: [sitemap()]", "integrations: [sitemap("+astroSitemapOptions+")]", 1)
	if peerConfig == string(data) {
		t.Fatalf("astro.config.mjs is not as this test expects:\n%s", data)
	}
	write(t, config, peerConfig)
	r := hostBuild(t, dir, nil, "astro", "build")
	if r.code != 0 {
		t.Fatalf("astro build with @astrojs/sitemap: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	const base = "https://example.com/"
	dist := filepath.Join(dir, "dist")
	theirs, _ := indexEntries(t, dist, base, "sitemap-index.xml", "Astro's")

	// The switch: the plugin's import and call replaced by ours, the
	// options kept.
	ourConfig := strings.Replace(peerConfig, "import sitemap from '@astrojs/sitemap';", "import sitemapgen from 'sitemapgen/astro';", 1)
	ourConfig = strings.Replace(ourConfig, "integrations: [sitemap(", "integrations: [sitemapgen(", 1)
	write(t, config, ourConfig)
	r = hostBuild(t, dir, nil, "astro", "build")
	if r.code != 0 {
		t.Fatalf("astro build with sitemapgen/astro: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// The plugin's options given, its index keeps its name: the URL
	// its users submitted.
	ours, files := indexEntries(t, dist, base, "sitemap-index.xml", "our")
	if len(files) < 2 {
		t.Errorf("our files %q: entryLimit 3 should split the URLs", files)
	}
	if _, err := os.Stat(filepath.Join(dist, "sitemap.xml")); err == nil {
		t.Errorf("sitemap.xml written beside sitemap-index.xml")
	}
	answers(t, dist, base, "sitemap-index.xml", nil)
	// Astro's lists its noindex page; its filter dropped /contact, and
	// ours, run by sitemapgen/astro as the per-URL hook, too.
	onlyTheirs, onlyOurs := []string{base + "private"}, []string{}
	for loc, e := range theirs {
		o, ok := ours[loc]
		switch {
		case !ok && !slices.Contains(onlyTheirs, loc):
			t.Errorf("@astrojs/sitemap lists %s; we do not", loc)
		case ok && (o.ChangeFreq != e.ChangeFreq || o.Priority != e.Priority):
			t.Errorf("%s: changefreq %q, priority %q; @astrojs/sitemap's %q, %q", loc, o.ChangeFreq, o.Priority, e.ChangeFreq, e.Priority)
		}
	}
	for loc, o := range ours {
		if _, ok := theirs[loc]; !ok && !slices.Contains(onlyOurs, loc) {
			t.Errorf("we list %s; @astrojs/sitemap does not", loc)
		}
		if want := "weekly 0.7"; loc == base+"about" && o.ChangeFreq+" "+o.Priority != "daily 0.9" || loc != base+"about" && o.ChangeFreq+" "+o.Priority != want {
			t.Errorf("%s: changefreq %q, priority %q, want %s (daily 0.9 for /about, from serialize)", loc, o.ChangeFreq, o.Priority, want)
		}
	}
	for _, set := range []map[string]sitemaptest.Entry{theirs, ours} {
		for _, loc := range []string{base + "contact", base + "tour"} {
			if _, ok := set[loc]; ok {
				t.Errorf("%s listed: the filter or serialize leaves it out", loc)
			}
		}
		if _, ok := set[base+"about"]; !ok {
			t.Errorf("%s not listed", base+"about")
		}
	}
	// customPages' URL, which no file shows, is listed by both: an extra
	// URL of ours.
	if _, ok := theirs[base+"app/dashboard"]; !ok {
		t.Errorf("@astrojs/sitemap does not list its customPages' %s", base+"app/dashboard")
	}
	if _, ok := ours[base+"app/dashboard"]; !ok {
		t.Errorf("we do not list customPages' %s", base+"app/dashboard")
	}
	log := r.stdout + r.stderr
	if strings.Contains(log, "filter") || strings.Contains(log, "serialize") || !strings.Contains(log, "the transform edited 1, dropped 2, added 0") {
		t.Errorf("the build warns of the filter, or does not say it dropped a URL:\n%s", log)
	}
	sitemaptest.MustValidate(t, dist)
}

// TestInitDocusaurusSite: sitemapgen init in testdata/docusaurus, whose
// classic preset gives the sitemap lastmod: 'date', writes lastmod_format:
// date; sitemapgen with that file writes the URLs of Docusaurus's own
// sitemaps (its committed build's) with the same dates, as days, and its
// list pages, which Docusaurus leaves undated, as new as what they show.
func TestInitDocusaurusSite(t *testing.T) {
	needTool(t, "git")
	src, build := docusaurusSite(t)
	theirs := generatorSitemap(t, filepath.Join(build, "sitemap.xml"))
	for loc, lm := range generatorSitemap(t, filepath.Join(build, "de", "sitemap.xml")) {
		theirs[loc] = lm
	}
	r := mustRun(t, src, "init")
	if !regexp.MustCompile(`(?m)^sitemapgen: carried over 1 setting of @docusaurus/plugin-sitemap \(docusaurus.config.js:\d+\): lastmod_format$`).MatchString(r.stderr) {
		t.Errorf("init does not carry lastmod over:\n%s", r.stderr)
	}
	if data, err := os.ReadFile(filepath.Join(src, "sitemap.yaml")); err != nil || !regexp.MustCompile(`(?m)^# lastmod \(docusaurus.config.js:\d+\)\nlastmod_format: date$`).Match(data) {
		t.Errorf("sitemap.yaml (%v):\n%s", err, data)
	}
	mustRun(t, src, "--quiet")
	ours := generatorSitemap(t, filepath.Join(build, "sitemap.xml"))
	compareSets(t, ours, theirs, nil, nil)
	for loc, want := range theirs {
		if want == "" {
			// A list page Docusaurus leaves undated: the newest page its
			// <main> shows (issue 67).
			want = newestInMain(t, build, "https://example.com/", loc, theirs, nil)
		}
		if got := ours[loc]; got != want {
			t.Errorf("%s: lastmod %q, want %q", loc, got, want)
		}
	}
}

// indexEntries reads the index name of dir and the urlsets it lists,
// each of at most 3 URLs (the tests' entryLimit), and returns their
// URLs by loc and the urlsets' names; whose names whose files they are.
func indexEntries(t *testing.T, dir, base, name, whose string) (map[string]sitemaptest.Entry, []string) {
	t.Helper()
	files := setFiles(t, dir, base, name)
	if slices.Equal(files, []string{name}) {
		t.Fatalf("%s %s: a urlset, want an index", whose, name)
	}
	urls := map[string]sitemaptest.Entry{}
	for _, file := range files {
		f, err := sitemaptest.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		if len(f.Entries) > 3 {
			t.Errorf("%s %s: %d URLs, past entryLimit", whose, file, len(f.Entries))
		}
		for _, e := range f.Entries {
			urls[e.Loc] = e
		}
	}
	return urls, files
}
