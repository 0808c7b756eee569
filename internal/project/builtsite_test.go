package project

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// urlset is a sitemap that lists locs.
func urlset(locs ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	for _, l := range locs {
		b.WriteString("<url><loc>" + l + "</loc></url>")
	}
	b.WriteString("</urlset>\n")
	return b.String()
}

// TestBuiltSite: a project whose generator is not recognised (issue 97,
// item 6, R6, R7). Its site folder is the one that holds a built site, a
// home page beside a sitemap.xml, and its base URL and URL form are what
// the generator's sitemap (or robots.txt) says; given, the folder's base
// URL is its own too (item 7). Before, each stopped with "no root" or "no
// base URL", or listed every page as ….html.
func TestBuiltSite(t *testing.T) {
	page := "<!doctype html><title>x</title>"
	for _, tc := range []struct {
		name  string
		files map[string]string
		root  string // given (DIR), or ""
		// want: the site folder, the base URL and what gave it, the form
		// (clean URLs, trailing slash, index files), or the error.
		want, base, from string
		clean, slash     string
		index            bool
		err              string
	}{
		{
			name: "Rspress' doc_build: clean URLs, from its sitemap",
			files: map[string]string{"doc_build/index.html": page, "doc_build/about.html": page, "doc_build/guide/index.html": page, "doc_build/guide/start.html": page,
				"doc_build/sitemap.xml": urlset("https://k.example/kiln/about", "https://k.example/kiln/guide/", "https://k.example/kiln/guide/start", "https://k.example/kiln/"),
				"docs/index.md":         "# x\n", "package.json": `{"name": "x"}`},
			want: "doc_build", base: "https://k.example/kiln/", from: "the generator's sitemap.xml", clean: "true", slash: "true",
		},
		{
			name: "VuePress' dist, three deep: .html pages, folders with /, robots.txt",
			files: map[string]string{"docs/.vuepress/dist/index.html": page, "docs/.vuepress/dist/about.html": page, "docs/.vuepress/dist/guide/index.html": page,
				"docs/.vuepress/dist/sitemap.xml": urlset("https://l.example/lathe/", "https://l.example/lathe/about.html", "https://l.example/lathe/guide/"),
				"docs/.vuepress/dist/robots.txt":  "User-agent: *\nSitemap: https://l.example/lathe/sitemap.xml\n"},
			want: "docs/.vuepress/dist", base: "https://l.example/lathe/", from: "robots.txt's Sitemap: lines", slash: "true",
		},
		{
			name: "index files",
			files: map[string]string{"site/index.html": page, "site/guide/index.html": page, "site/guide/a.html": page,
				"site/sitemap.xml": urlset("https://i.example/index.html", "https://i.example/guide/index.html", "https://i.example/guide/a.html")},
			want: "site", base: "https://i.example/", from: "the generator's sitemap.xml", index: true,
		},
		{
			name: "folders without their slash",
			files: map[string]string{"out/index.html": page, "out/blog/index.html": page, "out/about.html": page,
				"out/sitemap.xml": urlset("https://n.example/", "https://n.example/blog", "https://n.example/about")},
			want: "out", base: "https://n.example/", from: "the generator's sitemap.xml", clean: "true", slash: "false",
		},
		{
			// Docusaurus spells each folder as its route is: /about for
			// about.md, /contact/ for contact/index.md. No one form; each
			// page keeps the spelling its generator's sitemap gives it.
			name: "folders spelled both ways",
			files: map[string]string{"build/index.html": page, "build/about/index.html": page, "build/blog/index.html": page, "build/contact/index.html": page,
				"build/sitemap.xml": urlset("https://d.example/", "https://d.example/about", "https://d.example/blog", "https://d.example/contact/")},
			want: "build", base: "https://d.example/", from: "the generator's sitemap.xml",
		},
		{
			name:  "the site folder given: its own base URL (item 7)",
			files: map[string]string{"dist/index.html": page, "dist/robots.txt": "Sitemap: https://g.example/docs/sitemap.xml\n"},
			root:  "dist", want: "dist", base: "https://g.example/docs/", from: "robots.txt's Sitemap: lines",
		},
		{
			name:  "none but in node_modules, or too deep",
			files: map[string]string{"node_modules/p/index.html": page, "node_modules/p/sitemap.xml": urlset("https://p.example/"), "a/b/c/d/index.html": page, "a/b/c/d/sitemap.xml": urlset("https://d.example/")},
			err:   "no root",
		},
		{
			name: "two built sites: named, not guessed",
			files: map[string]string{"one/index.html": page, "one/sitemap.xml": urlset("https://a.example/"),
				"two/index.html": page, "two/sitemap.xml": urlset("https://b.example/")},
			err: "several built sites, each with its index.html and sitemap.xml: one, two; name the one to list, as in 'sitemapgen one'",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, body := range tc.files {
				writeFile(t, filepath.Join(dir, filepath.FromSlash(name)), body)
			}
			t.Chdir(dir)
			pr, err := Discover(Ask{SettingsFile: "sitemap.yaml", NoRoot: errors.New("no root"), NoBaseURL: errors.New("no base URL"), Root: tc.root,
				Host: "auto", Limits: limits.Default}, func(string) string { return "" })
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Discover: %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Discover: %v", err)
			}
			root := pr.Root
			if tc.root != "" {
				root = tc.root
			} else if pr.RootFrom != builtSiteFrom {
				t.Errorf("site folder from %q, want %q", pr.RootFrom, builtSiteFrom)
			}
			if root != filepath.FromSlash(tc.want) || pr.BaseURL != tc.base || pr.BaseURLFrom != tc.from {
				t.Errorf("site %q, base URL %s from %s; want %s, %s from %s", root, pr.BaseURL, pr.BaseURLFrom, tc.want, tc.base, tc.from)
			}
			if got := show(pr.CleanURLs); got != tc.clean {
				t.Errorf("clean URLs %s, want %q", got, tc.clean)
			}
			if got := show(pr.TrailingSlash); got != tc.slash {
				t.Errorf("trailing slash %s, want %q", got, tc.slash)
			}
			if pr.IndexFiles != tc.index {
				t.Errorf("index files %v, want %v", pr.IndexFiles, tc.index)
			}
		})
	}
}

// show is a setting the project gives, "" for none.
func show(b *bool) string {
	if b == nil {
		return ""
	}
	if *b {
		return "true"
	}
	return "false"
}

// TestBuiltSiteLinkOut: a folder linked out of the project is not looked
// in for a built site.
func TestBuiltSiteLinkOut(t *testing.T) {
	out := t.TempDir()
	writeFile(t, filepath.Join(out, "index.html"), "x")
	writeFile(t, filepath.Join(out, "sitemap.xml"), urlset("https://o.example/"))
	dir := t.TempDir()
	if err := os.Symlink(out, filepath.Join(dir, "site")); err != nil {
		t.Fatal(err)
	}
	if got := builtSites(dir); len(got) != 0 {
		t.Errorf("builtSites = %v, want none through a link", got)
	}
}
