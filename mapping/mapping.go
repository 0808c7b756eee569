// Package mapping turns a site's files into sitemap records: it decides
// each file's URL (base URL and path, pretty and clean URLs, trailing slash,
// RFC 3986 percent-encoding), its lastmod, changefreq and priority, and
// whether it belongs in the sitemap at all.
//
// A [Mapper] is configured once from [Options] and is safe for concurrent
// use. It does no I/O: everything it needs arrives in a [walker.File].
package mapping

import (
	"fmt"
	"net"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"
	"golang.org/x/net/idna"

	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
)

// Options configure a Mapper. Only BaseURL is required.
type Options struct {
	// BaseURL is the absolute http or https URL at which the site's root
	// folder is served. It may carry a path (https://example.org/docs/).
	BaseURL string
	// CleanURLs drops the .html or .htm extension of pages other than
	// index pages: about.html becomes /about.
	CleanURLs bool
	// TrailingSlash chooses the form of folder URLs (from index pages).
	TrailingSlash SlashPolicy
	// KeepErrorPages keeps the error pages (see IsErrorPage) that are
	// otherwise skipped.
	KeepErrorPages bool
	// Rules set changefreq and priority; the first rule whose glob matches
	// the file's relative path applies.
	Rules []Rule
}

// SlashPolicy is the form of a folder's URL.
type SlashPolicy uint8

const (
	// SlashAlways writes folder URLs with a trailing slash (/docs/), the
	// form static servers answer with 200.
	SlashAlways SlashPolicy = iota
	// SlashNever writes them without (/docs), for hosts that serve that
	// form directly. The site root keeps its slash.
	SlashNever
)

// Rule sets changefreq and priority for the files whose relative path
// matches a doublestar glob. Unset values leave the URL's value unset.
type Rule struct {
	Match      string
	ChangeFreq sitemap.ChangeFreq
	Priority   sitemap.Priority
}

// Reason says why a file is not in the sitemap. The empty Reason means the
// file is in.
type Reason string

// Reasons a file is skipped.
const (
	ErrorPage  Reason = "error page"
	LocTooLong Reason = "URL too long"
	Duplicate  Reason = "duplicate URL"
)

// Mapper maps files to sitemap URLs.
type Mapper struct {
	base string // normalized base URL, ending in "/"
	opts Options
}

// New returns a Mapper for opts, or an error when the base URL or a rule's
// glob is invalid.
func New(opts Options) (*Mapper, error) {
	base, err := ParseBaseURL(opts.BaseURL)
	if err != nil {
		return nil, err
	}
	for _, r := range opts.Rules {
		if err := walker.ValidatePattern(r.Match); err != nil {
			return nil, fmt.Errorf("rule: %w", err)
		}
	}
	return &Mapper{base: base, opts: opts}, nil
}

// BaseURL returns the normalized base URL, ending in "/".
func (m *Mapper) BaseURL() string { return m.base }

// Map returns the sitemap record of f, or the reason f is skipped. A URL
// too long for the protocol is skipped with LocTooLong; the caller should
// warn about it, since the page exists but cannot be listed.
func (m *Mapper) Map(f walker.File) (sitemap.URL, Reason) {
	if !m.opts.KeepErrorPages && IsErrorPage(f.Path) {
		return sitemap.URL{}, ErrorPage
	}
	loc := m.Loc(f.Path)
	if sitemap.CheckLoc(loc) != nil {
		return sitemap.URL{Loc: loc}, LocTooLong
	}
	u := sitemap.URL{Loc: loc, LastMod: f.ModTime.UTC()}
	for _, r := range m.opts.Rules {
		if doublestar.MatchUnvalidated(r.Match, f.Path) {
			u.ChangeFreq, u.Priority = r.ChangeFreq, r.Priority
			break
		}
	}
	return u, ""
}

// Loc returns the absolute, percent-encoded URL of the file at the
// slash-separated relative path rel.
func (m *Mapper) Loc(rel string) string {
	return m.base + EncodePath(m.urlPath(rel))
}

// urlPath returns the unencoded URL path of rel relative to the base URL.
func (m *Mapper) urlPath(rel string) string {
	dir, name := "", rel
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		dir, name = rel[:i+1], rel[i+1:]
	}
	if name == "index.html" || name == "index.htm" {
		if dir == "" || m.opts.TrailingSlash == SlashAlways {
			return dir
		}
		return dir[:len(dir)-1]
	}
	if m.opts.CleanURLs {
		if stem, ok := cutHTMLExt(name); ok && stem != "" {
			return dir + stem
		}
	}
	return rel
}

