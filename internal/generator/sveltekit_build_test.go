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

// svelteKitManifestModule is .svelte-kit/output/server/manifest.js as
// SvelteKit 2.70 writes it for adapter-node (the client's fields cut; the
// real build is internal/e2e/testdata/sveltekit-server), with a route
// whose id has a quote, and /docs/[page], prerender = 'auto': some of
// its pages prerendered, the others rendered on demand.
const svelteKitManifestModule = `export const manifest = (() => {
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

// TestReadSvelteKitBuild: a warning once for each route with a page that
// adapter-node's server renders on demand, none of whose URLs was
// prerendered; none for an endpoint or a route with pages prerendered
// (below the base path); nothing without a build.
func TestReadSvelteKitBuild(t *testing.T) {
	p := &Project{Generator: "sveltekit", PublishDir: "build/prerendered/shop", ServedDir: "build/client/shop", SvelteKitOut: ".svelte-kit", BasePath: "/shop/"}
	if w, err := ReadSvelteKitBuild(t.TempDir(), p, limits.Limits{}); err != nil || w != nil {
		t.Errorf("no build: %v, %v; want nothing", w, err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{".svelte-kit/output/server/manifest.js": svelteKitManifestModule})
	w, err := ReadSvelteKitBuild(dir, p, limits.Limits{})
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

// TestReadSvelteKitBuildRefused: a manifest that is none, linked out of
// the project, or past limits.page_bytes is an error naming it.
func TestReadSvelteKitBuildRefused(t *testing.T) {
	p := &Project{Generator: "sveltekit", SvelteKitOut: ".svelte-kit"}
	const name = ".svelte-kit/output/server/manifest.js"
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{name: "export const manifest = {};"})
	if _, err := ReadSvelteKitBuild(dir, p, limits.Limits{}); err == nil || !strings.HasPrefix(err.Error(), name+": not a manifest of SvelteKit: no routes") {
		t.Errorf("no routes: %v", err)
	}
	writeFiles(t, dir, map[string]string{name: "routes: [], prerendered_routes: new Set([nope])"})
	if _, err := ReadSvelteKitBuild(dir, p, limits.Limits{}); err == nil || !strings.HasPrefix(err.Error(), name+": not a manifest of SvelteKit: prerendered_routes: ") {
		t.Errorf("prerendered_routes not JSON: %v", err)
	}

	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{"manifest.js": svelteKitManifestModule})
	dir = t.TempDir()
	writeFiles(t, dir, map[string]string{".svelte-kit/output/server/index.js": "export {}"})
	if err := os.Symlink(filepath.Join(outside, "manifest.js"), filepath.Join(dir, filepath.FromSlash(name))); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSvelteKitBuild(dir, p, limits.Limits{}); !errors.Is(err, fsx.ErrOutside) {
		t.Errorf("a manifest linked out of the project: %v, want %v", err, fsx.ErrOutside)
	}

	dir = t.TempDir()
	writeFiles(t, dir, map[string]string{name: svelteKitManifestModule})
	if _, err := ReadSvelteKitBuild(dir, p, limits.Limits{PageBytes: 100}); !errors.Is(err, fsx.ErrTooLarge) || !strings.Contains(err.Error(), "limits.page_bytes") {
		t.Errorf("a manifest past limits.page_bytes: %v", err)
	}
}
