// Package serverbuild holds what the readers of server builds share
// (Next.js's manifests, Astro's, SvelteKit's, Nuxt's router): the warning
// of a route rendered on demand, which no file of the build shows.
package serverbuild

import "github.com/sitemapgen/sitemapgen/internal/diag"

// OnDemand is the warning, at the build's record file, of a route it
// renders on demand with no page prerendered: what names it (its route,
// with its component where the record gives one); dynamic says it has
// parameters (a route of one URL is rendered on each request).
func OnDemand(file, what string, dynamic bool) *diag.Diagnostic {
	msg := what + " is rendered on each request, not prerendered: it has no page to read, and is not listed"
	if dynamic {
		msg = what + " is rendered on demand and has no page prerendered: the sitemap lists no URL of it"
	}
	return &diag.Diagnostic{File: file, Msg: msg, Hint: "give its URLs in a file named by --extra-urls"}
}
