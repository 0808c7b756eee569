package host

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		ok   bool
		want Deploy
	}{
		{name: "none", env: map[string]string{"HOME": "/root", "URL": "https://x.org"}},
		{
			name: "netlify production",
			env:  map[string]string{"NETLIFY": "true", "CONTEXT": "production", "URL": "https://example.org", "DEPLOY_PRIME_URL": "https://main--site.netlify.app"},
			ok:   true,
			want: Deploy{Platform: Netlify, Context: "production", ProductionURL: "https://example.org/", ProductionFrom: "URL", OwnURL: "https://main--site.netlify.app/", OwnFrom: "DEPLOY_PRIME_URL", CacheDir: NetlifyCacheDir},
		},
		{
			name: "netlify deploy preview",
			env:  map[string]string{"NETLIFY": "true", "CONTEXT": "deploy-preview", "URL": "https://example.org", "DEPLOY_PRIME_URL": "https://deploy-preview-42--site.netlify.app"},
			ok:   true,
			want: Deploy{Platform: Netlify, Context: "deploy-preview", Preview: true, ProductionURL: "https://example.org/", ProductionFrom: "URL", OwnURL: "https://deploy-preview-42--site.netlify.app/", OwnFrom: "DEPLOY_PRIME_URL", CacheDir: NetlifyCacheDir},
		},
		{
			name: "netlify branch deploy",
			env:  map[string]string{"NETLIFY": "true", "CONTEXT": "branch-deploy", "BRANCH": "staging", "URL": "https://example.org/", "DEPLOY_PRIME_URL": "https://staging--site.netlify.app"},
			ok:   true,
			want: Deploy{Platform: Netlify, Context: "branch-deploy", Branch: "staging", Preview: true, ProductionURL: "https://example.org/", ProductionFrom: "URL", OwnURL: "https://staging--site.netlify.app/", OwnFrom: "DEPLOY_PRIME_URL", CacheDir: NetlifyCacheDir},
		},
		{
			name: "vercel production",
			env:  map[string]string{"VERCEL": "1", "VERCEL_ENV": "production", "VERCEL_PROJECT_PRODUCTION_URL": "example.com", "VERCEL_URL": "site-abc123.vercel.app"},
			ok:   true,
			want: Deploy{Platform: Vercel, Context: "production", ProductionURL: "https://example.com/", ProductionFrom: "VERCEL_PROJECT_PRODUCTION_URL", OwnURL: "https://site-abc123.vercel.app/", OwnFrom: "VERCEL_URL"},
		},
		{
			// No custom domain in the project's settings: its vercel.app
			// address, which a custom domain of the generator's outranks.
			name: "vercel production on vercel.app",
			env:  map[string]string{"VERCEL": "1", "VERCEL_ENV": "production", "VERCEL_PROJECT_PRODUCTION_URL": "site-octo.vercel.app", "VERCEL_URL": "site-abc123.vercel.app"},
			ok:   true,
			want: Deploy{Platform: Vercel, Context: "production", ProductionURL: "https://site-octo.vercel.app/", ProductionFrom: "VERCEL_PROJECT_PRODUCTION_URL", PlatformDomain: "vercel.app", OwnURL: "https://site-abc123.vercel.app/", OwnFrom: "VERCEL_URL"},
		},
		{
			name: "vercel preview with a branch URL",
			env:  map[string]string{"VERCEL": "1", "VERCEL_ENV": "preview", "VERCEL_PROJECT_PRODUCTION_URL": "example.com", "VERCEL_URL": "site-abc123.vercel.app", "VERCEL_BRANCH_URL": "site-git-fix.vercel.app"},
			ok:   true,
			want: Deploy{Platform: Vercel, Context: "preview", Preview: true, ProductionURL: "https://example.com/", ProductionFrom: "VERCEL_PROJECT_PRODUCTION_URL", OwnURL: "https://site-git-fix.vercel.app/", OwnFrom: "VERCEL_BRANCH_URL", OtherOwnURL: "https://site-abc123.vercel.app/", OtherOwnFrom: "VERCEL_URL"},
		},
		{
			name: "cloudflare pages",
			env:  map[string]string{"CF_PAGES": "1", "CF_PAGES_URL": "https://4f2a9c1e.my-site.pages.dev", "CF_PAGES_BRANCH": "main"},
			ok:   true,
			want: Deploy{Platform: CloudflarePages, Context: "main", Weak: true, ProductionURL: "https://my-site.pages.dev/", ProductionFrom: "CF_PAGES_URL", OwnURL: "https://4f2a9c1e.my-site.pages.dev/", OwnFrom: "CF_PAGES_URL"},
		},
		{
			name: "cloudflare pages with an unexpected URL",
			env:  map[string]string{"CF_PAGES": "1", "CF_PAGES_URL": "https://example.org"},
			ok:   true,
			want: Deploy{Platform: CloudflarePages, Weak: true, OwnURL: "https://example.org/", OwnFrom: "CF_PAGES_URL"},
		},
		{
			name: "github project pages",
			env:  map[string]string{"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "Octo-Org/docs", "GITHUB_SERVER_URL": "https://github.com"},
			ok:   true,
			want: Deploy{Platform: GitHubPages, Context: "actions", Weak: true, ProductionURL: "https://octo-org.github.io/docs/", ProductionFrom: "GITHUB_REPOSITORY"},
		},
		{
			name: "github user pages",
			env:  map[string]string{"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "octo/Octo.github.io"},
			ok:   true,
			want: Deploy{Platform: GitHubPages, Context: "actions", Weak: true, ProductionURL: "https://octo.github.io/", ProductionFrom: "GITHUB_REPOSITORY"},
		},
		{
			name: "github enterprise: no guess",
			env:  map[string]string{"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "a/b", "GITHUB_SERVER_URL": "https://git.corp.example"},
			ok:   true,
			want: Deploy{Platform: GitHubPages, Context: "actions", Weak: true},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := FromEnv(envOf(tc.env))
			if ok != tc.ok || got != tc.want {
				t.Errorf("FromEnv = %+v, %v\nwant      %+v, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestIdentify(t *testing.T) {
	dir := t.TempDir()
	site := filepath.Join(dir, "public")
	os.MkdirAll(site, 0o755)
	if p, _, _ := Identify(limits.Limits{}, dir, site); len(p) != 0 {
		t.Fatalf("empty folder: %v", p)
	}
	os.WriteFile(filepath.Join(site, "_redirects"), []byte("/a /b\n"), 0o644)
	if p, _, _ := Identify(limits.Limits{}, dir, site); len(p) != 0 {
		t.Fatalf("_redirects names no platform: %v", p)
	}
	os.WriteFile(filepath.Join(dir, "wrangler.toml"), []byte("name = \"x\"\n"), 0o644)
	if p, _, _ := Identify(limits.Limits{}, dir, site); len(p) != 0 {
		t.Fatalf("a Workers wrangler.toml is not Pages: %v", p)
	}
	os.WriteFile(filepath.Join(dir, "wrangler.toml"), []byte("name = \"x\"\npages_build_output_dir = \"public\"\n"), 0o644)
	if p, f, _ := Identify(limits.Limits{}, dir, site); len(p) != 1 || p[0] != CloudflarePages || f[0] != filepath.Join(dir, "wrangler.toml") {
		t.Fatalf("wrangler.toml: %v %v", p, f)
	}
	os.WriteFile(filepath.Join(dir, "netlify.toml"), []byte("[build]\n"), 0o644)
	os.WriteFile(filepath.Join(site, "vercel.json"), []byte("{}"), 0o644)
	p, f, _ := Identify(limits.Limits{}, dir, site)
	want := []string{Netlify, CloudflarePages, Vercel}
	if len(p) != 3 || p[0] != want[0] || p[1] != want[1] || p[2] != want[2] || f[2] != filepath.Join(site, "vercel.json") {
		t.Fatalf("three platforms: %v %v", p, f)
	}
}

// TestIdentifyHostile: the platforms' files are read inside their folder
// through the one door, wrangler.toml within limits.settings_bytes: one
// larger (a sparse file of 3 GB, or past a smaller bound), a link to a
// file outside the folder, a FIFO names no platform, with a warning that
// names the file and why, and the file outside is never read.
func TestIdentifyHostile(t *testing.T) {
	const pages = "name = \"x\"\npages_build_output_dir = \"public\" # secret-token\n"
	outside := filepath.Join(t.TempDir(), "wrangler.toml")
	if err := os.WriteFile(outside, []byte(pages), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		lim  limits.Limits
		make func(t *testing.T, dir string)
		is   error
		want string // in the warning
	}{
		{"larger than limits.settings_bytes", limits.Limits{SettingsBytes: 1024}, func(t *testing.T, dir string) {
			writeFile(t, filepath.Join(dir, "wrangler.toml"), pages+strings.Repeat("#\n", 1024))
		}, fsx.ErrTooLarge, "wrangler.toml: larger than 1024 bytes (limits.settings_bytes)"},
		{"a sparse file of 3 GB", limits.Limits{}, func(t *testing.T, dir string) {
			p := filepath.Join(dir, "wrangler.toml")
			writeFile(t, p, pages)
			if err := os.Truncate(p, 3<<30); err != nil {
				t.Skipf("no sparse file here: %v", err)
			}
		}, fsx.ErrTooLarge, "wrangler.toml: larger than 4194304 bytes (limits.settings_bytes)"},
		{"a link to a file outside", limits.Limits{}, func(t *testing.T, dir string) {
			if err := os.Symlink(outside, filepath.Join(dir, "wrangler.toml")); err != nil {
				t.Fatal(err)
			}
		}, fsx.ErrOutside, "wrangler.toml: a symbolic link out of its folder (or to an absolute path): not followed"},
		{"a FIFO", limits.Limits{}, func(t *testing.T, dir string) {
			if err := syscall.Mkfifo(filepath.Join(dir, "wrangler.json"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, fsx.ErrNotRegular, "wrangler.json: not a regular file (a FIFO)"},
		{"netlify.toml linked out", limits.Limits{}, func(t *testing.T, dir string) {
			if err := os.Symlink(outside, filepath.Join(dir, "netlify.toml")); err != nil {
				t.Fatal(err)
			}
		}, fsx.ErrOutside, "netlify.toml: a symbolic link out of its folder (or to an absolute path): not followed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.make(t, dir)
			type result struct {
				platforms []string
				warnings  []error
			}
			done := make(chan result, 1)
			go func() {
				p, _, w := Identify(tc.lim, dir)
				done <- result{p, w}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("Identify waits on a file")
			}
			if len(r.platforms) != 0 {
				t.Errorf("platforms %v, want none", r.platforms)
			}
			if len(r.warnings) != 1 || !errors.Is(r.warnings[0], tc.is) || !strings.Contains(r.warnings[0].Error(), tc.want) {
				t.Fatalf("warnings %v, want one saying %q", r.warnings, tc.want)
			}
			if strings.Contains(r.warnings[0].Error(), "secret-token") {
				t.Errorf("the file outside is quoted: %v", r.warnings[0])
			}
		})
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
