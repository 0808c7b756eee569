package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// TestNuxtServer runs sitemapgen in testdata/nuxt-server, a Nuxt 4 app
// built by `nuxi build` for a Node server (Nitro's node-server preset),
// whose build output is committed (the prerendered pages, the server's
// router, nitro.json; rebuild.sh makes them again). Prerendered (by
// routeRules and nitro.prerender.routes): a home page, an about page,
// two pages of a dynamic route and a noindex page; rendered on demand:
// /account, /products/[id] and an endpoint; a redirect in routeRules.
// Every prerendered page is listed at the URL the server answers
// (about/index.html at /about, as Nuxt links it), not the noindex one;
// each page route rendered on demand is named in a warning once, not the
// endpoint, the redirect or the dynamic route whose pages were
// prerendered; the sitemaps go to .output/public, with a warning that
// Nitro's server does not serve what is written there after its build.
func TestNuxtServer(t *testing.T) {
	src := filepath.Join(t.TempDir(), "nuxt-app")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "nuxt-server"))); err != nil {
		t.Fatal(err)
	}
	const base = "https://example.com/"
	r := mustRun(t, src, "--verbose") // runtimeConfig.public.siteUrl
	public := filepath.Join(src, ".output", "public")
	entries, _, err := sitemaptest.URLs(public, base)
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
		"site .output/public (Nuxt (nuxt.config.ts)); base URL " + base + " from nuxt.config.ts runtimeConfig.public.siteUrl; Nuxt URL style (clean URLs, folders without /; from nuxt.config.ts)",
		".output/public/private/index.html: skipped: noindex",
		"5 pages found, 4 URLs in 1 sitemap file written to .output/public; skipped 1 (1 noindex)",
		"server.mjs: warning: Nitro's server serves only the files `nuxi build` found in .output/public: the sitemaps written there after it are not served",
	}, []string{
		"server.mjs: warning: /account is rendered on each request, not prerendered: it has no page to read, and is not listed",
		"server.mjs: warning: /products/:id() is rendered on demand and has no page prerendered: the sitemap lists no URL of it",
	}, []string{"/api/search ", "/blog/:slug() ", "/old ", "/about "})
	sitemaptest.MustValidate(t, public)

	// The extra URLs list a page of /products/:id() (issue 70): it is
	// covered, and no longer warned of; /account still is.
	extra := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(extra, []byte(base+"products/1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = mustRun(t, src, "--extra-urls", extra)
	checkServerRun(t, src, r.stderr, nil, []string{
		"server.mjs: warning: /account is rendered on each request, not prerendered: it has no page to read, and is not listed",
	}, []string{"/products/:id()"})

	// --out elsewhere: no warning about what Nitro serves.
	out := filepath.Join(t.TempDir(), "out")
	r = mustRun(t, src, "--out", out)
	if strings.Contains(r.stderr, "Nitro's server serves only") {
		t.Errorf("with --out, the run warns of Nitro's public folder:\n%s", r.stderr)
	}

	// audit follows links as a static host serves files; the server
	// answers /account with no file: refused, not called a 404.
	auditRefused(t, src, "Nuxt's nuxi build, for a server")
}
