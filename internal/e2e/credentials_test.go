package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBaseURLCredentialsHidden: a base URL with a user name and a token
// is refused from every place a base URL comes from, and the message
// never prints the token, nor the user name (issue 89).
func TestBaseURLCredentialsHidden(t *testing.T) {
	const token = "ghp_S3cretT0ken"
	for _, tc := range []struct {
		name string
		env  []string
		args []string
		file string
	}{
		{name: "--base-url", args: []string{"--base-url", "https://robot:" + token + "@example.com/"}},
		{name: "a token alone", args: []string{"--base-url", "https://" + token + "@example.com/"}},
		{name: "SITEMAP_BASE_URL", env: []string{"SITEMAP_BASE_URL=https://robot:" + token + "@example.com/"}},
		{name: "Netlify's URL", env: []string{"NETLIFY=true", "CONTEXT=production", "URL=https://robot:" + token + "@example.com"}},
		{name: "Vercel's production URL", env: []string{"VERCEL=1", "VERCEL_ENV=production", "VERCEL_PROJECT_PRODUCTION_URL=robot:" + token + "@example.com"}},
		{name: "sitemap.yaml", file: "base_url: https://robot:" + token + "@example.com/\n"},
		{name: "diff", args: []string{"diff", "--base-url", "https://robot:" + token + "@example.com/", "site", "site"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			work := t.TempDir()
			write(t, filepath.Join(work, "site", "index.html"), "<title>home</title>")
			if tc.file != "" {
				write(t, filepath.Join(work, "sitemap.yaml"), tc.file)
			}
			args := tc.args
			if len(args) == 0 || args[0] != "diff" {
				args = append(append([]string{}, args...), "--dry-run", "site")
			}
			r := run(t, work, tc.env, args...)
			if r.code == 0 {
				t.Fatalf("exit 0, want the base URL refused\n%s", r.stderr)
			}
			if strings.Contains(r.stderr+r.stdout, token) || strings.Contains(r.stderr+r.stdout, "robot") {
				t.Errorf("the output prints the URL's user information:\n%s%s", r.stdout, r.stderr)
			}
			if !strings.Contains(r.stderr, "user name or password not allowed") && !strings.Contains(r.stderr, "xxxxx@") {
				t.Errorf("the output does not say why the base URL is refused:\n%s", r.stderr)
			}
		})
	}
}

// TestInitWritesNoCredentials: init writes into sitemap.yaml no base URL
// a build would refuse for its user information, from the platform's
// variables or a replaced plugin's options, and its messages hide it
// (issue 99: Netlify's URL and Vercel's production URL were written as
// "# base_url: https://robot:TOKEN@…").
func TestInitWritesNoCredentials(t *testing.T) {
	const token = "ghp_S3cretT0ken"
	hugo := map[string]string{"hugo.toml": "title = 'x'\n", "content/a.md": "# a\n", "public/index.html": "<title>home</title>"}
	next := map[string]string{"package.json": `{"dependencies": {"next": "14.0.0", "next-sitemap": "4.0.0"}, "scripts": {"build": "next build", "postbuild": "next-sitemap"}}`,
		"next.config.js": "module.exports = { output: 'export' }\n", "out/index.html": "<title>home</title>"}
	for _, tc := range []struct {
		name  string
		env   []string
		files map[string]string
		extra map[string]string
	}{
		{name: "Netlify's URL", env: []string{"NETLIFY=true", "CONTEXT=production", "URL=https://robot:" + token + "@example.org"}, files: hugo},
		{name: "Netlify's URL, not a URL", env: []string{"NETLIFY=true", "CONTEXT=production", "URL=https://robot:" + token + "@example.org:99x"}, files: hugo},
		{name: "Vercel's production URL", env: []string{"VERCEL=1", "VERCEL_ENV=production", "VERCEL_PROJECT_PRODUCTION_URL=robot:" + token + "@example.org"}, files: hugo},
		{name: "a token as Vercel's user name", env: []string{"VERCEL=1", "VERCEL_ENV=production", "VERCEL_PROJECT_PRODUCTION_URL=" + token + "@example.org"}, files: hugo},
		{name: "next-sitemap's siteUrl", files: next, extra: map[string]string{"next-sitemap.config.js": "module.exports = { siteUrl: 'https://robot:" + token + "@example.org' }\n"}},
		{name: "next-sitemap's siteUrl, not a URL", files: next, extra: map[string]string{"next-sitemap.config.js": "module.exports = { siteUrl: 'https://robot:" + token + "@example.org:99x/' }\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			work := t.TempDir()
			for name, body := range tc.files {
				write(t, filepath.Join(work, name), body)
			}
			for name, body := range tc.extra {
				write(t, filepath.Join(work, name), body)
			}
			r := run(t, work, tc.env, "init")
			if r.code != 0 {
				t.Fatalf("init: exit %d\n%s", r.code, r.stderr)
			}
			written, err := os.ReadFile(filepath.Join(work, "sitemap.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			for what, text := range map[string]string{"sitemap.yaml": string(written), "the output": r.stdout + r.stderr} {
				if strings.Contains(text, token) || strings.Contains(text, "robot:") {
					t.Errorf("%s holds the URL's user information:\n%s", what, text)
				}
			}
		})
	}
}
