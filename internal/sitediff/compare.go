package sitediff

import (
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/validate"
)

// Ops of a Change, as the changes file of a build writes them.
const (
	Added   = '+'
	Removed = '-'
	Changed = '~'
)

// Change is a URL that differs between two sets.
type Change struct {
	Op  byte
	URL string
	// Fields, for a changed URL, are the values that differ, in the
	// order lastmod, changefreq, priority, alternates.
	Fields []Field
	// Gone, for a removed URL, says nothing answers it any more (see
	// [Site]); only set by [Compare] with a Site.
	Gone bool
}

// Field is a value of a URL that differs: Old and New as written, ""
// for none. For "alternates", they list the languages added (+de),
// removed (-fr) and whose href changed (~en) in New.
type Field struct {
	Name string `json:"name"`
	Old  string `json:"old"`
	New  string `json:"new"`
}

// Compare returns the changes from old to new, sorted by URL. With site,
// each removed URL is judged gone or not.
func Compare(old, new Set, site *Site) []Change {
	var cs []Change
	i, j := 0, 0
	for i < len(old) || j < len(new) {
		switch {
		case j == len(new) || i < len(old) && old[i].Loc < new[j].Loc:
			c := Change{Op: Removed, URL: old[i].Loc}
			if site != nil {
				c.Gone = site.Gone(c.URL)
			}
			cs = append(cs, c)
			i++
		case i == len(old) || new[j].Loc < old[i].Loc:
			cs = append(cs, Change{Op: Added, URL: new[j].Loc})
			j++
		default:
			if old[i].vals != new[j].vals {
				if fs := fields(old[i], new[j]); len(fs) > 0 {
					cs = append(cs, Change{Op: Changed, URL: new[j].Loc, Fields: fs})
				}
			}
			i++
			j++
		}
	}
	return cs
}

// fields returns the values of a and b that differ.
func fields(a, b URL) []Field {
	al, ac, ap, aa := a.Values()
	bl, bc, bp, ba := b.Values()
	var fs []Field
	for _, f := range []Field{{"lastmod", al, bl}, {"changefreq", ac, bc}, {"priority", ap, bp}} {
		if f.Old != f.New && !(f.Name == "lastmod" && sameInstant(f.Old, f.New)) {
			fs = append(fs, f)
		}
	}
	if !maps.Equal(aa, ba) {
		var plus, minus, tilde []string
		for _, lang := range slices.Sorted(maps.Keys(aa)) {
			if href, ok := ba[lang]; !ok {
				minus = append(minus, "-"+lang)
			} else if href != aa[lang] {
				tilde = append(tilde, "~"+lang)
			}
		}
		for _, lang := range slices.Sorted(maps.Keys(ba)) {
			if _, ok := aa[lang]; !ok {
				plus = append(plus, "+"+lang)
			}
		}
		fs = append(fs, Field{"alternates", strings.Join(slices.Concat(minus, tilde), " "), strings.Join(slices.Concat(plus, tilde), " ")})
	}
	return fs
}

// Count returns how many changes are of each op, and how many removed
// URLs are gone.
func Count(cs []Change) (added, removed, gone, changed int) {
	for _, c := range cs {
		switch c.Op {
		case Added:
			added++
		case Removed:
			removed++
			if c.Gone {
				gone++
			}
		case Changed:
			changed++
		}
	}
	return
}

// Site is the new build of a site: what answers at its URLs besides its
// sitemaps.
type Site struct {
	// Dir is the built site's folder.
	Dir string
	// BaseURL is the URL Dir is served at, ending in "/"; "" for the root
	// of each URL's own host.
	BaseURL string
	// Redirects are the host's redirect rules; nil for none.
	Redirects *host.Redirects
}

// Gone reports whether nothing answers at loc: no redirect rule, and no
// file of Dir (a redirect stub, a page left out of the sitemap).
func (s *Site) Gone(loc string) bool {
	if _, ok := s.Redirects.MatchGone(loc); ok {
		return false
	}
	base := s.BaseURL
	if base == "" {
		u, err := url.Parse(loc)
		if err != nil {
			return true
		}
		base = u.Scheme + "://" + u.Host + "/"
	}
	return !validate.Served(s.Dir, base, loc)
}

// sameInstant reports whether two lastmods written differently are the
// same time ("2024-06-01T00:00:00+00:00" and "2024-06-01T00:00:00Z", as
// Hugo and sitemapgen write it): no change.
func sameInstant(a, b string) bool {
	ta, oka := frontmatter.ParseDate(a)
	tb, okb := frontmatter.ParseDate(b)
	return oka && okb && ta.Equal(tb)
}
