package e2e

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestHugoStaleAfterConfigChange: a Hugo site is built, its permalinks
// are changed in hugo.toml, and it is built again into the same folder.
// Hugo deletes nothing, so the pages at the old URLs stay, written by
// the first build. disableKinds leaves Hugo's own sitemaps out, so no
// sitemap of Hugo's tells what the second build wrote. The change of
// the configuration after the old pages were written tells they are
// stale: they are left out, and --verbose names the change. Alike with
// one language (the sources' folder is content/, the configuration is
// beside it) and with a content folder for each language. (Hugo 0.111.)
func TestHugoStaleAfterConfigChange(t *testing.T) {
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	const base = "https://example.com/"
	for _, tt := range []struct {
		name string
		// langs is the configuration of the languages; posts the folders
		// of the posts.
		langs    string
		posts    []string
		old, now []string
	}{
		{"one language", "", []string{"content/posts"},
			[]string{"2023/a/", "2023/b/"}, []string{"posts/a/", "posts/b/"}},
		{"a content folder a language",
			"defaultContentLanguage = 'en'\n[languages.en]\ncontentDir = 'content/en'\nweight = 1\n[languages.fr]\ncontentDir = 'content/fr'\nweight = 2\n",
			[]string{"content/en/posts", "content/fr/posts"},
			[]string{"2023/a/", "2023/b/", "fr/2023/a/", "fr/2023/b/"}, []string{"posts/a/", "posts/b/", "fr/posts/a/", "fr/posts/b/"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			config := "baseURL = 'https://example.com/'\ntitle = 't'\ndisableKinds = ['RSS', 'taxonomy', 'term', 'sitemap']\n[permalinks]\nposts = '/:year/:slug/'\n" + tt.langs
			files := map[string]string{
				"hugo.toml":                    config,
				"layouts/_default/single.html": "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n",
				"layouts/_default/list.html":   "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}</body></html>\n",
			}
			for _, p := range tt.posts {
				files[p+"/a.md"] = "---\ntitle: A\ndate: 2023-01-01\n---\nA.\n"
				files[p+"/b.md"] = "---\ntitle: B\ndate: 2023-02-01\n---\nB.\n"
			}
			for rel, body := range files {
				write(t, filepath.Join(src, filepath.FromSlash(rel)), body)
			}
			public := filepath.Join(src, "public")
			build := func() {
				t.Helper()
				if out, err := exec.Command(hugo, "--source", src, "--quiet").CombinedOutput(); err != nil {
					t.Fatalf("hugo: %v\n%s", err, out)
				}
			}
			build()
			// The first build two hours ago, the sources three; the
			// permalinks changed an hour ago, then the second build.
			now := time.Now()
			touchTree(t, public, now.Add(-2*time.Hour))
			sourcesBefore(t, src, public, now.Add(-3*time.Hour))
			edited := strings.Replace(config, "/:year/:slug/", "/posts/:slug/", 1)
			write(t, filepath.Join(src, "hugo.toml"), edited)
			if err := os.Chtimes(filepath.Join(src, "hugo.toml"), now.Add(-time.Hour), now.Add(-time.Hour)); err != nil {
				t.Fatal(err)
			}
			build()
			for _, p := range tt.old {
				if _, err := os.Stat(filepath.Join(public, filepath.FromSlash(p), "index.html")); err != nil {
					t.Fatalf("Hugo removed the page at the old URL /%s (%v): nothing stale to test", p, err)
				}
			}
			out := filepath.Join(t.TempDir(), "out")
			r := mustRun(t, src, "--base-url", base, "--out", out, "--verbose", "public")
			got := listedLocs(t, out, base)
			for _, p := range tt.old {
				if slices.Contains(got, base+p) {
					t.Errorf("/%s, the first build's page, is listed", p)
				}
				if !strings.Contains(r.stderr, "public/"+p+"index.html: skipped: stale output: no source (") {
					t.Errorf("/%s is not said to be stale", p)
				}
			}
			for _, p := range tt.now {
				if !slices.Contains(got, base+p) {
					t.Errorf("/%s is not listed", p)
				}
			}
			if !strings.Contains(r.stderr, "../hugo.toml changed between them") {
				t.Errorf("--verbose does not name the change of hugo.toml:\n%s", r.stderr)
			}
		})
	}
}

