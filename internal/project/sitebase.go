package project

// The base URL from what the built site says. It serves when the
// generator's configuration computes the URL (Sphinx's html_baseurl as
// an f-string) or has none (SvelteKit's).

import (
	"context"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// basePages is the most pages whose canonical links siteBaseURL reads.
// They are a sample, in the order of a lexical walk. The sample is large
// enough that a page that disagrees with the others is likely among
// them, and small enough that resolving a configuration stays quick on a
// site of a million pages.
const basePages = 1000

// siteBaseURL returns the base URL that the built site in root says, and
// what said it, for a generator whose configuration has no literal one.
// It asks three sources in turn. The first is the base that every
// page's canonical link shares: the longest common prefix, ending in
// "/", of the canonical links of the home page and of the other pages
// read, all of which must have one. The second is the folder of the
// sitemap that robots.txt's Sitemap: lines name. The third is the base
// that the URLs of the generator's own sitemap.xml share. file is the
// file that said it, relative to root ("" for the pages' canonical
// links). It returns "" when the site says none, or its pages disagree.
//
// Two signals say nothing about the site, and the next source is asked.
// One is a sitemap.xml, or a robots.txt Sitemap: line's URL, that
// earlier says is ours: an earlier run wrote it, and its base URL may
// have been wrong (pipeline.OwnSitemap; earlier.own is nil for none).
// Where ours replaced the generator's sitemap.xml, the base URL that
// file gave, as the run that replaced it kept it in its record
// (earlier.kept), is asked in its place: a base URL the build found
// once is found again. The other is a base on a code host (github.com
// serves a project's page, not its site); refused then holds a warning
// that names the file.
//
// Every file is read inside root through the one door (package fsx). A
// link out of root is not followed. A FIFO, or any other file that is
// not a regular file, is passed over without waiting. Each read is
// bounded: a page by limits.page_bytes, robots.txt by
// limits.robots_bytes, sitemap.xml by the protocol's limits. A file
// passed over says nothing here; the build that follows reads the same
// files and says so there.
func siteBaseURL(root string, earlier earlierRun, lim limits.Limits) (u, from, file string, refused []error) {
	own := earlier.own
	lim = lim.Or()
	r, err := fsx.OpenRoot(root)
	if err != nil {
		return "", "", "", nil
	}
	defer r.Close()
	sources := []struct {
		from, file string
		base       func() string
	}{
		{"the pages' canonical links", "", func() string { return canonicalBase(r, int64(lim.PageBytes)) }},
		{"robots.txt's Sitemap: lines", "robots.txt", func() string { return robotsBase(r, int64(lim.RobotsBytes), own) }},
		{"the generator's sitemap.xml", "sitemap.xml", func() string {
			if own != nil && own("sitemap.xml") {
				return "" // sitemapgen's own, from an earlier run
			}
			return sitemapBase(root)
		}},
		{"the generator's sitemap.xml, as the run that replaced it kept it", "sitemap.xml", func() string {
			if own != nil && own("sitemap.xml") {
				return baseOf(earlier.kept)
			}
			return ""
		}},
	}
	for _, s := range sources {
		u := s.base()
		if u == "" {
			continue
		}
		if d := siteRefusal(u, s.from, filepath.Join(root, filepath.FromSlash(s.file))); d != nil {
			refused = append(refused, d)
			continue
		}
		return u, s.from, s.file, refused
	}
	return "", "", "", refused
}

// earlierRun is what an earlier run of sitemapgen left in a site
// folder: own says which of its sitemap files that run wrote (nil for
// none), and kept is the base URL the generator's sitemap.xml gave
// before that run replaced it ("" for none).
type earlierRun struct {
	own  func(name string) bool
	kept string
}

// canonicalBase is the base that the canonical links of the site's pages
// share. It reads the home page and at most basePages others, each
// within max bytes.
func canonicalBase(root *fsx.Root, max int64) string {
	hr := &htmlhead.HeadReader{}
	read := func(rel string) string {
		f, err := root.Open(rel, max, "limits.page_bytes")
		if err != nil {
			return ""
		}
		defer f.Close()
		h, err := hr.Read(f)
		if err != nil || h == nil {
			return ""
		}
		return h.Canonical
	}
	home := ""
	for _, name := range []string{"index.html", "index.htm"} {
		if home = read(name); home != "" {
			break
		}
	}
	if !absHTTP(home) {
		return "" // the home page's link bounds the base
	}
	prefix, n := home, 0
	errStop := fs.SkipAll
	err := root.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if p != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return fs.SkipDir // hidden folders, Sphinx's _static and _sources
			}
			return nil
		}
		if ext := strings.ToLower(path.Ext(name)); ext != ".html" && ext != ".htm" {
			return nil
		}
		if n++; n > basePages {
			return errStop
		}
		c := read(p)
		if c == "" {
			return nil // a page without one (a redirect stub, Sphinx's search page), or not read
		}
		if !absHTTP(c) {
			prefix = ""
			return errStop
		}
		prefix = commonPrefix(prefix, c)
		return nil
	})
	if err != nil && err != errStop {
		return ""
	}
	return baseOf(prefix)
}

