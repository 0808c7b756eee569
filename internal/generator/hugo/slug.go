package hugo

import (
	"net/url"
	"strings"
	"unicode"
)

// hugoSanitize is Hugo's paths.Sanitize, the first half of its urlize
// (the second is percent-encoding, which URLPath leaves to its caller).
// It keeps letters, digits, marks and . / \ _ # + ~ - @ and % when it
// starts a percent-escape; it turns each run of white space between kept
// characters into one hyphen (none after a hyphen), and drops every other
// character. Checked against Hugo 0.111.3 (`urlize` and content paths).
func hugoSanitize(s string) string {
	clean := true
	for i, r := range s {
		if !hugoAllowed(s, i, r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	prependHyphen, wasHyphen := false, false
	for i, r := range s {
		if hugoAllowed(s, i, r) {
			wasHyphen = r == '-'
			if prependHyphen {
				if !wasHyphen {
					b.WriteByte('-')
				}
				prependHyphen = false
			}
			b.WriteRune(r)
		} else if b.Len() > 0 && !wasHyphen && unicode.IsSpace(r) {
			prependHyphen = true
		}
	}
	return b.String()
}

func hugoAllowed(s string, i int, r rune) bool {
	if r == ' ' {
		return false
	}
	if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) {
		return true
	}
	switch r {
	case '.', '/', '\\', '_', '#', '+', '~', '-', '@':
		return true
	case '%':
		return i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// urlize is Hugo's urlize without its percent-encoding: sanitized and,
// unless disablePathToLower is set, lower-cased. Hugo keeps a valid
// percent-escape of the input as an escape, so it is decoded here.
func (h *Preset) urlize(s string) string {
	s = h.makePath(s)
	if strings.Contains(s, "%") {
		if u, err := url.PathUnescape(s); err == nil {
			s = u
		}
	}
	return s
}

// TermPath returns the URL path of a term's page of a taxonomy (its
// plural name, "tags"), as Hugo publishes it by default:
// /tags/a-term/.
func (h *Preset) TermPath(taxonomy, term string) string {
	return h.TaxonomyPath(taxonomy) + h.urlize(term) + "/"
}

// TaxonomyPath returns the URL path of a taxonomy's page, as Hugo
// publishes it by default: "/tags/".
func (h *Preset) TaxonomyPath(taxonomy string) string {
	return "/" + h.urlize(taxonomy) + "/"
}

// makePath sanitizes one path element as Hugo's MakePathSanitized does.
func (h *Preset) makePath(s string) string {
	s = hugoSanitize(s)
	if !h.DisablePathToLower {
		s = strings.ToLower(s)
	}
	return s
}
