// Package srcpath holds what the generators that route pages from files
// share about the paths of those files.
package srcpath

import "regexp"

// Dynamic matches a path element that is a route parameter: [slug],
// [...slug], [[...slug]] (Astro, Next.js, SvelteKit).
var Dynamic = regexp.MustCompile(`\[.*\]`)
