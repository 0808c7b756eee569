package peer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// steps returns init's steps for a peer of the table (Def.Steps): a
// function, not a map, so that nothing is made when sitemapgen starts
// (TestStartHeap).
func steps(tool Tool) Steps {
	switch tool {
	case Netlify:
		return Steps{Via: "sitemapgen/netlify", NPM: true, Integrate: netlifyPlugin}
	}
	return Steps{}
}

// Off is a Steps.TurnOff that turns a peer off in its configuration
// file, named where format has %s.
func Off(format string) func(Config) string {
	return func(c Config) string { return fmt.Sprintf(format, diag.Excerpt(c.File)) }
}

// place is file:line, or file alone for line 0.
func place(file string, line int) string {
	return diag.Pos{File: file, Line: line}.String()
}

func netlifyPlugin(c Config) string {
	return fmt.Sprintf("in %s, make the [[plugins]] entry's package \"./node_modules/%s\" in place of \"@netlify/plugin-sitemap\", its [plugins.inputs] kept (docs/integrations.md)", place(diag.Excerpt(c.File), c.Line), "sitemapgen/netlify")
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
