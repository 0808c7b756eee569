package generator

import (
	"fmt"
	"testing"
	"testing/fstest"
	"time"
)

func TestNames(t *testing.T) {
	for _, tt := range []struct {
		p    Preset
		want string
	}{{&Hugo{}, "hugo"}, {&Jekyll{}, "jekyll"}} {
		if got := tt.p.Name(); got != tt.want {
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

func ExampleHugo_URLPath() {
	h := &Hugo{Permalinks: map[string]string{"posts": "/:year/:month/:slug/"}}
	date := time.Date(2024, time.March, 5, 10, 0, 0, 0, time.UTC)
	for _, p := range []Page{
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

func ExampleJekyll_URLPath() {
	j := &Jekyll{
		Permalink:   "date",
		Timezone:    "UTC",
		Collections: map[string]Collection{"recipes": {Output: true}},
	}
	for _, p := range []Page{
		{Path: "_posts/2024-01-02-hello.md", HasFrontMatter: true},
		{Path: "blog/_posts/2024-01-02-hello.md", HasFrontMatter: true, Categories: []string{"News"}},
		{Path: "about.md", HasFrontMatter: true},
		{Path: "docs/index.md", HasFrontMatter: true},
		{Path: "contact.md", HasFrontMatter: true, Permalink: "/contact/"},
		{Path: "_recipes/pasta.md", HasFrontMatter: true},
		{Path: "README.md"},
		{Path: "_drafts/idea.md", HasFrontMatter: true, ModTime: time.Date(2024, 3, 4, 12, 0, 0, 0, time.UTC)},
	} {
		u, ok := j.URLPath(p)
		fmt.Printf("%-32s %-38q %v\n", p.Path, u, ok)
	}
	// Output:
	// _posts/2024-01-02-hello.md       "/2024/01/02/hello.html"               true
	// blog/_posts/2024-01-02-hello.md  "/blog/news/2024/01/02/hello.html"     true
	// about.md                         "/about.html"                          true
	// docs/index.md                    "/docs/"                               true
	// contact.md                       "/contact/"                            true
	// _recipes/pasta.md                "/recipes/pasta.html"                  true
	// README.md                        ""                                     false
	// _drafts/idea.md                  "/2024/03/04/idea.html"                true
}

func BenchmarkURLPath(b *testing.B) {
	h := &Hugo{Content: fstest.MapFS{"posts/_index.md": {}}, Permalinks: map[string]string{"posts": "/:year/:month/:slug/"}}
	j := &Jekyll{Permalink: "date", Timezone: "UTC", Exclude: jekyllDefaultExcludes}
	date := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
	for _, bc := range []struct {
		name string
		p    Preset
		page Page
	}{
		{"hugo", h, Page{Path: "posts/some-post.md", Title: "Some Post Title", Date: date}},
		{"jekyll-post", j, Page{Path: "blog/_posts/2024-01-02-some-post.md", HasFrontMatter: true}},
		{"jekyll-page", j, Page{Path: "docs/guide/page.md", HasFrontMatter: true}},
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
	h := &Hugo{
		Content:    fstest.MapFS{"posts/trip/index.md": {}, "docs/_index.md": {}, "docs/a/_index.md": {}},
		Permalinks: map[string]string{"docs": "/:sections/:filename/"},
	}
	j := &Jekyll{Permalink: "/:categories/:year/:title/", Timezone: "Asia/Tokyo", Exclude: []string{"*.tmp"}}
	pages := []Page{
		{Path: "posts/trip/index.md"}, {Path: "posts/trip/x.md"}, {Path: "docs/a/b.md"}, {Path: "docs/a/_index.md"},
		{Path: "_posts/2024-01-02-x.md", HasFrontMatter: true}, {Path: "a/b.tmp", HasFrontMatter: true},
	}
	want := map[string]string{}
	for _, p := range pages {
		u1, _ := h.URLPath(p)
		u2, _ := j.URLPath(p)
		want[p.Path] = u1 + " " + u2
	}
	h.Invalidate()
	done := make(chan bool)
	for range 8 {
		go func() {
			defer func() { done <- true }()
			for range 50 {
				for _, p := range pages {
					u1, _ := h.URLPath(p)
					u2, _ := j.URLPath(p)
					if got := u1 + " " + u2; got != want[p.Path] {
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
