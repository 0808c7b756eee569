package host

import (
	"regexp"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// netlifySitemapPackages are the names @netlify/plugin-sitemap is
// installed by: its package, and its name in Netlify's plugin directory.
var netlifySitemapPackages = []string{"@netlify/plugin-sitemap", "netlify-plugin-sitemap"}

// PluginInputs are the inputs netlify.toml gives a plugin, each at its
// line of netlify.toml.
type PluginInputs struct {
	// Line is the line that names the plugin.
	Line   int
	Inputs []PluginInput
}

// PluginInput is one input of a plugin, its value as the peer package
// takes it (numbers as float64).
type PluginInput struct {
	Name  string
	Value any
	Line  int
}

// NetlifySitemapPlugin returns the inputs netlify.toml in dir gives
// @netlify/plugin-sitemap ([[plugins]] package = "@netlify/plugin-sitemap"
// and its [plugins.inputs]), for sitemapgen init: those named in known
// first, in its order (the plugin's documentation's), then the others by
// name; nil when netlify.toml names no such plugin. A netlify.toml that
// cannot be read is a warning.
func NetlifySitemapPlugin(dir string, lim limits.Limits, known []string) (*PluginInputs, []error) {
	lim = lim.Or()
	_, path, data, errs, err := readFirst("netlify.toml", []string{dir}, lim)
	if err != nil {
		return nil, []error{err}
	}
	if errs != nil || path == "" {
		return nil, errs
	}
	n := parseNetlify(lim, path, data)
	if err := n.problemThen("its plugins are not read"); err != nil {
		return nil, []error{err}
	}
	var plugins []struct {
		Package string         `toml:"package"`
		Inputs  map[string]any `toml:"inputs"`
	}
	if _, err := n.table("plugins", &plugins, "its plugins are not read"); err != nil {
		return nil, []error{err}
	}
	for _, p := range plugins {
		if !slices.Contains(netlifySitemapPackages, p.Package) {
			continue
		}
		c := &PluginInputs{Line: lineOf(data, netlifySitemapRE())}
		names := slices.Clone(known)
		for name := range p.Inputs {
			if !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
		slices.SortStableFunc(names[len(known):], strings.Compare)
		for _, name := range names {
			if v, ok := p.Inputs[name]; ok {
				re := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(name) + `\s*=`)
				c.Inputs = append(c.Inputs, PluginInput{Name: name, Value: tomlValue(v), Line: lineOf(data, re)})
			}
		}
		return c, nil
	}
	return nil, nil
}

// netlifySitemapRE finds the line that names the plugin.
var netlifySitemapRE = lazyre.MustCompile(`package\s*=\s*["'](?:@netlify/plugin-sitemap|netlify-plugin-sitemap)["']`)

// tomlValue is a TOML value as the peer package takes it: numbers as
// float64.
func tomlValue(v any) any {
	switch v := v.(type) {
	case int64:
		return float64(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = tomlValue(x)
		}
		return out
	case []map[string]any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = tomlValue(x)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = tomlValue(x)
		}
		return out
	}
	return v
}
