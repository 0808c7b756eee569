package mapping

// Error pages: the pages a site shows for a missing path, left out by
// their name (404.html) or because the host's rule serves them with
// status 404 and they look like an error page.

import (
	"fmt"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/htmlhead"
)

// servedAsError judges the page at d.URL.Loc, which the host's rule r
// serves with status 404 for the paths it matches, and reports whether
// it is left out as the site's error page. The host serves the page at
// its own URL with 200 too, so the rule alone makes no error page: the
// home page never is one, and another page only when it looks like one,
// by its path (a segment that names an error: 404, not-found, error …)
// or by its head's noindex. A page kept gets a warning naming the rule.
func (m *Mapper) servedAsError(d *Decision, r host.ErrorRule, h *htmlhead.Head) bool {
	rule := fmt.Sprintf("for %s (%s)", diag.Excerpt(r.From), r.Where)
	rest := strings.TrimPrefix(d.URL.Loc, m.base)
	if d.URL.Loc == m.bare || rest == "" || rest == "index.html" || rest == "index.htm" {
		d.Warnings = append(d.Warnings, "the host serves the home page with status 404 "+rule+": listed, as the home page is never an error page (a rule that serves a single-page app for every path takes status 200)")
		return false
	}
	why := ""
	for seg := range strings.SplitSeq(rest, "/") {
		if errorName(seg) {
			why = fmt.Sprintf("its path names an error (%s)", diag.Excerpt(seg))
			break
		}
	}
	if why == "" && h != nil && h.NoIndex != "" {
		why = "it says noindex"
	}
	if why == "" {
		d.Warnings = append(d.Warnings, "the host serves this page with status 404 "+rule+", as an error page, but it looks like none (no 404, not-found or error in its path, no noindex): listed; if it is the site's error page, mark it noindex")
		return false
	}
	d.Skip, d.Because = ErrorPage, fmt.Sprintf("the host serves it as the error page of %s, with status 404 (%s), and %s", diag.Excerpt(r.From), r.Where, why)
	return true
}

// errorName reports whether seg, a segment of a URL's path, names an
// error page: it holds 404 or "not found" (not-found, not_found,
// pagenotfound …), or it is an error status (403.html, 50x) or error.
func errorName(seg string) bool {
	s := strings.ToLower(seg)
	if stem, ok := cutHTMLExt(s); ok {
		s = stem
	}
	if strings.Contains(s, "404") || errorStatus(s) || s == "error" || s == "errors" {
		return true
	}
	return strings.Contains(strings.NewReplacer("-", "", "_", "", ".", "", "%20", "").Replace(s), "notfound")
}

// errorStatus reports whether the name stem is that of a page for an
// HTTP error status, as generators and hosts name them: 404, 500, 50x …
func errorStatus(stem string) bool {
	switch stem {
	case "404", "403", "410", "500", "502", "503", "50x":
		return true
	}
	return false
}

// IsErrorPage reports whether the relative path rel is an HTTP error page
// as site generators and hosts place them: a page named for an error status
// (404.html, 403.html, 410.html, 500.html, 502.html, 503.html, 50x.html, or
// .htm) at the site root or in a first-level folder such as a language root
// (en/404.html), or 404/index.html at the root. Deeper pages with such names
// are ordinary pages (posts/page/404/index.html is a pagination page).
func IsErrorPage(rel string) bool {
	switch rel {
	case "404/index.html", "404/index.htm":
		return true
	}
	dir, name := "", rel
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		dir, name = rel[:i], rel[i+1:]
	}
	if strings.Contains(dir, "/") {
		return false
	}
	stem, ok := cutHTMLExt(name)
	return ok && errorStatus(stem)
}
