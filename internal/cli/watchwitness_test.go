package cli

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/sitemaptest"
	"github.com/sitemapgen/sitemapgen/internal/testtool"
)

// hugoTwoLanguages is a Hugo project in two languages, each with its
// own content folder, English at the root: Hugo 0.111 writes
// en/sitemap.xml, de/sitemap.xml and the index sitemap.xml, each after
// its language's pages, the index last.
// Its layouts are a theme's, in themes/book beside the project, built
// with hugo --themesDir ../themes as hugo-book's example site is: a
// theme whose templates sitemapgen does not read.
var hugoTwoLanguages = map[string]string{
	"site/config.toml": `baseURL = "https://book.test/"
title = "Book"
theme = "book"
disableKinds = ["taxonomy", "term", "RSS"]
defaultContentLanguage = "en"
[languages.en]
contentDir = "content.en"
weight = 1
[languages.de]
contentDir = "content.de"
weight = 2
`,
	"themes/book/layouts/_default/baseof.html": "<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ block \"main\" . }}{{ end }}</body></html>\n",
	"themes/book/layouts/_default/single.html": "{{ define \"main\" }}{{ .Content }}{{ end }}\n",
	"themes/book/layouts/_default/list.html":   "{{ define \"main\" }}{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}{{ end }}\n",
	"site/content.en/_index.md":                "---\ntitle: Home\n---\n",
	"site/content.en/docs/a.md":                "---\ntitle: A\n---\nA.\n",
	"site/content.en/posts/_index.md":          "---\ntitle: Posts\n---\n",
	"site/content.en/posts/one.md":             "---\ntitle: One\n---\nOne.\n",
	"site/content.en/posts/two.md":             "---\ntitle: Two\n---\nTwo.\n",
	"site/content.de/_index.md":                "---\ntitle: Start\n---\n",
	"site/content.de/docs/a.md":                "---\ntitle: A\n---\nA.\n",
}

