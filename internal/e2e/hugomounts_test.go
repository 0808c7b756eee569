package e2e

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// TestHugoMounts builds, with the real Hugo (0.111), sites whose content
// module.mounts give in place of contentDir (issue 97: the Docsy user
// guide mounts content/en at content), and runs plain sitemapgen in the
// project: every page is joined to its source in the mounted folder, so
// none is "with no source file", and every page's lastmod is Hugo's (the
// home page and the sections too, whose own _index.md dates are the
// newest of what they list). With a language on each mount, each folder
// is that language's, as a languages.LANG.contentDir is; a content/ that
// is not mounted (a draft folder beside them) is not read.
func TestHugoMounts(t *testing.T) {
	page := func(title, date string) string {
		return "---\ntitle: " + title + "\ndate: " + date + "\n---\n" + title + ".\n"
	}
	layouts := map[string]string{
		"layouts/_default/single.html": "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n",
		"layouts/_default/list.html":   "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}</body></html>\n",
	}
	for _, tc := range []struct {
		name, config string
		files        map[string]string
		sources      string
	}{
		{"one folder", "baseURL = 'https://example.com/'\ntitle = 't'\ndisableKinds = ['RSS', 'taxonomy', 'term']\n" +
			"[module]\n[[module.mounts]]\nsource = 'content/en'\ntarget = 'content'\n[[module.mounts]]\nsource = 'static'\ntarget = 'static'\n",
			map[string]string{
				"content/en/_index.md":       page("Home", "2024-05-01T00:00:00Z"),
				"content/en/about.md":        page("About", "2024-01-02T00:00:00Z"),
				"content/en/docs/_index.md":  page("Docs", "2024-04-01T00:00:00Z"),
				"content/en/docs/a.md":       page("A", "2024-02-03T00:00:00Z"),
				"content/en/docs/b/index.md": page("B", "2024-03-04T00:00:00Z"),
				"content/drafts/x.md":        page("Not mounted", "2024-06-01T00:00:00Z"),
			}, "sources content/en (Hugo's module.mounts in hugo.toml)"},
		{"a folder a language", "baseURL = 'https://example.com/'\ntitle = 't'\ndisableKinds = ['RSS', 'taxonomy', 'term']\n" +
			"defaultContentLanguage = 'en'\n[languages.en]\nweight = 1\n[languages.de]\nweight = 2\n" +
			"[module]\n[[module.mounts]]\nsource = 'content/en'\ntarget = 'content'\nlang = 'en'\n" +
			"[[module.mounts]]\nsource = 'content/de'\ntarget = 'content'\nlang = 'de'\n",
			map[string]string{
				"content/en/_index.md":      page("Home", "2024-05-01T00:00:00Z"),
				"content/en/about.md":       page("About", "2024-01-02T00:00:00Z"),
				"content/en/docs/_index.md": page("Docs", "2024-04-01T00:00:00Z"),
				"content/en/docs/a.md":      page("A", "2024-02-03T00:00:00Z"),
				"content/de/_index.md":      page("Start", "2024-05-02T00:00:00Z"),
				"content/de/about.md":       page("Über", "2024-01-03T00:00:00Z"),
				"content/de/docs/_index.md": page("Doku", "2024-04-02T00:00:00Z"),
				"content/de/docs/a.md":      page("A", "2024-02-04T00:00:00Z"),
			}, "sources content/de, content/en (Hugo's module.mounts in hugo.toml)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			write(t, filepath.Join(src, "hugo.toml"), tc.config)
			for rel, body := range layouts {
				write(t, filepath.Join(src, filepath.FromSlash(rel)), body)
			}
			for rel, body := range tc.files {
				write(t, filepath.Join(src, filepath.FromSlash(rel)), body)
			}
			hugo := testtool.Program(t, "hugo", "apt-get install hugo")
			if out, err := exec.Command(hugo, "--source", src, "--quiet").CombinedOutput(); err != nil {
				t.Fatalf("hugo: %v\n%s", err, out)
			}
			public := filepath.Join(src, "public")
			theirs := hugoLastmods(t, public)
			if len(theirs) < 4 {
				t.Fatalf("Hugo's sitemaps list %d URLs: %v", len(theirs), theirs)
			}
			ours, log := zeroConfig(t, src, public, "https://example.com/", tc.sources)
			if strings.Contains(log, "no source file") {
				t.Errorf("pages not joined to the mounted sources:\n%s", log)
			}
			for loc, lm := range theirs {
				if got, ok := ours[loc]; !ok || !sameInstant(got, lm) {
					t.Errorf("%s: ours %q (listed %v), Hugo's %s", loc, got, ok, lm)
				}
			}
			if len(ours) != len(theirs) {
				t.Errorf("ours lists %d URLs, Hugo's %d:\n%v\n%v", len(ours), len(theirs), ours, theirs)
			}
		})
	}
}

// hugoLastmods returns the URLs and lastmods of Hugo's sitemaps in dir:
// sitemap.xml, and each language's in its folder.
func hugoLastmods(t *testing.T, dir string) map[string]string {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "*", "sitemap.xml"))
	urls := map[string]string{}
	for _, name := range append(names, filepath.Join(dir, "sitemap.xml")) {
		f, err := sitemaptest.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range f.Entries {
			if f.Root == "urlset" {
				urls[e.Loc] = e.LastMod
			}
		}
	}
	return urls
}
