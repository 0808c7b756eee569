// Package sitemaptest holds the tests' helpers for sitemap output: the
// check every sitemap a test writes is held to (Validate, MustValidate:
// the official schemas in the repository's internal/sitemaptest/schemas with
// xmllint, and the protocol's rules beyond them, in Go), reading
// sitemaps back, and generated sites (GenSite, internal/sitegen) with
// their manifests. Everything it needs is in the repository.
//
// The package must not share code with internal/validate, which it is the
// yardstick of. [GenSite] and [BenchSite] make sites with internal/sitegen.
package sitemaptest
