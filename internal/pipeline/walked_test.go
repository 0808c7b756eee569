package pipeline

import (
	"context"
	"testing"

	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Result.Walked says whether the walk of the site's folder ended, the
// build's error aside: watch mode's watches were all told of then.
func TestResultWalked(t *testing.T) {
	opts := func(pages ...string) Options {
		return Options{Root: site(t, pages...), Map: mapping.Options{BaseURL: "https://example.com/"}, Write: writer.Options{Dir: t.TempDir()}}
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
		{"built", context.Background(), opts("index.html", "a/b/index.html"), true, false},
		{"no page", context.Background(), opts("a/b/notes.txt"), true, true},
		{"stopped", cancelled, opts("index.html", "a/b/index.html"), false, true},
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
