package generator

import (
	"fmt"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// MaxURLBytes is the longest URL path a permalink rule is expanded to
// (Hugo's, Jekyll's, Pelican's and Eleventy's patterns): a URL is at
// most 2,048 characters where browsers and search engines take it. A
// rule that draws a long value many times (:slug a hundred times, a
// slug of 1 MB) stops there, and the page gets no URL from it: such
// expansions took all memory before (issue 99).
const MaxURLBytes = 2048

// LongURL is the reason a page has no URL from its permalink rule: the
// expansion of Rule, as written, went past MaxURLBytes.
type LongURL struct {
	Rule string
}

func (e *LongURL) Error() string {
	return fmt.Sprintf("the permalink \"%s\" expands past %d bytes, longer than a URL may be; the page gets no URL from it", diag.Excerpt(e.Rule), MaxURLBytes)
}

// A Refuser is a Preset whose URLPath may give a page no URL for a
// reason a build must say: a permalink that expands past MaxURLBytes.
type Refuser interface {
	// URLPathWhy is URLPath, with that reason when it is why p has no
	// URL, else nil.
	URLPathWhy(p Page) (path string, ok bool, why error)
}

// URLPathWhy is p's URLPath, with the reason it has none when pr is a
// Refuser that says it.
func URLPathWhy(pr Preset, p Page) (string, bool, error) {
	if r, ok := pr.(Refuser); ok {
		return r.URLPathWhy(p)
	}
	u, ok := pr.URLPath(p)
	return u, ok, nil
}
