package generator

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// nuxtServerModule is .output/server/chunks/build/server.mjs as Nuxt 4.1
// writes it (cut to its router; the real build is
// internal/e2e/testdata/nuxt-server), with a catch-all route and a
// redirect's stub.
const nuxtServerModule = `const __nuxt_page_meta = null;
const component_45stubkR_zrr = {};
const _routes = [
  {
    name: "about",
    path: "/about",
    component: () => import('./about-ClvP16dR.mjs')
  },
  {
    name: "index",
    path: "/",
    component: () => import('./pages-Cjs_Qj15.mjs')
  },
  {
    name: "account",
    path: "/account",
    component: () => import('./account-CHq-5sgH.mjs')
  },
  {
    name: "blog-slug",
    path: "/blog/:slug()",
    component: () => import('./_slug_-CLoH1GaP.mjs')
  },
  {
    name: "docs-slug",
    path: "/docs/:slug(.*)*",
    component: () => import('./_...slug_-X.mjs')
  },
  {
    name: "products-id",
    path: "/products/:id()",
    component: () => import('./_id_-DQ3LWyuJ.mjs')
  },
  {
    name: __nuxt_page_meta?.name,
    path: "/old",
    component: component_45stubkR_zrr
  }
];
const ROUTE_KEY_PARENTHESES_RE = /(:\w+)\([^)]+\)/g;
`

// nuxtServerFiles are a Nuxt server build's files: its router and the
// pages it prerendered.
var nuxtServerFiles = map[string]string{
	".output/server/chunks/build/server.mjs":       nuxtServerModule,
	".output/public/index.html":                    "<title>home</title>",
	".output/public/about/index.html":              "<title>about</title>",
	".output/public/blog/hello-world/index.html":   "<title>post</title>",
	".output/public/docs/guide/install/index.html": "<title>install</title>",
	".output/public/_nuxt/builds/latest.json":      "{}",
}

// TestReadNuxtBuild: a warning once for each page route of a Nuxt
// server build none of whose URLs was prerendered; none for a route with
// a page (a dynamic one, a catch-all's deep page) nor a redirect's stub;
// nothing without a build.
func TestReadNuxtBuild(t *testing.T) {
	p := &Project{Generator: "nuxt", PublishDir: ".output/public", NuxtServer: ".output/server"}
	if w, err := ReadNuxtBuild(t.TempDir(), p, limits.Limits{}); err != nil || w != nil {
		t.Errorf("no build: %v, %v; want nothing", w, err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, nuxtServerFiles)
	w, err := ReadNuxtBuild(dir, p, limits.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range w {
		got = append(got, d.Error())
	}
	const at, hint = ".output/server/chunks/build/server.mjs: ", "\nhint: give its URLs in a file named by --extra-urls"
	want := []string{
		at + "/account is rendered on each request, not prerendered: it has no page to read, and is not listed" + hint,
		at + "/products/:id() is rendered on demand and has no page prerendered: the sitemap lists no URL of it" + hint,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestReadNuxtBuildRefused: a router module that is none, linked out of
// the project, or past limits.page_bytes is an error naming it.
func TestReadNuxtBuildRefused(t *testing.T) {
	p := &Project{Generator: "nuxt", PublishDir: ".output/public", NuxtServer: ".output/server"}
	const name = ".output/server/chunks/build/server.mjs"
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{name: "export default {};"})
	if _, err := ReadNuxtBuild(dir, p, limits.Limits{}); err == nil || !strings.HasPrefix(err.Error(), name+": not a server build of Nuxt: no routes") {
		t.Errorf("no routes: %v", err)
	}

	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{"server.mjs": nuxtServerModule})
	dir = t.TempDir()
	writeFiles(t, dir, map[string]string{".output/server/chunks/build/styles.mjs": "export {}"})
	if err := os.Symlink(filepath.Join(outside, "server.mjs"), filepath.Join(dir, filepath.FromSlash(name))); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadNuxtBuild(dir, p, limits.Limits{}); !errors.Is(err, fsx.ErrOutside) {
		t.Errorf("a router linked out of the project: %v, want %v", err, fsx.ErrOutside)
	}

	dir = t.TempDir()
	writeFiles(t, dir, nuxtServerFiles)
	if _, err := ReadNuxtBuild(dir, p, limits.Limits{PageBytes: 100}); !errors.Is(err, fsx.ErrTooLarge) || !strings.Contains(err.Error(), "limits.page_bytes") {
		t.Errorf("a router past limits.page_bytes: %v", err)
	}
}
