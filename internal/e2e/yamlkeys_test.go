package e2e

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestConfigKeyTwice builds, with each real generator, a site whose YAML
// configuration gives a key twice, and runs plain sitemapgen in the
// project: Jekyll (Ruby's YAML), MkDocs (PyYAML) and Hugo 0.111
// (yaml.v2) keep the last value, and so does sitemapgen, where it
// stopped with "mapping key "markdown" already defined" (issue 97, item
// 1). The last value is the one that counts in each: the site's URL, a
// collection's output, MkDocs' use_directory_urls. ./test.sh installs
// Debian's jekyll, mkdocs and hugo.
func TestConfigKeyTwice(t *testing.T) {
	for _, tc := range []struct {
		name, program, install string
		files                  map[string]string
		build                  []string
		site, base, detected   string
	}{
		{
			name: "jekyll", program: "jekyll", install: "apt-get install jekyll ruby-jekyll-sitemap",
			files: map[string]string{
				// The file, and a collection whose output the
				// second value turns on.
				"_config.yml": "url: https://old.example.net\nmarkdown: kramdown\ntitle: x\nmarkdown: kramdown\n" +
					"plugins: [jekyll-sitemap]\nurl: https://anchorage.example.org\n" +
					"collections:\n  moorings:\n    output: false\n    output: true\n",
				"index.md":            "---\ntitle: Home\n---\nWelcome.\n",
				"_moorings/buoy-7.md": "---\ntitle: Buoy 7\n---\nA visitor's buoy.\n",
			},
			build: []string{"build", "--quiet"}, site: "_site", base: "https://anchorage.example.org/",
			detected: "base URL https://anchorage.example.org/ from _config.yml url",
		},
		{
			name: "mkdocs", program: "mkdocs", install: "apt-get install mkdocs",
			files: map[string]string{
				"mkdocs.yml": "site_name: Anchorage\nsite_url: https://old.example.net/\nuse_directory_urls: false\n" +
					"site_url: https://anchorage.example.org/\nuse_directory_urls: true\n",
				"docs/index.md": "# Anchorage\n",
				"docs/tides.md": "# Tides\n",
			},
			build: []string{"build", "--quiet"}, site: "site", base: "https://anchorage.example.org/",
			detected: "base URL https://anchorage.example.org/ from mkdocs.yml site_url",
		},
		{
			name: "hugo", program: "hugo", install: "apt-get install hugo",
			files: map[string]string{
				"hugo.yaml": "baseURL: https://old.example.net/\ntitle: Anchorage\nbaseURL: https://anchorage.example.org/\n" +
					"disableKinds: [RSS]\ndisableKinds: [taxonomy, term, RSS]\n",
				"layouts/_default/baseof.html": "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ block \"main\" . }}{{ end }}</body></html>\n",
				"layouts/_default/single.html": "{{ define \"main\" }}{{ .Content }}{{ end }}\n",
				"layouts/_default/list.html":   "{{ define \"main\" }}{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}{{ end }}\n",
				"content/tides.md":             "---\ntitle: Tides\n---\nHigh water at noon.\n",
			},
			build: []string{"--quiet"}, site: "public", base: "https://anchorage.example.org/",
			detected: "base URL https://anchorage.example.org/ from hugo.yaml baseURL",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			program := testtool.Program(t, tc.program, tc.install)
			src := filepath.Join(t.TempDir(), "site")
			for name, body := range tc.files {
				write(t, filepath.Join(src, filepath.FromSlash(name)), body)
			}
			cmd := exec.Command(program, tc.build...)
			cmd.Dir = src
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", tc.program, err, out)
			}
			site := filepath.Join(src, tc.site)
			theirs := generatorSitemap(t, filepath.Join(site, "sitemap.xml"))
			if len(theirs) < 2 {
				t.Fatalf("the fixture's premise: %s lists at least 2 pages, it lists %q", tc.program, theirs)
			}
			for loc := range theirs {
				if !strings.HasPrefix(loc, tc.base) {
					t.Fatalf("the fixture's premise: %s takes the last value; its sitemap lists %s", tc.program, loc)
				}
			}
			r := mustRun(t, src)
			if !strings.Contains(r.stderr, tc.detected) {
				t.Errorf("the run does not say %q:\n%s", tc.detected, r.stderr)
			}
			ours := ourURLsAt(t, site, tc.base)
			compareSets(t, ours, theirs, nil, nil)
		})
	}
}
