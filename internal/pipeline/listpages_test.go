package pipeline

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/hugo"
	"github.com/sitemapgen/sitemapgen/internal/generator/jekyll"
	"github.com/sitemapgen/sitemapgen/internal/generator/plain"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/uniq"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// TestJekyllLayoutRefused: a Jekyll page's layout, read for what the page
// lists, that is a FIFO, a link to /dev/zero or a link to a file outside
// the site's sources is not read: the build ends, with one warning naming
// the layout (the walk's, when it walks _layouts/ and finds it), and the
// page keeps its own date. (A FIFO hung the build,
// deaf to signals; /dev/zero was read until memory ran out; the file
// outside dated the page by the posts it named.)
func TestJekyllLayoutRefused(t *testing.T) {
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	outside := filepath.Join(t.TempDir(), "blog.html")
	if err := os.WriteFile(outside, []byte("SECRET-TOKEN {% for post in paginator.posts %}{% endfor %}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		plant func(t *testing.T, layout string)
		want  string
	}{
		{"fifo", func(t *testing.T, layout string) {
			if err := syscall.Mkfifo(layout, 0o644); err != nil {
				t.Fatal(err)
			}
		}, "not a regular file (a FIFO)"},
		{"dev zero", func(t *testing.T, layout string) {
			if err := os.Symlink("/dev/zero", layout); err != nil {
				t.Fatal(err)
			}
		}, "a symbolic link out of its folder"},
		{"outside", func(t *testing.T, layout string) {
			rel, err := filepath.Rel(filepath.Dir(layout), outside)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(rel, layout); err != nil {
				t.Fatal(err)
			}
		}, "a symbolic link out of its folder"},
	} {
		for _, walked := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/walked=%v", tc.name, walked), func(t *testing.T) {
				dir := t.TempDir()
				site := filepath.Join(dir, "_site")
				pc := &siteChanger{t: t, root: site}
				cc := &siteChanger{t: t, root: dir}
				for _, p := range []string{"index.html", "blog/index.html", "2026/04/26/new.html"} {
					pc.write(p, "<title>"+p+"</title>", day)
				}
				cc.write("_config.yml", "title: x\n", day)
				cc.write("index.md", "---\nlast_modified_at: 2026-01-01\n---\nHello\n", day)
				cc.write("blog/index.html", "---\nlayout: blog\nlast_modified_at: 2026-03-14\n---\n", day)
				cc.write("_posts/2026-04-26-new.md", "---\ntitle: new\n---\n", day)
				if err := os.MkdirAll(filepath.Join(dir, "_layouts"), 0o755); err != nil {
					t.Fatal(err)
				}
				tc.plant(t, filepath.Join(dir, "_layouts", "blog.html"))
				j, err := jekyll.Load(dir, limits.Default)
				if err != nil {
					t.Fatal(err)
				}
				exclude := []string{"_site"}
				if !walked {
					exclude = append(exclude, "_layouts")
				}
				var ev faultEvents
				opts := Options{
					Root: site, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: base, Now: day.AddDate(3, 0, 0)},
					Join:   &Sources{Dir: dir, Preset: j, Walk: walker.Options{Exclude: exclude}},
					Write:  writer.Options{DryRun: true},
					Report: ev.report(),
				}
				type result struct {
					res *Result
					err error
				}
				done := make(chan result, 1)
				go func() {
					res, err := Run(context.Background(), opts)
					done <- result{res, err}
				}()
				var r result
				select {
				case r = <-done:
				case <-time.After(20 * time.Second):
					t.Fatal("Run still running after 20s: the layout blocked it")
				}
				if r.err != nil {
					t.Fatal(r.err)
				}
				var said []string
				for _, w := range ev.warns {
					if strings.Contains(w, "_layouts/blog.html") {
						said = append(said, w)
					}
					if strings.Contains(w, "SECRET-TOKEN") {
						t.Errorf("a warning shows the file outside: %s", w)
					}
				}
				if len(said) != 1 || !strings.Contains(said[0], tc.want) {
					t.Errorf("warnings about the layout %q, want one that says %q (all: %q)", said, tc.want, ev.warns)
				}
				i := slices.Index(locs(r.res), base+"blog/")
				if i < 0 {
					t.Fatalf("no /blog/ in %q", locs(r.res))
				}
				if got := r.res.URLs.At(i).LastMod.Format(time.DateOnly); got != "2026-03-14" {
					t.Errorf("/blog/ dated %s, want its own 2026-03-14: the layout was read", got)
				}
			})
		}
	}
}

