package host

import (
	"os"
	"path/filepath"
	"testing"
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
			want: Deploy{Platform: Netlify, Context: "production", ProductionURL: "https://example.org/", ProductionFrom: "URL", OwnURL: "https://main--site.netlify.app/", OwnFrom: "DEPLOY_PRIME_URL"},
		},
		{
			name: "netlify deploy preview",
			env:  map[string]string{"NETLIFY": "true", "CONTEXT": "deploy-preview", "URL": "https://example.org", "DEPLOY_PRIME_URL": "https://deploy-preview-42--site.netlify.app"},
			ok:   true,
			want: Deploy{Platform: Netlify, Context: "deploy-preview", Preview: true, ProductionURL: "https://example.org/", ProductionFrom: "URL", OwnURL: "https://deploy-preview-42--site.netlify.app/", OwnFrom: "DEPLOY_PRIME_URL"},
		},
		{
			name: "netlify branch deploy",
			env:  map[string]string{"NETLIFY": "true", "CONTEXT": "branch-deploy", "URL": "https://example.org/", "DEPLOY_PRIME_URL": "https://staging--site.netlify.app"},
			ok:   true,
			want: Deploy{Platform: Netlify, Context: "branch-deploy", Preview: true, ProductionURL: "https://example.org/", ProductionFrom: "URL", OwnURL: "https://staging--site.netlify.app/", OwnFrom: "DEPLOY_PRIME_URL"},
		},
		{
			name: "vercel production",
			env:  map[string]string{"VERCEL": "1", "VERCEL_ENV": "production", "VERCEL_PROJECT_PRODUCTION_URL": "example.com", "VERCEL_URL": "site-abc123.vercel.app"},
			ok:   true,
			want: Deploy{Platform: Vercel, Context: "production", ProductionURL: "https://example.com/", ProductionFrom: "VERCEL_PROJECT_PRODUCTION_URL", OwnURL: "https://site-abc123.vercel.app/", OwnFrom: "VERCEL_URL"},
		},
		{
			name: "vercel preview with a branch URL",
			env:  map[string]string{"VERCEL": "1", "VERCEL_ENV": "preview", "VERCEL_PROJECT_PRODUCTION_URL": "example.com", "VERCEL_URL": "site-abc123.vercel.app", "VERCEL_BRANCH_URL": "site-git-fix.vercel.app"},
			ok:   true,
			want: Deploy{Platform: Vercel, Context: "preview", Preview: true, ProductionURL: "https://example.com/", ProductionFrom: "VERCEL_PROJECT_PRODUCTION_URL", OwnURL: "https://site-git-fix.vercel.app/", OwnFrom: "VERCEL_BRANCH_URL"},
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
	if p, _ := Identify(dir, site); len(p) != 0 {
		t.Fatalf("empty folder: %v", p)
	}
	os.WriteFile(filepath.Join(site, "_redirects"), []byte("/a /b\n"), 0o644)
	if p, _ := Identify(dir, site); len(p) != 0 {
		t.Fatalf("_redirects names no platform: %v", p)
	}
	os.WriteFile(filepath.Join(dir, "wrangler.toml"), []byte("name = \"x\"\n"), 0o644)
	if p, _ := Identify(dir, site); len(p) != 0 {
		t.Fatalf("a Workers wrangler.toml is not Pages: %v", p)
	}
	os.WriteFile(filepath.Join(dir, "wrangler.toml"), []byte("name = \"x\"\npages_build_output_dir = \"public\"\n"), 0o644)
	if p, f := Identify(dir, site); len(p) != 1 || p[0] != CloudflarePages || f[0] != filepath.Join(dir, "wrangler.toml") {
		t.Fatalf("wrangler.toml: %v %v", p, f)
	}
	os.WriteFile(filepath.Join(dir, "netlify.toml"), []byte("[build]\n"), 0o644)
	os.WriteFile(filepath.Join(site, "vercel.json"), []byte("{}"), 0o644)
	p, f := Identify(dir, site)
	want := []string{Netlify, CloudflarePages, Vercel}
	if len(p) != 3 || p[0] != want[0] || p[1] != want[1] || p[2] != want[2] || f[2] != filepath.Join(site, "vercel.json") {
		t.Fatalf("three platforms: %v %v", p, f)
	}
}
