package e2e

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
)

// TestAstroServer runs plain sitemapgen in testdata/astro-server, an
// Astro 5 app built with the Node adapter and output: 'server' (base
// '/shop', trailingSlash 'always'), whose build output is committed (of
// dist/server/, its manifest; rebuild.sh makes them again), with the
// sitemap @astrojs/sitemap wrote from the same build in dist/client/.
// Prerendered: a home page, an about page, two pages of a dynamic route
// (getStaticPaths), a noindex page and the 404 page; rendered on demand:
// /account, /products/[id] and an endpoint; a redirect in the
// configuration. Every prerendered page is listed at the URL Astro
// serves (the dynamic route's, whose getStaticPaths returns literals,
// dated by the route's commit), none of the noindex and 404 ones; /account, a page of one URL
// rendered on each request, at its URL, as @astrojs/sitemap lists it
// from Astro's routes; each dynamic page route rendered on demand is
// named in a warning once, the endpoint and the redirect not;
// the sitemaps go to dist/client/, where the adapter's server serves
// files from, @astrojs/sitemap's replaced. With output: 'static' in the
// configuration, Astro 5's hybrid (the same pages say prerender =
// false), the build is the same and so is the run: the build tells,
// not the configuration.
func TestAstroServer(t *testing.T) {
	needTool(t, "git")
	src := filepath.Join(t.TempDir(), "astro-app")
	if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "astro-server"))); err != nil {
		t.Fatal(err)
	}
	// As an Astro project ignores it: the build.
	if err := os.WriteFile(filepath.Join(src, ".gitignore"), []byte("/dist/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commitHistory(t, src, "2024-01-01T00:00:00Z *", "2024-02-03T10:00:00Z src/pages/about.astro")
	client := filepath.Join(src, "dist", "client")
	const base = "https://example.com/shop/"

	// What @astrojs/sitemap wrote from the same build.
	theirs := slices.Sorted(maps.Keys(peerSet(t, client, base, "sitemap-index.xml")))

	for _, output := range []string{"server", "static"} {
		t.Run(output, func(t *testing.T) {
			config := filepath.Join(src, "astro.config.mjs")
			data, err := os.ReadFile(config)
			if err != nil {
				t.Fatal(err)
			}
			data = []byte(strings.Replace(string(data), "output: 'server'", "output: '"+output+"'", 1))
			if err := os.WriteFile(config, data, 0o644); err != nil {
				t.Fatal(err)
			}
			r := mustRun(t, src, "--verbose")
			entries, _, err := sitemaptest.URLs(client, base)
			if err != nil {
				t.Fatal(err)
			}
			var ours, locs []string
			for _, e := range entries {
				ours = append(ours, e.Loc+" "+e.LastMod)
				locs = append(locs, e.Loc)
			}
			want := []string{
				base + " 2024-01-01T00:00:00Z",
				base + "about/ 2024-02-03T10:00:00Z",
				base + "account/ ", // rendered on each request: no page read
				// A route's pages made from literals in its own code: the
				// route's date (issue 67).
				base + "blog/hello-world/ 2024-01-01T00:00:00Z",
				base + "blog/second-post/ 2024-01-01T00:00:00Z",
			}
			if !slices.Equal(ours, want) {
				t.Errorf("listed\n%q\nwant\n%q", ours, want)
			}
			// @astrojs/sitemap lists the same pages and the noindex one.
			notPages := []string{base + "private/"}
			if got := slices.Sorted(slices.Values(append(slices.Clone(locs), notPages...))); !slices.Equal(got, theirs) {
				t.Errorf("ours and the one it lists besides:\n%q\n@astrojs/sitemap's:\n%q", got, theirs)
			}
			said := []string{
				"site dist/client (Astro (astro.config.mjs)); base URL " + base + " from astro.config.mjs site + base; Astro URL style (folders with /; from astro.config.mjs)",
				"dist/client/private/index.html: skipped: noindex",
				"dist/client/404.html: skipped: error page",
				"6 pages found, 1 extra URL read, 5 URLs in 3 sitemap files written to dist/client; skipped 2 (1 error page, 1 noindex)",
			}
			const replaced = "replaced Astro's own sitemaps at their URLs with ones that lead to ours, for search engines given them: sitemap-0.xml, sitemap-index.xml"
			if output == "server" {
				// The first run over the plugin's files replaces them; the
				// next finds ours there, writes them again and says
				// nothing of them.
				said = append(said, replaced)
			} else if strings.Contains(r.stderr, replaced) {
				t.Errorf("the second run says again that it replaced Astro's sitemaps, which were ours:\n%s", r.stderr)
			}
			for _, name := range []string{"sitemap-0.xml", "sitemap-index.xml"} {
				if _, err := os.Stat(filepath.Join(client, name)); err != nil {
					t.Errorf("%s, a URL @astrojs/sitemap published, no longer answers: %v", name, err)
				}
			}
			checkServerRun(t, src, r.stderr, said, []string{
				".mjs: warning: /products/[id] (src/pages/products/[id].astro) is rendered on demand and has no page prerendered: the sitemap lists no URL of it",
			}, []string{"/api/search.json", "/old", "/_server-islands", "/_image", "/404", "/account"})
			for _, notThere := range []string{filepath.Join(src, "dist", "sitemap.xml"), filepath.Join(src, "dist", "server", "sitemap.xml")} {
				if _, err := os.Stat(notThere); err == nil {
					t.Errorf("a sitemap written to %s, which the server does not serve", notThere)
				}
			}
			sitemaptest.MustValidate(t, client)
		})
	}

	// The warning's remedy: the URLs of the routes rendered on demand,
	// from a file, listed with the pages, and the route no longer warned
	// of.
	extra := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(extra, []byte(base+"products/42/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := mustRun(t, src, "--extra-urls", extra)
	// /products/42/ is a page of /products/[id]: the route is covered,
	// and no longer warned of (issue 70).
	if strings.Contains(r.stderr, "/products/[id]") {
		t.Errorf("with --extra-urls listing a page of /products/[id], still warned of:\n%s", r.stderr)
	}
	entries, _, err := sitemaptest.URLs(client, base)
	if err != nil {
		t.Fatal(err)
	}
	var locs []string
	for _, e := range entries {
		locs = append(locs, e.Loc)
	}
	if want := []string{base, base + "about/", base + "account/", base + "blog/hello-world/", base + "blog/second-post/", base + "products/42/"}; !slices.Equal(locs, want) {
		t.Errorf("with --extra-urls:\n%q\nwant\n%q", locs, want)
	}

	// audit follows links as a static host serves files; the server
	// answers /products/42/ with no file: refused, not called a 404.
	auditRefused(t, src, "Astro with an adapter's server: output 'server', or pages with prerender = false")
}

// auditRefused checks that audit in the project folder src, a server
// build's by what, is refused (exit 2), saying why.
func auditRefused(t *testing.T, src, what string, args ...string) {
	t.Helper()
	r := run(t, src, nil, append([]string{"audit"}, args...)...)
	if want := "is a server build's (" + what + "), whose server answers URLs no file shows (pages rendered on demand, endpoints, redirects): links to them would be called 404s; audit a static build instead"; r.code != 2 || !strings.Contains(r.stderr, want) {
		t.Errorf("audit: exit %d\n%s%s\nwant exit 2 and %q", r.code, r.stdout, r.stderr, want)
	}
}
