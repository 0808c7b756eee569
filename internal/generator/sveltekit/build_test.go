package sveltekit_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/sveltekit"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// manifestModule is .svelte-kit/output/server/manifest.js as
// SvelteKit 2.70 writes it for adapter-node (the client's fields cut; the
// real build is internal/e2e/testdata/sveltekit-server), with a route
// whose id has a quote, and /docs/[page], prerender = 'auto': some of
// its pages prerendered, the others rendered on demand.
const manifestModule = `export const manifest = (() => {
function __memo(fn) {
	let value;
	return () => value ??= (value = fn());
}

return {
	appDir: "_app",
	appPath: "shop/_app",
	assets: new Set(["robots.txt"]),
	_: {
		nodes: [
			__memo(() => import('./nodes/0.js')),
		],
		routes: [
			{
				id: "/account",
				pattern: /^\/account\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 2 },
				endpoint: null
			},
			{
				id: "/api/search",
				pattern: /^\/api\/search\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/search/_server.js'))
			},
			{
				id: "/docs/[page]",
				pattern: /^\/docs\/([^/]+?)\/?$/,
				params: [{"name":"page","optional":false,"rest":false,"chained":false}],
				page: { layouts: [0,], errors: [1,], leaf: 4 },
				endpoint: null
			},
			{
				id: "/products/[id]",
				pattern: /^\/products\/([^/]+?)\/?$/,
				params: [{"name":"id","optional":false,"rest":false,"chained":false}],
				page: { layouts: [0,], errors: [1,], leaf: 3 },
				endpoint: null
			},
			{
				id: "/say-\"hi\"",
				pattern: /^\/say-"hi"\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 5 },
				endpoint: null
			}
		],
		prerendered_routes: new Set(["/shop/","/shop/about","/shop/docs/intro"]),
		matchers: async () => {
			return {  };
		},
		server_assets: {}
	}
}
})();
`

// TestReadServerBuild: a warning once for each route with a page that
// adapter-node's server renders on demand, none of whose URLs was
// prerendered; none for an endpoint or a route with pages prerendered
// (below the base path); nothing without a build.
func TestReadServerBuild(t *testing.T) {
	p := &Detected{PublishDir: "build/prerendered/shop", ServedDir: "build/client/shop", Own: sveltekit.Server{Out: ".svelte-kit"}, BasePath: "/shop/"}
	if w, err := readBuild(t.TempDir(), p, limits.Limits{}); err != nil || w != nil {
		t.Errorf("no build: %v, %v; want nothing", w, err)
	}
	dir := t.TempDir()
	buildtest.WriteSite(t, dir, map[string]string{".svelte-kit/output/server/manifest.js": manifestModule})
	w, err := readBuild(dir, p, limits.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range w {
		got = append(got, d.Error())
	}
	const at, hint = ".svelte-kit/output/server/manifest.js: ", "\nhint: give its URLs in a file named by --extra-urls"
	want := []string{
		at + "/account is rendered on each request, not prerendered: it has no page to read, and is not listed" + hint,
		at + "/products/[id] is rendered on demand and has no page prerendered: the sitemap lists no URL of it" + hint,
		at + `/say-"hi" is rendered on each request, not prerendered: it has no page to read, and is not listed` + hint,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestReadServerBuildRefused: a manifest that is none, linked out of
// the project, or past limits.page_bytes or (its routes)
// limits.settings_bytes is an error naming it.
func TestReadServerBuildRefused(t *testing.T) {
	p := &Detected{Own: sveltekit.Server{Out: ".svelte-kit"}}
	const name = ".svelte-kit/output/server/manifest.js"
	dir := t.TempDir()
	buildtest.WriteSite(t, dir, map[string]string{name: "export const manifest = {};"})
	if _, err := readBuild(dir, p, limits.Limits{}); err == nil || !strings.HasPrefix(err.Error(), name+": not a manifest of SvelteKit: no routes") {
		t.Errorf("no routes: %v", err)
	}
	buildtest.WriteSite(t, dir, map[string]string{name: "routes: [], prerendered_routes: new Set([nope])"})
	if _, err := readBuild(dir, p, limits.Limits{}); err == nil || !strings.HasPrefix(err.Error(), name+": not a manifest of SvelteKit: prerendered_routes: ") {
		t.Errorf("prerendered_routes not JSON: %v", err)
	}

	outside := t.TempDir()
	buildtest.WriteSite(t, outside, map[string]string{"manifest.js": manifestModule})
	dir = t.TempDir()
	buildtest.WriteSite(t, dir, map[string]string{".svelte-kit/output/server/index.js": "export {}"})
	if err := os.Symlink(filepath.Join(outside, "manifest.js"), filepath.Join(dir, filepath.FromSlash(name))); err != nil {
		t.Fatal(err)
	}
	if _, err := readBuild(dir, p, limits.Limits{}); !errors.Is(err, fsx.ErrOutside) {
		t.Errorf("a manifest linked out of the project: %v, want %v", err, fsx.ErrOutside)
	}

	dir = t.TempDir()
	buildtest.WriteSite(t, dir, map[string]string{name: manifestModule})
	if _, err := readBuild(dir, p, limits.Limits{PageBytes: 100}); !errors.Is(err, fsx.ErrTooLarge) || !strings.Contains(err.Error(), "limits.page_bytes") {
		t.Errorf("a manifest past limits.page_bytes: %v", err)
	}
	if _, err := readBuild(dir, p, limits.Limits{SettingsBytes: 100}); !errors.Is(err, fsx.ErrTooLarge) || !strings.HasPrefix(err.Error(), name+": larger than 100 bytes (limits.settings_bytes)") {
		t.Errorf("a manifest past limits.settings_bytes: %v", err)
	}
}

// readBuild reads the build of p in dir as the pipeline asks for it: the
// warnings of the routes rendered on demand.
func readBuild(dir string, p *Detected, lim limits.Limits) ([]*diag.Diagnostic, error) {
	b, err := sveltekit.Generator{}.ReadServerBuild(dir, p, lim)
	if b == nil || err != nil {
		return nil, err
	}
	if want := ".svelte-kit/output/server/manifest.js"; b.Input != want {
		return nil, fmt.Errorf("input %q, want %q", b.Input, want)
	}
	var all []*diag.Diagnostic
	for _, r := range b.OnDemand {
		all = append(all, r.Warning)
	}
	return append(all, b.Warnings...), nil
}