// TestHugoListShows: a Hugo list page is as new as the newest page it
// lists and links to in its own content, not in its menu, banner or
// footer, nor a page outside its list (issue 55). Links are read
// absolute, root-relative, relative and under a <base href>. Of those,
// the pages its _index.md's text links to, and its built page no more
// often, are no entries (a home's "I am [the author](/about/)"); a page
// its front matter names (an alias), its prose mentions as a word, or
// its template lists beside its text's link is one (helm.sh's
// docs/intro/; issue 86).
func TestHugoListShows(t *testing.T) {
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	const menu = `<header><nav><a href="/posts/">posts</a> <a href="/posts/new/">new</a></nav></header>`
	const list = `<ul><li><a href="/posts/new/">new</a></li><li><a href="/posts/old/">old</a></li></ul>`
	const seeNew = "---\ndate: 2024-01-01\n---\nSee [the new one](/posts/new/).\n"
	for _, tc := range []struct {
		name, home, posts string
		index             string // the home's _index.md; its date alone when empty
		wantHome          string
	}{
		{"own text", "<main><p>Welcome.</p></main>", `<a href="new/">new</a>`, "", "2024-01-01"},
		{"shows the section", `<main><a href="posts/">all posts</a></main>`, `<a href="new/">new</a>`, "", "2024-05-05"},
		{"section shows the old post", `<main><a href="https://example.com/posts/">all</a></main>`, `<a href="/posts/old/">old</a>`, "", "2024-02-02"},
		{"shows a post", `<main><a href="/posts/new/#top">new</a></main>`, "", "", "2024-05-05"},
		{"base href", `<base href="/posts/"><main><a href="new/">new</a></main>`, "", "", "2024-05-05"},
		{"another site", `<main><a href="https://other.example/posts/new/">new</a></main>`, "", "", "2024-01-01"},
		{"in the footer", `<main></main><footer><a href="/posts/new/">new</a></footer>`, "", "", "2024-01-01"},
		{"an alias", "<main>" + list + "</main>", "", "---\ndate: 2024-01-01\naliases: [/posts/new/]\n---\n", "2024-05-05"},
		{"a word", "<main><p>What is new?</p>" + list + "</main>", "", "---\ndate: 2024-01-01\n---\nWhat is new?\n", "2024-05-05"},
		{"its text's link", `<main><p>See <a href="/posts/new/">the new one</a>.</p><ul><li><a href="/posts/old/">old</a></li></ul></main>`, "", seeNew, "2024-02-02"},
		{"its text's link, listed too", `<main><p>See <a href="/posts/new/">the new one</a>.</p>` + list + "</main>", "", seeNew, "2024-05-05"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
			pc := &siteChanger{t: t, root: public}
			cc := &siteChanger{t: t, root: content}
			pc.write("index.html", "<title>home</title>"+menu+tc.home, day)
			pc.write("posts/index.html", "<title>posts</title>"+menu+"<main>"+tc.posts+"</main>", day)
			pc.write("posts/new/index.html", "<title>new</title>"+menu, day)
			pc.write("posts/old/index.html", "<title>old</title>"+menu, day)
			cc.write("_index.md", cmp.Or(tc.index, "---\ndate: 2024-01-01\n---\n"), day)
			cc.write("posts/new.md", "---\ndate: 2024-05-05\n---\n", day)
			cc.write("posts/old.md", "---\ndate: 2024-02-02\n---\n", day)
			if got := homeDay(t, runHugoJoin(t, dir, day)); got != tc.wantHome {
				t.Errorf("home dated %s, want %s", got, tc.wantHome)
			}
		})
	}
}

