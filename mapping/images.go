package mapping

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// setImages gives d the images of srcs (Page.Images) that are the site's:
// resolved against base (the page's URL, or its <base href>), absolute
// http(s) URLs under the base URL or on a host of Options.ImageHosts,
// each once, in order, at most sitemap.MaxImages, with a warning for the
// rest. A source that is no such URL (blob:, a typo) is no image of the
// site, and is passed over in silence, as one on another host is.
func (m *Mapper) setImages(d *Decision, srcs []string, base *url.URL) {
	var seen map[string]bool // past a few images, the ones kept
	over := 0
	fast := m.plainResolver(base)
	for _, src := range srcs {
		u, ok := fast.resolve(src)
		if !ok {
			var err error
			if u, err = NormalizeURL(src, base); err != nil {
				continue
			}
		}
		u = m.OnDevServer(u)
		if !m.imageAllowed(u) || sitemap.CheckLoc(u) != nil {
			continue
		}
		if seen != nil && seen[u] || seen == nil && hasImage(d.URL.Images, u) {
			continue
		}
		if seen == nil && len(d.URL.Images) == 16 {
			seen = make(map[string]bool, len(srcs))
			for _, im := range d.URL.Images {
				seen[im.Loc] = true
			}
		}
		if seen != nil {
			seen[u] = true
		}
		if len(d.URL.Images) == sitemap.MaxImages {
			over++
			continue
		}
		d.URL.Images = append(d.URL.Images, sitemap.Image{Loc: u})
	}
	if over > 0 {
		d.Warnings = append(d.Warnings, fmt.Sprintf("the page shows %d images; the first %d are listed, the most a URL may have", sitemap.MaxImages+over, sitemap.MaxImages))
	}
}

// hasImage reports whether images has one at loc.
func hasImage(images []sitemap.Image, loc string) bool {
	for _, im := range images {
		if im.Loc == loc {
			return true
		}
	}
	return false
}

// imageAllowed reports whether the image at u, a normalized URL, is the
// site's: under the base URL, or on a host of Options.ImageHosts.
func (m *Mapper) imageAllowed(u string) bool { return m.onHosts(u, m.opts.ImageHosts) }

// onHosts reports whether u, a normalized URL, is under the base URL or
// on one of hosts (origins, a trailing slash aside).
func (m *Mapper) onHosts(u string, hosts []string) bool {
	if strings.HasPrefix(u, m.base) {
		return true
	}
	origin := u
	if i := strings.Index(u, "://"); i >= 0 {
		if j := strings.IndexByte(u[i+3:], '/'); j >= 0 {
			origin = u[:i+3+j]
		}
	}
	for _, h := range hosts {
		if strings.EqualFold(strings.TrimSuffix(h, "/"), origin) {
			return true
		}
	}
	return false
}

// plainResolver resolves the common image source or hreflang href, a
// path of plain characters (those EncodePath keeps, and the escapes it
// writes) on the page's own origin, the way NormalizeURL does
// (FuzzPlainResolver holds the two together), without parsing a URL or
// looking the host up again for each of a page's images or links. Any
// other source (a scheme, an empty segment, a query, a fragment, an
// escape EncodePath would not write, a byte it would encode) is not
// plain: NormalizeURL resolves it.
type plainResolver struct {
	origin string // scheme://host, normalized; "" when base is no http(s) URL
	host   string // the host of origin
	dir    string // base's path up to its last "/"
}

// plainResolver returns the resolver of a page whose URL (or <base href>)
// is base: on the base URL's origin, as most pages are, without looking
// the host up again.
func (m *Mapper) plainResolver(base *url.URL) plainResolver {
	if base == nil || m.baseURL == nil || base.Scheme != m.baseURL.Scheme || base.Host != m.baseURL.Host {
		return newPlainResolver(base)
	}
	origin := strings.TrimSuffix(m.base, m.baseURL.EscapedPath())
	if origin == m.base || strings.HasSuffix(origin, "/") || !strings.Contains(origin, "://") {
		return newPlainResolver(base)
	}
	return plainAt(base, origin, origin[strings.Index(origin, "://")+3:])
}

