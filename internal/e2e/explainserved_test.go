package e2e

import (
	"strings"
	"testing"
)

// TestExplainServedFile builds a site with the real Jekyll and asks
// --explain about URLs that end in a file's name (issue 97): a page is
// found by the file a static host serves at the URL, as it is by its
// listed URL. /blog/index.html is the file of /blog/, which it looked for
// as a folder (blog/index.html/index.html: "not a directory"); /404 and
// /404.html are the error page's 404.html, which it did not find at all.
func TestExplainServedFile(t *testing.T) {
	src, _ := buildJekyllWith(t, "jekyll-blog", map[string]string{
		"404.html": "---\nlayout: default\npermalink: /404.html\n---\nNot found.\n",
	})
	for target, want := range map[string][]string{
		"https://example.com/blog/index.html": {"_site/blog/index.html", "url:         https://example.com/blog/", "listed:      yes"},
		"https://example.com/404":             {"_site/404.html", "listed:      no, error page"},
		"https://example.com/404.html":        {"_site/404.html", "listed:      no, error page"},
		"/404":                                {"_site/404.html", "listed:      no, error page"},
	} {
		r := run(t, src, nil, "--explain", target)
		out := r.stdout + r.stderr
		if r.code != 0 || strings.Contains(out, "not a directory") {
			t.Errorf("--explain %s: exit %d\n%s", target, r.code, out)
			continue
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("--explain %s does not say %q:\n%s", target, w, out)
			}
		}
	}
}