// TestHugoListSiteFrame: a theme's menu in a sidebar, an <aside> or a
// <div>, is the site's frame, no entry of a list (issue 86, the Hugo
// theme Stack): the pages the home shows link to the same page from the
// same place. Its /links/ (2024-09-09) is newer than every post; the
// home lists the posts, and /links/ only where its own markup does. A
// sidebar the home alone has is its own content. One page without the
// menu does not make it content, two do. In a language of two pages,
// the list pages the home shows are asked too. The posts' links to the
// previous and the next post, where the home lists the posts, differ
// from page to page: no menu.
func TestHugoListSiteFrame(t *testing.T) {
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	menu := func(el string) string {
		return "<" + el + ` class="sidebar"><ol class="menu"><li><a href="/">home</a></li>` +
			`<li><a href="/about/">about</a></li><li><a href="/links/">links</a></li></ol></` + el + ">"
	}
	list := func(keys ...string) string {
		var b strings.Builder
		b.WriteString(`<section class="article-list">`)
		for _, k := range keys {
			fmt.Fprintf(&b, `<article><h2><a href="/%s/">%s</a></h2></article>`, k, k)
		}
		return b.String() + "</section>"
	}
	dates := map[string]string{"about": "2024-01-05", "links": "2024-09-09", "posts/a": "2024-02-02", "posts/b": "2024-03-03"}
	for _, tc := range []struct {
		name, sidebar, home string
		bare                []string          // the pages built without the sidebar
		without             []string          // the pages the site does not have
		extra               map[string]string // more pages, by their dates
		mains               map[string]string // the pages' own content, where not text
		wantHome            string
	}{
		{name: "in a div", sidebar: "div", home: list("posts/a", "posts/b"), wantHome: "2024-03-03"},
		{name: "in an aside", sidebar: "aside", home: list("posts/a", "posts/b"), wantHome: "2024-03-03"},
		{name: "listed too", sidebar: "div", home: list("posts/a", "posts/b", "links"), wantHome: "2024-09-09"},
		{name: "the home's own", sidebar: "div", home: list("posts/a", "posts/b"), bare: []string{"about", "links", "posts/a", "posts/b"}, wantHome: "2024-09-09"},
		{name: "a page without it", sidebar: "div", home: list("posts/a", "posts/b"), bare: []string{"about"}, wantHome: "2024-03-03"},
		{name: "two pages without it", sidebar: "div", home: list("posts/a", "posts/b"), bare: []string{"about", "posts/a"}, wantHome: "2024-09-09"},
		{name: "a language of two pages", sidebar: "div", home: list("posts/a") + `<p><a href="/posts/">all posts</a></p>`, without: []string{"about", "posts/b"}, wantHome: "2024-02-02"},
		{
			name: "previous and next", sidebar: "div", home: list("posts/a", "posts/b", "posts/c", "posts/d"), without: []string{"about", "links"},
			extra:    map[string]string{"posts/c": "2024-04-04", "posts/d": "2024-02-25"},
			mains:    map[string]string{"posts/a": list("posts/b"), "posts/b": list("posts/a", "posts/c"), "posts/c": list("posts/b", "posts/d"), "posts/d": list("posts/c")},
			wantHome: "2024-04-04",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			pc := &siteChanger{t: t, root: filepath.Join(dir, "public")}
			cc := &siteChanger{t: t, root: filepath.Join(dir, "content")}
			page := func(k, main string) string {
				side := menu(tc.sidebar)
				if slices.Contains(tc.bare, k) {
					side = ""
				}
				return "<title>" + k + "</title>" + side + "<main>" + main + "</main>"
			}
			pc.write("index.html", page("", tc.home), day)
			pc.write("posts/index.html", page("posts", list("posts/a", "posts/b")), day)
			cc.write("_index.md", "---\ndate: 2024-01-01\n---\n", day)
			cc.write("posts/_index.md", "---\ndate: 2024-01-01\n---\n", day)
			all := maps.Clone(dates)
			maps.Copy(all, tc.extra)
			for k, date := range all {
				if !slices.Contains(tc.without, k) {
					pc.write(k+"/index.html", page(k, cmp.Or(tc.mains[k], "<article><p>Text.</p></article>")), day)
					cc.write(k+".md", "---\ndate: "+date+"\n---\n", day)
				}
			}
			if got := homeDay(t, runHugoJoin(t, dir, day)); got != tc.wantHome {
				t.Errorf("home dated %s, want %s", got, tc.wantHome)
			}
		})
	}
}

