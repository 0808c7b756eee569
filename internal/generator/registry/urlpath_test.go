package registry_test

import (
	"fmt"
	"path"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// promisePages are the pages URLPath's promises are checked on, besides
// a tiny project's own files: paths and front matter values that climb,
// name another host or hold what a URL may not.
var promisePages = []generator.Page{
	{Path: "index.md"},
	{Path: "posts/a.md", Title: "A", Date: time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC), HasFrontMatter: true},
	{Path: "../outside.md"},
	{Path: "a/../../b.md"},
	{Path: "docs/x.md", URL: "../../../etc/passwd", HasFrontMatter: true},
	{Path: "docs/y.md", URL: "//evil.example/x/", HasFrontMatter: true},
	{Path: "docs/z.md", URL: "https://evil.example/x/", HasFrontMatter: true},
	{Path: "docs/p.md", Permalink: "/../../x/", HasFrontMatter: true},
	{Path: "docs/q.md", Permalink: "//evil.example/:title/", Title: "t", HasFrontMatter: true},
	{Path: "docs/s.md", Slug: "../../..", HasFrontMatter: true},
	{Path: "_posts/2024-01-02-x.md", Permalink: "/:categories/:year/:title/", Categories: []string{"..", "..", "x"}, HasFrontMatter: true},
	{Path: "content/blog/a b/Index.md", ID: "../../id", HasFrontMatter: true},
}

// urlPathProblems checks the promises of pre's URLPath, as the contract
// states them (generator.Preset), on pages: each answer starts with "/",
// never climbs above the site (no ".." segment), never names another
// host ("//host"; a scheme is refused as no path from the root), and is
// the same each time
// it is asked, from several goroutines at once (run under -race, a
// preset that writes its state unguarded fails). It returns what was
// broken, one line each.
func urlPathProblems(pre generator.Preset, pages []generator.Page) []string {
	type answer struct {
		path string
		ok   bool
	}
	first := make([]answer, len(pages))
	for i, p := range pages {
		u, ok := pre.URLPath(p)
		first[i] = answer{u, ok}
	}
	var mu sync.Mutex
	var problems []string
	say := func(format string, args ...any) {
		mu.Lock()
		problems = append(problems, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	for i, a := range first {
		if !a.ok {
			continue
		}
		p := pages[i]
		switch {
		case !strings.HasPrefix(a.path, "/"):
			say("URLPath(%+v) = %q: not a path from the site's root", p, a.path)
		case strings.HasPrefix(a.path, "//"):
			say("URLPath(%+v) = %q: another host", p, a.path)
		case path.Clean(a.path) == "/.." || strings.HasPrefix(path.Clean(a.path), "/../") || strings.Contains("/"+a.path+"/", "/../"):
			say("URLPath(%+v) = %q: climbs above the site", p, a.path)
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for i, p := range pages {
				if u, ok := pre.URLPath(p); u != first[i].path || ok != first[i].ok {
					say("URLPath(%+v) = %q, %v, then %q, %v: not stable", p, first[i].path, first[i].ok, u, ok)
				}
				pre.FileRules(p.Path)
			}
		})
	}
	wg.Wait()
	return problems
}

// wrongPreset is a preset that breaks one of URLPath's promises.
type wrongPreset struct {
	urlPath func(p generator.Page) (string, bool)
}

func (w *wrongPreset) URLPath(p generator.Page) (string, bool) { return w.urlPath(p) }
func (w *wrongPreset) FileRules(string) generator.FileRules    { return generator.FileRules{} }
func (w *wrongPreset) Rules() generator.Rules                  { return generator.Rules{Name: "wrong"} }

// TestURLPathProblems: a preset that climbs above the site, names
// another host, answers no path from the root, or answers differently
// each time fails the check the conformance test holds every preset to.
func TestURLPathProblems(t *testing.T) {
	calls := 0
	var mu sync.Mutex
	for name, f := range map[string]func(generator.Page) (string, bool){
		"climbs":       func(p generator.Page) (string, bool) { return "/" + p.Path, true },
		"another host": func(p generator.Page) (string, bool) { return "//evil.example/" + path.Base(p.Path), true },
		"a scheme":     func(p generator.Page) (string, bool) { return "https://evil.example/", true },
		"relative":     func(p generator.Page) (string, bool) { return "posts/a/", true },
		"unstable": func(p generator.Page) (string, bool) {
			mu.Lock()
			defer mu.Unlock()
			calls++
			return fmt.Sprintf("/p%d/", calls), true
		},
	} {
		if got := urlPathProblems(&wrongPreset{urlPath: f}, promisePages); len(got) == 0 {
			t.Errorf("a preset whose URLPath %s passes the check", name)
		}
	}
	right := &wrongPreset{urlPath: func(p generator.Page) (string, bool) {
		return "/" + strings.TrimSuffix(path.Base(p.Path), ".md") + "/", true
	}}
	if got := urlPathProblems(right, promisePages); len(got) != 0 {
		t.Errorf("a preset that keeps the promises fails the check: %q", got)
	}
}
