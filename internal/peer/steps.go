package peer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// Off is a Steps.TurnOff that turns a peer off in its configuration
// file, named where format has %s.
func Off(format string) func(Config) string {
	return func(c Config) string { return fmt.Sprintf(format, diag.Excerpt(c.File)) }
}

// JSString is s as a JavaScript string literal, in single quotes where
// it needs no escape.
func JSString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	q := strings.TrimSuffix(b.String(), "\n")
	if strings.ContainsAny(s, "'\"\\") || strings.ContainsFunc(s, func(r rune) bool { return r < ' ' }) {
		return q
	}
	return "'" + q[1:len(q)-1] + "'"
}
