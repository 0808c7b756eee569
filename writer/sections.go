package writer

import (
	"fmt"
	"strings"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// CheckSectionName returns an error unless name may name a section
// ([Options.Sections]): a lowercase letter, then up to 63 lowercase
// letters, digits, "-" and "_", so that sitemap-NAME-N-HASH.xml is a
// plain URL path segment; not "index" nor beginning "index-", which the
// further index files' names (sitemap-index-N.xml) begin with.
func CheckSectionName(name string) error {
	if !isSectionName(name) {
		return fmt.Errorf("section name %q: want a lowercase letter, then up to 63 lowercase letters, digits, - and _", name)
	}
	if name == "index" || strings.HasPrefix(name, "index-") {
		return fmt.Errorf("section name %q: names sitemap-index-N.xml take; choose another", name)
	}
	return nil
}

// grouping is the URLs of a Write with sections, section by section in
// the order of Options.Sections, then those of none, each group in the
// URLs' order. It implements sitemap.URLs.
type grouping struct {
	urls  sitemap.URLs
	order []int32 // indexes into urls
	ends  []int   // the end in order of each group, the last none's
}

// groupURLs groups urls by the sections section gives them (see
// Options.Section), n sections.
func groupURLs(urls sitemap.URLs, n int, section func(i int) int) *grouping {
	g := &grouping{urls: urls, order: make([]int32, urls.Len()), ends: make([]int, n+1)}
	groups := make([]int32, urls.Len())
	for i := range groups {
		k := n // none
		if section != nil {
			if s := section(i); s >= 1 && s <= n {
				k = s - 1
			}
		}
		groups[i] = int32(k)
		g.ends[k]++
	}
	start := make([]int, n+1)
	for k := 1; k <= n; k++ {
		g.ends[k] += g.ends[k-1]
		start[k] = g.ends[k-1]
	}
	for i, k := range groups {
		g.order[start[k]] = int32(i)
		start[k]++
	}
	return g
}

func (g *grouping) Len() int             { return len(g.order) }
func (g *grouping) At(i int) sitemap.URL { return g.urls.At(int(g.order[i])) }

// sorted returns the place in the URLs' own order of the URL at i, which
// is i itself without sections (g nil).
func (g *grouping) sorted(i int) int {
	if g == nil {
		return i
	}
	return int(g.order[i])
}

// enter tells the chunker c that the URL at i comes next: where a group
// ends, c's file ends too, and the next is of the URL's group. Without
// sections (g nil) it does nothing.
func (g *grouping) enter(c *chunker, i int) error {
	if g == nil {
		return nil
	}
	k := c.group
	for k < len(g.ends)-1 && i >= g.ends[k] {
		k++
	}
	if k == c.group {
		return nil
	}
	c.group = k
	return c.finish()
}
