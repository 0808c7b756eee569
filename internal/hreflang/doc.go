// Package hreflang checks hreflang clusters: each language code, and the
// links among a set of pages, as Google reads them: every page in its
// own cluster, every alternate listing the page back, one x-default at
// most, one URL a language. Which pages are in the set, and why one is
// not, is the caller's: the build's listed pages, or the URLs of the
// sitemaps validate reads.
//
// Each code must be valid BCP 47 (golang.org/x/text/language), with a
// suggestion for the common mistakes. In the build the set is judged by
// hreflangPass in package pipeline; validate judges it with checkClusters,
// over the URLs of the sitemaps it reads.
package hreflang
