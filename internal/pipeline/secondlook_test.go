package pipeline

import (
	"context"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestSecondLookCounts: the second look over a folder of pages and the
// generator's sitemap, not joined. It lists a.html (dated), b.html (a
// date of its own differs: b's head), gone.html, which no file serves,
// and the redirect stub old.html; it leaves out c.html and the pager
// blog/page/2/. The summary's counts: 2 compared, b's own date kept, one
// URL no page has (the stub is a page found), the pager a list page, c
// named in the one warning. The next build, which reads what was kept of
// the generator's sitemap, counts the same.
func TestSecondLookCounts(t *testing.T) {
	root := pages(t, map[string]string{
		"a.html":                 "<title>a</title>",
		"b.html":                 `<title>b</title><meta property="article:modified_time" content="2024-05-05T00:00:00Z">`,
		"c.html":                 "<title>c</title>",
		"old.html":               `<meta http-equiv="refresh" content="0; url=/a.html">`,
		"blog/page/2/index.html": "<title>2</title>",
		"sitemap.xml": urlset(base+"a.html 2024-01-01", base+"b.html 2024-02-02", base+"gone.html 2024-03-03",
			base+"old.html 2024-03-03"),
	})
	opts := Options{Root: root, Heads: Heads{Read: true}, GeneratorSitemaps: func(name string) bool { return name == "sitemap.xml" },
		Map: mapping.Options{LastMod: []mapping.LastModSource{mapping.LastModMeta, mapping.LastModSitemap}, Now: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}}
	for _, step := range []string{"the generator's sitemap", "kept"} {
		res, ev, err := run(t, opts)
		if err != nil {
			t.Fatal(err)
		}
		s := res.SecondLook
		if s == nil {
			t.Fatalf("%s: no second look", step)
		}
		want := SecondLook{Generator: "the generator", Compared: 2, Kept: 1, Taken: 1, NoPage: 1, Lists: 1, LeftOut: []string{"c.html"}}
		if s.Generator != want.Generator || s.Compared != want.Compared || s.Kept != want.Kept || s.Taken != want.Taken || s.NoPage != want.NoPage ||
			s.Lists != want.Lists || s.Late != 0 || s.Drafts != 0 || !slices.Equal(s.LeftOut, want.LeftOut) {
			t.Errorf("%s: %+v, want %+v", step, *s, want)
		}
		var named []string
		for _, w := range ev.warns {
			if strings.Contains(w, "own sitemap leaves out") {
				named = append(named, w)
			}
		}
		if len(named) != 1 || !strings.Contains(named[0], "1 page listed that the generator's own sitemap leaves out: c.html;") {
			t.Errorf("%s: warnings %q, want one naming c.html", step, ev.warns)
		}
		if got := lastMods(res); got[base+"a.html"] != "2024-01-01" || got[base+"b.html"] != "2024-05-05" {
			t.Errorf("%s: lastmods %v: want a's of the generator's sitemap, b's own", step, got)
		}
	}
}

// TestSecondLookNone: without the generator's sitemap, or one that lists
// none of the pages (another base path), the second look compares
// nothing and says nothing.
func TestSecondLookNone(t *testing.T) {
	for name, files := range map[string]map[string]string{
		"none":         {"a.html": "<title>a</title>"},
		"another base": {"a.html": "<title>a</title>", "sitemap.xml": urlset("https://example.com/en/latest/a.html 2024-01-01")},
	} {
		root := pages(t, files)
		res, ev, err := run(t, Options{Root: root, Heads: Heads{Read: true}, GeneratorSitemaps: func(name string) bool { return name == "sitemap.xml" }})
		if err != nil {
			t.Fatal(err)
		}
		if res.SecondLook != nil || len(ev.warns) > 0 {
			t.Errorf("%s: %+v, warnings %q", name, res.SecondLook, ev.warns)
		}
	}
}

// TestSecondLookLate: rule R1 on a built folder that git ignores, not
// joined, whose generator's sitemap dates a.html before the last commit
// (2024-05-02), b.html within the day after it, and c.html a month
// after it: a build's time (as jekyll-sitemap's, Hexo's or
// next-sitemap's dates often are). In the work tree c's date is passed
// over, counted, and --explain says why; a and b take theirs. Copied out
// of git, or in a shallow clone (whose history may not reach the pages),
// R1 passes nothing over: c takes its date too.
func TestSecondLookLate(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	built := func(dir string) string {
		dist := filepath.Join(dir, "dist")
		for name, content := range map[string]string{
			"a.html": "<title>a</title>", "b.html": "<title>b</title>", "c.html": "<title>c</title>",
			"sitemap.xml": urlset(base+"a.html 2024-04-20", base+"b.html 2024-05-02T20:00:00Z", base+"c.html 2024-06-01"),
		} {
			if err := os.MkdirAll(dist, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dist, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dist
	}
	if err := os.WriteFile(filepath.Join(repo, ".gitignore"), []byte("/dist/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitRun(t, repo, "2024-05-01T00:00:00Z", "init", "-q")
	for _, date := range []string{"2024-05-01T00:00:00Z", "2024-05-02T00:00:00Z"} {
		if err := os.WriteFile(filepath.Join(repo, "src.md"), []byte(date), 0o644); err != nil {
			t.Fatal(err)
		}
		gitRun(t, repo, date, "add", "-A")
		gitRun(t, repo, date, "commit", "-q", "-m", date)
	}
	shallow := filepath.Join(t.TempDir(), "shallow")
	gitRun(t, repo, "2024-05-02T00:00:00Z", "clone", "-q", "--depth", "1", "file://"+repo, shallow)

	for _, tt := range []struct {
		name, dir string
		late      bool
	}{
		{"in git", repo, true},
		{"out of git", t.TempDir(), false},
		{"shallow clone", shallow, false},
	} {
		dist := built(tt.dir)
		opts := Options{Root: dist, Heads: Heads{Read: true}, Write: writer.Options{Dir: dist},
			GeneratorSitemaps: func(name string) bool { return name == "sitemap.xml" },
			Map: mapping.Options{BaseURL: base, LastMod: []mapping.LastModSource{mapping.LastModGit, mapping.LastModSitemap},
				Now: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}}
		explain := opts
		explain.Explain = []string{"c.html"}
		var entry string
		explain.Report.Explain = func(x Explanation) { entry = x.Generator }
		if _, err := Run(context.Background(), explain); err != nil {
			t.Fatal(err)
		}
		res, _, err := run(t, opts)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{base + "a.html": "2024-04-20", base + "b.html": "2024-05-02", base + "c.html": "2024-06-01"}
		late := 0
		if tt.late {
			want[base+"c.html"], late = "none", 1
		}
		if got := lastMods(res); !maps.Equal(got, want) {
			t.Errorf("%s: lastmods %v, want %v", tt.name, got, want)
		}
		if s := res.SecondLook; s == nil || s.Late != late || s.Taken != 3-late {
			t.Errorf("%s: second look %+v, want %d passed over, %d taken", tt.name, s, late, 3-late)
		}
		said := strings.Contains(entry, "lastmod 2024-06-01T00:00:00Z, passed over: more than a day after the last commit (2024-05-02T00:00:00Z), a build's time")
		if said != tt.late {
			t.Errorf("%s: --explain c.html says %q", tt.name, entry)
		}
	}
}