// lister is the preset of a generator whose list pages no source gives
// (generator.ListRules.Shown, as Hexo's): its sources are Plain's.
type lister struct{ plain.Preset }

func (lister) Rules() generator.Rules {
	return generator.Rules{Name: "lister", Pages: generator.PageRules{Lists: generator.ListRules{Shown: func(string) bool { return true }}}}
}

// TestShownLists: with a generator.ListRules.Shown preset, a built page no source
// gives is as new as the newest joined page its own content links to (not
// its menu, nor its sidebar), a list page below it that it links to as
// new as what that one shows (not one above it); one that shows none
// keeps its own date. Many list pages sharing the newest
// post's day are no build stamp to the lint.
func TestShownLists(t *testing.T) {
	old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC) // the files' times
	const menu = `<header><nav><a href="/b/">b</a></nav></header>`
	dir := t.TempDir()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	pc.write("index.html", "<title>home</title>"+menu+`<main><a href="/a/">a</a> <a href="b/">b</a></main>`, old)
	pc.write("tags/x/index.html", "<title>x</title>"+menu+`<main><a href="/a/">a</a></main><aside id="sidebar"><a href="/b/">b</a></aside>`, old)
	pc.write("archives/index.html", "<title>archives</title>"+menu+`<main><a href="/archives/x/">x</a></main>`, old)
	pc.write("archives/x/index.html", "<title>x</title>"+menu+`<main><a href="/archives/">all</a> <a href="/a/">a</a></main>`, old)
	pc.write("archives/y/index.html", "<title>y</title>"+menu+`<main><a href="/archives/">all</a> <a href="/">home</a></main>`, old)
	pc.write("page/2/index.html", "<title>2</title>"+menu+"<main><p>Nothing.</p></main>", old)
	for i := range 24 { // list pages that show the newest post
		pc.write(fmt.Sprintf("archives/%d/index.html", i), `<title>n</title><main><a href="/b/">b</a></main>`, old)
	}
	pc.write("a/index.html", "<title>a</title>"+menu, old)
	pc.write("b/index.html", "<title>b</title>"+menu, old)
	cc.write("a.md", "---\ndate: 2024-02-02\n---\n", old)
	cc.write("b.md", "---\ndate: 2024-05-05\n---\n", old)
	var warnings []string
	opts := Options{
		Root: public, Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/", Now: old.AddDate(5, 0, 0)},
		Join:  &Sources{Dir: content, Preset: lister{}},
		Write: writer.Options{DryRun: true},
	}
	opts.Report.Warn = func(path string, err error) { warnings = append(warnings, err.Error()) }
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for i := range res.URLs.Len() {
		u := res.URLs.At(i)
		got[u.Loc] = u.LastMod.Format(time.DateOnly)
	}
	for loc, want := range map[string]string{
		"https://example.com/":            "2024-05-05",
		"https://example.com/tags/x/":     "2024-02-02", // not its menu's b, nor its sidebar's
		"https://example.com/archives/":   "2024-02-02", // as new as archives/x/, below it, which it shows
		"https://example.com/archives/y/": "2020-01-01", // not as new as the pages above it
		"https://example.com/archives/7/": "2024-05-05",
		"https://example.com/page/2/":     "2020-01-01", // shows none: its own date
	} {
		if got[loc] != want {
			t.Errorf("%s: lastmod %q, want %s", loc, got[loc], want)
		}
	}
	for _, w := range warnings {
		if strings.Contains(w, "look like build times") {
			t.Errorf("the list pages' dates taken for build times: %s", w)
		}
	}
}

