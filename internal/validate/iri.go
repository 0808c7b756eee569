package validate

// IRIs: URLs with characters beyond ASCII (RFC 3987), which the protocol
// takes ("URLs follow the RFC-3986 standard for URIs, the RFC-3987
// standard for IRIs") and so does the schemas' xsd:anyURI. An IRI is
// checked as the URI it maps to, and is advice: the protocol's own
// example writes such characters percent-encoded.

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/mapping"
)

// iriURI returns the URI that v, an IRI, maps to (RFC 3987, section
// 3.1): its host in Punycode, each other character beyond ASCII
// percent-encoded as its UTF-8 bytes; v itself when it is all ASCII. msg
// says what keeps v from being an IRI, or is "": bytes that are not
// UTF-8, a host that is no internationalized domain name, a character
// outside ucschar (a private-use one is allowed in the query only), or a
// bidirectional formatting one (section 4.1).
func iriURI(v string) (uri, msg string) {
	if isASCII(v) {
		return v, ""
	}
	if !utf8.ValidString(v) {
		return "", fmt.Sprintf("URL %q is not UTF-8", diag.URLExcerpt(v))
	}
	var b strings.Builder
	rest := v
	if scheme, after, ok := strings.Cut(v, "://"); ok {
		end := strings.IndexAny(after, "/?#")
		if end < 0 {
			end = len(after)
		}
		auth := after[:end]
		at := strings.LastIndexByte(auth, '@') + 1
		host, port := auth[at:], ""
		if i := strings.LastIndexByte(host, ':'); i >= 0 && digits(host[i+1:]) {
			host, port = host[:i], host[i:]
		}
		if !isASCII(host) {
			a, err := mapping.HostToASCII(host)
			if err != nil {
				return "", fmt.Sprintf("URL %q: host %q is no internationalized domain name (%s)", diag.Excerpt(v), diag.Excerpt(host), diag.Excerpt(err.Error()))
			}
			host = a
		}
		b.WriteString(scheme + "://")
		if msg := encodeIRI(&b, v, auth[:at], false); msg != "" {
			return "", msg
		}
		b.WriteString(host + port)
		rest = after[end:]
	}
	frag := len(rest)
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		frag = i
	}
	q := frag
	if i := strings.IndexByte(rest[:frag], '?'); i >= 0 {
		q = i
	}
	for _, p := range []struct {
		s     string
		query bool
	}{{rest[:q], false}, {rest[q:frag], true}, {rest[frag:], false}} {
		if msg := encodeIRI(&b, v, p.s, p.query); msg != "" {
			return "", msg
		}
	}
	return b.String(), ""
}

// encodeIRI writes s, a part of the IRI v, to b with each character
// beyond ASCII percent-encoded, or says which character no IRI holds
// there; query says s is the query, where private-use characters are
// allowed.
func encodeIRI(b *strings.Builder, v, s string, query bool) string {
	const hex = "0123456789ABCDEF"
	for i, r := range s {
		switch {
		case r < utf8.RuneSelf:
			b.WriteByte(byte(r))
			continue
		case r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E:
			return fmt.Sprintf("URL %q has the bidirectional formatting character U+%04X, which no IRI holds (RFC 3987, section 4.1)", diag.URLExcerpt(v), r)
		case !ucschar(r) && !(query && iprivate(r)):
			return fmt.Sprintf("URL %q has the character U+%04X, which no IRI holds (RFC 3987)", diag.URLExcerpt(v), r)
		}
		for _, c := range []byte(s[i : i+utf8.RuneLen(r)]) {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return ""
}

// ucschar reports whether r is one of RFC 3987's ucschar: a character
// beyond ASCII an IRI may hold anywhere.
func ucschar(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0x10000 && r <= 0xEFFFD:
		return r&0xFFFF <= 0xFFFD && (r < 0xE0000 || r >= 0xE1000)
	}
	return false
}

// iprivate reports whether r is one of RFC 3987's iprivate: a
// private-use character, which an IRI may hold in its query.
func iprivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0x10FFFD && r&0xFFFF <= 0xFFFD
}

// iriAdvice says of v, a URL urlProblem takes, that it is an IRI and how
// it is written percent-encoded; "" when v is all ASCII.
func iriAdvice(v string) string {
	u, _ := iriURI(v)
	if u == v {
		return ""
	}
	return fmt.Sprintf("URL %q is an IRI (characters beyond ASCII), which the protocol (RFC 3987) and the schema take; the protocol's own example writes such characters percent-encoded: %s", diag.URLExcerpt(v), diag.URLExcerpt(u))
}

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