// TestEleventyStaleOutput builds, with Eleventy 3, a project whose input
// folder is the project folder: a page for each product of
// _data/products.json (pagination), a home page no source gives (a
// JavaScript template), and a post whose shortcode writes a file into
// img/ while the build runs, as eleventy-img does. Eleventy deletes
// nothing. A product removed from the data, and the site built again:
// the removed product's page is the first build's, and the change of
// the data file after it tells so. The second build's home page, written
// seconds before the pages with a source while the build wrote img/
// beside the sources, is listed: a file the build writes is no change of
// the sources.
func TestEleventyStaleOutput(t *testing.T) {
	src := nodeProject(t, "eleventy", "package.json")
	for rel, body := range map[string]string{
		"eleventy.config.js": `import fs from "node:fs";

export default function (eleventyConfig) {
  eleventyConfig.addShortcode("image", (name) => {
    fs.mkdirSync("img", { recursive: true });
    fs.writeFileSync("img/" + name + "-" + Date.now() + ".txt", name);
    return "<p>" + name + "</p>";
  });
}
`,
		"_data/products.json": `[{"slug": "kettle"}, {"slug": "lamp"}]`,
		"products.njk":        "---\npagination:\n  data: products\n  size: 1\n  alias: p\npermalink: \"products/{{ p.slug }}/\"\n---\n<!doctype html><html lang=\"en\"><head><title>{{ p.slug }}</title></head><body><p>{{ p.slug }}</p></body></html>\n",
		"index.11ty.js": `export default class {
  data() { return { permalink: "/" }; }
  render() { return "<!doctype html><html lang=\"en\"><head><title>Home</title></head><body><p>Home.</p></body></html>"; }
}
`,
		"about.md":       "---\ntitle: About\n---\n<!doctype html><html lang=\"en\"><head><title>About</title></head><body><p>About.</p></body></html>\n",
		"blog/first.njk": "---\ntitle: First\n---\n<!doctype html><html lang=\"en\"><head><title>First</title></head><body>{% image \"first\" %}</body></html>\n",
	} {
		write(t, filepath.Join(src, filepath.FromSlash(rel)), body)
	}
	site := filepath.Join(src, "_site")
	eleventyBuild(t, src)
	// The first build two hours ago, the sources three; a product
	// removed from the data an hour ago, then the second build.
	now := time.Now()
	touchTree(t, site, now.Add(-2*time.Hour))
	sourcesBefore(t, src, site, now.Add(-3*time.Hour))
	data := filepath.Join(src, "_data", "products.json")
	write(t, data, `[{"slug": "kettle"}]`)
	if err := os.Chtimes(data, now.Add(-time.Hour), now.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	eleventyBuild(t, src)
	if _, err := os.Stat(filepath.Join(site, "products", "lamp", "index.html")); err != nil {
		t.Fatalf("Eleventy removed the removed product's page (%v): nothing stale to test", err)
	}
	img, err := filepath.Glob(filepath.Join(src, "img", "first-*.txt"))
	if err != nil || len(img) != 2 {
		t.Fatalf("the shortcode did not write img/ at each build: %v (%v)", img, err)
	}
	const base = "https://example.com/"
	run := func() ([]string, string) {
		t.Helper()
		out := filepath.Join(t.TempDir(), "out")
		r := mustRun(t, src, "--base-url", base, "--out", out, "--verbose", "_site")
		return listedLocs(t, out, base), r.stderr
	}

	t.Run("a product removed from the data", func(t *testing.T) {
		// The files of img/ as old as the sources: only the data changed.
		sourcesBefore(t, filepath.Join(src, "img"), site, now.Add(-3*time.Hour))
		touchTree(t, src, now.Add(-3*time.Hour), ".")
		got, log := run()
		if slices.Contains(got, base+"products/lamp/") || !slices.Contains(got, base+"products/kettle/") {
			t.Errorf("listed %q; want /products/kettle/ and not /products/lamp/", got)
		}
		if !strings.Contains(log, "_site/products/lamp/index.html: skipped: stale output: no source (") || !strings.Contains(log, "../_data/products.json changed between them") {
			t.Errorf("--verbose does not say that the data's change made /products/lamp/ stale:\n%s", log)
		}
	})

	t.Run("the build writes beside its sources", func(t *testing.T) {
		// The home page written three seconds before the pages with a
		// source; the second build's file of img/, and so img/, in
		// between.
		fi, err := os.Stat(filepath.Join(site, "about", "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		first := fi.ModTime()
		if fi, err := os.Stat(filepath.Join(site, "blog", "first", "index.html")); err == nil && fi.ModTime().Before(first) {
			first = fi.ModTime()
		}
		early, meanwhile := first.Add(-3*time.Second), first.Add(-500*time.Millisecond)
		touchTree(t, filepath.Join(site, "index.html"), early)
		touchTree(t, img[1], meanwhile)
		touchTree(t, src, meanwhile, "img")
		got, log := run()
		if !slices.Contains(got, base) {
			t.Errorf("/ is not listed: %q\n%s", got, log)
		}
	})
}

// touchTree sets the modification time of every file and folder under
// dir to at; with rels, of those paths of dir alone ("." for dir).
func touchTree(t *testing.T, dir string, at time.Time, rels ...string) {
	t.Helper()
	for _, rel := range rels {
		if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(rel)), at, at); err != nil {
			t.Fatal(err)
		}
	}
	if len(rels) > 0 {
		return
	}
	err := filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, at, at)
	})
	if err != nil {
		t.Fatal(err)
	}
}