// TestHugoListShowsEncodedURL: a post whose url: is written
// percent-encoded (url: /%d0%ba/) is built in a folder of that literal
// name, and the list page links it as written: the link names the post's
// file (a server would decode it to another path), so the list page is
// as new as that post, as Hugo dates it (blog.mgechev.com's term pages).
func TestHugoListShowsEncodedURL(t *testing.T) {
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	dir := t.TempDir()
	public, content := filepath.Join(dir, "public"), filepath.Join(dir, "content")
	pc := &siteChanger{t: t, root: public}
	cc := &siteChanger{t: t, root: content}
	pc.write("index.html", "<title>home</title><main><p>Welcome.</p></main>", day)
	pc.write("posts/index.html", `<title>posts</title><main><a href="/%d0%ba/">ку</a> <a href="/%D0%9A/">К</a></main>`, day)
	pc.write("%D0%9A/index.html", "<title>К</title>", day)
	pc.write("%d0%ba/index.html", "<title>ку</title>", day)
	cc.write("_index.md", "---\ndate: 2024-01-01\n---\n", day)
	cc.write("posts/ku.md", "---\ndate: 2024-06-06\nurl: /%d0%ba/\n---\n", day)
	cc.write("posts/KU.md", "---\ndate: 2024-07-07\nurl: /%D0%9A/\n---\n", day)
	res := runHugoJoin(t, dir, day)
	got := map[string]string{}
	for i := range res.URLs.Len() {
		u := res.URLs.At(i)
		got[u.Loc] = ""
		if !u.LastMod.IsZero() {
			got[u.Loc] = u.LastMod.Format(time.DateOnly)
		}
	}
	want := map[string]string{
		"https://example.com/":            "2024-01-01",
		"https://example.com/posts/":      "2024-07-07", // the newer post, linked in capitals
		"https://example.com/%25D0%259A/": "2024-07-07",
		"https://example.com/%25d0%25ba/": "2024-06-06",
	}
	if !maps.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// homeDay is the day of the lastmod of res's home page,
// https://example.com/.
func homeDay(t *testing.T, res *Result) string {
	t.Helper()
	i := slices.Index(locs(res), "https://example.com/")
	if i < 0 {
		t.Fatalf("no home page in %q", locs(res))
	}
	return res.URLs.At(i).LastMod.Format(time.DateOnly)
}

// runHugoJoin builds dir/public joined to the Hugo project dir's
// content/, a dry run, its pages' heads read, at three years after day.
func runHugoJoin(t *testing.T, dir string, day time.Time) *Result {
	t.Helper()
	hugo, err := hugo.Load(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{
		Root: filepath.Join(dir, "public"), Heads: Heads{Read: true}, Map: mapping.Options{BaseURL: "https://example.com/", Now: day.AddDate(3, 0, 0)},
		Join:  &Sources{Dir: filepath.Join(dir, "content"), Preset: hugo},
		Write: writer.Options{DryRun: true},
	}
	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestMatchRoute: a page of a route with a parameter is made from data,
// no list page; its pattern takes one element for a parameter, any
// number for a rest parameter (none too).
func TestMatchRoute(t *testing.T) {
	routes := routePatterns{{"blog", "[p]"}, {"docs", "[...p]"}, {"[p]", "about"}}
	for u, want := range map[string]bool{
		"/blog/a/": true, "/blog/a/b/": false, "/blog/": false,
		"/docs/": true, "/docs/a/b/c": true, "/doc/": false,
		"/x/about/": true, "/about/": false, "/": false,
	} {
		if got := routes.match(u); got != want {
			t.Errorf("match(%q) = %v, want %v", u, got, want)
		}
	}
}

// TestEntries: of the pages a list page shows, its entries are those it
// links to from a place of its markup that links to two pages or more,
// whatever their URLs' folders (an entry alone in a folder among the
// others: the Astro and Docusaurus lists of issue 86), and the pages of
// their kind (a featured post above the list); a page of another kind
// linked only from a place of its own is none (a link in a post's
// excerpt), unless no place links to two. A list page it shows stays.
func TestEntries(t *testing.T) {
	pages := map[string]*listedPage{}
	for _, k := range []string{"2024/05/01/a", "2023/12/02/b", "about", "docs/setup", "blog/x", "blog/y", "blog/guides/z",
		"2024/03/01/c", "2024/02/01/b", "2024/01/01/a", "posts/hero", "posts/x", "posts/y"} {
		pages[k] = &listedPage{}
	}
	h := &listSet{pages: pages}
	for _, c := range []struct {
		name, links, want string // links: key@place
	}{
		{"an entry alone in its folder", "blog/x@1 blog/y@1 blog/guides/z@1", "blog/x blog/y blog/guides/z"},
		{"a link in an excerpt", "blog/x@1 blog/y@1 docs/setup@2", "blog/x blog/y"},
		{"a list page stays", "2024/05/01/a@1 2023/12/02/b@1 about@2 tags/x@3", "2024/05/01/a 2023/12/02/b tags/x"},
		{"an excerpt links to an entry", "blog/x@1 blog/y@2 blog/y@1 docs/setup@3", "blog/x blog/y"},
		{"title and image of one entry", "blog/x@1 blog/x@4 about@2", "blog/x about"}, // no place with two pages
		{"one entry and an excerpt", "2024/05/01/a@1 about@2", "2024/05/01/a about"},
		// The newest post featured above the list, in markup of its own
		// (a Jekyll home's hero for site.posts.first; the Next.js blog
		// starter's heroPost above MoreStories).
		{"a featured entry", "2024/03/01/c@5 2024/02/01/b@1 2024/01/01/a@1 about@2", "2024/03/01/c 2024/02/01/b 2024/01/01/a"},
		{"a featured post", "posts/hero@7 posts/x@1 posts/y@1 docs/setup@2", "posts/hero posts/x posts/y"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var links []shownLink
			for _, f := range strings.Fields(c.links) {
				k, place, _ := strings.Cut(f, "@")
				n, err := strconv.ParseUint(place, 10, 64)
				if err != nil {
					t.Fatal(err)
				}
				links = append(links, shownLink{k, n})
			}
			if got := strings.Join(h.entries(linkKeys(links), links), " "); got != c.want {
				t.Errorf("entries(%s) = %s, want %s", c.links, got, c.want)
			}
		})
	}
}

// TestAddTermsWork: the terms of a page, as many as its front matter
// lists, are each looked up once in a set of those it has: a search of
// its list made two pages of 40,000 tags each cost 11 s (issue 99). Each
// costs at most uniq.Few+1 compares, whatever n; the page is on each
// term's list once, under the spelling met first.
func TestAddTermsWork(t *testing.T) {
	for _, n := range []int{2000, 4000} {
		var lists []string
		for i := range n {
			lists = append(lists, fmt.Sprintf("/tags/t%d/", i), fmt.Sprintf("/tags/T%d/", i/2))
		}
		sc := sectionScan{terms: map[string]bool{}}
		p := &listedPage{}
		stop := uniq.Count()
		sc.addTerms(p, "/fr", lists)
		compared := stop()
		if p.terms.Len() != n || len(sc.terms) != n || !p.terms.Has("/fr/tags/t1/") {
			t.Errorf("n=%d: the page is on %d terms (%d in the scan), want %d", n, p.terms.Len(), len(sc.terms), n)
		}
		if items := int64(2 * n); compared < int64(n) || compared > items*(uniq.Few+1) {
			t.Errorf("n=%d: %d strings compared for %d terms, want between %d and %d", n, compared, items, n, items*(uniq.Few+1))
		}
	}
}
