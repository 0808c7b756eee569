package pipeline

import (
	"cmp"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/mapping"
)

// ErrAllSkipped is what a build that found pages but skipped every one
// returns: errors.Is finds it in the [*AllSkippedError] that says why.
var ErrAllSkipped = errors.New("every page found was skipped; nothing written")

// AllSkippedError is ErrAllSkipped with the reasons: Skipped counts the
// pages by reason. When at least half of them (Offsite) were left out for
// canonical links that imply one other base URL, Base, the error asks
// whether Base is the site's base URL: most likely the site was built
// for Base (hugo --baseURL on CI, a staging build) while the base URL
// came from elsewhere.
type AllSkippedError struct {
	Skipped map[mapping.Reason]int
	// Base is the base URL the canonical links of Offsite pages imply
	// ("https://owner.github.io/repo/"), BaseURL the one used; Base is ""
	// when no other base accounts for half the pages.
	Base, BaseURL string
	Offsite       int
}

func (e *AllSkippedError) Error() string {
	total := 0
	for _, n := range e.Skipped {
		total += n
	}
	if e.Base == "" {
		return fmt.Sprintf("every page found was skipped (%s); nothing written", reasons(e.Skipped))
	}
	if u, err := url.Parse(e.Base); err == nil && mapping.Loopback(u.Host) {
		return fmt.Sprintf("%d of %d pages skipped name a dev server (%s) in their canonical links: a sitemap of a dev server's output is not one to publish; build the site with its generator, or run sitemapgen watch beside the dev server (docs/watch.md); nothing written", e.Offsite, total, strings.TrimSuffix(e.Base, "/"))
	}
	links := "their canonical links are"
	if e.Offsite < total {
		links = fmt.Sprintf("%d canonical links are", e.Offsite)
	}
	return fmt.Sprintf("every page found was skipped (%s): %s under %s, not the base URL %s; is %s the base URL? (--base-url); nothing written",
		reasons(e.Skipped), links, e.Base, e.BaseURL, e.Base)
}

func (e *AllSkippedError) Is(target error) bool { return target == ErrAllSkipped }

// reasons says how many pages were skipped for each reason, the most
// common first, three at most: "6 canonical elsewhere, 2 noindex".
func reasons(skipped map[mapping.Reason]int) string {
	type count struct {
		r mapping.Reason
		n int
	}
	var counts []count
	for r, n := range skipped {
		if n > 0 {
			counts = append(counts, count{r, n})
		}
	}
	slices.SortFunc(counts, func(a, b count) int {
		return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.r, b.r))
	})
	var parts []string
	rest := 0
	for i, c := range counts {
		if i < 3 {
			parts = append(parts, fmt.Sprintf("%d %s", c.n, c.r))
		} else {
			rest += c.n
		}
	}
	if rest > 0 {
		parts = append(parts, fmt.Sprintf("%d for other reasons", rest))
	}
	return strings.Join(parts, ", ")
}

// allSkipped returns the AllSkippedError of a build whose pages were all
// skipped.
func (b *builder) allSkipped() error {
	e := &AllSkippedError{Skipped: b.res.Skipped, BaseURL: b.mapper.BaseURL()}
	total := 0
	for _, n := range b.res.Skipped {
		total += n
	}
	if b.bases != nil {
		if base, n := b.bases.top(); base != "" && base != e.BaseURL && 2*n >= total {
			e.Base, e.Offsite = base, n
		}
	}
	return e
}

// canonicalBases counts the pages skipped for a canonical link elsewhere
// by the base URL each link implies.
type canonicalBases struct {
	n map[string]int
}

// add counts the base URL implied by the canonical link canon of the page
// at loc, under the base URL base: when canon ends with the page's path
// below base (about/ of https://example.org/about/), what comes before it
// (https://owner.github.io/repo/ of https://owner.github.io/repo/about/);
// else, for a link on another host (offsite), canon's origin.
func (c *canonicalBases) add(base, loc, canon string, offsite bool) {
	u, err := url.Parse(canon)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return
	}
	origin := u.Scheme + "://" + u.Host + "/"
	implied := ""
	if offsite {
		implied = origin
	}
	if rel, ok := strings.CutPrefix(loc, base); ok && u.RawQuery == "" && u.Fragment == "" {
		r, l := strings.TrimSuffix(rel, "/"), strings.TrimSuffix(canon, "/")
		if prefix, ok := strings.CutSuffix(l, r); ok && (r == "" || strings.HasSuffix(prefix, "/")) {
			prefix = strings.TrimSuffix(prefix, "/") + "/"
			if len(prefix) >= len(origin) {
				implied = prefix
			}
		}
	}
	if implied == "" {
		return
	}
	if c.n == nil {
		c.n = make(map[string]int)
	}
	c.n[implied]++
}

// top returns the base URL the most pages imply, and their number.
func (c *canonicalBases) top() (string, int) {
	best, most := "", 0
	for base, n := range c.n {
		if n > most || n == most && base < best {
			best, most = base, n
		}
	}
	return best, most
}
