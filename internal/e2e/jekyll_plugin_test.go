package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The Jekyll plugin (examples/jekyll/_plugins/sitemapgen.rb) under the real
// jekyll: copied into the _plugins folder of testdata/jekyll-serve (its
// pages' canonical links, jekyll-seo-tag's, name url + baseurl), with
// sitemapgen on the PATH as a user installs it. ./test.sh installs Debian's
// jekyll and ruby-jekyll-seo-tag.

// jekyllPluginSite copies testdata/jekyll-serve and the plugin into a new
// folder, with the lines of config added to _config.yml.
func jekyllPluginSite(t *testing.T, config string) string {
	t.Helper()
	needTool(t, "jekyll")
	src := copyFixture(t, "jekyll-serve")
	plugin, err := os.ReadFile(filepath.Join(examples, "jekyll", "_plugins", "sitemapgen.rb"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(src, "_plugins", "sitemapgen.rb"), string(plugin))
	cfg, err := os.ReadFile(filepath.Join(src, "_config.yml"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(src, "_config.yml"), string(cfg)+config)
	return src
}

// jekyllPluginURLs are the fixture's pages under the test's settings (the
// docs folder excluded).
var jekyllPluginURLs = []string{"", "2024/01/05/first.html", "about.html"}

const jekyllPluginConfig = "baseurl: /blog\nsitemapgen:\n  robots: true\n  gzip: false\n  lastmod-format: date\n  exclude: [docs/**]\n"

func TestJekyllPlugin(t *testing.T) {
	src := jekyllPluginSite(t, jekyllPluginConfig)
	cmd := exec.Command("jekyll", "build", "--source", src, "--destination", filepath.Join(src, "_site"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("jekyll build: %v\n%s", err, out)
	}
	// The summary through Jekyll's logger, and the warning that a base
	// URL with a path needs the lines in the host's own robots.txt.
	wantOutput(t, string(out), "sitemapgen: 3 pages found, 3 URLs in 1 sitemap file written to _site (with robots.txt)", "warning:")
	site := filepath.Join(src, "_site")
	checkSitemap(t, site, "https://example.com/blog/", jekyllPluginURLs)
	robots, _ := os.ReadFile(filepath.Join(site, "robots.txt"))
	wantOutput(t, string(robots), "Sitemap: https://example.com/blog/sitemap.xml")
	// lastmod-format: date; the post's date is its file name's.
	sitemap, _ := os.ReadFile(filepath.Join(site, "sitemap.xml"))
	wantOutput(t, string(sitemap), "<lastmod>2024-01-05</lastmod>")
}

// The plugin as docs/jekyll.md shows it, with no settings: the build
// says nothing but the summary, no warning.
func TestJekyllPluginPlain(t *testing.T) {
	src := jekyllPluginSite(t, "")
	out, err := exec.Command("jekyll", "build", "--source", src, "--destination", filepath.Join(src, "_site")).CombinedOutput()
	if err != nil {
		t.Fatalf("jekyll build: %v\n%s", err, out)
	}
	wantOutput(t, string(out), "URLs in 1 sitemap file written to _site")
	noWarnings(t, string(out))
}

// A staging build, every page served with X-Robots-Tag: noindex by the
// _headers file Jekyll copies into the site: jekyll build passes, with no
// sitemap and sitemapgen's one line.
func TestJekyllPluginNoIndex(t *testing.T) {
	src := jekyllPluginSite(t, "include: [_headers]\n")
	write(t, filepath.Join(src, "_headers"), "/*\n  X-Robots-Tag: noindex\n")
	out, err := exec.Command("jekyll", "build", "--source", src, "--destination", filepath.Join(src, "_site")).CombinedOutput()
	if err != nil {
		t.Fatalf("jekyll build: %v, want success\n%s", err, out)
	}
	if n := strings.Count(string(out), "every page found is noindex"); n != 1 {
		t.Errorf("the one line said %d times:\n%s", n, out)
	}
	if _, err := os.Stat(filepath.Join(src, "_site", "sitemap.xml")); err == nil {
		t.Error("a sitemap was written")
	}
}

// A sitemapgen that fails fails jekyll build, with sitemapgen's message,
// naming the setting as _config.yml spells it, and no Ruby backtrace.
func TestJekyllPluginFails(t *testing.T) {
	for _, tc := range []struct{ name, config, want string }{
		{"a bad setting", "sitemapgen:\n  max_urls: 0\n", "sitemapgen: _config.yml's sitemapgen: max_urls: 0 is outside 1–50000"},
		{"an unknown flag", "sitemapgen:\n  gzipp: true\n", `--gzipp`},
		{"no binary", "sitemapgen:\n  binary: ./no-such-sitemapgen\n", "sitemapgen: cannot run ./no-such-sitemapgen"},
		{"not a map", "sitemapgen: true\n", "sitemapgen: _config.yml: sitemapgen: is not a map of settings"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := jekyllPluginSite(t, tc.config)
			cmd := exec.Command("jekyll", "build", "--source", src, "--destination", filepath.Join(src, "_site"))
			out, err := cmd.CombinedOutput()
			if _, ok := err.(*exec.ExitError); !ok {
				t.Fatalf("jekyll build: %v, want a failure\n%s", err, out)
			}
			wantOutput(t, string(out), tc.want)
			if strings.Contains(string(out), "for usage.") {
				t.Errorf("the pointer to sitemapgen's --help is in Jekyll's message:\n%s", out)
			}
			if strings.Contains(string(out), ".rb:") || strings.Contains(string(out), "--trace") {
				t.Errorf("a Ruby backtrace, or the pointer to one, in the output:\n%s", out)
			}
			if _, err := os.Stat(filepath.Join(src, "_site", "sitemap.xml")); err == nil {
				t.Error("a sitemap was written")
			}
		})
	}
}

// Under "jekyll build --watch" and "jekyll serve" the plugin writes the
// sitemaps after each build: a post added is listed once the plugin says
// it wrote 4 URLs.
func TestJekyllPluginWatch(t *testing.T) {
	port := freePort(t)
	for _, tc := range []struct {
		name, ready, base string
		args              []string
	}{
		{"build --watch", "Auto-regeneration: enabled", "https://example.com/blog/", []string{"build", "--watch"}},
		// jekyll serve makes url the local server's, http://localhost:PORT, as
		// jekyll-sitemap's sitemap has it.
		{"serve", "Server running", "http://localhost:" + port + "/blog/", []string{"serve", "--host", "127.0.0.1", "--port", port}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := jekyllPluginSite(t, jekyllPluginConfig)
			site := filepath.Join(src, "_site")
			lines := startGenerator(t, src, "jekyll", tc.ready, append(slices.Clip(tc.args), "--source", src, "--destination", site)...)
			checkSitemap(t, site, tc.base, jekyllPluginURLs)

			post, body := filepath.Join(src, "_posts", "2024-02-06-second.md"), "---\ntitle: Second\n---\nTwo.\n"
			write(t, post, body)
			// As in watchBeside: the post is written again until the
			// watcher, which may still be starting, sees it.
			again := time.NewTicker(5 * time.Second)
			defer again.Stop()
			deadline := time.After(3 * time.Minute)
			for {
				select {
				case line, ok := <-lines:
					if !ok {
						t.Fatal("jekyll ended")
					}
					if !strings.Contains(line, "sitemapgen: 4 pages found, 4 URLs") {
						continue
					}
				case <-again.C:
					write(t, post, body)
					continue
				case <-deadline:
					t.Fatal("the plugin did not write the new post's URL 3 minutes after it was written")
				}
				break
			}
			checkSitemap(t, site, tc.base, append(slices.Clip(jekyllPluginURLs), "2024/02/06/second.html"))
		})
	}
}
