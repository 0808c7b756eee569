package astro

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// manifestModule is build.server/manifest_HASH.mjs as Astro 5.18
// writes it with the Node adapter (the routes cut to the fields read; the
// real build is internal/e2e/testdata/astro-server): its own routes, the
// prerendered pages, a page and a dynamic route rendered on demand, an
// endpoint, a redirect, and a 404 page rendered on demand.
const manifestModule = `import 'piccolore';
function deserializeManifest(serializedManifest) {
  return { ...serializedManifest };
}

const manifest = deserializeManifest({"adapterName":"@astrojs/node","routes":[
{"file":"","routeData":{"type":"page","component":"_server-islands.astro","route":"/_server-islands/[name]","prerender":false,"origin":"internal"}},
{"file":"about/index.html","routeData":{"route":"/about","type":"page","component":"src/pages/about.astro","pathname":"/about","prerender":true,"origin":"project"}},
{"file":"","routeData":{"type":"endpoint","route":"/_image/","component":"node_modules/astro/dist/assets/endpoint/node.js","prerender":false,"origin":"internal"}},
{"file":"","routeData":{"route":"/account","type":"page","component":"src/pages/account.astro","pathname":"/account","prerender":false,"origin":"project"}},
{"file":"","routeData":{"route":"/api/search.json","type":"endpoint","component":"src/pages/api/search.json.ts","prerender":false,"origin":"project"}},
{"file":"","routeData":{"type":"redirect","route":"/old","component":"/old","prerender":false,"redirect":"/about/","origin":"project"}},
{"file":"","routeData":{"route":"/products/[id]","type":"page","component":"src/pages/products/[id].astro","prerender":false,"origin":"project"}},
{"file":"","routeData":{"route":"/404","type":"page","component":"src/pages/404.astro","prerender":false,"origin":"project"}}
],"site":"https://example.com","base":"/"});

export { manifest };
`

// TestReadServerBuild: the route of each page of one URL an Astro server
// build renders on demand (/account), to be listed; a warning once for
// each dynamic one, at the manifest, naming its component; none for the
// prerendered pages, the endpoints, the redirects, the error pages and
// Astro's own routes; the newest manifest when a build left others;
// nothing without a build.
func TestReadBuild(t *testing.T) {
	p := &generator.Detected{PublishDir: "dist/client", Own: Own{Server: "dist/server"}}
	if w, r, _, err := readBuildOf(t.TempDir(), p, limits.Limits{}); err != nil || w != nil || r != nil {
		t.Errorf("no build: %v, %v, %v; want nothing", w, r, err)
	}

	dir := t.TempDir()
	buildtest.WriteSite(t, dir, map[string]string{
		"dist/server/manifest_old.mjs": strings.ReplaceAll(manifestModule, "/account", "/stale"),
		"dist/server/manifest_new.mjs": manifestModule,
		"dist/server/entry.mjs":        "export {}",
	})
	old := filepath.Join(dir, "dist/server/manifest_old.mjs")
	long := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(old, long, long); err != nil {
		t.Fatal(err)
	}
	w, routes, name, err := readBuildOf(dir, p, limits.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"/account"}; !slices.Equal(routes, want) || name != "dist/server/manifest_new.mjs" {
		t.Errorf("routes %q of %s, want %q of dist/server/manifest_new.mjs", routes, name, want)
	}
	var got []string
	for _, r := range w {
		got = append(got, r.Warning.Error(), r.Pattern)
	}
	want := []string{
		"dist/server/manifest_new.mjs: /products/[id] (src/pages/products/[id].astro) is rendered on demand and has no page prerendered: the sitemap lists no URL of it\nhint: give its URLs in a file named by --extra-urls",
		`^/products/[^/]+/?$`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestReadServerBuildRefused: a manifest that is none, linked out of the
// project, or past limits.page_bytes is an error naming it.
func TestReadServerBuildRefused(t *testing.T) {
	p := &generator.Detected{PublishDir: "dist/client", Own: Own{Server: "dist/server"}}
	for _, tc := range []struct {
		name, content, want string
	}{
		{"no call", "export const manifest = {};", "dist/server/manifest_x.mjs: not a manifest of Astro 5: no deserializeManifest call"},
		{"not JSON", "const manifest = deserializeManifest({routes: [", "dist/server/manifest_x.mjs: not a manifest of Astro 5: "},
	} {
		dir := t.TempDir()
		buildtest.WriteSite(t, dir, map[string]string{"dist/server/manifest_x.mjs": tc.content})
		_, _, _, err := readBuildOf(dir, p, limits.Limits{})
		var d *diag.Diagnostic
		if !errors.As(err, &d) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}

	outside := t.TempDir()
	buildtest.WriteSite(t, outside, map[string]string{"manifest_x.mjs": manifestModule})
	dir := t.TempDir()
	buildtest.WriteSite(t, dir, map[string]string{"dist/server/entry.mjs": "export {}"})
	if err := os.Symlink(filepath.Join(outside, "manifest_x.mjs"), filepath.Join(dir, "dist/server/manifest_x.mjs")); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := readBuildOf(dir, p, limits.Limits{}); !errors.Is(err, fsx.ErrOutside) {
		t.Errorf("a manifest linked out of the project: %v, want %v", err, fsx.ErrOutside)
	}

	dir = t.TempDir()
	buildtest.WriteSite(t, dir, map[string]string{"dist/server/manifest_x.mjs": manifestModule})
	if _, _, _, err := readBuildOf(dir, p, limits.Limits{PageBytes: 100}); !errors.Is(err, fsx.ErrTooLarge) || !strings.Contains(err.Error(), "limits.page_bytes") {
		t.Errorf("a manifest past limits.page_bytes: %v", err)
	}
}

// readBuildOf reads the build of p, a project with a Server, in dir.
func readBuildOf(dir string, p *generator.Detected, lim limits.Limits) ([]generator.OnDemandRoute, []string, string, error) {
	return readBuild(dir, p.Own.(Own).Server, lim)
}

// TestRoutePattern: the URL paths of an Astro route, a parameter a part
// of one path element, a rest parameter any number of elements.
func TestRoutePattern(t *testing.T) {
	for _, c := range []struct {
		route    string
		match    []string
		notMatch []string
	}{
		{"/products/[id]", []string{"/products/1", "/products/1/"}, []string{"/products", "/products/1/2", "/other/1"}},
		{"/posts/[slug]-[id]", []string{"/posts/a-1/"}, []string{"/posts/a", "/posts/a-1/b"}},
		{"/docs/[...path]", []string{"/docs", "/docs/", "/docs/a", "/docs/a/b/"}, []string{"/doc", "/other/a"}},
		{"/[lang]/about", []string{"/en/about/"}, []string{"/about", "/en/fr/about"}},
		{"/a.b/[x]", []string{"/a.b/1"}, []string{"/aXb/1"}},
	} {
		re := regexp.MustCompile(routePattern(c.route))
		for _, p := range c.match {
			if !re.MatchString(p) {
				t.Errorf("%s (%s) does not match %s", c.route, re, p)
			}
		}
		for _, p := range c.notMatch {
			if re.MatchString(p) {
				t.Errorf("%s (%s) matches %s", c.route, re, p)
			}
		}
	}
}
