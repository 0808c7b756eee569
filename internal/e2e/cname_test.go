package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitHubPagesCNAME: an Eleventy 3 project (testdata/eleventy's
// packages) published from docs/, as GitHub Pages publishes a branch's
// docs/ folder, with its custom domain in CNAME (at the root, copied into
// docs/ by the build) and no URL in its data. Its package.json's homepage
// is npm's default, the project's page on GitHub
// (https://github.com/o/r#readme): no URL of the site, it lends the site
// nothing, not even its path /o/r/. Plain sitemapgen in the project takes
// the base URL from the CNAME of the folder GitHub Pages serves, at the
// domain's root, and says so; with no CNAME, the hint that no base URL
// was found names it, and says why the homepage was not taken (the
// sitemap.xml the run before wrote, its own, is not taken either).
func TestGitHubPagesCNAME(t *testing.T) {
	src := nodeProject(t, "eleventy")
	write(t, filepath.Join(src, "eleventy.config.js"), `export default function (eleventyConfig) {
  eleventyConfig.addPassthroughCopy("CNAME");
  return { dir: { output: "docs" } };
}
`)
	write(t, filepath.Join(src, "package.json"), `{"name": "blog", "private": true, "type": "module", "homepage": "https://github.com/o/r#readme"}`)
	write(t, filepath.Join(src, "index.md"), "# Home\n")
	write(t, filepath.Join(src, "posts", "first.md"), "---\ntitle: First\n---\n# First\n")
	write(t, filepath.Join(src, "CNAME"), "blog.example.net\n")
	eleventyBuild(t, src)
	if _, err := os.Stat(filepath.Join(src, "docs", "CNAME")); err != nil {
		t.Fatalf("Eleventy did not copy CNAME into docs/: %v", err)
	}
	r := mustRun(t, src)
	if !strings.Contains(r.stderr, "base URL https://blog.example.net/ from "+filepath.Join("docs", "CNAME")+" (the custom domain)") {
		t.Errorf("the run does not say the base URL is docs/CNAME's:\n%s", r.stderr)
	}
	got := locs(t, filepath.Join(src, "docs", "sitemap.xml"))
	if want := []string{"https://blog.example.net/", "https://blog.example.net/posts/first/"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("URLs %q, want %q", got, want)
	}

	// No CNAME: no base URL, and the hint names the file. The sitemap
	// the run above wrote in docs/ stays, as a build that does not empty
	// its folder leaves it: sitemapgen's own, it is no generator's and
	// says nothing of the base URL.
	for _, f := range []string{"CNAME", filepath.Join("docs", "CNAME")} {
		if err := os.Remove(filepath.Join(src, f)); err != nil {
			t.Fatal(err)
		}
	}
	eleventyBuild(t, src)
	r = run(t, src, nil)
	if r.code != 2 || !strings.Contains(r.stderr, "or a CNAME file holding the domain alone, in the site folder (GitHub Pages' custom domain)") {
		t.Errorf("without CNAME: exit %d, want 2 and a hint naming CNAME:\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, `note: package.json homepage: "https://github.com/o/r#readme" is the project's page on github.com, not the site's URL`) {
		t.Errorf("without CNAME: the hint does not say why the homepage is not the base URL:\n%s", r.stderr)
	}
}

// TestJekyllCNAMEOverURL: real Jekyll, its custom domain in CNAME (which
// the build copies into _site) and a url in _config.yml that is not that
// domain's root. GitHub Pages serves a site with a custom domain at the
// root of that domain, and redirects its github.io address there: a
// sitemap at the github.io address lists redirects, one under the
// base path lists pages not found. The CNAME of the folder GitHub Pages
// publishes gives the base URL, and a warning names both.
func TestJekyllCNAMEOverURL(t *testing.T) {
	needTool(t, "jekyll")
	for _, tc := range []struct{ name, config, warning string }{
		{"a github.io address", "url: https://o.github.io\nbaseurl: /r\n",
			"GitHub Pages redirects a site's github.io address to its custom domain, blog.octo.dev, and serves the site at that domain's root, not at https://o.github.io/r/ (the base URL from _config.yml url + baseurl): the sitemap lists the pages at https://blog.octo.dev/"},
		{"the custom domain under a path", "url: https://blog.octo.dev\nbaseurl: /r\n",
			"the custom domain blog.octo.dev serves the site at its root, but _config.yml url + baseurl puts the site under /r/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			write(t, filepath.Join(src, "_config.yml"), tc.config)
			write(t, filepath.Join(src, "index.md"), "---\ntitle: Home\n---\nHome\n")
			write(t, filepath.Join(src, "about.md"), "---\ntitle: About\n---\nAbout\n")
			write(t, filepath.Join(src, "CNAME"), "blog.octo.dev\n")
			if out, err := exec.Command("jekyll", "build", "--quiet", "--source", src, "--destination", filepath.Join(src, "_site")).CombinedOutput(); err != nil {
				t.Fatalf("jekyll build: %v\n%s", err, out)
			}
			r := mustRun(t, src)
			if want := filepath.Join("_site", "CNAME") + ": warning: " + tc.warning; !strings.Contains(r.stderr, want) {
				t.Errorf("no warning %q:\n%s", want, r.stderr)
			}
			if want := "base URL https://blog.octo.dev/ from " + filepath.Join("_site", "CNAME") + " (the custom domain, over _config.yml url + baseurl"; !strings.Contains(r.stderr, want) {
				t.Errorf("the line does not say %q:\n%s", want, r.stderr)
			}
			got := locs(t, filepath.Join(src, "_site", "sitemap.xml"))
			if want := []string{"https://blog.octo.dev/", "https://blog.octo.dev/about.html"}; strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("URLs %q, want %q", got, want)
			}
		})
	}
}
