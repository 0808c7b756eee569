package next_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/next"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// nextBuildFiles are the files of a Next.js 16 server build of an app
// with both routers, as `next build` writes them (the manifests cut to
// the fields read; the real build is internal/e2e/testdata/next-server).
var nextBuildFiles = map[string]string{
	".next/prerender-manifest.json": `{"version": 4, "routes": {
  "/": {"routeType": "page", "initialRevalidateSeconds": false, "srcRoute": "/", "dataRoute": "/index.rsc"},
  "/_not-found": {"initialStatus": 404, "routeType": "page", "srcRoute": "/_not-found", "dataRoute": "/_not-found.rsc"},
  "/about": {"routeType": "page", "srcRoute": "/about", "dataRoute": "/about.rsc"},
  "/blog/hello-world": {"routeType": "page", "srcRoute": "/blog/[slug]", "dataRoute": "/blog/hello-world.rsc"},
  "/news": {"routeType": "page", "initialRevalidateSeconds": 60, "srcRoute": "/news", "dataRoute": "/news.rsc"},
  "/docs/install": {"routeType": "page", "srcRoute": "/docs/[slug]", "dataRoute": "/_next/data/B/docs/install.json"},
  "/docs/removed": {"routeType": "page", "srcRoute": "/docs/[slug]", "dataRoute": "/_next/data/B/docs/removed.json"},
  "/legal": {"routeType": "page", "srcRoute": null, "dataRoute": "/_next/data/B/legal.json"},
  "/robots.txt": {"routeType": "route", "srcRoute": "/robots.txt", "dataRoute": null},
  "/../escape": {"routeType": "page", "srcRoute": "/x", "dataRoute": "/x.rsc"}
 },
 "dynamicRoutes": {
  "/blog/[slug]": {"fallback": null},
  "/docs/[slug]": {"fallback": false},
  "/wiki/[slug]": {"fallback": null}
 },
 "notFoundRoutes": ["/docs/removed"]}`,
	".next/app-path-routes-manifest.json": `{"/_global-error/page": "/_global-error", "/_not-found/page": "/_not-found",
  "/about/page": "/about", "/account/page": "/account", "/blog/[slug]/page": "/blog/[slug]", "/news/page": "/news",
  "/page": "/", "/products/[id]/page": "/products/[id]", "/api/hello/route": "/api/hello", "/@modal/(.)photo/page": "/@modal/(.)photo"}`,
	".next/server/pages-manifest.json": `{"/_app": "pages/_app.js", "/_document": "pages/_document.js", "/_error": "pages/_error.js",
  "/docs/[slug]": "pages/docs/[slug].js", "/legal": "pages/legal.js", "/plain": "pages/plain.html",
  "/wiki/[slug]": "pages/wiki/[slug].js", "/feed": "pages/feed.js", "/api/ping": "pages/api/ping.js",
  "/404": "pages/404.html", "/evil": "pages/../../../etc/passwd.html"}`,
	".next/server/app/index.html":            "<html><head><title>home</title></head></html>",
	".next/server/app/_not-found.html":       "<html><head><meta name=robots content=noindex></head></html>",
	".next/server/app/about.html":            "<html><head><title>about</title></head></html>",
	".next/server/app/blog/hello-world.html": "<html><head><title>post</title></head></html>",
	".next/server/app/news.html":             "<html><head><title>news</title></head></html>",
	".next/server/pages/docs/install.html":   "<html><head><title>install</title></head></html>",
	".next/server/pages/legal.html":          "<html><head><title>legal</title></head></html>",
	".next/server/pages/plain.html":          "<html><head><title>plain</title></head></html>",
	".next/server/pages/404.html":            "<html><head><title>404</title></head></html>",
}