func cutHTMLExt(name string) (string, bool) {
	if s, ok := strings.CutSuffix(name, ".html"); ok {
		return s, true
	}
	return strings.CutSuffix(name, ".htm")
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
	if !ok {
		return false
	}
	switch stem {
	case "404", "403", "410", "500", "502", "503", "50x":
		return true
	}
	return false
}

// EncodePath percent-encodes a URL path per RFC 3986: every byte outside
// the unreserved characters, the sub-delimiters, ":", "@" and "/" becomes
// %XX (uppercase hex), so spaces, "#", "?", "%", control characters and the
// UTF-8 bytes of non-ASCII characters are all encoded. A static server that
// decodes the path finds the same bytes on disk.
func EncodePath(p string) string { return escape(p, true) }

// escape percent-encodes the bytes of p outside pathSafe; "/" too unless
// keepSlash.
func escape(p string, keepSlash bool) string {
	safe := func(c byte) bool { return pathSafe[c] && (keepSlash || c != '/') }
	n := 0
	for i := 0; i < len(p); i++ {
		if !safe(p[i]) {
			n++
		}
	}
	if n == 0 {
		return p
	}
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(p)+2*n)
	for i := 0; i < len(p); i++ {
		c := p[i]
		if safe(c) {
			b = append(b, c)
		} else {
			b = append(b, '%', hex[c>>4], hex[c&15])
		}
	}
	return string(b)
}

// pathSafe marks the bytes EncodePath keeps: RFC 3986 pchar minus
// pct-encoded, plus "/".
var pathSafe = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range "-._~!$&'()*+,;=:@/" {
		t[c] = true
	}
	return t
}()

// ParseBaseURL checks and normalizes a site's base URL: an absolute http or
// https URL with a host, without credentials, query or fragment. The scheme
// and host are lowercased, an internationalized host is converted to
// Punycode, a default port is dropped, the path is percent-encoded and ends
// in "/".
func ParseBaseURL(s string) (string, error) {
	if s == "" {
		return "", fmt.Errorf("base URL is empty")
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("base URL %q: %v", s, unwrapURLError(err))
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", fmt.Errorf("base URL %q: want an absolute http:// or https:// URL", s)
	}
	if u.Opaque != "" || u.Host == "" {
		return "", fmt.Errorf("base URL %q has no host", s)
	}
	if u.User != nil {
		return "", fmt.Errorf("base URL %q: user name or password not allowed", s)
	}
	if u.RawQuery != "" || u.ForceQuery || u.Fragment != "" {
		return "", fmt.Errorf("base URL %q: query or fragment not allowed", s)
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); ip != nil {
		if ip.To4() == nil {
			host = "[" + ip.String() + "]"
		}
	} else if host, err = hostToASCII(host); err != nil {
		return "", fmt.Errorf("base URL %q: invalid host name", s)
	}
	host = strings.ToLower(host)
	if port := u.Port(); port != "" && !(scheme == "http" && port == "80" || scheme == "https" && port == "443") {
		host += ":" + port
	}
	// Re-encode segment by segment, from the escaped path, so that an
	// encoded "/" (%2F) stays inside its segment.
	segs := strings.Split(u.EscapedPath(), "/")
	for i, seg := range segs {
		dec, err := url.PathUnescape(seg)
		if err != nil {
			return "", fmt.Errorf("base URL %q: %v", s, err)
		}
		segs[i] = escape(dec, false)
	}
	p := strings.Join(segs, "/")
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return scheme + "://" + host + p, nil
}

// hostToASCII converts a host name to its ASCII (Punycode) form, and
// fails unless that form is itself a valid host name.
func hostToASCII(host string) (string, error) {
	if !utf8.ValidString(host) {
		return "", fmt.Errorf("invalid UTF-8")
	}
	a, err := idna.Lookup.ToASCII(host)
	if err != nil {
		return "", err
	}
	if again, err := idna.Lookup.ToASCII(a); err != nil || again != a || a == "" {
		return "", fmt.Errorf("invalid host %q", host)
	}
	return a, nil
}

func unwrapURLError(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}
