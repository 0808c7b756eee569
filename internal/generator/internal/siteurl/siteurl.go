// Package siteurl holds what the generators share about site URLs and
// the folders their configurations name: whether a value is an absolute
// http(s) URL, base paths, a publish folder cleaned.
package siteurl

import (
	"net/url"
	"path"
	"strings"
)

// Hints that end the notes about the values Detect needs.
const (
	BaseURLHint = "; give --base-url"
	DirHint     = "; give the built folder as DIR"
)

// CleanDir cleans a publish folder a configuration gives: "/"
// separators, no "./" or trailing "/".
func CleanDir(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, `\`, "/"))
	if s == "" {
		return ""
	}
	return path.Clean(s)
}

// AbsHTTP reports whether s is an absolute http or https URL with a host.
func AbsHTTP(s string) bool {
	u, err := url.Parse(s)
	if err != nil {
		return false
	}
	scheme := strings.ToLower(u.Scheme)
	return (scheme == "http" || scheme == "https") && u.Host != ""
}

// WithSlash ends an absolute URL's path in "/".
func WithSlash(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "/") {
		return s
	}
	return s + "/"
}

// NormBase returns a base path as "/path/", or "" for the root.
func NormBase(p string) string {
	p = strings.Trim(strings.TrimSpace(p), "/")
	if p == "" {
		return ""
	}
	return "/" + p + "/"
}

// AtBase returns the URL of a site whose generator links every page
// under the base path base (Astro's base, VitePress's base): site's
// scheme and host, then base ("/" for none). site is an absolute http(s)
// URL; its own path does not count, since the links do not use it.
func AtBase(site, base string) string {
	u, _ := url.Parse(strings.TrimSpace(site))
	b := NormBase(base)
	if b == "" {
		b = "/"
	}
	return u.Scheme + "://" + u.Host + b
}

// JoinSiteBase appends a base path to a site URL: Jekyll's url +
// baseurl, Docusaurus's url + baseUrl.
func JoinSiteBase(site, base string) string {
	b := NormBase(base)
	if b == "" {
		b = "/"
	}
	return strings.TrimRight(strings.TrimSpace(site), "/") + b
}

// Path returns the path of an absolute URL, "/" when it has none.
func Path(u string) string {
	pu, err := url.Parse(u)
	if err != nil || pu.Path == "" {
		return "/"
	}
	return pu.Path
}