// TestReadServerBuild: every page the build prerendered, static, ISR and
// of a dynamic route, app router and pages router (an automatically
// static page too), at the URL Next.js serves it at; no error page, no
// notFound, no route handler, nothing outside the server folder; a
// warning once for each route served on demand with no page.
func TestReadServerBuild(t *testing.T) {
	dir := t.TempDir()
	buildtest.WriteSite(t, dir, nextBuildFiles)
	for _, tc := range []struct {
		name  string
		slash string
		want  []generator.ServedPage
	}{
		{"trailingSlash false", "never", []generator.ServedPage{
			{Path: "app/about.html", URLPath: "/about"}, {Path: "app/blog/hello-world.html", URLPath: "/blog/hello-world"}, {Path: "app/index.html", URLPath: "/"}, {Path: "app/news.html", URLPath: "/news"},
			{Path: "pages/docs/install.html", URLPath: "/docs/install"}, {Path: "pages/legal.html", URLPath: "/legal"}, {Path: "pages/plain.html", URLPath: "/plain"},
		}},
		{"trailingSlash true", "always", []generator.ServedPage{
			{Path: "app/about.html", URLPath: "/about/"}, {Path: "app/blog/hello-world.html", URLPath: "/blog/hello-world/"}, {Path: "app/index.html", URLPath: "/"}, {Path: "app/news.html", URLPath: "/news/"},
			{Path: "pages/docs/install.html", URLPath: "/docs/install/"}, {Path: "pages/legal.html", URLPath: "/legal/"}, {Path: "pages/plain.html", URLPath: "/plain/"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &generator.Detected{PublishDir: ".next/server", ServedDir: "public", Own: next.Server{Dist: ".next"}, Form: generator.URLForm{TrailingSlash: tc.slash}}
			b, err := readBuild(dir, p, limits.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(b.Pages, tc.want) {
				t.Errorf("pages:\n got %v\nwant %v", b.Pages, tc.want)
			}
			var warnings, patterns []string
			for _, r := range b.OnDemand {
				warnings, patterns = append(warnings, r.Warning.Error()), append(patterns, r.Pattern)
			}
			if want := []string{`^/account/?$`, `^/products/[^/]+/?$`, `^/feed/?$`, `^/wiki/[^/]+/?$`}; !slices.Equal(patterns, want) {
				t.Errorf("patterns:\n got %q\nwant %q", patterns, want)
			}
			want := []string{
				".next/app-path-routes-manifest.json: /account is rendered on each request, not prerendered: it has no page to read, and is not listed\nhint: give its URLs in a file named by --extra-urls",
				".next/app-path-routes-manifest.json: /products/[id] is rendered on demand and has no page prerendered: the sitemap lists no URL of it\nhint: give its URLs in a file named by --extra-urls",
				".next/server/pages-manifest.json: /feed is rendered on each request, not prerendered: it has no page to read, and is not listed\nhint: give its URLs in a file named by --extra-urls",
				".next/server/pages-manifest.json: /wiki/[slug] is rendered on demand and has no page prerendered: the sitemap lists no URL of it\nhint: give its URLs in a file named by --extra-urls",
			}
			if !slices.Equal(warnings, want) {
				t.Errorf("warnings:\n got %q\nwant %q", warnings, want)
			}
		})
	}
}

// TestReadServerBuildRefused: a build that is not there is said with what
// to do; a manifest linked out of the project, or past its bound, is
// refused by the door.
func TestReadServerBuildRefused(t *testing.T) {
	p := &generator.Detected{PublishDir: ".next/server", ServedDir: "public", Own: next.Server{Dist: ".next"}}
	_, err := readBuild(t.TempDir(), p, limits.Limits{})
	if err == nil || !strings.Contains(err.Error(), ".next/prerender-manifest.json: no such file: the Next.js project is not built\nhint: run `next build` first") {
		t.Errorf("no build: %v", err)
	}

	outside := t.TempDir()
	buildtest.WriteSite(t, outside, map[string]string{"prerender-manifest.json": nextBuildFiles[".next/prerender-manifest.json"]})
	dir := t.TempDir()
	buildtest.WriteSite(t, dir, nextBuildFiles)
	if err := os.Remove(filepath.Join(dir, ".next/prerender-manifest.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "prerender-manifest.json"), filepath.Join(dir, ".next/prerender-manifest.json")); err != nil {
		t.Fatal(err)
	}
	if _, err := readBuild(dir, p, limits.Limits{}); !errors.Is(err, fsx.ErrOutside) {
		t.Errorf("a manifest linked out of the project: %v, want %v", err, fsx.ErrOutside)
	}

	dir = t.TempDir()
	buildtest.WriteSite(t, dir, nextBuildFiles)
	if _, err := readBuild(dir, p, limits.Limits{PageBytes: 100}); !errors.Is(err, fsx.ErrTooLarge) || !strings.Contains(err.Error(), "limits.page_bytes") {
		t.Errorf("a manifest past limits.page_bytes: %v", err)
	}
}

// readBuild reads the build of p in dir as the pipeline asks for it.
func readBuild(dir string, p *generator.Detected, lim limits.Limits) (*generator.ServerBuild, error) {
	b, err := next.Generator{}.ReadServerBuild(dir, p, lim)
	if err == nil && (b == nil || !b.Served || b.Input != ".next/prerender-manifest.json") {
		return nil, fmt.Errorf("server build %+v: not served, or not from .next/prerender-manifest.json", b)
	}
	return b, err
}
