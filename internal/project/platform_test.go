package project

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// TestDiscoverBuildEnv: the variables netlify.toml sets for the build
// are the generator's environment, under sitemapgen's own: Hugo's
// enableGitInfo set only in [build.environment] makes git date its
// pages, and the line of what was found says where it is set. The
// context is production outside Netlify's build, Netlify's CONTEXT in
// it.
func TestDiscoverBuildEnv(t *testing.T) {
	const netlify = "[build]\npublish = \"public\"\n\n[build.environment]\nHUGO_ENABLEGITINFO = \"true\"\n\n[context.deploy-preview.environment]\nHUGO_ENABLEGITINFO = \"false\"\n"
	for _, tc := range []struct {
		name     string
		env      map[string]string
		host     string
		git      bool   // the order dates by git first
		from     string // what the order says set enableGitInfo
		detected string // in the line of what was found; "" for nothing of the build environment
	}{
		{name: "local build", git: true,
			from:     "Hugo enableGitInfo, HUGO_ENABLEGITINFO in netlify.toml:5 [build.environment]",
			detected: "build environment HUGO_ENABLEGITINFO (netlify.toml:5 [build.environment])"},
		{name: "Netlify's production", env: map[string]string{"NETLIFY": "true", "CONTEXT": "production", "DEPLOY_PRIME_URL": "https://main--s.netlify.app", "URL": "https://example.com"}, git: true,
			from:     "HUGO_ENABLEGITINFO in netlify.toml:5 [build.environment]",
			detected: "build environment HUGO_ENABLEGITINFO (netlify.toml:5 [build.environment])"},
		{name: "Netlify's deploy preview", env: map[string]string{"NETLIFY": "true", "CONTEXT": "deploy-preview", "DEPLOY_PRIME_URL": "https://deploy-preview-1--s.netlify.app", "URL": "https://example.com"},
			from:     "Hugo's default [frontmatter] lastmod",
			detected: "build environment HUGO_ENABLEGITINFO (netlify.toml:8 [context.deploy-preview.environment])"},
		{name: "sitemapgen's own environment first", env: map[string]string{"HUGO_ENABLEGITINFO": "false"},
			from: "Hugo's default [frontmatter] lastmod"},
		{name: "host: none", host: "none", from: "Hugo's default [frontmatter] lastmod"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, body := range map[string]string{
				"netlify.toml":        netlify,
				"hugo.toml":           "baseURL = 'https://example.com/'\n",
				"content/a.md":        "---\ntitle: a\n---\n",
				"public/a/index.html": "<!doctype html><title>a</title>",
			} {
				p := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			a := Ask{SettingsFile: "sitemap.yaml", NoRoot: errors.New("no root"), NoBaseURL: errors.New("no base URL"),
				Host: cmpOr(tc.host, "auto"), Limits: limits.Default}
			pr, err := Discover(a, func(k string) string { return tc.env[k] })
			if err != nil {
				t.Fatal(err)
			}
			if pr.Sources == nil || pr.Sources.Order == nil {
				t.Fatalf("no join with Hugo's order: %+v", pr)
			}
			if git := pr.Sources.Order.Steps[0].Git; git != tc.git {
				t.Errorf("git first %v, want %v (%s)", git, tc.git, pr.LastModOrder)
			}
			if !strings.Contains(pr.LastModOrder, tc.from) {
				t.Errorf("order %q does not say %q", pr.LastModOrder, tc.from)
			}
			if got := strings.Contains(pr.Detected, "build environment"); got != (tc.detected != "") || tc.detected != "" && !strings.Contains(pr.Detected, tc.detected) {
				t.Errorf("detected %q, want %q in it", pr.Detected, tc.detected)
			}
		})
	}
}

// TestBuildEnvValuesNotShown: the value of a variable the platform's
// file sets for the build is never shown, in the line of what was found,
// the date order, a warning or an error, though the generator reads it
// where a URL is wanted: it may be a secret (API_TOKEN).
func TestBuildEnvValuesNotShown(t *testing.T) {
	const secret = "s3cr3t"
	netlify := "[build]\npublish = \"public\"\n\n[build.environment]\nAPI_TOKEN = \"" + secret + "\"\nHUGO_ENABLEGITINFO = \"true\"\nHUGO_BASEURL = \"" + secret + "\"\n"
	for _, tc := range []struct {
		name  string
		site  string // the built site's folder
		files map[string]string
	}{
		{"Hugo", "public", map[string]string{"netlify.toml": netlify, "hugo.toml": "title = 'x'\n", "content/a.md": "---\ntitle: a\n---\n", "public/a/index.html": "<title>a</title>"}},
		{"MkDocs' !ENV", "site", map[string]string{"netlify.toml": strings.Replace(netlify, "public", "site", 1), "mkdocs.yml": "site_name: x\nsite_url: !ENV API_TOKEN\n", "docs/index.md": "# x\n", "site/index.html": "<title>x</title>"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, body := range tc.files {
				writeFile(t, filepath.Join(dir, filepath.FromSlash(name)), body)
			}
			t.Chdir(dir)
			// Without a base URL, then with one from a CNAME file.
			for _, cname := range []bool{false, true} {
				if cname {
					site := filepath.Join(dir, tc.site)
					writeFile(t, filepath.Join(site, "CNAME"), "own.test\n")
				}
				pr, err := Discover(Ask{SettingsFile: "sitemap.yaml", NoRoot: errors.New("no root"), NoBaseURL: errors.New("no base URL"),
					Host: "auto", Limits: limits.Default}, func(string) string { return "" })
				var shown []string
				if err != nil {
					shown = append(shown, err.Error())
				} else {
					shown = append(shown, pr.Detected, pr.LastModOrder, pr.BaseURLFrom)
					for _, w := range pr.Warnings {
						shown = append(shown, w.Error())
					}
				}
				if all := strings.Join(shown, "\n"); strings.Contains(all, secret) {
					t.Errorf("CNAME %v: the value of a variable is shown:\n%s", cname, all)
				}
			}
		})
	}
}
