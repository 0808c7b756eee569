package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
)

// TestGeneratorSitemapSource: the generator's sitemap dates the pages no
// earlier source dates, in the form of URL it writes; ours replaces it,
// and the next build reads the dates kept beside ours, not our own
// sitemap; a generator's new sitemap is read again; one that dates every
// URL alike (MkDocs') dates nothing.
func TestGeneratorSitemapSource(t *testing.T) {
	genSitemap := func(dates ...string) string {
		s := `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`
		for i, loc := range []string{"https://example.com/", "https://example.com/a", "https://example.com/b/"} {
			s += "<url><loc>" + loc + "</loc><lastmod>" + dates[i] + "</lastmod></url>"
		}
		return s + "</urlset>"
	}
	root := pages(t, map[string]string{
		"index.html":   "<title>home</title>",
		"a.html":       "<title>a</title>",
		"b/index.html": "<title>b</title>",
		"sitemap.xml":  genSitemap("2024-01-01T00:00:00.000Z", "2024-02-03T10:00:00.000Z", "2024-03-04"),
	})
	opts := Options{Root: root, Heads: Heads{Read: true}, GeneratorSitemaps: func(name string) bool { return name == "sitemap.xml" },
		Map: mapping.Options{LastMod: []mapping.LastModSource{mapping.LastModSitemap}}}
	want := "2024-01-01T00:00:00Z 2024-02-03T10:00:00Z 2024-03-04T00:00:00Z"
	dates := func(step string, want string) {
		t.Helper()
		res, _, err := run(t, opts)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i := range res.URLs.Len() {
			lm := res.URLs.At(i).LastMod
			if lm.IsZero() {
				got = append(got, "none")
			} else {
				got = append(got, lm.Format("2006-01-02T15:04:05Z07:00"))
			}
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("%s: lastmods %s, want %s", step, g, want)
		}
	}
	dates("the generator's sitemap", want)
	if _, err := os.Stat(filepath.Join(root, GenDatesName)); err != nil {
		t.Fatalf("the dates are not kept: %v", err)
	}
	dates("ours in its place", want)
	dates("again", want)
	// The generator builds again, with new dates, a second later.
	regenerate(t, filepath.Join(root, "sitemap.xml"), genSitemap("2025-01-01", "2025-01-02", "2025-01-03"))
	dates("the generator's new sitemap", "2025-01-01T00:00:00Z 2025-01-02T00:00:00Z 2025-01-03T00:00:00Z")
	// MkDocs' sitemap dates every page by its build.
	regenerate(t, filepath.Join(root, "sitemap.xml"), genSitemap("2026-11-23", "2026-11-23", "2026-11-23"))
	dates("a build's date for every page", "none none none")
}

// regenerate writes a generator's file at path, as a build a second after
// the last writes.
func regenerate(t *testing.T, path, body string) {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	later := st.ModTime().Add(time.Second)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
}
