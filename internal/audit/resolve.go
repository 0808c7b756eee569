package audit

import (
	"bytes"
	"net/url"
	"strings"
)

// site is what resolving a link needs of the base URL: its scheme, host
// (lowercase, without a default port) and path, which ends in "/".
type site struct {
	scheme, host, path string
}

func siteOf(baseURL string) (site, error) {
	u, err := url.Parse(baseURL)
	if err != nil {
		return site{}, err
	}
	p := u.EscapedPath()
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return site{scheme: strings.ToLower(u.Scheme), host: hostKey(u.Host, u.Scheme), path: p}, nil
}

// hostKey is a host as links are compared by: lowercase, without the
// scheme's default port.
func hostKey(host, scheme string) string {
	host = strings.ToLower(host)
	switch {
	case strings.EqualFold(scheme, "https") && strings.HasSuffix(host, ":443"):
		host = strings.TrimSuffix(host, ":443")
	case strings.EqualFold(scheme, "http") && strings.HasSuffix(host, ":80"):
		host = strings.TrimSuffix(host, ":80")
	}
	return strings.TrimSuffix(host, ".")
}

// resolver turns a page's links into paths of the site folder, without
// allocating for the common link.
type resolver struct {
	site site
	// dir is the URL path (absolute, percent-encoded, ending in "/") that
	// the page's relative links start from; offsite when a <base href>
	// puts them on another host.
	dir     []byte
	offsite bool
	buf     []byte // the link's URL path, then the file path it names
	clean   []byte // the href without tabs and newlines
	// unclean is set by resolve when the link's path, decoded, had an
	// empty segment ("//") or a dot segment ("%2e%2e%2f" decodes to
	// "../"): the path returned is the collapsed one.
	unclean bool
}

// page starts the links of the page at rel (a path of the site folder).
func (r *resolver) page(rel string) {
	r.dir = append(r.dir[:0], r.site.path...)
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		r.dir = appendEscaped(r.dir, rel[:i+1])
	}
	r.offsite = false
}

// base applies the page's <base href>: the links after it start from it.
func (r *resolver) base(href []byte) {
	p, kind := r.urlPath(href)
	switch kind {
	case linkInternal, linkOutside:
		if i := bytes.LastIndexByte(p, '/'); i >= 0 {
			r.dir = append(r.dir[:0], p[:i+1]...)
		}
	case linkOffsite:
		r.offsite = true
	}
}

// linkKind is what a link points at.
type linkKind uint8

const (
	linkSkip     linkKind = iota // this page itself, a fragment, a link that is no URL
	linkInternal                 // a path of the site
	linkOutside                  // the site's host, outside the base URL's path
	linkOffsite                  // another host
	linkOther                    // another scheme: mailto:, javascript:, data:, tel: …
)

// resolve returns the path of the site folder a link names, decoded
// ("docs/caf\u00e9/", "" for the site's root), when it is internal. The
// bytes are valid until the next call. A path whose decoded form has an
// empty or a dot segment is collapsed, never above the site's root, and
// r.unclean says so.
func (r *resolver) resolve(href []byte) ([]byte, linkKind) {
	r.unclean = false
	p, kind := r.urlPath(href)
	if kind != linkInternal {
		return nil, kind
	}
	rel := p[len(r.site.path):]
	// Decoding never lengthens: decode in place.
	out := r.buf[:0]
	for i := 0; i < len(rel); i++ {
		c := rel[i]
		if c == '%' && i+2 < len(rel) && isHex(rel[i+1]) && isHex(rel[i+2]) {
			c = unhex(rel[i+1])<<4 | unhex(rel[i+2])
			i += 2
		}
		out = append(out, c)
	}
	out, r.unclean = collapse(out)
	r.buf = out
	return out, linkInternal
}

// collapse removes the empty, "." and ".." segments of the relative path
// p, in place, ".." never above the start; a final "/" stays. It reports
// whether it removed any.
func collapse(p []byte) ([]byte, bool) {
	if !needsCollapse(p) {
		return p, false
	}
	last := p[bytes.LastIndexByte(p, '/')+1:]
	dir := len(last) == 0 || string(last) == "." || string(last) == ".."
	out := p[:0]
	for i := 0; i <= len(p); {
		j := i
		for j < len(p) && p[j] != '/' {
			j++
		}
		switch seg := p[i:j]; string(seg) {
		case "", ".":
		case "..":
			if k := bytes.LastIndexByte(out[:max(len(out)-1, 0)], '/'); k >= 0 {
				out = out[:k+1]
			} else {
				out = out[:0]
			}
		default:
			out = append(out, seg...) // never ahead of what is read: out only shrinks
			out = append(out, '/')
		}
		i = j + 1
	}
	if !dir && len(out) > 0 {
		out = out[:len(out)-1]
	}
	return out, true
}

// needsCollapse reports whether p has an empty, "." or ".." segment, or
// starts with "/".
func needsCollapse(p []byte) bool {
	for i := 0; i < len(p); {
		j := i
		for j < len(p) && p[j] != '/' {
			j++
		}
		seg := p[i:j]
		if len(seg) == 0 && j < len(p) || string(seg) == "." || string(seg) == ".." {
			return true
		}
		i = j + 1
	}
	return false
}

