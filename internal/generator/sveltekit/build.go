package sveltekit

// A SvelteKit build by a server adapter (adapter-node): the pages it
// prerendered are files, the routes it renders on demand are in the
// manifest SvelteKit writes for the adapter.

import (
	"encoding/json"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/serverbuild"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// manifestFile is the module SvelteKit writes, below kit.outDir,
// for the adapter: the routes its server renders (those not prerendered
// whole) and the paths prerendered.
const manifestFile = "output/server/manifest.js"

// manifestRoute matches a route of the manifest's routes list, as
// SvelteKit 2 writes it: its id (a JSON string), its pattern (a
// JavaScript regular expression literal) and whether it has a page
// (page: { ... }) or is an endpoint only (page: null).
var manifestRoute = lazyre.MustCompile(`(?s)\{\s*id:\s*("(?:[^"\\]|\\.)*"),\s*pattern:\s*/(.*?)/[a-z]*,\s*params:.*?page:\s*(null|\{)`)

// manifestPrerendered matches the manifest's prerendered_routes, a Set
// of paths (a JSON array of strings).
var manifestPrerendered = lazyre.MustCompile(`prerendered_routes:\s*new Set\((\[[^\]]*\])\)`)

// ReadServerBuild reads, for a project built by adapter-node (Own a
// [Server]), the routes rendered on demand (see [readBuild]); nil for
// one built by adapter-static.
func (Generator) ReadServerBuild(dir string, p *generator.Detected, lim limits.Limits) (*generator.ServerBuild, error) {
	s, ok := p.Own.(Server)
	if !ok {
		return nil, nil
	}
	od, w, err := readBuild(dir, s.Out, p.BasePath, lim)
	if err != nil {
		return nil, err
	}
	return &generator.ServerBuild{What: "SvelteKit's adapter-node", OnDemand: od, Warnings: w, Input: s.Out + "/" + manifestFile}, nil
}

// readBuild reads the manifest of the SvelteKit build in the project
// folder dir (its output folder, kit.outDir, is out; its base path
// basePath), through the one door (inside dir, at most lim.PageBytes,
// limits.page_bytes, then lim.SettingsBytes, limits.settings_bytes, as
// the records of Next.js's and Astro's server builds):
// kit.outDir/output/server/manifest.js, the routes the adapter's server
// renders and the paths prerendered. It returns each route with a page
// that is rendered on demand, with its warning at the manifest (no file
// of the build shows its URLs) and its pattern, and the warnings of the
// build. A route none of whose URLs was prerendered is
// named; one with some prerendered (prerender = 'auto') is not, its
// prerendered pages being listed. Endpoints are no pages. No manifest
// (the project is not built): no warning.
func readBuild(dir, out, basePath string, lim limits.Limits) ([]generator.OnDemandRoute, []*diag.Diagnostic, error) {
	lim = lim.Or()
	name := path.Join(out, manifestFile)
	data, err := fsx.ReadFile(dir, name, lim.PageBytes, "limits.page_bytes")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err == nil {
		// Its routes are tried on its prerendered paths: held to the
		// size of the other records of a server build.
		err = lim.Check(name, data, limits.Text)
	}
	if err != nil {
		return nil, nil, err
	}
	var prerendered []string
	if m := manifestPrerendered().FindSubmatch(data); m != nil {
		if err := json.Unmarshal(m[1], &prerendered); err != nil {
			return nil, nil, &diag.Diagnostic{File: name, Msg: "not a manifest of SvelteKit: prerendered_routes: " + err.Error(), Err: err}
		}
	}
	routes := manifestRoute().FindAllSubmatch(data, -1)
	if routes == nil && !strings.Contains(string(data), "routes: [") {
		return nil, nil, &diag.Diagnostic{File: name, Msg: "not a manifest of SvelteKit: no routes; the routes rendered on demand are not known"}
	}
	// The paths below the base path, as the routes' patterns match them.
	base := strings.TrimSuffix(basePath, "/")
	var paths []string
	for _, p := range prerendered {
		if rest, ok := strings.CutPrefix(p, base); ok {
			paths = append(paths, rest)
		}
	}
	var ids, patterns []string
	for _, m := range routes {
		id, err := strconv.Unquote(string(m[1]))
		if err != nil || string(m[3]) == "null" {
			continue
		}
		ids, patterns = append(ids, id), append(patterns, string(m[2]))
	}
	matched := serverbuild.Prerendered(patterns, paths)
	var onDemand []string
	patternOf := map[string]string{}
	for i, id := range ids {
		if matched.OnDemand(i) {
			onDemand = append(onDemand, id)
			patternOf[id] = patterns[i]
		}
	}
	slices.Sort(onDemand)
	var onDemandRoutes []generator.OnDemandRoute
	var warnings []*diag.Diagnostic
	for _, id := range slices.Compact(onDemand) {
		onDemandRoutes = append(onDemandRoutes, generator.OnDemandRoute{
			Warning: serverbuild.OnDemand(name, diag.Excerpt(id), srcpath.Dynamic().MatchString(id)),
			Pattern: patternOf[id], // the paths below the base path, as the extra URLs' are below the base URL
		})
	}
	if w := matched.Warning(name); w != nil {
		warnings = append(warnings, w)
	}
	return onDemandRoutes, warnings, nil
}
