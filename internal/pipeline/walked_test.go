package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Result.Walked says whether the walk of the site's folder ended, the
// build's error aside: watch mode's watches were all told of then.
func TestResultWalked(t *testing.T) {
	site := func(pages ...string) Options {
		root := t.TempDir()
		for _, p := range pages {
			full := filepath.Join(root, p)
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, []byte("<title>x</title>"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return Options{Root: root, Map: mapping.Options{BaseURL: "https://example.com/"}, Write: writer.Options{Dir: t.TempDir()}}
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name    string
		ctx     context.Context
		opts    Options
		walked  bool
		failing bool
	}{
		{"built", context.Background(), site("index.html", "a/b/index.html"), true, false},
		{"no page", context.Background(), site("a/b/notes.txt"), true, true},
		{"stopped", cancelled, site("index.html", "a/b/index.html"), false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := Run(c.ctx, c.opts)
			if (err != nil) != c.failing {
				t.Fatalf("Run: %v", err)
			}
			if res == nil || res.Walked != c.walked {
				t.Errorf("Walked = %v, want %v", res != nil && res.Walked, c.walked)
			}
		})
	}
}
