package e2e

import (
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
