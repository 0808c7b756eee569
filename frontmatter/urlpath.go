package frontmatter

import (
	"errors"
	"strings"
)

// The reasons CheckURLPath gives.
var (
	ErrOtherHost    = errors.New("names a host; give a path on the site")
	ErrBackslash    = errors.New(`has a backslash, which browsers read as "/" and servers do not`)
	ErrEncodedDot   = errors.New(`has a percent-encoded dot segment ("%2e"), which browsers read as "." or ".."`)
	ErrAboveTheRoot = errors.New(`climbs above the site's root with ".."`)
)

// CheckURLPath reports why s, the value of a front matter url (Hugo) or
// permalink (Jekyll), cannot be a path on the site, or nil when it can.
// Generators publish a page at such a value as a path under the site's
// root, and a sitemap lists it under the base URL; these values would
// take it elsewhere, or to a URL other than the file's:
//
//   - [ErrOtherHost]: a scheme and "//" ("https://evil.example/x"), or a
//     network-path reference ("//evil.example/x", and "/\evil.example/x",
//     which browsers read as one); tabs and newlines do not count, as
//     browsers drop them;
//   - [ErrBackslash]: a backslash anywhere;
//   - [ErrEncodedDot]: a segment that is "." or ".." once "%2e" is
//     decoded ("%2e%2e", ".%2E");
//   - [ErrAboveTheRoot]: ".." segments that climb above the root
//     ("/../etc/passwd", "a/../../b"); "a/../b" stays below it.
//
// A relative value is taken from the root ("a/b" is "/a/b").
func CheckURLPath(s string) error {
	browser := dropTabsNewlines(strings.TrimSpace(s))
	rest := browser
	if i := schemeEnd(browser); i > 0 {
		rest = browser[i+1:]
	}
	if len(rest) >= 2 && isSlash(rest[0]) && isSlash(rest[1]) {
		return ErrOtherHost
	}
	if strings.ContainsRune(s, '\\') {
		return ErrBackslash
	}
	depth := 0
	for seg := range strings.SplitSeq(s, "/") {
		switch seg {
		case "", ".":
			continue
		case "..":
			if depth--; depth < 0 {
				return ErrAboveTheRoot
			}
			continue
		}
		if strings.Contains(seg, "%") {
			if dots := strings.ReplaceAll(strings.ToLower(seg), "%2e", "."); dots == "." || dots == ".." {
				return ErrEncodedDot
			}
		}
		depth++
	}
	return nil
}

// dropTabsNewlines removes what browsers remove from a URL before they
// parse it: tabs and line breaks.
func dropTabsNewlines(s string) string {
	if !strings.ContainsAny(s, "\t\n\r") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	return string(b)
}

// schemeEnd returns the index of the colon that ends s's URL scheme
// (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), RFC 3986), or -1.
func schemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i
		default:
			return -1
		}
	}
	return -1
}

func isSlash(c byte) bool { return c == '/' || c == '\\' }