// robotsBase is the folder of the sitemaps that robots.txt's Sitemap:
// lines name: the longest folder they all share. It reads the first max
// bytes of robots.txt, as Google does. It passes over a line whose URL
// own says is ours. sitemapgen --robots wrote that line on an earlier
// run, with the base URL given then, which may have been wrong.
func robotsBase(root *fsx.Root, max int64, own func(name string) bool) string {
	prefix, any := "", false
	for _, u := range robots.SitemapURLs(root, max) {
		dir := u[:strings.LastIndexByte(u, '/')+1]
		if own != nil && own(u) {
			continue
		}
		if !any {
			prefix, any = dir, true
		} else {
			prefix = commonPrefix(prefix, dir)
		}
	}
	return baseOf(prefix)
}

// sitemapBase is the base that the URLs of the generator's own
// sitemap.xml in root share (sitemapSample).
func sitemapBase(root string) string {
	base, _ := sitemapSample(root)
	return base
}

// sitemapSample reads the generator's own sitemap.xml in root, inside
// root, within the protocol's limits: the base that its URLs share, and
// its first sitemapFormSample URLs. Both are empty for an index, a file
// that does not read, or URLs that are not all absolute http(s) ones.
func sitemapSample(root string) (base string, locs []string) {
	prefix, any := "", false
	index, err := validate.ReadIn(context.Background(), root, "sitemap.xml", validate.Options{}, func(e validate.Entry) {
		if len(locs) < sitemapFormSample {
			locs = append(locs, e.Loc)
		}
		switch {
		case !absHTTP(e.Loc):
			prefix, any = "", true
		case !any:
			prefix, any = e.Loc, true
		default:
			prefix = commonPrefix(prefix, e.Loc)
		}
	})
	if err != nil || index || baseOf(prefix) == "" {
		return "", nil
	}
	return baseOf(prefix), locs
}

// commonPrefix returns the longest common prefix of a and b.
func commonPrefix(a, b string) string {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return a[:i]
		}
	}
	return a[:n]
}

// baseOf returns prefix up to its last "/" when that is an absolute
// http(s) URL of a host with no query or fragment, else "". A loopback
// host gives no base URL: a dev server's pages, or Astro's without a
// site:, name http://localhost.
func baseOf(prefix string) string {
	i := strings.LastIndexByte(prefix, '/')
	if i < 0 {
		return ""
	}
	base := prefix[:i+1]
	u, err := url.Parse(base)
	if err != nil || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil || u.Scheme != "http" && u.Scheme != "https" || !strings.HasPrefix(u.Path, "/") || mapping.Loopback(u.Host) {
		return ""
	}
	return base
}

// absHTTP reports whether s is an absolute http or https URL.
func absHTTP(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
