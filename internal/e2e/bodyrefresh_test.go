package e2e

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestEleventyBodyRefresh builds, with the real Eleventy, a site whose
// redirect stubs a layout of its own wraps (issue 97): the stub's meta
// refresh and its location script are the content, and land in the
// body of the site's page layout, after its navigation. A browser leaves
// such a page at once: it is a redirect, left out of the sitemap, and
// --explain says where its refresh is. A page of the same layout that
// only names the tag in its text stays listed.
func TestEleventyBodyRefresh(t *testing.T) {
	src := nodeProject(t, "eleventy", "_data", "index.md", "about.md", "eleventy.config.js", "package.json")
	write(t, filepath.Join(src, "_includes", "base.njk"), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title>
<link rel="stylesheet" href="/style.css"></head>
<body><header><nav><a href="/">Home</a> <a href="/about/">About</a> <a href="/http-equiv/">Meta tags</a></nav></header>
<main>{{ content | safe }}</main>
<footer>A test site</footer></body></html>
`)
	write(t, filepath.Join(src, "_includes", "redirect.njk"), `---
layout: base.njk
---
<meta http-equiv="refresh" content="0; url={{ redirect }}">
<script>location = "{{ redirect }}"</script>
<p>This page has moved to <a href="{{ redirect }}">{{ redirect }}</a>.</p>
`)
	write(t, filepath.Join(src, "old-about.md"), "---\nlayout: redirect.njk\ntitle: Moved\nredirect: /about/\n---\n")
	write(t, filepath.Join(src, "blog", "first.md"), "---\nlayout: redirect.njk\ntitle: Moved\nredirect: /\n---\n")
	write(t, filepath.Join(src, "http-equiv.md"), "---\nlayout: base.njk\ntitle: Meta tags\n---\nA page moves with `<meta http-equiv=\"refresh\">` in its head.\n")
	eleventyBuild(t, src)

	r := mustRun(t, src)
	const base = "https://example.com/"
	got := listedLocs(t, filepath.Join(src, "_site"), base)
	want := []string{base, base + "about/", base + "http-equiv/"}
	if !slices.Equal(got, want) {
		t.Errorf("listed %q, want %q (the stubs left out)\n%s", got, want, r.stderr)
	}
	if !strings.Contains(r.stderr, "2 redirects") {
		t.Errorf("the stubs are not counted as redirects:\n%s", r.stderr)
	}
	r = mustRun(t, src, "--check", "--explain", base+"old-about/")
	if want := "meta refresh in the page's body to " + base + "about/"; !strings.Contains(r.stdout+r.stderr, want) {
		t.Errorf("--explain does not say %q:\n%s%s", want, r.stdout, r.stderr)
	}
}
