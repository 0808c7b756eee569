package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// TestSvelteKitServer runs sitemapgen in testdata/sveltekit-server, a
// SvelteKit 2 app built for a Node server by @sveltejs/adapter-node
// (kit.paths.base '/shop'), whose build output is committed (the
// prerendered pages, the files the server serves, SvelteKit's manifest
// for the adapter; rebuild.sh makes them again). Prerendered: a home
// page, an about page, two pages of a dynamic route (entries), a noindex
// page and a redirect; rendered on demand: /account, /products/[id] and
// an endpoint. Every prerendered page is listed at the URL the adapter's
// server answers (about.html at /shop/about), none of the noindex and
// redirect ones; each page route rendered on demand is named in a
// warning once, the endpoint not, and not /products/[id] once the extra
// URLs list a page of it; the sitemaps go to build/client/shop/,
// which the server serves at /shop/, not among the prerendered pages,
// which it serves only at their routes.
func TestSvelteKitServer(t *testing.T) {
	needTool(t, "git")
	src := filepath.Join(t.TempDir(), "sveltekit-app")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "sveltekit-server"))); err != nil {
		t.Fatal(err)
	}
	// As a SvelteKit project ignores them: the build and SvelteKit's own.
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("/build/\n/.svelte-kit/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z src/routes/about/+page.svelte")
	const base = "https://example.com/shop/"
	// The configuration names no site URL (no kit.prerender.origin).
	r := mustRun(t, src, "--verbose", "--base-url", base)
	client := filepath.Join(src, "build", "client", "shop")
	entries, _, err := sitemaptest.URLs(client, base)
	if err != nil {
		t.Fatal(err)
	}
	var ours []string
	for _, e := range entries {
		ours = append(ours, e.Loc)
	}
	want := []string{base, base + "about", base + "blog/hello-world", base + "blog/second-post"}
	if !slices.Equal(ours, want) {
		t.Errorf("listed\n%q\nwant\n%q", ours, want)
	}
	checkServerRun(t, src, r.stderr, []string{
		"site build/prerendered/shop (SvelteKit (svelte.config.js)); SvelteKit URL style (clean URLs, folders with /; from svelte.config.js)",
		"build/prerendered/shop/old.html: skipped: redirect (meta refresh to https://example.com/shop/about)",
		"build/prerendered/shop/private.html: skipped: noindex",
		"6 pages found, 4 URLs in 1 sitemap file written to build/client/shop; skipped 2 (1 noindex, 1 redirect)",
	}, []string{
		"manifest.js: warning: /account is rendered on each request, not prerendered: it has no page to read, and is not listed",
		"manifest.js: warning: /products/[id] is rendered on demand and has no page prerendered: the sitemap lists no URL of it",
	}, []string{"/api/search", "/blog/[slug]", "/about", "/old"})
	if _, err := os.Stat(filepath.Join(src, "build", "prerendered", "shop", "sitemap.xml")); err == nil {
		t.Errorf("a sitemap written among the prerendered pages, which the server serves only at their routes")
	}
	sitemaptest.MustValidate(t, client)

	// The extra URLs list a page of /products/[id] (issue 70): it is
	// covered, and no longer warned of; /account still is.
	extra := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(extra, []byte(base+"products/1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = mustRun(t, src, "--base-url", base, "--extra-urls", extra)
	checkServerRun(t, src, r.stderr, nil, []string{
		"manifest.js: warning: /account is rendered on each request, not prerendered: it has no page to read, and is not listed",
	}, []string{"/products/[id]"})

	// audit follows links as a static host serves files; the server
	// answers /shop/account with no file: refused, not called a 404.
	auditRefused(t, src, "SvelteKit's adapter-node", "--base-url", base)
}
