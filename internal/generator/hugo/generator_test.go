package hugo

import (
	"fmt"
	"testing"
	"testing/fstest"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

func TestNames(t *testing.T) {
	for _, tt := range []struct {
		p    generator.Preset
		want string
	}{{&Preset{}, "hugo"}} {
		if got := tt.p.Rules().Name; got != tt.want {
			t.Errorf("Name() = %q, want %q", got, tt.want)
		}
	}
}

func TestHugoSanitize(t *testing.T) {
	// Observed with Hugo 0.111.3's urlize (TestHugoURLize runs the real
	// thing when hugo is installed).
	tests := map[string]string{
		"a - b":          "a-b",
		"a--b":           "a--b",
		"a -- b":         "a--b",
		"user@host":      "user@host",
		"Hello, World!":  "Hello-World",
		"50% off":        "50-off",
		"a%20b":          "a%20b",
		"C++ & C#":       "C++-C#",
		"  lead":         "lead",
		"tail  ":         "tail",
		"a_b.c~d":        "a_b.c~d",
		"It's a “quote”": "Its-a-quote",
		"中文 标题":          "中文-标题",
		"Ⅻ roman":        "roman",
		"x/y":            "x/y",
	}
	for in, want := range tests {
		if got := hugoSanitize(in); got != want {
			t.Errorf("hugoSanitize(%q) = %q, want %q", in, got, want)
		}
	}
}

func ExamplePreset_URLPath() {
	h := &Preset{Permalinks: map[string]string{"posts": "/:year/:month/:slug/"}}
	date := time.Date(2024, time.March, 5, 10, 0, 0, 0, time.UTC)
	for _, p := range []generator.Page{
		{Path: "_index.md"},
		{Path: "about.md"},
		{Path: "docs/_index.md"},
		{Path: "docs/Getting Started.md"},
		{Path: "posts/hello.md", Title: "Hello, World!", Date: date},
		{Path: "posts/other.md", Slug: "custom", Date: date},
		{Path: "posts/moved.md", URL: "/elsewhere/"},
		{Path: "styles.css"},
	} {
		u, ok := h.URLPath(p)
		fmt.Printf("%-24s %-24q %v\n", p.Path, u, ok)
	}
	// Output:
	// _index.md                "/"                      true
	// about.md                 "/about/"                true
	// docs/_index.md           "/docs/"                 true
	// docs/Getting Started.md  "/docs/getting-started/" true
	// posts/hello.md           "/2024/03/hello-world/"  true
	// posts/other.md           "/2024/03/custom/"       true
	// posts/moved.md           "/elsewhere/"            true
	// styles.css               ""                       false
}

func BenchmarkURLPath(b *testing.B) {
	h := &Preset{Content: fstest.MapFS{"posts/_index.md": {}}, Permalinks: map[string]string{"posts": "/:year/:month/:slug/"}}
	date := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
	for _, bc := range []struct {
		name string
		p    generator.Preset
		page generator.Page
	}{
		{"hugo", h, generator.Page{Path: "posts/some-post.md", Title: "Some Post Title", Date: date}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bc.p.URLPath(bc.page)
			}
		})
	}
}

// TestConcurrentURLPath runs the presets from several goroutines, for
// the race detector: Hugo caches what it reads of the content folder,
// and both cache compiled patterns.
func TestConcurrentURLPath(t *testing.T) {
	h := &Preset{
		Content:    fstest.MapFS{"posts/trip/index.md": {}, "docs/_index.md": {}, "docs/a/_index.md": {}},
		Permalinks: map[string]string{"docs": "/:sections/:filename/"},
	}
	pages := []generator.Page{
		{Path: "posts/trip/index.md"}, {Path: "posts/trip/x.md"}, {Path: "docs/a/b.md"}, {Path: "docs/a/_index.md"},
	}
	want := map[string]string{}
	for _, p := range pages {
		want[p.Path], _ = h.URLPath(p)
	}
	h.Changed([]string{"posts/trip/index.md", "docs"})
	done := make(chan bool)
	for range 8 {
		go func() {
			defer func() { done <- true }()
			for range 50 {
				for _, p := range pages {
					if got, _ := h.URLPath(p); got != want[p.Path] {
						t.Errorf("%s: %q, want %q", p.Path, got, want[p.Path])
						return
					}
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
}
