package rspress

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsfuzz"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// FuzzProject checks Rspress's reader of rspress.config (see package
// jsfuzz).
func FuzzProject(f *testing.F) {
	jsfuzz.Fuzz(f, func(data []byte) []jsfuzz.Read {
		p := project("a.js", data, limits.Default, nil)
		return []jsfuzz.Read{{BaseURL: p.BaseURL, Notes: p.Notes}}
	})
}
