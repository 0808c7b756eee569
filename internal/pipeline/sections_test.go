package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// A page goes to the first section one of whose globs matches its path;
// a section without pages warns, and in a Session once, until a page
// falls into it and it empties again.
func TestSections(t *testing.T) {
	root, out := t.TempDir(), t.TempDir()
	c := &siteChanger{t: t, root: root}
	write := func(rel string) string {
		c.write(rel, "<title>"+rel+"</title>", time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC))
		return filepath.Join(root, filepath.FromSlash(rel))
	}
	write("index.html")
	write("blog/a.html")
	write("blog/b/index.html")
	var warns []string
	opts := Options{
		Root:     root,
		Heads:    Heads{Read: true},
		Map:      mapping.Options{BaseURL: "https://example.com/"},
		Write:    writer.Options{Dir: out},
		Sections: []Section{{"deep", []string{"blog/*/index.html"}}, {"blog", []string{"blog/**"}}, {"news", []string{"news/**"}}},
		Report:   Report{Warn: func(_ string, err error) { warns = append(warns, err.Error()) }},
	}
	s, _, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	shards := func() []string {
		var names []string
		ents, _ := os.ReadDir(out)
		for _, e := range ents {
			name := e.Name()
			if strings.HasPrefix(name, "sitemap-") {
				names = append(names, name[:strings.LastIndexByte(name, '-')])
			}
		}
		slices.Sort(names)
		return names
	}
	if got := shards(); !slices.Equal(got, []string{"sitemap-1", "sitemap-blog-1", "sitemap-deep-1"}) {
		t.Errorf("shards %v", got)
	}
	empty := `section "news": no listed page matches its include globs; it has no sitemap file`
	check := func(step string, want []string) {
		t.Helper()
		if !slices.Equal(warns, want) {
			t.Errorf("%s: warnings %q, want %q", step, warns, want)
		}
		warns = nil
	}
	check("start", []string{empty})
	if _, err := s.Update(context.Background(), []string{write("about.html")}, nil); err != nil {
		t.Fatal(err)
	}
	check("a page elsewhere", nil)
	news := write("news/n.html")
	if _, err := s.Update(context.Background(), []string{news}, nil); err != nil {
		t.Fatal(err)
	}
	check("a page in the section", nil)
	if got := shards(); !slices.Contains(got, "sitemap-news-1") {
		t.Errorf("shards %v, want news'", got)
	}
	os.Remove(news)
	if _, err := s.Update(context.Background(), []string{news}, nil); err != nil {
		t.Fatal(err)
	}
	check("the section emptied", []string{empty})
	sameAsRun(t, "the section emptied", opts, out)
}
