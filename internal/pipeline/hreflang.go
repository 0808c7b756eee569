package pipeline

// The hreflang clusters of the listed pages: each alternate a listed
// page of the site (or on a host Hreflang.Hosts allows), listing the page
// back; each page in its own cluster; one x-default and one URL a
// language; valid codes. A broken alternate is not written.

import (
	"fmt"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/hreflang"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Hreflang configures the check of the pages' hreflang clusters.
type Hreflang struct {
	// Off checks nothing: an alternate on the base URL's host that is not
	// listed is left out, with a note, and the others are written.
	Off bool
	// Hosts are the origins (scheme://host) besides the base URL's that
	// alternates may be on, unchecked.
	Hosts []string
}

// skippedPage is why a page that has a URL was left out.
type skippedPage struct {
	path string
	why  string
}

// noteSkipped keeps why the page at path, at loc, was left out, for an
// alternate that names it. Only heads give alternates.
func (b *builder) noteSkipped(path, loc string, reason mapping.Reason, because string) {
	if !b.opts.Heads.Read || loc == "" || b.opts.Hreflang.Off {
		return
	}
	if b.skippedAt == nil {
		b.skippedAt, b.skippedLoc = make(map[string]skippedPage), make(map[string]string)
	}
	why := string(reason)
	if because != "" {
		why += ": " + because
	}
	b.skippedAt[loc] = skippedPage{path, why}
	b.skippedLoc[path] = loc
}

// forgetSkipped forgets what noteSkipped kept of the page at path.
func (b *builder) forgetSkipped(path string) {
	if loc, ok := b.skippedLoc[path]; ok {
		delete(b.skippedLoc, path)
		if b.skippedAt[loc].path == path {
			delete(b.skippedAt, loc)
		}
	}
}

// maxHreflangSaid is the most hreflang problems of one page said one by
// one; one more warning counts the others. A page of a thousand links
// all for one language has 999 problems, and a site of such pages would
// print a million lines.
const maxHreflangSaid = 10

// judgeHreflang checks every listed page's hreflang cluster, after the
// de-duplication and robots.txt, warning at the line of each link's
// <link> and keeping in the records' shown alternates those not broken.
// With only (a Session's update), it reports the warnings of those
// paths and those new since the last judgement. Without alternates it
// does nothing.
func (b *builder) judgeHreflang(only map[string]bool) {
	if b.opts.Hreflang.Off {
		b.filterAlternates()
		return
	}
	s := &b.recs
	s.shown = nil
	if len(s.alts) == 0 {
		b.hreflangSaid = nil
		return
	}
	s.shown = make([][]sitemap.Alternate, len(s.alts))
	origin := originOf(b.mapper.BaseURL())
	others := func(href string) ([]sitemap.Alternate, bool) {
		i, ok := s.find(href)
		if !ok {
			return nil, false
		}
		if r := s.rec(s.order[i]); r.alts > 0 {
			return s.alts[r.alts-1], true
		}
		return nil, true
	}
	outside := func(href string) string { return b.whyNotListed(href, origin) }
	var c hreflang.Checker
	said := make(map[string]bool)
	for _, idx := range s.order {
		r := s.rec(idx)
		if r.alts == 0 || len(s.alts[r.alts-1]) == 0 { // none, or only images
			continue
		}
		links, lines := s.alts[r.alts-1], s.lines[r.alts-1]
		probs := c.Check(r.loc, links, others, outside)
		var drop map[int]bool
		path := s.pathOf(r)
		say := func(line int, msg string) {
			key := fmt.Sprintf("%s:%d:%s", path, line, msg)
			said[key] = true
			if only == nil || only[path] || !b.hreflangSaid[key] {
				b.warn(path, diag.At(path, line, msg))
			}
		}
		for n, p := range probs {
			line := 0
			if p.Link < len(lines) {
				line = lines[p.Link]
			}
			msg := p.Warning()
			switch {
			case n < maxHreflangSaid:
				say(line, msg)
			case n == maxHreflangSaid:
				say(0, fmt.Sprintf("%d more hreflang problems of this page not shown (--explain %s lists them all)", len(probs)-n, path))
			}
			b.explain.warning(path, msg)
			if p.Drop {
				if drop == nil {
					drop = make(map[int]bool)
				}
				drop[p.Link] = true
				if p.All {
					for i := range links {
						drop[i] = true
					}
				}
			}
		}
		s.shown[r.alts-1] = keptLinks(links, drop)
	}
	b.hreflangSaid = said
}

// keptLinks returns links but those dropped and those said before
// alike.
func keptLinks(links []sitemap.Alternate, drop map[int]bool) []sitemap.Alternate {
	kept := make([]sitemap.Alternate, 0, len(links)-len(drop))
	seen := make(map[sitemap.Alternate]bool, len(links))
	for i, a := range links {
		key := sitemap.Alternate{Lang: strings.ToLower(a.Lang), Href: a.Href}
		if drop[i] || seen[key] {
			continue
		}
		seen[key] = true
		kept = append(kept, a)
	}
	return kept
}

// whyNotListed says why an alternate that is not a listed page is not
// one, "" when it is on a host Hreflang.Hosts allows.
func (b *builder) whyNotListed(href, origin string) string {
	if o := originOf(href); o != origin {
		for _, h := range b.opts.Hreflang.Hosts {
			if strings.TrimSuffix(h, "/") == o {
				return ""
			}
		}
		return "is on another host than the base URL (" + origin + "/; hreflang.hosts lists the others allowed)"
	}
	if b.robots != nil && b.robots.Blocked(robots.PathOf(href)) {
		return "is not in the sitemap: robots.txt disallows it"
	}
	if p, ok := b.skippedAt[href]; ok {
		return "is not in the sitemap (" + p.path + ", " + p.why + ")"
	}
	twin := strings.TrimSuffix(href, "/")
	if twin == href {
		twin += "/"
	}
	if _, ok := b.recs.find(twin); ok {
		return "is missing: the page is at " + twin
	}
	return "is missing: no page of the site has this URL"
}