// locResolver returns the resolver of the page at loc, a URL under the
// base URL, without parsing it: m.plainResolver of loc parsed, when loc's
// path is plain (FuzzPlainResolver holds the two together); false when
// it is not, and the URL must be parsed.
func (m *Mapper) locResolver(loc string) (plainResolver, bool) {
	if m.baseURL == nil {
		return plainResolver{}, false
	}
	origin := strings.TrimSuffix(m.base, m.baseURL.EscapedPath())
	p, ok := strings.CutPrefix(loc, origin)
	if !ok || origin == m.base || strings.HasSuffix(origin, "/") || !strings.Contains(origin, "://") || !strings.HasPrefix(p, "/") || !plainPath(p) {
		return plainResolver{}, false
	}
	return plainResolver{origin: origin, host: origin[strings.Index(origin, "://")+3:], dir: p[:strings.LastIndexByte(p, '/')+1]}, true
}

// newPlainResolver returns the resolver of a page whose URL is base, its
// host normalized as NormalizeURL does.
func newPlainResolver(base *url.URL) plainResolver {
	if base == nil {
		return plainResolver{}
	}
	scheme := strings.ToLower(base.Scheme)
	if scheme != "http" && scheme != "https" || base.Host == "" {
		return plainResolver{}
	}
	host, err := normalHost(base, scheme)
	if err != nil {
		return plainResolver{}
	}
	return plainAt(base, scheme+"://"+host, host)
}

// plainAt is the resolver of base on origin (scheme://host, normalized):
// none when base's path is not plain, or base is no URL of a host.
func plainAt(base *url.URL, origin, host string) plainResolver {
	dir := base.EscapedPath()
	if base.Opaque != "" || base.User != nil || !plainPath(dir) {
		return plainResolver{}
	}
	dir = dir[:strings.LastIndexByte(dir, '/')+1]
	if dir == "" {
		dir = "/"
	}
	return plainResolver{origin: origin, host: host, dir: dir}
}

// resolve returns the absolute URL of src, when it is plain.
func (r plainResolver) resolve(src string) (string, bool) {
	src = strings.TrimSpace(src)
	if r.origin == "" || src == "" || !plainPath(src) {
		return "", false
	}
	whole := src
	// An absolute URL or a protocol-relative one on the page's own
	// origin, as written in lowercase ("https://example.com/a.png"):
	// its path.
	if rest, ok := cutFold(src, r.origin); ok {
		src = rest
	} else if rest, ok := cutFold(src, "//"+r.host); ok && strings.HasPrefix(r.origin, "http") {
		src = rest
	}
	if src == "" || strings.HasPrefix(src, "//") {
		return "", false
	}
	if i := strings.IndexAny(src, ":/"); i >= 0 && src[i] == ':' {
		return "", false // a scheme, or a first segment with a colon
	}
	p := src
	if p[0] != '/' {
		p = r.dir + p
	}
	if strings.Contains(p, "//") {
		return "", false // an empty segment: net/url's resolution is the reference
	}
	clean := removeDots(p)
	if len(whole) == len(r.origin)+len(clean) && strings.HasPrefix(whole, r.origin) && strings.HasSuffix(whole, clean) {
		return whole, true // as written: the usual absolute link, not made again
	}
	return r.origin + clean, true
}

// plainPath reports whether every byte of p is one EncodePath keeps, or
// in an escape as EncodePath writes it: "%" and two uppercase hex digits
// of a byte it encodes ("/" among them, as reencodePath keeps an encoded
// "/" in its segment). Such a path is one NormalizeURL leaves as it is.
func plainPath(p string) bool {
	for i := 0; i < len(p); i++ {
		if pathSafe[p[i]] {
			continue
		}
		if p[i] != '%' || i+2 >= len(p) {
			return false
		}
		hi, lo := upperHex(p[i+1]), upperHex(p[i+2])
		if hi < 0 || lo < 0 {
			return false
		}
		if c := byte(hi<<4 | lo); pathSafe[c] && c != '/' {
			return false // "%41" is "A" to NormalizeURL
		}
		i += 2
	}
	return true
}

// upperHex returns the value of the hex digit c, written in uppercase as
// EncodePath writes it; -1 for any other byte.
func upperHex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// removeDots removes the "." and ".." segments of an absolute path (RFC
// 3986, 5.2.4), a ".." at the root staying there.
func removeDots(p string) string {
	if !strings.Contains(p, "/.") {
		return p
	}
	segs := strings.Split(p[1:], "/")
	out := make([]string, 0, len(segs))
	for i, seg := range segs {
		last := i == len(segs)-1
		switch seg {
		case ".":
			if last {
				out = append(out, "")
			}
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, seg)
		}
	}
	return "/" + strings.Join(out, "/")
}

// cutFold returns s without prefix, matched case-insensitively, when the
// rest of s is a path ("" or starting with "/").
func cutFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return "", false
	}
	rest := s[len(prefix):]
	if rest != "" && rest[0] != '/' {
		return "", false
	}
	return rest, true
}