// TestWatchHugoSitemapsDuringRebuild: beside hugo --watch, a folder of
// posts is deleted and Hugo builds again, writing its pages, then its
// sitemaps, which no longer list the posts (whose pages it leaves in
// public/). The rebuild's files, each Hugo's (its build of the same
// project into another folder), reach the watched folder in the orders
// that lost Hugo's witness, with watch's batches between them: its
// sitemaps written while watch rebuilds the batch of its pages (watch
// took the batch, then they came), or its languages' sitemaps split over
// two batches. Each time watch lists what a clean build lists (hugo into
// an empty folder, then sitemapgen), and a one-shot build of the same
// folder agrees. Before, the first order kept all the posts listed:
// watch's write replaced Hugo's new sitemaps unread, and what
// .sitemapgen-generator-lastmod kept was Hugo's sitemaps of the build
// before.
func TestWatchHugoSitemapsDuringRebuild(t *testing.T) {
	hugo := testtool.Program(t, "hugo", "apt-get install hugo")
	const base = "https://book.test/"
	// Hugo's files, in the order it writes them, split where watch takes
	// a batch: pages is every file but its sitemaps.
	type step struct {
		files []string // "pages", or a sitemap's path in public/
		// during says the files come once watch has taken the batch of
		// the step before, while it rebuilds, and are named in the next
		// batch only.
		during bool
	}
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"sitemaps during the rebuild of the pages", []step{
			{[]string{"pages"}, false},
			{[]string{"en/sitemap.xml", "de/sitemap.xml", "sitemap.xml"}, true},
		}},
		{"languages in two batches", []step{
			{[]string{"pages", "en/sitemap.xml"}, false},
			{[]string{"de/sitemap.xml", "sitemap.xml"}, false},
		}},
		{"the index first, then the rest during its rebuild", []step{
			{[]string{"sitemap.xml"}, false},
			{[]string{"pages", "en/sitemap.xml", "de/sitemap.xml"}, true},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			top := t.TempDir()
			writeFiles(t, top, hugoTwoLanguages)
			dir := filepath.Join(top, "site")
			public := filepath.Join(dir, "public")
			runHugo(t, hugo, dir, public)
			var stderr bytes.Buffer
			w := newWatcher(t, dir, &stderr, "public")
			ctx := context.Background()
			w.build(ctx)
			if got := listedURLs(t, public, base); !slices.Contains(got, base+"posts/one/") {
				t.Fatalf("the first build does not list the posts:\n%s\n%s", strings.Join(got, "\n"), &stderr)
			}

			// The posts deleted; Hugo's rebuild, made into a folder of its
			// own, comes into public/ as the steps say. The pages it leaves
			// are of its build a moment before: no time tells them from
			// the rebuild's.
			if err := os.RemoveAll(filepath.Join(dir, "content.en", "posts")); err != nil {
				t.Fatal(err)
			}
			rebuilt := filepath.Join(t.TempDir(), "public")
			runHugo(t, hugo, dir, rebuilt)
			clean := listedURLs(t, cleanBuild(t, rebuilt, base), base)
			if slices.Contains(clean, base+"posts/one/") {
				t.Fatalf("a clean build lists the deleted posts:\n%s", strings.Join(clean, "\n"))
			}
			moment := time.Now().Add(-500 * time.Millisecond)
			filepath.WalkDir(filepath.Join(public, "posts"), func(path string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					os.Chtimes(path, moment, moment)
				}
				return nil
			})
			sources := []string{filepath.Join(dir, "content.en", "posts")}
			var pending []string // the paths of the batch watch takes next
			for i, s := range tc.steps {
				if !s.during && pending != nil {
					w.rebuild(ctx, batchOf(pending))
					pending = nil
				}
				var came []string
				for _, f := range s.files {
					if f == "pages" {
						came = append(came, copyHugoPages(t, rebuilt, public)...)
						continue
					}
					copyFile(t, filepath.Join(rebuilt, filepath.FromSlash(f)), filepath.Join(public, filepath.FromSlash(f)))
					came = append(came, filepath.Join(public, filepath.FromSlash(f)))
				}
				if i == 0 {
					came = append(came, sources...)
				}
				if s.during {
					// Watch took its batch before these came, and rebuilds
					// it now: they are in the next.
					w.rebuild(ctx, batchOf(pending))
					pending = nil
				}
				pending = append(pending, came...)
			}
			w.rebuild(ctx, batchOf(pending))
			if got := listedURLs(t, public, base); !slices.Equal(got, clean) {
				t.Errorf("watch lists\n%s\na clean build lists\n%s\nwatch said:\n%s", strings.Join(got, "\n"), strings.Join(clean, "\n"), &stderr)
			}
			// A one-shot build of the same folder reads what watch left,
			// and agrees.
			if got := listedURLs(t, cleanBuild(t, public, base), base); !slices.Equal(got, clean) {
				t.Errorf("a one-shot build of the same folder lists\n%s\na clean build lists\n%s", strings.Join(got, "\n"), strings.Join(clean, "\n"))
			}
		})
	}
}

// runHugo builds the Hugo project dir into dest.
func runHugo(t *testing.T, hugo, dir, dest string) {
	t.Helper()
	if out, err := exec.Command(hugo, "--source", dir, "--themesDir", "../themes", "--destination", dest, "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, out)
	}
}

// cleanBuild runs sitemapgen on the site folder site of a Hugo project,
// writing into a folder of its own, which it returns.
func cleanBuild(t *testing.T, site, base string) string {
	t.Helper()
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := Main(context.Background(), []string{"--base-url", base, "--out", out, "--quiet", site}, &stdout, &stderr, noEnv); code != 0 {
		t.Fatalf("sitemapgen %s: exit %d\n%s", site, code, &stderr)
	}
	return out
}

// copyHugoPages copies every file of Hugo's build from, but its
// sitemaps, into to, and returns their paths there.
func copyHugoPages(t *testing.T, from, to string) []string {
	t.Helper()
	var copied []string
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == "sitemap.xml" {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		copyFile(t, path, filepath.Join(to, rel))
		copied = append(copied, filepath.Join(to, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return copied
}

// copyFile copies the file from to the path to, as Hugo writes it: in
// place, over what is there.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// listedURLs returns the URLs the sitemaps in dir list, sorted.
func listedURLs(t *testing.T, dir, base string) []string {
	t.Helper()
	entries, _, err := sitemaptest.URLs(dir, base)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	var urls []string
	for _, u := range entries {
		urls = append(urls, u.Loc)
	}
	slices.Sort(urls)
	return urls
}
