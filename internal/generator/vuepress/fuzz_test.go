package vuepress

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsfuzz"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// FuzzProject checks VuePress's reader of .vuepress/config (see package
// jsfuzz).
func FuzzProject(f *testing.F) {
	jsfuzz.Fuzz(f, func(data []byte) []jsfuzz.Read {
		p := project("docs", "a.js", data, limits.Default)
		return []jsfuzz.Read{{BaseURL: p.BaseURL, Notes: p.Notes}}
	})
}
