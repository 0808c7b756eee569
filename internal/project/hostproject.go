package project

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
)

// HostProjectEnv is the environment variable through which a generator's
// own build tells sitemapgen what its configuration resolved to. The npm
// integrations (sitemapgen/astro, sitemapgen/eleventy,
// sitemapgen/docusaurus) set it for the run they start. What it says
// counts as the generator's configuration, in the same place in the
// precedence as what sitemapgen reads from the configuration file:
// below --base-url, SITEMAP_BASE_URL, sitemap.yaml and the platform's
// production URL. It replaces that reading, which cannot run the file's
// code (process.env, imports). It is not a setting for the user.
const HostProjectEnv = "SITEMAPGEN_HOST_PROJECT"

// hostProject is the JSON object of HostProjectEnv.
type hostProject struct {
	// Generator is the generator.Detected's name ("astro"), and Title is
	// its title ("Astro").
	Generator string `json:"generator"`
	Title     string `json:"title"`
	// PublishDir is the folder the generator built into, relative to the
	// project folder or absolute.
	PublishDir string `json:"publishDir"`
	// BaseURL is the site's absolute URL with its base path, or "" when
	// the configuration has none. From says what gave it ("Astro's site
	// + base").
	BaseURL string `json:"baseURL"`
	From    string `json:"from"`
	// TrailingSlash is "always", "never" or "", as generator.Detected's.
	TrailingSlash string `json:"trailingSlash"`
}

// readHostProject decodes HostProjectEnv's value. It returns nil when
// the variable is unset.
func readHostProject(s string) (*hostProject, error) {
	if s == "" {
		return nil, nil
	}
	d := json.NewDecoder(bytes.NewReader([]byte(s)))
	d.DisallowUnknownFields()
	var h hostProject
	if err := d.Decode(&h); err != nil {
		return nil, fmt.Errorf("%s: %w", HostProjectEnv, err)
	}
	if h.Generator == "" || h.Title == "" {
		return nil, fmt.Errorf("%s: generator and title are required", HostProjectEnv)
	}
	if _, ok := registry.Lookup(h.Generator); !ok {
		return nil, fmt.Errorf("%s: generator %q is none of %s", HostProjectEnv, h.Generator, registry.Titles("or"))
	}
	switch h.TrailingSlash {
	case "", "always", "never":
	default:
		return nil, fmt.Errorf("%s: trailingSlash %q is not always, never or empty", HostProjectEnv, h.TrailingSlash)
	}
	return &h, nil
}

// over lays h over the generators Detect found; err is Detect's error.
// The generator named by h takes each of h's publish folder, base URL
// and URL form that h gives. When none was found, or the configuration
// files could not be read, h is the generator. over returns the
// generators and the error that remains. That error is only a warning
// once h stands for the generator.
func (h *hostProject) over(found []generator.Detected, err error) ([]generator.Detected, error) {
	for i := range found {
		if found[i].Name() == h.Generator && err == nil {
			h.apply(&found[i])
			return found, nil
		}
	}
	// package.json is the npm project's, which installed the
	// integration.
	g := generator.Detected{File: "package.json"}
	g.Gen, _ = registry.Lookup(h.Generator)
	h.apply(&g)
	return []generator.Detected{g}, err
}

// apply sets in g what h gives.
func (h *hostProject) apply(g *generator.Detected) {
	if h.PublishDir != "" {
		g.PublishDir = filepath.ToSlash(filepath.Clean(h.PublishDir))
	}
	if h.BaseURL != "" {
		g.BaseURL, g.BaseURLFrom, g.BasePath = h.BaseURL, h.From, ""
	}
	if h.TrailingSlash != "" {
		g.Form.TrailingSlash = h.TrailingSlash
	}
}
