package nuxt

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsfuzz"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// FuzzProject checks Nuxt's reader of nuxt.config.ts (see package
// jsfuzz).
func FuzzProject(f *testing.F) {
	jsfuzz.Fuzz(f, func(data []byte) []jsfuzz.Read {
		p := project("a.js", data, func(string) (string, bool) { return "", false }, limits.Default)
		return []jsfuzz.Read{{BaseURL: p.BaseURL, Notes: p.Notes}}
	})
}
