package mapping

import (
	"cmp"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// EncodePath percent-encodes a URL path per RFC 3986: every byte outside
// the unreserved characters, the sub-delimiters, ":", "@" and "/" becomes
// %XX (uppercase hex), so spaces, "#", "?", "%", control characters and the
// UTF-8 bytes of non-ASCII characters are all encoded. A static server that
// decodes the path finds the same bytes on disk.
func EncodePath(p string) string { return escape(p, true) }

// escape percent-encodes the bytes of p outside pathSafe; "/" too unless
// keepSlash.
func escape(p string, keepSlash bool) string { return escapeAfter("", p, keepSlash) }

// escapeAfter returns prefix followed by escape(p, keepSlash), made in
// one allocation.
func escapeAfter(prefix, p string, keepSlash bool) string {
	safe := func(c byte) bool { return pathSafe[c] && (keepSlash || c != '/') }
	n := 0
	for i := 0; i < len(p); i++ {
		if !safe(p[i]) {
			n++
		}
	}
	if n == 0 {
		if prefix == "" {
			return p
		}
		return prefix + p
	}
	var b strings.Builder // one allocation, not a []byte and its string
	b.Grow(len(prefix) + len(p) + 2*n)
	b.WriteString(prefix)
	for i := 0; i < len(p); i++ {
		c := p[i]
		if safe(c) {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		}
	}
	return b.String()
}

// hexDigits are the digits EncodePath writes.
const hexDigits = "0123456789ABCDEF"

// encodesTo reports whether EncodePath(p) is enc, without making it.
func encodesTo(p, enc string) bool {
	j := 0
	for i := 0; i < len(p); i++ {
		c := p[i]
		if pathSafe[c] {
			if j >= len(enc) || enc[j] != c {
				return false
			}
			j++
			continue
		}
		if j+3 > len(enc) || enc[j] != '%' || enc[j+1] != hexDigits[c>>4] || enc[j+2] != hexDigits[c&15] {
			return false
		}
		j += 3
	}
	return j == len(enc)
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
// in "/". Its error is a *BaseURLError.
func ParseBaseURL(s string) (string, error) {
	if s == "" {
		return "", &BaseURLError{Why: "empty"}
	}
	refuse := func(why string, detail error) (string, error) {
		e := &BaseURLError{URL: s, Why: why}
		if detail != nil {
			e.Detail = diag.Excerpt(unwrapURLError(detail).Error())
		}
		return "", e
	}
	u, err := url.Parse(s)
	if err != nil {
		return refuse("not a URL", err)
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return refuse("want an absolute http:// or https:// URL", nil)
	}
	if u.Opaque != "" || u.Host == "" {
		return refuse("no host", nil)
	}
	if u.User != nil {
		return refuse("user name or password not allowed", nil)
	}
	if u.RawQuery != "" || u.ForceQuery || strings.Contains(s, "#") { // "#" alone leaves Fragment empty
		return refuse("query or fragment not allowed", nil)
	}
	host, err := normalHost(u, scheme)
	if err == nil {
		err = strictHost(u, host)
	}
	if err != nil {
		return refuse("not a host name and port", err)
	}
	p, err := reencodePath(u.EscapedPath())
	if err != nil {
		return refuse("not a URL path", err)
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return scheme + "://" + host + p, nil
}

// A BaseURLError says why ParseBaseURL refuses a base URL.
type BaseURLError struct {
	// URL is the URL refused, "" for an empty one.
	URL string
	// Why says what is wrong without quoting any part of the URL: the
	// whole of what a message may say of a URL it must not show (one a
	// variable of the environment gives because the repository named it).
	Why string
	// Detail, when set, says it with the part of the URL at fault ("invalid
	// port \":99x\" after host").
	Detail string
}

// Error quotes the URL as diag.URL shows it, then says what is wrong.
func (e *BaseURLError) Error() string {
	if e.URL == "" {
		return "base URL is empty"
	}
	return fmt.Sprintf("base URL %q: %s", diag.URL(e.URL), cmp.Or(e.Detail, e.Why))
}

// strictHost checks what normalHost lets pass in a base URL: its port,
// 1–65535, and the labels of a host name (host, in ASCII), each 1–63
// letters, digits and hyphens, not beginning or ending with a hyphen.
func strictHost(u *url.URL, host string) error {
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("port %s is not one of 1–65535", diag.Excerpt(p))
		}
	}
	if strings.HasPrefix(host, "[") || net.ParseIP(u.Hostname()) != nil {
		return nil
	}
	name := u.Hostname()
	if a, err := HostToASCII(name); err == nil {
		name = a
	}
	if len(name) > 253 {
		return fmt.Errorf("host name is longer than 253 characters")
	}
	for _, label := range strings.Split(name, ".") {
		ok := len(label) >= 1 && len(label) <= 63 && label[0] != '-' && label[len(label)-1] != '-'
		for _, c := range []byte(label) {
			ok = ok && ('a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || c == '-')
		}
		if !ok {
			return fmt.Errorf("host %q: label %q is not 1–63 letters, digits and inner hyphens", diag.Excerpt(u.Hostname()), diag.Excerpt(label))
		}
	}
	return nil
}

// HostToASCII converts a host name to its ASCII (Punycode) form, and
// fails unless that form is itself a valid host name.
func HostToASCII(host string) (string, error) {
	if !utf8.ValidString(host) {
		return "", fmt.Errorf("invalid UTF-8")
	}
	a, err := idna.Lookup.ToASCII(host)
	if err != nil {
		return "", err
	}
	if again, err := idna.Lookup.ToASCII(a); err != nil || again != a || a == "" {
		return "", fmt.Errorf("invalid host %q", diag.Excerpt(host))
	}
	return a, nil
}

func unwrapURLError(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}

// NormalizeURL resolves ref against base and returns it in the form Loc
// uses, so that two spellings of one URL compare equal: scheme and host
// lowercased (an internationalized host in Punycode), a default port
// dropped, the path percent-encoded as EncodePath does (an encoded "/"
// stays encoded), the query kept, the fragment dropped. It fails for a
// reference that does not parse or is not an http or https URL.
func NormalizeURL(ref string, base *url.URL) (string, error) {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return "", fmt.Errorf("not a URL (%s)", diag.Excerpt(unwrapURLError(err).Error()))
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" || u.Host == "" || u.Opaque != "" {
		return "", fmt.Errorf("not an absolute http(s) URL")
	}
	host, err := normalHost(u, scheme)
	if err != nil {
		return "", err
	}
	p, err := reencodePath(u.EscapedPath())
	if err != nil {
		return "", fmt.Errorf("bad path (%v)", err)
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	out := scheme + "://" + host + p
	if u.RawQuery != "" {
		out += "?" + escapeQuery(u.RawQuery)
	}
	return out, nil
}

// reencodePath percent-encodes an escaped URL path as EncodePath does,
// segment by segment, so that an encoded "/" (%2F) stays in its segment,
// and removes its dot segments (RFC 3986, 5.2.4; "%2E" is ".", as 6.2.2.2
// says, so "/a/%2e%2e/b" is "/b"), a ".." at the root staying there.
func reencodePath(escaped string) (string, error) {
	segs := strings.Split(escaped, "/")
	for i, seg := range segs {
		dec, err := url.PathUnescape(seg)
		if err != nil {
			return "", err
		}
		segs[i] = escape(dec, false)
	}
	p := strings.Join(segs, "/")
	if rest, ok := strings.CutPrefix(p, "/"); ok {
		clean, _ := removeDotSegments(rest, true)
		return "/" + clean, nil
	}
	return p, nil
}

// removeDotSegments resolves the "." and ".." segments of a relative,
// slash-separated path as a browser does ("a/./b/../c/" is "a/c/"; "a/."
// is "a/"), keeping empty segments ("a//b"). ok is false when a ".."
// climbs above the path's start ("../x", "a/../../x"), unless atRoot: a
// ".." there stays there, as at a URL's root ("../x" is "x").
func removeDotSegments(p string, atRoot bool) (clean string, ok bool) {
	if !hasDotSegment(p) {
		return p, true
	}
	segs := strings.Split(p, "/")
	out := make([]string, 0, len(segs))
	for i, seg := range segs {
		switch seg {
		case ".":
		case "..":
			if len(out) == 0 && !atRoot {
				return "", false
			}
			out = out[:max(len(out)-1, 0)]
		default:
			out = append(out, seg)
			continue
		}
		if i == len(segs)-1 { // "a/." and "a/b/.." are folders: "a/"
			out = append(out, "")
		}
	}
	return strings.Join(out, "/"), true
}

// hasDotSegment reports whether the slash-separated path p has a "." or
// ".." segment.
func hasDotSegment(p string) bool {
	for seg := range strings.SplitSeq(p, "/") {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// normalHost returns u's host lowercased, in Punycode, without the
// scheme's default port.
func normalHost(u *url.URL, scheme string) (string, error) {
	host := u.Hostname()
	if ip := net.ParseIP(host); ip != nil {
		if ip.To4() == nil {
			host = "[" + ip.String() + "]"
		}
	} else {
		var err error
		if host, err = HostToASCII(host); err != nil {
			return "", fmt.Errorf("invalid host name")
		}
	}
	host = strings.ToLower(host)
	if port := u.Port(); port != "" && !(scheme == "http" && port == "80" || scheme == "https" && port == "443") {
		host += ":" + port
	}
	return host, nil
}

// escapeQuery percent-encodes the bytes of a raw query that may not stand
// in one (spaces, non-ASCII, quotes), keeping existing escapes.
func escapeQuery(q string) string {
	var b strings.Builder
	for i := 0; i < len(q); i++ {
		c := q[i]
		if pathSafe[c] || c == '?' || c == '%' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// join returns the URL of the unencoded URL path p below the base URL.
func (m *Mapper) join(p string) string {
	if p == "" {
		return m.bare
	}
	return escapeAfter(m.base, p, true)
}

// joinAs is join, but returns known when it is that URL, and then makes
// nothing: a page's canonical link mostly names the page's own URL, and
// its string, made by the head's reader, serves as the page's loc.
func (m *Mapper) joinAs(p, known string) string {
	if p != "" && len(known) > len(m.base) && known[:len(m.base)] == m.base && encodesTo(p, known[len(m.base):]) {
		return known
	}
	return m.join(p)
}

// below returns the encoded path of loc below the base URL.
// Under reports whether the URL loc, normalized, is the base URL or a URL
// under it: a URL a sitemap at the base URL may list.
func (m *Mapper) Under(loc string) bool {
	_, ok := m.below(loc)
	return ok
}

func (m *Mapper) below(loc string) (string, bool) {
	if loc == m.bare {
		return "", true
	}
	return strings.CutPrefix(loc, m.base)
}

// URLPath returns the unencoded URL path, relative to the base URL, of the
// file at the slash-separated relative path rel ("docs/" for
// docs/index.html).
func (m *Mapper) URLPath(rel string) string {
	p, _ := m.urlPath(rel)
	return p
}

// Loc returns the absolute, percent-encoded URL of the file at the
// slash-separated relative path rel.
func (m *Mapper) Loc(rel string) string {
	p, _ := m.urlPath(rel)
	return m.join(p)
}

// PathForm says how a file's path follows from its URL: what to add to
// the URL's decoded path (relative to the base URL) to get the file's
// path. It lets a record of a page keep its URL alone.
type PathForm uint8

// The forms of Decision.Form. FormUnknown means the URL does not tell
// the path (a canonical link changed it).
const (
	FormSame PathForm = iota
	FormIndexHTML
	FormIndexHTM
	FormSlashIndexHTML
	FormSlashIndexHTM
	FormHTML
	FormHTM
	FormSlashHTML // /about/ for about.html
	FormSlashHTM
	FormUnknown
)

var formSuffix = [...]string{"", "index.html", "index.htm", "/index.html", "/index.htm", ".html", ".htm", ".html", ".htm"}

// PathOf returns the path of the file whose URL is loc, in form; false
// for FormUnknown or a loc not under the base URL.
func (m *Mapper) PathOf(loc string, form PathForm) (string, bool) {
	rest, ok := m.below(loc)
	if !ok || form >= FormUnknown {
		return "", false
	}
	p, err := url.PathUnescape(rest)
	if err != nil {
		return "", false
	}
	if form == FormSlashHTML || form == FormSlashHTM {
		var ok bool
		if p, ok = strings.CutSuffix(p, "/"); !ok {
			return "", false
		}
	}
	return p + formSuffix[form], true
}

// urlPath returns the unencoded URL path of rel relative to the base URL,
// and how rel follows from it.
func (m *Mapper) urlPath(rel string) (string, PathForm) {
	dir, name := "", rel
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		dir, name = rel[:i+1], rel[i+1:]
	}
	if (name == "index.html" || name == "index.htm") && !m.opts.IndexFiles {
		form := FormIndexHTML
		if name == "index.htm" {
			form = FormIndexHTM
		}
		if dir == "" || m.opts.TrailingSlash != SlashNever || slices.Contains(m.opts.SlashedHomes, dir) {
			return dir, form
		}
		return dir[:len(dir)-1], form + (FormSlashIndexHTML - FormIndexHTML)
	}
	if m.opts.CleanURLs {
		// A stem of dots would be a dot segment: "...html" keeps its name.
		slash := m.opts.TrailingSlash == SlashEverywhere
		if stem, ok := strings.CutSuffix(name, ".html"); ok && stem != "" && stem != "." && stem != ".." {
			if slash {
				return dir + stem + "/", FormSlashHTML
			}
			return dir + stem, FormHTML
		}
		if stem, ok := strings.CutSuffix(name, ".htm"); ok && stem != "" && stem != "." && stem != ".." {
			if slash {
				return dir + stem + "/", FormSlashHTM
			}
			return dir + stem, FormHTM
		}
	}
	return rel, FormSame
}

// extensionless returns the URL path of the page at rel without its
// .html or .htm extension, in form FormHTML or FormHTM (Page.Extensionless),
// or urlPath and form, the URL form's, where the platform answers it
// with other than 200, or where the URL form drops the extension
// already.
func (m *Mapper) extensionless(rel, urlPath string, form PathForm) (string, PathForm) {
	if form == FormHTML || form == FormHTM {
		return urlPath, form
	}
	stem, ok := strings.CutSuffix(rel, ".html")
	bare := FormHTML
	if !ok {
		stem, ok = strings.CutSuffix(rel, ".htm")
		bare = FormHTM
	}
	// A name of dots would be a dot segment: "...html" keeps its name.
	if name := stem[strings.LastIndexByte(stem, '/')+1:]; !ok || name == "" || name == "." || name == ".." {
		return urlPath, form
	}
	if m.opts.Style != nil {
		if status, _ := m.opts.Style.Answer(rel, stem); status != 200 {
			return urlPath, form
		}
	}
	return stem, bare
}

func cutHTMLExt(name string) (string, bool) {
	if s, ok := strings.CutSuffix(name, ".html"); ok {
		return s, true
	}
	return strings.CutSuffix(name, ".htm")
}
