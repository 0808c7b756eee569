package project

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestRefusedURLLendsNothing: a URL refused as the site's base URL (npm's
// homepage on github.com, a configuration's URL with a fragment, a
// placeholder on a platform) gives the site neither its host nor its
// path; a custom domain (CNAME) is served at its root; a base path the
// configuration gives with its own setting is kept where a platform
// serves the site under it; and the line says the base URL used, with
// where each part came from.
func TestRefusedURLLendsNothing(t *testing.T) {
	eleventy := ".eleventy.js"
	netlify := map[string]string{"NETLIFY": "true", "CONTEXT": "production", "URL": "https://site.netlify.app"}
	for _, tc := range []struct {
		name     string
		files    map[string]string
		env      map[string]string
		want     string // the base URL
		detected string // in the line of what was detected
		warning  string // in a warning; "" for none
	}{
		{
			name: "npm's homepage on github.com, a CNAME",
			files: map[string]string{eleventy: "module.exports = () => ({ dir: { output: 'docs' } })\n",
				"package.json": `{"homepage": "https://github.com/o/r#readme"}`, "docs/CNAME": "blog.example.net\n"},
			want:     "https://blog.example.net/",
			detected: "base URL https://blog.example.net/ from " + filepath.Join("docs", "CNAME") + " (the custom domain)",
		},
		{
			name: "npm's homepage on github.com without a fragment, a CNAME",
			files: map[string]string{eleventy: "module.exports = () => ({ dir: { output: 'docs' } })\n",
				"package.json": `{"homepage": "https://github.com/o/r"}`, "docs/CNAME": "blog.example.net\n"},
			want:     "https://blog.example.net/",
			detected: "base URL https://blog.example.net/ from " + filepath.Join("docs", "CNAME") + " (the custom domain)",
		},
		{
			name: "npm's homepage on github.com, on Netlify, with pathPrefix",
			files: map[string]string{eleventy: "module.exports = () => ({ pathPrefix: '/blog/', dir: { output: 'docs' } })\n",
				"package.json": `{"homepage": "https://github.com/o/r#readme"}`},
			env:      netlify,
			want:     "https://site.netlify.app/blog/",
			detected: "base URL https://site.netlify.app/blog/ from Netlify URL, path /blog/ from .eleventy.js",
		},
		{
			name:     "a configuration's URL on github.com",
			files:    map[string]string{"hugo.toml": "baseURL = 'https://github.com/o/r/'\n", "public/": "", "public/CNAME": "docs.example.net\n"},
			want:     "https://docs.example.net/",
			detected: "base URL https://docs.example.net/ from " + filepath.Join("public", "CNAME") + " (the custom domain)",
			warning:  "hugo.toml: baseURL: https://github.com/o/r/ is a page of github.com, which serves no site; not taken for the base URL",
		},
		{
			name:     "a configuration's URL with a fragment",
			files:    map[string]string{"hugo.toml": "baseURL = 'https://docs.example.org/r/#top'\n", "public/": "", "public/CNAME": "docs.example.net\n"},
			want:     "https://docs.example.net/",
			detected: "base URL https://docs.example.net/ from " + filepath.Join("public", "CNAME") + " (the custom domain)",
			warning:  `hugo.toml: baseURL: base URL "https://docs.example.org/r/#top/": query or fragment not allowed; not taken for the base URL`,
		},
		{
			name:     "a placeholder's path, on Netlify",
			files:    map[string]string{"hugo.toml": "baseURL = 'https://example.org/theme/'\n", "public/": ""},
			env:      netlify,
			want:     "https://site.netlify.app/",
			detected: "base URL https://site.netlify.app/ from Netlify URL;",
		},
		{
			name:     "a placeholder with Docusaurus' own baseUrl, on Netlify",
			files:    map[string]string{"docusaurus.config.js": "module.exports = { url: 'https://your-docusaurus-site.example.com', baseUrl: '/metro/' };\n", "build/": ""},
			env:      netlify,
			want:     "https://site.netlify.app/metro/",
			detected: "base URL https://site.netlify.app/metro/ from Netlify URL, path /metro/ from docusaurus.config.js",
		},
		{
			// An earlier run's sitemap.xml (the record lists it), of a base
			// URL given then: not the generator's, it says nothing.
			name: "sitemapgen's own earlier sitemap.xml, a CNAME",
			files: map[string]string{eleventy: "module.exports = () => ({})\n", "_site/index.html": "<!doctype html><title>Home</title>",
				"_site/sitemap.xml":       `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://wrong.example.net/x/</loc></url></urlset>`,
				"_site/.sitemapgen-files": "sitemap.xml\n",
				"_site/CNAME":             "blog.example.net\n"},
			want:     "https://blog.example.net/",
			detected: "base URL https://blog.example.net/ from " + filepath.Join("_site", "CNAME") + " (the custom domain)",
		},
		{
			// An earlier run with --robots wrote robots.txt's Sitemap: line
			// (the record lists it), with a base URL given then: it says
			// nothing of the site.
			name: "sitemapgen's own earlier robots.txt line, a CNAME",
			files: map[string]string{eleventy: "module.exports = () => ({})\n", "_site/index.html": "<!doctype html><title>Home</title>",
				"_site/robots.txt":        "User-agent: *\nAllow: /\n\nSitemap: https://staging.example.net/sitemap.xml\n",
				"_site/.sitemapgen-files": "https://staging.example.net/sitemap.xml\trobots\nsitemap.xml\n",
				"_site/CNAME":             "blog.example.net\n"},
			want:     "https://blog.example.net/",
			detected: "base URL https://blog.example.net/ from " + filepath.Join("_site", "CNAME") + " (the custom domain)",
		},
		{
			// The site's own line, which the build copies, naming the
			// sitemap.xml an earlier run of ours wrote over the
			// generator's (the record lists the file, not the line): the
			// site's word.
			name: "the site's own robots.txt line for our sitemap.xml",
			files: map[string]string{eleventy: "module.exports = () => ({})\n", "_site/index.html": "<!doctype html><title>Home</title>",
				"_site/robots.txt":        "User-agent: *\nAllow: /\n\nSitemap: https://blog.example.net/sitemap.xml\n",
				"_site/.sitemapgen-files": "sitemap.xml\n"},
			want:     "https://blog.example.net/",
			detected: "base URL https://blog.example.net/ from robots.txt's Sitemap: lines",
			warning:  "is an example domain",
		},
		{
			name: "the generator's own sitemap.xml",
			files: map[string]string{eleventy: "module.exports = () => ({})\n", "_site/index.html": "<!doctype html><title>Home</title>",
				"_site/sitemap.xml": `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://blog.example.net/x/</loc></url></urlset>`},
			want:     "https://blog.example.net/x/",
			detected: "base URL https://blog.example.net/x/ from the generator's sitemap.xml",
			warning:  "is an example domain",
		},
		{
			name: "canonical links on github.com, a CNAME",
			files: map[string]string{eleventy: "module.exports = () => ({})\n", "_site/index.html": `<!doctype html><link rel="canonical" href="https://github.com/o/r/">`,
				"_site/CNAME": "blog.example.net\n"},
			want:     "https://blog.example.net/",
			detected: "base URL https://blog.example.net/ from " + filepath.Join("_site", "CNAME") + " (the custom domain)",
			warning:  "_site: the base URL https://github.com/o/r/ (from the pages' canonical links) is not taken: github.com serves a project's pages, not its site",
		},
		{
			name:     "canonical links on an example domain",
			files:    map[string]string{eleventy: "module.exports = () => ({})\n", "_site/index.html": `<!doctype html><link rel="canonical" href="https://example.com/">`},
			want:     "https://example.com/",
			detected: "base URL https://example.com/ from the pages' canonical links",
			warning:  "_site: the base URL https://example.com/ (from the pages' canonical links) is an example domain",
		},
		{
			name:     "a custom domain is served at its root",
			files:    map[string]string{"_config.yml": "baseurl: /r\n", "_site/": "", "_site/CNAME": "www.example.net\n"},
			want:     "https://www.example.net/",
			detected: "base URL https://www.example.net/ from " + filepath.Join("_site", "CNAME") + " (the custom domain)",
			warning:  "the custom domain www.example.net serves the site at its root, but _config.yml puts the site under /r/",
		},
		// GitHub Pages serves a site with a custom domain at the root of
		// that domain, and redirects its github.io address there: the
		// CNAME of the site folder outranks a URL of the generator or the
		// built site that is not that root.
		{
			name:     "a github.io URL, a CNAME in the site folder",
			files:    map[string]string{"_config.yml": "url: https://o.github.io\nbaseurl: /r\n", "_site/": "", "_site/CNAME": "blog.example.net\n"},
			want:     "https://blog.example.net/",
			detected: "base URL https://blog.example.net/ from " + filepath.Join("_site", "CNAME") + " (the custom domain, over _config.yml url + baseurl, https://o.github.io/r/)",
			warning:  "GitHub Pages redirects a site's github.io address to its custom domain, blog.example.net, and serves the site at that domain's root, not at https://o.github.io/r/ (the base URL from _config.yml url + baseurl): the sitemap lists the pages at https://blog.example.net/",
		},
		{
			name:     "another domain, a CNAME in the site folder",
			files:    map[string]string{"hugo.toml": "baseURL = 'https://old.example.org/'\n", "public/": "", "public/CNAME": "docs.example.net\n"},
			want:     "https://docs.example.net/",
			detected: "base URL https://docs.example.net/ from " + filepath.Join("public", "CNAME") + " (the custom domain, over hugo.toml baseURL, https://old.example.org/)",
			warning:  "the custom domain docs.example.net serves the site at its root, not at https://old.example.org/ (the base URL from hugo.toml baseURL): the sitemap lists",
		},
		{
			name:     "the custom domain with a path",
			files:    map[string]string{"_config.yml": "url: https://blog.example.net\nbaseurl: /r\n", "_site/": "", "_site/CNAME": "blog.example.net\n"},
			want:     "https://blog.example.net/",
			detected: "base URL https://blog.example.net/ from " + filepath.Join("_site", "CNAME") + " (the custom domain, over _config.yml url + baseurl, https://blog.example.net/r/)",
			warning:  "the custom domain blog.example.net serves the site at its root, but _config.yml url + baseurl puts the site under /r/",
		},
		{
			name:     "the custom domain's root",
			files:    map[string]string{"_config.yml": "url: https://blog.octo.dev\n", "_site/": "", "_site/CNAME": "blog.octo.dev\n"},
			want:     "https://blog.octo.dev/",
			detected: "base URL https://blog.octo.dev/ from _config.yml url",
		},
		{
			name: "canonical links on github.io, a CNAME",
			files: map[string]string{eleventy: "module.exports = () => ({})\n", "_site/index.html": `<!doctype html><link rel="canonical" href="https://o.github.io/r/">`,
				"_site/CNAME": "blog.example.net\n"},
			want:     "https://blog.example.net/",
			detected: "base URL https://blog.example.net/ from " + filepath.Join("_site", "CNAME") + " (the custom domain, over the pages' canonical links, https://o.github.io/r/)",
			warning:  "not at https://o.github.io/r/ (the base URL from the pages' canonical links)",
		},
		{
			// A Netlify site whose output keeps a CNAME of its GitHub Pages
			// days (two real projects): Netlify ignores the file, and serves
			// the domain the generator names.
			name: "another domain, a CNAME in a Netlify site's folder",
			files: map[string]string{"hugo.toml": "baseURL = 'https://www.example.org/'\n", "netlify.toml": "[build]\n  publish = \"public\"\n",
				"public/": "", "public/CNAME": "old.example.net\n"},
			want:     "https://www.example.org/",
			detected: "base URL https://www.example.org/ from hugo.toml baseURL",
			warning:  "is an example domain",
		},
		{
			// Not published: the host knows no custom domain from it.
			name:     "a github.io URL, a CNAME in the project folder alone",
			files:    map[string]string{"hugo.toml": "baseURL = 'https://o.github.io/r/'\n", "public/": "", "CNAME": "docs.example.net\n"},
			want:     "https://o.github.io/r/",
			detected: "base URL https://o.github.io/r/ from hugo.toml baseURL",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, body := range tc.files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if strings.HasSuffix(name, "/") {
					if err := os.MkdirAll(p, 0o755); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			pr, err := Discover(Ask{SettingsFile: "sitemap.yaml", NoRoot: errors.New("no root"), NoBaseURL: errors.New("no base URL"),
				Host: "auto", Limits: limits.Default}, func(k string) string { return tc.env[k] })
			if err != nil {
				t.Fatalf("Discover: %v", err)
			}
			if pr.BaseURL != tc.want {
				t.Errorf("base URL %s from %s, want %s", pr.BaseURL, pr.BaseURLFrom, tc.want)
			}
			if !strings.Contains(pr.Detected, tc.detected) {
				t.Errorf("the line says %q, want %q in it", pr.Detected, tc.detected)
			}
			var warnings []string
			for _, w := range pr.Warnings {
				warnings = append(warnings, w.Error())
			}
			all := strings.Join(warnings, "\n")
			if tc.warning == "" && len(warnings) > 0 || tc.warning != "" && !strings.Contains(all, tc.warning) {
				t.Errorf("warnings:\n%s\nwant %q", all, tc.warning)
			}
		})
	}
}