// urlPath returns a link's absolute URL path, percent-encoded as written,
// dot segments removed, without query and fragment, and whether it is
// under the base URL.
func (r *resolver) urlPath(href []byte) ([]byte, linkKind) {
	href = trimURL(href)
	if bytes.ContainsAny(href, "\t\n\r\\") {
		// The URL standard drops tabs and newlines, and reads a
		// backslash as a slash in an http URL.
		r.clean = r.clean[:0]
		for _, c := range href {
			switch c {
			case '\t', '\n', '\r':
				continue
			case '\\':
				c = '/'
			}
			r.clean = append(r.clean, c)
		}
		href = r.clean
	}
	if len(href) == 0 || href[0] == '#' {
		return nil, linkSkip
	}
	rest := href
	s, hasScheme := scheme(href)
	if hasScheme {
		rest = href[len(s)+1:]
		if !isHTTP(s) {
			return nil, linkOther
		}
		if !bytes.HasPrefix(rest, []byte("//")) {
			return nil, linkSkip // "http:x", relative with a scheme: rare, and not worth guessing
		}
	}
	out := r.buf[:0]
	switch {
	case bytes.HasPrefix(rest, []byte("//")):
		auth := rest[2:]
		end := bytes.IndexAny(auth, "/?#")
		if end < 0 {
			end = len(auth)
		}
		sch := []byte(r.site.scheme)
		if hasScheme {
			sch = s
		}
		if !r.sameHost(auth[:end], sch) {
			return nil, linkOffsite
		}
		rest = auth[end:]
		if len(rest) == 0 || rest[0] != '/' {
			out = append(out, '/')
		}
	case rest[0] == '/':
	default:
		if r.offsite {
			return nil, linkOffsite
		}
		out = append(out, r.dir...)
	}
	if end := bytes.IndexAny(rest, "?#"); end >= 0 {
		rest = rest[:end]
	}
	if len(out) == 0 && len(rest) == 0 { // "?q" alone: this page
		return nil, linkSkip
	}
	out = append(out, rest...)
	out = removeDots(out)
	r.buf = out
	if !bytes.HasPrefix(out, []byte(r.site.path)) {
		if string(out)+"/" == r.site.path { // "/blog" for a site at /blog/
			r.buf = append(out, '/')
			return r.buf, linkInternal
		}
		return out, linkOutside
	}
	return out, linkInternal
}

// trimURL trims what the URL standard trims: C0 controls and spaces.
func trimURL(b []byte) []byte {
	for len(b) > 0 && b[0] <= ' ' {
		b = b[1:]
	}
	for len(b) > 0 && b[len(b)-1] <= ' ' {
		b = b[:len(b)-1]
	}
	return b
}

// scheme returns the scheme a URL starts with, if any.
func scheme(b []byte) ([]byte, bool) {
	for i, c := range b {
		switch {
		case 'a' <= c|0x20 && c|0x20 <= 'z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return b[:i], true
		default:
			return nil, false
		}
	}
	return nil, false
}

func isHTTP(s []byte) bool {
	return bytes.EqualFold(s, []byte("http")) || bytes.EqualFold(s, []byte("https"))
}

// sameHost reports whether a link's authority (host and port) is the
// site's host, for a link of the scheme sch.
func (r *resolver) sameHost(auth, sch []byte) bool {
	if bytes.IndexByte(auth, '@') >= 0 {
		return false // userinfo: a phishing shape, never the site's own link
	}
	switch {
	case bytes.EqualFold(sch, []byte("https")) && bytes.HasSuffix(auth, []byte(":443")):
		auth = auth[:len(auth)-4]
	case bytes.EqualFold(sch, []byte("http")) && bytes.HasSuffix(auth, []byte(":80")):
		auth = auth[:len(auth)-3]
	}
	auth = bytes.TrimSuffix(auth, []byte("."))
	return bytes.EqualFold(auth, []byte(r.site.host))
}

// removeDots removes the "." and ".." segments of an absolute path, as RFC
// 3986 §5.2.4 does ("/a/b/../c" is "/a/c", "/../a" is "/a"), in place.
func removeDots(p []byte) []byte {
	out := p[:0]
	for i := 0; i < len(p); {
		// p[i] is the "/" that starts a segment.
		j := i + 1
		for j < len(p) && p[j] != '/' {
			j++
		}
		seg := p[i+1 : j]
		last := j == len(p)
		switch {
		case isDot(seg):
			if last {
				out = append(out, '/')
			}
		case isDotDot(seg):
			if k := bytes.LastIndexByte(out, '/'); k >= 0 {
				out = out[:k]
			}
			if last {
				out = append(out, '/')
			}
		default:
			out = append(out, p[i:j]...)
		}
		i = j
	}
	if len(out) == 0 {
		out = append(out, '/')
	}
	return out
}

func isDot(s []byte) bool {
	return string(s) == "." || strings.EqualFold(string(s), "%2e")
}

func isDotDot(s []byte) bool {
	switch strings.ToLower(string(s)) {
	case "..", ".%2e", "%2e.", "%2e%2e":
		return true
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return (c | 0x20) - 'a' + 10
}

// appendEscaped appends a path of the site folder percent-encoded as a
// URL path would be where it must be: the bytes a link's own encoding
// would leave as they are stay as they are, and decoding undoes it.
func appendEscaped(dst []byte, p string) []byte {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '%' || c == '?' || c == '#' || c == '\\' || c <= ' ' || c >= 0x7f {
			dst = append(dst, '%', hex[c>>4], hex[c&15])
			continue
		}
		dst = append(dst, c)
	}
	return dst
}
