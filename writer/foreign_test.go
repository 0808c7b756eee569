package writer

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"

	"github.com/sitemapgen/sitemapgen/sitemap"
)

// TestTakeOver: with TakeOver, the sitemaps generators write (Hugo's
// index and its languages' urlsets, Astro's sitemap-index.xml and
// sitemap-0.xml, MkDocs' sitemap.xml.gz) are replaced once ours are in
// place: those a search engine may have been given answer with ours
// (Astro's index and the sitemap-0.xml it lists, MkDocs' file;
// TestAliases), the others go (the languages' sitemaps, which no URL of
// the set lies under), and robots.txt's lines for them are
// replaced; files that only look like them by name, another host's
// lines, and our own files stay. A dry run lists them and removes
// nothing; without TakeOver nothing goes.
func TestTakeOver(t *testing.T) {
	const urlset = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url><loc>https://example.com/en/</loc></url>
</urlset>
`
	const index = `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://example.com/en/sitemap.xml</loc></sitemap>
</sitemapindex>
`
	const astroIndex = `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://example.com/sitemap-0.xml</loc></sitemap></sitemapindex>`
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(urlset))
	zw.Close()
	files := map[string]string{
		"sitemap.xml":           index, // Hugo's: ours takes its name
		"en/sitemap.xml":        urlset,
		"fr/sitemap.xml":        urlset,
		"sitemap-index.xml":     astroIndex,
		"sitemap-0.xml":         urlset,
		"sitemap.xml.gz":        gz.String(),
		"sitemap-notes.xml":     `<rss version="2.0"><channel></channel></rss>`, // not a sitemap
		"sitemap-news.xml":      urlset,                                         // a sitemap, not one the generator writes
		"blog/sitemap.xml":      "a page about sitemaps",
		"deep/a/sitemap.xml":    urlset, // not a folder at the top
		"sub/sitemap.xml":       urlset, // another sitemapgen run's folder
		"sub/.sitemapgen-files": "# Files sitemapgen wrote in this folder.\nsitemap.xml\n",
		"robots.txt": "User-agent: *\nDisallow:\n\nSitemap: https://example.com/sitemap-index.xml\n" +
			"Sitemap: https://example.com/en/sitemap.xml\nSitemap: https://other.example/sitemap-0.xml\n",
	}
	want := []string{"en/sitemap.xml", "fr/sitemap.xml"}
	wantAliases := []string{"sitemap-0.xml", "sitemap-index.xml", "sitemap.xml.gz"}
	site := func(t *testing.T) string {
		dir := t.TempDir()
		for name, body := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	exists := func(dir, name string) bool {
		_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name)))
		return err == nil
	}
	urls := sitemap.Slice{{Loc: "https://example.com/"}, {Loc: "https://example.com/a/"}}
	// What the generators write, as config names them.
	takes := func(name string) bool {
		return slices.Contains([]string{"sitemap.xml", "sitemap.xml.gz", "en/sitemap.xml", "fr/sitemap.xml", "sub/sitemap.xml",
			"sitemap-index.xml", "sitemap-0.xml", "deep/a/sitemap.xml", "blog/sitemap.xml"}, name)
	}

	t.Run("dry run", func(t *testing.T) {
		dir := site(t)
		res, err := Write(urls, Options{Dir: dir, BaseURL: "https://example.com/", TakeOver: takes, DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.TakenOver, want) || !slices.Equal(res.Aliases, wantAliases) {
			t.Errorf("would take over %q, answer %q; want %q, %q", res.TakenOver, res.Aliases, want, wantAliases)
		}
		for _, name := range append(want, wantAliases...) {
			if !exists(dir, name) {
				t.Errorf("a dry run removed %s", name)
			}
		}
	})

	t.Run("check", func(t *testing.T) {
		dir := site(t)
		res, err := Write(urls, Options{Dir: dir, BaseURL: "https://example.com/", TakeOver: takes, Check: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range append(want, wantAliases...) {
			if !slices.Contains(res.Differ, name) || !exists(dir, name) {
				t.Errorf("--check: %s: in Differ %v, still there %v", name, slices.Contains(res.Differ, name), exists(dir, name))
			}
		}
	})

	// Without Robots, robots.txt still loses its lines for the files
	// removed: they take this set's entry instead.
	t.Run("on, robots.txt naming them", func(t *testing.T) {
		dir := site(t)
		if _, err := Write(urls, Options{Dir: dir, BaseURL: "https://example.com/", TakeOver: takes}); err != nil {
			t.Fatal(err)
		}
		robots, _ := os.ReadFile(filepath.Join(dir, "robots.txt"))
		want := "User-agent: *\nDisallow:\n\nSitemap: https://example.com/sitemap.xml\nSitemap: https://other.example/sitemap-0.xml\n"
		if string(robots) != want {
			t.Errorf("robots.txt:\n%s\nwant:\n%s", robots, want)
		}
	})

	t.Run("off", func(t *testing.T) {
		dir := site(t)
		res, err := Write(urls, Options{Dir: dir, BaseURL: "https://example.com/"})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.TakenOver) > 0 || !exists(dir, "en/sitemap.xml") || !exists(dir, "sitemap-index.xml") {
			t.Errorf("without TakeOver: took over %q", res.TakenOver)
		}
	})

	t.Run("on, with robots", func(t *testing.T) {
		dir := site(t)
		res, err := Write(urls, Options{Dir: dir, BaseURL: "https://example.com/", TakeOver: takes, Robots: true, Gzip: true})
		if err != nil {
			t.Fatal(err)
		}
		// With Gzip, our entry file is sitemap.xml.gz, which replaces
		// MkDocs': Hugo's sitemap.xml answers with ours.
		if wantGz := []string{"sitemap-0.xml", "sitemap-index.xml", "sitemap.xml"}; !slices.Equal(res.TakenOver, want) || !slices.Equal(res.Aliases, wantGz) {
			t.Errorf("took over %q, answered %q; want %q, %q", res.TakenOver, res.Aliases, want, wantGz)
		}
		for _, name := range want {
			if exists(dir, name) {
				t.Errorf("%s is still there", name)
			}
		}
		if b, err := os.ReadFile(filepath.Join(dir, "sitemap.xml.gz")); err != nil || bytes.Equal(b, gz.Bytes()) {
			t.Errorf("sitemap.xml.gz: %v, still MkDocs'", err)
		}
		for _, name := range []string{"sitemap-notes.xml", "sitemap-news.xml", "blog/sitemap.xml", "deep/a/sitemap.xml", "sub/sitemap.xml"} {
			if !exists(dir, name) {
				t.Errorf("%s, not a generator's sitemap, was removed", name)
			}
		}
		robots, _ := os.ReadFile(filepath.Join(dir, "robots.txt"))
		wantRobots := "User-agent: *\nDisallow:\n\nSitemap: https://example.com/sitemap.xml.gz\nSitemap: https://other.example/sitemap-0.xml\n"
		if string(robots) != wantRobots {
			t.Errorf("robots.txt:\n%s\nwant:\n%s", robots, wantRobots)
		}
		// Our own files are never another tool's: a second Write, of a
		// set in shards, takes nothing over and keeps what it wrote.
		res, err = Write(urls, Options{Dir: dir, BaseURL: "https://example.com/", TakeOver: takes, Robots: true, MaxURLs: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.TakenOver) > 0 {
			t.Errorf("second Write took over %q", res.TakenOver)
		}
		for _, name := range res.Written {
			if !exists(dir, name) {
				t.Errorf("our %s is gone", name)
			}
		}
		if strings.Contains(strings.Join(res.Removed, " "), "/") {
			t.Errorf("removed %q", res.Removed)
		}
	})
}

// TestTakeOverFolder: a folder the tool names as its own ("__sitemap__/",
// where @nuxtjs/sitemap writes the sitemaps its index lists) is read
// whole; in another folder only sitemap.xml counts.
func TestTakeOverFolder(t *testing.T) {
	const urlset = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>`
	const index = `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://example.com/__sitemap__/en-US.xml</loc></sitemap></sitemapindex>`
	dir := t.TempDir()
	for name, body := range map[string]string{
		"sitemap_index.xml":     index,
		"__sitemap__/en-US.xml": urlset,
		"__sitemap__/fr-FR.xml": urlset,
		"__sitemap__/style.xsl": `<xsl:stylesheet version="2.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"/>`,
		"other/en-US.xml":       urlset,
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	takes := func(name string) bool {
		return name == "sitemap_index.xml" || strings.HasPrefix(name, "__sitemap__/") || strings.HasPrefix(name, "other/") && name != "other/"
	}
	want := []string{"__sitemap__/en-US.xml", "__sitemap__/fr-FR.xml", "sitemap_index.xml"}
	got, err := ForeignSitemaps(dir, takes, func(string) bool { return false })
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("ForeignSitemaps = %q, %v; want %q", got, err, want)
	}
	res, err := Write(sitemap.Slice{{Loc: "https://example.com/"}}, Options{Dir: dir, BaseURL: "https://example.com/", TakeOver: takes})
	if err != nil {
		t.Fatal(err)
	}
	// The index answers with ours; the files of the folder the tool
	// keeps to itself go.
	if !slices.Equal(res.TakenOver, want[:2]) || !slices.Equal(res.Aliases, want[2:]) {
		t.Errorf("TakenOver %q, Aliases %q; want %q, %q", res.TakenOver, res.Aliases, want[:2], want[2:])
	}
	for _, name := range []string{"__sitemap__/style.xsl", "other/en-US.xml"} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name))); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
