package robots

import (
	"bytes"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
)

// FuzzParse: any bytes parse, every rule is on a line of the file, and a
// pattern without wildcards matches the path it spells, Allow deciding
// for a path some Allow rule spells exactly.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"User-agent: *\nDisallow: /private/\nAllow: /private/ok$\n",
		"\xEF\xBB\xBFuser-agent googlebot\r\ndisallow /*.pdf$\rallow: /a/index.html\n",
		"User-agent: a\nUser-agent: b\nDisallow: /%e3%83%84\nSitemap: https://x.org/s.xml\n# c\nDisallow: /%62*%2A$\n",
	} {
		f.Add([]byte(s), "/private/x")
	}
	f.Fuzz(func(t *testing.T, data []byte, path string) {
		defer fuzzbound.Check(t)()
		r := Parse(data)
		lines := 1 + bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r"))
		groups := []*Group{r.star}
		for _, g := range r.byAgent {
			groups = append(groups, g)
		}
		for _, g := range groups {
			g.Match(path)
			if g == nil {
				continue
			}
			for _, rule := range g.rules {
				if rule.Line < 1 || rule.Line > lines {
					t.Fatalf("rule %v on line %d of %d", rule, rule.Line, lines)
				}
				p := rule.norm
				if bytes.ContainsAny([]byte(p), "*$%") || p == "/robots.txt" || p[0] != '/' {
					continue
				}
				if _, ok := g.Match(p); !ok {
					t.Fatalf("%v does not match %q", rule, p)
				}
			}
		}
		r.Allowed("Googlebot", PathOf(path))
		if j := NewJudge(r, Crawlers...); j != nil && (j.Blocked(path) != (len(j.Why(path)) > 0) || j.Blocked(path) && !j.Disallows()) {
			t.Fatalf("Blocked(%q) = %v, Why = %v", path, j.Blocked(path), j.Why(path))
		}
	})
}
