package sitediff

import (
	"cmp"
	"maps"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
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
	// To, for a removed URL that is not gone, is the absolute URL a
	// redirect sends it to (a rule of the host, or the meta refresh of the
	// file that serves it): the URL moved. "" when a page is still served
	// there (left out of the sitemap on purpose), or the redirect's
	// target cannot be made absolute.
	To string
}

// Field is a value of a URL that differs: Old and New as written, ""
// for none. For "alternates", they list the languages added (+de),
// removed (-fr) and whose href changed (~en) in New.
type Field struct {
	Name string `json:"name"`
	Old  string `json:"old"`
	New  string `json:"new"`
}

// Compare hands fn the changes from old to new, in URL order, and
// returns their counts. With site, each removed URL is judged gone or
// not. It stops at fn's first error, or a run that cannot be read, and
// returns it.
func Compare(old, new *Set, site *Site, fn func(Change) error) (Counts, error) {
	var n Counts
	a, err := old.Cursor()
	if err != nil {
		return n, err
	}
	defer a.Close()
	b, err := new.Cursor()
	if err != nil {
		return n, err
	}
	defer b.Close()
	emit := func(c Change) error {
		n.add(c)
		return fn(c)
	}
	ou, oldOK := a.Next()
	nu, newOK := b.Next()
	for oldOK || newOK {
		var err error
		switch {
		case !newOK || oldOK && ou.Loc < nu.Loc:
			c := Change{Op: Removed, URL: ou.Loc}
			if site != nil {
				c.Gone, c.To = site.Judge(c.URL)
			}
			err = emit(c)
			ou, oldOK = a.Next()
		case !oldOK || nu.Loc < ou.Loc:
			err = emit(Change{Op: Added, URL: nu.Loc})
			nu, newOK = b.Next()
		default:
			if ou.vals != nu.vals {
				if fs := fields(ou, nu); len(fs) > 0 {
					err = emit(Change{Op: Changed, URL: nu.Loc, Fields: fs})
				}
			}
			ou, oldOK = a.Next()
			nu, newOK = b.Next()
		}
		if err != nil {
			return n, err
		}
	}
	return n, cmp.Or(a.Err(), b.Err())
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

// Counts are how many changes are of each op, how many removed URLs are
// gone and how many moved (a redirect answers them), and how many changed
// URLs have a new lastmod.
type Counts struct {
	Added, Removed, Gone, Moved, Changed, Lastmod int
}

func (n *Counts) add(c Change) {
	switch c.Op {
	case Added:
		n.Added++
	case Removed:
		n.Removed++
		if c.Gone {
			n.Gone++
		}
		if c.To != "" {
			n.Moved++
		}
	case Changed:
		n.Changed++
		if c.Fields[0].Name == "lastmod" {
			n.Lastmod++
		}
	}
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

	open  sync.Once
	heads htmlhead.HeadReader // Judge reads a stub's head; diff judges one URL at a time
	root  *fsx.Root           // Dir, opened at the first Gone (nil when it cannot be), its descriptor closed with the Site (os.Root's finalizer): diff is one run
}

// Judge reports whether nothing answers at loc: no redirect rule, and no
// file of Dir (a redirect stub, a page left out of the sitemap), looked
// for inside Dir (package fsx). When something does, to is where a
// redirect sends loc (the rule's target, or the stub's meta refresh URL),
// resolved against loc; "" for a page still served, or a target that is
// no URL.
func (s *Site) Judge(loc string) (gone bool, to string) {
	if r, ok := s.Redirects.MatchGone(loc); ok {
		return false, resolve(loc, r.To)
	}
	base := s.BaseURL
	if base == "" {
		u, err := url.Parse(loc)
		if err != nil {
			return true, ""
		}
		base = u.Scheme + "://" + u.Host + "/"
	}
	s.open.Do(func() { s.root, _ = fsx.OpenRoot(s.Dir) })
	if s.root == nil {
		return true, ""
	}
	file := validate.ServedBy(s.root, base, loc)
	if file == "" {
		return true, ""
	}
	return false, s.refresh(loc, file)
}

// refresh returns the URL the meta refresh of the page file (inside Dir)
// sends loc to, resolved against loc; "" for a page that refreshes to
// nowhere, or is no page. Only its head is read (htmlhead's limit).
func (s *Site) refresh(loc, file string) string {
	if !strings.HasSuffix(file, ".html") && !strings.HasSuffix(file, ".htm") {
		return ""
	}
	f, err := s.root.Open(file, htmlhead.DefaultHeadLimit, "")
	if err != nil {
		return ""
	}
	defer f.Close()
	h, err := s.heads.Read(f)
	if err != nil || h.Refresh == nil || h.Refresh.URL == "" {
		return ""
	}
	return resolve(loc, h.Refresh.URL)
}

// resolve returns the absolute URL of ref, a redirect's target, against
// loc; "" when either is no URL or the result is not http(s).
func resolve(loc, ref string) string {
	base, err := url.Parse(loc)
	if err != nil {
		return ""
	}
	u, err := base.Parse(ref)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return ""
	}
	return u.String()
}

// sameInstant reports whether two lastmods written differently are the
// same time ("2024-06-01T00:00:00+00:00" and "2024-06-01T00:00:00Z", as
// Hugo and sitemapgen write it): no change.
func sameInstant(a, b string) bool {
	ta, oka := frontmatter.ParseDate(a)
	tb, okb := frontmatter.ParseDate(b)
	return oka && okb && ta.Equal(tb)
}
