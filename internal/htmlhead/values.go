package htmlhead

// What the head's elements say, read from their values: the refresh of
// a redirect, the dates of its meta tags and JSON-LD, a Next.js
// redirect's mark, an hreflang code.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/frontmatter"
	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// ValidHreflang reports whether s is an xs:language value, as the sitemap
// schema requires of hreflang: letters, then hyphen-separated groups of
// letters and digits (en, en-US, zh-Hant-TW, x-default).
func ValidHreflang(s string) bool {
	for i := 0; ; i++ {
		part, rest, more := strings.Cut(s, "-")
		if len(part) < 1 || len(part) > 8 {
			return false
		}
		for j := 0; j < len(part); j++ {
			c := part[j]
			letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
			if !letter && (i == 0 || c < '0' || c > '9') {
				return false
			}
		}
		if !more {
			return true
		}
		s = rest
	}
}

// parseRefresh parses the content of a meta refresh as browsers do:
// a delay, then an optional URL after ";" or ",", "url=" and quotes
// optional.
func parseRefresh(s string) (*Refresh, bool) {
	s = strings.TrimLeft(s, " \t\n\r\f")
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 {
		return nil, false
	}
	delay, err := strconv.ParseFloat(strings.TrimRight(s[:i], "."), 64)
	if err != nil {
		return nil, false
	}
	r := &Refresh{Delay: delay}
	rest := strings.TrimLeft(s[i:], " \t\n\r\f")
	if rest == "" {
		return r, true
	}
	if rest[0] != ';' && rest[0] != ',' {
		return nil, false
	}
	rest = strings.TrimLeft(rest[1:], " \t\n\r\f")
	if len(rest) >= 3 && strings.EqualFold(rest[:3], "url") {
		if after := strings.TrimLeft(rest[3:], " \t\n\r\f"); strings.HasPrefix(after, "=") {
			rest = strings.TrimLeft(after[1:], " \t\n\r\f")
		}
	}
	if rest != "" && (rest[0] == '"' || rest[0] == '\'') {
		q := rest[0]
		rest = rest[1:]
		if j := strings.IndexByte(rest, q); j >= 0 {
			rest = rest[:j]
		}
	}
	r.URL = strings.TrimSpace(rest)
	return r, true
}

// ModifiedSources are what Head.ModifiedFrom may be, in the order they
// are tried: the three meta tags', then JSON-LD's.
var ModifiedSources = [...]string{"article:modified_time", "og:updated_time", "meta last-modified", "JSON-LD dateModified"}

// finishDates sets Modified from the first date source that parses.
func (h *Head) finishDates(dates [3]string, jsonLD [][]byte) {
	for i, from := range ModifiedSources[:len(dates)] {
		if dates[i] == "" {
			continue
		}
		if t, ok := frontmatter.ParseDate(dates[i]); ok {
			h.Modified, h.ModifiedFrom = t, from
			return
		}
		h.Problems = append(h.Problems, fmt.Sprintf("%s %q is not a date%s", from, diag.Excerpt(dates[i]), frontmatter.DateAdvice(dates[i])))
	}
	for _, block := range jsonLD {
		// Most JSON-LD is about other things (an article's body, its
		// author); a block that cannot name dateModified, even with an
		// escape in the key, is not parsed.
		if !bytes.Contains(block, []byte("dateModified")) && !bytes.Contains(block, []byte(`\u`)) {
			continue
		}
		var doc any
		if err := json.Unmarshal(block, &doc); err != nil {
			h.Problems = append(h.Problems, fmt.Sprintf("JSON-LD does not parse: %v", err))
			continue
		}
		if s := findDateModified(doc); s != "" {
			if t, ok := frontmatter.ParseDate(s); ok {
				h.Modified, h.ModifiedFrom = t, ModifiedSources[len(dates)]
				return
			}
			h.Problems = append(h.Problems, fmt.Sprintf("JSON-LD dateModified %q is not a date%s", diag.Excerpt(s), frontmatter.DateAdvice(s)))
		}
	}
}

// findDateModified returns the dateModified of a JSON-LD document: of its
// top-level object, of the first object that has one in a top-level array,
// or in its @graph.
func findDateModified(doc any) string {
	switch v := doc.(type) {
	case map[string]any:
		if s, ok := v["dateModified"].(string); ok {
			return s
		}
		if g, ok := v["@graph"]; ok {
			return findDateModified(g)
		}
	case []any:
		for _, item := range v {
			if m, ok := item.(map[string]any); ok {
				if s, ok := m["dateModified"].(string); ok {
					return s
				}
			}
		}
	}
	return ""
}

// nextRedirectMark starts the digest Next.js gives the error redirect()
// throws, which a static export writes into the page's flight data:
// "NEXT_REDIRECT;replace;/about;307;".
var nextRedirectMark = []byte("NEXT_REDIRECT;")

// NextRedirect returns the target of the first NEXT_REDIRECT marker in
// page (the whole file of a Next.js error shell), and whether there is
// one with a target.
func NextRedirect(page []byte) (string, bool) {
	i := bytes.Index(page, nextRedirectMark)
	if i < 0 {
		return "", false
	}
	rest := page[i+len(nextRedirectMark):]
	// The kind (replace or push), then the URL, each ended by ";".
	_, rest, ok := bytes.Cut(rest, []byte(";"))
	if !ok {
		return "", false
	}
	target, _, ok := bytes.Cut(rest, []byte(";"))
	if !ok || len(target) == 0 || len(target) > 4096 || bytes.ContainsAny(target, "\"<>\\ \n") {
		return "", false
	}
	return string(target), true
}
