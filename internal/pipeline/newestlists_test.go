package pipeline

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/plain"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// newestLister is the preset of a generator whose list pages a source
// gives (generator.ListRules.Sourced), and whose code says, for some,
// that they show the newest post whatever their markup
// (generator.ListRules.Newest, as Next.js's): its sources are Plain's.
type newestLister struct{ plain.Preset }

func (newestLister) Rules() generator.Rules {
	posts := func(src string) bool { return src == "a.md" || src == "b.md" }
	return generator.Rules{Name: "newest", Pages: generator.PageRules{Lists: generator.ListRules{
		Sourced: func(rel string) bool { return rel != "a.md" && rel != "b.md" },
		Newest: func(rel string) func(string) bool {
			if rel == "plain.md" || rel == "heads.md" {
				return nil
			}
			return posts
		},
	}}}
}

// TestNewestLists: a list page whose code shows every post
// (generator.ListRules.Newest) and whose built page links to none of
// them, its entries linked by onclick alone, is dated by the newest post
// (issue 86), and --explain says the date comes from its code; one that
// links to some of them by <a>, or by a heading's href, is dated by
// those it links to; one whose code does not say and whose page links
// to none keeps its own date.
func TestNewestLists(t *testing.T) {
	old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC) // the files' times
	dir := t.TempDir()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	const entries = `<main><h2 onclick="go('/a/')">a</h2><h2 onclick="go('/b/')">b</h2></main>`
	pc.write("index.html", "<title>home</title>"+entries, old)
	pc.write("links/index.html", `<title>links</title><main><a href="/a/">a</a></main>`, old)
	pc.write("heads/index.html", `<title>heads</title><main><h2 href="/a/" onclick="go('/a/')">a</h2></main>`, old)
	pc.write("plain/index.html", "<title>plain</title>"+entries, old)
	pc.write("a/index.html", "<title>a</title>", old)
	pc.write("b/index.html", "<title>b</title>", old)
	for _, name := range []string{"index.md", "links.md", "heads.md", "plain.md"} {
		cc.write(name, "---\ndate: 2023-01-01\n---\n", old)
	}
	cc.write("a.md", "---\ndate: 2024-02-02\n---\n", old)
	cc.write("b.md", "---\ndate: 2024-05-05\n---\n", old)
	opts := Options{
		Root: public, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/", Now: old.AddDate(5, 0, 0)},
		Join:  &Sources{Dir: content, Preset: newestLister{}},
		Write: writer.Options{DryRun: true},
	}
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	got := lastMods(res)
	for loc, want := range map[string]string{
		"https://example.com/":       "2024-05-05", // links none: the newest its code shows
		"https://example.com/links/": "2024-02-02", // what it links to
		"https://example.com/heads/": "2024-02-02", // what its heading's href names
		"https://example.com/plain/": "2023-01-01", // its code does not say: its own date
		"https://example.com/b/":     "2024-05-05",
	} {
		if got[loc] != want {
			t.Errorf("%s: lastmod %q, want %s (all: %v)", loc, got[loc], want, got)
		}
	}
	var explained []Explanation
	opts.Explain = []string{"https://example.com/", "https://example.com/links/"}
	opts.Report.Explain = func(x Explanation) { explained = append(explained, x) }
	if _, err := Run(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	for _, x := range explained {
		want := "the newest page it lists"
		if x.Decision.URL.Loc == "https://example.com/" {
			want = "the newest of the pages its code lists, every one shown (index.md)"
		}
		if d := x.Decision; d.LastModFrom != want || d.LastModSource != LastModListed {
			t.Errorf("--explain %s: lastmod from %q (%s), want %q", d.URL.Loc, d.LastModFrom, d.LastModSource, want)
		}
	}
	if len(explained) != 2 {
		t.Errorf("--explain gave %d pages, want 2", len(explained))
	}
}
