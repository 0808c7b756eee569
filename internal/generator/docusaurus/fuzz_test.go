package docusaurus

import (
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jsfuzz"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// FuzzProject checks Docusaurus' reader of docusaurus.config (see
// package jsfuzz).
func FuzzProject(f *testing.F) {
	jsfuzz.Fuzz(f, func(data []byte) []jsfuzz.Read {
		p, _ := project("a.js", data, []string{"2.0", "1.0"}, limits.Default)
		return []jsfuzz.Read{{BaseURL: p.BaseURL, Notes: p.Notes}}
	})
}
