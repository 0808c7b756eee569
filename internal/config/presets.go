package config

import (
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
)

// Presets are the values of preset: the generators whose URLs sitemapgen
// can compute from source files, as the registry lists them.
var Presets = registry.ContentPresets()

// orList is names as a sentence lists them: "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
