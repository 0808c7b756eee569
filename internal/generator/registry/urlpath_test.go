package registry_test

import (
	"fmt"
	"path"
	"reflect"
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
// the same each time it is asked. Its first calls come from several
// goroutines at once, as the walk's do, each asking every page (its
// FileRules, URLPath and the hooks the walk asks of a source) from a
// place of its own in the list; only then is each page asked again in
// sequence. A preset whose state is written unguarded (a cache filled
// by its first calls) fails under -race, and so does one that answers
// differently while it fills. It returns what was broken, one line each.
func urlPathProblems(pre generator.Preset, pages []generator.Page) []string {
	const callers = 4
	r := generator.RulesOf(pre)
	at := make([][]answer, callers)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for c := range callers {
		wg.Go(func() {
			<-start
			got := make([]answer, len(pages))
			for k := range pages {
				i := (k + c*len(pages)/callers) % len(pages)
				got[i] = askWalk(pre, r, pages[i])
			}
			at[c] = got
		})
	}
	close(start)
	wg.Wait()
	var problems []string
	say := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	for i, p := range pages {
		a := askWalk(pre, r, p)
		for c := range callers {
			if at[c][i] != a {
				say("URLPath(%s) = %q, %v from one of several goroutines at once, then %q, %v: not stable", show(p), at[c][i].path, at[c][i].ok, a.path, a.ok)
				break
			}
		}
		if !a.ok {
			continue
		}
		switch {
		case !strings.HasPrefix(a.path, "/"):
			say("URLPath(%s) = %q: not a path from the site's root", show(p), a.path)
		case strings.HasPrefix(a.path, "//"):
			say("URLPath(%s) = %q: another host", show(p), a.path)
		case path.Clean(a.path) == "/.." || strings.HasPrefix(path.Clean(a.path), "/../") || strings.Contains("/"+a.path+"/", "/../"):
			say("URLPath(%s) = %q: climbs above the site", show(p), a.path)
		}
	}
	return problems
}

// show returns p as a message shows it: its path alone when nothing
// else is set.
func show(p generator.Page) string {
	if reflect.DeepEqual(p, generator.Page{Path: p.Path}) {
		return p.Path
	}
	return fmt.Sprintf("%+v", p)
}

// An answer is what URLPath said of a page.
type answer struct {
	path string
	ok   bool
}

// askWalk asks pre of the source p what the walk's goroutines ask (its
// FileRules, its URLPath, and its rules r's hooks of a source), and
// returns what URLPath said.
func askWalk(pre generator.Preset, r generator.Rules, p generator.Page) answer {
	pre.FileRules(p.Path)
	u, ok := pre.URLPath(p)
	if f := r.Pages.Data; f != nil {
		f(p.Path)
	}
	if tr := r.Hooks.Translator; tr != nil {
		tr.Translation(p.Path, "")
	}
	if inc := r.Hooks.Includer; inc != nil {
		inc.Includes(p.Path, p.Path, []byte(".. include:: other.rst\n"))
	}
	return answer{u, ok}
}

// wrongPreset is a preset that breaks one of URLPath's promises.
type wrongPreset struct {
	urlPath func(p generator.Page) (string, bool)
}

func (w *wrongPreset) URLPath(p generator.Page) (string, bool) { return w.urlPath(p) }
func (w *wrongPreset) FileRules(string) generator.FileRules    { return generator.FileRules{} }
func (w *wrongPreset) Rules() generator.Rules                  { return generator.Rules{Name: "wrong"} }

// lazyPreset is a preset that fills a cache at its first call without
// a lock, as a preset that breaks only under -race would: a call that
// comes while the first is filling it finds it empty and answers wrong.
// Its first call waits for a second one, up to a deadline, so that a
// check whose first calls come from several goroutines at once finds it
// whatever the scheduling; asked once in sequence first, it answers
// right ever after, which a check that warms it first cannot tell from
// a sound preset.
type lazyPreset struct {
	wrongPreset
	mu      sync.Mutex
	calls   int
	filling bool
	once    sync.Once
	second  chan struct{}
}

func (l *lazyPreset) URLPath(p generator.Page) (string, bool) {
	l.mu.Lock()
	l.calls++
	first, filling := l.calls == 1, l.filling
	l.filling = l.filling || first
	l.mu.Unlock()
	switch {
	case first:
		select {
		case <-l.second:
		case <-time.After(10 * time.Second):
		}
		l.mu.Lock()
		l.filling = false
		l.mu.Unlock()
	case filling:
		l.once.Do(func() { close(l.second) })
		return "/empty-cache/", true
	}
	return l.wrongPreset.URLPath(p)
}

// TestURLPathProblems: a preset that climbs above the site, names
// another host, answers no path from the root, answers differently each
// time, or answers wrong when its first calls come at once fails the
// check the conformance test holds every preset to.
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
	lazy := &lazyPreset{wrongPreset: *right, second: make(chan struct{})}
	if got := urlPathProblems(lazy, promisePages); len(got) == 0 {
		t.Error("a preset whose cache is filled unguarded at its first call passes the check: the check asks in sequence before it asks at once")
	}
	if got := urlPathProblems(right, promisePages); len(got) != 0 {
		t.Errorf("a preset that keeps the promises fails the check: %q", got)
	}
}
