package pipeline

import (
	"cmp"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// ErrAllSkipped is what a build returns when it found pages but skipped
// every one by a mistake ([Deliberate] says which). errors.Is finds it
// in the [*AllSkippedError] that says why.
var ErrAllSkipped = errors.New("every page found was skipped; nothing written")

// A purpose says what leaving a page out for a reason means for a build
// that lists no page.
type purpose uint8

const (
	// mistake is a page that should be listed, left out by a setting or a
	// fault. Examples are a wrong base URL (its canonical links point
	// elsewhere, or its URL is outside the base URL), a link not
	// followed, a page nobody can read, and a URL too long for the
	// protocol. A URL dropped by the per-URL hook counts too: when every
	// URL is dropped, a hook that writes nothing back is more likely than
	// a site that wants no sitemap.
	mistake purpose = iota
	// asked is a page the site asks to keep out of search engines'
	// indexes, or out of the sitemap: noindex, X-Robots-Tag, a redirect,
	// an unpublished page (draft, future, expired), sitemap: false, or
	// robots.txt's Disallow.
	asked
	// notAPage is a file that no sitemap lists, whatever the site wants:
	// an error page, a go-import stub, a source file the generator makes
	// no page of, sitemapgen's own output, a second page at a listed URL,
	// or the output of a deleted source.
	notAPage
)

// purposes gives the purpose of every reason a page may be left out
// for. TestPurposes holds it to mapping.Reasons.
var purposes = map[mapping.Reason]purpose{
	mapping.ErrorPage:        notAPage,
	mapping.LocTooLong:       mistake,
	mapping.NoIndex:          asked,
	mapping.XRobotsTag:       asked,
	mapping.Redirect:         asked,
	mapping.NotCanonical:     mistake,
	mapping.CanonicalOffsite: mistake,
	mapping.Draft:            asked,
	mapping.Future:           asked,
	mapping.Expired:          asked,
	mapping.SitemapExcluded:  asked,
	mapping.GoImportStub:     notAPage,
	mapping.NotAPage:         notAPage,
	mapping.Fragment:         notAPage,
	mapping.OutsideBase:      mistake,
	mapping.NotFollowed:      mistake,
	mapping.OwnOutput:        notAPage,
	mapping.Unreadable:       mistake,
	mapping.Duplicate:        notAPage,
	mapping.RobotsTxt:        asked,
	mapping.StaleOutput:      notAPage,
	mapping.Transformed:      mistake,
}

// Deliberate reports whether a build that found pages and listed none
// left them out on purpose. skipped counts the pages by reason. The
// build was deliberate when no page was left out by a mistake, and at
// least one was left out because the site asks for it (noindex,
// X-Robots-Tag noindex, redirect, draft, future, expired, sitemap:
// false, robots.txt). The other pages must be files that no sitemap
// lists (an error page, a go-import stub, a file the generator makes no
// page of, a fragment of a page, sitemapgen's output, a duplicate URL,
// stale output). Such a build writes no sitemap, removes the one of an
// earlier run, and succeeds. A build fails with an [*AllSkippedError]
// when its pages were left out by a mistake (a canonical link elsewhere
// or on another host, a URL outside the base URL or too long, a
// symbolic link not followed, an unreadable page), or when it found
// error pages alone. This is the one rule. A reason it does not know
// counts as a mistake.
func Deliberate(skipped map[mapping.Reason]int) bool {
	askedFor := false
	for r, n := range skipped {
		if n == 0 {
			continue
		}
		switch purposes[r] {
		case mistake:
			return false
		case asked:
			askedFor = true
		}
	}
	return askedFor
}

// NoneListed is what a build did instead of writing sitemaps when every
// page was left out on purpose ([Deliberate]). It wrote none, and
// removed the set of an earlier run ([writer.Withdraw]).
type NoneListed struct {
	// Skipped counts every page found by reason, in a Session's rebuild
	// too.
	Skipped map[mapping.Reason]int
}

// What says why no page is listed, with the counts:
// "every page found is noindex (12 noindex, 1 error page)".
func (n *NoneListed) What() string {
	return fmt.Sprintf("every page found is %s (%s)", askedAs(n.Skipped), reasons(n.Skipped))
}

// askedKinds says, in a few words, what a page is when it is left out
// for each reason the site asks for. TestPurposes holds it to purposes.
var askedKinds = map[mapping.Reason]string{
	mapping.NoIndex:         "noindex",
	mapping.XRobotsTag:      "noindex",
	mapping.Redirect:        "a redirect",
	mapping.Draft:           "unpublished",
	mapping.Future:          "unpublished",
	mapping.Expired:         "unpublished",
	mapping.SitemapExcluded: "left out by sitemap: false",
	mapping.RobotsTxt:       "disallowed by robots.txt",
}

// askedAs names what the pages left out at the site's request are, when
// they are all of one kind ("noindex", by a meta tag or a header).
// Otherwise it says "left out on purpose".
func askedAs(skipped map[mapping.Reason]int) string {
	kind := ""
	for r, n := range skipped {
		if n == 0 || purposes[r] != asked {
			continue
		}
		if kind != "" && askedKinds[r] != kind {
			return "left out on purpose"
		}
		kind = askedKinds[r]
	}
	return cmp.Or(kind, "left out on purpose")
}

// AllSkippedError is ErrAllSkipped with the reasons. Skipped counts the
// pages by reason. At least half of the pages (Offsite) may have been
// left out for canonical links that imply one other base URL, Base. The
// error then asks whether Base is the site's base URL. Most likely the
// site was built for Base (hugo --baseURL on CI, a staging build) while
// the base URL came from elsewhere.
type AllSkippedError struct {
	Skipped map[mapping.Reason]int
	// Base is the base URL that the canonical links of the Offsite pages
	// imply ("https://owner.github.io/repo/"). BaseURL is the one used.
	// Base is "" when no other base accounts for half the pages.
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
// common first, with every reason named: "6 canonical elsewhere, 2
// noindex".
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
	parts := make([]string, len(counts))
	for i, c := range counts {
		parts[i] = c.r.Counted(c.n)
	}
	return strings.Join(parts, ", ")
}

// allSkipped returns the AllSkippedError of a build whose pages were
// all skipped, for the reasons that skipped counts. baseURL is the
// site's. bases, when not nil, counts the base URLs that the skipped
// pages' canonical links imply.
func allSkipped(skipped map[mapping.Reason]int, baseURL string, bases *canonicalBases) error {
	e := &AllSkippedError{Skipped: skipped, BaseURL: baseURL}
	total := 0
	for _, n := range skipped {
		total += n
	}
	if bases != nil {
		if base, n := bases.top(); base != "" && base != e.BaseURL && 2*n >= total {
			e.Base, e.Offsite = base, n
		}
	}
	return e
}

// canonicalBases counts the pages skipped for a canonical link
// elsewhere, by the base URL each link implies.
type canonicalBases struct {
	n map[string]int
	// to counts the pages by the URL their canonical link names (on the
	// site's host). first keeps the first two pages that name each URL.
	to    map[string]int
	first map[string][]string
}

// add counts the base URL that the canonical link canon of the page at
// loc implies, under the base URL base. When canon ends with the page's
// path below base (about/ of https://example.org/about/), the implied
// base is what comes before that path (https://owner.github.io/repo/ of
// https://owner.github.io/repo/about/). Otherwise, for a link on
// another host (offsite), it is canon's origin.
func (c *canonicalBases) add(base, loc, canon string, offsite bool) {
	u, err := url.Parse(canon)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return
	}
	if !offsite {
		if c.to == nil {
			c.to, c.first = make(map[string]int), make(map[string][]string)
		}
		c.to[canon]++
		if len(c.first[canon]) < 2 && loc != "" {
			c.first[canon] = append(c.first[canon], loc)
		}
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

// top returns the base URL that the most pages imply, and their number.
func (c *canonicalBases) top() (string, int) {
	best, most := "", 0
	for base, n := range c.n {
		if n > most || n == most && base < best {
			best, most = base, n
		}
	}
	return best, most
}

// ErrDevServer is what a build over a dev server's output returns (hugo
// server --renderToDisk). errors.Is finds it in the [*DevServerError]
// that says why.
var ErrDevServer = errors.New("the site folder is a dev server's output; nothing written")

// DevServerError is ErrDevServer with the counts. Named pages of Found
// name a dev server, Origin (http://localhost:1313), in their canonical
// or hreflang links. Generator is the generator whose output folder it
// is ("Hugo"), or "" for none.
type DevServerError struct {
	Dir               string
	Named, Found      int
	Origin, Generator string
}

func (e *DevServerError) Error() string {
	rebuild := "rebuild it with its generator's own build (not its dev server)"
	if e.Generator != "" {
		rebuild = "rebuild it with " + e.Generator + "'s own build (not its dev server)"
	}
	pages := "pages found name"
	if e.Found == 1 {
		pages = "page found names"
	}
	return fmt.Sprintf("%s: %d of %d %s a dev server (%s) in their canonical or hreflang links: the folder is a dev server's output, not a site to publish; %s, or run sitemapgen watch beside the dev server (docs/watch.md); nothing written",
		e.Dir, e.Named, e.Found, pages, e.Origin, rebuild)
}

func (e *DevServerError) Is(target error) bool { return target == ErrDevServer }

// devPages counts, in a whole build not beside a dev server, the pages
// whose head has a canonical or hreflang link (linking). It also counts
// those of them whose links name a dev server, a loopback origin
// (named), and keeps the first such origin in URL order (origin). Its
// methods are safe for concurrent use.
type devPages struct {
	linking, named atomic.Int64
	mu             sync.Mutex
	origin         string
}

// note counts the page whose head is h.
func (d *devPages) note(h *htmlhead.Head) {
	if h.Canonical == "" && len(h.Alternates) == 0 {
		return
	}
	d.linking.Add(1)
	origin := loopbackOrigin(h.Canonical)
	for i := 0; origin == "" && i < len(h.Alternates); i++ {
		origin = loopbackOrigin(h.Alternates[i].Href)
	}
	if origin == "" {
		return
	}
	d.named.Add(1)
	d.mu.Lock()
	if d.origin == "" || origin < d.origin {
		d.origin = origin
	}
	d.mu.Unlock()
}

// loopbackOrigin returns the origin of the absolute http(s) URL href
// when its host is a loopback one (mapping.Loopback), or else "". It
// allocates nothing for a URL on another host, because every page's
// links pass through it.
func loopbackOrigin(href string) string {
	href = strings.TrimSpace(href)
	scheme, rest, ok := strings.Cut(href, "://")
	if !ok || !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") {
		return ""
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	host := rest[:end]
	// A name, not an address, is loopback only as localhost. Pass over a
	// name that does not say localhost before calling Loopback, whose
	// parse of a host without a port allocates an error.
	if host == "" || host[0] != '[' && (host[0] < '0' || host[0] > '9') && !strings.Contains(strings.ToLower(host), "localhost") {
		return ""
	}
	if !mapping.Loopback(host) {
		return ""
	}
	return strings.ToLower(scheme) + "://" + host
}

// devServer fails a whole build over a dev server's output. That is
// when at least half of the pages that have canonical or hreflang links
// name a loopback origin, and the base URL is not a loopback one. A
// site whose one page names localhost by mistake is built, with that
// page's warning.
func (b *builder) devServer() error {
	d := b.found.dev
	if d == nil || d.named.Load() == 0 || 2*d.named.Load() < d.linking.Load() {
		return nil
	}
	if u, err := url.Parse(b.mapper.BaseURL()); err == nil && mapping.Loopback(u.Host) {
		return nil
	}
	return &DevServerError{Dir: b.opts.Root, Named: int(d.named.Load()), Found: b.rep.res.Pages, Origin: d.origin, Generator: b.opts.Generator}
}

// warnOneCanonical warns, after a whole build, when more pages name one
// URL of the site as their canonical link than are listed. That points
// to a layout that writes the site's URL on every page, such as a
// template's canonical link to its home page. A search engine takes
// each such page for a copy of that one, and the build leaves them all
// out, as it must.
func (p *lintPass) warnOneCanonical(bases *canonicalBases) {
	if bases == nil {
		return
	}
	canon, n := "", 0
	for u, k := range bases.to {
		if k > n || k == n && u < canon {
			canon, n = u, k
		}
	}
	if n < minOneCanonical || n <= p.listed {
		return
	}
	p.found.warn("", fmt.Errorf("%d pages name %s as their canonical link (%s among them), and are left out as copies of it, more than the %d listed: a layout that writes one URL on every page? Make each page's canonical link its own URL", n, diag.URL(canon), strings.Join(bases.first[canon], ", "), p.listed))
}

// minOneCanonical is the fewest pages that warnOneCanonical warns
// about.
const minOneCanonical = 3
