package config

import (
	"strings"
	"testing"
	"unicode"

	"github.com/sitemapgen/sitemapgen/internal/project"
)

// hostileValues are values that break a message printed raw, as YAML's
// double quotes write them: a line break that forges a line of its own
// (a CI's workflow command), a carriage return, a terminal's escape
// sequence, a bell, a NUL; and a megabyte.
var hostileValues = []string{`x\n::error::PWNED`, `x\r::add-mask::y`, `x\e]0;t\a\e[2J`, `\0x`, "::error::" + strings.Repeat("a", 1_000_000)}

// checkMessage fails t when msg is not one line without a control
// character, within most bytes.
func checkMessage(t *testing.T, what, msg string, most int) {
	t.Helper()
	if strings.ContainsFunc(msg, unicode.IsControl) || len(msg) > most {
		t.Errorf("%q: %d bytes (want one line of at most %d): %.300q", what, len(msg), most, msg)
	}
}

// TestParseHostileValues: a value of sitemap.yaml that is wrong is
// quoted escaped, as an excerpt: whatever it holds, the message is one
// line of bounded length.
func TestParseHostileValues(t *testing.T) {
	for _, v := range hostileValues {
		for _, src := range []string{
			"changefreq: \"" + v + "\"\n",
			"rules:\n  - match: a\n    changefreq: \"" + v + "\"\n",
			"extra_urls_inline:\n  - \"" + v + "\"\n",
			"xsl: \"a " + v + "\"\n",
		} {
			_, err := Parse("sitemap.yaml", []byte(src))
			if err == nil {
				t.Errorf("%.60q: no error", src)
				continue
			}
			checkMessage(t, src[:strings.IndexByte(src, ':')], err.Error(), 400)
		}
	}
}

// TestServerRoutesHostile: a route of a server build (Astro's manifest
// names each page's route, made of its file's name) with a control
// character in it is listed as a file of that name is, its path
// percent-encoded: no character of it reaches a record, or a message,
// raw.
func TestServerRoutesHostile(t *testing.T) {
	for route, want := range map[string]string{
		"/a\r::add-mask::x":     "https://example.com/a%0D::add-mask::x/",
		"/a\x1b]0;t\x07\x1b[2J": "https://example.com/a%1B%5D0;t%07%1B%5B2J/",
		"/\x00a":                "https://example.com/%00a/",
		"/a\n::error::x\r":      "https://example.com/a%0A::error::x%0D/",
	} {
		pr := &project.Project{ServerRoutes: []string{"/account", route}, ServerRoutesFrom: "dist/server/manifest_x.mjs"}
		got, err := extraLocs(t, serverRoutes(pr, "https://example.com/", true))
		if err != nil {
			t.Errorf("%q: %v", route, err)
			checkMessage(t, route, err.Error(), 200)
			continue
		}
		if len(got) != 2 || got[1] != want {
			t.Errorf("%q: records %q, want the second %q", route, got, want)
		}
	}
}
