package nuxt_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/nuxt"
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

// TestReadServerBuild: a warning once for each page route of a Nuxt
// server build none of whose URLs was prerendered; none for a route with
// a page (a dynamic one, a catch-all's deep page) nor a redirect's stub;
// nothing without a build.
func TestReadServerBuild(t *testing.T) {
	p := &Detected{PublishDir: ".output/public", Own: nuxt.Own{Server: ".output/server"}}
	if w, err := readBuild(t.TempDir(), p, limits.Limits{}); err != nil || w != nil {
		t.Errorf("no build: %v, %v; want nothing", w, err)
	}
	dir := t.TempDir()
	buildtest.WriteSite(t, dir, nuxtServerFiles)
	w, err := readBuild(dir, p, limits.Limits{})
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

// TestReadServerBuildRefused: a router module that is none, linked out of
// the project, or past limits.page_bytes or (its routes)
// limits.settings_bytes is an error naming it.
func TestReadServerBuildRefused(t *testing.T) {
	p := &Detected{PublishDir: ".output/public", Own: nuxt.Own{Server: ".output/server"}}
	const name = ".output/server/chunks/build/server.mjs"
	dir := t.TempDir()
	buildtest.WriteSite(t, dir, map[string]string{name: "export default {};"})
	if _, err := readBuild(dir, p, limits.Limits{}); err == nil || !strings.HasPrefix(err.Error(), name+": not a server build of Nuxt: no routes") {
		t.Errorf("no routes: %v", err)
	}

	outside := t.TempDir()
	buildtest.WriteSite(t, outside, map[string]string{"server.mjs": nuxtServerModule})
	dir = t.TempDir()
	buildtest.WriteSite(t, dir, map[string]string{".output/server/chunks/build/styles.mjs": "export {}"})
	if err := os.Symlink(filepath.Join(outside, "server.mjs"), filepath.Join(dir, filepath.FromSlash(name))); err != nil {
		t.Fatal(err)
	}
	if _, err := readBuild(dir, p, limits.Limits{}); !errors.Is(err, fsx.ErrOutside) {
		t.Errorf("a router linked out of the project: %v, want %v", err, fsx.ErrOutside)
	}

	dir = t.TempDir()
	buildtest.WriteSite(t, dir, nuxtServerFiles)
	if _, err := readBuild(dir, p, limits.Limits{PageBytes: 100}); !errors.Is(err, fsx.ErrTooLarge) || !strings.Contains(err.Error(), "limits.page_bytes") {
		t.Errorf("a router past limits.page_bytes: %v", err)
	}
	if _, err := readBuild(dir, p, limits.Limits{SettingsBytes: 100}); !errors.Is(err, fsx.ErrTooLarge) || !strings.HasPrefix(err.Error(), name+": larger than 100 bytes (limits.settings_bytes)") {
		t.Errorf("a router's routes past limits.settings_bytes: %v", err)
	}
}

// readBuild reads the build of p in dir as the pipeline asks for it: the
// warnings of the routes rendered on demand (none of which the extra
// URLs cover here), and the others.
func readBuild(dir string, p *Detected, lim limits.Limits) ([]*diag.Diagnostic, error) {
	b, err := nuxt.Generator{}.ReadServerBuild(dir, p, lim)
	if b == nil || err != nil {
		return nil, err
	}
	if b.Frozen == nil || b.Input != ".output/server/chunks/build/server.mjs" {
		return nil, fmt.Errorf("frozen %v, input %q", b.Frozen, b.Input)
	}
	var w []*diag.Diagnostic
	for _, r := range b.OnDemand {
		w = append(w, r.Warning)
	}
	return append(w, b.Warnings...), nil
}

// TestOnDemandCovered: a route rendered on demand is covered by an extra
// URL that is a page of it, as the pattern of the route as written says
// (:id() one path element), and by no other.
func TestOnDemandCovered(t *testing.T) {
	p := &Detected{PublishDir: ".output/public", Own: nuxt.Own{Server: ".output/server"}}
	dir := t.TempDir()
	buildtest.WriteSite(t, dir, nuxtServerFiles)
	b, err := nuxt.Generator{}.ReadServerBuild(dir, p, limits.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		paths []string
		want  []bool // /account, /products/:id()
	}{
		{nil, []bool{false, false}},
		{[]string{"/products/1"}, []bool{false, true}},
		{[]string{"/products/1/2", "/product/1"}, []bool{false, false}},
		{[]string{"/account/", "/products/x/"}, []bool{true, true}},
	} {
		if got := generator.Covered(b.OnDemand, c.paths); !slices.Equal(got, c.want) {
			t.Errorf("covered by %q: %v, want %v", c.paths, got, c.want)
		}
	}
}
