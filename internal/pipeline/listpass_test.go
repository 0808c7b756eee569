package pipeline

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestListPagesUnread: a list page too large to read for what it shows
// keeps its own date, with one warning naming it. The warnings come in
// the order of the records, after the warnings of the passes before the
// list pages pass (robots.txt's). A Session warns about each page once,
// not again at an update.
func TestListPagesUnread(t *testing.T) {
	old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	dir := t.TempDir()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	big := "<main>" + strings.Repeat("x", 400) + `<a href="/a/">a</a></main>`
	pc.write("index.html", "<title>home</title>"+big, old)
	pc.write("tags/x/index.html", "<title>x</title>"+big, old)
	pc.write("page/2/index.html", `<title>2</title><main><a href="/b/">b</a></main>`, old)
	pc.write("a/index.html", "<title>a</title>", old)
	pc.write("b/index.html", "<title>b</title>", old)
	pc.write("robots.txt", "User-agent: *\nDisallow: /a/\n", old)
	cc.write("a.md", "---\ndate: 2024-02-02\n---\n", old)
	cc.write("b.md", "---\ndate: 2024-05-05\n---\n", old)
	var warnings []string
	opts := Options{
		Root: public, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/", Now: old.AddDate(5, 0, 0)},
		Robots: Robots{Dir: public, Warn: true},
		Join:   &Sources{Dir: content, Preset: lister{}},
		Limits: limits.Limits{PageBytes: 300},
		Write:  writer.Options{DryRun: true},
	}
	opts.Report.Warn = func(path string, err error) { warnings = append(warnings, path+": "+err.Error()) }
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	got := lastMods(res)
	for loc, want := range map[string]string{
		"https://example.com/":        "2020-01-01", // not read: its own date
		"https://example.com/tags/x/": "2020-01-01",
		"https://example.com/page/2/": "2024-05-05", // read: as new as b
	} {
		if got[loc] != want {
			t.Errorf("%s: lastmod %q, want %s", loc, got[loc], want)
		}
	}
	tooLarge := func(rel string) string {
		return rel + ": " + filepath.Join(public, rel) + ": larger than 300 bytes (limits.page_bytes); the page is not dated by the pages it lists"
	}
	want := []string{
		"a/index.html: listed although robots.txt line 2 (Disallow: /a/) blocks it for Googlebot, Bingbot and *",
		tooLarge("index.html"),
		tooLarge("tags/x/index.html"),
	}
	if !slices.Equal(warnings, want) {
		t.Errorf("Run's warnings:\n%q\nwant\n%q", warnings, want)
	}

	warnings = nil
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(warnings, want) {
		t.Errorf("the Session's warnings:\n%q\nwant\n%q", warnings, want)
	}
	warnings = nil
	cc.write("b.md", "---\ndate: 2024-06-06\n---\n", old)
	res, err = s.Update(context.Background(), []string{filepath.Join(content, "b.md")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) > 0 {
		t.Errorf("an update warned again: %q", warnings)
	}
	if got := lastMods(res)["https://example.com/page/2/"]; got != "2024-06-06" {
		t.Errorf("after the update, /page/2/: lastmod %s, want 2024-06-06", got)
	}
}
