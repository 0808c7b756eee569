package validate

// The hreflang clusters of the sitemaps of one run: the xhtml:link
// alternates of every <url>, checked across all the files by
// internal/hreflang's Checker, as the build checks a site's pages; with
// Options.Site, the page of each alternate too.

import (
	"fmt"
	"net/url"
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/hreflang"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
)

// clusters holds the hreflang links of the URLs of a run that have any:
// a URL without alternates costs nothing beyond its hash in
// checker.seen, and the codes and hrefs, repeated from URL to URL, are
// kept once.
type clusters struct {
	list  []cluster        // in the order read
	byLoc map[string]int32 // index in list
	names map[string]string
}

// cluster is a URL's hreflang links and where they are.
type cluster struct {
	loc   string
	file  int32 // index in checker.reports
	line  int32 // of the <url>
	links []sitemap.Alternate
	lines []int32 // of each link
}

// intern returns s, kept once for the run.
func (c *clusters) intern(s string) string {
	if v, ok := c.names[s]; ok {
		return v
	}
	if c.names == nil {
		c.names = make(map[string]string)
	}
	c.names[s] = s
	return s
}

// addCluster keeps the links read of the <url> at line, whose loc is
// loc: the first <url> of a loc counts, as the first is the one a
// duplicate is reported against.
func (fc *fileCheck) addCluster(loc string, line int) {
	if _, dup := fc.byLoc[loc]; dup {
		return
	}
	if fc.byLoc == nil {
		fc.byLoc = make(map[string]int32)
	}
	fc.byLoc[loc] = int32(len(fc.list))
	fc.list = append(fc.list, cluster{
		loc:   fc.intern(loc),
		file:  int32(len(fc.reports)), // this file's, once checked
		line:  int32(line),
		links: append([]sitemap.Alternate(nil), fc.links...),
		lines: append([]int32(nil), fc.linkLines...),
	})
}

// checkClusters checks every cluster read, reporting each problem at
// the line of its xhtml:link in its file.
func (c *checker) checkClusters() {
	if len(c.list) == 0 || c.opts.NoClusters {
		return
	}
	var hc hreflang.Checker
	others := func(href string) ([]sitemap.Alternate, bool) {
		if i, ok := c.byLoc[href]; ok {
			return c.list[i].links, true
		}
		return nil, c.seen.has(href) || c.seenNews.has(href)
	}
	// An alternate that is not a <loc> of the files checked: its page
	// may be listed by a sitemap not given (a sibling file), so it is
	// advice; an x-default (a language picker) need not be listed at all.
	var links []sitemap.Alternate // of the cluster being checked
	outside := func(href string) string {
		if msg, _ := c.alternatePage(href); msg != "" {
			return msg
		}
		if onlyXDefault(links, href) {
			return ""
		}
		return "is not a <loc> of the sitemaps checked"
	}
	for _, cl := range c.list {
		r := c.reports[cl.file]
		links = cl.links
		for _, p := range hc.Check(cl.loc, cl.links, others, outside) {
			k := KindCluster
			if hc.Code(cl.links[p.Link].Lang) == p.Msg {
				k = KindHreflang
			}
			r.add(k, int(cl.lines[p.Link]), p.Msg)
		}
		if c.opts.Site == "" {
			continue
		}
		// An alternate the set lists: its page was looked for at its
		// <loc>; what it says of itself is told here.
		for i, a := range cl.links {
			if _, listed := others(a.Href); !listed || a.Href == cl.loc || hc.Code(a.Lang) != "" {
				continue
			}
			if msg, missing := c.alternatePage(a.Href); msg != "" && !missing {
				r.add(KindCluster, int(cl.lines[i]), fmt.Sprintf("hreflang %s alternate %s %s", diag.Excerpt(a.Lang), diag.URLExcerpt(a.Href), msg))
			}
		}
	}
}

// onlyXDefault reports whether every link to href is an x-default.
func onlyXDefault(links []sitemap.Alternate, href string) bool {
	found := false
	for _, a := range links {
		if a.Href == href {
			if !strings.EqualFold(a.Lang, hreflang.XDefault) {
				return false
			}
			found = true
		}
	}
	return found
}

// alternatePage says what is wrong with the page of the built site that
// serves href: missing, or one no sitemap should list (noindex, a
// redirect, canonical elsewhere, an error page …, as the build judges
// it). It says nothing without Options.Site, or for a URL not under the
// base URL. What it says of an href is kept.
func (c *checker) alternatePage(href string) (msg string, missing bool) {
	if c.opts.Site == "" {
		return "", false
	}
	if j, ok := c.judged[href]; ok {
		return j.msg, j.missing
	}
	msg, missing = c.judgePage(href)
	if c.judged == nil {
		c.judged = make(map[string]judged)
	}
	c.judged[href] = judged{msg, missing}
	return msg, missing
}

// judged is what alternatePage said of an href.
type judged struct {
	msg     string
	missing bool
}

func (c *checker) judgePage(href string) (msg string, missing bool) {
	rel, ok := localPath(c.base, href)
	if !ok {
		return "", false
	}
	rel = servedBy(c.site, rel)
	if rel == "" {
		return fmt.Sprintf("is missing: no file in %s serves it", c.opts.Site), true
	}
	var head *htmlhead.Head
	if ext := strings.ToLower(path.Ext(rel)); ext == ".html" || ext == ".htm" {
		f, err := c.site.Open(rel, htmlhead.DefaultHeadLimit, "the head's limit")
		if err != nil {
			return "", false // the build says what it cannot read
		}
		head, err = c.heads.Read(f)
		f.Close()
		if err != nil {
			return "", false
		}
	}
	urlPath := href[len(c.base):]
	if i := strings.IndexAny(urlPath, "?#"); i >= 0 {
		urlPath = urlPath[:i]
	}
	if u, err := url.PathUnescape(urlPath); err == nil {
		urlPath = u
	}
	if c.mapper == nil {
		c.mapper, _ = mapping.New(mapping.Options{BaseURL: c.base}) // c.base is a valid base URL
	}
	d := c.mapper.Map(mapping.Page{File: walker.File{Path: rel}, Head: head, URLPath: "/" + urlPath})
	if d.Skip == "" {
		return "", false
	}
	why := string(d.Skip)
	if d.Because != "" {
		why += ": " + diag.Excerpt(d.Because)
	}
	return "is a page no sitemap should list (" + rel + ", " + why + ")", false
}
