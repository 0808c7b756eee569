package next

import (
	"regexp"
	"testing"
)

// TestRouteRegexp: the pattern of a route's URL paths, as Next.js's
// router matches them: a parameter one element, a catch-all one or
// more, an optional catch-all none or more, a final slash or not; what
// is not a parameter is matched as written.
func TestRouteRegexp(t *testing.T) {
	for route, paths := range map[string]map[string]bool{
		"/products/[id]":    {"/products/1": true, "/products/1/": true, "/products/": false, "/products": false, "/products/1/2": false, "/productsx/1": false},
		"/blog/[...slug]":   {"/blog/a": true, "/blog/a/b/": true, "/blog/": false, "/blog": false},
		"/docs/[[...slug]]": {"/docs": true, "/docs/": true, "/docs/a/b": true, "/doc": false, "/docsa": false},
		"/":                 {"/": true, "/a": false},
		"/a.b/[x]":          {"/a.b/1": true, "/axb/1": false},
	} {
		re := regexp.MustCompile(routeRegexp(route))
		for p, want := range paths {
			if re.MatchString(p) != want {
				t.Errorf("%s (%s) matches %s: %v, want %v", route, re, p, !want, want)
			}
		}
	}
}
