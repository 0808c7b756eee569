package pipeline

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/next"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestRunServed: a server build's pages (Options.Served) are its
// prerendered files and no others, each listed at the URL its server
// answers, not at its file's, judged by its head, and joined to its
// source by that URL.
func TestRunServed(t *testing.T) {
	server := pages(t, map[string]string{
		"app/index.html":       "<title>home</title>",
		"app/about.html":       "<title>about</title>",
		"app/blog/hello.html":  "<title>a post</title>",
		"app/secret.html":      `<meta name="robots" content="noindex"><title>secret</title>`,
		"app/_not-found.html":  "<title>404</title>",
		"app/stray.html":       "<title>a file no manifest names</title>",
		"pages/legal.html":     "<title>legal</title>",
		"pages/404.html":       "<title>404</title>",
		"app/about.rsc":        "flight data",
		"app/about/page/x.txt": "a build's file",
	})
	sources := pages(t, map[string]string{
		"app/page.js":             "export default function Page() {}",
		"app/about/page.js":       "export default function Page() {}",
		"app/blog/[slug]/page.js": "export default function Page() {}",
		"pages/legal.js":          "export default function Legal() {}",
	})
	res, ev, err := run(t, Options{
		Root: server, Heads: Heads{Read: true}, Write: writer.Options{Dir: t.TempDir()},
		Map:  mapping.Options{BaseURL: "https://example.com/shop/"},
		Join: &Sources{Dir: sources, Preset: next.Preset{}, Walk: walker.Options{Include: []string{"app/**", "pages/**"}}},
		Served: []ServedPage{
			{"app/about.html", "/about/"}, {"app/blog/hello.html", "/blog/hello/"}, {"app/index.html", "/"},
			{"app/secret.html", "/secret/"}, {"pages/legal.html", "/legal/"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"https://example.com/shop/", "https://example.com/shop/about/", "https://example.com/shop/blog/hello/", "https://example.com/shop/legal/"}
	if !slices.Equal(locs(res), want) {
		t.Errorf("locs %q, want %q", locs(res), want)
	}
	if res.Pages != 5 || res.Skipped[mapping.NoIndex] != 1 || len(res.Skipped) != 1 {
		t.Errorf("pages %d, skipped %v; want 5 pages, the noindex one skipped", res.Pages, res.Skipped)
	}
	if !slices.Equal(ev.skips, []string{"app/secret.html: noindex"}) {
		t.Errorf("skips %q", ev.skips)
	}
	// The dynamic route's page has no source of its own.
	if res.Unjoined != 1 {
		t.Errorf("%d pages not joined to a source, want 1 (blog/hello)", res.Unjoined)
	}
}

// TestRunServedLocales: locales by folder (the locales: setting) take a
// server build's page by the path it is served at, not by its file's
// (app/fr/about.html is /fr/about/, in fr): each page has its
// translations' alternates, its own among them (issue 68).
func TestRunServedLocales(t *testing.T) {
	server := pages(t, map[string]string{
		"app/index.html":     "<title>home</title>",
		"app/about.html":     "<title>about</title>",
		"app/fr.html":        "<title>accueil</title>",
		"app/fr/about.html":  "<title>à propos</title>",
		"pages/only-en.html": "<title>en only</title>",
	})
	res, ev, err := run(t, Options{
		Root: server, Heads: Heads{Read: true}, Write: writer.Options{Dir: t.TempDir()},
		Map:        mapping.Options{BaseURL: "https://example.com/"},
		Translator: &generator.FolderLocales{Default: "en", Langs: map[string]string{"fr": "fr"}, From: "locales: in sitemap.yaml"},
		Served: []ServedPage{
			{"app/about.html", "/about/"}, {"app/fr.html", "/fr/"}, {"app/fr/about.html", "/fr/about/"},
			{"app/index.html", "/"}, {"pages/only-en.html", "/only-en/"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	const b = "https://example.com/"
	want := map[string]string{
		b:               "en " + b + ", fr " + b + "fr/",
		b + "fr/":       "en " + b + ", fr " + b + "fr/",
		b + "about/":    "en " + b + "about/, fr " + b + "fr/about/",
		b + "fr/about/": "en " + b + "about/, fr " + b + "fr/about/",
	}
	if got := alternatesOf(res.URLs); !maps.Equal(got, want) {
		t.Errorf("alternates %q\nwant %q\n%q", got, want, ev.warns)
	}
}

// TestSessionServed: watch mode over a server build reads it whole on
// each change: a file the build's manifests do not name (a page of a
// newer build the manifests of this one do not know, a stray file) is
// no page, never listed at its file's path.
func TestSessionServed(t *testing.T) {
	server := pages(t, map[string]string{
		"app/index.html": "<title>home</title>",
		"app/about.html": "<title>about</title>",
	})
	opts := Options{
		Root: server, Heads: Heads{Read: true}, Write: writer.Options{Dir: t.TempDir()},
		Map:    mapping.Options{BaseURL: "https://example.com/"},
		Served: []ServedPage{{"app/about.html", "/about"}, {"app/index.html", "/"}},
	}
	s, res, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"https://example.com/", "https://example.com/about"}
	if !slices.Equal(locs(res), want) {
		t.Fatalf("start: locs %q, want %q", locs(res), want)
	}
	stray := filepath.Join(server, "app", "stray.html")
	if err := os.WriteFile(stray, []byte("<title>stray</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	about := filepath.Join(server, "app", "about.html")
	if err := os.WriteFile(about, []byte(`<meta name="robots" content="noindex"><title>about</title>`), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = s.Update(context.Background(), []string{stray, about}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"https://example.com/"}; !slices.Equal(locs(res), want) {
		t.Errorf("update: locs %q, want %q", locs(res), want)
	}
}

// TestRecordDirRobotsOwn: with the record kept elsewhere than the output
// folder (Write.RecordDir: a Next.js server build's public/), robots.txt's
// line naming our entry file (--filename) is ours, no "sitemap this build
// did not write", which a CI failing on warnings could never clear
// (review, issue 70).
func TestRecordDirRobotsOwn(t *testing.T) {
	root := pages(t, map[string]string{"index.html": "<title>home</title>", "about.html": "<title>about</title>"})
	out, rec := t.TempDir(), filepath.Join(t.TempDir(), "cache")
	for range 2 {
		_, ev, err := run(t, Options{Root: root, Write: writer.Options{Dir: out, RecordDir: rec, Robots: true, Filename: "map.xml"}})
		if err != nil {
			t.Fatal(err)
		}
		if len(ev.warns) != 0 {
			t.Errorf("warnings: %q", ev.warns)
		}
	}
	if data, err := os.ReadFile(filepath.Join(out, "robots.txt")); err != nil || !strings.Contains(string(data), "Sitemap: "+base+"map.xml") {
		t.Errorf("robots.txt: %s, %v", data, err)
	}
}
